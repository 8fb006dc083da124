//! A vendor's inventory: levels per product and variation, inline changes and thresholds,
//! the stock history (sales, cancellations, manual changes, imports), CSV export and the
//! all-or-nothing CSV import; no other store reaches them. SQLite and (with
//! TEST_DATABASE_URL) PostgreSQL.

mod common;

use axum::body::Body;
use axum::http::{Request, StatusCode};
use common::TestApp;
use common::jobs::Customer;
use common::shop::{call, place, quick_customer, seller};
use http_body_util::BodyExt;
use serde_json::{Value, json};
use tower::ServiceExt;

async fn create(app: &TestApp, who: &Customer, body: Value) -> Value {
    let (status, product) = call(app, "POST", "/api/v1/vendor/products", Some(body), who).await;
    assert_eq!(status, StatusCode::CREATED, "{product}");
    product
}

/// A store with a tee in two sizes (4 M, 2 L) and socks (10, no variations), on sale.
async fn stocked(app: &TestApp, email: &str, slug: &str, prefix: &str) -> (Customer, Value, Value) {
    let who = seller(app, email, slug, true).await;
    let tee = create(app, &who, json!({
        "name": format!("{prefix} Tee"), "price": "399.00", "status": "active",
        "variations": [
            {"sku": format!("{prefix}-tee-m"), "attributes": {"Size": "M"}, "stock_quantity": 4},
            {"sku": format!("{prefix}-tee-l"), "attributes": {"Size": "L"}, "stock_quantity": 2}
        ]
    })).await;
    let socks = create(
        app,
        &who,
        json!({
            "name": format!("{prefix} Socks"), "price": "89.00", "sku": format!("{prefix}-socks"),
            "stock_quantity": 10, "status": "active"
        }),
    )
    .await;
    (who, tee, socks)
}

async fn csv_import(
    app: &TestApp,
    who: &Customer,
    csv: &str,
    dry_run: bool,
) -> (StatusCode, Value) {
    let req = Request::builder()
        .method("POST")
        .uri(format!("/api/v1/vendor/inventory/import?dry_run={dry_run}"))
        .header("authorization", format!("Bearer {}", who.token))
        .header("content-type", "text/csv")
        .body(Body::from(csv.to_owned()))
        .unwrap();
    let resp = app.router.clone().oneshot(req).await.unwrap();
    let status = resp.status();
    let body = resp.into_body().collect().await.unwrap().to_bytes();
    (status, serde_json::from_slice(&body).unwrap_or(Value::Null))
}

#[tokio::test]
async fn levels_change_by_hand_with_a_history_and_thresholds() {
    let app = TestApp::seeded().await;
    let (thandi, tee, socks) = stocked(&app, "thandi@example.co.za", "kasi-kicks", "KK").await;
    let (_, list) = call(&app, "GET", "/api/v1/vendor/inventory", None, &thandi).await;
    let lines: Vec<(String, i64)> = list["items"]
        .as_array()
        .unwrap()
        .iter()
        .map(|l| {
            (
                l["sku"].as_str().unwrap().to_owned(),
                l["stock_quantity"].as_i64().unwrap(),
            )
        })
        .collect();
    assert_eq!(
        lines,
        [
            ("KK-TEE-L".to_owned(), 2),
            ("KK-TEE-M".to_owned(), 4),
            ("KK-SOCKS".to_owned(), 10)
        ],
        "lowest first"
    );
    assert_eq!(
        list["low_count"], 2,
        "2 and 4 are at or below the default threshold of 5"
    );

    let medium = tee["variations"][0]["id"].clone();
    let (status, _) = call(
        &app,
        "PUT",
        "/api/v1/vendor/inventory/level",
        Some(json!({"product_id": tee["id"], "variation_id": medium, "stock_quantity": 9})),
        &thandi,
    )
    .await;
    assert_eq!(status, StatusCode::NO_CONTENT);
    let (status, body) = call(
        &app,
        "PUT",
        "/api/v1/vendor/inventory/level",
        Some(json!({"product_id": socks["id"], "variation_id": null, "stock_quantity": -3})),
        &thandi,
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(
        body["error"]["fields"]["stock_quantity"],
        "must be between 0 and 1000000000"
    );
    let (status, _) = call(
        &app,
        "PUT",
        "/api/v1/vendor/inventory/threshold",
        Some(json!({"product_id": tee["id"], "low_stock_threshold": 1})),
        &thandi,
    )
    .await;
    assert_eq!(status, StatusCode::NO_CONTENT);
    let (_, low) = call(
        &app,
        "GET",
        "/api/v1/vendor/inventory?low=true",
        None,
        &thandi,
    )
    .await;
    assert_eq!(
        low["meta"]["total"], 0,
        "L (2) is above the new threshold of 1"
    );

    // The editor's view moved on too: the product's version went up with its stock.
    let (_, product) = call(
        &app,
        "GET",
        &format!("/api/v1/vendor/products/{}", tee["id"].as_str().unwrap()),
        None,
        &thandi,
    )
    .await;
    assert_eq!(product["variations"][0]["stock_quantity"], 9);
    assert_eq!(product["version"], 2);

    let (_, history) = call(
        &app,
        "GET",
        &format!(
            "/api/v1/vendor/inventory/movements?product_id={}",
            tee["id"].as_str().unwrap()
        ),
        None,
        &thandi,
    )
    .await;
    let first = &history["items"][0];
    assert_eq!(
        (
            first["reason"].as_str(),
            first["quantity_change"].as_i64(),
            first["stock_after"].as_i64(),
            first["sku"].as_str()
        ),
        (Some("manual"), Some(5), Some(9), Some("KK-TEE-M"))
    );
    assert_eq!(first["actor_email"], "thandi@example.co.za");
    // Creating the product recorded its first levels.
    assert_eq!(history["meta"]["total"], 3);

    // Another store reaches none of it.
    let sipho = seller(&app, "sipho@example.co.za", "sipho-sport", true).await;
    let (status, _) = call(
        &app,
        "PUT",
        "/api/v1/vendor/inventory/level",
        Some(json!({"product_id": tee["id"], "variation_id": medium, "stock_quantity": 0})),
        &sipho,
    )
    .await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    let (status, _) = call(
        &app,
        "PUT",
        "/api/v1/vendor/inventory/threshold",
        Some(json!({"product_id": tee["id"], "low_stock_threshold": 0})),
        &sipho,
    )
    .await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    let (_, theirs) = call(&app, "GET", "/api/v1/vendor/inventory", None, &sipho).await;
    assert_eq!(theirs["meta"]["total"], 0);
    let (_, theirs) = call(
        &app,
        "GET",
        &format!(
            "/api/v1/vendor/inventory/movements?product_id={}",
            tee["id"].as_str().unwrap()
        ),
        None,
        &sipho,
    )
    .await;
    assert_eq!(theirs["meta"]["total"], 0);
    // A variation of one product named with another product is not found either.
    let (status, _) = call(
        &app,
        "PUT",
        "/api/v1/vendor/inventory/level",
        Some(json!({"product_id": socks["id"], "variation_id": medium, "stock_quantity": 1})),
        &thandi,
    )
    .await;
    assert_eq!(status, StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn sales_and_cancellations_are_movements_with_their_order() {
    let app = TestApp::seeded().await;
    let (thandi, tee, _) = stocked(&app, "thandi@example.co.za", "kasi-kicks", "KK").await;
    let shopper = quick_customer(&app, "shopper@example.co.za").await;
    let large = tee["variations"][1]["id"].clone();
    let (status, cart) = call(
        &app,
        "POST",
        "/api/v1/cart/items",
        Some(json!({"product_id": tee["id"], "variation_id": large, "quantity": 2})),
        &shopper,
    )
    .await;
    assert!(status.is_success(), "{cart}");
    let order = place(&app, &shopper, json!({})).await;
    let number = order["order_number"].as_str().unwrap().to_owned();

    let (_, history) = call(
        &app,
        "GET",
        "/api/v1/vendor/inventory/movements",
        None,
        &thandi,
    )
    .await;
    let sale = &history["items"][0];
    assert_eq!(
        (
            sale["reason"].as_str(),
            sale["quantity_change"].as_i64(),
            sale["stock_after"].as_i64()
        ),
        (Some("sale"), Some(-2), Some(0))
    );
    assert_eq!(sale["order_number"], number.as_str());
    assert_eq!(sale["actor_email"], Value::Null);

    let (status, body) = call(
        &app,
        "POST",
        &format!("/api/v1/orders/{}/cancel", order["id"].as_str().unwrap()),
        None,
        &shopper,
    )
    .await;
    assert!(status.is_success(), "{body}");
    let (_, history) = call(
        &app,
        "GET",
        "/api/v1/vendor/inventory/movements",
        None,
        &thandi,
    )
    .await;
    let back = &history["items"][0];
    assert_eq!(
        (
            back["reason"].as_str(),
            back["quantity_change"].as_i64(),
            back["stock_after"].as_i64()
        ),
        (Some("cancellation"), Some(2), Some(2))
    );
    assert_eq!(back["order_number"], number.as_str());
}

#[tokio::test]
async fn csv_export_and_an_all_or_nothing_import_with_a_dry_run() {
    let app = TestApp::seeded().await;
    let (thandi, _, _) = stocked(&app, "thandi@example.co.za", "kasi-kicks", "KK").await;
    let (_sipho, _, _) = stocked(&app, "sipho@example.co.za", "sipho-sport", "SS").await;

    let r = app
        .call(
            "GET",
            "/api/v1/vendor/inventory/export",
            None,
            Some(&thandi.token),
            None,
        )
        .await;
    assert_eq!(r.status, StatusCode::OK);
    assert!(
        r.headers["content-type"]
            .to_str()
            .unwrap()
            .starts_with("text/csv")
    );
    assert_eq!(
        r.text(),
        "sku,quantity\nKK-SOCKS,10\nKK-TEE-L,2\nKK-TEE-M,4\n"
    );

    // A dry run reports every row and writes nothing.
    let (status, report) = csv_import(
        &app,
        &thandi,
        "sku,quantity\nkk-tee-m,7\nKK-TEE-L,2\n",
        true,
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{report}");
    assert_eq!(report["applied"], false);
    assert_eq!(
        (report["updated"].as_i64(), report["unchanged"].as_i64()),
        (Some(1), Some(1))
    );
    assert_eq!(
        report["rows"][0],
        json!({"row": 2, "sku": "KK-TEE-M", "outcome": "updated", "from": 4, "to": 7, "error": null})
    );
    let r = app
        .call(
            "GET",
            "/api/v1/vendor/inventory/export",
            None,
            Some(&thandi.token),
            None,
        )
        .await;
    assert!(r.text().contains("KK-TEE-M,4"), "a dry run changes nothing");

    // One bad row (another store's SKU, a repeat, a bad number) and nothing is written.
    let bad = "sku,quantity\nKK-TEE-M,7\nSS-SOCKS,1\nKK-TEE-M,8\nKK-SOCKS,lots\n";
    let (_, report) = csv_import(&app, &thandi, bad, false).await;
    assert_eq!(report["applied"], false);
    let errors: Vec<&str> = report["rows"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|r| r["error"].as_str())
        .collect();
    assert_eq!(
        errors,
        [
            "no product or variation of your store has SKU SS-SOCKS",
            "SKU KK-TEE-M appears twice in the file",
            "quantity must be a whole number",
        ]
    );
    let r = app
        .call(
            "GET",
            "/api/v1/vendor/inventory/export",
            None,
            Some(&thandi.token),
            None,
        )
        .await;
    assert!(r.text().contains("KK-TEE-M,4"), "nothing half-written");

    let (status, body) = csv_import(&app, &thandi, "sku,stock\nKK-TEE-M,1\n", false).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(
        body["error"]["fields"]["file"],
        "the header row needs a 'quantity' column"
    );

    // A clean file is applied, each change an import movement.
    let (_, report) = csv_import(
        &app,
        &thandi,
        "sku,quantity\nKK-TEE-M,7\nKK-SOCKS,0\n",
        false,
    )
    .await;
    assert_eq!(report["applied"], true, "{report}");
    let r = app
        .call(
            "GET",
            "/api/v1/vendor/inventory/export",
            None,
            Some(&thandi.token),
            None,
        )
        .await;
    assert_eq!(
        r.text(),
        "sku,quantity\nKK-SOCKS,0\nKK-TEE-L,2\nKK-TEE-M,7\n"
    );
    let (_, history) = call(
        &app,
        "GET",
        "/api/v1/vendor/inventory/movements",
        None,
        &thandi,
    )
    .await;
    let reasons: Vec<&str> = history["items"]
        .as_array()
        .unwrap()
        .iter()
        .take(2)
        .map(|m| m["reason"].as_str().unwrap())
        .collect();
    assert_eq!(reasons, ["import", "import"]);
    let socks = app.get_ok("/api/v1/products/kk-socks").await;
    assert_eq!(
        socks["product"]["in_stock"], false,
        "customers see the new level at once"
    );
}
