//! The instruction-count guard (issue 19): fixed-seed workloads counted
//! in instructions under valgrind, which — unlike time — does not drift
//! with the machine's load, so CI can hold the engine to its speed.
//!
//! ```text
//! cargo run --release -p arcs-engine --example guard            # check
//! cargo run --release -p arcs-engine --example guard -- --update "why"
//! cargo run --release -p arcs-engine --example guard -- --run base-3p
//! ```
//!
//! Checking runs every workload under `valgrind --tool=cachegrind`,
//! subtracts the count of a process that only starts up (loading the card
//! catalog), and compares with `benches/instructions.txt`: a workload more
//! than 5% above its baseline fails. A deliberate change updates the
//! baseline in the same commit with `--update "its reason"` (the reason is
//! written beside the numbers). Times stay in `cargo bench` and
//! `arcs bench`; this counts work, not seconds.

use arcs_engine::bench::{agent_game, random_game};
use arcs_engine::{Config, Game, Pending, Seat};
use rand::rngs::SmallRng;
use rand::SeedableRng;
use std::process::{Command, ExitCode};

/// A workload: its name, what it does, and the code.
struct Workload {
    name: &'static str,
    what: &'static str,
    run: fn(),
}

const WORKLOADS: &[Workload] = &[
    Workload {
        name: "base-3p",
        what: "300 random 3-player base games on the bare state",
        run: || games(Config::base(3), 300),
    },
    Workload {
        name: "leaders-lore-3p",
        what: "200 random 3-player Leaders & Lore games on the bare state",
        run: || games(Config::leaders_lore(3), 200),
    },
    Workload {
        name: "campaign-4p",
        what: "20 random 4-player Act I games, Fates drawn, on the bare state",
        run: || games(Config::campaign(4), 20),
    },
    Workload {
        name: "agent-3p",
        what: "30 random 3-player base games through Game with an observation per decision",
        run: || {
            let mut rng = SmallRng::seed_from_u64(1);
            let mut n = 0;
            for seed in 0..30 {
                n += agent_game(&Config::base(3), seed, &mut rng);
            }
            std::hint::black_box(n);
        },
    },
    Workload {
        name: "observation",
        what: "1000 observations of a 4-player Act I position (Fates drawn, mid-chapter)",
        run: || {
            let g = mid_game(Config::campaign(4), 150);
            for i in 0..1000u32 {
                std::hint::black_box(g.observation(Seat((i % 4) as u8)));
            }
        },
    },
];

/// Loading the catalog and component data: subtracted from every count.
/// The campaign's component data, the cards' behaviour registry and the
/// Fates' table are loaded once too: they grow with every card built, and
/// counted inside a workload they made the small `observation` workload
/// seem slower each time a Fate's cards landed (a quarter of it was the
/// campaign data's parse).
fn startup() {
    std::hint::black_box(arcs_engine::data::components());
    let card = arcs_engine::CardId::parse("ARCS-BC01");
    std::hint::black_box(card);
    if let Some(c) = card {
        std::hint::black_box(arcs_engine::cards::behavior(c));
    }
    std::hint::black_box(arcs_engine::campaign::data::data());
    if let Some(f) = arcs_engine::CardId::parse("ARCS-FATE01") {
        std::hint::black_box(arcs_engine::campaign::fates::def(f));
    }
}

fn games(config: Config, n: u64) {
    let mut rng = SmallRng::seed_from_u64(1);
    let mut buf = Vec::new();
    let mut choices = 0;
    for seed in 0..n {
        choices += random_game(&config, seed, &mut rng, &mut buf);
    }
    std::hint::black_box(choices);
}

/// A position after `steps` random choices (the first seat deciding).
fn mid_game(config: Config, steps: usize) -> Game {
    let mut g = Game::new(config, 5).expect("the config is valid");
    let mut rng = SmallRng::seed_from_u64(2);
    for _ in 0..steps {
        if matches!(g.pending(), Pending::Over(_)) {
            break;
        }
        let Some(&seat) = g.deciding_seats().first() else {
            break;
        };
        let Some(d) = g.decision_for(seat) else { break };
        let c = d.choices[arcs_engine::bench::uniform_index(&mut rng, d.choices.len())];
        if g.apply(seat, c).is_err() {
            break;
        }
    }
    g
}

fn baseline_path() -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("benches/instructions.txt")
}

/// `name count` lines (anything after `#` is a comment).
fn read_baseline() -> Vec<(String, u64)> {
    let text = std::fs::read_to_string(baseline_path()).unwrap_or_default();
    text.lines()
        .filter_map(|l| {
            let l = l.split('#').next()?.trim();
            let mut w = l.split_whitespace();
            Some((w.next()?.to_string(), w.next()?.parse().ok()?))
        })
        .collect()
}

/// Instructions `--run name` executes, counted by cachegrind.
fn count(name: &str) -> Result<u64, String> {
    let me = std::env::current_exe().map_err(|e| e.to_string())?;
    let out = Command::new("valgrind")
        .args([
            "--tool=cachegrind",
            "--cache-sim=no",
            "--branch-sim=no",
            "--cachegrind-out-file=/dev/null",
        ])
        .arg(&me)
        .args(["--run", name])
        .output()
        .map_err(|e| format!("cannot run valgrind (is it installed?): {e}"))?;
    let err = String::from_utf8_lossy(&out.stderr);
    if !out.status.success() {
        return Err(format!("valgrind failed on {name}: {err}"));
    }
    err.lines()
        .find_map(|l| {
            let (_, rest) = l
                .split_once("I refs:")
                .or_else(|| l.split_once("I   refs:"))?;
            rest.trim().replace(',', "").parse().ok()
        })
        .ok_or_else(|| format!("no instruction count in valgrind's output for {name}: {err}"))
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args.first().map(String::as_str) {
        Some("--run") => {
            startup();
            let name = args.get(1).map(String::as_str).unwrap_or("");
            if name == "startup" {
                return ExitCode::SUCCESS;
            }
            match WORKLOADS.iter().find(|w| w.name == name) {
                Some(w) => {
                    (w.run)();
                    ExitCode::SUCCESS
                }
                None => {
                    eprintln!("no workload {name:?}");
                    ExitCode::FAILURE
                }
            }
        }
        Some("--update") => {
            let Some(reason) = args.get(1).filter(|r| !r.trim().is_empty()) else {
                eprintln!("--update needs the reason for the new baseline");
                return ExitCode::FAILURE;
            };
            match measure() {
                Ok(counts) => {
                    let mut text = String::from(
                        "# Instructions per workload (examples/guard.rs), startup subtracted.\n\
                         # CI fails when a count grows more than 5% over its line here.\n",
                    );
                    text.push_str(&format!("# Updated: {}\n", reason.trim()));
                    text.push_str(&format!("# Compiler: {}\n", rustc_version()));
                    for (w, n) in WORKLOADS.iter().zip(counts) {
                        text.push_str(&format!("{} {n}  # {}\n", w.name, w.what));
                    }
                    if let Err(e) = std::fs::write(baseline_path(), text) {
                        eprintln!("cannot write {}: {e}", baseline_path().display());
                        return ExitCode::FAILURE;
                    }
                    println!("baseline written to {}", baseline_path().display());
                    ExitCode::SUCCESS
                }
                Err(e) => {
                    eprintln!("{e}");
                    ExitCode::FAILURE
                }
            }
        }
        None | Some("--check") => check(),
        Some(other) => {
            eprintln!("unknown argument {other:?}: --run NAME | --update REASON | --check");
            ExitCode::FAILURE
        }
    }
}

/// The compiler's version line (`rustc --version`), which the counts
/// depend on.
fn rustc_version() -> String {
    let rustc = std::env::var("RUSTC").unwrap_or_else(|_| "rustc".into());
    Command::new(rustc)
        .arg("--version")
        .output()
        .ok()
        .and_then(|o| String::from_utf8(o.stdout).ok())
        .map(|s| s.trim().to_owned())
        .filter(|s| !s.is_empty())
        .unwrap_or_else(|| "an unknown rustc".into())
}

/// The compiler recorded in the baseline file, if any.
fn baseline_compiler() -> Option<String> {
    let text = std::fs::read_to_string(baseline_path()).ok()?;
    text.lines()
        .find_map(|l| l.strip_prefix("# Compiler: "))
        .map(|s| s.trim().to_owned())
}

/// Every workload's count, startup subtracted.
fn measure() -> Result<Vec<u64>, String> {
    let base = count("startup")?;
    WORKLOADS
        .iter()
        .map(|w| Ok(count(w.name)?.saturating_sub(base)))
        .collect()
}

fn check() -> ExitCode {
    let baseline = read_baseline();
    let counts = match measure() {
        Ok(c) => c,
        Err(e) => {
            eprintln!("{e}");
            return ExitCode::FAILURE;
        }
    };
    let mut failed = false;
    println!(
        "{:<16} {:>14} {:>14} {:>8}",
        "workload", "baseline", "now", "change"
    );
    for (w, n) in WORKLOADS.iter().zip(counts) {
        let Some(&(_, b)) = baseline.iter().find(|(name, _)| name == w.name) else {
            println!("{:<16} {:>14} {n:>14}   (no baseline)", w.name, "-");
            failed = true;
            continue;
        };
        let change = (n as f64 - b as f64) / b.max(1) as f64 * 100.0;
        let verdict = if change > 5.0 {
            failed = true;
            "  TOO SLOW: more than 5% above the baseline"
        } else if change < -5.0 {
            "  faster: update the baseline (--update \"why\")"
        } else {
            ""
        };
        println!("{:<16} {b:>14} {n:>14} {change:>+7.1}%{verdict}", w.name);
    }
    if failed {
        eprintln!(
            "instruction guard failed: a workload is missing from {} or grew more than 5%",
            baseline_path().display()
        );
        // Counts belong to a compiler: a new one may move them by itself.
        let now = rustc_version();
        let then = baseline_compiler();
        if then.as_deref() != Some(now.as_str()) {
            eprintln!(
                "note: the baseline was counted with {}, this run with {now}; if the \
                 compiler change alone explains it, update the baseline saying so",
                then.as_deref().unwrap_or("an unrecorded compiler")
            );
        }
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    }
}
