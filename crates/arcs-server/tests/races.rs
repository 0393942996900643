//! Races between people, bots, undo, unloading and restarts, and damaged
//! stored games (issue 11 items 1 and 4).

mod common;

use arcs_server::limits::CreationLimits;
use arcs_server::{Hub, HubSettings, SqliteStore};
use axum::http::StatusCode;
use serde_json::{json, Value};
use std::sync::Arc;
use std::time::Duration;

async fn call_full(
    hub: &Arc<Hub>,
    method: &str,
    uri: &str,
    body: Option<Value>,
) -> (StatusCode, axum::http::HeaderMap, Value) {
    common::send(hub, method, uri, body.map(|b| b.to_string().into_bytes())).await
}

async fn call(hub: &Arc<Hub>, method: &str, uri: &str, body: Option<Value>) -> (StatusCode, Value) {
    let (s, _, v) = call_full(hub, method, uri, body).await;
    (s, v)
}

fn ok_or_conflict(st: StatusCode, body: &Value) {
    assert!(
        st == StatusCode::OK || st == StatusCode::CONFLICT,
        "{st}: {body}"
    );
}

/// One person against a search bot that thinks for a while: the person
/// keeps acting, undoing and acting again while the bot waits or thinks.
async fn undo_against_a_thinking_bot(hub: Arc<Hub>, seed: u64) -> (String, String, usize) {
    let (s, g) = call(
        &hub,
        "POST",
        "/api/games",
        Some(json!({"seats": ["human", "search:15ms"], "seed": seed, "bot_delay_ms": 3})),
    )
    .await;
    assert_eq!(s, StatusCode::CREATED, "{g}");
    let id = g["id"].as_str().unwrap().to_string();
    let tok = g["seats"][0]["token"].as_str().unwrap().to_string();
    let url = format!("/api/games/{id}?token={tok}");
    let choice = format!("/api/games/{id}/choice?token={tok}");
    let undo = format!("/api/games/{id}/undo?token={tok}");
    let mut undos = 0;
    for step in 0..250usize {
        let (st, s) = call(&hub, "GET", &url, None).await;
        assert_eq!(st, StatusCode::OK, "{s}");
        if s["view"]["outcome"].is_object() {
            break;
        }
        if s["your_turn"] != true {
            tokio::time::sleep(Duration::from_millis(1)).await;
            continue;
        }
        let n = s["choices_text"].as_array().unwrap().len();
        let body = json!({"version": s["version"], "index": step % n});
        let (st, after) = call(&hub, "POST", &choice, Some(body)).await;
        ok_or_conflict(st, &after);
        if st != StatusCode::OK || after["undoable"].as_u64().unwrap_or(0) == 0 {
            continue;
        }
        let (st, back) = call(
            &hub,
            "POST",
            &undo,
            Some(json!({"version": after["version"]})),
        )
        .await;
        ok_or_conflict(st, &back);
        if st != StatusCode::OK {
            continue;
        }
        undos += 1;
        let n = back["choices_text"].as_array().unwrap().len();
        if n > 0 {
            let body = json!({"version": back["version"], "index": (step + 1) % n});
            let (st, again) = call(&hub, "POST", &choice, Some(body)).await;
            ok_or_conflict(st, &again);
        }
    }
    (id, tok, undos)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn undo_while_a_bot_thinks_never_corrupts_the_journal() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("arcs.sqlite3");
    let hub = Hub::open(Arc::new(SqliteStore::open(&db).unwrap())).unwrap();
    let games: Vec<_> = (0..4)
        .map(|seed| tokio::spawn(undo_against_a_thinking_bot(hub.clone(), seed)))
        .collect();
    let mut seats = Vec::new();
    let mut undos = 0;
    for g in games {
        let (id, tok, n) = g.await.unwrap();
        seats.push((id, tok));
        undos += n;
    }
    assert!(undos >= 10, "only {undos} undos");
    // Let any bot in the middle of a move finish, then compare every game
    // as it is in memory with the game replayed from the database.
    tokio::time::sleep(Duration::from_millis(300)).await;
    let mut live = Vec::new();
    for (id, tok) in &seats {
        live.push(call(&hub, "GET", &format!("/api/games/{id}?token={tok}"), None).await);
    }
    drop(hub);
    let again = Hub::open(Arc::new(SqliteStore::open(&db).unwrap())).unwrap();
    assert!(again.set_aside_games().is_empty());
    assert_eq!(again.check_stored_games(), 0, "every journal replays");
    for ((id, tok), (st, before)) in seats.iter().zip(live) {
        assert_eq!(st, StatusCode::OK);
        let (st, after) = call(&again, "GET", &format!("/api/games/{id}?token={tok}"), None).await;
        assert_eq!(st, StatusCode::OK, "{after}");
        assert_eq!(after["version"], before["version"], "game {id}");
        assert_eq!(after["view"]["seats"], before["view"]["seats"], "game {id}");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_damaged_journal_is_set_aside_and_the_rest_serve_on() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("arcs.sqlite3");
    let mut made = Vec::new();
    {
        let hub = Hub::open(Arc::new(SqliteStore::open(&db).unwrap())).unwrap();
        for seats in [
            json!(["human", "human"]),
            json!(["human", "human"]),
            // Its bots wait 10 s before each move: it waits for a bot.
            json!(["random", "random"]),
        ] {
            let (s, g) = call(
                &hub,
                "POST",
                "/api/games",
                Some(json!({"seats": seats, "bot_delay_ms": 10_000})),
            )
            .await;
            assert_eq!(s, StatusCode::CREATED);
            made.push(g);
        }
        // A few moves in the first two games.
        for g in &made[..2] {
            let id = g["id"].as_str().unwrap();
            for _ in 0..4 {
                for t in g["seats"].as_array().unwrap() {
                    let tok = t["token"].as_str().unwrap();
                    let (_, s) =
                        call(&hub, "GET", &format!("/api/games/{id}?token={tok}"), None).await;
                    if s["your_turn"] == true {
                        let body = json!({"version": s["version"], "index": 0});
                        let (st, _) = call(
                            &hub,
                            "POST",
                            &format!("/api/games/{id}/choice?token={tok}"),
                            Some(body),
                        )
                        .await;
                        assert_eq!(st, StatusCode::OK);
                    }
                }
            }
        }
    }
    let ids: Vec<String> = made
        .iter()
        .map(|g| g["id"].as_str().unwrap().to_string())
        .collect();
    let tok = |i: usize, seat: usize| {
        made[i]["seats"][seat]["token"]
            .as_str()
            .or(made[i]["spectator_token"].as_str())
            .unwrap()
            .to_string()
    };
    // Damage two journals: one replays into an illegal choice (its first
    // choice given to the wrong seat), one waiting for its bot has a gap.
    let rows_before = {
        let conn = rusqlite::Connection::open(&db).unwrap();
        let first: String = conn
            .query_row(
                "SELECT choice FROM choices WHERE game = ?1 AND idx = 0",
                [&ids[1]],
                |r| r.get(0),
            )
            .unwrap();
        let waiting: String = conn
            .query_row("SELECT waiting FROM games WHERE id = ?1", [&ids[2]], |r| {
                r.get(0)
            })
            .unwrap();
        assert_eq!(waiting, "bot");
        let mut c: Value = serde_json::from_str(&first).unwrap();
        c["seat"] = json!(if c["seat"] == 1 { 2 } else { 1 });
        conn.execute(
            "UPDATE choices SET choice = ?2 WHERE game = ?1 AND idx = 0",
            (&ids[1], c.to_string()),
        )
        .unwrap();
        conn.execute(
            "INSERT INTO choices (game, idx, choice) VALUES (?1, 7, ?2)",
            (&ids[2], first),
        )
        .unwrap();
        let n: i64 = conn
            .query_row("SELECT COUNT(*) FROM choices", [], |r| r.get(0))
            .unwrap();
        n
    };
    // The server starts; the game waiting for its bot is found at once.
    let hub = Hub::open(Arc::new(SqliteStore::open(&db).unwrap())).unwrap();
    hub.wake_all();
    assert_eq!(hub.set_aside_games(), vec![ids[2].clone()]);
    // The background check finds the other one.
    assert_eq!(hub.check_stored_games(), 1);
    let mut aside = vec![ids[1].clone(), ids[2].clone()];
    aside.sort();
    assert_eq!(hub.set_aside_games(), aside);
    // The good game plays on.
    let (st, s) = call(
        &hub,
        "GET",
        &format!("/api/games/{}?token={}", ids[0], tok(0, 0)),
        None,
    )
    .await;
    assert_eq!(st, StatusCode::OK, "{s}");
    // The damaged ones answer with an error on their own URLs, for reads
    // and for acts, and their data is untouched.
    for (i, seat) in [(1, 0), (2, 1)] {
        let (st, e) = call(
            &hub,
            "GET",
            &format!("/api/games/{}?token={}", ids[i], tok(i, seat)),
            None,
        )
        .await;
        assert_eq!(st, StatusCode::INTERNAL_SERVER_ERROR);
        assert!(e["error"].as_str().unwrap().contains("set aside"), "{e}");
        let (st, _) = call(
            &hub,
            "POST",
            &format!("/api/games/{}/choice?token={}", ids[i], tok(i, seat)),
            Some(json!({"version": 1, "index": 0})),
        )
        .await;
        assert_eq!(st, StatusCode::INTERNAL_SERVER_ERROR);
    }
    tokio::time::sleep(Duration::from_millis(100)).await;
    drop(hub);
    let conn = rusqlite::Connection::open(&db).unwrap();
    let n: i64 = conn
        .query_row("SELECT COUNT(*) FROM choices", [], |r| r.get(0))
        .unwrap();
    assert_eq!(n, rows_before, "set-aside games are kept as they were");
}

fn settings() -> HubSettings {
    HubSettings {
        unload_idle_after: Duration::ZERO,
        unload_finished_after: Duration::ZERO,
        ..HubSettings::default()
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn idle_games_leave_memory_and_come_back_even_mid_request() {
    let hub = Hub::open_with(Arc::new(SqliteStore::in_memory().unwrap()), settings()).unwrap();
    let (_, g) = call(
        &hub,
        "POST",
        "/api/games",
        Some(json!({"seats": ["human", "human"]})),
    )
    .await;
    let id = g["id"].as_str().unwrap().to_string();
    let toks: Vec<String> = (0..2)
        .map(|i| g["seats"][i]["token"].as_str().unwrap().to_string())
        .collect();
    assert_eq!(hub.game_count(), 1);
    assert_eq!(hub.unload_idle(), 1);
    assert_eq!(hub.game_count(), 0, "an idle game leaves memory");
    // Two people play while the game is unloaded again and again.
    let stop = Arc::new(std::sync::atomic::AtomicBool::new(false));
    let sweeper = {
        let (hub, stop) = (hub.clone(), stop.clone());
        tokio::spawn(async move {
            let mut n = 0;
            while !stop.load(std::sync::atomic::Ordering::Relaxed) {
                n += hub.unload_idle();
                tokio::task::yield_now().await;
            }
            n
        })
    };
    let mut moves = 0;
    let mut unloads = 0;
    for step in 0..150usize {
        unloads += hub.unload_idle();
        let tok = &toks[step % 2];
        let (st, s) = call(&hub, "GET", &format!("/api/games/{id}?token={tok}"), None).await;
        assert_eq!(st, StatusCode::OK, "{s}");
        if s["your_turn"] != true {
            continue;
        }
        let n = s["choices_text"].as_array().unwrap().len();
        let body = json!({"version": s["version"], "index": step % n});
        let (st, after) = call(
            &hub,
            "POST",
            &format!("/api/games/{id}/choice?token={tok}"),
            Some(body),
        )
        .await;
        assert_eq!(st, StatusCode::OK, "{after}");
        moves += 1;
    }
    stop.store(true, std::sync::atomic::Ordering::Relaxed);
    unloads += sweeper.await.unwrap();
    assert!(
        moves > 30 && unloads > 30,
        "{moves} moves, {unloads} unloads"
    );
    // An open page's update stream keeps a game in play in memory.
    let (_, s) = call(
        &hub,
        "GET",
        &format!("/api/games/{id}?token={}", toks[0]),
        None,
    )
    .await;
    assert!(s["view"]["outcome"].is_null(), "the game is still in play");
    let live = hub.open_seat(&id, &toks[0]).await.unwrap().0;
    let rx = hub.subscribe(&live);
    assert_eq!(hub.unload_idle(), 0);
    drop(rx);
    assert_eq!(hub.unload_idle(), 1);
    assert!(s["version"].as_u64().unwrap() >= moves);
}

#[tokio::test]
async fn game_creation_is_limited_with_a_clear_429() {
    let hub = Hub::open_with(
        Arc::new(SqliteStore::in_memory().unwrap()),
        HubSettings {
            creation: CreationLimits {
                per_address_per_hour: 2,
                per_hour: 0,
            },
            ..HubSettings::default()
        },
    )
    .unwrap();
    let body = json!({"seats": ["human", "random"], "bot_delay_ms": 0});
    for _ in 0..2 {
        let (st, _) = call(&hub, "POST", "/api/games", Some(body.clone())).await;
        assert_eq!(st, StatusCode::CREATED);
    }
    // Bad settings are refused as such and use up nothing.
    let (st, _) = call(
        &hub,
        "POST",
        "/api/games",
        Some(json!({"seats": ["human"]})),
    )
    .await;
    assert_eq!(st, StatusCode::UNPROCESSABLE_ENTITY);
    let (st, headers, e) = call_full(&hub, "POST", "/api/games", Some(body)).await;
    assert_eq!(st, StatusCode::TOO_MANY_REQUESTS);
    assert!(
        e["error"].as_str().unwrap().contains("too many new games"),
        "{e}"
    );
    let retry: u64 = headers["retry-after"].to_str().unwrap().parse().unwrap();
    assert!((1..=1800).contains(&retry), "{retry}");
    assert_eq!(hub.stored_count().unwrap(), 2);
}
