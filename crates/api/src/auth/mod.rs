//! `/auth/v1`: a Supabase Auth (GoTrue) compatible API, so the storefront's auth calls and
//! an unmodified `@supabase/auth-js` client work against bazaar. Wire shapes follow
//! GoTrue: sessions `{access_token, token_type, expires_in, expires_at, refresh_token,
//! user}`, errors `{"code": "...", "message": "..."}` with `X-Supabase-Api-Version`.
//!
//! Access tokens are ES256 JWTs (public keys at `/.well-known/jwks.json`); refresh tokens
//! are opaque, stored hashed, rotate on every use, and a reused one ends its whole session.

use std::time::Duration;

use axum::Router;
use axum::routing::{get, post};

use crate::AppState;

mod error;
mod extract;
mod handlers;
pub mod keys;
mod links;
mod mail;
mod mfa;
pub mod oauth;
mod session;
mod tokens;
mod user_json;

pub use crate::client_addr::ClientIp;
pub use error::AuthError;
pub use extract::{
    Admin, AdminActor, AuthUser, Customer, MaybeUser, RequireRole, RoleName, Vendor,
    authenticate_token, bearer_token,
};
pub use links::resend_confirmation;

/// Settings of the auth API.
#[derive(Debug, Clone)]
pub struct AuthConfig {
    /// How long an access token lives.
    pub access_token_ttl: Duration,
    /// Sign-ups are confirmed at once (no email link needed).
    pub autoconfirm: bool,
    /// How long confirmation and recovery links work.
    pub link_ttl: Duration,
    /// How emails are sent: the outbox directory (`data/outbox`) or SMTP.
    pub mail: bazaar_mail::MailSettings,
    /// Requests allowed per client address and per email, per window.
    pub rate_limits: crate::rate_limit::Limits,
    /// Sign-in with Google, when configured.
    pub google: Option<oauth::OidcProvider>,
    /// Seals and opens the secrets kept in settings (the SMTP password); without it they
    /// cannot be saved.
    pub secret_key: Option<std::sync::Arc<bazaar_commerce::secrets::SecretKey>>,
}

impl AuthConfig {
    /// Defaults for a data directory: one-hour tokens, confirmation required.
    pub fn new(data_dir: &std::path::Path) -> Self {
        Self {
            access_token_ttl: Duration::from_secs(3600),
            autoconfirm: false,
            link_ttl: Duration::from_secs(24 * 3600),
            mail: bazaar_mail::MailSettings {
                transport: bazaar_mail::MailConfig::Outbox {
                    dir: data_dir.join("outbox"),
                },
                from: bazaar_mail::DEFAULT_FROM.to_owned(),
            },
            rate_limits: crate::rate_limit::Limits::default(),
            google: None,
            secret_key: None,
        }
    }
}

pub fn router() -> Router<AppState> {
    Router::new()
        .route("/auth/v1/signup", post(links::signup))
        .route("/auth/v1/token", post(tokens::token))
        .route("/auth/v1/logout", post(tokens::logout))
        .route(
            "/auth/v1/user",
            get(tokens::get_user).put(tokens::update_user),
        )
        .route("/auth/v1/recover", post(links::recover))
        .route(
            "/auth/v1/verify",
            get(links::verify_link).post(links::verify_token),
        )
        .route("/auth/v1/.well-known/jwks.json", get(handlers::jwks))
        .route("/auth/v1/settings", get(handlers::settings))
        .route("/auth/v1/authorize", get(oauth::authorize))
        .route("/auth/v1/callback", get(oauth::callback))
        .route("/auth/v1/factors", post(mfa::enroll))
        .route(
            "/auth/v1/factors/{id}",
            axum::routing::delete(mfa::unenroll),
        )
        .route("/auth/v1/factors/{id}/challenge", post(mfa::challenge))
        .route("/auth/v1/factors/{id}/verify", post(mfa::verify))
        .route("/auth/v1/{*rest}", axum::routing::any(handlers::not_found))
        // auth-js reads error codes by this version (see error.rs).
        .layer(tower_http::set_header::SetResponseHeaderLayer::overriding(
            axum::http::HeaderName::from_static("x-supabase-api-version"),
            axum::http::HeaderValue::from_static("2024-01-01"),
        ))
}

/// Keys, limits and settings of the auth API, shared by every request.
pub struct AuthState {
    pub config: AuthConfig,
    pub keys: keys::KeyRing,
    pub limiter: crate::rate_limit::RateLimiter,
    /// For talking to sign-in providers.
    pub http: reqwest::Client,
    /// The mailer of the moment: as the server was started, or as the email settings say.
    pub mailer: std::sync::Arc<bazaar_commerce::mail_settings::Mailers>,
}

impl AuthState {
    /// Loads (or on first start creates) the signing keys.
    pub async fn load(db: &bazaar_db::Db, config: AuthConfig) -> bazaar_db::DbResult<AuthState> {
        let keys = keys::KeyRing::load(db, config.access_token_ttl).await?;
        // TLS for provider calls uses ring; installing it twice is harmless.
        let _ = rustls::crypto::ring::default_provider().install_default();
        let http = reqwest::Client::builder()
            .timeout(std::time::Duration::from_secs(10))
            .redirect(reqwest::redirect::Policy::none())
            .build()
            .map_err(|e| {
                bazaar_db::DbError::Conflict(format!("cannot build the HTTP client: {e}"))
            })?;
        let mailer = bazaar_mail::Mailer::new(config.mail.clone())
            .map_err(|e| bazaar_db::DbError::Conflict(format!("invalid mail settings: {e}")))?;
        let mailer = std::sync::Arc::new(bazaar_commerce::mail_settings::Mailers::new(
            mailer,
            config.secret_key.clone(),
        ));
        Ok(AuthState {
            config,
            keys,
            limiter: crate::rate_limit::RateLimiter::default(),
            http,
            mailer,
        })
    }
}
