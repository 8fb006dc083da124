//! The contract every engine keeps, run against tantivy (on disk) and a real Meilisearch
//! (`bazaar_testkit::meilisearch`: `MEILI_URL`, or a server started for the test process).

mod common;

use bazaar_search::{FacetCount, SearchError, SearchIndex, SearchQuery, SearchSort};
use common::{find, find_text, numbers, product, products};

/// Generates one test per engine for each contract function.
macro_rules! contract {
    ($($name:ident),* $(,)?) => {
        mod tantivy {
            $(
                #[tokio::test]
                async fn $name() {
                    let (index, _guard) = crate::common::tantivy().await;
                    index.upsert(crate::products()).await.expect("the fixture loads");
                    super::$name(&*index).await;
                }
            )*
        }
        mod meilisearch {
            $(
                #[tokio::test]
                async fn $name() {
                    let (index, _guard) = crate::common::meilisearch().await;
                    index.upsert(crate::products()).await.expect("the fixture loads");
                    super::$name(&*index).await;
                }
            )*
        }
    };
}

contract!(
    one_typo_in_a_long_word_still_matches,
    two_typos_need_nine_letters,
    short_words_match_exactly,
    the_last_word_matches_as_a_prefix,
    every_word_must_match,
    name_matches_rank_first_then_newest,
    empty_query_lists_everything_newest_first,
    filters_narrow_the_matches,
    sorts_order_with_deterministic_ties,
    pages_split_the_same_order,
    facets_ignore_their_own_filter,
    facets_count_with_several_filters,
    suggest_keeps_limit_and_relevance_order,
    delete_removes_documents,
    clear_empties_the_index,
    upsert_replaces_a_document,
    impossible_queries_are_invalid,
);

async fn one_typo_in_a_long_word_still_matches(index: &dyn SearchIndex) {
    for q in ["gloves", "glovse", "gloces", "gloes", "glovess", "GLOVSE"] {
        assert_eq!(find_text(index, q).await, [18, 12, 1, 8], "{q}");
    }
    assert_eq!(find_text(index, "trainign gloves").await, [1]);
    assert_eq!(
        find_text(index, "leathr").await,
        [3, 18],
        "a name match beats a description one"
    );
    assert_eq!(
        find_text(index, "gluvse").await,
        Vec::<u128>::new(),
        "two typos in six letters"
    );
    for q in ["hloves", "lgoves"] {
        assert_eq!(
            find_text(index, q).await,
            Vec::<u128>::new(),
            "{q}: a first letter that differs is two typos"
        );
    }
}

async fn two_typos_need_nine_letters(index: &dyn SearchIndex) {
    // Two typos in an eleven-letter word; a first letter that differs is two typos already.
    assert_eq!(find_text(index, "comperssoin").await, [11, 2]);
    assert_eq!(find_text(index, "kompression").await, [11, 2]);
    assert_eq!(find_text(index, "komperssion").await, Vec::<u128>::new());
    assert_eq!(find_text(index, "compresion shorts").await, [2]);
}

async fn short_words_match_exactly(index: &dyn SearchIndex) {
    assert_eq!(find_text(index, "belt ").await, [3]);
    assert_eq!(find_text(index, "bolt ").await, Vec::<u128>::new());
    assert_eq!(find_text(index, "gym").await, [12]);
    assert_eq!(find_text(index, "gum ").await, Vec::<u128>::new());
}

async fn the_last_word_matches_as_a_prefix(index: &dyn SearchIndex) {
    assert_eq!(
        find_text(index, "trai").await,
        [15, 7, 1, 13],
        "names first, then newest"
    );
    assert_eq!(find_text(index, "pwr gri").await, [1]);
    assert_eq!(
        find_text(index, "pwr gri ").await,
        Vec::<u128>::new(),
        "a finished word is whole"
    );
    assert_eq!(
        find_text(index, "gri pwr").await,
        Vec::<u128>::new(),
        "only the last word"
    );
    assert_eq!(find_text(index, "bott").await, [19, 14]);
}

async fn every_word_must_match(index: &dyn SearchIndex) {
    // "Sports" is one typo from "shorts": exact matches first.
    assert_eq!(find_text(index, "shorts").await, [7, 2, 19]);
    assert_eq!(find_text(index, "compression shorts").await, [2]);
    // 2 has both words in its name, 11 has "ovr" only as brand and vendor.
    assert_eq!(
        find_text(index, "OVR COMPRESSION").await,
        [2, 11],
        "any case, any field"
    );
    assert_eq!(
        find_text(index, "leather gloves").await,
        [18],
        "name and description"
    );
    assert_eq!(
        find_text(index, "iron house belt").await,
        [3],
        "vendor name"
    );
    assert_eq!(
        find_text(index, "footwear stride").await,
        [16, 15],
        "category and brand"
    );
    assert_eq!(find_text(index, "gloves unicorn").await, Vec::<u128>::new());
}

async fn name_matches_rank_first_then_newest(index: &dyn SearchIndex) {
    // Equal relevance falls back to newest; 8 only mentions gloves in its description.
    assert_eq!(find_text(index, "gloves").await, [18, 12, 1, 8]);
    assert_eq!(find_text(index, "lifting").await, [3, 1]);
}

async fn empty_query_lists_everything_newest_first(index: &dyn SearchIndex) {
    let results = index
        .search(&SearchQuery {
            per_page: 100,
            ..SearchQuery::default()
        })
        .await;
    let results = results.expect("search works");
    assert_eq!(results.total, 20);
    let newest: Vec<u128> = vec![
        20, 19, 18, 17, 16, 15, 14, 13, 12, 11, 10, 9, 8, 6, 7, 5, 4, 3, 2, 1,
    ];
    assert_eq!(numbers(&results.hits), newest);
    assert_eq!(
        results.hits[0],
        product(20),
        "hits are the stored documents"
    );
    let punctuation = SearchQuery {
        per_page: 100,
        ..SearchQuery::text(" ?! ")
    };
    assert_eq!(
        find(index, punctuation).await,
        newest,
        "no words means no text condition"
    );
}

async fn filters_narrow_the_matches(index: &dyn SearchIndex) {
    let all = || SearchQuery {
        per_page: 100,
        ..SearchQuery::default()
    };
    let category = SearchQuery {
        category: Some("gloves".into()),
        ..all()
    };
    assert_eq!(find(index, category).await, [18, 12, 1]);
    for brand in ["pwr", "PWR", "Pwr"] {
        let brand = SearchQuery {
            brand: Some(brand.into()),
            ..all()
        };
        assert_eq!(find(index, brand).await, [18, 8, 3, 1]);
    }
    let two_words = SearchQuery {
        brand: Some("grip co".into()),
        ..all()
    };
    assert_eq!(find(index, two_words).await, [12]);
    let vendor = SearchQuery {
        vendor: Some("iron-house".into()),
        ..all()
    };
    assert_eq!(find(index, vendor).await, [18, 17, 9, 8, 5, 3, 1]);
    let range = SearchQuery {
        min_price: Some(24_900),
        max_price: Some(39_900),
        ..all()
    };
    assert_eq!(
        find(index, range).await,
        [17, 13, 10, 2, 1],
        "both ends inclusive"
    );
    let from = SearchQuery {
        min_price: Some(129_900),
        ..all()
    };
    assert_eq!(find(index, from).await, [16, 15, 5]);
    let up_to = SearchQuery {
        max_price: Some(9_999),
        ..all()
    };
    assert_eq!(find(index, up_to).await, [19, 12, 4]);
    let on_sale = SearchQuery {
        on_sale: Some(true),
        ..all()
    };
    assert_eq!(find(index, on_sale).await, [16, 12, 10, 7, 4, 1]);
    let full_price = SearchQuery {
        on_sale: Some(false),
        ..all()
    };
    assert_eq!(find(index, full_price).await.len(), 14);
    let combined = SearchQuery {
        on_sale: Some(true),
        ..SearchQuery::text("gloves")
    };
    assert_eq!(find(index, combined).await, [12, 1]);
    let nothing = SearchQuery {
        category: Some("gloves".into()),
        vendor: Some("zen-studio".into()),
        ..all()
    };
    assert_eq!(find(index, nothing).await, Vec::<u128>::new());
}

async fn sorts_order_with_deterministic_ties(index: &dyn SearchIndex) {
    use SearchSort::*;
    let all = |sort| SearchQuery {
        sort,
        per_page: 100,
        ..SearchQuery::default()
    };
    // 20 and 11 cost the same: the newer comes first either way.
    let cheapest = vec![
        12, 4, 19, 14, 8, 20, 11, 7, 1, 13, 10, 17, 2, 6, 3, 18, 9, 15, 16, 5,
    ];
    assert_eq!(find(index, all(PriceAsc)).await, cheapest);
    let dearest = vec![
        5, 16, 15, 9, 18, 3, 6, 2, 17, 10, 13, 1, 7, 20, 11, 8, 14, 19, 4, 12,
    ];
    assert_eq!(find(index, all(PriceDesc)).await, dearest);
    // 6 and 7 were created together: the lower id comes first.
    let newest = vec![
        20, 19, 18, 17, 16, 15, 14, 13, 12, 11, 10, 9, 8, 6, 7, 5, 4, 3, 2, 1,
    ];
    assert_eq!(find(index, all(Newest)).await, newest);
    assert_eq!(find(index, all(Relevance)).await, newest);
    let featured = vec![
        15, 5, 2, 1, 20, 19, 18, 17, 16, 14, 13, 12, 11, 10, 9, 8, 6, 7, 4, 3,
    ];
    assert_eq!(find(index, all(Featured)).await, featured);
    // A sort orders the matches of a query, ignoring relevance.
    let gloves_by_price = SearchQuery {
        sort: PriceAsc,
        ..SearchQuery::text("gloves")
    };
    assert_eq!(find(index, gloves_by_price).await, [12, 8, 1, 18]);
}

async fn pages_split_the_same_order(index: &dyn SearchIndex) {
    let page = |page| SearchQuery {
        page,
        per_page: 6,
        sort: SearchSort::PriceAsc,
        ..SearchQuery::default()
    };
    let mut seen = Vec::new();
    for n in 1..=4 {
        let results = index.search(&page(n)).await.expect("search works");
        assert_eq!(results.total, 20, "page {n}");
        assert_eq!(results.hits.len(), if n == 4 { 2 } else { 6 }, "page {n}");
        seen.extend(numbers(&results.hits));
    }
    assert_eq!(
        seen,
        [
            12, 4, 19, 14, 8, 20, 11, 7, 1, 13, 10, 17, 2, 6, 3, 18, 9, 15, 16, 5
        ]
    );
    for beyond in [5, 1_000_000] {
        let results = index.search(&page(beyond)).await.expect("search works");
        assert!(results.hits.is_empty(), "page {beyond}");
        assert_eq!(results.total, 20, "page {beyond}");
    }
    let text = SearchQuery {
        page: 2,
        per_page: 3,
        ..SearchQuery::text("gloves")
    };
    let results = index.search(&text).await.expect("search works");
    assert_eq!((numbers(&results.hits), results.total), (vec![8], 4));
}

fn counts(facets: &[FacetCount]) -> Vec<(&str, &str, u64)> {
    facets
        .iter()
        .map(|f| (f.value.as_str(), f.label.as_str(), f.count))
        .collect()
}

fn band_counts(results: &bazaar_search::SearchResults) -> Vec<u64> {
    results.facets.price.iter().map(|band| band.count).collect()
}

async fn facets_ignore_their_own_filter(index: &dyn SearchIndex) {
    let query = SearchQuery {
        brand: Some("pwr".into()),
        ..SearchQuery::default()
    };
    let results = index.search(&query).await.expect("search works");
    assert_eq!(results.total, 4);
    assert_eq!(
        counts(&results.facets.brand),
        [
            ("PWR", "PWR", 4),
            ("IronCore", "IronCore", 3),
            ("OVR", "OVR", 3),
            ("Vortex", "Vortex", 3),
            ("Zen", "Zen", 3),
            ("Stride", "Stride", 2),
            ("Grip Co", "Grip Co", 1),
        ],
        "the brand facet ignores the brand filter"
    );
    assert_eq!(
        counts(&results.facets.category),
        [
            ("gloves", "Gloves", 2),
            ("accessories", "Accessories", 1),
            ("belts", "Belts", 1)
        ]
    );
    assert_eq!(band_counts(&results), [0, 2, 0, 2, 0]);
    let bands: Vec<(&str, Option<i64>, Option<i64>)> = results
        .facets
        .price
        .iter()
        .map(|b| (b.label.as_str(), b.min_cents, b.max_cents))
        .collect();
    assert_eq!(
        bands,
        [
            ("Under R100", None, Some(10_000)),
            ("R100–R250", Some(10_000), Some(25_000)),
            ("R250–R500", Some(25_000), Some(50_000)),
            ("R500–R1,000", Some(50_000), Some(100_000)),
            ("R1,000 and over", Some(100_000), None),
        ]
    );
    // Without filters every facet counts every match; bands put 10000 and 25000 above.
    let everything = index
        .search(&SearchQuery::default())
        .await
        .expect("search works");
    assert_eq!(band_counts(&everything), [3, 6, 5, 3, 3]);
    assert_eq!(
        everything.facets.brand.iter().map(|b| b.count).sum::<u64>(),
        19,
        "14 has none"
    );
}

async fn facets_count_with_several_filters(index: &dyn SearchIndex) {
    let query = SearchQuery {
        category: Some("accessories".into()),
        min_price: Some(10_000),
        ..SearchQuery::default()
    };
    let results = index.search(&query).await.expect("search works");
    assert_eq!(results.total, 6);
    assert_eq!(
        counts(&results.facets.category),
        [
            ("accessories", "Accessories", 6),
            ("apparel", "Apparel", 3),
            ("footwear", "Footwear", 2),
            ("gloves", "Gloves", 2),
            ("weights", "Weights", 2),
            ("belts", "Belts", 1),
        ]
    );
    assert_eq!(
        counts(&results.facets.brand),
        [
            ("Vortex", "Vortex", 2),
            ("Zen", "Zen", 2),
            ("IronCore", "IronCore", 1),
            ("PWR", "PWR", 1)
        ]
    );
    assert_eq!(
        band_counts(&results),
        [2, 2, 4, 0, 0],
        "bands ignore the price filter"
    );
    let text = SearchQuery {
        q: "gloves".into(),
        ..query
    };
    let results = index.search(&text).await.expect("search works");
    assert_eq!(numbers(&results.hits), [8]);
    assert_eq!(
        counts(&results.facets.category),
        [("gloves", "Gloves", 2), ("accessories", "Accessories", 1)]
    );
}

async fn suggest_keeps_limit_and_relevance_order(index: &dyn SearchIndex) {
    let suggest = |q: &'static str, limit| async move {
        numbers(&index.suggest(q, limit).await.expect("suggest works"))
    };
    assert_eq!(suggest("gloves", 2).await, [18, 12]);
    assert_eq!(suggest("gloves", 10).await, [18, 12, 1, 8]);
    assert_eq!(suggest("glovse", 5).await, [18, 12, 1, 8]);
    assert_eq!(suggest("trai", 3).await, [15, 7, 1]);
    assert_eq!(suggest("pwr gri", 5).await, [1]);
    assert_eq!(suggest("gloves", 0).await, Vec::<u128>::new());
    assert_eq!(suggest("", 5).await, Vec::<u128>::new());
    assert_eq!(suggest("  ", 5).await, Vec::<u128>::new());
    let full = index.suggest("pwr grip", 1).await.expect("suggest works");
    assert_eq!(full, [product(1)]);
}

async fn delete_removes_documents(index: &dyn SearchIndex) {
    index
        .delete(&[common::id(1), common::id(99)])
        .await
        .expect("delete works");
    assert_eq!(index.count().await.expect("count works"), 19);
    assert_eq!(find_text(index, "gloves").await, [18, 12, 8]);
    index.delete(&[]).await.expect("nothing to delete is fine");
    assert_eq!(index.count().await.expect("count works"), 19);
}

async fn clear_empties_the_index(index: &dyn SearchIndex) {
    assert_eq!(index.count().await.expect("count works"), 20);
    index.clear().await.expect("clear works");
    assert_eq!(index.count().await.expect("count works"), 0);
    let results = index
        .search(&SearchQuery::default())
        .await
        .expect("search works");
    assert_eq!((results.hits.len(), results.total), (0, 0));
    assert!(results.facets.brand.is_empty() && results.facets.category.is_empty());
    assert_eq!(band_counts(&results), [0; 5]);
    index.upsert(vec![product(3)]).await.expect("upsert works");
    assert_eq!(
        find_text(index, "belt").await,
        [3],
        "a cleared index takes new documents"
    );
}

async fn upsert_replaces_a_document(index: &dyn SearchIndex) {
    let mut renamed = product(1);
    renamed.name = "PWR Grip Lifting Straps".into();
    renamed.price_cents = 5_000;
    // The same id twice in one batch: the last one wins.
    let mut earlier = renamed.clone();
    earlier.name = "Something Else".into();
    index
        .upsert(vec![earlier, renamed.clone()])
        .await
        .expect("upsert works");
    assert_eq!(index.count().await.expect("count works"), 20);
    assert_eq!(find_text(index, "straps").await, [1]);
    assert_eq!(find_text(index, "something").await, Vec::<u128>::new());
    // 1 is still in the Gloves category, which is searched too.
    assert_eq!(find_text(index, "gloves").await, [18, 12, 8, 1]);
    let cheap = SearchQuery {
        max_price: Some(5_000),
        ..SearchQuery::default()
    };
    let results = index.search(&cheap).await.expect("search works");
    assert_eq!(results.hits, [renamed]);
    index
        .upsert(Vec::new())
        .await
        .expect("nothing to upsert is fine");
}

async fn impossible_queries_are_invalid(index: &dyn SearchIndex) {
    for query in [
        SearchQuery {
            page: 0,
            ..SearchQuery::default()
        },
        SearchQuery {
            per_page: 0,
            ..SearchQuery::default()
        },
        SearchQuery {
            per_page: 1_001,
            ..SearchQuery::default()
        },
        SearchQuery {
            min_price: Some(2),
            max_price: Some(1),
            ..SearchQuery::default()
        },
    ] {
        let result = index.search(&query).await;
        assert!(
            matches!(result, Err(SearchError::Invalid(_))),
            "{query:?}: {result:?}"
        );
    }
    let quotes = SearchQuery {
        brand: Some(r#"Say "hi" \"#.into()),
        ..SearchQuery::default()
    };
    assert_eq!(
        find(index, quotes).await,
        Vec::<u128>::new(),
        "filter values are escaped"
    );
}
