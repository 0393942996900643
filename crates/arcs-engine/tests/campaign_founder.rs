//! The Founder (Fate Set 2), Act I: its setup (ARCS-F201A), Parade Fleets'
//! choices in player language (ARCS-F202), and random games with the
//! Founder in play; Acts II and III (issue 22): random games from its Act
//! II setup (F212A, the Commonwealth) and its Act III setup (F225A, Mass
//! Call for Armistice, Freedom Fighters), every invariant checked after each
//! step. The cards' rules are tested by the scenarios under
//! `scenarios/campaign/founder/`.

mod common;

use arcs_engine::campaign::frame::CampaignFrame;
use arcs_engine::flow::Frame;
use arcs_engine::scenario::Scenario;
use arcs_engine::*;

use common::new_without_fates as new;

/// ARCS-F201A Founder Act I setup: gain Parade Fleets. The objective
/// marker starts on 18 / 16 / 14 with 2 / 3 / 4 players
/// (campaign-components.md §1); the Founder takes no First Regent tile
/// (the initiative holder does) and adds nothing to the rules booklet.
#[test]
fn f201a_founder_setup() {
    let parade = CardId::parse("ARCS-F202").unwrap();
    for (players, start) in [(2u8, 18u8), (3, 16), (4, 14)] {
        let mut g = new(players, 9);
        let booklet = g.state().campaign().unwrap().booklet;
        {
            let s = g.state_mut_for_tests();
            let c = s.campaign.as_mut().unwrap();
            c.first_regent = None;
            c.fates[1] = CardId::parse("ARCS-FATE02"); // P2 the Founder
            s.push_for_tests(Frame::Campaign(CampaignFrame::FateSetup { idx: 0 }));
        }
        let mut s = g.state().clone();
        assert!(!s.seat(Seat(1)).guild().contains(&parade));
        s.advance(&mut NoEvents);
        assert!(
            s.seat(Seat(1)).guild().contains(&parade),
            "{players} players: P2 gains Parade Fleets"
        );
        assert_eq!(s.seat(Seat(1)).guild().len(), 1, "{players} players");
        for x in [0usize, 2, 3].into_iter().filter(|x| *x < players as usize) {
            assert!(s.seat(Seat(x as u8)).guild().is_empty(), "seat {x}");
        }
        let c = s.campaign().unwrap();
        assert_eq!(c.objective[1], start, "{players} players");
        assert_eq!(c.first_regent, Some(s.initiative), "{players} players");
        assert_eq!(c.booklet, booklet, "{players} players");
        assert!(c.is_regent(Seat(1)));
    }
}

const PARADE: &str = "
players 3
mode campaign
court CC01 CC02 CC03
fate P1 Founder
P1 guild F202
system 5.3: free city
system 6.2: free damaged city
system 1.1: P1 ship
system 2.2: P2 ship
system 3.1: P3 ship
P1 hand ADM2 CON2
P2 hand ADM4
P3 hand ADM3
P1 resources - -
P2 resources - -
P3 resources - -
";

/// P1 takes the choice written `text`.
fn play(g: &mut Game, text: &str) {
    common::play(g, 0, text);
}

/// ARCS-F202: Parade Fleets' questions and choices read in player
/// language (the card's name, the ships, the systems; never a bare
/// "Yes"/"No" or "Choose …").
#[test]
fn f202_parade_fleets_in_player_language() {
    let mut g = Scenario::parse(PARADE).unwrap().build().unwrap();
    play(&mut g, "lead ADM2");
    play(&mut g, "declare tycoon");
    let (prompt, choices) = g.describe_pending().unwrap();
    assert_eq!(prompt, "Parade Fleets: Place 2 fresh ships at a Free city?");
    assert_eq!(
        choices,
        [
            "Place 2 fresh ships in 5.3, at its Free city",
            "Place 2 fresh ships in 6.2, at its Free city",
            "Place no ships",
        ]
    );
    play(&mut g, "system 6.2");
    let (prompt, choices) = g.describe_pending().unwrap();
    assert_eq!(prompt, "Parade Fleets: Become an Outlaw?");
    assert_eq!(
        choices,
        [
            "Become an Outlaw, giving up the First Regent tile",
            "Stay a Regent"
        ]
    );
    play(&mut g, "no");

    // A Regent who is not the First Regent, with one ship left.
    let text = format!("{PARADE}first-regent P2\nP1 supply ships 1 agents 10 starports 5\n");
    let mut g = Scenario::parse(&text).unwrap().build().unwrap();
    play(&mut g, "lead ADM2");
    play(&mut g, "declare tycoon");
    let (prompt, choices) = g.describe_pending().unwrap();
    assert_eq!(prompt, "Parade Fleets: Place 1 fresh ship at a Free city?");
    assert_eq!(choices[0], "Place 1 fresh ship in 5.3, at its Free city");
    play(&mut g, "no");
    let (_, choices) = g.describe_pending().unwrap();
    assert_eq!(choices, ["Become an Outlaw", "Stay a Regent"]);
}

/// Random two-player games with the Founder and the Admiral (both seat
/// orders) keep every invariant, and Parade Fleets is used in them.
#[test]
fn random_games_with_the_founder_keep_every_invariant() {
    let mut paraded = 0;
    let fates = |i| common::table(i, "Founder", &["Admiral"], &[2]);
    common::random_games(11, common::games(24), fates, |g| {
        paraded += g
            .log()
            .iter()
            .any(|e| e.text.starts_with("Parade Fleets: P")) as u32;
    });
    assert!(paraded > 0, "no game placed ships with Parade Fleets");
}

#[test]
fn random_act_two_games_with_the_commonwealth_keep_every_invariant() {
    let n = common::games(40);
    let (mut advanced, mut marker, mut armistice, mut disgrace) = (0, 0, 0, 0);
    for i in 0..n {
        let players = 2 + (i % 3) as u8;
        let mut g = common::act_table("Founder", 2, players, 700 + i);
        let start = g.state().campaign().unwrap().objective[0];
        assert_eq!(start, [12, 14, 16][players as usize - 2], "F212B's start");
        common::play_act_randomly(&mut g, i);
        advanced += (g.state().campaign().unwrap().objective[0] < start) as u32;
        marker += common::logged(&g, "places the Commonwealth Ambition marker") as u32;
        armistice += common::logged(&g, "calls for an Armistice") as u32;
        disgrace += common::logged(&g, "Disgrace:") as u32;
    }
    assert!(
        advanced > 0,
        "the Founder's Act II objective never advanced"
    );
    assert!(
        marker > 0,
        "the Commonwealth Ambition marker was never placed"
    );
    eprintln!(
        "{n} Act II games: objective advanced in {advanced}, marker placed in {marker}, \
         Armistice called in {armistice}, Disgrace in {disgrace}"
    );
}

#[test]
fn random_act_three_games_with_freedom_fighters_keep_every_invariant() {
    let n = common::games(30);
    for i in 0..n {
        let players = 2 + (i % 3) as u8;
        let mut g = common::act_table("Founder", 3, players, 1100 + i);
        assert!(common::logged(&g, "Mass Call for Armistice replaces"));
        common::play_act_randomly(&mut g, i);
    }
}
