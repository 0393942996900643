//! Rolled dice, kept per die so rerolls can name a die (B-BAT-05, card
//! rerolls). Shared by battle and Galactic Rifles.

use crate::choice::Choice;
use crate::data::{components, DieFace, DieKind};
use crate::state::GameState;
use rand::Rng;
use serde::{Deserialize, Serialize};

/// Up to 18 dice (6 of each kind). Each entry is `kind * 8 + face`.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct DiceRoll {
    pub dice: [u8; 18],
    pub n: u8,
    /// Dice already rerolled by the reroll effect in progress.
    pub rerolled: u32,
}

/// Which die a reroll changed: its index in the roll and its old face.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Reroll {
    pub index: u8,
    pub before: u8,
}

fn kind_of(e: u8) -> DieKind {
    DieKind::ALL[(e / 8) as usize]
}

impl DiceRoll {
    /// Rolls `counts` dice of each kind (assault, skirmish, raid); forced
    /// faces (scenarios) come first.
    pub fn roll(s: &mut GameState, counts: [u8; 3]) -> DiceRoll {
        let mut r = DiceRoll::default();
        for die in DieKind::ALL {
            for _ in 0..counts[die as usize] {
                let face = roll_one(s, die);
                if (r.n as usize) < r.dice.len() {
                    r.dice[r.n as usize] = die as u8 * 8 + face;
                    r.n += 1;
                }
            }
        }
        r
    }

    pub fn iter(&self) -> impl Iterator<Item = (DieKind, u8)> + '_ {
        self.dice[..self.n as usize]
            .iter()
            .map(|&e| (kind_of(e), e % 8))
    }

    pub fn count(&self, kind: DieKind) -> u8 {
        self.iter().filter(|(k, _)| *k == kind).count() as u8
    }

    /// What the dice show in total.
    pub fn totals(&self) -> DieFace {
        let mut t = DieFace::default();
        for (k, f) in self.iter() {
            let face = components().die(k)[f as usize];
            t.hit += face.hit;
            t.building_hit += face.building_hit;
            t.self_hit += face.self_hit;
            t.intercept += face.intercept;
            t.key += face.key;
        }
        t
    }

    /// Reroll choices: each distinct (kind, face) among dice of the allowed
    /// kinds not yet rerolled by this effect. Faces showing the same
    /// symbols are one choice, named by the first such face.
    pub fn reroll_choices(&self, kinds: u8, out: &mut Vec<Choice>) {
        for (i, (k, f)) in self.iter().enumerate() {
            if kinds & (1 << k as u8) == 0 || self.rerolled & (1 << i) != 0 {
                continue;
            }
            let c = Choice::Reroll {
                die: k,
                face: canonical(k, f),
            };
            if !out.contains(&c) {
                out.push(c);
            }
        }
    }

    /// Rerolls one not-yet-rerolled die of `kind` showing `face`: its new
    /// face, and which die it was (its index in the roll, its old face).
    pub fn reroll(&mut self, s: &mut GameState, kind: DieKind, face: u8) -> Option<(u8, Reroll)> {
        let want = canonical(kind, face);
        let i = (0..self.n as usize).find(|&i| {
            self.rerolled & (1 << i) == 0
                && kind_of(self.dice[i]) == kind
                && canonical(kind, self.dice[i] % 8) == want
        })?;
        let before = self.dice[i] % 8;
        let nf = roll_one(s, kind);
        self.dice[i] = kind as u8 * 8 + nf;
        self.rerolled |= 1 << i;
        Some((
            nf,
            Reroll {
                index: i as u8,
                before,
            },
        ))
    }

    /// The dice as event data (for UIs that draw dice), with the die a
    /// reroll changed if any.
    pub fn shown(&self, reroll: Option<Reroll>) -> crate::event::Dice {
        let mut d = crate::event::Dice::of(self.iter());
        if let Some(r) = reroll {
            let kind = kind_of(self.dice[r.index as usize]);
            // Its index among the dice of its kind.
            let index = self.dice[..r.index as usize]
                .iter()
                .filter(|&&e| kind_of(e) == kind)
                .count() as u8;
            d.rerolled = Some(crate::event::Rerolled {
                kind,
                index,
                before: crate::event::Die::new(kind, r.before),
            });
        }
        d
    }

    pub fn describe(&self) -> String {
        let mut parts = Vec::new();
        for die in DieKind::ALL {
            let faces: Vec<String> = self
                .iter()
                .filter(|(k, _)| *k == die)
                .map(|(_, f)| face_name(die, f))
                .collect();
            if !faces.is_empty() {
                parts.push(format!("{} [{}]", die.name(), faces.join(", ")));
            }
        }
        if parts.is_empty() {
            "no dice".into()
        } else {
            parts.join("; ")
        }
    }
}

/// The first face of `kind` showing the same symbols as face `f`.
pub fn canonical(kind: DieKind, f: u8) -> u8 {
    let faces = components().die(kind);
    let f = f.min(5) as usize;
    faces.iter().position(|x| *x == faces[f]).unwrap_or(f) as u8
}

fn roll_one(s: &mut GameState, die: DieKind) -> u8 {
    match s.forced_dice.iter().position(|f| f.kind == die) {
        Some(p) => s.forced_dice.remove(p).face.min(5),
        None => s.rng.gen_range(0..6),
    }
}

/// A face described by its symbols, e.g. `hit+intercept`.
pub fn face_name(die: DieKind, f: u8) -> String {
    let face = components().die(die)[f as usize];
    let mut p = Vec::new();
    let mut add = |n: u8, name: &str| match n {
        0 => {}
        1 => p.push(name.to_string()),
        n => p.push(format!("{n}{name}")),
    };
    add(face.hit, "hit");
    add(face.building_hit, "buildinghit");
    add(face.self_hit, "self");
    add(face.intercept, "intercept");
    add(face.key, "key");
    if p.is_empty() {
        "blank".into()
    } else {
        p.join("+")
    }
}
