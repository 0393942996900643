//! The Steward's Act III: its setup (F122A), grand ambitions (F122B),
//! Imperial Sponsor (F123, Edict 05) and the three Govern with Authority
//! cards (F124–F126) that replace Govern the Imperial Reach as Edict 03.
//! `reference/campaign.md` §2.1.
//!
//! Govern with Authority keeps the Policies and their order; what changes
//! is read from [`Imperium::authority`] by the Edict's own procedures
//! (`campaign/edicts.rs`): Outlaws with a Loyal city or their Flagship in
//! an Empire-controlled system are subject to the Demand, War gives any 1
//! resource besides the Weapon, Escalation places 4 ships, Peace doubles
//! the bonus city Power.

use super::id;
use crate::campaign::Policy;
use crate::cards::frame::Procedure;
use crate::cards::Behavior;
use crate::choice::Choice;
use crate::describe::{ambition_name, resource_name, Describer};
use crate::event::Sink;
use crate::ids::*;
use crate::log;
use crate::state::{BuildingKind, GameState};
use serde::{Deserialize, Serialize};

/// Imperial Sponsor, the Edict the Act III setup adds.
pub const SPONSOR: &str = "ARCS-F123";

/// What the Steward's Act III changes in the Empire (campaign state).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Imperium {
    /// The Govern with Authority cards (F124–F126) are Edict 03 (F122A).
    #[serde(default)]
    pub authority: bool,
    /// The ambition box the Sponsored token is on (F123); `None`: on the
    /// First Regent tile (or not in play).
    #[serde(default)]
    pub sponsored: Option<Ambition>,
}

impl Imperium {
    /// Serde: nothing of it in play is not written.
    pub fn is_none(&self) -> bool {
        *self == Imperium::default()
    }
}

/// F122A: "1. Add Imperial Sponsor (23) to the rules booklet. 2. Place the
/// Sponsored token on the First Regent tile. 3. Scrap the 3 Govern the
/// Imperial Reach cards (03–05) from the rules booklet and add the 3 Govern
/// with Authority cards (24–26) to it. 4. The First Regent chooses which
/// Govern with Authority card to place on top of the stack."
pub(super) fn setup(s: &mut GameState, seat: Seat, ev: &mut dyn Sink) {
    let fr = s.first_regent();
    if let Some(c) = s.campaign_mut() {
        if !c.booklet.contains(&id(SPONSOR)) {
            let _ = c.booklet.try_push(id(SPONSOR));
        }
        c.imperium = Imperium {
            authority: true,
            sponsored: None,
        };
    }
    log!(
        ev,
        "setup",
        Some(seat),
        "Imperial Sponsor joins the rules booklet and the Sponsored token is placed on the First \
         Regent tile. Govern with Authority replaces Govern the Imperial Reach: Outlaws are now \
         subject to the Imperial Demand if the Empire controls a city or Flagship of theirs."
    );
    if let Some(fr) = fr {
        s.push(
            Effect::ChooseTop {
                seat: fr,
                card: crate::card_id!("ARCS-F122A"),
            }
            .into(),
        );
    }
}

/// F122B *Entrench the Empire in the Reach*: (a) the Steward is a Regent
/// and the Empire controls all Outlaw cities, or there are no Outlaws;
/// (b) the Steward is the First Regent and the Imperial Trust holds more
/// resources than the current chapter. An Outlaw's cities are those on
/// the map and those on its Flagship board, in the Flagship's system
/// (docs/rulings.md R-CAMP-F122B).
pub(super) fn grand(s: &GameState, seat: Seat) -> u8 {
    let Some(c) = s.campaign() else { return 0 };
    let empire = |x: SystemId| s.controller(x) == Some(Owner::Empire);
    let entrenched = s.is_regent(seat)
        && s.seat_ids().filter(|x| s.is_outlaw(*x)).all(|o| {
            let map = s.systems_in_play().all(|x| {
                empire(x)
                    || !s
                        .sys(x)
                        .buildings()
                        .any(|(_, b)| b.owner == o.owner() && b.kind == BuildingKind::City)
            });
            let board = c.flagships[o.index()].is_none_or(|b| b.count(BuildingKind::City) == 0)
                || s.flagship_at(o).is_some_and(empire);
            map && board
        });
    let tribute = s.first_regent() == Some(seat) && c.trust_total() > s.chapter as u32;
    entrenched as u8 + tribute as u8
}

/// F123 Imperial Sponsor (Edict 05): "The First Regent must place the
/// Sponsored token on an undeclared ambition box (if it's already placed,
/// they may keep it on its current ambition box). Then, they may add 1
/// resource they have to the Imperial Trust. When a player declares the
/// Sponsored ambition, they must take 1 resource from the Imperial Trust,
/// gain the Power for second place on the placed ambition marker, and
/// return the Sponsored token to the First Regent tile. If they are an
/// Outlaw, they become a Regent."
pub static IMPERIAL_SPONSOR: Behavior = Behavior {
    code: SPONSOR,
    edict: Some(|s, card, ev| {
        let Some(fr) = s.first_regent() else {
            log!(
                ev,
                "edict",
                None,
                "Imperial Sponsor: there is no First Regent to place the Sponsored token."
            );
            return;
        };
        // After the token: the resource for the Trust.
        if s.seat(fr).resources.iter().any(|r| r.is_some()) {
            s.push(Effect::SponsorTrust { seat: fr, card }.into());
        }
        if undeclared(s).next().is_some() {
            s.push(Effect::Sponsor { seat: fr, card }.into());
        } else {
            log!(
                ev,
                "edict",
                Some(fr),
                "Imperial Sponsor: every ambition is declared; the Sponsored token stays where it is."
            );
        }
    }),
    on_declare: Some(|s, seat, a, ev| {
        if s.campaign().and_then(|c| c.imperium.sponsored) != Some(a) {
            return;
        }
        sponsored_declared(s, seat, a, ev);
    }),
    ..Behavior::NONE
};

/// Ambition boxes with no marker (where the token may go).
fn undeclared(s: &GameState) -> impl Iterator<Item = Ambition> + '_ {
    Ambition::ALL
        .into_iter()
        .filter(move |a| s.markers.iter().all(|m| m.at != Some(*a)))
}

/// `seat` declared the Sponsored ambition `a`.
fn sponsored_declared(s: &mut GameState, seat: Seat, a: Ambition, ev: &mut dyn Sink) {
    // The marker placed: the token only lies on an undeclared box, so the
    // declaration that meets it placed the only marker there.
    let second = s
        .markers
        .iter()
        .enumerate()
        .filter(|(_, m)| m.at == Some(a))
        .map(|(i, m)| m.values(i).1)
        .min()
        .unwrap_or(0);
    if let Some(c) = s.campaign_mut() {
        c.imperium.sponsored = None;
    }
    s.seat_mut(seat).power += second;
    log!(
        ev,
        "declare",
        Some(seat),
        "Imperial Sponsor: {seat} declares the Sponsored ambition, {}, and gains {second} Power; \
         the Sponsored token returns to the First Regent tile.",
        ambition_name(a)
    );
    if s.is_outlaw(seat) {
        crate::campaign::empire::become_regent(s, seat, ev);
    }
    let trust = s.campaign().map_or([0; 5], |c| c.trust);
    let kinds: Vec<Resource> = Resource::ALL
        .into_iter()
        .filter(|r| trust[r.index()] > 0)
        .collect();
    match kinds.as_slice() {
        [] => log!(
            ev,
            "declare",
            Some(seat),
            "Imperial Sponsor: the Imperial Trust is empty; {seat} takes nothing from it."
        ),
        [r] => take_from_trust(s, seat, *r, ev),
        _ => s.push(
            Effect::SponsorTake {
                seat,
                card: id(SPONSOR),
            }
            .into(),
        ),
    }
}

fn take_from_trust(s: &mut GameState, seat: Seat, r: Resource, ev: &mut dyn Sink) {
    let Some(c) = s.campaign_mut().filter(|c| c.trust[r.index()] > 0) else {
        return;
    };
    c.trust[r.index()] -= 1;
    log!(
        ev,
        "declare",
        Some(seat),
        "Imperial Sponsor: {seat} takes {} from the Imperial Trust.",
        resource_name(r)
    );
    s.receive(seat, r);
}

/// F124–F126 Govern with Authority (Edict 03 in Act III): their rules are
/// the Edict's own (`campaign/edicts.rs`, read through
/// [`Imperium::authority`]).
const fn rules_here(code: &'static str) -> Behavior {
    Behavior {
        code,
        ..Behavior::NONE
    }
}
pub static AUTHORITY_WAR: Behavior = rules_here("ARCS-F124");
pub static AUTHORITY_ESCALATION: Behavior = rules_here("ARCS-F125");
pub static AUTHORITY_PEACE: Behavior = rules_here("ARCS-F126");

/// The Govern card of `p` in play: Govern with Authority's in Act III with
/// the Steward, Govern the Imperial Reach's otherwise.
pub fn govern_card(authority: bool, p: Policy) -> &'static str {
    match (authority, p) {
        (false, p) => p.card_code(),
        (true, Policy::War) => "ARCS-F124",
        (true, Policy::Escalation) => "ARCS-F125",
        (true, Policy::Peace) => "ARCS-F126",
    }
}

// ------------------------------------------------------------ procedures

#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "effect")]
pub enum Effect {
    /// F122A step 4: the First Regent puts a Govern with Authority card on
    /// top.
    ChooseTop { seat: Seat, card: CardId },
    /// Imperial Sponsor: the Sponsored token on which ambition box?
    Sponsor { seat: Seat, card: CardId },
    /// Imperial Sponsor: add a resource to the Imperial Trust?
    SponsorTrust { seat: Seat, card: CardId },
    /// The Sponsored ambition declared: take which resource of the Trust?
    SponsorTake { seat: Seat, card: CardId },
}

impl Procedure for Effect {
    fn seat_card(&self) -> (Seat, CardId) {
        match *self {
            Effect::ChooseTop { seat, card }
            | Effect::Sponsor { seat, card }
            | Effect::SponsorTrust { seat, card }
            | Effect::SponsorTake { seat, card } => (seat, card),
        }
    }

    fn what(&self, _s: &GameState) -> String {
        match *self {
            Effect::ChooseTop { .. } => {
                "which Govern with Authority card goes on top of the stack?".into()
            }
            Effect::Sponsor { .. } => "place the Sponsored token on which ambition?".into(),
            Effect::SponsorTrust { .. } => "add a resource to the Imperial Trust?".into(),
            Effect::SponsorTake { .. } => "take which resource from the Imperial Trust?".into(),
        }
    }

    fn choices(&self, s: &GameState, out: &mut Vec<Choice>) {
        match *self {
            Effect::ChooseTop { .. } => out.extend(Policy::ALL.map(Choice::Policy)),
            Effect::Sponsor { .. } => out.extend(undeclared(s).map(Choice::Declare)),
            Effect::SponsorTrust { seat, .. } => {
                out.extend(
                    s.seat(seat)
                        .resources
                        .iter()
                        .enumerate()
                        .filter(|(_, r)| r.is_some())
                        .map(|(i, _)| Choice::Slot(i as u8)),
                );
                out.push(Choice::No);
            }
            Effect::SponsorTake { .. } => {
                let trust = s.campaign().map_or([0; 5], |c| c.trust);
                out.extend(
                    Resource::ALL
                        .into_iter()
                        .filter(|r| trust[r.index()] > 0)
                        .map(Choice::Resource),
                );
            }
        }
    }

    fn resolve(self, s: &mut GameState, choice: Choice, ev: &mut dyn Sink) {
        s.pop();
        match (self, choice) {
            (Effect::ChooseTop { seat, .. }, Choice::Policy(p)) => {
                if let Some(c) = s.campaign_mut() {
                    if let Some(i) = c.policies.iter().position(|x| *x == p) {
                        c.policies[i..].rotate_left(1);
                    }
                }
                log!(
                    ev,
                    "setup",
                    Some(seat),
                    "{seat} places Govern with Authority, a Policy of {}, on top of the stack.",
                    p.name()
                );
            }
            (Effect::Sponsor { seat, .. }, Choice::Declare(a)) => {
                let kept = s.campaign().and_then(|c| c.imperium.sponsored) == Some(a);
                if let Some(c) = s.campaign_mut() {
                    c.imperium.sponsored = Some(a);
                }
                log!(
                    ev,
                    "edict",
                    Some(seat),
                    "Imperial Sponsor: {seat} {} the Sponsored token on {}.",
                    if kept { "keeps" } else { "places" },
                    ambition_name(a)
                );
            }
            (Effect::SponsorTrust { seat, .. }, Choice::Slot(i)) => {
                if let Some(r) = s.seat_mut(seat).resources[i as usize].take() {
                    if let Some(c) = s.campaign_mut() {
                        c.trust[r.index()] += 1;
                    }
                    log!(
                        ev,
                        "edict",
                        Some(seat),
                        "Imperial Sponsor: {seat} adds their {} to the Imperial Trust.",
                        resource_name(r)
                    );
                }
            }
            (Effect::SponsorTake { seat, .. }, Choice::Resource(r)) => {
                take_from_trust(s, seat, r, ev)
            }
            _ => {}
        }
    }

    fn describe(&self, d: &Describer, c: Choice) -> Option<String> {
        Some(match (*self, c) {
            (Effect::ChooseTop { .. }, Choice::Policy(p)) => {
                format!("Put the Policy of {} on top", p.name())
            }
            (Effect::Sponsor { .. }, Choice::Declare(a)) => {
                let here = d.s.campaign().and_then(|c| c.imperium.sponsored) == Some(a);
                if here {
                    format!("Keep the Sponsored token on {}", ambition_name(a))
                } else {
                    format!("Place the Sponsored token on {}", ambition_name(a))
                }
            }
            (Effect::SponsorTrust { seat, .. }, Choice::Slot(i)) => format!(
                "Add your {} to the Imperial Trust",
                d.s.seat(seat).resources[i as usize].map_or("resource", resource_name)
            ),
            (Effect::SponsorTrust { .. }, Choice::No) => "Add nothing".into(),
            (Effect::SponsorTake { .. }, Choice::Resource(r)) => {
                format!("Take {} from the Imperial Trust", resource_name(r))
            }
            _ => return None,
        })
    }
}

// ------------------------------------------------------------ scenarios

/// Scenario setup: `imperium authority yes|no` (Govern with Authority is
/// Edict 03) or `imperium sponsored AMBITION|none` (the Sponsored token).
pub fn scenario_setup(s: &mut GameState, w: &[String]) -> Result<(), String> {
    const USAGE: &str = "imperium authority yes|no | imperium sponsored AMBITION|none";
    let c = s.campaign_mut().ok_or("imperium needs a campaign")?;
    match (w.first().map(|x| x.as_str()), w.get(1).map(|x| x.as_str())) {
        (Some("authority"), Some("yes")) => c.imperium.authority = true,
        (Some("authority"), Some("no")) => c.imperium.authority = false,
        (Some("sponsored"), Some("none")) => c.imperium.sponsored = None,
        (Some("sponsored"), Some(a)) => {
            c.imperium.sponsored = Some(Ambition::parse(a).ok_or(USAGE)?);
        }
        _ => return Err(USAGE.into()),
    }
    Ok(())
}

/// Scenario check: `expect imperium authority yes|no` or `expect imperium
/// sponsored AMBITION|none`.
pub fn scenario_expect(s: &GameState, w: &[String]) -> Result<(), String> {
    let i = s.campaign().map(|c| c.imperium).unwrap_or_default();
    let (what, got) = match w.first().map(|x| x.as_str()) {
        Some("authority") => (
            "Govern with Authority",
            if i.authority { "yes" } else { "no" }.to_string(),
        ),
        Some("sponsored") => (
            "the Sponsored token",
            i.sponsored
                .map_or("none".to_string(), |a| a.name().to_lowercase()),
        ),
        _ => return Err("imperium authority yes|no | imperium sponsored AMBITION|none".into()),
    };
    let want = w.get(1).map(|x| x.to_lowercase()).unwrap_or_default();
    if got == want {
        Ok(())
    } else {
        Err(format!("{what}: expected {want}, got {got}"))
    }
}
