//! The signed-in cart (SPEC.md §4–5, §7): read, add (merging the same product, variation,
//! size and colour), change a quantity (below 1 removes), remove, clear, merge a guest cart
//! at sign-in, and restore the items of an order whose payment was cancelled. Every answer
//! is the whole cart with names, prices, images and types, so the site needs no second call.

use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use bazaar_db::cart::{self, Add, CartError, Fit, Line};
use bazaar_db::{DbError, Tx};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;
use uuid::Uuid;

use crate::auth::AuthUser;
use crate::error::ErrorBody;
use crate::extract::{ApiJson, ApiPath};
use crate::routes::settings::store_currency;
use crate::{ApiError, ApiResult, AppState};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(get_cart, clear_cart))
        .routes(routes!(add_item))
        .routes(routes!(update_item, remove_item))
        .routes(routes!(merge_cart))
        .routes(routes!(restore_cart))
}

/// Most lines a guest cart may bring at sign-in.
const MAX_MERGE: usize = 100;

/// A size or colour longer than this is not one a product offers.
const MAX_OPTION_CHARS: usize = 50;

/// One line of the cart.
#[derive(Debug, Serialize, ToSchema)]
pub struct CartItem {
    pub id: Uuid,
    pub product_id: Uuid,
    pub variation_id: Option<Uuid>,
    pub size: String,
    pub color: String,
    pub quantity: i64,
    pub product_name: String,
    pub slug: String,
    /// physical or digital.
    pub product_type: String,
    pub image_url: Option<String>,
    pub variation_name: Option<String>,
    /// What one costs now: the sale price when it is lower.
    pub product_price_cents: i64,
    pub regular_price_cents: i64,
    pub line_total_cents: i64,
    /// How many can be bought (the quantity selector's maximum).
    pub available_stock: i64,
    pub vendor_id: Option<Uuid>,
    pub max_owned_per_user: Option<i64>,
    /// False when the product is no longer sold; checkout refuses the cart until it is removed.
    pub available: bool,
}

impl From<Line> for CartItem {
    fn from(l: Line) -> Self {
        Self {
            id: l.id,
            product_id: l.item.product_id,
            variation_id: l.item.variation_id,
            size: l.size,
            color: l.color,
            quantity: l.quantity,
            line_total_cents: l.item.unit_price_cents * l.quantity,
            product_name: l.item.product_name,
            slug: l.item.slug,
            product_type: l.item.product_type,
            image_url: l.item.image_url,
            variation_name: l.item.variation_name,
            product_price_cents: l.item.unit_price_cents,
            regular_price_cents: l.item.regular_price_cents,
            available_stock: l.item.stock.clamp(0, cart::MAX_QUANTITY),
            vendor_id: l.item.vendor_id,
            max_owned_per_user: l.item.max_owned_per_user,
            available: l.available,
        }
    }
}

/// A guest line that could not be brought over, and why.
#[derive(Debug, Serialize, ToSchema)]
pub struct SkippedItem {
    pub product_id: Uuid,
    pub variation_id: Option<Uuid>,
    pub reason: String,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct CartView {
    pub items: Vec<CartItem>,
    /// Sum of the quantities (the header badge).
    pub item_count: i64,
    pub subtotal_cents: i64,
    pub currency: String,
    /// Lines of a merge or restore that were left out.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub skipped: Vec<SkippedItem>,
}

/// `{"cart": …}`, as single resources are answered.
#[derive(Debug, Serialize, ToSchema)]
pub struct CartResponse {
    pub cart: CartView,
}

/// What to add.
#[derive(Debug, Clone, Deserialize, ToSchema)]
pub struct AddToCart {
    pub product_id: Uuid,
    pub variation_id: Option<Uuid>,
    pub size: Option<String>,
    pub color: Option<String>,
    /// 1 when left out.
    pub quantity: Option<i64>,
}

impl AddToCart {
    /// Size and colour are trimmed and at most [`MAX_OPTION_CHARS`] characters each.
    fn to_add(&self) -> ApiResult<Add> {
        let clean = |field: &str, v: &Option<String>| -> ApiResult<String> {
            let v = v.as_deref().map(str::trim).unwrap_or_default();
            if v.chars().count() > MAX_OPTION_CHARS {
                return Err(ApiError::bad_field(
                    field,
                    format!("{field} must be at most {MAX_OPTION_CHARS} characters"),
                ));
            }
            Ok(v.to_owned())
        };
        Ok(Add {
            product_id: self.product_id,
            variation_id: self.variation_id,
            size: clean("size", &self.size)?,
            color: clean("color", &self.color)?,
            quantity: self.quantity.unwrap_or(1),
        })
    }
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct QuantityUpdate {
    /// Below 1 removes the line.
    pub quantity: i64,
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct MergeCart {
    /// The guest cart's lines (at most 100).
    pub items: Vec<AddToCart>,
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct RestoreCart {
    pub order_id: Uuid,
}

/// The cart rules as API errors, with SPEC.md's titles where it gives them.
pub fn cart_error(e: CartError) -> ApiError {
    let message = e.to_string();
    match e {
        CartError::Unavailable => ApiError::NotFound(message),
        CartError::VariationRequired | CartError::VariationUnavailable => {
            ApiError::bad_field("variation_id", message)
        }
        CartError::BadQuantity => ApiError::bad_field("quantity", message),
        CartError::OutOfStock { .. } => ApiError::rule(
            StatusCode::CONFLICT,
            "out_of_stock",
            "Out of stock",
            message,
        ),
        CartError::PurchaseLimit { .. } => ApiError::rule(
            StatusCode::CONFLICT,
            "purchase_limit_reached",
            "Purchase Limit Reached",
            message,
        ),
        CartError::Db(DbError::NotFound) => ApiError::NotFound("Cart item not found".into()),
        CartError::Db(e) => e.into(),
    }
}

fn cart_view(lines: Vec<Line>, currency: String, skipped: Vec<SkippedItem>) -> CartView {
    let items: Vec<CartItem> = lines.into_iter().map(CartItem::from).collect();
    CartView {
        item_count: items.iter().map(|i| i.quantity).sum(),
        subtotal_cents: items
            .iter()
            .filter(|i| i.available)
            .map(|i| i.line_total_cents)
            .sum(),
        items,
        currency,
        skipped,
    }
}

/// Runs `change` on the caller's cart in one transaction and answers the cart after it.
async fn change<F>(state: &AppState, user: &AuthUser, change: F) -> ApiResult<Json<CartResponse>>
where
    F: AsyncFnOnce(&mut Tx) -> ApiResult<Vec<SkippedItem>>,
{
    // Read before the transaction: a pool connection asked for while holding one could wait
    // for connections that are all waiting for this transaction.
    let currency = store_currency(state).await?;
    let mut tx = state.db.begin().await?;
    let skipped = change(&mut tx).await?;
    let cart = cart_view(cart::lines(&mut tx, user.id).await?, currency, skipped);
    tx.commit().await?;
    Ok(Json(CartResponse { cart }))
}

/// The caller's cart.
#[utoipa::path(
    get, path = "/cart", tag = "cart", operation_id = "get_cart",
    security(("bearer" = [])),
    responses((status = 200, body = CartResponse), (status = 401, body = ErrorBody))
)]
async fn get_cart(State(state): State<AppState>, user: AuthUser) -> ApiResult<Json<CartResponse>> {
    change(&state, &user, async |_| Ok(Vec::new())).await
}

/// Add a product; the same product, variation, size and colour add up on one line.
#[utoipa::path(
    post, path = "/cart/items", tag = "cart", operation_id = "add_cart_item",
    security(("bearer" = [])),
    request_body = AddToCart,
    responses(
        (status = 200, body = CartResponse),
        (status = 400, body = ErrorBody), (status = 401, body = ErrorBody),
        (status = 404, body = ErrorBody),
        (status = 409, description = "Out of stock, or Purchase Limit Reached", body = ErrorBody)
    )
)]
async fn add_item(
    State(state): State<AppState>,
    user: AuthUser,
    ApiJson(body): ApiJson<AddToCart>,
) -> ApiResult<Json<CartResponse>> {
    // The hot path of the shop: see `cart::add_one` for why it is not `change`.
    cart::add_one(&state.db, user.id, &body.to_add()?)
        .await
        .map_err(cart_error)?;
    let lines = cart::lines_now(&state.db, user.id).await?;
    let currency = store_currency(&state).await?;
    Ok(Json(CartResponse {
        cart: cart_view(lines, currency, Vec::new()),
    }))
}

/// Set a line's quantity; below 1 removes it.
#[utoipa::path(
    patch, path = "/cart/items/{id}", tag = "cart", operation_id = "update_cart_item",
    security(("bearer" = [])),
    params(("id" = Uuid, Path, description = "Cart line id")),
    request_body = QuantityUpdate,
    responses(
        (status = 200, body = CartResponse), (status = 400, body = ErrorBody),
        (status = 401, body = ErrorBody), (status = 404, body = ErrorBody), (status = 409, body = ErrorBody)
    )
)]
async fn update_item(
    State(state): State<AppState>,
    user: AuthUser,
    ApiPath(id): ApiPath<Uuid>,
    ApiJson(body): ApiJson<QuantityUpdate>,
) -> ApiResult<Json<CartResponse>> {
    change(&state, &user, async |tx| {
        cart::set_quantity(tx, user.id, id, body.quantity)
            .await
            .map_err(cart_error)?;
        Ok(Vec::new())
    })
    .await
}

/// Remove a line.
#[utoipa::path(
    delete, path = "/cart/items/{id}", tag = "cart", operation_id = "remove_cart_item",
    security(("bearer" = [])),
    params(("id" = Uuid, Path, description = "Cart line id")),
    responses((status = 200, body = CartResponse), (status = 401, body = ErrorBody), (status = 404, body = ErrorBody))
)]
async fn remove_item(
    State(state): State<AppState>,
    user: AuthUser,
    ApiPath(id): ApiPath<Uuid>,
) -> ApiResult<Json<CartResponse>> {
    change(&state, &user, async |tx| {
        cart::remove(tx, user.id, id).await.map_err(|e| match e {
            DbError::NotFound => ApiError::NotFound("Cart item not found".into()),
            e => e.into(),
        })?;
        Ok(Vec::new())
    })
    .await
}

/// Empty the cart.
#[utoipa::path(
    delete, path = "/cart", tag = "cart", operation_id = "clear_cart",
    security(("bearer" = [])),
    responses((status = 200, body = CartResponse), (status = 401, body = ErrorBody))
)]
async fn clear_cart(
    State(state): State<AppState>,
    user: AuthUser,
) -> ApiResult<Json<CartResponse>> {
    change(&state, &user, async |tx| {
        cart::clear(tx, user.id).await?;
        Ok(Vec::new())
    })
    .await
}

/// Adds each line as far as stock and limits allow, reporting the ones left out.
async fn add_all(tx: &mut Tx, user_id: Uuid, items: &[Add]) -> ApiResult<Vec<SkippedItem>> {
    let mut skipped = Vec::new();
    for add in items {
        match cart::add(tx, user_id, add, Fit::Trim).await {
            Ok(_) => {}
            Err(CartError::Db(e)) => return Err(e.into()),
            Err(e) => skipped.push(SkippedItem {
                product_id: add.product_id,
                variation_id: add.variation_id,
                reason: e.to_string(),
            }),
        }
    }
    Ok(skipped)
}

/// Fold a guest cart into the caller's cart at sign-in (same merge rule as adding).
#[utoipa::path(
    post, path = "/cart/merge", tag = "cart", operation_id = "merge_cart",
    security(("bearer" = [])),
    request_body = MergeCart,
    responses((status = 200, body = CartResponse), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody))
)]
async fn merge_cart(
    State(state): State<AppState>,
    user: AuthUser,
    ApiJson(body): ApiJson<MergeCart>,
) -> ApiResult<Json<CartResponse>> {
    if body.items.len() > MAX_MERGE {
        return Err(ApiError::bad_field(
            "items",
            format!("A cart can bring at most {MAX_MERGE} lines"),
        ));
    }
    let adds = body
        .items
        .iter()
        .map(AddToCart::to_add)
        .collect::<ApiResult<Vec<Add>>>()?;
    change(&state, &user, async |tx| add_all(tx, user.id, &adds).await).await
}

/// Put an order's items back in the cart (after a cancelled payment). An unpaid order is
/// cancelled first, so its stock is free again.
#[utoipa::path(
    post, path = "/cart/restore", tag = "cart", operation_id = "restore_cart",
    security(("bearer" = [])),
    request_body = RestoreCart,
    responses((status = 200, body = CartResponse), (status = 401, body = ErrorBody), (status = 404, body = ErrorBody))
)]
async fn restore_cart(
    State(state): State<AppState>,
    user: AuthUser,
    ApiJson(body): ApiJson<RestoreCart>,
) -> ApiResult<Json<CartResponse>> {
    change(&state, &user, async |tx| {
        let order = bazaar_db::orders::lock(tx, body.order_id)
            .await?
            .filter(|o| o.user_id == user.id)
            .ok_or_else(|| ApiError::NotFound("Order not found".into()))?;
        if order.status == bazaar_domain::order::OrderStatus::PendingPayment {
            bazaar_commerce::flow::cancel(
                tx,
                &order,
                "Payment cancelled by the customer",
                bazaar_domain::order::Actor::Customer,
            )
            .await?;
        }
        let adds: Vec<Add> = bazaar_db::orders::lines(tx, order.id)
            .await?
            .into_iter()
            .filter_map(|l| {
                Some(Add {
                    product_id: l.product_id?,
                    variation_id: l.variation_id,
                    size: l.size,
                    color: l.color,
                    quantity: l.quantity,
                })
            })
            .collect();
        add_all(tx, user.id, &adds).await
    })
    .await
}
