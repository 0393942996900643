//! Engine benchmarks (`cargo bench`): whole random games, listing legal
//! choices, applying a choice, cloning a state, a seat's view, a
//! determinization, and replaying a 4-player journal.

use arcs_engine::bench::random_game;
use arcs_engine::{Choice, Config, Game, NoEvents, Pending, Save, Seat};
use criterion::{criterion_group, criterion_main, Criterion};
// `std::hint::black_box`, not criterion 0.5's stable fallback: that one is
// a `read_volatile` of its argument, and `Bencher::iter` passes the
// routine's result through it — a volatile copy of a whole 4 KiB state
// cost more than the clone being measured (1.4–1.75 µs against ~0.15 µs;
// docs/performance.md). Routines here return nothing big.
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::hint::black_box;

fn games(c: &mut Criterion) {
    let mut g = c.benchmark_group("random game");
    g.sample_size(30);
    for (name, config) in [
        ("2p base", Config::base(2)),
        ("3p base", Config::base(3)),
        ("4p base", Config::base(4)),
        ("3p leaders-lore", Config::leaders_lore(3)),
    ] {
        // The random player's generator, as `arcs bench` uses.
        let mut rng = SmallRng::seed_from_u64(1);
        let mut buf = Vec::new();
        let mut seed = 0u64;
        g.bench_function(name, |b| {
            b.iter(|| {
                seed += 1;
                random_game(&config, seed, &mut rng, &mut buf)
            })
        });
    }
    g.finish();
}

/// A mid-game position after `steps` random choices.
fn mid_game(players: u8, steps: usize) -> Game {
    let mut g = Game::new(Config::base(players), 5).unwrap();
    let mut rng = ChaCha8Rng::seed_from_u64(2);
    for _ in 0..steps {
        let Pending::Decision(d) = g.pending() else {
            break;
        };
        let c = d.choices[rng.gen_range(0..d.choices.len())];
        g.apply(d.seat, c).unwrap();
    }
    g
}

fn operations(c: &mut Criterion) {
    let game = mid_game(3, 80);
    let state = game.state().clone();
    let mut buf: Vec<Choice> = Vec::new();
    c.bench_function("legal choices (mid-game)", |b| {
        b.iter(|| black_box(&state).choices_into(&mut buf))
    });
    c.bench_function("state clone", |b| {
        b.iter(|| {
            let copy = black_box(&state).clone();
            black_box(&copy);
        })
    });
    let mut s2 = state.clone();
    let seat = s2.settle(&mut NoEvents, &mut buf);
    let first = buf[0];
    c.bench_function("apply (clone + apply + settle)", |b| {
        b.iter(|| {
            let mut s = s2.clone();
            s.apply_and_next(first, &mut NoEvents, &mut buf)
        })
    });
    let _ = seat;
    c.bench_function("view", |b| {
        b.iter(|| {
            let view = game.view(Some(Seat(0)));
            black_box(&view);
        })
    });
    let obs = game.observation(Seat(0));
    let mut rng = ChaCha8Rng::seed_from_u64(3);
    c.bench_function("determinize", |b| {
        b.iter(|| {
            let state = obs.determinize(&mut rng);
            black_box(&state);
        })
    });
    let full = {
        let mut g = Game::new(Config::base(4), 9).unwrap();
        let mut rng = ChaCha8Rng::seed_from_u64(4);
        while let Pending::Decision(d) = g.pending() {
            let c = d.choices[rng.gen_range(0..d.choices.len())];
            g.apply(d.seat, c).unwrap();
        }
        Save::of(&g)
    };
    let mut g = c.benchmark_group("journal");
    g.sample_size(20);
    g.bench_function("replay a 4-player game", |b| {
        b.iter(|| {
            let game = full.load().unwrap();
            black_box(&game);
        })
    });
    g.finish();
}

criterion_group!(benches, games, operations);
criterion_main!(benches);
