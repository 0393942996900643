//! The Advocate (Fate Set 4), Act I: its setup (ARCS-F401A), the words of
//! Guild Investigators' Recover (ARCS-F402) and of Guild Overseers' When
//! Secured search (ARCS-F403), what undo may take back of them, and
//! random games with the Advocate in play. The cards' rules are tested by
//! the scenarios under `scenarios/campaign/advocate/`.

mod common;

use arcs_engine::campaign::frame::CampaignFrame;
use arcs_engine::flow::Frame;
use arcs_engine::scenario::Scenario;
use arcs_engine::*;

use arcs_engine::config::FateSelection;
use arcs_engine::sim::game_seed;
use common::{card, new_without_fates as new, play};

/// Words a player reads carry no card codes or engine grammar.
fn assert_plain(words: &str) {
    common::assert_plain(words, &["F40"]);
}

/// ARCS-F401A Advocate Act I setup: gain Guild Investigators and Guild
/// Overseers (two Guild cards; Overseers' When Secured is not resolved:
/// the Court is untouched). The objective marker starts on 18 with 2, 3
/// or 4 players (campaign-components.md §1); the Advocate takes no First
/// Regent tile (the initiative holder does) and adds nothing to the rules
/// booklet.
#[test]
fn f401a_advocate_setup() {
    let (investigators, overseers) = (card("ARCS-F402"), card("ARCS-F403"));
    for players in [2u8, 3, 4] {
        let mut g = new(players, 9);
        let booklet = g.state().campaign().unwrap().booklet;
        let (court, deck, discard) = {
            let s = g.state();
            (s.court, s.court_deck, s.court_discard)
        };
        {
            let s = g.state_mut_for_tests();
            let c = s.campaign.as_mut().unwrap();
            c.first_regent = None;
            c.fates[1] = CardId::parse("ARCS-FATE04"); // P2 the Advocate
            s.push_for_tests(Frame::Campaign(CampaignFrame::FateSetup { idx: 0 }));
        }
        let mut s = g.state().clone();
        assert!(s.seat(Seat(1)).guild().is_empty());
        s.advance(&mut NoEvents);
        let p2 = s.seat(Seat(1));
        assert_eq!(p2.guild(), [investigators, overseers], "{players} players");
        assert!(p2.lore().is_empty(), "{players} players");
        assert!(p2.hooks_are_current());
        for x in [0usize, 2, 3].into_iter().filter(|x| *x < players as usize) {
            assert!(s.seat(Seat(x as u8)).guild().is_empty(), "seat {x}");
        }
        assert_eq!(cards::holder_of(&s, overseers), Some(Seat(1)));
        assert_eq!(cards::holder_of(&s, investigators), Some(Seat(1)));
        // No search: the Court, its deck and its discard pile are as they were.
        assert_eq!(s.court, court, "{players} players");
        assert_eq!(s.court_deck, deck, "{players} players");
        assert_eq!(s.court_discard, discard, "{players} players");
        let c = s.campaign().unwrap();
        assert_eq!(c.objective[1], 18, "{players} players");
        assert_eq!(c.first_regent, Some(s.initiative), "{players} players");
        assert_eq!(c.booklet, booklet, "{players} players");
    }
}

/// A real campaign setup with the Advocate among fixed Fates gives it both
/// cards, and nobody else either.
#[test]
fn f401a_in_a_real_setup() {
    let mut config = Config::campaign(3);
    config.campaign.fates =
        FateSelection::Fixed(vec!["Steward".into(), "Advocate".into(), "Partisan".into()]);
    let g = Game::new(config, 21).unwrap();
    let s = g.state();
    for c in ["ARCS-F402", "ARCS-F403"] {
        assert_eq!(cards::holder_of(s, card(c)), Some(Seat(1)), "{c}");
    }
    assert_eq!(s.campaign().unwrap().objective[1], 18);
}

const RECOVER: &str = "
players 3
mode campaign
court CC01 CC02 CC03
agents 3 P2 1
court-discard CC04 CC06 CC12
declare empath
fate P1 Advocate
objective P1 18
P1 guild F402 F403
system 1.1: P1 ship
system 2.1: P2 ship
system 3.1: P3 ship
P1 hand MOB3 ADM2
P2 hand ADM4
P3 hand ADM3
P1 resources - -
P2 resources - -
P3 resources - -
";

/// ARCS-F402: Recover reads in player language — the action on the turn,
/// the question naming the Guild card it takes, each Court card by name
/// and place — and so does the log.
#[test]
fn f402_recover_in_player_language() {
    let mut g = Scenario::parse(RECOVER).unwrap().build().unwrap();
    play(&mut g, 0, "lead MOB3");
    let recover = Choice::Act(Act::new_action(StdAction::Move, card("ARCS-F402")));
    assert_eq!(
        g.describe_choice(Seat(0), &recover),
        "Recover (a Move from Guild Investigators)"
    );
    play(&mut g, 0, "move@F402");
    let (prompt, choices) = g.describe_pending().unwrap();
    assert_eq!(
        prompt,
        "Guild Investigators: Attach Arms Union to which Court card with no agents?"
    );
    assert_eq!(
        choices,
        [
            "Attach Arms Union to Imperial Council in Session (Court 1)",
            "Attach Arms Union to Mining Interest (Court 2)",
            "Attach Arms Union to Gatekeepers (Court 4)",
        ]
    );
    assert_plain(&prompt);
    choices.iter().for_each(|c| assert_plain(c));
    play(&mut g, 0, "court 2");
    let texts: Vec<&str> = g.log().iter().map(|e| e.text.as_str()).collect();
    for want in [
        "Keep the Guilds in Power: P1 takes Guild Investigators' Recover.",
        "Recover: P1 takes Arms Union from the Court discard pile (Guild Investigators).",
        "Arms Union is attached to Mining Interest (Court 2).",
    ] {
        assert!(texts.contains(&want), "{want:?} not in {texts:#?}");
    }
    for t in &texts {
        assert_plain(t);
    }
}

/// ARCS-F402: Recover reveals nothing (the discard pile is face up), so
/// the Advocate may take it back, the objective's advance with it: in
/// random games with the Advocate, the first Recover taken is undone and
/// the game is as it was before it.
#[test]
fn f402_recover_can_be_undone() {
    use rand::{Rng, SeedableRng};
    let recover = Choice::Act(Act::new_action(StdAction::Move, card("ARCS-F402")));
    let mut undone = 0;
    for i in 0..40u64 {
        let mut config = Config::campaign(3);
        config.campaign.fates =
            FateSelection::Fixed(vec!["Advocate".into(), "Steward".into(), "Founder".into()]);
        let mut g = Game::new(config, game_seed(23, i)).unwrap();
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(i);
        while let Pending::Decision(d) = g.pending() {
            if d.seat == Seat(0) && d.choices.contains(&recover) {
                let before = g.state().clone();
                let objective = before.campaign().unwrap().objective[0];
                g.apply(d.seat, recover).unwrap();
                let advanced = g.state().campaign().unwrap().objective[0];
                assert_eq!(advanced, objective.saturating_sub(2));
                let mut n = 1;
                if let Pending::Decision(t) = g.pending() {
                    if t.seat == Seat(0) {
                        g.apply(t.seat, t.choices[0]).unwrap();
                        n += 1;
                    }
                }
                assert!(
                    g.undoable(Seat(0)) >= n,
                    "seed {i}: the Recover is undoable"
                );
                g.undo(n).unwrap();
                assert_eq!(g.state(), &before, "seed {i}: the Recover is taken back");
                undone += 1;
                break;
            }
            let c = d.choices[rng.gen_range(0..d.choices.len())];
            g.apply(d.seat, c).unwrap();
        }
        if undone >= 3 {
            break;
        }
    }
    assert!(undone > 0, "no random game offered a Recover");
}

const SEARCH: &str = "
players 3
mode campaign
court F403 CC02 CC03
agents 2 P2 1
court-deck CC13 CC08
court-discard CC06 CC12
system 1.1: P1 ship
system 2.1: P2 ship
system 3.1: P3 ship
P1 hand ADM2
P2 hand AGG4
P3 hand ADM3
P1 resources - -
P2 resources - -
P3 resources - -
initiative P2
";

/// ARCS-F403: the When Secured search reads in player language; the deck's
/// Guild cards are shown to the searcher alone, and the search is an undo
/// barrier (R-UNDO-1), while taking a card from the face-up discard pile
/// is not a reveal of its own.
#[test]
fn f403_search_in_player_language_and_hidden() {
    let mut g = Scenario::parse(SEARCH).unwrap().build().unwrap();
    play(&mut g, 1, "lead AGG4");
    play(&mut g, 1, "secure");
    let (prompt, choices) = g.describe_pending().unwrap();
    assert_eq!(
        prompt,
        "Guild Overseers: Take which Guild card from the Court discard pile, or search the \
         Court deck?"
    );
    assert_eq!(
        choices,
        [
            "Take Arms Union from the Court discard pile",
            "Search the Court deck (11 cards)",
        ]
    );
    play(&mut g, 1, "yes");
    assert_eq!(g.undoable(Seat(1)), 0, "the search showed the deck");
    let (prompt, choices) = g.describe_pending().unwrap();
    assert_eq!(
        prompt,
        "Guild Overseers: Take which Guild card from the Court deck or discard pile?"
    );
    // The discard pile's Arms Union, then the deck's seven Guild cards by
    // name, in catalog order (never the deck's).
    assert_eq!(
        choices,
        [
            "Take Arms Union from the Court discard pile",
            "Take Mining Interest from the Court deck",
            "Take Shipping Interest from the Court deck",
            "Take Skirmishers from the Court deck",
            "Take Lattice Spies from the Court deck",
            "Take Silver Tongues from the Court deck",
            "Take Sworn Guardians from the Court deck",
            "Take Elder Broker from the Court deck",
        ]
    );
    assert_plain(&prompt);
    choices.iter().for_each(|c| assert_plain(c));
    // Only P2 learns what the deck holds.
    for e in g.log() {
        if e.text.contains("Silver Tongues") {
            assert_eq!(e.private_to, Some(Seat(1)), "{e:?}");
            assert!(e.reveals, "{e:?}");
        }
    }
    let json = serde_json::to_string(&g.view(Some(Seat(0)))).unwrap();
    assert!(!json.contains("Silver Tongues"), "{json}");
    play(&mut g, 1, "card CC08");
    assert!(g.state().seat(Seat(1)).guild().contains(&card("ARCS-CC08")));
    assert!(g
        .log()
        .iter()
        .any(|e| e.text == "P2 takes Silver Tongues from the Court deck (Guild Overseers)."));
}

/// Random games with the Advocate among fixed Fates (2, 3 and 4 players,
/// the Advocate in every seat in turn) keep every invariant; Recover is
/// taken and the objective advances in them.
#[test]
fn random_games_with_the_advocate_keep_every_invariant() {
    let n = common::games(24);
    let others = ["Steward", "Partisan", "Founder", "Admiral"];
    let (mut recovered, mut proved, mut searched) = (0, 0, 0);
    let fates = |i| common::table(i, "Advocate", &others, &[2, 3, 4]);
    common::random_games(19, n, fates, |g| {
        let starts = |p: &str| g.log().iter().any(|e| e.text.starts_with(p)) as u32;
        recovered += starts("Keep the Guilds in Power: P");
        proved += starts("Prove Yourself to the Overseers: P");
        searched += common::logged(g, "(Guild Overseers).") as u32;
    });
    assert!(recovered > 0, "no game took Guild Investigators' Recover");
    assert!(proved > 0, "no game advanced by a self-discarding Prelude");
    eprintln!(
        "{n} games: {recovered} with a Recover, {proved} with a Prelude advance, {searched} with \
         Guild Overseers secured"
    );
}

/// Act II with the Advocate (F412A): random games from its setup, every
/// invariant checked after each step (the Demand, Guild Negotiations in
/// Summits, the Act's Court cards).
#[test]
fn random_act_two_games_with_the_advocate_keep_every_invariant() {
    let n = common::games(40);
    let mut advanced = 0;
    for i in 0..n {
        let players = 2 + (i % 3) as u8;
        let mut g = common::act_table("Advocate", 2, players, 1300 + i);
        let start = g.state().campaign().unwrap().objective[0];
        assert_eq!(start, 12, "F412B starts on 12");
        common::play_act_randomly(&mut g, i);
        advanced += (g.state().campaign().unwrap().objective[0] < start) as u32;
    }
    assert!(
        advanced > 0,
        "the Advocate's Act II objective never advanced"
    );
}

/// Act III with the Advocate (F423A): Guild Supremacy and Guild Loyalty in
/// random play.
#[test]
fn random_act_three_games_with_the_advocate_keep_every_invariant() {
    let n = common::games(30);
    for i in 0..n {
        let players = 2 + (i % 3) as u8;
        let mut g = common::act_table("Advocate", 3, players, 1500 + i);
        assert!(common::logged(
            &g,
            "Guild Supremacy joins the rules booklet"
        ));
        common::play_act_randomly(&mut g, i);
    }
}
