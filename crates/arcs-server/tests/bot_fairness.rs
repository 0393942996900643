//! Issue 18 item 4: one client's bot games cannot starve another client's
//! bots. Thirty games of three `search:5s` bots from one address used to
//! make another player's heuristic bot wait 5 to 85 s a move. The pool now
//! serves quick bots on a thread of their own and the searches round-robin
//! by client and game (`bots`). Alone in its test binary: its searches
//! keep a core busy while it runs.

use arcs_server::{CreateGame, Hub, HubSettings, SqliteStore};
use std::net::IpAddr;
use std::sync::Arc;
use std::time::{Duration, Instant};
use tokio::sync::broadcast;

/// Waits for a version above `seen` (a change of the game).
async fn next_version(updates: &mut broadcast::Receiver<u64>, seen: u64) {
    let wait = async {
        loop {
            match updates.recv().await {
                Ok(v) if v > seen => return,
                Ok(_) | Err(broadcast::error::RecvError::Lagged(_)) => {}
                Err(broadcast::error::RecvError::Closed) => panic!("the game left memory"),
            }
        }
    };
    tokio::time::timeout(Duration::from_secs(120), wait)
        .await
        .expect("the bot moves at all");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn another_clients_heuristic_bot_answers_within_a_second_while_30_search_games_run() {
    let hub = Hub::open_with(
        Arc::new(SqliteStore::in_memory().unwrap()),
        HubSettings {
            // One thread for searches, as on the 2-core machine.
            bot_threads: 1,
            ..HubSettings::default()
        },
    )
    .unwrap();
    let greedy: IpAddr = "192.0.2.1".parse().unwrap();
    for _ in 0..30 {
        let req = CreateGame {
            seats: vec!["search:5s".into(); 3],
            bot_delay_ms: Some(0),
            ..CreateGame::default()
        };
        hub.create(req, Some(greedy)).await.unwrap();
    }
    // The load is established: all thirty games have a search waiting or
    // thinking.
    let start = Instant::now();
    while hub.bot_demand() < 30 {
        assert!(start.elapsed() < Duration::from_secs(60), "no load");
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    let other: IpAddr = "198.51.100.7".parse().unwrap();
    let req = CreateGame {
        seats: vec!["human".into(), "heuristic".into()],
        bot_delay_ms: Some(0),
        ..CreateGame::default()
    };
    let g = hub.create(req, Some(other)).await.unwrap();
    let tok = g.seats[0].token.clone().unwrap();
    let (live, _) = hub.open_seat(&g.id, &tok).await.unwrap();
    let mut updates = hub.subscribe(&live);
    // The person plays its first choice each time; each time that hands
    // the decision to the bot, the bot's answer is timed from the
    // person's request to the game's next version.
    let mut answers = Vec::new();
    for _ in 0..300 {
        if answers.len() == 3 {
            break;
        }
        let s = hub.snapshot(&g.id, &tok).await.unwrap();
        if s.deciding.is_empty() {
            break; // over
        }
        if !s.your_turn {
            next_version(&mut updates, s.version).await; // e.g. the bot opens
            continue;
        }
        let asked = Instant::now();
        let after = hub.act(&g.id, &tok, s.version, 0).await.unwrap();
        if after.your_turn || after.deciding.is_empty() {
            continue; // still the person's decision
        }
        next_version(&mut updates, after.version).await;
        answers.push(asked.elapsed());
    }
    assert_eq!(answers.len(), 3, "the bot had three decisions");
    assert!(
        hub.bot_demand() >= 30,
        "the searches were still running throughout"
    );
    for a in &answers {
        assert!(
            *a < Duration::from_secs(1),
            "the heuristic bot answered after {a:?} ({answers:?})"
        );
    }
}
