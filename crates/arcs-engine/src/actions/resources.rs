//! The slot rule: placing arriving tokens and rearranging (B-RES-06..08).
//!
//! An arriving token that fits goes to the open empty slot with the highest
//! raid cost. When tokens do not fit, the seat chooses what to keep and may
//! rearrange freely: slots of equal raid cost are interchangeable, so the
//! engine offers one choice per distinct assignment of tokens to raid-cost
//! classes, written as a canonical layout (docs/rulings.md R-RES-1).

use crate::choice::{Choice, Layout};
use crate::data::SLOT_RAID_COST;
use crate::event::Sink;
use crate::ids::*;
use crate::log;
use crate::state::GameState;

/// Open slots of the seat (board slots not covered by cities, card slots),
/// except those a Golem fills (campaign F505: Golems fill resource slots).
pub fn open_slots(s: &GameState, seat: Seat) -> arrayvec::ArrayVec<usize, 7> {
    let filled = crate::campaign::token_slots(s, seat);
    s.seat(seat)
        .open_slots(crate::cards::has_card_slot(s, seat))
        .filter(|i| filled & 1 << i == 0)
        .collect()
}

/// The open empty slot with the highest raid cost (leftmost on ties).
pub fn best_empty_slot(s: &GameState, seat: Seat) -> Option<usize> {
    let st = s.seat(seat);
    open_slots(s, seat)
        .into_iter()
        .filter(|&i| st.resources[i].is_none())
        .max_by_key(|&i| (SLOT_RAID_COST[i], std::cmp::Reverse(i)))
}

pub fn arrange_choices(
    s: &GameState,
    seat: Seat,
    incoming: Option<Resource>,
    out: &mut Vec<Choice>,
) {
    let mut counts = [0u8; 5];
    for r in s.seat(seat).resources.iter().flatten() {
        counts[r.index()] += 1;
    }
    if let Some(r) = incoming {
        counts[r.index()] += 1;
    }
    let open = open_slots(s, seat);
    // Raid-cost classes, highest cost first, each with its slots in order.
    let mut classes: arrayvec::ArrayVec<(u8, arrayvec::ArrayVec<usize, 7>), 7> =
        arrayvec::ArrayVec::new();
    for &slot in &open {
        let cost = SLOT_RAID_COST[slot];
        match classes.iter_mut().find(|(c, _)| *c == cost) {
            Some((_, v)) => v.push(slot),
            None => {
                let mut v = arrayvec::ArrayVec::new();
                v.push(slot);
                classes.push((cost, v));
            }
        }
    }
    classes.sort_by_key(|(c, _)| std::cmp::Reverse(*c));
    let total: usize = counts.iter().map(|&n| n as usize).sum();
    let keep = total.min(open.len());
    let mut layout: Layout = [None; 7];
    fill(&classes, 0, counts, keep, &mut layout, out);
}

fn fill(
    classes: &[(u8, arrayvec::ArrayVec<usize, 7>)],
    idx: usize,
    remaining: [u8; 5],
    to_place: usize,
    layout: &mut Layout,
    out: &mut Vec<Choice>,
) {
    if idx == classes.len() {
        if to_place == 0 {
            out.push(Choice::Arrange(*layout));
        }
        return;
    }
    let cap = classes[idx].1.len();
    let later: usize = classes[idx + 1..].iter().map(|(_, v)| v.len()).sum();
    let lo = to_place.saturating_sub(later);
    let hi = cap.min(to_place);
    for k in lo..=hi {
        let mut pick = [0u8; 5];
        multisets(&remaining, 0, k, &mut pick, &mut |pick| {
            let slots = &classes[idx].1;
            let mut it = slots.iter();
            for (t, &n) in pick.iter().enumerate() {
                for _ in 0..n {
                    if let Some(&sl) = it.next() {
                        layout[sl] = Some(Resource::from_index(t));
                    }
                }
            }
            for &sl in it {
                layout[sl] = None;
            }
            let mut rem = remaining;
            for t in 0..5 {
                rem[t] -= pick[t];
            }
            fill(classes, idx + 1, rem, to_place - k, layout, out);
            for &sl in slots.iter() {
                layout[sl] = None;
            }
        });
    }
}

/// Calls `f` with every sub-multiset of `avail` of size `k`.
fn multisets(avail: &[u8; 5], t: usize, k: usize, pick: &mut [u8; 5], f: &mut dyn FnMut(&[u8; 5])) {
    if t == 5 {
        if k == 0 {
            f(pick);
        }
        return;
    }
    let max = (avail[t] as usize).min(k);
    for n in 0..=max {
        pick[t] = n as u8;
        multisets(avail, t + 1, k - n, pick, f);
    }
    pick[t] = 0;
}

/// Applies a chosen layout; whatever is not kept returns to the supply.
pub fn arrange(s: &mut GameState, seat: Seat, choice: Choice, ev: &mut dyn Sink) {
    let Some(crate::flow::Frame::Arrange { incoming, .. }) = s.stack.last().copied() else {
        return;
    };
    s.pop();
    let Choice::Arrange(layout) = choice else {
        return;
    };
    let mut counts = [0i16; 5];
    for r in s.seat(seat).resources.iter().flatten() {
        counts[r.index()] += 1;
    }
    if let Some(r) = incoming {
        counts[r.index()] += 1;
    }
    for r in layout.iter().flatten() {
        counts[r.index()] -= 1;
    }
    for (i, &n) in counts.iter().enumerate() {
        if n > 0 {
            s.supply[i] += n as u8;
            log!(
                ev,
                "discard",
                Some(seat),
                "{seat} discards {n} {} (no room).",
                Resource::from_index(i)
            );
        }
    }
    s.seat_mut(seat).resources = layout;
}

/// Whether `thief` may steal `loot` from `victim` (P-steal, Sworn Guardians).
pub fn can_steal(s: &GameState, thief: Seat, victim: Seat, loot: crate::choice::Loot) -> bool {
    match loot {
        crate::choice::Loot::Slot(i) => {
            s.seat(victim)
                .resources
                .get(i as usize)
                .copied()
                .flatten()
                .is_some()
                && crate::cards::may_steal(s, thief, victim, loot)
        }
        crate::choice::Loot::Card(c) => {
            s.seat(victim).guild().contains(&c)
                // Protected Guild cards leave only by their holder's
                // Outrage (campaign rules p27).
                && !(s.is_campaign() && crate::campaign::data::protected(c))
                && crate::cards::may_steal(s, thief, victim, loot)
        }
        // "Rivals can steal and take frozen resources" (campaign rules
        // p27): those stored on the victim's cards, and the Imperial Trust
        // on its First Regent tile (p21: "cards such as Silver-Tongues can
        // steal them"). docs/rulings.md R-CAMP-STEAL-FROZEN.
        crate::choice::Loot::Stored(r) => {
            crate::campaign::stored::holding(s, victim, r).is_some()
                && crate::cards::may_steal(s, thief, victim, loot)
        }
        crate::choice::Loot::Trust(r) => {
            s.campaign()
                .is_some_and(|c| c.first_regent == Some(victim) && c.trust[r.index()] > 0)
                && crate::cards::may_steal(s, thief, victim, loot)
        }
        // Trophies and Captives are taken only where a rule says so (the
        // campaign's Imperial Demand), never stolen.
        crate::choice::Loot::Golem(k) => {
            (crate::campaign::fates::AREA_PIECES.may_take)(s, thief, victim, k)
                && crate::cards::may_steal(s, thief, victim, loot)
        }
        crate::choice::Loot::Trophy { .. } | crate::choice::Loot::Captive(_) => false,
    }
}

/// Moves `loot` from `victim` to `thief` (B-RAID-03, B-GLOS-14).
pub fn steal(
    s: &mut GameState,
    thief: Seat,
    victim: Seat,
    loot: crate::choice::Loot,
    ev: &mut dyn Sink,
) {
    match loot {
        crate::choice::Loot::Slot(i) => {
            if let Some(r) = s.seat_mut(victim).resources[i as usize].take() {
                log!(
                    ev,
                    "steal",
                    Some(thief),
                    "{thief} steals a {r} from {victim}."
                );
                s.receive(thief, r);
            }
        }
        crate::choice::Loot::Card(c) => {
            if s.seat_mut(victim).remove_guild(c) {
                log!(
                    ev,
                    "steal",
                    Some(thief),
                    "{thief} steals {c} from {victim}."
                );
                crate::cards::on_stolen(s, thief, c, ev);
            }
        }
        crate::choice::Loot::Stored(r) => {
            if let Some(card) = crate::campaign::stored::holding(s, victim, r) {
                crate::campaign::stored::take(s, card, r);
                log!(
                    ev,
                    "steal",
                    Some(thief),
                    "{thief} steals a {r} from {victim}'s {card}."
                );
                s.receive(thief, r);
            }
        }
        crate::choice::Loot::Trust(r) => {
            let Some(c) = s.campaign_mut() else { return };
            if c.first_regent != Some(victim) || c.trust[r.index()] == 0 {
                return;
            }
            c.trust[r.index()] -= 1;
            log!(
                ev,
                "steal",
                Some(thief),
                "{thief} steals a {r} from the Imperial Trust of {victim}."
            );
            s.receive(thief, r);
        }
        crate::choice::Loot::Golem(k) => {
            (crate::campaign::fates::AREA_PIECES.steal)(s, thief, victim, k, ev)
        }
        crate::choice::Loot::Trophy { .. } | crate::choice::Loot::Captive(_) => {}
    }
}
