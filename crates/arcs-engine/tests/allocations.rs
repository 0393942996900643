//! Random games allocate almost nothing once set up: the engine's hot paths
//! (listing choices, battles, scoring) use fixed-capacity buffers, so
//! simulations and search bots do not pay for the allocator
//! (docs/performance.md). Counted with a global allocator wrapper; the
//! count is deterministic for seeded games.
use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering::Relaxed};

struct Counting;
static ALLOCS: AtomicU64 = AtomicU64::new(0);
static COUNTING: AtomicBool = AtomicBool::new(false);

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        if COUNTING.load(Relaxed) {
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

#[test]
fn a_random_game_allocates_only_at_setup_and_game_end() {
    use rand::SeedableRng;
    let config = arcs_engine::Config::base(3);
    let mut rng = rand::rngs::SmallRng::seed_from_u64(3);
    let mut buf = Vec::with_capacity(256);
    // Warm up the catalog and lookup tables (allocated once per process).
    arcs_engine::bench::random_game(&config, 0, &mut rng, &mut buf);
    let games = 200;
    COUNTING.store(true, Relaxed);
    let mut choices = 0;
    for g in 1..=games {
        choices += arcs_engine::bench::random_game(&config, g, &mut rng, &mut buf);
    }
    COUNTING.store(false, Relaxed);
    let per_game = ALLOCS.load(Relaxed) as f64 / games as f64;
    assert!(choices > 200 * games, "games were played");
    // Setup (court list, setup cards) and the final outcome allocate a few
    // times; a per-choice allocation would show up as hundreds per game.
    assert!(per_game <= 16.0, "{per_game} allocations per game");
}
