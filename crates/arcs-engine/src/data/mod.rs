//! Printed component data and the card catalog, parsed once from the JSON
//! checked in under `crates/arcs-engine/data/` (generated from `../shared`).
//! Hot paths use the typed tables here, never the JSON.

mod catalog;
mod components;

pub use catalog::{catalog, plain_text, CardInfo, CardKind, CardSet as CatalogSet, Catalog};
pub use components::{
    components, Components, DieFace, DieKind, LeaderBox, LeaderSetup, SetupCard, SetupStart,
};

use crate::ids::{Resource, Suit, SystemId};

/// Pips on an action card (components.md §3).
pub fn action_pips(suit: Suit, number: u8) -> u8 {
    const TABLE: [[u8; 7]; 4] = [
        [4, 4, 3, 3, 3, 2, 1], // Administration
        [3, 3, 2, 2, 2, 2, 1], // Aggression
        [4, 4, 3, 3, 2, 2, 1], // Construction
        [4, 4, 3, 3, 2, 2, 1], // Mobilization
    ];
    TABLE[suit as usize][(number - 1) as usize]
}

/// Pips of the Believer's Faithful action card numbered `number` (1..=9;
/// `reference/components.md` §11 `faithful_action_cards`: 4, 4, 3, 3, 3,
/// 2, 2, 1, 1); 0 for any other number.
pub fn faithful_pips(number: u8) -> u8 {
    const TABLE: [u8; 9] = [4, 4, 3, 3, 3, 2, 2, 1, 1];
    TABLE
        .get((number as usize).wrapping_sub(1))
        .copied()
        .unwrap_or(0)
}

/// Planet type of a system (`None` for gates).
pub fn planet_type(s: SystemId) -> Option<Resource> {
    components().planet_type[s.index()]
}

/// Printed building slots of a system (0 for gates).
pub fn building_slots(s: SystemId) -> u8 {
    components().building_slots[s.index()]
}

/// Adjacency on the full map, as a bitmask of systems (B-MAP-02..04).
pub fn full_adjacency(s: SystemId) -> u32 {
    components().adjacency[s.index()]
}

/// Raid cost in keys of each player-board resource slot, left to right,
/// plus the Ancient Holdings card slot (C-L13) as index 6.
pub const SLOT_RAID_COST: [u8; 7] = [3, 1, 1, 2, 1, 3, 4];
/// Board resource slots (the seventh slot lives on a lore card).
pub const BOARD_SLOTS: usize = 6;

/// Resource slots open on the board given how many cities are still on it
/// (components.md §6): 5→2, 4→3, 3→4, 2 or fewer→6.
pub fn open_board_slots(cities_on_board: u8) -> usize {
    match cities_on_board {
        5 => 2,
        4 => 3,
        3 => 4,
        _ => 6,
    }
}

/// Bonus Power for a sole first place given the cities on the board
/// (B-SCORE-07): +2 once city slot 4 is empty, +5 once slot 5 is too.
pub fn city_bonus(cities_on_board: u8) -> i32 {
    match cities_on_board {
        0 => 5,
        1 => 2,
        _ => 0,
    }
}

/// Power that ends the game at a chapter's end (B-GAME-01).
pub fn power_to_win(players: u8) -> i32 {
    match players {
        2 => 33,
        3 => 30,
        _ => 27,
    }
}

/// Ambition marker values `[blue side, flipped side]` as (first, second)
/// (components.md §5).
pub const MARKERS: [[(i32, i32); 2]; 3] = [[(2, 0), (4, 2)], [(3, 2), (6, 3)], [(5, 3), (9, 4)]];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pips_table_matches_components_json() {
        let c = components();
        for (suit, number, pips) in &c.action_pips {
            assert_eq!(action_pips(*suit, *number), *pips, "{suit:?} {number}");
        }
        assert_eq!(c.action_pips.len(), 28);
    }

    #[test]
    fn markers_match_components_json() {
        assert_eq!(components().markers, MARKERS);
    }

    #[test]
    fn board_slots_match_components_json() {
        assert_eq!(components().slot_raid_costs, SLOT_RAID_COST[..6].to_vec());
    }

    /// B-MAP-01..04: 24 systems, 38 edges, gates ring, planets adjacent to
    /// their gate.
    #[test]
    fn b_map_01_to_04_topology() {
        let mut edges = 0;
        for s in SystemId::all() {
            edges += full_adjacency(s).count_ones();
            let gate = SystemId::new(s.cluster(), 0);
            if !s.is_gate() {
                assert!(full_adjacency(s) & gate.bit() != 0);
            }
        }
        assert_eq!(edges / 2, 38);
        assert_eq!(SystemId::all().filter(|s| s.is_gate()).count(), 6);
        // B-MAP-07: types and slots
        let slots: u32 = SystemId::all().map(|s| building_slots(s) as u32).sum();
        assert_eq!(slots, 26);
    }
}
