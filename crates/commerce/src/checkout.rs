//! Checkout: prices the signed-in cart from the database (never from the client), applies a
//! coupon and points, adds shipping and shows the VAT included, then — in one transaction —
//! creates the order in `pending_payment` with one part per vendor, takes the stock,
//! spends the points, claims the coupon and empties the cart.

use std::collections::BTreeMap;

use bazaar_db::cart::{self, CartError, Line};
use bazaar_db::coupons::{self, Coupon};
use bazaar_db::orders::Header;
use bazaar_db::points::{self, Kind, Moved, Movement};
use bazaar_db::{DbError, Tx, on_tx, stock};
use bazaar_domain::checkout::{
    self as rules, Address, AddressInput, CouponKind, FieldErrors, INSUFFICIENT_POINTS,
};
use bazaar_domain::delivery;
use bazaar_domain::money::Cents;
use bazaar_queue::Job;
use chrono::{DateTime, Datelike, Duration, NaiveDate, Utc, Weekday};
use serde::{Deserialize, Serialize};
use uuid::Uuid;

use crate::Settings;

/// What the customer asks for at checkout.
#[derive(Debug, Clone, Default, Deserialize)]
pub struct Request {
    /// Needed when the cart holds physical goods.
    pub shipping_address: Option<AddressInput>,
    /// Points to spend (10 points = R1).
    #[serde(default)]
    pub points: i64,
    pub coupon_code: Option<String>,
}

#[derive(Debug, thiserror::Error)]
pub enum CheckoutError {
    #[error("Your cart is empty")]
    EmptyCart,
    #[error(transparent)]
    Cart(#[from] CartError),
    #[error("Please check the shipping address")]
    Address(FieldErrors),
    #[error("{0}")]
    Coupon(String),
    #[error("{0}")]
    Points(&'static str),
    #[error(transparent)]
    Db(#[from] DbError),
}

impl From<sqlx::Error> for CheckoutError {
    fn from(e: sqlx::Error) -> Self {
        CheckoutError::Db(DbError::classify(e))
    }
}

/// One vendor's share of the order.
#[derive(Debug, Clone, Serialize)]
pub struct PartQuote {
    pub vendor_id: Option<Uuid>,
    pub vendor_name: String,
    pub subtotal_cents: i64,
    pub delivery_min_business_days: i64,
    pub delivery_max_business_days: i64,
    /// Calendar dates of the estimate (`YYYY-MM-DD`), counting business days from today.
    pub delivery_from: String,
    pub delivery_to: String,
    #[serde(skip)]
    lines: Vec<usize>,
}

/// The priced cart.
#[derive(Debug, Clone, Serialize)]
pub struct Quote {
    pub currency: String,
    pub items: Vec<Line>,
    pub parts: Vec<PartQuote>,
    pub subtotal_cents: i64,
    pub coupon_code: Option<String>,
    pub discount_cents: i64,
    pub shipping_cents: i64,
    pub points_balance: i64,
    /// The most points this order can take.
    pub points_usable: i64,
    pub points_spent: i64,
    pub points_discount_cents: i64,
    pub total_cents: i64,
    pub vat_rate_percent: i64,
    /// The VAT included in the total.
    pub vat_cents: i64,
    pub requires_shipping_address: bool,
    #[serde(skip)]
    coupon: Option<Coupon>,
    #[serde(skip)]
    address: Option<Address>,
}

/// Prices the cart for `req` without changing anything. The caller's transaction should
/// hold the customer's points row (see [`points::lock`]).
pub async fn quote(
    tx: &mut Tx,
    user_id: Uuid,
    req: &Request,
    settings: &Settings,
    require_address: bool,
) -> Result<Quote, CheckoutError> {
    // First, so one customer's checkouts run one at a time (the row stays locked).
    let balance = points::lock(tx, user_id).await?.current_balance;
    let items = cart::lines(tx, user_id).await?;
    if items.is_empty() {
        return Err(CheckoutError::EmptyCart);
    }
    for line in &items {
        if !line.available {
            return Err(CartError::Unavailable.into());
        }
        cart::check(tx, user_id, &line.item, line.quantity).await?;
    }
    let has_physical = items.iter().any(|l| l.item.product_type != "digital");
    let address = match (&req.shipping_address, has_physical && require_address) {
        (Some(a), true) => Some(rules::validate_address(a).map_err(CheckoutError::Address)?),
        (None, true) => {
            let errors = FieldErrors::from([(
                "shipping_address".to_owned(),
                "Enter a shipping address".to_owned(),
            )]);
            return Err(CheckoutError::Address(errors));
        }
        (Some(a), false) if has_physical => rules::validate_address(a).ok(),
        _ => None,
    };
    let subtotal: i64 = items
        .iter()
        .map(|l| l.item.unit_price_cents * l.quantity)
        .sum();
    let parts = split_by_vendor(tx, &items).await?;

    let now = Utc::now();
    let (coupon, discount) = match req
        .coupon_code
        .as_deref()
        .map(str::trim)
        .filter(|c| !c.is_empty())
    {
        None => (None, 0),
        Some(code) => {
            let c = coupons::find(tx, code)
                .await?
                .ok_or_else(|| CheckoutError::Coupon("This coupon code is not valid".into()))?;
            if let Some(why) = coupons::refusal(tx, &c, user_id, now).await? {
                return Err(CheckoutError::Coupon(why));
            }
            let eligible: i64 = items
                .iter()
                .filter(|l| c.vendor_id.is_none() || l.item.vendor_id == c.vendor_id)
                .map(|l| l.item.unit_price_cents * l.quantity)
                .sum();
            let kind = match c.kind.as_str() {
                "percentage" => CouponKind::Percentage(c.value),
                _ => CouponKind::Fixed(Cents(c.value)),
            };
            let off = rules::coupon_discount(kind, Cents(c.min_spend_cents), Cents(eligible))
                .map_err(CheckoutError::Coupon)?;
            (Some(c), off.0)
        }
    };
    let goods = subtotal - discount;
    let shipping = rules::shipping(has_physical, Cents(goods), &settings.shipping).0;
    let before_points = goods + shipping;
    let spent = rules::points_to_spend(req.points, balance, Cents(before_points))
        .map_err(CheckoutError::Points)?;
    let points_discount = spent * rules::CENTS_PER_POINT;
    let total = before_points - points_discount;
    Ok(Quote {
        currency: settings.currency.clone(),
        items,
        parts,
        subtotal_cents: subtotal,
        coupon_code: coupon.as_ref().map(|c| c.code.clone()),
        discount_cents: discount,
        shipping_cents: shipping,
        points_balance: balance,
        points_usable: rules::usable_points(balance, Cents(before_points)),
        points_spent: spent,
        points_discount_cents: points_discount,
        total_cents: total,
        vat_rate_percent: settings.vat_rate_percent,
        vat_cents: rules::vat_included(Cents(total), settings.vat_rate_percent).0,
        requires_shipping_address: has_physical,
        coupon,
        address,
    })
}

#[derive(sqlx::FromRow)]
struct VendorRow {
    store_name: String,
    standard_delivery_min_days: Option<i64>,
    standard_delivery_max_days: Option<i64>,
}

/// Groups the lines by vendor (house products form their own part), in cart order.
async fn split_by_vendor(tx: &mut Tx, items: &[Line]) -> Result<Vec<PartQuote>, CheckoutError> {
    let mut order: Vec<Option<Uuid>> = Vec::new();
    let mut by_vendor: BTreeMap<Option<Uuid>, Vec<usize>> = BTreeMap::new();
    for (i, line) in items.iter().enumerate() {
        let v = line.item.vendor_id;
        if !by_vendor.contains_key(&v) {
            order.push(v);
        }
        by_vendor.entry(v).or_default().push(i);
    }
    let today = Utc::now().date_naive();
    let mut parts = Vec::with_capacity(order.len());
    for vendor_id in order {
        let vendor = match vendor_id {
            Some(id) => on_tx!(tx, conn => sqlx::query_as::<_, VendorRow>(
                "SELECT store_name, standard_delivery_min_days, standard_delivery_max_days FROM vendors WHERE id = $1",
            )
            .bind(id)
            .fetch_optional(conn)
            .await)?,
            None => None,
        };
        let (name, min, max) = match vendor {
            Some(v) => (
                v.store_name,
                v.standard_delivery_min_days,
                v.standard_delivery_max_days,
            ),
            None => ("bazaar".to_owned(), None, None),
        };
        let estimate = delivery::estimate(min, max);
        let lines = by_vendor.remove(&vendor_id).unwrap_or_default();
        parts.push(PartQuote {
            vendor_id,
            vendor_name: name,
            subtotal_cents: lines
                .iter()
                .map(|&i| items[i].item.unit_price_cents * items[i].quantity)
                .sum(),
            delivery_min_business_days: estimate.min_business_days,
            delivery_max_business_days: estimate.max_business_days,
            delivery_from: add_business_days(today, estimate.min_business_days).to_string(),
            delivery_to: add_business_days(today, estimate.max_business_days).to_string(),
            lines,
        });
    }
    Ok(parts)
}

/// `date` moved forward by `days` weekdays.
pub fn add_business_days(mut date: NaiveDate, days: i64) -> NaiveDate {
    let mut left = days;
    while left > 0 {
        date += Duration::days(1);
        if !matches!(date.weekday(), Weekday::Sat | Weekday::Sun) {
            left -= 1;
        }
    }
    date
}

/// A new order number: `BZ-` and ten digits from the random part of a UUIDv7.
fn order_number() -> String {
    let bytes = Uuid::now_v7().into_bytes();
    let mut tail = [0u8; 8];
    tail.copy_from_slice(&bytes[8..16]);
    format!("BZ-{:010}", u64::from_be_bytes(tail) % 10_000_000_000)
}

/// The order checkout created.
#[derive(Debug, Clone)]
pub struct Placed {
    pub order_id: Uuid,
    pub order_number: String,
    pub quote: Quote,
    /// True when points covered everything: the order is paid already.
    pub paid: bool,
}

/// Creates the order from the cart in the caller's transaction (which the caller commits).
pub async fn place(
    tx: &mut Tx,
    user_id: Uuid,
    email: &str,
    req: &Request,
    settings: &Settings,
) -> Result<Placed, CheckoutError> {
    let quote = quote(tx, user_id, req, settings, true).await?;
    let (order_id, number, now) = (Uuid::now_v7(), order_number(), Utc::now());
    let reserved_until = now + settings.reservation;
    let address = quote
        .address
        .as_ref()
        .map(|a| serde_json::to_string(a).unwrap_or_default());
    insert_header(
        tx,
        order_id,
        &number,
        user_id,
        email,
        &quote,
        address,
        reserved_until,
        now,
    )
    .await?;
    insert_lines(tx, order_id, &quote).await?;
    take_stock(tx, &quote, order_id).await?;
    if quote.points_spent > 0 {
        let description = format!("Spent on order {number}");
        let moved = points::apply(
            tx,
            &Movement {
                user_id,
                kind: Kind::Spent,
                points: quote.points_spent,
                description: &description,
                order_id: Some(order_id),
                source: "order_spend",
            },
        )
        .await?;
        if moved == Moved::Insufficient {
            return Err(CheckoutError::Points(INSUFFICIENT_POINTS));
        }
    }
    if let Some(c) = &quote.coupon
        && !coupons::claim(tx, c.id, user_id, order_id).await?
    {
        return Err(CheckoutError::Coupon(
            "This coupon has been fully redeemed".into(),
        ));
    }
    cart::clear(tx, user_id).await?;
    let paid = quote.total_cents == 0;
    if paid {
        let header = bazaar_db::orders::lock(tx, order_id)
            .await?
            .ok_or(DbError::NotFound)?;
        crate::flow::mark_paid(tx, &header, None, settings).await?;
    }
    Ok(Placed {
        order_id,
        order_number: number,
        quote,
        paid,
    })
}

#[allow(clippy::too_many_arguments)]
async fn insert_header(
    tx: &mut Tx,
    id: Uuid,
    number: &str,
    user_id: Uuid,
    email: &str,
    q: &Quote,
    address: Option<String>,
    reserved_until: DateTime<Utc>,
    now: DateTime<Utc>,
) -> Result<(), CheckoutError> {
    on_tx!(tx, conn => sqlx::query(
        "INSERT INTO orders (id, order_number, user_id, status, currency, email, subtotal_cents, discount_cents, \
         coupon_code, shipping_cents, points_spent, points_discount_cents, vat_cents, total_cents, shipping_address, \
         reserved_until, created_at, updated_at) \
         VALUES ($1, $2, $3, 'pending_payment', $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $16)",
    )
    .bind(id)
    .bind(number)
    .bind(user_id)
    .bind(&q.currency)
    .bind(email)
    .bind(q.subtotal_cents)
    .bind(q.discount_cents)
    .bind(&q.coupon_code)
    .bind(q.shipping_cents)
    .bind(q.points_spent)
    .bind(q.points_discount_cents)
    .bind(q.vat_cents)
    .bind(q.total_cents)
    .bind(address)
    .bind(reserved_until)
    .bind(now)
    .execute(conn)
    .await.map(|r| r.rows_affected()))?;
    Ok(())
}

async fn insert_lines(tx: &mut Tx, order_id: Uuid, q: &Quote) -> Result<(), CheckoutError> {
    let mut position = 0_i64;
    for (part_no, part) in q.parts.iter().enumerate() {
        let part_id = Uuid::now_v7();
        on_tx!(tx, conn => sqlx::query(
            "INSERT INTO order_parts (id, order_id, vendor_id, vendor_name, subtotal_cents, delivery_from, delivery_to, position) \
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8)",
        )
        .bind(part_id)
        .bind(order_id)
        .bind(part.vendor_id)
        .bind(&part.vendor_name)
        .bind(part.subtotal_cents)
        .bind(&part.delivery_from)
        .bind(&part.delivery_to)
        .bind(part_no as i64)
        .execute(conn)
        .await.map(|r| r.rows_affected()))?;
        for &i in &part.lines {
            let l = &q.items[i];
            on_tx!(tx, conn => sqlx::query(
                "INSERT INTO order_items (id, order_id, part_id, product_id, variation_id, vendor_id, product_name, \
                 variation_name, size, color, product_type, image_url, unit_price_cents, quantity, line_total_cents, \
                 stock_reserved, position) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17)",
            )
            .bind(Uuid::now_v7())
            .bind(order_id)
            .bind(part_id)
            .bind(l.item.product_id)
            .bind(l.item.variation_id)
            .bind(l.item.vendor_id)
            .bind(&l.item.product_name)
            .bind(&l.item.variation_name)
            .bind(&l.size)
            .bind(&l.color)
            .bind(&l.item.product_type)
            .bind(&l.item.image_url)
            .bind(l.item.unit_price_cents)
            .bind(l.quantity)
            .bind(l.item.unit_price_cents * l.quantity)
            .bind(l.item.managed)
            .bind(position)
            .execute(conn)
            .await.map(|r| r.rows_affected()))?;
            position += 1;
        }
    }
    Ok(())
}

/// Takes the stock of every managed line; the first line short of stock fails the whole
/// checkout (the caller rolls back).
async fn take_stock(tx: &mut Tx, q: &Quote, order_id: Uuid) -> Result<(), CheckoutError> {
    let mut touched = Vec::new();
    for l in q.items.iter().filter(|l| l.item.managed) {
        if !stock::take(
            tx,
            l.item.product_id,
            l.item.variation_id,
            l.quantity,
            order_id,
        )
        .await?
        {
            let available = stock::left(tx, l.item.product_id, l.item.variation_id).await?;
            return Err(CartError::OutOfStock {
                name: l.item.product_name.clone(),
                available,
            }
            .into());
        }
        touched.push(l.item.product_id);
    }
    touched.sort();
    touched.dedup();
    stock::refresh(tx, &touched).await?;
    if !touched.is_empty() {
        bazaar_queue::enqueue(
            tx,
            &Job::IndexProducts {
                product_ids: touched,
            },
        )
        .await?;
    }
    Ok(())
}

/// The address stored on an order, if any.
pub fn address_of(h: &Header) -> Option<Address> {
    h.shipping_address
        .as_deref()
        .and_then(|s| serde_json::from_str(s).ok())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn business_days_skip_weekends() {
        let fri = NaiveDate::from_ymd_opt(2026, 11, 20).unwrap();
        assert_eq!(
            add_business_days(fri, 1),
            NaiveDate::from_ymd_opt(2026, 11, 23).unwrap()
        );
        assert_eq!(
            add_business_days(fri, 4),
            NaiveDate::from_ymd_opt(2026, 11, 26).unwrap()
        );
        assert_eq!(add_business_days(fri, 0), fri);
    }

    #[test]
    fn order_numbers_are_bz_and_ten_digits() {
        let n = order_number();
        assert!(n.starts_with("BZ-") && n.len() == 13, "{n}");
        assert!(n[3..].bytes().all(|b| b.is_ascii_digit()));
    }
}
