//! Resources stored on cards (campaign rules p27, "Resources";
//! `reference/campaign.md` §1.14): tokens a card holds in its holder's play
//! area, off the player board's resource slots. Stored resources are
//! frozen — they cannot be spent, given or discarded, even by Provoke
//! Outrage — except as the card storing them allows; they add to their
//! holder's ambitions ("count everything in your play area, including on
//! cards").
//!
//! The tokens belong to the card, not to a seat: whoever holds the card has
//! them. A card that leaves its holder's play area (discarded by a Fuel
//! Outrage, say) returns what is on it to the supply (docs/rulings.md
//! R-CAMP-MAGNATE-LEAVES). Merchant League (F302) is the first such card.

use crate::ids::*;
use crate::state::GameState;
use serde::{Deserialize, Serialize};

/// The resources on one card.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Stored {
    pub card: CardId,
    /// Per resource type.
    pub res: [u8; 5],
    /// The holder may give them with Transfer Asset in a Summit's
    /// Negotiations (Merchant League).
    pub transfer: bool,
}

impl Stored {
    pub fn total(&self) -> u32 {
        self.res.iter().map(|n| *n as u32).sum()
    }
}

/// What is on `card` (none: all zero).
pub fn on_card(s: &GameState, card: CardId) -> [u8; 5] {
    s.campaign()
        .and_then(|c| c.stored.iter().find(|x| x.card == card))
        .map_or([0; 5], |x| x.res)
}

/// The cards with resources on them that `seat` holds.
pub fn held(s: &GameState, seat: Seat) -> impl Iterator<Item = Stored> + '_ {
    s.campaign()
        .into_iter()
        .flat_map(|c| c.stored.iter().copied())
        .filter(move |x| x.total() > 0 && crate::cards::holder_of(s, x.card) == Some(seat))
}

/// Resources of type `r` on the cards `seat` holds (they add to its
/// ambitions).
pub fn count(s: &GameState, seat: Seat, r: Resource) -> u32 {
    match s.campaign() {
        Some(c) if !c.stored.is_empty() => held(s, seat).map(|x| x.res[r.index()] as u32).sum(),
        _ => 0,
    }
}

/// Moves one `r` from the supply onto `card`; false when the supply has
/// none. `transfer`: the holder may give them in Summits.
pub fn gain_onto(s: &mut GameState, card: CardId, r: Resource, transfer: bool) -> bool {
    if s.supply[r.index()] == 0 || s.campaign().is_none() {
        return false;
    }
    s.supply[r.index()] -= 1;
    add(s, card, r, transfer);
    true
}

/// Puts one `r` (already out of any other place) onto `card`.
pub fn add(s: &mut GameState, card: CardId, r: Resource, transfer: bool) {
    let Some(c) = s.campaign_mut() else { return };
    if let Some(x) = c.stored.iter_mut().find(|x| x.card == card) {
        x.res[r.index()] += 1;
        x.transfer = transfer;
        return;
    }
    let mut res = [0; 5];
    res[r.index()] = 1;
    // Few cards ever store resources; a full list keeps the token in the
    // supply instead of losing it.
    if c.stored
        .try_push(Stored {
            card,
            res,
            transfer,
        })
        .is_some()
    {
        s.supply[r.index()] += 1;
    }
}

/// Takes one `r` off `card` (to be placed elsewhere by the caller); false
/// when there is none.
pub fn take(s: &mut GameState, card: CardId, r: Resource) -> bool {
    let Some(c) = s.campaign_mut() else {
        return false;
    };
    let Some(i) = c.stored.iter().position(|x| x.card == card) else {
        return false;
    };
    if c.stored[i].res[r.index()] == 0 {
        return false;
    }
    c.stored[i].res[r.index()] -= 1;
    if c.stored[i].total() == 0 {
        c.stored.remove(i);
    }
    true
}

/// Returns everything on `card` to the supply (its Crisis, or the card
/// leaving its holder's play area); the counts returned.
pub fn release(s: &mut GameState, card: CardId) -> [u8; 5] {
    let Some(c) = s.campaign_mut() else {
        return [0; 5];
    };
    let Some(i) = c.stored.iter().position(|x| x.card == card) else {
        return [0; 5];
    };
    let x = c.stored.remove(i);
    for r in Resource::ALL {
        s.supply[r.index()] += x.res[r.index()];
    }
    x.res
}

/// A card of `seat`'s holding one `r` (frozen or not).
pub fn holding(s: &GameState, seat: Seat, r: Resource) -> Option<CardId> {
    held(s, seat).find(|x| x.res[r.index()] > 0).map(|x| x.card)
}

/// A resource `seat` may give with Transfer Asset from a card of its: the
/// card holding one `r` it may transfer.
pub fn transferable(s: &GameState, seat: Seat, r: Resource) -> Option<CardId> {
    held(s, seat)
        .find(|x| x.transfer && x.res[r.index()] > 0)
        .map(|x| x.card)
}

/// `seat` took `r`, and `card` of its may take it in instead (Arsenal
/// Keepers, F1503: "When you take a Weapon, you may place it here
/// instead. (Even if you're taking for the Imperial Trust!)"): the seat
/// chooses. `trust`: taken for the Imperial Trust (the First Regent's
/// Demand). docs/rulings.md R-CAMP-F1503.
pub fn offer(s: &mut GameState, seat: Seat, card: CardId, r: Resource, trust: bool) {
    s.push(crate::flow::Frame::Campaign(super::CampaignFrame::Store {
        seat,
        card,
        r,
        trust,
    }));
}

pub fn offer_prompt(card: CardId, r: Resource, trust: bool) -> String {
    format!(
        "place the {} you take on {} instead of {}?",
        crate::describe::resource_name(r),
        card.name(),
        if trust {
            "the Imperial Trust"
        } else {
            "your resource slots"
        }
    )
}

/// The answer to [`offer`]: onto the card (frozen there), or where the
/// token was going.
pub fn store_taken(
    s: &mut GameState,
    seat: Seat,
    card: CardId,
    r: Resource,
    trust: bool,
    onto_card: bool,
    ev: &mut dyn crate::event::Sink,
) {
    if onto_card && crate::cards::holder_of(s, card) == Some(seat) {
        add(s, card, r, false);
        crate::log!(
            ev,
            "store",
            Some(seat),
            "{seat} places the {} on {card}.",
            crate::describe::resource_name(r)
        );
    } else if trust {
        if let Some(c) = s.campaign_mut() {
            c.trust[r.index()] += 1;
        }
    } else {
        s.receive_in_slots(seat, r);
    }
}
