//! `arcs bench`: engine speed on uniformly random games.

use arcs_engine::bench::{run_for, run_path_for, state_bytes, Path};
use arcs_engine::Config;
use std::process::ExitCode;

#[derive(clap::Args)]
pub struct Args {
    #[arg(long, default_value_t = 3)]
    players: u8,
    /// Seconds to run each measurement.
    #[arg(long, default_value_t = 10.0)]
    seconds: f64,
    /// Game mode: base, leaders-lore or campaign (Act I, and whole
    /// campaigns when their later Acts can be played: `--fates none`).
    #[arg(long, default_value = "base")]
    mode: String,
    /// Campaign: `draw`, Fate names one per seat, or `none` (see `arcs sim`).
    #[arg(long)]
    fates: Option<String>,
    /// Also measure with this many threads.
    #[arg(long)]
    threads: Option<usize>,
    /// `raw`: the bare state (bots' rollouts). `agent`: also the way
    /// programs play through the API — `Game` checking each choice, with
    /// an observation per decision — reported beside the raw figures.
    #[arg(long, default_value = "raw", value_parser = ["raw", "agent"])]
    path: String,
}

pub fn run(a: Args) -> anyhow::Result<ExitCode> {
    let config: Config = crate::modes::config(&a.mode, a.players, a.fates.as_deref())?;
    config.validate()?;
    let (games, choices) = run_path_for(&config, Path::Raw, a.seconds, 1);
    println!(
        "{}-player {} random games, 1 thread, {:.0} s",
        a.players, a.mode, a.seconds
    );
    println!("  games/s:           {:.0}", games as f64 / a.seconds);
    println!("  choices applied/s: {:.0}", choices as f64 / a.seconds);
    println!(
        "  mean choices/game: {:.1}",
        choices as f64 / games.max(1) as f64
    );
    println!("  bytes per state:   {} (no heap)", state_bytes());
    if config.mode == arcs_engine::Mode::Campaign {
        // Whole campaigns: Acts I–III, each from the previous Act's end.
        match crate::modes::check_later_acts(&config, 3) {
            Ok(()) => {
                let (cg, cc) = arcs_engine::bench::run_campaigns_for(&config, 3, a.seconds, 1);
                println!("whole campaigns (Acts I–III, Intermissions included), 1 thread:");
                println!("  campaigns/s:       {:.1}", cg as f64 / a.seconds);
                println!("  choices applied/s: {:.0}", cc as f64 / a.seconds);
            }
            Err(e) => println!("whole campaigns: not measured: {e}"),
        }
    }
    if a.path == "agent" {
        let (ag, ac) = run_path_for(&config, Path::Agent, a.seconds, 1);
        println!("agent path (Game without a log, an observation per decision), 1 thread:");
        println!("  games/s:           {:.0}", ag as f64 / a.seconds);
        println!("  choices applied/s: {:.0}", ac as f64 / a.seconds);
        println!(
            "  raw loop / agent:  {:.2}x (choices/s)",
            choices as f64 / (ac as f64).max(1.0)
        );
    }
    if let Some(t) = a.threads {
        let handles: Vec<_> = (0..t)
            .map(|i| {
                let c = config.clone();
                let secs = a.seconds;
                std::thread::spawn(move || run_for(&c, secs, 1000 + i as u64))
            })
            .collect();
        let (mut g, mut ch) = (0, 0);
        for h in handles {
            let (a, b) = h
                .join()
                .map_err(|_| anyhow::anyhow!("a bench thread panicked"))?;
            g += a;
            ch += b;
        }
        println!("{t} threads:");
        println!("  games/s:           {:.0}", g as f64 / a.seconds);
        println!("  choices applied/s: {:.0}", ch as f64 / a.seconds);
    }
    Ok(ExitCode::SUCCESS)
}
