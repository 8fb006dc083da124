//! Product lists against the seeded demo data: visibility, filters, sorts, paging and bad
//! parameters, on SQLite and (with TEST_DATABASE_URL) PostgreSQL. Expectations come from the
//! seed files, not from constants. Product pages and the rest: `catalogue_pages.rs`.

mod common;

use std::collections::BTreeSet;

use axum::http::StatusCode;
use bazaar_domain::catalogue::VendorStatus;
use common::{Seeds, TestApp, all_listed, cents, effective_min, slug_set, slugs};
use serde_json::Value;

#[tokio::test]
async fn lists_exactly_the_active_products_of_approved_or_no_vendor() {
    let app = TestApp::seeded().await;
    let seeds = Seeds::load();
    let listed = all_listed(&app, "").await;
    assert_eq!(slug_set(&listed), slug_set(seeds.listed()));
    let body = app.get_ok("/api/v1/products").await;
    assert_eq!(body["meta"]["total"], seeds.listed().len());
    assert_eq!(body["meta"]["page"], 1);
    assert_eq!(body["meta"]["per_page"], 20);
    assert_eq!(body["products"].as_array().unwrap().len(), 20);
    // Draft, inactive and unapproved vendors' products exist in the seeds and never show.
    assert!(seeds.hidden().iter().any(|p| p["status"] == "draft"));
    assert!(seeds.hidden().iter().any(|p| p["status"] == "inactive"));
    assert!(
        seeds
            .hidden()
            .iter()
            .any(|p| p["status"].as_str().unwrap_or("active") == "active")
    );
    for hidden in seeds.hidden() {
        let slug = hidden["slug"].as_str().unwrap();
        let r = app.get(&format!("/api/v1/products/{slug}")).await;
        assert_eq!(
            r.status,
            StatusCode::NOT_FOUND,
            "{slug} must not be readable"
        );
    }
}

#[tokio::test]
async fn filters_narrow_the_list() {
    let app = TestApp::seeded().await;
    let seeds = Seeds::load();
    let listed = seeds.listed();
    let check = |query: &'static str, pred: Box<dyn Fn(&Value) -> bool>| {
        let expected = slug_set(listed.iter().copied().filter(|p| pred(p)));
        (query, expected)
    };
    let cases = vec![
        check(
            "&category=apparel",
            Box::new(|p| p["category"] == "apparel"),
        ),
        check("&brand=ovr", Box::new(|p| p["brand"] == "OVR")),
        check("&brand=PWR", Box::new(|p| p["brand"] == "PWR")),
        check(
            "&vendor=karoo-outdoor",
            Box::new(|p| p["vendor"] == "karoo-outdoor"),
        ),
        check("&featured=true", Box::new(|p| p["featured"] == true)),
        check("&daily_deal=true", Box::new(|p| p["daily_deal"] == true)),
        check(
            "&min_price_cents=50000&max_price_cents=100000",
            Box::new(|p| (50000..=100000).contains(&effective_min(p))),
        ),
        check(
            "&category=apparel,footwear&featured=true",
            Box::new(|p| {
                (p["category"] == "apparel" || p["category"] == "footwear") && p["featured"] == true
            }),
        ),
    ];
    for (query, expected) in cases {
        assert!(
            !expected.is_empty(),
            "{query}: the seeds should exercise this filter"
        );
        let got = slug_set(&all_listed(&app, query).await);
        assert_eq!(got, expected, "filter {query}");
    }
}

#[tokio::test]
async fn on_sale_means_a_sale_price_lower_than_the_price() {
    let app = TestApp::seeded().await;
    let seeds = Seeds::load();
    let on_sale = slug_set(&all_listed(&app, "&on_sale=true").await);
    // A seed product whose sale price is not lower must not count as on sale.
    let not_lower: Vec<&Value> = seeds
        .listed()
        .into_iter()
        .filter(|p| p["variations"].as_array().is_none_or(|v| v.is_empty()))
        .filter(|p| matches!((cents(&p["price"]), cents(&p["sale_price"])), (Some(a), Some(b)) if b >= a))
        .collect();
    assert!(
        !not_lower.is_empty(),
        "the seeds should have a sale price that is not lower"
    );
    for p in not_lower {
        let slug = p["slug"].as_str().unwrap();
        assert!(!on_sale.contains(slug), "{slug} is not on sale");
        let body = app.get_ok(&format!("/api/v1/products/{slug}")).await;
        let product = &body["product"];
        assert_eq!(product["sale_price_cents"], Value::Null);
        assert_eq!(product["discount_percent"], Value::Null);
        assert_eq!(product["effective_price_cents"], product["price_cents"]);
    }
    for p in all_listed(&app, "&on_sale=true").await {
        if p["has_variations"] == false {
            let (price, sale) = (
                p["price_cents"].as_i64().unwrap(),
                p["sale_price_cents"].as_i64().unwrap(),
            );
            assert!(sale < price);
            let expected = ((price - sale) * 200 + price) / (2 * price);
            assert_eq!(
                p["discount_percent"].as_i64().unwrap(),
                expected,
                "{}",
                p["slug"]
            );
            assert_eq!(p["effective_price_cents"].as_i64().unwrap(), sale);
        }
    }
}

#[tokio::test]
async fn sorts_order_the_list() {
    let app = TestApp::seeded().await;
    let newest = all_listed(&app, "&sort=newest").await;
    let times: Vec<&str> = newest
        .iter()
        .map(|p| p["created_at"].as_str().unwrap())
        .collect();
    let mut sorted = times.clone();
    sorted.sort_by(|a, b| b.cmp(a));
    assert_eq!(times, sorted, "newest first");

    for (query, ascending) in [("&sort=price-asc", true), ("&sortBy=price-desc", false)] {
        let prices: Vec<i64> = all_listed(&app, query)
            .await
            .iter()
            .map(|p| p["effective_price_cents"].as_i64().unwrap())
            .collect();
        let mut sorted = prices.clone();
        sorted.sort();
        if !ascending {
            sorted.reverse();
        }
        assert_eq!(prices, sorted, "{query}");
    }

    let featured = all_listed(&app, "&sort=featured").await;
    let flags: Vec<bool> = featured
        .iter()
        .map(|p| p["featured"].as_bool().unwrap())
        .collect();
    let first_plain = flags.iter().position(|f| !f).unwrap();
    assert!(
        first_plain > 0 && flags[first_plain..].iter().all(|f| !f),
        "featured first"
    );
}

#[tokio::test]
async fn pages_split_the_list_without_overlap() {
    let app = TestApp::seeded().await;
    let total = Seeds::load().listed().len();
    let mut seen = BTreeSet::new();
    let pages = total.div_ceil(7);
    for page in 1..=pages {
        let body = app
            .get_ok(&format!("/api/v1/products?per_page=7&page={page}"))
            .await;
        assert_eq!(body["meta"]["total"], total);
        for s in slugs(&body) {
            assert!(seen.insert(s), "a product appeared on two pages");
        }
    }
    assert_eq!(seen.len(), total);
    let beyond = app
        .get_ok(&format!("/api/v1/products?per_page=7&page={}", pages + 1))
        .await;
    assert_eq!(beyond["products"].as_array().unwrap().len(), 0);
    assert_eq!(beyond["meta"]["total"], total);
}

#[tokio::test]
async fn bad_parameters_are_400_in_the_error_shape() {
    let app = TestApp::seeded().await;
    for (query, field, message) in [
        (
            "sort=cheapest",
            "sort",
            "Unknown sort 'cheapest': use newest, featured, price-asc or price-desc",
        ),
        (
            "sortBy=up",
            "sortBy",
            "Unknown sortBy 'up': use newest, featured, price-asc or price-desc",
        ),
        (
            "per_page=101",
            "per_page",
            "per_page must be between 1 and 100",
        ),
        (
            "per_page=0",
            "per_page",
            "per_page must be between 1 and 100",
        ),
        ("page=-1", "page", "page must be a whole number from 1"),
        ("page=0", "page", "page must be a whole number from 1"),
        ("page=two", "page", "page must be a whole number from 1"),
        (
            "featured=maybe",
            "featured",
            "featured must be true or false",
        ),
        (
            "min_price_cents=-5",
            "min_price_cents",
            "min_price_cents must be a whole number of cents, 0 or more",
        ),
        (
            "min_price_cents=500&max_price_cents=100",
            "min_price_cents",
            "min_price_cents must not be above max_price_cents",
        ),
        (
            "ids=not-a-uuid",
            "ids",
            "'not-a-uuid' in ids is not a product id",
        ),
    ] {
        let r = app.get(&format!("/api/v1/products?{query}")).await;
        assert_eq!(r.status, StatusCode::BAD_REQUEST, "{query}");
        let body = r.json();
        assert_eq!(body["error"]["code"], "bad_request", "{query}");
        assert_eq!(body["error"]["message"], message, "{query}");
        assert_eq!(body["error"]["fields"][field], message, "{query}");
    }
}

#[tokio::test]
async fn approving_or_suspending_a_vendor_shows_or_hides_its_products() {
    let app = TestApp::seeded().await;
    let seeds = Seeds::load();
    let pending = seeds
        .vendors
        .iter()
        .find(|v| v["status"] == "pending")
        .unwrap();
    let slug = pending["store_slug"].as_str().unwrap();
    let theirs = seeds
        .products
        .iter()
        .filter(|p| p["vendor"] == slug && p["status"].as_str().unwrap_or("active") == "active")
        .count();
    assert!(theirs > 0);
    assert_eq!(all_listed(&app, &format!("&vendor={slug}")).await.len(), 0);
    assert_eq!(
        app.get(&format!("/api/v1/stores/{slug}")).await.status,
        StatusCode::NOT_FOUND
    );

    let set = |status: VendorStatus| {
        let db = app.db.clone();
        let slug = slug.to_owned();
        async move {
            let mut tx = db.begin().await.unwrap();
            let id = bazaar_db::vendors::id_by_slug(&mut tx, &slug)
                .await
                .unwrap()
                .unwrap();
            bazaar_db::vendors::set_status(&mut tx, id, status, chrono::Utc::now())
                .await
                .unwrap();
            tx.commit().await.unwrap();
        }
    };
    set(VendorStatus::Approved).await;
    assert_eq!(
        all_listed(&app, &format!("&vendor={slug}")).await.len(),
        theirs
    );
    let store = app.get_ok(&format!("/api/v1/stores/{slug}")).await;
    assert_eq!(store["meta"]["total"], theirs);
    set(VendorStatus::Suspended).await;
    assert_eq!(all_listed(&app, &format!("&vendor={slug}")).await.len(), 0);
}

#[tokio::test]
async fn ids_return_only_listed_products() {
    let app = TestApp::seeded().await;
    let listed = all_listed(&app, "").await;
    let ids: Vec<&str> = listed
        .iter()
        .take(3)
        .map(|p| p["id"].as_str().unwrap())
        .collect();
    let unknown = "0190aaaa-0000-7000-8000-000000000000";
    let body = app
        .get_ok(&format!("/api/v1/products?ids={},{unknown}", ids.join(",")))
        .await;
    let got: BTreeSet<&str> = body["products"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["id"].as_str().unwrap())
        .collect();
    assert_eq!(got, ids.iter().copied().collect());
    let too_many = vec![unknown; 51].join(",");
    assert_eq!(
        app.get(&format!("/api/v1/products?ids={too_many}"))
            .await
            .status,
        StatusCode::BAD_REQUEST
    );
}

#[tokio::test]
async fn home_feeds_have_their_sizes() {
    let app = TestApp::seeded().await;
    for (query, size) in [
        ("featured=true&per_page=4", 4),
        ("daily_deal=true&per_page=4", 4),
        ("on_sale=true&sort=newest&per_page=8", 8),
    ] {
        let body = app.get_ok(&format!("/api/v1/products?{query}")).await;
        assert_eq!(body["products"].as_array().unwrap().len(), size, "{query}");
    }
    let offers = app
        .get_ok("/api/v1/products?on_sale=true&sort=newest&per_page=8")
        .await;
    let times: Vec<&str> = offers["products"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["created_at"].as_str().unwrap())
        .collect();
    assert!(times.windows(2).all(|w| w[0] >= w[1]));
}
