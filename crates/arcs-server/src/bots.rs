//! The bots' thinking pool: a fixed number of low-priority threads shared
//! by every game, so bots can never take the CPU from people's requests
//! (issue 11 item 4). Thinking time is shared fairly: when more bots wait
//! than there are threads, each thinks for a proportionally shorter time,
//! so the pool's CPU use stays within its threads and every game keeps
//! moving.

use arcs_bots::Agent;
use arcs_engine::view::Observation;
use arcs_engine::Choice;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{mpsc, Arc, Mutex};
use std::time::Duration;
use tokio::sync::oneshot;

/// The shortest think a bot is ever given, however busy the pool.
const MIN_THINK: Duration = Duration::from_millis(50);

/// Nice value of the bots' threads (Linux): the scheduler gives people's
/// requests the CPU first.
#[cfg(target_os = "linux")]
const BOT_NICENESS: libc::c_int = 10;

struct Job {
    agent: Box<dyn Agent>,
    obs: Box<Observation>,
    choices: Vec<Choice>,
    reply: oneshot::Sender<(Box<dyn Agent>, usize)>,
}

/// A bounded pool of bot threads.
pub struct BotPool {
    jobs: Mutex<mpsc::Sender<Job>>,
    /// Jobs queued or thinking.
    demand: Arc<AtomicUsize>,
}

impl BotPool {
    /// Starts `threads` (at least one) bot threads; each think lasts at most
    /// `max_think`. The threads end when the pool is dropped.
    pub fn new(threads: usize, max_think: Duration) -> BotPool {
        let threads = threads.max(1);
        let (tx, rx) = mpsc::channel::<Job>();
        let rx = Arc::new(Mutex::new(rx));
        let demand = Arc::new(AtomicUsize::new(0));
        for i in 0..threads {
            let (rx, demand) = (rx.clone(), demand.clone());
            let spawned = std::thread::Builder::new()
                .name(format!("arcs-bot-{i}"))
                .spawn(move || {
                    lower_priority();
                    loop {
                        let job = match rx.lock().unwrap_or_else(|p| p.into_inner()).recv() {
                            Ok(job) => job,
                            Err(_) => return, // the pool is gone
                        };
                        let waiting = demand.load(Ordering::Acquire).max(1);
                        let limit = fair_share(max_think, threads, waiting);
                        let Job {
                            mut agent,
                            obs,
                            choices,
                            reply,
                        } = job;
                        let pick = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                            agent.choose_within(&obs, &choices, limit)
                        }));
                        demand.fetch_sub(1, Ordering::AcqRel);
                        match pick {
                            Ok(i) => {
                                let _ = reply.send((agent, i));
                            }
                            Err(_) => {
                                tracing::error!(
                                    "a bot panicked while choosing; its move is dropped"
                                )
                            }
                        }
                    }
                });
            if let Err(e) = spawned {
                tracing::error!("cannot start bot thread {i}: {e}");
            }
        }
        BotPool {
            jobs: Mutex::new(tx),
            demand,
        }
    }

    /// Asks `agent` for its choice among `choices`. `None` if the pool is
    /// gone or the agent failed.
    pub async fn think(
        &self,
        agent: Box<dyn Agent>,
        obs: Observation,
        choices: Vec<Choice>,
    ) -> Option<(Box<dyn Agent>, usize)> {
        let (reply, answer) = oneshot::channel();
        self.demand.fetch_add(1, Ordering::AcqRel);
        let job = Job {
            agent,
            obs: Box::new(obs),
            choices,
            reply,
        };
        let sent = self
            .jobs
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .send(job);
        if sent.is_err() {
            self.demand.fetch_sub(1, Ordering::AcqRel);
            return None;
        }
        answer.await.ok()
    }

    /// Jobs queued or thinking now.
    pub fn demand(&self) -> usize {
        self.demand.load(Ordering::Acquire)
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
        let obs = || game.observation(d.seat);
        assert!(pool
            .think(Box::new(Panicky), obs(), d.choices.clone())
            .await
            .is_none());
        assert_eq!(pool.demand(), 0);
        // The thread survived: the next bot is served.
        let agent = arcs_bots::make_agent("random", 1, arcs_bots::Budget::Iterations(1)).unwrap();
        assert!(pool.think(agent, obs(), d.choices.clone()).await.is_some());
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
            .think(agent, game.observation(d.seat), d.choices.clone())
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
