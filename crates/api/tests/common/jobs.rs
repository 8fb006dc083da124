//! Helpers for tests of jobs, notifications and live events.

#![allow(dead_code)] // Each test binary uses a different part of the harness.

use bazaar_db::orders::{self, NewOrder};
use serde_json::Value;
use uuid::Uuid;

use super::TestApp;
use super::accounts::{autoconfirm, sign_up, token};

/// A signed-up customer: their id and access token.
pub struct Customer {
    pub id: Uuid,
    pub token: String,
}

pub async fn customer(app: &TestApp, email: &str) -> Customer {
    let session: Value = sign_up(app, email).await;
    Customer {
        id: Uuid::parse_str(session["user"]["id"].as_str().unwrap()).unwrap(),
        token: token(&session).to_owned(),
    }
}

/// An app that confirms sign-ups at once, with one customer.
pub async fn app_with_customer() -> (TestApp, Customer) {
    let app = autoconfirm().await;
    let c = customer(&app, "thandi@example.co.za").await;
    (app, c)
}

/// An order for `user`, as checkout would leave it once paid.
pub async fn order_for(app: &TestApp, user: Uuid, number: &str) -> Uuid {
    let mut tx = app.db.begin().await.unwrap();
    let id = orders::insert(
        &mut tx,
        &NewOrder {
            user_id: user,
            order_number: number,
            status: bazaar_domain::order::OrderStatus::Paid,
            currency: "ZAR",
            total_cents: 129_900,
        },
    )
    .await
    .unwrap();
    tx.commit().await.unwrap();
    id
}

/// Enqueues `notify_order_status` the way a status change does: in a transaction.
pub async fn enqueue_notify(app: &TestApp, order: Uuid, status: &str) {
    let mut tx = app.db.begin().await.unwrap();
    bazaar_queue::enqueue(
        &mut tx,
        &bazaar_queue::Job::NotifyOrderStatus {
            order_id: order,
            status: status.into(),
            part_id: None,
        },
    )
    .await
    .unwrap();
    tx.commit().await.unwrap();
}

/// How many rows `sql` (a `SELECT COUNT(*) …` with one uuid parameter) counts.
pub async fn count(app: &TestApp, sql: &'static str, id: Uuid) -> i64 {
    bazaar_db::on_db!(&app.db, pool => sqlx::query_scalar::<_, i64>(sql).bind(id).fetch_one(pool).await.unwrap())
}

/// Jobs of this app's queue by status.
pub async fn job_counts(app: &TestApp) -> Vec<(String, i64)> {
    bazaar_queue::store::counts(&app.db, &app.queue)
        .await
        .unwrap()
}

pub async fn done_jobs(app: &TestApp) -> i64 {
    job_counts(app)
        .await
        .into_iter()
        .filter(|(s, _)| s == "Done")
        .map(|(_, n)| n)
        .sum()
}
