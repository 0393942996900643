//! The Magnate (Fate Set 3), Act I: its setup (ARCS-F301A), the words of
//! its choices (Merchant League's gain, F302; Export to the Galactic Core
//! and a gift from Merchant League in a Summit, F301B), what the view
//! shows of the resources on Merchant League, undo and replay through
//! those choices, and random games with the Magnate in play. The cards'
//! rules are tested by the scenarios under `scenarios/campaign/magnate/`.

mod common;

use arcs_engine::campaign::frame::CampaignFrame;
use arcs_engine::choice::SummitAction;
use arcs_engine::event::NoEvents;
use arcs_engine::flow::Frame;
use arcs_engine::scenario::Scenario;
use arcs_engine::*;

use arcs_engine::config::FateSelection;
use arcs_engine::sim::game_seed;
use common::{card, play};

/// ARCS-F301A Magnate Act I setup: gain Merchant League (a Guild card);
/// the objective marker starts on 10 with 2, 3 and 4 players
/// (campaign-components.md §1). Nobody else gains anything, and nothing
/// is on the card yet.
#[test]
fn f301a_magnate_setup() {
    let league = card("ARCS-F302");
    for players in [2u8, 3, 4] {
        let mut g = Game::new(Config::campaign_without_fates(players), 9).unwrap();
        {
            let s = g.state_mut_for_tests();
            let c = s.campaign.as_mut().unwrap();
            c.fates[1] = CardId::parse("ARCS-FATE03"); // P2 the Magnate
            s.push_for_tests(Frame::Campaign(CampaignFrame::FateSetup { idx: 0 }));
        }
        let mut s = g.state().clone();
        s.advance(&mut NoEvents);
        assert_eq!(s.seat(Seat(1)).guild(), [league], "{players} players");
        for x in s.seat_ids().filter(|x| *x != Seat(1)) {
            assert!(s.seat(x).guild().is_empty(), "{x}");
        }
        let c = s.campaign().unwrap();
        assert_eq!(c.objective[1], 10, "{players} players");
        assert!(c.stored.is_empty());
        assert!(arcs_engine::invariants::check(&s).is_ok());
    }
}

const DECLARE: &str = "
players 3
mode campaign
court CC01 CC02 CC03
fate P1 Magnate
objective P1 10
P1 guild F302
system 1.1: P1 ship
system 2.2: P2 ship
system 3.1: P3 ship
P1 hand ADM5 CON2
P2 hand ADM4
P3 hand ADM3
P1 resources - -
P2 resources - -
P3 resources - -
";

/// No card code, engine word or debug form in player-facing text.
fn plain(text: &str) {
    common::assert_plain(text, &["F30", "Stored", "stored", "slot "]);
}

/// ARCS-F302: the gain onto Merchant League reads in player words, and
/// the view shows what is on the card (public), with its holder.
#[test]
fn f302_merchant_league_in_player_words_and_in_the_view() {
    let mut g = Scenario::parse(DECLARE).unwrap().build().unwrap();
    play(&mut g, 0, "lead ADM5");
    play(&mut g, 0, "declare keeper");
    let (prompt, choices) = g.describe_pending().unwrap();
    assert_eq!(
        prompt,
        "Merchant League: Gain which resource onto Merchant League (2 resources to gain)?"
    );
    assert_eq!(
        choices,
        [
            "Gain a Material onto Merchant League",
            "Gain a Fuel onto Merchant League",
            "Gain a Weapon onto Merchant League",
            "Gain a Relic onto Merchant League",
            "Gain a Psionic onto Merchant League",
            "Gain nothing onto Merchant League",
        ]
    );
    play(&mut g, 0, "resource relic");
    let (prompt, choices) = g.describe_pending().unwrap();
    assert!(prompt.contains("(1 resource to gain)"), "{prompt}");
    assert_eq!(choices.last().unwrap(), "Gain no more");
    play(&mut g, 0, "resource psionic");
    for e in g.log() {
        plain(&e.text);
    }
    // Everyone sees the resources on the card, and whose card it is.
    for viewer in [None, Some(Seat(0)), Some(Seat(2))] {
        let v = g.view(viewer);
        let c = v.campaign.unwrap();
        assert_eq!(c.stored, [(Seat(0), card("ARCS-F302"), [0, 0, 0, 1, 1])]);
    }
    // The view's JSON names the card by its id, like other cards.
    let json = serde_json::to_string(&g.view(Some(Seat(1)))).unwrap();
    assert!(json.contains("\"stored\""), "{json}");
}

const SUMMIT: &str = "
players 3
mode campaign
court CC01 CC02 CC03
fate P1 Magnate
objective P1 10
P1 guild F302
stored F302 relic 1
system 1.1: P1 ship
system 3.3: P2 ship
system 4.3: P3 2 ships
P1 cities 0
P1 hand ADM4 CON2
P2 hand EVT1 MOB3
P3 hand ADM3 MOB2
P1 resources fuel fuel material weapon
P2 resources - -
P3 resources - -
dice event edict-arrow
dice number 1
";

/// F301B's Export and a gift from Merchant League read in player words in
/// the Negotiations.
#[test]
fn f301b_summit_choices_in_player_words() {
    let mut g = Scenario::parse(SUMMIT).unwrap().build().unwrap();
    for (seat, c) in [
        (0, "lead ADM4"),
        (0, "end"),
        (1, "event"),
        (1, "end"),
        (2, "copy ADM3"),
        (2, "end"),
        (0, "yes"),
        (0, "done"),
    ] {
        play(&mut g, seat, c);
    }
    let (prompt, choices) = g.describe_pending().unwrap();
    assert!(prompt.contains("Negotiations"), "{prompt}");
    assert!(
        choices.contains(
            &"Export to the Galactic Core: discard 3 resources to advance your objective 2"
                .to_string()
        ),
        "{choices:?}"
    );
    assert!(
        choices.contains(&"Propose: P1 gives P2 a Relic from Merchant League".to_string()),
        "{choices:?}"
    );
    for c in &choices {
        plain(c);
    }
    play(&mut g, 0, "summit fate");
    let (prompt, choices) = g.describe_pending().unwrap();
    assert_eq!(
        prompt,
        "Magnate Act I Objective: Discard which resource (3 resources to discard)?"
    );
    assert_eq!(choices.len(), 4, "{choices:?}");
    assert!(
        choices.iter().all(|c| c.starts_with("Discard the ")),
        "{choices:?}"
    );
    for c in &choices {
        plain(c);
    }
    play(&mut g, 0, "slot 1");
    play(&mut g, 0, "slot 2");
    play(&mut g, 0, "slot 3");
    assert_eq!(g.state().campaign().unwrap().objective[0], 8);
    for e in g.log() {
        plain(&e.text);
    }
}

/// Undo and replay through the Magnate's own choices in random games
/// (Merchant League's gains, the Export and its discards): each is taken
/// back by undo to the very same state, and the finished game's journal
/// replays to the same state.
#[test]
fn magnate_choices_undo_and_replay() {
    let mut undone = 0;
    for i in 0..6u64 {
        let mut config = Config::campaign(3);
        config.campaign.fates =
            FateSelection::Fixed(vec!["Magnate".into(), "Steward".into(), "Founder".into()]);
        let mut g = Game::new(config, game_seed(77, i)).unwrap();
        let mut x = i.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
        let magnate = Seat(0);
        while let Pending::Decision(d) = g.pending() {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            let mine = d.seat == magnate
                && (d.choices.contains(&Choice::Summit(SummitAction::Fate))
                    || matches!(d.prompt, Prompt::Card { card, .. }
                        if card == self::card("ARCS-F302") || card == self::card("ARCS-F301B")));
            // The Magnate exports whenever it may.
            let c = if d.choices.contains(&Choice::Summit(SummitAction::Fate)) {
                Choice::Summit(SummitAction::Fate)
            } else {
                d.choices[(x % d.choices.len() as u64) as usize]
            };
            undone += common::apply_and_undo(&mut g, d.seat, c, mine) as u32;
        }
        common::replays(&g, i);
    }
    assert!(undone > 0, "no Magnate choice was undone");
}

/// Random games with the Magnate among fixed Fates keep every invariant
/// (resources on Merchant League conserved, on a held card); Merchant
/// League gains resources, a Rival's gift and an Export advance the
/// objective in them.
#[test]
fn random_games_with_the_magnate_keep_every_invariant() {
    let n = common::games(24);
    let others = ["Steward", "Founder", "Partisan", "Admiral"];
    let (mut gained, mut deals, mut exports) = (0, 0, 0);
    let fates = |i| common::table(i, "Magnate", &others, &[3, 3, 2]);
    common::random_games(31, n, fates, |g| {
        gained += common::logged(g, "onto Merchant League") as u32;
        deals += g
            .log()
            .iter()
            .any(|e| e.text.starts_with("Close Deals with Rivals: P")) as u32;
        exports += common::logged(g, "discarded 3 resources") as u32;
    });
    assert!(gained > 0, "Merchant League never gained a resource");
    assert!(
        deals > 0,
        "no Rival's gift advanced the Magnate's objective"
    );
    eprintln!("{n} games: {gained} with Merchant League gains, {deals} with deals, {exports} with an Export");
}

/// Act II with the Magnate (F312A): random games from its setup, every
/// invariant checked after each step (Monopolies, Monopoly Consent, War
/// Profiteering, the Act's Court cards).
#[test]
fn random_act_two_games_with_the_magnate_keep_every_invariant() {
    let n = common::games(40);
    let mut taken = 0;
    for i in 0..n {
        let players = 2 + (i % 3) as u8;
        let mut g = common::act_table("Magnate", 2, players, 1700 + i);
        assert_eq!(
            g.state().campaign().unwrap().objective[0],
            12,
            "F312B start"
        );
        common::play_act_randomly(&mut g, i);
        taken += common::logged(&g, "Gain Monopolies:") as u32;
    }
    eprintln!("{n} Act II games: a Monopoly was taken in {taken}");
}

/// Act III with the Magnate (F325A): the Economy's tax rules and the
/// Monopoly scrapped after each scoring (resources scrapped for good are
/// counted by the invariants).
#[test]
fn random_act_three_games_with_the_magnate_keep_every_invariant() {
    let n = common::games(30);
    for i in 0..n {
        let players = 2 + (i % 3) as u8;
        let mut g = common::act_table("Magnate", 3, players, 1900 + i);
        assert!(common::logged(
            &g,
            "Closed & Open Economy joins the rules booklet"
        ));
        common::play_act_randomly(&mut g, i);
    }
}
