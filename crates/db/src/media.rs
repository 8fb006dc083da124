//! A store's media library: what was uploaded, where it is stored, and its renditions.

use chrono::{DateTime, Utc};
use uuid::Uuid;

use crate::{Db, DbResult, Tx, on_db, on_tx};

#[derive(Debug, Clone, PartialEq, sqlx::FromRow)]
pub struct MediaRow {
    pub id: Uuid,
    pub vendor_id: Uuid,
    pub kind: String,
    pub content_type: String,
    pub storage_key: String,
    pub bytes: i64,
    pub original_name: String,
    pub alt_text: String,
    pub width: Option<i64>,
    pub height: Option<i64>,
    /// `[{"width": 320, "key": "…"}, …]`, smallest first.
    pub renditions: serde_json::Value,
    pub created_at: DateTime<Utc>,
}

const COLUMNS: &str = "id, vendor_id, kind, content_type, storage_key, bytes, original_name, alt_text, \
    width, height, renditions, created_at";

/// Bytes a store's library takes.
pub async fn usage_in(tx: &mut Tx, vendor: Uuid) -> DbResult<i64> {
    Ok(on_tx!(tx, conn => sqlx::query_scalar::<_, i64>(
        "SELECT CAST(COALESCE(SUM(bytes), 0) AS BIGINT) FROM media WHERE vendor_id = $1")
        .bind(vendor).fetch_one(conn).await?))
}

pub async fn usage(db: &Db, vendor: Uuid) -> DbResult<i64> {
    Ok(on_db!(db, pool => sqlx::query_scalar::<_, i64>(
        "SELECT CAST(COALESCE(SUM(bytes), 0) AS BIGINT) FROM media WHERE vendor_id = $1")
        .bind(vendor).fetch_one(pool).await?))
}

/// A stored upload.
#[derive(Debug, Clone)]
pub struct NewMedia<'a> {
    pub id: Uuid,
    pub vendor_id: Uuid,
    pub kind: &'a str,
    pub content_type: &'a str,
    pub storage_key: &'a str,
    pub bytes: i64,
    pub original_name: &'a str,
    pub alt_text: &'a str,
}

/// Serialises library changes of one store until `tx` ends, so two uploads at once cannot
/// both fit in the quota's last megabytes. (SQLite transactions already run one at a time.)
pub async fn lock_store(tx: &mut Tx, vendor: Uuid) -> DbResult<()> {
    if let Tx::Postgres(conn) = tx {
        sqlx::query("SELECT id FROM vendors WHERE id = $1 FOR UPDATE")
            .bind(vendor)
            .execute(&mut ***conn)
            .await?;
    }
    Ok(())
}

pub async fn insert(tx: &mut Tx, m: &NewMedia<'_>, now: DateTime<Utc>) -> DbResult<()> {
    on_tx!(tx, conn => sqlx::query(
        "INSERT INTO media (id, vendor_id, kind, content_type, storage_key, bytes, original_name, alt_text, \
         created_at, updated_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $9)",
    )
    .bind(m.id).bind(m.vendor_id).bind(m.kind).bind(m.content_type).bind(m.storage_key).bind(m.bytes)
    .bind(m.original_name).bind(m.alt_text).bind(now)
    .execute(conn).await?.rows_affected());
    Ok(())
}

pub async fn get(db: &Db, id: Uuid) -> DbResult<Option<MediaRow>> {
    let sql = format!("SELECT {COLUMNS} FROM media WHERE id = $1");
    Ok(
        on_db!(db, pool => sqlx::query_as::<_, MediaRow>(sqlx::AssertSqlSafe(sql))
        .bind(id).fetch_optional(pool).await?),
    )
}

/// A page of a store's library, newest first, and how many items it has of `kind`.
pub async fn list(
    db: &Db,
    vendor: Uuid,
    kind: Option<&str>,
    limit: i64,
    offset: i64,
) -> DbResult<(Vec<MediaRow>, i64)> {
    let filter = "vendor_id = $1 AND ($2 IS NULL OR kind = $2)";
    let sql = format!(
        "SELECT {COLUMNS} FROM media WHERE {filter} ORDER BY created_at DESC, id DESC LIMIT $3 OFFSET $4"
    );
    let count = format!("SELECT COUNT(*) FROM media WHERE {filter}");
    let rows = on_db!(db, pool => sqlx::query_as::<_, MediaRow>(sqlx::AssertSqlSafe(sql))
        .bind(vendor).bind(kind).bind(limit).bind(offset).fetch_all(pool).await?);
    let total = on_db!(db, pool => sqlx::query_scalar::<_, i64>(sqlx::AssertSqlSafe(count))
        .bind(vendor).bind(kind).fetch_one(pool).await?);
    Ok((rows, total))
}

/// Changes the alt text of a store's item; false when it is not theirs.
pub async fn set_alt(
    db: &Db,
    id: Uuid,
    vendor: Uuid,
    alt: &str,
    now: DateTime<Utc>,
) -> DbResult<bool> {
    let n = on_db!(db, pool => sqlx::query(
        "UPDATE media SET alt_text = $3, updated_at = $4 WHERE id = $1 AND vendor_id = $2")
        .bind(id).bind(vendor).bind(alt).bind(now).execute(pool).await?.rows_affected());
    Ok(n == 1)
}

/// Removes a store's item and returns it (its stored files are then deleted); `None` when
/// it is not theirs.
pub async fn delete(tx: &mut Tx, id: Uuid, vendor: Uuid) -> DbResult<Option<MediaRow>> {
    let sql = format!("SELECT {COLUMNS} FROM media WHERE id = $1 AND vendor_id = $2");
    let row = on_tx!(tx, conn => sqlx::query_as::<_, MediaRow>(sqlx::AssertSqlSafe(sql))
        .bind(id).bind(vendor).fetch_optional(conn).await?);
    if row.is_some() {
        on_tx!(tx, conn => sqlx::query("DELETE FROM media WHERE id = $1").bind(id).execute(conn).await?.rows_affected());
    }
    Ok(row)
}

/// Records the picture's size and its renditions.
pub async fn set_renditions(
    db: &Db,
    id: Uuid,
    width: i64,
    height: i64,
    renditions: &serde_json::Value,
) -> DbResult<bool> {
    let mut tx = db.begin().await?;
    let owner = on_tx!(&mut tx, conn => sqlx::query_scalar::<_, Uuid>(
        "UPDATE media SET width = $2, height = $3, renditions = $4, updated_at = $5 WHERE id = $1 RETURNING vendor_id")
        .bind(id).bind(width).bind(height).bind(renditions).bind(Utc::now())
        .fetch_optional(conn).await?);
    // Store pages offer renditions as srcset.
    if let Some(owner) = owner {
        tx.changed(crate::changes::Change::Vendor { id: owner });
    }
    tx.commit().await?;
    Ok(owner.is_some())
}

/// The renditions of the library items stored under `keys` (a store's logo and banner), by
/// key; items without renditions are left out.
pub async fn renditions_of(db: &Db, keys: &[&str]) -> DbResult<Vec<(String, serde_json::Value)>> {
    if keys.is_empty() {
        return Ok(Vec::new());
    }
    let mut binds = crate::Binds::default();
    let list: Vec<String> = keys
        .iter()
        .map(|k| binds.push(crate::Bind::Text((*k).to_owned())))
        .collect();
    let sql = format!(
        "SELECT storage_key, renditions FROM media WHERE storage_key IN ({})",
        list.join(", ")
    );
    Ok(on_db!(db, pool => crate::bind_all!(
        sqlx::query_as::<_, (String, serde_json::Value)>(sqlx::AssertSqlSafe(sql)), &binds.0)
        .fetch_all(pool).await?))
}

/// A `srcset` of renditions (`/media/a-320.webp 320w, …`), or `None` when there are none.
pub fn srcset(renditions: &serde_json::Value) -> Option<String> {
    let parts: Vec<String> = renditions
        .as_array()?
        .iter()
        .filter_map(|r| {
            Some(format!(
                "/media/{} {}w",
                r["key"].as_str()?,
                r["width"].as_u64()?
            ))
        })
        .collect();
    (!parts.is_empty()).then(|| parts.join(", "))
}
