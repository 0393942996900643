//! # arcs-engine
//!
//! The rules of *Arcs* (Leder Games, 2024) as a pure, deterministic library:
//! no IO, no clock, no threads, no global RNG. A game is config + seed +
//! choices (DESIGN.md).
//!
//! ```
//! use arcs_engine::{Config, Game, Pending};
//! let mut game = Game::new(Config::base(3), 7).unwrap();
//! if let Pending::Decision(d) = game.pending() {
//!     let choice = d.choices[0];
//!     game.apply(d.seat, choice).unwrap();
//! }
//! ```

pub mod actions;
pub mod bench;
pub mod campaign;
pub mod cards;
pub mod choice;
pub mod config;
pub mod data;
pub mod describe;
pub mod event;
pub mod flow;
pub mod game;
pub mod ids;
pub mod invariants;
pub mod journal;
pub mod scenario;
pub mod scoring;
pub mod setup;
pub mod sim;
pub mod state;
pub mod view;

pub use choice::{Act, BuildTarget, Choice, Loot, Piece, Prompt};
pub use config::{Config, ConfigError, Mode};
pub use describe::{describe_choice, describe_choices, describe_prompt};
pub use event::{Event, NoEvents, Sink};
pub use flow::Decision;
pub use game::{ApplyError, Game, Pending};
pub use ids::*;
pub use journal::{LoadError, Save};
pub use state::{GameState, Outcome};
pub use view::View;
