//! Accounts: users and their profiles, sign-in sessions with rotating refresh tokens, and
//! the keys access tokens are signed with. Tokens are stored only as hashes.

use chrono::{DateTime, Utc};
use serde_json::Value;
use sqlx::types::Json;
use uuid::Uuid;

use crate::{Db, DbError, DbResult, Tx, on_db, on_tx};

/// A user with the role from their profile (`customer` when there is none).
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct UserRow {
    pub id: Uuid,
    pub email: String,
    pub encrypted_password: Option<String>,
    pub email_confirmed_at: Option<DateTime<Utc>>,
    pub confirmation_sent_at: Option<DateTime<Utc>>,
    pub recovery_sent_at: Option<DateTime<Utc>>,
    pub last_sign_in_at: Option<DateTime<Utc>>,
    pub raw_user_meta_data: Json<Value>,
    pub raw_app_meta_data: Json<Value>,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
    pub role: String,
}

const USER_SELECT: &str = "SELECT u.id, u.email, u.encrypted_password, u.email_confirmed_at, \
    u.confirmation_sent_at, u.recovery_sent_at, u.last_sign_in_at, u.raw_user_meta_data, \
    u.raw_app_meta_data, u.created_at, u.updated_at, COALESCE(p.role, 'customer') AS role \
    FROM users u LEFT JOIN profiles p ON p.id = u.id";

/// What a new account starts with.
#[derive(Debug, Clone)]
pub struct NewUser {
    /// Lower-cased.
    pub email: String,
    pub password_hash: Option<String>,
    pub full_name: String,
    pub user_metadata: Value,
    pub app_metadata: Value,
    pub role: String,
    pub confirmed: bool,
    pub confirmation_token_hash: Option<String>,
}

/// Creates the user and their profile; an email already in use is [`DbError::Conflict`].
pub async fn create_user(tx: &mut Tx, new: &NewUser, now: DateTime<Utc>) -> DbResult<Uuid> {
    let id = Uuid::now_v7();
    let confirmed_at = new.confirmed.then_some(now);
    let sent_at = new.confirmation_token_hash.as_ref().map(|_| now);
    on_tx!(tx, conn => sqlx::query(
        "INSERT INTO users (id, email, encrypted_password, email_confirmed_at, confirmation_token_hash, \
         confirmation_sent_at, raw_user_meta_data, raw_app_meta_data, created_at, updated_at) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $9)",
    )
    .bind(id)
    .bind(&new.email)
    .bind(&new.password_hash)
    .bind(confirmed_at)
    .bind(&new.confirmation_token_hash)
    .bind(sent_at)
    .bind(Json(&new.user_metadata))
    .bind(Json(&new.app_metadata))
    .bind(now)
    .execute(conn)
    .await
    .map_err(DbError::classify)?
    .rows_affected());
    on_tx!(tx, conn => sqlx::query(
        "INSERT INTO profiles (id, role, full_name, created_at, updated_at) VALUES ($1, $2, $3, $4, $4)",
    )
    .bind(id)
    .bind(&new.role)
    .bind(&new.full_name)
    .bind(now)
    .execute(conn)
    .await?
    .rows_affected());
    Ok(id)
}

pub async fn user_by_email(db: &Db, email: &str) -> DbResult<Option<UserRow>> {
    let sql = format!("{USER_SELECT} WHERE u.email = $1");
    Ok(
        on_db!(db, pool => sqlx::query_as::<_, UserRow>(sqlx::AssertSqlSafe(sql))
        .bind(email.to_lowercase())
        .fetch_optional(pool)
        .await?),
    )
}

pub async fn user_by_id(db: &Db, id: Uuid) -> DbResult<Option<UserRow>> {
    let sql = format!("{USER_SELECT} WHERE u.id = $1");
    Ok(
        on_db!(db, pool => sqlx::query_as::<_, UserRow>(sqlx::AssertSqlSafe(sql)).bind(id).fetch_optional(pool).await?),
    )
}

/// Which one-time token a link carries.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum OneTimeToken {
    Confirmation,
    Recovery,
}

impl OneTimeToken {
    fn columns(self) -> (&'static str, &'static str) {
        match self {
            OneTimeToken::Confirmation => ("confirmation_token_hash", "confirmation_sent_at"),
            OneTimeToken::Recovery => ("recovery_token_hash", "recovery_sent_at"),
        }
    }
}

/// Stores a new one-time token for the user (replacing any earlier one).
pub async fn set_one_time_token(
    tx: &mut Tx,
    user: Uuid,
    kind: OneTimeToken,
    hash: &str,
    now: DateTime<Utc>,
) -> DbResult<()> {
    let (token, sent) = kind.columns();
    let sql = format!("UPDATE users SET {token} = $2, {sent} = $3, updated_at = $3 WHERE id = $1");
    on_tx!(tx, conn => sqlx::query(sqlx::AssertSqlSafe(sql)).bind(user).bind(hash).bind(now).execute(conn).await?.rows_affected());
    Ok(())
}

/// Uses a one-time token: clears it and returns its user, when it exists and was sent after
/// `not_before`. A confirmation also confirms the email.
pub async fn consume_one_time_token(
    tx: &mut Tx,
    kind: OneTimeToken,
    hash: &str,
    not_before: DateTime<Utc>,
    now: DateTime<Utc>,
) -> DbResult<Option<Uuid>> {
    let (token, sent) = kind.columns();
    let sql = format!("SELECT id FROM users WHERE {token} = $1 AND {sent} >= $2");
    let Some(id) = on_tx!(tx, conn => sqlx::query_scalar::<_, Uuid>(sqlx::AssertSqlSafe(sql))
        .bind(hash)
        .bind(not_before)
        .fetch_optional(conn)
        .await?)
    else {
        return Ok(None);
    };
    // Following either link proves the address.
    let sql = format!(
        "UPDATE users SET {token} = NULL, email_confirmed_at = COALESCE(email_confirmed_at, $2), \
         updated_at = $2 WHERE id = $1"
    );
    on_tx!(tx, conn => sqlx::query(sqlx::AssertSqlSafe(sql)).bind(id).bind(now).execute(conn).await?.rows_affected());
    Ok(Some(id))
}

/// Changes the password and/or the user metadata.
pub async fn update_user(
    tx: &mut Tx,
    id: Uuid,
    password_hash: Option<&str>,
    user_metadata: Option<&Value>,
    now: DateTime<Utc>,
) -> DbResult<()> {
    if let Some(hash) = password_hash {
        on_tx!(tx, conn => sqlx::query("UPDATE users SET encrypted_password = $2, updated_at = $3 WHERE id = $1")
            .bind(id).bind(hash).bind(now).execute(conn).await?.rows_affected());
    }
    if let Some(meta) = user_metadata {
        on_tx!(tx, conn => sqlx::query("UPDATE users SET raw_user_meta_data = $2, updated_at = $3 WHERE id = $1")
            .bind(id).bind(Json(meta)).bind(now).execute(conn).await?.rows_affected());
        if let Some(name) = meta.get("full_name").and_then(Value::as_str) {
            on_tx!(tx, conn => sqlx::query("UPDATE profiles SET full_name = $2, updated_at = $3 WHERE id = $1")
                .bind(id).bind(name.trim()).bind(now).execute(conn).await?.rows_affected());
        }
    }
    Ok(())
}

pub async fn record_sign_in(tx: &mut Tx, id: Uuid, now: DateTime<Utc>) -> DbResult<()> {
    on_tx!(tx, conn => sqlx::query("UPDATE users SET last_sign_in_at = $2 WHERE id = $1")
        .bind(id).bind(now).execute(conn).await?.rows_affected());
    Ok(())
}

// --- sessions and refresh tokens -------------------------------------------------------

#[derive(Debug, Clone, sqlx::FromRow)]
pub struct SessionRow {
    pub id: Uuid,
    pub user_id: Uuid,
    pub aal: String,
    pub amr: Json<Value>,
    pub created_at: DateTime<Utc>,
}

pub async fn create_session(
    tx: &mut Tx,
    user: Uuid,
    aal: &str,
    amr: &Value,
    now: DateTime<Utc>,
) -> DbResult<Uuid> {
    let id = Uuid::now_v7();
    on_tx!(tx, conn => sqlx::query(
        "INSERT INTO auth_sessions (id, user_id, aal, amr, created_at, updated_at) VALUES ($1, $2, $3, $4, $5, $5)",
    )
    .bind(id).bind(user).bind(aal).bind(Json(amr)).bind(now)
    .execute(conn).await?.rows_affected());
    Ok(id)
}

pub async fn session(db: &Db, id: Uuid) -> DbResult<Option<SessionRow>> {
    Ok(on_db!(db, pool => sqlx::query_as::<_, SessionRow>(
        "SELECT id, user_id, aal, amr, created_at FROM auth_sessions WHERE id = $1",
    )
    .bind(id).fetch_optional(pool).await?))
}

pub async fn session_in(tx: &mut Tx, id: Uuid) -> DbResult<Option<SessionRow>> {
    Ok(on_tx!(tx, conn => sqlx::query_as::<_, SessionRow>(
        "SELECT id, user_id, aal, amr, created_at FROM auth_sessions WHERE id = $1",
    )
    .bind(id).fetch_optional(conn).await?))
}

pub async fn raise_session(
    tx: &mut Tx,
    id: Uuid,
    aal: &str,
    amr: &Value,
    now: DateTime<Utc>,
) -> DbResult<()> {
    on_tx!(tx, conn => sqlx::query("UPDATE auth_sessions SET aal = $2, amr = $3, updated_at = $4 WHERE id = $1")
        .bind(id).bind(aal).bind(Json(amr)).bind(now).execute(conn).await?.rows_affected());
    Ok(())
}

pub async fn issue_refresh_token(
    tx: &mut Tx,
    session: Uuid,
    user: Uuid,
    hash: &str,
    now: DateTime<Utc>,
) -> DbResult<()> {
    on_tx!(tx, conn => sqlx::query(
        "INSERT INTO refresh_tokens (id, token_hash, session_id, user_id, revoked, created_at, updated_at) \
         VALUES ($1, $2, $3, $4, FALSE, $5, $5)",
    )
    .bind(Uuid::now_v7()).bind(hash).bind(session).bind(user).bind(now)
    .execute(conn).await?.rows_affected());
    Ok(())
}

#[derive(Debug, Clone, sqlx::FromRow)]
pub struct RefreshTokenRow {
    pub id: Uuid,
    pub session_id: Uuid,
    pub user_id: Uuid,
    pub revoked: bool,
}

pub async fn refresh_token(tx: &mut Tx, hash: &str) -> DbResult<Option<RefreshTokenRow>> {
    Ok(on_tx!(tx, conn => sqlx::query_as::<_, RefreshTokenRow>(
        "SELECT id, session_id, user_id, revoked FROM refresh_tokens WHERE token_hash = $1",
    )
    .bind(hash).fetch_optional(conn).await?))
}

/// Marks a refresh token used; false when it already was (a concurrent rotation won).
pub async fn revoke_refresh_token(tx: &mut Tx, id: Uuid, now: DateTime<Utc>) -> DbResult<bool> {
    let changed = on_tx!(tx, conn => sqlx::query(
        "UPDATE refresh_tokens SET revoked = TRUE, updated_at = $2 WHERE id = $1 AND revoked = FALSE",
    )
    .bind(id).bind(now).execute(conn).await?.rows_affected());
    Ok(changed == 1)
}

/// Ends one session and its refresh tokens.
pub async fn delete_session(tx: &mut Tx, id: Uuid) -> DbResult<()> {
    on_tx!(tx, conn => sqlx::query("DELETE FROM refresh_tokens WHERE session_id = $1").bind(id).execute(conn).await?.rows_affected());
    on_tx!(tx, conn => sqlx::query("DELETE FROM auth_sessions WHERE id = $1").bind(id).execute(conn).await?.rows_affected());
    Ok(())
}

/// Ends every session of a user, except `keep` when given.
pub async fn delete_user_sessions(tx: &mut Tx, user: Uuid, keep: Option<Uuid>) -> DbResult<()> {
    let keep = keep.unwrap_or(Uuid::nil());
    on_tx!(tx, conn => sqlx::query("DELETE FROM refresh_tokens WHERE user_id = $1 AND session_id <> $2")
        .bind(user).bind(keep).execute(conn).await?.rows_affected());
    on_tx!(tx, conn => sqlx::query("DELETE FROM auth_sessions WHERE user_id = $1 AND id <> $2")
        .bind(user).bind(keep).execute(conn).await?.rows_affected());
    Ok(())
}

// --- signing keys ------------------------------------------------------------------------

#[derive(Debug, Clone, sqlx::FromRow)]
pub struct KeyRow {
    pub kid: String,
    pub private_pem: String,
    pub created_at: DateTime<Utc>,
    pub retired_at: Option<DateTime<Utc>>,
}

/// Keys still published: the current one (newest, not retired) and retired ones whose
/// tokens may still be alive (retired after `published_since`).
pub async fn published_keys(db: &Db, published_since: DateTime<Utc>) -> DbResult<Vec<KeyRow>> {
    Ok(on_db!(db, pool => sqlx::query_as::<_, KeyRow>(
        "SELECT kid, private_pem, created_at, retired_at FROM auth_keys \
         WHERE retired_at IS NULL OR retired_at > $1 ORDER BY created_at DESC",
    )
    .bind(published_since).fetch_all(pool).await?))
}

/// Adds a key and retires every other current key, in one transaction.
pub async fn rotate_key(db: &Db, kid: &str, private_pem: &str, now: DateTime<Utc>) -> DbResult<()> {
    let mut tx = db.begin().await?;
    on_tx!(&mut tx, conn => sqlx::query("UPDATE auth_keys SET retired_at = $1 WHERE retired_at IS NULL")
        .bind(now).execute(conn).await?.rows_affected());
    on_tx!(&mut tx, conn => sqlx::query("INSERT INTO auth_keys (kid, private_pem, created_at) VALUES ($1, $2, $3)")
        .bind(kid).bind(private_pem).bind(now).execute(conn).await?.rows_affected());
    tx.commit().await
}

/// Adds the first key unless another process already did; true when this one was stored.
pub async fn insert_first_key(
    db: &Db,
    kid: &str,
    private_pem: &str,
    now: DateTime<Utc>,
) -> DbResult<bool> {
    let mut tx = db.begin().await?;
    let existing = on_tx!(&mut tx, conn => sqlx::query_scalar::<_, i64>(
        "SELECT COUNT(*) FROM auth_keys WHERE retired_at IS NULL").fetch_one(conn).await?);
    if existing > 0 {
        tx.rollback().await?;
        return Ok(false);
    }
    on_tx!(&mut tx, conn => sqlx::query("INSERT INTO auth_keys (kid, private_pem, created_at) VALUES ($1, $2, $3)")
        .bind(kid).bind(private_pem).bind(now).execute(conn).await?.rows_affected());
    tx.commit().await?;
    Ok(true)
}

// --- profiles --------------------------------------------------------------------------

#[derive(Debug, Clone, sqlx::FromRow)]
pub struct ProfileRow {
    pub id: Uuid,
    pub role: String,
    pub full_name: String,
    pub avatar_url: Option<String>,
    pub theme: String,
}

pub async fn profile(db: &Db, id: Uuid) -> DbResult<Option<ProfileRow>> {
    Ok(on_db!(db, pool => sqlx::query_as::<_, ProfileRow>(
        "SELECT id, role, full_name, avatar_url, theme FROM profiles WHERE id = $1",
    )
    .bind(id).fetch_optional(pool).await?))
}

/// Changes the given profile fields; `avatar_url: Some(None)` clears the avatar.
pub async fn update_profile(
    db: &Db,
    id: Uuid,
    full_name: Option<&str>,
    avatar_url: Option<Option<&str>>,
    theme: Option<&str>,
    now: DateTime<Utc>,
) -> DbResult<()> {
    let mut tx = db.begin().await?;
    if let Some(name) = full_name {
        on_tx!(&mut tx, conn => sqlx::query("UPDATE profiles SET full_name = $2, updated_at = $3 WHERE id = $1")
            .bind(id).bind(name).bind(now).execute(conn).await?.rows_affected());
    }
    if let Some(url) = avatar_url {
        on_tx!(&mut tx, conn => sqlx::query("UPDATE profiles SET avatar_url = $2, updated_at = $3 WHERE id = $1")
            .bind(id).bind(url).bind(now).execute(conn).await?.rows_affected());
    }
    if let Some(theme) = theme {
        on_tx!(&mut tx, conn => sqlx::query("UPDATE profiles SET theme = $2, updated_at = $3 WHERE id = $1")
            .bind(id).bind(theme).bind(now).execute(conn).await?.rows_affected());
    }
    tx.commit().await
}

/// Sets a user's role by email; false when there is no such user.
pub async fn set_role(db: &Db, email: &str, role: &str, now: DateTime<Utc>) -> DbResult<bool> {
    let Some(user) = user_by_email(db, email).await? else {
        return Ok(false);
    };
    let mut tx = db.begin().await?;
    let changed = on_tx!(&mut tx, conn => sqlx::query("UPDATE profiles SET role = $2, updated_at = $3 WHERE id = $1")
        .bind(user.id).bind(role).bind(now).execute(conn).await?.rows_affected());
    if changed == 0 {
        on_tx!(&mut tx, conn => sqlx::query(
            "INSERT INTO profiles (id, role, full_name, created_at, updated_at) VALUES ($1, $2, '', $3, $3)")
            .bind(user.id).bind(role).bind(now).execute(conn).await?.rows_affected());
    }
    tx.commit().await?;
    Ok(true)
}

/// [`user_by_id`] inside a transaction.
pub async fn user_by_id_in(tx: &mut Tx, id: Uuid) -> DbResult<Option<UserRow>> {
    let sql = format!("{USER_SELECT} WHERE u.id = $1");
    Ok(
        on_tx!(tx, conn => sqlx::query_as::<_, UserRow>(sqlx::AssertSqlSafe(sql)).bind(id).fetch_optional(conn).await?),
    )
}

// --- second factors (TOTP) --------------------------------------------------------------

#[derive(Debug, Clone, sqlx::FromRow)]
pub struct FactorRow {
    pub id: Uuid,
    pub user_id: Uuid,
    pub friendly_name: String,
    pub factor_type: String,
    pub status: String,
    pub secret: String,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
}

const FACTOR_COLUMNS: &str =
    "id, user_id, friendly_name, factor_type, status, secret, created_at, updated_at";

pub async fn factors_of(db: &Db, user: Uuid) -> DbResult<Vec<FactorRow>> {
    let sql =
        format!("SELECT {FACTOR_COLUMNS} FROM mfa_factors WHERE user_id = $1 ORDER BY created_at");
    Ok(
        on_db!(db, pool => sqlx::query_as::<_, FactorRow>(sqlx::AssertSqlSafe(sql)).bind(user).fetch_all(pool).await?),
    )
}

pub async fn factor_in(tx: &mut Tx, id: Uuid) -> DbResult<Option<FactorRow>> {
    let sql = format!("SELECT {FACTOR_COLUMNS} FROM mfa_factors WHERE id = $1");
    Ok(
        on_tx!(tx, conn => sqlx::query_as::<_, FactorRow>(sqlx::AssertSqlSafe(sql)).bind(id).fetch_optional(conn).await?),
    )
}

pub async fn create_factor(
    tx: &mut Tx,
    user: Uuid,
    friendly_name: &str,
    secret: &str,
    now: DateTime<Utc>,
) -> DbResult<Uuid> {
    let id = Uuid::now_v7();
    on_tx!(tx, conn => sqlx::query(
        "INSERT INTO mfa_factors (id, user_id, friendly_name, factor_type, status, secret, created_at, updated_at) \
         VALUES ($1, $2, $3, 'totp', 'unverified', $4, $5, $5)",
    )
    .bind(id).bind(user).bind(friendly_name).bind(secret).bind(now)
    .execute(conn).await?.rows_affected());
    Ok(id)
}

pub async fn verify_factor(tx: &mut Tx, id: Uuid, now: DateTime<Utc>) -> DbResult<()> {
    on_tx!(tx, conn => sqlx::query("UPDATE mfa_factors SET status = 'verified', updated_at = $2 WHERE id = $1")
        .bind(id).bind(now).execute(conn).await?.rows_affected());
    Ok(())
}

pub async fn delete_factor(tx: &mut Tx, id: Uuid) -> DbResult<()> {
    on_tx!(tx, conn => sqlx::query("DELETE FROM mfa_factors WHERE id = $1").bind(id).execute(conn).await?.rows_affected());
    Ok(())
}

pub async fn create_challenge(tx: &mut Tx, factor: Uuid, now: DateTime<Utc>) -> DbResult<Uuid> {
    let id = Uuid::now_v7();
    on_tx!(tx, conn => sqlx::query("INSERT INTO mfa_challenges (id, factor_id, created_at) VALUES ($1, $2, $3)")
        .bind(id).bind(factor).bind(now).execute(conn).await?.rows_affected());
    Ok(id)
}

/// Uses a challenge of `factor` created after `not_before`; false when there is no such
/// unused challenge (each challenge answers one verification).
pub async fn use_challenge(
    tx: &mut Tx,
    id: Uuid,
    factor: Uuid,
    not_before: DateTime<Utc>,
    now: DateTime<Utc>,
) -> DbResult<bool> {
    let changed = on_tx!(tx, conn => sqlx::query(
        "UPDATE mfa_challenges SET verified_at = $4 WHERE id = $1 AND factor_id = $2 AND created_at >= $3 AND verified_at IS NULL",
    )
    .bind(id).bind(factor).bind(not_before).bind(now)
    .execute(conn).await?.rows_affected());
    Ok(changed == 1)
}

/// Revokes every refresh token of a session (after its assurance level changed).
pub async fn revoke_session_tokens(tx: &mut Tx, session: Uuid, now: DateTime<Utc>) -> DbResult<()> {
    on_tx!(tx, conn => sqlx::query("UPDATE refresh_tokens SET revoked = TRUE, updated_at = $2 WHERE session_id = $1")
        .bind(session).bind(now).execute(conn).await?.rows_affected());
    Ok(())
}

/// [`factors_of`] inside a transaction.
pub async fn factors_in(tx: &mut Tx, user: Uuid) -> DbResult<Vec<FactorRow>> {
    let sql =
        format!("SELECT {FACTOR_COLUMNS} FROM mfa_factors WHERE user_id = $1 ORDER BY created_at");
    Ok(
        on_tx!(tx, conn => sqlx::query_as::<_, FactorRow>(sqlx::AssertSqlSafe(sql)).bind(user).fetch_all(conn).await?),
    )
}

// --- outside providers (OAuth / OpenID Connect) -----------------------------------------

/// A sign-in with a provider in progress.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct OAuthFlowRow {
    pub id: Uuid,
    pub provider: String,
    pub code_verifier: String,
    pub nonce: String,
    pub redirect_to: String,
    pub created_at: DateTime<Utc>,
}

pub async fn create_oauth_flow(
    db: &Db,
    state_hash: &str,
    provider: &str,
    code_verifier: &str,
    nonce: &str,
    redirect_to: &str,
    now: DateTime<Utc>,
) -> DbResult<()> {
    on_db!(db, pool => sqlx::query(
        "INSERT INTO oauth_flows (id, state_hash, provider, code_verifier, nonce, redirect_to, created_at) \
         VALUES ($1, $2, $3, $4, $5, $6, $7)",
    )
    .bind(Uuid::now_v7()).bind(state_hash).bind(provider).bind(code_verifier).bind(nonce).bind(redirect_to).bind(now)
    .execute(pool).await?.rows_affected());
    Ok(())
}

/// Takes the flow a provider's `state` belongs to (each works once), if it started after
/// `not_before`; older flows are cleared on the way.
pub async fn take_oauth_flow(
    db: &Db,
    state_hash: &str,
    not_before: DateTime<Utc>,
) -> DbResult<Option<OAuthFlowRow>> {
    let mut tx = db.begin().await?;
    on_tx!(&mut tx, conn => sqlx::query("DELETE FROM oauth_flows WHERE created_at < $1")
        .bind(not_before).execute(conn).await?.rows_affected());
    let row = on_tx!(&mut tx, conn => sqlx::query_as::<_, OAuthFlowRow>(
        "SELECT id, provider, code_verifier, nonce, redirect_to, created_at FROM oauth_flows WHERE state_hash = $1",
    )
    .bind(state_hash).fetch_optional(conn).await?);
    if let Some(r) = &row {
        on_tx!(&mut tx, conn => sqlx::query("DELETE FROM oauth_flows WHERE id = $1").bind(r.id).execute(conn).await?.rows_affected());
    }
    tx.commit().await?;
    Ok(row)
}

/// The user linked to a provider account.
pub async fn user_for_identity(
    tx: &mut Tx,
    provider: &str,
    provider_id: &str,
) -> DbResult<Option<Uuid>> {
    Ok(on_tx!(tx, conn => sqlx::query_scalar::<_, Uuid>(
        "SELECT user_id FROM identities WHERE provider = $1 AND provider_id = $2",
    )
    .bind(provider).bind(provider_id).fetch_optional(conn).await?))
}

pub async fn link_identity(
    tx: &mut Tx,
    user: Uuid,
    provider: &str,
    provider_id: &str,
    data: &Value,
    now: DateTime<Utc>,
) -> DbResult<()> {
    on_tx!(tx, conn => sqlx::query(
        "INSERT INTO identities (id, user_id, provider, provider_id, identity_data, created_at, updated_at) \
         VALUES ($1, $2, $3, $4, $5, $6, $6)",
    )
    .bind(Uuid::now_v7()).bind(user).bind(provider).bind(provider_id).bind(Json(data)).bind(now)
    .execute(conn).await.map_err(DbError::classify)?.rows_affected());
    Ok(())
}

/// Confirms the user's email (a provider vouched for it) and adds the provider to the
/// user's app metadata.
pub async fn note_provider(
    tx: &mut Tx,
    user: Uuid,
    provider: &str,
    now: DateTime<Utc>,
) -> DbResult<()> {
    let meta = on_tx!(tx, conn => sqlx::query_scalar::<_, Json<Value>>("SELECT raw_app_meta_data FROM users WHERE id = $1")
        .bind(user).fetch_one(conn).await?);
    let mut meta = meta.0;
    if !meta.is_object() {
        meta = serde_json::json!({});
    }
    let mut providers: Vec<Value> = meta
        .get("providers")
        .and_then(Value::as_array)
        .cloned()
        .unwrap_or_default();
    if !providers.iter().any(|p| p == provider) {
        providers.push(Value::String(provider.to_owned()));
    }
    meta["providers"] = Value::Array(providers);
    if meta.get("provider").is_none() {
        meta["provider"] = Value::String(provider.to_owned());
    }
    on_tx!(tx, conn => sqlx::query(
        "UPDATE users SET raw_app_meta_data = $2, email_confirmed_at = COALESCE(email_confirmed_at, $3), updated_at = $3 WHERE id = $1",
    )
    .bind(user).bind(Json(&meta)).bind(now).execute(conn).await?.rows_affected());
    Ok(())
}

/// A user's id by email, inside a transaction.
pub async fn user_id_by_email_in(tx: &mut Tx, email: &str) -> DbResult<Option<Uuid>> {
    Ok(
        on_tx!(tx, conn => sqlx::query_scalar::<_, Uuid>("SELECT id FROM users WHERE email = $1")
        .bind(email.to_lowercase()).fetch_optional(conn).await?),
    )
}
