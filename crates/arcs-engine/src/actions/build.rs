//! Build (B-BLD), with the build modifiers of leaders and lore.

use crate::campaign::flagship;
use crate::cards;
use crate::choice::{BuildTarget, Choice};
use crate::event::Sink;
use crate::flow::Source;
use crate::ids::*;
use crate::log;
use crate::state::{slot_key, systems_in, Building, BuildingKind, GameState, EXTRA_SLOT};

/// An empty printed building slot of a planet (B-BLD-01, B-MAP-08).
pub fn empty_slot(s: &GameState, sys: SystemId) -> Option<u8> {
    (0..crate::data::building_slots(sys)).find(|&i| s.sys(sys).slots[i as usize].is_none())
}

/// The seat's build modifiers, looked up once per scan.
#[derive(Copy, Clone, Default)]
struct Mods {
    bond: bool,
    gate_city: bool,
    gate_port: bool,
    cloud: bool,
    /// The seat has a Flagship: no Loyal buildings in printed slots, ships
    /// at the Flagship, pieces on its board (campaign p22, FS-07..FS-12).
    flagship: bool,
    /// Book of Liberation (F204): Free buildings too.
    free: bool,
    /// Prospectors (F322): cities without a Loyal piece, where it allows.
    prospects: bool,
}

#[inline(always)]
fn mods(s: &GameState, seat: Seat) -> Mods {
    let flagship = s.is_campaign() && s.has_flagship(seat);
    if s.is_campaign() && prospector(s, seat) {
        return Mods {
            prospects: true,
            ..mods_of_cards(s, seat, flagship)
        };
    }
    mods_of_cards(s, seat, flagship)
}

/// Whether `seat` holds a card like Prospectors (F322): asked of its held
/// cards, in campaign games only.
fn prospector(s: &GameState, seat: Seat) -> bool {
    cards::held_prospects(s, seat)
}

#[inline(always)]
fn mods_of_cards(s: &GameState, seat: Seat, flagship: bool) -> Mods {
    use cards::Hook;
    // One test for the common case: no held card modifies building.
    let any = Hook::Bond.bit()
        | Hook::BuildOnGates.bit()
        | Hook::CloudCities.bit()
        | Hook::BuildsFree.bit();
    if s.seat(seat).hooks() & any == 0 {
        return Mods {
            flagship,
            ..Mods::default()
        };
    }
    Mods {
        flagship,
        bond: cards::bond(s, seat),
        gate_city: cards::builds_on_gates(s, seat, BuildingKind::City),
        gate_port: cards::builds_on_gates(s, seat, BuildingKind::Starport),
        cloud: cards::cloud_cities(s, seat),
        free: cards::builds_free(s, seat),
        prospects: false,
    }
}

/// Book of Liberation (F204): "You may build Free buildings, except in
/// Empire-controlled systems", where the seat may build (a Loyal piece
/// there, B-BLD-01), in an empty printed slot of a planet, from the Free
/// supply. A Free building is not Loyal, so a Flagship does not bar the
/// printed slots (FS-07 is about Loyal buildings; docs/rulings.md
/// R-CAMP-F204).
fn free_building_ok(s: &GameState, seat: Seat, sys: SystemId, kind: BuildingKind) -> bool {
    let Some(c) = s.campaign() else { return false };
    let supply = match kind {
        BuildingKind::City => c.free_cities,
        BuildingKind::Starport => c.free_starports,
    };
    supply > 0
        && !sys.is_gate()
        && s.controller(sys) != Some(Owner::Empire)
        && s.has_loyal_piece(seat, sys)
        && empty_slot(s, sys).is_some()
}

/// A starport in `sys` the seat may build a ship at, unused this turn
/// (B-BLD-03/04); any owner's under Empath's Bond.
#[inline]
fn free_starport(s: &GameState, seat: Seat, sys: SystemId, any_owner: bool) -> Option<u8> {
    let me = seat.owner();
    for (slot, b) in s.sys(sys).slots.iter().enumerate() {
        let Some(b) = b else { continue };
        // Its own starport, any owner's under Empath's Bond, or a Free
        // starport in a system the seat controls (campaign p15; Free
        // pieces exist only in the campaign, so the base game never asks).
        if b.kind == BuildingKind::Starport
            && (b.owner == me
                || any_owner
                || (b.owner == Owner::Free && crate::campaign::free::may_use(s, seat, sys)))
            && s.turn.starports_used & slot_key(sys, slot as u8) == 0
        {
            return Some(slot as u8);
        }
    }
    None
}

/// The slot a building of `kind` would take in `sys`: a printed slot, or a
/// gate's extra slot (Gate Ports, Gate Stations; one per gate). With a
/// Flagship, never a printed slot (FS-07; the gate's extra slot is outside
/// them, FS-08).
fn building_slot(s: &GameState, sys: SystemId, kind: BuildingKind, m: Mods) -> Option<u8> {
    if sys.is_gate() {
        let free = s.sys(sys).slots[EXTRA_SLOT as usize].is_none();
        let allowed = match kind {
            BuildingKind::City => m.gate_city,
            BuildingKind::Starport => m.gate_port,
        };
        (free && allowed).then_some(EXTRA_SLOT)
    } else if m.flagship {
        None
    } else {
        empty_slot(s, sys)
    }
}

/// Cloud Cities: a city outside the slots, one per planet, paid for.
fn cloud_ok(s: &GameState, seat: Seat, sys: SystemId, m: Mods) -> bool {
    m.cloud
        && !sys.is_gate()
        && s.sys(sys).slots[EXTRA_SLOT as usize].is_none()
        && cards::cloud_payable(s, seat, sys)
}

/// Systems where the seat might build: its pieces (B-BLD-01) or a
/// starport (B-BLD-03, any owner's under Empath's Bond).
fn candidates(s: &GameState, seat: Seat, m: Mods) -> u32 {
    // Prospectors (F322): any planet may take a city.
    if m.prospects {
        return s.in_play;
    }
    let free = if s.is_campaign() {
        s.board.pieces(Owner::Free)
    } else {
        0
    };
    (s.board.pieces(seat.owner()) | s.board.any_starports() | free) & s.in_play
}

/// B-BLD-01: a Loyal piece in `sys`, or a Free building the seat acts with
/// like a Loyal one (F222).
fn presence(s: &GameState, seat: Seat, sys: SystemId) -> bool {
    s.has_loyal_piece(seat, sys)
        || (s.is_campaign() && crate::campaign::free::loyal_presence(s, seat, sys))
}

pub fn targets(s: &GameState, seat: Seat) -> impl Iterator<Item = (BuildTarget, SystemId)> + '_ {
    let st = s.seat(seat);
    let m = mods(s, seat);
    systems_in(candidates(s, seat, m)).flat_map(move |sys| {
        // At most 6: a city (or a Prospectors city), a starport, a Cloud City,
        // a Free city, a Free starport and a ship.
        let mut v: arrayvec::ArrayVec<(BuildTarget, SystemId), 6> = arrayvec::ArrayVec::new();
        let here = presence(s, seat, sys);
        // Prospectors (F322): a city without a Loyal piece there.
        if !here
            && m.prospects
            && st.cities > 0
            && cards::prospects(s, seat, sys)
            && building_slot(s, sys, BuildingKind::City, m).is_some()
        {
            v.push((BuildTarget::City, sys));
        }
        if (st.cities > 0 || st.starports > 0) && here {
            if st.cities > 0 && building_slot(s, sys, BuildingKind::City, m).is_some() {
                v.push((BuildTarget::City, sys));
            }
            if st.starports > 0 && building_slot(s, sys, BuildingKind::Starport, m).is_some() {
                v.push((BuildTarget::Starport, sys));
            }
            if st.cities > 0 && cloud_ok(s, seat, sys, m) {
                v.push((BuildTarget::CloudCity, sys));
            }
        }
        if m.free {
            if free_building_ok(s, seat, sys, BuildingKind::City) {
                v.push((BuildTarget::FreeCity, sys));
            }
            if free_building_ok(s, seat, sys, BuildingKind::Starport) {
                v.push((BuildTarget::FreeStarport, sys));
            }
        }
        if st.ships > 0
            && (free_starport(s, seat, sys, m.bond).is_some()
                || (m.flagship && flagship::may_build_ship(s, seat, sys)))
        {
            v.push((BuildTarget::Ship, sys));
        }
        v
    })
}

pub fn any(s: &GameState, seat: Seat) -> bool {
    // A plain loop: this runs for every listing of a turn's choices.
    let st = s.seat(seat);
    let m = mods(s, seat);
    let o = seat.owner();
    // A ship at an unused starport (B-BLD-03/04; any owner's under Bond).
    if m.flagship && flagship_any(s, seat) {
        return true;
    }
    if st.ships > 0 {
        let ports = if m.bond {
            s.board.any_starports()
        } else if s.is_campaign() {
            s.board.starports(o) | s.board.starports(Owner::Free)
        } else {
            s.board.starports(o)
        };
        if systems_in(ports & s.in_play).any(|sys| free_starport(s, seat, sys, m.bond).is_some()) {
            return true;
        }
    }
    if m.prospects
        && st.cities > 0
        && systems_in(s.in_play).any(|sys| {
            cards::prospects(s, seat, sys) && building_slot(s, sys, BuildingKind::City, m).is_some()
        })
    {
        return true;
    }
    if m.free
        && systems_in(s.board.pieces(o) & s.in_play).any(|sys| {
            free_building_ok(s, seat, sys, BuildingKind::City)
                || free_building_ok(s, seat, sys, BuildingKind::Starport)
        })
    {
        return true;
    }
    // A building where the seat has pieces (B-BLD-01).
    if st.cities == 0 && st.starports == 0 {
        return false;
    }
    let at = if s.is_campaign() {
        s.board.pieces(o) | s.board.pieces(Owner::Free)
    } else {
        s.board.pieces(o)
    };
    systems_in(at & s.in_play).any(|sys| {
        presence(s, seat, sys)
            && ((st.cities > 0 && building_slot(s, sys, BuildingKind::City, m).is_some())
                || (st.starports > 0 && building_slot(s, sys, BuildingKind::Starport, m).is_some())
                || (st.cities > 0 && cloud_ok(s, seat, sys, m)))
    })
}

/// A ship at the Flagship or a piece on its board (FS-09, FS-12).
#[cold]
fn flagship_any(s: &GameState, seat: Seat) -> bool {
    let ship = s.seat(seat).ships > 0
        && s.flagship_at(seat)
            .is_some_and(|at| flagship::may_build_ship(s, seat, at));
    ship || flagship::can_build(s, seat)
}

pub fn choices(s: &GameState, seat: Seat, out: &mut Vec<Choice>) {
    out.extend(targets(s, seat).map(|(kind, system)| Choice::Build { kind, system }));
    if s.is_campaign() {
        flagship::build_choices(s, seat, out);
    }
}

/// Places a city from the leftmost board slot (B-BLD-02) into `slot`,
/// damaged if someone else controls the system (B-BLD-05).
pub fn place_city(s: &mut GameState, seat: Seat, system: SystemId, slot: u8, ev: &mut dyn Sink) {
    place_building(s, seat, system, slot, BuildingKind::City, ev);
}

fn place_building(
    s: &mut GameState,
    seat: Seat,
    system: SystemId,
    slot: u8,
    kind: BuildingKind,
    ev: &mut dyn Sink,
) {
    // Built by way of a Free building acted with like a Loyal one: fresh
    // (F222).
    let damaged = s.controlled_by_other(seat, system)
        && !(s.is_campaign() && crate::campaign::free::loyal_presence(s, seat, system));
    match kind {
        BuildingKind::City => s.seat_mut(seat).cities -= 1,
        BuildingKind::Starport => s.seat_mut(seat).starports -= 1,
    }
    s.sys_mut(system).slots[slot as usize] = Some(Building {
        owner: seat.owner(),
        kind,
        damaged,
    });
    let how = if damaged {
        " damaged (a Rival controls it)"
    } else {
        ""
    };
    log!(
        ev,
        "build",
        Some(seat),
        { systems: vec![system] },
        "{seat} builds a {} in {system}{how}.",
        kind.name()
    );
}

/// Builds a Free building (Book of Liberation, F204): from the Free supply
/// into an empty printed slot, damaged if someone else controls the system
/// (B-BLD-05); on a planet, the builder's Outrage of its type is cleared.
fn build_free(
    s: &mut GameState,
    seat: Seat,
    system: SystemId,
    kind: BuildingKind,
    ev: &mut dyn Sink,
) {
    if !free_building_ok(s, seat, system, kind) {
        return;
    }
    let Some(slot) = empty_slot(s, system) else {
        return;
    };
    let damaged = s.controlled_by_other(seat, system);
    if let Some(c) = s.campaign_mut() {
        match kind {
            BuildingKind::City => c.free_cities -= 1,
            BuildingKind::Starport => c.free_starports -= 1,
        }
    }
    s.sys_mut(system).slots[slot as usize] = Some(Building {
        owner: Owner::Free,
        kind,
        damaged,
    });
    let how = if damaged {
        " damaged (a Rival controls it)"
    } else {
        ""
    };
    log!(
        ev,
        "build",
        Some(seat),
        { systems: vec![system] },
        "{seat} builds a Free {} in {system}{how} (Book of Liberation).",
        kind.name()
    );
    // "When you build a Free building on a planet, clear your Outrage of
    // its type."
    if let Some(r) = s.planet_type(system) {
        cards::clear_outrage(s, seat, r, ev);
    }
}

pub fn resolve(s: &mut GameState, seat: Seat, _source: Source, choice: Choice, ev: &mut dyn Sink) {
    s.pop();
    if let Choice::BuildBoard { upgrade, kind } = choice {
        flagship::build(s, seat, upgrade, kind, ev);
        return;
    }
    let Choice::Build { kind, system } = choice else {
        return;
    };
    match kind {
        BuildTarget::City | BuildTarget::Starport => {
            let bk = if kind == BuildTarget::City {
                BuildingKind::City
            } else {
                BuildingKind::Starport
            };
            let Some(slot) = building_slot(s, system, bk, mods(s, seat)) else {
                return;
            };
            place_building(s, seat, system, slot, bk, ev);
        }
        BuildTarget::CloudCity => cards::pay_for_cloud_city(s, seat, system),
        BuildTarget::FreeCity => build_free(s, seat, system, BuildingKind::City, ev),
        BuildTarget::FreeStarport => build_free(s, seat, system, BuildingKind::Starport, ev),
        BuildTarget::Ship => {
            // an unused starport first, keeping the Flagship's
            // allowance (FS-12) for later in the turn.
            let slot = free_starport(s, seat, system, cards::bond(s, seat));
            match slot {
                Some(slot) => s.turn.starports_used |= slot_key(system, slot),
                None if flagship::may_build_ship(s, seat, system) => s.turn.flagship_ships += 1,
                None => return,
            }
            // Commonwealth Membership (F222): a ship built at a Free
            // starport acted with like a Loyal one is placed fresh.
            let as_loyal = s.is_campaign()
                && slot.is_some_and(|i| {
                    s.sys(system).slots[i as usize].is_some_and(|b| b.owner == Owner::Free)
                })
                && crate::campaign::free::as_loyal(s, seat, system);
            let damaged = s.controlled_by_other(seat, system)
                && !cards::ships_always_fresh(s, seat)
                && !as_loyal;
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
                { systems: vec![system] },
                "{seat} builds a ship in {system}{how}."
            );
            if let Some(slot) = slot {
                cards::after_build_ship(s, seat, system, slot, ev);
            }
        }
    }
}
