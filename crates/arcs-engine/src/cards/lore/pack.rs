//! Leaders & Lore pack lore L15–L28 (components.md §8; rulings in
//! docs/rulings.md), and their procedures ([`Effect`]).

use crate::actions::battle::ship_targets;
use crate::cards::frame::Procedure;
use crate::cards::{Behavior, NewAction, PreludeAbility, Reroll};
use crate::choice::{Choice, Loot, Piece};
use crate::describe::{ambition_name, plural, resource_name, trophy_plural, Describer};
use crate::event::Sink;
use crate::flow::Frame;
use crate::ids::*;
use crate::log;
use crate::state::{Building, BuildingKind, GameState, TrophyKind};
use serde::{Deserialize, Serialize};

/// Every pack lore card.
pub static CARDS: &[&Behavior] = &[
    &PREDICTIVE_SENSORS,
    &FORCE_BEAMS,
    &RAIDER_EXOSUITS,
    &SURVIVAL_OVERRIDES,
    &EMPATHS_VISION,
    &EMPATHS_BOND,
    &KEEPERS_TRUST,
    &KEEPERS_SOLIDARITY,
    &WARLORDS_CRUELTY,
    &WARLORDS_TERROR,
    &TYRANTS_EGO,
    &TYRANTS_AUTHORITY,
    &TYCOONS_AMBITION,
    &TYCOONS_CHARM,
];

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
        possible: guide_possible,
        start: |s, seat, _, _| {
            s.push(
                Effect::Guide {
                    seat,
                    card: crate::card_id!("ARCS-L16"),
                    from: None,
                    to: None,
                    moved: 0,
                }
                .into(),
            )
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
        possible: martyr_possible,
        start: |s, seat, _, _| {
            s.push(
                Effect::Martyr {
                    seat,
                    card: crate::card_id!("ARCS-L18"),
                    system: None,
                }
                .into(),
            )
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
        _ => false,
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
        _ => false,
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
        run: |s, seat, card, _| s.push(Effect::Terror { seat, card }.into()),
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
            run: |s, seat, card, _| s.push(Effect::Ego { seat, card }.into()),
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
        possible: annex_possible,
        start: |s, seat, _, _| {
            s.push(
                Effect::Annex {
                    seat,
                    card: crate::card_id!("ARCS-L26"),
                }
                .into(),
            )
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
                && Ambition::ALL.iter().any(|a| {
                    !s.ambition_declared(*a)
                        && crate::campaign::fates::declare_allowed(s, seat, *a)
                })
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
            s.push(Effect::TycoonAmbition { seat, card }.into());
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
                s.push(
                    Effect::Charm {
                        seat,
                        card,
                        gain: false,
                        left,
                    }
                    .into(),
                )
            },
        },
        clear_outrage(Resource::Material),
    ],
    ..Behavior::NONE
};

// ------------------------------------------------------------ procedures

/// The pack lore cards' procedures.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "effect")]
pub enum Effect {
    /// Predictive Sensors: move fresh ships in from an adjacent system;
    /// `flagship` is whether the seat's Flagship there comes too (`None`:
    /// not asked yet).
    Sensors {
        seat: Seat,
        card: CardId,
        system: SystemId,
        from: Option<SystemId>,
        flagship: Option<bool>,
    },
    /// Force Beams' Guide.
    Guide {
        seat: Seat,
        card: CardId,
        from: Option<SystemId>,
        to: Option<SystemId>,
        moved: u8,
    },
    /// Survival Overrides' Martyr.
    Martyr {
        seat: Seat,
        card: CardId,
        system: Option<SystemId>,
    },
    /// Tyrant's Authority's Annex.
    Annex { seat: Seat, card: CardId },
    /// Warlord's Terror: return a Trophy to influence.
    Terror { seat: Seat, card: CardId },
    /// Tyrant's Ego: return a Captive to secure.
    Ego { seat: Seat, card: CardId },
    /// Tycoon's Ambition: declare one undeclared ambition.
    TycoonAmbition { seat: Seat, card: CardId },
    /// Tycoon's Charm: discard Material/Fuel to gain any resource each.
    Charm {
        seat: Seat,
        card: CardId,
        gain: bool,
        left: u8,
    },
}

impl Procedure for Effect {
    fn seat_card(&self) -> (Seat, CardId) {
        use Effect::*;
        match *self {
            Sensors { seat, card, .. }
            | Guide { seat, card, .. }
            | Martyr { seat, card, .. }
            | Annex { seat, card }
            | Terror { seat, card }
            | Ego { seat, card }
            | TycoonAmbition { seat, card }
            | Charm { seat, card, .. } => (seat, card),
        }
    }

    fn what(&self, _s: &GameState) -> String {
        use Effect::*;
        match self {
            Sensors { from: None, .. } => {
                "move fresh ships into the battle from which adjacent system (or none)?".into()
            }
            Sensors { flagship: None, .. } => "move your Flagship into the battle too?".into(),
            Sensors { .. } => "how many fresh ships?".into(),
            Guide { from: None, .. } => "move ships from which system?".into(),
            Guide { to: None, .. } => "to which adjacent system?".into(),
            Guide { .. } => "move which ship (or stop)?".into(),
            Martyr { system: None, .. } => "sacrifice a fresh ship in which system?".into(),
            Martyr { .. } => "destroy which ship?".into(),
            Annex { .. } => "replace which building you control?".into(),
            Terror { .. } => "return which Trophy to influence?".into(),
            Ego { .. } => "return whose Captive to secure?".into(),
            TycoonAmbition { .. } => "declare which undeclared ambition?".into(),
            Charm { gain: false, .. } => "discard which Material or Fuel (or stop)?".into(),
            Charm { .. } => "gain which resource?".into(),
        }
    }

    fn choices(&self, s: &GameState, out: &mut Vec<Choice>) {
        use Effect::*;
        match *self {
            Sensors {
                seat,
                system,
                from: None,
                ..
            } => {
                out.extend(
                    s.adjacent(system)
                        .filter(|x| sensed(s, seat, *x))
                        .map(Choice::System),
                );
                out.push(Choice::Done);
            }
            Sensors { flagship: None, .. } => out.extend([Choice::Yes, Choice::No]),
            Sensors {
                seat,
                from: Some(f),
                flagship: Some(flagship),
                ..
            } => {
                let least = u8::from(!flagship);
                out.extend((least..=s.sys(f).ships_of(seat.owner()).fresh).map(Choice::Count));
            }
            Guide {
                seat, from: None, ..
            } => {
                out.extend(
                    s.systems_in_play()
                        .filter(|a| {
                            has_any_ships(s, *a)
                                && s.adjacent(*a).any(|b| guide_pair(s, seat, *a, b))
                        })
                        .map(Choice::System),
                );
            }
            Guide {
                seat,
                from: Some(f),
                to: None,
                ..
            } => {
                out.extend(
                    s.adjacent(f)
                        .filter(|b| guide_pair(s, seat, f, *b))
                        .map(Choice::System),
                );
            }
            Guide {
                from: Some(f),
                moved,
                ..
            } => {
                for i in 0..s.sys(f).ships.len() {
                    ship_targets(s, f, Owner::from_index(i), out);
                }
                if moved > 0 || out.is_empty() {
                    out.push(Choice::Done);
                }
            }
            Martyr {
                seat, system: None, ..
            } => out.extend(martyr_systems(s, seat).map(Choice::System)),
            Martyr {
                seat,
                system: Some(x),
                ..
            } => {
                for i in 0..s.sys(x).ships.len() {
                    let owner = Owner::from_index(i);
                    if owner != seat.owner() {
                        ship_targets(s, x, owner, out);
                    }
                }
            }
            Annex { seat, .. } => {
                out.extend(annex_targets(s, seat).map(|(system, slot)| Choice::Piece {
                    system,
                    piece: Piece::Building { slot },
                }))
            }
            Terror { seat, .. } => {
                for o in s.seat_ids() {
                    for k in TrophyKind::ALL {
                        if s.seat(seat).trophies[o.index()][k as usize] > 0 {
                            out.push(Choice::Trophy { owner: o, kind: k });
                        }
                    }
                }
            }
            Ego { seat, .. } => {
                out.extend(
                    s.seat_ids()
                        .filter(|o| s.seat(seat).captives[o.index()] > 0)
                        .map(Choice::Player),
                );
            }
            TycoonAmbition { seat, .. } if s.best_available_marker().is_some() => {
                out.extend(
                    Ambition::ALL
                        .into_iter()
                        .filter(|a| {
                            !s.ambition_declared(*a)
                                && crate::campaign::fates::declare_allowed(s, seat, *a)
                        })
                        .map(Choice::Declare),
                );
            }
            // No ambition marker left (the Prelude needs one): no choice.
            TycoonAmbition { .. } => {}
            Charm {
                seat,
                gain: false,
                left,
                ..
            } => {
                let mut seen = Vec::new();
                for (i, r) in s.seat(seat).resources.iter().enumerate() {
                    if left > 0 && matches!(r, Some(Resource::Material | Resource::Fuel)) {
                        let k = (*r, crate::data::SLOT_RAID_COST[i]);
                        if !seen.contains(&k) {
                            seen.push(k);
                            out.push(Choice::Slot(i as u8));
                        }
                    }
                }
                out.push(Choice::Done);
            }
            Charm { gain: true, .. } => {
                crate::cards::shared::supply_choices(s, out);
                if out.is_empty() {
                    out.push(Choice::Done);
                }
            }
        }
    }

    fn resolve(self, s: &mut GameState, choice: Choice, ev: &mut dyn Sink) {
        use Effect::*;
        match self {
            Sensors {
                seat,
                card,
                system,
                from: None,
                ..
            } => match choice {
                Choice::System(f) => {
                    let o = seat.owner();
                    let flagship = s.sys(f).has_flagship_of(o);
                    if flagship && s.sys(f).ships_of(o).fresh == 0 {
                        // The Flagship alone: it comes in, nothing to ask.
                        pull_flagship(s, seat, f, system, ev);
                    } else {
                        top(
                            s,
                            Sensors {
                                seat,
                                card,
                                system,
                                from: Some(f),
                                flagship: (!flagship).then_some(false),
                            },
                        )
                    }
                }
                _ => s.pop(),
            },
            Sensors {
                seat,
                card,
                system,
                from: Some(f),
                flagship: None,
            } => top(
                s,
                Sensors {
                    seat,
                    card,
                    system,
                    from: Some(f),
                    flagship: Some(choice == Choice::Yes),
                },
            ),
            Sensors {
                seat,
                card,
                system,
                from: Some(f),
                flagship: Some(flagship),
            } => {
                if let Choice::Count(n) = choice {
                    let o = seat.owner();
                    if n > 0 {
                        s.sys_mut(f).ships_mut(o).fresh -= n;
                        s.sys_mut(system).ships_mut(o).fresh += n;
                        log!(ev, "move", Some(seat), { systems: vec![f, system] }, "{seat} moves {} from {f} into the battle at {system} (Predictive Sensors).", crate::describe::count_of(n, "fresh ship", "fresh ships"));
                    }
                    if flagship {
                        pull_flagship(s, seat, f, system, ev);
                    }
                }
                top(
                    s,
                    Sensors {
                        seat,
                        card,
                        system,
                        from: None,
                        flagship: None,
                    },
                );
            }
            Guide {
                seat,
                card,
                from: None,
                ..
            } => {
                if let Choice::System(f) = choice {
                    top(
                        s,
                        Guide {
                            seat,
                            card,
                            from: Some(f),
                            to: None,
                            moved: 0,
                        },
                    );
                }
            }
            Guide {
                seat,
                card,
                from: Some(f),
                to: None,
                ..
            } => {
                if let Choice::System(t) = choice {
                    top(
                        s,
                        Guide {
                            seat,
                            card,
                            from: Some(f),
                            to: Some(t),
                            moved: 0,
                        },
                    );
                }
            }
            Guide {
                seat,
                card,
                from: Some(f),
                to: Some(t),
                moved,
            } => match choice {
                Choice::Piece {
                    piece: Piece::Ship { owner, damaged },
                    ..
                } => {
                    {
                        let mut guard = s.sys_mut(f);
                        let a = guard.ships_mut(owner);
                        if damaged {
                            a.damaged -= 1;
                        } else {
                            a.fresh -= 1;
                        }
                    }
                    let mut guard = s.sys_mut(t);
                    let b = guard.ships_mut(owner);
                    if damaged {
                        b.damaged += 1;
                    } else {
                        b.fresh += 1;
                    }
                    drop(guard);
                    log!(
                        ev,
                        "move",
                        Some(seat),
                        { systems: vec![f, t] },
                        "{seat} guides a ship of {owner} from {f} to {t} (Force Beams)."
                    );
                    top(
                        s,
                        Guide {
                            seat,
                            card,
                            from: Some(f),
                            to: Some(t),
                            moved: moved.saturating_add(1),
                        },
                    );
                }
                _ => s.pop(),
            },
            Martyr {
                seat,
                card,
                system: None,
            } => {
                if let Choice::System(x) = choice {
                    top(
                        s,
                        Martyr {
                            seat,
                            card,
                            system: Some(x),
                        },
                    );
                }
            }
            Martyr {
                seat,
                system: Some(x),
                ..
            } => {
                s.pop();
                if let Choice::Piece {
                    piece: Piece::Ship { owner, damaged },
                    ..
                } = choice
                {
                    // Our fresh ship is destroyed but is no Trophy (back to supply).
                    s.sys_mut(x).ships_mut(seat.owner()).fresh -= 1;
                    s.seat_mut(seat).ships += 1;
                    let mut guard = s.sys_mut(x);
                    let sh = guard.ships_mut(owner);
                    if damaged {
                        sh.damaged -= 1;
                    } else {
                        sh.fresh -= 1;
                    }
                    drop(guard);
                    if let Some(o) = owner.seat() {
                        s.gain_trophies(seat, o.owner(), TrophyKind::Ship, 1, ev);
                    }
                    log!(
                        ev,
                        "destroy",
                        Some(seat),
                        { systems: vec![x] },
                        "{seat} sacrifices a ship to destroy a ship of {owner} in {x} (Martyr)."
                    );
                }
            }
            Annex { seat, .. } => {
                s.pop();
                let Some((system, slot, b)) = crate::cards::shared::chosen_building(s, choice)
                else {
                    return;
                };
                // Replace (B-FINE-08): the old piece returns to its owner.
                match (b.kind, b.owner.seat()) {
                    (BuildingKind::Starport, Some(o)) => s.seat_mut(o).starports += 1,
                    (BuildingKind::City, Some(o)) => s.return_cities(o, 1, ev),
                    _ => {}
                }
                match b.kind {
                    BuildingKind::Starport => s.seat_mut(seat).starports -= 1,
                    BuildingKind::City => s.seat_mut(seat).cities -= 1,
                }
                s.sys_mut(system).slots[slot as usize] = Some(Building {
                    owner: seat.owner(),
                    ..b
                });
                log!(
                    ev,
                    "replace",
                    Some(seat),
                    { systems: vec![system] },
                    "{seat} annexes {}'s {} in {system}.",
                    b.owner,
                    b.kind.name()
                );
            }
            Terror { seat, .. } => {
                s.pop();
                if let Choice::Trophy { owner, kind } = choice {
                    *s.seat_mut(seat).trophy(owner.owner(), kind) -= 1;
                    match kind {
                        TrophyKind::Ship => s.seat_mut(owner).ships += 1,
                        TrophyKind::Starport => s.seat_mut(owner).starports += 1,
                        TrophyKind::Agent => s.return_agents(owner, 1),
                        TrophyKind::City => s.return_cities(owner, 1, ev),
                    }
                    log!(
                        ev,
                        "terror",
                        Some(seat),
                        "{seat} returns a Trophy to {owner} to influence (Warlord's Terror)."
                    );
                    s.push(Frame::Influence { seat });
                }
            }
            Ego { seat, .. } => {
                s.pop();
                if let Choice::Player(o) = choice {
                    s.seat_mut(seat).captives[o.index()] -= 1;
                    s.return_agents(o, 1);
                    log!(
                        ev,
                        "ego",
                        Some(seat),
                        "{seat} returns a Captive to {o} to secure (Tyrant's Ego)."
                    );
                    s.push(Frame::Secure { seat });
                }
            }
            TycoonAmbition { seat, .. } => {
                s.pop();
                if let Choice::Declare(a) = choice {
                    crate::actions::declare::begin_declare(
                        s,
                        seat,
                        a,
                        crate::actions::declare::DeclareVia::Follow,
                        ev,
                    );
                }
            }
            Charm {
                seat,
                card,
                gain: false,
                left,
            } => match choice {
                Choice::Slot(i) => {
                    if let Some(r) = s.discard_slot(seat, i as usize) {
                        log!(
                            ev,
                            "discard",
                            Some(seat),
                            "{seat} discards a {r} (Tycoon's Charm)."
                        );
                    }
                    top(
                        s,
                        Charm {
                            seat,
                            card,
                            gain: true,
                            left: left.saturating_sub(1),
                        },
                    );
                }
                _ => s.pop(),
            },
            Charm {
                seat,
                card,
                gain: true,
                left,
            } => {
                // Back to the discard step first; the gain may push a placement
                // decision above it.
                top(
                    s,
                    Charm {
                        seat,
                        card,
                        gain: false,
                        left,
                    },
                );
                if let Choice::Resource(r) = choice {
                    s.gain(seat, r, ev);
                }
            }
        }
    }

    fn describe(&self, d: &Describer, c: Choice) -> Option<String> {
        use Effect as E;
        Some(match (*self, c) {
            (E::Charm { gain: true, .. }, Choice::Resource(r)) => {
                format!("Gain a {}", resource_name(r))
            }
            (E::Charm { gain: true, .. }, Choice::Done) => "Gain nothing".into(),
            (E::TycoonAmbition { .. }, Choice::Declare(a)) => {
                format!("Declare {}", ambition_name(a))
            }
            (E::Sensors { from: None, .. }, Choice::System(x)) => {
                format!("Move fresh ships into the battle from {x}")
            }
            (E::Sensors { from: None, .. }, Choice::Done) => "Move no more ships in".into(),
            (E::Sensors { flagship: None, .. }, Choice::Yes) => "Move the Flagship in too".into(),
            (E::Sensors { flagship: None, .. }, Choice::No) => "Leave the Flagship there".into(),
            (E::Sensors { .. }, Choice::Count(0)) => "Move only the Flagship in".into(),
            (E::Sensors { .. }, Choice::Count(n)) => format!(
                "Move {} into the battle",
                plural(n, "fresh ship", "fresh ships")
            ),
            (E::Guide { from: None, .. }, Choice::System(x)) => {
                format!("Guide ships out of {x}")
            }
            (E::Guide { to: None, .. }, Choice::System(x)) => format!("Guide them to {x}"),
            (E::Guide { to: Some(t), .. }, Choice::Piece { system, piece }) => {
                format!("Move {} to {t}", d.piece(system, piece))
            }
            (E::Guide { .. }, Choice::Done) => "Move no more ships".into(),
            (E::Martyr { system: None, .. }, Choice::System(x)) => {
                format!("Sacrifice a fresh ship in {x}")
            }
            (E::Martyr { .. }, Choice::Piece { system, piece }) => {
                format!("Destroy {}", d.piece(system, piece))
            }
            (E::Annex { .. }, Choice::Piece { system, piece }) => {
                format!("Replace {} with your own", d.piece(system, piece))
            }
            (E::Terror { .. }, Choice::Trophy { owner, kind }) => format!(
                "Return one of {} {} from your Trophies to place an agent",
                d.seat_poss(owner),
                trophy_plural(kind)
            ),
            (E::Ego { .. }, Choice::Player(o)) => format!(
                "Return a Captive to {} to secure a Court card",
                d.seat_name(o)
            ),
            (E::Charm { gain: false, .. }, Choice::Slot(i)) => {
                format!("Discard {} to gain any resource", d.own_token(i))
            }
            (E::Charm { gain: false, .. }, Choice::Done) => "Trade no more".into(),
            _ => return None,
        })
    }
}

fn top(s: &mut GameState, e: Effect) {
    s.set_top(e.into());
}

/// A system has a fresh Loyal starport (Force Beams).
fn fresh_port(s: &GameState, seat: Seat, sys: SystemId) -> bool {
    s.sys(sys)
        .buildings_of(seat.owner())
        .any(|(_, b)| b.kind == BuildingKind::Starport && !b.damaged)
        || crate::campaign::flagship::fresh_board_starport_in(s, seat, sys)
}

fn guide_pair(s: &GameState, seat: Seat, a: SystemId, b: SystemId) -> bool {
    fresh_port(s, seat, a) || fresh_port(s, seat, b)
}

pub fn guide_possible(s: &GameState, seat: Seat) -> bool {
    s.systems_in_play()
        .any(|a| has_any_ships(s, a) && s.adjacent(a).any(|b| guide_pair(s, seat, a, b)))
}

fn has_any_ships(s: &GameState, sys: SystemId) -> bool {
    s.sys(sys).ships.iter().any(|x| x.total() > 0)
}

/// Systems where Martyr can trade a fresh Loyal ship for another ship.
fn martyr_systems(s: &GameState, seat: Seat) -> impl Iterator<Item = SystemId> + '_ {
    s.systems_in_play().filter(move |x| {
        let sys = s.sys(*x);
        sys.ships_of(seat.owner()).fresh > 0
            && sys
                .ships
                .iter()
                .enumerate()
                .any(|(i, c)| i != seat.owner().index() && c.total() > 0)
    })
}

pub fn martyr_possible(s: &GameState, seat: Seat) -> bool {
    martyr_systems(s, seat).next().is_some()
}

/// Buildings `seat` controls (in systems it controls) that are not Loyal,
/// and that it has the Loyal piece to replace them with (Annex).
fn annex_targets(s: &GameState, seat: Seat) -> impl Iterator<Item = (SystemId, u8)> + '_ {
    s.systems_in_play()
        .filter(move |x| s.controls(seat, *x))
        .flat_map(move |sys| {
            s.sys(sys).buildings().filter_map(move |(slot, b)| {
                let have = match b.kind {
                    BuildingKind::City => s.seat(seat).cities > 0,
                    BuildingKind::Starport => s.seat(seat).starports > 0,
                };
                (b.owner != seat.owner() && have).then_some((sys, slot))
            })
        })
}

pub fn annex_possible(s: &GameState, seat: Seat) -> bool {
    s.ambition_declared(Ambition::Tyrant) && annex_targets(s, seat).next().is_some()
}

/// Predictive Sensors (L15): before dice are collected, the defender
/// may move fresh ships in from adjacent systems; `None` when it has
/// none there.
pub(crate) fn sensors(
    s: &GameState,
    seat: Seat,
    card: CardId,
    system: SystemId,
) -> Option<crate::cards::frame::CardFrame> {
    let any = s.adjacent(system).any(|x| sensed(s, seat, x));
    any.then_some(
        Effect::Sensors {
            seat,
            card,
            system,
            from: None,
            flagship: None,
        }
        .into(),
    )
}

/// The seat has fresh Loyal ships in `x`: ships, or its Flagship (always
/// fresh; L1706, R-CAMP-FLAGSHIP-LORE).
fn sensed(s: &GameState, seat: Seat, x: SystemId) -> bool {
    let sys = s.sys(x);
    sys.ships_of(seat.owner()).fresh > 0 || sys.has_flagship_of(seat.owner())
}

/// Predictive Sensors pull the seat's Flagship from `f` into the battle.
fn pull_flagship(s: &mut GameState, seat: Seat, f: SystemId, system: SystemId, ev: &mut dyn Sink) {
    crate::campaign::flagship::shift(s, seat, f, system);
    log!(
        ev,
        "move",
        Some(seat),
        { systems: vec![f, system] },
        "{seat} moves their Flagship from {f} into the battle at {system} (Predictive Sensors)."
    );
}

#[cfg(test)]
mod tests {
    #[test]
    fn every_lore_pack_card_has_passing_scenarios() {
        crate::cards::testing::family_scenarios(super::CARDS);
    }
}
