//! Durable storage of games. A game is its record (config, seed, seats,
//! tokens) plus its journal of choices; the position is always rebuilt by
//! replay, so storage can never hold an impossible position. The server
//! writes every accepted choice before it answers (issue 5).
//!
//! Each game also has a **version**: a number that grows by one with every
//! change of its journal (a choice appended, a choice undone) and never
//! goes back, so one version names one position for good (issue 11). Every
//! write names the version it expects and fails if the stored game has
//! moved on, so two writers can never fork or overwrite a journal.

use arcs_engine::journal::SavedChoice;
use arcs_engine::{Config, Seat};
use serde::{Deserialize, Serialize};
use std::path::Path;
use std::sync::Mutex;

/// Who plays a seat.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "kind", content = "level")]
pub enum SeatKind {
    Human,
    /// A bot, by level (`random`, `heuristic`, `search:500ms`, ...).
    Bot(String),
}

/// A seat as every viewer sees it: who plays it and the player's name.
/// In JSON `{"kind": "human", "name": "Ann"}` or `{"kind": "bot",
/// "level": "heuristic"}`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeatInfo {
    #[serde(flatten)]
    pub player: SeatKind,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
}

/// Everything about a game except its choices.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameRecord {
    pub id: String,
    pub config: Config,
    pub seed: u64,
    /// Whether the creator chose the seed (and so can know every hidden
    /// card): allowed only with at most one person (docs/api.md).
    #[serde(default)]
    pub chosen_seed: bool,
    pub seats: Vec<SeatKind>,
    /// One secret per seat (index = seat number - 1), then the spectators'.
    pub seat_tokens: Vec<String>,
    pub spectator_token: String,
    /// Milliseconds the bots wait before each move so people can follow.
    pub bot_delay_ms: u64,
    /// Players' names, one per seat (`None`: no name). Empty for games
    /// created before names existed.
    #[serde(default)]
    pub names: Vec<Option<String>>,
    /// The client that created the game: its address, an IPv6 /64 for
    /// IPv6 (`addr::AddrKey`), so the bots' pool can share its threads
    /// fairly between clients (issue 18 item 4). `None` for games created
    /// before issue 18 or without a known address: each such game then
    /// counts as a client of its own. Never shown to anyone.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub creator: Option<String>,
    /// A campaign Act after the first: the campaign it belongs to and the
    /// game of the previous Act (issue 20 §6). Act I games have none.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub campaign: Option<CampaignLink>,
}

/// Where a continued campaign Act's game stands in its campaign.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CampaignLink {
    /// The campaign: the id of its Act I game.
    pub id: String,
    /// The previous Act's game.
    pub previous: String,
}

impl GameRecord {
    /// Each seat's player and name (public).
    pub fn seat_infos(&self) -> Vec<SeatInfo> {
        self.seats
            .iter()
            .enumerate()
            .map(|(i, player)| SeatInfo {
                player: player.clone(),
                name: self.names.get(i).cloned().flatten(),
            })
            .collect()
    }
}

/// Whom a stored game waits for, kept beside the journal so the server can
/// find the games whose bots must move without replaying every game.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Waiting {
    Person,
    Bot,
    Over,
}

impl Waiting {
    fn as_str(self) -> &'static str {
        match self {
            Waiting::Person => "person",
            Waiting::Bot => "bot",
            Waiting::Over => "over",
        }
    }
}

/// A stored game: its record, its version, its journal and the seats'
/// webhook URLs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StoredGame {
    pub record: GameRecord,
    pub version: u64,
    pub choices: Vec<SavedChoice>,
    /// Seats' webhook URLs (docs/api.md), by seat.
    pub webhooks: Vec<(Seat, String)>,
    /// A campaign Act's game: the game of the next Act, once started.
    pub next: Option<String>,
}

#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    #[error("database error: {0}")]
    Db(#[from] rusqlite::Error),
    #[error("stored data is damaged: {0}")]
    Corrupt(String),
    #[error("the stored game is at version {found}, not {expected}: it changed elsewhere")]
    Conflict { expected: u64, found: u64 },
    #[error("no stored game {0:?}")]
    Missing(String),
}

/// Where games live. SQLite by default; another database can implement
/// this trait (DESIGN.md: storage behind a trait).
pub trait Store: Send + Sync {
    /// Stores a new game at version 0 with an empty journal.
    fn create(&self, record: &GameRecord, waiting: Waiting) -> Result<(), StoreError>;
    /// Appends `choice` as journal entry `index` of game `id`, if the game
    /// is at `version`; returns the new version. Atomic: on any error
    /// nothing was written.
    fn append(
        &self,
        id: &str,
        version: u64,
        index: usize,
        choice: &SavedChoice,
        waiting: Waiting,
    ) -> Result<u64, StoreError>;
    /// Drops every journal entry from `len` on (undo), if the game is at
    /// `version`; returns the new version. Atomic.
    fn truncate(
        &self,
        id: &str,
        version: u64,
        len: usize,
        waiting: Waiting,
    ) -> Result<u64, StoreError>;
    /// One game, or `None` if there is no such game. A game whose record or
    /// journal cannot be read is `Corrupt`; the others are unaffected.
    fn load(&self, id: &str) -> Result<Option<StoredGame>, StoreError>;
    /// The ids of the games that may wait for a bot (those stored as such,
    /// and those whose state is not known yet), oldest first.
    fn waiting_on_bots(&self) -> Result<Vec<String>, StoreError>;
    /// The ids of the games not known to be over, oldest first.
    fn unfinished(&self) -> Result<Vec<String>, StoreError>;
    /// How many games are stored.
    fn count(&self) -> Result<usize, StoreError>;
    /// Sets (or with `None` removes) the webhook URL of `seat` in game
    /// `id`. It is not part of the journal: the version does not change.
    fn set_webhook(&self, id: &str, seat: Seat, url: Option<&str>) -> Result<(), StoreError>;
    /// Stores `record`, the next campaign Act after game `previous`, and
    /// links it from `previous` — unless `previous` has a next Act already:
    /// then nothing is written. Returns the id of `previous`'s next Act
    /// (the one stored now or the earlier one). Atomic, so two requests to
    /// continue a campaign never start two Acts.
    fn create_next(
        &self,
        previous: &str,
        record: &GameRecord,
        waiting: Waiting,
    ) -> Result<String, StoreError>;
}

/// The embedded SQLite store. Writes are synchronous (`synchronous=FULL`),
/// so an acknowledged choice survives a crash.
pub struct SqliteStore {
    conn: Mutex<rusqlite::Connection>,
}

impl SqliteStore {
    /// Opens (creating on first run) the database at `path`. A new file is
    /// readable and writable by its owner only (it holds the seats' secret
    /// tokens); SQLite gives its `-wal` and `-shm` files the same mode.
    pub fn open(path: &Path) -> Result<SqliteStore, StoreError> {
        create_private(path)
            .map_err(|e| StoreError::Corrupt(format!("cannot create {}: {e}", path.display())))?;
        Self::init(rusqlite::Connection::open(path)?)
    }

    /// A private in-memory database (tests).
    pub fn in_memory() -> Result<SqliteStore, StoreError> {
        Self::init(rusqlite::Connection::open_in_memory()?)
    }

    fn init(conn: rusqlite::Connection) -> Result<SqliteStore, StoreError> {
        conn.pragma_update(None, "journal_mode", "WAL")?;
        conn.pragma_update(None, "synchronous", "FULL")?;
        conn.busy_timeout(std::time::Duration::from_secs(5))?;
        conn.execute_batch(
            "CREATE TABLE IF NOT EXISTS games (
                 id TEXT PRIMARY KEY,
                 record TEXT NOT NULL,
                 created INTEGER NOT NULL DEFAULT (strftime('%s','now'))
             );
             CREATE TABLE IF NOT EXISTS choices (
                 game TEXT NOT NULL REFERENCES games(id),
                 idx INTEGER NOT NULL,
                 choice TEXT NOT NULL,
                 PRIMARY KEY (game, idx)
             );
             CREATE TABLE IF NOT EXISTS webhooks (
                 game TEXT NOT NULL REFERENCES games(id),
                 seat INTEGER NOT NULL,
                 url TEXT NOT NULL,
                 PRIMARY KEY (game, seat)
             );",
        )?;
        migrate(&conn)?;
        Ok(SqliteStore {
            conn: Mutex::new(conn),
        })
    }

    fn conn(&self) -> std::sync::MutexGuard<'_, rusqlite::Connection> {
        // A panic while holding the lock cannot leave SQLite inconsistent
        // (each write is one transaction), so a poisoned lock is usable.
        self.conn.lock().unwrap_or_else(|p| p.into_inner())
    }
}

/// Creates `path` with mode 0600 if it does not exist yet.
fn create_private(path: &Path) -> std::io::Result<()> {
    let mut options = std::fs::OpenOptions::new();
    options.write(true).create_new(true);
    #[cfg(unix)]
    std::os::unix::fs::OpenOptionsExt::mode(&mut options, 0o600);
    match options.open(path) {
        Ok(_) => Ok(()),
        Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => Ok(()),
        Err(e) => Err(e),
    }
}

/// Databases written before issue 11 have no `version` and `waiting`
/// columns: add them. An old game's version is its number of choices (what
/// its pages last saw); whom it waits for is found on its first load.
/// (Databases from before issue 12 gain the `webhooks` table, empty, by
/// `CREATE TABLE IF NOT EXISTS` in `init`.)
fn migrate(conn: &rusqlite::Connection) -> Result<(), StoreError> {
    let has = |col: &str| -> Result<bool, rusqlite::Error> {
        conn.prepare("SELECT 1 FROM pragma_table_info('games') WHERE name = ?1")?
            .exists([col])
    };
    if !has("version")? {
        conn.execute_batch(
            "BEGIN;
             ALTER TABLE games ADD COLUMN version INTEGER;
             UPDATE games SET version =
                 (SELECT COUNT(*) FROM choices WHERE choices.game = games.id);
             COMMIT;",
        )?;
    }
    if !has("waiting")? {
        conn.execute_batch("ALTER TABLE games ADD COLUMN waiting TEXT;")?;
    }
    if !has("next")? {
        // Issue 20: a campaign Act's link to the next Act's game.
        conn.execute_batch("ALTER TABLE games ADD COLUMN next TEXT;")?;
    }
    Ok(())
}

impl SqliteStore {
    /// The ids of the games matching `condition` (fixed SQL), oldest first.
    fn ids_where(&self, condition: &'static str) -> Result<Vec<String>, StoreError> {
        let conn = self.conn();
        let mut stmt = conn.prepare(&format!(
            "SELECT id FROM games WHERE {condition} ORDER BY created, id"
        ))?;
        let ids = stmt
            .query_map([], |r| r.get::<_, String>(0))?
            .collect::<Result<Vec<_>, _>>()?;
        Ok(ids)
    }
}

fn to_json<T: Serialize>(v: &T) -> String {
    serde_json::to_string(v).expect("records serialize")
}

/// Moves game `id` from `version` to `version + 1` inside transaction `tx`.
fn bump(
    tx: &rusqlite::Transaction<'_>,
    id: &str,
    version: u64,
    waiting: Waiting,
) -> Result<u64, StoreError> {
    let version_i = i64::try_from(version).map_err(|_| StoreError::Conflict {
        expected: version,
        found: 0,
    })?;
    let changed = tx.execute(
        "UPDATE games SET version = version + 1, waiting = ?3 WHERE id = ?1 AND version = ?2",
        (id, version_i, waiting.as_str()),
    )?;
    if changed != 1 {
        let found: Option<i64> = tx
            .query_row("SELECT version FROM games WHERE id = ?1", [id], |r| {
                r.get(0)
            })
            .ok();
        return Err(match found {
            None => StoreError::Missing(id.to_string()),
            Some(v) => StoreError::Conflict {
                expected: version,
                found: v.max(0) as u64,
            },
        });
    }
    Ok(version + 1)
}

impl Store for SqliteStore {
    fn create(&self, record: &GameRecord, waiting: Waiting) -> Result<(), StoreError> {
        self.conn().execute(
            "INSERT INTO games (id, record, version, waiting) VALUES (?1, ?2, 0, ?3)",
            (&record.id, to_json(record), waiting.as_str()),
        )?;
        Ok(())
    }

    fn append(
        &self,
        id: &str,
        version: u64,
        index: usize,
        choice: &SavedChoice,
        waiting: Waiting,
    ) -> Result<u64, StoreError> {
        let mut conn = self.conn();
        let tx = conn.transaction_with_behavior(rusqlite::TransactionBehavior::Immediate)?;
        let next = bump(&tx, id, version, waiting)?;
        tx.execute(
            "INSERT INTO choices (game, idx, choice) VALUES (?1, ?2, ?3)",
            (id, index as i64, to_json(choice)),
        )?;
        tx.commit()?;
        Ok(next)
    }

    fn truncate(
        &self,
        id: &str,
        version: u64,
        len: usize,
        waiting: Waiting,
    ) -> Result<u64, StoreError> {
        let mut conn = self.conn();
        let tx = conn.transaction_with_behavior(rusqlite::TransactionBehavior::Immediate)?;
        let next = bump(&tx, id, version, waiting)?;
        tx.execute(
            "DELETE FROM choices WHERE game = ?1 AND idx >= ?2",
            (id, len as i64),
        )?;
        tx.commit()?;
        Ok(next)
    }

    fn load(&self, id: &str) -> Result<Option<StoredGame>, StoreError> {
        let conn = self.conn();
        let row: Option<(String, Option<i64>, Option<String>)> = conn
            .query_row(
                "SELECT record, version, next FROM games WHERE id = ?1",
                [id],
                |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)),
            )
            .map(Some)
            .or_else(|e| match e {
                rusqlite::Error::QueryReturnedNoRows => Ok(None),
                e => Err(e),
            })?;
        let Some((text, version, next)) = row else {
            return Ok(None);
        };
        let record: GameRecord = serde_json::from_str(&text)
            .map_err(|e| StoreError::Corrupt(format!("game {id}: record: {e}")))?;
        if record.id != id {
            return Err(StoreError::Corrupt(format!(
                "game {id}: record names game {:?}",
                record.id
            )));
        }
        let version = version
            .and_then(|v| u64::try_from(v).ok())
            .ok_or_else(|| StoreError::Corrupt(format!("game {id}: no valid version")))?;
        let mut stmt =
            conn.prepare("SELECT idx, choice FROM choices WHERE game = ?1 ORDER BY idx")?;
        let rows = stmt.query_map([id], |r| Ok((r.get::<_, i64>(0)?, r.get::<_, String>(1)?)))?;
        let mut choices = Vec::new();
        for (expected, row) in rows.enumerate() {
            let (idx, text) = row?;
            if idx != expected as i64 {
                return Err(StoreError::Corrupt(format!(
                    "game {id}: journal has a gap at choice {expected}"
                )));
            }
            choices.push(
                serde_json::from_str(&text)
                    .map_err(|e| StoreError::Corrupt(format!("game {id} choice {idx}: {e}")))?,
            );
        }
        let mut stmt =
            conn.prepare("SELECT seat, url FROM webhooks WHERE game = ?1 ORDER BY seat")?;
        let rows = stmt.query_map([id], |r| Ok((r.get::<_, i64>(0)?, r.get::<_, String>(1)?)))?;
        let mut webhooks = Vec::new();
        for row in rows {
            let (seat, url) = row?;
            match u8::try_from(seat) {
                Ok(s) if s < record.config.players => webhooks.push((Seat(s), url)),
                // A damaged row must not set the whole game aside.
                _ => tracing::warn!("game {id}: webhook for a seat it does not have ignored"),
            }
        }
        Ok(Some(StoredGame {
            record,
            version,
            choices,
            webhooks,
            next,
        }))
    }

    fn create_next(
        &self,
        previous: &str,
        record: &GameRecord,
        waiting: Waiting,
    ) -> Result<String, StoreError> {
        let mut conn = self.conn();
        let tx = conn.transaction_with_behavior(rusqlite::TransactionBehavior::Immediate)?;
        let next: Option<Option<String>> = tx
            .query_row("SELECT next FROM games WHERE id = ?1", [previous], |r| {
                r.get(0)
            })
            .map(Some)
            .or_else(|e| match e {
                rusqlite::Error::QueryReturnedNoRows => Ok(None),
                e => Err(e),
            })?;
        match next {
            None => Err(StoreError::Missing(previous.to_string())),
            Some(Some(existing)) => Ok(existing),
            Some(None) => {
                tx.execute(
                    "INSERT INTO games (id, record, version, waiting) VALUES (?1, ?2, 0, ?3)",
                    (&record.id, to_json(record), waiting.as_str()),
                )?;
                tx.execute(
                    "UPDATE games SET next = ?2 WHERE id = ?1 AND next IS NULL",
                    (previous, &record.id),
                )?;
                tx.commit()?;
                Ok(record.id.clone())
            }
        }
    }

    fn waiting_on_bots(&self) -> Result<Vec<String>, StoreError> {
        self.ids_where("waiting IS NULL OR waiting = 'bot'")
    }

    fn unfinished(&self) -> Result<Vec<String>, StoreError> {
        self.ids_where("waiting IS NULL OR waiting <> 'over'")
    }

    fn count(&self) -> Result<usize, StoreError> {
        let n: i64 = self
            .conn()
            .query_row("SELECT COUNT(*) FROM games", [], |r| r.get(0))?;
        Ok(n.max(0) as usize)
    }

    fn set_webhook(&self, id: &str, seat: Seat, url: Option<&str>) -> Result<(), StoreError> {
        let mut conn = self.conn();
        let tx = conn.transaction_with_behavior(rusqlite::TransactionBehavior::Immediate)?;
        let exists = tx
            .prepare("SELECT 1 FROM games WHERE id = ?1")?
            .exists([id])?;
        if !exists {
            return Err(StoreError::Missing(id.to_string()));
        }
        match url {
            Some(url) => tx.execute(
                "INSERT INTO webhooks (game, seat, url) VALUES (?1, ?2, ?3)
                 ON CONFLICT (game, seat) DO UPDATE SET url = excluded.url",
                (id, seat.0 as i64, url),
            )?,
            None => tx.execute(
                "DELETE FROM webhooks WHERE game = ?1 AND seat = ?2",
                (id, seat.0 as i64),
            )?,
        };
        tx.commit()?;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use arcs_engine::{Choice, Seat};

    fn record(id: &str) -> GameRecord {
        GameRecord {
            id: id.into(),
            config: Config::base(2),
            seed: 4,
            chosen_seed: false,
            seats: vec![SeatKind::Human, SeatKind::Bot("random".into())],
            seat_tokens: vec!["a".into(), "b".into()],
            spectator_token: "s".into(),
            bot_delay_ms: 0,
            names: vec![Some("Ann".into()), None],
            creator: Some("2001:db8:1:2::/64".into()),
            campaign: None,
        }
    }

    /// Issue 20 §6: the next Act is stored and linked at once, and only
    /// once: a second request finds the first's game.
    #[test]
    fn the_next_act_is_created_once_and_linked() {
        let store = SqliteStore::in_memory().unwrap();
        store.create(&record("act1"), Waiting::Over).unwrap();
        assert_eq!(store.load("act1").unwrap().unwrap().next, None);
        let mut two = record("act2a");
        two.campaign = Some(CampaignLink {
            id: "act1".into(),
            previous: "act1".into(),
        });
        let got = store.create_next("act1", &two, Waiting::Person).unwrap();
        assert_eq!(got, "act2a");
        let other = record("act2b");
        let again = store.create_next("act1", &other, Waiting::Person).unwrap();
        assert_eq!(again, "act2a");
        assert!(store.load("act2b").unwrap().is_none());
        assert_eq!(
            store.load("act1").unwrap().unwrap().next.as_deref(),
            Some("act2a")
        );
        let back = store.load("act2a").unwrap().unwrap();
        assert_eq!(back.record.campaign, two.campaign);
        assert!(matches!(
            store.create_next("nope", &record("x"), Waiting::Person),
            Err(StoreError::Missing(_))
        ));
    }

    const PASS: SavedChoice = SavedChoice {
        seat: Seat(1),
        choice: Choice::Pass,
    };

    #[test]
    fn seat_infos_read_as_before_plus_names() {
        let r = record("g1");
        let v = serde_json::to_value(r.seat_infos()).unwrap();
        assert_eq!(
            v,
            serde_json::json!([{"kind": "human", "name": "Ann"}, {"kind": "bot", "level": "random"}])
        );
        let back: Vec<SeatInfo> = serde_json::from_value(v).unwrap();
        assert_eq!(back, r.seat_infos());
    }

    /// Issue 18 item 4: records gain the creating client; records stored
    /// before read as created by nobody known.
    #[test]
    fn records_keep_their_creator_and_old_ones_have_none() {
        let r = record("g1");
        let json = to_json(&r);
        assert!(json.contains("\"creator\":\"2001:db8:1:2::/64\""), "{json}");
        let mut old: serde_json::Value = serde_json::from_str(&json).unwrap();
        old.as_object_mut().unwrap().remove("creator");
        let back: GameRecord = serde_json::from_value(old).unwrap();
        assert_eq!(back.creator, None);
        assert_eq!(
            GameRecord {
                creator: r.creator.clone(),
                ..back
            },
            r
        );
    }

    #[test]
    fn journal_round_trip_and_no_forks() {
        let store = SqliteStore::in_memory().unwrap();
        store.create(&record("g1"), Waiting::Person).unwrap();
        assert!(
            store.create(&record("g1"), Waiting::Person).is_err(),
            "ids are unique"
        );
        assert_eq!(store.append("g1", 0, 0, &PASS, Waiting::Bot).unwrap(), 1);
        assert_eq!(store.append("g1", 1, 1, &PASS, Waiting::Bot).unwrap(), 2);
        // A writer that saw version 1 cannot write again.
        assert!(matches!(
            store.append("g1", 1, 1, &PASS, Waiting::Bot),
            Err(StoreError::Conflict {
                expected: 1,
                found: 2
            })
        ));
        assert_eq!(store.truncate("g1", 2, 1, Waiting::Person).unwrap(), 3);
        // The version never goes back: after the undo the journal has one
        // choice, as at version 1, but its version is 3.
        let g = store.load("g1").unwrap().unwrap();
        assert_eq!(g.record, record("g1"));
        assert_eq!(g.version, 3);
        assert_eq!(g.choices, vec![PASS]);
        assert_eq!(store.load("nope").unwrap(), None);
        assert!(matches!(
            store.append("nope", 0, 0, &PASS, Waiting::Bot),
            Err(StoreError::Missing(_))
        ));
        assert_eq!(store.count().unwrap(), 1);
    }

    #[test]
    fn webhooks_are_stored_beside_the_journal() {
        let store = SqliteStore::in_memory().unwrap();
        store.create(&record("g1"), Waiting::Person).unwrap();
        store
            .set_webhook("g1", Seat(0), Some("https://a.example/1"))
            .unwrap();
        store
            .set_webhook("g1", Seat(0), Some("https://a.example/2"))
            .unwrap();
        store
            .set_webhook("g1", Seat(1), Some("https://b.example/"))
            .unwrap();
        let g = store.load("g1").unwrap().unwrap();
        assert_eq!(
            g.webhooks,
            vec![
                (Seat(0), "https://a.example/2".to_string()),
                (Seat(1), "https://b.example/".to_string())
            ]
        );
        assert_eq!(g.version, 0, "a webhook is not a change of the journal");
        store.set_webhook("g1", Seat(0), None).unwrap();
        store.set_webhook("g1", Seat(0), None).unwrap();
        assert_eq!(store.load("g1").unwrap().unwrap().webhooks.len(), 1);
        assert!(matches!(
            store.set_webhook("nope", Seat(0), Some("https://a.example/")),
            Err(StoreError::Missing(_))
        ));
        // A row for a seat the game does not have is ignored.
        store
            .conn()
            .execute(
                "INSERT INTO webhooks (game, seat, url) VALUES ('g1', 7, 'x')",
                [],
            )
            .unwrap();
        assert_eq!(store.load("g1").unwrap().unwrap().webhooks.len(), 1);
    }

    #[test]
    fn a_failed_write_changes_nothing() {
        let store = SqliteStore::in_memory().unwrap();
        store.create(&record("g1"), Waiting::Person).unwrap();
        store.append("g1", 0, 0, &PASS, Waiting::Bot).unwrap();
        // Index 0 is taken: the insert fails and the version bump with it.
        assert!(store.append("g1", 1, 0, &PASS, Waiting::Bot).is_err());
        let g = store.load("g1").unwrap().unwrap();
        assert_eq!((g.version, g.choices.len()), (1, 1));
        assert_eq!(store.waiting_on_bots().unwrap(), vec!["g1".to_string()]);
        assert_eq!(store.unfinished().unwrap(), vec!["g1".to_string()]);
        store.append("g1", 1, 1, &PASS, Waiting::Over).unwrap();
        assert!(store.waiting_on_bots().unwrap().is_empty());
        assert!(store.unfinished().unwrap().is_empty());
    }

    #[test]
    fn one_damaged_game_does_not_hide_the_others() {
        let store = SqliteStore::in_memory().unwrap();
        store.create(&record("good"), Waiting::Person).unwrap();
        store.create(&record("bad"), Waiting::Person).unwrap();
        store
            .conn()
            .execute(
                "INSERT INTO choices (game, idx, choice) VALUES ('bad', 5, 'garbage')",
                [],
            )
            .unwrap();
        assert!(matches!(store.load("bad"), Err(StoreError::Corrupt(_))));
        assert!(store.load("good").unwrap().is_some());
    }

    #[cfg(unix)]
    #[test]
    fn a_new_database_is_private_to_its_owner() {
        use std::os::unix::fs::PermissionsExt;
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("arcs.sqlite3");
        let store = SqliteStore::open(&path).unwrap();
        store.create(&record("g1"), Waiting::Person).unwrap();
        for suffix in ["", "-wal", "-shm"] {
            let file = dir.path().join(format!("arcs.sqlite3{suffix}"));
            let mode = std::fs::metadata(&file).unwrap().permissions().mode() & 0o777;
            assert_eq!(mode, 0o600, "{} has mode {mode:o}", file.display());
        }
    }

    #[test]
    fn old_databases_gain_versions() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("old.sqlite3");
        {
            let conn = rusqlite::Connection::open(&path).unwrap();
            conn.execute_batch(
                "CREATE TABLE games (id TEXT PRIMARY KEY, record TEXT NOT NULL,
                     created INTEGER NOT NULL DEFAULT (strftime('%s','now')));
                 CREATE TABLE choices (game TEXT NOT NULL REFERENCES games(id),
                     idx INTEGER NOT NULL, choice TEXT NOT NULL, PRIMARY KEY (game, idx));",
            )
            .unwrap();
            let mut r = serde_json::to_value(record("old")).unwrap();
            r.as_object_mut().unwrap().remove("chosen_seed");
            r.as_object_mut().unwrap().remove("names");
            conn.execute(
                "INSERT INTO games (id, record) VALUES ('old', ?1)",
                [r.to_string()],
            )
            .unwrap();
            conn.execute(
                "INSERT INTO choices (game, idx, choice) VALUES ('old', 0, ?1)",
                [to_json(&PASS)],
            )
            .unwrap();
        }
        let store = SqliteStore::open(&path).unwrap();
        let g = store.load("old").unwrap().unwrap();
        assert_eq!(g.version, 1, "an old game's version is its choice count");
        assert!(
            g.webhooks.is_empty(),
            "an old database gains an empty webhooks table"
        );
        store
            .set_webhook("old", Seat(1), Some("https://ntfy.sh/x"))
            .unwrap();
        assert_eq!(
            store.load("old").unwrap().unwrap().webhooks,
            vec![(Seat(1), "https://ntfy.sh/x".to_string())]
        );
        assert!(g.record.names.is_empty(), "an old record has no names");
        assert_eq!(store.waiting_on_bots().unwrap(), vec!["old".to_string()]);
    }
}
