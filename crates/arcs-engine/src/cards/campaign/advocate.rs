//! The Advocate (Fate Set 4, an "A" Fate). Act I: its setup (F401A), its
//! objective (F401B), Guild Investigators (F402) and Guild Overseers
//! (F403). Its Act I Resolution (F404) and the cards that adds: the five
//! Liaisons (F405–F409), Diplomatic Fiasco (F410, a reprint of CC13) and
//! Guild Struggle (F411). Act II: its setup (F412A), objective (F412B),
//! the Advocate's Demand edict (F413), Guild Negotiations (F414, the
//! Summit's Transfer Guild Support in `campaign::summit`), its Resolution
//! (F415), Guild Fair (F416), the Guildmasters (F417–F421) and Guilds
//! Withdraw (F422). Act III: its setup (F423A), grand ambitions (F423B),
//! Guild Loyalty (F424) and the Guild Supremacy law (F425, its reminder
//! F426). Campaign rules p8, p16–17, p27–28; `reference/campaign.md` §2.4.
//!
//! Guild Overseers is a restriction on its holder: the actions of its
//! Guild cards (Prelude abilities, new actions) are offered only while it
//! would gain Power if the chapter were scored now — the hook
//! `Behavior::guild_actions_if`, read where a turn lists card actions
//! (`cards::may_use_actions`). Its When Secured (an Act II matter by
//! F401A, but in Act I too once Recover has put the card back in the
//! Court) searches the Court deck, whose contents only the searcher sees.
//! Rulings R-CAMP-ADVOCATE-… in docs/rulings.md.

use crate::campaign::attach;
use crate::campaign::crises::{remove_card, Removal};
use crate::campaign::fates::{add_to_court_deck, advance_objective, scrap, FateDef, FateEvent};
use crate::cards::frame::Procedure;
use crate::cards::{Behavior, NewAction, PreludeAbility};
use crate::choice::Choice;
use crate::data::CardKind;
use crate::describe::{card_name, resource_name, Describer};
use crate::event::Sink;
use crate::ids::*;
use crate::log;
use crate::state::GameState;
use serde::{Deserialize, Serialize};

/// The Advocate's cards with behaviour (Diplomatic Fiasco, F410, reprints
/// the campaign Court's CC13).
pub static CARDS: &[&Behavior] = &[
    &GUILD_INVESTIGATORS,
    &GUILD_OVERSEERS,
    &MATERIAL_LIAISONS,
    &FUEL_LIAISONS,
    &WEAPONS_LIAISONS,
    &RELIC_LIAISONS,
    &PSIONIC_LIAISONS,
    &GUILD_STRUGGLE,
    &ADVOCATES_DEMAND,
    &GUILD_NEGOTIATIONS,
    &GUILD_FAIR,
    &MATERIAL_GUILDMASTERS,
    &FUEL_GUILDMASTERS,
    &WEAPONS_GUILDMASTERS,
    &RELIC_GUILDMASTERS,
    &PSIONIC_GUILDMASTERS,
    &GUILDS_WITHDRAW,
    &GUILD_LOYALTY,
    &GUILD_SUPREMACY,
    &GUILD_SUPREMACY_REMINDER,
];

/// The Fate.
pub static FATE: FateDef = FateDef {
    number: 4,
    card: "ARCS-FATE04",
    setup: [
        Some(setup_act_one),
        Some(setup_act_two),
        Some(setup_act_three),
    ],
    resolution: Some(resolution),
    resolutions: ["ARCS-F404", "ARCS-F415"],
    on: Some(objective),
    grand: Some(grand_ambitions),
    final_objective: false,
    leave: None,
};

/// Whether `fate` is the Advocate's Fate card (Guild Negotiations asks its
/// consent; the Advocate's Demand needs it in play).
pub fn is_advocate(fate: CardId) -> bool {
    fate == crate::card_id!("ARCS-FATE04")
}

/// The seat playing the Advocate, if any.
fn advocate_seat(s: &GameState) -> Option<Seat> {
    let c = s.campaign()?;
    s.seat_ids()
        .find(|x| c.fates[x.index()].is_some_and(is_advocate))
}

fn id(code: &str) -> CardId {
    CardId::parse(code).expect("an Advocate card")
}

fn ids(codes: &[&str]) -> Vec<CardId> {
    codes.iter().map(|c| id(c)).collect()
}

/// The Liaisons (F405–F409), by suit: Material, Fuel, Weapon, Relic,
/// Psionic (`Resource::index`).
const LIAISONS: [&str; 5] = [
    "ARCS-F405",
    "ARCS-F406",
    "ARCS-F407",
    "ARCS-F408",
    "ARCS-F409",
];
const FIASCO: &str = "ARCS-F410";
const STRUGGLE: &str = "ARCS-F411";
const DEMAND: &str = "ARCS-F413";
const FAIR: &str = "ARCS-F416";
const GUILDMASTERS: [&str; 5] = [
    "ARCS-F417",
    "ARCS-F418",
    "ARCS-F419",
    "ARCS-F420",
    "ARCS-F421",
];
const WITHDRAW: &str = "ARCS-F422";

/// The Advocate's Resolution card for the Act that ended (the
/// Intermission's step A, p28).
fn resolution(s: &mut GameState, seat: Seat, act: u8, done: bool, ev: &mut dyn Sink) {
    if act == 1 {
        resolve_act_one(s, seat, done, ev);
    } else {
        resolve_act_two(s, seat, done, ev);
    }
}

/// Takes `card` out of whichever seat's Guild cards hold it (a Resolution
/// adds the Advocate's Guild Overseers to the Court deck from its play
/// area, or from wherever it went meanwhile).
fn take_from_seats(s: &mut GameState, card: CardId) -> bool {
    for x in Seat::all(s.players) {
        if s.seat_mut(x).remove_guild(card) {
            crate::campaign::stored::release(s, card);
            return true;
        }
    }
    false
}

/// F404. Completed: Guild Overseers, the 5 Liaisons and Diplomatic Fiasco
/// to the Court deck; scrap Guild Struggle. Failed: Guild Overseers to the
/// Court deck; each Liaison of a suit the Advocate has more Guild cards of
/// than each Rival to the Court deck, the others scrapped; scrap
/// Diplomatic Fiasco; Guild Struggle to the Court deck. Guild Overseers
/// goes from wherever it is held, or stays where it is if it is in the
/// Court, its deck or discard pile already (R-CAMP-F404).
fn resolve_act_one(s: &mut GameState, seat: Seat, done: bool, ev: &mut dyn Sink) {
    let overseers = overseers();
    if take_from_seats(s, overseers) || !crate::campaign::fates::in_play(s, overseers) {
        add_to_court_deck(s, &[overseers]);
    }
    if done {
        let mut add = ids(&LIAISONS);
        add.push(id(FIASCO));
        add_to_court_deck(s, &add);
        scrap(s, &[id(STRUGGLE)]);
        log!(
            ev,
            "intermission",
            Some(seat),
            "The Advocate's Resolution, objective completed: Guild Overseers, the five Liaisons \
             and Diplomatic Fiasco join the Court deck; Guild Struggle is scrapped."
        );
    } else {
        let (mut kept, mut gone) = (Vec::new(), Vec::new());
        for r in Resource::ALL {
            let card = id(LIAISONS[r.index()]);
            if leads_suit(s, seat, r) {
                kept.push(card);
            } else {
                gone.push(card);
            }
        }
        add_to_court_deck(s, &kept);
        scrap(s, &gone);
        scrap(s, &[id(FIASCO)]);
        add_to_court_deck(s, &[id(STRUGGLE)]);
        let names: Vec<&str> = kept.iter().map(|c| c.name()).collect();
        log!(
            ev,
            "intermission",
            Some(seat),
            "The Advocate's Resolution, objective failed: Guild Overseers{} join the Court deck; \
             the other Liaisons and Diplomatic Fiasco are scrapped; Guild Struggle joins the \
             Court deck.",
            if names.is_empty() {
                String::new()
            } else {
                format!(", {}", names.join(", "))
            }
        );
    }
}

/// Whether `seat` has more Guild cards of suit `r` than each Rival.
fn leads_suit(s: &GameState, seat: Seat, r: Resource) -> bool {
    let of = |x: Seat| suit_count(s, x, r);
    s.rivals(seat).all(|x| of(x) < of(seat))
}

fn suit_count(s: &GameState, seat: Seat, r: Resource) -> usize {
    s.seat(seat)
        .guild()
        .iter()
        .filter(|c| c.info().suit == Some(r))
        .count()
}

/// The different suits among `seat`'s Guild cards.
fn suits(s: &GameState, seat: Seat) -> u8 {
    Resource::ALL
        .into_iter()
        .filter(|r| suit_count(s, seat, *r) > 0)
        .count() as u8
}

/// F415. Completed: Guild Fair and the 5 Guildmasters to the Court deck;
/// scrap Guilds Withdraw. Failed: scrap Guild Fair and the Guildmasters;
/// Guilds Withdraw to the Court deck; the Advocate's Demand leaves the
/// rules booklet, scrapped.
fn resolve_act_two(s: &mut GameState, seat: Seat, done: bool, ev: &mut dyn Sink) {
    let mut fair = vec![id(FAIR)];
    fair.extend(ids(&GUILDMASTERS));
    if done {
        add_to_court_deck(s, &fair);
        scrap(s, &[id(WITHDRAW)]);
        log!(
            ev,
            "intermission",
            Some(seat),
            "The Advocate's Act II Resolution, objective completed: Guild Fair and the five \
             Guildmasters join the Court deck; Guilds Withdraw is scrapped."
        );
    } else {
        scrap(s, &fair);
        add_to_court_deck(s, &[id(WITHDRAW)]);
        remove_from_booklet(s, id(DEMAND));
        log!(
            ev,
            "intermission",
            Some(seat),
            "The Advocate's Act II Resolution, objective failed: Guild Fair and the Guildmasters \
             are scrapped; Guilds Withdraw joins the Court deck; the Advocate's Demand leaves \
             the rules booklet, scrapped."
        );
    }
}

/// A card leaves the rules booklet for good.
fn remove_from_booklet(s: &mut GameState, card: CardId) {
    if let Some(c) = s.campaign_mut() {
        if let Some(i) = c.booklet.iter().position(|x| *x == card) {
            c.booklet.remove(i);
        }
    }
    scrap(s, &[card]);
}

/// Puts a card in the rules booklet (once).
fn to_booklet(s: &mut GameState, card: CardId) {
    if let Some(c) = s.campaign_mut() {
        if !c.booklet.contains(&card) {
            let _ = c.booklet.try_push(card);
        }
    }
}

/// F412A: the Advocate's Demand edict and Guild Negotiations to the rules
/// booklet, explained to everyone.
fn setup_act_two(s: &mut GameState, seat: Seat, ev: &mut dyn Sink) {
    to_booklet(s, id(DEMAND));
    to_booklet(s, id("ARCS-F414"));
    log!(
        ev,
        "setup",
        Some(seat),
        "The Advocate's Demand joins the rules booklet: at each Edicts, the Advocate may demand a \
         Rival's Guild card of a suit the Advocate has none of; the Rival gives it and takes a \
         Favor from the Advocate, or gives the Advocate a Favor. Guild Negotiations joins it too: \
         in Summits, a player may give a Guild card (Transfer Guild Support) with the Advocate's \
         consent."
    );
}

/// F423A: gain Guild Loyalty; Guild Supremacy to the rules booklet, its
/// second copy by the ambition boxes as a reminder.
fn setup_act_three(s: &mut GameState, seat: Seat, ev: &mut dyn Sink) {
    s.seat_mut(seat).add_lore(id("ARCS-F424"));
    to_booklet(s, id("ARCS-F425"));
    log!(
        ev,
        "setup",
        Some(seat),
        "{seat} gains Guild Loyalty. Guild Supremacy joins the rules booklet: when scoring, Guild \
         cards count twice; its second copy lies by the ambition boxes as a reminder."
    );
}

/// F423B *Consolidate Guild Supremacy* (Act III grand ambitions): (a) more
/// different Guild suits than the current chapter's number; (b) Guild
/// cards are more than half of the Court's cards, the Imperial Council and
/// attached cards counted (R-CAMP-F423B).
fn grand_ambitions(s: &GameState, seat: Seat) -> u8 {
    let (mut cards, mut guild) = (0usize, 0usize);
    for (pos, slot) in s.court.iter().enumerate() {
        for c in slot.card.into_iter().chain(attach::attached(s, pos)) {
            cards += 1;
            guild += is_guild(c) as usize;
        }
    }
    (suits(s, seat) > s.chapter) as u8 + (guild * 2 > cards) as u8
}

fn investigators() -> CardId {
    crate::card_id!("ARCS-F402")
}

fn overseers() -> CardId {
    crate::card_id!("ARCS-F403")
}

fn is_guild(c: CardId) -> bool {
    c.info().kind == CardKind::Guild
}

/// F401A: gain Guild Investigators and Guild Overseers (both protected
/// Guild cards). Overseers' When Secured is not resolved now: it matters
/// only once the card is secured from the Court (R-CAMP-ADVOCATE-SETUP).
fn setup_act_one(s: &mut GameState, seat: Seat, ev: &mut dyn Sink) {
    s.seat_mut(seat).add_guild(investigators());
    s.seat_mut(seat).add_guild(overseers());
    log!(
        ev,
        "setup",
        Some(seat),
        "{seat} gains Guild Investigators and Guild Overseers."
    );
}

/// F401B. *Prove Yourself to the Overseers*: while the Advocate has Guild
/// Overseers, advance 3 each time it uses the Prelude action of a Guild
/// card that discards itself (a Union's Prelude does not: the Union is
/// discarded only at the round's end, R-CAMP-ADVOCATE-SELF). *Keep the
/// Guilds in Power*: while it has Guild Overseers, advance 2 each time it
/// takes the Recover action of its Guild Investigators.
fn objective(s: &mut GameState, me: Seat, e: &FateEvent, ev: &mut dyn Sink) {
    crate::campaign::fates::act_objective(s, me, e, ev, [objective_act_one, objective_act_two]);
}

/// F412B. *Connect with the Guilds*: at the end of a chapter, advance 1
/// for each different suit of Guild card the Advocate has. *Improve Your
/// Standing*: at the end of a chapter, advance 1 for each Rival it has
/// more Guild cards than.
fn objective_act_two(s: &mut GameState, me: Seat, e: &FateEvent, ev: &mut dyn Sink) {
    if !matches!(e, FateEvent::ChapterEnd) {
        return;
    }
    let mine = s.seat(me).guild().len();
    let n = suits(s, me)
        + s.rivals(me)
            .filter(|x| s.seat(*x).guild().len() < mine)
            .count() as u8;
    advance_objective(s, me, n, ev);
}

/// F401B (see [`objective`]).
fn objective_act_one(s: &mut GameState, me: Seat, e: &FateEvent, ev: &mut dyn Sink) {
    if !s.seat(me).guild().contains(&overseers()) {
        return;
    }
    let (n, why) = match *e {
        FateEvent::Prelude {
            seat,
            card,
            discarded: true,
        } if seat == me && is_guild(card) => (
            3,
            format!("Prove Yourself to the Overseers: {me} discards {card} for its Prelude"),
        ),
        FateEvent::NewAction { seat, card, .. } if seat == me && card == investigators() => (
            2,
            format!("Keep the Guilds in Power: {me} takes Guild Investigators' Recover"),
        ),
        _ => return,
    };
    if s.campaign().is_some_and(|c| c.objective[me.index()] > 0) {
        log!(ev, "objective", Some(me), "{why}.");
        advance_objective(s, me, n, ev);
    }
}

/// F402 Guild Investigators (Guild, Psionic, protected): *Recover (Move)*:
/// attach the topmost Guild card of the Court discard pile to a card in
/// the Court with no agents (and none attached, p27; the Imperial Council
/// counts; R-CAMP-ADVOCATE-RECOVER).
pub static GUILD_INVESTIGATORS: Behavior = Behavior {
    code: "ARCS-F402",
    new_actions: &[NewAction {
        name: "Recover",
        std: StdAction::Move,
        possible: recover_possible,
        start: |s, seat, _, _| {
            if let Some(guild) = top_guild(s) {
                let card = investigators();
                s.push(Effect::Recover { seat, card, guild }.into());
            }
        },
    }],
    ..Behavior::NONE
};

/// F403 Guild Overseers (Guild, Relic, protected): its holder uses the
/// actions of its Guild cards only while it would gain Power in a
/// declared ambition if the chapter were scored now; *When Secured*:
/// search the Court deck and discard pile for any 1 Guild card
/// (R-CAMP-ADVOCATE-SEARCH).
pub static GUILD_OVERSEERS: Behavior = Behavior {
    code: "ARCS-F403",
    guild_actions_if: Some(would_gain_power),
    on_secured: Some(|s, seat, card, ev| {
        crate::cards::gain_secured_guild(s, seat, card, ev);
        if guild_in_discard(s).next().is_some() || !s.court_deck.is_empty() {
            s.push(
                Effect::Search {
                    seat,
                    card,
                    deck: false,
                }
                .into(),
            );
        } else {
            log!(
                ev,
                "court",
                Some(seat),
                "Guild Overseers: the Court deck and discard pile are empty of Guild cards; \
                 {seat} takes none."
            );
        }
    }),
    ..Behavior::NONE
};

/// "In first or second place for a declared ambition (that is, you'd gain
/// Power if it scored now)": some declared ambition, scored as it stands
/// (`flow::score_ambition`, the scoring's own function: ties, the
/// 2-player phantom), gives `seat` Power (docs/rulings.md
/// R-CAMP-ADVOCATE-OVERSEERS).
pub fn would_gain_power(s: &GameState, seat: Seat) -> bool {
    Ambition::ALL.into_iter().any(|a| {
        s.ambition_declared(a)
            && crate::flow::score_ambition(s, a)
                .awards
                .iter()
                .any(|w| w.seat == seat && w.power > 0)
    })
}

/// The topmost Guild card of the Court discard pile (Vox cards above it
/// are passed over).
pub fn top_guild(s: &GameState) -> Option<CardId> {
    s.court_discard.iter().rev().copied().find(|c| is_guild(*c))
}

/// Recover needs a Guild card in the Court discard pile and a Court card
/// with no agents and none attached (attachments are a campaign matter).
fn recover_possible(s: &GameState, _seat: Seat) -> bool {
    s.is_campaign() && top_guild(s).is_some() && attach::targets(s, true).next().is_some()
}

/// The Guild cards of the Court discard pile, topmost first.
fn guild_in_discard(s: &GameState) -> impl Iterator<Item = CardId> + '_ {
    s.court_discard
        .iter()
        .rev()
        .copied()
        .filter(|c| is_guild(*c))
}

/// The Guild cards of the Court deck, by catalog order: never in deck
/// order, which stays hidden (even the searcher's choices do not show
/// it).
fn guild_in_deck(s: &GameState) -> Vec<CardId> {
    let mut v: Vec<CardId> = s
        .court_deck
        .iter()
        .copied()
        .filter(|c| is_guild(*c))
        .collect();
    v.sort();
    v
}

/// The ambition a Liaison's Prelude declares, by its suit.
fn liaison_ambition(r: Resource) -> Ambition {
    match r {
        Resource::Material | Resource::Fuel => Ambition::Tycoon,
        Resource::Weapon => Ambition::Warlord,
        Resource::Relic => Ambition::Keeper,
        Resource::Psionic => Ambition::Empath,
    }
}

/// A Liaison's Prelude: a Court card with no agents (and none attached)
/// to attach it to, and an ambition marker to declare with.
fn liaison_possible(s: &GameState, _seat: Seat) -> bool {
    s.is_campaign()
        && s.best_available_marker().is_some()
        && attach::targets(s, true).next().is_some()
}

fn liaison_prelude(s: &mut GameState, seat: Seat, card: CardId, _ev: &mut dyn Sink) {
    s.push(Effect::Liaison { seat, card }.into());
}

/// F405–F409 the Liaisons (Guild): "When you Copy to ACTION, you may gain
/// 1 RESOURCE. Prelude: You may attach this to a Court card with no agents
/// to declare the AMBITION ambition." (R-CAMP-F405).
macro_rules! liaison {
    ($name:ident, $code:expr, $std:expr, $r:expr, $what:expr) => {
        pub static $name: Behavior = Behavior {
            code: $code,
            copy_gain: Some(($std, $r)),
            preludes: &[PreludeAbility {
                what: $what,
                discard: false,
                first: false,
                once_per_turn: false,
                possible: liaison_possible,
                run: liaison_prelude,
            }],
            ..Behavior::NONE
        };
    };
}

liaison!(
    MATERIAL_LIAISONS,
    "ARCS-F405",
    StdAction::Build,
    Resource::Material,
    "attach this to a Court card with no agents and declare Tycoon"
);
liaison!(
    FUEL_LIAISONS,
    "ARCS-F406",
    StdAction::Move,
    Resource::Fuel,
    "attach this to a Court card with no agents and declare Tycoon"
);
liaison!(
    WEAPONS_LIAISONS,
    "ARCS-F407",
    StdAction::Battle,
    Resource::Weapon,
    "attach this to a Court card with no agents and declare Warlord"
);
liaison!(
    RELIC_LIAISONS,
    "ARCS-F408",
    StdAction::Secure,
    Resource::Relic,
    "attach this to a Court card with no agents and declare Keeper"
);
liaison!(
    PSIONIC_LIAISONS,
    "ARCS-F409",
    StdAction::Influence,
    Resource::Psionic,
    "attach this to a Court card with no agents and declare Empath"
);

/// F411 Guild Struggle (Vox). Crisis: in turn order, each player gives 1
/// Guild card to its left (the next player in turn order), never the card
/// it was just given; bury this. When Secured: as the base card (C-BC30:
/// may steal a Guild card, the Court discard pile's Guild cards shuffled
/// into the deck), but this one is buried, not discarded.
pub static GUILD_STRUGGLE: Behavior = Behavior {
    code: STRUGGLE,
    crisis: Some(|s, pos, card, _ev| {
        if !struggle_next(s, card, pos as u8, 0, None) {
            remove_card(s, pos, card, Removal::Bury);
        }
    }),
    on_secured: Some(|s, seat, card, _| {
        s.push(crate::cards::court::vox::guild_struggle(seat, card, true).into());
    }),
    ..Behavior::NONE
};

/// Guild cards `seat` can give away or bury from its play area: not
/// protected ones (p27) and not `except`.
fn movable_guild(s: &GameState, seat: Seat, except: Option<CardId>) -> Vec<CardId> {
    s.seat(seat)
        .guild()
        .iter()
        .copied()
        .filter(|c| Some(*c) != except && !crate::campaign::data::protected(*c))
        .collect()
}

/// Guild Struggle's Crisis from turn-order place `idx` on (`received`: the
/// card the seat there was just given): pushes the next giver's choice,
/// or `false` when nobody is left to give.
fn struggle_next(
    s: &mut GameState,
    card: CardId,
    pos: u8,
    idx: u8,
    mut received: Option<CardId>,
) -> bool {
    let order: Vec<Seat> = s.turn_order().collect();
    for (i, &x) in order.iter().enumerate().skip(idx as usize) {
        if !movable_guild(s, x, received).is_empty() {
            s.push(
                Effect::Struggle {
                    seat: x,
                    card,
                    pos,
                    idx: i as u8,
                    received,
                }
                .into(),
            );
            return true;
        }
        received = None;
    }
    false
}

/// F413 Advocate's Demand (Edict 45): scrapped if the Advocate is not in
/// play; otherwise the Advocate may choose a Rival's Guild card of a suit
/// none of its own Guild cards has; that Rival gives it (taking a Favor
/// from the Advocate) or gives the Advocate a Favor (R-CAMP-F413).
pub static ADVOCATES_DEMAND: Behavior = Behavior {
    code: DEMAND,
    edict: Some(|s, card, ev| {
        let Some(adv) = advocate_seat(s) else {
            remove_from_booklet(s, card);
            log!(
                ev,
                "edict",
                None,
                "The Advocate is not in play: the Advocate's Demand is scrapped."
            );
            return;
        };
        if demandable(s, adv).next().is_some() {
            s.push(Effect::Demand { seat: adv, card }.into());
        } else {
            log!(
                ev,
                "edict",
                Some(adv),
                "The Advocate's Demand: no Rival holds a Guild card {adv} may demand."
            );
        }
    }),
    ..Behavior::NONE
};

/// The Rivals' Guild cards the Advocate may demand: of a suit none of its
/// own Guild cards has, and whose holder can answer (give it and take a
/// Favor, or give a Favor).
fn demandable(s: &GameState, adv: Seat) -> impl Iterator<Item = CardId> + '_ {
    let mine: u8 = s
        .seat(adv)
        .guild()
        .iter()
        .filter_map(|c| c.info().suit)
        .fold(0, |m, r| m | 1 << r.index());
    s.rivals(adv).flat_map(move |x| {
        let answers = s.seat(adv).agents > 0 || s.seat(x).agents > 0;
        s.seat(x)
            .guild()
            .iter()
            .copied()
            .filter(move |c| answers && c.info().suit.is_some_and(|r| mine & 1 << r.index() == 0))
    })
}

/// Promise Favor: one of `giver`'s agents from its supply onto `holder`'s
/// Fate card (p17).
fn promise_favor(s: &mut GameState, giver: Seat, holder: Seat) -> bool {
    if s.seat(giver).agents == 0 {
        return false;
    }
    let Some(c) = s.campaign_mut() else {
        return false;
    };
    c.favors[holder.index()][giver.index()] += 1;
    s.seat_mut(giver).agents -= 1;
    true
}

/// F414 Guild Negotiations (in the rules booklet): Transfer Guild Support,
/// a Negotiation action (`campaign::summit`).
pub static GUILD_NEGOTIATIONS: Behavior = Behavior {
    code: "ARCS-F414",
    guild_support: true,
    ..Behavior::NONE
};

/// F416 Guild Fair (Vox). Crisis: players secure every Guild card in the
/// Court they can now (in Court order); bury this. When Secured: every
/// Rival agent on a Guild card in the Court goes home; the securer
/// secures every Guild card it can; bury this (R-CAMP-F416).
pub static GUILD_FAIR: Behavior = Behavior {
    code: FAIR,
    crisis: Some(|s, pos, card, ev| {
        let guilds = guild_positions(s);
        for p in guilds {
            if let Some(x) = s
                .turn_order()
                .find(|x| crate::actions::court::securable(s, *x, p))
            {
                log!(
                    ev,
                    "crisis",
                    Some(x),
                    "Guild Fair: {x} secures a Guild card."
                );
                crate::actions::court::take_card(
                    s,
                    x,
                    p,
                    crate::actions::court::OthersAgents::Captured,
                    ev,
                );
            }
        }
        remove_card(s, pos, card, Removal::Bury);
    }),
    on_secured: Some(|s, seat, card, ev| {
        s.court_deck.bury(card);
        for p in guild_positions(s) {
            for x in s.rivals(seat).collect::<Vec<_>>() {
                let n = std::mem::take(&mut s.court[p].agents[x.index()]);
                if n > 0 {
                    s.return_agents(x, n);
                }
            }
        }
        log!(
            ev,
            "court",
            Some(seat),
            "Guild Fair: every Rival agent on a Guild card in the Court returns to its owner."
        );
        for p in guild_positions(s) {
            if crate::actions::court::securable(s, seat, p) {
                crate::actions::court::take_card(
                    s,
                    seat,
                    p,
                    crate::actions::court::OthersAgents::Captured,
                    ev,
                );
            }
        }
    }),
    ..Behavior::NONE
};

/// Court positions holding a Guild card.
fn guild_positions(s: &GameState) -> Vec<usize> {
    (0..s.court.len())
        .filter(|p| s.court[*p].card.is_some_and(is_guild))
        .collect()
}

/// F417–F421 the Guildmasters (Guild): "When you declare AMBITION, you may
/// steal a SUIT Guild card." One declare hook per card, its suit read
/// from the card.
macro_rules! guildmasters {
    ($name:ident, $code:expr) => {
        pub static $name: Behavior = Behavior {
            code: $code,
            on_declare: Some(|s, seat, a, _| {
                guildmaster_declared(s, seat, a, crate::card_id!($code))
            }),
            ..Behavior::NONE
        };
    };
}

guildmasters!(MATERIAL_GUILDMASTERS, "ARCS-F417");
guildmasters!(FUEL_GUILDMASTERS, "ARCS-F418");
guildmasters!(WEAPONS_GUILDMASTERS, "ARCS-F419");
guildmasters!(RELIC_GUILDMASTERS, "ARCS-F420");
guildmasters!(PSIONIC_GUILDMASTERS, "ARCS-F421");

/// A Guildmasters' holder declared `a`: if it is the card's ambition, it
/// may steal a Guild card of the card's suit.
fn guildmaster_declared(s: &mut GameState, seat: Seat, a: Ambition, card: CardId) {
    let Some(r) = card.info().suit else { return };
    if s.is_campaign() && liaison_ambition(r) == a && !guildmaster_loot(s, seat, r).is_empty() {
        s.push(Effect::Guildmaster { seat, card, r }.into());
    }
}

/// The steals of a Guild card of suit `r` open to `seat`.
fn guildmaster_loot(s: &GameState, seat: Seat, r: Resource) -> Vec<Choice> {
    let mut v = Vec::new();
    crate::cards::shared::steal_choices(s, seat, crate::cards::shared::StealFilter::Guild, &mut v);
    v.retain(|c| {
        matches!(c, Choice::Steal { loot: crate::choice::Loot::Card(x), .. }
            if x.info().suit == Some(r))
    });
    v
}

/// F422 Guilds Withdraw (Vox). Crisis: if an arrow or a hex was rolled,
/// each player in turn order buries 1 Guild card; bury this. When
/// Secured: each Rival buries 1 Guild card; bury this. Protected Guild
/// cards never leave (p27): a player with only those buries none.
pub static GUILDS_WITHDRAW: Behavior = Behavior {
    code: WITHDRAW,
    crisis: Some(|s, pos, card, ev| {
        let symbol = s
            .campaign()
            .and_then(|c| c.event_die)
            .map_or(0, |f| f.symbol);
        if symbol == 1 || symbol == 3 {
            log!(
                ev,
                "crisis",
                None,
                "Guilds Withdraw: each player buries a Guild card."
            );
            if withdraw_next(s, card, pos as u8, None, 0) {
                return;
            }
        }
        remove_card(s, pos, card, Removal::Bury);
    }),
    on_secured: Some(|s, seat, card, _| {
        // Buried after the Rivals' cards, as the text orders.
        if !withdraw_next(s, card, NO_POS, Some(seat), 0) {
            s.court_deck.bury(card);
        }
    }),
    ..Behavior::NONE
};

/// No Court position: Guilds Withdraw was secured (buried once the Rivals
/// have buried theirs).
const NO_POS: u8 = u8::MAX;

/// Guilds Withdraw from turn-order place `idx` on (`securer`: its Rivals
/// only): pushes the next player's burial, or `false` when none is left.
fn withdraw_next(s: &mut GameState, card: CardId, pos: u8, securer: Option<Seat>, idx: u8) -> bool {
    let order: Vec<Seat> = match securer {
        Some(x) => s.order_from(x).collect(),
        None => s.turn_order().collect(),
    };
    for (i, &x) in order.iter().enumerate().skip(idx as usize) {
        if Some(x) != securer && !movable_guild(s, x, None).is_empty() {
            s.push(
                Effect::Withdraw {
                    seat: x,
                    card,
                    pos,
                    securer,
                    idx: i as u8,
                }
                .into(),
            );
            return true;
        }
    }
    false
}

/// F424 Guild Loyalty (Lore): Provoking Outrage does not discard its
/// holder's Guild cards (`actions/outrage.rs`).
pub static GUILD_LOYALTY: Behavior = Behavior {
    code: "ARCS-F424",
    keeps_guild_on_outrage: true,
    ..Behavior::NONE
};

/// F425 Guild Supremacy (a law of the rules booklet): when scoring, Guild
/// cards count twice (`flow::ambition_count`).
pub static GUILD_SUPREMACY: Behavior = Behavior {
    code: "ARCS-F425",
    guild_counts_twice: true,
    ..Behavior::NONE
};

/// F426, the reminder copy of Guild Supremacy by the ambition boxes: the
/// law is the booklet's copy; this one only reminds.
pub static GUILD_SUPREMACY_REMINDER: Behavior = Behavior {
    code: "ARCS-F426",
    ..Behavior::NONE
};

// ------------------------------------------------------------ procedures

#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "effect")]
pub enum Effect {
    /// Recover: attach `guild` (the topmost Guild card of the Court
    /// discard pile) to which Court card with no agents?
    Recover {
        seat: Seat,
        card: CardId,
        guild: CardId,
    },
    /// Guild Overseers, When Secured: take a Guild card from the Court
    /// discard pile or (`deck: false`) search the Court deck first; with
    /// `deck`, the deck has been searched: take one from either, then
    /// the deck is shuffled.
    Search {
        seat: Seat,
        card: CardId,
        deck: bool,
    },
    /// A Liaison: gain 1 `r` for the Copy's action?
    CopyGain {
        seat: Seat,
        card: CardId,
        r: Resource,
    },
    /// A Liaison's Prelude: attach it to which Court card with no agents
    /// (then declare)?
    Liaison { seat: Seat, card: CardId },
    /// Guild Struggle's Crisis: `seat` (turn-order place `idx`) gives which
    /// Guild card to its left (not `received`)? `pos`: the Court position
    /// of the Crisis card, buried at the end.
    Struggle {
        seat: Seat,
        card: CardId,
        pos: u8,
        idx: u8,
        received: Option<CardId>,
    },
    /// The Advocate's Demand: which Rival Guild card (or none)?
    Demand { seat: Seat, card: CardId },
    /// The Advocate's Demand: the holder of `guild` gives it and takes a
    /// Favor from the Advocate (`Yes`), or gives the Advocate a Favor
    /// (`No`).
    DemandAnswer {
        seat: Seat,
        card: CardId,
        advocate: Seat,
        guild: CardId,
    },
    /// A Guildmasters: steal which Guild card of suit `r` (or none)?
    Guildmaster {
        seat: Seat,
        card: CardId,
        r: Resource,
    },
    /// Guilds Withdraw: `seat` buries which Guild card? `securer`: its
    /// When Secured (Rivals only); `pos`: the Crisis card's Court position.
    Withdraw {
        seat: Seat,
        card: CardId,
        pos: u8,
        securer: Option<Seat>,
        idx: u8,
    },
}

impl Procedure for Effect {
    fn seat_card(&self) -> (Seat, CardId) {
        match *self {
            Effect::Recover { seat, card, .. }
            | Effect::Search { seat, card, .. }
            | Effect::CopyGain { seat, card, .. }
            | Effect::Liaison { seat, card }
            | Effect::Struggle { seat, card, .. }
            | Effect::Demand { seat, card }
            | Effect::DemandAnswer { seat, card, .. }
            | Effect::Guildmaster { seat, card, .. }
            | Effect::Withdraw { seat, card, .. } => (seat, card),
        }
    }

    fn what(&self, _s: &GameState) -> String {
        match *self {
            Effect::Recover { guild, .. } => {
                format!("attach {guild} to which Court card with no agents?")
            }
            Effect::Search { deck: false, .. } => {
                "take which Guild card from the Court discard pile, or search the Court deck?"
                    .into()
            }
            Effect::Search { deck: true, .. } => {
                "take which Guild card from the Court deck or discard pile?".into()
            }
            Effect::CopyGain { card, r, .. } => {
                format!("gain 1 {} ({})?", resource_name(r), card_name(card))
            }
            Effect::Liaison { card, .. } => {
                format!(
                    "attach {} to which Court card with no agents?",
                    card_name(card)
                )
            }
            Effect::Struggle { .. } => {
                "Guild Struggle: give which Guild card to the player on your left?".into()
            }
            Effect::Demand { .. } => {
                "The Advocate's Demand: demand which Rival Guild card (or none)?".into()
            }
            Effect::DemandAnswer {
                advocate, guild, ..
            } => format!(
                "The Advocate's Demand: give {advocate} {} and take a Favor from them, or give \
                 {advocate} a Favor?",
                card_name(guild)
            ),
            Effect::Guildmaster { r, .. } => {
                format!("steal which {} Guild card (or none)?", resource_name(r))
            }
            Effect::Withdraw { .. } => "Guilds Withdraw: bury which of your Guild cards?".into(),
        }
    }

    fn choices(&self, s: &GameState, out: &mut Vec<Choice>) {
        match *self {
            Effect::Recover { .. } => {
                out.extend(attach::targets(s, true).map(|p| Choice::Court(p as u8)))
            }
            Effect::Search { deck, .. } => {
                out.extend(guild_in_discard(s).map(Choice::Card));
                if deck {
                    out.extend(guild_in_deck(s).into_iter().map(Choice::Card));
                } else if !s.court_deck.is_empty() {
                    // Offered whatever the deck holds: its size is public,
                    // its contents are not.
                    out.push(Choice::Yes);
                }
            }
            Effect::CopyGain { .. } => out.extend([Choice::Yes, Choice::No]),
            Effect::Liaison { .. } => {
                out.extend(attach::targets(s, true).map(|p| Choice::Court(p as u8)))
            }
            Effect::Struggle { seat, received, .. } => out.extend(
                movable_guild(s, seat, received)
                    .into_iter()
                    .map(Choice::Card),
            ),
            Effect::Demand { seat, .. } => {
                out.extend(demandable(s, seat).map(Choice::Card));
                out.push(Choice::No);
            }
            Effect::DemandAnswer { seat, advocate, .. } => {
                if s.seat(advocate).agents > 0 {
                    out.push(Choice::Yes);
                }
                if s.seat(seat).agents > 0 {
                    out.push(Choice::No);
                }
            }
            Effect::Guildmaster { seat, r, .. } => {
                out.extend(guildmaster_loot(s, seat, r));
                out.push(Choice::No);
            }
            Effect::Withdraw { seat, .. } => {
                out.extend(movable_guild(s, seat, None).into_iter().map(Choice::Card))
            }
        }
    }

    fn resolve(self, s: &mut GameState, choice: Choice, ev: &mut dyn Sink) {
        match (self, choice) {
            (Effect::Recover { seat, guild, .. }, Choice::Court(pos)) => {
                s.pop();
                let Some(i) = s.court_discard.iter().rposition(|c| *c == guild) else {
                    return;
                };
                s.court_discard.remove(i);
                log!(
                    ev,
                    "recover",
                    Some(seat),
                    "Recover: {seat} takes {guild} from the Court discard pile (Guild \
                     Investigators)."
                );
                attach::attach(s, pos as usize, guild, ev);
            }
            (Effect::Search { seat, card, .. }, Choice::Yes) => {
                let found = guild_in_deck(s);
                let n = s.court_deck.len();
                log!(
                    ev,
                    "search",
                    Some(seat),
                    "{seat} searches the Court deck ({}) for a Guild card (Guild Overseers).",
                    crate::describe::plural(n.min(255) as u8, "card", "cards")
                );
                // Only the searcher sees the deck: a look at a face-down
                // pile, an undo barrier whether or not anything is logged
                // (R-UNDO-1).
                s.disclose();
                if found.is_empty() {
                    crate::log_reveal!(ev, seat, "search", "The Court deck holds no Guild card.");
                } else {
                    let names: Vec<&str> = found.iter().map(|c| c.name()).collect();
                    crate::log_reveal!(
                        ev,
                        seat,
                        "search",
                        "The Court deck's Guild cards: {}.",
                        names.join(", ")
                    );
                }
                if found.is_empty() && guild_in_discard(s).next().is_none() {
                    s.pop();
                    shuffle_deck(s, ev);
                    log!(
                        ev,
                        "search",
                        Some(seat),
                        "{seat} finds no Guild card to take."
                    );
                } else {
                    s.set_top(
                        Effect::Search {
                            seat,
                            card,
                            deck: true,
                        }
                        .into(),
                    );
                }
            }
            (Effect::Search { seat, deck, .. }, Choice::Card(c)) => {
                s.pop();
                let from_deck = if let Some(i) = s.court_discard.iter().rposition(|x| *x == c) {
                    s.court_discard.remove(i);
                    false
                } else if let Some(i) = s.court_deck.iter().position(|x| *x == c) {
                    s.court_deck.take(i);
                    true
                } else {
                    return;
                };
                log!(
                    ev,
                    "search",
                    Some(seat),
                    "{seat} takes {c} from the Court {} (Guild Overseers).",
                    if from_deck { "deck" } else { "discard pile" }
                );
                // Gained with the card just secured: no Prelude from it in
                // this Prelude either (B-PRE-04).
                crate::cards::gain_secured_guild(s, seat, c, ev);
                if deck {
                    shuffle_deck(s, ev);
                }
            }
            (Effect::CopyGain { seat, r, .. }, Choice::Yes) => {
                s.pop();
                s.gain(seat, r, ev);
            }
            (Effect::Liaison { seat, card }, Choice::Court(pos)) => {
                s.pop();
                let Some(r) = card.info().suit else { return };
                if !s.seat_mut(seat).remove_guild(card) {
                    return;
                }
                crate::campaign::stored::release(s, card);
                log!(
                    ev,
                    "prelude",
                    Some(seat),
                    "{seat} sends {} to the Court.",
                    card.name()
                );
                attach::attach(s, pos as usize, card, ev);
                crate::actions::declare::begin_declare(
                    s,
                    seat,
                    liaison_ambition(r),
                    crate::actions::declare::DeclareVia::Effect,
                    ev,
                );
            }
            (
                Effect::Struggle {
                    seat,
                    card,
                    pos,
                    idx,
                    ..
                },
                Choice::Card(g),
            ) => {
                s.pop();
                let left = Seat((seat.0 + 1) % s.players);
                if s.seat_mut(seat).remove_guild(g) {
                    crate::campaign::stored::release(s, g);
                    s.seat_mut(left).add_guild(g);
                    log!(
                        ev,
                        "crisis",
                        Some(seat),
                        "Guild Struggle: {seat} gives {} to {left}.",
                        g.name()
                    );
                }
                let next = idx + 1;
                let received = s
                    .turn_order()
                    .nth(next as usize)
                    .filter(|x| *x == left)
                    .map(|_| g);
                if !struggle_next(s, card, pos, next, received) {
                    remove_card(s, pos as usize, card, Removal::Bury);
                }
            }
            (Effect::Demand { seat, card }, Choice::Card(g)) => {
                let Some(holder) = s.rivals(seat).find(|x| s.seat(*x).guild().contains(&g)) else {
                    s.pop();
                    return;
                };
                log!(
                    ev,
                    "edict",
                    Some(seat),
                    "The Advocate's Demand: {seat} demands {} from {holder}.",
                    g.name()
                );
                s.set_top(
                    Effect::DemandAnswer {
                        seat: holder,
                        card,
                        advocate: seat,
                        guild: g,
                    }
                    .into(),
                );
            }
            (
                Effect::DemandAnswer {
                    seat,
                    advocate,
                    guild,
                    ..
                },
                Choice::Yes,
            ) => {
                s.pop();
                // Not stealing: protected cards and guards do not stop it.
                if s.seat_mut(seat).remove_guild(guild) {
                    crate::campaign::stored::release(s, guild);
                    s.seat_mut(advocate).add_guild(guild);
                    promise_favor(s, advocate, seat);
                    log!(
                        ev,
                        "edict",
                        Some(seat),
                        "{seat} gives {} to {advocate} and takes a Favor from them.",
                        guild.name()
                    );
                }
            }
            (Effect::DemandAnswer { seat, advocate, .. }, Choice::No) => {
                s.pop();
                if promise_favor(s, seat, advocate) {
                    log!(
                        ev,
                        "edict",
                        Some(seat),
                        "{seat} gives {advocate} a Favor instead."
                    );
                }
            }
            (Effect::Guildmaster { seat, .. }, Choice::Steal { from, loot }) => {
                s.pop();
                crate::actions::resources::steal(s, seat, from, loot, ev);
            }
            (
                Effect::Withdraw {
                    seat,
                    card,
                    pos,
                    securer,
                    idx,
                },
                Choice::Card(g),
            ) => {
                s.pop();
                if s.seat_mut(seat).remove_guild(g) {
                    crate::campaign::stored::release(s, g);
                    s.court_deck.bury(g);
                    log!(
                        ev,
                        "court",
                        Some(seat),
                        "Guilds Withdraw: {seat} buries {} under the Court deck.",
                        g.name()
                    );
                }
                if !withdraw_next(s, card, pos, securer, idx + 1) {
                    if pos == NO_POS {
                        s.court_deck.bury(card);
                    } else {
                        remove_card(s, pos as usize, card, Removal::Bury);
                    }
                }
            }
            // Declined, or not a legal choice here (`Game::apply` checks):
            // the effect ends.
            _ => s.pop(),
        }
    }

    fn describe(&self, d: &Describer, c: Choice) -> Option<String> {
        Some(match (*self, c) {
            (Effect::Recover { guild, .. }, Choice::Court(i)) => {
                format!("Attach {} to {}", card_name(guild), d.court(i))
            }
            (Effect::Search { .. }, Choice::Yes) => format!(
                "Search the Court deck ({})",
                crate::describe::plural(d.s.court_deck.len().min(255) as u8, "card", "cards")
            ),
            (Effect::Search { .. }, Choice::Card(x)) => {
                if d.s.court_discard.contains(&x) {
                    format!("Take {} from the Court discard pile", card_name(x))
                } else {
                    format!("Take {} from the Court deck", card_name(x))
                }
            }
            (Effect::CopyGain { r, .. }, Choice::Yes) => {
                format!("Gain 1 {}", resource_name(r))
            }
            (Effect::CopyGain { .. }, Choice::No) => "Gain nothing".into(),
            (Effect::Liaison { card, .. }, Choice::Court(i)) => {
                format!("Attach {} to {} and declare", card_name(card), d.court(i))
            }
            (Effect::Struggle { seat, .. }, Choice::Card(x)) => format!(
                "Give {} to {}",
                card_name(x),
                d.seat_name(Seat((seat.0 + 1) % d.s.players))
            ),
            (Effect::Demand { .. }, Choice::Card(x)) => {
                let holder = d.s.seat_ids().find(|p| d.s.seat(*p).guild().contains(&x));
                format!(
                    "Demand {}{}",
                    card_name(x),
                    holder.map_or(String::new(), |h| format!(" from {}", d.seat_name(h)))
                )
            }
            (Effect::Demand { .. }, Choice::No) => "Demand nothing".into(),
            (
                Effect::DemandAnswer {
                    advocate, guild, ..
                },
                Choice::Yes,
            ) => format!(
                "Give {} to {} and take a Favor from them",
                card_name(guild),
                d.seat_name(advocate)
            ),
            (Effect::DemandAnswer { advocate, .. }, Choice::No) => {
                format!("Give {} a Favor instead", d.seat_name(advocate))
            }
            (Effect::Guildmaster { .. }, Choice::Steal { from, loot }) => {
                d.steal(from, loot, false)
            }
            (Effect::Guildmaster { .. }, Choice::No) => "Steal nothing".into(),
            (Effect::Withdraw { .. }, Choice::Card(x)) => {
                format!("Bury {} under the Court deck", card_name(x))
            }
            _ => return None,
        })
    }
}

/// "If you searched the deck, shuffle it."
fn shuffle_deck(s: &mut GameState, ev: &mut dyn Sink) {
    s.court_deck.shuffle(&mut s.rng);
    log!(ev, "court", None, "The Court deck is shuffled.");
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_advocate_card_has_passing_scenarios() {
        crate::cards::testing::family_scenarios(super::CARDS);
    }

    /// F423B: (a) more different Guild suits than the chapter's number;
    /// (b) Guild cards are more than half of the Court's cards, the
    /// Council and attached cards counted (the card's own example: the
    /// Council, 3 cards and 2 attached need 4 Guild cards).
    #[test]
    fn f423b_grand_ambitions() {
        let grand = |extra: &str| {
            let s =
                crate::campaign::scenario::test_state(&format!("act 3\nfate P1 Advocate\n{extra}"));
            grand_ambitions(&s, Seat(0))
        };
        // Chapter 1: two suits beat it; the Court (Council + 3 Guild cards
        // + an attached Guild card and an attached Vox) has 4 Guild cards of 6.
        let court = "court CC01 CC02 CC03\nattach 2 CC04\nattach 3 CC11\n";
        assert_eq!(grand(&format!("{court}P1 guild BC02 BC16")), 1 + 1);
        // One suit does not beat chapter 1.
        assert_eq!(grand(&format!("{court}P1 guild BC02 BC01")), 1);
        // 3 Guild cards of 6 are not more than half.
        let court3 = "court CC01 CC02 CC11\nattach 2 CC12\nattach 3 CC03\nattach 4 CC13\n";
        assert_eq!(grand(&format!("{court3}P1 guild BC02 BC16")), 1);
    }
}
