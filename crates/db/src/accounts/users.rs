//! Users and their profiles.

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
    /// Set while an admin has the account suspended: no sign-in, no session.
    pub suspended_at: Option<DateTime<Utc>>,
}

const USER_SELECT: &str = "SELECT u.id, u.email, u.encrypted_password, u.email_confirmed_at, \
    u.confirmation_sent_at, u.recovery_sent_at, u.last_sign_in_at, u.raw_user_meta_data, \
    u.raw_app_meta_data, u.created_at, u.updated_at, COALESCE(p.role, 'customer') AS role, u.suspended_at \
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

/// A user's id by email, inside a transaction.
pub async fn user_id_by_email_in(tx: &mut Tx, email: &str) -> DbResult<Option<Uuid>> {
    Ok(
        on_tx!(tx, conn => sqlx::query_scalar::<_, Uuid>("SELECT id FROM users WHERE email = $1")
        .bind(email.to_lowercase()).fetch_optional(conn).await?),
    )
}

/// Sets a user's role inside a transaction (an approved applicant becomes a vendor).
pub async fn set_role_in(tx: &mut Tx, id: Uuid, role: &str, now: DateTime<Utc>) -> DbResult<()> {
    let changed = on_tx!(tx, conn => sqlx::query("UPDATE profiles SET role = $2, updated_at = $3 WHERE id = $1")
        .bind(id).bind(role).bind(now).execute(conn).await?.rows_affected());
    if changed == 0 {
        on_tx!(tx, conn => sqlx::query(
            "INSERT INTO profiles (id, role, full_name, created_at, updated_at) VALUES ($1, $2, '', $3, $3)")
            .bind(id).bind(role).bind(now).execute(conn).await?.rows_affected());
    }
    Ok(())
}
