//! `arcs serve` killed without warning (SIGKILL) and started again on the
//! same database: every game continues where it was (issue 5).

use serde_json::{json, Value};
use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::process::{Child, Command, Stdio};

struct Server {
    child: Child,
    addr: String,
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn start(db: &std::path::Path) -> Server {
    start_with(db, Stdio::null())
}

fn start_with(db: &std::path::Path, stderr: Stdio) -> Server {
    let mut child = Command::new(env!("CARGO_BIN_EXE_arcs"))
        .args(["serve", "--addr", "127.0.0.1:0", "--db"])
        .arg(db)
        .stdout(Stdio::piped())
        .stderr(stderr)
        .spawn()
        .expect("arcs serve starts");
    let mut line = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut line)
        .unwrap();
    // "arcs is serving on http://127.0.0.1:PORT/ ..."
    let addr = line
        .split("http://")
        .nth(1)
        .and_then(|r| r.split('/').next())
        .unwrap_or_else(|| panic!("no address in {line:?}"))
        .to_string();
    Server { child, addr }
}

/// A minimal HTTP/1.1 exchange (the test needs no client library).
fn request(addr: &str, method: &str, path: &str, body: Option<&Value>) -> (u16, Value) {
    let mut s = TcpStream::connect(addr).unwrap();
    let body = body.map(|b| b.to_string()).unwrap_or_default();
    write!(
        s,
        "{method} {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
        body.len()
    )
    .unwrap();
    let mut raw = String::new();
    s.read_to_string(&mut raw).unwrap();
    let status = raw[9..12].parse().unwrap();
    let (head, rest) = raw.split_once("\r\n\r\n").unwrap();
    let text = if head
        .to_ascii_lowercase()
        .contains("transfer-encoding: chunked")
    {
        // Join the chunks.
        let mut out = String::new();
        let mut r = rest;
        while let Some((size, tail)) = r.split_once("\r\n") {
            let n = usize::from_str_radix(size.trim(), 16).unwrap_or(0);
            if n == 0 {
                break;
            }
            out.push_str(&tail[..n]);
            r = &tail[n + 2..];
        }
        out
    } else {
        rest.to_string()
    };
    (status, serde_json::from_str(&text).unwrap_or(Value::Null))
}

#[test]
fn games_survive_a_kill() {
    let dir = std::env::temp_dir().join(format!("arcs-restart-{}", std::process::id()));
    let db = dir.join("games.sqlite3");
    let server = start(&db);
    let (status, g) = request(
        &server.addr,
        "POST",
        "/api/games",
        Some(&json!({"seats": ["human", "human"]})),
    );
    assert_eq!(status, 201, "{g}");
    let id = g["id"].as_str().unwrap().to_string();
    let toks: Vec<String> = g["seats"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["token"].as_str().unwrap().to_string())
        .collect();
    let mut last = Value::Null;
    for step in 0..30 {
        let mut acted = false;
        for tok in &toks {
            let (_, s) = request(
                &server.addr,
                "GET",
                &format!("/api/games/{id}?token={tok}"),
                None,
            );
            if s["your_turn"] == true {
                let n = s["choices_text"].as_array().unwrap().len();
                let (status, after) = request(
                    &server.addr,
                    "POST",
                    &format!("/api/games/{id}/choice?token={tok}"),
                    Some(&json!({"version": s["version"], "index": step % n})),
                );
                assert_eq!(status, 200, "{after}");
                last = after;
                acted = true;
                break;
            }
        }
        assert!(acted);
    }
    drop(server); // SIGKILL: no graceful shutdown
    let server = start(&db);
    let tok = &toks[last["you"].as_u64().unwrap() as usize - 1];
    let (status, s) = request(
        &server.addr,
        "GET",
        &format!("/api/games/{id}?token={tok}"),
        None,
    );
    assert_eq!(status, 200);
    assert_eq!(s["version"], last["version"]);
    assert_eq!(s["view"], last["view"]);
    drop(server);
    let _ = std::fs::remove_dir_all(dir);
}

/// Issue 11 item 1: a restart over a database holding a journal that does
/// not replay starts anyway, reports the game in its log, answers with an
/// error on that game's URL, and serves the other games.
#[test]
fn a_damaged_journal_is_set_aside_at_restart() {
    let dir = std::env::temp_dir().join(format!("arcs-damaged-{}", std::process::id()));
    let db = dir.join("games.sqlite3");
    let server = start(&db);
    let mut games = Vec::new();
    for _ in 0..2 {
        let (status, g) = request(
            &server.addr,
            "POST",
            "/api/games",
            Some(&json!({"seats": ["human", "human"]})),
        );
        assert_eq!(status, 201, "{g}");
        let id = g["id"].as_str().unwrap().to_string();
        let toks: Vec<String> = (0..2)
            .map(|i| g["seats"][i]["token"].as_str().unwrap().to_string())
            .collect();
        // One choice each, by whoever decides first.
        let tok = toks
            .iter()
            .find(|t| {
                request(
                    &server.addr,
                    "GET",
                    &format!("/api/games/{id}?token={t}"),
                    None,
                )
                .1["your_turn"]
                    == true
            })
            .unwrap()
            .clone();
        let (_, s) = request(
            &server.addr,
            "GET",
            &format!("/api/games/{id}?token={tok}"),
            None,
        );
        let (status, _) = request(
            &server.addr,
            "POST",
            &format!("/api/games/{id}/choice?token={tok}"),
            Some(&json!({"version": s["version"], "index": 0})),
        );
        assert_eq!(status, 200);
        games.push((id, tok));
    }
    drop(server);
    // The second game's first choice is handed to the other seat.
    {
        let conn = rusqlite::Connection::open(&db).unwrap();
        let text: String = conn
            .query_row(
                "SELECT choice FROM choices WHERE game = ?1 AND idx = 0",
                [&games[1].0],
                |r| r.get(0),
            )
            .unwrap();
        let mut c: Value = serde_json::from_str(&text).unwrap();
        c["seat"] = json!(if c["seat"] == 1 { 2 } else { 1 });
        conn.execute(
            "UPDATE choices SET choice = ?2 WHERE game = ?1 AND idx = 0",
            (&games[1].0, c.to_string()),
        )
        .unwrap();
    }
    let mut server = start_with(&db, Stdio::piped());
    let stderr = server.child.stderr.take().unwrap();
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        for line in BufReader::new(stderr).lines().map_while(Result::ok) {
            let _ = tx.send(line);
        }
    });
    let report = loop {
        match rx.recv_timeout(std::time::Duration::from_secs(30)) {
            Ok(line) if line.contains("set aside") => break line,
            Ok(_) => continue,
            Err(e) => panic!("no report of the damaged game in the log: {e}"),
        }
    };
    println!("the log says: {report}");
    assert!(report.contains(&games[1].0), "{report}");
    let (status, e) = request(
        &server.addr,
        "GET",
        &format!("/api/games/{}?token={}", games[1].0, games[1].1),
        None,
    );
    assert_eq!(status, 500, "{e}");
    assert!(e["error"].as_str().unwrap().contains("set aside"), "{e}");
    let (status, s) = request(
        &server.addr,
        "GET",
        &format!("/api/games/{}?token={}", games[0].0, games[0].1),
        None,
    );
    assert_eq!(status, 200, "the other game is served: {s}");
    drop(server);
    let _ = std::fs::remove_dir_all(dir);
}
