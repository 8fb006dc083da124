//! Vendor analytics: the rollup turns paid orders, cancellations and product views into
//! daily figures; the page shows a store's own sales, orders, average order, conversion,
//! top products, refunds and ratings by day, week or month. SQLite and (with
//! TEST_DATABASE_URL) PostgreSQL.

mod common;

use axum::http::StatusCode;
use chrono::Utc;
use common::TestApp;
use common::jobs::Customer;
use common::shop::{add, call, paid, place, quick_customer, seller};
use serde_json::{Value, json};
use uuid::Uuid;

async fn store_with(app: &TestApp, email: &str, slug: &str, price: &str) -> (Customer, Value) {
    let who = seller(app, email, slug, true).await;
    let (status, product) = call(
        app,
        "POST",
        "/api/v1/vendor/products",
        Some(json!({"name": format!("{slug} goods"), "price": price, "stock_quantity": 50, "status": "active"})),
        &who,
    )
    .await;
    assert_eq!(status, StatusCode::CREATED, "{product}");
    (who, product)
}

async fn viewed(app: &TestApp, product: &Value, times: usize) {
    let mut tx = app.db.begin().await.unwrap();
    for _ in 0..times {
        bazaar_db::analytics::insert(
            &mut tx,
            &bazaar_db::analytics::NewEvent {
                id: Uuid::now_v7(),
                event_type: "view_item".into(),
                user_id: None,
                session_id: Some("s1".into()),
                event_data: json!({"product_id": product["id"], "name": product["name"]}),
                page_url: None,
                referrer: None,
                user_agent: None,
                created_at: Utc::now(),
            },
        )
        .await
        .unwrap();
    }
    tx.commit().await.unwrap();
}

async fn analytics(app: &TestApp, who: &Customer, query: &str) -> Value {
    let (status, body) = call(
        app,
        "GET",
        &format!("/api/v1/vendor/analytics{query}"),
        None,
        who,
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    body
}

#[tokio::test]
async fn a_store_sees_its_own_figures_from_the_rollup() {
    let app = TestApp::seeded().await;
    let (kasi, tee) = store_with(&app, "kasi@example.co.za", "kasi-kicks", "300.00").await;
    let (mugs, mug) = store_with(&app, "mugs@example.co.za", "mug-house", "100.00").await;
    for (n, quantity) in [(1, 2), (2, 1)] {
        let buyer = quick_customer(&app, &format!("buyer{n}@example.co.za")).await;
        add(&app, &buyer, &tee, quantity).await;
        add(&app, &buyer, &mug, 1).await;
        let order = place(&app, &buyer, json!({})).await;
        paid(&app, order["id"].as_str().unwrap()).await;
    }
    viewed(&app, &tee, 8).await;
    viewed(&app, &mug, 3).await;

    // Nothing until the rollup runs.
    let before = analytics(&app, &kasi, "").await;
    assert_eq!(before["totals"]["orders"], 0);
    assert_eq!(before["updated_at"], Value::Null);
    bazaar_commerce::analytics::rollup(&app.db, Utc::now())
        .await
        .unwrap();

    let kasi_figures = analytics(&app, &kasi, "").await;
    assert_eq!(kasi_figures["period"], "day");
    assert_eq!(kasi_figures["buckets"].as_array().unwrap().len(), 30);
    let totals = &kasi_figures["totals"];
    assert_eq!(totals["orders"], 2);
    assert_eq!(totals["units"], 3);
    assert_eq!(totals["views"], 8);
    assert_eq!(kasi_figures["conversion_percent"], 25.0);
    let sales = totals["sales_cents"].as_i64().unwrap();
    assert!(sales >= 90_000, "three tees and their delivery: {sales}");
    assert_eq!(kasi_figures["average_order_cents"], sales / 2);
    let today = kasi_figures["buckets"]
        .as_array()
        .unwrap()
        .last()
        .unwrap()
        .clone();
    assert_eq!(today["orders"], 2, "today's bucket holds them");
    assert_eq!(kasi_figures["top_products"][0]["name"], "kasi-kicks goods");
    assert_eq!(kasi_figures["top_products"][0]["units"], 3);
    assert_eq!(kasi_figures["top_products"][0]["views"], 8);
    assert_eq!(
        kasi_figures["top_products"].as_array().unwrap().len(),
        1,
        "only Kasi's own"
    );
    assert!(kasi_figures["updated_at"].is_string());

    // The Mug House sees its own.
    let mug_figures = analytics(&app, &mugs, "?period=week").await;
    assert_eq!(mug_figures["buckets"].as_array().unwrap().len(), 12);
    assert_eq!(mug_figures["totals"]["orders"], 2);
    assert_eq!(mug_figures["totals"]["views"], 3);
    assert_eq!(mug_figures["top_products"][0]["name"], "mug-house goods");

    // A cancelled part shows as a refund on the next rollup; a rerun changes nothing else.
    let (_, list) = call(
        &app,
        "GET",
        "/api/v1/vendor/orders?status=to_ship",
        None,
        &mugs,
    )
    .await;
    let part = list["items"][0]["id"].as_str().unwrap().to_owned();
    let (status, body) = call(
        &app,
        "POST",
        &format!("/api/v1/vendor/orders/{part}/status"),
        Some(json!({"status": "cancelled", "reason": "Out of mugs"})),
        &mugs,
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    bazaar_commerce::analytics::rollup(&app.db, Utc::now())
        .await
        .unwrap();
    bazaar_commerce::analytics::rollup(&app.db, Utc::now())
        .await
        .unwrap();
    let mug_figures = analytics(&app, &mugs, "?period=month").await;
    assert_eq!(mug_figures["buckets"].as_array().unwrap().len(), 12);
    assert_eq!(mug_figures["totals"]["orders"], 2);
    assert_eq!(mug_figures["totals"]["cancelled"], 1);
    assert!(mug_figures["totals"]["refunds_cents"].as_i64().unwrap() > 0);
    assert_eq!(analytics(&app, &kasi, "").await["totals"]["orders"], 2);

    // Periods are checked; customers are kept out.
    let (status, body) = call(
        &app,
        "GET",
        "/api/v1/vendor/analytics?period=year",
        None,
        &kasi,
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
    let buyer = quick_customer(&app, "nosy@example.co.za").await;
    let (status, _) = call(&app, "GET", "/api/v1/vendor/analytics", None, &buyer).await;
    assert_eq!(status, StatusCode::FORBIDDEN);
}
