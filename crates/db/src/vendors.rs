//! Vendors (stores). Only approved vendors are visible to customers.

use bazaar_domain::catalogue::VendorStatus;
use chrono::{DateTime, Utc};
use uuid::Uuid;

use crate::{Db, DbError, DbResult, Tx, on_db, on_tx};

#[derive(Debug, Clone, sqlx::FromRow)]
pub struct VendorRow {
    pub id: Uuid,
    pub store_slug: String,
    pub store_name: String,
    pub store_description: String,
    pub store_logo_url: Option<String>,
    pub status: String,
    pub standard_delivery_min_days: Option<i64>,
    pub standard_delivery_max_days: Option<i64>,
    pub created_at: DateTime<Utc>,
}

const COLUMNS: &str = "id, store_slug, store_name, store_description, store_logo_url, status, \
    standard_delivery_min_days, standard_delivery_max_days, created_at";

/// An approved vendor by id (the vendor summary on a product).
pub async fn find_approved(db: &Db, id: Uuid) -> DbResult<Option<VendorRow>> {
    let sql = format!("SELECT {COLUMNS} FROM vendors WHERE id = $1 AND status = 'approved'");
    Ok(
        on_db!(db, pool => sqlx::query_as::<_, VendorRow>(sqlx::AssertSqlSafe(sql))
        .bind(id)
        .fetch_optional(pool)
        .await?),
    )
}

/// An approved vendor by store slug; anything else is not found.
pub async fn find_approved_by_slug(db: &Db, slug: &str) -> DbResult<VendorRow> {
    let sql =
        format!("SELECT {COLUMNS} FROM vendors WHERE store_slug = $1 AND status = 'approved'");
    on_db!(db, pool => sqlx::query_as::<_, VendorRow>(sqlx::AssertSqlSafe(sql))
        .bind(slug)
        .fetch_optional(pool)
        .await?)
    .ok_or(DbError::NotFound)
}

/// Any vendor's id by store slug (importers resolve the `vendor` column with it).
pub async fn id_by_slug(tx: &mut Tx, slug: &str) -> DbResult<Option<Uuid>> {
    Ok(
        on_tx!(tx, conn => sqlx::query_scalar::<_, Uuid>("SELECT id FROM vendors WHERE store_slug = $1")
        .bind(slug)
        .fetch_optional(conn)
        .await?),
    )
}

/// Store slugs of approved vendors, for the sitemap.
pub async fn approved_slugs(db: &Db) -> DbResult<Vec<(String, DateTime<Utc>)>> {
    Ok(
        on_db!(db, pool => sqlx::query_as::<_, (String, DateTime<Utc>)>(
        "SELECT store_slug, updated_at FROM vendors WHERE status = 'approved' ORDER BY store_slug",
    )
    .fetch_all(pool)
    .await?),
    )
}

/// A vendor as the seed describes it.
#[derive(Debug, Clone)]
pub struct VendorInput {
    pub store_slug: String,
    pub store_name: String,
    pub store_description: String,
    pub store_logo_url: Option<String>,
    pub status: VendorStatus,
    pub standard_delivery_min_days: Option<i64>,
    pub standard_delivery_max_days: Option<i64>,
}

/// Creates or updates a vendor by store slug; returns its id and whether anything changed.
/// A status change re-lists or hides all of the vendor's products in the same transaction.
pub async fn upsert(tx: &mut Tx, v: &VendorInput, now: DateTime<Utc>) -> DbResult<(Uuid, bool)> {
    let existing = on_tx!(tx, conn => sqlx::query_as::<_, VendorRow>(sqlx::AssertSqlSafe(format!(
        "SELECT {COLUMNS} FROM vendors WHERE store_slug = $1"
    )))
    .bind(&v.store_slug)
    .fetch_optional(conn)
    .await?);
    match existing {
        Some(row)
            if row.store_name == v.store_name
                && row.store_description == v.store_description
                && row.store_logo_url == v.store_logo_url
                && row.status == v.status.as_str()
                && row.standard_delivery_min_days == v.standard_delivery_min_days
                && row.standard_delivery_max_days == v.standard_delivery_max_days =>
        {
            Ok((row.id, false))
        }
        Some(row) => {
            on_tx!(tx, conn => sqlx::query(
                "UPDATE vendors SET store_name = $2, store_description = $3, store_logo_url = $4, \
                 standard_delivery_min_days = $5, standard_delivery_max_days = $6, updated_at = $7 WHERE id = $1",
            )
            .bind(row.id)
            .bind(&v.store_name)
            .bind(&v.store_description)
            .bind(&v.store_logo_url)
            .bind(v.standard_delivery_min_days)
            .bind(v.standard_delivery_max_days)
            .bind(now)
            .execute(conn).await?.rows_affected());
            if row.status != v.status.as_str() {
                set_status(tx, row.id, v.status, now).await?;
            }
            Ok((row.id, true))
        }
        None => {
            let id = Uuid::now_v7();
            on_tx!(tx, conn => sqlx::query(
                "INSERT INTO vendors (id, store_slug, store_name, store_description, store_logo_url, status, \
                 standard_delivery_min_days, standard_delivery_max_days, created_at, updated_at) \
                 VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $9)",
            )
            .bind(id)
            .bind(&v.store_slug)
            .bind(&v.store_name)
            .bind(&v.store_description)
            .bind(&v.store_logo_url)
            .bind(v.status.as_str())
            .bind(v.standard_delivery_min_days)
            .bind(v.standard_delivery_max_days)
            .bind(now)
            .execute(conn).await?.rows_affected());
            Ok((id, true))
        }
    }
}

/// Changes a vendor's status and, with it, whether its active products are listed.
pub async fn set_status(
    tx: &mut Tx,
    id: Uuid,
    status: VendorStatus,
    now: DateTime<Utc>,
) -> DbResult<()> {
    let approved = status == VendorStatus::Approved;
    on_tx!(tx, conn => sqlx::query("UPDATE vendors SET status = $2, updated_at = $3 WHERE id = $1")
        .bind(id)
        .bind(status.as_str())
        .bind(now)
        .execute(conn).await?.rows_affected());
    on_tx!(tx, conn => sqlx::query(
        "UPDATE products SET listed = (status = 'active' AND $2), updated_at = $3 WHERE vendor_id = $1",
    )
    .bind(id)
    .bind(approved)
    .bind(now)
    .execute(conn).await?.rows_affected());
    Ok(())
}
