//! The Steward (Fate Set 1, an "A" Fate), Act I: its setup (F101A), its
//! objective (F101B), Imperial Authority (F102) and Dealmakers (F103).
//! Campaign rules p8, p10–11, p14; `reference/campaign.md` §2.1.

use crate::actions::court::{self, OthersAgents};
use crate::campaign::fates::{advance_objective, FateDef, FateEvent};
use crate::cards::frame::Procedure;
use crate::cards::{Behavior, NewAction};
use crate::choice::Choice;
use crate::describe::{plural, Describer};
use crate::event::Sink;
use crate::ids::*;
use crate::log;
use crate::state::GameState;
use serde::{Deserialize, Serialize};

/// The Steward's cards with behaviour.
pub static CARDS: &[&Behavior] = &[&IMPERIAL_AUTHORITY, &DEALMAKERS];

/// The Fate.
pub static FATE: FateDef = FateDef {
    number: 1,
    card: "ARCS-FATE01",
    setup: [Some(setup_act_one), None, None],
    resolution: None,
    resolutions: ["", ""],
    on: Some(objective),
    grand: None,
    final_objective: false,
    leave: None,
};

/// F101A: gain Imperial Authority (a lore card) and Dealmakers (a Guild
/// card); gain the First Regent tile (the Admiral's setup leaves it alone
/// when the Steward plays).
fn setup_act_one(s: &mut GameState, seat: Seat, ev: &mut dyn Sink) {
    s.seat_mut(seat).add_lore(crate::card_id!("ARCS-F102"));
    s.seat_mut(seat).add_guild(crate::card_id!("ARCS-F103"));
    if let Some(c) = s.campaign_mut() {
        c.first_regent = Some(seat);
    }
    log!(
        ev,
        "setup",
        Some(seat),
        "{seat} gains Imperial Authority and Dealmakers, and takes the First Regent tile."
    );
}

/// F101B. *Consolidate Your Imperial Power*: each time the Steward wins an
/// ambition while the First Regent, advance 1 for each Power it gains from
/// it, the bonus city Power included (docs/rulings.md
/// R-CAMP-STEWARD-WIN).
fn objective(s: &mut GameState, me: Seat, e: &FateEvent, ev: &mut dyn Sink) {
    let FateEvent::AmbitionWon {
        seat,
        ambition,
        power,
    } = *e
    else {
        return;
    };
    if seat != me || s.first_regent() != Some(me) || power <= 0 {
        return;
    }
    if s.campaign().is_none_or(|c| c.objective[me.index()] == 0) {
        return;
    }
    log!(
        ev,
        "objective",
        Some(me),
        "Consolidate Your Imperial Power: {me}, the First Regent, wins {ambition} and gains {power} \
         Power."
    );
    advance_objective(s, me, power.min(u8::MAX as i32) as u8, ev);
}

/// F102 Imperial Authority: "Bury this if you're an Outlaw. You may tax
/// any cities controlled by the Empire like they are Loyal, ignoring the
/// Empire's Presence and Truce Laws (don't take Captives)." The tax rule is
/// `actions::tax` (`Behavior::tax_imperial`).
pub static IMPERIAL_AUTHORITY: Behavior = Behavior {
    code: "ARCS-F102",
    tax_imperial: true,
    bury_if_outlaw: true,
    ..Behavior::NONE
};

/// F103 Dealmakers: "Bargain (Secure): Choose a Court card that a Rival
/// could secure. They secure it but return agents they would capture. You
/// influence once for each agent they had on the card, then you secure
/// once."
pub static DEALMAKERS: Behavior = Behavior {
    code: "ARCS-F103",
    new_actions: &[NewAction {
        name: "Bargain",
        std: StdAction::Secure,
        possible: |s, seat| bargains(s, seat).next().is_some(),
        start: |s, seat, _, _| {
            s.push(
                Effect::Bargain {
                    seat,
                    card: crate::card_id!("ARCS-F103"),
                }
                .into(),
            )
        },
    }],
    ..Behavior::NONE
};

/// The Court positions a Rival of `seat` could secure now, with that
/// Rival: strictly more agents there than each other player, its own
/// secure restrictions included (B-SEC-01; docs/rulings.md
/// R-CAMP-STEWARD-BARGAIN). At most one Rival per card.
fn bargains(s: &GameState, seat: Seat) -> impl Iterator<Item = (usize, Seat)> + '_ {
    (0..s.court.len()).filter_map(move |pos| {
        s.seat_ids()
            .filter(|x| *x != seat)
            .find(|x| court::securable(s, *x, pos))
            .map(|x| (pos, x))
    })
}

/// The Rival who would secure the card at `pos` for `seat`'s Bargain.
fn rival_at(s: &GameState, seat: Seat, pos: usize) -> Option<Seat> {
    bargains(s, seat).find(|(p, _)| *p == pos).map(|(_, x)| x)
}

// ------------------------------------------------------------ procedures

#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "effect")]
pub enum Effect {
    /// Bargain: choose a Court card a Rival could secure.
    Bargain { seat: Seat, card: CardId },
    /// Bargain, after the Rival's secure (its When Secured and the refill
    /// done): `left` influences to make, then the secure (runs by itself).
    Next { seat: Seat, card: CardId, left: u8 },
    /// Bargain: place one agent (`left` to place, this one included).
    Influence { seat: Seat, card: CardId, left: u8 },
    /// Bargain: secure once.
    Secure { seat: Seat, card: CardId },
}

impl Procedure for Effect {
    fn seat_card(&self) -> (Seat, CardId) {
        match *self {
            Effect::Bargain { seat, card }
            | Effect::Next { seat, card, .. }
            | Effect::Influence { seat, card, .. }
            | Effect::Secure { seat, card } => (seat, card),
        }
    }

    fn automatic(&self) -> bool {
        matches!(self, Effect::Next { .. })
    }

    fn what(&self, _s: &GameState) -> String {
        match *self {
            Effect::Bargain { .. } => {
                "which Court card will a Rival secure for your Bargain?".into()
            }
            Effect::Next { .. } => String::new(),
            Effect::Influence { left, .. } => format!(
                "place an agent on which Court card ({} to place)?",
                plural(left, "agent", "agents")
            ),
            Effect::Secure { .. } => "now secure which Court card?".into(),
        }
    }

    fn choices(&self, s: &GameState, out: &mut Vec<Choice>) {
        match *self {
            Effect::Bargain { seat, .. } => {
                out.extend(bargains(s, seat).map(|(p, _)| Choice::Court(p as u8)))
            }
            Effect::Next { .. } => {}
            Effect::Influence { seat, .. } => court::influence_choices(s, seat, out),
            Effect::Secure { seat, .. } => court::secure_choices(s, seat, out),
        }
    }

    fn run_auto(self, s: &mut GameState, ev: &mut dyn Sink) {
        let Effect::Next { seat, card, left } = self else {
            s.pop();
            return;
        };
        if left > 0 && court::can_influence(s, seat) {
            s.set_top(Effect::Influence { seat, card, left }.into());
            return;
        }
        if left > 0 {
            log!(
                ev,
                "influence",
                Some(seat),
                "Dealmakers: {seat} has no agent left in supply for {}.",
                plural(left, "more influence", "more influences")
            );
        }
        if court::can_secure(s, seat) {
            s.set_top(Effect::Secure { seat, card }.into());
        } else {
            s.pop();
            log!(
                ev,
                "secure",
                Some(seat),
                "Dealmakers: {seat} has no Court card to secure."
            );
        }
    }

    fn resolve(self, s: &mut GameState, choice: Choice, ev: &mut dyn Sink) {
        let Choice::Court(pos) = choice else {
            s.pop();
            return;
        };
        let pos = pos as usize;
        match self {
            Effect::Bargain { seat, card } => {
                s.pop();
                let Some(rival) = rival_at(s, seat, pos) else {
                    return;
                };
                let left = s.court[pos].agents[rival.index()];
                if let Some(c) = s.court[pos].card {
                    log!(
                        ev,
                        "secure",
                        Some(seat),
                        "Dealmakers: {seat} bargains with {rival}, who secures {c} ({} of \
                         theirs on it).",
                        plural(left, "agent", "agents")
                    );
                }
                // Below the Rival's secure: its When Secured and the refill
                // come first.
                s.push(Effect::Next { seat, card, left }.into());
                court::take_card(s, rival, pos, OthersAgents::Returned, ev);
            }
            Effect::Influence { seat, card, left } => {
                s.set_top(
                    Effect::Next {
                        seat,
                        card,
                        left: left.saturating_sub(1),
                    }
                    .into(),
                );
                court::place_agent(s, seat, pos, ev);
            }
            Effect::Secure { seat, .. } => {
                s.pop();
                if court::securable(s, seat, pos) {
                    court::take_card(s, seat, pos, OthersAgents::Captured, ev);
                }
            }
            Effect::Next { .. } => s.pop(),
        }
    }

    fn describe(&self, d: &Describer, c: Choice) -> Option<String> {
        let Choice::Court(pos) = c else { return None };
        Some(match *self {
            Effect::Bargain { seat, .. } => {
                let rival = rival_at(d.s, seat, pos as usize)?;
                let n = d.s.court[pos as usize].agents[rival.index()];
                format!(
                    "{} secures {}, returning the other agents on it; you then influence {} and \
                     secure once",
                    d.seat_name(rival),
                    d.court(pos),
                    match n {
                        1 => "once".to_string(),
                        2 => "twice".to_string(),
                        n => format!("{n} times"),
                    }
                )
            }
            Effect::Influence { .. } => format!("Place an agent on {}", d.court(pos)),
            Effect::Secure { .. } => format!("Secure {}", d.court(pos)),
            Effect::Next { .. } => return None,
        })
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn every_steward_card_has_passing_scenarios() {
        crate::cards::testing::family_scenarios(super::CARDS);
    }
}
