//! Orders: refunds in part with money, points, stock and the vendor's share following,
//! PayFast asked through the simulator, the order search and the dashboard.

use super::*;

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
    assert_eq!(
        app.state.payments.started().settings.process_url,
        gateway.settings.process_url
    );
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
