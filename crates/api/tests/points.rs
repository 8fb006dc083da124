//! Loyalty points: the balance, the history, codes with SPEC.md's messages, and a balance
//! that concurrent spends cannot take below zero.

mod common;

use std::sync::Arc;

use bazaar_db::points::{self, Kind, Moved, Movement};
use chrono::{Duration, Utc};
use common::shop::{self, give_points, quick_customer};
use serde_json::{Value, json};

async fn redeem(app: &common::TestApp, token: Option<&str>, code: &str) -> (u16, Value) {
    let r = app
        .call(
            "POST",
            "/api/v1/points/redeem",
            Some(json!({"code": code})),
            token,
            None,
        )
        .await;
    (r.status.as_u16(), r.json())
}

#[tokio::test]
async fn the_balance_starts_at_zero_and_codes_redeem_once_with_specs_messages() {
    let app = shop::shop().await;
    let c = quick_customer(&app, "nomsa@example.co.za").await;
    let r = app
        .call("GET", "/api/v1/points", None, Some(&c.token), None)
        .await;
    assert_eq!(
        r.json()["points"],
        json!({"current_balance": 0, "lifetime_earned": 0, "lifetime_spent": 0, "value_cents": 0})
    );

    let (status, body) = redeem(&app, None, "WELCOME100").await;
    assert_eq!(status, 401);
    assert_eq!(
        body,
        json!({"success": false, "points_awarded": 0, "error": "Please log in to redeem codes", "message": null})
    );
    let (status, body) = redeem(&app, Some(&c.token), "   ").await;
    assert_eq!(
        (status, body["error"].clone()),
        (400, json!("Please enter a code"))
    );

    // Seeded code, typed in lower case: upper-cased before it is looked up.
    let (status, body) = redeem(&app, Some(&c.token), " welcome100 ").await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["success"], true);
    assert_eq!(body["points_awarded"], 100);
    assert_eq!(body["message"], "Successfully redeemed 100 points!");
    assert_eq!(shop::points_balance(&app, &c).await, 100);

    let (_, body) = redeem(&app, Some(&c.token), "WELCOME100").await;
    assert_eq!(body["error"], "You have already redeemed this code");
    let (_, body) = redeem(&app, Some(&c.token), "NOSUCHCODE").await;
    assert_eq!(body["error"], "Invalid code");
    let (_, body) = redeem(&app, Some(&c.token), "ABCDEFGHIJKLM").await;
    assert_eq!(body["error"], "Codes are at most 12 characters");

    let mut tx = app.db.begin().await.unwrap();
    points::create_code(&mut tx, "OLDCODE", 50, "", Utc::now() - Duration::days(366))
        .await
        .unwrap();
    tx.commit().await.unwrap();
    let (_, body) = redeem(&app, Some(&c.token), "oldcode").await;
    assert_eq!(body["error"], "This code has expired");
    assert_eq!(shop::points_balance(&app, &c).await, 100);

    // Another customer may use the same code once too; each balance is their own.
    let other = quick_customer(&app, "other@example.co.za").await;
    assert_eq!(redeem(&app, Some(&other.token), "WELCOME100").await.0, 200);
    assert_eq!(shop::points_balance(&app, &other).await, 100);
    assert_eq!(shop::points_balance(&app, &c).await, 100);
}

#[tokio::test]
async fn the_history_is_newest_first_twenty_by_default() {
    let app = shop::shop().await;
    let c = quick_customer(&app, "history@example.co.za").await;
    for n in 1..=25 {
        give_points(&app, &c, n).await;
    }
    let r = app
        .call(
            "GET",
            "/api/v1/points/transactions",
            None,
            Some(&c.token),
            None,
        )
        .await;
    let list = r.json()["transactions"].as_array().unwrap().clone();
    assert_eq!(list.len(), 20);
    assert_eq!(list[0]["points_amount"], 25);
    assert_eq!(list[19]["points_amount"], 6);
    assert_eq!(list[0]["transaction_type"], "earned");
    let r = app
        .call(
            "GET",
            "/api/v1/points/transactions?limit=5",
            None,
            Some(&c.token),
            None,
        )
        .await;
    assert_eq!(r.json()["transactions"].as_array().unwrap().len(), 5);
    let r = app
        .call(
            "GET",
            "/api/v1/points/transactions?limit=0",
            None,
            Some(&c.token),
            None,
        )
        .await;
    assert_eq!(r.status, 400);
    let other = quick_customer(&app, "nosy@example.co.za").await;
    let r = app
        .call(
            "GET",
            "/api/v1/points/transactions",
            None,
            Some(&other.token),
            None,
        )
        .await;
    assert_eq!(r.json()["transactions"], json!([]));
}

#[tokio::test]
async fn twenty_concurrent_spends_never_take_the_balance_below_zero() {
    let app = Arc::new(shop::shop().await);
    let c = quick_customer(&app, "spender@example.co.za").await;
    give_points(&app, &c, 100).await;
    let user = c.id;
    let tasks: Vec<_> = (0..20)
        .map(|i| {
            let app = app.clone();
            tokio::spawn(async move {
                let mut tx = app.db.begin().await.unwrap();
                let source = format!("test:{i}");
                let moved = points::apply(
                    &mut tx,
                    &Movement {
                        user_id: user,
                        kind: Kind::Spent,
                        points: 15,
                        description: "test spend",
                        order_id: None,
                        source: &source,
                    },
                )
                .await
                .unwrap();
                if moved == Moved::Done {
                    tx.commit().await.unwrap();
                    true
                } else {
                    tx.rollback().await.unwrap();
                    false
                }
            })
        })
        .collect();
    let mut spent = 0;
    for t in tasks {
        spent += i64::from(t.await.unwrap());
    }
    assert_eq!(spent, 6, "100 points cover six spends of 15");
    let b = points::balance(&app.db, user).await.unwrap();
    assert_eq!(b.current_balance, 10);
    assert_eq!(b.lifetime_spent, 90);
    let spends = common::jobs::count(
        &app,
        "SELECT COUNT(*) FROM points_transactions WHERE user_id = $1 AND transaction_type = 'spent'",
        user,
    )
    .await;
    assert_eq!(spends, 6, "refused spends leave no history");
}
