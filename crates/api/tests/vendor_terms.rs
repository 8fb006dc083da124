//! A vendor's selling terms: their shipping applied to their part of an order, their own
//! coupons, daily deals an admin approves, and sale windows; the scheduled refresh starts
//! and ends sales and deals. No other store reaches them. SQLite and (with
//! TEST_DATABASE_URL) PostgreSQL.

mod common;

use axum::http::StatusCode;
use chrono::{Duration, Utc};
use common::TestApp;
use common::jobs::Customer;
use common::shop::{add, admin, call, place, quick_customer, seller};
use serde_json::{Value, json};

async fn create(app: &TestApp, who: &Customer, body: Value) -> Value {
    let (status, product) = call(app, "POST", "/api/v1/vendor/products", Some(body), who).await;
    assert_eq!(status, StatusCode::CREATED, "{product}");
    product
}

/// A store selling one active product without variations at `price`.
async fn store_with(
    app: &TestApp,
    email: &str,
    slug: &str,
    name: &str,
    price: &str,
) -> (Customer, Value) {
    let who = seller(app, email, slug, true).await;
    let product = create(
        app,
        &who,
        json!({"name": name, "price": price, "stock_quantity": 20, "status": "active"}),
    )
    .await;
    (who, product)
}

async fn quote(app: &TestApp, c: &Customer, body: Value) -> (StatusCode, Value) {
    let (status, body) = call(app, "POST", "/api/v1/checkout/quote", Some(body), c).await;
    (status, body["quote"].clone())
}

fn part<'a>(q: &'a Value, vendor: &str) -> &'a Value {
    q["parts"]
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["vendor_name"] == vendor)
        .unwrap_or_else(|| panic!("no part of {vendor} in {q}"))
}

/// Today's listed daily deals named `name`.
async fn deals_named(app: &TestApp, name: &str) -> Vec<Value> {
    let r = app
        .call(
            "GET",
            "/api/v1/products?daily_deal=true&per_page=100",
            None,
            None,
            None,
        )
        .await;
    r.json()["products"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|p| p["name"] == name)
        .cloned()
        .collect()
}

/// The product page's sale price.
async fn sale_price(app: &TestApp, slug: &str) -> Value {
    let path = format!("/api/v1/products/{slug}");
    app.call("GET", &path, None, None, None).await.json()["product"]["sale_price_cents"].clone()
}

/// Runs the scheduled price refresh as if the clock read `at`.
async fn refresh_at(app: &TestApp, at: chrono::DateTime<Utc>) -> usize {
    let mut tx = app.db.begin().await.unwrap();
    let n = bazaar_commerce::terms::apply_prices(&mut tx, at)
        .await
        .unwrap();
    tx.commit().await.unwrap();
    n
}

#[tokio::test]
async fn vendors_ship_their_part_on_their_own_terms() {
    let app = TestApp::seeded().await;
    let (kasi, tee) = store_with(
        &app,
        "kasi@example.co.za",
        "kasi-kicks",
        "Kasi Tee",
        "200.00",
    )
    .await;
    let (_, mug) = store_with(&app, "mug@example.co.za", "mug-house", "Mug", "150.00").await;
    let (_, cap) = store_with(&app, "cap@example.co.za", "cap-co", "Cap", "150.00").await;

    // The page shows the platform's terms where the vendor sets none.
    let (status, page) = call(&app, "GET", "/api/v1/vendor/shipping", None, &kasi).await;
    assert_eq!(status, StatusCode::OK, "{page}");
    assert_eq!(page["flat_rate_cents"], Value::Null);
    assert_eq!(page["platform"]["default_shipping_rate_cents"], 6_500);
    assert_eq!(page["platform"]["free_shipping_threshold_cents"], 45_000);

    // Every rule and message.
    let (status, bad) = call(
        &app,
        "PUT",
        "/api/v1/vendor/shipping",
        Some(json!({
            "standard_delivery_min_days": 5, "standard_delivery_max_days": 2,
            "flat_rate_cents": -1, "free_shipping_threshold_cents": 100_000_001
        })),
        &kasi,
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    let fields = &bad["error"]["fields"];
    assert_eq!(
        fields["standard_delivery_max_days"],
        "At least the fewest days"
    );
    assert_eq!(
        fields["flat_rate_cents"],
        "The flat rate is between R0.00 and R10000.00"
    );
    assert_eq!(
        fields["free_shipping_threshold_cents"],
        "The free-shipping threshold is between R0.00 and R1000000.00"
    );

    // Kasi ships for R30, free from R300, in 1–2 days.
    let (status, saved) = call(
        &app,
        "PUT",
        "/api/v1/vendor/shipping",
        Some(json!({
            "standard_delivery_min_days": 1, "standard_delivery_max_days": 2,
            "flat_rate_cents": 3_000, "free_shipping_threshold_cents": 30_000
        })),
        &kasi,
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{saved}");
    assert_eq!(saved["flat_rate_cents"], 3_000);
    assert_eq!(
        saved["estimate_min_business_days"], 4,
        "floors of 3, plus one"
    );

    // The mug and the cap ship together on the platform's terms: R300 < R450, one R65
    // shared by their goods; Kasi's R200 part pays its own R30.
    let buyer = quick_customer(&app, "buyer@example.co.za").await;
    add(&app, &buyer, &tee, 1).await;
    add(&app, &buyer, &mug, 1).await;
    add(&app, &buyer, &cap, 1).await;
    let (status, q) = quote(&app, &buyer, json!({})).await;
    assert_eq!(status, StatusCode::OK, "{q}");
    assert_eq!(part(&q, "kasi-kicks")["shipping_cents"], 3_000);
    assert_eq!(part(&q, "mug-house")["shipping_cents"], 3_250);
    assert_eq!(part(&q, "cap-co")["shipping_cents"], 3_250);
    assert_eq!(q["shipping_cents"], 9_500);
    assert_eq!(q["total_cents"], 50_000 + 9_500);

    // Two tees (R400) pass Kasi's own R300 threshold: free for that part only.
    add(&app, &buyer, &tee, 1).await;
    let order = place(&app, &buyer, json!({})).await;
    assert_eq!(order["shipping_cents"], 6_500);
    let parts = order["parts"].as_array().unwrap();
    let kasi_part = parts
        .iter()
        .find(|p| p["vendor_name"] == "kasi-kicks")
        .unwrap();
    assert_eq!(kasi_part["shipping_cents"], 0);
    let sum: i64 = parts
        .iter()
        .map(|p| p["shipping_cents"].as_i64().unwrap())
        .sum();
    assert_eq!(sum, 6_500, "the parts add up to the order's shipping");

    // Only a vendor has a shipping page.
    let (status, _) = call(&app, "GET", "/api/v1/vendor/shipping", None, &buyer).await;
    assert_eq!(status, StatusCode::FORBIDDEN);
}

#[tokio::test]
async fn vendor_coupons_take_off_only_their_items_and_stay_theirs() {
    let app = TestApp::seeded().await;
    let (kasi, tee) = store_with(
        &app,
        "kasi@example.co.za",
        "kasi-kicks",
        "Kasi Tee",
        "200.00",
    )
    .await;
    let (mug_owner, mug) =
        store_with(&app, "mug@example.co.za", "mug-house", "Mug", "100.00").await;

    // Every rule and message.
    let (status, bad) = call(
        &app,
        "POST",
        "/api/v1/vendor/coupons",
        Some(json!({"code": "a b", "kind": "percentage", "value": 120, "usage_limit": 0})),
        &kasi,
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(
        bad["error"]["fields"]["code"],
        "Use only letters, digits and dashes"
    );
    assert_eq!(bad["error"]["fields"]["value"], "A percentage is 1 to 100");
    assert_eq!(
        bad["error"]["fields"]["usage_limit"],
        "A limit is at least 1"
    );

    let (status, coupon) = call(
        &app,
        "POST",
        "/api/v1/vendor/coupons",
        Some(json!({
            "code": "kasi-10", "kind": "percentage", "value": 10, "min_spend_cents": 10_000,
            "usage_limit": 5, "per_customer_limit": 1
        })),
        &kasi,
    )
    .await;
    assert_eq!(status, StatusCode::CREATED, "{coupon}");
    assert_eq!(coupon["code"], "KASI-10");
    let id = coupon["id"].as_str().unwrap().to_owned();

    // Codes are unique on the platform.
    let (status, taken) = call(
        &app,
        "POST",
        "/api/v1/vendor/coupons",
        Some(json!({"code": "KASI-10", "kind": "fixed", "value": 500})),
        &mug_owner,
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(
        taken["error"]["fields"]["code"],
        "This code is taken: choose another"
    );

    // Another store cannot see, change or delete it.
    let path = format!("/api/v1/vendor/coupons/{id}");
    for (method, body) in [
        ("GET", None),
        (
            "PUT",
            Some(json!({"code": "MINE", "kind": "fixed", "value": 100})),
        ),
        ("DELETE", None),
    ] {
        let (status, _) = call(&app, method, &path, body, &mug_owner).await;
        assert_eq!(status, StatusCode::NOT_FOUND, "{method}");
    }
    let (_, mine) = call(&app, "GET", "/api/v1/vendor/coupons", None, &mug_owner).await;
    assert_eq!(mine["items"].as_array().unwrap().len(), 0);

    // 10% of Kasi's R200 only, not of the R100 mug.
    let buyer = quick_customer(&app, "buyer@example.co.za").await;
    add(&app, &buyer, &tee, 1).await;
    add(&app, &buyer, &mug, 1).await;
    let (status, q) = quote(&app, &buyer, json!({"coupon_code": "kasi-10"})).await;
    assert_eq!(status, StatusCode::OK, "{q}");
    assert_eq!(q["discount_cents"], 2_000);
    assert_eq!(part(&q, "kasi-kicks")["discount_cents"], 2_000);
    assert_eq!(part(&q, "mug-house")["discount_cents"], 0);

    // The minimum spend counts the vendor's items only.
    let (status, _) = call(
        &app,
        "PUT",
        &path,
        Some(json!({"code": "KASI-10", "kind": "percentage", "value": 10, "min_spend_cents": 25_000})),
        &kasi,
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    let (status, refused) = call(
        &app,
        "POST",
        "/api/v1/checkout/quote",
        Some(json!({"coupon_code": "KASI-10"})),
        &buyer,
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{refused}");
    assert_eq!(
        refused["error"]["message"],
        "This coupon needs a minimum spend of R250.00"
    );

    // A fixed coupon that is switched off is not valid; a used one cannot be deleted.
    let (status, _) = call(
        &app,
        "PUT",
        &path,
        Some(json!({"code": "KASI-10", "kind": "fixed", "value": 5_000, "active": false})),
        &kasi,
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    let (status, off) = call(
        &app,
        "POST",
        "/api/v1/checkout/quote",
        Some(json!({"coupon_code": "KASI-10"})),
        &buyer,
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(off["error"]["message"], "This coupon is not valid");
    let (status, _) = call(
        &app,
        "PUT",
        &path,
        Some(json!({"code": "KASI-10", "kind": "fixed", "value": 5_000})),
        &kasi,
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    let order = place(&app, &buyer, json!({"coupon_code": "KASI-10"})).await;
    assert_eq!(order["discount_cents"], 5_000);
    let (status, used) = call(&app, "DELETE", &path, None, &kasi).await;
    assert_eq!(status, StatusCode::CONFLICT);
    assert_eq!(used["error"]["code"], "coupon_used");
    let (_, listed) = call(&app, "GET", "/api/v1/vendor/coupons", None, &kasi).await;
    assert_eq!(listed["items"][0]["times_used"], 1);

    // An unused one can.
    let (_, spare) = call(
        &app,
        "POST",
        "/api/v1/vendor/coupons",
        Some(json!({"code": "SPARE", "kind": "fixed", "value": 100})),
        &kasi,
    )
    .await;
    let spare_path = format!("/api/v1/vendor/coupons/{}", spare["id"].as_str().unwrap());
    let (status, _) = call(&app, "DELETE", &spare_path, None, &kasi).await;
    assert_eq!(status, StatusCode::NO_CONTENT);
}

#[tokio::test]
async fn approved_deals_run_on_their_date_only() {
    let app = TestApp::seeded().await;
    let (kasi, tee) = store_with(
        &app,
        "kasi@example.co.za",
        "kasi-kicks",
        "Kasi Tee",
        "200.00",
    )
    .await;
    let (other, _) = store_with(&app, "mug@example.co.za", "mug-house", "Mug", "100.00").await;
    let boss = admin(&app, "boss@example.co.za").await;
    let now = Utc::now();
    let today = bazaar_domain::deal::today(now);
    let tomorrow = (today + Duration::days(1)).to_string();

    // Every rule and message.
    for (body, field, message) in [
        (
            json!({"product_id": tee["id"], "deal_date": today.to_string(), "deal_price_cents": 15_000}),
            "deal_date",
            "Propose a date from tomorrow",
        ),
        (
            json!({"product_id": tee["id"], "deal_date": "soon", "deal_price_cents": 15_000}),
            "deal_date",
            "Use a date like 2026-12-01",
        ),
        (
            json!({"product_id": tee["id"], "deal_date": tomorrow, "deal_price_cents": 20_000}),
            "deal_price_cents",
            "The deal price must be below today's price of R200.00",
        ),
    ] {
        let (status, bad) = call(
            &app,
            "POST",
            "/api/v1/vendor/daily-deals",
            Some(body),
            &kasi,
        )
        .await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{bad}");
        assert_eq!(bad["error"]["fields"][field], message);
    }
    // Another store's product cannot be proposed.
    let (status, bad) = call(
        &app,
        "POST",
        "/api/v1/vendor/daily-deals",
        Some(json!({"product_id": tee["id"], "deal_date": tomorrow, "deal_price_cents": 15_000})),
        &other,
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(
        bad["error"]["fields"]["product_id"],
        "Choose one of your products"
    );

    let (status, deal) = call(
        &app,
        "POST",
        "/api/v1/vendor/daily-deals",
        Some(json!({"product_id": tee["id"], "deal_date": tomorrow, "deal_price_cents": 15_000})),
        &kasi,
    )
    .await;
    assert_eq!(status, StatusCode::CREATED, "{deal}");
    assert_eq!(deal["status"], "proposed");
    let id = deal["id"].as_str().unwrap().to_owned();
    let (status, twice) = call(
        &app,
        "POST",
        "/api/v1/vendor/daily-deals",
        Some(json!({"product_id": tee["id"], "deal_date": tomorrow, "deal_price_cents": 14_000})),
        &kasi,
    )
    .await;
    assert_eq!(status, StatusCode::CONFLICT);
    assert_eq!(twice["error"]["code"], "deal_taken");

    // Another store cannot withdraw it; only admins decide; rejecting needs a reason.
    let withdraw = format!("/api/v1/vendor/daily-deals/{id}/withdraw");
    let (status, _) = call(&app, "POST", &withdraw, None, &other).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    let decide = format!("/api/v1/admin/daily-deals/{id}/decision");
    let (status, _) = call(&app, "POST", &decide, Some(json!({"approve": true})), &kasi).await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    let (status, bad) = call(
        &app,
        "POST",
        &decide,
        Some(json!({"approve": false})),
        &boss,
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(
        bad["error"]["fields"]["note"],
        "Say why the deal is not approved"
    );
    let (_, queue) = call(
        &app,
        "GET",
        "/api/v1/admin/daily-deals?status=proposed",
        None,
        &boss,
    )
    .await;
    assert_eq!(queue["items"][0]["id"], id.as_str());
    let (status, moved) = call(&app, "POST", &decide, Some(json!({"approve": true})), &boss).await;
    assert_eq!(status, StatusCode::OK, "{moved}");
    assert_eq!(moved["status"], "approved");
    let (status, again) = call(&app, "POST", &decide, Some(json!({"approve": true})), &boss).await;
    assert_eq!(status, StatusCode::CONFLICT);
    assert_eq!(
        again["error"]["message"],
        "A approved deal cannot be approved"
    );
    let audited = bazaar_db::on_db!(&app.db, pool => sqlx::query_scalar::<_, i64>(
        "SELECT COUNT(*) FROM audit_log WHERE action = 'deal.approve' AND subject_id = $1",
    )
    .bind(&id)
    .fetch_one(pool)
    .await
    .unwrap());
    assert_eq!(audited, 1);

    // Today it is not a deal yet.
    assert!(deals_named(&app, "Kasi Tee").await.is_empty());

    // Tomorrow (South African time) it is, at the deal price, in listings and carts.
    let tomorrow_noon = now + Duration::days(1);
    assert_eq!(refresh_at(&app, tomorrow_noon).await, 1);
    let listed = deals_named(&app, "Kasi Tee").await;
    assert_eq!(listed.len(), 1, "on its date");
    assert_eq!(listed[0]["sale_price_cents"], 15_000);
    let buyer = quick_customer(&app, "buyer@example.co.za").await;
    add(&app, &buyer, &tee, 1).await;
    let (_, q) = quote(&app, &buyer, json!({})).await;
    assert_eq!(q["subtotal_cents"], 15_000);

    // The day after, it ends by itself.
    assert_eq!(refresh_at(&app, now + Duration::days(2)).await, 1);
    assert!(deals_named(&app, "Kasi Tee").await.is_empty());
    let (_, q) = quote(&app, &buyer, json!({})).await;
    assert_eq!(q["subtotal_cents"], 20_000);
}

#[tokio::test]
async fn a_sale_price_counts_inside_its_window_only() {
    let app = TestApp::seeded().await;
    let kasi = seller(&app, "kasi@example.co.za", "kasi-kicks", true).await;
    let now = Utc::now();
    let starts = (now + Duration::hours(1)).to_rfc3339();
    let ends = (now + Duration::hours(3)).to_rfc3339();

    let (status, bad) = call(
        &app,
        "POST",
        "/api/v1/vendor/products",
        Some(json!({"name": "Window Tee", "price": "200.00", "sale_starts_at": ends, "sale_ends_at": starts, "sale_price": "150.00"})),
        &kasi,
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{bad}");
    assert_eq!(
        bad["error"]["fields"]["sale_ends_at"],
        "must be after the sale starts"
    );
    let (status, bad) = call(
        &app,
        "POST",
        "/api/v1/vendor/products",
        Some(json!({"name": "Window Tee", "price": "200.00", "sale_starts_at": starts})),
        &kasi,
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(
        bad["error"]["fields"]["sale_starts_at"],
        "a sale window needs a sale price"
    );

    let tee = create(
        &app,
        &kasi,
        json!({
            "name": "Window Tee", "price": "200.00", "sale_price": "150.00", "status": "active",
            "sale_starts_at": starts, "sale_ends_at": ends, "stock_quantity": 5
        }),
    )
    .await;
    assert!(tee["sale_starts_at"].as_str().is_some());
    let slug = tee["slug"].as_str().unwrap();
    assert_eq!(sale_price(&app, slug).await, Value::Null, "not yet");
    assert_eq!(refresh_at(&app, now + Duration::hours(2)).await, 1);
    assert_eq!(sale_price(&app, slug).await, 15_000, "inside the window");
    assert_eq!(
        refresh_at(&app, now + Duration::hours(2)).await,
        0,
        "nothing new"
    );
    assert_eq!(refresh_at(&app, now + Duration::hours(4)).await, 1);
    assert_eq!(sale_price(&app, slug).await, Value::Null, "over");
}
