//! HTTP-level tests of `arcs serve` (issue 5): create, join, act, undo,
//! errors, leak checks and restart durability, through the real router.

mod common;

use arcs_server::{http, Hub, SqliteStore, Store};
use axum::body::Body;
use axum::http::{Request, StatusCode};
use http_body_util::BodyExt;
use serde_json::{json, Value};
use std::sync::Arc;
use tower::ServiceExt;

fn hub() -> Arc<Hub> {
    Hub::open(Arc::new(SqliteStore::in_memory().unwrap())).unwrap()
}

async fn call(hub: &Arc<Hub>, method: &str, uri: &str, body: Option<&str>) -> (StatusCode, Value) {
    let (status, _, value) =
        common::send(hub, method, uri, body.map(|b| b.as_bytes().to_vec())).await;
    (status, value)
}

async fn create(hub: &Arc<Hub>, body: Value) -> Value {
    let (status, v) = call(hub, "POST", "/api/games", Some(&body.to_string())).await;
    assert_eq!(status, StatusCode::CREATED, "{v}");
    v
}

fn tokens(created: &Value) -> Vec<String> {
    created["seats"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["token"].as_str().unwrap_or("").to_string())
        .collect()
}

async fn snap(hub: &Arc<Hub>, id: &str, token: &str) -> Value {
    let (status, v) = call(hub, "GET", &format!("/api/games/{id}?token={token}"), None).await;
    assert_eq!(status, StatusCode::OK, "{v}");
    v
}

async fn act(
    hub: &Arc<Hub>,
    id: &str,
    token: &str,
    version: u64,
    index: usize,
) -> (StatusCode, Value) {
    call(
        hub,
        "POST",
        &format!("/api/games/{id}/choice?token={token}"),
        Some(&json!({"version": version, "index": index}).to_string()),
    )
    .await
}

/// The seat whose decision is pending, and its token.
fn deciding(s: &Value, toks: &[String]) -> Option<(usize, String)> {
    let seat = s["view"]["pending"]["seat"].as_u64()? as usize;
    Some((seat, toks[seat - 1].clone()))
}

/// What must never appear in a seat's snapshot (issue 5 guarantees).
fn assert_no_leak(s: &Value, me: Option<u64>) {
    let text = s.to_string();
    for secret in [
        "\"rng\"",
        "\"seed\"",
        "court_deck\":[",
        "lore_deck",
        "forced",
        "known_discard",
        "seat_tokens",
        "spectator_token",
    ] {
        assert!(!text.contains(secret), "snapshot leaks {secret}");
    }
    for seat in s["view"]["seats"].as_array().unwrap() {
        if Some(seat["seat"].as_u64().unwrap()) != me {
            assert!(seat.get("hand").is_none(), "another seat's hand leaked");
        }
    }
    for e in s["view"]["log"].as_array().unwrap() {
        if let Some(p) = e.get("private_to") {
            assert_eq!(p.as_u64(), me, "a private event of another seat leaked");
        }
    }
    for p in s["view"]["plays"].as_array().unwrap() {
        if p["kind"] != "lead" && p["kind"] != "surpass" && Some(p["seat"].as_u64().unwrap()) != me
        {
            // Face-down plays of others show no card.
            if p["kind"] == "copy" || p["kind"] == "seize" {
                assert!(p["card"].is_null(), "a face-down card leaked: {p}");
            }
        }
    }
    if s["you"].is_null() || !s["your_turn"].as_bool().unwrap() {
        assert!(s["choices_text"].as_array().unwrap().is_empty());
    }
}

#[tokio::test]
async fn create_join_act_and_views_stay_private() {
    let hub = hub();
    let g = create(&hub, json!({"seats": ["human", "human", "human"]})).await;
    let id = g["id"].as_str().unwrap();
    let toks = tokens(&g);
    let spectator = g["spectator_token"].as_str().unwrap();
    assert_eq!(toks.len(), 3);
    // Play 150 choices through the API, always by the deciding seat; after
    // each, every seat's and the spectator's snapshot is checked for leaks.
    for step in 0..150 {
        let s = snap(&hub, id, spectator).await;
        assert_no_leak(&s, None);
        let Some((seat, tok)) = deciding(&s, &toks) else {
            break;
        };
        let mine = snap(&hub, id, &tok).await;
        assert_eq!(mine["you"].as_u64(), Some(seat as u64));
        assert!(mine["your_turn"].as_bool().unwrap());
        assert_no_leak(&mine, Some(seat as u64));
        // Standings, scoring breakdowns and the round are public: a seat
        // sees exactly what the spectator sees.
        for key in ["ambitions", "scoring", "power_by_chapter", "round"] {
            assert_eq!(s["view"][key], mine["view"][key], "{key}");
        }
        assert_eq!(s["view"]["ambitions"].as_array().map(Vec::len), Some(5));
        let n = mine["choices_text"].as_array().unwrap().len();
        let version = mine["version"].as_u64().unwrap();
        let (status, after) = act(&hub, id, &tok, version, step % n).await;
        assert_eq!(status, StatusCode::OK, "{after}");
        assert_no_leak(&after, Some(seat as u64));
        // A seat sees its own hand.
        assert!(after["view"]["seats"][seat - 1].get("hand").is_some());
    }
}

/// The replay slider (issue 21): a past point comes as the seat saw it —
/// its own hand only, no choices to act on — and never beyond the game;
/// bad steps are refused and change nothing.
#[tokio::test]
async fn replays_show_each_seat_only_what_it_saw() {
    let hub = hub();
    let g = create(&hub, json!({"seats": ["human", "human", "human"]})).await;
    let id = g["id"].as_str().unwrap();
    let toks = tokens(&g);
    let spectator = g["spectator_token"].as_str().unwrap().to_string();
    for step in 0..60 {
        let s = snap(&hub, id, &spectator).await;
        let Some((_, tok)) = deciding(&s, &toks) else {
            break;
        };
        let mine = snap(&hub, id, &tok).await;
        let n = mine["choices_text"].as_array().unwrap().len();
        let version = mine["version"].as_u64().unwrap();
        let (status, after) = act(&hub, id, &tok, version, step % n).await;
        assert_eq!(status, StatusCode::OK, "{after}");
    }
    let now = snap(&hub, id, &spectator).await;
    for (who, tok) in toks
        .iter()
        .enumerate()
        .map(|(i, t)| (Some(i as u64 + 1), t.clone()))
        .chain([(None, spectator.clone())])
    {
        for step in [0usize, 1, 7, 30, 59, 60, 1_000_000] {
            let (status, r) = call(
                &hub,
                "GET",
                &format!("/api/games/{id}/replay?token={tok}&step={step}"),
                None,
            )
            .await;
            assert_eq!(status, StatusCode::OK, "{r}");
            assert_eq!(r["steps"], 60);
            assert_eq!(r["step"].as_u64(), Some(step.min(60) as u64));
            let past = &r["snapshot"];
            assert_no_leak(past, who);
            assert_eq!(past["you"].as_u64(), who);
            assert_eq!(past["your_turn"], false, "a past point cannot be acted on");
            assert!(past["choices_text"].as_array().unwrap().is_empty());
            assert!(past["view"]["pending"]
                .get("choices")
                .is_none_or(|c| c.as_array().is_some_and(Vec::is_empty)));
            if let Some(me) = who {
                assert!(
                    past["view"]["seats"][me as usize - 1].get("hand").is_some(),
                    "a seat sees its own hand then"
                );
            }
        }
        // The last point is the position now, as this viewer sees it.
        let (_, r) = call(
            &hub,
            "GET",
            &format!("/api/games/{id}/replay?token={tok}&step=60"),
            None,
        )
        .await;
        assert_eq!(r["snapshot"]["view"]["systems"], now["view"]["systems"]);
    }
    for bad in ["-1", "x", "1.5", "99999999999999999999999", ""] {
        let (status, r) = call(
            &hub,
            "GET",
            &format!("/api/games/{id}/replay?token={}&step={bad}", toks[0]),
            None,
        )
        .await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "step={bad}: {r}");
        assert!(r["error"].as_str().is_some_and(|e| !e.is_empty()), "{r}");
    }
    let (status, _) = call(
        &hub,
        "GET",
        &format!("/api/games/{id}/replay?token=nope&step=3"),
        None,
    )
    .await;
    assert!(status.is_client_error());
    assert_eq!(
        snap(&hub, id, &spectator).await["version"],
        now["version"],
        "replays change nothing"
    );
}

#[tokio::test]
async fn bad_requests_get_clear_errors_and_change_nothing() {
    let hub = hub();
    let g = create(&hub, json!({"seats": ["human", "human"]})).await;
    let id = g["id"].as_str().unwrap();
    let toks = tokens(&g);
    let spectator = g["spectator_token"].as_str().unwrap();
    let before = snap(&hub, id, spectator).await;
    let (seat, tok) = deciding(&before, &toks).unwrap();
    let other = &toks[seat % 2];
    let v = before["version"].as_u64().unwrap();

    let cases: Vec<(StatusCode, String, Option<String>)> = vec![
        (
            StatusCode::NOT_FOUND,
            "/api/games/nope?token=x".into(),
            None,
        ),
        (
            StatusCode::FORBIDDEN,
            format!("/api/games/{id}?token=wrong"),
            None,
        ),
        (StatusCode::BAD_REQUEST, format!("/api/games/{id}"), None),
    ];
    for (want, uri, _) in cases {
        let (status, body) = call(&hub, "GET", &uri, None).await;
        assert_eq!(status, want, "{uri}: {body}");
        assert!(
            body["error"].as_str().is_some_and(|e| !e.is_empty()),
            "{body}"
        );
    }
    let choice = |t: &str| format!("/api/games/{id}/choice?token={t}");
    let posts = [
        (
            StatusCode::CONFLICT,
            choice(&tok),
            json!({"version": v + 5, "index": 0}).to_string(),
        ),
        (
            StatusCode::CONFLICT,
            choice(other),
            json!({"version": v, "index": 0}).to_string(),
        ),
        (
            StatusCode::FORBIDDEN,
            choice(spectator),
            json!({"version": v, "index": 0}).to_string(),
        ),
        (
            StatusCode::FORBIDDEN,
            choice("zzz"),
            json!({"version": v, "index": 0}).to_string(),
        ),
        (
            StatusCode::UNPROCESSABLE_ENTITY,
            choice(&tok),
            json!({"version": v, "index": 999}).to_string(),
        ),
        (
            StatusCode::BAD_REQUEST,
            choice(&tok),
            "{not json".to_string(),
        ),
        (
            StatusCode::BAD_REQUEST,
            choice(&tok),
            json!({"version": v}).to_string(),
        ),
        (
            StatusCode::BAD_REQUEST,
            choice(&tok),
            json!({"version": -1, "index": 0}).to_string(),
        ),
        (
            StatusCode::PAYLOAD_TOO_LARGE,
            choice(&tok),
            format!("{{\"pad\":\"{}\"}}", "x".repeat(100_000)),
        ),
        (
            StatusCode::UNPROCESSABLE_ENTITY,
            format!("/api/games/{id}/undo?token={tok}"),
            json!({"version": v}).to_string(),
        ),
        (
            StatusCode::UNPROCESSABLE_ENTITY,
            "/api/games".into(),
            json!({"seats": ["human"]}).to_string(),
        ),
        (
            StatusCode::UNPROCESSABLE_ENTITY,
            "/api/games".into(),
            json!({"seats": ["human", "genius"]}).to_string(),
        ),
        (
            StatusCode::UNPROCESSABLE_ENTITY,
            "/api/games".into(),
            json!({"seats": ["human", "search:1h"]}).to_string(),
        ),
        (
            StatusCode::UNPROCESSABLE_ENTITY,
            "/api/games".into(),
            json!({"seats": ["human", "human"], "mode": "chess"}).to_string(),
        ),
        (
            StatusCode::UNPROCESSABLE_ENTITY,
            "/api/games".into(),
            json!({"seats": ["human", "human"], "setup_card": "nowhere"}).to_string(),
        ),
        (
            StatusCode::BAD_REQUEST,
            "/api/games".into(),
            json!({"seats": ["human", "human"], "colour": "red"}).to_string(),
        ),
        // Issue 11 item 7: an array is not a choice, however serde reads it.
        (StatusCode::BAD_REQUEST, choice(&tok), format!("[{v},0]")),
        (StatusCode::BAD_REQUEST, choice(&tok), "  \"x\"".into()),
        (
            StatusCode::UNPROCESSABLE_ENTITY,
            "/api/games".into(),
            json!({"seats": ["human", "random"], "bot_delay_ms": 10_001}).to_string(),
        ),
        (
            StatusCode::UNPROCESSABLE_ENTITY,
            "/api/games".into(),
            json!({"seats": ["human", "random"], "second_lore": true}).to_string(),
        ),
        // Issue 11 item 5: a chosen seed reveals every hand to its chooser.
        (
            StatusCode::UNPROCESSABLE_ENTITY,
            "/api/games".into(),
            json!({"seats": ["human", "human"], "seed": 5}).to_string(),
        ),
    ];
    for (want, uri, body) in posts {
        let (status, resp) = call(&hub, "POST", &uri, Some(&body)).await;
        assert_eq!(
            status,
            want,
            "{uri} {}: {resp}",
            &body[..body.len().min(60)]
        );
        assert!(
            resp["error"].as_str().is_some_and(|e| !e.is_empty()),
            "{resp}"
        );
    }
    // Issue 11 item 7: a version the game has not reached says so.
    let (_, resp) = call(
        &hub,
        "POST",
        &choice(&tok),
        Some(&json!({"version": v + 5, "index": 0}).to_string()),
    )
    .await;
    assert!(
        resp["error"]
            .as_str()
            .unwrap()
            .contains(&format!("no version {}", v + 5)),
        "{resp}"
    );
    let (_, resp) = call(
        &hub,
        "POST",
        &choice(other),
        Some(&json!({"version": v, "index": 0}).to_string()),
    )
    .await;
    assert!(
        resp["error"]
            .as_str()
            .unwrap()
            .contains("not your decision"),
        "{resp}"
    );
    // No content type.
    let req = Request::builder()
        .method("POST")
        .uri(choice(&tok))
        .body(Body::from(json!({"version": v, "index": 0}).to_string()))
        .unwrap();
    let res = http::router(hub.clone()).oneshot(req).await.unwrap();
    assert_eq!(res.status(), StatusCode::UNSUPPORTED_MEDIA_TYPE);
    // Nothing changed, and only the one game exists.
    assert_eq!(snap(&hub, id, spectator).await, before);
    assert_eq!(hub.game_count(), 1);
    // Unknown pages.
    assert_eq!(
        call(&hub, "GET", "/nothing/here", None).await.0,
        StatusCode::NOT_FOUND
    );
}

#[tokio::test]
async fn undo_takes_back_own_choices_only() {
    let hub = hub();
    let g = create(&hub, json!({"seats": ["human", "human"]})).await;
    let id = g["id"].as_str().unwrap();
    let toks = tokens(&g);
    let spectator = g["spectator_token"].as_str().unwrap();
    let mut undone = 0;
    for step in 0..200 {
        let s = snap(&hub, id, spectator).await;
        let Some((_, tok)) = deciding(&s, &toks) else {
            break;
        };
        let mine = snap(&hub, id, &tok).await;
        let v = mine["version"].as_u64().unwrap();
        let n = mine["choices_text"].as_array().unwrap().len();
        let (_, after) = act(&hub, id, &tok, v, step % n).await;
        // Issue 21: the Undo button says what it takes back, in the words
        // the choice had when it was taken.
        if after["undoable"].as_u64().unwrap() > 0 {
            assert_eq!(
                after["undo_words"],
                mine["choices_described"][step % n],
                "undo names the choice it takes back"
            );
        } else {
            assert!(after.get("undo_words").is_none(), "{}", after["undo_words"]);
        }
        if after["undoable"].as_u64().unwrap() > 0 && undone < 5 {
            let (status, back) = call(
                &hub,
                "POST",
                &format!("/api/games/{id}/undo?token={tok}"),
                Some(&json!({"version": v + 1}).to_string()),
            )
            .await;
            assert_eq!(status, StatusCode::OK, "{back}");
            assert_no_leak(&back, back["you"].as_u64());
            // Issue 11 item 1: the position is the one of version v, but
            // its version is new, so a page still showing version v (or
            // v + 1) cannot act on it by mistake.
            assert_eq!(back["version"].as_u64(), Some(v + 2));
            assert_eq!(back["view"], mine["view"], "undo restores the position");
            let (status, _) = act(&hub, id, &tok, v, step % n).await;
            assert_eq!(status, StatusCode::CONFLICT, "version {v} is gone");
            undone += 1;
            // Move on with the same choice.
            let (status, _) = act(&hub, id, &tok, v + 2, step % n).await;
            assert_eq!(status, StatusCode::OK);
        } else if after["undoable"].as_u64().unwrap() == 0 {
            // The other seat cannot undo this seat's choice either.
            let other = toks.iter().find(|t| **t != tok).unwrap();
            let (status, _) = call(
                &hub,
                "POST",
                &format!("/api/games/{id}/undo?token={other}"),
                Some(&json!({"version": v + 1}).to_string()),
            )
            .await;
            assert_ne!(status, StatusCode::OK);
        }
    }
    assert!(undone > 0);
}

#[tokio::test]
async fn games_survive_a_restart() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("arcs.sqlite3");
    let (id, toks, spectator, before) = {
        let hub = Hub::open(Arc::new(SqliteStore::open(&db).unwrap())).unwrap();
        let g = create(
            &hub,
            json!({"seats": ["human", "human", "human"], "mode": "leaders-lore"}),
        )
        .await;
        let id = g["id"].as_str().unwrap().to_string();
        let toks = tokens(&g);
        let spectator = g["spectator_token"].as_str().unwrap().to_string();
        for step in 0..60 {
            let s = snap(&hub, &id, &spectator).await;
            let Some((_, tok)) = deciding(&s, &toks) else {
                break;
            };
            let mine = snap(&hub, &id, &tok).await;
            let n = mine["choices_text"].as_array().unwrap().len();
            let (status, _) =
                act(&hub, &id, &tok, mine["version"].as_u64().unwrap(), step % n).await;
            assert_eq!(status, StatusCode::OK);
        }
        let before: Vec<Value> = {
            let mut v = Vec::new();
            for t in toks.iter().chain([&spectator]) {
                v.push(snap(&hub, &id, t).await);
            }
            v
        };
        (id, toks, spectator, before)
        // The hub and its database connection are dropped here, as when
        // the server is killed.
    };
    let hub = Hub::open(Arc::new(SqliteStore::open(&db).unwrap())).unwrap();
    for (t, b) in toks.iter().chain([&spectator]).zip(&before) {
        assert_eq!(
            &snap(&hub, &id, t).await,
            b,
            "the game continues where it was"
        );
    }
    assert!(before[0]["version"].as_u64().unwrap() >= 60);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn bots_answer_until_it_is_the_persons_turn() {
    let hub = hub();
    let g = create(
        &hub,
        json!({"seats": ["heuristic", "human", "random"], "seed": 8, "bot_delay_ms": 0}),
    )
    .await;
    let id = g["id"].as_str().unwrap();
    let tok = tokens(&g)[1].clone();
    assert_eq!(g["seats"][0]["token"], Value::Null, "bots get no link");
    let mut moves = 0;
    for _ in 0..2000 {
        let s = snap(&hub, id, &tok).await;
        if s["view"]["outcome"].is_object() || moves >= 40 {
            break;
        }
        if s["your_turn"].as_bool().unwrap() {
            let (status, _) = act(&hub, id, &tok, s["version"].as_u64().unwrap(), 0).await;
            if status == StatusCode::OK {
                moves += 1;
            }
        } else {
            tokio::time::sleep(std::time::Duration::from_millis(5)).await;
        }
    }
    assert!(
        moves >= 40,
        "the person got {moves} turns: the bots kept the game going"
    );
}

#[test]
fn store_is_a_trait_object() {
    // Other databases plug in behind `Store` (issue 5).
    let s: Arc<dyn Store> = Arc::new(SqliteStore::in_memory().unwrap());
    assert_eq!(s.count().unwrap(), 0);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn concurrent_choices_on_one_game_are_serialized() {
    let hub = hub();
    let g = create(&hub, json!({"seats": ["human", "human"]})).await;
    let id = g["id"].as_str().unwrap().to_string();
    let toks = tokens(&g);
    let s = snap(&hub, &id, g["spectator_token"].as_str().unwrap()).await;
    let (_, tok) = deciding(&s, &toks).unwrap();
    let v = s["version"].as_u64().unwrap();
    // Twenty requests at once, all for the same version: exactly one wins.
    let mut tasks = Vec::new();
    for i in 0..20 {
        let (hub, id, tok) = (hub.clone(), id.clone(), tok.clone());
        tasks.push(tokio::spawn(async move {
            act(&hub, &id, &tok, v, i % 2).await.0
        }));
    }
    let mut ok = 0;
    for t in tasks {
        match t.await.unwrap() {
            StatusCode::OK => ok += 1,
            s => assert_eq!(s, StatusCode::CONFLICT),
        }
    }
    assert_eq!(ok, 1);
    let after = snap(&hub, &id, &tok).await;
    assert_eq!(after["version"].as_u64(), Some(v + 1));
}

/// The next frame of a live-update stream's body, as text.
async fn next_frame(body: &mut Body) -> String {
    let frame = tokio::time::timeout(std::time::Duration::from_secs(10), body.frame())
        .await
        .expect("an update arrives")
        .unwrap()
        .unwrap();
    String::from_utf8(frame.into_data().unwrap().to_vec()).unwrap()
}

#[tokio::test]
async fn live_updates_carry_only_the_version() {
    let hub = hub();
    let g = create(&hub, json!({"seats": ["human", "human"]})).await;
    let id = g["id"].as_str().unwrap();
    let toks = tokens(&g);
    let spectator = g["spectator_token"].as_str().unwrap();
    let req = Request::builder()
        .uri(format!("/api/games/{id}/updates?token={spectator}"))
        .body(Body::empty())
        .unwrap();
    let res = http::router(hub.clone()).oneshot(req).await.unwrap();
    assert_eq!(res.status(), StatusCode::OK);
    let mut body = res.into_body();
    let s = snap(&hub, id, spectator).await;
    let v = s["version"].as_u64().unwrap();
    // First the version now (a page that reconnects learns whether it
    // missed something), then each change.
    assert_eq!(
        next_frame(&mut body).await.trim(),
        format!("data: {{\"version\":{v}}}")
    );
    let (_, tok) = deciding(&s, &toks).unwrap();
    assert_eq!(act(&hub, id, &tok, v, 0).await.0, StatusCode::OK);
    assert_eq!(
        next_frame(&mut body).await.trim(),
        format!("data: {{\"version\":{}}}", v + 1)
    );
    // A wrong token gets no stream.
    let (status, _) = call(
        &hub,
        "GET",
        &format!("/api/games/{id}/updates?token=nope"),
        None,
    )
    .await;
    assert_eq!(status, StatusCode::FORBIDDEN);
}

/// Issue 18 item 8: seat tokens travel in a header, and the live-update
/// stream opens with a single-use ticket, so no token sits in a URL (and
/// so in a reverse proxy's access log). `?token=` still works.
#[tokio::test]
async fn tokens_travel_in_a_header_and_streams_open_with_a_ticket() {
    let hub = hub();
    let g = create(&hub, json!({"seats": ["human", "human"]})).await;
    let id = g["id"].as_str().unwrap();
    let toks = tokens(&g);
    let spectator = g["spectator_token"].as_str().unwrap();
    let bearer = |t: &str| format!("Bearer {t}");
    let get = |uri: String, auth: Option<String>| {
        let hub = hub.clone();
        async move {
            let headers: Vec<(&str, &str)> = match &auth {
                Some(a) => vec![("authorization", a.as_str())],
                None => vec![],
            };
            let (st, _, v) = common::send_with(&hub, "GET", &uri, &headers, None).await;
            (st, v)
        }
    };
    // Every call takes the token in the header...
    let (st, s) = get(format!("/api/games/{id}?log=1"), Some(bearer(&toks[0]))).await;
    assert_eq!(st, StatusCode::OK, "{s}");
    assert_eq!(s["you"], 1);
    assert_eq!(s["view"]["log"].as_array().unwrap().len(), 1);
    let (seat, tok) = deciding(&s, &toks).unwrap();
    let body = json!({"version": s["version"], "index": 0}).to_string();
    let (st, _, v) = common::send_with(
        &hub,
        "POST",
        &format!("/api/games/{id}/choice"),
        &[("authorization", &bearer(&tok))],
        Some(body.into_bytes()),
    )
    .await;
    assert_eq!(st, StatusCode::OK, "seat {seat}: {v}");
    // ...refuses a wrong one or another scheme...
    let (st, v) = get(format!("/api/games/{id}"), Some(bearer("nope"))).await;
    assert_eq!(st, StatusCode::FORBIDDEN, "{v}");
    let (st, v) = get(
        format!("/api/games/{id}"),
        Some(format!("Basic {}", toks[0])),
    )
    .await;
    assert_eq!(st, StatusCode::BAD_REQUEST, "{v}");
    let (st, v) = get(format!("/api/games/{id}"), None).await;
    assert_eq!(st, StatusCode::BAD_REQUEST);
    assert!(
        v["error"]
            .as_str()
            .unwrap()
            .contains("Authorization: Bearer"),
        "{v}"
    );
    // ...and still reads the old query.
    let (st, _) = get(format!("/api/games/{id}?token={}", toks[1]), None).await;
    assert_eq!(st, StatusCode::OK);

    // A stream: a ticket asked for with the token in the header...
    let ticket = |tok: String| {
        let hub = hub.clone();
        let uri = format!("/api/games/{id}/stream-ticket");
        async move {
            let (st, _, v) = common::send_with(
                &hub,
                "POST",
                &uri,
                &[("authorization", &bearer(&tok))],
                None,
            )
            .await;
            assert_eq!(st, StatusCode::OK, "{v}");
            assert_eq!(v["expires_in"], 60);
            v["ticket"].as_str().unwrap().to_string()
        }
    };
    let t = ticket(spectator.to_string()).await;
    assert_ne!(t, spectator);
    let open = |t: String| {
        let req = Request::builder()
            .uri(format!("/api/games/{id}/updates?ticket={t}"))
            .body(Body::empty())
            .unwrap();
        http::router(hub.clone()).oneshot(req)
    };
    // ...opens one stream...
    let res = open(t.clone()).await.unwrap();
    assert_eq!(res.status(), StatusCode::OK);
    let mut body = res.into_body();
    let v = snap(&hub, id, spectator).await["version"].as_u64().unwrap();
    assert_eq!(
        next_frame(&mut body).await.trim(),
        format!("data: {{\"version\":{v}}}")
    );
    // ...once.
    let (st, e) = get(format!("/api/games/{id}/updates?ticket={t}"), None).await;
    assert_eq!(st, StatusCode::FORBIDDEN);
    assert!(e["error"].as_str().unwrap().contains("ticket"), "{e}");
    let (st, _) = get(format!("/api/games/{id}/updates?ticket=0123"), None).await;
    assert_eq!(st, StatusCode::FORBIDDEN);
    // A viewer keeps a few unused tickets; a new one replaces the oldest.
    let mut kept = Vec::new();
    for _ in 0..5 {
        kept.push(ticket(toks[0].clone()).await);
    }
    let (st, _) = get(format!("/api/games/{id}/updates?ticket={}", kept[0]), None).await;
    assert_eq!(st, StatusCode::FORBIDDEN, "the oldest of five was dropped");
    let res = open(kept[4].clone()).await.unwrap();
    assert_eq!(res.status(), StatusCode::OK);
    // A ticket opens its own game only.
    let other = create(&hub, json!({"seats": ["human", "human"]})).await;
    let (st, _) = get(
        format!(
            "/api/games/{}/updates?ticket={}",
            other["id"].as_str().unwrap(),
            kept[3]
        ),
        None,
    )
    .await;
    assert_eq!(st, StatusCode::FORBIDDEN);
    // A stream also opens with the token in a header (other clients).
    let req = Request::builder()
        .uri(format!("/api/games/{id}/updates"))
        .header("authorization", bearer(&toks[1]))
        .body(Body::empty())
        .unwrap();
    let res = http::router(hub.clone()).oneshot(req).await.unwrap();
    assert_eq!(res.status(), StatusCode::OK);
}

#[tokio::test]
async fn public_data_setup_cards_and_log_tail() {
    let hub = hub();
    let (status, setups) = call(&hub, "GET", "/api/setup-cards", None).await;
    assert_eq!(status, StatusCode::OK);
    let setups = setups.as_array().unwrap().clone();
    assert_eq!(setups.len(), 12, "components.md: 12 setup cards");
    // A listed card can be chosen for a game of its size.
    let four = setups.iter().find(|c| c["players"] == 4).unwrap();
    let g = create(
        &hub,
        json!({"seats": ["human", "random", "random", "random"], "setup_card": four["id"], "bot_delay_ms": 0}),
    )
    .await;
    let id = g["id"].as_str().unwrap();
    let tok = tokens(&g)[0].clone();
    let full = snap(&hub, id, &tok).await;
    assert_eq!(full["view"]["setup_card"], four["id"]);
    let (status, tail) = call(
        &hub,
        "GET",
        &format!("/api/games/{id}?token={tok}&log=1"),
        None,
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    let n = full["view"]["log"].as_array().unwrap().len();
    assert!(n > 1);
    assert_eq!(tail["view"]["log"].as_array().unwrap().len(), 1);
    let (status, map) = call(&hub, "GET", "/api/map", None).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(map["systems"].as_array().unwrap().len(), 24);
    let (status, cards) = call(&hub, "GET", "/api/cards", None).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(
        cards.as_array().unwrap().len(),
        28 + 4 + 27 + 533,
        "action cards, the campaign's Event cards, the Faithful cards and their sides, the catalog"
    );
    assert_eq!(cards[0]["action"]["code"], "ADM1");
    assert!(setups[0]["out_of_play"].is_array());
}

#[tokio::test]
async fn player_names_are_stored_and_shown_as_given() {
    let store: Arc<dyn Store> = Arc::new(SqliteStore::in_memory().unwrap());
    let hub = Hub::open(store.clone()).unwrap();
    let names = json!(["  Ann  ", null, "Zoë <b>&amp;</b> 李"]);
    let g = create(
        &hub,
        json!({"seats": ["human", "random", "human"], "names": names, "bot_delay_ms": 0}),
    )
    .await;
    assert_eq!(g["seats"][0]["name"], "Ann", "trimmed");
    assert!(g["seats"][1].get("name").is_none());
    let id = g["id"].as_str().unwrap();
    let toks = tokens(&g);
    for tok in [
        &toks[0],
        &toks[2],
        &g["spectator_token"].as_str().unwrap().to_string(),
    ] {
        let s = snap(&hub, id, tok).await;
        assert_eq!(
            s["seats"],
            json!([
                {"kind": "human", "name": "Ann"},
                {"kind": "bot", "level": "random"},
                {"kind": "human", "name": "Zoë <b>&amp;</b> 李"}
            ]),
            "every viewer sees every name, exactly as given"
        );
    }
    // Names survive a restart (they are in the stored record).
    let again = Hub::open(store.clone()).unwrap();
    let s = snap(&again, id, &toks[0]).await;
    assert_eq!(s["seats"][2]["name"], "Zoë <b>&amp;</b> 李");

    for (bad, why) in [
        (json!(["Ann"]), "entries for 2 seats"),
        (json!(["Ann", "   "]), "at least one visible character"),
        (json!(["Ann", "x".repeat(25)]), "at most 24 characters"),
        (json!(["Ann", "a\u{0007}b"]), "U+0007"),
        (json!(["Ann", "a\nb"]), "U+000A"),
        (json!(["Ann", "\u{202e}evil"]), "U+202E"),
        (json!(["Ann", 3]), "invalid type"),
    ] {
        let (status, v) = call(
            &hub,
            "POST",
            "/api/games",
            Some(&json!({"seats": ["human", "human"], "names": bad}).to_string()),
        )
        .await;
        let want = if why == "invalid type" {
            StatusCode::BAD_REQUEST
        } else {
            StatusCode::UNPROCESSABLE_ENTITY
        };
        assert_eq!(status, want, "{bad}: {v}");
        let msg = v["error"].as_str().unwrap();
        assert!(msg.contains(why), "{bad}: {msg}");
    }
    // 24 characters of any script are fine.
    let long = "é".repeat(24);
    let g = create(
        &hub,
        json!({"seats": ["human", "human"], "names": [long, "🦊"]}),
    )
    .await;
    assert_eq!(g["seats"][0]["name"], "é".repeat(24));
    assert_eq!(store.count().unwrap(), 2, "refused settings stored nothing");
}

/// Issue 18 item 7: names made of invisible characters are refused, and
/// look-alikes are normalised (NFC, format characters dropped, trimmed).
#[tokio::test]
async fn invisible_names_are_refused_and_look_alikes_normalised() {
    let hub = hub();
    for bad in [
        "\u{200b}",
        "\u{feff}",
        "\u{E0001}",
        " \u{200b}\u{200d} \u{2060}",
        "\u{3164}",
        "\u{0301}",
    ] {
        let (status, v) = call(
            &hub,
            "POST",
            "/api/games",
            Some(&json!({"seats": ["human", "human"], "names": ["Ann", bad]}).to_string()),
        )
        .await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{bad:?}: {v}");
        let msg = v["error"].as_str().unwrap();
        assert!(
            msg.contains("seat 2") && msg.contains("visible character"),
            "{bad:?}: {msg}"
        );
    }
    for (given, stored) in [
        ("Ann\u{200b}", "Ann"),
        ("\u{feff}Bob\u{E0001}", "Bob"),
        ("An\u{200d}n", "Ann"),
        ("Zoe\u{0308}", "Zo\u{eb}"),
        // A dropped character no longer keeps marks apart: composed.
        ("g\u{2060}\u{301}", "\u{1f5}"),
        // Joiners that scripts and emoji need stay.
        (
            "\u{0645}\u{06cc}\u{200c}\u{062e}\u{0648}\u{0627}\u{0647}\u{0645}",
            "\u{0645}\u{06cc}\u{200c}\u{062e}\u{0648}\u{0627}\u{0647}\u{0645}",
        ),
        (
            "\u{1f468}\u{200d}\u{1f469}\u{200d}\u{1f467}",
            "\u{1f468}\u{200d}\u{1f469}\u{200d}\u{1f467}",
        ),
    ] {
        let g = create(
            &hub,
            json!({"seats": ["human", "human"], "names": ["Ann", given]}),
        )
        .await;
        assert_eq!(g["seats"][1]["name"], stored, "{given:?}");
    }
}

/// A campaign game through the API: fixed Fates, the Act I setup, the
/// campaign's public parts in every view and nothing secret in any.
#[tokio::test]
async fn a_campaign_game_with_chosen_fates_is_played_through_the_api() {
    let hub = hub();
    let g = create(
        &hub,
        json!({"seats": ["human", "human"], "mode": "campaign", "fates": ["Admiral", "Founder"]}),
    )
    .await;
    let id = g["id"].as_str().unwrap();
    let toks = tokens(&g);
    let spectator = g["spectator_token"].as_str().unwrap();
    let s = snap(&hub, id, spectator).await;
    let c = &s["view"]["campaign"];
    assert_eq!(c["act"], 1);
    assert_eq!(c["fates"].as_array().unwrap().len(), 2);
    assert!(c["fate_offer"].is_null(), "a spectator has no Fate offer");
    for step in 0..120 {
        let s = snap(&hub, id, spectator).await;
        assert_no_leak(&s, None);
        let Some((seat, tok)) = deciding(&s, &toks) else {
            break;
        };
        let mine = snap(&hub, id, &tok).await;
        assert_no_leak(&mine, Some(seat as u64));
        assert!(mine["view"]["campaign"].is_object());
        let n = mine["choices_text"].as_array().unwrap().len();
        assert_eq!(mine["choices_described"].as_array().unwrap().len(), n);
        let (status, after) =
            act(&hub, id, &tok, mine["version"].as_u64().unwrap(), step % n).await;
        assert_eq!(status, StatusCode::OK, "{after}");
    }
}

/// Without chosen Fates each player draws 2 and chooses one in secret,
/// both at once: each seat sees only its own offer, either may answer
/// first, and the other's offer and choice stay hidden until both chose.
#[tokio::test]
async fn campaign_fates_are_chosen_at_once_and_in_secret() {
    let hub = hub();
    let g = create(
        &hub,
        json!({"seats": ["human", "human"], "mode": "campaign"}),
    )
    .await;
    let id = g["id"].as_str().unwrap();
    let toks = tokens(&g);
    let spectator = g["spectator_token"].as_str().unwrap();
    let one = snap(&hub, id, &toks[0]).await;
    let two = snap(&hub, id, &toks[1]).await;
    for s in [&one, &two] {
        assert!(
            s["your_turn"].as_bool().unwrap(),
            "both seats decide at once"
        );
        assert_eq!(s["choices_text"].as_array().unwrap().len(), 2);
        assert_eq!(
            s["view"]["campaign"]["fate_offer"]
                .as_array()
                .unwrap()
                .len(),
            2
        );
    }
    let offer = |s: &Value| s["view"]["campaign"]["fate_offer"].to_string();
    assert_ne!(offer(&one), offer(&two));
    let watch = snap(&hub, id, spectator).await;
    assert!(!watch["your_turn"].as_bool().unwrap());
    for s in [&watch, &two] {
        for card in one["view"]["campaign"]["fate_offer"].as_array().unwrap() {
            assert!(
                !s["view"]["campaign"]
                    .to_string()
                    .contains(card.as_str().unwrap()),
                "P1's offer leaked"
            );
        }
    }
    // P2 answers first; P1 is still asked, and P2's choice is not shown.
    let (status, _) = act(&hub, id, &toks[1], two["version"].as_u64().unwrap(), 1).await;
    assert_eq!(status, StatusCode::OK);
    let one = snap(&hub, id, &toks[0]).await;
    assert!(one["your_turn"].as_bool().unwrap());
    assert!(one["view"]["campaign"]["fates"]
        .as_array()
        .unwrap()
        .iter()
        .all(Value::is_null));
    let two = snap(&hub, id, &toks[1]).await;
    assert!(!two["your_turn"].as_bool().unwrap(), "P2 chose already");
    let (status, again) = act(&hub, id, &toks[1], two["version"].as_u64().unwrap(), 0).await;
    assert_ne!(status, StatusCode::OK, "one choice per seat: {again}");
    // Before answering, P2 may still change its mind: nobody saw it.
    assert_eq!(two["undoable"], 1, "{two}");
    let (status, _) = act(&hub, id, &toks[0], one["version"].as_u64().unwrap(), 0).await;
    assert_eq!(status, StatusCode::OK);
    let s = snap(&hub, id, spectator).await;
    let fates = s["view"]["campaign"]["fates"].as_array().unwrap();
    assert!(fates.iter().all(Value::is_string), "revealed together: {s}");
    // P1's answer, the last, showed it P2's Fate: it cannot be taken back
    // (issue 18 item 1; docs/rulings.md R-UNDO-1).
    let one = snap(&hub, id, &toks[0]).await;
    assert_eq!(one["undoable"], 0, "{one}");
    let (status, refused) = call(
        &hub,
        "POST",
        &format!("/api/games/{id}/undo?token={}", toks[0]),
        Some(&json!({"version": one["version"]}).to_string()),
    )
    .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{refused}");
    let after = snap(&hub, id, spectator).await;
    assert_eq!(
        after["version"], one["version"],
        "the refused undo changed nothing"
    );
}

#[tokio::test]
async fn campaign_settings_are_checked() {
    let hub = hub();
    for (body, says) in [
        (
            json!({"seats": ["human", "human"], "fates": ["Admiral", "Founder"]}),
            "campaign",
        ),
        (
            json!({"seats": ["human", "human"], "mode": "campaign", "fates": ["Admiral", "Nobody"]}),
            "Nobody",
        ),
        (
            json!({"seats": ["human", "human"], "mode": "campaign", "fates": ["Admiral", "Admiral"]}),
            "Admiral",
        ),
        (
            json!({"seats": ["human", "human"], "mode": "campaign", "fates": ["Admiral"]}),
            "Fate",
        ),
        (
            json!({"seats": ["human", "human"], "mode": "campaign", "fates": ["Admiral", "Founder"], "setup_card": "x"}),
            "setup card",
        ),
        (
            json!({"seats": ["human", "human"], "mode": "campaign", "fates": ["Admiral", "Founder"], "second_lore": true}),
            "lore",
        ),
    ] {
        let (status, v) = call(&hub, "POST", "/api/games", Some(&body.to_string())).await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}: {v}");
        assert!(v.to_string().contains(says), "{body}: {v}");
    }
}

/// Asks to go on to the next campaign Act after game `id`.
async fn continue_act(hub: &Arc<Hub>, id: &str, token: &str) -> (StatusCode, Value) {
    call(
        hub,
        "POST",
        &format!("/api/games/{id}/continue?token={token}"),
        None,
    )
    .await
}

/// Plays game `id` to its end: the person (`tok`) takes its first choice
/// each time, the bots answer on their own.
async fn play_to_the_end(hub: &Arc<Hub>, id: &str, tok: &str) -> Value {
    for _ in 0..20_000 {
        let s = snap(hub, id, tok).await;
        if s["view"]["outcome"].is_object() {
            return s;
        }
        if s["your_turn"].as_bool().unwrap() {
            let n = s["choices_text"].as_array().unwrap().len();
            let v = s["version"].as_u64().unwrap();
            let _ = act(hub, id, tok, v, (v as usize * 7) % n).await;
        } else {
            tokio::time::sleep(std::time::Duration::from_millis(2)).await;
        }
    }
    panic!("the game did not end");
}

/// Issue 20 §6: an ended campaign Act continues into the next Act's game —
/// the same seats, players and links; started once however many ask at
/// once; kept across a restart.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_campaign_continues_into_act_two_with_the_same_links() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("arcs.sqlite3");
    let hub = Hub::open(Arc::new(SqliteStore::open(&db).unwrap())).unwrap();
    let g = create(
        &hub,
        json!({"seats": ["human", "random", "random"], "mode": "campaign",
               "without_fates": true, "bot_delay_ms": 0, "names": ["Ann", null, null]}),
    )
    .await;
    let id = g["id"].as_str().unwrap().to_string();
    let tok = tokens(&g)[0].clone();
    let spectator = g["spectator_token"].as_str().unwrap().to_string();
    // Not over yet: nothing to continue.
    let (status, v) = continue_act(&hub, &id, &tok).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{v}");
    assert!(v["error"].as_str().unwrap().contains("not over yet"), "{v}");
    let end = play_to_the_end(&hub, &id, &tok).await;
    assert_eq!(end["campaign"]["act"], 1);
    assert_eq!(end["campaign"]["next"], Value::Null);
    assert_eq!(
        end["view"]["outcome"]["winner"],
        Value::Null,
        "Act I names no winner"
    );
    // A spectator cannot start the next Act.
    let (status, _) = continue_act(&hub, &id, &spectator).await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    // Two seats' pages ask at once: one Act II.
    let uri = format!("/api/games/{id}/continue?token={tok}");
    let (a, b) = tokio::join!(
        call(&hub, "POST", &uri, None),
        call(&hub, "POST", &uri, None)
    );
    assert_eq!(a.0, StatusCode::OK, "{}", a.1);
    assert_eq!(b.0, StatusCode::OK, "{}", b.1);
    assert_eq!(a.1["id"], b.1["id"]);
    let next = a.1["id"].as_str().unwrap().to_string();
    assert_ne!(next, id);
    assert_eq!(
        snap(&hub, &id, &tok).await["campaign"]["next"],
        next.as_str()
    );
    // The same token opens Act II; the names and seats carried over.
    let two = snap(&hub, &next, &tok).await;
    assert_eq!(two["campaign"]["act"], 2);
    assert_eq!(two["campaign"]["previous"], id.as_str());
    assert_eq!(two["campaign"]["id"], id.as_str());
    assert_eq!(two["seats"][0]["name"], "Ann");
    assert_eq!(two["seats"][1]["kind"], "bot");
    assert!(two["view"]["outcome"].is_null());
    assert_no_leak(&two, Some(1));
    let seen = snap(&hub, &next, &spectator).await;
    assert_eq!(seen["campaign"]["act"], 2);
    // A restart keeps both Acts and the link between them.
    drop(hub);
    let hub = Hub::open(Arc::new(SqliteStore::open(&db).unwrap())).unwrap();
    assert_eq!(
        snap(&hub, &id, &tok).await["campaign"]["next"],
        next.as_str()
    );
    let again = snap(&hub, &next, &tok).await;
    assert_eq!(again["campaign"]["act"], 2);
    // (The bots went on playing meanwhile: the log goes on from there.)
    let (before, after) = (
        two["view"]["log"].as_array().unwrap(),
        again["view"]["log"].as_array().unwrap(),
    );
    assert!(after.len() >= before.len());
    assert_eq!(&after[..before.len()], &before[..]);
    let (status, v) = call(&hub, "POST", &uri, None).await;
    assert_eq!(
        (status, v["id"].as_str()),
        (StatusCode::OK, Some(next.as_str()))
    );
}

/// With Fates, a campaign of A Fates goes on into Act II: every A Fate
/// plays all three Acts, and each seat keeps its Fate while the B Fates
/// are not built (R-CAMP-KEEP-UNBUILT).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_campaign_with_a_fates_goes_on_into_act_two() {
    let hub = hub();
    let g = create(
        &hub,
        json!({"seats": ["human", "random"], "mode": "campaign", "bot_delay_ms": 0,
               "fates": ["Steward", "Magnate"]}),
    )
    .await;
    let id = g["id"].as_str().unwrap().to_string();
    let tok = tokens(&g)[0].clone();
    play_to_the_end(&hub, &id, &tok).await;
    let (status, v) = continue_act(&hub, &id, &tok).await;
    assert_eq!(status, StatusCode::OK, "{v}");
    let next = v["id"].as_str().unwrap().to_string();
    let two = snap(&hub, &next, &tok).await;
    assert_eq!(two["campaign"]["act"], 2);
    let fates = two["view"]["campaign"]["fates"].to_string();
    assert!(
        fates.contains("ARCS-FATE01") && fates.contains("ARCS-FATE03"),
        "{fates}"
    );
}
