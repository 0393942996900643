//! The heuristic agent: plays recognisable Arcs quickly. For each legal
//! choice it imagines the hidden cards once, applies the choice, finishes
//! its own follow-up decisions with rules of thumb ([`quick`]), and scores
//! the result with [`crate::eval`]. Rules of thumb encode the basics:
//! declare what you lead, tax and build cities to open slots, secure what
//! you can take, battle with the numbers, destroy damaged pieces for
//! Trophies, avoid Outrage, keep high cards to surpass.

use crate::eval::relative;
use crate::Agent;
use arcs_engine::choice::{BuildTarget, Piece, Prompt};
use arcs_engine::data::DieKind;
use arcs_engine::flow::rank;
use arcs_engine::ids::*;
use arcs_engine::state::{BuildingKind, GameState, PlayKind};
use arcs_engine::view::Observation;
use arcs_engine::{Choice, Loot, NoEvents};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

/// How many of its own follow-up decisions a choice is played out for.
const DEPTH: usize = 14;

pub struct HeuristicAgent {
    rng: ChaCha8Rng,
}

impl HeuristicAgent {
    pub fn new(seed: u64) -> HeuristicAgent {
        HeuristicAgent {
            rng: ChaCha8Rng::seed_from_u64(seed),
        }
    }
}

impl Agent for HeuristicAgent {
    fn name(&self) -> String {
        "heuristic".into()
    }
    fn choose(&mut self, obs: &Observation, choices: &[Choice]) -> usize {
        if choices.len() <= 1 {
            return 0;
        }
        let base = obs.determinize(&mut self.rng);
        best_by_lookahead(&base, obs.seat, choices)
    }
}

/// The choice whose greedy continuation scores best for `seat`.
pub fn best_by_lookahead(base: &GameState, seat: Seat, choices: &[Choice]) -> usize {
    let mut buf = Vec::new();
    let mut best = (f64::MIN, 0);
    for (i, &c) in choices.iter().enumerate() {
        let mut s = base.clone();
        s.apply_unchecked(c, &mut NoEvents);
        for _ in 0..DEPTH {
            match s.choices_into(&mut buf) {
                Some(x) if x == seat && !buf.is_empty() => {
                    let j = quick(&s, seat, &buf);
                    s.apply_unchecked(buf[j], &mut NoEvents);
                }
                _ => break,
            }
        }
        let v = relative(&s, seat) + 0.05 * prior(base, seat, c);
        if v > best.0 {
            best = (v, i);
        }
    }
    best.1
}

/// A fast rule-of-thumb pick (no lookahead): used to finish a choice's
/// follow-ups and as the search agent's rollout policy.
pub fn quick(s: &GameState, seat: Seat, choices: &[Choice]) -> usize {
    let mut best = (f64::MIN, 0);
    for (i, &c) in choices.iter().enumerate() {
        let v = prior(s, seat, c);
        if v > best.0 {
            best = (v, i);
        }
    }
    best.1
}

fn fresh(s: &GameState, sys: SystemId, o: Owner) -> i32 {
    s.sys(sys).ships_of(o).fresh as i32
}

/// Would `seat` be (solely) first in `a` now?
fn leads(s: &GameState, seat: Seat, a: Ambition) -> bool {
    rank(s, a).0 == Some(Some(seat))
}

/// How good a choice looks on its face.
pub fn prior(s: &GameState, seat: Seat, c: Choice) -> f64 {
    let o = seat.owner();
    let prompt = s.decision().map(|d| d.prompt);
    match c {
        Choice::Pass => -3.0,
        Choice::Lead(card) => {
            suit_value(s, seat, card.suit()) + declare_value(s, seat, card)
                - 0.15 * card.number() as f64
        }
        Choice::Surpass(card) => 1.0 + suit_value(s, seat, card.suit()) + 0.3 * card.pips() as f64,
        Choice::Pivot(card) => {
            0.3 + 0.6 * suit_value(s, seat, card.suit()) - 0.1 * card.number() as f64
        }
        Choice::Copy(card) => {
            0.2 * suit_value(
                s,
                seat,
                s.lead_card().map(|l| l.suit()).unwrap_or(card.suit()),
            ) - 0.2 * card.number() as f64
        }
        Choice::Declare(a) => {
            if leads(s, seat, a) {
                3.0
            } else {
                -2.0
            }
        }
        Choice::Seize(_) => -1.0,
        Choice::Act(a) => act_value(s, seat, a.std) + if a.via.is_some() { 0.4 } else { 0.0 },
        Choice::Spend {
            act: Some(a), as_, ..
        } => act_value(s, seat, a.std) - if as_ == Resource::Relic { 0.3 } else { 0.8 },
        Choice::Spend { act: None, .. } => {
            // A Weapon: worth it when a battle is on.
            if battle_edge(s, seat) > 0 {
                0.5
            } else {
                -2.0
            }
        }
        Choice::Prelude { .. } => 0.2,
        Choice::EndTurn => 0.0,
        // A piece on the Flagship board: a city uncovers a slot like a map
        // city; a starport adds a die (and, on Defense Array, intercepts).
        Choice::BuildBoard { kind, .. } => match kind {
            arcs_engine::state::BuildingKind::City => 2.5,
            arcs_engine::state::BuildingKind::Starport => 2.0,
        },
        Choice::Build { kind, system } => match kind {
            BuildTarget::City | BuildTarget::CloudCity => {
                3.0 + if s.controlled_by_other(seat, system) {
                    -2.0
                } else {
                    0.0
                }
            }
            // Book of Liberation: worth it when it clears an Outrage.
            BuildTarget::FreeCity | BuildTarget::FreeStarport => {
                let outraged = s
                    .planet_type(system)
                    .is_some_and(|r| s.seat(seat).outrage & (1 << r.index()) != 0);
                0.2 + if outraged { 3.0 } else { 0.0 }
            }
            BuildTarget::Starport => {
                1.5 + if s.controlled_by_other(seat, system) {
                    -1.0
                } else {
                    0.0
                }
            }
            BuildTarget::Ship => {
                1.0 + 0.3
                    * (s.sys(system)
                        .ships
                        .iter()
                        .map(|x| x.fresh)
                        .max()
                        .unwrap_or(0) as f64
                        - fresh(s, system, o) as f64)
                        .max(0.0)
            }
        },
        Choice::Piece { system, piece } => piece_value(s, seat, prompt.as_ref(), system, piece),
        Choice::System(sys) => system_value(s, seat, prompt.as_ref(), sys),
        Choice::Ships { fresh, damaged } => match prompt {
            Some(Prompt::CatapultDrop { .. }) => -(fresh as f64) - 0.5 * damaged as f64,
            _ => fresh as f64 + 0.3 * damaged as f64,
        },
        Choice::Player(p) => {
            // Defender / target: the leader, or the one with most pieces here.
            s.seat(p).power as f64 * 0.1 + s.seat(p).resource_count() as f64 * 0.1
        }
        Choice::Dice(n) => match prompt {
            Some(Prompt::BattleDice { die, system }) => dice_value(s, seat, die, system, n),
            _ => n as f64,
        },
        Choice::Steal { from, loot } => match loot {
            Loot::Slot(i) => {
                1.0 + arcs_engine::data::SLOT_RAID_COST[i as usize] as f64 * 0.2
                    + if s.seat(from).resources[i as usize].is_some() {
                        0.5
                    } else {
                        0.0
                    }
            }
            Loot::Card(_) => 2.0,
            // The Caretaker's Golems (campaign F505): worth a resource.
            Loot::Golem(_) => 1.5,
            // The Imperial Demand's Trophies and Captives (campaign).
            Loot::Trophy { .. } | Loot::Captive(_) | Loot::Stored(_) | Loot::Trust(_) => 1.0,
        },
        Choice::Court(pos) => court_value(s, seat, pos as usize),
        Choice::Card(_) => 1.0,
        // In the turn window: seizing by Provoking Outrage (Partisan
        // Seizing), worth less than a plain seize and less the more it
        // discards.
        Choice::Resource(r) if matches!(prompt, Some(Prompt::Turn { .. })) => {
            let st = s.seat(seat);
            let cards = st
                .guild()
                .iter()
                .filter(|c| c.info().suit == Some(r))
                .count();
            -1.5 - 0.5 * (st.count_resource(r) as usize + cards) as f64
        }
        Choice::Resource(r) => 1.0 - 0.3 * s.seat(seat).count_resource(r) as f64,
        Choice::Slot(i) => -(arcs_engine::data::SLOT_RAID_COST[i as usize] as f64) * 0.1,
        Choice::Arrange(_) => 0.0,
        Choice::Reroll { die, face } => {
            let f = arcs_engine::data::components().die(die)[face as usize];
            1.0 - (f.hit as f64 + f.building_hit as f64 + 0.5 * f.key as f64) + f.self_hit as f64
        }
        Choice::Trophy { .. } => 0.5,
        Choice::Count(n) => n as f64 * 0.2,
        // Summit deals: declined by default.
        Choice::Yes if matches!(prompt, Some(Prompt::Consent { .. })) => -1.0,
        Choice::Yes => 0.5,
        Choice::No | Choice::Done => 0.0,
        Choice::ActionCard(_) | Choice::Concede => -0.5,
        // Campaign: an Event card is worth the lead card's actions when it
        // gives them.
        Choice::PlayEvent => {
            if arcs_engine::campaign::events::event_gives_actions(s, seat) {
                0.2 + s
                    .lead_card()
                    .map_or(0.0, |l| 0.6 * suit_value(s, seat, l.suit()))
            } else {
                -0.5
            }
        }
        Choice::Policy(_) | Choice::Resolve(_) => 0.0,
        // Leaving the Empire or reviving it is a plan, not a reflex; and
        // this bot proposes no deals it cannot weigh (issue 13: bots
        // decline by default).
        Choice::Summit(_) => -1.0,
        Choice::Negotiate(_) => -2.0,
    }
}

/// Is it worth leading / playing a card of this suit now?
fn suit_value(s: &GameState, seat: Seat, suit: Suit) -> f64 {
    suit.actions()
        .iter()
        .map(|a| act_value(s, seat, *a).max(0.0))
        .fold(0.0, f64::max)
}

fn declare_value(s: &GameState, seat: Seat, card: ActionCard) -> f64 {
    if s.best_available_marker().is_none() {
        return 0.0;
    }
    // A led Faithful card declares what the campaign's law allows (the
    // Believer's Pluralistic Faith: any ambition).
    let right = if card.is_faithful() {
        arcs_engine::cards::campaign::believer::lead_declare_right(s)
    } else {
        card.declare_right()
    };
    Ambition::ALL
        .iter()
        .filter(|a| right.allows(**a))
        .map(|a| if leads(s, seat, *a) { 1.5 } else { 0.0 })
        .fold(0.0, f64::max)
}

fn act_value(s: &GameState, seat: Seat, a: StdAction) -> f64 {
    if !arcs_engine::flow::act_possible(s, seat, arcs_engine::Act::std(a)) {
        return -5.0;
    }
    match a {
        StdAction::Tax => 2.5,
        StdAction::Secure => 3.0,
        StdAction::Build => {
            if s.seat(seat).cities > 0 {
                2.2
            } else {
                1.2
            }
        }
        StdAction::Battle => {
            if battle_edge(s, seat) > 0 {
                2.0
            } else {
                -1.0
            }
        }
        StdAction::Influence => 1.2,
        StdAction::Repair => 0.6,
        StdAction::Move => 0.8,
    }
}

/// Best fresh-ship advantage in a system where `seat` can attack.
fn battle_edge(s: &GameState, seat: Seat) -> i32 {
    arcs_engine::actions::battle::systems(s, seat)
        .map(|sys| {
            let theirs = arcs_engine::actions::battle::defenders(s, seat, sys)
                .map(|d| fresh(s, sys, d))
                .max()
                .unwrap_or(0);
            s.sys(sys).ships_of(seat.owner()).total() as i32 - theirs
        })
        .max()
        .unwrap_or(-99)
}

fn system_value(s: &GameState, seat: Seat, prompt: Option<&Prompt>, sys: SystemId) -> f64 {
    let o = seat.owner();
    let x = s.sys(sys);
    let rival_fresh = (0..MAX_OWNERS)
        .filter(|i| *i != o.index())
        .map(|i| x.ships[i].fresh as i32)
        .max()
        .unwrap_or(0);
    match prompt {
        Some(Prompt::BattleSystem) => {
            (x.ships_of(o).total() as i32 - rival_fresh) as f64
                + x.buildings().filter(|(_, b)| b.owner != o).count() as f64
        }
        Some(Prompt::MoveFrom) => {
            x.ships_of(o).fresh as f64
                - if x.buildings_of(o).next().is_some() {
                    1.5
                } else {
                    0.0
                }
        }
        Some(Prompt::MoveTo { .. }) | Some(Prompt::CatapultOn { .. }) => {
            let rival_cities = x
                .buildings()
                .filter(|(_, b)| b.owner != o && b.kind == BuildingKind::City)
                .count() as f64;
            let empty = (0..arcs_engine::data::building_slots(sys))
                .filter(|i| x.slots[*i as usize].is_none())
                .count() as f64;
            2.0 * rival_cities + empty + 0.5 * x.buildings_of(o).count() as f64
                - 0.6 * rival_fresh as f64
        }
        _ => fresh(s, sys, o) as f64 * 0.1,
    }
}

fn piece_value(
    s: &GameState,
    seat: Seat,
    prompt: Option<&Prompt>,
    sys: SystemId,
    piece: Piece,
) -> f64 {
    let o = seat.owner();
    match (prompt, piece) {
        // Hits on our own ships: damage before losing ships.
        (Some(Prompt::AssignHit { to, .. }), Piece::Ship { damaged, .. }) if *to == o => {
            if damaged {
                -1.0
            } else {
                1.0
            }
        }
        // Hits on the defender: destroy damaged pieces for Trophies.
        (Some(Prompt::AssignHit { .. }), Piece::Ship { damaged, .. }) => {
            if damaged {
                2.0
            } else {
                1.0
            }
        }
        (Some(Prompt::AssignHit { .. }), Piece::Building { slot }) => {
            match s.sys(sys).slots[slot as usize] {
                // Destroying a city provokes Outrage: prefer starports.
                Some(b) if b.kind == BuildingKind::City => {
                    if b.damaged {
                        0.5
                    } else {
                        1.0
                    }
                }
                Some(b) => {
                    if b.damaged {
                        2.5
                    } else {
                        1.5
                    }
                }
                None => 0.0,
            }
        }
        (Some(Prompt::TaxTarget), Piece::Building { slot }) => {
            match s.sys(sys).slots[slot as usize] {
                Some(b) if b.owner != o => 2.0,
                _ => 1.0,
            }
        }
        (_, Piece::Ship { damaged: true, .. }) => 1.0,
        _ => 0.5,
    }
}

fn dice_value(s: &GameState, seat: Seat, die: DieKind, system: SystemId, n: u8) -> f64 {
    let o = seat.owner();
    let ours = s.sys(system).ships_of(o).total() as f64;
    let theirs = (0..MAX_OWNERS)
        .filter(|i| *i != o.index())
        .map(|i| s.sys(system).ships[i].fresh)
        .max()
        .unwrap_or(0) as f64;
    let n = n as f64;
    match die {
        // Strong: assault; weak: skirmish. Raid a little when useful.
        DieKind::Assault => {
            if ours >= theirs + 2.0 {
                n
            } else {
                -n
            }
        }
        DieKind::Skirmish => n,
        DieKind::Raid => {
            if n <= 2.0 {
                n * 0.5
            } else {
                -n
            }
        }
    }
}

fn court_value(s: &GameState, seat: Seat, pos: usize) -> f64 {
    let Some(slot) = s.court.get(pos) else {
        return 0.0;
    };
    let mine = slot.agents[seat.index()] as f64;
    let best_other = slot.most_of_others(seat) as f64;
    let guild = slot
        .card
        .is_some_and(|c| c.info().kind == arcs_engine::data::CardKind::Guild);
    (if guild { 1.0 } else { 0.5 }) + if mine + 1.0 > best_other { 1.0 } else { 0.0 }
        - 0.2 * (best_other - mine).max(0.0)
}

/// Used by the search agent's rollouts to cut obviously bad plays.
pub fn is_passive(c: &Choice) -> bool {
    matches!(c, Choice::Pass | Choice::EndTurn)
}

#[allow(dead_code)]
fn lead_kind(s: &GameState) -> Option<PlayKind> {
    s.round.lead().map(|p| p.kind)
}
