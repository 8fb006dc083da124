//! The derived columns of a product (listing, prices, sale flag, stock customers can buy),
//! recomputed inside every write that touches the product, its variations or its vendor.

use bazaar_domain::catalogue::{ProductStatus, VendorStatus, is_listed};
use bazaar_domain::money::Cents;
use bazaar_domain::pricing::{applicable_sale_price, effective_price};
use chrono::{DateTime, Utc};
use uuid::Uuid;

use super::UNMANAGED_STOCK;
use crate::{DbError, DbResult, Tx, on_tx};

/// The derived columns of one product, from its own fields, its variations and its vendor.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Rollups {
    pub has_variations: bool,
    pub min_price_cents: i64,
    pub max_price_cents: i64,
    pub on_sale: bool,
    pub available_stock: i64,
    pub listed: bool,
}

/// Computes [`Rollups`]: a product with enabled variations is priced, stocked and on sale
/// by those variations; otherwise by its own fields.
pub fn compute_rollups(
    price: Cents,
    sale_price: Option<Cents>,
    stock_quantity: i64,
    status: ProductStatus,
    vendor: Option<VendorStatus>,
    variations: &[(Cents, Option<Cents>, i64, bool)],
) -> Rollups {
    let listed = is_listed(status, vendor);
    if variations.is_empty() {
        let p = effective_price(price, sale_price).0;
        return Rollups {
            has_variations: false,
            min_price_cents: p,
            max_price_cents: p,
            on_sale: applicable_sale_price(price, sale_price).is_some(),
            available_stock: stock_quantity,
            listed,
        };
    }
    let prices = variations
        .iter()
        .map(|(p, s, _, _)| effective_price(*p, *s).0);
    let stock = variations
        .iter()
        .map(|(_, _, stock, managed)| if *managed { *stock } else { UNMANAGED_STOCK })
        .fold(0_i64, |a, b| a.saturating_add(b));
    Rollups {
        has_variations: true,
        min_price_cents: prices.clone().min().unwrap_or(price.0),
        max_price_cents: prices.max().unwrap_or(price.0),
        on_sale: variations
            .iter()
            .any(|(p, s, _, _)| applicable_sale_price(*p, *s).is_some()),
        available_stock: stock,
        listed,
    }
}

#[derive(sqlx::FromRow)]
struct RollupSource {
    price_cents: i64,
    sale_price_cents: Option<i64>,
    sale_live: bool,
    stock_quantity: i64,
    status: String,
    vendor_status: Option<String>,
}

/// Recomputes and stores the derived columns of one product.
pub async fn refresh_rollups(tx: &mut Tx, product_id: Uuid, now: DateTime<Utc>) -> DbResult<()> {
    let src = on_tx!(tx, conn => sqlx::query_as::<_, RollupSource>(concat!(
        "SELECT p.price_cents, ",
        super::live_sale_sql!(),
        " AS sale_price_cents, p.sale_live, p.stock_quantity, p.status, v.status AS vendor_status \
         FROM products p LEFT JOIN vendors v ON v.id = p.vendor_id WHERE p.id = $1",
    ))
    .bind(product_id)
    .fetch_one(conn)
    .await
    .map_err(DbError::classify)?);
    // Every variation in one read; the disabled ones only say the product has variations.
    let all = on_tx!(tx, conn => sqlx::query_as::<_, (i64, Option<i64>, i64, bool, bool)>(
        "SELECT price_cents, sale_price_cents, stock_quantity, manage_stock, enabled \
         FROM product_variations WHERE product_id = $1",
    )
    .bind(product_id)
    .fetch_all(conn)
    .await?);
    let has_any_variation = !all.is_empty();
    let variations: Vec<_> = all
        .into_iter()
        .filter(|v| v.4)
        .map(|(p, s, stock, managed, _)| (p, s, stock, managed))
        .collect();
    let variations: Vec<_> = variations
        .into_iter()
        .map(|(p, s, stock, managed)| {
            let sale = s.filter(|_| src.sale_live).map(Cents);
            (Cents(p), sale, stock, managed)
        })
        .collect();
    let status = src.status.parse().unwrap_or(ProductStatus::Draft);
    let vendor = src
        .vendor_status
        .map(|s| s.parse().unwrap_or(VendorStatus::Pending));
    let mut r = compute_rollups(
        Cents(src.price_cents),
        src.sale_price_cents.map(Cents),
        src.stock_quantity,
        status,
        vendor,
        &variations,
    );
    // A product whose variations are all disabled still has variations; nothing is buyable.
    if has_any_variation && variations.is_empty() {
        r.has_variations = true;
        r.available_stock = 0;
    }
    write_rollups(tx, product_id, &r, now).await
}

/// The derived columns of a new product about to be written from `input` (no deal can be
/// on it yet), computed from the input itself rather than read back.
pub(super) async fn rollups_of_new(
    tx: &mut Tx,
    input: &super::ProductInput,
    now: DateTime<Utc>,
) -> DbResult<Rollups> {
    let vendor = match input.vendor_id {
        None => None,
        Some(id) => {
            let status = on_tx!(tx, conn => sqlx::query_scalar::<_, String>(
                "SELECT status FROM vendors WHERE id = $1",
            )
            .bind(id)
            .fetch_optional(conn)
            .await?);
            status.map(|s| s.parse().unwrap_or(VendorStatus::Pending))
        }
    };
    let live = bazaar_domain::pricing::sale_live(input.sale_starts_at, input.sale_ends_at, now);
    let sale = input.sale_price.filter(|_| live);
    let variations: Vec<_> = input
        .variations
        .iter()
        .filter(|v| v.enabled)
        .map(|v| {
            (
                v.price,
                v.sale_price.filter(|_| live),
                v.stock_quantity,
                v.manage_stock,
            )
        })
        .collect();
    let mut r = compute_rollups(
        input.price,
        sale,
        input.stock_quantity,
        input.status,
        vendor,
        &variations,
    );
    if !input.variations.is_empty() && variations.is_empty() {
        r.has_variations = true;
        r.available_stock = 0;
    }
    Ok(r)
}

async fn write_rollups(
    tx: &mut Tx,
    product_id: Uuid,
    r: &Rollups,
    now: DateTime<Utc>,
) -> DbResult<()> {
    on_tx!(tx, conn => sqlx::query(
        "UPDATE products SET has_variations = $2, min_price_cents = $3, max_price_cents = $4, \
         on_sale = $5, available_stock = $6, listed = $7, updated_at = $8, \
         published_at = CASE WHEN status = 'active' AND published_at IS NULL THEN $8 ELSE published_at END \
         WHERE id = $1",
    )
    .bind(product_id)
    .bind(r.has_variations)
    .bind(r.min_price_cents)
    .bind(r.max_price_cents)
    .bind(r.on_sale)
    .bind(r.available_stock)
    .bind(r.listed)
    .bind(now)
    .execute(conn).await?.rows_affected());
    Ok(())
}

/// Sets `sale_live` to the clock for every product with a sale window; returns the
/// products whose sale started or ended.
pub async fn refresh_sale_windows(tx: &mut Tx, now: DateTime<Utc>) -> DbResult<Vec<Uuid>> {
    type Window = (Uuid, Option<DateTime<Utc>>, Option<DateTime<Utc>>, bool);
    let windows = on_tx!(tx, conn => sqlx::query_as::<_, Window>(
        "SELECT id, sale_starts_at, sale_ends_at, sale_live FROM products \
         WHERE sale_starts_at IS NOT NULL OR sale_ends_at IS NOT NULL",
    )
    .fetch_all(conn)
    .await?);
    let mut changed = Vec::new();
    for (id, starts, ends, live) in windows {
        let now_live = bazaar_domain::pricing::sale_live(starts, ends, now);
        if now_live != live {
            on_tx!(tx, conn => sqlx::query("UPDATE products SET sale_live = $2 WHERE id = $1")
                .bind(id)
                .bind(now_live)
                .execute(conn)
                .await.map(|r| r.rows_affected()))?;
            changed.push(id);
        }
    }
    Ok(changed)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rollups_of_a_simple_product() {
        let r = compute_rollups(
            Cents(1000),
            Some(Cents(800)),
            5,
            ProductStatus::Active,
            None,
            &[],
        );
        assert_eq!(
            r,
            Rollups {
                has_variations: false,
                min_price_cents: 800,
                max_price_cents: 800,
                on_sale: true,
                available_stock: 5,
                listed: true
            }
        );
        let not_lower = compute_rollups(
            Cents(1000),
            Some(Cents(1000)),
            0,
            ProductStatus::Active,
            None,
            &[],
        );
        assert!(!not_lower.on_sale);
        assert_eq!(not_lower.min_price_cents, 1000);
    }

    #[test]
    fn rollups_of_variations_use_their_sale_prices() {
        let vars = [
            (Cents(50000), None, 2, true),
            (Cents(55000), Some(Cents(45000)), 0, true),
            (Cents(60000), None, 3, true),
        ];
        let r = compute_rollups(
            Cents(1),
            None,
            99,
            ProductStatus::Active,
            Some(VendorStatus::Approved),
            &vars,
        );
        assert_eq!(
            (
                r.min_price_cents,
                r.max_price_cents,
                r.on_sale,
                r.available_stock
            ),
            (45000, 60000, true, 5)
        );
        let pending = compute_rollups(
            Cents(1),
            None,
            0,
            ProductStatus::Active,
            Some(VendorStatus::Pending),
            &vars,
        );
        assert!(!pending.listed);
    }
}
