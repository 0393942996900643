//! Decisions as data: every legal move is a [`Choice`] the engine lists for a
//! [`Prompt`]. Choices have a stable text form (used by scenarios, the CLI
//! and logs) and a JSON form (the protocol and saves).

use crate::ids::*;
use crate::state::BuildingKind;
use serde::{Deserialize, Serialize};
use std::fmt;

/// An action to take: a standard action, or a card's new action that stands
/// in for one (B-NEW-01), written `Name (Std)` on cards.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Act {
    pub std: StdAction,
    /// The card whose new action is taken instead of `std`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub via: Option<CardId>,
}

impl Act {
    pub fn std(std: StdAction) -> Act {
        Act { std, via: None }
    }
    pub fn new_action(std: StdAction, card: CardId) -> Act {
        Act {
            std,
            via: Some(card),
        }
    }
}

impl fmt::Display for Act {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.via {
            None => write!(f, "{}", self.std),
            Some(c) => write!(f, "{}@{}", self.std, c.code().trim_start_matches("ARCS-")),
        }
    }
}

/// Resource slots on a player board (B-RES-06): slot numbers are 0..7.
pub const RESOURCE_SLOTS: u8 = 7;
/// Building slots of a system (two planet slots and the extra one).
pub const BUILDING_SLOTS: u8 = 3;
/// Court positions (the Court row holds at most 6 cards).
pub const COURT_POSITIONS: u8 = 6;
/// Faces of a die.
pub const DIE_FACES: u8 = 6;
/// Prelude abilities one card may have (`Choice::Prelude::n`); generous.
pub const PRELUDES_PER_CARD: u8 = 8;

/// Reads a 0-based index below `N`: every index in a choice is bounded
/// when read, so no out-of-range value can exist (issue 11).
fn below<'de, const N: u8, D: serde::Deserializer<'de>>(d: D) -> Result<u8, D::Error> {
    let n = u8::deserialize(d)?;
    if n < N {
        Ok(n)
    } else {
        Err(serde::de::Error::custom(format!(
            "expected an index 0..={}, not {n}",
            N - 1
        )))
    }
}

/// A piece in a system, as a target.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Piece {
    Ship {
        owner: Owner,
        damaged: bool,
    },
    Building {
        #[serde(deserialize_with = "below::<BUILDING_SLOTS, _>")]
        slot: u8,
    },
    /// A city or starport on `owner`'s Flagship board (its Flagship is in
    /// the system): column `col` (0 Slipstream Drive .. 5 Hull), its
    /// Upgrade or Armor slot (campaign rules p22).
    Flagship {
        owner: Seat,
        #[serde(deserialize_with = "below::<6, _>")]
        col: u8,
        armor: bool,
    },
}

/// Something that can be stolen from a Rival (B-RAID-01).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Loot {
    /// The resource in this slot (0-based).
    Slot(#[serde(deserialize_with = "below::<RESOURCE_SLOTS, _>")] u8),
    Card(CardId),
    /// A Trophy: a piece of `owner` of this kind (campaign: the Imperial
    /// Demand of War takes Trophies, p20).
    Trophy {
        owner: Owner,
        kind: crate::state::TrophyKind,
    },
    /// A Captive: an agent of this seat.
    Captive(Seat),
    /// A resource of this type stored on one of the seat's cards (frozen,
    /// but Rivals can steal and take it: stealing cards, the Imperial
    /// Demand — campaign rules p27).
    Stored(Resource),
    /// A resource of this type in the Imperial Trust on the seat's First
    /// Regent tile (frozen, no raid cost, but cards such as Silver-Tongues
    /// can steal it — campaign rules p21).
    Trust(Resource),
    /// A Golem the seat has (campaign, the Caretaker's F505: 0 Warrior,
    /// 1 Protector, 2 Seeker, 3 Harvester), raided like a resource.
    Golem(#[serde(deserialize_with = "below::<4, _>")] u8),
}

/// A Negotiation action (campaign rules p17): `by` acts, and it affects
/// `to`, whose consent it needs.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Negotiation {
    pub by: Seat,
    pub to: Seat,
    pub act: NegotiationAct,
}

#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum NegotiationAct {
    /// Cede Control: this Loyal piece of `by` is replaced by `to`'s piece of
    /// the same type.
    Cede { system: SystemId, piece: Piece },
    /// Delegate Authority: one of `by`'s agents on the Court card at `pos`
    /// is replaced by one of `to`'s.
    Delegate {
        #[serde(deserialize_with = "below::<COURT_POSITIONS, _>")]
        pos: u8,
    },
    /// Promise Favor: an agent from `by`'s supply onto `to`'s Fate card.
    #[default]
    Favor,
    /// Transfer Asset: `by` gives this to `to`.
    Give(Asset),
    /// Invite to Empire: `by`, the First Regent, makes the Outlaw `to` a
    /// Regent.
    Invite,
    /// Transfer Guild Support (Guild Negotiations, ARCS-F414): `by` gives
    /// `to` this Guild card.
    GuildSupport { card: CardId },
    /// Transfer Lore (Knowledge Set Free, ARCS-F514): `by` gives `to` this
    /// lore card.
    TransferLore { card: CardId },
    /// Transfer Golem (Knowledge Set Free, ARCS-F514): `by` gives `to`
    /// this Golem (0 Warrior, 1 Protector, 2 Seeker, 3 Harvester).
    TransferGolem {
        #[serde(deserialize_with = "below::<4, _>")]
        golem: u8,
    },
}

/// What Transfer Asset gives (p17; never a card).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Asset {
    /// The resource in this slot (0-based).
    Slot(#[serde(deserialize_with = "below::<RESOURCE_SLOTS, _>")] u8),
    Trophy {
        owner: Owner,
        kind: crate::state::TrophyKind,
    },
    /// A Captive: an agent of this seat.
    Captive(Seat),
    /// A Favor: an agent of this seat on the giver's Fate card.
    Favor(Seat),
    /// A resource of this type stored on one of the giver's cards that
    /// allows it (Merchant League, F302).
    Stored(Resource),
}

/// A Call to Order action of a Summit's caller (campaign rules p16).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum SummitAction {
    /// Flip the Imperial Council to In Session.
    Petition,
    /// Flip your title to Outlaw.
    Leave,
    /// With no Regents: flip your title to Regent and take the First
    /// Regent tile.
    Revive,
    /// In the Negotiations, the seat's Fate's own Summit action (the
    /// Magnate's "discard 3 resources", F301B).
    Fate,
}

/// A resource layout: what sits in each slot (B-RES-06).
pub type Layout = [Option<Resource>; 7];

/// One legal move.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Choice {
    /// Pass the initiative instead of leading (B-INIT-01).
    Pass,
    Lead(ActionCard),
    Surpass(ActionCard),
    Copy(ActionCard),
    Pivot(ActionCard),
    Declare(Ambition),
    /// Seize the initiative: with an extra face-down card from hand, or —
    /// when the card is the 7 just played to Surpass — with that 7 (B-INIT-05/06).
    Seize(ActionCard),
    /// Take an action with a pip of the played card.
    Act(Act),
    /// Spend the resource in `slot` as `as_` for its Prelude action (B-RES-01).
    /// `act` is the action it pays for (none for a Weapon).
    Spend {
        #[serde(deserialize_with = "below::<RESOURCE_SLOTS, _>")]
        slot: u8,
        #[serde(rename = "as")]
        as_: Resource,
        act: Option<Act>,
    },
    /// Use a card's Prelude ability (`n` = which one, for cards with two).
    Prelude {
        card: CardId,
        #[serde(deserialize_with = "below::<PRELUDES_PER_CARD, _>")]
        n: u8,
    },
    /// Reroll one die of this kind showing this face (0-based).
    Reroll {
        die: crate::data::DieKind,
        #[serde(deserialize_with = "below::<DIE_FACES, _>")]
        face: u8,
    },
    /// A Trophy: a piece of `owner` of this kind.
    Trophy {
        owner: Seat,
        kind: crate::state::TrophyKind,
    },
    EndTurn,
    System(SystemId),
    Build {
        kind: BuildTarget,
        system: SystemId,
    },
    /// Build a city or starport on the next slot of this Flagship column
    /// (campaign rules p22, FS-09).
    BuildBoard {
        upgrade: crate::campaign::flagship::Upgrade,
        kind: crate::state::BuildingKind,
    },
    Ships {
        fresh: u8,
        damaged: u8,
    },
    Player(Seat),
    Dice(u8),
    Piece {
        system: SystemId,
        piece: Piece,
    },
    Steal {
        from: Seat,
        loot: Loot,
    },
    Court(#[serde(deserialize_with = "below::<COURT_POSITIONS, _>")] u8),
    Card(CardId),
    ActionCard(ActionCard),
    Resource(Resource),
    /// One of your own resource slots (0-based), e.g. a token to give or discard.
    Slot(#[serde(deserialize_with = "below::<RESOURCE_SLOTS, _>")] u8),
    Arrange(Layout),
    Count(u8),
    Yes,
    No,
    Done,
    /// Play an Event card from hand (campaign rules p12): all Event cards
    /// are alike, so the choice names none.
    PlayEvent,
    /// An Imperial Policy (Govern the Imperial Reach, p20).
    Policy(crate::campaign::Policy),
    /// Resolve the Crises or the Edicts (the Imperial Council, p14).
    Resolve(crate::campaign::EventIcon),
    /// A Call to Order action (p16).
    Summit(SummitAction),
    /// A Negotiation action to propose, force (Return Favors) or add to a
    /// multipart proposal (p16–17).
    Negotiate(Negotiation),
    /// Concede the game (B-GAME-04). Any seat, any time; never listed among
    /// a decision's choices.
    Concede,
}

/// What a Build places (B-BLD-01..03).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum BuildTarget {
    City,
    Starport,
    Ship,
    /// A city outside a planet's building slots (Cloud Cities, C-L09).
    CloudCity,
    /// A Free city or starport (Book of Liberation, ARCS-F204).
    FreeCity,
    FreeStarport,
}

impl From<BuildingKind> for BuildTarget {
    fn from(k: BuildingKind) -> Self {
        match k {
            BuildingKind::City => BuildTarget::City,
            BuildingKind::Starport => BuildTarget::Starport,
        }
    }
}

fn layout_str(l: &Layout) -> String {
    l.iter()
        .map(|r| r.map(|r| r.name()).unwrap_or("-"))
        .collect::<Vec<_>>()
        .join(",")
}

fn owner_str(o: Owner) -> String {
    match o {
        Owner::Seat(s) => s.to_string(),
        Owner::Empire => "empire".into(),
        Owner::Free => "free".into(),
        Owner::Blight => "blight".into(),
    }
}

fn trophy_kind_str(k: crate::state::TrophyKind) -> &'static str {
    use crate::state::TrophyKind;
    match k {
        TrophyKind::Ship => "ship",
        TrophyKind::Starport => "starport",
        TrophyKind::City => "city",
        TrophyKind::Agent => "agent",
    }
}

fn parse_trophy_kind(s: &str) -> Option<crate::state::TrophyKind> {
    use crate::state::TrophyKind;
    Some(match s {
        "ship" => TrophyKind::Ship,
        "starport" => TrophyKind::Starport,
        "city" => TrophyKind::City,
        "agent" => TrophyKind::Agent,
        _ => return None,
    })
}

fn card_code(c: CardId) -> &'static str {
    c.code().trim_start_matches("ARCS-")
}

impl fmt::Display for Choice {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use Choice::*;
        match self {
            Pass => f.write_str("pass"),
            Lead(c) => write!(f, "lead {c}"),
            Surpass(c) => write!(f, "surpass {c}"),
            Copy(c) => write!(f, "copy {c}"),
            Pivot(c) => write!(f, "pivot {c}"),
            Declare(a) => write!(f, "declare {}", a.name()),
            Seize(c) => write!(f, "seize {c}"),
            Act(a) => write!(f, "{a}"),
            Spend { slot, as_, act } => {
                write!(f, "spend {} as {}", one_based(*slot), as_.name())?;
                if let Some(a) = act {
                    write!(f, " for {a}")?;
                }
                Ok(())
            }
            Prelude { card, n } => {
                write!(f, "prelude {}", card_code(*card))?;
                if *n > 0 {
                    write!(f, " {}", one_based(*n))?;
                }
                Ok(())
            }
            Reroll { die, face } => write!(f, "reroll {} {}", die.name(), one_based(*face)),
            Trophy { owner, kind } => {
                write!(f, "trophy {owner} {}", format!("{kind:?}").to_lowercase())
            }
            EndTurn => f.write_str("end"),
            System(s) => write!(f, "system {s}"),
            Build { kind, system } => write!(
                f,
                "build {} {system}",
                match kind {
                    BuildTarget::City => "city",
                    BuildTarget::Starport => "starport",
                    BuildTarget::Ship => "ship",
                    BuildTarget::CloudCity => "cloud-city",
                    BuildTarget::FreeCity => "free-city",
                    BuildTarget::FreeStarport => "free-starport",
                }
            ),
            BuildBoard { upgrade, kind } => {
                write!(f, "build flagship {} {}", upgrade.word(), kind.name())
            }
            Ships { fresh, damaged } => write!(f, "ships {fresh} {damaged}"),
            Player(s) => write!(f, "player {s}"),
            Dice(n) => write!(f, "dice {n}"),
            Piece { system, piece } => match piece {
                crate::choice::Piece::Ship { owner, damaged } => write!(
                    f,
                    "piece {system} ship {} {}",
                    owner_str(*owner),
                    if *damaged { "damaged" } else { "fresh" }
                ),
                crate::choice::Piece::Building { slot } => {
                    write!(f, "piece {system} building {}", one_based(*slot))
                }
                crate::choice::Piece::Flagship { owner, col, armor } => write!(
                    f,
                    "piece {system} flagship {owner} {}{}",
                    crate::campaign::flagship::Upgrade::from_col(*col as usize)
                        .map_or("?", |u| u.word()),
                    if *armor { " armor" } else { "" }
                ),
            },
            Steal { from, loot } => match loot {
                Loot::Slot(s) => write!(f, "steal {from} slot {}", one_based(*s)),
                Loot::Card(c) => write!(f, "steal {from} card {}", card_code(*c)),
                Loot::Trophy { owner, kind } => write!(
                    f,
                    "steal {from} trophy {} {}",
                    owner_str(*owner),
                    trophy_kind_str(*kind)
                ),
                Loot::Captive(o) => write!(f, "steal {from} captive {o}"),
                Loot::Stored(r) => write!(f, "steal {from} stored {}", r.name().to_lowercase()),
                Loot::Trust(r) => write!(f, "steal {from} trust {}", r.name().to_lowercase()),
                Loot::Golem(k) => write!(
                    f,
                    "steal {from} golem {}",
                    crate::cards::campaign::caretaker::GOLEM_NAMES[*k as usize % 4].to_lowercase()
                ),
            },
            Court(i) => write!(f, "court {}", one_based(*i)),
            Card(c) => write!(f, "card {}", card_code(*c)),
            ActionCard(c) => write!(f, "action {c}"),
            Resource(r) => write!(f, "resource {}", r.name()),
            Slot(i) => write!(f, "slot {}", one_based(*i)),
            Arrange(l) => write!(f, "arrange {}", layout_str(l)),
            Count(n) => write!(f, "count {n}"),
            Yes => f.write_str("yes"),
            No => f.write_str("no"),
            Done => f.write_str("done"),
            PlayEvent => f.write_str("event"),
            Policy(p) => write!(f, "policy {}", p.name().to_lowercase()),
            Resolve(i) => f.write_str(match i {
                crate::campaign::EventIcon::Crisis => "resolve crises",
                crate::campaign::EventIcon::Edict => "resolve edicts",
            }),
            Summit(a) => f.write_str(match a {
                SummitAction::Petition => "summit petition",
                SummitAction::Leave => "summit leave",
                SummitAction::Revive => "summit revive",
                SummitAction::Fate => "summit fate",
            }),
            Negotiate(n) => {
                write!(f, "deal {} {} ", n.by, n.to)?;
                match n.act {
                    NegotiationAct::Cede { system, piece } => match piece {
                        crate::choice::Piece::Ship { damaged, .. } => write!(
                            f,
                            "cede {system} ship {}",
                            if damaged { "damaged" } else { "fresh" }
                        ),
                        crate::choice::Piece::Building { slot } => {
                            write!(f, "cede {system} building {}", one_based(slot))
                        }
                        crate::choice::Piece::Flagship { col, armor, .. } => write!(
                            f,
                            "cede {system} flagship {}{}",
                            crate::campaign::flagship::Upgrade::from_col(col as usize)
                                .map_or("?", |u| u.word()),
                            if armor { " armor" } else { "" }
                        ),
                    },
                    NegotiationAct::Delegate { pos } => write!(f, "delegate {}", one_based(pos)),
                    NegotiationAct::Favor => f.write_str("favor"),
                    NegotiationAct::Give(a) => match a {
                        Asset::Slot(i) => write!(f, "give slot {}", one_based(i)),
                        Asset::Trophy { owner, kind } => write!(
                            f,
                            "give trophy {} {}",
                            owner_str(owner),
                            trophy_kind_str(kind)
                        ),
                        Asset::Captive(o) => write!(f, "give captive {o}"),
                        Asset::Favor(o) => write!(f, "give favor {o}"),
                        Asset::Stored(r) => write!(f, "give stored {}", r.name().to_lowercase()),
                    },
                    NegotiationAct::Invite => f.write_str("invite"),
                    NegotiationAct::GuildSupport { card } => {
                        write!(f, "guild-support {}", card_code(card))
                    }
                    NegotiationAct::TransferLore { card } => {
                        write!(f, "lore {}", card_code(card))
                    }
                    NegotiationAct::TransferGolem { golem } => write!(
                        f,
                        "golem {}",
                        crate::cards::campaign::caretaker::GOLEM_NAMES[golem as usize % 4]
                            .to_ascii_lowercase()
                    ),
                }
            }
            Concede => f.write_str("concede"),
        }
    }
}

/// Why a choice's text could not be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("cannot read choice {text:?}: {why}")]
pub struct ParseChoiceError {
    pub text: String,
    pub why: String,
}

/// A 0-based index shown 1-based, without overflow.
fn one_based(n: u8) -> u16 {
    u16::from(n) + 1
}

fn parse_seat(s: &str) -> Option<Seat> {
    let n: u8 = s.trim_start_matches(['P', 'p']).parse().ok()?;
    if (1..=MAX_SEATS as u8).contains(&n) {
        Some(Seat(n - 1))
    } else {
        None
    }
}

fn parse_owner(s: &str) -> Option<Owner> {
    match s.to_ascii_lowercase().as_str() {
        "empire" => Some(Owner::Empire),
        "free" => Some(Owner::Free),
        "blight" => Some(Owner::Blight),
        _ => parse_seat(s).map(Owner::Seat),
    }
}

fn parse_act(s: &str) -> Option<Act> {
    match s.split_once('@') {
        None => StdAction::parse(s).map(Act::std),
        Some((a, c)) => Some(Act::new_action(StdAction::parse(a)?, CardId::parse(c)?)),
    }
}

/// A 1-based number in the text, 0-based and below `limit` in the choice
/// (the same bounds as the JSON form).
fn parse_index(s: &str, limit: u8) -> Option<u8> {
    let n: u8 = s.parse().ok()?;
    n.checked_sub(1).filter(|i| *i < limit)
}

impl std::str::FromStr for Choice {
    type Err = ParseChoiceError;
    /// Reads the text form. The whole text must be one choice: missing
    /// words, unknown words and words left over are errors.
    fn from_str(text: &str) -> Result<Choice, ParseChoiceError> {
        let err = |why: &str| ParseChoiceError {
            text: text.to_string(),
            why: why.to_string(),
        };
        let w: Vec<&str> = text.split_whitespace().collect();
        let word = |i: usize| w.get(i).copied().ok_or_else(|| err("too few words"));
        let card = |i: usize| -> Result<ActionCard, ParseChoiceError> {
            crate::ids::ActionCard::parse(word(i)?)
                .ok_or_else(|| err("expected an action card like ADM3"))
        };
        let sys = |i: usize| -> Result<SystemId, ParseChoiceError> {
            SystemId::parse(word(i)?).ok_or_else(|| err("expected a system like 3.1"))
        };
        let num = |i: usize| -> Result<u8, ParseChoiceError> {
            word(i)?
                .parse()
                .map_err(|_| err("expected a number 0..255"))
        };
        let slot = |i: usize| -> Result<u8, ParseChoiceError> {
            parse_index(word(i)?, RESOURCE_SLOTS).ok_or_else(|| err("slots are 1..7"))
        };
        let head = word(0)?.to_ascii_lowercase();
        // Each arm returns the choice and how many words it reads.
        let (c, used) = match head.as_str() {
            "pass" => (Choice::Pass, 1),
            "lead" => (Choice::Lead(card(1)?), 2),
            "surpass" => (Choice::Surpass(card(1)?), 2),
            "copy" => (Choice::Copy(card(1)?), 2),
            "pivot" => (Choice::Pivot(card(1)?), 2),
            "declare" => (
                Choice::Declare(Ambition::parse(word(1)?).ok_or_else(|| err("unknown ambition"))?),
                2,
            ),
            "seize" => (Choice::Seize(card(1)?), 2),
            "spend" => {
                let slot = slot(1)?;
                if word(2)? != "as" {
                    return Err(err("expected 'spend N as TYPE [for ACTION]'"));
                }
                let as_ =
                    crate::ids::Resource::parse(word(3)?).ok_or_else(|| err("unknown resource"))?;
                let (act, used) = match w.get(4) {
                    None => (None, 4),
                    Some(&"for") => (
                        Some(parse_act(word(5)?).ok_or_else(|| err("unknown action"))?),
                        6,
                    ),
                    Some(_) => return Err(err("expected 'for ACTION'")),
                };
                (Choice::Spend { slot, as_, act }, used)
            }
            "prelude" => {
                let card = CardId::parse(word(1)?).ok_or_else(|| err("unknown card"))?;
                let (n, used) = match w.get(2) {
                    None => (0, 2),
                    Some(x) => (
                        parse_index(x, PRELUDES_PER_CARD)
                            .ok_or_else(|| err("Prelude numbers are 1..8"))?,
                        3,
                    ),
                };
                (Choice::Prelude { card, n }, used)
            }
            "reroll" => {
                let die = crate::data::DieKind::parse(word(1)?)
                    .ok_or_else(|| err("assault|skirmish|raid"))?;
                let face = parse_index(word(2)?, DIE_FACES).ok_or_else(|| err("faces are 1..6"))?;
                (Choice::Reroll { die, face }, 3)
            }
            "trophy" => {
                let owner = parse_seat(word(1)?).ok_or_else(|| err("expected P1..P4"))?;
                let kind = parse_trophy_kind(word(2)?)
                    .ok_or_else(|| err("trophy PN ship|starport|city|agent"))?;
                (Choice::Trophy { owner, kind }, 3)
            }
            "end" => (Choice::EndTurn, 1),
            "system" => (Choice::System(sys(1)?), 2),
            // `build` alone is the Build action (below).
            "build" if w.len() > 1 && word(1)? == "flagship" => {
                let upgrade = crate::campaign::flagship::Upgrade::parse(word(2)?)
                    .ok_or_else(|| err("slipstream|tractor|control|defense|crane|hull"))?;
                let kind = match word(3)? {
                    "city" => crate::state::BuildingKind::City,
                    "starport" => crate::state::BuildingKind::Starport,
                    _ => return Err(err("build flagship COLUMN city|starport")),
                };
                (Choice::BuildBoard { upgrade, kind }, 4)
            }
            "build" if w.len() > 1 => {
                let kind =
                    match word(1)? {
                        "city" => BuildTarget::City,
                        "starport" => BuildTarget::Starport,
                        "ship" => BuildTarget::Ship,
                        "cloud-city" => BuildTarget::CloudCity,
                        "free-city" => BuildTarget::FreeCity,
                        "free-starport" => BuildTarget::FreeStarport,
                        _ => return Err(err(
                            "build city|starport|ship|cloud-city|free-city|free-starport SYSTEM",
                        )),
                    };
                (
                    Choice::Build {
                        kind,
                        system: sys(2)?,
                    },
                    3,
                )
            }
            "ships" => (
                Choice::Ships {
                    fresh: num(1)?,
                    damaged: num(2)?,
                },
                3,
            ),
            "player" => (
                Choice::Player(parse_seat(word(1)?).ok_or_else(|| err("expected P1..P4"))?),
                2,
            ),
            "dice" => (Choice::Dice(num(1)?), 2),
            "piece" => {
                let system = sys(1)?;
                let (piece, used) = match word(2)? {
                    "ship" => (
                        Piece::Ship {
                            owner: parse_owner(word(3)?).ok_or_else(|| err("expected an owner"))?,
                            damaged: match word(4)? {
                                "fresh" => false,
                                "damaged" => true,
                                _ => return Err(err("fresh|damaged")),
                            },
                        },
                        5,
                    ),
                    "building" => (
                        Piece::Building {
                            slot: parse_index(word(3)?, BUILDING_SLOTS)
                                .ok_or_else(|| err("building slots are 1..3"))?,
                        },
                        4,
                    ),
                    "flagship" => {
                        let owner = parse_seat(word(3)?).ok_or_else(|| err("expected P1..P4"))?;
                        let u = crate::campaign::flagship::Upgrade::parse(word(4)?)
                            .ok_or_else(|| err("slipstream|tractor|control|defense|crane|hull"))?;
                        let armor = w.get(5).is_some_and(|x| *x == "armor");
                        (
                            Piece::Flagship {
                                owner,
                                col: u.col() as u8,
                                armor,
                            },
                            if armor { 6 } else { 5 },
                        )
                    }
                    _ => {
                        return Err(err(
                            "piece SYSTEM ship OWNER fresh|damaged, piece SYSTEM building N, or piece SYSTEM flagship PN COLUMN [armor]",
                        ))
                    }
                };
                (Choice::Piece { system, piece }, used)
            }
            "steal" => {
                let from = parse_seat(word(1)?).ok_or_else(|| err("expected P1..P4"))?;
                let (loot, used) = match word(2)? {
                    "slot" => (Loot::Slot(slot(3)?), 4),
                    "card" => (
                        Loot::Card(CardId::parse(word(3)?).ok_or_else(|| err("unknown card"))?),
                        4,
                    ),
                    "trophy" => (
                        Loot::Trophy {
                            owner: parse_owner(word(3)?).ok_or_else(|| err("expected an owner"))?,
                            kind: parse_trophy_kind(word(4)?)
                                .ok_or_else(|| err("ship|starport|city|agent"))?,
                        },
                        5,
                    ),
                    "captive" => (
                        Loot::Captive(parse_seat(word(3)?).ok_or_else(|| err("expected P1..P4"))?),
                        4,
                    ),
                    "stored" => (
                        Loot::Stored(
                            Resource::parse(word(3)?).ok_or_else(|| err("expected a resource"))?,
                        ),
                        4,
                    ),
                    "trust" => (
                        Loot::Trust(
                            Resource::parse(word(3)?).ok_or_else(|| err("expected a resource"))?,
                        ),
                        4,
                    ),
                    "golem" => (
                        Loot::Golem(
                            crate::cards::campaign::caretaker::GOLEM_NAMES
                                .iter()
                                .position(|n| n.eq_ignore_ascii_case(word(3).unwrap_or("")))
                                .ok_or_else(|| err("warrior|protector|seeker|harvester"))?
                                as u8,
                        ),
                        4,
                    ),
                    _ => {
                        return Err(err(
                            "steal PN slot N | steal PN card ID | steal PN trophy OWNER KIND | \
                             steal PN captive PM | steal PN stored R | steal PN trust R | \
                             steal PN golem NAME",
                        ))
                    }
                };
                (Choice::Steal { from, loot }, used)
            }
            "court" => (
                Choice::Court(
                    parse_index(word(1)?, COURT_POSITIONS)
                        .ok_or_else(|| err("court positions are 1..6"))?,
                ),
                2,
            ),
            // A card's id, or its name (several words): the rest of the text.
            "card" => (
                Choice::Card(
                    CardId::parse(&w.get(1..).unwrap_or_default().join(" "))
                        .ok_or_else(|| err("unknown card"))?,
                ),
                w.len(),
            ),
            "action" => (Choice::ActionCard(card(1)?), 2),
            "resource" => (
                Choice::Resource(
                    crate::ids::Resource::parse(word(1)?).ok_or_else(|| err("unknown resource"))?,
                ),
                2,
            ),
            "slot" => (Choice::Slot(slot(1)?), 2),
            "arrange" => {
                let mut l: Layout = [None; 7];
                let parts: Vec<&str> = word(1)?.split(',').collect();
                if parts.len() > l.len() {
                    return Err(err("at most 7 slots"));
                }
                for (x, p) in l.iter_mut().zip(&parts) {
                    *x = match *p {
                        "-" | "" => None,
                        r => Some(
                            crate::ids::Resource::parse(r)
                                .ok_or_else(|| err("unknown resource"))?,
                        ),
                    };
                }
                (Choice::Arrange(l), 2)
            }
            "count" => (Choice::Count(num(1)?), 2),
            "yes" => (Choice::Yes, 1),
            "no" => (Choice::No, 1),
            "done" | "stop" => (Choice::Done, 1),
            "event" => (Choice::PlayEvent, 1),
            "policy" => (
                Choice::Policy(match word(1)? {
                    "war" => crate::campaign::Policy::War,
                    "peace" => crate::campaign::Policy::Peace,
                    "escalation" => crate::campaign::Policy::Escalation,
                    _ => return Err(err("policy war|peace|escalation")),
                }),
                2,
            ),
            "resolve" => (
                Choice::Resolve(match word(1)? {
                    "crises" => crate::campaign::EventIcon::Crisis,
                    "edicts" => crate::campaign::EventIcon::Edict,
                    _ => return Err(err("resolve crises|edicts")),
                }),
                2,
            ),
            "summit" => (
                Choice::Summit(match word(1)? {
                    "petition" => SummitAction::Petition,
                    "leave" => SummitAction::Leave,
                    "revive" => SummitAction::Revive,
                    "fate" => SummitAction::Fate,
                    _ => return Err(err("summit petition|leave|revive|fate")),
                }),
                2,
            ),
            "deal" => {
                let by = parse_seat(word(1)?).ok_or_else(|| err("expected P1..P4"))?;
                let to = parse_seat(word(2)?).ok_or_else(|| err("expected P1..P4"))?;
                let (act, used) = match word(3)? {
                    "cede" => {
                        let system = sys(4)?;
                        match word(5)? {
                            "ship" => (
                                NegotiationAct::Cede {
                                    system,
                                    piece: Piece::Ship {
                                        owner: Owner::Seat(by),
                                        damaged: match word(6)? {
                                            "fresh" => false,
                                            "damaged" => true,
                                            _ => return Err(err("fresh|damaged")),
                                        },
                                    },
                                },
                                7,
                            ),
                            "building" => (
                                NegotiationAct::Cede {
                                    system,
                                    piece: Piece::Building {
                                        slot: parse_index(word(6)?, BUILDING_SLOTS)
                                            .ok_or_else(|| err("building slots are 1..3"))?,
                                    },
                                },
                                7,
                            ),
                            // Never legal (FS-28), but every choice's words read back.
                            "flagship" => {
                                let u = crate::campaign::flagship::Upgrade::parse(word(6)?)
                                    .ok_or_else(|| {
                                        err("slipstream|tractor|control|defense|crane|hull")
                                    })?;
                                let armor = w.get(7).is_some_and(|x| *x == "armor");
                                (
                                    NegotiationAct::Cede {
                                        system,
                                        piece: Piece::Flagship {
                                            owner: by,
                                            col: u.col() as u8,
                                            armor,
                                        },
                                    },
                                    if armor { 8 } else { 7 },
                                )
                            }
                            _ => {
                                return Err(err(
                                    "cede SYSTEM ship fresh|damaged | cede SYSTEM building N | cede SYSTEM flagship COLUMN [armor]",
                                ))
                            }
                        }
                    }
                    "delegate" => (
                        NegotiationAct::Delegate {
                            pos: parse_index(word(4)?, COURT_POSITIONS)
                                .ok_or_else(|| err("court positions are 1..6"))?,
                        },
                        5,
                    ),
                    "favor" => (NegotiationAct::Favor, 4),
                    "invite" => (NegotiationAct::Invite, 4),
                    "guild-support" => (
                        NegotiationAct::GuildSupport {
                            card: CardId::parse(word(4)?).ok_or_else(|| err("unknown card"))?,
                        },
                        5,
                    ),
                    "lore" => (
                        NegotiationAct::TransferLore {
                            card: CardId::parse(word(4)?).ok_or_else(|| err("unknown card"))?,
                        },
                        5,
                    ),
                    "golem" => (
                        NegotiationAct::TransferGolem {
                            golem: crate::cards::campaign::caretaker::GOLEM_NAMES
                                .iter()
                                .position(|n| n.eq_ignore_ascii_case(word(4).unwrap_or("")))
                                .ok_or_else(|| err("golem warrior|protector|seeker|harvester"))?
                                as u8,
                        },
                        5,
                    ),
                    "give" => match word(4)? {
                        "slot" => (NegotiationAct::Give(Asset::Slot(slot(5)?)), 6),
                        "trophy" => (
                            NegotiationAct::Give(Asset::Trophy {
                                owner: parse_owner(word(5)?)
                                    .ok_or_else(|| err("expected an owner"))?,
                                kind: parse_trophy_kind(word(6)?)
                                    .ok_or_else(|| err("ship|starport|city|agent"))?,
                            }),
                            7,
                        ),
                        "captive" => (
                            NegotiationAct::Give(Asset::Captive(
                                parse_seat(word(5)?).ok_or_else(|| err("expected P1..P4"))?,
                            )),
                            6,
                        ),
                        "favor" => (
                            NegotiationAct::Give(Asset::Favor(
                                parse_seat(word(5)?).ok_or_else(|| err("expected P1..P4"))?,
                            )),
                            6,
                        ),
                        "stored" => (
                            NegotiationAct::Give(Asset::Stored(
                                Resource::parse(word(5)?)
                                    .ok_or_else(|| err("expected a resource"))?,
                            )),
                            6,
                        ),
                        _ => return Err(err(
                            "give slot N | trophy OWNER KIND | captive PN | favor PN | stored R",
                        )),
                    },
                    _ => return Err(err(
                        "deal BY TO cede|delegate|favor|give|invite|guild-support|lore|golem ...",
                    )),
                };
                (Choice::Negotiate(Negotiation { by, to, act }), used)
            }
            "concede" => (Choice::Concede, 1),
            _ => match parse_act(&head) {
                Some(a) => (Choice::Act(a), 1),
                None => return Err(err("unknown choice")),
            },
        };
        if w.len() > used {
            return Err(err(&format!(
                "unexpected words after the choice: {:?}",
                w[used..].join(" ")
            )));
        }
        Ok(c)
    }
}

/// What a decision is about, with context for people and UIs.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "kind")]
pub enum Prompt {
    Mulligan,
    /// Lead (or pass) as the initiative holder, or follow.
    PlayCard {
        lead: bool,
    },
    /// The turn's main loop: declare/seize window, Prelude, pips.
    Turn {
        pips_left: u8,
        prelude: bool,
        window: bool,
    },
    TaxTarget,
    BuildTarget,
    MoveFrom,
    MoveShips {
        from: SystemId,
    },
    MoveTo {
        from: SystemId,
    },
    CatapultDrop {
        at: SystemId,
    },
    CatapultOn {
        at: SystemId,
    },
    RepairTarget,
    InfluenceTarget,
    SecureTarget,
    BattleSystem,
    BattleDefender {
        system: SystemId,
    },
    BattleDice {
        system: SystemId,
        die: crate::data::DieKind,
    },
    /// Assign one hit; `hits_left` counts this one.
    AssignHit {
        system: SystemId,
        to: Owner,
        hits_left: u8,
        why: HitWhy,
    },
    Raid {
        keys: u8,
        from: Seat,
    },
    Ransack,
    /// Place gained resources and rearrange (B-RES-06).
    Arrange {
        incoming: Option<Resource>,
    },
    /// B-FINE-03: place 3 ships in a gate.
    EliminatedGate,
    /// Leaders & Lore draft: take a leader or lore card from the rows.
    Draft,
    /// A card's effect needs a choice; `what` says which.
    Card {
        card: CardId,
        what: String,
    },
    /// Campaign setup: choose one of your two Fate cards (secretly, all
    /// players at once).
    ChooseFate,
    /// Campaign setup: place 3 ships and a building at a planet with an
    /// Imperial ship (`round` 1 or 2).
    PlaceStart {
        round: u8,
    },
    /// A campaign procedure needs a choice; `what` says which.
    Campaign {
        what: String,
    },
    /// A Summit deal needs this seat's consent (campaign rules p17).
    Consent {
        proposer: Seat,
        deal: String,
    },
}

/// Why hits are being assigned (the battle step, B-BAT-05).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum HitWhy {
    SelfHit,
    Intercept,
    Hit,
    BuildingHit,
    Card,
}

impl Prompt {
    /// One line for people.
    pub fn describe(&self) -> String {
        use Prompt::*;
        match self {
            Mulligan => "Keep your hand, or discard it and draw six new cards?".into(),
            PlayCard { lead: true } => "Lead an action card, or pass the initiative.".into(),
            PlayCard { lead: false } => "Play a card: Surpass, Copy or Pivot.".into(),
            Turn {
                pips_left,
                prelude,
                window,
            } => {
                let mut s = match pips_left {
                    0 => "Your turn: no actions left".to_string(),
                    1 => "Your turn: 1 action left".to_string(),
                    n => format!("Your turn: {n} actions left"),
                };
                if *window {
                    s.push_str("; you may still declare or seize");
                }
                if *prelude {
                    s.push_str("; Prelude open (spend resources, use your cards' Preludes)");
                }
                s.push('.');
                s
            }
            TaxTarget => "Tax which city?".into(),
            BuildTarget => "Build what, where?".into(),
            MoveFrom => "Move ships from which system?".into(),
            MoveShips { from } => format!("Move which ships from {from}?"),
            MoveTo { from } => format!("Move to which system adjacent to {from}?"),
            CatapultDrop { at } => {
                format!("Catapult: leave how many ships at {at}? Leaving them all stops the move.")
            }
            CatapultOn { at } => format!("Catapult: go on from {at} to which system?"),
            RepairTarget => "Repair which piece?".into(),
            InfluenceTarget => "Place an agent on which Court card?".into(),
            SecureTarget => "Secure which Court card?".into(),
            BattleSystem => "Battle in which system?".into(),
            BattleDefender { system } => format!("Attack which Rival in {system}?"),
            BattleDice { system, die } => {
                format!("Battle in {system}: roll how many {} dice?", die.name())
            }
            AssignHit {
                system,
                to,
                hits_left,
                why,
            } => format!(
                "Assign {} to {} pieces in {system} ({} left).",
                match why {
                    HitWhy::SelfHit => "a self-hit",
                    HitWhy::Intercept => "an intercept hit",
                    HitWhy::Hit => "a hit",
                    HitWhy::BuildingHit => "a building hit",
                    HitWhy::Card => "a hit",
                },
                match to {
                    Owner::Seat(s) => format!("{s}'s"),
                    Owner::Empire => "the Empire's".into(),
                    Owner::Free => "the Free States'".into(),
                    Owner::Blight => "the Blight's".into(),
                },
                match hits_left {
                    1 => "1 hit".to_string(),
                    n => format!("{n} hits"),
                }
            ),
            Raid { keys, from } => match keys {
                1 => format!("Raid {from} with 1 key left: steal what?"),
                n => format!("Raid {from} with {n} keys left: steal what?"),
            },
            Ransack => "Ransack the Court: take which card holding their agents?".into(),
            Arrange { incoming: Some(r) } => {
                format!(
                    "Place the {} you gain (you may rearrange; discard what does not fit).",
                    crate::describe::resource_name(*r)
                )
            }
            Arrange { incoming: None } => {
                "Rearrange your resources (discard what does not fit).".into()
            }
            EliminatedGate => "You have no ships or starports: place 3 ships in which gate?".into(),
            Draft => "Draft: take a leader or a lore card from the rows.".into(),
            Card { card, what } => format!(
                "{}: {}",
                crate::describe::card_name(*card),
                crate::describe::capitalise(what)
            ),
            ChooseFate => "Choose your Fate (secretly; everyone chooses at once).".into(),
            PlaceStart { round } => format!(
                "Setup, round {round}: place 3 ships and a building at a planet with an Imperial ship."
            ),
            Campaign { what } => crate::describe::capitalise(what),
            Consent { proposer, deal } => format!("{proposer} proposes a deal: {deal}. Do you agree?"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_round_trip() {
        let samples = [
            "pass",
            "lead ADM2",
            "surpass CON5",
            "copy AGG3",
            "pivot MOB4",
            // The Believer's Faithful cards (ARCS-F813): a side to play,
            // the card itself to copy or seize with.
            "lead ZEA3",
            "lead WIS9",
            "surpass ZEA5",
            "pivot WIS1",
            "copy FAI4",
            "seize FAI2",
            "influence@F803",
            "declare warlord",
            "seize AGG3",
            "tax",
            "build@BC02",
            "spend 2 as material for build",
            "spend 1 as weapon",
            "prelude BC16",
            "prelude L28 2",
            "reroll assault 3",
            "trophy P2 ship",
            "build cloud-city 3.1",
            "end",
            "system 3.1",
            "build city 3.1",
            "ships 2 1",
            "player P2",
            "dice 3",
            "piece 3.1 ship P2 fresh",
            "piece 3.1 building 1",
            "steal P2 slot 3",
            "steal P2 card BC05",
            "steal P2 trophy free city",
            "steal P3 trophy P2 ship",
            "steal P2 captive P4",
            "steal P2 stored relic",
            "steal P3 trust fuel",
            "steal P3 golem seeker",
            "event",
            "policy escalation",
            "resolve crises",
            "summit leave",
            "summit fate",
            "deal P1 P2 cede 3.1 ship fresh",
            "deal P2 P1 cede 3.1 building 2",
            "deal P1 P3 delegate 2",
            "deal P1 P2 favor",
            "deal P2 P1 give slot 3",
            "deal P1 P3 give stored psionic",
            "deal P2 P1 give trophy empire ship",
            "deal P2 P1 give captive P3",
            "deal P2 P1 give favor P4",
            "deal P1 P2 invite",
            "deal P3 P2 guild-support BC01",
            "deal P1 P2 lore L05",
            "deal P2 P3 golem seeker",
            "court 2",
            "card BC05",
            "action ADM7",
            "resource fuel",
            "arrange relic,fuel,-,-,-,-,-",
            "count 3",
            "slot 2",
            "yes",
            "no",
            "done",
        ];
        for s in samples {
            let c: Choice = s.parse().unwrap();
            assert_eq!(c.to_string(), s);
            let json = serde_json::to_string(&c).unwrap();
            let back: Choice = serde_json::from_str(&json).unwrap();
            assert_eq!(back, c, "{json}");
        }
    }

    #[test]
    fn bad_text_is_an_error() {
        for s in [
            "",
            "lead",
            "lead XYZ9",
            "lead ZEA10",
            "lead FAI0",
            "system 9.9",
            "spend 0 as fuel",
            "frobnicate",
        ] {
            assert!(s.parse::<Choice>().is_err(), "{s}");
        }
    }
}
