//! Vendors' daily figures (`vendor_daily_stats`, `vendor_daily_products`): the raw rows
//! the rollup reads, the rows it writes, and what the analytics page reads back.

use chrono::{DateTime, Utc};
use serde::Serialize;
use uuid::Uuid;

use crate::{Bind, Binds, Db, DbResult, Tx, on_db, on_tx};

/// A vendor's part of an order paid in the window.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct PaidPart {
    pub vendor_id: Uuid,
    pub paid_at: DateTime<Utc>,
    pub sales_cents: i64,
    pub units: i64,
}

pub async fn paid_parts(
    db: &Db,
    from: DateTime<Utc>,
    to: DateTime<Utc>,
) -> DbResult<Vec<PaidPart>> {
    Ok(on_db!(db, pool => sqlx::query_as::<_, PaidPart>(
        "SELECT p.vendor_id, o.paid_at, \
         CAST(p.subtotal_cents - p.discount_cents + p.shipping_cents AS BIGINT) AS sales_cents, \
         CAST(COALESCE((SELECT SUM(i.quantity) FROM order_items i WHERE i.part_id = p.id), 0) AS BIGINT) AS units \
         FROM orders o JOIN order_parts p ON p.order_id = o.id \
         WHERE o.paid_at >= $1 AND o.paid_at < $2 AND p.vendor_id IS NOT NULL",
    )
    .bind(from)
    .bind(to)
    .fetch_all(pool)
    .await)?)
}

/// A line of a vendor's product in an order paid in the window.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct PaidLine {
    pub vendor_id: Uuid,
    pub product_id: Uuid,
    pub paid_at: DateTime<Utc>,
    pub units: i64,
    pub sales_cents: i64,
}

pub async fn paid_lines(
    db: &Db,
    from: DateTime<Utc>,
    to: DateTime<Utc>,
) -> DbResult<Vec<PaidLine>> {
    Ok(on_db!(db, pool => sqlx::query_as::<_, PaidLine>(
        "SELECT i.vendor_id, i.product_id, o.paid_at, CAST(i.quantity AS BIGINT) AS units, \
         CAST(i.line_total_cents AS BIGINT) AS sales_cents \
         FROM orders o JOIN order_items i ON i.order_id = o.id \
         WHERE o.paid_at >= $1 AND o.paid_at < $2 AND i.vendor_id IS NOT NULL AND i.product_id IS NOT NULL",
    )
    .bind(from)
    .bind(to)
    .fetch_all(pool)
    .await)?)
}

/// Paid parts cancelled in the window: when, and what was owed back.
pub async fn cancelled_parts(
    db: &Db,
    from: DateTime<Utc>,
    to: DateTime<Utc>,
) -> DbResult<Vec<(Uuid, DateTime<Utc>, i64)>> {
    Ok(
        on_db!(db, pool => sqlx::query_as::<_, (Uuid, DateTime<Utc>, i64)>(
        "SELECT p.vendor_id, p.cancelled_at, CAST(p.refund_due_cents AS BIGINT) \
         FROM order_parts p JOIN orders o ON o.id = p.order_id \
         WHERE p.cancelled_at >= $1 AND p.cancelled_at < $2 AND p.vendor_id IS NOT NULL AND o.paid_at IS NOT NULL",
    )
    .bind(from)
    .bind(to)
    .fetch_all(pool)
    .await)?,
    )
}

/// Refunds admins issued in the window on vendors' parts: when, and the money paid back.
pub async fn issued_refunds(
    db: &Db,
    from: DateTime<Utc>,
    to: DateTime<Utc>,
) -> DbResult<Vec<(Uuid, DateTime<Utc>, i64)>> {
    Ok(
        on_db!(db, pool => sqlx::query_as::<_, (Uuid, DateTime<Utc>, i64)>(
        "SELECT p.vendor_id, r.created_at, CAST(r.money_cents AS BIGINT) \
         FROM order_refunds r JOIN order_parts p ON p.id = r.part_id \
         WHERE r.created_at >= $1 AND r.created_at < $2 AND p.vendor_id IS NOT NULL",
    )
    .bind(from)
    .bind(to)
    .fetch_all(pool)
    .await)?,
    )
}

/// Product page views in the window: the product and its vendor.
pub async fn product_views(
    db: &Db,
    from: DateTime<Utc>,
    to: DateTime<Utc>,
) -> DbResult<Vec<(Uuid, Uuid, DateTime<Utc>)>> {
    Ok(match db {
        Db::Sqlite(pool) => {
            sqlx::query_as::<_, (Uuid, Uuid, DateTime<Utc>)>(
                "SELECT p.vendor_id, p.id, e.created_at FROM analytics_events e \
                 JOIN products p ON p.id = unhex(replace(json_extract( \
                   CASE WHEN json_valid(e.event_data) THEN e.event_data ELSE '{}' END, '$.product_id'), '-', '')) \
                 WHERE e.event_type = 'view_item' AND e.created_at >= $1 AND e.created_at < $2 \
                 AND p.vendor_id IS NOT NULL",
            )
            .bind(from)
            .bind(to)
            .fetch_all(pool)
            .await?
        }
        Db::Postgres(pool) => {
            sqlx::query_as::<_, (Uuid, Uuid, DateTime<Utc>)>(
                "SELECT p.vendor_id, p.id, e.created_at FROM analytics_events e \
                 JOIN products p ON p.id = CASE WHEN (e.event_data->>'product_id') ~ '^[0-9a-fA-F-]{36}$' \
                   THEN (e.event_data->>'product_id')::uuid END \
                 WHERE e.event_type = 'view_item' AND e.created_at >= $1 AND e.created_at < $2 \
                 AND p.vendor_id IS NOT NULL",
            )
            .bind(from)
            .bind(to)
            .fetch_all(pool)
            .await?
        }
    })
}

/// One vendor's figures of one day.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, sqlx::FromRow)]
pub struct DayStat {
    pub vendor_id: Uuid,
    pub day: String,
    pub orders: i64,
    pub sales_cents: i64,
    pub units: i64,
    pub cancelled: i64,
    pub refunds_cents: i64,
    pub views: i64,
}

/// One product's figures of one day.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, sqlx::FromRow)]
pub struct ProductDayStat {
    pub vendor_id: Uuid,
    pub product_id: Uuid,
    pub day: String,
    pub units: i64,
    pub sales_cents: i64,
    pub views: i64,
}

const CHUNK: usize = 400;

/// Replaces the figures of the days `[from_day, to_day)` with these.
pub async fn replace_days(
    tx: &mut Tx,
    from_day: &str,
    to_day: &str,
    stats: &[DayStat],
    products: &[ProductDayStat],
) -> DbResult<()> {
    for table in ["vendor_daily_stats", "vendor_daily_products"] {
        let sql = format!("DELETE FROM {table} WHERE day >= $1 AND day < $2");
        on_tx!(tx, conn => sqlx::query(sqlx::AssertSqlSafe(sql.clone()))
            .bind(from_day)
            .bind(to_day)
            .execute(conn)
            .await
            .map(|r| r.rows_affected()))?;
    }
    for chunk in stats.chunks(CHUNK) {
        let mut binds = Binds::default();
        let rows: Vec<String> = chunk
            .iter()
            .map(|s| {
                let values = [
                    binds.push(Bind::Uuid(s.vendor_id)),
                    binds.push(Bind::Text(s.day.clone())),
                    binds.push(Bind::I64(s.orders)),
                    binds.push(Bind::I64(s.sales_cents)),
                    binds.push(Bind::I64(s.units)),
                    binds.push(Bind::I64(s.cancelled)),
                    binds.push(Bind::I64(s.refunds_cents)),
                    binds.push(Bind::I64(s.views)),
                ];
                format!("({})", values.join(", "))
            })
            .collect();
        let sql = format!(
            "INSERT INTO vendor_daily_stats (vendor_id, day, orders, sales_cents, units, cancelled, refunds_cents, views) \
             VALUES {}",
            rows.join(", ")
        );
        on_tx!(tx, conn => crate::bind_all!(sqlx::query(sqlx::AssertSqlSafe(sql.clone())), &binds.0)
            .execute(conn)
            .await
            .map(|r| r.rows_affected()))?;
    }
    for chunk in products.chunks(CHUNK) {
        let mut binds = Binds::default();
        let rows: Vec<String> = chunk
            .iter()
            .map(|s| {
                let values = [
                    binds.push(Bind::Uuid(s.vendor_id)),
                    binds.push(Bind::Uuid(s.product_id)),
                    binds.push(Bind::Text(s.day.clone())),
                    binds.push(Bind::I64(s.units)),
                    binds.push(Bind::I64(s.sales_cents)),
                    binds.push(Bind::I64(s.views)),
                ];
                format!("({})", values.join(", "))
            })
            .collect();
        let sql = format!(
            "INSERT INTO vendor_daily_products (vendor_id, product_id, day, units, sales_cents, views) VALUES {}",
            rows.join(", ")
        );
        on_tx!(tx, conn => crate::bind_all!(sqlx::query(sqlx::AssertSqlSafe(sql.clone())), &binds.0)
            .execute(conn)
            .await
            .map(|r| r.rows_affected()))?;
    }
    Ok(())
}

pub async fn set_mark(tx: &mut Tx, name: &str, done_until: DateTime<Utc>) -> DbResult<()> {
    on_tx!(tx, conn => sqlx::query(
        "INSERT INTO rollup_marks (name, done_until) VALUES ($1, $2) \
         ON CONFLICT (name) DO UPDATE SET done_until = excluded.done_until",
    )
    .bind(name)
    .bind(done_until)
    .execute(conn)
    .await
    .map(|r| r.rows_affected()))?;
    Ok(())
}

/// When the first order was paid (where a full rollup starts).
pub async fn first_paid(db: &Db) -> DbResult<Option<DateTime<Utc>>> {
    Ok(
        on_db!(db, pool => sqlx::query_scalar::<_, Option<DateTime<Utc>>>("SELECT MIN(paid_at) FROM orders")
        .fetch_one(pool)
        .await)?,
    )
}

/// A vendor's days in `[from_day, to_day)`, oldest first.
pub async fn vendor_days(
    db: &Db,
    vendor_id: Uuid,
    from_day: &str,
    to_day: &str,
) -> DbResult<Vec<DayStat>> {
    Ok(on_db!(db, pool => sqlx::query_as::<_, DayStat>(
        "SELECT vendor_id, day, CAST(orders AS BIGINT) AS orders, CAST(sales_cents AS BIGINT) AS sales_cents, \
         CAST(units AS BIGINT) AS units, CAST(cancelled AS BIGINT) AS cancelled, \
         CAST(refunds_cents AS BIGINT) AS refunds_cents, CAST(views AS BIGINT) AS views \
         FROM vendor_daily_stats WHERE vendor_id = $1 AND day >= $2 AND day < $3 ORDER BY day",
    )
    .bind(vendor_id)
    .bind(from_day)
    .bind(to_day)
    .fetch_all(pool)
    .await)?)
}

/// A vendor's best-selling products in `[from_day, to_day)`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, sqlx::FromRow)]
pub struct TopProduct {
    pub product_id: Uuid,
    pub name: Option<String>,
    pub units: i64,
    pub sales_cents: i64,
    pub views: i64,
}

pub async fn top_products(
    db: &Db,
    vendor_id: Uuid,
    from_day: &str,
    to_day: &str,
    limit: i64,
) -> DbResult<Vec<TopProduct>> {
    Ok(on_db!(db, pool => sqlx::query_as::<_, TopProduct>(
        "SELECT t.product_id, p.name, t.units, t.sales_cents, t.views FROM ( \
           SELECT product_id, CAST(SUM(units) AS BIGINT) AS units, CAST(SUM(sales_cents) AS BIGINT) AS sales_cents, \
           CAST(SUM(views) AS BIGINT) AS views FROM vendor_daily_products \
           WHERE vendor_id = $1 AND day >= $2 AND day < $3 GROUP BY product_id) t \
         LEFT JOIN products p ON p.id = t.product_id \
         ORDER BY t.sales_cents DESC, t.units DESC, t.product_id LIMIT $4",
    )
    .bind(vendor_id)
    .bind(from_day)
    .bind(to_day)
    .bind(limit)
    .fetch_all(pool)
    .await)?)
}

/// The average rating and number of reviews of a vendor's products.
pub async fn ratings(db: &Db, vendor_id: Uuid) -> DbResult<(Option<f64>, i64)> {
    Ok(on_db!(db, pool => sqlx::query_as::<_, (Option<f64>, i64)>(
        "SELECT CAST(AVG(r.rating) AS DOUBLE PRECISION), COUNT(r.id) FROM product_reviews r \
         JOIN products p ON p.id = r.product_id WHERE p.vendor_id = $1 AND r.hidden_at IS NULL",
    )
    .bind(vendor_id)
    .fetch_one(pool)
    .await)?)
}

/// Up to when the rollup `name` is complete, outside a transaction.
pub async fn mark_of(db: &Db, name: &str) -> DbResult<Option<DateTime<Utc>>> {
    Ok(
        on_db!(db, pool => sqlx::query_scalar::<_, DateTime<Utc>>("SELECT done_until FROM rollup_marks WHERE name = $1")
        .bind(name)
        .fetch_optional(pool)
        .await)?,
    )
}
