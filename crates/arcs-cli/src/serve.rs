//! `arcs serve`: the web UI and JSON API (docs/api.md), with games stored
//! in an embedded SQLite database created on first run. The limits below
//! keep one client from taking the server from everyone else (docs/api.md,
//! "Limits").

use arcs_server::ServeSettings;
use clap::Args as ClapArgs;
use std::io::Write;
use std::net::SocketAddr;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;

#[derive(ClapArgs)]
pub struct Args {
    /// Address to listen on (0.0.0.0:8080 to let friends on your network in).
    #[arg(long, default_value = "127.0.0.1:8080")]
    addr: SocketAddr,
    /// SQLite database file (created on first run, readable by you only).
    #[arg(long, default_value = "arcs-data/arcs.sqlite3")]
    db: PathBuf,
    /// New games per client address per hour (0: no limit).
    #[arg(long, default_value_t = 60)]
    games_per_address_per_hour: u32,
    /// New games per hour on the whole server (0: no limit).
    #[arg(long, default_value_t = 2000)]
    games_per_hour: u32,
    /// Connections open at once (also bounded by the file-descriptor limit).
    #[arg(long, default_value_t = 1000)]
    max_connections: usize,
    /// Connections open at once from one address, an IPv6 /64 counting
    /// as one (0: no limit).
    #[arg(long, default_value_t = 64)]
    max_connections_per_address: usize,
    /// Live-update streams (open game pages) at once [default: half of
    /// --max-connections; at most three quarters of it, so ordinary
    /// requests always find a connection].
    #[arg(long)]
    max_streams: Option<usize>,
    /// Live-update streams at once from one address or IPv6 /64 (0: no
    /// limit).
    #[arg(long, default_value_t = 16)]
    max_streams_per_address: usize,
    /// Spectators' live-update streams at once per game (0: no limit).
    /// Each seat has its own room besides (8 streams).
    #[arg(long, default_value_t = 32)]
    max_spectator_streams_per_game: usize,
    /// Threads for bots' thinking (default: all cores but one).
    #[arg(long)]
    bot_threads: Option<usize>,
    /// Minutes after which a game nobody looks at leaves memory (it stays
    /// stored and comes back when opened).
    #[arg(long, default_value_t = 10)]
    unload_after_minutes: u64,
    /// Behind a reverse proxy: take the client's address from the last
    /// `X-Forwarded-For` entry and do not limit connections per address.
    #[arg(long)]
    behind_proxy: bool,
    /// Let seats register a webhook URL (an ntfy topic, a chat hook) that
    /// the server calls when that seat must decide (docs/api.md).
    #[arg(long)]
    webhooks: bool,
    /// Let webhooks call loopback, private and link-local addresses (a
    /// home network, tests). Off: only public addresses are called.
    #[arg(long, requires = "webhooks")]
    webhooks_allow_private: bool,
}

pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    // Error logs (a game set aside, a failed write) go to stderr; the
    // level comes from RUST_LOG (default: info).
    let _ = tracing_subscriber::fmt()
        .with_env_filter(
            tracing_subscriber::EnvFilter::try_from_default_env()
                .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("info")),
        )
        .with_writer(std::io::stderr)
        .with_ansi(std::io::IsTerminal::is_terminal(&std::io::stderr()))
        .try_init();
    let mut s = ServeSettings::new(args.addr, args.db.clone());
    s.hub.creation.per_address_per_hour = args.games_per_address_per_hour;
    s.hub.creation.per_hour = args.games_per_hour;
    s.hub.unload_idle_after = Duration::from_secs(args.unload_after_minutes.saturating_mul(60));
    if let Some(n) = args.bot_threads {
        s.hub.bot_threads = n.max(1);
    }
    s.net.max_connections = args.max_connections.max(1);
    s.hub.streams.max_streams = args.max_streams.unwrap_or(s.net.max_connections / 2).max(1);
    s.hub.streams.per_address = args.max_streams_per_address;
    s.hub.streams.spectators_per_game = args.max_spectator_streams_per_game;
    s.net.max_connections_per_address = if args.behind_proxy {
        0
    } else {
        args.max_connections_per_address
    };
    s.http.behind_proxy = args.behind_proxy;
    s.hub.webhooks.enabled = args.webhooks;
    s.hub.webhooks.allow_private = args.webhooks_allow_private;
    arcs_server::serve_blocking(s, |addr| {
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
