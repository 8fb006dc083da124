//! PayFast's ITN endpoint and the payment settings the site shows (the "test payments"
//! banner while the simulator or the sandbox is in use).
//!
//! The ITN is answered 200 as soon as it is stored: the checks that need PayFast (the
//! validate call) run in a job (see `bazaar_commerce::payfast`). Only a failure to store it
//! answers 500, so PayFast sends it again.

use axum::Json;
use axum::body::Bytes;
use axum::extract::State;
use axum::http::StatusCode;
use serde::Serialize;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::auth::{AdminActor, ClientIp};
use crate::error::ErrorBody;
use crate::{ApiError, ApiResult, AppState};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(payfast_notify))
        .routes(routes!(payment_config))
        .routes(routes!(list_refunds_due))
}

/// An ITN is a few hundred bytes; anything much larger is not one.
const MAX_ITN_BYTES: usize = 16 * 1024;

/// PayFast's instant transaction notification (form-encoded).
#[utoipa::path(
    post, path = "/payments/payfast/notify", tag = "payments", operation_id = "payfast_notify",
    request_body(content = String, content_type = "application/x-www-form-urlencoded"),
    responses((status = 200, description = "Received (accepted or not, it is recorded)"), (status = 413), (status = 500))
)]
async fn payfast_notify(
    State(state): State<AppState>,
    ClientIp(source): ClientIp,
    body: Bytes,
) -> ApiResult<StatusCode> {
    if body.len() > MAX_ITN_BYTES {
        return Ok(StatusCode::PAYLOAD_TOO_LARGE);
    }
    // The sender: the connection, or behind trusted proxies the client they name.
    let Some(source) = source else {
        tracing::warn!("payfast notification without a sender address ignored");
        return Ok(StatusCode::OK);
    };
    bazaar_commerce::payfast::receive(
        &state.db,
        &state.payments.current(&state.db).await?,
        &body,
        source,
    )
    .await
    .map_err(|e| match e.is_unavailable() {
        // PayFast tries again later: the notification is not lost.
        true => ApiError::from(e),
        false => ApiError::Internal(format!("storing a payfast notification: {e}")),
    })?;
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
async fn payment_config(State(state): State<AppState>) -> ApiResult<Json<PaymentConfig>> {
    let gateway = state.payments.current(&state.db).await?;
    let s = &gateway.settings;
    Ok(Json(PaymentConfig {
        provider: bazaar_commerce::payfast::PROVIDER.into(),
        mode: s.mode.to_string(),
        test_payments: s.is_test(),
    }))
}

/// An order with money owed back to its buyer.
#[derive(Debug, Serialize, ToSchema)]
pub struct RefundDue {
    pub order_id: uuid::Uuid,
    pub order_number: String,
    pub status: String,
    pub email: String,
    pub total_cents: i64,
    /// Owed back: a paid order cancelled, and every further payment that arrived for an
    /// order already paid or cancelled.
    pub refund_due_cents: i64,
    /// The payment the order was paid with (or the first that arrived for it).
    pub payment_reference: Option<String>,
    pub updated_at: chrono::DateTime<chrono::Utc>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct RefundsDue {
    pub refunds: Vec<RefundDue>,
}

/// Orders whose buyers are owed money (refunds are made in PayFast's dashboard).
#[utoipa::path(
    get, path = "/admin/payments/refunds-due", tag = "admin", operation_id = "list_refunds_due",
    security(("bearer" = [])),
    responses(
        (status = 200, body = RefundsDue),
        (status = 401, body = ErrorBody),
        (status = 403, description = "Not an admin, or `insufficient_aal`: the admin has a second factor this session has not verified", body = ErrorBody)
    )
)]
async fn list_refunds_due(
    State(state): State<AppState>,
    _admin: AdminActor,
) -> ApiResult<Json<RefundsDue>> {
    let rows = bazaar_db::orders::refunds_due(&state.db, 500).await?;
    Ok(Json(RefundsDue {
        refunds: rows
            .into_iter()
            .map(|o| RefundDue {
                order_id: o.id,
                order_number: o.order_number,
                status: o.status.as_str().to_owned(),
                email: o.email,
                total_cents: o.total_cents,
                refund_due_cents: o.refund_due_cents,
                payment_reference: o.payment_reference,
                updated_at: o.updated_at,
            })
            .collect(),
    }))
}
