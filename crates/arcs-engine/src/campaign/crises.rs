//! Crises (campaign rules p18): Blight Crises, then Fate Crises, then Court
//! Crises.

use super::frame::CampaignFrame;
use crate::event::Sink;
use crate::flow::Frame;
use crate::ids::*;
use crate::log;
use crate::state::GameState;

/// Stages of the Crises.
const BLIGHT: u8 = 0;
const FATE: u8 = 1;
const COURT: u8 = 2;

/// Starts the Crises; `rolled`: the event and number dice were just rolled
/// for an Event card (the Court Crises do not roll again).
pub fn begin(s: &mut GameState, rolled: bool) {
    s.push(Frame::Campaign(CampaignFrame::Crises {
        stage: BLIGHT,
        pos: 0,
        rolled,
    }));
}

pub fn run(s: &mut GameState, stage: u8, pos: u8, rolled: bool, ev: &mut dyn Sink) {
    match stage {
        BLIGHT => {
            s.set_top(Frame::Campaign(CampaignFrame::Crises {
                stage: FATE,
                pos: 0,
                rolled,
            }));
            log!(ev, "crisis", None, "Crises: the Blight attacks.");
            for sys in crate::state::systems_in(super::blight::blighted(s)) {
                if let Some(law) = crate::cards::blight_crisis_barred(s, sys) {
                    log!(
                        ev,
                        "crisis",
                        None,
                        { systems: vec![sys] },
                        "{}: no Blight Crisis in {sys}, which the Empire controls.",
                        law.name()
                    );
                    continue;
                }
                super::blight::crisis(s, sys, ev);
            }
        }
        FATE => {
            // Fate Crises: cards held by players with Crisis text, in turn
            // order (the Fates' cards hook in here; p18).
            s.set_top(Frame::Campaign(CampaignFrame::Crises {
                stage: COURT,
                pos: 0,
                rolled,
            }));
            crate::cards::fate_crises(s, ev);
        }
        _ => court(s, pos, rolled, ev),
    }
}

/// Court Crises: roll the dice unless just rolled, then the Crisis text of
/// each Vox card in the Court from left to right, a card attached to a
/// Vox card before its host, the Court as it was when the Court Crises
/// began (cards drawn meanwhile wait; docs/rulings.md R-CAMP-CRI). `step`
/// walks the places: `2p` the card attached at position `p`, `2p + 1` the
/// card there.
fn court(s: &mut GameState, step: u8, rolled: bool, ev: &mut dyn Sink) {
    if step == 0 {
        if !rolled {
            let face = super::setup::roll_event(s);
            let n = super::setup::roll_number(s);
            log!(
                ev,
                "crisis",
                None,
                "Court Crises: the event die shows {} and the number die cluster {n}.",
                face.symbol_name()
            );
        }
        let snapshot: crate::state::List<Option<CardId>, 16> = (0..s.court.len())
            .flat_map(|p| [super::attach::attached(s, p), s.court[p].card])
            .collect();
        if let Some(c) = s.campaign_mut() {
            c.crisis_court = snapshot;
        }
    }
    let snap = s.campaign().map(|c| c.crisis_court).unwrap_or_default();
    let at = |s: &GameState, i: usize| -> Option<CardId> {
        let p = i / 2;
        if p >= s.court.len() {
            return None;
        }
        if i.is_multiple_of(2) {
            super::attach::attached(s, p)
        } else {
            s.court[p].card
        }
    };
    let next = (step as usize..2 * s.court.len()).find(|&i| {
        let card = at(s, i);
        card.is_some() && snap.get(i).copied().flatten() == card && crate::cards::has_crisis(card)
    });
    let Some(i) = next else {
        s.pop();
        return;
    };
    s.set_top(Frame::Campaign(CampaignFrame::Crises {
        stage: COURT,
        pos: i as u8 + 1,
        rolled: true,
    }));
    if let Some(card) = at(s, i) {
        crate::cards::court_crisis(s, i / 2, card, ev);
    }
}

/// Where a card removed from the Court goes.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Removal {
    /// Bottom of the Court deck ("bury", p18).
    Bury,
    /// The Court discard pile.
    Discard,
    /// Shuffled into the Court deck.
    Shuffle,
    /// Out of the campaign for good (`fates::scrap`).
    Scrap,
}

/// Removes `card` from the Court at `pos` (a Crisis, p18) — the card
/// there, or the card attached to it. A removed card's agents return to
/// their owners and the Court refills, unless a card attached to it slides
/// down into its place and keeps them (p27). The card goes where `to`
/// says.
pub fn remove_card(s: &mut GameState, pos: usize, card: CardId, to: Removal) {
    if super::council::is_council(card) {
        return; // never buried, scrapped or discarded (p14)
    }
    if super::attach::attached(s, pos) == Some(card) {
        super::attach::take(s, pos);
    } else if s.court.get(pos).and_then(|c| c.card) == Some(card) {
        s.court[pos].card = None;
        if !super::attach::slide_down(s, pos) {
            let agents = std::mem::take(&mut s.court[pos].agents);
            for x in s.seat_ids().collect::<Vec<_>>() {
                let n = agents[x.index()];
                if n > 0 {
                    s.return_agents(x, n);
                }
            }
            s.push(Frame::Refill { pos: pos as u8 });
        }
    } else {
        return;
    }
    match to {
        Removal::Bury => {
            s.court_deck.bury(card);
        }
        Removal::Discard => s.court_discard.push(card),
        Removal::Shuffle => {
            s.court_deck.shuffle_in(card, &mut s.rng);
        }
        Removal::Scrap => super::fates::scrap(s, &[card]),
    }
}
