//! Ambition standings and chapter scoring breakdowns as data for UIs
//! (issue 12 item 4). Both are built from the function chapter scoring
//! itself uses ([`crate::flow::score_ambition`]), so what a view shows is
//! what scoring does. Everything here is public information: counts come
//! from resources, Guild cards, Trophies and Captives in play areas and
//! the ambition boxes.

use crate::cards::{behavior, held, ScoreRule};
use crate::flow::{ambition_count, phantom_count, AmbitionScore, RuleEffect};
use crate::ids::*;
use crate::state::GameState;
use serde::{Deserialize, Serialize};

fn is_false(b: &bool) -> bool {
    !*b
}

fn is_zero(n: &i32) -> bool {
    *n == 0
}

/// A marker in an ambition's box: its index (into `View::markers`) and the
/// values it shows.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct MarkerValue {
    pub index: u8,
    pub first: i32,
    pub second: i32,
}

/// A leader's scoring rule that changed a place (B-SCORE-09).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum RuleKind {
    /// First place paid the second-place value, without city bonus
    /// (Elder *Just*, Warrior *Violent*, Archivist *Academic*).
    PaidAsSecond,
    /// Second place gained nothing (the same rules, or Noble *Proud*).
    NothingForSecond,
    /// The ambition is worthless to the seat: no Power for its place (Oath
    /// of Peace, F1502).
    Worthless,
}

#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlaceRule {
    /// The card with the rule (a leader).
    pub card: CardId,
    pub effect: RuleKind,
}

/// One place in one ambition: a seat, or the 2-player phantom (the
/// ambition boxes' tokens, B-SCORE-08), which never gains Power.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Placing {
    /// `None` for the phantom.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub seat: Option<Seat>,
    #[serde(default, skip_serializing_if = "is_false")]
    pub phantom: bool,
    /// 1 or 2 (a tie for first places every tied player second).
    pub place: u8,
    /// The count that placed it.
    pub count: u32,
    /// Power gained (or gained if scored now), city bonus included.
    pub power: i32,
    /// The part of `power` that is the city bonus (B-SCORE-07: a sole
    /// first gains +2 or +5 by its uncovered city slots, once per ambition).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub city_bonus: i32,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rule: Option<PlaceRule>,
}

/// Which place a tie is for.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TieFor {
    /// All tied take second place; nobody is first and nobody else places.
    First,
    /// Nobody places second.
    Second,
}

/// A tie among qualifying players (B-SCORE-05, AMB-59).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Tie {
    #[serde(rename = "for")]
    pub place: TieFor,
    /// The tied seats, in seat order.
    pub seats: Vec<Seat>,
    /// The phantom is among the tied.
    #[serde(default, skip_serializing_if = "is_false")]
    pub phantom: bool,
    pub count: u32,
}

/// One ambition: the markers on it, every player's count, the places and
/// what they gain. In `View::ambitions` it is the standing if the chapter
/// were scored now (no marker: nothing would be scored, every `power` is
/// 0); in a [`ChapterScoring`] it is what scoring did.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct AmbitionResult {
    pub ambition: Ambition,
    /// Markers in its box, in marker order (empty: not declared).
    pub markers: Vec<MarkerValue>,
    /// Sums of the markers' values for first and second place (B-SCORE-04).
    pub first_value: i32,
    pub second_value: i32,
    /// Each seat's count (B-SCORE-03), in seat order.
    pub counts: Vec<u32>,
    /// 2 players: the phantom's count (the ambition box's resources).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub phantom: Option<u32>,
    /// First place, then second places. A count of 0 never places
    /// (B-SCORE-06).
    pub places: Vec<Placing>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tie: Option<Tie>,
}

impl AmbitionResult {
    /// The ambition as it stands.
    pub fn now(s: &GameState, a: Ambition) -> AmbitionResult {
        AmbitionResult::of(s, a, &crate::flow::score_ambition(s, a))
    }

    /// The data of `sc` (the scoring of `a` in `s`).
    pub fn of(s: &GameState, a: Ambition, sc: &AmbitionScore) -> AmbitionResult {
        let counts: Vec<u32> = s.seat_ids().map(|x| ambition_count(s, x, a)).collect();
        let phantom = (s.players == 2).then(|| phantom_count(s, a));
        let count_of = |x: Option<Seat>| match x {
            Some(x) => counts[x.index()],
            None => phantom.unwrap_or(0),
        };
        let placing = |x: Option<Seat>, place: u8| {
            let award = x.and_then(|x| sc.awards.iter().find(|w| w.seat == x));
            Placing {
                seat: x,
                phantom: x.is_none(),
                place,
                count: count_of(x),
                power: award.map_or(0, |w| w.power),
                city_bonus: award.map_or(0, |w| w.city_bonus),
                rule: award.and_then(|w| {
                    let effect = match w.rule? {
                        RuleEffect::PaidAsSecond => RuleKind::PaidAsSecond,
                        RuleEffect::NothingForSecond => RuleKind::NothingForSecond,
                        RuleEffect::Worthless => RuleKind::Worthless,
                    };
                    Some(PlaceRule {
                        card: rule_card(s, w.seat, a, effect)?,
                        effect,
                    })
                }),
            }
        };
        let mut places = Vec::new();
        if let Some(f) = sc.first {
            places.push(placing(f, 1));
        }
        places.extend(sc.seconds.iter().map(|&x| placing(x, 2)));
        AmbitionResult {
            ambition: a,
            markers: (0..3)
                .filter(|&i| s.markers[i].at == Some(a))
                .map(|i| {
                    let (first, second) = s.markers[i].values(i);
                    MarkerValue {
                        index: i as u8,
                        first,
                        second,
                    }
                })
                .collect(),
            first_value: sc.first_value,
            second_value: sc.second_value,
            tie: tie(&counts, phantom),
            counts,
            phantom,
            places,
        }
    }
}

/// The tie that decides this ambition's places, if any (as `rank`).
fn tie(counts: &[u32], phantom: Option<u32>) -> Option<Tie> {
    let all: Vec<(Option<Seat>, u32)> = counts
        .iter()
        .enumerate()
        .map(|(i, &c)| (Some(Seat(i as u8)), c))
        .chain(phantom.map(|c| (None, c)))
        .filter(|(_, c)| *c > 0)
        .collect();
    let top = all.iter().map(|(_, c)| *c).max()?;
    let with = |v: u32, place: TieFor| {
        let tied: Vec<Option<Seat>> = all
            .iter()
            .filter(|(_, c)| *c == v)
            .map(|(x, _)| *x)
            .collect();
        (tied.len() > 1).then(|| Tie {
            place,
            seats: tied.iter().flatten().copied().collect(),
            phantom: tied.contains(&None),
            count: v,
        })
    };
    if let Some(t) = with(top, TieFor::First) {
        return Some(t);
    }
    let second = all.iter().map(|(_, c)| *c).filter(|c| *c < top).max()?;
    with(second, TieFor::Second)
}

/// The held card whose scoring rule had `effect` in ambition `a`.
fn rule_card(s: &GameState, seat: Seat, a: Ambition, effect: RuleKind) -> Option<CardId> {
    held(s, seat).find(|&c| match behavior(c).and_then(|b| b.score_rule) {
        Some(ScoreRule::SecondForFirst(x)) => x == a,
        Some(ScoreRule::OnlySoleFirst) => effect == RuleKind::NothingForSecond,
        Some(ScoreRule::Worthless(x)) => x == a && effect == RuleKind::Worthless,
        None => false,
    })
}

/// What one chapter's scoring did (B-SCORE): the ambitions with a marker,
/// in ambition order, the Power each seat gained and each seat's Power
/// afterwards, which is its Power at the end of the chapter (nothing later
/// in a chapter changes Power).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ChapterScoring {
    pub chapter: u8,
    pub ambitions: Vec<AmbitionResult>,
    /// Power gained in this scoring, in seat order.
    pub gained: Vec<i32>,
    /// Power after this scoring, in seat order.
    pub power: Vec<i32>,
}

impl ChapterScoring {
    /// An empty breakdown for the chapter being scored.
    pub fn start(s: &GameState) -> ChapterScoring {
        ChapterScoring {
            chapter: s.chapter,
            ambitions: Vec::new(),
            gained: vec![0; s.players as usize],
            power: Vec::new(),
        }
    }

    /// Totals, once every ambition has been scored.
    pub fn finish(&mut self, s: &GameState) {
        for a in &self.ambitions {
            for p in &a.places {
                if let Some(x) = p.seat {
                    self.gained[x.index()] += p.power;
                }
            }
        }
        self.power = s.seat_ids().map(|x| s.seat(x).power).collect();
    }
}
