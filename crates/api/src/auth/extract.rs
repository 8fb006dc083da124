//! Guards for the rest of the API: `AuthUser` (signed in), `RequireRole<R>` (exactly
//! role R; SPEC.md §6 — an admin does not pass a vendor guard) and `AdminActor` (what admin
//! handlers take: the admin role, and `aal2` once the admin has a second factor).

use std::marker::PhantomData;

use axum::extract::FromRequestParts;
use axum::http::StatusCode;
use axum::http::header::AUTHORIZATION;
use axum::http::request::Parts;
use uuid::Uuid;

use super::AuthError;
use crate::{ApiError, AppState};

/// A signed-in caller: a valid access token whose session still exists.
#[derive(Debug, Clone)]
pub struct AuthUser {
    pub id: Uuid,
    pub session_id: Uuid,
    pub email: String,
    /// From the profile at the time of the request, not from the token.
    pub role: String,
    pub aal: String,
}

/// The bearer token of the Authorization header, if any.
pub fn bearer_token(parts: &Parts) -> Option<&str> {
    parts
        .headers
        .get(AUTHORIZATION)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| {
            v.strip_prefix("Bearer ")
                .or_else(|| v.strip_prefix("bearer "))
        })
        .map(str::trim)
        .filter(|t| !t.is_empty())
}

/// Reads and checks the bearer token (GoTrue errors for `/auth/v1`).
pub async fn authenticate(parts: &Parts, state: &AppState) -> Result<AuthUser, AuthError> {
    let token = bearer_token(parts).ok_or_else(AuthError::no_authorization)?;
    authenticate_token(token, state).await
}

/// Checks an access token: signature, expiry, and that its session still exists.
pub async fn authenticate_token(token: &str, state: &AppState) -> Result<AuthUser, AuthError> {
    let now = chrono::Utc::now().timestamp();
    // A signature checked once stays good; only the expiry and the session can change.
    let claims = match state.caches.verified_tokens.get_fresh(&token.to_owned()) {
        Some(claims) if claims.exp > now => claims,
        _ => {
            let kid = bazaar_auth::jwt::kid_of(token);
            state
                .auth
                .keys
                .refresh_if_needed(&state.db, kid.as_deref())
                .await;
            let claims = bazaar_auth::jwt::verify(token, &state.auth.keys.published())
                .map_err(|e| AuthError::bad_jwt(e.to_string()))?;
            state
                .caches
                .verified_tokens
                .insert(token.to_owned(), claims.clone());
            claims
        }
    };
    let (Ok(id), Ok(session_id)) = (
        Uuid::parse_str(&claims.sub),
        Uuid::parse_str(&claims.session_id),
    ) else {
        return Err(AuthError::bad_jwt("invalid JWT: bad subject or session"));
    };
    let session = bazaar_db::accounts::session_with_role(&state.db, session_id).await?;
    let Some((_, aal, role)) = session.filter(|(user, _, _)| *user == id) else {
        return Err(AuthError::session_not_found());
    };
    Ok(AuthUser {
        id,
        session_id,
        email: claims.email,
        role: role.unwrap_or_else(|| "customer".to_owned()),
        aal,
    })
}

impl FromRequestParts<AppState> for AuthUser {
    type Rejection = ApiError;

    async fn from_request_parts(
        parts: &mut Parts,
        state: &AppState,
    ) -> Result<Self, Self::Rejection> {
        authenticate(parts, state).await.map_err(ApiError::from)
    }
}

/// A caller who may be signed in: `None` without an Authorization header; a header with a
/// bad or expired token is still a 401 (the client thinks it is signed in).
pub struct MaybeUser(pub Option<AuthUser>);

impl FromRequestParts<AppState> for MaybeUser {
    type Rejection = ApiError;

    async fn from_request_parts(
        parts: &mut Parts,
        state: &AppState,
    ) -> Result<Self, Self::Rejection> {
        if parts.headers.get(AUTHORIZATION).is_none() {
            return Ok(MaybeUser(None));
        }
        authenticate(parts, state)
            .await
            .map(|u| MaybeUser(Some(u)))
            .map_err(ApiError::from)
    }
}

/// A role a guard can demand.
pub trait RoleName: Send + Sync + 'static {
    const ROLE: &'static str;
}

pub struct Customer;
pub struct Vendor;
pub struct Admin;

impl RoleName for Customer {
    const ROLE: &'static str = "customer";
}
impl RoleName for Vendor {
    const ROLE: &'static str = "vendor";
}
impl RoleName for Admin {
    const ROLE: &'static str = "admin";
}

/// A signed-in caller whose role is exactly `R`: 401 without a valid token, 403 otherwise.
/// Admin handlers take [`AdminActor`], which adds the second-factor rule.
pub struct RequireRole<R: RoleName>(pub AuthUser, PhantomData<R>);

impl<R: RoleName> FromRequestParts<AppState> for RequireRole<R> {
    type Rejection = ApiError;

    async fn from_request_parts(
        parts: &mut Parts,
        state: &AppState,
    ) -> Result<Self, Self::Rejection> {
        let user = AuthUser::from_request_parts(parts, state).await?;
        if user.role != R::ROLE {
            return Err(ApiError::Forbidden(format!(
                "This needs the {} role",
                R::ROLE
            )));
        }
        Ok(RequireRole(user, PhantomData))
    }
}

/// The admin behind an admin-area call: role admin and, once they have a verified second
/// factor, a session raised to `aal2` by it (ARCHITECTURE.md, "Sellers and operators").
/// Every admin handler takes one (the role matrix test checks each admin operation against
/// this rule), and it names the admin an audit log entry records. An admin without a factor
/// is let in at `aal1`: enrolling is their choice, and refusing them would lock every fresh
/// install out of its own admin area. Unverified factors do not count.
pub struct AdminActor(pub AuthUser);

impl FromRequestParts<AppState> for AdminActor {
    type Rejection = ApiError;

    async fn from_request_parts(
        parts: &mut Parts,
        state: &AppState,
    ) -> Result<Self, Self::Rejection> {
        let RequireRole(admin, _) = RequireRole::<Admin>::from_request_parts(parts, state).await?;
        if admin.aal != "aal2" {
            let factors = bazaar_db::accounts::factors_of(&state.db, admin.id).await?;
            if factors.iter().any(|f| f.status == "verified") {
                return Err(ApiError::rule(
                    StatusCode::FORBIDDEN,
                    "insufficient_aal",
                    "Second factor needed",
                    "Verify your second factor to use the admin area",
                ));
            }
        }
        Ok(AdminActor(admin))
    }
}
