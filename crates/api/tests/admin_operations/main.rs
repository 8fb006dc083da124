//! Admins run the platform from the API: users (search, role, suspension that signs the
//! user out at once, second factors, points, confirmation emails), every store's products
//! (filters, review, featuring), orders (search, one order's books, refunds in part with
//! points, stock and the vendor's statement following, PayFast asked through the
//! simulator), the dashboard and the audit log. Each action is audited with before and
//! after; a stale change gets 409; the last admin stays. SQLite and (with
//! TEST_DATABASE_URL) PostgreSQL.

#[path = "../common/mod.rs"]
mod common;
mod orders;
mod products;
mod users;

use axum::http::StatusCode;
use common::TestApp;
use common::accounts::{PASSWORD, refresh, sign_in, sign_up, token};
use common::jobs::Customer;
use common::shop::{
    add, admin, books, call, paid, place, quick_customer, seller, shop, shop_paying,
};
use serde_json::{Value, json};
use uuid::Uuid;

async fn get(app: &TestApp, uri: &str, who: &Customer) -> Value {
    let (status, body) = call(app, "GET", uri, None, who).await;
    assert_eq!(status, StatusCode::OK, "GET {uri}: {body}");
    body
}

async fn post(app: &TestApp, uri: &str, body: Value, who: &Customer) -> (StatusCode, Value) {
    call(app, "POST", uri, Some(body), who).await
}

/// A POST that must be refused with `want`; returns the error reply.
async fn refused(app: &TestApp, uri: &str, body: Value, who: &Customer, want: StatusCode) -> Value {
    let (status, reply) = post(app, uri, body, who).await;
    assert_eq!(status, want, "POST {uri}: {reply}");
    reply
}

/// The audit entries of one action, newest first.
async fn audited(app: &TestApp, boss: &Customer, action: &str) -> Vec<Value> {
    get(
        app,
        &format!("/api/v1/admin/audit-log?action={action}"),
        boss,
    )
    .await["entries"]
        .as_array()
        .unwrap()
        .clone()
}

fn as_customer(session: &Value) -> Customer {
    Customer {
        id: session["user"]["id"].as_str().unwrap().parse().unwrap(),
        token: token(session).to_owned(),
    }
}

/// A vendor with a store and one active product at `price`, and the product.
async fn store(app: &TestApp, email: &str, slug: &str, price: &str) -> (Customer, Value) {
    let who = seller(app, email, slug, true).await;
    let (status, product) = call(
        app,
        "POST",
        "/api/v1/vendor/products",
        Some(json!({"name": format!("{slug} tee"), "price": price, "stock_quantity": 20, "status": "active"})),
        &who,
    )
    .await;
    assert_eq!(status, StatusCode::CREATED, "{product}");
    (who, product)
}
