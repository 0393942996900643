//! Material Guild cards: BC01–BC05.

use super::common::*;
use crate::cards::effects::{any_steal, union_targets, Effect, StealFilter};
use crate::cards::{Behavior, NewAction, PreludeAbility};
use crate::flow::Frame;
use crate::ids::*;

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
        },
        discard: false,
        first: false,
        once_per_turn: false,
        possible: match suit {
            Suit::Administration => |s, _| union_targets(s, Suit::Administration).next().is_some(),
            Suit::Aggression => |s, _| union_targets(s, Suit::Aggression).next().is_some(),
            Suit::Construction => |s, _| union_targets(s, Suit::Construction).next().is_some(),
            Suit::Mobilization => |s, _| union_targets(s, Suit::Mobilization).next().is_some(),
        },
        run: match suit {
            Suit::Administration => |s, seat, card, _| {
                s.push(Frame::Effect(Effect::UnionAttach {
                    seat,
                    card,
                    suit: Suit::Administration,
                }))
            },
            Suit::Aggression => |s, seat, card, _| {
                s.push(Frame::Effect(Effect::UnionAttach {
                    seat,
                    card,
                    suit: Suit::Aggression,
                }))
            },
            Suit::Construction => |s, seat, card, _| {
                s.push(Frame::Effect(Effect::UnionAttach {
                    seat,
                    card,
                    suit: Suit::Construction,
                }))
            },
            Suit::Mobilization => |s, seat, card, _| {
                s.push(Frame::Effect(Effect::UnionAttach {
                    seat,
                    card,
                    suit: Suit::Mobilization,
                }))
            },
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
