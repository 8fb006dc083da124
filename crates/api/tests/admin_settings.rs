//! Settings admins edit from the web and the shop obeys at once: the general settings
//! (store details, shipping, VAT, points earn rate), each change checked field by field and
//! audited with before and after. SQLite and (with TEST_DATABASE_URL) PostgreSQL.

mod common;

use axum::http::StatusCode;
use common::TestApp;
use common::jobs::Customer;
use common::shop::{self, add_to_cart, admin, call, quick_customer, set_price};
use serde_json::{Value, json};
use uuid::Uuid;

const GENERAL: &str = "/api/v1/admin/settings/general";

async fn quote(app: &TestApp, c: &Customer) -> Value {
    let (status, body) = call(app, "POST", "/api/v1/checkout/quote", Some(json!({})), c).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    body["quote"].clone()
}

fn general(threshold: &str) -> Value {
    json!({
        "store_name": "Mzansi Market",
        "contact_email": "Help@Mzansi.co.za",
        "contact_phone": "082 555 1234",
        "address": "12 Long Street, Cape Town",
        "support_hours": "Mon–Fri 08:00–17:00",
        "free_shipping_threshold": threshold,
        "standard_shipping_rate": "70.00",
        "vat_rate_percent": 15,
        "points_per_100_rand": 20
    })
}

#[tokio::test]
async fn general_settings_are_checked_audited_and_reach_the_next_quote() {
    let app = shop::shop().await;
    let boss = admin(&app, "boss@example.co.za").await;
    let buyer = quick_customer(&app, "thabo@example.co.za").await;

    // Guarded: a customer is refused, and changes nothing.
    let (status, _) = call(&app, "GET", GENERAL, None, &buyer).await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    let (status, _) = call(&app, "PUT", GENERAL, Some(general("300.00")), &buyer).await;
    assert_eq!(status, StatusCode::FORBIDDEN);

    // The seeded settings, with the fixed points value.
    let (status, now) = call(&app, "GET", GENERAL, None, &boss).await;
    assert_eq!(status, StatusCode::OK, "{now}");
    assert_eq!(now["free_shipping_threshold"], "450.00");
    assert_eq!(now["standard_shipping_rate"], "65.00");
    assert_eq!(now["vat_rate_percent"], 15);
    assert_eq!(now["points_per_100_rand"], 10);
    assert_eq!(now["points_per_rand"], 10);

    // R299 of goods: under R450, the standard R65 applies.
    let cap: Uuid = shop::product(&app, "ovr-performance-cap").await["id"]
        .as_str()
        .unwrap()
        .parse()
        .unwrap();
    set_price(&app, cap, 29_900, None).await;
    assert_eq!(add_to_cart(&app, &buyer, cap, 1).await.status, 200);
    assert_eq!(quote(&app, &buyer).await["shipping_cents"], 6_500);

    // Every bad field answered at once; nothing saved.
    let mut bad = general("-5");
    for (field, value) in [
        ("store_name", json!("M")),
        ("contact_email", json!("not an email")),
        ("contact_phone", json!("12")),
        ("standard_shipping_rate", json!("lots")),
        ("vat_rate_percent", json!(101)),
        ("points_per_100_rand", json!(-1)),
    ] {
        bad[field] = value;
    }
    let (status, reply) = call(&app, "PUT", GENERAL, Some(bad), &boss).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{reply}");
    let fields = reply["error"]["fields"].as_object().unwrap();
    let mut named: Vec<&str> = fields.keys().map(String::as_str).collect();
    named.sort_unstable();
    assert_eq!(
        named,
        [
            "contact_email",
            "contact_phone",
            "free_shipping_threshold",
            "points_per_100_rand",
            "standard_shipping_rate",
            "store_name",
            "vat_rate_percent"
        ]
    );
    assert_eq!(quote(&app, &buyer).await["shipping_cents"], 6_500);

    // Free shipping from R250: the same cart's next quote ships free.
    let (status, saved) = call(&app, "PUT", GENERAL, Some(general("250")), &boss).await;
    assert_eq!(status, StatusCode::OK, "{saved}");
    assert_eq!(saved["free_shipping_threshold"], "250.00");
    assert_eq!(saved["contact_email"], "help@mzansi.co.za");
    assert_eq!(saved["contact_phone"], "+27825551234");
    assert_eq!(quote(&app, &buyer).await["shipping_cents"], 0);
    // The public settings say so, with the store's details.
    let public = app.get_ok("/api/v1/settings/public").await["settings"].clone();
    assert_eq!(public["shipping"]["free_shipping_threshold_cents"], 25_000);
    assert_eq!(public["shipping"]["default_shipping_rate_cents"], 7_000);
    assert_eq!(public["store"]["name"], "Mzansi Market");
    assert_eq!(public["store"]["support_hours"], "Mon–Fri 08:00–17:00");

    // Above the new threshold no more: the new standard rate.
    let (status, _) = call(&app, "PUT", GENERAL, Some(general("1000.00")), &boss).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(quote(&app, &buyer).await["shipping_cents"], 7_000);

    // Audited with before and after.
    let (_, log) = call(
        &app,
        "GET",
        "/api/v1/admin/audit-log?action=settings.general",
        None,
        &boss,
    )
    .await;
    let entries = log["entries"].as_array().unwrap();
    assert_eq!(entries.len(), 2, "one entry per change: {log}");
    let first = &entries[1]["details"];
    assert_eq!(first["before"]["free_shipping_threshold_cents"], 45_000);
    assert_eq!(first["after"]["free_shipping_threshold_cents"], 25_000);
    assert_eq!(first["after"]["points_per_100_rand"], 20);
    assert_eq!(entries[0]["actor_email"], "boss@example.co.za");
}

#[tokio::test]
async fn the_points_earn_rate_set_by_an_admin_pays_the_next_order() {
    let app = shop::shop().await;
    let boss = admin(&app, "boss@example.co.za").await;
    let buyer = quick_customer(&app, "lerato@example.co.za").await;
    let cap: Uuid = shop::product(&app, "ovr-performance-cap").await["id"]
        .as_str()
        .unwrap()
        .parse()
        .unwrap();
    set_price(&app, cap, 50_000, None).await;
    let (status, _) = call(&app, "PUT", GENERAL, Some(general("450.00")), &boss).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(add_to_cart(&app, &buyer, cap, 1).await.status, 200);
    let order = shop::place(&app, &buyer, json!({})).await;
    shop::paid(&app, order["id"].as_str().unwrap()).await;
    // R500 of goods at 20 points per R100.
    assert_eq!(shop::points_balance(&app, &buyer).await, 100);
}
