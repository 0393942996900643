//! The connection loop against silent, slow and greedy clients (issue 11
//! item 4), and the HTTP layer's guards (item 7), over real sockets.

use arcs_server::http::{self, HttpSettings};
use arcs_server::net::{self, NetSettings};
use arcs_server::{Hub, SqliteStore};
use std::net::SocketAddr;
use std::sync::Arc;
use std::time::{Duration, Instant};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpSocket, TcpStream};

async fn server(net: NetSettings, http: HttpSettings) -> SocketAddr {
    let hub = Hub::open(Arc::new(SqliteStore::in_memory().unwrap())).unwrap();
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    tokio::spawn(net::serve(
        listener,
        http::app(hub, http),
        net,
        std::future::pending(),
    ));
    addr
}

/// A connection from a chosen loopback address (127.0.0.N).
async fn connect_from(n: u8, to: SocketAddr) -> TcpStream {
    let socket = TcpSocket::new_v4().unwrap();
    socket.bind(SocketAddr::from(([127, 0, 0, n], 0))).unwrap();
    socket.connect(to).await.unwrap()
}

/// Sends `raw` and reads the whole answer (the request says `close`).
async fn exchange(stream: &mut TcpStream, raw: &str) -> String {
    stream.write_all(raw.as_bytes()).await.unwrap();
    let mut out = Vec::new();
    let _ = tokio::time::timeout(Duration::from_secs(20), stream.read_to_end(&mut out)).await;
    String::from_utf8_lossy(&out).into_owned()
}

fn get(path: &str) -> String {
    format!("GET {path} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n")
}

/// Whether the server has closed `stream` (reads end or fail).
async fn closed_within(stream: &mut TcpStream, limit: Duration) -> bool {
    let mut buf = [0u8; 1];
    matches!(
        tokio::time::timeout(limit, stream.read(&mut buf)).await,
        Ok(Ok(0)) | Ok(Err(_))
    )
}

fn small() -> NetSettings {
    NetSettings {
        max_connections: 30,
        max_connections_per_address: 10,
        header_timeout: Duration::from_millis(600),
        write_timeout: Duration::from_secs(5),
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn silent_sockets_cannot_lock_anyone_out() {
    let addr = server(small(), HttpSettings::default()).await;
    // One address opens its ten connections and says nothing.
    let mut silent = Vec::new();
    for _ in 0..10 {
        silent.push(connect_from(1, addr).await);
    }
    // An eleventh from that address is closed at once...
    let mut extra = connect_from(1, addr).await;
    assert!(closed_within(&mut extra, Duration::from_secs(5)).await);
    // ...while another address is served.
    let mut other = connect_from(2, addr).await;
    let answer = exchange(&mut other, &get("/api/health")).await;
    assert!(answer.starts_with("HTTP/1.1 200"), "{answer}");
    // The silent ones are dropped when their header time is up.
    for s in &mut silent {
        assert!(closed_within(s, Duration::from_secs(10)).await);
    }
    let mut again = connect_from(1, addr).await;
    let answer = exchange(&mut again, &get("/api/health")).await;
    assert!(answer.starts_with("HTTP/1.1 200"), "{answer}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_full_server_serves_again_once_silent_sockets_time_out() {
    let addr = server(small(), HttpSettings::default()).await;
    // Three addresses fill all 30 connections.
    let mut silent = Vec::new();
    for n in 3..6 {
        for _ in 0..10 {
            silent.push(connect_from(n, addr).await);
        }
    }
    // A newcomer waits in the queue, then is served.
    let start = Instant::now();
    let mut newcomer = connect_from(6, addr).await;
    let answer = exchange(&mut newcomer, &get("/api/health")).await;
    assert!(answer.starts_with("HTTP/1.1 200"), "{answer}");
    assert!(
        start.elapsed() >= Duration::from_millis(300),
        "it had to wait for a free connection"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn idle_keep_alive_connections_are_closed() {
    let addr = server(small(), HttpSettings::default()).await;
    let mut s = connect_from(7, addr).await;
    s.write_all(b"GET /api/health HTTP/1.1\r\nHost: localhost\r\n\r\n")
        .await
        .unwrap();
    let mut buf = vec![0u8; 4096];
    let n = s.read(&mut buf).await.unwrap();
    assert!(String::from_utf8_lossy(&buf[..n]).starts_with("HTTP/1.1 200"));
    // Kept alive, then closed when no next request comes.
    assert!(closed_within(&mut s, Duration::from_secs(10)).await);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_body_announced_too_large_is_refused_before_it_is_sent() {
    let addr = server(small(), HttpSettings::default()).await;
    let mut s = connect_from(8, addr).await;
    let answer = exchange(
        &mut s,
        "POST /api/games HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n\
         Content-Length: 400000000\r\n\r\n{",
    )
    .await;
    assert!(answer.starts_with("HTTP/1.1 413"), "{answer}");
    assert!(answer.contains("{\"error\":"), "{answer}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_slow_body_times_out_with_408() {
    let http = HttpSettings {
        request_timeout: Duration::from_millis(500),
        ..HttpSettings::default()
    };
    let addr = server(small(), http).await;
    let mut s = connect_from(9, addr).await;
    let answer = exchange(
        &mut s,
        "POST /api/games HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n\
         Content-Length: 100\r\n\r\n{\"seats\":",
    )
    .await;
    assert!(answer.starts_with("HTTP/1.1 408"), "{answer}");
    assert!(answer.contains("took too long"), "{answer}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn loopback_servers_refuse_changes_for_other_hosts() {
    let http = HttpSettings {
        loopback_hosts_only: true,
        ..HttpSettings::default()
    };
    let addr = server(small(), http).await;
    let post = |host: &str, origin: Option<&str>| {
        let body = r#"{"seats":["human","random"]}"#;
        let origin = origin.map_or(String::new(), |o| format!("Origin: {o}\r\n"));
        format!(
            "POST /api/games HTTP/1.1\r\nHost: {host}\r\n{origin}Content-Type: application/json\r\n\
             Content-Length: {}\r\nConnection: close\r\n\r\n{body}",
            body.len()
        )
    };
    for (host, origin, want) in [
        ("rebound.example:8080", None, "403"),
        ("localhost:8080", Some("http://rebound.example:8080"), "403"),
        ("127.0.0.1:8080", Some("http://127.0.0.1:8080"), "201"),
        ("localhost", None, "201"),
    ] {
        let mut s = connect_from(10, addr).await;
        let answer = exchange(&mut s, &post(host, origin)).await;
        assert!(
            answer.starts_with(&format!("HTTP/1.1 {want}")),
            "{host} {origin:?}: {answer}"
        );
    }
    // Reading stays open to any Host (the token guards it).
    let mut s = connect_from(10, addr).await;
    let answer = exchange(
        &mut s,
        "GET /api/health HTTP/1.1\r\nHost: rebound.example\r\nConnection: close\r\n\r\n",
    )
    .await;
    assert!(answer.starts_with("HTTP/1.1 200"), "{answer}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_answer_has_security_headers_and_every_error_is_json() {
    let addr = server(small(), HttpSettings::default()).await;
    for (raw, want) in [
        (get("/"), "200"),
        (get("/api/health"), "200"),
        (get("/nowhere"), "404"),
        (
            "DELETE /api/games HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n".into(),
            "405",
        ),
        (
            "PUT /api/health HTTP/1.1\r\nHost: localhost\r\nContent-Length: 0\r\nConnection: close\r\n\r\n"
                .into(),
            "405",
        ),
    ] {
        let mut s = connect_from(11, addr).await;
        let answer = exchange(&mut s, &raw).await;
        assert!(answer.starts_with(&format!("HTTP/1.1 {want}")), "{answer}");
        let head = answer.to_ascii_lowercase();
        for h in [
            "x-content-type-options: nosniff",
            "x-frame-options: deny",
            "content-security-policy: default-src 'self'",
            "referrer-policy: no-referrer",
        ] {
            assert!(head.contains(h), "{h} missing in {answer}");
        }
        if want != "200" {
            assert!(head.contains("content-type: application/json"), "{answer}");
            assert!(answer.contains("{\"error\":\""), "{answer}");
        }
    }
}
