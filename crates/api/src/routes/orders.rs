//! Checkout and orders: price the cart (`/checkout/quote`), place the order
//! (`/checkout`, answering the signed PayFast form), list and read one's orders, cancel one
//! that has not shipped, and — for admins — move an order on.

use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use bazaar_commerce::checkout::{self, CheckoutError};
use bazaar_commerce::payfast::{self, Buyer};
use bazaar_commerce::{Settings, flow};
use bazaar_db::orders;
use bazaar_domain::catalogue::ProductType;
use bazaar_domain::order::{Actor, OrderStatus};
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;
use uuid::Uuid;

use super::cart::cart_error;
use super::order_views::{CheckoutQuote, CheckoutRequest, OrderView, PaymentFormView};
use crate::auth::{AdminActor, AuthUser};
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
    let payment = if detail.header.status == OrderStatus::PendingPayment {
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
                &state.payments.current(&state.db).await?,
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
    // Digital goods of a paid part (not cancelled) come with signed links to their files.
    let owned: Vec<Uuid> = detail
        .parts
        .iter()
        .filter(|p| p.status.is_owned())
        .map(|p| p.id)
        .collect();
    let digital: Vec<Uuid> = detail
        .items
        .iter()
        .filter(|i| owned.contains(&i.part_id) && i.product_type == ProductType::Digital.as_str())
        .filter_map(|i| i.product_id)
        .collect();
    let with_files = bazaar_db::products::files::with_files(&state.db, &digital).await?;
    Ok(OrderView::new(detail, payment, |line| {
        line.product_id
            .filter(|p| with_files.contains(p))
            .map(|_| super::digital_files::download_url(state, line.id))
    }))
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
#[into_params(parameter_in = Query)]
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
                status: r.status.as_str().to_owned(),
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
#[into_params(parameter_in = Query)]
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
    let done = flow::cancel(
        &mut tx,
        &order,
        "Cancelled by the customer",
        Actor::Customer,
    )
    .await?
    .ok_or_else(|| {
        ApiError::Conflict(format!(
            "This order is {} and can no longer be cancelled",
            order.status.as_str().replace('_', " ")
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
        (status = 403, description = "Not an admin, or `insufficient_aal`: the admin has a second factor this session has not verified", body = ErrorBody),
        (status = 404, body = ErrorBody), (status = 409, body = ErrorBody)
    )
)]
async fn set_order_status(
    State(state): State<AppState>,
    AdminActor(admin): AdminActor,
    ApiPath(id): ApiPath<Uuid>,
    ApiJson(body): ApiJson<StatusChange>,
) -> ApiResult<Json<StatusChanged>> {
    let to = body
        .status
        .parse::<OrderStatus>()
        .ok()
        .filter(|s| {
            matches!(
                s,
                OrderStatus::Processing
                    | OrderStatus::Shipped
                    | OrderStatus::Delivered
                    | OrderStatus::Cancelled
            )
        })
        .ok_or_else(|| {
            ApiError::bad_field(
                "status",
                "status must be processing, shipped, delivered or cancelled",
            )
        })?;
    let mut tx = state.db.begin().await?;
    let order = orders::lock(&mut tx, id)
        .await?
        .ok_or_else(|| ApiError::NotFound("Order not found".into()))?;
    flow::move_order(&mut tx, &order, to, Actor::Admin).await?;
    bazaar_db::audit::record(
        &mut tx,
        &bazaar_db::audit::Entry {
            actor_id: admin.id,
            actor_email: &admin.email,
            action: "order.set_status",
            subject_type: "order",
            subject_id: id.to_string(),
            details: serde_json::json!({
                "before": { "status": order.status.as_str() },
                "after": { "status": to.as_str() },
            }),
        },
        chrono::Utc::now(),
    )
    .await?;
    tx.commit().await?;
    Ok(Json(StatusChanged {
        id,
        status: to.as_str().to_owned(),
    }))
}
