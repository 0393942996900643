//! The Caretaker (Fate Set 5, an "A" Fate), Act I: its setup (F501A), its
//! objective (F501B), Golem Beacon (F502), Golem Hearth (F503),
//! Stone-Speakers (F504) and the two laws it adds to the rules booklet,
//! Golems (F505) and Golem Actions (F506). Campaign rules p8, p18;
//! `reference/campaign.md` §2.5.
//!
//! The four Golem tokens (Warrior, Protector, Seeker, Harvester) are
//! [`Golems`] in the campaign state: each is in exactly one place — at a
//! gate of the map, in a seat's resource slot, on the Golem Hearth of the
//! seat holding that card, or out of play — on its Sleeping or Awake side.
//! A Golem in a slot fills it (`actions::resources::open_slots` leaves it
//! out through [`slot_mask`]) but is no resource: it has no type, so it
//! adds to no ambition, is never Outraged away and is no "resource" to
//! count (docs/rulings.md R-CAMP-CARETAKER-TYPE).
//!
//! The Act I Resolution (F507), the Unstable Vox cards (F508–F511) and
//! everything after belong to the Intermission and Act II, like the other
//! Fates' later cards.

use crate::campaign::fates::{advance_objective, FateDef, FateEvent};
use crate::cards::frame::Procedure;
use crate::cards::{Behavior, NewAction, PreludeAbility};
use crate::choice::{Choice, Piece};
use crate::describe::{plural, resource_name, Describer};
use crate::event::Sink;
use crate::ids::*;
use crate::log;
use crate::state::GameState;
use serde::{Deserialize, Serialize};

pub mod appetite;
pub mod knowledge;
use appetite::GOLEMS_SATE_THEIR_APPETITE;
pub mod resolution;
use knowledge::{EXTRA_EVENT, KNOWLEDGE_SET_FREE, LIBRARIANS};
use resolution::{GOLEM_WORSHIP, GOLEM_WORSHIP_2, GOLEM_WORSHIP_3};
use resolution::{UNSTABLE_HARVESTER, UNSTABLE_PROTECTOR, UNSTABLE_SEEKER, UNSTABLE_WARRIOR};

/// The Caretaker's cards with behaviour of their own.
pub static CARDS: &[&Behavior] = &[
    &GOLEM_BEACON,
    &GOLEM_HEARTH,
    &STONE_SPEAKERS,
    &GOLEMS_LAW,
    &GOLEM_ACTIONS,
    &UNSTABLE_HARVESTER,
    &UNSTABLE_SEEKER,
    &UNSTABLE_PROTECTOR,
    &UNSTABLE_WARRIOR,
    &GOLEM_WORSHIP,
    &GOLEM_WORSHIP_2,
    &GOLEM_WORSHIP_3,
    &LIBRARIANS,
    &KNOWLEDGE_SET_FREE,
    &EXTRA_EVENT,
    &GOLEMS_SATE_THEIR_APPETITE,
];

/// The Fate.
pub static FATE: FateDef = FateDef {
    number: 5,
    card: "ARCS-FATE05",
    setup: [
        Some(setup_act_one),
        Some(knowledge::setup_act_two),
        Some(appetite::setup_act_three),
    ],
    resolution: Some(|s, seat, act, done, ev| {
        if act == 1 {
            resolution::resolve_act_one(s, seat, done, ev)
        } else {
            resolution::resolve_act_two(s, seat, done, ev)
        }
    }),
    resolutions: ["ARCS-F507", "ARCS-F516"],
    on: Some(objectives),
    grand: Some(appetite::grand_ambitions),
    final_objective: false,
    leave: None,
};

const BEACON: &str = "ARCS-F502";
const HEARTH: &str = "ARCS-F503";
const SPEAKERS: &str = "ARCS-F504";
const LAW: &str = "ARCS-F505";
const ACTIONS: &str = "ARCS-F506";

/// What each fulfilment of the Act I objective advances (per Golem for
/// *Find the Golems*).
const ADVANCE: u8 = 2;

// ------------------------------------------------------------ the Golems

/// The Golems' names, by token: 0 Warrior, 1 Protector, 2 Seeker,
/// 3 Harvester (F506 gives each its action).
pub const GOLEM_NAMES: [&str; 4] = ["Warrior", "Protector", "Seeker", "Harvester"];

/// Where a Golem token is.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "place")]
pub enum GolemAt {
    /// Not in play: no Caretaker, or discarded (its name was shown).
    #[default]
    Out,
    /// Never placed: no gate was left for it at setup, so it stays in the
    /// box face down and nobody knows which it is (issue 18 item 6).
    Box,
    /// At a gate of the map.
    Gate { system: SystemId },
    /// In a seat's resource slot (0-based).
    Slot { seat: Seat, slot: u8 },
    /// On the Golem Hearth of the seat holding it.
    Hearth { seat: Seat },
}

/// A Golem token: where it is and which side is up.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Golem {
    pub at: GolemAt,
    pub awake: bool,
}

impl Golem {
    /// The seat that has it (in a slot or on its Hearth).
    pub fn holder(self) -> Option<Seat> {
        match self.at {
            GolemAt::Slot { seat, .. } | GolemAt::Hearth { seat } => Some(seat),
            _ => None,
        }
    }
}

/// The four Golem tokens, by [`GOLEM_NAMES`] index.
pub type Golems = [Golem; 4];

/// Whether no Golem is in play (the campaign state then omits them).
pub fn none_in_play(g: &Golems) -> bool {
    g.iter().all(|x| x.at == GolemAt::Out)
}

fn golems(s: &GameState) -> Golems {
    s.campaign().map(|c| c.golems).unwrap_or_default()
}

fn set(s: &mut GameState, k: usize, g: Golem) {
    let Some(c) = s.campaign_mut() else { return };
    let was = c.golems[k];
    c.golems[k] = g;
    // A Sleeping Golem at a gate is face down (R-CAMP-CARETAKER-HIDDEN):
    // turning it up or taking it shows everyone which it is, an undo
    // barrier (R-UNDO-1).
    if is_face_down(was) && !is_face_down(g) {
        s.disclose();
    }
}

/// Whether nobody can tell which Golem this token is: Sleeping at a
/// gate, or never placed (in the box).
pub fn is_face_down(g: Golem) -> bool {
    (!g.awake && matches!(g.at, GolemAt::Gate { .. })) || g.at == GolemAt::Box
}

/// The face-down Golems are hidden from bots as from people (issue 18
/// item 6): an observation knows which gates hold a Sleeping Golem, not
/// which Golem lies where.
pub static HIDDEN: crate::campaign::fates::HiddenParts = crate::campaign::fates::HiddenParts {
    redact: |s| {
        deal_face_down(s, |places| {
            places.sort_unstable_by_key(|g| format!("{g:?}"))
        })
    },
    sample: |s, rng| {
        use rand::seq::SliceRandom;
        deal_face_down(s, |places| places.shuffle(rng))
    },
};

/// Gathers the places of the face-down Golems, orders them with `order`
/// and gives them back to those Golems in token order.
fn deal_face_down(s: &mut GameState, order: impl FnOnce(&mut [GolemAt])) {
    let Some(c) = s.campaign_mut() else { return };
    let hidden: arrayvec::ArrayVec<usize, 4> =
        (0..4).filter(|&k| is_face_down(c.golems[k])).collect();
    if hidden.len() < 2 {
        // One face-down Golem among known ones is known by elimination.
        return;
    }
    let mut places: arrayvec::ArrayVec<GolemAt, 4> =
        hidden.iter().map(|&k| c.golems[k].at).collect();
    order(&mut places);
    for (&k, at) in hidden.iter().zip(places) {
        c.golems[k].at = at;
    }
}

/// The resource slots of `seat` a Golem fills, a bit each: they are
/// neither empty nor open to resources (F505 "Golems fill resource
/// slots"). Zero outside a campaign with Golems.
pub fn slot_mask(s: &GameState, seat: Seat) -> u8 {
    let Some(c) = s.campaign() else { return 0 };
    c.golems.iter().fold(0, |m, g| match g.at {
        GolemAt::Slot { seat: x, slot } if x == seat => m | 1 << slot,
        _ => m,
    })
}

/// The Golems `seat` has (slots and Hearth), by index.
fn held(s: &GameState, seat: Seat) -> impl Iterator<Item = usize> {
    let g = golems(s);
    (0..4).filter(move |&k| g[k].holder() == Some(seat))
}

/// How many Golems `seat` has.
pub fn count(s: &GameState, seat: Seat) -> u8 {
    held(s, seat).count() as u8
}

/// Whether `seat` holds the Golem Hearth (a lore card).
fn has_hearth(s: &GameState, seat: Seat) -> bool {
    s.seat(seat).lore().contains(&crate::card_id!(HEARTH))
}

/// Where a Golem arriving with `seat` goes: onto its Golem Hearth if it
/// holds the card ("This card holds any number of Golems"), else into the
/// open empty slot with the highest raid cost (the slot rule, B-RES-06);
/// `None` with no room (docs/rulings.md R-CAMP-CARETAKER-HEARTH).
fn room(s: &GameState, seat: Seat) -> Option<GolemAt> {
    if has_hearth(s, seat) {
        return Some(GolemAt::Hearth { seat });
    }
    crate::actions::resources::best_empty_slot(s, seat).map(|slot| GolemAt::Slot {
        seat,
        slot: slot as u8,
    })
}

/// Golem `k` goes to `seat` (keeping its side); false with no room.
fn give(s: &mut GameState, k: usize, seat: Seat) -> bool {
    let Some(at) = room(s, seat) else {
        return false;
    };
    let g = golems(s)[k];
    set(s, k, Golem { at, ..g });
    true
}

/// Whether `seat` has room for another Golem (its Golem Hearth or an
/// open empty slot).
pub fn has_room(s: &GameState, seat: Seat) -> bool {
    s.campaign().is_some_and(|c| !none_in_play(&c.golems)) && room(s, seat).is_some()
}

/// The Golems `seat` has, by index.
pub fn held_by(s: &GameState, seat: Seat) -> impl Iterator<Item = u8> {
    held(s, seat).map(|k| k as u8)
}

/// A lore card changed hands (Transfer Lore, F514): the Golems on a Golem
/// Hearth go with the card they lie on (docs/rulings.md R-CAMP-F514).
pub fn lore_changed_hands(s: &mut GameState, card: CardId, from: Seat, to: Seat) {
    // A Golem in the card's own resource slot (Ancient Holdings) goes with
    // the card, like a resource there (docs/rulings.md R-CAMP-F514).
    if crate::cards::behavior(card).is_some_and(|b| b.card_slot) {
        let slot = crate::data::BOARD_SLOTS as u8;
        for k in 0..4 {
            let g = golems(s)[k];
            if g.at == (GolemAt::Slot { seat: from, slot }) {
                let at = GolemAt::Slot { seat: to, slot };
                set(s, k, Golem { at, ..g });
            }
        }
    }
    if card != crate::card_id!(HEARTH) {
        return;
    }
    for k in 0..4 {
        let g = golems(s)[k];
        if let GolemAt::Hearth { .. } = g.at {
            set(
                s,
                k,
                Golem {
                    at: GolemAt::Hearth { seat: to },
                    ..g
                },
            );
        }
    }
}

/// Golem `k` goes from `from` to `to` on its side, if `from` has it and
/// `to` has room: the words naming it as it was, for the log.
fn hand_over(s: &mut GameState, from: Seat, to: Seat, k: u8) -> Option<String> {
    let k = k as usize % 4;
    let g = golems(s)[k];
    (g.holder() == Some(from) && give(s, k, to)).then(|| golem_words(g, k))
}

/// Transfer Golem (Knowledge Set Free, F514): `by` gives `to` Golem `k`,
/// on the side it shows (no spend, no discard).
pub fn transfer(s: &mut GameState, by: Seat, to: Seat, k: u8, ev: &mut dyn Sink) {
    if let Some(words) = hand_over(s, by, to, k) {
        log!(ev, "summit", Some(by), "{by} gives {to} {words}.");
    }
}

/// The Rivals of `seat` that have room for a Golem, a bit each.
fn rivals_with_room(s: &GameState, seat: Seat) -> u8 {
    s.rivals(seat)
        .filter(|x| room(s, *x).is_some())
        .fold(0, |m, x| m | 1 << x.0)
}

/// F505: "When a Golem is spent or discarded, flip it to Sleeping and
/// place it in a Rival's empty resource slot. If there are none, you keep
/// it." `seat` chooses the Rival (docs/rulings.md R-CAMP-CARETAKER-PASS).
fn spent_or_discarded(s: &mut GameState, seat: Seat, k: usize, ev: &mut dyn Sink) {
    let g = golems(s)[k];
    set(s, k, Golem { awake: false, ..g });
    if rivals_with_room(s, seat) == 0 {
        log!(
            ev,
            "golem",
            Some(seat),
            "The {} Golem falls asleep; no Rival has an empty resource slot, so {seat} keeps it.",
            GOLEM_NAMES[k]
        );
        return;
    }
    s.push(
        Effect::Pass {
            seat,
            card: crate::card_id!(LAW),
            golem: k as u8,
        }
        .into(),
    );
}

/// Cities returned to `seat`'s board covered the slots of these Golems:
/// each moves to an open empty slot, or with none is discarded (F505;
/// docs/rulings.md R-CAMP-CARETAKER-COVERED). Called by
/// `GameState::return_cities` before the resources move.
/// The Golems as area pieces, for the common rules (F503, F505).
pub static GOLEMS: crate::campaign::fates::AreaPieces = crate::campaign::fates::AreaPieces {
    slots_covered,
    may_take,
    steal,
    raid_cost,
    raid_choices,
    act_setup: wake_all_if_law,
};

/// F505 "In Act II/III setup, Golems flip to Awake": while Golems is a law
/// (whoever plays the Caretaker now).
fn wake_all_if_law(s: &mut GameState, ev: &mut dyn Sink) {
    let law = s
        .campaign()
        .is_some_and(|c| c.booklet.contains(&crate::card_id!(LAW)));
    if law {
        wake_all(s, ev);
    }
}

/// The Sleeping Golems that pass `which` flip to Awake: their names.
fn wake(s: &mut GameState, which: fn(Golem) -> bool) -> Vec<&'static str> {
    let mut woke = Vec::new();
    for (k, name) in GOLEM_NAMES.iter().enumerate() {
        let g = golems(s)[k];
        if which(g) && !g.awake {
            set(s, k, Golem { awake: true, ..g });
            woke.push(*name);
        }
    }
    woke
}

/// Every Sleeping Golem in play flips to Awake (F505 at Act II/III setup,
/// F512A, F520A, F521).
pub fn wake_all(s: &mut GameState, ev: &mut dyn Sink) {
    let woke = wake(s, resolution::in_play);
    if !woke.is_empty() {
        log!(
            ev,
            "golem",
            None,
            { reveals: true },
            "The Sleeping Golems flip to Awake ({}).",
            woke.join(", ")
        );
    }
}

pub fn slots_covered(s: &mut GameState, seat: Seat, ev: &mut dyn Sink) {
    let raw: arrayvec::ArrayVec<usize, 7> = s
        .seat(seat)
        .open_slots(crate::cards::has_card_slot(s, seat))
        .collect();
    for (k, name) in GOLEM_NAMES.iter().enumerate() {
        let g = golems(s)[k];
        let GolemAt::Slot { seat: x, slot } = g.at else {
            continue;
        };
        if x != seat || raw.contains(&(slot as usize)) {
            continue;
        }
        // Out of its covered slot first, so it is not counted there.
        let off = Golem {
            at: GolemAt::Out,
            ..g
        };
        set(s, k, off);
        if let Some(at) = room(s, seat) {
            set(s, k, Golem { at, ..g });
            continue;
        }
        log!(
            ev,
            "golem",
            Some(seat),
            "A city covers the slot of {seat}'s {name} Golem: with no room left, it is discarded."
        );
        set(
            s,
            k,
            Golem {
                awake: false,
                ..off
            },
        );
        if rivals_with_room(s, seat) != 0 {
            // Set aside until its holder names the Rival.
            s.push(
                Effect::Pass {
                    seat,
                    card: crate::card_id!(LAW),
                    golem: k as u8,
                }
                .into(),
            );
            continue;
        }
        // "If there are none, you keep it": it takes the open slot with the
        // highest raid cost, whose resource must then find room like any
        // arriving token (the seat chooses what to keep).
        let mask = slot_mask(s, seat);
        let Some(to) = raw
            .iter()
            .copied()
            .filter(|i| mask & 1 << i == 0)
            .max_by_key(|&i| (crate::data::SLOT_RAID_COST[i], std::cmp::Reverse(i)))
        else {
            // Every open slot holds a Golem: this one is set aside.
            log!(
                ev,
                "golem",
                Some(seat),
                "No slot is left for the {name} Golem: it leaves play."
            );
            resolution::unstable_check(s);
            continue;
        };
        let displaced = s.seat_mut(seat).resources[to].take();
        set(
            s,
            k,
            Golem {
                at: GolemAt::Slot {
                    seat,
                    slot: to as u8,
                },
                awake: false,
            },
        );
        log!(
            ev,
            "golem",
            Some(seat),
            "No Rival has room: {seat} keeps the Sleeping {name} Golem."
        );
        if let Some(r) = displaced {
            s.receive_in_slots(seat, r);
        }
    }
}

/// A Golem named for people: "the Awake Seeker Golem", or, Sleeping at a
/// gate (its face hidden), "a Sleeping Golem".
fn golem_words(g: Golem, k: usize) -> String {
    match (g.at, g.awake) {
        (GolemAt::Gate { .. }, false) => "a Sleeping Golem".into(),
        (_, true) => format!("the Awake {} Golem", GOLEM_NAMES[k]),
        (_, false) => format!("the Sleeping {} Golem", GOLEM_NAMES[k]),
    }
}

// ------------------------------------------------------------ setup, objective

/// F501A: gain Golem Beacon, Golem Hearth and Stone-Speakers; the four
/// Sleeping Golems, shuffled, one at each gate of the clusters without
/// Imperial ships (in cluster order); Golems and Golem Actions join the
/// rules booklet.
fn setup_act_one(s: &mut GameState, seat: Seat, ev: &mut dyn Sink) {
    use rand::seq::SliceRandom;
    {
        let st = s.seat_mut(seat);
        st.add_lore(crate::card_id!(BEACON));
        st.add_lore(crate::card_id!(HEARTH));
        st.add_guild(crate::card_id!(SPEAKERS));
    }
    let gates: Vec<SystemId> = (1..=6)
        .map(|c| SystemId::new(c, 0))
        .filter(|g| s.is_in_play(*g))
        .filter(|g| {
            s.systems_in_play()
                .filter(|x| x.cluster() == g.cluster())
                .all(|x| s.sys(x).ships_of(Owner::Empire).total() == 0)
        })
        .collect();
    let mut order = [0usize, 1, 2, 3];
    order.shuffle(&mut s.rng);
    if let Some(c) = s.campaign_mut() {
        for x in [crate::card_id!(LAW), crate::card_id!(ACTIONS)] {
            if !c.booklet.contains(&x) {
                let _ = c.booklet.try_push(x);
            }
        }
        for (i, k) in order.into_iter().enumerate() {
            c.golems[k] = Golem {
                at: gates
                    .get(i)
                    .map_or(GolemAt::Box, |&system| GolemAt::Gate { system }),
                awake: false,
            };
        }
    }
    log!(
        ev,
        "setup",
        Some(seat),
        { systems: gates.iter().take(4).copied().collect() },
        "{seat} gains Golem Beacon, Golem Hearth and Stone-Speakers. A Sleeping Golem lies at each \
         gate of the clusters without Imperial ships ({}); Golems and Golem Actions join the rules \
         booklet.",
        gates
            .iter()
            .take(4)
            .map(|g| g.to_string())
            .collect::<Vec<_>>()
            .join(", ")
    );
}

/// The objective of the Act being played.
fn objectives(s: &mut GameState, me: Seat, e: &FateEvent, ev: &mut dyn Sink) {
    if s.campaign().is_some_and(|c| c.act == 3) {
        return appetite::objective_act_three(s, me, e, ev);
    }
    crate::campaign::fates::act_objective(s, me, e, ev, [objective, knowledge::objective_act_two]);
}

/// Whether the seat's Act I objective is still open.
fn open(s: &GameState, me: Seat) -> bool {
    s.campaign()
        .is_some_and(|c| c.act == 1 && c.objective[me.index()] > 0)
}

/// F501B. *Find the Golems*: each time the Caretaker wins an ambition,
/// advance 2 for each Golem it has. *Use the Golems*: advance 2 each time
/// any player spends a Golem in their Prelude (Golem Actions' Prelude,
/// heard as [`FateEvent::Prelude`] of F506), its action taken or not
/// (docs/rulings.md R-CAMP-CARETAKER-OBJECTIVE).
fn objective(s: &mut GameState, me: Seat, e: &FateEvent, ev: &mut dyn Sink) {
    if !open(s, me) {
        return;
    }
    match *e {
        FateEvent::AmbitionWon { seat, ambition, .. } if seat == me => {
            let n = count(s, me);
            if n > 0 {
                log!(
                    ev,
                    "objective",
                    Some(me),
                    "Find the Golems: {me} wins {ambition} with {}.",
                    plural(n, "Golem", "Golems")
                );
                advance_objective(s, me, ADVANCE * n, ev);
            }
        }
        FateEvent::Prelude { seat, card: c, .. } if c == crate::card_id!(ACTIONS) => {
            log!(
                ev,
                "objective",
                Some(me),
                "Use the Golems: {seat} spends a Golem in their Prelude."
            );
            advance_objective(s, me, ADVANCE, ev);
        }
        _ => {}
    }
}

// ------------------------------------------------------------ the cards

/// F502 Golem Beacon (lore): "Awaken (Influence): Take any Golems you
/// control from the map and place them on your Golem Hearth card. Flip
/// these Golems to Awake if you are winning a declared ambition." A new
/// action standing in for Influence; it takes every Golem at a gate the
/// holder controls (docs/rulings.md R-CAMP-CARETAKER-AWAKEN).
pub static GOLEM_BEACON: Behavior = Behavior {
    code: BEACON,
    new_actions: &[NewAction {
        name: "Awaken",
        std: StdAction::Influence,
        possible: |s, seat| awaken_targets(s, seat) != 0,
        start: |s, seat, _, ev| awaken(s, seat, ev),
    }],
    ..Behavior::NONE
};

/// The Golems at gates `seat` controls, a bit each.
fn awaken_targets(s: &GameState, seat: Seat) -> u8 {
    let g = golems(s);
    (0..4).fold(0, |m, k| match g[k].at {
        GolemAt::Gate { system } if s.controls(seat, system) => m | 1 << k,
        _ => m,
    })
}

fn awaken(s: &mut GameState, seat: Seat, ev: &mut dyn Sink) {
    let targets = awaken_targets(s, seat);
    let wake = crate::cards::campaign::admiral::winning_an_ambition(s, seat);
    for (k, name) in GOLEM_NAMES.iter().enumerate() {
        if targets & 1 << k == 0 {
            continue;
        }
        let g = golems(s)[k];
        let GolemAt::Gate { system } = g.at else {
            continue;
        };
        // Onto the Hearth (or, without it, a slot; with no room it stays).
        let Some(at) = room(s, seat) else {
            continue;
        };
        set(
            s,
            k,
            Golem {
                at,
                awake: wake || g.awake,
            },
        );
        let side = if wake || g.awake { "Awake" } else { "Sleeping" };
        // The token's face comes out: a reveal to everyone (R-UNDO-1).
        log!(
            ev,
            "golem",
            Some(seat),
            { systems: vec![system], reveals: true },
            "Awaken: {seat} takes the Golem at {system}: it is the {name} Golem, now {side} on {}.",
            if matches!(at, GolemAt::Hearth { .. }) {
                "their Golem Hearth"
            } else {
                "their player board"
            }
        );
    }
}

/// F503 Golem Hearth (lore): "Crisis: Flip all Sleeping Golems that are
/// not on the map to Awake. This card holds any number of Golems. Their
/// raid cost is 2 each." The holding is [`GolemAt::Hearth`].
pub static GOLEM_HEARTH: Behavior = Behavior {
    code: HEARTH,
    fate_crisis: Some(|s, seat, _, ev| {
        let woke = wake(s, |g| g.holder().is_some());
        if !woke.is_empty() {
            log!(
                ev,
                "crisis",
                Some(seat),
                "Golem Hearth: the Sleeping Golems off the map awaken ({}).",
                woke.join(", ")
            );
        }
    }),
    ..Behavior::NONE
};

/// F504 Stone-Speakers (Guild, Material): "When you declare an ambition,
/// you may end your turn immediately. If you do, take any Golems from
/// Rivals, then roll the event die and resolve Crises if you roll it.
/// (Don't resolve Edicts.)" Offered only on the holder's own turn while it
/// is not over (docs/rulings.md R-CAMP-CARETAKER-SPEAKERS).
pub static STONE_SPEAKERS: Behavior = Behavior {
    code: SPEAKERS,
    on_declare: Some(|s, seat, _, _| {
        let t = &s.turn;
        if s.is_campaign()
            && crate::campaign::empire::on_turn(s, seat)
            && (t.pips_left > 0 || t.prelude_open || t.window_open)
        {
            s.push(
                Effect::Speakers {
                    seat,
                    card: crate::card_id!(SPEAKERS),
                }
                .into(),
            );
        }
    }),
    ..Behavior::NONE
};

/// F505 Golems (law): its rules are [`slot_mask`], [`spent_or_discarded`],
/// [`slots_covered`], the scenario and view forms below; "Only the
/// Caretaker can take Golems from the map" holds because only Golem
/// Beacon takes them.
pub static GOLEMS_LAW: Behavior = Behavior {
    code: LAW,
    ..Behavior::NONE
};

/// The Prelude ability of Golem `$k` (F506).
macro_rules! golem_prelude {
    ($k:expr, $what:expr) => {
        PreludeAbility {
            what: $what,
            discard: false,
            first: false,
            once_per_turn: false,
            possible: |s, seat| may_spend(s, seat, $k),
            run: |s, seat, _, ev| spend(s, seat, $k, ev),
        }
    };
}

/// F506 Golem Actions (law): "Prelude: You may spend your Awake Golems to
/// optionally take their actions." A law in the rules booklet: every
/// player's Prelude offers it (`campaign::booklet_preludes`), one ability
/// per Golem.
pub static GOLEM_ACTIONS: Behavior = Behavior {
    code: ACTIONS,
    preludes: &[
        golem_prelude!(
            0,
            "spend your Awake Warrior Golem (then destroy all damaged ships in one system)"
        ),
        golem_prelude!(
            1,
            "spend your Awake Protector Golem (then repair any ships of your choice)"
        ),
        golem_prelude!(
            2,
            "spend your Awake Seeker Golem (then take a Catapult move from one system)"
        ),
        golem_prelude!(
            3,
            "spend your Awake Harvester Golem (then gain any resource)"
        ),
    ],
    ..Behavior::NONE
};

/// Whether `seat` has Golem `k` on its Awake side.
fn may_spend(s: &GameState, seat: Seat, k: usize) -> bool {
    let g = golems(s)[k];
    g.awake && g.holder() == Some(seat)
}

/// Spends Golem `k`: it falls asleep and goes to a Rival (F505); then its
/// action, which `seat` may decline (F506).
fn spend(s: &mut GameState, seat: Seat, k: usize, ev: &mut dyn Sink) {
    log!(
        ev,
        "golem",
        Some(seat),
        "{seat} spends the Awake {} Golem.",
        GOLEM_NAMES[k]
    );
    s.push(
        Effect::Action {
            seat,
            card: crate::card_id!(ACTIONS),
            golem: k as u8,
        }
        .into(),
    );
    // Above the action: the Golem leaves first.
    spent_or_discarded(s, seat, k, ev);
}

/// Systems with damaged ships the Warrior may destroy there: any owner's,
/// except where the Truce Law shields them from `seat` (docs/rulings.md
/// R-CAMP-CARETAKER-WARRIOR).
fn warrior_owners(s: &GameState, seat: Seat, sys: SystemId) -> u8 {
    (0..MAX_OWNERS).fold(0, |m, i| {
        let o = Owner::from_index(i);
        let ok = s.sys(sys).ships_of(o).damaged > 0
            && (o == seat.owner()
                || !s.is_campaign()
                || crate::campaign::empire::may_attack(s, seat, o, sys));
        if ok {
            m | 1 << i
        } else {
            m
        }
    })
}

fn warrior_systems(s: &GameState, seat: Seat) -> impl Iterator<Item = SystemId> + '_ {
    s.systems_in_play()
        .filter(move |x| warrior_owners(s, seat, *x) != 0)
}

/// Damaged ships anywhere, for the Protector: one choice per system and
/// owner; with `board`, also the damaged Upgrades and Armor of `seat`'s
/// Flagship ("also 1 Upgrade or Armor with a Flagship", F506; FS-17).
fn protector_choices(s: &GameState, seat: Seat, board: bool, out: &mut Vec<Choice>) {
    if board {
        out.extend(
            crate::campaign::flagship::repair_targets(s, seat)
                .into_iter()
                .map(|(system, piece)| Choice::Piece { system, piece }),
        );
    }
    for sys in s.systems_in_play() {
        for i in 0..MAX_OWNERS {
            let owner = Owner::from_index(i);
            if s.sys(sys).ships_of(owner).damaged > 0 {
                out.push(Choice::Piece {
                    system: sys,
                    piece: Piece::Ship {
                        owner,
                        damaged: true,
                    },
                });
            }
        }
    }
}

/// The Protector repairs `piece`, then offers another while any is left
/// (a Flagship's board only until one of its pieces was repaired).
fn protector_repair(
    s: &mut GameState,
    seat: Seat,
    card: CardId,
    board: bool,
    system: SystemId,
    piece: Piece,
    ev: &mut dyn Sink,
) {
    crate::actions::repair::repair(s, seat, system, piece, ev);
    let board = board && !matches!(piece, Piece::Flagship { .. });
    let mut more = Vec::new();
    protector_choices(s, seat, board, &mut more);
    if !more.is_empty() {
        s.push(Effect::Repair { seat, card, board }.into());
    }
}

/// Systems the Seeker's Catapult may start from: those with ships of
/// `seat`'s it may move (B-MOV-01).
fn seeker_systems(s: &GameState, seat: Seat) -> impl Iterator<Item = SystemId> + '_ {
    // The Flagship moves like a ship (docs/flagships.md A-15).
    crate::actions::mov::origins(s, seat).filter(move |x| {
        s.sys(*x).ships_of(seat.owner()).total() > 0 || s.sys(*x).has_flagship_of(seat.owner())
    })
}

// ------------------------------------------------------------ procedures

#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "effect")]
pub enum Effect {
    /// F505: a spent or discarded Golem goes to which Rival?
    Pass { seat: Seat, card: CardId, golem: u8 },
    /// F506: take the spent Golem's action (or not).
    Action { seat: Seat, card: CardId, golem: u8 },
    /// F506 Protector: repair another ship, or stop; `board`: 1 Upgrade
    /// or Armor of the Flagship may still be repaired.
    Repair {
        seat: Seat,
        card: CardId,
        #[serde(default)]
        board: bool,
    },
    /// F504: end the turn now?
    Speakers { seat: Seat, card: CardId },
    /// F517–F519 Crisis: which Loyal city does `seat` return to its board?
    ReturnCity { seat: Seat, card: CardId },
    /// F517–F519 When Secured: which Golem does `seat` take (Awake)?
    Worship { seat: Seat, card: CardId },
    /// F513 Crisis: Librarians is attached to which Court card?
    AttachLibrarians { seat: Seat, card: CardId },
    /// F513 after securing: draw a lore card onto the card that refilled
    /// Court place `pos`?
    Librarians { seat: Seat, card: CardId, pos: u8 },
    /// F520B: scrap a lore card (not the Golem Hearth)?
    GrandLore { seat: Seat, card: CardId },
    /// F520B: scrap a Golem?
    GrandGolem { seat: Seat, card: CardId },
    /// F521: `seat` has `left` Awake Golems still to feed (automatic):
    /// each its Guild card (a `Consume` decision) or, without any, the
    /// Court's leftmost Guild card with agents.
    Sate { seat: Seat, card: CardId, left: u8 },
    /// F521: which of its Guild cards does `seat` scrap?
    Consume { seat: Seat, card: CardId },
    /// F521 "Then, Golems Awaken" (automatic).
    Awaken { seat: Seat, card: CardId },
}

impl Procedure for Effect {
    fn automatic(&self) -> bool {
        matches!(self, Effect::Awaken { .. } | Effect::Sate { .. })
    }

    fn run_auto(self, s: &mut GameState, ev: &mut dyn Sink) {
        s.pop();
        match self {
            Effect::Awaken { .. } => wake_all(s, ev),
            Effect::Sate { seat, card, left } if left > 0 => {
                s.push(
                    Effect::Sate {
                        seat,
                        card,
                        left: left - 1,
                    }
                    .into(),
                );
                if s.seat(seat).guild().is_empty() {
                    appetite::consume_from_court(s, seat, ev);
                } else {
                    s.push(Effect::Consume { seat, card }.into());
                }
            }
            _ => {}
        }
    }

    fn seat_card(&self) -> (Seat, CardId) {
        match *self {
            Effect::Pass { seat, card, .. }
            | Effect::Action { seat, card, .. }
            | Effect::Repair { seat, card, .. }
            | Effect::Speakers { seat, card }
            | Effect::ReturnCity { seat, card }
            | Effect::Worship { seat, card }
            | Effect::AttachLibrarians { seat, card }
            | Effect::Librarians { seat, card, .. }
            | Effect::GrandLore { seat, card }
            | Effect::GrandGolem { seat, card }
            | Effect::Sate { seat, card, .. }
            | Effect::Consume { seat, card }
            | Effect::Awaken { seat, card } => (seat, card),
        }
    }

    fn what(&self, _s: &GameState) -> String {
        match *self {
            Effect::Pass { golem, .. } => format!(
                "the {} Golem falls asleep; which Rival takes it?",
                GOLEM_NAMES[golem as usize % 4]
            ),
            Effect::Action { golem, .. } => match golem {
                0 => "Warrior: destroy all damaged ships in which system?".into(),
                1 => {
                    "Protector: repair which ship (or, once, an Upgrade or Armor of your Flagship)?"
                        .into()
                }
                2 => "Seeker: take a Catapult move from which system?".into(),
                _ => "Harvester: gain which resource?".into(),
            },
            Effect::Repair { .. } => "Protector: repair another ship?".into(),
            Effect::Speakers { .. } => {
                "end your turn now, take the Rivals' Golems and roll the event die?".into()
            }
            Effect::ReturnCity { .. } => {
                "Golem Worship: which of your cities returns to your player board?".into()
            }
            Effect::Worship { .. } => "Golem Worship: take which Golem, Awake?".into(),
            Effect::AttachLibrarians { .. } => {
                "Librarians: attach Librarians to which card in the Court?".into()
            }
            Effect::Librarians { .. } => {
                "Librarians: draw a lore card and attach it to the card that refilled the Court?"
                    .into()
            }
            Effect::GrandLore { .. } => {
                "Consume Dangerous Lore: scrap one of your lore cards (not the Golem Hearth)?"
                    .into()
            }
            Effect::GrandGolem { .. } => "Silence the Golems: scrap one of your Golems?".into(),
            Effect::Consume { .. } => {
                "Golems Sate Their Appetite: scrap which of your Guild cards?".into()
            }
            Effect::Sate { .. } | Effect::Awaken { .. } => String::new(),
        }
    }

    fn choices(&self, s: &GameState, out: &mut Vec<Choice>) {
        match *self {
            Effect::Pass { seat, .. } => {
                let m = rivals_with_room(s, seat);
                out.extend(
                    Seat::all(s.players)
                        .filter(|x| m & 1 << x.0 != 0)
                        .map(Choice::Player),
                );
            }
            Effect::Action { seat, golem, .. } => {
                match golem {
                    0 => out.extend(warrior_systems(s, seat).map(Choice::System)),
                    1 => protector_choices(s, seat, true, out),
                    2 => out.extend(seeker_systems(s, seat).map(Choice::System)),
                    _ => out.extend(
                        Resource::ALL
                            .into_iter()
                            .filter(|r| s.supply[r.index()] > 0)
                            .map(Choice::Resource),
                    ),
                }
                out.push(Choice::No);
            }
            Effect::Repair { seat, board, .. } => {
                protector_choices(s, seat, board, out);
                out.push(Choice::Done);
            }
            Effect::Speakers { .. } => {
                out.push(Choice::Yes);
                out.push(Choice::No);
            }
            Effect::ReturnCity { seat, .. } => out.extend(resolution::city_choices(s, seat)),
            Effect::Worship { seat, .. } => resolution::worship_choices(s, seat, out),
            Effect::AttachLibrarians { .. } => out
                .extend(crate::campaign::attach::targets(s, false).map(|p| Choice::Court(p as u8))),
            Effect::Librarians { pos, .. } => {
                if knowledge::librarians_possible(s, pos as usize) {
                    out.push(Choice::Yes);
                }
                out.push(Choice::No);
            }
            Effect::GrandLore { seat, .. } => appetite::lore_choices(s, seat, out),
            Effect::GrandGolem { seat, .. } => appetite::golem_choices(s, seat, out),
            Effect::Consume { seat, .. } => {
                out.extend(s.seat(seat).guild().iter().map(|c| Choice::Card(*c)))
            }
            Effect::Sate { .. } | Effect::Awaken { .. } => {}
        }
    }

    fn resolve(self, s: &mut GameState, choice: Choice, ev: &mut dyn Sink) {
        match self {
            Effect::Pass { seat, golem, .. } => {
                s.pop();
                let k = golem as usize % 4;
                if let Choice::Player(to) = choice {
                    if give(s, k, to) {
                        log!(
                            ev,
                            "golem",
                            Some(seat),
                            "The {} Golem falls asleep and goes to {to}.",
                            GOLEM_NAMES[k]
                        );
                    }
                }
            }
            Effect::Action { seat, card, golem } => {
                s.pop();
                match (golem, choice) {
                    (0, Choice::System(sys)) => warrior(s, seat, sys, ev),
                    (1, Choice::Piece { system, piece }) => {
                        protector_repair(s, seat, card, true, system, piece, ev)
                    }
                    (2, Choice::System(sys)) => seeker(s, seat, sys, ev),
                    (3, Choice::Resource(r)) => {
                        s.gain(seat, r, ev);
                    }
                    _ => log!(
                        ev,
                        "golem",
                        Some(seat),
                        "{seat} takes no action with the {} Golem.",
                        GOLEM_NAMES[golem as usize % 4]
                    ),
                }
            }
            Effect::Repair { seat, card, board } => {
                s.pop();
                if let Choice::Piece { system, piece } = choice {
                    protector_repair(s, seat, card, board, system, piece, ev);
                }
            }
            Effect::Speakers { seat, .. } => {
                s.pop();
                if choice == Choice::Yes {
                    speak(s, seat, ev);
                }
            }
            Effect::ReturnCity { seat, .. } => {
                s.pop();
                if let Choice::Piece {
                    system,
                    piece: Piece::Building { slot },
                } = choice
                {
                    resolution::return_city(s, seat, system, slot, ev);
                }
            }
            Effect::Worship { seat, .. } => {
                s.pop();
                if let Some(k) = resolution::chosen_golem(s, choice) {
                    resolution::take_awake(s, seat, k, ev);
                }
            }
            Effect::AttachLibrarians { seat, card } => {
                s.pop();
                if let Choice::Court(p) = choice {
                    knowledge::attach_librarians(s, seat, card, p as usize, ev);
                }
            }
            Effect::Librarians { seat, pos, .. } => {
                s.pop();
                if choice == Choice::Yes {
                    knowledge::librarians_draw(s, seat, pos as usize, ev);
                }
            }
            Effect::GrandLore { seat, .. } => {
                s.pop();
                if let Choice::Card(c) = choice {
                    appetite::scrap_lore(s, seat, c, ev);
                }
            }
            Effect::GrandGolem { seat, .. } => {
                s.pop();
                if let Choice::Count(k) = choice {
                    appetite::scrap_golem(s, seat, k as usize % 4, ev);
                }
            }
            Effect::Consume { seat, .. } => {
                s.pop();
                if let Choice::Card(c) = choice {
                    appetite::consume_own(s, seat, c, ev);
                }
            }
            Effect::Sate { .. } | Effect::Awaken { .. } => s.pop(),
        }
    }

    fn describe(&self, d: &Describer, c: Choice) -> Option<String> {
        Some(match (*self, c) {
            (Effect::Pass { golem, .. }, Choice::Player(x)) => format!(
                "Give the Sleeping {} Golem to {x}",
                GOLEM_NAMES[golem as usize % 4]
            ),
            (Effect::Action { seat, golem: 0, .. }, Choice::System(x)) => {
                let n: u8 = (0..MAX_OWNERS)
                    .filter(|i| warrior_owners(d.s, seat, x) & 1 << i != 0)
                    .map(|i| d.s.sys(x).ships_of(Owner::from_index(i)).damaged)
                    .sum();
                format!(
                    "Destroy the {} in {x}",
                    plural(n, "damaged ship", "damaged ships")
                )
            }
            (Effect::Action { golem: 2, .. }, Choice::System(x)) => {
                format!("Catapult from {x}")
            }
            (Effect::Action { .. }, Choice::Resource(r)) => {
                format!("Gain a {}", resource_name(r))
            }
            (Effect::Action { golem, .. }, Choice::No) => {
                format!("Take no {} action", GOLEM_NAMES[golem as usize % 4])
            }
            (Effect::Action { .. } | Effect::Repair { .. }, Choice::Piece { system, piece }) => {
                match piece {
                    Piece::Ship { owner, .. } => format!(
                        "Repair one of {} damaged ships in {system}",
                        owner.possessive()
                    ),
                    // F506: "also 1 Upgrade or Armor with a Flagship".
                    Piece::Flagship { .. } => {
                        let slot = crate::campaign::flagship::slot_of(piece)?;
                        format!("Repair {} of your Flagship", slot.name())
                    }
                    Piece::Building { .. } => return None,
                }
            }
            (Effect::Repair { .. }, Choice::Done) => "Repair no more ships".into(),
            (Effect::Speakers { .. }, Choice::Yes) => {
                "End your turn now: take the Rivals' Golems, then roll the event die".into()
            }
            (Effect::Speakers { .. }, Choice::No) => "Go on with your turn".into(),
            (Effect::ReturnCity { .. }, Choice::Piece { system, .. }) => {
                format!("Return your city in {system} to your board")
            }
            (Effect::AttachLibrarians { .. }, Choice::Court(p)) => {
                let host = d.s.court.get(p as usize).and_then(|c| c.card);
                format!(
                    "Attach Librarians to {}",
                    host.map_or("an empty place".to_string(), |h| h.name().to_string())
                )
            }
            (Effect::Librarians { pos, .. }, Choice::Yes) => {
                let host = d.s.court.get(pos as usize).and_then(|c| c.card);
                format!(
                    "Draw a lore card and attach it to {}",
                    host.map_or("the new Court card", |h| h.name())
                )
            }
            (Effect::Librarians { .. }, Choice::No) => "Draw no lore card".into(),
            (Effect::GrandLore { .. }, Choice::Card(c)) => {
                format!("Scrap {} (a grand ambition)", c.name())
            }
            (Effect::GrandLore { .. }, Choice::No) => "Scrap no lore card".into(),
            (Effect::GrandGolem { .. }, Choice::Count(k)) => format!(
                "Scrap your {} Golem (a grand ambition)",
                GOLEM_NAMES[k as usize % 4]
            ),
            (Effect::GrandGolem { .. }, Choice::No) => "Keep your Golems".into(),
            (Effect::Consume { .. }, Choice::Card(c)) => format!("Scrap {}", c.name()),
            (Effect::Worship { .. }, Choice::System(x)) => {
                format!("Take the Sleeping Golem at {x}")
            }
            (Effect::Worship { seat, .. }, Choice::Count(k)) => {
                let k = k as usize % 4;
                let g = golems(d.s)[k];
                match g.holder() {
                    Some(x) if x == seat => format!("Wake your {} Golem", GOLEM_NAMES[k]),
                    Some(x) => format!("Take the {} Golem from {x}", GOLEM_NAMES[k]),
                    None => format!("Take the {} Golem", GOLEM_NAMES[k]),
                }
            }
            _ => return None,
        })
    }
}

/// The Warrior: every damaged ship in `sys` that `seat` may harm is
/// destroyed; a Rival's (the Empire's, the Blight's) goes to `seat`'s
/// Trophies, `seat`'s own to its supply.
fn warrior(s: &mut GameState, seat: Seat, sys: SystemId, ev: &mut dyn Sink) {
    let owners = warrior_owners(s, seat, sys);
    let mut n = 0u8;
    for i in 0..MAX_OWNERS {
        if owners & 1 << i == 0 {
            continue;
        }
        let o = Owner::from_index(i);
        while s.sys(sys).ships_of(o).damaged > 0 {
            if !s.hit_ship(sys, o, true, Some(seat)) {
                break;
            }
            n += 1;
        }
    }
    log!(
        ev,
        "destroy",
        Some(seat),
        { systems: vec![sys] },
        "Warrior: {seat} destroys {} in {sys}.",
        plural(n, "damaged ship", "damaged ships")
    );
}

/// The Seeker: a Catapult move starting from `sys` (B-MOV-02), whatever
/// the starports there: the move's ships are chosen next.
fn seeker(s: &mut GameState, seat: Seat, sys: SystemId, ev: &mut dyn Sink) {
    let m = crate::actions::mov::MoveFrame::catapult_from(s, seat, sys);
    s.push(crate::flow::Frame::Move(m));
    log!(
        ev,
        "golem",
        Some(seat),
        { systems: vec![sys] },
        "Seeker: {seat} takes a Catapult move from {sys}."
    );
}

/// Stone-Speakers, chosen: the turn ends; the Golems the Rivals have come
/// to the Caretaker; the event die (with the number die, as for an Event
/// card) is rolled and a Crisis face starts the Crises; an Edict face does
/// nothing (docs/rulings.md R-CAMP-CARETAKER-SPEAKERS).
fn speak(s: &mut GameState, seat: Seat, ev: &mut dyn Sink) {
    crate::flow::end_turn_now(s);
    log!(
        ev,
        "turn",
        Some(seat),
        "Stone-Speakers: {seat} ends their turn."
    );
    for k in 0..4 {
        let g = golems(s)[k];
        let Some(from) = g.holder() else { continue };
        if from == seat {
            continue;
        }
        if give(s, k, seat) {
            log!(
                ev,
                "golem",
                Some(seat),
                "Stone-Speakers: {seat} takes {} from {from}.",
                golem_words(g, k)
            );
        }
    }
    let face = crate::campaign::setup::roll_event(s);
    let n = crate::campaign::setup::roll_number(s);
    let crisis = face.icon == crate::campaign::EventIcon::Crisis;
    log!(
        ev,
        "event",
        Some(seat),
        "Stone-Speakers: {seat} rolls the event die: {} ({}) and cluster {n}{}.",
        if crisis { "Crisis" } else { "Edict" },
        face.symbol_name(),
        if crisis { "" } else { "; no Edicts resolve" }
    );
    if crisis {
        crate::campaign::crises::begin(s, true);
    }
}

// ------------------------------------------------------------ raids

/// A Golem's raid cost: its slot's, or 2 on the Golem Hearth (F503).
pub fn raid_cost(s: &GameState, k: u8) -> u8 {
    match golems(s)[k as usize % 4].at {
        GolemAt::Slot { slot, .. } => crate::data::SLOT_RAID_COST[slot as usize % 7],
        GolemAt::Hearth { .. } => 2,
        _ => u8::MAX,
    }
}

/// Whether `thief` may take Golem `k` from `victim`: `victim` has it and
/// `thief` has room for it (docs/rulings.md R-CAMP-CARETAKER-RAID).
pub fn may_take(s: &GameState, thief: Seat, victim: Seat, k: u8) -> bool {
    golems(s)[k as usize % 4].holder() == Some(victim) && room(s, thief).is_some()
}

/// The Golems `thief` may raid from `victim` with `keys` keys, after its
/// resources and Guild cards (`actions::battle::raid_choices`).
pub fn raid_choices(s: &GameState, thief: Seat, victim: Seat, keys: u8, out: &mut Vec<Choice>) {
    for k in 0..4u8 {
        let loot = crate::choice::Loot::Golem(k);
        if raid_cost(s, k) <= keys && crate::actions::resources::can_steal(s, thief, victim, loot) {
            out.push(Choice::Steal { from: victim, loot });
        }
    }
}

/// Golem `k` goes from `victim` to `thief` (a raid), keeping its side.
pub fn steal(s: &mut GameState, thief: Seat, victim: Seat, k: u8, ev: &mut dyn Sink) {
    if let Some(words) = hand_over(s, victim, thief, k) {
        log!(
            ev,
            "steal",
            Some(thief),
            "{thief} steals {words} from {victim}."
        );
    }
}

// ------------------------------------------------------------ scenarios, views

fn parse_golem(w: Option<&String>) -> Result<usize, String> {
    let w = w.ok_or("golem KIND …")?;
    GOLEM_NAMES
        .iter()
        .position(|n| n.eq_ignore_ascii_case(w))
        .ok_or_else(|| format!("unknown Golem {w:?} (warrior, protector, seeker, harvester)"))
}

/// `golem KIND gate S | slot PN N | hearth PN | out [awake|sleeping]`:
/// where a Golem is and its side (`w` after the word `golem`).
fn parse_place(s: &GameState, w: &[String]) -> Result<(usize, Golem), String> {
    let k = parse_golem(w.first())?;
    let (at, rest) = match w.get(1).map(|x| x.to_ascii_lowercase()).as_deref() {
        Some("gate") => {
            let x = w.get(2).ok_or("golem KIND gate SYSTEM")?;
            let system = SystemId::parse(x).ok_or_else(|| format!("unknown system {x:?}"))?;
            if !system.is_gate() {
                return Err(format!("{system} is no gate"));
            }
            (GolemAt::Gate { system }, 3)
        }
        Some("slot") => {
            let seat = crate::campaign::scenario::seat(s, w.get(2))?;
            let n: u8 = w
                .get(3)
                .and_then(|x| x.parse().ok())
                .filter(|n| (1..=7).contains(n))
                .ok_or("golem KIND slot PN N (slot 1..7)")?;
            (GolemAt::Slot { seat, slot: n - 1 }, 4)
        }
        Some("hearth") => (
            GolemAt::Hearth {
                seat: crate::campaign::scenario::seat(s, w.get(2))?,
            },
            3,
        ),
        Some("out") => (GolemAt::Out, 2),
        Some("box") => (GolemAt::Box, 2),
        _ => return Err("golem KIND gate S|slot PN N|hearth PN|out|box [awake|sleeping]".into()),
    };
    let awake = match w.get(rest).map(|x| x.to_ascii_lowercase()).as_deref() {
        None | Some("sleeping") => false,
        Some("awake") => true,
        Some(x) => return Err(format!("expected awake or sleeping, got {x:?}")),
    };
    Ok((k, Golem { at, awake }))
}

/// Scenario setup line `golem …` (docs/scenarios.md, "Campaign").
pub fn scenario_setup(s: &mut GameState, w: &[String]) -> Result<(), String> {
    let (k, g) = parse_place(s, w)?;
    if let GolemAt::Slot { seat, slot } = g.at {
        let open: Vec<usize> = crate::actions::resources::open_slots(s, seat).to_vec();
        if !open.contains(&(slot as usize)) || s.seat(seat).resources[slot as usize].is_some() {
            return Err(format!(
                "{seat}'s slot {} is not an open empty slot",
                slot + 1
            ));
        }
    }
    let c = s.campaign_mut().ok_or("`golem` needs `mode campaign`")?;
    if !matches!(g.at, GolemAt::Out | GolemAt::Box)
        && c.golems
            .iter()
            .any(|x| x.at == g.at && !matches!(g.at, GolemAt::Hearth { .. }))
    {
        return Err("another Golem is there".into());
    }
    c.golems[k] = g;
    Ok(())
}

/// Scenario check `expect golem …`: the Golem is there, on that side.
pub fn scenario_expect(s: &GameState, w: &[String]) -> Result<(), String> {
    let (k, want) = parse_place(s, w)?;
    let got = golems(s)[k];
    if got == want {
        Ok(())
    } else {
        Err(format!(
            "the {} Golem: got {got:?}, want {want:?}",
            GOLEM_NAMES[k]
        ))
    }
}

/// A Golem as a seat sees it (`View::campaign`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GolemView {
    /// Its name, unless it lies Sleeping on the map (its face hidden to
    /// all; docs/rulings.md R-CAMP-CARETAKER-HIDDEN).
    pub golem: Option<String>,
    pub at: GolemAt,
    pub awake: bool,
}

/// The Golems in play as anyone sees them: on the map Sleeping with no
/// name; held ones named (their Awake side is public, F505).
pub fn view(s: &GameState) -> Vec<GolemView> {
    let g = golems(s);
    let mut v: Vec<GolemView> = (0..4)
        .filter(|&k| !matches!(g[k].at, GolemAt::Out | GolemAt::Box))
        .map(|k| GolemView {
            golem: (!is_face_down(g[k])).then(|| GOLEM_NAMES[k].to_string()),
            at: g[k].at,
            awake: g[k].awake,
        })
        .collect();
    // Hidden ones in map order, so their order tells nothing.
    v.sort_by_key(|x| (x.golem.is_some(), format!("{:?}", x.at)));
    v
}

/// Invariants: each Golem in one place (by construction), no two in one
/// slot, a slot Golem in an open slot without a resource, a Hearth Golem
/// with the Hearth's holder, a gate Golem at a gate in play.
pub fn check(s: &GameState) -> Result<(), String> {
    let g = golems(s);
    // F508–F511: an Unstable card is in the Court, its deck or discard
    // pile only while its Golem is in play.
    // A Golem set aside while its holder names the Rival it passes to
    // (Effect::Pass) is still in play.
    let passing = |k: usize| {
        s.stack.iter().any(|f| {
            matches!(
                f,
                crate::flow::Frame::Card(crate::cards::frame::CardFrame::Caretaker(
                    Effect::Pass { golem, .. }
                )) if *golem as usize == k
            )
        })
    };
    for (k, code) in resolution::UNSTABLE.iter().enumerate() {
        let card = CardId::parse(code).expect("an Unstable card");
        let out = !resolution::in_play(g[k]) && !passing(k);
        let present = s.court.iter().any(|p| p.card == Some(card))
            || s.court_deck.contains(&card)
            || s.court_discard.contains(&card);
        if out && present {
            return Err(format!(
                "{} is in play without the {} Golem",
                card.name(),
                GOLEM_NAMES[k]
            ));
        }
    }
    for k in 0..4 {
        match g[k].at {
            GolemAt::Out | GolemAt::Box => {}
            GolemAt::Gate { system } => {
                if !system.is_gate() || !s.is_in_play(system) {
                    return Err(format!("the {} Golem is at {system}", GOLEM_NAMES[k]));
                }
            }
            GolemAt::Slot { seat, slot } => {
                let raw: Vec<usize> = s
                    .seat(seat)
                    .open_slots(crate::cards::has_card_slot(s, seat))
                    .collect();
                if !raw.contains(&(slot as usize))
                    || s.seat(seat).resources[slot as usize].is_some()
                    || (0..k).any(|j| g[j].at == g[k].at)
                {
                    return Err(format!(
                        "the {} Golem shares or lacks {seat}'s slot {}",
                        GOLEM_NAMES[k],
                        slot + 1
                    ));
                }
            }
            GolemAt::Hearth { seat } => {
                if !has_hearth(s, seat) {
                    return Err(format!(
                        "the {} Golem is on {seat}'s Golem Hearth, which {seat} lacks",
                        GOLEM_NAMES[k]
                    ));
                }
            }
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::event::NoEvents;

    fn game(extra: &str) -> GameState {
        let text = format!(
            "players 3\nmode campaign\ncourt CC01 CC02 CC03\nfate P1 Caretaker\n\
             P1 lore F502 F503\nbooklet F505 F506\n{extra}"
        );
        crate::scenario::test_state(&text)
    }

    #[test]
    fn every_caretaker_card_has_passing_scenarios() {
        crate::cards::testing::family_scenarios(super::CARDS);
    }

    /// F505: a Golem's slot is neither open nor empty to resources.
    #[test]
    fn a_golem_fills_its_slot() {
        let s = game("P2 resources - -\ngolem seeker slot P2 1\n");
        assert_eq!(slot_mask(&s, Seat(1)), 1);
        assert_eq!(
            crate::actions::resources::open_slots(&s, Seat(1)).to_vec(),
            [1]
        );
        assert_eq!(
            crate::actions::resources::best_empty_slot(&s, Seat(1)),
            Some(1)
        );
        assert_eq!(slot_mask(&s, Seat(0)), 0);
        assert_eq!(count(&s, Seat(1)), 1);
        assert_eq!(raid_cost(&s, 2), 3);
        check(&s).unwrap();
    }

    /// A city returned to the board covers a Golem's slot: the Golem moves
    /// to an open empty slot; with none it is discarded, to a Rival with
    /// room (its holder chooses) (R-CAMP-CARETAKER-COVERED).
    #[test]
    fn a_covered_golem_moves_or_is_discarded() {
        // P2: 4 cities on the board (3 open slots); the Golem in slot 3.
        let mut s = game("P2 cities 4\nP2 resources - - -\ngolem warrior slot P2 3 awake\n");
        s.return_cities(Seat(1), 1, &mut NoEvents);
        let g = s.campaign().unwrap().golems[0];
        assert_eq!(
            g.at,
            GolemAt::Slot {
                seat: Seat(1),
                slot: 0
            }
        );
        assert!(g.awake, "moving to another slot is no discard");
        check(&s).unwrap();

        let mut s = game(
            "P2 cities 4\nP2 resources fuel fuel -\ngolem warrior slot P2 3 awake\n\
             P3 resources - -\n",
        );
        s.return_cities(Seat(1), 1, &mut NoEvents);
        // No room on P2's board: discarded, Sleeping, to a Rival with room.
        let g = s.campaign().unwrap().golems[0];
        assert!(!g.awake);
        let Some(crate::flow::Frame::Card(f)) = s.stack.last().copied() else {
            panic!("no decision for the discarded Golem");
        };
        let mut out = Vec::new();
        f.choices(&s, &mut out);
        // P1 (its Golem Hearth) and P3 (empty slots).
        assert_eq!(out, [Choice::Player(Seat(0)), Choice::Player(Seat(2))]);
        f.resolve(&mut s, Choice::Player(Seat(2)), &mut NoEvents);
        let g = s.campaign().unwrap().golems[0];
        assert_eq!(
            g.at,
            GolemAt::Slot {
                seat: Seat(2),
                slot: 0
            }
        );
        check(&s).unwrap();
        // No Rival with room either: P2 keeps it in its best open slot,
        // and the Fuel there must find room (the seat arranges).
        let text = "players 2\nmode campaign\ncourt CC01 CC02 CC03\n\
                    P2 cities 4\nP2 resources fuel fuel -\ngolem warrior slot P2 3 awake\n\
                    P1 resources relic relic\n";
        let mut s = crate::scenario::test_state(text);
        s.return_cities(Seat(1), 1, &mut NoEvents);
        let g = s.campaign().unwrap().golems[0];
        assert_eq!(
            g.at,
            GolemAt::Slot {
                seat: Seat(1),
                slot: 0
            }
        );
        assert!(!g.awake);
        assert!(matches!(
            s.stack.last(),
            Some(crate::flow::Frame::Arrange { .. })
        ));
        check(&s).unwrap();
    }

    /// The view names held Golems only; the campaign state omits the
    /// Golems while none is in play (base-like campaign states unchanged).
    #[test]
    fn view_and_serialization() {
        let s = game("golem seeker gate 3.0\ngolem harvester hearth P1\n");
        let v = view(&s);
        assert_eq!(v.len(), 2);
        assert_eq!(v[0].golem, None);
        assert_eq!(v[1].golem.as_deref(), Some("Harvester"));
        let json = serde_json::to_string(s.campaign().unwrap()).unwrap();
        assert!(json.contains("golems"));
        let none = game("");
        let json = serde_json::to_string(none.campaign().unwrap()).unwrap();
        assert!(!json.contains("golems"), "{json}");
    }

    /// F512A/F515: the extra Event card joins the action deck dealt at
    /// each chapter's start, from the Caretaker's Act II setup on.
    #[test]
    fn f515_the_extra_event_card_joins_the_action_deck() {
        let mut s = game("");
        let extra = knowledge::extra_event();
        assert!(!s.action_deck_cards().contains(extra));
        knowledge::setup_act_two(&mut s, Seat(0), &mut NoEvents);
        assert!(s.action_deck_cards().contains(extra));
        assert!(s
            .seat(Seat(0))
            .guild()
            .contains(&crate::card_id!("ARCS-F513")));
        assert!(knowledge::knowledge_set_free(&s));
    }

    /// F514: Transfer Lore is never forced; forcing Transfer Golem costs
    /// the Golem's raid cost in Favors (2 on the Golem Hearth).
    #[test]
    fn f514_forcing_costs() {
        use crate::choice::{Negotiation, NegotiationAct};
        let s = game("golem warrior hearth P1 awake\n");
        let lore = Negotiation {
            by: Seat(0),
            to: Seat(1),
            act: NegotiationAct::TransferLore {
                card: crate::card_id!("ARCS-F502"),
            },
        };
        assert!(!crate::campaign::summit::forceable(&lore));
        let golem = Negotiation {
            by: Seat(0),
            to: Seat(1),
            act: NegotiationAct::TransferGolem { golem: 0 },
        };
        assert!(crate::campaign::summit::forceable(&golem));
        assert_eq!(crate::campaign::summit::favor_cost(&s, &golem), 2);
    }

    /// F508–F511: an Unstable card without its Golem in play breaks the
    /// invariants; scrapping the Golem scraps the card.
    #[test]
    fn an_unstable_card_leaves_with_its_golem() {
        let mut s = game("court-deck F509\nP2 resources - -\ngolem seeker slot P2 1\n");
        check(&s).unwrap();
        resolution::scrap_golem(&mut s, 2);
        check(&s).unwrap();
        assert!(!s.court_deck.contains(&crate::card_id!("ARCS-F509")));
        assert!(s
            .campaign()
            .unwrap()
            .court_scrapped
            .contains(&crate::card_id!("ARCS-F509")));
        let mut s = game("court-deck F509\nP2 resources - -\ngolem seeker slot P2 1\n");
        s.campaign_mut().unwrap().golems[2].at = GolemAt::Out;
        assert!(check(&s).is_err());
    }

    /// Scenario lines refuse what cannot be.
    #[test]
    fn scenario_lines_are_checked() {
        for bad in [
            "golem dragon gate 3.0",
            "golem seeker gate 3.1",
            "golem seeker slot P2 9",
            "golem seeker slot P2 4",
            "golem seeker hearth P7",
            "golem seeker gate 3.0 upside-down",
        ] {
            let text = format!("players 3\nmode campaign\nP2 resources - -\n{bad}\n");
            assert!(
                crate::scenario::Scenario::parse(&text)
                    .and_then(|x| x.build().map(|_| ()))
                    .is_err(),
                "{bad}"
            );
        }
    }
}
