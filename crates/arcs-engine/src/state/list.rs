//! [`List`]: the state's fixed-capacity lists.
//!
//! A list of at most `N` items kept in place — no heap — and `Copy`, so a
//! state copies its bytes and never allocates when it is cloned (search
//! bots clone one for every rollout; issue 19). Items are plain `Copy`
//! values, so the list needs no unsafe code: unused places hold
//! `T::default()`, and removing an item only moves the length (tinyvec's
//! list, tried first, writes a default into every place it empties — the
//! frame stack's pushes and pops made that 2.5% of a random game).
//!
//! The API is the part of `Vec`'s the engine uses; `push` past the
//! capacity panics (the capacities are rule bounds), `try_push` and
//! `try_insert` hand the item back instead.

use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// At most `N` items, in place. Reading is through the slice (`Deref`).
#[derive(Copy, Clone)]
pub struct List<T: Copy + Default, const N: usize> {
    len: u16,
    items: [T; N],
}

impl<T: Copy + Default, const N: usize> Default for List<T, N> {
    fn default() -> Self {
        List {
            len: 0,
            items: [T::default(); N],
        }
    }
}

impl<T: Copy + Default, const N: usize> List<T, N> {
    pub fn new() -> Self {
        Self::default()
    }

    pub fn capacity(&self) -> usize {
        N
    }

    pub fn is_full(&self) -> bool {
        self.len as usize == N
    }

    /// Adds `item` at the end; panics when full (see [`List::try_push`]).
    #[inline]
    pub fn push(&mut self, item: T) {
        if self.try_push(item).is_some() {
            panic!("a list of {N} is full");
        }
    }

    /// Adds `item` at the end, or hands it back when full.
    #[inline]
    pub fn try_push(&mut self, item: T) -> Option<T> {
        match self.items.get_mut(self.len as usize) {
            Some(place) => {
                *place = item;
                self.len += 1;
                None
            }
            None => Some(item),
        }
    }

    #[inline]
    pub fn pop(&mut self) -> Option<T> {
        if self.len == 0 {
            return None;
        }
        self.len -= 1;
        Some(self.items[self.len as usize])
    }

    /// Puts `item` at `index`, moving the later ones up, or hands it back
    /// when full. Panics when `index` is past the end.
    pub fn try_insert(&mut self, index: usize, item: T) -> Option<T> {
        let len = self.len as usize;
        assert!(index <= len, "insert at {index} past the end ({len})");
        if len == N {
            return Some(item);
        }
        self.items.copy_within(index..len, index + 1);
        self.items[index] = item;
        self.len += 1;
        None
    }

    /// Puts `item` at `index`; panics when full.
    pub fn insert(&mut self, index: usize, item: T) {
        if self.try_insert(index, item).is_some() {
            panic!("a list of {N} is full");
        }
    }

    /// Takes the item at `index`, moving the later ones down. Panics when
    /// `index` is past the end.
    pub fn remove(&mut self, index: usize) -> T {
        let len = self.len as usize;
        assert!(index < len, "remove at {index} past the end ({len})");
        let item = self.items[index];
        self.items.copy_within(index + 1..len, index);
        self.len -= 1;
        item
    }

    /// Takes the item at `index`, putting the last one in its place.
    pub fn swap_remove(&mut self, index: usize) -> T {
        let len = self.len as usize;
        assert!(index < len, "remove at {index} past the end ({len})");
        let item = self.items[index];
        self.items[index] = self.items[len - 1];
        self.len -= 1;
        item
    }

    pub fn truncate(&mut self, len: usize) {
        self.len = self.len.min(len.min(N) as u16);
    }

    pub fn clear(&mut self) {
        self.len = 0;
    }

    /// Keeps the items `keep` says yes to, in order.
    pub fn retain(&mut self, mut keep: impl FnMut(&T) -> bool) {
        let mut n = 0;
        for i in 0..self.len as usize {
            let item = self.items[i];
            if keep(&item) {
                self.items[n] = item;
                n += 1;
            }
        }
        self.len = n as u16;
    }

    /// Adds the items of `more`; panics when they do not fit.
    pub fn extend_from_slice(&mut self, more: &[T]) {
        for &x in more {
            self.push(x);
        }
    }

    /// Takes the items in `range` out, in order, moving the later ones down.
    pub fn drain(&mut self, range: std::ops::Range<usize>) -> impl Iterator<Item = T> {
        let len = self.len as usize;
        assert!(
            range.start <= range.end && range.end <= len,
            "drain past the end"
        );
        let taken: List<T, N> = self.items[range.clone()].iter().copied().collect();
        self.items.copy_within(range.end..len, range.start);
        self.len -= (range.end - range.start) as u16;
        taken.into_iter()
    }

    pub fn as_slice(&self) -> &[T] {
        self
    }

    pub fn as_mut_slice(&mut self) -> &mut [T] {
        self
    }
}

impl<T: Copy + Default, const N: usize> std::ops::Deref for List<T, N> {
    type Target = [T];
    #[inline]
    fn deref(&self) -> &[T] {
        debug_assert!(self.len as usize <= N);
        // SAFETY: `len <= N` always: the fields are private and every
        // method keeps it (`try_push` and `try_insert` refuse past `N`,
        // the others only shrink `len`; deserializing goes through
        // `try_push`). Reading the list is the engine's hottest path (the
        // frame stack's top on every step): a checked slice cost 1% of a
        // random game.
        unsafe { self.items.get_unchecked(..self.len as usize) }
    }
}

impl<T: Copy + Default, const N: usize> std::ops::DerefMut for List<T, N> {
    #[inline]
    fn deref_mut(&mut self) -> &mut [T] {
        debug_assert!(self.len as usize <= N);
        // SAFETY: as in `deref`.
        unsafe { self.items.get_unchecked_mut(..self.len as usize) }
    }
}

impl<T: Copy + Default + PartialEq, const N: usize> PartialEq for List<T, N> {
    fn eq(&self, o: &Self) -> bool {
        self.as_slice() == o.as_slice()
    }
}

impl<T: Copy + Default + Eq, const N: usize> Eq for List<T, N> {}

impl<T: Copy + Default + std::hash::Hash, const N: usize> std::hash::Hash for List<T, N> {
    fn hash<H: std::hash::Hasher>(&self, h: &mut H) {
        self.as_slice().hash(h)
    }
}

impl<T: Copy + Default + std::fmt::Debug, const N: usize> std::fmt::Debug for List<T, N> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

/// Collects at most `N` items; panics past that (see [`List::try_push`]).
impl<T: Copy + Default, const N: usize> FromIterator<T> for List<T, N> {
    fn from_iter<I: IntoIterator<Item = T>>(iter: I) -> Self {
        let mut l = List::new();
        l.extend(iter);
        l
    }
}

impl<T: Copy + Default, const N: usize> Extend<T> for List<T, N> {
    fn extend<I: IntoIterator<Item = T>>(&mut self, iter: I) {
        for x in iter {
            self.push(x);
        }
    }
}

impl<T: Copy + Default, const N: usize> IntoIterator for List<T, N> {
    type Item = T;
    type IntoIter = std::iter::Take<std::array::IntoIter<T, N>>;
    fn into_iter(self) -> Self::IntoIter {
        self.items.into_iter().take(self.len as usize)
    }
}

impl<'a, T: Copy + Default, const N: usize> IntoIterator for &'a List<T, N> {
    type Item = &'a T;
    type IntoIter = std::slice::Iter<'a, T>;
    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}

impl<'a, T: Copy + Default, const N: usize> IntoIterator for &'a mut List<T, N> {
    type Item = &'a mut T;
    type IntoIter = std::slice::IterMut<'a, T>;
    fn into_iter(self) -> Self::IntoIter {
        self.iter_mut()
    }
}

impl<T: Copy + Default + Serialize, const N: usize> Serialize for List<T, N> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(self.iter())
    }
}

impl<'de, T: Copy + Default + Deserialize<'de>, const N: usize> Deserialize<'de> for List<T, N> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct Seq<T, const N: usize>(std::marker::PhantomData<T>);
        impl<'de, T: Copy + Default + Deserialize<'de>, const N: usize> serde::de::Visitor<'de>
            for Seq<T, N>
        {
            type Value = List<T, N>;
            fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                write!(f, "a list of at most {N} items")
            }
            fn visit_seq<A: serde::de::SeqAccess<'de>>(
                self,
                mut seq: A,
            ) -> Result<List<T, N>, A::Error> {
                let mut l = List::new();
                let mut n = 0usize;
                while let Some(x) = seq.next_element()? {
                    if l.try_push(x).is_some() {
                        return Err(serde::de::Error::invalid_length(n + 1, &self));
                    }
                    n += 1;
                }
                Ok(l)
            }
        }
        d.deserialize_seq(Seq::<T, N>(std::marker::PhantomData))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_list_behaves_like_a_bounded_vec() {
        let mut l: List<u8, 4> = List::new();
        assert!(l.is_empty());
        l.push(1);
        l.push(2);
        assert_eq!(l.try_push(3), None);
        assert_eq!(l.try_push(4), None);
        assert!(l.is_full());
        assert_eq!(l.try_push(5), Some(5), "a full list hands the item back");
        assert_eq!(&*l, &[1, 2, 3, 4]);
        assert_eq!(l.pop(), Some(4));
        assert_eq!(l.try_insert(0, 9), None);
        assert_eq!(&*l, &[9, 1, 2, 3]);
        assert_eq!(l.remove(1), 1);
        assert_eq!(&*l, &[9, 2, 3]);
        l.retain(|x| *x != 2);
        assert_eq!(&*l, &[9, 3]);
        assert_eq!(l.swap_remove(0), 9);
        assert_eq!(&*l, &[3]);
        l.extend([7, 8]);
        let taken: Vec<u8> = l.drain(0..2).collect();
        assert_eq!(taken, [3, 7]);
        assert_eq!(&*l, &[8]);
        l.clear();
        assert_eq!(l.pop(), None);
    }

    #[test]
    fn equality_and_copies_see_only_the_items() {
        let mut a: List<u8, 4> = [1, 2, 3].into_iter().collect();
        a.pop();
        let b: List<u8, 4> = [1, 2].into_iter().collect();
        assert_eq!(a, b, "the popped 3 is not part of the list");
        let c = a;
        assert_eq!(c, a);
        assert_eq!(format!("{a:?}"), "[1, 2]");
    }

    #[test]
    fn serde_is_the_plain_list_and_refuses_too_many() {
        let a: List<u8, 3> = [5, 6].into_iter().collect();
        let json = serde_json::to_string(&a).unwrap();
        assert_eq!(json, "[5,6]");
        let b: List<u8, 3> = serde_json::from_str(&json).unwrap();
        assert_eq!(a, b);
        assert!(serde_json::from_str::<List<u8, 3>>("[1,2,3,4]").is_err());
        assert!(serde_json::from_str::<List<u8, 3>>("{}").is_err());
    }
}
