//! The admin's tools over every store: a store's product edited in the vendor editor with
//! admin powers, stock low or out across stores adjusted with a reason, products changed in
//! bulk all or nothing, and media nothing uses removed (what is used stays). Each change is
//! audited; stale edits get 409; another role gets 403. SQLite and (with
//! TEST_DATABASE_URL) PostgreSQL.

mod common;

use axum::body::Body;
use axum::http::{Request, StatusCode};
use common::TestApp;
use common::jobs::Customer;
use common::shop::{admin, call, quick_customer, seller};
use http_body_util::BodyExt;
use image::ImageEncoder as _;
use serde_json::{Value, json};
use tower::ServiceExt;
use uuid::Uuid;

async fn ok(app: &TestApp, method: &str, uri: &str, body: Option<Value>, who: &Customer) -> Value {
    let (status, reply) = call(app, method, uri, body, who).await;
    assert!(status.is_success(), "{method} {uri}: {status} {reply}");
    reply
}

/// A call that must be refused with `want`; returns the error reply.
async fn refused(
    app: &TestApp,
    method: &str,
    uri: &str,
    body: Option<Value>,
    who: &Customer,
    want: StatusCode,
) -> Value {
    let (status, reply) = call(app, method, uri, body, who).await;
    assert_eq!(status, want, "{method} {uri}: {reply}");
    reply
}

/// The audit entries of one action, newest first.
async fn audited(app: &TestApp, boss: &Customer, action: &str) -> Vec<Value> {
    ok(
        app,
        "GET",
        &format!("/api/v1/admin/audit-log?action={action}"),
        None,
        boss,
    )
    .await["entries"]
        .as_array()
        .unwrap()
        .clone()
}

/// A new store with one product put on sale (waiting for review when review is on).
async fn store(app: &TestApp, email: &str, slug: &str, extra: Value) -> (Customer, Value) {
    let who = seller(app, email, slug, true).await;
    let mut body = json!({"name": format!("{slug} tee"), "price": "300.00", "stock_quantity": 20, "status": "active"});
    body.as_object_mut()
        .unwrap()
        .extend(extra.as_object().unwrap().clone());
    let (status, product) = call(app, "POST", "/api/v1/vendor/products", Some(body), &who).await;
    assert_eq!(status, StatusCode::CREATED, "{product}");
    (who, product)
}

async fn review_new_stores(app: &TestApp, boss: &Customer) {
    ok(
        app,
        "PUT",
        "/api/v1/admin/settings/product-review",
        Some(json!({"new_vendors": true, "days": 30})),
        boss,
    )
    .await;
}

#[tokio::test]
async fn an_admin_edits_a_stores_product_in_the_vendor_editor() {
    let app = TestApp::seeded().await;
    let boss = admin(&app, "boss@example.co.za").await;
    review_new_stores(&app, &boss).await;
    let (kasi, tee) = store(&app, "kasi@example.co.za", "kasi-kicks", json!({})).await;
    assert_eq!(tee["status"], "pending_review");
    let id = tee["id"].as_str().unwrap();
    let uri = format!("/api/v1/admin/products/{id}");

    let read = ok(&app, "GET", &uri, None, &boss).await;
    assert_eq!(read["vendor_name"], "kasi-kicks");
    assert_eq!(read["product"]["name"], "kasi-kicks tee");
    let version = read["product"]["version"].clone();

    // The vendor editor's rules are the admin's too.
    let reply = refused(
        &app,
        "PUT",
        &uri,
        Some(json!({"name": "", "price": "300.00", "version": version})),
        &boss,
        StatusCode::BAD_REQUEST,
    )
    .await;
    assert!(reply["error"]["fields"]["name"].is_string(), "{reply}");
    refused(
        &app,
        "PUT",
        &uri,
        Some(json!({"name": "No version", "price": "300.00"})),
        &boss,
        StatusCode::BAD_REQUEST,
    )
    .await;

    // The admin's save publishes at once (the admin is the reviewer) and is audited.
    let saved = ok(
        &app,
        "PUT",
        &uri,
        Some(json!({"name": "Kasi Classic Tee", "price": "280.00", "stock_quantity": 20, "status": "active", "version": version})),
        &boss,
    )
    .await;
    assert_eq!(saved["product"]["status"], "active", "{saved}");
    assert_eq!(saved["product"]["name"], "Kasi Classic Tee");
    let entry = &audited(&app, &boss, "product.edit").await[0];
    assert_eq!(entry["subject_id"], id);
    assert_eq!(entry["details"]["before"]["name"], "kasi-kicks tee");
    assert_eq!(entry["details"]["before"]["status"], "pending_review");
    assert_eq!(entry["details"]["after"]["name"], "Kasi Classic Tee");
    assert_eq!(entry["details"]["after"]["price_cents"], 28000);
    // The vendor sees the admin's change in their own editor.
    let own = ok(
        &app,
        "GET",
        &format!("/api/v1/vendor/products/{id}"),
        None,
        &kasi,
    )
    .await;
    assert_eq!(own["name"], "Kasi Classic Tee");

    // A second save at the version first read is stale.
    let reply = refused(
        &app,
        "PUT",
        &uri,
        Some(json!({"name": "Late", "price": "280.00", "version": version})),
        &boss,
        StatusCode::CONFLICT,
    )
    .await;
    assert_eq!(reply["error"]["code"], "stale");

    // Unknown products are not found; a vendor is not an admin.
    refused(
        &app,
        "GET",
        &format!("/api/v1/admin/products/{}", Uuid::now_v7()),
        None,
        &boss,
        StatusCode::NOT_FOUND,
    )
    .await;
    refused(&app, "GET", &uri, None, &kasi, StatusCode::FORBIDDEN).await;
}

#[tokio::test]
async fn stock_low_or_out_across_stores_is_adjusted_with_a_reason() {
    let app = TestApp::seeded().await;
    let boss = admin(&app, "boss@example.co.za").await;
    let (kasi, tee) = store(
        &app,
        "kasi@example.co.za",
        "kasi-kicks",
        json!({"sku": "KASI-TEE"}),
    )
    .await;
    let id = tee["id"].as_str().unwrap();
    let level = |q: &str| format!("/api/v1/admin/stock?q=KASI-TEE&state={q}");
    let count = |v: &Value| v["total"]["count"].as_i64().unwrap();
    assert_eq!(count(&ok(&app, "GET", &level("low"), None, &boss).await), 0);
    assert_eq!(count(&ok(&app, "GET", &level("all"), None, &boss).await), 1);

    // A reason is required; the new level must differ; the level must exist.
    for (body, field) in [
        (
            json!({"product_id": id, "stock_quantity": 3, "reason": ""}),
            "reason",
        ),
        (
            json!({"product_id": id, "stock_quantity": -1, "reason": "Counted the shelf"}),
            "stock_quantity",
        ),
    ] {
        let reply = refused(
            &app,
            "PUT",
            "/api/v1/admin/stock/level",
            Some(body),
            &boss,
            StatusCode::BAD_REQUEST,
        )
        .await;
        assert!(reply["error"]["fields"][field].is_string(), "{reply}");
    }
    refused(&app, "PUT", "/api/v1/admin/stock/level", Some(json!({"product_id": Uuid::now_v7(), "stock_quantity": 3, "reason": "Counted the shelf"})), &boss, StatusCode::NOT_FOUND).await;
    refused(
        &app,
        "PUT",
        "/api/v1/admin/stock/level",
        Some(json!({"product_id": id, "stock_quantity": 20, "reason": "Counted the shelf"})),
        &boss,
        StatusCode::CONFLICT,
    )
    .await;

    let adjusted = ok(
        &app,
        "PUT",
        "/api/v1/admin/stock/level",
        Some(json!({"product_id": id, "stock_quantity": 3, "reason": "Counted the shelf: 17 damaged"})),
        &boss,
    )
    .await;
    assert_eq!(
        (adjusted["before"].as_i64(), adjusted["after"].as_i64()),
        (Some(20), Some(3))
    );
    let low = ok(&app, "GET", &level("low"), None, &boss).await;
    assert_eq!(count(&low), 1, "{low}");
    assert_eq!(low["levels"][0]["vendor_name"], "kasi-kicks");
    assert_eq!(low["levels"][0]["low"], true);
    assert_eq!(count(&ok(&app, "GET", &level("out"), None, &boss).await), 0);
    // The products list's stock filters agree (each through an index of its own).
    let products = |stock: &str| format!("/api/v1/admin/products?q=kasi-kicks&stock={stock}");
    assert_eq!(
        count(&ok(&app, "GET", &products("low"), None, &boss).await),
        1
    );
    assert_eq!(
        count(&ok(&app, "GET", &products("out"), None, &boss).await),
        0
    );
    ok(
        &app,
        "PUT",
        "/api/v1/admin/stock/level",
        Some(json!({"product_id": id, "stock_quantity": 0, "reason": "Recalled by the maker"})),
        &boss,
    )
    .await;
    let out = ok(&app, "GET", &level("out"), None, &boss).await;
    assert_eq!(out["levels"][0]["product_id"], id, "{out}");
    assert_eq!(
        count(&ok(&app, "GET", &products("low"), None, &boss).await),
        0
    );
    assert_eq!(
        count(&ok(&app, "GET", &products("out"), None, &boss).await),
        1
    );

    // The movements are the store's, by the admin; the vendor sees them too.
    let store_id = bazaar_db::vendors::store_of_owner(&app.db, kasi.id)
        .await
        .unwrap()
        .unwrap()
        .id;
    let moves = ok(
        &app,
        "GET",
        &format!("/api/v1/admin/stock/movements?vendor_id={store_id}"),
        None,
        &boss,
    )
    .await;
    let moves = moves["movements"].as_array().unwrap();
    // Newest first: 3 → 0, 20 → 3, and the 20 the product was created with.
    assert_eq!(moves.len(), 3, "{moves:?}");
    assert_eq!(moves[0]["quantity_change"], -3);
    assert_eq!(moves[1]["quantity_change"], -17);
    assert_eq!(moves[2]["actor_email"], "kasi@example.co.za");
    assert_eq!(moves[0]["reason"], "manual");
    assert_eq!(moves[0]["actor_email"], "boss@example.co.za");
    assert_eq!(moves[0]["vendor_name"], "kasi-kicks");
    let own = ok(
        &app,
        "GET",
        "/api/v1/vendor/inventory/movements",
        None,
        &kasi,
    )
    .await;
    assert_eq!(own["items"][0]["actor_email"], "boss@example.co.za");

    let entries = audited(&app, &boss, "stock.adjust").await;
    assert_eq!(entries.len(), 2);
    assert_eq!(
        entries[1]["details"]["reason"],
        "Counted the shelf: 17 damaged"
    );
    assert_eq!(entries[1]["details"]["before"]["stock_quantity"], 20);
    assert_eq!(entries[1]["details"]["after"]["stock_quantity"], 3);
    refused(
        &app,
        "GET",
        "/api/v1/admin/stock",
        None,
        &kasi,
        StatusCode::FORBIDDEN,
    )
    .await;
}

/// Stock levels across stores: lowest first, then by name whatever its case, products
/// without variations and each variation alike, paged.
#[tokio::test]
async fn stock_levels_are_listed_lowest_first_by_name_and_paged() {
    let app = TestApp::seeded().await;
    let boss = admin(&app, "boss@example.co.za").await;
    let who = seller(&app, "umzi@example.co.za", "umzi-goods", true).await;
    for body in [
        json!({"name": "zulu Tee", "price": "399.00", "status": "active", "variations": [
            {"sku": "ZT-M", "attributes": {"Size": "M"}, "stock_quantity": 4},
            {"sku": "ZT-L", "attributes": {"Size": "L"}, "stock_quantity": 2}]}),
        json!({"name": "alpha socks", "price": "89.00", "stock_quantity": 2, "status": "active"}),
        json!({"name": "Beta cap", "price": "150.00", "stock_quantity": 2, "status": "active"}),
        json!({"name": "Gamma hat", "price": "250.00", "stock_quantity": 30, "status": "active"}),
    ] {
        let (status, reply) = call(&app, "POST", "/api/v1/vendor/products", Some(body), &who).await;
        assert_eq!(status, StatusCode::CREATED, "{reply}");
    }
    let store_id = bazaar_db::vendors::store_of_owner(&app.db, who.id)
        .await
        .unwrap()
        .unwrap()
        .id;
    let list = |query: &str| format!("/api/v1/admin/stock?vendor_id={store_id}&{query}");
    let rows = |v: &Value| -> Vec<(String, i64, bool)> {
        v["levels"]
            .as_array()
            .unwrap()
            .iter()
            .map(|l| {
                (
                    l["product_name"].as_str().unwrap().to_owned(),
                    l["stock_quantity"].as_i64().unwrap(),
                    l["variation_id"].is_string(),
                )
            })
            .collect()
    };
    let low = ok(&app, "GET", &list("state=low"), None, &boss).await;
    assert_eq!(
        rows(&low),
        [
            ("alpha socks".to_owned(), 2, false),
            ("Beta cap".to_owned(), 2, false),
            ("zulu Tee".to_owned(), 2, true),
            ("zulu Tee".to_owned(), 4, true),
        ],
        "{low}"
    );
    assert_eq!(low["total"]["count"], 4);
    assert_eq!(low["levels"][2]["sku"], "ZT-L");
    assert_eq!(low["levels"][2]["vendor_name"], "umzi-goods");
    let second = ok(
        &app,
        "GET",
        &list("state=low&per_page=2&page=2"),
        None,
        &boss,
    )
    .await;
    assert_eq!(
        rows(&second),
        [
            ("zulu Tee".to_owned(), 2, true),
            ("zulu Tee".to_owned(), 4, true)
        ]
    );
    assert_eq!(second["total"]["count"], 4, "the total on every page");
    let past = ok(
        &app,
        "GET",
        &list("state=low&per_page=2&page=3"),
        None,
        &boss,
    )
    .await;
    assert_eq!(
        (rows(&past).len(), past["total"]["count"].as_i64()),
        (0, Some(4))
    );
    let all = ok(&app, "GET", &list("state=all"), None, &boss).await;
    assert_eq!(all["total"]["count"], 5);
    assert_eq!(rows(&all)[4], ("Gamma hat".to_owned(), 30, false));
    let found = ok(&app, "GET", &list("state=all&q=ZT-M"), None, &boss).await;
    assert_eq!(
        rows(&found),
        [("zulu Tee".to_owned(), 4, true)],
        "a variation's SKU"
    );
    let out = ok(&app, "GET", &list("state=out"), None, &boss).await;
    assert_eq!(out["total"]["count"], 0);
}

#[tokio::test]
async fn bulk_product_changes_are_all_or_nothing_row_by_row() {
    let app = TestApp::seeded().await;
    let boss = admin(&app, "boss@example.co.za").await;
    review_new_stores(&app, &boss).await;
    let (_, a) = store(&app, "kasi@example.co.za", "kasi-kicks", json!({})).await;
    let (_, b) = store(&app, "lindi@example.co.za", "lindi-linen", json!({})).await;
    let (a, b) = (a["id"].clone(), b["id"].clone());
    let on_sale = ok(
        &app,
        "GET",
        "/api/v1/admin/products?status=active&per_page=1",
        None,
        &boss,
    )
    .await["products"][0]["id"]
        .clone();
    let status_of = |id: &Value| {
        let id = Uuid::parse_str(id.as_str().unwrap()).unwrap();
        let db = app.db.clone();
        async move {
            bazaar_db::on_db!(&db, pool => sqlx::query_scalar::<_, String>("SELECT status FROM products WHERE id = $1")
                .bind(id).fetch_one(pool).await.unwrap())
        }
    };

    // One row that cannot be approved refuses them all, and says which and why.
    let report = ok(
        &app,
        "POST",
        "/api/v1/admin/products/bulk",
        Some(json!({"ids": [a, b, on_sale], "action": "approve"})),
        &boss,
    )
    .await;
    assert_eq!(report["applied"], false, "{report}");
    let rows = report["rows"].as_array().unwrap();
    assert_eq!(rows.len(), 3);
    assert_eq!(
        (rows[0]["outcome"].as_str(), rows[1]["outcome"].as_str()),
        (Some("done"), Some("done"))
    );
    assert_eq!(rows[2]["outcome"], "refused");
    assert_eq!(rows[2]["code"], "not_pending");
    assert_eq!(status_of(&a).await, "pending_review");
    assert_eq!(status_of(&b).await, "pending_review");
    assert!(audited(&app, &boss, "product.approve").await.is_empty());

    // A rejection needs a reason; an unknown id is refused by row; bad input by field.
    let reply = refused(
        &app,
        "POST",
        "/api/v1/admin/products/bulk",
        Some(json!({"ids": [a], "action": "reject"})),
        &boss,
        StatusCode::BAD_REQUEST,
    )
    .await;
    assert!(reply["error"]["fields"]["reason"].is_string());
    for body in [
        json!({"ids": [], "action": "feature"}),
        json!({"ids": [a], "action": "delete"}),
    ] {
        refused(
            &app,
            "POST",
            "/api/v1/admin/products/bulk",
            Some(body),
            &boss,
            StatusCode::BAD_REQUEST,
        )
        .await;
    }
    let report = ok(
        &app,
        "POST",
        "/api/v1/admin/products/bulk",
        Some(json!({"ids": [a, Uuid::now_v7()], "action": "feature"})),
        &boss,
    )
    .await;
    assert_eq!(report["applied"], false);
    assert_eq!(report["rows"][1]["code"], "not_found");

    // All rows fine: all applied, each audited.
    let report = ok(
        &app,
        "POST",
        "/api/v1/admin/products/bulk",
        Some(json!({"ids": [a, b], "action": "approve"})),
        &boss,
    )
    .await;
    assert_eq!(report["applied"], true, "{report}");
    assert_eq!(status_of(&a).await, "active");
    assert_eq!(status_of(&b).await, "active");
    assert_eq!(audited(&app, &boss, "product.approve").await.len(), 2);
    let report = ok(
        &app,
        "POST",
        "/api/v1/admin/products/bulk",
        Some(json!({"ids": [a, b], "action": "feature"})),
        &boss,
    )
    .await;
    assert_eq!(report["applied"], true, "{report}");
    let featured = ok(
        &app,
        "GET",
        "/api/v1/admin/products?featured=true&per_page=100",
        None,
        &boss,
    )
    .await;
    let featured: Vec<&Value> = featured["products"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| &p["id"])
        .collect();
    assert!(featured.contains(&&a) && featured.contains(&&b));
    assert_eq!(audited(&app, &boss, "product.feature").await.len(), 2);

    let customer = quick_customer(&app, "buyer@example.co.za").await;
    refused(
        &app,
        "POST",
        "/api/v1/admin/products/bulk",
        Some(json!({"ids": [a], "action": "feature"})),
        &customer,
        StatusCode::FORBIDDEN,
    )
    .await;
}

fn png() -> Vec<u8> {
    let mut out = Vec::new();
    image::codecs::png::PngEncoder::new(&mut out)
        .write_image(&[90u8; 16 * 16 * 3], 16, 16, image::ExtendedColorType::Rgb8)
        .unwrap();
    out
}

async fn upload(app: &TestApp, who: &Customer, name: &str) -> Value {
    let req = Request::builder()
        .method("POST")
        .uri(format!("/api/v1/vendor/media?filename={name}"))
        .header("authorization", format!("Bearer {}", who.token))
        .header("content-type", "application/octet-stream")
        .body(Body::from(png()))
        .unwrap();
    let resp = app.router.clone().oneshot(req).await.unwrap();
    assert_eq!(resp.status(), StatusCode::CREATED);
    let body = resp.into_body().collect().await.unwrap().to_bytes();
    serde_json::from_slice(&body).unwrap()
}

async fn stored(app: &TestApp, url: &str) -> StatusCode {
    let req = Request::builder().uri(url).body(Body::empty()).unwrap();
    app.router.clone().oneshot(req).await.unwrap().status()
}

#[tokio::test]
async fn media_nothing_uses_is_removed_and_used_media_stays() {
    let app = TestApp::seeded().await;
    let boss = admin(&app, "boss@example.co.za").await;
    let kasi = seller(&app, "kasi@example.co.za", "kasi-kicks", true).await;
    let shown = upload(&app, &kasi, "shown.png").await;
    let spare = upload(&app, &kasi, "spare.png").await;
    let logo = upload(&app, &kasi, "logo.png").await;
    let (status, product) = call(
        &app,
        "POST",
        "/api/v1/vendor/products",
        Some(
            json!({"name": "Shown Tee", "price": "199.00", "stock_quantity": 4,
            "images": [{"url": shown["url"], "alt": "The tee"}]}),
        ),
        &kasi,
    )
    .await;
    assert_eq!(status, StatusCode::CREATED, "{product}");
    let store_id = bazaar_db::vendors::store_of_owner(&app.db, kasi.id)
        .await
        .unwrap()
        .unwrap()
        .id;
    bazaar_db::on_db!(&app.db, pool => sqlx::query("UPDATE vendors SET store_logo_url = $2 WHERE id = $1")
        .bind(store_id).bind(logo["url"].as_str().unwrap()).execute(pool).await.unwrap().rows_affected());

    let list = ok(
        &app,
        "GET",
        &format!("/api/v1/admin/media?vendor_id={store_id}"),
        None,
        &boss,
    )
    .await;
    assert_eq!(list["total"]["count"], 3, "{list}");
    let uses = |name: &str| {
        let item = list["media"]
            .as_array()
            .unwrap()
            .iter()
            .find(|m| m["original_name"] == name)
            .unwrap()
            .clone();
        (
            item["product_uses"].as_i64().unwrap(),
            item["store_uses"].as_i64().unwrap(),
        )
    };
    assert_eq!(uses("shown.png"), (1, 0));
    assert_eq!(uses("logo.png"), (0, 1));
    assert_eq!(uses("spare.png"), (0, 0));
    assert_eq!(list["media"][0]["vendor_name"], "kasi-kicks");
    let unused = ok(&app, "GET", "/api/v1/admin/media?unused=true", None, &boss).await;
    let unused: Vec<&str> = unused["media"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["original_name"].as_str().unwrap())
        .collect();
    assert_eq!(unused, ["spare.png"]);

    // Anything in use refuses the whole removal, row by row; nothing goes.
    let report = ok(
        &app,
        "POST",
        "/api/v1/admin/media/remove",
        Some(json!({"ids": [spare["id"], shown["id"], logo["id"]]})),
        &boss,
    )
    .await;
    assert_eq!(report["applied"], false, "{report}");
    assert_eq!(report["rows"][0]["outcome"], "done");
    assert_eq!(report["rows"][1]["code"], "in_use");
    assert_eq!(report["rows"][2]["code"], "in_use");
    assert_eq!(
        stored(&app, spare["url"].as_str().unwrap()).await,
        StatusCode::OK
    );
    assert!(audited(&app, &boss, "media.remove").await.is_empty());

    // What nothing uses goes, with its file; audited.
    let report = ok(
        &app,
        "POST",
        "/api/v1/admin/media/remove",
        Some(json!({"ids": [spare["id"]]})),
        &boss,
    )
    .await;
    assert_eq!(report["applied"], true, "{report}");
    assert_eq!(
        stored(&app, spare["url"].as_str().unwrap()).await,
        StatusCode::NOT_FOUND
    );
    assert_eq!(
        stored(&app, shown["url"].as_str().unwrap()).await,
        StatusCode::OK
    );
    let entry = &audited(&app, &boss, "media.remove").await[0];
    assert_eq!(entry["details"]["before"]["name"], "spare.png");
    let left = ok(
        &app,
        "GET",
        &format!("/api/v1/admin/media?vendor_id={store_id}"),
        None,
        &boss,
    )
    .await;
    assert_eq!(left["total"]["count"], 2);
    refused(
        &app,
        "GET",
        "/api/v1/admin/media",
        None,
        &kasi,
        StatusCode::FORBIDDEN,
    )
    .await;
}
