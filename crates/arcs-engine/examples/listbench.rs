//! Times listing the legal choices of real positions (a development aid
//! for docs/performance.md): positions are collected from random 3-player
//! games, then listed many times; the best of several passes is reported
//! per prompt kind, which is robust to a noisy machine.
use arcs_engine::{Choice, Config, GameState, NoEvents, Prompt};
use rand::{rngs::SmallRng, Rng, SeedableRng};
use std::time::Instant;

fn kind(p: &Prompt) -> &'static str {
    match p {
        Prompt::Turn { .. } => "turn",
        Prompt::PlayCard { .. } => "play card",
        Prompt::MoveFrom | Prompt::MoveShips { .. } | Prompt::MoveTo { .. } => "move",
        _ => "other",
    }
}

fn main() {
    let games: u64 = std::env::args()
        .nth(1)
        .and_then(|x| x.parse().ok())
        .unwrap_or(200);
    let config = Config::base(3);
    let mut rng = SmallRng::seed_from_u64(1);
    let mut buf: Vec<Choice> = Vec::new();
    let mut positions: Vec<(&'static str, GameState)> = Vec::new();
    for g in 0..games {
        let mut s = arcs_engine::setup::new_state(&config, g).unwrap();
        let mut seat = s.settle(&mut NoEvents, &mut buf);
        while seat.is_some() {
            if let Some((_, p)) = s.prompt() {
                positions.push((kind(&p), s.clone()));
            }
            let c = buf[rng.gen_range(0..buf.len())];
            seat = s.apply_and_next(c, &mut NoEvents, &mut buf);
        }
    }
    let only = std::env::args().nth(2);
    for k in ["turn", "play card", "move", "other"] {
        if only.as_deref().is_some_and(|o| o != k) {
            continue;
        }
        // Few enough positions to stay in cache, as a game's one state does.
        let set: Vec<&GameState> = positions
            .iter()
            .filter(|(x, _)| *x == k)
            .map(|(_, s)| s)
            .step_by(37)
            .take(150)
            .collect();
        let mut best = f64::MAX;
        for _ in 0..std::env::args()
            .nth(3)
            .and_then(|x| x.parse().ok())
            .unwrap_or(7)
        {
            let t = Instant::now();
            for _ in 0..200 {
                for s in &set {
                    std::hint::black_box(s.choices_into(&mut buf));
                }
            }
            best = best.min(t.elapsed().as_nanos() as f64 / (200 * set.len()) as f64);
        }
        println!(
            "{k:10} {:7} positions  {best:6.1} ns per listing",
            set.len()
        );
    }
}
