//! Events: what happened, for logs and UIs. Each event has a machine tag, an
//! actor, a sentence for people, a visibility (public, or private to one
//! seat when it names hidden cards) and whether it reveals to that seat
//! something it did not know (an undo barrier, docs/rulings.md R-UNDO-1).

use crate::ids::Seat;
use serde::{Deserialize, Serialize};

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Event {
    /// Machine-readable kind: "play", "declare", "gain", "hit", ...
    pub tag: String,
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
/// the sentence is only formatted when the sink is enabled.
#[macro_export]
macro_rules! log {
    ($ev:expr, $tag:expr, $seat:expr, $($arg:tt)*) => {
        if $ev.enabled() {
            $ev.emit($crate::event::Event {
                tag: $tag.to_string(),
                seat: $seat,
                private_to: None,
                reveals: false,
                text: format!($($arg)*),
                choice: None,
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
                tag: $tag.to_string(),
                seat: Some($to),
                private_to: Some($to),
                reveals: $reveals,
                text: format!($($arg)*),
                choice: None,
            });
        }
    };
}
