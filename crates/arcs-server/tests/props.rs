//! Issue 11 item 2: no request body, query or game setting may panic the
//! server. Arbitrary JSON of the right shape (out-of-range numbers,
//! non-ASCII text, bot levels with any budget) and arbitrary bytes go to
//! every endpoint that reads input; each answer is a status with a JSON
//! error, and the one game created beforehand is unchanged by refusals.

mod common;

use arcs_server::limits::CreationLimits;
use arcs_server::webhook::WebhookSettings;
use arcs_server::{Hub, HubSettings, SqliteStore};
use axum::http::StatusCode;
use proptest::prelude::*;
use serde_json::{json, Value};
use std::sync::{Arc, OnceLock};

struct World {
    rt: tokio::runtime::Runtime,
    hub: Arc<Hub>,
    id: String,
    token: String,
    /// A game only for webhook registrations: nobody ever moves in it, so
    /// no webhook is ever called.
    hook_id: String,
    hook_token: String,
}

fn world() -> &'static World {
    static W: OnceLock<World> = OnceLock::new();
    W.get_or_init(|| {
        let rt = tokio::runtime::Builder::new_multi_thread()
            .worker_threads(2)
            .enable_all()
            .build()
            .unwrap();
        let hub = rt.block_on(async {
            Hub::open_with(
                Arc::new(SqliteStore::in_memory().unwrap()),
                HubSettings {
                    creation: CreationLimits {
                        per_address_per_hour: 0,
                        per_hour: 0,
                    },
                    webhooks: WebhookSettings {
                        enabled: true,
                        ..WebhookSettings::default()
                    },
                    ..HubSettings::default()
                },
            )
            .unwrap()
        });
        let (status, g) = rt.block_on(send(
            &hub,
            "POST",
            "/api/games",
            Some(
                json!({"seats": ["human", "human"]})
                    .to_string()
                    .into_bytes(),
            ),
        ));
        assert_eq!(status, StatusCode::CREATED);
        let (status, h) = rt.block_on(send(
            &hub,
            "POST",
            "/api/games",
            Some(
                json!({"seats": ["human", "human"]})
                    .to_string()
                    .into_bytes(),
            ),
        ));
        assert_eq!(status, StatusCode::CREATED);
        World {
            rt,
            id: g["id"].as_str().unwrap().to_string(),
            token: g["seats"][0]["token"].as_str().unwrap().to_string(),
            hook_id: h["id"].as_str().unwrap().to_string(),
            hook_token: h["seats"][0]["token"].as_str().unwrap().to_string(),
            hub,
        }
    })
}

async fn send(
    hub: &Arc<Hub>,
    method: &str,
    uri: &str,
    body: Option<Vec<u8>>,
) -> (StatusCode, Value) {
    let (status, _, value) = common::send(hub, method, uri, body).await;
    (status, value)
}

fn call(method: &str, uri: &str, body: Option<Vec<u8>>) -> (StatusCode, Value) {
    let w = world();
    w.rt.block_on(send(&w.hub, method, uri, body))
}

/// Every refusal is a JSON error with a message.
fn check_error(status: StatusCode, v: &Value) {
    assert!(!status.is_server_error(), "{status}: {v}");
    if !status.is_success() {
        assert!(
            v["error"].as_str().is_some_and(|e| !e.is_empty()),
            "{status}: {v}"
        );
    }
}

const HUGE: &str = "__huge__";

/// The body's text, with the `HUGE` marker as the number 1e309.
fn raw(v: &Value) -> Vec<u8> {
    v.to_string()
        .replace(&format!("\"{HUGE}\""), "1e309")
        .into_bytes()
}

fn text() -> impl Strategy<Value = String> {
    prop_oneof![
        "\\PC{0,12}",
        Just(String::new()),
        Just("search:€".to_string()),
        "(random|heuristic|search|human)(:[-+0-9.eEinfaNsmit€ ]{0,12})?",
    ]
}

fn number() -> impl Strategy<Value = Value> {
    prop_oneof![
        any::<u64>().prop_map(|n| json!(n)),
        any::<i64>().prop_map(|n| json!(n)),
        any::<f64>().prop_map(|f| json!(f)),
        Just(json!(u64::MAX)),
        Just(json!(-1)),
        // Sent as the literal 1e309, which no f64 holds (see `raw`).
        Just(json!(HUGE)),
        Just(Value::Null),
        text().prop_map(Value::String),
    ]
}

/// Mostly plausible values, often out of range, sometimes nonsense.
fn seat() -> impl Strategy<Value = String> {
    prop_oneof![
        3 => prop::sample::select(vec!["human", "random", "heuristic", "search", " human "])
            .prop_map(String::from),
        2 => ("search:", "[-+0-9.eE]{0,8}(ms|s|it|infs|NaNs|€)?").prop_map(|(a, b)| a.to_string() + &b),
        1 => text(),
    ]
}

/// A name: mostly fine, sometimes empty, too long, with control or
/// bidirectional characters, or not a string.
fn name() -> impl Strategy<Value = Value> {
    prop_oneof![
        4 => "[ ]?\\pL{1,24}[ ]?".prop_map(Value::String),
        2 => "\\PC{0,30}".prop_map(Value::String),
        1 => "[a-z\u{0}-\u{1f}\u{7f}\u{202a}-\u{202e}\u{2066}-\u{2069}]{0,6}".prop_map(Value::String),
        // Format characters, joiners, fillers and marks (issue 18 item 7).
        1 => "[a-z\u{200b}-\u{200d}\u{2060}\u{feff}\u{3164}\u{0301}\u{E0001}\u{0645} ]{0,8}".prop_map(Value::String),
        1 => Just(Value::Null),
        1 => number(),
    ]
}

fn setting() -> impl Strategy<Value = Value> {
    (
        prop_oneof![4 => prop::collection::vec(seat(), 2..5), 1 => prop::collection::vec(seat(), 0..7)],
        prop::option::of(prop_oneof![
            3 => prop::sample::select(vec!["base", "leaders-lore", "campaign"]).prop_map(String::from),
            1 => text(),
        ]),
        prop::option::of(any::<bool>()),
        prop::option::of(prop_oneof![
            3 => prop::sample::select(vec!["ARCS-2SETUP01", "ARCS-3SETUP02", "ARCS-4SETUP01"]).prop_map(String::from),
            1 => text(),
        ]),
        prop::option::of(prop_oneof![3 => any::<u64>().prop_map(|n| json!(n)), 1 => number()]),
        prop::option::of(prop_oneof![3 => (0u64..12_000).prop_map(|n| json!(n)), 1 => number()]),
        prop::option::of(prop_oneof![1 => text(), 9 => Just(String::new())]),
        prop::option::of(prop::collection::vec(name(), 0..6)),
        // Campaign Fates: names, some unknown, repeated or not strings.
        prop::option::of(prop::collection::vec(
            prop_oneof![
                4 => prop::sample::select(vec!["Admiral", "Founder", "Partisan", "ARCS-FATE02", "Nobody"])
                    .prop_map(|s| json!(s)),
                1 => name(),
            ],
            0..6,
        )),
    )
        .prop_map(|(seats, mode, second, card, seed, delay, extra, names, fates)| {
            let mut v = json!({ "seats": seats });
            let o = v.as_object_mut().unwrap();
            if let Some(m) = mode {
                o.insert("mode".into(), json!(m));
            }
            if let Some(b) = second {
                o.insert("second_lore".into(), json!(b));
            }
            if let Some(c) = card {
                o.insert("setup_card".into(), json!(c));
            }
            if let Some(s) = seed {
                o.insert("seed".into(), s);
            }
            if let Some(d) = delay {
                o.insert("bot_delay_ms".into(), d);
            }
            if let Some(n) = names {
                o.insert("names".into(), json!(n));
            }
            if let Some(f) = fates {
                o.insert("fates".into(), json!(f));
            }
            if let Some(k) = extra.filter(|k| !k.is_empty()) {
                o.insert(k, json!(1));
            }
            v
        })
}

/// A URL-ish string: schemes, IP literals in many spellings, private and
/// public ranges, names, non-ASCII, over-long.
fn url() -> impl Strategy<Value = String> {
    let host = prop_oneof![
        any::<[u8; 4]>().prop_map(|o| format!("{}.{}.{}.{}", o[0], o[1], o[2], o[3])),
        any::<u32>().prop_map(|n| n.to_string()),
        any::<u128>().prop_map(|n| format!("[{}]", std::net::Ipv6Addr::from(n))),
        any::<u32>().prop_map(|n| format!("[::ffff:{}]", std::net::Ipv4Addr::from(n))),
        prop::sample::select(vec![
            "localhost",
            "LOCALHOST.",
            "a.localhost",
            "hooks.example.com",
            "ntfy.example",
            "127.0.0.1",
            "0x7f.1",
            "0177.0.0.1",
            "[::1]",
            "[fe80::1%25eth0]",
            "",
            "é.example",
            "xn--e1a.example",
            "[",
            "a b",
        ])
        .prop_map(String::from),
        "\\PC{0,20}",
    ];
    (
        prop::sample::select(vec![
            "http",
            "https",
            "HTTP",
            "ftp",
            "file",
            "javascript",
            "",
            "h",
        ]),
        host,
        prop::option::of(0u32..70_000),
        "(/[a-z0-9%?=&#.-]{0,20}){0,3}",
        prop::option::of(600usize..700),
    )
        .prop_map(|(scheme, host, port, path, long)| {
            let port = port.map(|p| format!(":{p}")).unwrap_or_default();
            let tail = long.map(|n| "a".repeat(n)).unwrap_or_default();
            format!("{scheme}://{host}{port}{path}{tail}")
        })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 400, ..ProptestConfig::default() })]

    #[test]
    fn game_settings_never_panic(v in setting()) {
        let (status, body) = call("POST", "/api/games", Some(raw(&v)));
        check_error(status, &body);
        if status == StatusCode::CREATED {
            // A game that was created is well-formed and playable.
            let seats = v["seats"].as_array().unwrap();
            prop_assert!((2..=4).contains(&seats.len()));
            let people = seats.iter().filter(|s| s.as_str().map(str::trim) == Some("human")).count();
            prop_assert!(v.get("seed").is_none_or(|s| s.is_null()) || people <= 1, "{v}");
            // Fates only in a campaign, one per seat.
            if let Some(f) = v.get("fates").and_then(|f| f.as_array()) {
                prop_assert_eq!(v["mode"].as_str(), Some("campaign"));
                prop_assert_eq!(f.len(), seats.len());
            }
            // Names came back trimmed, well-formed, one per seat.
            if let Some(names) = v.get("names").and_then(|n| n.as_array()) {
                prop_assert_eq!(names.len(), seats.len());
                for (given, seat) in names.iter().zip(body["seats"].as_array().unwrap()) {
                    match given.as_str() {
                        None => prop_assert!(seat.get("name").is_none()),
                        Some(g) => {
                            let shown = seat["name"].as_str().unwrap();
                            // Normalised as check_name says, for good: a
                            // stored name passes again unchanged.
                            prop_assert_eq!(Ok(shown.to_string()), arcs_server::hub::check_name(g));
                            prop_assert_eq!(Ok(shown.to_string()), arcs_server::hub::check_name(shown));
                            prop_assert_eq!(shown, shown.trim());
                            prop_assert!((1..=24).contains(&shown.chars().count()));
                            prop_assert!(!shown.chars().any(char::is_control));
                            let format_char = |c: char| matches!(c, '\u{200b}' | '\u{feff}' | '\u{2060}' | '\u{E0000}'..='\u{E007F}');
                            prop_assert!(!shown.chars().any(format_char), "{:?}", shown);
                        }
                    }
                }
            }
        } else {
            prop_assert!(status == StatusCode::BAD_REQUEST || status == StatusCode::UNPROCESSABLE_ENTITY, "{status}: {body}");
        }
    }

    #[test]
    fn choice_and_undo_bodies_never_panic(
        version in number(),
        index in number(),
        bytes in prop::collection::vec(any::<u8>(), 0..64),
        which in 0..4u8,
    ) {
        let w = world();
        let before = call("GET", &format!("/api/games/{}?token={}", w.id, w.token), None).1;
        let body = match which {
            0 => raw(&json!({"version": version, "index": index})),
            1 => raw(&json!([version, index])),
            2 => raw(&json!({"version": version})),
            _ => bytes,
        };
        let path = if which == 2 { "undo" } else { "choice" };
        let (status, resp) = call("POST", &format!("/api/games/{}/{path}?token={}", w.id, w.token), Some(body));
        check_error(status, &resp);
        if status == StatusCode::OK {
            // Only a well-formed choice at the live version can pass: undo
            // it when allowed, so later cases start near the same game.
            let (st, back) = call(
                "POST",
                &format!("/api/games/{}/undo?token={}", w.id, w.token),
                Some(json!({"version": resp["version"]}).to_string().into_bytes()),
            );
            check_error(st, &back);
        } else {
            let after = call("GET", &format!("/api/games/{}?token={}", w.id, w.token), None).1;
            prop_assert_eq!(&after["view"], &before["view"]);
        }
    }

    #[test]
    fn webhook_bodies_never_panic_and_only_public_targets_pass(
        u in url(),
        shape in 0..5u8,
        bytes in prop::collection::vec(any::<u8>(), 0..64),
    ) {
        let w = world();
        let path = format!("/api/games/{}/webhook?token={}", w.hook_id, w.hook_token);
        let body = match shape {
            0 | 1 => json!({"url": u}).to_string().into_bytes(),
            2 => json!([u]).to_string().into_bytes(),
            3 => json!({"url": u, "more": 1}).to_string().into_bytes(),
            _ => bytes,
        };
        let (status, resp) = call("PUT", &path, Some(body));
        check_error(status, &resp);
        if status == StatusCode::OK {
            // Only an http(s) URL of bounded length whose host is a name
            // other than localhost or a public IP literal.
            prop_assert!(shape <= 1);
            let parsed = url::Url::parse(u.trim()).unwrap();
            prop_assert!(matches!(parsed.scheme(), "http" | "https"), "{u}");
            prop_assert!(parsed.as_str().len() <= 512);
            match parsed.host() {
                Some(url::Host::Ipv4(ip)) => prop_assert!(arcs_server::webhook::allowed(ip.into(), false), "{u}"),
                Some(url::Host::Ipv6(ip)) => prop_assert!(arcs_server::webhook::allowed(ip.into(), false), "{u}"),
                Some(url::Host::Domain(d)) => prop_assert!(!d.trim_end_matches('.').ends_with("localhost"), "{u}"),
                None => prop_assert!(false, "{u}"),
            }
            let (st, v) = call("DELETE", &path, None);
            prop_assert_eq!(st, StatusCode::OK, "{}", v);
        } else {
            prop_assert!(
                status == StatusCode::BAD_REQUEST || status == StatusCode::UNPROCESSABLE_ENTITY,
                "{status}: {resp}"
            );
        }
    }

    #[test]
    fn queries_and_paths_never_panic(id in "\\PC{0,20}", token in "\\PC{0,40}", log in number()) {
        let enc = |s: &str| s.bytes().map(|b| format!("%{b:02X}")).collect::<String>();
        let uri = format!("/api/games/{}?token={}&log={}", enc(&id), enc(&token), enc(&log.to_string()));
        let (status, body) = call("GET", &uri, None);
        check_error(status, &body);
        prop_assert_ne!(status, StatusCode::OK);
    }
}
