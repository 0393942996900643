//! `arcs tournament`: measure bots against each other.

use arcs_bots::tournament::{run as play, TournamentOptions};
use arcs_bots::Budget;
use std::process::ExitCode;

#[derive(clap::Args)]
pub struct Args {
    /// One bot per seat: random, heuristic, search (search:500ms, search:2000it).
    #[arg(long, value_delimiter = ',', required = true)]
    bots: Vec<String>,
    /// Number of games (a whole number of seatings per seed is played).
    #[arg(long, default_value_t = 40)]
    games: u64,
    /// Players; must match the number of bots (kept for clarity).
    #[arg(long)]
    players: Option<u8>,
    /// Search budget per decision in milliseconds (default 1000).
    #[arg(long)]
    budget_ms: Option<u64>,
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Game mode: base, leaders-lore or campaign (Act I).
    #[arg(long, default_value = "base")]
    mode: String,
    /// Campaign: `draw`, Fate names one per seat, or `none`.
    #[arg(long)]
    fates: Option<String>,
    /// Campaign: the Acts each game plays, `1` (default), `1-2` or `1-3`
    /// (whole campaigns; the winner is the campaign's).
    #[arg(long, default_value = "1")]
    acts: String,
    /// Print the report as JSON.
    #[arg(long)]
    json: bool,
}

pub fn run(a: Args) -> anyhow::Result<ExitCode> {
    if let Some(p) = a.players {
        if p as usize != a.bots.len() {
            anyhow::bail!(
                "--players {p} but {} bots were given (one per seat)",
                a.bots.len()
            );
        }
    }
    let config = crate::modes::config(&a.mode, a.bots.len() as u8, a.fates.as_deref())?;
    let budget = Budget::Time(std::time::Duration::from_millis(
        a.budget_ms.unwrap_or(1000),
    ));
    let acts = crate::sim::last_act(&a.acts)?;
    if acts > 1 {
        if a.mode != "campaign" {
            anyhow::bail!("--acts is for --mode campaign");
        }
        crate::modes::check_later_acts(&config, acts)?;
    }
    let opts = TournamentOptions {
        bots: a.bots.clone(),
        games: a.games,
        seed: a.seed,
        budget,
        config,
        acts,
    };
    let bar = if a.json {
        indicatif::ProgressBar::hidden()
    } else {
        indicatif::ProgressBar::new(a.games)
    };
    bar.set_style(
        indicatif::ProgressStyle::with_template("{bar:40} {pos}/{len} games ({eta} left)")
            .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar()),
    );
    let report = play(&opts, |done, total| {
        bar.set_length(total);
        bar.set_position(done);
    })
    .map_err(|e| anyhow::anyhow!(e))?;
    bar.finish_and_clear();
    if a.json {
        println!("{}", serde_json::to_string_pretty(&report)?);
    } else {
        println!(
            "{} games, {} players, seed {}",
            report.games, report.players, a.seed
        );
        println!(
            "{:<16} {:>6} {:>6} {:>9} {:>17} {:>10} {:>12}",
            "bot", "games", "wins", "win rate", "95% CI", "avg Power", "ms/decision"
        );
        for b in &report.bots {
            println!(
                "{:<16} {:>6} {:>6} {:>8.1}% {:>7.1}%–{:>5.1}% {:>10.1} {:>12.3}",
                b.bot,
                b.games,
                b.wins,
                100.0 * b.win_rate,
                100.0 * b.ci_low,
                100.0 * b.ci_high,
                b.avg_power,
                b.avg_decision_ms
            );
        }
        for e in &report.errors {
            println!("error: {e}");
        }
    }
    Ok(if report.errors.is_empty() {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
}
