//! Tax (B-TAX).

use crate::choice::{Choice, Piece};
use crate::event::Sink;
use crate::flow::Source;
use crate::ids::*;
use crate::log;
use crate::state::{slot_key, BuildingKind, GameState};

/// Cities `seat` may tax now: Loyal cities, and Rival cities in systems it
/// controls, each at most once per turn (B-TAX-01/04).
pub fn targets(s: &GameState, seat: Seat) -> impl Iterator<Item = (SystemId, u8)> + '_ {
    s.systems_in_play().flat_map(move |sys| {
        s.sys(sys).buildings().filter_map(move |(slot, b)| {
            if b.kind != BuildingKind::City || s.turn.taxed & slot_key(sys, slot) != 0 {
                return None;
            }
            let ok = if b.owner == seat.owner() {
                crate::cards::may_tax_loyal(s, seat, sys)
            } else {
                s.controls(seat, sys)
            };
            ok.then_some((sys, slot))
        })
    })
}

pub fn any(s: &GameState, seat: Seat) -> bool {
    targets(s, seat).next().is_some()
}

pub fn choices(s: &GameState, seat: Seat, out: &mut Vec<Choice>) {
    out.extend(targets(s, seat).map(|(system, slot)| Choice::Piece {
        system,
        piece: Piece::Building { slot },
    }));
}

pub fn resolve(s: &mut GameState, seat: Seat, source: Source, choice: Choice, ev: &mut dyn Sink) {
    s.pop();
    let Choice::Piece {
        system,
        piece: Piece::Building { slot },
    } = choice
    else {
        return;
    };
    tax_city(s, seat, system, slot, source, ev);
}

/// The Tax itself, also used inside new actions (Nurture) so tax modifiers
/// apply there (B-MOD-01).
pub fn tax_city(
    s: &mut GameState,
    seat: Seat,
    system: SystemId,
    slot: u8,
    source: Source,
    ev: &mut dyn Sink,
) {
    let Some(b) = s.sys(system).slots[slot as usize] else {
        return;
    };
    s.turn.taxed |= slot_key(system, slot);
    log!(
        ev,
        "tax",
        Some(seat),
        "{seat} taxes {}'s city in {system}.",
        b.owner
    );
    for r in crate::cards::city_types(s, system) {
        s.gain(seat, r, ev);
    }
    // B-TAX-03: a Rival city also yields a captive, even without a gain.
    if let Some(owner) = b.owner.seat() {
        if owner != seat {
            if s.seat(owner).agents > 0 {
                s.seat_mut(owner).agents -= 1;
                s.seat_mut(seat).captives[owner.index()] += 1;
                log!(
                    ev,
                    "capture",
                    Some(seat),
                    "{seat} captures an agent of {owner}."
                );
            } else {
                log!(
                    ev,
                    "capture",
                    Some(seat),
                    "{owner} has no agent in supply to capture."
                );
            }
        }
    }
    crate::cards::after_tax(s, seat, source, ev);
}
