//! The procedures of Leaders & Lore cards that need decisions (or run
//! automatically between decisions). Each is one `Effect` variant; this
//! module gives its prompt text, its legal choices and its resolution.

use super::effects::{BonusStage, Effect};
use crate::actions::battle::ship_targets;
use crate::actions::dice::DiceRoll;
use crate::choice::{Choice, Piece};
use crate::data::DieKind;
use crate::event::Sink;
use crate::flow::{Frame, Source};
use crate::ids::*;
use crate::log;
use crate::state::{slot_key, Building, BuildingKind, GameState, TrophyKind};

/// The prompt text; `None` for a stage that runs automatically.
pub fn what(e: &Effect, s: &GameState) -> Option<String> {
    use Effect::*;
    Some(match e {
        Sensors { from: None, .. } => {
            "move fresh ships into the battle from which adjacent system (or none)?".into()
        }
        Sensors { .. } => "how many fresh ships?".into(),
        Bonus {
            stage: BonusStage::Ask,
            extra,
            main,
            ..
        } => format!(
            "take {} before the {}? (no: after it, if you wish)",
            with_article(*extra),
            crate::describe::std_name(*main)
        ),
        Bonus {
            stage: BonusStage::After,
            extra,
            ..
        } => format!("also take {}?", with_article(*extra)),
        Bonus { .. } => return None,
        Generous { .. } => {
            "give which Guild card to your Rival with the least Power (the cost of declaring)?"
                .into()
        }
        Ambitious { .. } => "gain which resource (or none)?".into(),
        Bold { .. } => "place an agent on which Court card (each at most once)?".into(),
        Learned { kept, .. } => format!("keep which lore card ({} of 2)?", kept + 1),
        Ruthless { ship: false, .. } => "hit the city to tax it again?".into(),
        Ruthless { .. } => "hit the starport to build another ship there?".into(),
        Mythic { .. } => {
            "place one of your resources over the planet's type icon (or none)?".into()
        }
        Influence { .. } => "influence (place an agent) on which Court card, or not?".into(),
        GainOneOf { .. } => "gain which of the city's types?".into(),
        CloudPay { .. } => "pay which resource for the cloud city?".into(),
        Sprint { from: None, .. } => "move fresh ships one more time from where (or stop)?".into(),
        Sprint { n: 0, .. } => "how many?".into(),
        Sprint { .. } => "to which adjacent system?".into(),
        Summon { .. } => "summon a ship at a city in which system you control?".into(),
        Rifles { stage, .. } => match stage {
            0 => "fire from which system?".into(),
            1 => "at which adjacent system?".into(),
            2 => "at which Rival?".into(),
            3 => "reroll which die (Empath's Vision), or stop?".into(),
            4 => format!("assign a hit ({} left)", rifles_hits(e)),
            _ => return None,
        },
        Nurture { .. } => "tax which Loyal city?".into(),
        Prune { .. } => "replace which Loyal building?".into(),
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
        _ => {
            let _ = s;
            return None;
        }
    })
}

/// "a Move", "an Influence".
fn with_article(a: StdAction) -> String {
    crate::describe::std_with_article(a)
}

fn rifles_hits(e: &Effect) -> u8 {
    match e {
        Effect::Rifles { hits, .. } => *hits,
        _ => 0,
    }
}

fn court_positions(s: &GameState) -> impl Iterator<Item = usize> + '_ {
    (0..s.court.len()).filter(|&p| s.court[p].card.is_some())
}

/// Systems holding fresh ships of `seat` that can fire at a Rival in an
/// adjacent system (C-L02).
fn rifles_sources(s: &GameState, seat: Seat) -> impl Iterator<Item = SystemId> + '_ {
    s.systems_in_play().filter(move |x| {
        s.sys(*x).ships_of(seat.owner()).fresh > 0
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

/// A system has a fresh Loyal starport (Force Beams).
fn fresh_port(s: &GameState, seat: Seat, sys: SystemId) -> bool {
    s.sys(sys)
        .buildings_of(seat.owner())
        .any(|(_, b)| b.kind == BuildingKind::Starport && !b.damaged)
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
    let any = want.is_some_and(|w| super::spend_as_types(s, seat).any(|x| x == w));
    (0..7).filter(move |&i| match s.seat(seat).resources[i] {
        Some(r) => Some(r) == want || any,
        None => false,
    })
}

pub fn cloud_payable(s: &GameState, seat: Seat, sys: SystemId) -> bool {
    cloud_payers(s, seat, sys).next().is_some()
}

pub fn choices(e: &Effect, s: &GameState, out: &mut Vec<Choice>) {
    use Effect::*;
    match *e {
        Sensors {
            seat,
            system,
            from: None,
            ..
        } => {
            out.extend(
                s.adjacent(system)
                    .filter(|x| s.sys(*x).ships_of(seat.owner()).fresh > 0)
                    .map(Choice::System),
            );
            out.push(Choice::Done);
        }
        Sensors {
            seat,
            from: Some(f),
            ..
        } => {
            out.extend((1..=s.sys(f).ships_of(seat.owner()).fresh).map(Choice::Count));
        }
        Bonus {
            seat,
            extra,
            main,
            stage,
            ..
        } => {
            let possible = crate::flow::act_possible(s, seat, crate::choice::Act::std(extra));
            if possible && stage != BonusStage::ThenMain {
                out.push(Choice::Yes);
            }
            // Taking the main action first needs it to be possible now.
            let main_now = crate::flow::act_possible(s, seat, crate::choice::Act::std(main));
            if stage != BonusStage::Ask || main_now || out.is_empty() {
                out.push(Choice::No);
            }
        }
        Generous { seat, .. } => out.extend(s.seat(seat).guild().iter().map(|c| Choice::Card(*c))),
        Ambitious { .. } => {
            out.extend(
                Resource::ALL
                    .into_iter()
                    .filter(|r| s.supply[r.index()] > 0)
                    .map(Choice::Resource),
            );
            out.push(Choice::Done);
        }
        Bold { seat, done, .. } => {
            if s.seat(seat).agents > 0 {
                out.extend(
                    court_positions(s)
                        .filter(|p| done & (1 << p) == 0)
                        .map(|p| Choice::Court(p as u8)),
                );
            }
            out.push(Choice::Done);
        }
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
        Influence { seat, .. } => {
            if s.seat(seat).agents > 0 {
                out.extend(court_positions(s).map(|p| Choice::Court(p as u8)));
            }
            out.push(Choice::Done);
        }
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
                let n = s.turn.moved_fresh[x.index()].min(s.sys(x).ships_of(seat.owner()).fresh);
                if n > 0 && s.adjacent(x).next().is_some() {
                    out.push(Choice::System(x));
                }
            }
            out.push(Choice::Done);
        }
        Sprint {
            seat,
            from: Some(f),
            n: 0,
            ..
        } => {
            let n = s.turn.moved_fresh[f.index()].min(s.sys(f).ships_of(seat.owner()).fresh);
            let cap = super::max_ships_moved(s, seat).min(n);
            out.extend((1..=cap).map(Choice::Count));
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
                if let Effect::Rifles { roll, .. } = e {
                    roll.reroll_choices(0b111, out);
                }
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
        Guide {
            seat, from: None, ..
        } => {
            out.extend(
                s.systems_in_play()
                    .filter(|a| {
                        has_any_ships(s, *a) && s.adjacent(*a).any(|b| guide_pair(s, seat, *a, b))
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
        TycoonAmbition { .. } if s.best_available_marker().is_some() => {
            out.extend(
                Ambition::ALL
                    .into_iter()
                    .filter(|a| !s.ambition_declared(*a))
                    .map(Choice::Declare),
            );
        }
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
            out.extend(
                Resource::ALL
                    .into_iter()
                    .filter(|r| s.supply[r.index()] > 0)
                    .map(Choice::Resource),
            );
            if out.is_empty() {
                out.push(Choice::Done);
            }
        }
        _ => {}
    }
}

fn top(s: &mut GameState, e: Effect) {
    s.set_top(Frame::Effect(e));
}

pub fn resolve(e: Effect, s: &mut GameState, choice: Choice, ev: &mut dyn Sink) {
    use Effect::*;
    match e {
        Sensors {
            seat,
            card,
            system,
            from: None,
        } => match choice {
            Choice::System(f) => top(
                s,
                Sensors {
                    seat,
                    card,
                    system,
                    from: Some(f),
                },
            ),
            _ => s.pop(),
        },
        Sensors {
            seat,
            card,
            system,
            from: Some(f),
        } => {
            if let Choice::Count(n) = choice {
                let o = seat.owner();
                s.sys_mut(f).ships_mut(o).fresh -= n;
                s.sys_mut(system).ships_mut(o).fresh += n;
                log!(ev, "move", Some(seat), { systems: vec![f, system] }, "{seat} moves {n} fresh ship(s) from {f} into the battle at {system} (Predictive Sensors).");
            }
            top(
                s,
                Sensors {
                    seat,
                    card,
                    system,
                    from: None,
                },
            );
        }
        Bonus {
            seat,
            card,
            main,
            extra,
            stage,
        } => {
            let yes = choice == Choice::Yes;
            match (stage, yes) {
                (BonusStage::Ask, true) => {
                    top(
                        s,
                        Bonus {
                            seat,
                            card,
                            main,
                            extra,
                            stage: BonusStage::ThenMain,
                        },
                    );
                    log!(
                        ev,
                        "action",
                        Some(seat),
                        "{seat} takes {extra} first ({card})."
                    );
                    s.push(crate::flow::std_frame(seat, extra, Source::Effect));
                }
                (BonusStage::Ask, false)
                    if !crate::flow::act_possible(s, seat, crate::choice::Act::std(main)) =>
                {
                    s.pop();
                }
                (BonusStage::Ask, false) => {
                    top(
                        s,
                        Bonus {
                            seat,
                            card,
                            main,
                            extra,
                            stage: BonusStage::After,
                        },
                    );
                    s.push(crate::flow::std_frame(seat, main, Source::Pip));
                }
                (_, true) => {
                    log!(
                        ev,
                        "action",
                        Some(seat),
                        "{seat} also takes {extra} ({card})."
                    );
                    s.set_top(crate::flow::std_frame(seat, extra, Source::Effect));
                }
                _ => s.pop(),
            }
        }
        Generous {
            seat,
            ambition,
            via,
            ..
        } => {
            s.pop();
            let Choice::Card(c) = choice else { return };
            // AMB-47: the Rival with least Power, earliest in turn order on ties.
            let Some(to) = s.rivals(seat).min_by_key(|r| s.seat(*r).power) else {
                return;
            };
            if s.seat_mut(seat).remove_guild(c) {
                s.seat_mut(to).add_guild(c);
                log!(
                    ev,
                    "give",
                    Some(seat),
                    "{seat} gives {c} to {to} to declare (Generous)."
                );
                let via = crate::actions::declare::DeclareVia::from_code(via);
                crate::actions::declare::declare_with(s, seat, ambition, via, ev);
            }
        }
        Ambitious { seat, .. } => {
            s.pop();
            if let Choice::Resource(r) = choice {
                s.gain(seat, r, ev);
            }
        }
        Bold { seat, card, done } => match choice {
            Choice::Court(p) => {
                crate::actions::court::place_agent(s, seat, p as usize, ev);
                top(
                    s,
                    Bold {
                        seat,
                        card,
                        done: done | (1 << p),
                    },
                );
            }
            _ => s.pop(),
        },
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
                    let damaged =
                        s.controlled_by_other(seat, system) && !super::ships_always_fresh(s, seat);
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
        Influence { seat, .. } => {
            s.pop();
            if let Choice::Court(p) = choice {
                crate::actions::court::place_agent(s, seat, p as usize, ev);
            }
        }
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
                crate::actions::build::place_city(s, seat, system, crate::state::EXTRA_SLOT, ev);
            }
        }
        Sprint {
            seat,
            card,
            from: None,
            ..
        } => match choice {
            Choice::System(f) => top(
                s,
                Sprint {
                    seat,
                    card,
                    from: Some(f),
                    n: 0,
                },
            ),
            _ => {
                s.turn.moved_fresh = [0; SystemId::COUNT];
                s.pop();
            }
        },
        Sprint {
            seat,
            card,
            from: Some(f),
            n: 0,
        } => {
            if let Choice::Count(n) = choice {
                top(
                    s,
                    Sprint {
                        seat,
                        card,
                        from: Some(f),
                        n,
                    },
                );
            }
        }
        Sprint {
            seat,
            card,
            from: Some(f),
            n,
        } => {
            if let Choice::System(to) = choice {
                let o = seat.owner();
                s.sys_mut(f).ships_mut(o).fresh -= n;
                s.sys_mut(to).ships_mut(o).fresh += n;
                s.turn.moved_fresh[f.index()] -= n.min(s.turn.moved_fresh[f.index()]);
                log!(
                    ev,
                    "move",
                    Some(seat),
                    { systems: vec![f, to] },
                    "{seat} moves {n} fresh ship(s) one more time, {f} to {to} (Sprinter Drives)."
                );
            }
            top(
                s,
                Sprint {
                    seat,
                    card,
                    from: None,
                    n: 0,
                },
            );
        }
        Summon { seat, card } => {
            s.pop();
            if let Choice::System(x) = choice {
                let _ = s.turn.once_used.try_push(card);
                let damaged = s.controlled_by_other(seat, x) && !super::ships_always_fresh(s, seat);
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
                let n = s.sys(from).ships_of(seat.owner()).fresh.min(6);
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
                }
                if hits == 0 {
                    remove_effect(s, |x| matches!(x, Rifles { .. }));
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
            let Some((system, slot, b)) = chosen_building(s, choice) else {
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
                    *s.seat_mut(seat).trophy(o.owner(), TrophyKind::Ship) += 1;
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
            let Some((system, slot, b)) = chosen_building(s, choice) else {
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
        _ => s.pop(),
    }
}

/// Removes the nearest effect frame matching `f`.
fn remove_effect(s: &mut GameState, f: impl Fn(&Effect) -> bool) {
    if let Some(p) = s
        .stack
        .iter()
        .rposition(|x| matches!(x, Frame::Effect(y) if f(y)))
    {
        s.stack.remove(p);
    }
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
        && super::held_behaviors(s, seat).any(|(_, b)| {
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
    let _ = DieKind::Skirmish;
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
                for r in super::city_types(s, system).collect::<Vec<_>>() {
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

/// Stages that run without a decision.
pub fn run_auto(e: Effect, s: &mut GameState, ev: &mut dyn Sink) {
    if let Effect::Bonus {
        seat,
        main,
        stage: BonusStage::ThenMain,
        ..
    } = e
    {
        // The extra action came first; the main one may have become
        // impossible (nothing left to battle), and then it is lost.
        if crate::flow::act_possible(s, seat, crate::choice::Act::std(main)) {
            s.set_top(crate::flow::std_frame(seat, main, Source::Pip));
        } else {
            log!(
                ev,
                "action",
                Some(seat),
                "{seat} has no {main} left to take."
            );
            s.pop();
        }
        return;
    }
    s.pop();
}

/// Tax limit key helper for Ruthless repeats.
pub fn taxed_key(system: SystemId, slot: u8) -> u128 {
    slot_key(system, slot)
}

/// The building a `Choice::Piece` names, with its system and slot.
fn chosen_building(s: &GameState, choice: Choice) -> Option<(SystemId, u8, Building)> {
    let Choice::Piece {
        system,
        piece: Piece::Building { slot },
    } = choice
    else {
        return None;
    };
    Some((system, slot, s.sys(system).slots[slot as usize]?))
}
