//! The chat tests' scene: a seeded shop with a store selling one product, and a customer.

use axum::http::StatusCode;
use serde_json::Value;
use uuid::Uuid;

use super::TestApp;
use super::jobs::Customer;
use super::shop::{call, quick_customer, seller};

/// A seeded shop with a store (owned by `owner`) selling one listed product, and a customer.
pub struct Scene {
    pub app: TestApp,
    pub owner: Customer,
    pub customer: Customer,
    pub store: Uuid,
    pub product: Uuid,
}

pub async fn scene() -> Scene {
    let app = TestApp::seeded().await;
    let owner = seller(&app, "owner@karoo.example", "karoo-store", true).await;
    let customer = quick_customer(&app, "thandi@example.co.za").await;
    let store = store_of(&app, "karoo-store").await;
    let product: Uuid = bazaar_db::on_db!(&app.db, pool => sqlx::query_scalar(
        "SELECT id FROM products WHERE listed ORDER BY slug LIMIT 1",
    )
    .fetch_one(pool)
    .await
    .unwrap());
    bazaar_db::on_db!(&app.db, pool => sqlx::query("UPDATE products SET vendor_id = $1 WHERE id = $2")
        .bind(store)
        .bind(product)
        .execute(pool)
        .await
        .unwrap()
        .rows_affected());
    Scene {
        app,
        owner,
        customer,
        store,
        product,
    }
}

pub async fn store_of(app: &TestApp, slug: &str) -> Uuid {
    bazaar_db::on_db!(&app.db, pool => sqlx::query_scalar("SELECT id FROM vendors WHERE store_slug = $1")
        .bind(slug)
        .fetch_one(pool)
        .await
        .unwrap())
}

/// A paid order of `customer` with a part from `store`.
pub async fn order_with_part(app: &TestApp, customer: Uuid, store: Uuid, number: &str) -> Uuid {
    let order = super::jobs::order_for(app, customer, number).await;
    bazaar_db::on_db!(&app.db, pool => sqlx::query(
        "INSERT INTO order_parts (id, order_id, vendor_id, vendor_name, subtotal_cents, position, status) \
         VALUES ($1, $2, $3, 'karoo-store', 129900, 0, 'paid')",
    )
    .bind(Uuid::now_v7())
    .bind(order)
    .bind(store)
    .execute(pool)
    .await
    .unwrap()
    .rows_affected());
    order
}

pub async fn ask(s: &Scene, who: &Customer, body: Value) -> (StatusCode, Value) {
    call(&s.app, "POST", "/api/v1/conversations", Some(body), who).await
}

pub fn id_of(v: &Value) -> String {
    v["conversation"]["id"].as_str().unwrap().to_owned()
}
