//! The Caretaker (Fate Set 5), Act I: its setup (ARCS-F501A), the words of
//! its choices (Golem Actions, Stone-Speakers, a Golem passed to a Rival),
//! what the view shows of the Golems (faces at the gates hidden to all),
//! undo and replay through those choices, and random games with the
//! Caretaker in play. The cards' rules are tested by the scenarios under
//! `scenarios/campaign/caretaker/`.

mod common;

use arcs_engine::campaign::frame::CampaignFrame;
use arcs_engine::cards::campaign::caretaker::{GolemAt, GOLEM_NAMES};
use arcs_engine::config::FateSelection;
use arcs_engine::event::NoEvents;
use arcs_engine::flow::Frame;
use arcs_engine::scenario::Scenario;
use arcs_engine::sim::game_seed;
use arcs_engine::*;

use common::{card, play};

/// ARCS-F501A Caretaker Act I setup: Golem Beacon and Golem Hearth (lore),
/// Stone-Speakers (Guild); one Sleeping Golem at each gate of the clusters
/// without Imperial ships (4 of them: the 2 Imperial clusters hold
/// Imperial ships); Golems and Golem Actions in the rules booklet.
#[test]
fn f501a_caretaker_setup() {
    for players in [2u8, 3, 4] {
        for seed in 0..4u64 {
            let mut g = Game::new(Config::campaign_without_fates(players), seed).unwrap();
            {
                let s = g.state_mut_for_tests();
                let c = s.campaign.as_mut().unwrap();
                c.fates[1] = CardId::parse("ARCS-FATE05"); // P2 the Caretaker
                s.push_for_tests(Frame::Campaign(CampaignFrame::FateSetup { idx: 0 }));
            }
            let mut s = g.state().clone();
            s.advance(&mut NoEvents);
            let me = Seat(1);
            assert_eq!(s.seat(me).lore(), [card("ARCS-F502"), card("ARCS-F503")]);
            assert_eq!(s.seat(me).guild(), [card("ARCS-F504")]);
            let c = s.campaign().unwrap();
            assert!(c.booklet.contains(&card("ARCS-F505")));
            assert!(c.booklet.contains(&card("ARCS-F506")));
            let mut gates = Vec::new();
            for g in c.golems {
                assert!(!g.awake);
                let GolemAt::Gate { system } = g.at else {
                    panic!("{players}p seed {seed}: a Golem not at a gate: {g:?}");
                };
                assert!(system.is_gate());
                let cluster_has_empire = s
                    .systems_in_play()
                    .filter(|x| x.cluster() == system.cluster())
                    .any(|x| s.sys(x).ships_of(Owner::Empire).total() > 0);
                assert!(!cluster_has_empire, "{system}");
                gates.push(system);
            }
            gates.sort_by_key(|x| x.index());
            gates.dedup();
            assert_eq!(gates.len(), 4, "one Golem per gate");
            assert_eq!(c.objective[1], 18, "{players} players");
            arcs_engine::invariants::check(&s).unwrap();
        }
    }
}

/// The Golems at gates are Sleeping, face down: nobody sees which is
/// which, in the view or its JSON; a held Golem is named for everyone.
#[test]
fn golem_faces_at_the_gates_are_hidden_from_everyone() {
    let mut g = Scenario::parse(BEACON).unwrap().build().unwrap();
    for viewer in [None, Some(Seat(0)), Some(Seat(1))] {
        let v = g.view(viewer);
        let golems = v.campaign.unwrap().golems;
        assert_eq!(golems.len(), 2);
        assert!(golems.iter().all(|x| x.golem.is_none() && !x.awake));
        let json = serde_json::to_string(&g.view(viewer)).unwrap();
        for name in GOLEM_NAMES {
            assert!(!json.contains(name), "{name} in {json}");
        }
    }
    play(&mut g, 0, "lead ADM4");
    play(&mut g, 0, "influence@F502");
    for viewer in [None, Some(Seat(0)), Some(Seat(2))] {
        let v = g.view(viewer);
        let golems = v.campaign.unwrap().golems;
        let held: Vec<_> = golems.iter().filter(|x| x.golem.is_some()).collect();
        assert_eq!(held.len(), 1);
        assert_eq!(held[0].golem.as_deref(), Some("Harvester"));
        assert_eq!(held[0].at, GolemAt::Hearth { seat: Seat(0) });
    }
    // Taking a Golem shows its face: no undo across it (R-UNDO-1).
    assert_eq!(g.undoable(Seat(0)), 0);
}

const BEACON: &str = "
players 3
mode campaign
court CC01 CC02 CC03
fate P1 Caretaker
P1 lore F502 F503
P1 guild F504
booklet F505 F506
golem harvester gate 2.0
golem seeker gate 3.0
system 2.0: P1 ship
system 3.0: P2 ship
P1 hand ADM4 CON2
P2 hand ADM3
P3 hand ADM2
";

/// No card code, engine word or debug form in player-facing text.
fn plain(text: &str) {
    common::assert_plain(text, &["F50", "Golem(", "Slot", "Hearth {", "golem "]);
}

const ACTIONS: &str = "
players 3
mode campaign
court CC01 CC02 CC03
fate P1 Caretaker
objective P1 14
P1 lore F502 F503
P1 guild F504
booklet F505 F506
system 3.1: P1 ship, P2 damaged ship
system 2.1: P1 ship
P1 hand ADM5 CON2
P2 hand ADM4
P3 hand ADM3
P1 resources - -
P2 resources - -
P3 resources - -
golem warrior hearth P1 awake
golem seeker slot P2 1
";

/// Golem Actions, the Golem passed to a Rival and Stone-Speakers read in
/// player words.
#[test]
fn caretaker_choices_in_player_words() {
    let mut g = Scenario::parse(ACTIONS).unwrap().build().unwrap();
    play(&mut g, 0, "lead ADM5");
    let (_, choices) = g.describe_pending().unwrap();
    assert!(
        choices.iter().any(|c| c.contains("Warrior Golem")),
        "{choices:?}"
    );
    play(&mut g, 0, "prelude F506");
    let (prompt, choices) = g.describe_pending().unwrap();
    assert_eq!(
        prompt,
        "Golems: The Warrior Golem falls asleep; which Rival takes it?"
    );
    assert_eq!(
        choices,
        [
            "Give the Sleeping Warrior Golem to P2",
            "Give the Sleeping Warrior Golem to P3"
        ]
    );
    play(&mut g, 0, "player P3");
    let (prompt, choices) = g.describe_pending().unwrap();
    assert_eq!(
        prompt,
        "Golem Actions: Warrior: destroy all damaged ships in which system?"
    );
    assert_eq!(
        choices,
        [
            "Destroy the 1 damaged ship in 3.1",
            "Take no Warrior action"
        ]
    );
    play(&mut g, 0, "system 3.1");
    for e in g.log() {
        plain(&e.text);
    }
    // Stone-Speakers, in a fresh game from the same position.
    let mut g = Scenario::parse(ACTIONS).unwrap().build().unwrap();
    play(&mut g, 0, "lead ADM5");
    play(&mut g, 0, "declare keeper");
    let (prompt, choices) = g.describe_pending().unwrap();
    assert!(prompt.starts_with("Stone-Speakers: "), "{prompt}");
    assert_eq!(
        choices,
        [
            "End your turn now: take the Rivals' Golems, then roll the event die",
            "Go on with your turn"
        ]
    );
    play(&mut g, 0, "yes");
    for e in g.log() {
        plain(&e.text);
    }
    let c = g.state().campaign().unwrap();
    assert_eq!(c.golems[0].at, GolemAt::Hearth { seat: Seat(0) });
    assert_eq!(c.golems[2].at, GolemAt::Hearth { seat: Seat(0) });
    // The Rival's golem choice round-trips in the text and JSON forms.
    for text in ["steal P2 golem warrior", "steal P1 golem harvester"] {
        let c: Choice = text.parse().unwrap();
        assert_eq!(c.to_string(), text);
        let json = serde_json::to_string(&c).unwrap();
        assert_eq!(serde_json::from_str::<Choice>(&json).unwrap(), c);
    }
}

/// Undo and replay through the Caretaker's and the Golems' choices in
/// random games: each is taken back by undo to the very same state (when
/// nothing hidden came out), and the journal replays.
#[test]
fn caretaker_choices_undo_and_replay() {
    let mut undone = 0;
    for i in 0..6u64 {
        let mut config = Config::campaign(3);
        config.campaign.fates =
            FateSelection::Fixed(vec!["Caretaker".into(), "Steward".into(), "Founder".into()]);
        let mut g = Game::new(config, game_seed(78, i)).unwrap();
        let mut x = i.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
        while let Pending::Decision(d) = g.pending() {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            let golem = d.choices.iter().any(|c| {
                matches!(c, Choice::Prelude { card, .. } if *card == self::card("ARCS-F506"))
                    || matches!(c, Choice::Act(a) if a.via.is_some())
            });
            let mine = matches!(d.prompt, Prompt::Card { card, .. }
                if card.code().starts_with("ARCS-F50"));
            // Spend a Golem or Awaken whenever possible.
            let c = d
                .choices
                .iter()
                .copied()
                .find(|c| {
                    matches!(c, Choice::Prelude { card, .. } if *card == self::card("ARCS-F506"))
                })
                .unwrap_or(d.choices[(x % d.choices.len() as u64) as usize]);
            undone += common::apply_and_undo(&mut g, d.seat, c, mine || golem) as u32;
        }
        common::replays(&g, i);
    }
    assert!(undone > 0, "no Caretaker choice was undone");
}

/// Random games with the Caretaker among fixed Fates (2–4 players, the
/// Caretaker in every seat in turn) keep every invariant (each Golem in
/// one place, no slot shared); the Golems are taken, spent and raided in
/// them.
#[test]
fn random_games_with_the_caretaker_keep_every_invariant() {
    let n = common::games(24);
    let others = [
        "Steward", "Founder", "Partisan", "Admiral", "Magnate", "Advocate",
    ];
    let (mut awaken, mut spent, mut speakers) = (0, 0, 0);
    let fates = |i| common::table(i, "Caretaker", &others, &[3, 2, 4, 2, 4]);
    common::random_games(41, n, fates, |g| {
        awaken += g.log().iter().any(|e| e.text.starts_with("Awaken: ")) as u32;
        spent += common::logged(g, " spends the Awake ") as u32;
        speakers += common::logged(g, "Stone-Speakers: P") as u32;
    });
    assert!(awaken > 0, "no Golem was ever taken from the map");
    eprintln!(
        "{n} games: {awaken} with an Awaken, {spent} with a Golem spent, {speakers} with Stone-Speakers"
    );
}

/// An Act II or III table from the Caretaker's setup, with its Golem
/// Hearth, the Golems law and Golems with the Caretaker and a Rival.
fn later_act_table(act: u8, players: u8, seed: u64) -> arcs_engine::Game {
    let mut extra = "P1 lore F503\nbooklet F505 F506\nP2 resources - -\ngolem warrior hearth P1\n\
                     golem seeker slot P2 1\ngolem harvester hearth P1\n"
        .to_string();
    if act == 3 {
        extra.push_str("booklet F514\n");
    }
    common::act_table_with("Caretaker", act, players, seed, &extra)
}

/// Act II with the Caretaker (F512A): random games from its setup, every
/// invariant checked after each step (Librarians, Transfer Lore and
/// Golem, the fourth Event card, the Unstable cards).
#[test]
fn random_act_two_games_with_the_caretaker_keep_every_invariant() {
    let n = common::games(30);
    let mut gifts = 0;
    for i in 0..n {
        let players = 2 + (i % 3) as u8;
        let mut g = later_act_table(2, players, 2300 + i);
        let start = [0, 0, 7, 8, 9][players as usize];
        assert_eq!(
            g.state().campaign().unwrap().objective[0],
            start,
            "F512B start"
        );
        common::play_act_randomly(&mut g, i);
        gifts += common::logged(&g, "(a lore card)") as u32;
    }
    eprintln!("{n} Caretaker Act II games: lore given in {gifts}");
}

/// Act III with the Caretaker (F520A): the grand ambitions' choices
/// before each scoring and Golems Sate Their Appetite at the Edicts.
#[test]
fn random_act_three_games_with_the_caretaker_keep_every_invariant() {
    let n = common::games(30);
    let mut silenced = 0;
    for i in 0..n {
        let players = 2 + (i % 3) as u8;
        let mut g = later_act_table(3, players, 2500 + i);
        assert!(common::logged(
            &g,
            "Golems Sate Their Appetite joins the rules booklet"
        ));
        common::play_act_randomly(&mut g, i);
        silenced += common::logged(&g, "Silence the Golems:") as u32;
    }
    assert!(silenced > 0, "no Golem was ever silenced");
}
