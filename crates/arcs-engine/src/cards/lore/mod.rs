//! Lore cards (Leaders & Lore): L01–L14 of the base game and L15–L28 of
//! the Leaders & Lore pack. Lore never counts for ambitions and can never
//! be stolen (B-LL-08). Each module holds its cards' behaviours and
//! procedures.

pub mod base;
pub mod pack;

use super::Behavior;

/// Every implemented lore card, by family.
pub static FAMILIES: &[&[&Behavior]] = &[base::CARDS, pack::CARDS];
