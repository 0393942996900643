//! Influence, Secure, Ransack and the Court refill (B-INF, B-SEC, B-CITY-06).

use crate::choice::Choice;
use crate::event::Sink;
use crate::flow::Frame;
use crate::ids::*;
use crate::log;
use crate::state::{GameState, TrophyKind};

/// A Court position that may be influenced or secured: it holds a card,
/// and (campaign p14) not the Imperial Council on its Decided side.
#[inline]
pub fn open(s: &GameState, pos: usize) -> bool {
    if s.is_campaign() {
        crate::campaign::council::open(s, pos)
    } else {
        s.court[pos].card.is_some()
    }
}

#[inline]
pub fn can_influence(s: &GameState, seat: Seat) -> bool {
    s.seat(seat).agents > 0 && (0..s.court.len()).any(|p| open(s, p))
}

pub fn influence_choices(s: &GameState, _seat: Seat, out: &mut Vec<Choice>) {
    for i in 0..s.court.len() {
        if open(s, i) {
            out.push(Choice::Court(i as u8));
        }
    }
}

pub fn influence(s: &mut GameState, seat: Seat, choice: Choice, ev: &mut dyn Sink) {
    s.pop();
    let Choice::Court(pos) = choice else { return };
    place_agent(s, seat, pos as usize, ev);
}

/// Puts one agent from supply on a Court card.
pub fn place_agent(s: &mut GameState, seat: Seat, pos: usize, ev: &mut dyn Sink) {
    if s.seat(seat).agents == 0 {
        return;
    }
    let Some(card) = s.court[pos].card else {
        return;
    };
    s.seat_mut(seat).agents -= 1;
    s.court[pos].agents[seat.index()] += 1;
    log!(
        ev,
        "influence",
        Some(seat),
        "{seat} places an agent on {card}."
    );
}

/// B-SEC-01: strictly more Loyal agents than each Rival (AMB-07).
#[inline(always)]
pub fn securable(s: &GameState, seat: Seat, pos: usize) -> bool {
    let slot = &s.court[pos];
    // The agent test first: it rules out most slots, and the campaign's
    // Council test (`open`) is then asked only of the few left (issue 19).
    let mine = slot.agents[seat.index()];
    if mine == 0 {
        return false;
    }
    let most = slot.most_of_others(seat);
    // A tie for most may do with a card that allows it (Spirit of
    // Freedom, F224).
    if most > mine || (most == mine && !crate::cards::secures_on_tie(s, seat, pos)) {
        return false;
    }
    let Some(card) = slot.card else { return false };
    open(s, pos) && crate::cards::may_secure(s, seat, card, mine)
}

#[inline]
pub fn can_secure(s: &GameState, seat: Seat) -> bool {
    for p in 0..s.court.len() {
        if securable(s, seat, p) {
            return true;
        }
    }
    false
}

pub fn secure_choices(s: &GameState, seat: Seat, out: &mut Vec<Choice>) {
    out.extend(
        (0..s.court.len())
            .filter(|&p| securable(s, seat, p))
            .map(|p| Choice::Court(p as u8)),
    );
}

pub fn secure(s: &mut GameState, seat: Seat, choice: Choice, ev: &mut dyn Sink) {
    s.pop();
    let Choice::Court(pos) = choice else { return };
    take_card(s, seat, pos as usize, OthersAgents::Captured, ev);
}

/// Whether any Court card holds an agent of `defender` (B-CITY-06).
pub fn ransack_possible(s: &GameState, defender: Seat) -> bool {
    (0..s.court.len()).any(|i| open(s, i) && s.court[i].agents[defender.index()] > 0)
}

pub fn ransack_choices(s: &GameState, _destroyer: Seat, defender: Seat, out: &mut Vec<Choice>) {
    for (i, c) in s.court.iter().enumerate() {
        if open(s, i) && c.agents[defender.index()] > 0 {
            out.push(Choice::Court(i as u8));
        }
    }
}

pub fn ransack(
    s: &mut GameState,
    destroyer: Seat,
    _defender: Seat,
    choice: Choice,
    ev: &mut dyn Sink,
) {
    s.pop();
    let Choice::Court(pos) = choice else { return };
    log!(
        ev,
        "ransack",
        Some(destroyer),
        "{destroyer} ransacks the Court."
    );
    take_card(s, destroyer, pos as usize, OthersAgents::Trophies, ev);
}

/// What becomes of the other players' agents on a secured card.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum OthersAgents {
    /// Captives of the securer (B-SEC-02).
    Captured,
    /// Trophies of the securer (Ransack, B-CITY-06).
    Trophies,
    /// Back to their owners (the Steward's Dealmakers: "they secure it but
    /// return agents they would capture").
    Returned,
}

/// Secures the card at `pos` (B-SEC-02..04): own agents go home, Rival
/// agents become Captives (or Trophies when Ransacking, B-CITY-06, or go
/// home too with Dealmakers' Bargain), "When Secured" resolves, then the
/// position refills.
pub fn take_card(
    s: &mut GameState,
    seat: Seat,
    pos: usize,
    others: OthersAgents,
    ev: &mut dyn Sink,
) {
    let Some(card) = s.court[pos].card else {
        return;
    };
    // Campaign p14: the Imperial Council is never taken; it flips and is
    // tucked (a Decided Council cannot be secured or ransacked).
    let council = s.is_campaign() && crate::campaign::council::is_council(card);
    if council && !open(s, pos) {
        return;
    }
    if !council {
        s.court[pos].card = None;
    }
    // Campaign: a card here may keep the agents in the Court (the
    // Armistice, F216): they stay on the place for its hook to move, going
    // to no one's supply or Captives.
    let kept = if s.is_campaign() {
        keeps_agents(s, pos, card)
    } else {
        None
    };
    let agents = if kept.is_some() {
        [0; MAX_OWNERS]
    } else {
        std::mem::take(&mut s.court[pos].agents)
    };
    for (i, &n) in agents.iter().enumerate() {
        if n == 0 {
            continue;
        }
        let owner = Owner::from_index(i);
        match (owner.seat(), others) {
            (Some(x), _) if x == seat => s.return_agents(seat, n),
            (Some(x), OthersAgents::Returned) => s.return_agents(x, n),
            (_, OthersAgents::Trophies) => {
                s.gain_trophies(seat, owner, TrophyKind::Agent, n, ev);
            }
            _ => s.seat_mut(seat).captives[i] += n,
        }
    }
    log!(
        ev,
        "secure",
        Some(seat),
        "{seat} secures {card}{}.",
        if agents
            .iter()
            .enumerate()
            .any(|(i, &n)| n > 0 && i != seat.index())
        {
            match others {
                OthersAgents::Trophies => ", taking the Rival agents on it as Trophies",
                OthersAgents::Captured => ", capturing the Rival agents on it",
                OthersAgents::Returned => "; the other agents on it return to their owners",
            }
        } else {
            ""
        }
    );
    if others == OthersAgents::Captured && s.is_campaign() {
        for x in Seat::all(s.players) {
            if x != seat {
                crate::campaign::fates::captured(s, seat, x, agents[x.index()], ev);
            }
        }
    }
    if council {
        crate::campaign::council::secured(s, seat, ev);
        // p27: a card attached to the Council is secured with it (the
        // Council itself stays, tucked; docs/rulings.md
        // R-CAMP-ADVOCATE-COUNCIL).
        if let Some(a) = crate::campaign::attach::take(s, pos) {
            s.push(Frame::Campaign(
                crate::campaign::CampaignFrame::SecureAttached { seat, card: a },
            ));
        }
        if let Some(h) = kept {
            h(s, seat, pos, ev);
        }
        return;
    }
    if let Some(c) = s.campaign_mut() {
        c.secured_own_agents = agents[seat.index()];
    }
    if crate::cards::holds(s, seat, crate::cards::Hook::AfterSecure) {
        crate::cards::after_secure(s, seat, card, pos);
    }
    s.push(Frame::Refill { pos: pos as u8 });
    // Campaign p27: the attached card is secured too, once the card's own
    // "When Secured" is done.
    if let Some(a) = crate::campaign::attach::take(s, pos) {
        s.push(Frame::Campaign(
            crate::campaign::CampaignFrame::SecureAttached { seat, card: a },
        ));
    }
    if s.is_campaign() {
        let e = crate::campaign::fates::FateEvent::Secured { seat, card };
        crate::campaign::fates::notify(s, e, ev);
    }
    crate::cards::on_secured(s, seat, card, ev);
    if let Some(h) = kept {
        h(s, seat, pos, ev);
    }
}

/// The hook of a card at `pos` (the card secured, or the card attached to
/// it) that keeps the agents there in the Court when it is secured.
fn keeps_agents(s: &GameState, pos: usize, card: CardId) -> Option<crate::cards::KeepsAgents> {
    let hook = |c: CardId| crate::cards::behavior(c).and_then(|b| b.keeps_agents);
    hook(card).or_else(|| crate::campaign::attach::attached(s, pos).and_then(hook))
}

/// B-SEC-04 / AMB-08: draw the Court deck's top card into the position.
pub fn refill(s: &mut GameState, pos: usize, ev: &mut dyn Sink) {
    if s.court[pos].card.is_some() {
        return;
    }
    if let Some(c) = s.court_deck.draw() {
        s.court[pos].card = Some(c);
        log!(ev, "court", None, "{c} enters the Court.");
    }
}
