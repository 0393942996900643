//! Requests through the real router, shared by the HTTP-level tests.

#![allow(dead_code)] // each test file uses what it needs

use arcs_server::{http, Hub};
use axum::body::Body;
use axum::http::{HeaderMap, Request, StatusCode};
use http_body_util::BodyExt;
use serde_json::Value;
use std::sync::Arc;
use tower::ServiceExt;

/// Sends a request (a JSON body if given) and returns the status, the
/// headers and the body as JSON (a string if it is not JSON).
pub async fn send(
    hub: &Arc<Hub>,
    method: &str,
    uri: &str,
    body: Option<Vec<u8>>,
) -> (StatusCode, HeaderMap, Value) {
    send_with(hub, method, uri, &[], body).await
}

/// [`send`] with extra request headers.
pub async fn send_with(
    hub: &Arc<Hub>,
    method: &str,
    uri: &str,
    headers: &[(&str, &str)],
    body: Option<Vec<u8>>,
) -> (StatusCode, HeaderMap, Value) {
    let mut req = Request::builder().method(method).uri(uri);
    for (name, value) in headers {
        req = req.header(*name, *value);
    }
    if body.is_some() {
        req = req.header("content-type", "application/json");
    }
    let req = req
        .body(body.map(Body::from).unwrap_or_else(Body::empty))
        .unwrap();
    let res = http::router(hub.clone()).oneshot(req).await.unwrap();
    let status = res.status();
    let headers = res.headers().clone();
    let bytes = res.into_body().collect().await.unwrap().to_bytes();
    let value = serde_json::from_slice(&bytes)
        .unwrap_or(Value::String(String::from_utf8_lossy(&bytes).into()));
    (status, headers, value)
}
