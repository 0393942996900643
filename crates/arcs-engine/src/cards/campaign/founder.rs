//! The Founder (Fate Set 2, an "A" Fate). Act I: its setup (F201A), its
//! objective (F201B) and Parade Fleets (F202). Its Act I Resolution (F203)
//! and the cards that adds: Book of Liberation (F204), the Political
//! Intrigues (F205–F207), the Construction and Admin Unions (F208–F211,
//! reprints of the base cards, `cards/campaign/mod.rs`). Campaign rules p8,
//! p10–11, p15, p28; `reference/campaign.md` §2.2.

use crate::campaign::crises::{remove_card, Removal};
use crate::campaign::fates::{advance_objective, FateDef, FateEvent};
use crate::cards::frame::Procedure;
use crate::cards::Behavior;
use crate::choice::Choice;
use crate::describe::Describer;
use crate::event::Sink;
use crate::ids::*;
use crate::log;
use crate::state::GameState;
use serde::{Deserialize, Serialize};

/// The Founder's cards with behaviour.
pub static CARDS: &[&Behavior] = &[
    &PARADE_FLEETS,
    &BOOK_OF_LIBERATION,
    &POLITICAL_INTRIGUE,
    &POLITICAL_INTRIGUE_2,
    &POLITICAL_INTRIGUE_3,
];

/// The Fate.
pub static FATE: FateDef = FateDef {
    number: 2,
    card: "ARCS-FATE02",
    setup: [Some(setup_act_one), None, None],
    resolution: Some(resolution),
    resolutions: ["ARCS-F203", ""],
    on: Some(objective),
    grand: None,
    final_objective: false,
    leave: None,
};

/// F201A: gain Parade Fleets.
fn setup_act_one(s: &mut GameState, seat: Seat, ev: &mut dyn Sink) {
    s.seat_mut(seat).add_guild(crate::card_id!("ARCS-F202"));
    log!(ev, "setup", Some(seat), "{seat} gains Parade Fleets.");
}

/// The Founder's Resolution card for the Act that ended (the
/// Intermission's step A, p28). Act II's (F223) comes with its Act II
/// cards; until then Act II is not played with the Founder (its Act II
/// setup is missing, so configs are refused).
fn resolution(s: &mut GameState, seat: Seat, act: u8, done: bool, ev: &mut dyn Sink) {
    if act == 1 {
        resolve_act_one(s, seat, done, ev);
    }
}

/// The Construction Unions (F208–F209) and Admin Unions (F210–F211).
const UNIONS: [&str; 4] = ["ARCS-F208", "ARCS-F209", "ARCS-F210", "ARCS-F211"];
/// The Political Intrigues (F205–F207).
const INTRIGUES: [&str; 3] = ["ARCS-F205", "ARCS-F206", "ARCS-F207"];

fn ids<const N: usize>(codes: [&str; N]) -> [CardId; N] {
    codes.map(|c| CardId::parse(c).expect("a Founder card"))
}

/// F203. Completed: gain Book of Liberation; the 3 Political Intrigues to
/// the Court deck; the 4 Unions wait behind the Act II Resolution (F223),
/// out of play. Failed: scrap Book of Liberation and the Intrigues; the
/// Unions to the Court deck (shuffled in at the next Act's setup, p7).
fn resolve_act_one(s: &mut GameState, seat: Seat, done: bool, ev: &mut dyn Sink) {
    use crate::campaign::fates::{add_to_court_deck, scrap};
    let book = crate::card_id!("ARCS-F204");
    if done {
        s.seat_mut(seat).add_lore(book);
        add_to_court_deck(s, &ids(INTRIGUES));
        log!(
            ev,
            "intermission",
            Some(seat),
            "The Founder's Resolution, objective completed: {seat} gains Book of Liberation; the \
             Political Intrigues join the Court deck; the Construction and Admin Unions wait \
             behind the Founder's next Resolution."
        );
    } else {
        scrap(s, &[book]);
        scrap(s, &ids(INTRIGUES));
        add_to_court_deck(s, &ids(UNIONS));
        log!(
            ev,
            "intermission",
            Some(seat),
            "The Founder's Resolution, objective failed: Book of Liberation and the Political \
             Intrigues are scrapped; the Construction and Admin Unions join the Court deck."
        );
    }
}

/// F204 Book of Liberation (Lore): "You cannot harm Free buildings. You
/// may build Free buildings, except in Empire-controlled systems. When you
/// build a Free building on a planet, clear your Outrage of its type."
/// The harm through `campaign::harm`, the building through
/// `actions::build` (docs/rulings.md R-CAMP-F204).
pub static BOOK_OF_LIBERATION: Behavior = Behavior {
    code: "ARCS-F204",
    harm_barred: Some(|_, _, victim, _| victim == Owner::Free),
    builds_free: true,
    ..Behavior::NONE
};

/// F205–F207 Political Intrigue (Vox). Crisis: everyone gives Favors by
/// the rolled planet ID symbol (arrow: to the left, hex: to the right,
/// moon: both); bury it. When Secured: take 1 Favor from each Rival;
/// discard it.
const fn political_intrigue(code: &'static str) -> Behavior {
    Behavior {
        code,
        crisis: Some(|s, pos, card, ev| {
            let symbol = s
                .campaign()
                .and_then(|c| c.event_die)
                .map_or(0, |f| f.symbol);
            intrigue(s, symbol, ev);
            remove_card(s, pos, card, Removal::Bury);
        }),
        on_secured: Some(|s, seat, card, ev| {
            take_favors(s, seat, ev);
            s.court_discard.push(card);
        }),
        ..Behavior::NONE
    }
}

pub static POLITICAL_INTRIGUE: Behavior = political_intrigue("ARCS-F205");
pub static POLITICAL_INTRIGUE_2: Behavior = political_intrigue("ARCS-F206");
pub static POLITICAL_INTRIGUE_3: Behavior = political_intrigue("ARCS-F207");

/// The seat to `seat`'s left: the next one clockwise, in turn order
/// (B-SETUP-02, B-SETUP-17).
fn left_of(s: &GameState, seat: Seat) -> Seat {
    Seat((seat.0 + 1) % s.players)
}

/// The seat to `seat`'s right: the previous one clockwise.
fn right_of(s: &GameState, seat: Seat) -> Seat {
    Seat((seat.0 + s.players - 1) % s.players)
}

/// Political Intrigue's Crisis: each player gives a Favor — 1 Loyal agent
/// from its supply onto the Rival's Fate card (p17 Promise Favor) — to its
/// left (arrow), its right (hex) or both (moon, the left first); a player
/// with no agent left in its supply gives none. With 2 players left and
/// right are the same Rival, who gets two on a moon (docs/rulings.md
/// R-CAMP-F205).
fn intrigue(s: &mut GameState, symbol: u8, ev: &mut dyn Sink) {
    let (left, right) = match symbol {
        1 => (true, false),
        2 => (true, true),
        3 => (false, true),
        _ => return,
    };
    for x in s.seat_ids().collect::<Vec<_>>() {
        let to = [left.then(|| left_of(s, x)), right.then(|| right_of(s, x))];
        for r in to.into_iter().flatten() {
            if s.seat(x).agents == 0 {
                log!(
                    ev,
                    "crisis",
                    Some(x),
                    "Political Intrigue: {x} has no agent left to give {r} as a Favor."
                );
                continue;
            }
            s.seat_mut(x).agents -= 1;
            if let Some(c) = s.campaign_mut() {
                c.favors[r.index()][x.index()] += 1;
            }
            log!(
                ev,
                "crisis",
                Some(x),
                "Political Intrigue: {x} gives {r} a Favor."
            );
        }
    }
}

/// Political Intrigue, When Secured: "Take 1 Favor from each Rival" — an
/// agent from each Rival's supply onto the securer's Fate card, as the
/// Imperial Demand takes one; a Rival with none gives none.
fn take_favors(s: &mut GameState, seat: Seat, ev: &mut dyn Sink) {
    for x in s.seat_ids().filter(|x| *x != seat).collect::<Vec<_>>() {
        if s.seat(x).agents == 0 {
            continue;
        }
        s.seat_mut(x).agents -= 1;
        if let Some(c) = s.campaign_mut() {
            c.favors[seat.index()][x.index()] += 1;
        }
        log!(
            ev,
            "secure",
            Some(seat),
            "Political Intrigue: {seat} takes one of {x}'s agents as a Favor."
        );
    }
}

/// The systems `seat` controls for an objective at the end of a chapter:
/// those where its own fresh ships control (B-CORE-02). An Empire-controlled
/// system never counts for an Outlaw: the Presence Law is a Regent's, on
/// its turn, and the First Regent's privilege (p10) is a Regent's too
/// (docs/rulings.md R-CAMP-FOUNDER-CONTROL).
pub fn systems_controlled(s: &GameState, seat: Seat) -> u8 {
    s.systems_in_play()
        .filter(|x| s.controller(*x) == Some(seat.owner()))
        .count() as u8
}

/// F201B. *Inspire Confidence in the Cause*: while an Outlaw, advance 3 for
/// each ambition won. *Defy the Empire's Grip*: at the end of a chapter,
/// if an Outlaw, advance 1 for each system controlled.
fn objective(s: &mut GameState, me: Seat, e: &FateEvent, ev: &mut dyn Sink) {
    if !s.is_outlaw(me) {
        return;
    }
    let (n, why) = match *e {
        FateEvent::AmbitionWon { seat, ambition, .. } if seat == me => (
            3,
            format!("Inspire Confidence in the Cause: {me}, an Outlaw, wins {ambition}"),
        ),
        FateEvent::ChapterEnd => {
            let n = systems_controlled(s, me);
            (
                n,
                format!(
                    "Defy the Empire's Grip: {me}, an Outlaw, controls {} at the end of the \
                     chapter",
                    crate::describe::plural(n, "system", "systems")
                ),
            )
        }
        _ => return,
    };
    let open = s.campaign().is_some_and(|c| c.objective[me.index()] > 0);
    if n > 0 && open {
        log!(ev, "objective", Some(me), "{why}.");
        advance_objective(s, me, n, ev);
    }
}

/// F202 Parade Fleets: "When you declare an ambition, you may place 2
/// fresh ships at a Free city. Then, if you are a Regent, you may become
/// an Outlaw." Every declaration (the lead card, Populist Demands, any
/// card effect) reaches it through `actions::declare::declare_with`.
pub static PARADE_FLEETS: Behavior = Behavior {
    code: "ARCS-F202",
    on_declare: Some(|s, seat, _, _| {
        let card = crate::card_id!("ARCS-F202");
        if parade_ships(s, seat) > 0 && free_city_systems(s) != 0 {
            s.push(Effect::Parade { seat, card }.into());
        } else if s.is_regent(seat) {
            s.push(Effect::Defect { seat, card }.into());
        }
    }),
    ..Behavior::NONE
};

/// How many ships Parade Fleets places: 2, or what the supply has left
/// (docs/rulings.md R-CAMP-FOUNDER-SUPPLY).
fn parade_ships(s: &GameState, seat: Seat) -> u8 {
    s.seat(seat).ships.min(2)
}

/// The systems in play with a Free city (fresh or damaged), a bit each.
fn free_city_systems(s: &GameState) -> u32 {
    if !s.is_campaign() {
        return 0;
    }
    s.board.cities(Owner::Free) & s.in_play
}

// ------------------------------------------------------------ procedures

#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "effect")]
pub enum Effect {
    /// Parade Fleets: place the ships at the system of a Free city, or not;
    /// then, a Regent, [`Effect::Defect`].
    Parade { seat: Seat, card: CardId },
    /// Parade Fleets: a Regent may become an Outlaw.
    Defect { seat: Seat, card: CardId },
}

impl Procedure for Effect {
    fn seat_card(&self) -> (Seat, CardId) {
        match *self {
            Effect::Parade { seat, card } | Effect::Defect { seat, card } => (seat, card),
        }
    }

    fn what(&self, s: &GameState) -> String {
        match *self {
            Effect::Parade { seat, .. } => format!(
                "place {} at a Free city?",
                crate::describe::plural(parade_ships(s, seat), "fresh ship", "fresh ships")
            ),
            Effect::Defect { .. } => "become an Outlaw?".into(),
        }
    }

    fn choices(&self, s: &GameState, out: &mut Vec<Choice>) {
        match *self {
            Effect::Parade { .. } => {
                out.extend(crate::state::systems_in(free_city_systems(s)).map(Choice::System));
                out.push(Choice::No);
            }
            Effect::Defect { .. } => {
                out.push(Choice::Yes);
                out.push(Choice::No);
            }
        }
    }

    fn resolve(self, s: &mut GameState, choice: Choice, ev: &mut dyn Sink) {
        match self {
            Effect::Parade { seat, card } => {
                s.pop();
                if let Choice::System(x) = choice {
                    let n = s.place_ships(seat.owner(), x, parade_ships(s, seat), false);
                    log!(
                        ev,
                        "place",
                        Some(seat),
                        { systems: vec![x] },
                        "Parade Fleets: {seat} places {} in {x}, at a Free city.",
                        crate::describe::plural(n, "fresh ship", "fresh ships")
                    );
                }
                // "Then, if you are a Regent, you may become an Outlaw."
                if s.is_regent(seat) {
                    s.push(Effect::Defect { seat, card }.into());
                }
            }
            Effect::Defect { seat, .. } => {
                s.pop();
                if choice == Choice::Yes {
                    crate::campaign::empire::become_outlaw(s, seat, ev);
                }
            }
        }
    }

    fn describe(&self, d: &Describer, c: Choice) -> Option<String> {
        Some(match (*self, c) {
            (Effect::Parade { seat, .. }, Choice::System(x)) => format!(
                "Place {} in {x}, at its Free city",
                crate::describe::plural(parade_ships(d.s, seat), "fresh ship", "fresh ships")
            ),
            (Effect::Parade { .. }, Choice::No) => "Place no ships".into(),
            (Effect::Defect { seat, .. }, Choice::Yes) => {
                if d.s.first_regent() == Some(seat) {
                    "Become an Outlaw, giving up the First Regent tile".into()
                } else {
                    "Become an Outlaw".into()
                }
            }
            (Effect::Defect { .. }, Choice::No) => "Stay a Regent".into(),
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
    fn every_founder_card_has_passing_scenarios() {
        crate::cards::testing::family_scenarios(super::CARDS);
    }

    fn card(code: &str) -> CardId {
        CardId::parse(&format!("ARCS-{code}")).unwrap()
    }

    /// The Intermission's step A after `act` with the Founder's marker on
    /// `objective` (Power 5 before), every invariant checked around it.
    fn resolved(act: u8, objective: u8) -> crate::state::GameState {
        let mut s = crate::campaign::scenario::test_state(&format!(
            "act {act}\nfate P1 Founder\nobjective P1 {objective}\nP1 guild F202\nP1 power 5"
        ));
        crate::invariants::check(&s).expect("consistent before");
        resolve_fates(&mut s, &mut NoEvents);
        crate::invariants::check(&s).expect("consistent after");
        s
    }

    /// Where each card is: scrapped for good, in the Court deck, or
    /// neither (set aside in the Fate Set).
    fn assert_where(s: &crate::state::GameState, codes: &[&str], scrapped: bool, deck: bool) {
        let c = s.campaign().unwrap();
        for code in codes {
            let id = card(code);
            assert_eq!(c.court_scrapped.contains(&id), scrapped, "{code} scrapped");
            assert_eq!(s.court_deck.contains(&id), deck, "{code} in the Court deck");
        }
    }

    /// F203, objective completed: Book of Liberation gained; the Political
    /// Intrigues into the Court deck; the Unions set aside.
    #[test]
    fn f203_completed_objective() {
        let s = resolved(1, 0);
        assert!(s.seat(Seat(0)).lore().contains(&card("F204")));
        assert_where(&s, &["F205", "F206", "F207"], false, true);
        assert_where(&s, &["F208", "F209", "F210", "F211"], false, false);
        assert_eq!(s.seat(Seat(0)).power, 5, "no Power lost");
    }

    /// F203, objective failed: Book of Liberation and the Intrigues
    /// scrapped; the Unions into the Court deck; the marker's Power lost.
    #[test]
    fn f203_failed_objective() {
        let s = resolved(1, 4);
        assert!(!s.seat(Seat(0)).lore().contains(&card("F204")));
        assert_where(&s, &["F204", "F205", "F206", "F207"], true, false);
        assert_where(&s, &["F208", "F209", "F210", "F211"], false, true);
        assert_eq!(s.seat(Seat(0)).power, 1);
    }
}
