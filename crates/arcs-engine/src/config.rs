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
    /// Leaders & Lore options (used in that mode only).
    #[serde(default, skip_serializing_if = "LeadersLore::is_default")]
    pub leaders_lore: LeadersLore,
}

/// Which cards a Leaders & Lore row is dealt from.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum Pool {
    /// `"all"` (the default), `"base"` (base game only) or `"pack"` (the
    /// Leaders & Lore pack only).
    Named(String),
    /// An explicit list of card ids.
    List(Vec<String>),
    #[default]
    #[serde(skip)]
    All,
}

/// A fixed leader and lore for one seat, instead of a draft.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Assignment {
    pub leader: String,
    pub lore: Vec<String>,
}

/// Leaders & Lore options (B-LL-07, AMB-54).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LeadersLore {
    /// The "second lore card" variant: one more lore per player in the row,
    /// and each player drafts 2 lore.
    #[serde(default)]
    pub second_lore: bool,
    /// Leaders the row is dealt from.
    #[serde(default, skip_serializing_if = "Pool::is_all")]
    pub leaders: Pool,
    /// Lore cards the row is dealt from (and the Archivist draws from).
    #[serde(default, skip_serializing_if = "Pool::is_all")]
    pub lore: Pool,
    /// Fixed assignments per seat (seat 1 first) instead of a draft.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub assign: Option<Vec<Assignment>>,
}

impl LeadersLore {
    fn is_default(&self) -> bool {
        *self == LeadersLore::default()
    }
    /// Lore cards each player ends the draft with.
    pub fn lore_each(&self) -> usize {
        if self.second_lore {
            2
        } else {
            1
        }
    }
}

impl Pool {
    fn is_all(&self) -> bool {
        matches!(self, Pool::All) || matches!(self, Pool::Named(n) if n == "all")
    }
    /// The cards of this pool among leaders or lore.
    pub fn cards(&self, kind: crate::data::CardKind) -> Result<Vec<CardId>, ConfigError> {
        use crate::data::CatalogSet;
        let cat = crate::data::catalog();
        let of_kind = |set: Option<CatalogSet>| -> Vec<CardId> {
            cat.ids()
                .filter(|c| {
                    let i = c.info();
                    i.kind == kind
                        && matches!(i.set, CatalogSet::Base | CatalogSet::LeadersLore)
                        && set.is_none_or(|s| i.set == s)
                })
                .collect()
        };
        match self {
            Pool::All => Ok(of_kind(None)),
            Pool::Named(n) => match n.as_str() {
                "all" => Ok(of_kind(None)),
                "base" => Ok(of_kind(Some(CatalogSet::Base))),
                "pack" => Ok(of_kind(Some(CatalogSet::LeadersLore))),
                other => Err(ConfigError::BadPool(other.to_string())),
            },
            Pool::List(ids) => {
                let mut v = Vec::new();
                for s in ids {
                    let c = CardId::parse(s).ok_or_else(|| ConfigError::UnknownCard(s.clone()))?;
                    if c.info().kind != kind {
                        return Err(ConfigError::WrongKind {
                            id: c.code().to_string(),
                            want: format!("{kind:?}").to_lowercase(),
                        });
                    }
                    if v.contains(&c) {
                        return Err(ConfigError::Duplicate(c.code().to_string()));
                    }
                    v.push(c);
                }
                Ok(v)
            }
        }
    }
}

impl Config {
    pub fn base(players: u8) -> Config {
        Config {
            players,
            mode: Mode::Base,
            setup_card: None,
            split_discard: false,
            court: None,
            leaders_lore: LeadersLore::default(),
        }
    }

    pub fn leaders_lore(players: u8) -> Config {
        Config {
            mode: Mode::LeadersLore,
            ..Config::base(players)
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
    #[error("unknown card pool {0:?} (all, base, pack, or a list of ids)")]
    BadPool(String),
    #[error("card {id} is not a {want} card")]
    WrongKind { id: String, want: String },
    #[error("the {what} row needs {need} cards but the pool has {have}")]
    PoolTooSmall {
        what: &'static str,
        need: usize,
        have: usize,
    },
    #[error("fixed assignments: {0}")]
    Assignment(String),
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
        self.validated_court().map(|_| ())
    }

    /// [`validate`](Self::validate), returning the checked Court deck.
    pub(crate) fn validated_court(&self) -> Result<Vec<CardId>, ConfigError> {
        if !(2..=4).contains(&self.players) {
            return Err(ConfigError::Players(self.players));
        }
        if self.mode == Mode::LeadersLore {
            self.validate_leaders_lore()?;
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
        self.court_cards()
    }

    /// Leaders & Lore: pools large enough for the rows, every card
    /// implemented, assignments well formed.
    fn validate_leaders_lore(&self) -> Result<(), ConfigError> {
        use crate::data::CardKind;
        let ll = &self.leaders_lore;
        let n = self.players as usize;
        let leaders = ll.leaders.cards(CardKind::Leader)?;
        let lore = ll.lore.cards(CardKind::Lore)?;
        let check = |c: CardId| -> Result<(), ConfigError> {
            if crate::cards::implemented(c) {
                Ok(())
            } else {
                Err(ConfigError::NotImplemented {
                    id: c.code().to_string(),
                    name: c.name().to_string(),
                })
            }
        };
        for c in leaders.iter().chain(lore.iter()) {
            check(*c)?;
        }
        match &ll.assign {
            None => {
                if leaders.len() < n + 1 {
                    return Err(ConfigError::PoolTooSmall {
                        what: "leader",
                        need: n + 1,
                        have: leaders.len(),
                    });
                }
                let need = n + 1 + if ll.second_lore { n } else { 0 };
                if lore.len() < need {
                    return Err(ConfigError::PoolTooSmall {
                        what: "lore",
                        need,
                        have: lore.len(),
                    });
                }
            }
            Some(a) => {
                if a.len() != n {
                    return Err(ConfigError::Assignment(format!(
                        "{} assignments for {n} players",
                        a.len()
                    )));
                }
                let mut seen = Vec::new();
                for (i, x) in a.iter().enumerate() {
                    let l = CardId::parse(&x.leader)
                        .ok_or_else(|| ConfigError::UnknownCard(x.leader.clone()))?;
                    if l.info().kind != CardKind::Leader {
                        return Err(ConfigError::WrongKind {
                            id: l.code().to_string(),
                            want: "leader".into(),
                        });
                    }
                    if x.lore.len() != ll.lore_each() {
                        return Err(ConfigError::Assignment(format!(
                            "seat {} needs {} lore card(s)",
                            i + 1,
                            ll.lore_each()
                        )));
                    }
                    seen.push(l);
                    for s in &x.lore {
                        let c =
                            CardId::parse(s).ok_or_else(|| ConfigError::UnknownCard(s.clone()))?;
                        if c.info().kind != CardKind::Lore {
                            return Err(ConfigError::WrongKind {
                                id: c.code().to_string(),
                                want: "lore".into(),
                            });
                        }
                        seen.push(c);
                    }
                }
                for c in &seen {
                    check(*c)?;
                }
                let total = seen.len();
                seen.sort();
                seen.dedup();
                if seen.len() != total {
                    return Err(ConfigError::Assignment("a card is assigned twice".into()));
                }
            }
        }
        Ok(())
    }
}
