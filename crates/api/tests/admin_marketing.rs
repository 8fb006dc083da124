//! Marketing run by admins: batches of single-use points codes, made all at once, exported
//! as CSV, each code redeemed once in all (two customers at the same moment: one wins), and
//! disabled; platform coupons made, used by an order (the list shows the use and its
//! discount), switched off and deleted while unused. Audited. SQLite and (with
//! TEST_DATABASE_URL) PostgreSQL.

mod common;

use std::collections::BTreeSet;

use axum::http::StatusCode;
use chrono::{Duration, Utc};
use common::TestApp;
use common::jobs::Customer;
use common::shop::{self, admin, call, quick_customer};
use serde_json::{Value, json};

const BATCHES: &str = "/api/v1/admin/points-codes";
const REDEEM: &str = "/api/v1/points/redeem";

/// The batch's CSV export, checked to be CSV with its header: its rows' cells.
async fn export(app: &TestApp, boss: &Customer, id: &str) -> Vec<Vec<String>> {
    let reply = app
        .call(
            "GET",
            &format!("{BATCHES}/{id}/export"),
            None,
            Some(&boss.token),
            None,
        )
        .await;
    assert_eq!(reply.status, 200, "{}", reply.text());
    assert!(
        reply.headers["content-type"]
            .to_str()
            .unwrap()
            .starts_with("text/csv")
    );
    let text = reply.text();
    let (header, rows) = text
        .lines()
        .collect::<Vec<_>>()
        .split_first()
        .map(|(h, r)| (h.to_string(), r.to_vec()))
        .unwrap();
    assert_eq!(header, "Code,Points,Expires,Status,Redeemed at,Redeemed by");
    rows.iter()
        .map(|row| row.split(',').map(str::to_owned).collect())
        .collect()
}

/// Redeems `code` (as typed, in lower case) as `who`.
async fn redeem(app: &TestApp, who: &Customer, code: &str) -> (StatusCode, Value) {
    call(
        app,
        "POST",
        REDEEM,
        Some(json!({ "code": code.to_lowercase() })),
        who,
    )
    .await
}

#[tokio::test]
async fn a_points_batch_redeems_once_per_code_and_stops_when_disabled() {
    let app = shop::shop().await;
    let boss = admin(&app, "boss@example.co.za").await;
    let lerato = quick_customer(&app, "lerato@example.co.za").await;
    let sipho = quick_customer(&app, "sipho@example.co.za").await;

    let (status, refused) = call(
        &app,
        "POST",
        BATCHES,
        Some(json!({ "name": " ", "points": 0, "count": 10_001, "expires_on": "soon" })),
        &boss,
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{refused}");
    let fields: Vec<&String> = refused["error"]["fields"]
        .as_object()
        .unwrap()
        .keys()
        .collect();
    assert_eq!(fields, ["count", "expires_on", "name", "points"]);

    let last_day = (Utc::now() + Duration::days(30))
        .format("%Y-%m-%d")
        .to_string();
    let (status, batch) = call(
        &app,
        "POST",
        BATCHES,
        Some(json!({ "name": "Heritage Day flyers", "points": 150, "count": 25, "expires_on": last_day })),
        &boss,
    )
    .await;
    assert_eq!(status, StatusCode::CREATED, "{batch}");
    assert_eq!(
        (batch["size"].clone(), batch["redeemed"].clone()),
        (json!(25), json!(0))
    );
    assert_eq!(batch["created_by"], "boss@example.co.za");
    let id = batch["id"].as_str().unwrap().to_owned();

    let rows = export(&app, &boss, &id).await;
    let codes: Vec<String> = rows.iter().map(|r| r[0].clone()).collect();
    assert_eq!(codes.len(), 25);
    assert_eq!(
        codes.iter().collect::<BTreeSet<_>>().len(),
        25,
        "every code differs"
    );
    assert!(
        codes
            .iter()
            .all(|c| c.len() == 10 && !c.contains(['0', 'O', '1', 'I']))
    );
    assert!(rows.iter().all(|r| r[3] == "available"));

    // The first customer to redeem a code has it.
    let (status, won) = redeem(&app, &lerato, &codes[0]).await;
    assert_eq!(status, StatusCode::OK, "{won}");
    assert_eq!(won["points_awarded"], 150);
    let (status, taken) = redeem(&app, &sipho, &codes[0]).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(taken["error"], "This code has already been used");
    let (_, again) = redeem(&app, &lerato, &codes[0]).await;
    assert_eq!(again["error"], "You have already redeemed this code");

    // Two customers at the same moment: one has it.
    let (a, b) = tokio::join!(
        redeem(&app, &lerato, &codes[1]),
        redeem(&app, &sipho, &codes[1])
    );
    let wins = [&a, &b]
        .iter()
        .filter(|(s, _)| *s == StatusCode::OK)
        .count();
    assert_eq!(wins, 1, "{a:?} {b:?}");
    assert_eq!(
        shop::points_balance(&app, &lerato).await + shop::points_balance(&app, &sipho).await,
        300,
        "150 points for each of the two codes, no more"
    );

    let (_, detail) = call(&app, "GET", &format!("{BATCHES}/{id}"), None, &boss).await;
    assert_eq!(detail["batch"]["redeemed"], 2);
    let redeemers: BTreeSet<&str> = detail["redemptions"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["code"].as_str().unwrap())
        .collect();
    assert_eq!(
        redeemers,
        BTreeSet::from([codes[0].as_str(), codes[1].as_str()])
    );
    assert_eq!(
        detail["redemptions"][1]["redeemed_by"],
        "lerato@example.co.za"
    );

    // Disabled: the codes left are refused; the export says what became of each.
    let (status, disabled) = call(
        &app,
        "POST",
        &format!("{BATCHES}/{id}/disable"),
        None,
        &boss,
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{disabled}");
    assert!(disabled["disabled_at"].is_string());
    let (status, refused) = redeem(&app, &sipho, &codes[2]).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(refused["error"], "This code is no longer valid");
    let statuses: Vec<String> = export(&app, &boss, &id)
        .await
        .into_iter()
        .map(|r| r[3].clone())
        .collect();
    assert_eq!(statuses.iter().filter(|s| **s == "redeemed").count(), 2);
    assert_eq!(statuses.iter().filter(|s| **s == "disabled").count(), 23);

    let (_, list) = call(&app, "GET", BATCHES, None, &boss).await;
    assert_eq!(list["total"], 1);
    assert_eq!(list["batches"][0]["redeemed"], 2);
    let (status, _) = call(
        &app,
        "GET",
        &format!("{BATCHES}/{}", uuid::Uuid::now_v7()),
        None,
        &boss,
    )
    .await;
    assert_eq!(status, StatusCode::NOT_FOUND);

    let (log, actions) = shop::audit_of(&app, &boss, "points_batch").await;
    assert_eq!(
        actions,
        ["points_batch.disable", "points_batch.create"],
        "{log}"
    );
}

const COUPONS: &str = "/api/v1/admin/coupons";

#[tokio::test]
async fn platform_coupons_are_made_by_admins_and_show_their_usage() {
    let app = shop::shop().await;
    let boss = admin(&app, "boss@example.co.za").await;
    let buyer = quick_customer(&app, "lerato@example.co.za").await;
    let coupon = json!({ "code": " heritage10 ", "description": "Heritage Day", "kind": "percentage", "value": 10 });

    let (status, refused) = call(
        &app,
        "POST",
        COUPONS,
        Some(json!({ "code": "x", "kind": "half", "value": 0 })),
        &boss,
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{refused}");
    assert!(refused["error"]["fields"]["kind"].is_string(), "{refused}");
    let (status, made) = call(&app, "POST", COUPONS, Some(coupon.clone()), &boss).await;
    assert_eq!(status, StatusCode::CREATED, "{made}");
    assert_eq!(made["code"], "HERITAGE10");
    assert_eq!(
        (made["store_name"].clone(), made["orders"].clone()),
        (Value::Null, json!(0))
    );
    let id = made["id"].as_str().unwrap().to_owned();
    let (status, taken) = call(&app, "POST", COUPONS, Some(coupon.clone()), &boss).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(
        taken["error"]["fields"]["code"],
        "This code is taken: choose another"
    );

    // A customer's order uses it: the list shows the order and its discount.
    let cap: uuid::Uuid = shop::product(&app, "ovr-performance-cap").await["id"]
        .as_str()
        .unwrap()
        .parse()
        .unwrap();
    assert_eq!(shop::add_to_cart(&app, &buyer, cap, 1).await.status, 200);
    let order = shop::place(&app, &buyer, json!({ "coupon_code": "heritage10" })).await;
    let discount = order["discount_cents"].as_i64().unwrap_or_default();
    let (_, list) = call(&app, "GET", COUPONS, None, &boss).await;
    let ours = list["coupons"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["id"] == id.as_str())
        .unwrap()
        .clone();
    assert_eq!(ours["orders"], 1, "{ours}");
    assert!(ours["discount_cents"].as_i64().unwrap() > 0, "{ours}");
    if discount > 0 {
        assert_eq!(ours["discount_cents"], discount);
    }
    assert!(ours["last_used_at"].is_string());
    assert!(
        list["coupons"]
            .as_array()
            .unwrap()
            .iter()
            .all(|c| c["store_name"].is_null())
    );
    let (_, stores) = call(&app, "GET", &format!("{COUPONS}?scope=stores"), None, &boss).await;
    let store_coupon = stores["coupons"].as_array().unwrap().first().cloned();
    let (status, _) = call(&app, "GET", &format!("{COUPONS}?scope=nobody"), None, &boss).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);

    // Used: it cannot be deleted, only switched off.
    let (status, used) = call(&app, "DELETE", &format!("{COUPONS}/{id}"), None, &boss).await;
    assert_eq!(status, StatusCode::CONFLICT, "{used}");
    assert_eq!(used["error"]["code"], "coupon_used");
    let mut off = coupon.clone();
    off["active"] = json!(false);
    let (status, switched) = call(
        &app,
        "PUT",
        &format!("{COUPONS}/{id}"),
        Some(off.clone()),
        &boss,
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{switched}");
    assert_eq!(
        (switched["active"].clone(), switched["orders"].clone()),
        (json!(false), json!(1))
    );
    // A store's coupon is its store's to change.
    if let Some(theirs) = store_coupon {
        let uri = format!("{COUPONS}/{}", theirs["id"].as_str().unwrap());
        let (status, _) = call(&app, "PUT", &uri, Some(off), &boss).await;
        assert_eq!(status, StatusCode::NOT_FOUND);
    }
    // Unused: deleted.
    let (_, spare) = call(
        &app,
        "POST",
        COUPONS,
        Some(json!({ "code": "SPARE5", "kind": "fixed", "value": 500 })),
        &boss,
    )
    .await;
    let (status, _) = call(
        &app,
        "DELETE",
        &format!("{COUPONS}/{}", spare["id"].as_str().unwrap()),
        None,
        &boss,
    )
    .await;
    assert_eq!(status, StatusCode::NO_CONTENT);

    let (log, actions) = shop::audit_of(&app, &boss, "coupon").await;
    assert_eq!(
        actions,
        [
            "coupon.delete",
            "coupon.create",
            "coupon.update",
            "coupon.create"
        ],
        "{log}"
    );
}
