//! Loyalty points (SPEC.md §3, §5, §7–9): the balance (created at zero on first read),
//! the history newest first, and redeeming a code.

use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use axum::http::request::Parts;
use bazaar_db::points::{self, Balance, Redeemed, Transaction};
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;
use uuid::Uuid;

use crate::auth::AuthUser;
use crate::error::ErrorBody;
use crate::extract::{ApiJson, ApiQuery};
use crate::{ApiError, ApiResult, AppState};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(get_points))
        .routes(routes!(list_transactions))
        .routes(routes!(redeem_code))
}

pub const LOGIN_TO_REDEEM: &str = "Please log in to redeem codes";
pub const ENTER_A_CODE: &str = "Please enter a code";

#[derive(Debug, Serialize, ToSchema)]
pub struct PointsBalance {
    pub current_balance: i64,
    pub lifetime_earned: i64,
    pub lifetime_spent: i64,
    /// What the balance is worth at 10 points = R1.
    pub value_cents: i64,
}

impl From<Balance> for PointsBalance {
    fn from(b: Balance) -> Self {
        Self {
            value_cents: b.current_balance * bazaar_domain::checkout::CENTS_PER_POINT,
            current_balance: b.current_balance,
            lifetime_earned: b.lifetime_earned,
            lifetime_spent: b.lifetime_spent,
        }
    }
}

#[derive(Debug, Serialize, ToSchema)]
pub struct PointsResponse {
    pub points: PointsBalance,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct PointsTransaction {
    pub id: Uuid,
    /// earned, spent or refunded.
    pub transaction_type: String,
    pub points_amount: i64,
    pub description: String,
    pub order_id: Option<Uuid>,
    pub created_at: DateTime<Utc>,
}

impl From<Transaction> for PointsTransaction {
    fn from(t: Transaction) -> Self {
        Self {
            id: t.id,
            transaction_type: t.transaction_type,
            points_amount: t.points_amount,
            description: t.description,
            order_id: t.order_id,
            created_at: t.created_at,
        }
    }
}

#[derive(Debug, Serialize, ToSchema)]
pub struct PointsTransactions {
    pub transactions: Vec<PointsTransaction>,
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct TransactionsQuery {
    /// How many (1–100, default 20).
    pub limit: Option<i64>,
}

/// The caller's points balance.
#[utoipa::path(
    get, path = "/points", tag = "points", operation_id = "get_points",
    security(("bearer" = [])),
    responses((status = 200, body = PointsResponse), (status = 401, body = ErrorBody))
)]
async fn get_points(
    State(state): State<AppState>,
    user: AuthUser,
) -> ApiResult<Json<PointsResponse>> {
    Ok(Json(PointsResponse {
        points: points::balance(&state.db, user.id).await?.into(),
    }))
}

/// The caller's points history, newest first.
#[utoipa::path(
    get, path = "/points/transactions", tag = "points", operation_id = "list_points_transactions",
    security(("bearer" = [])),
    params(TransactionsQuery),
    responses((status = 200, body = PointsTransactions), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody))
)]
async fn list_transactions(
    State(state): State<AppState>,
    user: AuthUser,
    ApiQuery(q): ApiQuery<TransactionsQuery>,
) -> ApiResult<Json<PointsTransactions>> {
    let limit = q.limit.unwrap_or(points::DEFAULT_LIMIT);
    if !(1..=100).contains(&limit) {
        return Err(ApiError::bad_field(
            "limit",
            "limit must be between 1 and 100",
        ));
    }
    let list = points::transactions(&state.db, user.id, limit).await?;
    Ok(Json(PointsTransactions {
        transactions: list.into_iter().map(PointsTransaction::from).collect(),
    }))
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct RedeemRequest {
    #[serde(default)]
    pub code: String,
}

/// SPEC.md §7's result of `redeem_points_code`.
#[derive(Debug, Serialize, ToSchema)]
pub struct RedeemResult {
    pub success: bool,
    pub points_awarded: i64,
    pub error: Option<String>,
    /// "Successfully redeemed {N} points!" on success.
    pub message: Option<String>,
}

impl RedeemResult {
    fn failed(error: &str) -> Self {
        Self {
            success: false,
            points_awarded: 0,
            error: Some(error.to_owned()),
            message: None,
        }
    }
}

/// What a 400 from redeeming carries: a refused code in the result shape (SPEC.md §7), or a
/// request that is not of the documented form in the error envelope.
#[derive(Serialize, ToSchema)]
#[serde(untagged)]
#[expect(dead_code, reason = "documents the two shapes of a 400; never built")]
enum RedeemRefused {
    Refused(RedeemResult),
    Malformed(ErrorBody),
}

/// The redeemer, or SPEC.md's "Please log in to redeem codes" in the result shape.
pub struct Redeemer(AuthUser);

impl axum::extract::FromRequestParts<AppState> for Redeemer {
    type Rejection = (StatusCode, Json<RedeemResult>);

    async fn from_request_parts(
        parts: &mut Parts,
        state: &AppState,
    ) -> Result<Self, Self::Rejection> {
        AuthUser::from_request_parts(parts, state)
            .await
            .map(Redeemer)
            .map_err(|_| {
                (
                    StatusCode::UNAUTHORIZED,
                    Json(RedeemResult::failed(LOGIN_TO_REDEEM)),
                )
            })
    }
}

/// Redeem a points code: upper-cased, at most 12 characters, once per customer (a code of
/// an admin's batch once in all), until it expires.
#[utoipa::path(
    post, path = "/points/redeem", tag = "points", operation_id = "redeem_points_code",
    security(("bearer" = [])),
    request_body = RedeemRequest,
    responses(
        (status = 200, description = "Redeemed", body = RedeemResult),
        (status = 400, description = "Empty, too long, unknown, expired or already used (a result), or a malformed request (the error envelope)", body = RedeemRefused),
        (status = 401, description = "Please log in to redeem codes", body = RedeemResult),
        (status = 429, description = "Too many attempts by this customer; see Retry-After", body = ErrorBody)
    )
)]
async fn redeem_code(
    State(state): State<AppState>,
    Redeemer(user): Redeemer,
    ApiJson(body): ApiJson<RedeemRequest>,
) -> ApiResult<(StatusCode, Json<RedeemResult>)> {
    let limits = crate::site_rules::limits(&state);
    state.limit(
        &format!("redeem-user:{}", user.id),
        limits.per_window.redeem,
        limits.window,
        "Too many code attempts; try again later",
    )?;
    let code = body.code.trim().to_uppercase();
    let refuse = |m: &str| Ok((StatusCode::BAD_REQUEST, Json(RedeemResult::failed(m))));
    if code.is_empty() {
        return refuse(ENTER_A_CODE);
    }
    if code.chars().count() > points::CODE_MAX_LEN {
        return refuse("Codes are at most 12 characters");
    }
    let mut tx = state.db.begin().await?;
    let outcome = points::redeem(&mut tx, user.id, &code).await?;
    tx.commit().await?;
    match outcome {
        Redeemed::Awarded(n) => Ok((
            StatusCode::OK,
            Json(RedeemResult {
                success: true,
                points_awarded: n,
                error: None,
                message: Some(format!("Successfully redeemed {n} points!")),
            }),
        )),
        Redeemed::Invalid => refuse("Invalid code"),
        Redeemed::Expired => refuse("This code has expired"),
        Redeemed::AlreadyUsed => refuse("You have already redeemed this code"),
        Redeemed::Taken => refuse("This code has already been used"),
        Redeemed::Disabled => refuse("This code is no longer valid"),
    }
}
