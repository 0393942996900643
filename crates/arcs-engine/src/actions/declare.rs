//! Declaring an ambition (B-AMB).

use crate::event::Sink;
use crate::ids::*;
use crate::log;
use crate::state::{GameState, PlayKind};

/// How a declaration happens; it decides the zero marker.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum DeclareVia {
    /// The initiative holder's lead card (B-AMB-01).
    Lead,
    /// A follower's card through Galactic Bards: no zero marker (C-BC25).
    Follow,
    /// A card effect such as Populist Demands (AMB-29).
    Effect,
}

/// A declaration from the turn window.
pub fn declare(s: &mut GameState, seat: Seat, a: Ambition, ev: &mut dyn Sink) {
    let via = if s.turn.play == PlayKind::Lead && seat == s.initiative && !s.round.lead_declared {
        DeclareVia::Lead
    } else {
        DeclareVia::Follow
    };
    begin_declare(s, seat, a, via, ev);
}

/// Declares, first paying a declaration cost if the seat has one
/// (Feastbringer *Generous*: a Guild card to the poorest Rival, AMB-64).
pub fn begin_declare(
    s: &mut GameState,
    seat: Seat,
    a: Ambition,
    via: DeclareVia,
    ev: &mut dyn Sink,
) {
    if crate::cards::declare_costs_guild(s, seat) {
        let Some(card) = s.seat(seat).leader() else {
            return;
        };
        crate::cards::begin_costly_declare(s, seat, card, a, via.code());
        return;
    }
    declare_with(s, seat, a, via, ev);
}

impl DeclareVia {
    pub fn code(self) -> u8 {
        self as u8
    }
    pub fn from_code(c: u8) -> DeclareVia {
        match c {
            0 => DeclareVia::Lead,
            1 => DeclareVia::Follow,
            _ => DeclareVia::Effect,
        }
    }
}

/// B-AMB-03/04: the best available marker goes to the box; the zero marker
/// covers the lead card unless a rule says otherwise.
pub fn declare_with(
    s: &mut GameState,
    seat: Seat,
    a: Ambition,
    via: DeclareVia,
    ev: &mut dyn Sink,
) {
    let Some(i) = s.best_available_marker() else {
        return;
    };
    s.markers[i].at = Some(a);
    s.round.declared = true;
    let (first, second) = s.markers[i].values(i);
    let zero = match via {
        DeclareVia::Lead => !crate::cards::skip_zero_marker(s, seat, a),
        DeclareVia::Follow => false,
        DeclareVia::Effect => {
            s.lead_card().is_some() && !crate::cards::skip_zero_marker(s, seat, a)
        }
    };
    if via == DeclareVia::Lead {
        s.round.lead_declared = true;
    }
    if zero {
        s.round.zero_marker = true;
    }
    log!(
        ev,
        "declare",
        Some(seat),
        "{seat} declares {a} (marker {first}/{second}){}.",
        if zero {
            "; the zero marker covers the lead card"
        } else {
            ""
        }
    );
    crate::campaign::fates::declared(s, seat, a, ev);
    crate::cards::on_declare(s, seat, a, ev);
}
