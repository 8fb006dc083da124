//! Liveness and readiness probes and metrics (outside the versioned API).

use axum::extract::State;
use axum::http::{HeaderValue, header};
use axum::response::IntoResponse;
use axum::routing::get;
use axum::{Json, Router};
use serde_json::{Value, json};

use crate::{ApiError, ApiResult, AppState};

pub fn router() -> Router<AppState> {
    Router::new()
        .route("/healthz", get(healthz))
        .route("/readyz", get(readyz))
        .route("/metrics", get(metrics))
}

/// Prometheus text: the response cache's counters and the process's memory.
async fn metrics(State(state): State<AppState>) -> impl IntoResponse {
    let mut text = state.responses.metrics();
    if let Some(kb) = resident_kb() {
        text.push_str(&format!(
            "# HELP process_resident_memory_bytes Resident memory of this process.\n\
             # TYPE process_resident_memory_bytes gauge\n\
             process_resident_memory_bytes {}\n",
            kb * 1024
        ));
    }
    (
        [(
            header::CONTENT_TYPE,
            HeaderValue::from_static("text/plain; version=0.0.4"),
        )],
        text,
    )
}

/// VmRSS from `/proc/self/status` (Linux).
fn resident_kb() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    status
        .lines()
        .find_map(|l| l.strip_prefix("VmRSS:"))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
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
