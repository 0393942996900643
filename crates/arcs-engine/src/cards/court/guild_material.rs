//! Material Guild cards: BC01–BC05, and the Unions' Prelude (C-BC04
//! family, also BC10 and BC11) with its procedure ([`Effect`]).

use super::common::*;
use crate::cards::frame::Procedure;
use crate::cards::shared::{any_steal, StealFilter};
use crate::cards::{Behavior, NewAction, PreludeAbility};
use crate::choice::Choice;
use crate::describe::{action_card_name, card_name, Describer};
use crate::event::Sink;
use crate::ids::*;
use crate::log;
use crate::state::{GameState, UnionAttachment};
use serde::{Deserialize, Serialize};

/// Every Material Guild card.
pub static CARDS: &[&Behavior] = &[
    &LOYAL_ENGINEERS,
    &MINING_INTEREST,
    &MATERIAL_CARTEL,
    &ADMIN_UNION,
    &CONSTRUCTION_UNION,
];

/// C-BC01: spend any resource as Material, ignoring Material Outrage; kept
/// on Outrage.
pub static LOYAL_ENGINEERS: Behavior = Behavior {
    code: "ARCS-BC01",
    spend_as: Some(Resource::Material),
    keep_on_outrage: true,
    ..Behavior::NONE
};

/// C-BC02: Manufacture (Build): gain 1 Material. Prelude: discard to gain
/// Material up to your empty slots, stealing once the supply is empty.
pub static MINING_INTEREST: Behavior = Behavior {
    code: "ARCS-BC02",
    new_actions: &[NewAction {
        name: "Manufacture",
        std: StdAction::Build,
        possible: |_, _| true,
        start: |s, seat, _, ev| gain_one(s, seat, Resource::Material, ev),
    }],
    preludes: &[PreludeAbility {
        what: "gain Material up to your empty resource slots",
        discard: true,
        first: false,
        once_per_turn: false,
        possible: |_, _| true,
        run: |s, seat, card, _| interest_prelude(s, seat, card, Resource::Material),
    }],
    ..Behavior::NONE
};

/// C-BC03: the Material supply lives here (counts for the holder's
/// Tycoon); after scoring Rivals discard all Material; Prelude: discard to
/// steal 1 Material.
pub static MATERIAL_CARTEL: Behavior = Behavior {
    code: "ARCS-BC03",
    holds_supply: Some(Resource::Material),
    after_scoring: Some(|s, seat, ev| cartel_after_scoring(s, seat, Resource::Material, ev)),
    preludes: &[PreludeAbility {
        what: "steal a Material",
        discard: true,
        first: false,
        once_per_turn: false,
        possible: |s, seat| any_steal(s, seat, StealFilter::Resource(Resource::Material)),
        run: |s, seat, card, _| cartel_steal(s, seat, card, Resource::Material),
    }],
    ..Behavior::NONE
};

/// The Union Prelude (C-BC04 family): attach to a face-up played card of
/// the suit; at round end draw it and discard the Union.
pub const fn union_prelude(suit: Suit) -> PreludeAbility {
    PreludeAbility {
        what: match suit {
            Suit::Administration => "attach it to a face-up Administration card played this round",
            Suit::Aggression => "attach it to a face-up Aggression card played this round",
            Suit::Construction => "attach it to a face-up Construction card played this round",
            Suit::Mobilization => "attach it to a face-up Mobilization card played this round",
            Suit::Event | Suit::Faithful | Suit::Zeal | Suit::Wisdom => {
                "attach it to a card played this round"
            }
        },
        discard: false,
        first: false,
        once_per_turn: false,
        possible: match suit {
            Suit::Administration => |s, _| union_targets(s, Suit::Administration).next().is_some(),
            Suit::Aggression => |s, _| union_targets(s, Suit::Aggression).next().is_some(),
            Suit::Construction => |s, _| union_targets(s, Suit::Construction).next().is_some(),
            Suit::Mobilization => |s, _| union_targets(s, Suit::Mobilization).next().is_some(),
            // No Union is of the Event "suit".
            Suit::Event | Suit::Faithful | Suit::Zeal | Suit::Wisdom => |_, _| false,
        },
        run: match suit {
            Suit::Administration => |s, seat, card, _| {
                s.push(
                    Effect::UnionAttach {
                        seat,
                        card,
                        suit: Suit::Administration,
                    }
                    .into(),
                )
            },
            Suit::Aggression => |s, seat, card, _| {
                s.push(
                    Effect::UnionAttach {
                        seat,
                        card,
                        suit: Suit::Aggression,
                    }
                    .into(),
                )
            },
            Suit::Construction => |s, seat, card, _| {
                s.push(
                    Effect::UnionAttach {
                        seat,
                        card,
                        suit: Suit::Construction,
                    }
                    .into(),
                )
            },
            Suit::Mobilization => |s, seat, card, _| {
                s.push(
                    Effect::UnionAttach {
                        seat,
                        card,
                        suit: Suit::Mobilization,
                    }
                    .into(),
                )
            },
            Suit::Event | Suit::Faithful | Suit::Zeal | Suit::Wisdom => |_, _, _, _| {},
        },
    }
}

static ADMIN_UNION_PRELUDE: [PreludeAbility; 1] = [union_prelude(Suit::Administration)];
pub static ADMIN_UNION: Behavior = Behavior {
    code: "ARCS-BC04",
    preludes: &ADMIN_UNION_PRELUDE,
    ..Behavior::NONE
};
static CONSTRUCTION_UNION_PRELUDE: [PreludeAbility; 1] = [union_prelude(Suit::Construction)];
pub static CONSTRUCTION_UNION: Behavior = Behavior {
    code: "ARCS-BC05",
    preludes: &CONSTRUCTION_UNION_PRELUDE,
    ..Behavior::NONE
};

// ------------------------------------------------------------ procedures

/// The Unions' procedure.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "effect")]
pub enum Effect {
    /// Attach a Union to a face-up played card of its suit.
    UnionAttach {
        seat: Seat,
        card: CardId,
        suit: Suit,
    },
}

impl Procedure for Effect {
    fn seat_card(&self) -> (Seat, CardId) {
        match *self {
            Effect::UnionAttach { seat, card, .. } => (seat, card),
        }
    }

    fn what(&self, _s: &GameState) -> String {
        "attach to which face-up played card?".into()
    }

    fn choices(&self, s: &GameState, out: &mut Vec<Choice>) {
        match *self {
            Effect::UnionAttach { suit, .. } => {
                out.extend(union_targets(s, suit).map(Choice::ActionCard))
            }
        }
    }

    fn resolve(self, s: &mut GameState, choice: Choice, ev: &mut dyn Sink) {
        match self {
            Effect::UnionAttach { seat, card, .. } => {
                s.pop();
                if let Choice::ActionCard(target) = choice {
                    s.seat_mut(seat).remove_guild(card);
                    let _ = s.round.unions.try_push(UnionAttachment {
                        union: card,
                        holder: seat,
                        target,
                        returns: false,
                    });
                    log!(
                        ev,
                        "union",
                        Some(seat),
                        "{seat} attaches {card} to {}.",
                        target.full_name()
                    );
                }
            }
        }
    }

    fn describe(&self, _d: &Describer, c: Choice) -> Option<String> {
        match (*self, c) {
            (Effect::UnionAttach { card, .. }, Choice::ActionCard(a)) => Some(format!(
                "Attach {} to the played {}",
                card_name(card),
                action_card_name(a)
            )),
            _ => None,
        }
    }
}

/// Face-up cards of `suit` played this round, not already under a Union.
pub fn union_targets(s: &GameState, suit: Suit) -> impl Iterator<Item = ActionCard> + '_ {
    s.round
        .plays
        .iter()
        .flatten()
        .filter(move |p| {
            p.face_up()
                && p.card.suit() == suit
                && !s.round.unions.iter().any(|u| u.target == p.card)
        })
        .map(|p| p.card)
}

#[cfg(test)]
mod tests {
    #[test]
    fn every_material_card_has_passing_scenarios() {
        crate::cards::testing::family_scenarios(super::CARDS);
    }
}
