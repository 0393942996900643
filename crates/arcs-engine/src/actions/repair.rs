//! Repair (B-REP-01).

use crate::choice::{Choice, Piece};
use crate::event::Sink;
use crate::ids::*;
use crate::log;
use crate::state::{systems_in, Building, GameState};

pub fn targets(s: &GameState, seat: Seat) -> impl Iterator<Item = (SystemId, Piece)> + '_ {
    let o = seat.owner();
    systems_in(s.board.damaged(o) & s.in_play)
        .flat_map(move |sys| {
            let ship = (s.sys(sys).ships_of(o).damaged > 0).then_some((
                sys,
                Piece::Ship {
                    owner: o,
                    damaged: true,
                },
            ));
            let buildings = s
                .sys(sys)
                .buildings_of(o)
                .filter(|(_, b)| b.damaged)
                .map(move |(slot, _)| (sys, Piece::Building { slot }));
            ship.into_iter().chain(buildings)
        })
        .chain(crate::campaign::free::repair_targets(s, seat))
        .chain(crate::campaign::flagship::repair_targets(s, seat))
}

pub fn any(s: &GameState, seat: Seat) -> bool {
    s.board.damaged(seat.owner()) & s.in_play != 0 || (s.is_campaign() && campaign_any(s, seat))
}

/// Imperial ships, Free buildings and Flagship boards to repair: out of
/// line, so the base game's check stays small.
#[cold]
#[inline(never)]
fn campaign_any(s: &GameState, seat: Seat) -> bool {
    !crate::campaign::free::repair_targets(s, seat).is_empty()
        || !crate::campaign::flagship::repair_targets(s, seat).is_empty()
}

pub fn choices(s: &GameState, seat: Seat, out: &mut Vec<Choice>) {
    out.extend(targets(s, seat).map(|(system, piece)| Choice::Piece { system, piece }));
}

pub fn resolve(s: &mut GameState, seat: Seat, choice: Choice, ev: &mut dyn Sink) {
    s.pop();
    let Choice::Piece { system, piece } = choice else {
        return;
    };
    repair(s, seat, system, piece, ev);
}

/// Makes a damaged piece fresh.
pub fn repair(s: &mut GameState, seat: Seat, system: SystemId, piece: Piece, ev: &mut dyn Sink) {
    match piece {
        // FS-17: one damaged Upgrade or Armor, wherever the Flagship is.
        Piece::Flagship { owner, .. } => {
            if let Some(slot) = crate::campaign::flagship::slot_of(piece) {
                crate::campaign::flagship::repair(s, owner, slot, ev);
            }
        }
        Piece::Ship { owner, .. } => {
            let mut guard = s.sys_mut(system);
            let sh = guard.ships_mut(owner);
            if sh.damaged > 0 {
                sh.damaged -= 1;
                sh.fresh += 1;
                log!(
                    ev,
                    "repair",
                    Some(seat),
                    { systems: vec![system] },
                    "{seat} repairs a ship in {system}."
                );
            }
        }
        Piece::Building { slot } => {
            if let Some(b) = s.sys(system).slots[slot as usize] {
                s.sys_mut(system).slots[slot as usize] = Some(Building {
                    damaged: false,
                    ..b
                });
                log!(
                    ev,
                    "repair",
                    Some(seat),
                    { systems: vec![system] },
                    "{seat} repairs a {} in {system}.",
                    b.kind.name()
                );
            }
        }
    }
}
