//! The Partisan (Fate Set 6, an "A" Fate), Act I: its setup (F601A), its
//! objective (F601B), Informants (F602) and Partisan Seizing (F603).
//! Campaign rules p8; `reference/campaign.md` §2.6.
//!
//! Partisan Seizing is an Ability card: the seat keeps it in play among
//! its ability cards (`SeatState::abilities`), beside but apart from its
//! Guild cards, so it never counts, moves or gets stolen as a Guild card.
//! Its rule is the `seize_by_outrage` hook, read by the turn window
//! (`flow/turn.rs`): no seizing with a second action card, `resource R`
//! (Provoke Outrage of `R`) instead. "Scrap this and clear all your
//! Outrage if you're not the Partisan" cannot arise in Act I: only the
//! Partisan's setup gives the card, and nothing moves ability cards.

use crate::campaign::fates::{advance_objective, FateDef, FateEvent};
use crate::cards::frame::Procedure;
use crate::cards::{Behavior, NewAction};
use crate::choice::Choice;
use crate::describe::{action_card_name, Describer};
use crate::event::Sink;
use crate::ids::*;
use crate::log;
use crate::state::GameState;
use serde::{Deserialize, Serialize};

/// The Partisan's cards with behaviour.
pub static CARDS: &[&Behavior] = &[&INFORMANTS, &PARTISAN_SEIZING];

/// The Fate.
pub static FATE: FateDef = FateDef {
    number: 6,
    card: "ARCS-FATE06",
    setup: [Some(setup_act_one), None, None],
    resolution: None,
    resolutions: ["", ""],
    on: Some(objective),
    grand: None,
    final_objective: false,
    leave: None,
};

fn informants() -> CardId {
    crate::card_id!("ARCS-F602")
}

/// F601A: gain Informants (a Guild card) and Partisan Seizing (an ability
/// card kept in play).
fn setup_act_one(s: &mut GameState, seat: Seat, ev: &mut dyn Sink) {
    s.seat_mut(seat).add_guild(informants());
    s.seat_mut(seat).add_ability(crate::card_id!("ARCS-F603"));
    log!(
        ev,
        "setup",
        Some(seat),
        "{seat} gains Informants and Partisan Seizing."
    );
}

/// The resources whose Outrage stops F601B's advance for winning `a`
/// (docs/rulings.md R-CAMP-PARTISAN-AMB): Tycoon counts Material and Fuel
/// (Outrage of either stops it), Warlord Weapons (as the card says),
/// Keeper Relics, Empath Psionics; Tyrant counts Captives, no resource, so
/// no Outrage stops it.
pub fn ambition_resources(a: Ambition) -> &'static [Resource] {
    match a {
        Ambition::Tycoon => &[Resource::Material, Resource::Fuel],
        Ambition::Tyrant => &[],
        Ambition::Warlord => &[Resource::Weapon],
        Ambition::Keeper => &[Resource::Relic],
        Ambition::Empath => &[Resource::Psionic],
    }
}

/// F601B. *Sow Division in the Reach*: advance 1 each time the Partisan
/// gets the initiative marker, in any way (the marker moving to it from
/// another seat; keeping it is not getting it, R-CAMP-PARTISAN-INIT).
/// *Appeal to Your Supporters*: advance 2 for each ambition it wins
/// (sole first place at scoring) while it has no Outrage of a resource
/// that ambition counts.
fn objective(s: &mut GameState, me: Seat, e: &FateEvent, ev: &mut dyn Sink) {
    match *e {
        FateEvent::Initiative { seat } if seat == me => advance_objective(s, me, 1, ev),
        FateEvent::AmbitionWon { seat, ambition, .. }
            if seat == me
                && !ambition_resources(ambition)
                    .iter()
                    .any(|r| s.seat(me).is_outraged(*r)) =>
        {
            advance_objective(s, me, 2, ev)
        }
        _ => {}
    }
}

/// F602 Informants (Guild, Psionic, protected): *Spy (Influence)*, once
/// per turn.
pub static INFORMANTS: Behavior = Behavior {
    code: "ARCS-F602",
    new_actions: &[NewAction {
        name: "Spy",
        std: StdAction::Influence,
        possible: spy_possible,
        start: |s, seat, _, _| {
            let card = informants();
            let _ = s.turn.once_used.try_push(card);
            s.push(Effect::SpyRival { seat, card }.into());
        },
    }],
    ..Behavior::NONE
};

/// F603 Partisan Seizing (an ability card): seize by Provoking Outrage,
/// never with a second action card (`flow/turn.rs`).
pub static PARTISAN_SEIZING: Behavior = Behavior {
    code: "ARCS-F603",
    seize_by_outrage: true,
    ..Behavior::NONE
};

/// The numbered action cards of highest number in `seat`'s hand. Event
/// cards have no number and are never among them
/// (R-CAMP-PARTISAN-SPY).
fn highest(s: &GameState, seat: Seat) -> impl Iterator<Item = ActionCard> {
    let hand = s.seat(seat).hand.playable();
    let top = hand.iter().map(|c| c.number()).max().unwrap_or(0);
    hand.iter().filter(move |c| c.number() == top)
}

/// Spy needs a numbered card to give and a Rival to give it to, once per
/// turn.
fn spy_possible(s: &GameState, seat: Seat) -> bool {
    !s.turn.once_used.contains(&informants())
        && !s.seat(seat).hand.playable().is_empty()
        && s.rivals(seat).next().is_some()
}

// ------------------------------------------------------------ procedures

#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "effect")]
pub enum Effect {
    /// Spy: the Partisan chooses the Rival.
    SpyRival { seat: Seat, card: CardId },
    /// Spy: the Partisan gives its highest card (its choice among equal
    /// numbers) to `rival`.
    SpyGive {
        seat: Seat,
        card: CardId,
        rival: Seat,
    },
    /// Spy: `rival` gives the Partisan (`seat`) its highest card (its
    /// choice among equal numbers), perhaps the card it was just given.
    SpyReturn {
        seat: Seat,
        card: CardId,
        rival: Seat,
    },
}

impl Procedure for Effect {
    fn seat_card(&self) -> (Seat, CardId) {
        match *self {
            Effect::SpyRival { seat, card } | Effect::SpyGive { seat, card, .. } => (seat, card),
            // The Rival gives: it decides.
            Effect::SpyReturn { card, rival, .. } => (rival, card),
        }
    }

    fn what(&self, _s: &GameState) -> String {
        match *self {
            Effect::SpyRival { .. } => "give your highest action card to which Rival?".into(),
            Effect::SpyGive { rival, .. } => {
                format!("give {rival} which of your highest action cards?")
            }
            Effect::SpyReturn { seat, .. } => {
                format!("give {seat} which of your highest action cards in return?")
            }
        }
    }

    fn choices(&self, s: &GameState, out: &mut Vec<Choice>) {
        match *self {
            Effect::SpyRival { seat, .. } => out.extend(s.rivals(seat).map(Choice::Player)),
            Effect::SpyGive { seat, .. } => out.extend(highest(s, seat).map(Choice::ActionCard)),
            Effect::SpyReturn { rival, .. } => {
                out.extend(highest(s, rival).map(Choice::ActionCard))
            }
        }
    }

    fn resolve(self, s: &mut GameState, choice: Choice, ev: &mut dyn Sink) {
        match (self, choice) {
            (Effect::SpyRival { seat, card }, Choice::Player(rival)) => {
                s.set_top(Effect::SpyGive { seat, card, rival }.into());
            }
            (Effect::SpyGive { seat, card, rival }, Choice::ActionCard(g)) => {
                s.seat_mut(seat).hand.remove(g);
                s.seat_mut(rival).hand.insert(g);
                s.set_top(Effect::SpyReturn { seat, card, rival }.into());
                log!(
                    ev,
                    "spy",
                    Some(seat),
                    "{seat} gives {rival} their highest action card (Informants)."
                );
                // The giver knows its card; the Rival learns it (R-UNDO-1).
                let g = g.full_name();
                crate::log_own!(ev, seat, "spy", "You give {g} to {rival}.");
                crate::log_reveal!(ev, rival, "spy", "{seat} gives you {g} (Informants).");
            }
            (Effect::SpyReturn { seat, rival, .. }, Choice::ActionCard(t)) => {
                s.pop();
                s.seat_mut(rival).hand.remove(t);
                s.seat_mut(seat).hand.insert(t);
                log!(
                    ev,
                    "spy",
                    Some(rival),
                    "{rival} gives {seat} their highest action card in return."
                );
                let t = t.full_name();
                crate::log_own!(ev, rival, "spy", "You give {t} to {seat}.");
                // What the Rival gives back tells about its hand, even when
                // it is the card just given.
                crate::log_reveal!(ev, seat, "spy", "{rival} gives you {t}.");
            }
            // Not a legal choice here (`Game::apply` checks): the Spy ends.
            _ => s.pop(),
        }
    }

    fn describe(&self, d: &Describer, c: Choice) -> Option<String> {
        Some(match (*self, c) {
            (Effect::SpyRival { .. }, Choice::Player(p)) => {
                format!("Give your highest action card to {}", d.seat_name(p))
            }
            (Effect::SpyGive { rival, .. }, Choice::ActionCard(a)) => {
                format!("Give {} to {}", action_card_name(a), d.seat_name(rival))
            }
            (Effect::SpyReturn { seat, .. }, Choice::ActionCard(a)) => {
                format!(
                    "Give {} to {} in return",
                    action_card_name(a),
                    d.seat_name(seat)
                )
            }
            _ => return None,
        })
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn every_partisan_card_has_passing_scenarios() {
        crate::cards::testing::family_scenarios(super::CARDS);
    }
}
