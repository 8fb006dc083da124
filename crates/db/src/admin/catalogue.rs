//! Every store's products as admins see them, and the changes only admins make.

use chrono::{DateTime, Utc};
use uuid::Uuid;

use super::{Total, contains, count_capped, holds, page, trigram_query};
use crate::{Bind, Binds, Db, DbResult, Tx, on_db, on_tx};

/// One product in the admin list.
#[derive(Debug, Clone, PartialEq, sqlx::FromRow)]
pub struct AdminProduct {
    pub id: Uuid,
    pub slug: String,
    pub name: String,
    pub sku: Option<String>,
    pub brand: String,
    pub category: String,
    pub status: String,
    pub featured: bool,
    pub listed: bool,
    pub min_price_cents: i64,
    pub available_stock: i64,
    pub low_stock_threshold: i64,
    pub image_url: Option<String>,
    pub vendor_id: Option<Uuid>,
    pub vendor_name: Option<String>,
    pub review_note: Option<String>,
    pub version: i64,
    pub updated_at: DateTime<Utc>,
}

const SELECT: &str = "SELECT p.id, p.slug, p.name, p.sku, p.brand, p.category, p.status, p.featured, p.listed, \
    p.min_price_cents, p.available_stock, p.low_stock_threshold, p.image_url, p.vendor_id, \
    v.store_name AS vendor_name, p.review_note, p.version, p.updated_at";
const FROM: &str = "FROM products p LEFT JOIN vendors v ON v.id = p.vendor_id";

/// The admin product list's filters.
#[derive(Debug, Clone, Default)]
pub struct ProductFilter {
    /// Text in the name, slug or SKU.
    pub q: Option<String>,
    pub vendor_id: Option<Uuid>,
    pub status: Option<String>,
    pub category: Option<String>,
    pub featured: Option<bool>,
    /// `low` (at or under its threshold, not out) or `out` (none to sell).
    pub stock: Option<String>,
}

/// A page of products, most recently changed first, and how many match.
pub async fn list(
    db: &Db,
    f: &ProductFilter,
    limit: i64,
    offset: i64,
) -> DbResult<(Vec<AdminProduct>, Total)> {
    let mut binds = Binds::default();
    let mut clauses = Vec::new();
    if let Some(v) = f.vendor_id {
        clauses.push(format!("p.vendor_id = {}", binds.push(Bind::Uuid(v))));
    }
    if let Some(s) = &f.status {
        clauses.push(format!("p.status = {}", binds.push(Bind::Text(s.clone()))));
    }
    if let Some(c) = &f.category {
        clauses.push(format!(
            "p.category = {}",
            binds.push(Bind::Text(c.clone()))
        ));
    }
    if let Some(featured) = f.featured {
        clauses.push(format!("p.featured = {}", binds.push(Bind::Bool(featured))));
    }
    match f.stock.as_deref() {
        Some("out") => clauses.push(
            "p.available_stock = 0 AND p.product_type = 'physical' AND p.status <> 'archived'"
                .into(),
        ),
        // The terms of the `products_low_stock` partial index, and "not out" beside them
        // (`+` keeps SQLite from walking the stock index for it instead).
        Some("low") => clauses.push(
            "p.available_stock <= p.low_stock_threshold AND p.product_type = 'physical' \
             AND p.status <> 'archived' AND +p.available_stock > 0"
                .into(),
        ),
        _ => {}
    }
    let and = |clauses: &[String]| {
        clauses
            .iter()
            .map(|c| format!(" AND {c}"))
            .collect::<String>()
    };
    let q = f.q.as_deref().map(str::trim).filter(|q| !q.is_empty());
    // Products low in or out of stock are few, read through their partial index: the text
    // is tested on them as they come (as the stock search does) rather than by gathering
    // every match of the trigram index first (a common word matches 10,000 products).
    let few = matches!(f.stock.as_deref(), Some("low" | "out"));
    if let Some(query) = q.filter(|_| !few).and_then(|q| trigram_query(db, q, None)) {
        let m = binds.push(Bind::Text(query));
        if clauses.is_empty() {
            // Only the text: the page chosen from the trigram index's keys (which hold the
            // list's order), and counted by the index alone: a window count over the
            // page's query doubled its cost.
            let from_where = format!(
                "FROM fts_products JOIN fts_product_keys k ON k.n = fts_products.rowid \
                 WHERE fts_products MATCH {m}"
            );
            let total = count_capped(
                db,
                &format!("FROM fts_products WHERE fts_products MATCH {m}"),
                &binds.0,
            )
            .await?;
            let paging = page(&mut binds, limit, offset);
            let sql = format!(
                "{SELECT} FROM (SELECT k.id {from_where} \
                 ORDER BY k.updated_at DESC, k.id DESC {paging}) pick \
                 JOIN products p ON p.id = pick.id LEFT JOIN vendors v ON v.id = p.vendor_id \
                 ORDER BY p.updated_at DESC, p.id DESC"
            );
            let rows = on_db!(db, pool => crate::bind_all!(sqlx::query_as::<_, AdminProduct>(sqlx::AssertSqlSafe(sql)), &binds.0)
                .fetch_all(pool).await?);
            return Ok((rows, total));
        }
        // With other filters, the matches are a set of ids the filtered list tests: joining
        // each match to its product to test the filters cost up to a second at 10,000
        // matches.
        clauses.push(format!(
            "p.id IN (SELECT k.id FROM fts_products JOIN fts_product_keys k \
             ON k.n = fts_products.rowid WHERE fts_products MATCH {m})"
        ));
    } else if let Some(q) = q {
        let p = binds.push(Bind::Text(contains(q)));
        clauses.push(format!(
            "({} OR p.slug LIKE {p} OR {})",
            holds(db, "p.name", &p),
            holds(db, "p.sku", &p)
        ));
    }
    // Without statistics SQLite counted the low products through `products_levels` (every
    // product not archived, 1.2 s at 100,000) rather than the partial index holding exactly
    // them.
    // The partial indexes of those few products also hold the searched text, so a search
    // among them reads no product row but the page's.
    let from = match (db, f.stock.as_deref()) {
        (Db::Sqlite(_), Some("low")) => {
            "FROM products p INDEXED BY products_low_stock LEFT JOIN vendors v ON v.id = p.vendor_id"
        }
        (Db::Sqlite(_), Some("out")) => {
            "FROM products p INDEXED BY products_out_stock LEFT JOIN vendors v ON v.id = p.vendor_id"
        }
        _ => FROM,
    };
    let from_where = format!("{from} WHERE 1 = 1{}", and(&clauses));
    let total = count_capped(db, &from_where, &binds.0).await?;
    let paging = page(&mut binds, limit, offset);
    let sql = format!("{SELECT} {from_where} ORDER BY p.updated_at DESC, p.id DESC {paging}");
    let rows = on_db!(db, pool => crate::bind_all!(sqlx::query_as::<_, AdminProduct>(sqlx::AssertSqlSafe(sql)), &binds.0)
        .fetch_all(pool).await?);
    Ok((rows, total))
}

/// One product as admins see it, inside a transaction.
pub async fn get_in(tx: &mut Tx, id: Uuid) -> DbResult<Option<AdminProduct>> {
    let sql = format!("{SELECT} {FROM} WHERE p.id = $1");
    Ok(
        on_tx!(tx, conn => sqlx::query_as::<_, AdminProduct>(sqlx::AssertSqlSafe(sql)).bind(id).fetch_optional(conn).await?),
    )
}

/// Features or unfeatures a product the admin saw at version `seen`; false when it changed
/// since.
pub async fn set_featured(
    tx: &mut Tx,
    id: Uuid,
    featured: bool,
    seen: i64,
    now: DateTime<Utc>,
) -> DbResult<bool> {
    let n = on_tx!(tx, conn => sqlx::query(
        "UPDATE products SET featured = $2, version = version + 1, updated_at = $4 WHERE id = $1 AND version = $3",
    )
    .bind(id).bind(featured).bind(seen).bind(now).execute(conn).await?.rows_affected());
    Ok(n == 1)
}

/// Sets (on a rejection) or clears (on approval) the note the vendor sees about a review.
pub async fn set_review_note(tx: &mut Tx, id: Uuid, note: Option<&str>) -> DbResult<()> {
    on_tx!(tx, conn => sqlx::query("UPDATE products SET review_note = $2 WHERE id = $1")
        .bind(id).bind(note).execute(conn).await?.rows_affected());
    Ok(())
}
