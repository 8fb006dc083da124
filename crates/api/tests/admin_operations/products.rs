//! Every store's products: filters, review and featuring.

use super::*;

#[tokio::test]
async fn products_are_filtered_reviewed_and_featured() {
    let app = TestApp::seeded().await;
    let boss = admin(&app, "boss@example.co.za").await;
    let (kasi, tee) = store(&app, "kasi@example.co.za", "kasi-kicks", "300.00").await;
    let id = tee["id"].as_str().unwrap().to_owned();
    let store_id = bazaar_db::vendors::store_of_owner(&app.db, kasi.id)
        .await
        .unwrap()
        .unwrap()
        .id;

    let mine = get(
        &app,
        &format!("/api/v1/admin/products?vendor_id={store_id}"),
        &boss,
    )
    .await;
    assert_eq!(mine["total"]["count"], 1, "{mine}");
    assert_eq!(mine["products"][0]["vendor_name"], "kasi-kicks");
    let all = get(&app, "/api/v1/admin/products?per_page=1", &boss).await;
    assert!(all["total"]["count"].as_i64().unwrap() > 1);
    assert_eq!(all["products"].as_array().unwrap().len(), 1);
    for bad in [
        "status=gone",
        "stock=plenty",
        "per_page=0",
        "per_page=101",
        "page=0",
    ] {
        let (status, body) = call(
            &app,
            "GET",
            &format!("/api/v1/admin/products?{bad}"),
            None,
            &boss,
        )
        .await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{bad}: {body}");
    }

    // Out of stock shows under `out`.
    common::shop::set_stock(&app, id.parse().unwrap(), 0).await;
    let out = get(
        &app,
        &format!("/api/v1/admin/products?stock=out&vendor_id={store_id}"),
        &boss,
    )
    .await;
    assert_eq!(out["total"]["count"], 1, "{out}");

    // Held for review: rejecting needs a reason, which the vendor then sees.
    let mut tx = app.db.begin().await.unwrap();
    bazaar_db::products::vendor::set_status(
        &mut tx,
        id.parse().unwrap(),
        bazaar_domain::catalogue::ProductStatus::PendingReview,
        chrono::Utc::now(),
    )
    .await
    .unwrap();
    tx.commit().await.unwrap();
    let waiting = get(&app, "/api/v1/admin/products?status=pending_review", &boss).await;
    assert_eq!(waiting["total"]["count"], 1);
    refused(
        &app,
        &format!("/api/v1/admin/products/{id}/review"),
        json!({"approve": false}),
        &boss,
        StatusCode::BAD_REQUEST,
    )
    .await;
    let (status, body) = post(
        &app,
        &format!("/api/v1/admin/products/{id}/review"),
        json!({"approve": false, "reason": "The photos show another brand's logo"}),
        &boss,
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["status"], "draft");
    let row = &get(
        &app,
        &format!("/api/v1/admin/products?vendor_id={store_id}"),
        &boss,
    )
    .await["products"][0];
    assert_eq!(row["review_note"], "The photos show another brand's logo");
    let history = get(&app, &format!("/api/v1/admin/products/{id}/history"), &boss).await;
    assert_eq!(history["audit"][0]["action"], "product.reject");
    assert_eq!(
        history["audit"][0]["details"]["before"]["status"],
        "pending_review"
    );
    assert_eq!(history["audit"][0]["details"]["after"]["status"], "draft");

    // Featuring names the version seen: a second admin's stale toggle gets 409.
    let version = row["version"].as_i64().unwrap();
    let (status, body) = call(
        &app,
        "PUT",
        &format!("/api/v1/admin/products/{id}/featured"),
        Some(json!({"featured": true, "version": version})),
        &boss,
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["version"], version + 1);
    let (status, body) = call(
        &app,
        "PUT",
        &format!("/api/v1/admin/products/{id}/featured"),
        Some(json!({"featured": false, "version": version})),
        &boss,
    )
    .await;
    assert_eq!(status, StatusCode::CONFLICT, "{body}");
    assert_eq!(body["error"]["code"], "stale");
    let featured = get(
        &app,
        &format!("/api/v1/admin/products?featured=true&vendor_id={store_id}"),
        &boss,
    )
    .await;
    assert_eq!(featured["total"]["count"], 1);
    assert_eq!(audited(&app, &boss, "product.feature").await.len(), 1);
    let (status, _) = call(
        &app,
        "PUT",
        &format!("/api/v1/admin/products/{}/featured", Uuid::now_v7()),
        Some(json!({"featured": true, "version": 1})),
        &boss,
    )
    .await;
    assert_eq!(status, StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn with_review_on_a_new_stores_products_wait_for_an_admin() {
    let app = TestApp::seeded().await;
    let boss = admin(&app, "boss@example.co.za").await;
    let setting = get(&app, "/api/v1/admin/settings/product-review", &boss).await;
    assert_eq!(setting["new_vendors"], false);
    let (status, body) = call(
        &app,
        "PUT",
        "/api/v1/admin/settings/product-review",
        Some(json!({"new_vendors": true, "days": 4000})),
        &boss,
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
    let (status, body) = call(
        &app,
        "PUT",
        "/api/v1/admin/settings/product-review",
        Some(json!({"new_vendors": true, "days": 30})),
        &boss,
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let entry = &audited(&app, &boss, "settings.product_review").await[0];
    assert_eq!(entry["details"]["before"]["new_vendors"], false);
    assert_eq!(entry["details"]["after"]["new_vendors"], true);

    let (_kasi, tee) = store(&app, "kasi@example.co.za", "kasi-kicks", "300.00").await;
    assert_eq!(tee["status"], "pending_review", "{tee}");
    let id = tee["id"].as_str().unwrap();
    let waiting = get(&app, "/api/v1/admin/products?status=pending_review", &boss).await;
    assert_eq!(waiting["products"][0]["id"], id);
    let (status, body) = post(
        &app,
        &format!("/api/v1/admin/products/{id}/review"),
        json!({"approve": true}),
        &boss,
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["status"], "active");
    let (status, body) = post(
        &app,
        &format!("/api/v1/admin/products/{id}/review"),
        json!({"approve": true}),
        &boss,
    )
    .await;
    assert_eq!(status, StatusCode::CONFLICT, "decided already: {body}");
    assert_eq!(audited(&app, &boss, "product.approve").await.len(), 1);
}
