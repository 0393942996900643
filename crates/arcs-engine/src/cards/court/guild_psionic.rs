//! Psionic Guild cards: BC16–BC20, and Farseers' procedures ([`Effect`]).

use crate::cards::frame::Procedure;
use crate::cards::shared::{any_steal, StealFilter};
use crate::cards::{Behavior, PreludeAbility};
use crate::choice::Choice;
use crate::describe::{action_card_name, plural, Describer};
use crate::event::Sink;
use crate::ids::*;
use crate::log;
use crate::state::GameState;
use serde::{Deserialize, Serialize};

/// Every Psionic Guild card.
pub static CARDS: &[&Behavior] = &[
    &LATTICE_SPIES,
    &FARSEERS,
    &SECRET_ORDER,
    &LOYAL_EMPATHS,
    &SILVER_TONGUES,
];

/// C-BC16: Prelude, before any other action: discard to seize.
pub static LATTICE_SPIES: Behavior = Behavior {
    code: "ARCS-BC16",
    preludes: &[PreludeAbility {
        what: "seize the initiative",
        discard: true,
        first: true,
        once_per_turn: false,
        possible: |s, seat| seat != s.initiative && !s.round.seized,
        run: |s, seat, _, ev| {
            crate::flow::seize_now(s, seat, ev);
            crate::log!(
                ev,
                "seize",
                Some(seat),
                "{seat} seizes the initiative (Lattice Spies)."
            );
        },
    }],
    ..Behavior::NONE
};

/// C-BC17: on declaring, look at a Rival's hand and maybe swap a card;
/// Prelude: discard it and N cards, draw N+1 from the discard's bottom.
pub static FARSEERS: Behavior = Behavior {
    code: "ARCS-BC17",
    on_declare: Some(|s, seat, _, _| {
        let card = crate::card_id!("ARCS-BC17");
        s.push(Effect::FarseersLook { seat, card }.into());
    }),
    preludes: &[PreludeAbility {
        what: "discard action cards and draw one more from the bottom of the action discard",
        discard: true,
        first: false,
        once_per_turn: false,
        possible: |_, _| true,
        run: |s, seat, card, _| s.push(Effect::FarseersDiscard { seat, card, n: 0 }.into()),
    }],
    ..Behavior::NONE
};

/// C-BC18: declaring Keeper or Empath places no zero marker.
pub static SECRET_ORDER: Behavior = Behavior {
    code: "ARCS-BC18",
    skip_zero_marker: Some(|a| matches!(a, Ambition::Keeper | Ambition::Empath)),
    ..Behavior::NONE
};

/// C-BC19: spend any resource as Psionic, ignoring Psionic Outrage.
pub static LOYAL_EMPATHS: Behavior = Behavior {
    code: "ARCS-BC19",
    spend_as: Some(Resource::Psionic),
    keep_on_outrage: true,
    ..Behavior::NONE
};

/// C-BC20: Prelude: discard to steal a Guild card or resource.
pub static SILVER_TONGUES: Behavior = Behavior {
    code: "ARCS-BC20",
    preludes: &[PreludeAbility {
        what: "steal a Guild card or a resource",
        discard: true,
        first: false,
        once_per_turn: false,
        possible: |s, seat| any_steal(s, seat, StealFilter::ResourceOrGuild),
        run: |s, seat, card, _| {
            s.push(
                crate::cards::shared::Effect::Steal {
                    seat,
                    card,
                    filter: StealFilter::ResourceOrGuild,
                    left: 1,
                    optional: false,
                }
                .into(),
            )
        },
    }],
    ..Behavior::NONE
};

// ------------------------------------------------------------ procedures

/// Farseers' procedures.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "effect")]
pub enum Effect {
    /// Farseers Prelude: discard cards, then draw that many + 1 from the bottom.
    FarseersDiscard { seat: Seat, card: CardId, n: u8 },
    /// Farseers on declare: look at a Rival's hand.
    FarseersLook { seat: Seat, card: CardId },
    /// Farseers: give one card (or Done), then take one.
    FarseersSwap {
        seat: Seat,
        card: CardId,
        rival: Seat,
        give: Option<ActionCard>,
    },
}

impl Procedure for Effect {
    fn seat_card(&self) -> (Seat, CardId) {
        use Effect::*;
        match *self {
            FarseersDiscard { seat, card, .. }
            | FarseersLook { seat, card }
            | FarseersSwap { seat, card, .. } => (seat, card),
        }
    }

    fn what(&self, _s: &GameState) -> String {
        use Effect::*;
        match self {
            FarseersDiscard { n, .. } => format!(
                "discard another card ({n} so far), or draw {} from the bottom of the discard",
                n + 1
            ),
            FarseersLook { .. } => "look at which Rival's hand?".into(),
            FarseersSwap {
                give: None, rival, ..
            } => format!("give {rival} one of your cards to swap, or keep your hand"),
            FarseersSwap { rival, .. } => format!("take which card from {rival}?"),
        }
    }

    fn choices(&self, s: &GameState, out: &mut Vec<Choice>) {
        use Effect::*;
        match *self {
            FarseersDiscard { seat, .. } => {
                out.extend(s.seat(seat).hand.iter().map(Choice::ActionCard));
                out.push(Choice::Done);
            }
            FarseersLook { seat, .. } => out.extend(s.rivals(seat).map(Choice::Player)),
            FarseersSwap {
                seat,
                rival,
                give: None,
                ..
            } => {
                if !s.seat(rival).hand.is_empty() {
                    out.extend(s.seat(seat).hand.iter().map(Choice::ActionCard));
                }
                out.push(Choice::Done);
            }
            FarseersSwap {
                rival,
                give: Some(_),
                ..
            } => out.extend(s.seat(rival).hand.iter().map(Choice::ActionCard)),
        }
    }

    fn resolve(self, s: &mut GameState, choice: Choice, ev: &mut dyn Sink) {
        use Effect::*;
        let top = |s: &mut GameState, e: Effect| s.set_top(e.into());
        match self {
            FarseersDiscard { seat, card, n } => match choice {
                Choice::ActionCard(c) => {
                    s.seat_mut(seat).hand.remove(c);
                    s.action_discard.place_face_down(c);
                    s.known_discard[seat.index()].insert(c);
                    crate::log_own!(ev, seat, "discard", "You discard {}.", c.full_name());
                    top(
                        s,
                        FarseersDiscard {
                            seat,
                            card,
                            n: n + 1,
                        },
                    );
                }
                _ => {
                    s.pop();
                    let cards = s.draw_from_discard_bottom(n as usize + 1);
                    let drawn = cards.len();
                    for &c in &cards {
                        s.seat_mut(seat).hand.insert(c);
                    }
                    log!(ev, "draw", Some(seat), "{seat} discards {} and draws {drawn} from the bottom of the action discard.", crate::describe::count_of(n, "card", "cards"));
                    if ev.enabled() && drawn > 0 {
                        // The pile is face down: the cards are news to the
                        // seat (an undo barrier, R-UNDO-1).
                        let names = ActionCard::list(cards.iter().copied());
                        crate::log_reveal!(ev, seat, "draw", "You draw {names}.");
                    }
                }
            },
            FarseersLook { seat, card } => {
                if let Choice::Player(rival) = choice {
                    // A look at another hand: an undo barrier whether or not
                    // anything is logged (R-UNDO-1).
                    s.disclose();
                    if ev.enabled() {
                        let hand = ActionCard::list(s.seat(rival).hand.iter());
                        crate::log_reveal!(ev, seat, "look", "{rival}'s hand: {hand}.");
                    }
                    log!(
                        ev,
                        "look",
                        Some(seat),
                        "{seat} looks at {rival}'s hand (Farseers)."
                    );
                    top(
                        s,
                        FarseersSwap {
                            seat,
                            card,
                            rival,
                            give: None,
                        },
                    );
                } else {
                    s.pop();
                }
            }
            FarseersSwap {
                seat,
                card,
                rival,
                give: None,
            } => match choice {
                Choice::ActionCard(c) => top(
                    s,
                    FarseersSwap {
                        seat,
                        card,
                        rival,
                        give: Some(c),
                    },
                ),
                _ => s.pop(),
            },
            FarseersSwap {
                seat,
                rival,
                give: Some(g),
                ..
            } => {
                s.pop();
                if let Choice::ActionCard(t) = choice {
                    s.seat_mut(seat).hand.remove(g);
                    s.seat_mut(rival).hand.remove(t);
                    s.seat_mut(seat).hand.insert(t);
                    s.seat_mut(rival).hand.insert(g);
                    log!(ev, "swap", Some(seat), "{seat} swaps a card with {rival}.");
                    // The holder saw `t` in the look; the Rival learns `g`.
                    let (g, t) = (g.full_name(), t.full_name());
                    crate::log_own!(ev, seat, "swap", "You give {g} and take {t}.");
                    crate::log_reveal!(ev, rival, "swap", "{seat} takes {t} and gives you {g}.");
                }
            }
        }
    }

    fn describe(&self, d: &Describer, c: Choice) -> Option<String> {
        use Effect::*;
        Some(match (*self, c) {
            (FarseersDiscard { .. }, Choice::ActionCard(a)) => {
                format!("Discard {}", action_card_name(a))
            }
            (FarseersDiscard { n, .. }, Choice::Done) => {
                let k = n.saturating_add(1);
                format!(
                    "Draw {} from the bottom of the action discard",
                    plural(k, "card", "cards")
                )
            }
            (FarseersLook { .. }, Choice::Player(p)) => {
                format!("Look at {} hand", d.seat_poss(p))
            }
            (
                FarseersSwap {
                    give: None, rival, ..
                },
                Choice::ActionCard(a),
            ) => format!("Give {} to {}", action_card_name(a), d.seat_name(rival)),
            (FarseersSwap { give: None, .. }, Choice::Done) => "Swap no card".into(),
            (FarseersSwap { rival, .. }, Choice::ActionCard(a)) => {
                format!("Take {} from {}", action_card_name(a), d.seat_name(rival))
            }
            _ => return None,
        })
    }

    /// The card offered in a swap is the holder's secret until the swap.
    fn redact_for(&mut self, viewer: Seat) {
        if let Effect::FarseersSwap { seat, give, .. } = self {
            if *seat != viewer {
                *give = None;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn every_psionic_card_has_passing_scenarios() {
        crate::cards::testing::family_scenarios(super::CARDS);
    }
}
