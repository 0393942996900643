//! Bots see only what their seat may see, finish every game, and are
//! deterministic given their seed.

use arcs_bots::tournament::{play_campaign, play_game};
use arcs_bots::{make_agent, Agent, Budget};
use arcs_engine::{Config, Game, Pending, Seat};
use rand::SeedableRng;

fn mid_game(players: u8, seed: u64, steps: usize) -> Game {
    let mut g = Game::new(Config::base(players), seed).unwrap();
    for i in 0..steps {
        let Pending::Decision(d) = g.pending() else {
            break;
        };
        let c = d.choices[i % d.choices.len()];
        g.apply(d.seat, c).unwrap();
    }
    g
}

/// A bot's observation holds no rival hand, no face-down card of a rival,
/// no discard order and no RNG state.
#[test]
fn observations_hide_what_the_seat_cannot_see() {
    for seed in 0..30 {
        let g = mid_game(3, seed, 40 + seed as usize);
        let real = g.state();
        for seat in real.seat_ids() {
            let obs = g.observation(seat);
            let p = obs.public_state();
            for x in real.seat_ids() {
                if x == seat {
                    assert_eq!(p.seat(x).hand, real.seat(x).hand);
                } else {
                    assert!(p.seat(x).hand.is_empty(), "rival hand visible");
                    assert_eq!(obs.hand_size(x) as u32, real.seat(x).hand.len());
                    if let (Some(a), Some(b)) =
                        (p.round.plays[x.index()], real.round.plays[x.index()])
                    {
                        if !b.face_up() {
                            assert_ne!(
                                Some(a.card),
                                Some(b.card).filter(|c| c.0 != 0),
                                "face-down card visible"
                            );
                        }
                    }
                }
            }
            assert!(p.action_discard.is_empty());
            assert_ne!(p.rng, real.rng);
        }
    }
}

/// Determinized states are complete and consistent (every invariant holds,
/// hand sizes kept, own hand unchanged) and vary in what is hidden.
#[test]
fn determinized_states_are_consistent() {
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(9);
    for seed in 0..20 {
        let g = mid_game(4, seed, 60);
        let seat = Seat(0);
        let obs = g.observation(seat);
        let mut rival_hands = std::collections::HashSet::new();
        for _ in 0..20 {
            let d = obs.determinize(&mut rng);
            arcs_engine::invariants::check(&d).unwrap();
            assert_eq!(d.seat(seat).hand, g.state().seat(seat).hand);
            for x in d.seat_ids() {
                assert_eq!(d.seat(x).hand.len(), g.state().seat(x).hand.len());
            }
            rival_hands.insert(d.seat(Seat(1)).hand);
            // The same decision is pending, with the same choices for us.
            assert_eq!(
                d.decision().map(|x| x.seat),
                g.state().decision().map(|x| x.seat)
            );
        }
        if !g.state().seat(Seat(1)).hand.is_empty() && g.state().seat(Seat(1)).hand.len() < 6 {
            assert!(
                rival_hands.len() > 1,
                "the hidden hand is always the same: a leak?"
            );
        }
    }
}

/// Thousands of games through the Agent interface (random agents), base
/// and Leaders & Lore, 2–4 players.
#[test]
fn thousands_of_agent_games_without_error() {
    let budget = Budget::Iterations(1);
    for g in 0..2400u64 {
        let players = 2 + (g % 3) as u8;
        let mode = if g % 2 == 0 {
            arcs_engine::Mode::Base
        } else {
            arcs_engine::Mode::LeadersLore
        };
        let config = Config {
            mode,
            ..Config::base(players)
        };
        let mut agents: Vec<Box<dyn Agent>> = (0..players)
            .map(|k| make_agent("random", g * 5 + k as u64, budget).unwrap())
            .collect();
        play_game(&config, g, &mut agents).unwrap();
    }
}

/// Every bot finishes many games, base and Leaders & Lore, 2–4 players.
#[test]
fn bots_complete_games_without_error() {
    let budget = Budget::Iterations(30);
    for (i, players) in [2u8, 3, 4].into_iter().enumerate() {
        for mode in [arcs_engine::Mode::Base, arcs_engine::Mode::LeadersLore] {
            let config = Config {
                mode,
                ..Config::base(players)
            };
            for g in 0..40u64 {
                let specs = ["heuristic", "random", "heuristic", "random"];
                let mut agents: Vec<Box<dyn Agent>> = (0..players as usize)
                    .map(|k| make_agent(specs[k], g + k as u64, budget).unwrap())
                    .collect();
                play_game(&config, g * 7 + i as u64, &mut agents).unwrap();
            }
            let mut agents: Vec<Box<dyn Agent>> = (0..players as usize)
                .map(|k| {
                    make_agent(
                        if k == 0 { "search" } else { "heuristic" },
                        k as u64,
                        budget,
                    )
                    .unwrap()
                })
                .collect();
            play_game(&config, 99, &mut agents).unwrap();
        }
    }
}

/// Issue 20 §8: the bots play whole campaigns — Act I, each Intermission,
/// Acts II and III — and the last Act names the campaign's winner.
#[test]
fn bots_play_whole_campaigns() {
    let budget = Budget::Iterations(20);
    for players in [2u8, 3, 4] {
        let config = Config::campaign_without_fates(players);
        let specs = ["search", "heuristic", "random", "heuristic"];
        let mut agents: Vec<Box<dyn Agent>> = (0..players as usize)
            .map(|k| make_agent(specs[k], k as u64 + 1, budget).unwrap())
            .collect();
        let (power, winner, timing) =
            play_campaign(&config, players as u64, &mut agents, 3).unwrap();
        assert_eq!(power.len(), players as usize);
        assert!(winner.0 < players);
        // Every seat decided, in three Acts of 3, 3 and 4 chapters.
        assert!(timing.iter().all(|(n, _)| *n > 50), "{timing:?}");
    }
}

/// Same seed → same decisions.
#[test]
fn bots_are_deterministic_per_seed() {
    let config = Config::base(3);
    let run = || {
        let mut agents: Vec<Box<dyn Agent>> = vec![
            make_agent("search", 5, Budget::Iterations(40)).unwrap(),
            make_agent("heuristic", 6, Budget::Iterations(40)).unwrap(),
            make_agent("random", 7, Budget::Iterations(40)).unwrap(),
        ];
        play_game(&config, 11, &mut agents).unwrap().0
    };
    assert_eq!(run(), run());
}
