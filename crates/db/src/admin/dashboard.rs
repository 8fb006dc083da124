//! The figures of the admin dashboard, each one indexed query.

use chrono::{DateTime, Utc};

use crate::{Db, DbResult, on_db};

/// Orders paid and their money within a time range.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Sales {
    pub orders: i64,
    pub sales_cents: i64,
}

/// Orders paid in `[from, to)`, whatever happened to them since.
pub async fn sales(db: &Db, from: DateTime<Utc>, to: DateTime<Utc>) -> DbResult<Sales> {
    let (orders, sales_cents) = on_db!(db, pool => sqlx::query_as::<_, (i64, i64)>(
        "SELECT COUNT(*), CAST(COALESCE(SUM(total_cents), 0) AS BIGINT) FROM orders \
         WHERE paid_at >= $1 AND paid_at < $2",
    )
    .bind(from).bind(to).fetch_one(pool).await?);
    Ok(Sales {
        orders,
        sales_cents,
    })
}

/// How many orders are in each status.
pub async fn orders_by_status(db: &Db) -> DbResult<Vec<(String, i64)>> {
    Ok(on_db!(db, pool => sqlx::query_as::<_, (String, i64)>(
        "SELECT status, COUNT(*) FROM orders GROUP BY status ORDER BY status",
    )
    .fetch_all(pool).await?))
}

/// Customer accounts created in `[from, to)`: every account then less the vendors' and
/// admins' (few, found through the role index), so the many customers are counted from the
/// creation index alone.
pub async fn new_customers(db: &Db, from: DateTime<Utc>, to: DateTime<Utc>) -> DbResult<i64> {
    Ok(on_db!(db, pool => sqlx::query_scalar::<_, i64>(
        "SELECT (SELECT COUNT(*) FROM users WHERE created_at >= $1 AND created_at < $2) \
         - (SELECT COUNT(*) FROM profiles p JOIN users u ON u.id = p.id \
            WHERE p.role IN ('vendor', 'admin') AND u.created_at >= $1 AND u.created_at < $2)",
    )
    .bind(from).bind(to).fetch_one(pool).await?))
}

/// Stores opened in `[from, to)`.
pub async fn new_stores(db: &Db, from: DateTime<Utc>, to: DateTime<Utc>) -> DbResult<i64> {
    Ok(on_db!(db, pool => sqlx::query_scalar::<_, i64>(
        "SELECT COUNT(*) FROM vendors WHERE created_at >= $1 AND created_at < $2",
    )
    .bind(from).bind(to).fetch_one(pool).await?))
}

/// What waits for an admin: applications, products under review, refunds owed (count and
/// cents), reviews hidden.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Waiting {
    pub applications: i64,
    pub products_to_review: i64,
    pub refunds_due: i64,
    pub refunds_due_cents: i64,
    pub deals_to_review: i64,
}

pub async fn waiting(db: &Db) -> DbResult<Waiting> {
    let (applications, products_to_review, refunds_due, refunds_due_cents, deals_to_review) = on_db!(db, pool => sqlx::query_as::<_, (i64, i64, i64, i64, i64)>(
        "SELECT (SELECT COUNT(*) FROM vendor_applications WHERE status = 'submitted'), \
         (SELECT COUNT(*) FROM products WHERE status = 'pending_review'), \
         (SELECT COUNT(*) FROM orders WHERE refund_due_cents > 0), \
         (SELECT CAST(COALESCE(SUM(refund_due_cents), 0) AS BIGINT) FROM orders WHERE refund_due_cents > 0), \
         (SELECT COUNT(*) FROM daily_deals WHERE status = 'proposed')",
    )
    .fetch_one(pool).await?);
    Ok(Waiting {
        applications,
        products_to_review,
        refunds_due,
        refunds_due_cents,
        deals_to_review,
    })
}

/// One day of the whole platform's sales, summed over every store's daily rollup.
#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct Day {
    pub day: String,
    pub orders: i64,
    pub sales_cents: i64,
    pub refunds_cents: i64,
}

/// The rolled-up days from `from` to `to` (`YYYY-MM-DD`, both included) that had anything.
pub async fn days(db: &Db, from: &str, to: &str) -> DbResult<Vec<Day>> {
    Ok(on_db!(db, pool => sqlx::query_as::<_, Day>(
        "SELECT day, CAST(SUM(orders) AS BIGINT) AS orders, CAST(SUM(sales_cents) AS BIGINT) AS sales_cents, \
         CAST(SUM(refunds_cents) AS BIGINT) AS refunds_cents FROM vendor_daily_stats \
         WHERE day >= $1 AND day <= $2 GROUP BY day ORDER BY day",
    )
    .bind(from).bind(to).fetch_all(pool).await?))
}
