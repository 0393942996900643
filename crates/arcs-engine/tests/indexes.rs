//! The derived indexes kept in the state for speed (docs/performance.md):
//! the board's per-owner system masks and each seat's card hook bits. They
//! must follow every change and survive a serialize / deserialize trip.

use arcs_engine::cards::{holds, Hook};
use arcs_engine::data::catalog;
use arcs_engine::state::{systems_in, Building, BuildingKind, GameState};
use arcs_engine::{Config, Game, Owner, Seat, StdAction, SystemId};

fn state() -> GameState {
    Game::new(Config::base(3), 7).unwrap().state().clone()
}

fn system(s: &str) -> SystemId {
    SystemId::parse(s).unwrap()
}

#[test]
fn board_index_follows_ships_and_buildings() {
    let mut s = state();
    let o = Seat(0).owner();
    let sys = (0..SystemId::COUNT as u8)
        .map(SystemId)
        .find(|x| {
            let here = s.sys(*x);
            s.is_in_play(*x)
                && !x.is_gate()
                && (0..6).all(|i| !here.has_pieces_of(Owner::from_index(i)))
        })
        .expect("an empty planet");
    assert_eq!(s.board.ships(o) & sys.bit(), 0);

    s.sys_mut(sys).ships_mut(o).damaged += 1;
    assert_ne!(s.board.ships(o) & sys.bit(), 0, "ship indexed");
    assert_ne!(s.board.damaged(o) & sys.bit(), 0, "damaged ship indexed");
    assert!(systems_in(s.board.damaged(o)).any(|x| x == sys));

    s.sys_mut(sys).slots[0] = Some(Building {
        owner: o,
        kind: BuildingKind::Starport,
        damaged: false,
    });
    assert_ne!(s.board.starports(o) & sys.bit(), 0);
    assert_ne!(s.board.buildings(o) & sys.bit(), 0);
    assert_eq!(s.board.cities(o) & sys.bit(), 0);

    {
        let mut guard = s.sys_mut(sys);
        let sh = guard.ships_mut(o);
        sh.damaged -= 1;
    }
    assert_eq!(s.board.ships(o) & sys.bit(), 0, "ship gone");
    assert_eq!(s.board.damaged(o) & sys.bit(), 0, "no damaged piece left");
    assert_ne!(s.board.pieces(o) & sys.bit(), 0, "the starport remains");
    assert_ne!(s.board.others_pieces(Seat(1).owner()) & sys.bit(), 0);
    assert_eq!(s.board.others_pieces(o) & sys.bit(), 0);
    assert!(s.board.index_is_current());

    // Ships changed alone (the guard re-indexes only their owner) beside a
    // damaged building: the building's damage still counts.
    s.sys_mut(sys).slots[0] = Some(Building {
        owner: o,
        kind: BuildingKind::City,
        damaged: true,
    });
    let rival = Seat(1).owner();
    {
        let mut guard = s.sys_mut(sys);
        guard.ships_mut(o).damaged += 2;
        guard.ships_mut(rival).fresh += 1;
        guard.ships_mut(o).damaged -= 2;
    }
    assert_eq!(s.board.ships(o) & sys.bit(), 0);
    assert_ne!(s.board.damaged(o) & sys.bit(), 0, "the damaged city");
    assert_ne!(s.board.ships(rival) & sys.bit(), 0);
    assert_eq!(s.board.damaged(rival) & sys.bit(), 0);
    assert!(s.board.index_is_current());
}

#[test]
fn board_index_is_rebuilt_when_read_back() {
    let mut s = state();
    let sys = system("3.1");
    s.sys_mut(sys).ships_mut(Owner::Empire).fresh += 2;
    let json = serde_json::to_string(&s).unwrap();
    assert!(
        json.contains("\"systems\""),
        "the JSON form keeps its field name"
    );
    let back: GameState = serde_json::from_str(&json).unwrap();
    assert!(back.board.index_is_current());
    assert_ne!(back.board.ships(Owner::Empire) & sys.bit(), 0);
    assert_eq!(back, s);
}

#[test]
fn hook_bits_follow_the_cards_a_seat_holds() {
    let mut s = state();
    let cartel = catalog().lookup("ARCS-BC06").unwrap();
    let seat = Seat(1);
    assert!(!holds(&s, seat, Hook::Prelude));
    assert!(!holds(&s, seat, Hook::HoldsSupply));

    assert!(s.seat_mut(seat).add_guild(cartel));
    assert!(holds(&s, seat, Hook::Prelude));
    assert!(holds(&s, seat, Hook::HoldsSupply));
    assert!(holds(&s, seat, Hook::AfterScoring));
    assert!(!holds(&s, seat, Hook::Bond));
    assert!(!holds(&s, Seat(0), Hook::Prelude), "other seats unchanged");
    assert!(s.seat(seat).hooks_are_current());

    let json = serde_json::to_string(&s).unwrap();
    let back: GameState = serde_json::from_str(&json).unwrap();
    assert!(
        holds(&back, seat, Hook::Prelude),
        "recomputed when read back"
    );
    assert_eq!(back, s);

    assert!(s.seat_mut(seat).remove_guild(cartel));
    assert!(!holds(&s, seat, Hook::Prelude));
    assert!(!s.seat_mut(seat).remove_guild(cartel), "not held any more");
}

#[test]
fn new_action_bits_are_per_standard_action() {
    let bits: Vec<u64> = StdAction::ALL
        .iter()
        .map(|a| Hook::new_action_bit(*a))
        .collect();
    for (i, a) in bits.iter().enumerate() {
        assert_eq!(a.count_ones(), 1);
        assert_eq!(
            a & Hook::NewAction.bit().wrapping_sub(1),
            0,
            "above the flags"
        );
        for b in &bits[i + 1..] {
            assert_ne!(a, b);
        }
    }
    assert!(bits.iter().all(|b| b.leading_zeros() > 0), "fits in a u64");
}
