//! The HTTP layer: the JSON API of docs/api.md, live updates (server-sent
//! events carrying only a version number) and the embedded web UI.
//! Every error is a JSON object `{"error": "..."}` with a fitting status;
//! every response carries basic security headers.

use crate::addr::key_of;
use crate::hub::{CreateGame, Created, Hub, HubError};
use crate::public_data;
use crate::snapshot::Snapshot;
use crate::store::StoreError;
use crate::streams::StreamRefused;
use crate::webhook::WebhookError;
use axum::body::{Body, Bytes};
use axum::extract::rejection::QueryRejection;
use axum::extract::{DefaultBodyLimit, FromRequest, FromRequestParts, Path, Query, Request, State};
use axum::http::{header, HeaderMap, HeaderValue, Method, StatusCode};
use axum::middleware::{self, Next};
use axum::response::sse::{Event as SseEvent, KeepAlive, Sse};
use axum::response::{Html, IntoResponse, Response};
use axum::routing::{get, post, put};
use axum::{Json, Router};
use rand::Rng;
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use std::convert::Infallible;
use std::net::IpAddr;
use std::sync::Arc;
use std::time::Duration;
use tokio_stream::wrappers::BroadcastStream;
use tokio_stream::StreamExt;

/// Largest request body accepted (bytes); larger ones get 413.
pub const MAX_BODY: usize = 16 * 1024;

/// A refused live-update stream is told to try again after this long.
const STREAM_RETRY_SECS: u64 = 30;

/// Live-update streams send a keep-alive comment this often.
const KEEP_ALIVE: Duration = Duration::from_secs(15);

/// How the HTTP layer guards itself.
#[derive(Clone, Debug)]
pub struct HttpSettings {
    /// A request (headers aside: see `net`) must be answered within this
    /// long, its body included; else 408.
    pub request_timeout: Duration,
    /// Refuse state-changing requests whose `Host` or `Origin` is not a
    /// loopback name (set when the server listens on loopback only, so a
    /// web page cannot reach it through DNS rebinding).
    pub loopback_hosts_only: bool,
    /// Behind a reverse proxy: the client's address is the last entry of
    /// `X-Forwarded-For` (for the per-address creation limit).
    pub behind_proxy: bool,
}

impl Default for HttpSettings {
    fn default() -> Self {
        HttpSettings {
            request_timeout: Duration::from_secs(20),
            loopback_hosts_only: false,
            behind_proxy: false,
        }
    }
}

/// The client's address, set on each request by the connection loop
/// (`net::serve`).
#[derive(Copy, Clone, Debug)]
pub struct ClientAddr(pub IpAddr);

#[derive(Clone)]
struct App {
    hub: Arc<Hub>,
    settings: Arc<HttpSettings>,
}

/// An API error: status, readable message and, for 429, when to retry.
pub struct ApiError {
    status: StatusCode,
    message: String,
    retry_after_secs: Option<u64>,
}

impl ApiError {
    fn new(status: StatusCode, message: impl Into<String>) -> ApiError {
        ApiError {
            status,
            message: message.into(),
            retry_after_secs: None,
        }
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let mut res = (
            self.status,
            Json(serde_json::json!({ "error": self.message })),
        )
            .into_response();
        if let Some(secs) = self.retry_after_secs {
            res.headers_mut()
                .insert(header::RETRY_AFTER, HeaderValue::from(secs));
        }
        res
    }
}

impl From<HubError> for ApiError {
    fn from(e: HubError) -> Self {
        let status = match &e {
            HubError::NoSuchGame(_) => StatusCode::NOT_FOUND,
            HubError::BadToken(_) | HubError::BadTicket(_) | HubError::Spectator => {
                StatusCode::FORBIDDEN
            }
            HubError::Stale { .. }
            | HubError::NotYourDecision
            | HubError::GameOver
            | HubError::Storage(StoreError::Conflict { .. }) => StatusCode::CONFLICT,
            HubError::NoSuchChoice { .. }
            | HubError::NothingToUndo
            | HubError::BadSettings(_)
            | HubError::CannotContinue(_)
            | HubError::Refused(_) => StatusCode::UNPROCESSABLE_ENTITY,
            HubError::TooMany(_) => StatusCode::TOO_MANY_REQUESTS,
            HubError::SetAside(_) => StatusCode::INTERNAL_SERVER_ERROR,
            HubError::Webhook(WebhookError::Disabled) => StatusCode::FORBIDDEN,
            HubError::Webhook(_) => StatusCode::UNPROCESSABLE_ENTITY,
            HubError::Storage(_) => StatusCode::SERVICE_UNAVAILABLE,
        };
        if let HubError::Storage(inner) = &e {
            tracing::error!("storage: {inner}");
        }
        let mut err = ApiError::new(status, e.to_string());
        if let HubError::TooMany(t) = &e {
            err.retry_after_secs = Some(t.retry_after.as_secs().max(1));
        }
        err
    }
}

impl From<StreamRefused> for ApiError {
    fn from(e: StreamRefused) -> Self {
        // The client's own caps are its doing (429); the server's is
        // everyone's (503). Either way the page tries again later.
        let status = if e.is_clients() {
            StatusCode::TOO_MANY_REQUESTS
        } else {
            StatusCode::SERVICE_UNAVAILABLE
        };
        let mut err = ApiError::new(status, e.to_string());
        err.retry_after_secs = Some(STREAM_RETRY_SECS);
        err
    }
}

impl From<QueryRejection> for ApiError {
    fn from(e: QueryRejection) -> Self {
        ApiError::new(
            StatusCode::BAD_REQUEST,
            format!("bad query: {}", e.body_text()),
        )
    }
}

/// A JSON body that must be an object (`[3,0]` is refused, although serde
/// would read it as a struct), sent as `application/json`.
struct JsonObject<T>(T);

impl<S: Send + Sync, T: DeserializeOwned> FromRequest<S> for JsonObject<T> {
    type Rejection = ApiError;

    async fn from_request(req: Request, state: &S) -> Result<Self, ApiError> {
        let json = req
            .headers()
            .get(header::CONTENT_TYPE)
            .and_then(|v| v.to_str().ok())
            .and_then(|v| v.split(';').next())
            .is_some_and(|v| v.trim().eq_ignore_ascii_case("application/json"));
        if !json {
            return Err(ApiError::new(
                StatusCode::UNSUPPORTED_MEDIA_TYPE,
                "send the body as Content-Type: application/json",
            ));
        }
        let bytes = Bytes::from_request(req, state).await.map_err(|e| {
            let status = e.status();
            if status == StatusCode::PAYLOAD_TOO_LARGE {
                ApiError::new(status, format!("body larger than {} KiB", MAX_BODY / 1024))
            } else {
                ApiError::new(status, format!("cannot read the body: {}", e.body_text()))
            }
        })?;
        if bytes.iter().find(|b| !b.is_ascii_whitespace()) != Some(&b'{') {
            return Err(ApiError::new(
                StatusCode::BAD_REQUEST,
                "bad request body: it must be a JSON object",
            ));
        }
        serde_json::from_slice(&bytes)
            .map(JsonObject)
            .map_err(|e| ApiError::new(StatusCode::BAD_REQUEST, format!("bad request body: {e}")))
    }
}

/// The address a creation is counted against.
struct Client(Option<IpAddr>);

impl FromRequestParts<App> for Client {
    type Rejection = Infallible;

    async fn from_request_parts(
        parts: &mut axum::http::request::Parts,
        app: &App,
    ) -> Result<Self, Infallible> {
        let direct = parts.extensions.get::<ClientAddr>().map(|c| c.0);
        if !app.settings.behind_proxy {
            return Ok(Client(direct));
        }
        // The proxy appends the address it saw: the last entry. Earlier
        // entries come from the client and prove nothing.
        let forwarded = parts
            .headers
            .get_all("x-forwarded-for")
            .iter()
            .next_back()
            .and_then(|v| v.to_str().ok())
            .and_then(|v| v.split(',').next_back())
            .and_then(|a| a.trim().parse::<IpAddr>().ok());
        Ok(Client(forwarded.or(direct)))
    }
}

/// The secret of a seat's (or the spectators') link. Sent as
/// `Authorization: Bearer T` (issue 18 item 8: a URL's query lands in
/// reverse proxies' access logs, headers do not); `?token=T` is still
/// read, for old links and clients.
struct SeatToken(String);

impl<S: Send + Sync> FromRequestParts<S> for SeatToken {
    type Rejection = ApiError;

    async fn from_request_parts(
        parts: &mut axum::http::request::Parts,
        _: &S,
    ) -> Result<Self, ApiError> {
        match bearer(&parts.headers)? {
            Some(token) => Ok(SeatToken(token)),
            None => query_param(&parts.uri, "token")
                .map(SeatToken)
                .ok_or_else(|| {
                    ApiError::new(
                        StatusCode::BAD_REQUEST,
                        "missing token: send your link's token as Authorization: Bearer <token>",
                    )
                }),
        }
    }
}

/// The token of an `Authorization: Bearer` header, if there is one.
fn bearer(headers: &HeaderMap) -> Result<Option<String>, ApiError> {
    let Some(value) = headers.get(header::AUTHORIZATION) else {
        return Ok(None);
    };
    let bad = || {
        ApiError::new(
            StatusCode::BAD_REQUEST,
            "bad Authorization header: send Bearer <token>",
        )
    };
    let value = value.to_str().map_err(|_| bad())?.trim();
    let (scheme, token) = value.split_once(' ').ok_or_else(bad)?;
    if !scheme.eq_ignore_ascii_case("bearer") || token.trim().is_empty() {
        return Err(bad());
    }
    Ok(Some(token.trim().to_string()))
}

/// The first value of query parameter `name`, decoded.
fn query_param(uri: &axum::http::Uri, name: &str) -> Option<String> {
    url::form_urlencoded::parse(uri.query().unwrap_or("").as_bytes())
        .find(|(k, _)| k == name)
        .map(|(_, v)| v.into_owned())
}

#[derive(Deserialize)]
struct LogQuery {
    /// Send only the last `log` visible events (the UI shows 200).
    #[serde(default)]
    log: Option<usize>,
}

impl LogQuery {
    fn trim(&self, mut snap: Snapshot) -> Json<Snapshot> {
        if let Some(n) = self.log {
            let log = &mut snap.view.log;
            let cut = log.len().saturating_sub(n);
            log.drain(..cut);
            snap.log_start = cut;
        }
        Json(snap)
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ChoiceBody {
    version: u64,
    index: usize,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct UndoBody {
    version: u64,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct WebhookBody {
    url: String,
}

/// The whole application with default settings (tests, embedding).
pub fn router(hub: Arc<Hub>) -> Router {
    app(hub, HttpSettings::default())
}

/// The whole application: API, updates and UI.
pub fn app(hub: Arc<Hub>, settings: HttpSettings) -> Router {
    let timeout = settings.request_timeout;
    let state = App {
        hub,
        settings: Arc::new(settings),
    };
    Router::new()
        .route("/", get(|| async { Html(crate::assets::LOBBY) }))
        .route("/g/{id}", get(|| async { Html(crate::assets::GAME) }))
        .route("/c/{id}", get(|| async { Html(crate::assets::CAMPAIGN) }))
        .route(
            "/assets/{*file}",
            get(|Path(file): Path<String>| async move { crate::assets::respond(&file) }),
        )
        .route(
            "/api/health",
            get(|| async { Json(serde_json::json!({"ok": true})) }),
        )
        .route(
            "/api/cards",
            get(|| async { public_json(public_data::cards_json()) }),
        )
        .route(
            "/api/map",
            get(|| async { public_json(public_data::map_json()) }),
        )
        .route(
            "/api/setup-cards",
            get(|| async { public_json(public_data::setup_cards_json()) }),
        )
        .route("/api/games", post(create))
        .route("/api/games/{id}", get(snapshot))
        .route("/api/games/{id}/choice", post(choose))
        .route("/api/games/{id}/undo", post(undo))
        .route("/api/games/{id}/continue", post(continue_campaign))
        .route(
            "/api/games/{id}/webhook",
            put(set_webhook).delete(remove_webhook),
        )
        .route("/api/games/{id}/replay", get(replay))
        .route("/api/games/{id}/updates", get(updates))
        .route("/api/games/{id}/stream-ticket", post(stream_ticket))
        .fallback(|| async { ApiError::new(StatusCode::NOT_FOUND, "no such page") })
        .method_not_allowed_fallback(|| async {
            ApiError::new(
                StatusCode::METHOD_NOT_ALLOWED,
                "this method is not allowed here",
            )
        })
        .layer(DefaultBodyLimit::max(MAX_BODY))
        .layer(middleware::from_fn_with_state(state.clone(), check_host))
        .layer(middleware::from_fn(refuse_large_bodies))
        .layer(middleware::from_fn(move |req, next| {
            time_limit(timeout, req, next)
        }))
        .layer(middleware::from_fn(json_errors))
        .layer(middleware::from_fn(security_headers))
        .with_state(state)
}

/// Pages may load scripts, styles and data from this server only, and
/// never be framed.
const CSP: &str = "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; \
                   img-src 'self' data:; connect-src 'self'; frame-ancestors 'none'; \
                   base-uri 'none'; form-action 'self'";

async fn security_headers(req: Request, next: Next) -> Response {
    let api = req.uri().path().starts_with("/api/games");
    let mut res = next.run(req).await;
    let h = res.headers_mut();
    h.insert(
        header::X_CONTENT_TYPE_OPTIONS,
        HeaderValue::from_static("nosniff"),
    );
    h.insert(header::X_FRAME_OPTIONS, HeaderValue::from_static("DENY"));
    h.insert(
        header::REFERRER_POLICY,
        HeaderValue::from_static("no-referrer"),
    );
    h.insert(
        header::CONTENT_SECURITY_POLICY,
        HeaderValue::from_static(CSP),
    );
    if api {
        // Seat snapshots are private: no cache may keep them.
        h.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    }
    res
}

/// Any error answered without a JSON body (405, 408, a rejection deep in
/// the stack) gets one, so every error is `{"error": ...}`.
async fn json_errors(req: Request, next: Next) -> Response {
    let res = next.run(req).await;
    let status = res.status();
    let is_json = res
        .headers()
        .get(header::CONTENT_TYPE)
        .is_some_and(|v| v.as_bytes().starts_with(b"application/json"));
    if !(status.is_client_error() || status.is_server_error()) || is_json {
        return res;
    }
    let text = match status {
        StatusCode::METHOD_NOT_ALLOWED => "this method is not allowed here".to_string(),
        StatusCode::REQUEST_TIMEOUT => "the request took too long".to_string(),
        StatusCode::PAYLOAD_TOO_LARGE => format!("body larger than {} KiB", MAX_BODY / 1024),
        s => s
            .canonical_reason()
            .unwrap_or("request failed")
            .to_lowercase(),
    };
    let (mut parts, _) = res.into_parts();
    parts.headers.remove(header::CONTENT_LENGTH);
    parts.headers.insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("application/json"),
    );
    let body = serde_json::json!({ "error": text }).to_string();
    Response::from_parts(parts, Body::from(body))
}

/// A body announced larger than the limit is refused before it is read.
async fn refuse_large_bodies(req: Request, next: Next) -> Response {
    let announced = req
        .headers()
        .get(header::CONTENT_LENGTH)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.trim().parse::<u64>().ok());
    if announced.is_some_and(|n| n > MAX_BODY as u64) {
        let mut res = ApiError::new(
            StatusCode::PAYLOAD_TOO_LARGE,
            format!("body larger than {} KiB", MAX_BODY / 1024),
        )
        .into_response();
        // The unread body makes the connection unusable for another request.
        res.headers_mut()
            .insert(header::CONNECTION, HeaderValue::from_static("close"));
        return res;
    }
    next.run(req).await
}

/// A request must be answered (body read included) within `limit`; live
/// update streams only need their first answer in time.
async fn time_limit(limit: Duration, req: Request, next: Next) -> Response {
    match tokio::time::timeout(limit, next.run(req)).await {
        Ok(res) => res,
        Err(_) => {
            let mut res = ApiError::new(StatusCode::REQUEST_TIMEOUT, "the request took too long")
                .into_response();
            res.headers_mut()
                .insert(header::CONNECTION, HeaderValue::from_static("close"));
            res
        }
    }
}

/// The host part of a `Host` value or an origin's authority.
fn host_name(authority: &str) -> &str {
    if let Some(rest) = authority.strip_prefix('[') {
        return rest.split(']').next().unwrap_or("");
    }
    authority.split(':').next().unwrap_or("")
}

fn is_loopback_name(host: &str) -> bool {
    host.eq_ignore_ascii_case("localhost")
        || host.parse::<IpAddr>().is_ok_and(|ip| ip.is_loopback())
}

/// When the server listens on loopback only, a state-changing request must
/// be addressed to a loopback name and come from a loopback origin: a page
/// on another site that rebinds its name to 127.0.0.1 cannot act.
async fn check_host(State(app): State<App>, req: Request, next: Next) -> Response {
    let changes = !matches!(*req.method(), Method::GET | Method::HEAD | Method::OPTIONS);
    if app.settings.loopback_hosts_only && changes && !loopback_request(req.headers()) {
        return ApiError::new(
            StatusCode::FORBIDDEN,
            "this server only accepts changes addressed to localhost",
        )
        .into_response();
    }
    next.run(req).await
}

fn loopback_request(headers: &HeaderMap) -> bool {
    let host_ok = headers
        .get(header::HOST)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|h| is_loopback_name(host_name(h.trim())));
    let origin_ok = match headers.get(header::ORIGIN) {
        None => true,
        Some(v) => v.to_str().ok().is_some_and(|o| {
            o.strip_prefix("http://")
                .or_else(|| o.strip_prefix("https://"))
                .is_some_and(|authority| is_loopback_name(host_name(authority)))
        }),
    };
    host_ok && origin_ok
}

/// Public data built once from the engine (cards, map, setup cards).
fn public_json(text: &'static str) -> Response {
    ([(header::CONTENT_TYPE, "application/json")], text).into_response()
}

async fn create(
    State(app): State<App>,
    Client(client): Client,
    body: Result<JsonObject<CreateGame>, ApiError>,
) -> Result<(StatusCode, Json<Created>), ApiError> {
    let JsonObject(req) = body?;
    Ok((
        StatusCode::CREATED,
        Json(app.hub.create(req, client).await?),
    ))
}

async fn snapshot(
    State(app): State<App>,
    Path(id): Path<String>,
    SeatToken(token): SeatToken,
    q: Result<Query<LogQuery>, QueryRejection>,
) -> Result<Json<Snapshot>, ApiError> {
    let Query(q) = q?;
    Ok(q.trim(app.hub.snapshot(&id, &token).await?))
}

#[derive(Deserialize)]
struct ReplayQuery {
    /// How many choices into the game (past the end: the position now).
    step: usize,
    #[serde(default)]
    log: Option<usize>,
}

/// A past position as the seat saw it: `{"step", "steps", "snapshot"}`
/// (docs/api.md).
#[derive(Serialize)]
struct ReplayBody {
    step: usize,
    steps: usize,
    snapshot: Snapshot,
}

async fn replay(
    State(app): State<App>,
    Path(id): Path<String>,
    SeatToken(token): SeatToken,
    q: Result<Query<ReplayQuery>, QueryRejection>,
) -> Result<Json<ReplayBody>, ApiError> {
    let Query(q) = q?;
    let (steps, snap) = app.hub.replay_at(&id, &token, q.step).await?;
    let Json(snapshot) = LogQuery { log: q.log }.trim(snap);
    Ok(Json(ReplayBody {
        step: q.step.min(steps),
        steps,
        snapshot,
    }))
}

async fn choose(
    State(app): State<App>,
    Path(id): Path<String>,
    SeatToken(token): SeatToken,
    q: Result<Query<LogQuery>, QueryRejection>,
    body: Result<JsonObject<ChoiceBody>, ApiError>,
) -> Result<Json<Snapshot>, ApiError> {
    let Query(q) = q?;
    let JsonObject(b) = body?;
    Ok(q.trim(app.hub.act(&id, &token, b.version, b.index).await?))
}

async fn undo(
    State(app): State<App>,
    Path(id): Path<String>,
    SeatToken(token): SeatToken,
    q: Result<Query<LogQuery>, QueryRejection>,
    body: Result<JsonObject<UndoBody>, ApiError>,
) -> Result<Json<Snapshot>, ApiError> {
    let Query(q) = q?;
    let JsonObject(b) = body?;
    Ok(q.trim(app.hub.undo(&id, &token, b.version).await?))
}

/// Starts the next campaign Act after this ended Act (or finds the one
/// started already): `{"id": "<the next Act's game>"}`. The seat's token
/// opens it too.
async fn continue_campaign(
    State(app): State<App>,
    Path(id): Path<String>,
    SeatToken(token): SeatToken,
) -> Result<Json<serde_json::Value>, ApiError> {
    let next = app.hub.continue_campaign(&id, &token).await?;
    Ok(Json(serde_json::json!({ "id": next })))
}

/// Registers the seat's webhook: `{"url": "https://…"}`.
async fn set_webhook(
    State(app): State<App>,
    Path(id): Path<String>,
    SeatToken(token): SeatToken,
    body: Result<JsonObject<WebhookBody>, ApiError>,
) -> Result<Json<serde_json::Value>, ApiError> {
    let JsonObject(b) = body?;
    let has = app.hub.set_webhook(&id, &token, Some(b.url)).await?;
    Ok(Json(serde_json::json!({ "webhook": has })))
}

/// Removes the seat's webhook (nothing to remove is fine).
async fn remove_webhook(
    State(app): State<App>,
    Path(id): Path<String>,
    SeatToken(token): SeatToken,
) -> Result<Json<serde_json::Value>, ApiError> {
    let has = app.hub.set_webhook(&id, &token, None).await?;
    Ok(Json(serde_json::json!({ "webhook": has })))
}

/// A single-use ticket for one live-update stream (issue 18 item 8):
/// the page asks with its token in a header, then opens
/// `…/updates?ticket=…`, so the token never appears in a URL.
async fn stream_ticket(
    State(app): State<App>,
    Path(id): Path<String>,
    SeatToken(token): SeatToken,
) -> Result<Json<serde_json::Value>, ApiError> {
    let ticket = app.hub.stream_ticket(&id, &token).await?;
    Ok(Json(serde_json::json!({
        "ticket": ticket,
        "expires_in": crate::hub::TICKET_LIFE.as_secs(),
    })))
}

/// Server-sent events: `data: {"version": N}` first with the game's
/// version now (so a page that reconnects learns whether it missed
/// something), then whenever the game changes. The page then fetches its
/// own snapshot, so nothing hidden travels here.
///
/// Issue 18 item 3: the stream is admitted within the caps of `streams`
/// (counted against the client's address), ends after its lifetime (the
/// page reconnects), and closes its connection when it ends; a refused
/// stream closes its connection too, so neither holds a connection that
/// ordinary requests need.
async fn updates(
    State(app): State<App>,
    Path(id): Path<String>,
    Client(client): Client,
    req: axum::http::request::Parts,
) -> Result<Response, ApiError> {
    // A ticket (the web UI), or the token itself in a header (other
    // clients) or in the query (old links and clients).
    let (live, viewer) = match query_param(&req.uri, "ticket") {
        Some(ticket) => app.hub.redeem_ticket(&id, &ticket).await?,
        None => {
            let SeatToken(token) = SeatToken::from_request_parts(&mut { req }, &()).await?;
            app.hub.open_seat(&id, &token).await?
        }
    };
    let gate = app.hub.streams();
    let permit = match gate.admit(key_of(client), &live.record.id, viewer.seat().map(|s| s.0)) {
        Ok(permit) => permit,
        Err(refused) => return Ok(closing(ApiError::from(refused).into_response())),
    };
    let (changes, now) = app.hub.follow(&live).await;
    drop(live); // the stream must not keep the game in memory
    let changes = BroadcastStream::new(changes).map(|v| {
        // A lagging receiver just learns "something changed".
        v.unwrap_or(0)
    });
    let events = tokio_stream::once(now).chain(changes).map(move |version| {
        // The permit lives as long as the stream: dropped with it, however
        // the stream ends (its lifetime, the client gone, shutdown).
        let _counted = &permit;
        Ok::<_, Infallible>(SseEvent::default().data(format!("{{\"version\":{version}}}")))
    });
    let lifetime = stream_lifetime(gate.limits().lifetime);
    let events = futures_util::StreamExt::take_until(events, tokio::time::sleep(lifetime));
    let res = Sse::new(events)
        .keep_alive(KeepAlive::new().interval(KEEP_ALIVE))
        .into_response();
    Ok(closing(res))
}

/// A stream's lifetime: between three quarters of `max` and `max`, at
/// random, so pages opened together do not all reconnect together.
fn stream_lifetime(max: Duration) -> Duration {
    max.mul_f64(rand::thread_rng().gen_range(0.75..=1.0))
}

/// The response closes its connection once sent.
fn closing(mut res: Response) -> Response {
    res.headers_mut()
        .insert(header::CONNECTION, HeaderValue::from_static("close"));
    res
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn loopback_names() {
        let mut h = HeaderMap::new();
        assert!(!loopback_request(&h), "no Host at all");
        for ok in [
            "localhost:8080",
            "127.0.0.1:8080",
            "[::1]:8080",
            "LOCALHOST",
            "127.0.0.1",
        ] {
            h.insert(header::HOST, HeaderValue::from_str(ok).unwrap());
            assert!(loopback_request(&h), "{ok}");
        }
        for bad in [
            "evil.example:8080",
            "127.0.0.1.evil.example",
            "[::2]:80",
            "",
        ] {
            h.insert(header::HOST, HeaderValue::from_str(bad).unwrap());
            assert!(!loopback_request(&h), "{bad}");
        }
        h.insert(header::HOST, HeaderValue::from_static("localhost:8080"));
        h.insert(
            header::ORIGIN,
            HeaderValue::from_static("http://evil.example"),
        );
        assert!(!loopback_request(&h));
        h.insert(header::ORIGIN, HeaderValue::from_static("null"));
        assert!(!loopback_request(&h));
        h.insert(
            header::ORIGIN,
            HeaderValue::from_static("http://localhost:8080"),
        );
        assert!(loopback_request(&h));
    }
}
