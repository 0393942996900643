//! Runs every scenario file under `<repo>/scenarios` (except `pending/`,
//! which holds scenarios for known open bugs) and fails on any failed check.

use arcs_engine::scenario::run_text;
use std::path::{Path, PathBuf};

fn files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(rd) = std::fs::read_dir(dir) else {
        return;
    };
    for e in rd.flatten() {
        let p = e.path();
        if p.is_dir() {
            if p.file_name().is_some_and(|n| n != "pending") {
                files(&p, out);
            }
        } else if p.extension().is_some_and(|x| x == "scn") {
            out.push(p);
        }
    }
}

#[test]
fn every_scenario_passes() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../scenarios");
    let mut all = Vec::new();
    files(&root, &mut all);
    all.sort();
    assert!(
        !all.is_empty(),
        "no scenarios found under {}",
        root.display()
    );
    let mut failures = Vec::new();
    for f in &all {
        let text = std::fs::read_to_string(f).unwrap();
        let r = run_text(&text);
        if !r.passed() {
            let mut msg = format!("{}:", f.display());
            for c in r.checks.iter().filter(|c| !c.ok) {
                msg.push_str(&format!("\n  line {}: {} — {}", c.line, c.text, c.detail));
            }
            if let Some(s) = &r.stopped {
                msg.push_str(&format!("\n  stopped: {s}"));
            }
            failures.push(msg);
        }
    }
    println!("{} scenario files run", all.len());
    assert!(
        failures.is_empty(),
        "{} of {} scenarios failed:\n{}",
        failures.len(),
        all.len(),
        failures.join("\n")
    );
}

/// A scenario that should fail does fail (the runner can detect failure).
#[test]
fn a_wrong_expectation_fails() {
    let r = run_text("players 2\nP1 hand ADM2\nexpect P1 power 3\n");
    assert!(!r.passed());
    let r = run_text("players 2\nP1 hand ADM2\nP2 hand ADM3\nrefuse P1 lead ADM2\n");
    assert!(!r.passed(), "a legal choice passed as refused");
}

#[test]
fn malformed_scenarios_are_errors_not_panics() {
    for text in [
        "",
        "players 5",
        "players 3\nsystem 9.9: P1 ship",
        "players 3\nsystem 1.1: P1 99 ships",
        "players 3\nP7 hand ADM2",
        "players 3\nfrobnicate",
        "players 3\ndo P1 lead ADM2\nsystem 1.1: P1 ship",
        "players 2\nP1 hand ADM1",
        "players 3\nP1 resources relic relic relic relic relic relic",
        "players 3\ndice assault 7",
    ] {
        let r = run_text(text);
        assert!(!r.passed(), "{text:?} passed");
    }
}
