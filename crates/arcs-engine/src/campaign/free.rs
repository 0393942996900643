//! The Free States (campaign rules p15): a player who controls a system may
//! tax its Free cities (no Captive), build ships at and Catapult from its
//! Free starports, and repair its Free buildings. Battling and raiding the
//! Free States are in `actions/battle.rs`.

use crate::choice::Piece;
use crate::ids::*;
use crate::state::{BuildingKind, GameState};

/// A Free starport in `sys` that `seat` may use (build a ship, Catapult):
/// it controls the system. Returns its slot.
pub fn usable_starport(s: &GameState, seat: Seat, sys: SystemId) -> Option<u8> {
    if !s.is_campaign() || !s.controls(seat, sys) {
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
        if s.controls(seat, sys) {
            for (slot, b) in s.sys(sys).buildings_of(Owner::Free) {
                if b.damaged {
                    v.push((sys, Piece::Building { slot }));
                }
            }
        }
    }
    v
}
