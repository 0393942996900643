//! Card procedures shared by cards of several families, and helpers the
//! families share: placing ships (the Weapon Guild's Preludes), gaining
//! up to a number (the Interests), stealing (Cartels, Silver Tongues,
//! Guild Struggle), gaining any resource (Pressgang), and the Weapon
//! icons count (Skirmishers, Court Enforcers, Agitator *Irregular*).
//! Procedures of one family's cards live in that family's module.

use crate::actions::resources::{can_steal, steal};
use crate::cards::frame::Procedure;
use crate::choice::{Choice, Loot};
use crate::describe::{plural, resource_name, resource_plural, Describer};
use crate::event::Sink;
use crate::ids::*;
use crate::log;
use crate::state::GameState;
use serde::{Deserialize, Serialize};

/// What a steal may take.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum StealFilter {
    Resource(Resource),
    /// Any resource, no Guild card (Extortion, F323).
    AnyResource,
    ResourceOrGuild,
    Guild,
}

/// The shared procedures.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "effect")]
pub enum Effect {
    /// Place `n` ships in a system you control (Prison Wardens & co. Preludes).
    PlaceShips { seat: Seat, card: CardId, n: u8 },
    /// Choose how many of `res` to gain, up to `max` (Mining/Shipping Interest).
    GainUpTo {
        seat: Seat,
        card: CardId,
        res: Resource,
        max: u8,
    },
    /// Steal up to `left` items matching `filter`; `optional` offers Done.
    Steal {
        seat: Seat,
        card: CardId,
        filter: StealFilter,
        left: u8,
        optional: bool,
    },
    /// Gain any one resource (Pressgang).
    GainAny { seat: Seat, card: CardId },
}

impl Procedure for Effect {
    fn seat_card(&self) -> (Seat, CardId) {
        use Effect::*;
        match *self {
            PlaceShips { seat, card, .. }
            | GainUpTo { seat, card, .. }
            | Steal { seat, card, .. }
            | GainAny { seat, card } => (seat, card),
        }
    }

    fn what(&self, _s: &GameState) -> String {
        use Effect::*;
        match self {
            PlaceShips { n, .. } => format!("place {n} ships in a system you control"),
            GainUpTo { res, max, .. } => {
                format!("gain how many {} (up to {max})?", resource_name(*res))
            }
            Steal { filter, left, .. } => match filter {
                StealFilter::Resource(r) => format!("steal a {} ({left} left)", resource_name(*r)),
                StealFilter::AnyResource => format!("steal a resource ({left} left)"),
                StealFilter::ResourceOrGuild => "steal a Guild card or resource".into(),
                StealFilter::Guild => "steal a Guild card, or not".into(),
            },
            GainAny { .. } => "gain which resource?".into(),
        }
    }

    fn choices(&self, s: &GameState, out: &mut Vec<Choice>) {
        use Effect::*;
        match *self {
            PlaceShips { seat, .. } => {
                out.extend(
                    s.systems_in_play()
                        .filter(|x| s.controls(seat, *x))
                        .map(Choice::System),
                );
            }
            GainUpTo { max, .. } => out.extend((0..=max).map(Choice::Count)),
            Steal {
                seat,
                filter,
                optional,
                ..
            } => {
                steal_choices(s, seat, filter, out);
                if optional || out.is_empty() {
                    out.push(Choice::Done);
                }
            }
            GainAny { .. } => {
                supply_choices(s, out);
                if out.is_empty() {
                    out.push(Choice::Done);
                }
            }
        }
    }

    fn resolve(self, s: &mut GameState, choice: Choice, ev: &mut dyn Sink) {
        use Effect::*;
        match self {
            PlaceShips { seat, n, .. } => {
                s.pop();
                if let Choice::System(sys) = choice {
                    let k = s.place_ships(seat.owner(), sys, n, false);
                    log!(
                        ev,
                        "place",
                        Some(seat),
                        { systems: vec![sys] },
                        "{seat} places {k} ships in {sys}."
                    );
                }
            }
            GainUpTo {
                seat, card, res, ..
            } => {
                s.pop();
                let Choice::Count(k) = choice else { return };
                let from_supply = k.min(s.supply[res.index()]);
                let left = k - from_supply;
                if left > 0 {
                    s.push(
                        Steal {
                            seat,
                            card,
                            filter: StealFilter::Resource(res),
                            left,
                            optional: false,
                        }
                        .into(),
                    );
                }
                for _ in 0..from_supply {
                    s.gain(seat, res, ev);
                }
            }
            Steal {
                seat,
                card,
                filter,
                left,
                optional,
            } => {
                s.pop();
                if let Choice::Steal { from, loot } = choice {
                    if left > 1 {
                        s.push(
                            Steal {
                                seat,
                                card,
                                filter,
                                left: left - 1,
                                optional,
                            }
                            .into(),
                        );
                    }
                    steal(s, seat, from, loot, ev);
                }
            }
            GainAny { seat, .. } => {
                s.pop();
                if let Choice::Resource(r) = choice {
                    s.gain(seat, r, ev);
                }
            }
        }
    }

    fn describe(&self, d: &Describer, c: Choice) -> Option<String> {
        use Effect::*;
        Some(match (*self, c) {
            (PlaceShips { n, .. }, Choice::System(x)) => {
                format!("Place {} in {x}", plural(n, "ship", "ships"))
            }
            (GainUpTo { res, .. }, Choice::Count(k)) => {
                let supply = d.s.supply.get(res.index()).copied().unwrap_or(0);
                let steal = k.saturating_sub(supply);
                let name = if k == 1 {
                    resource_name(res)
                } else {
                    resource_plural(res)
                };
                match (k, steal) {
                    (0, _) => format!("Gain no {}", resource_plural(res)),
                    (_, 0) => format!("Gain {k} {name}"),
                    _ => format!("Gain {k} {name} (stealing {steal} from Rivals)"),
                }
            }
            (Steal { .. }, Choice::Steal { from, loot }) => d.steal(from, loot, false),
            (Steal { .. }, Choice::Done) => "Steal nothing more".into(),
            (GainAny { .. }, Choice::Resource(r)) => format!("Gain a {}", resource_name(r)),
            (GainAny { .. }, Choice::Done) => "Gain nothing".into(),
            _ => return None,
        })
    }
}

/// Items matching `filter` that `seat` may steal from its Rivals.
pub(crate) fn steal_choices(s: &GameState, seat: Seat, filter: StealFilter, out: &mut Vec<Choice>) {
    for victim in s.rivals(seat) {
        let st = s.seat(victim);
        if !matches!(filter, StealFilter::Guild) {
            let mut seen: arrayvec::ArrayVec<_, 7> = arrayvec::ArrayVec::new();
            for (i, r) in st.resources.iter().enumerate() {
                let Some(r) = *r else { continue };
                if let StealFilter::Resource(want) = filter {
                    if r != want {
                        continue;
                    }
                }
                let loot = Loot::Slot(i as u8);
                let k = (r, crate::data::SLOT_RAID_COST[i]);
                if !seen.contains(&k) && can_steal(s, seat, victim, loot) {
                    seen.push(k);
                    out.push(Choice::Steal { from: victim, loot });
                }
            }
            // Frozen resources can be stolen too (campaign rules p21, p27).
            if s.is_campaign() {
                for r in Resource::ALL {
                    if matches!(filter, StealFilter::Resource(want) if want != r) {
                        continue;
                    }
                    for loot in [Loot::Stored(r), Loot::Trust(r)] {
                        if can_steal(s, seat, victim, loot) {
                            out.push(Choice::Steal { from: victim, loot });
                        }
                    }
                }
            }
        }
        if matches!(filter, StealFilter::ResourceOrGuild | StealFilter::Guild) {
            for &c in st.guild() {
                let loot = Loot::Card(c);
                if can_steal(s, seat, victim, loot) {
                    out.push(Choice::Steal { from: victim, loot });
                }
            }
        }
    }
}

pub fn any_steal(s: &GameState, seat: Seat, filter: StealFilter) -> bool {
    let mut v = Vec::new();
    steal_choices(s, seat, filter, &mut v);
    !v.is_empty()
}

/// Weapon icons from resources and Guild cards (C-BC13, C-BC14).
pub fn weapon_icons(s: &GameState, seat: Seat) -> u8 {
    let st = s.seat(seat);
    st.count_resource(Resource::Weapon)
        + st.guild()
            .iter()
            .filter(|c| c.info().suit == Some(Resource::Weapon))
            .count() as u8
}

/// The building a `Choice::Piece` names, with its system and slot.
pub(crate) fn chosen_building(
    s: &GameState,
    choice: Choice,
) -> Option<(SystemId, u8, crate::state::Building)> {
    let Choice::Piece {
        system,
        piece: crate::choice::Piece::Building { slot },
    } = choice
    else {
        return None;
    };
    Some((system, slot, s.sys(system).slots[slot as usize]?))
}

/// "Gain any resource" (Pressgang, Charm, Ambitious, Merchant League…):
/// one choice per resource type the supply still has.
pub fn supply_choices(s: &GameState, out: &mut Vec<Choice>) {
    out.extend(
        Resource::ALL
            .into_iter()
            .filter(|r| s.supply[r.index()] > 0)
            .map(Choice::Resource),
    );
}
