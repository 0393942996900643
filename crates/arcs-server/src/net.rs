//! The connection loop (issue 11 item 4): a cap on open connections, in
//! all and per client address, a time limit on request headers (which is
//! also the limit on idle keep-alive connections) and on a client that
//! stops reading what it is sent. Silent, slow or greedy clients thus hold
//! a bounded number of sockets for a bounded time, and the server keeps
//! answering everyone else.

use crate::addr::AddrKey;
use crate::http::ClientAddr;
use axum::Router;
use hyper::server::conn::http1;
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::service::TowerToHyperService;
use std::collections::HashMap;
use std::future::Future;
use std::pin::Pin;
use std::sync::{Arc, Mutex};
use std::task::{Context, Poll};
use std::time::Duration;
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::net::TcpListener;
use tokio::sync::Semaphore;
use tokio::time::Sleep;
use tower::ServiceExt;

#[derive(Clone, Debug)]
pub struct NetSettings {
    /// Connections open at once; more wait in the kernel's queue.
    pub max_connections: usize,
    /// Connections open at once from one address, an IPv6 /64 counting as
    /// one (issue 18 item 3; 0: no limit, e.g. behind a reverse proxy
    /// where every client has the proxy's address).
    pub max_connections_per_address: usize,
    /// A request's headers must arrive within this long, counted from the
    /// moment the connection waits for a request (so also the idle limit
    /// of a keep-alive connection).
    pub header_timeout: Duration,
    /// A client that accepts none of a response for this long is dropped.
    pub write_timeout: Duration,
}

impl Default for NetSettings {
    fn default() -> Self {
        NetSettings {
            max_connections: 1000,
            max_connections_per_address: 64,
            header_timeout: Duration::from_secs(15),
            write_timeout: Duration::from_secs(30),
        }
    }
}

/// Open connections per address (an IPv6 /64 is one: `addr`).
#[derive(Default)]
struct PerAddress(Mutex<HashMap<AddrKey, usize>>);

/// One connection counted against its address; uncounted on drop.
struct AddressSlot {
    table: Arc<PerAddress>,
    key: AddrKey,
}

impl PerAddress {
    fn take(table: &Arc<PerAddress>, key: AddrKey, max: usize) -> Option<AddressSlot> {
        let mut map = table.0.lock().unwrap_or_else(|p| p.into_inner());
        let n = map.entry(key).or_insert(0);
        if max > 0 && *n >= max {
            return None;
        }
        *n += 1;
        Some(AddressSlot {
            table: table.clone(),
            key,
        })
    }
}

impl Drop for AddressSlot {
    fn drop(&mut self) {
        let mut map = self.table.0.lock().unwrap_or_else(|p| p.into_inner());
        if let Some(n) = map.get_mut(&self.key) {
            *n -= 1;
            if *n == 0 {
                map.remove(&self.key);
            }
        }
    }
}

/// Serves `app` on `listener` until `shutdown` completes, then lets open
/// requests finish for a moment.
pub async fn serve(
    listener: TcpListener,
    app: Router,
    settings: NetSettings,
    shutdown: impl Future<Output = ()>,
) {
    let open = Arc::new(Semaphore::new(settings.max_connections.max(1)));
    let per_address = Arc::new(PerAddress::default());
    let graceful = hyper_util::server::graceful::GracefulShutdown::new();
    tokio::pin!(shutdown);
    loop {
        let permit = tokio::select! {
            p = open.clone().acquire_owned() => match p {
                Ok(p) => p,
                Err(_) => break,
            },
            _ = &mut shutdown => break,
        };
        let (stream, peer) = tokio::select! {
            r = listener.accept() => match r {
                Ok(x) => x,
                Err(e) => {
                    // Out of file descriptors and the like: wait, go on.
                    tracing::warn!("accept failed: {e}");
                    tokio::time::sleep(Duration::from_millis(100)).await;
                    continue;
                }
            },
            _ = &mut shutdown => break,
        };
        let ip = peer.ip();
        let key = AddrKey::from(ip);
        let Some(slot) = PerAddress::take(&per_address, key, settings.max_connections_per_address)
        else {
            tracing::debug!("{key} has too many connections open; closing a new one");
            continue; // dropping the stream closes it
        };
        let _ = stream.set_nodelay(true);
        let io = TokioIo::new(WriteTimeout::new(stream, settings.write_timeout));
        let service = app
            .clone()
            .map_request(move |mut req: axum::extract::Request<_>| {
                req.extensions_mut().insert(ClientAddr(ip));
                req
            });
        let conn = http1::Builder::new()
            .timer(TokioTimer::new())
            .header_read_timeout(settings.header_timeout)
            .serve_connection(io, TowerToHyperService::new(service));
        let conn = graceful.watch(conn);
        tokio::spawn(async move {
            let _ = conn.await;
            drop((permit, slot));
        });
    }
    drop(listener);
    tokio::select! {
        _ = graceful.shutdown() => {}
        _ = tokio::time::sleep(Duration::from_secs(2)) => {}
    }
}

/// A TCP stream whose writes fail once the peer has accepted nothing for
/// `limit` (a client that stops reading cannot hold the connection).
pub struct WriteTimeout<S> {
    io: S,
    limit: Duration,
    stalled: Option<Pin<Box<Sleep>>>,
}

impl<S> WriteTimeout<S> {
    pub fn new(io: S, limit: Duration) -> WriteTimeout<S> {
        WriteTimeout {
            io,
            limit,
            stalled: None,
        }
    }

    /// After a write returned `Pending`: fails once the stall is too long.
    fn check<T>(&mut self, cx: &mut Context<'_>) -> Poll<std::io::Result<T>> {
        let limit = self.limit;
        let timer = self
            .stalled
            .get_or_insert_with(|| Box::pin(tokio::time::sleep(limit)));
        match timer.as_mut().poll(cx) {
            Poll::Ready(()) => Poll::Ready(Err(std::io::Error::new(
                std::io::ErrorKind::TimedOut,
                "the client stopped reading",
            ))),
            Poll::Pending => Poll::Pending,
        }
    }

    fn progress<T>(
        &mut self,
        r: Poll<std::io::Result<T>>,
        cx: &mut Context<'_>,
    ) -> Poll<std::io::Result<T>> {
        match r {
            Poll::Ready(r) => {
                self.stalled = None;
                Poll::Ready(r)
            }
            Poll::Pending => self.check(cx),
        }
    }
}

impl<S: AsyncRead + Unpin> AsyncRead for WriteTimeout<S> {
    fn poll_read(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<std::io::Result<()>> {
        Pin::new(&mut self.get_mut().io).poll_read(cx, buf)
    }
}

impl<S: AsyncWrite + Unpin> AsyncWrite for WriteTimeout<S> {
    fn poll_write(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<std::io::Result<usize>> {
        let this = self.get_mut();
        let r = Pin::new(&mut this.io).poll_write(cx, buf);
        this.progress(r, cx)
    }

    fn poll_write_vectored(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        bufs: &[std::io::IoSlice<'_>],
    ) -> Poll<std::io::Result<usize>> {
        let this = self.get_mut();
        let r = Pin::new(&mut this.io).poll_write_vectored(cx, bufs);
        this.progress(r, cx)
    }

    fn is_write_vectored(&self) -> bool {
        self.io.is_write_vectored()
    }

    fn poll_flush(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<std::io::Result<()>> {
        let this = self.get_mut();
        let r = Pin::new(&mut this.io).poll_flush(cx);
        this.progress(r, cx)
    }

    fn poll_shutdown(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<std::io::Result<()>> {
        Pin::new(&mut self.get_mut().io).poll_shutdown(cx)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use tokio::io::AsyncWriteExt;

    /// Issue 18 item 3: one IPv6 /64 is one client for the connection cap.
    #[test]
    fn an_ipv6_64_shares_one_connection_budget() {
        let table = Arc::new(PerAddress::default());
        let key = |s: &str| AddrKey::from(s.parse::<std::net::IpAddr>().unwrap());
        let held: Vec<_> = (1..=3)
            .map(|n| PerAddress::take(&table, key(&format!("2001:db8:0:1::{n}")), 3).unwrap())
            .collect();
        assert!(PerAddress::take(&table, key("2001:db8:0:1:abcd::9"), 3).is_none());
        assert!(PerAddress::take(&table, key("2001:db8:0:2::1"), 3).is_some());
        drop(held);
        assert!(PerAddress::take(&table, key("2001:db8:0:1::1"), 3).is_some());
    }

    #[tokio::test]
    async fn a_peer_that_stops_reading_is_dropped() {
        let (ours, mut theirs) = tokio::io::duplex(64);
        let mut w = WriteTimeout::new(ours, Duration::from_millis(50));
        // The peer reads the first bytes, then nothing more.
        w.write_all(&[1; 64]).await.unwrap();
        let mut buf = [0; 64];
        tokio::io::AsyncReadExt::read_exact(&mut theirs, &mut buf)
            .await
            .unwrap();
        w.write_all(&[2; 64]).await.unwrap();
        let err = w.write_all(&[3; 64]).await.unwrap_err();
        assert_eq!(err.kind(), std::io::ErrorKind::TimedOut);
    }
}
