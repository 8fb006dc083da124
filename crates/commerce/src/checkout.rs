//! Checkout: prices the signed-in cart from the database (never from the client), applies a
//! coupon and points, adds shipping and shows the VAT included, then — in one transaction —
//! creates the order in `pending_payment` with one part per vendor, takes the stock,
//! spends the points, claims the coupon and empties the cart.

use std::collections::BTreeMap;

use bazaar_db::cart::{self, CartError, Line};
use bazaar_db::coupons::{self, Coupon};
use bazaar_db::orders::{self, Header};
use bazaar_db::points::{self, Kind, Moved, Movement};
use bazaar_db::{DbError, Tx, stock};
use bazaar_domain::checkout::{
    self as rules, Address, AddressInput, CouponKind, FieldErrors, INSUFFICIENT_POINTS,
};
use bazaar_domain::delivery;
use bazaar_domain::money::Cents;
use bazaar_domain::shipping::{self, PartGoods, ShippingTerms};
use bazaar_queue::Job;
use chrono::{Datelike, Duration, NaiveDate, Utc, Weekday};
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
    /// This part's share of the coupon discount.
    pub discount_cents: i64,
    /// This part's shipping: the vendor's own terms, or its share of the platform's one
    /// charge for the parts on platform terms. The parts add up to the order's shipping.
    pub shipping_cents: i64,
    pub delivery_min_business_days: i64,
    pub delivery_max_business_days: i64,
    /// Calendar dates of the estimate (`YYYY-MM-DD`), counting business days from today.
    pub delivery_from: String,
    pub delivery_to: String,
    #[serde(skip)]
    lines: Vec<usize>,
    #[serde(skip)]
    terms: ShippingTerms,
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
        (Some(a), true) => {
            let address = rules::validate_address(a).map_err(CheckoutError::Address)?;
            if !settings.regions.delivers_to(&address.province) {
                let errors = FieldErrors::from([(
                    "province".to_owned(),
                    bazaar_domain::settings::regions::Regions::refusal(&address.province),
                )]);
                return Err(CheckoutError::Address(errors));
            }
            Some(address)
        }
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
    let mut parts = split_by_vendor(tx, &items).await?;

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
            let eligible: i64 = parts
                .iter()
                .filter(|p| coupon_covers(&c, p))
                .map(|p| p.subtotal_cents)
                .sum();
            let kind = CouponKind::from_stored(&c.kind, c.value);
            let off = rules::coupon_discount(kind, Cents(c.min_spend_cents), Cents(eligible))
                .map_err(CheckoutError::Coupon)?;
            (Some(c), off.0)
        }
    };
    // The discount falls on the parts the coupon covers, by their goods.
    let covered: Vec<usize> = (0..parts.len())
        .filter(|&i| coupon.as_ref().is_some_and(|c| coupon_covers(c, &parts[i])))
        .collect();
    let weights: Vec<i64> = covered.iter().map(|&i| parts[i].subtotal_cents).collect();
    for (k, share) in shipping::allocate(Cents(discount), &weights)
        .into_iter()
        .enumerate()
    {
        parts[covered[k]].discount_cents = share.0;
    }
    let goods = subtotal - discount;
    let part_goods: Vec<PartGoods> = parts
        .iter()
        .map(|p| PartGoods {
            has_physical: p
                .lines
                .iter()
                .any(|&i| items[i].item.product_type != "digital"),
            goods: Cents(p.subtotal_cents - p.discount_cents),
            terms: p.terms,
        })
        .collect();
    for (part, cost) in parts
        .iter_mut()
        .zip(shipping::per_part(&part_goods, &settings.shipping))
    {
        part.shipping_cents = cost.0;
    }
    let shipping: i64 = parts.iter().map(|p| p.shipping_cents).sum();
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

/// Whether a coupon takes off this part's goods: a platform coupon every part, a
/// vendor's coupon only their own.
fn coupon_covers(c: &Coupon, part: &PartQuote) -> bool {
    c.vendor_id.is_none() || c.vendor_id == part.vendor_id
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
            Some(id) => bazaar_db::vendors::part_vendor(tx, id).await?,
            None => None,
        };
        let (name, min, max, terms) = match vendor {
            Some(v) => (
                v.store_name,
                v.shipping.standard_delivery_min_days,
                v.shipping.standard_delivery_max_days,
                v.shipping.terms(),
            ),
            None => ("bazaar".to_owned(), None, None, ShippingTerms::default()),
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
            discount_cents: 0,
            shipping_cents: 0,
            lines,
            terms,
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
    orders::insert_priced(
        tx,
        &orders::PricedOrder {
            id: order_id,
            order_number: &number,
            user_id,
            currency: &quote.currency,
            email,
            subtotal_cents: quote.subtotal_cents,
            discount_cents: quote.discount_cents,
            coupon_code: quote.coupon_code.as_deref(),
            shipping_cents: quote.shipping_cents,
            points_spent: quote.points_spent,
            points_discount_cents: quote.points_discount_cents,
            vat_cents: quote.vat_cents,
            total_cents: quote.total_cents,
            shipping_address: address,
            reserved_until,
            created_at: now,
        },
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

/// Writes the order's parts and lines, each line a copy of what was bought.
async fn insert_lines(tx: &mut Tx, order_id: Uuid, q: &Quote) -> Result<(), CheckoutError> {
    let mut position = 0_i64;
    for (part_no, part) in q.parts.iter().enumerate() {
        let part_id = Uuid::now_v7();
        orders::insert_part(
            tx,
            &orders::NewPart {
                id: part_id,
                order_id,
                vendor_id: part.vendor_id,
                vendor_name: &part.vendor_name,
                subtotal_cents: part.subtotal_cents,
                discount_cents: part.discount_cents,
                shipping_cents: part.shipping_cents,
                delivery_from: &part.delivery_from,
                delivery_to: &part.delivery_to,
                position: part_no as i64,
            },
        )
        .await?;
        for &i in &part.lines {
            let l = &q.items[i];
            orders::insert_line(
                tx,
                &orders::NewLine {
                    order_id,
                    part_id,
                    line: l,
                    position,
                },
            )
            .await?;
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
