//! Typed view of `data/components.json` (copied from
//! `../shared/reference/components.json`).

use crate::ids::{Resource, Suit, SystemId};
use serde::Deserialize;
use std::collections::HashMap;
use std::sync::OnceLock;

const COMPONENTS_JSON: &str = include_str!("../../data/components.json");

/// A battle die type (B-COMP-06).
#[derive(
    Copy, Clone, Debug, Default, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize,
)]
#[serde(rename_all = "lowercase")]
pub enum DieKind {
    #[default]
    Assault,
    Skirmish,
    Raid,
}

impl DieKind {
    pub const ALL: [DieKind; 3] = [DieKind::Assault, DieKind::Skirmish, DieKind::Raid];
    pub fn name(self) -> &'static str {
        match self {
            DieKind::Assault => "assault",
            DieKind::Skirmish => "skirmish",
            DieKind::Raid => "raid",
        }
    }
    pub fn parse(s: &str) -> Option<DieKind> {
        Self::ALL
            .into_iter()
            .find(|d| d.name().eq_ignore_ascii_case(s))
    }
}

/// What one die face shows (components.md §4).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Deserialize, serde::Serialize)]
pub struct DieFace {
    pub hit: u8,
    pub building_hit: u8,
    pub self_hit: u8,
    pub intercept: u8,
    pub key: u8,
}

/// One seat's starting systems on a setup card.
#[derive(Clone, Debug)]
pub struct SetupStart {
    pub a: SystemId,
    pub b: SystemId,
    pub c: Vec<SystemId>,
}

/// A setup card (B-SETUP-08/09, components.md §2).
#[derive(Clone, Debug)]
pub struct SetupCard {
    pub id: String,
    pub name: String,
    pub players: u8,
    pub experienced: bool,
    pub out_of_play: Vec<u8>,
    pub starts: Vec<SetupStart>,
}

/// What a leader's A or B box places (components.md §8).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct LeaderBox {
    pub building: Option<crate::state::BuildingKind>,
    pub ships: u8,
}

/// A leader's starting pieces and resources (B-LL-04/05).
#[derive(Clone, Debug)]
pub struct LeaderSetup {
    pub id: String,
    pub resources: [Resource; 2],
    pub a: LeaderBox,
    pub b: LeaderBox,
    /// Ships in each C system.
    pub c: u8,
}

/// All printed component data the engine uses.
#[derive(Debug)]
pub struct Components {
    pub planet_type: [Option<Resource>; 24],
    pub building_slots: [u8; 24],
    pub adjacency: [u32; 24],
    pub setup_cards: Vec<SetupCard>,
    pub action_pips: Vec<(Suit, u8, u8)>,
    pub dice: [[DieFace; 6]; 3],
    pub markers: [[(i32, i32); 2]; 3],
    pub slot_raid_costs: Vec<u8>,
    pub leaders: Vec<LeaderSetup>,
}

impl Components {
    pub fn leader(&self, id: &str) -> Option<&LeaderSetup> {
        self.leaders.iter().find(|l| l.id == id)
    }
    pub fn setup_card(&self, id: &str) -> Option<&SetupCard> {
        self.setup_cards.iter().find(|c| {
            c.id.eq_ignore_ascii_case(id)
                || c.id[5..].eq_ignore_ascii_case(id)
                || c.name.eq_ignore_ascii_case(id)
        })
    }
    pub fn die(&self, kind: DieKind) -> &[DieFace; 6] {
        &self.dice[kind as usize]
    }
}

pub fn components() -> &'static Components {
    static C: OnceLock<Components> = OnceLock::new();
    C.get_or_init(|| parse(COMPONENTS_JSON).expect("checked-in components.json parses"))
}

#[derive(Deserialize)]
struct Raw {
    map: RawMap,
    setup_cards: Vec<RawSetup>,
    action_cards: Vec<RawAction>,
    battle_dice: HashMap<String, Vec<DieFace>>,
    ambition_markers: Vec<RawMarker>,
    player_board: RawBoard,
    leaders: Vec<RawLeader>,
}
#[derive(Deserialize)]
struct RawLeader {
    id: String,
    starting_resources: Vec<String>,
    #[serde(rename = "A")]
    a: RawBox,
    #[serde(rename = "B")]
    b: RawBox,
    #[serde(rename = "C_each")]
    c: RawBox,
}
#[derive(Deserialize)]
struct RawBox {
    #[serde(default)]
    building: Option<String>,
    ships: u8,
}
#[derive(Deserialize)]
struct RawMap {
    systems: Vec<RawSystem>,
    edges: Vec<RawEdge>,
}
#[derive(Deserialize)]
struct RawSystem {
    id: String,
    #[serde(rename = "type")]
    kind: Option<String>,
    building_slots: u8,
}
#[derive(Deserialize)]
struct RawEdge {
    a: String,
    b: String,
}
#[derive(Deserialize)]
struct RawSetup {
    id: String,
    name: String,
    players: u8,
    experienced_players_only: bool,
    out_of_play_clusters: Vec<u8>,
    starts: Vec<RawStart>,
}
#[derive(Deserialize)]
struct RawStart {
    #[serde(rename = "A")]
    a: String,
    #[serde(rename = "B")]
    b: String,
    #[serde(rename = "C")]
    c: CList,
}
#[derive(Deserialize)]
#[serde(untagged)]
enum CList {
    One(String),
    Many(Vec<String>),
}
#[derive(Deserialize)]
struct RawAction {
    suit: String,
    number: u8,
    pips: u8,
}
#[derive(Deserialize)]
struct RawSide {
    first: i32,
    second: i32,
}
#[derive(Deserialize)]
struct RawMarker {
    start_side: RawSide,
    flipped_side: RawSide,
}
#[derive(Deserialize)]
struct RawBoard {
    resource_slots: Vec<RawSlot>,
}
#[derive(Deserialize)]
struct RawSlot {
    raid_cost_keys: u8,
}

fn sys(s: &str) -> Result<SystemId, String> {
    SystemId::parse(s).ok_or_else(|| format!("bad system {s}"))
}

fn parse(json: &str) -> Result<Components, String> {
    let raw: Raw = serde_json::from_str(json).map_err(|e| e.to_string())?;
    let mut planet_type = [None; 24];
    let mut building_slots = [0u8; 24];
    for s in &raw.map.systems {
        let id = sys(&s.id)?;
        planet_type[id.index()] = match &s.kind {
            Some(k) => Some(Resource::parse(k).ok_or_else(|| format!("bad type {k}"))?),
            None => None,
        };
        building_slots[id.index()] = s.building_slots;
    }
    let mut adjacency = [0u32; 24];
    for e in &raw.map.edges {
        let (a, b) = (sys(&e.a)?, sys(&e.b)?);
        adjacency[a.index()] |= b.bit();
        adjacency[b.index()] |= a.bit();
    }
    let mut setup_cards = Vec::new();
    for c in &raw.setup_cards {
        let mut starts = Vec::new();
        for st in &c.starts {
            let cs = match &st.c {
                CList::One(x) => vec![sys(x)?],
                CList::Many(v) => v.iter().map(|x| sys(x)).collect::<Result<_, _>>()?,
            };
            starts.push(SetupStart {
                a: sys(&st.a)?,
                b: sys(&st.b)?,
                c: cs,
            });
        }
        setup_cards.push(SetupCard {
            id: c.id.clone(),
            name: c.name.clone(),
            players: c.players,
            experienced: c.experienced_players_only,
            out_of_play: c.out_of_play_clusters.clone(),
            starts,
        });
    }
    let mut action_pips = Vec::new();
    for a in &raw.action_cards {
        let suit = Suit::ALL
            .into_iter()
            .find(|s| s.name().eq_ignore_ascii_case(&a.suit))
            .ok_or("bad suit")?;
        action_pips.push((suit, a.number, a.pips));
    }
    let mut dice = [[DieFace::default(); 6]; 3];
    for (k, faces) in &raw.battle_dice {
        let kind = DieKind::parse(k).ok_or("bad die")?;
        dice[kind as usize] = faces.clone().try_into().map_err(|_| "die needs 6 faces")?;
    }
    let mut markers = [[(0, 0); 2]; 3];
    for (i, m) in raw.ambition_markers.iter().enumerate().take(3) {
        markers[i] = [
            (m.start_side.first, m.start_side.second),
            (m.flipped_side.first, m.flipped_side.second),
        ];
    }
    let mut leaders = Vec::new();
    for l in &raw.leaders {
        let res = |s: &str| Resource::parse(s).ok_or_else(|| format!("bad resource {s}"));
        let bx = |b: &RawBox| -> Result<LeaderBox, String> {
            let building = match b.building.as_deref() {
                None => None,
                Some("city") => Some(crate::state::BuildingKind::City),
                Some("starport") => Some(crate::state::BuildingKind::Starport),
                Some(x) => return Err(format!("bad building {x}")),
            };
            Ok(LeaderBox {
                building,
                ships: b.ships,
            })
        };
        if l.starting_resources.len() != 2 {
            return Err(format!("{} needs 2 starting resources", l.id));
        }
        leaders.push(LeaderSetup {
            id: l.id.clone(),
            resources: [
                res(&l.starting_resources[0])?,
                res(&l.starting_resources[1])?,
            ],
            a: bx(&l.a)?,
            b: bx(&l.b)?,
            c: l.c.ships,
        });
    }
    Ok(Components {
        leaders,
        planet_type,
        building_slots,
        adjacency,
        setup_cards,
        action_pips,
        dice,
        markers,
        slot_raid_costs: raw
            .player_board
            .resource_slots
            .iter()
            .map(|s| s.raid_cost_keys)
            .collect(),
    })
}
