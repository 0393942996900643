//! # arcs-bots
//!
//! Programs that play a seat of Arcs. An [`Agent`] sees only the seat's
//! [`Observation`] (the state with every hidden part removed) and the legal
//! choices — never the real state — and returns the index of its choice.
//! Agents are deterministic given their own seed.

pub mod eval;
pub mod heuristic;
pub mod random;
pub mod search;
pub mod tournament;

use arcs_engine::view::Observation;
use arcs_engine::Choice;
use std::time::Duration;

/// How much an agent may think per decision.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Budget {
    /// A number of search iterations.
    Iterations(u32),
    /// Wall-clock time per decision.
    Time(Duration),
}

/// A program that plays a seat.
pub trait Agent: Send {
    fn name(&self) -> String;
    /// Picks one of `choices` (never empty) for `obs.seat`; returns its index.
    fn choose(&mut self, obs: &Observation, choices: &[Choice]) -> usize;
}

/// Bot levels, by name: `random`, `heuristic`, `search` (optionally with a
/// budget: `search:200ms`, `search:5000it`).
pub fn make_agent(spec: &str, seed: u64, default_budget: Budget) -> Result<Box<dyn Agent>, String> {
    let (kind, budget) = match spec.split_once(':') {
        None => (spec, default_budget),
        Some((k, b)) => (k, parse_budget(b)?),
    };
    match kind {
        "random" => Ok(Box::new(random::RandomAgent::new(seed))),
        "heuristic" => Ok(Box::new(heuristic::HeuristicAgent::new(seed))),
        "search" => Ok(Box::new(search::SearchAgent::new(seed, budget))),
        other => Err(format!(
            "unknown bot {other:?} (random, heuristic, search[:BUDGET])"
        )),
    }
}

/// `200ms`, `1s`, `5000it`.
pub fn parse_budget(s: &str) -> Result<Budget, String> {
    let bad = || format!("bad budget {s:?} (e.g. 500ms, 1s, 3000it)");
    if let Some(n) = s.strip_suffix("ms") {
        return Ok(Budget::Time(Duration::from_millis(
            n.parse().map_err(|_| bad())?,
        )));
    }
    if let Some(n) = s.strip_suffix("it") {
        return Ok(Budget::Iterations(n.parse().map_err(|_| bad())?));
    }
    if let Some(n) = s.strip_suffix('s') {
        let secs: f64 = n.parse().map_err(|_| bad())?;
        return Ok(Budget::Time(Duration::from_secs_f64(secs)));
    }
    Err(bad())
}
