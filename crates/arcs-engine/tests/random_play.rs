//! The random-play invariant suite (DESIGN.md §Testing): 2,000 games across
//! 2, 3 and 4 players; after every step pieces, resources and cards are
//! conserved and a legal choice exists; views are checked for leaks and
//! the state survives serialize → deserialize; each finished game is saved
//! and replayed from its journal to the identical state.

use arcs_engine::sim::{run, SimOptions};
use arcs_engine::Config;

#[test]
fn two_thousand_random_games_keep_every_invariant() {
    let opts = SimOptions {
        games: 2000,
        players: vec![2, 3, 4],
        seed: 2026,
        deep: true,
        config: Config::base(2),
        acts: 1,
    };
    let report = run(&opts, |_| {});
    assert_eq!(
        report.violations,
        vec![],
        "first violation: {:?}",
        report.violations.first()
    );
    assert_eq!(report.games, 2000);
    // Every seat position wins sometimes (a crude sanity check of the flow).
    assert!(report.wins_by_seat.iter().take(2).all(|&w| w > 0));
}

#[test]
fn split_discard_variant_keeps_invariants() {
    let config = Config {
        split_discard: true,
        ..Config::base(3)
    };
    let opts = SimOptions {
        games: 200,
        players: vec![2, 3, 4],
        seed: 7,
        deep: true,
        config,
        acts: 1,
    };
    let report = run(&opts, |_| {});
    assert_eq!(report.violations, vec![]);
}

/// Same config + seed + choices → same game (DESIGN: determinism).
#[test]
fn games_are_deterministic() {
    for seed in 0..20 {
        let config = Config::base(2 + (seed % 3) as u8);
        let (_, a) = arcs_engine::sim::play_one(&config, seed, false).unwrap();
        let (_, b) = arcs_engine::sim::play_one(&config, seed, false).unwrap();
        assert_eq!(a.state(), b.state());
        assert_eq!(a.choices(), b.choices());
        assert_eq!(a.log(), b.log());
    }
}

/// The invariant suite over Leaders & Lore games (2–4 players), with and
/// without the second-lore variant: drafts, leaders' setup steps and every
/// lore card in random play.
#[test]
fn leaders_lore_random_games_keep_every_invariant() {
    for (second_lore, seed) in [(false, 31), (true, 32)] {
        let mut config = Config::leaders_lore(3);
        config.leaders_lore.second_lore = second_lore;
        let opts = SimOptions {
            games: 400,
            players: vec![2, 3, 4],
            seed,
            deep: true,
            config,
            acts: 1,
        };
        let report = run(&opts, |_| {});
        assert_eq!(
            report.violations,
            vec![],
            "first violation: {:?}",
            report.violations.first()
        );
    }
}

/// Issue 20 "Done means": whole campaigns without Fates — Act I, the
/// Intermission, Acts II and III, each a game from the previous Act's end
/// — keep every invariant, carry Power exactly, replay each Act's journal
/// (deep) and name a winner only after Act III.
#[test]
fn whole_campaigns_keep_invariants_across_acts() {
    for (games, deep) in [(300, false), (45, true)] {
        let opts = SimOptions {
            games,
            players: vec![2, 3, 4],
            seed: 20,
            deep,
            config: Config::campaign_without_fates(3),
            acts: 3,
        };
        let report = run(&opts, |_| {});
        assert_eq!(report.violations, vec![]);
        assert_eq!(report.acts, 3 * games);
        assert_eq!(report.no_winner, 0, "the third Act names the winner");
        assert_eq!(report.wins_by_seat.iter().sum::<u64>(), games);
    }
}
