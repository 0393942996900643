//! The Peacekeeper (Fate Set 15, a "B" Fate). Act II: its setup (F1501A),
//! its objective (F1501B), Oath of Peace (F1502), Arsenal Keepers (F1503),
//! its Act II Resolution (F1504) and the Arms Interests it adds to the
//! Court deck (F1505–F1506). Campaign rules p28–29; `reference/campaign.md`
//! §2.15. Act III in `act_three.rs`; until Peace Accords (F1511) is built
//! the Fate is not drawn (`campaign::fates::playable`).

pub mod act_three;

use crate::campaign::fates::{act_objective, advance_objective, FateDef, FateEvent};
use crate::cards::{Behavior, NewAction, PreludeAbility, ScoreRule};
use crate::describe::count_of;
use crate::event::Sink;
use crate::ids::*;
use crate::log;
use crate::state::GameState;

/// Oath of Peace, the Peacekeeper's lore.
pub const OATH: &str = "ARCS-F1502";
/// Arsenal Keepers, its protected Weapon Guild card.
pub const ARSENAL: &str = "ARCS-F1503";
/// The two Arms Interests (F1504 adds them to the Court deck).
const ARMS_INTERESTS: [&str; 2] = ["ARCS-F1505", "ARCS-F1506"];

fn id(code: &str) -> CardId {
    CardId::parse(code).expect("a Peacekeeper card of the catalog")
}

/// The Peacekeeper's cards with behaviour.
pub static CARDS: &[&Behavior] = &[
    &OATH_OF_PEACE,
    &ARSENAL_KEEPERS,
    &ARMS_INTEREST,
    &act_three::CEASEFIRES_LAW,
    &act_three::EMPIRE_BALKS_AT_PEACE,
    &act_three::PEACE_DIVIDENDS,
];

/// The Fate.
pub static FATE: FateDef = FateDef {
    number: 15,
    card: "ARCS-FATE15",
    // Drawn only once Peace Accords (F1511, Broker Peace) is built too:
    // a Fate is drawn when its whole Fate Set is (R-CAMP-PARTLY-BUILT).
    setup: [None, Some(setup_act_two), Some(act_three::setup)],
    resolution: Some(resolution),
    resolutions: ["", "ARCS-F1504"],
    on: Some(objective),
    grand: Some(act_three::grand),
    final_objective: false,
    leave: Some(leave),
};

/// F1501A: "1. With 2 players, return all Weapons from the Warlord
/// ambition box to the supply. 2. Clear all your Outrage. 3. Provoke
/// Outrage with Weapons. 4. Gain Oath of Peace (02) and Arsenal Keepers
/// (03). 5. Replenish your fleet — … until you have 8 Loyal ships on the
/// map."
fn setup_act_two(s: &mut GameState, seat: Seat, ev: &mut dyn Sink) {
    return_warlord_weapons(s, ev);
    for r in Resource::ALL {
        crate::cards::clear_outrage(s, seat, r, ev);
    }
    crate::actions::outrage::provoke_outrage(s, seat, Resource::Weapon, ev);
    s.seat_mut(seat).add_lore(id(OATH));
    s.seat_mut(seat).add_guild(id(ARSENAL));
    log!(
        ev,
        "setup",
        Some(seat),
        "{seat} gains Oath of Peace and Arsenal Keepers."
    );
    crate::campaign::fleet::begin(s, seat, 8, ev);
}

/// "With 2 players, return all Weapons from the Warlord ambition box" (the
/// 2-player resources on the ambition boxes, B-SETUP-10: Weapons sit on
/// Warlord's).
pub(crate) fn return_warlord_weapons(s: &mut GameState, ev: &mut dyn Sink) {
    let w = Resource::Weapon.index();
    let n = s.box_resources[w];
    if s.players != 2 || n == 0 {
        return;
    }
    s.box_resources[w] = 0;
    s.supply[w] += n;
    log!(
        ev,
        "setup",
        None,
        "{} from the Warlord ambition box return to the supply.",
        count_of(n, "Weapon", "Weapons")
    );
}

/// The Peacekeeper's Act II objective; Act III has grand ambitions.
fn objective(s: &mut GameState, me: Seat, e: &FateEvent, ev: &mut dyn Sink) {
    act_objective(s, me, e, ev, [|_, _, _, _| {}, objective_act_two]);
}

/// F1501B. *Restrict the Weapons Supply*: at the end of a chapter, advance
/// 1 for each Weapon you have. *Control the Arms Manufacturers*: at the end
/// of a chapter, advance 1 for each Weapons planet you control ("you
/// control Empire-controlled planets if you're the First Regent").
/// Weapons you have include those frozen on your cards and in the Trust
/// (docs/rulings.md R-CAMP-F1501B).
fn objective_act_two(s: &mut GameState, me: Seat, e: &FateEvent, ev: &mut dyn Sink) {
    if !matches!(e, FateEvent::ChapterEnd) {
        return;
    }
    let weapons = weapons_had(s, me);
    let planets = weapon_planets(s, me);
    if weapons + planets == 0 {
        return;
    }
    log!(
        ev,
        "objective",
        Some(me),
        "Restrict the Weapons Supply and Control the Arms Manufacturers: {}, {}.",
        count_of(weapons, "Weapon", "Weapons"),
        count_of(
            planets,
            "Weapons planet controlled",
            "Weapons planets controlled"
        )
    );
    advance_objective(s, me, weapons.saturating_add(planets), ev);
}

/// Weapons `seat` has: "count everything in your play area, including on
/// cards and on tiles such as the First Regent tile" (p27) — its resource
/// slots, its cards (Arsenal Keepers) and, as First Regent, the Imperial
/// Trust.
pub fn weapons_had(s: &GameState, seat: Seat) -> u8 {
    let w = Resource::Weapon;
    let slots = s
        .seat(seat)
        .resources
        .iter()
        .filter(|r| **r == Some(w))
        .count() as u32;
    let trust = match s.campaign() {
        Some(c) if c.first_regent == Some(seat) => c.trust[w.index()] as u32,
        _ => 0,
    };
    (slots + crate::campaign::stored::count(s, seat, w) + trust).min(u8::MAX as u32) as u8
}

/// Weapons planets in play `seat` controls (the First Regent counts the
/// Empire's).
pub fn weapon_planets(s: &GameState, seat: Seat) -> u8 {
    s.systems_in_play()
        .filter(|x| {
            !x.is_gate()
                && crate::data::planet_type(*x) == Some(Resource::Weapon)
                && crate::campaign::empire::controls_for_events(s, seat, *x)
        })
        .count() as u8
}

/// The Peacekeeper's Resolution card for the Act that ended: Act II's
/// (F1504); it plays no Act I.
fn resolution(s: &mut GameState, seat: Seat, act: u8, done: bool, ev: &mut dyn Sink) {
    if act == 2 {
        resolve_act_two(s, seat, done, ev);
    }
}

/// F1504. Completed: "Add 2 Arms Interests (05–06) to the Court deck."
/// Failed: "1. Scrap your Oath of Peace (02). 2. Add your Arsenal Keepers
/// (03), if you have it, to the Court deck."
fn resolve_act_two(s: &mut GameState, seat: Seat, done: bool, ev: &mut dyn Sink) {
    use crate::campaign::fates::{add_to_court_deck, scrap_from_play};
    let interests: Vec<CardId> = ARMS_INTERESTS.iter().map(|c| id(c)).collect();
    if done {
        add_to_court_deck(s, &interests);
        log!(
            ev,
            "intermission",
            Some(seat),
            "The Peacekeeper's Act II Resolution, objective completed: both Arms Interests join the \
             Court deck."
        );
        return;
    }
    // The Arms Interests stay in the Fate Set, out of play (the card does
    // not scrap them).
    scrap_from_play(s, id(OATH));
    let arsenal = id(ARSENAL);
    let has = s.seat(seat).guild().contains(&arsenal);
    if has {
        // Its Weapons go back to the supply as it leaves the play area.
        crate::campaign::stored::release(s, arsenal);
        s.seat_mut(seat).remove_guild(arsenal);
        add_to_court_deck(s, &[arsenal]);
    }
    log!(
        ev,
        "intermission",
        Some(seat),
        "The Peacekeeper's Act II Resolution, objective failed: Oath of Peace is scrapped{}.",
        if has {
            "; Arsenal Keepers joins the Court deck"
        } else {
            ""
        }
    );
}

/// The Peacekeeper leaves for another Fate (p29). Oath of Peace says
/// "Scrap this if you're not the Peacekeeper".
fn leave(s: &mut GameState, seat: Seat, ev: &mut dyn Sink) {
    let oath = id(OATH);
    if s.seat(seat).lore().contains(&oath) {
        crate::campaign::fates::scrap_from_play(s, oath);
        log!(
            ev,
            "fate",
            Some(seat),
            "{seat} is no longer the Peacekeeper: Oath of Peace is scrapped."
        );
    }
}

/// F1502 Oath of Peace (lore): "Scrap this if you're not the Peacekeeper.
/// Return all Trophies you gain except Blight. You cannot declare Warlord
/// or gain Power from scoring it. (You can still prevent Rivals from
/// scoring.) You cannot change Imperial Policy to War or enforce Imperial
/// War Policy." (docs/rulings.md R-CAMP-F1502)
pub static OATH_OF_PEACE: Behavior = Behavior {
    code: OATH,
    returns_trophies: true,
    declare_barred: Some(Ambition::Warlord),
    score_rule: Some(ScoreRule::Worthless(Ambition::Warlord)),
    shuns_war: true,
    ..Behavior::NONE
};

/// F1503 Arsenal Keepers (protected Weapon Guild card): "When you take a
/// Weapon, you may place it here instead. (Even if you're taking for the
/// Imperial Trust!) Weapons on this card are frozen. Their raid cost is 2
/// keys each." (docs/rulings.md R-CAMP-F1503)
pub static ARSENAL_KEEPERS: Behavior = Behavior {
    code: ARSENAL,
    stores_taken: Some((Resource::Weapon, 2)),
    ..Behavior::NONE
};

/// F1505–F1506 Arms Interest: "Assemble (Build): Gain 1 Weapon. Prelude:
/// You may discard this to gain Weapons up to your number of empty
/// resource slots. If the Weapon supply empties, steal the Weapon
/// instead." — Mining Interest's shape (BC02), for Weapons. The second
/// copy (F1506) is listed in `cards::campaign::REPRINTS`.
pub static ARMS_INTEREST: Behavior = Behavior {
    code: "ARCS-F1505",
    new_actions: &[NewAction {
        name: "Assemble",
        std: StdAction::Build,
        possible: |_, _| true,
        start: |s, seat, _, ev| {
            crate::cards::court::common::gain_one(s, seat, Resource::Weapon, ev)
        },
    }],
    preludes: &[PreludeAbility {
        what: "gain Weapons up to your empty resource slots",
        discard: true,
        first: false,
        once_per_turn: false,
        possible: |_, _| true,
        run: |s, seat, card, _| {
            crate::cards::court::common::interest_prelude(s, seat, card, Resource::Weapon)
        },
    }],
    ..Behavior::NONE
};

#[cfg(test)]
mod tests {
    use super::*;
    use crate::event::NoEvents;

    fn state(setup: &str) -> GameState {
        crate::campaign::scenario::test_state(setup)
    }

    fn scrapped(s: &GameState, code: &str) -> bool {
        s.campaign().unwrap().court_scrapped.contains(&id(code))
    }

    #[test]
    fn every_peacekeeper_card_has_passing_scenarios() {
        crate::cards::testing::family_scenarios(super::CARDS);
    }

    /// F1504 failed (also `scenarios/campaign/peacekeeper/f1504-*`): Oath
    /// of Peace scrapped,
    /// Arsenal Keepers to the Court deck with its Weapons back to the
    /// supply, the Arms Interests left out of play.
    #[test]
    fn r_camp_f1504_failed() {
        let mut s = state(
            "act 2\nfate P1 Peacekeeper\nP1 lore F1502\nP1 guild F1503\nstored F1503 weapon 2",
        );
        let p1 = Seat(0);
        let supply = s.supply[Resource::Weapon.index()];
        resolution(&mut s, p1, 2, false, &mut NoEvents);
        assert!(scrapped(&s, OATH));
        assert!(!s.seat(p1).lore().contains(&id(OATH)));
        assert!(!s.seat(p1).guild().contains(&id(ARSENAL)));
        assert!(s.court_deck.iter().any(|c| *c == id(ARSENAL)));
        assert_eq!(s.supply[Resource::Weapon.index()], supply + 2);
        for c in ARMS_INTERESTS {
            assert!(!scrapped(&s, c), "{c}");
            assert!(!s.court_deck.iter().any(|x| *x == id(c)), "{c}");
        }
        crate::invariants::check(&s).expect("consistent");
    }

    /// F1504 failed without Arsenal Keepers (stolen or discarded): only
    /// the Oath goes.
    #[test]
    fn r_camp_f1504_failed_without_arsenal_keepers() {
        let mut s = state("act 2\nfate P1 Peacekeeper\nP1 lore F1502");
        resolution(&mut s, Seat(0), 2, false, &mut NoEvents);
        assert!(scrapped(&s, OATH));
        assert!(!s.court_deck.iter().any(|c| *c == id(ARSENAL)));
    }

    /// F1504 completed: both Arms Interests join the Court deck; the Oath
    /// and Arsenal Keepers stay with the Peacekeeper.
    #[test]
    fn r_camp_f1504_completed() {
        let mut s = state("act 2\nfate P1 Peacekeeper\nP1 lore F1502\nP1 guild F1503");
        resolution(&mut s, Seat(0), 2, true, &mut NoEvents);
        for c in ARMS_INTERESTS {
            assert!(s.court_deck.iter().any(|x| *x == id(c)), "{c}");
        }
        assert!(s.seat(Seat(0)).lore().contains(&id(OATH)));
        assert!(s.seat(Seat(0)).guild().contains(&id(ARSENAL)));
        assert!(!scrapped(&s, OATH));
    }

    /// The Fate is not drawn before its Act III is built
    /// (R-CAMP-PARTLY-BUILT).
    #[test]
    fn r_camp_partly_built_fates_are_not_drawn() {
        let pk = id("ARCS-FATE15");
        assert!(crate::campaign::fates::plays(pk, 2));
        assert!(!crate::campaign::fates::playable('B').contains(&pk));
    }

    /// Leaving the Peacekeeper scraps Oath of Peace (p29, "Scrap this if
    /// you're not the Peacekeeper").
    #[test]
    fn r_camp_f1502_scrapped_on_leaving() {
        let mut s = state("act 2\nfate P1 Peacekeeper\nP1 lore F1502");
        leave(&mut s, Seat(0), &mut NoEvents);
        assert!(scrapped(&s, OATH));
        assert!(!s.seat(Seat(0)).lore().contains(&id(OATH)));
    }
}
