//! The Magnate (Fate Set 3, an "A" Fate), Act I: its setup (F301A), its
//! objective (F301B) and Merchant League (F302). Its Act I Resolution
//! (F303) and the cards it adds to the Court: Elder Broker (F304), Relic
//! Fence (F305), Prison Wardens (F306) and the Material and Fuel Cartels
//! (F307–F308) reprint base cards (`cards/campaign/mod.rs`); the Weapon,
//! Psionic and Relic Cartels (F309–F311) are new cards of the same kind.
//! Campaign rules p8, p16–18, p27–28; `reference/campaign.md` §1.7,
//! §1.14, §2.3. Its Act II and III cards are not built yet.

use crate::campaign::fates::{advance_objective, FateDef, FateEvent, SummitOption};
use crate::campaign::stored;
use crate::campaign::summit::Gift;
use crate::cards::frame::Procedure;
use crate::cards::Behavior;
use crate::choice::Choice;
use crate::describe::{plural, resource_name, Describer};
use crate::event::Sink;
use crate::ids::*;
use crate::log;
use crate::state::GameState;
use serde::{Deserialize, Serialize};

/// The Magnate's cards with behaviour of their own.
pub static CARDS: &[&Behavior] = &[
    &MERCHANT_LEAGUE,
    &WEAPON_CARTEL,
    &PSIONIC_CARTEL,
    &RELIC_CARTEL,
];

/// The Fate.
pub static FATE: FateDef = FateDef {
    number: 3,
    card: "ARCS-FATE03",
    setup: [Some(setup_act_one), None, None],
    resolution: Some(resolution),
    resolutions: ["ARCS-F303", ""],
    on: Some(objective),
    grand: None,
    final_objective: false,
    leave: Some(leave),
};

/// Elder Broker, Relic Fence and Prison Wardens (F304–F306).
const BROKERS: [&str; 3] = ["ARCS-F304", "ARCS-F305", "ARCS-F306"];
/// The Cartels (F307–F311): Material, Fuel, Weapon, Psionic, Relic.
const CARTELS: [&str; 5] = [
    "ARCS-F307",
    "ARCS-F308",
    "ARCS-F309",
    "ARCS-F310",
    "ARCS-F311",
];
/// Mining Interest and Shipping Interest of the campaign Court.
const INTERESTS: [&str; 2] = ["ARCS-CC01", "ARCS-CC04"];

fn ids(codes: &[&str]) -> Vec<CardId> {
    codes
        .iter()
        .map(|c| CardId::parse(c).expect("a Magnate card"))
        .collect()
}

/// The Magnate's Resolution card for the Act that ended (the
/// Intermission's step A, p28). Act II's (F321) comes with its Act II
/// cards: until then Act II is not played with the Magnate.
fn resolution(s: &mut GameState, seat: Seat, act: u8, done: bool, ev: &mut dyn Sink) {
    if act == 1 {
        resolve_act_one(s, seat, done, ev);
    }
}

/// Whether the Cartels wait behind the Act II Resolution (F303
/// completed): none of them is anywhere in play or scrapped.
fn cartels_aside(s: &GameState) -> bool {
    ids(&CARTELS)
        .iter()
        .all(|c| !crate::campaign::fates::in_play(s, *c))
}

/// The Magnate leaves for another Fate (p29): the Cartels still waiting
/// behind its Act II Resolution are the rest of the Fate Set not in play.
fn leave(s: &mut GameState, _seat: Seat, _ev: &mut dyn Sink) {
    if cartels_aside(s) {
        crate::campaign::fates::scrap(s, &ids(&CARTELS));
    }
}

/// F303. Completed: Elder Broker, Relic Fence and Prison Wardens to the
/// Court deck; the Cartels wait behind the Act II Resolution (neither in
/// play nor scrapped, R-CAMP-F303); Mining Interest and Shipping Interest
/// back from the Court discard pile to the Court deck (step A comes before
/// the discard pile is scrapped, p28). Failed: scrap Elder Broker, Relic
/// Fence and Prison Wardens; the Cartels to the Court deck.
fn resolve_act_one(s: &mut GameState, seat: Seat, done: bool, ev: &mut dyn Sink) {
    use crate::campaign::fates::{add_to_court_deck, scrap};
    if done {
        add_to_court_deck(s, &ids(&BROKERS));
        let back: Vec<CardId> = ids(&INTERESTS)
            .into_iter()
            .filter(|c| s.court_discard.contains(c))
            .collect();
        s.court_discard.retain(|c| !back.contains(c));
        add_to_court_deck(s, &back);
        let names: Vec<&str> = back.iter().map(|c| c.name()).collect();
        log!(
            ev,
            "intermission",
            Some(seat),
            "The Magnate's Resolution, objective completed: Elder Broker, Relic Fence and Prison \
             Wardens join the Court deck; the five Cartels wait for the Magnate's next \
             Resolution{}.",
            if names.is_empty() {
                String::new()
            } else {
                format!(
                    "; {} return from the Court discard pile to the Court deck",
                    names.join(" and ")
                )
            }
        );
    } else {
        scrap(s, &ids(&BROKERS));
        add_to_court_deck(s, &ids(&CARTELS));
        log!(
            ev,
            "intermission",
            Some(seat),
            "The Magnate's Resolution, objective failed: Elder Broker, Relic Fence and Prison \
             Wardens are scrapped; the five Cartels join the Court deck."
        );
    }
}

/// F309–F311, the Weapon, Psionic and Relic Cartels (Guild): as the base
/// Material Cartel (C-BC03) for their type: "You keep the X supply on
/// here (you add it to AMBITION but can't spend it). After scoring, Rivals
/// discard all X. Prelude: You may discard this to steal 1 X."
macro_rules! cartel {
    ($name:ident, $code:expr, $r:expr, $what:expr) => {
        pub static $name: Behavior = Behavior {
            code: $code,
            holds_supply: Some($r),
            after_scoring: Some(|s, seat, ev| {
                crate::cards::court::common::cartel_after_scoring(s, seat, $r, ev)
            }),
            preludes: &[crate::cards::PreludeAbility {
                what: $what,
                discard: true,
                first: false,
                once_per_turn: false,
                possible: |s, seat| {
                    crate::cards::shared::any_steal(
                        s,
                        seat,
                        crate::cards::shared::StealFilter::Resource($r),
                    )
                },
                run: |s, seat, card, _| {
                    crate::cards::court::common::cartel_steal(s, seat, card, $r)
                },
            }],
            ..Behavior::NONE
        };
    };
}

cartel!(
    WEAPON_CARTEL,
    "ARCS-F309",
    Resource::Weapon,
    "steal a Weapon"
);
cartel!(
    PSIONIC_CARTEL,
    "ARCS-F310",
    Resource::Psionic,
    "steal a Psionic"
);
cartel!(RELIC_CARTEL, "ARCS-F311", Resource::Relic, "steal a Relic");

/// Resources the Magnate discards for *Export to the Galactic Core*.
const EXPORT_SIZE: u8 = 3;
/// What each fulfilment of the Act I objective advances.
const ADVANCE: u8 = 2;

/// F301A: gain Merchant League.
fn setup_act_one(s: &mut GameState, seat: Seat, ev: &mut dyn Sink) {
    s.seat_mut(seat).add_guild(crate::card_id!("ARCS-F302"));
    log!(ev, "setup", Some(seat), "{seat} gains Merchant League.");
}

/// Whether the seat's Act I objective is still open.
fn open(s: &GameState, me: Seat) -> bool {
    s.campaign()
        .is_some_and(|c| c.act == 1 && c.objective[me.index()] > 0)
}

/// F301B. *Close Deals with Rivals*: in a Summit, advance 2 each time a
/// Rival gives the Magnate a Favor or a resource, except one the Magnate
/// gave them during this Summit (the Summit's ledger marks those as
/// `returned`; docs/rulings.md R-CAMP-MAGNATE-DEALS, R-CAMP-MAGNATE-LEDGER).
/// *Export to the Galactic Core* is [`EXPORT`].
fn objective(s: &mut GameState, me: Seat, e: &FateEvent, ev: &mut dyn Sink) {
    let FateEvent::Given {
        from,
        to,
        gift: Some(gift),
        returned,
        ..
    } = *e
    else {
        return;
    };
    if to != me || from == me || !open(s, me) {
        return;
    }
    let what = match gift {
        Gift::Resource(r) => format!("a {}", resource_name(r)),
        Gift::Favor(o) if o == me => format!("back one of {me}'s agents held as a Favor"),
        Gift::Favor(_) => "a Favor".into(),
    };
    if returned {
        log!(
            ev,
            "objective",
            Some(me),
            "Close Deals with Rivals: {from} gives {me} {what}, but {me} gave them one during \
             this Summit; it does not count."
        );
        return;
    }
    log!(
        ev,
        "objective",
        Some(me),
        "Close Deals with Rivals: {from} gives {me} {what}."
    );
    advance_objective(s, me, ADVANCE, ev);
}

/// F301B *Export to the Galactic Core*: "In Summit Negotiations, advance 2
/// each time you choose to discard 3 resources." The Magnate's own
/// Negotiation-time choice, on its turn to negotiate, with 3 resources of
/// its player board (not frozen ones), while the objective is open
/// (docs/rulings.md R-CAMP-MAGNATE-EXPORT).
pub static EXPORT: SummitOption = SummitOption {
    fate: "ARCS-FATE03",
    words: "Export to the Galactic Core: discard 3 resources to advance your objective 2",
    possible: |s, seat| open(s, seat) && s.seat(seat).resource_count() >= EXPORT_SIZE as usize,
    start: |s, seat, ev| {
        log!(
            ev,
            "objective",
            Some(seat),
            "Export to the Galactic Core: {seat} chooses to discard 3 resources."
        );
        s.push(
            Effect::Export {
                seat,
                card: crate::card_id!("ARCS-F301B"),
                left: EXPORT_SIZE,
            }
            .into(),
        );
    },
};

/// F302 Merchant League (Guild, Fuel, protected): "Crisis: Discard all
/// resources from here. When you declare an ambition, you may gain any 2
/// resources onto here. These resources are frozen except for the
/// Transfer Asset action in Summits." The resources are kept in
/// `campaign::stored` (they add to ambitions, p27); Transfer Asset gives
/// them with `Asset::Stored` (`campaign::summit`).
pub static MERCHANT_LEAGUE: Behavior = Behavior {
    code: "ARCS-F302",
    on_declare: Some(|s, seat, _, _| {
        if s.is_campaign() && s.supply.iter().any(|n| *n > 0) {
            s.push(
                Effect::League {
                    seat,
                    card: crate::card_id!("ARCS-F302"),
                    left: 2,
                }
                .into(),
            );
        }
    }),
    fate_crisis: Some(|s, seat, card, ev| {
        let gone = stored::release(s, card);
        if gone.iter().any(|n| *n > 0) {
            log!(
                ev,
                "crisis",
                Some(seat),
                "Merchant League: {seat} discards {} from it.",
                crate::describe::list(&gone)
            );
        }
    }),
    ..Behavior::NONE
};

/// The resources on the seat's player board it may discard, one choice
/// per distinct resource and slot raid cost (as Transfer Asset offers
/// them).
fn discard_choices(s: &GameState, seat: Seat, out: &mut Vec<Choice>) {
    let mut seen: Vec<(Resource, u8)> = Vec::new();
    for (i, r) in s.seat(seat).resources.iter().enumerate() {
        if let Some(r) = *r {
            let cost = crate::data::SLOT_RAID_COST[i];
            if !seen.contains(&(r, cost)) {
                seen.push((r, cost));
                out.push(Choice::Slot(i as u8));
            }
        }
    }
}

// ------------------------------------------------------------ procedures

#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "effect")]
pub enum Effect {
    /// Merchant League, on a declaration: gain a resource onto it, or stop
    /// (`left` still to gain).
    League { seat: Seat, card: CardId, left: u8 },
    /// Export to the Galactic Core: discard a resource (`left` to discard,
    /// this one included); after the last the objective advances.
    Export { seat: Seat, card: CardId, left: u8 },
}

impl Procedure for Effect {
    fn seat_card(&self) -> (Seat, CardId) {
        match *self {
            Effect::League { seat, card, .. } | Effect::Export { seat, card, .. } => (seat, card),
        }
    }

    fn what(&self, _s: &GameState) -> String {
        match *self {
            Effect::League { left, .. } => format!(
                "gain which resource onto Merchant League ({} to gain)?",
                plural(left, "resource", "resources")
            ),
            Effect::Export { left, .. } => format!(
                "discard which resource ({} to discard)?",
                plural(left, "resource", "resources")
            ),
        }
    }

    fn choices(&self, s: &GameState, out: &mut Vec<Choice>) {
        match *self {
            Effect::League { .. } => {
                crate::cards::shared::supply_choices(s, out);
                out.push(Choice::Done);
            }
            Effect::Export { seat, .. } => discard_choices(s, seat, out),
        }
    }

    fn resolve(self, s: &mut GameState, choice: Choice, ev: &mut dyn Sink) {
        match self {
            Effect::League { seat, card, left } => {
                let Choice::Resource(r) = choice else {
                    s.pop();
                    return;
                };
                if !stored::gain_onto(s, card, r, true) {
                    s.pop();
                    return;
                }
                log!(
                    ev,
                    "gain",
                    Some(seat),
                    "Merchant League: {seat} gains a {} onto Merchant League.",
                    resource_name(r)
                );
                let left = left.saturating_sub(1);
                if left > 0 && s.supply.iter().any(|n| *n > 0) {
                    s.set_top(Effect::League { seat, card, left }.into());
                } else {
                    s.pop();
                }
            }
            Effect::Export { seat, card, left } => {
                let Choice::Slot(i) = choice else {
                    s.pop();
                    return;
                };
                let Some(r) = s.discard_slot(seat, i as usize) else {
                    s.pop();
                    return;
                };
                log!(
                    ev,
                    "discard",
                    Some(seat),
                    "{seat} discards a {}.",
                    resource_name(r)
                );
                let left = left.saturating_sub(1);
                if left > 0 && s.seat(seat).resource_count() > 0 {
                    s.set_top(Effect::Export { seat, card, left }.into());
                    return;
                }
                s.pop();
                if left == 0 && open(s, seat) {
                    log!(
                        ev,
                        "objective",
                        Some(seat),
                        "Export to the Galactic Core: {seat} discarded 3 resources."
                    );
                    advance_objective(s, seat, ADVANCE, ev);
                }
            }
        }
    }

    fn describe(&self, d: &Describer, c: Choice) -> Option<String> {
        Some(match (*self, c) {
            (Effect::League { .. }, Choice::Resource(r)) => {
                format!("Gain a {} onto Merchant League", resource_name(r))
            }
            (Effect::League { left: 2, .. }, Choice::Done) => {
                "Gain nothing onto Merchant League".into()
            }
            (Effect::League { .. }, Choice::Done) => "Gain no more".into(),
            (Effect::Export { .. }, Choice::Slot(i)) => format!("Discard {}", d.own_token(i)),
            _ => return None,
        })
    }
}

#[cfg(test)]
mod tests {
    use crate::campaign::intermission::resolve_fates;
    use crate::event::NoEvents;
    use crate::ids::*;
    use crate::state::GameState;

    #[test]
    fn every_magnate_card_has_passing_scenarios() {
        crate::cards::testing::family_scenarios(super::CARDS);
    }

    fn card(code: &str) -> CardId {
        CardId::parse(&format!("ARCS-{code}")).unwrap()
    }

    /// The Magnate's Act I Resolution (F303) on a position with Mining
    /// Interest in the Court discard pile (Act II cannot be played with the
    /// Magnate yet: its Resolution is tested here, not by a scenario).
    fn resolved(objective: u8) -> GameState {
        let mut s = crate::campaign::scenario::test_state(&format!(
            "fate P1 Magnate\nobjective P1 {objective}\nP1 guild F302\nP1 power 5\n\
             court-discard CC01 CC05"
        ));
        crate::invariants::check(&s).expect("consistent before");
        resolve_fates(&mut s, &mut NoEvents);
        crate::invariants::check(&s).expect("consistent after");
        s
    }

    /// Where each card is: scrapped for good, in the Court deck, or
    /// neither (set aside in the Fate Set).
    fn assert_where(s: &GameState, codes: &[&str], scrapped: bool, deck: bool) {
        let c = s.campaign().unwrap();
        for code in codes {
            let id = card(code);
            assert_eq!(c.court_scrapped.contains(&id), scrapped, "{code} scrapped");
            assert_eq!(s.court_deck.contains(&id), deck, "{code} in the Court deck");
        }
    }

    const CARTELS: [&str; 5] = ["F307", "F308", "F309", "F310", "F311"];

    /// F303, completed: the three Guild cards into the Court deck, the
    /// Cartels set aside, Mining Interest back from the discard pile (the
    /// Vox card there stays); no Power lost.
    #[test]
    fn f303_completed_objective() {
        let s = resolved(0);
        assert_where(&s, &["F304", "F305", "F306"], false, true);
        assert_where(&s, &CARTELS, false, false);
        assert!(s.court_deck.contains(&card("CC01")));
        assert!(!s.court_discard.contains(&card("CC01")));
        assert!(s.court_discard.contains(&card("CC05")));
        assert_eq!(s.seat(Seat(0)).power, 5);
    }

    /// F303, failed: the three Guild cards scrapped, the Cartels into the
    /// Court deck, Mining Interest left in the discard pile; the marker's
    /// Power lost.
    #[test]
    fn f303_failed_objective() {
        let s = resolved(4);
        assert_where(&s, &["F304", "F305", "F306"], true, false);
        assert_where(&s, &CARTELS, false, true);
        assert!(s.court_discard.contains(&card("CC01")));
        assert_eq!(s.seat(Seat(0)).power, 1);
    }

    /// The Magnate leaving after a completed Act I: the Cartels waiting
    /// behind its next Resolution are scrapped with the rest of the set
    /// (p29); after a failed one they are in play and stay.
    #[test]
    fn leaving_scraps_the_cartels_set_aside() {
        let mut s = resolved(0);
        super::leave(&mut s, Seat(0), &mut NoEvents);
        assert_where(&s, &CARTELS, true, false);
        let mut s = resolved(4);
        super::leave(&mut s, Seat(0), &mut NoEvents);
        assert_where(&s, &CARTELS, false, true);
    }
}
