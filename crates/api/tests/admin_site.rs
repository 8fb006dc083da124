//! What admins set about the site, its deliveries and its payments, and that the shop obeys:
//! the home page's slides and banners (in the first paint of `/`), SEO (titles, link
//! previews, the sitemap), the provinces delivered to (checkout refuses the others), display
//! currencies with rates, PayFast settings with sealed secrets (the next payment form uses
//! them), and daily deals admins schedule themselves. Each change audited. SQLite and (with
//! TEST_DATABASE_URL) PostgreSQL.

mod common;

use axum::http::StatusCode;
use chrono::{Duration, Utc};
use common::TestApp;
use common::shop::{self, admin, audit_of, call, quick_customer};
use serde_json::{Value, json};

const HOME: &str = "/api/v1/admin/settings/home";
const SEO: &str = "/api/v1/admin/settings/seo";
const COUNTRIES: &str = "/api/v1/admin/settings/countries";
const CURRENCIES: &str = "/api/v1/admin/settings/currencies";
const PAYMENTS: &str = "/api/v1/admin/settings/payments";

/// The fields a 400 names, sorted.
fn fields(body: &Value) -> Vec<String> {
    let mut names: Vec<String> = body["error"]["fields"]
        .as_object()
        .unwrap_or_else(|| panic!("field errors in {body}"))
        .keys()
        .cloned()
        .collect();
    names.sort();
    names
}

/// The home page once it carries `text`. A page waits at most 100 ms for the site's
/// settings and is otherwise served with the last ones known (none on a fresh server), so
/// on a busy machine the first page after a start or a change may not carry them yet.
async fn home_page_with(app: &TestApp, text: &str) -> String {
    TestApp::eventually(&format!("the home page with {text}"), 10, || async {
        let page = app.get("/").await.text();
        page.contains(text).then_some(page)
    })
    .await
}

#[tokio::test]
async fn the_home_page_shows_the_slides_and_banners_admins_save() {
    let app = TestApp::seeded_with_web().await;
    let boss = admin(&app, "boss@example.co.za").await;

    let built_in = app.get_ok("/api/v1/settings/home").await;
    assert_eq!(built_in["slides"].as_array().unwrap().len(), 2);
    assert_eq!(built_in["banners"][0]["link"], "/daily-deals/");
    let page = home_page_with(&app, "id=\"bazaar-home-content\"").await;
    assert!(
        !page.contains("bazaar-home-custom"),
        "the built-in content is not hidden"
    );

    let mut content = built_in.clone();
    content["slides"][0]["link"] = json!("javascript:alert(1)");
    content["slides"][1]["title"] = json!(" ");
    content["banners"][0]["image_url"] = json!("http://example.com/x.png");
    let (status, refused) = call(&app, "PUT", HOME, Some(content), &boss).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{refused}");
    assert_eq!(
        fields(&refused),
        ["banners.0.image_url", "slides.0.link", "slides.1.title"]
    );

    let custom = json!({
        "slides": [{
            "subtitle": "Summer", "title": "Run </script> further", "description": "",
            "button_text": "See running", "link": "/products/?category=running",
            "image_url": "/media/u/ab/summer.jpg", "tone": "light"
        }],
        "banners": []
    });
    let (status, saved) = call(&app, "PUT", HOME, Some(custom), &boss).await;
    assert_eq!(status, StatusCode::OK, "{saved}");
    assert_eq!(saved["is_default"], false);
    let public = app.get_ok("/api/v1/settings/home").await;
    assert_eq!(public["slides"][0]["title"], "Run </script> further");
    assert_eq!(public["banners"], json!([]));

    // The first paint carries the content (its `<` escaped) and hides the built-in one.
    let page = home_page_with(&app, "Run \\u003c/script\\u003e further").await;
    assert!(page.contains("[data-home-default]{visibility:hidden}"));
    assert!(
        !app.get("/products/ovr-aero-running-tee/")
            .await
            .text()
            .contains("bazaar-home-content")
    );

    let (status, reset) = call(&app, "DELETE", HOME, None, &boss).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(reset["is_default"], true);
    assert_eq!(app.get_ok("/api/v1/settings/home").await, built_in);
    let (_, actions) = audit_of(&app, &boss, "settings").await;
    assert_eq!(actions[..2], ["settings.home_reset", "settings.home"]);
}

#[tokio::test]
async fn seo_settings_name_the_pages_and_choose_what_the_sitemap_lists() {
    let app = TestApp::seeded_with_web().await;
    let boss = admin(&app, "boss@example.co.za").await;
    let sitemap = app.get("/sitemap.xml").await.text();
    assert!(sitemap.contains("/products/"), "{sitemap}");
    assert!(sitemap.contains("/about/"));

    let (status, refused) = call(
        &app,
        "PUT",
        SEO,
        Some(json!({
            "default_title": "ab", "default_description": "short",
            "social_image_url": "ftp://x", "sitemap_products": true,
            "sitemap_stores": true, "sitemap_pages": true
        })),
        &boss,
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(
        fields(&refused),
        ["default_description", "default_title", "social_image_url"]
    );

    let (status, saved) = call(
        &app,
        "PUT",
        SEO,
        Some(json!({
            "default_title": "Kasi & Co sports gear",
            "default_description": "Running, training and team kit from South African stores.",
            "social_image_url": "/media/u/ab/cover.jpg",
            "sitemap_products": false, "sitemap_stores": true, "sitemap_pages": false
        })),
        &boss,
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{saved}");
    let home = home_page_with(&app, "<title>Kasi &amp; Co sports gear</title>").await;
    assert!(home.contains(
        "<meta name=\"description\" content=\"Running, training and team kit from South African stores.\"/>"
    ));
    assert!(home.contains(&format!(
        "<meta property=\"og:image\" content=\"{}/media/u/ab/cover.jpg\"/>",
        app.state.config.public_url
    )));
    // A product page keeps its own title.
    let product = app.get("/products/ovr-aero-running-tee/").await.text();
    assert!(!product.contains("Kasi &amp; Co sports gear</title>"));
    let sitemap = app.get("/sitemap.xml").await.text();
    assert!(!sitemap.contains("/products/"), "{sitemap}");
    assert!(!sitemap.contains("/about/"));
    assert!(sitemap.contains("/store/"));
    let (_, actions) = audit_of(&app, &boss, "settings").await;
    assert_eq!(actions[0], "settings.seo");
}

#[tokio::test]
async fn checkout_refuses_provinces_the_shop_does_not_deliver_to() {
    let app = shop::shop().await;
    let boss = admin(&app, "boss@example.co.za").await;
    let (_, now) = call(&app, "GET", COUNTRIES, None, &boss).await;
    let on: Vec<&str> = now["countries"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|c| c["enabled"] == true)
        .map(|c| c["code"].as_str().unwrap())
        .collect();
    assert_eq!(on, ["ZA"]);
    assert_eq!(now["provinces"].as_array().unwrap().len(), 9);

    let switches = |countries: &[&str], provinces: &[&str]| {
        let countries: Vec<Value> = ["ZA", "NA", "BW"]
            .iter()
            .map(|c| json!({"code": c, "enabled": countries.contains(c)}))
            .collect();
        let provinces: Vec<Value> = ["GP", "WC", "LP"]
            .iter()
            .map(|p| json!({"code": p, "enabled": provinces.contains(p)}))
            .collect();
        json!({ "countries": countries, "provinces": provinces })
    };
    for (body, field, message) in [
        (
            switches(&["ZA", "NA"], &["GP"]),
            "countries",
            "Deliveries outside South Africa are not supported yet",
        ),
        (
            switches(&[], &["GP"]),
            "countries",
            "South Africa must stay on: orders are delivered there",
        ),
        (
            switches(&["ZA"], &[]),
            "provinces",
            "Deliver to at least one province",
        ),
    ] {
        let (status, refused) = call(&app, "PUT", COUNTRIES, Some(body), &boss).await;
        assert_eq!(status, StatusCode::BAD_REQUEST);
        assert_eq!(refused["error"]["fields"][field], message);
    }
    let (status, saved) = call(
        &app,
        "PUT",
        COUNTRIES,
        Some(switches(&["ZA"], &["GP"])),
        &boss,
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{saved}");
    let served: Vec<&str> = saved["provinces"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|p| p["enabled"] == true)
        .map(|p| p["name"].as_str().unwrap())
        .collect();
    assert_eq!(served, ["Gauteng"]);
    let public = app.get_ok("/api/v1/settings/public").await;
    assert_eq!(public["settings"]["delivery_provinces"], json!(["Gauteng"]));

    let buyer = quick_customer(&app, "buyer@example.co.za").await;
    let (tee, _) = shop::simple_product(&app).await;
    let r = shop::add_to_cart(&app, &buyer, tee, 1).await;
    assert_eq!(r.status, 200, "{}", r.text());
    let r = shop::checkout(&app, &buyer, json!({})).await;
    assert_eq!(r.status, 400, "{}", r.text());
    assert_eq!(
        r.json()["error"]["fields"]["province"],
        "We don't deliver to Western Cape yet"
    );
    let mut gauteng = shop::address();
    gauteng["city"] = json!("Johannesburg");
    gauteng["province"] = json!("GP");
    gauteng["postal_code"] = json!("2001");
    let r = shop::checkout(&app, &buyer, json!({ "shipping_address": gauteng })).await;
    assert_eq!(r.status, 201, "{}", r.text());
    let (_, actions) = audit_of(&app, &boss, "settings").await;
    assert_eq!(actions[0], "settings.regions");
}

#[tokio::test]
async fn display_currencies_have_rates_and_the_store_currency_stays_rand() {
    let app = shop::shop().await;
    let boss = admin(&app, "boss@example.co.za").await;
    let (status, now) = call(&app, "GET", CURRENCIES, None, &boss).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(now["store_currency"], "ZAR");
    let usd = |body: &Value| {
        body["currencies"]
            .as_array()
            .unwrap()
            .iter()
            .find(|c| c["code"] == "USD")
            .cloned()
            .unwrap()
    };
    assert_eq!(usd(&now)["rate"], "0.054");

    let mut change = now.clone();
    change["store_currency"] = json!("USD");
    for c in change["currencies"].as_array_mut().unwrap() {
        match c["code"].as_str().unwrap() {
            "EUR" => c["rate"] = Value::Null,
            "GBP" => c["rate"] = json!("-1"),
            _ => {}
        }
    }
    let (status, refused) = call(&app, "PUT", CURRENCIES, Some(change), &boss).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(
        fields(&refused),
        [
            "currencies.EUR.rate",
            "currencies.GBP.rate",
            "store_currency"
        ]
    );

    let mut change = now.clone();
    for c in change["currencies"].as_array_mut().unwrap() {
        match c["code"].as_str().unwrap() {
            "USD" => c["rate"] = json!("0.0555"),
            "JPY" => c["enabled"] = json!(false),
            _ => {}
        }
    }
    let (status, saved) = call(&app, "PUT", CURRENCIES, Some(change), &boss).await;
    assert_eq!(status, StatusCode::OK, "{saved}");
    let public = app.get_ok("/api/v1/settings/public").await;
    let listed = &public["settings"]["currencies"];
    assert_eq!(usd(&public["settings"])["rate"], "0.0555");
    let jpy = listed
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["code"] == "JPY")
        .unwrap();
    assert_eq!(jpy["enabled"], false);
    assert_eq!(public["settings"]["currency"]["rate"], "1");
    let (_, actions) = audit_of(&app, &boss, "settings").await;
    assert_eq!(actions[0], "settings.currencies");
}

/// The raw stored payment settings.
async fn stored_payments(app: &TestApp) -> String {
    bazaar_db::settings::system(&app.db, "payment_settings")
        .await
        .unwrap()
        .map(|v| v.to_string())
        .unwrap_or_default()
}

#[tokio::test]
async fn payment_settings_keep_their_secrets_sealed_and_reach_the_next_payment_form() {
    const PASSPHRASE: &str = "winter-2026_pass";
    let app = shop::shop_sealing().await;
    let boss = admin(&app, "boss@example.co.za").await;
    let (status, now) = call(&app, "GET", PAYMENTS, None, &boss).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(now["source"], "server");
    assert_eq!(now["mode"], "simulator");
    assert_eq!(now["can_seal"], true);

    let sandbox = |extra: Value| {
        let mut body = json!({
            "source": "settings", "mode": "sandbox", "merchant_id": "10000100",
            "itn_sources": ["sandbox.payfast.co.za", "197.97.145.144/28"]
        });
        for (k, v) in extra.as_object().unwrap() {
            body[k] = v.clone();
        }
        body
    };
    for (body, field) in [
        (
            sandbox(
                json!({ "merchant_id": "abc", "merchant_key": bazaar_payfast::SANDBOX_MERCHANT_KEY }),
            ),
            "merchant_id",
        ),
        (sandbox(json!({})), "merchant_key"),
        (
            sandbox(json!({ "merchant_key": "NOT-A-KEY" })),
            "merchant_key",
        ),
        (
            sandbox(
                json!({ "merchant_key": bazaar_payfast::SANDBOX_MERCHANT_KEY, "itn_sources": ["not a host!"] }),
            ),
            "itn_sources",
        ),
        (sandbox(json!({ "mode": "production" })), "mode"),
    ] {
        let (status, refused) = call(&app, "PUT", PAYMENTS, Some(body), &boss).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{refused}");
        assert_eq!(fields(&refused), [field], "{refused}");
    }

    let (status, saved) = call(
        &app,
        "PUT",
        PAYMENTS,
        Some(sandbox(json!({
            "merchant_key": bazaar_payfast::SANDBOX_MERCHANT_KEY,
            "passphrase": PASSPHRASE
        }))),
        &boss,
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{saved}");
    assert_eq!(saved["mode"], "sandbox");
    assert_eq!(saved["merchant_key_set"], true);
    assert_eq!(saved["passphrase_set"], true);
    assert!(!saved.to_string().contains(PASSPHRASE));
    let stored = stored_payments(&app).await;
    assert!(stored.contains("v1:"), "{stored}");
    assert!(!stored.contains(PASSPHRASE) && !stored.contains(bazaar_payfast::SANDBOX_MERCHANT_KEY));
    let (log, actions) = audit_of(&app, &boss, "settings").await;
    assert_eq!(actions[0], "settings.payments");
    assert!(!log.to_string().contains(PASSPHRASE));

    // The next order's payment form goes to the sandbox, signed with the new passphrase.
    let buyer = quick_customer(&app, "buyer@example.co.za").await;
    let (tee, _) = shop::simple_product(&app).await;
    shop::add_to_cart(&app, &buyer, tee, 1).await;
    let order = shop::place(&app, &buyer, json!({})).await;
    assert_eq!(order["payment"]["mode"], "sandbox");
    assert_eq!(
        order["payment"]["process_url"],
        "https://sandbox.payfast.co.za/eng/process"
    );
    let form: Vec<(String, String)> = order["payment"]["fields"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| {
            (
                f["name"].as_str().unwrap().to_owned(),
                f["value"].as_str().unwrap().to_owned(),
            )
        })
        .collect();
    let (signature, unsigned) = form.split_last().unwrap();
    assert_eq!(signature.0, "signature");
    let param_string = bazaar_payfast::checkout_param_string(unsigned);
    assert_eq!(
        signature.1,
        bazaar_payfast::sign(&param_string, Some(PASSPHRASE))
    );
    assert_ne!(
        signature.1,
        bazaar_payfast::sign(&param_string, Some(bazaar_payfast::SIMULATOR_PASSPHRASE))
    );
    assert_eq!(
        app.get_ok("/api/v1/payments/config").await["mode"],
        "sandbox"
    );

    // "Check settings" signs a test form the same way.
    let (status, check) = call(&app, "POST", &format!("{PAYMENTS}/check"), None, &boss).await;
    assert_eq!(status, StatusCode::OK, "{check}");
    assert_eq!(check["mode"], "sandbox");
    assert_eq!(check["problems"], json!([]));
    let fields: Vec<(String, String)> = check["fields"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| {
            (
                f["name"].as_str().unwrap().to_owned(),
                f["value"].as_str().unwrap().to_owned(),
            )
        })
        .collect();
    let (last, unsigned) = fields.split_last().unwrap();
    assert_eq!(last.1, check["signature"].as_str().unwrap());
    assert_eq!(
        check["signature"].as_str().unwrap(),
        bazaar_payfast::sign(
            &bazaar_payfast::checkout_param_string(unsigned),
            Some(PASSPHRASE)
        )
    );

    // Keeping the secrets while changing the rest, then back to the server's own settings.
    let (status, kept) = call(
        &app,
        "PUT",
        PAYMENTS,
        Some(sandbox(json!({ "itn_sources": ["sandbox.payfast.co.za"] }))),
        &boss,
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{kept}");
    assert_eq!(kept["passphrase_set"], true);
    let (status, back) = call(
        &app,
        "PUT",
        PAYMENTS,
        Some(json!({ "source": "server", "mode": "simulator" })),
        &boss,
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{back}");
    assert_eq!(back["mode"], "simulator");
    let other = quick_customer(&app, "other@example.co.za").await;
    shop::add_to_cart(&app, &other, tee, 1).await;
    let order = shop::place(&app, &other, json!({})).await;
    assert_eq!(order["payment"]["mode"], "simulator");
    shop::pay(&app, &order).await;
    shop::paid(&app, order["id"].as_str().unwrap()).await;
}

#[tokio::test]
async fn secrets_are_refused_without_a_secret_key() {
    let app = shop::shop().await;
    let boss = admin(&app, "boss@example.co.za").await;
    let (status, refused) = call(
        &app,
        "PUT",
        PAYMENTS,
        Some(json!({
            "source": "settings", "mode": "sandbox", "merchant_id": "10000100",
            "merchant_key": bazaar_payfast::SANDBOX_MERCHANT_KEY,
            "itn_sources": ["sandbox.payfast.co.za"]
        })),
        &boss,
    )
    .await;
    assert_eq!(status, StatusCode::CONFLICT, "{refused}");
    assert_eq!(refused["error"]["code"], "secret_key_missing");
    assert_eq!(stored_payments(&app).await, "");
}

#[tokio::test]
async fn admins_schedule_daily_deals_that_start_on_their_date() {
    let app = shop::shop().await;
    let boss = admin(&app, "boss@example.co.za").await;
    let (tee, _) = shop::simple_product(&app).await;
    let price = 20_000;
    shop::set_price(&app, tee, price, None).await;
    let today = bazaar_domain::deal::today(Utc::now());
    let deal = |date: chrono::NaiveDate, cents: i64| json!({ "product_id": tee, "deal_date": date.to_string(), "deal_price_cents": cents });
    for (body, field) in [
        (deal(today - Duration::days(1), price - 100), "deal_date"),
        (deal(today + Duration::days(91), price - 100), "deal_date"),
        (deal(today, price), "deal_price_cents"),
        (
            json!({ "product_id": uuid::Uuid::now_v7(), "deal_date": today.to_string(), "deal_price_cents": 100 }),
            "product_id",
        ),
    ] {
        let (status, refused) =
            call(&app, "POST", "/api/v1/admin/daily-deals", Some(body), &boss).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{refused}");
        assert_eq!(fields(&refused), [field]);
    }
    let vendor = shop::vendor(&app, "seller@example.co.za").await;
    let (status, _) = call(
        &app,
        "POST",
        "/api/v1/admin/daily-deals",
        Some(deal(today, price - 100)),
        &vendor,
    )
    .await;
    assert_eq!(status, StatusCode::FORBIDDEN);

    let (status, made) = call(
        &app,
        "POST",
        "/api/v1/admin/daily-deals",
        Some(deal(today, price - 100)),
        &boss,
    )
    .await;
    assert_eq!(status, StatusCode::CREATED, "{made}");
    assert_eq!(made["status"], "approved");
    // Today's deal prices the product at once.
    let buyer = quick_customer(&app, "buyer@example.co.za").await;
    shop::add_to_cart(&app, &buyer, tee, 1).await;
    let q = app
        .call(
            "POST",
            "/api/v1/checkout/quote",
            Some(json!({ "shipping_address": shop::address() })),
            Some(&buyer.token),
            None,
        )
        .await;
    assert_eq!(
        q.json()["quote"]["subtotal_cents"],
        price - 100,
        "{}",
        q.text()
    );
    let (status, twice) = call(
        &app,
        "POST",
        "/api/v1/admin/daily-deals",
        Some(deal(today, price - 200)),
        &boss,
    )
    .await;
    assert_eq!(status, StatusCode::CONFLICT);
    assert_eq!(twice["error"]["code"], "deal_taken");
    let (_, actions) = audit_of(&app, &boss, "daily_deal").await;
    assert_eq!(actions, ["deal.schedule"]);
}
