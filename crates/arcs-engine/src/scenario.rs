//! Scenario files (docs/scenarios.md): set up a position, apply choices,
//! assert on the result.
