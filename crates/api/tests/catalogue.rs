//! The catalogue API against the seeded demo data, on SQLite and (with TEST_DATABASE_URL)
//! PostgreSQL. Expectations come from the seed files, not from constants.

mod common;

use std::collections::BTreeSet;

use axum::http::StatusCode;
use bazaar_domain::catalogue::VendorStatus;
use common::{Seeds, TestApp, cents, effective_min, slugs};
use serde_json::Value;

async fn all_listed(app: &TestApp, query: &str) -> Vec<Value> {
    let mut out = Vec::new();
    for page in 1.. {
        let body = app
            .get_ok(&format!("/api/v1/products?per_page=100&page={page}{query}"))
            .await;
        let items = body["products"].as_array().unwrap().clone();
        let done = items.len() < 100;
        out.extend(items);
        if done {
            break;
        }
    }
    out
}

fn slug_set<'a>(items: impl IntoIterator<Item = &'a Value>) -> BTreeSet<String> {
    items
        .into_iter()
        .map(|p| p["slug"].as_str().unwrap().to_owned())
        .collect()
}

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
