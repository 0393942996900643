//! Saves: config + seed + choices, versioned. Loading replays them, so a
//! save can never hold an impossible position.

use crate::choice::Choice;
use crate::config::{Config, ConfigError};
use crate::game::{ApplyError, Game};
use crate::ids::Seat;
use serde::{Deserialize, Serialize};

pub const FORMAT: &str = "arcs-journal";
pub const VERSION: u32 = 1;

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Save {
    pub format: String,
    pub version: u32,
    pub config: Config,
    pub seed: u64,
    pub choices: Vec<SavedChoice>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SavedChoice {
    pub seat: Seat,
    pub choice: Choice,
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum LoadError {
    #[error("not a save file: {0}")]
    Syntax(String),
    #[error("not an arcs journal (format {0:?})")]
    Format(String),
    #[error("journal version {0} is not supported (this build reads version {VERSION})")]
    Version(u64),
    #[error("bad config: {0}")]
    Config(#[from] ConfigError),
    #[error("choice #{index} ({choice}) cannot be replayed: {error}")]
    Replay {
        index: usize,
        choice: Choice,
        error: ApplyError,
    },
}

impl Save {
    pub fn of(game: &Game) -> Save {
        Save {
            format: FORMAT.into(),
            version: VERSION,
            config: game.config().clone(),
            seed: game.seed(),
            choices: game
                .choices()
                .iter()
                .map(|(seat, choice)| SavedChoice {
                    seat: *seat,
                    choice: *choice,
                })
                .collect(),
        }
    }

    pub fn truncated(mut self, n: usize) -> Save {
        self.choices.truncate(n);
        self
    }

    pub fn to_json(&self) -> String {
        serde_json::to_string_pretty(self).expect("a save serializes")
    }

    pub fn from_json(text: &str) -> Result<Save, LoadError> {
        // The header first, so another format or version is named as such;
        // then the whole save straight from the text (not through a
        // `serde_json::Value`, which cannot hold the 128-bit numbers of a
        // continued Act's stored position).
        #[derive(Deserialize)]
        struct Header {
            #[serde(default)]
            format: Option<serde_json::Value>,
            #[serde(default)]
            version: Option<serde_json::Value>,
        }
        let h: Header = serde_json::from_str(text).map_err(|e| LoadError::Syntax(e.to_string()))?;
        if h.format.as_ref().and_then(|f| f.as_str()) != Some(FORMAT) {
            return Err(LoadError::Format(
                h.format.map(|f| f.to_string()).unwrap_or_default(),
            ));
        }
        let version = h.version.and_then(|x| x.as_u64()).unwrap_or(0);
        if version != u64::from(VERSION) {
            return Err(LoadError::Version(version));
        }
        serde_json::from_str(text).map_err(|e| LoadError::Syntax(e.to_string()))
    }

    /// Replays the save, checking every choice.
    pub fn load(&self) -> Result<Game, LoadError> {
        self.load_keeping_log(true)
    }

    /// Replays the save into a game that keeps its log or not (see
    /// [`Game::without_log`]).
    pub fn load_keeping_log(&self, keep_log: bool) -> Result<Game, LoadError> {
        let mut g = if keep_log {
            Game::new(self.config.clone(), self.seed)?
        } else {
            Game::without_log(self.config.clone(), self.seed)?
        };
        for (index, c) in self.choices.iter().enumerate() {
            g.apply(c.seat, c.choice)
                .map_err(|error| LoadError::Replay {
                    index,
                    choice: c.choice,
                    error,
                })?;
        }
        Ok(g)
    }
}
