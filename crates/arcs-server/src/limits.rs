//! Rate limits on game creation (issue 11 item 4): per client address and
//! for the whole server, as token buckets that refill continuously. A
//! refused request learns when to try again (HTTP 429 `Retry-After`).

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// How many new games an hour; `0` means no limit.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct CreationLimits {
    pub per_address_per_hour: u32,
    pub per_hour: u32,
}

impl Default for CreationLimits {
    fn default() -> Self {
        CreationLimits {
            per_address_per_hour: 60,
            per_hour: 2000,
        }
    }
}

/// Addresses remembered at most; beyond it, full buckets are forgotten
/// (a full bucket is the same as a new one).
const MAX_TRACKED: usize = 100_000;

#[derive(Copy, Clone, Debug)]
struct Bucket {
    tokens: f64,
    at: Instant,
}

impl Bucket {
    fn full(per_hour: u32, now: Instant) -> Bucket {
        Bucket {
            tokens: per_hour as f64,
            at: now,
        }
    }

    fn refill(&mut self, per_hour: u32, now: Instant) {
        let rate = per_hour as f64 / 3600.0;
        let secs = now.saturating_duration_since(self.at).as_secs_f64();
        self.tokens = (self.tokens + secs * rate).min(per_hour as f64);
        self.at = now;
    }

    /// Time until one token is there.
    fn wait(&self, per_hour: u32) -> Duration {
        let rate = per_hour as f64 / 3600.0;
        Duration::from_secs_f64(((1.0 - self.tokens) / rate).clamp(0.0, 3600.0))
    }
}

/// Refused: try again after this long.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct TooMany {
    pub retry_after: Duration,
    /// Whether the limit of one address (rather than the server's) was hit.
    pub per_address: bool,
}

pub struct CreationLimiter {
    limits: CreationLimits,
    state: Mutex<(Bucket, HashMap<IpAddr, Bucket>)>,
}

impl CreationLimiter {
    pub fn new(limits: CreationLimits) -> CreationLimiter {
        let now = Instant::now();
        CreationLimiter {
            limits,
            state: Mutex::new((Bucket::full(limits.per_hour, now), HashMap::new())),
        }
    }

    /// Takes one creation for `addr` (unknown addresses share one bucket),
    /// or says how long to wait. Nothing is taken when refused.
    pub fn take(&self, addr: Option<IpAddr>) -> Result<(), TooMany> {
        self.take_at(addr, Instant::now())
    }

    fn take_at(&self, addr: Option<IpAddr>, now: Instant) -> Result<(), TooMany> {
        let CreationLimits {
            per_address_per_hour: per_addr,
            per_hour,
        } = self.limits;
        let mut guard = self.state.lock().unwrap_or_else(|p| p.into_inner());
        let (total, by_addr) = &mut *guard;
        if per_hour > 0 {
            total.refill(per_hour, now);
            if total.tokens < 1.0 {
                return Err(TooMany {
                    retry_after: total.wait(per_hour),
                    per_address: false,
                });
            }
        }
        if per_addr > 0 {
            let key = addr.unwrap_or(IpAddr::from([0u8, 0, 0, 0]));
            if by_addr.len() >= MAX_TRACKED && !by_addr.contains_key(&key) {
                by_addr.retain(|_, b| {
                    b.refill(per_addr, now);
                    b.tokens < per_addr as f64
                });
            }
            let b = by_addr
                .entry(key)
                .or_insert_with(|| Bucket::full(per_addr, now));
            b.refill(per_addr, now);
            if b.tokens < 1.0 {
                return Err(TooMany {
                    retry_after: b.wait(per_addr),
                    per_address: true,
                });
            }
            b.tokens -= 1.0;
        }
        if per_hour > 0 {
            total.tokens -= 1.0;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ip(n: u8) -> Option<IpAddr> {
        Some(IpAddr::from([10, 0, 0, n]))
    }

    #[test]
    fn one_address_is_limited_and_refills_over_time() {
        let l = CreationLimiter::new(CreationLimits {
            per_address_per_hour: 3,
            per_hour: 0,
        });
        let t0 = Instant::now();
        for _ in 0..3 {
            l.take_at(ip(1), t0).unwrap();
        }
        let refused = l.take_at(ip(1), t0).unwrap_err();
        assert!(refused.per_address);
        assert_eq!(refused.retry_after, Duration::from_secs(1200));
        // Another address is not affected.
        l.take_at(ip(2), t0).unwrap();
        // After a third of an hour one more game is allowed, then not.
        let later = t0 + Duration::from_secs(1200);
        l.take_at(ip(1), later).unwrap();
        assert!(l.take_at(ip(1), later).is_err());
    }

    #[test]
    fn the_server_total_binds_every_address() {
        let l = CreationLimiter::new(CreationLimits {
            per_address_per_hour: 100,
            per_hour: 2,
        });
        let t0 = Instant::now();
        l.take_at(ip(1), t0).unwrap();
        l.take_at(ip(2), t0).unwrap();
        let refused = l.take_at(ip(3), t0).unwrap_err();
        assert!(!refused.per_address);
        // A refusal by the total took nothing from the address's bucket.
        let later = t0 + Duration::from_secs(1800);
        l.take_at(ip(3), later).unwrap();
    }

    #[test]
    fn zero_means_unlimited() {
        let l = CreationLimiter::new(CreationLimits {
            per_address_per_hour: 0,
            per_hour: 0,
        });
        let t0 = Instant::now();
        for _ in 0..10_000 {
            l.take_at(ip(1), t0).unwrap();
        }
    }
}
