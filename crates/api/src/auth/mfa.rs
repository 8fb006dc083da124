//! TOTP second factors: enrol, challenge, verify (raising the session to aal2), unenrol.
//! Only verified factors count; a user with one reaches aal2 only by verifying a code.

use axum::Json;
use axum::body::Bytes;
use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::http::request::Parts;
use bazaar_db::accounts::{self, FactorRow};
use chrono::Utc;
use serde_json::{Value, json};
use uuid::Uuid;

use super::extract::authenticate;
use super::handlers::{body_json, limit, text};
use super::{AuthError, session};
use crate::AppState;

/// How long a challenge can be answered.
const CHALLENGE_TTL_SECONDS: i64 = 300;

pub fn factor_json(f: &FactorRow) -> Value {
    json!({
        "id": f.id.to_string(),
        "friendly_name": f.friendly_name,
        "factor_type": f.factor_type,
        "status": f.status,
        "created_at": f.created_at,
        "updated_at": f.updated_at,
    })
}

/// Counts one `step` (challenge or verify) against the caller and against the factor, so a
/// code cannot be found by trying, neither through many factors nor through many sessions.
fn limit_mfa(state: &AppState, step: &str, user: Uuid, factor: &str) -> Result<(), AuthError> {
    let max = crate::site_rules::limits(state).per_window.mfa;
    limit(state, &format!("mfa-{step}-user"), &user.to_string(), max)?;
    limit(state, &format!("mfa-{step}-factor"), factor, max)
}

fn factor_not_found() -> AuthError {
    AuthError::new(
        StatusCode::NOT_FOUND,
        "mfa_factor_not_found",
        "Factor not found",
    )
}

/// The caller's own factor; another user's is "not found".
async fn own_factor(tx: &mut bazaar_db::Tx, user: Uuid, id: &str) -> Result<FactorRow, AuthError> {
    let id = Uuid::parse_str(id).map_err(|_| factor_not_found())?;
    accounts::factor_in(tx, id)
        .await?
        .filter(|f| f.user_id == user)
        .ok_or_else(factor_not_found)
}

/// `POST /factors`
pub async fn enroll(
    State(state): State<AppState>,
    parts: Parts,
    body: Bytes,
) -> Result<Json<Value>, AuthError> {
    let caller = authenticate(&parts, &state).await?;
    let body = body_json(&body)?;
    if text(&body, "factor_type") != Some("totp") {
        return Err(AuthError::validation(
            "factor_type must be totp (phone factors are not offered)",
        ));
    }
    let friendly_name = text(&body, "friendly_name")
        .map(str::trim)
        .unwrap_or_default()
        .to_owned();
    let issuer = text(&body, "issuer")
        .map(str::trim)
        .filter(|i| !i.is_empty())
        .unwrap_or("bazaar")
        .to_owned();
    let now = Utc::now();
    let existing = accounts::factors_of(&state.db, caller.id).await?;
    if !friendly_name.is_empty() && existing.iter().any(|f| f.friendly_name == friendly_name) {
        return Err(AuthError::new(
            StatusCode::UNPROCESSABLE_ENTITY,
            "mfa_factor_name_conflict",
            format!(
                "A factor with the friendly name \"{friendly_name}\" for this user already exists"
            ),
        ));
    }
    if existing.iter().filter(|f| f.status == "unverified").count() >= 10 {
        return Err(AuthError::validation(
            "Too many unverified factors; verify or remove one first",
        ));
    }
    let secret = bazaar_auth::totp::new_secret();
    let uri = bazaar_auth::totp::otpauth_uri(&issuer, &caller.email, &secret);
    let mut tx = state.db.begin().await?;
    let id = accounts::create_factor(&mut tx, caller.id, &friendly_name, &secret, now).await?;
    tx.commit().await?;
    Ok(Json(json!({
        "id": id.to_string(),
        "type": "totp",
        "friendly_name": friendly_name,
        "totp": {"qr_code": bazaar_auth::totp::qr_svg(&uri), "secret": secret, "uri": uri},
    })))
}

/// `POST /factors/{id}/challenge`
pub async fn challenge(
    State(state): State<AppState>,
    Path(id): Path<String>,
    parts: Parts,
) -> Result<Json<Value>, AuthError> {
    let caller = authenticate(&parts, &state).await?;
    limit_mfa(&state, "challenge", caller.id, &id)?;
    let now = Utc::now();
    let mut tx = state.db.begin().await?;
    let factor = own_factor(&mut tx, caller.id, &id).await?;
    let challenge = accounts::create_challenge(&mut tx, factor.id, now).await?;
    tx.commit().await?;
    Ok(Json(json!({
        "id": challenge.to_string(),
        "type": "totp",
        "expires_at": now.timestamp() + CHALLENGE_TTL_SECONDS,
    })))
}

/// `POST /factors/{id}/verify`: a right code verifies the factor and raises this session to
/// aal2; the session's earlier refresh tokens are revoked and new tokens returned.
pub async fn verify(
    State(state): State<AppState>,
    Path(id): Path<String>,
    parts: Parts,
    body: Bytes,
) -> Result<Json<Value>, AuthError> {
    let caller = authenticate(&parts, &state).await?;
    limit_mfa(&state, "verify", caller.id, &id)?;
    let body = body_json(&body)?;
    let challenge_id = text(&body, "challenge_id").and_then(|c| Uuid::parse_str(c).ok());
    let code = text(&body, "code").unwrap_or_default().to_owned();
    let now = Utc::now();
    let mut tx = state.db.begin().await?;
    let factor = own_factor(&mut tx, caller.id, &id).await?;
    let not_before = now - chrono::Duration::seconds(CHALLENGE_TTL_SECONDS);
    let Some(challenge_id) = challenge_id else {
        return Err(AuthError::new(
            StatusCode::NOT_FOUND,
            "mfa_challenge_not_found",
            "Challenge not found",
        ));
    };
    if !accounts::use_challenge(&mut tx, challenge_id, factor.id, not_before, now).await? {
        return Err(AuthError::new(
            StatusCode::UNPROCESSABLE_ENTITY,
            "mfa_challenge_expired",
            "MFA challenge has expired or was already used, verify against another challenge",
        ));
    }
    if !bazaar_auth::totp::verify(&factor.secret, &code, now.timestamp()) {
        // The challenge stays used: each one allows a single guess.
        tx.commit().await?;
        return Err(AuthError::new(
            StatusCode::UNPROCESSABLE_ENTITY,
            "mfa_verification_failed",
            "Invalid TOTP code entered",
        ));
    }
    accounts::verify_factor(&mut tx, factor.id, now).await?;
    let current = accounts::session_in(&mut tx, caller.session_id)
        .await?
        .ok_or_else(AuthError::session_not_found)?;
    let mut amr: Vec<Value> = current.amr.0.as_array().cloned().unwrap_or_default();
    amr.insert(0, json!({"method": "totp", "timestamp": now.timestamp()}));
    let amr = Value::Array(amr);
    accounts::raise_session(&mut tx, current.id, "aal2", &amr, now).await?;
    accounts::revoke_session_tokens(&mut tx, current.id, now).await?;
    let user = accounts::user_by_id_in(&mut tx, caller.id)
        .await?
        .ok_or_else(AuthError::session_not_found)?;
    let out =
        session::continue_session(&state, &mut tx, &user, current.id, "aal2", &amr, now).await?;
    tx.commit().await?;
    Ok(Json(out))
}

/// `DELETE /factors/{id}`: a verified factor can only be removed from an aal2 session.
pub async fn unenroll(
    State(state): State<AppState>,
    Path(id): Path<String>,
    parts: Parts,
) -> Result<Json<Value>, AuthError> {
    let caller = authenticate(&parts, &state).await?;
    let mut tx = state.db.begin().await?;
    let factor = own_factor(&mut tx, caller.id, &id).await?;
    if factor.status == "verified" && caller.aal != "aal2" {
        return Err(AuthError::new(
            StatusCode::UNPROCESSABLE_ENTITY,
            "insufficient_aal",
            "AAL2 required to unenroll verified factor",
        ));
    }
    accounts::delete_factor(&mut tx, factor.id).await?;
    tx.commit().await?;
    Ok(Json(json!({"id": factor.id.to_string()})))
}
