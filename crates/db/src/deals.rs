//! Daily deals: proposals by vendors, decisions by admins, and today's approved deals
//! copied onto their products (`products.deal_price_cents`) so every reader prices alike.

use bazaar_domain::deal::DealStatus;
use chrono::{DateTime, NaiveDate, Utc};
use uuid::Uuid;

use crate::{Db, DbError, DbResult, Tx, on_db, on_tx};

/// A deal with what its lists show of the product.
#[derive(Debug, Clone, PartialEq, sqlx::FromRow)]
pub struct DealRow {
    pub id: Uuid,
    pub vendor_id: Uuid,
    pub store_name: String,
    pub product_id: Uuid,
    pub product_name: String,
    pub product_slug: String,
    pub image_url: Option<String>,
    /// The product's regular price now.
    pub price_cents: i64,
    pub deal_date: NaiveDate,
    pub deal_price_cents: i64,
    pub status: String,
    pub decision_note: String,
    pub decided_at: Option<DateTime<Utc>>,
    pub created_at: DateTime<Utc>,
}

const SELECT: &str = "SELECT d.id, d.vendor_id, v.store_name, d.product_id, p.name AS product_name, \
    p.slug AS product_slug, p.image_url, p.price_cents, d.deal_date, d.deal_price_cents, d.status, \
    d.decision_note, d.decided_at, d.created_at \
    FROM daily_deals d JOIN products p ON p.id = d.product_id JOIN vendors v ON v.id = d.vendor_id";

/// What a proposal is checked against: one of the store's products.
#[derive(Debug, Clone, Copy, sqlx::FromRow)]
pub struct DealProductRow {
    pub vendor_id: Uuid,
    pub min_price_cents: i64,
    pub has_variations: bool,
}

/// A product as a deal sees it: one of `vendor_id`'s when given (`None` for anyone
/// else's), else any store's.
pub async fn product(
    tx: &mut Tx,
    vendor_id: Option<Uuid>,
    product_id: Uuid,
) -> DbResult<Option<DealProductRow>> {
    Ok(on_tx!(tx, conn => sqlx::query_as::<_, DealProductRow>(
        "SELECT vendor_id, min_price_cents, has_variations FROM products \
         WHERE id = $1 AND ($2 = FALSE OR vendor_id = $3)",
    )
    .bind(product_id)
    .bind(vendor_id.is_some())
    .bind(vendor_id.unwrap_or_default())
    .fetch_optional(conn)
    .await?))
}

/// Records a proposal. A product has one deal per date: a rejected or withdrawn one is
/// proposed again; a proposed or approved one is a `Conflict`.
pub async fn propose(
    tx: &mut Tx,
    vendor_id: Uuid,
    product_id: Uuid,
    date: NaiveDate,
    price_cents: i64,
    now: DateTime<Utc>,
) -> DbResult<Uuid> {
    let existing = on_tx!(tx, conn => sqlx::query_as::<_, (Uuid, String)>(
        "SELECT id, status FROM daily_deals WHERE product_id = $1 AND deal_date = $2",
    )
    .bind(product_id)
    .bind(date)
    .fetch_optional(conn)
    .await?);
    match existing {
        Some((_, status)) if status == "proposed" || status == "approved" => {
            Err(DbError::Conflict(format!("{product_id} on {date}")))
        }
        Some((id, _)) => {
            on_tx!(tx, conn => sqlx::query(
                "UPDATE daily_deals SET deal_price_cents = $2, status = 'proposed', decision_note = '', \
                 decided_by = NULL, decided_at = NULL, created_at = $3 WHERE id = $1",
            )
            .bind(id)
            .bind(price_cents)
            .bind(now)
            .execute(conn)
            .await.map(|r| r.rows_affected()))?;
            Ok(id)
        }
        None => {
            let id = Uuid::now_v7();
            on_tx!(tx, conn => sqlx::query(
                "INSERT INTO daily_deals (id, vendor_id, product_id, deal_date, deal_price_cents, status, created_at) \
                 VALUES ($1, $2, $3, $4, $5, 'proposed', $6)",
            )
            .bind(id)
            .bind(vendor_id)
            .bind(product_id)
            .bind(date)
            .bind(price_cents)
            .bind(now)
            .execute(conn)
            .await.map(|r| r.rows_affected()))?;
            Ok(id)
        }
    }
}

/// A store's deals from `from` on, by date.
pub async fn of_vendor(db: &Db, vendor_id: Uuid, from: NaiveDate) -> DbResult<Vec<DealRow>> {
    let sql = format!(
        "{SELECT} WHERE d.vendor_id = $1 AND d.deal_date >= $2 ORDER BY d.deal_date, d.created_at"
    );
    Ok(
        on_db!(db, pool => sqlx::query_as::<_, DealRow>(sqlx::AssertSqlSafe(sql))
        .bind(vendor_id)
        .bind(from)
        .fetch_all(pool)
        .await?),
    )
}

/// Deals for admins: in one status (all when `None`) from `from` on, by date.
pub async fn all(db: &Db, status: Option<DealStatus>, from: NaiveDate) -> DbResult<Vec<DealRow>> {
    let sql = format!(
        "{SELECT} WHERE d.deal_date >= $1 AND ($2 = '' OR d.status = $2) \
         ORDER BY d.deal_date, d.created_at LIMIT 500"
    );
    Ok(
        on_db!(db, pool => sqlx::query_as::<_, DealRow>(sqlx::AssertSqlSafe(sql))
        .bind(from)
        .bind(status.map_or("", DealStatus::as_str))
        .fetch_all(pool)
        .await?),
    )
}

/// Picks one deal; `$2`/`$3` narrow it to one store's.
const ONE: &str = "WHERE d.id = $1 AND ($2 = FALSE OR d.vendor_id = $3)";

/// One of `vendor_id`'s deals, to show; `NotFound` for anyone else's.
pub async fn one_of_vendor(db: &Db, vendor_id: Uuid, id: Uuid) -> DbResult<DealRow> {
    one_of(db, Some(vendor_id), id).await
}

/// One deal: of `vendor_id`'s store when given, else of any store.
pub async fn one_of(db: &Db, vendor_id: Option<Uuid>, id: Uuid) -> DbResult<DealRow> {
    let sql = format!("{SELECT} {ONE}");
    on_db!(db, pool => sqlx::query_as::<_, DealRow>(sqlx::AssertSqlSafe(sql))
        .bind(id)
        .bind(vendor_id.is_some())
        .bind(vendor_id.unwrap_or_default())
        .fetch_optional(pool)
        .await?)
    .ok_or(DbError::NotFound)
}

/// One deal, locked for a decision; `vendor_id` narrows it to one store's.
pub async fn lock(tx: &mut Tx, id: Uuid, vendor_id: Option<Uuid>) -> DbResult<DealRow> {
    let lock = match tx {
        Tx::Postgres(_) => " FOR UPDATE OF d",
        Tx::Sqlite(_) => "",
    };
    let sql = format!("{SELECT} {ONE}{lock}");
    on_tx!(tx, conn => sqlx::query_as::<_, DealRow>(sqlx::AssertSqlSafe(sql))
        .bind(id)
        .bind(vendor_id.is_some())
        .bind(vendor_id.unwrap_or(Uuid::nil()))
        .fetch_optional(conn)
        .await?)
    .ok_or(DbError::NotFound)
}

/// Moves a deal to `status`.
pub async fn set_status(
    tx: &mut Tx,
    id: Uuid,
    status: DealStatus,
    note: &str,
    actor: Uuid,
    now: DateTime<Utc>,
) -> DbResult<()> {
    on_tx!(tx, conn => sqlx::query(
        "UPDATE daily_deals SET status = $2, decision_note = $3, decided_by = $4, decided_at = $5 WHERE id = $1",
    )
    .bind(id)
    .bind(status.as_str())
    .bind(note)
    .bind(actor)
    .bind(now)
    .execute(conn)
    .await.map(|r| r.rows_affected()))?;
    Ok(())
}

/// Puts `today`'s approved deals on their products and takes every other deal price
/// off; returns the products whose price changed.
pub async fn apply_day(tx: &mut Tx, today: NaiveDate) -> DbResult<Vec<Uuid>> {
    let wanted = on_tx!(tx, conn => sqlx::query_as::<_, (Uuid, i64)>(
        "SELECT product_id, deal_price_cents FROM daily_deals WHERE deal_date = $1 AND status = 'approved'",
    )
    .bind(today)
    .fetch_all(conn)
    .await?);
    let current = on_tx!(tx, conn => sqlx::query_as::<_, (Uuid, i64)>(
        "SELECT id, deal_price_cents FROM products WHERE deal_price_cents IS NOT NULL",
    )
    .fetch_all(conn)
    .await?);
    let mut changed = Vec::new();
    for (id, _) in current
        .iter()
        .filter(|(id, _)| !wanted.iter().any(|(w, _)| w == id))
    {
        on_tx!(tx, conn => sqlx::query("UPDATE products SET deal_price_cents = NULL WHERE id = $1")
            .bind(id)
            .execute(conn)
            .await.map(|r| r.rows_affected()))?;
        changed.push(*id);
    }
    for (id, price) in wanted.iter().filter(|w| !current.contains(w)) {
        on_tx!(tx, conn => sqlx::query("UPDATE products SET deal_price_cents = $2 WHERE id = $1")
            .bind(id)
            .bind(price)
            .execute(conn)
            .await.map(|r| r.rows_affected()))?;
        changed.push(*id);
    }
    Ok(changed)
}
