//! Vox cards BC26–BC31: each resolves when secured, Ransack included.
//! The cards' behaviours, then their procedures ([`Effect`]).

use crate::actions::resources::steal;
use crate::cards::frame::Procedure;
use crate::cards::shared::{steal_choices, StealFilter};
use crate::cards::Behavior;
use crate::choice::{Choice, Piece};
use crate::describe::{ambition_name, resource_name, Describer};
use crate::event::Sink;
use crate::ids::*;
use crate::log;
use crate::state::{BuildingKind, GameState};
use serde::{Deserialize, Serialize};

/// Every Vox card.
pub static CARDS: &[&Behavior] = &[
    &MASS_UPRISING,
    &POPULIST_DEMANDS,
    &OUTRAGE_SPREADS,
    &SONG_OF_FREEDOM,
    &GUILD_STRUGGLE,
    &CALL_TO_ACTION,
];

/// C-BC26: place a ship in each system of a cluster; discard.
pub static MASS_UPRISING: Behavior = Behavior {
    code: "ARCS-BC26",
    on_secured: Some(|s, seat, card, _| {
        s.court_discard.push(card);
        if s.seat(seat).ships > 0 {
            s.push(Effect::MassUprising { seat, card }.into());
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
            s.push(Effect::Populist { seat, card }.into());
        }
    }),
    ..Behavior::NONE
};

/// C-BC28: may choose a type; everyone Provokes Outrage of it; discard.
pub static OUTRAGE_SPREADS: Behavior = Behavior {
    code: "ARCS-BC28",
    on_secured: Some(outrage_spreads_secured),
    ..Behavior::NONE
};

/// Outrage Spreads' When Secured (C-BC28, and the Partisan's F613–F614):
/// discard it; the securer may choose a type everyone Provokes.
pub fn outrage_spreads_secured(s: &mut GameState, seat: Seat, card: CardId, _: &mut dyn Sink) {
    s.court_discard.push(card);
    s.push(Effect::OutrageSpreads { seat, card }.into());
}

/// C-BC29: may return a city you control; then may seize; shuffle this
/// into the Court deck (before the refill).
pub static SONG_OF_FREEDOM: Behavior = Behavior {
    code: "ARCS-BC29",
    on_secured: Some(|s, seat, card, _| {
        s.court_deck.shuffle_in(card, &mut s.rng);
        s.push(
            Effect::SongOfFreedom {
                seat,
                card,
                returned: false,
            }
            .into(),
        );
    }),
    ..Behavior::NONE
};

/// C-BC30: may steal a Guild card; then shuffle the Court discard's Guild
/// cards into the deck (below); discard this.
pub static GUILD_STRUGGLE: Behavior = Behavior {
    code: "ARCS-BC30",
    on_secured: Some(|s, seat, card, _| {
        s.push(guild_struggle(seat, card, false).into());
    }),
    ..Behavior::NONE
};

/// Guild Struggle's When Secured (C-BC30; the Advocate's F411 buries the
/// card instead of discarding it).
pub fn guild_struggle(seat: Seat, card: CardId, bury: bool) -> Effect {
    Effect::GuildStruggle { seat, card, bury }
}

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

// ------------------------------------------------------------ procedures

/// The Vox cards' procedures.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "effect")]
pub enum Effect {
    /// Mass Uprising: choose a cluster.
    MassUprising { seat: Seat, card: CardId },
    /// Mass Uprising with too few ships: choose systems of the cluster.
    UprisingSystems {
        seat: Seat,
        card: CardId,
        cluster: u8,
        done: u32,
    },
    /// Populist Demands: declare any ambition, or not.
    Populist { seat: Seat, card: CardId },
    /// Outrage Spreads: choose a type, or not.
    OutrageSpreads { seat: Seat, card: CardId },
    /// Song of Freedom: return a city you control, then maybe seize.
    SongOfFreedom {
        seat: Seat,
        card: CardId,
        returned: bool,
    },
    /// Guild Struggle: steal a Guild card or not.
    GuildStruggle {
        seat: Seat,
        card: CardId,
        /// Buried at the end (F411), not discarded (C-BC30).
        #[serde(default)]
        bury: bool,
    },
}

impl Procedure for Effect {
    fn seat_card(&self) -> (Seat, CardId) {
        use Effect::*;
        match *self {
            MassUprising { seat, card }
            | UprisingSystems { seat, card, .. }
            | Populist { seat, card }
            | OutrageSpreads { seat, card }
            | SongOfFreedom { seat, card, .. }
            | GuildStruggle { seat, card, .. } => (seat, card),
        }
    }

    fn what(&self, _s: &GameState) -> String {
        use Effect::*;
        match self {
            MassUprising { .. } => "place a ship in each system of which cluster?".into(),
            UprisingSystems { .. } => "place a ship in which system?".into(),
            Populist { .. } => "declare which ambition (or none)?".into(),
            OutrageSpreads { .. } => "everyone provokes Outrage of which type (or none)?".into(),
            SongOfFreedom {
                returned: false, ..
            } => "return which city you control to its owner (or none)?".into(),
            SongOfFreedom { .. } => "seize the initiative?".into(),
            GuildStruggle { .. } => "steal which Guild card (or none)?".into(),
        }
    }

    fn choices(&self, s: &GameState, out: &mut Vec<Choice>) {
        use Effect::*;
        match *self {
            MassUprising { .. } => {
                let mut clusters: Vec<u8> = s.systems_in_play().map(|x| x.cluster()).collect();
                clusters.dedup();
                out.extend(clusters.into_iter().map(Choice::Count));
            }
            UprisingSystems { cluster, done, .. } => {
                out.extend(
                    (0..4)
                        .map(|p| SystemId::new(cluster, p))
                        .filter(|x| done & x.bit() == 0)
                        .map(Choice::System),
                );
            }
            Populist { seat, .. } => {
                out.extend(crate::campaign::fates::any_ambition(s, seat).map(Choice::Declare));
                out.push(Choice::Done);
            }
            OutrageSpreads { .. } => {
                out.extend(Resource::ALL.into_iter().map(Choice::Resource));
                out.push(Choice::Done);
            }
            SongOfFreedom {
                seat,
                returned: false,
                ..
            } => {
                for sys in s.systems_in_play().filter(|x| s.controls(seat, *x)) {
                    for (slot, b) in s.sys(sys).buildings() {
                        if b.kind == BuildingKind::City && b.owner.seat().is_some() {
                            out.push(Choice::Piece {
                                system: sys,
                                piece: Piece::Building { slot },
                            });
                        }
                    }
                }
                out.push(Choice::Done);
            }
            SongOfFreedom {
                seat,
                returned: true,
                ..
            } => {
                if seat != s.initiative && !s.round.seized {
                    out.push(Choice::Yes);
                }
                out.push(Choice::No);
            }
            GuildStruggle { seat, .. } => {
                steal_choices(s, seat, StealFilter::Guild, out);
                out.push(Choice::Done);
            }
        }
    }

    fn resolve(self, s: &mut GameState, choice: Choice, ev: &mut dyn Sink) {
        use Effect::*;
        match self {
            MassUprising { seat, card } => {
                s.pop();
                if let Choice::Count(cluster) = choice {
                    if s.seat(seat).ships >= 4 {
                        for p in 0..4 {
                            s.place_ships(seat.owner(), SystemId::new(cluster, p), 1, false);
                        }
                        log!(
                            ev,
                            "place",
                            Some(seat),
                            "{seat} places a ship in each system of cluster {cluster}."
                        );
                    } else if s.seat(seat).ships > 0 {
                        s.push(
                            UprisingSystems {
                                seat,
                                card,
                                cluster,
                                done: 0,
                            }
                            .into(),
                        );
                    }
                }
            }
            UprisingSystems {
                seat,
                card,
                cluster,
                done,
            } => {
                if let Choice::System(x) = choice {
                    s.place_ships(seat.owner(), x, 1, false);
                    if s.seat(seat).ships == 0 {
                        s.pop();
                    } else {
                        s.set_top(
                            UprisingSystems {
                                seat,
                                card,
                                cluster,
                                done: done | x.bit(),
                            }
                            .into(),
                        );
                    }
                } else {
                    s.pop();
                }
            }
            Populist { seat, .. } => {
                s.pop();
                if let Choice::Declare(a) = choice {
                    crate::actions::declare::begin_declare(
                        s,
                        seat,
                        a,
                        crate::actions::declare::DeclareVia::Effect,
                        ev,
                    );
                }
            }
            OutrageSpreads { .. } => {
                s.pop();
                if let Choice::Resource(r) = choice {
                    let order: Vec<Seat> = s.turn_order().collect();
                    for x in order {
                        crate::actions::outrage::provoke_outrage(s, x, r, ev);
                    }
                }
            }
            SongOfFreedom {
                seat,
                card,
                returned: false,
            } => {
                if let Choice::Piece {
                    system,
                    piece: Piece::Building { slot },
                } = choice
                {
                    let returned = s.sys_mut(system).slots[slot as usize].take();
                    if let Some(b) = returned {
                        log!(
                            ev,
                            "return",
                            Some(seat),
                            { systems: vec![system] },
                            "{seat} returns {}'s city in {system} to its board.",
                            b.owner
                        );
                        s.set_top(
                            SongOfFreedom {
                                seat,
                                card,
                                returned: true,
                            }
                            .into(),
                        );
                        if let Some(o) = b.owner.seat() {
                            s.return_cities(o, 1, ev);
                        }
                        return;
                    }
                }
                s.pop();
            }
            SongOfFreedom { seat, .. } => {
                s.pop();
                if choice == Choice::Yes {
                    crate::flow::seize_now(s, seat, ev);
                    log!(
                        ev,
                        "seize",
                        Some(seat),
                        "{seat} seizes the initiative (Song of Freedom)."
                    );
                }
            }
            GuildStruggle { seat, card, bury } => {
                s.pop();
                if let Choice::Steal { from, loot } = choice {
                    steal(s, seat, from, loot, ev);
                }
                // Text order: steal first, then shuffle the discarded Guild
                // cards (not Vox) into the Court deck, then discard this.
                let guild: Vec<CardId> = s
                    .court_discard
                    .iter()
                    .copied()
                    .filter(|c| c.info().kind == crate::data::CardKind::Guild)
                    .collect();
                s.court_discard
                    .retain(|c| c.info().kind != crate::data::CardKind::Guild);
                let n = guild.len();
                s.court_deck.add(guild);
                s.court_deck.shuffle(&mut s.rng);
                if bury {
                    s.court_deck.bury(card);
                } else {
                    s.court_discard.push(card);
                }
                log!(
                    ev,
                    "court",
                    Some(seat),
                    "{} shuffled back into the Court deck.",
                    crate::describe::count_of(n as u8, "Guild card is", "Guild cards are")
                );
            }
        }
    }

    fn describe(&self, d: &Describer, c: Choice) -> Option<String> {
        use Effect::*;
        Some(match (*self, c) {
            (GuildStruggle { .. }, Choice::Steal { from, loot }) => d.steal(from, loot, false),
            (GuildStruggle { .. }, Choice::Done) => "Steal no Guild card".into(),
            (UprisingSystems { .. }, Choice::System(x)) => format!("Place a ship in {x}"),
            (MassUprising { .. }, Choice::Count(k)) => {
                format!("Place a ship in each system of cluster {k}")
            }
            (Populist { .. }, Choice::Declare(a)) => format!("Declare {}", ambition_name(a)),
            (Populist { .. }, Choice::Done) => "Declare no ambition".into(),
            (OutrageSpreads { .. }, Choice::Resource(r)) => {
                format!("Everyone provokes {} Outrage", resource_name(r))
            }
            (OutrageSpreads { .. }, Choice::Done) => "Name no type".into(),
            (
                SongOfFreedom {
                    returned: false, ..
                },
                Choice::Piece {
                    system,
                    piece: p @ Piece::Building { .. },
                },
            ) => format!("Return {} to its owner", d.piece(system, p)),
            (
                SongOfFreedom {
                    returned: false, ..
                },
                Choice::Done,
            ) => "Return no city".into(),
            (SongOfFreedom { .. }, Choice::Yes) => "Seize the initiative".into(),
            (SongOfFreedom { .. }, Choice::No) => "Do not seize the initiative".into(),
            _ => return None,
        })
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn every_vox_card_has_passing_scenarios() {
        crate::cards::testing::family_scenarios(super::CARDS);
    }
}
