//! A-move-a-day play (issue 12 item 10): a seat may register a webhook URL
//! (an ntfy topic, a chat hook) that the server calls when that seat must
//! decide. Calls go out in the background — a bounded queue, a bounded
//! number at once, a timeout per request, a bounded number of attempts —
//! so a slow or dead receiver never slows a game.
//!
//! The server must not become a way to probe its own network, so by
//! default a webhook may only reach public addresses: loopback, private
//! (RFC 1918), shared (CGNAT), link-local, unique-local, multicast,
//! unspecified, documentation and other special addresses are refused —
//! for IP literals when the URL is registered and when it is called, and
//! for host names **after** resolution, by the resolver the HTTP client
//! connects with, so the addresses checked are the addresses connected
//! to (no window for DNS rebinding). Redirects are not followed and no
//! proxy is used.

use arcs_engine::Seat;
use reqwest::dns::{Addrs, Name, Resolve, Resolving};
use reqwest::Url;
use serde::Serialize;
use std::net::{IpAddr, Ipv4Addr, Ipv6Addr, SocketAddr};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex, OnceLock};
use std::time::Duration;
use tokio::sync::{mpsc, Semaphore};

/// The longest webhook URL accepted, in bytes.
pub const MAX_URL_LEN: usize = 512;

/// How the server calls webhooks.
#[derive(Clone, Debug)]
pub struct WebhookSettings {
    /// Off by default: the operator turns webhooks on (`arcs serve
    /// --webhooks`). Off, registering one is refused.
    pub enabled: bool,
    /// Allow loopback, private, shared and link-local targets (tests, a
    /// home network). Multicast, unspecified and documentation addresses
    /// stay refused.
    pub allow_private: bool,
    /// The longest one call may take, connection included.
    pub timeout: Duration,
    /// Calls per notice at most (the first and its retries).
    pub attempts: u32,
    /// The wait before the first retry; it doubles for each later one.
    pub backoff: Duration,
    /// Notices waiting to be sent at most; more are dropped (and logged).
    pub queue: usize,
    /// Notices being sent at once at most.
    pub concurrency: usize,
}

impl Default for WebhookSettings {
    fn default() -> Self {
        WebhookSettings {
            enabled: false,
            allow_private: false,
            timeout: Duration::from_secs(5),
            attempts: 3,
            backoff: Duration::from_secs(2),
            queue: 256,
            concurrency: 8,
        }
    }
}

/// Why a webhook URL is refused or a call could not be made.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum WebhookError {
    #[error(
        "webhooks are turned off on this server (its operator can turn them on with \
         `arcs serve --webhooks`)"
    )]
    Disabled,
    #[error("a webhook URL has at most {MAX_URL_LEN} bytes, not {0}")]
    TooLong(usize),
    #[error("not a URL: {0}")]
    BadUrl(String),
    #[error("a webhook URL starts with https:// or http://, not {0}:")]
    Scheme(String),
    #[error("a webhook URL needs a host name")]
    NoHost,
    #[error(
        "webhooks may not call {0}: loopback, private, link-local and other non-public \
         addresses are refused on this server"
    )]
    Forbidden(String),
}

/// What an address is, for webhooks.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum AddrClass {
    /// A public unicast address.
    Public,
    /// Loopback, private (RFC 1918), shared (CGNAT), link-local or
    /// unique-local: allowed only with `allow_private`.
    Private,
    /// Unspecified, multicast, broadcast, documentation, benchmarking,
    /// reserved and other special-purpose addresses: never called.
    Never,
}

/// Classifies an address (IANA special-purpose registries).
pub fn classify(ip: IpAddr) -> AddrClass {
    match ip {
        IpAddr::V4(v4) => classify_v4(v4),
        IpAddr::V6(v6) => classify_v6(v6),
    }
}

fn classify_v4(ip: Ipv4Addr) -> AddrClass {
    let o = ip.octets();
    if o[0] == 0 || ip.is_broadcast() || ip.is_multicast() || o[0] >= 240 {
        // "This network", broadcast, multicast, reserved.
        return AddrClass::Never;
    }
    // Documentation, benchmarking (198.18/15), IETF protocol assignments
    // (192.0.0/24) and the 6to4 relay anycast (192.88.99/24).
    let benchmarking = o[0] == 198 && (o[1] & 0xfe) == 18;
    let ietf = o[0] == 192 && o[1] == 0 && o[2] == 0;
    let relay = o[0] == 192 && o[1] == 88 && o[2] == 99;
    if ip.is_documentation() || benchmarking || ietf || relay {
        return AddrClass::Never;
    }
    // Loopback, RFC 1918, link-local and the shared space (CGNAT,
    // 100.64/10).
    let shared = o[0] == 100 && (o[1] & 0xc0) == 64;
    if ip.is_loopback() || ip.is_private() || ip.is_link_local() || shared {
        return AddrClass::Private;
    }
    AddrClass::Public
}

fn classify_v6(ip: Ipv6Addr) -> AddrClass {
    if let Some(v4) = ip.to_ipv4_mapped() {
        return classify_v4(v4);
    }
    let s = ip.segments();
    let embedded = |hi: u16, lo: u16| {
        classify_v4(Ipv4Addr::new(
            (hi >> 8) as u8,
            hi as u8,
            (lo >> 8) as u8,
            lo as u8,
        ))
    };
    if ip.is_loopback() {
        return AddrClass::Private;
    }
    if ip.is_unspecified() || s[..6].iter().all(|&x| x == 0) {
        // ::, and the deprecated IPv4-compatible ::a.b.c.d.
        return AddrClass::Never;
    }
    if (s[0] & 0xfe00) == 0xfc00 || (s[0] & 0xffc0) == 0xfe80 || (s[0] & 0xffc0) == 0xfec0 {
        // Unique-local, link-local, (deprecated) site-local.
        return AddrClass::Private;
    }
    if s[0] == 0x64 && s[1] == 0xff9b {
        // NAT64: in 64:ff9b::/96, the IPv4 address inside; the rest
        // (64:ff9b:1::/48) is for local networks.
        return if s[2..6].iter().all(|&x| x == 0) {
            embedded(s[6], s[7])
        } else {
            AddrClass::Private
        };
    }
    if s[0] == 0x2002 {
        // 6to4: the IPv4 address inside.
        return embedded(s[1], s[2]);
    }
    // 2001::/23: IETF assignments (Teredo, benchmarking, ORCHID...);
    // 2001:db8::/32 and 3fff::/20: documentation; and anything outside
    // global unicast 2000::/3 (multicast included).
    let ietf = s[0] == 0x2001 && s[1] < 0x0200;
    let documentation = (s[0] == 0x2001 && s[1] == 0x0db8) || (s[0] == 0x3fff && s[1] < 0x1000);
    let global = (s[0] & 0xe000) == 0x2000;
    if ietf || documentation || !global {
        return AddrClass::Never;
    }
    AddrClass::Public
}

/// Whether a webhook may connect to `ip`.
pub fn allowed(ip: IpAddr, allow_private: bool) -> bool {
    match classify(ip) {
        AddrClass::Public => true,
        AddrClass::Private => allow_private,
        AddrClass::Never => false,
    }
}

/// Checks a webhook URL as a seat registers it and returns it normalized:
/// http or https, a host, at most [`MAX_URL_LEN`] bytes, an IP-literal
/// host allowed, and (unless private targets are allowed) not a
/// `localhost` name. Host names are checked again when called, after
/// resolution.
pub fn check_url(url: &str, allow_private: bool) -> Result<String, WebhookError> {
    let url = url.trim();
    if url.len() > MAX_URL_LEN {
        return Err(WebhookError::TooLong(url.len()));
    }
    let parsed = Url::parse(url).map_err(|e| WebhookError::BadUrl(e.to_string()))?;
    check_target(&parsed, allow_private)?;
    let normalized = parsed.to_string();
    if normalized.len() > MAX_URL_LEN {
        return Err(WebhookError::TooLong(normalized.len()));
    }
    Ok(normalized)
}

/// The checks that need no resolution: scheme, host, IP literals and
/// `localhost` names.
fn check_target(url: &Url, allow_private: bool) -> Result<(), WebhookError> {
    if !matches!(url.scheme(), "http" | "https") {
        return Err(WebhookError::Scheme(shown(url.scheme())));
    }
    let ip = match url.host() {
        None => return Err(WebhookError::NoHost),
        Some(url::Host::Ipv4(ip)) => IpAddr::V4(ip),
        Some(url::Host::Ipv6(ip)) => IpAddr::V6(ip),
        Some(url::Host::Domain(name)) => {
            let name = name.trim_end_matches('.').to_ascii_lowercase();
            if name.is_empty() {
                return Err(WebhookError::NoHost);
            }
            if !allow_private && (name == "localhost" || name.ends_with(".localhost")) {
                return Err(WebhookError::Forbidden(shown(&name)));
            }
            return Ok(());
        }
    };
    if allowed(ip, allow_private) {
        Ok(())
    } else {
        Err(WebhookError::Forbidden(ip.to_string()))
    }
}

/// At most 60 characters of `text`, for messages.
fn shown(text: &str) -> String {
    let mut s: String = text.chars().take(60).collect();
    if s.len() < text.len() {
        s.push('…');
    }
    s
}

/// The resolver the webhook client connects with: it keeps only the
/// addresses a webhook may reach, so what is checked is what is used.
struct FilteringResolver {
    allow_private: bool,
}

impl Resolve for FilteringResolver {
    fn resolve(&self, name: Name) -> Resolving {
        let allow_private = self.allow_private;
        let host = name.as_str().to_string();
        Box::pin(async move {
            let all: Vec<SocketAddr> = tokio::net::lookup_host((host.as_str(), 0)).await?.collect();
            let ok: Vec<SocketAddr> = all
                .iter()
                .copied()
                .filter(|a| allowed(a.ip(), allow_private))
                .collect();
            if ok.is_empty() {
                let err: Box<dyn std::error::Error + Send + Sync> = if all.is_empty() {
                    format!("{host} has no address").into()
                } else {
                    Box::new(WebhookError::Forbidden(format!(
                        "{} (the address of {})",
                        all[0].ip(),
                        shown(&host)
                    )))
                };
                return Err(err);
            }
            let addrs: Addrs = Box::new(ok.into_iter());
            Ok(addrs)
        })
    }
}

/// What a webhook receives: public facts only (no token, nothing hidden).
#[derive(Clone, Debug, Serialize)]
pub struct Notice {
    /// The game's id.
    pub game: String,
    /// The seat that must decide (1-based).
    pub seat: Seat,
    /// The player's name, if one was given at creation.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    /// The game's version when the seat became the decider.
    pub version: u64,
    /// The decision in words, as every viewer's snapshot shows it.
    pub prompt: String,
    /// The game's page, without any token: `/g/{id}`.
    pub page: String,
    /// One sentence for people (shown as is by Slack- and
    /// Mattermost-style hooks as `text` and by Discord as `content`).
    pub text: String,
    pub content: String,
}

impl Notice {
    pub fn new(
        game: &str,
        seat: Seat,
        name: Option<String>,
        version: u64,
        prompt: String,
    ) -> Notice {
        let who = match &name {
            Some(n) => format!("{n} ({seat})"),
            None => seat.to_string(),
        };
        let text = format!("Arcs: your move, {who}, in game {game}. {prompt}");
        Notice {
            game: game.to_string(),
            seat,
            name,
            version,
            prompt,
            page: format!("/g/{game}"),
            content: text.clone(),
            text,
        }
    }
}

/// How one call ended.
#[derive(Debug)]
pub enum CallError {
    /// The target may not be called (no retry).
    Refused(WebhookError),
    /// The receiver answered with this status.
    Status(u16),
    /// No answer: connection failed, timed out, ...
    Failed(String),
}

impl std::fmt::Display for CallError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            CallError::Refused(e) => write!(f, "{e}"),
            CallError::Status(s) => write!(f, "the receiver answered {s}"),
            CallError::Failed(e) => write!(f, "{e}"),
        }
    }
}

impl CallError {
    /// Worth another try: no answer, a server error, 408 or 429.
    fn retryable(&self) -> bool {
        match self {
            CallError::Refused(_) => false,
            CallError::Status(s) => *s >= 500 || *s == 408 || *s == 429,
            CallError::Failed(_) => true,
        }
    }
}

/// Counts of what the notifier did (for tests and logs).
#[derive(Debug, Default)]
pub struct Counts {
    /// Calls made (attempts).
    pub calls: AtomicU64,
    /// Notices a receiver accepted (2xx).
    pub delivered: AtomicU64,
    /// Notices given up after their attempts or refused.
    pub failed: AtomicU64,
    /// Notices dropped because the queue was full.
    pub dropped: AtomicU64,
}

struct Job {
    url: String,
    notice: Notice,
}

/// Sends notices in the background. Cheap to call from under a game's
/// lock: [`Notifier::notify`] never waits.
pub struct Notifier {
    settings: WebhookSettings,
    tx: mpsc::Sender<Job>,
    rx: Mutex<Option<mpsc::Receiver<Job>>>,
    started: AtomicBool,
    client: OnceLock<Option<reqwest::Client>>,
    counts: Arc<Counts>,
}

impl Notifier {
    pub fn new(settings: WebhookSettings) -> Notifier {
        let (tx, rx) = mpsc::channel(settings.queue.max(1));
        Notifier {
            settings,
            tx,
            rx: Mutex::new(Some(rx)),
            started: AtomicBool::new(false),
            client: OnceLock::new(),
            counts: Arc::new(Counts::default()),
        }
    }

    pub fn settings(&self) -> &WebhookSettings {
        &self.settings
    }

    pub fn counts(&self) -> &Counts {
        &self.counts
    }

    /// The HTTP client: no redirects, no proxy, the filtering resolver, a
    /// timeout per call. `None` if it cannot be built (logged once).
    fn client(&self) -> Option<reqwest::Client> {
        self.client
            .get_or_init(|| {
                let built = reqwest::Client::builder()
                    .dns_resolver(Arc::new(FilteringResolver {
                        allow_private: self.settings.allow_private,
                    }))
                    .redirect(reqwest::redirect::Policy::none())
                    .no_proxy()
                    .timeout(self.settings.timeout)
                    .connect_timeout(self.settings.timeout)
                    .pool_max_idle_per_host(1)
                    .user_agent(concat!(
                        "arcs-server/",
                        env!("CARGO_PKG_VERSION"),
                        " webhooks"
                    ))
                    .build();
                match built {
                    Ok(c) => Some(c),
                    Err(e) => {
                        tracing::error!("webhooks are off: the HTTP client cannot start: {e}");
                        None
                    }
                }
            })
            .clone()
    }

    /// Queues a notice for `url`; drops it (and logs) when the queue is
    /// full. Never waits.
    pub fn notify(&self, url: String, notice: Notice) {
        if !self.settings.enabled {
            return;
        }
        self.start();
        let game = notice.game.clone();
        let seat = notice.seat;
        match self.tx.try_send(Job { url, notice }) {
            Ok(()) => {}
            Err(mpsc::error::TrySendError::Full(_)) => {
                self.counts.dropped.fetch_add(1, Ordering::Relaxed);
                tracing::warn!(
                    "webhook for game {game} {seat} dropped: {} notices are already waiting",
                    self.settings.queue
                );
            }
            Err(mpsc::error::TrySendError::Closed(_)) => {
                self.counts.dropped.fetch_add(1, Ordering::Relaxed);
            }
        }
    }

    /// Starts the sending task on the current runtime, once.
    fn start(&self) {
        if self.started.load(Ordering::Acquire) {
            return;
        }
        let Ok(handle) = tokio::runtime::Handle::try_current() else {
            return;
        };
        let Some(rx) = self.rx.lock().unwrap_or_else(|p| p.into_inner()).take() else {
            return;
        };
        self.started.store(true, Ordering::Release);
        let Some(client) = self.client() else {
            return; // logged; the queue fills and drops
        };
        let (settings, counts) = (self.settings.clone(), self.counts.clone());
        handle.spawn(dispatch(rx, client, settings, counts));
    }

    /// One call to `url` with `body`, with every check (tests, and the
    /// sending task).
    pub async fn call_once(&self, url: &str, notice: &Notice) -> Result<u16, CallError> {
        let client = self
            .client()
            .ok_or_else(|| CallError::Failed("no HTTP client".into()))?;
        call(&client, &self.settings, &self.counts, url, notice).await
    }
}

async fn dispatch(
    mut rx: mpsc::Receiver<Job>,
    client: reqwest::Client,
    settings: WebhookSettings,
    counts: Arc<Counts>,
) {
    let slots = Arc::new(Semaphore::new(settings.concurrency.max(1)));
    while let Some(job) = rx.recv().await {
        let Ok(slot) = slots.clone().acquire_owned().await else {
            return;
        };
        let (client, settings, counts) = (client.clone(), settings.clone(), counts.clone());
        tokio::spawn(async move {
            deliver(&client, &settings, &counts, job).await;
            drop(slot);
        });
    }
}

/// Up to `attempts` calls, waiting `backoff`, then twice as long, ...
async fn deliver(client: &reqwest::Client, settings: &WebhookSettings, counts: &Counts, job: Job) {
    let attempts = settings.attempts.max(1);
    let mut wait = settings.backoff;
    for attempt in 1..=attempts {
        match call(client, settings, counts, &job.url, &job.notice).await {
            Ok(_) => {
                counts.delivered.fetch_add(1, Ordering::Relaxed);
                return;
            }
            Err(e) => {
                let last = attempt == attempts || !e.retryable();
                // The URL may hold a secret (an ntfy topic): log its host only.
                let host = Url::parse(&job.url)
                    .ok()
                    .and_then(|u| u.host_str().map(str::to_string))
                    .unwrap_or_default();
                if last {
                    counts.failed.fetch_add(1, Ordering::Relaxed);
                    tracing::warn!(
                        "webhook for game {} {} to {host} failed after {attempt} attempt(s): {e}",
                        job.notice.game,
                        job.notice.seat
                    );
                    return;
                }
                tracing::info!(
                    "webhook for game {} {} to {host}: {e}; trying again in {} ms",
                    job.notice.game,
                    job.notice.seat,
                    wait.as_millis()
                );
                tokio::time::sleep(wait).await;
                wait = wait.saturating_mul(2);
            }
        }
    }
}

async fn call(
    client: &reqwest::Client,
    settings: &WebhookSettings,
    counts: &Counts,
    url: &str,
    notice: &Notice,
) -> Result<u16, CallError> {
    let parsed =
        Url::parse(url).map_err(|e| CallError::Refused(WebhookError::BadUrl(e.to_string())))?;
    // IP literals never reach the resolver: check them here.
    check_target(&parsed, settings.allow_private).map_err(CallError::Refused)?;
    let body = serde_json::to_vec(notice).map_err(|e| CallError::Failed(e.to_string()))?;
    counts.calls.fetch_add(1, Ordering::Relaxed);
    let res = client
        .post(parsed)
        .header(reqwest::header::CONTENT_TYPE, "application/json")
        .header("Title", "Arcs: your move")
        .body(body)
        .send()
        .await
        .map_err(|e| match refusal_in(&e) {
            Some(refused) => CallError::Refused(refused),
            None => CallError::Failed(error_chain(&e)),
        })?;
    let status = res.status().as_u16();
    if res.status().is_success() {
        Ok(status)
    } else {
        Err(CallError::Status(status))
    }
}

/// A refusal by the filtering resolver, somewhere in the error's causes.
fn refusal_in(e: &(dyn std::error::Error + 'static)) -> Option<WebhookError> {
    let mut cur: Option<&(dyn std::error::Error + 'static)> = Some(e);
    while let Some(err) = cur {
        if let Some(w) = err.downcast_ref::<WebhookError>() {
            return Some(w.clone());
        }
        cur = err.source();
    }
    None
}

/// The error and its causes, for the log.
fn error_chain(e: &(dyn std::error::Error + 'static)) -> String {
    let mut text = e.to_string();
    let mut cur = e.source();
    while let Some(err) = cur {
        let more = err.to_string();
        if !text.contains(&more) {
            text.push_str(": ");
            text.push_str(&more);
        }
        cur = err.source();
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    fn class(s: &str) -> AddrClass {
        classify(s.parse().unwrap())
    }

    #[test]
    fn addresses_are_classified() {
        for public in [
            "1.1.1.1",
            "8.8.8.8",
            "159.69.1.1",
            "100.63.255.255",
            "100.128.0.0",
            "172.15.0.1",
            "172.32.0.1",
            "192.169.0.1",
            "2606:4700::1111",
            "2a01:4f8::1",
            "::ffff:8.8.8.8",
            "64:ff9b::808:808",
            "2002:808:808::1",
        ] {
            assert_eq!(class(public), AddrClass::Public, "{public}");
        }
        for private in [
            "127.0.0.1",
            "127.255.0.9",
            "10.0.0.1",
            "172.16.0.1",
            "172.31.255.254",
            "192.168.1.1",
            "100.64.0.1",
            "100.127.255.254",
            "169.254.169.254",
            "::1",
            "fc00::1",
            "fd12:3456::1",
            "fe80::1",
            "::ffff:127.0.0.1",
            "::ffff:10.1.2.3",
            "64:ff9b::a00:1",
            "2002:c0a8:101::1",
            "64:ff9b:1::a00:1",
        ] {
            assert_eq!(class(private), AddrClass::Private, "{private}");
        }
        for never in [
            "0.0.0.0",
            "0.1.2.3",
            "255.255.255.255",
            "224.0.0.1",
            "239.255.255.250",
            "240.0.0.1",
            "192.0.2.1",
            "198.51.100.7",
            "203.0.113.9",
            "198.18.0.1",
            "192.0.0.8",
            "::",
            "::127.0.0.1",
            "ff02::1",
            "2001:db8::1",
            "3fff::1",
            "2001::1",
            "100::1",
            "::ffff:0.0.0.0",
        ] {
            assert_eq!(class(never), AddrClass::Never, "{never}");
        }
        assert!(allowed("127.0.0.1".parse().unwrap(), true));
        assert!(!allowed("127.0.0.1".parse().unwrap(), false));
        assert!(!allowed("0.0.0.0".parse().unwrap(), true));
    }

    #[test]
    fn urls_are_checked_when_registered() {
        let ok = check_url(" https://ntfy.sh/my-arcs-topic ", false).unwrap();
        assert_eq!(ok, "https://ntfy.sh/my-arcs-topic");
        assert!(check_url("http://hooks.example.com:8080/x?y=1", false).is_ok());
        for (bad, why) in [
            ("ftp://ntfy.sh/x", "starts with https://"),
            ("file:///etc/passwd", "starts with https://"),
            ("javascript:alert(1)", "starts with https://"),
            ("ntfy.sh/topic", "not a URL"),
            ("", "not a URL"),
            ("http://127.0.0.1:9000/", "may not call 127.0.0.1"),
            ("http://2130706433/", "may not call 127.0.0.1"),
            ("http://0x7f.1/", "may not call 127.0.0.1"),
            ("http://[::1]/", "may not call ::1"),
            ("http://[::ffff:127.0.0.1]/", "may not call"),
            ("http://10.0.0.1/", "may not call 10.0.0.1"),
            ("http://192.168.0.1/", "may not call"),
            ("http://169.254.169.254/latest/meta-data", "may not call"),
            ("http://100.100.100.100/", "may not call"),
            ("http://[fd00::1]/", "may not call"),
            ("http://0.0.0.0/", "may not call"),
            ("http://localhost:8080/", "may not call localhost"),
            ("http://LOCALHOST./", "may not call localhost"),
            ("http://api.localhost/", "may not call api.localhost"),
        ] {
            let e = check_url(bad, false).unwrap_err().to_string();
            assert!(e.contains(why), "{bad}: {e}");
        }
        let long = format!("https://ntfy.sh/{}", "a".repeat(MAX_URL_LEN));
        assert!(matches!(
            check_url(&long, false),
            Err(WebhookError::TooLong(_))
        ));
        // Allowed for tests and home networks, except never-addresses.
        assert!(check_url("http://127.0.0.1:9000/", true).is_ok());
        assert!(check_url("http://localhost:9000/", true).is_ok());
        assert!(check_url("http://192.168.0.10/", true).is_ok());
        assert!(check_url("http://0.0.0.0/", true).is_err());
        assert!(check_url("http://[ff02::1]/", true).is_err());
    }

    #[test]
    fn the_notice_holds_public_facts_only() {
        let n = Notice::new(
            "0123456789ab",
            Seat(1),
            Some("Ann".into()),
            7,
            "P2: lead".into(),
        );
        let v = serde_json::to_value(&n).unwrap();
        let keys: Vec<_> = v.as_object().unwrap().keys().cloned().collect();
        assert_eq!(
            keys,
            ["content", "game", "name", "page", "prompt", "seat", "text", "version"]
        );
        assert_eq!(v["page"], "/g/0123456789ab");
        assert_eq!(v["seat"], 2);
    }

    /// A listener that accepts connections, counts them and never answers.
    async fn silent_listener() -> (
        std::net::SocketAddr,
        Arc<AtomicU64>,
        tokio::task::JoinHandle<()>,
    ) {
        let l = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let addr = l.local_addr().unwrap();
        let accepted = Arc::new(AtomicU64::new(0));
        let count = accepted.clone();
        let task = tokio::spawn(async move {
            let mut held = Vec::new();
            while let Ok((sock, _)) = l.accept().await {
                count.fetch_add(1, Ordering::Relaxed);
                held.push(sock);
            }
        });
        (addr, accepted, task)
    }

    /// https URLs go through rustls: a plain-HTTP peer fails the TLS
    /// handshake (the client spoke TLS to it), not an unsupported scheme.
    #[tokio::test]
    async fn https_targets_are_spoken_to_in_tls() {
        use tokio::io::{AsyncReadExt, AsyncWriteExt};
        let l = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let addr = l.local_addr().unwrap();
        let task = tokio::spawn(async move {
            while let Ok((mut sock, _)) = l.accept().await {
                let mut buf = [0u8; 5];
                let _ = sock.read_exact(&mut buf).await;
                // A TLS record starts with 0x16 (handshake), 0x03 (version).
                let hello = buf[0] == 0x16 && buf[1] == 0x03;
                let reply = if hello {
                    "HTTP/1.1 400 Bad Request\r\n\r\n"
                } else {
                    ""
                };
                let _ = sock.write_all(reply.as_bytes()).await;
            }
        });
        let n = Notifier::new(WebhookSettings {
            enabled: true,
            allow_private: true,
            timeout: Duration::from_secs(2),
            ..WebhookSettings::default()
        });
        let notice = Notice::new("0123456789ab", Seat(0), None, 1, "x".into());
        let e = n
            .call_once(&format!("https://localhost:{}/hook", addr.port()), &notice)
            .await
            .unwrap_err();
        let text = e.to_string().to_lowercase();
        assert!(matches!(e, CallError::Failed(_)), "{e}");
        assert!(!text.contains("scheme"), "{e}");
        assert!(
            !text.contains("timed out"),
            "the peer saw a TLS hello and answered: {e}"
        );
        // rustls read the plain-HTTP answer as a TLS record.
        assert!(text.contains("corrupt message"), "{e}");
        task.abort();
    }

    #[tokio::test]
    async fn a_full_queue_drops_and_never_waits() {
        let (addr, _, task) = silent_listener().await;
        let n = Notifier::new(WebhookSettings {
            enabled: true,
            allow_private: true,
            timeout: Duration::from_secs(5),
            attempts: 1,
            queue: 2,
            concurrency: 1,
            ..WebhookSettings::default()
        });
        let url = format!("http://{addr}/hook");
        let started = std::time::Instant::now();
        for v in 0..20 {
            n.notify(
                url.clone(),
                Notice::new("0123456789ab", Seat(0), None, v, "x".into()),
            );
        }
        assert!(started.elapsed() < Duration::from_millis(200));
        // One being sent, two waiting at most: the rest were dropped.
        let dropped = n.counts().dropped.load(Ordering::Relaxed);
        assert!(dropped >= 17, "dropped {dropped}");
        task.abort();
    }

    #[tokio::test]
    async fn a_name_that_resolves_to_loopback_is_refused_by_default() {
        let (addr, accepted, task) = silent_listener().await;
        let n = Notifier::new(WebhookSettings {
            enabled: true,
            ..WebhookSettings::default()
        });
        let notice = Notice::new("0123456789ab", Seat(0), None, 1, "x".into());
        // Not through check_url (which refuses the name itself): the
        // resolver refuses the address the name resolves to.
        let url = format!("http://localhost:{}/hook", addr.port());
        let e = n.call_once(&url, &notice).await.unwrap_err();
        assert!(
            matches!(e, CallError::Refused(WebhookError::Forbidden(_))),
            "{e}"
        );
        let url = format!("http://127.0.0.1:{}/hook", addr.port());
        let e = n.call_once(&url, &notice).await.unwrap_err();
        assert!(
            matches!(e, CallError::Refused(WebhookError::Forbidden(_))),
            "{e}"
        );
        assert_eq!(
            accepted.load(Ordering::Relaxed),
            0,
            "nothing reached the receiver"
        );
        // The same targets are called when private targets are allowed.
        let open = Notifier::new(WebhookSettings {
            enabled: true,
            allow_private: true,
            timeout: Duration::from_millis(300),
            ..WebhookSettings::default()
        });
        let e = open.call_once(&url, &notice).await.unwrap_err();
        assert!(matches!(e, CallError::Failed(_)), "timed out: {e}");
        assert_eq!(accepted.load(Ordering::Relaxed), 1);
        task.abort();
    }
}
