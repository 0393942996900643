//! The Blighted Reach campaign's shared systems (campaign rules, seed
//! 000 lines 926–1983; `../shared/reference/campaign.md` §1): the Empire
//! and its titles, the Free States, the Blight, Event cards and the
//! round's event, the Imperial Council, Crises, Edicts, Summits, Fates and
//! objectives, and the Act's chapters.
//!
//! Everything the campaign adds to a game lives in one [`Campaign`] value,
//! boxed in [`GameState::campaign`](crate::state::GameState) and absent in
//! base and Leaders & Lore games, so those keep their small, allocation-free
//! state. The campaign's procedures are [`CampaignFrame`]s on the frame
//! stack, dispatched from `flow/mod.rs` to this module.

pub mod attach;
pub mod blight;
pub mod council;
pub mod crises;
pub mod data;
pub mod edicts;
pub mod empire;
pub mod events;
pub mod fates;
pub mod flagship;
pub mod fleet;
pub mod frame;
pub mod free;
pub mod grand;
pub mod harm;
pub mod intermission;
pub mod next_act;
pub mod scenario;
pub mod setup;
pub mod stored;
pub mod summit;

pub use frame::CampaignFrame;

use crate::ids::*;
use crate::state::{GameState, List};
use serde::{Deserialize, Serialize};

/// Imperial ships in the box (campaign rules p3).
pub const IMPERIAL_SHIPS: u8 = 15;
/// Blight tokens in the box (p3).
pub const BLIGHT_TOKENS: u8 = 24;
/// Free cities and starports in the box (p3).
pub const FREE_CITIES: u8 = 28;
pub const FREE_STARPORTS: u8 = 14;

/// The three Imperial Policies, one per Govern the Imperial Reach card
/// (AID03 War, AID04 Peace, AID05 Escalation; campaign rules p20).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Policy {
    War,
    Peace,
    Escalation,
}

impl Policy {
    pub const ALL: [Policy; 3] = [Policy::War, Policy::Peace, Policy::Escalation];
    pub fn name(self) -> &'static str {
        match self {
            Policy::War => "War",
            Policy::Peace => "Peace",
            Policy::Escalation => "Escalation",
        }
    }
    /// The catalog id of its Govern the Imperial Reach card.
    pub fn card_code(self) -> &'static str {
        match self {
            Policy::War => "ARCS-AID03",
            Policy::Peace => "ARCS-AID04",
            Policy::Escalation => "ARCS-AID05",
        }
    }
    /// The Imperial Demand's resource types (p20); War demands Trophies or
    /// Captives instead (empty here).
    pub fn demand(self) -> &'static [Resource] {
        match self {
            Policy::War => &[],
            Policy::Peace => &[Resource::Relic, Resource::Psionic],
            Policy::Escalation => &[Resource::Material, Resource::Fuel, Resource::Weapon],
        }
    }
}

/// The event die's icon (campaign rules p13).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum EventIcon {
    Crisis,
    Edict,
}

/// One face of the event die: an icon and a planet ID symbol. The six
/// faces are each icon with each symbol (campaign-components.md §8). The
/// symbol is a planet's position in its cluster: 1 arrow, 2 moon, 3 hex
/// (components.md §1).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct EventFace {
    pub icon: EventIcon,
    /// 1 arrow, 2 moon (crescent), 3 hex.
    pub symbol: u8,
}

impl EventFace {
    /// Faces in the order `dice event 1..6` names them in scenarios.
    pub const ALL: [EventFace; 6] = [
        EventFace::new(EventIcon::Crisis, 1),
        EventFace::new(EventIcon::Crisis, 2),
        EventFace::new(EventIcon::Crisis, 3),
        EventFace::new(EventIcon::Edict, 1),
        EventFace::new(EventIcon::Edict, 2),
        EventFace::new(EventIcon::Edict, 3),
    ];
    pub const fn new(icon: EventIcon, symbol: u8) -> EventFace {
        EventFace { icon, symbol }
    }
    pub fn symbol_name(self) -> &'static str {
        symbol_name(self.symbol)
    }
}

/// A planet ID symbol's name: 1 arrow, 2 moon, 3 hex.
pub fn symbol_name(symbol: u8) -> &'static str {
    match symbol {
        1 => "arrow",
        2 => "moon",
        _ => "hex",
    }
}

/// The Imperial Council's state (campaign rules p14).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Council {
    /// On its Decided side (cannot be influenced or secured).
    pub decided: bool,
    /// Secured this round: tucked under this seat's played card until the
    /// round ends.
    pub tucked: Option<Seat>,
}

/// What the campaign adds to a game's state.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Campaign {
    /// 1, 2 or 3.
    pub act: u8,
    /// Outlaw titles, a bit per seat; the others are Regents (p10).
    pub outlaws: u8,
    /// The First Regent (holds the First Regent tile and the Imperial
    /// Trust), if any Regent holds the tile.
    pub first_regent: Option<Seat>,
    /// The Imperial Trust, per resource (frozen, p21).
    pub trust: [u8; 5],
    /// Imperial ships, Blight and Free cities / starports not on the map
    /// or in Trophy boxes.
    pub imperial_supply: u8,
    pub blight_supply: u8,
    pub free_cities: u8,
    pub free_starports: u8,
    pub council: Council,
    /// The Govern the Imperial Reach cards, bottom first: the last one is
    /// the current Imperial Policy (p20).
    pub policies: [Policy; 3],
    /// Guild Envoys Depart is in the rules booklet (2 players, p21).
    pub envoys_depart: bool,
    /// Other cards in the rules booklet (edicts, laws), in the order added.
    pub booklet: List<CardId, 16>,
    /// Each seat's Fate card (`ARCS-FATE01`..), once chosen.
    pub fates: [Option<CardId>; MAX_SEATS],
    /// The two Fate cards each seat draws to choose from (secret).
    pub fate_offer: [[Option<CardId>; 2]; MAX_SEATS],
    /// Objective markers: the Power-track space (0 = complete, p8).
    pub objective: [u8; MAX_SEATS],
    /// Favors: `favors[holder][owner]`, Rival agents on the holder's Fate
    /// card (p16).
    pub favors: [[u8; MAX_SEATS]; MAX_SEATS],
    /// Seats that played an Event card this round, a bit each (p12).
    pub events_played: u8,
    /// The last roll of the event die and the number die (p13, p18).
    pub event_die: Option<EventFace>,
    pub number_die: u8,
    /// Forced faces for scenarios: event die faces (0..6) and clusters
    /// (1..6), consumed before the RNG.
    pub forced_event: List<u8, 8>,
    pub forced_number: List<u8, 8>,
    /// The Court's cards when the Court Crises began (they resolve in that
    /// order; cards drawn meanwhile wait, docs/rulings.md R-CAMP-CRI).
    pub crisis_court: List<Option<CardId>, 16>,
    /// The Summit in progress (p16–17).
    #[serde(default)]
    pub summit: summit::Summit,
    /// Agents of its own the last securing seat had on the card it secured
    /// (Council Intrigue may move them to other Court cards).
    #[serde(default)]
    pub secured_own_agents: u8,
    /// The card attached to each Court position (p27), by position.
    #[serde(default)]
    pub attached: [Option<CardId>; 6],
    /// Resources stored on cards in players' play areas (frozen; p27).
    #[serde(default)]
    pub stored: List<stored::Stored, 8>,
    /// The Caretaker's four Golem tokens (F501A, F505): where each is and
    /// its side. Not written while none is in play.
    #[serde(
        default,
        skip_serializing_if = "crate::cards::campaign::caretaker::none_in_play"
    )]
    pub golems: crate::cards::campaign::caretaker::Golems,
    /// The Caretaker's grand ambitions this chapter (F520B): bits of
    /// `caretaker::appetite` (offered, lore scrapped, Golem scrapped).
    #[serde(default, skip_serializing_if = "crate::campaign::is_zero")]
    pub caretaker_grand: u8,
    /// The Founder's Commonwealth (F212A): Member titles, the Founder of
    /// the Commonwealth's marker, the Armistices. Not written while it
    /// does not exist.
    #[serde(
        default,
        skip_serializing_if = "crate::cards::campaign::founder::Commonwealth::is_none"
    )]
    pub commonwealth: crate::cards::campaign::founder::Commonwealth,
    /// Agents placed on Rivals' Outrage slots by Sower of Division (F625).
    #[serde(
        default,
        skip_serializing_if = "crate::cards::campaign::partisan::Sown::is_none"
    )]
    pub sown: crate::cards::campaign::partisan::Sown,
    /// The Magnate's Monopolies (F312A) and the resources scrapped for
    /// good with them (F325B). Not written while none is in play.
    #[serde(
        default,
        skip_serializing_if = "crate::cards::campaign::magnate::Monopolies::is_none"
    )]
    pub monopolies: crate::cards::campaign::magnate::Monopolies,
    /// Action cards that joined the action deck this Act (the Believer's
    /// Faithful cards, once drawn into a hand: ARCS-F813); each chapter's
    /// deck has them (`flow/chapter.rs`).
    #[serde(default)]
    pub actions_added: CardSet,
    /// Action cards scrapped this Act (Spreading the Faith, ARCS-F803):
    /// out of every later deck.
    #[serde(default)]
    pub actions_scrapped: CardSet,
    /// The Believer's Faithful action card stack (F801A): the cards
    /// numbered 1 up to this one remain, the "1" at the bottom, the top
    /// card the highest (cards leave it only from the top).
    #[serde(default)]
    pub faithful_stack: u8,
    /// The Believer's Ideals and Doctrine (F820A). Not written while none
    /// is in play.
    #[serde(
        default,
        skip_serializing_if = "crate::cards::campaign::believer::Faith::is_none"
    )]
    pub faith: crate::cards::campaign::believer::Faith,
    /// Court cards scrapped for good (the Intermission scraps the Court
    /// discard pile, p28 B3): out of the campaign, kept for the count.
    #[serde(default, skip_serializing_if = "no_cards")]
    pub court_scrapped: List<CardId, 192>,
    /// The Fate cards the Intermission's step F draws from (the B or C
    /// Fates, shuffled; the last is drawn first). Hidden; empty outside
    /// an Intermission.
    #[serde(default, skip_serializing_if = "no_fate_cards")]
    pub fate_pool: List<CardId, 8>,
    /// The log sheet of the Acts played before this one (campaign rules
    /// p8 "log sheet"): each Act's end, oldest first.
    #[serde(default, skip_serializing_if = "no_past_acts")]
    pub past: List<PastAct, 2>,
    /// Each seat's Flagship board, if it has a Flagship (p22; the piece's
    /// system is `SystemState::flagships`). Kept from Act to Act (FS-06).
    #[serde(default, skip_serializing_if = "flagship::no_flagships")]
    pub flagships: [Option<flagship::FlagshipBoard>; MAX_SEATS],
    /// Proxy Free cities and starports in play (L1420: an empty supply
    /// uses proxies; gaining a Flagship frees buildings even then, A-16).
    /// A Free piece returning removes a proxy first.
    #[serde(default, skip_serializing_if = "no_proxies")]
    pub free_proxies: [u8; 2],
    /// The Steward's Act III: Govern with Authority and the Sponsored
    /// token (F122A, F123). Not written while not in play.
    #[serde(
        default,
        skip_serializing_if = "crate::cards::campaign::steward::act_three::Imperium::is_none"
    )]
    pub imperium: crate::cards::campaign::steward::act_three::Imperium,
    /// The Peacekeeper's Ceasefire tokens (F1507A, F1508): `None` until
    /// placed; then a bit per cluster (1 << (cluster - 1)) at Peace, the
    /// others at War. They cannot be removed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ceasefires: Option<u8>,
}

fn no_proxies(p: &[u8; 2]) -> bool {
    *p == [0, 0]
}

/// One finished Act on the campaign's log sheet: at its end, each seat's
/// Power, Fate, objective (met, or the marker's space) and Outrage.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct PastAct {
    pub act: u8,
    pub power: [i32; MAX_SEATS],
    pub fates: [Option<CardId>; MAX_SEATS],
    /// Objective markers at the Act's end (0 = met).
    pub objective: [u8; MAX_SEATS],
    /// Outraged resource types, a bit per type (Resource::index).
    pub outrage: [u8; MAX_SEATS],
}

impl PastAct {
    /// The log sheet's line for the Act that ended in `s`.
    pub fn of(s: &GameState) -> Option<PastAct> {
        let c = s.campaign()?;
        let mut p = PastAct {
            act: c.act,
            fates: c.fates,
            objective: c.objective,
            ..PastAct::default()
        };
        for x in s.seat_ids() {
            p.power[x.index()] = s.seat(x).power;
            p.outrage[x.index()] = s.seat(x).outrage;
        }
        Some(p)
    }
}

fn no_past_acts(l: &List<PastAct, 2>) -> bool {
    l.is_empty()
}

/// Serde: an empty Fate pool is not written.
fn no_fate_cards(l: &List<CardId, 8>) -> bool {
    l.is_empty()
}

/// Serde: an empty card list is not written.
fn no_cards(l: &List<CardId, 192>) -> bool {
    l.is_empty()
}

impl Campaign {
    /// A campaign at the start of Act `act`, before setup places anything.
    pub fn new(act: u8) -> Campaign {
        Campaign {
            act,
            outlaws: 0,
            first_regent: None,
            trust: [0; 5],
            imperial_supply: IMPERIAL_SHIPS,
            blight_supply: BLIGHT_TOKENS,
            free_cities: FREE_CITIES,
            free_starports: FREE_STARPORTS,
            council: Council::default(),
            policies: [Policy::War, Policy::Peace, Policy::Escalation],
            envoys_depart: false,
            booklet: List::new(),
            fates: [None; MAX_SEATS],
            fate_offer: [[None; 2]; MAX_SEATS],
            objective: [0; MAX_SEATS],
            favors: [[0; MAX_SEATS]; MAX_SEATS],
            events_played: 0,
            event_die: None,
            number_die: 0,
            forced_event: List::new(),
            forced_number: List::new(),
            crisis_court: List::new(),
            summit: summit::Summit::default(),
            secured_own_agents: 0,
            attached: [None; 6],
            stored: List::new(),
            golems: Default::default(),
            caretaker_grand: 0,
            commonwealth: Default::default(),
            sown: Default::default(),
            monopolies: Default::default(),
            actions_added: CardSet::default(),
            actions_scrapped: CardSet::default(),
            faithful_stack: 0,
            faith: Default::default(),
            court_scrapped: List::new(),
            fate_pool: List::new(),
            past: List::new(),
            flagships: [None; MAX_SEATS],
            free_proxies: [0; 2],
            imperium: Default::default(),
            ceasefires: None,
        }
    }
    pub fn is_outlaw(&self, seat: Seat) -> bool {
        self.outlaws & (1 << seat.0) != 0
    }
    pub fn is_regent(&self, seat: Seat) -> bool {
        !self.is_outlaw(seat)
    }
    /// The current Imperial Policy (top Govern card).
    pub fn policy(&self) -> Policy {
        self.policies[2]
    }
    /// Chapters in this Act (p8).
    pub fn chapters(&self) -> u8 {
        if self.act >= 3 {
            4
        } else {
            3
        }
    }
    pub fn trust_total(&self) -> u32 {
        self.trust.iter().map(|n| *n as u32).sum()
    }
}

/// Campaign cards whose rules are the engine's own (no `Behavior`): the
/// Imperial Council (AID01A/B), Guild Envoys Depart (AID02), the three
/// Govern the Imperial Reach cards (AID03–05), the Regent/Outlaw title
/// (AID06A/B), the Flagship Upgrades (AID10A/B), the Setup sides of implemented Fates' objective cards, and
/// the Fate cards of implemented Fates (a Fate card is its objective's
/// summary; its powers are its objective and its other cards).
pub fn rules_card_implemented(card: CardId) -> bool {
    const RULES: &[&str] = &[
        "ARCS-AID01A",
        "ARCS-AID01B",
        "ARCS-AID02",
        "ARCS-AID03",
        "ARCS-AID04",
        "ARCS-AID05",
        "ARCS-AID06A",
        "ARCS-AID06B",
        // Flagship Upgrades: the Flagship's rules (`flagship.rs`).
        "ARCS-AID10A",
        "ARCS-AID10B",
    ];
    RULES.contains(&card.code())
        || fates::setup_implemented(card)
        || fates::resolution_implemented(card)
        || fates::def(card).is_some()
}

/// Serde: a zero number is not written.
pub fn is_zero(n: &u8) -> bool {
    *n == 0
}

/// Pieces of the Empire, the Free States or the Blight go back to their
/// supplies (destroyed, or Trophies returned).
pub fn return_to_supply(s: &mut GameState, owner: Owner, kind: crate::state::TrophyKind, n: u8) {
    use crate::state::TrophyKind;
    let Some(c) = s.campaign_mut() else { return };
    match (owner, kind) {
        (Owner::Empire, _) => c.imperial_supply = c.imperial_supply.saturating_add(n),
        (Owner::Free, TrophyKind::Starport) => {
            let proxies = n.min(c.free_proxies[1]);
            c.free_proxies[1] -= proxies;
            c.free_starports = c.free_starports.saturating_add(n - proxies)
        }
        (Owner::Free, _) => {
            let proxies = n.min(c.free_proxies[0]);
            c.free_proxies[0] -= proxies;
            c.free_cities = c.free_cities.saturating_add(n - proxies)
        }
        (Owner::Blight, _) => c.blight_supply = c.blight_supply.saturating_add(n),
        (Owner::Seat(_), _) => {}
    }
}

impl GameState {
    /// The campaign's state, in a campaign game.
    #[inline]
    pub fn campaign(&self) -> Option<&Campaign> {
        self.campaign.as_ref()
    }
    #[inline]
    pub fn campaign_mut(&mut self) -> Option<&mut Campaign> {
        self.campaign.as_mut()
    }
    #[inline]
    pub fn is_campaign(&self) -> bool {
        self.campaign.is_some()
    }
    /// The seat is a Regent of the Empire (campaign p10); never in a base
    /// game.
    pub fn is_regent(&self, seat: Seat) -> bool {
        self.campaign().is_some_and(|c| c.is_regent(seat))
    }
    pub fn is_outlaw(&self, seat: Seat) -> bool {
        self.campaign().is_some_and(|c| c.is_outlaw(seat))
    }
    pub fn first_regent(&self) -> Option<Seat> {
        self.campaign().and_then(|c| c.first_regent)
    }
}

/// Prelude abilities of laws in the rules booklet, offered to every player
/// (F506 Golem Actions: "Prelude: You may spend your Awake Golems…"). A
/// named hook of `cards::prelude_choices`; `cards::run_prelude` runs them
/// as any card's Prelude.
pub fn booklet_preludes(s: &GameState, seat: Seat, out: &mut Vec<crate::choice::Choice>) {
    let Some(c) = s.campaign() else { return };
    for &card in &c.booklet {
        let Some(b) = crate::cards::behavior(card) else {
            continue;
        };
        for (n, p) in b.preludes.iter().enumerate() {
            if (p.possible)(s, seat) {
                out.push(crate::choice::Choice::Prelude { card, n: n as u8 });
            }
        }
    }
}

/// Resource slots of `seat` filled by tokens that are no resources (the
/// Caretaker's Golems, F505), a bit per slot: `actions::resources` leaves
/// them out of the open slots. Zero in base and Leaders & Lore games.
#[inline]
pub fn token_slots(s: &GameState, seat: Seat) -> u8 {
    match s.campaign() {
        Some(_) => crate::cards::campaign::caretaker::slot_mask(s, seat),
        None => 0,
    }
}
