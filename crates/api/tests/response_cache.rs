//! Public answers come from memory and are never stale: after any write that changes what
//! a kept answer shows returns, the next read shows the change, in this process and (on
//! PostgreSQL, through NOTIFY and acknowledgements) in another. ETags give 304, and
//! `/metrics` counts hits and misses. SQLite and (with TEST_DATABASE_URL) PostgreSQL.

mod common;

use axum::http::StatusCode;
use bazaar_db::Db;
use common::TestApp;
use common::jobs::Customer;
use common::shop::{call, seller};
use serde_json::{Value, json};

fn tee(name: &str, status: &str) -> Value {
    json!({
        "name": name,
        "brand": "Kasi",
        "category": "apparel",
        "description": "A light tee for long runs.",
        "price": "399.00",
        "status": status,
        "variations": [
            {"sku": "kasi-tee-m", "attributes": [{"name": "Size", "value": "M"}], "stock_quantity": 4}
        ]
    })
}

async fn get(app: &TestApp, uri: &str) -> (StatusCode, Value) {
    let reply = app.request("GET", uri).await;
    let body = if reply.body.is_empty() {
        Value::Null
    } else {
        reply.json()
    };
    (reply.status, body)
}

/// A GET with one request header.
async fn get_with(app: &TestApp, uri: &str, header: &str, value: &str) -> common::Reply {
    app.call_with_headers("GET", uri, None, None, None, &[(header, value)])
        .await
}

fn names(list: &Value, key: &str) -> Vec<String> {
    list[key]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["name"].as_str().unwrap().to_owned())
        .collect()
}

/// Opens a store with an active product and reads every public answer once (so each is
/// kept), checking the second read comes from memory.
async fn shop_with_kept_answers(app: &TestApp) -> (Customer, Value) {
    let thandi = seller(app, "thandi@example.co.za", "kasi-kicks", true).await;
    let (status, product) = call(
        app,
        "POST",
        "/api/v1/vendor/products",
        Some(tee("Trail Tee", "active")),
        &thandi,
    )
    .await;
    assert_eq!(status, StatusCode::CREATED, "{product}");
    let page = format!("/api/v1/products/{}", product["id"].as_str().unwrap());
    for uri in [
        page.as_str(),
        "/api/v1/products?per_page=100&sort=newest",
        "/api/v1/stores/kasi-kicks",
        "/api/v1/categories",
    ] {
        let first = app.request("GET", uri).await;
        assert_eq!(first.status, StatusCode::OK, "{uri}: {}", first.text());
        let second = app.request("GET", uri).await;
        assert_eq!(second.body, first.body, "{uri}");
        assert_eq!(second.headers["etag"], first.headers["etag"], "{uri}");
    }
    (thandi, product)
}

#[tokio::test]
async fn every_write_shows_in_the_next_read() {
    let app = TestApp::seeded().await;
    let (thandi, product) = shop_with_kept_answers(&app).await;
    let id = product["id"].as_str().unwrap().to_owned();
    let page_uri = format!("/api/v1/products/{id}");
    let before = app.request("GET", &page_uri).await;
    let etag = before.headers["etag"].to_str().unwrap().to_owned();

    // An edit: the page, the lists and the store page show the new name at once.
    let mut edit = tee("Trail Tee Pro", "active");
    edit["version"] = json!(product["version"]);
    let (status, saved) = call(
        &app,
        "PUT",
        &format!("/api/v1/vendor/products/{id}"),
        Some(edit),
        &thandi,
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{saved}");
    let (_, page) = get(&app, &page_uri).await;
    assert_eq!(page["product"]["name"], "Trail Tee Pro");
    let (_, list) = get(&app, "/api/v1/products?per_page=100&sort=newest").await;
    assert!(names(&list, "products").contains(&"Trail Tee Pro".to_owned()));
    let (_, store) = get(&app, "/api/v1/stores/kasi-kicks").await;
    assert_eq!(names(&store, "products"), ["Trail Tee Pro"]);
    // The old ETag no longer matches.
    let reply = get_with(&app, &page_uri, "if-none-match", &etag).await;
    assert_eq!(reply.status, StatusCode::OK);

    // Stock set by hand shows on the page.
    let variation = saved["variations"][0]["id"].clone();
    let (status, _) = call(
        &app,
        "PUT",
        "/api/v1/vendor/inventory/level",
        Some(json!({"product_id": id, "variation_id": variation, "stock_quantity": 9})),
        &thandi,
    )
    .await;
    assert_eq!(status, StatusCode::NO_CONTENT);
    let (_, page) = get(&app, &page_uri).await;
    assert_eq!(page["product"]["variations"][0]["stock_quantity"], 9);

    // The store's name, on its page and on its products' pages.
    let (status, body) = call(
        &app,
        "PUT",
        "/api/v1/vendor/store",
        Some(json!({"store_name": "Kasi Kicks Two", "store_description": "Shoes and tees."})),
        &thandi,
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let (_, store) = get(&app, "/api/v1/stores/kasi-kicks").await;
    assert_eq!(store["store"]["store_name"], "Kasi Kicks Two");
    let (_, page) = get(&app, &page_uri).await;
    assert_eq!(page["product"]["vendor"]["store_name"], "Kasi Kicks Two");

    // A settings change (the store currency) reaches every kept answer.
    let mut tx = app.db.begin().await.unwrap();
    bazaar_db::settings::put_system(
        &mut tx,
        "default_currency",
        &json!("USD"),
        chrono::Utc::now(),
    )
    .await
    .unwrap();
    tx.commit().await.unwrap();
    let (_, list) = get(&app, "/api/v1/products?per_page=100&sort=newest").await;
    assert_eq!(
        list["products"][0]["currency"], "USD",
        "{}",
        list["products"][0]
    );

    // Taken off sale: gone from its page, the lists, the store and the category counts.
    let (_, categories_before) = get(&app, "/api/v1/categories").await;
    let (status, body) = call(
        &app,
        "POST",
        "/api/v1/vendor/products/bulk",
        Some(json!({"ids": [id], "action": "deactivate"})),
        &thandi,
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let (status, _) = get(&app, &page_uri).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    let (_, list) = get(&app, "/api/v1/products?per_page=100&sort=newest").await;
    assert!(!names(&list, "products").contains(&"Trail Tee Pro".to_owned()));
    let (status, store) = get(&app, "/api/v1/stores/kasi-kicks").await;
    assert_eq!(status, StatusCode::OK);
    assert!(names(&store, "products").is_empty(), "{store}");
    let (_, categories_after) = get(&app, "/api/v1/categories").await;
    assert_ne!(categories_before, categories_after);
}

#[tokio::test]
async fn an_etag_gives_304_and_gzip_is_kept_ready() {
    let app = TestApp::seeded().await;
    let first = app.request("GET", "/api/v1/products?per_page=20").await;
    assert_eq!(first.status, StatusCode::OK);
    let etag = first.headers["etag"].to_str().unwrap().to_owned();
    assert!(etag.starts_with("W/\""), "{etag}");
    let again = get_with(&app, "/api/v1/products?per_page=20", "if-none-match", &etag).await;
    assert_eq!(again.status, StatusCode::NOT_MODIFIED);
    assert!(again.body.is_empty());
    // Another way of asking for the same list is the same answer.
    let reordered = get_with(
        &app,
        "/api/v1/products?page=1&per_page=20&sort=newest",
        "if-none-match",
        &etag,
    )
    .await;
    assert_eq!(reordered.status, StatusCode::NOT_MODIFIED);
    let zipped = get_with(
        &app,
        "/api/v1/products?per_page=20",
        "accept-encoding",
        "gzip",
    )
    .await;
    assert_eq!(zipped.headers["content-encoding"], "gzip");
    assert_eq!(zipped.headers["etag"].to_str().unwrap(), etag);

    let metrics = app.request("GET", "/metrics").await.text();
    let value = |name: &str| -> u64 {
        metrics
            .lines()
            .find_map(|l| l.strip_prefix(&format!("{name} ")))
            .unwrap_or_else(|| panic!("{name} in {metrics}"))
            .parse()
            .unwrap()
    };
    assert_eq!(value("bazaar_response_cache_misses_total"), 1, "{metrics}");
    assert_eq!(value("bazaar_response_cache_hits_total"), 3, "{metrics}");
    assert_eq!(value("bazaar_response_cache_not_modified_total"), 2);
    assert_eq!(value("bazaar_response_cache_entries"), 1);
    assert!(value("bazaar_response_cache_bytes") > 0);
}

#[tokio::test]
async fn another_process_shows_a_write_too() {
    let app = TestApp::seeded().await;
    let (thandi, product) = shop_with_kept_answers(&app).await;
    let other = app.another_process().await;
    let page_uri = format!("/api/v1/products/{}", product["id"].as_str().unwrap());
    let (_, page) = get(&other, &page_uri).await;
    assert_eq!(page["product"]["name"], "Trail Tee");
    let (_, page) = get(&other, &page_uri).await;
    assert_eq!(
        page["product"]["name"], "Trail Tee",
        "kept by the other process"
    );
    if matches!(app.db, Db::Postgres(_)) {
        // The writer waits for the other process's acknowledgement once it knows of it.
        TestApp::eventually("the other process's hello", 15, || async {
            (bazaar_db::changes::peers(&app.db) >= 1).then_some(())
        })
        .await;
    }

    let mut edit = tee("Trail Tee Max", "active");
    edit["version"] = json!(product["version"]);
    let uri = format!(
        "/api/v1/vendor/products/{}",
        product["id"].as_str().unwrap()
    );
    let (status, saved) = call(&app, "PUT", &uri, Some(edit), &thandi).await;
    assert_eq!(status, StatusCode::OK, "{saved}");

    match app.db {
        Db::Postgres(_) => {
            let (_, page) = get(&other, &page_uri).await;
            assert_eq!(page["product"]["name"], "Trail Tee Max", "no stale read");
        }
        // One `serve` per SQLite file: a CLI process's writes reach it within a poll.
        Db::Sqlite(_) => {
            TestApp::eventually("the change log to reach the other process", 3, || async {
                let (_, page) = get(&other, &page_uri).await;
                (page["product"]["name"] == "Trail Tee Max").then_some(())
            })
            .await;
        }
    }
}

/// The caches beside the response cache are bounded by settings, and `/metrics` shows
/// what they hold against their bound.
#[tokio::test]
async fn the_other_caches_are_bounded_by_their_settings() {
    let configured = |tokens: usize, totals: usize| {
        TestApp::with_config(move |config, _| {
            config.cache_ttl = std::time::Duration::from_secs(60);
            config.token_cache_entries = tokens;
            config.list_count_cache_entries = totals;
        })
    };
    let gauges = |metrics: String| {
        let value = |name: &str| -> usize {
            metrics
                .lines()
                .find_map(|l| l.strip_prefix(&format!("{name} ")))
                .unwrap_or_else(|| panic!("{name} in {metrics}"))
                .parse()
                .unwrap()
        };
        [
            value("bazaar_token_cache_entries"),
            value("bazaar_token_cache_capacity"),
            value("bazaar_list_count_cache_entries"),
            value("bazaar_list_count_cache_capacity"),
        ]
    };
    for (tokens, totals) in [(2, 0), (0, 5)] {
        let app = configured(tokens, totals).await;
        app.seed().await;
        for n in 0..4 {
            let who = common::shop::quick_customer(&app, &format!("c{n}@example.com")).await;
            let (status, _) = call(&app, "GET", "/auth/v1/user", None, &who).await;
            assert_eq!(status, StatusCode::OK);
        }
        for query in ["", "?category=apparel", "?sort=price-asc"] {
            app.get_ok(&format!("/api/v1/products{query}")).await;
        }
        let [held_tokens, most_tokens, held_totals, most_totals] =
            gauges(app.request("GET", "/metrics").await.text());
        assert_eq!((most_tokens, most_totals), (tokens, totals));
        if tokens == 0 {
            assert_eq!(held_tokens, 0, "no token kept");
        } else {
            assert!((1..=tokens).contains(&held_tokens), "{held_tokens} tokens");
        }
        if totals == 0 {
            assert_eq!(held_totals, 0, "no total kept");
        } else {
            assert!((1..=totals).contains(&held_totals), "{held_totals} totals");
        }
    }
}
