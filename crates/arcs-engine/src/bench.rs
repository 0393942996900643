//! Uniformly random play for speed measurements (`arcs bench`, criterion
//! benches): whole games from setup to game end, random over the engine's
//! legal choices, no events formatted.

use crate::config::Config;
use crate::event::NoEvents;
use crate::state::GameState;
use rand::rngs::SmallRng;
use rand::{Rng, RngCore, SeedableRng};

/// A uniformly random index below `n` (`0 < n <= u32::MAX`), by Lemire's
/// multiply-and-reject method ("Fast Random Integer Generation in an
/// Interval", 2019): exact, and it rejects with probability `n / 2^32`, so
/// its one branch is always predicted. `rand` 0.8's `gen_range` rejects up
/// to half of its draws for small ranges (3 choices: a quarter), and each
/// rejection is a mispredicted branch — about 6% of a random game's time
/// went there.
pub fn uniform_index(rng: &mut impl RngCore, n: usize) -> usize {
    let n = n as u32 as u64;
    let mut m = rng.next_u32() as u64 * n;
    if (m as u32 as u64) < n {
        // Draws whose low half falls below 2^32 mod n would favour some
        // results: draw again.
        let threshold = (n as u32).wrapping_neg() as u64 % n;
        while (m as u32 as u64) < threshold {
            m = rng.next_u32() as u64 * n;
        }
    }
    (m >> 32) as usize
}

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
    play_out(&mut s, rng, buf)
}

/// Plays `s` to its end with uniformly random choices; returns the
/// choices made.
fn play_out(s: &mut GameState, rng: &mut impl Rng, buf: &mut Vec<crate::choice::Choice>) -> u64 {
    let mut n = 0;
    let mut seat = s.settle(&mut NoEvents, buf);
    while seat.is_some() {
        let c = buf[uniform_index(rng, buf.len())];
        seat = s.apply_and_next(c, &mut NoEvents, buf);
        n += 1;
    }
    n
}

/// Plays one random game the way programs play through the public API
/// (the agent path: tournaments, bots, programs): a [`Game`](crate::Game)
/// that checks each choice, keeps the journal and undo's barriers and
/// writes its log only when asked ([`Game::without_log`](crate::Game::without_log)),
/// and an [`Observation`](crate::view::Observation) of the deciding seat
/// before every decision, as an agent receives, with the legal choices the
/// game keeps. Returns the choices made.
pub fn agent_game(config: &Config, seed: u64, rng: &mut impl Rng) -> u64 {
    let Ok(mut game) = crate::Game::without_log(config.clone(), seed) else {
        return 0;
    };
    let mut n = 0;
    while let Some(seat) = game.first_decider() {
        // The agent sees the observation (it borrows the game) and returns.
        std::hint::black_box(&game.observation(seat));
        let choices = game.legal_choices(seat);
        if choices.is_empty() {
            break;
        }
        let c = choices[uniform_index(rng, choices.len())];
        if game.apply(seat, c).is_err() {
            break;
        }
        n += 1;
    }
    n
}

/// Plays one random campaign on the bare state, Acts I to `last`, each Act
/// started from the previous Act's end (the Intermission and the Act's
/// setup included); returns the choices made in all.
pub fn random_campaign(
    config: &Config,
    seed: u64,
    last: u8,
    rng: &mut impl Rng,
    buf: &mut Vec<crate::choice::Choice>,
) -> u64 {
    let Ok(mut s) = crate::setup::new_state(config, seed) else {
        return 0;
    };
    let mut n = 0;
    let mut act = 1;
    loop {
        n += play_out(&mut s, rng, buf);
        if act >= last.min(3) {
            return n;
        }
        act += 1;
        let mut next = config.clone();
        next.campaign.act = act;
        next.campaign.previous = Some(crate::config::PreviousAct::new(s));
        match crate::setup::new_state(&next, crate::sim::act_seed(seed, act)) {
            Ok(x) => s = x,
            Err(_) => return n,
        }
    }
}

/// Plays random whole campaigns (Acts I to `last`) for `seconds`; returns
/// (campaigns, choices).
pub fn run_campaigns_for(config: &Config, last: u8, seconds: f64, seed: u64) -> (u64, u64) {
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut buf = Vec::with_capacity(256);
    let start = std::time::Instant::now();
    let (mut games, mut choices) = (0u64, 0u64);
    while start.elapsed().as_secs_f64() < seconds {
        choices += random_campaign(config, seed.wrapping_add(games), last, &mut rng, &mut buf);
        games += 1;
    }
    (games, choices)
}

/// The two ways of playing [`run_for`] measures.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Path {
    /// The bare state: `settle` / `apply_and_next`, no events (search
    /// bots' rollouts).
    Raw,
    /// [`agent_game`]: `Game` with its log and an observation per decision.
    Agent,
}

/// Plays random games for `seconds`; returns (games, choices).
pub fn run_for(config: &Config, seconds: f64, seed: u64) -> (u64, u64) {
    run_path_for(config, Path::Raw, seconds, seed)
}

/// Plays random games along `path` for `seconds`; returns (games, choices).
pub fn run_path_for(config: &Config, path: Path, seconds: f64, seed: u64) -> (u64, u64) {
    // The random player's own generator: a small fast one, since it is
    // not part of the game (the engine's dice and shuffles keep ChaCha8).
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut buf = Vec::with_capacity(256);
    let start = std::time::Instant::now();
    let (mut games, mut choices) = (0u64, 0u64);
    while start.elapsed().as_secs_f64() < seconds {
        for _ in 0..16 {
            let game_seed = seed.wrapping_add(games);
            choices += match path {
                Path::Raw => random_game(config, game_seed, &mut rng, &mut buf),
                Path::Agent => agent_game(config, game_seed, &mut rng),
            };
            games += 1;
        }
    }
    (games, choices)
}

/// Bytes a state occupies: it owns no heap memory, so this is all of it.
pub fn state_bytes() -> usize {
    std::mem::size_of::<GameState>()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn uniform_index_is_in_range_and_even() {
        let mut rng = SmallRng::seed_from_u64(9);
        for n in [1usize, 2, 3, 7, 40] {
            let mut counts = vec![0u32; n];
            let draws = 20_000 * n as u32;
            for _ in 0..draws {
                counts[uniform_index(&mut rng, n)] += 1;
            }
            // Each bucket within 5% of its share (far beyond chance here).
            for c in counts {
                assert!((19_000..=21_000).contains(&c), "n={n}: {c}");
            }
        }
    }

    #[test]
    fn uniform_index_rejects_the_biased_draws() {
        // A generator whose first draw falls in the biased zone for n = 3
        // (low half below 2^32 mod 3 = 1): the method must draw again.
        struct Fixed(Vec<u32>);
        impl RngCore for Fixed {
            fn next_u32(&mut self) -> u32 {
                self.0.remove(0)
            }
            fn next_u64(&mut self) -> u64 {
                self.next_u32() as u64
            }
            fn fill_bytes(&mut self, _: &mut [u8]) {}
            fn try_fill_bytes(&mut self, _: &mut [u8]) -> Result<(), rand::Error> {
                Ok(())
            }
        }
        // 0 * 3 = 0: low half 0 < 1, rejected; u32::MAX * 3 gives index 2.
        let mut rng = Fixed(vec![0, u32::MAX]);
        assert_eq!(uniform_index(&mut rng, 3), 2);
    }
}
