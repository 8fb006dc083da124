//! Liveness and readiness probes (outside the versioned API).

use axum::extract::State;
use axum::routing::get;
use axum::{Json, Router};
use serde_json::{Value, json};

use crate::{ApiError, ApiResult, AppState};

pub fn router() -> Router<AppState> {
    Router::new()
        .route("/healthz", get(healthz))
        .route("/readyz", get(readyz))
}

/// The process is up.
async fn healthz() -> Json<Value> {
    Json(json!({"status": "ok"}))
}

/// The database answers.
async fn readyz(State(state): State<AppState>) -> ApiResult<Json<Value>> {
    state.db.ping().await.map_err(|e| {
        tracing::warn!(error = %e, "readiness check failed");
        ApiError::Unavailable("The database is not reachable".into())
    })?;
    Ok(Json(json!({"status": "ready"})))
}
