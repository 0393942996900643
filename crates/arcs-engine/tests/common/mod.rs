//! Helpers the per-Fate campaign tests (`campaign_<fate>.rs`) share: a
//! campaign game without Fates, card ids, applying a choice by its text,
//! the player-language check, and random Act I games with a Fate in play.
//!
//! Each test file includes this with `mod common;` and uses part of it.
#![allow(dead_code)]

use arcs_engine::config::FateSelection;
use arcs_engine::sim::{game_seed, play_one};
use arcs_engine::*;

/// An Act I campaign game for `players` with no Fates (the shared setup
/// only), for tests that give a seat its Fate themselves.
pub fn new_without_fates(players: u8, seed: u64) -> Game {
    Game::new(Config::campaign_without_fates(players), seed).unwrap()
}

/// The card with catalog code `code` (`ARCS-F502`).
pub fn card(code: &str) -> CardId {
    CardId::parse(code).unwrap_or_else(|| panic!("no card {code}"))
}

/// `seat` (0-based) takes the choice written `text` in protocol form.
pub fn play(g: &mut Game, seat: u8, text: &str) {
    let c: Choice = text
        .parse()
        .unwrap_or_else(|e| panic!("P{} {text:?}: {e}", seat + 1));
    g.apply(Seat(seat), c)
        .unwrap_or_else(|e| panic!("P{} {text}: {e}", seat + 1));
}

/// Words a player reads carry no card codes, engine grammar or debug
/// forms: none of the usual ones, nor any of `extra`.
pub fn assert_plain(words: &str, extra: &[&str]) {
    for bad in [
        "ARCS-", "CC0", "CC1", "@", "Choice", "Court(", "Card(", "Slot(", "{", "_",
    ]
    .iter()
    .chain(extra)
    {
        assert!(!words.contains(bad), "{words:?} contains {bad:?}");
    }
}

/// Whether a log line of `g` contains `needle`.
pub fn logged(g: &Game, needle: &str) -> bool {
    g.log().iter().any(|e| e.text.contains(needle))
}

/// The Fates of the `i`-th random game: `players[i % len]` seats, `fate`
/// in seat `i % seats`, the others drawn in turn from `others`.
pub fn table(i: u64, fate: &str, others: &[&str], players: &[usize]) -> Vec<String> {
    let n = players[i as usize % players.len()];
    let mut fates: Vec<String> = (0..n - 1)
        .map(|k| others[(i as usize + k) % others.len()].to_string())
        .collect();
    fates.insert(i as usize % n, fate.into());
    fates
}

/// How many random games a test plays: `N` from the environment, else
/// `default`.
pub fn games(default: u64) -> u64 {
    std::env::var("N")
        .ok()
        .and_then(|x| x.parse().ok())
        .unwrap_or(default)
}

/// Plays `n` random Act I games with the Fates `table(i)` (stream
/// `stream` of seeds; every fourth game undoes and replays as it goes),
/// every invariant checked after each step (`sim::play_one`); each game
/// must end, and `each` sees it finished.
pub fn random_games(
    stream: u64,
    n: u64,
    table: impl Fn(u64) -> Vec<String>,
    mut each: impl FnMut(&Game),
) {
    for i in 0..n {
        let fates = table(i);
        let mut config = Config::campaign(fates.len() as u8);
        config.campaign.fates = FateSelection::Fixed(fates.clone());
        let seed = game_seed(stream, i);
        match play_one(&config, seed, i % 4 == 0) {
            Ok((steps, g)) => {
                assert!(
                    g.state().is_over(),
                    "seed {seed} {fates:?}: not over after {steps} choices"
                );
                each(&g);
            }
            Err(v) => panic!("seed {seed} {fates:?}: {v}\n{}", v.log_tail.join("\n")),
        }
    }
}

/// `seat` takes `c`; if `undo` and the seat may take it back, it is
/// undone — the state must be exactly as before — and taken again.
/// Whether it was undone.
pub fn apply_and_undo(g: &mut Game, seat: Seat, c: Choice, undo: bool) -> bool {
    let before = g.state().clone();
    g.apply(seat, c)
        .unwrap_or_else(|e| panic!("{seat} {c}: {e}"));
    if !(undo && g.undoable(seat) >= 1) {
        return false;
    }
    g.undo(1).unwrap();
    assert_eq!(g.state(), &before, "undo of {c}");
    g.apply(seat, c).unwrap();
    true
}

/// The game's journal replays to the same state, and every invariant
/// holds (game `i` of a test).
pub fn replays(g: &Game, i: u64) {
    let replayed = g.replay_prefix(usize::MAX).unwrap();
    assert_eq!(replayed.state(), g.state(), "game {i}: the journal replays");
    arcs_engine::invariants::check(g.state()).unwrap();
}

/// An Act II or III table from its setup, `fate` in seat 1 (no other
/// Fate): each seat with 3 ships and a city in its own cluster.
pub fn act_table(fate: &str, act: u8, players: u8, seed: u64) -> Game {
    act_table_with(fate, act, players, seed, "")
}

/// [`act_table`] with more setup lines (the Fate's pieces and cards).
pub fn act_table_with(fate: &str, act: u8, players: u8, seed: u64, extra: &str) -> Game {
    table_with(
        fate,
        players,
        seed,
        &format!("{extra}phase setup act {act}\n"),
    )
}

/// A campaign table: P1 plays `fate`, each seat has 3 ships and a city
/// in its own cluster, and `extra` adds setup lines.
pub fn table_with(fate: &str, players: u8, seed: u64, extra: &str) -> Game {
    let mut text =
        format!("players {players}\nmode campaign\nseed {seed}\nfate P1 {fate}\n{extra}");
    for (k, sys) in ["1.1", "2.1", "3.1", "4.1"]
        .iter()
        .take(players as usize)
        .enumerate()
    {
        text.push_str(&format!(
            "system {sys}: P{} 3 ships, P{} city\n",
            k + 1,
            k + 1
        ));
    }
    arcs_engine::scenario::Scenario::parse(&text)
        .unwrap_or_else(|e| panic!("{text}\n{e}"))
        .build()
        .unwrap_or_else(|e| panic!("{text}\n{e:?}"))
}

/// Random legal choices to the Act's end, every invariant checked after
/// each step.
pub fn play_act_randomly(g: &mut Game, i: u64) {
    use rand::{Rng, SeedableRng};
    let mut rng = rand::rngs::SmallRng::seed_from_u64(i);
    let mut steps = 0;
    while let arcs_engine::Pending::Decision(d) = g.pending() {
        let c = d.choices[rng.gen_range(0..d.choices.len())];
        g.apply(d.seat, c)
            .unwrap_or_else(|e| panic!("game {i}, step {steps}: {e}"));
        if let Err(v) = arcs_engine::invariants::check(g.state()) {
            panic!("game {i}, step {steps}: {v:?}");
        }
        steps += 1;
        assert!(steps < 50_000, "game {i} does not end");
    }
    assert!(g.state().is_over(), "game {i}");
}
