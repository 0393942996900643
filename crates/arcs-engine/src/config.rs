//! Game configuration and its validation.

use crate::ids::CardId;
use serde::{Deserialize, Serialize};

/// Base game, or Leaders & Lore (B-LL-01).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Mode {
    #[default]
    Base,
    LeadersLore,
}

/// What a game is set up with. Together with a seed and the choices made,
/// it reproduces the game exactly.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Config {
    /// 2, 3 or 4 (B-COMP-01).
    pub players: u8,
    #[serde(default)]
    pub mode: Mode,
    /// A setup card id (`ARCS-3SETUP02`, `3SETUP02`) or name; random if absent.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub setup_card: Option<String>,
    /// B-FINE-13: separate face-up and face-down action discard piles.
    #[serde(default)]
    pub split_discard: bool,
    /// The Court deck, by card id; the 31 base Court cards if absent.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub court: Option<Vec<String>>,
}

impl Config {
    pub fn base(players: u8) -> Config {
        Config {
            players,
            mode: Mode::Base,
            setup_card: None,
            split_discard: false,
            court: None,
        }
    }
}

/// Why a configuration was refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ConfigError {
    #[error("Arcs is for 2, 3 or 4 players, not {0}")]
    Players(u8),
    #[error("unknown setup card {0:?}")]
    UnknownSetupCard(String),
    #[error("setup card {card} is for {card_players} players, not {players}")]
    SetupCardPlayers {
        card: String,
        card_players: u8,
        players: u8,
    },
    #[error("unknown card {0:?}")]
    UnknownCard(String),
    #[error("card {0} cannot be in the Court deck (not a Court card)")]
    NotCourt(String),
    #[error("card {id} ({name}) is not implemented yet; it cannot be dealt")]
    NotImplemented { id: String, name: String },
    #[error("the Court deck lists {0} twice")]
    Duplicate(String),
    #[error("the Court deck needs at least {need} cards, not {have}")]
    CourtTooSmall { need: usize, have: usize },
    #[error("the Court deck holds at most {max} cards")]
    CourtTooLarge { max: usize },
    #[error("mode {0:?} is not available yet")]
    Mode(Mode),
}

impl Config {
    /// The Court deck this config deals, checked: every card known, a Court
    /// card, implemented, listed once.
    pub fn court_cards(&self) -> Result<Vec<CardId>, ConfigError> {
        let cards = match &self.court {
            None => crate::data::catalog().base_court(),
            Some(list) => {
                let mut v = Vec::new();
                for s in list {
                    let c = CardId::parse(s).ok_or_else(|| ConfigError::UnknownCard(s.clone()))?;
                    if !matches!(
                        c.info().kind,
                        crate::data::CardKind::Guild | crate::data::CardKind::Vox
                    ) {
                        return Err(ConfigError::NotCourt(c.code().to_string()));
                    }
                    if v.contains(&c) {
                        return Err(ConfigError::Duplicate(c.code().to_string()));
                    }
                    v.push(c);
                }
                v
            }
        };
        for c in &cards {
            if !crate::cards::implemented(*c) {
                return Err(ConfigError::NotImplemented {
                    id: c.code().to_string(),
                    name: c.name().to_string(),
                });
            }
        }
        let need = if self.players == 2 { 3 } else { 4 };
        if cards.len() < need {
            return Err(ConfigError::CourtTooSmall {
                need,
                have: cards.len(),
            });
        }
        if cards.len() > 48 {
            return Err(ConfigError::CourtTooLarge { max: 48 });
        }
        Ok(cards)
    }

    pub fn validate(&self) -> Result<(), ConfigError> {
        if !(2..=4).contains(&self.players) {
            return Err(ConfigError::Players(self.players));
        }
        if self.mode != Mode::Base {
            return Err(ConfigError::Mode(self.mode));
        }
        if let Some(id) = &self.setup_card {
            let card = crate::data::components()
                .setup_card(id)
                .ok_or_else(|| ConfigError::UnknownSetupCard(id.clone()))?;
            if card.players != self.players {
                return Err(ConfigError::SetupCardPlayers {
                    card: card.id.clone(),
                    card_players: card.players,
                    players: self.players,
                });
            }
        }
        self.court_cards()?;
        Ok(())
    }
}
