//! The Partisan (Fate Set 6), Act I: its setup (F601A) on real setups,
//! what views show of it, the hidden information of Informants' Spy
//! (F602) and random games with the Partisan in play. The cards' rules
//! are scenarios under `scenarios/campaign/partisan/`.

mod common;

use arcs_engine::campaign::frame::CampaignFrame;
use arcs_engine::event::NoEvents;
use arcs_engine::flow::Frame;
use arcs_engine::scenario::Scenario;
use arcs_engine::*;

use common::card as id;

/// A campaign game whose seat `seat` is the Partisan, after its Fate
/// setup ran (the shared setup with no Fates, then `FateSetup` pushed).
fn partisan_setup(players: u8, seed: u64, seat: Seat) -> GameState {
    let mut g = common::new_without_fates(players, seed);
    {
        let s = g.state_mut_for_tests();
        let c = s.campaign.as_mut().unwrap();
        c.fates[seat.index()] = Some(id("ARCS-FATE06"));
        s.push_for_tests(Frame::Campaign(CampaignFrame::FateSetup { idx: 0 }));
    }
    // The pushed setup frame runs by itself.
    let mut s = g.state().clone();
    s.advance(&mut NoEvents);
    s
}

/// ARCS-F601A Partisan Act I setup: gain Informants (F602, a Guild card)
/// and Partisan Seizing (F603, an ability card kept in play, not a Guild
/// card); the objective marker on the printed start space (12 / 11 / 10,
/// campaign-components.md §1).
#[test]
fn f601a_partisan_setup() {
    let informants = id("ARCS-F602");
    let seizing = id("ARCS-F603");
    for (players, start) in [(3u8, 11u8), (2, 12), (4, 10)] {
        let me = Seat(1);
        let s = partisan_setup(players, 5, me);
        let st = s.seat(me);
        assert!(st.guild().contains(&informants), "{players}p");
        assert_eq!(st.abilities(), &[seizing], "{players}p");
        assert!(
            !st.guild().contains(&seizing),
            "an ability is no Guild card"
        );
        assert!(!st.lore().contains(&seizing));
        let c = s.campaign().unwrap();
        assert_eq!(c.objective[me.index()], start, "{players} players");
        // The rest of the table gained nothing; the Partisan takes no
        // First Regent tile (the initiative holder does).
        for x in s.seat_ids().filter(|x| *x != me) {
            assert!(!s.seat(x).guild().contains(&informants));
            assert!(s.seat(x).abilities().is_empty());
        }
        assert_eq!(c.first_regent, Some(s.initiative));
        // Both cards' powers are the seat's (the hook bits are current).
        assert!(st.hooks_are_current());
        assert_eq!(cards::holder_of(&s, seizing), Some(me));
        assert_eq!(cards::seizes_by_outrage(&s, me), Some(seizing));
        assert_eq!(cards::seizes_by_outrage(&s, Seat(0)), None);
    }
}

/// Without Fates (and in base games) no seat holds an ability card, and
/// views carry no `abilities` field: their JSON is as before.
#[test]
fn abilities_stay_out_of_views_without_them() {
    for config in [Config::base(3), Config::campaign_without_fates(3)] {
        let g = Game::new(config, 3).unwrap();
        for viewer in [None, Some(Seat(0))] {
            let json = serde_json::to_string(&g.view(viewer)).unwrap();
            assert!(!json.contains("abilities"), "{json}");
        }
        let state = serde_json::to_string(g.state()).unwrap();
        assert!(!state.contains("abilities"));
    }
}

/// Partisan Seizing is public: every seat's view shows it, and the state
/// goes through JSON and back with it.
#[test]
fn partisan_seizing_is_in_every_view() {
    let text = "players 3\nmode campaign\nfate P2 Partisan\nobjective P2 11\n\
                P2 ability F603\nP2 guild F602\nP1 hand ADM4\nP2 hand ADM5\nP3 hand ADM3\n";
    let g = Scenario::parse(text).unwrap().build().unwrap();
    for viewer in [None, Some(Seat(0)), Some(Seat(1)), Some(Seat(2))] {
        let v = g.view(viewer);
        assert_eq!(v.seats[1].abilities, vec![id("ARCS-F603")], "{viewer:?}");
        assert!(v.seats[0].abilities.is_empty());
    }
    let json = serde_json::to_string(g.state()).unwrap();
    let back: GameState = serde_json::from_str(&json).unwrap();
    assert_eq!(&back, g.state());
    assert!(back.seat(Seat(1)).hooks_are_current());
}

const SPY: &str = "players 3
mode campaign
court CC01 CC02 CC03
fate P1 Partisan
objective P1 11
P1 guild F602
system 1.1: P1 ship
system 2.1: P2 ship
system 3.1: P3 ship
P1 hand ADM2 CON4 MOB3
P2 hand ADM6 AGG5
P3 hand MOB2 AGG3
P1 resources - -
P2 resources - -
P3 resources - -
";

/// F602 Spy moves cards between hidden hands: the Rival learns the card
/// it receives and the Partisan the one it gets back, each in a private
/// event; nobody else sees either card, in the log or the view; the
/// Partisan cannot take the Spy back (an undo barrier, R-UNDO-1).
#[test]
fn f602_spy_keeps_hands_hidden_and_is_an_undo_barrier() {
    let mut g = Scenario::parse(SPY).unwrap().build().unwrap();
    let (p1, p2, p3) = (Seat(0), Seat(1), Seat(2));
    let lead = ActionCard::parse("ADM2").unwrap();
    g.apply(p1, Choice::Lead(lead)).unwrap();
    assert_eq!(g.undoable(p1), 1, "leading is undoable");
    let spy = Choice::Act(Act::new_action(StdAction::Influence, id("ARCS-F602")));
    g.apply(p1, spy).unwrap();
    assert_eq!(g.undoable(p1), 2, "choosing to Spy reveals nothing yet");
    g.apply(p1, Choice::Player(p2)).unwrap();
    // Both transfers were taken automatically (one highest card each).
    assert_eq!(g.undoable(p1), 0, "the Spy showed hidden cards");
    let (given, got) = ("Construction 4", "Administration 6");
    for e in g.log() {
        if e.text.contains(given) || e.text.contains(got) {
            assert!(
                e.private_to == Some(p1) || e.private_to == Some(p2),
                "{e:?} is not private"
            );
        }
        if e.private_to == Some(p2) && e.text.contains(given) && e.text.contains("gives you") {
            assert!(e.reveals, "P2 learns the card it receives: {e:?}");
        }
        if e.private_to == Some(p1) && e.text.contains(got) {
            assert!(e.reveals, "P1 learns the card it gets: {e:?}");
        }
        if e.private_to == Some(p1) && e.text.starts_with("You give") {
            assert!(!e.reveals, "P1 knew its own card: {e:?}");
        }
    }
    let v = g.view(Some(p3));
    assert!(v.seats[0].hand.is_none() && v.seats[1].hand.is_none());
    let json = serde_json::to_string(&v).unwrap();
    assert!(!json.contains(given) && !json.contains(got), "{json}");
    // Each seat's own view shows its new card.
    let mine = g.view(Some(p1)).seats[0].hand.clone().unwrap();
    assert!(mine.contains(&ActionCard::parse("ADM6").unwrap()));
    let theirs = g.view(Some(p2)).seats[1].hand.clone().unwrap();
    assert!(theirs.contains(&ActionCard::parse("CON4").unwrap()));
}

/// The Spy's and the seize's choices read in player language.
#[test]
fn partisan_choices_read_in_words() {
    let mut g = Scenario::parse(SPY).unwrap().build().unwrap();
    let p1 = Seat(0);
    g.apply(p1, Choice::Lead(ActionCard::parse("ADM2").unwrap()))
        .unwrap();
    let spy = Choice::Act(Act::new_action(StdAction::Influence, id("ARCS-F602")));
    assert_eq!(
        g.describe_choice(p1, &spy),
        "Spy (an Influence from Informants)"
    );
    g.apply(p1, spy).unwrap();
    let (prompt, words) = g.describe_pending().unwrap();
    assert_eq!(
        prompt,
        "Informants: Give your highest action card to which Rival?"
    );
    assert_eq!(
        words,
        vec![
            "Give your highest action card to P2",
            "Give your highest action card to P3"
        ]
    );

    let seize = "players 3
mode campaign
fate P2 Partisan
objective P2 11
P2 ability F603
P2 guild F602 BC19
P2 cities 4
P2 resources psionic psionic fuel
P1 hand ADM4
P2 hand ADM5 AGG3
P3 hand ADM3
P1 resources - -
P3 resources - -
system 1.1: P1 ship
system 2.1: P2 ship
system 3.1: P3 ship
";
    let mut g = Scenario::parse(seize).unwrap().build().unwrap();
    g.apply(Seat(0), Choice::Lead(ActionCard::parse("ADM4").unwrap()))
        .unwrap();
    g.apply(Seat(0), Choice::EndTurn).unwrap();
    g.apply(Seat(1), Choice::Surpass(ActionCard::parse("ADM5").unwrap()))
        .unwrap();
    let p2 = Seat(1);
    assert_eq!(
        g.describe_choice(p2, &Choice::Resource(Resource::Psionic)),
        "Seize the initiative by Provoking Psionic Outrage (discard your 2 Psionics and \
         Informants)"
    );
    assert_eq!(
        g.describe_choice(p2, &Choice::Resource(Resource::Relic)),
        "Seize the initiative by Provoking Relic Outrage (nothing to discard)"
    );
    assert_eq!(
        g.describe_choice(p2, &Choice::Resource(Resource::Fuel)),
        "Seize the initiative by Provoking Fuel Outrage (discard your Fuel)"
    );
}

/// Random Act I games with the Partisan and the Admiral (2 players, fixed
/// Fates, both seat orders), every invariant checked after each step; the
/// Partisan's cards come into play in them.
#[test]
fn random_games_with_the_partisan_keep_every_invariant() {
    let (mut seized, mut spied) = (0, 0);
    let fates = |i| common::table(i, "Partisan", &["Admiral"], &[2]);
    common::random_games(17, common::games(30), fates, |g| {
        let count = |p: &str| g.log().iter().filter(|e| e.text.contains(p)).count();
        seized += count("seizes the initiative by Provoking");
        spied += count("their highest action card (Informants)");
    });
    assert!(seized > 0, "no seize by Outrage");
    assert!(spied > 0, "no Spy");
}

/// Act II with the Partisan (F615A): random games from its setup, every
/// invariant checked after each step; everyone seizes by Provoking Outrage
/// under the law (F616) and the objective (F615B) advances.
#[test]
fn random_act_two_games_with_the_partisan_keep_every_invariant() {
    let n = common::games(40);
    let (mut advanced, mut seized) = (0, 0);
    for i in 0..n {
        let players = 2 + (i % 3) as u8;
        let mut g = common::act_table("Partisan", 2, players, 700 + i);
        let c = g.state().campaign().unwrap();
        assert!(c.booklet.contains(&id("ARCS-F616")), "F616 in the booklet");
        let start = c.objective[0];
        assert_eq!(start, [18, 14, 12][players as usize - 2], "F615B start");
        common::play_act_randomly(&mut g, i);
        advanced += (g.state().campaign().unwrap().objective[0] < start) as u32;
        seized += common::logged(&g, "by Provoking") as u32;
    }
    assert!(
        advanced > 0,
        "the Partisan's Act II objective never advanced"
    );
    assert!(seized > 0, "nobody seized by Provoking Outrage");
}

/// Act III with the Partisan (F624A): Sower of Division in random play,
/// its agents on Rivals' Outrage slots counted by the invariants.
#[test]
fn random_act_three_games_with_the_sower_keep_every_invariant() {
    let n = common::games(30);
    let mut sown = 0;
    for i in 0..n {
        let players = 2 + (i % 3) as u8;
        let mut g = common::act_table("Partisan", 3, players, 1100 + i);
        assert!(g.state().seat(Seat(0)).lore().contains(&id("ARCS-F625")));
        common::play_act_randomly(&mut g, i);
        sown += common::logged(&g, "Sower of Division: P1 places an agent") as u32;
    }
    eprintln!("{n} Act III games: Sower of Division placed an agent in {sown}");
}
