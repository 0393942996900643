//! Relic Guild cards: BC21–BC25, and their procedures ([`Effect`]).

use crate::cards::frame::Procedure;
use crate::cards::{Behavior, NewAction, PreludeAbility};
use crate::choice::{Choice, Piece};
use crate::describe::{resource_name, Describer};
use crate::event::Sink;
use crate::ids::*;
use crate::log;
use crate::state::{BuildingKind, GameState};
use serde::{Deserialize, Serialize};

/// Every Relic Guild card.
pub static CARDS: &[&Behavior] = &[
    &LOYAL_KEEPERS,
    &SWORN_GUARDIANS,
    &ELDER_BROKER,
    &RELIC_FENCE,
    &GALACTIC_BARDS,
];

/// C-BC21: spend any resource as Relic, ignoring Relic Outrage.
pub static LOYAL_KEEPERS: Behavior = Behavior {
    code: "ARCS-BC21",
    spend_as: Some(Resource::Relic),
    keep_on_outrage: true,
    ..Behavior::NONE
};

/// C-BC22: Rivals cannot steal the holder's resources and other Guild
/// cards; if stolen, it is buried.
pub static SWORN_GUARDIANS: Behavior = Behavior {
    code: "ARCS-BC22",
    // Rivals cannot steal the holder's resources or other Guild cards; the
    // card itself can be stolen (AMB-63).
    guard: Some(
        |_, _, _, loot| !matches!(loot, crate::choice::Loot::Card(c) if c.code() == "ARCS-BC22"),
    ),
    bury_when_stolen: true,
    ..Behavior::NONE
};

/// C-BC23: Trade (Tax); Prelude: discard to gain Material, Fuel, Weapon.
pub static ELDER_BROKER: Behavior = Behavior {
    code: "ARCS-BC23",
    // Trade gives one of the holder's tokens (R-BC23-SPEND).
    new_action_uses_tokens: true,
    new_actions: &[NewAction {
        name: "Trade",
        std: StdAction::Tax,
        possible: |s, seat| trade_cities(s, seat).next().is_some(),
        start: |s, seat, _, _| {
            let card = crate::card_id!("ARCS-BC23");
            s.push(
                Effect::Trade {
                    seat,
                    card,
                    city: None,
                }
                .into(),
            )
        },
    }],
    preludes: &[PreludeAbility {
        what: "gain a Material, a Fuel and a Weapon",
        discard: true,
        first: false,
        once_per_turn: false,
        possible: |_, _| true,
        run: |s, seat, _, ev| {
            for r in [Resource::Material, Resource::Fuel, Resource::Weapon] {
                s.gain(seat, r, ev);
            }
        },
    }],
    ..Behavior::NONE
};

/// C-BC24: Prelude, once per turn: discard 1 resource to gain 1 Relic
/// (not usable with the Relic supply empty, ruling in rules-base.md §3).
pub static RELIC_FENCE: Behavior = Behavior {
    code: "ARCS-BC24",
    preludes: &[PreludeAbility {
        what: "discard a resource to gain a Relic",
        discard: false,
        first: false,
        once_per_turn: true,
        possible: |s, seat| {
            s.supply[Resource::Relic.index()] > 0 && s.seat(seat).resource_count() > 0
        },
        run: |s, seat, card, _| s.push(Effect::RelicFence { seat, card }.into()),
    }],
    ..Behavior::NONE
};

/// C-BC25: declare on a Surpass or Pivot when nobody declared this round;
/// no zero marker.
pub static GALACTIC_BARDS: Behavior = Behavior {
    code: "ARCS-BC25",
    declare_on_follow: true,
    ..Behavior::NONE
};

// ------------------------------------------------------------ procedures

/// The Relic Guild cards' procedures.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "effect")]
pub enum Effect {
    /// Elder Broker's Trade: pick the city, then the token to give.
    Trade {
        seat: Seat,
        card: CardId,
        city: Option<(SystemId, u8)>,
    },
    /// Relic Fence: discard a token to gain a Relic.
    RelicFence { seat: Seat, card: CardId },
}

impl Procedure for Effect {
    fn seat_card(&self) -> (Seat, CardId) {
        use Effect::*;
        match *self {
            Trade { seat, card, .. } | RelicFence { seat, card } => (seat, card),
        }
    }

    fn what(&self, _s: &GameState) -> String {
        use Effect::*;
        match self {
            Trade { city: None, .. } => "trade with which Rival city you control?".into(),
            Trade { .. } => "give which of your resources (a type they lack)?".into(),
            RelicFence { .. } => "discard which resource to gain a Relic?".into(),
        }
    }

    fn choices(&self, s: &GameState, out: &mut Vec<Choice>) {
        use Effect::*;
        match *self {
            Trade {
                seat, city: None, ..
            } => {
                out.extend(trade_cities(s, seat).map(|(system, slot)| Choice::Piece {
                    system,
                    piece: Piece::Building { slot },
                }));
            }
            Trade {
                seat,
                city: Some((sys, slot)),
                ..
            } => {
                if let Some(rival) = s.sys(sys).slots[slot as usize].and_then(|b| b.owner.seat()) {
                    out.extend(give_slots(s, seat, rival).map(|i| Choice::Slot(i as u8)));
                }
            }
            RelicFence { seat, .. } => {
                let mut seen = Vec::new();
                for (i, r) in s.seat(seat).resources.iter().enumerate() {
                    if let Some(r) = r {
                        let k = (*r, crate::data::SLOT_RAID_COST[i]);
                        if !seen.contains(&k) {
                            seen.push(k);
                            out.push(Choice::Slot(i as u8));
                        }
                    }
                }
            }
        }
    }

    fn resolve(self, s: &mut GameState, choice: Choice, ev: &mut dyn Sink) {
        use Effect::*;
        match self {
            Trade {
                seat,
                card,
                city: None,
            } => {
                if let Choice::Piece {
                    system,
                    piece: Piece::Building { slot },
                } = choice
                {
                    s.set_top(
                        Trade {
                            seat,
                            card,
                            city: Some((system, slot)),
                        }
                        .into(),
                    );
                } else {
                    s.pop();
                }
            }
            Trade {
                seat,
                city: Some((sys, slot)),
                ..
            } => {
                s.pop();
                let Choice::Slot(give) = choice else { return };
                let Some(rival) = s.sys(sys).slots[slot as usize].and_then(|b| b.owner.seat())
                else {
                    return;
                };
                let Some(t) = s.planet_type(sys) else {
                    return;
                };
                // Take from the Rival's cheapest slot holding the type (R-BC23).
                let take = (0..7)
                    .filter(|&i| s.seat(rival).resources[i] == Some(t))
                    .min_by_key(|&i| crate::data::SLOT_RAID_COST[i]);
                let (Some(take), Some(given)) = (take, s.seat(seat).resources[give as usize])
                else {
                    return;
                };
                s.seat_mut(rival).resources[take] = None;
                s.seat_mut(seat).resources[give as usize] = None;
                log!(
                    ev,
                    "trade",
                    Some(seat),
                    "{seat} trades a {given} for {rival}'s {t}."
                );
                s.receive(rival, given);
                s.receive(seat, t);
            }
            RelicFence { seat, .. } => {
                s.pop();
                if let Choice::Slot(i) = choice {
                    if let Some(r) = s.discard_slot(seat, i as usize) {
                        log!(ev, "discard", Some(seat), "{seat} discards a {r}.");
                        s.gain(seat, Resource::Relic, ev);
                    }
                }
            }
        }
    }

    fn describe(&self, d: &Describer, c: Choice) -> Option<String> {
        use Effect::*;
        Some(match (*self, c) {
            (
                Trade { city: None, .. },
                Choice::Piece {
                    system,
                    piece: p @ Piece::Building { .. },
                },
            ) => format!("Trade with {}", d.piece(system, p)),
            (
                Trade {
                    city: Some((sys, slot)),
                    ..
                },
                Choice::Slot(i),
            ) => {
                let rival = d.building(sys, slot).and_then(|b| b.owner.seat());
                let t = if d.sys_ok(sys) {
                    d.s.planet_type(sys)
                } else {
                    None
                };
                match (rival, t) {
                    (Some(r), Some(t)) => format!(
                        "Give {} to {} for their {}",
                        d.own_token(i),
                        d.seat_name(r),
                        resource_name(t)
                    ),
                    _ => format!("Give {}", d.own_token(i)),
                }
            }
            (RelicFence { .. }, Choice::Slot(i)) => {
                format!("Discard {} to gain a Relic", d.own_token(i))
            }
            _ => return None,
        })
    }
}

/// C-BC23 Trade targets: a Rival city in a system you control, where the
/// swap can happen in full (the Rival holds the city's type, and you hold a
/// type they lack).
pub fn trade_cities(s: &GameState, seat: Seat) -> impl Iterator<Item = (SystemId, u8)> + '_ {
    s.systems_in_play()
        .filter(move |x| s.controls(seat, *x))
        .flat_map(move |sys| {
            s.sys(sys).buildings().filter_map(move |(slot, b)| {
                let rival = b.owner.seat()?;
                if b.kind != BuildingKind::City || rival == seat {
                    return None;
                }
                let t = s.planet_type(sys)?;
                (s.seat(rival).count_resource(t) > 0 && give_slots(s, seat, rival).next().is_some())
                    .then_some((sys, slot))
            })
        })
}

fn give_slots(s: &GameState, seat: Seat, rival: Seat) -> impl Iterator<Item = usize> + '_ {
    (0..7).filter(move |&i| matches!(s.seat(seat).resources[i], Some(r) if s.seat(rival).count_resource(r) == 0))
}

#[cfg(test)]
mod tests {
    #[test]
    fn every_relic_card_has_passing_scenarios() {
        crate::cards::testing::family_scenarios(super::CARDS);
    }
}
