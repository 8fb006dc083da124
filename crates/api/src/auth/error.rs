//! Errors in GoTrue's shape for API version 2024-01-01 (`{"code": "invalid_credentials",
//! "message": "…"}`), with the legacy `error_code` and `msg` fields as well.

use axum::Json;
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use serde_json::json;

#[derive(Debug)]
pub struct AuthError {
    pub status: StatusCode,
    pub code: &'static str,
    pub message: String,
    pub retry_after: Option<u64>,
    pub weak_password: bool,
}

impl AuthError {
    pub fn new(status: StatusCode, code: &'static str, message: impl Into<String>) -> Self {
        Self {
            status,
            code,
            message: message.into(),
            retry_after: None,
            weak_password: false,
        }
    }

    pub fn validation(message: impl Into<String>) -> Self {
        Self::new(
            StatusCode::UNPROCESSABLE_ENTITY,
            "validation_failed",
            message,
        )
    }

    pub fn bad_json(message: impl Into<String>) -> Self {
        Self::new(StatusCode::BAD_REQUEST, "bad_json", message)
    }

    pub fn invalid_credentials() -> Self {
        Self::new(
            StatusCode::BAD_REQUEST,
            "invalid_credentials",
            "Invalid login credentials",
        )
    }

    pub fn no_authorization() -> Self {
        Self::new(
            StatusCode::UNAUTHORIZED,
            "no_authorization",
            "This endpoint requires a Bearer token",
        )
    }

    pub fn bad_jwt(message: impl Into<String>) -> Self {
        Self::new(StatusCode::FORBIDDEN, "bad_jwt", message)
    }

    pub fn session_not_found() -> Self {
        Self::new(
            StatusCode::FORBIDDEN,
            "session_not_found",
            "Session from session_id claim in JWT does not exist",
        )
    }

    pub fn rate_limited(retry_after: u64) -> Self {
        Self {
            retry_after: Some(retry_after),
            ..Self::new(
                StatusCode::TOO_MANY_REQUESTS,
                "over_request_rate_limit",
                "Request rate limit reached",
            )
        }
    }

    pub fn internal(detail: impl std::fmt::Display) -> Self {
        tracing::error!(error.detail = %detail, "auth request failed");
        Self::new(
            StatusCode::INTERNAL_SERVER_ERROR,
            "unexpected_failure",
            "Unexpected failure, please check server logs",
        )
    }
}

impl From<bazaar_db::DbError> for AuthError {
    fn from(e: bazaar_db::DbError) -> Self {
        if e.is_unavailable() {
            tracing::warn!(error.detail = %e, "database unreachable");
            return AuthError {
                retry_after: Some(crate::error::UNAVAILABLE_RETRY_AFTER),
                ..AuthError::new(
                    StatusCode::SERVICE_UNAVAILABLE,
                    "unexpected_failure",
                    crate::error::DATABASE_UNAVAILABLE,
                )
            };
        }
        AuthError::internal(e)
    }
}

/// Auth failures met by `/api/v1` handlers, in the API's envelope.
impl From<AuthError> for crate::ApiError {
    fn from(e: AuthError) -> Self {
        match e.status.as_u16() {
            401 | 403 => crate::ApiError::Unauthorized(e.message),
            503 => crate::ApiError::Unavailable(e.message),
            _ => crate::ApiError::Internal(e.message),
        }
    }
}

impl IntoResponse for AuthError {
    fn into_response(self) -> Response {
        // API version 2024-01-01 shape (`code`, `message`), with the legacy fields too.
        let mut body = json!({
            "code": self.code,
            "error_code": self.code,
            "message": self.message,
            "msg": self.message,
        });
        if self.weak_password {
            body["weak_password"] = json!({"reasons": ["length"]});
        }
        let mut resp = (self.status, Json(body)).into_response();
        if let Some(secs) = self.retry_after
            && let Ok(v) = HeaderValue::from_str(&secs.to_string())
        {
            resp.headers_mut().insert(header::RETRY_AFTER, v);
        }
        resp
    }
}
