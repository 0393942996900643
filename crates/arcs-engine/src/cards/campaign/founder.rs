//! The Founder (Fate Set 2, an "A" Fate). Act I: its setup (F201A), its
//! objective (F201B) and Parade Fleets (F202). Its Act I Resolution (F203)
//! and the cards that adds: Book of Liberation (F204), the Political
//! Intrigues (F205–F207), the Construction and Admin Unions (F208–F211,
//! reprints of the base cards, `cards/campaign/mod.rs`). Act II: its setup
//! (F212A), the Commonwealth — Founder of the Commonwealth (F213), the
//! Commonwealth Ambition law (F214), Call for Armistice (F215) and its
//! Armistices (F216–F217), the Member titles (F218–F221) and the
//! Commonwealth Membership law (F222) — its objective (F212B), its
//! Resolution (F223) and Spirit of Freedom (F224). Act III: its setup
//! (F225A), grand ambitions (F225B), Mass Call for Armistice (F226) and
//! Freedom Fighters (F227). Campaign rules p8–9, p10–11, p15, p20, p27–29;
//! `reference/campaign.md` §2.2.

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
    &FOUNDER_OF_THE_COMMONWEALTH,
    &COMMONWEALTH_AMBITION,
    &CALL_FOR_ARMISTICE,
    &ARMISTICE,
    &ARMISTICE_2,
    &MEMBER,
    &MEMBER_2,
    &MEMBER_3,
    &MEMBER_4,
    &COMMONWEALTH_MEMBERSHIP,
    &SPIRIT_OF_FREEDOM,
    &MASS_CALL_FOR_ARMISTICE,
    &FREEDOM_FIGHTERS,
];

/// The Fate.
pub static FATE: FateDef = FateDef {
    number: 2,
    card: "ARCS-FATE02",
    setup: [
        Some(setup_act_one),
        Some(setup_act_two),
        Some(setup_act_three),
    ],
    resolution: Some(resolution),
    resolutions: ["ARCS-F203", "ARCS-F223"],
    on: Some(objective),
    grand: Some(grand_ambitions),
    final_objective: false,
    leave: Some(leave),
};

/// F201A: gain Parade Fleets.
fn setup_act_one(s: &mut GameState, seat: Seat, ev: &mut dyn Sink) {
    s.seat_mut(seat).add_guild(crate::card_id!("ARCS-F202"));
    log!(ev, "setup", Some(seat), "{seat} gains Parade Fleets.");
}

/// The Founder's Resolution card for the Act that ended (the
/// Intermission's step A, p28).
fn resolution(s: &mut GameState, seat: Seat, act: u8, done: bool, ev: &mut dyn Sink) {
    if act == 1 {
        resolve_act_one(s, seat, done, ev);
    } else {
        resolve_act_two(s, seat, done, ev);
    }
}

/// The Founder leaves for another Fate (p29): the Unions still waiting
/// behind the Act II Resolution are the rest of the Fate Set not in play.
fn leave(s: &mut GameState, _seat: Seat, _ev: &mut dyn Sink) {
    if unions_aside(s) {
        crate::campaign::fates::scrap(s, &ids(UNIONS));
    }
}

/// Whether the Unions wait behind the Act II Resolution (F203 completed):
/// none of them is anywhere in play or scrapped.
fn unions_aside(s: &GameState) -> bool {
    ids(UNIONS)
        .iter()
        .all(|c| !crate::campaign::fates::in_play(s, *c))
}

/// F223. Completed: gain Spirit of Freedom; scrap the Unions. Failed:
/// scrap Spirit of Freedom, Founder of the Commonwealth and its marker;
/// the Unions to the Court deck. The Unions are those still waiting behind
/// this card: after a failed Act I they are already in play and stay
/// where they are (docs/rulings.md R-CAMP-F223).
fn resolve_act_two(s: &mut GameState, seat: Seat, done: bool, ev: &mut dyn Sink) {
    use crate::campaign::fates::{add_to_court_deck, scrap};
    let spirit = crate::card_id!("ARCS-F224");
    let aside = unions_aside(s);
    if done {
        s.seat_mut(seat).add_lore(spirit);
        if aside {
            scrap(s, &ids(UNIONS));
        }
        log!(
            ev,
            "intermission",
            Some(seat),
            "The Founder's Act II Resolution, objective completed: {seat} gains Spirit of \
             Freedom{}.",
            if aside {
                "; the Construction and Admin Unions are scrapped"
            } else {
                ""
            }
        );
    } else {
        scrap(s, &[spirit, crate::card_id!("ARCS-F213")]);
        if let Some(c) = s.campaign_mut() {
            c.commonwealth.founder = None;
            c.commonwealth.marker = None;
        }
        if aside {
            add_to_court_deck(s, &ids(UNIONS));
        }
        log!(
            ev,
            "intermission",
            Some(seat),
            "The Founder's Act II Resolution, objective failed: Spirit of Freedom, Founder of the \
             Commonwealth and the Commonwealth Ambition marker are scrapped{}.",
            if aside {
                "; the Construction and Admin Unions join the Court deck"
            } else {
                ""
            }
        );
    }
}

/// F212A: gain Founder of the Commonwealth and its marker; the
/// Commonwealth Ambition law, Call for Armistice (both Armistices tucked
/// under it) and Commonwealth Membership to the rules booklet; a Member
/// title to every player.
fn setup_act_two(s: &mut GameState, seat: Seat, ev: &mut dyn Sink) {
    let all = ((1u16 << s.players) - 1) as u8;
    if let Some(c) = s.campaign_mut() {
        c.commonwealth = Commonwealth {
            members: all,
            founder: Some(seat),
            marker: None,
            tucked: 0b11,
        };
        for law in ["ARCS-F214", "ARCS-F215", "ARCS-F222"] {
            let card = CardId::parse(law).expect("a Founder law");
            if !c.booklet.contains(&card) {
                let _ = c.booklet.try_push(card);
            }
        }
    }
    log!(
        ev,
        "setup",
        Some(seat),
        "{seat} founds the Commonwealth: they gain Founder of the Commonwealth and the \
         Commonwealth Ambition marker; the Commonwealth Ambition, Call for Armistice (with 2 \
         Armistices) and Commonwealth Membership join the rules booklet; every player is a Member \
         of the Commonwealth. Members act with Free buildings the Empire does not control like \
         Loyal ones, score the Commonwealth ambition together, and lose their title for good if \
         they harm a Free city."
    );
}

/// F225A: Mass Call for Armistice replaces Call for Armistice (scrapped);
/// gain Freedom Fighters.
fn setup_act_three(s: &mut GameState, seat: Seat, ev: &mut dyn Sink) {
    let call = crate::card_id!("ARCS-F215");
    let mass = crate::card_id!("ARCS-F226");
    if let Some(c) = s.campaign_mut() {
        if let Some(i) = c.booklet.iter().position(|x| *x == call) {
            c.booklet.remove(i);
        }
        if !c.booklet.contains(&mass) {
            let _ = c.booklet.try_push(mass);
        }
    }
    crate::campaign::fates::scrap(s, &[call]);
    s.seat_mut(seat).add_guild(crate::card_id!("ARCS-F227"));
    log!(
        ev,
        "setup",
        Some(seat),
        "Mass Call for Armistice replaces Call for Armistice in the rules booklet: as before, and \
         then the Founder may call for an Armistice too. {seat} gains Freedom Fighters."
    );
}

// ------------------------------------------------------------ the Commonwealth

/// The Commonwealth (F212A): the Member titles (F218–F221), Founder of the
/// Commonwealth (F213) with its marker, and the Armistices (F216–F217).
/// Everything here is public.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Commonwealth {
    /// Seats holding a Member of the Commonwealth title, a bit each (a
    /// title scrapped by Disgrace never returns).
    pub members: u8,
    /// The holder of Founder of the Commonwealth and its marker; `None`
    /// once scrapped (F223 failed).
    pub founder: Option<Seat>,
    /// The declared ambition box holding the Commonwealth Ambition marker
    /// this chapter; `None`: on its holder's Fate card.
    pub marker: Option<Ambition>,
    /// Armistices tucked under the Call for Armistice edict: bit 0 F216,
    /// bit 1 F217.
    pub tucked: u8,
}

impl Commonwealth {
    /// Serde: a campaign without the Commonwealth writes nothing.
    pub fn is_none(&self) -> bool {
        *self == Commonwealth::default()
    }
}

fn commonwealth(s: &GameState) -> Commonwealth {
    s.campaign().map(|c| c.commonwealth).unwrap_or_default()
}

/// Whether `seat` holds a Member of the Commonwealth title.
pub fn is_member(s: &GameState, seat: Seat) -> bool {
    commonwealth(s).members & (1 << seat.0) != 0
}

/// The Members, in seat order.
fn members(s: &GameState) -> impl Iterator<Item = Seat> + '_ {
    let m = commonwealth(s).members;
    s.seat_ids().filter(move |x| m & (1 << x.0) != 0)
}

/// Who takes first place in the Commonwealth Ambition (F214): the
/// Members' values combined are one competitor, each non-Member another
/// (and the 2-player phantom); only a sole first counts.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Winner {
    Commonwealth,
    Seat(Seat),
    /// A tie for first, the phantom, or nobody qualifies.
    Nobody,
}

pub fn commonwealth_winner(s: &GameState, a: Ambition) -> Winner {
    let cw = commonwealth(s);
    let mut counts: arrayvec::ArrayVec<(Winner, u32), { MAX_SEATS + 2 }> =
        arrayvec::ArrayVec::new();
    if cw.members != 0 {
        let total = members(s)
            .map(|m| crate::flow::ambition_count(s, m, a))
            .sum();
        counts.push((Winner::Commonwealth, total));
    }
    for x in s.seat_ids().filter(|x| cw.members & (1 << x.0) == 0) {
        counts.push((Winner::Seat(x), crate::flow::ambition_count(s, x, a)));
    }
    if s.players == 2 {
        counts.push((Winner::Nobody, crate::flow::phantom_count(s, a)));
    }
    let top = counts.iter().map(|(_, n)| *n).max().unwrap_or(0);
    let mut firsts = counts.iter().filter(|(_, n)| *n == top);
    match (top, firsts.next(), firsts.next()) {
        (1.., Some((w, _)), None) => *w,
        _ => Winner::Nobody,
    }
}

/// F213 Founder of the Commonwealth (a title tucked under its holder's
/// Fate card): its rules — the marker placed on a declared ambition — are
/// the Commonwealth Ambition law's ([`COMMONWEALTH_AMBITION`]), so that
/// they hold wherever the title is.
pub static FOUNDER_OF_THE_COMMONWEALTH: Behavior = Behavior {
    code: "ARCS-F213",
    ..Behavior::NONE
};

/// F214 Commonwealth Ambition (a law). When Founder of the Commonwealth's
/// holder declares an ambition, it may place the marker on the declared
/// box; that ambition then pays only a sole first place — the Members
/// combined, or a non-Member — and the marker returns at the chapter's end
/// with the ambition markers (B-CLN-03).
pub static COMMONWEALTH_AMBITION: Behavior = Behavior {
    code: "ARCS-F214",
    on_declare: Some(|s, seat, a, _| {
        let cw = commonwealth(s);
        if cw.founder == Some(seat) && cw.marker.is_none() {
            s.push(
                Effect::Marker {
                    seat,
                    card: crate::card_id!("ARCS-F214"),
                    ambition: a,
                }
                .into(),
            );
        }
    }),
    ambition_score: Some(commonwealth_score),
    law_after_scoring: Some(|s, _| {
        if let Some(c) = s.campaign_mut() {
            c.commonwealth.marker = None;
        }
    }),
    ..Behavior::NONE
};

/// F214's scoring: "only gives Power for winning it"; if the Commonwealth
/// wins, the total Power of first and second place is divided evenly
/// among the Members (no city bonus, remainders dropped); a non-Member
/// winner gains double that total (docs/rulings.md R-CAMP-F214).
fn commonwealth_score(s: &GameState, a: Ambition, sc: &mut crate::flow::AmbitionScore) {
    if commonwealth(s).marker != Some(a) {
        return;
    }
    let total = sc.first_value + sc.second_value;
    sc.awards.clear();
    let award = |seat, power| crate::flow::Award {
        seat,
        place: 1,
        power,
        city_bonus: 0,
        rule: None,
    };
    match commonwealth_winner(s, a) {
        Winner::Commonwealth => {
            let n = members(s).count().max(1) as i32;
            for m in members(s) {
                sc.awards.push(award(m, total / n));
            }
        }
        Winner::Seat(w) => sc.awards.push(award(w, 2 * total)),
        Winner::Nobody => {}
    }
}

/// F215 Call for Armistice (Edict 25).
pub static CALL_FOR_ARMISTICE: Behavior = Behavior {
    code: "ARCS-F215",
    edict: Some(|s, card, ev| call_for_armistice(s, card, false, ev)),
    ..Behavior::NONE
};

/// F226 Mass Call for Armistice (Edict 25): as Call for Armistice, then
/// the Founder may do the same.
pub static MASS_CALL_FOR_ARMISTICE: Behavior = Behavior {
    code: "ARCS-F226",
    edict: Some(|s, card, ev| call_for_armistice(s, card, true, ev)),
    ..Behavior::NONE
};

/// "Scrap this if there are no Members of the Commonwealth. The Member
/// with the least Power may untuck 1 Armistice card from here and attach
/// it to a card in the Court. On a tie, skip this." (Mass Call: "Then,
/// the Founder may do the same": the seat whose Fate is the Founder.)
fn call_for_armistice(s: &mut GameState, card: CardId, founder_too: bool, ev: &mut dyn Sink) {
    let cw = commonwealth(s);
    if cw.members == 0 {
        if let Some(c) = s.campaign_mut() {
            if let Some(i) = c.booklet.iter().position(|x| *x == card) {
                c.booklet.remove(i);
            }
        }
        crate::campaign::fates::scrap(s, &[card]);
        log!(
            ev,
            "edict",
            None,
            "{}: there are no Members of the Commonwealth; the edict is scrapped.",
            card.name()
        );
        return;
    }
    // Pushed first, so it runs after the least-Power Member's.
    if founder_too {
        let founder = crate::card_id!("ARCS-FATE02");
        let seat = s.seat_ids().find(|x| {
            s.campaign()
                .is_some_and(|c| c.fates[x.index()] == Some(founder))
        });
        if let Some(seat) = seat {
            s.push(Effect::Armistice { seat, card }.into());
        }
    }
    let least = members(s).map(|m| s.seat(m).power).min();
    let at_least: Vec<Seat> = members(s)
        .filter(|m| Some(s.seat(*m).power) == least)
        .collect();
    match at_least[..] {
        [seat] => s.push(Effect::Armistice { seat, card }.into()),
        _ => log!(
            ev,
            "edict",
            None,
            "{}: Members are tied for the least Power; no Armistice is called.",
            card.name()
        ),
    }
}

/// The Armistices (F216, F217).
const ARMISTICES: [&str; 2] = ["ARCS-F216", "ARCS-F217"];

/// F216/F217 Armistice (Vox, no Crisis). While it is in the Court (on a
/// card or in a place of its own), Members cannot harm each other or Free
/// buildings. When Secured: all agents on it and on its host go onto
/// other Court cards, placed by the securer; it is tucked back under
/// Edict 25 (the Call for Armistice edict of either Act, whose number both
/// print; `campaign-components.md` §6).
const fn armistice(code: &'static str) -> Behavior {
    Behavior {
        code,
        harm_barred: Some(|s, actor, victim, _| {
            is_member(s, actor)
                && match victim {
                    Owner::Free => true,
                    Owner::Seat(v) => is_member(s, v),
                    _ => false,
                }
        }),
        keeps_agents: Some(|s, seat, pos, ev| relocate(s, seat, pos as u8, ev)),
        on_secured: Some(|s, seat, card, ev| {
            let bit = ARMISTICES
                .iter()
                .position(|c| *c == card.code())
                .map_or(0, |i| 1 << i);
            if let Some(c) = s.campaign_mut() {
                c.commonwealth.tucked |= bit;
            }
            log!(
                ev,
                "secure",
                Some(seat),
                "The Armistice ends: it is tucked back under the Call for Armistice edict."
            );
        }),
        ..Behavior::NONE
    }
}

pub static ARMISTICE: Behavior = armistice("ARCS-F216");
pub static ARMISTICE_2: Behavior = armistice("ARCS-F217");

/// F218–F221 Member of the Commonwealth (titles): their rules are the
/// Commonwealth Membership law's ([`COMMONWEALTH_MEMBERSHIP`]), which
/// says the same more fully; who holds one is `Commonwealth::members`.
const fn member(code: &'static str) -> Behavior {
    Behavior {
        code,
        ..Behavior::NONE
    }
}

pub static MEMBER: Behavior = member("ARCS-F218");
pub static MEMBER_2: Behavior = member("ARCS-F219");
pub static MEMBER_3: Behavior = member("ARCS-F220");
pub static MEMBER_4: Behavior = member("ARCS-F221");

/// F222 Commonwealth Membership (a law). Privileges: a Member acts with
/// Free buildings the Empire does not control like Loyal ones — taxes
/// Free cities, builds ships at and Catapults from Free starports, builds
/// where they are, repairs them — and pieces built so are fresh
/// (`campaign::free::as_loyal`). Disgrace: a Member who harms a Free city
/// scraps its title for good.
pub static COMMONWEALTH_MEMBERSHIP: Behavior = Behavior {
    code: "ARCS-F222",
    free_as_loyal: Some(|s, seat, sys| {
        is_member(s, seat) && s.controller(sys) != Some(Owner::Empire)
    }),
    on_harm: Some(disgrace),
    ..Behavior::NONE
};

/// Disgrace (F218–F222): a Member choosing the Free States as defender
/// where a Free city is harms it (p27) and scraps its Member title.
fn disgrace(s: &mut GameState, actor: Seat, victim: Owner, sys: SystemId, ev: &mut dyn Sink) {
    let city = s
        .sys(sys)
        .buildings_of(Owner::Free)
        .any(|(_, b)| b.kind == crate::state::BuildingKind::City);
    if victim != Owner::Free || !city || !is_member(s, actor) {
        return;
    }
    if let Some(c) = s.campaign_mut() {
        c.commonwealth.members &= !(1 << actor.0);
    }
    crate::campaign::fates::scrap(s, &[member_title(actor)]);
    log!(
        ev,
        "commonwealth",
        Some(actor),
        "Disgrace: {actor} harms a Free city and scraps their Member of the Commonwealth title. \
         They can never be a Member again."
    );
}

/// F224 Spirit of Freedom (Lore): secure where tied for most agents (not
/// zero) with Rivals who are not Members of the Commonwealth.
pub static SPIRIT_OF_FREEDOM: Behavior = Behavior {
    code: "ARCS-F224",
    secure_on_tie: Some(|s, rival| !is_member(s, rival)),
    ..Behavior::NONE
};

/// F227 Freedom Fighters (Guild, Weapon). Incite Revolt (Battle): in a
/// system with a fresh Free city, destroy all damaged Rival and Imperial
/// ships, ignoring the Imperial Truce Law; no Trophies.
pub static FREEDOM_FIGHTERS: Behavior = Behavior {
    code: "ARCS-F227",
    new_actions: &[crate::cards::NewAction {
        name: "Incite Revolt",
        std: StdAction::Battle,
        possible: |s, seat| revolt_systems(s, seat) != 0,
        start: |s, seat, _, _| {
            let card = crate::card_id!("ARCS-F227");
            s.push(Effect::Revolt { seat, card }.into())
        },
    }],
    ..Behavior::NONE
};

/// The owners whose damaged ships in `sys` Incite Revolt destroys: Rivals
/// and the Empire, unless a card forbids `seat` to harm them (Armistice);
/// the Truce Law is ignored.
fn revolt_victims(s: &GameState, seat: Seat, sys: SystemId) -> impl Iterator<Item = Owner> + '_ {
    s.seat_ids()
        .filter(move |x| *x != seat)
        .map(|x| x.owner())
        .chain(std::iter::once(Owner::Empire))
        .filter(move |o| {
            s.sys(sys).ships_of(*o).damaged > 0 && !crate::campaign::harm::barred(s, seat, *o, sys)
        })
}

/// Systems with a fresh Free city and damaged ships to destroy, a bit each.
fn revolt_systems(s: &GameState, seat: Seat) -> u32 {
    if !s.is_campaign() {
        return 0;
    }
    crate::state::systems_in(s.board.cities(Owner::Free) & s.in_play)
        .filter(|x| {
            s.sys(*x)
                .buildings_of(Owner::Free)
                .any(|(_, b)| b.kind == crate::state::BuildingKind::City && !b.damaged)
                && revolt_victims(s, seat, *x).next().is_some()
        })
        .fold(0, |m, x| m | x.bit())
}

/// Incite Revolt in `sys`: the damaged ships go back to their supplies.
fn revolt(s: &mut GameState, seat: Seat, sys: SystemId, ev: &mut dyn Sink) {
    let victims: Vec<Owner> = revolt_victims(s, seat, sys).collect();
    for o in victims {
        // Destroying is harm (p27): the laws hear it (Ceasefires, F1508).
        crate::campaign::harm::harmed(s, seat, o, sys, ev);
        let n = std::mem::take(&mut s.sys_mut(sys).ships_mut(o).damaged);
        for _ in 0..n {
            s.piece_destroyed(o, crate::state::TrophyKind::Ship, None, ev);
        }
        log!(
            ev,
            "destroy",
            Some(seat),
            { systems: vec![sys] },
            "Incite Revolt: {} damaged {} of {} in {sys} destroyed (no Trophies).",
            n,
            if n == 1 { "ship" } else { "ships" },
            o.name()
        );
    }
}

/// F225B *Secure Freedom for All* (Act III grand ambitions, p9): the
/// Commonwealth won the Commonwealth ambition this chapter, and (a) 3, (b)
/// 7 Free cities are controlled neither by the Empire nor by a player who
/// is not a Member (uncontrolled systems count). Returns how many hold.
fn grand_ambitions(s: &GameState, _seat: Seat) -> u8 {
    let won = commonwealth(s).marker.is_some_and(|a| {
        s.ambition_declared(a) && commonwealth_winner(s, a) == Winner::Commonwealth
    });
    if !won {
        return 0;
    }
    let n = free_cities_where(s, |c| match c {
        None => true,
        Some(Owner::Seat(x)) => is_member(s, x),
        Some(_) => false,
    });
    (n >= 3) as u8 + (n >= 7) as u8
}

/// Free cities on the map in systems whose controller passes `ok`.
fn free_cities_where(s: &GameState, ok: impl Fn(Option<Owner>) -> bool) -> u8 {
    crate::state::systems_in(s.board.cities(Owner::Free) & s.in_play)
        .filter(|x| ok(s.controller(*x)))
        .map(|x| {
            s.sys(x)
                .buildings_of(Owner::Free)
                .filter(|(_, b)| b.kind == crate::state::BuildingKind::City)
                .count() as u8
        })
        .sum()
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
    crate::campaign::fates::act_objective(s, me, e, ev, [objective_act_one, objective_act_two]);
}

/// F212B. *Distribute Power Fairly*: when the Commonwealth wins the
/// Commonwealth ambition, advance 2 for each Member. *Protect Freedom in
/// the Reach*: at the end of a chapter, advance 1 for each Free city on
/// the map not controlled by the Empire.
fn objective_act_two(s: &mut GameState, me: Seat, e: &FateEvent, ev: &mut dyn Sink) {
    let open = s.campaign().is_some_and(|c| c.objective[me.index()] > 0);
    if !open {
        return;
    }
    match *e {
        FateEvent::AmbitionScored { ambition }
            if commonwealth(s).marker == Some(ambition)
                && commonwealth_winner(s, ambition) == Winner::Commonwealth =>
        {
            let n = members(s).count() as u8;
            log!(
                ev,
                "objective",
                Some(me),
                "Distribute Power Fairly: the Commonwealth wins the Commonwealth ambition with {}.",
                crate::describe::plural(n, "Member", "Members")
            );
            advance_objective(s, me, 2 * n, ev);
        }
        FateEvent::ChapterEnd => {
            let n = free_cities_where(s, |c| c != Some(Owner::Empire));
            if n > 0 {
                log!(
                    ev,
                    "objective",
                    Some(me),
                    "Protect Freedom in the Reach: {} not controlled by the Empire.",
                    crate::describe::plural(n, "Free city", "Free cities")
                );
                advance_objective(s, me, n, ev);
            }
        }
        _ => {}
    }
}

/// F201B (see [`objective`]).
fn objective_act_one(s: &mut GameState, me: Seat, e: &FateEvent, ev: &mut dyn Sink) {
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

/// What every seat sees of the Commonwealth (all of it is public).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CommonwealthView {
    /// Seats holding a Member of the Commonwealth title, and each one's
    /// title card.
    pub members: Vec<(Seat, CardId)>,
    /// The holder of Founder of the Commonwealth and its marker.
    pub founder: Option<Seat>,
    /// The ambition box holding the Commonwealth Ambition marker this
    /// chapter (else it is on the holder's Fate card).
    pub marker: Option<Ambition>,
    /// Armistices tucked under the Call for Armistice edict.
    pub armistices_tucked: u8,
}

/// The Commonwealth for a view, once it exists.
pub fn view(s: &GameState) -> Option<CommonwealthView> {
    let cw = commonwealth(s);
    if cw.is_none() {
        return None;
    }
    Some(CommonwealthView {
        members: members(s).map(|x| (x, member_title(x))).collect(),
        founder: cw.founder,
        marker: cw.marker,
        armistices_tucked: cw.tucked.count_ones() as u8,
    })
}

/// The Member of the Commonwealth title card a seat holds (F218–F221, one
/// per seat).
fn member_title(seat: Seat) -> CardId {
    CardId::parse(&format!("ARCS-F2{}", 18 + seat.0)).expect("a Member title")
}

// ------------------------------------------------------------ scenarios

/// Scenario line `commonwealth members PN… | founder PN|none | marker
/// AMBITION|none | tucked N`: the Commonwealth's state (F212A).
pub fn scenario_setup(s: &mut GameState, w: &[String]) -> Result<(), String> {
    let seat = |x: &String| crate::campaign::scenario::seat(s, Some(x));
    let mut cw = commonwealth(s);
    match w.first().map(|x| x.as_str()) {
        Some("members") => {
            cw.members = 0;
            for x in &w[1..] {
                cw.members |= 1 << seat(x)?.0;
            }
        }
        Some("founder") => {
            cw.founder = match w.get(1).map(|x| x.as_str()) {
                Some("none") => None,
                Some(_) => Some(seat(&w[1])?),
                None => return Err("commonwealth founder PN|none".into()),
            }
        }
        Some("marker") => cw.marker = parse_marker(w.get(1))?,
        Some("tucked") => {
            let n: u8 = w
                .get(1)
                .and_then(|x| x.parse().ok())
                .filter(|n| *n <= 2)
                .ok_or("commonwealth tucked 0|1|2")?;
            cw.tucked = (1 << n) - 1;
        }
        _ => return Err("commonwealth members|founder|marker|tucked ...".into()),
    }
    s.campaign_mut()
        .ok_or("`commonwealth` needs `mode campaign`")?
        .commonwealth = cw;
    Ok(())
}

fn parse_marker(w: Option<&String>) -> Result<Option<Ambition>, String> {
    match w.map(|x| x.as_str()) {
        Some("none") => Ok(None),
        Some(a) => Ambition::parse(a)
            .map(Some)
            .ok_or_else(|| format!("unknown ambition {a:?}")),
        None => Err("an ambition or none".into()),
    }
}

/// Scenario check `expect commonwealth member PN yes|no | founder PN|none
/// | marker AMBITION|none | tucked N`.
pub fn scenario_expect(s: &GameState, w: &[String]) -> Result<(), String> {
    let cw = commonwealth(s);
    let eq = |what: &str, got: String, want: String| {
        if got == want {
            Ok(())
        } else {
            Err(format!("{what}: got {got}, want {want}"))
        }
    };
    let arg = |i: usize| w.get(i).cloned().unwrap_or_default();
    match w.first().map(|x| x.as_str()) {
        Some("member") => {
            let x = crate::campaign::scenario::seat(s, w.get(1))?;
            let got = if is_member(s, x) { "yes" } else { "no" };
            eq(&format!("{x} a Member"), got.into(), arg(2))
        }
        Some("founder") => eq(
            "Founder of the Commonwealth",
            cw.founder.map_or("none".into(), |x| x.to_string()),
            arg(1),
        ),
        Some("marker") => eq(
            "the Commonwealth Ambition marker",
            format!("{:?}", cw.marker),
            format!("{:?}", parse_marker(w.get(1))?),
        ),
        Some("tucked") => eq(
            "Armistices tucked",
            cw.tucked.count_ones().to_string(),
            arg(1),
        ),
        _ => Err("commonwealth member|founder|marker|tucked ...".into()),
    }
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
    /// Founder of the Commonwealth: place the marker on the ambition just
    /// declared, or not.
    Marker {
        seat: Seat,
        card: CardId,
        ambition: Ambition,
    },
    /// Call for Armistice: attach a tucked Armistice to a Court card, or
    /// not.
    Armistice { seat: Seat, card: CardId },
    /// An Armistice secured: its securer places the agents left on the
    /// secured place (`from`) onto other Court cards, one at a time.
    Relocate { seat: Seat, from: u8 },
    /// Freedom Fighters' Incite Revolt: the system.
    Revolt { seat: Seat, card: CardId },
}

/// Court places an Armistice's agents may go to: another card, not a
/// Decided Council (docs/rulings.md R-CAMP-F216).
fn agent_places(s: &GameState, from: u8) -> impl Iterator<Item = usize> + '_ {
    (0..s.court.len()).filter(move |&p| {
        p != from as usize && s.court[p].card.is_some() && crate::actions::court::open(s, p)
    })
}

/// Asks the securer to place the next agent left on Court place `from`;
/// with no other card to take them, they return to their owners.
fn relocate(s: &mut GameState, seat: Seat, from: u8, ev: &mut dyn Sink) {
    if next_owner(s, from).is_none() {
        return;
    }
    if agent_places(s, from).next().is_some() {
        s.push(Effect::Relocate { seat, from }.into());
        return;
    }
    let agents = std::mem::take(&mut s.court[from as usize].agents);
    for x in s.seat_ids().collect::<Vec<_>>() {
        if agents[x.index()] > 0 {
            s.return_agents(x, agents[x.index()]);
        }
    }
    log!(
        ev,
        "secure",
        Some(seat),
        "No other Court card can take the Armistice's agents: they return to their owners."
    );
}

/// The owner of the next agent to move off Court place `from`.
fn next_owner(s: &GameState, from: u8) -> Option<usize> {
    s.court
        .get(from as usize)
        .and_then(|p| p.agents.iter().position(|n| *n > 0))
}

/// The first Armistice still tucked under the edict.
fn tucked_armistice(s: &GameState) -> Option<(u8, CardId)> {
    let tucked = commonwealth(s).tucked;
    (0..2u8).find(|i| tucked & (1 << i) != 0).map(|i| {
        (
            i,
            CardId::parse(ARMISTICES[i as usize]).expect("an Armistice"),
        )
    })
}

impl Procedure for Effect {
    fn seat_card(&self) -> (Seat, CardId) {
        match *self {
            Effect::Parade { seat, card }
            | Effect::Defect { seat, card }
            | Effect::Marker { seat, card, .. }
            | Effect::Armistice { seat, card }
            | Effect::Revolt { seat, card } => (seat, card),
            Effect::Relocate { seat, .. } => (seat, crate::card_id!("ARCS-F216")),
        }
    }

    fn what(&self, s: &GameState) -> String {
        match *self {
            Effect::Parade { seat, .. } => format!(
                "place {} at a Free city?",
                crate::describe::plural(parade_ships(s, seat), "fresh ship", "fresh ships")
            ),
            Effect::Defect { .. } => "become an Outlaw?".into(),
            Effect::Marker { ambition, .. } => {
                format!("place the Commonwealth Ambition marker on {ambition}?")
            }
            Effect::Armistice { .. } => "attach an Armistice to a Court card?".into(),
            Effect::Relocate { from, .. } => match next_owner(s, from) {
                Some(i) => format!(
                    "the Armistice ends: place {}'s agent on which Court card?",
                    Owner::from_index(i).name()
                ),
                None => "place the agents".into(),
            },
            Effect::Revolt { .. } => "incite a revolt where?".into(),
        }
    }

    fn choices(&self, s: &GameState, out: &mut Vec<Choice>) {
        match *self {
            Effect::Marker { .. } => {
                out.push(Choice::Yes);
                out.push(Choice::No);
            }
            Effect::Armistice { .. } => {
                out.extend(
                    crate::campaign::attach::targets(s, false).map(|p| Choice::Court(p as u8)),
                );
                out.push(Choice::No);
            }
            Effect::Relocate { from, .. } => {
                out.extend(agent_places(s, from).map(|p| Choice::Court(p as u8)))
            }
            Effect::Revolt { seat, .. } => {
                out.extend(crate::state::systems_in(revolt_systems(s, seat)).map(Choice::System))
            }
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
            Effect::Marker { seat, ambition, .. } => {
                s.pop();
                if choice == Choice::Yes {
                    if let Some(c) = s.campaign_mut() {
                        c.commonwealth.marker = Some(ambition);
                    }
                    log!(
                        ev,
                        "declare",
                        Some(seat),
                        "{seat} places the Commonwealth Ambition marker on {ambition}: the \
                         Members of the Commonwealth score it together."
                    );
                }
            }
            Effect::Armistice { seat, .. } => {
                s.pop();
                let Choice::Court(pos) = choice else { return };
                let Some((i, card)) = tucked_armistice(s) else {
                    return;
                };
                if let Some(c) = s.campaign_mut() {
                    c.commonwealth.tucked &= !(1 << i);
                }
                log!(ev, "edict", Some(seat), "{seat} calls for an Armistice.");
                crate::campaign::attach::attach(s, pos as usize, card, ev);
            }
            Effect::Relocate { seat, from } => {
                s.pop();
                let Some(i) = next_owner(s, from) else { return };
                let Choice::Court(pos) = choice else { return };
                if pos == from || s.court.get(pos as usize).is_none() {
                    return;
                }
                s.court[from as usize].agents[i] -= 1;
                s.court[pos as usize].agents[i] += 1;
                log!(
                    ev,
                    "secure",
                    Some(seat),
                    "{seat} places {}'s agent on {}.",
                    Owner::from_index(i).name(),
                    s.court[pos as usize].card.map_or("the Court", |c| c.name())
                );
                relocate(s, seat, from, ev);
            }
            Effect::Revolt { seat, .. } => {
                s.pop();
                if let Choice::System(x) = choice {
                    revolt(s, seat, x, ev);
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
            (Effect::Marker { ambition, .. }, Choice::Yes) => {
                format!("Place the Commonwealth Ambition marker on {ambition}")
            }
            (Effect::Marker { .. }, Choice::No) => "Keep the marker on your Fate card".into(),
            (Effect::Armistice { .. }, Choice::Court(p)) => {
                format!("Attach an Armistice to {}", d.court(p))
            }
            (Effect::Armistice { .. }, Choice::No) => "Call for no Armistice".into(),
            (Effect::Relocate { from, .. }, Choice::Court(p)) => format!(
                "Place {}'s agent on {}",
                next_owner(d.s, from).map_or("an".into(), |i| Owner::from_index(i).name()),
                d.court(p)
            ),
            (Effect::Revolt { .. }, Choice::System(x)) => format!("Incite a revolt in {x}"),
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

    /// F223 after a failed Act I: the Unions are in play already and stay
    /// where they are, whatever the Act II objective (R-CAMP-F223).
    #[test]
    fn f223_leaves_unions_in_play() {
        for objective in [0, 4] {
            let mut s = crate::campaign::scenario::test_state(&format!(
                "act 2\nfate P1 Founder\nobjective P1 {objective}\ncommonwealth founder P1\n\
                 court-deck F208 F209 F210 F211\nP1 power 5"
            ));
            resolve_fates(&mut s, &mut NoEvents);
            crate::invariants::check(&s).expect("consistent after");
            assert_where(&s, &["F208", "F209", "F210", "F211"], false, true);
            let c = s.campaign().unwrap();
            assert_eq!(c.commonwealth.founder.is_none(), objective > 0);
            assert_eq!(c.court_scrapped.contains(&card("F224")), objective > 0);
        }
    }

    /// F225B: the Commonwealth must win the Commonwealth ambition this
    /// chapter; then 3 and 7 Free cities controlled neither by the Empire
    /// nor by a non-Member (uncontrolled or a Member's) fulfil (a), (b).
    #[test]
    fn f225b_grand_ambitions() {
        let base = "act 3\nfate P1 Founder\ncommonwealth members P1 P2\ncommonwealth founder P1\n\
                    declare tycoon\nP1 resources material -\n";
        let cities = "system 5.3: free city, free city\nsystem 4.2: free city, P1 ship\n\
                      system 4.3: free city, empire ship\nsystem 6.2: free city, P3 2 ships\n";
        let grand = |extra: &str| {
            let s = crate::campaign::scenario::test_state(&format!("{base}{cities}{extra}"));
            super::grand_ambitions(&s, Seat(0))
        };
        // The marker on Tycoon, the Commonwealth first (1 against 0): 3
        // Free cities count (5.3's two and 4.2; not the Empire's 4.3 nor
        // P3's 6.2).
        assert_eq!(grand("commonwealth marker tycoon"), 1);
        // No marker: the Commonwealth won nothing.
        assert_eq!(grand("commonwealth marker none"), 0);
        // P3, no Member, beats the Commonwealth.
        assert_eq!(
            grand("commonwealth marker tycoon\nP3 resources material material"),
            0
        );
    }
}
