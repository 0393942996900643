//! `arcs scenario run FILE…`.

use arcs_engine::scenario::run_text;
use std::process::ExitCode;

#[derive(clap::Subcommand)]
pub enum Command {
    /// Run scenario files and report pass/fail per assertion.
    Run {
        /// Scenario files, or directories searched recursively for `.scn` files
        /// (`pending/` folders are skipped).
        #[arg(required = true)]
        files: Vec<std::path::PathBuf>,
        /// Print every check, not only failures.
        #[arg(long, short)]
        verbose: bool,
        /// Output one JSON report per file instead of text.
        #[arg(long)]
        json: bool,
    },
}

/// Files to run: plain files as given; directories recursively (`.scn`
/// files, skipping `pending/` folders, which hold scenarios of open bugs).
fn collect(paths: &[std::path::PathBuf]) -> Vec<std::path::PathBuf> {
    fn walk(dir: &std::path::Path, out: &mut Vec<std::path::PathBuf>) {
        let mut v: Vec<_> = std::fs::read_dir(dir)
            .into_iter()
            .flatten()
            .flatten()
            .map(|e| e.path())
            .collect();
        v.sort();
        for p in v {
            if p.is_dir() {
                if p.file_name().is_some_and(|n| n != "pending") {
                    walk(&p, out);
                }
            } else if p.extension().is_some_and(|e| e == "scn") {
                out.push(p);
            }
        }
    }
    let mut out = Vec::new();
    for p in paths {
        if p.is_dir() {
            walk(p, &mut out);
        } else {
            out.push(p.clone());
        }
    }
    out
}

pub fn run(c: Command) -> anyhow::Result<ExitCode> {
    let Command::Run {
        files,
        verbose,
        json,
    } = c;
    let (mut passed, mut failed) = (0, 0);
    for path in collect(&files) {
        let report = match std::fs::read_to_string(&path) {
            Ok(text) => run_text(&text),
            Err(e) => {
                println!("FAIL {}: cannot read: {e}", path.display());
                failed += 1;
                continue;
            }
        };
        if json {
            println!(
                "{}",
                serde_json::json!({"file": path.display().to_string(), "passed": report.passed(), "report": report})
            );
        } else {
            let mark = if report.passed() { "PASS" } else { "FAIL" };
            println!("{mark} {} ({})", path.display(), report.name);
            for ch in &report.checks {
                if verbose || !ch.ok {
                    let m = if ch.ok { "ok  " } else { "FAIL" };
                    println!("  {m} line {}: {}", ch.line, ch.text);
                    if !ch.detail.is_empty() {
                        println!("       {}", ch.detail);
                    }
                }
            }
            if let Some(s) = &report.stopped {
                println!("  stopped: {s}");
            }
        }
        if report.passed() {
            passed += 1;
        } else {
            failed += 1;
        }
    }
    if !json {
        println!("{passed} passed, {failed} failed");
    }
    Ok(if failed == 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
}
