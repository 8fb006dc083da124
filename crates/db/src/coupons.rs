//! Coupons: a percentage or a fixed amount off, with a minimum spend, a validity window,
//! usage limits overall and per customer, optionally for first orders only, platform-wide
//! or for one vendor's products.
//!
//! A use is claimed inside the checkout transaction with a conditional increment, so the
//! overall limit holds under concurrent checkouts; the per-customer count is read while
//! the customer's points row is locked (see `points::lock`), which serialises one
//! customer's checkouts. Cancelling an order gives its use back.

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use uuid::Uuid;

use bazaar_domain::coupon::CouponSpec;

use crate::{Db, DbError, DbResult, Tx, on_db, on_tx};

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, sqlx::FromRow)]
pub struct Coupon {
    pub id: Uuid,
    pub code: String,
    pub description: String,
    /// `percentage` or `fixed`.
    pub kind: String,
    /// Percent (1–100) or cents.
    pub value: i64,
    pub min_spend_cents: i64,
    pub starts_at: Option<DateTime<Utc>>,
    pub expires_at: Option<DateTime<Utc>>,
    pub usage_limit: Option<i64>,
    pub per_customer_limit: Option<i64>,
    pub first_order_only: bool,
    pub vendor_id: Option<Uuid>,
    pub times_used: i64,
    pub active: bool,
}

const COLUMNS: &str = "id, code, description, kind, value, min_spend_cents, starts_at, expires_at, usage_limit, \
     per_customer_limit, first_order_only, vendor_id, times_used, active";

/// Coupon codes are matched without regard to case or surrounding spaces.
pub fn normalise(code: &str) -> String {
    bazaar_domain::coupon::normalise_code(code)
}

pub async fn find(tx: &mut Tx, code: &str) -> DbResult<Option<Coupon>> {
    let sql = format!("SELECT {COLUMNS} FROM coupons WHERE code = $1");
    Ok(
        on_tx!(tx, conn => sqlx::query_as::<_, Coupon>(sqlx::AssertSqlSafe(sql))
        .bind(normalise(code))
        .fetch_optional(conn)
        .await)?,
    )
}

/// Why a coupon cannot be used by this customer now (the amount rules are checked by
/// `bazaar_domain::checkout::coupon_discount`).
pub async fn refusal(
    tx: &mut Tx,
    c: &Coupon,
    user_id: Uuid,
    now: DateTime<Utc>,
) -> DbResult<Option<String>> {
    if !c.active || c.starts_at.is_some_and(|s| s > now) {
        return Ok(Some("This coupon is not valid".into()));
    }
    if c.expires_at.is_some_and(|e| e <= now) {
        return Ok(Some("This coupon has expired".into()));
    }
    if c.usage_limit.is_some_and(|limit| c.times_used >= limit) {
        return Ok(Some("This coupon has been fully redeemed".into()));
    }
    if let Some(limit) = c.per_customer_limit {
        let used = on_tx!(tx, conn => sqlx::query_scalar::<_, i64>(
            "SELECT COUNT(*) FROM coupon_redemptions WHERE coupon_id = $1 AND user_id = $2",
        )
        .bind(c.id)
        .bind(user_id)
        .fetch_one(conn)
        .await)?;
        if used >= limit {
            return Ok(Some("You have already used this coupon".into()));
        }
    }
    if c.first_order_only {
        let orders = on_tx!(tx, conn => sqlx::query_scalar::<_, i64>(
            "SELECT COUNT(*) FROM orders WHERE user_id = $1 AND status <> 'cancelled'",
        )
        .bind(user_id)
        .fetch_one(conn)
        .await)?;
        if orders > 0 {
            return Ok(Some("This coupon is for your first order only".into()));
        }
    }
    Ok(None)
}

/// Takes one use of the coupon for `order_id`; false when the last use went meanwhile.
pub async fn claim(tx: &mut Tx, coupon_id: Uuid, user_id: Uuid, order_id: Uuid) -> DbResult<bool> {
    let n = on_tx!(tx, conn => sqlx::query(
        "UPDATE coupons SET times_used = times_used + 1 \
         WHERE id = $1 AND (usage_limit IS NULL OR times_used < usage_limit)",
    )
    .bind(coupon_id)
    .execute(conn)
    .await.map(|r| r.rows_affected()))?;
    if n == 0 {
        return Ok(false);
    }
    on_tx!(tx, conn => sqlx::query(
        "INSERT INTO coupon_redemptions (coupon_id, user_id, order_id, created_at) VALUES ($1, $2, $3, $4)",
    )
    .bind(coupon_id)
    .bind(user_id)
    .bind(order_id)
    .bind(Utc::now())
    .execute(conn)
    .await.map(|r| r.rows_affected()))?;
    Ok(true)
}

/// Gives back the use an order took, if any.
pub async fn release(tx: &mut Tx, order_id: Uuid) -> DbResult<()> {
    let coupon = on_tx!(tx, conn => sqlx::query_scalar::<_, Uuid>(
        "DELETE FROM coupon_redemptions WHERE order_id = $1 RETURNING coupon_id",
    )
    .bind(order_id)
    .fetch_optional(conn)
    .await)?;
    if let Some(id) = coupon {
        on_tx!(tx, conn => sqlx::query(
            "UPDATE coupons SET times_used = times_used - 1 WHERE id = $1 AND times_used > 0",
        )
        .bind(id)
        .execute(conn)
        .await.map(|r| r.rows_affected()))?;
    }
    Ok(())
}

/// A coupon to create (seeds and, later, admin and vendor screens).
#[derive(Debug, Clone, Deserialize)]
pub struct NewCoupon {
    pub code: String,
    #[serde(default)]
    pub description: String,
    pub kind: String,
    pub value: i64,
    #[serde(default)]
    pub min_spend_cents: i64,
    #[serde(default)]
    pub expires_at: Option<DateTime<Utc>>,
    #[serde(default)]
    pub usage_limit: Option<i64>,
    #[serde(default)]
    pub per_customer_limit: Option<i64>,
    #[serde(default)]
    pub first_order_only: bool,
    #[serde(default)]
    pub vendor_id: Option<Uuid>,
}

/// Adds a coupon unless its code exists; returns whether it was added.
pub async fn create(tx: &mut Tx, c: &NewCoupon) -> DbResult<bool> {
    let n = on_tx!(tx, conn => sqlx::query(
        "INSERT INTO coupons (id, code, description, kind, value, min_spend_cents, expires_at, usage_limit, \
         per_customer_limit, first_order_only, vendor_id, times_used, active, created_at) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, 0, TRUE, $12) ON CONFLICT (code) DO NOTHING",
    )
    .bind(Uuid::now_v7())
    .bind(normalise(&c.code))
    .bind(&c.description)
    .bind(&c.kind)
    .bind(c.value)
    .bind(c.min_spend_cents)
    .bind(c.expires_at)
    .bind(c.usage_limit)
    .bind(c.per_customer_limit)
    .bind(c.first_order_only)
    .bind(c.vendor_id)
    .bind(Utc::now())
    .execute(conn)
    .await.map(|r| r.rows_affected()))?;
    Ok(n == 1)
}

/// A store's coupons, newest first.
pub async fn of_vendor(db: &Db, vendor_id: Uuid) -> DbResult<Vec<Coupon>> {
    let sql = format!(
        "SELECT {COLUMNS} FROM coupons WHERE vendor_id = $1 ORDER BY created_at DESC, id DESC"
    );
    Ok(
        on_db!(db, pool => sqlx::query_as::<_, Coupon>(sqlx::AssertSqlSafe(sql))
        .bind(vendor_id)
        .fetch_all(pool)
        .await?),
    )
}

/// One of a store's coupons; `NotFound` for anyone else's.
pub async fn one_of_vendor(db: &Db, vendor_id: Uuid, id: Uuid) -> DbResult<Coupon> {
    one_of(db, Some(vendor_id), id).await
}

/// One coupon of `owner` (a store, or `None`: the platform's); `NotFound` for another's.
pub async fn one_of(db: &Db, owner: Option<Uuid>, id: Uuid) -> DbResult<Coupon> {
    let sql = format!(
        "SELECT {COLUMNS} FROM coupons WHERE id = $1 AND vendor_id IS NOT DISTINCT FROM $2"
    );
    on_db!(db, pool => sqlx::query_as::<_, Coupon>(sqlx::AssertSqlSafe(sql))
        .bind(id)
        .bind(owner)
        .fetch_optional(pool)
        .await?)
    .ok_or(DbError::NotFound)
}

/// Checks inside a write that `id` is `owner`'s coupon; `NotFound` otherwise.
async fn owned(tx: &mut Tx, owner: Option<Uuid>, id: Uuid) -> DbResult<()> {
    on_tx!(tx, conn => sqlx::query_scalar::<_, Uuid>(
        "SELECT id FROM coupons WHERE id = $1 AND vendor_id IS NOT DISTINCT FROM $2",
    )
    .bind(id)
    .bind(owner)
    .fetch_optional(conn)
    .await?)
    .map(drop)
    .ok_or(DbError::NotFound)
}

/// Whether another coupon already has `code`.
async fn code_taken(tx: &mut Tx, code: &str, except: Option<Uuid>) -> DbResult<bool> {
    Ok(on_tx!(tx, conn => sqlx::query_scalar::<_, i64>(
        "SELECT COUNT(*) FROM coupons WHERE code = $1 AND id <> $2",
    )
    .bind(code)
    .bind(except.unwrap_or(Uuid::nil()))
    .fetch_one(conn)
    .await?)
        > 0)
}

/// Adds a coupon for `vendor_id`'s items (none: platform-wide); `Conflict` when the code
/// is taken.
pub async fn insert(
    tx: &mut Tx,
    vendor_id: Option<Uuid>,
    c: &CouponSpec,
    now: DateTime<Utc>,
) -> DbResult<Uuid> {
    if code_taken(tx, &c.code, None).await? {
        return Err(DbError::Conflict(c.code.clone()));
    }
    let (kind, value) = c.kind.stored();
    let id = Uuid::now_v7();
    on_tx!(tx, conn => sqlx::query(
        "INSERT INTO coupons (id, code, description, kind, value, min_spend_cents, starts_at, expires_at, \
         usage_limit, per_customer_limit, first_order_only, vendor_id, times_used, active, created_at) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, FALSE, $11, 0, $12, $13)",
    )
    .bind(id)
    .bind(&c.code)
    .bind(&c.description)
    .bind(kind)
    .bind(value)
    .bind(c.min_spend.0)
    .bind(c.starts_at)
    .bind(c.expires_at)
    .bind(c.usage_limit)
    .bind(c.per_customer_limit)
    .bind(vendor_id)
    .bind(c.active)
    .bind(now)
    .execute(conn)
    .await.map(|r| r.rows_affected()))?;
    Ok(id)
}

/// Rewrites one coupon of `owner` (a store, or `None`: the platform's); uses so far are
/// kept. `NotFound` for another's, `Conflict` when the new code is taken.
pub async fn update(tx: &mut Tx, owner: Option<Uuid>, id: Uuid, c: &CouponSpec) -> DbResult<()> {
    owned(tx, owner, id).await?;
    if code_taken(tx, &c.code, Some(id)).await? {
        return Err(DbError::Conflict(c.code.clone()));
    }
    let (kind, value) = c.kind.stored();
    on_tx!(tx, conn => sqlx::query(
        "UPDATE coupons SET code = $3, description = $4, kind = $5, value = $6, min_spend_cents = $7, \
         starts_at = $8, expires_at = $9, usage_limit = $10, per_customer_limit = $11, active = $12 \
         WHERE id = $1 AND vendor_id IS NOT DISTINCT FROM $2",
    )
    .bind(id)
    .bind(owner)
    .bind(&c.code)
    .bind(&c.description)
    .bind(kind)
    .bind(value)
    .bind(c.min_spend.0)
    .bind(c.starts_at)
    .bind(c.expires_at)
    .bind(c.usage_limit)
    .bind(c.per_customer_limit)
    .bind(c.active)
    .execute(conn)
    .await.map(|r| r.rows_affected()))?;
    Ok(())
}

/// Deletes one coupon of `owner` that was never used; false when it has uses (orders keep
/// their code, so it can only be switched off).
pub async fn delete_unused(tx: &mut Tx, owner: Option<Uuid>, id: Uuid) -> DbResult<bool> {
    owned(tx, owner, id).await?;
    let n = on_tx!(tx, conn => sqlx::query(
        "DELETE FROM coupons WHERE id = $1 AND vendor_id IS NOT DISTINCT FROM $2 AND times_used = 0 \
         AND NOT EXISTS (SELECT 1 FROM coupon_redemptions r WHERE r.coupon_id = coupons.id)",
    )
    .bind(id)
    .bind(owner)
    .execute(conn)
    .await.map(|r| r.rows_affected()))?;
    Ok(n == 1)
}

/// Which coupons an admin lists.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Scope {
    /// The platform's own (no store).
    Platform,
    /// Stores' coupons.
    Stores,
    All,
}

/// A coupon with what it has done: the orders that used it and the discount they got.
#[derive(Debug, Clone, PartialEq, sqlx::FromRow)]
pub struct CouponUsage {
    #[sqlx(flatten)]
    pub coupon: Coupon,
    /// The store whose coupon it is.
    pub store_name: Option<String>,
    pub orders: i64,
    pub discount_cents: i64,
    pub last_used_at: Option<DateTime<Utc>>,
}

/// The query of coupons with their usage, for the rows `filter` keeps.
fn with_usage_sql(filter: &str) -> String {
    let columns = COLUMNS
        .split(", ")
        .map(|c| format!("c.{}", c.trim()))
        .collect::<Vec<_>>()
        .join(", ");
    format!(
        "SELECT {columns}, v.store_name, \
         (SELECT COUNT(*) FROM coupon_redemptions r WHERE r.coupon_id = c.id) AS orders, \
         CAST((SELECT COALESCE(SUM(o.discount_cents), 0) FROM coupon_redemptions r \
          JOIN orders o ON o.id = r.order_id WHERE r.coupon_id = c.id) AS BIGINT) AS discount_cents, \
         (SELECT MAX(r.created_at) FROM coupon_redemptions r WHERE r.coupon_id = c.id) AS last_used_at \
         FROM coupons c LEFT JOIN vendors v ON v.id = c.vendor_id WHERE {filter}"
    )
}

/// Coupons with their usage, newest first, and how many match.
pub async fn with_usage(
    db: &Db,
    scope: Scope,
    limit: i64,
    offset: i64,
) -> DbResult<(Vec<CouponUsage>, i64)> {
    let filter = match scope {
        Scope::Platform => "c.vendor_id IS NULL",
        Scope::Stores => "c.vendor_id IS NOT NULL",
        Scope::All => "TRUE",
    };
    let sql = format!(
        "{} ORDER BY c.created_at DESC, c.id DESC LIMIT $1 OFFSET $2",
        with_usage_sql(filter)
    );
    let rows = on_db!(db, pool => sqlx::query_as::<_, CouponUsage>(sqlx::AssertSqlSafe(sql))
        .bind(limit)
        .bind(offset)
        .fetch_all(pool)
        .await)?;
    let count = format!("SELECT COUNT(*) FROM coupons c WHERE {filter}");
    let total = on_db!(db, pool => sqlx::query_scalar::<_, i64>(sqlx::AssertSqlSafe(count))
        .fetch_one(pool)
        .await)?;
    Ok((rows, total))
}

/// One coupon with its usage.
pub async fn usage_of(db: &Db, id: Uuid) -> DbResult<Option<CouponUsage>> {
    let sql = with_usage_sql("c.id = $1");
    let row = on_db!(db, pool => sqlx::query_as::<_, CouponUsage>(sqlx::AssertSqlSafe(sql))
        .bind(id)
        .fetch_optional(pool)
        .await)?;
    Ok(row)
}
