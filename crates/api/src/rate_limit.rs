//! Request limits per key (client address, email, user, factor), kept in this process.
//!
//! Each limit allows a burst of `max` requests and then one more every `window / max`
//! (governor's GCRA): a caller who stays within `max` per `window` is never refused, and a
//! refused one is told exactly when to come back. With several `serve` processes each
//! enforces its own limits; a shared store comes with the scale-out work.

use std::collections::HashMap;
use std::num::NonZeroU32;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use bazaar_domain::settings::advanced::RateLimits;
use governor::clock::{Clock, DefaultClock};
use governor::{DefaultKeyedRateLimiter, Quota};

/// How many requests each kind of call allows per `window`, per key (what each number
/// counts: [`RateLimits`]).
#[derive(Debug, Clone, Copy)]
pub struct Limits {
    pub window: Duration,
    pub per_window: RateLimits,
}

impl Default for Limits {
    fn default() -> Self {
        Self {
            window: Duration::from_secs(300),
            per_window: RateLimits {
                sign_in: 30,
                sign_up: 10,
                recover: 5,
                verify: 30,
                // A browser refreshes about once an hour.
                refresh: 150,
                // A six-digit code must not be guessable by trying.
                mfa: 15,
                // Codes are guessable by trying otherwise.
                redeem: 30,
            },
        }
    }
}

type Keyed = DefaultKeyedRateLimiter<String>;

/// Keyed limiters, one per distinct quota, created on first use.
#[derive(Default)]
pub struct RateLimiter {
    limiters: Mutex<HashMap<(u32, Duration), Arc<Keyed>>>,
    checks: AtomicU64,
}

/// Forgotten keys are dropped after this many checks, so memory follows active callers.
const SWEEP_EVERY: u64 = 10_000;

impl RateLimiter {
    /// Counts one request for `key` against `max` per `window`; `Err(seconds)` to wait when
    /// over. A `max` of 0 means no limit.
    pub fn check(&self, key: &str, max: u32, window: Duration) -> Result<(), u64> {
        let Some(burst) = NonZeroU32::new(max) else {
            return Ok(());
        };
        let limiter = self.limiter(burst, window);
        if self.checks.fetch_add(1, Ordering::Relaxed) % SWEEP_EVERY == SWEEP_EVERY - 1 {
            self.sweep();
        }
        limiter.check_key(&key.to_owned()).map_err(|not_until| {
            let wait = not_until.wait_time_from(DefaultClock::default().now());
            (wait.as_secs() + u64::from(wait.subsec_nanos() > 0)).max(1)
        })
    }

    fn limiter(&self, burst: NonZeroU32, window: Duration) -> Arc<Keyed> {
        let mut limiters = self.limiters.lock().unwrap_or_else(|p| p.into_inner());
        limiters
            .entry((burst.get(), window))
            .or_insert_with(|| {
                let period = (window / burst.get()).max(Duration::from_nanos(1));
                let quota = Quota::with_period(period)
                    .expect("a period of at least one nanosecond")
                    .allow_burst(burst);
                Arc::new(Keyed::keyed(quota))
            })
            .clone()
    }

    fn sweep(&self) {
        let limiters: Vec<_> = self
            .limiters
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .values()
            .cloned()
            .collect();
        for l in limiters {
            l.retain_recent();
            l.shrink_to_fit();
        }
    }
}

impl crate::AppState {
    /// Counts one API request for `key` (prefixed with what is limited, e.g.
    /// `search:203.0.113.9`); over `max` per `window` it is a 429 with `Retry-After`.
    pub(crate) fn limit(
        &self,
        key: &str,
        max: u32,
        window: Duration,
        message: &str,
    ) -> crate::ApiResult<()> {
        self.caches
            .limiter
            .check(key, max, window)
            .map_err(|secs| crate::ApiError::rate_limited(message, secs))
    }

    /// Searches and suggestions per client address.
    pub(crate) fn limit_search(
        &self,
        client: &crate::client_addr::ClientIp,
    ) -> crate::ApiResult<()> {
        self.limit(
            &format!("search:{}", client.key()),
            self.config.search_per_minute,
            Duration::from_secs(60),
            "Too many searches; try again in a moment",
        )
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

    #[test]
    fn a_refusal_says_how_long_to_wait() {
        let rl = RateLimiter::default();
        let w = Duration::from_secs(300);
        for _ in 0..3 {
            rl.check("k", 3, w).unwrap();
        }
        // One request comes back every 100 s.
        let wait = rl.check("k", 3, w).unwrap_err();
        assert!((99..=100).contains(&wait), "{wait}");
        assert!(rl.check("k", 0, w).is_ok(), "0 is no limit");
    }

    #[test]
    fn different_quotas_do_not_share_counts() {
        let rl = RateLimiter::default();
        let w = Duration::from_secs(60);
        rl.check("k", 1, w).unwrap();
        assert!(rl.check("k", 1, w).is_err());
        assert!(rl.check("k", 5, w).is_ok());
    }
}
