//! The Magnate (Fate Set 3, an "A" Fate), Act I: its setup (F301A), its
//! objective (F301B) and Merchant League (F302). Its Act I Resolution
//! (F303) and the cards it adds to the Court: Elder Broker (F304), Relic
//! Fence (F305), Prison Wardens (F306) and the Material and Fuel Cartels
//! (F307–F308) reprint base cards (`cards/campaign/mod.rs`); the Weapon,
//! Psionic and Relic Cartels (F309–F311) are new cards of the same kind.
//! Act II: its setup (F312A), objective (F312B), the five Monopolies
//! (F313–F317, where each is in `Campaign::monopolies`), Gain Monopolies
//! (F318, Edict 20), Monopoly Consent (F319, in `campaign::summit`), War
//! Profiteering (F320), its Resolution (F321), Prospectors (F322) and
//! Extortion (F323–F324). Act III: its setup (F325A), grand ambitions and
//! the Monopoly scrapped after each scoring (F325B), the Economy card
//! (F326, its side the Magnate's title) and the Closed & Open Economy law
//! (F327, in `actions/tax.rs`). Campaign rules p8, p16–18, p27–28;
//! `reference/campaign.md` §1.7, §1.14, §2.3.

use crate::campaign::fates::{advance_objective, FateDef, FateEvent, SummitOption};
use crate::campaign::stored;
use crate::campaign::summit::Gift;
use crate::cards::frame::Procedure;
use crate::cards::Behavior;
use crate::choice::Choice;
use crate::describe::{plural, resource_name, Describer};
use crate::event::Sink;
use crate::ids::*;
use crate::log;
use crate::state::GameState;
use serde::{Deserialize, Serialize};

/// The Magnate's cards with behaviour of their own.
pub static CARDS: &[&Behavior] = &[
    &MERCHANT_LEAGUE,
    &WEAPON_CARTEL,
    &PSIONIC_CARTEL,
    &RELIC_CARTEL,
    &MATERIAL_MONOPOLY,
    &FUEL_MONOPOLY,
    &RELIC_MONOPOLY,
    &PSIONIC_MONOPOLY,
    &WEAPON_MONOPOLY,
    &GAIN_MONOPOLIES,
    &MONOPOLY_CONSENT,
    &WAR_PROFITEERING,
    &PROSPECTORS,
    &EXTORTION,
    &EXTORTION_2,
    &CLOSED_ECONOMY,
    &OPEN_ECONOMY,
    &CLOSED_AND_OPEN_ECONOMY,
];

/// The Fate.
pub static FATE: FateDef = FateDef {
    number: 3,
    card: "ARCS-FATE03",
    setup: [
        Some(setup_act_one),
        Some(setup_act_two),
        Some(setup_act_three),
    ],
    resolution: Some(resolution),
    resolutions: ["ARCS-F303", "ARCS-F321"],
    on: Some(objectives),
    grand: Some(grand_ambitions),
    final_objective: false,
    leave: Some(leave),
};

/// Elder Broker, Relic Fence and Prison Wardens (F304–F306).
const BROKERS: [&str; 3] = ["ARCS-F304", "ARCS-F305", "ARCS-F306"];
/// The Cartels (F307–F311): Material, Fuel, Weapon, Psionic, Relic.
const CARTELS: [&str; 5] = [
    "ARCS-F307",
    "ARCS-F308",
    "ARCS-F309",
    "ARCS-F310",
    "ARCS-F311",
];
/// Mining Interest and Shipping Interest of the campaign Court.
const INTERESTS: [&str; 2] = ["ARCS-CC01", "ARCS-CC04"];

fn ids(codes: &[&str]) -> Vec<CardId> {
    codes
        .iter()
        .map(|c| CardId::parse(c).expect("a Magnate card"))
        .collect()
}

/// The Magnate's Resolution card for the Act that ended (the
/// Intermission's step A, p28).
fn resolution(s: &mut GameState, seat: Seat, act: u8, done: bool, ev: &mut dyn Sink) {
    if act == 1 {
        resolve_act_one(s, seat, done, ev);
    } else {
        resolve_act_two(s, seat, done, ev);
    }
}

/// The objective of the Act being played; in Act III, the Monopoly the
/// grand ambitions make the Magnate scrap after each scoring.
fn objectives(s: &mut GameState, me: Seat, e: &FateEvent, ev: &mut dyn Sink) {
    if s.campaign().is_some_and(|c| c.act == 3) {
        if matches!(e, FateEvent::ChapterEnd) {
            begin_scrap_monopoly(s, me, ev);
        }
        return;
    }
    crate::campaign::fates::act_objective(s, me, e, ev, [objective, objective_act_two]);
}

// ------------------------------------------------------------ Monopolies

/// Where a Monopoly card is (F313–F317).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum MonopolyAt {
    /// In the Magnate's Fate Set, not in play (before its Act II setup).
    #[default]
    Boxed,
    /// In the general supply, holding its resource's supply.
    Supply,
    /// In this seat's play area.
    Seat(Seat),
    Scrapped,
}

/// The Monopolies and the resources scrapped for good with them (F325B).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Monopolies {
    /// By resource (`Resource::index`).
    pub at: [MonopolyAt; 5],
    /// Resources scrapped for good, by type: out of play (the 25 less
    /// these are conserved).
    #[serde(default)]
    pub scrapped: [u8; 5],
}

impl Monopolies {
    pub fn is_none(&self) -> bool {
        self.at.iter().all(|a| *a == MonopolyAt::Boxed) && self.scrapped == [0; 5]
    }
}

/// A Monopoly in play, as views show it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct MonopolyView {
    pub resource: Resource,
    /// Its holder; `None` while it lies in the general supply.
    pub holder: Option<Seat>,
    /// Resources of its type scrapped for good (F325B).
    pub scrapped: u8,
}

/// The Monopolies in play (neither boxed nor scrapped), by resource.
pub fn view(m: &Monopolies) -> Vec<MonopolyView> {
    Resource::ALL
        .into_iter()
        .filter_map(|r| {
            let holder = match m.at[r.index()] {
                MonopolyAt::Supply => None,
                MonopolyAt::Seat(x) => Some(x),
                _ => return None,
            };
            Some(MonopolyView {
                resource: r,
                holder,
                scrapped: m.scrapped[r.index()],
            })
        })
        .collect()
}

/// The Monopoly cards by resource: Material F313, Fuel F314, Weapon F317,
/// Relic F315, Psionic F316.
const MONOPOLY: [&str; 5] = [
    "ARCS-F313",
    "ARCS-F314",
    "ARCS-F317",
    "ARCS-F315",
    "ARCS-F316",
];

/// The Monopoly card of `r`.
pub fn monopoly_card(r: Resource) -> CardId {
    CardId::parse(MONOPOLY[r.index()]).expect("a Monopoly card")
}

/// The seat holding the Monopoly of `r`, if any.
pub fn monopoly_holder(s: &GameState, r: Resource) -> Option<Seat> {
    match s.campaign()?.monopolies.at[r.index()] {
        MonopolyAt::Seat(x) => Some(x),
        _ => None,
    }
}

/// The Monopolies `seat` holds.
pub fn monopolies_of(s: &GameState, seat: Seat) -> impl Iterator<Item = Resource> + '_ {
    Resource::ALL
        .into_iter()
        .filter(move |r| monopoly_holder(s, *r) == Some(seat))
}

/// The supply on the Monopoly of `r` `seat` holds: it adds to its
/// ambitions (F313–F317; `cards::extra_icons`).
pub fn monopoly_supply(s: &GameState, seat: Seat, r: Resource) -> u32 {
    if monopoly_holder(s, r) == Some(seat) {
        s.supply[r.index()] as u32
    } else {
        0
    }
}

/// F313–F317 the Monopolies: their rules are [`monopoly_supply`], the
/// Summit consent (`campaign::summit`) and [`GAIN_MONOPOLIES`].
const fn monopoly(code: &'static str) -> Behavior {
    Behavior {
        code,
        ..Behavior::NONE
    }
}

pub static MATERIAL_MONOPOLY: Behavior = monopoly("ARCS-F313");
pub static FUEL_MONOPOLY: Behavior = monopoly("ARCS-F314");
pub static RELIC_MONOPOLY: Behavior = monopoly("ARCS-F315");
pub static PSIONIC_MONOPOLY: Behavior = monopoly("ARCS-F316");
pub static WEAPON_MONOPOLY: Behavior = monopoly("ARCS-F317");

/// The resources of type `r` `seat` has for Gain Monopolies: its tokens,
/// those stored on its cards and, as First Regent, those in the Imperial
/// Trust — not the supply on a Monopoly (docs/rulings.md R-CAMP-F318).
fn resources_held(s: &GameState, seat: Seat, r: Resource) -> u32 {
    let trust = s
        .campaign()
        .filter(|c| c.first_regent == Some(seat))
        .map_or(0, |c| c.trust[r.index()] as u32);
    s.seat(seat).count_resource(r) as u32 + stored::count(s, seat, r) + trust
}

/// The resources of type `r` in play: 5, less those on the 2-player
/// ambition boxes and those scrapped for good.
fn in_play_total(s: &GameState, r: Resource) -> u32 {
    let scrapped = s
        .campaign()
        .map_or(0, |c| c.monopolies.scrapped[r.index()] as u32);
    5u32.saturating_sub(s.box_resources[r.index()] as u32 + scrapped)
}

/// F318 Gain Monopolies (Edict 20): for each type, a player with more
/// than half of that type's resources in play takes its Monopoly card
/// (from the supply or from another player).
pub static GAIN_MONOPOLIES: Behavior = Behavior {
    code: "ARCS-F318",
    edict: Some(|s, _card, ev| {
        for r in Resource::ALL {
            let at = s
                .campaign()
                .map_or(MonopolyAt::Boxed, |c| c.monopolies.at[r.index()]);
            if !matches!(at, MonopolyAt::Supply | MonopolyAt::Seat(_)) {
                continue;
            }
            let total = in_play_total(s, r);
            let Some(x) = s.seat_ids().find(|x| resources_held(s, *x, r) * 2 > total) else {
                continue;
            };
            if at == MonopolyAt::Seat(x) {
                continue;
            }
            if let Some(c) = s.campaign_mut() {
                c.monopolies.at[r.index()] = MonopolyAt::Seat(x);
            }
            log!(
                ev,
                "edict",
                Some(x),
                "Gain Monopolies: {x} has more than half of the {} in play and takes the {} \
                 Monopoly{}.",
                resource_name(r),
                resource_name(r),
                match at {
                    MonopolyAt::Seat(y) => format!(" from {y}"),
                    _ => String::new(),
                }
            );
            crate::campaign::fates::notify(
                s,
                FateEvent::MonopolyGained {
                    seat: x,
                    from_supply: at == MonopolyAt::Supply,
                },
                ev,
            );
        }
    }),
    ..Behavior::NONE
};

/// F319 Monopoly Consent (in the rules booklet): giving a monopolized
/// resource with Transfer Asset needs its Monopoly holder's consent
/// (`campaign::summit::extra_consenter`).
pub static MONOPOLY_CONSENT: Behavior = Behavior {
    code: "ARCS-F319",
    monopoly_consent: true,
    ..Behavior::NONE
};

/// F320 War Profiteering (a law): Warlord counts Trophies and Weapon icons
/// (`flow::ambition_count`); the War Profiteer marker on the Warlord box
/// reminds of it from each Act's setup on.
pub static WAR_PROFITEERING: Behavior = Behavior {
    code: "ARCS-F320",
    warlord_counts_weapons: true,
    ..Behavior::NONE
};

/// F312A: the 5 Monopolies in the general supply, holding the resource
/// supplies; Gain Monopolies, Monopoly Consent and War Profiteering to the
/// rules booklet; the War Profiteer marker on the Warlord box.
fn setup_act_two(s: &mut GameState, seat: Seat, ev: &mut dyn Sink) {
    if let Some(c) = s.campaign_mut() {
        for a in c.monopolies.at.iter_mut() {
            if *a == MonopolyAt::Boxed {
                *a = MonopolyAt::Supply;
            }
        }
    }
    for law in ["ARCS-F318", "ARCS-F319", "ARCS-F320"] {
        to_booklet(s, CardId::parse(law).expect("a Magnate law"));
    }
    log!(
        ev,
        "setup",
        Some(seat),
        "The five Monopolies lie in the general supply, each holding its resource's supply. Gain \
         Monopolies joins the rules booklet: at each Edicts, a player with more than half of a \
         type's resources in play takes its Monopoly, whose supply then adds to their ambitions. \
         Monopoly Consent: giving a monopolized resource in a Summit needs the Monopoly holder's \
         consent. War Profiteering: Warlord counts Trophies and Weapon icons (the War Profiteer \
         marker is on the Warlord box)."
    );
}

/// Puts a card in the rules booklet (once).
fn to_booklet(s: &mut GameState, card: CardId) {
    if let Some(c) = s.campaign_mut() {
        if !c.booklet.contains(&card) {
            let _ = c.booklet.try_push(card);
        }
    }
}

/// F312B. *Corner the Market...*: advance 1 each time the Magnate gains a
/// Monopoly card from the supply. *...And Hold It*: at the end of a
/// chapter, advance 1 for each Monopoly it has.
fn objective_act_two(s: &mut GameState, me: Seat, e: &FateEvent, ev: &mut dyn Sink) {
    match *e {
        FateEvent::MonopolyGained {
            seat,
            from_supply: true,
        } if seat == me => advance_objective(s, me, 1, ev),
        FateEvent::ChapterEnd => {
            let n = monopolies_of(s, me).count() as u8;
            advance_objective(s, me, n, ev);
        }
        _ => {}
    }
}

/// F321. Completed: gain Prospectors; scrap the Cartels (if still set
/// aside) and both Extortions; Mining and Shipping Interest back from the
/// Court discard pile. Failed: scrap Prospectors and the Monopolies nobody
/// holds; the Cartels matching those to the Court deck, the other Cartels
/// scrapped (those set aside only: Cartels in play stay, R-CAMP-F321);
/// both Extortions to the Court deck.
fn resolve_act_two(s: &mut GameState, seat: Seat, done: bool, ev: &mut dyn Sink) {
    use crate::campaign::fates::{add_to_court_deck, scrap};
    let aside = cartels_aside(s);
    let extortions = ids(&["ARCS-F323", "ARCS-F324"]);
    if done {
        s.seat_mut(seat)
            .add_guild(CardId::parse(PROSPECTORS_CARD).expect("Prospectors"));
        if aside {
            scrap(s, &ids(&CARTELS));
        }
        scrap(s, &extortions);
        let back = interests_back(s);
        log!(
            ev,
            "intermission",
            Some(seat),
            "The Magnate's Act II Resolution, objective completed: {seat} gains Prospectors; the \
             Cartels and both Extortions are scrapped{}.",
            back
        );
    } else {
        scrap(s, &[CardId::parse(PROSPECTORS_CARD).expect("Prospectors")]);
        let unheld: Vec<Resource> = Resource::ALL
            .into_iter()
            .filter(|r| {
                s.campaign()
                    .is_some_and(|c| c.monopolies.at[r.index()] == MonopolyAt::Supply)
            })
            .collect();
        if let Some(c) = s.campaign_mut() {
            for r in &unheld {
                c.monopolies.at[r.index()] = MonopolyAt::Scrapped;
            }
        }
        if aside {
            let cartels = ids(&CARTELS);
            let (add, gone): (Vec<CardId>, Vec<CardId>) = cartels
                .into_iter()
                .partition(|c| c.info().suit.is_some_and(|r| unheld.contains(&r)));
            add_to_court_deck(s, &add);
            scrap(s, &gone);
        }
        add_to_court_deck(s, &extortions);
        let names: Vec<String> = unheld
            .iter()
            .map(|r| format!("the {} Monopoly", resource_name(*r)))
            .collect();
        log!(
            ev,
            "intermission",
            Some(seat),
            "The Magnate's Act II Resolution, objective failed: Prospectors{} scrapped; the \
             matching Cartels join the Court deck, the others are scrapped; both Extortions join \
             the Court deck.",
            if names.is_empty() {
                " is".to_string()
            } else {
                format!(" and {} are", names.join(", "))
            }
        );
    }
}

/// Mining and Shipping Interest back from the Court discard pile to the
/// Court deck (F303, F321): the words for the log.
fn interests_back(s: &mut GameState) -> String {
    let back: Vec<CardId> = ids(&INTERESTS)
        .into_iter()
        .filter(|c| s.court_discard.contains(c))
        .collect();
    s.court_discard.retain(|c| !back.contains(c));
    crate::campaign::fates::add_to_court_deck(s, &back);
    let names: Vec<&str> = back.iter().map(|c| c.name()).collect();
    if names.is_empty() {
        String::new()
    } else {
        format!(
            "; {} return from the Court discard pile to the Court deck",
            names.join(" and ")
        )
    }
}

const PROSPECTORS_CARD: &str = "ARCS-F322";

/// F322 Prospectors (Guild, Material): its holder may build cities on any
/// planet whose type's Monopoly it does not have, without a Loyal piece
/// there (`actions/build.rs`).
pub static PROSPECTORS: Behavior = Behavior {
    code: PROSPECTORS_CARD,
    prospects: Some(|s, seat, sys| {
        s.planet_type(sys)
            .is_some_and(|r| monopoly_holder(s, r) != Some(seat))
    }),
    ..Behavior::NONE
};

/// F323–F324 Extortion (Vox). Crisis: for each resource type, the player
/// (or players tied) with the most of it discards 1 of it; discard this.
/// When Secured: steal 1 resource from a Rival; discard this.
const fn extortion(code: &'static str) -> Behavior {
    Behavior {
        code,
        crisis: Some(|s, pos, card, ev| {
            extort(s, ev);
            crate::campaign::crises::remove_card(
                s,
                pos,
                card,
                crate::campaign::crises::Removal::Discard,
            );
        }),
        on_secured: Some(|s, seat, card, _| {
            s.court_discard.push(card);
            s.push(
                crate::cards::shared::Effect::Steal {
                    seat,
                    card,
                    filter: crate::cards::shared::StealFilter::AnyResource,
                    left: 1,
                    optional: false,
                }
                .into(),
            );
        }),
        ..Behavior::NONE
    }
}

pub static EXTORTION: Behavior = extortion("ARCS-F323");
pub static EXTORTION_2: Behavior = extortion("ARCS-F324");

/// Extortion's Crisis: the most of each type among the players' board
/// tokens (frozen resources cannot be discarded, p27); each player with
/// that most (at least 1) discards 1 of it, its leftmost slot first
/// (docs/rulings.md R-CAMP-F323).
fn extort(s: &mut GameState, ev: &mut dyn Sink) {
    for r in Resource::ALL {
        let most = s
            .seat_ids()
            .map(|x| s.seat(x).count_resource(r))
            .max()
            .unwrap_or(0);
        if most == 0 {
            continue;
        }
        for x in s.turn_order().collect::<Vec<_>>() {
            if s.seat(x).count_resource(r) != most {
                continue;
            }
            if let Some(slot) = (0..7).find(|i| s.seat(x).resources[*i] == Some(r)) {
                s.discard_slot(x, slot);
                log!(
                    ev,
                    "crisis",
                    Some(x),
                    "Extortion: {x} has the most {} and discards one.",
                    resource_name(r)
                );
            }
        }
    }
}

// ------------------------------------------------------------ Act III

const ECONOMY_LAW: &str = "ARCS-F327";

/// F325A: the Economy card under the card play area, Closed while the
/// Magnate is a Regent, Open while an Outlaw (its side follows the
/// Magnate's title, so it is not kept apart); Closed & Open Economy to
/// the rules booklet; the War Profiteer marker back on Warlord.
fn setup_act_three(s: &mut GameState, seat: Seat, ev: &mut dyn Sink) {
    to_booklet(s, CardId::parse(ECONOMY_LAW).expect("the Economy law"));
    log!(
        ev,
        "setup",
        Some(seat),
        "Closed & Open Economy joins the rules booklet. While the Magnate is a Regent the Empire \
         has a Closed Economy: other Regents cannot tax Empire-controlled cities without the \
         matching Monopoly. While the Magnate is an Outlaw the Reach has an Open Economy: players \
         may tax their own cities more than once a turn, and the Magnate any city. The Economy \
         card shows {} Economy now.",
        if s.is_regent(seat) {
            "a Closed"
        } else {
            "an Open"
        }
    );
}

/// The Economy of the Reach (F326–F327), with the Magnate's seat: `None`
/// while the law is not in the rules booklet or nobody plays the Magnate.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Economy {
    Closed(Seat),
    Open(Seat),
}

pub fn economy(s: &GameState) -> Option<Economy> {
    let c = s.campaign()?;
    let law = crate::card_id!("ARCS-F327");
    if !c.booklet.contains(&law) {
        return None;
    }
    let magnate = crate::card_id!("ARCS-FATE03");
    let m = s.seat_ids().find(|x| c.fates[x.index()] == Some(magnate))?;
    Some(if c.is_regent(m) {
        Economy::Closed(m)
    } else {
        Economy::Open(m)
    })
}

/// F327 Closed & Open Economy (a law): the Economy's tax rules
/// (`actions/tax.rs`, [`economy`]).
pub static CLOSED_AND_OPEN_ECONOMY: Behavior = Behavior {
    code: ECONOMY_LAW,
    tax_law: Some(|s, seat| match economy(s) {
        Some(Economy::Closed(m)) => crate::cards::TaxLaw {
            closed: m != seat && s.is_regent(seat),
            ..Default::default()
        },
        Some(Economy::Open(m)) => crate::cards::TaxLaw {
            open_own: true,
            open_any: m == seat,
            ..Default::default()
        },
        None => crate::cards::TaxLaw::default(),
    }),
    ..Behavior::NONE
};

/// F326A / F326B, the Economy card's two sides: the law (F327) carries
/// their rules; the side shown follows the Magnate's title.
pub static CLOSED_ECONOMY: Behavior = Behavior {
    code: "ARCS-F326A",
    ..Behavior::NONE
};
pub static OPEN_ECONOMY: Behavior = Behavior {
    code: "ARCS-F326B",
    ..Behavior::NONE
};

/// F325B *Escape the Reach, Content with Your Riches*: (a) have any
/// Monopoly; (b) have at least 2.
fn grand_ambitions(s: &GameState, seat: Seat) -> u8 {
    let n = monopolies_of(s, seat).count();
    (n >= 1) as u8 + (n >= 2) as u8
}

/// F325B: "After scoring, you must scrap 1 Monopoly you have and all of
/// your resources of that Monopoly type" — its supply on the card, the
/// Magnate's tokens, those stored on its cards and in the Imperial Trust
/// (as First Regent). A choice when it has several.
fn begin_scrap_monopoly(s: &mut GameState, seat: Seat, ev: &mut dyn Sink) {
    let held: Vec<Resource> = monopolies_of(s, seat).collect();
    match held.as_slice() {
        [] => {}
        [r] => scrap_monopoly(s, seat, *r, ev),
        _ => s.push(
            Effect::ScrapMonopoly {
                seat,
                card: crate::card_id!("ARCS-F325B"),
            }
            .into(),
        ),
    }
}

fn scrap_monopoly(s: &mut GameState, seat: Seat, r: Resource, ev: &mut dyn Sink) {
    let i = r.index();
    let mut n = std::mem::take(&mut s.supply[i]) as u32;
    for slot in 0..7 {
        if s.seat(seat).resources[slot] == Some(r) {
            s.seat_mut(seat).resources[slot] = None;
            n += 1;
        }
    }
    let cards: Vec<CardId> = stored::held(s, seat)
        .filter(|x| x.res[i] > 0)
        .map(|x| x.card)
        .collect();
    for card in cards {
        while stored::take(s, card, r) {
            n += 1;
        }
    }
    if let Some(c) = s.campaign_mut() {
        if c.first_regent == Some(seat) {
            n += std::mem::take(&mut c.trust[i]) as u32;
        }
        c.monopolies.at[i] = MonopolyAt::Scrapped;
        c.monopolies.scrapped[i] += n.min(5) as u8;
    }
    log!(
        ev,
        "objective",
        Some(seat),
        "After scoring, {seat} scraps the {} Monopoly and {} for good.",
        resource_name(r),
        crate::describe::count_of(
            n.min(255) as u8,
            &format!("{} resource", resource_name(r)),
            &format!("{} resources", resource_name(r))
        )
    );
}

/// Whether the Cartels wait behind the Act II Resolution (F303
/// completed): none of them is anywhere in play or scrapped.
fn cartels_aside(s: &GameState) -> bool {
    ids(&CARTELS)
        .iter()
        .all(|c| !crate::campaign::fates::in_play(s, *c))
}

/// The Magnate leaves for another Fate (p29): the Cartels still waiting
/// behind its Act II Resolution are the rest of the Fate Set not in play.
fn leave(s: &mut GameState, _seat: Seat, _ev: &mut dyn Sink) {
    if cartels_aside(s) {
        crate::campaign::fates::scrap(s, &ids(&CARTELS));
    }
}

/// F303. Completed: Elder Broker, Relic Fence and Prison Wardens to the
/// Court deck; the Cartels wait behind the Act II Resolution (neither in
/// play nor scrapped, R-CAMP-F303); Mining Interest and Shipping Interest
/// back from the Court discard pile to the Court deck (step A comes before
/// the discard pile is scrapped, p28). Failed: scrap Elder Broker, Relic
/// Fence and Prison Wardens; the Cartels to the Court deck.
fn resolve_act_one(s: &mut GameState, seat: Seat, done: bool, ev: &mut dyn Sink) {
    use crate::campaign::fates::{add_to_court_deck, scrap};
    if done {
        add_to_court_deck(s, &ids(&BROKERS));
        let back = interests_back(s);
        log!(
            ev,
            "intermission",
            Some(seat),
            "The Magnate's Resolution, objective completed: Elder Broker, Relic Fence and Prison \
             Wardens join the Court deck; the five Cartels wait for the Magnate's next \
             Resolution{back}."
        );
    } else {
        scrap(s, &ids(&BROKERS));
        add_to_court_deck(s, &ids(&CARTELS));
        log!(
            ev,
            "intermission",
            Some(seat),
            "The Magnate's Resolution, objective failed: Elder Broker, Relic Fence and Prison \
             Wardens are scrapped; the five Cartels join the Court deck."
        );
    }
}

/// F309–F311, the Weapon, Psionic and Relic Cartels (Guild): as the base
/// Material Cartel (C-BC03) for their type: "You keep the X supply on
/// here (you add it to AMBITION but can't spend it). After scoring, Rivals
/// discard all X. Prelude: You may discard this to steal 1 X."
macro_rules! cartel {
    ($name:ident, $code:expr, $r:expr, $what:expr) => {
        pub static $name: Behavior = Behavior {
            code: $code,
            holds_supply: Some($r),
            after_scoring: Some(|s, seat, ev| {
                crate::cards::court::common::cartel_after_scoring(s, seat, $r, ev)
            }),
            preludes: &[crate::cards::PreludeAbility {
                what: $what,
                discard: true,
                first: false,
                once_per_turn: false,
                possible: |s, seat| {
                    crate::cards::shared::any_steal(
                        s,
                        seat,
                        crate::cards::shared::StealFilter::Resource($r),
                    )
                },
                run: |s, seat, card, _| {
                    crate::cards::court::common::cartel_steal(s, seat, card, $r)
                },
            }],
            ..Behavior::NONE
        };
    };
}

cartel!(
    WEAPON_CARTEL,
    "ARCS-F309",
    Resource::Weapon,
    "steal a Weapon"
);
cartel!(
    PSIONIC_CARTEL,
    "ARCS-F310",
    Resource::Psionic,
    "steal a Psionic"
);
cartel!(RELIC_CARTEL, "ARCS-F311", Resource::Relic, "steal a Relic");

/// Resources the Magnate discards for *Export to the Galactic Core*.
const EXPORT_SIZE: u8 = 3;
/// What each fulfilment of the Act I objective advances.
const ADVANCE: u8 = 2;

/// F301A: gain Merchant League.
fn setup_act_one(s: &mut GameState, seat: Seat, ev: &mut dyn Sink) {
    s.seat_mut(seat).add_guild(crate::card_id!("ARCS-F302"));
    log!(ev, "setup", Some(seat), "{seat} gains Merchant League.");
}

/// Whether the seat's Act I objective is still open.
fn open(s: &GameState, me: Seat) -> bool {
    s.campaign()
        .is_some_and(|c| c.act == 1 && c.objective[me.index()] > 0)
}

/// F301B. *Close Deals with Rivals*: in a Summit, advance 2 each time a
/// Rival gives the Magnate a Favor or a resource, except one the Magnate
/// gave them during this Summit (the Summit's ledger marks those as
/// `returned`; docs/rulings.md R-CAMP-MAGNATE-DEALS, R-CAMP-MAGNATE-LEDGER).
/// *Export to the Galactic Core* is [`EXPORT`].
fn objective(s: &mut GameState, me: Seat, e: &FateEvent, ev: &mut dyn Sink) {
    let FateEvent::Given {
        from,
        to,
        gift: Some(gift),
        returned,
        ..
    } = *e
    else {
        return;
    };
    if to != me || from == me || !open(s, me) {
        return;
    }
    let what = match gift {
        Gift::Resource(r) => format!("a {}", resource_name(r)),
        Gift::Favor(o) if o == me => format!("back one of {me}'s agents held as a Favor"),
        Gift::Favor(_) => "a Favor".into(),
    };
    if returned {
        log!(
            ev,
            "objective",
            Some(me),
            "Close Deals with Rivals: {from} gives {me} {what}, but {me} gave them one during \
             this Summit; it does not count."
        );
        return;
    }
    log!(
        ev,
        "objective",
        Some(me),
        "Close Deals with Rivals: {from} gives {me} {what}."
    );
    advance_objective(s, me, ADVANCE, ev);
}

/// F301B *Export to the Galactic Core*: "In Summit Negotiations, advance 2
/// each time you choose to discard 3 resources." The Magnate's own
/// Negotiation-time choice, on its turn to negotiate, with 3 resources of
/// its player board (not frozen ones), while the objective is open
/// (docs/rulings.md R-CAMP-MAGNATE-EXPORT).
pub static EXPORT: SummitOption = SummitOption {
    fate: "ARCS-FATE03",
    words: "Export to the Galactic Core: discard 3 resources to advance your objective 2",
    possible: |s, seat| open(s, seat) && s.seat(seat).resource_count() >= EXPORT_SIZE as usize,
    start: |s, seat, ev| {
        log!(
            ev,
            "objective",
            Some(seat),
            "Export to the Galactic Core: {seat} chooses to discard 3 resources."
        );
        s.push(
            Effect::Export {
                seat,
                card: crate::card_id!("ARCS-F301B"),
                left: EXPORT_SIZE,
            }
            .into(),
        );
    },
};

/// F302 Merchant League (Guild, Fuel, protected): "Crisis: Discard all
/// resources from here. When you declare an ambition, you may gain any 2
/// resources onto here. These resources are frozen except for the
/// Transfer Asset action in Summits." The resources are kept in
/// `campaign::stored` (they add to ambitions, p27); Transfer Asset gives
/// them with `Asset::Stored` (`campaign::summit`).
pub static MERCHANT_LEAGUE: Behavior = Behavior {
    code: "ARCS-F302",
    on_declare: Some(|s, seat, _, _| {
        if s.is_campaign() && s.supply.iter().any(|n| *n > 0) {
            s.push(
                Effect::League {
                    seat,
                    card: crate::card_id!("ARCS-F302"),
                    left: 2,
                }
                .into(),
            );
        }
    }),
    fate_crisis: Some(|s, seat, card, ev| {
        let gone = stored::release(s, card);
        if gone.iter().any(|n| *n > 0) {
            log!(
                ev,
                "crisis",
                Some(seat),
                "Merchant League: {seat} discards {} from it.",
                crate::describe::list(&gone)
            );
        }
    }),
    ..Behavior::NONE
};

/// The resources on the seat's player board it may discard, one choice
/// per distinct resource and slot raid cost (as Transfer Asset offers
/// them).
fn discard_choices(s: &GameState, seat: Seat, out: &mut Vec<Choice>) {
    let mut seen: Vec<(Resource, u8)> = Vec::new();
    for (i, r) in s.seat(seat).resources.iter().enumerate() {
        if let Some(r) = *r {
            let cost = crate::data::SLOT_RAID_COST[i];
            if !seen.contains(&(r, cost)) {
                seen.push((r, cost));
                out.push(Choice::Slot(i as u8));
            }
        }
    }
}

// ------------------------------------------------------------ scenarios

fn parse_at(s: &GameState, w: Option<&String>) -> Result<MonopolyAt, String> {
    match w.map(|x| x.as_str()) {
        Some("supply") => Ok(MonopolyAt::Supply),
        Some("scrapped") => Ok(MonopolyAt::Scrapped),
        Some("boxed") => Ok(MonopolyAt::Boxed),
        Some(_) => Ok(MonopolyAt::Seat(crate::campaign::scenario::seat(s, w)?)),
        None => Err("supply|PN|scrapped|boxed".into()),
    }
}

fn parse_resource(w: Option<&String>) -> Result<Resource, String> {
    w.and_then(|x| Resource::parse(x))
        .ok_or_else(|| "monopoly RESOURCE supply|PN|scrapped".to_string())
}

/// Scenario line `monopoly RESOURCE supply|PN|scrapped|boxed`: where that
/// Monopoly card is (F312A).
pub fn scenario_setup(s: &mut GameState, w: &[String]) -> Result<(), String> {
    let r = parse_resource(w.first())?;
    let at = parse_at(s, w.get(1))?;
    s.campaign_mut()
        .ok_or("`monopoly` needs `mode campaign`")?
        .monopolies
        .at[r.index()] = at;
    Ok(())
}

/// Scenario check `expect monopoly RESOURCE supply|PN|scrapped|boxed`, or
/// `expect monopoly RESOURCE scrapped-resources N`.
pub fn scenario_expect(s: &GameState, w: &[String]) -> Result<(), String> {
    let r = parse_resource(w.first())?;
    let c = s.campaign().ok_or("not a campaign game")?;
    if w.get(1).is_some_and(|x| x == "scrapped-resources") {
        let want: u8 = w
            .get(2)
            .and_then(|x| x.parse().ok())
            .ok_or("expect monopoly R scrapped-resources N")?;
        let got = c.monopolies.scrapped[r.index()];
        return if got == want {
            Ok(())
        } else {
            Err(format!("{r} scrapped for good: got {got}, want {want}"))
        };
    }
    let want = parse_at(s, w.get(1))?;
    let got = c.monopolies.at[r.index()];
    if got == want {
        Ok(())
    } else {
        Err(format!("the {r} Monopoly: got {got:?}, want {want:?}"))
    }
}

// ------------------------------------------------------------ procedures

#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "effect")]
pub enum Effect {
    /// Merchant League, on a declaration: gain a resource onto it, or stop
    /// (`left` still to gain).
    League { seat: Seat, card: CardId, left: u8 },
    /// Export to the Galactic Core: discard a resource (`left` to discard,
    /// this one included); after the last the objective advances.
    Export { seat: Seat, card: CardId, left: u8 },
    /// F325B: scrap which of your Monopolies (and your resources of its
    /// type)?
    ScrapMonopoly { seat: Seat, card: CardId },
}

impl Procedure for Effect {
    fn seat_card(&self) -> (Seat, CardId) {
        match *self {
            Effect::League { seat, card, .. }
            | Effect::Export { seat, card, .. }
            | Effect::ScrapMonopoly { seat, card } => (seat, card),
        }
    }

    fn what(&self, _s: &GameState) -> String {
        match *self {
            Effect::League { left, .. } => format!(
                "gain which resource onto Merchant League ({} to gain)?",
                plural(left, "resource", "resources")
            ),
            Effect::Export { left, .. } => format!(
                "discard which resource ({} to discard)?",
                plural(left, "resource", "resources")
            ),
            Effect::ScrapMonopoly { .. } => {
                "scrap which of your Monopolies, with all your resources of its type?".into()
            }
        }
    }

    fn choices(&self, s: &GameState, out: &mut Vec<Choice>) {
        match *self {
            Effect::League { .. } => {
                crate::cards::shared::supply_choices(s, out);
                out.push(Choice::Done);
            }
            Effect::Export { seat, .. } => discard_choices(s, seat, out),
            Effect::ScrapMonopoly { seat, .. } => {
                out.extend(monopolies_of(s, seat).map(Choice::Resource))
            }
        }
    }

    fn resolve(self, s: &mut GameState, choice: Choice, ev: &mut dyn Sink) {
        match self {
            Effect::ScrapMonopoly { seat, .. } => {
                s.pop();
                if let Choice::Resource(r) = choice {
                    if monopoly_holder(s, r) == Some(seat) {
                        scrap_monopoly(s, seat, r, ev);
                    }
                }
            }
            Effect::League { seat, card, left } => {
                let Choice::Resource(r) = choice else {
                    s.pop();
                    return;
                };
                if !stored::gain_onto(s, card, r, true) {
                    s.pop();
                    return;
                }
                log!(
                    ev,
                    "gain",
                    Some(seat),
                    "Merchant League: {seat} gains a {} onto Merchant League.",
                    resource_name(r)
                );
                let left = left.saturating_sub(1);
                if left > 0 && s.supply.iter().any(|n| *n > 0) {
                    s.set_top(Effect::League { seat, card, left }.into());
                } else {
                    s.pop();
                }
            }
            Effect::Export { seat, card, left } => {
                let Choice::Slot(i) = choice else {
                    s.pop();
                    return;
                };
                let Some(r) = s.discard_slot(seat, i as usize) else {
                    s.pop();
                    return;
                };
                log!(
                    ev,
                    "discard",
                    Some(seat),
                    "{seat} discards a {}.",
                    resource_name(r)
                );
                let left = left.saturating_sub(1);
                if left > 0 && s.seat(seat).resource_count() > 0 {
                    s.set_top(Effect::Export { seat, card, left }.into());
                    return;
                }
                s.pop();
                if left == 0 && open(s, seat) {
                    log!(
                        ev,
                        "objective",
                        Some(seat),
                        "Export to the Galactic Core: {seat} discarded 3 resources."
                    );
                    advance_objective(s, seat, ADVANCE, ev);
                }
            }
        }
    }

    fn describe(&self, d: &Describer, c: Choice) -> Option<String> {
        Some(match (*self, c) {
            (Effect::League { .. }, Choice::Resource(r)) => {
                format!("Gain a {} onto Merchant League", resource_name(r))
            }
            (Effect::League { left: 2, .. }, Choice::Done) => {
                "Gain nothing onto Merchant League".into()
            }
            (Effect::League { .. }, Choice::Done) => "Gain no more".into(),
            (Effect::Export { .. }, Choice::Slot(i)) => format!("Discard {}", d.own_token(i)),
            (Effect::ScrapMonopoly { .. }, Choice::Resource(r)) => format!(
                "Scrap the {} Monopoly and all your {}",
                resource_name(r),
                resource_name(r)
            ),
            _ => return None,
        })
    }
}

#[cfg(test)]
mod tests {
    use crate::campaign::intermission::resolve_fates;
    use crate::event::NoEvents;
    use crate::ids::*;
    use crate::state::GameState;

    #[test]
    fn every_magnate_card_has_passing_scenarios() {
        crate::cards::testing::family_scenarios(super::CARDS);
    }

    fn card(code: &str) -> CardId {
        CardId::parse(&format!("ARCS-{code}")).unwrap()
    }

    /// The Magnate's Act I Resolution (F303) on a position with Mining
    /// Interest in the Court discard pile (Act II cannot be played with the
    /// Magnate yet: its Resolution is tested here, not by a scenario).
    fn resolved(objective: u8) -> GameState {
        let mut s = crate::campaign::scenario::test_state(&format!(
            "fate P1 Magnate\nobjective P1 {objective}\nP1 guild F302\nP1 power 5\n\
             court-discard CC01 CC05"
        ));
        crate::invariants::check(&s).expect("consistent before");
        resolve_fates(&mut s, &mut NoEvents);
        crate::invariants::check(&s).expect("consistent after");
        s
    }

    /// Where each card is: scrapped for good, in the Court deck, or
    /// neither (set aside in the Fate Set).
    fn assert_where(s: &GameState, codes: &[&str], scrapped: bool, deck: bool) {
        let c = s.campaign().unwrap();
        for code in codes {
            let id = card(code);
            assert_eq!(c.court_scrapped.contains(&id), scrapped, "{code} scrapped");
            assert_eq!(s.court_deck.contains(&id), deck, "{code} in the Court deck");
        }
    }

    const CARTELS: [&str; 5] = ["F307", "F308", "F309", "F310", "F311"];

    /// F303, completed: the three Guild cards into the Court deck, the
    /// Cartels set aside, Mining Interest back from the discard pile (the
    /// Vox card there stays); no Power lost.
    #[test]
    fn f303_completed_objective() {
        let s = resolved(0);
        assert_where(&s, &["F304", "F305", "F306"], false, true);
        assert_where(&s, &CARTELS, false, false);
        assert!(s.court_deck.contains(&card("CC01")));
        assert!(!s.court_discard.contains(&card("CC01")));
        assert!(s.court_discard.contains(&card("CC05")));
        assert_eq!(s.seat(Seat(0)).power, 5);
    }

    /// F303, failed: the three Guild cards scrapped, the Cartels into the
    /// Court deck, Mining Interest left in the discard pile; the marker's
    /// Power lost.
    #[test]
    fn f303_failed_objective() {
        let s = resolved(4);
        assert_where(&s, &["F304", "F305", "F306"], true, false);
        assert_where(&s, &CARTELS, false, true);
        assert!(s.court_discard.contains(&card("CC01")));
        assert_eq!(s.seat(Seat(0)).power, 1);
    }

    /// The Magnate leaving after a completed Act I: the Cartels waiting
    /// behind its next Resolution are scrapped with the rest of the set
    /// (p29); after a failed one they are in play and stay.
    #[test]
    fn leaving_scraps_the_cartels_set_aside() {
        let mut s = resolved(0);
        super::leave(&mut s, Seat(0), &mut NoEvents);
        assert_where(&s, &CARTELS, true, false);
        let mut s = resolved(4);
        super::leave(&mut s, Seat(0), &mut NoEvents);
        assert_where(&s, &CARTELS, false, true);
    }
}
