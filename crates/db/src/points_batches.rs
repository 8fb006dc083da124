//! Batches of single-use points codes (admins make them, export them, watch them being
//! redeemed and may disable them). Redeeming lives with the other points movements, in
//! [`crate::points::redeem`].

use chrono::{DateTime, Utc};
use uuid::Uuid;

use crate::{Bind, Binds, Db, DbResult, Tx, on_db, on_tx};

/// A batch with how many of its codes were redeemed.
#[derive(Debug, Clone, PartialEq, sqlx::FromRow)]
pub struct Batch {
    pub id: Uuid,
    pub name: String,
    pub points: i64,
    pub size: i64,
    pub expires_at: DateTime<Utc>,
    pub created_at: DateTime<Utc>,
    /// The admin who made it (gone if their account was removed).
    pub created_by: Option<String>,
    pub disabled_at: Option<DateTime<Utc>>,
    pub redeemed: i64,
}

/// A new batch's own row.
#[derive(Debug, Clone)]
pub struct NewBatch<'a> {
    pub id: Uuid,
    pub name: &'a str,
    pub points: i64,
    pub size: i64,
    pub expires_at: DateTime<Utc>,
    pub created_at: DateTime<Utc>,
    pub created_by: Uuid,
}

const BATCH: &str = "SELECT b.id, b.name, b.points, b.size, b.expires_at, b.created_at, \
     u.email AS created_by, b.disabled_at, \
     (SELECT COUNT(*) FROM points_codes c WHERE c.batch_id = b.id AND c.redeemed_at IS NOT NULL) AS redeemed \
     FROM points_code_batches b LEFT JOIN users u ON u.id = b.created_by";

pub async fn insert(tx: &mut Tx, b: &NewBatch<'_>) -> DbResult<()> {
    on_tx!(tx, conn => sqlx::query(
        "INSERT INTO points_code_batches (id, name, points, size, expires_at, created_at, created_by) \
         VALUES ($1, $2, $3, $4, $5, $6, $7)",
    )
    .bind(b.id)
    .bind(b.name)
    .bind(b.points)
    .bind(b.size)
    .bind(b.expires_at)
    .bind(b.created_at)
    .bind(b.created_by)
    .execute(conn)
    .await.map(|r| r.rows_affected()))?;
    Ok(())
}

/// Adds `codes` to batch `b`; a code that exists already (of any batch or none) is skipped.
/// Answers how many were added.
pub async fn insert_codes(tx: &mut Tx, b: &NewBatch<'_>, codes: &[String]) -> DbResult<u64> {
    let mut added = 0;
    for chunk in codes.chunks(400) {
        let mut binds = Binds::default();
        let batch = binds.push(Bind::Uuid(b.id));
        let points = binds.push(Bind::I64(b.points));
        let description = binds.push(Bind::Text(format!("Batch {}", b.name)));
        let created = binds.push(Bind::Time(b.created_at));
        let expires = binds.push(Bind::Time(b.expires_at));
        let rows: Vec<String> = chunk
            .iter()
            .map(|code| {
                let code = binds.push(Bind::Text(code.clone()));
                format!("({code}, {batch}, {points}, {description}, {created}, {expires})")
            })
            .collect();
        let sql = format!(
            "INSERT INTO points_codes (code, batch_id, points, description, created_at, expires_at) \
             VALUES {} ON CONFLICT (code) DO NOTHING",
            rows.join(", ")
        );
        added += on_tx!(tx, conn => crate::bind_all!(sqlx::query(sqlx::AssertSqlSafe(sql)), &binds.0)
            .execute(conn)
            .await
            .map(|r| r.rows_affected()))?;
    }
    Ok(added)
}

/// The newest batches first, a page at a time, with the number of batches.
pub async fn list(db: &Db, limit: i64, offset: i64) -> DbResult<(Vec<Batch>, i64)> {
    let sql = format!("{BATCH} ORDER BY b.created_at DESC, b.id DESC LIMIT $1 OFFSET $2");
    let rows = on_db!(db, pool => sqlx::query_as::<_, Batch>(sqlx::AssertSqlSafe(sql))
        .bind(limit)
        .bind(offset)
        .fetch_all(pool)
        .await)?;
    let total = on_db!(db, pool => sqlx::query_scalar::<_, i64>("SELECT COUNT(*) FROM points_code_batches")
        .fetch_one(pool)
        .await)?;
    Ok((rows, total))
}

pub async fn get(db: &Db, id: Uuid) -> DbResult<Option<Batch>> {
    let sql = format!("{BATCH} WHERE b.id = $1");
    let row = on_db!(db, pool => sqlx::query_as::<_, Batch>(sqlx::AssertSqlSafe(sql))
        .bind(id)
        .fetch_optional(pool)
        .await)?;
    Ok(row)
}

/// [`get`] in a transaction.
pub async fn get_in(tx: &mut Tx, id: Uuid) -> DbResult<Option<Batch>> {
    let sql = format!("{BATCH} WHERE b.id = $1");
    let row = on_tx!(tx, conn => sqlx::query_as::<_, Batch>(sqlx::AssertSqlSafe(sql))
        .bind(id)
        .fetch_optional(conn)
        .await)?;
    Ok(row)
}

/// Disables the batch unless it is already; answers whether this call did.
pub async fn disable(tx: &mut Tx, id: Uuid, now: DateTime<Utc>) -> DbResult<bool> {
    let changed = on_tx!(tx, conn => sqlx::query(
        "UPDATE points_code_batches SET disabled_at = $2 WHERE id = $1 AND disabled_at IS NULL",
    )
    .bind(id)
    .bind(now)
    .execute(conn)
    .await.map(|r| r.rows_affected()))?;
    Ok(changed == 1)
}

/// One code of a batch, with who redeemed it and when.
#[derive(Debug, Clone, PartialEq, sqlx::FromRow)]
pub struct BatchCode {
    pub code: String,
    pub redeemed_at: Option<DateTime<Utc>>,
    pub redeemed_by: Option<String>,
}

const CODES: &str = "SELECT c.code, c.redeemed_at, u.email AS redeemed_by FROM points_codes c \
     LEFT JOIN points_code_redemptions r ON r.code = c.code \
     LEFT JOIN users u ON u.id = r.user_id WHERE c.batch_id = $1";

/// Every code of the batch, in code order (for the export).
pub async fn codes(db: &Db, batch: Uuid) -> DbResult<Vec<BatchCode>> {
    let sql = format!("{CODES} ORDER BY c.code");
    let rows = on_db!(db, pool => sqlx::query_as::<_, BatchCode>(sqlx::AssertSqlSafe(sql))
        .bind(batch)
        .fetch_all(pool)
        .await)?;
    Ok(rows)
}

/// The batch's redeemed codes, the latest first, a page at a time.
pub async fn redemptions(
    db: &Db,
    batch: Uuid,
    limit: i64,
    offset: i64,
) -> DbResult<Vec<BatchCode>> {
    let sql = format!(
        "{CODES} AND c.redeemed_at IS NOT NULL ORDER BY c.redeemed_at DESC, c.code LIMIT $2 OFFSET $3"
    );
    let rows = on_db!(db, pool => sqlx::query_as::<_, BatchCode>(sqlx::AssertSqlSafe(sql))
        .bind(batch)
        .bind(limit)
        .bind(offset)
        .fetch_all(pool)
        .await)?;
    Ok(rows)
}
