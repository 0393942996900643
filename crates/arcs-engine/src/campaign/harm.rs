//! Harm (campaign rules p27): "choosing as defender in battle, damaging,
//! destroying, or hitting". Cards that forbid some harm say so through
//! `Behavior::harm_barred`; this module asks every card that can: the
//! actor's own cards (Book of Liberation, F204), the laws of the rules
//! booklet and the cards in the Court (Armistice, F216). Crises are never
//! harm (p18, p27), so only what players choose is checked here.

use crate::event::Sink;
use crate::ids::*;
use crate::state::GameState;

/// Whether a card forbids `actor` to harm `victim`'s pieces in `sys`.
pub fn barred(s: &GameState, actor: Seat, victim: Owner, sys: SystemId) -> bool {
    let Some(c) = s.campaign() else { return false };
    if crate::cards::held_harm_barred(s, actor, victim, sys) {
        return true;
    }
    let forbids = |card: CardId| {
        crate::cards::behavior(card)
            .and_then(|b| b.harm_barred)
            .is_some_and(|f| f(s, actor, victim, sys))
    };
    c.booklet.iter().any(|&card| forbids(card))
        || s.court.iter().filter_map(|p| p.card).any(forbids)
        || super::attach::all(c).any(forbids)
}

/// `actor` harmed `victim`'s pieces in `sys` (chose it as defender in
/// battle): the laws of the rules booklet hear it (Disgrace, F222).
pub fn harmed(s: &mut GameState, actor: Seat, victim: Owner, sys: SystemId, ev: &mut dyn Sink) {
    let hooks: Vec<_> = crate::cards::booklet_laws(s)
        .filter_map(|(_, b)| b.on_harm)
        .collect();
    for h in hooks {
        h(s, actor, victim, sys, ev);
    }
}
