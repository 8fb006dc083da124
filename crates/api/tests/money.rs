//! Commission and the books: a payment fixes each line's commission and credits each
//! vendor their part less commission (pending); a delivered part becomes payable after the
//! hold; a cancelled part reverses its sale and owes the buyer its share; payouts take the
//! available balance to the bank file and a failed one gives it back. After every flow
//! the books add up to zero, and a vendor sees only their own money. SQLite and (with
//! TEST_DATABASE_URL) PostgreSQL.

mod common;

use axum::http::StatusCode;
use common::TestApp;
use common::jobs::Customer;
use common::shop::{add, admin, books, call, paid, place, quick_customer, seller};
use serde_json::{Value, json};
use uuid::Uuid;

async fn store_with(
    app: &TestApp,
    email: &str,
    slug: &str,
    price: &str,
    bank: bool,
) -> (Customer, Value, Uuid) {
    let who = seller(app, email, slug, true).await;
    let (status, product) = call(
        app,
        "POST",
        "/api/v1/vendor/products",
        Some(json!({"name": format!("{slug} goods"), "price": price, "stock_quantity": 50, "status": "active"})),
        &who,
    )
    .await;
    assert_eq!(status, StatusCode::CREATED, "{product}");
    let store = bazaar_db::vendors::store_of_owner(&app.db, who.id)
        .await
        .unwrap()
        .unwrap();
    if bank {
        let mut tx = app.db.begin().await.unwrap();
        bazaar_db::vendors::set_payout_account(
            &mut tx,
            store.id,
            &bazaar_db::vendors::PayoutAccount {
                bank_name: "Capitec",
                account_holder: &format!("{slug} (Pty) Ltd"),
                account_number: "1234567890",
                branch_code: "470010",
            },
            chrono::Utc::now(),
        )
        .await
        .unwrap();
        tx.commit().await.unwrap();
    }
    (who, product, store.id)
}

async fn money(app: &TestApp, who: &Customer) -> (i64, i64) {
    let (status, body) = call(app, "GET", "/api/v1/vendor/money", None, who).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    (
        body["pending_cents"].as_i64().unwrap(),
        body["available_cents"].as_i64().unwrap(),
    )
}

async fn part_of(app: &TestApp, who: &Customer) -> String {
    let (status, body) = call(
        app,
        "GET",
        "/api/v1/vendor/orders?status=to_ship",
        None,
        who,
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    body["items"][0]["id"].as_str().unwrap().to_owned()
}

async fn moved(app: &TestApp, who: &Customer, part: &str, body: Value) {
    let (status, reply) = call(
        app,
        "POST",
        &format!("/api/v1/vendor/orders/{part}/status"),
        Some(body),
        who,
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{reply}");
}

async fn set_payout_settings(app: &TestApp, value: Value) {
    let mut tx = app.db.begin().await.unwrap();
    bazaar_db::settings::put_system(&mut tx, "payout_settings", &value, chrono::Utc::now())
        .await
        .unwrap();
    tx.commit().await.unwrap();
}

#[tokio::test]
async fn the_books_balance_through_sale_cancellation_refund_and_payouts() {
    let app = TestApp::seeded().await;
    let boss = admin(&app, "boss@example.co.za").await;
    let (kasi, tee, kasi_id) =
        store_with(&app, "kasi@example.co.za", "kasi-kicks", "300.00", true).await;
    let (mugs, mug, mugs_id) =
        store_with(&app, "mugs@example.co.za", "mug-house", "100.00", true).await;
    // Kasi pays 12 % by an admin's override; the Mug House the agreement's 10 %.
    let (status, body) = call(
        &app,
        "PUT",
        &format!("/api/v1/admin/vendors/{kasi_id}/commission"),
        Some(json!({"commission_rate_bps": 1200})),
        &boss,
    )
    .await;
    assert!(status.is_success(), "{status} {body}");

    let buyer = quick_customer(&app, "thandi@example.co.za").await;
    add(&app, &buyer, &tee, 2).await;
    add(&app, &buyer, &mug, 1).await;
    let order = place(&app, &buyer, json!({})).await;
    let order_id = order["id"].as_str().unwrap().to_owned();
    assert!(
        books(&app, &boss).await.is_empty(),
        "nothing before payment"
    );
    paid(&app, &order_id).await;

    // The sale: each vendor's part less commission is pending.
    let weight = |vendor: &str| {
        let p = order["parts"]
            .as_array()
            .unwrap()
            .iter()
            .find(|p| p["vendor_name"] == vendor)
            .unwrap();
        p["subtotal_cents"].as_i64().unwrap() - p["discount_cents"].as_i64().unwrap()
            + p["shipping_cents"].as_i64().unwrap()
    };
    let kasi_net = weight("kasi-kicks") - 60_000 * 12 / 100;
    let mugs_net = weight("mug-house") - 10_000 / 10;
    assert_eq!(money(&app, &kasi).await, (kasi_net, 0));
    assert_eq!(money(&app, &mugs).await, (mugs_net, 0));
    let sums = books(&app, &boss).await;
    assert_eq!(sums["gateway"], order["total_cents"].as_i64().unwrap());
    assert_eq!(sums["commission"], -(7_200 + 1_000));
    let (_, entries) = call(&app, "GET", "/api/v1/vendor/money/entries", None, &kasi).await;
    assert_eq!(entries["items"][0]["kind"], "sale");
    assert_eq!(entries["items"][0]["order_number"], order["order_number"]);
    assert_eq!(entries["items"][0]["amount_cents"], kasi_net);

    // The Mug House cancels: its sale is reversed and the buyer is owed its share.
    let mug_part = part_of(&app, &mugs).await;
    moved(
        &app,
        &mugs,
        &mug_part,
        json!({"status": "cancelled", "reason": "Broken in transit"}),
    )
    .await;
    assert_eq!(money(&app, &mugs).await, (0, 0));
    let sums = books(&app, &boss).await;
    let owed = -sums["refunds_due"];
    assert_eq!(
        owed,
        weight("mug-house"),
        "no points spent: the whole part is owed back"
    );
    assert_eq!(sums["commission"], -7_200);

    // The refund is paid back.
    let (status, body) = call(
        &app,
        "POST",
        &format!("/api/v1/admin/orders/{order_id}/refunds/paid"),
        Some(json!({"amount_cents": owed + 1})),
        &boss,
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
    let (status, body) = call(
        &app,
        "POST",
        &format!("/api/v1/admin/orders/{order_id}/refunds/paid"),
        Some(json!({"amount_cents": owed})),
        &boss,
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["refund_due_cents"], 0);
    assert_eq!(
        books(&app, &boss)
            .await
            .get("refunds_due")
            .copied()
            .unwrap_or(0),
        0
    );

    // Kasi delivers; with no hold the sale is available at once.
    set_payout_settings(
        &app,
        json!({"hold_days": 0, "minimum_payout_cents": 10_000}),
    )
    .await;
    let kasi_part = part_of(&app, &kasi).await;
    moved(&app, &kasi, &kasi_part, json!({"status": "processing"})).await;
    moved(
        &app,
        &kasi,
        &kasi_part,
        json!({"status": "shipped", "courier": "dsv", "tracking_number": "DSV-1"}),
    )
    .await;
    moved(&app, &kasi, &kasi_part, json!({"status": "delivered"})).await;
    assert_eq!(money(&app, &kasi).await, (0, kasi_net));
    books(&app, &boss).await;

    // A dry run shows the payout and keeps nothing.
    let (status, dry) = call(
        &app,
        "POST",
        "/api/v1/admin/payouts/runs",
        Some(json!({"dry_run": true})),
        &boss,
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{dry}");
    assert_eq!(dry["payouts"].as_array().unwrap().len(), 1);
    assert_eq!(dry["payouts"][0]["amount_cents"], kasi_net);
    assert_eq!(money(&app, &kasi).await, (0, kasi_net));

    // The run pays Kasi; the bank file lists the payment.
    let (status, run) = call(
        &app,
        "POST",
        "/api/v1/admin/payouts/runs",
        Some(json!({})),
        &boss,
    )
    .await;
    assert_eq!(status, StatusCode::CREATED, "{run}");
    assert_eq!(run["total_cents"], kasi_net);
    assert_eq!(run["payouts"][0]["account_number_last4"], "7890");
    assert_eq!(money(&app, &kasi).await, (0, 0));
    let sums = books(&app, &boss).await;
    assert_eq!(sums["payouts_in_transit"], -kasi_net);
    let file = app
        .call(
            "GET",
            &format!(
                "/api/v1/admin/payouts/runs/{}/bank-file",
                run["id"].as_str().unwrap()
            ),
            None,
            Some(&boss.token),
            None,
        )
        .await;
    assert_eq!(file.status, 200, "{}", file.text());
    let text = file.text();
    let mut lines = text.lines();
    assert_eq!(
        lines.next(),
        Some("Account holder,Account number,Branch code,Amount,Reference")
    );
    let row = lines.next().unwrap();
    assert!(
        row.starts_with(&format!(
            "kasi-kicks (Pty) Ltd,1234567890,470010,{}.{:02},BAZAAR ",
            kasi_net / 100,
            kasi_net % 100
        )),
        "{row}"
    );
    assert_eq!(lines.next(), None);

    // The bank bounces it: the money is Kasi's again, and the next run pays it.
    let payout = run["payouts"][0]["id"].as_str().unwrap().to_owned();
    let (status, body) = call(
        &app,
        "POST",
        &format!("/api/v1/admin/payouts/{payout}/settle"),
        Some(json!({"status": "failed"})),
        &boss,
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
    let (status, body) = call(
        &app,
        "POST",
        &format!("/api/v1/admin/payouts/{payout}/settle"),
        Some(json!({"status": "failed", "reason": "Account closed"})),
        &boss,
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["status"], "failed");
    assert_eq!(money(&app, &kasi).await, (0, kasi_net));
    let (status, _) = call(
        &app,
        "POST",
        &format!("/api/v1/admin/payouts/{payout}/settle"),
        Some(json!({"status": "paid"})),
        &boss,
    )
    .await;
    assert_eq!(status, StatusCode::CONFLICT, "settled once");
    books(&app, &boss).await;
    let (status, run) = call(
        &app,
        "POST",
        "/api/v1/admin/payouts/runs",
        Some(json!({})),
        &boss,
    )
    .await;
    assert_eq!(status, StatusCode::CREATED, "{run}");
    let payout = run["payouts"][0]["id"].as_str().unwrap().to_owned();
    let (status, body) = call(
        &app,
        "POST",
        &format!("/api/v1/admin/payouts/{payout}/settle"),
        Some(json!({"status": "paid"})),
        &boss,
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let sums = books(&app, &boss).await;
    assert_eq!(sums["payouts_in_transit"], 0);
    assert_eq!(sums["vendor_available"], 0);
    assert_eq!(sums["vendor_pending"], 0);

    // An adjustment with a reason, below the minimum: not paid out.
    let (status, body) = call(
        &app,
        "POST",
        &format!("/api/v1/admin/vendors/{mugs_id}/adjustments"),
        Some(json!({"amount_cents": 2_500, "reason": ""})),
        &boss,
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
    let (status, body) = call(
        &app,
        "POST",
        &format!("/api/v1/admin/vendors/{mugs_id}/adjustments"),
        Some(json!({"amount_cents": 2_500, "reason": "Courier costs we owe you"})),
        &boss,
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(money(&app, &mugs).await, (0, 2_500));
    let (_, run) = call(
        &app,
        "POST",
        "/api/v1/admin/payouts/runs",
        Some(json!({"dry_run": true})),
        &boss,
    )
    .await;
    assert!(
        run["payouts"].as_array().unwrap().is_empty(),
        "R25 is under the R100 minimum: {run}"
    );
    books(&app, &boss).await;

    // The statement: the month's postings with opening and closing balances.
    let csv = app
        .call(
            "GET",
            "/api/v1/vendor/money/statement.csv",
            None,
            Some(&mugs.token),
            None,
        )
        .await;
    assert_eq!(csv.status, 200, "{}", csv.text());
    let text = csv.text();
    assert!(
        text.starts_with("Date,Kind,Order,Description,Pending,Available\n"),
        "{text}"
    );
    assert!(text.contains("Courier costs we owe you"), "{text}");
    assert!(
        text.lines().last().unwrap().ends_with(",0.00,25.00"),
        "{text}"
    );
    let (status, _) = call(
        &app,
        "GET",
        "/api/v1/vendor/money/entries?month=2026-13",
        None,
        &mugs,
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
}

#[tokio::test]
async fn a_vendor_sees_only_their_own_money_and_only_admins_run_payouts() {
    let app = TestApp::seeded().await;
    let (kasi, tee, _) =
        store_with(&app, "kasi@example.co.za", "kasi-kicks", "300.00", false).await;
    let (other, _, _) = store_with(&app, "other@example.co.za", "other-shop", "10.00", false).await;
    let buyer = quick_customer(&app, "thandi@example.co.za").await;
    add(&app, &buyer, &tee, 1).await;
    let order = place(&app, &buyer, json!({})).await;
    paid(&app, order["id"].as_str().unwrap()).await;
    assert!(money(&app, &kasi).await.0 > 0);
    assert_eq!(money(&app, &other).await, (0, 0));
    let (_, entries) = call(&app, "GET", "/api/v1/vendor/money/entries", None, &other).await;
    assert_eq!(entries["items"], json!([]));
    for who in [&kasi, &buyer] {
        for (method, uri, body) in [
            ("GET", "/api/v1/admin/ledger".to_owned(), None),
            (
                "POST",
                "/api/v1/admin/payouts/runs".to_owned(),
                Some(json!({})),
            ),
        ] {
            let (status, _) = call(&app, method, &uri, body, who).await;
            assert_eq!(status, StatusCode::FORBIDDEN, "{method} {uri}");
        }
    }
    let (status, _) = call(&app, "GET", "/api/v1/vendor/money", None, &buyer).await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    // Owed money without a payout account is reported, not paid.
    let boss = admin(&app, "boss@example.co.za").await;
    set_payout_settings(&app, json!({"hold_days": 0, "minimum_payout_cents": 0})).await;
    let part = part_of(&app, &kasi).await;
    moved(&app, &kasi, &part, json!({"status": "processing"})).await;
    moved(
        &app,
        &kasi,
        &part,
        json!({"status": "shipped", "courier": "pargo", "tracking_number": "P-9"}),
    )
    .await;
    moved(&app, &kasi, &part, json!({"status": "delivered"})).await;
    let (status, run) = call(
        &app,
        "POST",
        "/api/v1/admin/payouts/runs",
        Some(json!({})),
        &boss,
    )
    .await;
    assert_eq!(status, StatusCode::CREATED, "{run}");
    assert!(run["payouts"].as_array().unwrap().is_empty());
    assert_eq!(run["without_account"].as_array().unwrap().len(), 1);
    books(&app, &boss).await;
}
