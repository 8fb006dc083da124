//! Settings admins edit from the web and the shop obeys at once: the general settings
//! (store details, shipping, VAT, points earn rate) and the advanced ones (maintenance
//! mode, sign-ups, stock holds, rate limits), each change checked field by field and
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

const ADVANCED: &str = "/api/v1/admin/settings/advanced";

fn advanced(maintenance: bool, sign_up_open: bool) -> Value {
    json!({
        "maintenance_mode": maintenance,
        "maintenance_message": "Back at 10:00 after a stock take.",
        "sign_up_open": sign_up_open,
        "product_review_new_vendors": true,
        "product_review_days": 14,
        "reservation_minutes": 45,
        "rate_limits": {"sign_in": 2, "sign_up": 10, "recover": 5, "verify": 30,
            "refresh": 120, "mfa": 10, "redeem": 20}
    })
}

#[tokio::test]
async fn maintenance_mode_closes_the_shop_to_all_but_admins_in_every_process() {
    let app = shop::shop().await;
    let other = app.another_process().await;
    let boss = admin(&app, "boss@example.co.za").await;
    let buyer = quick_customer(&app, "naledi@example.co.za").await;

    // Guarded, and the defaults before anything is set: the server's own rate limits.
    let (status, _) = call(&app, "GET", ADVANCED, None, &buyer).await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    let (status, _) = call(&app, "PUT", ADVANCED, Some(advanced(true, true)), &buyer).await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    let (status, now) = call(&app, "GET", ADVANCED, None, &boss).await;
    assert_eq!(status, StatusCode::OK, "{now}");
    assert_eq!(now["maintenance_mode"], false);
    assert_eq!(now["sign_up_open"], true);
    assert_eq!(now["reservation_minutes"], 60);
    assert!(now["rate_limits"]["sign_in"].as_i64().unwrap() > 2, "{now}");
    assert_eq!(now["rate_limit_window_seconds"], 300);

    // Every bad field at once, a rate limit's under its own name; nothing saved.
    let mut bad = advanced(true, true);
    bad["maintenance_message"] = json!("Soon");
    bad["reservation_minutes"] = json!(4);
    bad["product_review_days"] = json!(-1);
    bad["rate_limits"]["sign_up"] = json!(0);
    let (status, reply) = call(&app, "PUT", ADVANCED, Some(bad), &boss).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{reply}");
    let mut named: Vec<&str> = reply["error"]["fields"]
        .as_object()
        .unwrap()
        .keys()
        .map(String::as_str)
        .collect();
    named.sort_unstable();
    assert_eq!(
        named,
        [
            "maintenance_message",
            "product_review_days",
            "rate_limits.sign_up",
            "reservation_minutes"
        ]
    );
    assert_eq!(app.get("/api/v1/products").await.status, StatusCode::OK);

    // Closed: customers and visitors get 503 with the message, in this process and in
    // another within a second; admins pass; the public settings and sign-in stay open.
    let (status, saved) = call(&app, "PUT", ADVANCED, Some(advanced(true, false)), &boss).await;
    assert_eq!(status, StatusCode::OK, "{saved}");
    assert_eq!(saved["rate_limits"]["sign_in"], 2);
    for (who, app) in [("this process", &app), ("another process", &other)] {
        let mut reply = app.get("/api/v1/products").await;
        for _ in 0..20 {
            if reply.status == StatusCode::SERVICE_UNAVAILABLE {
                break;
            }
            tokio::time::sleep(std::time::Duration::from_millis(50)).await;
            reply = app.get("/api/v1/products").await;
        }
        assert_eq!(reply.status, StatusCode::SERVICE_UNAVAILABLE, "{who}");
        assert_eq!(reply.json()["error"]["code"], "maintenance", "{who}");
        assert_eq!(
            reply.json()["error"]["message"],
            "Back at 10:00 after a stock take.",
            "{who}"
        );
        assert_eq!(reply.headers["retry-after"], "300", "{who}");
    }
    let (status, _) = call(&app, "GET", "/api/v1/cart", None, &buyer).await;
    assert_eq!(status, StatusCode::SERVICE_UNAVAILABLE);
    let (status, _) = call(&app, "GET", "/api/v1/products", None, &boss).await;
    assert_eq!(status, StatusCode::OK, "an admin passes");
    let public = app.get_ok("/api/v1/settings/public").await["settings"].clone();
    assert_eq!(public["maintenance"]["enabled"], true);
    assert_eq!(
        public["maintenance"]["message"],
        "Back at 10:00 after a stock take."
    );
    assert_eq!(public["sign_up_open"], false);

    // Sign-ups are closed, as GoTrue says it; signing in still works.
    let reply = app
        .post(
            "/auth/v1/signup",
            json!({"email": "new@example.co.za", "password": "a-long-passphrase-1"}),
        )
        .await;
    assert_eq!(
        reply.status,
        StatusCode::UNPROCESSABLE_ENTITY,
        "{}",
        reply.text()
    );
    assert_eq!(reply.json()["error_code"], "signup_disabled");
    assert_eq!(
        app.get_ok("/auth/v1/settings").await["disable_signup"],
        true
    );

    // The admin's rate limit: two password attempts per window, the third refused.
    for attempt in 1..=3 {
        let reply = app
            .call(
                "POST",
                "/auth/v1/token?grant_type=password",
                Some(json!({"email": "naledi@example.co.za", "password": "wrong-password"})),
                None,
                Some("198.51.100.7"),
            )
            .await;
        let want = if attempt < 3 {
            StatusCode::BAD_REQUEST
        } else {
            StatusCode::TOO_MANY_REQUESTS
        };
        assert_eq!(reply.status, want, "attempt {attempt}: {}", reply.text());
    }

    // Open again: the shop answers; the change is audited with before and after.
    let (status, _) = call(&app, "PUT", ADVANCED, Some(advanced(false, true)), &boss).await;
    assert_eq!(status, StatusCode::OK);
    let (status, _) = call(&app, "GET", "/api/v1/cart", None, &buyer).await;
    assert_eq!(status, StatusCode::OK);
    let (_, log) = call(
        &app,
        "GET",
        "/api/v1/admin/audit-log?action=settings.advanced",
        None,
        &boss,
    )
    .await;
    let entries = log["entries"].as_array().unwrap();
    assert_eq!(entries.len(), 2, "{log}");
    assert_eq!(
        entries[1]["details"]["before"]["advanced"]["maintenance"],
        false
    );
    assert_eq!(
        entries[1]["details"]["after"]["advanced"]["maintenance"],
        true
    );
    assert_eq!(entries[1]["details"]["after"]["reservation_minutes"], 45);
}

#[tokio::test]
async fn an_unpaid_order_holds_stock_for_the_minutes_set() {
    let app = shop::shop().await;
    let boss = admin(&app, "boss@example.co.za").await;
    let buyer = quick_customer(&app, "sipho@example.co.za").await;
    let (status, _) = call(&app, "PUT", ADVANCED, Some(advanced(false, true)), &boss).await;
    assert_eq!(status, StatusCode::OK);
    let cap: Uuid = shop::product(&app, "ovr-performance-cap").await["id"]
        .as_str()
        .unwrap()
        .parse()
        .unwrap();
    assert_eq!(add_to_cart(&app, &buyer, cap, 1).await.status, 200);
    let order = shop::place(&app, &buyer, json!({})).await;
    let held = |key: &str| {
        chrono::DateTime::parse_from_rfc3339(order[key].as_str().unwrap())
            .unwrap_or_else(|e| panic!("{key}: {e} in {order}"))
    };
    let minutes = (held("reserved_until") - held("created_at")).num_minutes();
    assert!(
        (44..=45).contains(&minutes),
        "held {minutes} minutes: {order}"
    );
}

const BRANDING: &str = "/api/v1/admin/settings/branding";
const TRACKING: &str = "/api/v1/admin/settings/tracking";

#[tokio::test]
async fn branding_is_checked_audited_and_themes_the_site() {
    let app = TestApp::seeded_with_web().await;
    let boss = admin(&app, "boss@example.co.za").await;
    let buyer = quick_customer(&app, "thabo@example.co.za").await;
    assert_eq!(
        call(&app, "GET", BRANDING, None, &buyer).await.0,
        StatusCode::FORBIDDEN
    );

    // Until set: the built-in palette, which the public settings leave to the site.
    let (status, now) = call(&app, "GET", BRANDING, None, &boss).await;
    assert_eq!(status, StatusCode::OK, "{now}");
    assert_eq!(
        (now["light_brand"].as_str(), now["custom_colours"].as_bool()),
        (Some("#047857"), Some(false))
    );
    let public = app.get_ok("/api/v1/settings/public").await["settings"].clone();
    assert!(public["branding"]["light"].is_null(), "{public}");
    assert_eq!(public["branding"]["css"], "");
    assert!(!app.get("/").await.text().contains("brand-theme"));

    // Unreadable colours, bad addresses and unknown fonts: all named, nothing saved.
    let mut sent = now.clone();
    sent["light_brand"] = json!("#fde047");
    sent["dark_sale"] = json!("red");
    sent["favicon_url"] = json!("javascript:alert(1)");
    sent["heading_font"] = json!("papyrus");
    let (status, reply) = call(&app, "PUT", BRANDING, Some(sent), &boss).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{reply}");
    let fields = reply["error"]["fields"].as_object().unwrap();
    assert_eq!(
        fields.keys().map(String::as_str).collect::<Vec<_>>(),
        ["dark_sale", "favicon_url", "heading_font", "light_brand"]
    );
    assert!(
        fields["light_brand"]
            .as_str()
            .unwrap()
            .contains("hard to read"),
        "{reply}"
    );

    let mut sent = now.clone();
    sent["light_brand"] = json!("#1D4ED8");
    sent["dark_brand"] = json!("#93c5fd");
    sent["logo_text"] = json!("  Mzansi Market ");
    sent["favicon_url"] = json!("/media/brand/icon.png");
    sent["body_font"] = json!("humanist");
    let (status, saved) = call(&app, "PUT", BRANDING, Some(sent), &boss).await;
    assert_eq!(status, StatusCode::OK, "{saved}");
    assert_eq!(
        (saved["light_brand"].as_str(), saved["logo_text"].as_str()),
        (Some("#1d4ed8"), Some("Mzansi Market"))
    );
    let public = app.get_ok("/api/v1/settings/public").await["settings"].clone();
    let b = &public["branding"];
    assert_eq!(b["light"]["brand_600"], "#1d4ed8");
    assert_eq!(b["dark"]["brand_600"], "#93c5fd");
    assert_eq!(b["light"]["sale"], "#b91c1c");
    assert_eq!(b["favicon_url"], "/media/brand/icon.png");
    assert!(b["body_font"].as_str().unwrap().contains("Seravek"), "{b}");
    assert_eq!(public["site"]["logo_text"], "Mzansi Market");
    // Every page is served in the new colours, before any script runs.
    let css = b["css"].as_str().unwrap();
    assert!(css.contains("--color-brand-600:#1d4ed8;"), "{css}");
    let home = app.get("/").await.text();
    assert!(
        home.contains(&format!("<style id=\"brand-theme\">{css}</style>")),
        "{home}"
    );
    assert!(
        app.get("/products/no-such-thing/")
            .await
            .text()
            .contains(css)
    );

    // The built-in colours sent back are the built-in look again, exactly.
    let (status, _) = call(&app, "PUT", BRANDING, Some(now.clone()), &boss).await;
    assert_eq!(status, StatusCode::OK);
    let public = app.get_ok("/api/v1/settings/public").await["settings"].clone();
    assert_eq!(public["branding"]["css"], "");
    assert!(!app.get("/").await.text().contains("brand-theme"));

    let (_, log) = call(
        &app,
        "GET",
        "/api/v1/admin/audit-log?action=settings.branding",
        None,
        &boss,
    )
    .await;
    let entries = log["entries"].as_array().unwrap();
    assert_eq!(entries.len(), 2, "{log}");
    let d = &entries[1]["details"];
    assert_eq!(
        (
            d["before"]["light"].clone(),
            d["after"]["light"]["brand"].clone()
        ),
        (Value::Null, json!("#1d4ed8"))
    );
}

#[tokio::test]
async fn tracking_tools_are_checked_audited_and_public_only_when_on() {
    let app = TestApp::seeded_with_web().await;
    let policy = |reply: &common::Reply| {
        reply.headers[axum::http::header::CONTENT_SECURITY_POLICY]
            .to_str()
            .unwrap()
            .to_owned()
    };
    let strict = policy(&app.get("/").await);
    assert!(
        strict.contains("script-src 'self' 'unsafe-inline';"),
        "{strict}"
    );
    let boss = admin(&app, "boss@example.co.za").await;
    let (status, now) = call(&app, "GET", TRACKING, None, &boss).await;
    assert_eq!(status, StatusCode::OK, "{now}");
    assert_eq!(now["ga4"]["enabled"], false, "seeded off: {now}");
    let public = app.get_ok("/api/v1/settings/public").await["settings"].clone();
    assert_eq!(
        public["tracking"],
        json!({"ga4": null, "google_ads": null, "hotjar": null, "meta_pixel": null})
    );

    let mut sent = now.clone();
    sent["ga4"]["enabled"] = json!(true);
    sent["ga4"]["measurement_id"] = json!("UA-1234-5");
    sent["google_ads"]["enabled"] = json!(true);
    sent["meta_pixel"]["pixel_id"] = json!("12345");
    sent["google_ads"]["purchase_label"] = json!("has spaces");
    let (status, reply) = call(&app, "PUT", TRACKING, Some(sent), &boss).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{reply}");
    assert_eq!(
        reply["error"]["fields"]
            .as_object()
            .unwrap()
            .keys()
            .map(String::as_str)
            .collect::<Vec<_>>(),
        [
            "ga4.measurement_id",
            "google_ads.conversion_id",
            "google_ads.labels.purchase",
            "meta_pixel.pixel_id"
        ]
    );

    // GA4 and the Ads conversion on, the pixel's id kept while it is off.
    let mut sent = now.clone();
    sent["ga4"]["enabled"] = json!(true);
    sent["ga4"]["measurement_id"] = json!(" g-test12345 ");
    sent["google_ads"]["enabled"] = json!(true);
    sent["google_ads"]["conversion_id"] = json!("AW-987654321");
    sent["google_ads"]["purchase_label"] = json!("buy_AbC-1");
    sent["meta_pixel"]["pixel_id"] = json!("123456789012345");
    let (status, saved) = call(&app, "PUT", TRACKING, Some(sent), &boss).await;
    assert_eq!(status, StatusCode::OK, "{saved}");
    assert_eq!(saved["ga4"]["measurement_id"], "G-TEST12345");
    let public = app.get_ok("/api/v1/settings/public").await["settings"].clone();
    let t = &public["tracking"];
    assert_eq!(t["ga4"]["measurement_id"], "G-TEST12345");
    assert_eq!(t["google_ads"]["purchase_label"], "buy_AbC-1");
    assert!(t["google_ads"]["sign_up_label"].is_null());
    assert!(t["meta_pixel"].is_null() && t["hotjar"].is_null(), "{t}");
    // Pages may now load the Google tag (after consent, the site's rule); the API keeps the
    // strict policy, and nothing of the tools that are off is allowed.
    let page = policy(&app.get("/products/no-such-thing/").await);
    assert!(
        page.contains("script-src 'self' 'unsafe-inline' https://www.googletagmanager.com"),
        "{page}"
    );
    assert!(page.contains("https://*.google-analytics.com"), "{page}");
    assert!(
        page.contains("frame-src https://td.doubleclick.net"),
        "{page}"
    );
    assert!(
        !page.contains("facebook") && !page.contains("hotjar"),
        "{page}"
    );
    assert_eq!(
        policy(&app.get("/api/v1/settings/public").await),
        strict,
        "the API's answers load nothing"
    );

    // The seeds' other fields are kept beside the ones set.
    let stored = bazaar_db::settings::system(&app.db, "google_conversion_config")
        .await
        .unwrap()
        .unwrap();
    assert_eq!(stored["currency"], "ZAR");
    assert_eq!(stored["labels"]["phone_number_click"], "");
    assert_eq!(stored["labels"]["purchase"], "buy_AbC-1");

    let (_, log) = call(
        &app,
        "GET",
        "/api/v1/admin/audit-log?action=settings.tracking",
        None,
        &boss,
    )
    .await;
    let entries = log["entries"].as_array().unwrap();
    assert_eq!(entries.len(), 1, "{log}");
    assert_eq!(entries[0]["details"]["before"]["ga4"]["enabled"], false);
    assert_eq!(
        entries[0]["details"]["after"]["ga4"]["measurement_id"],
        "G-TEST12345"
    );
}
