//! Act III's scoring additions (campaign rules p9, 000:L1225–1247): grand
//! ambitions — A and B Fates' two always-active ambitions, scored with the
//! declared ones for the chapter track's Power — and final objectives — a
//! C Fate whose marker reached 0 wins the campaign at a chapter's end,
//! after scoring, with at least 1 Power.
//!
//! The Fates supply the predicates (`FateDef::grand`,
//! `FateDef::final_objective`); this module evaluates them.

use super::fates;
use crate::event::Sink;
use crate::ids::*;
use crate::log;
use crate::state::GameState;

/// Power for fulfilling `fulfilled` grand ambitions at the end of
/// `chapter` (Act III chapter track): the lower amount for one, the higher
/// for both; a third (Portal Seekers, F906) gains no more (p9).
pub fn power_for(chapter: u8, fulfilled: u8) -> i32 {
    let track = super::data::data().grand_power;
    let Some(&(one, both)) = track.get(chapter.clamp(1, 4) as usize - 1) else {
        return 0;
    };
    match fulfilled {
        0 => 0,
        1 => one,
        _ => both,
    }
}

/// Scores every seat's grand ambitions, `fulfilled(s, seat)` counting how
/// many it fulfils now; returns each seat's gain. Rivals never gain from
/// them (p9).
pub fn score(
    s: &mut GameState,
    ev: &mut dyn Sink,
    fulfilled: impl Fn(&GameState, Seat) -> u8,
) -> [i32; MAX_SEATS] {
    let mut gains = [0; MAX_SEATS];
    let chapter = s.chapter;
    let counts: Vec<(Seat, u8)> = s.turn_order().map(|x| (x, fulfilled(s, x))).collect();
    for (x, n) in counts {
        let p = power_for(chapter, n);
        if p == 0 {
            continue;
        }
        s.seat_mut(x).power += p;
        gains[x.index()] = p;
        log!(
            ev,
            "score",
            Some(x),
            "Grand ambitions: {x} fulfils {} and gains {p} Power.",
            if n >= 2 { "both" } else { "one" }
        );
    }
    gains
}

/// Act III, before the chapter's scoring: the Fates ask what their grand
/// ambitions need chosen. True when a decision was pushed (the scoring
/// then waits for it and asks again).
pub fn before_scoring(s: &mut GameState, ev: &mut dyn Sink) -> bool {
    if s.campaign().is_none_or(|c| c.act != 3) {
        return false;
    }
    let depth = s.stack.len();
    fates::notify(s, fates::FateEvent::BeforeScoring, ev);
    s.stack.len() != depth
}

/// Grand ambitions as the seats' Fates define them (Act III only).
pub fn score_fates(s: &mut GameState, ev: &mut dyn Sink) {
    if s.campaign().is_none_or(|c| c.act != 3) {
        return;
    }
    score(s, ev, fulfilled);
}

/// How many of its Fate's grand ambitions `seat` fulfils now (0 outside
/// Act III or for a Fate without them): what the chapter's scoring would
/// pay it for, and what bots weigh.
pub fn fulfilled(s: &GameState, seat: Seat) -> u8 {
    s.campaign()
        .filter(|c| c.act == 3)
        .and_then(|c| c.fates[seat.index()])
        .and_then(fates::def)
        .and_then(|d| d.grand)
        .map_or(0, |g| g(s, seat))
}

/// The seat that wins the campaign by its final objective now, if any:
/// of the seats with a final objective (`has_final`) whose marker is at 0
/// and who have at least 1 Power, the one with the most Power; a tie goes
/// to the first in turn order from the initiative holder
/// (docs/rulings.md R-CAMP-FINAL).
pub fn final_objective_winner(s: &GameState, has_final: impl Fn(Seat) -> bool) -> Option<Seat> {
    let c = s.campaign()?;
    let mut best: Option<Seat> = None;
    for x in s.turn_order() {
        let done = has_final(x) && c.objective[x.index()] == 0 && s.seat(x).power >= 1;
        if done && best.is_none_or(|b| s.seat(x).power > s.seat(b).power) {
            best = Some(x);
        }
    }
    best
}

/// After scoring in Act III: a completed final objective ends the campaign
/// at once (p9).
pub fn check_final_objectives(s: &mut GameState, ev: &mut dyn Sink) {
    let Some(c) = s.campaign() else { return };
    if c.act != 3 {
        return;
    }
    let fates_now = c.fates;
    let winner = final_objective_winner(s, |x| {
        fates_now[x.index()]
            .and_then(fates::def)
            .is_some_and(|d| d.final_objective)
    });
    if let Some(w) = winner {
        super::events::campaign_won(s, w, "a final objective was completed", ev);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::event::NoEvents;

    fn state(setup: &str) -> GameState {
        crate::campaign::scenario::test_state(&format!("act 3\n{setup}"))
    }

    #[test]
    fn the_chapter_track_pays_one_or_both() {
        // p9 and the Act III side: 2/4, 3/8, 4/14, 5/20.
        let want = [(2, 4), (3, 8), (4, 14), (5, 20)];
        for (i, (one, both)) in want.into_iter().enumerate() {
            let ch = i as u8 + 1;
            assert_eq!(power_for(ch, 0), 0);
            assert_eq!(power_for(ch, 1), one, "chapter {ch}, one");
            assert_eq!(power_for(ch, 2), both, "chapter {ch}, both");
            // Portal Seekers' third fulfilment gains no more.
            assert_eq!(power_for(ch, 3), both);
        }
    }

    #[test]
    fn the_rules_example_one_grand_ambition_in_chapter_three_gains_four() {
        // 000:L1235: end of Chapter 3, one grand ambition, 4 Power.
        let mut s = state("chapter 3\nP1 power 10\nP2 power 3");
        let gains = score(&mut s, &mut NoEvents, |_, x| match x.0 {
            0 => 1,
            1 => 2,
            _ => 0,
        });
        assert_eq!(s.seat(Seat(0)).power, 14);
        assert_eq!(s.seat(Seat(1)).power, 17);
        assert_eq!(gains[2], 0);
    }

    #[test]
    fn a_final_objective_needs_the_marker_at_zero_and_one_power() {
        let s = state(
            "objective P1 0\nP1 power 0\nobjective P2 0\nP2 power 3\nobjective P3 2\nP3 power 9",
        );
        let all = |_| true;
        // P1 has no Power, P3's marker is not at 0: P2 wins.
        assert_eq!(final_objective_winner(&s, all), Some(Seat(1)));
        // Only Fates with a final objective count.
        assert_eq!(final_objective_winner(&s, |x: Seat| x != Seat(1)), None);
    }

    #[test]
    fn several_final_objectives_go_to_the_most_power() {
        let s = state("objective P1 0\nP1 power 4\nobjective P2 0\nP2 power 7\nobjective P3 0\nP3 power 7\ninitiative P3");
        // P2 and P3 tie at 7: P3 is first in turn order from the holder.
        assert_eq!(final_objective_winner(&s, |_| true), Some(Seat(2)));
    }

    #[test]
    fn a_final_objective_ends_the_campaign_with_its_winner_first() {
        let mut s = state("P1 power 20\nP2 power 2\nobjective P2 0");
        super::super::events::campaign_won(
            &mut s,
            Seat(1),
            "a final objective was completed",
            &mut NoEvents,
        );
        let o = s.outcome.as_deref().expect("the campaign is over");
        assert_eq!(o.winner, Some(Seat(1)), "it supersedes the most Power (p9)");
        assert_eq!(o.ranking[0], Seat(1));
        assert_eq!(o.ranking[1], Seat(0));
        assert_eq!(o.act.as_ref().map(|a| a.act), Some(3));
        assert!(matches!(s.stack.last(), Some(crate::flow::Frame::GameOver)));
    }

    #[test]
    fn no_grand_ambition_fulfilled_adds_nothing() {
        // The Steward as an Outlaw fulfils neither of its grand ambitions
        // (F122B: both need a Regent): no gain, and no final objective.
        let mut s = state("chapter 2\nfate P1 Steward\ntitle P1 outlaw\nP1 power 5");
        score_fates(&mut s, &mut NoEvents);
        assert_eq!(s.seat(Seat(0)).power, 5);
        check_final_objectives(&mut s, &mut NoEvents);
        assert!(s.outcome.is_none());
    }
}
