//! Every store's media for admins: each item with its store and how many places use it
//! (a product's pictures or videos, a variation's pictures, the store's logo or banner),
//! and removing items nothing uses.
//!
//! An item can only be used by its own store (the editor picks from the store's own
//! library), so counting its uses reads that store's products alone.

use chrono::{DateTime, Utc};
use uuid::Uuid;

use super::{Total, contains, count_capped, holds, page};
use crate::{Bind, Binds, Db, DbResult, Tx, on_db, on_tx};

/// One library item with its store and its uses.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct StoreMedia {
    pub id: Uuid,
    pub vendor_id: Uuid,
    pub vendor_name: Option<String>,
    pub kind: String,
    pub content_type: String,
    pub storage_key: String,
    pub bytes: i64,
    pub original_name: String,
    pub alt_text: String,
    pub renditions: serde_json::Value,
    pub created_at: DateTime<Utc>,
    /// Products (and their variations) showing it.
    pub product_uses: i64,
    /// Whether the store's logo or banner is this item.
    pub store_uses: i64,
}

/// The products of the item's store whose pictures, videos or variations' pictures hold
/// the item's address (`m` is the item).
const PRODUCT_USES: &str = "(SELECT COUNT(*) FROM products p WHERE p.vendor_id = m.vendor_id AND (\
    p.image_url = '/media/' || m.storage_key \
    OR CAST(p.images AS TEXT) LIKE '%\"/media/' || m.storage_key || '\"%' \
    OR CAST(p.videos AS TEXT) LIKE '%/media/' || m.storage_key || '%' \
    OR EXISTS (SELECT 1 FROM product_variations x WHERE x.product_id = p.id \
       AND CAST(x.images AS TEXT) LIKE '%/media/' || m.storage_key || '%')))";

const STORE_USES: &str = "(SELECT COUNT(*) FROM vendors s WHERE s.id = m.vendor_id AND \
    (('/media/' || m.storage_key) IN (COALESCE(s.store_logo_url, ''), COALESCE(s.store_banner_url, ''))))";

#[derive(Debug, Clone, Default)]
pub struct MediaFilter {
    /// Text in the file's name or alt text.
    pub q: Option<String>,
    pub vendor_id: Option<Uuid>,
    /// image or video.
    pub kind: Option<String>,
    /// Only items nothing uses.
    pub unused: bool,
}

fn select() -> String {
    format!(
        "SELECT m.id, m.vendor_id, v.store_name AS vendor_name, m.kind, m.content_type, m.storage_key, \
         m.bytes, m.original_name, m.alt_text, m.renditions, m.created_at, \
         {PRODUCT_USES} AS product_uses, {STORE_USES} AS store_uses"
    )
}

/// A page of every store's media, newest first, and how many match.
pub async fn list(
    db: &Db,
    f: &MediaFilter,
    limit: i64,
    offset: i64,
) -> DbResult<(Vec<StoreMedia>, Total)> {
    let mut binds = Binds::default();
    let mut clauses = vec!["1 = 1".to_owned()];
    if let Some(q) = f.q.as_deref().filter(|q| !q.trim().is_empty()) {
        let like = binds.push(Bind::Text(contains(q)));
        clauses.push(format!(
            "({} OR {})",
            holds(db, "m.original_name", &like),
            holds(db, "m.alt_text", &like)
        ));
    }
    if let Some(v) = f.vendor_id {
        clauses.push(format!("m.vendor_id = {}", binds.push(Bind::Uuid(v))));
    }
    if let Some(k) = &f.kind {
        clauses.push(format!("m.kind = {}", binds.push(Bind::Text(k.clone()))));
    }
    if f.unused {
        clauses.push(format!("{PRODUCT_USES} = 0 AND {STORE_USES} = 0"));
    }
    let from_where = format!(
        "FROM media m LEFT JOIN vendors v ON v.id = m.vendor_id WHERE {}",
        clauses.join(" AND ")
    );
    let total = count_capped(db, &from_where, &binds.0).await?;
    let paging = page(&mut binds, limit, offset);
    let sql = format!(
        "{} {from_where} ORDER BY m.created_at DESC, m.id DESC {paging}",
        select()
    );
    let rows = on_db!(db, pool => crate::bind_all!(sqlx::query_as::<_, StoreMedia>(sqlx::AssertSqlSafe(sql)), &binds.0)
        .fetch_all(pool).await?);
    Ok((rows, total))
}

/// One item with its uses, inside a transaction (PostgreSQL locks it until the end).
pub async fn get_in(tx: &mut Tx, id: Uuid) -> DbResult<Option<StoreMedia>> {
    let lock = if matches!(tx, Tx::Postgres(_)) {
        " FOR UPDATE OF m"
    } else {
        ""
    };
    let sql = format!(
        "{} FROM media m LEFT JOIN vendors v ON v.id = m.vendor_id WHERE m.id = $1{lock}",
        select()
    );
    Ok(
        on_tx!(tx, conn => sqlx::query_as::<_, StoreMedia>(sqlx::AssertSqlSafe(sql))
        .bind(id).fetch_optional(conn).await?),
    )
}

/// Removes one item's row (its stored files are deleted after the transaction commits).
pub async fn delete(tx: &mut Tx, id: Uuid) -> DbResult<()> {
    on_tx!(tx, conn => sqlx::query("DELETE FROM media WHERE id = $1").bind(id).execute(conn).await?.rows_affected());
    Ok(())
}
