//! The Founder (Fate Set 2, an "A" Fate), Act I: its setup (F201A), its
//! objective (F201B) and Parade Fleets (F202). Campaign rules p8, p10–11,
//! p15; `reference/campaign.md` §2.2.

use crate::campaign::fates::{advance_objective, FateDef, FateEvent};
use crate::cards::frame::Procedure;
use crate::cards::Behavior;
use crate::choice::Choice;
use crate::describe::Describer;
use crate::event::Sink;
use crate::ids::*;
use crate::log;
use crate::state::GameState;
use serde::{Deserialize, Serialize};

/// The Founder's cards with behaviour.
pub static CARDS: &[&Behavior] = &[&PARADE_FLEETS];

/// The Fate.
pub static FATE: FateDef = FateDef {
    number: 2,
    card: "ARCS-FATE02",
    setup: [Some(setup_act_one), None, None],
    resolution: None,
    resolutions: ["", ""],
    on: Some(objective),
    grand: None,
    final_objective: false,
    leave: None,
};

/// F201A: gain Parade Fleets.
fn setup_act_one(s: &mut GameState, seat: Seat, ev: &mut dyn Sink) {
    s.seat_mut(seat).add_guild(crate::card_id!("ARCS-F202"));
    log!(ev, "setup", Some(seat), "{seat} gains Parade Fleets.");
}

/// The systems `seat` controls for an objective at the end of a chapter:
/// those where its own fresh ships control (B-CORE-02). An Empire-controlled
/// system never counts for an Outlaw: the Presence Law is a Regent's, on
/// its turn, and the First Regent's privilege (p10) is a Regent's too
/// (docs/rulings.md R-CAMP-FOUNDER-CONTROL).
pub fn systems_controlled(s: &GameState, seat: Seat) -> u8 {
    s.systems_in_play()
        .filter(|x| s.controller(*x) == Some(seat.owner()))
        .count() as u8
}

/// F201B. *Inspire Confidence in the Cause*: while an Outlaw, advance 3 for
/// each ambition won. *Defy the Empire's Grip*: at the end of a chapter,
/// if an Outlaw, advance 1 for each system controlled.
fn objective(s: &mut GameState, me: Seat, e: &FateEvent, ev: &mut dyn Sink) {
    if !s.is_outlaw(me) {
        return;
    }
    let (n, why) = match *e {
        FateEvent::AmbitionWon { seat, ambition, .. } if seat == me => (
            3,
            format!("Inspire Confidence in the Cause: {me}, an Outlaw, wins {ambition}"),
        ),
        FateEvent::ChapterEnd => {
            let n = systems_controlled(s, me);
            (
                n,
                format!(
                    "Defy the Empire's Grip: {me}, an Outlaw, controls {} at the end of the \
                     chapter",
                    crate::describe::plural(n, "system", "systems")
                ),
            )
        }
        _ => return,
    };
    let open = s.campaign().is_some_and(|c| c.objective[me.index()] > 0);
    if n > 0 && open {
        log!(ev, "objective", Some(me), "{why}.");
        advance_objective(s, me, n, ev);
    }
}

/// F202 Parade Fleets: "When you declare an ambition, you may place 2
/// fresh ships at a Free city. Then, if you are a Regent, you may become
/// an Outlaw." Every declaration (the lead card, Populist Demands, any
/// card effect) reaches it through `actions::declare::declare_with`.
pub static PARADE_FLEETS: Behavior = Behavior {
    code: "ARCS-F202",
    on_declare: Some(|s, seat, _, _| {
        let card = crate::card_id!("ARCS-F202");
        if parade_ships(s, seat) > 0 && free_city_systems(s) != 0 {
            s.push(Effect::Parade { seat, card }.into());
        } else if s.is_regent(seat) {
            s.push(Effect::Defect { seat, card }.into());
        }
    }),
    ..Behavior::NONE
};

/// How many ships Parade Fleets places: 2, or what the supply has left
/// (docs/rulings.md R-CAMP-FOUNDER-SUPPLY).
fn parade_ships(s: &GameState, seat: Seat) -> u8 {
    s.seat(seat).ships.min(2)
}

/// The systems in play with a Free city (fresh or damaged), a bit each.
fn free_city_systems(s: &GameState) -> u32 {
    if !s.is_campaign() {
        return 0;
    }
    s.board.cities(Owner::Free) & s.in_play
}

// ------------------------------------------------------------ procedures

#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "effect")]
pub enum Effect {
    /// Parade Fleets: place the ships at the system of a Free city, or not;
    /// then, a Regent, [`Effect::Defect`].
    Parade { seat: Seat, card: CardId },
    /// Parade Fleets: a Regent may become an Outlaw.
    Defect { seat: Seat, card: CardId },
}

impl Procedure for Effect {
    fn seat_card(&self) -> (Seat, CardId) {
        match *self {
            Effect::Parade { seat, card } | Effect::Defect { seat, card } => (seat, card),
        }
    }

    fn what(&self, s: &GameState) -> String {
        match *self {
            Effect::Parade { seat, .. } => format!(
                "place {} at a Free city?",
                crate::describe::plural(parade_ships(s, seat), "fresh ship", "fresh ships")
            ),
            Effect::Defect { .. } => "become an Outlaw?".into(),
        }
    }

    fn choices(&self, s: &GameState, out: &mut Vec<Choice>) {
        match *self {
            Effect::Parade { .. } => {
                out.extend(crate::state::systems_in(free_city_systems(s)).map(Choice::System));
                out.push(Choice::No);
            }
            Effect::Defect { .. } => {
                out.push(Choice::Yes);
                out.push(Choice::No);
            }
        }
    }

    fn resolve(self, s: &mut GameState, choice: Choice, ev: &mut dyn Sink) {
        match self {
            Effect::Parade { seat, card } => {
                s.pop();
                if let Choice::System(x) = choice {
                    let n = s.place_ships(seat.owner(), x, parade_ships(s, seat), false);
                    log!(
                        ev,
                        "place",
                        Some(seat),
                        { systems: vec![x] },
                        "Parade Fleets: {seat} places {} in {x}, at a Free city.",
                        crate::describe::plural(n, "fresh ship", "fresh ships")
                    );
                }
                // "Then, if you are a Regent, you may become an Outlaw."
                if s.is_regent(seat) {
                    s.push(Effect::Defect { seat, card }.into());
                }
            }
            Effect::Defect { seat, .. } => {
                s.pop();
                if choice == Choice::Yes {
                    crate::campaign::empire::become_outlaw(s, seat, ev);
                }
            }
        }
    }

    fn describe(&self, d: &Describer, c: Choice) -> Option<String> {
        Some(match (*self, c) {
            (Effect::Parade { seat, .. }, Choice::System(x)) => format!(
                "Place {} in {x}, at its Free city",
                crate::describe::plural(parade_ships(d.s, seat), "fresh ship", "fresh ships")
            ),
            (Effect::Parade { .. }, Choice::No) => "Place no ships".into(),
            (Effect::Defect { seat, .. }, Choice::Yes) => {
                if d.s.first_regent() == Some(seat) {
                    "Become an Outlaw, giving up the First Regent tile".into()
                } else {
                    "Become an Outlaw".into()
                }
            }
            (Effect::Defect { .. }, Choice::No) => "Stay a Regent".into(),
            _ => return None,
        })
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn every_founder_card_has_passing_scenarios() {
        crate::cards::testing::family_scenarios(super::CARDS);
    }
}
