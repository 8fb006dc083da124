//! A small time-to-live cache for values that may be a few seconds stale: the store currency,
//! list totals and category counts. Each `serve` process keeps its own, so with several
//! processes a change shows everywhere within one TTL. A zero TTL turns caching off (the
//! tests use that).
//!
//! When an entry expires, one request reloads it while the others keep getting the previous
//! value, so an expensive count never runs many times at once.

use std::collections::HashMap;
use std::future::Future;
use std::hash::Hash;
use std::sync::Mutex;
use std::time::{Duration, Instant};

pub struct TtlCache<K, V> {
    ttl: Duration,
    capacity: usize,
    entries: Mutex<HashMap<K, (Instant, V)>>,
    /// Bumped by [`clear`](Self::clear): a load that began before is not kept.
    generation: std::sync::atomic::AtomicU64,
    /// Held by the one request that is reloading.
    reloading: tokio::sync::Mutex<()>,
}

enum Lookup<V> {
    Fresh(V),
    Stale(V),
    Missing,
}

impl<K: Eq + Hash + Clone, V: Clone> TtlCache<K, V> {
    pub fn new(ttl: Duration, capacity: usize) -> Self {
        Self {
            ttl,
            capacity,
            entries: Mutex::new(HashMap::new()),
            generation: std::sync::atomic::AtomicU64::new(0),
            reloading: tokio::sync::Mutex::new(()),
        }
    }

    fn lookup(&self, key: &K) -> Lookup<V> {
        let entries = self.entries.lock().unwrap_or_else(|p| p.into_inner());
        match entries.get(key) {
            Some((at, v)) if at.elapsed() < self.ttl => Lookup::Fresh(v.clone()),
            Some((_, v)) => Lookup::Stale(v.clone()),
            None => Lookup::Missing,
        }
    }

    /// Entries held now (expired ones included until they are swept).
    pub fn len(&self) -> usize {
        self.entries.lock().unwrap_or_else(|p| p.into_inner()).len()
    }

    /// The most entries held.
    pub fn capacity(&self) -> usize {
        self.capacity
    }

    /// Forgets every value, and any load under way (a change made them stale).
    pub fn clear(&self) {
        let mut entries = self.entries.lock().unwrap_or_else(|p| p.into_inner());
        self.generation
            .fetch_add(1, std::sync::atomic::Ordering::SeqCst);
        entries.clear();
    }

    fn generation(&self) -> u64 {
        self.generation.load(std::sync::atomic::Ordering::SeqCst)
    }

    fn put(&self, key: K, value: V) {
        self.put_from(key, value, self.generation());
    }

    /// Keeps `value` unless the cache was cleared since generation `from`.
    fn put_from(&self, key: K, value: V, from: u64) {
        if self.capacity == 0 {
            return;
        }
        let mut entries = self.entries.lock().unwrap_or_else(|p| p.into_inner());
        if self.generation() != from {
            return;
        }
        if entries.len() >= self.capacity && !entries.contains_key(&key) {
            let ttl = self.ttl;
            entries.retain(|_, (at, _)| at.elapsed() < ttl);
            if entries.len() >= self.capacity {
                entries.clear();
            }
        }
        entries.insert(key, (Instant::now(), value));
    }

    /// The value if cached and fresh. With [`insert`](Self::insert), for values cheap enough
    /// to compute that concurrent misses may each compute their own (search suggestions).
    pub fn get_fresh(&self, key: &K) -> Option<V> {
        if self.ttl.is_zero() {
            return None;
        }
        match self.lookup(key) {
            Lookup::Fresh(v) => Some(v),
            _ => None,
        }
    }

    pub fn insert(&self, key: K, value: V) {
        if !self.ttl.is_zero() {
            self.put(key, value);
        }
    }

    /// The cached value, or `load`'s. An expired value is returned as it is while another
    /// request reloads it; with nothing cached, callers wait for the one load.
    pub async fn get_or_load<E, F, Fut>(&self, key: &K, load: F) -> Result<V, E>
    where
        F: FnOnce() -> Fut,
        Fut: Future<Output = Result<V, E>>,
    {
        if self.ttl.is_zero() {
            return load().await;
        }
        let stale = match self.lookup(key) {
            Lookup::Fresh(v) => return Ok(v),
            Lookup::Stale(v) => Some(v),
            Lookup::Missing => None,
        };
        let _guard = match (stale, self.reloading.try_lock()) {
            (_, Ok(guard)) => guard,
            (Some(v), Err(_)) => return Ok(v),
            (None, Err(_)) => {
                let guard = self.reloading.lock().await;
                if let Lookup::Fresh(v) = self.lookup(key) {
                    return Ok(v);
                }
                guard
            }
        };
        let from = self.generation();
        let value = load().await?;
        self.put_from(key.clone(), value.clone(), from);
        Ok(value)
    }
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;
    use std::sync::atomic::{AtomicUsize, Ordering};

    use super::*;

    async fn load(counter: &AtomicUsize, value: u32) -> Result<u32, ()> {
        counter.fetch_add(1, Ordering::SeqCst);
        tokio::time::sleep(Duration::from_millis(20)).await;
        Ok(value)
    }

    #[tokio::test]
    async fn loads_once_and_expires() {
        let cache = TtlCache::new(Duration::from_millis(100), 10);
        let loads = AtomicUsize::new(0);
        assert_eq!(cache.get_or_load(&"k", || load(&loads, 1)).await, Ok(1));
        assert_eq!(cache.get_or_load(&"k", || load(&loads, 2)).await, Ok(1));
        assert_eq!(loads.load(Ordering::SeqCst), 1);
        tokio::time::sleep(Duration::from_millis(120)).await;
        assert_eq!(cache.get_or_load(&"k", || load(&loads, 3)).await, Ok(3));
    }

    #[tokio::test]
    async fn concurrent_misses_load_once_and_stale_values_are_served_during_a_reload() {
        let cache = Arc::new(TtlCache::new(Duration::from_millis(100), 10));
        let loads = Arc::new(AtomicUsize::new(0));
        let all = eight_at_once(&cache, &loads, 1).await;
        assert!(all.iter().all(|v| *v == 1));
        assert_eq!(
            loads.load(Ordering::SeqCst),
            1,
            "eight concurrent misses, one load"
        );
        tokio::time::sleep(Duration::from_millis(120)).await;
        let all = eight_at_once(&cache, &loads, 2).await;
        assert_eq!(loads.load(Ordering::SeqCst), 2, "one reload");
        assert_eq!(
            all.iter().filter(|v| **v == 1).count(),
            7,
            "the others got the stale value"
        );
    }

    async fn eight_at_once(
        cache: &Arc<TtlCache<&'static str, u32>>,
        loads: &Arc<AtomicUsize>,
        value: u32,
    ) -> Vec<u32> {
        let mut tasks = tokio::task::JoinSet::new();
        for _ in 0..8 {
            let (cache, loads) = (Arc::clone(cache), Arc::clone(loads));
            tasks.spawn(async move {
                cache
                    .get_or_load(&"k", || load(&loads, value))
                    .await
                    .unwrap()
            });
        }
        tasks.join_all().await
    }

    #[tokio::test]
    async fn zero_ttl_always_loads() {
        let cache = TtlCache::new(Duration::ZERO, 10);
        let loads = AtomicUsize::new(0);
        cache.get_or_load(&"k", || load(&loads, 1)).await.unwrap();
        cache.get_or_load(&"k", || load(&loads, 1)).await.unwrap();
        assert_eq!(loads.load(Ordering::SeqCst), 2);
    }

    #[test]
    fn stays_within_capacity() {
        let cache = TtlCache::new(Duration::from_secs(60), 2);
        for i in 0..5 {
            cache.put(i, i);
        }
        assert!(cache.entries.lock().unwrap().len() <= 2);
    }

    #[tokio::test]
    async fn zero_capacity_keeps_nothing() {
        let cache = TtlCache::new(Duration::from_secs(60), 0);
        let loads = AtomicUsize::new(0);
        cache.insert("k", 1);
        assert_eq!(cache.get_fresh(&"k"), None);
        cache.get_or_load(&"k", || load(&loads, 1)).await.unwrap();
        cache.get_or_load(&"k", || load(&loads, 1)).await.unwrap();
        assert_eq!(loads.load(Ordering::SeqCst), 2);
        assert_eq!(cache.len(), 0);
    }

    #[tokio::test]
    async fn clear_forgets_values_and_loads_under_way() {
        let loads = AtomicUsize::new(0);
        let cache = TtlCache::new(Duration::from_secs(60), 10);
        cache.get_or_load(&"k", || load(&loads, 1)).await.unwrap();
        cache.clear();
        assert_eq!(cache.get_or_load(&"k", || load(&loads, 2)).await, Ok(2));
        // A load that began before a clear is answered but not kept.
        let v = cache
            .get_or_load(&"j", || {
                cache.clear();
                load(&loads, 3)
            })
            .await;
        assert_eq!(v, Ok(3));
        assert_eq!(cache.get_fresh(&"j"), None);
    }
}
