//! Provoke Outrage (B-CITY-02..05).

use crate::event::Sink;
use crate::ids::*;
use crate::log;
use crate::state::GameState;

/// `seat` Provokes Outrage of type `r`: discard its `r` tokens and `r` Guild
/// cards (Loyal cards excepted), and cover the `r` Outrage icon with an
/// agent, or a placeholder when none is in supply.
pub fn provoke_outrage(s: &mut GameState, seat: Seat, r: Resource, ev: &mut dyn Sink) {
    let mut lost = 0;
    for slot in 0..7 {
        if s.seat(seat).resources[slot] == Some(r) {
            s.discard_slot(seat, slot);
            lost += 1;
        }
    }
    // Guild Loyalty (F424): its holder discards no Guild card.
    let keep_all = crate::cards::keeps_guild_on_outrage(s, seat);
    let cards: Vec<CardId> = s
        .seat(seat)
        .guild()
        .iter()
        .copied()
        .filter(|c| !keep_all && c.info().suit == Some(r) && !crate::cards::keeps_on_outrage(*c))
        .collect();
    for c in &cards {
        crate::cards::discard_guild(s, seat, *c);
    }
    let st = s.seat_mut(seat);
    let bit = 1 << r.index();
    let newly = st.outrage & bit == 0;
    if newly {
        st.outrage |= bit;
        if st.agents > 0 {
            st.agents -= 1;
        } else {
            st.placeholders |= bit;
        }
    }
    log!(
        ev,
        "outrage",
        Some(seat),
        "{seat} provokes {r} Outrage{}: discards {lost} {r} and {}.",
        if newly { "" } else { " again" },
        crate::describe::count_of(
            cards.len() as u8,
            &format!("{r} Guild card"),
            &format!("{r} Guild cards")
        )
    );
}
