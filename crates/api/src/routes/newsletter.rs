//! `POST /api/v1/newsletter`: the home page's newsletter box. Idempotent: subscribing
//! twice keeps one subscription.

use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::error::ErrorBody;
use crate::{ApiError, ApiResult, AppState};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(subscribe))
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct SubscribeInput {
    pub email: Option<String>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct Subscribed {
    pub subscribed: bool,
    pub message: String,
}

/// Subscribe an email address to the newsletter.
#[utoipa::path(
    post, path = "/newsletter", tag = "newsletter", operation_id = "subscribe_newsletter",
    request_body = SubscribeInput,
    responses(
        (status = 201, body = Subscribed, description = "Subscribed"),
        (status = 200, body = Subscribed, description = "Already subscribed"),
        (status = 400, body = ErrorBody)
    )
)]
async fn subscribe(
    State(state): State<AppState>,
    body: axum::body::Bytes,
) -> ApiResult<(StatusCode, Json<Subscribed>)> {
    let input: SubscribeInput = serde_json::from_slice(&body)
        .map_err(|_| ApiError::bad_request("Send a JSON body with an email"))?;
    let email = input.email.unwrap_or_default().trim().to_lowercase();
    if email.is_empty() {
        return Err(ApiError::bad_field("email", "Email is required"));
    }
    if !bazaar_domain::text::plausible_email(&email) {
        return Err(ApiError::bad_field(
            "email",
            "Please enter a valid email address",
        ));
    }
    let new = bazaar_db::newsletter::subscribe(&state.db, &email, "home").await?;
    Ok((
        if new {
            StatusCode::CREATED
        } else {
            StatusCode::OK
        },
        Json(Subscribed {
            subscribed: true,
            message: "Success! You've been subscribed to our newsletter.".into(),
        }),
    ))
}
