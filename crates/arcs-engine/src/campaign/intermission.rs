//! The Intermission after Acts I and II (campaign rules p28–29, 000:L1774):
//! A. Resolve Fate, B. Clear Court, C. Clear Pieces, D. Repair & Destroy
//! Pieces, E. Shift Initiative & Power and F. Choose Fate (its offers here,
//! the secret choice in `events::choose_fate`).
//!
//! Each step is a function of the state so the Intermission's frame
//! (`next_act::intermission`) runs them in order and a scenario can start
//! at any of them.

use crate::event::Sink;
use crate::ids::*;
use crate::log;
use crate::state::{GameState, TrophyKind};

/// A. Resolve Fate: each Fate's Resolution card for the Act that ended, in
/// turn order (the Fate's `FateDef::resolution` hook: the success or
/// failure branch), then the Power lost for failed objectives.
pub fn resolve_fates(s: &mut GameState, ev: &mut dyn Sink) {
    let Some(c) = s.campaign() else { return };
    let act = c.act;
    let fates = c.fates;
    for x in s.turn_order().collect::<Vec<_>>() {
        let Some(card) = fates[x.index()] else {
            continue;
        };
        let done = s
            .campaign()
            .is_some_and(|c| super::fates::objective_complete(c, x));
        if let Some(resolve) = super::fates::def(card).and_then(|d| d.resolution) {
            resolve(s, x, act, done, ev);
        }
    }
    failed_objectives_lose_power(s, ev);
}

/// A. Resolve Fate, the Power part: each player who failed their objective
/// loses Power equal to the space of its objective marker (p28; Power may
/// go negative: 2 with a marker on 5 → -3). The Resolution cards' own
/// effects come from each Fate's module through its Resolution hook.
pub fn failed_objectives_lose_power(s: &mut GameState, ev: &mut dyn Sink) {
    let Some(c) = s.campaign() else { return };
    let losses: Vec<(Seat, u8)> = s
        .seat_ids()
        .filter(|x| c.fates[x.index()].is_some() && !super::fates::objective_complete(c, *x))
        .map(|x| (x, c.objective[x.index()]))
        .collect();
    for (x, n) in losses {
        let before = s.seat(x).power;
        s.seat_mut(x).power -= n as i32;
        log!(
            ev,
            "intermission",
            Some(x),
            "{x} failed their objective and loses {n} Power: {before} → {}.",
            s.seat(x).power
        );
    }
}

/// B. Clear Court: every Court card but the Imperial Council goes back to
/// the Court deck with the cards attached to it; every agent in the Court
/// returns to its player; the Court discard pile is scrapped for good.
pub fn clear_court(s: &mut GameState, ev: &mut dyn Sink) {
    let Some(c) = s.campaign() else { return };
    let attached = c.attached;
    let council = super::setup::council_card();
    let mut returned = 0;
    for pos in 0..s.court.len() {
        let slot = s.court[pos];
        // B2: agents home, the Council's included.
        for x in s.seat_ids().collect::<Vec<_>>() {
            let n = slot.agents[x.owner().index()];
            if n > 0 {
                s.return_agents(x, n);
            }
        }
        s.court[pos].agents = Default::default();
        // B1: every card attached in the Court (to the Council too) goes
        // back to the deck.
        if let Some(a) = attached.get(pos).copied().flatten() {
            s.court_deck.put_on_top(a);
            returned += 1;
        }
        let Some(card) = slot.card else { continue };
        if card == council {
            continue;
        }
        // B1: the card back to the deck.
        s.court_deck.put_on_top(card);
        returned += 1;
        s.court[pos].card = None;
    }
    if let Some(c) = s.campaign_mut() {
        c.attached = [None; 6];
    }
    // The Council keeps its place: the leftmost Court position (p5).
    let council_slot = s.court.iter().copied().find(|x| x.card == Some(council));
    s.court.clear();
    if let Some(slot) = council_slot {
        s.court.push(slot);
    }
    // B3: the Court discard pile leaves the game.
    let scrapped: Vec<CardId> = s.court_discard.iter().copied().collect();
    s.court_discard.clear();
    if let Some(c) = s.campaign_mut() {
        for card in &scrapped {
            let _ = c.court_scrapped.try_push(*card);
        }
    }
    log!(
        ev,
        "intermission",
        None,
        "Clear Court: {returned} Court cards return to the Court deck, every agent returns home, and {} cards of the Court discard pile are scrapped.",
        scrapped.len()
    );
}

/// C. Clear Pieces: Trophies and Captives return to their players (or to
/// the Empire's, the Free pieces' and the Blight's supplies); every frozen
/// resource and the Imperial Trust go to the supply; with 2 players, so do
/// the resources on the ambition boxes.
pub fn clear_pieces(s: &mut GameState, ev: &mut dyn Sink) {
    let seats: Vec<Seat> = s.seat_ids().collect();
    for &x in &seats {
        let st = *s.seat(x);
        let trophies = st.trophies;
        let captives = st.captives;
        {
            let st = s.seat_mut(x);
            st.trophies = Default::default();
            st.captives = Default::default();
        }
        for (o, kinds) in trophies.iter().enumerate() {
            let owner = Owner::from_index(o);
            for kind in TrophyKind::ALL {
                let n = kinds[kind as usize];
                if n > 0 {
                    return_piece(s, owner, kind, n, ev);
                }
            }
        }
        for (o, &n) in captives.iter().enumerate() {
            if n == 0 {
                continue;
            }
            if let Some(seat) = Owner::from_index(o).seat() {
                s.return_agents(seat, n);
            }
        }
    }
    let mut freed = [0u8; 5];
    if let Some(c) = s.campaign_mut() {
        for st in c.stored.iter() {
            for (i, n) in st.res.iter().enumerate() {
                freed[i] += n;
            }
        }
        c.stored.clear();
        for (i, n) in c.trust.iter_mut().enumerate() {
            freed[i] += *n;
            *n = 0;
        }
    }
    if s.players == 2 {
        for (i, n) in s.box_resources.iter_mut().enumerate() {
            freed[i] += *n;
            *n = 0;
        }
    }
    for (i, n) in freed.iter().enumerate() {
        s.supply[i] += n;
    }
    log!(
        ev,
        "intermission",
        None,
        "Clear Pieces: Trophies and Captives return home; {} frozen and Imperial Trust resources{} return to the supply.",
        freed.iter().map(|&n| n as u32).sum::<u32>(),
        if s.players == 2 {
            " and the ambition boxes' resources"
        } else {
            ""
        }
    );
}

/// A destroyed or returned piece back to its owner's supply.
fn return_piece(s: &mut GameState, owner: Owner, kind: TrophyKind, n: u8, ev: &mut dyn Sink) {
    for _ in 0..n {
        s.piece_destroyed(owner, kind, None, ev);
    }
}

/// D. Repair & Destroy Pieces: damaged Blight is repaired; every damaged
/// ship and building is destroyed (back to its owner); every building in
/// a system with Blight and no ships is destroyed. (Flagship Upgrades and
/// Armor join this step with the Flagships; a seat left with no ship or
/// starport on the map places 3 fresh ships at a gate of its choice — a
/// decision of the Intermission's frame.)
pub fn repair_and_destroy(s: &mut GameState, ev: &mut dyn Sink) {
    let mut destroyed = 0u32;
    for sys in SystemId::all() {
        if !s.is_in_play(sys) {
            continue;
        }
        // D1: Blight repairs.
        {
            let mut g = s.sys_mut(sys);
            let b = g.ships_mut(Owner::Blight);
            b.fresh += b.damaged;
            b.damaged = 0;
        }
        // D2: damaged ships.
        for o in 0..MAX_OWNERS {
            let owner = Owner::from_index(o);
            if owner == Owner::Blight {
                continue;
            }
            let n = s.sys(sys).ships_of(owner).damaged;
            if n > 0 {
                s.sys_mut(sys).ships_mut(owner).damaged = 0;
                return_piece(s, owner, TrophyKind::Ship, n, ev);
                destroyed += n as u32;
            }
        }
        // D2: damaged buildings; D3: buildings where Blight stands alone
        // (a Flagship is a ship there, A-21).
        let blight_alone = s.sys(sys).ships_of(Owner::Blight).total() > 0
            && s.sys(sys).flagships == 0
            && (0..MAX_OWNERS)
                .map(Owner::from_index)
                .filter(|o| *o != Owner::Blight)
                .all(|o| s.sys(sys).ships_of(o).total() == 0);
        for slot in 0..s.sys(sys).slots.len() as u8 {
            let Some(b) = s.sys(sys).slots[slot as usize] else {
                continue;
            };
            if b.damaged || blight_alone {
                s.destroy_building(sys, slot, None, ev);
                destroyed += 1;
            }
        }
    }
    // D2: damaged Upgrades and Armor (FS-29).
    destroyed += super::flagship::destroy_damaged(s, ev);
    log!(
        ev,
        "intermission",
        None,
        "Repair & Destroy: Blight is repaired; {destroyed} damaged pieces and buildings beside lone Blight are destroyed."
    );
}

/// E. Shift Initiative & Power: the initiative to the player with the most
/// Power (a tie keeps it with the tied player first in turn order from the
/// current holder, docs/rulings.md R-CAMP-INTERMISSION-INITIATIVE); each
/// player above 1 Power loses half, rounding to lose less (7 → 4; -3
/// stays -3).
pub fn shift_initiative_and_power(s: &mut GameState, ev: &mut dyn Sink) {
    let most = s
        .turn_order()
        .max_by_key(|x| (s.seat(*x).power, std::cmp::Reverse(turn_pos(s, *x))));
    if let Some(holder) = most {
        s.initiative = holder;
        log!(
            ev,
            "intermission",
            Some(holder),
            "{holder} has the most Power and takes the initiative."
        );
    }
    for x in s.seat_ids().collect::<Vec<_>>() {
        let p = s.seat(x).power;
        if p > 1 {
            let after = p - p / 2;
            s.seat_mut(x).power = after;
            log!(
                ev,
                "intermission",
                Some(x),
                "{x} loses half their Power: {p} → {after}."
            );
        }
    }
}

/// D's fallback: the seats with no ship and no starport on the map, in
/// turn order (each places 3 fresh ships at a gate, as the base game's
/// elimination, B-FINE-03).
pub fn eliminated(s: &GameState) -> Vec<Seat> {
    s.turn_order()
        .filter(|x| {
            let o = x.owner();
            !SystemId::all().any(|sys| {
                // A Flagship is a ship on the map.
                s.is_in_play(sys)
                    && (s.sys(sys).ships_of(o).total() > 0
                        || s.sys(sys).has_flagship_of(o)
                        || s.sys(sys).slots.iter().flatten().any(|b| {
                            b.owner == o && b.kind == crate::state::BuildingKind::Starport
                        }))
            }) && s.seat(*x).ships > 0
        })
        .collect()
}

/// F. Choose Fate, the draw: a seat that completed its objective draws 1
/// Fate card and chooses between it and its current Fate; a seat that
/// failed returns its Fate card to the box and draws 2 (p29). Cards come
/// from `Campaign::fate_pool` (the B Fates after Act I, the C Fates after
/// Act II, shuffled). Returns whether anyone has a choice to make.
pub fn deal_fate_offers(s: &mut GameState, ev: &mut dyn Sink) -> bool {
    let order: Vec<Seat> = s.turn_order().collect();
    let Some(c) = s.campaign_mut() else {
        return false;
    };
    let keep_all = super::next_act::next_group_unbuilt(c.act);
    let mut any = false;
    for x in order {
        let Some(current) = c.fates[x.index()] else {
            continue;
        };
        let offer = if keep_all {
            [Some(current), None]
        } else if super::fates::objective_complete(c, x) {
            [Some(current), c.fate_pool.pop()]
        } else {
            [c.fate_pool.pop(), c.fate_pool.pop()]
        };
        c.fate_offer[x.index()] = offer;
        any = true;
    }
    if any && keep_all {
        log!(
            ev,
            "intermission",
            None,
            "Choose Fate: the next Fates are not in this version of the game yet, so everyone keeps their Fate."
        );
    } else if any {
        log!(
            ev,
            "intermission",
            None,
            "Choose Fate: each player who completed their objective draws 1 Fate card, each who failed returns their Fate card to the box and draws 2; everyone chooses in secret."
        );
    }
    any
}

/// F. Switching Fates (p29): the old Fate card goes back to the box, the
/// rest of its Fate Set not in play is scrapped (the Fate's `leave` hook;
/// what is in play, a Flagship included, stays), the Favors `seat` holds
/// return to their owners, and the new Fate Set is taken.
pub fn switch_fate(s: &mut GameState, seat: Seat, new: CardId, ev: &mut dyn Sink) {
    let Some(c) = s.campaign() else { return };
    let old = c.fates[seat.index()];
    if let Some(leave) = old.and_then(super::fates::def).and_then(|d| d.leave) {
        leave(s, seat, ev);
    }
    let Some(c) = s.campaign() else { return };
    let favors = c.favors[seat.index()];
    for owner in s.seat_ids().collect::<Vec<_>>() {
        let n = favors[owner.index()];
        if n > 0 {
            s.return_agents(owner, n);
        }
    }
    let Some(c) = s.campaign_mut() else { return };
    c.favors[seat.index()] = [0; MAX_SEATS];
    c.fates[seat.index()] = Some(new);
    if let Some(old) = old {
        log!(
            ev,
            "fate",
            Some(seat),
            "{seat} leaves the {} for the {}; the Favors on their Fate card return to their owners.",
            old.name(),
            new.name()
        );
    }
}

/// A seat's place in turn order from the initiative holder (0 first).
fn turn_pos(s: &GameState, seat: Seat) -> usize {
    s.turn_order().position(|x| x == seat).unwrap_or(usize::MAX)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::event::NoEvents;

    fn state(setup: &str) -> GameState {
        crate::campaign::scenario::test_state(setup)
    }

    #[test]
    fn a_a_failed_objective_loses_its_markers_space() {
        // 000:L1786 example: marker on 5, Power 2 → -3. A met objective
        // (marker at 0) and a seat without a Fate lose nothing.
        let mut s = state(
            "fate P1 Steward\nobjective P1 5\nP1 power 2\nfate P2 Founder\nobjective P2 0\nP2 power 6\nP3 power 4",
        );
        failed_objectives_lose_power(&mut s, &mut NoEvents);
        assert_eq!(s.seat(Seat(0)).power, -3);
        assert_eq!(s.seat(Seat(1)).power, 6);
        assert_eq!(s.seat(Seat(2)).power, 4);
    }

    #[test]
    fn r_camp_fate_switch_scraps_the_rest_of_the_old_fate_set() {
        // p29: the Believer's Faithful cards still in the stack are not in
        // play: switching scraps them; a Faithful card in the action deck
        // stays (it is in play).
        use crate::ids::ActionCard;
        let mut s = state("fate P1 Believer\nfaithful-stack 9");
        crate::invariants::check(&s).expect("consistent before");
        {
            let c = s.campaign_mut().unwrap();
            c.faithful_stack = 8;
            c.actions_added.insert(ActionCard::faithful(9));
        }
        // The "9" was drawn: it is in P1's hand.
        s.seat_mut(Seat(0)).hand.insert(ActionCard::faithful(9));
        crate::invariants::check(&s).expect("consistent with a card in the deck");
        let new = CardId::parse("ARCS-FATE09").unwrap();
        switch_fate(&mut s, Seat(0), new, &mut NoEvents);
        let c = s.campaign().unwrap();
        assert_eq!(c.fates[0], Some(new));
        assert_eq!(c.faithful_stack, 0);
        for n in 1..=8 {
            assert!(c.actions_scrapped.contains(ActionCard::faithful(n)), "{n}");
        }
        assert!(!c.actions_scrapped.contains(ActionCard::faithful(9)));
        crate::invariants::check(&s).expect("consistent after");
    }

    #[test]
    fn e_halves_power_above_one_rounding_to_lose_less() {
        // 000:L1820 example: 7 → 4, -3 stays -3; 1 stays 1; 2 → 1.
        let mut s = state("P1 power 7\nP2 power -3\nP3 power 2\ninitiative P2");
        shift_initiative_and_power(&mut s, &mut NoEvents);
        assert_eq!(s.seat(Seat(0)).power, 4);
        assert_eq!(s.seat(Seat(1)).power, -3);
        assert_eq!(s.seat(Seat(2)).power, 1);
        assert_eq!(s.initiative, Seat(0), "the most Power takes the initiative");
    }

    #[test]
    fn e_initiative_tie_goes_first_in_turn_order_from_the_holder() {
        let mut s = state("P1 power 9\nP2 power 4\nP3 power 9\ninitiative P2");
        shift_initiative_and_power(&mut s, &mut NoEvents);
        // From P2: P3 comes before P1.
        assert_eq!(s.initiative, Seat(2));
    }

    #[test]
    fn b_clears_the_court_but_the_council_and_scraps_the_discard() {
        let mut s = state("court CC01 CC02 CC03\nattach 2 CC07\nagents 1 P1 2\nagents 2 P2 1\ncourt-discard CC06 CC12");
        let deck = s.court_deck.len();
        let agents: Vec<u8> = (0..3).map(|i| s.seat(Seat(i)).agents).collect();
        clear_court(&mut s, &mut NoEvents);
        assert_eq!(s.court.len(), 1, "only the Council stays");
        assert_eq!(s.court[0].card, Some(super::super::setup::council_card()));
        assert_eq!(
            s.court_deck.len(),
            deck + 4,
            "3 Court cards and the attached one"
        );
        assert!(s.court_deck.contains(&CardId::parse("CC07").unwrap()));
        assert!(s.court_discard.is_empty());
        let c = s.campaign().unwrap();
        assert_eq!(c.court_scrapped.len(), 2);
        assert!(c.attached.iter().all(Option::is_none));
        assert_eq!(s.seat(Seat(0)).agents, agents[0] + 2);
        assert_eq!(s.seat(Seat(1)).agents, agents[1] + 1);
    }

    #[test]
    fn c_returns_trophies_captives_and_frozen_resources() {
        let mut s =
            state("P1 trophies P2 2 ships\nP1 captives P3 1\ntrust material 2\nfirst-regent P1");
        let p2_ships = s.seat(Seat(1)).ships;
        let p3_agents = s.seat(Seat(2)).agents;
        let material = s.supply[Resource::Material.index()];
        clear_pieces(&mut s, &mut NoEvents);
        assert_eq!(s.seat(Seat(1)).ships, p2_ships + 2);
        assert_eq!(s.seat(Seat(2)).agents, p3_agents + 1);
        assert_eq!(s.seat(Seat(0)).trophy_total(), 0);
        assert_eq!(s.supply[Resource::Material.index()], material + 2);
        assert_eq!(s.campaign().unwrap().trust, [0; 5]);
    }

    #[test]
    fn d_destroys_damaged_pieces_and_buildings_beside_lone_blight() {
        let mut s = state("system 4.1: P1 ship, P1 damaged ship, P2 damaged city\nsystem 5.1: blight damaged, P3 starport");
        let sys4 = SystemId::parse("4.1").unwrap();
        let sys5 = SystemId::parse("5.1").unwrap();
        repair_and_destroy(&mut s, &mut NoEvents);
        assert_eq!(s.sys(sys4).ships_of(Owner::Seat(Seat(0))).fresh, 1);
        assert_eq!(s.sys(sys4).ships_of(Owner::Seat(Seat(0))).damaged, 0);
        assert!(
            s.sys(sys4).buildings().next().is_none(),
            "the damaged city is destroyed"
        );
        let blight = s.sys(sys5).ships_of(Owner::Blight);
        assert_eq!((blight.fresh, blight.damaged), (1, 0), "Blight repaired");
        assert!(
            s.sys(sys5).buildings().next().is_none(),
            "Blight alone destroys the starport"
        );
    }
}
