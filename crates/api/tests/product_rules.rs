//! One set of product rules: a table of spoiled fields drives both writers, the importer
//! and the vendor's editor, which must refuse the same field with the same words. SQLite
//! and (with TEST_DATABASE_URL) PostgreSQL.

mod common;

use axum::http::StatusCode;
use common::TestApp;
use common::shop::{call, seller};
use serde_json::{Map, Value, json};

/// One table drives both writers: each row spoils one field of a good product, and the
/// importer and the editor must name the same field with the same message.
#[tokio::test]
async fn the_importer_and_the_editor_share_every_rule_and_message() {
    let app = TestApp::seeded().await;
    let thandi = seller(&app, "thandi@example.co.za", "kasi-kicks", true).await;
    let long = "n".repeat(201);
    let table: Vec<(Value, &str, &str)> = vec![
        (json!({"name": null}), "name", "is required"),
        (
            json!({"name": long}),
            "name",
            "must be at most 200 characters",
        ),
        (json!({"slug": "Not A Slug"}), "slug", ""),
        (
            json!({"price": "12.345"}),
            "price",
            "must have at most 2 decimals",
        ),
        (json!({"price": "-1"}), "price", ""),
        (
            json!({"sale_price": "1.001"}),
            "sale_price",
            "must have at most 2 decimals",
        ),
        (json!({"status": "gone"}), "status", ""),
        (
            json!({"status": "pending_review"}),
            "status",
            "must be one of draft, active, inactive",
        ),
        (
            json!({"product_type": "boxed"}),
            "product_type",
            "'boxed' is not one of physical, digital",
        ),
        (
            json!({"max_owned_per_user": 2}),
            "max_owned_per_user",
            "only digital products can limit how many a customer owns",
        ),
        (
            json!({"stock_quantity": -1}),
            "stock_quantity",
            "must be between 0 and 1000000000",
        ),
        (
            json!({"sku": "has space"}),
            "sku",
            "must be at most 64 letters, digits, '-', '_' or '.'",
        ),
        (json!({"images": ["javascript:alert(1)"]}), "images", ""),
        (
            json!({"videos": ["//elsewhere.example/v.mp4"]}),
            "videos",
            "",
        ),
        (
            json!({"seo_title": "t".repeat(71)}),
            "seo_title",
            "must be at most 70 characters",
        ),
        (
            json!({"seo_description": "d".repeat(161)}),
            "seo_description",
            "must be at most 160 characters",
        ),
        (json!({"colour": "red"}), "colour", "unknown field"),
        (
            json!({"variations": [{"sku": "A-1", "name": "a"}, {"sku": "a-1", "name": "b"}]}),
            "variations.sku",
            "SKU A-1 appears twice",
        ),
        (
            json!({"variations": [{"sku": "B-1"}]}),
            "variations[0].name",
            "is required when there are no attributes",
        ),
        (
            json!({"variations": [{"sku": "C-1", "name": "c", "price": "x"}]}),
            "variations[0].price",
            "",
        ),
        (
            json!({"variations": [{"sku": "D-1", "attributes": {"Size": "M"}}, {"sku": "D-2", "attributes": {"Size": "M"}}]}),
            "variations.attributes",
            "two variations have the same attributes",
        ),
    ];
    for (i, (spoil, field, message)) in table.iter().enumerate() {
        let mut body: Map<String, Value> = json!({
            "slug": format!("shared-rule-{i}"), "name": "Shared Rule", "price": "100.00"
        })
        .as_object()
        .cloned()
        .unwrap();
        for (k, v) in spoil.as_object().unwrap() {
            if v.is_null() {
                body.remove(k);
            } else {
                body.insert(k.clone(), v.clone());
            }
        }
        let imported = bazaar_import::validate(&body).expect_err("the importer refuses the row");
        let import_message = imported
            .iter()
            .find(|e| e.field == *field)
            .unwrap_or_else(|| panic!("row {i}: the importer did not name {field}: {imported:?}"))
            .reason
            .clone();
        let (status, edited) = call(
            &app,
            "POST",
            "/api/v1/vendor/products",
            Some(Value::Object(body)),
            &thandi,
        )
        .await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "row {i}: {edited}");
        assert_eq!(
            edited["error"]["fields"][*field].as_str(),
            Some(import_message.as_str()),
            "row {i}: the editor and the importer say the same about {field}"
        );
        if !message.is_empty() {
            assert_eq!(import_message, *message, "row {i}");
        }
    }
    let (_, list) = call(&app, "GET", "/api/v1/vendor/products", None, &thandi).await;
    assert_eq!(list["meta"]["total"], 0, "nothing refused was written");
}
