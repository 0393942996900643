//! The Peacekeeper's Act III: its setup (F1507A: a Ceasefire token per
//! cluster and four cards for the rules booklet), its grand ambitions
//! (F1507B), the Ceasefires law (F1508), and the Edicts Empire Balks at
//! Peace (F1509, Edict 34) and Peace Dividends (F1510, Edict 35).
//! `reference/campaign.md` §2.15.

use crate::campaign::Policy;
use crate::cards::frame::Procedure;
use crate::cards::Behavior;
use crate::choice::Choice;
use crate::describe::count_of;
use crate::event::Sink;
use crate::ids::*;
use crate::log;
use crate::state::GameState;
use serde::{Deserialize, Serialize};

pub const CEASEFIRES: &str = "ARCS-F1508";
pub const BALKS: &str = "ARCS-F1509";
pub const DIVIDENDS: &str = "ARCS-F1510";
pub const ACCORDS: &str = "ARCS-F1511";

/// The clusters (1..=6).
const CLUSTERS: std::ops::RangeInclusive<u8> = 1..=6;

fn bit(cluster: u8) -> u8 {
    1 << (cluster.clamp(1, 6) - 1)
}

/// Whether the Ceasefire tokens are in play and `cluster`'s shows Peace.
pub fn at_peace(s: &GameState, cluster: u8) -> bool {
    s.campaign()
        .and_then(|c| c.ceasefires)
        .is_some_and(|m| m & bit(cluster) != 0)
}

/// How many clusters are at Peace.
pub fn clusters_at_peace(s: &GameState) -> u8 {
    s.campaign()
        .and_then(|c| c.ceasefires)
        .map_or(0, |m| (m & 0x3F).count_ones() as u8)
}

/// Flips `cluster`'s Ceasefire token to War (or Peace).
pub fn set_peace(s: &mut GameState, cluster: u8, peace: bool) {
    if let Some(c) = s.campaign_mut() {
        if let Some(m) = c.ceasefires.as_mut() {
            if peace {
                *m |= bit(cluster);
            } else {
                *m &= !bit(cluster);
            }
        }
    }
}

/// The in-play systems of `cluster`.
fn systems(s: &GameState, cluster: u8) -> impl Iterator<Item = SystemId> + '_ {
    (0..4)
        .map(move |p| SystemId::new(cluster, p))
        .filter(|x| s.is_in_play(*x))
}

/// F1507A: "1. Place 1 Ceasefire token near each cluster … on its Peace
/// side if you control any systems in that cluster, or on its War side if
/// not. (If you're the First Regent, you control Empire-controlled
/// systems.) 2. With 2 players, return all Weapons from the Warlord
/// ambition box. 3. Add Ceasefires (08), Empire Balks at Peace (09), Peace
/// Dividends (10), and Peace Accords (11) to the rules booklet."
pub(super) fn setup(s: &mut GameState, seat: Seat, ev: &mut dyn Sink) {
    let mut peace = 0u8;
    for cl in CLUSTERS {
        if systems(s, cl).any(|x| crate::campaign::empire::controls_for_events(s, seat, x)) {
            peace |= bit(cl);
        }
    }
    if let Some(c) = s.campaign_mut() {
        c.ceasefires = Some(peace);
        for code in [CEASEFIRES, BALKS, DIVIDENDS, ACCORDS] {
            let card = super::id(code);
            if !c.booklet.contains(&card) {
                let _ = c.booklet.try_push(card);
            }
        }
    }
    let names: Vec<String> = CLUSTERS
        .filter(|cl| peace & bit(*cl) != 0)
        .map(|cl| cl.to_string())
        .collect();
    log!(
        ev,
        "setup",
        Some(seat),
        "A Ceasefire token for each cluster: {} at Peace{}, the others at War. Ceasefires, Empire \
         Balks at Peace, Peace Dividends and Peace Accords join the rules booklet.",
        count_of(names.len() as u8, "cluster", "clusters"),
        if names.is_empty() {
            String::new()
        } else {
            format!(" ({})", names.join(", "))
        }
    );
    super::return_warlord_weapons(s, ev);
}

/// F1507B *A Peaceful Reach* (Act III grand ambitions, p9): (a) 2 clusters
/// or more are at Peace; (b) 5 clusters or more.
pub(super) fn grand(s: &GameState, _seat: Seat) -> u8 {
    let n = clusters_at_peace(s);
    (n >= 2) as u8 + (n >= 5) as u8
}

// ------------------------------------------------------------ Ceasefires

/// Harm the Ceasefires guard: anything in a cluster at Peace "except
/// Loyal pieces and Blight" — the actor's own pieces and the Blight
/// (docs/rulings.md R-CAMP-F1508).
fn guarded(s: &GameState, actor: Seat, victim: Owner, sys: SystemId) -> bool {
    victim != actor.owner() && victim != Owner::Blight && at_peace(s, sys.cluster())
}

/// The Weapon a harm at Peace costs: from the slot with the lowest raid
/// cost holding one (the safest to keep are the others; frozen Weapons
/// cannot be spent, p27).
fn weapon_slot(s: &GameState, seat: Seat) -> Option<usize> {
    (0..crate::data::SLOT_RAID_COST.len())
        .filter(|&i| s.seat(seat).resources[i] == Some(Resource::Weapon))
        .min_by_key(|&i| crate::data::SLOT_RAID_COST[i])
}

/// F1508 Ceasefires (a law): "To harm anything in a cluster at Peace
/// except Loyal pieces and Blight, you must spend 1 Weapon. If you do,
/// flip the Ceasefire token in the cluster to War. Harm means battle, hit,
/// damage, or destroy. It doesn't count Crises."
pub static CEASEFIRES_LAW: Behavior = Behavior {
    code: CEASEFIRES,
    harm_barred: Some(|s, actor, victim, sys| {
        guarded(s, actor, victim, sys) && weapon_slot(s, actor).is_none()
    }),
    on_harm: Some(|s, actor, victim, sys, ev| {
        if !guarded(s, actor, victim, sys) {
            return;
        }
        if let Some(i) = weapon_slot(s, actor) {
            s.discard_slot(actor, i);
        }
        let cl = sys.cluster();
        set_peace(s, cl, false);
        log!(
            ev,
            "ceasefire",
            Some(actor),
            { systems: vec![sys] },
            "Ceasefires: {actor} spends a Weapon to harm {} in cluster {cl}, which is now at War.",
            victim.name()
        );
    }),
    ..Behavior::NONE
};

// ------------------------------------------------------------ Edicts

/// The seat whose Fate is the Peacekeeper.
fn peacekeeper(s: &GameState) -> Option<Seat> {
    let c = s.campaign()?;
    let pk = super::id("ARCS-FATE15");
    s.seat_ids().find(|x| c.fates[x.index()] == Some(pk))
}

/// Clusters at Peace where the Empire controls at least 2 systems.
fn balk_clusters(s: &GameState) -> impl Iterator<Item = u8> + '_ {
    CLUSTERS.filter(move |&cl| {
        at_peace(s, cl)
            && systems(s, cl)
                .filter(|x| s.controller(*x) == Some(Owner::Empire))
                .count()
                >= 2
    })
}

/// F1509 Empire Balks at Peace (Edict 34): "If the Imperial Policy is War
/// and the Peacekeeper is an Outlaw, the First Regent may flip 1 Ceasefire
/// token to War in a cluster where the Empire controls at least 2
/// systems."
pub static EMPIRE_BALKS_AT_PEACE: Behavior = Behavior {
    code: BALKS,
    edict: Some(|s, card, ev| {
        let war = s.campaign().is_some_and(|c| c.policy() == Policy::War);
        let outlaw = peacekeeper(s).is_some_and(|x| s.is_outlaw(x));
        let fr = s.first_regent();
        match fr {
            Some(fr) if war && outlaw && balk_clusters(s).next().is_some() => {
                s.push(Effect::Balks { fr, card }.into());
            }
            _ => log!(
                ev,
                "edict",
                None,
                "Empire Balks at Peace: nothing happens (it needs a Policy of War, the Peacekeeper \
                 an Outlaw, a First Regent and a cluster at Peace where the Empire controls 2 \
                 systems)."
            ),
        }
    }),
    ..Behavior::NONE
};

/// F1510 Peace Dividends (Edict 35): "Players gain 2 Power for each system
/// they control in clusters at Peace. The First Regent controls
/// Empire-controlled systems but only gains Power for them if the Imperial
/// Policy is Peace."
pub static PEACE_DIVIDENDS: Behavior = Behavior {
    code: DIVIDENDS,
    edict: Some(|s, _, ev| {
        let peace_policy = s.campaign().is_some_and(|c| c.policy() == Policy::Peace);
        let seats: Vec<Seat> = s.turn_order().collect();
        for x in seats {
            let n = CLUSTERS
                .filter(|cl| at_peace(s, *cl))
                .flat_map(|cl| systems(s, cl))
                .filter(|sys| match s.controller(*sys) {
                    Some(Owner::Empire) => {
                        peace_policy && crate::campaign::empire::controls_for_events(s, x, *sys)
                    }
                    Some(o) => o == x.owner(),
                    None => false,
                })
                .count() as i32;
            if n > 0 {
                s.seat_mut(x).power += 2 * n;
                log!(
                    ev,
                    "edict",
                    Some(x),
                    "Peace Dividends: {x} controls {} at Peace and gains {} Power.",
                    count_of(n as u8, "system", "systems"),
                    2 * n
                );
            }
        }
    }),
    ..Behavior::NONE
};

/// The Peacekeeper's Act III decisions.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "effect")]
pub enum Effect {
    /// Empire Balks at Peace: the First Regent may flip a Ceasefire.
    Balks { fr: Seat, card: CardId },
}

impl Procedure for Effect {
    fn seat_card(&self) -> (Seat, CardId) {
        match *self {
            Effect::Balks { fr, card } => (fr, card),
        }
    }

    fn what(&self, _s: &GameState) -> String {
        "flip a Ceasefire token to War in a cluster where the Empire controls 2 systems?".into()
    }

    fn choices(&self, s: &GameState, out: &mut Vec<Choice>) {
        out.extend(balk_clusters(s).map(Choice::Count));
        out.push(Choice::No);
    }

    fn resolve(self, s: &mut GameState, choice: Choice, ev: &mut dyn Sink) {
        s.pop();
        let Effect::Balks { fr, .. } = self;
        match choice {
            Choice::Count(cl) if balk_clusters(s).any(|x| x == cl) => {
                set_peace(s, cl, false);
                log!(
                    ev,
                    "edict",
                    Some(fr),
                    "Empire Balks at Peace: {fr} flips cluster {cl}'s Ceasefire token to War."
                );
            }
            _ => log!(
                ev,
                "edict",
                Some(fr),
                "Empire Balks at Peace: {fr} leaves the Ceasefires as they are."
            ),
        }
    }

    fn describe(&self, _d: &crate::describe::Describer, c: Choice) -> Option<String> {
        match c {
            Choice::Count(cl) => Some(format!("Flip cluster {cl} to War")),
            Choice::No => Some("Leave the Ceasefires as they are".into()),
            _ => None,
        }
    }
}

/// The clusters at Peace, in words for scenarios ("1 3", or "none" when
/// the Ceasefire tokens are not in play; "war" when all are at War).
fn peace_words(s: &GameState) -> String {
    match s.campaign().and_then(|c| c.ceasefires) {
        None => "none".into(),
        Some(m) => {
            let v: Vec<String> = CLUSTERS
                .filter(|cl| m & bit(*cl) != 0)
                .map(|cl| cl.to_string())
                .collect();
            if v.is_empty() {
                "war".into()
            } else {
                v.join(" ")
            }
        }
    }
}

/// Scenario line `ceasefires peace CLUSTER...` (the others at War),
/// `ceasefires war` (all at War) or `ceasefires none` (not in play).
pub fn scenario_setup(s: &mut GameState, w: &[String]) -> Result<(), String> {
    const USAGE: &str = "ceasefires peace CLUSTER... | ceasefires war | ceasefires none";
    let c = s.campaign_mut().ok_or("ceasefires needs a campaign")?;
    match w.first().map(|x| x.as_str()) {
        Some("none") if w.len() == 1 => c.ceasefires = None,
        Some("war") if w.len() == 1 => c.ceasefires = Some(0),
        Some("peace") if w.len() > 1 => {
            let mut m = 0u8;
            for x in &w[1..] {
                let cl: u8 = x.parse().map_err(|_| USAGE.to_string())?;
                if !CLUSTERS.contains(&cl) {
                    return Err(format!("no cluster {cl}: clusters are 1 to 6"));
                }
                m |= bit(cl);
            }
            c.ceasefires = Some(m);
        }
        _ => return Err(USAGE.into()),
    }
    Ok(())
}

/// Scenario check `expect ceasefires peace CLUSTER...|war|none`: exactly
/// these clusters at Peace.
pub fn scenario_expect(s: &GameState, w: &[String]) -> Result<(), String> {
    let want = match w.first().map(|x| x.as_str()) {
        Some("peace") => w[1..].join(" "),
        Some(x @ ("war" | "none")) => x.to_string(),
        _ => return Err("expect ceasefires peace CLUSTER... | war | none".into()),
    };
    let got = peace_words(s);
    if got == want {
        Ok(())
    } else {
        Err(format!("clusters at Peace: expected {want}, got {got}"))
    }
}
