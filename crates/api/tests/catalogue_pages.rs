//! Product pages, ratings, recommendations, categories, stores and public settings against
//! the seeded demo data, on SQLite and (with TEST_DATABASE_URL) PostgreSQL.

mod common;

use std::collections::BTreeSet;

use axum::http::StatusCode;
use common::{Seeds, TestApp, all_listed, effective_min, slug_set, slugs};
use serde_json::Value;

#[tokio::test]
async fn product_detail_by_slug_and_by_id() {
    let app = TestApp::seeded().await;
    let seeds = Seeds::load();
    // A listed product with variations, some of them disabled.
    let seed = seeds
        .listed()
        .into_iter()
        .find(|p| {
            p["variations"]
                .as_array()
                .is_some_and(|v| v.iter().any(|v| v["enabled"] == false))
        })
        .expect("the seeds have a product with a disabled variation");
    let slug = seed["slug"].as_str().unwrap();
    let by_slug = app.get_ok(&format!("/api/v1/products/{slug}")).await["product"].clone();
    let id = by_slug["id"].as_str().unwrap();
    let by_id = app.get_ok(&format!("/api/v1/products/{id}")).await["product"].clone();
    assert_eq!(by_slug, by_id);
    assert_eq!(by_slug["name"], seed["name"]);

    // Enabled variations only, ordered by name.
    let expected: Vec<String> = {
        let mut names: Vec<String> = seed["variations"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|v| v["enabled"].as_bool().unwrap_or(true))
            .map(|v| v["name"].as_str().unwrap().to_owned())
            .collect();
        names.sort();
        names
    };
    let got: Vec<String> = by_slug["variations"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v["name"].as_str().unwrap().to_owned())
        .collect();
    assert_eq!(got, expected);
    assert!(
        by_slug["variations"]
            .as_array()
            .unwrap()
            .iter()
            .all(|v| v["enabled"] == true)
    );
    assert_eq!(by_slug["has_variations"], true);
    assert_eq!(
        by_slug["price_range"]["min_cents"].as_i64().unwrap(),
        effective_min(seed)
    );

    // Vendor summary and the delivery estimate from its days (floors 3 and 7, plus one).
    let vendor = seeds
        .vendors
        .iter()
        .find(|v| v["store_slug"] == seed["vendor"])
        .unwrap();
    assert_eq!(by_slug["vendor"]["store_slug"], vendor["store_slug"]);
    let min = vendor["standard_delivery_min_days"]
        .as_i64()
        .unwrap()
        .max(3)
        + 1;
    let max = vendor["standard_delivery_max_days"]
        .as_i64()
        .unwrap()
        .max(7)
        .max(min - 1)
        + 1;
    assert_eq!(by_slug["estimated_delivery"]["min_business_days"], min);
    assert_eq!(by_slug["estimated_delivery"]["max_business_days"], max);

    let r = app.get("/api/v1/products/no-such-product").await;
    assert_eq!(r.status, StatusCode::NOT_FOUND);
    assert_eq!(r.json()["error"]["code"], "not_found");
    let r = app
        .get("/api/v1/products/0190aaaa-0000-7000-8000-000000000000")
        .await;
    assert_eq!(r.status, StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn rating_is_the_average_rounded_to_one_decimal_with_count() {
    let app = TestApp::seeded().await;
    let seeds = Seeds::load();
    let mut checked = 0;
    for p in seeds.listed().into_iter().take(40) {
        let slug = p["slug"].as_str().unwrap();
        let ratings: Vec<i64> = seeds
            .reviews
            .iter()
            .filter(|r| r["product"] == slug)
            .map(|r| r["rating"].as_i64().unwrap())
            .collect();
        let body = app.get_ok(&format!("/api/v1/products/{slug}")).await;
        let rating = &body["product"]["rating"];
        assert_eq!(rating["count"], ratings.len(), "{slug}");
        let expected = if ratings.is_empty() {
            0.0
        } else {
            (ratings.iter().sum::<i64>() as f64 / ratings.len() as f64 * 10.0).round() / 10.0
        };
        assert!(
            (rating["average"].as_f64().unwrap() - expected).abs() < 1e-9,
            "{slug}: {rating} vs {expected}"
        );
        checked += usize::from(!ratings.is_empty());
    }
    assert!(checked > 5, "the seeds should have reviews to check");
}

#[tokio::test]
async fn recommendations_come_from_viewed_categories_then_top_up() {
    let app = TestApp::seeded().await;
    let listed = all_listed(&app, "").await;
    let by_category = |cat: &str| {
        listed
            .iter()
            .filter(|p| p["category"] == cat)
            .collect::<Vec<_>>()
    };

    // A big category: all 8 come from it, never the viewed one.
    let big = listed
        .iter()
        .map(|p| p["category"].as_str().unwrap())
        .max_by_key(|c| by_category(c).len())
        .unwrap();
    assert!(
        by_category(big).len() > 9,
        "the seeds should have a category with more than 9 products"
    );
    let viewed = by_category(big)[0]["id"].as_str().unwrap().to_owned();
    let body = app
        .get_ok(&format!("/api/v1/recommendations?viewed={viewed}"))
        .await;
    let recs = body["products"].as_array().unwrap();
    assert_eq!(recs.len(), 8);
    assert!(
        recs.iter()
            .all(|p| p["category"] == big && p["id"] != viewed.as_str())
    );

    // A small category: its other products, then topped up from the rest.
    let small = listed
        .iter()
        .map(|p| p["category"].as_str().unwrap())
        .min_by_key(|c| by_category(c).len())
        .unwrap();
    let small_products = by_category(small);
    assert!(small_products.len() < 8);
    let viewed = small_products[0]["id"].as_str().unwrap().to_owned();
    let body = app
        .get_ok(&format!("/api/v1/recommendations?viewed={viewed}"))
        .await;
    let recs = body["products"].as_array().unwrap();
    assert_eq!(recs.len(), 8);
    let in_small = recs.iter().filter(|p| p["category"] == small).count();
    assert_eq!(in_small, small_products.len() - 1);
    assert!(recs.iter().all(|p| p["id"] != viewed.as_str()));
    let unique: BTreeSet<&str> = recs.iter().map(|p| p["id"].as_str().unwrap()).collect();
    assert_eq!(unique.len(), 8);

    // Nothing viewed: the newest products.
    let body = app.get_ok("/api/v1/recommendations").await;
    assert_eq!(
        slugs(&body),
        listed
            .iter()
            .take(8)
            .map(|p| p["slug"].as_str().unwrap().to_owned())
            .collect::<Vec<_>>()
    );
    assert_eq!(
        app.get("/api/v1/recommendations?limit=17").await.status,
        StatusCode::BAD_REQUEST
    );
}

#[tokio::test]
async fn categories_are_distinct_active_and_capitalised() {
    let app = TestApp::seeded().await;
    let seeds = Seeds::load();
    let body = app.get_ok("/api/v1/categories").await;
    let cats = body["categories"].as_array().unwrap();
    let expected: BTreeSet<String> = seeds
        .listed()
        .iter()
        .map(|p| p["category"].as_str().unwrap().to_owned())
        .collect();
    let got: BTreeSet<String> = cats
        .iter()
        .map(|c| c["slug"].as_str().unwrap().to_owned())
        .collect();
    assert_eq!(got, expected);
    for c in cats {
        let slug = c["slug"].as_str().unwrap();
        let count = seeds
            .listed()
            .iter()
            .filter(|p| p["category"] == slug)
            .count();
        assert_eq!(c["product_count"], count, "{slug}");
        let name = c["name"].as_str().unwrap();
        assert!(
            name.split(' ')
                .all(|w| w.chars().next().unwrap().is_uppercase()),
            "{name}"
        );
    }
    let limited = app.get_ok("/api/v1/categories?limit=3").await;
    assert_eq!(limited["categories"].as_array().unwrap().len(), 3);
    assert_eq!(
        app.get("/api/v1/categories?limit=0").await.status,
        StatusCode::BAD_REQUEST
    );
}

#[tokio::test]
async fn a_category_known_only_from_products_is_capitalised() {
    let app = TestApp::new().await;
    let rows = bazaar_import::read_json(
        r#"[{"slug": "a", "name": "A", "price": "10", "category": "trail-running"}]"#,
    )
    .unwrap();
    bazaar_import::import_rows(&app.db, rows, false, |_| {})
        .await
        .unwrap();
    let body = app.get_ok("/api/v1/categories").await;
    assert_eq!(body["categories"][0]["name"], "Trail Running");
    let product = app.get_ok("/api/v1/products/a").await;
    assert_eq!(product["product"]["category_name"], "Trail Running");
    assert_eq!(product["product"]["vendor"], Value::Null);
}

#[tokio::test]
async fn store_page_lists_only_its_products() {
    let app = TestApp::seeded().await;
    let seeds = Seeds::load();
    let vendor = seeds
        .vendors
        .iter()
        .find(|v| v["status"] == "approved")
        .unwrap();
    let slug = vendor["store_slug"].as_str().unwrap();
    let body = app
        .get_ok(&format!("/api/v1/stores/{slug}?per_page=100"))
        .await;
    assert_eq!(body["store"]["store_name"], vendor["store_name"]);
    let expected = slug_set(seeds.listed().into_iter().filter(|p| p["vendor"] == slug));
    assert_eq!(slug_set(body["products"].as_array().unwrap()), expected);
    assert_eq!(body["meta"]["total"], expected.len());
    assert_eq!(
        app.get("/api/v1/stores/nobody").await.status,
        StatusCode::NOT_FOUND
    );
    assert_eq!(
        app.get(&format!("/api/v1/stores/{slug}?sort=nope"))
            .await
            .status,
        StatusCode::BAD_REQUEST
    );
}

#[tokio::test]
async fn public_settings_come_from_the_seeds() {
    let app = TestApp::seeded().await;
    let s = app.get_ok("/api/v1/settings/public").await["settings"].clone();
    assert_eq!(s["currency"]["code"], "ZAR");
    assert_eq!(s["currency"]["symbol"], "R");
    assert_eq!(s["shipping"]["free_shipping_threshold_cents"], 45000);
    assert_eq!(s["shipping"]["default_shipping_rate_cents"], 6500);
    assert_eq!(s["tax"]["default_rate_percent"], 15);
    assert_eq!(s["site"]["logo_text"], "bazaar");
    assert_eq!(
        s["site"]["logo_url"],
        Value::Null,
        "a blank logo URL is no logo"
    );
    for list in ["currencies", "countries"] {
        let names: Vec<&str> = s[list]
            .as_array()
            .unwrap()
            .iter()
            .map(|c| c["name"].as_str().unwrap())
            .collect();
        let mut sorted = names.clone();
        sorted.sort();
        assert_eq!(names, sorted, "{list} ordered by name");
    }
    assert!(
        s["countries"]
            .as_array()
            .unwrap()
            .iter()
            .any(|c| c["code"] == "ZA")
    );
    let codes: BTreeSet<&str> = s["currencies"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["code"].as_str().unwrap())
        .collect();
    assert_eq!(codes, BTreeSet::from(["EUR", "GBP", "JPY", "USD", "ZAR"]));
}

#[tokio::test]
async fn public_settings_fall_back_when_unset() {
    let app = TestApp::new().await;
    let s = app.get_ok("/api/v1/settings/public").await["settings"].clone();
    assert_eq!(s["currency"]["code"], "ZAR");
    assert_eq!(s["currency"]["symbol"], "R");
    assert_eq!(s["currency"]["decimal_places"], 2);
    assert_eq!(s["shipping"]["free_shipping_threshold_cents"], 5000);
    assert_eq!(s["shipping"]["default_shipping_rate_cents"], 999);
    assert_eq!(s["tax"]["default_rate_percent"], 15);
    assert_eq!(s["currencies"], serde_json::json!([]));
}
