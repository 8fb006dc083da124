//! Stock levels a vendor manages, and the movements that changed them. Every write of a
//! level records a movement in the same transaction; reads are scoped to one store.

use bazaar_domain::inventory::MovementReason;
use chrono::{DateTime, Utc};
use uuid::Uuid;

use crate::products::PageRequest;
use crate::products::refresh_rollups;
use crate::{Bind, Binds, Db, DbResult, Tx, bind_all, on_db, on_tx};

/// One change of one stock level.
#[derive(Debug, Clone)]
pub struct Movement {
    pub product_id: Uuid,
    pub variation_id: Option<Uuid>,
    pub change: i64,
    pub stock_after: i64,
    pub reason: MovementReason,
    pub order_id: Option<Uuid>,
    pub actor_id: Option<Uuid>,
}

/// One stock level: a product's own (no variation) or one of its variations.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LevelRef {
    pub product_id: Uuid,
    pub variation_id: Option<Uuid>,
}

impl Movement {
    /// `level` going from `before` to `after` for `reason`, by `actor_id` (no order).
    pub fn between(
        level: LevelRef,
        (before, after): (i64, i64),
        reason: MovementReason,
        actor_id: Option<Uuid>,
    ) -> Movement {
        Movement {
            product_id: level.product_id,
            variation_id: level.variation_id,
            change: after - before,
            stock_after: after,
            reason,
            order_id: None,
            actor_id,
        }
    }
}

/// Records a movement (the store and SKU are taken from the product and variation).
pub async fn record(tx: &mut Tx, m: &Movement, now: DateTime<Utc>) -> DbResult<()> {
    if m.change == 0 {
        return Ok(());
    }
    on_tx!(tx, conn => sqlx::query(
        "INSERT INTO stock_movements (id, vendor_id, product_id, variation_id, sku, quantity_change, \
         stock_after, reason, order_id, actor_id, created_at) \
         VALUES ($1, (SELECT vendor_id FROM products WHERE id = $2), $2, $3, \
         COALESCE((SELECT sku FROM product_variations WHERE id = $3), (SELECT sku FROM products WHERE id = $2)), \
         $4, $5, $6, $7, $8, $9)",
    )
    .bind(Uuid::now_v7())
    .bind(m.product_id)
    .bind(m.variation_id)
    .bind(m.change)
    .bind(m.stock_after)
    .bind(m.reason.as_str())
    .bind(m.order_id)
    .bind(m.actor_id)
    .bind(now)
    .execute(conn)
    .await
    .map(|r| r.rows_affected()))?;
    Ok(())
}

/// The first levels of a new product's variations (`(variation, SKU, stock)`), recorded as
/// movements from nothing in one statement. Levels of 0 record nothing.
pub async fn record_first_levels(
    tx: &mut Tx,
    product_id: Uuid,
    vendor_id: Option<Uuid>,
    levels: &[(Uuid, &str, i64)],
    reason: MovementReason,
    now: DateTime<Utc>,
) -> DbResult<()> {
    let levels: Vec<_> = levels.iter().filter(|(_, _, stock)| *stock != 0).collect();
    if levels.is_empty() {
        return Ok(());
    }
    // $1 product, $2 store, $3 reason, $4 when; then id, variation, SKU, stock per level.
    let rows: Vec<String> = (0..levels.len())
        .map(|i| {
            let n = 5 + i * 4;
            format!(
                "(${n}, $2, $1, ${}, ${}, ${}, ${}, $3, NULL, NULL, $4)",
                n + 1,
                n + 2,
                n + 3,
                n + 3
            )
        })
        .collect();
    let sql = format!(
        "INSERT INTO stock_movements (id, vendor_id, product_id, variation_id, sku, quantity_change, \
         stock_after, reason, order_id, actor_id, created_at) VALUES {}",
        rows.join(", ")
    );
    on_tx!(tx, conn => {
        let mut q = sqlx::query(sqlx::AssertSqlSafe(sql))
            .bind(product_id)
            .bind(vendor_id)
            .bind(reason.as_str())
            .bind(now);
        for (variation, sku, stock) in &levels {
            q = q.bind(Uuid::now_v7()).bind(*variation).bind(*sku).bind(*stock);
        }
        q.execute(conn).await.map(|r| r.rows_affected())
    }?);
    Ok(())
}

/// One stock level: a product without variations, or one variation.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct Level {
    pub product_id: Uuid,
    pub variation_id: Option<Uuid>,
    pub product_name: String,
    pub variation_name: Option<String>,
    pub sku: Option<String>,
    pub status: String,
    pub image_url: Option<String>,
    pub stock_quantity: i64,
    pub manage_stock: bool,
    pub low_stock_threshold: i64,
    pub product_version: i64,
}

pub(crate) const LEVELS: &str = "SELECT p.id AS product_id, NULL AS variation_id, p.name AS product_name, \
    NULL AS variation_name, p.sku, p.status, p.image_url, p.stock_quantity, TRUE AS manage_stock, \
    p.low_stock_threshold, p.version AS product_version, p.vendor_id \
    FROM products p WHERE NOT EXISTS (SELECT 1 FROM product_variations x WHERE x.product_id = p.id) \
    UNION ALL SELECT p.id, v.id, p.name, v.name, v.sku, p.status, p.image_url, v.stock_quantity, \
    v.manage_stock, p.low_stock_threshold, p.version, p.vendor_id \
    FROM product_variations v JOIN products p ON p.id = v.product_id";

/// What the inventory list shows; every field narrows it.
#[derive(Debug, Clone, Default)]
pub struct LevelFilter {
    /// Text in the product name, or an exact SKU.
    pub q: Option<String>,
    /// Only levels at or below their threshold (of stock that is managed).
    pub low_only: bool,
}

/// A page of the store's stock levels (archived products left out), lowest stock first,
/// and how many match.
pub async fn levels(
    db: &Db,
    vendor_id: Uuid,
    filter: &LevelFilter,
    page: PageRequest,
) -> DbResult<(Vec<Level>, i64)> {
    let mut binds = Binds::default();
    let mut clauses = vec![
        format!("l.vendor_id = {}", binds.push(Bind::Uuid(vendor_id))),
        "l.status <> 'archived'".to_owned(),
    ];
    if let Some(q) = filter.q.as_deref().map(str::trim).filter(|q| !q.is_empty()) {
        let like = binds.push(Bind::Text(crate::contains_pattern(q)));
        let sku = binds.push(Bind::Text(q.to_uppercase()));
        clauses.push(format!(
            "(LOWER(l.product_name) LIKE {like} ESCAPE '\\' OR l.sku = {sku})"
        ));
    }
    if filter.low_only {
        clauses
            .push("l.manage_stock = TRUE AND l.stock_quantity <= l.low_stock_threshold".to_owned());
    }
    let where_sql = clauses.join(" AND ");
    let count_sql = format!("SELECT COUNT(*) FROM ({LEVELS}) l WHERE {where_sql}");
    let total = on_db!(db, pool => bind_all!(sqlx::query_scalar::<_, i64>(sqlx::AssertSqlSafe(count_sql)), &binds.0)
        .fetch_one(pool)
        .await)?;
    let limit = binds.push(Bind::I64(i64::from(page.per_page)));
    let offset = binds.push(Bind::I64(page.offset()));
    let sql = format!(
        "SELECT l.product_id, l.variation_id, l.product_name, l.variation_name, l.sku, l.status, \
         l.image_url, l.stock_quantity, l.manage_stock, l.low_stock_threshold, l.product_version \
         FROM ({LEVELS}) l WHERE {where_sql} \
         ORDER BY l.stock_quantity ASC, LOWER(l.product_name) ASC, l.variation_name ASC \
         LIMIT {limit} OFFSET {offset}"
    );
    let rows = on_db!(db, pool => bind_all!(sqlx::query_as::<_, Level>(sqlx::AssertSqlSafe(sql)), &binds.0)
        .fetch_all(pool)
        .await)?;
    Ok((rows, total))
}

/// How many of the store's managed levels are at or below their threshold.
pub async fn low_count(db: &Db, vendor_id: Uuid) -> DbResult<i64> {
    let sql = format!(
        "SELECT COUNT(*) FROM ({LEVELS}) l WHERE l.vendor_id = $1 AND l.status IN ('active', 'pending_review') \
         AND l.manage_stock = TRUE AND l.stock_quantity <= l.low_stock_threshold"
    );
    Ok(
        on_db!(db, pool => sqlx::query_scalar::<_, i64>(sqlx::AssertSqlSafe(sql))
        .bind(vendor_id)
        .fetch_one(pool)
        .await)?,
    )
}

/// Every level of the store with a SKU, for a CSV export: (SKU, stock), by SKU.
pub async fn export(db: &Db, vendor_id: Uuid) -> DbResult<Vec<(String, i64)>> {
    let sql = format!(
        "SELECT l.sku, l.stock_quantity FROM ({LEVELS}) l WHERE l.vendor_id = $1 AND l.sku IS NOT NULL \
         AND l.status <> 'archived' ORDER BY l.sku"
    );
    Ok(
        on_db!(db, pool => sqlx::query_as::<_, (String, i64)>(sqlx::AssertSqlSafe(sql))
        .bind(vendor_id)
        .fetch_all(pool)
        .await)?,
    )
}

/// The level a SKU names in the store: (product, variation, stock now).
pub async fn by_sku(
    tx: &mut Tx,
    vendor_id: Uuid,
    sku: &str,
) -> DbResult<Option<(Uuid, Option<Uuid>, i64)>> {
    let sql = format!(
        "SELECT l.product_id, l.variation_id, l.stock_quantity FROM ({LEVELS}) l \
         WHERE l.vendor_id = $1 AND l.sku = $2"
    );
    Ok(
        on_tx!(tx, conn => sqlx::query_as::<_, (Uuid, Option<Uuid>, i64)>(sqlx::AssertSqlSafe(sql))
        .bind(vendor_id)
        .bind(sku)
        .fetch_optional(conn)
        .await)?,
    )
}

/// Sets one of the store's levels to `quantity`, recording the movement and refreshing
/// what customers see. `None` when the store has no such product or variation; else the
/// level before.
pub async fn set_level(
    tx: &mut Tx,
    vendor_id: Uuid,
    level: LevelRef,
    quantity: i64,
    reason: MovementReason,
    actor_id: Option<Uuid>,
    now: DateTime<Utc>,
) -> DbResult<Option<i64>> {
    let LevelRef {
        product_id,
        variation_id,
    } = level;
    let before = match variation_id {
        None => on_tx!(tx, conn => sqlx::query_scalar::<_, i64>(
            "SELECT stock_quantity FROM products p WHERE id = $1 AND vendor_id = $2 \
             AND NOT EXISTS (SELECT 1 FROM product_variations x WHERE x.product_id = p.id)",
        )
        .bind(product_id)
        .bind(vendor_id)
        .fetch_optional(conn)
        .await)?,
        Some(v) => on_tx!(tx, conn => sqlx::query_scalar::<_, i64>(
            "SELECT v.stock_quantity FROM product_variations v JOIN products p ON p.id = v.product_id \
             WHERE v.id = $1 AND p.id = $2 AND p.vendor_id = $3",
        )
        .bind(v)
        .bind(product_id)
        .bind(vendor_id)
        .fetch_optional(conn)
        .await)?,
    };
    let Some(before) = before else {
        return Ok(None);
    };
    if before == quantity {
        return Ok(Some(before));
    }
    match variation_id {
        None => {
            on_tx!(tx, conn => sqlx::query("UPDATE products SET stock_quantity = $2 WHERE id = $1")
            .bind(product_id)
            .bind(quantity)
            .execute(conn)
            .await
            .map(|r| r.rows_affected()))?
        }
        Some(v) => on_tx!(tx, conn => sqlx::query(
            "UPDATE product_variations SET stock_quantity = $2, updated_at = $3 WHERE id = $1",
        )
        .bind(v)
        .bind(quantity)
        .bind(now)
        .execute(conn)
        .await
        .map(|r| r.rows_affected()))?,
    };
    on_tx!(tx, conn => sqlx::query("UPDATE products SET version = version + 1 WHERE id = $1")
        .bind(product_id)
        .execute(conn)
        .await
        .map(|r| r.rows_affected()))?;
    let movement = Movement::between(level, (before, quantity), reason, actor_id);
    record(tx, &movement, now).await?;
    refresh_rollups(tx, product_id, now).await?;
    Ok(Some(before))
}

/// Sets the low-stock threshold of one of the store's products; false when there is no
/// such product.
pub async fn set_threshold(
    tx: &mut Tx,
    vendor_id: Uuid,
    product_id: Uuid,
    threshold: i64,
) -> DbResult<bool> {
    let n = on_tx!(tx, conn => sqlx::query(
        "UPDATE products SET low_stock_threshold = $3 WHERE id = $1 AND vendor_id = $2",
    )
    .bind(product_id)
    .bind(vendor_id)
    .bind(threshold)
    .execute(conn)
    .await
    .map(|r| r.rows_affected()))?;
    Ok(n == 1)
}

/// One movement, as the stock history shows it.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct MovementRow {
    pub id: Uuid,
    pub product_id: Uuid,
    pub variation_id: Option<Uuid>,
    pub product_name: String,
    pub sku: Option<String>,
    pub quantity_change: i64,
    pub stock_after: i64,
    pub reason: String,
    pub order_number: Option<String>,
    /// Who changed it by hand (their email); none for sales and cancellations.
    pub actor_email: Option<String>,
    pub created_at: DateTime<Utc>,
}

/// The store's movements, newest first, optionally of one product.
pub async fn movements(
    db: &Db,
    vendor_id: Uuid,
    product_id: Option<Uuid>,
    page: PageRequest,
) -> DbResult<(Vec<MovementRow>, i64)> {
    let mut binds = Binds::default();
    let mut where_sql = format!("m.vendor_id = {}", binds.push(Bind::Uuid(vendor_id)));
    if let Some(p) = product_id {
        where_sql.push_str(&format!(
            " AND m.product_id = {}",
            binds.push(Bind::Uuid(p))
        ));
    }
    let count_sql = format!("SELECT COUNT(*) FROM stock_movements m WHERE {where_sql}");
    let total = on_db!(db, pool => bind_all!(sqlx::query_scalar::<_, i64>(sqlx::AssertSqlSafe(count_sql)), &binds.0)
        .fetch_one(pool)
        .await)?;
    let limit = binds.push(Bind::I64(i64::from(page.per_page)));
    let offset = binds.push(Bind::I64(page.offset()));
    let sql = format!(
        "SELECT m.id, m.product_id, m.variation_id, p.name AS product_name, m.sku, m.quantity_change, \
         m.stock_after, m.reason, o.order_number, u.email AS actor_email, m.created_at \
         FROM stock_movements m JOIN products p ON p.id = m.product_id \
         LEFT JOIN orders o ON o.id = m.order_id LEFT JOIN users u ON u.id = m.actor_id \
         WHERE {where_sql} ORDER BY m.created_at DESC, m.id DESC LIMIT {limit} OFFSET {offset}"
    );
    let rows = on_db!(db, pool => bind_all!(sqlx::query_as::<_, MovementRow>(sqlx::AssertSqlSafe(sql)), &binds.0)
        .fetch_all(pool)
        .await)?;
    Ok((rows, total))
}
