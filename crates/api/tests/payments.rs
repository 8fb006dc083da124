//! Paying with PayFast through the simulator, over real HTTP: the ITN is checked
//! (signature, sender, merchant, amount, validate call) and applied once; cancellation,
//! moves by the shop, and reservations that run out.

mod common;

use std::sync::Arc;

use common::TestApp;
use common::jobs::{Customer, count};
use common::shop::{self, add_to_cart, admin, quick_customer, set_stock};
use serde_json::{Value, json};
use uuid::Uuid;

async fn cap(app: &TestApp) -> Uuid {
    let p = shop::product(app, "ovr-performance-cap").await;
    Uuid::parse_str(p["id"].as_str().unwrap()).unwrap()
}

async fn ordered(app: &TestApp, c: &Customer, quantity: i64) -> (Uuid, Value) {
    let id = cap(app).await;
    set_stock(app, id, 10).await;
    assert_eq!(add_to_cart(app, c, id, quantity).await.status, 200);
    (id, shop::place(app, c, json!({})).await)
}

fn oid(order: &Value) -> Uuid {
    Uuid::parse_str(order["id"].as_str().unwrap()).unwrap()
}

/// Notifications of each status about an order.
async fn notifications(app: &TestApp, order: Uuid) -> i64 {
    count(
        app,
        "SELECT COUNT(*) FROM order_notifications WHERE order_id = $1",
        order,
    )
    .await
}

async fn settled(app: &TestApp, order: Uuid, expected: i64) {
    let app_ref = app;
    TestApp::eventually("payment notifications to be settled", 30, || async move {
        let waiting = count(app_ref, "SELECT COUNT(*) FROM payment_notifications WHERE order_id = $1 AND status = 'received'", order).await;
        let all = count(app_ref, "SELECT COUNT(*) FROM payment_notifications WHERE order_id = $1", order).await;
        (waiting == 0 && all == expected).then_some(())
    })
    .await
}

#[tokio::test]
async fn paying_through_the_simulator_marks_the_order_paid_awards_points_and_confirms() {
    let app = shop::shop().await;
    let jobs = app.start_jobs();
    let c = quick_customer(&app, "sizwe@example.co.za").await;
    let (product, order) = ordered(&app, &c, 2).await;
    assert_eq!(
        shop::stock_of(&app, product).await,
        8,
        "checkout holds the stock"
    );

    // The process page shows the amount and the Pay and Cancel buttons.
    let client = reqwest::Client::new();
    let page = client
        .post(order["payment"]["process_url"].as_str().unwrap())
        .header("content-type", "application/x-www-form-urlencoded")
        .body(shop::form_body(&order))
        .send()
        .await
        .unwrap();
    assert_eq!(page.status(), 200);
    let html = page.text().await.unwrap();
    assert!(html.contains("Pay") && html.contains("Cancel"), "{html}");

    let r = shop::pay(&app, &order).await;
    assert_eq!(r.status(), 303);
    let location = r.headers()["location"].to_str().unwrap().to_owned();
    assert!(
        location.ends_with(&format!("/payment/success?order={}", oid(&order))),
        "{location}"
    );

    let paid = shop::wait_for_status(&app, &c, order["id"].as_str().unwrap(), "paid").await;
    // The books: the payment in, PayFast's fee (from the ITN's amount_fee) out; zero in all.
    let sums: std::collections::BTreeMap<String, i64> = bazaar_db::ledger::account_sums(&app.db)
        .await
        .unwrap()
        .into_iter()
        .collect();
    let fee = sums["payment_fees"];
    assert!(fee > 0, "{sums:?}");
    assert_eq!(sums["gateway"], paid["total_cents"].as_i64().unwrap() - fee);
    assert_eq!(sums.values().sum::<i64>(), 0, "{sums:?}");
    let goods = paid["total_cents"].as_i64().unwrap() - paid["shipping_cents"].as_i64().unwrap();
    let earned = goods * 10 / 10_000;
    assert!(earned > 0);
    assert_eq!(paid["points_earned"], earned);
    assert!(paid["payment"].is_null());
    assert_eq!(shop::points_balance(&app, &c).await, earned);
    let r = app
        .call(
            "GET",
            "/api/v1/points/transactions",
            None,
            Some(&c.token),
            None,
        )
        .await;
    let t = &r.json()["transactions"][0];
    assert_eq!(t["transaction_type"], "earned");
    assert_eq!(t["points_amount"], earned);
    assert_eq!(
        shop::stock_of(&app, product).await,
        8,
        "payment keeps the stock taken"
    );

    let app_ref = &app;
    let order_id = oid(&order);
    TestApp::eventually("the order_confirmed notification", 60, || async move {
        let n = count(app_ref, "SELECT COUNT(*) FROM order_notifications WHERE order_id = $1 AND type = 'order_confirmed'", order_id).await;
        (n == 1).then_some(())
    })
    .await;
    jobs.shutdown().await;
}

#[tokio::test]
async fn an_itn_sent_by_one_process_is_validated_by_another() {
    let app = shop::shop_validating_elsewhere().await;
    let jobs = app.start_jobs();
    let c = quick_customer(&app, "lerato@example.co.za").await;
    let (_, order) = ordered(&app, &c, 1).await;
    assert_eq!(shop::pay(&app, &order).await.status(), 303);
    shop::wait_for_status(&app, &c, order["id"].as_str().unwrap(), "paid").await;
    settled(&app, oid(&order), 1).await;
    // A parameter string nobody issued is still refused, by either simulator.
    let forged = reqwest::Client::new()
        .post(&app.state.payments.started().settings.validate_url)
        .body("m_payment_id=x&pf_payment_id=1&payment_status=COMPLETE")
        .send()
        .await
        .unwrap()
        .text()
        .await
        .unwrap();
    assert_eq!(forged, "INVALID");
    jobs.shutdown().await;
}

#[tokio::test]
async fn the_same_itn_fifty_times_at_once_pays_once() {
    let app = Arc::new(shop::shop().await);
    let c = quick_customer(&app, "precious@example.co.za").await;
    let (_, order) = ordered(&app, &c, 1).await;
    let order_id = oid(&order);
    // The simulator posts its ITN; PayFast retries the same post: 50 more arrive together.
    assert_eq!(shop::pay(&app, &order).await.status(), 303);
    let payload = bazaar_db::on_db!(&app.db, pool => sqlx::query_scalar::<_, String>(
        "SELECT payload FROM payment_notifications WHERE order_id = $1")
        .bind(order_id).fetch_one(pool).await.unwrap());
    let posts: Vec<_> = (0..50)
        .map(|_| {
            let (app, body) = (app.clone(), payload.clone());
            tokio::spawn(async move { post_itn(&app, &body, "127.0.0.1").await })
        })
        .collect();
    for p in posts {
        assert_eq!(p.await.unwrap(), 200);
    }
    let jobs = app.start_jobs();
    settled(&app, order_id, 51).await;

    let accepted = count(
        &app,
        "SELECT COUNT(*) FROM payment_notifications WHERE order_id = $1 AND status = 'accepted'",
        order_id,
    )
    .await;
    let duplicates = count(
        &app,
        "SELECT COUNT(*) FROM payment_notifications WHERE order_id = $1 AND status = 'duplicate'",
        order_id,
    )
    .await;
    assert_eq!((accepted, duplicates), (1, 50));
    let earned = count(&app, "SELECT COUNT(*) FROM points_transactions WHERE order_id = $1 AND transaction_type = 'earned'", order_id).await;
    assert_eq!(earned, 1);
    assert_eq!(
        shop::order(&app, &c, &order_id.to_string()).await["status"],
        "paid"
    );
    let app_ref = &*app;
    TestApp::eventually("the confirmation", 60, || async move {
        (notifications(app_ref, order_id).await == 1).then_some(())
    })
    .await;
    jobs.shutdown().await;
    assert_eq!(notifications(&app, order_id).await, 1);
}

async fn post_itn(app: &TestApp, body: &str, ip: &str) -> u16 {
    use axum::body::Body;
    use axum::http::Request;
    use tower::ServiceExt;
    let mut req = Request::post("/api/v1/payments/payfast/notify")
        .header("content-type", "application/x-www-form-urlencoded")
        .body(Body::from(body.to_owned()))
        .unwrap();
    let addr: std::net::SocketAddr = format!("{ip}:443").parse().unwrap();
    req.extensions_mut()
        .insert(axum::extract::ConnectInfo(addr));
    app.router
        .clone()
        .oneshot(req)
        .await
        .unwrap()
        .status()
        .as_u16()
}

/// An ITN for `order` as PayFast would sign it, with `change` applied before signing.
fn itn(app: &TestApp, order: &Value, change: impl Fn(&mut Vec<(String, String)>)) -> String {
    let s = &app.state.payments.started().settings;
    let mut fields: Vec<(String, String)> = [
        ("m_payment_id", order["id"].as_str().unwrap().to_owned()),
        ("pf_payment_id", "1089250".to_owned()),
        ("payment_status", "COMPLETE".to_owned()),
        ("item_name", "bazaar order".to_owned()),
        ("item_description", String::new()),
        (
            "amount_gross",
            format!(
                "{:.2}",
                order["total_cents"].as_i64().unwrap() as f64 / 100.0
            ),
        ),
        ("amount_fee", "-10.00".to_owned()),
        ("amount_net", "0.00".to_owned()),
        ("name_first", "Test".to_owned()),
        ("name_last", "Customer".to_owned()),
        ("email_address", "test@example.co.za".to_owned()),
        ("merchant_id", s.merchant_id.clone()),
    ]
    .into_iter()
    .map(|(k, v)| (k.to_owned(), v))
    .collect();
    change(&mut fields);
    let signature = bazaar_payfast::sign(
        &bazaar_payfast::itn_param_string(&fields),
        s.passphrase.as_deref(),
    );
    fields.push(("signature".into(), signature));
    bazaar_payfast::encode_form(&fields)
}

fn set(fields: &mut [(String, String)], key: &str, value: &str) {
    if let Some(f) = fields.iter_mut().find(|(k, _)| k == key) {
        f.1 = value.to_owned();
    }
}

#[tokio::test]
async fn a_forged_or_wrong_itn_changes_nothing() {
    let app = shop::shop().await;
    let c = quick_customer(&app, "forged@example.co.za").await;
    let (_, order) = ordered(&app, &c, 1).await;
    let order_id = oid(&order);

    let bad_signature = itn(&app, &order, |_| {}).replace("signature=", "signature=00");
    let wrong_amount = itn(&app, &order, |f| set(f, "amount_gross", "1.00"));
    let wrong_merchant = itn(&app, &order, |f| set(f, "merchant_id", "10009999"));
    let never_issued = itn(&app, &order, |_| {});
    assert_eq!(post_itn(&app, &bad_signature, "127.0.0.1").await, 200);
    assert_eq!(post_itn(&app, &wrong_amount, "127.0.0.1").await, 200);
    assert_eq!(post_itn(&app, &wrong_merchant, "127.0.0.1").await, 200);
    assert_eq!(post_itn(&app, &never_issued, "127.0.0.1").await, 200);
    assert_eq!(post_itn(&app, &never_issued, "203.0.113.7").await, 200);

    let jobs = app.start_jobs();
    settled(&app, order_id, 5).await;
    jobs.shutdown().await;
    let reasons: Vec<String> = bazaar_db::payments::for_order(&app.db, order_id)
        .await
        .unwrap()
        .into_iter()
        .map(|n| format!("{}: {}", n.status, n.reason.unwrap_or_default()))
        .collect();
    assert_eq!(reasons[0], "rejected: signature mismatch");
    assert!(
        reasons[1].starts_with("rejected: amount mismatch"),
        "{reasons:?}"
    );
    assert_eq!(reasons[2], "rejected: merchant id mismatch");
    assert_eq!(
        reasons[3],
        "rejected: not confirmed by PayFast's validate call"
    );
    assert_eq!(reasons[4], "rejected: source address not allowed");

    let o = shop::order(&app, &c, &order_id.to_string()).await;
    assert_eq!(o["status"], "pending_payment");
    assert_eq!(shop::points_balance(&app, &c).await, 0);
    assert_eq!(notifications(&app, order_id).await, 0);
}

#[tokio::test]
async fn orders_move_on_with_a_notification_each_and_cancel_only_before_shipping() {
    let app = shop::shop().await;
    let c = quick_customer(&app, "lindiwe@example.co.za").await;
    let boss = admin(&app, "boss@example.co.za").await;
    let (_, order) = ordered(&app, &c, 1).await;
    let id = order["id"].as_str().unwrap().to_owned();
    let jobs = app.start_jobs();
    shop::pay(&app, &order).await;
    shop::wait_for_status(&app, &c, &id, "paid").await;

    let status = |to: &str| json!({"status": to});
    let uri = format!("/api/v1/admin/orders/{id}/status");
    let r = app
        .call(
            "POST",
            &uri,
            Some(status("processing")),
            Some(&c.token),
            None,
        )
        .await;
    assert_eq!(r.status, 403, "customers cannot move orders");
    let r = app
        .call(
            "POST",
            &uri,
            Some(status("delivered")),
            Some(&boss.token),
            None,
        )
        .await;
    assert_eq!(r.status, 409, "paid cannot jump to delivered");
    let order_id = Uuid::parse_str(&id).unwrap();
    let app_ref = &app;
    TestApp::eventually("the confirmation", 60, || async move {
        (notifications(app_ref, order_id).await == 1).then_some(())
    })
    .await;
    for (n, to) in [(2, "processing"), (3, "shipped")] {
        let r = app
            .call("POST", &uri, Some(status(to)), Some(&boss.token), None)
            .await;
        assert_eq!(r.status, 200, "{}", r.text());
        // Moves happen minutes apart in a shop; here each waits for the one before's notice.
        let app_ref = &app;
        TestApp::eventually("the notification of the move", 60, || async move {
            (notifications(app_ref, order_id).await == n).then_some(())
        })
        .await;
    }
    let r = app
        .call(
            "POST",
            &format!("/api/v1/orders/{id}/cancel"),
            None,
            Some(&c.token),
            None,
        )
        .await;
    assert_eq!(r.status, 409);
    assert_eq!(
        r.json()["error"]["message"],
        "This order is shipped and can no longer be cancelled"
    );

    let r = app
        .call("GET", "/api/v1/notifications", None, Some(&c.token), None)
        .await;
    let kinds: Vec<Value> = r.json()["notifications"]
        .as_array()
        .unwrap()
        .iter()
        .map(|n| n["type"].clone())
        .collect();
    assert_eq!(
        kinds,
        vec![
            json!("shipped"),
            json!("processing"),
            json!("order_confirmed")
        ]
    );
    // Each admin move is in the audit log, under the admin, with what it moved from; the
    // refused jump is not.
    let moves: Vec<(String, String, Value)> = bazaar_db::on_db!(&app.db, pool => sqlx::query_as(
        "SELECT action, actor_email, details FROM audit_log WHERE subject_id = $1 ORDER BY created_at, id")
        .bind(&id).fetch_all(pool).await.unwrap());
    let moves: Vec<(String, String, String, String)> = moves
        .into_iter()
        .map(|(action, who, d)| {
            (
                action,
                who,
                d["before"]["status"].as_str().unwrap().to_owned(),
                d["after"]["status"].as_str().unwrap().to_owned(),
            )
        })
        .collect();
    let entry = |from: &str, to: &str| {
        (
            "order.set_status".to_owned(),
            "boss@example.co.za".to_owned(),
            from.to_owned(),
            to.to_owned(),
        )
    };
    assert_eq!(
        moves,
        [entry("paid", "processing"), entry("processing", "shipped")]
    );
    jobs.shutdown().await;
}

#[tokio::test]
async fn cancelling_a_paid_order_returns_stock_and_marks_the_refund() {
    let app = shop::shop().await;
    let c = quick_customer(&app, "refund@example.co.za").await;
    let (product, order) = ordered(&app, &c, 3).await;
    let id = order["id"].as_str().unwrap().to_owned();
    let jobs = app.start_jobs();
    shop::pay(&app, &order).await;
    let paid = shop::wait_for_status(&app, &c, &id, "paid").await;
    assert!(shop::points_balance(&app, &c).await > 0);

    let r = app
        .call(
            "POST",
            &format!("/api/v1/orders/{id}/cancel"),
            None,
            Some(&c.token),
            None,
        )
        .await;
    assert_eq!(r.status, 200, "{}", r.text());
    let cancelled = &r.json()["order"];
    assert_eq!(cancelled["status"], "cancelled");
    assert_eq!(cancelled["refund_due_cents"], paid["total_cents"]);
    assert_eq!(shop::stock_of(&app, product).await, 10);
    assert_eq!(
        shop::points_balance(&app, &c).await,
        0,
        "points earned on it go back"
    );
    jobs.shutdown().await;
}

/// A buyer pays twice (two tabs, a retried browser post): PayFast has the money both times,
/// so the second payment is owed back, recorded beside the first and never dropped.
#[tokio::test]
async fn a_second_genuine_payment_is_recorded_as_money_owed_back() {
    let app = shop::shop().await;
    let c = quick_customer(&app, "twice@example.co.za").await;
    let (_, order) = ordered(&app, &c, 1).await;
    let order_id = oid(&order);
    let total = order["total_cents"].as_i64().unwrap();
    let jobs = app.start_jobs();
    let reference = || async {
        bazaar_db::orders::get_header(&app.db, order_id)
            .await
            .unwrap()
            .unwrap()
            .payment_reference
    };

    assert_eq!(shop::pay(&app, &order).await.status(), 303);
    settled(&app, order_id, 1).await;
    let first = reference().await.expect("the payment's reference");
    assert_eq!(shop::pay(&app, &order).await.status(), 303);
    settled(&app, order_id, 2).await;
    let notes = bazaar_db::payments::for_order(&app.db, order_id)
        .await
        .unwrap();
    assert_eq!(notes[1].status, "accepted");
    assert_eq!(
        notes[1].reason.as_deref(),
        Some("order was paid when this payment arrived; refund due")
    );
    let o = shop::order(&app, &c, &order_id.to_string()).await;
    assert_eq!(
        (o["status"].as_str(), o["refund_due_cents"].as_i64()),
        (Some("paid"), Some(total))
    );
    assert_eq!(
        reference().await.as_deref(),
        Some(first.as_str()),
        "the first payment's reference stays"
    );
    let earned = count(&app, "SELECT COUNT(*) FROM points_transactions WHERE order_id = $1 AND transaction_type = 'earned'", order_id).await;
    assert_eq!(earned, 1, "points for one payment only");

    // Cancelling the paid order owes its payment back as well; a payment after that too.
    let r = app
        .call(
            "POST",
            &format!("/api/v1/orders/{order_id}/cancel"),
            None,
            Some(&c.token),
            None,
        )
        .await;
    assert_eq!(r.status, 200, "{}", r.text());
    assert_eq!(r.json()["order"]["refund_due_cents"], 2 * total);
    assert_eq!(shop::pay(&app, &order).await.status(), 303);
    settled(&app, order_id, 3).await;
    let o = shop::order(&app, &c, &order_id.to_string()).await;
    assert_eq!(o["refund_due_cents"], 3 * total);
    assert_eq!(reference().await.as_deref(), Some(first.as_str()));
    jobs.shutdown().await;

    // Admins see what is owed; nobody else does.
    let boss = admin(&app, "boss@example.co.za").await;
    let r = app
        .call(
            "GET",
            "/api/v1/admin/payments/refunds-due",
            None,
            Some(&boss.token),
            None,
        )
        .await;
    assert_eq!(r.status, 200, "{}", r.text());
    let refunds = r.json()["refunds"].clone();
    assert_eq!(refunds.as_array().unwrap().len(), 1);
    assert_eq!(refunds[0]["order_id"], order_id.to_string());
    assert_eq!(refunds[0]["refund_due_cents"], 3 * total);
    assert_eq!(refunds[0]["payment_reference"], first.as_str());
    let r = app
        .call(
            "GET",
            "/api/v1/admin/payments/refunds-due",
            None,
            Some(&c.token),
            None,
        )
        .await;
    assert_eq!(r.status, 403);
}

/// An order cancelled before its payment arrived keeps that payment's reference.
#[tokio::test]
async fn a_payment_for_an_order_cancelled_unpaid_is_owed_back_with_its_reference() {
    let app = shop::shop().await;
    let c = quick_customer(&app, "late@example.co.za").await;
    let (_, order) = ordered(&app, &c, 1).await;
    let order_id = oid(&order);
    let r = app
        .call(
            "POST",
            &format!("/api/v1/orders/{order_id}/cancel"),
            None,
            Some(&c.token),
            None,
        )
        .await;
    assert_eq!(r.status, 200, "{}", r.text());
    assert_eq!(r.json()["order"]["refund_due_cents"], 0);
    let jobs = app.start_jobs();
    assert_eq!(shop::pay(&app, &order).await.status(), 303);
    settled(&app, order_id, 1).await;
    jobs.shutdown().await;
    let h = bazaar_db::orders::get_header(&app.db, order_id)
        .await
        .unwrap()
        .unwrap();
    assert_eq!(
        (h.status.as_str(), h.refund_due_cents),
        ("cancelled", h.total_cents)
    );
    assert!(h.payment_reference.is_some());
}

#[tokio::test]
async fn an_unpaid_order_gives_its_stock_back_when_the_reservation_runs_out() {
    let app = shop::shop().await;
    let c = quick_customer(&app, "late@example.co.za").await;
    let (product, order) = ordered(&app, &c, 4).await;
    assert_eq!(shop::stock_of(&app, product).await, 6);
    let order_id = oid(&order);
    assert_eq!(
        bazaar_commerce::flow::expire_reservations(&app.db)
            .await
            .unwrap(),
        0,
        "not due yet"
    );

    bazaar_db::on_db!(&app.db, pool => sqlx::query("UPDATE orders SET reserved_until = $2 WHERE id = $1")
        .bind(order_id).bind(chrono::Utc::now() - chrono::Duration::minutes(1)).execute(pool).await.unwrap().rows_affected());
    assert_eq!(
        bazaar_commerce::flow::expire_reservations(&app.db)
            .await
            .unwrap(),
        1
    );
    assert_eq!(shop::stock_of(&app, product).await, 10);
    let o = shop::order(&app, &c, &order_id.to_string()).await;
    assert_eq!(o["status"], "cancelled");
    assert_eq!(o["cancel_reason"], "Payment not received in time");
    let queued = bazaar_db::on_db!(&app.db, pool => sqlx::query_scalar::<_, i64>(
        "SELECT COUNT(*) FROM outbox WHERE CAST(job AS TEXT) LIKE '%notify_order_status%' AND CAST(job AS TEXT) LIKE '%cancelled%'")
        .fetch_one(pool).await.unwrap());
    assert_eq!(queued, 1, "the customer is told");
}
