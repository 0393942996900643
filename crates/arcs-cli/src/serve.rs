//! `arcs serve`: the web UI and JSON API (docs/api.md) on localhost, with
//! games stored in an embedded SQLite database created on first run.

use clap::Args as ClapArgs;
use std::io::Write;
use std::net::SocketAddr;
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(ClapArgs)]
pub struct Args {
    /// Address to listen on.
    #[arg(long, default_value = "127.0.0.1:8080")]
    addr: SocketAddr,
    /// SQLite database file (created on first run).
    #[arg(long, default_value = "arcs-data/arcs.sqlite3")]
    db: PathBuf,
}

pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    arcs_server::serve_blocking(args.addr, &args.db, |addr| {
        // Write errors are ignored: a closed stdout must not stop the server.
        let mut out = std::io::stdout();
        let _ = writeln!(
            out,
            "arcs is serving on http://{addr}/  (games in {})\nPress Ctrl-C to stop; games continue where they were on the next start.",
            args.db.display()
        );
        let _ = out.flush();
    })
    .map_err(|e| anyhow::anyhow!("{e}"))?;
    Ok(ExitCode::SUCCESS)
}
