//! # arcs-server
//!
//! `arcs serve`: Arcs in the browser. Games are journals in a [`Store`]
//! (SQLite by default), replayed into engine games held by the [`Hub`];
//! the HTTP layer ([`http`]) answers each seat from its own view only, and
//! the connection loop ([`net`]) keeps slow or greedy clients bounded.

pub mod addr;
pub mod assets;
pub mod bots;
pub mod http;
pub mod hub;
pub mod limits;
pub mod net;
pub mod public_data;
pub mod snapshot;
pub mod store;
pub mod streams;
pub mod webhook;

pub use hub::{CreateGame, Hub, HubError, HubSettings};
pub use snapshot::Snapshot;
pub use store::{SqliteStore, Store};

use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::Arc;

/// Everything `arcs serve` can be told.
#[derive(Clone, Debug)]
pub struct ServeSettings {
    pub addr: SocketAddr,
    pub db: PathBuf,
    pub hub: HubSettings,
    pub http: http::HttpSettings,
    pub net: net::NetSettings,
}

impl ServeSettings {
    /// Defaults for `addr` and `db`. On a loopback address, state-changing
    /// requests must name a loopback host (DNS rebinding).
    pub fn new(addr: SocketAddr, db: PathBuf) -> ServeSettings {
        ServeSettings {
            addr,
            db,
            hub: HubSettings::default(),
            http: http::HttpSettings {
                loopback_hosts_only: addr.ip().is_loopback(),
                ..Default::default()
            },
            net: net::NetSettings::default(),
        }
    }
}

/// [`serve`] on a fresh multi-threaded runtime (for the `arcs` command).
pub fn serve_blocking(
    settings: ServeSettings,
    on_ready: impl FnOnce(SocketAddr),
) -> Result<(), Box<dyn std::error::Error + Send + Sync>> {
    tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()?
        .block_on(serve(settings, on_ready))
}

/// Opens (or creates) the database, resumes the games whose bots must
/// move and serves until Ctrl-C. `on_ready` gets the bound address.
pub async fn serve(
    mut settings: ServeSettings,
    on_ready: impl FnOnce(SocketAddr),
) -> Result<(), Box<dyn std::error::Error + Send + Sync>> {
    if let Some(dir) = settings.db.parent().filter(|d| !d.as_os_str().is_empty()) {
        create_private_dir(dir)?;
    }
    settings.net.max_connections = settings.net.max_connections.min(connection_room());
    // Streams hold their connections for long: they may use at most three
    // quarters of them, so ordinary requests always find one (issue 18
    // item 3).
    let connections = settings.net.max_connections.max(1);
    settings.hub.streams.max_streams = settings
        .hub
        .streams
        .max_streams
        .min(connections - connections / 4)
        .max(1);
    let store = Arc::new(SqliteStore::open(&settings.db)?);
    let hub = Hub::open_with(store, settings.hub.clone())?;
    let aside = hub.set_aside_games();
    if !aside.is_empty() {
        tracing::warn!(
            "{} game(s) set aside because their journals do not replay: {}",
            aside.len(),
            aside.join(", ")
        );
    }
    if settings.hub.webhooks.enabled {
        tracing::info!(
            "webhooks are on{}",
            if settings.hub.webhooks.allow_private {
                ", private and loopback targets allowed"
            } else {
                " (public addresses only)"
            }
        );
    }
    hub.wake_all();
    hub.start_unloading();
    {
        // Find damaged journals early, without holding up the start.
        let hub = hub.clone();
        std::thread::Builder::new()
            .name("arcs-check".into())
            .spawn(move || {
                bots::lower_priority();
                let n = hub.check_stored_games();
                if n > 0 {
                    tracing::warn!("{n} stored game(s) set aside: their journals do not replay");
                }
            })?;
    }
    let listener = tokio::net::TcpListener::bind(settings.addr).await?;
    on_ready(listener.local_addr()?);
    let app = http::app(hub, settings.http.clone());
    net::serve(listener, app, settings.net.clone(), async {
        let _ = tokio::signal::ctrl_c().await;
    })
    .await;
    Ok(())
}

/// Creates the database's folder readable by its owner only.
fn create_private_dir(dir: &std::path::Path) -> std::io::Result<()> {
    let mut b = std::fs::DirBuilder::new();
    b.recursive(true);
    #[cfg(unix)]
    std::os::unix::fs::DirBuilderExt::mode(&mut b, 0o700);
    b.create(dir)
}

/// How many connections the process can hold open: the file-descriptor
/// limit (raised to its hard maximum first) less room for the database,
/// the listener and the rest.
fn connection_room() -> usize {
    raise_fd_limit().saturating_sub(64).max(16)
}

/// Raises this process's soft limit on open files to its hard limit (at
/// most 65536) and returns the limit in force (`usize::MAX` where there is
/// none to read). Tests that hold many sockets call it too.
pub fn raise_fd_limit() -> usize {
    #[cfg(unix)]
    // SAFETY: getrlimit/setrlimit on a local struct.
    unsafe {
        let mut lim = libc::rlimit {
            rlim_cur: 0,
            rlim_max: 0,
        };
        if libc::getrlimit(libc::RLIMIT_NOFILE, &mut lim) == 0 {
            if lim.rlim_cur < lim.rlim_max {
                let raised = libc::rlimit {
                    rlim_cur: lim.rlim_max.min(1 << 16),
                    rlim_max: lim.rlim_max,
                };
                if raised.rlim_cur > lim.rlim_cur
                    && libc::setrlimit(libc::RLIMIT_NOFILE, &raised) == 0
                {
                    lim.rlim_cur = raised.rlim_cur;
                }
            }
            return usize::try_from(lim.rlim_cur).unwrap_or(usize::MAX);
        }
    }
    usize::MAX
}
