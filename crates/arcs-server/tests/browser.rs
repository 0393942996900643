//! A browser test (issue 5): headless Chromium, driven through
//! chromedriver, creates a game against a bot in the lobby and plays it to
//! the end by clicking — choice buttons, and systems/cards on the board.
//! Screenshots land in `target/screenshots/`.
//!
//! Needs Debian's `chromium` and `chromium-driver`; `.ci/run` installs them
//! and sets `ARCS_BROWSER_TEST=1`, which makes a missing browser a failure.
//! Elsewhere the test is skipped when chromedriver is absent.

use arcs_server::{http, Hub, SqliteStore};
use fantoccini::{ClientBuilder, Locator};
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::sync::Arc;
use std::time::{Duration, Instant};

struct Driver(Child);

impl Drop for Driver {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

fn find(program: &str) -> Option<PathBuf> {
    std::env::var_os("PATH").and_then(|paths| {
        std::env::split_paths(&paths)
            .map(|p| p.join(program))
            .find(|p| p.is_file())
    })
}

fn screenshots_dir() -> PathBuf {
    let target = std::env::var_os("CARGO_TARGET_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../target"));
    let dir = target.join("screenshots");
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn play_a_whole_game_against_a_bot_by_clicking() {
    let required = std::env::var_os("ARCS_BROWSER_TEST").is_some();
    let (Some(chromedriver), Some(chromium)) = (
        find("chromedriver"),
        find("chromium").or_else(|| find("chromium-browser")),
    ) else {
        assert!(
            !required,
            "ARCS_BROWSER_TEST is set but chromium/chromedriver are missing"
        );
        eprintln!("skipped: chromium and chromedriver are not installed");
        return;
    };

    // The server, in-process, on a free loopback port.
    let hub = Hub::open(Arc::new(SqliteStore::in_memory().unwrap())).unwrap();
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let base = format!("http://{}", listener.local_addr().unwrap());
    tokio::spawn(async move { axum::serve(listener, http::router(hub)).await });

    let port = free_port();
    let _driver = Driver(
        Command::new(chromedriver)
            .arg(format!("--port={port}"))
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("chromedriver starts"),
    );
    let mut caps = serde_json::Map::new();
    caps.insert(
        "goog:chromeOptions".into(),
        serde_json::json!({
            "binary": chromium,
            "args": ["--headless=new", "--no-sandbox", "--disable-gpu",
                     "--disable-dev-shm-usage", "--window-size=1400,1100"],
        }),
    );
    let deadline = Instant::now() + Duration::from_secs(20);
    let client = loop {
        let connector = hyper_util::client::legacy::connect::HttpConnector::new();
        match ClientBuilder::new(connector)
            .capabilities(caps.clone())
            .connect(&format!("http://127.0.0.1:{port}"))
            .await
        {
            Ok(c) => break c,
            Err(e) if Instant::now() < deadline => {
                let _ = e;
                tokio::time::sleep(Duration::from_millis(200)).await;
            }
            Err(e) => panic!("cannot reach chromedriver: {e}"),
        }
    };
    let shots = screenshots_dir();

    // The lobby: two seats (a person and a heuristic bot), no bot pause.
    client.goto(&format!("{base}/")).await.unwrap();
    client
        .find(Locator::Id("remove-seat"))
        .await
        .unwrap()
        .click()
        .await
        .unwrap();
    let delay = client.find(Locator::Id("delay")).await.unwrap();
    delay.clear().await.unwrap();
    delay.send_keys("0").await.unwrap();
    let seed = client.find(Locator::Id("seed")).await.unwrap();
    seed.send_keys("2024").await.unwrap();
    client
        .find(Locator::Id("create-game"))
        .await
        .unwrap()
        .click()
        .await
        .unwrap();
    let link = client
        .wait()
        .for_element(Locator::Css("a.seat-link"))
        .await
        .unwrap();
    std::fs::write(shots.join("lobby.png"), client.screenshot().await.unwrap()).unwrap();
    let href = link.attr("href").await.unwrap().unwrap();
    client.goto(&href).await.unwrap();
    client
        .wait()
        .for_element(Locator::Css("svg#map g.sys"))
        .await
        .unwrap();
    std::fs::write(
        shots.join("game-start.png"),
        client.screenshot().await.unwrap(),
    )
    .unwrap();

    let version = || async {
        client
            .execute("return document.body.dataset.version || '';", vec![])
            .await
            .unwrap()
            .as_str()
            .unwrap_or("")
            .to_string()
    };
    let mut clicks = 0;
    let mut board_clicks = 0;
    let start = Instant::now();
    loop {
        assert!(
            start.elapsed() < Duration::from_secs(600),
            "the game did not end"
        );
        let over = client
            .execute("return document.body.dataset.over === '1';", vec![])
            .await
            .unwrap();
        if over.as_bool() == Some(true) {
            break;
        }
        let mine = client
            .execute(
                "return document.querySelector('header').classList.contains('your-turn');",
                vec![],
            )
            .await
            .unwrap();
        if mine.as_bool() != Some(true) {
            tokio::time::sleep(Duration::from_millis(20)).await;
            continue;
        }
        let before = version().await;
        // Every third move, act on the board itself when a system or card
        // is clickable; otherwise press one of the choice buttons.
        let on_board = client
            .find_all(Locator::Css(
                "g.sys.clickable, .card.clickable, .player .clickable",
            ))
            .await
            .unwrap_or_default();
        let clicked = if clicks % 3 == 0 && !on_board.is_empty() {
            board_clicks += 1;
            let ok = on_board[clicks % on_board.len()].click().await.is_ok();
            // A system or card named by several choices narrows the
            // buttons; pick one of those.
            if ok && version().await == before {
                if let Ok(b) = client.find(Locator::Css("#choices button.choice")).await {
                    let _ = b.click().await;
                }
            }
            ok
        } else {
            let buttons = client
                .find_all(Locator::Css("#choices button.choice"))
                .await
                .unwrap_or_default();
            !buttons.is_empty() && buttons[clicks % buttons.len()].click().await.is_ok()
        };
        if clicked {
            clicks += 1;
        }
        // Wait for the page to show the new position.
        let wait_until = Instant::now() + Duration::from_secs(10);
        while version().await == before && Instant::now() < wait_until {
            tokio::time::sleep(Duration::from_millis(10)).await;
        }
        if clicks == 40 {
            std::fs::write(
                shots.join("game-middle.png"),
                client.screenshot().await.unwrap(),
            )
            .unwrap();
        }
    }
    std::fs::write(
        shots.join("game-over.png"),
        client.screenshot().await.unwrap(),
    )
    .unwrap();
    let status = client
        .find(Locator::Id("status"))
        .await
        .unwrap()
        .text()
        .await
        .unwrap();
    assert!(status.starts_with("Game over"), "{status}");
    assert!(clicks > 20, "only {clicks} clicks");
    assert!(board_clicks > 0, "never acted on the board itself");
    client.close().await.unwrap();
}
