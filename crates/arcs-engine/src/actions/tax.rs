//! Tax (B-TAX), with the tax modifiers of leaders and lore.

use crate::cards::{self, TaxDone};
use crate::choice::{Choice, Piece};
use crate::event::Sink;
use crate::flow::Source;
use crate::ids::*;
use crate::log;
use crate::state::{slot_key, systems_in, BuildingKind, GameState};

/// What a Tax target is, for the capture rule.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Target {
    /// A city taxed like a Loyal city (own city, any city under Empath's
    /// Bond, a city in an Empire-controlled system under Imperial
    /// Authority): no captive.
    AsLoyal,
    /// A Rival city: capture an agent (B-TAX-03).
    Rival(Seat),
    /// An empty building slot (Anarchist *Inspiring*).
    EmptySlot,
}

/// The seat's tax modifiers, looked up once per scan.
#[derive(Copy, Clone, Default)]
struct Mods {
    retax: bool,
    bond: bool,
    inspiring: bool,
    loyal_restricted: bool,
    /// Imperial Authority (campaign): any city in an Empire-controlled
    /// system, like a Loyal one.
    imperial: bool,
    /// The Control Array (campaign p25): with the Flagship at a gate, the
    /// cities of that cluster, like Loyal ones (0: none).
    array_cluster: u8,
    /// The Economy (campaign, F327): Closed bars this Regent from cities in
    /// Empire-controlled systems without the matching Monopoly.
    closed: bool,
    /// Open: own cities may be taxed again; `open_any`, the Magnate's: any.
    open_own: bool,
    open_any: bool,
}

fn mods(s: &GameState, seat: Seat) -> Mods {
    use cards::Hook;
    // One test for the common case: no held card modifies taxing.
    let any = Hook::Retax.bit()
        | Hook::Bond.bit()
        | Hook::Inspiring.bit()
        | Hook::TaxLoyal.bit()
        | Hook::TaxImperial.bit();
    let (array_cluster, closed, open_own, open_any) = if s.is_campaign() {
        // The laws of the rules booklet (the Economy, F327).
        let law = cards::tax_law(s, seat);
        (
            crate::campaign::flagship::control_array_cluster(s, seat),
            law.closed,
            law.open_own,
            law.open_any,
        )
    } else {
        (0, false, false, false)
    };
    if s.seat(seat).hooks() & any == 0 {
        return Mods {
            array_cluster,
            closed,
            open_own,
            open_any,
            ..Mods::default()
        };
    }
    Mods {
        array_cluster,
        closed,
        open_own,
        open_any,
        retax: cards::may_retax(s, seat),
        bond: cards::bond(s, seat),
        inspiring: cards::inspiring(s, seat),
        loyal_restricted: !cards::may_tax_loyal_everywhere(s, seat),
        imperial: cards::tax_imperial(s, seat),
    }
}

fn classify(s: &GameState, seat: Seat, sys: SystemId, slot: u8, m: Mods) -> Option<Target> {
    let taxed = s.turn.taxed & slot_key(sys, slot) != 0;
    // B-TAX-04 (Warlord's Cruelty lifts it; so does the Open Economy, F327,
    // for one's own cities, and for any city the Magnate's).
    if taxed
        && !(m.retax
            || m.open_any
            || (m.open_own
                && s.sys(sys).slots[slot as usize].is_some_and(|b| b.owner == seat.owner())))
    {
        return None;
    }
    // The Closed Economy (F327): no city in an Empire-controlled system
    // without the Monopoly of its type.
    if m.closed
        && s.controller(sys) == Some(Owner::Empire)
        && !crate::cards::city_types(s, sys).any(|r| crate::cards::holds_monopoly(s, seat, r))
    {
        return None;
    }
    match s.sys(sys).slots[slot as usize] {
        Some(b) if b.kind == BuildingKind::City => {
            if b.owner == seat.owner() {
                (!m.loyal_restricted || cards::may_tax_loyal(s, seat, sys))
                    .then_some(Target::AsLoyal)
            } else {
                let rival = b.owner.seat();
                let ok = s.controls(seat, sys)
                    || (m.inspiring && s.sys(sys).ships_of(seat.owner()).total() > 0);
                // Imperial Authority: any city in an Empire-controlled
                // system, like a Loyal one, ignoring the Presence and Truce
                // Laws (docs/rulings.md R-CAMP-STEWARD-TAX).
                let imperial = m.imperial && s.controller(sys) == Some(Owner::Empire);
                match rival {
                    // Campaign p11 Truce Law: a Regent does not tax a Rival
                    // Regent's city where Imperial ships are.
                    Some(r)
                        if s.is_campaign()
                            && crate::campaign::empire::truce_shields(s, seat, r, sys) =>
                    {
                        imperial.then_some(Target::AsLoyal)
                    }
                    Some(r) if ok => Some(Target::Rival(r)),
                    None if ok => Some(Target::AsLoyal),
                    // Commonwealth Membership (F222): a Free city where the
                    // Empire does not control, like a Loyal one.
                    None if crate::campaign::free::as_loyal(s, seat, sys) => Some(Target::AsLoyal),
                    // Empath's Bond adds the cities one could not tax
                    // otherwise, taxed like Loyal ones: no captive (R-L20).
                    // The Control Array: no control needed, no Captive;
                    // the Truce Law still holds (docs/flagships.md A-13).
                    _ if m.bond || imperial || m.array_cluster == sys.cluster() => {
                        Some(Target::AsLoyal)
                    }
                    _ => None,
                }
            }
        }
        Some(_) => None,
        None => {
            let printed = slot < crate::data::building_slots(sys);
            (printed
                && m.inspiring
                && s.sys(sys).ships_of(seat.owner()).total() > 0
                && s.planet_type(sys).is_some())
            .then_some(Target::EmptySlot)
        }
    }
}

/// Systems with something to tax: a city (B-TAX-01), or any in-play
/// system under *Inspiring* (empty slots).
fn candidates(s: &GameState, m: Mods) -> u32 {
    if m.inspiring {
        s.in_play
    } else {
        s.board.any_cities() & s.in_play
    }
}

/// Cities (and slots) `seat` may tax now (B-TAX-01/04 and modifiers).
pub fn targets(s: &GameState, seat: Seat) -> impl Iterator<Item = (SystemId, u8)> + '_ {
    let m = mods(s, seat);
    systems_in(candidates(s, m)).flat_map(move |sys| {
        let x = s.sys(sys);
        (0..3u8).filter_map(move |slot| {
            // Only occupied slots can be taxed, except with Inspiring.
            if x.slots[slot as usize].is_none() && !m.inspiring {
                return None;
            }
            classify(s, seat, sys, slot, m).map(|_| (sys, slot))
        })
    })
}

pub fn any(s: &GameState, seat: Seat) -> bool {
    // This runs for every listing of a turn's choices: systems with the
    // seat's own cities first, where an untaxed one is usually found.
    let m = mods(s, seat);
    let all = candidates(s, m);
    let own = s.board.cities(seat.owner()) & all;
    systems_in(own).chain(systems_in(all & !own)).any(|sys| {
        let x = s.sys(sys);
        (0..3u8).any(|slot| {
            (x.slots[slot as usize].is_some() || m.inspiring)
                && classify(s, seat, sys, slot, m).is_some()
        })
    })
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
    do_tax(s, seat, system, slot, source, false, ev);
}

/// Overseer *Ruthless*: tax the same city again (docs/rulings.md R-LEAD10).
pub fn tax_again(s: &mut GameState, seat: Seat, system: SystemId, slot: u8, ev: &mut dyn Sink) {
    do_tax(s, seat, system, slot, Source::Effect, true, ev);
}

fn do_tax(
    s: &mut GameState,
    seat: Seat,
    system: SystemId,
    slot: u8,
    source: Source,
    repeat: bool,
    ev: &mut dyn Sink,
) {
    let target = if repeat {
        match s.sys(system).slots[slot as usize] {
            Some(b) if b.owner != seat.owner() && s.controls(seat, system) => {
                b.owner.seat().map(Target::Rival).unwrap_or(Target::AsLoyal)
            }
            _ => Target::AsLoyal,
        }
    } else {
        match classify(s, seat, system, slot, mods(s, seat)) {
            Some(t) => t,
            None => return,
        }
    };
    s.turn.taxed |= slot_key(system, slot);
    match s.sys(system).slots[slot as usize] {
        Some(b) => log!(
            ev,
            "tax",
            Some(seat),
            { systems: vec![system] },
            "{seat} taxes {} city in {system}.",
            b.owner.possessive()
        ),
        None => log!(
            ev,
            "tax",
            Some(seat),
            { systems: vec![system] },
            "{seat} taxes the empty building slot in {system} (Inspiring)."
        ),
    }
    let types: arrayvec::ArrayVec<Resource, 5> = cards::city_types(s, system).collect();
    match types.len() {
        0 => log!(
            ev,
            "tax",
            Some(seat),
            { systems: vec![system] },
            "The gate city has no type: nothing is gained."
        ),
        1 => {
            // A card may take it from the city's owner instead (Tax
            // Collectors, ARCS-F106).
            let taken = match target {
                Target::Rival(owner) => cards::tax_gain(s, seat, owner, types[0]),
                _ => false,
            };
            if !taken {
                s.gain(seat, types[0], ev);
            }
        }
        _ => {
            // A gate city yields any one of its types (C-L11).
            let mask = types.iter().fold(0u8, |m, r| m | 1 << r.index());
            cards::gain_one_of_city_types(s, seat, mask);
        }
    }
    // B-TAX-03: a Rival city also yields a captive, even without a gain.
    if let Target::Rival(owner) = target {
        if s.seat(owner).agents > 0 {
            s.seat_mut(owner).agents -= 1;
            s.seat_mut(seat).captives[owner.index()] += 1;
            log!(
                ev,
                "capture",
                Some(seat),
                { systems: vec![system] },
                "{seat} captures an agent of {owner}."
            );
            crate::campaign::fates::captured(s, seat, owner, 1, ev);
        } else {
            log!(
                ev,
                "capture",
                Some(seat),
                { systems: vec![system] },
                "{owner} has no agent in supply to capture."
            );
        }
    }
    let done = TaxDone {
        source,
        system,
        slot,
        copy_pivot: cards::is_copy_pivot(s, seat, source),
        repeat,
    };
    cards::after_tax(s, seat, &done, ev);
}
