//! Categories that have listed products.

use axum::extract::State;
use bazaar_db::categories;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::params::parse_bounded;
use crate::error::ErrorBody;
use crate::extract::ApiQuery;
use crate::response_cache::{Fill, Tag};
use crate::{ApiError, ApiResult, AppState};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(list_categories))
}

#[derive(Debug, Serialize, ToSchema)]
pub struct CategoryView {
    pub slug: String,
    /// Capitalised for display.
    pub name: String,
    pub description: String,
    pub image_url: Option<String>,
    /// Listed products in the category.
    pub product_count: i64,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct CategoryListResponse {
    pub categories: Vec<CategoryView>,
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct CategoryParams {
    /// At most this many, 1 to 100 (default 100; the home page asks for 10).
    #[param(value_type = Option<u32>)]
    pub limit: Option<String>,
}

/// Distinct categories of listed products, in display order.
#[utoipa::path(
    get, path = "/categories", tag = "catalogue", operation_id = "list_categories",
    params(CategoryParams),
    responses(
        (status = 200, body = CategoryListResponse),
        (status = 304, description = "Not modified: the ETag in If-None-Match still matches"),
        (status = 400, description = "A parameter is invalid", body = ErrorBody),
    )
)]
pub async fn list_categories(
    State(state): State<AppState>,
    headers: axum::http::HeaderMap,
    ApiQuery(params): ApiQuery<CategoryParams>,
) -> ApiResult<axum::response::Response> {
    let limit = i64::from(parse_bounded(
        "limit",
        params.limit.as_deref(),
        100,
        1,
        100,
    )?);
    // Counting over the whole catalogue is the costly part: kept until a product changes.
    state
        .responses
        .answer(format!("categories {limit}"), &headers, || async {
            let rows = categories::list_active(&state.db, limit).await?;
            let list = CategoryListResponse {
                categories: rows
                    .into_iter()
                    .map(|c| CategoryView {
                        slug: c.slug,
                        name: c.name,
                        description: c.description,
                        image_url: c.image_url,
                        product_count: c.product_count,
                    })
                    .collect(),
            };
            Ok::<_, ApiError>(Fill::new(list, vec![Tag::Lists]))
        })
        .await
}
