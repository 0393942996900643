//! Leaders (Leaders & Lore): LEAD01–08 of the base game and LEAD09–16 of
//! the pack. A leader's powers are persistent (B-LL-09); each is a hook.

mod base;
mod pack;

use super::Behavior;
use crate::event::Sink;
use crate::ids::*;
use crate::state::GameState;

pub static ALL: &[&Behavior] = &[
    &base::ELDER,
    &base::MYSTIC,
    &base::FUEL_DRINKER,
    &base::UPSTART,
    &base::REBEL,
    &base::WARRIOR,
    &base::FEASTBRINGER,
    &base::DEMAGOGUE,
    &pack::ARCHIVIST,
    &pack::OVERSEER,
    &pack::CORSAIR,
    &pack::NOBLE,
    &pack::ANARCHIST,
    &pack::SHAPER,
    &pack::AGITATOR,
    &pack::QUARTERMASTER,
];

/// Setup: agents from supply cover these Outrage icons (Mystic *Cryptic*,
/// Quartermaster *Greedy*).
pub(crate) fn outrage_in_setup(
    s: &mut GameState,
    seat: Seat,
    types: &[Resource],
    ev: &mut dyn Sink,
) {
    for r in types {
        let st = s.seat_mut(seat);
        let bit = 1 << r.index();
        if st.outrage & bit == 0 {
            st.outrage |= bit;
            if st.agents > 0 {
                st.agents -= 1;
            } else {
                st.placeholders |= bit;
            }
        }
    }
    let names: Vec<String> = types.iter().map(|r| r.to_string()).collect();
    crate::log!(
        ev,
        "setup",
        Some(seat),
        "{seat} places agents on their {} Outrage icon(s).",
        names.join(" and ")
    );
}

/// "When you Copy or Pivot in order to tax, you gain 1 X along with the
/// taxed resource" (Mystic, Fuel-Drinker, Agitator).
pub(crate) fn tax_bonus(
    s: &mut GameState,
    seat: Seat,
    done: &crate::cards::TaxDone,
    r: Resource,
    ev: &mut dyn Sink,
) {
    if done.copy_pivot && !done.repeat {
        s.gain(seat, r, ev);
    }
}
