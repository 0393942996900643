//! Reusable card procedures that need decisions. Card behaviours push these
//! frames; each is a small `Copy` value with its own choices.

use crate::actions::resources::{can_steal, steal};
use crate::choice::{Choice, Loot, Piece, Prompt};
use crate::event::Sink;
use crate::flow::Frame;
use crate::ids::*;
use crate::log;
use crate::state::{BuildingKind, GameState, TrophyKind, UnionAttachment};
use serde::{Deserialize, Serialize};

/// What a steal may take.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum StealFilter {
    Resource(Resource),
    ResourceOrGuild,
    Guild,
}

#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "effect")]
pub enum Effect {
    /// Place `n` ships in a system you control (Prison Wardens & co. Preludes).
    PlaceShips { seat: Seat, card: CardId, n: u8 },
    /// Choose how many of `res` to gain, up to `max` (Mining/Shipping Interest).
    GainUpTo {
        seat: Seat,
        card: CardId,
        res: Resource,
        max: u8,
    },
    /// Steal up to `left` items matching `filter`; `optional` offers Done.
    Steal {
        seat: Seat,
        card: CardId,
        filter: StealFilter,
        left: u8,
        optional: bool,
    },
    /// Gain any one resource (Pressgang).
    GainAny { seat: Seat, card: CardId },
    /// Return Captives one at a time, gaining a resource for each.
    Pressgang { seat: Seat, card: CardId },
    /// Move Captives to Trophies one at a time.
    Execute { seat: Seat, card: CardId },
    /// Elder Broker's Trade: pick the city, then the token to give.
    Trade {
        seat: Seat,
        card: CardId,
        city: Option<(SystemId, u8)>,
    },
    /// Relic Fence: discard a token to gain a Relic.
    RelicFence { seat: Seat, card: CardId },
    /// Farseers Prelude: discard cards, then draw that many + 1 from the bottom.
    FarseersDiscard { seat: Seat, card: CardId, n: u8 },
    /// Farseers on declare: look at a Rival's hand.
    FarseersLook { seat: Seat, card: CardId },
    /// Farseers: give one card (or Done), then take one.
    FarseersSwap {
        seat: Seat,
        card: CardId,
        rival: Seat,
        give: Option<ActionCard>,
    },
    /// Attach a Union to a face-up played card of its suit.
    UnionAttach {
        seat: Seat,
        card: CardId,
        suit: Suit,
    },
    /// Court Enforcers' Abduct.
    Abduct { seat: Seat, card: CardId },
    /// Gatekeepers with too few ships: choose gates one by one.
    Gatekeepers { seat: Seat, card: CardId, done: u32 },
    /// Mass Uprising: choose a cluster.
    MassUprising { seat: Seat, card: CardId },
    /// Mass Uprising with too few ships: choose systems of the cluster.
    UprisingSystems {
        seat: Seat,
        card: CardId,
        cluster: u8,
        done: u32,
    },
    /// Populist Demands: declare any ambition, or not.
    Populist { seat: Seat, card: CardId },
    /// Outrage Spreads: choose a type, or not.
    OutrageSpreads { seat: Seat, card: CardId },
    /// Song of Freedom: return a city you control, then maybe seize.
    SongOfFreedom {
        seat: Seat,
        card: CardId,
        returned: bool,
    },
    /// Guild Struggle: steal a Guild card or not.
    GuildStruggle { seat: Seat, card: CardId },
    // ---- Leaders & Lore (cards/ll_effects.rs)
    /// Predictive Sensors: move fresh ships in from an adjacent system.
    Sensors {
        seat: Seat,
        card: CardId,
        system: SystemId,
        from: Option<SystemId>,
    },
    /// A leader's Copy/Pivot bonus action around a standard action.
    Bonus {
        seat: Seat,
        card: CardId,
        main: StdAction,
        extra: StdAction,
        stage: BonusStage,
    },
    /// Feastbringer *Generous*: give a Guild card, then declare.
    Generous {
        seat: Seat,
        card: CardId,
        ambition: Ambition,
        via: u8,
    },
    /// Upstart *Ambitious*: gain any resource, or not.
    Ambitious { seat: Seat, card: CardId },
    /// Demagogue *Bold*: influence Court cards, each at most once.
    Bold { seat: Seat, card: CardId, done: u8 },
    /// Archivist *Learned*: keep 2 of 5 drawn lore.
    Learned {
        seat: Seat,
        card: CardId,
        drawn: [Option<CardId>; 5],
        kept: u8,
    },
    /// Overseer *Ruthless*: hit the building to repeat the action.
    Ruthless {
        seat: Seat,
        card: CardId,
        system: SystemId,
        slot: u8,
        ship: bool,
    },
    /// Shaper *Mythic*: place a resource over the planet's icon.
    Mythic {
        seat: Seat,
        card: CardId,
        system: SystemId,
    },
    /// An optional Influence (Elder *Beloved*, Warlord's Terror).
    Influence { seat: Seat, card: CardId },
    /// Choose which resource a gate city yields (Gate Stations).
    GainOneOf { seat: Seat, card: CardId, mask: u8 },
    /// Cloud Cities: pay a resource of the planet's type, then build.
    CloudPay {
        seat: Seat,
        card: CardId,
        system: SystemId,
    },
    /// Sprinter Drives: fresh ships that moved step once more.
    Sprint {
        seat: Seat,
        card: CardId,
        from: Option<SystemId>,
        n: u8,
    },
    /// Tool-Priests' Summon: a ship at a city you control.
    Summon { seat: Seat, card: CardId },
    /// Galactic Rifles' Fire Rifles.
    Rifles {
        seat: Seat,
        card: CardId,
        stage: u8,
        from: SystemId,
        at: SystemId,
        defender: Seat,
        hits: u8,
        roll: crate::actions::dice::DiceRoll,
    },
    /// Living Structures' Nurture (a Tax of a Loyal city).
    Nurture {
        seat: Seat,
        card: CardId,
        source: crate::flow::Source,
    },
    /// Living Structures' Prune.
    Prune { seat: Seat, card: CardId },
    /// Force Beams' Guide.
    Guide {
        seat: Seat,
        card: CardId,
        from: Option<SystemId>,
        to: Option<SystemId>,
        moved: u8,
    },
    /// Survival Overrides' Martyr.
    Martyr {
        seat: Seat,
        card: CardId,
        system: Option<SystemId>,
    },
    /// Tyrant's Authority's Annex.
    Annex { seat: Seat, card: CardId },
    /// Warlord's Terror: return a Trophy to influence.
    Terror { seat: Seat, card: CardId },
    /// Tyrant's Ego: return a Captive to secure.
    Ego { seat: Seat, card: CardId },
    /// Tycoon's Ambition: declare one undeclared ambition.
    TycoonAmbition { seat: Seat, card: CardId },
    /// Tycoon's Charm: discard Material/Fuel to gain any resource each.
    Charm {
        seat: Seat,
        card: CardId,
        gain: bool,
        left: u8,
    },
}

/// Where a Copy/Pivot bonus stands.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum BonusStage {
    /// Ask whether to take the extra action first.
    Ask,
    /// The extra action was taken first; the main one is next.
    ThenMain,
    /// The main action is done; offer the extra one after.
    After,
}

impl Effect {
    fn seat_card(&self) -> (Seat, CardId) {
        use Effect::*;
        match *self {
            PlaceShips { seat, card, .. }
            | GainUpTo { seat, card, .. }
            | Steal { seat, card, .. }
            | GainAny { seat, card }
            | Pressgang { seat, card }
            | Execute { seat, card }
            | Trade { seat, card, .. }
            | RelicFence { seat, card }
            | FarseersDiscard { seat, card, .. }
            | FarseersLook { seat, card }
            | FarseersSwap { seat, card, .. }
            | UnionAttach { seat, card, .. }
            | Abduct { seat, card }
            | Gatekeepers { seat, card, .. }
            | MassUprising { seat, card }
            | UprisingSystems { seat, card, .. }
            | Populist { seat, card }
            | OutrageSpreads { seat, card }
            | SongOfFreedom { seat, card, .. }
            | GuildStruggle { seat, card } => (seat, card),
            Sensors { seat, card, .. }
            | Bonus { seat, card, .. }
            | Generous { seat, card, .. }
            | Ambitious { seat, card }
            | Bold { seat, card, .. }
            | Learned { seat, card, .. }
            | Ruthless { seat, card, .. }
            | Mythic { seat, card, .. }
            | Influence { seat, card }
            | GainOneOf { seat, card, .. }
            | CloudPay { seat, card, .. }
            | Sprint { seat, card, .. }
            | Summon { seat, card }
            | Rifles { seat, card, .. }
            | Nurture { seat, card, .. }
            | Prune { seat, card }
            | Guide { seat, card, .. }
            | Martyr { seat, card, .. }
            | Annex { seat, card }
            | Terror { seat, card }
            | Ego { seat, card }
            | TycoonAmbition { seat, card }
            | Charm { seat, card, .. } => (seat, card),
        }
    }

    /// Who decides now (cheap), `None` for a stage that runs by itself.
    pub fn decider(&self, s: &GameState) -> Option<Seat> {
        use Effect::*;
        match self {
            Bonus {
                stage: BonusStage::ThenMain,
                ..
            } => None,
            Rifles { stage, .. } if *stage > 4 => None,
            _ if self.is_ll() => super::ll_effects::what(self, s).map(|_| self.seat_card().0),
            _ => Some(self.seat_card().0),
        }
    }

    /// Leaders & Lore effects live in `ll_effects.rs`.
    fn is_ll(&self) -> bool {
        use Effect::*;
        matches!(
            self,
            Sensors { .. }
                | Bonus { .. }
                | Generous { .. }
                | Ambitious { .. }
                | Bold { .. }
                | Learned { .. }
                | Ruthless { .. }
                | Mythic { .. }
                | Influence { .. }
                | GainOneOf { .. }
                | CloudPay { .. }
                | Sprint { .. }
                | Summon { .. }
                | Rifles { .. }
                | Nurture { .. }
                | Prune { .. }
                | Guide { .. }
                | Martyr { .. }
                | Annex { .. }
                | Terror { .. }
                | Ego { .. }
                | TycoonAmbition { .. }
                | Charm { .. }
        )
    }

    /// Blanks what another seat may not see in this frame (Observation).
    pub fn redact_for(&mut self, viewer: Seat) {
        use Effect::*;
        match self {
            FarseersSwap { seat, give, .. } if *seat != viewer => *give = None,
            Learned { seat, drawn, .. } if *seat != viewer => *drawn = [None; 5],
            _ => {}
        }
    }

    /// Effects that run without a decision at some stage.
    pub fn run_auto(self, s: &mut GameState, ev: &mut dyn Sink) {
        super::ll_effects::run_auto(self, s, ev)
    }

    pub fn prompt(&self, s: &GameState) -> Option<(Seat, Prompt)> {
        use Effect::*;
        let (seat, card) = self.seat_card();
        if self.is_ll() {
            let what = super::ll_effects::what(self, s)?;
            return Some((seat, Prompt::Card { card, what }));
        }
        let what = match self {
            PlaceShips { n, .. } => format!("place {n} ships in a system you control"),
            GainUpTo { res, max, .. } => format!(
                "gain how many {} (up to {max})?",
                crate::describe::resource_name(*res)
            ),
            Steal { filter, left, .. } => match filter {
                StealFilter::Resource(r) => format!(
                    "steal a {} ({left} left)",
                    crate::describe::resource_name(*r)
                ),
                StealFilter::ResourceOrGuild => "steal a Guild card or resource".into(),
                StealFilter::Guild => "steal a Guild card, or not".into(),
            },
            GainAny { .. } => "gain which resource?".into(),
            Pressgang { .. } => "return a Captive (whose?) to gain a resource, or stop".into(),
            Execute { .. } => "move a Captive (whose?) to your Trophies, or stop".into(),
            Trade { city: None, .. } => "trade with which Rival city you control?".into(),
            Trade { .. } => "give which of your resources (a type they lack)?".into(),
            RelicFence { .. } => "discard which resource to gain a Relic?".into(),
            FarseersDiscard { n, .. } => format!(
                "discard another card ({n} so far), or draw {} from the bottom of the discard",
                n + 1
            ),
            FarseersLook { .. } => "look at which Rival's hand?".into(),
            FarseersSwap {
                give: None, rival, ..
            } => format!("give {rival} one of your cards to swap, or keep your hand"),
            FarseersSwap { rival, .. } => format!("take which card from {rival}?"),
            UnionAttach { .. } => "attach to which face-up played card?".into(),
            Abduct { .. } => "capture the Rival agents on which Court card?".into(),
            Gatekeepers { .. } => "place a ship in which gate?".into(),
            MassUprising { .. } => "place a ship in each system of which cluster?".into(),
            UprisingSystems { .. } => "place a ship in which system?".into(),
            Populist { .. } => "declare which ambition (or none)?".into(),
            OutrageSpreads { .. } => "everyone provokes Outrage of which type (or none)?".into(),
            SongOfFreedom {
                returned: false, ..
            } => "return which city you control to its owner (or none)?".into(),
            SongOfFreedom { .. } => "seize the initiative?".into(),
            GuildStruggle { .. } => "steal which Guild card (or none)?".into(),
            _ => return None,
        };
        Some((seat, Prompt::Card { card, what }))
    }

    pub fn choices(&self, s: &GameState, out: &mut Vec<Choice>) {
        use Effect::*;
        if self.is_ll() {
            return super::ll_effects::choices(self, s, out);
        }
        match *self {
            PlaceShips { seat, .. } => {
                out.extend(
                    s.systems_in_play()
                        .filter(|x| s.controls(seat, *x))
                        .map(Choice::System),
                );
            }
            GainUpTo { max, .. } => out.extend((0..=max).map(Choice::Count)),
            Steal {
                seat,
                filter,
                optional,
                ..
            } => {
                steal_choices(s, seat, filter, out);
                if optional || out.is_empty() {
                    out.push(Choice::Done);
                }
            }
            GainAny { .. } => {
                out.extend(
                    Resource::ALL
                        .into_iter()
                        .filter(|r| s.supply[r.index()] > 0)
                        .map(Choice::Resource),
                );
                if out.is_empty() {
                    out.push(Choice::Done);
                }
            }
            Pressgang { seat, .. } | Execute { seat, .. } => {
                for o in s.seat_ids() {
                    if s.seat(seat).captives[o.index()] > 0 {
                        out.push(Choice::Player(o));
                    }
                }
                out.push(Choice::Done);
            }
            Trade {
                seat, city: None, ..
            } => {
                out.extend(trade_cities(s, seat).map(|(system, slot)| Choice::Piece {
                    system,
                    piece: Piece::Building { slot },
                }));
            }
            Trade {
                seat,
                city: Some((sys, slot)),
                ..
            } => {
                if let Some(rival) = s.sys(sys).slots[slot as usize].and_then(|b| b.owner.seat()) {
                    out.extend(give_slots(s, seat, rival).map(|i| Choice::Slot(i as u8)));
                }
            }
            RelicFence { seat, .. } => {
                let mut seen = Vec::new();
                for (i, r) in s.seat(seat).resources.iter().enumerate() {
                    if let Some(r) = r {
                        let k = (*r, crate::data::SLOT_RAID_COST[i]);
                        if !seen.contains(&k) {
                            seen.push(k);
                            out.push(Choice::Slot(i as u8));
                        }
                    }
                }
            }
            FarseersDiscard { seat, .. } => {
                out.extend(s.seat(seat).hand.iter().map(Choice::ActionCard));
                out.push(Choice::Done);
            }
            FarseersLook { seat, .. } => out.extend(s.rivals(seat).map(Choice::Player)),
            FarseersSwap {
                seat,
                rival,
                give: None,
                ..
            } => {
                if !s.seat(rival).hand.is_empty() {
                    out.extend(s.seat(seat).hand.iter().map(Choice::ActionCard));
                }
                out.push(Choice::Done);
            }
            FarseersSwap {
                rival,
                give: Some(_),
                ..
            } => out.extend(s.seat(rival).hand.iter().map(Choice::ActionCard)),
            UnionAttach { suit, .. } => out.extend(union_targets(s, suit).map(Choice::ActionCard)),
            Abduct { seat, .. } => {
                out.extend(abduct_targets(s, seat).map(|p| Choice::Court(p as u8)))
            }
            Gatekeepers { done, .. } => {
                out.extend(
                    s.systems_in_play()
                        .filter(|g| g.is_gate() && done & g.bit() == 0)
                        .map(Choice::System),
                );
            }
            MassUprising { .. } => {
                let mut clusters: Vec<u8> = s.systems_in_play().map(|x| x.cluster()).collect();
                clusters.dedup();
                out.extend(clusters.into_iter().map(Choice::Count));
            }
            UprisingSystems { cluster, done, .. } => {
                out.extend(
                    (0..4)
                        .map(|p| SystemId::new(cluster, p))
                        .filter(|x| done & x.bit() == 0)
                        .map(Choice::System),
                );
            }
            Populist { .. } => {
                if s.best_available_marker().is_some() {
                    out.extend(Ambition::ALL.into_iter().map(Choice::Declare));
                }
                out.push(Choice::Done);
            }
            OutrageSpreads { .. } => {
                out.extend(Resource::ALL.into_iter().map(Choice::Resource));
                out.push(Choice::Done);
            }
            SongOfFreedom {
                seat,
                returned: false,
                ..
            } => {
                for sys in s.systems_in_play().filter(|x| s.controls(seat, *x)) {
                    for (slot, b) in s.sys(sys).buildings() {
                        if b.kind == BuildingKind::City && b.owner.seat().is_some() {
                            out.push(Choice::Piece {
                                system: sys,
                                piece: Piece::Building { slot },
                            });
                        }
                    }
                }
                out.push(Choice::Done);
            }
            SongOfFreedom {
                seat,
                returned: true,
                ..
            } => {
                if seat != s.initiative && !s.round.seized {
                    out.push(Choice::Yes);
                }
                out.push(Choice::No);
            }
            GuildStruggle { seat, .. } => {
                steal_choices(s, seat, StealFilter::Guild, out);
                out.push(Choice::Done);
            }
            _ => {}
        }
    }

    pub fn resolve(self, s: &mut GameState, choice: Choice, ev: &mut dyn Sink) {
        use Effect::*;
        if self.is_ll() {
            return super::ll_effects::resolve(self, s, choice, ev);
        }
        let top = |s: &mut GameState, e: Effect| s.set_top(Frame::Effect(e));
        match self {
            PlaceShips { seat, n, .. } => {
                s.pop();
                if let Choice::System(sys) = choice {
                    let k = s.place_ships(seat.owner(), sys, n, false);
                    log!(
                        ev,
                        "place",
                        Some(seat),
                        { systems: vec![sys] },
                        "{seat} places {k} ships in {sys}."
                    );
                }
            }
            GainUpTo {
                seat, card, res, ..
            } => {
                s.pop();
                let Choice::Count(k) = choice else { return };
                let from_supply = k.min(s.supply[res.index()]);
                let left = k - from_supply;
                if left > 0 {
                    s.push(Frame::Effect(Steal {
                        seat,
                        card,
                        filter: StealFilter::Resource(res),
                        left,
                        optional: false,
                    }));
                }
                for _ in 0..from_supply {
                    s.gain(seat, res, ev);
                }
            }
            Steal {
                seat,
                card,
                filter,
                left,
                optional,
            } => {
                s.pop();
                if let Choice::Steal { from, loot } = choice {
                    if left > 1 {
                        s.push(Frame::Effect(Steal {
                            seat,
                            card,
                            filter,
                            left: left - 1,
                            optional,
                        }));
                    }
                    steal(s, seat, from, loot, ev);
                }
            }
            GainAny { seat, .. } => {
                s.pop();
                if let Choice::Resource(r) = choice {
                    s.gain(seat, r, ev);
                }
            }
            Pressgang { seat, card } => {
                if let Choice::Player(o) = choice {
                    s.seat_mut(seat).captives[o.index()] -= 1;
                    s.return_agents(o, 1);
                    log!(
                        ev,
                        "pressgang",
                        Some(seat),
                        "{seat} returns a Captive to {o}."
                    );
                    s.push(Frame::Effect(GainAny { seat, card }));
                } else {
                    s.pop();
                }
            }
            Execute { seat, .. } => {
                if let Choice::Player(o) = choice {
                    s.seat_mut(seat).captives[o.index()] -= 1;
                    *s.seat_mut(seat).trophy(o.owner(), TrophyKind::Agent) += 1;
                    log!(
                        ev,
                        "execute",
                        Some(seat),
                        "{seat} moves a Captive of {o} to their Trophies."
                    );
                } else {
                    s.pop();
                }
            }
            Trade {
                seat,
                card,
                city: None,
            } => {
                if let Choice::Piece {
                    system,
                    piece: Piece::Building { slot },
                } = choice
                {
                    top(
                        s,
                        Trade {
                            seat,
                            card,
                            city: Some((system, slot)),
                        },
                    );
                } else {
                    s.pop();
                }
            }
            Trade {
                seat,
                city: Some((sys, slot)),
                ..
            } => {
                s.pop();
                let Choice::Slot(give) = choice else { return };
                let Some(rival) = s.sys(sys).slots[slot as usize].and_then(|b| b.owner.seat())
                else {
                    return;
                };
                let Some(t) = s.planet_type(sys) else {
                    return;
                };
                // Take from the Rival's cheapest slot holding the type (R-BC23).
                let take = (0..7)
                    .filter(|&i| s.seat(rival).resources[i] == Some(t))
                    .min_by_key(|&i| crate::data::SLOT_RAID_COST[i]);
                let (Some(take), Some(given)) = (take, s.seat(seat).resources[give as usize])
                else {
                    return;
                };
                s.seat_mut(rival).resources[take] = None;
                s.seat_mut(seat).resources[give as usize] = None;
                log!(
                    ev,
                    "trade",
                    Some(seat),
                    "{seat} trades a {given} for {rival}'s {t}."
                );
                s.receive(rival, given);
                s.receive(seat, t);
            }
            RelicFence { seat, .. } => {
                s.pop();
                if let Choice::Slot(i) = choice {
                    if let Some(r) = s.discard_slot(seat, i as usize) {
                        log!(ev, "discard", Some(seat), "{seat} discards a {r}.");
                        s.gain(seat, Resource::Relic, ev);
                    }
                }
            }
            FarseersDiscard { seat, card, n } => match choice {
                Choice::ActionCard(c) => {
                    s.seat_mut(seat).hand.remove(c);
                    s.action_discard.push(c);
                    s.known_discard[seat.index()].insert(c);
                    crate::log_own!(ev, seat, "discard", "You discard {}.", c.full_name());
                    top(
                        s,
                        FarseersDiscard {
                            seat,
                            card,
                            n: n + 1,
                        },
                    );
                }
                _ => {
                    s.pop();
                    let cards = s.draw_from_discard_bottom(n as usize + 1);
                    let drawn = cards.len();
                    for &c in &cards {
                        s.seat_mut(seat).hand.insert(c);
                    }
                    log!(ev, "draw", Some(seat), "{seat} discards {n} card(s) and draws {drawn} from the bottom of the action discard.");
                    if ev.enabled() && drawn > 0 {
                        // The pile is face down: the cards are news to the
                        // seat (an undo barrier, R-UNDO-1).
                        let names = ActionCard::list(cards.iter().copied());
                        crate::log_reveal!(ev, seat, "draw", "You draw {names}.");
                    }
                }
            },
            FarseersLook { seat, card } => {
                if let Choice::Player(rival) = choice {
                    if ev.enabled() {
                        let hand = ActionCard::list(s.seat(rival).hand.iter());
                        crate::log_reveal!(ev, seat, "look", "{rival}'s hand: {hand}.");
                    }
                    log!(
                        ev,
                        "look",
                        Some(seat),
                        "{seat} looks at {rival}'s hand (Farseers)."
                    );
                    top(
                        s,
                        FarseersSwap {
                            seat,
                            card,
                            rival,
                            give: None,
                        },
                    );
                } else {
                    s.pop();
                }
            }
            FarseersSwap {
                seat,
                card,
                rival,
                give: None,
            } => match choice {
                Choice::ActionCard(c) => top(
                    s,
                    FarseersSwap {
                        seat,
                        card,
                        rival,
                        give: Some(c),
                    },
                ),
                _ => s.pop(),
            },
            FarseersSwap {
                seat,
                rival,
                give: Some(g),
                ..
            } => {
                s.pop();
                if let Choice::ActionCard(t) = choice {
                    s.seat_mut(seat).hand.remove(g);
                    s.seat_mut(rival).hand.remove(t);
                    s.seat_mut(seat).hand.insert(t);
                    s.seat_mut(rival).hand.insert(g);
                    log!(ev, "swap", Some(seat), "{seat} swaps a card with {rival}.");
                    // The holder saw `t` in the look; the Rival learns `g`.
                    let (g, t) = (g.full_name(), t.full_name());
                    crate::log_own!(ev, seat, "swap", "You give {g} and take {t}.");
                    crate::log_reveal!(ev, rival, "swap", "{seat} takes {t} and gives you {g}.");
                }
            }
            UnionAttach { seat, card, .. } => {
                s.pop();
                if let Choice::ActionCard(target) = choice {
                    s.seat_mut(seat).remove_guild(card);
                    let _ = s.round.unions.try_push(UnionAttachment {
                        union: card,
                        holder: seat,
                        target,
                    });
                    log!(
                        ev,
                        "union",
                        Some(seat),
                        "{seat} attaches {card} to {}.",
                        target.full_name()
                    );
                }
            }
            Abduct { seat, .. } => {
                s.pop();
                if let Choice::Court(p) = choice {
                    let slot = &mut s.court[p as usize];
                    let mut taken = [0u8; MAX_OWNERS];
                    for (i, n) in slot.agents.iter_mut().enumerate() {
                        if i != seat.index() {
                            taken[i] = std::mem::take(n);
                        }
                    }
                    let total: u8 = taken.iter().sum();
                    for (i, n) in taken.iter().enumerate() {
                        s.seat_mut(seat).captives[i] += n;
                    }
                    log!(
                        ev,
                        "abduct",
                        Some(seat),
                        "{seat} abducts {total} Rival agent(s) from the Court."
                    );
                }
            }
            Gatekeepers { seat, card, done } => {
                if let Choice::System(g) = choice {
                    s.place_ships(seat.owner(), g, 1, false);
                    let done = done | g.bit();
                    if s.seat(seat).ships == 0 {
                        s.pop();
                    } else {
                        top(s, Gatekeepers { seat, card, done });
                    }
                } else {
                    s.pop();
                }
            }
            MassUprising { seat, card } => {
                s.pop();
                if let Choice::Count(cluster) = choice {
                    if s.seat(seat).ships >= 4 {
                        for p in 0..4 {
                            s.place_ships(seat.owner(), SystemId::new(cluster, p), 1, false);
                        }
                        log!(
                            ev,
                            "place",
                            Some(seat),
                            "{seat} places a ship in each system of cluster {cluster}."
                        );
                    } else if s.seat(seat).ships > 0 {
                        s.push(Frame::Effect(UprisingSystems {
                            seat,
                            card,
                            cluster,
                            done: 0,
                        }));
                    }
                }
            }
            UprisingSystems {
                seat,
                card,
                cluster,
                done,
            } => {
                if let Choice::System(x) = choice {
                    s.place_ships(seat.owner(), x, 1, false);
                    if s.seat(seat).ships == 0 {
                        s.pop();
                    } else {
                        top(
                            s,
                            UprisingSystems {
                                seat,
                                card,
                                cluster,
                                done: done | x.bit(),
                            },
                        );
                    }
                } else {
                    s.pop();
                }
            }
            Populist { seat, .. } => {
                s.pop();
                if let Choice::Declare(a) = choice {
                    crate::actions::declare::begin_declare(
                        s,
                        seat,
                        a,
                        crate::actions::declare::DeclareVia::Effect,
                        ev,
                    );
                }
            }
            OutrageSpreads { .. } => {
                s.pop();
                if let Choice::Resource(r) = choice {
                    let order: Vec<Seat> = s.turn_order().collect();
                    for x in order {
                        crate::actions::outrage::provoke_outrage(s, x, r, ev);
                    }
                }
            }
            SongOfFreedom {
                seat,
                card,
                returned: false,
            } => {
                if let Choice::Piece {
                    system,
                    piece: Piece::Building { slot },
                } = choice
                {
                    let returned = s.sys_mut(system).slots[slot as usize].take();
                    if let Some(b) = returned {
                        log!(
                            ev,
                            "return",
                            Some(seat),
                            { systems: vec![system] },
                            "{seat} returns {}'s city in {system} to its board.",
                            b.owner
                        );
                        top(
                            s,
                            SongOfFreedom {
                                seat,
                                card,
                                returned: true,
                            },
                        );
                        if let Some(o) = b.owner.seat() {
                            s.return_cities(o, 1, ev);
                        }
                        return;
                    }
                }
                s.pop();
            }
            SongOfFreedom { seat, .. } => {
                s.pop();
                if choice == Choice::Yes {
                    crate::flow::seize_now(s, seat);
                    log!(
                        ev,
                        "seize",
                        Some(seat),
                        "{seat} seizes the initiative (Song of Freedom)."
                    );
                }
            }
            GuildStruggle { seat, card } => {
                s.pop();
                if let Choice::Steal { from, loot } = choice {
                    steal(s, seat, from, loot, ev);
                }
                // Text order: steal first, then shuffle the discarded Guild
                // cards (not Vox) into the Court deck, then discard this.
                let guild: Vec<CardId> = s
                    .court_discard
                    .iter()
                    .copied()
                    .filter(|c| c.info().kind == crate::data::CardKind::Guild)
                    .collect();
                s.court_discard
                    .retain(|c| c.info().kind != crate::data::CardKind::Guild);
                let n = guild.len();
                s.court_deck.extend(guild);
                {
                    use rand::seq::SliceRandom;
                    s.court_deck.shuffle(&mut s.rng);
                }
                s.court_discard.push(card);
                log!(
                    ev,
                    "court",
                    Some(seat),
                    "{n} Guild card(s) are shuffled back into the Court deck."
                );
            }
            _ => s.pop(),
        }
    }
}

/// Items matching `filter` that `seat` may steal from its Rivals.
fn steal_choices(s: &GameState, seat: Seat, filter: StealFilter, out: &mut Vec<Choice>) {
    for victim in s.rivals(seat) {
        let st = s.seat(victim);
        if !matches!(filter, StealFilter::Guild) {
            let mut seen: arrayvec::ArrayVec<_, 7> = arrayvec::ArrayVec::new();
            for (i, r) in st.resources.iter().enumerate() {
                let Some(r) = *r else { continue };
                if let StealFilter::Resource(want) = filter {
                    if r != want {
                        continue;
                    }
                }
                let loot = Loot::Slot(i as u8);
                let k = (r, crate::data::SLOT_RAID_COST[i]);
                if !seen.contains(&k) && can_steal(s, seat, victim, loot) {
                    seen.push(k);
                    out.push(Choice::Steal { from: victim, loot });
                }
            }
        }
        if !matches!(filter, StealFilter::Resource(_)) {
            for &c in st.guild() {
                let loot = Loot::Card(c);
                if can_steal(s, seat, victim, loot) {
                    out.push(Choice::Steal { from: victim, loot });
                }
            }
        }
    }
}

pub fn any_steal(s: &GameState, seat: Seat, filter: StealFilter) -> bool {
    let mut v = Vec::new();
    steal_choices(s, seat, filter, &mut v);
    !v.is_empty()
}

/// C-BC23 Trade targets: a Rival city in a system you control, where the
/// swap can happen in full (the Rival holds the city's type, and you hold a
/// type they lack).
pub fn trade_cities(s: &GameState, seat: Seat) -> impl Iterator<Item = (SystemId, u8)> + '_ {
    s.systems_in_play()
        .filter(move |x| s.controls(seat, *x))
        .flat_map(move |sys| {
            s.sys(sys).buildings().filter_map(move |(slot, b)| {
                let rival = b.owner.seat()?;
                if b.kind != BuildingKind::City || rival == seat {
                    return None;
                }
                let t = s.planet_type(sys)?;
                (s.seat(rival).count_resource(t) > 0 && give_slots(s, seat, rival).next().is_some())
                    .then_some((sys, slot))
            })
        })
}

fn give_slots(s: &GameState, seat: Seat, rival: Seat) -> impl Iterator<Item = usize> + '_ {
    (0..7).filter(move |&i| matches!(s.seat(seat).resources[i], Some(r) if s.seat(rival).count_resource(r) == 0))
}

/// Face-up cards of `suit` played this round, not already under a Union.
pub fn union_targets(s: &GameState, suit: Suit) -> impl Iterator<Item = ActionCard> + '_ {
    s.round
        .plays
        .iter()
        .flatten()
        .filter(move |p| {
            p.face_up()
                && p.card.suit() == suit
                && !s.round.unions.iter().any(|u| u.target == p.card)
        })
        .map(|p| p.card)
}

/// Weapon icons from resources and Guild cards (C-BC13, C-BC14).
pub fn weapon_icons(s: &GameState, seat: Seat) -> u8 {
    let st = s.seat(seat);
    st.count_resource(Resource::Weapon)
        + st.guild()
            .iter()
            .filter(|c| c.info().suit == Some(Resource::Weapon))
            .count() as u8
}

/// C-BC14 / AMB-66: Court cards with fewer Rival agents (all Rivals) than W.
pub fn abduct_targets(s: &GameState, seat: Seat) -> impl Iterator<Item = usize> + '_ {
    let w = weapon_icons(s, seat);
    (0..s.court.len()).filter(move |&p| {
        let slot = &s.court[p];
        let rivals: u8 = slot
            .agents
            .iter()
            .enumerate()
            .filter(|(i, _)| *i != seat.index())
            .map(|(_, n)| *n)
            .sum();
        slot.card.is_some() && rivals < w
    })
}
