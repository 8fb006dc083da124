//! Sign-in with outside providers (OAuth / OpenID Connect): flows in progress and linked
//! identities.

use chrono::{DateTime, Utc};
use serde_json::Value;
use sqlx::types::Json;
use uuid::Uuid;

use crate::{Db, DbError, DbResult, Tx, on_db, on_tx};

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

/// Hands an account whose email was never confirmed to the person a provider vouches owns
/// that address: whoever signed up with it first proved nothing, so their password, pending
/// links, sessions and metadata go. `false` when the account was confirmed meanwhile (then
/// nothing changes).
pub async fn take_over_unconfirmed(
    tx: &mut Tx,
    user: Uuid,
    full_name: &str,
    user_metadata: &Value,
    now: DateTime<Utc>,
) -> DbResult<bool> {
    let taken = on_tx!(tx, conn => sqlx::query(
        "UPDATE users SET encrypted_password = NULL, confirmation_token_hash = NULL,          confirmation_sent_at = NULL, recovery_token_hash = NULL, recovery_sent_at = NULL,          raw_user_meta_data = $2, updated_at = $3 WHERE id = $1 AND email_confirmed_at IS NULL",
    )
    .bind(user).bind(Json(user_metadata)).bind(now).execute(conn).await?.rows_affected());
    if taken == 0 {
        return Ok(false);
    }
    on_tx!(tx, conn => sqlx::query("UPDATE profiles SET full_name = $2, updated_at = $3 WHERE id = $1")
        .bind(user).bind(full_name).bind(now).execute(conn).await?.rows_affected());
    super::delete_user_sessions(tx, user, None).await?;
    on_tx!(tx, conn => sqlx::query("DELETE FROM mfa_factors WHERE user_id = $1")
        .bind(user).execute(conn).await?.rows_affected());
    Ok(true)
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
