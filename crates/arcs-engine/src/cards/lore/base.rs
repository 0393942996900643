//! Base-game lore L01–L14 (rules-base.md §3.3), and their procedures
//! ([`Effect`]).

use crate::actions::battle::ship_targets;
use crate::actions::dice::DiceRoll;
use crate::cards::frame::{remove_card_frame, CardFrame, Procedure};
use crate::cards::{Behavior, NewAction, Reroll};
use crate::choice::{Choice, Piece};
use crate::data::DieKind;
use crate::describe::{plural, resource_name, Describer};
use crate::event::Sink;
use crate::ids::*;
use crate::log;
use crate::state::{Building, BuildingKind, GameState};
use serde::{Deserialize, Serialize};

/// Every base-game lore card.
pub static CARDS: &[&Behavior] = &[
    &TOOL_PRIESTS,
    &GALACTIC_RIFLES,
    &SPRINTER_DRIVES,
    &MIRROR_PLATING,
    &HIDDEN_HARBORS,
    &SIGNAL_BREAKER,
    &REPAIR_DRONES,
    &GATE_PORTS,
    &CLOUD_CITIES,
    &LIVING_STRUCTURES,
    &GATE_STATIONS,
    &RAILGUN_ARRAYS,
    &ANCIENT_HOLDINGS,
    &SEEKER_TORPEDOES,
];

/// C-L01 Summon (Build): once per turn, a ship at any city you control.
pub static TOOL_PRIESTS: Behavior = Behavior {
    code: "ARCS-L01",
    new_actions: &[NewAction {
        name: "Summon",
        std: StdAction::Build,
        possible: |s, seat| summon_possible(s, seat, crate::card_id!("ARCS-L01")),
        start: |s, seat, _, _| {
            s.push(
                Effect::Summon {
                    seat,
                    card: crate::card_id!("ARCS-L01"),
                }
                .into(),
            )
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
        possible: rifles_possible,
        start: |s, seat, _, _| {
            s.push(
                Effect::Rifles {
                    seat,
                    card: crate::card_id!("ARCS-L02"),
                    stage: 0,
                    from: SystemId(0),
                    at: SystemId(0),
                    defender: seat,
                    hits: 0,
                    roll: Default::default(),
                }
                .into(),
            )
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
        } else {
            drop(guard);
            // an attacking Flagship is repaired by repairing its
            // board (docs/rulings.md R-CAMP-FLAGSHIP-LORE).
            crate::campaign::flagship::repair_one_attacking(s, seat, b.system, ev);
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
            possible: nurture_possible,
            start: |s, seat, source, _| {
                s.push(
                    Effect::Nurture {
                        seat,
                        card: crate::card_id!("ARCS-L10"),
                        source,
                    }
                    .into(),
                )
            },
        },
        NewAction {
            name: "Prune",
            std: StdAction::Repair,
            possible: prune_possible,
            start: |s, seat, _, _| {
                s.push(
                    Effect::Prune {
                        seat,
                        card: crate::card_id!("ARCS-L10"),
                    }
                    .into(),
                )
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
        // The attacking Flagship is a fresh attacking ship (FS-37).
        max: |s, seat, _, b| {
            b.map(|b| {
                s.sys(b.system).ships_of(seat.owner()).fresh
                    + s.sys(b.system).has_flagship_of(seat.owner()) as u8
            })
            .unwrap_or(0)
        },
        outside_battle: false,
    }),
    ..Behavior::NONE
};

// ------------------------------------------------------------ procedures

/// The base lore cards' procedures.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "effect")]
pub enum Effect {
    /// Tool-Priests' Summon: a ship at a city you control.
    Summon { seat: Seat, card: CardId },
    /// Galactic Rifles' Fire Rifles.
    Rifles {
        seat: Seat,
        card: CardId,
        stage: u8,
        from: SystemId,
        at: SystemId,
        defender: Seat,
        hits: u8,
        roll: DiceRoll,
    },
    /// Sprinter Drives: fresh ships that moved step once more: from which
    /// system, whether the Flagship goes too (`None`: not asked yet), how
    /// many ships (`None`: not chosen yet).
    Sprint {
        seat: Seat,
        card: CardId,
        from: Option<SystemId>,
        flagship: Option<bool>,
        n: Option<u8>,
    },
    /// Cloud Cities: pay a resource of the planet's type, then build.
    CloudPay {
        seat: Seat,
        card: CardId,
        system: SystemId,
    },
    /// Living Structures' Nurture (a Tax of a Loyal city).
    Nurture {
        seat: Seat,
        card: CardId,
        source: crate::flow::Source,
    },
    /// Living Structures' Prune.
    Prune { seat: Seat, card: CardId },
    /// Choose which resource a gate city yields (Gate Stations).
    GainOneOf { seat: Seat, card: CardId, mask: u8 },
}

impl Procedure for Effect {
    fn seat_card(&self) -> (Seat, CardId) {
        use Effect::*;
        match *self {
            Summon { seat, card }
            | Rifles { seat, card, .. }
            | Sprint { seat, card, .. }
            | CloudPay { seat, card, .. }
            | Nurture { seat, card, .. }
            | Prune { seat, card }
            | GainOneOf { seat, card, .. } => (seat, card),
        }
    }

    /// Rifles past its hits (never reached in play) ends by itself.
    fn automatic(&self) -> bool {
        matches!(self, Effect::Rifles { stage, .. } if *stage > 4)
    }

    fn what(&self, _s: &GameState) -> String {
        use Effect::*;
        match self {
            GainOneOf { .. } => "gain which of the city's types?".into(),
            CloudPay { .. } => "pay which resource for the cloud city?".into(),
            Sprint { from: None, .. } => {
                "move fresh ships one more time from where (or stop)?".into()
            }
            Sprint { flagship: None, .. } => "move your Flagship one more time too?".into(),
            Sprint { n: None, .. } => "how many fresh ships?".into(),
            Sprint { .. } => "to which adjacent system?".into(),
            Summon { .. } => "summon a ship at a city in which system you control?".into(),
            Rifles { stage, hits, .. } => match stage {
                0 => "fire from which system?".into(),
                1 => "at which adjacent system?".into(),
                2 => "at which Rival?".into(),
                3 => "reroll which die (Empath's Vision), or stop?".into(),
                4 => format!("assign a hit ({hits} left)"),
                // Runs by itself: no prompt.
                _ => String::new(),
            },
            Nurture { .. } => "tax which Loyal city?".into(),
            Prune { .. } => "replace which Loyal building?".into(),
        }
    }

    fn choices(&self, s: &GameState, out: &mut Vec<Choice>) {
        use Effect::*;
        match *self {
            GainOneOf { mask, .. } => {
                out.extend(
                    Resource::ALL
                        .into_iter()
                        .filter(|r| mask & (1 << r.index()) != 0 && s.supply[r.index()] > 0)
                        .map(Choice::Resource),
                );
                if out.is_empty() {
                    out.push(Choice::Done);
                }
            }
            CloudPay { seat, system, .. } => {
                let mut seen = Vec::new();
                for i in cloud_payers(s, seat, system) {
                    let k = (s.seat(seat).resources[i], crate::data::SLOT_RAID_COST[i]);
                    if !seen.contains(&k) {
                        seen.push(k);
                        out.push(Choice::Slot(i as u8));
                    }
                }
            }
            Sprint {
                seat, from: None, ..
            } => {
                for x in s.systems_in_play() {
                    let ships = sprinters(s, seat, x) > 0 || sprinting_flagship(s, seat, x);
                    if ships && s.adjacent(x).next().is_some() {
                        out.push(Choice::System(x));
                    }
                }
                out.push(Choice::Done);
            }
            Sprint { flagship: None, .. } => out.extend([Choice::Yes, Choice::No]),
            Sprint {
                seat,
                from: Some(f),
                flagship: Some(flagship),
                n: None,
                ..
            } => {
                let cap = sprint_cap(s, seat, f, flagship);
                out.extend((u8::from(!flagship)..=cap).map(Choice::Count));
            }
            Sprint { from: Some(f), .. } => out.extend(s.adjacent(f).map(Choice::System)),
            Summon { seat, .. } => out.extend(summon_systems(s, seat).map(Choice::System)),
            Rifles {
                seat,
                stage,
                from,
                at,
                defender,
                hits,
                roll,
                ..
            } => match stage {
                0 => out.extend(rifles_sources(s, seat).map(Choice::System)),
                1 => out.extend(
                    s.adjacent(from)
                        .filter(|a| rivals_in(s, seat, *a).next().is_some())
                        .map(Choice::System),
                ),
                2 => out.extend(rivals_in(s, seat, at).map(Choice::Player)),
                3 => {
                    roll.reroll_choices(0b111, out);
                    out.push(Choice::Done);
                }
                _ => {
                    if hits > 0 {
                        let o = defender.owner();
                        ship_targets(s, at, o, out);
                        if out.is_empty() {
                            out.extend(s.sys(at).buildings_of(o).map(|(slot, _)| Choice::Piece {
                                system: at,
                                piece: Piece::Building { slot },
                            }));
                            // a Flagship's board is hit like buildings.
                            if s.sys(at).has_flagship_of(o) {
                                if let Some(b) = s.flagship(defender) {
                                    out.extend(b.hit_targets().map(|slot| Choice::Piece {
                                        system: at,
                                        piece: crate::campaign::flagship::piece_at(defender, slot),
                                    }));
                                }
                            }
                        }
                    }
                    if out.is_empty() {
                        // AMB-13: hits with no target are lost.
                        out.push(Choice::Done);
                    }
                }
            },
            Nurture { seat, .. } => {
                out.extend(
                    nurture_targets(s, seat).map(|(system, slot)| Choice::Piece {
                        system,
                        piece: Piece::Building { slot },
                    }),
                )
            }
            Prune { seat, .. } => {
                out.extend(prune_targets(s, seat).map(|(system, slot)| Choice::Piece {
                    system,
                    piece: Piece::Building { slot },
                }))
            }
        }
    }

    fn resolve(self, s: &mut GameState, choice: Choice, ev: &mut dyn Sink) {
        use Effect::*;
        match self {
            GainOneOf { seat, .. } => {
                s.pop();
                if let Choice::Resource(r) = choice {
                    s.gain(seat, r, ev);
                }
            }
            CloudPay { seat, system, .. } => {
                s.pop();
                let Choice::Slot(i) = choice else { return };
                if let Some(r) = s.discard_slot(seat, i as usize) {
                    log!(
                        ev,
                        "spend",
                        Some(seat),
                        "{seat} pays a {r} for a cloud city."
                    );
                    crate::actions::build::place_city(
                        s,
                        seat,
                        system,
                        crate::state::EXTRA_SLOT,
                        ev,
                    );
                }
            }
            Sprint {
                seat,
                card,
                from: None,
                ..
            } => match choice {
                Choice::System(f) => {
                    // The Flagship alone asks nothing more; beside ships
                    // the seat says whether it goes too.
                    let alone = sprinters(s, seat, f) == 0;
                    let flagship = if !sprinting_flagship(s, seat, f) {
                        Some(false)
                    } else if alone {
                        Some(true)
                    } else {
                        None
                    };
                    let n = alone.then_some(0);
                    top(
                        s,
                        Sprint {
                            seat,
                            card,
                            from: Some(f),
                            flagship,
                            n,
                        },
                    )
                }
                _ => {
                    s.turn.moved_fresh = [0; SystemId::COUNT];
                    s.turn.flagship_moved = false;
                    s.pop();
                }
            },
            Sprint {
                seat,
                card,
                from: Some(f),
                flagship: None,
                ..
            } => {
                let flagship = choice == Choice::Yes;
                // With the Flagship and no room for more ships, the count is 0.
                let n = (flagship && sprint_cap(s, seat, f, true) == 0).then_some(0);
                top(
                    s,
                    Sprint {
                        seat,
                        card,
                        from: Some(f),
                        flagship: Some(flagship),
                        n,
                    },
                )
            }
            Sprint {
                seat,
                card,
                from: Some(f),
                flagship,
                n: None,
            } => {
                if let Choice::Count(n) = choice {
                    top(
                        s,
                        Sprint {
                            seat,
                            card,
                            from: Some(f),
                            flagship,
                            n: Some(n),
                        },
                    );
                }
            }
            Sprint {
                seat,
                card,
                from: Some(f),
                flagship,
                n: Some(n),
            } => {
                if let Choice::System(to) = choice {
                    let o = seat.owner();
                    s.sys_mut(f).ships_mut(o).fresh -= n;
                    s.sys_mut(to).ships_mut(o).fresh += n;
                    s.turn.moved_fresh[f.index()] -= n.min(s.turn.moved_fresh[f.index()]);
                    if n > 0 {
                        log!(
                            ev,
                            "move",
                            Some(seat),
                            { systems: vec![f, to] },
                            "{seat} moves {} one more time, {f} to {to} (Sprinter Drives).",
                            crate::describe::count_of(n, "fresh ship", "fresh ships")
                        );
                    }
                    if flagship == Some(true) {
                        crate::campaign::flagship::shift(s, seat, f, to);
                        s.turn.flagship_moved = false;
                        log!(
                            ev,
                            "move",
                            Some(seat),
                            { systems: vec![f, to] },
                            "{seat} moves their Flagship one more time, {f} to {to} (Sprinter Drives)."
                        );
                    }
                }
                top(
                    s,
                    Sprint {
                        seat,
                        card,
                        from: None,
                        flagship: None,
                        n: None,
                    },
                );
            }
            Summon { seat, card } => {
                s.pop();
                if let Choice::System(x) = choice {
                    let _ = s.turn.once_used.try_push(card);
                    let damaged = s.controlled_by_other(seat, x)
                        && !crate::cards::ships_always_fresh(s, seat);
                    s.place_ships(seat.owner(), x, 1, damaged);
                    log!(
                        ev,
                        "build",
                        Some(seat),
                        { systems: vec![x] },
                        "{seat} summons a ship in {x} (Tool-Priests)."
                    );
                }
            }
            Rifles {
                seat,
                card,
                stage,
                from,
                at,
                defender,
                hits,
                roll,
            } => match (stage, choice) {
                (0, Choice::System(x)) => top(
                    s,
                    Rifles {
                        seat,
                        card,
                        stage: 1,
                        from: x,
                        at,
                        defender,
                        hits,
                        roll,
                    },
                ),
                (1, Choice::System(x)) => top(
                    s,
                    Rifles {
                        seat,
                        card,
                        stage: 2,
                        from,
                        at: x,
                        defender,
                        hits,
                        roll,
                    },
                ),
                (2, Choice::Player(d)) => {
                    // The Flagship fires with the dice it collects in
                    // battle (FS-18: its board's fresh starports).
                    let n = (s.sys(from).ships_of(seat.owner()).fresh
                        + crate::campaign::flagship::battle_dice(s, seat, from))
                    .min(6);
                    let roll = DiceRoll::roll(s, [0, n, 0]);
                    log!(
                        ev,
                        "roll",
                        Some(seat),
                        {
                            systems: vec![from, at],
                            dice: Some(roll.shown(None)),
                        },
                        "{seat} fires rifles from {from} at {d} in {at}: {}.",
                        roll.describe()
                    );
                    let e = Rifles {
                        seat,
                        card,
                        stage: 3,
                        from,
                        at,
                        defender: d,
                        hits: 0,
                        roll,
                    };
                    rifles_after_roll(s, e, ev);
                }
                (3, Choice::Reroll { die, face }) => {
                    let mut roll = roll;
                    if let Some((nf, which)) = roll.reroll(s, die, face) {
                        log!(
                            ev,
                            "reroll",
                            Some(seat),
                            {
                                systems: vec![at],
                                dice: Some(roll.shown(Some(which))),
                            },
                            "{seat} rerolls a {} die: {} → {}.",
                            die.name(),
                            crate::actions::dice::face_name(die, face),
                            crate::actions::dice::face_name(die, nf)
                        );
                    }
                    top(
                        s,
                        Rifles {
                            seat,
                            card,
                            stage: 3,
                            from,
                            at,
                            defender,
                            hits,
                            roll,
                        },
                    );
                }
                (3, _) => {
                    let mut roll = roll;
                    roll.rerolled = u32::MAX; // Vision used
                    rifles_after_roll(
                        s,
                        Rifles {
                            seat,
                            card,
                            stage: 4,
                            from,
                            at,
                            defender,
                            hits,
                            roll,
                        },
                        ev,
                    );
                }
                (4, Choice::Piece { piece, .. }) => {
                    let hits = hits - 1;
                    top(
                        s,
                        Rifles {
                            seat,
                            card,
                            stage: 4,
                            from,
                            at,
                            defender,
                            hits,
                            roll,
                        },
                    );
                    match piece {
                        Piece::Ship { owner, damaged } => {
                            s.hit_ship(at, owner, damaged, Some(seat));
                        }
                        Piece::Building { slot } => {
                            // Outside battle: Outrage and Ransack (B-CITY-01, AMB-41).
                            s.hit_building(at, slot, Some(seat), ev);
                        }
                        // board pieces are hit like buildings, no
                        // Outrage (FS-15); a Trophy for the shooter.
                        Piece::Flagship { owner, .. } => {
                            if let Some(slot) = crate::campaign::flagship::slot_of(piece) {
                                crate::campaign::flagship::hit(s, owner, slot, Some(seat), ev);
                            }
                        }
                    }
                    if hits == 0 {
                        remove_card_frame(s, |x| matches!(x, CardFrame::LoreBase(Rifles { .. })));
                    }
                }
                _ => s.pop(),
            },
            Nurture { seat, source, .. } => {
                s.pop();
                if let Choice::Piece {
                    system,
                    piece: Piece::Building { slot },
                } = choice
                {
                    // Nurture contains a standard Tax: tax modifiers apply (EX-14).
                    crate::actions::tax::tax_city(s, seat, system, slot, source, ev);
                }
            }
            Prune { seat, .. } => {
                s.pop();
                let Some((system, slot, b)) = crate::cards::shared::chosen_building(s, choice)
                else {
                    return;
                };
                // B-FINE-08 Replace: no destruction; damage is kept.
                match b.kind {
                    BuildingKind::Starport => {
                        s.seat_mut(seat).starports += 1;
                        s.seat_mut(seat).cities -= 1;
                        s.sys_mut(system).slots[slot as usize] = Some(Building {
                            kind: BuildingKind::City,
                            ..b
                        });
                    }
                    BuildingKind::City => {
                        s.seat_mut(seat).starports -= 1;
                        s.sys_mut(system).slots[slot as usize] = Some(Building {
                            kind: BuildingKind::Starport,
                            ..b
                        });
                        s.return_cities(seat, 1, ev);
                    }
                }
                log!(
                    ev,
                    "replace",
                    Some(seat),
                    { systems: vec![system] },
                    "{seat} replaces its {} in {system} (Prune).",
                    b.kind.name()
                );
            }
        }
    }

    fn describe(&self, d: &Describer, c: Choice) -> Option<String> {
        use Effect as E;
        Some(match (*self, c) {
            (E::GainOneOf { .. }, Choice::Resource(r)) => format!("Gain a {}", resource_name(r)),
            (E::GainOneOf { .. }, Choice::Done) => "Gain nothing".into(),
            (E::Summon { .. }, Choice::System(x)) => format!("Summon a ship in {x}"),
            (E::CloudPay { system, .. }, Choice::Slot(i)) => {
                format!("Pay {} for the cloud city in {system}", d.own_token(i))
            }
            (E::Sprint { from: None, .. }, Choice::System(x)) => {
                format!("Move fresh ships on from {x}")
            }
            (E::Sprint { from: None, .. }, Choice::Done) => "Move no ships further".into(),
            (E::Sprint { flagship: None, .. }, Choice::Yes) => "Move the Flagship on too".into(),
            (E::Sprint { flagship: None, .. }, Choice::No) => "Leave the Flagship there".into(),
            (E::Sprint { from: Some(f), .. }, Choice::Count(0)) => {
                format!("Move only the Flagship on from {f}")
            }
            (E::Sprint { from: Some(f), .. }, Choice::Count(n)) => format!(
                "Move {} on from {f}",
                plural(n, "fresh ship", "fresh ships")
            ),
            (E::Sprint { flagship, n, .. }, Choice::System(x)) => {
                let them = match (flagship == Some(true), n.unwrap_or(0)) {
                    (true, 0) => "the Flagship",
                    (true, _) => "the Flagship and the ships",
                    (false, 1) => "the ship",
                    (false, _) => "the ships",
                };
                format!("Move {them} on to {x}")
            }
            (E::Rifles { stage: 0, .. }, Choice::System(x)) => format!("Fire from {x}"),
            (E::Rifles { stage: 1, .. }, Choice::System(x)) => format!("Fire at {x}"),
            (E::Rifles { .. }, Choice::Player(p)) => format!("Fire at {}", d.seat_name(p)),
            (E::Rifles { .. }, Choice::Reroll { die, face }) => d.reroll(die, face),
            (E::Rifles { stage: 3, .. }, Choice::Done) => "Keep the dice".into(),
            (E::Rifles { .. }, Choice::Piece { system, piece }) => d.hit(system, piece),
            (E::Rifles { .. }, Choice::Done) => "Lose the remaining hits".into(),
            (E::Nurture { .. }, Choice::Piece { system, piece }) => {
                format!("Tax {}", d.piece(system, piece))
            }
            (
                E::Prune { .. },
                Choice::Piece {
                    system,
                    piece: p @ Piece::Building { slot },
                },
            ) => {
                let into = match d.building(system, slot).map(|b| b.kind) {
                    Some(BuildingKind::City) => "a starport",
                    _ => "a city",
                };
                format!("Replace {} with {into}", d.piece(system, p))
            }
            _ => return None,
        })
    }
}

fn top(s: &mut GameState, e: Effect) {
    s.set_top(e.into());
}

/// Systems holding fresh ships of `seat` that can fire at a Rival in an
/// adjacent system (C-L02).
fn rifles_sources(s: &GameState, seat: Seat) -> impl Iterator<Item = SystemId> + '_ {
    s.systems_in_play().filter(move |x| {
        (s.sys(*x).ships_of(seat.owner()).fresh > 0
            || crate::campaign::flagship::battle_dice(s, seat, *x) > 0)
            && s.adjacent(*x)
                .any(|a| rivals_in(s, seat, a).next().is_some())
    })
}

fn rivals_in(s: &GameState, seat: Seat, sys: SystemId) -> impl Iterator<Item = Seat> + '_ {
    s.rivals(seat)
        .filter(move |r| s.sys(sys).has_pieces_of(r.owner()))
}

pub fn rifles_possible(s: &GameState, seat: Seat) -> bool {
    rifles_sources(s, seat).next().is_some()
}

/// Loyal cities Nurture may tax: a standard Tax, so tax modifiers and
/// the Tax limit apply (EX-14).
fn nurture_targets(s: &GameState, seat: Seat) -> impl Iterator<Item = (SystemId, u8)> + '_ {
    crate::actions::tax::targets(s, seat).filter(move |(sys, slot)| {
        s.sys(*sys).slots[*slot as usize]
            .is_some_and(|b| b.owner == seat.owner() && b.kind == BuildingKind::City)
    })
}

pub fn nurture_possible(s: &GameState, seat: Seat) -> bool {
    nurture_targets(s, seat).next().is_some()
}

/// Loyal buildings Prune can replace (C-L10).
fn prune_targets(s: &GameState, seat: Seat) -> impl Iterator<Item = (SystemId, u8)> + '_ {
    s.systems_in_play().flat_map(move |sys| {
        s.sys(sys)
            .buildings_of(seat.owner())
            .filter_map(move |(slot, b)| {
                let ok = match b.kind {
                    BuildingKind::Starport => s.seat(seat).cities > 0,
                    BuildingKind::City => s.seat(seat).starports > 0,
                };
                ok.then_some((sys, slot))
            })
    })
}

pub fn prune_possible(s: &GameState, seat: Seat) -> bool {
    prune_targets(s, seat).next().is_some()
}

/// Systems you control with a city (any owner) where Summon can place a ship.
fn summon_systems(s: &GameState, seat: Seat) -> impl Iterator<Item = SystemId> + '_ {
    s.systems_in_play().filter(move |x| {
        s.controls(seat, *x)
            && s.sys(*x)
                .buildings()
                .any(|(_, b)| b.kind == BuildingKind::City)
    })
}

pub fn summon_possible(s: &GameState, seat: Seat, card: CardId) -> bool {
    s.seat(seat).ships > 0
        && !s.turn.once_used.contains(&card)
        && summon_systems(s, seat).next().is_some()
}

/// Slots holding a token that can pay for a cloud city on `sys`.
fn cloud_payers(s: &GameState, seat: Seat, sys: SystemId) -> impl Iterator<Item = usize> + '_ {
    let want = s.planet_type(sys);
    let any = want.is_some_and(|w| crate::cards::spend_as_types(s, seat).any(|x| x == w));
    (0..7).filter(move |&i| match s.seat(seat).resources[i] {
        Some(r) => Some(r) == want || any,
        None => false,
    })
}

pub fn cloud_payable(s: &GameState, seat: Seat, sys: SystemId) -> bool {
    cloud_payers(s, seat, sys).next().is_some()
}

/// After the Rifles roll: Empath's Vision may reroll, then hits.
fn rifles_after_roll(s: &mut GameState, e: Effect, _ev: &mut dyn Sink) {
    let Effect::Rifles {
        seat,
        card,
        stage,
        from,
        at,
        defender,
        roll,
        ..
    } = e
    else {
        return;
    };
    let vision = stage == 3
        && roll.rerolled != u32::MAX
        && roll.n > 0
        && crate::cards::held_behaviors(s, seat).any(|(_, b)| {
            b.reroll
                .as_ref()
                .is_some_and(|r| r.outside_battle && (r.max)(s, seat, &roll, None) > 0)
        });
    if vision {
        top(
            s,
            Effect::Rifles {
                seat,
                card,
                stage: 3,
                from,
                at,
                defender,
                hits: 0,
                roll,
            },
        );
        return;
    }
    let hits = roll.totals().hit;
    if hits == 0 {
        s.pop();
    } else {
        top(
            s,
            Effect::Rifles {
                seat,
                card,
                stage: 4,
                from,
                at,
                defender,
                hits,
                roll,
            },
        );
    }
}

/// Cloud Cities: pay for the cloud city in `system`, then build it.
pub(crate) fn pay_for_cloud_city(s: &mut GameState, seat: Seat, system: SystemId) {
    let card = crate::card_id!("ARCS-L09");
    s.push(Effect::CloudPay { seat, card, system }.into());
}

/// Sprinter Drives: fresh ships that moved may step once more (C-L03).
pub(crate) fn start_sprint(s: &mut GameState, seat: Seat) {
    let card = crate::card_id!("ARCS-L03");
    s.push(
        Effect::Sprint {
            seat,
            card,
            from: None,
            flagship: None,
            n: None,
        }
        .into(),
    );
}

/// Fresh ships of the seat in `x` that moved this Move and may step once
/// more.
fn sprinters(s: &GameState, seat: Seat, x: SystemId) -> u8 {
    s.turn.moved_fresh[x.index()].min(s.sys(x).ships_of(seat.owner()).fresh)
}

/// The seat's Flagship moved this Move and is in `x` (L1706: Sprinter
/// Drives improve it, a fresh Loyal ship; R-CAMP-FLAGSHIP-LORE).
fn sprinting_flagship(s: &GameState, seat: Seat, x: SystemId) -> bool {
    s.turn.flagship_moved && s.sys(x).has_flagship_of(seat.owner())
}

/// How many ships may step once more from `f`: those that moved, within
/// the ships a Move may take, the Flagship counting as one (mov.rs).
fn sprint_cap(s: &GameState, seat: Seat, f: SystemId, flagship: bool) -> u8 {
    crate::cards::max_ships_moved(s, seat)
        .saturating_sub(u8::from(flagship))
        .min(sprinters(s, seat, f))
}

/// Gate Stations: a gate city yields any one of its types (C-L11); `mask`
/// holds a bit per type.
pub(crate) fn gain_one_of(s: &mut GameState, seat: Seat, mask: u8) {
    let card = crate::card_id!("ARCS-L11");
    s.push(Effect::GainOneOf { seat, card, mask }.into());
}

#[cfg(test)]
mod tests {
    #[test]
    fn every_lore_base_card_has_passing_scenarios() {
        crate::cards::testing::family_scenarios(super::CARDS);
    }
}
