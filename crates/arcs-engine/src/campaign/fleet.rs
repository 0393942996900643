//! "Replenish your fleet" (the B Fates' setups: the Blight Speaker, the
//! Pacifist, the Peacekeeper and the Warden): "if you have fewer than N
//! Loyal ships on the map, place 1 ship each in any systems until you have
//! N Loyal ships on the map" — one ship at a time, each in any in-play
//! system, from the seat's supply while it lasts (docs/rulings.md
//! R-CAMP-REPLENISH).

use super::CampaignFrame;
use crate::choice::Choice;
use crate::event::Sink;
use crate::flow::Frame;
use crate::ids::*;
use crate::log;
use crate::state::GameState;

/// `seat`'s Loyal ships on the map (its Flagship is a board, not a ship
/// token: Replenish counts ship tokens).
pub fn loyal_ships_on_map(s: &GameState, seat: Seat) -> u32 {
    crate::state::systems_in(s.board.ships(seat.owner()) & s.in_play)
        .map(|x| s.sys(x).ships_of(seat.owner()).total() as u32)
        .sum()
}

/// Whether `seat` still places a ship: fewer than `to` on the map and one
/// in its supply.
fn wants(s: &GameState, seat: Seat, to: u8) -> bool {
    loyal_ships_on_map(s, seat) < to as u32 && s.seat(seat).ships > 0
}

/// Starts the Replenish: nothing to do when the seat has `to` already.
pub fn begin(s: &mut GameState, seat: Seat, to: u8, ev: &mut dyn Sink) {
    if wants(s, seat, to) {
        s.push(Frame::Campaign(CampaignFrame::Replenish { seat, to }));
    } else {
        log!(
            ev,
            "setup",
            Some(seat),
            "{seat} has {} Loyal ships on the map (or none left in their supply): nothing to replenish.",
            loyal_ships_on_map(s, seat)
        );
    }
}

pub fn replenish_prompt(s: &GameState, seat: Seat, to: u8) -> String {
    format!(
        "replenish your fleet: place a ship in any system ({} of {to} Loyal ships on the map)",
        loyal_ships_on_map(s, seat)
    )
}

/// Every in-play system.
pub fn replenish_choices(s: &GameState, seat: Seat, to: u8, out: &mut Vec<Choice>) {
    if wants(s, seat, to) {
        out.extend(s.systems_in_play().map(Choice::System));
    }
}

/// Places one fresh ship in `x`; the frame ends at `to` ships or an empty
/// supply.
pub fn replenish(s: &mut GameState, seat: Seat, to: u8, x: SystemId, ev: &mut dyn Sink) {
    if !s.is_in_play(x) || !wants(s, seat, to) {
        s.pop();
        return;
    }
    s.place_ships(seat.owner(), x, 1, false);
    log!(ev, "setup", Some(seat), { systems: vec![x] }, "{seat} replenishes their fleet: a ship in {x}.");
    if !wants(s, seat, to) {
        s.pop();
    }
}
