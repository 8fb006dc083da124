//! JSON shapes of checkout and orders (docs/contracts.md "Buying"), built from the
//! commerce and database types.

use bazaar_commerce::checkout::{self, PartQuote, Quote, Request};
use bazaar_commerce::payfast::PaymentForm;
use bazaar_db::orders::Detail;
use bazaar_domain::checkout::{Address, AddressInput};
use bazaar_domain::order::customer_may_cancel;
use bazaar_domain::shipment::{courier_name, tracking_link};
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use uuid::Uuid;

use super::cart::CartItem;

/// A shipping address (South African).
#[derive(Debug, Clone, Deserialize, Serialize, ToSchema)]
pub struct ShippingAddress {
    pub recipient: String,
    /// `082 123 4567` or `+27 82 123 4567`.
    pub phone: String,
    pub line1: String,
    pub line2: Option<String>,
    pub suburb: Option<String>,
    pub city: String,
    /// One of the nine provinces, by name or code (GP, WC, KZN, …).
    pub province: String,
    /// Four digits.
    pub postal_code: String,
    /// Always ZA in answers.
    pub country: Option<String>,
}

impl From<ShippingAddress> for AddressInput {
    fn from(a: ShippingAddress) -> Self {
        AddressInput {
            recipient: a.recipient,
            phone: a.phone,
            line1: a.line1,
            line2: a.line2,
            suburb: a.suburb,
            city: a.city,
            province: a.province,
            postal_code: a.postal_code,
        }
    }
}

impl From<Address> for ShippingAddress {
    fn from(a: Address) -> Self {
        ShippingAddress {
            recipient: a.recipient,
            phone: a.phone,
            line1: a.line1,
            line2: a.line2,
            suburb: a.suburb,
            city: a.city,
            province: a.province,
            postal_code: a.postal_code,
            country: Some(a.country),
        }
    }
}

/// What checkout needs beyond the cart.
#[derive(Debug, Deserialize, ToSchema)]
pub struct CheckoutRequest {
    /// Required when the cart holds physical goods.
    pub shipping_address: Option<ShippingAddress>,
    /// Points to spend (10 points = R1); refused above the balance, capped at the total.
    pub points: Option<i64>,
    pub coupon_code: Option<String>,
}

impl CheckoutRequest {
    pub(super) fn into_request(self) -> Request {
        Request {
            shipping_address: self.shipping_address.map(AddressInput::from),
            points: self.points.unwrap_or(0),
            coupon_code: self.coupon_code,
        }
    }
}

#[derive(Debug, Serialize, ToSchema)]
pub struct DeliveryPart {
    pub vendor_id: Option<Uuid>,
    pub vendor_name: String,
    pub subtotal_cents: i64,
    /// This part's share of the coupon discount.
    pub discount_cents: i64,
    /// This part's shipping; the parts add up to the order's.
    pub shipping_cents: i64,
    pub delivery_min_business_days: i64,
    pub delivery_max_business_days: i64,
    pub delivery_from: String,
    pub delivery_to: String,
}

impl From<&PartQuote> for DeliveryPart {
    fn from(p: &PartQuote) -> Self {
        Self {
            vendor_id: p.vendor_id,
            vendor_name: p.vendor_name.clone(),
            subtotal_cents: p.subtotal_cents,
            discount_cents: p.discount_cents,
            shipping_cents: p.shipping_cents,
            delivery_min_business_days: p.delivery_min_business_days,
            delivery_max_business_days: p.delivery_max_business_days,
            delivery_from: p.delivery_from.clone(),
            delivery_to: p.delivery_to.clone(),
        }
    }
}

/// The priced cart.
#[derive(Debug, Serialize, ToSchema)]
pub struct CheckoutQuote {
    pub currency: String,
    pub items: Vec<CartItem>,
    /// One per vendor, with its estimated delivery.
    pub parts: Vec<DeliveryPart>,
    pub subtotal_cents: i64,
    pub coupon_code: Option<String>,
    pub discount_cents: i64,
    pub shipping_cents: i64,
    pub points_balance: i64,
    pub points_usable: i64,
    pub points_spent: i64,
    pub points_discount_cents: i64,
    pub total_cents: i64,
    pub vat_rate_percent: i64,
    /// The VAT included in the total.
    pub vat_cents: i64,
    pub requires_shipping_address: bool,
}

impl From<Quote> for CheckoutQuote {
    fn from(q: Quote) -> Self {
        Self {
            parts: q.parts.iter().map(DeliveryPart::from).collect(),
            items: q.items.into_iter().map(CartItem::from).collect(),
            currency: q.currency,
            subtotal_cents: q.subtotal_cents,
            coupon_code: q.coupon_code,
            discount_cents: q.discount_cents,
            shipping_cents: q.shipping_cents,
            points_balance: q.points_balance,
            points_usable: q.points_usable,
            points_spent: q.points_spent,
            points_discount_cents: q.points_discount_cents,
            total_cents: q.total_cents,
            vat_rate_percent: q.vat_rate_percent,
            vat_cents: q.vat_cents,
            requires_shipping_address: q.requires_shipping_address,
        }
    }
}

#[derive(Debug, Serialize, ToSchema)]
pub struct FormFieldView {
    pub name: String,
    pub value: String,
}

/// Where the browser posts to pay, and the signed fields in order.
#[derive(Debug, Serialize, ToSchema)]
pub struct PaymentFormView {
    pub provider: String,
    /// sandbox, live or simulator.
    pub mode: String,
    pub process_url: String,
    pub fields: Vec<FormFieldView>,
}

impl From<PaymentForm> for PaymentFormView {
    fn from(f: PaymentForm) -> Self {
        Self {
            provider: f.provider.into(),
            mode: f.mode,
            process_url: f.process_url,
            fields: f
                .fields
                .into_iter()
                .map(|f| FormFieldView {
                    name: f.name,
                    value: f.value,
                })
                .collect(),
        }
    }
}

#[derive(Debug, Serialize, ToSchema)]
pub struct OrderItemView {
    pub id: Uuid,
    pub product_id: Option<Uuid>,
    pub variation_id: Option<Uuid>,
    pub product_name: String,
    pub variation_name: Option<String>,
    pub size: String,
    pub color: String,
    pub product_type: String,
    pub image_url: Option<String>,
    pub unit_price_cents: i64,
    pub quantity: i64,
    pub line_total_cents: i64,
    /// How many of the line were refunded.
    pub refunded_quantity: i64,
    /// A digital product of a paid order: a signed link to its file, working for 24 hours
    /// (each view of the order gives a fresh one).
    pub download_url: Option<String>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct OrderPartView {
    pub id: Uuid,
    pub vendor_id: Option<Uuid>,
    pub vendor_name: String,
    /// The store's address while it is open ("Ask the seller" names it); null for the
    /// house's own goods.
    pub vendor_slug: Option<String>,
    pub subtotal_cents: i64,
    /// This part's share of the coupon discount.
    pub discount_cents: i64,
    /// This part's shipping; the parts add up to the order's.
    pub shipping_cents: i64,
    pub delivery_from: Option<String>,
    pub delivery_to: Option<String>,
    /// Where this vendor's part stands: paid, processing, shipped, delivered or cancelled
    /// (pending_payment until the order is paid).
    pub status: String,
    /// The courier's code once shipped (see `GET /vendor/couriers`).
    pub courier: Option<String>,
    pub courier_name: Option<String>,
    pub tracking_number: Option<String>,
    /// Where the buyer follows the parcel: the vendor's link, else the courier's tracking page.
    pub tracking_url: Option<String>,
    pub shipped_at: Option<DateTime<Utc>>,
    pub delivered_at: Option<DateTime<Utc>>,
    pub cancelled_at: Option<DateTime<Utc>>,
    pub cancel_reason: Option<String>,
    /// This part's share of the money owed back since it was cancelled.
    pub refund_due_cents: i64,
    pub items: Vec<OrderItemView>,
}

/// A whole order.
#[derive(Debug, Serialize, ToSchema)]
pub struct OrderView {
    pub id: Uuid,
    pub order_number: String,
    /// pending_payment, paid, processing, shipped, delivered or cancelled.
    pub status: String,
    pub currency: String,
    pub subtotal_cents: i64,
    pub coupon_code: Option<String>,
    pub discount_cents: i64,
    pub shipping_cents: i64,
    pub points_spent: i64,
    pub points_discount_cents: i64,
    pub vat_cents: i64,
    pub total_cents: i64,
    pub points_earned: i64,
    pub shipping_address: Option<ShippingAddress>,
    /// Until when an unpaid order holds its stock.
    pub reserved_until: Option<DateTime<Utc>>,
    pub paid_at: Option<DateTime<Utc>>,
    pub cancelled_at: Option<DateTime<Utc>>,
    pub cancel_reason: Option<String>,
    /// Money to be paid back (a paid order that was cancelled).
    pub refund_due_cents: i64,
    pub can_cancel: bool,
    pub created_at: DateTime<Utc>,
    pub parts: Vec<OrderPartView>,
    /// The form to (re)try paying, while the order awaits payment.
    pub payment: Option<PaymentFormView>,
}

impl OrderView {
    /// `download` gives the signed link of a line whose file the buyer may fetch.
    pub(super) fn new(
        d: Detail,
        payment: Option<PaymentFormView>,
        download: impl Fn(&bazaar_db::orders::Line) -> Option<String>,
    ) -> Self {
        let h = d.header;
        let address = checkout::address_of(&h).map(ShippingAddress::from);
        let statuses: Vec<_> = d.parts.iter().map(|p| p.status).collect();
        let parts = d
            .parts
            .into_iter()
            .map(|p| OrderPartView {
                items: d
                    .items
                    .iter()
                    .filter(|i| i.part_id == p.id)
                    .map(|i| OrderItemView {
                        id: i.id,
                        product_id: i.product_id,
                        variation_id: i.variation_id,
                        product_name: i.product_name.clone(),
                        variation_name: i.variation_name.clone(),
                        size: i.size.clone(),
                        color: i.color.clone(),
                        product_type: i.product_type.clone(),
                        image_url: i.image_url.clone(),
                        unit_price_cents: i.unit_price_cents,
                        quantity: i.quantity,
                        line_total_cents: i.line_total_cents,
                        refunded_quantity: i.refunded_quantity,
                        download_url: download(i),
                    })
                    .collect(),
                id: p.id,
                vendor_id: p.vendor_id,
                vendor_name: p.vendor_name,
                vendor_slug: p.vendor_slug,
                subtotal_cents: p.subtotal_cents,
                discount_cents: p.discount_cents,
                shipping_cents: p.shipping_cents,
                delivery_from: p.delivery_from,
                delivery_to: p.delivery_to,
                status: p.status.as_str().to_owned(),
                courier_name: p.courier.as_deref().map(courier_name),
                tracking_url: tracking_link(p.courier.as_deref(), p.tracking_url.as_deref()),
                courier: p.courier,
                tracking_number: p.tracking_number,
                shipped_at: p.shipped_at,
                delivered_at: p.delivered_at,
                cancelled_at: p.cancelled_at,
                cancel_reason: p.cancel_reason,
                refund_due_cents: p.refund_due_cents,
            })
            .collect();
        Self {
            can_cancel: customer_may_cancel(&statuses),
            id: h.id,
            order_number: h.order_number,
            status: h.status.as_str().to_owned(),
            currency: h.currency,
            subtotal_cents: h.subtotal_cents,
            coupon_code: h.coupon_code,
            discount_cents: h.discount_cents,
            shipping_cents: h.shipping_cents,
            points_spent: h.points_spent,
            points_discount_cents: h.points_discount_cents,
            vat_cents: h.vat_cents,
            total_cents: h.total_cents,
            points_earned: h.points_earned,
            shipping_address: address,
            reserved_until: h.reserved_until,
            paid_at: h.paid_at,
            cancelled_at: h.cancelled_at,
            cancel_reason: h.cancel_reason,
            refund_due_cents: h.refund_due_cents,
            created_at: h.created_at,
            parts,
            payment,
        }
    }
}
