//! Random Act I campaign games (the shared systems) with every invariant
//! checked after each step (DESIGN.md §Testing).

use arcs_engine::sim::{game_seed, play_one};
use arcs_engine::Config;

fn config(players: u8) -> Config {
    Config::campaign_without_fates(players)
}

#[test]
fn random_campaign_games_keep_every_invariant() {
    for i in 0..std::env::var("N")
        .ok()
        .and_then(|x| x.parse().ok())
        .unwrap_or(60u64)
    {
        let players = 2 + (i % 3) as u8;
        let seed = game_seed(3, i);
        match play_one(&config(players), seed, i % 5 == 0) {
            Ok((n, g)) => {
                assert!(
                    g.state().is_over(),
                    "seed {seed}: not over after {n} choices"
                );
            }
            Err(v) => panic!("{v}\n{}", v.log_tail.join("\n")),
        }
    }
}

#[test]
#[ignore]
fn print_one_game() {
    let (n, g) = play_one(&config(3), 7, false).unwrap();
    for e in g.log() {
        if e.private_to.is_none() {
            println!("{}", e.text);
        }
    }
    println!("{n} choices");
}
