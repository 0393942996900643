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
    /// Like [`Agent::choose`], but thinks for at most `limit` whatever its
    /// own budget says: a server shares its CPU among many games and
    /// lowers the limit when many bots wait (docs/api.md). Agents that do
    /// not search answer at once anyway.
    fn choose_within(&mut self, obs: &Observation, choices: &[Choice], limit: Duration) -> usize {
        let _ = limit;
        self.choose(obs, choices)
    }
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

/// The longest time budget [`parse_budget`] accepts (a day): beyond it a
/// budget is a typo, and a `Duration` far beyond it overflows clock maths.
pub const MAX_TIME_BUDGET: Duration = Duration::from_secs(24 * 60 * 60);

/// `200ms`, `1s`, `1.5s`, `5000it`. Total: any text gives a budget or an
/// error in plain words (never a panic): negative, infinite, NaN and
/// too-large times, iteration counts past `u32` and non-ASCII text are
/// refused.
pub fn parse_budget(s: &str) -> Result<Budget, String> {
    let bad = |why: &str| format!("bad budget {s:?}: {why} (e.g. 500ms, 1s, 3000it)");
    let max_s = MAX_TIME_BUDGET.as_secs();
    if let Some(n) = s.strip_suffix("ms") {
        let ms: u64 = n
            .parse()
            .map_err(|_| bad("milliseconds are a whole number"))?;
        let t = Duration::from_millis(ms);
        if t > MAX_TIME_BUDGET {
            return Err(bad(&format!("at most {max_s}s")));
        }
        return Ok(Budget::Time(t));
    }
    if let Some(n) = s.strip_suffix("it") {
        return n
            .parse()
            .map(Budget::Iterations)
            .map_err(|_| bad(&format!("iterations are a whole number 0..={}", u32::MAX)));
    }
    if let Some(n) = s.strip_suffix('s') {
        let secs: f64 = n.parse().map_err(|_| bad("seconds are a number"))?;
        // `Duration::from_secs_f64` panics on these; refuse them first.
        if !secs.is_finite() || secs.is_sign_negative() {
            return Err(bad("seconds must be a finite number, not negative"));
        }
        return match Duration::try_from_secs_f64(secs) {
            Ok(t) if t <= MAX_TIME_BUDGET => Ok(Budget::Time(t)),
            _ => Err(bad(&format!("at most {max_s}s"))),
        };
    }
    Err(bad("end it with ms, s or it"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn budgets() {
        let ms = |n| Ok(Budget::Time(Duration::from_millis(n)));
        assert_eq!(parse_budget("200ms"), ms(200));
        assert_eq!(parse_budget("1s"), ms(1000));
        assert_eq!(parse_budget("1.5s"), ms(1500));
        assert_eq!(parse_budget("0s"), ms(0));
        assert_eq!(parse_budget("86400s"), ms(86_400_000));
        assert_eq!(parse_budget("5000it"), Ok(Budget::Iterations(5000)));
    }

    /// Issue 11: each of these panicked in `Duration::from_secs_f64` (or
    /// gave an absurd budget); each is now an error.
    #[test]
    fn bad_budgets_are_errors() {
        for s in [
            "-1s",
            "-0s",
            "-0.0s",
            "infs",
            "-infs",
            "NaNs",
            "nans",
            "1e309s",
            "1e300s",
            "86401s",
            "18446744073709551616s",
            "18446744073709551615ms",
            "86400001ms",
            "99999999999999999999999ms",
            "4294967296it",
            "99999999999999999999it",
            "-1it",
            "-1ms",
            "1.5ms",
            "",
            "s",
            "ms",
            "it",
            "1",
            "1h",
            "1€s",
            "€",
            "１s",
            "\u{0}s",
        ] {
            let e = parse_budget(s).expect_err(s);
            assert!(e.starts_with("bad budget"), "{s}: {e}");
        }
        let e = parse_budget("-1s").unwrap_err();
        assert!(e.contains("negative"), "{e}");
        assert!(make_agent("search:NaNs", 1, Budget::Iterations(1)).is_err());
        assert!(make_agent("search:-1s", 1, Budget::Iterations(1)).is_err());
    }

    proptest! {
        #![proptest_config(ProptestConfig { cases: 2000, ..ProptestConfig::default() })]

        /// Any text: a budget within bounds, or an error; never a panic.
        #[test]
        fn parse_budget_is_total(s in prop_oneof![
            any::<String>(),
            "\\PC{0,12}",
            ("[-+]?[0-9.eE]{0,25}|inf|NaN|infinity|-inf", prop::sample::select(vec!["s", "ms", "it", "", "S"]))
                .prop_map(|(n, u)| format!("{n}{u}")),
            any::<f64>().prop_map(|x| format!("{x}s")),
            any::<u64>().prop_map(|x| format!("{x}ms")),
            any::<u64>().prop_map(|x| format!("{x}it")),
        ]) {
            match parse_budget(&s) {
                Ok(Budget::Time(t)) => prop_assert!(t <= MAX_TIME_BUDGET),
                Ok(Budget::Iterations(_)) => {}
                Err(e) => prop_assert!(e.starts_with("bad budget")),
            }
            let _ = make_agent(&format!("search:{s}"), 0, Budget::Iterations(1));
        }
    }
}
