//! Fuel Guild cards: BC06–BC10.

use super::common::*;
use super::guild_material::union_prelude;
use crate::cards::effects::{any_steal, Effect, StealFilter};
use crate::cards::{Behavior, NewAction, PreludeAbility};
use crate::flow::Frame;
use crate::ids::*;

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
                s.push(Frame::Effect(Effect::Gatekeepers {
                    seat,
                    card,
                    done: 0,
                }));
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
