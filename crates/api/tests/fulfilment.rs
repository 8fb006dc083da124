//! Fulfilment: each vendor moves their own part of an order (processing, shipped with a
//! courier and tracking number, delivered, or cancelled with a reason before it ships),
//! the order follows its parts, the buyer is told, and a cancelled part gives back its
//! stock and its share of points and money. No vendor reaches another's part. SQLite and
//! (with TEST_DATABASE_URL) PostgreSQL.

mod common;

use axum::http::StatusCode;
use common::TestApp;
use common::jobs::Customer;
use common::shop::{
    add, call, give_points, order, paid, place, points_balance, quick_customer, seller, stock_of,
};
use serde_json::{Value, json};
use uuid::Uuid;

/// A store selling one active product at `price` with 20 in stock.
async fn store_with(
    app: &TestApp,
    email: &str,
    slug: &str,
    name: &str,
    price: &str,
) -> (Customer, Value) {
    let who = seller(app, email, slug, true).await;
    let (status, product) = call(
        app,
        "POST",
        "/api/v1/vendor/products",
        Some(json!({"name": name, "price": price, "stock_quantity": 20, "status": "active"})),
        &who,
    )
    .await;
    assert_eq!(status, StatusCode::CREATED, "{product}");
    (who, product)
}

struct Bought {
    buyer: Customer,
    kasi: Customer,
    mugs: Customer,
    tee: Value,
    mug: Value,
    order: Value,
}

/// A buyer pays for two tees from Kasi and a mug from the Mug House, spending 200 points.
async fn bought(app: &TestApp) -> Bought {
    let (kasi, tee) = store_with(
        app,
        "kasi@example.co.za",
        "kasi-kicks",
        "Kasi Tee",
        "200.00",
    )
    .await;
    let (mugs, mug) = store_with(app, "mugs@example.co.za", "mug-house", "Mug", "150.00").await;
    let buyer = quick_customer(app, "thandi@example.co.za").await;
    give_points(app, &buyer, 200).await;
    add(app, &buyer, &tee, 2).await;
    add(app, &buyer, &mug, 1).await;
    let order = place(app, &buyer, json!({"points": 200})).await;
    paid(app, order["id"].as_str().unwrap()).await;
    Bought {
        buyer,
        kasi,
        mugs,
        tee,
        mug,
        order,
    }
}

async fn list(app: &TestApp, who: &Customer, query: &str) -> Vec<Value> {
    let (status, body) = call(
        app,
        "GET",
        &format!("/api/v1/vendor/orders{query}"),
        None,
        who,
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    body["items"].as_array().unwrap().clone()
}

async fn part_id(app: &TestApp, who: &Customer) -> String {
    let rows = list(app, who, "?status=to_ship").await;
    assert_eq!(rows.len(), 1, "{rows:?}");
    rows[0]["id"].as_str().unwrap().to_owned()
}

async fn moved(app: &TestApp, who: &Customer, part: &str, body: Value) -> (StatusCode, Value) {
    call(
        app,
        "POST",
        &format!("/api/v1/vendor/orders/{part}/status"),
        Some(body),
        who,
    )
    .await
}

fn customers_part<'a>(order: &'a Value, vendor: &str) -> &'a Value {
    order["parts"]
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["vendor_name"] == vendor)
        .unwrap_or_else(|| panic!("no part of {vendor} in {order}"))
}

#[tokio::test]
async fn two_vendors_ship_their_parts_and_the_order_follows() {
    let app = TestApp::seeded().await;
    let jobs = app.start_jobs();
    let b = bought(&app).await;
    let order_id = b.order["id"].as_str().unwrap().to_owned();
    assert_eq!(b.order["points_spent"], 200);
    let kasi_part = part_id(&app, &b.kasi).await;
    let mug_part = part_id(&app, &b.mugs).await;

    // Each vendor sees their part: its lines and where it goes.
    let (status, detail) = call(
        &app,
        "GET",
        &format!("/api/v1/vendor/orders/{kasi_part}"),
        None,
        &b.kasi,
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{detail}");
    assert_eq!(detail["status"], "paid");
    assert_eq!(detail["order_number"], b.order["order_number"]);
    assert_eq!(detail["items"].as_array().unwrap().len(), 1);
    assert_eq!(detail["items"][0]["product_name"], "Kasi Tee");
    assert_eq!(detail["items"][0]["quantity"], 2);
    assert_eq!(detail["shipping_address"]["recipient"], "Thandi Nkosi");
    assert_eq!(detail["next"], json!(["processing", "cancelled"]));

    // Shipping needs processing first, then a courier and a tracking number.
    let (status, body) = moved(
        &app,
        &b.kasi,
        &kasi_part,
        json!({"status": "shipped", "courier": "pargo", "tracking_number": "P1"}),
    )
    .await;
    assert_eq!(status, StatusCode::CONFLICT, "{body}");
    assert_eq!(
        body["error"]["message"],
        "An order that is paid cannot become shipped"
    );
    let (status, body) = moved(&app, &b.kasi, &kasi_part, json!({"status": "processing"})).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["status"], "processing");
    assert_eq!(
        order(&app, &b.buyer, &order_id).await["status"],
        "processing"
    );
    let (status, body) = moved(&app, &b.kasi, &kasi_part, json!({"status": "shipped"})).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
    assert_eq!(body["error"]["fields"]["courier"], "Choose the courier");
    let (status, body) = moved(
        &app,
        &b.kasi,
        &kasi_part,
        json!({"status": "shipped", "courier": "the_courier_guy", "tracking_number": ""}),
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
    assert_eq!(
        body["error"]["fields"]["tracking_number"],
        "Enter the tracking number"
    );
    let (status, body) = moved(
        &app,
        &b.kasi,
        &kasi_part,
        json!({"status": "shipped", "courier": "the_courier_guy", "tracking_number": "TCG-1234"}),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["courier_name"], "The Courier Guy");
    assert_eq!(
        body["tracking_url"],
        "https://www.thecourierguy.co.za/tracking"
    );
    assert!(list(&app, &b.kasi, "?status=to_ship").await.is_empty());
    assert_eq!(list(&app, &b.kasi, "?status=shipped").await.len(), 1);

    // One part on its way and one not yet: the order is processing, and past cancelling.
    let seen = order(&app, &b.buyer, &order_id).await;
    assert_eq!(seen["status"], "processing");
    assert_eq!(seen["can_cancel"], false);
    let kasi_seen = customers_part(&seen, "kasi-kicks");
    assert_eq!(kasi_seen["status"], "shipped");
    assert_eq!(kasi_seen["courier_name"], "The Courier Guy");
    assert_eq!(kasi_seen["tracking_number"], "TCG-1234");
    let r = app
        .call(
            "POST",
            &format!("/api/v1/orders/{order_id}/cancel"),
            None,
            Some(&b.buyer.token),
            None,
        )
        .await;
    assert_eq!(r.status, 409, "{}", r.text());

    // The Mug House cancels its part: the mug goes back on sale and the buyer gets its
    // share of the money and of the points back.
    let mug_product: Uuid = b.mug["id"].as_str().unwrap().parse().unwrap();
    assert_eq!(stock_of(&app, mug_product).await, 19);
    let points_before = points_balance(&app, &b.buyer).await;
    let (status, body) = moved(&app, &b.mugs, &mug_part, json!({"status": "cancelled"})).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
    assert_eq!(
        body["error"]["fields"]["reason"],
        "Say why the order is cancelled (3 to 500 characters)"
    );
    let (status, body) = moved(
        &app,
        &b.mugs,
        &mug_part,
        json!({"status": "cancelled", "reason": "Broken in the warehouse"}),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(stock_of(&app, mug_product).await, 20);
    let seen = order(&app, &b.buyer, &order_id).await;
    let mug_seen = customers_part(&seen, "mug-house");
    let weight = |p: &Value| {
        p["subtotal_cents"].as_i64().unwrap() - p["discount_cents"].as_i64().unwrap()
            + p["shipping_cents"].as_i64().unwrap()
    };
    let total_weight: i64 = seen["parts"].as_array().unwrap().iter().map(weight).sum();
    let total = seen["total_cents"].as_i64().unwrap();
    let share = total * weight(mug_seen) / total_weight;
    assert_eq!(mug_seen["status"], "cancelled");
    assert_eq!(mug_seen["cancel_reason"], "Broken in the warehouse");
    assert_eq!(mug_seen["refund_due_cents"], share);
    assert_eq!(seen["refund_due_cents"], share);
    let points_share = 200 * weight(mug_seen) / total_weight;
    let earned = seen["points_earned"].as_i64().unwrap();
    let earned_share = earned * weight(mug_seen) / total_weight;
    assert_eq!(
        points_balance(&app, &b.buyer).await,
        points_before + points_share - earned_share,
        "spent points back, earned points taken back, each in proportion"
    );
    assert_eq!(seen["status"], "shipped", "what is left has shipped");

    // Kasi's parcel arrives: the order is delivered.
    let (status, body) = moved(&app, &b.kasi, &kasi_part, json!({"status": "delivered"})).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(
        order(&app, &b.buyer, &order_id).await["status"],
        "delivered"
    );
    let (status, _) = moved(
        &app,
        &b.kasi,
        &kasi_part,
        json!({"status": "cancelled", "reason": "Too late"}),
    )
    .await;
    assert_eq!(
        status,
        StatusCode::CONFLICT,
        "a delivered part stays delivered"
    );

    // The buyer was told of every move, naming the store and the tracking number.
    let messages = TestApp::eventually("five notifications", 30, || {
        let app = &app;
        let token = b.buyer.token.clone();
        async move {
            let list = app
                .call("GET", "/api/v1/notifications", None, Some(&token), None)
                .await
                .json();
            let items = list["notifications"].as_array().unwrap().clone();
            (items.len() == 5).then_some(items)
        }
    })
    .await;
    jobs.shutdown().await;
    let of = |kind: &str| {
        messages
            .iter()
            .find(|n| n["type"] == kind)
            .unwrap_or_else(|| panic!("no {kind} in {messages:?}"))["message"]
            .as_str()
            .unwrap()
            .to_owned()
    };
    let number = b.order["order_number"].as_str().unwrap();
    assert_eq!(
        of("shipped"),
        format!(
            "Your order {number} from kasi-kicks is on its way with The Courier Guy, tracking number TCG-1234."
        )
    );
    assert!(of("cancelled").starts_with(&format!(
        "Part of your order {number} from mug-house has been cancelled. Reason: Broken in the warehouse. R"
    )));
    assert!(of("cancelled").ends_with(" will be refunded."));
    assert_eq!(
        of("delivered"),
        format!("Your order {number} from kasi-kicks has been delivered. Enjoy!")
    );
    let _ = &b.tee;
}

#[tokio::test]
async fn a_vendor_never_reaches_another_vendors_part() {
    let app = TestApp::seeded().await;
    let b = bought(&app).await;
    let kasi_part = part_id(&app, &b.kasi).await;
    let mug_part = part_id(&app, &b.mugs).await;
    let kasi_rows = list(&app, &b.kasi, "").await;
    assert_eq!(kasi_rows.len(), 1, "only Kasi's part: {kasi_rows:?}");
    assert_eq!(kasi_rows[0]["order_number"], b.order["order_number"]);
    assert_eq!(kasi_rows[0]["status"], "paid");
    assert_eq!(kasi_rows[0]["item_count"], 2);
    for (method, uri, body) in [
        ("GET", format!("/api/v1/vendor/orders/{mug_part}"), None),
        (
            "POST",
            format!("/api/v1/vendor/orders/{mug_part}/status"),
            Some(json!({"status": "processing"})),
        ),
    ] {
        let (status, reply) = call(&app, method, &uri, body, &b.kasi).await;
        assert_eq!(status, StatusCode::NOT_FOUND, "{method} {uri}: {reply}");
    }
    let (status, _) = call(
        &app,
        "GET",
        &format!("/api/v1/vendor/orders/{}", Uuid::now_v7()),
        None,
        &b.kasi,
    )
    .await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    // Neither the buyer nor another store owner gets in.
    let (status, _) = call(
        &app,
        "GET",
        &format!("/api/v1/vendor/orders/{kasi_part}"),
        None,
        &b.buyer,
    )
    .await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    let (other, _) = store_with(&app, "other@example.co.za", "other-shop", "Other", "10.00").await;
    assert!(list(&app, &other, "").await.is_empty());
    let (status, _) = moved(&app, &other, &kasi_part, json!({"status": "processing"})).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    // Filters are checked.
    let (status, body) = call(
        &app,
        "GET",
        "/api/v1/vendor/orders?status=lost",
        None,
        &b.kasi,
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
    let (status, body) = moved(&app, &b.kasi, &kasi_part, json!({"status": "paid"})).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
    // An unpaid order's parts are not the vendor's to see yet.
    let buyer = quick_customer(&app, "late@example.co.za").await;
    add(&app, &buyer, &b.tee, 1).await;
    place(&app, &buyer, json!({})).await;
    assert_eq!(list(&app, &b.kasi, "").await.len(), 1);
}

#[tokio::test]
async fn of_two_concurrent_moves_of_a_part_one_wins() {
    let app = TestApp::seeded().await;
    let b = bought(&app).await;
    let part = part_id(&app, &b.kasi).await;
    let body = json!({"status": "processing"});
    let (one, two) = tokio::join!(
        moved(&app, &b.kasi, &part, body.clone()),
        moved(&app, &b.kasi, &part, body.clone())
    );
    let mut statuses = [one.0, two.0];
    statuses.sort();
    assert_eq!(
        statuses,
        [StatusCode::OK, StatusCode::CONFLICT],
        "{one:?} {two:?}"
    );
    // Cancelling and shipping at once: one of them.
    let ship = json!({"status": "shipped", "courier": "aramex", "tracking_number": "A1"});
    let cancel = json!({"status": "cancelled", "reason": "Out of stock"});
    let (one, two) = tokio::join!(
        moved(&app, &b.kasi, &part, ship),
        moved(&app, &b.kasi, &part, cancel)
    );
    let mut statuses = [one.0, two.0];
    statuses.sort();
    assert_eq!(
        statuses,
        [StatusCode::OK, StatusCode::CONFLICT],
        "{one:?} {two:?}"
    );
    let tee: Uuid = b.tee["id"].as_str().unwrap().parse().unwrap();
    let stock = stock_of(&app, tee).await;
    if one.0 == StatusCode::OK {
        assert_eq!(stock, 18, "shipped: the stock stays sold");
    } else {
        assert_eq!(stock, 20, "cancelled: the stock came back once");
    }
}

#[tokio::test]
async fn cancelled_shares_add_up_to_the_whole_order() {
    let app = TestApp::seeded().await;
    let b = bought(&app).await;
    let order_id = b.order["id"].as_str().unwrap().to_owned();
    let points_at_start = points_balance(&app, &b.buyer).await;
    let mug_part = part_id(&app, &b.mugs).await;
    let (status, body) = moved(
        &app,
        &b.mugs,
        &mug_part,
        json!({"status": "cancelled", "reason": "Cannot deliver there"}),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    // The buyer cancels what is left: together the two give back the whole order.
    let r = app
        .call(
            "POST",
            &format!("/api/v1/orders/{order_id}/cancel"),
            None,
            Some(&b.buyer.token),
            None,
        )
        .await;
    assert_eq!(r.status, 200, "{}", r.text());
    let seen = order(&app, &b.buyer, &order_id).await;
    assert_eq!(seen["status"], "cancelled");
    assert_eq!(seen["refund_due_cents"], seen["total_cents"]);
    let parts_refund: i64 = seen["parts"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["refund_due_cents"].as_i64().unwrap())
        .sum();
    assert_eq!(parts_refund, seen["total_cents"].as_i64().unwrap());
    let earned = seen["points_earned"].as_i64().unwrap();
    assert_eq!(
        points_balance(&app, &b.buyer).await,
        points_at_start + 200 - earned,
        "every point spent back, every point earned taken back"
    );
    for (product, stock) in [(&b.tee, 20), (&b.mug, 20)] {
        let id: Uuid = product["id"].as_str().unwrap().parse().unwrap();
        assert_eq!(stock_of(&app, id).await, stock);
    }
    // Nothing is left for a vendor to move.
    let kasi_rows = list(&app, &b.kasi, "?status=cancelled").await;
    assert_eq!(kasi_rows.len(), 1);
    let (status, _) = moved(
        &app,
        &b.kasi,
        kasi_rows[0]["id"].as_str().unwrap(),
        json!({"status": "processing"}),
    )
    .await;
    assert_eq!(status, StatusCode::CONFLICT);
}
