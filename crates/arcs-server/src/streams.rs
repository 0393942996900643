//! Caps on live-update streams (issue 18 item 3). A stream
//! (`GET /api/games/{id}/updates`) holds a connection for as long as the
//! page is open, so streams used to let 17 addresses hold all 1000
//! connections for days. Now:
//!
//! * streams together use at most part of the connection limit
//!   (`max_streams`, half of it by default), so ordinary requests always
//!   find a connection;
//! * one address (an IPv6 /64: [`crate::addr`]) holds at most
//!   `per_address` streams, one seat of a game at most `per_seat`, and
//!   the spectators of a game together at most `spectators_per_game` —
//!   so a game is followed by at most `players × per_seat +
//!   spectators_per_game` streams, and the spectators (who share one
//!   public link) can never take a seat's room;
//! * every stream ends after at most `lifetime` (the page reconnects):
//!   a client that never reads cannot be told from a quiet page by the
//!   socket (the kernel accepts keep-alives into its buffers for days), so
//!   no stream is held for good.
//!
//! Admission is one check-and-count under one lock; a [`StreamPermit`]
//! gives its place back when the stream ends, however it ends.

use crate::addr::AddrKey;
use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// How many live-update streams may be open.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StreamLimits {
    /// Streams open at once on the server (at least 1). `arcs serve`
    /// keeps it within three quarters of the connection limit.
    pub max_streams: usize,
    /// Streams open at once from one address or IPv6 /64 (0: no limit).
    pub per_address: usize,
    /// Streams open at once for one seat of a game (its person's tabs and
    /// devices; 0: no limit).
    pub per_seat: usize,
    /// Streams open at once for the spectators of one game, together
    /// (0: no limit).
    pub spectators_per_game: usize,
    /// A stream ends after at most this long (somewhat less, at random, so
    /// pages opened together do not all reconnect together).
    pub lifetime: Duration,
}

impl Default for StreamLimits {
    fn default() -> Self {
        StreamLimits {
            // Half of the default 1000 connections.
            max_streams: 500,
            per_address: 16,
            per_seat: 8,
            spectators_per_game: 32,
            lifetime: Duration::from_secs(10 * 60),
        }
    }
}

/// Why a stream was not opened. Nothing is held.
#[derive(Copy, Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum StreamRefused {
    #[error("this server follows {0} games' live updates already; try again soon")]
    Server(usize),
    #[error("your address follows {0} live-update streams already; close some pages")]
    Address(usize),
    #[error("this seat has {0} live-update streams open already; close some pages")]
    Seat(usize),
    #[error("this game has {0} spectators' live-update streams open already")]
    Spectators(usize),
}

impl StreamRefused {
    /// Whether the client asked for too much (rather than the server
    /// being busy with everyone's streams).
    pub fn is_clients(self) -> bool {
        !matches!(self, StreamRefused::Server(_))
    }
}

/// Whose stream: a game's seat (0-based), or its spectators (`None`).
type ViewerKey = (String, Option<u8>);

#[derive(Default)]
struct Counts {
    total: usize,
    by_address: HashMap<AddrKey, usize>,
    by_viewer: HashMap<ViewerKey, usize>,
    refused: u64,
}

/// Counts open streams and admits new ones within [`StreamLimits`].
pub struct StreamGate {
    limits: StreamLimits,
    counts: Mutex<Counts>,
}

/// One open stream, counted until dropped.
pub struct StreamPermit {
    gate: Arc<StreamGate>,
    address: AddrKey,
    viewer: ViewerKey,
}

fn over(n: usize, max: usize) -> bool {
    max > 0 && n >= max
}

impl StreamGate {
    pub fn new(limits: StreamLimits) -> Arc<StreamGate> {
        Arc::new(StreamGate {
            limits,
            counts: Mutex::new(Counts::default()),
        })
    }

    pub fn limits(&self) -> &StreamLimits {
        &self.limits
    }

    fn counts(&self) -> std::sync::MutexGuard<'_, Counts> {
        self.counts.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// Admits a stream of game `game` for `seat` (`None`: a spectator)
    /// from `address`, or says which limit is full.
    pub fn admit(
        self: &Arc<Self>,
        address: AddrKey,
        game: &str,
        seat: Option<u8>,
    ) -> Result<StreamPermit, StreamRefused> {
        let l = &self.limits;
        let viewer = (game.to_string(), seat);
        let mut c = self.counts();
        let by_viewer = c.by_viewer.get(&viewer).copied().unwrap_or(0);
        let refused = if over(by_viewer, l.per_seat) && seat.is_some() {
            Some(StreamRefused::Seat(l.per_seat))
        } else if over(by_viewer, l.spectators_per_game) && seat.is_none() {
            Some(StreamRefused::Spectators(l.spectators_per_game))
        } else if over(
            c.by_address.get(&address).copied().unwrap_or(0),
            l.per_address,
        ) {
            Some(StreamRefused::Address(l.per_address))
        } else if c.total >= l.max_streams.max(1) {
            Some(StreamRefused::Server(l.max_streams.max(1)))
        } else {
            None
        };
        if let Some(why) = refused {
            c.refused += 1;
            return Err(why);
        }
        c.total += 1;
        *c.by_address.entry(address).or_insert(0) += 1;
        *c.by_viewer.entry(viewer.clone()).or_insert(0) += 1;
        Ok(StreamPermit {
            gate: self.clone(),
            address,
            viewer,
        })
    }

    /// Streams open now.
    pub fn open(&self) -> usize {
        self.counts().total
    }

    /// Streams open now from `address`.
    pub fn open_from(&self, address: AddrKey) -> usize {
        self.counts().by_address.get(&address).copied().unwrap_or(0)
    }

    /// Streams refused since the server started.
    pub fn refused(&self) -> u64 {
        self.counts().refused
    }
}

impl Drop for StreamPermit {
    fn drop(&mut self) {
        let mut c = self.gate.counts();
        c.total = c.total.saturating_sub(1);
        uncount(&mut c.by_address, &self.address);
        uncount(&mut c.by_viewer, &self.viewer);
    }
}

fn uncount<K: std::hash::Hash + Eq>(m: &mut HashMap<K, usize>, k: &K) {
    if let Some(n) = m.get_mut(k) {
        *n = n.saturating_sub(1);
        if *n == 0 {
            m.remove(k);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::net::IpAddr;

    fn addr(s: &str) -> AddrKey {
        AddrKey::from(s.parse::<IpAddr>().unwrap())
    }

    fn limits() -> StreamLimits {
        StreamLimits {
            max_streams: 10,
            per_address: 3,
            per_seat: 2,
            spectators_per_game: 4,
            ..StreamLimits::default()
        }
    }

    #[test]
    fn each_cap_refuses_and_a_closed_stream_gives_its_place_back() {
        let gate = StreamGate::new(limits());
        let a = addr("192.0.2.1");
        let p1 = gate.admit(a, "g1", Some(0)).unwrap();
        let _p2 = gate.admit(a, "g1", Some(0)).unwrap();
        assert_eq!(
            gate.admit(a, "g1", Some(0)).err(),
            Some(StreamRefused::Seat(2))
        );
        // The seat's cap does not touch the other seat.
        let _p3 = gate.admit(a, "g1", Some(1)).unwrap();
        assert_eq!(
            gate.admit(a, "g2", Some(0)).err(),
            Some(StreamRefused::Address(3))
        );
        drop(p1);
        assert_eq!(gate.open(), 2);
        let _p4 = gate.admit(a, "g1", Some(0)).unwrap();
        assert_eq!(gate.refused(), 2);
    }

    #[test]
    fn spectators_share_a_games_room_but_never_a_seats() {
        let gate = StreamGate::new(limits());
        let held: Vec<_> = (1..=4)
            .map(|n| {
                gate.admit(addr(&format!("192.0.2.{n}")), "g", None)
                    .unwrap()
            })
            .collect();
        assert_eq!(
            gate.admit(addr("192.0.2.9"), "g", None).err(),
            Some(StreamRefused::Spectators(4))
        );
        gate.admit(addr("192.0.2.9"), "g", Some(0)).unwrap();
        assert_eq!(held.len(), 4);
    }

    #[test]
    fn an_ipv6_64_is_one_address_for_streams() {
        let gate = StreamGate::new(limits());
        let _held: Vec<_> = (1..=3)
            .map(|n| {
                gate.admit(addr(&format!("2001:db8:5:6::{n}")), &format!("g{n}"), None)
                    .unwrap()
            })
            .collect();
        assert_eq!(
            gate.admit(addr("2001:db8:5:6:ffff::1"), "g9", None).err(),
            Some(StreamRefused::Address(3))
        );
        gate.admit(addr("2001:db8:5:7::1"), "g9", None).unwrap();
        assert_eq!(gate.open_from(addr("2001:db8:5:6::77")), 3);
    }

    #[test]
    fn the_servers_cap_binds_every_address() {
        let gate = StreamGate::new(limits());
        let _held: Vec<_> = (0..10)
            .map(|n| {
                gate.admit(addr(&format!("192.0.2.{n}")), &format!("g{n}"), None)
                    .unwrap()
            })
            .collect();
        assert_eq!(
            gate.admit(addr("198.51.100.1"), "h", Some(0)).err(),
            Some(StreamRefused::Server(10))
        );
    }
}
