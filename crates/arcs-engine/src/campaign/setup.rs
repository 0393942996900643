//! Act I setup (campaign rules p4–6): the table (steps A–Q) and the
//! players (steps A–K). Decisions (the Fate choice, the two rounds of
//! placing ships and a building, the 2-player mulligan) are frames.

use super::frame::CampaignFrame;
use super::{Campaign, EventFace};
use crate::config::{Config, ConfigError, FateSelection};
use crate::data::planet_type;
use crate::event::Sink;
use crate::flow::Frame;
use crate::ids::*;
use crate::log;
use crate::state::{Building, BuildingKind, CourtSlot, GameState};
use rand::seq::SliceRandom;
use rand::Rng;

/// The Imperial Council card (AID01A/B).
pub fn council_card() -> CardId {
    crate::card_id!("ARCS-AID01A")
}

/// The campaign Court deck: the 15 cards marked CC (p5 step I).
pub fn campaign_court() -> Vec<CardId> {
    (1..=15)
        .filter_map(|n| CardId::parse(&format!("ARCS-CC{n:02}")))
        .collect()
}

/// Rolls the number die (a cluster 1..6), or takes the next forced face.
pub fn roll_number(s: &mut GameState) -> u8 {
    let forced = s
        .campaign_mut()
        .and_then(|c| (!c.forced_number.is_empty()).then(|| c.forced_number.remove(0)));
    let n = forced.unwrap_or_else(|| s.rng.gen_range(1..=6));
    if let Some(c) = s.campaign_mut() {
        c.number_die = n;
    }
    n
}

/// Rolls the event die, or takes the next forced face.
pub fn roll_event(s: &mut GameState) -> EventFace {
    let forced = s
        .campaign_mut()
        .and_then(|c| (!c.forced_event.is_empty()).then(|| c.forced_event.remove(0)));
    let i = forced.unwrap_or_else(|| s.rng.gen_range(0..6)) as usize;
    let face = EventFace::ALL[i.min(5)];
    if let Some(c) = s.campaign_mut() {
        c.event_die = Some(face);
    }
    face
}

/// The two Imperial clusters: the rolled one and the next clockwise (p5
/// step N). Clusters are numbered 1..6 clockwise (components.md §1).
pub fn imperial_clusters(rolled: u8) -> [u8; 2] {
    [rolled, rolled % 6 + 1]
}

/// Table and player setup of Act I, up to the first decision's frame.
pub fn act_one(s: &mut GameState, config: &Config, ev: &mut dyn Sink) -> Result<(), ConfigError> {
    let players = s.players;
    // A scenario's forced dice (`phase setup`) outlive the fresh campaign.
    let forced = s.campaign().map(|c| (c.forced_event, c.forced_number));
    let mut c = Campaign::new(1);
    if let Some((event, number)) = forced {
        c.forced_event = event;
        c.forced_number = number;
    }

    // Table setup C–E: the action deck gains 2 Event cards (2–3 players)
    // or 3 (4 players); the deck itself is dealt at each chapter's start.
    // (flow/chapter.rs reads the count from `events_in_deck`.)
    // I–K: the campaign Court, a lore card per player shuffled into the
    // deck after dealing, the Council leftmost.
    let mut deck = match &config.court {
        Some(_) => config.court_cards()?,
        None => campaign_court(),
    };
    deck.shuffle(&mut s.rng);
    s.court.clear();
    s.court.push(CourtSlot {
        card: Some(council_card()),
        agents: [0; MAX_OWNERS],
    });
    let court_size = if players == 2 { 3 } else { 4 };
    for _ in 0..court_size {
        let card = deck.pop();
        s.court.push(CourtSlot {
            card,
            agents: [0; MAX_OWNERS],
        });
    }
    let mut lore = config.campaign.lore_cards()?;
    lore.shuffle(&mut s.rng);
    // The rest is the lore deck, face down (Librarians and the Caretaker's
    // Resolution draw from it, ARCS-F507, F513).
    s.lore_deck
        .refill(lore.split_off((players as usize).min(lore.len())));
    deck.extend(lore);
    deck.shuffle(&mut s.rng);
    s.court_deck.refill(deck);

    // L: Guild Envoys Depart (2 players); M: the Govern cards in random
    // order, the top one the Imperial Policy.
    c.envoys_depart = players == 2;
    c.policies.shuffle(&mut s.rng);
    s.campaign = Some(c);

    // N: the Imperial clusters, an Imperial ship in each of their systems.
    let rolled = roll_number(s);
    let imperial = imperial_clusters(rolled);
    for sys in SystemId::all() {
        if imperial.contains(&sys.cluster()) {
            place_imperial(s, sys, 1, false);
        }
    }
    // O: Free cities on the rolled planet ID outside the Imperial clusters.
    let face = roll_event(s);
    for sys in SystemId::all() {
        if !imperial.contains(&sys.cluster()) && sys.position() == face.symbol {
            place_free(s, sys, BuildingKind::City, false);
        }
    }
    // P: a damaged Blight in each system outside the Imperial clusters.
    for sys in SystemId::all() {
        if !imperial.contains(&sys.cluster()) {
            super::blight::place_blight(s, sys, true);
        }
    }
    // Q (2 players): the resources of the Imperial clusters' planets go on
    // the ambition boxes.
    if players == 2 {
        resources_to_boxes(s, &imperial);
    }
    let _ = (ev, face);

    // Player setup: after the steps below run (frames in order, the last
    // pushed runs first).
    s.push(Frame::ChapterStart);
    s.push(Frame::Campaign(CampaignFrame::FinishSetup));
    s.push(Frame::Campaign(CampaignFrame::PlaceStart { step: 0 }));
    s.push(Frame::Campaign(CampaignFrame::FateSetup { idx: 0 }));
    match &config.campaign.fates {
        FateSelection::None => {}
        FateSelection::Fixed(list) => {
            for (i, name) in list.iter().enumerate() {
                let card = config::fate_card(name)?;
                if let Some(c) = s.campaign_mut() {
                    c.fates[i] = Some(card);
                }
            }
        }
        FateSelection::Draw(pool) => {
            // B: each player draws 2 Fate cards and chooses one secretly.
            let mut cards = config::fate_pool(pool)?;
            cards.shuffle(&mut s.rng);
            if let Some(c) = s.campaign_mut() {
                for seat in 0..players as usize {
                    c.fate_offer[seat] = [cards.pop(), cards.pop()];
                }
            }
            s.push(Frame::Campaign(CampaignFrame::ChooseFate {
                chosen: 0,
                picks: 0,
            }));
        }
    }
    // The table's setup in the log, first thing (the state is built before
    // the game's log exists).
    s.push(Frame::Campaign(CampaignFrame::SetupLog));
    Ok(())
}

/// 2 players (Act I step Q, Acts II/III step 5): the resources matching
/// the planets of `clusters` go from the supply onto the ambition boxes,
/// as far as the supply allows.
pub fn resources_to_boxes(s: &mut GameState, clusters: &[u8]) {
    for sys in SystemId::all() {
        if clusters.contains(&sys.cluster()) {
            if let Some(r) = planet_type(sys) {
                if s.supply[r.index()] > 0 {
                    s.supply[r.index()] -= 1;
                    s.box_resources[r.index()] += 1;
                }
            }
        }
    }
}

/// The table setup in words, from the dice it rolled (p5 steps N–P).
pub fn log_table(s: &mut GameState, ev: &mut dyn Sink) {
    s.pop();
    let Some(c) = s.campaign() else { return };
    let imperial = imperial_clusters(c.number_die);
    let symbol = c.event_die.map_or(1, |f| f.symbol);
    log!(
        ev,
        "setup",
        None,
        "Act I begins. The number die shows {}: the Imperial clusters are {} and {}, an Imperial \
         ship in each of their systems. The event die shows the {}: Free cities stand on those \
         planets elsewhere. A damaged Blight lies in every system outside the Imperial clusters. \
         The Imperial Policy is {}.",
        c.number_die,
        imperial[0],
        imperial[1],
        super::symbol_name(symbol),
        c.policy().name()
    );
}

use crate::config;

/// Places Imperial ships from the Imperial supply (as many as it holds).
pub fn place_imperial(s: &mut GameState, sys: SystemId, n: u8, damaged: bool) -> u8 {
    let Some(c) = s.campaign_mut() else { return 0 };
    let k = n.min(c.imperial_supply);
    c.imperial_supply -= k;
    s.place_ships(Owner::Empire, sys, k, damaged);
    k
}

/// Places a Free building from the Free supply in the first empty slot
/// (a proxy when the supply is empty, p15). Returns false without a slot.
pub fn place_free(s: &mut GameState, sys: SystemId, kind: BuildingKind, damaged: bool) -> bool {
    let Some(slot) = crate::actions::build::empty_slot(s, sys) else {
        return false;
    };
    if let Some(c) = s.campaign_mut() {
        match kind {
            BuildingKind::City => c.free_cities = c.free_cities.saturating_sub(1),
            BuildingKind::Starport => c.free_starports = c.free_starports.saturating_sub(1),
        }
    }
    s.sys_mut(sys).slots[slot as usize] = Some(Building {
        owner: Owner::Free,
        kind,
        damaged,
    });
    true
}

/// Player setup steps 7–8: the planets a seat may start at — a planet with
/// an Imperial ship and an empty building slot (Rival pieces allowed).
pub fn start_targets(s: &GameState) -> impl Iterator<Item = SystemId> + '_ {
    SystemId::all().filter(move |x| {
        !x.is_gate()
            && s.sys(*x).ships_of(Owner::Empire).total() > 0
            && crate::actions::build::empty_slot(s, *x).is_some()
    })
}

/// Who places in step `step` of the two placing rounds: turn order, then
/// reverse turn order (p6 steps G–H).
pub fn start_placer(s: &GameState, step: u8) -> Option<Seat> {
    let n = s.players;
    if step < n {
        Some(s.initiative.clockwise(step, n))
    } else if step < 2 * n {
        Some(s.initiative.clockwise(2 * n - 1 - step, n))
    } else {
        None
    }
}

/// Step 9: Free cities in every empty slot of the planets with Imperial
/// ships.
pub fn fill_free_cities(s: &mut GameState) {
    for sys in SystemId::all() {
        if !sys.is_gate() && s.sys(sys).ships_of(Owner::Empire).total() > 0 {
            while place_free(s, sys, BuildingKind::City, false) {}
        }
    }
}

/// Which lore cards were shuffled into the Court deck and which are still
/// in the lore deck is known to nobody (p4 step K; ARCS-F507 adds more):
/// an observation sees the two piles' lore cards dealt back in sorted
/// order, a determinization at random (issue 18 item 6).
pub static LORE_PILES: super::fates::HiddenParts = super::fates::HiddenParts {
    redact: |s| {
        deal_lore(s, |v| v.sort_unstable());
        s.court_deck.sort();
    },
    sample: |s, rng| {
        use rand::seq::SliceRandom;
        deal_lore(s, |v| v.shuffle(rng))
    },
};

/// Gathers the lore cards of the Court deck and the lore deck, orders them
/// with `order` and deals them back: as many as it held to the Court deck
/// (in the places lore held), the rest to the lore deck.
fn deal_lore(s: &mut GameState, order: impl FnOnce(&mut Vec<CardId>)) {
    let is_lore = |c: &CardId| c.info().kind == crate::data::CardKind::Lore;
    if s.lore_deck.is_empty() || !s.court_deck.iter().any(is_lore) {
        return;
    }
    let court: Vec<CardId> = s.court_deck.iter().copied().collect();
    let mut pool: Vec<CardId> = court
        .iter()
        .copied()
        .filter(is_lore)
        .chain(s.lore_deck.iter().copied())
        .collect();
    order(&mut pool);
    let k = court.iter().filter(|c| is_lore(c)).count();
    let rest = pool.split_off(k);
    let mut dealt = pool.into_iter();
    let court: Vec<CardId> = court
        .into_iter()
        .map(|c| {
            if is_lore(&c) {
                dealt.next().unwrap_or(c)
            } else {
                c
            }
        })
        .collect();
    s.court_deck.refill(court);
    s.lore_deck.refill(rest);
}
