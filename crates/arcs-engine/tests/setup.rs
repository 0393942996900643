//! Standard setup, components and the map (B-COMP, B-MAP, B-SETUP).

use arcs_engine::data::{components, planet_type};
use arcs_engine::state::{BuildingKind, GameState};
use arcs_engine::*;

fn new(players: u8, card: &str, seed: u64) -> GameState {
    let c = Config {
        setup_card: Some(card.into()),
        ..Config::base(players)
    };
    Game::new(c, seed).unwrap().state().clone()
}

/// B-COMP-01/02, B-SETUP-11/12: 2–4 players, full piece sets, Power 0.
#[test]
fn b_comp_01_02_pieces_per_seat() {
    for players in 2..=4 {
        let g = Game::new(Config::base(players), 3).unwrap();
        let s = g.state();
        assert_eq!(s.players, players);
        for seat in s.seat_ids() {
            let st = s.seat(seat);
            let on_map: u8 = s
                .board
                .iter()
                .map(|x| x.ships_of(seat.owner()).total())
                .sum();
            let ports = s
                .board
                .iter()
                .flat_map(|x| x.buildings_of(seat.owner()))
                .filter(|(_, b)| b.kind == BuildingKind::Starport)
                .count() as u8;
            let cities = s
                .board
                .iter()
                .flat_map(|x| x.buildings_of(seat.owner()))
                .filter(|(_, b)| b.kind == BuildingKind::City)
                .count() as u8;
            assert_eq!(st.ships + on_map, 15);
            assert_eq!(st.starports + ports, 5);
            assert_eq!(st.cities + cities, 5);
            assert_eq!(st.agents, 10);
            assert_eq!(st.power, 0, "B-SETUP-12");
        }
    }
}

/// B-COMP-03 / B-SETUP-03: 28 cards with 4 players, 20 (numbers 2–6) otherwise.
#[test]
fn b_comp_03_action_deck() {
    for players in 2..=4 {
        let s = Game::new(Config::base(players), 1).unwrap().state().clone();
        let mut all: Vec<ActionCard> = s.action_discard.iter().copied().collect();
        for seat in s.seat_ids() {
            all.extend(s.seat(seat).hand.iter());
        }
        assert_eq!(all.len(), if players == 4 { 28 } else { 20 });
        if players < 4 {
            assert!(all.iter().all(|c| (2..=6).contains(&c.number())));
        }
    }
}

/// B-COMP-05: 25 resources, 5 of each type.
#[test]
fn b_comp_05_resources() {
    let s = new(3, "3SETUP01", 0);
    let mut n = [0u8; 5];
    for (i, x) in s.supply.iter().enumerate() {
        n[i] += x;
    }
    for seat in s.seat_ids() {
        for r in s.seat(seat).resources.iter().flatten() {
            n[r.index()] += 1;
        }
    }
    assert_eq!(n, [5; 5]);
}

/// B-COMP-06 / B-COMP-07: three dice of six faces; markers 2/0, 3/2, 5/3
/// flipping to 4/2, 6/3, 9/4 (components.md §4, §5).
#[test]
fn b_comp_06_07_dice_and_markers() {
    let c = components();
    for d in arcs_engine::data::DieKind::ALL {
        assert_eq!(c.die(d).len(), 6);
    }
    let s = new(3, "3SETUP01", 0);
    let vals: Vec<(i32, i32)> = (0..3).map(|i| s.markers[i].values(i)).collect();
    assert_eq!(vals, vec![(2, 0), (3, 2), (5, 3)]);
    assert!(
        s.markers.iter().all(|m| !m.flipped && m.at.is_none()),
        "B-SETUP-04"
    );
}

/// B-COMP-10 / B-SETUP-08: 12 setup cards, 4 per player count.
#[test]
fn b_comp_10_setup_cards() {
    let c = components();
    assert_eq!(c.setup_cards.len(), 12);
    for p in 2..=4 {
        assert_eq!(c.setup_cards.iter().filter(|x| x.players == p).count(), 4);
    }
}

/// B-MAP-05/06 / B-SETUP-09: out-of-play clusters (2 with 2–3 players, 1
/// with 4) are impassable; the path marker joins the flanking gates.
#[test]
fn b_map_06_out_of_play_and_path_markers() {
    // 2P Frontiers: clusters 1 and 6 out; gate 5 and gate 2 become adjacent.
    let s = new(2, "2SETUP01", 0);
    for c in [1, 6] {
        for p in 0..4 {
            assert!(!s.is_in_play(SystemId::new(c, p)));
        }
    }
    let g2 = SystemId::new(2, 0);
    let g5 = SystemId::new(5, 0);
    assert!(s.adjacent(g5).any(|x| x == g2));
    assert!(s.adjacent(g2).all(|x| s.is_in_play(x)));
    // 4P: one cluster out.
    let s = new(4, "4SETUP01", 0);
    assert_eq!((0..24u8).filter(|&i| !s.is_in_play(SystemId(i))).count(), 4);
    // 3P Frontiers: 2 and 3 out; gate 1 and gate 4 adjacent.
    let s = new(3, "3SETUP02", 0);
    assert!(s
        .adjacent(SystemId::new(1, 0))
        .any(|x| x == SystemId::new(4, 0)));
}

/// B-MAP-02, B-MAP-03, B-MAP-04: adjacency on the full map.
#[test]
fn b_map_02_03_04_adjacency() {
    let s = new(4, "4SETUP01", 0); // cluster 3 out
    let adj = |a: &str, b: &str| {
        arcs_engine::data::full_adjacency(SystemId::parse(a).unwrap())
            & SystemId::parse(b).unwrap().bit()
            != 0
    };
    assert!(adj("1.0", "2.0") && adj("1.0", "6.0") && !adj("1.0", "3.0"));
    assert!(adj("1.0", "1.1") && adj("1.1", "1.2") && !adj("1.1", "1.3"));
    assert!(adj("2.3", "3.1") && adj("5.3", "6.1"));
    assert!(!adj("1.3", "2.1") && !adj("3.3", "4.1") && !adj("4.3", "5.1") && !adj("6.3", "1.1"));
    let _ = s;
}

/// B-MAP-07: planet types and slots (components.md §1.1).
#[test]
fn b_map_07_planets() {
    assert_eq!(
        planet_type(SystemId::parse("1.1").unwrap()),
        Some(Resource::Weapon)
    );
    assert_eq!(
        planet_type(SystemId::parse("2.3").unwrap()),
        Some(Resource::Relic)
    );
    assert_eq!(planet_type(SystemId::parse("3.0").unwrap()), None);
    assert_eq!(
        arcs_engine::data::building_slots(SystemId::parse("2.3").unwrap()),
        2
    );
}

/// B-SETUP-07: Court of 3 (2p) or 4 (3–4p) face up; the rest is the deck.
#[test]
fn b_setup_07_court() {
    for (p, n) in [(2, 3), (3, 4), (4, 4)] {
        let s = Game::new(Config::base(p), 11).unwrap().state().clone();
        assert_eq!(s.court.len(), n);
        assert!(s.court.iter().all(|c| c.card.is_some()));
        assert_eq!(s.court_deck.len(), 31 - n);
    }
}

/// B-SETUP-10: 2-player resources of the covered planets go on the boxes.
#[test]
fn b_setup_10_two_player_boxes() {
    // 2P Frontiers covers clusters 1 and 6: planets W F M / M F P.
    let s = new(2, "2SETUP01", 0);
    // Material ×2, Fuel ×2 (Tycoon), Weapon ×1 (Warlord), Psionic ×1 (Empath).
    assert_eq!(s.box_resources, [2, 2, 1, 0, 1]);
}

/// B-SETUP-13, B-SETUP-14: A = 3 ships + city, B = 3 ships + starport, C = 2 ships
/// (2p: in each of two C systems); resources of A and B in slots 1 and 2.
#[test]
fn b_setup_13_14_starting_pieces() {
    let s = new(3, "3SETUP01", 0);
    // P1: A 3.3 (weapon), B 5.2 (relic), C 2.0.
    let p1 = Seat(0).owner();
    let sys = |x: &str| s.sys(SystemId::parse(x).unwrap());
    assert_eq!(sys("3.3").ships_of(p1).fresh, 3);
    assert!(sys("3.3")
        .buildings_of(p1)
        .any(|(_, b)| b.kind == BuildingKind::City && !b.damaged));
    assert_eq!(sys("5.2").ships_of(p1).fresh, 3);
    assert!(sys("5.2")
        .buildings_of(p1)
        .any(|(_, b)| b.kind == BuildingKind::Starport));
    assert_eq!(sys("2.0").ships_of(p1).fresh, 2);
    assert_eq!(
        s.seat(Seat(0)).resources[..2],
        [Some(Resource::Weapon), Some(Resource::Relic)]
    );
    assert_eq!(
        s.seat(Seat(0)).cities,
        4,
        "the leftmost city left the board"
    );
    // 2p: two C systems with 2 ships each (AMB-52).
    let s = new(2, "2SETUP01", 0);
    let sys = |x: &str| s.sys(SystemId::parse(x).unwrap());
    assert_eq!(sys("3.0").ships_of(p1).fresh, 2);
    assert_eq!(sys("3.3").ships_of(p1).fresh, 2);
    assert_eq!(s.seat(Seat(0)).ships, 15 - 10);
}

/// B-SETUP-15/16 + B-DRAW-03: six cards each; 2p non-initiative mulligan.
#[test]
fn b_setup_15_mulligan() {
    let mut g = Game::new(Config::base(2), 4).unwrap();
    for seat in g.state().seat_ids() {
        assert_eq!(g.state().seat(seat).hand.len(), 6);
    }
    let Pending::Decision(d) = g.pending() else {
        panic!()
    };
    assert_eq!(d.prompt, Prompt::Mulligan);
    assert_eq!(d.seat, Seat(1), "the player without initiative");
    let before = g.state().seat(Seat(1)).hand;
    g.apply(Seat(1), Choice::Yes).unwrap();
    let after = g.state().seat(Seat(1)).hand;
    assert_eq!(after.len(), 6);
    assert_eq!(
        before.0 & after.0,
        0,
        "the new six come from the undealt cards (AMB-55)"
    );
    // 3p: no mulligan.
    let g = Game::new(Config::base(3), 4).unwrap();
    let Pending::Decision(d) = g.pending() else {
        panic!()
    };
    assert_eq!(d.prompt, Prompt::PlayCard { lead: true });
}

/// B-SETUP-02, B-SETUP-05, B-SETUP-06, B-SETUP-17, B-COMP-08: seat 1 holds
/// the initiative (not seized); the chapter marker is on 1; the zero marker
/// is in the Ambition Declared slot, not on a card.
#[test]
fn b_setup_02_05_06_start() {
    let s = Game::new(Config::base(3), 8).unwrap().state().clone();
    assert_eq!(s.initiative, Seat(0));
    assert_eq!(s.chapter, 1);
    assert!(!s.round.zero_marker);
    assert!(!s.round.seized);
    assert_eq!(
        s.turn_order().collect::<Vec<_>>(),
        vec![Seat(0), Seat(1), Seat(2)]
    );
}

/// B-SETUP-01/08: the setup card is drawn at random for the player count.
#[test]
fn b_setup_08_random_setup_card() {
    let mut seen = std::collections::HashSet::new();
    for seed in 0..40 {
        let s = Game::new(Config::base(3), seed).unwrap().state().clone();
        let card = &components().setup_cards[s.setup_card as usize];
        assert_eq!(card.players, 3);
        seen.insert(card.id.clone());
    }
    assert_eq!(seen.len(), 4);
}

/// B-SETUP-16: every action card not in a hand is in the face-down discard
/// pile, shuffled (two games differ in its order).
#[test]
fn b_setup_16_rest_of_deck_discarded() {
    let a = Game::new(
        Config {
            setup_card: Some("3SETUP01".into()),
            ..Config::base(3)
        },
        1,
    )
    .unwrap()
    .state()
    .clone();
    assert_eq!(a.action_discard.len(), 20 - 18);
    let orders: std::collections::HashSet<Vec<ActionCard>> = (0..10)
        .map(|seed| {
            Game::new(Config::base(4), seed)
                .unwrap()
                .state()
                .action_discard
                .to_vec()
        })
        .collect();
    assert!(orders.len() > 1);
}

/// B-COMP-09: path markers cover the out-of-play clusters: two with 2 or 3
/// players, one with 4; their gates vanish and the ring closes over them.
#[test]
fn b_comp_09_path_markers() {
    for card in &components().setup_cards {
        let s = new(card.players, &card.id, 0);
        let out = (1..=6)
            .filter(|c| !s.is_in_play(SystemId::new(*c, 0)))
            .count();
        assert_eq!(out, if card.players == 4 { 1 } else { 2 }, "{}", card.id);
        let gates: Vec<SystemId> = (1..=6)
            .map(|c| SystemId::new(c, 0))
            .filter(|g| s.is_in_play(*g))
            .collect();
        for g in &gates {
            assert_eq!(
                s.adjacent(*g).filter(|x| x.is_gate()).count(),
                2,
                "{} {g}",
                card.id
            );
        }
    }
}
