//! Attaching cards (campaign rules p27): a card placed above a Court card
//! that has none. Securing the card secures its attached card too; a card
//! removed from the Court lets its attached card slide down into its place,
//! with its agents; an attached Vox card's Crisis resolves before its
//! host's (p18).
//!
//! Attachments are kept by Court position in [`Campaign::attached`]
//! (positions never move: an empty one keeps its place, AMB-08).

use super::Campaign;
use crate::event::Sink;
use crate::ids::*;
use crate::log;
use crate::state::GameState;

/// The card attached to the Court card at `pos`.
pub fn attached(s: &GameState, pos: usize) -> Option<CardId> {
    s.campaign()
        .and_then(|c| c.attached.get(pos).copied().flatten())
}

/// Court positions a card may be attached to: a card, and none attached
/// (the Imperial Council counts); `no_agents`: only cards with no agents
/// on them.
pub fn targets(s: &GameState, no_agents: bool) -> impl Iterator<Item = usize> + '_ {
    (0..s.court.len()).filter(move |&p| {
        let slot = &s.court[p];
        slot.card.is_some()
            && attached(s, p).is_none()
            && (!no_agents || slot.agents.iter().all(|n| *n == 0))
    })
}

/// Attaches `card` to the Court card at `pos`.
pub fn attach(s: &mut GameState, pos: usize, card: CardId, ev: &mut dyn Sink) {
    let host = s.court.get(pos).and_then(|c| c.card);
    let Some(c) = s.campaign_mut() else { return };
    let Some(slot) = c.attached.get_mut(pos) else {
        return;
    };
    *slot = Some(card);
    log!(
        ev,
        "attach",
        None,
        "{} is attached to {} (Court {}).",
        card.name(),
        host.map_or("an empty place", |h| h.name()),
        pos + 1
    );
}

/// Takes the attached card off position `pos` (it goes with its host when
/// the host is secured).
pub fn take(s: &mut GameState, pos: usize) -> Option<CardId> {
    s.campaign_mut()
        .and_then(|c| c.attached.get_mut(pos).and_then(Option::take))
}

/// The Court card at `pos` leaves the Court (not by securing): its
/// attached card, if any, slides down into the position and keeps the
/// agents (p27), and `true` is returned: the position needs no refill.
/// Without one, the caller returns the agents and refills as usual.
pub fn slide_down(s: &mut GameState, pos: usize) -> bool {
    let Some(card) = take(s, pos) else {
        return false;
    };
    s.court[pos].card = Some(card);
    true
}

/// Cards attached anywhere (for conservation checks and views).
pub fn all(c: &Campaign) -> impl Iterator<Item = CardId> + '_ {
    c.attached.iter().flatten().copied()
}
