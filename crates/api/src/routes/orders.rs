//! Checkout and orders: price the cart (`/checkout/quote`), place the order
//! (`/checkout`, answering the signed PayFast form), list and read one's orders, cancel one
//! that has not shipped, and — for admins — move an order on.

use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use bazaar_commerce::checkout::{self, CheckoutError, PartQuote, Quote, Request};
use bazaar_commerce::payfast::{self, Buyer, PaymentForm};
use bazaar_commerce::{Settings, flow};
use bazaar_db::orders::{self, Detail};
use bazaar_domain::checkout::{Address, AddressInput};
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;
use uuid::Uuid;

use super::cart::{CartItem, cart_error};
use crate::auth::{Admin, AuthUser, RequireRole};
use crate::error::ErrorBody;
use crate::extract::{ApiJson, ApiPath, ApiQuery};
use crate::views::ListMeta;
use crate::{ApiError, ApiResult, AppState};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(quote_checkout))
        .routes(routes!(place_order))
        .routes(routes!(list_orders))
        .routes(routes!(get_order))
        .routes(routes!(get_payment))
        .routes(routes!(cancel_order))
        .routes(routes!(set_order_status))
}

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
    fn into_request(self) -> Request {
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
}

#[derive(Debug, Serialize, ToSchema)]
pub struct OrderPartView {
    pub id: Uuid,
    pub vendor_id: Option<Uuid>,
    pub vendor_name: String,
    pub subtotal_cents: i64,
    pub delivery_from: Option<String>,
    pub delivery_to: Option<String>,
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
    fn new(d: Detail, payment: Option<PaymentFormView>) -> Self {
        let h = d.header;
        let address = checkout::address_of(&h).map(ShippingAddress::from);
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
                    })
                    .collect(),
                id: p.id,
                vendor_id: p.vendor_id,
                vendor_name: p.vendor_name,
                subtotal_cents: p.subtotal_cents,
                delivery_from: p.delivery_from,
                delivery_to: p.delivery_to,
            })
            .collect();
        Self {
            can_cancel: orders::may_move(&h.status, "cancelled"),
            id: h.id,
            order_number: h.order_number,
            status: h.status,
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

fn checkout_error(e: CheckoutError) -> ApiError {
    match e {
        CheckoutError::EmptyCart => ApiError::bad_request(e.to_string()),
        CheckoutError::Cart(c) => cart_error(c),
        CheckoutError::Address(fields) => ApiError::BadRequest {
            message: "Please check the shipping address".into(),
            fields,
        },
        CheckoutError::Coupon(m) => ApiError::bad_field("coupon_code", m),
        CheckoutError::Points(m) => ApiError::bad_field("points", m),
        CheckoutError::Db(e) => e.into(),
    }
}

/// The order of `user`, with the payment form while it awaits payment; 404 for anyone else's.
async fn order_view(state: &AppState, user: &AuthUser, id: Uuid) -> ApiResult<OrderView> {
    let detail = orders::detail(&state.db, user.id, id)
        .await?
        .ok_or_else(|| ApiError::NotFound("Order not found".into()))?;
    let payment = if detail.header.status == "pending_payment" {
        let full_name = bazaar_db::accounts::profile(&state.db, user.id)
            .await?
            .map(|p| p.full_name)
            .unwrap_or_default();
        let items = detail.items.iter().map(|i| i.quantity).sum();
        let buyer = Buyer {
            full_name: &full_name,
            email: &user.email,
        };
        Some(
            payfast::payment_form(
                &state.payments,
                &state.config.public_url,
                &detail.header,
                items,
                &buyer,
            )
            .into(),
        )
    } else {
        None
    };
    Ok(OrderView::new(detail, payment))
}

/// Price the cart with an address, coupon and points, without placing the order.
#[utoipa::path(
    post, path = "/checkout/quote", tag = "checkout", operation_id = "quote_checkout",
    security(("bearer" = [])),
    request_body = CheckoutRequest,
    responses((status = 200, body = QuoteResponse), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody), (status = 409, body = ErrorBody))
)]
async fn quote_checkout(
    State(state): State<AppState>,
    user: AuthUser,
    ApiJson(body): ApiJson<CheckoutRequest>,
) -> ApiResult<Json<QuoteResponse>> {
    let settings = Settings::load(&state.db).await?;
    let req = body.into_request();
    let mut tx = state.db.begin().await?;
    let quote = checkout::quote(&mut tx, user.id, &req, &settings, false)
        .await
        .map_err(checkout_error)?;
    tx.rollback().await?;
    Ok(Json(QuoteResponse {
        quote: quote.into(),
    }))
}

#[derive(Debug, Serialize, ToSchema)]
pub struct QuoteResponse {
    pub quote: CheckoutQuote,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct OrderResponse {
    pub order: OrderView,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct CheckoutResponse {
    pub order: OrderView,
}

/// Place the order: stock is held until `reserved_until` while the customer pays with the
/// form in `order.payment`.
#[utoipa::path(
    post, path = "/checkout", tag = "checkout", operation_id = "place_order",
    security(("bearer" = [])),
    request_body = CheckoutRequest,
    responses(
        (status = 201, body = CheckoutResponse),
        (status = 400, description = "Empty cart, bad address, coupon or points (\"Insufficient points balance\")", body = ErrorBody),
        (status = 401, body = ErrorBody),
        (status = 409, description = "Out of stock, or Purchase Limit Reached", body = ErrorBody)
    )
)]
async fn place_order(
    State(state): State<AppState>,
    user: AuthUser,
    ApiJson(body): ApiJson<CheckoutRequest>,
) -> ApiResult<(StatusCode, Json<CheckoutResponse>)> {
    let settings = Settings::load(&state.db).await?;
    let req = body.into_request();
    let mut tx = state.db.begin().await?;
    let placed = checkout::place(&mut tx, user.id, &user.email, &req, &settings)
        .await
        .map_err(checkout_error)?;
    tx.commit().await?;
    let order = order_view(&state, &user, placed.order_id).await?;
    Ok((StatusCode::CREATED, Json(CheckoutResponse { order })))
}

#[derive(Debug, Serialize, ToSchema)]
pub struct OrderSummaryView {
    pub id: Uuid,
    pub order_number: String,
    pub status: String,
    pub currency: String,
    pub total_cents: i64,
    pub item_count: i64,
    pub created_at: DateTime<Utc>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct OrderList {
    pub orders: Vec<OrderSummaryView>,
    pub meta: ListMeta,
}

#[derive(Debug, Deserialize, IntoParams)]
pub struct OrderListQuery {
    /// 1-based page (default 1).
    pub page: Option<u32>,
    /// 1–50 (default 10).
    pub per_page: Option<u32>,
}

/// The caller's orders, newest first.
#[utoipa::path(
    get, path = "/orders", tag = "orders", operation_id = "list_orders",
    security(("bearer" = [])),
    params(OrderListQuery),
    responses((status = 200, body = OrderList), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody))
)]
async fn list_orders(
    State(state): State<AppState>,
    user: AuthUser,
    ApiQuery(q): ApiQuery<OrderListQuery>,
) -> ApiResult<Json<OrderList>> {
    let page = q.page.unwrap_or(1);
    let per_page = q.per_page.unwrap_or(10);
    if page == 0 || !(1..=50).contains(&per_page) {
        return Err(ApiError::bad_request(
            "page must be 1 or more and per_page between 1 and 50",
        ));
    }
    let offset = i64::from(page - 1) * i64::from(per_page);
    let (rows, total) = orders::list(&state.db, user.id, i64::from(per_page), offset).await?;
    Ok(Json(OrderList {
        orders: rows
            .into_iter()
            .map(|r| OrderSummaryView {
                id: r.id,
                order_number: r.order_number,
                status: r.status,
                currency: r.currency,
                total_cents: r.total_cents,
                item_count: r.item_count,
                created_at: r.created_at,
            })
            .collect(),
        meta: ListMeta {
            total,
            page,
            per_page,
        },
    }))
}

/// One of the caller's orders.
#[utoipa::path(
    get, path = "/orders/{id}", tag = "orders", operation_id = "get_order",
    security(("bearer" = [])),
    params(("id" = Uuid, Path, description = "Order id")),
    responses((status = 200, body = OrderResponse), (status = 401, body = ErrorBody), (status = 404, body = ErrorBody))
)]
async fn get_order(
    State(state): State<AppState>,
    user: AuthUser,
    ApiPath(id): ApiPath<Uuid>,
) -> ApiResult<Json<OrderResponse>> {
    Ok(Json(OrderResponse {
        order: order_view(&state, &user, id).await?,
    }))
}

#[derive(Debug, Deserialize, IntoParams)]
pub struct PaymentQuery {
    /// `form` answers the fields form-encoded, ready to post to the process URL.
    pub format: Option<String>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct PaymentResponse {
    pub payment: PaymentFormView,
}

/// The signed payment form of one of the caller's unpaid orders (JSON, or `format=form` for
/// a body to post to the process URL as it is).
#[utoipa::path(
    get, path = "/orders/{id}/payment", tag = "orders", operation_id = "get_order_payment",
    security(("bearer" = [])),
    params(("id" = Uuid, Path, description = "Order id"), PaymentQuery),
    responses(
        (status = 200, body = PaymentResponse), (status = 401, body = ErrorBody),
        (status = 404, body = ErrorBody), (status = 409, description = "Not awaiting payment", body = ErrorBody)
    )
)]
async fn get_payment(
    State(state): State<AppState>,
    user: AuthUser,
    ApiPath(id): ApiPath<Uuid>,
    ApiQuery(q): ApiQuery<PaymentQuery>,
) -> ApiResult<axum::response::Response> {
    use axum::response::IntoResponse;
    let order = order_view(&state, &user, id).await?;
    let payment = order.payment.ok_or_else(|| {
        ApiError::Conflict(format!(
            "This order is {} and not awaiting payment",
            order.status.replace('_', " ")
        ))
    })?;
    match q.format.as_deref() {
        None | Some("json") => Ok(Json(PaymentResponse { payment }).into_response()),
        Some("form") => {
            let fields: Vec<(String, String)> = payment
                .fields
                .into_iter()
                .map(|f| (f.name, f.value))
                .collect();
            Ok((
                [(
                    axum::http::header::CONTENT_TYPE,
                    "application/x-www-form-urlencoded",
                )],
                bazaar_payfast::encode_form(&fields),
            )
                .into_response())
        }
        Some(_) => Err(ApiError::bad_field("format", "format must be json or form")),
    }
}

#[derive(Debug, Serialize, ToSchema)]
pub struct CancelResponse {
    pub order: OrderView,
    pub points_refunded: i64,
    /// "{n} points refunded to your account!" when points came back.
    pub message: Option<String>,
}

/// Cancel one of the caller's orders that has not shipped: stock, points and the coupon
/// come back; a paid order is marked for a refund.
#[utoipa::path(
    post, path = "/orders/{id}/cancel", tag = "orders", operation_id = "cancel_order",
    security(("bearer" = [])),
    params(("id" = Uuid, Path, description = "Order id")),
    responses(
        (status = 200, body = CancelResponse), (status = 401, body = ErrorBody),
        (status = 404, body = ErrorBody), (status = 409, description = "Shipped, delivered or cancelled already", body = ErrorBody)
    )
)]
async fn cancel_order(
    State(state): State<AppState>,
    user: AuthUser,
    ApiPath(id): ApiPath<Uuid>,
) -> ApiResult<Json<CancelResponse>> {
    let mut tx = state.db.begin().await?;
    let order = orders::lock(&mut tx, id)
        .await?
        .filter(|o| o.user_id == user.id)
        .ok_or_else(|| ApiError::NotFound("Order not found".into()))?;
    let done = flow::cancel(&mut tx, &order, "Cancelled by the customer")
        .await?
        .ok_or_else(|| {
            ApiError::Conflict(format!(
                "This order is {} and can no longer be cancelled",
                order.status.replace('_', " ")
            ))
        })?;
    tx.commit().await?;
    Ok(Json(CancelResponse {
        order: order_view(&state, &user, id).await?,
        points_refunded: done.points_refunded,
        message: (done.points_refunded > 0)
            .then(|| format!("{} points refunded to your account!", done.points_refunded)),
    }))
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct StatusChange {
    /// processing, shipped, delivered or cancelled.
    pub status: String,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct StatusChanged {
    pub id: Uuid,
    pub status: String,
}

/// Move an order on (admins): paid → processing → shipped → delivered, or cancel it before
/// it ships. The customer is notified of each move.
#[utoipa::path(
    post, path = "/admin/orders/{id}/status", tag = "admin", operation_id = "set_order_status",
    security(("bearer" = [])),
    params(("id" = Uuid, Path, description = "Order id")),
    request_body = StatusChange,
    responses(
        (status = 200, body = StatusChanged), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody),
        (status = 403, body = ErrorBody), (status = 404, body = ErrorBody), (status = 409, body = ErrorBody)
    )
)]
async fn set_order_status(
    State(state): State<AppState>,
    _admin: RequireRole<Admin>,
    ApiPath(id): ApiPath<Uuid>,
    ApiJson(body): ApiJson<StatusChange>,
) -> ApiResult<Json<StatusChanged>> {
    let to = body.status.trim();
    if !matches!(to, "processing" | "shipped" | "delivered" | "cancelled") {
        return Err(ApiError::bad_field(
            "status",
            "status must be processing, shipped, delivered or cancelled",
        ));
    }
    let mut tx = state.db.begin().await?;
    let order = orders::lock(&mut tx, id)
        .await?
        .ok_or_else(|| ApiError::NotFound("Order not found".into()))?;
    let moved = if to == "cancelled" {
        flow::cancel(&mut tx, &order, "Cancelled by the shop")
            .await?
            .is_some()
    } else {
        flow::advance(&mut tx, &order, to).await?
    };
    if !moved {
        return Err(ApiError::Conflict(format!(
            "An order that is {} cannot become {to}",
            order.status
        )));
    }
    tx.commit().await?;
    Ok(Json(StatusChanged {
        id,
        status: to.to_owned(),
    }))
}
