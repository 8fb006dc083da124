//! The cart and the wishlist (SPEC.md §4–8): merge rules, stock and purchase limits, guest
//! merge and restore, and that another customer can reach none of it.

mod common;

use common::shop::{self, add_to_cart, quick_customer, set_price, set_stock};
use serde_json::{Value, json};
use uuid::Uuid;

async fn cart(app: &common::TestApp, c: &common::jobs::Customer) -> Value {
    let r = app
        .call("GET", "/api/v1/cart", None, Some(&c.token), None)
        .await;
    assert_eq!(r.status, 200, "{}", r.text());
    r.json()["cart"].clone()
}

#[tokio::test]
async fn adding_the_same_line_raises_its_quantity_and_other_sizes_get_their_own() {
    let app = shop::shop().await;
    let c = quick_customer(&app, "lerato@example.co.za").await;
    let (id, p) = shop::simple_product(&app).await;
    set_stock(&app, id, 20).await;
    set_price(&app, id, 50_000, Some(39_900)).await;

    assert_eq!(add_to_cart(&app, &c, id, 2).await.status, 200);
    let r = add_to_cart(&app, &c, id, 3).await;
    let items = r.json()["cart"]["items"].clone();
    assert_eq!(items.as_array().unwrap().len(), 1);
    assert_eq!(items[0]["quantity"], 5);
    // The answer carries what the site shows: name, sale price, image and type.
    assert_eq!(items[0]["product_name"], p["name"]);
    assert_eq!(items[0]["product_price_cents"], 39_900);
    assert_eq!(items[0]["regular_price_cents"], 50_000);
    assert_eq!(items[0]["product_type"], "physical");
    assert_eq!(items[0]["image_url"], p["image_url"]);

    let sized = json!({"product_id": id, "quantity": 1, "size": "M", "color": "Black"});
    let r = app
        .call(
            "POST",
            "/api/v1/cart/items",
            Some(sized),
            Some(&c.token),
            None,
        )
        .await;
    let cart = r.json()["cart"].clone();
    assert_eq!(cart["items"].as_array().unwrap().len(), 2);
    assert_eq!(cart["item_count"], 6);
    assert_eq!(cart["subtotal_cents"], 6 * 39_900);

    // A quantity below 1 removes the line; clearing empties the cart.
    let line = cart["items"][1]["id"].as_str().unwrap().to_owned();
    let r = app
        .call(
            "PATCH",
            &format!("/api/v1/cart/items/{line}"),
            Some(json!({"quantity": 0})),
            Some(&c.token),
            None,
        )
        .await;
    assert_eq!(r.json()["cart"]["items"].as_array().unwrap().len(), 1);
    let r = app
        .call("DELETE", "/api/v1/cart", None, Some(&c.token), None)
        .await;
    assert_eq!(r.json()["cart"]["items"], json!([]));
}

#[tokio::test]
async fn quantities_never_pass_the_stock() {
    let app = shop::shop().await;
    let c = quick_customer(&app, "sipho@example.co.za").await;
    let (id, p) = shop::simple_product(&app).await;
    set_stock(&app, id, 3).await;

    let r = add_to_cart(&app, &c, id, 4).await;
    assert_eq!(r.status, 409, "{}", r.text());
    assert_eq!(r.json()["error"]["code"], "out_of_stock");
    let name = p["name"].as_str().unwrap();
    assert_eq!(
        r.json()["error"]["message"],
        format!("Only 3 of {name} left in stock")
    );

    let r = add_to_cart(&app, &c, id, 3).await;
    assert_eq!(r.status, 200);
    let line = r.json()["cart"]["items"][0]["id"]
        .as_str()
        .unwrap()
        .to_owned();
    assert_eq!(add_to_cart(&app, &c, id, 1).await.status, 409);
    let r = app
        .call(
            "PATCH",
            &format!("/api/v1/cart/items/{line}"),
            Some(json!({"quantity": 4})),
            Some(&c.token),
            None,
        )
        .await;
    assert_eq!(r.status, 409);
    assert_eq!(cart(&app, &c).await["items"][0]["quantity"], 3);

    set_stock(&app, id, 0).await;
    let other = quick_customer(&app, "other@example.co.za").await;
    let r = add_to_cart(&app, &other, id, 1).await;
    assert_eq!(
        r.json()["error"]["message"],
        format!("{name} is out of stock")
    );
}

#[tokio::test]
async fn a_variation_product_needs_an_enabled_variation() {
    let app = shop::shop().await;
    let c = quick_customer(&app, "naledi@example.co.za").await;
    let list = app.get_ok("/api/v1/products?per_page=100").await;
    let p = list["products"]
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["has_variations"] == true)
        .expect("a product with variations in the seed")
        .clone();
    let id = Uuid::parse_str(p["id"].as_str().unwrap()).unwrap();
    let r = add_to_cart(&app, &c, id, 1).await;
    assert_eq!(r.status, 400);
    assert_eq!(r.json()["error"]["message"], "Please choose a variation");

    let detail = shop::product(&app, p["slug"].as_str().unwrap()).await;
    let v = detail["variations"]
        .as_array()
        .unwrap()
        .iter()
        .find(|v| v["stock_quantity"].as_i64().unwrap_or(0) > 0)
        .expect("a variation in stock")
        .clone();
    let body = json!({"product_id": id, "variation_id": v["id"], "quantity": 1});
    let r = app
        .call(
            "POST",
            "/api/v1/cart/items",
            Some(body),
            Some(&c.token),
            None,
        )
        .await;
    assert_eq!(r.status, 200, "{}", r.text());
    let item = &r.json()["cart"]["items"][0];
    assert_eq!(item["variation_id"], v["id"]);
    assert_eq!(item["variation_name"], v["name"]);

    let wrong = json!({"product_id": id, "variation_id": Uuid::now_v7(), "quantity": 1});
    let r = app
        .call(
            "POST",
            "/api/v1/cart/items",
            Some(wrong),
            Some(&c.token),
            None,
        )
        .await;
    assert_eq!(
        r.json()["error"]["message"],
        "This variation is not available"
    );
}

#[tokio::test]
async fn digital_products_stop_at_the_purchase_limit() {
    let app = shop::shop().await;
    let c = quick_customer(&app, "zanele@example.co.za").await;
    let (id, _) = shop::simple_product(&app).await;
    bazaar_db::on_db!(&app.db, pool => sqlx::query(
        "UPDATE products SET product_type = 'digital', max_owned_per_user = 2, stock_quantity = 100 WHERE id = $1")
        .bind(id).execute(pool).await.unwrap().rows_affected());
    let mut tx = app.db.begin().await.unwrap();
    bazaar_db::stock::refresh(&mut tx, &[id]).await.unwrap();
    tx.commit().await.unwrap();

    let r = add_to_cart(&app, &c, id, 3).await;
    assert_eq!(r.status, 409);
    assert_eq!(r.json()["error"]["title"], "Purchase Limit Reached");
    assert_eq!(
        r.json()["error"]["message"],
        "You can only own 2 of this digital product"
    );

    // Two bought and paid: not even one more fits.
    assert_eq!(add_to_cart(&app, &c, id, 2).await.status, 200);
    let order = shop::place(&app, &c, json!({})).await;
    assert_eq!(
        order["shipping_cents"], 0,
        "digital-only orders ship nothing"
    );
    assert!(order["shipping_address"].is_null());
    let mut tx = app.db.begin().await.unwrap();
    let oid = Uuid::parse_str(order["id"].as_str().unwrap()).unwrap();
    let header = bazaar_db::orders::lock(&mut tx, oid)
        .await
        .unwrap()
        .unwrap();
    let settings = bazaar_commerce::Settings::load(&app.db).await.unwrap();
    assert!(
        bazaar_commerce::flow::mark_paid(&mut tx, &header, Some("T1"), &settings)
            .await
            .unwrap()
    );
    tx.commit().await.unwrap();
    let r = add_to_cart(&app, &c, id, 1).await;
    assert_eq!(r.status, 409);
    assert_eq!(r.json()["error"]["title"], "Purchase Limit Reached");
}

#[tokio::test]
async fn a_guest_cart_merges_at_sign_in_and_a_cancelled_payment_restores_the_cart() {
    let app = shop::shop().await;
    let c = quick_customer(&app, "kagiso@example.co.za").await;
    let (id, _) = shop::simple_product(&app).await;
    set_stock(&app, id, 5).await;
    assert_eq!(add_to_cart(&app, &c, id, 1).await.status, 200);

    let guest = json!({"items": [
        {"product_id": id, "quantity": 2},
        {"product_id": id, "quantity": 1, "size": "L"},
        {"product_id": Uuid::now_v7(), "quantity": 1}
    ]});
    let r = app
        .call(
            "POST",
            "/api/v1/cart/merge",
            Some(guest),
            Some(&c.token),
            None,
        )
        .await;
    assert_eq!(r.status, 200, "{}", r.text());
    let merged = r.json()["cart"].clone();
    assert_eq!(merged["items"][0]["quantity"], 3, "same line adds up");
    assert_eq!(merged["items"][1]["size"], "L");
    assert_eq!(
        merged["skipped"][0]["reason"],
        "This product is not available"
    );

    // Checkout empties the cart and holds the stock; restoring after a cancelled payment
    // cancels the unpaid order, frees the stock and fills the cart again.
    let order = shop::place(&app, &c, json!({})).await;
    assert_eq!(cart(&app, &c).await["items"], json!([]));
    assert_eq!(shop::stock_of(&app, id).await, 1);
    let r = app
        .call(
            "POST",
            "/api/v1/cart/restore",
            Some(json!({"order_id": order["id"]})),
            Some(&c.token),
            None,
        )
        .await;
    assert_eq!(r.status, 200, "{}", r.text());
    let restored = r.json()["cart"].clone();
    assert_eq!(restored["item_count"], 4);
    assert_eq!(shop::stock_of(&app, id).await, 5);
    let o = shop::order(&app, &c, order["id"].as_str().unwrap()).await;
    assert_eq!(o["status"], "cancelled");
}

#[tokio::test]
async fn another_customer_reaches_no_cart_line_order_or_wishlist_entry() {
    let app = shop::shop().await;
    let owner = quick_customer(&app, "owner@example.co.za").await;
    let intruder = quick_customer(&app, "intruder@example.co.za").await;
    let (id, _) = shop::simple_product(&app).await;
    set_stock(&app, id, 10).await;
    let r = add_to_cart(&app, &owner, id, 1).await;
    let line = r.json()["cart"]["items"][0]["id"]
        .as_str()
        .unwrap()
        .to_owned();

    let path = format!("/api/v1/cart/items/{line}");
    let r = app
        .call(
            "PATCH",
            &path,
            Some(json!({"quantity": 5})),
            Some(&intruder.token),
            None,
        )
        .await;
    assert_eq!(r.status, 404);
    assert_eq!(
        app.call("DELETE", &path, None, Some(&intruder.token), None)
            .await
            .status,
        404
    );
    assert_eq!(cart(&app, &intruder).await["items"], json!([]));
    assert_eq!(cart(&app, &owner).await["items"][0]["quantity"], 1);

    let order = shop::place(&app, &owner, json!({})).await;
    let oid = order["id"].as_str().unwrap();
    for (method, uri, body) in [
        ("GET", format!("/api/v1/orders/{oid}"), None),
        ("POST", format!("/api/v1/orders/{oid}/cancel"), None),
        (
            "POST",
            "/api/v1/cart/restore".to_owned(),
            Some(json!({"order_id": oid})),
        ),
    ] {
        let r = app
            .call(method, &uri, body, Some(&intruder.token), None)
            .await;
        assert_eq!(r.status, 404, "{method} {uri}: {}", r.text());
    }
    let list = app
        .call("GET", "/api/v1/orders", None, Some(&intruder.token), None)
        .await;
    assert_eq!(list.json()["orders"], json!([]));
    assert_eq!(
        shop::order(&app, &owner, oid).await["status"],
        "pending_payment"
    );

    let r = app
        .call(
            "POST",
            "/api/v1/wishlist",
            Some(json!({"product_id": id})),
            Some(&owner.token),
            None,
        )
        .await;
    assert_eq!(r.status, 201);
    let r = app
        .call(
            "DELETE",
            &format!("/api/v1/wishlist/{id}"),
            None,
            Some(&intruder.token),
            None,
        )
        .await;
    assert_eq!(r.status, 404);
    let r = app
        .call("GET", "/api/v1/wishlist", None, Some(&owner.token), None)
        .await;
    assert_eq!(r.json()["wishlist"].as_array().unwrap().len(), 1);
    // Signed out: nothing at all.
    for uri in [
        "/api/v1/cart",
        "/api/v1/orders",
        "/api/v1/points",
        "/api/v1/wishlist",
    ] {
        assert_eq!(app.request("GET", uri).await.status, 401, "{uri}");
    }
}

#[tokio::test]
async fn the_wishlist_is_newest_first_and_refuses_duplicates_and_guests() {
    let app = shop::shop().await;
    let c = quick_customer(&app, "ayanda@example.co.za").await;
    let list = app.get_ok("/api/v1/products?per_page=3").await;
    let ids: Vec<Value> = list["products"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["id"].clone())
        .collect();
    for id in &ids {
        let r = app
            .call(
                "POST",
                "/api/v1/wishlist",
                Some(json!({"product_id": id})),
                Some(&c.token),
                None,
            )
            .await;
        assert_eq!(r.status, 201, "{}", r.text());
    }
    let r = app
        .call(
            "POST",
            "/api/v1/wishlist",
            Some(json!({"product_id": ids[0]})),
            Some(&c.token),
            None,
        )
        .await;
    assert_eq!(r.status, 409);
    assert_eq!(r.json()["error"]["title"], "Already in wishlist");
    assert_eq!(
        r.json()["error"]["message"],
        "This item is already in your wishlist"
    );

    let r = app
        .call("GET", "/api/v1/wishlist", None, Some(&c.token), None)
        .await;
    let got: Vec<Value> = r.json()["wishlist"]
        .as_array()
        .unwrap()
        .iter()
        .map(|w| w["product_id"].clone())
        .collect();
    let mut newest_first = ids.clone();
    newest_first.reverse();
    assert_eq!(got, newest_first);
    assert!(r.json()["wishlist"][0]["name"].is_string());

    let r = app
        .post("/api/v1/wishlist", json!({"product_id": ids[0]}))
        .await;
    assert_eq!(r.status, 401);
    assert_eq!(r.json()["error"]["title"], "Sign in required");
    assert_eq!(
        r.json()["error"]["message"],
        "Please sign in to add items to your wishlist"
    );

    let id = ids[1].as_str().unwrap();
    let r = app
        .call(
            "DELETE",
            &format!("/api/v1/wishlist/{id}"),
            None,
            Some(&c.token),
            None,
        )
        .await;
    assert_eq!(r.status, 200);
    assert_eq!(r.json()["wishlist"].as_array().unwrap().len(), 2);
}
