//! Weapon Guild cards: BC11–BC15, and their procedures ([`Effect`]).

use super::common::*;
use super::guild_material::union_prelude;
use crate::cards::frame::Procedure;
use crate::cards::shared::weapon_icons;
use crate::cards::PreludeAbility;
use crate::cards::{Behavior, NewAction, Reroll};
use crate::choice::Choice;
use crate::data::DieKind;
use crate::describe::Describer;
use crate::event::Sink;
use crate::ids::*;
use crate::log;
use crate::state::{GameState, TrophyKind};
use serde::{Deserialize, Serialize};

/// Every Weapon Guild card.
pub static CARDS: &[&Behavior] = &[
    &ARMS_UNION,
    &PRISON_WARDENS,
    &SKIRMISHERS,
    &COURT_ENFORCERS,
    &LOYAL_MARINES,
];

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
                let card = crate::card_id!("ARCS-BC12");
                s.push(Effect::Pressgang { seat, card }.into())
            },
        },
        NewAction {
            name: "Execute",
            std: StdAction::Influence,
            possible: |_, _| true,
            start: |s, seat, _, _| {
                let card = crate::card_id!("ARCS-BC12");
                s.push(Effect::Execute { seat, card }.into())
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
            let card = crate::card_id!("ARCS-BC14");
            s.push(Effect::Abduct { seat, card }.into())
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

// ------------------------------------------------------------ procedures

/// The Weapon Guild cards' procedures.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "effect")]
pub enum Effect {
    /// Return Captives one at a time, gaining a resource for each.
    Pressgang { seat: Seat, card: CardId },
    /// Move Captives to Trophies one at a time.
    Execute { seat: Seat, card: CardId },
    /// Court Enforcers' Abduct.
    Abduct { seat: Seat, card: CardId },
}

impl Procedure for Effect {
    fn seat_card(&self) -> (Seat, CardId) {
        use Effect::*;
        match *self {
            Pressgang { seat, card } | Execute { seat, card } | Abduct { seat, card } => {
                (seat, card)
            }
        }
    }

    fn what(&self, _s: &GameState) -> String {
        use Effect::*;
        match self {
            Pressgang { .. } => "return a Captive (whose?) to gain a resource, or stop".into(),
            Execute { .. } => "move a Captive (whose?) to your Trophies, or stop".into(),
            Abduct { .. } => "capture the Rival agents on which Court card?".into(),
        }
    }

    fn choices(&self, s: &GameState, out: &mut Vec<Choice>) {
        use Effect::*;
        match *self {
            Pressgang { seat, .. } | Execute { seat, .. } => {
                for o in s.seat_ids() {
                    if s.seat(seat).captives[o.index()] > 0 {
                        out.push(Choice::Player(o));
                    }
                }
                out.push(Choice::Done);
            }
            Abduct { seat, .. } => {
                out.extend(abduct_targets(s, seat).map(|p| Choice::Court(p as u8)))
            }
        }
    }

    fn resolve(self, s: &mut GameState, choice: Choice, ev: &mut dyn Sink) {
        use Effect::*;
        match self {
            Pressgang { seat, card } => {
                if let Choice::Player(o) = choice {
                    s.seat_mut(seat).captives[o.index()] -= 1;
                    s.return_agents(o, 1);
                    log!(
                        ev,
                        "pressgang",
                        Some(seat),
                        "{seat} returns a Captive to {o}."
                    );
                    s.push(crate::cards::shared::Effect::GainAny { seat, card }.into());
                } else {
                    s.pop();
                }
            }
            Execute { seat, .. } => {
                if let Choice::Player(o) = choice {
                    s.seat_mut(seat).captives[o.index()] -= 1;
                    s.gain_trophies(seat, o.owner(), TrophyKind::Agent, 1, ev);
                    log!(
                        ev,
                        "execute",
                        Some(seat),
                        "{seat} moves a Captive of {o} to their Trophies."
                    );
                } else {
                    s.pop();
                }
            }
            Abduct { seat, .. } => {
                s.pop();
                if let Choice::Court(p) = choice {
                    let slot = &mut s.court[p as usize];
                    let mut taken = [0u8; MAX_OWNERS];
                    for (i, n) in slot.agents.iter_mut().enumerate() {
                        if i != seat.index() {
                            taken[i] = std::mem::take(n);
                        }
                    }
                    let total: u8 = taken.iter().sum();
                    for (i, n) in taken.iter().enumerate() {
                        s.seat_mut(seat).captives[i] += n;
                    }
                    for x in Seat::all(s.players) {
                        crate::campaign::fates::captured(s, seat, x, taken[x.index()], ev);
                    }
                    log!(
                        ev,
                        "abduct",
                        Some(seat),
                        "{seat} abducts {} from the Court.",
                        crate::describe::count_of(total, "Rival agent", "Rival agents")
                    );
                }
            }
        }
    }

    fn describe(&self, d: &Describer, c: Choice) -> Option<String> {
        use Effect::*;
        Some(match (*self, c) {
            (Pressgang { .. }, Choice::Player(o)) => {
                format!("Return a Captive to {} and gain a resource", d.seat_name(o))
            }
            (Execute { .. }, Choice::Player(o)) => {
                format!("Move a Captive of {} to your Trophies", d.seat_name(o))
            }
            (Pressgang { .. } | Execute { .. }, Choice::Done) => "Stop returning Captives".into(),
            (Abduct { .. }, Choice::Court(i)) => {
                format!("Capture the Rival agents on {}", d.court(i))
            }
            _ => return None,
        })
    }
}

/// C-BC14 / AMB-66: Court cards with fewer Rival agents (all Rivals) than W.
pub fn abduct_targets(s: &GameState, seat: Seat) -> impl Iterator<Item = usize> + '_ {
    let w = weapon_icons(s, seat);
    (0..s.court.len()).filter(move |&p| {
        let slot = &s.court[p];
        let rivals: u8 = slot
            .agents
            .iter()
            .enumerate()
            .filter(|(i, _)| *i != seat.index())
            .map(|(_, n)| *n)
            .sum();
        slot.card.is_some() && rivals < w
    })
}

#[cfg(test)]
mod tests {
    #[test]
    fn every_weapon_card_has_passing_scenarios() {
        crate::cards::testing::family_scenarios(super::CARDS);
    }
}
