//! The Steward (Fate Set 1), Act I: its setup (ARCS-F101A), the words of
//! Dealmakers' Bargain (ARCS-F103) and of a tax under Imperial Authority
//! (ARCS-F102), and random games with the Steward in play. The cards'
//! rules are tested by the scenarios under `scenarios/campaign/steward/`.

mod common;

use arcs_engine::campaign::frame::CampaignFrame;
use arcs_engine::flow::Frame;
use arcs_engine::scenario::Scenario;
use arcs_engine::*;
use common::{card, new_without_fates as new, play};

/// ARCS-F101A Steward Act I setup: gain Imperial Authority (a lore card)
/// and Dealmakers (a Guild card), and the First Regent tile — not the
/// initiative holder. The objective marker starts on 20 / 17 / 14 with
/// 2 / 3 / 4 players (campaign-components.md §1). Nobody else gains
/// anything; the rules booklet is unchanged.
#[test]
fn f101a_steward_setup() {
    let (authority, dealmakers) = (card("ARCS-F102"), card("ARCS-F103"));
    for (players, start) in [(2u8, 20u8), (3, 17), (4, 14)] {
        let mut g = new(players, 9);
        let booklet = g.state().campaign().unwrap().booklet;
        {
            let s = g.state_mut_for_tests();
            let c = s.campaign.as_mut().unwrap();
            c.first_regent = None;
            c.fates[1] = CardId::parse("ARCS-FATE01"); // P2 the Steward
            s.push_for_tests(Frame::Campaign(CampaignFrame::FateSetup { idx: 0 }));
        }
        let mut s = g.state().clone();
        assert!(s.seat(Seat(1)).lore().is_empty());
        s.advance(&mut NoEvents);
        let p2 = s.seat(Seat(1));
        assert_eq!(p2.lore(), [authority], "{players} players");
        assert_eq!(p2.guild(), [dealmakers], "{players} players");
        for x in [0usize, 2, 3].into_iter().filter(|x| *x < players as usize) {
            assert!(s.seat(Seat(x as u8)).guild().is_empty(), "seat {x}");
            assert!(s.seat(Seat(x as u8)).lore().is_empty(), "seat {x}");
        }
        let c = s.campaign().unwrap();
        assert_eq!(c.objective[1], start, "{players} players");
        assert_ne!(s.initiative, Seat(1));
        assert_eq!(c.first_regent, Some(Seat(1)), "{players} players");
        assert_eq!(c.booklet, booklet, "{players} players");
        assert!(c.is_regent(Seat(1)));
    }
}

/// With the Admiral in play the Steward still takes the First Regent tile,
/// whichever of the two sets up first (the Admiral's setup leaves the tile
/// alone when the Steward plays).
#[test]
fn f101a_the_steward_takes_the_tile_beside_the_admiral() {
    for (steward, admiral) in [(0usize, 1usize), (1, 0), (2, 1)] {
        let mut g = new(3, 4);
        {
            let s = g.state_mut_for_tests();
            let c = s.campaign.as_mut().unwrap();
            c.first_regent = None;
            c.fates[steward] = CardId::parse("ARCS-FATE01");
            c.fates[admiral] = CardId::parse("ARCS-FATE07");
            s.push_for_tests(Frame::Campaign(CampaignFrame::FateSetup { idx: 0 }));
        }
        let mut s = g.state().clone();
        s.advance(&mut NoEvents);
        let c = s.campaign().unwrap();
        assert_eq!(
            c.first_regent,
            Some(Seat(steward as u8)),
            "Steward P{}, Admiral P{}",
            steward + 1,
            admiral + 1
        );
        assert!(s
            .seat(Seat(admiral as u8))
            .guild()
            .contains(&card("ARCS-F702")));
    }
}

const BARGAIN: &str = "
players 3
mode campaign
court CC01 CC02 CC03
court-deck CC04 CC05
agents 2 P2 3 P1 1
agents 3 P3 2
fate P1 Steward
P1 guild F103
system 1.1: P1 ship
system 2.1: P2 ship
system 3.1: P3 ship
P1 hand AGG3 ADM4
P2 hand ADM2 MOB3
P3 hand ADM3 MOB2
P1 resources - -
P2 resources - -
P3 resources - -
";

/// ARCS-F103: the Bargain reads in player language — the action on the
/// turn, which Rival secures which card and what follows, each influence
/// and the secure (never a bare "Choose Court 2").
#[test]
fn f103_bargain_in_player_language() {
    let mut g = Scenario::parse(BARGAIN).unwrap().build().unwrap();
    play(&mut g, 0, "lead AGG3");
    let (_, choices) = g.describe_pending().unwrap();
    assert!(
        choices
            .iter()
            .any(|c| c == "Bargain (a Secure from Dealmakers)"),
        "{choices:?}"
    );
    play(&mut g, 0, "secure@F103");
    let (prompt, choices) = g.describe_pending().unwrap();
    assert_eq!(
        prompt,
        "Dealmakers: Which Court card will a Rival secure for your Bargain?"
    );
    assert_eq!(
        choices,
        [
            "P2 secures Mining Interest (Court 2), returning the other agents on it; you then \
             influence 3 times and secure once",
            "P3 secures Construction Union (Court 3), returning the other agents on it; you then \
             influence twice and secure once",
        ]
    );
    play(&mut g, 0, "court 2");
    let (prompt, choices) = g.describe_pending().unwrap();
    assert_eq!(
        prompt,
        "Dealmakers: Place an agent on which Court card (3 agents to place)?"
    );
    assert_eq!(
        choices,
        [
            "Place an agent on Imperial Council in Session (Court 1)",
            "Place an agent on Shipping Interest (Court 2)",
            "Place an agent on Construction Union (Court 3)",
            "Place an agent on Gatekeepers (Court 4)",
        ]
    );
    play(&mut g, 0, "court 2");
    let (prompt, _) = g.describe_pending().unwrap();
    assert_eq!(
        prompt,
        "Dealmakers: Place an agent on which Court card (2 agents to place)?"
    );
    play(&mut g, 0, "court 4");
    play(&mut g, 0, "court 1");
    let (prompt, choices) = g.describe_pending().unwrap();
    assert_eq!(prompt, "Dealmakers: Now secure which Court card?");
    assert_eq!(
        choices,
        [
            "Secure Imperial Council in Session (Court 1)",
            "Secure Shipping Interest (Court 2)",
            "Secure Gatekeepers (Court 4)",
        ]
    );
    play(&mut g, 0, "court 2");
    let s = g.state();
    assert!(s.seat(Seat(1)).guild().contains(&card("ARCS-CC01")));
    assert!(s.seat(Seat(0)).guild().contains(&card("ARCS-CC04")));
    assert_eq!(
        s.seat(Seat(1)).captive_total(),
        0,
        "the Rival captures nobody"
    );
}

/// ARCS-F102: a tax under Imperial Authority names the city as any tax
/// does; a Rival Regent's city where the Truce Law would forbid it is
/// offered.
#[test]
fn f102_tax_in_player_language() {
    let text = "
players 3
mode campaign
court CC01 CC02 CC03
fate P1 Steward
P1 lore F102
system 4.1: empire ship, P2 city, P2 ship
system 1.1: P1 ship, P1 city
P1 hand ADM2 CON2
P2 hand ADM4
P3 hand ADM3
P1 resources - - -
P2 resources - -
P3 resources - -
";
    let mut g = Scenario::parse(text).unwrap().build().unwrap();
    play(&mut g, 0, "lead ADM2");
    play(&mut g, 0, "tax");
    let (_, choices) = g.describe_pending().unwrap();
    assert_eq!(
        choices,
        ["Tax your city in 1.1", "Tax P2's city in 4.1"],
        "{choices:?}"
    );
}

/// Random games with the Steward among fixed Fates (three players twice
/// in three, else two; the Steward in every seat in turn) keep every
/// invariant; the Bargain is used and the objective advances in them.
#[test]
fn random_games_with_the_steward_keep_every_invariant() {
    let n = common::games(24);
    let (mut bargains, mut advanced) = (0, 0);
    let fates = |i| common::table(i, "Steward", &["Admiral", "Founder"], &[3, 3, 2]);
    common::random_games(13, n, fates, |g| {
        bargains += common::logged(g, " bargains with ") as u32;
        advanced += g
            .log()
            .iter()
            .any(|e| e.text.starts_with("Consolidate Your Imperial Power: P"))
            as u32;
    });
    assert!(bargains > 0, "no game used Dealmakers' Bargain");
    assert!(advanced > 0, "no game advanced the Steward's objective");
    eprintln!("{n} games: {bargains} with a Bargain, {advanced} with the objective advancing");
}

/// The cards of the Steward's Act I Resolution (F105–F111) in play: random
/// games from a table with them in the Court and its deck, Imperial
/// Protectors in the rules booklet and an Outlaw among the players, every
/// invariant checked after each step (Tax Collectors' taking, Hunter
/// Squads' rerolls, Empire Falls, the Lesser Regents' declarations).
#[test]
fn random_games_with_the_stewards_resolution_cards_keep_every_invariant() {
    let n = common::games(30);
    let mut seen = [0u32; 3];
    for i in 0..n {
        let players = 2 + (i % 3) as u8;
        let extra = "P1 guild F103 F106 F107 F110\nP1 lore F102\ntitle P2 outlaw\nbooklet F108\n\
                     court F109 F105 F111 CC01\ncourt-deck CC02 CC03 CC04 CC05 CC06\n";
        let mut g = common::table_with("Steward", players, 4100 + i, extra);
        common::play_act_randomly(&mut g, i);
        seen[0] += common::logged(&g, "Tax Collectors:") as u32;
        seen[1] += common::logged(&g, "Empire Falls:") as u32;
        seen[2] += common::logged(&g, "Imperial Protectors:") as u32;
    }
    eprintln!(
        "{n} games: Tax Collectors {}, Empire Falls {}, Imperial Protectors {}",
        seen[0], seen[1], seen[2]
    );
}

/// The Steward's Act II (F112–F121) in play: random games from an Act II
/// table with Imperial Quorum in the rules booklet, the Act II Resolution's
/// cards in the Court and its deck, Imperial ships on the map and an
/// Outlaw, every invariant checked after each step (the Quorum's three
/// steps, Navy Reprisal, Council Insiders, the Imperial Defectors).
#[test]
fn random_games_with_the_stewards_act_two_keep_every_invariant() {
    let n = common::games(30);
    let mut seen = [0u32; 3];
    for i in 0..n {
        let players = 2 + (i % 3) as u8;
        let extra = "act 2\nobjective P1 22\nbooklet F113\nP1 guild F116 F120\ntitle P2 outlaw\n\
                     court F115 F118 F119 CC01\ncourt-deck F121 F117 CC02 CC03 CC04\n\
                     system 5.1: empire 2 ships\nsystem 6.2: empire ship\ntrust fuel 1\n";
        let mut g = common::table_with("Steward", players, 5100 + i, extra);
        common::play_act_randomly(&mut g, i);
        seen[0] += common::logged(&g, "Imperial Quorum") as u32;
        seen[1] += common::logged(&g, "Navy Reprisal:") as u32;
        seen[2] += common::logged(&g, "Imperial Defectors:") as u32;
    }
    eprintln!(
        "{n} games: Imperial Quorum {}, Navy Reprisal {}, Imperial Defectors {}",
        seen[0], seen[1], seen[2]
    );
    assert!(seen[0] > 0, "no game resolved the Imperial Quorum");
}

/// The Steward's Act III (F122–F126): random games from an Act III table
/// with Imperial Sponsor and Govern with Authority, an Outlaw with a city
/// under the Empire, every invariant checked after each step.
#[test]
fn random_games_with_the_stewards_act_three_keep_every_invariant() {
    let n = common::games(30);
    let mut seen = [0u32; 2];
    for i in 0..n {
        let players = 2 + (i % 3) as u8;
        let extra = "act 3\nbooklet F113 F123\nimperium authority yes\nimperium sponsored empath\n\
                     title P2 outlaw\nsystem 2.1: empire 2 ships\nsystem 5.1: empire ship\n\
                     trust relic 1 weapon 1\n";
        let mut g = common::table_with("Steward", players, 6100 + i, extra);
        common::play_act_randomly(&mut g, i);
        seen[0] += common::logged(&g, "Imperial Sponsor") as u32;
        seen[1] += common::logged(&g, "Govern with Authority") as u32;
    }
    eprintln!(
        "{n} games: Imperial Sponsor {}, Govern with Authority {}",
        seen[0], seen[1]
    );
    assert!(seen[0] > 0, "no game resolved Imperial Sponsor");
}
