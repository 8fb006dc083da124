//! Fixed-window request limits per key (client address or email), kept in this process.
//! With several `serve` processes each enforces its own window; a shared store comes with
//! the scale-out work.

use std::collections::HashMap;
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// How many requests each kind of call allows per window, per address and per email.
#[derive(Debug, Clone, Copy)]
pub struct Limits {
    pub window: Duration,
    pub sign_in: u32,
    pub sign_up: u32,
    pub recover: u32,
    pub verify: u32,
}

impl Default for Limits {
    fn default() -> Self {
        Self {
            window: Duration::from_secs(300),
            sign_in: 30,
            sign_up: 10,
            recover: 5,
            verify: 30,
        }
    }
}

#[derive(Default)]
pub struct RateLimiter {
    windows: Mutex<HashMap<String, (Instant, u32)>>,
}

impl RateLimiter {
    /// Counts one request for `key`; `Err(seconds)` until the window ends when over `limit`.
    pub fn check(&self, key: &str, limit: u32, window: Duration) -> Result<(), u64> {
        let mut windows = self.windows.lock().unwrap_or_else(|p| p.into_inner());
        if windows.len() > 100_000 {
            windows.retain(|_, (start, _)| start.elapsed() < window);
        }
        let now = Instant::now();
        let entry = windows.entry(key.to_owned()).or_insert((now, 0));
        if now.duration_since(entry.0) >= window {
            *entry = (now, 0);
        }
        if entry.1 >= limit {
            let left = window.saturating_sub(now.duration_since(entry.0));
            return Err(left.as_secs().max(1));
        }
        entry.1 += 1;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn allows_the_limit_then_refuses_until_the_window_ends() {
        let rl = RateLimiter::default();
        let w = Duration::from_millis(100);
        assert!(rl.check("a", 2, w).is_ok());
        assert!(rl.check("a", 2, w).is_ok());
        assert!(rl.check("a", 2, w).is_err());
        assert!(rl.check("b", 2, w).is_ok(), "keys are separate");
        std::thread::sleep(Duration::from_millis(110));
        assert!(rl.check("a", 2, w).is_ok());
    }
}
