//! The Believer, Acts II and III: the Ideals and the Doctrine. Act II: its
//! setup (F820A), its objective (F820B), Set Doctrine (F821), the Doctrine
//! card (F822A/B), Doctrinal Faith (F823), its Resolution (F824), Set Lay
//! Doctrine (F827) and Repressed Faith (F828). Act III: its setup (F829A),
//! grand ambitions (F829B), Dominant Faith (F830) and Breaking the Faith
//! (F831). Campaign rules p8–9; `reference/campaign.md` §2.8.
//!
//! **The Ideals** are five double-sided markers (Zeal / Wisdom) the
//! Believer collects in Act II ([`Faith::supply`]); the Faith laws put
//! them on ambition boxes ([`Faith::ideals`]) where they stay for the rest
//! of the campaign (F823 "The Ideals will remain in Act III"; the log
//! sheet carries them over the Intermission, F824/F829A).
//!
//! **The Doctrine** ([`Faith::doctrine`]) is the side every Faithful card
//! is played on while a Faith law is in the rules booklet, and the Ideal a
//! Faithful play places or must match when it declares:
//! [`declare_allowed`] and [`declared`], asked by the turn window through
//! `campaign::fates::SIDED_CARDS`.

use super::Effect;
use crate::campaign::fates::{add_to_court_deck, advance_objective, scrap, scrap_from_play};
use crate::cards::Behavior;
use crate::choice::Choice;
use crate::event::Sink;
use crate::ids::*;
use crate::log;
use crate::state::GameState;
use serde::{Deserialize, Serialize};

/// A side of an Ideal marker or of the Doctrine card.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Ideal {
    Zeal,
    Wisdom,
}

impl Ideal {
    pub fn name(self) -> &'static str {
        match self {
            Ideal::Zeal => "Zeal",
            Ideal::Wisdom => "Wisdom",
        }
    }
    pub fn parse(s: &str) -> Option<Ideal> {
        [Ideal::Zeal, Ideal::Wisdom]
            .into_iter()
            .find(|i| i.name().eq_ignore_ascii_case(s))
    }
    /// The face of a Faithful card played on this side.
    pub fn face(self, c: ActionCard) -> ActionCard {
        match self {
            Ideal::Zeal => c.zeal(),
            Ideal::Wisdom => c.wisdom(),
        }
    }
    /// The side a Faithful face is played on.
    pub fn of_face(c: ActionCard) -> Option<Ideal> {
        match c.suit() {
            Suit::Zeal => Some(Ideal::Zeal),
            Suit::Wisdom => Some(Ideal::Wisdom),
            _ => None,
        }
    }
    /// The Doctrine card's side showing this Ideal (F822A, F822B).
    pub fn doctrine_card(self) -> CardId {
        match self {
            Ideal::Zeal => crate::card_id!("ARCS-F822A"),
            Ideal::Wisdom => crate::card_id!("ARCS-F822B"),
        }
    }
}

/// The Believer's Ideals and Doctrine (F820A). Kept over the Intermissions
/// (the log sheet, F824, F829A).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Faith {
    /// The Ideal marker in each ambition box (by `Ambition::index`).
    pub ideals: [Option<Ideal>; 5],
    /// Ideal markers the Believer has collected and not placed (nor
    /// scrapped).
    pub supply: u8,
    /// The Doctrine card's side, once it is in play.
    pub doctrine: Option<Ideal>,
}

impl Faith {
    /// Serde: nothing of the Faith in play.
    pub fn is_none(&self) -> bool {
        *self == Faith::default()
    }
    /// Ideal markers on ambition boxes.
    pub fn placed(&self) -> u8 {
        self.ideals.iter().flatten().count() as u8
    }
    /// The Ideal with more markers on ambition boxes; Wisdom on a tie
    /// (F822A/B, F829A).
    pub fn majority(&self) -> Ideal {
        let zeal = self
            .ideals
            .iter()
            .filter(|i| **i == Some(Ideal::Zeal))
            .count();
        let wisdom = self
            .ideals
            .iter()
            .filter(|i| **i == Some(Ideal::Wisdom))
            .count();
        if zeal > wisdom {
            Ideal::Zeal
        } else {
            Ideal::Wisdom
        }
    }
}

/// The number of Ideal markers (F820A).
pub const IDEALS: u8 = 5;

const SET_DOCTRINE: &str = "ARCS-F821";
const DOCTRINAL_FAITH: &str = "ARCS-F823";
const SET_LAY_DOCTRINE: &str = "ARCS-F827";
const REPRESSED_FAITH: &str = "ARCS-F828";
const DOMINANT_FAITH: &str = "ARCS-F830";
const BREAKING_THE_FAITH: &str = "ARCS-F831";
const PLURALISTIC_FAITH: &str = "ARCS-F814";

fn id(code: &str) -> CardId {
    CardId::parse(code).expect("a Believer card")
}

fn faith(s: &GameState) -> Faith {
    s.campaign().map(|c| c.faith).unwrap_or_default()
}

fn faith_mut(s: &mut GameState) -> Option<&mut Faith> {
    s.campaign_mut().map(|c| &mut c.faith)
}

fn in_booklet(s: &GameState, code: &str) -> bool {
    s.campaign()
        .is_some_and(|c| c.booklet.iter().any(|b| b.code() == code))
}

fn add_law(s: &mut GameState, code: &str) {
    if let Some(c) = s.campaign_mut() {
        let card = id(code);
        if !c.booklet.contains(&card) {
            let _ = c.booklet.try_push(card);
        }
    }
}

/// The Faith laws in the rules booklet.
#[derive(Copy, Clone, Default)]
struct Laws {
    /// Doctrinal Faith (F823), or a law that follows its rules (Repressed
    /// Faith F828, Dominant Faith F830): Faithful cards on the Doctrine's
    /// side; a Faithful play cannot declare an ambition with the other
    /// Ideal, and places the Doctrine's Ideal on an empty box.
    doctrinal: bool,
    /// Repressed Faith (F828): a Faithful play cannot declare an ambition
    /// without an Ideal.
    repressed: bool,
    /// Dominant Faith (F830): a non-Faithful play cannot declare an
    /// ambition with an Ideal.
    dominant: bool,
}

fn laws(s: &GameState) -> Laws {
    let Some(c) = s.campaign() else {
        return Laws::default();
    };
    let mut l = Laws::default();
    for b in c.booklet.iter() {
        match b.code() {
            DOCTRINAL_FAITH => l.doctrinal = true,
            REPRESSED_FAITH => {
                l.doctrinal = true;
                l.repressed = true;
            }
            DOMINANT_FAITH => {
                l.doctrinal = true;
                l.dominant = true;
            }
            _ => {}
        }
    }
    l
}

/// The side Faithful cards must be played on now: the Doctrine's, while a
/// Faith law is in the rules booklet (F823, F828, F830).
pub fn required_side(s: &GameState) -> Option<Ideal> {
    let d = faith(s).doctrine?;
    laws(s).doctrinal.then_some(d)
}

/// Whether the Faith laws let any Faithful card lead declare (F823, F828,
/// F830 replace Pluralistic Faith and keep leading a Faithful card able to
/// declare; docs/rulings.md R-CAMP-F823).
pub fn faith_law_in_booklet(s: &GameState) -> bool {
    laws(s).doctrinal
}

/// What the seat played this turn (docs/rulings.md R-CAMP-F823).
#[derive(Copy, Clone, PartialEq, Eq)]
enum Played {
    /// Nothing yet, or not its turn.
    Nothing,
    /// A Faithful card face up (led, Surpassed or Pivoted with): "play a
    /// Faithful action card".
    Faithful,
    /// A Faithful card face down (a Copy): played as no Faithful card,
    /// and still no "non-Faithful card" (its back shows it is Faithful).
    FaithfulFaceDown,
    /// Any other card: "a non-Faithful card".
    Other,
}

fn played(s: &GameState, seat: Seat) -> Played {
    if s.turn.seat != seat {
        return Played::Nothing;
    }
    match s.round.plays[seat.index()] {
        None => Played::Nothing,
        Some(p) if !p.card.is_faithful() => Played::Other,
        Some(p) if p.face_up() => Played::Faithful,
        Some(_) => Played::FaithfulFaceDown,
    }
}

/// Whether the Faith laws let `seat` declare `a` now (F823, F828, F830).
pub fn declare_allowed(s: &GameState, seat: Seat, a: Ambition) -> bool {
    let f = faith(s);
    let Some(doctrine) = f.doctrine else {
        return true;
    };
    let l = laws(s);
    if !l.doctrinal {
        return true;
    }
    let ideal = f.ideals[a.index()];
    match played(s, seat) {
        Played::Faithful => match ideal {
            Some(i) => i == doctrine,
            None => !l.repressed,
        },
        Played::Other => !(l.dominant && ideal.is_some()),
        Played::FaithfulFaceDown | Played::Nothing => true,
    }
}

/// After `seat` declared `a`: a Faithful play places an Ideal marker
/// showing the Doctrine in an ambition box without one (F823, F830), from
/// the Believer's collected markers; with none left, none is placed.
pub fn declared(s: &mut GameState, seat: Seat, a: Ambition, ev: &mut dyn Sink) {
    let f = faith(s);
    let Some(doctrine) = f.doctrine else { return };
    let l = laws(s);
    if !l.doctrinal || played(s, seat) != Played::Faithful || f.ideals[a.index()].is_some() {
        return;
    }
    if f.supply == 0 {
        log!(
            ev,
            "ideal",
            Some(seat),
            "No Ideal marker is left to place on {a}."
        );
        return;
    }
    if let Some(f) = faith_mut(s) {
        f.supply -= 1;
        f.ideals[a.index()] = Some(doctrine);
    }
    log!(
        ev,
        "ideal",
        Some(seat),
        "{seat} declared {a} with a Faithful card: an Ideal marker showing {} goes in its box.",
        doctrine.name()
    );
}

/// The Doctrine card's own setup clause (F822A/B): in Act III setup it
/// starts on the side of the Ideal with more markers on ambition boxes,
/// Wisdom on a tie. Asked at every Act III setup while the card is in
/// play, whoever plays the Believer (F829A step 3 says the same).
pub fn act_setup(s: &mut GameState, ev: &mut dyn Sink) {
    let act = s.campaign().map_or(0, |c| c.act);
    let f = faith(s);
    if act != 3 || f.doctrine.is_none() {
        return;
    }
    let side = doctrine_from_majority(s);
    log!(
        ev,
        "setup",
        None,
        "The Doctrine card shows {}: the Ideal with more markers on ambition boxes (Wisdom on a \
         tie).",
        side.name()
    );
}

/// Act III: the Doctrine card turns to the Ideal with more markers on
/// ambition boxes (Wisdom on a tie); returns that side.
fn doctrine_from_majority(s: &mut GameState) -> Ideal {
    let side = faith(s).majority();
    if let Some(f) = faith_mut(s) {
        f.doctrine = Some(side);
    }
    side
}

// ------------------------------------------------------------ Act II

/// F820A: collect the 5 Ideal markers; Set Doctrine joins the rules
/// booklet; the Doctrine card shows Zeal if the Believer has the
/// initiative, else Wisdom; Pluralistic Faith is scrapped and Doctrinal
/// Faith added.
pub(super) fn setup_act_two(s: &mut GameState, seat: Seat, ev: &mut dyn Sink) {
    let side = if s.initiative == seat {
        Ideal::Zeal
    } else {
        Ideal::Wisdom
    };
    if let Some(f) = faith_mut(s) {
        *f = Faith {
            ideals: [None; 5],
            supply: IDEALS,
            doctrine: Some(side),
        };
    }
    add_law(s, SET_DOCTRINE);
    if let Some(c) = s.campaign_mut() {
        c.booklet.retain(|b| b.code() != PLURALISTIC_FAITH);
    }
    scrap(s, &[id(PLURALISTIC_FAITH)]);
    add_law(s, DOCTRINAL_FAITH);
    log!(
        ev,
        "setup",
        Some(seat),
        "{seat} collects the 5 Ideal markers. Set Doctrine joins the rules booklet; the Doctrine \
         card shows {}. Pluralistic Faith is scrapped and Doctrinal Faith joins the rules \
         booklet: Faithful cards are played on the Doctrine's side, and a player who plays one \
         and declares an ambition places an Ideal showing the Doctrine in its box if it has \
         none, and cannot declare an ambition whose Ideal differs from the Doctrine.",
        side.name()
    );
}

/// F820B *Develop the Ideals of your Faith*: each time the Believer wins
/// an ambition with an Ideal marker, advance 1 for each Power it gains
/// from it, the city bonus included.
pub(super) fn objective_act_two(
    s: &mut GameState,
    me: Seat,
    a: Ambition,
    power: i32,
    ev: &mut dyn Sink,
) {
    if faith(s).ideals[a.index()].is_none() || power <= 0 {
        return;
    }
    log!(
        ev,
        "objective",
        Some(me),
        "Develop the Ideals of your Faith: {me} wins {a}, which has an Ideal, gaining {power} \
         Power."
    );
    advance_objective(s, me, power.min(u8::MAX as i32) as u8, ev);
}

/// The seat holding The Young Light or The Prophet (F821).
fn light_holder(s: &GameState) -> Option<Seat> {
    let lights = [id(super::light::YOUNG_LIGHT), id(super::light::PROPHET)];
    s.turn_order()
        .find(|x| s.seat(*x).guild().iter().any(|c| lights.contains(c)))
}

/// F821 Set Doctrine (Edict 90): the holder of The Young Light or The
/// Prophet may flip the Doctrine.
pub static SET_DOCTRINE_EDICT: Behavior = Behavior {
    code: SET_DOCTRINE,
    edict: Some(|s, card, ev| {
        if faith(s).doctrine.is_none() {
            return;
        }
        match light_holder(s) {
            Some(seat) => s.push(Effect::SetDoctrine { seat, card }.into()),
            None => log!(
                ev,
                "edict",
                None,
                "Set Doctrine: nobody holds The Young Light or The Prophet; the Doctrine stays."
            ),
        }
    }),
    ..Behavior::NONE
};

/// A card whose rules this module carries (no hook of its own).
const fn rules_here(code: &'static str) -> Behavior {
    Behavior {
        code,
        ..Behavior::NONE
    }
}

/// F822A / F822B, the Doctrine card's two sides: the Faith laws carry
/// their rules ([`required_side`], [`declare_allowed`], [`declared`]),
/// their Act III setup clause is [`act_setup`].
pub static DOCTRINE_OF_ZEAL: Behavior = rules_here("ARCS-F822A");
pub static DOCTRINE_OF_WISDOM: Behavior = rules_here("ARCS-F822B");

/// F823 Doctrinal Faith (a law): see [`Laws::doctrinal`].
pub static DOCTRINAL_FAITH_LAW: Behavior = rules_here(DOCTRINAL_FAITH);

/// F828 Repressed Faith (a law): see [`Laws::repressed`].
pub static REPRESSED_FAITH_LAW: Behavior = rules_here(REPRESSED_FAITH);

/// F827 Set Lay Doctrine (Edict 90): every player reveals the Faithful
/// cards in their hand; the one who reveals the highest number may flip
/// the Doctrine.
pub static SET_LAY_DOCTRINE_EDICT: Behavior = Behavior {
    code: SET_LAY_DOCTRINE,
    edict: Some(|s, card, ev| {
        if faith(s).doctrine.is_none() {
            return;
        }
        let mut best: Option<(u8, Seat)> = None;
        let mut any = false;
        for x in s.turn_order().collect::<Vec<_>>() {
            let cards: Vec<ActionCard> =
                s.seat(x).hand.iter().filter(|c| c.is_faithful()).collect();
            if cards.is_empty() {
                continue;
            }
            any = true;
            let names: Vec<String> = cards
                .iter()
                .map(|c| format!("Faithful {}", c.number()))
                .collect();
            log!(
                ev,
                "reveal",
                Some(x),
                "Set Lay Doctrine: {x} reveals {}.",
                super::and_list(&names)
            );
            for c in cards {
                if best.is_none_or(|(n, _)| c.number() > n) {
                    best = Some((c.number(), x));
                }
            }
        }
        if any {
            s.disclose();
        }
        match best {
            Some((_, seat)) => s.push(Effect::SetDoctrine { seat, card }.into()),
            None => log!(
                ev,
                "edict",
                None,
                "Set Lay Doctrine: nobody reveals a Faithful card; the Doctrine stays."
            ),
        }
    }),
    ..Behavior::NONE
};

/// Flips the Doctrine to `side` (F821, F827), or keeps it.
pub(super) fn set_doctrine(
    s: &mut GameState,
    seat: Seat,
    card: CardId,
    side: Ideal,
    ev: &mut dyn Sink,
) {
    let before = faith(s).doctrine;
    if let Some(f) = faith_mut(s) {
        f.doctrine = Some(side);
    }
    if before == Some(side) {
        log!(
            ev,
            "doctrine",
            Some(seat),
            "{}: {seat} keeps the Doctrine of {}.",
            card.name(),
            side.name()
        );
    } else {
        log!(
            ev,
            "doctrine",
            Some(seat),
            "{}: {seat} flips the Doctrine card to {}.",
            card.name(),
            side.name()
        );
    }
}

/// The choices of a Doctrine flip: the two sides, the current one first.
pub(super) fn doctrine_choices(s: &GameState, out: &mut Vec<Choice>) {
    let now = faith(s).doctrine.unwrap_or(Ideal::Wisdom);
    let other = if now == Ideal::Zeal {
        Ideal::Wisdom
    } else {
        Ideal::Zeal
    };
    out.push(Choice::Card(now.doctrine_card()));
    out.push(Choice::Card(other.doctrine_card()));
}

/// F824. "Record all Ideals on your log sheet" (they stay in the campaign
/// state). Completed: with The Young Light, scrap it and gain The Prophet,
/// else scrap The Prophet; scrap Secret Order (F826), Set Lay Doctrine and
/// Repressed Faith. Failed: scrap the Ideal markers not on ambitions and
/// The Prophet; Secret Order to the Court deck; Set Doctrine and
/// Doctrinal Faith leave the rules booklet for Set Lay Doctrine and
/// Repressed Faith.
pub(super) fn resolve_act_two(s: &mut GameState, seat: Seat, done: bool, ev: &mut dyn Sink) {
    let f = faith(s);
    let recorded: Vec<String> = Ambition::ALL
        .into_iter()
        .filter_map(|a| f.ideals[a.index()].map(|i| format!("{} on {a}", i.name())))
        .collect();
    log!(
        ev,
        "intermission",
        Some(seat),
        "The Believer records the Ideals on the log sheet: {}.",
        if recorded.is_empty() {
            "none".to_string()
        } else {
            super::and_list(&recorded)
        }
    );
    let young = id(super::light::YOUNG_LIGHT);
    let prophet = id(super::light::PROPHET);
    let order = id(super::light::SECRET_ORDER_2);
    if done {
        let has_light = s.seat(seat).guild().contains(&young);
        if has_light {
            scrap_from_play(s, young);
            s.seat_mut(seat).add_guild(prophet);
        } else {
            scrap(s, &[prophet]);
        }
        scrap(s, &[order, id(SET_LAY_DOCTRINE), id(REPRESSED_FAITH)]);
        log!(
            ev,
            "intermission",
            Some(seat),
            "The Believer's Act II Resolution, objective completed: {} Secret Order, Set Lay \
             Doctrine and Repressed Faith are scrapped.",
            if has_light {
                format!("{seat} scraps The Young Light and gains The Prophet;")
            } else {
                "The Prophet is scrapped;".to_string()
            }
        );
    } else {
        let unplaced = f.supply;
        if let Some(f) = faith_mut(s) {
            f.supply = 0;
        }
        scrap(s, &[prophet]);
        add_to_court_deck(s, &[order]);
        for law in [SET_DOCTRINE, DOCTRINAL_FAITH] {
            scrap_from_play(s, id(law));
        }
        add_law(s, SET_LAY_DOCTRINE);
        add_law(s, REPRESSED_FAITH);
        log!(
            ev,
            "intermission",
            Some(seat),
            "The Believer's Act II Resolution, objective failed: {} The Prophet is scrapped; \
             Secret Order joins the Court deck; Set Doctrine and Doctrinal Faith leave the rules \
             booklet for Set Lay Doctrine and Repressed Faith: players reveal their Faithful \
             cards at that Edict and the highest may flip the Doctrine, and a player who plays a \
             Faithful card cannot declare an ambition without an Ideal.",
            match unplaced {
                0 => "no Ideal marker is off the ambitions;".to_string(),
                1 => "the 1 Ideal marker not on an ambition is scrapped;".to_string(),
                n => format!("the {n} Ideal markers not on ambitions are scrapped;"),
            }
        );
    }
}

// ------------------------------------------------------------ Act III

/// F829A: Dominant Faith is tucked in front of Doctrinal Faith; Breaking
/// the Faith joins the rules booklet; the Doctrine shows the Ideal with
/// more markers (Wisdom on a tie); the recorded Ideals are back on their
/// ambition boxes (kept in the campaign state over the Intermission).
pub(super) fn setup_act_three(s: &mut GameState, seat: Seat, ev: &mut dyn Sink) {
    add_law(s, DOMINANT_FAITH);
    add_law(s, BREAKING_THE_FAITH);
    let side = doctrine_from_majority(s);
    let f = faith(s);
    log!(
        ev,
        "setup",
        Some(seat),
        "Dominant Faith joins the rules booklet in front of the Faith law: a player who plays a \
         card that is not Faithful cannot declare an ambition with an Ideal that turn. Breaking \
         the Faith joins the rules booklet. The Doctrine shows {}; the {} Ideal markers recorded \
         on the log sheet are back on their ambition boxes.",
        side.name(),
        f.placed()
    );
}

/// F829B *Guide the Flock* (Act III grand ambitions): (a) two ambition
/// markers are on ambitions with Ideals; (b) all three are. Markers are
/// counted, not ambitions.
pub(super) fn grand_ambitions(s: &GameState, _seat: Seat) -> u8 {
    let f = faith(s);
    let n = s
        .markers
        .iter()
        .filter(|m| m.at.is_some_and(|a| f.ideals[a.index()].is_some()))
        .count();
    (n >= 2) as u8 + (n >= 3) as u8
}

/// F830 Dominant Faith (a law): see [`Laws::dominant`].
pub static DOMINANT_FAITH_LAW: Behavior = rules_here(DOMINANT_FAITH);

/// F831 Breaking the Faith (a law): see [`city_destroyed`].
pub static BREAKING_THE_FAITH_LAW: Behavior = rules_here(BREAKING_THE_FAITH);

/// Ambitions whose Ideal Breaking the Faith may remove: no ambition marker
/// in their box.
pub(super) fn breakable(s: &GameState) -> impl Iterator<Item = Ambition> + '_ {
    let f = faith(s);
    Ambition::ALL.into_iter().filter(move |a| {
        f.ideals[a.index()].is_some() && !s.markers.iter().any(|m| m.at == Some(*a))
    })
}

/// F831: a Rival of the Believer `me` destroyed a Loyal city of the
/// Believer: the destroyer may remove 1 Ideal from an undeclared ambition.
pub(super) fn city_destroyed(s: &mut GameState, me: Seat, by: Seat, owner: Seat) {
    if owner != me || by == me || !in_booklet(s, BREAKING_THE_FAITH) {
        return;
    }
    if breakable(s).next().is_some() {
        s.push(
            Effect::BreakFaith {
                seat: by,
                card: id(BREAKING_THE_FAITH),
            }
            .into(),
        );
    }
}

/// Breaking the Faith: the Ideal on `a` returns to the Believer's
/// collected markers (removed, not scrapped: docs/rulings.md
/// R-CAMP-F831).
pub(super) fn break_faith(s: &mut GameState, seat: Seat, a: Ambition, ev: &mut dyn Sink) {
    let Some(f) = faith_mut(s) else { return };
    let Some(i) = f.ideals[a.index()].take() else {
        return;
    };
    f.supply = (f.supply + 1).min(IDEALS);
    log!(
        ev,
        "ideal",
        Some(seat),
        "Breaking the Faith: {seat} removes the {} Ideal from {a}.",
        i.name()
    );
}

/// Leaving the Believer at an Intermission: the Ideal markers are off the
/// map then (recorded on the log sheet, F824) and go with the rest of the
/// Fate Set; the Doctrine card and the laws in the rules booklet are in
/// play and stay (docs/rulings.md R-CAMP-BELIEVER-LEAVE).
pub(super) fn leave(s: &mut GameState) {
    if let Some(f) = faith_mut(s) {
        f.ideals = [None; 5];
        f.supply = 0;
    }
}

// ------------------------------------------------------------ scenarios

/// Scenario setup `faith ideal AMBITION zeal|wisdom|none`, `faith supply
/// N`, `faith doctrine zeal|wisdom|none`.
pub fn scenario_setup(s: &mut GameState, w: &[String]) -> Result<(), String> {
    let f = faith_mut(s).ok_or("faith needs a campaign")?;
    match (w.first().map(|x| x.as_str()), w.get(1), w.get(2)) {
        (Some("ideal"), Some(a), Some(side)) => {
            let a = Ambition::parse(a).ok_or("unknown ambition")?;
            f.ideals[a.index()] = side_or_none(side)?;
        }
        (Some("supply"), Some(n), None) => {
            let n: u8 = n.parse().map_err(|_| "faith supply 0..5")?;
            if n > IDEALS {
                return Err("faith supply 0..5".into());
            }
            f.supply = n;
        }
        (Some("doctrine"), Some(side), None) => f.doctrine = side_or_none(side)?,
        _ => return Err("faith ideal AMBITION zeal|wisdom|none | faith supply N | faith doctrine zeal|wisdom|none".into()),
    }
    if f.supply + f.placed() > IDEALS {
        return Err("more than 5 Ideal markers".into());
    }
    Ok(())
}

fn side_or_none(w: &str) -> Result<Option<Ideal>, String> {
    if w == "none" {
        return Ok(None);
    }
    Ideal::parse(w)
        .map(Some)
        .ok_or_else(|| format!("zeal, wisdom or none, not {w:?}"))
}

/// Scenario expectation, the same words as [`scenario_setup`].
pub fn scenario_expect(s: &GameState, w: &[String]) -> Result<(), String> {
    let f = faith(s);
    let show = |i: Option<Ideal>| i.map_or("none", |i| i.name()).to_lowercase();
    let (what, got, want) = match (w.first().map(|x| x.as_str()), w.get(1), w.get(2)) {
        (Some("ideal"), Some(a), Some(side)) => {
            let a = Ambition::parse(a).ok_or("unknown ambition")?;
            (
                format!("the Ideal on {a}"),
                show(f.ideals[a.index()]),
                side.to_lowercase(),
            )
        }
        (Some("supply"), Some(n), None) => (
            "Ideal markers collected".to_string(),
            f.supply.to_string(),
            n.clone(),
        ),
        (Some("doctrine"), Some(side), None) => (
            "the Doctrine".to_string(),
            show(f.doctrine),
            side.to_lowercase(),
        ),
        _ => return Err("faith ideal AMBITION SIDE | faith supply N | faith doctrine SIDE".into()),
    };
    if got == want {
        Ok(())
    } else {
        Err(format!("{what}: expected {want}, got {got}"))
    }
}

/// The Ideals and the Doctrine as everyone sees them (all public).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct FaithView {
    /// The Ideal marker on each ambition box that has one.
    pub ideals: Vec<(Ambition, Ideal)>,
    /// Ideal markers the Believer has collected and not placed.
    pub supply: u8,
    /// The Doctrine card's side, once it is in play.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub doctrine: Option<Ideal>,
}

/// The Faith's view, absent while none of it is in play.
pub fn view(s: &GameState) -> Option<FaithView> {
    let f = faith(s);
    (!f.is_none()).then(|| FaithView {
        ideals: Ambition::ALL
            .into_iter()
            .filter_map(|a| f.ideals[a.index()].map(|i| (a, i)))
            .collect(),
        supply: f.supply,
        doctrine: f.doctrine,
    })
}
