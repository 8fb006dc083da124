//! Stock low or out across stores, adjusted with a reason, and every level listed lowest
//! first.

use super::*;

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
    // Without text, and with text too short for the trigram index (a scan), too.
    for uri in [
        "/api/v1/admin/products?stock=low&per_page=100",
        "/api/v1/admin/products?q=ki&stock=low&per_page=100",
    ] {
        let list = ok(&app, "GET", uri, None, &boss).await;
        assert!(
            list["products"]
                .as_array()
                .unwrap()
                .iter()
                .any(|p| p["id"] == id),
            "{uri}: {list}"
        );
    }
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
