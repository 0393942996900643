//! Undo never crosses anything that taught a seat something (DESIGN.md
//! §Undo, docs/rulings.md R-UNDO-1, issue 18 items 1 and 2): a reveal, a
//! draw, a deal, a bury, a scrap of a hidden card, the last answer of a
//! secret decision all seats take at once. The barrier is decided by the
//! kind of event, never by comparing pile sizes.
//!
//! Besides the scenarios of `scenarios/undo/` (the Envoys' bury-and-deal,
//! Teach's scrap, a Golem's face, a Court refill), this file holds the
//! secret Fate choice and a scan of random games in every mode: whenever a
//! seat may take choices back, nothing hidden changed since before them.

use arcs_engine::state::GameState;
use arcs_engine::{Choice, Config, Game, Pending, Seat};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// The three seats of a campaign game choose their Fates: every answer
/// but the last may be taken back by its seat; the last shows everyone
/// every Fate and is a barrier (issue 18 item 1: the last seat could undo
/// and choose again knowing everyone's Fate).
#[test]
fn the_last_answer_of_the_secret_fate_choice_is_a_barrier() {
    let mut g = Game::new(Config::campaign(3), 7).unwrap();
    let order: Vec<Seat> = g.deciding_seats();
    assert_eq!(order.len(), 3, "all three choose at once");
    // In the web table the person is often last, after the bots.
    let (first, second, last) = (order[2], order[0], order[1]);
    let pick = |g: &Game, seat: Seat| -> Choice { g.decision_for(seat).unwrap().choices[1] };

    let c = pick(&g, first);
    g.apply(first, c).unwrap();
    assert_eq!(g.undoable(first), 1, "an answer nobody saw may be changed");
    g.undo(1).unwrap();
    assert_eq!(g.deciding_seats().len(), 3);
    g.apply(first, c).unwrap();

    let c = pick(&g, second);
    g.apply(second, c).unwrap();
    assert_eq!(g.undoable(first), 0, "never past another seat's choice");
    assert_eq!(g.undoable(second), 1);

    let c = pick(&g, last);
    let events = g.apply(last, c).unwrap();
    assert!(
        events
            .iter()
            .any(|e| e.text.contains("The Fates are revealed")),
        "{events:?}"
    );
    assert_eq!(
        g.undoable(last),
        0,
        "the last answer revealed every Fate: it cannot be taken back"
    );
}

/// What a span of undoable choices may change of the hidden parts: the
/// RNG, the face-down piles (but cards put face down on the action
/// discard), cards entering hands, face-down Golems, the Fates.
fn hidden_unchanged(before: &GameState, now: &GameState) -> Result<(), String> {
    if before.rng != now.rng {
        return Err("the RNG moved (a roll, a shuffle, a deal)".into());
    }
    if *before.court_deck != *now.court_deck {
        return Err(format!(
            "the Court deck changed: {:?} -> {:?}",
            &*before.court_deck, &*now.court_deck
        ));
    }
    if *before.lore_deck != *now.lore_deck {
        return Err("the lore deck changed".into());
    }
    let was = &*before.action_discard;
    if !now.action_discard.starts_with(was) {
        return Err(format!(
            "the action discard pile changed below its top: {was:?} -> {:?}",
            &*now.action_discard
        ));
    }
    // A card everyone saw face up in play may come to a hand (Spacing
    // Union); any other card received is news to its receiver.
    let seen = before.face_up_plays().0;
    for x in now.seat_ids() {
        let (a, b) = (before.seat(x).hand.0, now.seat(x).hand.0);
        if b & !a & !seen != 0 {
            return Err(format!("{x} received a card"));
        }
    }
    if let (Some(a), Some(b)) = (before.campaign(), now.campaign()) {
        if a.fates != b.fates {
            return Err("the Fates were revealed".into());
        }
        for k in 0..4 {
            let (ga, gb) = (a.golems[k], b.golems[k]);
            if arcs_engine::cards::campaign::caretaker::is_face_down(ga) && ga != gb {
                return Err(format!("face-down Golem {k} came out"));
            }
        }
    }
    Ok(())
}

/// Random games of `config`; after every choice, for the seat that chose:
/// whatever it may take back changed nothing hidden and showed nobody
/// anything. Returns how many positions allowed an undo.
fn scan(config: &Config, seeds: std::ops::Range<u64>, max_steps: usize) -> usize {
    let mut undoable_seen = 0;
    for seed in seeds {
        let mut g = Game::new(config.clone(), seed).unwrap();
        let mut rng = ChaCha8Rng::seed_from_u64(seed ^ 0x5eed);
        let mut states: Vec<GameState> = Vec::new();
        let mut revealing: Vec<bool> = Vec::new();
        for _ in 0..max_steps {
            let seats = g.deciding_seats();
            if seats.is_empty() {
                break;
            }
            let seat = seats[rng.gen_range(0..seats.len())];
            let Some(d) = g.decision_for(seat) else {
                break;
            };
            let c = d.choices[rng.gen_range(0..d.choices.len())];
            states.push(g.state().clone());
            let events = g.apply(seat, c).unwrap();
            revealing.push(events.iter().any(|e| e.reveals));
            let n = states.len();
            let k = g.undoable(seat);
            if k == 0 {
                continue;
            }
            undoable_seen += 1;
            let before = &states[n - k];
            if let Err(why) = hidden_unchanged(before, g.state()) {
                panic!(
                    "{:?} {}p seed {seed}: {seat} may take back {k} choice(s) ({:?}) but {why}",
                    config.mode,
                    config.players,
                    &g.choices()[n - k..]
                );
            }
            assert!(
                !revealing[n - k..].iter().any(|r| *r),
                "seed {seed}: an undoable choice showed a seat a card"
            );
            // Undo is replay: taking them back gives the state before.
            if undoable_seen % 97 == 0 {
                let back = g.replay_prefix(n - k).unwrap();
                assert_eq!(back.state(), before, "seed {seed}");
            }
        }
        assert!(
            matches!(g.pending(), Pending::Decision(_) | Pending::Over(_)),
            "seed {seed}"
        );
    }
    undoable_seen
}

#[test]
fn base_games_never_undo_past_something_hidden() {
    let mut seen = 0;
    for players in 2..=4 {
        seen += scan(&Config::base(players), 0..20, 2000);
    }
    eprintln!("undoable positions met: {seen}");
    assert!(seen > 200, "the scan met few undoable positions: {seen}");
}

#[test]
fn leaders_and_lore_games_never_undo_past_something_hidden() {
    let mut seen = 0;
    for players in 2..=4 {
        let mut c = Config::leaders_lore(players);
        seen += scan(&c, 0..10, 2000);
        c.leaders_lore.second_lore = true;
        seen += scan(&c, 10..15, 2000);
    }
    eprintln!("undoable positions met: {seen}");
    assert!(seen > 200, "the scan met few undoable positions: {seen}");
}

#[test]
fn campaign_games_never_undo_past_something_hidden() {
    // Fates drawn from the eight "A" Fates (Believer, Caretaker…), and the
    // shared systems alone (Envoys Depart at 2 players, the Court Crises).
    let mut seen = 0;
    for players in 2..=4 {
        seen += scan(&Config::campaign(players), 0..30, 2500);
        seen += scan(&Config::campaign_without_fates(players), 100..110, 2500);
    }
    eprintln!("undoable positions met: {seen}");
    assert!(seen > 200, "the scan met few undoable positions: {seen}");
}

/// Plays random games of `config` until `happened(before, after)` holds
/// for some choice; that choice cannot be taken back. Returns how often.
fn every_time(
    config: &Config,
    seeds: std::ops::Range<u64>,
    happened: impl Fn(&GameState, &GameState) -> bool,
) -> usize {
    let mut found = 0;
    for seed in seeds {
        let mut g = Game::new(config.clone(), seed).unwrap();
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        for _ in 0..3000 {
            let seats = g.deciding_seats();
            if seats.is_empty() {
                break;
            }
            let seat = seats[rng.gen_range(0..seats.len())];
            let d = g.decision_for(seat).unwrap();
            let c = d.choices[rng.gen_range(0..d.choices.len())];
            let before = g.state().clone();
            g.apply(seat, c).unwrap();
            if happened(&before, g.state()) {
                assert_eq!(g.undoable(seat), 0, "seed {seed}: {seat} {c}");
                found += 1;
            }
        }
    }
    found
}

/// A new chapter's deal (every hand drawn anew) is a barrier, in every mode.
#[test]
fn a_deal_is_a_barrier() {
    let dealt = |a: &GameState, b: &GameState| b.chapter > a.chapter;
    for config in [
        Config::base(3),
        Config::leaders_lore(4),
        Config::campaign(2),
    ] {
        assert!(every_time(&config, 0..3, dealt) > 2, "{:?}", config.mode);
    }
}

/// Leaders & Lore: a lore card drawn from the lore deck (the Archivist's
/// five, a lore card's draw) is a barrier.
#[test]
fn a_lore_draw_is_a_barrier() {
    let drawn = |a: &GameState, b: &GameState| b.lore_deck.len() < a.lore_deck.len();
    let mut c = Config::leaders_lore(3);
    // The Archivist draws five lore cards once the draft is done.
    c.leaders_lore.leaders = arcs_engine::config::Pool::List(
        ["LEAD09", "LEAD01", "LEAD02", "LEAD03"]
            .map(String::from)
            .to_vec(),
    );
    let n = every_time(&c, 0..6, drawn);
    assert!(n > 0, "no lore was drawn");
}
