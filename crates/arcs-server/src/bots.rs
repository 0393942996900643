//! The bots' thinking pool: a fixed number of low-priority threads shared
//! by every game, so bots can never take the CPU from people's requests
//! (issue 11 item 4).
//!
//! The pool is shared **per client and per game, not per job** (issue 18
//! item 4: thirty games of `search:5s` bots from one address made another
//! player's heuristic bot wait 5 to 85 s a move):
//!
//! * bots that do not search (random, heuristic: [`Lane::Quick`]) answer
//!   in milliseconds and never wait behind a search: they have a thread of
//!   their own, and the search threads take them first when both wait;
//! * in each lane the waiting thinks are served round-robin: the clients
//!   that created the games in turn, each client's games in turn, a game's
//!   thinks in order — so a client with thirty games gets one turn in a
//!   round, like a client with one;
//! * searches share their threads' time: when more wait than there are
//!   threads, each thinks for a proportionally shorter time (at least
//!   50 ms), so the pool's CPU use stays within its threads and every game
//!   keeps moving.

use arcs_bots::Agent;
use arcs_engine::view::Observation;
use arcs_engine::Choice;
use std::collections::VecDeque;
use std::sync::{Arc, Condvar, Mutex, MutexGuard};
use std::time::Duration;
use tokio::sync::oneshot;

/// The shortest think a bot is ever given, however busy the pool.
const MIN_THINK: Duration = Duration::from_millis(50);

/// Nice value of the bots' threads (Linux): the scheduler gives people's
/// requests the CPU first.
#[cfg(target_os = "linux")]
const BOT_NICENESS: libc::c_int = 10;

/// Which queue a bot's think waits in.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Lane {
    /// Bots that answer at once (random, heuristic).
    Quick,
    /// Bots that search for as long as they are let.
    Search,
}

impl Lane {
    /// The lane of a bot level (`heuristic`, `search:2s`). Levels not
    /// known to be quick count as searching.
    pub fn of_level(level: &str) -> Lane {
        match level.split(':').next().map(str::trim) {
            Some("random" | "heuristic") => Lane::Quick,
            _ => Lane::Search,
        }
    }
}

/// Whose think it is: the client that created the game (its address, an
/// IPv6 /64, or for games from before issue 18 the game itself) and the
/// game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Owner {
    pub client: String,
    pub game: String,
}

struct Job {
    agent: Box<dyn Agent>,
    obs: Box<Observation<'static>>,
    choices: Vec<Choice>,
    reply: oneshot::Sender<(Box<dyn Agent>, usize)>,
}

/// One client's games with something waiting, the next to be served
/// first, each with its waiting items in order.
type Games<T> = VecDeque<(String, VecDeque<T>)>;

/// Waiting items served round-robin: clients in turn, each client's games
/// in turn, each game's items in order.
struct RoundRobin<T> {
    /// Clients with something waiting, the next to be served first.
    clients: VecDeque<(String, Games<T>)>,
}

impl<T> Default for RoundRobin<T> {
    fn default() -> Self {
        RoundRobin {
            clients: VecDeque::new(),
        }
    }
}

impl<T> RoundRobin<T> {
    fn push(&mut self, owner: &Owner, item: T) {
        let client = match self.clients.iter_mut().find(|(c, _)| *c == owner.client) {
            Some((_, games)) => games,
            None => {
                // A client with nothing waiting joins at the end of the round.
                self.clients
                    .push_back((owner.client.clone(), VecDeque::new()));
                match self.clients.back_mut() {
                    Some((_, games)) => games,
                    None => return, // just pushed: never
                }
            }
        };
        match client.iter_mut().find(|(g, _)| *g == owner.game) {
            Some((_, items)) => items.push_back(item),
            None => client.push_back((owner.game.clone(), VecDeque::from([item]))),
        }
    }

    fn pop(&mut self) -> Option<T> {
        let (client, mut games) = self.clients.pop_front()?;
        let (game, mut items) = games.pop_front()?;
        let item = items.pop_front();
        if !items.is_empty() {
            games.push_back((game, items));
        }
        if !games.is_empty() {
            self.clients.push_back((client, games));
        }
        item
    }

    #[cfg(test)]
    fn len(&self) -> usize {
        self.clients
            .iter()
            .flat_map(|(_, games)| games)
            .map(|(_, items)| items.len())
            .sum()
    }
}

#[derive(Default)]
struct Queues {
    quick: RoundRobin<Job>,
    search: RoundRobin<Job>,
    /// Searches waiting or thinking (their fair share divides by this).
    searching: usize,
    /// Quick thinks waiting or thinking.
    quick_demand: usize,
    closed: bool,
}

struct Shared {
    queues: Mutex<Queues>,
    ready: Condvar,
}

impl Shared {
    fn lock(&self) -> MutexGuard<'_, Queues> {
        self.queues.lock().unwrap_or_else(|p| p.into_inner())
    }
}

/// A bounded pool of bot threads.
pub struct BotPool {
    shared: Arc<Shared>,
}

impl BotPool {
    /// Starts `threads` (at least one) threads for searches and one for
    /// quick bots; each think lasts at most `max_think`. The threads end
    /// when the pool is dropped.
    pub fn new(threads: usize, max_think: Duration) -> BotPool {
        let threads = threads.max(1);
        let shared = Arc::new(Shared {
            queues: Mutex::new(Queues::default()),
            ready: Condvar::new(),
        });
        let workers = (0..threads)
            .map(|i| (format!("arcs-bot-{i}"), true))
            .chain([("arcs-bot-quick".to_string(), false)]);
        for (name, searches) in workers {
            let shared = shared.clone();
            let spawned = std::thread::Builder::new()
                .name(name.clone())
                .spawn(move || {
                    lower_priority();
                    work(&shared, searches, threads, max_think);
                });
            if let Err(e) = spawned {
                tracing::error!("cannot start bot thread {name}: {e}");
            }
        }
        BotPool { shared }
    }

    /// Asks `agent` for its choice among `choices`, in `lane`'s queue on
    /// behalf of `owner`. `None` if the pool is gone or the agent failed.
    pub async fn think(
        &self,
        agent: Box<dyn Agent>,
        obs: Observation<'static>,
        choices: Vec<Choice>,
        lane: Lane,
        owner: &Owner,
    ) -> Option<(Box<dyn Agent>, usize)> {
        let (reply, answer) = oneshot::channel();
        let job = Job {
            agent,
            obs: Box::new(obs),
            choices,
            reply,
        };
        {
            let mut q = self.shared.lock();
            if q.closed {
                return None;
            }
            match lane {
                Lane::Quick => {
                    q.quick_demand += 1;
                    q.quick.push(owner, job);
                }
                Lane::Search => {
                    q.searching += 1;
                    q.search.push(owner, job);
                }
            }
        }
        // Every thread may have something to do now (the quick thread only
        // for quick jobs): wake them all, the idle ones look.
        self.shared.ready.notify_all();
        answer.await.ok()
    }

    /// Thinks queued or running now, both lanes.
    pub fn demand(&self) -> usize {
        let q = self.shared.lock();
        q.searching + q.quick_demand
    }

    /// Searches queued or running now.
    pub fn searching(&self) -> usize {
        self.shared.lock().searching
    }
}

impl Drop for BotPool {
    fn drop(&mut self) {
        self.shared.lock().closed = true;
        self.shared.ready.notify_all();
    }
}

/// A bot thread's loop: quick thinks first, then (on a search thread)
/// searches, each cut to its fair share.
fn work(shared: &Shared, searches: bool, threads: usize, max_think: Duration) {
    loop {
        let (job, lane, limit) = {
            let mut q = shared.lock();
            loop {
                if q.closed {
                    return;
                }
                if let Some(job) = q.quick.pop() {
                    break (job, Lane::Quick, max_think);
                }
                if searches {
                    if let Some(job) = q.search.pop() {
                        let limit = fair_share(max_think, threads, q.searching.max(1));
                        break (job, Lane::Search, limit);
                    }
                }
                q = shared.ready.wait(q).unwrap_or_else(|p| p.into_inner());
            }
        };
        let Job {
            mut agent,
            obs,
            choices,
            reply,
        } = job;
        let pick = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            agent.choose_within(&obs, &choices, limit)
        }));
        {
            let mut q = shared.lock();
            match lane {
                Lane::Quick => q.quick_demand = q.quick_demand.saturating_sub(1),
                Lane::Search => q.searching = q.searching.saturating_sub(1),
            }
        }
        match pick {
            Ok(i) => {
                let _ = reply.send((agent, i));
            }
            Err(_) => tracing::error!("a bot panicked while choosing; its move is dropped"),
        }
    }
}

/// Each of `waiting` bots gets an equal share of `threads` threads for
/// `max_think`: the pool never promises more CPU than it has.
pub fn fair_share(max_think: Duration, threads: usize, waiting: usize) -> Duration {
    if waiting <= threads {
        return max_think;
    }
    max_think
        .mul_f64(threads as f64 / waiting as f64)
        .max(MIN_THINK.min(max_think))
}

/// Lowers the calling thread's CPU priority (Linux; elsewhere nothing).
pub fn lower_priority() {
    #[cfg(target_os = "linux")]
    // SAFETY: plain system calls on the calling thread; on Linux the nice
    // value is per thread, so this lowers only the bot thread.
    unsafe {
        let tid = libc::syscall(libc::SYS_gettid) as libc::id_t;
        libc::setpriority(libc::PRIO_PROCESS, tid, BOT_NICENESS);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn owner(client: &str, game: &str) -> Owner {
        Owner {
            client: client.into(),
            game: game.into(),
        }
    }

    #[test]
    fn waiting_thinks_are_served_by_client_then_game_in_turn() {
        let mut q = RoundRobin::default();
        // Client a has three games with two thinks each, b and c one.
        for (client, game, n) in [
            ("a", "a1", 1),
            ("a", "a1", 2),
            ("a", "a2", 1),
            ("a", "a3", 1),
            ("b", "b1", 1),
            ("a", "a2", 2),
            ("c", "c1", 1),
        ] {
            q.push(&owner(client, game), format!("{game}.{n}"));
        }
        assert_eq!(q.len(), 7);
        let order: Vec<_> = std::iter::from_fn(|| q.pop()).collect();
        assert_eq!(
            order,
            ["a1.1", "b1.1", "c1.1", "a2.1", "a3.1", "a1.2", "a2.2"],
            "a round gives each client one turn, whatever its number of games"
        );
        assert_eq!(q.len(), 0);
        // A client that comes back joins the end of the round.
        q.push(&owner("a", "a1"), "x".to_string());
        q.push(&owner("b", "b1"), "y".to_string());
        q.push(&owner("a", "a2"), "z".to_string());
        assert_eq!(q.pop().as_deref(), Some("x"));
        assert_eq!(q.pop().as_deref(), Some("y"));
        assert_eq!(q.pop().as_deref(), Some("z"));
    }

    #[test]
    fn levels_that_do_not_search_are_quick() {
        assert_eq!(Lane::of_level("random"), Lane::Quick);
        assert_eq!(Lane::of_level("heuristic"), Lane::Quick);
        assert_eq!(Lane::of_level("search"), Lane::Search);
        assert_eq!(Lane::of_level("search:5s"), Lane::Search);
        assert_eq!(Lane::of_level("something-new"), Lane::Search);
    }

    /// A quick bot answers while the only search thread is busy.
    #[tokio::test]
    async fn a_quick_bot_never_waits_behind_a_search() {
        let pool = Arc::new(BotPool::new(1, Duration::from_secs(3)));
        let game = arcs_engine::Game::new(arcs_engine::Config::base(2), 3).unwrap();
        let arcs_engine::Pending::Decision(d) = game.pending() else {
            panic!()
        };
        let search = {
            let (pool, obs, choices) = (
                pool.clone(),
                game.observation(d.seat).into_owned(),
                d.choices.clone(),
            );
            tokio::spawn(async move {
                let agent =
                    arcs_bots::make_agent("search:60s", 1, arcs_bots::Budget::Iterations(1))
                        .unwrap();
                pool.think(agent, obs, choices, Lane::Search, &owner("a", "g1"))
                    .await
            })
        };
        while pool.searching() == 0 {
            tokio::task::yield_now().await;
        }
        let agent =
            arcs_bots::make_agent("heuristic", 1, arcs_bots::Budget::Iterations(1)).unwrap();
        let quick = pool
            .think(
                agent,
                game.observation(d.seat).into_owned(),
                d.choices.clone(),
                Lane::Quick,
                &owner("b", "g2"),
            )
            .await;
        assert!(quick.is_some());
        assert!(
            !search.is_finished() && pool.searching() == 1,
            "the search (3 s) was still thinking when the quick bot answered"
        );
        assert!(search.await.unwrap().is_some());
    }

    #[test]
    fn shares_shrink_with_demand_but_not_below_the_floor() {
        let five = Duration::from_secs(5);
        assert_eq!(fair_share(five, 1, 1), five);
        assert_eq!(fair_share(five, 2, 2), five);
        assert_eq!(fair_share(five, 1, 10), Duration::from_millis(500));
        assert_eq!(fair_share(five, 1, 1000), MIN_THINK);
        assert_eq!(
            fair_share(Duration::from_millis(10), 1, 100),
            Duration::from_millis(10),
            "never more than the cap"
        );
    }

    struct Panicky;
    impl Agent for Panicky {
        fn name(&self) -> String {
            "panicky".into()
        }
        fn choose(&mut self, _: &Observation, _: &[Choice]) -> usize {
            panic!("a broken bot")
        }
    }

    #[tokio::test]
    async fn a_panicking_bot_is_reported_and_the_pool_goes_on() {
        let pool = BotPool::new(1, Duration::from_millis(20));
        let game = arcs_engine::Game::new(arcs_engine::Config::base(2), 3).unwrap();
        let arcs_engine::Pending::Decision(d) = game.pending() else {
            panic!()
        };
        let obs = || game.observation(d.seat).into_owned();
        assert!(pool
            .think(
                Box::new(Panicky),
                obs(),
                d.choices.clone(),
                Lane::Quick,
                &owner("a", "g")
            )
            .await
            .is_none());
        assert_eq!(pool.demand(), 0);
        // The thread survived: the next bot is served.
        let agent = arcs_bots::make_agent("random", 1, arcs_bots::Budget::Iterations(1)).unwrap();
        assert!(pool
            .think(
                agent,
                obs(),
                d.choices.clone(),
                Lane::Quick,
                &owner("a", "g")
            )
            .await
            .is_some());
    }

    #[tokio::test]
    async fn the_pool_answers_and_counts_its_demand() {
        let pool = BotPool::new(1, Duration::from_millis(20));
        let game = arcs_engine::Game::new(arcs_engine::Config::base(2), 3).unwrap();
        let arcs_engine::Pending::Decision(d) = game.pending() else {
            panic!()
        };
        let agent = arcs_bots::make_agent(
            "search",
            1,
            arcs_bots::Budget::Time(Duration::from_secs(60)),
        )
        .unwrap();
        let t = std::time::Instant::now();
        let (_, i) = pool
            .think(
                agent,
                game.observation(d.seat).into_owned(),
                d.choices.clone(),
                Lane::Search,
                &owner("a", "g"),
            )
            .await
            .unwrap();
        assert!(i < d.choices.len());
        assert!(
            t.elapsed() < Duration::from_secs(30),
            "the pool's limit cut the agent's own 60 s budget"
        );
        assert_eq!(pool.demand(), 0);
    }
}
