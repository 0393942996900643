//! The HTTP layer: the JSON API of docs/api.md, live updates (server-sent
//! events carrying only a version number) and the embedded web UI.
//! Every error is a JSON object `{"error": "..."}` with a fitting status.

use crate::hub::{CreateGame, Hub, HubError};
use axum::extract::rejection::{JsonRejection, QueryRejection};
use axum::extract::{DefaultBodyLimit, Path, Query, State};
use axum::http::{header, StatusCode};
use axum::response::sse::{Event as SseEvent, KeepAlive, Sse};
use axum::response::{Html, IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use serde::Deserialize;
use std::convert::Infallible;
use std::sync::Arc;
use std::time::Duration;
use tokio_stream::wrappers::BroadcastStream;
use tokio_stream::{Stream, StreamExt};

/// Largest request body accepted (bytes); larger ones get 413.
pub const MAX_BODY: usize = 16 * 1024;

/// An API error: status + readable message.
pub struct ApiError(StatusCode, String);

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        (self.0, Json(serde_json::json!({ "error": self.1 }))).into_response()
    }
}

impl From<HubError> for ApiError {
    fn from(e: HubError) -> Self {
        let status = match &e {
            HubError::NoSuchGame(_) => StatusCode::NOT_FOUND,
            HubError::BadToken(_) | HubError::Spectator => StatusCode::FORBIDDEN,
            HubError::Stale { .. } | HubError::NotYourDecision | HubError::GameOver => {
                StatusCode::CONFLICT
            }
            HubError::NoSuchChoice { .. } | HubError::NothingToUndo | HubError::BadSettings(_) => {
                StatusCode::UNPROCESSABLE_ENTITY
            }
            HubError::Storage(_) => StatusCode::SERVICE_UNAVAILABLE,
        };
        ApiError(status, e.to_string())
    }
}

impl From<JsonRejection> for ApiError {
    fn from(e: JsonRejection) -> Self {
        let status = match e {
            JsonRejection::MissingJsonContentType(_) => StatusCode::UNSUPPORTED_MEDIA_TYPE,
            JsonRejection::BytesRejection(_) => StatusCode::PAYLOAD_TOO_LARGE,
            _ => StatusCode::BAD_REQUEST,
        };
        ApiError(status, format!("bad request body: {}", e.body_text()))
    }
}

impl From<QueryRejection> for ApiError {
    fn from(e: QueryRejection) -> Self {
        ApiError(
            StatusCode::BAD_REQUEST,
            format!("bad query: {}", e.body_text()),
        )
    }
}

type ApiResult<T> = Result<Json<T>, ApiError>;

#[derive(Deserialize)]
struct TokenQuery {
    token: String,
    /// Send only the last `log` visible events (the UI shows 200).
    #[serde(default)]
    log: Option<usize>,
}

impl TokenQuery {
    fn trim(&self, mut snap: crate::hub::Snapshot) -> Json<crate::hub::Snapshot> {
        if let Some(n) = self.log {
            let log = &mut snap.view.log;
            log.drain(..log.len().saturating_sub(n));
        }
        Json(snap)
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ChoiceBody {
    version: usize,
    index: usize,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct UndoBody {
    version: usize,
}

/// The whole application: API, updates and UI.
pub fn router(hub: Arc<Hub>) -> Router {
    Router::new()
        .route(
            "/",
            get(|| async { Html(include_str!("../assets/index.html")) }),
        )
        .route(
            "/g/{id}",
            get(|| async { Html(include_str!("../assets/game.html")) }),
        )
        .route(
            "/assets/app.js",
            get(|| async { asset("text/javascript", include_str!("../assets/app.js")) }),
        )
        .route(
            "/assets/style.css",
            get(|| async { asset("text/css", include_str!("../assets/style.css")) }),
        )
        .route(
            "/api/health",
            get(|| async { Json(serde_json::json!({"ok": true})) }),
        )
        .route("/api/cards", get(cards))
        .route("/api/map", get(map))
        .route("/api/setup-cards", get(setup_cards))
        .route("/api/games", post(create))
        .route("/api/games/{id}", get(snapshot))
        .route("/api/games/{id}/choice", post(choose))
        .route("/api/games/{id}/undo", post(undo))
        .route("/api/games/{id}/updates", get(updates))
        .fallback(|| async { ApiError(StatusCode::NOT_FOUND, "no such page".into()) })
        .layer(DefaultBodyLimit::max(MAX_BODY))
        .with_state(hub)
}

fn asset(kind: &'static str, body: &'static str) -> impl IntoResponse {
    ([(header::CONTENT_TYPE, kind)], body)
}

/// Public card data (names and texts) for the UI's tooltips.
async fn cards() -> impl IntoResponse {
    let cat = arcs_engine::data::catalog();
    let cards: Vec<_> = cat
        .cards
        .iter()
        .map(|c| serde_json::json!({"id": c.id, "name": c.name, "text": c.text}))
        .collect();
    Json(cards)
}

/// The printed map (components.md §1): systems, planet types, building
/// slots and adjacency, for drawing the board.
async fn map() -> impl IntoResponse {
    let comp = arcs_engine::data::components();
    let systems: Vec<_> = arcs_engine::SystemId::all()
        .map(|s| {
            let i = s.index();
            serde_json::json!({
                "id": s,
                "cluster": s.cluster(),
                "position": s.position(),
                "gate": s.is_gate(),
                "planet": comp.planet_type[i],
                "slots": comp.building_slots[i],
                "adjacent": arcs_engine::SystemId::all()
                    .filter(|t| comp.adjacency[i] & t.bit() != 0)
                    .collect::<Vec<_>>(),
            })
        })
        .collect();
    Json(serde_json::json!({ "systems": systems }))
}

/// The setup cards (components.md §2) for the lobby's choice.
async fn setup_cards() -> impl IntoResponse {
    let cards: Vec<_> = arcs_engine::data::components()
        .setup_cards
        .iter()
        .map(|c| {
            serde_json::json!({"id": c.id, "name": c.name, "players": c.players, "experienced": c.experienced})
        })
        .collect();
    Json(cards)
}

async fn create(
    State(hub): State<Arc<Hub>>,
    body: Result<Json<CreateGame>, JsonRejection>,
) -> Result<(StatusCode, Json<crate::hub::Created>), ApiError> {
    let Json(req) = body?;
    Ok((StatusCode::CREATED, Json(hub.create(req)?)))
}

async fn snapshot(
    State(hub): State<Arc<Hub>>,
    Path(id): Path<String>,
    q: Result<Query<TokenQuery>, QueryRejection>,
) -> ApiResult<crate::hub::Snapshot> {
    let Query(q) = q?;
    Ok(q.trim(hub.snapshot(&id, &q.token).await?))
}

async fn choose(
    State(hub): State<Arc<Hub>>,
    Path(id): Path<String>,
    q: Result<Query<TokenQuery>, QueryRejection>,
    body: Result<Json<ChoiceBody>, JsonRejection>,
) -> ApiResult<crate::hub::Snapshot> {
    let Query(q) = q?;
    let Json(b) = body?;
    Ok(q.trim(hub.act(&id, &q.token, b.version, b.index).await?))
}

async fn undo(
    State(hub): State<Arc<Hub>>,
    Path(id): Path<String>,
    q: Result<Query<TokenQuery>, QueryRejection>,
    body: Result<Json<UndoBody>, JsonRejection>,
) -> ApiResult<crate::hub::Snapshot> {
    let Query(q) = q?;
    let Json(b) = body?;
    Ok(q.trim(hub.undo(&id, &q.token, b.version).await?))
}

/// Server-sent events: `data: {"version": N}` whenever the game changes.
/// The page then fetches its own snapshot, so nothing hidden travels here.
async fn updates(
    State(hub): State<Arc<Hub>>,
    Path(id): Path<String>,
    q: Result<Query<TokenQuery>, QueryRejection>,
) -> Result<Sse<impl Stream<Item = Result<SseEvent, Infallible>>>, ApiError> {
    let Query(q) = q?;
    let (live, _) = hub.open_seat(&id, &q.token)?;
    let stream = BroadcastStream::new(hub.subscribe(&live)).map(|v| {
        // A lagging receiver just learns "something changed".
        let version = v.unwrap_or(0);
        Ok(SseEvent::default().data(format!("{{\"version\":{version}}}")))
    });
    Ok(Sse::new(stream).keep_alive(KeepAlive::new().interval(Duration::from_secs(15))))
}
