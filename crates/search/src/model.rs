//! The documents, queries and results every engine shares.

use serde::{Deserialize, Serialize};
use uuid::Uuid;

use crate::SearchError;

/// The largest page a search may ask for.
pub const MAX_PER_PAGE: u32 = 1_000;

/// One product as indexed.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SearchDoc {
    pub id: Uuid,
    pub slug: String,
    pub name: String,
    /// Plain text.
    pub description: String,
    pub brand: Option<String>,
    /// The primary category.
    pub category_slug: Option<String>,
    pub category_name: Option<String>,
    pub vendor_slug: Option<String>,
    pub vendor_name: Option<String>,
    /// The effective price: the sale price when lower, the lowest variation price.
    pub price_cents: i64,
    pub on_sale: bool,
    pub featured: bool,
    pub image_url: Option<String>,
    /// Unix seconds, for "newest".
    pub created_at: i64,
}

/// The order of search results. Every order ends with newest first, then id ascending, so
/// equal keys always come out the same way.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SearchSort {
    /// Best match first (see the crate docs); an empty query lists newest first.
    #[default]
    Relevance,
    Newest,
    PriceAsc,
    PriceDesc,
    /// Featured products first.
    Featured,
}

/// A search: the text, the filters, the order and the page.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SearchQuery {
    /// What the customer typed; empty lists everything that matches the filters.
    pub q: String,
    /// A category slug.
    pub category: Option<String>,
    /// A brand, compared case-insensitively.
    pub brand: Option<String>,
    /// A vendor slug.
    pub vendor: Option<String>,
    /// Inclusive.
    pub min_price: Option<i64>,
    /// Inclusive.
    pub max_price: Option<i64>,
    pub on_sale: Option<bool>,
    pub sort: SearchSort,
    /// 1-based.
    pub page: u32,
    pub per_page: u32,
}

impl Default for SearchQuery {
    fn default() -> Self {
        Self {
            q: String::new(),
            category: None,
            brand: None,
            vendor: None,
            min_price: None,
            max_price: None,
            on_sale: None,
            sort: SearchSort::Relevance,
            page: 1,
            per_page: 20,
        }
    }
}

impl SearchQuery {
    /// A first page of `per_page` results for `q`, with no filters.
    pub fn text(q: impl Into<String>) -> Self {
        Self {
            q: q.into(),
            ..Self::default()
        }
    }

    /// Rejects what no engine can answer: page 0, an empty or oversized page, a price range
    /// whose minimum is above its maximum.
    pub fn validate(&self) -> Result<(), SearchError> {
        if self.page == 0 {
            return Err(SearchError::Invalid("page must be 1 or more".into()));
        }
        if self.per_page == 0 || self.per_page > MAX_PER_PAGE {
            return Err(SearchError::Invalid(format!(
                "per_page must be between 1 and {MAX_PER_PAGE}"
            )));
        }
        if let (Some(min), Some(max)) = (self.min_price, self.max_price)
            && min > max
        {
            return Err(SearchError::Invalid(
                "min_price must not be above max_price".into(),
            ));
        }
        Ok(())
    }

    /// How many hits the pages before this one hold.
    pub(crate) fn offset(&self) -> usize {
        (self.page as usize - 1) * self.per_page as usize
    }
}

/// One value of a facet and how many matches have it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct FacetCount {
    /// What to filter by: the category slug, or the brand as stored.
    pub value: String,
    /// What to show: the category name, or the brand as stored.
    pub label: String,
    pub count: u64,
}

/// One of the fixed price bands and how many matches fall in it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct PriceBand {
    pub label: String,
    /// Inclusive.
    pub min_cents: Option<i64>,
    /// Exclusive.
    pub max_cents: Option<i64>,
    pub count: u64,
}

/// Facet counts for a search (see the crate docs for what they count over).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Facets {
    /// Most frequent first, then by value.
    pub brand: Vec<FacetCount>,
    /// Most frequent first, then by value.
    pub category: Vec<FacetCount>,
    /// Always the five bands of [`PRICE_BANDS`], cheapest first, zero counts included.
    pub price: Vec<PriceBand>,
}

/// A page of hits, how many matched in all, and the facets.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct SearchResults {
    pub hits: Vec<SearchDoc>,
    pub total: u64,
    pub facets: Facets,
}

/// The price bands: label, inclusive minimum, exclusive maximum (cents).
pub const PRICE_BANDS: [(&str, Option<i64>, Option<i64>); 5] = [
    ("Under R100", None, Some(10_000)),
    ("R100–R250", Some(10_000), Some(25_000)),
    ("R250–R500", Some(25_000), Some(50_000)),
    ("R500–R1,000", Some(50_000), Some(100_000)),
    ("R1,000 and over", Some(100_000), None),
];

/// How many values a brand or category facet lists at most.
pub const MAX_FACET_VALUES: usize = 100;

/// The price bands with their counts, in [`PRICE_BANDS`] order.
pub(crate) fn price_bands(counts: [u64; 5]) -> Vec<PriceBand> {
    PRICE_BANDS
        .iter()
        .zip(counts)
        .map(|(&(label, min_cents, max_cents), count)| PriceBand {
            label: label.to_string(),
            min_cents,
            max_cents,
            count,
        })
        .collect()
}

/// Which band a price falls in.
pub(crate) fn price_band_index(price_cents: i64) -> usize {
    PRICE_BANDS
        .iter()
        .position(|&(_, min, max)| {
            min.is_none_or(|min| price_cents >= min) && max.is_none_or(|max| price_cents < max)
        })
        .unwrap_or(PRICE_BANDS.len() - 1)
}

/// Orders facet values most frequent first, then by value, and keeps the first
/// [`MAX_FACET_VALUES`].
pub(crate) fn finish_facet(mut values: Vec<FacetCount>) -> Vec<FacetCount> {
    values.sort_by(|a, b| b.count.cmp(&a.count).then_with(|| a.value.cmp(&b.value)));
    values.truncate(MAX_FACET_VALUES);
    values
}

/// The category facet stores slug and name in one value, split by this.
pub(crate) const CATEGORY_SEPARATOR: char = '\u{1f}';

/// The one value the category facet counts for a document, if it has a category.
pub(crate) fn category_facet_value(doc: &SearchDoc) -> Option<String> {
    let slug = doc.category_slug.as_deref()?;
    let name = doc.category_name.as_deref().unwrap_or(slug);
    Some(format!("{slug}{CATEGORY_SEPARATOR}{name}"))
}

/// Turns a stored category facet value back into slug and name.
pub(crate) fn category_facet_count(value: &str, count: u64) -> FacetCount {
    let (slug, name) = value
        .split_once(CATEGORY_SEPARATOR)
        .unwrap_or((value, value));
    FacetCount {
        value: slug.to_string(),
        label: name.to_string(),
        count,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bands_cover_every_price_with_inclusive_minimums() {
        assert_eq!(price_band_index(-5), 0);
        assert_eq!(price_band_index(9_999), 0);
        assert_eq!(price_band_index(10_000), 1);
        assert_eq!(price_band_index(24_999), 1);
        assert_eq!(price_band_index(25_000), 2);
        assert_eq!(price_band_index(50_000), 3);
        assert_eq!(price_band_index(99_999), 3);
        assert_eq!(price_band_index(100_000), 4);
        assert_eq!(price_band_index(i64::MAX), 4);
    }

    #[test]
    fn validate_rejects_impossible_pages_and_ranges() {
        let ok = SearchQuery::text("x");
        assert!(ok.validate().is_ok());
        for bad in [
            SearchQuery {
                page: 0,
                ..ok.clone()
            },
            SearchQuery {
                per_page: 0,
                ..ok.clone()
            },
            SearchQuery {
                per_page: MAX_PER_PAGE + 1,
                ..ok.clone()
            },
            SearchQuery {
                min_price: Some(10),
                max_price: Some(9),
                ..ok.clone()
            },
        ] {
            assert!(
                matches!(bad.validate(), Err(SearchError::Invalid(_))),
                "{bad:?}"
            );
        }
    }

    #[test]
    fn category_facet_values_round_trip() {
        let value = format!("gym-wear{CATEGORY_SEPARATOR}Gym Wear");
        let count = category_facet_count(&value, 3);
        assert_eq!(
            (count.value.as_str(), count.label.as_str()),
            ("gym-wear", "Gym Wear")
        );
    }
}

/// A published help article as the engines index it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ArticleDoc {
    pub id: Uuid,
    pub title: String,
    pub category: String,
    pub summary: String,
    /// The Markdown source: its words are what is searched.
    pub body: String,
}
