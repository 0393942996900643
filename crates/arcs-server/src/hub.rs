//! The games of a server. Each game in play is its journal replayed into
//! an engine `Game`, behind one lock so requests on a game are serialized;
//! games nobody uses are dropped from memory and replayed from the store
//! when asked for again. Every answer for a seat is built from that seat's
//! view only (issue 5).
//!
//! A choice — a person's or a bot's — is checked against the live
//! position, applied to a copy, stored (which fails if the stored game is
//! not at the version the choice was made on) and only then becomes the
//! position, all under the game's lock (issue 11 item 1).

use crate::addr::AddrKey;
use crate::bots::{BotPool, Lane, Owner};
use crate::limits::{CreationLimiter, CreationLimits, Limit, TooMany};
use crate::snapshot::{snapshot_of, Snapshot, Viewer};
use crate::store::{GameRecord, SeatKind, Store, StoreError, StoredGame, Waiting};
use crate::streams::{StreamGate, StreamLimits};
use crate::webhook::{self, Notice, Notifier, WebhookError, WebhookSettings};
use arcs_bots::{make_agent, Agent, Budget};
use arcs_engine::journal::{Save, SavedChoice};
use arcs_engine::{Choice, Config, Game, Pending, Seat};
use rand::Rng;
use serde::{Deserialize, Serialize};
use std::collections::{HashMap, HashSet};
use std::net::IpAddr;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex as StdMutex};
use std::time::{Duration, Instant};
use tokio::sync::{broadcast, Mutex, OwnedMutexGuard};
use unicode_normalization::UnicodeNormalization;
use unicode_properties::{GeneralCategory, UnicodeGeneralCategory};

/// Why a request was refused. Nothing changed.
#[derive(Debug, thiserror::Error)]
pub enum HubError {
    #[error("no game {0:?}")]
    NoSuchGame(String),
    #[error("this link's token does not open game {0:?}")]
    BadToken(String),
    #[error(
        "this stream ticket does not open game {0:?}: a ticket opens one stream, within a \
         minute; ask for a new one"
    )]
    BadTicket(String),
    #[error("a spectator cannot act")]
    Spectator,
    #[error("{}", stale_message(*seen, *now))]
    Stale { seen: u64, now: u64 },
    #[error("it is not your decision")]
    NotYourDecision,
    #[error("the game is over")]
    GameOver,
    #[error("choice {index} does not exist (there are {count})")]
    NoSuchChoice { index: usize, count: usize },
    #[error(
        "nothing of yours can be taken back now (undo stops at dice, draws and other seats' moves)"
    )]
    NothingToUndo,
    #[error("bad game settings: {0}")]
    BadSettings(String),
    #[error("{0}")]
    CannotContinue(String),
    #[error("the rules refused the choice: {0}")]
    Refused(String),
    #[error("{}", too_many_message(.0))]
    TooMany(TooMany),
    #[error(
        "game {0:?} is set aside: its stored journal cannot be replayed; its data is kept \
         unchanged for repair"
    )]
    SetAside(String),
    #[error("storage failed, nothing was changed: {0}")]
    Storage(#[from] StoreError),
    #[error("{0}")]
    Webhook(#[from] WebhookError),
}

fn stale_message(seen: u64, now: u64) -> String {
    if seen < now {
        format!("the position has changed since you saw it (you saw version {seen}, it is now {now}); reload")
    } else {
        format!("there is no version {seen} of this game (it is at version {now}); reload")
    }
}

fn too_many_message(t: &TooMany) -> String {
    let mins = t.retry_after.as_secs().div_ceil(60).max(1);
    match t.limit {
        Limit::Address => {
            format!("too many new games from your address; try again in {mins} min")
        }
        Limit::FairShare => format!(
            "too many new games from your address while this server is busy (each address \
             gets a share of what is left); try again in {mins} min"
        ),
        Limit::Server => {
            format!("this server is creating too many games; try again in {mins} min")
        }
    }
}

/// What the lobby form (or an API client) sends to create a game.
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CreateGame {
    /// One entry per seat: `human`, `random`, `heuristic`, `search`,
    /// `search:500ms`... 2 to 4 seats.
    pub seats: Vec<String>,
    /// `base` (default), `leaders-lore` or `campaign` (Act I of The
    /// Blighted Reach).
    #[serde(default)]
    pub mode: Option<String>,
    /// Campaign: a Fate per seat (names such as "Admiral"); absent, each
    /// player draws 2 "A" Fates and chooses one secretly.
    #[serde(default)]
    pub fates: Option<Vec<String>>,
    /// Campaign: play without Fates — the campaign's shared systems alone
    /// (the Empire, the Free States, the Blight, events, the Council).
    /// Until the B and C Fates exist, a campaign continues through Acts
    /// II and III without Fates or with A Fates whose later Acts are built
    /// (each player keeps theirs).
    #[serde(default)]
    pub without_fates: bool,
    /// Leaders & Lore: the second-lore-card variant.
    #[serde(default)]
    pub second_lore: bool,
    /// A setup card id such as `ARCS-3SETUP02`; random when absent.
    #[serde(default)]
    pub setup_card: Option<String>,
    /// Random when absent. Only for games with at most one person.
    #[serde(default)]
    pub seed: Option<u64>,
    /// Pause before each bot move (default 700 ms, at most 10 s).
    #[serde(default)]
    pub bot_delay_ms: Option<u64>,
    /// Players' names, one per seat (`null` for none): trimmed, 1 to
    /// [`MAX_NAME_CHARS`] characters, no control characters.
    #[serde(default)]
    pub names: Option<Vec<Option<String>>>,
}

/// The longest player name, in characters.
pub const MAX_NAME_CHARS: usize = 24;

/// A player's name as stored: normalised (NFC), without format characters
/// (Unicode category Cf: zero-width spaces, byte-order marks, tags — issue
/// 18 item 7: a name made of them looked empty, and `"Ann\u{200b}"` looked
/// like `"Ann"`), trimmed, 1 to [`MAX_NAME_CHARS`] characters with at least
/// one visible one. Control characters and characters that reorder or
/// break the text around them (bidirectional controls, line separators)
/// are refused rather than dropped: they are never an accident. Any
/// letters, digits, punctuation and emoji are fine; pages show names as
/// text.
pub fn check_name(name: &str) -> Result<String, String> {
    if let Some(c) = name.chars().find(|&c| {
        c.is_control()
            || matches!(c, '\u{2028}' | '\u{2029}' | '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}' | '\u{200e}' | '\u{200f}' | '\u{061c}')
    }) {
        return Err(format!(
            "a name cannot contain the control character U+{:04X}",
            c as u32
        ));
    }
    let nfc: Vec<char> = name.nfc().collect();
    let kept: String = nfc
        .iter()
        .enumerate()
        .filter(|&(i, &c)| !invisible(c) || joins(&nfc, i))
        .map(|(_, &c)| c)
        .collect();
    // Dropping a character can leave marks that compose (`g` + U+2060 +
    // U+0301 is `ǵ` once the joiner-blocker is gone): normalise again, so
    // a stored name passes unchanged.
    let renormalised: String = kept.trim().nfc().collect();
    let name = renormalised.as_str();
    if !name.chars().any(visible) {
        return Err("a name needs at least one visible character (send null for no name)".into());
    }
    let n = name.chars().count();
    if n > MAX_NAME_CHARS {
        return Err(format!(
            "a name has at most {MAX_NAME_CHARS} characters, not {n}"
        ));
    }
    Ok(name.to_string())
}

/// Characters that show nothing and are dropped from names: format
/// characters (Cf) and the Hangul fillers (letters by category, blank on
/// screen).
fn invisible(c: char) -> bool {
    c.general_category() == GeneralCategory::Format
        || matches!(c, '\u{115f}' | '\u{1160}' | '\u{3164}' | '\u{ffa0}')
}

/// Whether `chars[i]` is a zero-width joiner or non-joiner inside a word
/// of a script that needs it (Persian, Indic scripts, emoji sequences such
/// as 👨‍👩‍👧): between two visible characters that are not ASCII. Between
/// ASCII letters it would only make a look-alike (`"An\u{200d}n"`).
fn joins(chars: &[char], i: usize) -> bool {
    let word =
        |c: Option<&char>| c.is_some_and(|&c| !c.is_ascii() && !c.is_whitespace() && !invisible(c));
    matches!(chars.get(i), Some('\u{200c}' | '\u{200d}'))
        && i > 0
        && word(chars.get(i - 1))
        && word(chars.get(i + 1))
}

/// Whether `c` shows something by itself: not a space, not invisible, not
/// a mark (which only decorates the character before it), not the blank
/// Braille pattern.
fn visible(c: char) -> bool {
    use GeneralCategory as G;
    !c.is_whitespace()
        && !invisible(c)
        && c != '\u{2800}'
        && !matches!(
            c.general_category(),
            G::NonspacingMark | G::EnclosingMark | G::SpacingMark
        )
}

/// The names of a new game's `seats` seats, checked.
fn check_names(
    names: Option<Vec<Option<String>>>,
    seats: usize,
) -> Result<Vec<Option<String>>, HubError> {
    let Some(names) = names else {
        return Ok(vec![None; seats]);
    };
    if names.len() != seats {
        return Err(HubError::BadSettings(format!(
            "names has {} entries for {seats} seats (one per seat, null for none)",
            names.len()
        )));
    }
    names
        .into_iter()
        .enumerate()
        .map(|(i, name)| match name {
            None => Ok(None),
            Some(name) => check_name(&name)
                .map(Some)
                .map_err(|why| HubError::BadSettings(format!("the name of seat {}: {why}", i + 1))),
        })
        .collect()
}

/// The links of a new game.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Created {
    pub id: String,
    /// Per seat: its kind and, for people, the secret token of its link.
    pub seats: Vec<CreatedSeat>,
    pub spectator_token: String,
}

#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct CreatedSeat {
    pub seat: u8,
    pub player: SeatKind,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    pub token: Option<String>,
}

/// How the hub treats games and bots.
#[derive(Clone, Debug)]
pub struct HubSettings {
    pub creation: CreationLimits,
    /// A game in play nobody has touched for this long (and with no open
    /// page waiting for its updates) leaves memory.
    pub unload_idle_after: Duration,
    /// A finished game leaves memory after this long untouched.
    pub unload_finished_after: Duration,
    /// Threads that run bots (at least one).
    pub bot_threads: usize,
    /// The longest a bot may think per move; less when many bots wait.
    pub max_bot_think: Duration,
    /// Webhooks that tell a seat it must decide (off by default).
    pub webhooks: WebhookSettings,
    /// Caps on live-update streams (issue 18 item 3).
    pub streams: StreamLimits,
}

impl Default for HubSettings {
    fn default() -> Self {
        let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
        HubSettings {
            creation: CreationLimits::default(),
            unload_idle_after: Duration::from_secs(10 * 60),
            unload_finished_after: Duration::from_secs(60),
            bot_threads: cores.saturating_sub(1).max(1),
            max_bot_think: MAX_BOT_BUDGET,
            webhooks: WebhookSettings::default(),
            streams: StreamLimits::default(),
        }
    }
}

pub struct LiveGame {
    pub record: GameRecord,
    state: Arc<Mutex<Live>>,
    updates: broadcast::Sender<u64>,
    bots_running: AtomicBool,
    /// Milliseconds since the hub started, at the last request.
    last_used: AtomicU64,
    /// Each seat's webhook URL, if it registered one (stored too).
    webhooks: StdMutex<Vec<Option<String>>>,
    /// Unused live-update stream tickets (issue 18 item 8), a few per
    /// viewer; they go with the game when it leaves memory.
    tickets: StdMutex<Vec<Ticket>>,
    /// A campaign Act: the game of the next Act, once started (issue 20).
    next_act: StdMutex<Option<String>>,
}

/// A single-use, short-lived secret that opens one live-update stream for
/// a viewer, so the seat's token need not travel in the stream's URL
/// (`EventSource` cannot send headers; URLs land in proxies' logs).
struct Ticket {
    secret: String,
    viewer: Viewer,
    expires: Instant,
}

/// How long a stream ticket may wait to be used.
pub const TICKET_LIFE: Duration = Duration::from_secs(60);
/// Unused tickets kept per viewer of a game; a new one replaces the oldest.
const TICKETS_PER_VIEWER: usize = 4;

struct Live {
    game: Game,
    version: u64,
    agents: Vec<Option<Box<dyn Agent>>>,
    /// Dropped from memory: whoever holds this copy must look the game up
    /// again.
    unloaded: bool,
}

impl Live {
    /// A bot that must decide now: the deciding seat's, or — when several
    /// seats decide at once — the first of them that is a bot's.
    fn bot_to_move(&self) -> Option<Seat> {
        self.game
            .deciding_seats()
            .into_iter()
            .find(|x| self.agents.get(x.index()).is_some_and(|a| a.is_some()))
    }
}

/// All games of this server.
pub struct Hub {
    store: Arc<dyn Store>,
    games: StdMutex<HashMap<String, Arc<LiveGame>>>,
    /// Games whose journal does not replay: refused with an error, their
    /// data left as it is.
    set_aside: StdMutex<HashSet<String>>,
    bots: BotPool,
    limiter: CreationLimiter,
    streams: Arc<StreamGate>,
    notifier: Notifier,
    settings: HubSettings,
    started: Instant,
}

const DEFAULT_BOT_DELAY_MS: u64 = 700;
const MAX_BOT_DELAY_MS: u64 = 10_000;
/// Search bots in web games think at most this long (the server has other
/// games to run).
const MAX_BOT_BUDGET: Duration = Duration::from_secs(5);
const MAX_BOT_ITERATIONS: u32 = 200_000;
/// Game ids are 12 hex digits; anything else is not looked up.
const ID_LEN: usize = 12;

fn token() -> String {
    let bytes: [u8; 16] = rand::thread_rng().gen();
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// Tokens are compared in constant time so timing reveals nothing.
fn same_token(a: &str, b: &str) -> bool {
    a.len() == b.len()
        && a.bytes()
            .zip(b.bytes())
            .fold(0u8, |acc, (x, y)| acc | (x ^ y))
            == 0
}

fn plausible_id(id: &str) -> bool {
    id.len() == ID_LEN && id.bytes().all(|b| b.is_ascii_hexdigit())
}

/// The start of `text` for an error message (at most 40 characters).
fn shown(text: &str) -> String {
    let mut s: String = text.chars().take(40).collect();
    if s.len() < text.len() {
        s.push('…');
    }
    s
}

fn make_agents(record: &GameRecord) -> Result<Vec<Option<Box<dyn Agent>>>, String> {
    record
        .seats
        .iter()
        .enumerate()
        .map(|(i, kind)| match kind {
            SeatKind::Human => Ok(None),
            SeatKind::Bot(level) => {
                let agent = make_agent(
                    level,
                    record.seed ^ (0x9e37_79b9 * (i as u64 + 1)),
                    Budget::Time(Duration::from_millis(500)),
                )?;
                Ok(Some(agent))
            }
        })
        .collect()
}

fn check_bot_level(level: &str, max_think: Duration) -> Result<(), HubError> {
    let bad = |e: String| HubError::BadSettings(e);
    if let Some((_, b)) = level.split_once(':') {
        match arcs_bots::parse_budget(b).map_err(bad)? {
            Budget::Time(t) if t > max_think => {
                return Err(HubError::BadSettings(format!(
                    "bots think at most {} ms per move here",
                    max_think.as_millis()
                )))
            }
            Budget::Iterations(n) if n > MAX_BOT_ITERATIONS => {
                return Err(HubError::BadSettings(format!(
                    "at most {MAX_BOT_ITERATIONS}it per move"
                )))
            }
            _ => {}
        }
    }
    make_agent(level, 0, Budget::Iterations(1))
        .map(|_| ())
        .map_err(bad)
}

/// Whom the game waits for now.
fn waiting_of(game: &Game, record: &GameRecord) -> Waiting {
    match game.pending() {
        Pending::Over(_) => Waiting::Over,
        // Bots first: while one of several deciding seats is a bot's, the
        // server has a move to make.
        Pending::Decision(_) => {
            if game
                .deciding_seats()
                .iter()
                .any(|x| matches!(record.seats.get(x.index()), Some(SeatKind::Bot(_))))
            {
                Waiting::Bot
            } else {
                Waiting::Person
            }
        }
    }
}

/// The seats whose decisions are pending (several at once during the
/// campaign's secret Fate choice).
fn deciders(game: &Game) -> Vec<Seat> {
    game.deciding_seats()
}

/// The snapshot for `viewer`, with whether its seat has a webhook.
fn snap_of(live: &LiveGame, st: &Live, viewer: Viewer) -> Snapshot {
    let mut snap = snapshot_of(&live.record, &st.game, st.version, viewer);
    snap.webhook = viewer.seat().is_some_and(|s| live.has_webhook(s));
    if let Some(c) = snap.campaign.as_mut() {
        c.next = live.next_act();
    }
    snap
}

/// Rebuilds a stored game, or says why it cannot be.
fn replay(stored: StoredGame) -> Result<(GameRecord, Game, u64), String> {
    let StoredGame {
        record,
        version,
        choices,
        webhooks: _,
        next: _,
    } = stored;
    let n = record.config.players as usize;
    if record.seats.len() != n || record.seat_tokens.len() != n {
        return Err(format!(
            "record has {} seats and {} tokens for {n} players",
            record.seats.len(),
            record.seat_tokens.len()
        ));
    }
    let save = Save {
        format: arcs_engine::journal::FORMAT.into(),
        version: arcs_engine::journal::VERSION,
        config: record.config.clone(),
        seed: record.seed,
        choices,
    };
    let game = save.load().map_err(|e| e.to_string())?;
    Ok((record, game, version))
}

impl LiveGame {
    fn new(record: GameRecord, game: Game, version: u64) -> Result<LiveGame, String> {
        let agents = make_agents(&record)?;
        let n = record.seats.len();
        let (updates, _) = broadcast::channel(64);
        Ok(LiveGame {
            record,
            state: Arc::new(Mutex::new(Live {
                game,
                version,
                agents,
                unloaded: false,
            })),
            updates,
            bots_running: AtomicBool::new(false),
            last_used: AtomicU64::new(0),
            webhooks: StdMutex::new(vec![None; n]),
            tickets: StdMutex::new(Vec::new()),
            next_act: StdMutex::new(None),
        })
    }

    fn tickets(&self) -> std::sync::MutexGuard<'_, Vec<Ticket>> {
        self.tickets.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// A campaign Act: the game of the next Act, if it was started.
    pub fn next_act(&self) -> Option<String> {
        self.next_act
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .clone()
    }

    fn set_next_act(&self, next: Option<String>) {
        *self.next_act.lock().unwrap_or_else(|p| p.into_inner()) = next;
    }

    fn webhooks(&self) -> std::sync::MutexGuard<'_, Vec<Option<String>>> {
        self.webhooks.lock().unwrap_or_else(|p| p.into_inner())
    }

    fn has_webhook(&self, seat: Seat) -> bool {
        self.webhooks()
            .get(seat.index())
            .is_some_and(Option::is_some)
    }
}

/// Runs blocking storage work off the async threads.
async fn blocking<T: Send + 'static>(
    f: impl FnOnce() -> Result<T, StoreError> + Send + 'static,
) -> Result<T, StoreError> {
    tokio::task::spawn_blocking(f)
        .await
        .unwrap_or_else(|e| Err(StoreError::Corrupt(format!("storage task failed: {e}"))))
}

impl Hub {
    /// Opens the hub on `store` with default settings.
    pub fn open(store: Arc<dyn Store>) -> Result<Arc<Hub>, StoreError> {
        Hub::open_with(store, HubSettings::default())
    }

    /// Opens the hub on `store`. Games that may wait for a bot are replayed
    /// now (call [`Hub::wake_all`] to start their bots); the others when
    /// first asked for. A game that does not replay is set aside and
    /// reported in the log; it never stops the server.
    pub fn open_with(store: Arc<dyn Store>, settings: HubSettings) -> Result<Arc<Hub>, StoreError> {
        let hub = Arc::new(Hub {
            store: store.clone(),
            games: StdMutex::new(HashMap::new()),
            set_aside: StdMutex::new(HashSet::new()),
            bots: BotPool::new(settings.bot_threads, settings.max_bot_think),
            limiter: CreationLimiter::new(settings.creation),
            streams: StreamGate::new(settings.streams.clone()),
            notifier: Notifier::new(settings.webhooks.clone()),
            settings,
            started: Instant::now(),
        });
        for id in store.waiting_on_bots()? {
            match store.load(&id) {
                Ok(Some(stored)) => {
                    if let Ok(live) = hub.build(&id, stored) {
                        hub.games_map().insert(id, Arc::new(live));
                    }
                }
                Ok(None) => {}
                Err(StoreError::Corrupt(e)) => hub.set_game_aside(&id, &e),
                Err(e) => return Err(e),
            }
        }
        Ok(hub)
    }

    fn games_map(&self) -> std::sync::MutexGuard<'_, HashMap<String, Arc<LiveGame>>> {
        self.games.lock().unwrap_or_else(|p| p.into_inner())
    }

    fn set_game_aside(&self, id: &str, why: &str) {
        tracing::error!("game {id} is set aside, its journal does not replay: {why}");
        self.set_aside
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .insert(id.to_string());
    }

    fn is_set_aside(&self, id: &str) -> bool {
        self.set_aside
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .contains(id)
    }

    /// The ids of the games set aside since the server started.
    pub fn set_aside_games(&self) -> Vec<String> {
        let mut ids: Vec<_> = self
            .set_aside
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .iter()
            .cloned()
            .collect();
        ids.sort();
        ids
    }

    fn build(&self, id: &str, stored: StoredGame) -> Result<LiveGame, HubError> {
        let hooks = stored.webhooks.clone();
        let next = stored.next.clone();
        let built = replay(stored).and_then(|(record, game, version)| {
            let live = LiveGame::new(record, game, version)?;
            live.set_next_act(next);
            for (seat, url) in hooks {
                if let Some(slot) = live.webhooks().get_mut(seat.index()) {
                    *slot = Some(url);
                }
            }
            live.last_used.store(self.now_ms(), Ordering::Relaxed);
            Ok(live)
        });
        built.map_err(|why| {
            self.set_game_aside(id, &why);
            HubError::SetAside(id.to_string())
        })
    }

    fn now_ms(&self) -> u64 {
        self.started.elapsed().as_millis() as u64
    }

    /// Replays every stored game that is not over, to find damaged
    /// journals before anyone opens them: each is set aside and reported
    /// in the log. Games in memory are skipped (they replayed). Meant for a
    /// background thread at startup; returns how many were set aside.
    pub fn check_stored_games(&self) -> usize {
        let ids = match self.store.unfinished() {
            Ok(ids) => ids,
            Err(e) => {
                tracing::error!("cannot list the stored games to check them: {e}");
                return 0;
            }
        };
        let mut aside = 0;
        for id in ids {
            if self.games_map().contains_key(&id) || self.is_set_aside(&id) {
                continue;
            }
            match self.store.load(&id) {
                Ok(Some(stored)) => {
                    if let Err(why) = replay(stored) {
                        self.set_game_aside(&id, &why);
                        aside += 1;
                    }
                }
                Ok(None) => {}
                Err(StoreError::Corrupt(why)) => {
                    self.set_game_aside(&id, &why);
                    aside += 1;
                }
                Err(e) => tracing::error!("cannot check game {id}: {e}"),
            }
        }
        aside
    }

    /// Starts the bots of every game in memory whose turn is a bot's
    /// (after a restart).
    pub fn wake_all(self: &Arc<Self>) {
        let all: Vec<_> = self.games_map().values().cloned().collect();
        for live in all {
            self.kick_bots(live);
        }
    }

    /// Drops idle and finished games from memory every few seconds, for as
    /// long as the hub lives.
    pub fn start_unloading(self: &Arc<Self>) {
        let weak = Arc::downgrade(self);
        tokio::spawn(async move {
            let mut tick = tokio::time::interval(Duration::from_secs(5));
            loop {
                tick.tick().await;
                let Some(hub) = weak.upgrade() else { return };
                hub.unload_idle();
            }
        });
    }

    /// Drops from memory the games that are finished or idle (no request
    /// for a while, no open page waiting for updates, no bot to move).
    /// They stay in the store and come back when asked for. Returns how
    /// many were dropped.
    pub fn unload_idle(&self) -> usize {
        let now = self.now_ms();
        let all: Vec<_> = self
            .games_map()
            .iter()
            .map(|(id, live)| (id.clone(), live.clone()))
            .collect();
        let mut dropped = 0;
        for (id, live) in all {
            if live.bots_running.load(Ordering::Acquire) {
                continue;
            }
            let Ok(mut st) = live.state.try_lock() else {
                continue; // in use
            };
            let over = st.game.state().outcome.is_some();
            let idle =
                Duration::from_millis(now.saturating_sub(live.last_used.load(Ordering::Relaxed)));
            let keep = if over {
                idle < self.settings.unload_finished_after
            } else {
                idle < self.settings.unload_idle_after
                    || live.updates.receiver_count() > 0
                    || st.bot_to_move().is_some()
            };
            if keep {
                continue;
            }
            st.unloaded = true;
            let mut map = self.games_map();
            if map.get(&id).is_some_and(|l| Arc::ptr_eq(l, &live)) {
                map.remove(&id);
                dropped += 1;
            }
        }
        dropped
    }

    /// Bots' thinks waiting or running now.
    pub fn bot_demand(&self) -> usize {
        self.bots.demand()
    }

    /// Games in memory now.
    pub fn game_count(&self) -> usize {
        self.games_map().len()
    }

    /// Games in the store.
    pub fn stored_count(&self) -> Result<usize, StoreError> {
        self.store.count()
    }

    /// The game, from memory or replayed from the store.
    async fn live(self: &Arc<Self>, id: &str) -> Result<Arc<LiveGame>, HubError> {
        if let Some(live) = self.games_map().get(id) {
            return Ok(live.clone());
        }
        if !plausible_id(id) {
            return Err(HubError::NoSuchGame(shown(id)));
        }
        if self.is_set_aside(id) {
            return Err(HubError::SetAside(id.to_string()));
        }
        let store = self.store.clone();
        let key = id.to_string();
        let stored = match blocking(move || store.load(&key)).await {
            Ok(Some(stored)) => stored,
            Ok(None) => return Err(HubError::NoSuchGame(id.to_string())),
            Err(StoreError::Corrupt(why)) => {
                self.set_game_aside(id, &why);
                return Err(HubError::SetAside(id.to_string()));
            }
            Err(e) => return Err(e.into()),
        };
        let built = Arc::new(self.build(id, stored)?);
        let (live, fresh) = {
            let mut map = self.games_map();
            match map.get(id) {
                Some(other) => (other.clone(), false), // loaded meanwhile
                None => {
                    map.insert(id.to_string(), built.clone());
                    (built, true)
                }
            }
        };
        if fresh {
            self.kick_bots(live.clone());
        }
        Ok(live)
    }

    /// The game and who `token` makes you in it.
    pub async fn open_seat(
        self: &Arc<Self>,
        id: &str,
        token: &str,
    ) -> Result<(Arc<LiveGame>, Viewer), HubError> {
        let live = self.live(id).await?;
        let r = &live.record;
        let viewer = if same_token(token, &r.spectator_token) {
            Viewer::Spectator
        } else if let Some(i) = r.seat_tokens.iter().position(|t| same_token(token, t)) {
            // A bot's seat has a token too, but it is never handed out.
            if r.seats[i] != SeatKind::Human {
                return Err(HubError::BadToken(id.to_string()));
            }
            Viewer::Seat(Seat(i as u8))
        } else {
            return Err(HubError::BadToken(id.to_string()));
        };
        live.last_used.store(self.now_ms(), Ordering::Relaxed);
        Ok((live, viewer))
    }

    /// The game locked for one request, for the token's viewer.
    async fn lock(
        self: &Arc<Self>,
        id: &str,
        token: &str,
    ) -> Result<(Arc<LiveGame>, Viewer, OwnedMutexGuard<Live>), HubError> {
        loop {
            let (live, viewer) = self.open_seat(id, token).await?;
            let st = live.state.clone().lock_owned().await;
            if !st.unloaded {
                return Ok((live, viewer, st));
            }
            // Dropped from memory while we waited: look it up again.
        }
    }

    /// Change notices for one game: the new version number, nothing else.
    pub fn subscribe(&self, live: &LiveGame) -> broadcast::Receiver<u64> {
        live.updates.subscribe()
    }

    /// Change notices for one game and its version now (subscribed first,
    /// so no change can fall between the two).
    pub async fn follow(&self, live: &LiveGame) -> (broadcast::Receiver<u64>, u64) {
        let updates = live.updates.subscribe();
        let now = live.state.lock().await.version;
        (updates, now)
    }

    /// A ticket for one live-update stream of game `id` for the token's
    /// viewer, good once within [`TICKET_LIFE`] (issue 18 item 8).
    pub async fn stream_ticket(
        self: &Arc<Self>,
        id: &str,
        token: &str,
    ) -> Result<String, HubError> {
        let (live, viewer) = self.open_seat(id, token).await?;
        let secret = self::token();
        let now = Instant::now();
        let mut tickets = live.tickets();
        tickets.retain(|t| t.expires > now);
        if tickets.iter().filter(|t| t.viewer == viewer).count() >= TICKETS_PER_VIEWER {
            if let Some(oldest) = tickets.iter().position(|t| t.viewer == viewer) {
                tickets.remove(oldest);
            }
        }
        tickets.push(Ticket {
            secret: secret.clone(),
            viewer,
            expires: now + TICKET_LIFE,
        });
        Ok(secret)
    }

    /// The game and viewer a stream ticket opens, using the ticket up.
    pub async fn redeem_ticket(
        self: &Arc<Self>,
        id: &str,
        ticket: &str,
    ) -> Result<(Arc<LiveGame>, Viewer), HubError> {
        let live = self.live(id).await?;
        let now = Instant::now();
        let found = {
            let mut tickets = live.tickets();
            // Every ticket is compared (in constant time) before any is
            // taken, so timing tells nothing about the others.
            let hits: Vec<bool> = tickets
                .iter()
                .map(|t| same_token(&t.secret, ticket))
                .collect();
            hits.iter().position(|&hit| hit).map(|i| tickets.remove(i))
        };
        match found {
            Some(t) if t.expires > now => {
                live.last_used.store(self.now_ms(), Ordering::Relaxed);
                Ok((live, t.viewer))
            }
            _ => Err(HubError::BadTicket(shown(id))),
        }
    }

    /// The caps on live-update streams and their counts.
    pub fn streams(&self) -> &Arc<StreamGate> {
        &self.streams
    }

    pub async fn snapshot(self: &Arc<Self>, id: &str, token: &str) -> Result<Snapshot, HubError> {
        let (live, viewer, st) = self.lock(id, token).await?;
        Ok(snap_of(&live, &st, viewer))
    }

    /// The game as the token's viewer saw it after its first `step`
    /// choices (the replay slider, issue 21), with `steps`, the number of
    /// choices so far. The position is replayed from the journal and
    /// shown through that viewer's `View`, so it holds only what the
    /// viewer's own page showed at that point: no other hand, no face-down
    /// card, no secret choice not yet revealed. The journal is copied
    /// under the game's lock and replayed outside it, so a replay never
    /// holds up the game.
    pub async fn replay_at(
        self: &Arc<Self>,
        id: &str,
        token: &str,
        step: usize,
    ) -> Result<(usize, Snapshot), HubError> {
        let (live, viewer, st) = self.lock(id, token).await?;
        let steps = st.game.choices().len();
        let save = Save::of(&st.game).truncated(step.min(steps));
        let version = st.version;
        drop(st);
        let past = tokio::task::spawn_blocking(move || save.load_keeping_log(true))
            .await
            .map_err(|e| StoreError::Corrupt(format!("replay task failed: {e}")))?
            .map_err(|_| HubError::SetAside(live.record.id.clone()))?;
        let mut snap = snapshot_of(&live.record, &past, version, viewer);
        // A past position is for looking at: nothing in it can be acted on.
        snap.your_turn = false;
        snap.choices_text.clear();
        snap.choices_described.clear();
        snap.undoable = 0;
        snap.undo_words = None;
        if let Some(p) = snap.view.pending.as_mut() {
            p.choices.clear();
        }
        Ok((steps, snap))
    }

    /// Registers (`Some`) or removes (`None`) the webhook of the token's
    /// seat: checked, stored, then used. Returns whether the seat now has
    /// one.
    pub async fn set_webhook(
        self: &Arc<Self>,
        id: &str,
        token: &str,
        url: Option<String>,
    ) -> Result<bool, HubError> {
        let settings = self.notifier.settings();
        if !settings.enabled {
            return Err(WebhookError::Disabled.into());
        }
        let url = match url {
            Some(u) => Some(webhook::check_url(&u, settings.allow_private)?),
            None => None,
        };
        // Under the game's lock, so a choice being made sees the webhook
        // either before or after, never half.
        let (live, viewer, st) = self.lock(id, token).await?;
        let Viewer::Seat(seat) = viewer else {
            return Err(HubError::Spectator);
        };
        let (store, key, stored) = (self.store.clone(), live.record.id.clone(), url.clone());
        blocking(move || store.set_webhook(&key, seat, stored.as_deref())).await?;
        let has = url.is_some();
        if let Some(slot) = live.webhooks().get_mut(seat.index()) {
            *slot = url;
        }
        drop(st);
        Ok(has)
    }

    /// Whether any seat of `live` may need a webhook call.
    fn watched(&self, live: &LiveGame) -> bool {
        self.notifier.settings().enabled && live.webhooks().iter().any(Option::is_some)
    }

    /// Tells the seat that decides in `st` that it must, by its webhook,
    /// if it has one, is a person's, was not the decider before (`before`)
    /// and did not make the change itself (`actor`: a seat that undoes is
    /// at its page). Never waits: the notice is queued or dropped.
    fn notify_decider(&self, live: &LiveGame, st: &Live, before: Vec<Seat>, actor: Seat) {
        // Every person's seat that must decide now (several at once during
        // the campaign's Fate choice).
        for seat in st.game.deciding_seats() {
            let Some(d) = st.game.decision_for(seat) else {
                continue;
            };
            if before.contains(&d.seat)
                || d.seat == actor
                || live.record.seats.get(d.seat.index()) != Some(&SeatKind::Human)
            {
                continue;
            }
            let Some(url) = live.webhooks().get(d.seat.index()).cloned().flatten() else {
                continue;
            };
            let name = live.record.names.get(d.seat.index()).cloned().flatten();
            let prompt = format!("{}: {}", d.seat, d.prompt.describe());
            self.notifier.notify(
                url,
                Notice::new(&live.record.id, d.seat, name, st.version, prompt),
            );
        }
    }

    /// The webhook notifier (its counts, for tests).
    pub fn notifier(&self) -> &Notifier {
        &self.notifier
    }

    pub async fn create(
        self: &Arc<Self>,
        req: CreateGame,
        client: Option<IpAddr>,
    ) -> Result<Created, HubError> {
        let (mut record, game) = self.new_game(req)?;
        self.limiter.take(client).map_err(HubError::TooMany)?;
        record.creator = client.map(|ip| AddrKey::from(ip).to_string());
        let live = Arc::new(LiveGame::new(record.clone(), game, 0).map_err(HubError::BadSettings)?);
        live.last_used.store(self.now_ms(), Ordering::Relaxed);
        let waiting = {
            let st = live.state.lock().await;
            waiting_of(&st.game, &record)
        };
        let store = self.store.clone();
        let stored = record.clone();
        blocking(move || store.create(&stored, waiting)).await?;
        self.games_map().insert(record.id.clone(), live.clone());
        self.kick_bots(live);
        Ok(Created {
            id: record.id.clone(),
            seats: record
                .seats
                .iter()
                .enumerate()
                .map(|(i, kind)| CreatedSeat {
                    seat: i as u8 + 1,
                    player: kind.clone(),
                    name: record.names.get(i).cloned().flatten(),
                    token: (*kind == SeatKind::Human).then(|| record.seat_tokens[i].clone()),
                })
                .collect(),
            spectator_token: record.spectator_token.clone(),
        })
    }

    /// Starts the next Act of the campaign whose Act ended in game `id`
    /// (issue 20 §6): a new game from that Act's final position, with the
    /// same seats, players, names and links (the seat tokens carry over,
    /// so nobody needs a new link); its first frames are the
    /// Intermission. Any seat may ask; asking again — or two seats at once
    /// — finds the same game (the store links it once). Returns its id.
    pub async fn continue_campaign(
        self: &Arc<Self>,
        id: &str,
        seat_token: &str,
    ) -> Result<String, HubError> {
        let (live, viewer, st) = self.lock(id, seat_token).await?;
        if viewer == Viewer::Spectator {
            return Err(HubError::Spectator);
        }
        if let Some(next) = live.next_act() {
            return Ok(next);
        }
        let report = st.game.state().outcome.as_deref().map(|o| o.act.clone());
        let act = match report {
            None => {
                return Err(HubError::CannotContinue(
                    "the Act is not over yet: the Intermission follows its last chapter".into(),
                ))
            }
            Some(None) => {
                return Err(HubError::CannotContinue(
                    "this game is not a campaign Act that ended: there is nothing to continue"
                        .into(),
                ))
            }
            Some(Some(r)) => r.act,
        };
        if act >= 3 {
            return Err(HubError::CannotContinue(
                "the campaign ended with Act III".into(),
            ));
        }
        let config = live.record.config.next_act(st.game.state());
        let seed = rand::thread_rng().gen();
        let game = Game::new(config.clone(), seed)
            .map_err(|e| HubError::CannotContinue(format!("the next Act cannot start: {e}")))?;
        let prev = &live.record;
        let record = GameRecord {
            id: token()[..ID_LEN].to_string(),
            config,
            seed,
            chosen_seed: false,
            seats: prev.seats.clone(),
            seat_tokens: prev.seat_tokens.clone(),
            spectator_token: prev.spectator_token.clone(),
            bot_delay_ms: prev.bot_delay_ms,
            names: prev.names.clone(),
            creator: prev.creator.clone(),
            campaign: Some(crate::store::CampaignLink {
                id: prev
                    .campaign
                    .as_ref()
                    .map_or_else(|| prev.id.clone(), |c| c.id.clone()),
                previous: prev.id.clone(),
            }),
        };
        let next = Arc::new(LiveGame::new(record.clone(), game, 0).map_err(HubError::BadSettings)?);
        next.last_used.store(self.now_ms(), Ordering::Relaxed);
        let waiting = {
            let nst = next.state.lock().await;
            waiting_of(&nst.game, &record)
        };
        let store = self.store.clone();
        let stored = record.clone();
        let previous = id.to_string();
        let linked = blocking(move || store.create_next(&previous, &stored, waiting)).await?;
        live.set_next_act(Some(linked.clone()));
        drop(st);
        // Everyone watching the ended Act learns that the next has begun.
        let _ = live.updates.send(live.state.lock().await.version);
        if linked == record.id {
            // The seats' webhooks carry over with their links: a move-a-day
            // player keeps being called in the next Act.
            let hooks: Vec<(Seat, String)> = live
                .webhooks()
                .iter()
                .enumerate()
                .filter_map(|(i, u)| u.clone().map(|u| (Seat(i as u8), u)))
                .collect();
            for (seat, url) in hooks {
                let store = self.store.clone();
                let (id, u) = (record.id.clone(), url.clone());
                if blocking(move || store.set_webhook(&id, seat, Some(&u)))
                    .await
                    .is_ok()
                {
                    if let Some(slot) = next.webhooks().get_mut(seat.index()) {
                        *slot = Some(url);
                    }
                }
            }
            self.games_map().insert(record.id.clone(), next.clone());
            self.kick_bots(next);
        }
        Ok(linked)
    }

    /// Checks the settings and sets the game up (nothing stored yet).
    fn new_game(&self, req: CreateGame) -> Result<(GameRecord, Game), HubError> {
        let n = req.seats.len();
        if !(2..=4).contains(&n) {
            return Err(HubError::BadSettings(format!(
                "a game has 2 to 4 seats, not {n}"
            )));
        }
        let mut seats = Vec::with_capacity(n);
        for s in &req.seats {
            let s = s.trim();
            if s == "human" {
                seats.push(SeatKind::Human);
            } else {
                check_bot_level(s, self.settings.max_bot_think).map_err(|e| match e {
                    HubError::BadSettings(why) => {
                        HubError::BadSettings(format!("seat {:?}: {why}", shown(s)))
                    }
                    e => e,
                })?;
                seats.push(SeatKind::Bot(s.to_string()));
            }
        }
        let mode = req.mode.as_deref().unwrap_or("base");
        let mut config = match mode {
            "base" => Config::base(n as u8),
            "leaders-lore" | "leaders_lore" => Config::leaders_lore(n as u8),
            "campaign" => {
                use arcs_engine::config::FateSelection;
                let mut c = Config::campaign(n as u8);
                c.campaign.fates = match &req.fates {
                    Some(_) if req.without_fates => {
                        return Err(HubError::BadSettings(
                            "choose Fates or play without them, not both".into(),
                        ))
                    }
                    None if req.without_fates => FateSelection::None,
                    Some(f) => {
                        if f.len() > 4 || f.iter().any(|x| x.chars().count() > 40) {
                            return Err(HubError::BadSettings(
                                "fates: at most one short Fate name per seat".into(),
                            ));
                        }
                        FateSelection::Fixed(f.clone())
                    }
                    // Each player draws 2 of the "A" Fates implemented so
                    // far and chooses one in secret (campaign p4 step A).
                    None => {
                        let pool = arcs_engine::campaign::fates::playable('A');
                        if pool.len() < 2 * n {
                            return Err(HubError::BadSettings(format!(
                                "drawing Fates needs 2 per player ({}), and {} of the \"A\" \
                                 Fates are playable so far: choose each seat's Fate instead",
                                2 * n,
                                pool.len()
                            )));
                        }
                        FateSelection::Draw(Some(
                            pool.iter().map(|c| c.code().to_string()).collect(),
                        ))
                    }
                };
                c
            }
            other => {
                return Err(HubError::BadSettings(format!(
                    "unknown mode {:?} (base, leaders-lore, campaign)",
                    shown(other)
                )))
            }
        };
        if req.without_fates && mode != "campaign" {
            return Err(HubError::BadSettings(
                "without_fates is for the campaign (mode campaign)".into(),
            ));
        }
        if req.fates.is_some() && mode != "campaign" {
            return Err(HubError::BadSettings(
                "fates are for the campaign (mode campaign)".into(),
            ));
        }
        if req.second_lore {
            if mode != "leaders-lore" && mode != "leaders_lore" {
                return Err(HubError::BadSettings(
                    "second_lore is a Leaders & Lore variant (mode leaders-lore)".into(),
                ));
            }
            config.leaders_lore.second_lore = true;
        }
        let bot_delay_ms = req.bot_delay_ms.unwrap_or(DEFAULT_BOT_DELAY_MS);
        if bot_delay_ms > MAX_BOT_DELAY_MS {
            return Err(HubError::BadSettings(format!(
                "bot_delay_ms is at most {MAX_BOT_DELAY_MS} (10 s), not {bot_delay_ms}"
            )));
        }
        let names = check_names(req.names, n)?;
        let people = seats.iter().filter(|s| **s == SeatKind::Human).count();
        if req.seed.is_some() && people > 1 {
            return Err(HubError::BadSettings(
                "a chosen seed is only for games with at most one person: whoever knows the \
                 seed can replay the game and see every hand"
                    .into(),
            ));
        }
        config.setup_card = req.setup_card.filter(|s| !s.trim().is_empty());
        let seed = req.seed.unwrap_or_else(|| rand::thread_rng().gen());
        let game =
            Game::new(config.clone(), seed).map_err(|e| HubError::BadSettings(e.to_string()))?;
        let record = GameRecord {
            id: token()[..ID_LEN].to_string(),
            config,
            seed,
            chosen_seed: req.seed.is_some(),
            seats,
            seat_tokens: (0..n).map(|_| token()).collect(),
            spectator_token: token(),
            bot_delay_ms,
            names,
            creator: None,
            campaign: None,
        };
        Ok((record, game))
    }

    /// Applies choice `index` of the pending decision for the token's seat,
    /// if `version` is the position's. Stored before it is answered.
    pub async fn act(
        self: &Arc<Self>,
        id: &str,
        token: &str,
        version: u64,
        index: usize,
    ) -> Result<Snapshot, HubError> {
        let (live, viewer, mut st) = self.lock(id, token).await?;
        let Viewer::Seat(seat) = viewer else {
            return Err(HubError::Spectator);
        };
        if version != st.version {
            return Err(HubError::Stale {
                seen: version,
                now: st.version,
            });
        }
        if st.game.is_over() {
            return Err(HubError::GameOver);
        }
        // The seat's own decision (it may be one of several deciding).
        let Some(d) = st.game.decision_for(seat) else {
            return Err(HubError::NotYourDecision);
        };
        let Some(&choice) = d.choices.get(index) else {
            return Err(HubError::NoSuchChoice {
                index,
                count: d.choices.len(),
            });
        };
        self.commit(&live, &mut st, seat, choice).await?;
        let snap = snap_of(&live, &st, viewer);
        drop(st);
        self.kick_bots(live);
        Ok(snap)
    }

    /// Makes `choice` of `seat` the position: applied to a copy, stored at
    /// the live version, then swapped in. On any error nothing changed.
    async fn commit(
        &self,
        live: &LiveGame,
        st: &mut Live,
        seat: Seat,
        choice: Choice,
    ) -> Result<(), HubError> {
        let mut next = st.game.clone();
        if let Err(e) = next.apply(seat, choice) {
            return Err(HubError::Refused(e.to_string()));
        }
        let waiting = waiting_of(&next, &live.record);
        let index = st.game.choices().len();
        let (store, id, version) = (self.store.clone(), live.record.id.clone(), st.version);
        let saved = SavedChoice { seat, choice };
        let version = blocking(move || store.append(&id, version, index, &saved, waiting)).await?;
        let before = self.watched(live).then(|| deciders(&st.game));
        st.game = next;
        st.version = version;
        let _ = live.updates.send(version);
        if let Some(before) = before {
            self.notify_decider(live, st, before, seat);
        }
        Ok(())
    }

    /// Takes back the seat's last choice, within fair limits
    /// (`Game::undoable`).
    pub async fn undo(
        self: &Arc<Self>,
        id: &str,
        token: &str,
        version: u64,
    ) -> Result<Snapshot, HubError> {
        let (live, viewer, mut st) = self.lock(id, token).await?;
        let Viewer::Seat(seat) = viewer else {
            return Err(HubError::Spectator);
        };
        if version != st.version {
            return Err(HubError::Stale {
                seen: version,
                now: st.version,
            });
        }
        if st.game.undoable(seat) == 0 {
            return Err(HubError::NothingToUndo);
        }
        let len = st.game.choices().len() - 1;
        let back = st
            .game
            .replay_prefix(len)
            .map_err(|e| StoreError::Corrupt(e.to_string()))?;
        let waiting = waiting_of(&back, &live.record);
        let (store, key, at) = (self.store.clone(), live.record.id.clone(), st.version);
        let version = blocking(move || store.truncate(&key, at, len, waiting)).await?;
        let before = self.watched(&live).then(|| deciders(&st.game));
        st.game = back;
        st.version = version;
        let _ = live.updates.send(version);
        if let Some(before) = before {
            self.notify_decider(&live, &st, before, seat);
        }
        let snap = snap_of(&live, &st, viewer);
        drop(st);
        self.kick_bots(live);
        Ok(snap)
    }

    /// Runs the bots of `live` while the pending decision is a bot's, at
    /// the game's pace. One runner per game at a time.
    pub fn kick_bots(self: &Arc<Self>, live: Arc<LiveGame>) {
        if let Ok(st) = live.state.try_lock() {
            if st.unloaded || st.bot_to_move().is_none() {
                return; // a person's turn: no runner needed
            }
        }
        if live.bots_running.swap(true, Ordering::AcqRel) {
            return;
        }
        let hub = self.clone();
        tokio::spawn(async move {
            loop {
                let more = hub.bot_step(&live).await;
                if !more {
                    live.bots_running.store(false, Ordering::Release);
                    // A person may have moved between our last look and the
                    // flag reset: look once more.
                    let again = {
                        let st = live.state.lock().await;
                        !st.unloaded && st.bot_to_move().is_some()
                    };
                    if again && !live.bots_running.swap(true, Ordering::AcqRel) {
                        continue;
                    }
                    break;
                }
            }
        });
    }

    /// One bot move, if it is a bot's turn. Returns whether to look again.
    async fn bot_step(&self, live: &Arc<LiveGame>) -> bool {
        {
            let st = live.state.lock().await;
            if st.unloaded || st.bot_to_move().is_none() {
                return false;
            }
        }
        if live.record.bot_delay_ms > 0 {
            tokio::time::sleep(Duration::from_millis(live.record.bot_delay_ms)).await;
        }
        // Think without holding the lock, so pages stay responsive.
        let (version, seat, obs, choices, agent) = {
            let mut st = live.state.lock().await;
            if st.unloaded {
                return false;
            }
            let Some(seat) = st.bot_to_move() else {
                return false;
            };
            let Some(d) = st.game.decision_for(seat) else {
                return false;
            };
            let Some(agent) = st.agents[seat.index()].take() else {
                return false;
            };
            (
                st.version,
                seat,
                st.game.observation(seat).into_owned(),
                d.choices,
                agent,
            )
        };
        // Quick bots and searches wait in their own lanes, round-robin by
        // the client that created the game (issue 18 item 4).
        let lane = match live.record.seats.get(seat.index()) {
            Some(SeatKind::Bot(level)) => Lane::of_level(level),
            _ => Lane::Search,
        };
        let owner = Owner {
            client: live
                .record
                .creator
                .clone()
                .unwrap_or_else(|| format!("game {}", live.record.id)),
            game: live.record.id.clone(),
        };
        let thought = self
            .bots
            .think(agent, obs, choices.clone(), lane, &owner)
            .await;
        let mut st = live.state.lock().await;
        let i = match thought {
            Some((agent, i)) => {
                st.agents[seat.index()] = Some(agent);
                i
            }
            None => {
                // The bot failed (it panicked): a fresh one for later moves,
                // and this move taken by a plain rule, so the game never
                // stalls on a broken bot.
                tracing::error!(
                    "game {}: the bot of {seat} failed to choose; taking choice {} of {}",
                    live.record.id,
                    version as usize % choices.len().max(1) + 1,
                    choices.len()
                );
                if let Ok(mut fresh) = make_agents(&live.record) {
                    st.agents[seat.index()] = fresh[seat.index()].take();
                }
                version as usize % choices.len().max(1)
            }
        };
        if st.unloaded {
            return false;
        }
        if st.version != version {
            return true; // the position changed while the bot thought
        }
        let Some(&choice) = choices.get(i) else {
            tracing::error!(
                "game {}: the bot of {seat} chose no listed choice",
                live.record.id
            );
            return false;
        };
        match self.commit(live, &mut st, seat, choice).await {
            Ok(()) => true,
            Err(e) => {
                tracing::error!("game {}: bot move not made: {e}", live.record.id);
                false
            }
        }
    }
}
