//! PayFast's ITN endpoint and the payment settings the site shows (the "test payments"
//! banner while the simulator or the sandbox is in use).
//!
//! The ITN is answered 200 as soon as it is stored: the checks that need PayFast (the
//! validate call) run in a job (see `bazaar_commerce::payfast`). Only a failure to store it
//! answers 500, so PayFast sends it again.

use std::net::IpAddr;

use axum::Json;
use axum::body::Bytes;
use axum::extract::State;
use axum::http::{HeaderMap, StatusCode};
use serde::Serialize;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::auth::ClientIp;
use crate::{ApiError, ApiResult, AppState};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(payfast_notify))
        .routes(routes!(payment_config))
}

/// An ITN is a few hundred bytes; anything much larger is not one.
const MAX_ITN_BYTES: usize = 16 * 1024;

/// The sender's address: the connection's, or — only when the connection comes from a
/// trusted proxy — the last address that proxy appended to `X-Forwarded-For`.
fn sender(state: &AppState, connected: Option<IpAddr>, headers: &HeaderMap) -> Option<IpAddr> {
    let peer = connected?;
    if !state.config.trusted_proxies.contains(&peer) {
        return Some(peer);
    }
    headers
        .get_all("x-forwarded-for")
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(','))
        .filter_map(|s| s.trim().parse::<IpAddr>().ok())
        .next_back()
}

/// PayFast's instant transaction notification (form-encoded).
#[utoipa::path(
    post, path = "/payments/payfast/notify", tag = "payments", operation_id = "payfast_notify",
    request_body(content = String, content_type = "application/x-www-form-urlencoded"),
    responses((status = 200, description = "Received (accepted or not, it is recorded)"), (status = 413), (status = 500))
)]
async fn payfast_notify(
    State(state): State<AppState>,
    ClientIp(peer): ClientIp,
    headers: HeaderMap,
    body: Bytes,
) -> ApiResult<StatusCode> {
    if body.len() > MAX_ITN_BYTES {
        return Ok(StatusCode::PAYLOAD_TOO_LARGE);
    }
    let Some(source) = sender(&state, peer.parse().ok(), &headers) else {
        tracing::warn!("payfast notification without a sender address ignored");
        return Ok(StatusCode::OK);
    };
    bazaar_commerce::payfast::receive(&state.db, &state.payments, &body, source)
        .await
        .map_err(|e| ApiError::Internal(format!("storing a payfast notification: {e}")))?;
    Ok(StatusCode::OK)
}

#[derive(Debug, Serialize, ToSchema)]
pub struct PaymentConfig {
    pub provider: String,
    /// sandbox, live or simulator.
    pub mode: String,
    /// True unless payments are live: the site shows a "test payments" banner.
    pub test_payments: bool,
}

/// How payments are taken.
#[utoipa::path(
    get, path = "/payments/config", tag = "payments", operation_id = "payment_config",
    responses((status = 200, body = PaymentConfig))
)]
async fn payment_config(State(state): State<AppState>) -> Json<PaymentConfig> {
    let s = &state.payments.settings;
    Json(PaymentConfig {
        provider: bazaar_commerce::payfast::PROVIDER.into(),
        mode: s.mode.to_string(),
        test_payments: s.is_test(),
    })
}
