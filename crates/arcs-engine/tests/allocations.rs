//! Random games allocate almost nothing once set up: the engine's hot paths
//! (listing choices, battles, scoring) use fixed-capacity buffers, so
//! simulations and search bots do not pay for the allocator
//! (docs/performance.md). Counted with a global allocator wrapper; the
//! count is deterministic for seeded games.
use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;
use std::sync::atomic::{AtomicU64, Ordering::Relaxed};

struct Counting;
static ALLOCS: AtomicU64 = AtomicU64::new(0);

thread_local! {
    /// Counting on this thread only: the test harness's own threads (which
    /// print other tests' results) allocate at any time.
    static COUNTING: Cell<bool> = const { Cell::new(false) };
}

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        if COUNTING.try_with(|c| c.get()).unwrap_or(false) {
            ALLOCS.fetch_add(1, Relaxed);
        }
        System.alloc(layout)
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        System.dealloc(ptr, layout)
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

/// Tests count one at a time (the counter is global).
static ONE_AT_A_TIME: std::sync::Mutex<()> = std::sync::Mutex::new(());

#[test]
fn a_random_game_allocates_only_at_setup_and_game_end() {
    let _one = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
    use rand::SeedableRng;
    let config = arcs_engine::Config::base(3);
    let mut rng = rand::rngs::SmallRng::seed_from_u64(3);
    let mut buf = Vec::with_capacity(256);
    // Warm up the catalog and lookup tables (allocated once per process).
    arcs_engine::bench::random_game(&config, 0, &mut rng, &mut buf);
    let games = 200;
    let (choices, n) = counted(|| {
        (1..=games)
            .map(|g| arcs_engine::bench::random_game(&config, g, &mut rng, &mut buf))
            .sum::<u64>()
    });
    let per_game = n as f64 / games as f64;
    assert!(choices > 200 * games, "games were played");
    // Setup (court list, setup cards) and the final outcome allocate a few
    // times; a per-choice allocation would show up as hundreds per game.
    assert!(per_game <= 16.0, "{per_game} allocations per game");
}

/// Allocations while `f` runs (each test holds [`ONE_AT_A_TIME`] from its
/// start, so no other test's allocations are counted).
fn counted<T>(f: impl FnOnce() -> T) -> (T, u64) {
    let before = ALLOCS.load(Relaxed);
    COUNTING.with(|c| c.set(true));
    let out = f();
    COUNTING.with(|c| c.set(false));
    (out, ALLOCS.load(Relaxed) - before)
}

/// Issue 19: a campaign state copies its bytes — cloning a mid-Act state
/// (Fates drawn, Summits and Crises possible) allocates nothing.
#[test]
fn cloning_a_campaign_state_allocates_nothing() {
    let _one = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
    use rand::SeedableRng;
    let mut g = arcs_engine::Game::new(arcs_engine::Config::campaign(4), 5).expect("valid");
    let mut rng = rand::rngs::SmallRng::seed_from_u64(2);
    for _ in 0..150 {
        let Some(&seat) = g.deciding_seats().first() else {
            break;
        };
        let Some(d) = g.decision_for(seat) else { break };
        let c = d.choices[arcs_engine::bench::uniform_index(&mut rng, d.choices.len())];
        g.apply(seat, c).expect("legal");
    }
    let state = g.state();
    assert!(state.campaign.is_some(), "a campaign state");
    let (copies, n) = counted(|| (0..100).map(|_| state.clone()).collect::<Vec<_>>().len());
    // The Vec of copies itself is one allocation.
    assert_eq!(copies, 100);
    assert!(n <= 1, "{n} allocations for 100 clones of a campaign state");
}

/// Issue 19: Act I games allocate little once set up (the Summit used to
/// clone the state per listing: 1,610 allocations a 4-player game).
#[test]
fn a_campaign_game_allocates_little() {
    let _one = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
    use rand::SeedableRng;
    let config = arcs_engine::Config::campaign(4);
    let mut rng = rand::rngs::SmallRng::seed_from_u64(3);
    let mut buf = Vec::with_capacity(256);
    arcs_engine::bench::random_game(&config, 0, &mut rng, &mut buf);
    let games = 20;
    let (choices, n) = counted(|| {
        (1..=games)
            .map(|g| arcs_engine::bench::random_game(&config, g, &mut rng, &mut buf))
            .sum::<u64>()
    });
    assert!(choices > 100 * games, "games were played");
    let per_game = n as f64 / games as f64;
    // Measured: ~160 a game, ~60 of them setting up (Fate draws, the
    // campaign Court) and the rest at chapter and Act events — under one per
    // ten choices; a per-listing allocation would add thousands.
    assert!(
        per_game <= 250.0,
        "{per_game} allocations per campaign game"
    );
}

/// Issue 19: the agent path (Game + an observation per decision) allocates
/// at most a little per choice (it was 15.2).
#[test]
fn the_agent_path_allocates_little_per_choice() {
    let _one = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
    use rand::SeedableRng;
    let config = arcs_engine::Config::base(3);
    let mut rng = rand::rngs::SmallRng::seed_from_u64(4);
    arcs_engine::bench::agent_game(&config, 0, &mut rng);
    let (choices, n) = counted(|| {
        (1..=20)
            .map(|g| arcs_engine::bench::agent_game(&config, g, &mut rng))
            .sum::<u64>()
    });
    assert!(choices > 4000, "games were played");
    let per_choice = n as f64 / choices as f64;
    assert!(per_choice <= 1.0, "{per_choice} allocations per choice");
}
