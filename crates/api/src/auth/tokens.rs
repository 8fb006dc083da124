//! Sessions: the password and refresh-token grants, sign-out, and the signed-in user.

use axum::Json;
use axum::body::Bytes;
use axum::extract::{Query, State};
use axum::http::StatusCode;
use axum::http::request::Parts;
use bazaar_db::accounts::{self};
use bazaar_domain::text::{FullName, check_user_metadata};
use chrono::Utc;
use serde::Deserialize;
use serde_json::{Value, json};

use super::extract::authenticate;
use super::handlers::{
    AuthResult, ClientIp, body_json, check_password, hash_password, limit, text, verify_password,
};
use super::user_json::user_json;
use super::{AuthError, session};
use crate::AppState;

#[derive(Debug, Deserialize)]
pub struct GrantQuery {
    grant_type: Option<String>,
}

/// `POST /token?grant_type=password|refresh_token`
pub async fn token(
    State(state): State<AppState>,
    client: ClientIp,
    Query(query): Query<GrantQuery>,
    body: Bytes,
) -> AuthResult<Json<Value>> {
    let body = body_json(&body)?;
    match query.grant_type.as_deref() {
        Some("password") => password_grant(&state, &client.key(), &body).await,
        Some("refresh_token") => refresh_grant(&state, &client.key(), &body).await,
        _ => {
            Err(AuthError::validation("unsupported_grant_type")
                .with_status(StatusCode::BAD_REQUEST))
        }
    }
}

async fn password_grant(state: &AppState, ip: &str, body: &Value) -> AuthResult<Json<Value>> {
    let limits = crate::site_rules::limits(state);
    limit(state, "signin-ip", ip, limits.per_window.sign_in)?;
    let email = text(body, "email")
        .map(str::trim)
        .unwrap_or_default()
        .to_lowercase();
    let password = text(body, "password").unwrap_or_default().to_owned();
    if email.is_empty() || password.is_empty() {
        return Err(AuthError::invalid_credentials());
    }
    limit(state, "signin-email", &email, limits.per_window.sign_in)?;
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
    session::refuse_suspended(&user)?;
    let now = Utc::now();
    let mut tx = state.db.begin().await?;
    let session = session::start(state, &mut tx, &user, "password", now).await?;
    tx.commit().await?;
    Ok(Json(session))
}

async fn refresh_grant(state: &AppState, ip: &str, body: &Value) -> AuthResult<Json<Value>> {
    limit(
        state,
        "refresh-ip",
        ip,
        crate::site_rules::limits(state).per_window.refresh,
    )?;
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
    session::refuse_suspended(&user)?;
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
    let scope = query.scope.as_deref().unwrap_or("global");
    let mut tx = state.db.begin().await?;
    match scope {
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
    // Live-event streams of the ended sessions close (see routes/events.rs).
    let event = bazaar_queue::live::record(
        &mut tx,
        caller.id,
        bazaar_queue::live::SIGNED_OUT,
        serde_json::json!({"scope": scope, "session_id": caller.session_id}),
    )
    .await?;
    tx.commit().await?;
    state.live.delivered([event]);
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
                let name = FullName::parse(name.as_str().unwrap_or_default()).map_err(|e| {
                    AuthError::validation(e.to_string()).with_status(StatusCode::BAD_REQUEST)
                })?;
                merged["full_name"] = json!(name.as_str());
            }
            check_user_metadata(&merged)
                .map_err(|e| AuthError::validation(e).with_status(StatusCode::BAD_REQUEST))?;
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
