//! `arcs sim`: random legal play with invariant checks.

use arcs_engine::sim::{run as simulate, SimOptions};
use arcs_engine::Config;
use std::process::ExitCode;
use std::time::Instant;

#[derive(clap::Args)]
pub struct Args {
    /// Number of games.
    #[arg(long, default_value_t = 100)]
    games: u64,
    /// Player counts to cycle through, e.g. 2,3,4.
    #[arg(long, value_delimiter = ',', default_values_t = vec![2u8, 3, 4])]
    players: Vec<u8>,
    /// Seed of the run (each game's seed is derived from it).
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Game mode: base, leaders-lore or campaign (Act I).
    #[arg(long, default_value = "base")]
    mode: String,
    /// Campaign: `draw` (each player draws 2 of the playable "A" Fates), Fate names one
    /// per seat, or `none` (the shared systems without Fates).
    #[arg(long)]
    fates: Option<String>,
    /// Use the split-discard variant.
    #[arg(long)]
    split_discard: bool,
    /// Leaders & Lore: the "second lore card" variant.
    #[arg(long)]
    second_lore: bool,
    /// Also check views, serialization and journal replay (slower).
    #[arg(long)]
    deep: bool,
    /// Campaign: the Acts each game plays, from Act I: `1` (the default),
    /// `1-2` or `1-3` (the whole campaign, each Act started from the
    /// previous Act's end after the Intermission).
    #[arg(long, default_value = "1")]
    acts: String,
}

/// `--acts`: `1`, `1-2` or `1-3` → the last Act played.
pub fn last_act(text: &str) -> anyhow::Result<u8> {
    let last = match text.trim() {
        "1" | "1-1" => 1,
        "1-2" => 2,
        "1-3" => 3,
        other => anyhow::bail!(
            "--acts takes 1, 1-2 or 1-3 (a campaign is played from Act I), not {other:?}"
        ),
    };
    Ok(last)
}

pub fn run(a: Args) -> anyhow::Result<ExitCode> {
    if a.players.is_empty() || a.players.iter().any(|p| !(2..=4).contains(p)) {
        anyhow::bail!("--players takes 2, 3 and/or 4");
    }
    let mut config = Config {
        split_discard: a.split_discard,
        ..crate::modes::config(&a.mode, a.players[0], a.fates.as_deref())?
    };
    config.leaders_lore.second_lore = a.second_lore;
    config.validate()?;
    let acts = last_act(&a.acts)?;
    if acts > 1 {
        if a.mode != "campaign" {
            anyhow::bail!("--acts is for --mode campaign");
        }
        crate::modes::check_later_acts(&config, acts)?;
    }
    let opts = SimOptions {
        games: a.games,
        players: a.players.clone(),
        seed: a.seed,
        deep: a.deep,
        config,
        acts,
    };
    let start = Instant::now();
    let report = simulate(&opts, |_| {});
    let secs = start.elapsed().as_secs_f64();
    println!("games played: {}", report.games);
    if report.games > 0 {
        println!(
            "average length: {:.1} choices, {:.2} chapters",
            report.choices as f64 / report.games as f64,
            report.chapters as f64 / report.games as f64
        );
    }
    if acts > 1 {
        println!("Acts played: {}", report.acts);
    }
    if report.no_winner > 0 {
        // Campaign p8: Acts I and II end with a report, not a winner.
        println!(
            "Acts ended without a winner (Acts I and II): {}",
            report.no_winner
        );
    }
    println!(
        "time: {secs:.2} s ({:.0} games/s)",
        report.games as f64 / secs.max(1e-9)
    );
    match report.violations.first() {
        None => {
            println!("invariant violations: 0");
            Ok(ExitCode::SUCCESS)
        }
        Some(v) => {
            println!("invariant violations: {}", report.violations.len());
            println!("first violation: {v}");
            println!("last events:");
            for line in &v.log_tail {
                println!("  {line}");
            }
            Ok(ExitCode::from(1))
        }
    }
}
