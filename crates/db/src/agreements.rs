//! Vendor agreements: versioned texts (the highest version is current) and who accepted
//! which version, when and from where.

use chrono::{DateTime, Utc};
use uuid::Uuid;

use crate::{Db, DbError, DbResult, Tx, on_db, on_tx};

#[derive(Debug, Clone, PartialEq, sqlx::FromRow)]
pub struct AgreementRow {
    pub id: Uuid,
    pub version: i64,
    pub title: String,
    pub commission_rate_bps: i64,
    pub payout_schedule: String,
    pub terms: String,
    pub published_at: DateTime<Utc>,
}

const COLUMNS: &str =
    "id, version, title, commission_rate_bps, payout_schedule, terms, published_at";

/// The current agreement (the migrations publish version 1, so there always is one).
pub async fn current(db: &Db) -> DbResult<AgreementRow> {
    let sql = format!("SELECT {COLUMNS} FROM vendor_agreements ORDER BY version DESC LIMIT 1");
    on_db!(db, pool => sqlx::query_as::<_, AgreementRow>(sqlx::AssertSqlSafe(sql)).fetch_optional(pool).await?)
        .ok_or(DbError::NotFound)
}

/// [`current`] inside a transaction.
pub async fn current_in(tx: &mut Tx) -> DbResult<AgreementRow> {
    let sql = format!("SELECT {COLUMNS} FROM vendor_agreements ORDER BY version DESC LIMIT 1");
    on_tx!(tx, conn => sqlx::query_as::<_, AgreementRow>(sqlx::AssertSqlSafe(sql)).fetch_optional(conn).await?)
        .ok_or(DbError::NotFound)
}

/// Every version, newest first.
pub async fn all(db: &Db) -> DbResult<Vec<AgreementRow>> {
    let sql = format!("SELECT {COLUMNS} FROM vendor_agreements ORDER BY version DESC");
    Ok(
        on_db!(db, pool => sqlx::query_as::<_, AgreementRow>(sqlx::AssertSqlSafe(sql)).fetch_all(pool).await?),
    )
}

pub async fn by_version(db: &Db, version: i64) -> DbResult<Option<AgreementRow>> {
    let sql = format!("SELECT {COLUMNS} FROM vendor_agreements WHERE version = $1");
    Ok(
        on_db!(db, pool => sqlx::query_as::<_, AgreementRow>(sqlx::AssertSqlSafe(sql))
        .bind(version).fetch_optional(pool).await?),
    )
}

pub async fn by_id_in(tx: &mut Tx, id: Uuid) -> DbResult<AgreementRow> {
    let sql = format!("SELECT {COLUMNS} FROM vendor_agreements WHERE id = $1");
    on_tx!(tx, conn => sqlx::query_as::<_, AgreementRow>(sqlx::AssertSqlSafe(sql))
        .bind(id).fetch_optional(conn).await?)
    .ok_or(DbError::NotFound)
}

/// A new version after the current one. Two admins publishing at once: one gets the next
/// number, the other a conflict.
pub struct NewAgreement<'a> {
    pub title: &'a str,
    pub commission_rate_bps: i64,
    pub payout_schedule: &'a str,
    pub terms: &'a str,
    pub published_by: Uuid,
}

pub async fn publish(
    tx: &mut Tx,
    a: &NewAgreement<'_>,
    now: DateTime<Utc>,
) -> DbResult<AgreementRow> {
    let version = current_in(tx).await.map(|c| c.version).unwrap_or(0) + 1;
    let id = Uuid::now_v7();
    on_tx!(tx, conn => sqlx::query(
        "INSERT INTO vendor_agreements (id, version, title, commission_rate_bps, payout_schedule, terms, \
         published_by, published_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)",
    )
    .bind(id).bind(version).bind(a.title).bind(a.commission_rate_bps).bind(a.payout_schedule)
    .bind(a.terms).bind(a.published_by).bind(now)
    .execute(conn).await.map_err(DbError::classify)?.rows_affected());
    by_id_in(tx, id).await
}

#[derive(Debug, Clone, PartialEq, sqlx::FromRow)]
pub struct AcceptanceRow {
    pub version: i64,
    pub title: String,
    pub accepted_at: DateTime<Utc>,
    pub accepted_from: String,
}

/// Records that `user` accepts agreement `agreement_id`; accepting again keeps the first
/// acceptance. Returns the acceptance on record.
pub async fn accept(
    tx: &mut Tx,
    user: Uuid,
    agreement_id: Uuid,
    from: &str,
    now: DateTime<Utc>,
) -> DbResult<AcceptanceRow> {
    on_tx!(tx, conn => sqlx::query(
        "INSERT INTO vendor_agreement_acceptances (id, user_id, agreement_id, accepted_at, accepted_from) \
         VALUES ($1, $2, $3, $4, $5) ON CONFLICT (user_id, agreement_id) DO NOTHING",
    )
    .bind(Uuid::now_v7()).bind(user).bind(agreement_id).bind(now).bind(from)
    .execute(conn).await?.rows_affected());
    let row = on_tx!(tx, conn => sqlx::query_as::<_, AcceptanceRow>(
        "SELECT a.version, a.title, x.accepted_at, x.accepted_from FROM vendor_agreement_acceptances x \
         JOIN vendor_agreements a ON a.id = x.agreement_id WHERE x.user_id = $1 AND x.agreement_id = $2",
    )
    .bind(user).bind(agreement_id).fetch_one(conn).await?);
    Ok(row)
}

/// A user's acceptances, newest version first.
pub async fn acceptances(db: &Db, user: Uuid) -> DbResult<Vec<AcceptanceRow>> {
    Ok(on_db!(db, pool => sqlx::query_as::<_, AcceptanceRow>(
        "SELECT a.version, a.title, x.accepted_at, x.accepted_from FROM vendor_agreement_acceptances x \
         JOIN vendor_agreements a ON a.id = x.agreement_id WHERE x.user_id = $1 ORDER BY a.version DESC",
    )
    .bind(user).fetch_all(pool).await?))
}

const ACCEPTED_VERSION: &str = "SELECT MAX(a.version) FROM vendor_agreement_acceptances x \
     JOIN vendor_agreements a ON a.id = x.agreement_id WHERE x.user_id = $1";

/// The highest version a user accepted.
pub async fn accepted_version(db: &Db, user: Uuid) -> DbResult<Option<i64>> {
    Ok(
        on_db!(db, pool => sqlx::query_scalar::<_, Option<i64>>(ACCEPTED_VERSION)
    .bind(user).fetch_one(pool).await?),
    )
}

/// [`accepted_version`] inside a transaction.
pub async fn accepted_version_in(tx: &mut Tx, user: Uuid) -> DbResult<Option<i64>> {
    Ok(
        on_tx!(tx, conn => sqlx::query_scalar::<_, Option<i64>>(ACCEPTED_VERSION)
    .bind(user).fetch_one(conn).await?),
    )
}
