//! Chapters: the draw (and 2-player mulligan), scoring, cleanup and the
//! game end (B-DRAW, B-SCORE, B-CLN, B-GAME).

use super::Frame;
use crate::data::{city_bonus, power_to_win};
use crate::event::Sink;
use crate::ids::*;
use crate::log;
use crate::state::{GameState, Outcome, Tiebreak, TrophyKind};
use rand::seq::SliceRandom;

/// B-DRAW-01/02 (and setup P–Q): shuffle every action card, deal 6 each,
/// discard the rest face down and shuffle the pile (003:L987).
pub fn chapter_start(s: &mut GameState, ev: &mut dyn Sink) {
    let mut deck: arrayvec::ArrayVec<ActionCard, { ActionCard::CARDS }> = (0..28u8)
        .map(ActionCard)
        .filter(|c| s.players == 4 || (2..=6).contains(&c.number()))
        .collect();
    // Campaign p4 step E: the Event cards in the deck.
    if let Some(c) = s.campaign() {
        let k = crate::campaign::events::events_in_deck(s.players);
        deck.extend((0..k).map(ActionCard::event));
        // Cards that joined or left the action deck this Act (the
        // Believer's Faithful cards, ARCS-F813; cards scrapped by
        // Spreading the Faith, ARCS-F803).
        if c.actions_added.0 | c.actions_scrapped.0 != 0 {
            let (added, scrapped) = (c.actions_added, c.actions_scrapped);
            deck.extend(added.iter());
            deck.retain(|x| !scrapped.contains(*x));
        }
    }
    deck.shuffle(&mut s.rng);
    s.action_discard.clear();
    s.action_discard_up.clear();
    s.known_discard = [CardSet::default(); MAX_SEATS];
    s.round.number = 0;
    // Scenarios may fix the hands of this deal (`next-deal`).
    let forced = std::mem::take(&mut s.forced_deal);
    let all_forced: u64 = forced.iter().map(|h| h.0).fold(0, |a, b| a | b);
    deck.retain(|c| all_forced & c.bit() == 0);
    for seat in Seat::all(s.players) {
        let st = s.seat_mut(seat);
        st.hand = forced[seat.index()];
        while st.hand.len() < 6 {
            match deck.pop() {
                Some(c) => st.hand.insert(c),
                None => break,
            }
        }
    }
    // The undealt remainder waits in the discard pile (top = end) so a
    // 2-player mulligan draws from it (AMB-55).
    s.action_discard.add(deck);
    log!(
        ev,
        "chapter",
        None,
        "Chapter {} begins: each player draws 6 cards.",
        s.chapter
    );
    if ev.enabled() {
        for seat in Seat::all(s.players) {
            let hand = ActionCard::list(s.seat(seat).hand.iter());
            crate::log_reveal!(ev, seat, "draw", "You draw {hand}.");
        }
    }
    s.set_top(Frame::RoundStart);
    if s.players == 2 {
        // B-DRAW-03: the player without initiative may mulligan.
        let other = s.next_seat(s.initiative);
        s.push(Frame::Mulligan { seat: other });
    } else {
        s.action_discard.shuffle(&mut s.rng);
    }
}

/// B-SETUP-15 / B-DRAW-03 / AMB-55.
pub fn mulligan(s: &mut GameState, seat: Seat, redraw: bool, ev: &mut dyn Sink) {
    s.pop();
    if redraw {
        // Campaign p12: Event cards stay in hand; only the others are
        // replaced, one for one.
        let hand = s.seat(seat).hand;
        let keep = if s.is_campaign() {
            CardSet(hand.0 & CardSet::EVENTS)
        } else {
            CardSet::default()
        };
        let old = CardSet(hand.0 & !keep.0);
        s.seat_mut(seat).hand = keep;
        for _ in 0..old.len() {
            if let Some(c) = s.action_discard.draw() {
                s.seat_mut(seat).hand.insert(c);
            }
        }
        for c in old.iter() {
            s.action_discard.place_face_down(c);
        }
        s.known_discard[seat.index()].0 |= old.0;
        if keep.is_empty() {
            log!(
                ev,
                "mulligan",
                Some(seat),
                "{seat} discards their hand and draws 6 new cards."
            );
        } else {
            log!(
                ev,
                "mulligan",
                Some(seat),
                "{seat} keeps their Event cards, discards the other {} cards and draws as many.",
                old.len()
            );
        }
        if ev.enabled() {
            let hand = ActionCard::list(s.seat(seat).hand.iter());
            crate::log_reveal!(ev, seat, "draw", "You draw {hand}.");
        }
    } else {
        log!(ev, "mulligan", Some(seat), "{seat} keeps their hand.");
    }
    s.action_discard.shuffle(&mut s.rng);
}

/// B-SCORE-03: what each ambition counts for a seat.
pub fn ambition_count(s: &GameState, seat: Seat, a: Ambition) -> u32 {
    let st = s.seat(seat);
    // Campaign p21: the Imperial Trust's frozen resources add to the First
    // Regent's ambitions.
    let trust = |r: Resource| -> u32 {
        match s.campaign() {
            Some(c) if c.first_regent == Some(seat) => c.trust[r.index()] as u32,
            _ => 0,
        }
    };
    // Guild Supremacy (F425): Guild cards count twice when scoring.
    let per_guild = 1 + crate::cards::guild_counts_twice(s) as u32;
    let icons = |r: Resource| -> u32 {
        // Resources stored on cards (Merchant League) add too (p27).
        let tokens =
            st.count_resource(r) as u32 + trust(r) + crate::campaign::stored::count(s, seat, r);
        let guild = st
            .guild()
            .iter()
            .filter(|c| c.info().suit == Some(r))
            .count() as u32
            * per_guild;
        tokens + guild + crate::cards::extra_icons(s, seat, r)
    };
    match a {
        Ambition::Tycoon => icons(Resource::Material) + icons(Resource::Fuel),
        Ambition::Tyrant => st.captive_total(),
        // A Weapon Cartel's supply adds to Warlord (ARCS-F309: "You add it
        // to Warlord"); War Profiteering (F320) adds every Weapon icon.
        Ambition::Warlord if crate::cards::warlord_counts_weapons(s) => {
            st.trophy_total() + icons(Resource::Weapon)
        }
        Ambition::Warlord => {
            st.trophy_total() + crate::cards::extra_icons(s, seat, Resource::Weapon)
        }
        Ambition::Keeper => icons(Resource::Relic),
        Ambition::Empath => icons(Resource::Psionic),
    }
}

/// B-SCORE-08: the 2-player phantom's count from the ambition boxes.
pub fn phantom_count(s: &GameState, a: Ambition) -> u32 {
    let b = &s.box_resources;
    (match a {
        Ambition::Tycoon => b[0] + b[1],
        Ambition::Tyrant => 0,
        Ambition::Warlord => b[2],
        Ambition::Keeper => b[3],
        Ambition::Empath => b[4],
    }) as u32
}

/// Places in one ambition: `(first, seconds)` among seats, with the phantom
/// as a full participant who never gains (B-SCORE-04..08, AMB-59).
/// `None` stands for the phantom.
pub fn rank(s: &GameState, a: Ambition) -> (Option<Option<Seat>>, Placed) {
    let mut counts: arrayvec::ArrayVec<(Option<Seat>, u32), { MAX_SEATS + 1 }> = s
        .seat_ids()
        .map(|x| (Some(x), ambition_count(s, x, a)))
        .collect();
    if s.players == 2 {
        counts.push((None, phantom_count(s, a)));
    }
    counts.retain(|(_, c)| *c > 0); // B-SCORE-06 qualifying
    let Some(top) = counts.iter().map(|(_, c)| *c).max() else {
        return (None, Placed::new());
    };
    let with = |v: u32| -> Placed {
        counts
            .iter()
            .filter(|(_, c)| *c == v)
            .map(|(x, _)| *x)
            .collect()
    };
    let firsts = with(top);
    if firsts.len() > 1 {
        // Tie for first: all tied take second; nobody else places.
        return (None, firsts);
    }
    let second = counts.iter().map(|(_, c)| *c).filter(|c| *c < top).max();
    let seconds = match second.map(with) {
        Some(tied) if tied.len() == 1 => tied,
        _ => Placed::new(), // none, or a tie for second: nobody places
    };
    (Some(firsts[0]), seconds)
}

/// Seats (or the phantom, `None`) sharing a place in an ambition.
pub type Placed = arrayvec::ArrayVec<Option<Seat>, { MAX_SEATS + 1 }>;

/// How a leader's scoring rule changed a place (B-SCORE-09, AMB-45/46).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum RuleEffect {
    /// *Just*, *Violent*, *Academic*: first place paid the second-place
    /// value, no city bonus.
    PaidAsSecond,
    /// The same rules, or Noble *Proud*: second place gains nothing.
    NothingForSecond,
    /// Oath of Peace (F1502): the place gains nothing from this ambition.
    Worthless,
}

/// What one seat gains from a place in one ambition.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Award {
    pub seat: Seat,
    /// 1 or 2.
    pub place: u8,
    /// Power gained, city bonus included.
    pub power: i32,
    /// The part of `power` that is the city bonus (B-SCORE-07).
    pub city_bonus: i32,
    pub rule: Option<RuleEffect>,
}

/// One ambition scored as it stands (B-SCORE-02..09): the marker sums, the
/// places and what each placed seat gains. Without a marker nothing is
/// scored: the places are still ranked, every gain is 0.
#[derive(Clone, Debug)]
pub struct AmbitionScore {
    pub first_value: i32,
    pub second_value: i32,
    /// `Some(None)`: the 2-player phantom is first.
    pub first: Option<Option<Seat>>,
    pub seconds: Placed,
    /// First place (if a seat), then the seats in second place.
    pub awards: arrayvec::ArrayVec<Award, { MAX_SEATS + 1 }>,
}

pub fn score_ambition(s: &GameState, a: Ambition) -> AmbitionScore {
    let markers = (0..3).filter(|&i| s.markers[i].at == Some(a));
    let scored = markers.clone().next().is_some();
    let first_value: i32 = markers.clone().map(|i| s.markers[i].values(i).0).sum();
    let second_value: i32 = markers.map(|i| s.markers[i].values(i).1).sum();
    let (first, seconds) = rank(s, a);
    let mut awards = arrayvec::ArrayVec::new();
    // Leaders' scoring rules (B-SCORE-09, AMB-45/46): *Just*, *Violent*,
    // *Academic* pay first place the second-place value (no bonus) and
    // second place nothing; *Proud* pays only an untied first.
    let swapped = |x: Seat| {
        crate::cards::score_rules(s, x).any(|r| r == crate::cards::ScoreRule::SecondForFirst(a))
    };
    let proud = |x: Seat| {
        crate::cards::score_rules(s, x).any(|r| r == crate::cards::ScoreRule::OnlySoleFirst)
    };
    if let Some(Some(w)) = first {
        if swapped(w) {
            awards.push(Award {
                seat: w,
                place: 1,
                power: second_value,
                city_bonus: 0,
                rule: Some(RuleEffect::PaidAsSecond),
            });
        } else {
            let bonus = if scored {
                city_bonus(s.seat(w).cities)
            } else {
                0
            };
            awards.push(Award {
                seat: w,
                place: 1,
                power: first_value + bonus,
                city_bonus: bonus,
                rule: None,
            });
        }
    }
    for &x in seconds.iter().flatten() {
        let nothing = swapped(x) || proud(x);
        awards.push(Award {
            seat: x,
            place: 2,
            power: if nothing { 0 } else { second_value },
            city_bonus: 0,
            rule: nothing.then_some(RuleEffect::NothingForSecond),
        });
    }
    // Oath of Peace (F1502): an ambition worthless to its holder pays it
    // nothing; the place is still taken.
    for w in awards.iter_mut() {
        if crate::cards::score_rules(s, w.seat).any(|r| r == crate::cards::ScoreRule::Worthless(a))
        {
            w.power = 0;
            w.city_bonus = 0;
            w.rule = Some(RuleEffect::Worthless);
        }
    }
    let mut sc = AmbitionScore {
        first_value,
        second_value,
        first,
        seconds,
        awards,
    };
    // Campaign: a law may score this ambition its own way (the
    // Commonwealth Ambition, F214); `first` stays the individual first.
    if s.is_campaign() {
        for (_, b) in crate::cards::booklet_laws(s) {
            if let Some(f) = b.ambition_score {
                f(s, a, &mut sc);
            }
        }
    }
    sc
}

/// Step 1: score every ambition with at least one marker (B-SCORE-02..08).
/// With events on, a `scored` event carries the breakdown
/// ([`crate::scoring::ChapterScoring`]).
pub fn scoring(s: &mut GameState, ev: &mut dyn Sink) {
    // Campaign Act III: choices grand ambitions need first (F520B).
    if s.is_campaign() && crate::campaign::grand::before_scoring(s, ev) {
        return;
    }
    log!(ev, "chapter", None, "Chapter {} ends: scoring.", s.chapter);
    let mut report = ev
        .enabled()
        .then(|| crate::scoring::ChapterScoring::start(s));
    for a in Ambition::ALL {
        if !s.ambition_declared(a) {
            continue;
        }
        let sc = score_ambition(s, a);
        if let Some(r) = report.as_mut() {
            r.ambitions
                .push(crate::scoring::AmbitionResult::of(s, a, &sc));
        }
        for w in &sc.awards {
            if w.rule == Some(RuleEffect::NothingForSecond) {
                let x = w.seat;
                log!(
                    ev,
                    "score",
                    Some(x),
                    "{a}: {x} places second but gains nothing (leader)."
                );
            }
        }
        if sc.first.is_none() && sc.seconds.is_empty() {
            log!(ev, "score", None, "{a}: nobody qualifies.");
        }
        if let Some(None) = sc.first {
            log!(
                ev,
                "score",
                None,
                "{a}: the ambition boxes' tokens (phantom player) take first place."
            );
        }
        for w in &sc.awards {
            if w.rule == Some(RuleEffect::NothingForSecond) {
                continue;
            }
            let (x, p) = (w.seat, w.power);
            let place = match (w.place, w.rule) {
                (1, Some(RuleEffect::PaidAsSecond)) => "first (paid as second)",
                (1, _) => "first",
                _ => "second",
            };
            s.seat_mut(x).power += p;
            log!(
                ev,
                "score",
                Some(x),
                "{a}: {x} takes {place} place and gains {p} Power."
            );
            // Campaign p8: winning an ambition is sole first place.
            if w.place == 1 && sc.first == Some(Some(x)) && s.is_campaign() {
                crate::campaign::fates::notify(
                    s,
                    crate::campaign::fates::FateEvent::AmbitionWon {
                        seat: x,
                        ambition: a,
                        power: p,
                    },
                    ev,
                );
            }
        }
        if s.is_campaign() {
            // Objectives use individual values (F214): the sole first
            // wins even when a law paid it nothing.
            if let Some(Some(x)) = sc.first {
                if !sc.awards.iter().any(|w| w.seat == x && w.place == 1) {
                    let won = crate::campaign::fates::FateEvent::AmbitionWon {
                        seat: x,
                        ambition: a,
                        power: 0,
                    };
                    crate::campaign::fates::notify(s, won, ev);
                }
            }
            let scored = crate::campaign::fates::FateEvent::AmbitionScored { ambition: a };
            crate::campaign::fates::notify(s, scored, ev);
        }
    }
    // Campaign Act III: grand ambitions score with the declared ones (p9).
    if s.is_campaign() {
        crate::campaign::grand::score_fates(s, ev);
    }
    if let Some(mut r) = report {
        r.finish(s);
        let gains: Vec<String> = s
            .seat_ids()
            .map(|x| format!("{x} +{} (now {})", r.gained[x.index()], r.power[x.index()]))
            .collect();
        log!(
            ev,
            "scored",
            None,
            { scoring: Some(Box::new(r)) },
            "Chapter {} scored: {}.",
            s.chapter,
            gains.join(", ")
        );
    }
    s.set_top(Frame::AfterScoring);
}

/// "After scoring" hooks (Cartels), between Step 1 and cleanup (B-SCORE-09).
pub fn after_scoring(s: &mut GameState, ev: &mut dyn Sink) {
    s.set_top(Frame::Cleanup);
    crate::cards::after_scoring(s, ev);
    // Campaign: objectives that count "at the end of a chapter".
    if s.is_campaign() {
        crate::campaign::fates::notify(s, crate::campaign::fates::FateEvent::ChapterEnd, ev);
        // Act III: a final objective completed now wins the campaign (p9),
        // after every scoring effect.
        crate::campaign::grand::check_final_objectives(s, ev);
    }
}

fn scored(s: &GameState, a: Ambition) -> bool {
    s.ambition_declared(a)
}

/// B-CLN-01/02: return Trophies and Captives if their ambition was scored.
pub fn cleanup(s: &mut GameState, ev: &mut dyn Sink) {
    s.set_top(Frame::ChapterClose);
    let warlord = scored(s, Ambition::Warlord);
    let tyrant = scored(s, Ambition::Tyrant);
    let mut cities_back = [0u8; MAX_SEATS];
    for holder in Seat::all(s.players) {
        if warlord {
            let trophies =
                std::mem::replace(&mut s.seat_mut(holder).trophies, [[0; 4]; MAX_OWNERS]);
            for (oi, kinds) in trophies.iter().enumerate() {
                let Some(owner) = Owner::from_index(oi).seat() else {
                    // Campaign: Imperial ships, Free buildings and Blight
                    // return to their supplies.
                    for k in TrophyKind::ALL {
                        let n = kinds[k as usize];
                        if n > 0 {
                            crate::campaign::return_to_supply(s, Owner::from_index(oi), k, n);
                        }
                    }
                    continue;
                };
                for k in TrophyKind::ALL {
                    let n = kinds[k as usize];
                    if n == 0 {
                        continue;
                    }
                    match k {
                        TrophyKind::Ship => s.seat_mut(owner).ships += n,
                        TrophyKind::Starport => s.seat_mut(owner).starports += n,
                        TrophyKind::Agent => s.return_agents(owner, n),
                        TrophyKind::City => cities_back[owner.index()] += n,
                    }
                }
            }
        }
        if tyrant {
            let captives = std::mem::replace(&mut s.seat_mut(holder).captives, [0; MAX_OWNERS]);
            for (oi, n) in captives.iter().enumerate() {
                if let Some(owner) = Owner::from_index(oi).seat() {
                    if *n > 0 {
                        s.return_agents(owner, *n);
                    }
                }
            }
        }
    }
    if warlord {
        log!(
            ev,
            "cleanup",
            None,
            "Warlord was scored: all Trophies return to their owners."
        );
    }
    if tyrant {
        log!(
            ev,
            "cleanup",
            None,
            "Tyrant was scored: all Captives return to their owners."
        );
    }
    for owner in Seat::all(s.players) {
        let n = cities_back[owner.index()];
        if n > 0 {
            s.return_cities(owner, n, ev);
        }
    }
}

/// Markers return and flip; the game ends or the next chapter begins
/// (B-CLN-03/04, B-GAME-01..03).
pub fn chapter_close(s: &mut GameState, ev: &mut dyn Sink) {
    for m in s.markers.iter_mut() {
        m.at = None;
    }
    let flip = (0..3)
        .filter(|&i| !s.markers[i].flipped)
        .min_by_key(|&i| (s.markers[i].values(i).0, i));
    if let Some(i) = flip {
        s.markers[i].flipped = true;
        let (a, b) = s.markers[i].values(i);
        log!(ev, "cleanup", None, "An ambition marker flips to {a}/{b}.");
    }
    if let Some(last) = s.campaign().map(|c| c.chapters()) {
        // Campaign p8: no Power threshold; the Act ends after its chapters.
        if s.chapter >= last {
            s.set_top(Frame::Campaign(crate::campaign::CampaignFrame::ActEnd));
        } else {
            s.chapter += 1;
            s.set_top(Frame::ChapterStart);
        }
        return;
    }
    let threshold = power_to_win(s.players);
    let reached = s.seat_ids().any(|x| s.seat(x).power >= threshold);
    if reached || s.chapter >= 5 {
        finish(
            s,
            if reached {
                format!("a player reached {threshold} Power")
            } else {
                "the fifth chapter ended".to_string()
            },
            ev,
        );
        return;
    }
    s.chapter += 1;
    s.set_top(Frame::ChapterStart);
}

/// B-GAME-02: most Power wins; ties go to the earliest in turn order from
/// the initiative holder (AMB-56).
pub fn finish(s: &mut GameState, reason: String, ev: &mut dyn Sink) {
    let ranking = ranking(s, |_| 0);
    let winner = ranking[0];
    log!(
        ev,
        "gameover",
        Some(winner),
        "The game ends ({reason}). {winner} wins with {} Power.",
        s.seat(winner).power
    );
    record_outcome(s, ranking, Some(winner), reason, None);
}

/// Seats still playing by Power, then by `first` (lower first), then in
/// turn order from the initiative holder; seats that conceded last.
pub(crate) fn ranking(s: &GameState, first: impl Fn(Seat) -> u8) -> Vec<Seat> {
    let mut ranking: Vec<Seat> = s.turn_order().filter(|x| !s.seat(*x).resigned).collect();
    // Stable: turn order breaks the remaining ties.
    ranking.sort_by_key(|x| (std::cmp::Reverse(s.seat(*x).power), first(*x)));
    ranking.extend(s.turn_order().filter(|x| s.seat(*x).resigned));
    ranking
}

/// Writes the game's outcome and ends it.
pub(crate) fn record_outcome(
    s: &mut GameState,
    ranking: Vec<Seat>,
    winner: Option<Seat>,
    reason: String,
    act: Option<crate::state::ActReport>,
) {
    let conceded: Vec<Seat> = ranking
        .iter()
        .copied()
        .filter(|x| s.seat(*x).resigned)
        .collect();
    let tiebreaks = tiebreaks(s, &ranking[..ranking.len() - conceded.len()]);
    s.outcome = Some(Box::new(Outcome {
        power: s.seat_ids().map(|x| s.seat(x).power).collect(),
        winner,
        ranking,
        reason,
        tiebreaks,
        conceded,
        act,
    }));
    s.stack.clear();
    s.push(Frame::GameOver);
}

/// The ties in a ranking of seats still playing (sorted by Power, ties in
/// turn order from the initiative holder) and how each was broken.
fn tiebreaks(s: &GameState, ranked: &[Seat]) -> Vec<Tiebreak> {
    let power = |x: &Seat| s.seat(*x).power;
    ranked
        .chunk_by(|a, b| power(a) == power(b))
        .filter(|g| g.len() > 1)
        .map(|g| {
            let names: Vec<String> = g.iter().map(|x| x.to_string()).collect();
            let tied = match names.split_last() {
                Some((last, rest)) if !rest.is_empty() => {
                    format!("{} and {last}", rest.join(", "))
                }
                _ => names.join(""),
            };
            let p = power(&g[0]);
            let h = s.initiative;
            Tiebreak {
                power: p,
                seats: g.to_vec(),
                initiative: h,
                text: format!(
                    "{tied} tie at {p} Power and rank in turn order from the \
                     initiative holder ({h}): {}",
                    names.join(", ")
                ),
            }
        })
        .collect()
}
