//! How payments are taken, as admins set it (`/admin/payment-gateways`): PayFast as the
//! server was started or as these settings say, secrets sealed, and a check that signs a
//! test form. Changes are audited (`bazaar_commerce::payment_settings`).

use axum::Json;
use axum::extract::State;
use bazaar_commerce::payment_settings::{self, PaymentsDraft, Source, StoredPayments};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::selling::actor;
use crate::auth::AdminActor;
use crate::error::ErrorBody;
use crate::extract::ApiJson;
use crate::{ApiResult, AppState};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(admin_get_payments, admin_set_payments))
        .routes(routes!(admin_check_payments))
}

#[derive(Debug, Serialize, ToSchema)]
pub struct StartedPayments {
    pub mode: String,
    pub merchant_id: String,
}

/// How payments are taken. Secrets are never answered, only whether they are set.
#[derive(Debug, Serialize, ToSchema)]
pub struct PaymentSettings {
    /// `server` (as the server was started) or `settings` (these).
    pub source: String,
    /// `simulator`, `sandbox` or `live`.
    pub mode: String,
    pub merchant_id: String,
    pub merchant_key_set: bool,
    pub passphrase_set: bool,
    /// Who may post payment notifications: IPs, CIDR ranges or host names.
    pub itn_sources: Vec<String>,
    /// How the server was started.
    pub started: StartedPayments,
    /// Whether the server has a secret key to keep the merchant key and passphrase.
    pub can_seal: bool,
}

/// The payment settings as sent. A secret: absent or null keeps the one set, empty removes
/// it, anything else replaces it.
#[derive(Debug, Deserialize, ToSchema)]
pub struct PaymentSettingsUpdate {
    pub source: String,
    pub mode: String,
    #[serde(default)]
    pub merchant_id: String,
    #[serde(default)]
    pub merchant_key: Option<String>,
    #[serde(default)]
    pub passphrase: Option<String>,
    #[serde(default)]
    pub itn_sources: Vec<String>,
}

/// A test form signed with the payment settings in force.
#[derive(Debug, Serialize, ToSchema)]
pub struct PaymentCheck {
    pub mode: String,
    /// Where the form would be posted.
    pub process_url: String,
    /// In PayFast's order, `signature` last.
    pub fields: Vec<PaymentCheckField>,
    pub signature: String,
    /// What would go wrong or is worth knowing; empty when all is well.
    pub problems: Vec<String>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct PaymentCheckField {
    pub name: String,
    pub value: String,
}

fn payment_settings(state: &AppState, stored: StoredPayments) -> PaymentSettings {
    let started = &state.payments.started().settings;
    let (mode, merchant_id, sources) = match stored.source {
        Source::Settings => (
            stored.mode.to_string(),
            stored.merchant_id.clone(),
            if stored.itn_sources.is_empty() {
                started.allowed_sources.clone()
            } else {
                stored.itn_sources.clone()
            },
        ),
        Source::Server => (
            started.mode.to_string(),
            started.merchant_id.clone(),
            started.allowed_sources.clone(),
        ),
    };
    PaymentSettings {
        source: stored.source.as_str().to_owned(),
        mode,
        merchant_id,
        merchant_key_set: stored.sealed_key.is_some(),
        passphrase_set: stored.sealed_passphrase.is_some(),
        itn_sources: sources,
        started: StartedPayments {
            mode: started.mode.to_string(),
            merchant_id: started.merchant_id.clone(),
        },
        can_seal: state.payments.can_seal(),
    }
}

/// The payment settings.
#[utoipa::path(
    get, path = "/admin/settings/payments", tag = "admin", operation_id = "admin_get_payments",
    security(("bearer" = [])),
    responses(
        (status = 200, body = PaymentSettings), (status = 401, body = ErrorBody),
        (status = 403, body = ErrorBody)
    )
)]
async fn admin_get_payments(
    State(state): State<AppState>,
    _admin: AdminActor,
) -> ApiResult<Json<PaymentSettings>> {
    let stored = payment_settings::payments(&state.db).await?;
    Ok(Json(payment_settings(&state, stored)))
}

/// Change how payments are taken.
#[utoipa::path(
    put, path = "/admin/settings/payments", tag = "admin", operation_id = "admin_set_payments",
    security(("bearer" = [])), request_body = PaymentSettingsUpdate,
    responses(
        (status = 200, body = PaymentSettings), (status = 400, body = ErrorBody),
        (status = 401, body = ErrorBody), (status = 403, body = ErrorBody),
        (status = 409, description = "`secret_key_missing`: the server has no key to keep secrets", body = ErrorBody)
    )
)]
async fn admin_set_payments(
    State(state): State<AppState>,
    AdminActor(caller): AdminActor,
    ApiJson(body): ApiJson<PaymentSettingsUpdate>,
) -> ApiResult<Json<PaymentSettings>> {
    let draft = PaymentsDraft {
        source: body.source,
        mode: body.mode,
        merchant_id: body.merchant_id,
        merchant_key: body.merchant_key,
        passphrase: body.passphrase,
        itn_sources: body.itn_sources,
    };
    let saved =
        payment_settings::set_payments(&state.db, &state.payments, &actor(&caller), &draft).await?;
    Ok(Json(payment_settings(&state, saved)))
}

/// Sign a R10.00 test form with the payment settings in force.
#[utoipa::path(
    post, path = "/admin/settings/payments/check", tag = "admin", operation_id = "admin_check_payments",
    security(("bearer" = [])),
    responses(
        (status = 200, body = PaymentCheck), (status = 401, body = ErrorBody),
        (status = 403, body = ErrorBody)
    )
)]
async fn admin_check_payments(
    State(state): State<AppState>,
    AdminActor(caller): AdminActor,
) -> ApiResult<Json<PaymentCheck>> {
    let c = payment_settings::check(
        &state.db,
        &state.payments,
        &actor(&caller),
        &state.config.public_url,
    )
    .await?;
    Ok(Json(PaymentCheck {
        mode: c.mode,
        process_url: c.process_url,
        fields: c
            .fields
            .into_iter()
            .map(|(name, value)| PaymentCheckField { name, value })
            .collect(),
        signature: c.signature,
        problems: c.problems,
    }))
}
