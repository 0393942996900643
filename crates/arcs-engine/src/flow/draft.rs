//! Leaders & Lore setup: the draft, starting pieces from the leaders'
//! boxes, and leaders' extra setup steps (B-LL-02..06, AMB-54).

use super::Frame;
use crate::choice::Choice;
use crate::data::{components, CardKind, LeaderBox, SetupStart};
use crate::event::Sink;
use crate::ids::*;
use crate::log;
use crate::state::{BuildingKind, GameState};

/// Reverse turn order from the player to the right of the initiative
/// holder, repeated (B-LL-03; AMB-54: the same direction every cycle).
fn pick_order(s: &GameState) -> impl Iterator<Item = Seat> + '_ {
    let n = s.players;
    let first = (s.initiative.0 + n - 1) % n;
    (0..n).map(move |i| Seat((first + n - i) % n))
}

fn needs(s: &GameState, seat: Seat) -> (bool, bool) {
    let st = s.seat(seat);
    (st.leader().is_none(), (st.lore().len() as u8) < s.lore_each)
}

/// The seat whose pick it is, if anyone still picks.
pub fn picker(s: &GameState, turn: u8) -> Option<Seat> {
    let order: Vec<Seat> = pick_order(s).collect();
    (0..order.len() * 3)
        .map(|i| order[(turn as usize + i) % order.len()])
        .find(|x| {
            let (l, o) = needs(s, *x);
            l || o
        })
}

pub fn choices(s: &GameState, turn: u8, out: &mut Vec<Choice>) {
    let Some(seat) = picker(s, turn) else { return };
    let (l, o) = needs(s, seat);
    if l {
        out.extend(s.leader_row.iter().map(|c| Choice::Card(*c)));
    }
    if o {
        out.extend(s.lore_row.iter().map(|c| Choice::Card(*c)));
    }
}

pub fn pick(s: &mut GameState, turn: u8, choice: Choice, ev: &mut dyn Sink) {
    let Some(seat) = picker(s, turn) else {
        s.pop();
        return;
    };
    let Choice::Card(c) = choice else { return };
    if let Some(p) = s.leader_row.iter().position(|x| *x == c) {
        s.leader_row.remove(p);
        s.seat_mut(seat).set_leader(Some(c));
    } else if let Some(p) = s.lore_row.iter().position(|x| *x == c) {
        s.lore_row.remove(p);
        s.seat_mut(seat).add_lore(c);
    }
    log!(ev, "draft", Some(seat), "{seat} takes {c}.");
    // The next pick goes to the next seat in the order after this one.
    let order: Vec<Seat> = pick_order(s).collect();
    let pos = order.iter().position(|x| *x == seat).unwrap_or(0);
    let next_turn = (pos + 1) as u8;
    if picker(s, next_turn).is_some() {
        s.set_top(Frame::Draft { turn: next_turn });
    } else {
        // Rows are done with; unpicked cards leave the game.
        s.leader_row.clear();
        s.lore_row.clear();
        s.pop();
    }
}

/// Each seat's starting systems on the setup card: its "player 1" is the
/// initiative holder, then clockwise (B-SETUP-02).
pub fn seat_starts(s: &GameState) -> impl Iterator<Item = (Seat, &'static SetupStart)> + '_ {
    let card = &components().setup_cards[s.setup_card as usize];
    card.starts
        .iter()
        .enumerate()
        .take(s.players as usize)
        .map(move |(i, st)| (Seat((s.initiative.0 + i as u8) % s.players), st))
}

/// Whether the leaders' boxes are still to be placed (the draft is on).
pub fn pieces_pending(s: &GameState) -> bool {
    s.stack.iter().any(|f| matches!(f, Frame::LeaderPieces))
}

/// B-LL-04/05: each leader's A/B/C boxes on its seat's setup-card systems,
/// then its two resources in the two leftmost slots, in order.
pub fn leader_pieces(s: &mut GameState, ev: &mut dyn Sink) {
    s.pop();
    let starts: Vec<(Seat, &SetupStart)> = seat_starts(s).collect();
    for (seat, st) in starts {
        let Some(leader) = s.seat(seat).leader() else {
            continue;
        };
        let Some(ls) = components().leader(leader.code()).cloned() else {
            continue;
        };
        place_box(s, seat, st.a, ls.a);
        place_box(s, seat, st.b, ls.b);
        for &c in &st.c {
            s.place_ships(seat.owner(), c, ls.c, false);
        }
        for (slot, r) in ls.resources.into_iter().enumerate() {
            if s.supply[r.index()] > 0 {
                s.supply[r.index()] -= 1;
                s.seat_mut(seat).resources[slot] = Some(r);
            }
        }
        log!(
            ev,
            "setup",
            Some(seat),
            "{seat} ({}) places starting pieces.",
            leader.name()
        );
    }
}

fn place_box(s: &mut GameState, seat: Seat, sys: SystemId, b: LeaderBox) {
    s.place_ships(seat.owner(), sys, b.ships, false);
    if let Some(k) = b.building {
        crate::setup::put_building(s, seat, sys, k);
    }
}

/// B-LL-06: leaders' extra setup steps, in turn order.
pub fn leader_steps(s: &mut GameState, idx: u8, ev: &mut dyn Sink) {
    if idx >= s.players {
        s.pop();
        return;
    }
    s.set_top(Frame::LeaderSteps { idx: idx + 1 });
    let seat = s.turn_order().nth(idx as usize).unwrap_or(Seat(0));
    if let Some(leader) = s.seat(seat).leader() {
        crate::cards::run_setup(s, seat, leader, ev);
    }
}

/// Deals the rows (or applies fixed assignments) and queues the L&L
/// setup frames above `ChapterStart`.
pub fn prepare(
    s: &mut GameState,
    config: &crate::config::Config,
) -> Result<(), crate::config::ConfigError> {
    use rand::seq::SliceRandom;
    let ll = &config.leaders_lore;
    s.lore_each = ll.lore_each() as u8;
    let mut leaders = ll.leaders.cards(CardKind::Leader)?;
    let mut lore = ll.lore.cards(CardKind::Lore)?;
    leaders.shuffle(&mut s.rng);
    lore.shuffle(&mut s.rng);
    let n = s.players as usize;
    match &ll.assign {
        Some(a) => {
            for (i, x) in a.iter().enumerate() {
                let seat = Seat(i as u8);
                let l = CardId::parse(&x.leader)
                    .ok_or_else(|| crate::config::ConfigError::UnknownCard(x.leader.clone()))?;
                s.seat_mut(seat).set_leader(Some(l));
                leaders.retain(|c| *c != l);
                for id in &x.lore {
                    let c = CardId::parse(id)
                        .ok_or_else(|| crate::config::ConfigError::UnknownCard(id.clone()))?;
                    s.seat_mut(seat).add_lore(c);
                    lore.retain(|x| *x != c);
                }
            }
        }
        None => {
            s.leader_row.extend(leaders.drain(..n + 1));
            let rows = n + 1 + if ll.second_lore { n } else { 0 };
            s.lore_row.extend(lore.drain(..rows));
        }
    }
    s.lore_deck.add(lore);
    // Frames run top first: draft, pieces, steps, then the chapter.
    s.push(Frame::LeaderSteps { idx: 0 });
    s.push(Frame::LeaderPieces);
    if ll.assign.is_none() {
        s.push(Frame::Draft { turn: 0 });
    }
    Ok(())
}

/// Whether a seat's leader places a building of `kind` in a box (for
/// city counts in views and tests).
pub fn leader_builds(leader: CardId, kind: BuildingKind) -> u8 {
    components()
        .leader(leader.code())
        .map(|l| {
            [l.a, l.b]
                .iter()
                .filter(|b| b.building == Some(kind))
                .count() as u8
        })
        .unwrap_or(0)
}
