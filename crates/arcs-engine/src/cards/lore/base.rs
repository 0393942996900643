//! Base-game lore L01–L14 (rules-base.md §3.3).

use super::id;
use crate::cards::effects::Effect;
use crate::cards::ll_effects as fx;
use crate::cards::{Behavior, NewAction, Reroll};
use crate::data::DieKind;
use crate::flow::Frame;
use crate::ids::*;

/// C-L01 Summon (Build): once per turn, a ship at any city you control.
pub static TOOL_PRIESTS: Behavior = Behavior {
    code: "ARCS-L01",
    new_actions: &[NewAction {
        name: "Summon",
        std: StdAction::Build,
        possible: |s, seat| fx::summon_possible(s, seat, id("ARCS-L01")),
        start: |s, seat, _, _| {
            s.push(Frame::Effect(Effect::Summon {
                seat,
                card: id("ARCS-L01"),
            }))
        },
    }],
    ..Behavior::NONE
};

/// C-L02 Fire Rifles (Battle): skirmish dice for fresh ships at an
/// adjacent Rival; not a battle (no battle modifiers, AMB-41).
pub static GALACTIC_RIFLES: Behavior = Behavior {
    code: "ARCS-L02",
    new_actions: &[NewAction {
        name: "Fire Rifles",
        std: StdAction::Battle,
        possible: fx::rifles_possible,
        start: |s, seat, _, _| {
            s.push(Frame::Effect(Effect::Rifles {
                seat,
                card: id("ARCS-L02"),
                stage: 0,
                from: SystemId(0),
                at: SystemId(0),
                defender: seat,
                hits: 0,
                roll: Default::default(),
            }))
        },
    }],
    ..Behavior::NONE
};

/// C-L03: fresh ships that moved may move once more (after Catapults).
pub static SPRINTER_DRIVES: Behavior = Behavior {
    code: "ARCS-L03",
    sprint: true,
    ..Behavior::NONE
};

/// C-L04: defending, +1 intercept if the attacker rolled assault dice.
pub static MIRROR_PLATING: Behavior = Behavior {
    code: "ARCS-L04",
    mirror_plating: true,
    ..Behavior::NONE
};

/// C-L05: ships always built fresh; no raid dice against a fresh
/// defending starport.
pub static HIDDEN_HARBORS: Behavior = Behavior {
    code: "ARCS-L05",
    ships_always_fresh: true,
    hidden_harbors: true,
    ..Behavior::NONE
};

/// C-L06: attacking with all ships fresh, ignore 1 intercept.
pub static SIGNAL_BREAKER: Behavior = Behavior {
    code: "ARCS-L06",
    signal_breaker: true,
    ..Behavior::NONE
};

/// C-L07: after attacking, repair 1 attacking ship.
pub static REPAIR_DRONES: Behavior = Behavior {
    code: "ARCS-L07",
    after_battle: Some(|s, seat, b, ev| {
        if b.attacker != seat {
            return;
        }
        let mut guard = s.sys_mut(b.system);
        let sh = guard.ships_mut(seat.owner());
        if sh.damaged > 0 {
            sh.damaged -= 1;
            sh.fresh += 1;
            crate::log!(
                ev,
                "repair",
                Some(seat),
                "{seat} repairs an attacking ship (Repair Drones)."
            );
        }
    }),
    ..Behavior::NONE
};

/// C-L08: starports on gates; Rivals moving into a gate you control with a
/// fresh starport give you a captive.
pub static GATE_PORTS: Behavior = Behavior {
    code: "ARCS-L08",
    build_on_gates: Some(crate::state::BuildingKind::Starport),
    gate_toll: true,
    ..Behavior::NONE
};

/// C-L09: cities outside building slots, one per planet, for a resource
/// of the planet's type.
pub static CLOUD_CITIES: Behavior = Behavior {
    code: "ARCS-L09",
    cloud_cities: true,
    ..Behavior::NONE
};

/// C-L10 Nurture (Build): Tax a Loyal city. Prune (Repair): swap a Loyal
/// starport and city.
pub static LIVING_STRUCTURES: Behavior = Behavior {
    code: "ARCS-L10",
    new_actions: &[
        NewAction {
            name: "Nurture",
            std: StdAction::Build,
            possible: fx::nurture_possible,
            start: |s, seat, source, _| {
                s.push(Frame::Effect(Effect::Nurture {
                    seat,
                    card: id("ARCS-L10"),
                    source,
                }))
            },
        },
        NewAction {
            name: "Prune",
            std: StdAction::Repair,
            possible: fx::prune_possible,
            start: |s, seat, _, _| {
                s.push(Frame::Effect(Effect::Prune {
                    seat,
                    card: id("ARCS-L10"),
                }))
            },
        },
    ],
    ..Behavior::NONE
};

/// C-L11: cities on gates, typed as every city of their cluster.
pub static GATE_STATIONS: Behavior = Behavior {
    code: "ARCS-L11",
    build_on_gates: Some(crate::state::BuildingKind::City),
    ..Behavior::NONE
};

/// C-L12: defending with a fresh ship, the attacker takes 1 hit first.
pub static RAILGUN_ARRAYS: Behavior = Behavior {
    code: "ARCS-L12",
    railgun: true,
    ..Behavior::NONE
};

/// C-L13: a resource slot on the card (raid cost 4).
pub static ANCIENT_HOLDINGS: Behavior = Behavior {
    code: "ARCS-L13",
    card_slot: true,
    ..Behavior::NONE
};

/// C-L14: reroll up to 1 assault die per fresh attacking ship.
pub static SEEKER_TORPEDOES: Behavior = Behavior {
    code: "ARCS-L14",
    reroll: Some(Reroll {
        kinds: 1 << DieKind::Assault as u8,
        what: "reroll assault dice (one per fresh attacking ship)",
        max: |s, seat, _, b| {
            b.map(|b| s.sys(b.system).ships_of(seat.owner()).fresh)
                .unwrap_or(0)
        },
        outside_battle: false,
    }),
    ..Behavior::NONE
};
