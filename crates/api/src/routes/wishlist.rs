//! Wishlists (SPEC.md §3, §6–8): newest first with a product summary; adding needs a
//! session ("Sign in required") and a duplicate is a 409 ("Already in wishlist").

use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use axum::http::request::Parts;
use bazaar_db::DbError;
use bazaar_db::wishlist::{self, Entry};
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;
use uuid::Uuid;

use crate::auth::AuthUser;
use crate::error::ErrorBody;
use crate::extract::{ApiJson, ApiPath};
use crate::{ApiError, ApiResult, AppState};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(list_wishlist, add_to_wishlist))
        .routes(routes!(remove_from_wishlist))
}

#[derive(Debug, Serialize, ToSchema)]
pub struct WishlistItem {
    pub id: Uuid,
    pub product_id: Uuid,
    pub created_at: DateTime<Utc>,
    pub name: String,
    pub slug: String,
    pub brand: String,
    pub category: String,
    pub image_url: Option<String>,
    pub price_cents: i64,
    pub sale_price_cents: Option<i64>,
    /// What the cheapest option costs now.
    pub effective_price_cents: i64,
    pub has_variations: bool,
    pub in_stock: bool,
    /// False when the product is no longer sold.
    pub available: bool,
}

impl From<Entry> for WishlistItem {
    fn from(e: Entry) -> Self {
        Self {
            id: e.id,
            product_id: e.product_id,
            created_at: e.created_at,
            name: e.name,
            slug: e.slug,
            brand: e.brand,
            category: e.category,
            image_url: e.image_url,
            price_cents: e.price_cents,
            sale_price_cents: e.sale_price_cents,
            effective_price_cents: e.min_price_cents,
            has_variations: e.has_variations,
            in_stock: e.available_stock > 0,
            available: e.listed,
        }
    }
}

#[derive(Debug, Serialize, ToSchema)]
pub struct WishlistView {
    /// Newest first.
    pub wishlist: Vec<WishlistItem>,
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct AddToWishlist {
    pub product_id: Uuid,
}

/// Signed in, or SPEC.md §6's "Sign in required" message.
pub struct WishlistUser(AuthUser);

impl axum::extract::FromRequestParts<AppState> for WishlistUser {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, ApiError> {
        AuthUser::from_request_parts(parts, state)
            .await
            .map(WishlistUser)
            .map_err(|_| {
                ApiError::rule(
                    StatusCode::UNAUTHORIZED,
                    "unauthorized",
                    "Sign in required",
                    "Please sign in to add items to your wishlist",
                )
            })
    }
}

/// The caller's wishlist, newest first.
#[utoipa::path(
    get, path = "/wishlist", tag = "wishlist", operation_id = "list_wishlist",
    security(("bearer" = [])),
    responses((status = 200, body = WishlistView), (status = 401, body = ErrorBody))
)]
async fn list_wishlist(
    State(state): State<AppState>,
    WishlistUser(user): WishlistUser,
) -> ApiResult<Json<WishlistView>> {
    let items = wishlist::list(&state.db, user.id).await?;
    Ok(Json(WishlistView {
        wishlist: items.into_iter().map(WishlistItem::from).collect(),
    }))
}

/// Save a product.
#[utoipa::path(
    post, path = "/wishlist", tag = "wishlist", operation_id = "add_to_wishlist",
    security(("bearer" = [])),
    request_body = AddToWishlist,
    responses(
        (status = 201, body = WishlistView), (status = 401, body = ErrorBody),
        (status = 404, body = ErrorBody), (status = 409, description = "Already in wishlist", body = ErrorBody)
    )
)]
async fn add_to_wishlist(
    State(state): State<AppState>,
    WishlistUser(user): WishlistUser,
    ApiJson(body): ApiJson<AddToWishlist>,
) -> ApiResult<(StatusCode, Json<WishlistView>)> {
    let mut tx = state.db.begin().await?;
    match wishlist::add(&mut tx, user.id, body.product_id).await {
        Ok(_) => {}
        Err(DbError::Conflict(_)) => {
            return Err(ApiError::rule(
                StatusCode::CONFLICT,
                "already_in_wishlist",
                "Already in wishlist",
                "This item is already in your wishlist",
            ));
        }
        Err(DbError::NotFound) => {
            return Err(ApiError::NotFound("This product is not available".into()));
        }
        Err(e) => return Err(e.into()),
    }
    tx.commit().await?;
    let items = wishlist::list(&state.db, user.id).await?;
    Ok((
        StatusCode::CREATED,
        Json(WishlistView {
            wishlist: items.into_iter().map(WishlistItem::from).collect(),
        }),
    ))
}

/// Remove a product from the wishlist.
#[utoipa::path(
    delete, path = "/wishlist/{product_id}", tag = "wishlist", operation_id = "remove_from_wishlist",
    security(("bearer" = [])),
    params(("product_id" = Uuid, Path, description = "The saved product")),
    responses((status = 200, body = WishlistView), (status = 401, body = ErrorBody), (status = 404, body = ErrorBody))
)]
async fn remove_from_wishlist(
    State(state): State<AppState>,
    WishlistUser(user): WishlistUser,
    ApiPath(product_id): ApiPath<Uuid>,
) -> ApiResult<Json<WishlistView>> {
    wishlist::remove(&state.db, user.id, product_id)
        .await
        .map_err(|e| match e {
            DbError::NotFound => ApiError::NotFound("This item is not in your wishlist".into()),
            e => e.into(),
        })?;
    let items = wishlist::list(&state.db, user.id).await?;
    Ok(Json(WishlistView {
        wishlist: items.into_iter().map(WishlistItem::from).collect(),
    }))
}
