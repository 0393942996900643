//! Vox cards BC26–BC31: each resolves when secured, Ransack included.

use crate::cards::effects::Effect;
use crate::cards::Behavior;
use crate::flow::Frame;
use rand::seq::SliceRandom;

/// C-BC26: place a ship in each system of a cluster; discard.
pub static MASS_UPRISING: Behavior = Behavior {
    code: "ARCS-BC26",
    on_secured: Some(|s, seat, card, _| {
        s.court_discard.push(card);
        if s.seat(seat).ships > 0 {
            s.push(Frame::Effect(Effect::MassUprising { seat, card }));
        }
    }),
    ..Behavior::NONE
};

/// C-BC27: may declare any ambition (AMB-29 zero marker); discard.
pub static POPULIST_DEMANDS: Behavior = Behavior {
    code: "ARCS-BC27",
    on_secured: Some(|s, seat, card, _| {
        s.court_discard.push(card);
        if crate::cards::may_declare(s, seat) {
            s.push(Frame::Effect(Effect::Populist { seat, card }));
        }
    }),
    ..Behavior::NONE
};

/// C-BC28: may choose a type; everyone Provokes Outrage of it; discard.
pub static OUTRAGE_SPREADS: Behavior = Behavior {
    code: "ARCS-BC28",
    on_secured: Some(|s, seat, card, _| {
        s.court_discard.push(card);
        s.push(Frame::Effect(Effect::OutrageSpreads { seat, card }));
    }),
    ..Behavior::NONE
};

/// C-BC29: may return a city you control; then may seize; shuffle this
/// into the Court deck (before the refill).
pub static SONG_OF_FREEDOM: Behavior = Behavior {
    code: "ARCS-BC29",
    on_secured: Some(|s, seat, card, _| {
        s.court_deck.push(card);
        s.court_deck.shuffle(&mut s.rng);
        s.push(Frame::Effect(Effect::SongOfFreedom {
            seat,
            card,
            returned: false,
        }));
    }),
    ..Behavior::NONE
};

/// C-BC30: may steal a Guild card; then shuffle the Court discard's Guild
/// cards into the deck (effects.rs); discard this.
pub static GUILD_STRUGGLE: Behavior = Behavior {
    code: "ARCS-BC30",
    on_secured: Some(|s, seat, card, _| {
        s.push(Frame::Effect(Effect::GuildStruggle { seat, card }));
    }),
    ..Behavior::NONE
};

/// C-BC31: draw the bottom card of the action discard; discard this.
pub static CALL_TO_ACTION: Behavior = Behavior {
    code: "ARCS-BC31",
    on_secured: Some(|s, seat, card, ev| {
        s.court_discard.push(card);
        if let Some(&c) = s.draw_from_discard_bottom(1).first() {
            s.seat_mut(seat).hand.insert(c);
            crate::log!(
                ev,
                "draw",
                Some(seat),
                "{seat} draws a card from the bottom of the action discard."
            );
            crate::log_reveal!(ev, seat, "draw", "You draw {}.", c.full_name());
        }
    }),
    ..Behavior::NONE
};
