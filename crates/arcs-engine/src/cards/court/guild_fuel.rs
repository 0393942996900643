//! Fuel Guild cards: BC06–BC10, and Gatekeepers' procedure ([`Effect`]).

use super::common::*;
use super::guild_material::union_prelude;
use crate::cards::frame::Procedure;
use crate::cards::shared::{any_steal, StealFilter};
use crate::cards::{Behavior, NewAction, PreludeAbility};
use crate::choice::Choice;
use crate::describe::Describer;
use crate::event::Sink;
use crate::ids::*;
use crate::state::GameState;
use serde::{Deserialize, Serialize};

/// Every Fuel Guild card.
pub static CARDS: &[&Behavior] = &[
    &FUEL_CARTEL,
    &LOYAL_PILOTS,
    &GATEKEEPERS,
    &SHIPPING_INTEREST,
    &SPACING_UNION,
];

/// C-BC06: as Material Cartel, for Fuel.
pub static FUEL_CARTEL: Behavior = Behavior {
    code: "ARCS-BC06",
    holds_supply: Some(Resource::Fuel),
    after_scoring: Some(|s, seat, ev| cartel_after_scoring(s, seat, Resource::Fuel, ev)),
    preludes: &[PreludeAbility {
        what: "steal a Fuel",
        discard: true,
        first: false,
        once_per_turn: false,
        possible: |s, seat| any_steal(s, seat, StealFilter::Resource(Resource::Fuel)),
        run: |s, seat, card, _| cartel_steal(s, seat, card, Resource::Fuel),
    }],
    ..Behavior::NONE
};

/// C-BC07: spend any resource as Fuel, ignoring Fuel Outrage; kept on Outrage.
pub static LOYAL_PILOTS: Behavior = Behavior {
    code: "ARCS-BC07",
    spend_as: Some(Resource::Fuel),
    keep_on_outrage: true,
    ..Behavior::NONE
};

/// C-BC08: +2 dice when battling in a gate; Prelude: discard to place a
/// ship in each in-play gate.
pub static GATEKEEPERS: Behavior = Behavior {
    code: "ARCS-BC08",
    extra_dice: Some(|_, _, sys| if sys.is_gate() { 2 } else { 0 }),
    preludes: &[PreludeAbility {
        what: "place a ship in each gate",
        discard: true,
        first: false,
        once_per_turn: false,
        possible: |s, seat| s.seat(seat).ships > 0,
        run: |s, seat, card, ev| {
            let gates: Vec<SystemId> = s.systems_in_play().filter(|g| g.is_gate()).collect();
            if s.seat(seat).ships as usize >= gates.len() {
                for g in gates {
                    s.place_ships(seat.owner(), g, 1, false);
                }
                crate::log!(
                    ev,
                    "place",
                    Some(seat),
                    "{seat} places a ship in each gate."
                );
            } else {
                // P-max: too few ships; the player picks the gates.
                s.push(
                    Effect::Gatekeepers {
                        seat,
                        card,
                        done: 0,
                    }
                    .into(),
                );
            }
        },
    }],
    ..Behavior::NONE
};

/// C-BC09: as Mining Interest, for Fuel (Synthesize).
pub static SHIPPING_INTEREST: Behavior = Behavior {
    code: "ARCS-BC09",
    new_actions: &[NewAction {
        name: "Synthesize",
        std: StdAction::Build,
        possible: |_, _| true,
        start: |s, seat, _, ev| gain_one(s, seat, Resource::Fuel, ev),
    }],
    preludes: &[PreludeAbility {
        what: "gain Fuel up to your empty resource slots",
        discard: true,
        first: false,
        once_per_turn: false,
        possible: |_, _| true,
        run: |s, seat, card, _| interest_prelude(s, seat, card, Resource::Fuel),
    }],
    ..Behavior::NONE
};

static SPACING_UNION_PRELUDE: [PreludeAbility; 1] = [union_prelude(Suit::Mobilization)];
pub static SPACING_UNION: Behavior = Behavior {
    code: "ARCS-BC10",
    preludes: &SPACING_UNION_PRELUDE,
    ..Behavior::NONE
};

// ------------------------------------------------------------ procedures

/// Gatekeepers' procedure.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "effect")]
pub enum Effect {
    /// Gatekeepers with too few ships: choose gates one by one.
    Gatekeepers { seat: Seat, card: CardId, done: u32 },
}

impl Procedure for Effect {
    fn seat_card(&self) -> (Seat, CardId) {
        match *self {
            Effect::Gatekeepers { seat, card, .. } => (seat, card),
        }
    }

    fn what(&self, _s: &GameState) -> String {
        "place a ship in which gate?".into()
    }

    fn choices(&self, s: &GameState, out: &mut Vec<Choice>) {
        match *self {
            Effect::Gatekeepers { done, .. } => {
                out.extend(
                    s.systems_in_play()
                        .filter(|g| g.is_gate() && done & g.bit() == 0)
                        .map(Choice::System),
                );
            }
        }
    }

    fn resolve(self, s: &mut GameState, choice: Choice, _ev: &mut dyn Sink) {
        match self {
            Effect::Gatekeepers { seat, card, done } => {
                if let Choice::System(g) = choice {
                    s.place_ships(seat.owner(), g, 1, false);
                    let done = done | g.bit();
                    if s.seat(seat).ships == 0 {
                        s.pop();
                    } else {
                        s.set_top(Effect::Gatekeepers { seat, card, done }.into());
                    }
                } else {
                    s.pop();
                }
            }
        }
    }

    fn describe(&self, _d: &Describer, c: Choice) -> Option<String> {
        match (*self, c) {
            (Effect::Gatekeepers { .. }, Choice::System(x)) => Some(format!("Place a ship in {x}")),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn every_fuel_card_has_passing_scenarios() {
        crate::cards::testing::family_scenarios(super::CARDS);
    }
}
