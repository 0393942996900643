//! The standard actions and the rules they share: placing, hitting and
//! destroying pieces, gaining and stealing resources, Outrage.

pub mod battle;
pub mod build;
pub mod court;
pub mod declare;
pub mod dice;
pub mod mov;
pub mod outrage;
pub mod repair;
pub mod resources;
pub mod tax;

use crate::event::Sink;
use crate::flow::Frame;
use crate::ids::*;
use crate::log;
use crate::state::{Building, BuildingKind, GameState, TrophyKind};

impl GameState {
    /// Any Loyal piece, fresh or damaged, ship or building (B-BLD-01, AMB-38).
    pub fn has_loyal_piece(&self, seat: Seat, s: SystemId) -> bool {
        self.board.pieces(seat.owner()) & s.bit() != 0
    }

    /// "Place" fresh ships from the owner's supply, as many as it holds
    /// (B-FINE-05/07). Returns how many were placed.
    pub fn place_ships(&mut self, owner: Owner, s: SystemId, n: u8, damaged: bool) -> u8 {
        let n = match owner.seat() {
            Some(seat) => {
                let k = n.min(self.seat(seat).ships);
                self.seat_mut(seat).ships -= k;
                k
            }
            None => n,
        };
        let mut guard = self.sys_mut(s);
        let sh = guard.ships_mut(owner);
        if damaged {
            sh.damaged += n;
        } else {
            sh.fresh += n;
        }
        n
    }

    /// Hits a ship (B-CORE-01, B-GLOS-08): a fresh one is damaged, a damaged
    /// one destroyed. A destroyed ship goes to `trophy_to`'s Trophies when
    /// that is a Rival of its owner, else back to its owner's supply.
    /// Returns true if destroyed.
    pub fn hit_ship(
        &mut self,
        s: SystemId,
        owner: Owner,
        damaged: bool,
        trophy_to: Option<Seat>,
    ) -> bool {
        self.hit_ship_logged(s, owner, damaged, trophy_to, &mut crate::event::NoEvents)
    }

    /// [`hit_ship`](Self::hit_ship), telling `ev` what a card does with
    /// the Trophy (Oath of Peace returns it).
    pub fn hit_ship_logged(
        &mut self,
        s: SystemId,
        owner: Owner,
        damaged: bool,
        trophy_to: Option<Seat>,
        ev: &mut dyn Sink,
    ) -> bool {
        let mut guard = self.sys_mut(s);
        let sh = guard.ships_mut(owner);
        if !damaged {
            if sh.fresh == 0 {
                return false;
            }
            sh.fresh -= 1;
            sh.damaged += 1;
            false
        } else {
            if sh.damaged == 0 {
                return false;
            }
            sh.damaged -= 1;
            drop(guard);
            self.piece_destroyed(owner, TrophyKind::Ship, trophy_to, ev);
            true
        }
    }

    /// Where a destroyed piece goes: a Rival's Trophies or its owner's supply
    /// (B-BAT-07, B-FINE-06).
    pub(crate) fn piece_destroyed(
        &mut self,
        owner: Owner,
        kind: TrophyKind,
        trophy_to: Option<Seat>,
        ev: &mut dyn Sink,
    ) {
        match trophy_to {
            Some(t) if Some(t) != owner.seat() => self.gain_trophies(t, owner, kind, 1, ev),
            _ => match owner.seat() {
                Some(o) => match kind {
                    TrophyKind::Ship => self.seat_mut(o).ships += 1,
                    TrophyKind::Starport => self.seat_mut(o).starports += 1,
                    // A city back on its board may cover a Golem's slot: the
                    // Golem's move is logged (R-CAMP-CARETAKER-COVERED).
                    TrophyKind::City => self.return_cities(o, 1, ev),
                    TrophyKind::Agent => self.return_agents(o, 1),
                },
                // The campaign's Imperial ships, Free buildings and Blight
                // return to their own supplies.
                None => crate::campaign::return_to_supply(self, owner, kind, 1),
            },
        }
    }

    /// Hits a building; a destroyed city makes `by` Provoke Outrage and
    /// Ransack the Court (B-CITY-01). Returns true if destroyed.
    pub fn hit_building(
        &mut self,
        s: SystemId,
        slot: u8,
        by: Option<Seat>,
        ev: &mut dyn Sink,
    ) -> bool {
        let Some(b) = self.sys(s).slots[slot as usize] else {
            return false;
        };
        if !b.damaged {
            self.sys_mut(s).slots[slot as usize] = Some(Building { damaged: true, ..b });
            log!(
                ev,
                "hit",
                b.owner.seat(),
                { systems: vec![s] },
                "{} {} in {s} is damaged.",
                crate::describe::capitalise(&b.owner.possessive()),
                b.kind.name()
            );
            return false;
        }
        self.destroy_building(s, slot, by, ev);
        true
    }

    /// Removes a building from the map as destroyed by `by`.
    pub fn destroy_building(&mut self, s: SystemId, slot: u8, by: Option<Seat>, ev: &mut dyn Sink) {
        let Some(b) = self.sys_mut(s).slots[slot as usize].take() else {
            return;
        };
        log!(
            ev,
            "destroy",
            by,
            { systems: vec![s] },
            "{} {} in {s} is destroyed.",
            crate::describe::capitalise(&b.owner.possessive()),
            b.kind.name()
        );
        let kind = match b.kind {
            BuildingKind::City => TrophyKind::City,
            BuildingKind::Starport => TrophyKind::Starport,
        };
        self.piece_destroyed(b.owner, kind, by, ev);
        if let (BuildingKind::City, Some(by), Some(owner), true) =
            (b.kind, by, b.owner.seat(), self.is_campaign())
        {
            if by != owner {
                let e = crate::campaign::fates::FateEvent::CityDestroyed { by, owner };
                crate::campaign::fates::notify(self, e, ev);
            }
        }
        if b.kind == BuildingKind::City {
            if let Some(destroyer) = by {
                if Some(destroyer) != b.owner.seat() {
                    // B-CITY-01: Outrage first, then Ransack.
                    for r in crate::cards::city_types(self, s) {
                        outrage::provoke_outrage(self, destroyer, r, ev);
                    }
                    if let Some(defender) = b.owner.seat() {
                        if court::ransack_possible(self, defender)
                            && crate::cards::may_ransack(self, destroyer, defender)
                        {
                            self.push(Frame::Ransack {
                                destroyer,
                                defender,
                            });
                        }
                    }
                }
            }
        }
    }

    /// `seat` takes `n` of `owner`'s pieces of `kind` as Trophies (B-BAT-07,
    /// a Ransack, an Execute, the Imperial Demand, a Summit's gift). A card
    /// may send them back to their owner instead, except the Blight's
    /// (Oath of Peace, F1502; docs/rulings.md R-CAMP-F1502).
    pub fn gain_trophies(
        &mut self,
        seat: Seat,
        owner: Owner,
        kind: TrophyKind,
        n: u8,
        ev: &mut dyn Sink,
    ) {
        if n == 0 {
            return;
        }
        if self.is_campaign() && owner != Owner::Blight {
            if let Some(card) = crate::cards::trophy_returner(self, seat) {
                for _ in 0..n {
                    self.piece_destroyed(owner, kind, None, ev);
                }
                log!(
                    ev,
                    "trophy",
                    Some(seat),
                    "{card}: {seat} returns {} to {}.",
                    crate::describe::count_of(n, "Trophy", "Trophies"),
                    owner.name()
                );
                return;
            }
        }
        *self.seat_mut(seat).trophy(owner, kind) += n;
    }

    /// Agents enter a supply; placeholders are swapped out at once (AMB-11).
    pub fn return_agents(&mut self, seat: Seat, n: u8) {
        let st = self.seat_mut(seat);
        st.agents += n;
        while st.placeholders != 0 && st.agents > 0 {
            st.placeholders &= st.placeholders - 1;
            st.agents -= 1;
        }
    }

    /// Cities return to the rightmost empty city slots; covered resources
    /// move to open slots, and if they do not all fit the owner chooses
    /// what to keep (B-CLN-02, B-RES-07, docs/rulings.md R-RES-1).
    pub fn return_cities(&mut self, seat: Seat, n: u8, ev: &mut dyn Sink) {
        self.seat_mut(seat).cities += n;
        if crate::campaign::token_slots(self, seat) != 0 {
            // Golems in covered slots move first (F505).
            (crate::campaign::fates::AREA_PIECES.slots_covered)(self, seat, ev);
        }
        let open = resources::open_slots(self, seat);
        let covered: Vec<usize> = (0..7)
            .filter(|i| !open.contains(i) && self.seat(seat).resources[*i].is_some())
            .collect();
        let mut overflow = false;
        for i in covered {
            match resources::best_empty_slot(self, seat) {
                Some(to) => {
                    let r = self.seat_mut(seat).resources[i].take();
                    self.seat_mut(seat).resources[to] = r;
                }
                None => overflow = true,
            }
        }
        if overflow {
            self.push(Frame::Arrange {
                seat,
                incoming: None,
            });
        }
    }

    /// B-GLOS-06 / B-RES-06: gain a resource from the supply (nothing if it
    /// is empty, AMB-01); the seat then places it by the slot rule.
    pub fn gain(&mut self, seat: Seat, r: Resource, ev: &mut dyn Sink) -> bool {
        if self.supply[r.index()] == 0 {
            log!(
                ev,
                "gain",
                Some(seat),
                "{seat} cannot gain {r}: the supply is empty."
            );
            return false;
        }
        self.supply[r.index()] -= 1;
        log!(ev, "gain", Some(seat), "{seat} gains {r}.");
        self.receive(seat, r);
        true
    }

    /// A token arrives in `seat`'s play area (gained, taken, stolen,
    /// given): it goes to the open empty slot with the highest raid cost;
    /// with no room the seat chooses what to keep, rearranging freely
    /// (B-RES-06, docs/rulings.md R-RES-1).
    pub fn receive(&mut self, seat: Seat, r: Resource) {
        // A card may take it in instead (Arsenal Keepers, F1503).
        if self.is_campaign() && crate::cards::holds(self, seat, crate::cards::Hook::StoresTaken) {
            if let Some(card) = crate::cards::store_for(self, seat, r) {
                crate::campaign::stored::offer(self, seat, card, r, false);
                return;
            }
        }
        self.receive_in_slots(seat, r);
    }

    /// [`receive`](Self::receive) without the cards that may take the
    /// token in: into the resource slots (a displaced token of the seat's
    /// own, or one a card's holder chose to keep there).
    pub fn receive_in_slots(&mut self, seat: Seat, r: Resource) {
        match resources::best_empty_slot(self, seat) {
            Some(i) => self.seat_mut(seat).resources[i] = Some(r),
            None => self.push(Frame::Arrange {
                seat,
                incoming: Some(r),
            }),
        }
    }

    /// Draws `n` cards from the bottom of the action discard pile (Farseers,
    /// Call to Action), as many as there are (P-max). With the split-discard
    /// variant the draw is from the face-down pile, and if it is short both
    /// piles are first shuffled together (B-FINE-13).
    pub fn draw_from_discard_bottom(&mut self, n: usize) -> Vec<ActionCard> {
        if self.options.split_discard
            && self.action_discard.len() < n
            && !self.action_discard_up.is_empty()
        {
            let up = std::mem::take(&mut self.action_discard_up);
            self.action_discard.add(up);
            self.action_discard.shuffle(&mut self.rng);
        }
        self.action_discard.draw_bottom(n).collect()
    }

    /// Returns a token from a slot to the supply (discard or spend outside
    /// the Prelude).
    pub fn discard_slot(&mut self, seat: Seat, slot: usize) -> Option<Resource> {
        let r = self.seat_mut(seat).resources[slot].take()?;
        self.supply[r.index()] += 1;
        Some(r)
    }
}
