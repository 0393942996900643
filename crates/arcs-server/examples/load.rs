//! Load test of `arcs serve` (issue 5), bounded and on loopback only:
//! many concurrent games, each with one seat played by an HTTP client
//! (snapshot, then a choice) and bots in the others, stored in a real
//! SQLite file. Reports requests/s and latency percentiles.
//!
//! `cargo run --release -p arcs-server --example load -- [GAMES] [SECONDS]`

use arcs_server::{http, Hub, SqliteStore};
use http_body_util::{BodyExt, Full};
use hyper_util::client::legacy::Client;
use hyper_util::rt::TokioExecutor;
use serde_json::{json, Value};
use std::sync::Arc;
use std::time::{Duration, Instant};
use tokio::sync::Mutex;

type HttpClient = Client<hyper_util::client::legacy::connect::HttpConnector, Full<bytes::Bytes>>;

async fn request(
    client: &HttpClient,
    method: &str,
    url: &str,
    body: Option<Value>,
    lat: &Mutex<Vec<Duration>>,
) -> (u16, Value) {
    let mut req = hyper::Request::builder().method(method).uri(url);
    if body.is_some() {
        req = req.header("content-type", "application/json");
    }
    let bytes = body.map(|b| b.to_string()).unwrap_or_default();
    let req = req.body(Full::new(bytes::Bytes::from(bytes))).unwrap();
    let t = Instant::now();
    let res = client.request(req).await.expect("loopback request");
    let status = res.status().as_u16();
    let body = res.into_body().collect().await.unwrap().to_bytes();
    lat.lock().await.push(t.elapsed());
    (status, serde_json::from_slice(&body).unwrap_or(Value::Null))
}

#[tokio::main]
async fn main() {
    let args: Vec<u64> = std::env::args()
        .skip(1)
        .filter_map(|a| a.parse().ok())
        .collect();
    let games = args.first().copied().unwrap_or(50) as usize;
    let seconds = args.get(1).copied().unwrap_or(10);
    let dir = tempfile::tempdir().unwrap();
    let hub = Hub::open(Arc::new(
        SqliteStore::open(&dir.path().join("load.sqlite3")).unwrap(),
    ))
    .unwrap();
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let base = format!("http://{}", listener.local_addr().unwrap());
    tokio::spawn(async move { axum::serve(listener, http::router(hub)).await });

    let client: HttpClient = Client::builder(TokioExecutor::new()).build_http();
    let lat = Arc::new(Mutex::new(Vec::new()));
    let stop = Instant::now() + Duration::from_secs(seconds);
    let mut tasks = Vec::new();
    for g in 0..games {
        let (client, base, lat) = (client.clone(), base.clone(), lat.clone());
        tasks.push(tokio::spawn(async move {
            let mut moves = 0u64;
            let mut finished = 0u64;
            while Instant::now() < stop {
                let (status, created) = request(
                    &client,
                    "POST",
                    &format!("{base}/api/games"),
                    Some(json!({"seats": ["human", "random", "heuristic"], "seed": g, "bot_delay_ms": 0})),
                    &lat,
                )
                .await;
                assert_eq!(status, 201, "{created}");
                let id = created["id"].as_str().unwrap().to_string();
                let token = created["seats"][0]["token"].as_str().unwrap().to_string();
                let url = format!("{base}/api/games/{id}?token={token}");
                while Instant::now() < stop {
                    let (_, s) = request(&client, "GET", &url, None, &lat).await;
                    if s["view"]["outcome"].is_object() {
                        finished += 1;
                        break;
                    }
                    if s["your_turn"] != true {
                        tokio::time::sleep(Duration::from_millis(2)).await;
                        continue;
                    }
                    let n = s["choices_text"].as_array().map_or(1, |c| c.len().max(1));
                    let body = json!({"version": s["version"], "index": (moves as usize) % n});
                    let (status, _) = request(
                        &client,
                        "POST",
                        &format!("{base}/api/games/{id}/choice?token={token}"),
                        Some(body),
                        &lat,
                    )
                    .await;
                    if status == 200 {
                        moves += 1;
                    }
                }
            }
            (moves, finished)
        }));
    }
    let started = Instant::now();
    let (mut moves, mut finished) = (0, 0);
    for t in tasks {
        let (m, f) = t.await.unwrap();
        moves += m;
        finished += f;
    }
    let elapsed = started.elapsed().as_secs_f64();
    let mut lat = lat.lock().await.clone();
    lat.sort();
    let pct = |p: f64| lat[((lat.len() as f64 * p) as usize).min(lat.len() - 1)];
    println!("games in parallel: {games}, for {seconds}s (3 seats: 1 HTTP client, 2 bots)");
    println!(
        "requests: {} ({:.0}/s)",
        lat.len(),
        lat.len() as f64 / elapsed
    );
    println!("client choices accepted: {moves}; games finished: {finished}");
    println!(
        "latency p50 {:.2} ms, p99 {:.2} ms, max {:.2} ms",
        pct(0.50).as_secs_f64() * 1e3,
        pct(0.99).as_secs_f64() * 1e3,
        lat.last().unwrap().as_secs_f64() * 1e3
    );
}
