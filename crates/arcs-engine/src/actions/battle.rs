//! Battle (B-BAT) and raiding (B-RAID).
//!
//! Order of resolution (B-BAT-05): self-hits, intercept (once), hits on
//! ships then buildings, building hits, raid. The attacker assigns every
//! hit, one at a time; cities destroyed on the way are Outraged and
//! Ransacked at once (B-BAT-09). Card modifiers come in through `cards::`
//! hooks at fixed points: before dice are collected, when collecting, after
//! the roll (rerolls, added intercepts), at intercept, after the battle.

use super::dice::DiceRoll;
use crate::cards;
use crate::choice::{Choice, HitWhy, Loot, Piece, Prompt};
use crate::data::{DieKind, SLOT_RAID_COST};
use crate::event::Sink;
use crate::flow::{Frame, Source};
use crate::ids::*;
use crate::log;
use crate::state::{GameState, ShipCount};
use serde::{Deserialize, Serialize};

#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum BattleStage {
    System,
    Defender,
    /// Defender's "before the attacker collects dice" cards.
    PreCollect,
    /// Railgun Arrays: the attacker takes 1 hit before collecting dice.
    Railgun,
    /// Campaign p11: a Regent attacker chooses whether to add the Imperial
    /// ships in the system to its attacking ships.
    Imperial,
    Dice(DieKind),
    Reroll,
    SelfHits,
    Intercept,
    Hits,
    BuildingHits,
    Raid,
    After,
}

#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct BattleFrame {
    pub attacker: Seat,
    pub source: Source,
    pub stage: BattleStage,
    pub system: SystemId,
    pub defender: Owner,
    /// Dice collected per kind (assault, skirmish, raid).
    pub dice: [u8; 3],
    pub roll: DiceRoll,
    pub hits_left: u8,
    pub keys: u8,
    /// Every attacking ship was fresh when the battle began (Signal Breaker).
    pub all_fresh: bool,
    /// The attacker took Trophies in this battle (Elder, AMB-72).
    pub took_trophies: bool,
    /// Reroll hooks used (bit per hook) and the one in progress (index + 1).
    pub rerolls_done: u8,
    pub reroll_cur: u8,
    pub reroll_left: u8,
    /// Intercepts added to the roll by cards (Mirror Plating).
    pub extra_intercepts: u8,
    /// Pre-collect hooks done (bit 0 Predictive Sensors, bit 1 Railgun),
    /// and campaign flags: [`IMPERIAL_ATTACK`], [`TOUGH_FRESH`],
    /// [`TOUGH_DAMAGED`] (kept in this byte so the frame stays small).
    pub pre_done: u8,
    /// Waiting for frames pushed above it; resumes by itself.
    pub paused: bool,
}

/// Campaign flag in [`BattleFrame::pre_done`]: the Regent attacker added
/// the Imperial ships to its attacking ships (p11).
pub const IMPERIAL_ATTACK: u8 = 4;
/// Campaign flags: a fresh (damaged) Blight token has taken one hit of the
/// two that damage (destroy) it — Blight is Tough (p19).
pub const TOUGH_FRESH: u8 = 8;
pub const TOUGH_DAMAGED: u8 = 16;

/// Systems where `seat` can battle: Loyal ships and a Rival's pieces (B-BAT-01/02).
pub fn any(s: &GameState, seat: Seat) -> bool {
    // Own ships, and a Rival's (or anyone else's) piece beside them.
    let o = seat.owner();
    let m = s.board.ships(o) & s.board.others_pieces(o) & s.in_play;
    if !s.is_campaign() {
        return m != 0;
    }
    let m = m | crate::campaign::empire::fleet_anywhere(s, seat);
    crate::state::systems_in(m).any(|x| defenders(s, seat, x).next().is_some())
}

pub fn systems(s: &GameState, seat: Seat) -> impl Iterator<Item = SystemId> + '_ {
    let o = seat.owner();
    // Campaign: a Regent ignoring the Presence Law battles with any
    // Imperial ships (Imperial Officers).
    let anywhere = crate::campaign::empire::fleet_anywhere(s, seat);
    crate::state::systems_in((s.board.ships(o) & s.board.others_pieces(o) | anywhere) & s.in_play)
        .filter(move |x| !s.is_campaign() || defenders(s, seat, *x).next().is_some())
}

/// Whom the seat may attack in `sys`: any other owner with pieces there;
/// in the campaign, as the Empire's laws allow (p11).
pub fn defenders(s: &GameState, seat: Seat, sys: SystemId) -> impl Iterator<Item = Owner> + '_ {
    (0..MAX_OWNERS)
        .map(Owner::from_index)
        .filter(move |o| *o != seat.owner() && s.sys(sys).has_pieces_of(*o))
        .filter(move |o| !s.is_campaign() || crate::campaign::empire::may_attack(s, seat, *o, sys))
}

impl BattleFrame {
    pub fn new(attacker: Seat, source: Source) -> BattleFrame {
        BattleFrame {
            attacker,
            source,
            stage: BattleStage::System,
            system: SystemId(0),
            defender: Owner::Empire,
            dice: [0; 3],
            roll: DiceRoll::default(),
            hits_left: 0,
            keys: 0,
            all_fresh: true,
            took_trophies: false,
            rerolls_done: 0,
            reroll_cur: 0,
            reroll_left: 0,
            extra_intercepts: 0,
            pre_done: 0,
            paused: false,
        }
    }

    /// The attacking ships: the attacker's, and the Imperial ships a
    /// Regent added (campaign p11).
    pub fn attackers(&self, s: &GameState) -> ShipCount {
        let own = s.sys(self.system).ships_of(self.attacker.owner());
        if self.pre_done & IMPERIAL_ATTACK == 0 {
            return own;
        }
        let imp = s.sys(self.system).ships_of(Owner::Empire);
        ShipCount {
            fresh: own.fresh + imp.fresh,
            damaged: own.damaged + imp.damaged,
        }
    }

    /// Whether Imperial ships defend beside a Regent defender (p11).
    fn imperial_defend(&self, s: &GameState) -> bool {
        s.is_campaign() && crate::campaign::empire::imperial_defend(s, self.defender, self.system)
    }

    /// The defending ships: the defender's, with the Imperial ships beside
    /// a Regent (p11); the Blight's tokens (p19) take hits like ships.
    fn defender_ships(&self, s: &GameState, out: &mut Vec<Choice>) {
        ship_targets(s, self.system, self.defender, out);
        if self.imperial_defend(s) {
            ship_targets(s, self.system, Owner::Empire, out);
        }
    }

    /// Who takes an attacking ship destroyed by a self-hit or intercept as
    /// a Trophy: the defender; when the Empire defends, the First Regent
    /// (none: back to its owner, p11); the Free States and the Blight take
    /// none.
    fn trophy_taker(&self, s: &GameState) -> Option<Seat> {
        match self.defender {
            Owner::Seat(d) => Some(d),
            Owner::Empire => s.first_regent(),
            Owner::Free | Owner::Blight => None,
        }
    }

    /// The attacker took a Trophy (a campaign Fate may count it).
    fn trophy_taken(&self, s: &mut GameState, of: Owner, ev: &mut dyn Sink) {
        if s.is_campaign() {
            crate::campaign::fates::notify(
                s,
                crate::campaign::fates::FateEvent::BattleTrophies {
                    seat: self.attacker,
                    n: 1,
                    imperial: self.pre_done & IMPERIAL_ATTACK != 0,
                    of,
                },
                ev,
            );
        }
    }

    /// A hit on a Blight token (p19): Tough, it takes 2 hits to be damaged
    /// and 2 more to be destroyed; the first of each pair is held here.
    fn hit_blight(&mut self, s: &mut GameState, damaged: bool, ev: &mut dyn Sink) {
        let flag = if damaged { TOUGH_DAMAGED } else { TOUGH_FRESH };
        if self.pre_done & flag == 0 {
            self.pre_done |= flag;
            log!(
                ev,
                "hit",
                Some(self.attacker),
                { systems: vec![self.system] },
                "A {} Blight in {} takes a hit (it is Tough: one more {} it).",
                if damaged { "damaged" } else { "fresh" },
                self.system,
                if damaged { "destroys" } else { "damages" }
            );
            return;
        }
        self.pre_done &= !flag;
        let destroyed =
            s.hit_ship_logged(self.system, Owner::Blight, damaged, Some(self.attacker), ev);
        Tally::ship(s, Side::Defender, destroyed);
        if destroyed {
            self.trophy_taken(s, Owner::Blight, ev);
            log!(
                ev,
                "hit",
                Some(self.attacker),
                { systems: vec![self.system] },
                "A Blight in {} is destroyed; {} takes it as a Trophy.",
                self.system,
                self.attacker
            );
        } else {
            log!(
                ev,
                "hit",
                Some(self.attacker),
                { systems: vec![self.system] },
                "A Blight in {} is damaged.",
                self.system
            );
        }
    }

    pub fn defender_seat(&self) -> Option<Seat> {
        self.defender.seat()
    }

    /// The attacker's Flagship is in the battle (campaign p22): its board
    /// pieces are attacking pieces (FS-18, FS-20).
    #[inline]
    pub fn attacking_flagship(&self, s: &GameState) -> bool {
        s.sys(self.system).has_flagship_of(self.attacker.owner())
    }

    /// The defender's Flagship is in the battle: its board pieces defend
    /// like buildings (FS-21).
    #[inline]
    pub fn defending_flagship(&self, s: &GameState) -> Option<Seat> {
        self.defender
            .seat()
            .filter(|d| s.sys(self.system).has_flagship_of(d.owner()))
    }

    /// Dice the attacker may still collect in total (B-BAT-03): one per
    /// attacking ship, the Flagship's as many as the fresh starports on its
    /// board (FS-18, 0 without any: A-08).
    fn dice_left(&self, s: &GameState) -> u8 {
        let mut cap = self.attackers(s).total() + cards::extra_dice(s, self.attacker, self.system);
        if self.attacking_flagship(s) {
            cap += crate::campaign::flagship::battle_dice(s, self.attacker, self.system);
        }
        cap.saturating_sub(self.dice.iter().sum::<u8>())
    }

    /// B-BAT-04 raid dice limit (AMB-17), plus card prohibitions.
    fn raid_allowed(&self, s: &GameState) -> bool {
        if let Some(d) = self.defender.seat().filter(|d| s.has_flagship(*d)) {
            return self.flagship_raid_allowed(s, d);
        }
        let here = s
            .sys(self.system)
            .buildings_of(self.defender)
            .next()
            .is_some();
        // Any of the defender's buildings anywhere, in play or not.
        let anywhere = s.board.buildings(self.defender) != 0;
        (here || !anywhere)
            && cards::raid_dice_allowed(s, self.attacker, self.defender, self.system)
    }

    /// FS-24/25: against a defender with a Flagship, raid dice only with
    /// its buildings or its Flagship in the battle (the "no buildings
    /// anywhere" clause is gone), and never while a Flagship with the
    /// Tractor Beam (fresh or damaged) defends.
    #[cold]
    fn flagship_raid_allowed(&self, s: &GameState, d: Seat) -> bool {
        let x = s.sys(self.system);
        let flagship = x.has_flagship_of(d.owner());
        (x.buildings_of(self.defender).next().is_some() || flagship)
            && !self.tractor_beam_defends(s)
            && cards::raid_dice_allowed(s, self.attacker, self.defender, self.system)
    }

    /// FS-25: the defending Flagship has the Tractor Beam (fresh or
    /// damaged): no raid dice at all.
    fn tractor_beam_defends(&self, s: &GameState) -> bool {
        self.defending_flagship(s)
            .and_then(|d| s.flagship(d))
            .is_some_and(|b| b.has(crate::campaign::flagship::Upgrade::TractorBeam))
    }

    /// How many dice of `die` may be collected now: (min, max).
    fn dice_range(&self, s: &GameState, die: DieKind) -> (u8, u8) {
        let left = self.dice_left(s);
        let mut max = left.min(6);
        let mut min = 0;
        match die {
            DieKind::Assault if cards::wary(s, self.attacker) => {
                // Corsair *Wary*: no more assault than skirmish dice.
                max = max.min(left / 2);
            }
            DieKind::Skirmish if cards::wary(s, self.attacker) => {
                min = self.dice[DieKind::Assault as usize]
            }
            DieKind::Raid => {
                let here = s
                    .sys(self.system)
                    .buildings_of(self.defender)
                    .next()
                    .is_some();
                if !self.raid_allowed(s) {
                    // Raider Exosuits: with no defending buildings, up to 1;
                    // never against the Tractor Beam ("cannot", FS-25).
                    max = if !here
                        && !self.tractor_beam_defends(s)
                        && cards::raid_without_buildings(s, self.attacker)
                    {
                        max.min(1)
                    } else {
                        0
                    };
                }
            }
            _ => {}
        }
        (min.min(max), max)
    }

    /// Who decides now (cheap), `None` while the battle runs by itself.
    pub fn decider(&self, s: &GameState) -> Option<Seat> {
        match self.stage {
            _ if self.paused => None,
            BattleStage::PreCollect | BattleStage::After => None,
            BattleStage::Raid if self.defender == Owner::Free => Some(self.attacker),
            BattleStage::Raid => self.defender.seat().map(|_| self.attacker),
            BattleStage::Reroll if self.reroll_cur > 0 => cards::reroll_hook(
                s,
                self.attacker,
                self.rerolls_done,
                self.reroll_cur,
                self,
                true,
            )
            .map(|_| self.attacker),
            _ => Some(self.attacker),
        }
    }

    pub fn prompt(&self, s: &GameState) -> Option<(Seat, Prompt)> {
        if self.paused {
            return None;
        }
        let a = self.attacker;
        let p = match self.stage {
            BattleStage::System => Prompt::BattleSystem,
            BattleStage::Defender => Prompt::BattleDefender {
                system: self.system,
            },
            BattleStage::Imperial => Prompt::Campaign {
                what: format!(
                    "add the Imperial ships in {} to your attacking ships?",
                    self.system
                ),
            },
            BattleStage::Raid if self.defender == Owner::Free => Prompt::Campaign {
                what: "raid the Free States for a resource of the planet's type?".into(),
            },
            BattleStage::Dice(die) => Prompt::BattleDice {
                system: self.system,
                die,
            },
            BattleStage::Reroll if self.reroll_cur == 0 => {
                let avail =
                    cards::available_rerolls(s, self.attacker, self.rerolls_done, self, true);
                let (_, card, _) = avail.first()?;
                Prompt::Card {
                    card: *card,
                    what: "which reroll ability do you use next?".into(),
                }
            }
            BattleStage::Reroll => {
                let (card, r) = cards::reroll_hook(
                    s,
                    self.attacker,
                    self.rerolls_done,
                    self.reroll_cur,
                    self,
                    true,
                )?;
                Prompt::Card {
                    card,
                    what: format!("{} ({} left)", r.what, self.reroll_left),
                }
            }
            BattleStage::SelfHits | BattleStage::Intercept | BattleStage::Railgun => {
                Prompt::AssignHit {
                    system: self.system,
                    to: a.owner(),
                    hits_left: self.hits_left,
                    why: match self.stage {
                        BattleStage::SelfHits => HitWhy::SelfHit,
                        BattleStage::Intercept => HitWhy::Intercept,
                        _ => HitWhy::Card,
                    },
                }
            }
            BattleStage::Hits | BattleStage::BuildingHits => Prompt::AssignHit {
                system: self.system,
                to: self.defender,
                hits_left: self.hits_left,
                why: if self.stage == BattleStage::Hits {
                    HitWhy::Hit
                } else {
                    HitWhy::BuildingHit
                },
            },
            BattleStage::Raid => Prompt::Raid {
                keys: self.keys,
                from: self.defender.seat()?,
            },
            BattleStage::PreCollect | BattleStage::After => return None,
        };
        Some((a, p))
    }

    pub fn choices(&self, s: &GameState, out: &mut Vec<Choice>) {
        let sys = self.system;
        match self.stage {
            BattleStage::System => out.extend(systems(s, self.attacker).map(Choice::System)),
            BattleStage::Defender => {
                out.extend(defenders(s, self.attacker, sys).map(|o| match o.seat() {
                    Some(seat) => Choice::Player(seat),
                    None => Choice::Count(o.index() as u8),
                }))
            }
            // Without ships of its own there, the Imperial ships attack.
            BattleStage::Imperial
                if s.sys(sys).ships_of(self.attacker.owner()).total() == 0
                    && !self.attacking_flagship(s) =>
            {
                out.push(Choice::Yes)
            }
            BattleStage::Imperial => out.extend([Choice::Yes, Choice::No]),
            BattleStage::Dice(die) => {
                let (min, max) = self.dice_range(s, die);
                out.extend((min..=max).map(Choice::Dice));
            }
            BattleStage::Reroll if self.reroll_cur == 0 => {
                let avail =
                    cards::available_rerolls(s, self.attacker, self.rerolls_done, self, true);
                out.extend(avail.into_iter().map(|(_, c, _)| Choice::Card(c)));
            }
            BattleStage::Reroll => {
                if let Some((_, r)) = cards::reroll_hook(
                    s,
                    self.attacker,
                    self.rerolls_done,
                    self.reroll_cur,
                    self,
                    true,
                ) {
                    self.roll.reroll_choices(r.kinds, out);
                }
                out.push(Choice::Done);
            }
            // Railgun Arrays' hit, like self-hits, falls on the attacking
            // ships: the Imperial ships a Regent added among them (p11).
            BattleStage::SelfHits | BattleStage::Intercept | BattleStage::Railgun => {
                ship_targets(s, sys, self.attacker.owner(), out);
                if self.pre_done & IMPERIAL_ATTACK != 0 {
                    ship_targets(s, sys, Owner::Empire, out);
                }
                // FS-20: the attacking Flagship's board pieces are hit
                // like ships, at the attacker's choice.
                if self.attacking_flagship(s) {
                    board_targets(s, sys, self.attacker, out);
                }
            }
            BattleStage::Hits => {
                // Buildings only once no defending ship remains (B-BAT-05;
                // the Imperial ships beside a Regent included, p11); a
                // defending Flagship's board pieces likewise (FS-21).
                self.defender_ships(s, out);
                if out.is_empty() {
                    building_targets(s, sys, self.defender, out);
                    if let Some(d) = self.defending_flagship(s) {
                        board_targets(s, sys, d, out);
                    }
                }
            }
            // The Blight is not hit by building hits (p19).
            BattleStage::BuildingHits if self.defender == Owner::Blight => {}
            BattleStage::BuildingHits => {
                building_targets(s, sys, self.defender, out);
                if let Some(d) = self.defending_flagship(s) {
                    board_targets(s, sys, d, out);
                }
            }
            BattleStage::Raid if self.defender == Owner::Free => {
                // p15: exactly 1 resource of the planet's type, for a key.
                if let Some(r) = s.planet_type(sys) {
                    if self.keys > 0 && s.supply[r.index()] > 0 {
                        out.push(Choice::Resource(r));
                    }
                }
                out.push(Choice::Done);
            }
            BattleStage::Raid => {
                if let Some(victim) = self.defender.seat() {
                    raid_choices(s, self.attacker, victim, self.keys, out);
                }
                out.push(Choice::Done);
            }
            BattleStage::PreCollect | BattleStage::After => {}
        }
    }

    /// Whether a hit of the current stage has a target; agrees with
    /// [`choices`](Self::choices) being non-empty, without listing them
    /// (this runs after every hit).
    fn has_hit_target(&self, s: &GameState) -> bool {
        let x = s.sys(self.system);
        match self.stage {
            BattleStage::SelfHits | BattleStage::Intercept | BattleStage::Railgun => {
                self.attackers(s).total() > 0
                    || (self.attacking_flagship(s)
                        && s.flagship(self.attacker).is_some_and(|b| !b.is_empty()))
            }
            BattleStage::Hits => {
                x.ships_of(self.defender).total() > 0
                    || x.buildings_of(self.defender).next().is_some()
                    || self.defending_board(s)
                    || (self.imperial_defend(s) && x.ships_of(Owner::Empire).total() > 0)
            }
            BattleStage::BuildingHits if self.defender == Owner::Blight => false,
            BattleStage::BuildingHits => {
                x.buildings_of(self.defender).next().is_some() || self.defending_board(s)
            }
            _ => {
                let mut targets = Vec::new();
                self.choices(s, &mut targets);
                !targets.is_empty()
            }
        }
    }

    /// A defending Flagship with pieces on its board is in the battle.
    fn defending_board(&self, s: &GameState) -> bool {
        self.defending_flagship(s)
            .and_then(|d| s.flagship(d))
            .is_some_and(|b| !b.is_empty())
    }

    /// A hit on a board piece (FS-22): the attacker's own (self-hit,
    /// intercept, Railgun Arrays: the defender may take it as a Trophy,
    /// A-04) or the defender's (the attacker's Trophy). Never Outrage or
    /// Ransack (FS-15).
    fn hit_board(&mut self, s: &mut GameState, owner: Seat, piece: Piece, ev: &mut dyn Sink) {
        let Some(slot) = crate::campaign::flagship::slot_of(piece) else {
            return;
        };
        if owner == self.attacker {
            let trophy = self.trophy_taker(s);
            crate::campaign::flagship::hit(s, owner, slot, trophy, ev);
        } else if crate::campaign::flagship::hit(s, owner, slot, Some(self.attacker), ev) {
            self.took_trophies = true;
            self.trophy_taken(s, owner.owner(), ev);
        }
    }

    fn store(self, s: &mut GameState) {
        s.set_top(Frame::Battle(self));
    }

    pub fn resolve(mut self, s: &mut GameState, choice: Choice, ev: &mut dyn Sink) {
        match (self.stage, choice) {
            (BattleStage::System, Choice::System(sys)) => {
                self.system = sys;
                self.all_fresh = self.attackers(s).damaged == 0;
                self.stage = BattleStage::Defender;
                self.store(s);
            }
            (BattleStage::Defender, c) => {
                self.defender = match c {
                    Choice::Player(seat) => seat.owner(),
                    Choice::Count(i) => Owner::from_index(i as usize),
                    _ => return s.pop(),
                };
                s.turn.battle_tally = [0; 6];
                log!(
                    ev,
                    "battle",
                    Some(self.attacker),
                    { systems: vec![self.system] },
                    "{} attacks {} in {}.",
                    self.attacker,
                    self.defender.name(),
                    self.system
                );
                if s.is_campaign() {
                    // Choosing a defender is harm (p27): the laws hear it.
                    crate::campaign::harm::harmed(s, self.attacker, self.defender, self.system, ev);
                }
                if s.is_campaign()
                    && crate::campaign::empire::may_add_imperial(s, self.attacker, self.system)
                {
                    self.stage = BattleStage::Imperial;
                    self.store(s);
                } else {
                    self.stage = BattleStage::PreCollect;
                    self.pre_collect(s, ev);
                }
            }
            (BattleStage::Imperial, c) => {
                if c == Choice::Yes {
                    self.pre_done |= IMPERIAL_ATTACK;
                    self.all_fresh = self.attackers(s).damaged == 0;
                    log!(
                        ev,
                        "battle",
                        Some(self.attacker),
                        { systems: vec![self.system] },
                        "{} adds the Imperial ships in {} to the attack.",
                        self.attacker,
                        self.system
                    );
                }
                self.stage = BattleStage::PreCollect;
                self.pre_collect(s, ev);
            }
            (BattleStage::Dice(die), Choice::Dice(n)) => {
                self.dice[die as usize] = n;
                self.stage = match die {
                    DieKind::Assault => BattleStage::Dice(DieKind::Skirmish),
                    DieKind::Skirmish => BattleStage::Dice(DieKind::Raid),
                    DieKind::Raid => BattleStage::Reroll,
                };
                if self.stage == BattleStage::Reroll {
                    self.roll = DiceRoll::roll(s, self.dice);
                    log!(
                        ev,
                        "roll",
                        Some(self.attacker),
                        {
                            systems: vec![self.system],
                            dice: Some(self.roll.shown(None)),
                        },
                        "{} rolls {}.",
                        self.attacker,
                        self.roll.describe()
                    );
                    self.next_reroll(s, ev);
                } else {
                    self.store(s);
                }
            }
            (BattleStage::Reroll, Choice::Card(c)) if self.reroll_cur == 0 => {
                let avail =
                    cards::available_rerolls(s, self.attacker, self.rerolls_done, &self, true);
                if let Some((idx, _, max)) = avail.into_iter().find(|(_, x, _)| *x == c) {
                    self.reroll_cur = idx + 1;
                    self.reroll_left = max;
                }
                self.store(s);
            }
            (BattleStage::Reroll, Choice::Reroll { die, face }) => {
                if let Some((nf, which)) = self.roll.reroll(s, die, face) {
                    log!(
                        ev,
                        "reroll",
                        Some(self.attacker),
                        {
                            systems: vec![self.system],
                            dice: Some(self.roll.shown(Some(which))),
                        },
                        "{} rerolls a {} die: {} → {}.",
                        self.attacker,
                        die.name(),
                        super::dice::face_name(die, face),
                        super::dice::face_name(die, nf)
                    );
                }
                self.reroll_left = self.reroll_left.saturating_sub(1);
                if self.reroll_left == 0 {
                    self.end_reroll_effect();
                }
                self.next_reroll(s, ev);
            }
            (BattleStage::Reroll, _) => {
                self.end_reroll_effect();
                self.next_reroll(s, ev);
            }
            (
                BattleStage::Railgun,
                Choice::Piece {
                    piece: Piece::Ship { damaged, owner },
                    ..
                },
            ) => {
                let destroyed =
                    s.hit_ship_logged(self.system, owner, damaged, self.defender.seat(), ev);
                Tally::ship(s, Side::Attacker, destroyed);
                log!(
                    ev,
                    "hit",
                    Some(self.attacker),
                    { systems: vec![self.system] },
                    "{} takes a hit before collecting dice (Railgun Arrays).",
                    self.attacker
                );
                self.stage = BattleStage::Dice(DieKind::Assault);
                self.store(s);
            }
            (
                BattleStage::Railgun,
                Choice::Piece {
                    piece: piece @ Piece::Flagship { owner, .. },
                    ..
                },
            ) => {
                self.hit_board(s, owner, piece, ev);
                self.stage = BattleStage::Dice(DieKind::Assault);
                self.store(s);
            }
            (
                BattleStage::SelfHits | BattleStage::Intercept,
                Choice::Piece {
                    piece: piece @ Piece::Flagship { owner, .. },
                    ..
                },
            ) => {
                self.hit_board(s, owner, piece, ev);
                self.hits_left -= 1;
                self.next_hit(s, ev);
            }
            (
                BattleStage::SelfHits | BattleStage::Intercept,
                Choice::Piece {
                    piece: Piece::Ship { damaged, owner },
                    ..
                },
            ) => {
                let trophy = self.trophy_taker(s);
                // The attacker's own ship, or an Imperial ship it added.
                let owner = if owner == Owner::Empire && self.pre_done & IMPERIAL_ATTACK != 0 {
                    Owner::Empire
                } else {
                    self.attacker.owner()
                };
                let destroyed = s.hit_ship_logged(self.system, owner, damaged, trophy, ev);
                Tally::ship(s, Side::Attacker, destroyed);
                if destroyed {
                    log!(
                        ev,
                        "hit",
                        Some(self.attacker),
                        { systems: vec![self.system] },
                        "{} loses a ship in {}.",
                        crate::describe::capitalise(&owner.name()),
                        self.system
                    );
                } else {
                    log!(
                        ev,
                        "hit",
                        Some(self.attacker),
                        { systems: vec![self.system] },
                        "{} ship in {} is damaged.",
                        crate::describe::capitalise(&owner.possessive()),
                        self.system
                    );
                }
                self.hits_left -= 1;
                self.next_hit(s, ev);
            }
            (BattleStage::Hits | BattleStage::BuildingHits, Choice::Piece { piece, .. }) => {
                self.hits_left -= 1;
                match piece {
                    Piece::Ship {
                        owner: Owner::Blight,
                        damaged,
                    } => {
                        self.hit_blight(s, damaged, ev);
                        self.next_hit(s, ev);
                    }
                    Piece::Ship { owner, damaged } => {
                        let destroyed =
                            s.hit_ship_logged(self.system, owner, damaged, Some(self.attacker), ev);
                        Tally::ship(s, Side::Defender, destroyed);
                        if destroyed {
                            self.took_trophies |= owner.seat().is_some();
                            log!(
                                ev,
                                "hit",
                                Some(self.attacker),
                                { systems: vec![self.system] },
                                "{} loses a ship in {}.",
                                crate::describe::capitalise(&owner.name()),
                                self.system
                            );
                            self.trophy_taken(s, owner, ev);
                        } else {
                            log!(
                                ev,
                                "hit",
                                Some(self.attacker),
                                { systems: vec![self.system] },
                                "{} ship in {} is damaged.",
                                crate::describe::capitalise(&owner.possessive()),
                                self.system
                            );
                        }
                        self.next_hit(s, ev);
                    }
                    Piece::Building { slot } => {
                        // A destroyed city may push Ransack (and card) frames
                        // above the battle: pause it, so it resumes
                        // automatically once they are done.
                        let hit = s.sys(self.system).slots[slot as usize];
                        let destroyed = hit.is_some_and(|b| b.damaged);
                        self.took_trophies |= destroyed && self.defender.seat().is_some();
                        Tally::building(s, destroyed);
                        self.paused = true;
                        self.store(s);
                        s.hit_building(self.system, slot, Some(self.attacker), ev);
                        if let Some(b) = hit.filter(|b| b.damaged) {
                            self.trophy_taken(s, b.owner, ev);
                        }
                    }
                    Piece::Flagship { owner, .. } => {
                        self.hit_board(s, owner, piece, ev);
                        self.next_hit(s, ev);
                    }
                }
            }
            (BattleStage::Raid, Choice::Resource(r)) => {
                // Raiding the Free States (p15): one resource, once; the
                // raid then ends (its only choice left is Done).
                self.keys = 0;
                self.store(s);
                log!(
                    ev,
                    "raid",
                    Some(self.attacker),
                    { systems: vec![self.system] },
                    "{} raids the Free States.",
                    self.attacker
                );
                s.gain(self.attacker, r, ev);
            }
            (BattleStage::Raid, Choice::Steal { from, loot }) => {
                // The stolen token's placement may need a decision above the
                // battle; the raid continues afterwards.
                self.keys -= raid_cost(s, from, loot);
                self.store(s);
                crate::actions::resources::steal(s, self.attacker, from, loot, ev);
            }
            (BattleStage::Raid, Choice::Done) => {
                self.stage = BattleStage::After;
                self.store(s);
                self.after(s, ev);
            }
            _ => s.pop(),
        }
    }

    /// A paused battle resumes where it stopped.
    pub fn resume(mut self, s: &mut GameState, ev: &mut dyn Sink) {
        self.paused = false;
        self.store(s);
        match self.stage {
            BattleStage::PreCollect => self.pre_collect(s, ev),
            _ => self.next_hit(s, ev),
        }
    }

    /// Defender's cards acting before dice are collected (Predictive
    /// Sensors, then Railgun Arrays).
    fn pre_collect(mut self, s: &mut GameState, _ev: &mut dyn Sink) {
        if self.pre_done & 1 == 0 {
            self.pre_done |= 1;
            if let Some(c) = cards::pre_collect_effect(s, &self) {
                self.paused = true;
                self.store(s);
                s.push(Frame::Card(c));
                return;
            }
        }
        if self.pre_done & 2 == 0 {
            self.pre_done |= 2;
            // Its hit falls on the attacking ships or the attacking
            // Flagship's board (FS-20).
            let target = |s: &GameState| {
                self.attackers(s).total() > 0
                    || (self.attacking_flagship(s)
                        && s.flagship(self.attacker).is_some_and(|b| !b.is_empty()))
            };
            if cards::railgun(s, &self) && target(s) {
                self.stage = BattleStage::Railgun;
                self.hits_left = 1;
                self.store(s);
                return;
            }
        }
        self.stage = BattleStage::Dice(DieKind::Assault);
        self.store(s);
    }

    fn end_reroll_effect(&mut self) {
        if self.reroll_cur > 0 {
            self.rerolls_done |= 1 << (self.reroll_cur - 1);
        }
        self.reroll_cur = 0;
        self.reroll_left = 0;
        self.roll.rerolled = 0;
    }

    /// Offers the next reroll ability, or moves on to resolving the roll.
    fn next_reroll(mut self, s: &mut GameState, ev: &mut dyn Sink) {
        if self.reroll_cur == 0
            && !cards::available_rerolls(s, self.attacker, self.rerolls_done, &self, true)
                .is_empty()
        {
            // The attacker picks which ability comes next (AMB-67).
            self.stage = BattleStage::Reroll;
            self.store(s);
            return;
        }
        if self.reroll_cur > 0 {
            self.stage = BattleStage::Reroll;
            self.store(s);
            return;
        }
        cards::after_rolls(s, &mut self, ev);
        self.start_stage(s, BattleStage::SelfHits, ev);
    }

    fn start_stage(mut self, s: &mut GameState, stage: BattleStage, ev: &mut dyn Sink) {
        let t = self.roll.totals();
        self.stage = stage;
        self.hits_left = match stage {
            BattleStage::SelfHits => t.self_hit,
            BattleStage::Intercept => {
                let icpt =
                    cards::effective_intercepts(s, &self, t.intercept + self.extra_intercepts);
                if icpt > 0 {
                    // B-BAT-05.2: once per battle, sized by fresh defending
                    // ships: the Imperial ships beside a Regent too; the
                    // Blight never intercepts (campaign p11, p19).
                    let n = match self.defender {
                        Owner::Blight | Owner::Free => 0,
                        _ if self.imperial_defend(s) => {
                            cards::intercept_hits(s, &self)
                                + s.sys(self.system).ships_of(Owner::Empire).fresh
                        }
                        _ => cards::intercept_hits(s, &self),
                    };
                    cards::after_intercept(s, &self, ev);
                    n
                } else {
                    0
                }
            }
            BattleStage::Hits => t.hit,
            BattleStage::BuildingHits => t.building_hit,
            BattleStage::Raid => {
                self.keys = t.key;
                0
            }
            _ => 0,
        };
        self.store(s);
        match stage {
            BattleStage::Raid => {
                // B-BAT-05.5: only with a surviving attacker and a player
                // defender (or the Free States, campaign p15).
                if self.keys == 0
                    || (self.attackers(s).total() == 0 && !self.attacking_flagship(s))
                    || (self.defender.seat().is_none() && self.defender != Owner::Free)
                {
                    self.stage = BattleStage::After;
                    self.store(s);
                    self.after(s, ev);
                }
            }
            BattleStage::After => self.after(s, ev),
            _ => self.next_hit(s, ev),
        }
    }

    /// After a hit: continue this stage or move to the next one.
    fn next_hit(self, s: &mut GameState, ev: &mut dyn Sink) {
        if self.hits_left > 0 && self.has_hit_target(s) {
            self.store(s);
            return;
        }
        // AMB-13: hits with no target are lost.
        let next = match self.stage {
            BattleStage::SelfHits => BattleStage::Intercept,
            BattleStage::Intercept => BattleStage::Hits,
            BattleStage::Hits => BattleStage::BuildingHits,
            _ => BattleStage::Raid,
        };
        self.start_stage(s, next, ev);
    }

    fn after(self, s: &mut GameState, ev: &mut dyn Sink) {
        log!(
            ev,
            "battle",
            Some(self.attacker),
            { systems: vec![self.system] },
            "{}",
            Tally(s.turn.battle_tally).words(self.attacker, self.defender, self.system)
        );
        s.pop();
        cards::after_battle(s, &self, ev);
    }
}

/// Whose pieces a hit took: the attacker's (self-hits, intercepts,
/// Railgun Arrays) or the defender's side (hits, building hits).
#[derive(Copy, Clone)]
enum Side {
    Attacker,
    Defender,
}

/// A battle's losses so far (kept in the turn: ships destroyed and damaged
/// on each side, buildings destroyed and damaged), for the line that sums
/// the battle up when it ends (issue 21).
pub struct Tally(pub [u8; 6]);

impl Tally {
    fn ship(s: &mut GameState, side: Side, destroyed: bool) {
        let i = match side {
            Side::Attacker => 0,
            Side::Defender => 2,
        } + usize::from(!destroyed);
        s.turn.battle_tally[i] = s.turn.battle_tally[i].saturating_add(1);
    }

    fn building(s: &mut GameState, destroyed: bool) {
        let i = 4 + usize::from(!destroyed);
        s.turn.battle_tally[i] = s.turn.battle_tally[i].saturating_add(1);
    }

    /// "The battle in 2.3 is over. P1: 1 ship destroyed. P2: 2 ships
    /// destroyed, 1 building damaged."
    pub fn words(&self, attacker: Seat, defender: Owner, system: SystemId) -> String {
        let t = self.0;
        let blight = defender == Owner::Blight;
        let count = |n: u8, what: &str, how: &str| {
            // "2 Blight": the Blight's tokens take no plural.
            let s = if n == 1 || what == "Blight" { "" } else { "s" };
            (n > 0).then(|| format!("{n} {what}{s} {how}"))
        };
        let losses = |parts: [Option<String>; 4]| {
            let parts: Vec<String> = parts.into_iter().flatten().collect();
            if parts.is_empty() {
                "no losses".to_string()
            } else {
                parts.join(", ")
            }
        };
        let att = losses([
            count(t[0], "ship", "destroyed"),
            count(t[1], "ship", "damaged"),
            None,
            None,
        ]);
        let def = losses([
            count(t[2], if blight { "Blight" } else { "ship" }, "destroyed"),
            count(t[3], if blight { "Blight" } else { "ship" }, "damaged"),
            count(t[4], "building", "destroyed"),
            count(t[5], "building", "damaged"),
        ]);
        format!(
            "The battle in {system} is over. {attacker}: {att}. {}: {def}.",
            crate::describe::capitalise(&defender.name())
        )
    }
}

/// The ship choices (fresh and/or damaged) of `owner` in `sys`.
pub(crate) fn ship_targets(s: &GameState, sys: SystemId, owner: Owner, out: &mut Vec<Choice>) {
    let sh = s.sys(sys).ships_of(owner);
    if sh.fresh > 0 {
        out.push(Choice::Piece {
            system: sys,
            piece: Piece::Ship {
                owner,
                damaged: false,
            },
        });
    }
    if sh.damaged > 0 {
        out.push(Choice::Piece {
            system: sys,
            piece: Piece::Ship {
                owner,
                damaged: true,
            },
        });
    }
}

/// The pieces of `seat`'s Flagship board a battle hit may take: each
/// column's top (FS-19: Armor before its Upgrade).
fn board_targets(s: &GameState, sys: SystemId, seat: Seat, out: &mut Vec<Choice>) {
    let Some(b) = s.flagship(seat) else { return };
    out.extend(b.hit_targets().map(|slot| Choice::Piece {
        system: sys,
        piece: crate::campaign::flagship::piece_at(seat, slot),
    }));
}

fn building_targets(s: &GameState, sys: SystemId, owner: Owner, out: &mut Vec<Choice>) {
    out.extend(
        s.sys(sys)
            .buildings_of(owner)
            .map(|(slot, _)| Choice::Piece {
                system: sys,
                piece: Piece::Building { slot },
            }),
    );
}

/// B-RAID-01: the raid cost of an item.
pub fn raid_cost(s: &GameState, victim: Seat, loot: Loot) -> u8 {
    match loot {
        Loot::Slot(i) => SLOT_RAID_COST[i as usize],
        Loot::Card(c) => cards::raid_cost(s, victim, c),
        Loot::Golem(k) => (crate::campaign::fates::AREA_PIECES.raid_cost)(s, k),
        // Not raidable: frozen resources have no raid cost (campaign
        // rules p21, p27).
        // ... except on a card that gives them one (Arsenal Keepers: 2).
        Loot::Stored(r) => cards::stored_raid_cost(s, victim, r),
        Loot::Trophy { .. } | Loot::Captive(_) | Loot::Trust(_) => u8::MAX,
    }
}

fn raid_choices(s: &GameState, thief: Seat, victim: Seat, keys: u8, out: &mut Vec<Choice>) {
    let st = s.seat(victim);
    let mut seen: arrayvec::ArrayVec<(Resource, u8), 7> = arrayvec::ArrayVec::new();
    for (i, r) in st.resources.iter().enumerate() {
        let Some(r) = *r else { continue };
        let loot = Loot::Slot(i as u8);
        let cost = SLOT_RAID_COST[i];
        if cost <= keys
            && !seen.contains(&(r, cost))
            && crate::actions::resources::can_steal(s, thief, victim, loot)
        {
            seen.push((r, cost));
            out.push(Choice::Steal { from: victim, loot });
        }
    }
    for &c in st.guild() {
        let loot = Loot::Card(c);
        let cost = cards::raid_cost(s, victim, c);
        if cost > 0 && cost <= keys && crate::actions::resources::can_steal(s, thief, victim, loot)
        {
            out.push(Choice::Steal { from: victim, loot });
        }
    }
    if s.is_campaign() {
        // Resources stored on a card with a raid cost (Arsenal Keepers).
        for r in Resource::ALL {
            let loot = Loot::Stored(r);
            if cards::stored_raid_cost(s, victim, r) <= keys
                && crate::actions::resources::can_steal(s, thief, victim, loot)
            {
                out.push(Choice::Steal { from: victim, loot });
            }
        }
        // The Caretaker's Golems (F503, F505).
        (crate::campaign::fates::AREA_PIECES.raid_choices)(s, thief, victim, keys, out);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The battle's closing line (issue 21): each side's losses with the
    /// right plurals, "no losses" for a side that lost nothing, and the
    /// Blight's tokens named as the Blight.
    #[test]
    fn the_summary_counts_each_sides_losses() {
        let sys = SystemId::new(2, 3);
        let t = Tally([1, 0, 2, 1, 0, 1]);
        assert_eq!(
            t.words(Seat(0), Owner::Seat(Seat(1)), sys),
            "The battle in 2.3 is over. P1: 1 ship destroyed. \
             P2: 2 ships destroyed, 1 ship damaged, 1 building damaged."
        );
        let t = Tally([0, 0, 0, 0, 1, 0]);
        assert_eq!(
            t.words(Seat(2), Owner::Free, sys),
            "The battle in 2.3 is over. P3: no losses. The Free States: 1 building destroyed."
        );
        let t = Tally([0, 2, 2, 0, 0, 0]);
        assert_eq!(
            t.words(Seat(0), Owner::Blight, sys),
            "The battle in 2.3 is over. P1: 2 ships damaged. The Blight: 2 Blight destroyed."
        );
    }
}
