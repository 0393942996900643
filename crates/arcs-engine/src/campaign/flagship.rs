//! Flagships (campaign rules p22–25, seed 000 L1610–L1728; the plan and
//! every rule id FS-xx in `docs/flagships.md`).
//!
//! A Flagship is a piece and a board. The piece is a fresh Loyal ship that
//! can never be removed from the map (FS-05): it is a bit per seat in
//! [`SystemState::flagships`](crate::state::SystemState), kept out of the
//! ship counts so that no path that damages, destroys, scraps, returns,
//! replaces or cedes ships can touch it by accident; control, presence
//! and the board's index count it as one fresh ship. The board has six
//! columns, each an Upgrade slot with an Armor slot above it, holding the
//! owner's cities and starports (FS-09); it lives in
//! [`Campaign::flagships`](super::Campaign).

use crate::choice::{Choice, Piece};
use crate::event::Sink;
use crate::ids::*;
use crate::log;
use crate::state::{BuildingKind, GameState, TrophyKind};
use serde::{Deserialize, Serialize};

/// The six Upgrades, in the board's column order left to right (campaign
/// components: `flagship_board_order`). Hull is the rightmost column.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Upgrade {
    SlipstreamDrive,
    TractorBeam,
    ControlArray,
    DefenseArray,
    ShipCrane,
    Hull,
}

impl Upgrade {
    pub const ALL: [Upgrade; 6] = [
        Upgrade::SlipstreamDrive,
        Upgrade::TractorBeam,
        Upgrade::ControlArray,
        Upgrade::DefenseArray,
        Upgrade::ShipCrane,
        Upgrade::Hull,
    ];
    /// Its column, 0 (left) to 5 (Hull).
    pub fn col(self) -> usize {
        self as usize
    }
    pub fn from_col(col: usize) -> Option<Upgrade> {
        Self::ALL.get(col).copied()
    }
    /// The planet type the Flagship must be at to build this Upgrade;
    /// `None` for Hull (any planet, FS-35).
    pub fn upgrade_planet(self) -> Option<Resource> {
        match self {
            Upgrade::SlipstreamDrive => Some(Resource::Fuel),
            Upgrade::TractorBeam => Some(Resource::Relic),
            Upgrade::ControlArray => Some(Resource::Psionic),
            Upgrade::DefenseArray => Some(Resource::Weapon),
            Upgrade::ShipCrane => Some(Resource::Material),
            Upgrade::Hull => None,
        }
    }
    /// The planet type for this column's Armor (p25's board: L1715–1720).
    pub fn armor_planet(self) -> Option<Resource> {
        match self {
            Upgrade::SlipstreamDrive => Some(Resource::Relic),
            Upgrade::TractorBeam => Some(Resource::Weapon),
            Upgrade::ControlArray => Some(Resource::Material),
            Upgrade::DefenseArray => Some(Resource::Psionic),
            Upgrade::ShipCrane => Some(Resource::Fuel),
            Upgrade::Hull => None,
        }
    }
    pub fn name(self) -> &'static str {
        match self {
            Upgrade::SlipstreamDrive => "Slipstream Drive",
            Upgrade::TractorBeam => "Tractor Beam",
            Upgrade::ControlArray => "Control Array",
            Upgrade::DefenseArray => "Defense Array",
            Upgrade::ShipCrane => "Ship Crane",
            Upgrade::Hull => "Hull",
        }
    }
    /// The word scenarios and the text protocol use.
    pub fn word(self) -> &'static str {
        match self {
            Upgrade::SlipstreamDrive => "slipstream",
            Upgrade::TractorBeam => "tractor",
            Upgrade::ControlArray => "control",
            Upgrade::DefenseArray => "defense",
            Upgrade::ShipCrane => "crane",
            Upgrade::Hull => "hull",
        }
    }
    /// Reads a word or a name ("crane", "ship-crane", "Ship Crane").
    pub fn parse(w: &str) -> Option<Upgrade> {
        let w = w.to_ascii_lowercase().replace(['-', '_', ' '], "");
        Self::ALL
            .into_iter()
            .find(|u| w == u.word() || w == u.name().to_ascii_lowercase().replace(' ', ""))
    }
}

/// A city or starport on a Flagship board.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct BoardPiece {
    pub kind: BuildingKind,
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub damaged: bool,
}

/// One column: the Upgrade slot (bottom row) and its Armor slot above.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Column {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub upgrade: Option<BoardPiece>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub armor: Option<BoardPiece>,
}

/// A slot of the board: a column and its row.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct BoardSlot {
    pub upgrade: Upgrade,
    pub armor: bool,
}

impl BoardSlot {
    /// "the Ship Crane Armor", "the Hull".
    pub fn name(self) -> String {
        if self.armor {
            format!("the {} Armor", self.upgrade.name())
        } else {
            format!("the {}", self.upgrade.name())
        }
    }
}

/// A Flagship board (its columns, left to right).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(try_from = "[Column; 6]", into = "[Column; 6]")]
pub struct FlagshipBoard {
    pub columns: [Column; 6],
}

impl TryFrom<[Column; 6]> for FlagshipBoard {
    type Error = String;
    /// I2: an Armor stands only on its column's Upgrade (FS-09).
    fn try_from(columns: [Column; 6]) -> Result<Self, String> {
        for (i, c) in columns.iter().enumerate() {
            if c.armor.is_some() && c.upgrade.is_none() {
                return Err(format!(
                    "the {} Armor has no Upgrade under it",
                    Upgrade::ALL[i].name()
                ));
            }
        }
        Ok(FlagshipBoard { columns })
    }
}

impl From<FlagshipBoard> for [Column; 6] {
    fn from(b: FlagshipBoard) -> Self {
        b.columns
    }
}

impl FlagshipBoard {
    pub fn get(&self, slot: BoardSlot) -> Option<BoardPiece> {
        let c = &self.columns[slot.upgrade.col()];
        if slot.armor {
            c.armor
        } else {
            c.upgrade
        }
    }
    pub fn get_mut(&mut self, slot: BoardSlot) -> &mut Option<BoardPiece> {
        let c = &mut self.columns[slot.upgrade.col()];
        if slot.armor {
            &mut c.armor
        } else {
            &mut c.upgrade
        }
    }
    /// Every filled slot with its piece, column by column (Upgrade first).
    pub fn pieces(&self) -> impl Iterator<Item = (BoardSlot, BoardPiece)> + '_ {
        Upgrade::ALL.into_iter().flat_map(move |upgrade| {
            [false, true].into_iter().filter_map(move |armor| {
                let slot = BoardSlot { upgrade, armor };
                self.get(slot).map(|p| (slot, p))
            })
        })
    }
    /// The Upgrade is on the board, fresh or damaged (FS-16).
    pub fn has(&self, u: Upgrade) -> bool {
        self.columns[u.col()].upgrade.is_some()
    }
    /// Fresh starports, Upgrades and Armor alike: the Flagship's dice and
    /// Defense Array's intercepts (FS-18, FS-23).
    pub fn fresh_starports(&self) -> u8 {
        self.pieces()
            .filter(|(_, p)| p.kind == BuildingKind::Starport && !p.damaged)
            .count() as u8
    }
    pub fn count(&self, kind: BuildingKind) -> u8 {
        self.pieces().filter(|(_, p)| p.kind == kind).count() as u8
    }
    pub fn is_empty(&self) -> bool {
        self.pieces().next().is_none()
    }
    /// The slot a new piece of column `u` would fill: bottom first; the
    /// Armor only on a fresh Upgrade (FS-09).
    pub fn next_slot(&self, u: Upgrade) -> Option<BoardSlot> {
        let c = &self.columns[u.col()];
        match (c.upgrade, c.armor) {
            (None, _) => Some(BoardSlot {
                upgrade: u,
                armor: false,
            }),
            (Some(up), None) if !up.damaged => Some(BoardSlot {
                upgrade: u,
                armor: true,
            }),
            _ => None,
        }
    }
    /// Slots a battle hit may take: each column's top piece, Armor before
    /// its own Upgrade (FS-19; docs/rulings.md A-03 is per column).
    pub fn hit_targets(&self) -> impl Iterator<Item = BoardSlot> + '_ {
        Upgrade::ALL.into_iter().filter_map(move |upgrade| {
            let c = &self.columns[upgrade.col()];
            if c.armor.is_some() {
                Some(BoardSlot {
                    upgrade,
                    armor: true,
                })
            } else {
                c.upgrade.map(|_| BoardSlot {
                    upgrade,
                    armor: false,
                })
            }
        })
    }
    /// The slot a Crisis hit takes (FS-27): the rightmost Armor, else the
    /// rightmost Upgrade.
    pub fn crisis_target(&self) -> Option<BoardSlot> {
        for armor in [true, false] {
            for upgrade in Upgrade::ALL.into_iter().rev() {
                let slot = BoardSlot { upgrade, armor };
                if self.get(slot).is_some() {
                    return Some(slot);
                }
            }
        }
        None
    }
}

/// Serde: no Flagship at all is not written.
pub fn no_flagships(b: &[Option<FlagshipBoard>; MAX_SEATS]) -> bool {
    b.iter().all(Option::is_none)
}

impl GameState {
    /// The seat's Flagship board, if it has a Flagship.
    #[inline]
    pub fn flagship(&self, seat: Seat) -> Option<&FlagshipBoard> {
        // `get`: descriptions of odd choices may name any seat.
        self.campaign()
            .and_then(|c| c.flagships.get(seat.index())?.as_ref())
    }
    #[inline]
    pub fn has_flagship(&self, seat: Seat) -> bool {
        self.flagship(seat).is_some()
    }
    fn flagship_mut(&mut self, seat: Seat) -> Option<&mut FlagshipBoard> {
        self.campaign_mut()
            .and_then(|c| c.flagships.get_mut(seat.index())?.as_mut())
    }
    /// Where the seat's Flagship piece is.
    pub fn flagship_at(&self, seat: Seat) -> Option<SystemId> {
        if !self.has_flagship(seat) {
            return None;
        }
        SystemId::all().find(|x| self.sys(*x).flagships & (1 << seat.0) != 0)
    }
    /// Seats whose Flagship is in `sys`, a bit each.
    #[inline]
    pub fn flagships_in(&self, sys: SystemId) -> u8 {
        self.sys(sys).flagships
    }
}

/// The seat's Flagship piece goes from `from` to `to` (a Move, Sprinter
/// Drives' extra step or Predictive Sensors' pull: it is a fresh Loyal
/// ship, L1706).
pub fn shift(s: &mut GameState, seat: Seat, from: SystemId, to: SystemId) {
    let bit = 1 << seat.0;
    s.sys_mut(from).flagships &= !bit;
    s.sys_mut(to).flagships |= bit;
}

/// FS-01/02: the seat gains a Flagship in `sys`: the piece goes there,
/// every Loyal city and starport of the seat on the map is replaced by a
/// Free one of the same type (damaged stays damaged; cities back to the
/// player board, starports to the supply), and the empty board is the
/// seat's. The Free supply may run dry: proxies stand in (L1420;
/// docs/flagships.md A-16), so the replacement always happens.
pub fn gain(s: &mut GameState, seat: Seat, sys: SystemId, ev: &mut dyn Sink) {
    if s.has_flagship(seat) {
        return; // one Flagship per seat
    }
    let Some(c) = s.campaign_mut() else { return };
    c.flagships[seat.index()] = Some(FlagshipBoard::default());
    s.sys_mut(sys).flagships |= 1 << seat.0;
    log!(
        ev,
        "flagship",
        Some(seat),
        { systems: vec![sys] },
        "{seat} gains a Flagship and places it in {sys}."
    );
    let mut replaced = 0;
    for x in SystemId::all() {
        for slot in 0..3u8 {
            let Some(b) = s.sys(x).slots[slot as usize] else {
                continue;
            };
            if b.owner != seat.owner() || slot == crate::state::EXTRA_SLOT {
                // FS-08: buildings outside the printed slots (Gate Ports,
                // Cloud Cities) stay Loyal.
                continue;
            }
            s.sys_mut(x).slots[slot as usize] = Some(crate::state::Building {
                owner: Owner::Free,
                ..b
            });
            if let Some(c) = s.campaign_mut() {
                let (supply, k) = match b.kind {
                    BuildingKind::City => (&mut c.free_cities, 0),
                    BuildingKind::Starport => (&mut c.free_starports, 1),
                };
                if *supply > 0 {
                    *supply -= 1;
                } else {
                    c.free_proxies[k] += 1;
                }
            }
            match b.kind {
                BuildingKind::City => s.return_cities(seat, 1, ev),
                BuildingKind::Starport => s.seat_mut(seat).starports += 1,
            }
            replaced += 1;
        }
    }
    if replaced > 0 {
        log!(
            ev,
            "flagship",
            Some(seat),
            "{seat}'s {replaced} cities and starports on the map become Free."
        );
    }
}

/// A Fate's setup gives `seat` a Flagship (FS-01): the seat chooses where
/// to place it, then [`gain`] runs. Pushed by the Fate (the B Fates'
/// Act II setups, issue 23).
pub fn begin_gain(s: &mut GameState, seat: Seat) {
    if !s.is_campaign() || s.has_flagship(seat) {
        return;
    }
    s.push(crate::flow::Frame::Campaign(
        super::CampaignFrame::GainFlagship { seat },
    ));
}

/// Where the seat may place a Flagship it gains: a system with its Loyal
/// pieces (FS-02), or with none on the map any gate (A-16).
pub fn placement_targets(s: &GameState, seat: Seat) -> Vec<SystemId> {
    let mine: Vec<SystemId> =
        crate::state::systems_in(s.board.pieces(seat.owner()) & s.in_play).collect();
    if !mine.is_empty() {
        return mine;
    }
    s.systems_in_play().filter(|x| x.is_gate()).collect()
}

/// FS-03: a piece placed on the board by a Fate's setup (fresh, no planet
/// check): a city from the player board, a starport from the supply.
pub fn place(
    s: &mut GameState,
    seat: Seat,
    slot: BoardSlot,
    kind: BuildingKind,
    ev: &mut dyn Sink,
) {
    put(s, seat, slot, kind, false, ev);
}

fn put(
    s: &mut GameState,
    seat: Seat,
    slot: BoardSlot,
    kind: BuildingKind,
    damaged: bool,
    _ev: &mut dyn Sink,
) -> bool {
    let have = match kind {
        BuildingKind::City => s.seat(seat).cities,
        BuildingKind::Starport => s.seat(seat).starports,
    };
    if have == 0 {
        return false;
    }
    let Some(b) = s.flagship_mut(seat) else {
        return false;
    };
    let cell = b.get_mut(slot);
    if cell.is_some() {
        return false;
    }
    *cell = Some(BoardPiece { kind, damaged });
    match kind {
        BuildingKind::City => s.seat_mut(seat).cities -= 1,
        BuildingKind::Starport => s.seat_mut(seat).starports -= 1,
    }
    true
}

/// FS-07: a seat with a Flagship builds no Loyal city or starport in the
/// map's printed slots.
#[inline]
pub fn builds_on_map(s: &GameState, seat: Seat) -> bool {
    !s.has_flagship(seat)
}

/// FS-09: the board pieces the seat may build now: per column the next
/// slot, with the Flagship at a planet of that slot's type (Hull: any
/// planet; never at a gate, A-05).
pub fn build_choices(s: &GameState, seat: Seat, out: &mut Vec<Choice>) {
    let (Some(b), Some(at)) = (s.flagship(seat), s.flagship_at(seat)) else {
        return;
    };
    let Some(planet) = s.planet_type(at) else {
        return;
    };
    let st = s.seat(seat);
    for u in Upgrade::ALL {
        let Some(slot) = b.next_slot(u) else { continue };
        let need = if slot.armor {
            u.armor_planet()
        } else {
            u.upgrade_planet()
        };
        if need.is_some_and(|r| r != planet) {
            continue;
        }
        if st.cities > 0 {
            out.push(Choice::BuildBoard {
                upgrade: u,
                kind: BuildingKind::City,
            });
        }
        if st.starports > 0 {
            out.push(Choice::BuildBoard {
                upgrade: u,
                kind: BuildingKind::Starport,
            });
        }
    }
}

/// Whether [`build_choices`] lists anything.
pub fn can_build(s: &GameState, seat: Seat) -> bool {
    let mut v = Vec::new();
    build_choices(s, seat, &mut v);
    !v.is_empty()
}

/// FS-09/10: builds a piece in column `u`'s next slot, damaged if someone
/// else controls the Flagship's system (B-BLD-05).
pub fn build(s: &mut GameState, seat: Seat, u: Upgrade, kind: BuildingKind, ev: &mut dyn Sink) {
    let Some(slot) = s.flagship(seat).and_then(|b| b.next_slot(u)) else {
        return;
    };
    let Some(at) = s.flagship_at(seat) else {
        return;
    };
    let damaged = s.controlled_by_other(seat, at);
    if !put(s, seat, slot, kind, damaged, ev) {
        return;
    }
    let how = if damaged {
        " damaged (a Rival controls its system)"
    } else {
        ""
    };
    log!(
        ev,
        "build",
        Some(seat),
        { systems: vec![at] },
        "{seat} builds a {} on {} of their Flagship{how}.",
        kind.name(),
        slot.name()
    );
}

/// FS-12: ships built at the Flagship this turn, and how many it allows
/// (2 with the Ship Crane, fresh or damaged).
pub fn ship_allowance(s: &GameState, seat: Seat) -> u8 {
    match s.flagship(seat) {
        Some(b) if b.has(Upgrade::ShipCrane) => 2,
        Some(_) => 1,
        None => 0,
    }
}

/// The Flagship may still build a ship in its system this turn (FS-12).
pub fn may_build_ship(s: &GameState, seat: Seat, sys: SystemId) -> bool {
    s.turn.flagship_ships < ship_allowance(s, seat) && s.flagship_at(seat) == Some(sys)
}

/// The Flagship Upgrades aid card's side with the Slipstream Drive.
fn upgrades_a() -> CardId {
    crate::card_id!("ARCS-AID10A")
}

/// The Flagship Upgrades aid cards (AID10A/B): their rules are this
/// module's; AID10A's Slipstream Drive is a Prelude ability, offered by
/// [`preludes`] to a seat with the Upgrade (the card is the Flagship's, not
/// held), run by `cards::run_prelude`.
pub static SLIPSTREAM_DRIVE: crate::cards::Behavior = crate::cards::Behavior {
    code: "ARCS-AID10A",
    preludes: &[crate::cards::PreludeAbility {
        what: "Catapult your Flagship alone, or other ships from its system (Slipstream Drive)",
        discard: false,
        first: false,
        once_per_turn: true,
        possible: slipstream_possible,
        run: |s, seat, _, _| {
            s.push(crate::flow::Frame::Campaign(
                super::CampaignFrame::Slipstream { seat },
            ))
        },
    }],
    ..crate::cards::Behavior::NONE
};

pub static CARDS: &[&crate::cards::Behavior] = &[&SLIPSTREAM_DRIVE];

/// FS-33: the Slipstream Drive's Prelude, once per turn, while the seat
/// has the Upgrade (fresh or damaged, FS-16).
pub fn preludes(s: &GameState, seat: Seat, out: &mut Vec<Choice>) {
    if s.has_flagship(seat)
        && !s.turn.once_used.contains(&upgrades_a())
        && slipstream_possible(s, seat)
    {
        out.push(Choice::Prelude {
            card: upgrades_a(),
            n: 0,
        });
    }
}

fn slipstream_possible(s: &GameState, seat: Seat) -> bool {
    s.flagship(seat)
        .is_some_and(|b| b.has(Upgrade::SlipstreamDrive))
        && s.flagship_at(seat).is_some_and(|at| s.adj[at.index()] != 0)
}

/// The Slipstream's group: the Flagship alone (Yes) or other ships from
/// its system (No, with ships of the seat there, or Imperial ships it
/// commands there — the Movement Law still binds them, A-14).
pub fn slipstream_choices(s: &GameState, seat: Seat, out: &mut Vec<Choice>) {
    out.push(Choice::Yes);
    if s.flagship_at(seat)
        .is_some_and(|at| s.sys(at).ships_of(seat.owner()).total() > 0)
    {
        out.push(Choice::No);
    }
}

/// Starts the Slipstream's Catapult move from the Flagship's system, no
/// starport needed (FS-33).
pub fn slipstream(s: &mut GameState, seat: Seat, alone: bool, ev: &mut dyn Sink) {
    use crate::actions::mov::{MoveFrame, MoveStage};
    let Some(at) = s.flagship_at(seat) else {
        return;
    };
    let mut m = MoveFrame::catapult_from(s, seat, at);
    // The group is already chosen: the Flagship alone, or not at all.
    m.flagship = alone;
    m.stage = if alone {
        MoveStage::To
    } else {
        MoveStage::Ships
    };
    s.push(crate::flow::Frame::Move(m));
    log!(
        ev,
        "move",
        Some(seat),
        { systems: vec![at] },
        "Slipstream Drive: {seat} Catapults {} from {at}.",
        if alone {
            "their Flagship alone"
        } else {
            "other ships"
        }
    );
}

/// FS-34: the cluster whose cities the seat may tax like Loyal ones: its
/// Flagship, with the Control Array (fresh or damaged), is at that
/// cluster's gate. 0 for none.
pub fn control_array_cluster(s: &GameState, seat: Seat) -> u8 {
    match (s.flagship(seat), s.flagship_at(seat)) {
        (Some(b), Some(at)) if b.has(Upgrade::ControlArray) && at.is_gate() => at.cluster(),
        _ => 0,
    }
}

/// Loyal ships Resettle tops the map up to (p25 step 3).
const RESETTLE_SHIPS: u32 = 8;

/// A C Fate's setup (its step 1) offers a seat with a Flagship to Resettle
/// (FS-39; without it the Flagship and all its rules stay, FS-40).
pub fn begin_resettle(s: &mut GameState, seat: Seat) {
    if s.has_flagship(seat) {
        s.push(crate::flow::Frame::Campaign(
            super::CampaignFrame::Resettle {
                seat,
                step: 0,
                placed: 0,
            },
        ));
    }
}

pub fn resettle_prompt(step: u8, placed: u8) -> String {
    match step {
        0 => "Resettle your Flagship? (its board is cleared, the Flagship becomes a ship; you place a city, a starport and ships up to 8 on the map)".into(),
        1 => format!(
            "Resettle: place your {} (in an empty building slot, or replacing a Free one if none is empty)",
            match placed {
                1 => "starport",
                2 => "city",
                _ => "city and your starport",
            }
        ),
        _ => "Resettle: place a ship in a system with your pieces (up to 8 ships on the map)".into(),
    }
}

/// The Free building a Resettle choice replaces, in words.
pub fn free_kind_name(s: &GameState, system: SystemId, piece: Piece) -> &'static str {
    match piece {
        Piece::Building { slot } => s
            .sys(system)
            .slots
            .get(slot as usize)
            .copied()
            .flatten()
            .map_or("building", |b| b.kind.name()),
        _ => "building",
    }
}

/// Empty printed building slots on in-play planets (p25 step 2).
fn empty_slots(s: &GameState) -> impl Iterator<Item = SystemId> + '_ {
    s.systems_in_play()
        .filter(|x| crate::actions::build::empty_slot(s, *x).is_some())
}

pub fn resettle_choices(s: &GameState, seat: Seat, step: u8, placed: u8, out: &mut Vec<Choice>) {
    use crate::choice::BuildTarget;
    let st = s.seat(seat);
    match step {
        0 => out.extend([Choice::Yes, Choice::No]),
        1 => {
            let want = |bit: u8, have: u8| placed & bit == 0 && have > 0;
            let mut any_empty = false;
            for x in empty_slots(s) {
                any_empty = true;
                if want(1, st.cities) {
                    out.push(Choice::Build {
                        kind: BuildTarget::City,
                        system: x,
                    });
                }
                if want(2, st.starports) {
                    out.push(Choice::Build {
                        kind: BuildTarget::Starport,
                        system: x,
                    });
                }
            }
            if any_empty {
                return;
            }
            // No empty slot: replace a Free building of the piece's type
            // (docs/rulings.md R-CAMP-FLAGSHIP-RESETTLE).
            for x in s.systems_in_play() {
                for (slot, b) in s.sys(x).buildings_of(Owner::Free) {
                    let ok = match b.kind {
                        BuildingKind::City => want(1, st.cities),
                        BuildingKind::Starport => want(2, st.starports),
                    };
                    if ok && slot < crate::data::building_slots(x) {
                        out.push(Choice::Piece {
                            system: x,
                            piece: Piece::Building { slot },
                        });
                    }
                }
            }
        }
        _ => {
            if loyal_ships_on_map(s, seat) < RESETTLE_SHIPS && st.ships > 0 {
                out.extend(
                    crate::state::systems_in(s.board.pieces(seat.owner()) & s.in_play)
                        .map(Choice::System),
                );
            }
        }
    }
}

fn loyal_ships_on_map(s: &GameState, seat: Seat) -> u32 {
    s.systems_in_play()
        .map(|x| s.sys(x).ships_of(seat.owner()).total() as u32)
        .sum()
}

/// Applies a Resettle choice, then moves to the next step that has a
/// choice, or ends.
pub fn resettle(
    s: &mut GameState,
    seat: Seat,
    step: u8,
    mut placed: u8,
    choice: Choice,
    ev: &mut dyn Sink,
) {
    use crate::choice::BuildTarget;
    match (step, choice) {
        (0, Choice::No) => {
            s.pop();
            log!(ev, "setup", Some(seat), "{seat} keeps their Flagship.");
            return;
        }
        (0, _) => clear_flagship(s, seat, ev),
        (1, Choice::Build { kind, system }) => {
            let (bk, bit) = match kind {
                BuildTarget::Starport => (BuildingKind::Starport, 2),
                _ => (BuildingKind::City, 1),
            };
            if let Some(slot) = crate::actions::build::empty_slot(s, system) {
                match bk {
                    BuildingKind::City => s.seat_mut(seat).cities -= 1,
                    BuildingKind::Starport => s.seat_mut(seat).starports -= 1,
                }
                s.sys_mut(system).slots[slot as usize] = Some(crate::state::Building {
                    owner: seat.owner(),
                    kind: bk,
                    damaged: false,
                });
                placed |= bit;
                log!(ev, "setup", Some(seat), { systems: vec![system] },
                    "Resettle: {seat} places a {} in {system}.", bk.name());
            }
        }
        (
            1,
            Choice::Piece {
                system,
                piece: Piece::Building { slot },
            },
        ) => {
            if let Some(b) = s.sys(system).slots[slot as usize] {
                let bit = if b.kind == BuildingKind::City { 1 } else { 2 };
                match b.kind {
                    BuildingKind::City => s.seat_mut(seat).cities -= 1,
                    BuildingKind::Starport => s.seat_mut(seat).starports -= 1,
                }
                s.sys_mut(system).slots[slot as usize] = Some(crate::state::Building {
                    owner: seat.owner(),
                    ..b
                });
                let kind = if bit == 1 {
                    TrophyKind::City
                } else {
                    TrophyKind::Starport
                };
                super::return_to_supply(s, Owner::Free, kind, 1);
                placed |= bit;
                log!(ev, "setup", Some(seat), { systems: vec![system] },
                    "Resettle: {seat}'s {} replaces the Free one in {system}.", b.kind.name());
            }
        }
        (_, Choice::System(x)) => {
            s.place_ships(seat.owner(), x, 1, false);
            log!(ev, "setup", Some(seat), { systems: vec![x] },
                "Resettle: {seat} places a ship in {x}.");
        }
        _ => {}
    }
    // The next step with a choice.
    let mut next = match step {
        0 => 1,
        1 if placed != 3 => 1,
        _ => 2,
    };
    loop {
        let mut v = Vec::new();
        resettle_choices(s, seat, next, placed, &mut v);
        if !v.is_empty() {
            s.set_top(crate::flow::Frame::Campaign(
                super::CampaignFrame::Resettle {
                    seat,
                    step: next,
                    placed,
                },
            ));
            return;
        }
        if next >= 2 {
            s.pop();
            return;
        }
        next += 1;
    }
}

/// Resettle step 1: the board's cities back to the player board, its
/// starports to the supply, the board and the piece to the box, a fresh
/// Loyal ship where the Flagship was.
fn clear_flagship(s: &mut GameState, seat: Seat, ev: &mut dyn Sink) {
    let Some(b) = s.flagship(seat).copied() else {
        return;
    };
    let at = s.flagship_at(seat);
    let cities = b.count(BuildingKind::City);
    s.seat_mut(seat).starports += b.count(BuildingKind::Starport);
    if let Some(c) = s.campaign_mut() {
        c.flagships[seat.index()] = None;
    }
    if let Some(at) = at {
        s.sys_mut(at).flagships &= !(1 << seat.0);
        s.place_ships(seat.owner(), at, 1, false);
    }
    if cities > 0 {
        s.return_cities(seat, cities, ev);
    }
    log!(
        ev,
        "setup",
        Some(seat),
        "{seat} Resettles: their Flagship board is cleared and the Flagship becomes a ship."
    );
}

/// FS-27: where a Crisis hit on `seat`'s Flagship in `sys` goes, if it is
/// there with a piece on its board.
pub fn crisis_target(s: &GameState, sys: SystemId, seat: Seat) -> Option<BoardSlot> {
    if !s.sys(sys).has_flagship_of(seat.owner()) {
        return None;
    }
    s.flagship(seat)?.crisis_target()
}

/// FS-18: the dice `seat`'s Flagship adds in `sys` (its board's fresh
/// starports; 0 if it is elsewhere). Galactic Rifles fires with them too.
pub fn battle_dice(s: &GameState, seat: Seat, sys: SystemId) -> u8 {
    if !s.sys(sys).has_flagship_of(seat.owner()) {
        return 0;
    }
    s.flagship(seat).map_or(0, |b| b.fresh_starports())
}

/// FS-36: lore that looks for a fresh Loyal starport in a system (Force
/// Beams, Gate Ports, Hidden Harbors) finds one on `seat`'s Flagship board
/// when the Flagship is there.
pub fn fresh_board_starport_in(s: &GameState, seat: Seat, sys: SystemId) -> bool {
    s.sys(sys).has_flagship_of(seat.owner())
        && s.flagship(seat).is_some_and(|b| b.fresh_starports() > 0)
}

/// Repair Drones with no damaged attacking ship (A-22): the attacking
/// Flagship's leftmost damaged board piece, Armor before its Upgrade.
pub fn repair_one_attacking(s: &mut GameState, seat: Seat, sys: SystemId, ev: &mut dyn Sink) {
    if !s.sys(sys).has_flagship_of(seat.owner()) {
        return;
    }
    let Some(b) = s.flagship(seat) else { return };
    let target = Upgrade::ALL.into_iter().find_map(|upgrade| {
        [true, false].into_iter().find_map(|armor| {
            let slot = BoardSlot { upgrade, armor };
            b.get(slot).filter(|p| p.damaged).map(|_| slot)
        })
    });
    if let Some(slot) = target {
        repair(s, seat, slot, ev);
    }
}

/// FS-23: the intercept hits a defending Flagship adds: with the Defense
/// Array (fresh or damaged, FS-16), its board's fresh starports.
pub fn defense_array_intercepts(s: &GameState, seat: Seat) -> u8 {
    match s.flagship(seat) {
        Some(b) if b.has(Upgrade::DefenseArray) => b.fresh_starports(),
        _ => 0,
    }
}

/// The seat's damaged board pieces, as Repair targets (FS-17: "repair
/// your Flagship" repairs one Upgrade or Armor, wherever it is).
pub fn repair_targets(s: &GameState, seat: Seat) -> Vec<(SystemId, Piece)> {
    let (Some(b), Some(at)) = (s.flagship(seat), s.flagship_at(seat)) else {
        return Vec::new();
    };
    b.pieces()
        .filter(|(_, p)| p.damaged)
        .map(|(slot, _)| (at, piece_at(seat, slot)))
        .collect()
}

/// The [`Piece`] naming a slot of `seat`'s board.
pub fn piece_at(seat: Seat, slot: BoardSlot) -> Piece {
    Piece::Flagship {
        owner: seat,
        col: slot.upgrade.col() as u8,
        armor: slot.armor,
    }
}

/// The board slot a [`Piece::Flagship`] names.
pub fn slot_of(piece: Piece) -> Option<BoardSlot> {
    match piece {
        Piece::Flagship { col, armor, .. } => Some(BoardSlot {
            upgrade: Upgrade::from_col(col as usize)?,
            armor,
        }),
        _ => None,
    }
}

/// Repairs a damaged board piece (FS-17).
pub fn repair(s: &mut GameState, seat: Seat, slot: BoardSlot, ev: &mut dyn Sink) {
    let Some(p) = s.flagship_mut(seat).and_then(|b| b.get_mut(slot).as_mut()) else {
        return;
    };
    p.damaged = false;
    log!(
        ev,
        "repair",
        Some(seat),
        "{seat} repairs {} of their Flagship.",
        slot.name()
    );
}

/// FS-22: a hit on a board piece damages it, or destroys a damaged one
/// (its owner's city back to the player board, a starport to the supply,
/// or a Trophy for `trophy_to`). Never Outrage nor a Ransack (FS-15).
/// Returns true if destroyed.
pub fn hit(
    s: &mut GameState,
    seat: Seat,
    slot: BoardSlot,
    trophy_to: Option<Seat>,
    ev: &mut dyn Sink,
) -> bool {
    let Some(p) = s.flagship(seat).and_then(|b| b.get(slot)) else {
        return false;
    };
    if !p.damaged {
        if let Some(x) = s.flagship_mut(seat).and_then(|b| b.get_mut(slot).as_mut()) {
            x.damaged = true;
        }
        log!(
            ev,
            "hit",
            Some(seat),
            "The {} on {} of {seat}'s Flagship is damaged.",
            p.kind.name(),
            slot.name()
        );
        return false;
    }
    destroy(s, seat, slot, trophy_to, ev);
    true
}

/// Removes a board piece as destroyed (FS-15, FS-22).
pub fn destroy(
    s: &mut GameState,
    seat: Seat,
    slot: BoardSlot,
    trophy_to: Option<Seat>,
    ev: &mut dyn Sink,
) {
    let Some(p) = s.flagship_mut(seat).and_then(|b| b.get_mut(slot).take()) else {
        return;
    };
    log!(
        ev,
        "destroy",
        Some(seat),
        "The {} on {} of {seat}'s Flagship is destroyed.",
        p.kind.name(),
        slot.name()
    );
    let kind = match p.kind {
        BuildingKind::City => TrophyKind::City,
        BuildingKind::Starport => TrophyKind::Starport,
    };
    s.piece_destroyed(seat.owner(), kind, trophy_to, ev);
    // An Armor never stands without its Upgrade (FS-09). Hits take the
    // Armor first (FS-19, FS-27), so this only guards effects that name
    // an Upgrade directly (Gate Wraith, L8850: "the Upgrade and Armor").
    if !slot.armor {
        let armor = BoardSlot {
            armor: true,
            ..slot
        };
        if s.flagship(seat).and_then(|b| b.get(armor)).is_some() {
            destroy(s, seat, armor, trophy_to, ev);
        }
    }
}

/// FS-29: the Intermission's step D2 destroys every damaged Upgrade and
/// Armor (no Trophy, no Outrage). Returns how many.
pub fn destroy_damaged(s: &mut GameState, ev: &mut dyn Sink) -> u32 {
    let mut n = 0;
    for seat in s.seat_ids() {
        let Some(b) = s.flagship(seat).copied() else {
            continue;
        };
        // Armor first, so no Upgrade is removed from under a fresh Armor.
        for armor in [true, false] {
            for (slot, p) in b.pieces() {
                if slot.armor == armor && p.damaged {
                    destroy(s, seat, slot, None, ev);
                    n += 1;
                }
            }
        }
    }
    n
}

/// The board as words: "Ship Crane: starport, Armor city (damaged); Hull:
/// city", or "empty".
pub fn board_words(b: &FlagshipBoard) -> String {
    let piece = |p: BoardPiece| {
        if p.damaged {
            format!("{} (damaged)", p.kind.name())
        } else {
            p.kind.name().to_string()
        }
    };
    let cols: Vec<String> = Upgrade::ALL
        .into_iter()
        .filter_map(|u| {
            let c = b.columns[u.col()];
            let up = c.upgrade?;
            Some(match c.armor {
                Some(a) => format!("{}: {}, Armor {}", u.name(), piece(up), piece(a)),
                None => format!("{}: {}", u.name(), piece(up)),
            })
        })
        .collect();
    if cols.is_empty() {
        "empty".into()
    } else {
        cols.join("; ")
    }
}

/// Invariants: a seat has a Flagship board exactly when its piece is in
/// one in-play system (I1 of docs/flagships.md; the board type keeps I2).
/// Pieces on boards are counted with each seat's pieces by
/// `invariants::check` (I3). A seat with a Flagship may still hold Loyal
/// buildings in printed slots: it cannot *build* them (FS-07), but a Cede
/// Control can give it one (A-17).
pub fn check(s: &GameState) -> Result<(), String> {
    let Some(c) = s.campaign() else {
        if s.board.iter().any(|x| x.flagships != 0) {
            return Err("a Flagship outside the campaign".into());
        }
        return Ok(());
    };
    for x in SystemId::all() {
        let f = s.sys(x).flagships;
        if f >> s.players != 0 {
            return Err(format!("a Flagship of an absent seat in {x}"));
        }
        if f != 0 && !s.is_in_play(x) {
            return Err(format!("a Flagship in {x}, out of play"));
        }
    }
    for seat in s.seat_ids() {
        let n = SystemId::all()
            .filter(|x| s.sys(*x).flagships & (1 << seat.0) != 0)
            .count();
        let has = c.flagships[seat.index()].is_some();
        if n != usize::from(has) {
            return Err(format!(
                "{seat} has {} Flagship board and {n} Flagship pieces on the map",
                if has { "a" } else { "no" }
            ));
        }
    }
    for (i, b) in c.flagships.iter().enumerate() {
        if i >= s.players as usize && b.is_some() {
            return Err("a Flagship board of an absent seat".into());
        }
    }
    Ok(())
}

/// Scenario setup: `PN flagship S` places the seat's Flagship (with an
/// empty board unless `board` lines fill it); `PN board: COLUMN [armor]
/// [damaged] city|starport, ...` puts pieces on it (cities from the player
/// board, starports from the supply).
pub fn scenario_setup(s: &mut GameState, seat: Seat, w: &[String]) -> Result<bool, String> {
    let head = w[0].to_ascii_lowercase();
    match head.as_str() {
        "flagship" => {
            let sys = w
                .get(1)
                .and_then(|x| SystemId::parse(x))
                .ok_or("PN flagship SYSTEM")?;
            if !s.is_in_play(sys) {
                return Err(format!("{sys} is out of play"));
            }
            let c = s
                .campaign_mut()
                .ok_or("`flagship` needs a campaign game (mode campaign)")?;
            if c.flagships[seat.index()].is_some() {
                return Err(format!("{seat} already has a Flagship"));
            }
            c.flagships[seat.index()] = Some(FlagshipBoard::default());
            s.sys_mut(sys).flagships |= 1 << seat.0;
        }
        "board" => {
            if !s.has_flagship(seat) {
                return Err(format!(
                    "give {seat} a Flagship first (`{seat} flagship S`)"
                ));
            }
            let items: Vec<&String> = w[1..].iter().filter(|x| *x != ":" && *x != ",").collect();
            let mut i = 0;
            while i < items.len() {
                let u = Upgrade::parse(items[i]).ok_or_else(|| {
                    format!(
                        "unknown Upgrade {:?} (slipstream, tractor, control, defense, crane, hull)",
                        items[i]
                    )
                })?;
                i += 1;
                let mut armor = false;
                let mut damaged = false;
                loop {
                    match items.get(i).map(|x| x.to_ascii_lowercase()).as_deref() {
                        Some("armor") => armor = true,
                        Some("damaged") => damaged = true,
                        Some("fresh") => damaged = false,
                        _ => break,
                    }
                    i += 1;
                }
                let kind = match items.get(i).map(|x| x.to_ascii_lowercase()).as_deref() {
                    Some("city") => BuildingKind::City,
                    Some("starport") => BuildingKind::Starport,
                    _ => return Err("PN board: COLUMN [armor] [damaged] city|starport, ...".into()),
                };
                i += 1;
                let slot = BoardSlot { upgrade: u, armor };
                let b = s.flagship(seat).copied().unwrap_or_default();
                if armor && b.columns[u.col()].upgrade.is_none() {
                    return Err(format!("put {}'s Upgrade on before its Armor", u.name()));
                }
                if !put(s, seat, slot, kind, damaged, &mut crate::event::NoEvents) {
                    return Err(format!(
                        "{} is taken, or {seat} has no {} left",
                        slot.name(),
                        kind.name()
                    ));
                }
            }
        }
        _ => return Ok(false),
    }
    Ok(true)
}

/// `expect PN flagship S|none` and `expect PN board: ...|empty` (the
/// whole board, in any order).
pub fn scenario_expect(s: &GameState, seat: Seat, w: &[String]) -> Option<Result<(), String>> {
    let head = w[0].to_ascii_lowercase();
    match head.as_str() {
        "flagship" => {
            let got = s.flagship_at(seat);
            let want = match w.get(1).map(|x| x.as_str()) {
                Some("none") => None,
                Some(x) => match SystemId::parse(x) {
                    Some(sys) => Some(sys),
                    None => return Some(Err(format!("unknown system {x:?}"))),
                },
                None => return Some(Err("expect PN flagship S|none".into())),
            };
            Some(if got == want {
                Ok(())
            } else {
                Err(format!("{seat}'s Flagship is {got:?}, not {want:?}"))
            })
        }
        "board" => {
            let Some(got) = s.flagship(seat).copied() else {
                return Some(Err(format!("{seat} has no Flagship")));
            };
            let mut probe = s.clone();
            if let Some(c) = probe.campaign_mut() {
                c.flagships[seat.index()] = Some(FlagshipBoard::default());
            }
            // Give the probe the pieces back so the setup parser can place them.
            probe.seat_mut(seat).cities = 5;
            probe.seat_mut(seat).starports = 5;
            let rest: Vec<String> = w[1..].iter().filter(|x| *x != "empty").cloned().collect();
            let want = if rest.is_empty() {
                FlagshipBoard::default()
            } else {
                let mut line = vec!["board".to_string()];
                line.extend(rest);
                if let Err(e) = scenario_setup(&mut probe, seat, &line) {
                    return Some(Err(e));
                }
                probe.flagship(seat).copied().unwrap_or_default()
            };
            Some(if got == want {
                Ok(())
            } else {
                Err(format!(
                    "{seat}'s Flagship board is {}, not {}",
                    board_words(&got),
                    board_words(&want)
                ))
            })
        }
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn piece(kind: BuildingKind, damaged: bool) -> Option<BoardPiece> {
        Some(BoardPiece { kind, damaged })
    }

    /// FS-09: a column fills bottom first, and its Armor needs a fresh
    /// Upgrade.
    #[test]
    fn fs_09_next_slot_bottom_first_armor_on_fresh_upgrade() {
        let mut b = FlagshipBoard::default();
        let u = Upgrade::ShipCrane;
        assert_eq!(
            b.next_slot(u),
            Some(BoardSlot {
                upgrade: u,
                armor: false
            })
        );
        b.columns[u.col()].upgrade = piece(BuildingKind::City, true);
        assert_eq!(b.next_slot(u), None, "Armor on a damaged Upgrade");
        b.columns[u.col()].upgrade = piece(BuildingKind::City, false);
        assert_eq!(
            b.next_slot(u),
            Some(BoardSlot {
                upgrade: u,
                armor: true
            })
        );
        b.columns[u.col()].armor = piece(BuildingKind::Starport, false);
        assert_eq!(b.next_slot(u), None, "the column is full");
    }

    /// FS-19 and FS-27: battle hits take each column's top piece; a
    /// Crisis takes the rightmost Armor, else the rightmost Upgrade.
    #[test]
    fn fs_19_27_hit_targets_and_crisis_order() {
        let mut b = FlagshipBoard::default();
        b.columns[0].upgrade = piece(BuildingKind::Starport, false);
        b.columns[0].armor = piece(BuildingKind::City, false);
        b.columns[3].upgrade = piece(BuildingKind::Starport, false);
        b.columns[5].upgrade = piece(BuildingKind::City, false);
        let t: Vec<BoardSlot> = b.hit_targets().collect();
        assert_eq!(
            t,
            vec![
                BoardSlot {
                    upgrade: Upgrade::SlipstreamDrive,
                    armor: true
                },
                BoardSlot {
                    upgrade: Upgrade::DefenseArray,
                    armor: false
                },
                BoardSlot {
                    upgrade: Upgrade::Hull,
                    armor: false
                },
            ]
        );
        assert_eq!(
            b.crisis_target(),
            Some(BoardSlot {
                upgrade: Upgrade::SlipstreamDrive,
                armor: true
            })
        );
        b.columns[0].armor = None;
        assert_eq!(
            b.crisis_target(),
            Some(BoardSlot {
                upgrade: Upgrade::Hull,
                armor: false
            })
        );
        assert_eq!(b.fresh_starports(), 2);
    }

    /// The board's columns and planets as printed (L1715–1720).
    #[test]
    fn columns_and_planets_as_printed() {
        use Resource::*;
        let want = [
            ("slipstream", Some(Fuel), Some(Relic)),
            ("tractor", Some(Relic), Some(Weapon)),
            ("control", Some(Psionic), Some(Material)),
            ("defense", Some(Weapon), Some(Psionic)),
            ("crane", Some(Material), Some(Fuel)),
            ("hull", None, None),
        ];
        for (i, (w, up, ar)) in want.into_iter().enumerate() {
            let u = Upgrade::parse(w).unwrap();
            assert_eq!(u.col(), i);
            assert_eq!((u.upgrade_planet(), u.armor_planet()), (up, ar));
        }
        assert_eq!(Upgrade::parse("Ship Crane"), Some(Upgrade::ShipCrane));
        assert_eq!(Upgrade::parse("hul"), None);
    }

    fn sys(x: &str) -> SystemId {
        SystemId::parse(x).unwrap()
    }

    /// FS-01/02, A-16: gaining a Flagship, the seat places it in a system
    /// with its pieces; its cities and starports in the map's slots become
    /// Free (damaged stays damaged); a Gate Port outside the slots stays.
    #[test]
    fn fs_02_gain_places_the_flagship_and_frees_buildings() {
        let mut s = crate::campaign::scenario::test_state(
            "system 1.3: P1 city, P1 damaged starport\nsystem 4.1: P2 city",
        );
        let p1 = Seat(0);
        let free_cities = s.campaign().unwrap().free_cities;
        begin_gain(&mut s, p1);
        let mut out = Vec::new();
        let who = s.settle(&mut crate::event::NoEvents, &mut out);
        assert_eq!(who, Some(p1));
        assert_eq!(
            out,
            vec![Choice::System(sys("1.1")), Choice::System(sys("1.3"))]
        );
        s.apply_for(p1, Choice::System(sys("1.3")), &mut crate::event::NoEvents);
        assert_eq!(s.flagship_at(p1), Some(sys("1.3")));
        assert_eq!(s.flagship(p1), Some(&FlagshipBoard::default()));
        let slots = s.sys(sys("1.3")).slots;
        assert_eq!(
            slots[0].map(|b| (b.owner, b.kind, b.damaged)),
            Some((Owner::Free, BuildingKind::City, false))
        );
        assert_eq!(
            slots[1].map(|b| (b.owner, b.kind, b.damaged)),
            Some((Owner::Free, BuildingKind::Starport, true))
        );
        assert_eq!((s.seat(p1).cities, s.seat(p1).starports), (5, 5));
        assert_eq!(s.campaign().unwrap().free_cities, free_cities - 1);
        // P2's city is not touched.
        assert_eq!(
            s.sys(sys("4.1")).slots[0].unwrap().owner,
            Owner::Seat(Seat(1))
        );
        crate::invariants::check(&s).unwrap();
    }

    /// A-16: with the Free supply empty, gaining a Flagship still frees
    /// its buildings, with proxies; a Free piece returning takes a proxy
    /// away first, so every piece stays counted.
    #[test]
    fn gain_with_an_empty_free_supply_uses_proxies() {
        let mut s = crate::campaign::scenario::test_state("system 1.3: P1 starport");
        let p1 = Seat(0);
        let left = s.campaign().unwrap().free_starports;
        s.campaign_mut().unwrap().free_starports = 0;
        // The starports that "left" the supply: count them as scrapped by
        // placing them in a Trophy box of P2, so the invariant holds.
        *s.seat_mut(Seat(1))
            .trophy(Owner::Free, TrophyKind::Starport) += left;
        crate::invariants::check(&s).unwrap();
        gain(&mut s, p1, sys("1.3"), &mut crate::event::NoEvents);
        assert_eq!(s.campaign().unwrap().free_proxies, [0, 1]);
        crate::invariants::check(&s).unwrap();
        s.destroy_building(sys("1.3"), 0, None, &mut crate::event::NoEvents);
        assert_eq!(s.campaign().unwrap().free_proxies, [0, 0]);
        assert_eq!(s.campaign().unwrap().free_starports, 0);
        crate::invariants::check(&s).unwrap();
    }

    /// FS-05: the Flagship counts as one fresh ship of its seat for
    /// control, the Empire's fresh ships still control.
    #[test]
    fn fs_05_flagship_counts_for_control() {
        let mut x = crate::state::SystemState {
            flagships: 1,
            ..Default::default()
        };
        assert_eq!(x.controller(), Some(Owner::Seat(Seat(0))));
        x.ships[1].fresh = 1;
        assert_eq!(x.controller(), None, "a tie");
        x.ships[0].damaged = 3;
        assert_eq!(x.controller(), None, "damaged ships never count");
        x.ships[0].fresh = 1;
        assert_eq!(x.controller(), Some(Owner::Seat(Seat(0))));
        x.ships[Owner::Empire.index()].fresh = 1;
        assert_eq!(x.controller(), Some(Owner::Empire));
    }

    /// The invariants catch a board without its piece, and a piece
    /// without its board.
    #[test]
    fn invariants_tie_the_piece_to_its_board() {
        let mut s = crate::campaign::scenario::test_state("P1 flagship 1.1");
        crate::invariants::check(&s).unwrap();
        s.sys_mut(sys("1.1")).flagships = 0;
        assert!(crate::invariants::check(&s).is_err());
        s.sys_mut(sys("2.1")).flagships = 2;
        assert!(crate::invariants::check(&s).is_err());
    }

    /// Random Acts II where every seat has a Flagship with pieces on its
    /// board: every choice keeps every invariant (pieces conserved, the
    /// piece tied to its board, the board index current), the saves read
    /// back and replay (`deep`), and the game ends.
    #[test]
    fn random_acts_with_flagships_keep_every_invariant() {
        use crate::config::{Config, PreviousAct};
        let columns = [
            (Upgrade::Hull, false, BuildingKind::City),
            (Upgrade::Hull, true, BuildingKind::Starport),
            (Upgrade::ShipCrane, false, BuildingKind::Starport),
            (Upgrade::DefenseArray, false, BuildingKind::Starport),
            (Upgrade::TractorBeam, false, BuildingKind::City),
        ];
        // Builds on boards, hits on board pieces, Flagships moving.
        let mut seen = [0usize; 3];
        for players in [2u8, 3, 4] {
            for seed in 0..20u64 {
                let c = Config::campaign_without_fates(players);
                let (_, end) = crate::sim::play_one(&c, seed, false).expect("Act I plays");
                let mut prev = end.state().clone();
                for x in prev.seat_ids() {
                    let at = placement_targets(&prev, x)[0];
                    gain(&mut prev, x, at, &mut crate::event::NoEvents);
                    for (k, (u, armor, kind)) in columns.iter().enumerate() {
                        let under = prev.flagship(x).is_some_and(|b| b.has(*u));
                        if !(k + x.index() + seed as usize).is_multiple_of(3) && (!armor || under) {
                            let slot = BoardSlot {
                                upgrade: *u,
                                armor: *armor,
                            };
                            place(&mut prev, x, slot, *kind, &mut crate::event::NoEvents);
                        }
                    }
                }
                crate::invariants::check(&prev).expect("a consistent start");
                let mut next = Config::campaign_without_fates(players);
                next.campaign.act = 2;
                next.campaign.previous = Some(PreviousAct::new(prev));
                let (_, g) = crate::sim::play_one(&next, seed, seed == 0)
                    .unwrap_or_else(|v| panic!("{players}p seed {seed}: {v:?}"));
                assert!(matches!(g.pending(), crate::game::Pending::Over(_)));
                let texts = [
                    "of their Flagship",
                    "Flagship is damaged",
                    "moves their Flagship",
                ];
                for (n, text) in seen.iter_mut().zip(texts) {
                    *n += g.log().iter().filter(|e| e.text.contains(text)).count();
                }
            }
        }
        assert!(
            seen.iter().all(|n| *n > 0),
            "random play reaches each: {seen:?}"
        );
    }

    /// A board read from outside never has an Armor without its Upgrade.
    #[test]
    fn armor_without_upgrade_is_refused_on_read() {
        let json = r#"[{},{},{},{},{},{"armor":{"kind":"city"}}]"#;
        assert!(serde_json::from_str::<FlagshipBoard>(json).is_err());
        let ok = r#"[{},{},{},{},{},{"upgrade":{"kind":"city","damaged":true}}]"#;
        let b: FlagshipBoard = serde_json::from_str(ok).unwrap();
        assert_eq!(b.count(BuildingKind::City), 1);
    }
}
