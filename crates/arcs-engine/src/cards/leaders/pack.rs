//! Leaders & Lore pack leaders LEAD09–LEAD16 (components.md §8; the
//! choices made are in docs/rulings.md).

use super::{outrage_in_setup, tax_bonus};
use crate::cards::effects::Effect;
use crate::cards::{Behavior, CopyPivotBonus, Reroll, ScoreRule};
use crate::data::DieKind;
use crate::flow::Frame;
use crate::ids::*;
use crate::state::{BuildingKind, TrophyKind};

/// Archivist: *Learned* (after setup draw 5 lore, keep 2), *Academic*
/// (Tycoon).
pub static ARCHIVIST: Behavior = Behavior {
    code: "ARCS-LEAD09",
    setup: Some(|s, seat, card, ev| {
        let mut drawn = [None; 5];
        for d in drawn.iter_mut() {
            *d = s.lore_deck.pop();
        }
        let n = drawn.iter().flatten().count();
        crate::log!(
            ev,
            "setup",
            Some(seat),
            "{seat} draws {n} lore cards and keeps 2 (Learned)."
        );
        if n > 0 {
            s.push(Frame::Effect(Effect::Learned {
                seat,
                card,
                drawn,
                kept: 0,
            }));
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
            s.push(Frame::Effect(Effect::Ruthless {
                seat,
                card,
                system: done.system,
                slot: done.slot,
                ship: false,
            }));
        }
    }),
    after_build_ship: Some(|s, seat, sys, slot, _| {
        let card = s.seat(seat).leader().expect("the Overseer's leader card");
        if !s.turn.once_used.contains(&card) && s.seat(seat).ships > 0 {
            s.push(Frame::Effect(Effect::Ruthless {
                seat,
                card,
                system: sys,
                slot,
                ship: true,
            }));
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
            if let Some(c) = s.court_deck.pop() {
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
            s.push(Frame::Effect(Effect::Mythic {
                seat,
                card,
                system: done.system,
            }));
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
                "{seat} repairs {n} ship(s) in {} (Resilient).",
                b.system
            );
        }
    }),
    setup: Some(|s, seat, _, ev| outrage_in_setup(s, seat, &[Resource::Material], ev)),
    ..Behavior::NONE
};
