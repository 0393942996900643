//! Weapon Guild cards: BC11–BC15.

use super::common::*;
use super::guild_material::union_prelude;
use crate::cards::effects::{abduct_targets, weapon_icons, Effect};
use crate::cards::PreludeAbility;
use crate::cards::{Behavior, NewAction, Reroll};
use crate::data::DieKind;
use crate::flow::Frame;
use crate::ids::*;

static ARMS_UNION_PRELUDE: [PreludeAbility; 1] = [union_prelude(Suit::Aggression)];
pub static ARMS_UNION: Behavior = Behavior {
    code: "ARCS-BC11",
    preludes: &ARMS_UNION_PRELUDE,
    ..Behavior::NONE
};

/// C-BC12: Pressgang (Build), Execute (Influence); Prelude: 3 ships.
pub static PRISON_WARDENS: Behavior = Behavior {
    code: "ARCS-BC12",
    new_actions: &[
        NewAction {
            name: "Pressgang",
            std: StdAction::Build,
            possible: |_, _| true,
            start: |s, seat, _, _| {
                let card = crate::ids::CardId::parse("ARCS-BC12").expect("catalog has BC12");
                s.push(Frame::Effect(Effect::Pressgang { seat, card }))
            },
        },
        NewAction {
            name: "Execute",
            std: StdAction::Influence,
            possible: |_, _| true,
            start: |s, seat, _, _| {
                let card = crate::ids::CardId::parse("ARCS-BC12").expect("catalog has BC12");
                s.push(Frame::Effect(Effect::Execute { seat, card }))
            },
        },
    ],
    preludes: &[PLACE_3_SHIPS],
    ..Behavior::NONE
};

/// C-BC13: reroll up to W skirmish dice after rolling; Prelude: 3 ships.
pub static SKIRMISHERS: Behavior = Behavior {
    code: "ARCS-BC13",
    reroll: Some(Reroll {
        kinds: 1 << DieKind::Skirmish as u8,
        what: "reroll skirmish dice (up to your Weapon icons)",
        max: |s, seat, _, _| weapon_icons(s, seat),
        outside_battle: false,
    }),
    preludes: &[PLACE_3_SHIPS],
    ..Behavior::NONE
};

/// C-BC14: Abduct (Battle); Prelude: 3 ships.
pub static COURT_ENFORCERS: Behavior = Behavior {
    code: "ARCS-BC14",
    new_actions: &[NewAction {
        name: "Abduct",
        std: StdAction::Battle,
        possible: |s, seat| abduct_targets(s, seat).next().is_some(),
        start: |s, seat, _, _| {
            let card = crate::ids::CardId::parse("ARCS-BC14").expect("catalog has BC14");
            s.push(Frame::Effect(Effect::Abduct { seat, card }))
        },
    }],
    preludes: &[PLACE_3_SHIPS],
    ..Behavior::NONE
};

/// C-BC15: spend any resource as Weapon, ignoring Weapon Outrage; kept on
/// Outrage; Prelude: 3 ships.
pub static LOYAL_MARINES: Behavior = Behavior {
    code: "ARCS-BC15",
    spend_as: Some(Resource::Weapon),
    keep_on_outrage: true,
    preludes: &[PLACE_3_SHIPS],
    ..Behavior::NONE
};
