//! The Partisan (Fate Set 6, an "A" Fate). Act I: its setup (F601A), its
//! objective (F601B), Informants (F602) and Partisan Seizing (F603). Its
//! Act I Resolution (F604) and the cards that adds: the five Loyal Guild
//! cards (F605–F609), Galactic Bards (F610) and the Spacing and Arms
//! Unions (F611–F612, F622–F623) — reprints of base cards
//! (`cards/campaign/mod.rs`) — and Outrage Spreads (F613–F614). Act II: its
//! setup (F615A), objective (F615B), the Partisan Seizing law (F616),
//! People's Hero (F617), its Resolution (F618), Guilds Decry Terror (F619)
//! and Terror Strike (F620–F621). Act III: its setup (F624A), grand
//! ambitions (F624B) and Sower of Division (F625). Campaign rules p8–9,
//! p28; `reference/campaign.md` §2.6.
//!
//! Partisan Seizing is an Ability card in Act I: the seat keeps it in play
//! among its ability cards (`SeatState::abilities`), beside but apart from
//! its Guild cards, so it never counts, moves or gets stolen as a Guild
//! card. Its rule is the `seize_by_outrage` hook, read by the turn window
//! (`flow/turn.rs`): no seizing with a second action card, `resource R`
//! (Provoke Outrage of `R`) instead. From Act II the same rule is a law of
//! the rules booklet (F616) for everyone.

use crate::campaign::crises::{remove_card, Removal};
use crate::campaign::fates::{add_to_court_deck, advance_objective, scrap, FateDef, FateEvent};
use crate::cards::frame::Procedure;
use crate::cards::{Behavior, NewAction};
use crate::choice::Choice;
use crate::describe::{action_card_name, resource_name, Describer};
use crate::event::Sink;
use crate::ids::*;
use crate::log;
use crate::state::GameState;
use serde::{Deserialize, Serialize};

/// The Partisan's cards with behaviour of their own (the Loyal cards,
/// Galactic Bards and the Unions reprint base cards).
pub static CARDS: &[&Behavior] = &[
    &INFORMANTS,
    &PARTISAN_SEIZING,
    &OUTRAGE_SPREADS,
    &OUTRAGE_SPREADS_2,
    &PARTISAN_SEIZING_LAW,
    &PEOPLES_HERO,
    &GUILDS_DECRY_TERROR,
    &TERROR_STRIKE,
    &TERROR_STRIKE_2,
    &SOWER_OF_DIVISION,
];

/// The Fate.
pub static FATE: FateDef = FateDef {
    number: 6,
    card: "ARCS-FATE06",
    setup: [
        Some(setup_act_one),
        Some(setup_act_two),
        Some(setup_act_three),
    ],
    resolution: Some(resolution),
    resolutions: ["ARCS-F604", "ARCS-F618"],
    on: Some(objective),
    grand: Some(grand_ambitions),
    final_objective: false,
    leave: Some(leave),
};

/// Partisan Seizing, the Act I ability card (F603).
const SEIZING: &str = "ARCS-F603";
/// The five Loyal Guild cards (F605–F609).
const LOYAL: [&str; 5] = [
    "ARCS-F605",
    "ARCS-F606",
    "ARCS-F607",
    "ARCS-F608",
    "ARCS-F609",
];
const BARDS: &str = "ARCS-F610";
/// The Act I Resolution's Unions and Outrage Spreads (F611–F614).
const ACT_ONE_REST: [&str; 4] = ["ARCS-F611", "ARCS-F612", "ARCS-F613", "ARCS-F614"];
const DECRY: &str = "ARCS-F619";
const TERROR: [&str; 2] = ["ARCS-F620", "ARCS-F621"];
/// The Act II Resolution's Unions (F622–F623).
const ACT_TWO_UNIONS: [&str; 2] = ["ARCS-F622", "ARCS-F623"];
const HERO: &str = "ARCS-F617";
const SOWER: &str = "ARCS-F625";

fn id(code: &str) -> CardId {
    CardId::parse(code).expect("a Partisan card")
}

fn ids(codes: &[&str]) -> Vec<CardId> {
    codes.iter().map(|c| id(c)).collect()
}

/// The Partisan's Resolution card for the Act that ended (the
/// Intermission's step A, p28).
fn resolution(s: &mut GameState, seat: Seat, act: u8, done: bool, ev: &mut dyn Sink) {
    if act == 1 {
        resolve_act_one(s, seat, done, ev);
    } else {
        resolve_act_two(s, seat, done, ev);
    }
}

/// F604. Completed: the 5 Loyal cards to the Court deck; gain Galactic
/// Bards; scrap the Spacing and Arms Unions and the 2 Outrage Spreads.
/// Failed: scrap the Loyal cards; Galactic Bards, the Unions and Outrage
/// Spreads to the Court deck; scrap Partisan Seizing and clear all the
/// seat's Outrage.
fn resolve_act_one(s: &mut GameState, seat: Seat, done: bool, ev: &mut dyn Sink) {
    if done {
        add_to_court_deck(s, &ids(&LOYAL));
        s.seat_mut(seat).add_guild(id(BARDS));
        scrap(s, &ids(&ACT_ONE_REST));
        log!(
            ev,
            "intermission",
            Some(seat),
            "The Partisan's Resolution, objective completed: the Loyal Engineers, Pilots, Marines, \
             Empaths and Keepers join the Court deck; {seat} gains Galactic Bards; the Spacing \
             Union, Arms Union and both Outrage Spreads are scrapped."
        );
    } else {
        scrap(s, &ids(&LOYAL));
        let mut rest = vec![id(BARDS)];
        rest.extend(ids(&ACT_ONE_REST));
        add_to_court_deck(s, &rest);
        log!(
            ev,
            "intermission",
            Some(seat),
            "The Partisan's Resolution, objective failed: the five Loyal cards are scrapped; \
             Galactic Bards, the Spacing Union, the Arms Union and both Outrage Spreads join the \
             Court deck."
        );
        give_up_seizing(s, seat, ev);
    }
}

/// Scraps the seat's Partisan Seizing card and clears all its Outrage
/// (F604's failure; F603's own "if you're not the Partisan").
fn give_up_seizing(s: &mut GameState, seat: Seat, ev: &mut dyn Sink) {
    let card = id(SEIZING);
    if s.seat_mut(seat).remove_ability(card) {
        scrap(s, &[card]);
        log!(
            ev,
            "fate",
            Some(seat),
            "Partisan Seizing is scrapped and {seat} clears all their Outrage."
        );
    }
    for r in Resource::ALL {
        crate::cards::clear_outrage(s, seat, r, ev);
    }
}

/// F618. Completed: Guilds Decry Terror to the rules booklet; the 2 Terror
/// Strikes to the Court deck; scrap the Spacing and Arms Unions. Failed:
/// scrap Guilds Decry Terror and the Terror Strikes; the Unions to the
/// Court deck.
fn resolve_act_two(s: &mut GameState, seat: Seat, done: bool, ev: &mut dyn Sink) {
    if done {
        if let Some(c) = s.campaign_mut() {
            if !c.booklet.contains(&id(DECRY)) {
                let _ = c.booklet.try_push(id(DECRY));
            }
        }
        add_to_court_deck(s, &ids(&TERROR));
        scrap(s, &ids(&ACT_TWO_UNIONS));
        log!(
            ev,
            "intermission",
            Some(seat),
            "The Partisan's Act II Resolution, objective completed: Guilds Decry Terror joins the \
             rules booklet; both Terror Strikes join the Court deck; the Spacing and Arms Unions \
             are scrapped."
        );
    } else {
        let mut gone = vec![id(DECRY)];
        gone.extend(ids(&TERROR));
        scrap(s, &gone);
        add_to_court_deck(s, &ids(&ACT_TWO_UNIONS));
        log!(
            ev,
            "intermission",
            Some(seat),
            "The Partisan's Act II Resolution, objective failed: Guilds Decry Terror and both Terror \
             Strikes are scrapped; the Spacing and Arms Unions join the Court deck."
        );
    }
}

/// The Partisan leaves for another Fate (p29). Partisan Seizing says
/// "Scrap this and clear all your Outrage if you're not the Partisan":
/// the card is still held only after a completed Act I (docs/rulings.md
/// R-CAMP-F603).
fn leave(s: &mut GameState, seat: Seat, ev: &mut dyn Sink) {
    if s.seat(seat).abilities().contains(&id(SEIZING)) {
        give_up_seizing(s, seat, ev);
    }
}

/// F615A: Partisan Seizing (F616) to the rules booklet for everyone, the
/// seat's own copy (F603) tucked under the map as a reminder (out of its
/// play area: the law is the booklet's); gain People's Hero.
fn setup_act_two(s: &mut GameState, seat: Seat, ev: &mut dyn Sink) {
    let law = id("ARCS-F616");
    if let Some(c) = s.campaign_mut() {
        if !c.booklet.contains(&law) {
            let _ = c.booklet.try_push(law);
        }
    }
    s.seat_mut(seat).remove_ability(id(SEIZING));
    s.seat_mut(seat).add_lore(id(HERO));
    log!(
        ev,
        "setup",
        Some(seat),
        "Partisan Seizing joins the rules booklet: nobody may seize the initiative by discarding a \
         second action card; instead, when playing a card, a player may seize it by Provoking \
         Outrage of a resource they are not yet Outraged by. {seat} tucks their own copy under \
         the map as a reminder and gains People's Hero."
    );
}

/// F624A: gain Sower of Division.
fn setup_act_three(s: &mut GameState, seat: Seat, ev: &mut dyn Sink) {
    s.seat_mut(seat).add_lore(id(SOWER));
    log!(ev, "setup", Some(seat), "{seat} gains Sower of Division.");
}

/// F624B *Form a Dominant Power Bloc* (Act III grand ambitions, p9): (a)
/// more Guild cards than each Rival; (b) hold the initiative marker.
fn grand_ambitions(s: &GameState, seat: Seat) -> u8 {
    let guild = |x: Seat| s.seat(x).guild().len();
    let bloc = s.rivals(seat).all(|x| guild(x) < guild(seat));
    bloc as u8 + (s.initiative == seat) as u8
}

fn informants() -> CardId {
    crate::card_id!("ARCS-F602")
}

/// F601A: gain Informants (a Guild card) and Partisan Seizing (an ability
/// card kept in play).
fn setup_act_one(s: &mut GameState, seat: Seat, ev: &mut dyn Sink) {
    s.seat_mut(seat).add_guild(informants());
    s.seat_mut(seat).add_ability(crate::card_id!("ARCS-F603"));
    log!(
        ev,
        "setup",
        Some(seat),
        "{seat} gains Informants and Partisan Seizing."
    );
}

/// The resources whose Outrage stops F601B's advance for winning `a`
/// (docs/rulings.md R-CAMP-PARTISAN-AMB): Tycoon counts Material and Fuel
/// (Outrage of either stops it), Warlord Weapons (as the card says),
/// Keeper Relics, Empath Psionics; Tyrant counts Captives, no resource, so
/// no Outrage stops it.
pub fn ambition_resources(a: Ambition) -> &'static [Resource] {
    match a {
        Ambition::Tycoon => &[Resource::Material, Resource::Fuel],
        Ambition::Tyrant => &[],
        Ambition::Warlord => &[Resource::Weapon],
        Ambition::Keeper => &[Resource::Relic],
        Ambition::Empath => &[Resource::Psionic],
    }
}

/// F601B. *Sow Division in the Reach*: advance 1 each time the Partisan
/// gets the initiative marker, in any way (the marker moving to it from
/// another seat; keeping it is not getting it, R-CAMP-PARTISAN-INIT).
/// *Appeal to Your Supporters*: advance 2 for each ambition it wins
/// (sole first place at scoring) while it has no Outrage of a resource
/// that ambition counts.
fn objective(s: &mut GameState, me: Seat, e: &FateEvent, ev: &mut dyn Sink) {
    crate::campaign::fates::act_objective(s, me, e, ev, [objective_act_one, objective_act_two]);
}

/// F615B. *Show Your Leadership*: advance 1 each time the Partisan plays an
/// action card (an Event card too: it is one, p12) while it has the
/// initiative marker. *Burnish Your Image*: when it returns Outrage using
/// People's Hero, advance 1 for each Guild card it has.
fn objective_act_two(s: &mut GameState, me: Seat, e: &FateEvent, ev: &mut dyn Sink) {
    match *e {
        FateEvent::Played { seat } if seat == me && s.initiative == me => {
            advance_objective(s, me, 1, ev)
        }
        FateEvent::Used { seat, card } if seat == me && card == id(HERO) => {
            let n = s.seat(me).guild().len() as u8;
            advance_objective(s, me, n, ev)
        }
        _ => {}
    }
}

/// F601B (see [`objective`]).
fn objective_act_one(s: &mut GameState, me: Seat, e: &FateEvent, ev: &mut dyn Sink) {
    match *e {
        FateEvent::Initiative { seat } if seat == me => advance_objective(s, me, 1, ev),
        FateEvent::AmbitionWon { seat, ambition, .. }
            if seat == me
                && !ambition_resources(ambition)
                    .iter()
                    .any(|r| s.seat(me).is_outraged(*r)) =>
        {
            advance_objective(s, me, 2, ev)
        }
        _ => {}
    }
}

/// F602 Informants (Guild, Psionic, protected): *Spy (Influence)*, once
/// per turn.
pub static INFORMANTS: Behavior = Behavior {
    code: "ARCS-F602",
    new_actions: &[NewAction {
        name: "Spy",
        std: StdAction::Influence,
        possible: spy_possible,
        start: |s, seat, _, _| {
            let card = informants();
            let _ = s.turn.once_used.try_push(card);
            s.push(Effect::SpyRival { seat, card }.into());
        },
    }],
    ..Behavior::NONE
};

/// F603 Partisan Seizing (an ability card): seize by Provoking Outrage,
/// never with a second action card (`flow/turn.rs`).
pub static PARTISAN_SEIZING: Behavior = Behavior {
    code: "ARCS-F603",
    seize_by_outrage: true,
    ..Behavior::NONE
};

/// F616 Partisan Seizing (a law of the rules booklet from Act II): the
/// rule of F603 for everyone (`cards::seizes_by_outrage` reads the
/// booklet).
pub static PARTISAN_SEIZING_LAW: Behavior = Behavior {
    code: "ARCS-F616",
    seize_by_outrage: true,
    ..Behavior::NONE
};

/// F613–F614 Outrage Spreads (Vox). Crisis: each player, in turn order,
/// Provokes Outrage of the rolled planet's type; discard it. When Secured:
/// as the base card (C-BC28): the securer may choose a type and everyone,
/// the securer too, Provokes Outrage of it; discard it.
const fn outrage_spreads(code: &'static str) -> Behavior {
    Behavior {
        code,
        crisis: Some(|s, pos, card, ev| {
            if let Some(r) = rolled_planet_type(s) {
                log!(
                    ev,
                    "crisis",
                    None,
                    "Outrage Spreads: everyone Provokes {} Outrage.",
                    resource_name(r)
                );
                for x in s.turn_order().collect::<Vec<_>>() {
                    crate::actions::outrage::provoke_outrage(s, x, r, ev);
                }
            }
            remove_card(s, pos, card, Removal::Discard);
        }),
        on_secured: Some(crate::cards::court::vox::outrage_spreads_secured),
        ..Behavior::NONE
    }
}

pub static OUTRAGE_SPREADS: Behavior = outrage_spreads("ARCS-F613");
pub static OUTRAGE_SPREADS_2: Behavior = outrage_spreads("ARCS-F614");

/// The type of the rolled planet (p18: the planet of the rolled cluster
/// with the rolled ID symbol), if the dice were rolled.
fn rolled_planet_type(s: &GameState) -> Option<Resource> {
    let c = s.campaign()?;
    let symbol = c.event_die?.symbol;
    if !(1..=6).contains(&c.number_die) || !(1..=3).contains(&symbol) {
        return None;
    }
    s.planet_type(SystemId::new(c.number_die, symbol))
}

/// F617 People's Hero (Lore): when the holder declares an ambition, it may
/// clear 1 Outrage of a type of which it has more Guild cards than each
/// Rival.
pub static PEOPLES_HERO: Behavior = Behavior {
    code: HERO,
    on_declare: Some(|s, seat, _, _| {
        if s.is_campaign() && hero_types(s, seat).next().is_some() {
            s.push(
                Effect::Hero {
                    seat,
                    card: id(HERO),
                }
                .into(),
            );
        }
    }),
    ..Behavior::NONE
};

/// The Outrage types `seat` may clear with People's Hero: Outraged, and
/// more Guild cards of that suit than each Rival has.
fn hero_types(s: &GameState, seat: Seat) -> impl Iterator<Item = Resource> + '_ {
    let of = move |x: Seat, r: Resource| {
        s.seat(x)
            .guild()
            .iter()
            .filter(|c| c.info().suit == Some(r))
            .count()
    };
    Resource::ALL.into_iter().filter(move |r| {
        s.seat(seat).is_outraged(*r) && s.rivals(seat).all(|x| of(x, *r) < of(seat, *r))
    })
}

/// F619 Guilds Decry Terror (Edict 75): if no Diplomatic Fiasco is in the
/// Court, the first found in the Court deck is attached to the Imperial
/// Council, and the Council flips to In Session (docs/rulings.md
/// R-CAMP-F619).
pub static GUILDS_DECRY_TERROR: Behavior = Behavior {
    code: DECRY,
    edict: Some(|s, _card, ev| {
        let fiascos = [crate::card_id!("ARCS-CC13"), crate::card_id!("ARCS-F410")];
        let in_court = s
            .court
            .iter()
            .any(|p| p.card.is_some_and(|c| fiascos.contains(&c)))
            || s.campaign()
                .is_some_and(|c| c.attached.iter().flatten().any(|a| fiascos.contains(a)));
        if in_court {
            log!(
                ev,
                "edict",
                None,
                "Guilds Decry Terror: Diplomatic Fiasco is already in the Court."
            );
            return;
        }
        let council = crate::cards::campaign::court::council_pos(s);
        let found = fiascos
            .into_iter()
            .find_map(|f| s.court_deck.iter().position(|c| *c == f));
        match (found, council) {
            (Some(i), Some(pos)) if crate::campaign::attach::attached(s, pos).is_none() => {
                if let Some(f) = s.court_deck.take(i) {
                    crate::campaign::attach::attach(s, pos, f, ev);
                }
            }
            _ => log!(
                ev,
                "edict",
                None,
                "Guilds Decry Terror: no Diplomatic Fiasco can be attached to the Imperial Council."
            ),
        }
        crate::cards::campaign::court::in_session(s);
        log!(
            ev,
            "edict",
            None,
            "Guilds Decry Terror: the Imperial Council is In Session."
        );
    }),
    ..Behavior::NONE
};

/// F620–F621 Terror Strike (Vox). Crisis: destroy every damaged piece at
/// the planets whose type matches any player's Outrage; shuffle it into
/// the Court deck. When Secured: the same, sparing Loyal pieces (any
/// player's); shuffled into the Court deck as well. The pieces are
/// destroyed by the Crisis, not by a player: no Trophies, Outrage or
/// Ransack (docs/rulings.md R-CAMP-F620).
const fn terror_strike(code: &'static str) -> Behavior {
    Behavior {
        code,
        crisis: Some(|s, pos, card, ev| {
            terror(s, false, ev);
            remove_card(s, pos, card, Removal::Shuffle);
        }),
        on_secured: Some(|s, _seat, card, ev| {
            terror(s, true, ev);
            s.court_deck.shuffle_in(card, &mut s.rng);
        }),
        ..Behavior::NONE
    }
}

pub static TERROR_STRIKE: Behavior = terror_strike("ARCS-F620");
pub static TERROR_STRIKE_2: Behavior = terror_strike("ARCS-F621");

/// Terror Strike: destroys the damaged pieces at planets of an Outraged
/// type; `spare_loyal`: players' pieces stay.
fn terror(s: &mut GameState, spare_loyal: bool, ev: &mut dyn Sink) {
    let outraged = s.seat_ids().fold(0u8, |m, x| m | s.seat(x).outrage);
    let mut n = 0u32;
    let planets: Vec<SystemId> = crate::state::systems_in(s.in_play)
        .filter(|x| {
            !x.is_gate()
                && s.planet_type(*x)
                    .is_some_and(|r| outraged & (1 << r.index()) != 0)
        })
        .collect();
    for sys in planets {
        for o in 0..MAX_OWNERS {
            let owner = Owner::from_index(o);
            if spare_loyal && owner.seat().is_some() {
                continue;
            }
            let k = s.sys(sys).ships_of(owner).damaged;
            if k > 0 {
                s.sys_mut(sys).ships_mut(owner).damaged = 0;
                for _ in 0..k {
                    s.piece_destroyed(owner, crate::state::TrophyKind::Ship, None, ev);
                }
                n += k as u32;
            }
        }
        for slot in 0..s.sys(sys).slots.len() as u8 {
            let Some(b) = s.sys(sys).slots[slot as usize] else {
                continue;
            };
            if b.damaged && !(spare_loyal && b.owner.seat().is_some()) {
                s.destroy_building(sys, slot, None, ev);
                n += 1;
            }
        }
    }
    log!(
        ev,
        "crisis",
        None,
        "Terror Strike: {} at planets of an Outraged type {} destroyed{}.",
        crate::describe::count_of(n.min(255) as u8, "damaged piece", "damaged pieces"),
        if n == 1 { "is" } else { "are" },
        if spare_loyal {
            " (players' pieces are spared)"
        } else {
            ""
        }
    );
}

/// F625 Sower of Division (Lore): at the end of a round, when the holder
/// gets the initiative marker from Surpassing, it may place one of its
/// agents on a Rival's empty Outrage slot. That does not Provoke Outrage
/// (no discards), but the slot is covered: the Rival is Outraged by that
/// type until it clears it, and the agent then returns to its owner
/// (docs/rulings.md R-CAMP-F625).
pub static SOWER_OF_DIVISION: Behavior = Behavior {
    code: SOWER,
    on_surpass_initiative: Some(|s, seat, card, _| {
        if s.seat(seat).agents > 0 && s.rivals(seat).any(|x| s.seat(x).outrage != 0x1F) {
            s.push(Effect::SowRival { seat, card }.into());
        }
    }),
    ..Behavior::NONE
};

/// Agents of other seats on Outrage slots (Sower of Division, F625):
/// `by[victim][type]`, the seat whose agent covers the slot. Not written
/// while none does.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Sown {
    pub by: [[Option<Seat>; 5]; MAX_SEATS],
}

impl Sown {
    pub fn is_none(&self) -> bool {
        self.by.iter().flatten().all(Option::is_none)
    }

    /// The Outrage slots of `victim` covered by another seat's agent.
    pub fn mask(&self, victim: Seat) -> u8 {
        self.by[victim.index()]
            .iter()
            .enumerate()
            .fold(0, |m, (i, b)| m | ((b.is_some() as u8) << i))
    }

    /// How many of `seat`'s agents cover Rivals' Outrage slots.
    pub fn agents_of(&self, seat: Seat) -> u32 {
        self.by
            .iter()
            .flatten()
            .filter(|b| **b == Some(seat))
            .count() as u32
    }
}

/// An Outrage slot covered by another seat's agent, as views show it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SownView {
    /// The Outraged seat.
    pub seat: Seat,
    pub resource: Resource,
    /// Whose agent covers the slot.
    pub by: Seat,
}

/// Every covered slot, by seat and type.
pub fn view(sown: &Sown) -> Vec<SownView> {
    let mut v = Vec::new();
    for (i, row) in sown.by.iter().enumerate() {
        for r in Resource::ALL {
            if let Some(by) = row[r.index()] {
                v.push(SownView {
                    seat: Seat(i as u8),
                    resource: r,
                    by,
                });
            }
        }
    }
    v
}

/// Who covers `victim`'s `r` Outrage slot with an agent of theirs, if
/// another seat does (`cards::clear_outrage` returns it to them).
pub fn take_sown(s: &mut GameState, victim: Seat, r: Resource) -> Option<Seat> {
    s.campaign_mut()?.sown.by[victim.index()][r.index()].take()
}

/// The numbered action cards of highest number in `seat`'s hand. Event
/// cards have no number and are never among them
/// (R-CAMP-PARTISAN-SPY).
fn highest(s: &GameState, seat: Seat) -> impl Iterator<Item = ActionCard> {
    let hand = s.seat(seat).hand.playable();
    let top = hand.iter().map(|c| c.number()).max().unwrap_or(0);
    hand.iter().filter(move |c| c.number() == top)
}

/// Spy needs a numbered card to give and a Rival to give it to, once per
/// turn.
fn spy_possible(s: &GameState, seat: Seat) -> bool {
    !s.turn.once_used.contains(&informants())
        && !s.seat(seat).hand.playable().is_empty()
        && s.rivals(seat).next().is_some()
}

// ------------------------------------------------------------ procedures

#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "effect")]
pub enum Effect {
    /// Spy: the Partisan chooses the Rival.
    SpyRival { seat: Seat, card: CardId },
    /// Spy: the Partisan gives its highest card (its choice among equal
    /// numbers) to `rival`.
    SpyGive {
        seat: Seat,
        card: CardId,
        rival: Seat,
    },
    /// Spy: `rival` gives the Partisan (`seat`) its highest card (its
    /// choice among equal numbers), perhaps the card it was just given.
    SpyReturn {
        seat: Seat,
        card: CardId,
        rival: Seat,
    },
    /// People's Hero: the declarer may clear one Outrage.
    Hero { seat: Seat, card: CardId },
    /// Sower of Division: which Rival, or none.
    SowRival { seat: Seat, card: CardId },
    /// Sower of Division: which of `rival`'s empty Outrage slots.
    SowSlot {
        seat: Seat,
        card: CardId,
        rival: Seat,
    },
}

impl Procedure for Effect {
    fn seat_card(&self) -> (Seat, CardId) {
        match *self {
            Effect::SpyRival { seat, card }
            | Effect::SpyGive { seat, card, .. }
            | Effect::Hero { seat, card }
            | Effect::SowRival { seat, card }
            | Effect::SowSlot { seat, card, .. } => (seat, card),
            // The Rival gives: it decides.
            Effect::SpyReturn { card, rival, .. } => (rival, card),
        }
    }

    fn what(&self, _s: &GameState) -> String {
        match *self {
            Effect::SpyRival { .. } => "give your highest action card to which Rival?".into(),
            Effect::SpyGive { rival, .. } => {
                format!("give {rival} which of your highest action cards?")
            }
            Effect::SpyReturn { seat, .. } => {
                format!("give {seat} which of your highest action cards in return?")
            }
            Effect::Hero { .. } => "clear one of your Outrages (People's Hero)?".into(),
            Effect::SowRival { .. } => {
                "place one of your agents on which Rival's empty Outrage slot (Sower of Division)?"
                    .into()
            }
            Effect::SowSlot { rival, .. } => {
                format!("cover which of {rival}'s empty Outrage slots with your agent?")
            }
        }
    }

    fn choices(&self, s: &GameState, out: &mut Vec<Choice>) {
        match *self {
            Effect::SpyRival { seat, .. } => out.extend(s.rivals(seat).map(Choice::Player)),
            Effect::SpyGive { seat, .. } => out.extend(highest(s, seat).map(Choice::ActionCard)),
            Effect::SpyReturn { rival, .. } => {
                out.extend(highest(s, rival).map(Choice::ActionCard))
            }
            Effect::Hero { seat, .. } => {
                out.extend(hero_types(s, seat).map(Choice::Resource));
                out.push(Choice::No);
            }
            Effect::SowRival { seat, .. } => {
                out.extend(
                    s.rivals(seat)
                        .filter(|x| s.seat(*x).outrage != 0x1F)
                        .map(Choice::Player),
                );
                out.push(Choice::No);
            }
            Effect::SowSlot { rival, .. } => out.extend(
                Resource::ALL
                    .into_iter()
                    .filter(|r| !s.seat(rival).is_outraged(*r))
                    .map(Choice::Resource),
            ),
        }
    }

    fn resolve(self, s: &mut GameState, choice: Choice, ev: &mut dyn Sink) {
        match (self, choice) {
            (Effect::SpyRival { seat, card }, Choice::Player(rival)) => {
                s.set_top(Effect::SpyGive { seat, card, rival }.into());
            }
            (Effect::SpyGive { seat, card, rival }, Choice::ActionCard(g)) => {
                s.seat_mut(seat).hand.remove(g);
                s.seat_mut(rival).hand.insert(g);
                s.set_top(Effect::SpyReturn { seat, card, rival }.into());
                log!(
                    ev,
                    "spy",
                    Some(seat),
                    "{seat} gives {rival} their highest action card (Informants)."
                );
                // The giver knows its card; the Rival learns it (R-UNDO-1).
                let g = g.full_name();
                crate::log_own!(ev, seat, "spy", "You give {g} to {rival}.");
                crate::log_reveal!(ev, rival, "spy", "{seat} gives you {g} (Informants).");
            }
            (Effect::SpyReturn { seat, rival, .. }, Choice::ActionCard(t)) => {
                s.pop();
                s.seat_mut(rival).hand.remove(t);
                s.seat_mut(seat).hand.insert(t);
                log!(
                    ev,
                    "spy",
                    Some(rival),
                    "{rival} gives {seat} their highest action card in return."
                );
                let t = t.full_name();
                crate::log_own!(ev, rival, "spy", "You give {t} to {seat}.");
                // What the Rival gives back tells about its hand, even when
                // it is the card just given.
                crate::log_reveal!(ev, seat, "spy", "{rival} gives you {t}.");
            }
            (Effect::Hero { seat, card }, Choice::Resource(r)) => {
                s.pop();
                log!(
                    ev,
                    "lore",
                    Some(seat),
                    "People's Hero: {seat} has more {} Guild cards than each Rival.",
                    resource_name(r)
                );
                crate::cards::clear_outrage(s, seat, r, ev);
                crate::campaign::fates::notify(s, FateEvent::Used { seat, card }, ev);
            }
            (Effect::SowRival { seat, card }, Choice::Player(rival)) => {
                s.set_top(Effect::SowSlot { seat, card, rival }.into());
            }
            (Effect::SowSlot { seat, rival, .. }, Choice::Resource(r)) => {
                s.pop();
                sow(s, seat, rival, r, ev);
            }
            // Declined, or not a legal choice here (`Game::apply` checks).
            _ => s.pop(),
        }
    }

    fn describe(&self, d: &Describer, c: Choice) -> Option<String> {
        Some(match (*self, c) {
            (Effect::SpyRival { .. }, Choice::Player(p)) => {
                format!("Give your highest action card to {}", d.seat_name(p))
            }
            (Effect::SpyGive { rival, .. }, Choice::ActionCard(a)) => {
                format!("Give {} to {}", action_card_name(a), d.seat_name(rival))
            }
            (Effect::SpyReturn { seat, .. }, Choice::ActionCard(a)) => {
                format!(
                    "Give {} to {} in return",
                    action_card_name(a),
                    d.seat_name(seat)
                )
            }
            (Effect::Hero { .. }, Choice::Resource(r)) => {
                format!("Clear your {} Outrage", resource_name(r))
            }
            (Effect::Hero { .. }, Choice::No) => "Keep your Outrage".into(),
            (Effect::SowRival { .. }, Choice::Player(p)) => {
                format!("Cover one of {}'s empty Outrage slots", d.seat_name(p))
            }
            (Effect::SowRival { .. }, Choice::No) => "Place no agent".into(),
            (Effect::SowSlot { rival, .. }, Choice::Resource(r)) => format!(
                "Cover {}'s {} Outrage slot",
                d.seat_name(rival),
                resource_name(r)
            ),
            _ => return None,
        })
    }
}

/// Sower of Division: `seat`'s agent covers `rival`'s empty `r` Outrage
/// slot, without Provoking Outrage.
fn sow(s: &mut GameState, seat: Seat, rival: Seat, r: Resource, ev: &mut dyn Sink) {
    if s.seat(seat).agents == 0 || s.seat(rival).is_outraged(r) {
        return;
    }
    let Some(c) = s.campaign_mut() else { return };
    c.sown.by[rival.index()][r.index()] = Some(seat);
    s.seat_mut(seat).agents -= 1;
    s.seat_mut(rival).outrage |= 1 << r.index();
    log!(
        ev,
        "lore",
        Some(seat),
        "Sower of Division: {seat} places an agent on {rival}'s {} Outrage slot; {rival} is now \
         Outraged by {} (without discarding anything).",
        resource_name(r),
        resource_name(r)
    );
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::event::NoEvents;

    fn state(setup: &str) -> GameState {
        crate::campaign::scenario::test_state(setup)
    }

    #[test]
    fn every_partisan_card_has_passing_scenarios() {
        crate::cards::testing::family_scenarios(super::CARDS);
    }

    /// F625: a sown slot Outrages the Rival without its agent; clearing it
    /// (People's Hero, a lore Prelude…) sends the agent home to the Sower,
    /// and the pieces stay conserved throughout.
    #[test]
    fn f625_a_cleared_slot_returns_the_sowers_agent() {
        let mut s = state("act 3\nfate P1 Partisan\nP1 lore F625");
        let (p1, p2) = (Seat(0), Seat(1));
        sow(&mut s, p1, p2, Resource::Relic, &mut NoEvents);
        assert!(s.seat(p2).is_outraged(Resource::Relic));
        assert_eq!((s.seat(p1).agents, s.seat(p2).agents), (9, 10));
        crate::invariants::check(&s).expect("conserved while sown");
        // Provoking it again changes nothing: the slot is covered.
        crate::actions::outrage::provoke_outrage(&mut s, p2, Resource::Relic, &mut NoEvents);
        assert_eq!((s.seat(p1).agents, s.seat(p2).agents), (9, 10));
        crate::cards::clear_outrage(&mut s, p2, Resource::Relic, &mut NoEvents);
        assert!(!s.seat(p2).is_outraged(Resource::Relic));
        assert_eq!((s.seat(p1).agents, s.seat(p2).agents), (10, 10));
        assert!(s.campaign().unwrap().sown.is_none());
        crate::invariants::check(&s).expect("conserved after");
    }

    /// F624B: (a) strictly more Guild cards than each Rival; (b) the
    /// initiative marker.
    #[test]
    fn f624b_grand_ambitions() {
        let grand = |extra: &str| {
            let s = state(&format!("act 3\nfate P1 Partisan\n{extra}"));
            grand_ambitions(&s, Seat(0))
        };
        assert_eq!(grand("P1 guild CC01 CC02\nP2 guild CC03\ninitiative P1"), 2);
        assert_eq!(grand("P1 guild CC01 CC02\nP2 guild CC03\ninitiative P2"), 1);
        // A tie with one Rival is not "more than each Rival".
        assert_eq!(grand("P1 guild CC01\nP3 guild CC03\ninitiative P2"), 0);
        assert_eq!(grand("initiative P1"), 1);
    }

    /// F603 "Scrap this and clear all your Outrage if you're not the
    /// Partisan": a seat leaving the Partisan with the card loses it and
    /// its Outrage (R-CAMP-F603); without the card, leaving changes nothing.
    #[test]
    fn f603_leaving_the_partisan_scraps_seizing() {
        let mut s = state("fate P1 Partisan\nP1 ability F603\nP1 outrage fuel\nP1 outrage relic");
        leave(&mut s, Seat(0), &mut NoEvents);
        let st = s.seat(Seat(0));
        assert!(!st.abilities().contains(&id(SEIZING)));
        assert_eq!((st.outrage, st.agents), (0, 10));
        assert!(s.campaign().unwrap().court_scrapped.contains(&id(SEIZING)));
        crate::invariants::check(&s).expect("conserved");

        let mut s = state("fate P1 Partisan\nP1 outrage fuel");
        leave(&mut s, Seat(0), &mut NoEvents);
        assert!(s.seat(Seat(0)).is_outraged(Resource::Fuel));
    }
}
