//! Issue 12 item 10: a seat's webhook is called when that seat must
//! decide — in the background, with bounded retries and timeouts — and by
//! default never reaches loopback or private addresses. The receivers here
//! listen on 127.0.0.1 only; the hubs that call them allow private targets
//! explicitly, and the same targets are checked to be refused by default.

mod common;

use arcs_server::webhook::WebhookSettings;
use arcs_server::{Hub, HubSettings, SqliteStore};
use axum::extract::{Path, State};
use axum::http::{HeaderMap, StatusCode};
use axum::routing::post;
use axum::Router;
use serde_json::{json, Value};
use std::net::SocketAddr;
use std::sync::atomic::Ordering;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// What a receiver got: path, headers and body of each call.
#[derive(Clone, Default)]
struct Got(Arc<Mutex<Vec<(String, HeaderMap, Value)>>>);

impl Got {
    fn calls(&self, path: &str) -> Vec<Value> {
        let all = self.0.lock().unwrap();
        all.iter()
            .filter(|(p, _, _)| p == path)
            .map(|(_, _, v)| v.clone())
            .collect()
    }
    fn count(&self, path: &str) -> usize {
        self.calls(path).len()
    }
}

/// A receiver on 127.0.0.1: `/ok/*` answers 200, `/fail/*` 500 and
/// `/slow/*` answers after 30 s.
async fn receiver() -> (SocketAddr, Got) {
    let got = Got::default();
    let app = Router::new()
        .route(
            "/{kind}/{name}",
            post(
                |State(got): State<Got>,
                 Path((kind, name)): Path<(String, String)>,
                 headers: HeaderMap,
                 body: axum::body::Bytes| async move {
                    let v = serde_json::from_slice(&body)
                        .unwrap_or(Value::String(String::from_utf8_lossy(&body).into()));
                    got.0
                        .lock()
                        .unwrap()
                        .push((format!("/{kind}/{name}"), headers, v));
                    match kind.as_str() {
                        "fail" => StatusCode::INTERNAL_SERVER_ERROR,
                        "slow" => {
                            tokio::time::sleep(Duration::from_secs(30)).await;
                            StatusCode::OK
                        }
                        _ => StatusCode::OK,
                    }
                },
            ),
        )
        .with_state(got.clone());
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    tokio::spawn(async move {
        let _ = axum::serve(listener, app).await;
    });
    (addr, got)
}

fn hub_with(webhooks: WebhookSettings) -> Arc<Hub> {
    Hub::open_with(
        Arc::new(SqliteStore::in_memory().unwrap()),
        HubSettings {
            webhooks,
            ..HubSettings::default()
        },
    )
    .unwrap()
}

/// Webhooks on, private targets allowed (the receivers are on loopback),
/// quick retries.
fn open_settings() -> WebhookSettings {
    WebhookSettings {
        enabled: true,
        allow_private: true,
        timeout: Duration::from_millis(500),
        attempts: 3,
        backoff: Duration::from_millis(50),
        ..WebhookSettings::default()
    }
}

async fn call(hub: &Arc<Hub>, method: &str, uri: &str, body: Option<Value>) -> (StatusCode, Value) {
    let (status, _, v) =
        common::send(hub, method, uri, body.map(|b| b.to_string().into_bytes())).await;
    (status, v)
}

struct Game {
    id: String,
    tokens: Vec<String>,
    spectator: String,
}

async fn new_game(hub: &Arc<Hub>, body: Value) -> Game {
    let (status, g) = call(hub, "POST", "/api/games", Some(body)).await;
    assert_eq!(status, StatusCode::CREATED, "{g}");
    Game {
        id: g["id"].as_str().unwrap().to_string(),
        tokens: g["seats"]
            .as_array()
            .unwrap()
            .iter()
            .map(|s| s["token"].as_str().unwrap_or("").to_string())
            .collect(),
        spectator: g["spectator_token"].as_str().unwrap().to_string(),
    }
}

async fn register(hub: &Arc<Hub>, g: &Game, seat: usize, url: &str) -> (StatusCode, Value) {
    call(
        hub,
        "PUT",
        &format!("/api/games/{}/webhook?token={}", g.id, g.tokens[seat - 1]),
        Some(json!({ "url": url })),
    )
    .await
}

async fn snapshot(hub: &Arc<Hub>, g: &Game, token: &str) -> Value {
    let (status, s) = call(
        hub,
        "GET",
        &format!("/api/games/{}?token={token}", g.id),
        None,
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{s}");
    s
}

/// The pending decision's seat (1-based) and the game's version.
async fn decider(hub: &Arc<Hub>, g: &Game) -> (Option<usize>, u64) {
    let s = snapshot(hub, g, &g.spectator).await;
    (
        s["view"]["pending"]["seat"].as_u64().map(|n| n as usize),
        s["version"].as_u64().unwrap(),
    )
}

/// Waits (at most 10 s) until `f` holds.
async fn eventually(what: &str, f: impl Fn() -> bool) {
    let until = Instant::now() + Duration::from_secs(10);
    while !f() {
        assert!(Instant::now() < until, "timed out waiting for: {what}");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

#[tokio::test]
async fn a_seat_is_called_when_it_comes_to_decide_and_only_then() {
    let (addr, got) = receiver().await;
    let hub = hub_with(open_settings());
    let g = new_game(
        &hub,
        json!({"seats": ["human", "human"], "names": ["Ann", null], "seed": null}),
    )
    .await;
    // Registering calls nobody, not even the seat deciding now.
    let (st, v) = register(&hub, &g, 1, &format!("http://{addr}/ok/p1")).await;
    assert_eq!((st, &v), (StatusCode::OK, &json!({"webhook": true})));
    let (st, _) = register(
        &hub,
        &g,
        2,
        &format!("http://127.0.0.1:{}/ok/p2", addr.port()),
    )
    .await;
    assert_eq!(st, StatusCode::OK);

    // Each seat's snapshot says whether it has one; nobody sees a URL.
    for (tok, has) in [
        (&g.tokens[0], true),
        (&g.tokens[1], true),
        (&g.spectator, false),
    ] {
        let s = snapshot(&hub, &g, tok).await;
        assert_eq!(s["webhook"], has);
        assert!(!s.to_string().contains("/ok/p"), "no URL in any snapshot");
    }

    // Play 40 choices by whoever decides; count when each seat comes to
    // decide after another seat did.
    let mut expected = [0usize; 2];
    let mut versions: [Vec<u64>; 2] = [Vec::new(), Vec::new()];
    let (mut seat, mut version) = decider(&hub, &g).await;
    for _ in 0..40 {
        let Some(who) = seat else { break };
        let (st, s) = call(
            &hub,
            "POST",
            &format!("/api/games/{}/choice?token={}", g.id, g.tokens[who - 1]),
            Some(json!({"version": version, "index": 0})),
        )
        .await;
        assert_eq!(st, StatusCode::OK, "{s}");
        let (next, v) = decider(&hub, &g).await;
        if let Some(n) = next {
            if n != who {
                expected[n - 1] += 1;
                versions[n - 1].push(v);
            }
        }
        (seat, version) = (next, v);
    }
    assert!(
        expected[0] > 0 && expected[1] > 0,
        "both seats came to decide: {expected:?}"
    );
    eventually("every notice arrives", || {
        got.count("/ok/p1") == expected[0] && got.count("/ok/p2") == expected[1]
    })
    .await;
    tokio::time::sleep(Duration::from_millis(200)).await;
    assert_eq!(
        [got.count("/ok/p1"), got.count("/ok/p2")],
        expected,
        "one call each time a seat comes to decide, none while it keeps deciding"
    );

    // The body: public facts only.
    let first = &got.calls("/ok/p2")[0];
    let keys: Vec<_> = first.as_object().unwrap().keys().cloned().collect();
    assert_eq!(
        keys,
        ["content", "game", "page", "prompt", "seat", "text", "version"]
    );
    assert_eq!(first["game"], g.id.as_str());
    assert_eq!(first["seat"], 2);
    assert_eq!(first["page"], format!("/g/{}", g.id));
    assert!(first["prompt"].as_str().unwrap().starts_with("P2: "));
    let mut seen: Vec<u64> = got
        .calls("/ok/p2")
        .iter()
        .map(|c| c["version"].as_u64().unwrap())
        .collect();
    seen.sort();
    assert_eq!(
        seen, versions[1],
        "each call names the version it was made at"
    );
    assert_eq!(got.calls("/ok/p1")[0]["name"], "Ann");
    let all = got.0.lock().unwrap().clone();
    for (_, headers, body) in &all {
        let text = body.to_string();
        for secret in g.tokens.iter().chain([&g.spectator]) {
            assert!(!text.contains(secret.as_str()), "no token in {text}");
        }
        assert!(!text.contains("hand"), "nothing hidden: {text}");
        assert_eq!(headers["content-type"], "application/json");
    }

    // Removed: no more calls.
    let (st, v) = call(
        &hub,
        "DELETE",
        &format!("/api/games/{}/webhook?token={}", g.id, g.tokens[1]),
        None,
    )
    .await;
    assert_eq!((st, v), (StatusCode::OK, json!({"webhook": false})));
    let s = snapshot(&hub, &g, &g.tokens[1]).await;
    assert_eq!(s["webhook"], false);
    let before = got.count("/ok/p2");
    for _ in 0..40 {
        let Some(who) = seat else { break };
        let (st, _) = call(
            &hub,
            "POST",
            &format!("/api/games/{}/choice?token={}", g.id, g.tokens[who - 1]),
            Some(json!({"version": version, "index": 0})),
        )
        .await;
        assert_eq!(st, StatusCode::OK);
        (seat, version) = decider(&hub, &g).await;
    }
    tokio::time::sleep(Duration::from_millis(200)).await;
    assert_eq!(got.count("/ok/p2"), before);
}

#[tokio::test]
async fn a_bot_move_that_hands_a_person_the_decision_calls_it() {
    let (addr, got) = receiver().await;
    let hub = hub_with(open_settings());
    let g = new_game(
        &hub,
        json!({"seats": ["human", "random"], "bot_delay_ms": 0}),
    )
    .await;
    let (st, _) = register(&hub, &g, 1, &format!("http://{addr}/ok/me")).await;
    assert_eq!(st, StatusCode::OK);
    // Play until the bot has moved and handed the decision back.
    let mut calls = 0;
    for _ in 0..200 {
        let (seat, version) = decider(&hub, &g).await;
        match seat {
            Some(1) => {
                let (st, s) = call(
                    &hub,
                    "POST",
                    &format!("/api/games/{}/choice?token={}", g.id, g.tokens[0]),
                    Some(json!({"version": version, "index": 0})),
                )
                .await;
                assert!(st == StatusCode::OK || st == StatusCode::CONFLICT, "{s}");
            }
            Some(_) => tokio::time::sleep(Duration::from_millis(10)).await,
            None => break,
        }
        calls = got.count("/ok/me");
        if calls >= 2 {
            break;
        }
    }
    assert!(calls >= 1, "the bot's moves handed the person the decision");
    let body = &got.calls("/ok/me")[0];
    assert_eq!(body["seat"], 1);
}

/// An undo gives the decision back to the seat that undid, which is at
/// its page: nobody is called.
#[tokio::test]
async fn an_undo_calls_nobody() {
    let (addr, got) = receiver().await;
    let hub = hub_with(open_settings());
    let g = new_game(&hub, json!({"seats": ["human", "human"]})).await;
    register(&hub, &g, 1, &format!("http://{addr}/ok/u1")).await;
    register(&hub, &g, 2, &format!("http://{addr}/ok/u2")).await;
    let mut undone = false;
    let (mut seat, mut version) = decider(&hub, &g).await;
    for _ in 0..60 {
        let Some(who) = seat else { break };
        let tok = &g.tokens[who - 1];
        let (st, s) = call(
            &hub,
            "POST",
            &format!("/api/games/{}/choice?token={tok}", g.id),
            Some(json!({"version": version, "index": 0})),
        )
        .await;
        assert_eq!(st, StatusCode::OK, "{s}");
        (seat, version) = decider(&hub, &g).await;
        if seat.is_some_and(|n| n != who) && s["undoable"].as_u64() > Some(0) {
            // The choice handed the decision over: the other seat is
            // called; take the choice back.
            let other = format!("/ok/u{}", seat.unwrap());
            eventually("the hand-over is announced", || got.count(&other) >= 1).await;
            let mine = format!("/ok/u{who}");
            let before = got.count(&mine);
            let (st, s) = call(
                &hub,
                "POST",
                &format!("/api/games/{}/undo?token={tok}", g.id),
                Some(json!({"version": version})),
            )
            .await;
            assert_eq!(st, StatusCode::OK, "{s}");
            assert_eq!(decider(&hub, &g).await.0, Some(who));
            tokio::time::sleep(Duration::from_millis(300)).await;
            assert_eq!(
                got.count(&mine),
                before,
                "the seat that undid is not called"
            );
            undone = true;
            break;
        }
    }
    assert!(undone, "a hand-over that could be undone happened");
}

#[tokio::test]
async fn private_and_loopback_targets_are_refused_by_default() {
    let (addr, got) = receiver().await;
    let hub = hub_with(WebhookSettings {
        enabled: true,
        ..WebhookSettings::default()
    });
    let g = new_game(&hub, json!({"seats": ["human", "human"]})).await;
    let port = addr.port();
    for url in [
        format!("http://{addr}/ok/x"),
        format!("http://localhost:{port}/ok/x"),
        format!("http://[::1]:{port}/ok/x"),
        format!("http://[::ffff:127.0.0.1]:{port}/ok/x"),
        format!("http://2130706433:{port}/ok/x"),
        "http://10.1.2.3/".into(),
        "http://172.20.0.1/".into(),
        "http://192.168.1.1/".into(),
        "http://100.64.1.1/".into(),
        "http://169.254.169.254/latest/meta-data/".into(),
        "http://[fe80::1]/".into(),
        "http://[fd00::1]/".into(),
        "http://224.0.0.1/".into(),
        "http://0.0.0.0/".into(),
        "http://192.0.2.1/".into(),
    ] {
        let (st, v) = register(&hub, &g, 1, &url).await;
        assert_eq!(st, StatusCode::UNPROCESSABLE_ENTITY, "{url}: {v}");
        assert!(
            v["error"].as_str().unwrap().contains("may not call"),
            "{url}: {v}"
        );
    }
    for (url, why) in [
        ("ftp://ntfy.sh/x".to_string(), "https://"),
        ("ntfy.sh/topic".into(), "not a URL"),
        (
            format!("https://ntfy.sh/{}", "x".repeat(600)),
            "at most 512",
        ),
    ] {
        let (st, v) = register(&hub, &g, 1, &url).await;
        assert_eq!(st, StatusCode::UNPROCESSABLE_ENTITY, "{url}: {v}");
        assert!(v["error"].as_str().unwrap().contains(why), "{url}: {v}");
    }
    let s = snapshot(&hub, &g, &g.tokens[0]).await;
    assert_eq!(s["webhook"], false, "nothing was registered");

    // A public name is accepted (it is checked again, after resolution,
    // when it is called).
    let (st, v) = register(&hub, &g, 1, "https://hooks.example.com/arcs-test-topic").await;
    assert_eq!(st, StatusCode::OK, "{v}");

    // The resolver refuses what a name resolves to: `localhost` reaches
    // the receiver only when private targets are allowed.
    let notice =
        arcs_server::webhook::Notice::new(&g.id, arcs_engine::Seat(0), None, 1, "P1: x".into());
    let url = format!("http://localhost:{port}/ok/resolved");
    let e = hub.notifier().call_once(&url, &notice).await.unwrap_err();
    assert!(e.to_string().contains("may not call"), "{e}");
    let open = hub_with(open_settings());
    assert_eq!(open.notifier().call_once(&url, &notice).await.unwrap(), 200);
    assert_eq!(got.count("/ok/resolved"), 1);
    assert_eq!(got.count("/ok/x"), 0, "refused targets were never called");
}

#[tokio::test]
async fn webhooks_are_off_unless_the_operator_turns_them_on() {
    let hub = hub_with(WebhookSettings::default());
    let g = new_game(&hub, json!({"seats": ["human", "human"]})).await;
    let (st, v) = register(&hub, &g, 1, "https://ntfy.sh/topic").await;
    assert_eq!(st, StatusCode::FORBIDDEN, "{v}");
    assert!(v["error"].as_str().unwrap().contains("--webhooks"), "{v}");
    // Spectators and wrong tokens cannot register either.
    let open = hub_with(open_settings());
    let g = new_game(&open, json!({"seats": ["human", "human"]})).await;
    for (tok, want) in [
        (&g.spectator, StatusCode::FORBIDDEN),
        (&"nope".to_string(), StatusCode::FORBIDDEN),
    ] {
        let (st, v) = call(
            &open,
            "PUT",
            &format!("/api/games/{}/webhook?token={tok}", g.id),
            Some(json!({"url": "https://ntfy.sh/x"})),
        )
        .await;
        assert_eq!(st, want, "{v}");
    }
    // Bodies: an object with exactly `url`.
    for body in [
        json!({}),
        json!({"url": 3}),
        json!({"url": "https://a.example/", "x": 1}),
        json!(["https://a.example/"]),
    ] {
        let (st, v) = call(
            &open,
            "PUT",
            &format!("/api/games/{}/webhook?token={}", g.id, g.tokens[0]),
            Some(body.clone()),
        )
        .await;
        assert_eq!(st, StatusCode::BAD_REQUEST, "{body}: {v}");
    }
    let (st, _) = call(
        &open,
        "POST",
        &format!("/api/games/{}/webhook?token={}", g.id, g.tokens[0]),
        Some(json!({"url": "https://a.example/"})),
    )
    .await;
    assert_eq!(st, StatusCode::METHOD_NOT_ALLOWED);
}

#[tokio::test]
async fn slow_or_failing_receivers_never_hold_up_a_game_and_retries_are_bounded() {
    let (addr, got) = receiver().await;
    // A call to the slow receiver lasts 2 s (its timeout), twice.
    let settings = WebhookSettings {
        timeout: Duration::from_secs(2),
        attempts: 2,
        ..open_settings()
    };
    let hub = hub_with(settings.clone());
    let g = new_game(&hub, json!({"seats": ["human", "human"]})).await;
    register(&hub, &g, 1, &format!("http://{addr}/slow/p1")).await;
    register(&hub, &g, 2, &format!("http://{addr}/fail/p2")).await;
    // Play until each seat has come to decide at least once; every choice
    // answers promptly whatever the receivers do.
    let (mut seat, mut version) = decider(&hub, &g).await;
    let mut handed = [0usize; 2];
    let mut slowest = Duration::ZERO;
    for _ in 0..60 {
        let Some(who) = seat else { break };
        let started = Instant::now();
        let (st, s) = call(
            &hub,
            "POST",
            &format!("/api/games/{}/choice?token={}", g.id, g.tokens[who - 1]),
            Some(json!({"version": version, "index": 0})),
        )
        .await;
        slowest = slowest.max(started.elapsed());
        assert_eq!(st, StatusCode::OK, "{s}");
        let (next, v) = decider(&hub, &g).await;
        if let Some(n) = next.filter(|&n| n != who) {
            handed[n - 1] += 1;
        }
        (seat, version) = (next, v);
        if handed.iter().all(|&h| h >= 1) && handed.iter().sum::<usize>() >= 3 {
            break;
        }
    }
    assert!(handed[0] >= 1 && handed[1] >= 1, "{handed:?}");
    assert!(
        slowest < Duration::from_secs(1),
        "a choice took {slowest:?}: it waited for a webhook call (2 s)"
    );
    // Each notice is tried `attempts` times, no more.
    let attempts = settings.attempts as usize;
    eventually("every retry is made", || {
        got.count("/fail/p2") == attempts * handed[1]
            && got.count("/slow/p1") == attempts * handed[0]
    })
    .await;
    tokio::time::sleep(Duration::from_millis(2500)).await;
    assert_eq!(
        got.count("/fail/p2"),
        attempts * handed[1],
        "no retry beyond the bound"
    );
    assert_eq!(
        got.count("/slow/p1"),
        attempts * handed[0],
        "no retry beyond the bound"
    );
    let counts = hub.notifier().counts();
    assert_eq!(
        counts.failed.load(Ordering::Relaxed) as usize,
        handed[0] + handed[1]
    );
    assert_eq!(counts.delivered.load(Ordering::Relaxed), 0);
}

#[tokio::test]
async fn webhooks_survive_a_restart() {
    let (addr, got) = receiver().await;
    let store: Arc<dyn arcs_server::Store> = Arc::new(SqliteStore::in_memory().unwrap());
    let settings = HubSettings {
        webhooks: open_settings(),
        ..HubSettings::default()
    };
    let hub = Hub::open_with(store.clone(), settings.clone()).unwrap();
    let g = new_game(&hub, json!({"seats": ["human", "human"]})).await;
    // The seat that does not decide first registers.
    let first = decider(&hub, &g).await.0.unwrap();
    let other = 3 - first;
    let (st, _) = register(&hub, &g, other, &format!("http://{addr}/ok/again")).await;
    assert_eq!(st, StatusCode::OK);
    drop(hub);
    let hub = Hub::open_with(store, settings).unwrap();
    assert_eq!(
        snapshot(&hub, &g, &g.tokens[other - 1]).await["webhook"],
        true
    );
    let (mut seat, mut version) = decider(&hub, &g).await;
    while seat == Some(first) {
        let (st, _) = call(
            &hub,
            "POST",
            &format!("/api/games/{}/choice?token={}", g.id, g.tokens[first - 1]),
            Some(json!({"version": version, "index": 0})),
        )
        .await;
        assert_eq!(st, StatusCode::OK);
        (seat, version) = decider(&hub, &g).await;
    }
    assert_eq!(seat, Some(other));
    eventually("the stored webhook is called", || {
        got.count("/ok/again") == 1
    })
    .await;
}

/// Issue 20 §6: a seat's webhook carries over into the campaign's next
/// Act, with its link: a move-a-day player keeps being called.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_webhook_carries_over_into_the_next_act() {
    let (addr, _got) = receiver().await;
    let hub = hub_with(open_settings());
    let g = new_game(
        &hub,
        json!({"seats": ["human", "random"], "mode": "campaign", "without_fates": true,
               "bot_delay_ms": 0}),
    )
    .await;
    let (st, _) = register(&hub, &g, 1, &format!("http://{addr}/ok/p1")).await;
    assert_eq!(st, StatusCode::OK);
    for _ in 0..20_000 {
        let s = snapshot(&hub, &g, &g.tokens[0]).await;
        if s["view"]["outcome"].is_object() {
            break;
        }
        if s["your_turn"] == true {
            let n = s["choices_text"].as_array().unwrap().len();
            let v = s["version"].as_u64().unwrap();
            let _ = call(
                &hub,
                "POST",
                &format!("/api/games/{}/choice?token={}", g.id, g.tokens[0]),
                Some(json!({"version": v, "index": (v as usize * 3) % n})),
            )
            .await;
        } else {
            tokio::time::sleep(Duration::from_millis(2)).await;
        }
    }
    let (st, v) = call(
        &hub,
        "POST",
        &format!("/api/games/{}/continue?token={}", g.id, g.tokens[0]),
        None,
    )
    .await;
    assert_eq!(st, StatusCode::OK, "{v}");
    let next = Game {
        id: v["id"].as_str().unwrap().to_string(),
        tokens: g.tokens.clone(),
        spectator: g.spectator.clone(),
    };
    let s = snapshot(&hub, &next, &next.tokens[0]).await;
    assert_eq!(s["campaign"]["act"], 2);
    assert_eq!(s["webhook"], true, "seat 1's webhook carried over");
}
