//! Sign-in with an OpenID Connect provider (Google): `GET /authorize?provider=google` sends
//! the browser to the provider with state, nonce and a PKCE challenge; `GET /callback`
//! exchanges the code, verifies the ID token against the provider's published keys
//! (issuer, audience, expiry, nonce, verified email), finds or creates the user, and sends
//! the browser back to the site with the session in the URL fragment, as Supabase does.
//!
//! The provider's issuer URL, client id and secret are settings, so tests point it at an
//! OpenID provider of their own.

use axum::extract::{Query, State};
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};
use bazaar_db::accounts::{self, NewUser};
use chrono::Utc;
use jsonwebtoken::jwk::JwkSet;
use jsonwebtoken::{Algorithm, DecodingKey, Validation};
use serde::Deserialize;
use serde_json::{Value, json};

use bazaar_auth::url::encode;

use super::{AuthError, session};
use crate::AppState;

/// How long a sign-in at the provider may take.
const FLOW_TTL_MINUTES: i64 = 10;

/// An OpenID Connect provider this server signs people in with.
#[derive(Clone)]
pub struct OidcProvider {
    /// e.g. `https://accounts.google.com`; its discovery document is read from
    /// `{issuer}/.well-known/openid-configuration`.
    pub issuer: String,
    pub client_id: String,
    pub client_secret: String,
}

impl std::fmt::Debug for OidcProvider {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("OidcProvider")
            .field("issuer", &self.issuer)
            .field("client_id", &self.client_id)
            .field("client_secret", &"<redacted>")
            .finish()
    }
}

#[derive(Debug, Deserialize)]
struct Discovery {
    issuer: String,
    authorization_endpoint: String,
    token_endpoint: String,
    jwks_uri: String,
}

#[derive(Debug, Deserialize)]
struct IdClaims {
    sub: String,
    email: Option<String>,
    #[serde(default, deserialize_with = "bool_or_string")]
    email_verified: bool,
    name: Option<String>,
    picture: Option<String>,
    nonce: Option<String>,
}

fn bool_or_string<'de, D: serde::Deserializer<'de>>(d: D) -> Result<bool, D::Error> {
    Ok(match Value::deserialize(d)? {
        Value::Bool(b) => b,
        Value::String(s) => s == "true",
        _ => false,
    })
}

fn provider<'a>(state: &'a AppState, name: Option<&str>) -> Result<&'a OidcProvider, AuthError> {
    match (name, &state.auth.config.google) {
        (Some("google"), Some(p)) => Ok(p),
        _ => Err(
            AuthError::validation("Unsupported provider: provider is not enabled")
                .with_status(StatusCode::BAD_REQUEST),
        ),
    }
}

async fn discover(state: &AppState, p: &OidcProvider) -> Result<Discovery, String> {
    let url = format!(
        "{}/.well-known/openid-configuration",
        p.issuer.trim_end_matches('/')
    );
    let d: Discovery = state
        .auth
        .http
        .get(&url)
        .send()
        .await
        .map_err(|e| e.to_string())?
        .error_for_status()
        .map_err(|e| e.to_string())?
        .json()
        .await
        .map_err(|e| e.to_string())?;
    if d.issuer.trim_end_matches('/') != p.issuer.trim_end_matches('/') {
        return Err(format!("the discovery document names issuer {}", d.issuer));
    }
    Ok(d)
}

#[derive(Debug, Deserialize)]
pub struct AuthorizeQuery {
    provider: Option<String>,
    redirect_to: Option<String>,
}

/// `GET /authorize?provider=google&redirect_to=…`
pub async fn authorize(
    State(state): State<AppState>,
    Query(q): Query<AuthorizeQuery>,
) -> Result<Response, AuthError> {
    let p = provider(&state, q.provider.as_deref())?;
    let d = discover(&state, p)
        .await
        .map_err(|e| AuthError::internal(format!("provider discovery failed: {e}")))?;
    let (state_token, verifier, nonce) = (
        bazaar_auth::token::generate(),
        bazaar_auth::token::generate(),
        bazaar_auth::token::generate(),
    );
    let redirect = super::handlers::safe_redirect(&state, q.redirect_to.as_deref());
    accounts::create_oauth_flow(
        &state.db,
        &bazaar_auth::token::digest(&state_token),
        "google",
        &verifier,
        &nonce,
        &redirect,
        Utc::now(),
    )
    .await?;
    let callback = format!("{}/auth/v1/callback", state.config.public_url);
    let location = format!(
        "{}{}response_type=code&client_id={}&redirect_uri={}&scope={}&state={}&nonce={}&code_challenge={}&code_challenge_method=S256",
        d.authorization_endpoint,
        if d.authorization_endpoint.contains('?') {
            '&'
        } else {
            '?'
        },
        encode(&p.client_id),
        encode(&callback),
        encode("openid email profile"),
        state_token,
        nonce,
        bazaar_auth::token::pkce_challenge(&verifier),
    );
    Ok((StatusCode::FOUND, [(header::LOCATION, location)]).into_response())
}

#[derive(Debug, Deserialize)]
pub struct CallbackQuery {
    code: Option<String>,
    state: Option<String>,
    error: Option<String>,
    error_description: Option<String>,
}

fn back_with_error(redirect: &str, code: &str, description: &str) -> Response {
    let location = format!(
        "{redirect}#error={code}&error_code={code}&error_description={}",
        encode(description)
    );
    (StatusCode::SEE_OTHER, [(header::LOCATION, location)]).into_response()
}

/// `GET /callback?code=…&state=…`
pub async fn callback(State(state): State<AppState>, Query(q): Query<CallbackQuery>) -> Response {
    let root = format!("{}/", state.config.public_url);
    let now = Utc::now();
    let flow = match q.state.as_deref() {
        Some(s) if !s.is_empty() => {
            match accounts::take_oauth_flow(
                &state.db,
                &bazaar_auth::token::digest(s),
                now - chrono::Duration::minutes(FLOW_TTL_MINUTES),
            )
            .await
            {
                Ok(f) => f,
                Err(e) => return AuthError::from(e).into_response(),
            }
        }
        _ => None,
    };
    let Some(flow) = flow else {
        return back_with_error(
            &root,
            "bad_oauth_state",
            "OAuth state is missing, expired or already used",
        );
    };
    if let Some(err) = q.error.as_deref() {
        let description = q
            .error_description
            .as_deref()
            .unwrap_or("The provider refused the sign-in");
        return back_with_error(
            &flow.redirect_to,
            "access_denied",
            &format!("{err}: {description}"),
        );
    }
    match finish(&state, &flow, q.code.as_deref().unwrap_or_default()).await {
        Ok(s) => {
            let location = format!(
                "{}#access_token={}&expires_at={}&expires_in={}&refresh_token={}&token_type=bearer",
                flow.redirect_to,
                s["access_token"].as_str().unwrap_or_default(),
                s["expires_at"],
                s["expires_in"],
                s["refresh_token"].as_str().unwrap_or_default(),
            );
            (StatusCode::SEE_OTHER, [(header::LOCATION, location)]).into_response()
        }
        Err(reason) => {
            tracing::warn!(reason = %reason, "sign-in with Google failed");
            back_with_error(
                &flow.redirect_to,
                "server_error",
                "Failed to sign in with Google",
            )
        }
    }
}

/// Code → ID token → user → session.
async fn finish(
    state: &AppState,
    flow: &accounts::OAuthFlowRow,
    code: &str,
) -> Result<Value, String> {
    let p = state
        .auth
        .config
        .google
        .as_ref()
        .ok_or("the provider is no longer configured")?;
    if code.is_empty() {
        return Err("no authorization code".into());
    }
    let d = discover(state, p).await?;
    let callback = format!("{}/auth/v1/callback", state.config.public_url);
    let tokens: Value = state
        .auth
        .http
        .post(&d.token_endpoint)
        .form(&[
            ("grant_type", "authorization_code"),
            ("code", code),
            ("redirect_uri", callback.as_str()),
            ("client_id", p.client_id.as_str()),
            ("client_secret", p.client_secret.as_str()),
            ("code_verifier", flow.code_verifier.as_str()),
        ])
        .send()
        .await
        .map_err(|e| e.to_string())?
        .error_for_status()
        .map_err(|e| format!("token endpoint: {e}"))?
        .json()
        .await
        .map_err(|e| e.to_string())?;
    let id_token = tokens
        .get("id_token")
        .and_then(Value::as_str)
        .ok_or("no id_token in the token response")?;
    let claims = verify_id_token(state, p, &d, id_token).await?;
    if claims.nonce.as_deref() != Some(flow.nonce.as_str()) {
        return Err("the ID token's nonce does not match".into());
    }
    let email = claims
        .email
        .as_deref()
        .map(str::to_lowercase)
        .ok_or("the provider gave no email")?;
    if !claims.email_verified {
        return Err("the provider has not verified the email".into());
    }
    let now = Utc::now();
    let identity = json!({"sub": claims.sub, "email": email, "email_verified": true, "name": claims.name, "picture": claims.picture});
    let db_err = |e: bazaar_db::DbError| e.to_string();
    let mut tx = state.db.begin().await.map_err(db_err)?;
    let user_id = match accounts::user_for_identity(&mut tx, "google", &claims.sub)
        .await
        .map_err(db_err)?
    {
        Some(id) => id,
        None => {
            let name = claims.name.clone().unwrap_or_default();
            let name = name.trim();
            let metadata = json!({"full_name": name, "avatar_url": claims.picture, "email": email, "provider_id": claims.sub});
            let existing = match accounts::user_id_by_email_in(&mut tx, &email)
                .await
                .map_err(db_err)?
            {
                Some(id) => accounts::user_by_id_in(&mut tx, id).await.map_err(db_err)?,
                None => None,
            };
            let id = match existing {
                // The owner proved the address before and the provider vouches for it now:
                // the same person, so the accounts are linked.
                Some(user) if user.email_confirmed_at.is_some() => user.id,
                // Nobody proved the address: whoever signed up with it may not own it, so
                // the account becomes the provider user's, without that sign-up's password
                // or sessions (as GoTrue does).
                Some(user) => {
                    if !accounts::take_over_unconfirmed(&mut tx, user.id, name, &metadata, now)
                        .await
                        .map_err(db_err)?
                    {
                        return Err("the account changed during sign-in".into());
                    }
                    tracing::info!(user.id = %user.id, "unconfirmed account taken over by a Google sign-in");
                    user.id
                }
                None if !crate::site_rules::sign_up_open(state)
                    .await
                    .map_err(db_err)? =>
                {
                    return Err("Signups not allowed for this instance".into());
                }
                None => {
                    let new = NewUser {
                        email: email.clone(),
                        password_hash: None,
                        full_name: name.to_owned(),
                        user_metadata: metadata,
                        app_metadata: json!({"provider": "google", "providers": ["google"]}),
                        role: "customer".into(),
                        confirmed: true,
                        confirmation_token_hash: None,
                    };
                    accounts::create_user(&mut tx, &new, now)
                        .await
                        .map_err(db_err)?
                }
            };
            accounts::link_identity(&mut tx, id, "google", &claims.sub, &identity, now)
                .await
                .map_err(db_err)?;
            id
        }
    };
    accounts::note_provider(&mut tx, user_id, "google", now)
        .await
        .map_err(db_err)?;
    let user = accounts::user_by_id_in(&mut tx, user_id)
        .await
        .map_err(db_err)?
        .ok_or("the user vanished")?;
    if user.suspended_at.is_some() {
        return Err(bazaar_domain::admin::SUSPENDED_MESSAGE.into());
    }
    let s = session::start(state, &mut tx, &user, "oauth", now)
        .await
        .map_err(db_err)?;
    tx.commit().await.map_err(db_err)?;
    Ok(s)
}

async fn verify_id_token(
    state: &AppState,
    p: &OidcProvider,
    d: &Discovery,
    token: &str,
) -> Result<IdClaims, String> {
    let header = jsonwebtoken::decode_header(token).map_err(|e| format!("ID token header: {e}"))?;
    if !matches!(header.alg, Algorithm::RS256 | Algorithm::ES256) {
        return Err(format!(
            "ID token algorithm {:?} is not accepted",
            header.alg
        ));
    }
    let jwks: JwkSet = state
        .auth
        .http
        .get(&d.jwks_uri)
        .send()
        .await
        .map_err(|e| e.to_string())?
        .error_for_status()
        .map_err(|e| e.to_string())?
        .json()
        .await
        .map_err(|e| format!("provider JWKS: {e}"))?;
    let jwk = match header.kid.as_deref() {
        Some(kid) => jwks.find(kid).ok_or("the ID token names an unknown key")?,
        None if jwks.keys.len() == 1 => &jwks.keys[0],
        None => return Err("the ID token names no key".into()),
    };
    let key = DecodingKey::from_jwk(jwk).map_err(|e| format!("provider key: {e}"))?;
    let mut validation = Validation::new(header.alg);
    validation.set_audience(&[p.client_id.as_str()]);
    validation.set_issuer(&[d.issuer.as_str(), p.issuer.as_str()]);
    validation.set_required_spec_claims(&["exp", "iss", "aud", "sub"]);
    jsonwebtoken::decode::<IdClaims>(token, &key, &validation)
        .map(|t| t.claims)
        .map_err(|e| format!("ID token: {e}"))
}
