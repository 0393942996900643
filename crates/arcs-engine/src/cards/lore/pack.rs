//! Leaders & Lore pack lore L15–L28 (components.md §8; rulings in
//! docs/rulings.md).

use super::id;
use crate::cards::effects::Effect;
use crate::cards::ll_effects as fx;
use crate::cards::{Behavior, NewAction, PreludeAbility, Reroll};
use crate::choice::Loot;
use crate::flow::Frame;
use crate::ids::*;

/// "Prelude: You may discard this to clear your X Outrage."
const fn clear_outrage(r: Resource) -> PreludeAbility {
    PreludeAbility {
        what: match r {
            Resource::Psionic => "clear your Psionic Outrage",
            Resource::Relic => "clear your Relic Outrage",
            Resource::Weapon => "clear your Weapon Outrage",
            _ => "clear your Material and Fuel Outrage",
        },
        discard: true,
        first: false,
        once_per_turn: false,
        possible: match r {
            Resource::Psionic => |s, seat| s.seat(seat).is_outraged(Resource::Psionic),
            Resource::Relic => |s, seat| s.seat(seat).is_outraged(Resource::Relic),
            Resource::Weapon => |s, seat| s.seat(seat).is_outraged(Resource::Weapon),
            _ => |s, seat| {
                s.seat(seat).is_outraged(Resource::Material)
                    || s.seat(seat).is_outraged(Resource::Fuel)
            },
        },
        run: match r {
            Resource::Psionic => {
                |s, seat, _, ev| crate::cards::clear_outrage(s, seat, Resource::Psionic, ev)
            }
            Resource::Relic => {
                |s, seat, _, ev| crate::cards::clear_outrage(s, seat, Resource::Relic, ev)
            }
            Resource::Weapon => {
                |s, seat, _, ev| crate::cards::clear_outrage(s, seat, Resource::Weapon, ev)
            }
            _ => |s, seat, _, ev| {
                crate::cards::clear_outrage(s, seat, Resource::Material, ev);
                crate::cards::clear_outrage(s, seat, Resource::Fuel, ev);
            },
        },
    }
}

/// L15: defending, before dice are collected, move fresh ships in from
/// adjacent systems.
pub static PREDICTIVE_SENSORS: Behavior = Behavior {
    code: "ARCS-L15",
    predictive_sensors: true,
    ..Behavior::NONE
};

/// L16 Guide (Move): any ships between a system with a fresh Loyal
/// starport and an adjacent one, ignoring move modifiers.
pub static FORCE_BEAMS: Behavior = Behavior {
    code: "ARCS-L16",
    new_actions: &[NewAction {
        name: "Guide",
        std: StdAction::Move,
        possible: fx::guide_possible,
        start: |s, seat, _, _| {
            s.push(Frame::Effect(Effect::Guide {
                seat,
                card: id("ARCS-L16"),
                from: None,
                to: None,
                moved: 0,
            }))
        },
    }],
    ..Behavior::NONE
};

/// L17: attacking with no defending buildings, up to 1 raid die.
pub static RAIDER_EXOSUITS: Behavior = Behavior {
    code: "ARCS-L17",
    raid_without_buildings: true,
    ..Behavior::NONE
};

/// L18 Martyr (Move): trade a fresh Loyal ship for another ship there.
pub static SURVIVAL_OVERRIDES: Behavior = Behavior {
    code: "ARCS-L18",
    new_actions: &[NewAction {
        name: "Martyr",
        std: StdAction::Move,
        possible: fx::martyr_possible,
        start: |s, seat, _, _| {
            s.push(Frame::Effect(Effect::Martyr {
                seat,
                card: id("ARCS-L18"),
                system: None,
            }))
        },
    }],
    ..Behavior::NONE
};

/// L19: while Empath is declared, reroll any dice once (battle or not).
pub static EMPATHS_VISION: Behavior = Behavior {
    code: "ARCS-L19",
    reroll: Some(Reroll {
        kinds: 0b111,
        what: "reroll any dice once (Empath's Vision)",
        max: |s, _, roll, _| {
            if s.ambition_declared(Ambition::Empath) {
                roll.n
            } else {
                0
            }
        },
        outside_battle: true,
    }),
    preludes: &[clear_outrage(Resource::Psionic)],
    ..Behavior::NONE
};

/// L20: while Empath is declared, tax any city and build ships and
/// Catapult with any starport as if Loyal (no Captives).
pub static EMPATHS_BOND: Behavior = Behavior {
    code: "ARCS-L20",
    bond: Some(|s| s.ambition_declared(Ambition::Empath)),
    ..Behavior::NONE
};

/// L21: while Keeper is declared, Rivals cannot steal a resource of a type
/// they already have.
pub static KEEPERS_TRUST: Behavior = Behavior {
    code: "ARCS-L21",
    guard: Some(|s, thief, holder, loot| match loot {
        Loot::Slot(i) => {
            s.ambition_declared(Ambition::Keeper)
                && s.seat(holder).resources[i as usize]
                    .is_some_and(|r| s.seat(thief).count_resource(r) > 0)
        }
        Loot::Card(_) => false,
    }),
    preludes: &[clear_outrage(Resource::Relic)],
    ..Behavior::NONE
};

/// L22: while Keeper is declared, Rivals cannot steal a Guild card while
/// you hold resources of its type.
pub static KEEPERS_SOLIDARITY: Behavior = Behavior {
    code: "ARCS-L22",
    guard: Some(|s, _, holder, loot| match loot {
        Loot::Card(c) => {
            s.ambition_declared(Ambition::Keeper)
                && c.info()
                    .suit
                    .is_some_and(|r| s.seat(holder).count_resource(r) > 0)
        }
        Loot::Slot(_) => false,
    }),
    ..Behavior::NONE
};

/// L23: while Warlord is declared, tax cities already taxed this turn.
pub static WARLORDS_CRUELTY: Behavior = Behavior {
    code: "ARCS-L23",
    retax: Some(|s| s.ambition_declared(Ambition::Warlord)),
    preludes: &[clear_outrage(Resource::Weapon)],
    ..Behavior::NONE
};

/// L24: while Warlord is declared, return Trophies in the Prelude to
/// influence once each.
pub static WARLORDS_TERROR: Behavior = Behavior {
    code: "ARCS-L24",
    preludes: &[PreludeAbility {
        what: "return a Trophy to place an agent on a Court card",
        discard: false,
        first: false,
        once_per_turn: false,
        possible: |s, seat| {
            s.ambition_declared(Ambition::Warlord)
                && s.seat(seat).trophy_total() > 0
                && crate::actions::court::can_influence(s, seat)
        },
        run: |s, seat, card, _| s.push(Frame::Effect(Effect::Terror { seat, card })),
    }],
    ..Behavior::NONE
};

/// L25: while Tyrant is declared, return Captives in the Prelude to secure
/// once each; Prelude: discard to clear Weapon Outrage.
pub static TYRANTS_EGO: Behavior = Behavior {
    code: "ARCS-L25",
    preludes: &[
        PreludeAbility {
            what: "return a Captive to secure a Court card",
            discard: false,
            first: false,
            once_per_turn: false,
            possible: |s, seat| {
                s.ambition_declared(Ambition::Tyrant)
                    && s.seat(seat).captive_total() > 0
                    && crate::actions::court::can_secure(s, seat)
            },
            run: |s, seat, card, _| s.push(Frame::Effect(Effect::Ego { seat, card })),
        },
        clear_outrage(Resource::Weapon),
    ],
    ..Behavior::NONE
};

/// L26 Annex (Build): while Tyrant is declared, replace a building you
/// control with a Loyal one of the same kind.
pub static TYRANTS_AUTHORITY: Behavior = Behavior {
    code: "ARCS-L26",
    new_actions: &[NewAction {
        name: "Annex",
        std: StdAction::Build,
        possible: fx::annex_possible,
        start: |s, seat, _, _| {
            s.push(Frame::Effect(Effect::Annex {
                seat,
                card: id("ARCS-L26"),
            }))
        },
    }],
    ..Behavior::NONE
};

/// L27: Prelude, first: while Tycoon is declared, discard all Material and
/// Fuel to declare one undeclared ambition (no zero marker).
pub static TYCOONS_AMBITION: Behavior = Behavior {
    code: "ARCS-L27",
    preludes: &[PreludeAbility {
        what: "discard all your Material and Fuel and declare an undeclared ambition",
        discard: false,
        first: true,
        once_per_turn: false,
        possible: |s, seat| {
            s.ambition_declared(Ambition::Tycoon)
                && s.best_available_marker().is_some()
                && crate::cards::may_declare(s, seat)
                && Ambition::ALL.iter().any(|a| !s.ambition_declared(*a))
                // A real cost: at least one Material or Fuel to discard (R-L27).
                && s.seat(seat).resources.iter().any(|r| matches!(r, Some(Resource::Material | Resource::Fuel)))
        },
        run: |s, seat, card, ev| {
            let mut n = 0;
            for slot in 0..7 {
                if matches!(
                    s.seat(seat).resources[slot],
                    Some(Resource::Material | Resource::Fuel)
                ) {
                    s.discard_slot(seat, slot);
                    n += 1;
                }
            }
            crate::log!(
                ev,
                "discard",
                Some(seat),
                "{seat} discards {n} Material and Fuel (Tycoon's Ambition)."
            );
            s.push(Frame::Effect(Effect::TycoonAmbition { seat, card }));
        },
    }],
    ..Behavior::NONE
};

/// L28: Prelude: while Tycoon is declared, discard Material/Fuel to gain
/// any resource each; Prelude: discard to clear Material and Fuel Outrage.
pub static TYCOONS_CHARM: Behavior = Behavior {
    code: "ARCS-L28",
    preludes: &[
        PreludeAbility {
            what: "trade your Material and Fuel for other resources",
            discard: false,
            first: false,
            once_per_turn: true, // one use already trades "any number" (R-L28)
            possible: |s, seat| {
                s.ambition_declared(Ambition::Tycoon)
                    && s.seat(seat)
                        .resources
                        .iter()
                        .any(|r| matches!(r, Some(Resource::Material | Resource::Fuel)))
            },
            run: |s, seat, card, _| {
                // Each use trades at most the Material and Fuel held when it
                // began (R-L28), so it cannot loop on what it gains.
                let left = s
                    .seat(seat)
                    .resources
                    .iter()
                    .filter(|r| matches!(r, Some(Resource::Material | Resource::Fuel)))
                    .count() as u8;
                s.push(Frame::Effect(Effect::Charm {
                    seat,
                    card,
                    gain: false,
                    left,
                }))
            },
        },
        clear_outrage(Resource::Material),
    ],
    ..Behavior::NONE
};
