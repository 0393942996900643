//! Base-game leaders LEAD01–LEAD08 (rules-base.md §3.4), and their
//! procedures ([`Effect`]; the Copy/Pivot bonus is in `leaders/mod.rs`).

use super::{outrage_in_setup, tax_bonus};
use crate::cards::frame::Procedure;
use crate::cards::{Behavior, CopyPivotBonus, ScoreRule};
use crate::choice::Choice;
use crate::describe::{card_name, resource_name, Describer};
use crate::event::Sink;
use crate::ids::*;
use crate::log;
use crate::state::GameState;
use serde::{Deserialize, Serialize};

/// Every base-game leader.
pub static CARDS: &[&Behavior] = &[
    &ELDER,
    &MYSTIC,
    &FUEL_DRINKER,
    &UPSTART,
    &REBEL,
    &WARRIOR,
    &FEASTBRINGER,
    &DEMAGOGUE,
];

/// Elder: *Beloved* (influence after defending if the attacker took
/// Trophies; no Ransack against the Elder in battle), *Just* (Tyrant).
pub static ELDER: Behavior = Behavior {
    code: "ARCS-LEAD01",
    no_ransack_against: true,
    after_battle: Some(|s, seat, b, _| {
        if b.defender == seat.owner()
            && b.took_trophies
            && crate::actions::court::can_influence(s, seat)
        {
            let card = s.seat(seat).leader().expect("the Elder's leader card");
            s.push(Effect::Influence { seat, card }.into());
        }
    }),
    score_rule: Some(ScoreRule::SecondForFirst(Ambition::Tyrant)),
    ..Behavior::NONE
};

/// Mystic: *Attuned* (+1 Psionic on a Copy/Pivot tax), *Cryptic* (starts
/// Material- and Fuel-Outraged).
pub static MYSTIC: Behavior = Behavior {
    code: "ARCS-LEAD02",
    after_tax: Some(|s, seat, done, ev| tax_bonus(s, seat, done, Resource::Psionic, ev)),
    setup: Some(|s, seat, _, ev| {
        outrage_in_setup(s, seat, &[Resource::Material, Resource::Fuel], ev)
    }),
    ..Behavior::NONE
};

/// Fuel-Drinker: *Insatiable* (+1 Fuel on a Copy/Pivot tax), *Lavish*
/// (after scoring, discard all Fuel if Tycoon was scored).
pub static FUEL_DRINKER: Behavior = Behavior {
    code: "ARCS-LEAD03",
    after_tax: Some(|s, seat, done, ev| tax_bonus(s, seat, done, Resource::Fuel, ev)),
    after_scoring: Some(|s, seat, ev| {
        if s.ambition_declared(Ambition::Tycoon) {
            let mut n = 0;
            for slot in 0..7 {
                if s.seat(seat).resources[slot] == Some(Resource::Fuel) {
                    s.discard_slot(seat, slot);
                    n += 1;
                }
            }
            crate::log!(
                ev,
                "discard",
                Some(seat),
                "{seat} discards {n} Fuel (Lavish)."
            );
        }
    }),
    ..Behavior::NONE
};

/// Upstart: *Ambitious* (gain any resource when declaring), *Callow* (tax
/// Loyal cities only where you control them).
pub static UPSTART: Behavior = Behavior {
    code: "ARCS-LEAD04",
    on_declare: Some(|s, seat, _, _| {
        let card = s.seat(seat).leader().expect("the Upstart's leader card");
        s.push(Effect::Ambitious { seat, card }.into());
    }),
    tax_loyal: Some(|s, seat, sys| s.controls(seat, sys)),
    ..Behavior::NONE
};

/// Rebel: *Committed* (+2 dice), *Disorganized* (at most 2 ships a move).
pub static REBEL: Behavior = Behavior {
    code: "ARCS-LEAD05",
    extra_dice: Some(|_, _, _| 2),
    max_move: Some(2),
    ..Behavior::NONE
};

/// Warrior: *Tactical* (a Move before or after a Copy/Pivot Battle),
/// *Violent* (Empath).
pub static WARRIOR: Behavior = Behavior {
    code: "ARCS-LEAD06",
    copy_pivot: Some(CopyPivotBonus {
        main: StdAction::Battle,
        extra: StdAction::Move,
        before_or_after: true,
    }),
    score_rule: Some(ScoreRule::SecondForFirst(Ambition::Empath)),
    ..Behavior::NONE
};

/// Feastbringer: *Charismatic* (an Influence before or after a Copy/Pivot
/// Secure), *Generous* (declaring costs a Guild card).
pub static FEASTBRINGER: Behavior = Behavior {
    code: "ARCS-LEAD07",
    copy_pivot: Some(CopyPivotBonus {
        main: StdAction::Secure,
        extra: StdAction::Influence,
        before_or_after: true,
    }),
    declare_costs_guild: true,
    ..Behavior::NONE
};

/// Demagogue: *Bold* (influence any Court cards once each when declaring),
/// *Paranoid* (2 agents to secure a Guild card; not when Ransacking).
pub static DEMAGOGUE: Behavior = Behavior {
    code: "ARCS-LEAD08",
    on_declare: Some(|s, seat, _, _| {
        let card = s.seat(seat).leader().expect("the Demagogue's leader card");
        s.push(
            Effect::Bold {
                seat,
                card,
                done: 0,
            }
            .into(),
        );
    }),
    guild_secure_min: 2,
    ..Behavior::NONE
};

/// Feastbringer *Generous*: declaring costs a Guild card, given to the
/// Rival with the least Power first (AMB-64); the declaration follows in
/// the procedure. `via` is the declaration's `DeclareVia` code.
pub(crate) fn begin_generous(
    s: &mut GameState,
    seat: Seat,
    card: CardId,
    ambition: Ambition,
    via: u8,
) {
    s.push(
        Effect::Generous {
            seat,
            card,
            ambition,
            via,
        }
        .into(),
    );
}

// ------------------------------------------------------------ procedures

/// The base leaders' procedures.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "effect")]
pub enum Effect {
    /// Feastbringer *Generous*: give a Guild card, then declare.
    Generous {
        seat: Seat,
        card: CardId,
        ambition: Ambition,
        via: u8,
    },
    /// Upstart *Ambitious*: gain any resource, or not.
    Ambitious { seat: Seat, card: CardId },
    /// Demagogue *Bold*: influence Court cards, each at most once.
    Bold { seat: Seat, card: CardId, done: u8 },
    /// An optional Influence (Elder *Beloved*, Warlord's Terror).
    Influence { seat: Seat, card: CardId },
}

impl Procedure for Effect {
    fn seat_card(&self) -> (Seat, CardId) {
        use Effect::*;
        match *self {
            Generous { seat, card, .. }
            | Ambitious { seat, card }
            | Bold { seat, card, .. }
            | Influence { seat, card } => (seat, card),
        }
    }

    fn what(&self, _s: &GameState) -> String {
        use Effect::*;
        match self {
            Generous { .. } => {
                "give which Guild card to your Rival with the least Power (the cost of declaring)?"
                    .into()
            }
            Ambitious { .. } => "gain which resource (or none)?".into(),
            Bold { .. } => "place an agent on which Court card (each at most once)?".into(),
            Influence { .. } => "influence (place an agent) on which Court card, or not?".into(),
        }
    }

    fn choices(&self, s: &GameState, out: &mut Vec<Choice>) {
        use Effect::*;
        match *self {
            Generous { seat, .. } => {
                out.extend(s.seat(seat).guild().iter().map(|c| Choice::Card(*c)))
            }
            Ambitious { .. } => {
                crate::cards::shared::supply_choices(s, out);
                out.push(Choice::Done);
            }
            Bold { seat, done, .. } => {
                if s.seat(seat).agents > 0 {
                    out.extend(
                        court_positions(s)
                            .filter(|p| done & (1 << p) == 0)
                            .map(|p| Choice::Court(p as u8)),
                    );
                }
                out.push(Choice::Done);
            }
            Influence { seat, .. } => {
                if s.seat(seat).agents > 0 {
                    out.extend(court_positions(s).map(|p| Choice::Court(p as u8)));
                }
                out.push(Choice::Done);
            }
        }
    }

    fn resolve(self, s: &mut GameState, choice: Choice, ev: &mut dyn Sink) {
        use Effect::*;
        match self {
            Generous {
                seat,
                ambition,
                via,
                ..
            } => {
                s.pop();
                let Choice::Card(c) = choice else { return };
                // AMB-47: the Rival with least Power, earliest in turn order on ties.
                let Some(to) = s.rivals(seat).min_by_key(|r| s.seat(*r).power) else {
                    return;
                };
                if s.seat_mut(seat).remove_guild(c) {
                    s.seat_mut(to).add_guild(c);
                    log!(
                        ev,
                        "give",
                        Some(seat),
                        "{seat} gives {c} to {to} to declare (Generous)."
                    );
                    let via = crate::actions::declare::DeclareVia::from_code(via);
                    crate::actions::declare::declare_with(s, seat, ambition, via, ev);
                }
            }
            Ambitious { seat, .. } => {
                s.pop();
                if let Choice::Resource(r) = choice {
                    s.gain(seat, r, ev);
                }
            }
            Bold { seat, card, done } => match choice {
                Choice::Court(p) => {
                    crate::actions::court::place_agent(s, seat, p as usize, ev);
                    top(
                        s,
                        Bold {
                            seat,
                            card,
                            done: done | (1 << p),
                        },
                    );
                }
                _ => s.pop(),
            },
            Influence { seat, .. } => {
                s.pop();
                if let Choice::Court(p) = choice {
                    crate::actions::court::place_agent(s, seat, p as usize, ev);
                }
            }
        }
    }

    fn describe(&self, d: &Describer, c: Choice) -> Option<String> {
        use Effect as E;
        let s = d.s;
        Some(match (*self, c) {
            (E::Ambitious { .. }, Choice::Resource(r)) => format!("Gain a {}", resource_name(r)),
            (E::Ambitious { .. }, Choice::Done) => "Gain nothing".into(),
            (E::Generous { seat, .. }, Choice::Card(g)) => {
                let to = s
                    .rivals(seat)
                    .min_by_key(|r| s.seat(*r).power)
                    .map_or("your Rival with the least Power".into(), |r| d.seat_name(r));
                format!("Give {} to {to} and declare", card_name(g))
            }
            (E::Bold { .. } | E::Influence { .. }, Choice::Court(i)) => {
                format!("Place an agent on {}", d.court(i))
            }
            (E::Bold { .. }, Choice::Done) => "Place no more agents".into(),
            (E::Influence { .. }, Choice::Done) => "Place no agent".into(),
            _ => return None,
        })
    }
}

fn top(s: &mut GameState, e: Effect) {
    s.set_top(e.into());
}

fn court_positions(s: &GameState) -> impl Iterator<Item = usize> + '_ {
    (0..s.court.len()).filter(|&p| s.court[p].card.is_some())
}

#[cfg(test)]
mod tests {
    #[test]
    fn every_leader_base_card_has_passing_scenarios() {
        crate::cards::testing::family_scenarios(super::CARDS);
    }
}
