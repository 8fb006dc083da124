//! Helpers shared by the `/auth/v1` endpoints, and the small ones: keys, settings, 404.

use axum::Json;
use axum::body::Bytes;
use axum::extract::State;
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};
use serde::Deserialize;
use serde_json::{Value, json};

use super::AuthError;
use crate::AppState;
pub(super) use crate::client_addr::ClientIp;

pub(super) type AuthResult<T> = Result<T, AuthError>;

pub(super) fn limit(state: &AppState, kind: &str, key: &str, max: u32) -> AuthResult<()> {
    let window = state.auth.config.rate_limits.window;
    state
        .auth
        .limiter
        .check(&format!("{kind}:{key}"), max, window)
        .map_err(AuthError::rate_limited)
}

/// Bodies are parsed by hand: GoTrue clients send extra fields, nulls, and sometimes nothing.
pub(super) fn body_json(body: &Bytes) -> AuthResult<Value> {
    if body.iter().all(u8::is_ascii_whitespace) {
        return Ok(json!({}));
    }
    let value: Value = serde_json::from_slice(body)
        .map_err(|e| AuthError::bad_json(format!("Could not parse request body as JSON: {e}")))?;
    if value.is_object() {
        Ok(value)
    } else {
        Err(AuthError::bad_json("Request body must be a JSON object"))
    }
}

pub(super) fn text<'a>(body: &'a Value, field: &str) -> Option<&'a str> {
    body.get(field).and_then(Value::as_str)
}

/// A lower-cased, plausible email address.
pub(super) fn parse_email(raw: Option<&str>) -> AuthResult<String> {
    let email = raw.map(str::trim).unwrap_or_default().to_lowercase();
    let valid = bazaar_domain::text::plausible_email(&email);
    if email.is_empty() {
        return Err(AuthError::validation("Anonymous sign-ins are disabled")
            .with_status(StatusCode::BAD_REQUEST));
    }
    if !valid {
        return Err(
            AuthError::validation("Unable to validate email address: invalid format")
                .with_status(StatusCode::BAD_REQUEST),
        );
    }
    Ok(email)
}

pub(super) fn check_password(password: Option<&str>) -> AuthResult<String> {
    match password {
        Some(p) if p.chars().count() >= 6 => Ok(p.to_owned()),
        _ => Err(AuthError {
            weak_password: true,
            ..AuthError::new(
                StatusCode::UNPROCESSABLE_ENTITY,
                "weak_password",
                "Password should be at least 6 characters.",
            )
        }),
    }
}

impl AuthError {
    pub(super) fn with_status(mut self, status: StatusCode) -> Self {
        self.status = status;
        self
    }
}

pub(super) async fn hash_password(password: String) -> AuthResult<String> {
    tokio::task::spawn_blocking(move || bazaar_auth::password::hash(&password))
        .await
        .map_err(AuthError::internal)
}

pub(super) async fn verify_password(password: String, stored: Option<String>) -> AuthResult<bool> {
    tokio::task::spawn_blocking(move || match stored {
        Some(hash) => bazaar_auth::password::verify(&password, &hash),
        None => {
            bazaar_auth::password::verify_nothing(&password);
            false
        }
    })
    .await
    .map_err(AuthError::internal)
}

#[derive(Debug, Deserialize, Default)]
pub struct RedirectQuery {
    pub(super) redirect_to: Option<String>,
}

/// Where links may send people: this site only (no open redirects). Defaults to the root.
pub(super) fn safe_redirect(state: &AppState, requested: Option<&str>) -> String {
    let base = &state.config.public_url;
    match requested.map(str::trim) {
        Some(r) if r == base || r.starts_with(&format!("{base}/")) => r.to_owned(),
        Some(r) if r.starts_with('/') && !r.starts_with("//") => format!("{base}{r}"),
        _ => format!("{base}/"),
    }
}

pub(super) fn link(state: &AppState, token: &str, kind: &str, redirect: &str) -> String {
    let enc = bazaar_auth::url::encode;
    format!(
        "{}/auth/v1/verify?token={token}&type={kind}&redirect_to={}",
        state.config.public_url,
        enc(redirect)
    )
}

/// `GET /.well-known/jwks.json`
pub async fn jwks(State(state): State<AppState>) -> Response {
    state.auth.keys.refresh_if_needed(&state.db, None).await;
    (
        [(header::CACHE_CONTROL, "public, max-age=300")],
        Json(state.auth.keys.jwks()),
    )
        .into_response()
}

/// `GET /settings`: what this server offers, as GoTrue reports it.
pub async fn settings(State(state): State<AppState>) -> Json<Value> {
    Json(json!({
        "external": {"email": true, "phone": false, "google": state.auth.config.google.is_some()},
        "disable_signup": !crate::site_rules::sign_up_open(&state).await.unwrap_or(true),
        "mailer_autoconfirm": state.auth.config.autoconfirm,
        "phone_autoconfirm": false,
        "sms_provider": "",
        "saml_enabled": false,
    }))
}

pub async fn not_found() -> AuthError {
    AuthError::new(StatusCode::NOT_FOUND, "not_found", "Not found")
}
