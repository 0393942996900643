//! Live-update streams that never read cannot lock anyone out (issue 18
//! item 3): streams are capped per game, per seat, per address (an IPv6
//! /64 counted as one) and together at part of the connection limit, and
//! every stream ends after a bounded lifetime. Over real sockets; many
//! client addresses come from the loopback range 127.0.0.0/8, IPv6 /64s
//! are injected as the connection loop's `ClientAddr`.

use arcs_server::http::{self, ClientAddr, HttpSettings};
use arcs_server::net::{self, NetSettings};
use arcs_server::streams::StreamLimits;
use arcs_server::{CreateGame, Hub, HubSettings, SqliteStore};
use axum::body::Body;
use axum::http::{Request, StatusCode};
use std::net::{IpAddr, SocketAddr};
use std::sync::Arc;
use std::time::{Duration, Instant};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpSocket, TcpStream};
use tower::ServiceExt;

fn hub_with(streams: StreamLimits) -> Arc<Hub> {
    Hub::open_with(
        Arc::new(SqliteStore::in_memory().unwrap()),
        HubSettings {
            streams,
            ..HubSettings::default()
        },
    )
    .unwrap()
}

async fn serve(hub: Arc<Hub>) -> SocketAddr {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    tokio::spawn(net::serve(
        listener,
        http::app(hub, HttpSettings::default()),
        NetSettings::default(),
        std::future::pending(),
    ));
    addr
}

/// A connection from a chosen loopback address (127.0.N.M).
async fn connect_from(n: u8, m: u8, to: SocketAddr) -> TcpStream {
    let socket = TcpSocket::new_v4().unwrap();
    socket.bind(SocketAddr::from(([127, 0, n, m], 0))).unwrap();
    socket.connect(to).await.unwrap()
}

/// Sends `raw` and reads the whole answer (the request says `close`).
async fn exchange(stream: &mut TcpStream, raw: &str) -> String {
    stream.write_all(raw.as_bytes()).await.unwrap();
    let mut out = Vec::new();
    let _ = tokio::time::timeout(Duration::from_secs(20), stream.read_to_end(&mut out)).await;
    String::from_utf8_lossy(&out).into_owned()
}

/// Two people's games: each person's token and the spectators'.
async fn viewers(hub: &Arc<Hub>, games: usize) -> Vec<(String, String)> {
    let mut out = Vec::new();
    for _ in 0..games {
        let g = hub
            .create(
                CreateGame {
                    seats: vec!["human".into(), "human".into()],
                    ..CreateGame::default()
                },
                None,
            )
            .await
            .unwrap();
        for s in &g.seats {
            out.push((g.id.clone(), s.token.clone().unwrap()));
        }
        out.push((g.id.clone(), g.spectator_token.clone()));
    }
    out
}

/// Issue 18 item 3's test: 1,100 streams from 40 addresses, none ever
/// read, and another client is still served at once.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn eleven_hundred_unread_streams_leave_room_for_everyone_else() {
    // Each held stream is two file descriptors in this process.
    let fds = arcs_server::raise_fd_limit();
    assert!(
        fds >= 2600,
        "this test needs 2600 file descriptors, has {fds}"
    );
    let hub = hub_with(StreamLimits::default());
    let addr = serve(hub.clone()).await;
    let viewers = viewers(&hub, 25).await;
    let mut held = Vec::new();
    for i in 0..1100usize {
        let (id, token) = &viewers[i % viewers.len()];
        let mut s = connect_from(1, (i % 40) as u8 + 1, addr).await;
        let req = format!(
            "GET /api/games/{id}/updates?token={token} HTTP/1.1\r\nHost: localhost\r\n\r\n"
        );
        s.write_all(req.as_bytes()).await.unwrap();
        held.push(s); // never read
    }
    // Every stream asked for has been admitted or refused.
    let gate = hub.streams();
    let start = Instant::now();
    while gate.open() + gate.refused() as usize != 1100 {
        assert!(
            start.elapsed() < Duration::from_secs(60),
            "{} open, {} refused",
            gate.open(),
            gate.refused()
        );
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    let limits = StreamLimits::default();
    assert_eq!(gate.open(), limits.max_streams, "half the connections");
    for n in 1..=40u8 {
        let from = IpAddr::from([127, 0, 1, n]).into();
        assert!(gate.open_from(from) <= limits.per_address);
    }
    // Another client, from another address, is served within 100 ms: a
    // snapshot of a game (an ordinary request) and its refused stream.
    let (id, token) = &viewers[0];
    let started = Instant::now();
    let mut s = connect_from(2, 1, addr).await;
    let answer = exchange(
        &mut s,
        &format!(
            "GET /api/games/{id}?token={token}&log=5 HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n"
        ),
    )
    .await;
    let took = started.elapsed();
    assert!(answer.starts_with("HTTP/1.1 200"), "{answer}");
    eprintln!("with 1100 unread streams, a snapshot was served in {took:?}");
    assert!(took < Duration::from_millis(100), "served after {took:?}");
    let started = Instant::now();
    let mut s = connect_from(2, 1, addr).await;
    let answer = exchange(
        &mut s,
        &format!(
            "GET /api/games/{id}/updates?token={token} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n"
        ),
    )
    .await;
    let took = started.elapsed();
    assert!(answer.starts_with("HTTP/1.1 503"), "{answer}");
    assert!(
        answer.to_ascii_lowercase().contains("retry-after:"),
        "{answer}"
    );
    eprintln!("and a stream refused in {took:?}");
    assert!(took < Duration::from_millis(100), "refused after {took:?}");
    drop(held);
}

/// A stream request through the router, from `ip` as the connection loop
/// would set it.
async fn stream_from(hub: &Arc<Hub>, ip: &str, id: &str, token: &str) -> axum::response::Response {
    let req = Request::builder()
        .uri(format!("/api/games/{id}/updates?token={token}"))
        .extension(ClientAddr(ip.parse().unwrap()))
        .body(Body::empty())
        .unwrap();
    http::router(hub.clone()).oneshot(req).await.unwrap()
}

/// An IPv6 client has a whole /64: it is one address for the caps.
#[tokio::test]
async fn ipv6_clients_count_by_their_64() {
    let hub = hub_with(StreamLimits::default());
    let viewers = viewers(&hub, 1).await;
    let (id, spectator) = &viewers[2];
    let mut held = Vec::new();
    for n in 1..=16 {
        let res = stream_from(&hub, &format!("2001:db8:1:2::{n:x}"), id, spectator).await;
        assert_eq!(res.status(), StatusCode::OK);
        held.push(res);
    }
    let res = stream_from(&hub, "2001:db8:1:2:ffff:1:2:3", id, spectator).await;
    assert_eq!(res.status(), StatusCode::TOO_MANY_REQUESTS);
    assert!(res.headers().contains_key("retry-after"));
    assert_eq!(res.headers()["connection"], "close");
    let res = stream_from(&hub, "2001:db8:1:3::1", id, spectator).await;
    assert_eq!(res.status(), StatusCode::OK);
    assert_eq!(hub.streams().open(), 17);
    drop((held, res));
    assert_eq!(
        hub.streams().open(),
        0,
        "closed streams give their places back"
    );
}

/// A seat's streams and the spectators' are capped per game, from any
/// number of addresses.
#[tokio::test]
async fn a_seat_and_a_games_spectators_have_bounded_room() {
    let hub = hub_with(StreamLimits::default());
    let viewers = viewers(&hub, 1).await;
    let (id, seat) = &viewers[0];
    let (_, spectator) = &viewers[2];
    let mut held = Vec::new();
    for n in 1..=8 {
        held.push(stream_from(&hub, &format!("192.0.2.{n}"), id, seat).await);
    }
    let res = stream_from(&hub, "192.0.2.100", id, seat).await;
    assert_eq!(res.status(), StatusCode::TOO_MANY_REQUESTS);
    for n in 1..=32 {
        let res = stream_from(&hub, &format!("198.51.100.{n}"), id, spectator).await;
        assert_eq!(res.status(), StatusCode::OK);
        held.push(res);
    }
    let res = stream_from(&hub, "198.51.100.200", id, spectator).await;
    assert_eq!(res.status(), StatusCode::TOO_MANY_REQUESTS);
    // The other seat still has its own room.
    let res = stream_from(&hub, "203.0.113.1", id, &viewers[1].1).await;
    assert_eq!(res.status(), StatusCode::OK);
}

/// A client that never reads cannot be told from a quiet page by its
/// socket; every stream ends after its lifetime and frees its connection.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_stream_nobody_reads_ends_with_its_lifetime() {
    let hub = hub_with(StreamLimits {
        lifetime: Duration::from_secs(1),
        ..StreamLimits::default()
    });
    let addr = serve(hub.clone()).await;
    let viewers = viewers(&hub, 1).await;
    let (id, token) = &viewers[0];
    let mut s = connect_from(3, 1, addr).await;
    s.write_all(
        format!("GET /api/games/{id}/updates?token={token} HTTP/1.1\r\nHost: localhost\r\n\r\n")
            .as_bytes(),
    )
    .await
    .unwrap();
    let gate = hub.streams();
    let start = Instant::now();
    while gate.open() == 0 {
        assert!(start.elapsed() < Duration::from_secs(10), "never opened");
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    while gate.open() == 1 {
        assert!(start.elapsed() < Duration::from_secs(10), "never ended");
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    // The server closed the connection: what it sent ends.
    let mut out = Vec::new();
    tokio::time::timeout(Duration::from_secs(5), s.read_to_end(&mut out))
        .await
        .expect("the connection is closed")
        .unwrap();
    let text = String::from_utf8_lossy(&out);
    assert!(text.starts_with("HTTP/1.1 200"), "{text}");
    assert!(text.contains("data: {\"version\":0}"), "{text}");
}
