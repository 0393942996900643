//! Pieces in one system.

use crate::ids::{Owner, SystemId, MAX_OWNERS};
use serde::{Deserialize, Serialize};

/// The extra building slot used by cards that build outside printed slots
/// (Cloud Cities, Gate Stations, Gate Ports). Printed slots are 0 and 1.
pub const EXTRA_SLOT: u8 = 2;

#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "RawShipCount")]
pub struct ShipCount {
    pub fresh: u8,
    pub damaged: u8,
}

/// A ship count as read, checked before it becomes a [`ShipCount`]: no
/// owner has more than 100 pieces of a kind, so `total` never overflows
/// (a stored position is read from outside, e.g. a continued Act).
#[derive(Deserialize)]
struct RawShipCount {
    fresh: u8,
    damaged: u8,
}

impl TryFrom<RawShipCount> for ShipCount {
    type Error = String;
    fn try_from(r: RawShipCount) -> Result<Self, String> {
        if r.fresh as u16 + r.damaged as u16 > 100 {
            return Err(format!(
                "{} ships in one system",
                r.fresh as u16 + r.damaged as u16
            ));
        }
        Ok(ShipCount {
            fresh: r.fresh,
            damaged: r.damaged,
        })
    }
}

impl ShipCount {
    pub fn total(self) -> u8 {
        self.fresh + self.damaged
    }
}

#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum BuildingKind {
    City,
    Starport,
}

impl BuildingKind {
    pub fn name(self) -> &'static str {
        match self {
            BuildingKind::City => "city",
            BuildingKind::Starport => "starport",
        }
    }
}

#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Building {
    pub owner: Owner,
    pub kind: BuildingKind,
    pub damaged: bool,
}

#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct SystemState {
    pub ships: [ShipCount; MAX_OWNERS],
    pub slots: [Option<Building>; 3],
    /// Seats whose Flagship is here, a bit each (campaign rules p22,
    /// `campaign/flagship.rs`): a fresh Loyal ship that no ship count holds,
    /// so nothing that removes ships can remove it (FS-05).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub flagships: u8,
}

fn is_zero(n: &u8) -> bool {
    *n == 0
}

impl SystemState {
    pub fn ships_of(&self, o: Owner) -> ShipCount {
        self.ships[o.index()]
    }
    pub fn ships_mut(&mut self, o: Owner) -> &mut ShipCount {
        &mut self.ships[o.index()]
    }
    /// B-CORE-02: strictly more fresh ships than every other owner. In the
    /// campaign the Empire controls every system with a fresh Imperial
    /// ship, whatever the players' fleets (campaign rules p10); the Blight
    /// and the Free States have no ships and never control.
    pub fn controller(&self) -> Option<Owner> {
        if self.ships[Owner::Empire.index()].fresh > 0 {
            return Some(Owner::Empire);
        }
        if self.flagships != 0 {
            return self.controller_with_flagships();
        }
        // The largest fresh fleet among the seats, then which seats have it
        // as a mask: no branch per seat (fleet sizes differ every call, so
        // branches mispredict; this runs for every Tax, Build and Move
        // check).
        let seats = &self.ships[..crate::ids::MAX_SEATS];
        let best = seats.iter().fold(0, |m, s| m.max(s.fresh));
        let with_best = seats
            .iter()
            .enumerate()
            .fold(0u8, |m, (i, s)| m | ((s.fresh == best) as u8) << i);
        // Exactly one owner has it (a single bit; `best > 0` makes it non-empty).
        (best > 0 && with_best & (with_best - 1) == 0)
            .then(|| Owner::from_index(with_best.trailing_zeros() as usize))
    }
    /// [`controller`](Self::controller) where a Flagship counts as one
    /// fresh ship of its seat (FS-05); out of line, as only campaign games
    /// with Flagships ask.
    #[cold]
    #[inline(never)]
    fn controller_with_flagships(&self) -> Option<Owner> {
        let fleet = |i: usize| self.ships[i].fresh as u16 + (self.flagships >> i & 1) as u16;
        let best = (0..crate::ids::MAX_SEATS).map(fleet).max().unwrap_or(0);
        let mut with_best = (0..crate::ids::MAX_SEATS).filter(|&i| fleet(i) == best);
        match (best > 0, with_best.next(), with_best.next()) {
            (true, Some(i), None) => Some(Owner::from_index(i)),
            _ => None,
        }
    }
    /// The seat's Flagship is here.
    #[inline]
    pub fn has_flagship_of(&self, o: Owner) -> bool {
        self.flagships >> o.index() & 1 != 0
    }
    pub fn buildings(&self) -> impl Iterator<Item = (u8, Building)> + '_ {
        self.slots
            .iter()
            .enumerate()
            .filter_map(|(i, b)| b.map(|b| (i as u8, b)))
    }
    pub fn buildings_of(&self, o: Owner) -> impl Iterator<Item = (u8, Building)> + '_ {
        self.buildings().filter(move |(_, b)| b.owner == o)
    }
    #[inline]
    pub fn has_pieces_of(&self, o: Owner) -> bool {
        self.ships_of(o).total() > 0
            || self.buildings_of(o).next().is_some()
            || self.has_flagship_of(o)
    }
}

/// Every system's pieces, with an index of where each owner's pieces are
/// (one bit per [`SystemId`]). Rules ask the index instead of scanning the
/// 24 systems ("can this seat Repair / Move / Battle?", docs/performance.md).
/// The systems are private: every change goes through [`Board::get_mut`],
/// whose guard re-indexes the system when it is dropped.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(from = "Systems", into = "Systems")]
pub struct Board {
    systems: Systems,
    index: BoardIndex,
}

type Systems = [SystemState; SystemId::COUNT];

/// Bit `i` of a mask is system `i`.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
struct BoardIndex {
    ships: [u32; MAX_OWNERS],
    buildings: [u32; MAX_OWNERS],
    starports: [u32; MAX_OWNERS],
    cities: [u32; MAX_OWNERS],
    /// Damaged ships or damaged buildings (what Repair can target).
    damaged: [u32; MAX_OWNERS],
}

impl BoardIndex {
    #[inline(always)]
    fn update(&mut self, i: usize, x: &SystemState) {
        let bit = 1u32 << i;
        let on = |b: bool| (b as u32) << i;
        for o in 0..MAX_OWNERS {
            let ships = x.ships[o];
            self.ships[o] = (self.ships[o] & !bit) | on(ships.total() > 0);
            self.damaged[o] = (self.damaged[o] & !bit) | on(ships.damaged > 0);
            self.buildings[o] &= !bit;
            self.starports[o] &= !bit;
            self.cities[o] &= !bit;
        }
        if x.flagships != 0 {
            self.add_flagships(bit, x.flagships);
        }
        for b in x.slots.iter().flatten() {
            let o = b.owner.index();
            self.buildings[o] |= bit;
            self.damaged[o] |= on(b.damaged);
            match b.kind {
                BuildingKind::City => self.cities[o] |= bit,
                BuildingKind::Starport => self.starports[o] |= bit,
            }
        }
    }
}

impl BoardIndex {
    /// Re-indexes system `i` for the owners in `owners` whose ships alone
    /// changed (their buildings, and everyone else, are as indexed).
    fn update_ships(&mut self, i: usize, x: &SystemState, mut owners: u8) {
        let bit = 1u32 << i;
        let on = |b: bool| (b as u32) << i;
        while owners != 0 {
            let o = owners.trailing_zeros() as usize;
            owners &= owners - 1;
            let ships = x.ships[o];
            let damaged_building = x
                .slots
                .iter()
                .flatten()
                .any(|b| b.owner.index() == o && b.damaged);
            self.ships[o] = (self.ships[o] & !bit) | on(ships.total() > 0);
            self.damaged[o] = (self.damaged[o] & !bit) | on(ships.damaged > 0 || damaged_building);
        }
        if x.flagships != 0 {
            self.add_flagships(1u32 << i, x.flagships);
        }
    }

    /// A Flagship is a ship of its seat in its system (FS-05); out of line,
    /// as only campaign games with Flagships have one.
    #[cold]
    #[inline(never)]
    fn add_flagships(&mut self, bit: u32, mut seats: u8) {
        while seats != 0 {
            let o = seats.trailing_zeros() as usize;
            seats &= seats - 1;
            self.ships[o] |= bit;
        }
    }
}

impl From<Systems> for Board {
    fn from(systems: Systems) -> Board {
        let mut index = BoardIndex::default();
        for (i, x) in systems.iter().enumerate() {
            index.update(i, x);
        }
        Board { systems, index }
    }
}

impl From<Board> for Systems {
    fn from(b: Board) -> Systems {
        b.systems
    }
}

impl Default for Board {
    fn default() -> Board {
        // Empty systems: nothing to index (every game starts here).
        Board {
            systems: [SystemState::default(); SystemId::COUNT],
            index: BoardIndex::default(),
        }
    }
}

impl Board {
    pub fn get(&self, s: SystemId) -> &SystemState {
        &self.systems[s.index()]
    }
    /// A system to change; the index follows when the guard is dropped.
    pub fn get_mut(&mut self, s: SystemId) -> SystemMut<'_> {
        SystemMut {
            board: self,
            i: s.index(),
            ships_of: 0,
            all: false,
        }
    }
    /// Whether the index matches the systems (checked by the invariant
    /// suite; the guard of [`Board::get_mut`] keeps it so).
    pub fn index_is_current(&self) -> bool {
        Board::from(self.systems).index == self.index
    }
    pub fn iter(&self) -> std::slice::Iter<'_, SystemState> {
        self.systems.iter()
    }
    /// Systems where `o` has a ship.
    pub fn ships(&self, o: Owner) -> u32 {
        self.index.ships[o.index()]
    }
    /// Systems where `o` has a building.
    pub fn buildings(&self, o: Owner) -> u32 {
        self.index.buildings[o.index()]
    }
    /// Systems where `o` has a ship or a building.
    pub fn pieces(&self, o: Owner) -> u32 {
        self.ships(o) | self.buildings(o)
    }
    /// Systems where `o` has a starport.
    pub fn starports(&self, o: Owner) -> u32 {
        self.index.starports[o.index()]
    }
    /// Systems where `o` has a city.
    pub fn cities(&self, o: Owner) -> u32 {
        self.index.cities[o.index()]
    }
    /// Systems where `o` has a damaged ship or building.
    pub fn damaged(&self, o: Owner) -> u32 {
        self.index.damaged[o.index()]
    }
    /// Systems with a starport of any owner.
    pub fn any_starports(&self) -> u32 {
        self.index.starports.iter().fold(0, |m, x| m | x)
    }
    /// Systems with a city of any owner.
    pub fn any_cities(&self) -> u32 {
        self.index.cities.iter().fold(0, |m, x| m | x)
    }
    /// Systems where some owner other than `o` has a ship or building.
    #[inline]
    pub fn others_pieces(&self, o: Owner) -> u32 {
        (0..MAX_OWNERS)
            .filter(|&i| i != o.index())
            .fold(0, |m, i| m | self.index.ships[i] | self.index.buildings[i])
    }
}

/// A system being changed: derefs to its [`SystemState`] and re-indexes it
/// when dropped. Changes made through [`SystemMut::ships_mut`] (most of a
/// game's: moves, battles, builds) re-index only those owners' ships; any
/// other mutable access re-indexes the whole system.
pub struct SystemMut<'a> {
    board: &'a mut Board,
    i: usize,
    /// Owners whose ships were handed out by `ships_mut` (bit per owner).
    ships_of: u8,
    /// The system was borrowed mutably as a whole.
    all: bool,
}

impl SystemMut<'_> {
    /// `o`'s ships here, to change (shadows [`SystemState::ships_mut`] so
    /// the guard knows only they changed).
    pub fn ships_mut(&mut self, o: Owner) -> &mut ShipCount {
        self.ships_of |= 1 << o.index();
        &mut self.board.systems[self.i].ships[o.index()]
    }
}

impl std::ops::Deref for SystemMut<'_> {
    type Target = SystemState;
    fn deref(&self) -> &SystemState {
        &self.board.systems[self.i]
    }
}

impl std::ops::DerefMut for SystemMut<'_> {
    fn deref_mut(&mut self) -> &mut SystemState {
        self.all = true;
        &mut self.board.systems[self.i]
    }
}

impl Drop for SystemMut<'_> {
    fn drop(&mut self) {
        let b = &mut *self.board;
        let x = &b.systems[self.i];
        if self.all {
            b.index.update(self.i, x);
        } else if self.ships_of != 0 {
            b.index.update_ships(self.i, x, self.ships_of);
        }
    }
}

/// The systems set in `mask`, lowest first.
pub fn systems_in(mut mask: u32) -> impl Iterator<Item = SystemId> {
    std::iter::from_fn(move || {
        if mask == 0 {
            return None;
        }
        let i = mask.trailing_zeros();
        mask &= mask - 1;
        Some(SystemId(i as u8))
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ids::MAX_SEATS;
    use proptest::prelude::*;

    proptest! {
        /// B-CORE-02 read literally: the seat with strictly more fresh
        /// ships than every other seat; damaged ships never count. With a
        /// fresh Imperial ship the Empire controls, whatever the seats'
        /// fleets (campaign rules p10); Free States and Blight never do.
        #[test]
        fn controller_is_the_strictly_largest_fresh_fleet(
            fleets in proptest::collection::vec((0u8..4, 0u8..3), MAX_OWNERS)
        ) {
            let mut x = SystemState::default();
            for (i, (fresh, damaged)) in fleets.iter().enumerate() {
                x.ships[i] = ShipCount { fresh: *fresh, damaged: *damaged };
            }
            let empire = Owner::Empire.index();
            let expected = if fleets[empire].0 > 0 {
                Some(Owner::Empire)
            } else {
                (0..MAX_SEATS)
                    .find(|&i| {
                        fleets[i].0 > 0
                            && (0..MAX_SEATS).all(|j| j == i || fleets[j].0 < fleets[i].0)
                    })
                    .map(Owner::from_index)
            };
            prop_assert_eq!(x.controller(), expected);
        }
    }
}
