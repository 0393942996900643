//! What one viewer receives: built from that seat's `View` only, so no
//! hidden information can reach a page (issue 5).

use crate::store::{GameRecord, SeatInfo};
use arcs_engine::{Game, Pending, Seat, View};
use serde::{Deserialize, Serialize};

/// Who a token makes you.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Viewer {
    Seat(Seat),
    Spectator,
}

impl Viewer {
    pub fn seat(self) -> Option<Seat> {
        match self {
            Viewer::Seat(s) => Some(s),
            Viewer::Spectator => None,
        }
    }
}

/// A game as one viewer may see it.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Snapshot {
    pub id: String,
    /// Your seat (1-based), or absent for spectators.
    pub you: Option<Seat>,
    /// The position's version: send it back with a choice or an undo so a
    /// stale page cannot act on a position that has changed. It grows with
    /// every change (undo included) and never names two positions.
    pub version: u64,
    /// Each seat's player (`kind`, bot `level`) and `name` if given.
    pub seats: Vec<SeatInfo>,
    /// Whether the creator chose the seed (and so may know hidden cards).
    pub seeded: bool,
    pub view: View,
    /// Whether the pending decision is yours.
    pub your_turn: bool,
    /// The prompt in words (for everyone) and, when it is your decision,
    /// each legal choice in words, in the order of `view.pending.choices`.
    pub prompt_text: Option<String>,
    pub choices_text: Vec<String>,
    /// When it is your decision: the prompt addressed to you and each legal
    /// choice in the game's words ("Build a city in 2.2"), written by the
    /// engine (`arcs_engine::describe`), in the order of `choices_text`.
    /// `choices_text` stays the machine form.
    pub prompt_described: Option<String>,
    pub choices_described: Vec<String>,
    /// How many of your last choices you may take back.
    pub undoable: usize,
    /// When you may take one back: that choice in the game's words, as it
    /// read when you took it ("Move 2 fresh ships from 6.2"), so the Undo
    /// button says what it undoes.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub undo_words: Option<String>,
    /// Whether your seat has a webhook (never its URL, never another
    /// seat's); false for spectators.
    #[serde(default)]
    pub webhook: bool,
    /// Your hand in words (`AGG3`...), empty for spectators.
    pub hand_text: Vec<String>,
    /// The cards played this round in words, in play order; face-down
    /// cards of others read "face down".
    pub plays_text: Vec<String>,
    /// How many visible events come before `view.log[0]` (non-zero when
    /// `&log=N` sent only the last N): `log_start + i` numbers an event
    /// for good, so a page can tell which events are new.
    #[serde(default)]
    pub log_start: usize,
    /// The seats being waited for: one, or several while they decide at
    /// once (the campaign's Fate choice). Who still has to choose is
    /// public; what they choose is not.
    #[serde(default)]
    pub deciding: Vec<Seat>,
    /// A campaign game: its campaign, Act and the games of the Acts before
    /// and after it (issue 20 §6). Absent outside the campaign.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub campaign: Option<CampaignInfo>,
}

/// Where a campaign Act's game stands in its campaign.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CampaignInfo {
    /// The campaign: its Act I game's id.
    pub id: String,
    /// This game's Act (1..3).
    pub act: u8,
    /// The previous Act's game (Acts II and III).
    pub previous: Option<String>,
    /// The next Act's game, once started ("Continue to the Intermission"
    /// starts it; the same link opens it).
    pub next: Option<String>,
}

pub fn snapshot_of(record: &GameRecord, game: &Game, version: u64, viewer: Viewer) -> Snapshot {
    let view = game.view(viewer.seat());
    // The viewer's own decision, when it is one of the deciding seats
    // (several seats decide at once during the campaign's Fate choice).
    let mine = viewer.seat().and_then(|s| game.decision_for(s));
    let (your_turn, prompt_text, choices_text) = match (&mine, game.pending()) {
        (Some(d), _) => (
            true,
            Some(format!("{}: {}", d.seat, d.prompt.describe())),
            d.choices.iter().map(|c| c.to_string()).collect(),
        ),
        (None, Pending::Decision(d)) => (
            false,
            Some(format!("{}: {}", d.seat, d.prompt.describe())),
            Vec::new(),
        ),
        (None, Pending::Over(_)) => (false, None, Vec::new()),
    };
    // Only the decider's own choices are described: the words name what
    // its choices already show it (its hand, the pieces, the Court).
    let (prompt_described, choices_described) =
        match viewer.seat().and_then(|s| game.describe_pending_for(s)) {
            Some((prompt, choices)) if your_turn => (Some(prompt), choices),
            _ => (None, Vec::new()),
        };
    Snapshot {
        id: record.id.clone(),
        you: viewer.seat(),
        version,
        seats: record.seat_infos(),
        seeded: record.chosen_seed,
        your_turn,
        prompt_text,
        choices_text,
        prompt_described,
        choices_described,
        undoable: viewer.seat().map_or(0, |s| game.undoable(s)),
        undo_words: viewer.seat().and_then(|s| undo_words(game, s)),
        webhook: false, // set by the hub, which knows the seats' webhooks
        hand_text: view
            .seats
            .iter()
            .filter_map(|s| s.hand.as_ref())
            .flatten()
            .map(|c| c.to_string())
            .collect(),
        plays_text: view
            .plays
            .iter()
            .map(|p| {
                let card = p.card.map_or("face down".to_string(), |c| c.to_string());
                let kind = format!("{:?}", p.kind).to_lowercase();
                let seize = if p.seized_with_extra_card {
                    " + seize"
                } else {
                    ""
                };
                format!("{}: {kind} {card}{seize}", p.seat)
            })
            .collect(),
        log_start: 0,
        deciding: game.deciding_seats(),
        campaign: game.state().campaign().map(|c| CampaignInfo {
            id: record
                .campaign
                .as_ref()
                .map_or_else(|| record.id.clone(), |l| l.id.clone()),
            // A finished Act still names its own Act (the next one's setup
            // runs in the next game).
            act: c.act,
            previous: record.campaign.as_ref().map(|l| l.previous.clone()),
            next: None, // set by the hub, which knows the next Act's game
        }),
        view,
    }
}

/// The words of the choice `seat` would take back with an undo: the game
/// one choice earlier is replayed (cheap: the engine replays a whole game
/// in well under a millisecond) and the choice is described as the seat
/// saw it then.
fn undo_words(game: &Game, seat: Seat) -> Option<String> {
    if game.undoable(seat) == 0 {
        return None;
    }
    let (who, choice) = *game.choices().last()?;
    if who != seat {
        return None;
    }
    let before = game.replay_prefix(game.choices().len() - 1).ok()?;
    let d = before.decision_for(seat)?;
    let i = d.choices.iter().position(|c| *c == choice)?;
    let (_, words) = before.describe_pending_for(seat)?;
    words.into_iter().nth(i)
}
