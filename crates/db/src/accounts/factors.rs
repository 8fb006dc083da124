//! Second factors (TOTP) and their challenges.

use chrono::{DateTime, Utc};
use uuid::Uuid;

use crate::{Db, DbResult, Tx, on_db, on_tx};

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

/// [`factors_of`] inside a transaction.
pub async fn factors_in(tx: &mut Tx, user: Uuid) -> DbResult<Vec<FactorRow>> {
    let sql =
        format!("SELECT {FACTOR_COLUMNS} FROM mfa_factors WHERE user_id = $1 ORDER BY created_at");
    Ok(
        on_tx!(tx, conn => sqlx::query_as::<_, FactorRow>(sqlx::AssertSqlSafe(sql)).bind(user).fetch_all(conn).await?),
    )
}
