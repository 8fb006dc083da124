//! The admin's tools over every store: a store's product edited in the vendor editor with
//! admin powers, stock low or out across stores adjusted with a reason, products changed in
//! bulk all or nothing, and media nothing uses removed (what is used stays). Each change is
//! audited; stale edits get 409; another role gets 403. SQLite and (with
//! TEST_DATABASE_URL) PostgreSQL.

#[path = "../common/mod.rs"]
mod common;
mod media;
mod products;
mod stock;

use axum::http::StatusCode;
use common::TestApp;
use common::jobs::Customer;
use common::shop::{admin, call, quick_customer, seller};
use serde_json::{Value, json};
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
