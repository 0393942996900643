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

/// A piece in a system, as a target.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Piece {
    Ship { owner: Owner, damaged: bool },
    Building { slot: u8 },
}

/// Something that can be stolen from a Rival (B-RAID-01).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Loot {
    /// The resource in this slot (0-based).
    Slot(u8),
    Card(CardId),
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
        slot: u8,
        #[serde(rename = "as")]
        as_: Resource,
        act: Option<Act>,
    },
    /// Use a card's Prelude ability (`n` = which one, for cards with two).
    Prelude {
        card: CardId,
        n: u8,
    },
    /// Reroll one die of this kind showing this face (0-based).
    Reroll {
        die: crate::data::DieKind,
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
    Court(u8),
    Card(CardId),
    ActionCard(ActionCard),
    Resource(Resource),
    /// One of your own resource slots (0-based), e.g. a token to give or discard.
    Slot(u8),
    Arrange(Layout),
    Count(u8),
    Yes,
    No,
    Done,
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
    }
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
                write!(f, "spend {} as {}", slot + 1, as_.name())?;
                if let Some(a) = act {
                    write!(f, " for {a}")?;
                }
                Ok(())
            }
            Prelude { card, n } => {
                write!(f, "prelude {}", card_code(*card))?;
                if *n > 0 {
                    write!(f, " {}", n + 1)?;
                }
                Ok(())
            }
            Reroll { die, face } => write!(f, "reroll {} {}", die.name(), face + 1),
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
                }
            ),
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
                    write!(f, "piece {system} building {}", slot + 1)
                }
            },
            Steal { from, loot } => match loot {
                Loot::Slot(s) => write!(f, "steal {from} slot {}", s + 1),
                Loot::Card(c) => write!(f, "steal {from} card {}", card_code(*c)),
            },
            Court(i) => write!(f, "court {}", i + 1),
            Card(c) => write!(f, "card {}", card_code(*c)),
            ActionCard(c) => write!(f, "action {c}"),
            Resource(r) => write!(f, "resource {}", r.name()),
            Slot(i) => write!(f, "slot {}", i + 1),
            Arrange(l) => write!(f, "arrange {}", layout_str(l)),
            Count(n) => write!(f, "count {n}"),
            Yes => f.write_str("yes"),
            No => f.write_str("no"),
            Done => f.write_str("done"),
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
        _ => parse_seat(s).map(Owner::Seat),
    }
}

fn parse_act(s: &str) -> Option<Act> {
    match s.split_once('@') {
        None => StdAction::parse(s).map(Act::std),
        Some((a, c)) => Some(Act::new_action(StdAction::parse(a)?, CardId::parse(c)?)),
    }
}

fn parse_index(s: &str) -> Option<u8> {
    let n: u8 = s.parse().ok()?;
    n.checked_sub(1)
}

impl std::str::FromStr for Choice {
    type Err = ParseChoiceError;
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
            word(i)?.parse().map_err(|_| err("expected a number"))
        };
        let head = word(0)?.to_ascii_lowercase();
        let c = match head.as_str() {
            "pass" => Choice::Pass,
            "lead" => Choice::Lead(card(1)?),
            "surpass" => Choice::Surpass(card(1)?),
            "copy" => Choice::Copy(card(1)?),
            "pivot" => Choice::Pivot(card(1)?),
            "declare" => {
                Choice::Declare(Ambition::parse(word(1)?).ok_or_else(|| err("unknown ambition"))?)
            }
            "seize" => Choice::Seize(card(1)?),
            "spend" => {
                let slot = parse_index(word(1)?).ok_or_else(|| err("slots are numbered from 1"))?;
                if word(2)? != "as" {
                    return Err(err("expected 'spend N as TYPE [for ACTION]'"));
                }
                let as_ =
                    crate::ids::Resource::parse(word(3)?).ok_or_else(|| err("unknown resource"))?;
                let act = match w.get(4) {
                    None => None,
                    Some(&"for") => Some(parse_act(word(5)?).ok_or_else(|| err("unknown action"))?),
                    Some(_) => return Err(err("expected 'for ACTION'")),
                };
                Choice::Spend { slot, as_, act }
            }
            "prelude" => Choice::Prelude {
                card: CardId::parse(word(1)?).ok_or_else(|| err("unknown card"))?,
                n: match w.get(2) {
                    None => 0,
                    Some(x) => parse_index(x).ok_or_else(|| err("Prelude numbers start at 1"))?,
                },
            },
            "reroll" => {
                let die = crate::data::DieKind::parse(word(1)?)
                    .ok_or_else(|| err("assault|skirmish|raid"))?;
                let face = parse_index(word(2)?)
                    .filter(|f| *f < 6)
                    .ok_or_else(|| err("faces are 1..6"))?;
                Choice::Reroll { die, face }
            }
            "trophy" => {
                let owner = parse_seat(word(1)?).ok_or_else(|| err("expected P1..P4"))?;
                let kind = match word(2)? {
                    "ship" => crate::state::TrophyKind::Ship,
                    "starport" => crate::state::TrophyKind::Starport,
                    "city" => crate::state::TrophyKind::City,
                    "agent" => crate::state::TrophyKind::Agent,
                    _ => return Err(err("trophy PN ship|starport|city|agent")),
                };
                Choice::Trophy { owner, kind }
            }
            "end" => Choice::EndTurn,
            "system" => Choice::System(sys(1)?),
            "build" if w.len() == 3 => {
                let kind = match word(1)? {
                    "city" => BuildTarget::City,
                    "starport" => BuildTarget::Starport,
                    "ship" => BuildTarget::Ship,
                    "cloud-city" => BuildTarget::CloudCity,
                    _ => return Err(err("build city|starport|ship|cloud-city SYSTEM")),
                };
                Choice::Build {
                    kind,
                    system: sys(2)?,
                }
            }
            "ships" => Choice::Ships {
                fresh: num(1)?,
                damaged: num(2)?,
            },
            "player" => Choice::Player(parse_seat(word(1)?).ok_or_else(|| err("expected P1..P4"))?),
            "dice" => Choice::Dice(num(1)?),
            "piece" => {
                let system = sys(1)?;
                let piece = match word(2)? {
                    "ship" => Piece::Ship {
                        owner: parse_owner(word(3)?).ok_or_else(|| err("expected an owner"))?,
                        damaged: match word(4)? {
                            "fresh" => false,
                            "damaged" => true,
                            _ => return Err(err("fresh|damaged")),
                        },
                    },
                    "building" => Piece::Building {
                        slot: parse_index(word(3)?).ok_or_else(|| err("building slots from 1"))?,
                    },
                    _ => {
                        return Err(err(
                            "piece SYSTEM ship OWNER fresh|damaged, or piece SYSTEM building N",
                        ))
                    }
                };
                Choice::Piece { system, piece }
            }
            "steal" => {
                let from = parse_seat(word(1)?).ok_or_else(|| err("expected P1..P4"))?;
                let loot = match word(2)? {
                    "slot" => Loot::Slot(parse_index(word(3)?).ok_or_else(|| err("slots from 1"))?),
                    "card" => {
                        Loot::Card(CardId::parse(word(3)?).ok_or_else(|| err("unknown card"))?)
                    }
                    _ => return Err(err("steal PN slot N | steal PN card ID")),
                };
                Choice::Steal { from, loot }
            }
            "court" => {
                Choice::Court(parse_index(word(1)?).ok_or_else(|| err("court positions from 1"))?)
            }
            "card" => {
                Choice::Card(CardId::parse(&w[1..].join(" ")).ok_or_else(|| err("unknown card"))?)
            }
            "action" => Choice::ActionCard(card(1)?),
            "resource" => Choice::Resource(
                crate::ids::Resource::parse(word(1)?).ok_or_else(|| err("unknown resource"))?,
            ),
            "slot" => Choice::Slot(parse_index(word(1)?).ok_or_else(|| err("slots from 1"))?),
            "arrange" => {
                let mut l: Layout = [None; 7];
                let parts: Vec<&str> = word(1)?.split(',').collect();
                if parts.len() > 7 {
                    return Err(err("at most 7 slots"));
                }
                for (i, p) in parts.iter().enumerate() {
                    l[i] = match *p {
                        "-" | "" => None,
                        r => Some(
                            crate::ids::Resource::parse(r)
                                .ok_or_else(|| err("unknown resource"))?,
                        ),
                    };
                }
                Choice::Arrange(l)
            }
            "count" => Choice::Count(num(1)?),
            "yes" => Choice::Yes,
            "no" => Choice::No,
            "done" | "stop" => Choice::Done,
            "concede" => Choice::Concede,
            _ => match parse_act(&head) {
                Some(a) if w.len() == 1 => Choice::Act(a),
                _ => return Err(err("unknown choice")),
            },
        };
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
            Mulligan => {
                "Keep your hand, or discard it and draw 6 new cards (2-player mulligan)?".into()
            }
            PlayCard { lead: true } => "Lead an action card, or pass the initiative.".into(),
            PlayCard { lead: false } => "Play a card: Surpass, Copy or Pivot.".into(),
            Turn {
                pips_left,
                prelude,
                window,
            } => {
                let mut s = format!("Your turn: {pips_left} action(s) left");
                if *window {
                    s.push_str("; you may still declare or seize");
                }
                if *prelude {
                    s.push_str("; Prelude open (spend resources, use card Preludes)");
                }
                s.push('.');
                s
            }
            TaxTarget => "Tax which city?".into(),
            BuildTarget => "Build what, where?".into(),
            MoveFrom => "Move ships from which system?".into(),
            MoveShips { from } => format!("Move how many ships from {from} (fresh, damaged)?"),
            MoveTo { from } => format!("Move to which system adjacent to {from}?"),
            CatapultDrop { at } => {
                format!("Catapult: leave how many ships at {at} (leaving all stops)?")
            }
            CatapultOn { at } => format!("Catapult: continue from {at} to?"),
            RepairTarget => "Repair which piece?".into(),
            InfluenceTarget => "Place an agent on which Court card?".into(),
            SecureTarget => "Secure which Court card?".into(),
            BattleSystem => "Battle in which system?".into(),
            BattleDefender { system } => format!("Attack which Rival in {system}?"),
            BattleDice { system, die } => {
                format!("Battle in {system}: collect how many {} dice?", die.name())
            }
            AssignHit {
                system,
                to,
                hits_left,
                why,
            } => format!(
                "Assign {} to {to}'s pieces in {system} ({hits_left} left).",
                match why {
                    HitWhy::SelfHit => "a self-hit",
                    HitWhy::Intercept => "an intercept hit",
                    HitWhy::Hit => "a hit",
                    HitWhy::BuildingHit => "a building hit",
                    HitWhy::Card => "a hit",
                }
            ),
            Raid { keys, from } => format!("Raid {from}: {keys} key(s) left. Steal what?"),
            Ransack => "Ransack the Court: secure which card?".into(),
            Arrange { incoming: Some(r) } => {
                format!("Place the {r} you gain (you may rearrange; discard what does not fit).")
            }
            Arrange { incoming: None } => {
                "Rearrange your resources (discard what does not fit).".into()
            }
            EliminatedGate => "You have no ships or starports: place 3 ships in which gate?".into(),
            Draft => "Draft: take a leader or a lore card from the rows.".into(),
            Card { card, what } => format!("{}: {what}", card.name()),
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
            "system 9.9",
            "spend 0 as fuel",
            "frobnicate",
        ] {
            assert!(s.parse::<Choice>().is_err(), "{s}");
        }
    }
}
