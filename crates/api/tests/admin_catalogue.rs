//! The catalogue's structure and reviews for admins: the category tree (three levels at
//! most, no loops; a renamed address carries its products; a removed category moves its
//! products and sub-categories; a switched-off one leaves the storefront), the global
//! attributes the vendor editor offers, and reviews hidden and shown again with the
//! product's rating following. Stale changes get 409 and every change is audited. SQLite
//! and (with TEST_DATABASE_URL) PostgreSQL.

mod common;

use axum::http::StatusCode;
use common::TestApp;
use common::jobs::Customer;
use common::shop::{admin, call};
use serde_json::{Value, json};
use uuid::Uuid;

async fn ok(app: &TestApp, method: &str, uri: &str, body: Option<Value>, who: &Customer) -> Value {
    let (status, reply) = call(app, method, uri, body, who).await;
    assert!(status.is_success(), "{method} {uri}: {status} {reply}");
    reply
}

async fn categories(app: &TestApp, boss: &Customer) -> Vec<Value> {
    ok(app, "GET", "/api/v1/admin/categories", None, boss).await["categories"]
        .as_array()
        .unwrap()
        .clone()
}

async fn products_in(app: &TestApp, slug: &str) -> i64 {
    bazaar_db::on_db!(&app.db, pool => sqlx::query_scalar::<_, i64>("SELECT COUNT(*) FROM products WHERE category = $1")
        .bind(slug).fetch_one(pool).await.unwrap())
}

#[tokio::test]
async fn categories_form_a_tree_and_their_products_follow_them() {
    let app = TestApp::seeded().await;
    let boss = admin(&app, "boss@example.co.za").await;
    let all = categories(&app, &boss).await;
    let seeded = all
        .iter()
        .find(|c| c["product_count"].as_i64().unwrap() > 0)
        .expect("a seeded category with products")
        .clone();
    let seeded_slug = seeded["slug"].as_str().unwrap().to_owned();
    let seeded_products = seeded["product_count"].as_i64().unwrap();

    // A three-level branch; a fourth level, a loop and a taken address are refused.
    let top = ok(
        &app,
        "POST",
        "/api/v1/admin/categories",
        Some(json!({"name": "Trail", "position": 3})),
        &boss,
    )
    .await;
    assert_eq!(top["slug"], "trail");
    let mid = ok(
        &app,
        "POST",
        "/api/v1/admin/categories",
        Some(json!({"name": "Hiking", "parent_id": top["id"]})),
        &boss,
    )
    .await;
    let low = ok(
        &app,
        "POST",
        "/api/v1/admin/categories",
        Some(json!({"name": "Hiking Boots", "parent_id": mid["id"]})),
        &boss,
    )
    .await;
    for (body, field) in [
        (
            json!({"name": "Too Deep", "parent_id": low["id"]}),
            "parent_id",
        ),
        (
            json!({"name": "Nowhere", "parent_id": Uuid::now_v7()}),
            "parent_id",
        ),
        (json!({"name": "Trail"}), "slug"),
        (json!({"name": "X"}), "name"),
        (json!({"name": "Bad", "slug": "Not A Slug"}), "slug"),
    ] {
        let (status, reply) = call(
            &app,
            "POST",
            "/api/v1/admin/categories",
            Some(body.clone()),
            &boss,
        )
        .await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{body}: {reply}");
        assert!(
            reply["error"]["fields"][field].is_string(),
            "{body}: {reply}"
        );
    }
    let (status, reply) = call(
        &app,
        "PUT",
        &format!("/api/v1/admin/categories/{}", top["id"].as_str().unwrap()),
        Some(json!({"name": "Trail", "parent_id": low["id"], "version": top["version"]})),
        &boss,
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "a loop: {reply}");

    // A new address carries its products with it; a stale edit is refused.
    let uri = format!(
        "/api/v1/admin/categories/{}",
        seeded["id"].as_str().unwrap()
    );
    let renamed = ok(
        &app,
        "PUT",
        &uri,
        Some(json!({"name": "Renamed", "slug": "renamed-gear", "parent_id": top["id"], "version": seeded["version"]})),
        &boss,
    )
    .await;
    assert_eq!(renamed["product_count"], seeded_products);
    assert_eq!(products_in(&app, &seeded_slug).await, 0);
    let (status, reply) = call(
        &app,
        "PUT",
        &uri,
        Some(json!({"name": "Again", "version": seeded["version"]})),
        &boss,
    )
    .await;
    assert_eq!(status, StatusCode::CONFLICT, "{reply}");
    assert_eq!(reply["error"]["code"], "stale");

    // Switched off, it leaves the storefront's categories.
    let listed = |list: &Value| {
        list["categories"]
            .as_array()
            .unwrap()
            .iter()
            .any(|c| c["slug"] == "renamed-gear")
    };
    assert!(listed(&app.get_ok("/api/v1/categories").await));
    ok(
        &app,
        "PUT",
        &uri,
        Some(json!({"name": "Renamed", "slug": "renamed-gear", "parent_id": top["id"], "active": false, "version": renamed["version"]})),
        &boss,
    )
    .await;
    assert!(!listed(&app.get_ok("/api/v1/categories").await));

    // Removed: its products go to its parent; a removed branch's children move up.
    let removed = ok(&app, "DELETE", &uri, None, &boss).await;
    assert_eq!(removed["products_to"], "trail");
    assert_eq!(removed["products_moved"], seeded_products);
    assert_eq!(products_in(&app, "trail").await, seeded_products);
    let gone = ok(
        &app,
        "DELETE",
        &format!(
            "/api/v1/admin/categories/{}?move_to=hiking-boots",
            top["id"].as_str().unwrap()
        ),
        None,
        &boss,
    )
    .await;
    assert_eq!(gone["products_to"], "hiking-boots");
    assert_eq!(products_in(&app, "hiking-boots").await, seeded_products);
    let after = categories(&app, &boss).await;
    let hiking = after.iter().find(|c| c["slug"] == "hiking").unwrap();
    assert!(hiking["parent_id"].is_null(), "moved up: {hiking}");
    let (status, _) = call(&app, "DELETE", &uri, None, &boss).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    let (status, reply) = call(
        &app,
        "DELETE",
        &format!(
            "/api/v1/admin/categories/{}?move_to=nowhere",
            hiking["id"].as_str().unwrap()
        ),
        None,
        &boss,
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{reply}");

    let log = ok(
        &app,
        "GET",
        "/api/v1/admin/audit-log?action=category.delete",
        None,
        &boss,
    )
    .await;
    assert_eq!(log["total"]["count"], 2);
    let entry = &log["entries"][1];
    assert_eq!(entry["details"]["before"]["slug"], "renamed-gear");
    assert_eq!(entry["details"]["after"]["products_to"], "trail");
}

#[tokio::test]
async fn global_attributes_are_kept_by_admins_and_offered_to_vendors() {
    let app = TestApp::seeded().await;
    let boss = admin(&app, "boss@example.co.za").await;
    let list = ok(&app, "GET", "/api/v1/admin/global-attributes", None, &boss).await;
    let size = list["attributes"]
        .as_array()
        .unwrap()
        .iter()
        .find(|a| a["name"] == "Size")
        .unwrap()
        .clone();
    let created = ok(
        &app,
        "POST",
        "/api/v1/admin/global-attributes",
        Some(json!({"name": "Shoe size", "values": ["6", "7", "8", "9"], "position": 3})),
        &boss,
    )
    .await;
    assert_eq!(created["values"], json!(["6", "7", "8", "9"]));
    for body in [
        json!({"name": "Size", "values": ["S"]}),
        json!({"name": "Width", "values": []}),
        json!({"name": "Width", "values": ["Wide", "wide"]}),
    ] {
        let (status, reply) = call(
            &app,
            "POST",
            "/api/v1/admin/global-attributes",
            Some(body.clone()),
            &boss,
        )
        .await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{body}: {reply}");
    }
    let uri = format!(
        "/api/v1/admin/global-attributes/{}",
        size["id"].as_str().unwrap()
    );
    let values: Vec<&str> = ["XXS", "XS", "S", "M", "L", "XL", "XXL"].to_vec();
    let updated = ok(
        &app,
        "PUT",
        &uri,
        Some(json!({"name": "Size", "values": values, "position": 1, "version": size["version"]})),
        &boss,
    )
    .await;
    assert_eq!(updated["values"][0], "XXS");
    let (status, reply) = call(
        &app,
        "PUT",
        &uri,
        Some(json!({"name": "Size", "values": ["S"], "version": size["version"]})),
        &boss,
    )
    .await;
    assert_eq!(status, StatusCode::CONFLICT, "{reply}");

    // The vendor editor offers what the admins keep.
    let vendor = common::shop::seller(&app, "kasi@example.co.za", "kasi-kicks", true).await;
    let offered = ok(&app, "GET", "/api/v1/vendor/attributes", None, &vendor).await;
    assert!(offered.to_string().contains("XXS"), "{offered}");
    assert!(offered.to_string().contains("Shoe size"), "{offered}");
    let (status, _) = call(
        &app,
        "DELETE",
        &format!(
            "/api/v1/admin/global-attributes/{}",
            created["id"].as_str().unwrap()
        ),
        None,
        &boss,
    )
    .await;
    assert_eq!(status, StatusCode::NO_CONTENT);
    let offered = ok(&app, "GET", "/api/v1/vendor/attributes", None, &vendor).await;
    assert!(!offered.to_string().contains("Shoe size"), "{offered}");
    let log = ok(
        &app,
        "GET",
        "/api/v1/admin/audit-log?action=attribute",
        None,
        &boss,
    )
    .await;
    assert_eq!(log["total"]["count"], 3);
}

#[tokio::test]
async fn a_hidden_review_leaves_the_rating_until_restored() {
    let app = TestApp::seeded().await;
    let boss = admin(&app, "boss@example.co.za").await;
    let list = ok(
        &app,
        "GET",
        "/api/v1/admin/reviews?per_page=100",
        None,
        &boss,
    )
    .await;
    let reviews = list["reviews"].as_array().unwrap();
    assert!(!reviews.is_empty(), "the seed has reviews");
    // A product with two or more reviews of different ratings.
    let review = reviews
        .iter()
        .find(|r| {
            reviews
                .iter()
                .any(|o| o["product_id"] == r["product_id"] && o["rating"] != r["rating"])
        })
        .expect("a product with mixed reviews")
        .clone();
    let slug = review["product_slug"].as_str().unwrap().to_owned();
    let rating = |p: &Value| p["product"]["rating"].clone();
    let before = rating(&app.get_ok(&format!("/api/v1/products/{slug}")).await);

    let uri = format!("/api/v1/admin/reviews/{}", review["id"].as_str().unwrap());
    let (status, reply) = call(
        &app,
        "POST",
        &format!("{uri}/hide"),
        Some(json!({"reason": ""})),
        &boss,
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{reply}");
    let hidden = ok(
        &app,
        "POST",
        &format!("{uri}/hide"),
        Some(json!({"reason": "Abusive language"})),
        &boss,
    )
    .await;
    assert_eq!(hidden["hidden"], true);
    assert_eq!(hidden["hidden_reason"], "Abusive language");
    let during = rating(&app.get_ok(&format!("/api/v1/products/{slug}")).await);
    assert_ne!(during, before, "the rating follows");
    assert_eq!(
        during["count"].as_i64().unwrap(),
        before["count"].as_i64().unwrap() - 1
    );
    let (status, _) = call(
        &app,
        "POST",
        &format!("{uri}/hide"),
        Some(json!({"reason": "Again"})),
        &boss,
    )
    .await;
    assert_eq!(status, StatusCode::CONFLICT);
    let only_hidden = ok(
        &app,
        "GET",
        "/api/v1/admin/reviews?visibility=hidden",
        None,
        &boss,
    )
    .await;
    assert_eq!(only_hidden["total"]["count"], 1);
    for bad in ["rating=6", "visibility=gone", "per_page=0"] {
        let (status, _) = call(
            &app,
            "GET",
            &format!("/api/v1/admin/reviews?{bad}"),
            None,
            &boss,
        )
        .await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{bad}");
    }

    ok(
        &app,
        "POST",
        &format!("{uri}/restore"),
        Some(json!({})),
        &boss,
    )
    .await;
    let after = rating(&app.get_ok(&format!("/api/v1/products/{slug}")).await);
    assert_eq!(after, before);
    let log = ok(
        &app,
        "GET",
        "/api/v1/admin/audit-log?subject_type=review",
        None,
        &boss,
    )
    .await;
    assert_eq!(log["total"]["count"], 2);
    assert_eq!(log["entries"][1]["details"]["reason"], "Abusive language");
}
