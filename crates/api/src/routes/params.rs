//! Parsing of list parameters shared by product lists and store pages.

use bazaar_db::products::{PageRequest, ProductFilter, ProductSort};
use serde::Deserialize;
use utoipa::IntoParams;
use uuid::Uuid;

use crate::ApiError;

pub const MAX_PER_PAGE: u32 = 100;
pub const DEFAULT_PER_PAGE: u32 = 20;
pub const MAX_IDS: usize = 50;

/// Query parameters of product lists. Everything arrives as text and is checked here, so
/// every mistake gets a message that names the parameter.
#[derive(Debug, Default, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct ListParams {
    /// Category slug, or several separated by commas.
    pub category: Option<String>,
    /// Brand, case-insensitive (e.g. `OVR`).
    pub brand: Option<String>,
    /// Vendor store slug.
    pub vendor: Option<String>,
    /// `newest` (default), `featured`, `price-asc` or `price-desc`.
    pub sort: Option<String>,
    /// Alias of `sort` used by some storefront links.
    #[serde(rename = "sortBy")]
    #[param(rename = "sortBy")]
    pub sort_by: Option<String>,
    /// `true` for featured products only.
    pub featured: Option<String>,
    /// `true` for daily deals only.
    pub daily_deal: Option<String>,
    /// `true` for products with an applicable sale price only.
    pub on_sale: Option<String>,
    /// Lowest price a customer pays, in cents.
    pub min_price_cents: Option<String>,
    /// Highest price a customer pays, in cents.
    pub max_price_cents: Option<String>,
    /// Comma-separated product ids (at most 50), e.g. the recently viewed list.
    pub ids: Option<String>,
    /// 1-based page number (default 1).
    #[param(value_type = Option<u32>)]
    pub page: Option<String>,
    /// Page size, 1 to 100 (default 20).
    #[param(value_type = Option<u32>)]
    pub per_page: Option<String>,
}

pub fn parse_sort(params: &ListParams) -> Result<ProductSort, ApiError> {
    let (field, value) = match (&params.sort, &params.sort_by) {
        (Some(s), _) => ("sort", s),
        (None, Some(s)) => ("sortBy", s),
        (None, None) => return Ok(ProductSort::Newest),
    };
    match value.trim() {
        "" | "newest" => Ok(ProductSort::Newest),
        "featured" => Ok(ProductSort::Featured),
        "price-asc" => Ok(ProductSort::PriceAsc),
        "price-desc" => Ok(ProductSort::PriceDesc),
        other => Err(ApiError::bad_field(
            field,
            format!("Unknown {field} '{other}': use newest, featured, price-asc or price-desc"),
        )),
    }
}

pub fn parse_page(
    page: &Option<String>,
    per_page: &Option<String>,
) -> Result<PageRequest, ApiError> {
    let page = match page.as_deref().map(str::trim) {
        None | Some("") => 1,
        Some(p) => p
            .parse::<u32>()
            .ok()
            .filter(|p| *p >= 1 && *p <= 1_000_000)
            .ok_or_else(|| ApiError::bad_field("page", "page must be a whole number from 1"))?,
    };
    let per_page = match per_page.as_deref().map(str::trim) {
        None | Some("") => DEFAULT_PER_PAGE,
        Some(p) => p
            .parse::<u32>()
            .ok()
            .filter(|p| (1..=MAX_PER_PAGE).contains(p))
            .ok_or_else(|| {
                ApiError::bad_field(
                    "per_page",
                    format!("per_page must be between 1 and {MAX_PER_PAGE}"),
                )
            })?,
    };
    Ok(PageRequest { page, per_page })
}

pub fn parse_bool(field: &str, value: &Option<String>) -> Result<Option<bool>, ApiError> {
    match value.as_deref().map(str::trim) {
        None | Some("") => Ok(None),
        Some("true") | Some("1") => Ok(Some(true)),
        Some("false") | Some("0") => Ok(Some(false)),
        Some(_) => Err(ApiError::bad_field(
            field,
            format!("{field} must be true or false"),
        )),
    }
}

pub fn parse_cents(field: &str, value: &Option<String>) -> Result<Option<i64>, ApiError> {
    match value.as_deref().map(str::trim) {
        None | Some("") => Ok(None),
        Some(v) => v
            .parse::<i64>()
            .ok()
            .filter(|c| *c >= 0)
            .map(Some)
            .ok_or_else(|| {
                ApiError::bad_field(
                    field,
                    format!("{field} must be a whole number of cents, 0 or more"),
                )
            }),
    }
}

pub fn non_blank(value: &Option<String>) -> Option<String> {
    value
        .as_deref()
        .map(str::trim)
        .filter(|v| !v.is_empty())
        .map(str::to_owned)
}

pub fn parse_filter(params: &ListParams) -> Result<ProductFilter, ApiError> {
    let ids = match non_blank(&params.ids) {
        None => None,
        Some(list) => Some(parse_ids("ids", &list)?),
    };
    let filter = ProductFilter {
        categories: non_blank(&params.category)
            .map(|c| {
                c.split(',')
                    .map(|s| s.trim().to_lowercase())
                    .filter(|s| !s.is_empty())
                    .collect()
            })
            .unwrap_or_default(),
        brand: non_blank(&params.brand),
        vendor_slug: non_blank(&params.vendor),
        featured: parse_bool("featured", &params.featured)?,
        daily_deal: parse_bool("daily_deal", &params.daily_deal)?,
        on_sale: parse_bool("on_sale", &params.on_sale)?,
        min_price_cents: parse_cents("min_price_cents", &params.min_price_cents)?,
        max_price_cents: parse_cents("max_price_cents", &params.max_price_cents)?,
        ids,
        exclude_ids: Vec::new(),
    };
    if let (Some(min), Some(max)) = (filter.min_price_cents, filter.max_price_cents)
        && min > max
    {
        return Err(ApiError::bad_field(
            "min_price_cents",
            "min_price_cents must not be above max_price_cents",
        ));
    }
    Ok(filter)
}

/// A comma-separated list of product ids.
pub fn parse_ids(field: &str, list: &str) -> Result<Vec<Uuid>, ApiError> {
    let ids: Vec<&str> = list
        .split(',')
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .collect();
    if ids.len() > MAX_IDS {
        return Err(ApiError::bad_field(
            field,
            format!("{field} takes at most {MAX_IDS} ids"),
        ));
    }
    ids.into_iter()
        .map(|s| {
            Uuid::parse_str(s).map_err(|_| {
                ApiError::bad_field(field, format!("'{s}' in {field} is not a product id"))
            })
        })
        .collect()
}

/// A whole number parameter within `min..=max`, `default` when absent or blank.
pub fn parse_bounded(
    field: &str,
    value: Option<&str>,
    default: u32,
    min: u32,
    max: u32,
) -> Result<u32, ApiError> {
    match value.map(str::trim) {
        None | Some("") => Ok(default),
        Some(v) => v
            .parse::<u32>()
            .ok()
            .filter(|n| (min..=max).contains(n))
            .ok_or_else(|| {
                ApiError::bad_field(field, format!("{field} must be between {min} and {max}"))
            }),
    }
}
