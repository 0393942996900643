//! Pieces in one system.

use crate::ids::{Owner, MAX_OWNERS};
use serde::{Deserialize, Serialize};

/// The extra building slot used by cards that build outside printed slots
/// (Cloud Cities, Gate Stations, Gate Ports). Printed slots are 0 and 1.
pub const EXTRA_SLOT: u8 = 2;

#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct ShipCount {
    pub fresh: u8,
    pub damaged: u8,
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
}

impl SystemState {
    pub fn ships_of(&self, o: Owner) -> ShipCount {
        self.ships[o.index()]
    }
    pub fn ships_mut(&mut self, o: Owner) -> &mut ShipCount {
        &mut self.ships[o.index()]
    }
    /// B-CORE-02: strictly more fresh ships than every other owner.
    pub fn controller(&self) -> Option<Owner> {
        let mut best = 0u8;
        let mut who = None;
        let mut tie = false;
        for (i, s) in self.ships.iter().enumerate() {
            if s.fresh > best {
                best = s.fresh;
                who = Some(i);
                tie = false;
            } else if s.fresh == best && best > 0 {
                tie = true;
            }
        }
        if tie {
            None
        } else {
            who.map(Owner::from_index)
        }
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
    pub fn has_pieces_of(&self, o: Owner) -> bool {
        self.ships_of(o).total() > 0 || self.buildings_of(o).next().is_some()
    }
}
