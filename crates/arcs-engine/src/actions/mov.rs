//! Move and Catapult (B-MOV).

use crate::choice::{Choice, Prompt};
use crate::event::Sink;
use crate::flow::Source;
use crate::ids::*;
use crate::log;
use crate::state::GameState;
use serde::{Deserialize, Serialize};

#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum MoveStage {
    From,
    Ships,
    To,
    /// Catapult: how many ships stay at the gate just entered.
    Drop,
    /// Catapult: where the group goes next.
    On,
}

#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct MoveFrame {
    pub seat: Seat,
    pub source: Source,
    pub stage: MoveStage,
    pub from: SystemId,
    pub at: SystemId,
    pub fresh: u8,
    pub damaged: u8,
    pub catapult: bool,
    /// Systems this group has been in; a Catapult never revisits one
    /// (docs/rulings.md R-MOV-1).
    pub visited: u32,
}

/// Systems holding ships the seat may move (B-MOV-01).
pub fn origins(s: &GameState, seat: Seat) -> impl Iterator<Item = SystemId> + '_ {
    // The board index lists the systems with the seat's ships, in system
    // order, so no system without them is visited.
    crate::state::systems_in(s.board.ships(seat.owner()) & s.in_play)
        .filter(move |sys| s.adj[sys.index()] != 0)
}

pub fn any(s: &GameState, seat: Seat) -> bool {
    crate::state::systems_in(s.board.ships(seat.owner()) & s.in_play)
        .any(|sys| s.adj[sys.index()] != 0)
}

impl MoveFrame {
    pub fn new(seat: Seat, source: Source) -> MoveFrame {
        MoveFrame {
            seat,
            source,
            stage: MoveStage::From,
            from: SystemId(0),
            at: SystemId(0),
            fresh: 0,
            damaged: 0,
            catapult: false,
            visited: 0,
        }
    }

    pub fn prompt(&self) -> (Seat, Prompt) {
        let p = match self.stage {
            MoveStage::From => Prompt::MoveFrom,
            MoveStage::Ships => Prompt::MoveShips { from: self.from },
            MoveStage::To => Prompt::MoveTo { from: self.from },
            MoveStage::Drop => Prompt::CatapultDrop { at: self.at },
            MoveStage::On => Prompt::CatapultOn { at: self.at },
        };
        (self.seat, p)
    }

    fn next_systems<'a>(&'a self, s: &'a GameState) -> impl Iterator<Item = SystemId> + 'a {
        s.adjacent(self.at)
            .filter(move |x| self.visited & x.bit() == 0)
    }

    pub fn choices(&self, s: &GameState, out: &mut Vec<Choice>) {
        let o = self.seat.owner();
        match self.stage {
            MoveStage::From => out.extend(origins(s, self.seat).map(Choice::System)),
            MoveStage::Ships => {
                let sh = s.sys(self.from).ships_of(o);
                let cap = crate::cards::max_ships_moved(s, self.seat);
                for f in 0..=sh.fresh {
                    for d in 0..=sh.damaged {
                        if f + d >= 1 && f + d <= cap {
                            out.push(Choice::Ships {
                                fresh: f,
                                damaged: d,
                            });
                        }
                    }
                }
            }
            MoveStage::To => out.extend(s.adjacent(self.from).map(Choice::System)),
            MoveStage::Drop => {
                for f in 0..=self.fresh {
                    for d in 0..=self.damaged {
                        out.push(Choice::Ships {
                            fresh: f,
                            damaged: d,
                        });
                    }
                }
            }
            MoveStage::On => out.extend(self.next_systems(s).map(Choice::System)),
        }
    }

    pub fn resolve(mut self, s: &mut GameState, choice: Choice, ev: &mut dyn Sink) {
        match (self.stage, choice) {
            (MoveStage::From, Choice::System(sys)) => {
                self.from = sys;
                self.at = sys;
                self.visited = sys.bit();
                // B-MOV-02/04 (with Shaper *Ancient* and Empath's Bond).
                self.catapult = crate::cards::catapults_from(s, self.seat, sys);
                s.turn.moved_fresh = [0; SystemId::COUNT];
                self.stage = MoveStage::Ships;
                s.set_top(crate::flow::Frame::Move(self));
            }
            (MoveStage::Ships, Choice::Ships { fresh, damaged }) => {
                self.fresh = fresh;
                self.damaged = damaged;
                self.stage = MoveStage::To;
                s.set_top(crate::flow::Frame::Move(self));
            }
            (MoveStage::To | MoveStage::On, Choice::System(to)) => self.enter(s, to, ev),
            (MoveStage::Drop, Choice::Ships { fresh, damaged }) => {
                self.fresh -= fresh;
                self.damaged -= damaged;
                if fresh + damaged > 0 {
                    log!(
                        ev,
                        "move",
                        Some(self.seat),
                        { systems: vec![self.at] },
                        "{} leaves {} ship(s) in {}.",
                        self.seat,
                        fresh + damaged,
                        self.at
                    );
                }
                if self.fresh + self.damaged == 0 || self.next_systems(s).next().is_none() {
                    self.finish(s, ev);
                } else {
                    self.stage = MoveStage::On;
                    s.set_top(crate::flow::Frame::Move(self));
                }
            }
            _ => s.pop(),
        }
    }

    /// The group enters `to`. Whether it must stop is judged before it
    /// arrives (B-MOV-03): any planet, or a gate someone else controls.
    fn enter(mut self, s: &mut GameState, to: SystemId, ev: &mut dyn Sink) {
        let before = s.controller(to);
        let stops = !to.is_gate() || s.controlled_by_other(self.seat, to);
        // Fresh ships that arrive somewhere (Sprinter Drives).
        let left = &mut s.turn.moved_fresh[self.at.index()];
        *left = left.saturating_sub(self.fresh);
        s.turn.moved_fresh[to.index()] += self.fresh;
        let o = self.seat.owner();
        {
            let mut guard = s.sys_mut(self.at);
            let a = guard.ships_mut(o);
            a.fresh -= self.fresh;
            a.damaged -= self.damaged;
        }
        {
            let mut guard = s.sys_mut(to);
            let b = guard.ships_mut(o);
            b.fresh += self.fresh;
            b.damaged += self.damaged;
        }
        log!(
            ev,
            "move",
            Some(self.seat),
            { systems: vec![self.at, to] },
            "{} moves {} ship(s) from {} to {to}.",
            self.seat,
            self.fresh + self.damaged,
            self.at
        );
        crate::cards::after_enter(s, self.seat, to, before, ev);
        self.at = to;
        self.visited |= to.bit();
        if self.catapult && stops {
            if to.is_gate() {
                log!(
                    ev,
                    "move",
                    Some(self.seat),
                    { systems: vec![to] },
                    "The Catapult stops at {to}: a Rival controls that gate."
                );
            } else {
                log!(
                    ev,
                    "move",
                    Some(self.seat),
                    { systems: vec![to] },
                    "The Catapult stops at {to}: a move ends on entering a planet."
                );
            }
        }
        if self.catapult && !stops && self.next_systems(s).next().is_some() {
            self.stage = MoveStage::Drop;
            s.set_top(crate::flow::Frame::Move(self));
        } else {
            self.finish(s, ev);
        }
    }

    /// The move is over; Sprinter Drives' extra steps come after all
    /// Catapult moves (C-L03).
    fn finish(self, s: &mut GameState, _ev: &mut dyn Sink) {
        s.pop();
        if crate::cards::sprint(s, self.seat) && s.turn.moved_fresh.iter().any(|&n| n > 0) {
            crate::cards::start_sprint(s, self.seat);
        }
    }
}
