//! Errors the stub answers with, shaped like Meilisearch's.

use axum::Json;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use serde_json::{Value, json};

/// A Meilisearch-shaped error response.
#[derive(Debug)]
pub(super) struct StubError {
    status: StatusCode,
    code: &'static str,
    message: String,
}

impl StubError {
    pub(super) fn new(status: StatusCode, code: &'static str, message: impl Into<String>) -> Self {
        Self {
            status,
            code,
            message: message.into(),
        }
    }

    pub(super) fn invalid_filter(message: impl Into<String>) -> Self {
        Self::new(StatusCode::BAD_REQUEST, "invalid_search_filter", message)
    }

    pub(super) fn invalid_sort(message: impl Into<String>) -> Self {
        Self::new(StatusCode::BAD_REQUEST, "invalid_search_sort", message)
    }

    pub(super) fn invalid_facets(message: impl Into<String>) -> Self {
        Self::new(StatusCode::BAD_REQUEST, "invalid_search_facets", message)
    }

    pub(super) fn bad_request(message: impl Into<String>) -> Self {
        Self::new(StatusCode::BAD_REQUEST, "bad_request", message)
    }

    pub(super) fn index_not_found(uid: &str) -> Self {
        Self::new(
            StatusCode::NOT_FOUND,
            "index_not_found",
            format!("Index `{uid}` not found."),
        )
    }

    pub(super) fn body(&self) -> Value {
        json!({
            "message": self.message,
            "code": self.code,
            "type": "invalid_request",
            "link": format!("https://docs.meilisearch.com/errors#{}", self.code),
        })
    }
}

impl IntoResponse for StubError {
    fn into_response(self) -> Response {
        (self.status, Json(self.body())).into_response()
    }
}
