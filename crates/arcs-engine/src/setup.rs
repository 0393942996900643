//! Standard setup (B-SETUP-01..17).

use crate::config::{Config, ConfigError};
use crate::data::{components, planet_type, SetupCard};
use crate::flow::Frame;
use crate::ids::*;
use crate::state::*;
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// Adjacency among in-play systems, with path markers joining the gates
/// that flank out-of-play clusters (B-MAP-06, components.md §1.2).
pub fn in_play_adjacency(in_play: u32) -> [u32; SystemId::COUNT] {
    let mut adj = [0u32; SystemId::COUNT];
    for s in SystemId::all() {
        if in_play & s.bit() != 0 {
            adj[s.index()] = crate::data::full_adjacency(s) & in_play;
        }
    }
    // Gate ring with path markers: each in-play gate is adjacent to the
    // next in-play gate clockwise, skipping out-of-play clusters.
    let gates: arrayvec::ArrayVec<SystemId, 6> = (1..=6)
        .map(|c| SystemId::new(c, 0))
        .filter(|g| in_play & g.bit() != 0)
        .collect();
    if gates.len() >= 2 {
        for i in 0..gates.len() {
            let a = gates[i];
            let b = gates[(i + 1) % gates.len()];
            if a != b {
                adj[a.index()] |= b.bit();
                adj[b.index()] |= a.bit();
            }
        }
    }
    adj
}

/// A state with an empty board and full supplies (used by setup and scenarios).
pub fn empty_state(players: u8, rng: ChaCha8Rng) -> GameState {
    GameState {
        players,
        chapter: 1,
        initiative: Seat(0),
        pass_streak: 0,
        seats: std::array::from_fn(|_| SeatState::new()),
        board: Board::default(),
        in_play: (1u32 << SystemId::COUNT) - 1,
        adj: in_play_adjacency((1u32 << SystemId::COUNT) - 1),
        setup_card: 0,
        supply: [5; 5],
        box_resources: [0; 5],
        markers: [Marker {
            flipped: false,
            at: None,
        }; 3],
        court: List::new(),
        court_deck: HiddenPile::new(),
        court_discard: List::new(),
        action_discard: HiddenPile::new(),
        action_discard_up: List::new(),
        round: RoundState::new(Seat(0)),
        turn: TurnScope::new(Seat(0), PlayKind::Lead, ActionCard(0), 0),
        stack: List::new(),
        options: RuleOptions::default(),
        rng,
        forced_dice: List::new(),
        forced_deal: [CardSet::default(); MAX_SEATS],
        leader_row: List::new(),
        lore_row: List::new(),
        lore_deck: HiddenPile::new(),
        disclosures: Default::default(),
        planet_marks: [None; SystemId::COUNT],
        lore_each: 1,
        known_discard: [CardSet::default(); MAX_SEATS],
        outcome: None,
        campaign: None,
        anomalies: 0,
    }
}

/// Builds the state of a new game, up to the first decision's frame.
pub fn new_state(config: &Config, seed: u64) -> Result<GameState, ConfigError> {
    // Validation lists the Court deck; it is dealt from that list.
    let court_cards = config.validated_court()?;
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let players = config.players;
    if config.mode == crate::config::Mode::Campaign {
        if let Some(previous) = &config.campaign.previous {
            // Acts II and III start from the previous Act's end (p7).
            let pool = config.next_act_fate_pool()?;
            return Ok(crate::campaign::next_act::continue_from(
                &previous.0,
                rng,
                pool,
            ));
        }
        // Campaign p4: no setup card, every cluster in play.
        let mut s = empty_state(players, rng);
        crate::campaign::setup::act_one(&mut s, config, &mut crate::event::NoEvents)?;
        return Ok(s);
    }
    let cards = || {
        components()
            .setup_cards
            .iter()
            .filter(move |c| c.players == players)
    };
    let card = match &config.setup_card {
        Some(id) => components()
            .setup_card(id)
            .ok_or_else(|| ConfigError::UnknownSetupCard(id.clone()))?,
        None => {
            let k = rng.gen_range(0..cards().count());
            cards().nth(k).expect("k is below the count")
        }
    };
    let mut s = empty_state(players, rng);
    s.options.split_discard = config.split_discard;
    s.setup_card = components()
        .setup_cards
        .iter()
        .position(|c| c.id == card.id)
        .unwrap_or(0) as u8;

    // B-SETUP-07: the Court.
    let mut deck = court_cards;
    deck.shuffle(&mut s.rng);
    s.court_deck.refill(deck);
    let court_size = if players == 2 { 3 } else { 4 };
    for _ in 0..court_size {
        let card = s.court_deck.draw();
        s.court.push(CourtSlot {
            card,
            agents: [0; MAX_OWNERS],
        });
    }

    // B-SETUP-09: out-of-play clusters.
    let mut in_play = 0u32;
    for sys in SystemId::all() {
        if !card.out_of_play.contains(&sys.cluster()) {
            in_play |= sys.bit();
        }
    }
    s.in_play = in_play;
    s.adj = in_play_adjacency(in_play);

    if players == 2 {
        fill_two_player_boxes(&mut s);
    }

    s.push(Frame::ChapterStart);
    if config.mode == crate::config::Mode::LeadersLore {
        // B-LL-01: the draft and the leaders' boxes replace steps N–O.
        crate::flow::draft::prepare(&mut s, config)?;
    } else {
        // B-SETUP-13/14: starting pieces and resources, fresh.
        place_start(&mut s, card);
    }
    Ok(s)
}

/// B-SETUP-10 (2 players): the resources matching the covered planets go
/// from the supply onto the ambition boxes, as far as the supply allows
/// (AMB-53).
pub fn fill_two_player_boxes(s: &mut GameState) {
    for sys in SystemId::all() {
        if !s.is_in_play(sys) {
            if let Some(r) = planet_type(sys) {
                if s.supply[r.index()] > 0 {
                    s.supply[r.index()] -= 1;
                    s.box_resources[r.index()] += 1;
                }
            }
        }
    }
}

/// Places each seat's A, B and C pieces and its two starting resources.
pub fn place_start(s: &mut GameState, card: &SetupCard) {
    // The setup card's "player 1" is the initiative holder, then clockwise
    // (B-SETUP-02, B-SETUP-13).
    for (i, st) in card.starts.iter().enumerate().take(s.players as usize) {
        let seat = Seat((s.initiative.0 + i as u8) % s.players);
        let o = seat.owner();
        s.place_ships(o, st.a, 3, false);
        put_building(s, seat, st.a, BuildingKind::City);
        s.place_ships(o, st.b, 3, false);
        put_building(s, seat, st.b, BuildingKind::Starport);
        for &c in &st.c {
            s.place_ships(o, c, 2, false);
        }
        for (slot, sys) in [st.a, st.b].into_iter().enumerate() {
            if let Some(r) = planet_type(sys) {
                if s.supply[r.index()] > 0 {
                    s.supply[r.index()] -= 1;
                    s.seat_mut(seat).resources[slot] = Some(r);
                }
            }
        }
    }
}

/// Puts a fresh building in the first empty slot (the leftmost city comes
/// off the board, B-SETUP-13).
pub fn put_building(s: &mut GameState, seat: Seat, sys: SystemId, kind: BuildingKind) -> bool {
    let Some(slot) = crate::actions::build::empty_slot(s, sys) else {
        return false;
    };
    match kind {
        BuildingKind::City if s.seat(seat).cities > 0 => s.seat_mut(seat).cities -= 1,
        BuildingKind::Starport if s.seat(seat).starports > 0 => s.seat_mut(seat).starports -= 1,
        _ => return false,
    }
    s.sys_mut(sys).slots[slot as usize] = Some(Building {
        owner: seat.owner(),
        kind,
        damaged: false,
    });
    true
}
