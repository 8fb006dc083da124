//! Vendor store pages: the store and a page of its products.

use axum::extract::State;
use axum::http::HeaderMap;
use axum::response::Response;
use bazaar_db::{DbError, products, vendors};
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;
use uuid::Uuid;

use super::params::{ListParams, parse_page, parse_sort};
use crate::error::ErrorBody;
use crate::extract::{ApiPath, ApiQuery};
use crate::response_cache::{Fill, Tag};
use crate::views::{DeliveryView, ListMeta, ProductSummary};
use crate::{ApiError, ApiResult, AppState};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(get_store))
}

#[derive(Debug, Serialize, ToSchema)]
pub struct StoreView {
    pub id: Uuid,
    pub store_slug: String,
    pub store_name: String,
    pub store_description: String,
    pub store_logo_url: Option<String>,
    pub standard_delivery_min_days: Option<i64>,
    pub standard_delivery_max_days: Option<i64>,
    /// What customers are told for this store's physical products.
    pub estimated_delivery: DeliveryView,
    pub created_at: DateTime<Utc>,
    pub store_banner_url: Option<String>,
    /// `#rrggbb`.
    pub accent_color: Option<String>,
    /// The store's own return policy, plain text; empty when it has none.
    pub return_policy: String,
    /// Network (website, instagram, facebook, x, tiktok, youtube) → https address.
    #[schema(value_type = std::collections::BTreeMap<String, String>)]
    pub social_links: serde_json::Value,
    /// The logo's WebP renditions as a `srcset` (`/media/…-320.webp 320w, …`), when it is
    /// a picture of the media library whose renditions exist.
    pub store_logo_srcset: Option<String>,
    /// The banner's renditions as a `srcset`, likewise.
    pub store_banner_srcset: Option<String>,
}

impl From<&vendors::VendorRow> for StoreView {
    fn from(v: &vendors::VendorRow) -> Self {
        Self {
            id: v.id,
            store_slug: v.store_slug.clone(),
            store_name: v.store_name.clone(),
            store_description: v.store_description.clone(),
            store_logo_url: v.store_logo_url.clone(),
            standard_delivery_min_days: v.standard_delivery_min_days,
            standard_delivery_max_days: v.standard_delivery_max_days,
            estimated_delivery: bazaar_domain::delivery::estimate(
                v.standard_delivery_min_days,
                v.standard_delivery_max_days,
            )
            .into(),
            created_at: v.created_at,
            store_banner_url: v.store_banner_url.clone(),
            accent_color: v.accent_color.clone(),
            return_policy: v.return_policy.clone(),
            social_links: v.social_links.clone(),
            store_logo_srcset: None,
            store_banner_srcset: None,
        }
    }
}

#[derive(Debug, Serialize, ToSchema)]
pub struct StoreResponse {
    pub store: StoreView,
    pub products: Vec<ProductSummary>,
    pub meta: ListMeta,
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct StoreParams {
    /// `newest` (default), `featured`, `price-asc` or `price-desc`.
    pub sort: Option<String>,
    /// 1-based page number (default 1).
    #[param(value_type = Option<u32>)]
    pub page: Option<String>,
    /// Page size, 1 to 100 (default 20).
    #[param(value_type = Option<u32>)]
    pub per_page: Option<String>,
}

/// An approved vendor's store and a page of its listed products.
#[utoipa::path(
    get, path = "/stores/{store_slug}", tag = "catalogue", operation_id = "get_store",
    params(("store_slug" = String, Path, description = "Store slug"), StoreParams),
    responses(
        (status = 200, body = StoreResponse),
        (status = 304, description = "Not modified: the ETag in If-None-Match still matches"),
        (status = 400, description = "A parameter is invalid", body = ErrorBody),
        (status = 404, description = "No such approved store", body = ErrorBody),
    )
)]
pub async fn get_store(
    State(state): State<AppState>,
    headers: HeaderMap,
    ApiPath(slug): ApiPath<String>,
    ApiQuery(params): ApiQuery<StoreParams>,
) -> ApiResult<Response> {
    let list = ListParams {
        sort: params.sort,
        ..Default::default()
    };
    let sort = parse_sort(&list)?;
    let page = parse_page(&params.page, &params.per_page)?;
    let key = format!("store {slug} {sort:?} {page:?}");
    state
        .responses
        .answer(key, &headers, || async {
            let store = load_store(&state, &slug).await?;
            let filter = products::ProductFilter {
                vendor_slug: Some(store.store_slug.clone()),
                ..Default::default()
            };
            let list = super::products::list_page(&state, &filter, sort, page).await?;
            let answer = StoreResponse {
                store: with_srcsets(&state, StoreView::from(&store)).await?,
                products: list.products,
                meta: list.meta,
            };
            Ok(Fill::new(answer, vec![Tag::Vendor(store.id), Tag::Lists]))
        })
        .await
}

/// Fills the logo's and banner's `srcset` from their renditions in the media library.
async fn with_srcsets(state: &AppState, mut view: StoreView) -> ApiResult<StoreView> {
    let key = |url: &Option<String>| {
        url.as_deref()
            .and_then(|u| u.strip_prefix("/media/"))
            .map(str::to_owned)
    };
    let (logo, banner) = (key(&view.store_logo_url), key(&view.store_banner_url));
    let keys: Vec<&str> = logo
        .iter()
        .chain(banner.iter())
        .map(String::as_str)
        .collect();
    let found = bazaar_db::media::renditions_of(&state.db, &keys).await?;
    let srcset_of = |k: &Option<String>| {
        k.as_ref()
            .and_then(|k| found.iter().find(|(key, _)| key == k))
            .and_then(|(_, r)| bazaar_db::media::srcset(r))
    };
    view.store_logo_srcset = srcset_of(&logo);
    view.store_banner_srcset = srcset_of(&banner);
    Ok(view)
}

/// An approved store by slug; shared with the server-rendered head of store pages.
pub async fn load_store(state: &AppState, slug: &str) -> ApiResult<vendors::VendorRow> {
    vendors::find_approved_by_slug(&state.db, slug)
        .await
        .map_err(|e| match e {
            DbError::NotFound => ApiError::NotFound(format!("No store '{slug}'")),
            other => other.into(),
        })
}
