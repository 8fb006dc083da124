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
    let caches = &state.caches;
    for (name, help, cache) in [
        (
            "bazaar_token_cache",
            "Access tokens whose signature check is remembered",
            (
                caches.verified_tokens.len(),
                caches.verified_tokens.capacity(),
            ),
        ),
        (
            "bazaar_list_count_cache",
            "Product list totals remembered",
            (caches.list_totals.len(), caches.list_totals.capacity()),
        ),
    ] {
        text.push_str(&format!(
            "# HELP {name}_entries {help}.\n\
             # TYPE {name}_entries gauge\n\
             {name}_entries {}\n\
             # HELP {name}_capacity The most entries held.\n\
             # TYPE {name}_capacity gauge\n\
             {name}_capacity {}\n",
            cache.0, cache.1
        ));
    }
    if let Some(words) = state.search.as_ref().and_then(|s| s.cached_words()) {
        text.push_str(&format!(
            "# HELP bazaar_search_word_cache_entries Words whose matching terms are remembered.\n\
             # TYPE bazaar_search_word_cache_entries gauge\n\
             bazaar_search_word_cache_entries {}\n\
             # HELP bazaar_search_word_cache_capacity The most words remembered.\n\
             # TYPE bazaar_search_word_cache_capacity gauge\n\
             bazaar_search_word_cache_capacity {}\n",
            words.0, words.1
        ));
    }
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
