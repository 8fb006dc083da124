//! Checkout: prices from the database, shipping, VAT, delivery per vendor, addresses,
//! coupons, points, and stock that cannot be oversold under concurrent checkouts.

mod common;

use std::sync::Arc;

use bazaar_db::coupons::NewCoupon;
use chrono::{Duration, Utc};
use common::TestApp;
use common::jobs::Customer;
use common::shop::{self, add_to_cart, give_points, quick_customer, set_price, set_stock};
use serde_json::{Value, json};
use uuid::Uuid;

async fn id_of(app: &TestApp, slug: &str) -> Uuid {
    Uuid::parse_str(shop::product(app, slug).await["id"].as_str().unwrap()).unwrap()
}

async fn quote(app: &TestApp, c: &Customer, body: Value) -> common::Reply {
    app.call(
        "POST",
        "/api/v1/checkout/quote",
        Some(body),
        Some(&c.token),
        None,
    )
    .await
}

#[tokio::test]
async fn totals_shipping_vat_and_delivery_come_from_the_database() {
    let app = shop::shop().await;
    let c = quick_customer(&app, "thabo@example.co.za").await;
    let cap = id_of(&app, "ovr-performance-cap").await;
    let bands = id_of(&app, "pwr-resistance-band-set").await;
    set_price(&app, cap, 29_900, None).await;
    set_price(&app, bands, 39_900, None).await;

    assert_eq!(add_to_cart(&app, &c, cap, 1).await.status, 200);
    let q = quote(&app, &c, json!({})).await.json()["quote"].clone();
    assert_eq!(q["subtotal_cents"], 29_900);
    assert_eq!(
        q["shipping_cents"], 6_500,
        "below R450 the standard R65 applies"
    );
    assert_eq!(q["total_cents"], 36_400);
    assert_eq!(q["vat_rate_percent"], 15);
    assert_eq!(q["vat_cents"], 4_748, "15% included: 36400 × 15 / 115");
    assert_eq!(q["parts"].as_array().unwrap().len(), 1);
    assert_eq!(q["parts"][0]["vendor_name"], "OVR Official");
    // OVR delivers in 2–5 days: floors of 3 and 7, plus a business day.
    assert_eq!(q["parts"][0]["delivery_min_business_days"], 4);
    assert_eq!(q["parts"][0]["delivery_max_business_days"], 8);

    // The price changes after adding: checkout charges the new one, whatever the client says.
    set_price(&app, cap, 34_900, Some(31_900)).await;
    assert_eq!(add_to_cart(&app, &c, bands, 1).await.status, 200);
    let order = shop::place(&app, &c, json!({"total_cents": 1, "price_cents": 1})).await;
    assert_eq!(order["subtotal_cents"], 31_900 + 39_900);
    assert_eq!(order["shipping_cents"], 0, "free from R450");
    assert_eq!(order["total_cents"], 71_800);
    assert_eq!(order["vat_cents"], 9_365);
    assert_eq!(order["status"], "pending_payment");
    assert_eq!(
        order["parts"].as_array().unwrap().len(),
        2,
        "one part per vendor"
    );
    let line = &order["parts"][0]["items"][0];
    assert_eq!(line["unit_price_cents"], 31_900);
    assert!(line["product_name"].as_str().unwrap().contains("Cap"));
    assert_eq!(order["shipping_address"]["province"], "Western Cape");
    assert_eq!(order["shipping_address"]["phone"], "0821234567");

    let pay = &order["payment"];
    assert!(
        pay["process_url"]
            .as_str()
            .unwrap()
            .ends_with("/payfast-simulator/eng/process")
    );
    let fields: Vec<(&str, &str)> = pay["fields"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| (f["name"].as_str().unwrap(), f["value"].as_str().unwrap()))
        .collect();
    assert_eq!(fields[0].0, "merchant_id");
    assert_eq!(fields.last().unwrap().0, "signature");
    assert!(fields.contains(&("amount", "718.00")));
    assert!(fields.contains(&("m_payment_id", order["id"].as_str().unwrap())));
    let unsigned: Vec<(String, String)> = fields[..fields.len() - 1]
        .iter()
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect();
    let expected = bazaar_payfast::sign(
        &bazaar_payfast::checkout_param_string(&unsigned),
        app.state.payments.started().settings.passphrase.as_deref(),
    );
    assert_eq!(fields.last().unwrap().1, expected);
}

#[tokio::test]
async fn addresses_are_south_african_and_required_for_physical_goods() {
    let app = shop::shop().await;
    let c = quick_customer(&app, "palesa@example.co.za").await;
    let cap = id_of(&app, "ovr-performance-cap").await;
    add_to_cart(&app, &c, cap, 1).await;
    let r = app
        .call(
            "POST",
            "/api/v1/checkout",
            Some(json!({})),
            Some(&c.token),
            None,
        )
        .await;
    assert_eq!(r.status, 400);
    assert_eq!(
        r.json()["error"]["fields"]["shipping_address"],
        "Enter a shipping address"
    );

    let mut bad = shop::address();
    bad["postal_code"] = json!("80012");
    bad["province"] = json!("Transvaal");
    bad["phone"] = json!("123");
    let r = shop::checkout(&app, &c, json!({"shipping_address": bad})).await;
    assert_eq!(r.status, 400);
    let fields = &r.json()["error"]["fields"];
    assert_eq!(
        fields["postal_code"],
        "Enter a 4-digit South African postal code"
    );
    assert_eq!(fields["province"], "Choose a South African province");
    assert_eq!(
        fields["phone"],
        "Enter a South African phone number, e.g. 082 123 4567"
    );
    // Nothing was written: the cart is still there, no order exists.
    let r = app
        .call("GET", "/api/v1/orders", None, Some(&c.token), None)
        .await;
    assert_eq!(r.json()["meta"]["total"], 0);
    let r = app
        .call("DELETE", "/api/v1/cart", None, Some(&c.token), None)
        .await;
    assert_eq!(r.json()["cart"]["items"], json!([]));
    let r = app
        .call(
            "POST",
            "/api/v1/checkout",
            Some(json!({})),
            Some(&c.token),
            None,
        )
        .await;
    assert_eq!(r.json()["error"]["message"], "Your cart is empty");
}

async fn coupon(app: &TestApp, c: NewCoupon) {
    let mut tx = app.db.begin().await.unwrap();
    assert!(bazaar_db::coupons::create(&mut tx, &c).await.unwrap());
    tx.commit().await.unwrap();
}

fn new_coupon(code: &str, kind: &str, value: i64) -> NewCoupon {
    NewCoupon {
        code: code.into(),
        description: String::new(),
        kind: kind.into(),
        value,
        min_spend_cents: 0,
        expires_at: None,
        usage_limit: None,
        per_customer_limit: None,
        first_order_only: false,
        vendor_id: None,
    }
}

#[tokio::test]
async fn coupons_follow_their_rules() {
    let app = shop::shop().await;
    let a = quick_customer(&app, "amahle@example.co.za").await;
    let b = quick_customer(&app, "bongani@example.co.za").await;
    let cap = id_of(&app, "ovr-performance-cap").await;
    let bands = id_of(&app, "pwr-resistance-band-set").await;
    set_price(&app, cap, 29_900, None).await;
    set_price(&app, bands, 39_900, None).await;
    add_to_cart(&app, &a, cap, 1).await;
    add_to_cart(&app, &a, bands, 1).await;

    let coupon_error = |r: common::Reply| r.json()["error"]["fields"]["coupon_code"].clone();
    let q = quote(&app, &a, json!({"coupon_code": "welcome10"}))
        .await
        .json()["quote"]
        .clone();
    assert_eq!(q["discount_cents"], 6_980, "10% of R698");
    assert_eq!(q["coupon_code"], "WELCOME10");
    assert_eq!(
        q["total_cents"],
        69_800 - 6_980,
        "R628.20 is over R450: no shipping"
    );
    // Vendor coupon: only OVR's items count.
    let q = quote(&app, &a, json!({"coupon_code": "OVR15"}))
        .await
        .json()["quote"]
        .clone();
    assert_eq!(q["discount_cents"], 4_485);
    let r = quote(&app, &a, json!({"coupon_code": "NOPE"})).await;
    assert_eq!(coupon_error(r), "This coupon code is not valid");

    let mut expired = new_coupon("OLD20", "percentage", 20);
    expired.expires_at = Some(Utc::now() - Duration::days(1));
    coupon(&app, expired).await;
    let r = quote(&app, &a, json!({"coupon_code": "OLD20"})).await;
    assert_eq!(coupon_error(r), "This coupon has expired");

    // Minimum spend.
    add_to_cart(&app, &b, cap, 1).await;
    let r = quote(&app, &b, json!({"coupon_code": "SAVE50"})).await;
    assert_eq!(
        coupon_error(r),
        "This coupon needs a minimum spend of R500.00"
    );

    // One use in all: the second customer is refused until the first cancels.
    let mut once = new_coupon("ONCE", "fixed", 5_000);
    once.usage_limit = Some(1);
    coupon(&app, once).await;
    let order = shop::place(&app, &a, json!({"coupon_code": "ONCE"})).await;
    assert_eq!(order["discount_cents"], 5_000);
    let r = shop::checkout(&app, &b, json!({"coupon_code": "ONCE"})).await;
    assert_eq!(coupon_error(r), "This coupon has been fully redeemed");
    let r = app
        .call(
            "POST",
            &format!("/api/v1/orders/{}/cancel", order["id"].as_str().unwrap()),
            None,
            Some(&a.token),
            None,
        )
        .await;
    assert_eq!(r.status, 200, "{}", r.text());
    let order_b = shop::place(&app, &b, json!({"coupon_code": "ONCE"})).await;
    assert_eq!(order_b["discount_cents"], 5_000);

    // First order only: b has an order now.
    add_to_cart(&app, &b, cap, 1).await;
    let r = quote(&app, &b, json!({"coupon_code": "WELCOME10"})).await;
    assert_eq!(coupon_error(r), "This coupon is for your first order only");
}

#[tokio::test]
async fn points_pay_part_of_the_order_and_never_more_than_the_balance() {
    let app = shop::shop().await;
    let c = quick_customer(&app, "mpho@example.co.za").await;
    let cap = id_of(&app, "ovr-performance-cap").await;
    set_price(&app, cap, 29_900, None).await;
    add_to_cart(&app, &c, cap, 1).await;
    give_points(&app, &c, 1_000).await;

    let q = quote(&app, &c, json!({})).await.json()["quote"].clone();
    assert_eq!(q["points_balance"], 1_000);
    assert_eq!(q["points_usable"], 1_000);
    let r = quote(&app, &c, json!({"points": 1_001})).await;
    assert_eq!(r.status, 400);
    assert_eq!(
        r.json()["error"]["fields"]["points"],
        "Insufficient points balance"
    );

    let order = shop::place(&app, &c, json!({"points": 1_000})).await;
    assert_eq!(order["points_spent"], 1_000);
    assert_eq!(order["points_discount_cents"], 10_000, "10 points = R1");
    assert_eq!(order["total_cents"], 36_400 - 10_000);
    assert_eq!(shop::points_balance(&app, &c).await, 0);

    // Cancelling gives them back with SPEC.md's message.
    let r = app
        .call(
            "POST",
            &format!("/api/v1/orders/{}/cancel", order["id"].as_str().unwrap()),
            None,
            Some(&c.token),
            None,
        )
        .await;
    assert_eq!(r.json()["message"], "1000 points refunded to your account!");
    assert_eq!(shop::points_balance(&app, &c).await, 1_000);

    // Points worth more than the order: only what the order is worth is spent, and an
    // order paid in full by points needs no payment.
    give_points(&app, &c, 5_000).await;
    add_to_cart(&app, &c, cap, 1).await;
    let order = shop::place(&app, &c, json!({"points": 6_000})).await;
    assert_eq!(order["points_spent"], 3_640);
    assert_eq!(order["total_cents"], 0);
    assert_eq!(order["status"], "paid");
    assert!(order["payment"].is_null());
    assert_eq!(shop::points_balance(&app, &c).await, 6_000 - 3_640);
}

#[tokio::test]
async fn two_hundred_concurrent_checkouts_sell_exactly_the_ten_in_stock() {
    let app = Arc::new(shop::shop().await);
    let cap = id_of(&app, "ovr-performance-cap").await;
    set_stock(&app, cap, 200).await;
    let mut customers = Vec::new();
    for i in 0..200 {
        let c = quick_customer(&app, &format!("buyer{i}@example.co.za")).await;
        assert_eq!(add_to_cart(&app, &c, cap, 1).await.status, 200);
        customers.push(c);
    }
    set_stock(&app, cap, 10).await;

    let tasks: Vec<_> = customers
        .into_iter()
        .map(|c| {
            let app = app.clone();
            tokio::spawn(async move { shop::checkout(&app, &c, json!({})).await })
        })
        .collect();
    let mut placed = 0;
    for t in tasks {
        let r = t.await.unwrap();
        match r.status.as_u16() {
            201 => placed += 1,
            409 => {
                assert_eq!(r.json()["error"]["code"], "out_of_stock", "{}", r.text());
                assert!(
                    r.json()["error"]["message"]
                        .as_str()
                        .unwrap()
                        .contains("out of stock")
                );
            }
            other => panic!("unexpected {other}: {}", r.text()),
        }
    }
    assert_eq!(placed, 10);
    assert_eq!(shop::stock_of(&app, cap).await, 0);
    let orders = bazaar_db::on_db!(&app.db, pool => sqlx::query_scalar::<_, i64>(
        "SELECT CAST(COALESCE(SUM(quantity), 0) AS BIGINT) FROM order_items WHERE product_id = $1")
        .bind(cap).fetch_one(pool).await.unwrap());
    assert_eq!(orders, 10);
}
