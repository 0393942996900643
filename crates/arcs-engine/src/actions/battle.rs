//! Battle (B-BAT) and raiding (B-RAID).
//!
//! Order of resolution (B-BAT-05): self-hits, intercept (once), hits on
//! ships then buildings, building hits, raid. The attacker assigns every
//! hit, one at a time; cities destroyed on the way are Outraged and
//! Ransacked at once (B-BAT-09).

use crate::choice::{Choice, HitWhy, Loot, Piece, Prompt};
use crate::data::{components, DieKind, SLOT_RAID_COST};
use crate::event::Sink;
use crate::flow::{Frame, Source};
use crate::ids::*;
use crate::log;
use crate::state::GameState;
use rand::Rng;
use serde::{Deserialize, Serialize};

#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum BattleStage {
    System,
    Defender,
    Dice(DieKind),
    Roll,
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
    /// Rolled faces: count per die kind and face index.
    pub faces: [[u8; 6]; 3],
    pub hits_left: u8,
    pub keys: u8,
    /// Every attacking ship was fresh when the battle began (Signal Breaker).
    pub all_fresh: bool,
    /// The attacker took Trophies in this battle (Elder, AMB-72).
    pub took_trophies: bool,
    /// Reroll hooks already used, one bit per hook (cards::reroll_hook).
    pub rerolls_done: u8,
    /// Waiting for frames pushed above it (a Ransack); resumes by itself.
    pub paused: bool,
}

/// Systems where `seat` can battle: Loyal ships and a Rival's pieces (B-BAT-01/02).
pub fn any(s: &GameState, seat: Seat) -> bool {
    systems(s, seat).next().is_some()
}

pub fn systems(s: &GameState, seat: Seat) -> impl Iterator<Item = SystemId> + '_ {
    s.systems_in_play().filter(move |sys| {
        s.sys(*sys).ships_of(seat.owner()).total() > 0 && defenders(s, seat, *sys).next().is_some()
    })
}

pub fn defenders(s: &GameState, seat: Seat, sys: SystemId) -> impl Iterator<Item = Owner> + '_ {
    (0..crate::ids::MAX_OWNERS)
        .map(Owner::from_index)
        .filter(move |o| *o != seat.owner() && s.sys(sys).has_pieces_of(*o))
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
            faces: [[0; 6]; 3],
            hits_left: 0,
            keys: 0,
            all_fresh: true,
            took_trophies: false,
            rerolls_done: 0,
            paused: false,
        }
    }

    fn attackers(&self, s: &GameState) -> crate::state::ShipCount {
        s.sys(self.system).ships_of(self.attacker.owner())
    }

    /// Dice the attacker may still collect in total (B-BAT-03).
    fn dice_cap(&self, s: &GameState) -> u8 {
        let extra = crate::cards::extra_dice(s, self.attacker, self.system);
        let cap = self.attackers(s).total() + extra;
        cap.saturating_sub(self.dice.iter().sum::<u8>())
    }

    /// B-BAT-04 raid dice limit (AMB-17), plus card prohibitions.
    fn raid_allowed(&self, s: &GameState) -> bool {
        let here = s
            .sys(self.system)
            .buildings_of(self.defender)
            .next()
            .is_some();
        let anywhere = s
            .systems
            .iter()
            .any(|x| x.buildings_of(self.defender).next().is_some());
        (here || !anywhere)
            && crate::cards::raid_dice_allowed(s, self.attacker, self.defender, self.system)
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
            BattleStage::Dice(die) => Prompt::BattleDice {
                system: self.system,
                die,
            },
            BattleStage::Reroll => {
                let (card, what) = crate::cards::reroll_hook(s, self)?;
                Prompt::Card {
                    card,
                    what: what.to_string(),
                }
            }
            BattleStage::SelfHits | BattleStage::Intercept => Prompt::AssignHit {
                system: self.system,
                to: a.owner(),
                hits_left: self.hits_left,
                why: if self.stage == BattleStage::SelfHits {
                    HitWhy::SelfHit
                } else {
                    HitWhy::Intercept
                },
            },
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
            BattleStage::Roll | BattleStage::After => return None,
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
            BattleStage::Dice(die) => {
                let cap = self.dice_cap(s).min(6);
                let cap = if die == DieKind::Raid && !self.raid_allowed(s) {
                    0
                } else {
                    cap
                };
                let cap = crate::cards::dice_kind_cap(s, self.attacker, die, self.dice, cap);
                out.extend((0..=cap).map(Choice::Dice));
            }
            BattleStage::Reroll => crate::cards::reroll_choices(s, self, out),
            BattleStage::SelfHits | BattleStage::Intercept => {
                ship_targets(s, sys, self.attacker.owner(), out)
            }
            BattleStage::Hits => {
                ship_targets(s, sys, self.defender, out);
                if out.is_empty() {
                    building_targets(s, sys, self.defender, out);
                }
            }
            BattleStage::BuildingHits => building_targets(s, sys, self.defender, out),
            BattleStage::Raid => {
                if let Some(victim) = self.defender.seat() {
                    raid_choices(s, self.attacker, victim, self.keys, out);
                }
                out.push(Choice::Done);
            }
            BattleStage::Roll | BattleStage::After => {}
        }
    }

    fn store(self, s: &mut GameState) {
        s.set_top(Frame::Battle(self));
    }

    pub fn resolve(mut self, s: &mut GameState, choice: Choice, ev: &mut dyn Sink) {
        match (self.stage, choice) {
            (BattleStage::System, Choice::System(sys)) => {
                self.system = sys;
                let a = self.attackers(s);
                self.all_fresh = a.damaged == 0;
                self.stage = BattleStage::Defender;
                self.store(s);
            }
            (BattleStage::Defender, c) => {
                self.defender = match c {
                    Choice::Player(seat) => seat.owner(),
                    Choice::Count(i) => Owner::from_index(i as usize),
                    _ => return s.pop(),
                };
                log!(
                    ev,
                    "battle",
                    Some(self.attacker),
                    "{} attacks {} in {}.",
                    self.attacker,
                    self.defender,
                    self.system
                );
                self.stage = BattleStage::Dice(DieKind::Assault);
                self.store(s);
                crate::cards::before_collect(s, self, ev);
            }
            (BattleStage::Dice(die), Choice::Dice(n)) => {
                self.dice[die as usize] = n;
                self.stage = match die {
                    DieKind::Assault => BattleStage::Dice(DieKind::Skirmish),
                    DieKind::Skirmish => BattleStage::Dice(DieKind::Raid),
                    DieKind::Raid => BattleStage::Roll,
                };
                if self.stage == BattleStage::Roll {
                    self.roll(s, ev);
                } else {
                    self.store(s);
                }
            }
            (BattleStage::Reroll, c) => {
                crate::cards::apply_reroll(s, &mut self, c, ev);
                self.after_rerolls(s, ev);
            }
            (
                BattleStage::SelfHits | BattleStage::Intercept,
                Choice::Piece {
                    piece: Piece::Ship { damaged, .. },
                    ..
                },
            ) => {
                let trophy = self.defender.seat();
                if s.hit_ship(self.system, self.attacker.owner(), damaged, trophy) {
                    log!(
                        ev,
                        "hit",
                        Some(self.attacker),
                        "{} loses a ship in {}.",
                        self.attacker,
                        self.system
                    );
                } else {
                    log!(
                        ev,
                        "hit",
                        Some(self.attacker),
                        "{}'s ship in {} is damaged.",
                        self.attacker,
                        self.system
                    );
                }
                self.hits_left -= 1;
                self.next_hit(s, ev);
            }
            (BattleStage::Hits | BattleStage::BuildingHits, Choice::Piece { piece, .. }) => {
                self.hits_left -= 1;
                match piece {
                    Piece::Ship { owner, damaged } => {
                        if s.hit_ship(self.system, owner, damaged, Some(self.attacker)) {
                            self.took_trophies |= owner.seat().is_some();
                            log!(
                                ev,
                                "hit",
                                Some(self.attacker),
                                "{owner} loses a ship in {}.",
                                self.system
                            );
                        } else {
                            log!(
                                ev,
                                "hit",
                                Some(self.attacker),
                                "{owner}'s ship in {} is damaged.",
                                self.system
                            );
                        }
                        self.next_hit(s, ev);
                    }
                    Piece::Building { slot } => {
                        // A destroyed city may push Ransack (and card) frames
                        // above the battle: pause it, so it resumes
                        // automatically once they are done.
                        let destroyed =
                            s.sys(self.system).slots[slot as usize].is_some_and(|b| b.damaged);
                        self.took_trophies |= destroyed && self.defender.seat().is_some();
                        self.paused = true;
                        self.store(s);
                        s.hit_building(self.system, slot, Some(self.attacker), ev);
                    }
                }
            }
            (BattleStage::Raid, Choice::Steal { from, loot }) => {
                // The stolen token's placement (an Arrange frame) goes above
                // the battle; the raid continues afterwards.
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

    fn roll(mut self, s: &mut GameState, ev: &mut dyn Sink) {
        for die in DieKind::ALL {
            for _ in 0..self.dice[die as usize] {
                let face = match s.forced_dice.iter().position(|f| f.kind == die) {
                    Some(p) => s.forced_dice.remove(p).face as usize,
                    None => s.rng.gen_range(0..6),
                };
                self.faces[die as usize][face.min(5)] += 1;
            }
        }
        if ev.enabled() {
            log!(
                ev,
                "roll",
                Some(self.attacker),
                "{} rolls {}.",
                self.attacker,
                describe_faces(&self.faces)
            );
        }
        self.stage = BattleStage::Reroll;
        self.store(s);
        self.after_rerolls(s, ev);
    }

    /// Moves past the reroll stage once no reroll hook is pending.
    fn after_rerolls(mut self, s: &mut GameState, ev: &mut dyn Sink) {
        if crate::cards::reroll_hook(s, &self).is_some() {
            self.stage = BattleStage::Reroll;
            self.store(s);
            return;
        }
        crate::cards::after_rolls(s, &mut self, ev);
        self.start_stage(s, BattleStage::SelfHits, ev);
    }

    /// Totals of the rolled faces.
    pub fn totals(&self) -> crate::data::DieFace {
        let mut t = crate::data::DieFace::default();
        for die in DieKind::ALL {
            let faces = components().die(die);
            for (i, &n) in self.faces[die as usize].iter().enumerate() {
                let f = faces[i];
                t.hit += f.hit * n;
                t.building_hit += f.building_hit * n;
                t.self_hit += f.self_hit * n;
                t.intercept += f.intercept * n;
                t.key += f.key * n;
            }
        }
        t.intercept += self.extra_intercepts();
        t
    }

    /// Virtual intercepts added by cards (Mirror Plating) live in face
    /// slot 5 of an unused row; kept 0 in the base game.
    fn extra_intercepts(&self) -> u8 {
        0
    }

    fn start_stage(mut self, s: &mut GameState, stage: BattleStage, ev: &mut dyn Sink) {
        let t = self.totals();
        self.stage = stage;
        self.hits_left = match stage {
            BattleStage::SelfHits => t.self_hit,
            BattleStage::Intercept => {
                let icpt = crate::cards::effective_intercepts(s, &self, t.intercept);
                if icpt > 0 {
                    // B-BAT-05.2: once per battle, sized by fresh defending ships.
                    crate::cards::intercept_hits(s, &self)
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
                // B-BAT-05.5: only with a surviving attacker and a player defender.
                if self.keys == 0
                    || self.attackers(s).total() == 0
                    || self.defender.seat().is_none()
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
        let mut targets = Vec::new();
        self.choices(s, &mut targets);
        if self.hits_left > 0 && !targets.is_empty() {
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
        s.pop();
        crate::cards::after_battle(s, &self, ev);
    }
}

impl BattleFrame {
    /// A paused battle resumes: the current hit stage continues or ends.
    pub fn resume(mut self, s: &mut GameState, ev: &mut dyn Sink) {
        self.paused = false;
        self.store(s);
        self.next_hit(s, ev);
    }
}

fn ship_targets(s: &GameState, sys: SystemId, owner: Owner, out: &mut Vec<Choice>) {
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
        Loot::Card(c) => crate::cards::raid_cost(s, victim, c),
    }
}

fn raid_choices(s: &GameState, thief: Seat, victim: Seat, keys: u8, out: &mut Vec<Choice>) {
    let st = s.seat(victim);
    let mut seen: Vec<(Resource, u8)> = Vec::new();
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
    for &c in &st.guild {
        let loot = Loot::Card(c);
        let cost = crate::cards::raid_cost(s, victim, c);
        if cost > 0 && cost <= keys && crate::actions::resources::can_steal(s, thief, victim, loot)
        {
            out.push(Choice::Steal { from: victim, loot });
        }
    }
}

fn describe_faces(faces: &[[u8; 6]; 3]) -> String {
    let mut parts = Vec::new();
    for die in DieKind::ALL {
        let n: u8 = faces[die as usize].iter().sum();
        if n == 0 {
            continue;
        }
        let f = components().die(die);
        let mut t = crate::data::DieFace::default();
        for (i, &k) in faces[die as usize].iter().enumerate() {
            t.hit += f[i].hit * k;
            t.building_hit += f[i].building_hit * k;
            t.self_hit += f[i].self_hit * k;
            t.intercept += f[i].intercept * k;
            t.key += f[i].key * k;
        }
        parts.push(format!(
            "{n} {} ({} hit, {} building hit, {} self-hit, {} intercept, {} key)",
            die.name(),
            t.hit,
            t.building_hit,
            t.self_hit,
            t.intercept,
            t.key
        ));
    }
    if parts.is_empty() {
        "no dice".into()
    } else {
        parts.join("; ")
    }
}
