//! Events: what happened, for logs and UIs. Each event has a machine tag, an
//! actor, a sentence for people, a visibility (public, or private to one
//! seat when it names hidden cards) and whether it reveals to that seat
//! something it did not know (an undo barrier, docs/rulings.md R-UNDO-1).
//! Optional structured fields let a UI draw what happened: the systems an
//! event concerns, the dice a roll shows, a chapter's scoring breakdown.

use crate::data::{components, DieFace, DieKind};
use crate::ids::{Seat, SystemId};
use serde::{Deserialize, Serialize};

#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Event {
    /// Machine-readable kind: "play", "declare", "gain", "hit", ... A
    /// static string, so logging an event allocates only its sentence.
    pub tag: std::borrow::Cow<'static, str>,
    /// The seat acting or affected, if any.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub seat: Option<Seat>,
    /// `Some(seat)`: only that seat may see this event.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub private_to: Option<Seat>,
    /// This event shows its seat hidden information the seat did not
    /// already have (a card drawn, another seat's hand, a card received):
    /// the choice that caused it cannot be taken back (R-UNDO-1). Decided
    /// where the event is emitted ([`log_reveal!`] vs [`log_own!`]); a
    /// private note of what the seat already knows (its own face-down
    /// card, its only option taken for it) does not reveal.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub reveals: bool,
    pub text: String,
    /// For `auto` events: the only legal choice, taken automatically.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub choice: Option<crate::choice::Choice>,
    /// The systems this event concerns, for highlighting: a move's origin
    /// then destination, a battle's system, a build's, a tax's, a hit's.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub systems: Vec<SystemId>,
    /// For `roll` and `reroll` events: every die the roll shows now.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub dice: Option<Dice>,
    /// For the `scored` event at the end of a chapter's scoring: the
    /// breakdown (in a [`View`](crate::view::View) it is in
    /// `View::scoring` instead, not repeated in the log).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub scoring: Option<Box<crate::scoring::ChapterScoring>>,
}

/// The dice a roll shows, per die kind, in the order rolled.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Dice {
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub assault: Vec<Die>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub skirmish: Vec<Die>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub raid: Vec<Die>,
    /// For a reroll: which die was rerolled and what it showed before.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rerolled: Option<Rerolled>,
}

/// One die: its face (0..6, the order of components.md §4) and what that
/// face shows.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Die {
    pub face: u8,
    #[serde(flatten)]
    pub shows: DieFace,
}

impl Die {
    pub fn new(kind: DieKind, face: u8) -> Die {
        Die {
            face,
            shows: components().die(kind)[face.min(5) as usize],
        }
    }
}

/// The die a reroll changed: `index` into its kind's list in [`Dice`],
/// and the face it showed before.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Rerolled {
    pub kind: DieKind,
    pub index: u8,
    pub before: Die,
}

impl Dice {
    /// The dice of a list of `(kind, face)` in roll order.
    pub fn of(dice: impl IntoIterator<Item = (DieKind, u8)>) -> Dice {
        let mut d = Dice::default();
        for (k, f) in dice {
            d.kind_mut(k).push(Die::new(k, f));
        }
        d
    }
    pub fn kind(&self, k: DieKind) -> &[Die] {
        match k {
            DieKind::Assault => &self.assault,
            DieKind::Skirmish => &self.skirmish,
            DieKind::Raid => &self.raid,
        }
    }
    fn kind_mut(&mut self, k: DieKind) -> &mut Vec<Die> {
        match k {
            DieKind::Assault => &mut self.assault,
            DieKind::Skirmish => &mut self.skirmish,
            DieKind::Raid => &mut self.raid,
        }
    }
    pub fn len(&self) -> usize {
        self.assault.len() + self.skirmish.len() + self.raid.len()
    }
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

impl Event {
    pub fn visible_to(&self, seat: Option<Seat>) -> bool {
        match self.private_to {
            None => true,
            Some(p) => seat == Some(p),
        }
    }
}

/// Where the engine sends events. Search bots use [`NoEvents`] so no
/// sentence is ever formatted on their hot path.
pub trait Sink {
    fn enabled(&self) -> bool;
    fn emit(&mut self, e: Event);
    /// `seat`'s only legal choice was taken for it (`auto`). Told whether
    /// or not events are kept (by `GameState::advance`, the path of
    /// `Game`; the bare loop `settle` of bots' rollouts does not ask): for
    /// another seat that is an undo barrier (R-UNDO-1).
    fn forced(&mut self, _seat: Seat, _choice: crate::choice::Choice) {}
}

/// Discards events.
pub struct NoEvents;

impl Sink for NoEvents {
    fn enabled(&self) -> bool {
        false
    }
    fn emit(&mut self, _: Event) {}
}

impl Sink for Vec<Event> {
    fn enabled(&self) -> bool {
        true
    }
    fn emit(&mut self, e: Event) {
        self.push(e)
    }
}

/// `log!(ev, "tag", seat_option, "format", args...)` emits a public event;
/// the sentence is only formatted when the sink is enabled. Structured
/// fields go in braces before the format:
/// `log!(ev, "move", Some(seat), { systems: vec![from, to] }, "...")`;
/// they too are only evaluated when the sink is enabled.
#[macro_export]
macro_rules! log {
    ($ev:expr, $tag:expr, $seat:expr, { $($field:ident : $value:expr),* $(,)? }, $($arg:tt)*) => {
        if $ev.enabled() {
            $ev.emit($crate::event::Event {
                tag: ::std::borrow::Cow::Borrowed($tag),
                seat: $seat,
                text: format!($($arg)*),
                $($field: $value,)*
                ..Default::default()
            });
        }
    };
    ($ev:expr, $tag:expr, $seat:expr, $($arg:tt)*) => {
        if $ev.enabled() {
            $ev.emit($crate::event::Event {
                tag: ::std::borrow::Cow::Borrowed($tag),
                seat: $seat,
                text: format!($($arg)*),
                ..Default::default()
            });
        }
    };
}

/// Like [`log!`] but visible to one seat only, and showing it hidden
/// information it did not have (a draw, a look at another hand, a card
/// received): an undo barrier (docs/rulings.md R-UNDO-1).
#[macro_export]
macro_rules! log_reveal {
    ($ev:expr, $to:expr, $tag:expr, $($arg:tt)*) => {
        $crate::log_private_event!($ev, $to, true, $tag, $($arg)*)
    };
}

/// Like [`log!`] but visible to one seat only, telling it what it already
/// knows (its own face-down card, a card it discards): no undo barrier.
#[macro_export]
macro_rules! log_own {
    ($ev:expr, $to:expr, $tag:expr, $($arg:tt)*) => {
        $crate::log_private_event!($ev, $to, false, $tag, $($arg)*)
    };
}

/// The body of [`log_reveal!`] and [`log_own!`]: use those.
#[doc(hidden)]
#[macro_export]
macro_rules! log_private_event {
    ($ev:expr, $to:expr, $reveals:expr, $tag:expr, $($arg:tt)*) => {
        if $ev.enabled() {
            $ev.emit($crate::event::Event {
                tag: ::std::borrow::Cow::Borrowed($tag),
                seat: Some($to),
                private_to: Some($to),
                reveals: $reveals,
                text: format!($($arg)*),
                ..Default::default()
            });
        }
    };
}
