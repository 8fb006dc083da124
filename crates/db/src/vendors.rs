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
    pub store_banner_url: Option<String>,
    pub accent_color: Option<String>,
    pub return_policy: String,
    /// Network → https address.
    pub social_links: serde_json::Value,
}

const COLUMNS: &str = "id, store_slug, store_name, store_description, store_logo_url, status, \
    standard_delivery_min_days, standard_delivery_max_days, created_at, store_banner_url, accent_color, \
    return_policy, social_links";

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
            tx.changed(crate::changes::Change::Vendor { id: row.id });
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
    tx.changed(crate::changes::Change::Vendor { id });
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

// --- stores run by their owners --------------------------------------------------------

/// A store as its owner and the admins see it.
#[derive(Debug, Clone, PartialEq, sqlx::FromRow)]
pub struct StoreRow {
    pub id: Uuid,
    pub user_id: Option<Uuid>,
    pub store_slug: String,
    pub store_name: String,
    pub store_description: String,
    pub store_logo_url: Option<String>,
    pub status: String,
    pub category_focus: String,
    pub contact_phone: Option<String>,
    pub company_registration: Option<String>,
    pub vat_number: Option<String>,
    pub commission_rate_bps: Option<i64>,
    pub suspended_reason: Option<String>,
    pub created_at: DateTime<Utc>,
    pub store_banner_url: Option<String>,
    pub accent_color: Option<String>,
    pub return_policy: String,
    pub social_links: serde_json::Value,
    pub standard_delivery_min_days: Option<i64>,
    pub standard_delivery_max_days: Option<i64>,
    pub owner_email: Option<String>,
    pub owner_name: Option<String>,
    /// Products of the store in any status.
    pub products: i64,
}

const STORE_SELECT: &str = "SELECT v.id, v.user_id, v.store_slug, v.store_name, v.store_description, \
    v.store_logo_url, v.status, v.category_focus, v.contact_phone, v.company_registration, v.vat_number, \
    v.commission_rate_bps, v.suspended_reason, v.created_at, v.store_banner_url, v.accent_color, v.return_policy, \
    v.social_links, v.standard_delivery_min_days, v.standard_delivery_max_days, u.email AS owner_email, p.full_name AS owner_name, \
    (SELECT COUNT(*) FROM products x WHERE x.vendor_id = v.id) AS products \
    FROM vendors v LEFT JOIN users u ON u.id = v.user_id LEFT JOIN profiles p ON p.id = v.user_id";

/// A new store for an approved applicant.
#[derive(Debug, Clone)]
pub struct NewStore<'a> {
    pub owner: Uuid,
    pub store_slug: &'a str,
    pub store_name: &'a str,
    pub store_description: &'a str,
    pub category_focus: &'a str,
    pub contact_phone: &'a str,
    pub company_registration: Option<&'a str>,
    pub vat_number: Option<&'a str>,
}

/// Opens an approved store; a slug or owner that already has one is a conflict.
pub async fn open_store(tx: &mut Tx, s: &NewStore<'_>, now: DateTime<Utc>) -> DbResult<Uuid> {
    let id = Uuid::now_v7();
    tx.changed(crate::changes::Change::Vendor { id });
    on_tx!(tx, conn => sqlx::query(
        "INSERT INTO vendors (id, user_id, store_slug, store_name, store_description, status, category_focus, \
         contact_phone, company_registration, vat_number, created_at, updated_at) \
         VALUES ($1, $2, $3, $4, $5, 'approved', $6, $7, $8, $9, $10, $10)",
    )
    .bind(id).bind(s.owner).bind(s.store_slug).bind(s.store_name).bind(s.store_description)
    .bind(s.category_focus).bind(s.contact_phone).bind(s.company_registration).bind(s.vat_number).bind(now)
    .execute(conn).await.map_err(DbError::classify)?.rows_affected());
    Ok(id)
}

/// Gives a store to a user (the seed's demo vendor).
pub async fn set_owner(tx: &mut Tx, id: Uuid, owner: Uuid) -> DbResult<()> {
    on_tx!(tx, conn => sqlx::query("UPDATE vendors SET user_id = $2 WHERE id = $1 AND (user_id IS NULL OR user_id <> $2)")
        .bind(id).bind(owner).execute(conn).await.map_err(DbError::classify)?.rows_affected());
    Ok(())
}

#[derive(Debug, Clone, PartialEq, sqlx::FromRow)]
pub struct PayoutAccountRow {
    pub bank_name: String,
    pub account_holder: String,
    pub account_number: String,
    pub branch_code: String,
}

pub struct PayoutAccount<'a> {
    pub bank_name: &'a str,
    pub account_holder: &'a str,
    pub account_number: &'a str,
    pub branch_code: &'a str,
}

pub async fn set_payout_account(
    tx: &mut Tx,
    vendor: Uuid,
    a: &PayoutAccount<'_>,
    now: DateTime<Utc>,
) -> DbResult<()> {
    on_tx!(tx, conn => sqlx::query(
        "INSERT INTO vendor_payout_accounts (vendor_id, bank_name, account_holder, account_number, branch_code, updated_at) \
         VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (vendor_id) DO UPDATE SET bank_name = excluded.bank_name, \
         account_holder = excluded.account_holder, account_number = excluded.account_number, \
         branch_code = excluded.branch_code, updated_at = excluded.updated_at",
    )
    .bind(vendor).bind(a.bank_name).bind(a.account_holder).bind(a.account_number).bind(a.branch_code).bind(now)
    .execute(conn).await?.rows_affected());
    Ok(())
}

pub async fn payout_account(db: &Db, vendor: Uuid) -> DbResult<Option<PayoutAccountRow>> {
    Ok(on_db!(db, pool => sqlx::query_as::<_, PayoutAccountRow>(
        "SELECT bank_name, account_holder, account_number, branch_code FROM vendor_payout_accounts WHERE vendor_id = $1",
    )
    .bind(vendor).fetch_optional(pool).await?))
}

/// The store a user runs, if any.
pub async fn store_of_owner(db: &Db, owner: Uuid) -> DbResult<Option<StoreRow>> {
    let sql = format!("{STORE_SELECT} WHERE v.user_id = $1");
    Ok(
        on_db!(db, pool => sqlx::query_as::<_, StoreRow>(sqlx::AssertSqlSafe(sql))
        .bind(owner).fetch_optional(pool).await?),
    )
}

pub async fn store(db: &Db, id: Uuid) -> DbResult<Option<StoreRow>> {
    let sql = format!("{STORE_SELECT} WHERE v.id = $1");
    Ok(
        on_db!(db, pool => sqlx::query_as::<_, StoreRow>(sqlx::AssertSqlSafe(sql))
        .bind(id).fetch_optional(pool).await?),
    )
}

pub async fn store_in(tx: &mut Tx, id: Uuid) -> DbResult<Option<StoreRow>> {
    let sql = format!("{STORE_SELECT} WHERE v.id = $1");
    Ok(
        on_tx!(tx, conn => sqlx::query_as::<_, StoreRow>(sqlx::AssertSqlSafe(sql))
        .bind(id).fetch_optional(conn).await?),
    )
}

/// A page of stores for the admins (by name) and how many match: `status` exactly, `q` in
/// the name, slug or owner's email, ignoring case.
pub async fn list_stores(
    db: &Db,
    status: Option<&str>,
    q: Option<&str>,
    limit: i64,
    offset: i64,
) -> DbResult<(Vec<StoreRow>, i64)> {
    let mut binds = crate::Binds::default();
    let mut clauses = vec!["1 = 1".to_owned()];
    if let Some(status) = status {
        clauses.push(format!(
            "v.status = {}",
            binds.push(crate::Bind::Text(status.to_owned()))
        ));
    }
    if let Some(q) = q.map(str::trim).filter(|q| !q.is_empty()) {
        let pattern = format!("%{}%", q.to_lowercase().replace(['%', '_'], ""));
        let p = binds.push(crate::Bind::Text(pattern));
        clauses.push(format!(
            "(LOWER(v.store_name) LIKE {p} OR LOWER(v.store_slug) LIKE {p} OR LOWER(COALESCE(u.email, '')) LIKE {p})"
        ));
    }
    let filter = clauses.join(" AND ");
    let count_sql = format!(
        "SELECT COUNT(*) FROM vendors v LEFT JOIN users u ON u.id = v.user_id WHERE {filter}"
    );
    let n = binds.0.len();
    let lim = binds.push(crate::Bind::I64(limit));
    let off = binds.push(crate::Bind::I64(offset));
    let sql = format!(
        "{STORE_SELECT} WHERE {filter} ORDER BY LOWER(v.store_name), v.id LIMIT {lim} OFFSET {off}"
    );
    let total = on_db!(db, pool => crate::bind_all!(sqlx::query_scalar::<_, i64>(sqlx::AssertSqlSafe(count_sql)), &binds.0[..n])
        .fetch_one(pool).await?);
    let rows = on_db!(db, pool => crate::bind_all!(sqlx::query_as::<_, StoreRow>(sqlx::AssertSqlSafe(sql)), &binds.0)
        .fetch_all(pool).await?);
    Ok((rows, total))
}

/// How many stores are in each status.
pub async fn status_counts(db: &Db) -> DbResult<Vec<(String, i64)>> {
    Ok(on_db!(db, pool => sqlx::query_as::<_, (String, i64)>(
        "SELECT status, COUNT(*) FROM vendors GROUP BY status ORDER BY status",
    )
    .fetch_all(pool).await?))
}

/// Suspends or reinstates a store (with the reason shown to admins); its products leave or
/// return to every listing in the same transaction. False when it already had that status.
pub async fn set_standing(
    tx: &mut Tx,
    id: Uuid,
    status: VendorStatus,
    reason: Option<&str>,
    now: DateTime<Utc>,
) -> DbResult<bool> {
    tx.changed(crate::changes::Change::Vendor { id });
    let current = on_tx!(tx, conn => sqlx::query_scalar::<_, String>("SELECT status FROM vendors WHERE id = $1")
        .bind(id).fetch_optional(conn).await?)
    .ok_or(DbError::NotFound)?;
    if current == status.as_str() {
        return Ok(false);
    }
    set_status(tx, id, status, now).await?;
    on_tx!(tx, conn => sqlx::query("UPDATE vendors SET suspended_reason = $2 WHERE id = $1")
        .bind(id).bind(reason).execute(conn).await?.rows_affected());
    Ok(true)
}

/// Sets or clears (`None`: the agreement's rate) a store's commission override.
pub async fn set_commission(
    tx: &mut Tx,
    id: Uuid,
    bps: Option<i64>,
    now: DateTime<Utc>,
) -> DbResult<()> {
    let n = on_tx!(tx, conn => sqlx::query("UPDATE vendors SET commission_rate_bps = $2, updated_at = $3 WHERE id = $1")
        .bind(id).bind(bps).bind(now).execute(conn).await?.rows_affected());
    if n == 0 {
        return Err(DbError::NotFound);
    }
    Ok(())
}

/// A store's figures so far.
#[derive(Debug, Clone, Default, PartialEq, sqlx::FromRow)]
pub struct StoreFigures {
    pub products_total: i64,
    pub products_active: i64,
    pub products_draft: i64,
    /// Paid orders with a part from this store (cancelled and unpaid ones left out).
    pub orders: i64,
    /// Goods value of those parts, in cents.
    pub revenue_cents: i64,
}

pub async fn figures(db: &Db, vendor: Uuid) -> DbResult<StoreFigures> {
    Ok(on_db!(db, pool => sqlx::query_as::<_, StoreFigures>(
        "SELECT \
         (SELECT COUNT(*) FROM products WHERE vendor_id = $1) AS products_total, \
         (SELECT COUNT(*) FROM products WHERE vendor_id = $1 AND status = 'active') AS products_active, \
         (SELECT COUNT(*) FROM products WHERE vendor_id = $1 AND status = 'draft') AS products_draft, \
         (SELECT COUNT(*) FROM order_parts p \
          WHERE p.vendor_id = $1 AND p.status NOT IN ('pending_payment', 'cancelled')) AS orders, \
         (SELECT CAST(COALESCE(SUM(p.subtotal_cents), 0) AS BIGINT) FROM order_parts p \
          WHERE p.vendor_id = $1 AND p.status NOT IN ('pending_payment', 'cancelled')) AS revenue_cents",
    )
    .bind(vendor).fetch_one(pool).await?))
}

/// What an owner may change on their store page.
#[derive(Debug, Clone)]
pub struct ProfileUpdate<'a> {
    pub store_name: &'a str,
    pub store_description: &'a str,
    pub store_logo_url: Option<&'a str>,
    pub store_banner_url: Option<&'a str>,
    pub accent_color: Option<&'a str>,
    pub standard_delivery_min_days: Option<i64>,
    pub standard_delivery_max_days: Option<i64>,
    pub return_policy: &'a str,
    pub social_links: serde_json::Value,
}

/// Saves an owner's store page; `NotFound` when the store is not theirs.
pub async fn update_profile(
    tx: &mut Tx,
    id: Uuid,
    owner: Uuid,
    p: &ProfileUpdate<'_>,
    now: DateTime<Utc>,
) -> DbResult<()> {
    tx.changed(crate::changes::Change::Vendor { id });
    let n = on_tx!(tx, conn => sqlx::query(
        "UPDATE vendors SET store_name = $3, store_description = $4, store_logo_url = $5, store_banner_url = $6, \
         accent_color = $7, standard_delivery_min_days = $8, standard_delivery_max_days = $9, return_policy = $10, \
         social_links = $11, updated_at = $12 WHERE id = $1 AND user_id = $2",
    )
    .bind(id).bind(owner).bind(p.store_name).bind(p.store_description).bind(p.store_logo_url)
    .bind(p.store_banner_url).bind(p.accent_color).bind(p.standard_delivery_min_days)
    .bind(p.standard_delivery_max_days).bind(p.return_policy).bind(&p.social_links).bind(now)
    .execute(conn).await?.rows_affected());
    if n == 0 {
        return Err(DbError::NotFound);
    }
    Ok(())
}

/// A store's shipping: delivery days and its own terms (null: the platform's).
#[derive(Debug, Clone, Copy, PartialEq, Eq, sqlx::FromRow)]
pub struct ShippingRow {
    pub standard_delivery_min_days: Option<i64>,
    pub standard_delivery_max_days: Option<i64>,
    pub shipping_flat_rate_cents: Option<i64>,
    pub free_shipping_threshold_cents: Option<i64>,
}

impl ShippingRow {
    pub fn terms(&self) -> bazaar_domain::shipping::ShippingTerms {
        bazaar_domain::shipping::ShippingTerms {
            flat_rate_cents: self.shipping_flat_rate_cents,
            free_shipping_threshold_cents: self.free_shipping_threshold_cents,
        }
    }
}

pub async fn shipping(db: &Db, id: Uuid) -> DbResult<Option<ShippingRow>> {
    Ok(on_db!(db, pool => sqlx::query_as::<_, ShippingRow>(
        "SELECT standard_delivery_min_days, standard_delivery_max_days, shipping_flat_rate_cents, \
         free_shipping_threshold_cents FROM vendors WHERE id = $1",
    )
    .bind(id)
    .fetch_optional(pool)
    .await?))
}

/// Saves a store's shipping page.
pub async fn set_shipping(
    tx: &mut Tx,
    id: Uuid,
    s: &bazaar_domain::shipping::VendorShipping,
    now: DateTime<Utc>,
) -> DbResult<()> {
    tx.changed(crate::changes::Change::Vendor { id });
    let n = on_tx!(tx, conn => sqlx::query(
        "UPDATE vendors SET standard_delivery_min_days = $2, standard_delivery_max_days = $3, \
         shipping_flat_rate_cents = $4, free_shipping_threshold_cents = $5, updated_at = $6 WHERE id = $1",
    )
    .bind(id)
    .bind(s.standard_delivery_min_days)
    .bind(s.standard_delivery_max_days)
    .bind(s.terms.flat_rate_cents)
    .bind(s.terms.free_shipping_threshold_cents)
    .bind(now)
    .execute(conn).await?.rows_affected());
    if n == 0 {
        return Err(DbError::NotFound);
    }
    Ok(())
}

/// What checkout needs of a vendor for their part of an order.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct PartVendor {
    pub store_name: String,
    #[sqlx(flatten)]
    pub shipping: ShippingRow,
}

pub async fn part_vendor(tx: &mut Tx, id: Uuid) -> DbResult<Option<PartVendor>> {
    Ok(on_tx!(tx, conn => sqlx::query_as::<_, PartVendor>(
        "SELECT store_name, standard_delivery_min_days, standard_delivery_max_days, \
         shipping_flat_rate_cents, free_shipping_threshold_cents FROM vendors WHERE id = $1",
    )
    .bind(id)
    .fetch_optional(conn)
    .await?))
}
