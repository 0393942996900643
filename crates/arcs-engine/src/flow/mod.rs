//! The frame stack: every procedure of the game is a small `Copy` frame.
//! The engine runs automatic frames until the top frame needs a decision
//! (DESIGN.md §The engine). A decision with exactly one legal choice is taken
//! automatically, so every prompt a seat sees offers a real choice.

mod chapter;
pub mod draft;
mod round;
mod turn;

pub use chapter::{
    ambition_count, phantom_count, rank, score_ambition, AmbitionScore, Award, Placed, RuleEffect,
};
pub(crate) use chapter::{ranking as rank_seats, record_outcome};
pub use turn::{act_possible, pip_actions, seize as seize_now, std_frame};

/// B-GAME-04: a seat concedes; the game ends at once and the others are
/// ranked by Power (docs/rulings.md R-GAME-1).
pub fn concede(s: &mut GameState, seat: Seat, ev: &mut dyn Sink) {
    s.seat_mut(seat).resigned = true;
    chapter::finish(s, format!("{seat} conceded"), ev);
}

/// Ends the current turn at once (F504 Stone-Speakers: "you may end your
/// turn immediately"): no pips left, the Prelude (its spent resources to
/// the supply) and the declare/seize window closed, so End turn is all
/// that remains.
pub fn end_turn_now(s: &mut GameState) {
    turn::end_prelude(s);
    s.turn.pips_left = 0;
    s.turn.window_open = false;
}

use crate::actions::battle::BattleFrame;
use crate::actions::mov::MoveFrame;
use crate::cards::frame::CardFrame;
use crate::choice::{Choice, Prompt};
use crate::event::Sink;
use crate::ids::*;
use crate::state::GameState;
use serde::{Deserialize, Serialize};

/// What paid for an action: a pip of the played card, a resource's Prelude
/// action, or a card effect. Copy/Pivot modifiers (Mystic, Warrior,
/// Feastbringer) look at this.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Source {
    Pip,
    Resource,
    Effect,
}

/// The pattern of the automatic frames (no decision), for every `match`
/// that must tell them apart.
macro_rules! automatic_frame {
    () => {
        Frame::ChapterStart
            | Frame::RoundStart
            | Frame::NextTurn
            | Frame::EndTurn { .. }
            | Frame::RoundEnd
            | Frame::Scoring
            | Frame::AfterScoring
            | Frame::Cleanup
            | Frame::ChapterClose
            | Frame::GameOver
            | Frame::Refill { .. }
            | Frame::LeaderPieces
            | Frame::LeaderSteps { .. }
    };
}

#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "frame")]
pub enum Frame {
    // ---- chapter and round flow
    ChapterStart,
    Mulligan {
        seat: Seat,
    },
    RoundStart,
    NextTurn,
    PlayCard {
        seat: Seat,
    },
    Turn,
    EndTurn {
        seat: Seat,
    },
    RoundEnd,
    Scoring,
    AfterScoring,
    Cleanup,
    ChapterClose,
    #[default]
    GameOver,
    // ---- actions
    Tax {
        seat: Seat,
        source: Source,
    },
    Build {
        seat: Seat,
        source: Source,
    },
    Move(MoveFrame),
    Repair {
        seat: Seat,
    },
    Influence {
        seat: Seat,
    },
    Secure {
        seat: Seat,
    },
    Battle(BattleFrame),
    /// B-CITY-06: the destroyer secures a card holding a defender agent.
    Ransack {
        destroyer: Seat,
        defender: Seat,
    },
    /// B-SEC-04: refill a Court position once "When Secured" has resolved.
    Refill {
        pos: u8,
    },
    /// B-RES-06/07: place a gained token and rearrange.
    Arrange {
        seat: Seat,
        incoming: Option<Resource>,
    },
    /// B-FINE-03: an eliminated seat places 3 ships in a gate.
    Eliminated {
        seat: Seat,
    },
    /// A card's procedure, dispatched to its family (cards/frame.rs).
    Card(CardFrame),
    // ---- Leaders & Lore setup (B-LL-02..06)
    /// A seat picks a leader or lore card from the rows; `turn` counts picks.
    Draft {
        turn: u8,
    },
    /// Starting pieces and resources from the leaders' boxes.
    LeaderPieces,
    /// Leaders' extra setup steps in turn order; `idx` is the next seat.
    LeaderSteps {
        idx: u8,
    },
    /// A campaign procedure (`campaign/frame.rs`).
    Campaign(crate::campaign::CampaignFrame),
}

/// Tells the deciding seat that its only legal choice was taken for it,
/// in words (`describe`; the text is only built when a sink records it).
fn forced_event(s: &GameState, ev: &mut dyn Sink, seat: Seat, c: Choice) {
    if ev.enabled() {
        let words = match s.prompt() {
            Some((_, p)) => crate::describe::describe_choice(s, seat, &p, &c),
            None => c.to_string(),
        };
        ev.emit(crate::event::Event {
            tag: "auto".into(),
            seat: Some(seat),
            private_to: Some(seat),
            // The seat's own only option: nothing hidden comes out
            // (R-UNDO-1; `Game::apply` treats another seat's forced
            // choice as that seat's choice).
            reveals: false,
            text: format!("Only one option, taken automatically: {words}."),
            choice: Some(c),
            ..Default::default()
        });
    }
}

/// A decision: who chooses, what about, and every legal choice.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Decision {
    pub seat: Seat,
    pub prompt: Prompt,
    pub choices: Vec<Choice>,
    /// Other seats deciding at the same time (a decision all take at once,
    /// such as the campaign's secret Fate choice); each answers its own
    /// [`Game::decision_for`](crate::Game::decision_for). Empty otherwise.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub also: Vec<Seat>,
}

impl GameState {
    pub(crate) fn push(&mut self, f: Frame) {
        if self.stack.try_push(f).is_some() {
            // Unreachable with the base game's nesting depth (< 12); counted
            // so the invariant suite reports it instead of a panic.
            self.anomalies = self.anomalies.saturating_add(1);
        }
    }
    /// Pushes a frame (tests that build a position by hand).
    #[doc(hidden)]
    pub fn push_for_tests(&mut self, f: Frame) {
        self.push(f);
    }
    pub(crate) fn pop(&mut self) {
        self.stack.pop();
    }
    pub(crate) fn set_top(&mut self, f: Frame) {
        if let Some(t) = self.stack.last_mut() {
            *t = f;
        } else {
            self.push(f);
        }
    }

    /// Who must decide for `frame`, and about what; `None` for automatic frames.
    fn frame_prompt(&self, frame: &Frame) -> Option<(Seat, Prompt)> {
        use Frame::*;
        match frame {
            Mulligan { seat } => Some((*seat, Prompt::Mulligan)),
            PlayCard { seat } => Some((
                *seat,
                Prompt::PlayCard {
                    lead: self.round.lead().is_none(),
                },
            )),
            Turn => Some((
                self.turn.seat,
                Prompt::Turn {
                    pips_left: self.turn.pips_left,
                    prelude: self.turn.prelude_open,
                    window: self.turn.window_open && turn::window_maybe_open(self),
                },
            )),
            Tax { seat, .. } => Some((*seat, Prompt::TaxTarget)),
            Build { seat, .. } => Some((*seat, Prompt::BuildTarget)),
            Move(m) => Some(m.prompt()),
            Repair { seat } => Some((*seat, Prompt::RepairTarget)),
            Influence { seat } => Some((*seat, Prompt::InfluenceTarget)),
            Secure { seat } => Some((*seat, Prompt::SecureTarget)),
            Battle(b) => b.prompt(self),
            Ransack { destroyer, .. } => Some((*destroyer, Prompt::Ransack)),
            Arrange { seat, incoming } => Some((
                *seat,
                Prompt::Arrange {
                    incoming: *incoming,
                },
            )),
            Eliminated { seat } => Some((*seat, Prompt::EliminatedGate)),
            Card(c) => c.prompt(self),
            Draft { turn } => draft::picker(self, *turn).map(|seat| (seat, Prompt::Draft)),
            Campaign(c) => c.prompt(self),
            automatic_frame!() => None,
        }
    }

    /// Who must decide for `frame` (cheap: no prompt text is built).
    fn frame_seat(&self, frame: &Frame) -> Option<Seat> {
        use Frame::*;
        match frame {
            Turn => Some(self.turn.seat),
            Mulligan { seat }
            | PlayCard { seat }
            | Tax { seat, .. }
            | Build { seat, .. }
            | Repair { seat }
            | Influence { seat }
            | Secure { seat }
            | Arrange { seat, .. }
            | Eliminated { seat } => Some(*seat),
            Ransack { destroyer, .. } => Some(*destroyer),
            Move(m) => Some(m.seat),
            Battle(b) => b.decider(self),
            Card(c) => c.decider(),
            Draft { turn } => draft::picker(self, *turn),
            Campaign(c) => c.decider(self),
            _ => None,
        }
    }

    /// Every legal choice for a decision frame.
    fn frame_choices(&self, frame: &Frame, out: &mut Vec<Choice>) {
        use Frame::*;
        match frame {
            Mulligan { .. } => out.extend([Choice::No, Choice::Yes]),
            PlayCard { seat } => round::play_choices(self, *seat, out),
            Turn => turn::turn_choices(self, out),
            Tax { seat, .. } => crate::actions::tax::choices(self, *seat, out),
            Build { seat, .. } => crate::actions::build::choices(self, *seat, out),
            Move(m) => m.choices(self, out),
            Repair { seat } => crate::actions::repair::choices(self, *seat, out),
            Influence { seat } => crate::actions::court::influence_choices(self, *seat, out),
            Secure { seat } => crate::actions::court::secure_choices(self, *seat, out),
            Battle(b) => b.choices(self, out),
            Ransack {
                destroyer,
                defender,
            } => crate::actions::court::ransack_choices(self, *destroyer, *defender, out),
            Arrange { seat, incoming } => {
                crate::actions::resources::arrange_choices(self, *seat, *incoming, out)
            }
            Eliminated { .. } => {
                out.extend(
                    self.systems_in_play()
                        .filter(|s| s.is_gate())
                        .map(Choice::System),
                );
            }
            Card(c) => c.choices(self, out),
            Draft { turn } => draft::choices(self, *turn, out),
            Campaign(c) => c.choices(self, out),
            _ => {}
        }
    }

    /// Who decides for `frame` and every legal choice, in one dispatch (the
    /// hot path of `settle`); `None` for automatic frames, with `out` left
    /// empty. Agrees with [`frame_seat`](Self::frame_seat) followed by
    /// [`frame_choices`](Self::frame_choices).
    #[inline(always)]
    fn frame_decision(&self, frame: &Frame, out: &mut Vec<Choice>) -> Option<Seat> {
        use Frame::*;
        match frame {
            // The turn's last step offers only End turn: taken in `run_auto`
            // without listing it (a third of Turn listings are this one).
            Turn if turn::only_end_left(self) => None,
            Turn => {
                turn::turn_choices(self, out);
                Some(self.turn.seat)
            }
            PlayCard { seat } => {
                round::play_choices(self, *seat, out);
                Some(*seat)
            }
            Move(m) => {
                m.choices(self, out);
                Some(m.seat)
            }
            Battle(b) => {
                let seat = b.decider(self)?;
                b.choices(self, out);
                Some(seat)
            }
            Influence { seat } => {
                crate::actions::court::influence_choices(self, *seat, out);
                Some(*seat)
            }
            Build { seat, .. } => {
                crate::actions::build::choices(self, *seat, out);
                Some(*seat)
            }
            // Automatic frames, answered here rather than by a second
            // dispatch in `frame_seat`.
            automatic_frame!() => None,
            _ => {
                let seat = self.frame_seat(frame)?;
                self.frame_choices(frame, out);
                Some(seat)
            }
        }
    }

    /// Runs the automatic frame on top of the stack. The frame is read in
    /// place, field by field: copying the whole 44-byte frame right after
    /// it was written piecewise stalls the CPU (docs/performance.md).
    fn run_auto(&mut self, ev: &mut dyn Sink) {
        use Frame::*;
        let Some(top) = self.stack.last() else {
            return;
        };
        match *top {
            ChapterStart => chapter::chapter_start(self, ev),
            RoundStart => round::round_start(self, ev),
            NextTurn => round::next_turn(self, ev),
            EndTurn { seat } => turn::end_turn(self, seat, ev),
            Turn if turn::only_end_left(self) => {
                // The forced End turn `settle` would list and take.
                let seat = self.turn.seat;
                ev.forced(seat, Choice::EndTurn);
                forced_event(self, ev, seat, Choice::EndTurn);
                turn::turn_choice(self, Choice::EndTurn, ev);
                turn::end_turn(self, seat, ev);
            }
            RoundEnd => round::round_end(self, ev),
            Scoring => chapter::scoring(self, ev),
            AfterScoring => chapter::after_scoring(self, ev),
            Cleanup => chapter::cleanup(self, ev),
            ChapterClose => chapter::chapter_close(self, ev),
            Refill { pos } => {
                self.pop();
                crate::actions::court::refill(self, pos as usize, ev);
            }
            GameOver => {}
            LeaderPieces => draft::leader_pieces(self, ev),
            LeaderSteps { idx } => draft::leader_steps(self, idx, ev),
            Battle(b) if b.paused => b.resume(self, ev),
            Card(c) => c.run_auto(self, ev),
            Campaign(c) if c.decider(self).is_none() => c.run_auto(self, ev),
            _ => {
                // A decision frame reached here by mistake; drop it.
                self.anomalies = self.anomalies.saturating_add(1);
                self.pop();
            }
        }
    }

    /// Applies a legal choice to the decision frame on top (read in place,
    /// as in [`run_auto`](Self::run_auto)).
    fn resolve(&mut self, choice: Choice, ev: &mut dyn Sink) {
        use Frame::*;
        let Some(top) = self.stack.last() else {
            return;
        };
        match *top {
            Mulligan { seat } => chapter::mulligan(self, seat, choice == Choice::Yes, ev),
            PlayCard { seat } => round::play_card(self, seat, choice, ev),
            Turn => turn::turn_choice(self, choice, ev),
            Tax { seat, source } => crate::actions::tax::resolve(self, seat, source, choice, ev),
            Build { seat, source } => {
                crate::actions::build::resolve(self, seat, source, choice, ev)
            }
            Move(m) => m.resolve(self, choice, ev),
            Repair { seat } => crate::actions::repair::resolve(self, seat, choice, ev),
            Influence { seat } => crate::actions::court::influence(self, seat, choice, ev),
            Secure { seat } => crate::actions::court::secure(self, seat, choice, ev),
            Battle(b) => b.resolve(self, choice, ev),
            Ransack {
                destroyer,
                defender,
            } => crate::actions::court::ransack(self, destroyer, defender, choice, ev),
            Arrange { seat, .. } => crate::actions::resources::arrange(self, seat, choice, ev),
            Eliminated { seat } => {
                self.pop();
                if let Choice::System(g) = choice {
                    let n = self.seat(seat).ships.min(3);
                    self.place_ships(seat.owner(), g, n, false);
                    crate::log!(
                        ev,
                        "eliminated",
                        Some(seat),
                        "{seat} had no ships or starports and places {n} ships in gate {g}."
                    );
                }
            }
            Card(c) => c.resolve(self, choice, ev),
            Draft { turn } => draft::pick(self, turn, choice, ev),
            Campaign(c) => c.resolve(self, choice, ev),
            _ => self.anomalies = self.anomalies.saturating_add(1),
        }
    }

    /// Seats that may decide now, a bit each: several when a decision is
    /// taken by all at once (the campaign's secret Fate choice), else the
    /// one deciding seat (0 when the game is over).
    pub fn deciders(&self) -> u8 {
        match self.stack.last() {
            Some(Frame::Campaign(c)) => c.deciders(self),
            Some(f) => self.frame_seat(f).map_or(0, |x| 1 << x.0),
            None => 0,
        }
    }

    /// The legal choices of `seat`, one of the [`deciders`](Self::deciders)
    /// (empty for any other seat).
    pub fn choices_for(&self, seat: Seat, out: &mut Vec<Choice>) {
        out.clear();
        if self.deciders() & (1 << seat.0) == 0 {
            return;
        }
        match self.stack.last() {
            Some(Frame::Campaign(c)) => c.choices_for(self, seat, out),
            Some(f) => self.frame_choices(f, out),
            None => {}
        }
    }

    /// The prompt `seat` answers, if it is one of the deciders.
    pub fn prompt_for(&self, seat: Seat) -> Option<Prompt> {
        if self.deciders() & (1 << seat.0) == 0 {
            return None;
        }
        let (_, p) = self.prompt()?;
        Some(p)
    }

    /// Applies a legal choice of `seat`, one of the deciders (callers check
    /// membership in [`choices_for`](Self::choices_for) first), and runs on
    /// to the next decision.
    pub fn apply_for(&mut self, seat: Seat, choice: Choice, ev: &mut dyn Sink) {
        self.apply_for_into(seat, choice, ev, &mut Vec::new());
    }

    /// [`apply_for`](Self::apply_for), leaving in `buf` the legal choices
    /// of the seat it returns: the one deciding next (of several deciding
    /// at once, the first in turn order; its list is then that frame's).
    pub fn apply_for_into(
        &mut self,
        seat: Seat,
        choice: Choice,
        ev: &mut dyn Sink,
        buf: &mut Vec<Choice>,
    ) -> Option<Seat> {
        match self.stack.last() {
            Some(&Frame::Campaign(c)) => c.resolve_for(self, seat, choice, ev),
            Some(_) => self.resolve(choice, ev),
            None => return None,
        }
        self.advance_into(ev, buf)
    }

    /// Runs automatic frames and forced (single-choice) decisions until a
    /// real decision is pending or the game is over.
    pub fn advance(&mut self, ev: &mut dyn Sink) {
        self.advance_into(ev, &mut Vec::new());
    }

    /// [`advance`](Self::advance), leaving in `buf` the choices of the
    /// decision it stops at and returning its seat.
    pub fn advance_into(&mut self, ev: &mut dyn Sink, buf: &mut Vec<Choice>) -> Option<Seat> {
        // A generous bound: a chapter is a few hundred steps. Exceeding it
        // means a frame failed to make progress; stop rather than hang.
        for _ in 0..100_000 {
            buf.clear();
            let frame = self.stack.last()?;
            if matches!(frame, Frame::GameOver) {
                return None;
            }
            // As `settle`, with the forced choices told to the sink.
            match self.frame_decision(frame, buf) {
                None => self.run_auto(ev),
                Some(seat) => match buf.len() {
                    0 => {
                        self.anomalies = self.anomalies.saturating_add(1);
                        self.pop();
                    }
                    1 => {
                        let c = buf[0];
                        ev.forced(seat, c);
                        forced_event(self, ev, seat, c);
                        self.resolve(c, ev);
                    }
                    _ => return Some(seat),
                },
            }
        }
        self.anomalies = self.anomalies.saturating_add(1);
        buf.clear();
        None
    }

    /// Who decides next and about what (without computing the choices).
    pub fn prompt(&self) -> Option<(Seat, Prompt)> {
        self.frame_prompt(self.stack.last()?)
    }

    /// Runs automatic frames and forced choices until a real decision; its
    /// choices are left in `out`. Returns who decides (None: game over).
    pub fn settle(&mut self, ev: &mut dyn Sink, out: &mut Vec<Choice>) -> Option<Seat> {
        for _ in 0..100_000 {
            out.clear();
            let frame = self.stack.last()?;
            if matches!(frame, Frame::GameOver) {
                return None;
            }
            match self.frame_decision(frame, out) {
                None => self.run_auto(ev),
                Some(seat) => match out.len() {
                    0 => {
                        self.anomalies = self.anomalies.saturating_add(1);
                        self.pop();
                    }
                    1 => {
                        let c = out[0];
                        forced_event(self, ev, seat, c);
                        self.resolve(c, ev);
                    }
                    _ => return Some(seat),
                },
            }
        }
        self.anomalies = self.anomalies.saturating_add(1);
        None
    }

    /// Applies a choice the caller knows to be legal and settles on the next
    /// decision, whose choices are left in `out` (one pass: the fast path
    /// for simulations).
    pub fn apply_and_next(
        &mut self,
        choice: Choice,
        ev: &mut dyn Sink,
        out: &mut Vec<Choice>,
    ) -> Option<Seat> {
        self.resolve(choice, ev);
        self.settle(ev, out)
    }

    /// The pending decision, if any (after [`advance`](Self::advance)).
    pub fn decision(&self) -> Option<Decision> {
        let frame = self.stack.last()?;
        let (seat, prompt) = self.frame_prompt(frame)?;
        let mut choices = Vec::new();
        self.frame_choices(frame, &mut choices);
        let all = self.deciders();
        Some(Decision {
            seat,
            prompt,
            choices,
            also: Seat::all(self.players)
                .filter(|x| *x != seat && all & (1 << x.0) != 0)
                .collect(),
        })
    }

    /// The decision `seat` may take now (it may be one of several seats
    /// deciding at once).
    pub fn decision_for(&self, seat: Seat) -> Option<Decision> {
        let prompt = self.prompt_for(seat)?;
        let mut choices = Vec::new();
        self.choices_for(seat, &mut choices);
        let all = self.deciders();
        Some(Decision {
            seat,
            prompt,
            choices,
            also: Seat::all(self.players)
                .filter(|x| *x != seat && all & (1 << x.0) != 0)
                .collect(),
        })
    }

    /// Who decides next and the legal choices, into a reusable buffer (the
    /// allocation-free path for bots).
    pub fn choices_into(&self, out: &mut Vec<Choice>) -> Option<Seat> {
        out.clear();
        let frame = self.stack.last()?;
        let seat = self.frame_seat(frame)?;
        self.frame_choices(frame, out);
        Some(seat)
    }

    /// Applies `choice` for `seat` without checking legality: callers check
    /// membership in the legal choices first (see `Game::apply`).
    pub fn apply_unchecked(&mut self, choice: Choice, ev: &mut dyn Sink) {
        if !self.stack.is_empty() {
            self.resolve(choice, ev);
            self.advance(ev);
        }
    }

    pub fn is_over(&self) -> bool {
        self.outcome.is_some()
    }
}
