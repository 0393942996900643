//! One player's board, supply and play area.

use crate::data::{open_board_slots, BOARD_SLOTS};
use crate::ids::*;
use serde::{Deserialize, Serialize};

/// The most lore cards a seat can hold (the Caretaker collects them,
/// ARCS-F512B; a base game seat holds a handful).
pub const LORE_MAX: usize = 12;

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

#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
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
    #[serde(flatten)]
    held: Held,
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
            held: Held::default(),
            resigned: false,
            scrapped: [0; 4],
        }
    }
    /// Guild cards in the play area, in the order gained.
    pub fn guild(&self) -> &[CardId] {
        &self.held.guild
    }
    /// Lore cards held (Leaders & Lore).
    pub fn lore(&self) -> &[CardId] {
        &self.held.lore
    }
    pub fn leader(&self) -> Option<CardId> {
        self.held.leader
    }
    /// Every card held in play, in order: Guild cards, lore, the leader,
    /// abilities (a flat walk; a chain of four iterators cost the hook
    /// queries on the hot path more than their bodies, issue 19).
    #[inline]
    pub fn held_cards(&self) -> HeldIter<'_> {
        HeldIter {
            held: &self.held,
            part: 0,
            i: 0,
        }
    }
    /// Ability cards kept in play (campaign Fates: Partisan Seizing): cards
    /// with powers that are neither Guild nor lore cards, so they never
    /// count, move or get stolen as those do.
    pub fn abilities(&self) -> &[CardId] {
        &self.held.abilities
    }
    /// Bits of [`crate::cards::Hook`] that some held card has.
    pub fn hooks(&self) -> u64 {
        self.held.hooks
    }
    /// Whether the hook bits match the cards (checked by the invariant suite).
    pub fn hooks_are_current(&self) -> bool {
        let mut h = self.held;
        h.change(|_| ());
        h.hooks == self.held.hooks
    }
    /// Adds a Guild card; false (and no change) when the area is full.
    pub fn add_guild(&mut self, card: CardId) -> bool {
        self.held.change(|h| h.guild.try_push(card).is_none())
    }
    /// Removes a Guild card; false when the seat does not hold it.
    pub fn remove_guild(&mut self, card: CardId) -> bool {
        self.held.change(|h| remove(&mut h.guild, card))
    }
    /// Adds a lore card; false (and no change) when the seat holds 4.
    pub fn add_lore(&mut self, card: CardId) -> bool {
        self.held.change(|h| h.lore.try_push(card).is_none())
    }
    /// Removes a lore card; false when the seat does not hold it.
    pub fn remove_lore(&mut self, card: CardId) -> bool {
        self.held.change(|h| remove(&mut h.lore, card))
    }
    /// Adds an ability card; false (and no change) when the seat holds 4.
    pub fn add_ability(&mut self, card: CardId) -> bool {
        self.held.change(|h| h.abilities.try_push(card).is_none())
    }
    /// Removes an ability card; false when the seat does not hold it.
    pub fn remove_ability(&mut self, card: CardId) -> bool {
        self.held.change(|h| remove(&mut h.abilities, card))
    }
    pub fn set_leader(&mut self, card: Option<CardId>) {
        self.held.change(|h| h.leader = card);
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

/// The cards whose powers a seat has. Private, so that every change goes
/// through [`Held::change`], which keeps `hooks` true; rules ask `hooks`
/// before walking the cards (docs/performance.md).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(from = "HeldCards")]
struct Held {
    guild: super::List<CardId, 32>,
    lore: super::List<CardId, LORE_MAX>,
    leader: Option<CardId>,
    /// Ability cards (campaign). Not written when empty, so base and
    /// Leaders & Lore states serialize as before.
    #[serde(default, skip_serializing_if = "<[CardId]>::is_empty")]
    abilities: super::List<CardId, 4>,
    /// Bit per [`crate::cards::Hook`] that some card above has (derived:
    /// not serialized, recomputed when read back).
    #[serde(skip)]
    hooks: u64,
}

/// The serialized form of [`Held`].
#[derive(Deserialize)]
struct HeldCards {
    guild: super::List<CardId, 32>,
    lore: super::List<CardId, LORE_MAX>,
    leader: Option<CardId>,
    #[serde(default)]
    abilities: super::List<CardId, 4>,
}

impl From<HeldCards> for Held {
    fn from(c: HeldCards) -> Held {
        let mut h = Held {
            guild: c.guild,
            lore: c.lore,
            leader: c.leader,
            abilities: c.abilities,
            hooks: 0,
        };
        h.change(|_| ());
        h
    }
}

impl Held {
    fn change<T>(&mut self, f: impl FnOnce(&mut Held) -> T) -> T {
        let r = f(self);
        self.hooks = self
            .guild
            .iter()
            .chain(self.lore.iter())
            .chain(self.leader.iter())
            .chain(self.abilities.iter())
            .fold(0, |h, c| h | crate::cards::hook_bits(*c));
        r
    }
}

fn remove<const N: usize>(cards: &mut super::List<CardId, N>, card: CardId) -> bool {
    match cards.iter().position(|c| *c == card) {
        Some(p) => {
            cards.remove(p);
            true
        }
        None => false,
    }
}

impl Default for SeatState {
    fn default() -> Self {
        Self::new()
    }
}

/// The cards a seat holds in play (see [`SeatState::held_cards`]).
#[derive(Clone)]
pub struct HeldIter<'a> {
    held: &'a Held,
    part: u8,
    i: u8,
}

impl HeldIter<'_> {
    /// Walks nothing (a seat without the hook asked for).
    pub fn none(self) -> Self {
        HeldIter { part: 4, ..self }
    }
}

impl Iterator for HeldIter<'_> {
    type Item = CardId;

    #[inline]
    fn next(&mut self) -> Option<CardId> {
        loop {
            let part: &[CardId] = match self.part {
                0 => &self.held.guild,
                1 => &self.held.lore,
                2 => self.held.leader.as_slice(),
                3 => &self.held.abilities,
                _ => return None,
            };
            if let Some(&c) = part.get(self.i as usize) {
                self.i += 1;
                return Some(c);
            }
            self.part += 1;
            self.i = 0;
        }
    }
}
