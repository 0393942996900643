//! Leaders & Lore pack leaders LEAD09–LEAD16 (components.md §8; the
//! choices made are in docs/rulings.md), and their procedures
//! ([`Effect`]; the Copy/Pivot bonus is in `leaders/mod.rs`).

use super::{outrage_in_setup, tax_bonus};
use crate::cards::frame::Procedure;
use crate::cards::{Behavior, CopyPivotBonus, Reroll, ScoreRule};
use crate::choice::{Choice, Piece};
use crate::data::DieKind;
use crate::describe::{card_name, Describer};
use crate::event::Sink;
use crate::ids::*;
use crate::log;
use crate::state::{BuildingKind, GameState, TrophyKind};
use serde::{Deserialize, Serialize};

/// Every pack leader.
pub static CARDS: &[&Behavior] = &[
    &ARCHIVIST,
    &OVERSEER,
    &CORSAIR,
    &NOBLE,
    &ANARCHIST,
    &SHAPER,
    &AGITATOR,
    &QUARTERMASTER,
];

/// Archivist: *Learned* (after setup draw 5 lore, keep 2), *Academic*
/// (Tycoon).
pub static ARCHIVIST: Behavior = Behavior {
    code: "ARCS-LEAD09",
    setup: Some(|s, seat, card, ev| {
        let mut drawn = [None; 5];
        for d in drawn.iter_mut() {
            *d = s.lore_deck.draw();
        }
        let n = drawn.iter().flatten().count();
        crate::log!(
            ev,
            "setup",
            Some(seat),
            "{seat} draws {n} lore cards and keeps 2 (Learned)."
        );
        if n > 0 {
            s.push(
                Effect::Learned {
                    seat,
                    card,
                    drawn,
                    kept: 0,
                }
                .into(),
            );
        }
    }),
    score_rule: Some(ScoreRule::SecondForFirst(Ambition::Tycoon)),
    ..Behavior::NONE
};

/// Overseer: *Ruthless* (once per turn, hit the taxed city or the starport
/// that built to do it again), *Hated* (scrap 2 ships and 3 agents).
pub static OVERSEER: Behavior = Behavior {
    code: "ARCS-LEAD10",
    after_tax: Some(|s, seat, done, _| {
        let card = s.seat(seat).leader().expect("the Overseer's leader card");
        if !done.repeat
            && !s.turn.once_used.contains(&card)
            && s.sys(done.system).slots[done.slot as usize].is_some()
        {
            s.push(
                Effect::Ruthless {
                    seat,
                    card,
                    system: done.system,
                    slot: done.slot,
                    ship: false,
                }
                .into(),
            );
        }
    }),
    after_build_ship: Some(|s, seat, sys, slot, _| {
        let card = s.seat(seat).leader().expect("the Overseer's leader card");
        if !s.turn.once_used.contains(&card) && s.seat(seat).ships > 0 {
            s.push(
                Effect::Ruthless {
                    seat,
                    card,
                    system: sys,
                    slot,
                    ship: true,
                }
                .into(),
            );
        }
    }),
    setup: Some(|s, seat, _, ev| {
        let st = s.seat_mut(seat);
        let ships = st.ships.min(2);
        let agents = st.agents.min(3);
        st.ships -= ships;
        st.agents -= agents;
        st.scrapped[TrophyKind::Ship as usize] += ships;
        st.scrapped[TrophyKind::Agent as usize] += agents;
        crate::log!(
            ev,
            "setup",
            Some(seat),
            "{seat} scraps {ships} ships and {agents} agents (Hated)."
        );
    }),
    ..Behavior::NONE
};

/// Corsair: *Tricky* (reroll raid dice up to your number of different
/// resources), *Wary* (no more assault than skirmish dice).
pub static CORSAIR: Behavior = Behavior {
    code: "ARCS-LEAD11",
    reroll: Some(Reroll {
        kinds: 1 << DieKind::Raid as u8,
        what: "reroll raid dice (up to your different resources)",
        max: |s, seat, _, _| {
            Resource::ALL
                .iter()
                .filter(|r| s.seat(seat).count_resource(**r) > 0)
                .count() as u8
        },
        outside_battle: false,
    }),
    wary: true,
    ..Behavior::NONE
};

/// Noble: *Connected* (declaring an undeclared ambition secures the Court
/// deck's top card), *Influential* (a second Influence on a Copy/Pivot
/// Influence), *Proud* (only an untied first place scores).
pub static NOBLE: Behavior = Behavior {
    code: "ARCS-LEAD12",
    on_declare: Some(|s, seat, a, ev| {
        if s.markers.iter().filter(|m| m.at == Some(a)).count() == 1 {
            if let Some(c) = s.court_deck.draw() {
                crate::log!(
                    ev,
                    "secure",
                    Some(seat),
                    "{seat} draws and secures {c} (Connected)."
                );
                // "You can't use its Prelude action now."
                let _ = s.turn.secured_in_prelude.try_push(c);
                crate::cards::on_secured(s, seat, c, ev);
            }
        }
    }),
    copy_pivot: Some(CopyPivotBonus {
        main: StdAction::Influence,
        extra: StdAction::Influence,
        before_or_after: false,
    }),
    score_rule: Some(ScoreRule::OnlySoleFirst),
    ..Behavior::NONE
};

/// Anarchist: *Decentralized* (scrap the 2 leftmost cities), *Inspiring*
/// (tax Rival cities without control and empty slots, where you have
/// ships), *Principled* (never tax Loyal cities).
pub static ANARCHIST: Behavior = Behavior {
    code: "ARCS-LEAD13",
    setup: Some(|s, seat, _, ev| {
        let st = s.seat_mut(seat);
        let n = st.cities.min(2);
        st.cities -= n;
        st.scrapped[TrophyKind::City as usize] += n;
        crate::log!(
            ev,
            "setup",
            Some(seat),
            "{seat} scraps their 2 leftmost cities (Decentralized)."
        );
    }),
    inspiring: true,
    tax_loyal: Some(|_, _, _| false),
    ..Behavior::NONE
};

/// Shaper: *Mythic* (after taxing a city, mark its planet with one of your
/// resources), *Ancient* (Catapult from gates, not starports).
pub static SHAPER: Behavior = Behavior {
    code: "ARCS-LEAD14",
    after_tax: Some(|s, seat, done, _| {
        let card = s.seat(seat).leader().expect("the Shaper's leader card");
        let city = s.sys(done.system).slots[done.slot as usize]
            .is_some_and(|b| b.kind == BuildingKind::City);
        let planet = !done.system.is_gate() && s.planet_marks[done.system.index()].is_none();
        if city && planet && s.seat(seat).resource_count() > 0 {
            s.push(
                Effect::Mythic {
                    seat,
                    card,
                    system: done.system,
                }
                .into(),
            );
        }
    }),
    catapult_from_gates_only: true,
    ..Behavior::NONE
};

/// Agitator: *Firebrand* (+1 Weapon on a Copy/Pivot tax), *Irregular*
/// (intercepts against you hit per Weapon icon; then discard a Weapon).
pub static AGITATOR: Behavior = Behavior {
    code: "ARCS-LEAD15",
    after_tax: Some(|s, seat, done, ev| tax_bonus(s, seat, done, Resource::Weapon, ev)),
    irregular: true,
    ..Behavior::NONE
};

/// Quartermaster: *Resilient* (after any battle with you, repair a ship in
/// the battle system per starport you control), *Greedy* (starts
/// Material-Outraged).
pub static QUARTERMASTER: Behavior = Behavior {
    code: "ARCS-LEAD16",
    after_battle: Some(|s, seat, b, ev| {
        let ports: u8 = s
            .systems_in_play()
            .filter(|x| s.controls(seat, *x))
            .map(|x| {
                s.sys(x)
                    .buildings()
                    .filter(|(_, b)| b.kind == BuildingKind::Starport)
                    .count() as u8
            })
            .sum();
        let mut guard = s.sys_mut(b.system);
        let sh = guard.ships_mut(seat.owner());
        let n = ports.min(sh.damaged);
        sh.damaged -= n;
        sh.fresh += n;
        if n > 0 {
            crate::log!(
                ev,
                "repair",
                Some(seat),
                { systems: vec![b.system] },
                "{seat} repairs {} in {} (Resilient).",
                crate::describe::count_of(n, "ship", "ships"),
                b.system
            );
        }
    }),
    setup: Some(|s, seat, _, ev| outrage_in_setup(s, seat, &[Resource::Material], ev)),
    ..Behavior::NONE
};

// ------------------------------------------------------------ procedures

/// The pack leaders' procedures.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "effect")]
pub enum Effect {
    /// Archivist *Learned*: keep 2 of 5 drawn lore.
    Learned {
        seat: Seat,
        card: CardId,
        drawn: [Option<CardId>; 5],
        kept: u8,
    },
    /// Overseer *Ruthless*: hit the building to repeat the action.
    Ruthless {
        seat: Seat,
        card: CardId,
        system: SystemId,
        slot: u8,
        ship: bool,
    },
    /// Shaper *Mythic*: place a resource over the planet's icon.
    Mythic {
        seat: Seat,
        card: CardId,
        system: SystemId,
    },
}

impl Procedure for Effect {
    fn seat_card(&self) -> (Seat, CardId) {
        use Effect::*;
        match *self {
            Learned { seat, card, .. }
            | Ruthless { seat, card, .. }
            | Mythic { seat, card, .. } => (seat, card),
        }
    }

    fn what(&self, _s: &GameState) -> String {
        use Effect::*;
        match self {
            Learned { kept, .. } => format!("keep which lore card ({} of 2)?", kept + 1),
            Ruthless { ship: false, .. } => "hit the city to tax it again?".into(),
            Ruthless { .. } => "hit the starport to build another ship there?".into(),
            Mythic { .. } => {
                "place one of your resources over the planet's type icon (or none)?".into()
            }
        }
    }

    fn choices(&self, s: &GameState, out: &mut Vec<Choice>) {
        use Effect::*;
        match *self {
            Learned { drawn, .. } => out.extend(drawn.iter().flatten().map(|c| Choice::Card(*c))),
            Ruthless { .. } => out.extend([Choice::Yes, Choice::No]),
            Mythic { seat, .. } => {
                let mut seen = 0u8;
                for (i, r) in s.seat(seat).resources.iter().enumerate() {
                    if let Some(r) = r {
                        if seen & (1 << r.index()) == 0 {
                            seen |= 1 << r.index();
                            out.push(Choice::Slot(i as u8));
                        }
                    }
                }
                out.push(Choice::Done);
            }
        }
    }

    fn resolve(self, s: &mut GameState, choice: Choice, ev: &mut dyn Sink) {
        use Effect::*;
        match self {
            Learned {
                seat,
                card,
                mut drawn,
                kept,
            } => {
                let Choice::Card(c) = choice else {
                    return s.pop();
                };
                s.seat_mut(seat).add_lore(c);
                for d in drawn.iter_mut() {
                    if *d == Some(c) {
                        *d = None;
                    }
                }
                log!(ev, "setup", Some(seat), "{seat} keeps {c} (Learned).");
                if kept + 1 >= 2 {
                    // The others are scrapped (returned to the box).
                    s.pop();
                } else {
                    top(
                        s,
                        Learned {
                            seat,
                            card,
                            drawn,
                            kept: kept + 1,
                        },
                    );
                }
            }
            Ruthless {
                seat,
                card,
                system,
                slot,
                ship,
            } => {
                s.pop();
                if choice != Choice::Yes {
                    return;
                }
                let _ = s.turn.once_used.try_push(card);
                let destroyed = s.sys(system).slots[slot as usize].is_some_and(|b| b.damaged);
                log!(
                    ev,
                    "ruthless",
                    Some(seat),
                    { systems: vec![system] },
                    "{seat} hits the building in {system} to repeat the action (Ruthless)."
                );
                if destroyed {
                    // Destroying it: Outrage (and Ransack for a Rival city); no
                    // repeat without the building (docs/rulings.md R-LEAD10).
                    ruthless_destroy(s, seat, system, slot, ev);
                    return;
                }
                s.hit_building(system, slot, Some(seat), ev);
                if ship {
                    if s.seat(seat).ships > 0 {
                        let damaged = s.controlled_by_other(seat, system)
                            && !crate::cards::ships_always_fresh(s, seat);
                        s.place_ships(seat.owner(), system, 1, damaged);
                        log!(
                            ev,
                            "build",
                            Some(seat),
                            { systems: vec![system] },
                            "{seat} builds another ship in {system}."
                        );
                    }
                } else {
                    crate::actions::tax::tax_again(s, seat, system, slot, ev);
                }
            }
            Mythic { seat, system, .. } => {
                s.pop();
                if let Choice::Slot(i) = choice {
                    if let Some(r) = s.seat_mut(seat).resources[i as usize].take() {
                        s.planet_marks[system.index()] = Some(r);
                        log!(ev, "mythic", Some(seat), { systems: vec![system] }, "{seat} places a {r} over {system}'s icon: it is a {r} planet from now on (Mythic).");
                    }
                }
            }
        }
    }

    fn describe(&self, d: &Describer, c: Choice) -> Option<String> {
        use Effect as E;
        Some(match (*self, c) {
            (E::Learned { .. }, Choice::Card(l)) => format!("Keep {}", card_name(l)),
            (
                E::Ruthless {
                    system, slot, ship, ..
                },
                Choice::Yes,
            ) => {
                let b = d.piece(system, Piece::Building { slot });
                if ship {
                    format!("Hit {b} to build another ship there")
                } else {
                    format!("Hit {b} to tax it again")
                }
            }
            (E::Ruthless { ship, .. }, Choice::No) => {
                if ship {
                    "Do not hit the starport".into()
                } else {
                    "Do not hit the city".into()
                }
            }
            (E::Mythic { system, .. }, Choice::Slot(i)) => {
                format!("Place {} over the planet icon of {system}", d.own_token(i))
            }
            (E::Mythic { .. }, Choice::Done) => "Place no resource".into(),
            _ => return None,
        })
    }

    /// The lore drawn for *Learned* is the Archivist's secret.
    fn redact_for(&mut self, viewer: Seat) {
        if let Effect::Learned { seat, drawn, .. } = self {
            if *seat != viewer {
                *drawn = [None; 5];
            }
        }
    }
}

fn top(s: &mut GameState, e: Effect) {
    s.set_top(e.into());
}

/// Ruthless destroying the building it hits (C-LEAD10): a Loyal city
/// Provokes Outrage only; a Rival city Outrage and Ransack.
fn ruthless_destroy(s: &mut GameState, seat: Seat, system: SystemId, slot: u8, ev: &mut dyn Sink) {
    let Some(b) = s.sys(system).slots[slot as usize] else {
        return;
    };
    if b.owner == seat.owner() {
        s.sys_mut(system).slots[slot as usize] = None;
        match b.kind {
            BuildingKind::City => {
                s.return_cities(seat, 1, ev);
                for r in crate::cards::city_types(s, system).collect::<Vec<_>>() {
                    crate::actions::outrage::provoke_outrage(s, seat, r, ev);
                }
            }
            BuildingKind::Starport => s.seat_mut(seat).starports += 1,
        }
        log!(
            ev,
            "destroy",
            Some(seat),
            { systems: vec![system] },
            "{seat} destroys its own {} in {system}.",
            b.kind.name()
        );
    } else {
        s.destroy_building(system, slot, Some(seat), ev);
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn every_leader_pack_card_has_passing_scenarios() {
        crate::cards::testing::family_scenarios(super::CARDS);
    }
}
