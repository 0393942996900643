//! Edicts (campaign rules p20–21): resolved from the lowest number to the
//! highest — Guild Envoys Depart (00, 2 players), Govern the Imperial Reach
//! (03: enforce the Imperial Policy's Demand and Action, or change it), and
//! the Edicts Fates add to the rules booklet.

use super::frame::CampaignFrame;
use super::Policy;
use crate::choice::{Choice, Loot};
use crate::event::Sink;
use crate::flow::Frame;
use crate::ids::*;
use crate::log;
use crate::state::{GameState, TrophyKind};

/// Starts resolving the Edicts.
pub fn begin(s: &mut GameState) {
    s.push(Frame::Campaign(CampaignFrame::Edicts { from: 0 }));
}

/// The numbers of the Edicts in play, ascending, with Govern (03) always
/// present — unless an Edict of the booklet resolves its effects instead
/// (Imperial Quorum, F113) — and Guild Envoys Depart (00) in 2-player
/// games.
fn numbers(s: &GameState) -> arrayvec::ArrayVec<u8, 20> {
    let mut v = arrayvec::ArrayVec::new();
    let Some(c) = s.campaign() else { return v };
    if c.envoys_depart {
        v.push(0);
    }
    if !crate::cards::booklet_laws(s).any(|(_, b)| b.skips_govern) {
        v.push(3);
    }
    for card in &c.booklet {
        if let Some(n) = super::data::edict_number(*card) {
            if !v.contains(&n) {
                let _ = v.try_push(n);
            }
        }
    }
    v.sort_unstable();
    v
}

/// Resolves the Edicts numbered `from` or more: the lowest now, the rest
/// after it (frames it pushes run first).
pub fn run(s: &mut GameState, from: u8, ev: &mut dyn Sink) {
    let Some(n) = numbers(s).into_iter().find(|n| *n >= from) else {
        s.pop();
        return;
    };
    s.set_top(Frame::Campaign(CampaignFrame::Edicts {
        from: n.saturating_add(1),
    }));
    match n {
        0 => envoys_depart(s, ev),
        3 => match s.first_regent() {
            Some(fr) => s.push(Frame::Campaign(CampaignFrame::Govern { fr })),
            None => log!(
                ev,
                "edict",
                None,
                "There is no First Regent: nobody governs the Imperial Reach."
            ),
        },
        // Fate edicts in the booklet with this number, in the order added.
        _ => {
            let cards: Vec<CardId> = s
                .campaign()
                .map(|c| {
                    c.booklet
                        .iter()
                        .copied()
                        .filter(|x| super::data::edict_number(*x) == Some(n))
                        .collect()
                })
                .unwrap_or_default();
            // Pushed last first: each resolves (and asks its questions)
            // before the next.
            for card in cards.into_iter().rev() {
                s.push(Frame::Campaign(CampaignFrame::ResolveEdict { card }));
            }
        }
    }
}

/// Guild Envoys Depart (00, AID02): bury every Guild card in the Court with
/// no agents on it, then refill the Court (p21).
fn envoys_depart(s: &mut GameState, ev: &mut dyn Sink) {
    let mut buried = Vec::new();
    for pos in 0..s.court.len() {
        let slot = &s.court[pos];
        let Some(card) = slot.card else { continue };
        if card.info().kind == crate::data::CardKind::Guild && slot.agents.iter().all(|n| *n == 0) {
            // Its attached card (if any) slides down into its place (p27).
            super::crises::remove_card(s, pos, card, super::crises::Removal::Bury);
            buried.push(card);
        }
    }
    if buried.is_empty() {
        log!(
            ev,
            "edict",
            None,
            "Guild Envoys Depart: every Guild card in the Court has agents; none is buried."
        );
    } else {
        let names: Vec<&str> = buried.iter().map(|c| c.name()).collect();
        log!(
            ev,
            "edict",
            None,
            "Guild Envoys Depart: {} buried under the Court deck.",
            names.join(", ")
        );
    }
}

/// Govern (p20): enforce the Policy, or change it.
pub fn govern(s: &mut GameState, fr: Seat, enforce: bool, ev: &mut dyn Sink) {
    s.pop();
    let policy = s.campaign().map_or(Policy::Peace, |c| c.policy());
    if enforce {
        log!(
            ev,
            "edict",
            Some(fr),
            "{fr} enforces the Imperial Policy of {}.",
            policy.name()
        );
        // The Action after the Demand (frames run last-pushed first).
        s.push(Frame::Campaign(CampaignFrame::ImperialAction { fr }));
        s.push(Frame::Campaign(CampaignFrame::Demand { fr, idx: 0 }));
    } else {
        s.push(Frame::Campaign(CampaignFrame::ChangePolicy { fr }));
    }
}

/// The Policies other than the current one `seat` may change to (a
/// change of Policy, p20): never War for a seat with Oath of Peace (F1502).
pub fn other_policies(s: &GameState, seat: Seat, out: &mut Vec<Choice>) {
    let now = s.campaign().map(|c| c.policy());
    let no_war = crate::cards::shuns_war(s, seat).is_some();
    out.extend(
        Policy::ALL
            .into_iter()
            .filter(|p| Some(*p) != now && !(no_war && *p == Policy::War))
            .map(Choice::Policy),
    );
}

/// Whether `seat` may enforce the Imperial Policy (take its Demand or its
/// Action): not a Policy of War with Oath of Peace (F1502).
pub fn may_enforce(s: &GameState, seat: Seat) -> bool {
    s.campaign().map(|c| c.policy()) != Some(Policy::War)
        || crate::cards::shuns_war(s, seat).is_none()
}

/// Puts the Govern card of `p` on top (p20).
pub fn change_policy(s: &mut GameState, fr: Seat, p: Policy, ev: &mut dyn Sink) {
    let Some(c) = s.campaign_mut() else { return };
    if let Some(i) = c.policies.iter().position(|x| *x == p) {
        c.policies[i..].rotate_left(1);
    }
    log!(
        ev,
        "edict",
        Some(fr),
        "{fr} changes the Imperial Policy to {}.",
        p.name()
    );
}

/// The seat asked for the Demand at step `idx`: turn order from the First
/// Regent; the First Regent itself only for Peace and Escalation (it adds
/// its own resource), and only seats [`subject`] to the Demand.
fn demand_target(s: &GameState, fr: Seat, idx: u8) -> Option<Seat> {
    (idx < s.players).then(|| fr.clockwise(idx, s.players))
}

/// Whether `x` is subject to the Imperial Demand: a Regent; under Govern
/// with Authority (F124–F126) also an Outlaw with a Loyal city or its
/// Flagship in a system the Empire controls.
pub fn subject(s: &GameState, x: Seat) -> bool {
    let Some(c) = s.campaign() else { return false };
    if c.is_regent(x) {
        return true;
    }
    if !c.imperium.authority {
        return false;
    }
    let empire = |sys: SystemId| s.controller(sys) == Some(Owner::Empire);
    let city = s.systems_in_play().any(|sys| {
        empire(sys)
            && s.sys(sys)
                .buildings()
                .any(|(_, b)| b.owner == x.owner() && b.kind == crate::state::BuildingKind::City)
    });
    city || s.flagship_at(x).is_some_and(empire)
}

/// What the First Regent may take from `x` for the Demand.
fn demand_options(s: &GameState, fr: Seat, x: Seat, out: &mut Vec<Choice>) {
    let Some(c) = s.campaign() else { return };
    if !subject(s, x) {
        return;
    }
    let policy = c.policy();
    match policy {
        Policy::Peace | Policy::Escalation => {
            let types = policy.demand();
            for (i, r) in s.seat(x).resources.iter().enumerate() {
                if r.is_some_and(|r| types.contains(&r)) {
                    if x == fr {
                        out.push(Choice::Slot(i as u8));
                    } else {
                        out.push(Choice::Steal {
                            from: x,
                            loot: Loot::Slot(i as u8),
                        });
                    }
                }
            }
            // Frozen resources on a Rival's cards can be taken for the
            // Demand (p27; docs/rulings.md R-CAMP-MAGNATE-DEMAND).
            if x != fr {
                for &r in types {
                    if super::stored::holding(s, x, r).is_some() {
                        out.push(Choice::Steal {
                            from: x,
                            loot: Loot::Stored(r),
                        });
                    }
                }
            }
        }
        Policy::War => {
            if x == fr {
                return; // "does not need to take a Trophy or Captive from themself"
            }
            // Trophies and Captives, but not Regent or Imperial pieces.
            let allowed = |o: Owner| match o {
                Owner::Seat(y) => c.is_outlaw(y),
                Owner::Empire => false,
                Owner::Free | Owner::Blight => true,
            };
            let st = s.seat(x);
            for oi in 0..MAX_OWNERS {
                let o = Owner::from_index(oi);
                if !allowed(o) {
                    continue;
                }
                for k in TrophyKind::ALL {
                    if st.trophies[oi][k as usize] > 0 {
                        out.push(Choice::Steal {
                            from: x,
                            loot: Loot::Trophy { owner: o, kind: k },
                        });
                    }
                }
                if let Owner::Seat(y) = o {
                    if st.captives[oi] > 0 {
                        out.push(Choice::Steal {
                            from: x,
                            loot: Loot::Captive(y),
                        });
                    }
                }
            }
        }
    }
}

/// The First Regent decides the Demand on a seat that has something to
/// take; otherwise the step runs by itself.
pub fn demand_decider(s: &GameState, fr: Seat, idx: u8) -> Option<Seat> {
    let x = demand_target(s, fr, idx)?;
    let mut v = Vec::new();
    demand_options(s, fr, x, &mut v);
    (!v.is_empty()).then_some(fr)
}

pub fn demand_prompt(s: &GameState, fr: Seat, idx: u8) -> String {
    match demand_target(s, fr, idx) {
        Some(x) if x == fr => "add which resource to the Imperial Trust?".into(),
        Some(x) => format!("take what from {x} for the Imperial Demand?"),
        None => String::new(),
    }
}

pub fn demand_choices(s: &GameState, fr: Seat, idx: u8, out: &mut Vec<Choice>) {
    if let Some(x) = demand_target(s, fr, idx) {
        demand_options(s, fr, x, out);
    }
}

/// The Demand on the `idx`-th seat: the First Regent's choice (`choice`),
/// or — with nothing to take — a Favor, or the threat of Outlawry (p20).
pub fn demand(s: &mut GameState, fr: Seat, idx: u8, choice: Choice, ev: &mut dyn Sink) {
    let next = CampaignFrame::Demand { fr, idx: idx + 1 };
    if demand_target(s, fr, idx + 1).is_some() {
        s.set_top(Frame::Campaign(next));
    } else {
        s.pop();
    }
    let Some(x) = demand_target(s, fr, idx) else {
        return;
    };
    match choice {
        Choice::Slot(i) => {
            if let Some(r) = s.seat_mut(fr).resources[i as usize].take() {
                add_trust(s, r);
                log!(
                    ev,
                    "edict",
                    Some(fr),
                    "{fr} adds their own {r} to the Imperial Trust."
                );
            }
        }
        Choice::Steal {
            from,
            loot: Loot::Slot(i),
        } => {
            if let Some(r) = s.seat_mut(from).resources[i as usize].take() {
                take_for_trust(s, fr, r);
                log!(
                    ev,
                    "edict",
                    Some(fr),
                    "{fr} takes {from}'s {r} for the Imperial Trust."
                );
            }
        }
        Choice::Steal {
            from,
            loot: Loot::Stored(r),
        } => {
            if let Some(card) = super::stored::holding(s, from, r) {
                super::stored::take(s, card, r);
                take_for_trust(s, fr, r);
                log!(
                    ev,
                    "edict",
                    Some(fr),
                    "{fr} takes {from}'s {} from {card} for the Imperial Trust.",
                    crate::describe::resource_name(r)
                );
            }
        }
        Choice::Steal {
            from,
            loot: Loot::Trophy { owner, kind },
        } => {
            let n = s.seat_mut(from).trophy(owner, kind);
            if *n > 0 {
                *n -= 1;
                s.gain_trophies(fr, owner, kind, 1, ev);
                log!(
                    ev,
                    "edict",
                    Some(fr),
                    "{fr} takes a Trophy from {from} for the Imperial Demand."
                );
            }
        }
        Choice::Steal {
            from,
            loot: Loot::Captive(owner),
        } => {
            let n = &mut s.seat_mut(from).captives[owner.index()];
            if *n > 0 {
                *n -= 1;
                s.seat_mut(fr).captives[owner.index()] += 1;
                log!(
                    ev,
                    "edict",
                    Some(fr),
                    "{fr} takes a Captive from {from} for the Imperial Demand."
                );
            }
        }
        _ => {
            let _ = x;
        }
    }
}

/// The Demand step with nothing to take (no decision): a Rival Regent
/// gives an agent as a Favor, or — with no agent — may be outlawed.
pub fn demand_auto(s: &mut GameState, fr: Seat, idx: u8, ev: &mut dyn Sink) {
    let next = CampaignFrame::Demand { fr, idx: idx + 1 };
    if demand_target(s, fr, idx + 1).is_some() {
        s.set_top(Frame::Campaign(next));
    } else {
        s.pop();
    }
    let Some(x) = demand_target(s, fr, idx) else {
        return;
    };
    if x == fr || !subject(s, x) {
        return;
    }
    if s.seat(x).agents > 0 {
        s.seat_mut(x).agents -= 1;
        if let Some(c) = s.campaign_mut() {
            c.favors[fr.index()][x.index()] += 1;
        }
        log!(
            ev,
            "edict",
            Some(fr),
            "{x} has nothing the Imperial Demand asks for: {fr} takes one of their agents as a Favor."
        );
    } else if s.is_regent(x) {
        // "If a Regent has no agents, you may make them an Outlaw."
        s.push(Frame::Campaign(CampaignFrame::MayOutlaw { fr, target: x }));
    }
}

/// A resource the First Regent takes from a Rival for the Trust: a card of
/// its may take it in instead (Arsenal Keepers, F1503: "Even if you're
/// taking for the Imperial Trust!").
fn take_for_trust(s: &mut GameState, fr: Seat, r: Resource) {
    match crate::cards::store_for(s, fr, r) {
        Some(card) => super::stored::offer(s, fr, card, r, true),
        None => add_trust(s, r),
    }
}

fn add_trust(s: &mut GameState, r: Resource) {
    if let Some(c) = s.campaign_mut() {
        c.trust[r.index()] += 1;
    }
}

/// The Imperial Action after the Demand (p21).
pub fn imperial_action(s: &mut GameState, fr: Seat, ev: &mut dyn Sink) {
    s.pop();
    let Some(policy) = s.campaign().map(|c| c.policy()) else {
        return;
    };
    match policy {
        Policy::Peace => {
            // Celebrate Regency: each Regent gains the bonus city Power of
            // the uncovered city slots on their board; double under Govern
            // with Authority (F126).
            let times = if authority(s) { 2 } else { 1 };
            for x in s.turn_order().collect::<Vec<_>>() {
                if s.is_regent(x) {
                    let p = times * crate::data::city_bonus(s.seat(x).cities);
                    if p > 0 {
                        s.seat_mut(x).power += p;
                        log!(
                            ev,
                            "edict",
                            Some(x),
                            "Celebrate Regency: {x} gains {p} Power for their uncovered city slots."
                        );
                    }
                }
            }
        }
        Policy::Escalation => {
            let mut v = Vec::new();
            requisition_choices(s, fr, &mut v);
            if v.is_empty() {
                log!(
                    ev,
                    "edict",
                    Some(fr),
                    "Requisition Ships: there is nowhere to place Imperial ships."
                );
            } else {
                s.push(Frame::Campaign(CampaignFrame::Requisition { fr }));
            }
        }
        Policy::War => {
            let regents: Vec<Seat> = s.turn_order().filter(|x| s.is_regent(*x)).collect();
            // Govern with Authority (F124): "and any 1 resource", once the
            // Weapons are given.
            if authority(s) && !regents.is_empty() {
                s.push(Frame::Campaign(CampaignFrame::Endow { fr, given: 0 }));
            }
            if weapons_left(s) >= regents.len() as u32 {
                for x in regents {
                    arm(s, fr, x, ev);
                }
            } else if weapons_left(s) > 0 {
                s.push(Frame::Campaign(CampaignFrame::DistributeArms {
                    fr,
                    given: 0,
                }));
            } else {
                log!(
                    ev,
                    "edict",
                    Some(fr),
                    "Distribute Arms: there are no Weapons to give."
                );
            }
        }
    }
}

/// Govern with Authority (F124–F126) is Edict 03 (the Steward's Act III,
/// F122A).
pub fn authority(s: &GameState) -> bool {
    s.campaign().is_some_and(|c| c.imperium.authority)
}

/// The fresh Imperial ships Escalation's Action places: 2, or 4 under
/// Govern with Authority (F125).
pub fn requisitioned(s: &GameState) -> u8 {
    if authority(s) {
        4
    } else {
        2
    }
}

/// The Regent Govern with Authority's War gives "any 1 resource" to next
/// (F124): the first in turn order not yet given one.
pub fn endow_target(s: &GameState, given: u8) -> Option<Seat> {
    s.turn_order()
        .find(|x| s.is_regent(*x) && given & (1 << x.0) == 0)
}

/// The Regent taking the Action decides the Endow while there is a Regent
/// to give to and a resource to give; otherwise the step ends by itself.
pub fn endow_decider(s: &GameState, fr: Seat, given: u8) -> Option<Seat> {
    let mut v = Vec::new();
    endow_choices(s, &mut v);
    (endow_target(s, given).is_some() && !v.is_empty()).then_some(fr)
}

/// The resource types the Endow may give: those in the supply, else in
/// the Imperial Trust ("If the supply is empty, give it from the Imperial
/// Trust", per type; docs/rulings.md R-CAMP-F124).
pub fn endow_choices(s: &GameState, out: &mut Vec<Choice>) {
    let trust = s.campaign().map_or([0; 5], |c| c.trust);
    out.extend(
        Resource::ALL
            .into_iter()
            .filter(|r| s.supply[r.index()] > 0 || trust[r.index()] > 0)
            .map(Choice::Resource),
    );
}

/// Gives `x` a resource of type `r`, from the supply, else from the Trust.
pub fn endow(s: &mut GameState, fr: Seat, x: Seat, r: Resource, ev: &mut dyn Sink) {
    let from_supply = s.supply[r.index()] > 0;
    if from_supply {
        s.supply[r.index()] -= 1;
    } else if let Some(c) = s.campaign_mut().filter(|c| c.trust[r.index()] > 0) {
        c.trust[r.index()] -= 1;
    } else {
        return;
    }
    log!(
        ev,
        "edict",
        Some(fr),
        "Govern with Authority: {x} receives {}{}.",
        crate::describe::resource_name(r),
        if from_supply {
            ""
        } else {
            " from the Imperial Trust"
        }
    );
    s.receive(x, r);
}

/// Weapons the supply and the Imperial Trust hold (p21, War).
pub fn weapons_left(s: &GameState) -> u32 {
    let w = Resource::Weapon.index();
    s.supply[w] as u32 + s.campaign().map_or(0, |c| c.trust[w] as u32)
}

/// Distribute Arms: a Weapon to `x`, from the supply, else from the Trust.
pub fn arm(s: &mut GameState, fr: Seat, x: Seat, ev: &mut dyn Sink) {
    let w = Resource::Weapon.index();
    let from_supply = s.supply[w] > 0;
    if from_supply {
        s.supply[w] -= 1;
    } else if let Some(c) = s.campaign_mut().filter(|c| c.trust[w] > 0) {
        c.trust[w] -= 1;
    } else {
        return;
    }
    s.receive(x, Resource::Weapon);
    log!(
        ev,
        "edict",
        Some(fr),
        "Distribute Arms: {x} receives a Weapon{}.",
        if from_supply {
            ""
        } else {
            " from the Imperial Trust"
        }
    );
}

/// Escalation's targets: Empire-controlled systems; with none, the Loyal
/// starports of `fr`, the Regent taking the Action (p21; docs/rulings.md
/// R-CAMP-ESC, R-CAMP-F113).
pub fn requisition_choices(s: &GameState, fr: Seat, out: &mut Vec<Choice>) {
    if s.campaign().is_none_or(|c| c.imperial_supply == 0) {
        return;
    }
    let empire: Vec<SystemId> = s
        .systems_in_play()
        .filter(|x| s.controller(*x) == Some(Owner::Empire))
        .collect();
    if !empire.is_empty() {
        out.extend(empire.into_iter().map(Choice::System));
        return;
    }
    out.extend(
        crate::state::systems_in(s.board.starports(fr.owner()) & s.in_play).map(Choice::System),
    );
}

/// Requisition Ships: 2 fresh Imperial ships in `x` (4 under Govern with
/// Authority, F125).
pub fn requisition(s: &mut GameState, fr: Seat, x: SystemId, ev: &mut dyn Sink) {
    let n = super::setup::place_imperial(s, x, requisitioned(s), false);
    super::fates::notify(s, super::fates::FateEvent::ImperialPlaced { n }, ev);
    log!(
        ev,
        "edict",
        Some(fr),
        { systems: vec![x] },
        "Requisition Ships: {fr} places {n} fresh Imperial ship{} in {x}.",
        if n == 1 { "" } else { "s" }
    );
}
