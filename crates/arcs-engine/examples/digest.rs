//! Plays seeded random games and prints a digest of every choice and log
//! line: two builds that print the same digest play the same games (used
//! to check that a refactor leaves games unchanged).
//!
//! `cargo run --release --example digest -- [games] [base|leaders-lore|second-lore|campaign]`

use arcs_engine::sim::{game_seed, play_one};
use arcs_engine::*;
use std::hash::{Hash, Hasher};

fn main() {
    let mut args = std::env::args().skip(1);
    let games: u64 = args.next().and_then(|x| x.parse().ok()).unwrap_or(300);
    let mode = args.next().unwrap_or_else(|| "base".into());
    let mut h = std::collections::hash_map::DefaultHasher::new();
    let mut choices = 0usize;
    for i in 0..games {
        let players = 2 + (i % 3) as u8;
        let config = match mode.as_str() {
            "base" => Config::base(players),
            "leaders-lore" => Config::leaders_lore(players),
            "second-lore" => {
                let mut c = Config::leaders_lore(players);
                c.leaders_lore.second_lore = true;
                c
            }
            // Act I with Fates drawn from the eight "A" Fates.
            "campaign" => Config::campaign(players),
            other => panic!("unknown mode {other}"),
        };
        let (_, game) = match play_one(&config, game_seed(11, i), false) {
            Ok(x) => x,
            Err(v) => panic!("{v}"),
        };
        for (seat, c) in game.choices() {
            seat.hash(&mut h);
            c.to_string().hash(&mut h);
        }
        for e in game.log() {
            e.text.hash(&mut h);
            e.private_to.hash(&mut h);
            e.reveals.hash(&mut h);
        }
        choices += game.choices().len();
    }
    println!(
        "{mode}: {games} games, {choices} choices, digest {:016x}",
        h.finish()
    );
}
