//! A tournament harness that measures bots honestly: paired seeds (every
//! seating plays the same deals), seats permuted by Latin squares (each
//! bot takes each seat once per seed, not mere rotations), win rates with
//! 95% Wilson intervals, average Power and thinking time per bot.

use crate::{make_agent, Agent, Budget};
use arcs_engine::{Config, Game, Pending, Seat};
use rand::seq::SliceRandom;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use serde::Serialize;
use std::time::Instant;

#[derive(Clone, Debug)]
pub struct TournamentOptions {
    /// One bot spec per seat (e.g. `heuristic`, `search:1s`, `random`).
    pub bots: Vec<String>,
    /// Games in all (rounded up to a whole number of seatings per seed).
    pub games: u64,
    pub seed: u64,
    pub budget: Budget,
    pub config: Config,
    /// Campaign: the last Act each game plays (1: Act I alone; 3: whole
    /// campaigns, the same bots in the same seats through each
    /// Intermission).
    pub acts: u8,
}

/// Results for one bot (entries with the same name are pooled).
#[derive(Clone, Debug, Default, Serialize)]
pub struct BotResult {
    pub bot: String,
    pub games: u64,
    pub wins: u64,
    pub win_rate: f64,
    /// 95% Wilson score interval of the win rate.
    pub ci_low: f64,
    pub ci_high: f64,
    pub avg_power: f64,
    pub decisions: u64,
    pub avg_decision_ms: f64,
}

#[derive(Clone, Debug, Default, Serialize)]
pub struct TournamentReport {
    pub games: u64,
    pub players: u8,
    pub bots: Vec<BotResult>,
    pub errors: Vec<String>,
}

/// 95% Wilson score interval for `wins` out of `n`.
pub fn wilson(wins: u64, n: u64) -> (f64, f64) {
    if n == 0 {
        return (0.0, 0.0);
    }
    let z = 1.959_963_984_540_054_f64;
    let n = n as f64;
    let p = wins as f64 / n;
    let denom = 1.0 + z * z / n;
    let centre = p + z * z / (2.0 * n);
    let margin = z * (p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt();
    (
        ((centre - margin) / denom).max(0.0),
        ((centre + margin) / denom).min(1.0),
    )
}

/// A random Latin square of size n: row r is a seating (seat i gets entry
/// `sq[r][i]`). Built from the cyclic square (or, for 4, the Klein square)
/// with rows, columns and symbols shuffled, so seatings are not rotations
/// of one order.
pub fn latin_square(n: usize, rng: &mut ChaCha8Rng) -> Vec<Vec<usize>> {
    let klein = n == 4 && rand::Rng::gen_bool(rng, 0.5);
    let base: Vec<Vec<usize>> = (0..n)
        .map(|r| {
            (0..n)
                .map(|c| if klein { r ^ c } else { (r + c) % n })
                .collect()
        })
        .collect();
    let mut rows: Vec<usize> = (0..n).collect();
    let mut cols: Vec<usize> = (0..n).collect();
    let mut syms: Vec<usize> = (0..n).collect();
    rows.shuffle(rng);
    cols.shuffle(rng);
    syms.shuffle(rng);
    rows.iter()
        .map(|&r| cols.iter().map(|&c| syms[base[r][c]]).collect())
        .collect()
}

/// A finished game: final Power, the winner, and per seat (decisions,
/// seconds thinking). A campaign Act I or II names no winner (p8); a
/// tournament then counts the seat ranked first — the most Power, ties in
/// turn order — as the game's winner (a measure of the bots, not a rule).
pub type GameResult = (Vec<i32>, Seat, Vec<(u64, f64)>);

/// Plays one game with `agents[seat]` in each seat.
pub fn play_game(
    config: &Config,
    seed: u64,
    agents: &mut [Box<dyn Agent>],
) -> Result<GameResult, String> {
    play_campaign(config, seed, agents, 1)
}

/// Plays a campaign's Acts I to `last` (a single game when `last` is 1 or
/// the mode is not the campaign), each Act started from the previous
/// Act's end, the same agents in the same seats throughout (the
/// Intermission's Fate choice included). The result is the last Act's.
pub fn play_campaign(
    config: &Config,
    seed: u64,
    agents: &mut [Box<dyn Agent>],
    last: u8,
) -> Result<GameResult, String> {
    let mut game = Game::new(config.clone(), seed).map_err(|e| e.to_string())?;
    let mut timing = vec![(0u64, 0f64); agents.len()];
    for _ in 0..60_000 {
        match game.pending() {
            Pending::Over(o) => {
                let act = o.act.as_ref().map_or(3, |r| r.act);
                if o.winner.is_none() && act < last.min(3) {
                    let next = game.config().next_act(game.state());
                    let act_seed = arcs_engine::sim::act_seed(seed, act + 1);
                    game = Game::new(next, act_seed).map_err(|e| e.to_string())?;
                    continue;
                }
                let winner = o.winner.or(o.ranking.first().copied()).unwrap_or(Seat(0));
                return Ok((o.power, winner, timing));
            }
            Pending::Decision(d) => {
                let obs = game.observation(d.seat);
                let t = Instant::now();
                let i = agents[d.seat.index()].choose(&obs, &d.choices);
                timing[d.seat.index()].0 += 1;
                timing[d.seat.index()].1 += t.elapsed().as_secs_f64();
                let c = d.choices.get(i).copied().unwrap_or(d.choices[0]);
                game.apply(d.seat, c).map_err(|e| e.to_string())?;
            }
        }
    }
    Err(format!("game with seed {seed} did not end"))
}

pub fn run(
    opts: &TournamentOptions,
    mut progress: impl FnMut(u64, u64),
) -> Result<TournamentReport, String> {
    let n = opts.bots.len();
    if !(2..=4).contains(&n) {
        return Err("a tournament needs 2 to 4 bots (one per seat)".into());
    }
    let config = Config {
        players: n as u8,
        ..opts.config.clone()
    };
    config.validate().map_err(|e| e.to_string())?;
    for b in &opts.bots {
        make_agent(b, 0, opts.budget)?;
    }
    let seeds = opts.games.div_ceil(n as u64).max(1);
    let total = seeds * n as u64;
    let mut rng = ChaCha8Rng::seed_from_u64(opts.seed);
    let mut names: Vec<String> = Vec::new();
    for b in &opts.bots {
        let name = make_agent(b, 0, opts.budget)?.name();
        if !names.contains(&name) {
            names.push(name);
        }
    }
    let mut results: Vec<BotResult> = names
        .iter()
        .map(|b| BotResult {
            bot: b.clone(),
            ..Default::default()
        })
        .collect();
    let mut power_sum = vec![0f64; names.len()];
    let mut think = vec![0f64; names.len()];
    let mut errors = Vec::new();
    let mut done = 0;
    for g in 0..seeds {
        let game_seed = opts.seed.wrapping_mul(1_000_003).wrapping_add(g);
        for seating in latin_square(n, &mut rng) {
            // seating[seat] = index into opts.bots
            let mut agents: Vec<Box<dyn Agent>> = Vec::new();
            for (seat, &b) in seating.iter().enumerate() {
                let agent_seed = game_seed ^ ((seat as u64 + 1) << 40) ^ b as u64;
                agents.push(make_agent(&opts.bots[b], agent_seed, opts.budget)?);
            }
            match play_campaign(&config, game_seed, &mut agents, opts.acts) {
                Ok((power, winner, timing)) => {
                    for (seat, &b) in seating.iter().enumerate() {
                        let k = names
                            .iter()
                            .position(|x| *x == agents[seat].name())
                            .unwrap_or(0);
                        let _ = b;
                        results[k].games += 1;
                        power_sum[k] += power[seat] as f64;
                        results[k].decisions += timing[seat].0;
                        think[k] += timing[seat].1;
                        if winner.index() == seat {
                            results[k].wins += 1;
                        }
                    }
                }
                Err(e) => errors.push(e),
            }
            done += 1;
            progress(done, total);
        }
    }
    for (k, r) in results.iter_mut().enumerate() {
        r.win_rate = if r.games > 0 {
            r.wins as f64 / r.games as f64
        } else {
            0.0
        };
        let (lo, hi) = wilson(r.wins, r.games);
        r.ci_low = lo;
        r.ci_high = hi;
        r.avg_power = if r.games > 0 {
            power_sum[k] / r.games as f64
        } else {
            0.0
        };
        r.avg_decision_ms = if r.decisions > 0 {
            1000.0 * think[k] / r.decisions as f64
        } else {
            0.0
        };
    }
    Ok(TournamentReport {
        games: done,
        players: n as u8,
        bots: results,
        errors,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wilson_interval_is_correct_on_known_values() {
        // 50 of 100: 0.5 ± 0.0960 (Wilson).
        let (lo, hi) = wilson(50, 100);
        assert!(
            (lo - 0.4038).abs() < 1e-3 && (hi - 0.5962).abs() < 1e-3,
            "{lo} {hi}"
        );
        let (lo, hi) = wilson(0, 10);
        assert_eq!(lo, 0.0);
        assert!((hi - 0.2775).abs() < 1e-3);
        assert_eq!(wilson(0, 0), (0.0, 0.0));
    }

    #[test]
    fn latin_squares_put_each_bot_in_each_seat_once() {
        let mut rng = ChaCha8Rng::seed_from_u64(3);
        for n in 2..=4 {
            for _ in 0..20 {
                let sq = latin_square(n, &mut rng);
                for i in 0..n {
                    let mut col: Vec<usize> = sq.iter().map(|r| r[i]).collect();
                    col.sort();
                    assert_eq!(col, (0..n).collect::<Vec<_>>());
                    let mut row = sq[i].clone();
                    row.sort();
                    assert_eq!(row, (0..n).collect::<Vec<_>>());
                }
            }
        }
    }

    /// Constructed example: a bot that always wins gets win rate 1.
    #[test]
    fn tournament_statistics_on_a_constructed_example() {
        let opts = TournamentOptions {
            bots: vec!["random".into(), "random".into()],
            games: 4,
            seed: 1,
            budget: Budget::Iterations(10),
            config: Config::base(2),
            acts: 1,
        };
        let r = run(&opts, |_, _| {}).unwrap();
        assert_eq!(r.games, 4);
        // Both entries are "random": pooled into one row with every seat-game.
        assert_eq!(r.bots.len(), 1);
        assert_eq!(r.bots[0].games, 8);
        assert_eq!(r.bots[0].wins, 4, "exactly one winner per game");
        assert!((r.bots[0].win_rate - 0.5).abs() < 1e-9);
    }
}
