//! The Admiral through Acts II and III (issue 22): random games from its
//! Act II setup (F712A) and its Act III setup (F719A, Martial Law) with
//! every invariant checked after each step; the Acts' cards and its
//! objective (F712B) run under random play. Whole campaigns with Fates
//! wait for the other A Fates' later cards.

use arcs_engine::scenario::Scenario;
use arcs_engine::{Game, Pending};
use rand::{Rng, SeedableRng};

mod common;

/// An Act II or III table from its setup, the Admiral in seat 1 (no other
/// Fate).
fn act_table(act: u8, players: u8, seed: u64) -> Game {
    let mut text = format!("players {players}\nmode campaign\nseed {seed}\nfate P1 Admiral\n");
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
    text.push_str(&format!("phase setup act {act}\n"));
    Scenario::parse(&text)
        .unwrap_or_else(|e| panic!("{text}\n{e}"))
        .build()
        .unwrap_or_else(|e| panic!("{text}\n{e:?}"))
}

/// Random legal choices to the Act's end, every invariant checked after
/// each step.
fn play_randomly(g: &mut Game, i: u64) {
    let mut rng = rand::rngs::SmallRng::seed_from_u64(i);
    let mut steps = 0;
    while let Pending::Decision(d) = g.pending() {
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

#[test]
fn random_act_two_games_with_the_admiral_keep_every_invariant() {
    let n = common::games(40);
    let (mut advanced, mut chaos) = (0, 0);
    for i in 0..n {
        let players = 2 + (i % 3) as u8;
        let mut g = act_table(2, players, 500 + i);
        let start = g.state().campaign().unwrap().objective[0];
        assert_eq!(start, 30, "F712B starts on 30");
        play_randomly(&mut g, i);
        advanced += (g.state().campaign().unwrap().objective[0] < start) as u32;
        chaos += (common::logged(&g, "attached to Command Chaos")
            || common::logged(&g, "secures Command Chaos")) as u32;
    }
    assert!(
        advanced > 0,
        "the Admiral's Act II objective never advanced"
    );
    eprintln!("{n} Act II games: the objective advanced in {advanced}; Command Chaos resolved or secured in {chaos}");
}

#[test]
fn random_act_three_games_under_martial_law_keep_every_invariant() {
    let n = common::games(30);
    for i in 0..n {
        let players = 2 + (i % 3) as u8;
        let mut g = act_table(3, players, 900 + i);
        assert!(common::logged(&g, "Martial Law joins the rules booklet"));
        play_randomly(&mut g, i);
    }
}
