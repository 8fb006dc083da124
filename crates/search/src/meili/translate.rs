//! How documents, settings and searches look to Meilisearch.

use std::collections::BTreeMap;

use meilisearch_sdk::settings::{
    FacetSortValue, FacetingSettings, MinWordSizeForTypos, PaginationSetting, Settings,
    TypoToleranceSettings,
};
use serde::Serialize;

use crate::model::category_facet_value;
use crate::{ArticleDoc, PRICE_BANDS, SearchDoc, SearchQuery, SearchSort};

/// Attributes holding the facet values.
pub(super) const BRAND_FACET: &str = "brand";
pub(super) const CATEGORY_FACET: &str = "category_facet";

/// The fields of [`SearchDoc`], which is all a search retrieves.
pub(super) const RETRIEVED: [&str; 14] = [
    "id",
    "slug",
    "name",
    "description",
    "brand",
    "category_slug",
    "category_name",
    "vendor_slug",
    "vendor_name",
    "price_cents",
    "on_sale",
    "featured",
    "image_url",
    "created_at",
];

/// A [`SearchDoc`] plus the derived fields Meilisearch filters, sorts and facets on.
#[derive(Debug, Serialize)]
pub(super) struct MeiliDoc<'a> {
    #[serde(flatten)]
    doc: &'a SearchDoc,
    /// The brand lowercased, for the case-insensitive brand filter.
    brand_lower: Option<String>,
    /// Slug and name in one value, so the category facet can show names.
    category_facet: Option<String>,
    /// 1 for featured: Meilisearch sorts numbers and strings, not booleans.
    featured_rank: u8,
    /// Every searchable field but the name, as one attribute: relevance tells a match in the
    /// name from one elsewhere, and nothing finer (as the matching rules say).
    other_words: Vec<&'a str>,
}

impl<'a> From<&'a SearchDoc> for MeiliDoc<'a> {
    fn from(doc: &'a SearchDoc) -> Self {
        Self {
            doc,
            brand_lower: doc.brand.as_deref().map(str::to_lowercase),
            category_facet: category_facet_value(doc),
            featured_rank: u8::from(doc.featured),
            other_words: [
                doc.brand.as_deref(),
                doc.category_name.as_deref(),
                doc.vendor_name.as_deref(),
                Some(doc.description.as_str()),
            ]
            .into_iter()
            .flatten()
            .filter(|words| !words.is_empty())
            .collect(),
        }
    }
}

/// The index settings [`super::MeiliIndex::connect`] applies.
pub(super) fn settings() -> Settings {
    Settings::new()
        .with_searchable_attributes(["name", "other_words"])
        .with_filterable_attributes([
            "category_slug",
            "brand_lower",
            "vendor_slug",
            "price_cents",
            "on_sale",
            BRAND_FACET,
            CATEGORY_FACET,
        ])
        .with_sortable_attributes(["price_cents", "created_at", "featured_rank", "id"])
        // `sort` first: a chosen order beats relevance. Then the matching rules' order: fewer
        // typos, a match in the name, whole words; where the words stand in a field
        // (`proximity`, `wordPosition`) does not count. Relevance ties go to the newest.
        .with_ranking_rules([
            "sort",
            "words",
            "typo",
            "attributeRank",
            "exactness",
            "created_at:desc",
        ])
        .with_typo_tolerance(TypoToleranceSettings {
            enabled: Some(true),
            disable_on_attributes: None,
            disable_on_words: None,
            min_word_size_for_typos: Some(MinWordSizeForTypos {
                one_typo: Some(5),
                two_typos: Some(9),
            }),
            disable_on_numbers: None,
        })
        // Totals and deep pages stay exact for any realistic catalogue.
        .with_pagination(PaginationSetting {
            max_total_hits: 1_000_000,
        })
        .with_faceting(FacetingSettings {
            max_values_per_facet: crate::MAX_FACET_VALUES,
            sort_facet_values_by: Some(BTreeMap::from([("*".to_string(), FacetSortValue::Count)])),
        })
}

/// A help article as Meilisearch holds it: the title, and every other searchable field as
/// one attribute (as a product's name and `other_words`).
#[derive(Debug, Serialize)]
pub(super) struct MeiliArticle<'a> {
    id: String,
    title: &'a str,
    other_words: [&'a str; 3],
}

impl<'a> From<&'a ArticleDoc> for MeiliArticle<'a> {
    fn from(doc: &'a ArticleDoc) -> Self {
        Self {
            id: doc.id.hyphenated().to_string(),
            title: &doc.title,
            other_words: [&doc.category, &doc.summary, &doc.body],
        }
    }
}

/// The settings of the help articles' index: the products' matching, by relevance alone.
pub(super) fn article_settings() -> Settings {
    Settings::new()
        .with_searchable_attributes(["title", "other_words"])
        .with_displayed_attributes(["id"])
        .with_ranking_rules(["words", "typo", "attributeRank", "exactness"])
        .with_typo_tolerance(TypoToleranceSettings {
            enabled: Some(true),
            disable_on_attributes: None,
            disable_on_words: None,
            min_word_size_for_typos: Some(MinWordSizeForTypos {
                one_typo: Some(5),
                two_typos: Some(9),
            }),
            disable_on_numbers: None,
        })
}

/// The sort parameter for an order; `None` ranks by relevance.
pub(super) fn sort(sort: SearchSort) -> Option<&'static [&'static str]> {
    match sort {
        SearchSort::Relevance => None,
        SearchSort::Newest => Some(&["created_at:desc", "id:asc"]),
        SearchSort::PriceAsc => Some(&["price_cents:asc", "created_at:desc", "id:asc"]),
        SearchSort::PriceDesc => Some(&["price_cents:desc", "created_at:desc", "id:asc"]),
        SearchSort::Featured => Some(&["featured_rank:desc", "created_at:desc", "id:asc"]),
    }
}

/// Which filter a facet leaves out (disjunctive faceting).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Except {
    Nothing,
    Brand,
    Category,
    Price,
}

/// The filter expressions of a query, less the one `except` names; joined with `AND`.
pub(super) fn filter(query: &SearchQuery, except: Except) -> Vec<String> {
    let mut clauses = Vec::new();
    let mut equals = |attribute: &str, value: &str| {
        clauses.push(format!("{attribute} = {}", quote(&value.to_lowercase())));
    };
    if let Some(category) = query
        .category
        .as_deref()
        .filter(|_| except != Except::Category)
    {
        equals("category_slug", category);
    }
    if let Some(brand) = query.brand.as_deref().filter(|_| except != Except::Brand) {
        equals("brand_lower", brand);
    }
    if let Some(vendor) = &query.vendor {
        equals("vendor_slug", vendor);
    }
    if let Some(on_sale) = query.on_sale {
        clauses.push(format!("on_sale = {on_sale}"));
    }
    if except != Except::Price {
        if let Some(min) = query.min_price {
            clauses.push(format!("price_cents >= {min}"));
        }
        if let Some(max) = query.max_price {
            clauses.push(format!("price_cents <= {max}"));
        }
    }
    clauses
}

/// The extra clauses selecting one price band.
pub(super) fn band_filter(band: usize) -> Vec<String> {
    let (_, min, max) = PRICE_BANDS[band];
    let mut clauses = Vec::new();
    if let Some(min) = min {
        clauses.push(format!("price_cents >= {min}"));
    }
    if let Some(max) = max {
        clauses.push(format!("price_cents < {max}"));
    }
    clauses
}

/// A filter string literal: double quotes, with `"` and `\` escaped by a backslash.
fn quote(value: &str) -> String {
    let mut out = String::with_capacity(value.len() + 2);
    out.push('"');
    for c in value.chars() {
        if c == '"' || c == '\\' {
            out.push('\\');
        }
        out.push(c);
    }
    out.push('"');
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn filters_quote_values_and_leave_out_the_faceted_one() {
        let query = SearchQuery {
            category: Some("Gym-Wear".into()),
            brand: Some(r#"Say "Hi" \o/"#.into()),
            min_price: Some(100),
            on_sale: Some(true),
            ..SearchQuery::default()
        };
        assert_eq!(
            filter(&query, Except::Nothing),
            [
                r#"category_slug = "gym-wear""#,
                r#"brand_lower = "say \"hi\" \\o/""#,
                "on_sale = true",
                "price_cents >= 100",
            ]
        );
        assert_eq!(filter(&query, Except::Brand).len(), 3);
        assert_eq!(filter(&query, Except::Price).len(), 3);
    }

    #[test]
    fn bands_filter_inclusive_minimum_exclusive_maximum() {
        assert_eq!(band_filter(0), ["price_cents < 10000"]);
        assert_eq!(
            band_filter(1),
            ["price_cents >= 10000", "price_cents < 25000"]
        );
        assert_eq!(band_filter(4), ["price_cents >= 100000"]);
    }

    #[test]
    fn documents_carry_their_derived_fields() {
        let doc = SearchDoc {
            id: uuid::Uuid::nil(),
            slug: "s".into(),
            name: "n".into(),
            description: String::new(),
            brand: Some("PWR".into()),
            category_slug: Some("gloves".into()),
            category_name: Some("Gloves".into()),
            vendor_slug: None,
            vendor_name: None,
            price_cents: 1,
            on_sale: false,
            featured: true,
            image_url: None,
            created_at: 0,
        };
        let json = serde_json::to_value(MeiliDoc::from(&doc)).expect("serializes");
        assert_eq!(json["brand_lower"], "pwr");
        assert_eq!(json["category_facet"], "gloves\u{1f}Gloves");
        assert_eq!(json["featured_rank"], 1);
        assert_eq!(json["name"], "n");
        assert_eq!(json["other_words"], serde_json::json!(["PWR", "Gloves"]));
    }
}
