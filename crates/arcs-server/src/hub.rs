//! The live games: each is its journal replayed into an engine `Game`,
//! behind one lock so concurrent requests on a game are serialized. Every
//! answer for a seat is built from that seat's view only (issue 5).

use crate::store::{GameRecord, SeatKind, Store, StoreError};
use arcs_bots::{make_agent, Agent, Budget};
use arcs_engine::journal::{Save, SavedChoice};
use arcs_engine::{Config, Game, Mode, Pending, Seat, View};
use rand::Rng;
use serde::{Deserialize, Serialize};
use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, RwLock};
use std::time::Duration;
use tokio::sync::{broadcast, Mutex};

/// Why a request was refused. Nothing changed.
#[derive(Debug, thiserror::Error)]
pub enum HubError {
    #[error("no game {0:?}")]
    NoSuchGame(String),
    #[error("this link's token does not open game {0:?}")]
    BadToken(String),
    #[error("a spectator cannot act")]
    Spectator,
    #[error("the position has moved on (you saw version {seen}, it is now {now}); reload")]
    Stale { seen: usize, now: usize },
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
    #[error("storage failed, nothing was changed: {0}")]
    Storage(#[from] StoreError),
}

/// What the lobby form (or an API client) sends to create a game.
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CreateGame {
    /// One entry per seat: `human`, `random`, `heuristic`, `search`,
    /// `search:500ms`... 2 to 4 seats.
    pub seats: Vec<String>,
    /// `base` (default) or `leaders-lore`.
    #[serde(default)]
    pub mode: Option<String>,
    /// Leaders & Lore: the second-lore-card variant.
    #[serde(default)]
    pub second_lore: bool,
    /// A setup card name such as `3p-frontiers`; random when absent.
    #[serde(default)]
    pub setup_card: Option<String>,
    /// Random when absent.
    #[serde(default)]
    pub seed: Option<u64>,
    /// Pause before each bot move (default 700 ms, at most 10 s).
    #[serde(default)]
    pub bot_delay_ms: Option<u64>,
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
    pub token: Option<String>,
}

/// Who a token makes you.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Viewer {
    Seat(Seat),
    Spectator,
}

impl Viewer {
    fn seat(self) -> Option<Seat> {
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
    /// The number of choices made: send it back with a choice so a stale
    /// page cannot act on a position that has moved on.
    pub version: usize,
    pub seats: Vec<SeatKind>,
    pub view: View,
    /// Whether the pending decision is yours.
    pub your_turn: bool,
    /// The prompt in words (for everyone) and, when it is your decision,
    /// each legal choice in words, in the order of `view.pending.choices`.
    pub prompt_text: Option<String>,
    pub choices_text: Vec<String>,
    /// How many of your last choices you may take back.
    pub undoable: usize,
    /// Your hand in words (`AGG3`...), empty for spectators.
    pub hand_text: Vec<String>,
    /// The cards played this round in words, in play order; face-down
    /// cards of others read "face down".
    pub plays_text: Vec<String>,
}

pub struct LiveGame {
    pub record: GameRecord,
    state: Mutex<Live>,
    updates: broadcast::Sender<usize>,
    bots_running: AtomicBool,
}

struct Live {
    game: Game,
    agents: Vec<Option<Box<dyn Agent>>>,
}

/// All games of this server.
pub struct Hub {
    store: Arc<dyn Store>,
    games: RwLock<HashMap<String, Arc<LiveGame>>>,
}

const DEFAULT_BOT_DELAY_MS: u64 = 700;
const MAX_BOT_DELAY_MS: u64 = 10_000;
/// Search bots in web games think at most this long (the server has other
/// games to run).
const MAX_BOT_BUDGET: Duration = Duration::from_secs(5);

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

fn check_bot_level(level: &str) -> Result<(), HubError> {
    if let Some((_, b)) = level.split_once(':') {
        match arcs_bots::parse_budget(b).map_err(HubError::BadSettings)? {
            Budget::Time(t) if t > MAX_BOT_BUDGET => {
                return Err(HubError::BadSettings(format!(
                    "bots think at most {}s per move here",
                    MAX_BOT_BUDGET.as_secs()
                )))
            }
            Budget::Iterations(n) if n > 200_000 => {
                return Err(HubError::BadSettings("at most 200000it per move".into()))
            }
            _ => {}
        }
    }
    make_agent(level, 0, Budget::Iterations(1))
        .map(|_| ())
        .map_err(HubError::BadSettings)
}

impl Hub {
    /// Opens the hub on `store`, replaying every stored game.
    pub fn open(store: Arc<dyn Store>) -> Result<Arc<Hub>, StoreError> {
        let hub = Arc::new(Hub {
            store: store.clone(),
            games: RwLock::new(HashMap::new()),
        });
        for (record, choices) in store.load_all()? {
            let save = Save {
                format: arcs_engine::journal::FORMAT.into(),
                version: arcs_engine::journal::VERSION,
                config: record.config.clone(),
                seed: record.seed,
                choices,
            };
            let game = save
                .load()
                .map_err(|e| StoreError::Corrupt(format!("game {}: {e}", record.id)))?;
            let agents = make_agents(&record).map_err(StoreError::Corrupt)?;
            hub.insert(record, game, agents);
        }
        Ok(hub)
    }

    fn insert(&self, record: GameRecord, game: Game, agents: Vec<Option<Box<dyn Agent>>>) {
        let (updates, _) = broadcast::channel(64);
        let live = Arc::new(LiveGame {
            record: record.clone(),
            state: Mutex::new(Live { game, agents }),
            updates,
            bots_running: AtomicBool::new(false),
        });
        self.games
            .write()
            .unwrap_or_else(|p| p.into_inner())
            .insert(record.id, live);
    }

    /// Starts the bots of every game whose turn is a bot's (after restart).
    pub fn wake_all(self: &Arc<Self>) {
        let all: Vec<_> = self
            .games
            .read()
            .unwrap_or_else(|p| p.into_inner())
            .values()
            .cloned()
            .collect();
        for live in all {
            self.kick_bots(live);
        }
    }

    pub fn game_count(&self) -> usize {
        self.games.read().unwrap_or_else(|p| p.into_inner()).len()
    }

    pub fn create(self: &Arc<Self>, req: CreateGame) -> Result<Created, HubError> {
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
                check_bot_level(s)?;
                seats.push(SeatKind::Bot(s.to_string()));
            }
        }
        let mut config = match req.mode.as_deref().unwrap_or("base") {
            "base" => Config::base(n as u8),
            "leaders-lore" | "leaders_lore" => {
                let mut c = Config::leaders_lore(n as u8);
                c.leaders_lore.second_lore = req.second_lore;
                c
            }
            other => {
                return Err(HubError::BadSettings(format!(
                    "unknown mode {other:?} (base, leaders-lore)"
                )))
            }
        };
        debug_assert!(matches!(config.mode, Mode::Base | Mode::LeadersLore));
        config.setup_card = req.setup_card.filter(|s| !s.trim().is_empty());
        let seed = req.seed.unwrap_or_else(|| rand::thread_rng().gen());
        let game =
            Game::new(config.clone(), seed).map_err(|e| HubError::BadSettings(e.to_string()))?;
        let record = GameRecord {
            id: token()[..12].to_string(),
            config,
            seed,
            seats,
            seat_tokens: (0..n).map(|_| token()).collect(),
            spectator_token: token(),
            bot_delay_ms: req
                .bot_delay_ms
                .unwrap_or(DEFAULT_BOT_DELAY_MS)
                .min(MAX_BOT_DELAY_MS),
        };
        let agents = make_agents(&record).map_err(HubError::BadSettings)?;
        self.store.create(&record)?;
        let created = Created {
            id: record.id.clone(),
            seats: record
                .seats
                .iter()
                .enumerate()
                .map(|(i, kind)| CreatedSeat {
                    seat: i as u8 + 1,
                    player: kind.clone(),
                    token: (*kind == SeatKind::Human).then(|| record.seat_tokens[i].clone()),
                })
                .collect(),
            spectator_token: record.spectator_token.clone(),
        };
        self.insert(record, game, agents);
        if let Ok(live) = self.live(&created.id) {
            self.kick_bots(live);
        }
        Ok(created)
    }

    fn live(&self, id: &str) -> Result<Arc<LiveGame>, HubError> {
        self.games
            .read()
            .unwrap_or_else(|p| p.into_inner())
            .get(id)
            .cloned()
            .ok_or_else(|| HubError::NoSuchGame(id.to_string()))
    }

    /// The game and who `token` makes you in it.
    pub fn open_seat(&self, id: &str, token: &str) -> Result<(Arc<LiveGame>, Viewer), HubError> {
        let live = self.live(id)?;
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
        Ok((live, viewer))
    }

    /// Change notices for one game: the new version number, nothing else.
    pub fn subscribe(&self, live: &LiveGame) -> broadcast::Receiver<usize> {
        live.updates.subscribe()
    }

    pub async fn snapshot(&self, id: &str, token: &str) -> Result<Snapshot, HubError> {
        let (live, viewer) = self.open_seat(id, token)?;
        let st = live.state.lock().await;
        Ok(snapshot_of(&live, &st.game, viewer))
    }

    /// Applies choice `index` of the pending decision for the token's seat,
    /// if `version` is current. Stored before it is applied and answered.
    pub async fn act(
        self: &Arc<Self>,
        id: &str,
        token: &str,
        version: usize,
        index: usize,
    ) -> Result<Snapshot, HubError> {
        let (live, viewer) = self.open_seat(id, token)?;
        let Viewer::Seat(seat) = viewer else {
            return Err(HubError::Spectator);
        };
        let snap = {
            let mut st = live.state.lock().await;
            let now = st.game.choices().len();
            if version != now {
                return Err(HubError::Stale { seen: version, now });
            }
            let Pending::Decision(d) = st.game.pending() else {
                return Err(HubError::GameOver);
            };
            if d.seat != seat {
                return Err(HubError::NotYourDecision);
            }
            let Some(&choice) = d.choices.get(index) else {
                return Err(HubError::NoSuchChoice {
                    index,
                    count: d.choices.len(),
                });
            };
            self.store.append(id, now, &SavedChoice { seat, choice })?;
            st.game
                .apply(seat, choice)
                .expect("a listed choice of the seat's decision is legal");
            let _ = live.updates.send(st.game.choices().len());
            snapshot_of(&live, &st.game, viewer)
        };
        self.kick_bots(live);
        Ok(snap)
    }

    /// Takes back the seat's last choice, within fair limits
    /// (`Game::undoable`).
    pub async fn undo(&self, id: &str, token: &str, version: usize) -> Result<Snapshot, HubError> {
        let (live, viewer) = self.open_seat(id, token)?;
        let Viewer::Seat(seat) = viewer else {
            return Err(HubError::Spectator);
        };
        let mut st = live.state.lock().await;
        let now = st.game.choices().len();
        if version != now {
            return Err(HubError::Stale { seen: version, now });
        }
        if st.game.undoable(seat) == 0 {
            return Err(HubError::NothingToUndo);
        }
        let back = st
            .game
            .replay_prefix(now - 1)
            .map_err(|e| StoreError::Corrupt(e.to_string()))?;
        self.store.truncate(id, now - 1)?;
        st.game = back;
        let _ = live.updates.send(st.game.choices().len());
        Ok(snapshot_of(&live, &st.game, viewer))
    }

    /// Runs the bots of `live` while the pending decision is a bot's, at
    /// the game's pace. One runner per game at a time.
    pub fn kick_bots(self: &Arc<Self>, live: Arc<LiveGame>) {
        if live.bots_running.swap(true, Ordering::AcqRel) {
            return;
        }
        let hub = self.clone();
        tokio::spawn(async move {
            loop {
                let more = hub.bot_step(&live).await;
                if !more {
                    live.bots_running.store(false, Ordering::Release);
                    // A human may have moved between our last look and the
                    // flag reset: look once more.
                    if hub.bot_turn(&live).await && !live.bots_running.swap(true, Ordering::AcqRel)
                    {
                        continue;
                    }
                    break;
                }
            }
        });
    }

    async fn bot_turn(&self, live: &LiveGame) -> bool {
        let st = live.state.lock().await;
        matches!(st.game.pending(), Pending::Decision(d) if st.agents[d.seat.index()].is_some())
    }

    /// One bot move, if it is a bot's turn. Returns whether it moved.
    async fn bot_step(&self, live: &Arc<LiveGame>) -> bool {
        if live.record.bot_delay_ms > 0 {
            tokio::time::sleep(Duration::from_millis(live.record.bot_delay_ms)).await;
        }
        // Think without holding the lock, so pages stay responsive.
        let (version, seat, obs, choices, mut agent) = {
            let mut st = live.state.lock().await;
            let Pending::Decision(d) = st.game.pending() else {
                return false;
            };
            let Some(agent) = st.agents[d.seat.index()].take() else {
                return false;
            };
            (
                st.game.choices().len(),
                d.seat,
                st.game.observation(d.seat),
                d.choices,
                agent,
            )
        };
        let joined = tokio::task::spawn_blocking(move || {
            let i = agent.choose(&obs, &choices);
            (agent, choices.get(i).copied())
        })
        .await;
        let Ok((agent, choice)) = joined else {
            tracing::error!("game {}: a bot failed to choose", live.record.id);
            return false;
        };
        let mut st = live.state.lock().await;
        st.agents[seat.index()] = Some(agent);
        let Some(choice) = choice else { return false };
        if st.game.choices().len() != version {
            return true; // someone else moved meanwhile; look again
        }
        if let Err(e) = self
            .store
            .append(&live.record.id, version, &SavedChoice { seat, choice })
        {
            tracing::error!("game {}: bot move not stored: {e}", live.record.id);
            return false;
        }
        if st.game.apply(seat, choice).is_err() {
            return false;
        }
        let _ = live.updates.send(st.game.choices().len());
        true
    }
}

fn snapshot_of(live: &LiveGame, game: &Game, viewer: Viewer) -> Snapshot {
    let view = game.view(viewer.seat());
    let (your_turn, prompt_text, choices_text) = match game.pending() {
        Pending::Decision(d) => {
            let mine = Some(d.seat) == viewer.seat();
            (
                mine,
                Some(format!("{}: {}", d.seat, d.prompt.describe())),
                if mine {
                    d.choices.iter().map(|c| c.to_string()).collect()
                } else {
                    Vec::new()
                },
            )
        }
        Pending::Over(_) => (false, None, Vec::new()),
    };
    Snapshot {
        id: live.record.id.clone(),
        you: viewer.seat(),
        version: game.choices().len(),
        seats: live.record.seats.clone(),
        your_turn,
        prompt_text,
        choices_text,
        undoable: viewer.seat().map_or(0, |s| game.undoable(s)),
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
        view,
    }
}
