//! Psionic Guild cards: BC16–BC20.

use crate::cards::effects::{any_steal, Effect, StealFilter};
use crate::cards::{Behavior, PreludeAbility};
use crate::flow::Frame;
use crate::ids::*;

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
            crate::flow::seize_now(s, seat);
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
        let card = crate::ids::CardId::parse("ARCS-BC17").expect("catalog has BC17");
        s.push(Frame::Effect(Effect::FarseersLook { seat, card }));
    }),
    preludes: &[PreludeAbility {
        what: "discard action cards and draw one more from the bottom of the action discard",
        discard: true,
        first: false,
        once_per_turn: false,
        possible: |_, _| true,
        run: |s, seat, card, _| s.push(Frame::Effect(Effect::FarseersDiscard { seat, card, n: 0 })),
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
            s.push(Frame::Effect(Effect::Steal {
                seat,
                card,
                filter: StealFilter::ResourceOrGuild,
                left: 1,
                optional: false,
            }))
        },
    }],
    ..Behavior::NONE
};
