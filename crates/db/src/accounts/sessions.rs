//! Sign-in sessions, their rotating refresh tokens (stored as hashes), and the keys access
//! tokens are signed with.

use chrono::{DateTime, Utc};
use serde_json::Value;
use sqlx::types::Json;
use uuid::Uuid;

use crate::{Db, DbResult, Tx, on_db, on_tx};

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

/// A session's user, assurance level and the user's role (customer when no profile), in
/// one query: what every signed-in request checks.
pub async fn session_with_role(
    db: &Db,
    id: Uuid,
) -> DbResult<Option<(Uuid, String, Option<String>)>> {
    Ok(
        on_db!(db, pool => sqlx::query_as::<_, (Uuid, String, Option<String>)>(
        "SELECT s.user_id, s.aal, p.role FROM auth_sessions s LEFT JOIN profiles p ON p.id = s.user_id WHERE s.id = $1",
    )
    .bind(id).fetch_optional(pool).await?),
    )
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

/// Revokes every refresh token of a session (after its assurance level changed).
pub async fn revoke_session_tokens(tx: &mut Tx, session: Uuid, now: DateTime<Utc>) -> DbResult<()> {
    on_tx!(tx, conn => sqlx::query("UPDATE refresh_tokens SET revoked = TRUE, updated_at = $2 WHERE session_id = $1")
        .bind(session).bind(now).execute(conn).await?.rows_affected());
    Ok(())
}
