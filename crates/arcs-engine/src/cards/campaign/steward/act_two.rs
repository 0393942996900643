//! The Steward's Act II: its setup (F112A), objective (F112B), Imperial
//! Quorum (F113, Edict 02), its Act II Resolution (F114) and the cards it
//! brings — Navy Reprisal (F115), Council Insiders (F116), Galactic Bards
//! (F117, a reprint of BC25), the Imperial Defectors (F118, F119) and the
//! Lesser Regents (F120, F121). Texts missing from seed 000 are in
//! `reference/components.md` §11; `reference/campaign.md` §2.1.

use super::{id, ids};
use crate::campaign::fates::{advance_objective, FateEvent};
use crate::campaign::{CampaignFrame, Policy};
use crate::cards::campaign::court as shared;
use crate::cards::frame::Procedure;
use crate::cards::Behavior;
use crate::choice::Choice;
use crate::describe::{count_of, Describer};
use crate::event::Sink;
use crate::flow::Frame;
use crate::ids::*;
use crate::log;
use crate::state::{BuildingKind, GameState};
use serde::{Deserialize, Serialize};

/// Imperial Quorum, the Edict the Act II setup adds.
pub const QUORUM: &str = "ARCS-F113";

/// F112A: "Add Imperial Quorum (13) to the Edicts."
pub(super) fn setup(s: &mut GameState, seat: Seat, ev: &mut dyn Sink) {
    if let Some(c) = s.campaign_mut() {
        if !c.booklet.contains(&id(QUORUM)) {
            let _ = c.booklet.try_push(id(QUORUM));
        }
    }
    log!(
        ev,
        "setup",
        Some(seat),
        "Imperial Quorum joins the Edicts: the First Regent collects the Imperial Demand, the \
         Regent with the most starports may take the Imperial Action and the Regent with the most \
         cities may change the Policy."
    );
}

/// F112B. *Expand the Empire*: at the end of each chapter, as the First
/// Regent, advance 1 for each cluster where the Empire controls any system.
/// *Ensure the Emperor's Tribute*: at the end of each chapter, advance 1
/// for each resource in the Imperial Trust, First Regent or not.
pub(super) fn objective(s: &mut GameState, me: Seat, e: &FateEvent, ev: &mut dyn Sink) {
    if !matches!(e, FateEvent::ChapterEnd) {
        return;
    }
    let clusters = if s.first_regent() == Some(me) {
        empire_clusters(s)
    } else {
        0
    };
    let trust = s
        .campaign()
        .map_or(0, |c| c.trust_total())
        .min(u8::MAX as u32) as u8;
    if clusters + trust == 0 {
        return;
    }
    log!(
        ev,
        "objective",
        Some(me),
        "Expand the Empire and Ensure the Emperor's Tribute: {}, {} in the Imperial Trust.",
        count_of(
            clusters,
            "cluster where the Empire controls a system",
            "clusters where the Empire controls a system"
        ),
        count_of(trust, "resource", "resources")
    );
    advance_objective(s, me, clusters.saturating_add(trust), ev);
}

/// Clusters with any in-play system (a gate included) the Empire controls.
fn empire_clusters(s: &GameState) -> u8 {
    (1..=6u8)
        .filter(|&cl| {
            (0..4).any(|p| {
                let x = SystemId::new(cl, p);
                s.in_play & x.bit() != 0 && s.controller(x) == Some(Owner::Empire)
            })
        })
        .count() as u8
}

/// F114. Completed: Navy Reprisal, Council Insiders and Galactic Bards to
/// the Court deck; scrap the Imperial Defectors and the Lesser Regents.
/// Failed: the other way round.
pub(super) fn resolve(s: &mut GameState, seat: Seat, done: bool, ev: &mut dyn Sink) {
    use crate::campaign::fates::{add_to_court_deck, scrap};
    const GAINED: [&str; 3] = ["ARCS-F115", "ARCS-F116", "ARCS-F117"];
    const LOST: [&str; 4] = ["ARCS-F118", "ARCS-F119", "ARCS-F120", "ARCS-F121"];
    if done {
        add_to_court_deck(s, &ids(&GAINED));
        scrap(s, &ids(&LOST));
        log!(
            ev,
            "intermission",
            Some(seat),
            "The Steward's Act II Resolution, objective completed: Navy Reprisal, Council Insiders \
             and Galactic Bards join the Court deck; the Imperial Defectors and the Lesser Regents \
             are scrapped."
        );
    } else {
        scrap(s, &ids(&GAINED));
        add_to_court_deck(s, &ids(&LOST));
        log!(
            ev,
            "intermission",
            Some(seat),
            "The Steward's Act II Resolution, objective failed: Navy Reprisal, Council Insiders \
             and Galactic Bards are scrapped; the Imperial Defectors and the Lesser Regents join \
             the Court deck."
        );
    }
}

// ------------------------------------------------------------ Quorum

/// F113 Imperial Quorum (Edict 02): "Resolve the effects of Edict 03 —
/// Govern the Imperial Reach, or Govern with Authority in Act III — as
/// follows, then skip Edict 03 itself. First, Collect Demand: the First
/// Regent collects the Demand. Second, Take Action: the Regent with the
/// most starports built may take the Imperial Action. On a tie, skip this.
/// Third, Change Policy: the Regent with the most cities built may change
/// the Policy of Edict 03. On a tie, skip this." Flagship boards count
/// (docs/rulings.md R-CAMP-F113).
pub static IMPERIAL_QUORUM: Behavior = Behavior {
    code: QUORUM,
    skips_govern: true,
    edict: Some(|s, card, ev| {
        let policy = s.campaign().map_or(Policy::Peace, |c| c.policy());
        log!(
            ev,
            "edict",
            None,
            "Imperial Quorum resolves the Policy of {} in Govern's place.",
            policy.name()
        );
        // Last pushed runs first: the Demand, the Action, the Policy.
        s.push(Effect::Quorum { card, step: 2 }.into());
        s.push(Effect::Quorum { card, step: 1 }.into());
        match s.first_regent() {
            Some(fr) => s.push(Frame::Campaign(CampaignFrame::Demand { fr, idx: 0 })),
            None => log!(
                ev,
                "edict",
                None,
                "Imperial Quorum: there is no First Regent to collect the Imperial Demand."
            ),
        }
    }),
    ..Behavior::NONE
};

/// Cities or starports `seat` has built: on the map and on its Flagship
/// board (F113's note).
pub(super) fn built(s: &GameState, seat: Seat, kind: BuildingKind) -> u8 {
    let map = s
        .systems_in_play()
        .map(|x| {
            s.sys(x)
                .buildings()
                .filter(|(_, b)| b.owner == seat.owner() && b.kind == kind)
                .count()
        })
        .sum::<usize>();
    let board = s
        .campaign()
        .and_then(|c| c.flagships[seat.index()])
        .map_or(0, |b| b.count(kind) as usize);
    (map + board).min(u8::MAX as usize) as u8
}

/// The Regent with strictly the most `kind` built, if one has.
fn most_built(s: &GameState, kind: BuildingKind) -> Option<Seat> {
    let counts: Vec<(Seat, u8)> = s
        .turn_order()
        .filter(|x| s.is_regent(*x))
        .map(|x| (x, built(s, x, kind)))
        .collect();
    let best = counts.iter().map(|(_, n)| *n).max()?;
    let mut top = counts.iter().filter(|(_, n)| *n == best);
    let first = top.next()?;
    top.next().is_none().then_some(first.0)
}

fn quorum_step(s: &mut GameState, card: CardId, step: u8, ev: &mut dyn Sink) {
    s.pop();
    let (kind, built_most, what) = if step == 1 {
        (
            BuildingKind::Starport,
            "starports",
            "take the Imperial Action",
        )
    } else {
        (BuildingKind::City, "cities", "change the Policy")
    };
    match most_built(s, kind) {
        Some(seat) => s.push(Effect::QuorumMay { seat, card, step }.into()),
        None => log!(
            ev,
            "edict",
            None,
            "Imperial Quorum: no single Regent has built the most {built_most}; nobody may {what}."
        ),
    }
}

// ------------------------------------------------------------ the Court

/// F115 Navy Reprisal (Vox). "Crisis: Each Imperial ship hits 1 ship of
/// each Outlaw in its system, fresh ships first. Bury this card. When
/// Secured: You may resolve the Crisis in one cluster you choose, or you
/// may hit all Imperial ships in a cluster you choose. Bury this card."
pub static NAVY_REPRISAL: Behavior = Behavior {
    code: "ARCS-F115",
    crisis: Some(|s, pos, card, ev| {
        reprisal(s, None, ev);
        crate::campaign::crises::remove_card(s, pos, card, crate::campaign::crises::Removal::Bury);
    }),
    on_secured: Some(|s, seat, card, _| {
        s.court_deck.bury(card);
        if reprisal_clusters(s).next().is_some() || shared::imperial_clusters(s).next().is_some() {
            s.push(Effect::Reprisal { seat, card }.into());
        }
    }),
    ..Behavior::NONE
};

/// The systems Navy Reprisal looks at: those of `cluster`, or all.
fn systems(s: &GameState, cluster: Option<u8>) -> Vec<SystemId> {
    s.systems_in_play()
        .filter(|x| cluster.is_none_or(|c| x.cluster() == c))
        .collect()
}

/// Outlaws with ships in `x`, in turn order.
fn outlaws_in(s: &GameState, x: SystemId) -> Vec<Seat> {
    s.turn_order()
        .filter(|o| s.is_outlaw(*o) && s.sys(x).ships_of(o.owner()).total() > 0)
        .collect()
}

/// Navy Reprisal's Crisis in `cluster` (or everywhere): in each system,
/// each Imperial ship, fresh or damaged, hits 1 ship of each Outlaw there;
/// a hit damages a fresh ship while the Outlaw has one there, then
/// destroys a damaged one; destroyed ships go back to their owner's
/// supply, no one taking them as Trophies (docs/rulings.md R-CAMP-F115).
fn reprisal(s: &mut GameState, cluster: Option<u8>, ev: &mut dyn Sink) {
    let mut touched = Vec::new();
    let (mut damaged, mut destroyed) = (0u32, 0u32);
    for x in systems(s, cluster) {
        let hits = s.sys(x).ships_of(Owner::Empire).total();
        if hits == 0 {
            continue;
        }
        for o in outlaws_in(s, x) {
            for _ in 0..hits {
                let sh = s.sys(x).ships_of(o.owner());
                if sh.fresh > 0 {
                    s.hit_ship(x, o.owner(), false, None);
                    damaged += 1;
                } else if sh.damaged > 0 {
                    s.hit_ship(x, o.owner(), true, None);
                    destroyed += 1;
                } else {
                    break;
                }
            }
            if !touched.contains(&x) {
                touched.push(x);
            }
        }
    }
    let at = cluster.map_or(String::new(), |c| format!(" in cluster {c}"));
    if touched.is_empty() {
        log!(
            ev,
            "crisis",
            None,
            "Navy Reprisal: no Imperial ship shares a system with an Outlaw's ships{at}."
        );
        return;
    }
    log!(
        ev,
        "crisis",
        None,
        { systems: touched },
        "Navy Reprisal: the Imperial ships{at} fire on the Outlaws: {} damaged, {} destroyed.",
        count_of(damaged.min(255) as u8, "ship", "ships"),
        count_of(destroyed.min(255) as u8, "ship", "ships")
    );
}

/// Clusters where Navy Reprisal's Crisis would hit something.
fn reprisal_clusters(s: &GameState) -> impl Iterator<Item = u8> + '_ {
    (1..=6u8).filter(move |&cl| {
        systems(s, Some(cl))
            .into_iter()
            .any(|x| s.sys(x).ships_of(Owner::Empire).total() > 0 && !outlaws_in(s, x).is_empty())
    })
}

/// Navy Reprisal secured, the other option: each Imperial ship in
/// `cluster` takes a hit (a fresh one is damaged, a damaged one destroyed,
/// back to the Empire's supply).
fn hit_imperial(s: &mut GameState, cluster: u8, ev: &mut dyn Sink) {
    let (mut damaged, mut destroyed) = (0u32, 0u32);
    let mut touched = Vec::new();
    for x in systems(s, Some(cluster)) {
        let sh = s.sys(x).ships_of(Owner::Empire);
        if sh.total() == 0 {
            continue;
        }
        touched.push(x);
        for _ in 0..sh.damaged {
            s.hit_ship(x, Owner::Empire, true, None);
            destroyed += 1;
        }
        for _ in 0..sh.fresh {
            s.hit_ship(x, Owner::Empire, false, None);
            damaged += 1;
        }
    }
    log!(
        ev,
        "secure",
        None,
        { systems: touched },
        "Navy Reprisal: every Imperial ship in cluster {cluster} is hit: {} damaged, {} destroyed.",
        count_of(damaged.min(255) as u8, "ship", "ships"),
        count_of(destroyed.min(255) as u8, "ship", "ships")
    );
}

/// F116 Council Insiders (Guild, Psionic). "When you secure a Guild card,
/// you may flip the Imperial Council to In Session or you may influence
/// the Imperial Council if it is already In Session."
pub static COUNCIL_INSIDERS: Behavior = Behavior {
    code: "ARCS-F116",
    after_secure: Some(|s, seat, card, secured, _pos| {
        if secured.info().kind != crate::data::CardKind::Guild {
            return;
        }
        let mut v = Vec::new();
        insiders_choices(s, seat, &mut v);
        if !v.is_empty() {
            s.push(Effect::Insiders { seat, card }.into());
        }
    }),
    ..Behavior::NONE
};

/// Council Insiders' options: flip a Decided Council to In Session, or
/// place an agent on an In Session Council (with an agent in supply); or
/// neither.
fn insiders_choices(s: &GameState, seat: Seat, out: &mut Vec<Choice>) {
    let Some(pos) = shared::council_pos(s) else {
        return;
    };
    let decided = s.campaign().is_some_and(|c| c.council.decided);
    if decided {
        out.extend([Choice::Yes, Choice::No]);
    } else if s.seat(seat).agents > 0 {
        out.extend([Choice::Court(pos as u8), Choice::No]);
    }
}

/// F118 / F119 Imperial Defectors (the Steward's). "Crisis: In the rolled
/// cluster, replace all Imperial ships with ships of the Outlaw earliest in
/// turn order. Bury this card. When Secured: You may resolve the Crisis in
/// any cluster. Bury or discard this card."
const fn imperial_defectors(code: &'static str) -> Behavior {
    Behavior {
        code,
        crisis: Some(|s, pos, card, ev| {
            let cluster = s.campaign().map_or(0, |c| c.number_die);
            shared::defect(s, cluster, ev);
            crate::campaign::crises::remove_card(
                s,
                pos,
                card,
                crate::campaign::crises::Removal::Bury,
            );
        }),
        on_secured: Some(|s, seat, card, _| {
            // In the discard pile until its securer says where it goes.
            s.court_discard.push(card);
            s.push(Effect::DefectorsPile { seat, card }.into());
            if shared::imperial_clusters(s).next().is_some() {
                s.push(Effect::Defectors { seat, card }.into());
            }
        }),
        ..Behavior::NONE
    }
}

pub static IMPERIAL_DEFECTORS: Behavior = imperial_defectors("ARCS-F118");
pub static IMPERIAL_DEFECTORS_2: Behavior = imperial_defectors("ARCS-F119");

/// F120 / F121 Lesser Regent (Guild, Psionic), as F110 / F111.
pub static LESSER_REGENT_3: Behavior = Behavior {
    code: "ARCS-F120",
    preludes: super::LESSER_REGENT_PRELUDE,
    ..Behavior::NONE
};
pub static LESSER_REGENT_4: Behavior = Behavior {
    code: "ARCS-F121",
    preludes: super::LESSER_REGENT_PRELUDE,
    ..Behavior::NONE
};

// ------------------------------------------------------------ procedures

#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "effect")]
pub enum Effect {
    /// Imperial Quorum's second (`step` 1: the Action) or third (2: the
    /// Policy) step: who may act is found when the step comes, after the
    /// Demand (which may have made an Outlaw).
    Quorum { card: CardId, step: u8 },
    /// The Regent with the most starports (1) or cities (2) may act.
    QuorumMay { seat: Seat, card: CardId, step: u8 },
    /// Navy Reprisal secured: resolve its Crisis in a cluster, hit the
    /// Imperial ships of a cluster, or neither.
    Reprisal { seat: Seat, card: CardId },
    /// Navy Reprisal: which cluster (`hit`: the Imperial ships are hit).
    ReprisalCluster { seat: Seat, card: CardId, hit: bool },
    /// Council Insiders: flip or influence the Imperial Council?
    Insiders { seat: Seat, card: CardId },
    /// Imperial Defectors secured: resolve the Crisis in which cluster?
    Defectors { seat: Seat, card: CardId },
    /// Imperial Defectors secured: bury it or leave it discarded?
    DefectorsPile { seat: Seat, card: CardId },
}

impl Procedure for Effect {
    fn seat_card(&self) -> (Seat, CardId) {
        match *self {
            // Runs by itself: no seat decides.
            Effect::Quorum { card, .. } => (Seat(0), card),
            Effect::QuorumMay { seat, card, .. }
            | Effect::Reprisal { seat, card }
            | Effect::ReprisalCluster { seat, card, .. }
            | Effect::Insiders { seat, card }
            | Effect::Defectors { seat, card }
            | Effect::DefectorsPile { seat, card } => (seat, card),
        }
    }

    fn automatic(&self) -> bool {
        matches!(self, Effect::Quorum { .. })
    }

    fn what(&self, s: &GameState) -> String {
        match *self {
            Effect::Quorum { .. } => String::new(),
            Effect::QuorumMay { step: 1, .. } => {
                let p = s.campaign().map_or(Policy::Peace, |c| c.policy());
                format!(
                    "you have built the most starports: take the Imperial Action of {}?",
                    p.name()
                )
            }
            Effect::QuorumMay { .. } => {
                "you have built the most cities: change the Imperial Policy?".into()
            }
            Effect::Reprisal { .. } => {
                "resolve the Crisis in a cluster, or hit the Imperial ships of a cluster?".into()
            }
            Effect::ReprisalCluster { hit: false, .. } => {
                "resolve the Crisis in which cluster?".into()
            }
            Effect::ReprisalCluster { hit: true, .. } => {
                "hit every Imperial ship in which cluster?".into()
            }
            Effect::Insiders { .. } => {
                if s.campaign().is_some_and(|c| c.council.decided) {
                    "flip the Imperial Council to In Session?".into()
                } else {
                    "place an agent on the Imperial Council?".into()
                }
            }
            Effect::Defectors { .. } => "resolve the Crisis in which cluster?".into(),
            Effect::DefectorsPile { .. } => {
                "bury this card under the Court deck or leave it in the discard pile?".into()
            }
        }
    }

    fn choices(&self, s: &GameState, out: &mut Vec<Choice>) {
        match *self {
            Effect::Quorum { .. } => {}
            Effect::QuorumMay { seat, step: 1, .. } => {
                if crate::campaign::edicts::may_enforce(s, seat) {
                    out.push(Choice::Yes);
                }
                out.push(Choice::No);
            }
            Effect::QuorumMay { seat, .. } => {
                crate::campaign::edicts::other_policies(s, seat, out);
                out.push(Choice::No);
            }
            Effect::Reprisal { .. } => {
                if reprisal_clusters(s).next().is_some() {
                    out.push(Choice::Resolve(crate::campaign::EventIcon::Crisis));
                }
                if shared::imperial_clusters(s).next().is_some() {
                    out.push(Choice::Yes);
                }
                out.push(Choice::No);
            }
            Effect::ReprisalCluster { hit: false, .. } => {
                out.extend(reprisal_clusters(s).map(Choice::Count))
            }
            Effect::ReprisalCluster { hit: true, .. } | Effect::Defectors { .. } => {
                out.extend(shared::imperial_clusters(s).map(Choice::Count));
                if matches!(self, Effect::Defectors { .. }) {
                    out.push(Choice::No);
                }
            }
            Effect::Insiders { seat, .. } => insiders_choices(s, seat, out),
            Effect::DefectorsPile { .. } => out.extend([Choice::Yes, Choice::No]),
        }
    }

    fn run_auto(self, s: &mut GameState, ev: &mut dyn Sink) {
        if let Effect::Quorum { card, step } = self {
            quorum_step(s, card, step, ev);
        } else {
            s.pop();
        }
    }

    fn resolve(self, s: &mut GameState, choice: Choice, ev: &mut dyn Sink) {
        s.pop();
        match (self, choice) {
            (Effect::QuorumMay { seat, step: 1, .. }, Choice::Yes) => {
                log!(
                    ev,
                    "edict",
                    Some(seat),
                    "Imperial Quorum: {seat}, with the most starports, takes the Imperial Action."
                );
                s.push(Frame::Campaign(CampaignFrame::ImperialAction { fr: seat }));
            }
            (Effect::QuorumMay { seat, .. }, Choice::Policy(p)) => {
                crate::campaign::edicts::change_policy(s, seat, p, ev);
            }
            (Effect::QuorumMay { seat, step, .. }, Choice::No) => log!(
                ev,
                "edict",
                Some(seat),
                "Imperial Quorum: {seat} {}.",
                if step == 1 {
                    "does not take the Imperial Action"
                } else {
                    "keeps the Imperial Policy"
                }
            ),
            (Effect::Reprisal { seat, card }, Choice::Resolve(_)) => {
                s.push(
                    Effect::ReprisalCluster {
                        seat,
                        card,
                        hit: false,
                    }
                    .into(),
                );
            }
            (Effect::Reprisal { seat, card }, Choice::Yes) => {
                s.push(
                    Effect::ReprisalCluster {
                        seat,
                        card,
                        hit: true,
                    }
                    .into(),
                );
            }
            (Effect::ReprisalCluster { hit: false, .. }, Choice::Count(cl)) => {
                reprisal(s, Some(cl), ev)
            }
            (Effect::ReprisalCluster { hit: true, .. }, Choice::Count(cl)) => {
                hit_imperial(s, cl, ev)
            }
            (Effect::Insiders { seat, .. }, Choice::Yes) => {
                shared::in_session(s);
                log!(
                    ev,
                    "council",
                    Some(seat),
                    "Council Insiders: {seat} flips the Imperial Council to In Session."
                );
            }
            (Effect::Insiders { seat, .. }, Choice::Court(pos)) => {
                crate::actions::court::place_agent(s, seat, pos as usize, ev);
            }
            (Effect::Defectors { .. }, Choice::Count(cl)) => shared::defect(s, cl, ev),
            (Effect::DefectorsPile { seat, card }, Choice::Yes) => {
                if let Some(i) = s.court_discard.iter().position(|c| *c == card) {
                    s.court_discard.remove(i);
                    s.court_deck.bury(card);
                    log!(
                        ev,
                        "secure",
                        Some(seat),
                        "{seat} buries {card} under the Court deck."
                    );
                }
            }
            _ => {}
        }
    }

    fn describe(&self, d: &Describer, c: Choice) -> Option<String> {
        Some(match (*self, c) {
            (Effect::QuorumMay { step: 1, .. }, Choice::Yes) => {
                let p = d.s.campaign().map_or(Policy::Peace, |c| c.policy());
                format!("Take the Imperial Action of {}", p.name())
            }
            (Effect::QuorumMay { step: 1, .. }, Choice::No) => {
                "Do not take the Imperial Action".into()
            }
            (Effect::QuorumMay { .. }, Choice::Policy(p)) => {
                format!("Change to the Policy of {}", p.name())
            }
            (Effect::QuorumMay { .. }, Choice::No) => "Keep the Imperial Policy".into(),
            (Effect::Reprisal { .. }, Choice::Resolve(_)) => {
                "Resolve the Crisis in a cluster you choose".into()
            }
            (Effect::Reprisal { .. }, Choice::Yes) => {
                "Hit every Imperial ship in a cluster you choose".into()
            }
            (Effect::Reprisal { .. }, Choice::No) => "Do neither".into(),
            (Effect::ReprisalCluster { hit: false, .. }, Choice::Count(cl)) => {
                format!("Resolve the Crisis in cluster {cl}")
            }
            (Effect::ReprisalCluster { hit: true, .. }, Choice::Count(cl)) => {
                format!("Hit every Imperial ship in cluster {cl}")
            }
            (Effect::Insiders { .. }, Choice::Yes) => {
                "Flip the Imperial Council to In Session".into()
            }
            (Effect::Insiders { .. }, Choice::Court(_)) => {
                "Place an agent on the Imperial Council".into()
            }
            (Effect::Insiders { .. }, Choice::No) => "Leave the Imperial Council as it is".into(),
            (Effect::Defectors { .. }, Choice::Count(cl)) => {
                format!("Resolve the Crisis in cluster {cl}")
            }
            (Effect::Defectors { .. }, Choice::No) => "Do not resolve the Crisis".into(),
            (Effect::DefectorsPile { .. }, Choice::Yes) => "Bury it under the Court deck".into(),
            (Effect::DefectorsPile { .. }, Choice::No) => "Leave it in the discard pile".into(),
            _ => return None,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A campaign table for the Act II rules.
    fn table(extra: &str) -> GameState {
        let text = format!(
            "players 3\nmode campaign\nact 2\nfate P1 Steward\ncourt CC01 CC02 CC03 CC04\n\
             system 1.1: P1 3 ships\nsystem 2.1: P2 ship\nsystem 3.1: P3 ship\n{extra}"
        );
        crate::scenario::test_state(&text)
    }

    /// F113's note: cities and starports on a Flagship board count; the
    /// Regent with strictly the most is found, a tie finding none.
    #[test]
    fn most_built_counts_and_ties() {
        let s = table("system 1.1: P1 starport\nsystem 2.1: P2 starport\n");
        assert_eq!(most_built(&s, BuildingKind::Starport), None);
        let s =
            table("system 1.1: P1 starport\nsystem 1.2: P1 starport\nsystem 2.1: P2 starport\n");
        assert_eq!(most_built(&s, BuildingKind::Starport), Some(Seat(0)));
        assert_eq!(built(&s, Seat(0), BuildingKind::Starport), 2);
        // An Outlaw's starports do not make it the Quorum's Regent.
        let s = table(
            "title P1 outlaw\nsystem 1.1: P1 starport\nsystem 1.2: P1 starport\nsystem 2.1: P2 starport\n",
        );
        assert_eq!(most_built(&s, BuildingKind::Starport), Some(Seat(1)));
    }

    /// F114 both ways: the Act II cards to the Court deck or scrapped.
    #[test]
    fn f114_completed_and_failed() {
        let mut s = table("");
        let mut log: Vec<crate::event::Event> = Vec::new();
        resolve(&mut s, Seat(0), true, &mut log);
        for c in ["ARCS-F115", "ARCS-F116", "ARCS-F117"] {
            assert!(s.court_deck.contains(&id(c)), "{c}");
        }
        for c in ["ARCS-F118", "ARCS-F119", "ARCS-F120", "ARCS-F121"] {
            assert!(s.campaign().unwrap().court_scrapped.contains(&id(c)), "{c}");
        }
        crate::invariants::check(&s).unwrap();
        let mut s = table("");
        resolve(&mut s, Seat(0), false, &mut log);
        for c in ["ARCS-F118", "ARCS-F119", "ARCS-F120", "ARCS-F121"] {
            assert!(s.court_deck.contains(&id(c)), "{c}");
        }
        for c in ["ARCS-F115", "ARCS-F116", "ARCS-F117"] {
            assert!(s.campaign().unwrap().court_scrapped.contains(&id(c)), "{c}");
        }
        crate::invariants::check(&s).unwrap();
    }
}
