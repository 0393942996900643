//! # arcs-server
//!
//! `arcs serve`: Arcs in the browser. Games are journals in a [`Store`]
//! (SQLite by default), replayed into engine games held by the [`Hub`];
//! the HTTP layer ([`http`]) answers each seat from its own view only.

pub mod http;
pub mod hub;
pub mod store;

pub use hub::{CreateGame, Hub, HubError, Snapshot};
pub use store::{SqliteStore, Store};

/// [`serve`] on a fresh multi-threaded runtime (for the `arcs` command).
pub fn serve_blocking(
    addr: SocketAddr,
    db: &Path,
    on_ready: impl FnOnce(SocketAddr),
) -> Result<(), Box<dyn std::error::Error + Send + Sync>> {
    tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()?
        .block_on(serve(addr, db, on_ready))
}

use std::net::SocketAddr;
use std::path::Path;
use std::sync::Arc;

/// Opens (or creates) the database at `db`, resumes every stored game and
/// serves on `addr` until Ctrl-C. `on_ready` gets the bound address.
pub async fn serve(
    addr: SocketAddr,
    db: &Path,
    on_ready: impl FnOnce(SocketAddr),
) -> Result<(), Box<dyn std::error::Error + Send + Sync>> {
    if let Some(dir) = db.parent().filter(|d| !d.as_os_str().is_empty()) {
        std::fs::create_dir_all(dir)?;
    }
    let store = Arc::new(SqliteStore::open(db)?);
    let hub = Hub::open(store)?;
    hub.wake_all();
    let listener = tokio::net::TcpListener::bind(addr).await?;
    on_ready(listener.local_addr()?);
    axum::serve(listener, http::router(hub))
        .with_graceful_shutdown(async {
            let _ = tokio::signal::ctrl_c().await;
        })
        .await?;
    Ok(())
}
