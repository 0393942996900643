//! The Caretaker, Act II: its setup (F512A), its objective (F512B),
//! Librarians (F513), Knowledge Set Free (F514: Transfer Lore and Transfer
//! Golem, Negotiation actions in `campaign::summit`) and the extra Event
//! card (F515, the action deck's fourth Event card). Campaign rules p12,
//! p16–17, p27; `reference/campaign.md` §2.5.

use super::{wake_all, Effect};
use crate::campaign::fates::{advance_objective, FateEvent};
use crate::cards::Behavior;
use crate::event::Sink;
use crate::ids::*;
use crate::log;
use crate::state::GameState;

pub const LIBRARIANS_CODE: &str = "ARCS-F513";
pub const KNOWLEDGE_CODE: &str = "ARCS-F514";
const EVENT_CODE: &str = "ARCS-F515";

/// The Caretaker's Event card: the fourth Event card of the action deck
/// (`ActionCard::event(3)`), the box's three being the others.
pub fn extra_event() -> ActionCard {
    ActionCard::event(3)
}

/// F512A: gain Librarians; Knowledge Set Free joins the rules booklet; the
/// extra Event card is shuffled into the action deck (it joins the deck
/// dealt at each chapter's start); every Sleeping Golem flips Awake.
pub fn setup_act_two(s: &mut GameState, seat: Seat, ev: &mut dyn Sink) {
    s.seat_mut(seat).add_guild(crate::card_id!(LIBRARIANS_CODE));
    if let Some(c) = s.campaign_mut() {
        let k = crate::card_id!(KNOWLEDGE_CODE);
        if !c.booklet.contains(&k) {
            let _ = c.booklet.try_push(k);
        }
        c.actions_added.insert(extra_event());
    }
    log!(
        ev,
        "setup",
        Some(seat),
        "{seat} gains Librarians. Knowledge Set Free joins the rules booklet: in Summits a player \
         may give a lore card to a Rival (Transfer Lore, never forced) or a Golem (Transfer Golem, \
         forced for Favors equal to its raid cost). An extra Event card is shuffled into the \
         action deck."
    );
    wake_all(s, ev);
}

/// Lore cards `seat` has.
fn lore_count(s: &GameState, seat: Seat) -> usize {
    s.seat(seat).lore().len()
}

/// F512B. *Collect the Galaxy's Knowledge*: advance 2 each time the
/// Caretaker secures a lore card (one attached to a secured card
/// included, it is secured too, p27); advance 1 each time a Rival gives it
/// a lore card with Transfer Lore, unless it gave them that card in this
/// Summit. *Build the Largest Collection*: at the end of a chapter,
/// advance 1 for each Rival it has more lore cards than.
pub fn objective_act_two(s: &mut GameState, me: Seat, e: &FateEvent, ev: &mut dyn Sink) {
    match *e {
        FateEvent::Secured { seat, card } if seat == me && is_lore(card) => {
            log!(
                ev,
                "objective",
                Some(me),
                "Collect the Galaxy's Knowledge: {me} secures {}.",
                card.name()
            );
            advance_objective(s, me, 2, ev);
        }
        FateEvent::LoreGiven {
            to,
            returned: false,
            ..
        } if to == me => {
            log!(
                ev,
                "objective",
                Some(me),
                "Collect the Galaxy's Knowledge: a Rival gives {me} a lore card."
            );
            advance_objective(s, me, 1, ev);
        }
        FateEvent::ChapterEnd => {
            let mine = lore_count(s, me);
            let n = s.rivals(me).filter(|x| lore_count(s, *x) < mine).count() as u8;
            if n > 0 {
                log!(
                    ev,
                    "objective",
                    Some(me),
                    "Build the Largest Collection: {me} has more lore cards than {}.",
                    crate::describe::plural(n, "Rival", "Rivals")
                );
                advance_objective(s, me, n, ev);
            }
        }
        _ => {}
    }
}

fn is_lore(card: CardId) -> bool {
    card.info().kind == crate::data::CardKind::Lore
}

/// F513 Librarians (Guild, Relic). "Crisis: The player holding this card
/// must attach it to a card in the Court." "After you secure a card, you
/// may draw 1 lore card from the lore deck and attach it to the card that
/// refilled the Court."
pub static LIBRARIANS: Behavior = Behavior {
    code: LIBRARIANS_CODE,
    fate_crisis: Some(|s, seat, card, _| {
        if crate::campaign::attach::targets(s, false).next().is_some() {
            s.push(Effect::AttachLibrarians { seat, card }.into());
        }
    }),
    after_secure: Some(|s, seat, card, _secured, pos| {
        if !s.lore_deck.is_empty() {
            s.push(Effect::Librarians { seat, card, pos }.into());
        }
    }),
    ..Behavior::NONE
};

/// Librarians attached to the Court card at `pos` by its holder.
pub fn attach_librarians(
    s: &mut GameState,
    seat: Seat,
    card: CardId,
    pos: usize,
    ev: &mut dyn Sink,
) {
    if !s.seat_mut(seat).remove_guild(card) {
        return;
    }
    log!(
        ev,
        "crisis",
        Some(seat),
        "Librarians: {seat} must attach Librarians to a card in the Court."
    );
    crate::campaign::attach::attach(s, pos, card, ev);
}

/// Librarians after securing: the top lore card goes onto the card that
/// refilled the place (none there, or a card already attached: nothing;
/// docs/rulings.md R-CAMP-F513).
pub fn librarians_draw(s: &mut GameState, seat: Seat, pos: usize, ev: &mut dyn Sink) {
    let host = s.court.get(pos).and_then(|c| c.card);
    if host.is_none() || crate::campaign::attach::attached(s, pos).is_some() {
        log!(
            ev,
            "court",
            Some(seat),
            "Librarians: no card refilled the place, so no lore is drawn."
        );
        return;
    }
    let Some(lore) = s.lore_deck.draw() else {
        return;
    };
    log!(
        ev,
        "court",
        Some(seat),
        { reveals: true },
        "Librarians: {seat} draws {} from the lore deck.",
        lore.name()
    );
    crate::campaign::attach::attach(s, pos, lore, ev);
}

/// Whether Librarians may draw now: a card refilled the place and none is
/// attached to it yet.
pub fn librarians_possible(s: &GameState, pos: usize) -> bool {
    s.court.get(pos).and_then(|c| c.card).is_some()
        && crate::campaign::attach::attached(s, pos).is_none()
        && !s.lore_deck.is_empty()
}

/// F514 Knowledge Set Free (a Summit card of the rules booklet): its two
/// Negotiation actions are `NegotiationAct::TransferLore` and
/// `NegotiationAct::TransferGolem` (`campaign::summit`).
pub static KNOWLEDGE_SET_FREE: Behavior = Behavior {
    code: KNOWLEDGE_CODE,
    ..Behavior::NONE
};

/// Whether Knowledge Set Free is in the rules booklet.
pub fn knowledge_set_free(s: &GameState) -> bool {
    s.campaign()
        .is_some_and(|c| c.booklet.contains(&crate::card_id!(KNOWLEDGE_CODE)))
}

/// F515 Event: the Caretaker's extra Event card, an Event card like the
/// box's three (campaign rules p12; `campaign::events`).
pub static EXTRA_EVENT: Behavior = Behavior {
    code: EVENT_CODE,
    ..Behavior::NONE
};
