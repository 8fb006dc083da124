//! Email links: sign-up (which sends the confirmation link), recovery, and `/verify`.

use axum::Json;
use axum::body::Bytes;
use axum::extract::{Query, State};
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};
use bazaar_db::DbError;
use bazaar_db::accounts::{self, NewUser, OneTimeToken};
use bazaar_domain::text::{FullName, check_user_metadata};
use chrono::Utc;
use serde::Deserialize;
use serde_json::{Value, json};

use super::handlers::{
    AuthResult, ClientIp, RedirectQuery, body_json, check_password, hash_password, limit, link,
    parse_email, safe_redirect, text,
};
use super::mail;
use super::user_json::user_json;
use super::{AuthError, session};
use crate::AppState;

/// `POST /signup`
pub async fn signup(
    State(state): State<AppState>,
    client: ClientIp,
    Query(query): Query<RedirectQuery>,
    body: Bytes,
) -> AuthResult<Response> {
    if !crate::site_rules::sign_up_open(&state).await? {
        return Err(AuthError::new(
            StatusCode::UNPROCESSABLE_ENTITY,
            "signup_disabled",
            "Signups not allowed for this instance",
        ));
    }
    let limits = crate::site_rules::limits(&state);
    limit(
        &state,
        "signup-ip",
        &client.key(),
        limits.per_window.sign_up,
    )?;
    let body = body_json(&body)?;
    let email = parse_email(text(&body, "email"))?;
    let mut metadata = match body.get("data") {
        Some(Value::Object(m)) => Value::Object(m.clone()),
        _ => json!({}),
    };
    let full_name = FullName::parse(
        metadata
            .get("full_name")
            .and_then(Value::as_str)
            .unwrap_or_default(),
    )
    .map_err(|e| AuthError::validation(e.to_string()).with_status(StatusCode::BAD_REQUEST))?
    .as_str()
    .to_owned();
    metadata["full_name"] = json!(full_name);
    check_user_metadata(&metadata)
        .map_err(|e| AuthError::validation(e).with_status(StatusCode::BAD_REQUEST))?;
    let password = check_password(text(&body, "password"))?;
    limit(&state, "signup-email", &email, limits.per_window.sign_up)?;
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
    mail::send(
        &state,
        &email,
        "signup_confirmation",
        json!({"confirm_url": link(&state, &token, "signup", &redirect), "full_name": full_name}),
    )
    .await?;
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

/// `POST /recover`: always `{}`, so nobody learns which addresses have accounts.
pub async fn recover(
    State(state): State<AppState>,
    client: ClientIp,
    Query(query): Query<RedirectQuery>,
    body: Bytes,
) -> AuthResult<Json<Value>> {
    let limits = crate::site_rules::limits(&state);
    limit(
        &state,
        "recover-ip",
        &client.key(),
        limits.per_window.recover,
    )?;
    let body = body_json(&body)?;
    let email = parse_email(text(&body, "email"))?;
    limit(&state, "recover-email", &email, limits.per_window.recover)?;
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
        mail::send(
            &state,
            &user.email,
            "password_recovery",
            json!({"recovery_url": link(&state, &token, "recovery", &redirect)}),
        )
        .await?;
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
    session::refuse_suspended(&user)?;
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
    client: ClientIp,
    Query(q): Query<VerifyQuery>,
) -> Response {
    let redirect = safe_redirect(&state, q.redirect_to.as_deref());
    if let Err(e) = limit(
        &state,
        "verify-ip",
        &client.key(),
        crate::site_rules::limits(&state).per_window.verify,
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
    client: ClientIp,
    body: Bytes,
) -> AuthResult<Json<Value>> {
    limit(
        &state,
        "verify-ip",
        &client.key(),
        crate::site_rules::limits(&state).per_window.verify,
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

/// Sends a fresh confirmation link to an unconfirmed user (an admin's "resend"); the old
/// link stops working. False when the address is already confirmed.
pub async fn resend_confirmation(state: &AppState, user: &accounts::UserRow) -> AuthResult<bool> {
    if user.email_confirmed_at.is_some() {
        return Ok(false);
    }
    let token = bazaar_auth::token::generate();
    let mut tx = state.db.begin().await?;
    accounts::set_one_time_token(
        &mut tx,
        user.id,
        OneTimeToken::Confirmation,
        &bazaar_auth::token::digest(&token),
        Utc::now(),
    )
    .await?;
    tx.commit().await?;
    let full_name = user.raw_user_meta_data.0["full_name"]
        .as_str()
        .unwrap_or_default()
        .to_owned();
    let redirect = safe_redirect(state, None);
    mail::send(
        state,
        &user.email,
        "signup_confirmation",
        json!({"confirm_url": link(state, &token, "signup", &redirect), "full_name": full_name}),
    )
    .await?;
    Ok(true)
}
