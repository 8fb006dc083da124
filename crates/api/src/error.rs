//! The one error type at the edge, rendered as
//! `{"error": {"code": "snake_case", "message": "…", "fields": {…}}}`.

use std::collections::BTreeMap;

use axum::Json;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use bazaar_db::DbError;
use serde::Serialize;
use utoipa::ToSchema;

pub type ApiResult<T> = Result<T, ApiError>;

#[derive(Debug, thiserror::Error)]
pub enum ApiError {
    #[error("{message}")]
    BadRequest {
        message: String,
        fields: BTreeMap<String, String>,
    },
    #[error("{0}")]
    Unauthorized(String),
    #[error("{0}")]
    Forbidden(String),
    #[error("{0}")]
    NotFound(String),
    #[error("{0}")]
    Conflict(String),
    #[error("{0}")]
    RateLimited(String),
    #[error("{0}")]
    Unavailable(String),
    /// A broken business rule with the title and message SPEC.md gives for it (e.g.
    /// "Purchase Limit Reached" / "You can only own 2 of this digital product").
    #[error("{message}")]
    Rule {
        status: StatusCode,
        code: &'static str,
        title: &'static str,
        message: String,
    },
    #[error("internal error: {0}")]
    Internal(String),
}

impl ApiError {
    pub fn bad_request(message: impl Into<String>) -> Self {
        ApiError::BadRequest {
            message: message.into(),
            fields: BTreeMap::new(),
        }
    }

    /// A 400 naming the offending parameter.
    pub fn bad_field(field: &str, message: impl Into<String>) -> Self {
        let message = message.into();
        ApiError::BadRequest {
            fields: BTreeMap::from([(field.to_owned(), message.clone())]),
            message,
        }
    }

    pub fn rule(
        status: StatusCode,
        code: &'static str,
        title: &'static str,
        message: impl Into<String>,
    ) -> Self {
        ApiError::Rule {
            status,
            code,
            title,
            message: message.into(),
        }
    }

    pub fn status(&self) -> StatusCode {
        match self {
            ApiError::Rule { status, .. } => *status,
            ApiError::BadRequest { .. } => StatusCode::BAD_REQUEST,
            ApiError::Unauthorized(_) => StatusCode::UNAUTHORIZED,
            ApiError::Forbidden(_) => StatusCode::FORBIDDEN,
            ApiError::NotFound(_) => StatusCode::NOT_FOUND,
            ApiError::Conflict(_) => StatusCode::CONFLICT,
            ApiError::RateLimited(_) => StatusCode::TOO_MANY_REQUESTS,
            ApiError::Unavailable(_) => StatusCode::SERVICE_UNAVAILABLE,
            ApiError::Internal(_) => StatusCode::INTERNAL_SERVER_ERROR,
        }
    }

    fn code(&self) -> &'static str {
        match self {
            ApiError::Rule { code, .. } => code,
            ApiError::BadRequest { .. } => "bad_request",
            ApiError::Unauthorized(_) => "unauthorized",
            ApiError::Forbidden(_) => "forbidden",
            ApiError::NotFound(_) => "not_found",
            ApiError::Conflict(_) => "conflict",
            ApiError::RateLimited(_) => "rate_limited",
            ApiError::Unavailable(_) => "unavailable",
            ApiError::Internal(_) => "internal",
        }
    }
}

impl From<DbError> for ApiError {
    fn from(e: DbError) -> Self {
        match e {
            DbError::NotFound => ApiError::NotFound("Not found".into()),
            DbError::Conflict(m) => ApiError::Conflict(m),
            other => ApiError::Internal(other.to_string()),
        }
    }
}

/// The error body every failing call returns.
#[derive(Debug, Serialize, ToSchema)]
pub struct ErrorBody {
    pub error: ErrorDetail,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct ErrorDetail {
    /// Stable machine-readable code, e.g. `not_found`.
    pub code: String,
    /// A sentence for people.
    pub message: String,
    /// A short heading for the message, when the rule has one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub title: Option<String>,
    /// Per-field messages, when a field is at fault.
    #[serde(skip_serializing_if = "BTreeMap::is_empty")]
    pub fields: BTreeMap<String, String>,
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let status = self.status();
        let code = self.code().to_owned();
        let message = match &self {
            // Internal details are logged once here and never sent to the client.
            ApiError::Internal(detail) => {
                tracing::error!(error.detail = %detail, "request failed");
                "Something went wrong on our side. Please try again.".to_owned()
            }
            other => other.to_string(),
        };
        let title = match &self {
            ApiError::Rule { title, .. } => Some((*title).to_owned()),
            _ => None,
        };
        let fields = match self {
            ApiError::BadRequest { fields, .. } => fields,
            _ => BTreeMap::new(),
        };
        (
            status,
            Json(ErrorBody {
                error: ErrorDetail {
                    code,
                    message,
                    title,
                    fields,
                },
            }),
        )
            .into_response()
    }
}
