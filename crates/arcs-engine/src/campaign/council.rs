//! The Imperial Council (campaign rules p14; AID01A/B): always the
//! leftmost Court card, influenced and secured while In Session; secured,
//! it flips to Decided and is tucked under its securer's played card, and
//! at the round's end its securer resolves it.

use super::frame::CampaignFrame;
use crate::event::Sink;
use crate::flow::Frame;
use crate::ids::*;
use crate::log;
use crate::state::GameState;

/// Whether `card` is the Imperial Council.
pub fn is_council(card: CardId) -> bool {
    card == super::setup::council_card()
}

/// Whether the Court card at `pos` may be influenced or secured now: any
/// card but the Council on its Decided side (p14).
pub fn open(s: &GameState, pos: usize) -> bool {
    let Some(card) = s.court.get(pos).and_then(|c| c.card) else {
        return false;
    };
    match s.campaign() {
        Some(c) if is_council(card) => !c.council.decided,
        _ => true,
    }
}

/// p14: `seat` secures the Council: it flips to Decided and is tucked under
/// the seat's played card (it keeps its Court position, which is not
/// refilled; it is resolved at the round's end).
pub fn secured(s: &mut GameState, seat: Seat, ev: &mut dyn Sink) {
    if let Some(c) = s.campaign_mut() {
        c.council.decided = true;
        c.council.tucked = Some(seat);
    }
    log!(
        ev,
        "council",
        Some(seat),
        "{seat} secures the Imperial Council: it flips to Decided and is tucked under their card \
         until the round ends."
    );
}

/// The number of open resource slots of `seat` that are empty.
fn empty_slots(s: &GameState, seat: Seat) -> u8 {
    crate::actions::resources::open_slots(s, seat)
        .iter()
        .filter(|&&i| s.seat(seat).resources[i].is_none())
        .count() as u8
}

/// p14 steps 2–4 for the securer: a Regent takes the First Regent tile (the
/// Trust stays on it); an Outlaw steals from the Imperial Trust up to their
/// empty resource slots, the First Regent losing 1 Power for each; then the
/// securer chooses the Crises or the Edicts.
pub fn steps(s: &mut GameState, seat: Seat, ev: &mut dyn Sink) {
    s.set_top(Frame::Campaign(CampaignFrame::CrisesOrEdicts { seat }));
    if s.is_regent(seat) {
        let Some(c) = s.campaign_mut() else { return };
        if c.first_regent != Some(seat) {
            c.first_regent = Some(seat);
            log!(
                ev,
                "council",
                Some(seat),
                "{seat} takes the First Regent tile, with the Imperial Trust on it."
            );
        }
        return;
    }
    let room = empty_slots(s, seat);
    let trust = s.campaign().map_or(0, |c| c.trust_total());
    if room == 0 || trust == 0 {
        log!(
            ev,
            "council",
            Some(seat),
            "{seat} is an Outlaw but steals nothing from the Imperial Trust ({}).",
            if trust == 0 {
                "it is empty"
            } else {
                "no empty resource slot"
            }
        );
        return;
    }
    if trust <= room as u32 {
        // Everything fits: no choice to make.
        for r in Resource::ALL {
            let n = s.campaign().map_or(0, |c| c.trust[r.index()]);
            for _ in 0..n {
                steal_from_trust(s, seat, r, ev);
            }
        }
    } else {
        s.push(Frame::Campaign(CampaignFrame::RaidTrust {
            seat,
            left: room,
        }));
    }
}

/// One resource stolen from the Imperial Trust by an Outlaw securing the
/// Council: the First Regent loses 1 Power (p14 step 3).
pub fn steal_from_trust(s: &mut GameState, seat: Seat, r: Resource, ev: &mut dyn Sink) {
    let Some(c) = s.campaign_mut() else { return };
    if c.trust[r.index()] == 0 {
        return;
    }
    c.trust[r.index()] -= 1;
    let fr = c.first_regent;
    s.receive(seat, r);
    if let Some(fr) = fr {
        s.seat_mut(fr).power -= 1;
    }
    log!(
        ev,
        "council",
        Some(seat),
        "{seat} steals {r} from the Imperial Trust{}.",
        fr.map(|x| format!("; {x} loses 1 Power"))
            .unwrap_or_default()
    );
}
