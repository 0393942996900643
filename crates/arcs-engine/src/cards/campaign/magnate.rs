//! The Magnate (Fate Set 3, an "A" Fate), Act I: its setup (F301A), its
//! objective (F301B) and Merchant League (F302). Campaign rules p8, p16–18,
//! p27; `reference/campaign.md` §1.7, §1.14, §2.3.
//!
//! The Act I Resolution (F303) and the cards it adds to the Court (Elder
//! Broker F304, Relic Fence F305, Prison Wardens F306, the Cartels
//! F307–F311) belong to the Intermission and Act II, like the other
//! Fates' later cards.

use crate::campaign::fates::{advance_objective, FateDef, FateEvent, SummitOption};
use crate::campaign::stored;
use crate::campaign::summit::Gift;
use crate::cards::frame::Procedure;
use crate::cards::Behavior;
use crate::choice::Choice;
use crate::describe::{plural, resource_name, Describer};
use crate::event::Sink;
use crate::ids::*;
use crate::log;
use crate::state::GameState;
use serde::{Deserialize, Serialize};

/// The Magnate's cards with behaviour.
pub static CARDS: &[&Behavior] = &[&MERCHANT_LEAGUE];

/// The Fate.
pub static FATE: FateDef = FateDef {
    number: 3,
    card: "ARCS-FATE03",
    setup: [Some(setup_act_one), None, None],
    resolution: None,
    resolutions: ["", ""],
    on: Some(objective),
    grand: None,
    final_objective: false,
    leave: None,
};

/// Resources the Magnate discards for *Export to the Galactic Core*.
const EXPORT_SIZE: u8 = 3;
/// What each fulfilment of the Act I objective advances.
const ADVANCE: u8 = 2;

/// F301A: gain Merchant League.
fn setup_act_one(s: &mut GameState, seat: Seat, ev: &mut dyn Sink) {
    s.seat_mut(seat).add_guild(crate::card_id!("ARCS-F302"));
    log!(ev, "setup", Some(seat), "{seat} gains Merchant League.");
}

/// Whether the seat's Act I objective is still open.
fn open(s: &GameState, me: Seat) -> bool {
    s.campaign()
        .is_some_and(|c| c.act == 1 && c.objective[me.index()] > 0)
}

/// F301B. *Close Deals with Rivals*: in a Summit, advance 2 each time a
/// Rival gives the Magnate a Favor or a resource, except one the Magnate
/// gave them during this Summit (the Summit's ledger marks those as
/// `returned`; docs/rulings.md R-CAMP-MAGNATE-DEALS, R-CAMP-MAGNATE-LEDGER).
/// *Export to the Galactic Core* is [`EXPORT`].
fn objective(s: &mut GameState, me: Seat, e: &FateEvent, ev: &mut dyn Sink) {
    let FateEvent::Given {
        from,
        to,
        gift: Some(gift),
        returned,
        ..
    } = *e
    else {
        return;
    };
    if to != me || from == me || !open(s, me) {
        return;
    }
    let what = match gift {
        Gift::Resource(r) => format!("a {}", resource_name(r)),
        Gift::Favor(o) if o == me => format!("back one of {me}'s agents held as a Favor"),
        Gift::Favor(_) => "a Favor".into(),
    };
    if returned {
        log!(
            ev,
            "objective",
            Some(me),
            "Close Deals with Rivals: {from} gives {me} {what}, but {me} gave them one during \
             this Summit; it does not count."
        );
        return;
    }
    log!(
        ev,
        "objective",
        Some(me),
        "Close Deals with Rivals: {from} gives {me} {what}."
    );
    advance_objective(s, me, ADVANCE, ev);
}

/// F301B *Export to the Galactic Core*: "In Summit Negotiations, advance 2
/// each time you choose to discard 3 resources." The Magnate's own
/// Negotiation-time choice, on its turn to negotiate, with 3 resources of
/// its player board (not frozen ones), while the objective is open
/// (docs/rulings.md R-CAMP-MAGNATE-EXPORT).
pub static EXPORT: SummitOption = SummitOption {
    fate: "ARCS-FATE03",
    words: "Export to the Galactic Core: discard 3 resources to advance your objective 2",
    possible: |s, seat| open(s, seat) && s.seat(seat).resource_count() >= EXPORT_SIZE as usize,
    start: |s, seat, ev| {
        log!(
            ev,
            "objective",
            Some(seat),
            "Export to the Galactic Core: {seat} chooses to discard 3 resources."
        );
        s.push(
            Effect::Export {
                seat,
                card: crate::card_id!("ARCS-F301B"),
                left: EXPORT_SIZE,
            }
            .into(),
        );
    },
};

/// F302 Merchant League (Guild, Fuel, protected): "Crisis: Discard all
/// resources from here. When you declare an ambition, you may gain any 2
/// resources onto here. These resources are frozen except for the
/// Transfer Asset action in Summits." The resources are kept in
/// `campaign::stored` (they add to ambitions, p27); Transfer Asset gives
/// them with `Asset::Stored` (`campaign::summit`).
pub static MERCHANT_LEAGUE: Behavior = Behavior {
    code: "ARCS-F302",
    on_declare: Some(|s, seat, _, _| {
        if s.is_campaign() && s.supply.iter().any(|n| *n > 0) {
            s.push(
                Effect::League {
                    seat,
                    card: crate::card_id!("ARCS-F302"),
                    left: 2,
                }
                .into(),
            );
        }
    }),
    fate_crisis: Some(|s, seat, card, ev| {
        let gone = stored::release(s, card);
        if gone.iter().any(|n| *n > 0) {
            log!(
                ev,
                "crisis",
                Some(seat),
                "Merchant League: {seat} discards {} from it.",
                crate::describe::list(&gone)
            );
        }
    }),
    ..Behavior::NONE
};

/// The resources on the seat's player board it may discard, one choice
/// per distinct resource and slot raid cost (as Transfer Asset offers
/// them).
fn discard_choices(s: &GameState, seat: Seat, out: &mut Vec<Choice>) {
    let mut seen: Vec<(Resource, u8)> = Vec::new();
    for (i, r) in s.seat(seat).resources.iter().enumerate() {
        if let Some(r) = *r {
            let cost = crate::data::SLOT_RAID_COST[i];
            if !seen.contains(&(r, cost)) {
                seen.push((r, cost));
                out.push(Choice::Slot(i as u8));
            }
        }
    }
}

// ------------------------------------------------------------ procedures

#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "effect")]
pub enum Effect {
    /// Merchant League, on a declaration: gain a resource onto it, or stop
    /// (`left` still to gain).
    League { seat: Seat, card: CardId, left: u8 },
    /// Export to the Galactic Core: discard a resource (`left` to discard,
    /// this one included); after the last the objective advances.
    Export { seat: Seat, card: CardId, left: u8 },
}

impl Procedure for Effect {
    fn seat_card(&self) -> (Seat, CardId) {
        match *self {
            Effect::League { seat, card, .. } | Effect::Export { seat, card, .. } => (seat, card),
        }
    }

    fn what(&self, _s: &GameState) -> String {
        match *self {
            Effect::League { left, .. } => format!(
                "gain which resource onto Merchant League ({} to gain)?",
                plural(left, "resource", "resources")
            ),
            Effect::Export { left, .. } => format!(
                "discard which resource ({} to discard)?",
                plural(left, "resource", "resources")
            ),
        }
    }

    fn choices(&self, s: &GameState, out: &mut Vec<Choice>) {
        match *self {
            Effect::League { .. } => {
                crate::cards::shared::supply_choices(s, out);
                out.push(Choice::Done);
            }
            Effect::Export { seat, .. } => discard_choices(s, seat, out),
        }
    }

    fn resolve(self, s: &mut GameState, choice: Choice, ev: &mut dyn Sink) {
        match self {
            Effect::League { seat, card, left } => {
                let Choice::Resource(r) = choice else {
                    s.pop();
                    return;
                };
                if !stored::gain_onto(s, card, r, true) {
                    s.pop();
                    return;
                }
                log!(
                    ev,
                    "gain",
                    Some(seat),
                    "Merchant League: {seat} gains a {} onto Merchant League.",
                    resource_name(r)
                );
                let left = left.saturating_sub(1);
                if left > 0 && s.supply.iter().any(|n| *n > 0) {
                    s.set_top(Effect::League { seat, card, left }.into());
                } else {
                    s.pop();
                }
            }
            Effect::Export { seat, card, left } => {
                let Choice::Slot(i) = choice else {
                    s.pop();
                    return;
                };
                let Some(r) = s.discard_slot(seat, i as usize) else {
                    s.pop();
                    return;
                };
                log!(
                    ev,
                    "discard",
                    Some(seat),
                    "{seat} discards a {}.",
                    resource_name(r)
                );
                let left = left.saturating_sub(1);
                if left > 0 && s.seat(seat).resource_count() > 0 {
                    s.set_top(Effect::Export { seat, card, left }.into());
                    return;
                }
                s.pop();
                if left == 0 && open(s, seat) {
                    log!(
                        ev,
                        "objective",
                        Some(seat),
                        "Export to the Galactic Core: {seat} discarded 3 resources."
                    );
                    advance_objective(s, seat, ADVANCE, ev);
                }
            }
        }
    }

    fn describe(&self, d: &Describer, c: Choice) -> Option<String> {
        Some(match (*self, c) {
            (Effect::League { .. }, Choice::Resource(r)) => {
                format!("Gain a {} onto Merchant League", resource_name(r))
            }
            (Effect::League { left: 2, .. }, Choice::Done) => {
                "Gain nothing onto Merchant League".into()
            }
            (Effect::League { .. }, Choice::Done) => "Gain no more".into(),
            (Effect::Export { .. }, Choice::Slot(i)) => format!("Discard {}", d.own_token(i)),
            _ => return None,
        })
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn every_magnate_card_has_passing_scenarios() {
        crate::cards::testing::family_scenarios(super::CARDS);
    }
}
