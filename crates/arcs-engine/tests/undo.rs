//! Undo within fair limits (issue 5, docs/rulings.md R-UNDO-1): a seat may
//! take back only its own trailing choices, never past a reveal.

use arcs_engine::scenario::Scenario;
use arcs_engine::{Choice, Config, Event, Game, Pending, Seat};
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
    // Whenever a choice shows a seat something it did not know (a draw, a
    // look at a hand), no seat can take that choice back.
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
            if events.iter().any(|e| e.reveals) {
                assert_eq!(game.undoable(d.seat), 0);
                found += 1;
            }
        }
    }
    assert!(found > 0);
}

// ---- R-UNDO-1: only information a seat did not have is a barrier (issue 11)

const P1: Seat = Seat(0);
const P2: Seat = Seat(1);

fn position(text: &str) -> Game {
    Scenario::parse(text).unwrap().build().unwrap()
}

fn play(game: &mut Game, seat: Seat, choice: &str) -> Vec<Event> {
    let c: Choice = choice.parse().unwrap();
    game.apply(seat, c)
        .unwrap_or_else(|e| panic!("{seat} {choice}: {e}"))
        .to_vec()
}

#[test]
fn own_forced_choice_is_not_a_barrier() {
    // P1 taxes its only city: the target is the only option, taken for P1
    // and told to P1 alone. Nothing hidden came out.
    let mut game = position(
        "players 3\ninitiative P1\nsystem 3.1: P1 city, P1 ship\n\
         P1 hand ADM3 CON2\nP2 hand AGG4\nP3 hand MOB4\n",
    );
    play(&mut game, P1, "lead ADM3");
    let events = play(&mut game, P1, "tax");
    assert!(
        events
            .iter()
            .any(|e| e.tag == "auto" && e.private_to == Some(P1) && !e.reveals),
        "{events:?}"
    );
    assert_eq!(game.undoable(P1), 2, "lead and tax can both be taken back");
}

#[test]
fn own_face_down_copy_is_not_a_barrier() {
    let mut game = position(
        "players 3\ninitiative P1\nsystem 3.1: P1 city, P1 ship\n\
         P1 hand ADM3 CON2\nP2 hand AGG4 MOB5\nP3 hand MOB4\n",
    );
    play(&mut game, P1, "lead ADM3");
    play(&mut game, P1, "end");
    let events = play(&mut game, P2, "copy AGG4");
    assert!(
        events
            .iter()
            .any(|e| e.private_to == Some(P2) && e.text.contains("Aggression 4") && !e.reveals),
        "{events:?}"
    );
    assert_eq!(game.undoable(P2), 1);
    // Still never past P1's choices (another seat's).
    assert_eq!(game.undoable(P1), 0);
}

#[test]
fn a_draw_is_still_a_barrier() {
    // C-BC31 Call to Action draws from the bottom of the action discard.
    let mut game = position(
        "players 3\ninitiative P1\nsystem 3.1: P1 city, P1 ship\n\
         P1 hand AGG3 AGG4\nP2 hand ADM4\nP3 hand MOB4\n\
         court BC31 BC01 BC02 BC03\naction-discard MOB6 CON6\nagents 1 P1 1\n",
    );
    play(&mut game, P1, "lead AGG3");
    let events = play(&mut game, P1, "secure");
    assert!(events.iter().any(|e| e.reveals && e.private_to == Some(P1)));
    assert_eq!(game.undoable(P1), 0);
}

#[test]
fn farseers_prelude_draw_is_a_barrier() {
    // C-BC17 Prelude: the N+1 cards drawn from the face-down bottom of the
    // action discard are news to P1; neither the RNG nor a deck moves, so
    // only the event says so (it was undoable before issue 11).
    let mut game = position(
        "players 3\ninitiative P1\nsystem 3.1: P1 city, P1 ship\n\
         P1 hand ADM3 CON2 MOB2\nP1 guild BC17\nP2 hand AGG4\nP3 hand MOB4\n\
         action-discard MOB6 CON6 ADM6\n",
    );
    play(&mut game, P1, "lead ADM3");
    play(&mut game, P1, "prelude BC17");
    play(&mut game, P1, "action CON2");
    assert_eq!(game.undoable(P1), 3, "discarding own cards reveals nothing");
    let events = play(&mut game, P1, "done");
    assert!(
        events.iter().any(|e| e.reveals
            && e.private_to == Some(P1)
            && e.text.contains("Mobilization 6, Construction 6")),
        "{events:?}"
    );
    assert_eq!(game.undoable(P1), 0);
}

#[test]
fn a_die_roll_is_still_a_barrier() {
    // No `dice` line: the RNG rolls.
    let mut game = position(
        "players 3\ninitiative P1\nsystem 3.1: P1 city, P1 3 ships, P2 2 ships\n\
         P1 hand AGG3 CON2\nP2 hand ADM4\nP3 hand MOB4\n",
    );
    play(&mut game, P1, "lead AGG3");
    play(&mut game, P1, "battle");
    let before = game.state().rng.get_word_pos();
    let mut n = 0;
    while game.state().rng.get_word_pos() == before {
        let Pending::Decision(d) = game.pending() else {
            panic!("no roll")
        };
        assert_eq!(d.seat, P1);
        game.apply(P1, d.choices[d.choices.len() - 1]).unwrap();
        n += 1;
        assert!(n < 6, "no roll");
    }
    assert_eq!(game.undoable(P1), 0);
}

#[test]
fn a_forced_die_is_a_barrier_too() {
    // Scenario dice (`dice ...`) are consumed before the RNG: still a roll.
    let mut game = position(
        "players 3\ninitiative P1\nsystem 3.1: P1 city, P1 3 ships, P2 2 ships\n\
         P1 hand AGG3 CON2\nP2 hand ADM4\nP3 hand MOB4\ndice skirmish blank blank blank\n\
         dice assault 1 1 1\n",
    );
    play(&mut game, P1, "lead AGG3");
    play(&mut game, P1, "battle");
    let left = game.state().forced_dice.len();
    let mut n = 0;
    while game.state().forced_dice.len() == left {
        let Pending::Decision(d) = game.pending() else {
            panic!("no roll")
        };
        game.apply(P1, d.choices[d.choices.len() - 1]).unwrap();
        n += 1;
        assert!(n < 6, "no roll");
    }
    assert_eq!(game.undoable(P1), 0);
}

#[test]
fn a_farseers_look_at_another_hand_is_a_barrier() {
    // C-BC17 on declare: P1 looks at P2's hand.
    let mut game = position(
        "players 3\ninitiative P1\nsystem 3.1: P1 ship\nP1 hand CON4 ADM2\n\
         P1 guild BC17\nP2 hand AGG3 MOB5\nP3 hand CON6\n",
    );
    play(&mut game, P1, "lead CON4");
    play(&mut game, P1, "declare warlord");
    assert_eq!(game.undoable(P1), 2);
    let events = play(&mut game, P1, "player P2");
    assert!(events.iter().any(|e| e.reveals
        && e.private_to == Some(P1)
        && e.text.contains("Aggression 3, Mobilization 5")));
    assert_eq!(game.undoable(P1), 0);
    // The swap shows P2 the card it receives: a barrier as well.
    play(&mut game, P1, "action ADM2");
    assert_eq!(game.undoable(P1), 1);
    let events = play(&mut game, P1, "action MOB5");
    assert!(events
        .iter()
        .any(|e| e.reveals && e.private_to == Some(P2) && e.text.contains("Administration 2")));
    assert_eq!(game.undoable(P1), 0);
}

#[test]
fn another_seats_choice_is_a_barrier_even_when_forced() {
    // P2's only card is a lower Aggression: it can only copy, and the engine
    // does it for P2 right after P1 ends its turn. That P2 had no other
    // option tells P1 something about P2's hand: P1's `end` stays.
    let mut game = position(
        "players 3\ninitiative P1\nsystem 3.1: P1 city, P1 ship\n\
         P1 hand AGG5 CON2\nP2 hand AGG2\nP3 hand MOB4 ADM3\n",
    );
    play(&mut game, P1, "lead AGG5");
    let events = play(&mut game, P1, "end");
    assert!(
        events.iter().any(|e| e.tag == "auto" && e.seat == Some(P2)),
        "{events:?}"
    );
    assert_eq!(game.undoable(P1), 0);
}
