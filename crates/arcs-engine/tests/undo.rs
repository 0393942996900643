//! Undo within fair limits (issue 5, docs/rulings.md R-UNDO-1): a seat may
//! take back only its own trailing choices, never past a reveal.

use arcs_engine::{Config, Game, Pending, Seat};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

#[test]
fn undo_never_crosses_a_reveal_or_another_seats_choice() {
    let mut saw_undoable = 0;
    let mut saw_barrier = 0;
    for seed in 0..12u64 {
        let mut game = Game::new(Config::base(2 + (seed % 3) as u8), seed).unwrap();
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        for _ in 0..400 {
            let Pending::Decision(d) = game.pending() else {
                break;
            };
            let c = d.choices[rng.gen_range(0..d.choices.len())];
            game.apply(d.seat, c).unwrap();
            let n = game.choices().len();
            for s in 0..game.state().players {
                let k = game.undoable(Seat(s));
                // Only the seat's own trailing choices.
                assert!(game.choices()[n - k..]
                    .iter()
                    .all(|(who, _)| *who == Seat(s)));
                if k == 0 {
                    continue;
                }
                saw_undoable += 1;
                // Taking them back reveals nothing: the RNG and the decks
                // are as they were before those choices.
                let back = game.replay_prefix(n - k).unwrap();
                assert_eq!(back.state().rng, game.state().rng, "seed {seed}");
                assert_eq!(back.state().court_deck, game.state().court_deck);
            }
            if game.undoable(d.seat) == 0 {
                saw_barrier += 1;
            }
        }
    }
    // The test exercises both sides.
    assert!(
        saw_undoable > 100 && saw_barrier > 10,
        "{saw_undoable} {saw_barrier}"
    );
}

#[test]
fn a_dice_roll_is_a_barrier() {
    // Play random games until some choice rolls dice; it cannot be undone.
    let mut found = false;
    for seed in 0..20u64 {
        let mut game = Game::new(Config::base(2), seed).unwrap();
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        for _ in 0..600 {
            let Pending::Decision(d) = game.pending() else {
                break;
            };
            let c = d.choices[rng.gen_range(0..d.choices.len())];
            let before = game.state().rng.get_word_pos();
            game.apply(d.seat, c).unwrap();
            if game.state().rng.get_word_pos() != before {
                assert_eq!(game.undoable(d.seat), 0);
                found = true;
            }
        }
    }
    assert!(found);
}

#[test]
fn a_private_reveal_is_a_barrier() {
    // Whenever a choice shows a seat something privately (a draw, a look
    // at a hand), no seat can take that choice back.
    let mut found = 0;
    for seed in 0..20u64 {
        let mut game = Game::new(Config::base(3), seed).unwrap();
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        for _ in 0..600 {
            let Pending::Decision(d) = game.pending() else {
                break;
            };
            let c = d.choices[rng.gen_range(0..d.choices.len())];
            let events = game.apply(d.seat, c).unwrap();
            if events.iter().any(|e| e.private_to.is_some()) {
                assert_eq!(game.undoable(d.seat), 0);
                found += 1;
            }
        }
    }
    assert!(found > 0);
}
