//! The search agent: single-observer information-set Monte Carlo tree
//! search (SO-ISMCTS). Each iteration imagines the hidden cards anew
//! ([`Observation::determinize`]), walks the tree choosing among the
//! choices legal in that world (UCB1 with availability counts), expands one
//! node, plays on with a light rollout policy, and scores the position
//! with [`crate::eval::reward`] for every seat. The most visited root
//! choice is played.

use crate::eval::reward;
use crate::heuristic::is_passive;
use crate::{Agent, Budget};
use arcs_engine::ids::Seat;
use arcs_engine::state::GameState;
use arcs_engine::view::Observation;
use arcs_engine::{Choice, NoEvents};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::time::{Duration, Instant};

/// Decisions played out after leaving the tree.
const ROLLOUT: usize = 50;
/// Exploration constant of UCB1 (rewards are in 0..1).
const UCB_C: f64 = 0.7;

struct Node {
    /// The choice that led here and who made it.
    choice: Option<Choice>,
    mover: Option<Seat>,
    children: Vec<usize>,
    visits: u32,
    avail: u32,
    reward: f64,
}

pub struct SearchAgent {
    rng: ChaCha8Rng,
    budget: Budget,
    /// Iterations of the last decision (for reports).
    pub last_iterations: u32,
}

impl SearchAgent {
    pub fn new(seed: u64, budget: Budget) -> SearchAgent {
        SearchAgent {
            rng: ChaCha8Rng::seed_from_u64(seed),
            budget,
            last_iterations: 0,
        }
    }

    fn iterate(&mut self, tree: &mut Vec<Node>, mut s: GameState, buf: &mut Vec<Choice>) {
        let mut path = vec![0usize];
        let mut node = 0usize;
        // Selection and expansion.
        while let Some(seat) = s.choices_into(buf) {
            if buf.is_empty() {
                break;
            }
            let legal = buf.clone();
            let untried: Vec<Choice> = legal
                .iter()
                .copied()
                .filter(|c| {
                    !tree[node]
                        .children
                        .iter()
                        .any(|&k| tree[k].choice == Some(*c))
                })
                .collect();
            for i in 0..tree[node].children.len() {
                let k = tree[node].children[i];
                if tree[k].choice.is_some_and(|c| legal.contains(&c)) {
                    tree[k].avail += 1;
                }
            }
            if !untried.is_empty() {
                let c = untried[self.rng.gen_range(0..untried.len())];
                let k = tree.len();
                tree.push(Node {
                    choice: Some(c),
                    mover: Some(seat),
                    children: Vec::new(),
                    visits: 0,
                    avail: 1,
                    reward: 0.0,
                });
                tree[node].children.push(k);
                s.apply_unchecked(c, &mut NoEvents);
                path.push(k);
                break;
            }
            let mut best = (f64::MIN, usize::MAX);
            for &k in &tree[node].children {
                let Some(c) = tree[k].choice else { continue };
                if !legal.contains(&c) {
                    continue;
                }
                let v = tree[k].reward / tree[k].visits.max(1) as f64
                    + UCB_C
                        * ((tree[k].avail.max(1) as f64).ln() / tree[k].visits.max(1) as f64)
                            .sqrt();
                if v > best.0 {
                    best = (v, k);
                }
            }
            if best.1 == usize::MAX {
                break;
            }
            node = best.1;
            if let Some(c) = tree[node].choice {
                s.apply_unchecked(c, &mut NoEvents);
            }
            path.push(node);
        }
        // Rollout: random play that rarely gives up its turn.
        for _ in 0..ROLLOUT {
            if s.choices_into(buf).is_none() || buf.is_empty() {
                break;
            }
            let mut i = self.rng.gen_range(0..buf.len());
            if is_passive(&buf[i]) && buf.len() > 1 && self.rng.gen_bool(0.8) {
                i = self.rng.gen_range(0..buf.len());
            }
            s.apply_unchecked(buf[i], &mut NoEvents);
        }
        let rewards: Vec<f64> = s.seat_ids().map(|x| reward(&s, x)).collect();
        for &k in &path {
            tree[k].visits += 1;
            if let Some(m) = tree[k].mover {
                tree[k].reward += rewards[m.index()];
            }
        }
    }
}

impl Agent for SearchAgent {
    fn name(&self) -> String {
        match self.budget {
            Budget::Iterations(n) => format!("search:{n}it"),
            Budget::Time(d) => format!("search:{}ms", d.as_millis()),
        }
    }

    fn choose(&mut self, obs: &Observation, choices: &[Choice]) -> usize {
        self.search(obs, choices, None)
    }

    fn choose_within(&mut self, obs: &Observation, choices: &[Choice], limit: Duration) -> usize {
        self.search(obs, choices, Some(limit))
    }
}

impl SearchAgent {
    /// Searches within the agent's budget and, if given, `limit` of time.
    fn search(&mut self, obs: &Observation, choices: &[Choice], limit: Option<Duration>) -> usize {
        if choices.len() <= 1 {
            return 0;
        }
        let mut tree = vec![Node {
            choice: None,
            mover: None,
            children: Vec::new(),
            visits: 0,
            avail: 0,
            reward: 0.0,
        }];
        let start = Instant::now();
        let mut buf = Vec::new();
        let mut n = 0u32;
        loop {
            let done = match self.budget {
                Budget::Iterations(k) => n >= k,
                Budget::Time(d) => start.elapsed() >= d,
            } || limit.is_some_and(|l| start.elapsed() >= l);
            if done && n > 0 {
                break;
            }
            let s = obs.determinize(&mut self.rng);
            self.iterate(&mut tree, s, &mut buf);
            n += 1;
        }
        self.last_iterations = n;
        let best = tree[0]
            .children
            .iter()
            .filter_map(|&k| tree[k].choice.map(|c| (c, tree[k].visits)))
            .max_by_key(|(_, v)| *v)
            .map(|(c, _)| c);
        best.and_then(|c| choices.iter().position(|x| *x == c))
            .unwrap_or(0)
    }
}
