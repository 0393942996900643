//! The Believer (Fate Set 8, an "A" Fate), Act I: its setup (F801A), its
//! objective (F801B), Faithful Disciples (F802), Spreading the Faith
//! (F803), the nine Faithful action cards (F804–F812) and the two laws
//! they bring into the rules booklet, Faithful Cards (F813) and
//! Pluralistic Faith (F814). Campaign rules p8, p27; `reference/
//! campaign.md` §2.8; `reference/components.md` §11.
//!
//! **Faithful action cards** are a suit of their own (`ids::Suit::
//! Faithful`), numbered 1..9 (`ActionCard::faithful`; F804 is the "1" …
//! F812 the "9", docs/rulings.md R-CAMP-BELIEVER-CARDS). A card is played
//! on one side, chosen with the play: the choice names the card's face,
//! `ActionCard::zeal` (move, influence, battle or tax) or
//! `ActionCard::wisdom` (build, repair or secure); [`play_choices`] lists
//! them (R-CAMP-BELIEVER-FOLLOW). Before they join the action deck the
//! cards wait in their stack (`Campaign::faithful_stack`, the "9" on top)
//! and, attached by Teach, on Court cards as Court cards of their own
//! (their catalog ids `ARCS-F804`..); securing one draws it into the
//! securer's hand (`on_secured`), from when it is an action card of the
//! deck (`Campaign::actions_added`).
//!
//! Both Secret Order cards (F819, F826) reprint the base Secret Order
//! (BC18; `cards/campaign/mod.rs` REPRINTS). The Act I Resolution and the
//! cards it brings are in [`light`]; the Ideals, the Doctrine and the
//! other cards of Acts II and III in [`doctrine`].

use crate::campaign::fates::{advance_objective, FateDef, FateEvent};
use crate::cards::frame::Procedure;
use crate::cards::{Behavior, NewAction};
use crate::choice::Choice;
use crate::describe::Describer;
use crate::event::Sink;
use crate::ids::*;
use crate::log;
use crate::state::GameState;
use serde::{Deserialize, Serialize};

pub mod doctrine;
pub mod light;
pub use doctrine::{Faith, Ideal};

/// The Believer's cards with behaviour.
pub static CARDS: &[&Behavior] = &[
    &FAITHFUL_DISCIPLES,
    &SPREADING_THE_FAITH,
    &FAITHFUL_1,
    &FAITHFUL_2,
    &FAITHFUL_3,
    &FAITHFUL_4,
    &FAITHFUL_5,
    &FAITHFUL_6,
    &FAITHFUL_7,
    &FAITHFUL_8,
    &FAITHFUL_9,
    &FAITHFUL_CARDS,
    &PLURALISTIC_FAITH,
    &light::THE_YOUNG_LIGHT,
    &light::PLOT_TO_KIDNAP_CARD,
    &light::THE_PRODIGAL_ONE,
    &doctrine::SET_DOCTRINE_EDICT,
    &doctrine::DOCTRINE_OF_ZEAL,
    &doctrine::DOCTRINE_OF_WISDOM,
    &doctrine::DOCTRINAL_FAITH_LAW,
    &light::THE_PROPHET,
    &doctrine::SET_LAY_DOCTRINE_EDICT,
    &doctrine::REPRESSED_FAITH_LAW,
    &doctrine::DOMINANT_FAITH_LAW,
    &doctrine::BREAKING_THE_FAITH_LAW,
];

/// The Fate.
pub static FATE: FateDef = FateDef {
    number: 8,
    card: "ARCS-FATE08",
    setup: [
        Some(setup_act_one),
        Some(doctrine::setup_act_two),
        Some(doctrine::setup_act_three),
    ],
    resolution: Some(resolution),
    resolutions: ["ARCS-F815", "ARCS-F824"],
    on: Some(objective),
    grand: Some(doctrine::grand_ambitions),
    final_objective: false,
    leave: Some(leave),
};

/// What the objective advances when the Faithful stack is empty (F801B).
const EMPTY_STACK_ADVANCE: u8 = 10;

/// The catalog card of the Faithful action card numbered `n` (1..=9):
/// F804 is the "1" (R-CAMP-BELIEVER-CARDS).
pub fn faithful_card_id(n: u8) -> CardId {
    faithful_cards()[n.clamp(1, ActionCard::FAITHFUL) as usize - 1]
}

/// The nine Faithful cards' catalog ids, the "1" first (resolved once).
fn faithful_cards() -> [CardId; 9] {
    [
        crate::card_id!("ARCS-F804"),
        crate::card_id!("ARCS-F805"),
        crate::card_id!("ARCS-F806"),
        crate::card_id!("ARCS-F807"),
        crate::card_id!("ARCS-F808"),
        crate::card_id!("ARCS-F809"),
        crate::card_id!("ARCS-F810"),
        crate::card_id!("ARCS-F811"),
        crate::card_id!("ARCS-F812"),
    ]
}

/// The Faithful action card a catalog card (`ARCS-F804`..`ARCS-F812`) is.
pub fn faithful_action(c: CardId) -> Option<ActionCard> {
    let i = faithful_cards().iter().position(|x| *x == c)?;
    Some(ActionCard::faithful(i as u8 + 1))
}

/// F801A: gain Faithful Disciples and Spreading the Faith; stack the nine
/// Faithful cards, the "1" at the bottom and the "9" on top; Faithful
/// Cards and Pluralistic Faith join the rules booklet.
fn setup_act_one(s: &mut GameState, seat: Seat, ev: &mut dyn Sink) {
    s.seat_mut(seat).add_guild(crate::card_id!("ARCS-F802"));
    s.seat_mut(seat).add_ability(crate::card_id!("ARCS-F803"));
    if let Some(c) = s.campaign_mut() {
        c.faithful_stack = ActionCard::FAITHFUL;
        for law in [crate::card_id!("ARCS-F813"), crate::card_id!("ARCS-F814")] {
            if !c.booklet.contains(&law) {
                let _ = c.booklet.try_push(law);
            }
        }
    }
    log!(
        ev,
        "setup",
        Some(seat),
        "{seat} gains Faithful Disciples and Spreading the Faith and stacks the nine Faithful \
         action cards, the 9 on top; Faithful Cards and Pluralistic Faith join the rules booklet."
    );
}

/// Leaving the Believer (p29 "scrap the rest of your Fate Set that is not
/// in play"): the Faithful cards still in the stack are scrapped; those in
/// the action deck, a hand or the Court are in play and stay
/// (R-CAMP-FATE-SWITCH).
fn leave(s: &mut GameState, seat: Seat, ev: &mut dyn Sink) {
    doctrine::leave(s);
    let Some(c) = s.campaign_mut() else { return };
    let n = std::mem::take(&mut c.faithful_stack);
    for k in 1..=n {
        let card = ActionCard::faithful(k);
        c.actions_added.insert(card);
        c.actions_scrapped.insert(card);
    }
    if n > 0 {
        log!(
            ev,
            "fate",
            Some(seat),
            "The {} left in {seat}'s stack {} scrapped with the rest of the Believer's Fate Set.",
            crate::describe::count_of(n as u8, "Faithful action card", "Faithful action cards"),
            if n == 1 { "is" } else { "are" }
        );
    }
}

/// The top card of the Faithful stack, if any.
pub fn stack_top(s: &GameState) -> Option<ActionCard> {
    let n = s.campaign()?.faithful_stack;
    (n > 0).then(|| ActionCard::faithful(n))
}

/// The Believer's Resolution card for the Act that ended (the
/// Intermission's step A, p28).
fn resolution(s: &mut GameState, seat: Seat, act: u8, done: bool, ev: &mut dyn Sink) {
    if act == 1 {
        light::resolve_act_one(s, seat, done, ev);
    } else {
        doctrine::resolve_act_two(s, seat, done, ev);
    }
}

/// What the Believer's Fate counts: each Act's objective (F801B, F820B)
/// and, while Breaking the Faith is a law, the Believer's cities a Rival
/// destroys (F831).
fn objective(s: &mut GameState, me: Seat, e: &FateEvent, ev: &mut dyn Sink) {
    let act = s.campaign().map_or(1, |c| c.act);
    match *e {
        FateEvent::AmbitionWon {
            seat,
            ambition,
            power,
        } if seat == me && s.campaign().is_some_and(|c| c.objective[me.index()] != 0) => {
            match act {
                1 => objective_act_one(s, me, ambition, ev),
                2 => doctrine::objective_act_two(s, me, ambition, power, ev),
                _ => {}
            }
        }
        FateEvent::CityDestroyed { by, owner } => doctrine::city_destroyed(s, me, by, owner),
        _ => {}
    }
}

/// "a, b and c".
pub(crate) fn and_list(v: &[String]) -> String {
    match v {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
    }
}

/// F801B *Spread the Good Word*: each time the Believer wins an ambition,
/// advance 1 for each action pip on the top card of the Faithful stack,
/// or 10 if the stack is empty (R-CAMP-BELIEVER-OBJECTIVE).
fn objective_act_one(s: &mut GameState, me: Seat, ambition: Ambition, ev: &mut dyn Sink) {
    let n = match stack_top(s) {
        Some(top) => {
            log!(
                ev,
                "objective",
                Some(me),
                "Spread the Good Word: {me} wins {ambition}; the top card of the Faithful stack, \
                 Faithful {}, has {} pips.",
                top.number(),
                top.pips()
            );
            top.pips()
        }
        None => {
            log!(
                ev,
                "objective",
                Some(me),
                "Spread the Good Word: {me} wins {ambition} and the Faithful stack is empty."
            );
            EMPTY_STACK_ADVANCE
        }
    };
    advance_objective(s, me, n, ev);
}

/// F802 Faithful Disciples (Guild, Relic): "If you play a Faithful action
/// card and declare an ambition you're winning, gain one more action
/// pip." The card played face up this turn (led, surpassed or pivoted
/// with; a face-down Copy is not played as a Faithful card), and sole
/// first place in the declared ambition once declared
/// (R-CAMP-BELIEVER-DISCIPLES).
pub static FAITHFUL_DISCIPLES: Behavior = Behavior {
    code: "ARCS-F802",
    on_declare: Some(|s, seat, a, ev| {
        let played =
            s.round.plays[seat.index()].is_some_and(|p| p.face_up() && p.card.is_faithful());
        if !played || s.turn.seat != seat || crate::flow::rank(s, a).0 != Some(Some(seat)) {
            return;
        }
        s.turn.pips_left = s.turn.pips_left.saturating_add(1);
        log!(
            ev,
            "pips",
            Some(seat),
            "Faithful Disciples: {seat} played a Faithful card and declares {a}, which they are \
             winning: one more action pip."
        );
    }),
    ..Behavior::NONE
};

/// F803 Spreading the Faith (an ability card): "Teach (Influence): Attach
/// the top Faithful action card from its stack to a Guild card in the
/// Court whose suit matches a planet with a Loyal city. If you do, scrap
/// the bottom non-Event action card from the discard pile."
pub static SPREADING_THE_FAITH: Behavior = Behavior {
    code: "ARCS-F803",
    new_actions: &[NewAction {
        name: "Teach",
        std: StdAction::Influence,
        possible: |s, seat| stack_top(s).is_some() && teach_targets(s, seat).next().is_some(),
        start: |s, seat, _, _| {
            s.push(
                Effect::Teach {
                    seat,
                    card: crate::card_id!("ARCS-F803"),
                }
                .into(),
            )
        },
    }],
    ..Behavior::NONE
};

/// Court positions Teach may attach to: a Guild card with no attached
/// card (p27) whose suit is the type of a planet where `seat` has a city
/// (R-CAMP-BELIEVER-TEACH).
fn teach_targets(s: &GameState, seat: Seat) -> impl Iterator<Item = usize> + '_ {
    let mut types = 0u8;
    let cities = s.board.cities(seat.owner()) & s.in_play;
    for sys in SystemId::all().filter(|x| cities & x.bit() != 0) {
        if let Some(r) = s.planet_type(sys) {
            types |= 1 << r.index();
        }
    }
    crate::campaign::attach::targets(s, false).filter(move |&p| {
        s.court[p].card.is_some_and(|c| {
            let info = c.info();
            info.kind == crate::data::CardKind::Guild
                && info.suit.is_some_and(|r| types & (1 << r.index()) != 0)
        })
    })
}

/// Scraps the bottom card of the action discard pile that is not an Event
/// card (F803; "Continue past Events"); it leaves the Act's action deck.
fn scrap_bottom(s: &mut GameState, seat: Seat, ev: &mut dyn Sink) {
    let Some(i) = s.action_discard.iter().position(|c| !c.is_event()) else {
        log!(
            ev,
            "scrap",
            Some(seat),
            "The action discard pile has no card to scrap but Event cards."
        );
        return;
    };
    let Some(c) = s.action_discard.take(i) else {
        return;
    };
    for k in s.known_discard.iter_mut() {
        k.remove(c);
    }
    if let Some(camp) = s.campaign_mut() {
        camp.actions_scrapped.insert(c);
    }
    log!(
        ev,
        "scrap",
        Some(seat),
        "Spreading the Faith: the bottom card of the action discard pile, {}, is scrapped.",
        c.full_name()
    );
}

/// Draws a secured Faithful card into the securer's hand (F813): from now
/// on it is an action card of the deck.
fn secured(s: &mut GameState, seat: Seat, c: CardId, ev: &mut dyn Sink) {
    let Some(a) = faithful_action(c) else { return };
    s.seat_mut(seat).hand.insert(a);
    if let Some(camp) = s.campaign_mut() {
        camp.actions_added.insert(a);
    }
    log!(
        ev,
        "draw",
        Some(seat),
        "Faithful Cards: {seat} draws Faithful {} into their hand.",
        a.number()
    );
}

/// A Faithful action card (F804–F812) as a Court card: secured, it goes
/// to its securer's hand (F813).
const fn faithful(code: &'static str) -> Behavior {
    Behavior {
        code,
        on_secured: Some(secured),
        ..Behavior::NONE
    }
}

pub static FAITHFUL_1: Behavior = faithful("ARCS-F804");
pub static FAITHFUL_2: Behavior = faithful("ARCS-F805");
pub static FAITHFUL_3: Behavior = faithful("ARCS-F806");
pub static FAITHFUL_4: Behavior = faithful("ARCS-F807");
pub static FAITHFUL_5: Behavior = faithful("ARCS-F808");
pub static FAITHFUL_6: Behavior = faithful("ARCS-F809");
pub static FAITHFUL_7: Behavior = faithful("ARCS-F810");
pub static FAITHFUL_8: Behavior = faithful("ARCS-F811");
pub static FAITHFUL_9: Behavior = faithful("ARCS-F812");

/// F813 Faithful Cards (a law): the suit's rules are where the rules
/// meet them — [`play_choices`] (sides, Surpass on the same side),
/// `flow/turn.rs` (no seizing with a Faithful "7"), `on_secured` above
/// (to hand), `flow/chapter.rs` (in the deck once in play).
pub static FAITHFUL_CARDS: Behavior = Behavior {
    code: "ARCS-F813",
    ..Behavior::NONE
};

/// F814 Pluralistic Faith (a law): leading a Faithful card may declare
/// any ambition, like a "7" ([`lead_declare_right`]).
pub static PLURALISTIC_FAITH: Behavior = Behavior {
    code: "ARCS-F814",
    ..Behavior::NONE
};

/// The Faithful cards, played on a side (ARCS-F813), and the Faith laws'
/// limits on declaring (F823, F828, F830).
pub static FAITHFUL: crate::campaign::fates::SidedCards = crate::campaign::fates::SidedCards {
    play_choices,
    lead_declare_right,
    declare_allowed: doctrine::declare_allowed,
    declared: doctrine::declared,
    act_setup: doctrine::act_setup,
};

/// What leading a Faithful card lets its player declare: any ambition
/// while Pluralistic Faith (F814) or a Faith law (F823, F828, F830, whose
/// Ideals then limit it) is in the rules booklet, else none (the card's
/// "?" corner names no ambition by itself).
pub fn lead_declare_right(s: &GameState) -> DeclareRight {
    let law = s
        .campaign()
        .is_some_and(|c| c.booklet.iter().any(|b| b.code() == "ARCS-F814"));
    if law || doctrine::faith_law_in_booklet(s) {
        DeclareRight::Any
    } else {
        DeclareRight::None
    }
}

/// What a seat may play now when its hand or the lead holds a Faithful
/// card (F813; R-CAMP-BELIEVER-FOLLOW): a Faithful card is led on either
/// side; against a Faithful lead it Surpasses only on the lead's side and
/// with a higher number, and Pivots on the other side; against another
/// lead it Pivots on either side. Other cards cannot Surpass a Faithful
/// lead: they Pivot. Any card but an Event copies.
/// While a Faith law is in the rules booklet, every Faithful card is
/// played on the Doctrine's side only (F823, F828, F830): a Faithful card
/// then Surpasses a Faithful lead (necessarily on that side) or Pivots
/// from another lead on that side.
#[cold]
#[inline(never)]
pub fn play_choices(s: &GameState, seat: Seat, out: &mut Vec<Choice>) {
    let all = s.seat(seat).hand;
    let hand = all.playable();
    let side = doctrine::required_side(s);
    let allowed = |face: ActionCard| side.is_none_or(|d| Ideal::of_face(face) == Some(d));
    let Some(lead) = s.round.lead() else {
        for c in hand.iter() {
            if c.is_faithful() {
                for face in [c.zeal(), c.wisdom()] {
                    if allowed(face) {
                        out.push(Choice::Lead(face));
                    }
                }
            } else {
                out.push(Choice::Lead(c));
            }
        }
        out.push(Choice::Pass);
        return;
    };
    let lead_suit = lead.card.suit();
    let num = s.lead_number().unwrap_or(0);
    for c in hand.iter() {
        if c.is_faithful() {
            match lead_suit {
                Suit::Zeal | Suit::Wisdom => {
                    let same = if lead_suit == Suit::Zeal {
                        c.zeal()
                    } else {
                        c.wisdom()
                    };
                    if c.number() > num && allowed(same) {
                        out.push(Choice::Surpass(same));
                    }
                    if allowed(same.other_side()) {
                        out.push(Choice::Pivot(same.other_side()));
                    }
                }
                _ => {
                    for face in [c.zeal(), c.wisdom()] {
                        if allowed(face) {
                            out.push(Choice::Pivot(face));
                        }
                    }
                }
            }
        } else if c.suit() == lead_suit {
            if c.number() > num {
                out.push(Choice::Surpass(c));
            }
        } else {
            out.push(Choice::Pivot(c));
        }
        out.push(Choice::Copy(c));
    }
    if all.has_event() {
        out.push(Choice::PlayEvent);
    }
}

// ------------------------------------------------------------ procedures

#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "effect")]
pub enum Effect {
    /// Teach: choose the Guild card to attach the top Faithful card to.
    Teach { seat: Seat, card: CardId },
    /// The Young Light, The Prodigal One, The Prophet (Prelude): next to
    /// whose played Faithful card (`target` unset), then which non-Event
    /// action card to discard.
    Light {
        seat: Seat,
        card: CardId,
        target: Option<Seat>,
    },
    /// Set Doctrine / Set Lay Doctrine (F821, F827): the Doctrine's side.
    SetDoctrine { seat: Seat, card: CardId },
    /// Breaking the Faith (F831): remove an Ideal from an undeclared
    /// ambition, or not.
    BreakFaith { seat: Seat, card: CardId },
}

impl Procedure for Effect {
    fn seat_card(&self) -> (Seat, CardId) {
        match *self {
            Effect::Teach { seat, card }
            | Effect::Light { seat, card, .. }
            | Effect::SetDoctrine { seat, card }
            | Effect::BreakFaith { seat, card } => (seat, card),
        }
    }

    fn what(&self, s: &GameState) -> String {
        match *self {
            Effect::Teach { .. } => match stack_top(s) {
                Some(top) => format!(
                    "attach Faithful {} to which Guild card in the Court?",
                    top.number()
                ),
                None => "attach the top Faithful card to which Guild card?".into(),
            },
            Effect::Light { target: None, .. } => {
                "place it next to which played Faithful card?".into()
            }
            Effect::Light { .. } => "discard which action card?".into(),
            Effect::SetDoctrine { .. } => "which side does the Doctrine show?".into(),
            Effect::BreakFaith { .. } => "remove an Ideal from an undeclared ambition?".into(),
        }
    }

    fn choices(&self, s: &GameState, out: &mut Vec<Choice>) {
        match *self {
            Effect::Teach { seat, .. } => {
                if stack_top(s).is_some() {
                    out.extend(teach_targets(s, seat).map(|p| Choice::Court(p as u8)));
                }
            }
            Effect::Light { target: None, .. } => out.extend(light::targets(s).map(Choice::Player)),
            Effect::Light { seat, .. } => out.extend(
                s.seat(seat)
                    .hand
                    .iter()
                    .filter(|c| !c.is_event())
                    .map(Choice::ActionCard),
            ),
            Effect::SetDoctrine { .. } => doctrine::doctrine_choices(s, out),
            Effect::BreakFaith { .. } => {
                out.extend(doctrine::breakable(s).map(Choice::Declare));
                out.push(Choice::No);
            }
        }
    }

    fn resolve(self, s: &mut GameState, choice: Choice, ev: &mut dyn Sink) {
        match (self, choice) {
            (Effect::Teach { seat, .. }, choice) => {
                s.pop();
                let (Choice::Court(pos), Some(top)) = (choice, stack_top(s)) else {
                    return;
                };
                let Some(c) = s.campaign_mut() else { return };
                c.faithful_stack -= 1;
                log!(
                    ev,
                    "teach",
                    Some(seat),
                    "{seat} teaches: Faithful {} leaves the top of the Faithful stack.",
                    top.number()
                );
                crate::campaign::attach::attach(
                    s,
                    pos as usize,
                    faithful_card_id(top.number()),
                    ev,
                );
                scrap_bottom(s, seat, ev);
            }
            (
                Effect::Light {
                    seat,
                    card,
                    target: None,
                },
                Choice::Player(x),
            ) => s.set_top(
                Effect::Light {
                    seat,
                    card,
                    target: Some(x),
                }
                .into(),
            ),
            (
                Effect::Light {
                    seat,
                    card,
                    target: Some(x),
                },
                Choice::ActionCard(c),
            ) => {
                s.pop();
                light::place(s, seat, card, x, c, ev);
            }
            (Effect::SetDoctrine { seat, card }, Choice::Card(side)) => {
                s.pop();
                let side = if side == Ideal::Zeal.doctrine_card() {
                    Ideal::Zeal
                } else {
                    Ideal::Wisdom
                };
                doctrine::set_doctrine(s, seat, card, side, ev);
            }
            (Effect::BreakFaith { seat, .. }, Choice::Declare(a)) => {
                s.pop();
                doctrine::break_faith(s, seat, a, ev);
            }
            _ => {
                s.pop();
            }
        }
    }

    fn describe(&self, d: &Describer, c: Choice) -> Option<String> {
        match (*self, c) {
            (Effect::Teach { .. }, Choice::Court(i)) => Some(format!(
                "Attach {} to {}",
                stack_top(d.s).map_or("the top Faithful card".into(), |t| format!(
                    "Faithful {}",
                    t.number()
                )),
                d.court(i)
            )),
            (Effect::Light { seat, .. }, Choice::Player(x)) => {
                let face_up = d.s.round.plays[x.index()].is_some_and(|p| p.face_up());
                let card = match d.s.round.plays[x.index()] {
                    Some(p) if face_up => p.card.full_name(),
                    _ => "face-down Faithful card".to_string(),
                };
                Some(if x == seat {
                    format!("Next to your own played {card}")
                } else {
                    format!("Next to {x}'s played {card}")
                })
            }
            (Effect::Light { .. }, Choice::ActionCard(a)) => {
                Some(format!("Discard {}", a.full_name()))
            }
            (Effect::SetDoctrine { .. }, Choice::Card(side)) => {
                let now = d.s.campaign().and_then(|c| c.faith.doctrine);
                let name = if side == Ideal::Zeal.doctrine_card() {
                    Ideal::Zeal
                } else {
                    Ideal::Wisdom
                };
                Some(if now == Some(name) {
                    format!("Keep the Doctrine of {}", name.name())
                } else {
                    format!("Flip the Doctrine to {}", name.name())
                })
            }
            (Effect::BreakFaith { .. }, Choice::Declare(a)) => {
                let ideal = d.s.campaign().and_then(|c| c.faith.ideals[a.index()]);
                Some(format!(
                    "Remove the {} Ideal from {a}",
                    ideal.map_or("", |i| i.name())
                ))
            }
            (Effect::BreakFaith { .. }, Choice::No) => Some("Leave the Ideals".into()),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_believer_card_has_passing_scenarios() {
        crate::cards::testing::family_scenarios(super::CARDS);
    }

    #[test]
    fn faithful_cards_map_to_catalog_ids_and_back() {
        for n in 1..=9 {
            let id = faithful_card_id(n);
            assert_eq!(faithful_action(id), Some(ActionCard::faithful(n)));
            assert_eq!(id.code(), format!("ARCS-F{}", 803 + n as u16));
        }
        assert_eq!(faithful_action(crate::card_id!("ARCS-F802")), None);
        assert_eq!(faithful_action(crate::card_id!("ARCS-F813")), None);
    }

    #[test]
    fn faithful_faces_have_the_card_number_pips_and_side_actions() {
        let pips = [4, 4, 3, 3, 3, 2, 2, 1, 1];
        for n in 1..=9u8 {
            let c = ActionCard::faithful(n);
            assert_eq!(c.suit(), Suit::Faithful);
            assert!(c.suit().actions().is_empty());
            for (face, suit) in [(c.zeal(), Suit::Zeal), (c.wisdom(), Suit::Wisdom)] {
                assert_eq!(face.suit(), suit);
                assert_eq!(face.number(), n);
                assert_eq!(face.pips(), pips[n as usize - 1]);
                assert_eq!(face.physical(), c);
                assert_eq!(face.bit(), c.bit());
                assert_eq!(ActionCard::parse(&face.to_string()), Some(face));
                assert_eq!(face.declare_right(), DeclareRight::None);
            }
            assert_eq!(c.zeal().other_side(), c.wisdom());
            assert_eq!(ActionCard::parse(&c.to_string()), Some(c));
            assert!(!c.is_event());
        }
        assert_eq!(
            Suit::Zeal.actions(),
            &[
                StdAction::Move,
                StdAction::Influence,
                StdAction::Battle,
                StdAction::Tax
            ]
        );
        assert_eq!(
            Suit::Wisdom.actions(),
            &[StdAction::Build, StdAction::Repair, StdAction::Secure]
        );
        assert_eq!(ActionCard::parse("ZEA10"), None);
        assert_eq!(ActionCard::parse("FAI0"), None);
    }
}
