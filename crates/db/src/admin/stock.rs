//! Stock across every store for admins: the levels that are low or out, every store's
//! movements, and which store a level belongs to (an admin's adjustment is recorded
//! against that store, as the vendor's own would be).

use chrono::{DateTime, Utc};
use uuid::Uuid;

use super::{Total, contains, count_capped, holds, page};
use crate::{Bind, Binds, Db, DbResult, Tx, on_db, on_tx};

/// One stock level with its store.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct StoreLevel {
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
    pub vendor_id: Option<Uuid>,
    pub vendor_name: Option<String>,
}

/// Which levels the stock page lists.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum LevelState {
    /// At or under the threshold, out of stock included.
    #[default]
    Low,
    /// None left.
    Out,
    /// Every counted level.
    All,
}

#[derive(Debug, Clone, Default)]
pub struct StoreLevelFilter {
    /// Text in the product name, or an exact SKU.
    pub q: Option<String>,
    pub vendor_id: Option<Uuid>,
    pub state: LevelState,
}

/// A page of counted levels of products not archived, lowest first, and how many match.
///
/// The products without variations and the variations are two arms merged in the list's
/// order: on SQLite the first walks `products_levels` in that order and stops at the page,
/// where sorting every level cost half a second over 100,000 products. Only the page's
/// rows are then joined to their products, variations and stores.
pub async fn levels(
    db: &Db,
    f: &StoreLevelFilter,
    limit: i64,
    offset: i64,
) -> DbResult<(Vec<StoreLevel>, Total)> {
    let mut binds = Binds::default();
    // Each term once, `{stock}` and `{sku}` standing for the arm's own columns.
    let mut terms = vec!["p.status <> 'archived'".to_owned()];
    if let Some(q) = f.q.as_deref().filter(|q| !q.trim().is_empty()) {
        let like = binds.push(Bind::Text(contains(q)));
        let sku = binds.push(Bind::Text(q.trim().to_uppercase()));
        terms.push(format!(
            "({} OR {{sku}} = {sku})",
            holds(db, "p.name", &like)
        ));
    }
    if let Some(v) = f.vendor_id {
        terms.push(format!("p.vendor_id = {}", binds.push(Bind::Uuid(v))));
    }
    match f.state {
        LevelState::Low => terms.push("{stock} <= p.low_stock_threshold".to_owned()),
        LevelState::Out => terms.push("{stock} <= 0".to_owned()),
        LevelState::All => {}
    }
    let arm = |stock: &str, sku: &str| {
        terms
            .iter()
            .map(|t| t.replace("{stock}", stock).replace("{sku}", sku))
            .collect::<Vec<_>>()
            .join(" AND ")
    };
    // The two arms with what each selects: the levels' narrow columns for the page, nothing
    // for the count (selecting a column the index lacks read every matching product's row).
    let arms = |product: &str, variation: &str| {
        format!(
            "SELECT {product} FROM products p \
             WHERE NOT EXISTS (SELECT 1 FROM product_variations x WHERE x.product_id = p.id) AND {} \
             UNION ALL SELECT {variation} FROM product_variations v JOIN products p ON p.id = v.product_id \
             WHERE v.manage_stock = TRUE AND {}",
            arm("p.stock_quantity", "p.sku"),
            arm("v.stock_quantity", "v.sku")
        )
    };
    let total = count_capped(db, &format!("FROM ({}) l", arms("1", "1")), &binds.0).await?;
    let arms = arms(
        "p.id AS product_id, NULL AS variation_id, p.name AS product_name, p.stock_quantity AS stock_quantity",
        "p.id, v.id, p.name, v.stock_quantity",
    );
    let paging = page(&mut binds, limit, offset);
    // Lowest stock first, then by name whatever its case: SQLite's NOCASE is its LOWER's
    // order, and the one `products_levels` keeps.
    let (pick, order) = match db {
        Db::Sqlite(_) => (
            format!(
                "{arms} ORDER BY stock_quantity, product_name COLLATE NOCASE, product_id, variation_id {paging}"
            ),
            "pick.stock_quantity, pick.product_name COLLATE NOCASE, pick.product_id, pick.variation_id",
        ),
        Db::Postgres(_) => (
            format!(
                "SELECT * FROM ({arms}) l ORDER BY l.stock_quantity, LOWER(l.product_name), l.product_id, l.variation_id {paging}"
            ),
            "pick.stock_quantity, LOWER(pick.product_name), pick.product_id, pick.variation_id",
        ),
    };
    let sql = format!(
        "SELECT pick.product_id, pick.variation_id, p.name AS product_name, x.name AS variation_name, \
         CASE WHEN pick.variation_id IS NULL THEN p.sku ELSE x.sku END AS sku, p.status, p.image_url, \
         pick.stock_quantity, COALESCE(x.manage_stock, TRUE) AS manage_stock, p.low_stock_threshold, \
         p.vendor_id, ve.store_name AS vendor_name \
         FROM ({pick}) pick JOIN products p ON p.id = pick.product_id \
         LEFT JOIN product_variations x ON x.id = pick.variation_id \
         LEFT JOIN vendors ve ON ve.id = p.vendor_id ORDER BY {order}"
    );
    let rows = on_db!(db, pool => crate::bind_all!(sqlx::query_as::<_, StoreLevel>(sqlx::AssertSqlSafe(sql)), &binds.0)
        .fetch_all(pool).await?);
    Ok((rows, total))
}

/// One movement with its store.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct StoreMovement {
    pub id: Uuid,
    pub product_id: Uuid,
    pub variation_id: Option<Uuid>,
    pub product_name: String,
    pub sku: Option<String>,
    pub quantity_change: i64,
    pub stock_after: i64,
    pub reason: String,
    pub order_number: Option<String>,
    pub actor_email: Option<String>,
    pub vendor_id: Option<Uuid>,
    pub vendor_name: Option<String>,
    pub created_at: DateTime<Utc>,
}

/// Every store's movements, newest first, of one store or product when given.
pub async fn movements(
    db: &Db,
    vendor_id: Option<Uuid>,
    product_id: Option<Uuid>,
    limit: i64,
    offset: i64,
) -> DbResult<(Vec<StoreMovement>, Total)> {
    let mut binds = Binds::default();
    let mut clauses = vec!["1 = 1".to_owned()];
    if let Some(v) = vendor_id {
        clauses.push(format!("m.vendor_id = {}", binds.push(Bind::Uuid(v))));
    }
    if let Some(p) = product_id {
        clauses.push(format!("m.product_id = {}", binds.push(Bind::Uuid(p))));
    }
    let where_sql = clauses.join(" AND ");
    let total = count_capped(
        db,
        &format!("FROM stock_movements m WHERE {where_sql}"),
        &binds.0,
    )
    .await?;
    let paging = page(&mut binds, limit, offset);
    let sql = format!(
        "SELECT m.id, m.product_id, m.variation_id, p.name AS product_name, m.sku, m.quantity_change, \
         m.stock_after, m.reason, o.order_number, u.email AS actor_email, m.vendor_id, \
         v.store_name AS vendor_name, m.created_at \
         FROM stock_movements m JOIN products p ON p.id = m.product_id \
         LEFT JOIN vendors v ON v.id = m.vendor_id \
         LEFT JOIN orders o ON o.id = m.order_id LEFT JOIN users u ON u.id = m.actor_id \
         WHERE {where_sql} ORDER BY m.created_at DESC, m.id DESC {paging}"
    );
    let rows = on_db!(db, pool => crate::bind_all!(sqlx::query_as::<_, StoreMovement>(sqlx::AssertSqlSafe(sql)), &binds.0)
        .fetch_all(pool).await?);
    Ok((rows, total))
}

/// The store a product belongs to: `None` when there is no such product, `Some(None)`
/// for a product the platform sells itself.
pub async fn store_of(tx: &mut Tx, product_id: Uuid) -> DbResult<Option<Option<Uuid>>> {
    Ok(on_tx!(tx, conn => sqlx::query_scalar::<_, Option<Uuid>>(
        "SELECT vendor_id FROM products WHERE id = $1")
        .bind(product_id).fetch_optional(conn).await?))
}
