//! Lore cards (Leaders & Lore): L01–L14 of the base game and L15–L28 of
//! the Leaders & Lore pack. Lore never counts for ambitions and can never
//! be stolen (B-LL-08).

mod base;
mod pack;

use super::Behavior;

pub static ALL: &[&Behavior] = &[
    &base::TOOL_PRIESTS,
    &base::GALACTIC_RIFLES,
    &base::SPRINTER_DRIVES,
    &base::MIRROR_PLATING,
    &base::HIDDEN_HARBORS,
    &base::SIGNAL_BREAKER,
    &base::REPAIR_DRONES,
    &base::GATE_PORTS,
    &base::CLOUD_CITIES,
    &base::LIVING_STRUCTURES,
    &base::GATE_STATIONS,
    &base::RAILGUN_ARRAYS,
    &base::ANCIENT_HOLDINGS,
    &base::SEEKER_TORPEDOES,
    &pack::PREDICTIVE_SENSORS,
    &pack::FORCE_BEAMS,
    &pack::RAIDER_EXOSUITS,
    &pack::SURVIVAL_OVERRIDES,
    &pack::EMPATHS_VISION,
    &pack::EMPATHS_BOND,
    &pack::KEEPERS_TRUST,
    &pack::KEEPERS_SOLIDARITY,
    &pack::WARLORDS_CRUELTY,
    &pack::WARLORDS_TERROR,
    &pack::TYRANTS_EGO,
    &pack::TYRANTS_AUTHORITY,
    &pack::TYCOONS_AMBITION,
    &pack::TYCOONS_CHARM,
];

/// The card id of a lore code (for effects that name their card).
pub(crate) fn id(code: &str) -> crate::ids::CardId {
    crate::ids::CardId::parse(code).expect("lore card in the catalog")
}
