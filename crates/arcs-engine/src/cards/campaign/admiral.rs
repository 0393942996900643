//! The Admiral (Fate Set 7, an "A" Fate). Act I: its setup (F701A), its
//! objective (F701B), Imperial Officers (F702) and the Use Imperial
//! Foundries edict (F703). Its Act I Resolution (F704) and the cards that
//! adds or keeps: Honor Guard (F705), Rogue Admirals (F706–F707), Court
//! Enforcers (F708–F709, a reprint of the base card) and Imperial
//! Defectors (F710–F711). Campaign rules p8, p28; `reference/campaign.md`
//! §2.7.

use crate::campaign::crises::{remove_card, Removal};
use crate::campaign::fates::{advance_objective, FateDef, FateEvent};
use crate::cards::frame::Procedure;
use crate::cards::{Behavior, PreludeAbility, IGNORE_MOVEMENT, IGNORE_PRESENCE, IGNORE_TRUCE};
use crate::choice::{Choice, Piece};
use crate::describe::Describer;
use crate::event::Sink;
use crate::ids::*;
use crate::log;
use crate::state::GameState;
use serde::{Deserialize, Serialize};

/// The Admiral's cards with behaviour.
pub static CARDS: &[&Behavior] = &[
    &IMPERIAL_OFFICERS,
    &USE_IMPERIAL_FOUNDRIES,
    &HONOR_GUARD,
    &ROGUE_ADMIRALS,
    &ROGUE_ADMIRALS_2,
    &IMPERIAL_DEFECTORS,
    &IMPERIAL_DEFECTORS_2,
    &COMMAND_CHAOS,
    &IMPERIAL_DEFECTORS_3,
    &IMPERIAL_DEFECTORS_4,
    &MASS_UPRISING,
    &MASS_UPRISING_2,
    &MARTIAL_LAW,
    &MARTIAL_LAW_REMINDER,
];

/// The Fate.
pub static FATE: FateDef = FateDef {
    number: 7,
    card: "ARCS-FATE07",
    setup: [
        Some(setup_act_one),
        Some(setup_act_two),
        Some(setup_act_three),
    ],
    resolution: Some(resolution),
    resolutions: ["ARCS-F704", "ARCS-F714"],
    on: Some(objective),
    grand: Some(grand_ambitions),
    final_objective: false,
    leave: None,
};

/// F701A: gain Imperial Officers; Use Imperial Foundries to the rules
/// booklet; the First Regent tile unless the Steward is in play.
fn setup_act_one(s: &mut GameState, seat: Seat, ev: &mut dyn Sink) {
    s.seat_mut(seat).add_guild(crate::card_id!("ARCS-F702"));
    let steward = crate::card_id!("ARCS-FATE01");
    if let Some(c) = s.campaign_mut() {
        let _ = c.booklet.try_push(crate::card_id!("ARCS-F703"));
        if !c.fates.contains(&Some(steward)) {
            c.first_regent = Some(seat);
        }
    }
    log!(
        ev,
        "setup",
        Some(seat),
        "{seat} gains Imperial Officers; Use Imperial Foundries joins the rules booklet."
    );
}

/// The Admiral's Resolution card for the Act that ended (the
/// Intermission's step A, p28). Act II's (F714) comes with its Act II
/// cards; until then Act II is not played with the Admiral (its Act II
/// setup is missing, so configs are refused).
fn resolution(s: &mut GameState, seat: Seat, act: u8, done: bool, ev: &mut dyn Sink) {
    match act {
        1 => resolve_act_one(s, seat, done, ev),
        _ => resolve_act_two(s, seat, done, ev),
    }
}

/// F712A: shuffle Command Chaos into the Court deck (after the Act's
/// Court is dealt, p7 step 2 before the Fates' setups).
fn setup_act_two(s: &mut GameState, seat: Seat, ev: &mut dyn Sink) {
    let chaos = crate::card_id!("ARCS-F713");
    s.court_deck.shuffle_in(chaos, &mut s.rng);
    log!(
        ev,
        "setup",
        Some(seat),
        "{seat} shuffles Command Chaos into the Court deck."
    );
}

/// F719A: Martial Law (F720) into the rules booklet, explained to everyone;
/// its second copy (F721) tucked under the card play area as a reminder.
fn setup_act_three(s: &mut GameState, seat: Seat, ev: &mut dyn Sink) {
    if let Some(c) = s.campaign_mut() {
        let _ = c.booklet.try_push(crate::card_id!("ARCS-F720"));
    }
    log!(
        ev,
        "setup",
        Some(seat),
        "Martial Law joins the rules booklet: Regents other than the Admiral without Imperial \
         Officers or Rogue Admirals cannot command the Imperial Fleet, the First Regent among them \
         does not control the Empire's systems, and Empire-controlled gates end their Catapult \
         moves. Its reminder copy is tucked under the card play area."
    );
}

/// F719B *Keep the Monopoly on Force* (Act III grand ambitions, p9): being
/// a Regent, (a) control at least 9 planets (the First Regent counts the
/// Empire's, as for ambitions: Martial Law never bars the Admiral), and (b)
/// have more Loyal ships on the map than each Rival. Returns how many hold.
fn grand_ambitions(s: &GameState, seat: Seat) -> u8 {
    if !s.is_regent(seat) {
        return 0;
    }
    let planets = crate::state::systems_in(s.in_play)
        .filter(|x| !x.is_gate() && crate::campaign::empire::controls_for_events(s, seat, *x))
        .count();
    let ships = |x: Seat| -> u32 {
        crate::state::systems_in(s.in_play)
            .map(|sys| s.sys(sys).ships_of(x.owner()).total() as u32)
            .sum()
    };
    let mine = ships(seat);
    let most = Seat::all(s.players)
        .filter(|x| *x != seat)
        .all(|x| ships(x) < mine);
    (planets >= 9) as u8 + most as u8
}

/// F720 Martial Law (a law of the rules booklet): Regents other than the
/// Admiral without Imperial Officers or Rogue Admirals cannot command the
/// Imperial Fleet, a First Regent among them does not control the Empire's
/// systems for ambitions, objectives and events, and Empire-controlled
/// gates end their Catapult moves (`campaign::empire::fleet_barred`).
pub static MARTIAL_LAW: Behavior = Behavior {
    code: "ARCS-F720",
    bars_fleet: Some(martial_law_binds),
    ..Behavior::NONE
};

/// F721, the reminder copy of Martial Law tucked under the card play area
/// (F719A): the law itself is the booklet's copy; this one only reminds.
pub static MARTIAL_LAW_REMINDER: Behavior = Behavior {
    code: "ARCS-F721",
    ..Behavior::NONE
};

/// Whether Martial Law binds `seat`: a Regent whose Fate is not the
/// Admiral's and who holds neither Imperial Officers nor Rogue Admirals.
fn martial_law_binds(s: &GameState, seat: Seat) -> bool {
    let admiral = crate::card_id!("ARCS-FATE07");
    let exempt = [
        crate::card_id!("ARCS-F702"),
        crate::card_id!("ARCS-F706"),
        crate::card_id!("ARCS-F707"),
    ];
    s.is_regent(seat)
        && s.campaign()
            .is_some_and(|c| c.fates[seat.index()] != Some(admiral))
        && !s.seat(seat).guild().iter().any(|c| exempt.contains(c))
}

/// F714. Completed: scrap the 2 Imperial Defectors (F715–F716); the 2 Mass
/// Uprisings (F717–F718) to the Court deck. Failed: the Defectors to the
/// Court deck; scrap the Uprisings.
fn resolve_act_two(s: &mut GameState, seat: Seat, done: bool, ev: &mut dyn Sink) {
    use crate::campaign::fates::{add_to_court_deck, scrap};
    let defectors = [crate::card_id!("ARCS-F715"), crate::card_id!("ARCS-F716")];
    let uprisings = [crate::card_id!("ARCS-F717"), crate::card_id!("ARCS-F718")];
    if done {
        scrap(s, &defectors);
        add_to_court_deck(s, &uprisings);
        log!(
            ev,
            "intermission",
            Some(seat),
            "The Admiral's Act II Resolution, objective completed: the Imperial Defectors are \
             scrapped; the Mass Uprisings join the Court deck."
        );
    } else {
        add_to_court_deck(s, &defectors);
        scrap(s, &uprisings);
        log!(
            ev,
            "intermission",
            Some(seat),
            "The Admiral's Act II Resolution, objective failed: the Imperial Defectors join the \
             Court deck; the Mass Uprisings are scrapped."
        );
    }
}

/// F704. Completed: gain Honor Guard; the 2 Rogue Admirals and the 2 Court
/// Enforcers to the Court deck; scrap the 2 Imperial Defectors. Failed:
/// scrap Use Imperial Foundries (from the rules booklet), Honor Guard and
/// the 2 Rogue Admirals; the 2 Court Enforcers and the 2 Imperial
/// Defectors to the Court deck. Cards added to the Court deck are
/// shuffled in with it at the next Act's setup (p7).
fn resolve_act_one(s: &mut GameState, seat: Seat, done: bool, ev: &mut dyn Sink) {
    use crate::campaign::fates::{add_to_court_deck, scrap};
    let id = |c: &str| CardId::parse(c).expect("an Admiral card");
    let enforcers = [id("ARCS-F708"), id("ARCS-F709")];
    let defectors = [id("ARCS-F710"), id("ARCS-F711")];
    let rogues = [id("ARCS-F706"), id("ARCS-F707")];
    if done {
        s.seat_mut(seat).add_guild(id("ARCS-F705"));
        add_to_court_deck(s, &rogues);
        add_to_court_deck(s, &enforcers);
        scrap(s, &defectors);
        log!(
            ev,
            "intermission",
            Some(seat),
            "The Admiral's Resolution, objective completed: {seat} gains Honor Guard; the Rogue \
             Admirals and the Court Enforcers join the Court deck; the Imperial Defectors are \
             scrapped."
        );
    } else {
        if let Some(c) = s.campaign_mut() {
            let foundries = id("ARCS-F703");
            if let Some(i) = c.booklet.iter().position(|x| *x == foundries) {
                c.booklet.remove(i);
            }
        }
        scrap(s, &[id("ARCS-F703"), id("ARCS-F705")]);
        scrap(s, &rogues);
        add_to_court_deck(s, &enforcers);
        add_to_court_deck(s, &defectors);
        log!(
            ev,
            "intermission",
            Some(seat),
            "The Admiral's Resolution, objective failed: Use Imperial Foundries, Honor Guard and \
             the Rogue Admirals are scrapped; the Court Enforcers and the Imperial Defectors join \
             the Court deck."
        );
    }
}

/// Whether `seat` is winning an ambition now: sole first in a declared
/// ambition (docs/rulings.md R-CAMP-WIN).
pub fn winning_an_ambition(s: &GameState, seat: Seat) -> bool {
    Ambition::ALL
        .into_iter()
        .any(|a| s.ambition_declared(a) && crate::flow::rank(s, a).0 == Some(Some(seat)))
}

/// F701B. *Prove Yourself as a New Admiral*: while a Regent and winning an
/// ambition, advance 1 for each Imperial ship anyone places. *Demonstrate
/// the Navy's Might*: while a Regent, advance 1 for each Trophy taken in
/// battle with attacking Imperial ships.
fn objective(s: &mut GameState, me: Seat, e: &FateEvent, ev: &mut dyn Sink) {
    if !s.is_regent(me) {
        return;
    }
    crate::campaign::fates::act_objective(s, me, e, ev, [objective_act_one, objective_act_two]);
}

/// F712B. *Expand the Navy's Holdings*: at the end of a chapter, as a
/// Regent, advance 1 per planet the Empire controls. *Crush the Empire's
/// Foes*: as a Regent, advance 2 per Outlaw piece taken as a Trophy in
/// battle (Blight no longer counts). *Dominate Rival Regents*: as a
/// Regent, advance 2 per Regent agent captured (never Summit transfers).
fn objective_act_two(s: &mut GameState, me: Seat, e: &FateEvent, ev: &mut dyn Sink) {
    match *e {
        FateEvent::ChapterEnd => {
            let n = crate::state::systems_in(s.in_play)
                .filter(|x| !x.is_gate() && s.controller(*x) == Some(Owner::Empire))
                .count() as u8;
            advance_objective(s, me, n, ev);
        }
        FateEvent::BattleTrophies {
            seat,
            n,
            of: Owner::Seat(o),
            ..
        } if seat == me && s.is_outlaw(o) => advance_objective(s, me, 2 * n, ev),
        FateEvent::Captured { seat, of, n } if seat == me && of != me && s.is_regent(of) => {
            advance_objective(s, me, 2 * n, ev)
        }
        _ => {}
    }
}

/// F701B (see [`objective`]).
fn objective_act_one(s: &mut GameState, me: Seat, e: &FateEvent, ev: &mut dyn Sink) {
    match *e {
        FateEvent::ImperialPlaced { n } if winning_an_ambition(s, me) => {
            advance_objective(s, me, n, ev)
        }
        FateEvent::BattleTrophies {
            seat,
            n,
            imperial: true,
            ..
        } if seat == me => advance_objective(s, me, n, ev),
        _ => {}
    }
}

/// F702 Imperial Officers: bury it as an Outlaw; its holder ignores the
/// Presence and Movement Laws.
pub static IMPERIAL_OFFICERS: Behavior = Behavior {
    code: "ARCS-F702",
    ignores_laws: IGNORE_PRESENCE | IGNORE_MOVEMENT,
    bury_if_outlaw: true,
    ..Behavior::NONE
};

/// F703 Use Imperial Foundries (Edict 55): the holder of Imperial Officers
/// may, for each of its Loyal starports, replace 1 Loyal ship in that
/// system with an Imperial ship.
pub static USE_IMPERIAL_FOUNDRIES: Behavior = Behavior {
    code: "ARCS-F703",
    edict: Some(|s, card, _ev| {
        let officers = card_of_officers();
        let Some(holder) = s
            .seat_ids()
            .find(|x| s.seat(*x).guild().contains(&officers))
        else {
            return;
        };
        if next_foundry(s, holder, 0).is_some() {
            s.push(
                Effect::Foundries {
                    seat: holder,
                    card,
                    done: 0,
                }
                .into(),
            );
        }
    }),
    ..Behavior::NONE
};

/// F705 Honor Guard: the holder's Weapon Guild cards (this one too) cannot
/// be stolen while it has any Weapons (resources on its board).
pub static HONOR_GUARD: Behavior = Behavior {
    code: "ARCS-F705",
    guard: Some(|s, _thief, victim, loot| {
        matches!(loot, crate::choice::Loot::Card(c) if c.info().suit == Some(Resource::Weapon))
            && s.seat(victim).count_resource(Resource::Weapon) > 0
    }),
    ..Behavior::NONE
};

/// F706/F707 Rogue Admirals: bury it as an Outlaw; its holder ignores the
/// Presence, Movement and Truce Laws. Prelude: discard it to place 3
/// Imperial ships in a system you control.
const fn rogue_admirals(code: &'static str) -> Behavior {
    Behavior {
        code,
        ignores_laws: IGNORE_PRESENCE | IGNORE_MOVEMENT | IGNORE_TRUCE,
        bury_if_outlaw: true,
        preludes: &[PLACE_3_IMPERIAL_SHIPS],
        ..Behavior::NONE
    }
}

pub static ROGUE_ADMIRALS: Behavior = rogue_admirals("ARCS-F706");
pub static ROGUE_ADMIRALS_2: Behavior = rogue_admirals("ARCS-F707");

/// Rogue Admirals' Prelude: as many Imperial ships as the Empire's supply
/// holds, up to 3 (R-CAMP-F706-SUPPLY), in a system the holder controls.
const PLACE_3_IMPERIAL_SHIPS: PreludeAbility = PreludeAbility {
    what: "place 3 Imperial ships in a system you control",
    discard: true,
    first: false,
    once_per_turn: false,
    possible: |s, seat| {
        s.campaign().is_some_and(|c| c.imperial_supply > 0) && controlled(s, seat).next().is_some()
    },
    run: |s, seat, card, _ev| s.push(Effect::RogueAdmirals { seat, card }.into()),
};

/// The systems `seat` controls (for the First Regent, the Empire's too).
fn controlled(s: &GameState, seat: Seat) -> impl Iterator<Item = SystemId> + '_ {
    crate::state::systems_in(s.in_play).filter(move |x| s.controls(seat, *x))
}

/// F710/F711 Imperial Defectors. Crisis: in the rolled cluster, replace all
/// Imperial ships with ships of the Outlaw earliest in turn order; bury
/// this. When Secured: discard this, or resolve the Crisis in a cluster
/// of your choice.
const fn imperial_defectors(code: &'static str) -> Behavior {
    Behavior {
        code,
        crisis: Some(|s, pos, card, ev| {
            let cluster = s.campaign().map_or(0, |c| c.number_die);
            crate::cards::campaign::court::defect(s, cluster, ev);
            remove_card(s, pos, card, Removal::Bury);
        }),
        on_secured: Some(|s, seat, card, _| {
            // Discarded unless its securer resolves it (then it is buried).
            s.court_discard.push(card);
            s.push(Effect::Defectors { seat, card }.into());
        }),
        ..Behavior::NONE
    }
}

pub static IMPERIAL_DEFECTORS: Behavior = imperial_defectors("ARCS-F710");
pub static IMPERIAL_DEFECTORS_2: Behavior = imperial_defectors("ARCS-F711");
/// The Act II Resolution's pair (F715–F716), word for word the same.
pub static IMPERIAL_DEFECTORS_3: Behavior = imperial_defectors("ARCS-F715");
pub static IMPERIAL_DEFECTORS_4: Behavior = imperial_defectors("ARCS-F716");

/// F713 Command Chaos. Crisis: attach Imperial Officers here (from
/// wherever it is); shuffle every Rogue Admirals in the Court discard pile
/// into the Court deck. When Secured: influence once; you may become a
/// Regent; shuffle this into the Court deck (Imperial Officers, attached,
/// is secured with it, p27).
pub static COMMAND_CHAOS: Behavior = Behavior {
    code: "ARCS-F713",
    crisis: Some(|s, pos, _card, ev| {
        let officers = card_of_officers();
        if crate::campaign::attach::attached(s, pos).is_none() && take_out(s, officers) {
            crate::campaign::attach::attach(s, pos, officers, ev);
        }
        let rogues = [crate::card_id!("ARCS-F706"), crate::card_id!("ARCS-F707")];
        let mut back = 0;
        for r in rogues {
            if let Some(i) = s.court_discard.iter().position(|c| *c == r) {
                s.court_discard.remove(i);
                s.court_deck.shuffle_in(r, &mut s.rng);
                back += 1;
            }
        }
        if back > 0 {
            log!(
                ev,
                "crisis",
                None,
                "Command Chaos: {} from the Court discard pile shuffled into the Court deck.",
                crate::describe::count_of(
                    back,
                    "Rogue Admirals card is",
                    "Rogue Admirals cards are"
                )
            );
        }
    }),
    on_secured: Some(|s, seat, card, _| {
        s.court_deck.shuffle_in(card, &mut s.rng);
        if s.is_outlaw(seat) {
            s.push(Effect::ChaosRegent { seat, card }.into());
        }
        if crate::actions::court::can_influence(s, seat) {
            s.push(Effect::ChaosInfluence { seat, card }.into());
        }
    }),
    ..Behavior::NONE
};

/// Takes `card` out of wherever it is for Command Chaos to attach it: a
/// seat's Guild cards, the Court deck, the Court discard pile or another
/// Court card it is attached to. False when it is nowhere to be taken
/// (scrapped, or on Command Chaos already).
fn take_out(s: &mut GameState, card: CardId) -> bool {
    for x in Seat::all(s.players) {
        if s.seat_mut(x).remove_guild(card) {
            return true;
        }
    }
    if let Some(i) = s.court_deck.iter().position(|c| *c == card) {
        return s.court_deck.take(i).is_some();
    }
    if let Some(i) = s.court_discard.iter().position(|c| *c == card) {
        s.court_discard.remove(i);
        return true;
    }
    for pos in 0..s.court.len() {
        if crate::campaign::attach::attached(s, pos) == Some(card) {
            crate::campaign::attach::take(s, pos);
            return true;
        }
    }
    false
}

/// F717/F718 Mass Uprising. Crisis: destroy every damaged ship; bury this.
/// When Secured: choose a cluster; place 1 of your ships in each system
/// of it; discard this.
const fn mass_uprising(code: &'static str) -> Behavior {
    Behavior {
        code,
        crisis: Some(|s, pos, card, ev| {
            uprising_crisis(s, ev);
            remove_card(s, pos, card, Removal::Bury);
        }),
        on_secured: Some(|s, seat, card, _| {
            s.court_discard.push(card);
            if s.seat(seat).ships > 0 {
                s.push(Effect::Uprising { seat, card }.into());
            }
        }),
        ..Behavior::NONE
    }
}

pub static MASS_UPRISING: Behavior = mass_uprising("ARCS-F717");
pub static MASS_UPRISING_2: Behavior = mass_uprising("ARCS-F718");

/// Mass Uprising's Crisis: every damaged ship on the map is destroyed —
/// players' (returned to their supply), Imperial and Free ones (to their
/// supplies). Blight tokens are no ships (p19) and stay. Nobody takes a
/// Trophy: no one destroys them (R-CAMP-F717).
fn uprising_crisis(s: &mut GameState, ev: &mut dyn Sink) {
    let mut total = 0u8;
    for x in crate::state::systems_in(s.in_play).collect::<Vec<_>>() {
        for o in 0..crate::ids::MAX_OWNERS {
            let owner = Owner::from_index(o);
            if owner == Owner::Blight {
                continue;
            }
            let n = s.sys(x).ships_of(owner).damaged;
            for _ in 0..n {
                s.hit_ship(x, owner, true, None);
            }
            total += n;
        }
    }
    log!(
        ev,
        "crisis",
        None,
        "Mass Uprising: {} destroyed.",
        crate::describe::count_of(total, "damaged ship is", "damaged ships are")
    );
}

fn card_of_officers() -> CardId {
    crate::card_id!("ARCS-F702")
}

/// The next system (after those in `done`) with a Loyal starport of `seat`,
/// a Loyal ship there and an Imperial ship in the supply.
fn next_foundry(s: &GameState, seat: Seat, done: u32) -> Option<SystemId> {
    if s.campaign().is_none_or(|c| c.imperial_supply == 0) {
        return None;
    }
    crate::state::systems_in(s.board.starports(seat.owner()) & s.in_play & !done)
        .find(|x| s.sys(*x).ships_of(seat.owner()).total() > 0)
}

// ------------------------------------------------------------ procedures

#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "effect")]
pub enum Effect {
    /// Use Imperial Foundries: at the next system with a Loyal starport
    /// not in `done`, replace a Loyal ship (fresh or damaged) or not.
    Foundries { seat: Seat, card: CardId, done: u32 },
    /// Rogue Admirals' Prelude: where the Imperial ships go.
    RogueAdmirals { seat: Seat, card: CardId },
    /// Imperial Defectors secured: a cluster to resolve its Crisis in, or
    /// keep it discarded.
    Defectors { seat: Seat, card: CardId },
    /// Command Chaos secured: influence once.
    ChaosInfluence { seat: Seat, card: CardId },
    /// Command Chaos secured: an Outlaw may become a Regent.
    ChaosRegent { seat: Seat, card: CardId },
    /// Mass Uprising secured: the cluster to place a ship in each system of.
    Uprising { seat: Seat, card: CardId },
}

impl Procedure for Effect {
    fn seat_card(&self) -> (Seat, CardId) {
        match *self {
            Effect::Foundries { seat, card, .. }
            | Effect::RogueAdmirals { seat, card }
            | Effect::Defectors { seat, card }
            | Effect::ChaosInfluence { seat, card }
            | Effect::ChaosRegent { seat, card }
            | Effect::Uprising { seat, card } => (seat, card),
        }
    }

    fn what(&self, s: &GameState) -> String {
        match *self {
            Effect::Foundries { seat, done, .. } => match next_foundry(s, seat, done) {
                Some(x) => format!("replace one of your ships in {x} with an Imperial ship?"),
                None => String::new(),
            },
            Effect::RogueAdmirals { .. } => {
                "Rogue Admirals: place the Imperial ships in which system you control?".into()
            }
            Effect::Defectors { .. } => {
                "Imperial Defectors: resolve its Crisis in which cluster, or keep it discarded?"
                    .into()
            }
            Effect::ChaosInfluence { .. } => {
                "Command Chaos: place an agent on which Court card?".into()
            }
            Effect::ChaosRegent { .. } => "Command Chaos: become a Regent?".into(),
            Effect::Uprising { .. } => {
                "Mass Uprising: place a ship in each system of which cluster?".into()
            }
        }
    }

    fn choices(&self, s: &GameState, out: &mut Vec<Choice>) {
        match *self {
            Effect::Foundries { seat, done, .. } => {
                if let Some(x) = next_foundry(s, seat, done) {
                    crate::actions::battle::ship_targets(s, x, seat.owner(), out);
                    out.push(Choice::No);
                }
            }
            Effect::RogueAdmirals { seat, .. } => {
                out.extend(controlled(s, seat).map(Choice::System))
            }
            Effect::Defectors { .. } => {
                out.extend(crate::cards::campaign::court::imperial_clusters(s).map(Choice::Count));
                out.push(Choice::No);
            }
            Effect::ChaosInfluence { seat, .. } => {
                crate::actions::court::influence_choices(s, seat, out)
            }
            Effect::ChaosRegent { .. } => out.extend([Choice::Yes, Choice::No]),
            Effect::Uprising { .. } => out.extend(
                (1..=6u8)
                    .filter(|&cl| s.in_play & SystemId::new(cl, 0).bit() != 0)
                    .map(Choice::Count),
            ),
        }
    }

    fn resolve(self, s: &mut GameState, choice: Choice, ev: &mut dyn Sink) {
        let (seat, card, done) = match self {
            Effect::Foundries { seat, card, done } => (seat, card, done),
            Effect::RogueAdmirals { seat, .. } => {
                s.pop();
                if let Choice::System(x) = choice {
                    let n = crate::campaign::setup::place_imperial(s, x, 3, false);
                    let ships = crate::describe::count_of(n, "Imperial ship", "Imperial ships");
                    log!(
                        ev,
                        "prelude",
                        Some(seat),
                        { systems: vec![x] },
                        "Rogue Admirals: {seat} places {ships} in {x}."
                    );
                    if n > 0 {
                        crate::campaign::fates::notify(s, FateEvent::ImperialPlaced { n }, ev);
                    }
                }
                return;
            }
            Effect::ChaosInfluence { seat, .. } => {
                s.pop();
                if let Choice::Court(pos) = choice {
                    crate::actions::court::place_agent(s, seat, pos as usize, ev);
                }
                return;
            }
            Effect::ChaosRegent { seat, .. } => {
                s.pop();
                if choice == Choice::Yes {
                    crate::campaign::empire::become_regent(s, seat, ev);
                }
                return;
            }
            Effect::Uprising { seat, .. } => {
                s.pop();
                if let Choice::Count(cluster) = choice {
                    let mut placed = Vec::new();
                    for p in 0..4 {
                        let x = SystemId::new(cluster, p);
                        if s.in_play & x.bit() != 0 && s.place_ships(seat.owner(), x, 1, false) > 0
                        {
                            placed.push(x);
                        }
                    }
                    let ships = crate::describe::count_of(placed.len() as u8, "ship", "ships");
                    log!(
                        ev,
                        "secure",
                        Some(seat),
                        { systems: placed },
                        "Mass Uprising: {seat} places {ships} in cluster {cluster}, one per system."
                    );
                }
                return;
            }
            Effect::Defectors { seat, card } => {
                s.pop();
                if let Choice::Count(cluster) = choice {
                    // Resolving the Crisis buries the card (it was
                    // discarded on being secured).
                    if s.court_discard.last() == Some(&card) {
                        s.court_discard.pop();
                    }
                    s.court_deck.bury(card);
                    log!(
                        ev,
                        "secure",
                        Some(seat),
                        "{seat} resolves the Crisis of Imperial Defectors in cluster {cluster}."
                    );
                    crate::cards::campaign::court::defect(s, cluster, ev);
                } else {
                    log!(
                        ev,
                        "secure",
                        Some(seat),
                        "{seat} discards Imperial Defectors."
                    );
                }
                return;
            }
        };
        let Some(x) = next_foundry(s, seat, done) else {
            s.pop();
            return;
        };
        // The replacement first: it may take the Imperial supply's last
        // ship, and then no later system is asked (a prompt without a
        // choice would be an engine fault).
        let placed = match choice {
            Choice::Piece {
                piece: Piece::Ship { damaged, .. },
                ..
            } => {
                // The replacement keeps the replaced ship's state (p17).
                {
                    let mut g = s.sys_mut(x);
                    let own = g.ships_mut(seat.owner());
                    if damaged {
                        own.damaged -= 1;
                    } else {
                        own.fresh -= 1;
                    }
                }
                s.seat_mut(seat).ships += 1;
                Some(crate::campaign::setup::place_imperial(s, x, 1, damaged))
            }
            _ => None,
        };
        // The frame is settled before the Fates hear of the ships, as
        // their objectives may push frames of their own.
        let done = done | x.bit();
        if next_foundry(s, seat, done).is_some() {
            s.set_top(Effect::Foundries { seat, card, done }.into());
        } else {
            s.pop();
        }
        if let Some(n) = placed {
            log!(
                ev,
                "edict",
                Some(seat),
                { systems: vec![x] },
                "Use Imperial Foundries: {seat} replaces one of their ships in {x} with an \
                 Imperial ship."
            );
            crate::campaign::fates::notify(s, FateEvent::ImperialPlaced { n }, ev);
        }
    }

    fn describe(&self, d: &Describer, c: Choice) -> Option<String> {
        Some(match c {
            Choice::Piece { system, piece } => {
                format!("Replace {} with an Imperial ship", d.piece(system, piece))
            }
            Choice::No if matches!(self, Effect::ChaosRegent { .. }) => "Stay an Outlaw".into(),
            Choice::No if matches!(self, Effect::Defectors { .. }) => {
                "Keep Imperial Defectors discarded".into()
            }
            Choice::No => "Replace nothing here".into(),
            Choice::System(x) => format!("Place the Imperial ships in {x}"),
            Choice::Count(cluster) => format!("Cluster {cluster}"),
            Choice::Yes => "Become a Regent".into(),
            Choice::Court(pos) => format!("Place an agent on {}", d.court(pos)),
            _ => return None,
        })
    }
}

#[cfg(test)]
mod tests {
    use crate::campaign::intermission::resolve_fates;
    use crate::event::NoEvents;
    use crate::ids::*;

    #[test]
    fn every_admiral_card_has_passing_scenarios() {
        crate::cards::testing::family_scenarios(super::CARDS);
    }

    fn card(code: &str) -> CardId {
        CardId::parse(&format!("ARCS-{code}")).unwrap()
    }

    /// The Intermission's step A after `act` with the Admiral's marker on
    /// `objective` (Power 5 before), every invariant checked around it.
    fn resolved(act: u8, objective: u8) -> crate::state::GameState {
        let mut s = crate::campaign::scenario::test_state(&format!(
            "act {act}\nfate P1 Admiral\nobjective P1 {objective}\nbooklet F703\nP1 guild F702\n\
             P1 power 5"
        ));
        crate::invariants::check(&s).expect("consistent before");
        resolve_fates(&mut s, &mut NoEvents);
        crate::invariants::check(&s).expect("consistent after");
        s
    }

    /// Each card is scrapped for good, or in the Court deck, as `scrapped`
    /// says.
    fn assert_fate(s: &crate::state::GameState, codes: &[&str], scrapped: bool) {
        let c = s.campaign().unwrap();
        for code in codes {
            let id = card(code);
            assert_eq!(c.court_scrapped.contains(&id), scrapped, "{code} scrapped");
            assert_eq!(
                s.court_deck.contains(&id),
                !scrapped,
                "{code} in the Court deck"
            );
        }
    }

    /// F704, objective completed: Honor Guard gained; Rogue Admirals and
    /// Court Enforcers into the Court deck; the Imperial Defectors
    /// scrapped; Use Imperial Foundries stays in the booklet.
    #[test]
    fn f704_completed_objective() {
        let s = resolved(1, 0);
        assert!(s.seat(Seat(0)).guild().contains(&card("F705")));
        assert_fate(&s, &["F706", "F707", "F708", "F709"], false);
        assert_fate(&s, &["F710", "F711"], true);
        assert!(s.campaign().unwrap().booklet.contains(&card("F703")));
        assert_eq!(s.seat(Seat(0)).power, 5, "no Power lost");
    }

    /// F704, objective failed: the edict leaves the booklet; Honor Guard
    /// and the Rogue Admirals are scrapped; Court Enforcers and Imperial
    /// Defectors into the Court deck; the marker's space is lost.
    #[test]
    fn f704_failed_objective() {
        let s = resolved(1, 4);
        assert!(!s.campaign().unwrap().booklet.contains(&card("F703")));
        assert!(!s.seat(Seat(0)).guild().contains(&card("F705")));
        assert_fate(&s, &["F703", "F705", "F706", "F707"], true);
        assert_fate(&s, &["F708", "F709", "F710", "F711"], false);
        assert_eq!(s.seat(Seat(0)).power, 1, "4 Power lost for the marker on 4");
    }

    /// The Resolution cards count as implemented once their hook carries
    /// them out (another Fate's, not yet built, does not).
    #[test]
    fn resolution_cards_are_implemented() {
        assert!(crate::cards::implemented(card("F704")));
        assert!(crate::cards::implemented(card("F714")));
        // A B Fate's Resolution (the Hegemon's Act II) is not built yet.
        assert!(!crate::cards::implemented(card("F1005")));
    }

    /// F714, completed: the Act II Imperial Defectors scrapped, the Mass
    /// Uprisings into the Court deck; nothing of Act I's changes.
    #[test]
    fn f714_completed_objective() {
        let s = resolved(2, 0);
        assert_fate(&s, &["F715", "F716"], true);
        assert_fate(&s, &["F717", "F718"], false);
        assert!(s.campaign().unwrap().booklet.contains(&card("F703")));
    }

    /// F714, failed: the Defectors into the Court deck, the Uprisings
    /// scrapped.
    #[test]
    fn f714_failed_objective() {
        let s = resolved(2, 9);
        assert_fate(&s, &["F715", "F716"], false);
        assert_fate(&s, &["F717", "F718"], true);
        assert_eq!(
            s.seat(Seat(0)).power,
            -4,
            "9 Power lost for the marker on 9"
        );
    }

    /// F719B: being a Regent, 9 planets controlled and more Loyal ships on
    /// the map than each Rival, each a grand ambition; an Outlaw has none.
    #[test]
    fn f719b_grand_ambitions() {
        let planets = "1.1 1.2 1.3 2.2 2.3 3.2 3.3 4.2 4.3";
        let mut text = String::from("act 3\nfate P1 Admiral\n");
        for p in planets.split(' ') {
            text.push_str(&format!("system {p}: P1 ship\n"));
        }
        text.push_str("system 5.2: P2 3 ships\nsystem 5.3: P3 ship\n");
        let s = crate::campaign::scenario::test_state(&text);
        assert_eq!(super::grand_ambitions(&s, Seat(0)), 2);
        // One planet fewer: only the ships.
        let s = crate::campaign::scenario::test_state(&text.replace("system 4.3: P1 ship\n", ""));
        assert_eq!(super::grand_ambitions(&s, Seat(0)), 1);
        // A Rival with as many Loyal ships: only the planets.
        let s = crate::campaign::scenario::test_state(&text.replace("P2 3 ships", "P2 9 ships"));
        assert_eq!(super::grand_ambitions(&s, Seat(0)), 1);
        // An Outlaw fulfils neither.
        let s = crate::campaign::scenario::test_state(&format!("{text}title P1 outlaw\n"));
        assert_eq!(super::grand_ambitions(&s, Seat(0)), 0);
    }
}
