//! Uniformly random play for speed measurements (`arcs bench`, criterion
//! benches): whole games from setup to game end, random over the engine's
//! legal choices, no events formatted.

use crate::config::Config;
use crate::event::NoEvents;
use crate::state::GameState;
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

/// Plays one random game on the bare state; returns the choices made.
pub fn random_game(
    config: &Config,
    seed: u64,
    rng: &mut impl Rng,
    buf: &mut Vec<crate::choice::Choice>,
) -> u64 {
    let Ok(mut s) = crate::setup::new_state(config, seed) else {
        return 0;
    };
    let mut n = 0;
    let mut seat = s.settle(&mut NoEvents, buf);
    while seat.is_some() {
        let c = buf[rng.gen_range(0..buf.len())];
        seat = s.apply_and_next(c, &mut NoEvents, buf);
        n += 1;
    }
    n
}

/// Plays random games for `seconds`; returns (games, choices).
pub fn run_for(config: &Config, seconds: f64, seed: u64) -> (u64, u64) {
    // The random player's own generator: a small fast one, since it is
    // not part of the game (the engine's dice and shuffles keep ChaCha8).
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut buf = Vec::with_capacity(256);
    let start = std::time::Instant::now();
    let (mut games, mut choices) = (0u64, 0u64);
    while start.elapsed().as_secs_f64() < seconds {
        for _ in 0..16 {
            choices += random_game(config, seed.wrapping_add(games), &mut rng, &mut buf);
            games += 1;
        }
    }
    (games, choices)
}

/// Bytes a state occupies: it owns no heap memory, so this is all of it.
pub fn state_bytes() -> usize {
    std::mem::size_of::<GameState>()
}
