//! Digital products carry a private file: only their store uploads it, nothing serves it
//! publicly, and buyers of a paid order get a signed link that expires. SQLite and (with
//! TEST_DATABASE_URL) PostgreSQL.

mod common;

use axum::body::Body;
use axum::http::{Request, StatusCode};
use chrono::{Duration, Utc};
use common::TestApp;
use common::jobs::Customer;
use common::shop::{call, give_points, place, quick_customer, seller};
use http_body_util::BodyExt;
use serde_json::{Value, json};
use tower::ServiceExt;

const GUIDE: &[u8] = b"%PDF-1.7\nA training plan for the Comrades.\n";

async fn upload(app: &TestApp, who: &Customer, product: &str, bytes: &[u8]) -> (StatusCode, Value) {
    let req = Request::builder()
        .method("PUT")
        .uri(format!(
            "/api/v1/vendor/products/{product}/file?filename=Comrades%20plan.pdf"
        ))
        .header("authorization", format!("Bearer {}", who.token))
        .header("content-type", "application/octet-stream")
        .body(Body::from(bytes.to_vec()))
        .unwrap();
    let resp = app.router.clone().oneshot(req).await.unwrap();
    let status = resp.status();
    let body = resp.into_body().collect().await.unwrap().to_bytes();
    (status, serde_json::from_slice(&body).unwrap_or(Value::Null))
}

async fn product(app: &TestApp, who: &Customer, body: Value) -> String {
    let (status, p) = call(app, "POST", "/api/v1/vendor/products", Some(body), who).await;
    assert_eq!(status, StatusCode::CREATED, "{p}");
    p["id"].as_str().unwrap().to_owned()
}

fn first_line(order: &Value) -> &Value {
    &order["parts"][0]["items"][0]
}

#[tokio::test]
async fn buyers_of_a_paid_order_download_through_links_that_expire() {
    let app = TestApp::seeded().await;
    let kasi = seller(&app, "kasi@example.co.za", "kasi-kicks", true).await;
    let other = seller(&app, "mug@example.co.za", "mug-house", true).await;
    let plan = product(
        &app,
        &kasi,
        json!({"name": "Comrades Plan", "price": "50.00", "product_type": "digital", "status": "active", "stock_quantity": 100}),
    )
    .await;
    let tee = product(&app, &kasi, json!({"name": "Plain Tee", "price": "99.00"})).await;

    // Only the store's own digital products take a file.
    assert_eq!(
        upload(&app, &other, &plan, GUIDE).await.0,
        StatusCode::NOT_FOUND
    );
    let (status, refused) = upload(&app, &kasi, &tee, GUIDE).await;
    assert_eq!(status, StatusCode::CONFLICT);
    assert_eq!(refused["error"]["code"], "not_digital");
    let (status, empty) = upload(&app, &kasi, &plan, b"").await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{empty}");
    let (status, file) = upload(&app, &kasi, &plan, GUIDE).await;
    assert_eq!(status, StatusCode::OK, "{file}");
    assert_eq!(file["name"], "Comrades plan.pdf");
    assert_eq!(file["bytes"], GUIDE.len());
    let (_, edited) = call(
        &app,
        "GET",
        &format!("/api/v1/vendor/products/{plan}"),
        None,
        &kasi,
    )
    .await;
    assert_eq!(edited["digital_file"]["name"], "Comrades plan.pdf");

    // The file is not public: not under /media/, and nothing in the product names it.
    let key: String = bazaar_db::on_db!(&app.db, pool => sqlx::query_scalar(
        "SELECT digital_file_key FROM products WHERE id = $1",
    )
    .bind(uuid::Uuid::parse_str(&plan).unwrap())
    .fetch_one(pool)
    .await
    .unwrap());
    assert!(key.starts_with("p/"), "{key}");
    let public = app
        .call("GET", &format!("/media/{key}"), None, None, None)
        .await;
    assert_eq!(public.status, StatusCode::NOT_FOUND);

    // Unpaid: no link.
    let buyer = quick_customer(&app, "buyer@example.co.za").await;
    let add = |c: &Customer| {
        let body = json!({"product_id": plan, "quantity": 1});
        let token = c.token.clone();
        let app = &app;
        async move {
            let r = app
                .call("POST", "/api/v1/cart/items", Some(body), Some(&token), None)
                .await;
            assert_eq!(r.status, StatusCode::OK, "{}", r.text());
        }
    };
    add(&buyer).await;
    let unpaid = place(&app, &buyer, json!({})).await;
    assert_eq!(unpaid["status"], "pending_payment");
    assert_eq!(first_line(&unpaid)["download_url"], Value::Null);

    // Paid (points cover it): the order view carries a link that downloads the file.
    give_points(&app, &buyer, 500).await;
    add(&buyer).await;
    let paid = place(&app, &buyer, json!({"points": 500})).await;
    let (_, paid) = call(
        &app,
        "GET",
        &format!("/api/v1/orders/{}", paid["id"].as_str().unwrap()),
        None,
        &buyer,
    )
    .await;
    let paid = paid["order"].clone();
    assert_eq!(paid["status"], "paid", "{paid}");
    let link = first_line(&paid)["download_url"]
        .as_str()
        .unwrap()
        .to_owned();
    let got = app.call("GET", &link, None, None, None).await;
    assert_eq!(got.status, StatusCode::OK, "{}", got.text());
    assert_eq!(got.body, GUIDE);
    let disposition = got.headers["content-disposition"].to_str().unwrap();
    assert!(
        disposition.starts_with("attachment; filename=\"Comrades plan.pdf\""),
        "{disposition}"
    );

    // A link is for its own line, untampered and in time.
    let item = first_line(&paid)["id"].as_str().unwrap().to_owned();
    let other_line = first_line(&unpaid)["id"].as_str().unwrap().to_owned();
    let moved = link.replace(&item, &other_line);
    assert_eq!(
        app.call("GET", &moved, None, None, None).await.status,
        StatusCode::NOT_FOUND
    );
    let tampered = format!("{}x", link);
    assert_eq!(
        app.call("GET", &tampered, None, None, None).await.status,
        StatusCode::NOT_FOUND
    );
    let bare = format!("/api/v1/downloads/{item}");
    assert_eq!(
        app.call("GET", &bare, None, None, None).await.status,
        StatusCode::NOT_FOUND
    );
    let expired = bazaar_auth::jwt::sign_download(
        &item,
        (Utc::now() - Duration::minutes(1)).timestamp(),
        &app.state.auth.keys.current(),
    );
    let late = app
        .call("GET", &format!("{bare}?token={expired}"), None, None, None)
        .await;
    assert_eq!(late.status, StatusCode::GONE);
    assert_eq!(late.json()["error"]["code"], "link_expired");
    // A session token is no download link.
    let session = app
        .call(
            "GET",
            &format!("{bare}?token={}", buyer.token),
            None,
            None,
            None,
        )
        .await;
    assert_eq!(session.status, StatusCode::NOT_FOUND);

    // Another customer cannot see the order, so never gets a link.
    let stranger = quick_customer(&app, "stranger@example.co.za").await;
    let (status, _) = call(
        &app,
        "GET",
        &format!("/api/v1/orders/{}", paid["id"].as_str().unwrap()),
        None,
        &stranger,
    )
    .await;
    assert_eq!(status, StatusCode::NOT_FOUND);

    // Once the file is removed, links find nothing.
    let (status, _) = call(
        &app,
        "DELETE",
        &format!("/api/v1/vendor/products/{plan}/file"),
        None,
        &kasi,
    )
    .await;
    assert_eq!(status, StatusCode::NO_CONTENT);
    assert_eq!(
        app.call("GET", &link, None, None, None).await.status,
        StatusCode::NOT_FOUND
    );

    // A cancelled order no longer downloads.
    let paid_id = paid["id"].as_str().unwrap();
    let (status, body) = call(
        &app,
        "POST",
        &format!("/api/v1/orders/{paid_id}/cancel"),
        Some(json!({"reason": "Changed my mind"})),
        &buyer,
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let refused = app.call("GET", &link, None, None, None).await;
    assert_eq!(refused.status, StatusCode::FORBIDDEN);
    assert_eq!(refused.json()["error"]["code"], "not_paid");
}
