//! The Empire (campaign rules p10–11): Regents and Outlaws, the First
//! Regent, Empire control and the Presence Law, the Imperial fleet.

use crate::event::Sink;
use crate::flow::Frame;
use crate::ids::*;
use crate::log;
use crate::state::GameState;

/// Whether `seat` is taking its turn now (the Presence Law applies "on a
/// Regent's turn", p10).
pub fn on_turn(s: &GameState, seat: Seat) -> bool {
    s.turn.seat == seat && s.stack.iter().any(|f| matches!(f, Frame::Turn))
}

/// p10 Presence Law: on a Regent's turn, in an Empire-controlled system
/// where they have a Loyal piece, they control it. Never inlined: only
/// campaign states reach it, and inlined it kept `controls` from being
/// inlined on the base game's hot path (issue 19).
#[cold]
#[inline(never)]
pub fn presence(s: &GameState, seat: Seat, sys: SystemId) -> bool {
    s.is_regent(seat)
        && on_turn(s, seat)
        && !fleet_barred(s, seat)
        && (s.has_loyal_piece(seat, sys)
            || crate::cards::ignores_law(s, seat, crate::cards::IGNORE_PRESENCE))
}

/// p10: the First Regent controls every Empire-controlled system for
/// ambitions, objectives and events.
pub fn controls_for_events(s: &GameState, seat: Seat, sys: SystemId) -> bool {
    match s.controller(sys) {
        Some(Owner::Empire) => s.first_regent() == Some(seat) && !fleet_barred(s, seat),
        Some(o) => o == seat.owner(),
        None => false,
    }
}

/// Whether a law in the rules booklet bars `seat` from the Imperial Fleet
/// (a card's `Behavior::bars_fleet`: Martial Law, ARCS-F720).
pub fn fleet_barred(s: &GameState, seat: Seat) -> bool {
    let Some(c) = s.campaign() else { return false };
    c.booklet.iter().any(|&card| {
        crate::cards::behavior(card)
            .and_then(|b| b.bars_fleet)
            .is_some_and(|f| f(s, seat))
    })
}

/// p10 Command the Imperial Fleet: on a Regent's turn, in systems with
/// their Loyal pieces, they may move, repair and battle with Imperial ships
/// and build at them (docs/rulings.md R-CAMP-CMD: Loyal presence is what
/// the command needs; control is asked separately).
pub fn commands_fleet(s: &GameState, seat: Seat, sys: SystemId) -> bool {
    presence(s, seat, sys)
}

/// Flips `seat`'s title to Outlaw (p16 Leave the Empire; the Demand).
/// A First Regent leaving gives the tile to the Regent with the most Power
/// (ties: the first in turn order from the initiative holder,
/// docs/rulings.md R-CAMP-FR); with no Regents left the Trust returns to
/// the supply and the leaver loses 1 Power per resource returned.
pub fn become_outlaw(s: &mut GameState, seat: Seat, ev: &mut dyn Sink) {
    let order: Vec<Seat> = s.turn_order().collect();
    let power: Vec<i32> = s.seats.iter().map(|x| x.power).collect();
    let Some(c) = s.campaign_mut() else { return };
    if c.is_outlaw(seat) {
        return;
    }
    c.outlaws |= 1 << seat.0;
    log!(ev, "title", Some(seat), "{seat} becomes an Outlaw.");
    let was_first = c.first_regent == Some(seat);
    crate::cards::bury_outlaw_cards(s, seat, ev);
    if !was_first {
        return;
    }
    let Some(c) = s.campaign_mut() else { return };
    let next = order
        .iter()
        .copied()
        .filter(|x| c.is_regent(*x))
        .max_by_key(|x| {
            (
                power[x.index()],
                std::cmp::Reverse(order.iter().position(|y| y == x)),
            )
        });
    match next {
        Some(x) => {
            c.first_regent = Some(x);
            log!(
                ev,
                "title",
                Some(x),
                "{x} becomes the First Regent, with the Imperial Trust."
            );
        }
        None => {
            c.first_regent = None;
            let trust = std::mem::take(&mut c.trust);
            let n: i32 = trust.iter().map(|k| *k as i32).sum();
            for r in Resource::ALL {
                s.supply[r.index()] += trust[r.index()];
            }
            s.seat_mut(seat).power -= n;
            log!(
                ev,
                "title",
                Some(seat),
                "No Regents remain: the Imperial Trust returns to the supply ({seat} loses {n} \
                 Power) and the First Regent tile goes to the supply."
            );
        }
    }
}

/// Flips an Outlaw's title to Regent (Invite to Empire, Revive the Empire).
pub fn become_regent(s: &mut GameState, seat: Seat, ev: &mut dyn Sink) {
    let Some(c) = s.campaign_mut() else { return };
    if c.is_regent(seat) {
        return;
    }
    c.outlaws &= !(1 << seat.0);
    log!(ev, "title", Some(seat), "{seat} becomes a Regent.");
}

/// No seat is a Regent.
pub fn no_regents(s: &GameState) -> bool {
    s.seat_ids().all(|x| s.is_outlaw(x))
}

/// p11 Truce Law: a Regent cannot harm or tax a Rival Regent in a system
/// with Imperial ships.
pub fn truce_shields(s: &GameState, seat: Seat, other: Seat, sys: SystemId) -> bool {
    other != seat
        && s.is_regent(seat)
        && s.is_regent(other)
        && s.sys(sys).ships_of(Owner::Empire).total() > 0
        && !crate::cards::ignores_law(s, seat, crate::cards::IGNORE_TRUCE)
}

/// p11: whom `attacker` may choose as defender among the owners with pieces
/// in `sys`. A Regent cannot choose the Empire (it may not harm Imperial
/// ships, Truce Law) nor a Rival Regent where Imperial ships are; an
/// Outlaw may choose a Regent or the Empire. Everyone may choose the Free
/// States (p15), the Blight (p19) and Outlaws.
pub fn may_attack(s: &GameState, attacker: Seat, defender: Owner, sys: SystemId) -> bool {
    // Choosing as defender is harm (p27): a card may forbid it.
    if super::harm::barred(s, attacker, defender, sys) {
        return false;
    }
    match defender {
        Owner::Empire => {
            !s.is_regent(attacker)
                || crate::cards::ignores_law(s, attacker, crate::cards::IGNORE_TRUCE)
        }
        Owner::Seat(d) => !truce_shields(s, attacker, d, sys),
        Owner::Free | Owner::Blight => true,
    }
}

/// p11: the Regent attacker may add the Imperial ships in the system to its
/// attacking ships (docs/rulings.md R-CAMP-IMP: all of them or none).
pub fn may_add_imperial(s: &GameState, attacker: Seat, sys: SystemId) -> bool {
    s.is_regent(attacker) && s.sys(sys).ships_of(Owner::Empire).total() > 0
}

/// Systems where a Regent ignoring the Presence Law may act with Imperial
/// ships alone (Imperial Officers: "you can take actions with any Imperial
/// ships"), a bit each; 0 for everyone else.
pub fn fleet_anywhere(s: &GameState, seat: Seat) -> u32 {
    if s.is_campaign()
        && s.is_regent(seat)
        && on_turn(s, seat)
        && crate::cards::ignores_law(s, seat, crate::cards::IGNORE_PRESENCE)
    {
        s.board.ships(Owner::Empire) & s.in_play
    } else {
        0
    }
}

/// p11: a Regent defender must add the Imperial ships in the system to its
/// defending ships; the Empire defends with them.
pub fn imperial_defend(s: &GameState, defender: Owner, sys: SystemId) -> bool {
    let here = s.sys(sys).ships_of(Owner::Empire).total() > 0;
    match defender {
        Owner::Seat(d) => here && s.is_regent(d),
        _ => false,
    }
}

/// Whether a Catapult move of `seat` entering the gate `to` must end there
/// (campaign p10, p19): any Blight at the gate stops everyone; Empire
/// control stops Outlaws; a Regent's control stops Outlaws and Rival
/// Regents moving without Imperial ships; an Outlaw's control stops
/// everyone else, Regents and Imperial ships alike.
pub fn catapult_stops(s: &GameState, seat: Seat, to: SystemId, with_imperial: bool) -> bool {
    if s.sys(to).ships_of(Owner::Blight).total() > 0 {
        return true;
    }
    match s.controller(to) {
        None => false,
        Some(o) if o == seat.owner() => false,
        Some(Owner::Empire) => s.is_outlaw(seat) || fleet_barred(s, seat),
        Some(Owner::Seat(x)) if s.is_regent(x) => s.is_outlaw(seat) || !with_imperial,
        Some(_) => true,
    }
}
