//! Load and abuse tests of a running `arcs serve`, over HTTP only, so the
//! same program measures any build of the server (issue 11 item 4;
//! figures in docs/api.md). On loopback only; bounded in time.
//!
//! ```text
//! cargo run --release -p arcs-server --example load -- MODE [--url U] [--games N]
//!     [--seconds S] [--sockets N] [--pid P]
//! ```
//!
//! Modes:
//! - `bots`: N games (default 100), each one HTTP player against a random
//!   and a heuristic bot with no pause, while 10 people poll their own
//!   games; reports the people's request latency.
//! - `search`: N games (default 30) of one HTTP player against `search:5s`
//!   (bots think all the time), while 10 people poll; people's latency.
//! - `sockets`: N silent connections (default 1020) from 127.0.0.1, then
//!   one request from 127.0.0.2: is anyone else still served?
//! - `memory`: creates N games (default 10000) and reports the server's
//!   resident memory (`--pid`, from /proc) after each of three rounds
//!   and `--seconds` later.
//!
//! Run the server with creation limits off for `bots`, `search` and
//! `memory`: `arcs serve --games-per-address-per-hour 0 --games-per-hour 0`.

use http_body_util::{BodyExt, Full};
use hyper_util::client::legacy::Client;
use hyper_util::rt::TokioExecutor;
use serde_json::{json, Value};
use std::net::SocketAddr;
use std::sync::Arc;
use std::time::{Duration, Instant};
use tokio::sync::Mutex;

type HttpClient = Client<hyper_util::client::legacy::connect::HttpConnector, Full<bytes::Bytes>>;

struct Opts {
    mode: String,
    url: String,
    games: Option<usize>,
    seconds: u64,
    sockets: usize,
    pid: Option<u32>,
}

fn opts() -> Opts {
    let mut o = Opts {
        mode: String::new(),
        url: "http://127.0.0.1:8080".into(),
        games: None,
        seconds: 20,
        sockets: 1020,
        pid: None,
    };
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        let mut val = || args.next().unwrap_or_default();
        match a.as_str() {
            "--url" => o.url = val(),
            "--games" => o.games = val().parse().ok(),
            "--seconds" => o.seconds = val().parse().unwrap_or(20),
            "--sockets" => o.sockets = val().parse().unwrap_or(1020),
            "--pid" => o.pid = val().parse().ok(),
            m => o.mode = m.to_string(),
        }
    }
    o
}

#[derive(Clone)]
struct Http {
    client: HttpClient,
    base: String,
}

impl Http {
    /// Status and JSON body; status 0 when the request failed.
    async fn call(&self, method: &str, path: &str, body: Option<Value>) -> (u16, Value) {
        let mut req = hyper::Request::builder()
            .method(method)
            .uri(format!("{}{path}", self.base));
        if body.is_some() {
            req = req.header("content-type", "application/json");
        }
        let bytes = body.map(|b| b.to_string()).unwrap_or_default();
        let req = req.body(Full::new(bytes::Bytes::from(bytes))).unwrap();
        let Ok(res) = self.client.request(req).await else {
            return (0, Value::Null);
        };
        let status = res.status().as_u16();
        let body = match res.into_body().collect().await {
            Ok(b) => b.to_bytes(),
            Err(_) => return (0, Value::Null),
        };
        (status, serde_json::from_slice(&body).unwrap_or(Value::Null))
    }

    async fn create(&self, seats: Value) -> Option<(String, String)> {
        let (status, g) = self
            .call(
                "POST",
                "/api/games",
                Some(json!({"seats": seats, "bot_delay_ms": 0})),
            )
            .await;
        if status != 201 {
            eprintln!("create failed: {status} {g}");
            return None;
        }
        Some((
            g["id"].as_str()?.to_string(),
            g["seats"][0]["token"].as_str()?.to_string(),
        ))
    }
}

/// Plays seat 1 of a game until `stop`: fetches the snapshot, chooses
/// when it is its turn, starts a new game when one ends.
async fn player(http: Http, seats: Value, stop: Instant) -> u64 {
    let mut moves = 0u64;
    while Instant::now() < stop {
        let Some((id, tok)) = http.create(seats.clone()).await else {
            tokio::time::sleep(Duration::from_millis(100)).await;
            continue;
        };
        while Instant::now() < stop {
            let (_, s) = http
                .call("GET", &format!("/api/games/{id}?token={tok}&log=5"), None)
                .await;
            if s["view"]["outcome"].is_object() {
                break;
            }
            if s["your_turn"] != true {
                tokio::time::sleep(Duration::from_millis(20)).await;
                continue;
            }
            let n = s["choices_text"].as_array().map_or(1, |c| c.len().max(1));
            let body = json!({"version": s["version"], "index": (moves as usize) % n});
            let (status, _) = http
                .call(
                    "POST",
                    &format!("/api/games/{id}/choice?token={tok}&log=5"),
                    Some(body),
                )
                .await;
            if status == 200 {
                moves += 1;
            }
        }
    }
    moves
}

/// A person looking at their own game every 100 ms; records latencies.
async fn person(http: Http, stop: Instant, lat: Arc<Mutex<Vec<Duration>>>) -> u64 {
    let Some((id, tok)) = http.create(json!(["human", "human"])).await else {
        return 0;
    };
    let mut failed = 0;
    while Instant::now() < stop {
        let t = Instant::now();
        let (status, _) = http
            .call("GET", &format!("/api/games/{id}?token={tok}&log=200"), None)
            .await;
        if status == 200 {
            lat.lock().await.push(t.elapsed());
        } else {
            failed += 1;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    failed
}

fn report(lat: &mut [Duration], failed: u64) {
    lat.sort();
    if lat.is_empty() {
        println!("people's requests: none answered ({failed} failed)");
        return;
    }
    let pct = |p: f64| lat[((lat.len() as f64 * p) as usize).min(lat.len() - 1)];
    println!(
        "people's requests: {} answered, {failed} failed; latency p50 {:.1} ms, p99 {:.1} ms, max {:.1} ms",
        lat.len(),
        pct(0.50).as_secs_f64() * 1e3,
        pct(0.99).as_secs_f64() * 1e3,
        lat.last().unwrap().as_secs_f64() * 1e3
    );
}

async fn with_people(http: Http, o: &Opts, games: usize, seats: Value) {
    let stop = Instant::now() + Duration::from_secs(o.seconds);
    let lat = Arc::new(Mutex::new(Vec::new()));
    let players: Vec<_> = (0..games)
        .map(|_| tokio::spawn(player(http.clone(), seats.clone(), stop)))
        .collect();
    // Let the bots get going before the people look.
    tokio::time::sleep(Duration::from_secs(2)).await;
    let people: Vec<_> = (0..10)
        .map(|_| tokio::spawn(person(http.clone(), stop, lat.clone())))
        .collect();
    let mut failed = 0;
    for p in people {
        failed += p.await.unwrap_or(0);
    }
    let mut moves = 0;
    for p in players {
        moves += p.await.unwrap_or(0);
    }
    println!(
        "{games} games of {seats} for {} s: {moves} moves by the HTTP players",
        o.seconds
    );
    report(&mut lat.lock().await, failed);
}

async fn sockets(o: &Opts) {
    let addr: SocketAddr = o
        .url
        .trim_start_matches("http://")
        .trim_end_matches('/')
        .parse()
        .expect("--url http://IP:PORT");
    let mut silent = Vec::new();
    for _ in 0..o.sockets {
        let s = tokio::net::TcpSocket::new_v4().unwrap();
        s.bind("127.0.0.1:0".parse().unwrap()).unwrap();
        match tokio::time::timeout(Duration::from_secs(2), s.connect(addr)).await {
            Ok(Ok(stream)) => silent.push(stream),
            _ => break,
        }
    }
    println!("{} silent connections open from 127.0.0.1", silent.len());
    tokio::time::sleep(Duration::from_millis(500)).await;
    for (from, label) in [(2u8, "another address"), (1, "the same address")] {
        let t = Instant::now();
        let s = tokio::net::TcpSocket::new_v4().unwrap();
        s.bind(SocketAddr::from(([127, 0, 0, from], 0))).unwrap();
        let answer = tokio::time::timeout(Duration::from_secs(30), async {
            use tokio::io::{AsyncReadExt, AsyncWriteExt};
            let mut stream = s.connect(addr).await.ok()?;
            stream
                .write_all(
                    b"GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n",
                )
                .await
                .ok()?;
            let mut out = Vec::new();
            stream.read_to_end(&mut out).await.ok()?;
            Some(String::from_utf8_lossy(&out).into_owned())
        })
        .await;
        match answer {
            Ok(Some(a)) if a.starts_with("HTTP/1.1 200") => println!(
                "a request from {label}: served after {:.2} s",
                t.elapsed().as_secs_f64()
            ),
            Ok(_) => println!(
                "a request from {label}: connection closed unanswered after {:.2} s",
                t.elapsed().as_secs_f64()
            ),
            Err(_) => println!("a request from {label}: no answer within 30 s"),
        }
    }
    // The server's header timeout is 15 s by default.
    tokio::time::sleep(Duration::from_secs(16)).await;
    let mut still = 0;
    for s in &silent {
        // Closed by the server: readable, and a read gives 0 or an error.
        if tokio::time::timeout(Duration::from_millis(5), s.readable())
            .await
            .is_err()
        {
            still += 1;
            continue;
        }
        let mut buf = [0u8; 1];
        if matches!(s.try_read(&mut buf), Err(e) if e.kind() == std::io::ErrorKind::WouldBlock) {
            still += 1;
        }
    }
    println!("16 s later, silent connections still open: {still}");
}

fn rss_kib(pid: u32) -> Option<u64> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    status
        .lines()
        .find(|l| l.starts_with("VmRSS:"))?
        .split_whitespace()
        .nth(1)?
        .parse()
        .ok()
}

async fn memory(http: Http, o: &Opts) {
    let n = o.games.unwrap_or(10_000);
    let pid = o.pid.expect("--pid of the server");
    let mib = || rss_kib(pid).unwrap_or(0) as f64 / 1024.0;
    println!("server memory at start: {:.0} MiB", mib());
    let mut total = 0;
    for round in 1..=3 {
        let t = Instant::now();
        let chunks: Vec<_> = (0..8)
            .map(|k| {
                let http = http.clone();
                tokio::spawn(async move {
                    let mut made = 0;
                    for _ in (k..n).step_by(8) {
                        if http.create(json!(["human", "human"])).await.is_some() {
                            made += 1;
                        }
                    }
                    made
                })
            })
            .collect();
        for c in chunks {
            total += c.await.unwrap_or(0);
        }
        let after = mib();
        // Idle games leave memory after the server's unload time.
        tokio::time::sleep(Duration::from_secs(o.seconds)).await;
        println!(
            "round {round}: {total} games created in all ({:.0} s for this round's {n}); \
             memory {after:.0} MiB, {} s later {:.0} MiB",
            t.elapsed().as_secs_f64() - o.seconds as f64,
            o.seconds,
            mib()
        );
    }
}

#[tokio::main]
async fn main() {
    let o = opts();
    let http = Http {
        client: Client::builder(TokioExecutor::new()).build_http(),
        base: o.url.trim_end_matches('/').to_string(),
    };
    match o.mode.as_str() {
        "bots" => {
            let games = o.games.unwrap_or(100);
            with_people(http, &o, games, json!(["human", "random", "heuristic"])).await
        }
        "search" => {
            let games = o.games.unwrap_or(30);
            with_people(http, &o, games, json!(["human", "search:5s"])).await
        }
        "sockets" => sockets(&o).await,
        "memory" => memory(http, &o).await,
        other => eprintln!("unknown mode {other:?}: bots, search, sockets or memory"),
    }
}
