//! The `/auth/v1` endpoints.

use std::net::SocketAddr;

use axum::Json;
use axum::body::Bytes;
use axum::extract::{ConnectInfo, Query, State};
use axum::http::request::Parts;
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};
use bazaar_db::DbError;
use bazaar_db::accounts::{self, NewUser, OneTimeToken};
use chrono::Utc;
use serde::Deserialize;
use serde_json::{Value, json};

use super::extract::authenticate;
use super::mail::{self, Email};
use super::user_json::user_json;
use super::{AuthError, session};
use crate::AppState;

type AuthResult<T> = Result<T, AuthError>;

/// The caller's address as the connection reports it (no proxy headers are trusted).
pub struct ClientIp(pub String);

impl axum::extract::FromRequestParts<AppState> for ClientIp {
    type Rejection = std::convert::Infallible;

    async fn from_request_parts(parts: &mut Parts, _: &AppState) -> Result<Self, Self::Rejection> {
        let ip = parts
            .extensions
            .get::<ConnectInfo<SocketAddr>>()
            .map(|c| c.0.ip().to_string());
        Ok(ClientIp(ip.unwrap_or_else(|| "unknown".into())))
    }
}

fn limit(state: &AppState, kind: &str, key: &str, max: u32) -> AuthResult<()> {
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
fn parse_email(raw: Option<&str>) -> AuthResult<String> {
    let email = raw.map(str::trim).unwrap_or_default().to_lowercase();
    let valid = email.len() <= 254
        && !email.chars().any(char::is_whitespace)
        && match email.split_once('@') {
            Some((local, domain)) => {
                !local.is_empty()
                    && domain.contains('.')
                    && !domain.starts_with('.')
                    && !domain.ends_with('.')
                    && !domain.contains('@')
            }
            None => false,
        };
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

fn check_password(password: Option<&str>) -> AuthResult<String> {
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

async fn hash_password(password: String) -> AuthResult<String> {
    tokio::task::spawn_blocking(move || bazaar_auth::password::hash(&password))
        .await
        .map_err(AuthError::internal)
}

async fn verify_password(password: String, stored: Option<String>) -> AuthResult<bool> {
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
    redirect_to: Option<String>,
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

fn link(state: &AppState, token: &str, kind: &str, redirect: &str) -> String {
    let enc = bazaar_auth::url::encode;
    format!(
        "{}/auth/v1/verify?token={token}&type={kind}&redirect_to={}",
        state.config.public_url,
        enc(redirect)
    )
}

/// `POST /signup`
pub async fn signup(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    Query(query): Query<RedirectQuery>,
    body: Bytes,
) -> AuthResult<Response> {
    let limits = state.auth.config.rate_limits;
    limit(&state, "signup-ip", &ip, limits.sign_up)?;
    let body = body_json(&body)?;
    let email = parse_email(text(&body, "email"))?;
    let mut metadata = match body.get("data") {
        Some(Value::Object(m)) => Value::Object(m.clone()),
        _ => json!({}),
    };
    let full_name = metadata
        .get("full_name")
        .and_then(Value::as_str)
        .map(str::trim)
        .unwrap_or_default()
        .to_owned();
    if full_name.is_empty() {
        return Err(AuthError::validation("Please enter your full name")
            .with_status(StatusCode::BAD_REQUEST));
    }
    if full_name.chars().count() > 200 {
        return Err(
            AuthError::validation("Full name must be at most 200 characters")
                .with_status(StatusCode::BAD_REQUEST),
        );
    }
    metadata["full_name"] = json!(full_name);
    let password = check_password(text(&body, "password"))?;
    limit(&state, "signup-email", &email, limits.sign_up)?;
    let password_hash = hash_password(password).await?;

    let autoconfirm = state.auth.config.autoconfirm;
    let confirmation = (!autoconfirm).then(bazaar_auth::token::generate);
    let now = Utc::now();
    let mut tx = state.db.begin().await?;
    let new = NewUser {
        email: email.clone(),
        password_hash: Some(password_hash),
        full_name: full_name.clone(),
        user_metadata: metadata.clone(),
        app_metadata: json!({"provider": "email", "providers": ["email"]}),
        role: "customer".into(),
        confirmed: autoconfirm,
        confirmation_token_hash: confirmation.as_deref().map(bazaar_auth::token::digest),
    };
    let id = match accounts::create_user(&mut tx, &new, now).await {
        Ok(id) => id,
        Err(DbError::Conflict(_)) => {
            tx.rollback().await?;
            if autoconfirm {
                return Err(AuthError::new(
                    StatusCode::UNPROCESSABLE_ENTITY,
                    "user_already_exists",
                    "User already registered",
                ));
            }
            // With confirmation on, a taken address looks like a fresh sign-up.
            return Ok(Json(fake_user(&email, &metadata, now)).into_response());
        }
        Err(e) => return Err(e.into()),
    };
    let user = accounts::user_by_id_in(&mut tx, id)
        .await?
        .ok_or_else(|| AuthError::internal("user vanished"))?;
    if autoconfirm {
        let session = session::start(&state, &mut tx, &user, "password", now).await?;
        tx.commit().await?;
        return Ok(Json(session).into_response());
    }
    tx.commit().await?;
    let redirect = safe_redirect(
        &state,
        query
            .redirect_to
            .as_deref()
            .or_else(|| text(&body, "redirect_to")),
    );
    let token = confirmation.unwrap_or_default();
    let mail = Email {
        to: &email,
        subject: "Confirm your bazaar account",
        body: format!(
            "Hello {full_name},\n\nConfirm your email address to finish creating your bazaar account:\n\n{}\n\nIf you did not sign up, ignore this message.",
            link(&state, &token, "signup", &redirect)
        ),
    };
    mail::send(&state.auth.config.outbox_dir, &mail).map_err(AuthError::internal)?;
    Ok(Json(user_json(&user)).into_response())
}

fn fake_user(email: &str, metadata: &Value, now: chrono::DateTime<Utc>) -> Value {
    json!({
        "id": uuid::Uuid::now_v7().to_string(), "aud": "authenticated", "role": "authenticated",
        "email": email, "phone": "", "confirmation_sent_at": now,
        "app_metadata": {"provider": "email", "providers": ["email"]}, "user_metadata": metadata,
        "identities": [], "created_at": now, "updated_at": now, "is_anonymous": false,
    })
}

#[derive(Debug, Deserialize)]
pub struct GrantQuery {
    grant_type: Option<String>,
}

/// `POST /token?grant_type=password|refresh_token`
pub async fn token(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    Query(query): Query<GrantQuery>,
    body: Bytes,
) -> AuthResult<Json<Value>> {
    let body = body_json(&body)?;
    match query.grant_type.as_deref() {
        Some("password") => password_grant(&state, &ip, &body).await,
        Some("refresh_token") => refresh_grant(&state, &body).await,
        _ => {
            Err(AuthError::validation("unsupported_grant_type")
                .with_status(StatusCode::BAD_REQUEST))
        }
    }
}

async fn password_grant(state: &AppState, ip: &str, body: &Value) -> AuthResult<Json<Value>> {
    let limits = state.auth.config.rate_limits;
    limit(state, "signin-ip", ip, limits.sign_in)?;
    let email = text(body, "email")
        .map(str::trim)
        .unwrap_or_default()
        .to_lowercase();
    let password = text(body, "password").unwrap_or_default().to_owned();
    if email.is_empty() || password.is_empty() {
        return Err(AuthError::invalid_credentials());
    }
    limit(state, "signin-email", &email, limits.sign_in)?;
    let user = accounts::user_by_email(&state.db, &email).await?;
    let stored = user.as_ref().and_then(|u| u.encrypted_password.clone());
    // An unknown email costs the same time and gets the same answer as a wrong password.
    if !verify_password(password, stored).await? {
        return Err(AuthError::invalid_credentials());
    }
    let user = user.ok_or_else(AuthError::invalid_credentials)?;
    if user.email_confirmed_at.is_none() {
        return Err(AuthError::new(
            StatusCode::BAD_REQUEST,
            "email_not_confirmed",
            "Email not confirmed",
        ));
    }
    let now = Utc::now();
    let mut tx = state.db.begin().await?;
    let session = session::start(state, &mut tx, &user, "password", now).await?;
    tx.commit().await?;
    Ok(Json(session))
}

async fn refresh_grant(state: &AppState, body: &Value) -> AuthResult<Json<Value>> {
    let presented = text(body, "refresh_token").unwrap_or_default();
    let not_found = || {
        AuthError::new(
            StatusCode::BAD_REQUEST,
            "refresh_token_not_found",
            "Invalid Refresh Token: Refresh Token Not Found",
        )
    };
    if presented.is_empty() {
        return Err(not_found());
    }
    let now = Utc::now();
    let mut tx = state.db.begin().await?;
    let Some(row) =
        accounts::refresh_token(&mut tx, &bazaar_auth::token::digest(presented)).await?
    else {
        tx.rollback().await?;
        return Err(not_found());
    };
    // A used token presented again means it leaked or was copied: end the whole session.
    if row.revoked || !accounts::revoke_refresh_token(&mut tx, row.id, now).await? {
        accounts::delete_session(&mut tx, row.session_id).await?;
        tx.commit().await?;
        tracing::warn!(session.id = %row.session_id, "refresh token reused; session ended");
        return Err(AuthError::new(
            StatusCode::BAD_REQUEST,
            "refresh_token_already_used",
            "Invalid Refresh Token: Already Used",
        ));
    }
    let session = accounts::session_in(&mut tx, row.session_id)
        .await?
        .ok_or_else(not_found)?;
    let user = accounts::user_by_id_in(&mut tx, row.user_id)
        .await?
        .ok_or_else(not_found)?;
    let out = session::continue_session(
        state,
        &mut tx,
        &user,
        session.id,
        &session.aal,
        &session.amr.0,
        now,
    )
    .await?;
    tx.commit().await?;
    Ok(Json(out))
}

#[derive(Debug, Deserialize)]
pub struct LogoutQuery {
    scope: Option<String>,
}

/// `POST /logout?scope=global|local|others`
pub async fn logout(
    State(state): State<AppState>,
    Query(query): Query<LogoutQuery>,
    parts: Parts,
) -> AuthResult<StatusCode> {
    let caller = authenticate(&parts, &state).await?;
    let mut tx = state.db.begin().await?;
    match query.scope.as_deref().unwrap_or("global") {
        "global" => accounts::delete_user_sessions(&mut tx, caller.id, None).await?,
        "local" => accounts::delete_session(&mut tx, caller.session_id).await?,
        "others" => {
            accounts::delete_user_sessions(&mut tx, caller.id, Some(caller.session_id)).await?
        }
        other => {
            return Err(
                AuthError::validation(format!("Unsupported logout scope {other:?}"))
                    .with_status(StatusCode::BAD_REQUEST),
            );
        }
    }
    tx.commit().await?;
    Ok(StatusCode::NO_CONTENT)
}

/// `GET /user`
pub async fn get_user(State(state): State<AppState>, parts: Parts) -> AuthResult<Json<Value>> {
    let caller = authenticate(&parts, &state).await?;
    user_with_factors(&state, caller.id).await.map(Json)
}

/// The user object with its second factors, as `GET /user` returns it.
async fn user_with_factors(state: &AppState, id: uuid::Uuid) -> AuthResult<Value> {
    let user = accounts::user_by_id(&state.db, id)
        .await?
        .ok_or_else(AuthError::session_not_found)?;
    let mut out = user_json(&user);
    let factors = accounts::factors_of(&state.db, id).await?;
    out["factors"] = Value::Array(factors.iter().map(super::mfa::factor_json).collect());
    Ok(out)
}

/// `PUT /user`: a new password and/or user metadata (merged into what is stored).
pub async fn update_user(
    State(state): State<AppState>,
    parts: Parts,
    body: Bytes,
) -> AuthResult<Json<Value>> {
    let caller = authenticate(&parts, &state).await?;
    let body = body_json(&body)?;
    let user = accounts::user_by_id(&state.db, caller.id)
        .await?
        .ok_or_else(AuthError::session_not_found)?;
    if let Some(email) = text(&body, "email")
        && email.trim().to_lowercase() != user.email
    {
        return Err(AuthError::validation(
            "Changing the email address is not supported yet",
        ));
    }
    let password_hash = match body.get("password") {
        None | Some(Value::Null) => None,
        Some(p) => {
            let new = check_password(p.as_str())?;
            if verify_password(new.clone(), user.encrypted_password.clone()).await? {
                return Err(AuthError::new(
                    StatusCode::UNPROCESSABLE_ENTITY,
                    "same_password",
                    "New password should be different from the old password.",
                ));
            }
            Some(hash_password(new).await?)
        }
    };
    let metadata = match body.get("data") {
        Some(Value::Object(changes)) => {
            let mut merged = user.raw_user_meta_data.0.clone();
            if !merged.is_object() {
                merged = json!({});
            }
            for (k, v) in changes {
                merged[k] = v.clone();
            }
            if let Some(name) = merged.get("full_name") {
                let name = name.as_str().map(str::trim).unwrap_or_default().to_owned();
                if name.is_empty() {
                    return Err(AuthError::validation("Please enter your full name")
                        .with_status(StatusCode::BAD_REQUEST));
                }
                merged["full_name"] = json!(name);
            }
            Some(merged)
        }
        None | Some(Value::Null) => None,
        Some(_) => return Err(AuthError::bad_json("data must be an object")),
    };
    let now = Utc::now();
    let mut tx = state.db.begin().await?;
    accounts::update_user(
        &mut tx,
        caller.id,
        password_hash.as_deref(),
        metadata.as_ref(),
        now,
    )
    .await?;
    tx.commit().await?;
    user_with_factors(&state, caller.id).await.map(Json)
}

/// `POST /recover`: always `{}`, so nobody learns which addresses have accounts.
pub async fn recover(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    Query(query): Query<RedirectQuery>,
    body: Bytes,
) -> AuthResult<Json<Value>> {
    let limits = state.auth.config.rate_limits;
    limit(&state, "recover-ip", &ip, limits.recover)?;
    let body = body_json(&body)?;
    let email = parse_email(text(&body, "email"))?;
    limit(&state, "recover-email", &email, limits.recover)?;
    if let Some(user) = accounts::user_by_email(&state.db, &email).await? {
        let token = bazaar_auth::token::generate();
        let mut tx = state.db.begin().await?;
        accounts::set_one_time_token(
            &mut tx,
            user.id,
            OneTimeToken::Recovery,
            &bazaar_auth::token::digest(&token),
            Utc::now(),
        )
        .await?;
        tx.commit().await?;
        let redirect = safe_redirect(
            &state,
            query
                .redirect_to
                .as_deref()
                .or_else(|| text(&body, "redirect_to")),
        );
        let mail = Email {
            to: &user.email,
            subject: "Reset your bazaar password",
            body: format!(
                "Someone asked to reset the password of your bazaar account.\n\nFollow this link to sign in and choose a new password:\n\n{}\n\nIf it was not you, ignore this message.",
                link(&state, &token, "recovery", &redirect)
            ),
        };
        mail::send(&state.auth.config.outbox_dir, &mail).map_err(AuthError::internal)?;
    }
    Ok(Json(json!({})))
}

fn token_kind(kind: Option<&str>) -> Option<OneTimeToken> {
    match kind? {
        "signup" | "email" => Some(OneTimeToken::Confirmation),
        "recovery" => Some(OneTimeToken::Recovery),
        _ => None,
    }
}

async fn use_link(state: &AppState, kind: OneTimeToken, token: &str) -> AuthResult<Option<Value>> {
    let now = Utc::now();
    let not_before =
        now - chrono::Duration::from_std(state.auth.config.link_ttl).unwrap_or_default();
    let mut tx = state.db.begin().await?;
    let Some(id) = accounts::consume_one_time_token(
        &mut tx,
        kind,
        &bazaar_auth::token::digest(token),
        not_before,
        now,
    )
    .await?
    else {
        tx.rollback().await?;
        return Ok(None);
    };
    let user = accounts::user_by_id_in(&mut tx, id)
        .await?
        .ok_or_else(|| AuthError::internal("user vanished"))?;
    let session = session::start(state, &mut tx, &user, "otp", now).await?;
    tx.commit().await?;
    Ok(Some(session))
}

#[derive(Debug, Deserialize)]
pub struct VerifyQuery {
    token: Option<String>,
    #[serde(rename = "type")]
    kind: Option<String>,
    redirect_to: Option<String>,
}

/// `GET /verify`: the link in an email. Redirects to the site with the session (or the
/// error) in the URL fragment, as GoTrue does.
pub async fn verify_link(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    Query(q): Query<VerifyQuery>,
) -> Response {
    let redirect = safe_redirect(&state, q.redirect_to.as_deref());
    if let Err(e) = limit(
        &state,
        "verify-ip",
        &ip,
        state.auth.config.rate_limits.verify,
    ) {
        return e.into_response();
    }
    let outcome = match (token_kind(q.kind.as_deref()), q.token.as_deref()) {
        (Some(kind), Some(token)) if !token.is_empty() => use_link(&state, kind, token).await,
        _ => Ok(None),
    };
    let fragment = match outcome {
        Ok(Some(s)) => format!(
            "access_token={}&expires_at={}&expires_in={}&refresh_token={}&token_type=bearer&type={}",
            s["access_token"].as_str().unwrap_or_default(),
            s["expires_at"],
            s["expires_in"],
            s["refresh_token"].as_str().unwrap_or_default(),
            q.kind.as_deref().unwrap_or("signup"),
        ),
        Ok(None) => "error=access_denied&error_code=otp_expired&error_description=Email+link+is+invalid+or+has+expired".into(),
        Err(e) => return e.into_response(),
    };
    (
        StatusCode::SEE_OTHER,
        [(header::LOCATION, format!("{redirect}#{fragment}"))],
    )
        .into_response()
}

/// `POST /verify` with `{type, token_hash}` (or `token`): the session as JSON.
pub async fn verify_token(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    body: Bytes,
) -> AuthResult<Json<Value>> {
    limit(
        &state,
        "verify-ip",
        &ip,
        state.auth.config.rate_limits.verify,
    )?;
    let body = body_json(&body)?;
    let kind = token_kind(text(&body, "type")).ok_or_else(|| {
        AuthError::validation("Unsupported verification type").with_status(StatusCode::BAD_REQUEST)
    })?;
    let token = text(&body, "token_hash")
        .or_else(|| text(&body, "token"))
        .unwrap_or_default();
    match use_link(&state, kind, token).await? {
        Some(session) if !token.is_empty() => Ok(Json(session)),
        _ => Err(AuthError::new(
            StatusCode::FORBIDDEN,
            "otp_expired",
            "Token has expired or is invalid",
        )),
    }
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
        "external": {"email": true, "phone": false, "google": false},
        "disable_signup": false,
        "mailer_autoconfirm": state.auth.config.autoconfirm,
        "phone_autoconfirm": false,
        "sms_provider": "",
        "saml_enabled": false,
    }))
}

pub async fn not_found() -> AuthError {
    AuthError::new(StatusCode::NOT_FOUND, "not_found", "Not found")
}
