//! Relic Guild cards: BC21–BC25.

use crate::cards::effects::{trade_cities, Effect};
use crate::cards::{Behavior, NewAction, PreludeAbility};
use crate::flow::Frame;
use crate::ids::*;

/// C-BC21: spend any resource as Relic, ignoring Relic Outrage.
pub static LOYAL_KEEPERS: Behavior = Behavior {
    code: "ARCS-BC21",
    spend_as: Some(Resource::Relic),
    keep_on_outrage: true,
    ..Behavior::NONE
};

/// C-BC22: Rivals cannot steal the holder's resources and other Guild
/// cards; if stolen, it is buried.
pub static SWORN_GUARDIANS: Behavior = Behavior {
    code: "ARCS-BC22",
    // Rivals cannot steal the holder's resources or other Guild cards; the
    // card itself can be stolen (AMB-63).
    guard: Some(
        |_, _, _, loot| !matches!(loot, crate::choice::Loot::Card(c) if c.code() == "ARCS-BC22"),
    ),
    bury_when_stolen: true,
    ..Behavior::NONE
};

/// C-BC23: Trade (Tax); Prelude: discard to gain Material, Fuel, Weapon.
pub static ELDER_BROKER: Behavior = Behavior {
    code: "ARCS-BC23",
    new_actions: &[NewAction {
        name: "Trade",
        std: StdAction::Tax,
        possible: |s, seat| trade_cities(s, seat).next().is_some(),
        start: |s, seat, _, _| {
            let card = crate::ids::CardId::parse("ARCS-BC23").expect("catalog has BC23");
            s.push(Frame::Effect(Effect::Trade {
                seat,
                card,
                city: None,
            }))
        },
    }],
    preludes: &[PreludeAbility {
        what: "gain a Material, a Fuel and a Weapon",
        discard: true,
        first: false,
        once_per_turn: false,
        possible: |_, _| true,
        run: |s, seat, _, ev| {
            for r in [Resource::Material, Resource::Fuel, Resource::Weapon] {
                s.gain(seat, r, ev);
            }
        },
    }],
    ..Behavior::NONE
};

/// C-BC24: Prelude, once per turn: discard 1 resource to gain 1 Relic
/// (not usable with the Relic supply empty, ruling in rules-base.md §3).
pub static RELIC_FENCE: Behavior = Behavior {
    code: "ARCS-BC24",
    preludes: &[PreludeAbility {
        what: "discard a resource to gain a Relic",
        discard: false,
        first: false,
        once_per_turn: true,
        possible: |s, seat| {
            s.supply[Resource::Relic.index()] > 0 && s.seat(seat).resource_count() > 0
        },
        run: |s, seat, card, _| s.push(Frame::Effect(Effect::RelicFence { seat, card })),
    }],
    ..Behavior::NONE
};

/// C-BC25: declare on a Surpass or Pivot when nobody declared this round;
/// no zero marker.
pub static GALACTIC_BARDS: Behavior = Behavior {
    code: "ARCS-BC25",
    declare_on_follow: true,
    ..Behavior::NONE
};
