//! Admins run the platform from the API: users (search, role, suspension that signs the
//! user out at once, second factors, points, confirmation emails), every store's products
//! (filters, review, featuring), orders (search, one order's books, refunds in part with
//! points, stock and the vendor's statement following, PayFast asked through the
//! simulator), the dashboard and the audit log. Each action is audited with before and
//! after; a stale change gets 409; the last admin stays. SQLite and (with
//! TEST_DATABASE_URL) PostgreSQL.

mod common;

use axum::http::StatusCode;
use common::TestApp;
use common::accounts::{PASSWORD, refresh, sign_in, sign_up, token};
use common::jobs::Customer;
use common::shop::{add, admin, call, paid, place, quick_customer, seller, shop, shop_paying};
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

/// The audit entries of one action, newest first.
/// A POST that must be refused with `want`; returns the error reply.
async fn refused(app: &TestApp, uri: &str, body: Value, who: &Customer, want: StatusCode) -> Value {
    let (status, reply) = post(app, uri, body, who).await;
    assert_eq!(status, want, "POST {uri}: {reply}");
    reply
}

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

#[tokio::test]
async fn a_suspended_user_is_signed_out_at_once_and_refused_until_reinstated() {
    let app = shop().await;
    let boss = admin(&app, "boss@example.co.za").await;
    sign_up(&app, "thandi@example.co.za").await;
    let session = sign_in(&app, "thandi@example.co.za").await;
    let thandi = as_customer(&session);
    assert_eq!(
        get(&app, "/api/v1/profile", &thandi).await["profile"]["id"],
        thandi.id.to_string()
    );

    let list = get(&app, "/api/v1/admin/users?q=THANDI@example", &boss).await;
    assert_eq!(list["total"]["count"], 1, "{list}");
    let user = &list["users"][0];
    assert_eq!(user["role"], "customer");
    assert_eq!(user["suspended"], false);
    let version = user["version"].as_i64().unwrap();
    let uri = format!("/api/v1/admin/users/{}", thandi.id);

    // A reason is required; a stale version is refused.
    refused(
        &app,
        &format!("{uri}/suspend"),
        json!({"reason": "", "version": version}),
        &boss,
        StatusCode::BAD_REQUEST,
    )
    .await;
    let body = refused(
        &app,
        &format!("{uri}/suspend"),
        json!({"reason": "Chargeback fraud", "version": version - 1}),
        &boss,
        StatusCode::CONFLICT,
    )
    .await;
    assert_eq!(body["error"]["code"], "stale");

    let (status, body) = post(
        &app,
        &format!("{uri}/suspend"),
        json!({"reason": "Chargeback fraud", "version": version}),
        &boss,
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["user"]["suspended"], true);
    assert_eq!(body["user"]["suspended_reason"], "Chargeback fraud");
    assert!(body["sessions"].as_array().unwrap().is_empty(), "{body}");
    assert_eq!(body["audit"][0]["action"], "user.suspend");

    // Signed out at once: the token, the refresh token and a new sign-in are all refused.
    let (status, _) = call(&app, "GET", "/api/v1/profile", None, &thandi).await;
    assert!(
        status == StatusCode::UNAUTHORIZED || status == StatusCode::FORBIDDEN,
        "{status}"
    );
    let (status, _) = refresh(&app, session["refresh_token"].as_str().unwrap()).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    let r = app
        .post(
            "/auth/v1/token?grant_type=password",
            json!({"email": "thandi@example.co.za", "password": PASSWORD}),
        )
        .await;
    assert_eq!(r.status, StatusCode::FORBIDDEN, "{}", r.text());
    assert_eq!(r.json()["code"], "user_banned");
    assert_eq!(
        r.json()["msg"],
        bazaar_domain::admin::SUSPENDED_MESSAGE,
        "{}",
        r.text()
    );

    // The log holds who did it, why, and the standing before and after.
    let entries = audited(&app, &boss, "user.suspend").await;
    assert_eq!(entries.len(), 1);
    assert_eq!(entries[0]["actor_email"], "boss@example.co.za");
    assert_eq!(entries[0]["subject_id"], thandi.id.to_string());
    assert_eq!(entries[0]["details"]["reason"], "Chargeback fraud");
    assert_eq!(entries[0]["details"]["before"]["suspended"], false);
    assert_eq!(entries[0]["details"]["after"]["suspended"], true);
    let suspended = get(&app, "/api/v1/admin/users?standing=suspended", &boss).await;
    assert_eq!(suspended["total"]["count"], 1);

    // Reinstated, they sign in again.
    let version = body["user"]["version"].as_i64().unwrap();
    let (status, body) = post(
        &app,
        &format!("{uri}/reinstate"),
        json!({"version": version}),
        &boss,
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["user"]["suspended"], false);
    sign_in(&app, "thandi@example.co.za").await;
    assert_eq!(audited(&app, &boss, "user.reinstate").await.len(), 1);
}

#[tokio::test]
async fn roles_points_factors_and_confirmations_by_admins() {
    let app = shop().await;
    let boss = admin(&app, "boss@example.co.za").await;
    let buyer = quick_customer(&app, "sipho@example.co.za").await;
    let uri = format!("/api/v1/admin/users/{}", buyer.id);
    let detail = get(&app, &uri, &boss).await;
    let version = detail["user"]["version"].as_i64().unwrap();

    // A role change: customer to vendor, audited with before and after.
    let (status, body) = call(
        &app,
        "PUT",
        &format!("{uri}/role"),
        Some(json!({"role": "vendor", "version": version})),
        &boss,
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["user"]["role"], "vendor");
    let (status, body) = call(
        &app,
        "PUT",
        &format!("{uri}/role"),
        Some(json!({"role": "overlord", "version": version + 1})),
        &boss,
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
    let entry = &audited(&app, &boss, "user.set_role").await[0];
    assert_eq!(entry["details"]["before"]["role"], "customer");
    assert_eq!(entry["details"]["after"]["role"], "vendor");

    // Points: added with a reason the customer sees; never taken below zero.
    let (status, body) = post(
        &app,
        &format!("{uri}/points"),
        json!({"points": 50, "reason": "Sorry for the late parcel"}),
        &boss,
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["user"]["points_balance"], 50);
    let body = refused(
        &app,
        &format!("{uri}/points"),
        json!({"points": -100, "reason": "Taken back"}),
        &boss,
        StatusCode::CONFLICT,
    )
    .await;
    assert_eq!(body["error"]["code"], "insufficient_points");
    refused(
        &app,
        &format!("{uri}/points"),
        json!({"points": 0, "reason": "Nothing"}),
        &boss,
        StatusCode::BAD_REQUEST,
    )
    .await;
    let mine = get(&app, "/api/v1/points/transactions", &buyer).await;
    assert!(
        mine.to_string().contains("Sorry for the late parcel"),
        "{mine}"
    );
    let entry = &audited(&app, &boss, "user.adjust_points").await[0];
    assert_eq!(entry["details"]["before"]["balance"], 0);
    assert_eq!(entry["details"]["after"]["balance"], 50);

    // A lost second factor: none to reset, then one reset (sessions end with it).
    refused(
        &app,
        &format!("{uri}/reset-factors"),
        json!({"reason": "Lost phone"}),
        &boss,
        StatusCode::CONFLICT,
    )
    .await;
    let now = chrono::Utc::now();
    let mut tx = app.db.begin().await.unwrap();
    let factor = bazaar_db::accounts::create_factor(&mut tx, buyer.id, "Phone", "SECRET", now)
        .await
        .unwrap();
    bazaar_db::accounts::verify_factor(&mut tx, factor, now)
        .await
        .unwrap();
    tx.commit().await.unwrap();
    assert_eq!(get(&app, &uri, &boss).await["factors"], 1);
    let (status, body) = post(
        &app,
        &format!("{uri}/reset-factors"),
        json!({"reason": "Lost phone, identity checked by support"}),
        &boss,
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["factors"], 0);
    assert_eq!(
        audited(&app, &boss, "user.reset_factors").await[0]["details"]["reason"],
        "Lost phone, identity checked by support"
    );

    // Confirmation: refused for a confirmed address, sent for an unconfirmed one.
    refused(
        &app,
        &format!("{uri}/resend-confirmation"),
        json!({}),
        &boss,
        StatusCode::CONFLICT,
    )
    .await;
    let mut tx = app.db.begin().await.unwrap();
    let unconfirmed = bazaar_db::accounts::create_user(
        &mut tx,
        &bazaar_db::accounts::NewUser {
            email: "lerato@example.co.za".into(),
            password_hash: None,
            full_name: "Lerato".into(),
            user_metadata: json!({"full_name": "Lerato"}),
            app_metadata: json!({}),
            role: "customer".into(),
            confirmed: false,
            confirmation_token_hash: None,
        },
        now,
    )
    .await
    .unwrap();
    tx.commit().await.unwrap();
    let before = app.outbox().len();
    let (status, body) = post(
        &app,
        &format!("/api/v1/admin/users/{unconfirmed}/resend-confirmation"),
        json!({}),
        &boss,
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let mail = app.outbox();
    assert_eq!(mail.len(), before + 1);
    assert!(mail.iter().any(|m| m.contains("lerato@example.co.za")));
    assert_eq!(
        audited(&app, &boss, "user.resend_confirmation").await.len(),
        1
    );

    // Nobody is found for another's made-up id.
    let (status, _) = call(
        &app,
        "GET",
        &format!("/api/v1/admin/users/{}", Uuid::now_v7()),
        None,
        &boss,
    )
    .await;
    assert_eq!(status, StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn the_last_active_admin_stays() {
    let app = TestApp::seeded().await;
    // The seed has its own admin: suspend it first so `boss` is the only active one.
    let boss = admin(&app, "boss@example.co.za").await;
    let others = get(&app, "/api/v1/admin/users?role=admin", &boss).await;
    for other in others["users"].as_array().unwrap() {
        if other["email"] == "boss@example.co.za" {
            continue;
        }
        let (status, body) = post(
            &app,
            &format!(
                "/api/v1/admin/users/{}/suspend",
                other["id"].as_str().unwrap()
            ),
            json!({"reason": "Left the company", "version": other["version"]}),
            &boss,
        )
        .await;
        assert_eq!(status, StatusCode::OK, "{body}");
    }
    let me = get(&app, &format!("/api/v1/admin/users/{}", boss.id), &boss).await;
    let version = me["user"]["version"].as_i64().unwrap();
    let (status, body) = call(
        &app,
        "PUT",
        &format!("/api/v1/admin/users/{}/role", boss.id),
        Some(json!({"role": "customer", "version": version})),
        &boss,
    )
    .await;
    assert_eq!(status, StatusCode::CONFLICT, "{body}");
    assert_eq!(body["error"]["code"], "last_admin");
    let body = refused(
        &app,
        &format!("/api/v1/admin/users/{}/suspend", boss.id),
        json!({"reason": "Oops", "version": version}),
        &boss,
        StatusCode::CONFLICT,
    )
    .await;
    assert_eq!(body["error"]["code"], "self");

    // With a second admin, the first may step down.
    let deputy = admin(&app, "deputy@example.co.za").await;
    let (status, body) = call(
        &app,
        "PUT",
        &format!("/api/v1/admin/users/{}/role", boss.id),
        Some(json!({"role": "customer", "version": version})),
        &deputy,
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let (status, _) = call(&app, "GET", "/api/v1/admin/users", None, &boss).await;
    assert_eq!(status, StatusCode::FORBIDDEN, "no longer an admin");
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

/// The books add up to zero; each account's sum.
async fn books(app: &TestApp, boss: &Customer) -> std::collections::BTreeMap<String, i64> {
    let body = get(app, "/api/v1/admin/ledger", boss).await;
    assert_eq!(body["total_cents"], 0, "the books balance: {body}");
    body["accounts"]
        .as_array()
        .unwrap()
        .iter()
        .map(|a| {
            (
                a["account"].as_str().unwrap().to_owned(),
                a["sum_cents"].as_i64().unwrap(),
            )
        })
        .collect()
}

async fn deliver(app: &TestApp, vendor: &Customer) -> String {
    let list = get(app, "/api/v1/vendor/orders?status=to_ship", vendor).await;
    let part = list["items"][0]["id"].as_str().unwrap().to_owned();
    for body in [
        json!({"status": "processing"}),
        json!({"status": "shipped", "courier": "the_courier_guy", "tracking_number": "CG123"}),
        json!({"status": "delivered"}),
    ] {
        let (status, reply) = post(
            app,
            &format!("/api/v1/vendor/orders/{part}/status"),
            body,
            vendor,
        )
        .await;
        assert_eq!(status, StatusCode::OK, "{reply}");
    }
    part
}

async fn stock_of(app: &TestApp, product: &Value) -> i64 {
    common::shop::stock_of(app, product["id"].as_str().unwrap().parse().unwrap()).await
}

#[tokio::test]
async fn a_partial_refund_returns_money_points_and_stock_and_the_vendor_gives_back_their_share() {
    let app = shop().await;
    let boss = admin(&app, "boss@example.co.za").await;
    let (kasi, tee) = store(&app, "kasi@example.co.za", "kasi-kicks", "300.00").await;
    let buyer = quick_customer(&app, "thandi@example.co.za").await;
    // The buyer spends 1,000 points (R100) on two tees.
    let (status, body) = post(
        &app,
        &format!("/api/v1/admin/users/{}/points", buyer.id),
        json!({"points": 1000, "reason": "Welcome gift"}),
        &boss,
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    add(&app, &buyer, &tee, 2).await;
    let order = place(&app, &buyer, json!({"points": 1000})).await;
    let order_id = order["id"].as_str().unwrap().to_owned();
    paid(&app, &order_id).await;
    deliver(&app, &kasi).await;
    let stock_before = stock_of(&app, &tee).await;
    let balance_before = get(&app, "/api/v1/points", &buyer).await["points"]["current_balance"]
        .as_i64()
        .unwrap();

    let detail = get(&app, &format!("/api/v1/admin/orders/{order_id}"), &boss).await;
    let part = &detail["order"]["parts"][0];
    let line = part["items"][0]["id"].as_str().unwrap().to_owned();
    let weight = part["subtotal_cents"].as_i64().unwrap()
        - part["discount_cents"].as_i64().unwrap()
        + part["shipping_cents"].as_i64().unwrap();
    let total = order["total_cents"].as_i64().unwrap();
    assert_eq!(order["points_spent"], 1000);
    assert_eq!(weight, total + 10_000, "R100 of the goods paid with points");

    // Bad asks leave nothing behind.
    for (bad, field) in [
        (
            json!({"lines": [{"item_id": line, "quantity": 3}], "reason": "Returned"}),
            "lines",
        ),
        (
            json!({"lines": [{"item_id": Uuid::now_v7(), "quantity": 1}], "reason": "Returned"}),
            "lines",
        ),
        (json!({"lines": [], "reason": "Returned"}), "lines"),
        (
            json!({"lines": [{"item_id": line, "quantity": 1}], "reason": "x"}),
            "reason",
        ),
        (
            json!({"value_cents": weight + 1, "reason": "Goodwill"}),
            "value_cents",
        ),
    ] {
        let (status, body) = post(
            &app,
            &format!("/api/v1/admin/orders/{order_id}/refunds"),
            bad.clone(),
            &boss,
        )
        .await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{bad}: {body}");
        assert!(body["error"]["fields"][field].is_string(), "{bad}: {body}");
    }
    assert_eq!(stock_of(&app, &tee).await, stock_before);

    // One tee of two comes back: R300 of goods; the money and points go back in proportion.
    let (status, body) = post(
        &app,
        &format!("/api/v1/admin/orders/{order_id}/refunds"),
        json!({"lines": [{"item_id": line, "quantity": 1}], "restock": true, "reason": "Wrong size, returned unworn"}),
        &boss,
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let refund = &body["refund"];
    assert_eq!(refund["value_cents"], 30_000);
    let money = (total as i128 * 30_000 / weight as i128) as i64;
    assert_eq!(refund["money_cents"], money);
    assert_eq!(refund["points_returned"], 1000 * 30_000 / weight);
    assert_eq!(
        refund["status"], "paid",
        "the simulator accepted PayFast's refund call: {refund}"
    );
    assert!(
        refund["gateway_reference"]
            .as_str()
            .unwrap()
            .starts_with("sim-refund-")
    );
    assert_eq!(
        body["order"]["order"]["refund_due_cents"], 0,
        "paid back already"
    );
    assert_eq!(
        body["order"]["order"]["parts"][0]["items"][0]["refunded_quantity"],
        1
    );
    assert_eq!(
        stock_of(&app, &tee).await,
        stock_before + 1,
        "back on the shelf"
    );
    let after = get(&app, "/api/v1/points", &buyer).await;
    let points_back = refund["points_returned"].as_i64().unwrap();
    let taken = refund["points_reversed"].as_i64().unwrap();
    assert_eq!(
        after["points"]["current_balance"].as_i64().unwrap(),
        balance_before + points_back - taken,
        "{after}"
    );

    // The vendor's statement shows the return: the value less its commission.
    let entries = get(&app, "/api/v1/vendor/money/entries", &kasi).await;
    let ret = entries["items"]
        .as_array()
        .unwrap()
        .iter()
        .find(|e| e["kind"] == "return")
        .unwrap_or_else(|| panic!("a return entry: {entries}"))
        .clone();
    assert_eq!(ret["amount_cents"], -(30_000 - 3_000), "{ret}");
    let sums = books(&app, &boss).await;
    assert_eq!(sums.get("refunds_due").copied().unwrap_or(0), 0);

    // The admin's order page holds the refund, the books and the history.
    let detail = get(&app, &format!("/api/v1/admin/orders/{order_id}"), &boss).await;
    assert_eq!(detail["refunds"].as_array().unwrap().len(), 1);
    assert!(
        detail["ledger"]
            .as_array()
            .unwrap()
            .iter()
            .any(|e| e["kind"] == "return")
    );
    assert!(
        detail["ledger"]
            .as_array()
            .unwrap()
            .iter()
            .any(|e| e["kind"] == "refund")
    );
    assert_eq!(detail["audit"][0]["action"], "order.refund");
    assert_eq!(
        detail["audit"][0]["details"]["reason"],
        "Wrong size, returned unworn"
    );

    // The rest of the part (the other tee and the delivery) is refunded: the refunds add up
    // to what was paid and spent, exactly.
    let (status, body) = post(
        &app,
        &format!("/api/v1/admin/orders/{order_id}/refunds"),
        json!({"value_cents": weight - 30_000, "reason": "Second tee faulty, kept by the buyer"}),
        &boss,
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let refunds = body["order"]["refunds"].as_array().unwrap();
    let sum = |k: &str| refunds.iter().map(|r| r[k].as_i64().unwrap()).sum::<i64>();
    assert_eq!(sum("money_cents"), total);
    assert_eq!(sum("points_returned"), 1000);
    assert_eq!(
        stock_of(&app, &tee).await,
        stock_before + 1,
        "not restocked"
    );
    let body = refused(
        &app,
        &format!("/api/v1/admin/orders/{order_id}/refunds"),
        json!({"value_cents": 100, "reason": "One more"}),
        &boss,
        StatusCode::CONFLICT,
    )
    .await;
    assert_eq!(body["error"]["code"], "refunded");
    books(&app, &boss).await;
}

#[tokio::test]
async fn a_refund_payfast_does_not_take_stays_owed_until_asked_again() {
    // PayFast's API is unreachable (a closed port).
    let app = shop_paying(|payfast, _| payfast.api_url = "http://127.0.0.1:9".into()).await;
    let boss = admin(&app, "boss@example.co.za").await;
    let (_kasi, tee) = store(&app, "kasi@example.co.za", "kasi-kicks", "300.00").await;
    let buyer = quick_customer(&app, "thandi@example.co.za").await;
    add(&app, &buyer, &tee, 1).await;
    let order = place(&app, &buyer, json!({})).await;
    let order_id = order["id"].as_str().unwrap().to_owned();
    paid(&app, &order_id).await;
    let (status, body) = post(
        &app,
        &format!("/api/v1/admin/orders/{order_id}/refunds"),
        json!({"value_cents": 5_000, "reason": "Goodwill for a late parcel"}),
        &boss,
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["refund"]["status"], "failed");
    assert!(
        body["refund"]["gateway_message"]
            .as_str()
            .unwrap()
            .contains("could not be reached")
    );
    assert_eq!(
        body["order"]["order"]["refund_due_cents"], 5_000,
        "still owed"
    );
    let due = get(&app, "/api/v1/admin/orders?refund_due=true", &boss).await;
    assert_eq!(due["total"]["count"], 1);
    let refund_id: Uuid = body["refund"]["id"].as_str().unwrap().parse().unwrap();

    // Asked again of a PayFast that answers (this server's simulator), it is paid.
    let gateway = bazaar_commerce::payfast::Gateway::new(bazaar_payfast::Settings::simulator(
        &app.state.config.public_url,
    ));
    let admin_actor = bazaar_commerce::selling::Actor {
        id: boss.id,
        email: "boss@example.co.za",
        role: "admin",
    };
    let retried = bazaar_commerce::refunds::retry(&app.db, &gateway, &admin_actor, refund_id)
        .await
        .unwrap();
    assert_eq!(retried.status, "paid");
    let detail = get(&app, &format!("/api/v1/admin/orders/{order_id}"), &boss).await;
    assert_eq!(detail["order"]["refund_due_cents"], 0);
    let (status, body) = post(
        &app,
        &format!("/api/v1/admin/refunds/{refund_id}/retry"),
        json!({}),
        &boss,
    )
    .await;
    assert_eq!(status, StatusCode::CONFLICT, "only a failed one: {body}");
    assert_eq!(audited(&app, &boss, "order.refund_retry").await.len(), 1);
    books(&app, &boss).await;
}

#[tokio::test]
async fn orders_are_searched_and_the_dashboard_counts_them() {
    let app = shop().await;
    let boss = admin(&app, "boss@example.co.za").await;
    let (kasi, tee) = store(&app, "kasi@example.co.za", "kasi-kicks", "300.00").await;
    let store_id = bazaar_db::vendors::store_of_owner(&app.db, kasi.id)
        .await
        .unwrap()
        .unwrap()
        .id;
    let buyer = quick_customer(&app, "thandi@example.co.za").await;
    add(&app, &buyer, &tee, 1).await;
    let order = place(&app, &buyer, json!({})).await;
    let number = order["order_number"].as_str().unwrap().to_owned();
    let order_id = order["id"].as_str().unwrap().to_owned();

    let dash = get(&app, "/api/v1/admin/dashboard", &boss).await;
    let sales_before = dash["today"]["sales_cents"].as_i64().unwrap();
    paid(&app, &order_id).await;

    let by_number = get(
        &app,
        &format!("/api/v1/admin/orders?q={}", &number[..number.len() - 1]),
        &boss,
    )
    .await;
    assert!(
        by_number["orders"]
            .as_array()
            .unwrap()
            .iter()
            .any(|o| o["order_number"] == number.as_str()),
        "{by_number}"
    );
    let by_email = get(&app, "/api/v1/admin/orders?q=THANDI@", &boss).await;
    assert_eq!(by_email["total"]["count"], 1);
    let by_store = get(
        &app,
        &format!("/api/v1/admin/orders?vendor_id={store_id}&status=paid"),
        &boss,
    )
    .await;
    assert_eq!(by_store["total"]["count"], 1);
    assert_eq!(by_store["orders"][0]["part_count"], 1);
    let today =
        bazaar_domain::analytics::day_key(bazaar_domain::analytics::day_of(chrono::Utc::now()));
    let on_day = get(
        &app,
        &format!(
            "/api/v1/admin/orders?from={today}&to={today}&user_id={}",
            buyer.id
        ),
        &boss,
    )
    .await;
    assert_eq!(on_day["total"]["count"], 1);
    let before = get(&app, "/api/v1/admin/orders?to=2020-01-01", &boss).await;
    assert_eq!(before["total"]["count"], 0);
    for bad in ["from=2026-13-01", "status=lost", "per_page=500"] {
        let (status, body) = call(
            &app,
            "GET",
            &format!("/api/v1/admin/orders?{bad}"),
            None,
            &boss,
        )
        .await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{bad}: {body}");
    }

    let detail = get(&app, &format!("/api/v1/admin/orders/{order_id}"), &boss).await;
    assert_eq!(detail["email"], "thandi@example.co.za");
    assert!(
        detail["ledger"]
            .as_array()
            .unwrap()
            .iter()
            .any(|e| e["kind"] == "sale")
    );
    let (status, _) = call(
        &app,
        "GET",
        &format!("/api/v1/admin/orders/{}", Uuid::now_v7()),
        None,
        &boss,
    )
    .await;
    assert_eq!(status, StatusCode::NOT_FOUND);

    // Moving the order on is audited with before and after.
    let (status, body) = post(
        &app,
        &format!("/api/v1/admin/orders/{order_id}/status"),
        json!({"status": "processing"}),
        &boss,
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let entry = &audited(&app, &boss, "order.set_status").await[0];
    assert_eq!(entry["details"]["before"]["status"], "paid");
    assert_eq!(entry["details"]["after"]["status"], "processing");

    let dash = get(&app, "/api/v1/admin/dashboard", &boss).await;
    assert_eq!(
        dash["today"]["sales_cents"].as_i64().unwrap(),
        sales_before + order["total_cents"].as_i64().unwrap()
    );
    assert!(dash["this_month"]["orders"].as_i64().unwrap() >= 1);
    assert!(
        dash["orders_by_status"]
            .as_array()
            .unwrap()
            .iter()
            .any(|s| s["status"] == "processing" && s["count"].as_i64().unwrap() >= 1),
        "{dash}"
    );
    assert!(dash["new_customers_this_month"].as_i64().unwrap() >= 1);
    assert!(dash["failed_jobs"].is_i64());

    // The log filters by admin, kind of object and object.
    let by_actor = get(&app, "/api/v1/admin/audit-log?actor=BOSS@", &boss).await;
    assert!(by_actor["total"]["count"].as_i64().unwrap() >= 1);
    let by_object = get(
        &app,
        &format!("/api/v1/admin/audit-log?subject_type=order&subject_id={order_id}"),
        &boss,
    )
    .await;
    assert_eq!(by_object["total"]["count"], 1);
    let by_kind = get(&app, "/api/v1/admin/audit-log?action=order", &boss).await;
    assert_eq!(by_kind["total"]["count"], 1);
    let nobody = get(&app, "/api/v1/admin/audit-log?actor=someone-else", &boss).await;
    assert_eq!(nobody["total"]["count"], 0);
    // It cannot be changed through the API.
    for method in ["PUT", "DELETE", "PATCH"] {
        let (status, _) = call(&app, method, "/api/v1/admin/audit-log", None, &boss).await;
        assert_eq!(status, StatusCode::METHOD_NOT_ALLOWED, "{method}");
    }
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

#[tokio::test]
async fn users_are_listed_by_role_and_found_by_name_or_email() {
    let app = TestApp::seeded().await;
    let boss = admin(&app, "boss@example.co.za").await;
    common::shop::vendor(&app, "kasi@example.co.za").await;
    // Both are named "Thandi Nkosi" at sign-up; one has it in the email too.
    sign_up(&app, "mpho@example.co.za").await;
    sign_up(&app, "thandi@example.co.za").await;
    let emails = |list: &Value| -> Vec<String> {
        let mut found: Vec<String> = list["users"]
            .as_array()
            .unwrap()
            .iter()
            .map(|u| u["email"].as_str().unwrap().to_owned())
            .collect();
        found.sort();
        found
    };
    let vendors = get(&app, "/api/v1/admin/users?role=vendor", &boss).await;
    assert_eq!(emails(&vendors), vec!["kasi@example.co.za"], "{vendors}");
    let customers = get(&app, "/api/v1/admin/users?role=customer", &boss).await;
    assert_eq!(
        emails(&customers),
        vec!["mpho@example.co.za", "thandi@example.co.za"],
        "{customers}"
    );
    let admins = get(&app, "/api/v1/admin/users?role=admin", &boss).await;
    assert_eq!(emails(&admins), vec!["boss@example.co.za"], "{admins}");

    // A name (any case) or part of an email; a user matching both counts once.
    let thandi = get(&app, "/api/v1/admin/users?q=tHANDI", &boss).await;
    assert_eq!(
        emails(&thandi),
        vec!["mpho@example.co.za", "thandi@example.co.za"],
        "{thandi}"
    );
    assert_eq!(thandi["total"]["count"], 2);
    // Paged one by one, the total stays, past the last match too.
    for (page, shown) in [(1, 1), (2, 1), (3, 0)] {
        let one = get(
            &app,
            &format!("/api/v1/admin/users?q=thandi&per_page=1&page={page}"),
            &boss,
        )
        .await;
        assert_eq!(emails(&one).len(), shown, "{one}");
        assert_eq!(one["total"]["count"], 2, "{one}");
    }
    let mpho = get(&app, "/api/v1/admin/users?q=MPHO@", &boss).await;
    assert_eq!(emails(&mpho), vec!["mpho@example.co.za"], "{mpho}");
    assert_eq!(mpho["total"]["count"], 1);
    let nobody = get(&app, "/api/v1/admin/users?q=nobody-by-this-name", &boss).await;
    assert_eq!(nobody["total"]["count"], 0, "{nobody}");
}
