//! Build (B-BLD).

use crate::choice::{BuildTarget, Choice};
use crate::event::Sink;
use crate::flow::Source;
use crate::ids::*;
use crate::log;
use crate::state::{slot_key, Building, BuildingKind, GameState};

/// An empty printed building slot of a planet (B-BLD-01).
pub fn empty_slot(s: &GameState, sys: SystemId) -> Option<u8> {
    (0..crate::data::building_slots(sys)).find(|&i| s.sys(sys).slots[i as usize].is_none())
}

/// A Loyal starport in `sys` that has not built a ship this turn (B-BLD-04).
fn free_starport(s: &GameState, seat: Seat, sys: SystemId) -> Option<u8> {
    s.sys(sys)
        .buildings_of(seat.owner())
        .find(|(slot, b)| {
            b.kind == BuildingKind::Starport && s.turn.starports_used & slot_key(sys, *slot) == 0
        })
        .map(|(slot, _)| slot)
}

pub fn targets(s: &GameState, seat: Seat) -> impl Iterator<Item = (BuildTarget, SystemId)> + '_ {
    let st = s.seat(seat);
    s.systems_in_play().flat_map(move |sys| {
        let mut v: arrayvec::ArrayVec<(BuildTarget, SystemId), 3> = arrayvec::ArrayVec::new();
        if s.has_loyal_piece(seat, sys) && empty_slot(s, sys).is_some() {
            if st.cities > 0 {
                v.push((BuildTarget::City, sys));
            }
            if st.starports > 0 {
                v.push((BuildTarget::Starport, sys));
            }
        }
        if st.ships > 0 && free_starport(s, seat, sys).is_some() {
            v.push((BuildTarget::Ship, sys));
        }
        v
    })
}

pub fn any(s: &GameState, seat: Seat) -> bool {
    targets(s, seat).next().is_some()
}

pub fn choices(s: &GameState, seat: Seat, out: &mut Vec<Choice>) {
    out.extend(targets(s, seat).map(|(kind, system)| Choice::Build { kind, system }));
}

pub fn resolve(s: &mut GameState, seat: Seat, _source: Source, choice: Choice, ev: &mut dyn Sink) {
    s.pop();
    let Choice::Build { kind, system } = choice else {
        return;
    };
    // B-BLD-05: damaged if anyone else controls the system at placement.
    let damaged = s.controlled_by_other(seat, system);
    let how = if damaged {
        " damaged (a Rival controls it)"
    } else {
        ""
    };
    match kind {
        BuildTarget::City | BuildTarget::Starport => {
            let Some(slot) = empty_slot(s, system) else {
                return;
            };
            let bk = if kind == BuildTarget::City {
                // B-BLD-02: the leftmost city leaves the board.
                s.seat_mut(seat).cities -= 1;
                BuildingKind::City
            } else {
                s.seat_mut(seat).starports -= 1;
                BuildingKind::Starport
            };
            s.sys_mut(system).slots[slot as usize] = Some(Building {
                owner: seat.owner(),
                kind: bk,
                damaged,
            });
            log!(
                ev,
                "build",
                Some(seat),
                "{seat} builds a {} in {system}{how}.",
                bk.name()
            );
        }
        BuildTarget::Ship => {
            let Some(slot) = free_starport(s, seat, system) else {
                return;
            };
            s.turn.starports_used |= slot_key(system, slot);
            let damaged = damaged && !crate::cards::ships_always_fresh(s, seat);
            s.place_ships(seat.owner(), system, 1, damaged);
            let how = if damaged {
                " damaged (a Rival controls it)"
            } else {
                ""
            };
            log!(
                ev,
                "build",
                Some(seat),
                "{seat} builds a ship in {system}{how}."
            );
        }
    }
}
