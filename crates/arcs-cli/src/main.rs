//! `arcs`: play, simulate and inspect games of Arcs.

mod bench;
mod cards;
mod modes;
mod play;
mod protocol;
mod scenario;
mod serve;
mod sim;
mod tournament;

use clap::{Parser, Subcommand};
use std::process::ExitCode;

#[derive(Parser)]
#[command(
    name = "arcs",
    version,
    about = "Arcs: the board game engine, in your terminal"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Play in the terminal: hot-seat and/or against random bots.
    Play(play::Args),
    /// Random legal play with every invariant checked after each step.
    Sim(sim::Args),
    /// Bots against each other: paired seeds, permuted seats, win rates.
    Tournament(tournament::Args),
    /// Run scenario files (docs/scenarios.md).
    Scenario {
        #[command(subcommand)]
        command: scenario::Command,
    },
    /// Engine speed on uniformly random games.
    Bench(bench::Args),
    /// List the card catalog and which cards are implemented.
    Cards(cards::Args),
    /// JSON-lines protocol on stdin/stdout (docs/protocol.md).
    Protocol,
    /// Play in the browser: web UI + JSON API (docs/api.md) on localhost.
    Serve(serve::Args),
}

/// A report printed into a pipe that closes early (`arcs cards | head`)
/// ends quietly, as other command-line tools do, instead of panicking on
/// the failed write. The server keeps SIGPIPE ignored: a closed socket
/// must never end it, and the protocol reports its own write errors.
#[cfg(unix)]
fn quiet_on_closed_pipe(command: &Command) {
    if matches!(
        command,
        Command::Cards(_)
            | Command::Sim(_)
            | Command::Tournament(_)
            | Command::Scenario { .. }
            | Command::Bench(_)
    ) {
        // SAFETY: restoring the default disposition of a signal before any
        // thread starts; no handler is installed.
        unsafe {
            libc::signal(libc::SIGPIPE, libc::SIG_DFL);
        }
    }
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    #[cfg(unix)]
    quiet_on_closed_pipe(&cli.command);
    let result = match cli.command {
        Command::Play(a) => play::run(a),
        Command::Sim(a) => sim::run(a),
        Command::Tournament(a) => tournament::run(a),
        Command::Scenario { command } => scenario::run(command),
        Command::Cards(a) => cards::run(a),
        Command::Bench(a) => bench::run(a),
        Command::Protocol => protocol::run(),
        Command::Serve(a) => serve::run(a),
    };
    match result {
        Ok(code) => code,
        Err(e) => {
            eprintln!("error: {e:#}");
            ExitCode::from(2)
        }
    }
}
