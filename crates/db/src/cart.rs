//! The signed-in cart (SPEC.md §4): one row per product, variation, size and colour; adding
//! the same line again raises its quantity; quantities stay between 1 and the stock.
//!
//! The rules that need the catalogue (is the product buyable, how much stock, the digital
//! purchase limit) are checked here, inside the caller's transaction, so a cart never holds
//! more than could be bought at the moment it was written.

use bazaar_domain::cart::{Limits, OwnedLimit, Refusal, fit};
use chrono::Utc;
use serde::Serialize;
use uuid::Uuid;

use crate::products::UNMANAGED_STOCK;
use crate::{Db, DbError, DbResult, Tx, on_db, on_tx};

/// Statuses of an order's part in which a customer owns what they bought (see
/// `bazaar_domain::order::OrderStatus::is_owned`).
pub const OWNED_STATUSES: &str = "('paid', 'processing', 'shipped', 'delivered')";

/// What one product (or one of its variations) is, as a cart or checkout needs it.
#[derive(Debug, Clone, PartialEq, Serialize, sqlx::FromRow)]
pub struct Item {
    pub product_id: Uuid,
    pub variation_id: Option<Uuid>,
    pub product_name: String,
    pub slug: String,
    pub product_type: String,
    pub image_url: Option<String>,
    pub variation_name: Option<String>,
    /// What the customer pays for one: the sale price when it is lower.
    pub unit_price_cents: i64,
    /// The regular price, to show a saving.
    pub regular_price_cents: i64,
    /// How many can be bought now (a large number when stock is not managed).
    pub stock: i64,
    /// Whether buying takes stock.
    pub managed: bool,
    pub vendor_id: Option<Uuid>,
    pub max_owned_per_user: Option<i64>,
    #[serde(skip)]
    pub listed: bool,
    #[serde(skip)]
    pub has_variations: bool,
    #[serde(skip)]
    pub variation_ok: bool,
}

/// Why an item cannot go in the cart (or through checkout).
#[derive(Debug, thiserror::Error)]
pub enum CartError {
    #[error("This product is not available")]
    Unavailable,
    #[error("Please choose a variation")]
    VariationRequired,
    #[error("This variation is not available")]
    VariationUnavailable,
    #[error("{}", out_of_stock_message(.name, *.available))]
    OutOfStock { name: String, available: i64 },
    /// SPEC.md §5: "Purchase Limit Reached" / "You can only own {max} of this digital product".
    #[error("You can only own {max} of this digital product")]
    PurchaseLimit { max: i64 },
    #[error("Quantity must be between 1 and 999")]
    BadQuantity,
    #[error(transparent)]
    Db(#[from] DbError),
}

impl From<sqlx::Error> for CartError {
    fn from(e: sqlx::Error) -> Self {
        CartError::Db(DbError::classify(e))
    }
}

fn out_of_stock_message(name: &str, available: i64) -> String {
    if available <= 0 {
        format!("{name} is out of stock")
    } else {
        format!("Only {available} of {name} left in stock")
    }
}

pub use bazaar_domain::cart::{Fit, MAX_QUANTITY};

impl CartError {
    /// The add-to-cart rule's refusal, about `item`.
    fn refused(r: Refusal, item: &Item) -> CartError {
        match r {
            Refusal::BadQuantity => CartError::BadQuantity,
            Refusal::OutOfStock { available } => CartError::OutOfStock {
                name: item.product_name.clone(),
                available,
            },
            Refusal::PurchaseLimit { max } => CartError::PurchaseLimit { max },
        }
    }
}

/// The columns of an [`ItemRow`], over `products p` and `product_variations v`.
const ITEM_COLUMNS: &str = concat!(
    "p.id AS product_id, v.id AS variation_id, p.name AS product_name, p.slug, \
     p.product_type, p.image_url, v.name AS variation_name, \
     CASE WHEN v.id IS NULL THEN p.price_cents ELSE v.price_cents END AS regular_price_cents, \
     CASE WHEN v.id IS NULL THEN (",
    crate::products::live_sale_sql!(),
    ") WHEN p.sale_live THEN v.sale_price_cents END AS sale_price_cents, \
     CASE WHEN v.id IS NULL THEN p.stock_quantity ELSE v.stock_quantity END AS stock_quantity, \
     COALESCE(v.manage_stock, TRUE) AS manage_stock, COALESCE(v.enabled, TRUE) AS variation_enabled, \
     p.vendor_id, p.max_owned_per_user, p.listed, p.has_variations"
);

fn item_select() -> String {
    format!(
        "SELECT {ITEM_COLUMNS} FROM products p \
         LEFT JOIN product_variations v ON v.id = $2 AND v.product_id = p.id WHERE p.id = $1"
    )
}

#[derive(sqlx::FromRow)]
struct ItemRow {
    product_id: Uuid,
    variation_id: Option<Uuid>,
    product_name: String,
    slug: String,
    product_type: String,
    image_url: Option<String>,
    variation_name: Option<String>,
    regular_price_cents: i64,
    sale_price_cents: Option<i64>,
    stock_quantity: i64,
    manage_stock: bool,
    variation_enabled: bool,
    vendor_id: Option<Uuid>,
    max_owned_per_user: Option<i64>,
    listed: bool,
    has_variations: bool,
}

impl ItemRow {
    fn into_item(self, asked_variation: Option<Uuid>) -> Item {
        let unit = match self.sale_price_cents {
            Some(s) if s < self.regular_price_cents => s,
            _ => self.regular_price_cents,
        };
        let variation_ok = match (asked_variation, self.variation_id) {
            (None, _) => !self.has_variations,
            (Some(_), Some(_)) => self.variation_enabled,
            (Some(_), None) => false,
        };
        Item {
            product_id: self.product_id,
            variation_id: self.variation_id,
            product_name: self.product_name,
            slug: self.slug,
            product_type: self.product_type,
            image_url: self.image_url,
            variation_name: self.variation_name,
            unit_price_cents: unit,
            regular_price_cents: self.regular_price_cents,
            stock: if self.manage_stock {
                self.stock_quantity
            } else {
                UNMANAGED_STOCK
            },
            managed: self.manage_stock,
            vendor_id: self.vendor_id,
            max_owned_per_user: self.max_owned_per_user,
            listed: self.listed,
            has_variations: self.has_variations,
            variation_ok,
        }
    }

    /// Buyable at all: listed, and with a matching enabled variation when it has any.
    fn check(item: &Item, asked_variation: Option<Uuid>) -> Result<(), CartError> {
        if !item.listed {
            return Err(CartError::Unavailable);
        }
        if !item.variation_ok {
            return Err(if asked_variation.is_none() {
                CartError::VariationRequired
            } else {
                CartError::VariationUnavailable
            });
        }
        Ok(())
    }
}

/// The product (and variation) as it is now, checked to be buyable.
pub async fn item(
    tx: &mut Tx,
    product_id: Uuid,
    variation_id: Option<Uuid>,
) -> Result<Item, CartError> {
    let row = on_tx!(tx, conn => sqlx::query_as::<_, ItemRow>(sqlx::AssertSqlSafe(item_select()))
        .bind(product_id)
        .bind(variation_id)
        .fetch_optional(conn)
        .await)?;
    let item = row.ok_or(CartError::Unavailable)?.into_item(variation_id);
    ItemRow::check(&item, variation_id)?;
    Ok(item)
}

/// How many of a product the user owns through paid orders.
pub async fn owned(tx: &mut Tx, user_id: Uuid, product_id: Uuid) -> DbResult<i64> {
    Ok(
        on_tx!(tx, conn => sqlx::query_scalar::<_, i64>(sqlx::AssertSqlSafe(owned_sql()))
        .bind(user_id)
        .bind(product_id)
        .fetch_one(conn)
        .await)?,
    )
}

/// [`owned`] outside a transaction (a read needs no turn to write).
async fn owned_now(db: &Db, user_id: Uuid, product_id: Uuid) -> DbResult<i64> {
    Ok(
        on_db!(db, pool => sqlx::query_scalar::<_, i64>(sqlx::AssertSqlSafe(owned_sql()))
        .bind(user_id)
        .bind(product_id)
        .fetch_one(pool)
        .await)?,
    )
}

fn owned_sql() -> String {
    format!(
        "SELECT CAST(COALESCE(SUM(i.quantity), 0) AS BIGINT) FROM order_items i JOIN orders o ON o.id = i.order_id \
         JOIN order_parts op ON op.id = i.part_id \
         WHERE o.user_id = $1 AND i.product_id = $2 AND op.status IN {OWNED_STATUSES}"
    )
}

/// The limit on a digital product, if it has one.
fn purchase_max(item: &Item) -> Option<i64> {
    item.max_owned_per_user
        .filter(|_| item.product_type == "digital")
}

/// What bounds how many of `item` the user may have in a line.
pub async fn limits(tx: &mut Tx, user_id: Uuid, item: &Item) -> DbResult<Limits> {
    let purchase_limit = match purchase_max(item) {
        Some(max) => Some(OwnedLimit {
            max,
            owned: owned(tx, user_id, item.product_id).await?,
        }),
        None => None,
    };
    Ok(Limits {
        stock: item.stock,
        purchase_limit,
    })
}

/// Refuses a line of `quantity` of `item` the add-to-cart rule would not allow.
pub async fn check(
    tx: &mut Tx,
    user_id: Uuid,
    item: &Item,
    quantity: i64,
) -> Result<(), CartError> {
    let limits = limits(tx, user_id, item).await?;
    fit(0, quantity, limits, Fit::Exact).map_err(|r| CartError::refused(r, item))?;
    Ok(())
}

/// One line of a cart, with what the web shows for it.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Line {
    pub id: Uuid,
    pub size: String,
    pub color: String,
    pub quantity: i64,
    #[serde(flatten)]
    pub item: Item,
    /// False when the product went off sale or its variation was switched off since it was
    /// added; checkout refuses such a cart until the line is removed.
    pub available: bool,
}

#[derive(sqlx::FromRow)]
struct JoinedLine {
    line_id: Uuid,
    asked_variation: Option<Uuid>,
    size: String,
    color: String,
    quantity: i64,
    #[sqlx(flatten)]
    item: ItemRow,
}

fn lines_sql() -> String {
    format!(
        "SELECT c.id AS line_id, c.variation_id AS asked_variation, c.size, c.color, c.quantity, {ITEM_COLUMNS} \
         FROM cart_items c JOIN products p ON p.id = c.product_id \
         LEFT JOIN product_variations v ON v.id = c.variation_id AND v.product_id = p.id \
         WHERE c.user_id = $1 ORDER BY c.created_at, c.id"
    )
}

fn to_lines(rows: Vec<JoinedLine>) -> Vec<Line> {
    rows.into_iter()
        .map(|r| {
            let item = r.item.into_item(r.asked_variation);
            let available = ItemRow::check(&item, r.asked_variation).is_ok();
            Line {
                id: r.line_id,
                size: r.size,
                color: r.color,
                quantity: r.quantity,
                item,
                available,
            }
        })
        .collect()
}

/// The user's cart, oldest line first, priced as of now (one query).
pub async fn lines(tx: &mut Tx, user_id: Uuid) -> DbResult<Vec<Line>> {
    let rows = on_tx!(tx, conn => sqlx::query_as::<_, JoinedLine>(sqlx::AssertSqlSafe(lines_sql()))
        .bind(user_id)
        .fetch_all(conn)
        .await)?;
    Ok(to_lines(rows))
}

/// [`lines`] outside a transaction.
pub async fn lines_now(db: &Db, user_id: Uuid) -> DbResult<Vec<Line>> {
    let rows = on_db!(db, pool => sqlx::query_as::<_, JoinedLine>(sqlx::AssertSqlSafe(lines_sql()))
        .bind(user_id)
        .fetch_all(pool)
        .await)?;
    Ok(to_lines(rows))
}

/// Adds one line the quick way (the shop's busiest write): the catalogue is read first,
/// outside any write lock, and the write is a single upsert whose resulting quantity is
/// then checked (a quantity past the stock or the purchase limit is taken back). Same
/// rules as [`add`] with [`Fit::Exact`].
pub async fn add_one(db: &Db, user_id: Uuid, add: &Add) -> Result<(), CartError> {
    if !(1..=MAX_QUANTITY).contains(&add.quantity) {
        return Err(CartError::BadQuantity);
    }
    let row = on_db!(db, pool => sqlx::query_as::<_, ItemRow>(sqlx::AssertSqlSafe(item_select()))
        .bind(add.product_id)
        .bind(add.variation_id)
        .fetch_optional(pool)
        .await)?;
    let item = row
        .ok_or(CartError::Unavailable)?
        .into_item(add.variation_id);
    ItemRow::check(&item, add.variation_id)?;
    let purchase_limit = match purchase_max(&item) {
        Some(max) => Some(OwnedLimit {
            max,
            owned: owned_now(db, user_id, item.product_id).await?,
        }),
        None => None,
    };
    let limits = Limits {
        stock: item.stock,
        purchase_limit,
    };
    // One statement in the common case; a quantity past the stock or the limit is taken
    // back by a second. On SQLite this process's turn to write covers both.
    let key = line_key(add);
    let _turn = db.write_turn().await;
    // `fetch_all` runs the statement to its end, so SQLite commits it before this returns
    // (see `notifications::mark_read`).
    let quantity = on_db!(db, pool => sqlx::query_scalar::<_, i64>(
        "INSERT INTO cart_items (id, user_id, product_id, variation_id, size, color, quantity, line_key, created_at, updated_at) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $9) \
         ON CONFLICT (user_id, line_key) DO UPDATE SET quantity = cart_items.quantity + excluded.quantity, \
         updated_at = excluded.updated_at RETURNING quantity",
    )
    .bind(Uuid::now_v7())
    .bind(user_id)
    .bind(add.product_id)
    .bind(item.variation_id)
    .bind(&add.size)
    .bind(&add.color)
    .bind(add.quantity)
    .bind(&key)
    .bind(Utc::now())
    .fetch_all(pool)
    .await)?
    .into_iter()
    .next()
    .ok_or(crate::DbError::NotFound)?;
    if let Err(refusal) = fit(quantity - add.quantity, add.quantity, limits, Fit::Exact) {
        let undo = if quantity == add.quantity {
            "DELETE FROM cart_items WHERE user_id = $1 AND line_key = $2 AND quantity = $3"
        } else {
            "UPDATE cart_items SET quantity = quantity - $3 WHERE user_id = $1 AND line_key = $2"
        };
        on_db!(db, pool => sqlx::query(undo)
            .bind(user_id)
            .bind(&key)
            .bind(add.quantity)
            .execute(pool)
            .await.map(|r| r.rows_affected()))?;
        return Err(CartError::refused(refusal, &item));
    }
    Ok(())
}

/// What to add: a product, its variation, size and colour.
#[derive(Debug, Clone)]
pub struct Add {
    pub product_id: Uuid,
    pub variation_id: Option<Uuid>,
    pub size: String,
    pub color: String,
    pub quantity: i64,
}

fn line_key(a: &Add) -> String {
    let variation = a.variation_id.map(|v| v.to_string()).unwrap_or_default();
    format!("{}|{variation}|{}|{}", a.product_id, a.size, a.color)
}

/// Adds `add` to the cart, merging with the same line. Returns the line id and the
/// quantity it now holds.
pub async fn add(
    tx: &mut Tx,
    user_id: Uuid,
    add: &Add,
    how: Fit,
) -> Result<(Uuid, i64), CartError> {
    let item = item(tx, add.product_id, add.variation_id).await?;
    let key = line_key(add);
    let existing = on_tx!(tx, conn => sqlx::query_as::<_, (Uuid, i64)>(
        "SELECT id, quantity FROM cart_items WHERE user_id = $1 AND line_key = $2",
    )
    .bind(user_id)
    .bind(&key)
    .fetch_optional(conn)
    .await)?;
    let in_cart = existing.map_or(0, |(_, q)| q);
    let limits = limits(tx, user_id, &item).await?;
    let wanted =
        fit(in_cart, add.quantity, limits, how).map_err(|r| CartError::refused(r, &item))?;
    let now = Utc::now();
    let id = match existing {
        Some((id, _)) => {
            on_tx!(tx, conn => sqlx::query("UPDATE cart_items SET quantity = $2, updated_at = $3 WHERE id = $1")
                .bind(id)
                .bind(wanted)
                .bind(now)
                .execute(conn)
                .await.map(|r| r.rows_affected()))?;
            id
        }
        None => {
            let id = Uuid::now_v7();
            on_tx!(tx, conn => sqlx::query(
                "INSERT INTO cart_items (id, user_id, product_id, variation_id, size, color, quantity, line_key, created_at, updated_at) \
                 VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $9)",
            )
            .bind(id)
            .bind(user_id)
            .bind(add.product_id)
            .bind(item.variation_id)
            .bind(&add.size)
            .bind(&add.color)
            .bind(wanted)
            .bind(&key)
            .bind(now)
            .execute(conn)
            .await.map(|r| r.rows_affected()))?;
            id
        }
    };
    Ok((id, wanted))
}

/// Sets a line's quantity; below 1 removes it. `NotFound` when the line is not the user's.
pub async fn set_quantity(
    tx: &mut Tx,
    user_id: Uuid,
    line_id: Uuid,
    quantity: i64,
) -> Result<(), CartError> {
    let (product_id, variation_id) = on_tx!(tx, conn => sqlx::query_as::<_, (Uuid, Option<Uuid>)>(
        "SELECT product_id, variation_id FROM cart_items WHERE id = $1 AND user_id = $2",
    )
    .bind(line_id)
    .bind(user_id)
    .fetch_optional(conn)
    .await)?
    .ok_or(CartError::Db(DbError::NotFound))?;
    if quantity < 1 {
        remove(tx, user_id, line_id).await?;
        return Ok(());
    }
    let item = item(tx, product_id, variation_id).await?;
    check(tx, user_id, &item, quantity).await?;
    on_tx!(tx, conn => sqlx::query("UPDATE cart_items SET quantity = $3, updated_at = $4 WHERE id = $1 AND user_id = $2")
        .bind(line_id)
        .bind(user_id)
        .bind(quantity)
        .bind(Utc::now())
        .execute(conn)
        .await.map(|r| r.rows_affected()))?;
    Ok(())
}

/// Removes one line; `NotFound` when it is not the user's.
pub async fn remove(tx: &mut Tx, user_id: Uuid, line_id: Uuid) -> DbResult<()> {
    let n = on_tx!(tx, conn => sqlx::query("DELETE FROM cart_items WHERE id = $1 AND user_id = $2")
        .bind(line_id)
        .bind(user_id)
        .execute(conn)
        .await.map(|r| r.rows_affected()))?;
    if n == 0 {
        return Err(DbError::NotFound);
    }
    Ok(())
}

/// Empties the cart.
pub async fn clear(tx: &mut Tx, user_id: Uuid) -> DbResult<u64> {
    Ok(
        on_tx!(tx, conn => sqlx::query("DELETE FROM cart_items WHERE user_id = $1")
        .bind(user_id)
        .execute(conn)
        .await.map(|r| r.rows_affected()))?,
    )
}

#[cfg(test)]
mod tests {
    use bazaar_domain::order::OrderStatus;

    #[test]
    fn owned_statuses_are_the_domains() {
        let owned: Vec<String> = OrderStatus::ALL
            .iter()
            .filter(|s| s.is_owned())
            .map(|s| format!("'{s}'"))
            .collect();
        assert_eq!(super::OWNED_STATUSES, format!("({})", owned.join(", ")));
    }
}
