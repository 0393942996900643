//! State invariants checked by the random-play suite (DESIGN.md §Testing):
//! pieces and resources conserved, every card in exactly one place, no
//! internal fault.

use crate::flow::Frame;
use crate::ids::*;
use crate::state::{BuildingKind, GameState, TrophyKind};

/// Returns a description of the first violated invariant.
pub fn check(s: &GameState) -> Result<(), String> {
    if s.anomalies > 0 {
        return Err(format!(
            "{} internal fault(s): a decision without legal choices or a runaway frame",
            s.anomalies
        ));
    }
    // Resources: 25 in all (B-COMP-05).
    let mut res = [0u32; 5];
    for (i, n) in s.supply.iter().enumerate() {
        res[i] += *n as u32;
    }
    for (i, n) in s.box_resources.iter().enumerate() {
        res[i] += *n as u32;
    }
    for (i, n) in s.turn.limbo.iter().enumerate() {
        res[i] += *n as u32;
    }
    // Resources placed over planet icons (Shaper *Mythic*).
    for r in s.planet_marks.iter().flatten() {
        res[r.index()] += 1;
    }
    for seat in s.seat_ids() {
        for r in s.seat(seat).resources.iter().flatten() {
            res[r.index()] += 1;
        }
    }
    if let Some(c) = s.campaign() {
        for (i, n) in c.trust.iter().enumerate() {
            res[i] += *n as u32;
        }
        // Resources scrapped for good with a Monopoly (F325B).
        for (i, n) in c.monopolies.scrapped.iter().enumerate() {
            res[i] += *n as u32;
        }
        // Resources stored on cards (Merchant League): on a card someone
        // holds.
        for x in &c.stored {
            for (i, n) in x.res.iter().enumerate() {
                res[i] += *n as u32;
            }
            if x.total() > 0 && crate::cards::holder_of(s, x.card).is_none() {
                return Err(format!(
                    "resources on {}, which nobody holds",
                    x.card.name()
                ));
            }
        }
    }
    for f in &s.stack {
        if let Frame::Arrange {
            incoming: Some(r), ..
        } = f
        {
            res[r.index()] += 1;
        }
    }
    if res.iter().any(|&n| n != 5) {
        return Err(format!("resources not conserved: {res:?} (want 5 of each)"));
    }
    crate::campaign::flagship::check(s)?;
    // Derived indexes must match what they index (docs/performance.md).
    if !s.board.index_is_current() {
        return Err("the board's piece index is stale".into());
    }
    for seat in s.seat_ids() {
        if !s.seat(seat).hooks_are_current() {
            return Err(format!("{seat}'s card hook bits are stale"));
        }
    }
    // Pieces per seat (B-COMP-02).
    for seat in s.seat_ids() {
        let o = seat.owner();
        let st = s.seat(seat);
        let mut ships = st.ships as u32;
        let mut ports = st.starports as u32;
        let mut cities = st.cities as u32;
        let mut agents = st.agents as u32;
        for sys in s.board.iter() {
            ships += sys.ships_of(o).total() as u32;
            for (_, b) in sys.buildings_of(o) {
                match b.kind {
                    BuildingKind::City => cities += 1,
                    BuildingKind::Starport => ports += 1,
                }
            }
        }
        for other in s.seat_ids() {
            let t = &s.seat(other).trophies[o.index()];
            ships += t[TrophyKind::Ship as usize] as u32;
            ports += t[TrophyKind::Starport as usize] as u32;
            cities += t[TrophyKind::City as usize] as u32;
            agents += t[TrophyKind::Agent as usize] as u32;
            agents += s.seat(other).captives[o.index()] as u32;
        }
        for c in &s.court {
            agents += c.agents[o.index()] as u32;
        }
        if let Some(c) = s.campaign() {
            // Favors: this seat's agents on other seats' Fate cards.
            for holder in s.seat_ids() {
                agents += c.favors[holder.index()][seat.index()] as u32;
            }
            // Its agents on Rivals' Outrage slots (Sower of Division).
            agents += c.sown.agents_of(seat);
            // Cities and starports on the seat's Flagship board (p22).
            if let Some(b) = &c.flagships[seat.index()] {
                cities += b.count(BuildingKind::City) as u32;
                ports += b.count(BuildingKind::Starport) as u32;
            }
        }
        let sown = s.campaign().map_or(0, |c| c.sown.mask(seat));
        agents += (st.outrage & !st.placeholders & !sown).count_ones();
        ships += st.scrapped[TrophyKind::Ship as usize] as u32;
        ports += st.scrapped[TrophyKind::Starport as usize] as u32;
        cities += st.scrapped[TrophyKind::City as usize] as u32;
        agents += st.scrapped[TrophyKind::Agent as usize] as u32;
        if (ships, ports, cities, agents) != (15, 5, 5, 10) {
            return Err(format!(
                "{seat}: pieces not conserved: {ships} ships, {ports} starports, {cities} cities, {agents} agents"
            ));
        }
        if st.placeholders != 0 && st.agents > 0 {
            return Err(format!(
                "{seat}: a placeholder remains while an agent is in supply"
            ));
        }
    }
    if let Some(c) = s.campaign() {
        campaign_pieces(s, c)?;
    }
    // Action cards: every card of the chapter's deck in exactly one place.
    let mut seen = 0u64;
    let mut add = |c: ActionCard| -> Result<(), String> {
        if seen & c.bit() != 0 {
            return Err(format!("action card {c} is in two places"));
        }
        seen |= c.bit();
        Ok(())
    };
    for seat in s.seat_ids() {
        for c in s.seat(seat).hand.iter() {
            add(c)?;
        }
        if let Some(p) = s.round.plays[seat.index()] {
            add(p.card)?;
            if let Some(z) = p.seize {
                add(z)?;
            }
        }
    }
    for &c in s.action_discard.iter().chain(s.action_discard_up.iter()) {
        add(c)?;
    }
    let dealt = !s.stack.iter().any(|f| matches!(f, Frame::ChapterStart));
    if dealt && seen.count_ones() as usize != s.action_deck_size() && s.outcome.is_none() {
        return Err(format!(
            "{} action cards accounted for, want {}",
            seen.count_ones(),
            s.action_deck_size()
        ));
    }
    // Court cards: each in exactly one place.
    let mut cards: Vec<CardId> = Vec::new();
    cards.extend(s.court.iter().filter_map(|c| c.card));
    cards.extend(s.court_deck.iter().copied());
    cards.extend(s.court_discard.iter().copied());
    cards.extend(s.round.unions.iter().map(|u| u.union));
    for seat in s.seat_ids() {
        cards.extend(s.seat(seat).guild().iter().copied());
        if s.is_campaign() {
            // Lore shuffled into the campaign Court and secured.
            cards.extend(s.seat(seat).lore().iter().copied());
        }
    }
    if let Some(c) = s.campaign() {
        cards.extend(crate::campaign::attach::all(c));
        cards.extend(c.court_scrapped.iter().copied());
    }
    let n = cards.len();
    cards.sort();
    cards.dedup();
    if cards.len() != n {
        return Err("a Court card is in two places".into());
    }
    if let Some(c) = s.campaign() {
        faithful_cards(c, seen, &cards)?;
    }
    // Buildings only in in-play systems; ship counts sane.
    for sys in SystemId::all() {
        if !s.is_in_play(sys)
            && (s.sys(sys).buildings().next().is_some()
                || s.sys(sys).ships.iter().any(|x| x.total() > 0))
        {
            return Err(format!("pieces in out-of-play system {sys}"));
        }
    }
    Ok(())
}

/// The Believer's nine Faithful action cards (ARCS-F801A, F813): each in
/// exactly one place — the stack, a Court place (as its catalog card),
/// the action cards (as a card of the deck) or scrapped.
fn faithful_cards(
    c: &crate::campaign::Campaign,
    actions: u64,
    court: &[CardId],
) -> Result<(), String> {
    // No Believer in this campaign: none of the nine anywhere.
    let in_court = court
        .iter()
        .any(|x| crate::cards::campaign::believer::faithful_action(*x).is_some());
    if c.faithful_stack == 0 && (c.actions_added.0 | actions) & CardSet::FAITHFUL == 0 && !in_court
    {
        return Ok(());
    }
    let deck = c.actions_added.0 & !c.actions_scrapped.0 & CardSet::FAITHFUL;
    if actions & CardSet::FAITHFUL & !deck != 0 {
        return Err("a Faithful card is among the action cards but not in the deck".into());
    }
    if c.faithful_stack > ActionCard::FAITHFUL {
        return Err(format!("a Faithful stack of {}", c.faithful_stack));
    }
    for n in 1..=ActionCard::FAITHFUL {
        let a = ActionCard::faithful(n);
        let id = crate::cards::campaign::believer::faithful_card_id(n);
        let places = (n <= c.faithful_stack) as u8
            + court.contains(&id) as u8
            + c.actions_added.contains(a) as u8;
        if places != 1 {
            return Err(format!("Faithful {n} is in {places} places"));
        }
    }
    Ok(())
}

/// Court cards a game started with (for conservation across a game).
pub fn court_card_count(s: &GameState) -> usize {
    let mut n = s.court.iter().filter(|c| c.card.is_some()).count()
        + s.court_deck.len()
        + s.court_discard.len();
    n += s.round.unions.len();
    for seat in s.seat_ids() {
        n += s.seat(seat).guild().len();
        if s.is_campaign() {
            n += s.seat(seat).lore().len();
        }
    }
    n + s.campaign().map_or(0, |c| {
        crate::campaign::attach::all(c).count() + c.court_scrapped.len()
    })
}

/// Campaign pieces (campaign rules p3): 15 Imperial ships, 24 Blight, 28
/// Free cities and 14 Free starports, each in its supply, on the map or in
/// a Trophy box.
fn campaign_pieces(s: &GameState, c: &crate::campaign::Campaign) -> Result<(), String> {
    // The Caretaker's Golems: one place each, slots not shared (F505).
    crate::cards::campaign::caretaker::check(s)?;
    use crate::campaign::{BLIGHT_TOKENS, FREE_CITIES, FREE_STARPORTS, IMPERIAL_SHIPS};
    let mut imperial = c.imperial_supply as u32;
    let mut blight = c.blight_supply as u32;
    let mut cities = c.free_cities as u32;
    let mut ports = c.free_starports as u32;
    for sys in s.board.iter() {
        imperial += sys.ships_of(Owner::Empire).total() as u32;
        blight += sys.ships_of(Owner::Blight).total() as u32;
        for (_, b) in sys.buildings_of(Owner::Free) {
            match b.kind {
                BuildingKind::City => cities += 1,
                BuildingKind::Starport => ports += 1,
            }
        }
    }
    for seat in s.seat_ids() {
        let t = &s.seat(seat).trophies;
        // The Empire and the Blight have only ships, the Free States only
        // buildings: no other Trophy of theirs can exist.
        let impossible = t[Owner::Empire.index()][TrophyKind::Ship as usize + 1..]
            .iter()
            .chain(&t[Owner::Blight.index()][TrophyKind::Ship as usize + 1..])
            .any(|n| *n != 0)
            || t[Owner::Free.index()][TrophyKind::Ship as usize] != 0
            || t[Owner::Free.index()][TrophyKind::Agent as usize] != 0;
        // Nor pieces of seats that are not in the game.
        let absent = (s.players as usize..crate::ids::MAX_SEATS).any(|k| {
            let o = Seat(k as u8).owner().index();
            t[o].iter().any(|n| *n != 0) || s.seat(seat).captives[o] != 0
        });
        if impossible || absent {
            return Err(format!(
                "{seat} holds a Trophy of a piece that does not exist"
            ));
        }
        imperial += t[Owner::Empire.index()][TrophyKind::Ship as usize] as u32;
        blight += t[Owner::Blight.index()][TrophyKind::Ship as usize] as u32;
        cities += t[Owner::Free.index()][TrophyKind::City as usize] as u32;
        ports += t[Owner::Free.index()][TrophyKind::Starport as usize] as u32;
    }
    // Proxies stand in for Free pieces the supply ran out of.
    let want = (
        IMPERIAL_SHIPS as u32,
        BLIGHT_TOKENS as u32,
        FREE_CITIES as u32 + c.free_proxies[0] as u32,
        FREE_STARPORTS as u32 + c.free_proxies[1] as u32,
    );
    if (imperial, blight, cities, ports) != want {
        return Err(format!(
            "campaign pieces not conserved: {imperial} Imperial ships, {blight} Blight, \
             {cities} Free cities, {ports} Free starports (want {want:?})"
        ));
    }
    if let Some(fr) = c.first_regent {
        if c.is_outlaw(fr) {
            return Err(format!("{fr} is the First Regent but an Outlaw"));
        }
    }
    Ok(())
}
