//! Fulfilment (`/vendor/orders…`, vendor role): the vendor's parts of paid orders, each
//! with its lines and the buyer's delivery address, moved to processing, shipped (courier
//! and tracking number) and delivered, or cancelled with a reason before it ships. Scoped
//! to the caller's store: another store's part answers 404.

use axum::Json;
use axum::extract::State;
use bazaar_commerce::flow::{self, PartMove};
use bazaar_db::orders::{self, Shipment as ShipmentRow};
use bazaar_domain::order::{Actor, OrderStatus};
use bazaar_domain::shipment::{Courier, Shipment, courier_name, tracking_link};
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;
use uuid::Uuid;

use super::order_views::ShippingAddress;
use super::params::parse_page;
use super::vendor_products::seller;
use crate::auth::{RequireRole, Vendor};
use crate::error::ErrorBody;
use crate::extract::{ApiJson, ApiPath, ApiQuery};
use crate::views::ListMeta;
use crate::{ApiError, ApiResult, AppState};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(list_vendor_orders))
        .routes(routes!(get_vendor_order))
        .routes(routes!(move_vendor_order))
        .routes(routes!(list_couriers))
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct VendorOrderQuery {
    /// `to_ship` (paid or processing, oldest first), `shipped`, `delivered`, `cancelled`,
    /// or none for all paid orders (newest first).
    pub status: Option<String>,
    #[param(value_type = Option<u32>)]
    pub page: Option<String>,
    /// 1 to 100 (default 20).
    #[param(value_type = Option<u32>)]
    pub per_page: Option<String>,
}

/// One of the vendor's parts of an order, in the list.
#[derive(Debug, Serialize, ToSchema)]
pub struct VendorOrderRow {
    /// The part's id (what the other calls take).
    pub id: Uuid,
    pub order_number: String,
    /// paid, processing, shipped, delivered or cancelled.
    pub status: String,
    pub currency: String,
    /// Goods less this store's share of the discount, plus its delivery.
    pub total_cents: i64,
    pub item_count: i64,
    pub courier_name: Option<String>,
    pub tracking_number: Option<String>,
    pub ordered_at: DateTime<Utc>,
    pub paid_at: Option<DateTime<Utc>>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct VendorOrderList {
    pub items: Vec<VendorOrderRow>,
    pub meta: ListMeta,
}

fn statuses(filter: Option<&str>) -> ApiResult<Vec<OrderStatus>> {
    Ok(match filter.map(str::trim).unwrap_or("") {
        "" | "all" => Vec::new(),
        "to_ship" => vec![OrderStatus::Paid, OrderStatus::Processing],
        "shipped" => vec![OrderStatus::Shipped],
        "delivered" => vec![OrderStatus::Delivered],
        "cancelled" => vec![OrderStatus::Cancelled],
        other => {
            return Err(ApiError::bad_field(
                "status",
                format!("Unknown status '{other}': use to_ship, shipped, delivered or cancelled"),
            ));
        }
    })
}

/// The caller's parts of paid orders.
#[utoipa::path(
    get, path = "/vendor/orders", tag = "vendor", operation_id = "vendor_list_orders",
    security(("bearer" = [])), params(VendorOrderQuery),
    responses(
        (status = 200, body = VendorOrderList), (status = 400, body = ErrorBody),
        (status = 401, body = ErrorBody), (status = 403, body = ErrorBody),
        (status = 404, description = "The vendor has no store", body = ErrorBody)
    )
)]
async fn list_vendor_orders(
    State(state): State<AppState>,
    vendor: RequireRole<Vendor>,
    ApiQuery(q): ApiQuery<VendorOrderQuery>,
) -> ApiResult<Json<VendorOrderList>> {
    let seller = seller(&state, vendor.0.id).await?;
    let page = parse_page(&q.page, &q.per_page)?;
    let statuses = statuses(q.status.as_deref())?;
    let offset = i64::from(page.page - 1) * i64::from(page.per_page);
    let (rows, total) = orders::vendor_parts(
        &state.db,
        seller.store_id,
        &statuses,
        i64::from(page.per_page),
        offset,
    )
    .await?;
    Ok(Json(VendorOrderList {
        items: rows
            .into_iter()
            .map(|r| VendorOrderRow {
                id: r.id,
                order_number: r.order_number,
                status: r.status.as_str().to_owned(),
                currency: r.currency,
                total_cents: r.subtotal_cents - r.discount_cents + r.shipping_cents,
                item_count: r.item_count,
                courier_name: r.courier.as_deref().map(courier_name),
                tracking_number: r.tracking_number,
                ordered_at: r.ordered_at,
                paid_at: r.paid_at,
            })
            .collect(),
        meta: ListMeta {
            total,
            page: page.page,
            per_page: page.per_page,
        },
    }))
}

/// A line of the vendor's part.
#[derive(Debug, Serialize, ToSchema)]
pub struct VendorOrderLine {
    pub product_id: Option<Uuid>,
    pub product_name: String,
    pub variation_name: Option<String>,
    pub size: String,
    pub color: String,
    /// physical, digital or service.
    pub product_type: String,
    pub image_url: Option<String>,
    pub unit_price_cents: i64,
    pub quantity: i64,
    pub line_total_cents: i64,
}

/// The vendor's part of an order: what to pack and where it goes.
#[derive(Debug, Serialize, ToSchema)]
pub struct VendorOrder {
    pub id: Uuid,
    pub order_id: Uuid,
    pub order_number: String,
    pub status: String,
    pub currency: String,
    pub subtotal_cents: i64,
    pub discount_cents: i64,
    pub shipping_cents: i64,
    pub total_cents: i64,
    /// Where to deliver (none for digital goods only).
    pub shipping_address: Option<ShippingAddress>,
    pub delivery_from: Option<String>,
    pub delivery_to: Option<String>,
    pub items: Vec<VendorOrderLine>,
    pub courier: Option<String>,
    pub courier_name: Option<String>,
    pub tracking_number: Option<String>,
    pub tracking_url: Option<String>,
    pub ordered_at: DateTime<Utc>,
    pub paid_at: Option<DateTime<Utc>>,
    pub processing_at: Option<DateTime<Utc>>,
    pub shipped_at: Option<DateTime<Utc>>,
    pub delivered_at: Option<DateTime<Utc>>,
    pub cancelled_at: Option<DateTime<Utc>>,
    pub cancel_reason: Option<String>,
    /// What the buyer is owed back for this part (it was cancelled after payment).
    pub refund_due_cents: i64,
    /// The moves the vendor can make now: processing, shipped, delivered, cancelled.
    pub next: Vec<String>,
}

async fn vendor_order(state: &AppState, store_id: Uuid, id: Uuid) -> ApiResult<VendorOrder> {
    let (h, p, lines) = orders::vendor_part(&state.db, store_id, id)
        .await?
        .ok_or_else(|| ApiError::NotFound("Order not found".into()))?;
    let address = bazaar_commerce::checkout::address_of(&h).map(ShippingAddress::from);
    let next = OrderStatus::ALL
        .iter()
        .filter(|to| bazaar_domain::order::plan(p.status, **to, Actor::Vendor).is_ok())
        .map(|s| s.as_str().to_owned())
        .collect();
    Ok(VendorOrder {
        id: p.id,
        order_id: h.id,
        order_number: h.order_number,
        status: p.status.as_str().to_owned(),
        currency: h.currency,
        total_cents: p.weight(),
        subtotal_cents: p.subtotal_cents,
        discount_cents: p.discount_cents,
        shipping_cents: p.shipping_cents,
        shipping_address: address,
        delivery_from: p.delivery_from,
        delivery_to: p.delivery_to,
        items: lines
            .into_iter()
            .map(|l| VendorOrderLine {
                product_id: l.product_id,
                product_name: l.product_name,
                variation_name: l.variation_name,
                size: l.size,
                color: l.color,
                product_type: l.product_type,
                image_url: l.image_url,
                unit_price_cents: l.unit_price_cents,
                quantity: l.quantity,
                line_total_cents: l.line_total_cents,
            })
            .collect(),
        courier_name: p.courier.as_deref().map(courier_name),
        tracking_url: tracking_link(p.courier.as_deref(), p.tracking_url.as_deref()),
        courier: p.courier,
        tracking_number: p.tracking_number,
        ordered_at: h.created_at,
        paid_at: h.paid_at,
        processing_at: p.processing_at,
        shipped_at: p.shipped_at,
        delivered_at: p.delivered_at,
        cancelled_at: p.cancelled_at,
        cancel_reason: p.cancel_reason,
        refund_due_cents: p.refund_due_cents,
        next,
    })
}

/// One of the caller's parts of an order, with the delivery address and a packing list.
#[utoipa::path(
    get, path = "/vendor/orders/{id}", tag = "vendor", operation_id = "vendor_get_order",
    security(("bearer" = [])),
    params(("id" = Uuid, Path, description = "The part's id")),
    responses(
        (status = 200, body = VendorOrder), (status = 401, body = ErrorBody),
        (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)
    )
)]
async fn get_vendor_order(
    State(state): State<AppState>,
    vendor: RequireRole<Vendor>,
    ApiPath(id): ApiPath<Uuid>,
) -> ApiResult<Json<VendorOrder>> {
    let seller = seller(&state, vendor.0.id).await?;
    Ok(Json(vendor_order(&state, seller.store_id, id).await?))
}

/// A move of the vendor's part.
#[derive(Debug, Deserialize, ToSchema)]
pub struct VendorOrderMove {
    /// processing, shipped, delivered or cancelled.
    pub status: String,
    /// To ship: the courier's code (`GET /vendor/couriers`).
    pub courier: Option<String>,
    /// To ship: up to 64 letters, digits, spaces, '-', '/' or '.'.
    pub tracking_number: Option<String>,
    /// To ship, optionally: the exact https:// tracking link.
    pub tracking_url: Option<String>,
    /// To cancel: why (shown to the buyer), 3 to 500 characters.
    pub reason: Option<String>,
}

/// Move the caller's part on: processing, then shipped with the courier and tracking
/// number, then delivered; or cancel it before it ships (its stock returns and the buyer
/// is refunded its share). The buyer is notified of each move.
#[utoipa::path(
    post, path = "/vendor/orders/{id}/status", tag = "vendor", operation_id = "vendor_move_order",
    security(("bearer" = [])),
    params(("id" = Uuid, Path, description = "The part's id")),
    request_body = VendorOrderMove,
    responses(
        (status = 200, body = VendorOrder), (status = 400, body = ErrorBody),
        (status = 401, body = ErrorBody), (status = 403, body = ErrorBody),
        (status = 404, body = ErrorBody),
        (status = 409, description = "The part cannot make this move from where it stands", body = ErrorBody)
    )
)]
async fn move_vendor_order(
    State(state): State<AppState>,
    vendor: RequireRole<Vendor>,
    ApiPath(id): ApiPath<Uuid>,
    ApiJson(body): ApiJson<VendorOrderMove>,
) -> ApiResult<Json<VendorOrder>> {
    let seller = seller(&state, vendor.0.id).await?;
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
    let shipment = if to == OrderStatus::Shipped {
        Some(
            Shipment::parse(
                body.courier.as_deref(),
                body.tracking_number.as_deref(),
                body.tracking_url.as_deref(),
            )
            .map_err(|e| ApiError::bad_field(e.field, e.message))?,
        )
    } else {
        None
    };
    let reason = if to == OrderStatus::Cancelled {
        let reason = body.reason.as_deref().map(str::trim).unwrap_or_default();
        if !(3..=500).contains(&reason.chars().count()) {
            return Err(ApiError::bad_field(
                "reason",
                "Say why the order is cancelled (3 to 500 characters)",
            ));
        }
        Some(reason.to_owned())
    } else {
        None
    };
    let order_id = orders::order_of_part(&state.db, id, Some(seller.store_id))
        .await?
        .ok_or_else(|| ApiError::NotFound("Order not found".into()))?;
    let mut tx = state.db.begin().await?;
    let order = flow::locked(&mut tx, order_id).await?;
    if order.status == OrderStatus::PendingPayment {
        return Err(ApiError::NotFound("Order not found".into()));
    }
    let how = PartMove {
        shipment: shipment.as_ref().map(|s| ShipmentRow {
            courier: s.courier.as_str(),
            tracking_number: &s.tracking_number,
            tracking_url: s.tracking_url.as_deref(),
        }),
        reason: reason.as_deref(),
    };
    flow::move_part(&mut tx, &order, id, to, Actor::Vendor, &how).await?;
    tx.commit().await?;
    Ok(Json(vendor_order(&state, seller.store_id, id).await?))
}

/// A courier a vendor can ship with.
#[derive(Debug, Serialize, ToSchema)]
pub struct CourierView {
    pub code: String,
    pub name: String,
    /// The courier's tracking page, if it has one.
    pub tracking_page: Option<String>,
}

/// The couriers to choose from when shipping.
#[utoipa::path(
    get, path = "/vendor/couriers", tag = "vendor", operation_id = "vendor_list_couriers",
    security(("bearer" = [])),
    responses(
        (status = 200, body = Vec<CourierView>), (status = 401, body = ErrorBody),
        (status = 403, body = ErrorBody)
    )
)]
async fn list_couriers(_vendor: RequireRole<Vendor>) -> Json<Vec<CourierView>> {
    Json(
        Courier::ALL
            .iter()
            .map(|c| CourierView {
                code: c.as_str().to_owned(),
                name: c.name().to_owned(),
                tracking_page: c.tracking_page().map(str::to_owned),
            })
            .collect(),
    )
}
