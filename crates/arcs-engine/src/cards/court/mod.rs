//! The 31 base Court cards (B-COMP-04): 25 Guild, 6 Vox (rules-base.md §3).
//! One module per family; each holds its cards' behaviours, its `CARDS`
//! list and its cards' procedures (`Effect`, see `cards/frame.rs`).

pub mod guild_fuel;
pub mod guild_material;
pub mod guild_psionic;
pub mod guild_relic;
pub mod guild_weapon;
pub mod vox;

use super::Behavior;

/// Every implemented Court card, by family.
pub static FAMILIES: &[&[&Behavior]] = &[
    guild_material::CARDS,
    guild_fuel::CARDS,
    guild_weapon::CARDS,
    guild_psionic::CARDS,
    guild_relic::CARDS,
    vox::CARDS,
];

/// Shared pieces of several cards.
pub(crate) mod common {
    use crate::cards::shared::{Effect, StealFilter};
    use crate::cards::PreludeAbility;
    use crate::event::Sink;
    use crate::ids::*;
    use crate::state::GameState;

    /// "Prelude: You may discard this to place 3 ships in a system you
    /// control." (Prison Wardens, Skirmishers, Court Enforcers, Loyal Marines)
    pub const PLACE_3_SHIPS: PreludeAbility = PreludeAbility {
        what: "place 3 ships in a system you control",
        discard: true,
        first: false,
        once_per_turn: false,
        possible: |s, seat| {
            // Control needs ships there: only those systems are visited.
            s.seat(seat).ships > 0
                && crate::state::systems_in(s.board.ships(seat.owner()) & s.in_play)
                    .any(|x| s.controls(seat, x))
        },
        run: |s, seat, card, _ev| s.push(Effect::PlaceShips { seat, card, n: 3 }.into()),
    };

    /// Empty resource slots, for the Interests' Prelude.
    pub fn empty_slots(s: &GameState, seat: Seat) -> u8 {
        crate::actions::resources::open_slots(s, seat)
            .iter()
            .filter(|&&i| s.seat(seat).resources[i].is_none())
            .count() as u8
    }

    /// "Prelude: You may discard this to gain X up to your number of empty
    /// resource slots. If the X supply empties, steal the X instead."
    pub fn interest_prelude(s: &mut GameState, seat: Seat, card: CardId, res: Resource) {
        let max = empty_slots(s, seat);
        s.push(
            Effect::GainUpTo {
                seat,
                card,
                res,
                max,
            }
            .into(),
        );
    }

    /// "Prelude: You may discard this to steal 1 X." (Cartels)
    pub fn cartel_steal(s: &mut GameState, seat: Seat, card: CardId, res: Resource) {
        s.push(
            Effect::Steal {
                seat,
                card,
                filter: StealFilter::Resource(res),
                left: 1,
                optional: false,
            }
            .into(),
        );
    }

    /// "After scoring, Rivals discard all X." (Cartels)
    pub fn cartel_after_scoring(s: &mut GameState, holder: Seat, res: Resource, ev: &mut dyn Sink) {
        let rivals: arrayvec::ArrayVec<Seat, { crate::ids::MAX_SEATS }> =
            s.rivals(holder).collect();
        for r in rivals {
            let mut n = 0;
            for slot in 0..7 {
                if s.seat(r).resources[slot] == Some(res) {
                    s.discard_slot(r, slot);
                    n += 1;
                }
            }
            if n > 0 {
                crate::log!(ev, "cartel", Some(r), "{r} discards {n} {res} (Cartel).");
            }
        }
    }

    /// "Gain 1 X" new actions standing in for Build (Manufacture, Synthesize).
    pub fn gain_one(s: &mut GameState, seat: Seat, res: Resource, ev: &mut dyn Sink) {
        s.gain(seat, res, ev);
    }
}
