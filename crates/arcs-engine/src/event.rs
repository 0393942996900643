//! Events: what happened, for logs and UIs. Each event has a machine tag, an
//! actor, a sentence for people, and a visibility (public, or private to one
//! seat when it names hidden cards).

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
                text: format!($($arg)*),
                choice: None,
            });
        }
    };
}

/// Like [`log!`] but visible to one seat only.
#[macro_export]
macro_rules! log_private {
    ($ev:expr, $to:expr, $tag:expr, $($arg:tt)*) => {
        if $ev.enabled() {
            $ev.emit($crate::event::Event {
                tag: $tag.to_string(),
                seat: Some($to),
                private_to: Some($to),
                text: format!($($arg)*),
                choice: None,
            });
        }
    };
}
