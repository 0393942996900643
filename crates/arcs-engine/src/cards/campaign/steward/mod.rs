//! The Steward (Fate Set 1, an "A" Fate). Act I here: its setup (F101A),
//! its objective (F101B), Imperial Authority (F102), Dealmakers (F103), its
//! Resolution (F104) and the cards it brings (F105–F111). Act II in
//! [`act_two`], Act III in [`act_three`]. Campaign rules p8, p10–11, p14;
//! `reference/campaign.md` §2.1.

pub mod act_three;
pub mod act_two;

use crate::actions::court::{self, OthersAgents};
use crate::campaign::fates::{advance_objective, FateDef, FateEvent};
use crate::cards::frame::Procedure;
use crate::cards::{Behavior, NewAction};
use crate::choice::Choice;
use crate::describe::{plural, Describer};
use crate::event::Sink;
use crate::ids::*;
use crate::log;
use crate::state::GameState;
use serde::{Deserialize, Serialize};

/// The Steward's cards with behaviour.
pub static CARDS: &[&Behavior] = &[
    &IMPERIAL_AUTHORITY,
    &DEALMAKERS,
    &TAX_COLLECTORS,
    &HUNTER_SQUADS,
    &IMPERIAL_PROTECTORS,
    &EMPIRE_FALLS,
    &LESSER_REGENT,
    &LESSER_REGENT_2,
    &act_two::IMPERIAL_QUORUM,
    &act_two::NAVY_REPRISAL,
    &act_two::COUNCIL_INSIDERS,
    &act_two::IMPERIAL_DEFECTORS,
    &act_two::IMPERIAL_DEFECTORS_2,
    &act_two::LESSER_REGENT_3,
    &act_two::LESSER_REGENT_4,
    &act_three::IMPERIAL_SPONSOR,
    &act_three::AUTHORITY_WAR,
    &act_three::AUTHORITY_ESCALATION,
    &act_three::AUTHORITY_PEACE,
];

/// The Fate.
pub static FATE: FateDef = FateDef {
    number: 1,
    card: "ARCS-FATE01",
    setup: [
        Some(setup_act_one),
        Some(act_two::setup),
        Some(act_three::setup),
    ],
    resolution: Some(resolution),
    resolutions: ["ARCS-F104", "ARCS-F114"],
    on: Some(objective),
    grand: Some(act_three::grand),
    final_objective: false,
    leave: None,
};

/// F101A: gain Imperial Authority (a lore card) and Dealmakers (a Guild
/// card); gain the First Regent tile (the Admiral's setup leaves it alone
/// when the Steward plays).
fn setup_act_one(s: &mut GameState, seat: Seat, ev: &mut dyn Sink) {
    s.seat_mut(seat).add_lore(crate::card_id!("ARCS-F102"));
    s.seat_mut(seat).add_guild(crate::card_id!("ARCS-F103"));
    if let Some(c) = s.campaign_mut() {
        c.first_regent = Some(seat);
    }
    log!(
        ev,
        "setup",
        Some(seat),
        "{seat} gains Imperial Authority and Dealmakers, and takes the First Regent tile."
    );
}

pub(super) fn id(code: &str) -> CardId {
    CardId::parse(code).expect("a Steward card")
}

pub(super) fn ids(codes: &[&str]) -> Vec<CardId> {
    codes.iter().map(|c| id(c)).collect()
}

/// The Steward's Resolution card for the Act that ended (the
/// Intermission's step A, p28): F104 or F114.
fn resolution(s: &mut GameState, seat: Seat, act: u8, done: bool, ev: &mut dyn Sink) {
    match act {
        1 => resolve_act_one(s, seat, done, ev),
        2 => act_two::resolve(s, seat, done, ev),
        _ => {}
    }
}

/// F104. Completed: Council Intrigue, Tax Collectors and Hunter Squads to
/// the Court deck; Imperial Protectors to the rules booklet; scrap Empire
/// Falls and both Lesser Regents. Failed: scrap Council Intrigue, Tax
/// Collectors, Hunter Squads and Imperial Protectors; Empire Falls, both
/// Lesser Regents and Dealmakers (from wherever it is in play) to the
/// Court deck.
fn resolve_act_one(s: &mut GameState, seat: Seat, done: bool, ev: &mut dyn Sink) {
    use crate::campaign::fates::{add_to_court_deck, scrap};
    const GAINED: [&str; 3] = ["ARCS-F105", "ARCS-F106", "ARCS-F107"];
    const PROTECTORS: &str = "ARCS-F108";
    const FALLEN: [&str; 3] = ["ARCS-F109", "ARCS-F110", "ARCS-F111"];
    if done {
        add_to_court_deck(s, &ids(&GAINED));
        if let Some(c) = s.campaign_mut() {
            if !c.booklet.contains(&id(PROTECTORS)) {
                let _ = c.booklet.try_push(id(PROTECTORS));
            }
        }
        scrap(s, &ids(&FALLEN));
        log!(
            ev,
            "intermission",
            Some(seat),
            "The Steward's Resolution, objective completed: Council Intrigue, Tax Collectors and \
             Hunter Squads join the Court deck; Imperial Protectors joins the rules booklet: no \
             Blight Crisis happens in a system with a fresh Imperial ship. Empire Falls and both \
             Lesser Regents are scrapped."
        );
    } else {
        let mut gone = ids(&GAINED);
        gone.push(id(PROTECTORS));
        scrap(s, &gone);
        add_to_court_deck(s, &ids(&FALLEN));
        let dealmakers = id("ARCS-F103");
        let mut held = false;
        for x in s.seat_ids().collect::<Vec<_>>() {
            held |= s.seat_mut(x).remove_guild(dealmakers);
        }
        let before = s.court_discard.len();
        s.court_discard.retain(|c| *c != dealmakers);
        if held || s.court_discard.len() != before {
            add_to_court_deck(s, &[dealmakers]);
        }
        log!(
            ev,
            "intermission",
            Some(seat),
            "The Steward's Resolution, objective failed: Council Intrigue, Tax Collectors, Hunter \
             Squads and Imperial Protectors are scrapped; Empire Falls, both Lesser Regents{} join \
             the Court deck.",
            if held { " and Dealmakers" } else { "" }
        );
    }
}

/// The Steward's objective of the Act: F101B or F112B (Act III has grand
/// ambitions instead).
fn objective(s: &mut GameState, me: Seat, e: &FateEvent, ev: &mut dyn Sink) {
    crate::campaign::fates::act_objective(s, me, e, ev, [objective_act_one, act_two::objective]);
}

/// F101B. *Consolidate Your Imperial Power*: each time the Steward wins an
/// ambition while the First Regent, advance 1 for each Power it gains from
/// it, the bonus city Power included (docs/rulings.md
/// R-CAMP-STEWARD-WIN).
fn objective_act_one(s: &mut GameState, me: Seat, e: &FateEvent, ev: &mut dyn Sink) {
    let FateEvent::AmbitionWon {
        seat,
        ambition,
        power,
    } = *e
    else {
        return;
    };
    if seat != me || s.first_regent() != Some(me) || power <= 0 {
        return;
    }
    if s.campaign().is_none_or(|c| c.objective[me.index()] == 0) {
        return;
    }
    log!(
        ev,
        "objective",
        Some(me),
        "Consolidate Your Imperial Power: {me}, the First Regent, wins {ambition} and gains {power} \
         Power."
    );
    advance_objective(s, me, power.min(u8::MAX as i32) as u8, ev);
}

/// F102 Imperial Authority: "Bury this if you're an Outlaw. You may tax
/// any cities controlled by the Empire like they are Loyal, ignoring the
/// Empire's Presence and Truce Laws (don't take Captives)." The tax rule is
/// `actions::tax` (`Behavior::tax_imperial`).
pub static IMPERIAL_AUTHORITY: Behavior = Behavior {
    code: "ARCS-F102",
    tax_imperial: true,
    bury_if_outlaw: true,
    ..Behavior::NONE
};

/// F103 Dealmakers: "Bargain (Secure): Choose a Court card that a Rival
/// could secure. They secure it but return agents they would capture. You
/// influence once for each agent they had on the card, then you secure
/// once."
pub static DEALMAKERS: Behavior = Behavior {
    code: "ARCS-F103",
    new_actions: &[NewAction {
        name: "Bargain",
        std: StdAction::Secure,
        possible: |s, seat| bargains(s, seat).next().is_some(),
        start: |s, seat, _, _| {
            s.push(
                Effect::Bargain {
                    seat,
                    card: crate::card_id!("ARCS-F103"),
                }
                .into(),
            )
        },
    }],
    ..Behavior::NONE
};

/// F106 Tax Collectors (Guild, Relic): "Bury this if you're an Outlaw.
/// When you tax an Outlaw's city, you may take the resource from their
/// player board." Offered when the Outlaw has one of that type on its
/// board; taken, it goes to the taxer like a gained one (docs/rulings.md
/// R-CAMP-F106).
pub static TAX_COLLECTORS: Behavior = Behavior {
    code: "ARCS-F106",
    bury_if_outlaw: true,
    tax_gain: Some(|s, seat, owner, res, card| {
        if !s.is_outlaw(owner) || !s.seat(owner).resources.contains(&Some(res)) {
            return false;
        }
        s.push(
            Effect::TaxFrom {
                seat,
                card,
                owner,
                res,
            }
            .into(),
        );
        true
    }),
    ..Behavior::NONE
};

/// F107 Hunter Squads (Guild, Weapon): "When attacking an Outlaw in
/// battle, you may reroll assault dice up to your total Weapons resources
/// and cards. Prelude: You may discard this to place 3 ships in a system
/// you control."
pub static HUNTER_SQUADS: Behavior = Behavior {
    code: "ARCS-F107",
    reroll: Some(crate::cards::Reroll {
        kinds: 1 << crate::data::DieKind::Assault as u8,
        what: "reroll assault dice (up to your Weapons resources and cards, attacking an Outlaw)",
        max: |s, seat, _, b| {
            let Some(b) = b else { return 0 };
            let outlaw = b.defender.seat().is_some_and(|d| s.is_outlaw(d));
            if b.attacker != seat || !outlaw {
                return 0;
            }
            weapons(s, seat)
        },
        outside_battle: false,
    }),
    preludes: &[crate::cards::court::common::PLACE_3_SHIPS],
    ..Behavior::NONE
};

/// `seat`'s Weapons: the tokens on its board and its Weapon Guild cards
/// (F107, docs/rulings.md R-CAMP-F107).
fn weapons(s: &GameState, seat: Seat) -> u8 {
    let st = s.seat(seat);
    let tokens = st
        .resources
        .iter()
        .filter(|r| **r == Some(Resource::Weapon))
        .count();
    let cards = st
        .guild()
        .iter()
        .filter(|c| c.info().suit == Some(Resource::Weapon))
        .count();
    (tokens + cards).min(u8::MAX as usize) as u8
}

/// F109 Empire Falls (Vox). "Crisis: If [arrow] was rolled, all Regents
/// become Outlaws, hit each Imperial ship on the map, and discard this
/// card. When Secured: You may take any Loyal agents from here and place
/// them on other Court cards. Bury this card."
pub static EMPIRE_FALLS: Behavior = Behavior {
    code: "ARCS-F109",
    crisis: Some(|s, pos, card, ev| {
        let arrow = s.campaign().and_then(|c| c.event_die).map(|f| f.symbol) == Some(1);
        if !arrow {
            log!(
                ev,
                "crisis",
                None,
                "Empire Falls: the arrow was not rolled; nothing happens."
            );
            return;
        }
        empire_falls(s, ev);
        crate::campaign::crises::remove_card(
            s,
            pos,
            card,
            crate::campaign::crises::Removal::Discard,
        );
    }),
    on_secured: Some(|s, seat, card, ev| {
        s.court_deck.bury(card);
        crate::cards::campaign::court::move_own_agents(s, seat, card);
        log!(
            ev,
            "secure",
            Some(seat),
            "Empire Falls is buried at the bottom of the Court deck."
        );
    }),
    ..Behavior::NONE
};

/// Empire Falls' Crisis with the arrow: every Regent becomes an Outlaw (in
/// turn order), then each Imperial ship on the map takes a hit: a damaged
/// one is destroyed (back to the Imperial supply), a fresh one damaged
/// (docs/rulings.md R-CAMP-F109).
fn empire_falls(s: &mut GameState, ev: &mut dyn Sink) {
    log!(
        ev,
        "crisis",
        None,
        "Empire Falls: every Regent becomes an Outlaw and each Imperial ship is hit."
    );
    for x in s.turn_order().collect::<Vec<_>>() {
        if s.is_regent(x) {
            crate::campaign::empire::become_outlaw(s, x, ev);
        }
    }
    let (mut destroyed, mut damaged) = (0u32, 0u32);
    for sys in SystemId::all() {
        let sh = s.sys(sys).ships_of(Owner::Empire);
        for _ in 0..sh.damaged {
            if s.hit_ship(sys, Owner::Empire, true, None) {
                destroyed += 1;
            }
        }
        for _ in 0..sh.fresh {
            s.hit_ship(sys, Owner::Empire, false, None);
            damaged += 1;
        }
    }
    log!(
        ev,
        "crisis",
        None,
        "Empire Falls: {} destroyed, {} damaged.",
        plural(destroyed.min(255) as u8, "Imperial ship", "Imperial ships"),
        plural(damaged.min(255) as u8, "Imperial ship", "Imperial ships")
    );
}

/// F108 Imperial Protectors (a law): "Blight Crises do not happen in
/// systems controlled by the Empire. (That is, in systems with any fresh
/// Imperial ships.)"
pub static IMPERIAL_PROTECTORS: Behavior = Behavior {
    code: "ARCS-F108",
    blight_crisis_barred: Some(|s, sys| s.sys(sys).ships_of(Owner::Empire).fresh > 0),
    ..Behavior::NONE
};

/// "Prelude: You may discard this to declare any ambition." (Lesser
/// Regent, F110, F111, F120, F121): with the zero marker on the lead card,
/// as for any card's declaration (AMB-29), within the Believer's Faith
/// laws.
pub(super) const LESSER_REGENT_PRELUDE: &[crate::cards::PreludeAbility] =
    &[crate::cards::PreludeAbility {
        what: "declare any ambition",
        discard: true,
        first: false,
        once_per_turn: false,
        possible: |s, seat| {
            crate::cards::may_declare(s, seat)
                && crate::campaign::fates::any_ambition(s, seat)
                    .next()
                    .is_some()
        },
        run: |s, seat, card, _| s.push(Effect::Declare { seat, card }.into()),
    }];

/// F110 / F111 Lesser Regent (Guild, Psionic).
pub static LESSER_REGENT: Behavior = Behavior {
    code: "ARCS-F110",
    preludes: LESSER_REGENT_PRELUDE,
    ..Behavior::NONE
};
pub static LESSER_REGENT_2: Behavior = Behavior {
    code: "ARCS-F111",
    preludes: LESSER_REGENT_PRELUDE,
    ..Behavior::NONE
};

/// Tax Collectors' gain: the Outlaw's token of that type (its rightmost,
/// the one raided last) to the taxer, or one from the supply.
fn tax_from(
    s: &mut GameState,
    seat: Seat,
    owner: Seat,
    res: Resource,
    take: bool,
    ev: &mut dyn Sink,
) {
    let slot = s
        .seat(owner)
        .resources
        .iter()
        .rposition(|r| *r == Some(res));
    match slot {
        Some(i) if take => {
            s.seat_mut(owner).resources[i] = None;
            log!(
                ev,
                "tax",
                Some(seat),
                "Tax Collectors: {seat} takes the {} from {owner}'s player board.",
                crate::describe::resource_name(res)
            );
            s.receive(seat, res);
        }
        _ => {
            s.gain(seat, res, ev);
        }
    }
}

/// The Court positions a Rival of `seat` could secure now, with that
/// Rival: strictly more agents there than each other player, its own
/// secure restrictions included (B-SEC-01; docs/rulings.md
/// R-CAMP-STEWARD-BARGAIN). At most one Rival per card.
fn bargains(s: &GameState, seat: Seat) -> impl Iterator<Item = (usize, Seat)> + '_ {
    (0..s.court.len()).filter_map(move |pos| {
        s.seat_ids()
            .filter(|x| *x != seat)
            .find(|x| court::securable(s, *x, pos))
            .map(|x| (pos, x))
    })
}

/// The Rival who would secure the card at `pos` for `seat`'s Bargain.
fn rival_at(s: &GameState, seat: Seat, pos: usize) -> Option<Seat> {
    bargains(s, seat).find(|(p, _)| *p == pos).map(|(_, x)| x)
}

// ------------------------------------------------------------ procedures

#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "effect")]
pub enum Effect {
    /// Bargain: choose a Court card a Rival could secure.
    Bargain { seat: Seat, card: CardId },
    /// Bargain, after the Rival's secure (its When Secured and the refill
    /// done): `left` influences to make, then the secure (runs by itself).
    Next { seat: Seat, card: CardId, left: u8 },
    /// Bargain: place one agent (`left` to place, this one included).
    Influence { seat: Seat, card: CardId, left: u8 },
    /// Bargain: secure once.
    Secure { seat: Seat, card: CardId },
    /// Lesser Regent: declare which ambition?
    Declare { seat: Seat, card: CardId },
    /// Tax Collectors: take the `res` from `owner`'s board, or gain it?
    TaxFrom {
        seat: Seat,
        card: CardId,
        owner: Seat,
        res: Resource,
    },
}

impl Procedure for Effect {
    fn seat_card(&self) -> (Seat, CardId) {
        match *self {
            Effect::Bargain { seat, card }
            | Effect::Next { seat, card, .. }
            | Effect::Influence { seat, card, .. }
            | Effect::Secure { seat, card }
            | Effect::Declare { seat, card }
            | Effect::TaxFrom { seat, card, .. } => (seat, card),
        }
    }

    fn automatic(&self) -> bool {
        matches!(self, Effect::Next { .. })
    }

    fn what(&self, _s: &GameState) -> String {
        match *self {
            Effect::Bargain { .. } => {
                "which Court card will a Rival secure for your Bargain?".into()
            }
            Effect::Next { .. } => String::new(),
            Effect::Influence { left, .. } => format!(
                "place an agent on which Court card ({} to place)?",
                plural(left, "agent", "agents")
            ),
            Effect::Secure { .. } => "now secure which Court card?".into(),
            Effect::Declare { .. } => "declare which ambition?".into(),
            Effect::TaxFrom { owner, res, .. } => format!(
                "take the {} from {owner}'s player board?",
                crate::describe::resource_name(res)
            ),
        }
    }

    fn choices(&self, s: &GameState, out: &mut Vec<Choice>) {
        match *self {
            Effect::Bargain { seat, .. } => {
                out.extend(bargains(s, seat).map(|(p, _)| Choice::Court(p as u8)))
            }
            Effect::Next { .. } => {}
            Effect::Influence { seat, .. } => court::influence_choices(s, seat, out),
            Effect::Secure { seat, .. } => court::secure_choices(s, seat, out),
            Effect::TaxFrom { .. } => out.extend([Choice::Yes, Choice::No]),
            Effect::Declare { seat, .. } => {
                out.extend(crate::campaign::fates::any_ambition(s, seat).map(Choice::Declare));
            }
        }
    }

    fn run_auto(self, s: &mut GameState, ev: &mut dyn Sink) {
        let Effect::Next { seat, card, left } = self else {
            s.pop();
            return;
        };
        if left > 0 && court::can_influence(s, seat) {
            s.set_top(Effect::Influence { seat, card, left }.into());
            return;
        }
        if left > 0 {
            log!(
                ev,
                "influence",
                Some(seat),
                "Dealmakers: {seat} has no agent left in supply for {}.",
                plural(left, "more influence", "more influences")
            );
        }
        if court::can_secure(s, seat) {
            s.set_top(Effect::Secure { seat, card }.into());
        } else {
            s.pop();
            log!(
                ev,
                "secure",
                Some(seat),
                "Dealmakers: {seat} has no Court card to secure."
            );
        }
    }

    fn resolve(self, s: &mut GameState, choice: Choice, ev: &mut dyn Sink) {
        if let Effect::TaxFrom {
            seat, owner, res, ..
        } = self
        {
            s.pop();
            tax_from(s, seat, owner, res, choice == Choice::Yes, ev);
            return;
        }
        if let (Effect::Declare { seat, .. }, Choice::Declare(a)) = (self, choice) {
            s.pop();
            crate::actions::declare::begin_declare(
                s,
                seat,
                a,
                crate::actions::declare::DeclareVia::Effect,
                ev,
            );
            return;
        }
        let Choice::Court(pos) = choice else {
            s.pop();
            return;
        };
        let pos = pos as usize;
        match self {
            Effect::Bargain { seat, card } => {
                s.pop();
                let Some(rival) = rival_at(s, seat, pos) else {
                    return;
                };
                let left = s.court[pos].agents[rival.index()];
                if let Some(c) = s.court[pos].card {
                    log!(
                        ev,
                        "secure",
                        Some(seat),
                        "Dealmakers: {seat} bargains with {rival}, who secures {c} ({} of \
                         theirs on it).",
                        plural(left, "agent", "agents")
                    );
                }
                // Below the Rival's secure: its When Secured and the refill
                // come first.
                s.push(Effect::Next { seat, card, left }.into());
                court::take_card(s, rival, pos, OthersAgents::Returned, ev);
            }
            Effect::Influence { seat, card, left } => {
                s.set_top(
                    Effect::Next {
                        seat,
                        card,
                        left: left.saturating_sub(1),
                    }
                    .into(),
                );
                court::place_agent(s, seat, pos, ev);
            }
            Effect::Secure { seat, .. } => {
                s.pop();
                if court::securable(s, seat, pos) {
                    court::take_card(s, seat, pos, OthersAgents::Captured, ev);
                }
            }
            Effect::Next { .. } | Effect::Declare { .. } | Effect::TaxFrom { .. } => s.pop(),
        }
    }

    fn describe(&self, d: &Describer, c: Choice) -> Option<String> {
        if let (Effect::Declare { .. }, Choice::Declare(a)) = (*self, c) {
            return Some(format!("Declare {}", crate::describe::ambition_name(a)));
        }
        if let Effect::TaxFrom { owner, res, .. } = *self {
            let r = crate::describe::resource_name(res);
            return match c {
                Choice::Yes => Some(format!("Take the {r} from {}'s board", d.seat_name(owner))),
                Choice::No => Some(format!("Gain the {r} from the supply")),
                _ => None,
            };
        }
        let Choice::Court(pos) = c else { return None };
        Some(match *self {
            Effect::Bargain { seat, .. } => {
                let rival = rival_at(d.s, seat, pos as usize)?;
                let n = d.s.court[pos as usize].agents[rival.index()];
                format!(
                    "{} secures {}, returning the other agents on it; you then influence {} and \
                     secure once",
                    d.seat_name(rival),
                    d.court(pos),
                    match n {
                        1 => "once".to_string(),
                        2 => "twice".to_string(),
                        n => format!("{n} times"),
                    }
                )
            }
            Effect::Influence { .. } => format!("Place an agent on {}", d.court(pos)),
            Effect::Secure { .. } => format!("Secure {}", d.court(pos)),
            Effect::Next { .. } | Effect::Declare { .. } | Effect::TaxFrom { .. } => return None,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_steward_card_has_passing_scenarios() {
        crate::cards::testing::family_scenarios(super::CARDS);
    }

    /// The Steward at the end of Act I, its Resolution run by itself (the
    /// Intermission's scenarios are `f104-*.scn`).
    fn end_of_act_one() -> GameState {
        let text = "players 3\nmode campaign\nfate P1 Steward\nP1 guild F103\nP1 lore F102\n\
                    court CC01 CC02 CC03 CC04\nsystem 1.1: P1 3 ships\nsystem 2.1: P2 ship\n\
                    system 3.1: P3 ship\n";
        crate::scenario::test_state(text)
    }

    fn in_deck(s: &GameState, code: &str) -> bool {
        s.court_deck.contains(&id(code))
    }

    fn scrapped(s: &GameState, code: &str) -> bool {
        s.campaign().unwrap().court_scrapped.contains(&id(code))
    }

    /// ARCS-F104, objective completed: F105–F107 to the Court deck, F108
    /// to the rules booklet, F109–F111 scrapped; Dealmakers stays.
    #[test]
    fn f104_completed() {
        let mut s = end_of_act_one();
        let mut log: Vec<crate::event::Event> = Vec::new();
        resolve_act_one(&mut s, Seat(0), true, &mut log);
        for c in ["ARCS-F105", "ARCS-F106", "ARCS-F107"] {
            assert!(in_deck(&s, c), "{c}");
        }
        assert!(s.campaign().unwrap().booklet.contains(&id("ARCS-F108")));
        for c in ["ARCS-F109", "ARCS-F110", "ARCS-F111"] {
            assert!(scrapped(&s, c) && !in_deck(&s, c), "{c}");
        }
        assert!(s.seat(Seat(0)).guild().contains(&id("ARCS-F103")));
        assert!(log.iter().any(|e| e.text.starts_with(
            "The Steward's Resolution, objective completed: Council Intrigue, Tax Collectors"
        )));
        crate::invariants::check(&s).unwrap();
    }

    /// ARCS-F104, objective failed: F105–F108 scrapped (not in the
    /// booklet), F109–F111 and Dealmakers (from the Steward's play area)
    /// to the Court deck.
    #[test]
    fn f104_failed() {
        let mut s = end_of_act_one();
        let mut log: Vec<crate::event::Event> = Vec::new();
        resolve_act_one(&mut s, Seat(0), false, &mut log);
        for c in ["ARCS-F105", "ARCS-F106", "ARCS-F107", "ARCS-F108"] {
            assert!(scrapped(&s, c) && !in_deck(&s, c), "{c}");
        }
        assert!(!s.campaign().unwrap().booklet.contains(&id("ARCS-F108")));
        for c in ["ARCS-F109", "ARCS-F110", "ARCS-F111", "ARCS-F103"] {
            assert!(in_deck(&s, c), "{c}");
        }
        assert!(!s.seat(Seat(0)).guild().contains(&id("ARCS-F103")));
        assert!(log.iter().any(|e| e
            .text
            .contains("both Lesser Regents and Dealmakers join the Court deck")));
        crate::invariants::check(&s).unwrap();
    }
}
