//! The Free States (campaign rules p15): a player who controls a system may
//! tax its Free cities (no Captive), build ships at and Catapult from its
//! Free starports, and repair its Free buildings. Battling and raiding the
//! Free States are in `actions/battle.rs`.

use crate::choice::Piece;
use crate::ids::*;
use crate::state::{BuildingKind, GameState};

/// Whether `seat` may act with the Free buildings of `sys` like Loyal ones
/// whether or not it controls the system: a law says so (Commonwealth
/// Membership, F222: a Member, where the Empire does not control).
/// Pieces built this way are placed fresh.
pub fn as_loyal(s: &GameState, seat: Seat, sys: SystemId) -> bool {
    s.is_campaign()
        && crate::cards::booklet_laws(s)
            .any(|(_, b)| b.free_as_loyal.is_some_and(|f| f(s, seat, sys)))
}

/// Whether `seat` may act with the Free buildings of `sys`: it controls the
/// system (p15), or may act with them like Loyal ones ([`as_loyal`]).
pub fn may_use(s: &GameState, seat: Seat, sys: SystemId) -> bool {
    s.controls(seat, sys) || as_loyal(s, seat, sys)
}

/// A Free building in `sys` that `seat` acts with like a Loyal one, so
/// that it may build there (B-BLD-01) and places fresh (F222).
pub fn loyal_presence(s: &GameState, seat: Seat, sys: SystemId) -> bool {
    s.sys(sys).buildings_of(Owner::Free).next().is_some() && as_loyal(s, seat, sys)
}

/// A Free starport in `sys` that `seat` may use (build a ship, Catapult):
/// it controls the system, or acts with it like a Loyal one. Returns its
/// slot.
pub fn usable_starport(s: &GameState, seat: Seat, sys: SystemId) -> Option<u8> {
    if !s.is_campaign() || !may_use(s, seat, sys) {
        return None;
    }
    s.sys(sys)
        .buildings_of(Owner::Free)
        .find(|(_, b)| b.kind == BuildingKind::Starport)
        .map(|(slot, _)| slot)
}

/// Campaign repairs beyond the seat's own pieces: damaged Imperial ships
/// where it commands the fleet (p10), damaged Free buildings where it
/// controls the system (p15).
pub fn repair_targets(s: &GameState, seat: Seat) -> Vec<(SystemId, Piece)> {
    let mut v = Vec::new();
    if !s.is_campaign() {
        return v;
    }
    let damaged = (s.board.damaged(Owner::Empire) | s.board.damaged(Owner::Free)) & s.in_play;
    for sys in crate::state::systems_in(damaged) {
        if s.sys(sys).ships_of(Owner::Empire).damaged > 0
            && super::empire::commands_fleet(s, seat, sys)
        {
            v.push((
                sys,
                Piece::Ship {
                    owner: Owner::Empire,
                    damaged: true,
                },
            ));
        }
        if may_use(s, seat, sys) {
            for (slot, b) in s.sys(sys).buildings_of(Owner::Free) {
                if b.damaged {
                    v.push((sys, Piece::Building { slot }));
                }
            }
        }
    }
    v
}

/// Replaces the city in `slot` of `sys` with a Free city, damaged if it
/// was (Song of Freedom, p17's replacing rule): the city returns to its
/// owner's board.
pub fn replace_with_free(
    s: &mut GameState,
    sys: SystemId,
    slot: u8,
    ev: &mut dyn crate::event::Sink,
) {
    let Some(b) = s.sys(sys).slots[slot as usize] else {
        return;
    };
    if b.kind != BuildingKind::City || b.owner == Owner::Free {
        return;
    }
    s.sys_mut(sys).slots[slot as usize] = Some(crate::state::Building {
        owner: Owner::Free,
        kind: BuildingKind::City,
        damaged: b.damaged,
    });
    if let Some(c) = s.campaign_mut() {
        c.free_cities = c.free_cities.saturating_sub(1);
    }
    match b.owner {
        Owner::Seat(o) => s.return_cities(o, 1, ev),
        other => super::return_to_supply(s, other, crate::state::TrophyKind::City, 1),
    }
    crate::log!(
        ev,
        "free",
        b.owner.seat(),
        { systems: vec![sys] },
        "{}'s city in {sys} becomes a Free city.",
        b.owner
    );
}
