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
}

impl Game {
    /// Sets up a new game (B-SETUP) and runs it to the first decision.
    pub fn new(config: Config, seed: u64) -> Result<Game, ConfigError> {
        let mut state = crate::setup::new_state(&config, seed)?;
        let mut log = Vec::new();
        state.advance(&mut log);
        Ok(Game {
            config,
            seed,
            state,
            choices: Vec::new(),
            reveals: Vec::new(),
            log,
            last_apply_log_start: 0,
        })
    }

    /// Wraps a prepared state (scenarios); its journal starts empty.
    pub fn from_state(config: Config, seed: u64, mut state: GameState) -> Game {
        let mut log = Vec::new();
        state.advance(&mut log);
        Game {
            config,
            seed,
            state,
            choices: Vec::new(),
            reveals: Vec::new(),
            log,
            last_apply_log_start: 0,
        }
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
        &mut self.state
    }
    /// The choices applied so far.
    pub fn choices(&self) -> &[(Seat, Choice)] {
        &self.choices
    }
    /// Choices the engine took automatically (the only legal one) during
    /// the last `apply`, with their seats.
    pub fn last_auto_choices(&self) -> Vec<(Seat, Choice)> {
        let start = self.last_apply_log_start;
        self.log[start.min(self.log.len())..]
            .iter()
            .filter(|e| e.tag == "auto")
            .filter_map(|e| Some((e.seat?, e.choice?)))
            .collect()
    }

    /// Every event so far, unfiltered (hidden ones included).
    pub fn log(&self) -> &[Event] {
        &self.log
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
                winner: Seat(0),
                ranking: Vec::new(),
                reason: "no decision is pending (engine fault)".into(),
                tiebreaks: Vec::new(),
                conceded: Vec::new(),
            }),
        }
    }

    /// Applies `choice` for `seat`: checks it is that seat's decision and
    /// that the choice is among the legal ones, else changes nothing.
    pub fn apply(&mut self, seat: Seat, choice: Choice) -> Result<Vec<Event>, ApplyError> {
        if seat.0 >= self.state.players {
            return Err(ApplyError::NoSuchSeat(seat));
        }
        if self.state.outcome.is_some() {
            return Err(ApplyError::GameOver);
        }
        if choice == Choice::Concede {
            // B-GAME-04: any seat, any time (docs/rulings.md R-GAME-1).
            let mut events = Vec::new();
            crate::flow::concede(&mut self.state, seat, &mut events);
            self.choices.push((seat, choice));
            self.reveals.push(true);
            self.last_apply_log_start = self.log.len();
            self.log.extend(events.iter().cloned());
            return Ok(events);
        }
        let mut buf = Vec::new();
        // The deciding seat, or one of several deciding at once.
        let deciders = self.state.deciders();
        if deciders == 0 {
            return Err(ApplyError::GameOver);
        }
        if deciders & (1 << seat.0) == 0 {
            return Err(ApplyError::NotYourTurn {
                expected: Seat(deciders.trailing_zeros() as u8),
                got: seat,
            });
        }
        self.state.choices_for(seat, &mut buf);
        if !buf.contains(&choice) {
            return Err(ApplyError::Illegal { choice });
        }
        let mut events = Vec::new();
        let before = HiddenMarks::of(&self.state);
        self.state.apply_for(seat, choice, &mut events);
        // R-UNDO-1: a barrier when something hidden came out, by the kind
        // of event (never by comparing sizes): a roll or shuffle (the RNG,
        // a scenario's forced die), a face-down pile changed other than by
        // a known card put face down on it (a draw, deal, bury, search or
        // scrap: `HiddenPile::moves`), a hand received a card, a secret
        // was disclosed (the answers of the Fate choice, a Golem's face:
        // `GameState::disclose`), an event showed a seat what it did not
        // know (`Event::reveals`: a hand looked at) — or another seat's
        // decision was taken for it (its only option: that it had no other
        // tells something about its hand). A seat's own forced choice or
        // its own face-down card reveals nothing.
        let barrier = HiddenMarks::of(&self.state).revealed_since(&before)
            || events
                .iter()
                .any(|e| e.reveals || (e.choice.is_some() && e.seat != Some(seat)));
        self.reveals.push(barrier);
        self.choices.push((seat, choice));
        self.last_apply_log_start = self.log.len();
        self.log.extend(events.iter().cloned());
        Ok(events)
    }

    /// The decision `seat` may take now, if any: the pending decision when
    /// it is that seat's, or its part of a decision several seats take at
    /// once.
    pub fn decision_for(&self, seat: Seat) -> Option<crate::flow::Decision> {
        if self.state.outcome.is_some() || seat.0 >= self.state.players {
            return None;
        }
        self.state.decision_for(seat)
    }

    /// Whether the game is over.
    pub fn is_over(&self) -> bool {
        self.state.outcome.is_some()
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
    pub fn observation(&self, seat: Seat) -> crate::view::Observation {
        crate::view::Observation::new(&self.state, seat)
    }

    /// A seat's view (or a spectator's, with `None`).
    pub fn view(&self, seat: Option<Seat>) -> crate::view::View {
        crate::view::View::new(self, seat)
    }

    /// Replays this game's config, seed and the first `n` choices.
    pub fn replay_prefix(&self, n: usize) -> Result<Game, crate::journal::LoadError> {
        crate::journal::Save::of(self).truncated(n).load()
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

/// What changes when hidden information comes out, one mark per kind of
/// event (docs/rulings.md R-UNDO-1, issue 18 item 2).
#[derive(PartialEq, Eq)]
struct HiddenMarks {
    /// Dice and shuffles: the RNG's position, and the dice a scenario
    /// forced (rolled without the RNG), the campaign's event and number
    /// dice included.
    rng: u128,
    forced: [usize; 3],
    /// Draws, deals, buries, searches and scraps of the face-down piles.
    piles: [u32; 3],
    /// Secrets disclosed otherwise (the Fate choice's answers, a Golem's
    /// face).
    disclosed: u32,
    /// Each seat's hand: a card received is a draw for its receiver,
    /// unless everyone saw it face up in play (Spacing Union's card).
    hands: [u64; crate::ids::MAX_SEATS],
    face_up: u64,
}

impl HiddenMarks {
    fn of(s: &GameState) -> HiddenMarks {
        let (event, number) = s
            .campaign()
            .map_or((0, 0), |c| (c.forced_event.len(), c.forced_number.len()));
        let mut hands = [0; crate::ids::MAX_SEATS];
        for (h, st) in hands.iter_mut().zip(&s.seats) {
            *h = st.hand.0;
        }
        HiddenMarks {
            rng: s.rng.get_word_pos(),
            forced: [s.forced_dice.len(), event, number],
            piles: [
                s.court_deck.moves(),
                s.lore_deck.moves(),
                s.action_discard.moves(),
            ],
            disclosed: s.disclosures.count(),
            hands,
            face_up: s.face_up_plays().0,
        }
    }

    /// Whether hidden information came out between `before` and `self`.
    fn revealed_since(&self, before: &HiddenMarks) -> bool {
        let received = self
            .hands
            .iter()
            .zip(&before.hands)
            .any(|(now, was)| now & !was & !before.face_up != 0);
        received
            || self.rng != before.rng
            || self.forced != before.forced
            || self.piles != before.piles
            || self.disclosed != before.disclosed
    }
}
