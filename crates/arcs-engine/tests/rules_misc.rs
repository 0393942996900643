//! Rules checked with small inline scenarios (the rest live in
//! `scenarios/`).

use arcs_engine::scenario::run_text;

fn pass(text: &str) {
    let r = run_text(text);
    assert!(r.passed(), "{:#?}", r);
}

/// B-COMP-11, B-FINE-04, B-FINE-07: pieces are limited to the box; a Build
/// needing a ship from an empty supply is not offered.
#[test]
fn b_comp_11_piece_limits() {
    pass(
        "players 2
P1 supply ships 0
system 4.2: P1 3 ships, P1 starport
P1 hand CON2
P2 hand ADM3
do P1 lead CON2
do P1 build
expect legal P1 build city 4.2
expect illegal P1 build ship 4.2
expect P1 ships 0",
    );
}

/// B-MAP-08: gates have no building slots.
#[test]
fn b_map_08_no_buildings_on_gates() {
    pass(
        "players 2
system 4.0: P1 3 ships
system 4.1: P1 ship
P1 hand CON2
P2 hand ADM3
do P1 lead CON2
do P1 build
expect legal P1 build city 4.1
expect illegal P1 build city 4.0
expect illegal P1 build starport 4.0",
    );
}

/// B-GAME-05: Power thresholds are checked only at chapter end: 40 Power
/// mid-chapter does not end the game.
#[test]
fn b_game_05_threshold_only_at_chapter_end() {
    pass(
        "players 3
P1 power 40
P1 hand ADM2 ADM3
P2 hand AGG2
P3 hand MOB2
system 1.1: P1 ship
system 2.1: P2 ship
system 3.1: P3 ship
do P1 lead ADM2
do P1 end
do P2 copy AGG2
do P2 end
do P3 copy MOB2
do P3 end
expect pending P1
expect chapter 1
do P1 lead ADM3
do P1 end
expect over
expect winner P1",
    );
}

/// B-FINE-12, B-ACT-03: the strict order declare/seize → Prelude → pips;
/// each action resolves before the next (a Move must finish before a
/// second action is chosen).
#[test]
fn b_fine_12_strict_turn_order() {
    pass(
        "players 3
P1 hand AGG4 ADM3
P2 hand MOB2
P3 hand CON2
P1 resources fuel -
system 1.1: P1 3 ships
system 2.1: P2 ship
system 3.1: P3 ship
do P1 lead AGG4
expect legal P1 declare warlord
do P1 spend 1 as fuel for move
expect illegal P1 declare warlord
do P1 system 1.1
do P1 ships 1 0
expect prompt move_to
expect illegal P1 move
do P1 system 1.2
expect prompt turn
do P1 move
expect illegal P1 spend 1 as fuel for move",
    );
}

/// B-ACT-02: pips pay for actions; resource actions are extra. A 2-pip
/// card plus a Fuel gives three Moves.
#[test]
fn b_act_02_resources_are_extra_actions() {
    pass(
        "players 3
P1 hand AGG4
P2 hand MOB2
P3 hand CON2
P1 resources fuel -
system 1.1: P1 3 ships
system 2.1: P2 ship
system 3.1: P3 ship
do P1 lead AGG4
do P1 spend 1 as fuel for move
do P1 system 1.1
do P1 ships 1 0
do P1 system 1.2
do P1 move
do P1 system 1.1
do P1 ships 1 0
do P1 system 1.0
do P1 move
do P1 system 1.1
do P1 ships 1 0
do P1 system 1.2
expect system 1.1 P1 ships 0
expect pending P2",
    );
}

/// B-FINE-02 (P-order): simultaneous effects with no one taking a turn are
/// resolved in turn order from the initiative holder: after scoring, P2's
/// Material Cartel (P2 holds the initiative) resolves before P1's Fuel
/// Cartel.
#[test]
fn b_fine_02_simultaneous_effects_in_turn_order() {
    let text = "players 3
initiative P2
P1 guild BC06
P2 guild BC03
P1 resources material -
P2 resources fuel -
P2 hand ADM2
system 1.1: P1 ship
system 2.1: P2 ship
system 3.1: P3 ship
do P2 lead ADM2
do P2 end
expect P1 has material 0
expect P2 has fuel 0";
    let sc = arcs_engine::scenario::Scenario::parse(text).unwrap();
    let r = sc.run();
    assert!(r.passed(), "{r:#?}");
    // Re-run to read the log order.
    let mut g = sc.build().unwrap();
    g.apply(arcs_engine::Seat(1), "lead ADM2".parse().unwrap())
        .unwrap();
    g.apply(arcs_engine::Seat(1), "end".parse().unwrap())
        .unwrap();
    let texts: Vec<&str> = g.log().iter().map(|e| e.text.as_str()).collect();
    let m = texts
        .iter()
        .position(|t| t.contains("P1 discards 1 material"))
        .expect("P1 discards Material");
    let f = texts
        .iter()
        .position(|t| t.contains("P2 discards 1 fuel"))
        .expect("P2 discards Fuel");
    assert!(
        m < f,
        "P2's Cartel (initiative holder) resolves first: {texts:?}"
    );
}
