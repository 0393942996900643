//! The simulation fast path (`settle` / `apply_and_next`: one dispatch per
//! step, forced End turn taken without listing it) must play exactly the
//! game the general path (`advance` / `choices_into` / `apply_unchecked`)
//! plays: same deciders, same choices in the same order, same events, same
//! state (docs/performance.md).
use arcs_engine::event::Event;
use arcs_engine::{Choice, Config};
use rand::{Rng, SeedableRng};

fn lockstep(config: &Config, seed: u64) {
    let mut fast = arcs_engine::setup::new_state(config, seed).unwrap();
    let mut slow = fast.clone();
    let (mut fast_ev, mut slow_ev): (Vec<Event>, Vec<Event>) = (Vec::new(), Vec::new());
    let (mut fast_buf, mut slow_buf): (Vec<Choice>, Vec<Choice>) = (Vec::new(), Vec::new());
    let mut rng = rand::rngs::SmallRng::seed_from_u64(seed);

    let mut seat = fast.settle(&mut fast_ev, &mut fast_buf);
    slow.advance(&mut slow_ev);
    let mut steps = 0;
    loop {
        let slow_seat = slow.choices_into(&mut slow_buf);
        assert_eq!(seat, slow_seat, "seed {seed} step {steps}: decider");
        assert_eq!(fast_buf, slow_buf, "seed {seed} step {steps}: choices");
        assert_eq!(fast_ev, slow_ev, "seed {seed} step {steps}: events");
        assert_eq!(fast, slow, "seed {seed} step {steps}: state");
        if seat.is_none() {
            break;
        }
        let c = fast_buf[rng.gen_range(0..fast_buf.len())];
        seat = fast.apply_and_next(c, &mut fast_ev, &mut fast_buf);
        slow.apply_unchecked(c, &mut slow_ev);
        steps += 1;
    }
    assert!(fast.is_over() && steps > 100, "seed {seed}: a whole game");
}

#[test]
fn fast_path_plays_the_same_games_as_the_general_path() {
    for seed in 0..40 {
        lockstep(&Config::base(2 + (seed % 3) as u8), seed);
    }
}

#[test]
fn fast_path_plays_the_same_leaders_and_lore_games() {
    for seed in 0..15 {
        lockstep(&Config::leaders_lore(3), seed);
    }
}
