//! Bots receive exactly what a person in their seat could know (DESIGN.md
//! §Hidden information; issue 18 item 6: bots saw the Golems' faces at
//! the gates, and search rollouts used them).
//!
//! For positions of random games in every mode, for every seat:
//! * a determinization (a full state the seat imagines from its
//!   observation) shows that seat exactly its view of the real game: what
//!   the bot imagines never contradicts what a person there would see;
//! * the observation of that imagined state is the observation of the real
//!   one: the observation depends on nothing but what the seat may know,
//!   so no hidden part — hands, face-down cards, deck orders, the
//!   discard pile, what the others know of it, the Fates being chosen, the
//!   face-down Golems, the RNG — reaches a bot;
//! * the imagined state is a legal position (every invariant holds).

mod common;

use arcs_engine::config::FateSelection;
use arcs_engine::view::{Observation, View};
use arcs_engine::{Config, Game, Seat};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// Checks every seat's observation of `g`.
fn check_position(g: &Game, rng: &mut ChaCha8Rng, what: &str) {
    let s = g.state();
    for seat in Seat::all(s.players) {
        let obs = g.observation(seat);
        for _ in 0..2 {
            let imagined = obs.determinize(rng);
            let (seen, real) = (
                View::of_state(&imagined, Some(seat)),
                View::of_state(s, Some(seat)),
            );
            if seen != real {
                panic!(
                    "{what}: {seat}'s determinization contradicts its view: {}",
                    differences(&seen, &real)
                );
            }
            let again = Observation::new(&imagined, seat);
            if again != obs {
                panic!(
                    "{what}: {seat}'s observation depends on hidden parts: {}",
                    differences(again.public_state(), obs.public_state())
                );
            }
            if let Err(e) = arcs_engine::invariants::check(&imagined) {
                panic!("{what}: {seat}'s determinization is no legal position: {e}");
            }
        }
    }
}

/// The top-level fields (and campaign fields) in which two values differ,
/// with both values.
fn differences(a: &impl serde::Serialize, b: &impl serde::Serialize) -> String {
    use serde_json::Value;
    fn walk(path: &str, a: &Value, b: &Value, out: &mut Vec<String>) {
        match (a, b) {
            (Value::Object(x), Value::Object(y)) if path.matches('.').count() < 2 => {
                for k in x.keys().chain(y.keys().filter(|k| !x.contains_key(*k))) {
                    let (va, vb) = (
                        x.get(k).unwrap_or(&Value::Null),
                        y.get(k).unwrap_or(&Value::Null),
                    );
                    if va != vb {
                        walk(&format!("{path}.{k}"), va, vb, out);
                    }
                }
            }
            _ => out.push(format!("{path}: {a} vs {b}")),
        }
    }
    let mut out = Vec::new();
    walk(
        "",
        &serde_json::to_value(a).unwrap(),
        &serde_json::to_value(b).unwrap(),
        &mut out,
    );
    out.join("; ")
}

/// Plays random games of `config`, checking every `every`-th position.
fn scan(config: &Config, seeds: std::ops::Range<u64>, every: usize) -> usize {
    let mut checked = 0;
    for seed in seeds {
        let mut g = Game::new(config.clone(), seed).unwrap();
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        for step in 0..3000 {
            let seats = g.deciding_seats();
            if seats.is_empty() {
                break;
            }
            if step % every == 0 {
                check_position(
                    &g,
                    &mut rng,
                    &format!(
                        "{:?} {}p seed {seed} step {step}",
                        config.mode, config.players
                    ),
                );
                checked += 1;
            }
            let seat = seats[rng.gen_range(0..seats.len())];
            let d = g.decision_for(seat).unwrap();
            let c = d.choices[rng.gen_range(0..d.choices.len())];
            g.apply(seat, c).unwrap();
        }
    }
    checked
}

#[test]
fn base_observations_hold_only_what_the_seat_sees() {
    for players in 2..=4 {
        assert!(scan(&Config::base(players), 0..3, 7) > 50);
    }
}

#[test]
fn leaders_and_lore_observations_hold_only_what_the_seat_sees() {
    for players in 2..=4 {
        let mut c = Config::leaders_lore(players);
        c.leaders_lore.second_lore = players == 3;
        assert!(scan(&c, 0..3, 7) > 50);
    }
}

#[test]
fn campaign_observations_hold_only_what_the_seat_sees() {
    // Fates drawn (the Fate choice itself is checked: other seats' offers
    // and picks), and tables with the Caretaker (face-down Golems at the
    // gates), the Believer (the Faithful cards) and the Partisan.
    for players in 2..=4 {
        assert!(scan(&Config::campaign(players), 0..3, 5) > 50);
        let mut c = Config::campaign(players);
        let fates = ["Caretaker", "Believer", "Partisan", "Magnate"];
        c.campaign.fates = FateSelection::Fixed(
            fates[..players as usize]
                .iter()
                .map(|f| f.to_string())
                .collect(),
        );
        assert!(scan(&c, 10..14, 5) > 50);
    }
}

/// Acts II and III with the Believer: the Ideals and the Doctrine are
/// public, face-down Faithful plays are known to be Faithful (their own
/// back) and no more; every determinization agrees with the seat's view.
#[test]
fn believer_act_two_and_three_observations_hold_only_what_the_seat_sees() {
    let mut checked = 0;
    for (act, players) in [(2u8, 3u8), (3, 4), (2, 2)] {
        let extra = if act == 2 {
            "booklet F813 F814\n"
        } else {
            "act 2\nbooklet F813 F821 F823\nfaith doctrine zeal\nfaith ideal tycoon zeal\nfaith supply 4\n"
        };
        let extra = format!(
            "P1 guild F816\nP2 hand FAI3 FAI5 FAI8\nP1 hand FAI9\n\
             court-deck F817 F804 F805 F807 F809 F810\n{extra}"
        );
        let mut g = common::act_table_with("Believer", act, players, act as u64, &extra);
        let mut rng = ChaCha8Rng::seed_from_u64(act as u64);
        for step in 0..1500 {
            let seats = g.deciding_seats();
            if seats.is_empty() {
                break;
            }
            if step % 5 == 0 {
                check_position(&g, &mut rng, &format!("Believer Act {act} step {step}"));
                checked += 1;
            }
            let seat = seats[rng.gen_range(0..seats.len())];
            let d = g.decision_for(seat).unwrap();
            let c = d.choices[rng.gen_range(0..d.choices.len())];
            g.apply(seat, c).unwrap();
        }
    }
    assert!(checked > 100, "{checked}");
}

/// The face-down Golems: a bot knows which gates hold one, never which.
#[test]
fn a_bot_cannot_tell_the_golems_at_the_gates_apart() {
    let mut c = Config::campaign(3);
    c.campaign.fates =
        FateSelection::Fixed(vec!["Caretaker".into(), "Steward".into(), "Admiral".into()]);
    // Two games whose Golems lie differently give the same observation
    // once they lie at the same gates.
    let g = Game::new(c, 3).unwrap();
    let obs = g.observation(Seat(1));
    let golems = |s: &arcs_engine::GameState| s.campaign().unwrap().golems;
    let real = golems(g.state());
    let seen = golems(obs.public_state());
    let mut places: Vec<String> = real.iter().map(|x| format!("{:?}", x.at)).collect();
    let mut seen_places: Vec<String> = seen.iter().map(|x| format!("{:?}", x.at)).collect();
    places.sort();
    seen_places.sort();
    assert_eq!(places, seen_places, "the gates are public");
    let mut sorted = seen_places.clone();
    sorted.sort();
    let order: Vec<String> = seen.iter().map(|x| format!("{:?}", x.at)).collect();
    assert_eq!(order, sorted, "the observation gives them in a fixed order");
    // Determinizations imagine every arrangement.
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    let mut arrangements = std::collections::HashSet::new();
    for _ in 0..200 {
        let d = obs.determinize(&mut rng);
        arrangements.insert(format!("{:?}", golems(&d)));
    }
    assert!(arrangements.len() > 10, "{}", arrangements.len());
}

/// Which lore cards were shuffled into the campaign's Court deck and which
/// stayed in the lore deck (campaign p4 step K): a bot sees the same
/// observation whichever they were, and its determinizations imagine
/// different splits.
#[test]
fn a_bot_cannot_tell_which_lore_cards_are_in_the_court_deck() {
    use arcs_engine::CardId;
    let g = Game::new(Config::campaign(3), 5).unwrap();
    let lore = |s: &arcs_engine::GameState| -> (Vec<CardId>, Vec<CardId>) {
        let is_lore = |c: &&CardId| c.code().starts_with("ARCS-L");
        let mut court: Vec<CardId> = s.court_deck.iter().filter(is_lore).copied().collect();
        let mut deck: Vec<CardId> = s.lore_deck.iter().copied().collect();
        court.sort();
        deck.sort();
        (court, deck)
    };
    let (court, deck) = lore(g.state());
    assert_eq!(court.len(), 3, "one lore card per player in the Court deck");
    assert!(!deck.is_empty(), "the rest is the lore deck");
    let obs = g.observation(Seat(0));
    let (seen_court, seen_deck) = lore(obs.public_state());
    let mut all: Vec<CardId> = court.iter().chain(deck.iter()).copied().collect();
    all.sort();
    assert_eq!(
        seen_court,
        all[..3].to_vec(),
        "the lowest lore cards, not the real ones"
    );
    assert_eq!(seen_deck, all[3..].to_vec());
    let mut rng = ChaCha8Rng::seed_from_u64(2);
    let mut splits = std::collections::HashSet::new();
    for _ in 0..50 {
        splits.insert(format!("{:?}", lore(&obs.determinize(&mut rng)).0));
    }
    assert!(splits.len() > 5, "{}", splits.len());
}

/// What another seat knows of the discard pile (its own face-down cards)
/// is not in a bot's observation: only what every seat knows.
#[test]
fn a_bot_does_not_learn_which_cards_another_seat_discarded_face_down() {
    use arcs_engine::scenario::Scenario;
    let mut g = Scenario::parse(
        "players 3\ninitiative P1\nsystem 3.1: P1 city, P1 ship\nsystem 4.1: P2 ship\n\
         system 5.1: P3 ship\nP1 hand ADM3 CON2\nP2 hand AGG4 MOB5\nP3 hand MOB4 ADM2\n",
    )
    .unwrap()
    .build()
    .unwrap();
    for (seat, c) in [
        (0, "lead ADM3"),
        (0, "end"),
        (1, "copy AGG4"),
        (1, "end"),
        (2, "copy MOB4"),
        (2, "end"),
    ] {
        g.apply(Seat(seat), c.parse().unwrap()).unwrap();
    }
    let agg4 = arcs_engine::ActionCard::parse("AGG4").unwrap();
    assert!(
        g.state().action_discard.contains(&agg4),
        "AGG4 was discarded"
    );
    assert!(g.state().known_discard[1].contains(agg4));
    let obs = g.observation(Seat(0));
    for x in 0..3 {
        assert!(
            !obs.public_state().known_discard[x].contains(agg4),
            "P1's observation shows that P2 knows of its face-down AGG4 (P{})",
            x + 1
        );
    }
    // P2 still knows its own card.
    assert!(g.observation(Seat(1)).public_state().known_discard[1].contains(agg4));
}
