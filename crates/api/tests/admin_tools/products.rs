//! A store's product edited in the vendor editor with admin powers, and products changed
//! in bulk all or nothing with a report row by row.

use super::*;

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
