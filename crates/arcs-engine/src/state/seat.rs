//! One player's board, supply and play area.

use crate::data::{open_board_slots, BOARD_SLOTS};
use crate::ids::*;
use arrayvec::ArrayVec;
use serde::{Deserialize, Serialize};

/// Kinds of pieces that can be Trophies (B-CORE-04).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum TrophyKind {
    Ship,
    Starport,
    City,
    Agent,
}

impl TrophyKind {
    pub const ALL: [TrophyKind; 4] = [
        TrophyKind::Ship,
        TrophyKind::Starport,
        TrophyKind::City,
        TrophyKind::Agent,
    ];
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeatState {
    pub hand: CardSet,
    pub power: i32,
    /// Pieces in the personal supply (B-GLOS-15).
    pub ships: u8,
    pub starports: u8,
    pub agents: u8,
    /// Cities still on the board; they occupy the rightmost city slots
    /// (AMB-49), so a count is the whole board state.
    pub cities: u8,
    /// Resource slots left to right; index 6 is the Ancient Holdings slot.
    pub resources: [Option<Resource>; 7],
    /// Outraged types, bit per [`Resource`] (B-CITY-02).
    pub outrage: u8,
    /// Outrage icons covered by a placeholder instead of an agent (B-CITY-05).
    pub placeholders: u8,
    /// Trophies by original owner and kind (B-CORE-04).
    pub trophies: [[u8; 4]; MAX_OWNERS],
    /// Captured agents by original owner (B-CORE-05).
    pub captives: [u8; MAX_OWNERS],
    pub guild: ArrayVec<CardId, 32>,
    pub lore: ArrayVec<CardId, 4>,
    pub leader: Option<CardId>,
    pub resigned: bool,
    /// Pieces returned to the box for good (B-GLOS-11 scrap; scenarios that
    /// set a smaller supply), by [`TrophyKind`].
    pub scrapped: [u8; 4],
}

impl SeatState {
    pub fn new() -> SeatState {
        SeatState {
            hand: CardSet::default(),
            power: 0,
            ships: 15,
            starports: 5,
            agents: 10,
            cities: 5,
            resources: [None; 7],
            outrage: 0,
            placeholders: 0,
            trophies: [[0; 4]; MAX_OWNERS],
            captives: [0; MAX_OWNERS],
            guild: ArrayVec::new(),
            lore: ArrayVec::new(),
            leader: None,
            resigned: false,
            scrapped: [0; 4],
        }
    }
    pub fn is_outraged(&self, r: Resource) -> bool {
        self.outrage & (1 << r.index()) != 0
    }
    /// Board slots currently open (not covered by a city), plus card slots.
    pub fn open_slots(&self, card_slot: bool) -> impl Iterator<Item = usize> {
        let board = open_board_slots(self.cities);
        (0..board).chain(if card_slot { Some(BOARD_SLOTS) } else { None })
    }
    pub fn count_resource(&self, r: Resource) -> u8 {
        self.resources.iter().filter(|x| **x == Some(r)).count() as u8
    }
    pub fn resource_count(&self) -> usize {
        self.resources.iter().filter(|x| x.is_some()).count()
    }
    pub fn trophy_total(&self) -> u32 {
        self.trophies.iter().flatten().map(|&x| x as u32).sum()
    }
    pub fn captive_total(&self) -> u32 {
        self.captives.iter().map(|&x| x as u32).sum()
    }
    pub fn trophy(&mut self, owner: Owner, kind: TrophyKind) -> &mut u8 {
        &mut self.trophies[owner.index()][kind as usize]
    }
}

impl Default for SeatState {
    fn default() -> Self {
        Self::new()
    }
}
