//! The campaign Court's own Vox cards, CC11–CC15 (campaign rules p5; the
//! Guild cards CC01–CC10 reprint base cards, `REPRINTS`). Each has a
//! Crisis (resolved in the Court during Court Crises, p18) and a "When
//! Secured".

use crate::campaign::crises::{remove_card, Removal};
use crate::cards::frame::Procedure;
use crate::cards::Behavior;
use crate::choice::{Choice, Piece};
use crate::describe::{ambition_name, Describer};
use crate::event::Sink;
use crate::ids::*;
use crate::log;
use crate::state::{BuildingKind, GameState};
use serde::{Deserialize, Serialize};

/// Every campaign Court card with behaviour of its own.
pub static CARDS: &[&Behavior] = &[
    &POPULIST_DEMANDS,
    &COUNCIL_INTRIGUE,
    &DIPLOMATIC_FIASCO,
    &SONG_OF_FREEDOM,
    &BLIGHT_LOOMS,
];

/// CC11 Populist Demands. Crisis: the declared ambition marker of highest
/// Power returns to Available Ambitions (the card stays in the Court: its
/// Crisis does not bury it). When Secured: you may declare any ambition;
/// bury this.
pub static POPULIST_DEMANDS: Behavior = Behavior {
    code: "ARCS-CC11",
    crisis: Some(|s, _pos, _card, ev| {
        // Highest first-place value; between equal markers the one with
        // the higher second value (docs/rulings.md R-CAMP-CC11).
        let best = (0..3)
            .filter(|&i| s.markers[i].at.is_some())
            .max_by_key(|&i| (s.markers[i].values(i), std::cmp::Reverse(i)));
        if let Some(i) = best {
            let a = s.markers[i].at.take();
            let (f, sec) = s.markers[i].values(i);
            if let Some(a) = a {
                log!(
                    ev,
                    "crisis",
                    None,
                    "Populist Demands: the {f}/{sec} marker leaves {} and is available again.",
                    ambition_name(a)
                );
            }
        }
    }),
    on_secured: Some(|s, seat, card, _| {
        s.court_deck.bury(card);
        if crate::cards::may_declare(s, seat) {
            s.push(Effect::Populist { seat, card }.into());
        }
    }),
    ..Behavior::NONE
};

/// CC12 Council Intrigue. Crisis: the Imperial Council flips to In
/// Session, the agents here move onto it; bury this. When Secured: the
/// Council flips to In Session; you may move your agents from here to
/// other Court cards (the Council too); bury this.
pub static COUNCIL_INTRIGUE: Behavior = Behavior {
    code: "ARCS-CC12",
    crisis: Some(|s, pos, card, ev| {
        in_session(s);
        let agents = std::mem::take(&mut s.court[pos].agents);
        if let Some(council) = council_pos(s) {
            for (i, n) in agents.iter().enumerate() {
                s.court[council].agents[i] += n;
            }
        }
        log!(
            ev,
            "crisis",
            None,
            "Council Intrigue: the Imperial Council is In Session again, with the agents from \
             Council Intrigue on it."
        );
        remove_card(s, pos, card, Removal::Bury);
    }),
    on_secured: Some(|s, seat, card, ev| {
        in_session(s);
        s.court_deck.bury(card);
        log!(
            ev,
            "council",
            Some(seat),
            "Council Intrigue: the Imperial Council is In Session again."
        );
        move_own_agents(s, seat, card);
    }),
    ..Behavior::NONE
};

/// CC13 Diplomatic Fiasco. Crisis: in turn order, each player with more
/// Guild cards than agents in supply discards Guild cards down to their
/// agents (protected ones count but stay); bury this. When Secured:
/// Rivals resolve the Crisis.
pub static DIPLOMATIC_FIASCO: Behavior = Behavior {
    code: "ARCS-CC13",
    crisis: Some(|s, pos, card, _ev| {
        // The discards first, then the card is buried (its agents count
        // on it until then, in the card's order).
        let initiative = s.initiative;
        if !push_fiasco(s, card, initiative, None, pos as u8) {
            remove_card(s, pos, card, Removal::Bury);
        }
    }),
    on_secured: Some(|s, seat, card, _| {
        // A Vox card without other instructions is discarded.
        s.court_discard.push(card);
        push_fiasco(s, card, seat, Some(seat), NO_POS);
    }),
    ..Behavior::NONE
};

/// CC14 Song of Freedom. Crisis: the player with the most Power replaces
/// one of their Loyal cities with a Free city. When Secured: you may
/// replace any city you control with a Free city, then may seize the
/// initiative; shuffle this into the Court deck.
pub static SONG_OF_FREEDOM: Behavior = Behavior {
    code: "ARCS-CC14",
    crisis: Some(|s, _pos, card, ev| {
        // Ties: the first of them in turn order (docs/rulings.md
        // R-CAMP-CC14). The card stays in the Court.
        let order: Vec<Seat> = s.turn_order().collect();
        let top = order.iter().map(|x| s.seat(*x).power).max().unwrap_or(0);
        let Some(seat) = order.into_iter().find(|x| s.seat(*x).power == top) else {
            return;
        };
        if s.board.cities(seat.owner()) & s.in_play == 0 {
            log!(
                ev,
                "crisis",
                Some(seat),
                "Song of Freedom: {seat} has the most Power but no city on the map."
            );
            return;
        }
        s.push(Effect::SongCrisis { seat, card }.into());
    }),
    on_secured: Some(|s, seat, card, _| {
        s.court_deck.shuffle_in(card, &mut s.rng);
        s.push(
            Effect::SongSecured {
                seat,
                card,
                replaced: false,
            }
            .into(),
        );
    }),
    ..Behavior::NONE
};

/// CC15 Blight Looms. Crisis: repair all Blight in the rolled cluster;
/// place a damaged Blight at each planet of the rolled symbol with none;
/// bury this. When Secured: you may destroy all damaged Blight in a
/// cluster where you have Loyal pieces; bury this.
pub static BLIGHT_LOOMS: Behavior = Behavior {
    code: "ARCS-CC15",
    crisis: Some(|s, pos, card, ev| {
        let (cluster, symbol) = match s.campaign() {
            Some(c) => (c.number_die, c.event_die.map_or(1, |f| f.symbol)),
            None => return,
        };
        for p in 0..4 {
            let sys = SystemId::new(cluster, p);
            let mut g = s.sys_mut(sys);
            let b = g.ships_mut(Owner::Blight);
            b.fresh += b.damaged;
            b.damaged = 0;
        }
        let mut placed = 0;
        for sys in SystemId::all() {
            if !sys.is_gate()
                && sys.position() == symbol
                && s.sys(sys).ships_of(Owner::Blight).total() == 0
                && crate::campaign::blight::place_blight(s, sys, true)
            {
                placed += 1;
            }
        }
        log!(
            ev,
            "crisis",
            None,
            "Blight Looms: the Blight in cluster {cluster} is repaired; {placed} damaged Blight \
             spread to the {} planets.",
            crate::campaign::symbol_name(symbol)
        );
        remove_card(s, pos, card, Removal::Bury);
    }),
    on_secured: Some(|s, seat, card, _| {
        s.court_deck.bury(card);
        if !looms_clusters(s, seat).is_empty() {
            s.push(Effect::Looms { seat, card }.into());
        }
    }),
    ..Behavior::NONE
};

/// "You may move any Loyal agents from here to other Court cards": the
/// seat's agents that were on the card it secured (returned by the secure)
/// may go to other Court cards instead (Council Intrigue, CC12; Empire
/// Falls, F109).
pub(crate) fn move_own_agents(s: &mut GameState, seat: Seat, card: CardId) {
    let left = s
        .campaign()
        .map_or(0, |c| c.secured_own_agents)
        .min(s.seat(seat).agents);
    if left > 0 {
        s.push(Effect::Intrigue { seat, card, left }.into());
    }
}

/// The Imperial Council flips to In Session (Council Intrigue, Guilds
/// Decry Terror, Council Insiders).
pub(crate) fn in_session(s: &mut GameState) {
    if let Some(c) = s.campaign_mut() {
        c.council.decided = false;
        c.council.tucked = None;
    }
}

/// The Outlaw earliest in turn order, if any.
pub(crate) fn first_outlaw(s: &GameState) -> Option<Seat> {
    s.turn_order().find(|x| s.is_outlaw(*x))
}

/// Imperial Defectors' Crisis in `cluster` (the Admiral's F710, F711,
/// F715, F716 and the Steward's F118, F119): each Imperial ship there, fresh
/// or damaged, is replaced by a ship of the first Outlaw in the same
/// state while that Outlaw has ships in its supply; the rest stay
/// Imperial (R-CAMP-F710).
pub(crate) fn defect(s: &mut GameState, cluster: u8, ev: &mut dyn Sink) {
    let Some(outlaw) = first_outlaw(s) else {
        log!(
            ev,
            "crisis",
            None,
            "Imperial Defectors: there is no Outlaw, so no Imperial ship defects."
        );
        return;
    };
    let mut replaced = 0u8;
    let mut systems = Vec::new();
    for p in 0..4 {
        let x = SystemId::new(cluster, p);
        let imperial = s.sys(x).ships_of(Owner::Empire);
        let mut here = 0;
        for (damaged, n) in [(false, imperial.fresh), (true, imperial.damaged)] {
            let k = n.min(s.seat(outlaw).ships);
            if k == 0 {
                continue;
            }
            {
                let mut g = s.sys_mut(x);
                let sh = g.ships_mut(Owner::Empire);
                if damaged {
                    sh.damaged -= k;
                } else {
                    sh.fresh -= k;
                }
            }
            crate::campaign::return_to_supply(s, Owner::Empire, crate::state::TrophyKind::Ship, k);
            s.place_ships(outlaw.owner(), x, k, damaged);
            here += k;
        }
        if here > 0 {
            replaced += here;
            systems.push(x);
        }
    }
    let ships = crate::describe::count_of(replaced, "Imperial ship", "Imperial ships");
    log!(
        ev,
        "crisis",
        Some(outlaw),
        { systems: systems },
        "Imperial Defectors: {ships} in cluster {cluster} defect to {outlaw}."
    );
}

/// Clusters with Imperial ships in play (Imperial Defectors' choice).
pub(crate) fn imperial_clusters(s: &GameState) -> impl Iterator<Item = u8> + '_ {
    (1..=6u8).filter(move |&cl| {
        (0..4).any(|p| {
            let x = SystemId::new(cl, p);
            s.in_play & x.bit() != 0 && s.sys(x).ships_of(Owner::Empire).total() > 0
        })
    })
}

/// The Imperial Council's place in the Court.
pub(crate) fn council_pos(s: &GameState) -> Option<usize> {
    s.court
        .iter()
        .position(|c| c.card.is_some_and(crate::campaign::council::is_council))
}

/// No Court position: Diplomatic Fiasco resolved for its securer's Rivals.
const NO_POS: u8 = u8::MAX;

/// Starts Diplomatic Fiasco's discards with the first seat in turn order
/// from `from` (skipping `except`) that has too many Guild cards; `pos`:
/// the card's Court position, buried once the discards are done. Returns
/// whether anyone must discard.
fn push_fiasco(s: &mut GameState, card: CardId, from: Seat, except: Option<Seat>, pos: u8) -> bool {
    let done = except.map_or(0, |x| 1 << x.0);
    let Some(seat) = next_fiasco(s, from, done) else {
        return false;
    };
    s.push(
        Effect::Fiasco {
            seat,
            card,
            from,
            done,
            pos,
        }
        .into(),
    );
    true
}

/// Guild cards a seat holds that it may discard (not protected, p27).
fn discardable(s: &GameState, seat: Seat) -> impl Iterator<Item = CardId> + '_ {
    s.seat(seat)
        .guild()
        .iter()
        .copied()
        .filter(|c| !crate::campaign::data::protected(*c))
}

/// Whether a seat must still discard for Diplomatic Fiasco.
fn over(s: &GameState, seat: Seat) -> bool {
    s.seat(seat).guild().len() > s.seat(seat).agents as usize
        && discardable(s, seat).next().is_some()
}

fn next_fiasco(s: &GameState, from: Seat, done: u8) -> Option<Seat> {
    s.order_from(from)
        .find(|x| done & (1 << x.0) == 0 && over(s, *x))
}

/// Clusters where Blight Looms' securer may destroy damaged Blight.
fn looms_clusters(s: &GameState, seat: Seat) -> Vec<u8> {
    (1..=6u8)
        .filter(|&cl| {
            let sys = (0..4).map(move |p| SystemId::new(cl, p));
            sys.clone().any(|x| s.has_loyal_piece(seat, x))
                && sys
                    .into_iter()
                    .any(|x| s.sys(x).ships_of(Owner::Blight).damaged > 0)
        })
        .collect()
}

// ------------------------------------------------------------ procedures

#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "effect")]
pub enum Effect {
    /// Populist Demands: declare any ambition, or not.
    Populist { seat: Seat, card: CardId },
    /// Council Intrigue: move one of `left` agents to a Court card, or stop.
    Intrigue { seat: Seat, card: CardId, left: u8 },
    /// Diplomatic Fiasco: `seat` discards a Guild card; `done` has a bit
    /// per seat finished, `from` is where turn order starts.
    Fiasco {
        seat: Seat,
        card: CardId,
        from: Seat,
        done: u8,
        /// The card's Court position during a Crisis (buried at the end).
        pos: u8,
    },
    /// Song of Freedom's Crisis: `seat` replaces one of its cities.
    SongCrisis { seat: Seat, card: CardId },
    /// Song of Freedom secured: replace a city you control (or not), then
    /// maybe seize.
    SongSecured {
        seat: Seat,
        card: CardId,
        replaced: bool,
    },
    /// Blight Looms secured: destroy the damaged Blight of a cluster, or not.
    Looms { seat: Seat, card: CardId },
}

impl Procedure for Effect {
    fn seat_card(&self) -> (Seat, CardId) {
        use Effect::*;
        match *self {
            Populist { seat, card }
            | Intrigue { seat, card, .. }
            | Fiasco { seat, card, .. }
            | SongCrisis { seat, card }
            | SongSecured { seat, card, .. }
            | Looms { seat, card } => (seat, card),
        }
    }

    fn what(&self, _s: &GameState) -> String {
        use Effect::*;
        match self {
            Populist { .. } => "declare which ambition (or none)?".into(),
            Intrigue { left, .. } => {
                format!("move one of your agents ({left} left) to which Court card (or stop)?")
            }
            Fiasco { .. } => "discard which Guild card?".into(),
            SongCrisis { .. } => "which of your cities becomes a Free city?".into(),
            SongSecured {
                replaced: false, ..
            } => "replace which city you control with a Free city (or none)?".into(),
            SongSecured { .. } => "seize the initiative?".into(),
            Looms { .. } => "destroy the damaged Blight of which cluster (or none)?".into(),
        }
    }

    fn choices(&self, s: &GameState, out: &mut Vec<Choice>) {
        use Effect::*;
        match *self {
            Populist { seat, .. } => {
                out.extend(crate::campaign::fates::any_ambition(s, seat).map(Choice::Declare));
                out.push(Choice::Done);
            }
            Intrigue { .. } => {
                out.extend(
                    (0..s.court.len())
                        .filter(|&p| crate::actions::court::open(s, p))
                        .map(|p| Choice::Court(p as u8)),
                );
                out.push(Choice::Done);
            }
            Fiasco { seat, .. } => {
                out.extend(discardable(s, seat).map(Choice::Card));
            }
            SongCrisis { seat, .. } => {
                for sys in crate::state::systems_in(s.board.cities(seat.owner()) & s.in_play) {
                    for (slot, b) in s.sys(sys).buildings_of(seat.owner()) {
                        if b.kind == BuildingKind::City {
                            out.push(Choice::Piece {
                                system: sys,
                                piece: Piece::Building { slot },
                            });
                        }
                    }
                }
            }
            SongSecured {
                seat,
                replaced: false,
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
            SongSecured { seat, .. } => {
                if seat != s.initiative && !s.round.seized {
                    out.push(Choice::Yes);
                }
                out.push(Choice::No);
            }
            Looms { seat, .. } => {
                out.extend(looms_clusters(s, seat).into_iter().map(Choice::Count));
                out.push(Choice::Done);
            }
        }
    }

    fn resolve(self, s: &mut GameState, choice: Choice, ev: &mut dyn Sink) {
        use Effect::*;
        match self {
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
            Intrigue { seat, card, left } => {
                let Choice::Court(pos) = choice else {
                    s.pop();
                    return;
                };
                if left > 1 {
                    s.set_top(
                        Intrigue {
                            seat,
                            card,
                            left: left - 1,
                        }
                        .into(),
                    );
                } else {
                    s.pop();
                }
                crate::actions::court::place_agent(s, seat, pos as usize, ev);
            }
            Fiasco {
                seat,
                card,
                from,
                done,
                pos,
            } => {
                if let Choice::Card(c) = choice {
                    if s.seat_mut(seat).remove_guild(c) {
                        s.court_discard.push(c);
                        log!(
                            ev,
                            "crisis",
                            Some(seat),
                            "Diplomatic Fiasco: {seat} discards {}.",
                            c.name()
                        );
                    }
                }
                let done = if over(s, seat) {
                    done
                } else {
                    done | 1 << seat.0
                };
                match next_fiasco(s, from, done) {
                    Some(next) => s.set_top(
                        Fiasco {
                            seat: next,
                            card,
                            from,
                            done,
                            pos,
                        }
                        .into(),
                    ),
                    None => {
                        s.pop();
                        if pos != NO_POS {
                            remove_card(s, pos as usize, card, Removal::Bury);
                        }
                    }
                }
            }
            SongCrisis { seat, .. } => {
                s.pop();
                if let Choice::Piece {
                    system,
                    piece: Piece::Building { slot },
                } = choice
                {
                    log!(
                        ev,
                        "crisis",
                        Some(seat),
                        "Song of Freedom: {seat}, with the most Power, frees a city."
                    );
                    crate::campaign::free::replace_with_free(s, system, slot, ev);
                }
            }
            SongSecured {
                seat,
                card,
                replaced: false,
            } => {
                if let Choice::Piece {
                    system,
                    piece: Piece::Building { slot },
                } = choice
                {
                    s.set_top(
                        SongSecured {
                            seat,
                            card,
                            replaced: true,
                        }
                        .into(),
                    );
                    crate::campaign::free::replace_with_free(s, system, slot, ev);
                } else {
                    s.pop();
                }
            }
            SongSecured { seat, .. } => {
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
            Looms { seat, .. } => {
                s.pop();
                if let Choice::Count(cluster) = choice {
                    let mut n = 0u8;
                    for p in 0..4 {
                        let sys = SystemId::new(cluster, p);
                        let k = s.sys(sys).ships_of(Owner::Blight).damaged;
                        if k > 0 {
                            s.sys_mut(sys).ships_mut(Owner::Blight).damaged = 0;
                            *s.seat_mut(seat)
                                .trophy(Owner::Blight, crate::state::TrophyKind::Ship) += k;
                            n += k;
                        }
                    }
                    log!(
                        ev,
                        "blight",
                        Some(seat),
                        "Blight Looms: {seat} destroys {n} damaged Blight in cluster {cluster} \
                         and takes them as Trophies."
                    );
                }
            }
        }
    }

    fn describe(&self, d: &Describer, c: Choice) -> Option<String> {
        use Effect::*;
        Some(match (*self, c) {
            (Populist { .. }, Choice::Declare(a)) => format!("Declare {}", ambition_name(a)),
            (Populist { .. }, Choice::Done) => "Declare nothing".into(),
            (Intrigue { .. }, Choice::Court(i)) => format!("Move an agent to {}", d.court(i)),
            (Intrigue { .. }, Choice::Done) => "Move no more agents".into(),
            (Fiasco { .. }, Choice::Card(c)) => format!("Discard {}", c.name()),
            (SongCrisis { .. } | SongSecured { .. }, Choice::Piece { system, piece }) => {
                format!("Make {} a Free city", d.piece(system, piece))
            }
            (SongSecured { .. }, Choice::Done) => "Free no city".into(),
            (SongSecured { .. }, Choice::Yes) => "Seize the initiative".into(),
            (SongSecured { .. }, Choice::No) => "Do not seize the initiative".into(),
            (Looms { .. }, Choice::Count(cl)) => {
                format!("Destroy the damaged Blight in cluster {cl}")
            }
            (Looms { .. }, Choice::Done) => "Destroy no Blight".into(),
            _ => return None,
        })
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn every_campaign_court_card_has_passing_scenarios() {
        crate::cards::testing::family_scenarios(super::CARDS);
    }
}
