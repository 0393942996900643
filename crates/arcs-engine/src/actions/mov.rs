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
    /// Campaign p22: whether the seat's Flagship, in the origin, moves
    /// with the group (it moves like a fresh ship, A-15).
    Flagship,
    Ships,
    /// Campaign p10: which Imperial ships a Regent moves along (at most one
    /// per Loyal ship moving, the Movement Law).
    Imperial,
    To,
    /// Catapult: how many ships stay at the gate just entered.
    Drop,
    /// Catapult: whether the Flagship stays there too.
    DropFlagship,
    /// Catapult: how many of the Imperial ships stay there too.
    DropImperial,
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
    /// Imperial ships moving with the group (campaign p10).
    #[serde(default)]
    pub imp_fresh: u8,
    #[serde(default)]
    pub imp_damaged: u8,
    /// The seat's Flagship moves with the group (campaign p22).
    #[serde(default)]
    pub flagship: bool,
}

/// Systems holding ships the seat may move (B-MOV-01).
pub fn origins(s: &GameState, seat: Seat) -> impl Iterator<Item = SystemId> + '_ {
    // The board index lists the systems with the seat's ships, in system
    // order, so no system without them is visited. A Regent ignoring the
    // Presence Law may move Imperial ships from anywhere (campaign).
    let mine = s.board.ships(seat.owner()) | imperial_only(s, seat);
    crate::state::systems_in(mine & s.in_play).filter(move |sys| s.adj[sys.index()] != 0)
}

#[inline]
pub fn any(s: &GameState, seat: Seat) -> bool {
    let mine = s.board.ships(seat.owner()) | imperial_only(s, seat);
    crate::state::systems_in(mine & s.in_play).any(|sys| s.adj[sys.index()] != 0)
}

/// Systems where the seat may move Imperial ships without ships of its own
/// (campaign: Imperial Officers ignore the Presence and Movement Laws).
#[inline]
fn imperial_only(s: &GameState, seat: Seat) -> u32 {
    if !s.is_campaign() {
        return 0;
    }
    imperial_fleet(s, seat)
}

#[cold]
#[inline(never)]
fn imperial_fleet(s: &GameState, seat: Seat) -> u32 {
    let m = crate::campaign::empire::fleet_anywhere(s, seat);
    if m != 0 && crate::cards::ignores_law(s, seat, crate::cards::IGNORE_MOVEMENT) {
        m
    } else {
        0
    }
}

/// The Movement Law binds this seat (campaign p10).
fn movement_law(s: &GameState, seat: Seat) -> bool {
    !crate::cards::ignores_law(s, seat, crate::cards::IGNORE_MOVEMENT)
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
            imp_fresh: 0,
            imp_damaged: 0,
            flagship: false,
        }
    }

    /// Loyal ships moving, the Flagship included (it counts for the
    /// Movement Law like any Loyal ship, A-15).
    /// A Catapult move starting from `sys` whatever the starports there
    /// (the Seeker Golem, the Slipstream Drive): its group is chosen next.
    pub fn catapult_from(s: &mut GameState, seat: Seat, sys: SystemId) -> MoveFrame {
        let mut m = MoveFrame::new(seat, crate::flow::Source::Effect);
        m.from = sys;
        m.at = sys;
        m.visited = sys.bit();
        m.catapult = true;
        m.stage = m.ships_stage(s);
        s.turn.moved_fresh = [0; SystemId::COUNT];
        s.turn.flagship_moved = false;
        m
    }

    /// The stage that picks the moving group from `from`: first whether
    /// the seat's Flagship there goes along (campaign p22), else the ships.
    pub fn ships_stage(&self, s: &GameState) -> MoveStage {
        if s.sys(self.from).has_flagship_of(self.seat.owner()) {
            MoveStage::Flagship
        } else {
            MoveStage::Ships
        }
    }

    fn loyal(&self) -> u8 {
        self.fresh + self.damaged + self.flagship as u8
    }
    fn imperial(&self) -> u8 {
        self.imp_fresh + self.imp_damaged
    }

    pub fn prompt(&self) -> (Seat, Prompt) {
        let p = match self.stage {
            MoveStage::From => Prompt::MoveFrom,
            MoveStage::Flagship => Prompt::Campaign {
                what: format!("move your Flagship from {} with this group?", self.from),
            },
            MoveStage::DropFlagship => Prompt::Campaign {
                what: format!("Catapult: leave your Flagship at {}?", self.at),
            },
            MoveStage::Ships => Prompt::MoveShips { from: self.from },
            MoveStage::Imperial => Prompt::Campaign {
                what: format!(
                    "move which Imperial ships from {} with yours (at most one per ship of yours)?",
                    self.from
                ),
            },
            MoveStage::DropImperial => Prompt::Campaign {
                what: format!(
                    "Catapult: leave how many Imperial ships at {} (no more may go on than ships of yours)?",
                    self.at
                ),
            },
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
            MoveStage::Flagship => {
                // Without other ships to move, the Flagship must go.
                let others = s.sys(self.from).ships_of(o).total() > 0
                    || imperial_only(s, self.seat) & self.from.bit() != 0;
                out.push(Choice::Yes);
                if others {
                    out.push(Choice::No);
                }
            }
            MoveStage::DropFlagship => out.extend([Choice::Yes, Choice::No]),
            MoveStage::Ships => {
                let sh = s.sys(self.from).ships_of(o);
                // The Flagship counts as one of the ships moved.
                let cap =
                    crate::cards::max_ships_moved(s, self.seat).saturating_sub(self.flagship as u8);
                // Imperial ships alone may move (no ship of one's own);
                // the Flagship may move alone.
                let least = if self.flagship || imperial_only(s, self.seat) & self.from.bit() != 0 {
                    0
                } else {
                    1
                };
                for f in 0..=sh.fresh {
                    for d in 0..=sh.damaged {
                        if f + d >= least && f + d <= cap {
                            out.push(Choice::Ships {
                                fresh: f,
                                damaged: d,
                            });
                        }
                    }
                }
            }
            MoveStage::Imperial => {
                // The Movement Law: no more Imperial ships than Loyal ones;
                // some ship must move.
                let imp = s.sys(self.from).ships_of(Owner::Empire);
                let law = movement_law(s, self.seat);
                for f in 0..=imp.fresh {
                    for d in 0..=imp.damaged {
                        if (!law || f + d <= self.loyal()) && self.loyal() + f + d >= 1 {
                            out.push(Choice::Ships {
                                fresh: f,
                                damaged: d,
                            });
                        }
                    }
                }
            }
            MoveStage::DropImperial => {
                // Those going on keep the Movement Law.
                let law = movement_law(s, self.seat);
                for f in 0..=self.imp_fresh {
                    for d in 0..=self.imp_damaged {
                        if !law || self.imperial() - f - d <= self.loyal() {
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
                self.catapult = crate::cards::catapults_from(s, self.seat, sys)
                    || crate::campaign::free::usable_starport(s, self.seat, sys).is_some();
                s.turn.moved_fresh = [0; SystemId::COUNT];
                s.turn.flagship_moved = false;
                self.stage = self.ships_stage(s);
                s.set_top(crate::flow::Frame::Move(self));
            }
            (MoveStage::Flagship, c) => {
                self.flagship = c == Choice::Yes;
                self.stage = MoveStage::Ships;
                s.set_top(crate::flow::Frame::Move(self));
            }
            (MoveStage::DropFlagship, c) => {
                if c == Choice::Yes {
                    self.flagship = false;
                    log!(
                        ev,
                        "move",
                        Some(self.seat),
                        { systems: vec![self.at] },
                        "{} leaves their Flagship in {}.",
                        self.seat,
                        self.at
                    );
                }
                self.after_ordinary_drop(s, ev);
            }
            (MoveStage::Ships, Choice::Ships { fresh, damaged }) => {
                self.fresh = fresh;
                self.damaged = damaged;
                self.stage = if s.is_campaign()
                    && crate::campaign::empire::commands_fleet(s, self.seat, self.from)
                    && s.sys(self.from).ships_of(Owner::Empire).total() > 0
                {
                    MoveStage::Imperial
                } else {
                    MoveStage::To
                };
                s.set_top(crate::flow::Frame::Move(self));
            }
            (MoveStage::Imperial, Choice::Ships { fresh, damaged }) => {
                self.imp_fresh = fresh;
                self.imp_damaged = damaged;
                self.stage = MoveStage::To;
                s.set_top(crate::flow::Frame::Move(self));
            }
            (MoveStage::DropImperial, Choice::Ships { fresh, damaged }) => {
                self.imp_fresh -= fresh;
                self.imp_damaged -= damaged;
                if fresh + damaged > 0 {
                    log!(
                        ev,
                        "move",
                        Some(self.seat),
                        { systems: vec![self.at] },
                        "{} leaves {} in {}.",
                        self.seat,
                        crate::describe::count_of(fresh + damaged, "Imperial ship", "Imperial ships"),
                        self.at
                    );
                }
                self.after_drop(s, ev);
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
                        "{} leaves {} in {}.",
                        self.seat,
                        crate::describe::count_of(fresh + damaged, "ship", "ships"),
                        self.at
                    );
                }
                if self.flagship {
                    self.stage = MoveStage::DropFlagship;
                    s.set_top(crate::flow::Frame::Move(self));
                    return;
                }
                self.after_ordinary_drop(s, ev);
            }
            _ => s.pop(),
        }
    }

    /// After the Catapult's drops of Loyal ships: the Imperial ships'.
    fn after_ordinary_drop(mut self, s: &mut GameState, ev: &mut dyn Sink) {
        if self.imperial() > 0 {
            if self.loyal() == 0 && movement_law(s, self.seat) {
                // No Loyal ship goes on: the Imperial ships stay too.
                self.imp_fresh = 0;
                self.imp_damaged = 0;
            } else {
                self.stage = MoveStage::DropImperial;
                s.set_top(crate::flow::Frame::Move(self));
                return;
            }
        }
        self.after_drop(s, ev);
    }

    /// After the Catapult's drops: go on, or stop with nothing left.
    fn after_drop(mut self, s: &mut GameState, ev: &mut dyn Sink) {
        if self.loyal() + self.imperial() == 0 || self.next_systems(s).next().is_none() {
            self.finish(s, ev);
        } else {
            self.stage = MoveStage::On;
            s.set_top(crate::flow::Frame::Move(self));
        }
    }

    /// The group enters `to`. Whether it must stop is judged before it
    /// arrives (B-MOV-03): any planet, or a gate someone else controls.
    fn enter(mut self, s: &mut GameState, to: SystemId, ev: &mut dyn Sink) {
        let before = s.controller(to);
        let stops = !to.is_gate()
            || if s.is_campaign() {
                crate::campaign::empire::catapult_stops(s, self.seat, to, self.imperial() > 0)
            } else {
                s.controlled_by_other(self.seat, to)
            };
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
        if self.flagship {
            crate::campaign::flagship::shift(s, self.seat, self.at, to);
            s.turn.flagship_moved = true;
            log!(
                ev,
                "move",
                Some(self.seat),
                { systems: vec![self.at, to] },
                "{} moves their Flagship from {} to {to}.",
                self.seat,
                self.at
            );
        }
        if self.imperial() > 0 {
            {
                let mut guard = s.sys_mut(self.at);
                let a = guard.ships_mut(Owner::Empire);
                a.fresh -= self.imp_fresh;
                a.damaged -= self.imp_damaged;
            }
            let mut guard = s.sys_mut(to);
            let b = guard.ships_mut(Owner::Empire);
            b.fresh += self.imp_fresh;
            b.damaged += self.imp_damaged;
        }
        if self.imperial() > 0 && self.loyal() == 0 {
            log!(
                ev,
                "move",
                Some(self.seat),
                { systems: vec![self.at, to] },
                "{} moves {} from {} to {to}.",
                self.seat,
                crate::describe::count_of(self.imperial(), "Imperial ship", "Imperial ships"),
                self.at
            );
        } else if self.imperial() > 0 {
            log!(
                ev,
                "move",
                Some(self.seat),
                { systems: vec![self.at, to] },
                "{} moves {} and {} from {} to {to}.",
                self.seat,
                crate::describe::count_of(self.fresh + self.damaged, "ship", "ships"),
                crate::describe::count_of(self.imperial(), "Imperial ship", "Imperial ships"),
                self.at
            );
        } else if self.fresh + self.damaged > 0 {
            log!(
                ev,
                "move",
                Some(self.seat),
                { systems: vec![self.at, to] },
                "{} moves {} from {} to {to}.",
                self.seat,
                crate::describe::count_of(self.fresh + self.damaged, "ship", "ships"),
                self.at
            );
        }
        crate::cards::after_enter(s, self.seat, to, before, ev);
        self.at = to;
        self.visited |= to.bit();
        if self.catapult && stops {
            if to.is_gate() && s.sys(to).ships_of(Owner::Blight).total() > 0 {
                log!(
                    ev,
                    "move",
                    Some(self.seat),
                    { systems: vec![to] },
                    "The Catapult stops at {to}: the Blight is at that gate."
                );
            } else if to.is_gate() {
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
        if crate::cards::sprint(s, self.seat)
            && (s.turn.flagship_moved || s.turn.moved_fresh.iter().any(|&n| n > 0))
        {
            crate::cards::start_sprint(s, self.seat);
        }
    }
}
