//! Weapon Guild cards: BC11–BC15.

use super::common::*;
use super::guild_material::union;
use crate::cards::effects::{abduct_targets, weapon_icons, Effect};
use crate::cards::{Behavior, NewAction, Reroll};
use crate::data::DieKind;
use crate::flow::Frame;
use crate::ids::*;

pub static ARMS_UNION: Behavior = union("ARCS-BC11", Suit::Aggression);

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
    prelude: Some(PLACE_3_SHIPS),
    ..Behavior::NONE
};

/// C-BC13: reroll up to W skirmish dice after rolling; Prelude: 3 ships.
pub static SKIRMISHERS: Behavior = Behavior {
    code: "ARCS-BC13",
    reroll: Some(Reroll {
        die: DieKind::Skirmish,
        what: "reroll how many blank skirmish dice?",
        max: |s, seat, _| weapon_icons(s, seat),
    }),
    prelude: Some(PLACE_3_SHIPS),
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
    prelude: Some(PLACE_3_SHIPS),
    ..Behavior::NONE
};

/// C-BC15: spend any resource as Weapon, ignoring Weapon Outrage; kept on
/// Outrage; Prelude: 3 ships.
pub static LOYAL_MARINES: Behavior = Behavior {
    code: "ARCS-BC15",
    spend_as: Some(Resource::Weapon),
    keep_on_outrage: true,
    prelude: Some(PLACE_3_SHIPS),
    ..Behavior::NONE
};
