//! The Admiral (Fate Set 7, an "A" Fate), Act I: its setup (F701A), its
//! objective (F701B), Imperial Officers (F702) and the Use Imperial
//! Foundries edict (F703). Campaign rules p8; `reference/campaign.md` §2.7.

use crate::campaign::fates::{advance_objective, FateDef, FateEvent};
use crate::cards::frame::Procedure;
use crate::cards::{Behavior, IGNORE_MOVEMENT, IGNORE_PRESENCE};
use crate::choice::{Choice, Piece};
use crate::describe::Describer;
use crate::event::Sink;
use crate::ids::*;
use crate::log;
use crate::state::GameState;
use serde::{Deserialize, Serialize};

/// The Admiral's cards with behaviour.
pub static CARDS: &[&Behavior] = &[&IMPERIAL_OFFICERS, &USE_IMPERIAL_FOUNDRIES];

/// The Fate.
pub static FATE: FateDef = FateDef {
    number: 7,
    card: "ARCS-FATE07",
    setup: [Some(setup_act_one), None, None],
    resolution: None,
    on: Some(objective),
    grand: None,
    final_objective: false,
    leave: None,
};

/// F701A: gain Imperial Officers; Use Imperial Foundries to the rules
/// booklet; the First Regent tile unless the Steward is in play.
fn setup_act_one(s: &mut GameState, seat: Seat, ev: &mut dyn Sink) {
    s.seat_mut(seat).add_guild(crate::card_id!("ARCS-F702"));
    let steward = crate::card_id!("ARCS-FATE01");
    if let Some(c) = s.campaign_mut() {
        let _ = c.booklet.try_push(crate::card_id!("ARCS-F703"));
        if !c.fates.contains(&Some(steward)) {
            c.first_regent = Some(seat);
        }
    }
    log!(
        ev,
        "setup",
        Some(seat),
        "{seat} gains Imperial Officers; Use Imperial Foundries joins the rules booklet."
    );
}

/// Whether `seat` is winning an ambition now: sole first in a declared
/// ambition (docs/rulings.md R-CAMP-WIN).
pub fn winning_an_ambition(s: &GameState, seat: Seat) -> bool {
    Ambition::ALL
        .into_iter()
        .any(|a| s.ambition_declared(a) && crate::flow::rank(s, a).0 == Some(Some(seat)))
}

/// F701B. *Prove Yourself as a New Admiral*: while a Regent and winning an
/// ambition, advance 1 for each Imperial ship anyone places. *Demonstrate
/// the Navy's Might*: while a Regent, advance 1 for each Trophy taken in
/// battle with attacking Imperial ships.
fn objective(s: &mut GameState, me: Seat, e: &FateEvent, ev: &mut dyn Sink) {
    if !s.is_regent(me) {
        return;
    }
    match *e {
        FateEvent::ImperialPlaced { n } if winning_an_ambition(s, me) => {
            advance_objective(s, me, n, ev)
        }
        FateEvent::BattleTrophies {
            seat,
            n,
            imperial: true,
        } if seat == me => advance_objective(s, me, n, ev),
        _ => {}
    }
}

/// F702 Imperial Officers: bury it as an Outlaw; its holder ignores the
/// Presence and Movement Laws.
pub static IMPERIAL_OFFICERS: Behavior = Behavior {
    code: "ARCS-F702",
    ignores_laws: IGNORE_PRESENCE | IGNORE_MOVEMENT,
    bury_if_outlaw: true,
    ..Behavior::NONE
};

/// F703 Use Imperial Foundries (Edict 55): the holder of Imperial Officers
/// may, for each of its Loyal starports, replace 1 Loyal ship in that
/// system with an Imperial ship.
pub static USE_IMPERIAL_FOUNDRIES: Behavior = Behavior {
    code: "ARCS-F703",
    edict: Some(|s, card, _ev| {
        let officers = card_of_officers();
        let Some(holder) = s
            .seat_ids()
            .find(|x| s.seat(*x).guild().contains(&officers))
        else {
            return;
        };
        if next_foundry(s, holder, 0).is_some() {
            s.push(
                Effect::Foundries {
                    seat: holder,
                    card,
                    done: 0,
                }
                .into(),
            );
        }
    }),
    ..Behavior::NONE
};

fn card_of_officers() -> CardId {
    crate::card_id!("ARCS-F702")
}

/// The next system (after those in `done`) with a Loyal starport of `seat`,
/// a Loyal ship there and an Imperial ship in the supply.
fn next_foundry(s: &GameState, seat: Seat, done: u32) -> Option<SystemId> {
    if s.campaign().is_none_or(|c| c.imperial_supply == 0) {
        return None;
    }
    crate::state::systems_in(s.board.starports(seat.owner()) & s.in_play & !done)
        .find(|x| s.sys(*x).ships_of(seat.owner()).total() > 0)
}

// ------------------------------------------------------------ procedures

#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "effect")]
pub enum Effect {
    /// Use Imperial Foundries: at the next system with a Loyal starport
    /// not in `done`, replace a Loyal ship (fresh or damaged) or not.
    Foundries { seat: Seat, card: CardId, done: u32 },
}

impl Procedure for Effect {
    fn seat_card(&self) -> (Seat, CardId) {
        match *self {
            Effect::Foundries { seat, card, .. } => (seat, card),
        }
    }

    fn what(&self, s: &GameState) -> String {
        match *self {
            Effect::Foundries { seat, done, .. } => match next_foundry(s, seat, done) {
                Some(x) => format!("replace one of your ships in {x} with an Imperial ship?"),
                None => String::new(),
            },
        }
    }

    fn choices(&self, s: &GameState, out: &mut Vec<Choice>) {
        let Effect::Foundries { seat, done, .. } = *self;
        if let Some(x) = next_foundry(s, seat, done) {
            crate::actions::battle::ship_targets(s, x, seat.owner(), out);
            out.push(Choice::No);
        }
    }

    fn resolve(self, s: &mut GameState, choice: Choice, ev: &mut dyn Sink) {
        let Effect::Foundries { seat, card, done } = self;
        let Some(x) = next_foundry(s, seat, done) else {
            s.pop();
            return;
        };
        // The replacement first: it may take the Imperial supply's last
        // ship, and then no later system is asked (a prompt without a
        // choice would be an engine fault).
        let placed = match choice {
            Choice::Piece {
                piece: Piece::Ship { damaged, .. },
                ..
            } => {
                // The replacement keeps the replaced ship's state (p17).
                {
                    let mut g = s.sys_mut(x);
                    let own = g.ships_mut(seat.owner());
                    if damaged {
                        own.damaged -= 1;
                    } else {
                        own.fresh -= 1;
                    }
                }
                s.seat_mut(seat).ships += 1;
                Some(crate::campaign::setup::place_imperial(s, x, 1, damaged))
            }
            _ => None,
        };
        // The frame is settled before the Fates hear of the ships, as
        // their objectives may push frames of their own.
        let done = done | x.bit();
        if next_foundry(s, seat, done).is_some() {
            s.set_top(Effect::Foundries { seat, card, done }.into());
        } else {
            s.pop();
        }
        if let Some(n) = placed {
            log!(
                ev,
                "edict",
                Some(seat),
                { systems: vec![x] },
                "Use Imperial Foundries: {seat} replaces one of their ships in {x} with an \
                 Imperial ship."
            );
            crate::campaign::fates::notify(s, FateEvent::ImperialPlaced { n }, ev);
        }
    }

    fn describe(&self, d: &Describer, c: Choice) -> Option<String> {
        Some(match c {
            Choice::Piece { system, piece } => {
                format!("Replace {} with an Imperial ship", d.piece(system, piece))
            }
            Choice::No => "Replace nothing here".into(),
            _ => return None,
        })
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn every_admiral_card_has_passing_scenarios() {
        crate::cards::testing::family_scenarios(super::CARDS);
    }
}
