//! The Caretaker's Resolutions and the Vox cards they add to the Court:
//! the Act I Resolution (F507) with the four Unstable cards (F508–F511),
//! the Act II Resolution (F516) with the three Golem Worship cards
//! (F517–F519). Campaign rules p18 (Vox cards), p28 (Resolutions);
//! `reference/campaign.md` §2.5.

use super::{golem_words, golems, has_hearth, room, set, Effect, Golem, GolemAt, GOLEM_NAMES};
use crate::campaign::crises::{remove_card, Removal};
use crate::campaign::fates::{add_to_court_deck, scrap, scrap_from_play};
use crate::cards::Behavior;
use crate::choice::{Choice, Piece};
use crate::describe::plural;
use crate::event::Sink;
use crate::ids::*;
use crate::log;
use crate::state::{BuildingKind, GameState};

const BEACON: &str = "ARCS-F502";
const SPEAKERS: &str = "ARCS-F504";

/// The Unstable card of each Golem, by [`GOLEM_NAMES`] index: Warrior
/// F511, Protector F510, Seeker F509, Harvester F508.
pub const UNSTABLE: [&str; 4] = ["ARCS-F511", "ARCS-F510", "ARCS-F509", "ARCS-F508"];

/// The three Golem Worship cards (F517–F519).
pub const WORSHIP: [&str; 3] = ["ARCS-F517", "ARCS-F518", "ARCS-F519"];

fn id(code: &str) -> CardId {
    CardId::parse(code).expect("a Caretaker card")
}

/// Whether Golem `k` is in play: on the map or with a player (never
/// placed, or scrapped, it is not).
pub fn in_play(g: Golem) -> bool {
    !matches!(g.at, GolemAt::Out | GolemAt::Box)
}

/// F508–F511 "Scrap this if the X is not in play": every Unstable card
/// in play whose Golem is not is scrapped. Checked whenever a Golem leaves
/// play and after each Resolution (docs/rulings.md R-CAMP-F508).
pub fn unstable_check(s: &mut GameState) {
    let g = golems(s);
    for k in 0..4 {
        let card = id(UNSTABLE[k]);
        if !in_play(g[k]) && crate::campaign::fates::in_play(s, card) && !scrapped(s, card) {
            scrap_from_play(s, card);
        }
    }
}

fn scrapped(s: &GameState, card: CardId) -> bool {
    s.campaign()
        .is_some_and(|c| c.court_scrapped.contains(&card))
}

/// Golem `k` leaves play for good (scrapped): its Unstable card goes too.
pub fn scrap_golem(s: &mut GameState, k: usize) {
    let g = golems(s)[k];
    set(
        s,
        k,
        Golem {
            at: GolemAt::Out,
            awake: false,
        },
    );
    if in_play(g) {
        unstable_check(s);
    }
}

/// F507, the Act I Resolution. Both branches scrap Golem Beacon.
/// Completed: the Golems on the map go onto the Caretaker's Golem Hearth;
/// 1 lore card per player from the lore deck and the four Unstable cards
/// join the Court deck (an Unstable card whose Golem never came into play
/// is scrapped at once, its own rule). Failed: Stone-Speakers joins the
/// Court deck; the Golems on the map are scrapped; the Unstable cards of
/// the Golems still in play join the Court deck, the others are scrapped.
pub fn resolve_act_one(s: &mut GameState, seat: Seat, done: bool, ev: &mut dyn Sink) {
    scrap_from_play(s, id(BEACON));
    let on_map: Vec<usize> = (0..4)
        .filter(|&k| matches!(golems(s)[k].at, GolemAt::Gate { .. }))
        .collect();
    if done {
        let mut names = Vec::new();
        for &k in &on_map {
            let g = golems(s)[k];
            let at = if has_hearth(s, seat) {
                Some(GolemAt::Hearth { seat })
            } else {
                room(s, seat)
            };
            if let Some(at) = at {
                set(s, k, Golem { at, ..g });
                names.push(GOLEM_NAMES[k]);
            }
        }
        let mut lore = Vec::new();
        for _ in 0..s.players {
            match draw_lore(s) {
                Some(c) => lore.push(c),
                None => break,
            }
        }
        add_to_court_deck(s, &lore);
        let unstable: Vec<CardId> = UNSTABLE.iter().map(|c| id(c)).collect();
        add_to_court_deck(s, &unstable);
        unstable_check(s);
        log!(
            ev,
            "intermission",
            Some(seat),
            { reveals: !names.is_empty() },
            "The Caretaker's Act I Resolution, objective completed: Golem Beacon is scrapped; {}; \
             {} from the lore deck and the Unstable cards of the Golems in play join the Court \
             deck.",
            if names.is_empty() {
                "no Golem is left on the map".to_string()
            } else {
                format!(
                    "the Golems on the map go onto {seat}'s Golem Hearth ({})",
                    names.join(", ")
                )
            },
            plural(lore.len() as u8, "lore card", "lore cards")
        );
    } else {
        let speakers = id(SPEAKERS);
        let held = s
            .seat_ids()
            .find(|x| s.seat(*x).guild().contains(&speakers));
        if let Some(x) = held {
            s.seat_mut(x).remove_guild(speakers);
        }
        if !crate::campaign::fates::in_play(s, speakers) {
            add_to_court_deck(s, &[speakers]);
        }
        for &k in &on_map {
            scrap_golem(s, k);
        }
        let g = golems(s);
        let (keep, gone): (Vec<usize>, Vec<usize>) = (0..4).partition(|&k| in_play(g[k]));
        add_to_court_deck(
            s,
            &keep.iter().map(|&k| id(UNSTABLE[k])).collect::<Vec<_>>(),
        );
        scrap(
            s,
            &gone.iter().map(|&k| id(UNSTABLE[k])).collect::<Vec<_>>(),
        );
        let kept: Vec<&str> = keep.iter().map(|&k| GOLEM_NAMES[k]).collect();
        log!(
            ev,
            "intermission",
            Some(seat),
            "The Caretaker's Act I Resolution, objective failed: Golem Beacon is scrapped; \
             Stone-Speakers joins the Court deck; {}; {}.",
            format!(
                "{} scrapped",
                plural(
                    on_map.len() as u8,
                    "Golem on the map is",
                    "Golems on the map are"
                )
            ),
            if kept.is_empty() {
                "every Unstable card is scrapped".to_string()
            } else {
                format!(
                    "the Unstable cards of the Golems still in play ({}) join the Court deck, the \
                     others are scrapped",
                    kept.join(", ")
                )
            }
        );
    }
}

/// Draws the top lore card of the lore deck, skipping any card that is in
/// play already (a lore deck rebuilt from an older save).
fn draw_lore(s: &mut GameState) -> Option<CardId> {
    while let Some(c) = s.lore_deck.draw() {
        let held = s.seat_ids().any(|x| s.seat(x).lore().contains(&c));
        if !held && !crate::campaign::fates::in_play(s, c) {
            return Some(c);
        }
    }
    None
}

/// F516, the Act II Resolution. Completed: the three Golem Worship cards
/// join the Court deck. Failed: they are scrapped, and the Unstable cards
/// in the Court discard pile return to the Court deck.
pub fn resolve_act_two(s: &mut GameState, seat: Seat, done: bool, ev: &mut dyn Sink) {
    let worship: Vec<CardId> = WORSHIP.iter().map(|c| id(c)).collect();
    if done {
        add_to_court_deck(s, &worship);
        log!(
            ev,
            "intermission",
            Some(seat),
            "The Caretaker's Act II Resolution, objective completed: the three Golem Worship \
             cards join the Court deck."
        );
        return;
    }
    scrap(s, &worship);
    let back: Vec<CardId> = UNSTABLE
        .iter()
        .map(|c| id(c))
        .filter(|c| s.court_discard.contains(c))
        .collect();
    s.court_discard.retain(|c| !back.contains(c));
    add_to_court_deck(s, &back);
    log!(
        ev,
        "intermission",
        Some(seat),
        "The Caretaker's Act II Resolution, objective failed: the Golem Worship cards are \
         scrapped; {} from the Court discard pile to the Court deck.",
        if back.is_empty() {
            "no Unstable card returns".to_string()
        } else {
            format!(
                "{} return{}",
                back.iter().map(|c| c.name()).collect::<Vec<_>>().join(", "),
                if back.len() == 1 { "s" } else { "" }
            )
        }
    );
}

// ------------------------------------------------------------ Unstable cards

/// The player with Golem `k`, if any.
fn holder(s: &GameState, k: usize) -> Option<Seat> {
    golems(s)[k].holder()
}

/// An Unstable card (F508–F511): its Crisis `crisis` (the card stays in
/// the Court); When Secured, the securer flips the Golem Awake and takes
/// it, and the card is discarded.
macro_rules! unstable {
    ($name:ident, $k:expr, $crisis:expr) => {
        pub static $name: Behavior = Behavior {
            code: UNSTABLE[$k],
            crisis: Some(|s, _pos, _card, ev| {
                let f: fn(&mut GameState, &mut dyn Sink) = $crisis;
                f(s, ev)
            }),
            on_secured: Some(|s, seat, card, ev| {
                s.court_discard.push(card);
                take_awake(s, seat, $k, ev);
            }),
            ..Behavior::NONE
        };
    };
}

unstable!(UNSTABLE_WARRIOR, 0, warrior_crisis);
unstable!(UNSTABLE_PROTECTOR, 1, protector_crisis);
unstable!(UNSTABLE_SEEKER, 2, seeker_crisis);
unstable!(UNSTABLE_HARVESTER, 3, harvester_crisis);

/// "Flip the X to Awake and take it": from the map, a Rival or oneself.
/// Without room for it (no Golem Hearth, no open empty slot) it is flipped
/// where it is (docs/rulings.md R-CAMP-F508).
pub fn take_awake(s: &mut GameState, seat: Seat, k: usize, ev: &mut dyn Sink) {
    let g = golems(s)[k];
    if !in_play(g) {
        return;
    }
    let was = golem_words(g, k);
    let at = if g.holder() == Some(seat) {
        Some(g.at)
    } else {
        room(s, seat)
    };
    match at {
        Some(at) => {
            set(s, k, Golem { at, awake: true });
            log!(
                ev,
                "golem",
                Some(seat),
                { reveals: matches!(g.at, GolemAt::Gate { .. }) && !g.awake },
                "{seat} takes {was}: the {} Golem, now Awake.",
                GOLEM_NAMES[k]
            );
        }
        None => {
            set(s, k, Golem { awake: true, ..g });
            log!(
                ev,
                "golem",
                Some(seat),
                "{seat} has no room for the {} Golem: it is flipped Awake where it is.",
                GOLEM_NAMES[k]
            );
        }
    }
}

/// F511: "Destroy all damaged Loyal ships of the player with the
/// Warrior" (to their supply: nobody destroyed them in battle).
fn warrior_crisis(s: &mut GameState, ev: &mut dyn Sink) {
    let Some(x) = holder(s, 0) else { return };
    let mut n = 0u8;
    for sys in s.systems_in_play().collect::<Vec<_>>() {
        while s.sys(sys).ships_of(x.owner()).damaged > 0 {
            if !s.hit_ship(sys, x.owner(), true, None) {
                break;
            }
            n += 1;
        }
    }
    log!(
        ev,
        "crisis",
        Some(x),
        "Unstable Warrior: {x}, who has the Warrior, loses {}.",
        plural(n, "damaged ship", "damaged ships")
    );
}

/// F510: "Repair all ships except those of the player with the
/// Protector" (every other owner's: players', Imperial, Blight).
fn protector_crisis(s: &mut GameState, ev: &mut dyn Sink) {
    let except = holder(s, 1).map(|x| x.owner());
    let mut n = 0u32;
    for sys in s.systems_in_play().collect::<Vec<_>>() {
        for i in 0..MAX_OWNERS {
            let o = Owner::from_index(i);
            if Some(o) == except || s.sys(sys).ships_of(o).damaged == 0 {
                continue;
            }
            let mut g = s.sys_mut(sys);
            let sh = g.ships_mut(o);
            n += sh.damaged as u32;
            sh.fresh += sh.damaged;
            sh.damaged = 0;
        }
    }
    log!(
        ev,
        "crisis",
        None,
        "Unstable Protector: {n} damaged ships are repaired{}.",
        match except.and_then(|o| o.seat()) {
            Some(x) => format!(", none of {x}'s (who has the Protector)"),
            None => String::new(),
        }
    );
}

/// F509: "The player with the Seeker moves their Loyal ships from planets
/// of the rolled symbol to the gate in the rolled cluster" (the dice of
/// these Crises).
fn seeker_crisis(s: &mut GameState, ev: &mut dyn Sink) {
    let Some(x) = holder(s, 2) else { return };
    let (cluster, symbol) = match s.campaign() {
        Some(c) => (c.number_die, c.event_die.map_or(0, |f| f.symbol)),
        None => return,
    };
    if !(1..=6).contains(&cluster) || !(1..=3).contains(&symbol) {
        return;
    }
    let gate = SystemId::new(cluster, 0);
    let mut n = 0u8;
    for c in 1..=6 {
        let from = SystemId::new(c, symbol);
        if !s.is_in_play(from) || !s.is_in_play(gate) {
            continue;
        }
        let sh = s.sys(from).ships_of(x.owner());
        if sh.total() == 0 {
            continue;
        }
        {
            let mut g = s.sys_mut(from);
            let m = g.ships_mut(x.owner());
            m.fresh = 0;
            m.damaged = 0;
        }
        let mut g = s.sys_mut(gate);
        let m = g.ships_mut(x.owner());
        m.fresh += sh.fresh;
        m.damaged += sh.damaged;
        n += sh.total();
    }
    log!(
        ev,
        "crisis",
        Some(x),
        { systems: vec![gate] },
        "Unstable Seeker: {x}, who has the Seeker, moves {} from the {} planets to {gate}.",
        plural(n, "ship", "ships"),
        crate::campaign::symbol_name(symbol)
    );
}

/// F508: "The player with the Harvester discards all of their resources"
/// (the resource tokens in their slots; a Golem is no resource,
/// R-CAMP-CARETAKER-TYPE).
fn harvester_crisis(s: &mut GameState, ev: &mut dyn Sink) {
    let Some(x) = holder(s, 3) else { return };
    let mut n = 0u8;
    for slot in 0..7 {
        if s.discard_slot(x, slot).is_some() {
            n += 1;
        }
    }
    log!(
        ev,
        "crisis",
        Some(x),
        "Unstable Harvester: {x}, who has the Harvester, discards {}.",
        plural(n, "resource", "resources")
    );
}

// ------------------------------------------------------------ Golem Worship

/// F517–F519 Golem Worship (Vox). Crisis: in turn order, each player with
/// any Golems returns 1 Loyal city from the map to their player board;
/// bury this. When Secured: take any Golem and flip it to Awake; discard
/// this.
macro_rules! worship {
    ($name:ident, $i:expr) => {
        pub static $name: Behavior = Behavior {
            code: WORSHIP[$i],
            crisis: Some(|s, pos, card, ev| {
                worship_crisis(s, card, ev);
                remove_card(s, pos, card, Removal::Bury);
            }),
            on_secured: Some(|s, seat, card, _| {
                s.court_discard.push(card);
                if (0..4).any(|k| in_play(golems(s)[k])) {
                    s.push(Effect::Worship { seat, card }.into());
                }
            }),
            ..Behavior::NONE
        };
    };
}

worship!(GOLEM_WORSHIP, 0);
worship!(GOLEM_WORSHIP_2, 1);
worship!(GOLEM_WORSHIP_3, 2);

fn worship_crisis(s: &mut GameState, card: CardId, ev: &mut dyn Sink) {
    let order: Vec<Seat> = s.turn_order().collect();
    // Pushed last seat first, so the first in turn order returns first.
    let mut any = false;
    for &x in order.iter().rev() {
        if super::count(s, x) > 0 && !city_choices(s, x).is_empty() {
            s.push(Effect::ReturnCity { seat: x, card }.into());
            any = true;
        }
    }
    log!(
        ev,
        "crisis",
        None,
        "Golem Worship: {}",
        if any {
            "each player with a Golem returns a Loyal city to their board."
        } else {
            "no player with a Golem has a city on the map."
        }
    );
}

/// The Loyal cities of `seat` on the map, as choices.
pub fn city_choices(s: &GameState, seat: Seat) -> Vec<Choice> {
    let mut v = Vec::new();
    for sys in s.systems_in_play() {
        for (slot, b) in s.sys(sys).buildings_of(seat.owner()) {
            if b.kind == BuildingKind::City {
                v.push(Choice::Piece {
                    system: sys,
                    piece: Piece::Building { slot },
                });
            }
        }
    }
    v
}

/// `seat` returns its city at `system`, `slot` to its board.
pub fn return_city(s: &mut GameState, seat: Seat, system: SystemId, slot: u8, ev: &mut dyn Sink) {
    let b = s.sys(system).slots.get(slot as usize).copied().flatten();
    if !b.is_some_and(|b| b.owner == seat.owner() && b.kind == BuildingKind::City) {
        return;
    }
    s.sys_mut(system).slots[slot as usize] = None;
    log!(
        ev,
        "crisis",
        Some(seat),
        { systems: vec![system] },
        "Golem Worship: {seat} returns their city in {system} to their board."
    );
    s.return_cities(seat, 1, ev);
}

/// Golems a Golem Worship may take: every Golem in play, a face-down one
/// by its gate.
pub fn worship_choices(s: &GameState, seat: Seat, out: &mut Vec<Choice>) {
    for (k, g) in golems(s).into_iter().enumerate() {
        if !in_play(g) || (g.holder() == Some(seat) && g.awake) {
            continue;
        }
        match g.at {
            GolemAt::Gate { system } => out.push(Choice::System(system)),
            _ => out.push(Choice::Count(k as u8)),
        }
    }
}

/// The Golem a Golem Worship choice names.
pub fn chosen_golem(s: &GameState, c: Choice) -> Option<usize> {
    let g = golems(s);
    match c {
        Choice::Count(k) => Some(k as usize % 4),
        Choice::System(sys) => (0..4).find(|&k| g[k].at == GolemAt::Gate { system: sys }),
        _ => None,
    }
}
