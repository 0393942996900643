//! Game configuration and its validation.

use crate::ids::{CardId, Seat};
use serde::{Deserialize, Serialize};

/// Base game, or Leaders & Lore (B-LL-01).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Mode {
    #[default]
    Base,
    LeadersLore,
    /// The Blighted Reach campaign (Act I; campaign rules p4–6).
    Campaign,
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
    /// Campaign options (used in that mode only).
    #[serde(default, skip_serializing_if = "CampaignConfig::is_default")]
    pub campaign: CampaignConfig,
}

/// How the players get their Fates (campaign rules p6 step B).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum FateSelection {
    /// Each player draws 2 Fate cards from the pool and secretly chooses
    /// one: `{"draw": null}` for every "A" Fate, or `{"draw": [names]}`.
    Draw(Option<Vec<String>>),
    /// A fixed Fate per seat (seat 1 first), by name ("Steward") or card
    /// id (`FATE01`).
    Fixed(Vec<String>),
    /// No Fates: the campaign's shared systems alone (the Empire, the Free
    /// States, the Blight, events, the Council). Not the campaign as
    /// printed: a test bed for those systems while the Fates are built.
    None,
}

impl Default for FateSelection {
    fn default() -> Self {
        FateSelection::Draw(None)
    }
}

/// Campaign options.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CampaignConfig {
    /// The Act to set up: 1, or 2 and 3, which continue `previous`
    /// after the Intermission.
    #[serde(default = "one")]
    pub act: u8,
    #[serde(default)]
    pub fates: FateSelection,
    /// Lore cards shuffled into the Court deck (one per player is drawn at
    /// random from them); the base lore (L01–L14) if absent.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub lore: Option<Vec<String>>,
    /// Acts II and III: the previous Act's final position, as it ended.
    /// The next Act starts from it (the Intermission, then its setup), not
    /// from a replay of the previous Act's journal, so a later change to
    /// the engine cannot alter a finished Act (docs/campaign.md).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub previous: Option<PreviousAct>,
}

/// The final position of a campaign Act, shared by the games that copy
/// the config (it is never changed).
#[derive(Clone, Debug)]
pub struct PreviousAct(pub std::sync::Arc<crate::state::GameState>);

impl PreviousAct {
    /// Keeps `state` as the previous Act's end. Its random number
    /// generator is reset: the next Act draws on its own seed, and a reset
    /// generator writes small numbers that any JSON reader keeps exactly.
    pub fn new(mut state: crate::state::GameState) -> PreviousAct {
        use rand::SeedableRng;
        state.rng = rand_chacha::ChaCha8Rng::seed_from_u64(0);
        PreviousAct(std::sync::Arc::new(state))
    }
}

impl PartialEq for PreviousAct {
    fn eq(&self, other: &Self) -> bool {
        std::sync::Arc::ptr_eq(&self.0, &other.0) || *self.0 == *other.0
    }
}

/// A state equals itself: it holds no floating-point numbers.
impl Eq for PreviousAct {}

impl Serialize for PreviousAct {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        self.0.serialize(s)
    }
}

impl<'de> Deserialize<'de> for PreviousAct {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        crate::state::GameState::deserialize(d).map(PreviousAct::new)
    }
}

fn one() -> u8 {
    1
}

impl Default for CampaignConfig {
    fn default() -> Self {
        CampaignConfig {
            act: 1,
            fates: FateSelection::default(),
            lore: None,
            previous: None,
        }
    }
}

impl CampaignConfig {
    fn is_default(&self) -> bool {
        *self == CampaignConfig::default()
    }

    /// The lore cards that may be shuffled into the Court deck (p5 step J).
    pub fn lore_cards(&self) -> Result<Vec<CardId>, ConfigError> {
        use crate::data::{CardKind, CatalogSet};
        match &self.lore {
            None => Ok(crate::data::catalog()
                .ids()
                .filter(|c| c.info().kind == CardKind::Lore && c.info().set == CatalogSet::Base)
                .collect()),
            Some(list) => {
                let mut v = Vec::new();
                for x in list {
                    let c = CardId::parse(x).ok_or_else(|| ConfigError::UnknownCard(x.clone()))?;
                    if c.info().kind != CardKind::Lore {
                        return Err(ConfigError::WrongKind {
                            id: c.code().to_string(),
                            want: "lore".into(),
                        });
                    }
                    if !crate::cards::implemented(c) {
                        return Err(ConfigError::NotImplemented {
                            id: c.code().to_string(),
                            name: c.name().to_string(),
                        });
                    }
                    if v.contains(&c) {
                        return Err(ConfigError::Duplicate {
                            list: "the lore pool",
                            id: c.code().to_string(),
                            name: c.name().to_string(),
                        });
                    }
                    v.push(c);
                }
                Ok(v)
            }
        }
    }
}

/// A Fate card by name ("Steward") or id (`FATE01`, `ARCS-FATE01`).
pub fn fate_card(name: &str) -> Result<CardId, ConfigError> {
    let c = CardId::parse(name).ok_or_else(|| ConfigError::UnknownCard(name.to_string()))?;
    if c.info().kind != crate::data::CardKind::Fate {
        return Err(ConfigError::WrongKind {
            id: c.code().to_string(),
            want: "Fate".into(),
        });
    }
    Ok(c)
}

/// The Fate cards a draw deals from (`None`: every "A" Fate), checked:
/// known, "A" Fates for Act I, implemented, listed once.
pub fn fate_pool(pool: &Option<Vec<String>>) -> Result<Vec<CardId>, ConfigError> {
    let cards = match pool {
        None => crate::campaign::fates::group('A'),
        Some(names) => fate_names(names)?,
    };
    for c in &cards {
        check_fate(*c)?;
    }
    Ok(cards)
}

/// A Fate pool's cards by name or id, each listed once.
fn fate_names(names: &[String]) -> Result<Vec<CardId>, ConfigError> {
    let mut v = Vec::new();
    for n in names {
        let c = fate_card(n)?;
        if v.contains(&c) {
            return Err(ConfigError::Duplicate {
                list: "the Fate pool",
                id: c.code().to_string(),
                name: c.name().to_string(),
            });
        }
        v.push(c);
    }
    Ok(v)
}

/// An Act I Fate must be an "A" Fate whose cards are implemented.
fn check_fate(c: CardId) -> Result<(), ConfigError> {
    if crate::campaign::fates::number(c).is_none_or(|n| n > 8) {
        return Err(ConfigError::Campaign(format!(
            "{} is not an \"A\" Fate: Act I is played with the Fates marked A",
            c.name()
        )));
    }
    if crate::campaign::fates::def(c).is_none() {
        return Err(ConfigError::NotImplemented {
            id: c.code().to_string(),
            name: format!("the {} Fate", c.name()),
        });
    }
    Ok(())
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
                        return Err(ConfigError::Duplicate {
                            list: "the card pool",
                            id: c.code().to_string(),
                            name: c.name().to_string(),
                        });
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
            campaign: CampaignConfig::default(),
        }
    }

    /// An Act I campaign game: each player draws 2 "A" Fates and chooses.
    pub fn campaign(players: u8) -> Config {
        Config {
            mode: Mode::Campaign,
            campaign: CampaignConfig::default(),
            ..Config::base(players)
        }
    }

    /// The campaign's shared systems without Fates (a test bed; see
    /// [`FateSelection::None`]).
    pub fn campaign_without_fates(players: u8) -> Config {
        Config {
            mode: Mode::Campaign,
            campaign: CampaignConfig {
                act: 1,
                fates: FateSelection::None,
                lore: None,
                previous: None,
            },
            ..Config::base(players)
        }
    }

    /// The config of the campaign Act after the one that ended in
    /// `previous`: the same table, starting from that position (p7), the
    /// Fates drawn from their next group in the Intermission (p29) — or
    /// none, as in the previous Act. Checked when a game is made from it.
    pub fn next_act(&self, previous: &crate::state::GameState) -> Config {
        let mut next = self.clone();
        next.campaign.act = previous.campaign().map_or(1, |c| c.act) + 1;
        next.campaign.lore = None;
        next.court = None;
        next.campaign.previous = Some(PreviousAct::new(previous.clone()));
        if !matches!(self.campaign.fates, FateSelection::None) {
            next.campaign.fates = FateSelection::Draw(None);
        }
        next
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
    #[error("{list} names {name} ({id}) twice")]
    Duplicate {
        list: &'static str,
        id: String,
        name: String,
    },
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
    #[error("campaign: {0}")]
    Campaign(String),
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
                        return Err(ConfigError::Duplicate {
                            list: "the Court deck",
                            id: c.code().to_string(),
                            name: c.name().to_string(),
                        });
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
        if self.mode == Mode::Campaign {
            return self.validate_campaign();
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

    /// Campaign: Act I only, no setup card (p4), Fates that exist and are
    /// implemented, enough of them for a draw, the Court deck and lore
    /// known. Returns the Court deck.
    fn validate_campaign(&self) -> Result<Vec<CardId>, ConfigError> {
        let c = &self.campaign;
        if self.setup_card.is_some() {
            return Err(ConfigError::Campaign(
                "the campaign uses no setup card (campaign rules p4)".into(),
            ));
        }
        if self.split_discard {
            return Err(ConfigError::Campaign(
                "the split-discard variant is for single games".into(),
            ));
        }
        match (c.act, &c.previous) {
            (1, None) => {}
            (1, Some(_)) => {
                return Err(ConfigError::Campaign(
                    "Act I starts a campaign: it continues no previous Act".into(),
                ))
            }
            (2 | 3, _) => return self.validate_next_act(),
            (n, _) => {
                return Err(ConfigError::Campaign(format!(
                    "there is no Act {n}: a campaign has Acts I, II and III"
                )))
            }
        }
        let n = self.players as usize;
        match &c.fates {
            FateSelection::None => {}
            FateSelection::Fixed(list) => {
                if list.len() != n {
                    return Err(ConfigError::Campaign(format!(
                        "{} Fates for {n} players",
                        list.len()
                    )));
                }
                let mut seen = Vec::new();
                for x in list {
                    let f = fate_card(x)?;
                    check_fate(f)?;
                    if seen.contains(&f) {
                        return Err(ConfigError::Duplicate {
                            list: "the Fates",
                            id: f.code().to_string(),
                            name: f.name().to_string(),
                        });
                    }
                    seen.push(f);
                }
            }
            FateSelection::Draw(pool) => {
                let cards = fate_pool(pool)?;
                if cards.len() < 2 * n {
                    return Err(ConfigError::PoolTooSmall {
                        what: "Fate",
                        need: 2 * n,
                        have: cards.len(),
                    });
                }
            }
        }
        let lore = c.lore_cards()?;
        if lore.len() < n {
            return Err(ConfigError::PoolTooSmall {
                what: "lore",
                need: n,
                have: lore.len(),
            });
        }
        match &self.court {
            Some(_) => self.court_cards(),
            None => {
                let cards = crate::campaign::setup::campaign_court();
                for card in &cards {
                    if !crate::cards::implemented(*card) {
                        return Err(ConfigError::NotImplemented {
                            id: card.code().to_string(),
                            name: card.name().to_string(),
                        });
                    }
                }
                Ok(cards)
            }
        }
    }

    /// Acts II and III (campaign rules p7): the previous Act's final
    /// position, ended and consistent, with as many players; the Court and
    /// the lore carry over; the Fates drawn in the Intermission exist and
    /// are implemented for this Act. Returns no Court deck (it carries
    /// over).
    fn validate_next_act(&self) -> Result<Vec<CardId>, ConfigError> {
        use crate::campaign::events::roman;
        let c = &self.campaign;
        let err = |m: String| Err(ConfigError::Campaign(m));
        let Some(prev) = &c.previous else {
            return err(format!(
                "Act {} continues a campaign: it starts from the previous Act's final position \
                 (`previous`)",
                roman(c.act)
            ));
        };
        if self.court.is_some() || c.lore.is_some() {
            return err(
                "the Court deck and the lore carry over from the previous Act: give no `court` \
                 or `lore`"
                    .into(),
            );
        }
        let p = &*prev.0;
        if p.players != self.players {
            return err(format!(
                "the previous Act was played by {} players, not {}",
                p.players, self.players
            ));
        }
        let Some(pc) = p.campaign() else {
            return err("the previous position is not a campaign game".into());
        };
        let Some(outcome) = p.outcome.as_deref() else {
            return err("the previous Act has not ended".into());
        };
        let Some(report) = &outcome.act else {
            return err("the previous game did not end as an Act ends".into());
        };
        if !outcome.conceded.is_empty() {
            return err("a player conceded the previous Act: the campaign is over".into());
        }
        if report.act != pc.act || report.act + 1 != c.act {
            return err(format!(
                "Act {} follows Act {}, not Act {}",
                roman(c.act),
                roman(c.act - 1),
                roman(report.act.clamp(1, 3))
            ));
        }
        if p.anomalies != 0 {
            return err("the previous Act's position records an internal fault".into());
        }
        crate::invariants::check(p).map_err(|e| {
            ConfigError::Campaign(format!(
                "the previous Act's position is not consistent: {e}"
            ))
        })?;
        self.next_act_fate_pool()?;
        Ok(Vec::new())
    }

    /// The Fate cards the Intermission before Act II or III draws from
    /// (p29): the B Fates after Act I, the C Fates after Act II — only
    /// those whose cards for this Act are implemented, and enough of them.
    /// A seat that completed its objective may keep its Fate, so that
    /// Fate's cards for this Act must be implemented too.
    pub(crate) fn next_act_fate_pool(&self) -> Result<Vec<CardId>, ConfigError> {
        use crate::campaign::events::roman;
        use crate::campaign::fates;
        let c = &self.campaign;
        let err = |m: String| Err(ConfigError::Campaign(m));
        let Some(prev) = &c.previous else {
            return Ok(Vec::new());
        };
        let Some(pc) = prev.0.campaign() else {
            return Ok(Vec::new());
        };
        let act = c.act.clamp(2, 3);
        let letter = crate::campaign::next_act::fate_group(act - 1);
        let had_fates = Seat::all(self.players).any(|x| pc.fates[x.index()].is_some());
        let pool = match &c.fates {
            FateSelection::None if had_fates => {
                return err(format!(
                    "the players have Fates: the Intermission before Act {} draws them \
                     (`\"fates\": {{\"draw\": null}}`)",
                    roman(act)
                ))
            }
            FateSelection::None => return Ok(Vec::new()),
            _ if !had_fates => {
                return err(
                    "this campaign is played without Fates, and so is its next Act \
                     (`\"fates\": \"none\"`)"
                        .into(),
                )
            }
            FateSelection::Fixed(_) => {
                return err(format!(
                    "Fates are drawn in the Intermission before Act {} (p29): use `draw`",
                    roman(act)
                ))
            }
            FateSelection::Draw(None) => {
                // Those that play this Act and every later one.
                let playable: Vec<CardId> = fates::playable(letter);
                // R-CAMP-KEEP-UNBUILT: with no Fate of the group built,
                // every seat keeps its own (`fate_draw_problem` checks it
                // plays this Act).
                if playable.is_empty() && !crate::campaign::next_act::next_group_unbuilt(act - 1) {
                    return err(format!(
                        "Act {} draws its Fates from the {letter} Fates, and none of them is \
                         implemented yet (`arcs cards` lists what is)",
                        roman(act)
                    ));
                }
                playable
            }
            FateSelection::Draw(Some(names)) => {
                let v = fate_names(names)?;
                for f in &v {
                    if fates::group(letter).iter().all(|g| g != f) {
                        return err(format!(
                            "{} is not a \"{letter}\" Fate: the Intermission before Act {} \
                             draws from the {letter} Fates",
                            f.name(),
                            roman(act)
                        ));
                    }
                }
                v
            }
        };
        if let Some(problem) = crate::campaign::next_act::fate_draw_problem(&prev.0, &pool, act) {
            return Err(problem);
        }
        Ok(pool)
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
