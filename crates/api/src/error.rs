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

/// What a client hears while the database cannot be reached.
pub const DATABASE_UNAVAILABLE: &str =
    "The shop cannot reach its database right now. Please try again in a moment.";

/// Seconds a client is asked to wait after a 503: long enough for a load balancer to try
/// another process or for a restarting database to come back, short enough for people.
pub const UNAVAILABLE_RETRY_AFTER: u64 = 2;

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
    /// Too many requests; the client may try again after `retry_after` seconds.
    #[error("{message}")]
    RateLimited { message: String, retry_after: u64 },
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

    pub fn rate_limited(message: impl Into<String>, retry_after: u64) -> Self {
        ApiError::RateLimited {
            message: message.into(),
            retry_after,
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
            ApiError::RateLimited { .. } => StatusCode::TOO_MANY_REQUESTS,
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
            ApiError::RateLimited { .. } => "rate_limited",
            ApiError::Unavailable(_) => "unavailable",
            ApiError::Internal(_) => "internal",
        }
    }
}

/// A refused move of an order or part is a 409 saying why.
impl From<bazaar_commerce::flow::MoveError> for ApiError {
    fn from(e: bazaar_commerce::flow::MoveError) -> Self {
        match e {
            bazaar_commerce::flow::MoveError::Refused(r) => ApiError::Conflict(r.to_string()),
            bazaar_commerce::flow::MoveError::Db(e) => e.into(),
        }
    }
}

/// Payments cannot be taken as the settings say (a secret that cannot be opened, settings
/// PayFast would refuse): a 503 whose details stay in the log.
impl From<bazaar_commerce::payment_settings::GatewayError> for ApiError {
    fn from(e: bazaar_commerce::payment_settings::GatewayError) -> Self {
        match e {
            bazaar_commerce::payment_settings::GatewayError::Db(e) => e.into(),
            e => {
                tracing::error!(error.detail = %e, "payments cannot be taken as set");
                ApiError::Unavailable(
                    "Payments are unavailable: the payment settings cannot be used".into(),
                )
            }
        }
    }
}

/// The database's own words (constraint and table names) stay in the log: a client gets a
/// 409 or 400 with a plain sentence. Handlers that can name the field map the error first.
impl From<DbError> for ApiError {
    fn from(e: DbError) -> Self {
        use sqlx::error::ErrorKind;
        match e {
            DbError::NotFound => ApiError::NotFound("Not found".into()),
            e if e.is_unavailable() => {
                tracing::warn!(error.detail = %e, "database unreachable");
                ApiError::Unavailable(DATABASE_UNAVAILABLE.into())
            }
            DbError::Conflict(detail) => {
                tracing::info!(error.detail = %detail, "request conflicts with stored data");
                ApiError::Conflict("This conflicts with something that already exists".into())
            }
            DbError::Sqlx(sqlx::Error::Database(db))
                if matches!(
                    db.kind(),
                    ErrorKind::CheckViolation
                        | ErrorKind::ForeignKeyViolation
                        | ErrorKind::NotNullViolation
                ) =>
            {
                tracing::info!(error.detail = %db, "request refused by a database constraint");
                ApiError::bad_request("Some of the values given are not allowed")
            }
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
        let retry_after = match &self {
            ApiError::RateLimited { retry_after, .. } => Some(*retry_after),
            ApiError::Unavailable(_) => Some(UNAVAILABLE_RETRY_AFTER),
            _ => None,
        };
        let fields = match self {
            ApiError::BadRequest { fields, .. } => fields,
            _ => BTreeMap::new(),
        };
        let mut response = (
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
            .into_response();
        if let Some(secs) = retry_after {
            response
                .headers_mut()
                .insert(axum::http::header::RETRY_AFTER, secs.into());
        }
        response
    }
}

#[cfg(test)]
mod tests {
    use http_body_util::BodyExt;

    use super::*;

    async fn answer(e: ApiError) -> (StatusCode, String) {
        let r = e.into_response();
        let status = r.status();
        let body = r.into_body().collect().await.unwrap().to_bytes();
        (status, String::from_utf8_lossy(&body).into_owned())
    }

    #[tokio::test]
    async fn the_databases_own_words_never_reach_the_client() {
        let pool = sqlx::SqlitePool::connect("sqlite::memory:").await.unwrap();
        sqlx::query("CREATE TABLE secret_table (n INTEGER NOT NULL CHECK (n > 0))")
            .execute(&pool)
            .await
            .unwrap();
        for insert in [
            "INSERT INTO secret_table (n) VALUES (-1)",
            "INSERT INTO secret_table (n) VALUES (NULL)",
        ] {
            let err = sqlx::query(insert).execute(&pool).await.unwrap_err();
            let (status, body) = answer(DbError::Sqlx(err).into()).await;
            assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
            assert!(!body.contains("secret_table"), "{body}");
            assert!(body.contains("Some of the values given are not allowed"));
        }
        let conflict = DbError::Conflict("UNIQUE constraint failed: users.email".into());
        let (status, body) = answer(conflict.into()).await;
        assert_eq!(status, StatusCode::CONFLICT);
        assert!(!body.contains("users.email"), "{body}");
    }

    #[tokio::test]
    async fn an_unreachable_database_is_a_503_with_retry_after() {
        // Nothing listens on port 9 of this machine: connecting is refused.
        let options = bazaar_db::ConnectOptions {
            max_connections: Some(1),
            acquire_timeout: std::time::Duration::from_millis(300),
            startup_timeout: std::time::Duration::from_millis(300),
            ..bazaar_db::ConnectOptions::default()
        };
        let err = bazaar_db::Db::connect("postgres://nobody@127.0.0.1:9/none", &options)
            .await
            .unwrap_err();
        assert!(err.is_unavailable(), "{err}");
        let r = ApiError::from(err).into_response();
        assert_eq!(r.status(), StatusCode::SERVICE_UNAVAILABLE);
        assert_eq!(r.headers()[axum::http::header::RETRY_AFTER], "2");
        let body = r.into_body().collect().await.unwrap().to_bytes();
        let body = String::from_utf8_lossy(&body);
        assert!(body.contains(r#""code":"unavailable""#), "{body}");
        assert!(
            !body.contains("9/none") && !body.contains("refused"),
            "{body}"
        );
        // A query the database refused is not a reason to come back later.
        let pool = sqlx::SqlitePool::connect("sqlite::memory:").await.unwrap();
        let err = sqlx::query("SELECT * FROM missing")
            .execute(&pool)
            .await
            .unwrap_err();
        assert!(!DbError::Sqlx(err).is_unavailable());
    }

    #[tokio::test]
    async fn a_rate_limit_says_when_to_come_back() {
        let r = ApiError::rate_limited("Slow down", 42).into_response();
        assert_eq!(r.status(), StatusCode::TOO_MANY_REQUESTS);
        assert_eq!(r.headers()[axum::http::header::RETRY_AFTER], "42");
    }
}
