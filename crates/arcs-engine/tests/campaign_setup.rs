//! Act I setup (campaign rules p4–6) and the secret Fate choice, checked on
//! real setups over many seeds.

use arcs_engine::campaign::{frame::CampaignFrame, setup::imperial_clusters};
use arcs_engine::flow::Frame;
use arcs_engine::*;

fn new(players: u8, seed: u64) -> Game {
    Game::new(Config::campaign_without_fates(players), seed).unwrap()
}

/// Plays the two placing rounds with the first legal choice each time.
fn place_start(g: &mut Game) {
    loop {
        let Pending::Decision(d) = g.pending() else {
            return;
        };
        if !matches!(d.prompt, Prompt::PlaceStart { .. }) {
            return;
        }
        g.apply(d.seat, d.choices[0]).unwrap();
    }
}

#[test]
fn c_setup_01_to_07_the_table() {
    for seed in 0..40u64 {
        for players in 2..=4u8 {
            let g = new(players, seed);
            let s = g.state();
            let c = s.campaign().unwrap();
            // C-SETUP-01: every cluster in play.
            assert_eq!(s.in_play, (1u32 << 24) - 1);
            // C-SETUP-02: the Council leftmost, then 3 or 4 campaign cards;
            // the deck holds the rest of the 15 and one lore per player.
            let council = CardId::parse("ARCS-AID01A").unwrap();
            assert_eq!(s.court[0].card, Some(council));
            let row = if players == 2 { 3 } else { 4 };
            assert_eq!(s.court.len(), 1 + row);
            let lore = s
                .court_deck
                .iter()
                .filter(|x| x.info().kind == data::CardKind::Lore)
                .count();
            assert_eq!(lore, players as usize);
            assert_eq!(s.court_deck.len(), 15 - row + players as usize);
            assert!(s.court[1..]
                .iter()
                .all(|x| x.card.unwrap().code().starts_with("ARCS-CC")));
            // C-SETUP-03: Guild Envoys Depart with 2 players; the three
            // Govern cards.
            assert_eq!(c.envoys_depart, players == 2);
            let mut p = c.policies.to_vec();
            p.sort_by_key(|x| *x as u8);
            assert_eq!(p.len(), 3);
            p.dedup();
            assert_eq!(p.len(), 3);
            // C-SETUP-04: an Imperial ship in each of the 8 systems of the
            // rolled cluster and the next clockwise.
            let imp = imperial_clusters(c.number_die);
            assert_eq!(imp[1], c.number_die % 6 + 1);
            for sys in SystemId::all() {
                let n = s.sys(sys).ships_of(Owner::Empire);
                let inside = imp.contains(&sys.cluster());
                assert_eq!((n.fresh, n.damaged), (inside as u8, 0), "{sys}");
                // C-SETUP-06: a damaged Blight outside them.
                let b = s.sys(sys).ships_of(Owner::Blight);
                assert_eq!((b.fresh, b.damaged), (0, !inside as u8), "{sys}");
                // C-SETUP-05: Free cities on the rolled symbol outside.
                let symbol = c.event_die.unwrap().symbol;
                let free = s.sys(sys).buildings_of(Owner::Free).count();
                if !inside {
                    assert_eq!(free, (sys.position() == symbol) as usize, "{sys}");
                }
            }
            // C-SETUP-07: 2 players, the Imperial planets' resources on the
            // ambition boxes.
            let boxed: u32 = s.box_resources.iter().map(|x| *x as u32).sum();
            assert_eq!(boxed, if players == 2 { 6 } else { 0 });
            // C-SETUP-10: the initiative holder holds the First Regent
            // tile; everyone is a Regent.
            assert_eq!(c.first_regent, Some(s.initiative));
            assert_eq!(c.outlaws, 0);
        }
    }
}

#[test]
fn c_setup_11_to_13_placing_the_players() {
    for seed in 0..30u64 {
        for players in 2..=4u8 {
            let mut g = new(players, seed);
            // C-SETUP-11: turn order, then reverse turn order.
            let mut order = Vec::new();
            while let Pending::Decision(d) = g.pending() {
                let Prompt::PlaceStart { .. } = d.prompt else {
                    break;
                };
                order.push(d.seat);
                // Every choice is at a planet with an Imperial ship.
                for ch in &d.choices {
                    let Choice::Build { system, .. } = ch else {
                        panic!("{ch}")
                    };
                    assert!(g.state().sys(*system).ships_of(Owner::Empire).total() > 0);
                }
                let ch = d.choices[0];
                let Choice::Build { system, .. } = ch else {
                    unreachable!()
                };
                let before = g.state().seat(d.seat).ships;
                g.apply(d.seat, ch).unwrap();
                assert_eq!(g.state().seat(d.seat).ships, before - 3);
                assert!(g.state().sys(system).ships_of(d.seat.owner()).fresh >= 3);
            }
            let want: Vec<Seat> = (0..players)
                .map(Seat)
                .chain((0..players).rev().map(Seat))
                .collect();
            assert_eq!(order, want, "seed {seed}");
            let s = g.state();
            // Each player has gained the resources of its two planets.
            for x in s.seat_ids() {
                assert_eq!(s.seat(x).resource_count(), 2, "{x}");
            }
            // C-SETUP-12: no empty slot is left on a planet with an
            // Imperial ship.
            for sys in SystemId::all() {
                if !sys.is_gate() && s.sys(sys).ships_of(Owner::Empire).total() > 0 {
                    let slots = data::building_slots(sys);
                    for i in 0..slots {
                        assert!(s.sys(sys).slots[i as usize].is_some(), "{sys} slot {i}");
                    }
                }
            }
            // C-SETUP-13: the deck holds 2 or 3 Event cards.
            let events: u32 = s
                .seat_ids()
                .map(|x| s.seat(x).hand.0 & arcs_engine::ids::CardSet::EVENTS)
                .chain(s.action_discard.iter().map(|c| c.is_event() as u64))
                .map(|b| b.count_ones())
                .sum();
            let want = if players == 4 { 3 } else { 2 };
            assert!(events <= want, "{events} Event cards");
            assert_eq!(
                s.action_deck_size(),
                want as usize + if players == 4 { 28 } else { 20 }
            );
        }
    }
}

#[test]
fn c_setup_13_the_two_player_mulligan_keeps_event_cards() {
    let mut seen = false;
    for seed in 0..200u64 {
        let mut g = new(2, seed);
        place_start(&mut g);
        let Pending::Decision(d) = g.pending() else {
            panic!()
        };
        assert_eq!(d.prompt, Prompt::Mulligan);
        let hand = g.state().seat(d.seat).hand;
        let events = hand.0 >> 28;
        if events == 0 {
            continue;
        }
        seen = true;
        g.apply(d.seat, Choice::Yes).unwrap();
        let after = g.state().seat(d.seat).hand;
        assert_eq!(after.0 >> 28 & events, events, "the Event cards stay");
        assert_eq!(after.len(), 6);
    }
    assert!(seen, "no seed dealt an Event card to the mulligan seat");
}

/// C-SETUP-08: the Fate choice is one decision for all seats; a pick stays
/// hidden until the last seat chooses; then all are revealed.
#[test]
fn c_setup_08_the_fate_choice_is_secret_and_simultaneous() {
    let mut g = new(3, 7);
    let fates = campaign::fates::group('A');
    {
        let s = g.state_mut_for_tests();
        let c = s.campaign.as_mut().unwrap();
        for x in 0..3 {
            c.fate_offer[x] = [Some(fates[2 * x]), Some(fates[2 * x + 1])];
        }
        s.push_for_tests(Frame::Campaign(CampaignFrame::ChooseFate {
            chosen: 0,
            picks: 0,
        }));
    }
    // All three may decide now, each between its own two cards.
    assert_eq!(g.deciding_seats(), vec![Seat(0), Seat(1), Seat(2)]);
    let Pending::Decision(d) = g.pending() else {
        panic!()
    };
    assert_eq!(d.prompt, Prompt::ChooseFate);
    assert_eq!(d.also, vec![Seat(1), Seat(2)]);
    let p3 = g.decision_for(Seat(2)).unwrap();
    assert_eq!(
        p3.choices,
        vec![Choice::Card(fates[4]), Choice::Card(fates[5])]
    );
    // A seat cannot take another's card.
    assert!(g.apply(Seat(2), Choice::Card(fates[0])).is_err());
    // P3 chooses first (out of turn order), its second card.
    g.apply(Seat(2), Choice::Card(fates[5])).unwrap();
    assert_eq!(g.deciding_seats(), vec![Seat(0), Seat(1)]);
    assert!(
        g.apply(Seat(2), Choice::Card(fates[4])).is_err(),
        "only once"
    );
    // Nobody else can see P3's pick: not in views, not in observations.
    for viewer in [Some(Seat(0)), Some(Seat(1)), None] {
        let v = g.view(viewer);
        let cv = v.campaign.unwrap();
        assert!(cv.fates.iter().all(|f| f.is_none()));
        let json = serde_json::to_string(&g.view(viewer)).unwrap();
        assert!(!json.contains(fates[5].code()), "{viewer:?} sees {json}");
        assert!(!json.contains(fates[4].code()), "{viewer:?}");
    }
    let obs = g.observation(Seat(0));
    let text = format!("{:?}", obs.public_state().stack);
    assert!(!text.contains("picks: 4"), "P3's pick leaks: {text}");
    // P3's own view shows its two cards.
    let cv = g.view(Some(Seat(2))).campaign.unwrap();
    assert_eq!(cv.fate_offer, vec![fates[4], fates[5]]);
    g.apply(Seat(0), Choice::Card(fates[0])).unwrap();
    g.apply(Seat(1), Choice::Card(fates[3])).unwrap();
    let c = g.state().campaign().unwrap();
    assert_eq!(
        c.fates[..3],
        [Some(fates[0]), Some(fates[3]), Some(fates[5])]
    );
    assert!(g
        .log()
        .iter()
        .any(|e| e.text.starts_with("The Fates are revealed") && e.private_to.is_none()));
}

/// C-SETUP-09: each Fate's Setup side in turn order, and the objective
/// markers on the printed start spaces for the player count
/// (campaign-components.md §1: Steward 20/17/14, Founder 18/16/14,
/// Admiral 13).
#[test]
fn c_setup_09_objective_markers_start_on_the_printed_space() {
    for (players, want) in [(2u8, [20u8, 18]), (3, [17, 16]), (4, [14, 14])] {
        let mut g = new(players, 3);
        {
            let s = g.state_mut_for_tests();
            let c = s.campaign.as_mut().unwrap();
            c.fates[0] = CardId::parse("ARCS-FATE01"); // Steward
            c.fates[1] = CardId::parse("ARCS-FATE02"); // Founder
            if players > 2 {
                c.fates[2] = CardId::parse("ARCS-FATE07"); // Admiral
            }
            s.push_for_tests(Frame::Campaign(CampaignFrame::FateSetup { idx: 0 }));
        }
        // The pushed setup frame runs by itself.
        let mut s = g.state().clone();
        s.advance(&mut NoEvents);
        let c = s.campaign().unwrap();
        assert_eq!(c.objective[0], want[0], "{players} players, Steward");
        assert_eq!(c.objective[1], want[1], "{players} players, Founder");
        if players > 2 {
            assert_eq!(c.objective[2], 13, "Admiral");
        }
    }
}

/// C-ACT-03: objective markers advance toward 0 and complete there; an
/// advance past 0 stops at 0 (R-CAMP-OBJ).
#[test]
fn c_act_03_objective_markers_advance_to_zero() {
    let mut g = new(2, 1);
    let s = g.state_mut_for_tests();
    {
        let c = s.campaign.as_mut().unwrap();
        c.fates[0] = CardId::parse("ARCS-FATE07");
        c.objective[0] = 5;
    }
    let mut log: Vec<Event> = Vec::new();
    campaign::fates::advance_objective(s, Seat(0), 3, &mut log);
    assert_eq!(s.campaign().unwrap().objective[0], 2);
    assert!(!campaign::fates::objective_complete(
        s.campaign().unwrap(),
        Seat(0)
    ));
    campaign::fates::advance_objective(s, Seat(0), 4, &mut log);
    assert_eq!(s.campaign().unwrap().objective[0], 0);
    assert!(campaign::fates::objective_complete(
        s.campaign().unwrap(),
        Seat(0)
    ));
    assert!(log.iter().any(|e| e.text.contains("objective complete")));
    // Complete for the rest of the Act.
    campaign::fates::advance_objective(s, Seat(0), 2, &mut log);
    assert_eq!(s.campaign().unwrap().objective[0], 0);
}

/// ARCS-F701A Admiral Act I setup: gain Imperial Officers, Use Imperial
/// Foundries to the rules booklet, the First Regent tile unless the
/// Steward is in play.
#[test]
fn f701a_admiral_setup() {
    for steward in [false, true] {
        let mut g = new(3, 5);
        {
            let s = g.state_mut_for_tests();
            let c = s.campaign.as_mut().unwrap();
            c.first_regent = None;
            c.fates[1] = CardId::parse("ARCS-FATE07"); // P2 the Admiral
            if steward {
                c.fates[2] = CardId::parse("ARCS-FATE01");
            }
            s.push_for_tests(Frame::Campaign(CampaignFrame::FateSetup { idx: 0 }));
        }
        let mut s = g.state().clone();
        s.advance(&mut NoEvents);
        let officers = CardId::parse("ARCS-F702").unwrap();
        let foundries = CardId::parse("ARCS-F703").unwrap();
        assert!(s.seat(Seat(1)).guild().contains(&officers));
        let c = s.campaign().unwrap();
        assert!(c.booklet.contains(&foundries));
        // With the Steward in play (P3) the Steward's setup takes the tile.
        let want = if steward { Seat(2) } else { Seat(1) };
        assert_eq!(c.first_regent, Some(want), "steward {steward}");
        assert_eq!(c.objective[1], 13);
    }
}

/// A campaign config's JSON round-trips, with every Fate selection (the
/// save of a campaign game holds its config).
#[test]
fn campaign_configs_round_trip_in_json() {
    use arcs_engine::config::FateSelection;
    for fates in [
        FateSelection::Draw(None),
        FateSelection::Draw(Some(vec!["Admiral".into(), "Steward".into()])),
        FateSelection::Fixed(vec!["Admiral".into(), "Founder".into()]),
        FateSelection::None,
    ] {
        let mut c = Config::campaign(2);
        c.campaign.fates = fates;
        let json = serde_json::to_string(&c).unwrap();
        let back: Config = serde_json::from_str(&json).unwrap();
        assert_eq!(back, c, "{json}");
    }
    // The default campaign config writes no campaign options at all.
    let json = serde_json::to_value(Config::campaign(3)).unwrap();
    assert!(json.get("campaign").is_none(), "{json}");
    let save = Save::of(&new(2, 1)).to_json();
    assert!(Save::from_json(&save).unwrap().load().is_ok());
}
