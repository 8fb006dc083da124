//! Vendors writing their catalogue: the editor's saves (with the importer's rules and
//! messages), versions, publishing rules, review, many products at once, and that no
//! other store reaches a vendor's products. SQLite and (with TEST_DATABASE_URL)
//! PostgreSQL.

mod common;

use axum::http::StatusCode;
use common::TestApp;
use common::jobs::Customer;
use common::shop::{admin, call, quick_customer, seller};
use serde_json::{Value, json};

fn tee(status: &str) -> Value {
    json!({
        "name": "Trail Tee",
        "brand": "Kasi",
        "category": "apparel",
        "description": "A light tee for long runs.",
        "price": "399.00",
        "images": [{"url": "/media/seed/products/tee.svg", "alt": "The tee, front"}],
        "status": status,
        "variations": [
            {"sku": "kasi-tee-m", "attributes": [{"name": "Size", "value": "M"}], "stock_quantity": 4},
            {"sku": "kasi-tee-l", "attributes": [{"name": "Size", "value": "L"}], "price": "429.00", "stock_quantity": 2}
        ]
    })
}

async fn create(app: &TestApp, who: &Customer, body: Value) -> Value {
    let (status, product) = call(app, "POST", "/api/v1/vendor/products", Some(body), who).await;
    assert_eq!(status, StatusCode::CREATED, "{product}");
    product
}

fn id_of(v: &Value) -> String {
    v["id"].as_str().unwrap().to_owned()
}

#[tokio::test]
async fn a_vendor_creates_edits_and_lists_their_products() {
    let app = TestApp::seeded().await;
    let thandi = seller(&app, "thandi@example.co.za", "kasi-kicks", true).await;

    let product = create(&app, &thandi, tee("draft")).await;
    assert_eq!(product["slug"], "trail-tee", "derived from the name");
    assert_eq!(product["status"], "draft");
    assert_eq!(product["version"], 1);
    assert_eq!(product["images"][0]["alt"], "The tee, front");
    let skus: Vec<&str> = product["variations"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v["sku"].as_str().unwrap())
        .collect();
    assert_eq!(skus, ["KASI-TEE-M", "KASI-TEE-L"]);
    assert_eq!(product["variations"][0]["name"], "M");
    assert_eq!(product["variations"][0]["price_cents"], 39900);
    assert_eq!(product["variations"][1]["price_cents"], 42900);
    assert_eq!(product["available_stock"], 6);
    assert_eq!(product["listed"], false, "a draft is not shown");
    let id = id_of(&product);

    // Another product with the same name gets its own address.
    let twin = create(
        &app,
        &thandi,
        json!({"name": "Trail Tee", "price": "10", "sku": "twin-1"}),
    )
    .await;
    assert_eq!(twin["slug"], "trail-tee-2");

    // The list: search by name and by exact SKU, filter by status.
    let (_, list) = call(
        &app,
        "GET",
        "/api/v1/vendor/products?q=trail&sort=name",
        None,
        &thandi,
    )
    .await;
    assert_eq!(list["meta"]["total"], 2);
    let (_, list) = call(
        &app,
        "GET",
        "/api/v1/vendor/products?q=kasi-tee-l",
        None,
        &thandi,
    )
    .await;
    assert_eq!(list["items"].as_array().unwrap().len(), 1);
    assert_eq!(list["items"][0]["variation_count"], 2);
    assert_eq!(list["items"][0]["min_price_cents"], 39900);
    assert_eq!(list["items"][0]["max_price_cents"], 42900);
    let (status, list) = call(
        &app,
        "GET",
        "/api/v1/vendor/products?status=active",
        None,
        &thandi,
    )
    .await;
    assert_eq!(
        (status, list["meta"]["total"].clone()),
        (StatusCode::OK, json!(0))
    );
    let (status, body) = call(
        &app,
        "GET",
        "/api/v1/vendor/products?status=gone",
        None,
        &thandi,
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(body["error"]["fields"]["status"].is_string(), "{body}");

    // Saving: the version moves on; one variation dropped is deleted; a save against the
    // old version is refused.
    let mut edit = tee("draft");
    edit["version"] = json!(1);
    edit["sale_price"] = json!("349.00");
    edit["variations"] =
        json!([{"sku": "kasi-tee-m", "attributes": {"Size": "M"}, "stock_quantity": 7}]);
    let (status, saved) = call(
        &app,
        "PUT",
        &format!("/api/v1/vendor/products/{id}"),
        Some(edit.clone()),
        &thandi,
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{saved}");
    assert_eq!(saved["version"], 2);
    assert_eq!(saved["sale_price_cents"], 34900);
    assert_eq!(saved["variations"].as_array().unwrap().len(), 1);
    assert_eq!(saved["available_stock"], 7);
    let (status, stale) = call(
        &app,
        "PUT",
        &format!("/api/v1/vendor/products/{id}"),
        Some(edit),
        &thandi,
    )
    .await;
    assert_eq!(status, StatusCode::CONFLICT);
    assert_eq!(stale["error"]["code"], "stale");
    assert_eq!(
        stale["error"]["message"],
        "This product was changed by someone else"
    );
    let (status, missing) = call(
        &app,
        "PUT",
        &format!("/api/v1/vendor/products/{id}"),
        Some(tee("draft")),
        &thandi,
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(missing["error"]["fields"]["version"].is_string());

    // Field rules that need the database: the category, the slug, SKUs of other products.
    let (status, body) = call(
        &app,
        "POST",
        "/api/v1/vendor/products",
        Some(json!({"name": "X", "price": "1", "category": "no-such-thing"})),
        &thandi,
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(
        body["error"]["fields"]["category"],
        "Choose one of the shop's categories"
    );
    let (_, body) = call(
        &app,
        "POST",
        "/api/v1/vendor/products",
        Some(json!({"name": "X", "price": "1", "slug": "trail-tee"})),
        &thandi,
    )
    .await;
    assert_eq!(
        body["error"]["fields"]["slug"],
        "This address is taken by another product"
    );
    let (_, body) = call(
        &app,
        "POST",
        "/api/v1/vendor/products",
        Some(json!({"name": "X", "price": "1", "sku": "KASI-TEE-M"})),
        &thandi,
    )
    .await;
    assert_eq!(
        body["error"]["fields"]["sku"],
        "SKU KASI-TEE-M already belongs to product 'trail-tee'"
    );
    let (_, body) = call(
        &app,
        "POST",
        "/api/v1/vendor/products",
        Some(json!({"name": "X", "price": "1", "variations": [{"sku": "twin-1", "name": "One"}]})),
        &thandi,
    )
    .await;
    assert_eq!(
        body["error"]["fields"]["variations.sku"],
        "SKU TWIN-1 already belongs to product 'trail-tee-2'"
    );

    // Archiving puts products out of the default list; asking for archived shows them.
    let (status, changed) = call(
        &app,
        "POST",
        "/api/v1/vendor/products/bulk",
        Some(json!({"ids": [id_of(&twin)], "action": "archive"})),
        &thandi,
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{changed}");
    assert_eq!(changed["moved"][0]["status"], "archived");
    let (_, list) = call(&app, "GET", "/api/v1/vendor/products", None, &thandi).await;
    assert_eq!(list["meta"]["total"], 1);
    let (_, list) = call(
        &app,
        "GET",
        "/api/v1/vendor/products?status=archived",
        None,
        &thandi,
    )
    .await;
    assert_eq!(list["items"][0]["slug"], "trail-tee-2");
}

#[tokio::test]
async fn another_store_or_a_customer_cannot_reach_a_vendors_products() {
    let app = TestApp::seeded().await;
    let thandi = seller(&app, "thandi@example.co.za", "kasi-kicks", true).await;
    let sipho = seller(&app, "sipho@example.co.za", "sipho-sport", true).await;
    let product = create(&app, &thandi, tee("draft")).await;
    let id = id_of(&product);
    let uri = format!("/api/v1/vendor/products/{id}");

    let (status, _) = call(&app, "GET", &uri, None, &sipho).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    let mut edit = tee("draft");
    edit["version"] = json!(1);
    let (status, _) = call(&app, "PUT", &uri, Some(edit), &sipho).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    let (status, _) = call(
        &app,
        "POST",
        "/api/v1/vendor/products/bulk",
        Some(json!({"ids": [id], "action": "archive"})),
        &sipho,
    )
    .await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    let (_, list) = call(&app, "GET", "/api/v1/vendor/products?q=trail", None, &sipho).await;
    assert_eq!(list["meta"]["total"], 0);
    let (_, mine) = call(&app, "GET", &uri, None, &thandi).await;
    assert_eq!(mine["version"], 1, "nothing was changed by the other store");
    assert_eq!(mine["status"], "draft");

    let shopper = quick_customer(&app, "shopper@example.co.za").await;
    let (status, _) = call(&app, "GET", &uri, None, &shopper).await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    let (status, _) = call(
        &app,
        "POST",
        "/api/v1/vendor/products",
        Some(tee("draft")),
        &shopper,
    )
    .await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    let r = app
        .call("GET", "/api/v1/vendor/products", None, None, None)
        .await;
    assert_eq!(r.status, StatusCode::UNAUTHORIZED);
}

#[tokio::test]
async fn publishing_needs_the_current_agreement() {
    let app = TestApp::seeded().await;
    let thandi = seller(&app, "thandi@example.co.za", "kasi-kicks", false).await;
    let (status, body) = call(
        &app,
        "POST",
        "/api/v1/vendor/products",
        Some(tee("active")),
        &thandi,
    )
    .await;
    assert_eq!(status, StatusCode::CONFLICT);
    assert_eq!(body["error"]["code"], "agreement_required");
    assert_eq!(
        body["error"]["message"],
        "Accept the current vendor agreement before publishing products"
    );
    let draft = create(&app, &thandi, tee("draft")).await;
    let (status, body) = call(
        &app,
        "POST",
        "/api/v1/vendor/products/bulk",
        Some(json!({"ids": [id_of(&draft)], "action": "activate"})),
        &thandi,
    )
    .await;
    assert_eq!(
        (status, body["error"]["code"].clone()),
        (StatusCode::CONFLICT, json!("agreement_required"))
    );

    let (status, _) = call(
        &app,
        "POST",
        "/api/v1/vendor/agreements/1/accept",
        None,
        &thandi,
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    let (status, body) = call(
        &app,
        "POST",
        "/api/v1/vendor/products/bulk",
        Some(json!({"ids": [id_of(&draft)], "action": "activate"})),
        &thandi,
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["moved"][0]["status"], "active");
    let page = app
        .get(&format!(
            "/api/v1/products/{}",
            draft["slug"].as_str().unwrap()
        ))
        .await;
    assert_eq!(
        page.status,
        StatusCode::OK,
        "an active product of an approved store is shown"
    );

    // Activating again changes nothing.
    let (_, body) = call(
        &app,
        "POST",
        "/api/v1/vendor/products/bulk",
        Some(json!({"ids": [id_of(&draft)], "action": "activate"})),
        &thandi,
    )
    .await;
    assert_eq!(body["unchanged"][0], id_of(&draft));
}

#[tokio::test]
async fn new_stores_products_wait_for_review_when_the_platform_asks() {
    let app = TestApp::seeded().await;
    let mut tx = app.db.begin().await.unwrap();
    bazaar_db::settings::put_system(
        &mut tx,
        "product_review",
        &json!({"new_vendors": true, "days": 30}),
        chrono::Utc::now(),
    )
    .await
    .unwrap();
    tx.commit().await.unwrap();
    let thandi = seller(&app, "thandi@example.co.za", "kasi-kicks", true).await;
    let amahle = admin(&app, "amahle@bazaar.test").await;

    let product = create(&app, &thandi, tee("active")).await;
    assert_eq!(product["status"], "pending_review");
    assert_eq!(product["listed"], false);
    let id = id_of(&product);
    let review = format!("/api/v1/admin/products/{id}/review");

    let (status, _) = call(
        &app,
        "POST",
        &review,
        Some(json!({"approve": true})),
        &thandi,
    )
    .await;
    assert_eq!(status, StatusCode::FORBIDDEN, "vendors do not review");
    let (status, body) = call(
        &app,
        "POST",
        &review,
        Some(json!({"approve": false})),
        &amahle,
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(
        body["error"]["fields"]["reason"],
        "Say why the product is not approved"
    );
    let (status, body) = call(
        &app,
        "POST",
        &review,
        Some(json!({"approve": true})),
        &amahle,
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["status"], "active");
    let (status, body) = call(
        &app,
        "POST",
        &review,
        Some(json!({"approve": true})),
        &amahle,
    )
    .await;
    assert_eq!(
        (status, body["error"]["code"].clone()),
        (StatusCode::CONFLICT, json!("not_pending"))
    );
    let audit: Vec<String> = bazaar_db::audit::of_subject(&app.db, "product", &id)
        .await
        .unwrap()
        .into_iter()
        .map(|e| e.action)
        .collect();
    assert_eq!(audit, ["product.approve"]);

    // Once it has been on sale, taking it off and back on needs no second review.
    let (_, body) = call(
        &app,
        "POST",
        "/api/v1/vendor/products/bulk",
        Some(json!({"ids": [id], "action": "deactivate"})),
        &thandi,
    )
    .await;
    assert_eq!(body["moved"][0]["status"], "inactive");
    let (_, body) = call(
        &app,
        "POST",
        "/api/v1/vendor/products/bulk",
        Some(json!({"ids": [id], "action": "activate"})),
        &thandi,
    )
    .await;
    assert_eq!(body["moved"][0]["status"], "active");
}

#[tokio::test]
async fn a_deactivated_product_leaves_carts_pages_and_search() {
    let app = TestApp::seeded().await;
    let jobs = app.start_jobs();
    let thandi = seller(&app, "thandi@example.co.za", "kasi-kicks", true).await;
    let product = create(&app, &thandi, json!({
        "name": "Zebra Stripe Socks", "price": "89.00", "sku": "zebra-socks", "stock_quantity": 5,
        "status": "active", "category": "accessories"
    }))
    .await;
    assert_eq!(product["status"], "active");
    assert_eq!(product["listed"], true);
    TestApp::eventually("the new product in search", 30, || async {
        let r = app.get_ok("/api/v1/search?q=zebra").await;
        (r["products"]
            .as_array()
            .is_some_and(|a| a.iter().any(|p| p["slug"] == "zebra-stripe-socks")))
        .then_some(())
    })
    .await;

    let shopper = quick_customer(&app, "shopper@example.co.za").await;
    let (status, cart) = call(
        &app,
        "POST",
        "/api/v1/cart/items",
        Some(json!({"product_id": id_of(&product), "quantity": 2})),
        &shopper,
    )
    .await;
    assert!(status.is_success(), "{cart}");

    let (_, body) = call(
        &app,
        "POST",
        "/api/v1/vendor/products/bulk",
        Some(json!({"ids": [id_of(&product)], "action": "deactivate"})),
        &thandi,
    )
    .await;
    assert_eq!(body["moved"][0]["status"], "inactive");

    let (_, cart) = call(&app, "GET", "/api/v1/cart", None, &shopper).await;
    assert_eq!(cart["cart"]["items"][0]["available"], false, "{cart}");
    let (status, refused) = call(
        &app,
        "POST",
        "/api/v1/checkout/quote",
        Some(json!({})),
        &shopper,
    )
    .await;
    assert!(status.is_client_error(), "{refused}");
    assert_eq!(refused["error"]["message"], "This product is not available");
    assert_eq!(
        app.get("/api/v1/products/zebra-stripe-socks").await.status,
        StatusCode::NOT_FOUND
    );
    TestApp::eventually("the product gone from search", 30, || async {
        let r = app.get_ok("/api/v1/search?q=zebra").await;
        (!r["products"]
            .as_array()
            .is_some_and(|a| a.iter().any(|p| p["slug"] == "zebra-stripe-socks")))
        .then_some(())
    })
    .await;
    drop(jobs);
}

#[tokio::test]
async fn every_sort_of_the_vendor_list_orders_and_pages_the_store() {
    let app = TestApp::seeded().await;
    let thandi = seller(&app, "thandi@example.co.za", "kasi-kicks", true).await;
    // Made in this order; names, prices and stock each order them differently.
    for (name, price, stock) in [
        ("beanie", "250.00", 7),
        ("Cap", "90.00", 1),
        ("anorak", "899.00", 3),
    ] {
        let sku = format!("sort-{}", name.to_lowercase());
        create(
            &app,
            &thandi,
            json!({"name": name, "price": price, "sku": sku, "stock_quantity": stock}),
        )
        .await;
    }
    let names = |list: &Value| -> Vec<String> {
        list["items"]
            .as_array()
            .unwrap()
            .iter()
            .map(|p| p["name"].as_str().unwrap().to_owned())
            .collect()
    };
    for (sort, expected) in [
        ("newest", ["anorak", "Cap", "beanie"]),
        ("updated", ["anorak", "Cap", "beanie"]),
        ("name", ["anorak", "beanie", "Cap"]),
        ("price-asc", ["Cap", "beanie", "anorak"]),
        ("price-desc", ["anorak", "beanie", "Cap"]),
        ("stock-asc", ["Cap", "anorak", "beanie"]),
    ] {
        let path = format!("/api/v1/vendor/products?sort={sort}&per_page=2");
        let (_, first) = call(&app, "GET", &path, None, &thandi).await;
        let (_, second) = call(&app, "GET", &format!("{path}&page=2"), None, &thandi).await;
        let mut seen = names(&first);
        seen.extend(names(&second));
        assert_eq!(seen, expected, "{sort}");
        assert_eq!(first["meta"]["total"], 3, "{sort}");
    }
    // A search narrows every sort; its count is the matches'.
    let (_, list) = call(
        &app,
        "GET",
        "/api/v1/vendor/products?q=A&sort=name",
        None,
        &thandi,
    )
    .await;
    assert_eq!(names(&list), ["anorak", "beanie", "Cap"]);
    let (_, list) = call(
        &app,
        "GET",
        "/api/v1/vendor/products?q=SORT-CAP&sort=price-desc",
        None,
        &thandi,
    )
    .await;
    assert_eq!(
        (names(&list), list["meta"]["total"].clone()),
        (vec!["Cap".to_owned()], json!(1))
    );
}
