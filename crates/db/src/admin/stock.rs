//! Stock across every store for admins: the levels that are low or out, every store's
//! movements, and which store a level belongs to (an admin's adjustment is recorded
//! against that store, as the vendor's own would be).

use chrono::{DateTime, Utc};
use uuid::Uuid;

use super::{Total, contains, count_capped, holds, page, total_of_page};
use crate::inventory::LEVELS;
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
/// A level of a page with how many levels matched in all.
#[derive(sqlx::FromRow)]
struct MatchedLevel {
    #[sqlx(flatten)]
    level: StoreLevel,
    matches: i64,
}

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
pub async fn levels(
    db: &Db,
    f: &StoreLevelFilter,
    limit: i64,
    offset: i64,
) -> DbResult<(Vec<StoreLevel>, Total)> {
    let mut binds = Binds::default();
    let mut clauses = vec![
        "l.status <> 'archived'".to_owned(),
        "l.manage_stock = TRUE".to_owned(),
    ];
    if let Some(q) = f.q.as_deref().filter(|q| !q.trim().is_empty()) {
        let like = binds.push(Bind::Text(contains(q)));
        let sku = binds.push(Bind::Text(q.trim().to_uppercase()));
        clauses.push(format!(
            "({} OR l.sku = {sku})",
            holds(db, "l.product_name", &like)
        ));
    }
    if let Some(v) = f.vendor_id {
        clauses.push(format!("l.vendor_id = {}", binds.push(Bind::Uuid(v))));
    }
    match f.state {
        LevelState::Low => clauses.push("l.stock_quantity <= l.low_stock_threshold".to_owned()),
        // Out is low too (thresholds are never negative): said so, SQLite walks the same
        // partial index of low products (`products_level_low`).
        LevelState::Out => clauses
            .push("l.stock_quantity <= 0 AND l.stock_quantity <= l.low_stock_threshold".to_owned()),
        LevelState::All => {}
    }
    let from_where = format!(
        "FROM ({LEVELS}) l LEFT JOIN vendors v ON v.id = l.vendor_id WHERE {}",
        clauses.join(" AND ")
    );
    // The page and its total in one pass: the levels are a union every match is found in.
    let filter_binds = binds.0.clone();
    let paging = page(&mut binds, limit, offset);
    let sql = format!(
        "SELECT l.product_id, l.variation_id, l.product_name, l.variation_name, l.sku, l.status, \
         l.image_url, l.stock_quantity, l.manage_stock, l.low_stock_threshold, l.vendor_id, \
         v.store_name AS vendor_name, COUNT(*) OVER () AS matches {from_where} \
         ORDER BY l.stock_quantity ASC, LOWER(l.product_name) ASC, l.product_id, l.variation_id {paging}"
    );
    let rows = on_db!(db, pool => crate::bind_all!(sqlx::query_as::<_, MatchedLevel>(sqlx::AssertSqlSafe(sql)), &binds.0)
        .fetch_all(pool).await?);
    let matches = rows.first().map(|r| r.matches);
    let total = total_of_page(db, matches, offset, &from_where, &filter_binds).await?;
    Ok((rows.into_iter().map(|r| r.level).collect(), total))
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
