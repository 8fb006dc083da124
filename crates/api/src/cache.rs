//! A small time-to-live cache for values that may be a few seconds stale: the store currency
//! and list totals. Each `serve` process keeps its own, so with several processes a change
//! shows everywhere within one TTL. A zero TTL turns caching off (the tests use that).

use std::collections::HashMap;
use std::hash::Hash;
use std::sync::Mutex;
use std::time::{Duration, Instant};

pub struct TtlCache<K, V> {
    ttl: Duration,
    capacity: usize,
    entries: Mutex<HashMap<K, (Instant, V)>>,
}

impl<K: Eq + Hash, V: Clone> TtlCache<K, V> {
    pub fn new(ttl: Duration, capacity: usize) -> Self {
        Self {
            ttl,
            capacity,
            entries: Mutex::new(HashMap::new()),
        }
    }

    /// The cached value if it is younger than the TTL.
    pub fn get(&self, key: &K) -> Option<V> {
        if self.ttl.is_zero() {
            return None;
        }
        let entries = self.entries.lock().unwrap_or_else(|p| p.into_inner());
        entries
            .get(key)
            .filter(|(at, _)| at.elapsed() < self.ttl)
            .map(|(_, v)| v.clone())
    }

    pub fn put(&self, key: K, value: V) {
        if self.ttl.is_zero() {
            return;
        }
        let mut entries = self.entries.lock().unwrap_or_else(|p| p.into_inner());
        if entries.len() >= self.capacity {
            let ttl = self.ttl;
            entries.retain(|_, (at, _)| at.elapsed() < ttl);
            if entries.len() >= self.capacity {
                entries.clear();
            }
        }
        entries.insert(key, (Instant::now(), value));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn expires_and_can_be_turned_off() {
        let cache = TtlCache::new(Duration::from_millis(50), 2);
        cache.put("a", 1);
        assert_eq!(cache.get(&"a"), Some(1));
        std::thread::sleep(Duration::from_millis(60));
        assert_eq!(cache.get(&"a"), None);
        let off = TtlCache::new(Duration::ZERO, 2);
        off.put("a", 1);
        assert_eq!(off.get(&"a"), None);
    }

    #[test]
    fn stays_within_capacity() {
        let cache = TtlCache::new(Duration::from_secs(60), 2);
        for i in 0..5 {
            cache.put(i, i);
        }
        assert!(cache.entries.lock().unwrap().len() <= 2);
        assert_eq!(cache.get(&4), Some(4));
    }
}
