//! Product lists, product pages and recommendations.

use axum::Json;
use axum::extract::State;
use axum::http::HeaderMap;
use axum::response::Response;
use bazaar_db::{products, reviews, vendors};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::params::{ListParams, parse_bounded, parse_filter, parse_ids, parse_page, parse_sort};
use super::settings::store_currency;
use crate::error::ErrorBody;
use crate::extract::{ApiPath, ApiQuery};
use crate::response_cache::{Fill, Tag};
use crate::views::{ListMeta, ProductDetail, ProductSummary};
use crate::{ApiError, ApiResult, AppState};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(list_products))
        .routes(routes!(get_product))
        .routes(routes!(list_recommendations))
}

#[derive(Debug, Serialize, ToSchema)]
pub struct ProductListResponse {
    pub products: Vec<ProductSummary>,
    pub meta: ListMeta,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct ProductResponse {
    pub product: ProductDetail,
}

/// List listed products with filters, sorting and pagination.
#[utoipa::path(
    get, path = "/products", tag = "catalogue", operation_id = "list_products",
    params(ListParams),
    responses(
        (status = 200, body = ProductListResponse),
        (status = 304, description = "Not modified: the ETag in If-None-Match still matches"),
        (status = 400, description = "A parameter is invalid", body = ErrorBody),
    )
)]
pub async fn list_products(
    State(state): State<AppState>,
    headers: HeaderMap,
    ApiQuery(params): ApiQuery<ListParams>,
) -> ApiResult<Response> {
    let filter = parse_filter(&params)?;
    let sort = parse_sort(&params)?;
    let page = parse_page(&params.page, &params.per_page)?;
    // The parsed query is the key: the same list asked in other words is one answer.
    let key = format!("products {filter:?} {sort:?} {page:?}");
    state
        .responses
        .answer(key, &headers, || async {
            let list = list_page(&state, &filter, sort, page).await?;
            Ok(Fill::new(list, vec![Tag::Lists]))
        })
        .await
}

/// A page of product cards with its total, as lists and store pages show it.
pub async fn list_page(
    state: &AppState,
    filter: &products::ProductFilter,
    sort: products::ProductSort,
    page: products::PageRequest,
) -> ApiResult<ProductListResponse> {
    let (rows, total) = list_with_total(state, filter, sort, page).await?;
    let currency = store_currency(state).await?;
    Ok(ProductListResponse {
        products: rows
            .iter()
            .map(|r| ProductSummary::from_row(r, &currency))
            .collect(),
        meta: ListMeta {
            total,
            page: page.page,
            per_page: page.per_page,
        },
    })
}

/// A page of products and the total; a total is kept until the next change (at most the
/// cache TTL), shared by every page of one list.
pub async fn list_with_total(
    state: &AppState,
    filter: &products::ProductFilter,
    sort: products::ProductSort,
    page: products::PageRequest,
) -> ApiResult<(Vec<products::ProductRow>, i64)> {
    let rows = products::list_page(&state.db, filter, sort, page).await?;
    if let Some(total) = products::total_from_page(page, rows.len()) {
        return Ok((rows, total));
    }
    let key = format!("{filter:?}");
    let total = state
        .caches
        .list_totals
        .get_or_load(&key, || products::count(&state.db, filter))
        .await?;
    Ok((rows, total))
}

/// Read one listed product by slug or id, with its enabled variations, vendor and rating.
#[utoipa::path(
    get, path = "/products/{slug_or_id}", tag = "catalogue", operation_id = "get_product",
    params(("slug_or_id" = String, Path, description = "Product slug or id")),
    responses(
        (status = 200, body = ProductResponse),
        (status = 304, description = "Not modified: the ETag in If-None-Match still matches"),
        (status = 404, description = "No such listed product", body = ErrorBody),
    )
)]
pub async fn get_product(
    State(state): State<AppState>,
    headers: HeaderMap,
    ApiPath(key): ApiPath<String>,
) -> ApiResult<Response> {
    state
        .responses
        .answer(format!("product {key}"), &headers, || async {
            let product = load_detail(&state, &key).await?;
            let mut tags = vec![Tag::Product(product.summary.id)];
            if let Some(vendor) = &product.vendor {
                tags.push(Tag::Vendor(vendor.id));
            }
            Ok(Fill::new(ProductResponse { product }, tags))
        })
        .await
}

/// A product page's data; shared with the server-rendered head of product pages.
pub async fn load_detail(state: &AppState, key: &str) -> ApiResult<ProductDetail> {
    let row = products::find_listed(&state.db, key)
        .await
        .map_err(|e| match e {
            bazaar_db::DbError::NotFound => ApiError::NotFound(format!("No product '{key}'")),
            other => other.into(),
        })?;
    let vendor = async {
        match row.vendor_id {
            Some(id) => vendors::find_approved(&state.db, id).await,
            None => Ok(None),
        }
    };
    let (variations, vendor, rating, currency) = tokio::join!(
        products::enabled_variations(&state.db, row.id),
        vendor,
        reviews::rating(&state.db, row.id),
        store_currency(state),
    );
    Ok(ProductDetail::new(
        &row,
        &currency?,
        &variations?,
        vendor?.as_ref(),
        rating?,
    ))
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct RecommendationParams {
    /// Recently viewed product ids, most recent first, comma-separated (at most 50).
    pub viewed: Option<String>,
    /// How many to return, 1 to 16 (default 8).
    #[param(value_type = Option<u32>)]
    pub limit: Option<String>,
}

/// Recommendations from the categories of the first three recently viewed products.
#[utoipa::path(
    get, path = "/recommendations", tag = "catalogue", operation_id = "list_recommendations",
    params(RecommendationParams),
    responses(
        (status = 200, body = ProductListResponse),
        (status = 400, description = "A parameter is invalid", body = ErrorBody),
    )
)]
pub async fn list_recommendations(
    State(state): State<AppState>,
    ApiQuery(params): ApiQuery<RecommendationParams>,
) -> ApiResult<Json<ProductListResponse>> {
    let viewed = match params.viewed.as_deref() {
        Some(list) => parse_ids("viewed", list)?,
        None => Vec::new(),
    };
    let limit = parse_bounded("limit", params.limit.as_deref(), 8, 1, 16)?;
    let rows = products::recommendations(&state.db, &viewed, limit).await?;
    let currency = store_currency(&state).await?;
    let n = rows.len() as u32;
    Ok(Json(ProductListResponse {
        products: rows
            .iter()
            .map(|r| ProductSummary::from_row(r, &currency))
            .collect(),
        meta: ListMeta {
            total: i64::from(n),
            page: 1,
            per_page: limit,
        },
    }))
}
