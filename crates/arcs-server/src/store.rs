//! Durable storage of games. A game is its record (config, seed, seats,
//! tokens) plus its journal of choices; the position is always rebuilt by
//! replay, so storage can never hold an impossible position. The server
//! writes every accepted choice before it answers (issue 5).

use arcs_engine::journal::SavedChoice;
use arcs_engine::Config;
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

/// Everything about a game except its choices.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameRecord {
    pub id: String,
    pub config: Config,
    pub seed: u64,
    pub seats: Vec<SeatKind>,
    /// One secret per seat (index = seat number - 1), then the spectators'.
    pub seat_tokens: Vec<String>,
    pub spectator_token: String,
    /// Milliseconds the bots wait before each move so people can follow.
    pub bot_delay_ms: u64,
}

#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    #[error("database error: {0}")]
    Db(#[from] rusqlite::Error),
    #[error("stored data is damaged: {0}")]
    Corrupt(String),
}

/// Where games live. SQLite by default; another database can implement
/// this trait (DESIGN.md: storage behind a trait).
pub trait Store: Send + Sync {
    fn create(&self, record: &GameRecord) -> Result<(), StoreError>;
    /// Appends choice number `index` (0-based) of game `id`. Fails if that
    /// index is already taken (a second writer), so a journal never forks.
    fn append(&self, id: &str, index: usize, choice: &SavedChoice) -> Result<(), StoreError>;
    /// Drops every choice from `len` on (undo).
    fn truncate(&self, id: &str, len: usize) -> Result<(), StoreError>;
    /// Every game with its journal, oldest first.
    fn load_all(&self) -> Result<Vec<(GameRecord, Vec<SavedChoice>)>, StoreError>;
}

/// The embedded SQLite store. Writes are synchronous (`synchronous=FULL`),
/// so an acknowledged choice survives a crash.
pub struct SqliteStore {
    conn: Mutex<rusqlite::Connection>,
}

impl SqliteStore {
    /// Opens (creating on first run) the database at `path`.
    pub fn open(path: &Path) -> Result<SqliteStore, StoreError> {
        Self::init(rusqlite::Connection::open(path)?)
    }

    /// A private in-memory database (tests).
    pub fn in_memory() -> Result<SqliteStore, StoreError> {
        Self::init(rusqlite::Connection::open_in_memory()?)
    }

    fn init(conn: rusqlite::Connection) -> Result<SqliteStore, StoreError> {
        conn.pragma_update(None, "journal_mode", "WAL")?;
        conn.pragma_update(None, "synchronous", "FULL")?;
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
             );",
        )?;
        Ok(SqliteStore {
            conn: Mutex::new(conn),
        })
    }

    fn conn(&self) -> std::sync::MutexGuard<'_, rusqlite::Connection> {
        // A panic while holding the lock cannot leave SQLite inconsistent
        // (each statement is atomic), so a poisoned lock is still usable.
        self.conn.lock().unwrap_or_else(|p| p.into_inner())
    }
}

fn to_json<T: Serialize>(v: &T) -> String {
    serde_json::to_string(v).expect("records serialize")
}

impl Store for SqliteStore {
    fn create(&self, record: &GameRecord) -> Result<(), StoreError> {
        self.conn().execute(
            "INSERT INTO games (id, record) VALUES (?1, ?2)",
            (&record.id, to_json(record)),
        )?;
        Ok(())
    }

    fn append(&self, id: &str, index: usize, choice: &SavedChoice) -> Result<(), StoreError> {
        self.conn().execute(
            "INSERT INTO choices (game, idx, choice) VALUES (?1, ?2, ?3)",
            (id, index as i64, to_json(choice)),
        )?;
        Ok(())
    }

    fn truncate(&self, id: &str, len: usize) -> Result<(), StoreError> {
        self.conn().execute(
            "DELETE FROM choices WHERE game = ?1 AND idx >= ?2",
            (id, len as i64),
        )?;
        Ok(())
    }

    fn load_all(&self) -> Result<Vec<(GameRecord, Vec<SavedChoice>)>, StoreError> {
        let conn = self.conn();
        let mut games = Vec::new();
        let mut stmt = conn.prepare("SELECT id, record FROM games ORDER BY created, id")?;
        let rows = stmt.query_map([], |r| Ok((r.get::<_, String>(0)?, r.get::<_, String>(1)?)))?;
        let mut choice_stmt =
            conn.prepare("SELECT idx, choice FROM choices WHERE game = ?1 ORDER BY idx")?;
        for row in rows {
            let (id, text) = row?;
            let record: GameRecord = serde_json::from_str(&text)
                .map_err(|e| StoreError::Corrupt(format!("game {id}: {e}")))?;
            let mut choices = Vec::new();
            let rows = choice_stmt
                .query_map([&id], |r| Ok((r.get::<_, i64>(0)?, r.get::<_, String>(1)?)))?;
            for (expected, row) in rows.enumerate() {
                let (idx, text) = row?;
                if idx != expected as i64 {
                    return Err(StoreError::Corrupt(format!(
                        "game {id}: journal has a gap at choice {expected}"
                    )));
                }
                choices
                    .push(serde_json::from_str(&text).map_err(|e| {
                        StoreError::Corrupt(format!("game {id} choice {idx}: {e}"))
                    })?);
            }
            games.push((record, choices));
        }
        Ok(games)
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
            seats: vec![SeatKind::Human, SeatKind::Bot("random".into())],
            seat_tokens: vec!["a".into(), "b".into()],
            spectator_token: "s".into(),
            bot_delay_ms: 0,
        }
    }

    #[test]
    fn journal_round_trip_and_no_forks() {
        let store = SqliteStore::in_memory().unwrap();
        store.create(&record("g1")).unwrap();
        assert!(store.create(&record("g1")).is_err(), "ids are unique");
        let c = SavedChoice {
            seat: Seat(1),
            choice: Choice::Pass,
        };
        store.append("g1", 0, &c).unwrap();
        store.append("g1", 1, &c).unwrap();
        assert!(
            store.append("g1", 1, &c).is_err(),
            "an index is written once"
        );
        store.truncate("g1", 1).unwrap();
        let all = store.load_all().unwrap();
        assert_eq!(all.len(), 1);
        assert_eq!(all[0].0, record("g1"));
        assert_eq!(all[0].1, vec![c]);
    }
}
