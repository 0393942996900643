//! The Blight (campaign rules p19): tokens in systems, fresh or damaged,
//! Tough (2 hits to damage or destroy), hitting ships in Blight Crises
//! (p18). The tokens are counted in each system's ship counts under
//! [`Owner::Blight`], but they are no ships: they never control a system
//! and never move.

use crate::event::Sink;
use crate::ids::*;
use crate::log;
use crate::state::{GameState, ShipCount, TrophyKind};

/// Places a Blight token from the supply (or, with the supply empty, from
/// the Trophies of the player with the most Blight Trophies, p19).
pub fn place_blight(s: &mut GameState, sys: SystemId, damaged: bool) -> bool {
    let Some(c) = s.campaign_mut() else {
        return false;
    };
    if c.blight_supply > 0 {
        c.blight_supply -= 1;
    } else {
        let b = Owner::Blight.index();
        let k = TrophyKind::Ship as usize;
        let most = s
            .turn_order()
            .filter(|x| s.seat(*x).trophies[b][k] > 0)
            .max_by_key(|x| s.seat(*x).trophies[b][k]);
        match most {
            Some(x) => s.seat_mut(x).trophies[b][k] -= 1,
            None => return false,
        }
    }
    let mut g = s.sys_mut(sys);
    let b = g.ships_mut(Owner::Blight);
    if damaged {
        b.damaged += 1;
    } else {
        b.fresh += 1;
    }
    true
}

/// Blight in a system.
pub fn blight_in(s: &GameState, sys: SystemId) -> ShipCount {
    s.sys(sys).ships_of(Owner::Blight)
}

/// Systems with any Blight (a bit each).
pub fn blighted(s: &GameState) -> u32 {
    s.board.ships(Owner::Blight)
}

/// A Blight Crisis in `sys` (p18): each fresh Blight deals 3 hits, each
/// damaged one 1. Hits go to Imperial ships first, fresh before damaged;
/// once none remain, each remaining hit is dealt to one Loyal ship of every
/// player present, fresh before damaged (docs/rulings.md R-CAMP-BLC).
/// Destroyed ships return to their owners' supplies.
pub fn crisis(s: &mut GameState, sys: SystemId, ev: &mut dyn Sink) {
    let b = blight_in(s, sys);
    let hits = 3 * b.fresh as u32 + b.damaged as u32;
    if hits == 0 {
        return;
    }
    let mut imperial_lost = 0u32;
    let mut hit_players = [0u32; MAX_SEATS];
    for _ in 0..hits {
        let emp = s.sys(sys).ships_of(Owner::Empire);
        if emp.total() > 0 {
            if hit_ship_no_trophy(s, sys, Owner::Empire) {
                imperial_lost += 1;
            }
            continue;
        }
        let present: Vec<Seat> = s
            .seat_ids()
            .filter(|x| {
                s.sys(sys).ships_of(x.owner()).total() > 0
                    || super::flagship::crisis_target(s, sys, *x).is_some()
            })
            .collect();
        if present.is_empty() {
            break;
        }
        for x in present {
            hit_player(s, sys, x, ev);
            hit_players[x.index()] += 1;
        }
    }
    let mut parts = Vec::new();
    if imperial_lost > 0 || s.sys(sys).ships_of(Owner::Empire).damaged > 0 {
        parts.push("the Imperial ships".to_string());
    }
    for x in s.seat_ids() {
        let n = hit_players[x.index()];
        if n > 0 {
            parts.push(format!("{x} ({n} hit{})", if n == 1 { "" } else { "s" }));
        }
    }
    log!(
        ev,
        "crisis",
        None,
        { systems: vec![sys] },
        "Blight Crisis in {sys}: {hits} hit{} on {}.",
        if hits == 1 { "" } else { "s" },
        if parts.is_empty() {
            "nothing".to_string()
        } else {
            parts.join(", ")
        }
    );
}

/// Hits one ship of `owner` (fresh first), outside battle: a destroyed ship
/// returns to its owner's supply (Imperial ships to the Imperial supply).
/// Returns true if one was destroyed.
/// A Crisis hit on a player's pieces in `sys`: a fresh ship, then the
/// Flagship's board (FS-26/27: the Flagship takes a hit only when no other
/// fresh Loyal ship of its owner is there), then a damaged ship
/// (docs/rulings.md R-CAMP-FLAGSHIP-CRISIS).
fn hit_player(s: &mut GameState, sys: SystemId, seat: Seat, ev: &mut dyn Sink) {
    if s.sys(sys).ships_of(seat.owner()).fresh == 0 {
        if let Some(slot) = super::flagship::crisis_target(s, sys, seat) {
            super::flagship::hit(s, seat, slot, None, ev);
            return;
        }
    }
    hit_ship_no_trophy(s, sys, seat.owner());
}

pub fn hit_ship_no_trophy(s: &mut GameState, sys: SystemId, owner: Owner) -> bool {
    let sh = s.sys(sys).ships_of(owner);
    if sh.total() == 0 {
        return false;
    }
    let damaged = sh.fresh == 0;
    s.hit_ship(sys, owner, damaged, None)
}
