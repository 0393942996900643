//! Card behaviour, reached through named hooks at fixed points of the rules
//! (DESIGN.md §Cards). Each card's behaviour is one `Behavior` value in its
//! family's module; the rules ask "does any held card modify this?" through
//! the functions below, never by naming a card.

pub mod court;
pub mod effects;

use crate::actions::battle::BattleFrame;
use crate::choice::{Choice, Loot};
use crate::data::DieKind;
use crate::event::Sink;
use crate::flow::Source;
use crate::ids::*;
use crate::log;
use crate::state::{GameState, PlayKind};
use std::sync::OnceLock;

/// A new action `Name (Std)` (B-NEW-01).
pub struct NewAction {
    pub name: &'static str,
    pub std: StdAction,
    pub possible: fn(&GameState, Seat) -> bool,
    pub start: fn(&mut GameState, Seat, Source, &mut dyn Sink),
}

/// A "Prelude:" ability (B-PRE-02).
pub struct PreludeAbility {
    /// Discard the card to use it (the discard goes to the Court discard pile, B-PRE-05).
    pub discard: bool,
    /// Only before any other action of the turn (Lattice Spies).
    pub first: bool,
    /// At most once per turn (Relic Fence).
    pub once_per_turn: bool,
    pub possible: fn(&GameState, Seat) -> bool,
    pub run: fn(&mut GameState, Seat, CardId, &mut dyn Sink),
}

/// A battle reroll a card grants to the attacker.
pub struct Reroll {
    pub die: DieKind,
    pub what: &'static str,
    /// How many dice of `die` may be rerolled.
    pub max: fn(&GameState, Seat, &BattleFrame) -> u8,
}

/// A hook that acts for a seat with a card ("When Secured").
pub type CardHook = fn(&mut GameState, Seat, CardId, &mut dyn Sink);
/// A hook run when a seat declares an ambition.
pub type DeclareHook = fn(&mut GameState, Seat, Ambition, &mut dyn Sink);

/// Everything a card does, as optional hooks.
pub struct Behavior {
    pub code: &'static str,
    /// Any resource may be spent as this type, ignoring its Outrage (Loyal X).
    pub spend_as: Option<Resource>,
    /// Kept when its holder Provokes Outrage (Loyal X).
    pub keep_on_outrage: bool,
    pub new_actions: &'static [NewAction],
    pub prelude: Option<PreludeAbility>,
    /// Vox "When Secured" (the card disposes of itself).
    pub on_secured: Option<CardHook>,
    /// "After scoring" (B-SCORE-09), for the holder.
    pub after_scoring: Option<fn(&mut GameState, Seat, &mut dyn Sink)>,
    /// The general supply of this type lives on the card (Cartels).
    pub holds_supply: Option<Resource>,
    /// Extra battle dice for the attacking holder in a system.
    pub extra_dice: Option<fn(&GameState, Seat, SystemId) -> u8>,
    pub reroll: Option<Reroll>,
    pub on_declare: Option<DeclareHook>,
    /// The zero marker is not placed when declaring this ambition.
    pub skip_zero_marker: Option<fn(Ambition) -> bool>,
    /// May declare on a Surpass or Pivot (Galactic Bards).
    pub declare_on_follow: bool,
    /// Rivals cannot steal the holder's resources and other Guild cards.
    pub guards_steal: bool,
    /// When stolen, the card is buried instead of kept.
    pub bury_when_stolen: bool,
}

impl Behavior {
    pub const NONE: Behavior = Behavior {
        code: "",
        spend_as: None,
        keep_on_outrage: false,
        new_actions: &[],
        prelude: None,
        on_secured: None,
        after_scoring: None,
        holds_supply: None,
        extra_dice: None,
        reroll: None,
        on_declare: None,
        skip_zero_marker: None,
        declare_on_follow: false,
        guards_steal: false,
        bury_when_stolen: false,
    };
}

fn registry() -> &'static Vec<Option<&'static Behavior>> {
    static R: OnceLock<Vec<Option<&'static Behavior>>> = OnceLock::new();
    R.get_or_init(|| {
        let cat = crate::data::catalog();
        let mut v = vec![None; cat.cards.len()];
        for b in court::ALL {
            if let Some(id) = cat.lookup(b.code) {
                v[id.0 as usize] = Some(*b);
            }
        }
        v
    })
}

/// The behaviour of a card, if implemented.
pub fn behavior(card: CardId) -> Option<&'static Behavior> {
    registry().get(card.0 as usize).copied().flatten()
}

/// Whether a card's rules are implemented (reported by `arcs cards`).
pub fn implemented(card: CardId) -> bool {
    behavior(card).is_some()
}

/// Cards in the seat's play area that can have effects (Guild and lore).
pub fn held(s: &GameState, seat: Seat) -> impl Iterator<Item = CardId> + '_ {
    let st = s.seat(seat);
    st.guild.iter().chain(st.lore.iter()).copied()
}

fn held_behaviors(
    s: &GameState,
    seat: Seat,
) -> impl Iterator<Item = (CardId, &'static Behavior)> + '_ {
    held(s, seat).filter_map(|c| behavior(c).map(|b| (c, b)))
}

/// Who holds a card, if anyone.
pub fn holder_of(s: &GameState, card: CardId) -> Option<Seat> {
    s.seat_ids()
        .find(|x| s.seat(*x).guild.contains(&card) || s.seat(*x).lore.contains(&card))
}

// ---------------------------------------------------------------- actions

pub fn has_new_action(card: CardId, std: StdAction) -> bool {
    behavior(card).is_some_and(|b| b.new_actions.iter().any(|n| n.std == std))
}

fn new_action(card: CardId, std: StdAction) -> Option<&'static NewAction> {
    behavior(card)?.new_actions.iter().find(|n| n.std == std)
}

pub fn new_action_possible(s: &GameState, seat: Seat, card: CardId, std: StdAction) -> bool {
    held(s, seat).any(|c| c == card) && new_action(card, std).is_some_and(|n| (n.possible)(s, seat))
}

pub fn new_action_name(card: CardId, std: StdAction) -> &'static str {
    new_action(card, std).map(|n| n.name).unwrap_or("?")
}

pub fn start_new_action(
    s: &mut GameState,
    seat: Seat,
    card: CardId,
    std: StdAction,
    source: Source,
    ev: &mut dyn Sink,
) {
    if let Some(n) = new_action(card, std) {
        (n.start)(s, seat, source, ev);
    }
}

// ---------------------------------------------------------------- resources

/// Types any resource may be spent as (Loyal X cards).
pub fn spend_as_types(s: &GameState, seat: Seat) -> impl Iterator<Item = Resource> + '_ {
    held_behaviors(s, seat).filter_map(|(_, b)| b.spend_as)
}

/// EX-15: "You ignore Outrage when spending X for its Prelude action."
pub fn ignores_outrage(s: &GameState, seat: Seat, r: Resource) -> bool {
    spend_as_types(s, seat).any(|x| x == r)
}

pub fn keeps_on_outrage(card: CardId) -> bool {
    behavior(card).is_some_and(|b| b.keep_on_outrage)
}

/// Extra icons for ambitions beyond tokens and Guild suits: a Cartel's
/// supply counts for its holder (C-BC03, AMB-31).
pub fn extra_icons(s: &GameState, seat: Seat, r: Resource) -> u32 {
    held_behaviors(s, seat)
        .filter(|(_, b)| b.holds_supply == Some(r))
        .map(|_| s.supply[r.index()] as u32)
        .sum()
}

/// The Ancient Holdings card slot (C-L13); none in the base game.
pub fn has_card_slot(_s: &GameState, _seat: Seat) -> bool {
    false
}

/// Whether `thief` may steal `loot` from `victim` (C-BC22 Sworn Guardians).
pub fn may_steal(s: &GameState, _thief: Seat, victim: Seat, loot: Loot) -> bool {
    let guarded = held_behaviors(s, victim).any(|(_, b)| b.guards_steal);
    if !guarded {
        return true;
    }
    // Sworn Guardians itself may be stolen (AMB-63).
    matches!(loot, Loot::Card(c) if behavior(c).is_some_and(|b| b.guards_steal))
}

/// A stolen Guild card joins the thief, or is buried (Sworn Guardians).
pub fn on_stolen(s: &mut GameState, thief: Seat, card: CardId, ev: &mut dyn Sink) {
    if behavior(card).is_some_and(|b| b.bury_when_stolen) {
        s.court_deck.insert(0, card);
        log!(
            ev,
            "bury",
            Some(thief),
            "{card} is buried at the bottom of the Court deck."
        );
    } else {
        s.seat_mut(thief).guild.push(card);
    }
}

/// A Guild card leaves its holder for the Court discard pile (B-GLD-04).
pub fn discard_guild(s: &mut GameState, seat: Seat, card: CardId) {
    let g = &mut s.seat_mut(seat).guild;
    if let Some(p) = g.iter().position(|c| *c == card) {
        g.remove(p);
        s.court_discard.push(card);
    }
}

/// Raid cost of a Guild card (B-RAID-01, DG-08).
pub fn raid_cost(_s: &GameState, _victim: Seat, card: CardId) -> u8 {
    card.info().raid_cost.unwrap_or(0)
}

// ---------------------------------------------------------------- prelude

pub fn prelude_choices(s: &GameState, seat: Seat, out: &mut Vec<Choice>) {
    for (card, b) in held_behaviors(s, seat) {
        let Some(p) = &b.prelude else { continue };
        if s.turn.secured_in_prelude.contains(&card) {
            continue; // B-PRE-04
        }
        if p.first && s.turn.prelude_used {
            continue;
        }
        if p.once_per_turn && s.turn.once_used.contains(&card) {
            continue;
        }
        if (p.possible)(s, seat) {
            out.push(Choice::Prelude(card));
        }
    }
}

pub fn run_prelude(s: &mut GameState, seat: Seat, card: CardId, ev: &mut dyn Sink) {
    let Some(b) = behavior(card) else { return };
    let Some(p) = &b.prelude else { return };
    if p.once_per_turn {
        let _ = s.turn.once_used.try_push(card);
    }
    if p.discard {
        discard_guild(s, seat, card);
        log!(
            ev,
            "prelude",
            Some(seat),
            "{seat} discards {card} for its Prelude."
        );
    } else {
        log!(ev, "prelude", Some(seat), "{seat} uses {card}'s Prelude.");
    }
    (p.run)(s, seat, card, ev);
}

// ---------------------------------------------------------------- declaring

/// Whether the seat may declare at all (Feastbringer's cost; L&L).
pub fn may_declare(_s: &GameState, _seat: Seat) -> bool {
    true
}

pub fn declares_on_follow(s: &GameState, seat: Seat, play: PlayKind) -> bool {
    matches!(play, PlayKind::Surpass | PlayKind::Pivot)
        && held_behaviors(s, seat).any(|(_, b)| b.declare_on_follow)
}

pub fn before_declare(_s: &mut GameState, _seat: Seat, _ev: &mut dyn Sink) {}

pub fn skip_zero_marker(s: &GameState, seat: Seat, a: Ambition) -> bool {
    held_behaviors(s, seat).any(|(_, b)| b.skip_zero_marker.is_some_and(|f| f(a)))
}

pub fn on_declare(s: &mut GameState, seat: Seat, a: Ambition, ev: &mut dyn Sink) {
    let hooks: Vec<_> = held_behaviors(s, seat)
        .filter_map(|(_, b)| b.on_declare)
        .collect();
    for h in hooks {
        h(s, seat, a, ev);
    }
}

// ---------------------------------------------------------------- tax, build, move, secure

/// City types of a city in `sys` (its planet type; Gate Stations in L&L).
pub fn city_types(_s: &GameState, sys: SystemId) -> impl Iterator<Item = Resource> {
    crate::data::planet_type(sys).into_iter()
}

/// Leader restrictions on taxing Loyal cities (Upstart *Callow*; L&L).
pub fn may_tax_loyal(_s: &GameState, _seat: Seat, _sys: SystemId) -> bool {
    true
}

/// Tax modifiers that add a gain (Mystic *Attuned*; L&L).
pub fn after_tax(_s: &mut GameState, _seat: Seat, _source: Source, _ev: &mut dyn Sink) {}

pub fn ships_always_fresh(_s: &GameState, _seat: Seat) -> bool {
    false
}

/// Most ships one Move may carry (Rebel *Disorganized*; L&L).
pub fn max_ships_moved(_s: &GameState, _seat: Seat) -> u8 {
    u8::MAX
}

pub fn catapults_from_extra(_s: &GameState, _seat: Seat, _sys: SystemId) -> bool {
    false
}

pub fn after_enter(_s: &mut GameState, _seat: Seat, _to: SystemId, _ev: &mut dyn Sink) {}

/// Secure restrictions (Demagogue *Paranoid*; L&L).
pub fn may_secure(_s: &GameState, _seat: Seat, _card: CardId, _agents: u8) -> bool {
    true
}

/// Ransack restrictions (Elder *Beloved*; L&L).
pub fn may_ransack(_s: &GameState, _destroyer: Seat, _defender: Seat) -> bool {
    true
}

/// "When Secured" (B-SEC-03); Guild cards join the play area.
pub fn on_secured(s: &mut GameState, seat: Seat, card: CardId, ev: &mut dyn Sink) {
    if let Some(f) = behavior(card).and_then(|b| b.on_secured) {
        f(s, seat, card, ev);
        return;
    }
    match card.info().kind {
        crate::data::CardKind::Vox => s.court_discard.push(card),
        _ => {
            s.seat_mut(seat).guild.push(card);
            if s.turn.seat == seat && s.turn.prelude_open {
                let _ = s.turn.secured_in_prelude.try_push(card);
            }
        }
    }
}

// ---------------------------------------------------------------- battle

pub fn extra_dice(s: &GameState, attacker: Seat, sys: SystemId) -> u8 {
    held_behaviors(s, attacker)
        .filter_map(|(_, b)| b.extra_dice.map(|f| f(s, attacker, sys)))
        .sum()
}

pub fn raid_dice_allowed(
    _s: &GameState,
    _attacker: Seat,
    _defender: Owner,
    _sys: SystemId,
) -> bool {
    true
}

pub fn dice_kind_cap(
    _s: &GameState,
    _attacker: Seat,
    _die: DieKind,
    _so_far: [u8; 3],
    cap: u8,
) -> u8 {
    cap
}

pub fn before_collect(_s: &mut GameState, _b: BattleFrame, _ev: &mut dyn Sink) {}

/// The next reroll the attacker may still use, if any.
pub fn reroll_hook(s: &GameState, b: &BattleFrame) -> Option<(CardId, &'static str)> {
    let mut i = 0;
    for (card, beh) in held_behaviors(s, b.attacker) {
        if let Some(r) = &beh.reroll {
            if b.rerolls_done & (1 << i) == 0
                && (r.max)(s, b.attacker, b) > 0
                && b.dice[r.die as usize] > 0
            {
                return Some((card, r.what));
            }
            i += 1;
        }
    }
    None
}

fn reroll_index(s: &GameState, b: &BattleFrame) -> Option<(usize, &'static Reroll)> {
    let mut i = 0;
    for (_, beh) in held_behaviors(s, b.attacker) {
        if let Some(r) = &beh.reroll {
            if b.rerolls_done & (1 << i) == 0
                && (r.max)(s, b.attacker, b) > 0
                && b.dice[r.die as usize] > 0
            {
                return Some((i, r));
            }
            i += 1;
        }
    }
    None
}

/// Reroll choices: how many dice of the type to reroll, chosen among those
/// showing no hit (rerolling a hit can only lose it).
pub fn reroll_choices(s: &GameState, b: &BattleFrame, out: &mut Vec<Choice>) {
    if let Some((_, r)) = reroll_index(s, b) {
        let blanks = rerollable(b, r.die);
        let max = (r.max)(s, b.attacker, b).min(blanks);
        out.extend((0..=max).map(Choice::Count));
    }
}

/// Dice of `die` showing a face without hits (the ones worth rerolling).
fn rerollable(b: &BattleFrame, die: DieKind) -> u8 {
    let faces = crate::data::components().die(die);
    (0..6)
        .filter(|&i| faces[i].hit == 0)
        .map(|i| b.faces[die as usize][i])
        .sum()
}

pub fn apply_reroll(s: &mut GameState, b: &mut BattleFrame, c: Choice, ev: &mut dyn Sink) {
    use rand::Rng;
    let Some((i, r)) = reroll_index(s, b) else {
        return;
    };
    b.rerolls_done |= 1 << i;
    let Choice::Count(n) = c else { return };
    let faces = crate::data::components().die(r.die);
    let mut left = n;
    for (f, face) in faces.iter().enumerate() {
        while left > 0 && face.hit == 0 && b.faces[r.die as usize][f] > 0 {
            b.faces[r.die as usize][f] -= 1;
            let nf = match s.forced_dice.iter().position(|x| x.kind == r.die) {
                Some(p) => s.forced_dice.remove(p).face as usize,
                None => s.rng.gen_range(0..6),
            };
            b.faces[r.die as usize][nf.min(5)] += 1;
            left -= 1;
        }
    }
    if n > 0 {
        log!(
            ev,
            "reroll",
            Some(b.attacker),
            "{} rerolls {n} {} dice.",
            b.attacker,
            r.die.name()
        );
    }
}

pub fn after_rolls(_s: &mut GameState, _b: &mut BattleFrame, _ev: &mut dyn Sink) {}

pub fn effective_intercepts(_s: &GameState, _b: &BattleFrame, n: u8) -> u8 {
    n
}

/// B-BAT-05.2: one hit per fresh defending ship.
pub fn intercept_hits(s: &GameState, b: &BattleFrame) -> u8 {
    s.sys(b.system).ships_of(b.defender).fresh
}

pub fn after_battle(_s: &mut GameState, _b: &BattleFrame, _ev: &mut dyn Sink) {}

// ---------------------------------------------------------------- round and chapter

/// "When the round ends" effects before the discard (AMB-22): Unions.
pub fn on_round_end(s: &mut GameState, ev: &mut dyn Sink) {
    let unions = std::mem::take(&mut s.round.unions);
    for u in unions {
        for x in Seat::all(s.players) {
            if let Some(p) = s.round.plays[x.index()] {
                if p.card == u.target {
                    s.round.plays[x.index()] = None;
                    if let Some(z) = p.seize {
                        s.action_discard.push(z);
                    }
                    s.seat_mut(u.holder).hand.insert(u.target);
                    log!(
                        ev,
                        "union",
                        Some(u.holder),
                        "{} takes {} into their hand ({}).",
                        u.holder,
                        u.target,
                        u.union
                    );
                }
            }
        }
        s.court_discard.push(u.union);
    }
}

/// "After scoring" hooks of every holder, in turn order (B-SCORE-09).
pub fn after_scoring(s: &mut GameState, ev: &mut dyn Sink) {
    let order: Vec<Seat> = s.turn_order().collect();
    for seat in order {
        let hooks: Vec<_> = held_behaviors(s, seat)
            .filter_map(|(_, b)| b.after_scoring)
            .collect();
        for h in hooks {
            h(s, seat, ev);
        }
    }
}
