//! Card behaviour, reached through named hooks at fixed points of the rules
//! (DESIGN.md §Cards). Each card's behaviour is one `Behavior` value in its
//! family's module (`court/`, `lore/`, `leaders/`), next to the family's
//! multi-step procedures (its `Effect`, dispatched by `frame.rs`); the
//! rules ask "does any card held by this seat modify this?" and start card
//! procedures through the functions below, never by naming a card.
//! Modifier hooks are consulted by standard actions only (P-mod,
//! B-MOD-01): a new action's own code never calls them, but a standard
//! action inside a new action (Nurture's Tax) does.

pub mod campaign;
pub mod court;
pub mod frame;
pub mod leaders;
pub mod lore;
pub mod shared;

use crate::actions::battle::BattleFrame;
use crate::actions::dice::DiceRoll;
use crate::choice::{Choice, Loot};
use crate::data::DieKind;
use crate::event::Sink;
use crate::flow::{Frame, Source};
use crate::ids::*;
use crate::log;
use crate::state::{BuildingKind, GameState, PlayKind};
use frame::CardFrame;
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
    /// What it does, as words after "to" for people ("place 3 ships in a
    /// system you control"): choice descriptions use it (`describe`).
    pub what: &'static str,
    /// Discard the card to use it (the discard goes to the Court discard
    /// pile for Guild cards, B-PRE-05; lore leaves the game).
    pub discard: bool,
    /// Only before any other action of the turn (Lattice Spies, Tycoon's
    /// Ambition).
    pub first: bool,
    /// At most once per turn (Relic Fence).
    pub once_per_turn: bool,
    pub possible: fn(&GameState, Seat) -> bool,
    pub run: fn(&mut GameState, Seat, CardId, &mut dyn Sink),
}

/// A reroll the holder may make after rolling.
pub struct Reroll {
    /// Die kinds it may reroll (bit per [`DieKind`]).
    pub kinds: u8,
    pub what: &'static str,
    /// How many dice (0: not now). `None` for the battle frame outside battle.
    pub max: fn(&GameState, Seat, &DiceRoll, Option<&BattleFrame>) -> u8,
    /// Also for dice rolled outside battle (Empath's Vision).
    pub outside_battle: bool,
}

/// How a leader changes scoring (B-SCORE-09).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum ScoreRule {
    /// *Just*, *Violent*, *Academic*: in this ambition, first place pays
    /// the second-place value (no city bonus) and second place pays nothing.
    SecondForFirst(Ambition),
    /// Noble *Proud*: Power only for an untied first place.
    OnlySoleFirst,
    /// Oath of Peace (F1502): no Power from this ambition's scoring; the
    /// holder still takes its place (it can keep Rivals from scoring).
    Worthless(Ambition),
}

/// A Copy/Pivot bonus of a leader: with `main` taken as the Copy or Pivot
/// action, the seat may also take `extra` (before or after, or only after).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct CopyPivotBonus {
    pub main: StdAction,
    pub extra: StdAction,
    pub before_or_after: bool,
}

pub type CardHook = fn(&mut GameState, Seat, CardId, &mut dyn Sink);
pub type DeclareHook = fn(&mut GameState, Seat, Ambition, &mut dyn Sink);
pub type TaxHook = fn(&mut GameState, Seat, &TaxDone, &mut dyn Sink);
pub type BattleHook = fn(&mut GameState, Seat, &BattleFrame, &mut dyn Sink);
pub type GuardHook = fn(&GameState, Seat, Seat, Loot) -> bool;
pub type BuildShipHook = fn(&mut GameState, Seat, SystemId, u8, &mut dyn Sink);
/// A Court card's Crisis (campaign rules p18): the card and its Court
/// position.
pub type CrisisHook = fn(&mut GameState, usize, CardId, &mut dyn Sink);

/// What a finished Tax was, for "after you tax" hooks.
#[derive(Copy, Clone, Debug)]
pub struct TaxDone {
    pub source: Source,
    pub system: SystemId,
    pub slot: u8,
    /// Paid by the pip of a Copy or Pivot (Mystic, Fuel-Drinker, Agitator).
    pub copy_pivot: bool,
    /// A repeat granted by Overseer *Ruthless* (it does not repeat again).
    pub repeat: bool,
}

/// Everything a card does, as optional hooks.
pub struct Behavior {
    pub code: &'static str,
    // -- resources and spending
    /// Any resource may be spent as this type, ignoring its Outrage (Loyal X).
    pub spend_as: Option<Resource>,
    /// Kept when its holder Provokes Outrage (Loyal X).
    pub keep_on_outrage: bool,
    /// The general supply of this type lives on the card (Cartels).
    pub holds_supply: Option<Resource>,
    /// An extra resource slot on the card (Ancient Holdings).
    pub card_slot: bool,
    /// Returns true when a Rival may NOT steal this from the holder.
    pub guard: Option<GuardHook>,
    /// When stolen, the card is buried instead of kept.
    pub bury_when_stolen: bool,
    // -- actions
    pub new_actions: &'static [NewAction],
    pub preludes: &'static [PreludeAbility],
    pub copy_pivot: Option<CopyPivotBonus>,
    // -- setup, Court
    pub setup: Option<CardHook>,
    /// Vox "When Secured" (the card disposes of itself).
    pub on_secured: Option<CardHook>,
    /// Guild cards need this many Loyal agents to be secured (Paranoid).
    pub guild_secure_min: u8,
    // -- declaring
    pub on_declare: Option<DeclareHook>,
    /// The zero marker is not placed when declaring this ambition.
    pub skip_zero_marker: Option<fn(Ambition) -> bool>,
    /// May declare on a Surpass or Pivot (Galactic Bards).
    pub declare_on_follow: bool,
    /// Declaring costs a Guild card given to the poorest Rival (Generous).
    pub declare_costs_guild: bool,
    // -- tax and build
    /// Restriction on taxing Loyal cities (Callow, Principled).
    pub tax_loyal: Option<fn(&GameState, Seat, SystemId) -> bool>,
    /// Anarchist *Inspiring*.
    pub inspiring: bool,
    /// Tax cities already taxed this turn (Warlord's Cruelty), when true.
    pub retax: Option<fn(&GameState) -> bool>,
    /// Cities and starports count as Loyal for tax, ships and Catapult
    /// (Empath's Bond), when true.
    pub bond: Option<fn(&GameState) -> bool>,
    /// Its new actions need the holder's own resource tokens (Elder
    /// Broker's Trade gives one): taken through a resource's Prelude
    /// action, they are judged after that token is spent (R-BC23-SPEND).
    pub new_action_uses_tokens: bool,
    /// A Regent holder taxes any city in an Empire-controlled system like
    /// a Loyal one, ignoring the Presence and Truce Laws, without Captives
    /// (Imperial Authority).
    pub tax_imperial: bool,
    pub after_tax: Option<TaxHook>,
    pub ships_always_fresh: bool,
    /// May build this kind on gates, one per gate (Gate Ports, Gate Stations).
    pub build_on_gates: Option<BuildingKind>,
    pub cloud_cities: bool,
    /// After building a ship at a starport (Overseer *Ruthless*).
    pub after_build_ship: Option<BuildShipHook>,
    // -- move
    pub max_move: Option<u8>,
    pub sprint: bool,
    /// Shaper *Ancient*: Catapult from gates, never from starports.
    pub catapult_from_gates_only: bool,
    /// Gate Ports: capture an agent of a Rival moving into a gate you
    /// control with a fresh Loyal starport.
    pub gate_toll: bool,
    // -- battle
    pub extra_dice: Option<fn(&GameState, Seat, SystemId) -> u8>,
    pub reroll: Option<Reroll>,
    pub wary: bool,
    pub raid_without_buildings: bool,
    pub signal_breaker: bool,
    /// Defender: raid dice forbidden with a fresh defending starport.
    pub hidden_harbors: bool,
    pub mirror_plating: bool,
    pub railgun: bool,
    pub predictive_sensors: bool,
    /// Agitator *Irregular*.
    pub irregular: bool,
    /// Rivals battling the holder cannot Ransack (Elder *Beloved*).
    pub no_ransack_against: bool,
    /// After a battle the holder took part in (attacker or defender).
    pub after_battle: Option<BattleHook>,
    // -- scoring
    pub score_rule: Option<ScoreRule>,
    /// "After scoring" (B-SCORE-09), for the holder.
    pub after_scoring: Option<fn(&mut GameState, Seat, &mut dyn Sink)>,
    // -- campaign
    /// Empire laws its holder ignores ([`IGNORE_PRESENCE`],
    /// [`IGNORE_MOVEMENT`], [`IGNORE_TRUCE`]; Imperial Officers, Rogue
    /// Admirals).
    pub ignores_laws: u8,
    /// "Bury this if you are an Outlaw": when its holder becomes an
    /// Outlaw, the card goes to the bottom of the Court deck.
    pub bury_if_outlaw: bool,
    /// An Edict in the rules booklet, resolved in number order (p20).
    pub edict: Option<fn(&mut GameState, CardId, &mut dyn Sink)>,
    /// An Edict that resolves Govern the Imperial Reach's effects its own
    /// way: while it is in the rules booklet, Edict 03 is skipped
    /// (Imperial Quorum, F113).
    pub skips_govern: bool,
    /// The card's Crisis, resolved in the Court during Court Crises (p18).
    pub crisis: Option<CrisisHook>,
    /// The Crisis of a card its holder has in play (Fate Crises, p18).
    pub fate_crisis: Option<CardHook>,
    /// Partisan Seizing: its holder cannot seize the initiative by
    /// discarding a second action card, and may instead seize when it
    /// plays a card by Provoking Outrage of a non-Outraged type.
    pub seize_by_outrage: bool,
    /// A condition on its holder's use of the actions of its Guild cards
    /// (their Prelude abilities and new actions): they are offered only
    /// while it holds (Guild Overseers). See [`may_use_actions`].
    pub guild_actions_if: Option<fn(&GameState, Seat) -> bool>,
    /// A law in the rules booklet that bars a Regent from the Imperial
    /// Fleet when it returns true for that seat: no command of Imperial
    /// ships, no control of Empire-controlled systems for the First
    /// Regent, Empire-controlled gates end its Catapult moves (Martial
    /// Law). See `campaign::empire::fleet_barred`.
    pub bars_fleet: Option<fn(&GameState, Seat) -> bool>,
    /// Harm (p27: choosing as defender in battle, hitting, damaging,
    /// destroying) this card forbids: true when the actor may not harm the
    /// victim's pieces in the system. Read for the cards the actor holds
    /// (Book of Liberation), the rules booklet's laws and the Court's cards
    /// (Armistice). See `campaign::harm::barred`.
    pub harm_barred: Option<HarmRule>,
    /// Its holder may build Free buildings (Book of Liberation, F204): see
    /// `actions::build`.
    pub builds_free: bool,
    /// A law of the rules booklet that changes how an ambition scores (the
    /// Commonwealth Ambition, F214): it rewrites the places' awards.
    pub ambition_score: Option<fn(&GameState, Ambition, &mut crate::flow::AmbitionScore)>,
    /// A law of the rules booklet with something to do when a chapter's
    /// scoring is over, with the ambition markers' return (B-CLN-03).
    pub law_after_scoring: Option<fn(&mut GameState, &mut dyn Sink)>,
    /// A law of the rules booklet letting a seat act with the Free
    /// buildings of a system like Loyal ones (Commonwealth Membership,
    /// F222): see `campaign::free::as_loyal`.
    pub free_as_loyal: Option<fn(&GameState, Seat, SystemId) -> bool>,
    /// A law of the rules booklet told of each harm a player chooses
    /// (Disgrace, F222): `(state, actor, victim, system, sink)`.
    pub on_harm: Option<HarmHook>,
    /// Securing this card, or the card it is attached to, does not take
    /// the agents on them: they stay on its Court place for this hook to
    /// move (the Armistice, F216), told the securer and the place.
    pub keeps_agents: Option<KeepsAgents>,
    /// Its holder may secure a card where it is tied for most agents (not
    /// zero) when every Rival tied with it passes this test (Spirit of
    /// Freedom, F224: not a Member of the Commonwealth).
    pub secure_on_tie: Option<fn(&GameState, Seat) -> bool>,
    /// After its holder secured a card at a Court place, once the place
    /// refilled: `(state, holder, this card, the card secured, place)`
    /// (Librarians, F513; Council Insiders, F116).
    pub after_secure: Option<AfterSecureHook>,
    /// At the end of a round, the holder got the initiative marker by
    /// Surpassing (Sower of Division, F625). Asked only in campaign games,
    /// of the new holder's cards: no hook bit.
    pub on_surpass_initiative: Option<CardHook>,
    /// "When you Copy to X, you may gain 1 R" (the Liaisons, F405–F409):
    /// the standard action and the resource. Asked only in campaign games
    /// of a Copy's pip: no hook bit.
    pub copy_gain: Option<(StdAction, Resource)>,
    /// A law of the rules booklet that makes Transfer Guild Support a
    /// Negotiation action (Guild Negotiations, F414).
    pub guild_support: bool,
    /// A law of the rules booklet: Guild cards count twice when scoring
    /// (Guild Supremacy, F425).
    pub guild_counts_twice: bool,
    /// Provoking Outrage does not discard the holder's Guild cards (Guild
    /// Loyalty, F424). Asked only in campaign games: no hook bit.
    pub keeps_guild_on_outrage: bool,
    /// A law: giving a monopolized resource in a Summit needs the Monopoly
    /// holder's consent (Monopoly Consent, F319).
    pub monopoly_consent: bool,
    /// A law: Warlord counts Trophies and Weapon icons (War Profiteering,
    /// F320).
    pub warlord_counts_weapons: bool,
    /// Its holder may build a city in this system without a Loyal piece
    /// there (Prospectors, F322). Asked only in campaign games: no hook
    /// bit.
    pub prospects: Option<fn(&GameState, Seat, SystemId) -> bool>,
    /// A law changing how `seat` taxes (Closed & Open Economy, F327).
    pub tax_law: Option<fn(&GameState, Seat) -> TaxLaw>,
    /// A law of the rules booklet: no Blight Crisis happens in this system
    /// now (Imperial Protectors, F108).
    pub blight_crisis_barred: Option<fn(&GameState, SystemId) -> bool>,
    /// Its holder taxing `owner`'s city for a resource: `Some` takes over
    /// the gain (Tax Collectors, F106: from an Outlaw's board), asking its
    /// own question. Asked only in campaign games of a Rival's city: no
    /// hook bit.
    pub tax_gain: Option<TaxGainHook>,
    /// Its holder may not declare this ambition (Oath of Peace, F1502).
    pub declare_barred: Option<Ambition>,
    /// Trophies its holder gains go back to their owners, except the
    /// Blight's (Oath of Peace, F1502). See `GameState::gain_trophies`.
    pub returns_trophies: bool,
    /// Its holder may not change the Imperial Policy to War nor enforce a
    /// Policy of War (Oath of Peace, F1502). Asked only in the Edicts: no
    /// hook bit.
    pub shuns_war: bool,
    /// "When you take this resource, you may place it here instead"; those
    /// on the card are frozen, with this raid cost each (Arsenal Keepers,
    /// F1503). See `GameState::receive`.
    pub stores_taken: Option<(Resource, u8)>,
}

/// `(state, taxer, city owner, resource, this card)`: whether the card
/// takes over the gain (see `Behavior::tax_gain`).
pub type TaxGainHook = fn(&mut GameState, Seat, Seat, Resource, CardId) -> bool;

/// `(state, actor, victim, system, sink)`: see `Behavior::on_harm`.
pub type HarmHook = fn(&mut GameState, Seat, Owner, SystemId, &mut dyn Sink);

/// `(state, securer, Court place, sink)`: see `Behavior::keeps_agents`.
pub type KeepsAgents = fn(&mut GameState, Seat, usize, &mut dyn Sink);

/// `(state, actor, victim, system)` → whether the harm is forbidden.
pub type HarmRule = fn(&GameState, Seat, Owner, SystemId) -> bool;

impl Behavior {
    pub const NONE: Behavior = Behavior {
        code: "",
        spend_as: None,
        keep_on_outrage: false,
        holds_supply: None,
        card_slot: false,
        guard: None,
        bury_when_stolen: false,
        new_actions: &[],
        preludes: &[],
        copy_pivot: None,
        setup: None,
        on_secured: None,
        guild_secure_min: 0,
        on_declare: None,
        skip_zero_marker: None,
        declare_on_follow: false,
        declare_costs_guild: false,
        tax_loyal: None,
        inspiring: false,
        retax: None,
        bond: None,
        new_action_uses_tokens: false,
        tax_imperial: false,
        after_tax: None,
        ships_always_fresh: false,
        build_on_gates: None,
        cloud_cities: false,
        after_build_ship: None,
        max_move: None,
        sprint: false,
        catapult_from_gates_only: false,
        gate_toll: false,
        extra_dice: None,
        reroll: None,
        wary: false,
        raid_without_buildings: false,
        signal_breaker: false,
        hidden_harbors: false,
        mirror_plating: false,
        railgun: false,
        predictive_sensors: false,
        irregular: false,
        no_ransack_against: false,
        after_battle: None,
        score_rule: None,
        after_scoring: None,
        ignores_laws: 0,
        bury_if_outlaw: false,
        edict: None,
        skips_govern: false,
        crisis: None,
        fate_crisis: None,
        seize_by_outrage: false,
        guild_actions_if: None,
        bars_fleet: None,
        harm_barred: None,
        builds_free: false,
        ambition_score: None,
        law_after_scoring: None,
        free_as_loyal: None,
        on_harm: None,
        keeps_agents: None,
        secure_on_tie: None,
        after_secure: None,
        on_surpass_initiative: None,
        copy_gain: None,
        guild_support: false,
        guild_counts_twice: false,
        keeps_guild_on_outrage: false,
        monopoly_consent: false,
        warlord_counts_weapons: false,
        prospects: None,
        tax_law: None,
        blight_crisis_barred: None,
        tax_gain: None,
        declare_barred: None,
        returns_trophies: false,
        shuns_war: false,
        stores_taken: None,
    };
}

/// The hooks a card can have, one bit each in [`SeatState::hooks`]
/// (crate::state::SeatState): a rule asks whether any held card has its hook
/// before walking the cards, so a seat without such a card pays one bit test.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
#[repr(u8)]
pub enum Hook {
    SpendAs,
    HoldsSupply,
    CardSlot,
    Guard,
    Prelude,
    CopyPivot,
    DeclareCostsGuild,
    DeclareOnFollow,
    SkipZeroMarker,
    OnDeclare,
    TaxLoyal,
    Inspiring,
    Retax,
    Bond,
    TaxImperial,
    AfterTax,
    ShipsAlwaysFresh,
    BuildOnGates,
    CloudCities,
    AfterBuildShip,
    MaxMove,
    Sprint,
    CatapultFromGatesOnly,
    GateToll,
    GuildSecureMin,
    ExtraDice,
    Reroll,
    Wary,
    RaidWithoutBuildings,
    SignalBreaker,
    HiddenHarbors,
    MirrorPlating,
    Railgun,
    PredictiveSensors,
    Irregular,
    NoRansackAgainst,
    AfterBattle,
    ScoreRule,
    AfterScoring,
    FateCrisis,
    IgnoresLaws,
    BuryIfOutlaw,
    SeizeByOutrage,
    GuildActionsIf,
    HarmBarred,
    BuildsFree,
    SecureOnTie,
    AfterSecure,
    DeclareBarred,
    ReturnsTrophies,
    StoresTaken,
    /// A new action standing in for a standard action: this bit plus the
    /// [`StdAction`] index (7 bits).
    NewAction,
}

impl Hook {
    /// Every new-action bit (one per standard action).
    pub const NEW_ACTIONS: u64 = 0x7F << Hook::NewAction as u8;

    pub fn bit(self) -> u64 {
        1 << self as u8
    }
    /// The bit of a new action standing in for `std` (B-NEW-01).
    pub fn new_action_bit(std: StdAction) -> u64 {
        1 << (Hook::NewAction as u8 + std as u8)
    }
}

/// Every hook bit of a behaviour.
fn behavior_bits(b: &Behavior) -> u64 {
    use Hook::*;
    let mut h = 0;
    let mut set = |on: bool, x: Hook| {
        if on {
            h |= x.bit();
        }
    };
    set(b.spend_as.is_some(), SpendAs);
    set(b.holds_supply.is_some(), HoldsSupply);
    set(b.card_slot, CardSlot);
    set(b.guard.is_some(), Guard);
    set(!b.preludes.is_empty(), Prelude);
    set(b.copy_pivot.is_some(), CopyPivot);
    set(b.declare_costs_guild, DeclareCostsGuild);
    set(b.declare_on_follow, DeclareOnFollow);
    set(b.skip_zero_marker.is_some(), SkipZeroMarker);
    set(b.on_declare.is_some(), OnDeclare);
    set(b.tax_loyal.is_some(), TaxLoyal);
    set(b.inspiring, Inspiring);
    set(b.retax.is_some(), Retax);
    set(b.bond.is_some(), Bond);
    set(b.tax_imperial, TaxImperial);
    set(b.after_tax.is_some(), AfterTax);
    set(b.ships_always_fresh, ShipsAlwaysFresh);
    set(b.build_on_gates.is_some(), BuildOnGates);
    set(b.cloud_cities, CloudCities);
    set(b.after_build_ship.is_some(), AfterBuildShip);
    set(b.max_move.is_some(), MaxMove);
    set(b.sprint, Sprint);
    set(b.catapult_from_gates_only, CatapultFromGatesOnly);
    set(b.gate_toll, GateToll);
    set(b.guild_secure_min > 0, GuildSecureMin);
    set(b.extra_dice.is_some(), ExtraDice);
    set(b.reroll.is_some(), Reroll);
    set(b.wary, Wary);
    set(b.raid_without_buildings, RaidWithoutBuildings);
    set(b.signal_breaker, SignalBreaker);
    set(b.hidden_harbors, HiddenHarbors);
    set(b.mirror_plating, MirrorPlating);
    set(b.railgun, Railgun);
    set(b.predictive_sensors, PredictiveSensors);
    set(b.irregular, Irregular);
    set(b.no_ransack_against, NoRansackAgainst);
    set(b.after_battle.is_some(), AfterBattle);
    set(b.score_rule.is_some(), ScoreRule);
    set(b.after_scoring.is_some(), AfterScoring);
    set(b.fate_crisis.is_some(), FateCrisis);
    set(b.ignores_laws != 0, IgnoresLaws);
    set(b.bury_if_outlaw, BuryIfOutlaw);
    set(b.seize_by_outrage, SeizeByOutrage);
    set(b.guild_actions_if.is_some(), GuildActionsIf);
    set(b.harm_barred.is_some(), HarmBarred);
    set(b.builds_free, BuildsFree);
    set(b.secure_on_tie.is_some(), SecureOnTie);
    set(b.after_secure.is_some(), AfterSecure);
    set(b.declare_barred.is_some(), DeclareBarred);
    set(b.returns_trophies, ReturnsTrophies);
    set(b.stores_taken.is_some(), StoresTaken);
    for n in b.new_actions {
        h |= Hook::new_action_bit(n.std);
    }
    h
}

/// Behaviour and hook bits of every card, by [`CardId`].
fn registry() -> &'static [Option<(&'static Behavior, u64)>] {
    static R: OnceLock<Vec<Option<(&'static Behavior, u64)>>> = OnceLock::new();
    R.get_or_init(|| {
        let cat = crate::data::catalog();
        let mut v = vec![None; cat.cards.len()];
        let families = court::FAMILIES
            .iter()
            .chain(lore::FAMILIES)
            .chain(leaders::FAMILIES)
            .chain(campaign::FAMILIES);
        for b in families.flat_map(|f| f.iter()) {
            if let Some(id) = cat.lookup(b.code) {
                v[id.0 as usize] = Some((*b, behavior_bits(b)));
            }
        }
        // Reprints behave as their originals (the card passes its own id
        // to every hook).
        for (copy, original) in campaign::REPRINTS {
            if let (Some(c), Some(o)) = (cat.lookup(copy), cat.lookup(original)) {
                v[c.0 as usize] = v[o.0 as usize];
            }
        }
        // A card listed twice in the catalog (the Steward's F112A–F114: the
        // seed names them twice) behaves the same under either entry.
        for (i, c) in cat.cards.iter().enumerate() {
            if let Some(first) = cat.lookup(&c.id).filter(|f| f.0 as usize != i) {
                v[i] = v[first.0 as usize];
            }
        }
        v
    })
}

/// The behaviour of a card, if implemented.
pub fn behavior(card: CardId) -> Option<&'static Behavior> {
    registry()
        .get(card.0 as usize)
        .copied()
        .flatten()
        .map(|(b, _)| b)
}

/// The hook bits of a card (0 for a card without behaviour).
pub fn hook_bits(card: CardId) -> u64 {
    registry()
        .get(card.0 as usize)
        .copied()
        .flatten()
        .map_or(0, |(_, h)| h)
}

/// Whether a card's rules are implemented (reported by `arcs cards`).
pub fn implemented(card: CardId) -> bool {
    behavior(card).is_some() || crate::campaign::rules_card_implemented(card)
}

/// Cards whose powers the seat has: Guild cards, lore, its leader and
/// (campaign) its ability cards.
pub fn held(s: &GameState, seat: Seat) -> crate::state::HeldIter<'_> {
    s.seat(seat).held_cards()
}

pub(crate) fn held_behaviors(
    s: &GameState,
    seat: Seat,
) -> impl Iterator<Item = (CardId, &'static Behavior)> + '_ {
    held(s, seat).filter_map(|c| behavior(c).map(|b| (c, b)))
}

/// Whether some card the seat holds has hook `h` (one bit test).
pub fn holds(s: &GameState, seat: Seat, h: Hook) -> bool {
    s.seat(seat).hooks() & h.bit() != 0
}

/// The held cards with hook `h`: none to walk when no held card has it.
fn held_with(
    s: &GameState,
    seat: Seat,
    h: Hook,
) -> impl Iterator<Item = (CardId, &'static Behavior)> + '_ {
    let cards = s.seat(seat).held_cards();
    let cards = if holds(s, seat, h) {
        cards
    } else {
        cards.none()
    };
    cards.filter_map(|c| behavior(c).map(|b| (c, b)))
}

#[inline]
fn any_held(s: &GameState, seat: Seat, h: Hook, f: impl Fn(&Behavior) -> bool) -> bool {
    holds(s, seat, h) && held_behaviors(s, seat).any(|(_, b)| f(b))
}

fn owner_has(s: &GameState, o: Owner, h: Hook, f: impl Fn(&Behavior) -> bool) -> bool {
    o.seat().is_some_and(|x| any_held(s, x, h, f))
}

/// Who holds a card, if anyone.
pub fn holder_of(s: &GameState, card: CardId) -> Option<Seat> {
    s.seat_ids().find(|x| held(s, *x).any(|c| c == card))
}

/// Whether `a` is declared (a marker is in its box).
pub fn declared(s: &GameState, a: Ambition) -> bool {
    s.ambition_declared(a)
}

// ---------------------------------------------------------------- setup

pub fn run_setup(s: &mut GameState, seat: Seat, card: CardId, ev: &mut dyn Sink) {
    if let Some(f) = behavior(card).and_then(|b| b.setup) {
        f(s, seat, card, ev);
    }
}

// ---------------------------------------------------------------- actions

/// Whether a held card's new action standing in for `std` needs the
/// holder's own tokens (R-BC23-SPEND). Only asked when a held card has a
/// new action for `std` (the hook bit), so rarely.
pub fn new_action_uses_tokens(s: &GameState, seat: Seat, std: StdAction) -> bool {
    s.seat(seat).hooks() & Hook::new_action_bit(std) != 0
        && held(s, seat).any(|c| {
            behavior(c).is_some_and(|b| {
                b.new_action_uses_tokens && b.new_actions.iter().any(|n| n.std == std)
            })
        })
}

pub fn has_new_action(card: CardId, std: StdAction) -> bool {
    behavior(card).is_some_and(|b| b.new_actions.iter().any(|n| n.std == std))
}

fn new_action(card: CardId, std: StdAction) -> Option<&'static NewAction> {
    behavior(card)?.new_actions.iter().find(|n| n.std == std)
}

pub fn new_action_possible(s: &GameState, seat: Seat, card: CardId, std: StdAction) -> bool {
    held(s, seat).any(|c| c == card)
        && new_action(card, std).is_some_and(|n| (n.possible)(s, seat))
        && may_use_actions(s, seat, card)
}

/// Whether `seat` may use `card`'s actions now — its Prelude abilities and
/// new actions, the two kinds of actions a card offers in a turn's listing
/// (`prelude_choices`, `new_action_possible`). A card held with a
/// [`Behavior::guild_actions_if`] condition (Guild Overseers) bars the
/// actions of its holder's Guild cards while the condition fails; passive
/// powers are untouched (docs/rulings.md R-CAMP-ADVOCATE-OVERSEERS). One
/// bit test for a seat without such a card.
pub fn may_use_actions(s: &GameState, seat: Seat, card: CardId) -> bool {
    !holds(s, seat, Hook::GuildActionsIf)
        || card.info().kind != crate::data::CardKind::Guild
        || held_with(s, seat, Hook::GuildActionsIf)
            .all(|(_, b)| b.guild_actions_if.is_none_or(|f| f(s, seat)))
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
        if s.is_campaign() {
            crate::campaign::fates::notify(
                s,
                crate::campaign::fates::FateEvent::NewAction { seat, card, std },
                ev,
            );
        }
    }
}

/// A Copy/Pivot bonus for the standard action about to be taken.
pub fn copy_pivot_bonus(
    s: &GameState,
    seat: Seat,
    std: StdAction,
) -> Option<(CardId, CopyPivotBonus)> {
    held_with(s, seat, Hook::CopyPivot)
        .find_map(|(c, b)| b.copy_pivot.filter(|x| x.main == std).map(|x| (c, x)))
}

/// Starts `card`'s Copy/Pivot bonus around the `main` action about to be
/// taken. Returns true when the bonus takes charge of the main action (it
/// offers the extra one first); otherwise the caller takes the main action
/// and the bonus offers the extra one after it.
pub fn start_copy_pivot_bonus(
    s: &mut GameState,
    seat: Seat,
    card: CardId,
    main: StdAction,
    bonus: CopyPivotBonus,
) -> bool {
    leaders::start_bonus(s, seat, card, main, bonus)
}

/// Whether taking the bonus action first could make `main` possible: a
/// Move toward Rival pieces (Warrior), an agent that wins a card
/// (Feastbringer).
pub fn bonus_enables(s: &GameState, seat: Seat, main: StdAction) -> bool {
    match main {
        StdAction::Battle => {
            let catapult = s
                .systems_in_play()
                .any(|x| s.sys(x).ships_of(seat.owner()).total() > 0 && catapults_from(s, seat, x));
            s.systems_in_play().any(|x| {
                crate::actions::battle::defenders(s, seat, x)
                    .next()
                    .is_some()
                    && (catapult
                        || s.adjacent(x)
                            .any(|a| s.sys(a).ships_of(seat.owner()).total() > 0))
            })
        }
        StdAction::Secure => {
            s.seat(seat).agents > 0
                && (0..s.court.len()).any(|p| {
                    let slot = &s.court[p];
                    let mine = slot.agents[seat.index()] + 1;
                    slot.card.is_some_and(|c| may_secure(s, seat, c, mine))
                        && slot.most_of_others(seat) < mine
                })
        }
        _ => false,
    }
}

/// Whether the Turn's current play is a Copy or Pivot by `seat`.
pub fn is_copy_pivot(s: &GameState, seat: Seat, source: Source) -> bool {
    source == Source::Pip
        && s.turn.seat == seat
        && matches!(s.turn.play, PlayKind::Copy | PlayKind::Pivot)
}

// ---------------------------------------------------------------- resources

/// Types any resource may be spent as (Loyal X cards).
pub fn spend_as_types(s: &GameState, seat: Seat) -> impl Iterator<Item = Resource> + '_ {
    held_with(s, seat, Hook::SpendAs).filter_map(|(_, b)| b.spend_as)
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
/// A Monopoly's supply counts for its holder too (campaign, F313–F317).
pub fn extra_icons(s: &GameState, seat: Seat, r: Resource) -> u32 {
    let cartels: u32 = held_with(s, seat, Hook::HoldsSupply)
        .filter(|(_, b)| b.holds_supply == Some(r))
        .map(|_| s.supply[r.index()] as u32)
        .sum();
    let monopoly = if s.is_campaign() {
        campaign::magnate::monopoly_supply(s, seat, r)
    } else {
        0
    };
    cartels + monopoly
}

/// Whether a law of the rules booklet makes Warlord count Weapon icons
/// (War Profiteering, F320).
pub fn warlord_counts_weapons(s: &GameState) -> bool {
    s.is_campaign() && booklet_laws(s).any(|(_, b)| b.warlord_counts_weapons)
}

/// How a law of the rules booklet changes a seat's taxing (the Economy,
/// F327).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct TaxLaw {
    /// No city in an Empire-controlled system without the Monopoly of its
    /// type.
    pub closed: bool,
    /// Its own cities may be taxed again the same turn.
    pub open_own: bool,
    /// Any city it may tax, again the same turn.
    pub open_any: bool,
}

/// The laws' changes to `seat`'s taxing, together.
pub fn tax_law(s: &GameState, seat: Seat) -> TaxLaw {
    let mut t = TaxLaw::default();
    if s.is_campaign() {
        for f in booklet_laws(s).filter_map(|(_, b)| b.tax_law) {
            let x = f(s, seat);
            t.closed |= x.closed;
            t.open_own |= x.open_own;
            t.open_any |= x.open_any;
        }
    }
    t
}

/// Whether `seat` holds the Monopoly of `r` (the Magnate's, F313–F317).
pub fn holds_monopoly(s: &GameState, seat: Seat, r: Resource) -> bool {
    campaign::magnate::monopoly_holder(s, r) == Some(seat)
}

/// Whether `seat` holds a card letting it build cities without Loyal
/// pieces somewhere (Prospectors, F322).
pub fn held_prospects(s: &GameState, seat: Seat) -> bool {
    held_behaviors(s, seat).any(|(_, b)| b.prospects.is_some())
}

/// Whether `seat` may build a city in `sys` without a Loyal piece there
/// (Prospectors, F322).
pub fn prospects(s: &GameState, seat: Seat, sys: SystemId) -> bool {
    s.is_campaign()
        && held_behaviors(s, seat).any(|(_, b)| b.prospects.is_some_and(|f| f(s, seat, sys)))
}

/// The Ancient Holdings card slot (C-L13).
pub fn has_card_slot(s: &GameState, seat: Seat) -> bool {
    any_held(s, seat, Hook::CardSlot, |b| b.card_slot)
}

/// Whether `thief` may steal `loot` from `victim` (P-steal; Sworn
/// Guardians, Keeper's Trust, Keeper's Solidarity).
pub fn may_steal(s: &GameState, thief: Seat, victim: Seat, loot: Loot) -> bool {
    !held_with(s, victim, Hook::Guard)
        .any(|(_, b)| b.guard.is_some_and(|g| g(s, thief, victim, loot)))
}

/// A stolen Guild card joins the thief, or is buried (Sworn Guardians).
pub fn on_stolen(s: &mut GameState, thief: Seat, card: CardId, ev: &mut dyn Sink) {
    if behavior(card).is_some_and(|b| b.bury_when_stolen) {
        s.court_deck.bury(card);
        log!(
            ev,
            "bury",
            Some(thief),
            "{card} is buried at the bottom of the Court deck."
        );
    } else {
        s.seat_mut(thief).add_guild(card);
    }
}

/// A Guild card leaves its holder for the Court discard pile (B-GLD-04).
pub fn discard_guild(s: &mut GameState, seat: Seat, card: CardId) {
    if s.seat_mut(seat).remove_guild(card) {
        s.court_discard.push(card);
        // Resources stored on it go back to the supply (campaign,
        // docs/rulings.md R-CAMP-MAGNATE-LEAVES).
        crate::campaign::stored::release(s, card);
    }
}

/// A lore card leaves the game (discarded by its own Prelude).
pub fn discard_lore(s: &mut GameState, seat: Seat, card: CardId) {
    s.seat_mut(seat).remove_lore(card);
    // A resource held on a discarded card returns to the supply (B-RES-09).
    if behavior(card).is_some_and(|b| b.card_slot) && !has_card_slot(s, seat) {
        if let Some(r) = s.seat_mut(seat).resources[crate::data::BOARD_SLOTS].take() {
            s.supply[r.index()] += 1;
        }
    }
}

/// Raid cost of a Guild card (B-RAID-01, DG-08).
pub fn raid_cost(_s: &GameState, _victim: Seat, card: CardId) -> u8 {
    card.info().raid_cost.unwrap_or(0)
}

// ---------------------------------------------------------------- prelude

pub fn prelude_choices(s: &GameState, seat: Seat, out: &mut Vec<Choice>) {
    for (card, b) in held_with(s, seat, Hook::Prelude) {
        if s.turn.secured_in_prelude.contains(&card) {
            continue; // B-PRE-04
        }
        if !may_use_actions(s, seat, card) {
            continue; // Guild Overseers
        }
        for (n, p) in b.preludes.iter().enumerate() {
            if p.first && s.turn.prelude_used {
                continue;
            }
            if p.once_per_turn && s.turn.once_used.contains(&card) {
                continue;
            }
            if (p.possible)(s, seat) {
                out.push(Choice::Prelude { card, n: n as u8 });
            }
        }
    }
    if s.is_campaign() {
        // Laws with a Prelude (F506 Golem Actions).
        crate::campaign::booklet_preludes(s, seat, out);
        // The Flagship's Slipstream Drive (AID10A).
        crate::campaign::flagship::preludes(s, seat, out);
    }
}

pub fn run_prelude(s: &mut GameState, seat: Seat, card: CardId, n: u8, ev: &mut dyn Sink) {
    let Some(b) = behavior(card) else { return };
    let Some(p) = b.preludes.get(n as usize) else {
        return;
    };
    if p.once_per_turn {
        let _ = s.turn.once_used.try_push(card);
    }
    if p.discard {
        if card.info().kind == crate::data::CardKind::Lore {
            discard_lore(s, seat, card);
        } else {
            discard_guild(s, seat, card);
        }
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
    if s.is_campaign() {
        crate::campaign::fates::notify(
            s,
            crate::campaign::fates::FateEvent::Prelude {
                seat,
                card,
                discarded: p.discard,
            },
            ev,
        );
    }
}

// ---------------------------------------------------------------- declaring

/// Whether the seat may declare at all: Feastbringer *Generous* needs a
/// Guild card to give (AMB-48).
pub fn may_declare(s: &GameState, seat: Seat) -> bool {
    !any_held(s, seat, Hook::DeclareCostsGuild, |b| b.declare_costs_guild)
        || !s.seat(seat).guild().is_empty()
}

pub fn declare_costs_guild(s: &GameState, seat: Seat) -> bool {
    any_held(s, seat, Hook::DeclareCostsGuild, |b| b.declare_costs_guild)
}

/// Declaring costs `card`'s Guild card first (Feastbringer *Generous*,
/// AMB-64): its procedure takes the card, then declares `a`; `via` is the
/// declaration's `DeclareVia` code.
pub fn begin_costly_declare(s: &mut GameState, seat: Seat, card: CardId, a: Ambition, via: u8) {
    leaders::base::begin_generous(s, seat, card, a, via);
}

#[inline]
pub fn declares_on_follow(s: &GameState, seat: Seat, play: PlayKind) -> bool {
    matches!(play, PlayKind::Surpass | PlayKind::Pivot)
        && any_held(s, seat, Hook::DeclareOnFollow, |b| b.declare_on_follow)
}

pub fn skip_zero_marker(s: &GameState, seat: Seat, a: Ambition) -> bool {
    held_with(s, seat, Hook::SkipZeroMarker).any(|(_, b)| b.skip_zero_marker.is_some_and(|f| f(a)))
}

/// An "after you secure a card" hook (see [`Behavior::after_secure`]).
pub type AfterSecureHook = fn(&mut GameState, Seat, CardId, CardId, u8);

/// "After you secure a card" hooks of `seat`'s cards (Librarians, F513;
/// Council Insiders, F116), told the card secured and pushed below the
/// refill of `pos` so that they follow it.
pub fn after_secure(s: &mut GameState, seat: Seat, secured: CardId, pos: usize) {
    let hooks: Vec<_> = held_with(s, seat, Hook::AfterSecure)
        .filter_map(|(c, b)| b.after_secure.map(|f| (c, f)))
        .collect();
    for (c, f) in hooks.into_iter().rev() {
        f(s, seat, c, secured, pos as u8);
    }
}

/// "When you declare an ambition" hooks, in the holder's card order (AMB-64).
pub fn on_declare(s: &mut GameState, seat: Seat, a: Ambition, ev: &mut dyn Sink) {
    let mut hooks: Vec<_> = held_with(s, seat, Hook::OnDeclare)
        .filter_map(|(_, b)| b.on_declare)
        .collect();
    // The rules booklet's laws hear every declaration too (the
    // Commonwealth Ambition, F214).
    if s.is_campaign() {
        hooks.extend(booklet_laws(s).filter_map(|(_, b)| b.on_declare));
    }
    // Frames run last-pushed first; push in reverse to keep card order.
    for h in hooks.into_iter().rev() {
        h(s, seat, a, ev);
    }
}

// ---------------------------------------------------------------- tax

/// The resource types a city in `sys` yields when taxed and provokes when
/// destroyed: its planet's type (or the Mythic mark); a gate city (Gate
/// Stations) matches every other city in its cluster (C-L11, AMB-40).
pub fn city_types(s: &GameState, sys: SystemId) -> impl Iterator<Item = Resource> {
    let mut mask = 0u8;
    if let Some(r) = s.planet_type(sys) {
        mask |= 1 << r.index();
    } else {
        for p in 1..4 {
            let x = SystemId::new(sys.cluster(), p);
            if s.sys(x)
                .buildings()
                .any(|(_, b)| b.kind == BuildingKind::City)
            {
                if let Some(r) = s.planet_type(x) {
                    mask |= 1 << r.index();
                }
            }
        }
    }
    Resource::ALL
        .into_iter()
        .filter(move |r| mask & (1 << r.index()) != 0)
}

/// A gate city with several types (Gate Stations): the seat gains one of
/// them, its choice (C-L11); `mask` holds a bit per type.
pub fn gain_one_of_city_types(s: &mut GameState, seat: Seat, mask: u8) {
    lore::base::gain_one_of(s, seat, mask);
}

/// Restrictions on taxing Loyal cities (Upstart *Callow*, Anarchist
/// *Principled*).
pub fn may_tax_loyal(s: &GameState, seat: Seat, sys: SystemId) -> bool {
    !held_with(s, seat, Hook::TaxLoyal).any(|(_, b)| b.tax_loyal.is_some_and(|f| !f(s, seat, sys)))
}

/// No card restricts taxing Loyal cities (the fast path of tax scans).
pub fn may_tax_loyal_everywhere(s: &GameState, seat: Seat) -> bool {
    !held_with(s, seat, Hook::TaxLoyal).any(|(_, b)| b.tax_loyal.is_some())
}

/// Anarchist *Inspiring*.
pub fn inspiring(s: &GameState, seat: Seat) -> bool {
    any_held(s, seat, Hook::Inspiring, |b| b.inspiring)
}

/// Warlord's Cruelty: cities already taxed this turn may be taxed again.
pub fn may_retax(s: &GameState, seat: Seat) -> bool {
    held_with(s, seat, Hook::Retax).any(|(_, b)| b.retax.is_some_and(|f| f(s)))
}

/// Empath's Bond: every city and starport counts as Loyal for tax, ships
/// and Catapult.
#[inline]
pub fn bond(s: &GameState, seat: Seat) -> bool {
    holds(s, seat, Hook::Bond) && held_behaviors(s, seat).any(|(_, b)| b.bond.is_some_and(|f| f(s)))
}

/// Imperial Authority: a Regent taxes any city in an Empire-controlled
/// system like a Loyal one (campaign; never in a base game).
pub fn tax_imperial(s: &GameState, seat: Seat) -> bool {
    any_held(s, seat, Hook::TaxImperial, |b| b.tax_imperial) && s.is_regent(seat)
}

/// "After you tax" hooks (Mystic, Fuel-Drinker, Agitator, Shaper, Overseer).
pub fn after_tax(s: &mut GameState, seat: Seat, done: &TaxDone, ev: &mut dyn Sink) {
    let hooks: Vec<_> = held_with(s, seat, Hook::AfterTax)
        .filter_map(|(_, b)| b.after_tax)
        .collect();
    for h in hooks.into_iter().rev() {
        h(s, seat, done, ev);
    }
}

// ---------------------------------------------------------------- build

pub fn ships_always_fresh(s: &GameState, seat: Seat) -> bool {
    any_held(s, seat, Hook::ShipsAlwaysFresh, |b| b.ships_always_fresh)
}

pub fn builds_on_gates(s: &GameState, seat: Seat, kind: BuildingKind) -> bool {
    any_held(s, seat, Hook::BuildOnGates, |b| {
        b.build_on_gates == Some(kind)
    })
}

#[inline]
pub fn cloud_cities(s: &GameState, seat: Seat) -> bool {
    any_held(s, seat, Hook::CloudCities, |b| b.cloud_cities)
}

/// Cloud Cities: the seat holds a resource that can pay for a cloud city
/// on `sys`.
pub fn cloud_payable(s: &GameState, seat: Seat, sys: SystemId) -> bool {
    lore::base::cloud_payable(s, seat, sys)
}

/// Cloud Cities: pay for a cloud city on `system`, then build it.
pub fn pay_for_cloud_city(s: &mut GameState, seat: Seat, system: SystemId) {
    lore::base::pay_for_cloud_city(s, seat, system);
}

pub fn after_build_ship(s: &mut GameState, seat: Seat, sys: SystemId, slot: u8, ev: &mut dyn Sink) {
    let hooks: Vec<_> = held_with(s, seat, Hook::AfterBuildShip)
        .filter_map(|(_, b)| b.after_build_ship)
        .collect();
    for h in hooks {
        h(s, seat, sys, slot, ev);
    }
}

// ---------------------------------------------------------------- move

/// Most ships one Move may carry (Rebel *Disorganized*).
pub fn max_ships_moved(s: &GameState, seat: Seat) -> u8 {
    held_with(s, seat, Hook::MaxMove)
        .filter_map(|(_, b)| b.max_move)
        .min()
        .unwrap_or(u8::MAX)
}

pub fn sprint(s: &GameState, seat: Seat) -> bool {
    any_held(s, seat, Hook::Sprint, |b| b.sprint)
}

/// Sprinter Drives: after the move (Catapults included), fresh ships that
/// moved may step once more (C-L03).
pub fn start_sprint(s: &mut GameState, seat: Seat) {
    lore::base::start_sprint(s, seat);
}

/// B-MOV-02/04: Catapult from a Loyal starport in the origin; Empath's Bond
/// counts any starport; Shaper *Ancient* swaps starports for gates.
pub fn catapults_from(s: &GameState, seat: Seat, sys: SystemId) -> bool {
    if any_held(s, seat, Hook::CatapultFromGatesOnly, |b| {
        b.catapult_from_gates_only
    }) {
        return sys.is_gate();
    }
    let any_owner = bond(s, seat);
    s.sys(sys)
        .buildings()
        .any(|(_, b)| b.kind == BuildingKind::Starport && (any_owner || b.owner == seat.owner()))
}

/// After ships of `mover` enter `to` by a Move (Gate Ports). `before` is
/// who controlled `to` before they entered.
pub fn after_enter(
    s: &mut GameState,
    mover: Seat,
    to: SystemId,
    before: Option<Owner>,
    ev: &mut dyn Sink,
) {
    if !to.is_gate() {
        return;
    }
    let Some(holder) = before.and_then(|o| o.seat()) else {
        return;
    };
    if holder == mover || !any_held(s, holder, Hook::GateToll, |b| b.gate_toll) {
        return;
    }
    let fresh_port = s
        .sys(to)
        .buildings_of(holder.owner())
        .any(|(_, b)| b.kind == BuildingKind::Starport && !b.damaged)
        || crate::campaign::flagship::fresh_board_starport_in(s, holder, to);
    if fresh_port && s.seat(mover).agents > 0 {
        s.seat_mut(mover).agents -= 1;
        s.seat_mut(holder).captives[mover.index()] += 1;
        log!(
            ev,
            "capture",
            Some(holder),
            "{holder} captures an agent of {mover} at the gate (Gate Ports)."
        );
        crate::campaign::fates::captured(s, holder, mover, 1, ev);
    }
}

// ---------------------------------------------------------------- Court

/// Secure restrictions (Demagogue *Paranoid*).
pub fn may_secure(s: &GameState, seat: Seat, card: CardId, agents: u8) -> bool {
    if !holds(s, seat, Hook::GuildSecureMin) || card.info().kind != crate::data::CardKind::Guild {
        return true;
    }
    let min = held_with(s, seat, Hook::GuildSecureMin)
        .map(|(_, b)| b.guild_secure_min)
        .max()
        .unwrap_or(0);
    agents >= min
}

/// Ransack restrictions (Elder *Beloved*: not when battling the Elder; a
/// city destroyed outside battle may be Ransacked, AMB-41).
pub fn may_ransack(s: &GameState, destroyer: Seat, defender: Seat) -> bool {
    let in_battle = matches!(s.stack.last(), Some(Frame::Battle(b)) if b.attacker == destroyer && b.defender == defender.owner());
    !(in_battle
        && any_held(s, defender, Hook::NoRansackAgainst, |b| {
            b.no_ransack_against
        }))
}

/// "When Secured" (B-SEC-03); Guild cards join the play area.
pub fn on_secured(s: &mut GameState, seat: Seat, card: CardId, ev: &mut dyn Sink) {
    if let Some(f) = behavior(card).and_then(|b| b.on_secured) {
        f(s, seat, card, ev);
        return;
    }
    match card.info().kind {
        crate::data::CardKind::Vox => s.court_discard.push(card),
        // Campaign p5 step J: lore shuffled into the Court deck is gained
        // when secured.
        crate::data::CardKind::Lore => {
            s.seat_mut(seat).add_lore(card);
        }
        _ => {
            gain_secured_guild(s, seat, card, ev);
            return;
        }
    }
    // "Bury this if you're an Outlaw" holds for a card an Outlaw secures
    // (docs/rulings.md R-CAMP-STEWARD-BURY).
    if s.is_outlaw(seat) {
        bury_outlaw_cards(s, seat, ev);
    }
}

/// A secured Guild card joins its securer's play area; secured during
/// its Prelude, its Prelude abilities wait for another turn (B-PRE-04);
/// an Outlaw securer buries what it must (R-CAMP-STEWARD-BURY).
pub fn gain_secured_guild(s: &mut GameState, seat: Seat, card: CardId, ev: &mut dyn Sink) {
    s.seat_mut(seat).add_guild(card);
    if s.turn.seat == seat && s.turn.prelude_open {
        let _ = s.turn.secured_in_prelude.try_push(card);
    }
    // "Bury this if you're an Outlaw" holds for a card an Outlaw secures
    // (docs/rulings.md R-CAMP-STEWARD-BURY).
    if s.is_outlaw(seat) {
        bury_outlaw_cards(s, seat, ev);
    }
}

// ---------------------------------------------------------------- battle

pub fn extra_dice(s: &GameState, attacker: Seat, sys: SystemId) -> u8 {
    held_with(s, attacker, Hook::ExtraDice)
        .filter_map(|(_, b)| b.extra_dice.map(|f| f(s, attacker, sys)))
        .sum()
}

/// Hidden Harbors: no raid dice against a fresh defending starport.
pub fn raid_dice_allowed(s: &GameState, _attacker: Seat, defender: Owner, sys: SystemId) -> bool {
    if !owner_has(s, defender, Hook::HiddenHarbors, |b| b.hidden_harbors) {
        return true;
    }
    // A Flagship's board starports count as in its system (FS-36).
    let board = defender
        .seat()
        .is_some_and(|d| crate::campaign::flagship::fresh_board_starport_in(s, d, sys));
    !board
        && !s
            .sys(sys)
            .buildings_of(defender)
            .any(|(_, b)| b.kind == BuildingKind::Starport && !b.damaged)
}

pub fn wary(s: &GameState, seat: Seat) -> bool {
    any_held(s, seat, Hook::Wary, |b| b.wary)
}

pub fn raid_without_buildings(s: &GameState, seat: Seat) -> bool {
    any_held(s, seat, Hook::RaidWithoutBuildings, |b| {
        b.raid_without_buildings
    })
}

/// A defender's card acting before dice are collected (Predictive
/// Sensors): the procedure the battle pauses for.
pub fn pre_collect_effect(s: &GameState, b: &BattleFrame) -> Option<CardFrame> {
    let d = b.defender.seat()?;
    let (card, _) = held_with(s, d, Hook::PredictiveSensors).find(|(_, x)| x.predictive_sensors)?;
    lore::pack::sensors(s, d, card, b.system)
}

/// Railgun Arrays: the defender has it and a fresh defending ship.
pub fn railgun(s: &GameState, b: &BattleFrame) -> bool {
    // A defending Flagship is a fresh Loyal ship (p22).
    owner_has(s, b.defender, Hook::Railgun, |x| x.railgun)
        && (s.sys(b.system).ships_of(b.defender).fresh > 0 || b.defending_flagship(s).is_some())
}

/// Every reroll ability of `seat` usable now: (index, card, how many). The
/// attacker picks the order (AMB-67).
pub fn available_rerolls(
    s: &GameState,
    seat: Seat,
    done: u8,
    b: &BattleFrame,
    in_battle: bool,
) -> Vec<(u8, CardId, u8)> {
    let mut out = Vec::new();
    let mut i = 0u8;
    for (c, beh) in held_with(s, seat, Hook::Reroll) {
        if let Some(r) = &beh.reroll {
            if (in_battle || r.outside_battle) && done & (1 << i) == 0 {
                let max = (r.max)(s, seat, &b.roll, in_battle.then_some(b));
                let any = b.roll.iter().any(|(k, _)| r.kinds & (1 << k as u8) != 0);
                if max > 0 && any {
                    out.push((i, c, max));
                }
            }
            i += 1;
        }
    }
    out
}

/// The next reroll ability of `seat` not yet used: (index, how many).
pub fn next_reroll(
    s: &GameState,
    seat: Seat,
    done: u8,
    b: &BattleFrame,
    in_battle: bool,
) -> Option<(u8, u8)> {
    let mut i = 0u8;
    for (_, beh) in held_with(s, seat, Hook::Reroll) {
        if let Some(r) = &beh.reroll {
            if (in_battle || r.outside_battle) && done & (1 << i) == 0 {
                let max = (r.max)(s, seat, &b.roll, in_battle.then_some(b));
                let any = b.roll.iter().any(|(k, _)| r.kinds & (1 << k as u8) != 0);
                if max > 0 && any {
                    return Some((i, max));
                }
            }
            i += 1;
        }
    }
    None
}

/// The reroll ability in progress (`cur` = index + 1).
pub fn reroll_hook(
    s: &GameState,
    seat: Seat,
    _done: u8,
    cur: u8,
    _b: &BattleFrame,
    _in_battle: bool,
) -> Option<(CardId, &'static Reroll)> {
    let mut i = 0u8;
    for (c, beh) in held_with(s, seat, Hook::Reroll) {
        if let Some(r) = &beh.reroll {
            if i + 1 == cur {
                return Some((c, r));
            }
            i += 1;
        }
    }
    None
}

/// After the roll and rerolls: Mirror Plating adds an intercept.
pub fn after_rolls(s: &mut GameState, b: &mut BattleFrame, ev: &mut dyn Sink) {
    if owner_has(s, b.defender, Hook::MirrorPlating, |x| x.mirror_plating)
        && b.dice[DieKind::Assault as usize] > 0
    {
        b.extra_intercepts += 1;
        log!(
            ev,
            "roll",
            b.defender.seat(),
            { systems: vec![b.system] },
            "{} adds an intercept to the roll (Mirror Plating).",
            b.defender
        );
    }
}

/// Signal Breaker: ignore 1 intercept if every attacker began fresh.
pub fn effective_intercepts(s: &GameState, b: &BattleFrame, n: u8) -> u8 {
    if b.all_fresh && any_held(s, b.attacker, Hook::SignalBreaker, |x| x.signal_breaker) {
        n.saturating_sub(1)
    } else {
        n
    }
}

/// B-BAT-05.2: one hit per fresh defending ship; Agitator *Irregular*: one
/// per Weapon icon of the defender instead.
pub fn intercept_hits(s: &GameState, b: &BattleFrame) -> u8 {
    let n = match b.defender.seat() {
        Some(d) if any_held(s, d, Hook::Irregular, |x| x.irregular) => shared::weapon_icons(s, d),
        _ => s.sys(b.system).ships_of(b.defender).fresh,
    };
    // FS-23: a defending Flagship does not intercept, unless it has the
    // Defense Array: then once per fresh starport on its board.
    n + b.defending_flagship(s).map_or(0, |d| {
        crate::campaign::flagship::defense_array_intercepts(s, d)
    })
}

/// Irregular: after the intercept the Agitator discards 1 Weapon token
/// (from its cheapest slot, docs/rulings.md R-LEAD15).
pub fn after_intercept(s: &mut GameState, b: &BattleFrame, ev: &mut dyn Sink) {
    let Some(d) = b.defender.seat() else { return };
    if !any_held(s, d, Hook::Irregular, |x| x.irregular) {
        return;
    }
    let slot = (0..7)
        .filter(|&i| s.seat(d).resources[i] == Some(Resource::Weapon))
        .min_by_key(|&i| crate::data::SLOT_RAID_COST[i]);
    if let Some(i) = slot {
        s.discard_slot(d, i);
        log!(ev, "discard", Some(d), "{d} discards a Weapon (Irregular).");
    }
}

/// After-battle hooks of the attacker and defender.
pub fn after_battle(s: &mut GameState, b: &BattleFrame, ev: &mut dyn Sink) {
    for seat in std::iter::once(b.attacker).chain(b.defender.seat()) {
        let hooks: Vec<_> = held_with(s, seat, Hook::AfterBattle)
            .filter_map(|(_, x)| x.after_battle)
            .collect();
        for h in hooks {
            h(s, seat, b, ev);
        }
    }
}

// ---------------------------------------------------------------- round and chapter

/// "When the round ends" effects before the discard (AMB-22): Unions, and
/// The Young Light and its like (ARCS-F816), which go back to their
/// holder instead of the Court discard pile.
pub fn on_round_end(s: &mut GameState, ev: &mut dyn Sink) {
    let unions = std::mem::take(&mut s.round.unions);
    for u in unions {
        for x in Seat::all(s.players) {
            if let Some(p) = s.round.plays[x.index()] {
                if p.card == u.target {
                    s.round.plays[x.index()] = None;
                    if let Some(z) = p.seize {
                        s.action_discard.place_face_down(z);
                    }
                    s.seat_mut(u.holder).hand.insert(u.target.physical());
                    if p.face_up() || x == u.holder {
                        log!(
                            ev,
                            "union",
                            Some(u.holder),
                            "{} takes {} into their hand ({}).",
                            u.holder,
                            u.target.physical().full_name(),
                            u.union
                        );
                    } else {
                        // A face-down card: its number is news to the
                        // holder alone.
                        log!(
                            ev,
                            "union",
                            Some(u.holder),
                            "{} takes {x}'s face-down card into their hand ({}).",
                            u.holder,
                            u.union
                        );
                        crate::log_reveal!(
                            ev,
                            u.holder,
                            "union",
                            "It is {}.",
                            u.target.physical().full_name()
                        );
                        s.disclose();
                    }
                }
            }
        }
        if u.returns {
            s.seat_mut(u.holder).add_guild(u.union);
            log!(
                ev,
                "union",
                Some(u.holder),
                "{} takes {} back.",
                u.holder,
                u.union
            );
        } else {
            s.court_discard.push(u.union);
        }
    }
}

/// A leader's scoring rule.
/// Whether a card `seat` holds forbids it to declare `a` (Oath of Peace).
pub fn declare_barred(s: &GameState, seat: Seat, a: Ambition) -> bool {
    held_with(s, seat, Hook::DeclareBarred).any(|(_, b)| b.declare_barred == Some(a))
}

/// The card of `seat`'s that sends the Trophies it gains back (Oath of
/// Peace), if any.
pub fn trophy_returner(s: &GameState, seat: Seat) -> Option<CardId> {
    held_with(s, seat, Hook::ReturnsTrophies)
        .find(|(_, b)| b.returns_trophies)
        .map(|(c, _)| c)
}

/// The card of `seat`'s that bars a Policy of War (Oath of Peace), if any.
pub fn shuns_war(s: &GameState, seat: Seat) -> Option<CardId> {
    held_behaviors(s, seat)
        .find(|(_, b)| b.shuns_war)
        .map(|(c, _)| c)
}

/// The card of `seat`'s that may take in a resource `r` it takes, instead
/// of its resource slots (Arsenal Keepers), if any.
pub fn store_for(s: &GameState, seat: Seat, r: Resource) -> Option<CardId> {
    held_with(s, seat, Hook::StoresTaken)
        .find(|(_, b)| b.stores_taken.is_some_and(|(x, _)| x == r))
        .map(|(c, _)| c)
}

/// The raid cost of a resource `r` stored on a card of `victim`'s: the
/// card's (Arsenal Keepers: 2), or none (`u8::MAX`: frozen resources are
/// not raided, campaign rules p27).
pub fn stored_raid_cost(s: &GameState, victim: Seat, r: Resource) -> u8 {
    if !holds(s, victim, Hook::StoresTaken) {
        return u8::MAX;
    }
    crate::campaign::stored::held(s, victim)
        .filter(|x| x.res[r.index()] > 0)
        .filter_map(|x| behavior(x.card).and_then(|b| b.stores_taken))
        .filter(|(kind, _)| *kind == r)
        .map(|(_, cost)| cost)
        .min()
        .unwrap_or(u8::MAX)
}

pub fn score_rules(s: &GameState, seat: Seat) -> impl Iterator<Item = ScoreRule> + '_ {
    held_with(s, seat, Hook::ScoreRule).filter_map(|(_, b)| b.score_rule)
}

/// "After scoring" hooks of every holder, in turn order (B-SCORE-09).
pub fn after_scoring(s: &mut GameState, ev: &mut dyn Sink) {
    if s.is_campaign() {
        let laws: Vec<_> = booklet_laws(s)
            .filter_map(|(_, b)| b.law_after_scoring)
            .collect();
        for h in laws {
            h(s, ev);
        }
    }
    let order: arrayvec::ArrayVec<Seat, MAX_SEATS> = s.turn_order().collect();
    for seat in order {
        let hooks: Vec<_> = held_with(s, seat, Hook::AfterScoring)
            .filter_map(|(_, b)| b.after_scoring)
            .collect();
        for h in hooks {
            h(s, seat, ev);
        }
    }
}

/// Clears an Outrage icon (lore Preludes): the agent returns to supply.
pub fn clear_outrage(s: &mut GameState, seat: Seat, r: Resource, ev: &mut dyn Sink) {
    let bit = 1 << r.index();
    let st = s.seat_mut(seat);
    if st.outrage & bit == 0 {
        return;
    }
    st.outrage &= !bit;
    if st.placeholders & bit != 0 {
        st.placeholders &= !bit;
    } else if let Some(by) = s
        .is_campaign()
        .then(|| crate::cards::campaign::partisan::take_sown(s, seat, r))
        .flatten()
    {
        // Sower of Division's agent goes home to the seat that placed it.
        s.return_agents(by, 1);
    } else {
        s.return_agents(seat, 1);
    }
    log!(
        ev,
        "outrage",
        Some(seat),
        "{seat} clears their {r} Outrage."
    );
}

// ------------------------------------------------------------ campaign

/// The holder ignores the Empire's Presence Law (Imperial Officers, Rogue
/// Admirals): on its turn it commands every Imperial ship and controls
/// every Empire-controlled system.
pub const IGNORE_PRESENCE: u8 = 1;
/// The holder ignores the Movement Law.
pub const IGNORE_MOVEMENT: u8 = 2;
/// The holder ignores the Truce Law.
pub const IGNORE_TRUCE: u8 = 4;

/// Whether a card `seat` holds forbids it to harm `victim`'s pieces in
/// `sys` (Book of Liberation, F204).
pub fn held_harm_barred(s: &GameState, seat: Seat, victim: Owner, sys: SystemId) -> bool {
    any_held(s, seat, Hook::HarmBarred, |b| {
        b.harm_barred.is_some_and(|f| f(s, seat, victim, sys))
    })
}

/// Whether a held card lets `seat` secure the card at `pos`, where it is
/// tied for most agents, because every Rival tied with it passes the
/// card's test (Spirit of Freedom, F224).
pub fn secures_on_tie(s: &GameState, seat: Seat, pos: usize) -> bool {
    if !holds(s, seat, Hook::SecureOnTie) {
        return false;
    }
    let slot = &s.court[pos];
    let mine = slot.agents[seat.index()];
    let tied: arrayvec::ArrayVec<Seat, MAX_SEATS> = s
        .seat_ids()
        .filter(|x| *x != seat && slot.agents[x.index()] == mine)
        .collect();
    any_held(s, seat, Hook::SecureOnTie, |b| {
        b.secure_on_tie
            .is_some_and(|f| tied.iter().all(|x| f(s, *x)))
    })
}

/// The laws of the rules booklet (a campaign's), with their behaviour.
pub fn booklet_laws(s: &GameState) -> impl Iterator<Item = (CardId, &'static Behavior)> + '_ {
    s.campaign()
        .into_iter()
        .flat_map(|c| c.booklet.iter().copied())
        .filter_map(|c| behavior(c).map(|b| (c, b)))
}

/// A held card taking over the gain of `seat`'s tax of `owner`'s city
/// (Tax Collectors, F106): true when one did (it asks its question).
pub fn tax_gain(s: &mut GameState, seat: Seat, owner: Seat, r: Resource) -> bool {
    if !s.is_campaign() {
        return false;
    }
    let hooks: Vec<(CardId, TaxGainHook)> = held_behaviors(s, seat)
        .filter_map(|(c, b)| b.tax_gain.map(|h| (c, h)))
        .collect();
    hooks.into_iter().any(|(c, h)| h(s, seat, owner, r, c))
}

/// The law of the rules booklet that bars a Blight Crisis in `sys` now,
/// if any (Imperial Protectors, F108).
pub fn blight_crisis_barred(s: &GameState, sys: SystemId) -> Option<CardId> {
    booklet_laws(s)
        .find(|(_, b)| b.blight_crisis_barred.is_some_and(|f| f(s, sys)))
        .map(|(c, _)| c)
}

/// Whether a held card lets `seat` build Free buildings (F204).
pub fn builds_free(s: &GameState, seat: Seat) -> bool {
    any_held(s, seat, Hook::BuildsFree, |b| b.builds_free)
}

/// Whether a held card lets `seat` ignore the Empire law `law`.
pub fn ignores_law(s: &GameState, seat: Seat, law: u8) -> bool {
    any_held(s, seat, Hook::IgnoresLaws, |b| b.ignores_laws & law != 0)
}

/// "Bury this if you are an Outlaw": `seat` just became an Outlaw.
pub fn bury_outlaw_cards(s: &mut GameState, seat: Seat, ev: &mut dyn Sink) {
    let cards: Vec<CardId> = held_with(s, seat, Hook::BuryIfOutlaw)
        .filter(|(_, b)| b.bury_if_outlaw)
        .map(|(c, _)| c)
        .collect();
    for c in cards {
        let st = s.seat_mut(seat);
        let gone = if c.info().kind == crate::data::CardKind::Lore {
            st.remove_lore(c)
        } else {
            st.remove_guild(c)
        };
        if gone {
            s.court_deck.bury(c);
            log!(
                ev,
                "bury",
                Some(seat),
                "{seat} is an Outlaw: {} is buried under the Court deck.",
                c.name()
            );
        }
    }
}

/// The card by which `seat` seizes by Provoking Outrage instead of with a
/// second action card (Partisan Seizing), if it holds one.
/// From Act II the rule is also a law of the rules booklet for everyone
/// (F616).
pub fn seizes_by_outrage(s: &GameState, seat: Seat) -> Option<CardId> {
    held_with(s, seat, Hook::SeizeByOutrage)
        .chain(booklet_laws(s))
        .find(|(_, b)| b.seize_by_outrage)
        .map(|(c, _)| c)
}

/// `seat` takes the action `std` with a Copy's pip: the resources its
/// cards let it gain for that (the Liaisons, F405–F409), asked one by one.
pub fn copy_gain(s: &mut GameState, seat: Seat, std: StdAction) {
    let gains: Vec<(CardId, Resource)> = held_behaviors(s, seat)
        .filter_map(|(c, b)| b.copy_gain.filter(|(a, _)| *a == std).map(|(_, r)| (c, r)))
        .collect();
    for (card, r) in gains.into_iter().rev() {
        if s.supply[r.index()] > 0 {
            s.push(campaign::advocate::Effect::CopyGain { seat, card, r }.into());
        }
    }
}

/// Whether a law of the rules booklet makes Guild cards count twice when
/// scoring (Guild Supremacy, F425).
pub fn guild_counts_twice(s: &GameState) -> bool {
    s.is_campaign() && booklet_laws(s).any(|(_, b)| b.guild_counts_twice)
}

/// Whether `seat` keeps its Guild cards when it Provokes Outrage (Guild
/// Loyalty, F424).
pub fn keeps_guild_on_outrage(s: &GameState, seat: Seat) -> bool {
    s.is_campaign() && held_behaviors(s, seat).any(|(_, b)| b.keeps_guild_on_outrage)
}

/// `seat` got the initiative marker by Surpassing at a round's end: its
/// cards that act on it (Sower of Division, F625).
pub fn surpass_initiative(s: &mut GameState, seat: Seat, ev: &mut dyn Sink) {
    if !s.is_campaign() {
        return;
    }
    let hooks: Vec<(CardId, CardHook)> = held_behaviors(s, seat)
        .filter_map(|(c, b)| b.on_surpass_initiative.map(|h| (c, h)))
        .collect();
    for (c, h) in hooks.into_iter().rev() {
        h(s, seat, c, ev);
    }
}

/// Resolves an Edict card of the rules booklet (p20).
pub fn resolve_edict(s: &mut GameState, card: CardId, ev: &mut dyn Sink) {
    if let Some(f) = behavior(card).and_then(|b| b.edict) {
        f(s, card, ev);
    }
}

/// Whether a Court card has a Crisis (campaign rules p18).
pub fn has_crisis(card: Option<CardId>) -> bool {
    card.and_then(behavior).is_some_and(|b| b.crisis.is_some())
}

/// Resolves the Crisis of the Court card at `pos`.
pub fn court_crisis(s: &mut GameState, pos: usize, card: CardId, ev: &mut dyn Sink) {
    if let Some(f) = behavior(card).and_then(|b| b.crisis) {
        f(s, pos, card, ev);
    }
}

/// Fate Crises: the Crisis text of cards players hold, in turn order (p18).
pub fn fate_crises(s: &mut GameState, ev: &mut dyn Sink) {
    let order: Vec<Seat> = s.turn_order().collect();
    for seat in order {
        let cards: Vec<(CardId, CardHook)> = held_with(s, seat, Hook::FateCrisis)
            .filter_map(|(c, b)| b.fate_crisis.map(|f| (c, f)))
            .collect();
        for (c, f) in cards {
            f(s, seat, c, ev);
        }
    }
}

/// Tests every family module runs on its own cards.
#[cfg(test)]
pub(crate) mod testing {
    use super::Behavior;
    use std::path::{Path, PathBuf};

    fn files(dir: &Path, out: &mut Vec<PathBuf>) {
        let Ok(rd) = std::fs::read_dir(dir) else {
            return;
        };
        for e in rd.flatten() {
            let p = e.path();
            if p.is_dir() {
                if p.file_name().is_some_and(|n| n != "pending") {
                    files(&p, out);
                }
            } else if p.extension().is_some_and(|x| x == "scn") {
                out.push(p);
            }
        }
    }

    /// Every card of a family has scenario files (named after its id:
    /// `bc26-….scn`, `l15-….scn`, `lead09-….scn`), and they all pass.
    pub fn family_scenarios(cards: &[&Behavior]) {
        let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../scenarios");
        let mut all = Vec::new();
        files(&root, &mut all);
        all.sort();
        let mut problems = Vec::new();
        for b in cards {
            let short = b.code.trim_start_matches("ARCS-").to_lowercase();
            let prefix = format!("{short}-");
            let mine: Vec<&PathBuf> = all
                .iter()
                .filter(|p| {
                    p.file_name()
                        .and_then(|n| n.to_str())
                        .is_some_and(|n| n.starts_with(&prefix))
                })
                .collect();
            if mine.is_empty() {
                problems.push(format!("{}: no scenario file {prefix}*.scn", b.code));
            }
            for f in mine {
                let text = std::fs::read_to_string(f).unwrap();
                let r = crate::scenario::run_text(&text);
                if !r.passed() {
                    problems.push(format!("{}: {} fails: {r:?}", b.code, f.display()));
                }
            }
        }
        assert!(problems.is_empty(), "{}", problems.join("\n"));
    }
}
