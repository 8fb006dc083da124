//! Issuing sessions: a session row, a refresh token and a signed access token.

use bazaar_auth::jwt::{self, AuthMethod, Claims};
use bazaar_db::accounts::{self, UserRow};
use bazaar_db::{DbResult, Tx};
use chrono::{DateTime, Utc};
use serde_json::{Value, json};
use uuid::Uuid;

use super::user_json::{app_metadata, user_json};
use crate::AppState;

/// Refuses a suspended account any new session or token, with the reason it can act on.
pub fn refuse_suspended(user: &UserRow) -> Result<(), super::AuthError> {
    match user.suspended_at {
        Some(_) => Err(super::AuthError::new(
            axum::http::StatusCode::FORBIDDEN,
            "user_banned",
            bazaar_domain::admin::SUSPENDED_MESSAGE,
        )),
        None => Ok(()),
    }
}

/// Starts a new session for `user` signed in by `method`, inside `tx`.
pub async fn start(
    state: &AppState,
    tx: &mut Tx,
    user: &UserRow,
    method: &str,
    now: DateTime<Utc>,
) -> DbResult<Value> {
    let amr = json!([{"method": method, "timestamp": now.timestamp()}]);
    let session = accounts::create_session(tx, user.id, "aal1", &amr, now).await?;
    accounts::record_sign_in(tx, user.id, now).await?;
    continue_session(state, tx, user, session, "aal1", &amr, now).await
}

/// A new refresh token and access token for an existing session.
pub async fn continue_session(
    state: &AppState,
    tx: &mut Tx,
    user: &UserRow,
    session: Uuid,
    aal: &str,
    amr: &Value,
    now: DateTime<Utc>,
) -> DbResult<Value> {
    let refresh = bazaar_auth::token::generate();
    accounts::issue_refresh_token(
        tx,
        session,
        user.id,
        &bazaar_auth::token::digest(&refresh),
        now,
    )
    .await?;
    let ttl = state.auth.config.access_token_ttl.as_secs() as i64;
    let amr: Vec<AuthMethod> = serde_json::from_value(amr.clone()).unwrap_or_default();
    let claims = Claims {
        iss: format!("{}/auth/v1", state.config.public_url),
        sub: user.id.to_string(),
        aud: jwt::AUDIENCE.into(),
        exp: now.timestamp() + ttl,
        iat: now.timestamp(),
        email: user.email.clone(),
        phone: String::new(),
        role: "authenticated".into(),
        aal: aal.into(),
        amr,
        session_id: session.to_string(),
        is_anonymous: false,
        app_metadata: app_metadata(user),
        user_metadata: user.raw_user_meta_data.0.clone(),
        user_role: user.role.clone(),
        jti: Uuid::now_v7().to_string(),
    };
    let access = jwt::sign(&claims, &state.auth.keys.current());
    let mut user_value = user_json(user);
    user_value["last_sign_in_at"] = json!(now);
    // Clients read `user.factors` to see whether a second factor can raise the session.
    let factors = accounts::factors_in(tx, user.id).await?;
    user_value["factors"] = Value::Array(factors.iter().map(super::mfa::factor_json).collect());
    Ok(json!({
        "access_token": access,
        "token_type": "bearer",
        "expires_in": ttl,
        "expires_at": now.timestamp() + ttl,
        "refresh_token": refresh,
        "user": user_value,
    }))
}
