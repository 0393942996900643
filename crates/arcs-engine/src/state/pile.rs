//! Face-down piles: the Court deck, the lore deck and the action discard
//! pile (which also holds the undealt rest of the action deck).
//!
//! Their contents and order are hidden, so taking a card out of one, putting
//! one under it, searching it, shuffling it or rebuilding it teaches some
//! seat something: an undo barrier (DESIGN.md §Undo, docs/rulings.md
//! R-UNDO-1). The barrier is decided by the *kind* of change, never by
//! comparing sizes (a bury followed by a draw leaves the size as it was;
//! issue 18 item 2). The pile therefore offers no way to change it except
//! through methods that count themselves in [`HiddenPile::moves`]; the one
//! change that teaches nobody anything — a card its owner knows put face
//! down on top ([`HiddenPile::place_face_down`]) — is the only one not
//! counted. Reading is through the slice (`Deref`): `len`, `iter`, `last`…

use super::List;
use serde::{Deserialize, Serialize};

/// A face-down pile of at most `N` cards; index 0 is the bottom, the last
/// card the top.
#[derive(Copy, Clone, Serialize, Deserialize)]
#[serde(transparent)]
pub struct HiddenPile<T: Copy + Default, const N: usize> {
    cards: List<T, N>,
    /// Counted changes that may have shown hidden cards (see the module).
    /// Not part of the position: not saved, not compared.
    #[serde(skip)]
    moves: u32,
}

impl<T: Copy + Default, const N: usize> Default for HiddenPile<T, N> {
    fn default() -> Self {
        HiddenPile {
            cards: List::new(),
            moves: 0,
        }
    }
}

impl<T: Copy + Default + PartialEq, const N: usize> PartialEq for HiddenPile<T, N> {
    fn eq(&self, other: &Self) -> bool {
        self.cards == other.cards
    }
}

impl<T: Copy + Default + Eq, const N: usize> Eq for HiddenPile<T, N> {}

impl<T: Copy + Default + std::fmt::Debug, const N: usize> std::fmt::Debug for HiddenPile<T, N> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_list().entries(self.cards.iter()).finish()
    }
}

impl<T: Copy + Default, const N: usize> std::ops::Deref for HiddenPile<T, N> {
    type Target = [T];
    fn deref(&self) -> &[T] {
        &self.cards
    }
}

impl<T: Copy + Default, const N: usize> HiddenPile<T, N> {
    pub fn new() -> Self {
        Self::default()
    }

    /// How many counted changes the pile has seen since it was made or
    /// loaded: a change between two moments means hidden cards may have
    /// come out in between.
    pub fn moves(&self) -> u32 {
        self.moves
    }

    fn counted(&mut self) -> &mut List<T, N> {
        self.moves = self.moves.wrapping_add(1);
        &mut self.cards
    }

    /// Draws the top card.
    pub fn draw(&mut self) -> Option<T> {
        if self.cards.is_empty() {
            return None;
        }
        self.counted().pop()
    }

    /// Draws up to `n` cards from the bottom, bottom first.
    pub fn draw_bottom(&mut self, n: usize) -> impl Iterator<Item = T> + '_ {
        let k = n.min(self.cards.len());
        self.counted().drain(0..k)
    }

    /// Takes the card at `index` (0 = bottom): a search or a scrap.
    pub fn take(&mut self, index: usize) -> Option<T> {
        if index >= self.cards.len() {
            return None;
        }
        Some(self.counted().remove(index))
    }

    /// Puts `card` at the bottom (bury). `false` when the pile is full.
    pub fn bury(&mut self, card: T) -> bool {
        self.counted().try_insert(0, card).is_none()
    }

    /// Puts `card` on top face down, counted (a card others may know, put
    /// back on a deck). `false` when the pile is full.
    pub fn put_on_top(&mut self, card: T) -> bool {
        self.counted().try_push(card).is_none()
    }

    /// A card its owner knows, put face down on top (a discarded or played
    /// card going to the action discard pile): it teaches nobody anything,
    /// so it is the one change not counted. `false` when the pile is full.
    pub fn place_face_down(&mut self, card: T) -> bool {
        self.cards.try_push(card).is_none()
    }

    /// Shuffles the pile.
    pub fn shuffle(&mut self, rng: &mut impl rand::Rng) {
        use rand::seq::SliceRandom;
        self.counted().as_mut_slice().shuffle(rng);
    }

    /// Shuffles `card` into the pile.
    pub fn shuffle_in(&mut self, card: T, rng: &mut impl rand::Rng) -> bool {
        let ok = self.cards.try_push(card).is_none();
        self.shuffle(rng);
        ok
    }

    /// Replaces the pile's cards with `cards` (setup, a new chapter's
    /// deck), bottom first; cards past the capacity are dropped.
    pub fn refill(&mut self, cards: impl IntoIterator<Item = T>) {
        let pile = self.counted();
        pile.clear();
        for c in cards {
            if pile.try_push(c).is_some() {
                break;
            }
        }
    }

    /// Adds `cards` on top, bottom first (a scenario's deck; the undealt
    /// rest of a deal). Counted. Cards past the capacity are dropped.
    pub fn add(&mut self, cards: impl IntoIterator<Item = T>) {
        let pile = self.counted();
        for c in cards {
            if pile.try_push(c).is_some() {
                break;
            }
        }
    }

    /// Empties the pile.
    pub fn clear(&mut self) {
        self.counted().clear();
    }
}

impl<T: Copy + Default + Ord, const N: usize> HiddenPile<T, N> {
    /// Sorts the pile (an observation hides its order this way).
    pub fn sort(&mut self) {
        self.counted().as_mut_slice().sort_unstable();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;

    #[test]
    fn every_change_but_a_face_down_discard_is_counted() {
        let mut p: HiddenPile<u8, 8> = HiddenPile::new();
        p.refill([1, 2, 3]);
        let m = p.moves();
        assert!(p.place_face_down(4));
        assert_eq!(p.moves(), m, "a known card put face down teaches nothing");
        type Step = fn(&mut HiddenPile<u8, 8>);
        let steps: [Step; 8] = [
            |p| {
                p.draw();
            },
            |p| {
                p.draw_bottom(1).for_each(|_| ());
            },
            |p| {
                p.take(0);
            },
            |p| {
                p.bury(9);
            },
            |p| {
                p.put_on_top(9);
            },
            |p| p.shuffle(&mut rand_chacha::ChaCha8Rng::seed_from_u64(1)),
            |p| p.sort(),
            |p| p.clear(),
        ];
        for (i, step) in steps.iter().enumerate() {
            let before = p.moves();
            step(&mut p);
            assert_ne!(p.moves(), before, "step {i}");
        }
    }

    #[test]
    fn a_bury_then_a_draw_keeps_the_size_but_not_the_count() {
        // Issue 18 item 2: Guild Envoys Depart buries a card and deals one.
        let mut p: HiddenPile<u8, 8> = HiddenPile::new();
        p.refill([1, 2, 3]);
        let (len, m) = (p.len(), p.moves());
        p.bury(7);
        p.draw();
        assert_eq!(p.len(), len);
        assert_ne!(p.moves(), m);
    }

    #[test]
    fn the_count_is_not_saved_or_compared() {
        let mut a: HiddenPile<u8, 8> = HiddenPile::new();
        a.refill([1, 2]);
        let json = serde_json::to_string(&a).unwrap();
        assert_eq!(json, "[1,2]", "the save format is the plain list");
        let b: HiddenPile<u8, 8> = serde_json::from_str(&json).unwrap();
        assert_eq!(b.moves(), 0);
        assert_eq!(a, b);
        let too_many: Result<HiddenPile<u8, 1>, _> = serde_json::from_str("[1,2]");
        assert!(too_many.is_err());
    }
}
