//! Rounds: leading, following, passing and the initiative check
//! (B-TURN, B-INIT).

use super::Frame;
use crate::choice::Choice;
use crate::event::Sink;
use crate::ids::*;
use crate::log;
use crate::state::{GameState, Play, PlayKind, RoundState, TurnScope};

/// B-TURN-04/07/08/09/11, B-INIT-01: what a seat may play now.
pub fn play_choices(s: &GameState, seat: Seat, out: &mut Vec<Choice>) {
    let all = s.seat(seat).hand;
    // The Believer's Faithful cards (ARCS-F813) are played on a side: a
    // hand or lead with one lists its choices in the Fate's module.
    if all.has_faithful() || s.lead_card().is_some_and(|c| c.is_faithful()) {
        (crate::campaign::fates::SIDED_CARDS.play_choices)(s, seat, out);
        return;
    }
    // Event cards (campaign) cannot be led or copied with (p12); they are
    // played by `PlayEvent` only.
    let hand = all.standard();
    match s.round.lead() {
        None => {
            out.extend(hand.iter().map(Choice::Lead));
            out.push(Choice::Pass);
        }
        Some(lead) => {
            // As card sets: the lead suit's cards above the lead number may
            // surpass, other suits pivot, any card copies. Listed card by
            // card without a branch on the card (hands are random, so such
            // branches mispredict).
            let lead_suit = lead.card.suit() as u32;
            let lead_num = s.lead_number().unwrap_or(0) as u32;
            let suit = 0x7Fu64 << (7 * lead_suit);
            let above = ((0x7Fu64 << lead_num) & 0x7F) << (7 * lead_suit);
            let surpass = hand.0 & suit & above;
            let pivot = hand.0 & !suit;
            if hand.len() > 8 {
                // Rare (card draws beyond the deal): one choice at a time.
                for c in hand.iter() {
                    if surpass & c.bit() != 0 {
                        out.push(Choice::Surpass(c));
                    } else if pivot & c.bit() != 0 {
                        out.push(Choice::Pivot(c));
                    }
                    out.push(Choice::Copy(c));
                }
                if all.has_event() {
                    out.push(Choice::PlayEvent);
                }
                return;
            }
            let mut buf = [Choice::Pass; 16];
            let mut n = 0;
            for c in hand.iter() {
                let b = c.bit();
                buf[n] = if pivot & b != 0 {
                    Choice::Pivot(c)
                } else {
                    Choice::Surpass(c)
                };
                n += ((surpass | pivot) & b != 0) as usize;
                buf[n] = Choice::Copy(c);
                n += 1;
            }
            out.extend_from_slice(&buf[..n]);
            if all.has_event() {
                out.push(Choice::PlayEvent);
            }
        }
    }
}

pub fn play_card(s: &mut GameState, seat: Seat, choice: Choice, ev: &mut dyn Sink) {
    let (card, kind) = match choice {
        Choice::Pass => {
            pass(s, seat, ev);
            return;
        }
        Choice::Lead(c) => (c, PlayKind::Lead),
        Choice::Surpass(c) => (c, PlayKind::Surpass),
        Choice::Copy(c) => (c, PlayKind::Copy),
        Choice::Pivot(c) => (c, PlayKind::Pivot),
        Choice::PlayEvent => match crate::campaign::events::event_in_hand(s.seat(seat).hand) {
            Some(c) => (c, PlayKind::Event),
            None => return,
        },
        _ => return,
    };
    s.seat_mut(seat).hand.remove(card);
    s.round.plays[seat.index()] = Some(Play {
        card,
        kind,
        seize: None,
    });
    // A card was played: the pass streak is broken (AMB-06).
    s.pass_streak = 0;
    if s.is_campaign() {
        crate::campaign::fates::notify(s, crate::campaign::fates::FateEvent::Played { seat }, ev);
    }
    let pips = match kind {
        PlayKind::Lead | PlayKind::Surpass => card.pips(),
        PlayKind::Copy | PlayKind::Pivot => 1,
        // Campaign p12: as many actions as the lead card, unless a Rival
        // played an Event or secured the Council earlier this round.
        PlayKind::Event => {
            let gives = crate::campaign::events::event_gives_actions(s, seat);
            if let Some(c) = s.campaign_mut() {
                c.events_played |= 1 << seat.0;
            }
            if gives {
                s.lead_card().map_or(0, |c| c.pips())
            } else {
                0
            }
        }
    };
    s.turn = TurnScope::new(seat, kind, card, pips);
    match kind {
        PlayKind::Copy => log!(ev, "play", Some(seat), "{seat} copies (face down)."),
        PlayKind::Lead => log!(
            ev,
            "play",
            Some(seat),
            "{seat} leads {} ({pips} pips).",
            card.full_name()
        ),
        PlayKind::Surpass => log!(
            ev,
            "play",
            Some(seat),
            "{seat} surpasses with {} ({pips} pips).",
            card.full_name()
        ),
        PlayKind::Pivot => log!(
            ev,
            "play",
            Some(seat),
            "{seat} pivots with {}.",
            card.full_name()
        ),
        PlayKind::Event if pips > 0 => log!(
            ev,
            "play",
            Some(seat),
            "{seat} plays an Event card and takes {pips} actions like the lead card."
        ),
        PlayKind::Event => log!(
            ev,
            "play",
            Some(seat),
            "{seat} plays an Event card; it gives no actions (a Rival already played an Event \
             card or secured the Imperial Council this round)."
        ),
    }
    if kind == PlayKind::Copy {
        crate::log_own!(ev, seat, "play", "You copied with {}.", card.full_name());
    }
    s.set_top(Frame::Turn);
}

/// B-INIT-01..03, AMB-03..06: the holder passes; the round ends at once.
fn pass(s: &mut GameState, seat: Seat, ev: &mut dyn Sink) {
    s.pop(); // PlayCard; NextTurn is below
    s.pass_streak |= 1 << seat.0;
    let all_passed = s
        .seat_ids()
        .filter(|x| !s.seat(*x).hand.is_empty())
        .all(|x| s.pass_streak & (1 << x.0) != 0);
    let next = s.rivals(seat).find(|x| !s.seat(*x).hand.is_empty());
    // The marker moves on even when this pass ends the chapter (DT-06).
    if let Some(n) = next {
        crate::campaign::fates::give_initiative(s, n, ev);
    }
    match next {
        Some(n) if !all_passed => {
            log!(
                ev,
                "pass",
                Some(seat),
                "{seat} passes the initiative to {n}; the round ends."
            );
            s.set_top(Frame::RoundStart);
        }
        _ => {
            log!(
                ev,
                "pass",
                Some(seat),
                "{seat} passes; everyone with cards has passed, so the chapter ends."
            );
            discard_hands(s);
            s.set_top(Frame::Scoring);
        }
    }
}

/// B-INIT-03: discard every hand at an early chapter end.
pub fn discard_hands(s: &mut GameState) {
    for seat in Seat::all(s.players) {
        let hand = std::mem::take(&mut s.seat_mut(seat).hand);
        for c in hand.iter() {
            s.action_discard.place_face_down(c);
        }
    }
}

pub fn round_start(s: &mut GameState, ev: &mut dyn Sink) {
    if s.seat_ids().all(|x| s.seat(x).hand.is_empty()) {
        s.set_top(Frame::Scoring);
        return;
    }
    let holder = s.initiative;
    if s.seat(holder).hand.is_empty() {
        // B-INIT-01 / DT-07: a holder with no cards must pass to the next
        // clockwise player with cards.
        if let Some(n) = s.rivals(holder).find(|x| !s.seat(*x).hand.is_empty()) {
            crate::campaign::fates::give_initiative(s, n, ev);
            log!(
                ev,
                "pass",
                Some(holder),
                "{holder} has no cards and passes the initiative to {n}."
            );
        }
        return;
    }
    let number = s.round.number.saturating_add(1);
    s.round = RoundState::new(holder);
    s.round.number = number;
    log!(
        ev,
        "round",
        Some(holder),
        "Round {number} of chapter {}: {holder} has the initiative.",
        s.chapter
    );
    s.set_top(Frame::NextTurn);
    // An automatic frame runs at once anyway; running it here saves a pass
    // of the frame loop (docs/performance.md).
    next_turn(s, ev);
}

#[inline]
pub fn next_turn(s: &mut GameState, _ev: &mut dyn Sink) {
    loop {
        let idx = s.round.turn_idx;
        if idx >= s.players {
            s.set_top(Frame::RoundEnd);
            return;
        }
        let seat = s.round.leader.clockwise(idx, s.players);
        // B-TURN-06: an empty hand skips the turn.
        if s.seat(seat).hand.is_empty() || s.seat(seat).resigned {
            s.round.turn_idx += 1;
            continue;
        }
        s.push(Frame::PlayCard { seat });
        return;
    }
}

/// B-TURN-12, B-INIT-08, AMB-22: check initiative, round-end effects,
/// discard played cards.
pub fn round_end(s: &mut GameState, ev: &mut dyn Sink) {
    // Who got the marker from someone else by Surpassing (Sower of
    // Division acts on it, after the round's event is queued).
    let mut surpassed_to = None;
    if !s.round.seized {
        let best = s
            .seat_ids()
            .filter_map(|x| s.round.plays[x.index()].map(|p| (x, p)))
            .filter(|(_, p)| p.kind == PlayKind::Surpass)
            .max_by_key(|(_, p)| p.card.number());
        if let Some((x, p)) = best {
            if x != s.initiative {
                log!(
                    ev,
                    "initiative",
                    Some(x),
                    "{x} takes the initiative: highest Surpass ({}).",
                    p.card.full_name()
                );
                surpassed_to = Some(x);
            }
            crate::campaign::fates::give_initiative(s, x, ev);
        } else {
            let h = s.initiative;
            log!(
                ev,
                "initiative",
                Some(h),
                "{h} keeps the initiative: nobody surpassed."
            );
        }
    } else {
        let h = s.initiative;
        log!(
            ev,
            "initiative",
            Some(h),
            "{h} keeps the seized initiative."
        );
    }
    crate::cards::on_round_end(s, ev);
    // Step 4: discard played and seize cards (face-up ones to the face-up
    // pile under the split-discard variant, B-FINE-13).
    for x in Seat::all(s.players) {
        if let Some(p) = s.round.plays[x.index()].take() {
            // Who knows which card went to the pile: everyone for a face-up
            // card, only its owner for a face-down one.
            if p.face_up() {
                for k in s.known_discard.iter_mut() {
                    k.insert(p.card);
                }
            } else {
                s.known_discard[x.index()].insert(p.card);
            }
            if let Some(z) = p.seize {
                s.known_discard[x.index()].insert(z);
            }
            // A Faithful card played on a side is discarded as the card.
            let card = p.card.physical();
            if s.options.split_discard && p.face_up() {
                s.action_discard_up.push(card);
            } else {
                s.action_discard.place_face_down(card);
            }
            if let Some(z) = p.seize {
                s.action_discard.place_face_down(z);
            }
        }
    }
    s.round.zero_marker = false; // AMB-75
    if s.seat_ids().any(|x| !s.seat(x).hand.is_empty()) {
        s.set_top(Frame::RoundStart);
    } else {
        s.set_top(Frame::Scoring);
    }
    // Campaign p13–14: the round's event (or the Council) after the
    // initiative check, before the next round.
    if s.campaign()
        .is_some_and(|c| c.events_played != 0 || c.council.tucked.is_some())
    {
        s.push(Frame::Campaign(crate::campaign::CampaignFrame::RoundEvent));
    }
    // Pushed last: it happens at the initiative check, before the event.
    if let Some(x) = surpassed_to {
        crate::cards::surpass_initiative(s, x, ev);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::{Rng, SeedableRng};

    /// B-TURN-07/08/09 read card by card: what the set arithmetic of
    /// `play_choices` must agree with.
    fn reference(s: &GameState, seat: Seat) -> Vec<Choice> {
        let lead = s.round.lead().expect("a lead");
        let num = s.lead_number().unwrap_or(0);
        let mut v = Vec::new();
        for c in s.seat(seat).hand.iter() {
            if c.suit() == lead.card.suit() {
                if c.number() > num {
                    v.push(Choice::Surpass(c));
                }
            } else {
                v.push(Choice::Pivot(c));
            }
            v.push(Choice::Copy(c));
        }
        v
    }

    #[test]
    fn follow_choices_match_the_rules_for_any_hand_and_lead() {
        let mut s = crate::setup::new_state(&crate::Config::base(4), 1).unwrap();
        let mut rng = rand::rngs::SmallRng::seed_from_u64(5);
        let (leader, seat) = (Seat(0), Seat(1));
        for _ in 0..2000 {
            let lead = ActionCard(rng.gen_range(0..28));
            // Hands of every size, including more than the 8 listed without
            // branches.
            let hand = CardSet(rng.gen::<u64>() & ((1 << 28) - 1) & !lead.bit());
            s.round.leader = leader;
            s.round.plays[leader.index()] = Some(Play {
                card: lead,
                kind: PlayKind::Lead,
                seize: None,
            });
            s.round.zero_marker = rng.gen_bool(0.2);
            s.seat_mut(seat).hand = hand;
            let mut out = Vec::new();
            play_choices(&s, seat, &mut out);
            assert_eq!(out, reference(&s, seat), "lead {lead}, hand {hand:?}");
        }
    }
}
