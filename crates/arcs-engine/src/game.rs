//! The public API: `Game::new`, `pending`, `apply`, `view`, save/load, undo.

use crate::choice::Choice;
use crate::config::{Config, ConfigError};
use crate::event::Event;
use crate::flow::Decision;
use crate::ids::Seat;
use crate::state::{GameState, Outcome};
use serde::{Deserialize, Serialize};

/// What happens next.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "status")]
pub enum Pending {
    Decision(Decision),
    Over(Outcome),
}

/// Why a choice was refused. The game is unchanged.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ApplyError {
    #[error("the game is over")]
    GameOver,
    #[error("it is {expected}'s decision, not {got}'s")]
    NotYourTurn { expected: Seat, got: Seat },
    #[error("{choice} is not a legal choice now")]
    Illegal { choice: Choice },
    #[error("no seat {0} in this game")]
    NoSuchSeat(Seat),
}

/// A game: its configuration, seed, the choices made (the journal) and
/// the log of events.
#[derive(Clone, Debug)]
pub struct Game {
    config: Config,
    seed: u64,
    state: GameState,
    choices: Vec<(Seat, Choice)>,
    /// Per choice: whether it revealed something (a die roll, a shuffle or
    /// deal, a card drawn from a deck, an event that shows a seat hidden
    /// information, another seat's forced choice) or conceded. Undo stops
    /// there (docs/rulings.md R-UNDO-1).
    reveals: Vec<bool>,
    log: Vec<Event>,
    last_apply_log_start: usize,
    /// Whether events are kept, with their sentences (the default). A
    /// game for programs that read no log ([`Game::without_log`]) formats
    /// nothing while it is played; [`Game::full_log`] writes the log on
    /// demand by replaying the journal (issue 19: the agent path).
    keep_log: bool,
    /// The choices the engine took for their seats (their only legal one)
    /// during the last `apply`, kept with or without a log.
    last_auto: Vec<(Seat, Choice)>,
    /// Each deciding seat's legal choices, kept current after every change:
    /// `apply` checks a choice against them and programs borrow them
    /// ([`Game::legal_choices`]) instead of listing them again.
    legal: [Vec<Choice>; crate::ids::MAX_SEATS],
    /// `legal` no longer matches the state (a test changed the state).
    legal_stale: bool,
    /// The seats deciding now, a bit each (kept with `legal`).
    deciders: u8,
    /// A list buffer the next decision's choices are written into; lists
    /// change places with it, so none is ever reallocated.
    spare: Vec<Choice>,
}

impl Game {
    /// Sets up a new game (B-SETUP) and runs it to the first decision.
    pub fn new(config: Config, seed: u64) -> Result<Game, ConfigError> {
        let state = crate::setup::new_state(&config, seed)?;
        Ok(Game::start(config, seed, state, true))
    }

    /// A new game that keeps no log while it is played (bots, tournaments,
    /// the agent path of `arcs bench`): events are neither formatted nor
    /// stored, and [`Game::log`] is empty; [`Game::full_log`] writes the
    /// log when asked, by replaying the journal. Everything else — the
    /// rules, undo and its barriers, views, observations — is the same.
    pub fn without_log(config: Config, seed: u64) -> Result<Game, ConfigError> {
        let state = crate::setup::new_state(&config, seed)?;
        Ok(Game::start(config, seed, state, false))
    }

    /// Wraps a prepared state (scenarios); its journal starts empty.
    pub fn from_state(config: Config, seed: u64, state: GameState) -> Game {
        Game::start(config, seed, state, true)
    }

    fn start(config: Config, seed: u64, mut state: GameState, keep_log: bool) -> Game {
        let mut log = Vec::new();
        let mut last_auto = Vec::new();
        state.advance(&mut Recorder {
            log: &mut log,
            keep: keep_log,
            auto: &mut last_auto,
        });
        let mut g = Game {
            config,
            seed,
            state,
            choices: Vec::new(),
            reveals: Vec::new(),
            log,
            last_apply_log_start: 0,
            keep_log,
            last_auto,
            legal: Default::default(),
            legal_stale: true,
            deciders: 0,
            spare: Vec::new(),
        };
        g.refresh_legal(None);
        g
    }

    /// Lists each deciding seat's legal choices again; `known` holds the
    /// single decider's list when the caller has it already.
    fn refresh_legal(&mut self, known: Option<Seat>) {
        for l in self.legal.iter_mut() {
            l.clear();
        }
        self.legal_stale = false;
        self.deciders = 0;
        if self.state.outcome.is_some() {
            return;
        }
        let deciders = self.state.deciders();
        self.deciders = deciders;
        if let Some(seat) = known {
            if deciders == 1 << seat.0 {
                // The list is in `spare`: they change places.
                std::mem::swap(&mut self.legal[seat.index()], &mut self.spare);
                self.spare.clear();
                return;
            }
        }
        self.spare.clear();
        for seat in Seat::all(self.state.players) {
            if deciders & (1 << seat.0) != 0 {
                self.state.choices_for(seat, &mut self.legal[seat.index()]);
            }
        }
    }

    /// The legal choices of `seat` now (empty when it does not decide), as
    /// the engine keeps them: no list is built (the agent path, issue 19).
    pub fn legal_choices(&self, seat: Seat) -> std::borrow::Cow<'_, [Choice]> {
        if seat.0 >= self.state.players {
            return std::borrow::Cow::Borrowed(&[]);
        }
        if self.legal_stale {
            let mut v = Vec::new();
            if self.state.outcome.is_none() {
                self.state.choices_for(seat, &mut v);
            }
            return std::borrow::Cow::Owned(v);
        }
        std::borrow::Cow::Borrowed(&self.legal[seat.index()])
    }

    pub fn config(&self) -> &Config {
        &self.config
    }
    pub fn seed(&self) -> u64 {
        self.seed
    }
    /// The full state. It holds hidden information: give players [`View`]s.
    pub fn state(&self) -> &GameState {
        &self.state
    }
    pub fn state_mut_for_tests(&mut self) -> &mut GameState {
        self.legal_stale = true;
        &mut self.state
    }
    /// The choices applied so far.
    pub fn choices(&self) -> &[(Seat, Choice)] {
        &self.choices
    }
    /// Choices the engine took automatically (the only legal one) during
    /// the last `apply`, with their seats.
    pub fn last_auto_choices(&self) -> Vec<(Seat, Choice)> {
        self.last_auto.clone()
    }

    /// Every event so far, unfiltered (hidden ones included). Empty for a
    /// game [`without_log`](Game::without_log): see [`Game::full_log`].
    pub fn log(&self) -> &[Event] {
        &self.log
    }

    /// Whether this game keeps its log as it is played.
    pub fn keeps_log(&self) -> bool {
        self.keep_log
    }

    /// Every event so far with its sentence: the log itself, or for a game
    /// without a log, the log written now by replaying the journal (the
    /// same events, since a game is config + seed + choices).
    pub fn full_log(&self) -> Result<std::borrow::Cow<'_, [Event]>, crate::journal::LoadError> {
        if self.keep_log {
            return Ok(std::borrow::Cow::Borrowed(&self.log));
        }
        let g = crate::journal::Save::of(self).load()?;
        Ok(std::borrow::Cow::Owned(g.log))
    }

    pub fn pending(&self) -> Pending {
        if let Some(o) = &self.state.outcome {
            return Pending::Over((**o).clone());
        }
        match self.state.decision() {
            Some(d) => Pending::Decision(d),
            None => Pending::Over(Outcome {
                power: self
                    .state
                    .seats
                    .iter()
                    .take(self.state.players as usize)
                    .map(|s| s.power)
                    .collect(),
                winner: None,
                ranking: Vec::new(),
                reason: "no decision is pending (engine fault)".into(),
                tiebreaks: Vec::new(),
                conceded: Vec::new(),
                act: None,
            }),
        }
    }

    /// Applies `choice` for `seat`: checks it is that seat's decision and
    /// that the choice is among the legal ones, else changes nothing.
    /// Returns the events it caused (none for a game without a log).
    pub fn apply(&mut self, seat: Seat, choice: Choice) -> Result<&[Event], ApplyError> {
        if seat.0 >= self.state.players {
            return Err(ApplyError::NoSuchSeat(seat));
        }
        if self.state.outcome.is_some() {
            return Err(ApplyError::GameOver);
        }
        let start = self.log.len();
        if choice == Choice::Concede {
            self.last_apply_log_start = start;
            self.last_auto.clear();
            // B-GAME-04: any seat, any time (docs/rulings.md R-GAME-1).
            let mut rec = Recorder {
                log: &mut self.log,
                keep: self.keep_log,
                auto: &mut self.last_auto,
            };
            crate::flow::concede(&mut self.state, seat, &mut rec);
            self.choices.push((seat, choice));
            self.reveals.push(true);
            self.refresh_legal(None);
            return Ok(&self.log[start..]);
        }
        if self.legal_stale {
            self.refresh_legal(None);
        }
        // The deciding seat, or one of several deciding at once.
        let deciders = self.deciders;
        if deciders == 0 {
            return Err(ApplyError::GameOver);
        }
        if deciders & (1 << seat.0) == 0 {
            return Err(ApplyError::NotYourTurn {
                expected: Seat(deciders.trailing_zeros() as u8),
                got: seat,
            });
        }
        if !self.legal[seat.index()].contains(&choice) {
            return Err(ApplyError::Illegal { choice });
        }
        self.last_apply_log_start = start;
        self.last_auto.clear();
        let before = HiddenMarks::of(&self.state);
        // The cards everyone sees face up now (a hand may take one back).
        let face_up = self.state.face_up_plays().0;
        // The next decision's choices land in the spare list.
        let mut next = std::mem::take(&mut self.spare);
        next.clear();
        let mut rec = Recorder {
            log: &mut self.log,
            keep: self.keep_log,
            auto: &mut self.last_auto,
        };
        let decider = self.state.apply_for_into(seat, choice, &mut rec, &mut next);
        // R-UNDO-1: a barrier when something hidden came out, by the kind
        // of event (never by comparing sizes): a roll or shuffle (the RNG,
        // a scenario's forced die), a face-down pile changed other than by
        // a known card put face down on it (a draw, deal, bury, search or
        // scrap: `HiddenPile::moves`), a hand received a card, a secret
        // was disclosed (the answers of the Fate choice, a Golem's face, a
        // look at a hand or a deck: `GameState::disclose`), an event
        // showed a seat what it did not know (`Event::reveals`) — or
        // another seat's decision was taken for it (its only option: that
        // it had no other tells something about its hand). A seat's own
        // forced choice or its own face-down card reveals nothing.
        let barrier = HiddenMarks::of(&self.state).revealed_since(&before, face_up)
            || self.last_auto.iter().any(|(x, _)| *x != seat)
            || self.log[start..].iter().any(|e| e.reveals);
        self.reveals.push(barrier);
        self.choices.push((seat, choice));
        self.spare = next;
        self.refresh_legal(decider);
        Ok(&self.log[start..])
    }

    /// The decision `seat` may take now, if any: the pending decision when
    /// it is that seat's, or its part of a decision several seats take at
    /// once.
    pub fn decision_for(&self, seat: Seat) -> Option<crate::flow::Decision> {
        if self.state.outcome.is_some() || seat.0 >= self.state.players {
            return None;
        }
        let prompt = self.state.prompt_for(seat)?;
        let all = self.state.deciders();
        Some(crate::flow::Decision {
            seat,
            prompt,
            choices: self.legal_choices(seat).into_owned(),
            also: Seat::all(self.state.players)
                .filter(|x| *x != seat && all & (1 << x.0) != 0)
                .collect(),
        })
    }

    /// Whether the game is over.
    pub fn is_over(&self) -> bool {
        self.state.outcome.is_some()
    }

    /// The first seat (in seat order) that may decide now, if any: the
    /// deciding seat, without building a list.
    pub fn first_decider(&self) -> Option<Seat> {
        if self.state.outcome.is_some() {
            return None;
        }
        let d = if self.legal_stale {
            self.state.deciders()
        } else {
            self.deciders
        };
        (d != 0).then(|| Seat(d.trailing_zeros() as u8))
    }

    /// Seats that may decide now (several during a decision all take at
    /// once), in seat order.
    pub fn deciding_seats(&self) -> Vec<Seat> {
        let d = self.state.deciders();
        Seat::all(self.state.players)
            .filter(|x| d & (1 << x.0) != 0)
            .collect()
    }

    /// What a program playing `seat` may know (bots receive this).
    pub fn observation(&self, seat: Seat) -> crate::view::Observation<'_> {
        crate::view::Observation::new(&self.state, seat)
    }

    /// A seat's view (or a spectator's, with `None`).
    pub fn view(&self, seat: Option<Seat>) -> crate::view::View {
        crate::view::View::new(self, seat)
    }

    /// Replays this game's config, seed and the first `n` choices.
    pub fn replay_prefix(&self, n: usize) -> Result<Game, crate::journal::LoadError> {
        crate::journal::Save::of(self)
            .truncated(n)
            .load_keeping_log(self.keep_log)
    }

    /// How many of the last choices `seat` may take back: its own trailing
    /// choices, up to the last reveal barrier (a die roll, a card draw, a
    /// shuffle, a look at another hand) or another seat's choice (issue 5,
    /// docs/rulings.md R-UNDO-1).
    pub fn undoable(&self, seat: Seat) -> usize {
        self.choices
            .iter()
            .zip(&self.reveals)
            .rev()
            .take_while(|((s, _), revealed)| *s == seat && !**revealed)
            .count()
    }

    /// Takes back the last `n` choices (undo by replay).
    pub fn undo(&mut self, n: usize) -> Result<(), crate::journal::LoadError> {
        let keep = self.choices.len().saturating_sub(n);
        *self = self.replay_prefix(keep)?;
        Ok(())
    }
}

/// The sink of `Game`: keeps the events when the game keeps its log, and
/// the choices taken automatically in any case (an undo barrier when they
/// are another seat's, R-UNDO-1).
struct Recorder<'a> {
    log: &'a mut Vec<Event>,
    keep: bool,
    auto: &'a mut Vec<(Seat, Choice)>,
}

impl crate::event::Sink for Recorder<'_> {
    fn enabled(&self) -> bool {
        self.keep
    }
    fn emit(&mut self, e: Event) {
        self.log.push(e);
    }
    fn forced(&mut self, seat: Seat, choice: Choice) {
        self.auto.push((seat, choice));
    }
}

/// What changes when hidden information comes out, one mark per kind of
/// event (docs/rulings.md R-UNDO-1, issue 18 item 2).
#[derive(PartialEq, Eq)]
struct HiddenMarks {
    /// Dice and shuffles: the RNG's position.
    rng: u128,
    /// Counted in one sum, since each only grows or shrinks one way: the
    /// dice a scenario forced that are left (rolled without the RNG; the
    /// campaign's event and number dice included), the draws, deals,
    /// buries, searches and scraps of the face-down piles, and the secrets
    /// disclosed otherwise (the Fate choice's answers, a Golem's face, a
    /// look at a hand or a deck).
    counts: u64,
    /// Each seat's hand: a card received is a draw for its receiver,
    /// unless everyone saw it face up in play (Spacing Union's card).
    hands: [u64; crate::ids::MAX_SEATS],
}

impl HiddenMarks {
    fn of(s: &GameState) -> HiddenMarks {
        // Forced dice only ever leave (a roll) and counts only ever grow:
        // the forced dice left, subtracted, keep the sum moving one way.
        let forced_left = s.forced_dice.len() as u64
            + s.campaign()
                .map_or(0, |c| (c.forced_event.len() + c.forced_number.len()) as u64);
        let counts = s.court_deck.moves() as u64
            + s.lore_deck.moves() as u64
            + s.action_discard.moves() as u64
            + s.disclosures.count() as u64;
        HiddenMarks {
            rng: s.rng.get_word_pos(),
            counts: (counts << 8).wrapping_sub(forced_left),
            hands: [
                s.seats[0].hand.0,
                s.seats[1].hand.0,
                s.seats[2].hand.0,
                s.seats[3].hand.0,
            ],
        }
    }

    /// Whether hidden information came out between `before` and `self`
    /// (`face_up`: the cards face up in play at `before`).
    fn revealed_since(&self, before: &HiddenMarks, face_up: u64) -> bool {
        let received = self
            .hands
            .iter()
            .zip(&before.hands)
            .fold(0, |m, (now, was)| m | (now & !was))
            & !face_up;
        received != 0 || self.rng != before.rng || self.counts != before.counts
    }
}
