//! Product search: `GET /api/v1/search` (hits with facets) and
//! `GET /api/v1/search/suggestions` (the header search box).
//!
//! Both read the search index (tantivy or Meilisearch). When the index is unavailable,
//! suggestions fall back to the storefront's plain query (listed products whose name
//! contains the text, case-insensitively, at most 5) and say so in the log; full search
//! answers 503, since the database cannot rank typos.

use std::time::Duration;

use axum::Json;
use axum::extract::State;
use axum::http::HeaderMap;
use axum::response::Response;
use bazaar_db::products::search as product_search;
use bazaar_search::{Facets, SearchDoc, SearchError, SearchQuery, SearchSort};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;
use uuid::Uuid;

use super::params::{non_blank, parse_bool, parse_bounded, parse_cents};
use crate::client_addr::ClientIp;
use crate::error::ErrorBody;
use crate::extract::ApiQuery;
use crate::response_cache::{Fill, Tag};
use crate::views::{ListMeta, ProductSummary};
use crate::{ApiError, ApiResult, AppState};

/// Suggestions start after this many characters (SPEC.md §9: from 2).
pub const MIN_SUGGEST_CHARS: usize = 2;
/// And there are at most this many.
pub const MAX_SUGGESTIONS: usize = 5;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(search))
        .routes(routes!(suggestions))
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct SuggestParams {
    /// The text typed so far.
    pub q: Option<String>,
}

/// One suggestion for the search box.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct Suggestion {
    pub id: Uuid,
    pub slug: String,
    pub name: String,
    /// What the customer pays, in cents of the store currency.
    pub price_cents: i64,
    /// Category name, for the badge.
    pub category: Option<String>,
    pub image_url: Option<String>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct SuggestionList {
    pub suggestions: Vec<Suggestion>,
}

impl From<SearchDoc> for Suggestion {
    fn from(d: SearchDoc) -> Self {
        Self {
            id: d.id,
            slug: d.slug,
            name: d.name,
            price_cents: d.price_cents,
            category: d.category_name,
            image_url: d.image_url,
        }
    }
}

/// Up to 5 products for the text typed so far; none until it is longer than 1 character.
#[utoipa::path(
    get, path = "/search/suggestions", tag = "search", operation_id = "search_suggestions",
    params(SuggestParams),
    responses(
        (status = 200, body = SuggestionList),
        (status = 304, description = "Not modified: the ETag in If-None-Match still matches"),
        (status = 429, description = "Too many searches from this address; see Retry-After", body = ErrorBody)
    )
)]
async fn suggestions(
    State(state): State<AppState>,
    client: ClientIp,
    headers: HeaderMap,
    ApiQuery(params): ApiQuery<SuggestParams>,
) -> ApiResult<Response> {
    state.limit_search(&client)?;
    let q = params.q.as_deref().unwrap_or("").trim();
    let q: String = if q.chars().count() < MIN_SUGGEST_CHARS {
        String::new()
    } else {
        q.chars().take(100).collect::<String>().to_lowercase()
    };
    let ttl = state.config.cache_ttl;
    state
        .responses
        .answer(format!("suggest {q}"), &headers, || async {
            if q.is_empty() {
                let none = SuggestionList {
                    suggestions: Vec::new(),
                };
                return Ok(Fill::new(none, Vec::new()));
            }
            let from_index = match &state.search {
                Some(index) => index.suggest(&q, MAX_SUGGESTIONS).await,
                None => Err(SearchError::Unavailable("search is switched off".into())),
            };
            // The index catches up with writes a moment after them: kept for the TTL only.
            let (suggestions, ttl): (Vec<Suggestion>, Duration) = match from_index {
                Ok(docs) => (
                    docs.into_iter()
                        .take(MAX_SUGGESTIONS)
                        .map(Into::into)
                        .collect(),
                    ttl,
                ),
                Err(err) => {
                    // Not kept: the index should answer again as soon as it is back.
                    tracing::warn!(error = %err, "search index unavailable; suggestions from the database");
                    let rows =
                        product_search::name_matches(&state.db, &q, MAX_SUGGESTIONS as i64).await?;
                    let from_db = rows
                        .into_iter()
                        .map(|r| bazaar_queue::search_doc::doc_from_row(r).into())
                        .collect();
                    (from_db, Duration::ZERO)
                }
            };
            Ok::<_, ApiError>(Fill {
                value: SuggestionList { suggestions },
                tags: vec![Tag::Lists],
                ttl: Some(ttl),
            })
        })
        .await
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct SearchParams {
    /// Words to find; typo tolerant, the last word matches as a prefix. Empty lists
    /// everything that passes the filters.
    pub q: Option<String>,
    /// Category slug.
    pub category: Option<String>,
    /// Brand, case-insensitive.
    pub brand: Option<String>,
    /// Vendor store slug.
    pub vendor: Option<String>,
    pub min_price_cents: Option<String>,
    pub max_price_cents: Option<String>,
    /// `true` for products on sale only.
    pub on_sale: Option<String>,
    /// `relevance` (default), `newest`, `featured`, `price-asc` or `price-desc`.
    pub sort: Option<String>,
    #[param(value_type = Option<u32>)]
    pub page: Option<String>,
    /// 1 to 100 (default 20).
    #[param(value_type = Option<u32>)]
    pub per_page: Option<String>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct FacetCountView {
    pub value: String,
    pub label: String,
    pub count: u64,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct PriceBandView {
    pub label: String,
    pub min_cents: Option<i64>,
    pub max_cents: Option<i64>,
    pub count: u64,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct FacetsView {
    pub brand: Vec<FacetCountView>,
    pub category: Vec<FacetCountView>,
    pub price: Vec<PriceBandView>,
}

impl From<Facets> for FacetsView {
    fn from(f: Facets) -> Self {
        let counts = |v: Vec<bazaar_search::FacetCount>| {
            v.into_iter()
                .map(|c| FacetCountView {
                    value: c.value,
                    label: c.label,
                    count: c.count,
                })
                .collect()
        };
        Self {
            brand: counts(f.brand),
            category: counts(f.category),
            price: f
                .price
                .into_iter()
                .map(|b| PriceBandView {
                    label: b.label,
                    min_cents: b.min_cents,
                    max_cents: b.max_cents,
                    count: b.count,
                })
                .collect(),
        }
    }
}

#[derive(Debug, Serialize, ToSchema)]
pub struct SearchResponse {
    pub products: Vec<ProductSummary>,
    pub meta: ListMeta,
    pub facets: FacetsView,
}

fn parse_search(params: &SearchParams) -> ApiResult<SearchQuery> {
    let sort = match params.sort.as_deref().map(str::trim) {
        None | Some("") | Some("relevance") => SearchSort::Relevance,
        Some("newest") => SearchSort::Newest,
        Some("featured") => SearchSort::Featured,
        Some("price-asc") => SearchSort::PriceAsc,
        Some("price-desc") => SearchSort::PriceDesc,
        Some(other) => {
            return Err(ApiError::bad_field(
                "sort",
                format!(
                    "Unknown sort '{other}': use relevance, newest, featured, price-asc or price-desc"
                ),
            ));
        }
    };
    let min_price = parse_cents("min_price_cents", &params.min_price_cents)?;
    let max_price = parse_cents("max_price_cents", &params.max_price_cents)?;
    if let (Some(min), Some(max)) = (min_price, max_price)
        && min > max
    {
        return Err(ApiError::bad_field(
            "min_price_cents",
            "min_price_cents must not be above max_price_cents",
        ));
    }
    Ok(SearchQuery {
        q: params
            .q
            .as_deref()
            .unwrap_or("")
            .trim()
            .chars()
            .take(200)
            .collect(),
        category: non_blank(&params.category).map(|c| c.to_lowercase()),
        brand: non_blank(&params.brand),
        vendor: non_blank(&params.vendor),
        min_price,
        max_price,
        on_sale: parse_bool("on_sale", &params.on_sale)?,
        sort,
        page: parse_bounded("page", params.page.as_deref(), 1, 1, 1_000_000)?,
        per_page: parse_bounded(
            "per_page",
            params.per_page.as_deref(),
            super::params::DEFAULT_PER_PAGE,
            1,
            super::params::MAX_PER_PAGE,
        )?,
    })
}

/// Search the catalogue: typo tolerant, with filters, facets, sorts and pages.
#[utoipa::path(
    get, path = "/search", tag = "search", operation_id = "search_products",
    params(SearchParams),
    responses(
        (status = 200, body = SearchResponse),
        (status = 400, body = ErrorBody),
        (status = 429, description = "Too many searches from this address; see Retry-After", body = ErrorBody),
        (status = 503, body = ErrorBody)
    )
)]
async fn search(
    State(state): State<AppState>,
    client: ClientIp,
    ApiQuery(params): ApiQuery<SearchParams>,
) -> ApiResult<Json<SearchResponse>> {
    state.limit_search(&client)?;
    let query = parse_search(&params)?;
    let Some(index) = &state.search else {
        return Err(ApiError::Unavailable(
            "Search is not available right now".into(),
        ));
    };
    let results = index.search(&query).await.map_err(|err| match err {
        SearchError::Invalid(m) => ApiError::bad_request(m),
        other => {
            tracing::warn!(error = %other, "search index unavailable");
            ApiError::Unavailable("Search is not available right now".into())
        }
    })?;
    let ids: Vec<Uuid> = results.hits.iter().map(|d| d.id).collect();
    let currency = super::settings::store_currency(&state).await?;
    let rows = product_search::summaries_in_order(&state.db, &ids).await?;
    Ok(Json(SearchResponse {
        products: rows
            .iter()
            .map(|r| ProductSummary::from_row(r, &currency))
            .collect(),
        meta: ListMeta {
            total: results.total as i64,
            page: query.page,
            per_page: query.per_page,
        },
        facets: results.facets.into(),
    }))
}
