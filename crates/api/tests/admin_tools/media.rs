//! Media nothing uses is removed; what is used stays.

use axum::body::Body;
use axum::http::Request;
use http_body_util::BodyExt;
use image::ImageEncoder as _;
use tower::ServiceExt;

use super::*;

fn png() -> Vec<u8> {
    let mut out = Vec::new();
    image::codecs::png::PngEncoder::new(&mut out)
        .write_image(&[90u8; 16 * 16 * 3], 16, 16, image::ExtendedColorType::Rgb8)
        .unwrap();
    out
}

async fn upload(app: &TestApp, who: &Customer, name: &str) -> Value {
    let req = Request::builder()
        .method("POST")
        .uri(format!("/api/v1/vendor/media?filename={name}"))
        .header("authorization", format!("Bearer {}", who.token))
        .header("content-type", "application/octet-stream")
        .body(Body::from(png()))
        .unwrap();
    let resp = app.router.clone().oneshot(req).await.unwrap();
    assert_eq!(resp.status(), StatusCode::CREATED);
    let body = resp.into_body().collect().await.unwrap().to_bytes();
    serde_json::from_slice(&body).unwrap()
}

async fn stored(app: &TestApp, url: &str) -> StatusCode {
    let req = Request::builder().uri(url).body(Body::empty()).unwrap();
    app.router.clone().oneshot(req).await.unwrap().status()
}

#[tokio::test]
async fn media_nothing_uses_is_removed_and_used_media_stays() {
    let app = TestApp::seeded().await;
    let boss = admin(&app, "boss@example.co.za").await;
    let kasi = seller(&app, "kasi@example.co.za", "kasi-kicks", true).await;
    let shown = upload(&app, &kasi, "shown.png").await;
    let spare = upload(&app, &kasi, "spare.png").await;
    let logo = upload(&app, &kasi, "logo.png").await;
    let (status, product) = call(
        &app,
        "POST",
        "/api/v1/vendor/products",
        Some(
            json!({"name": "Shown Tee", "price": "199.00", "stock_quantity": 4,
            "images": [{"url": shown["url"], "alt": "The tee"}]}),
        ),
        &kasi,
    )
    .await;
    assert_eq!(status, StatusCode::CREATED, "{product}");
    let store_id = bazaar_db::vendors::store_of_owner(&app.db, kasi.id)
        .await
        .unwrap()
        .unwrap()
        .id;
    bazaar_db::on_db!(&app.db, pool => sqlx::query("UPDATE vendors SET store_logo_url = $2 WHERE id = $1")
        .bind(store_id).bind(logo["url"].as_str().unwrap()).execute(pool).await.unwrap().rows_affected());

    let list = ok(
        &app,
        "GET",
        &format!("/api/v1/admin/media?vendor_id={store_id}"),
        None,
        &boss,
    )
    .await;
    assert_eq!(list["total"]["count"], 3, "{list}");
    let uses = |name: &str| {
        let item = list["media"]
            .as_array()
            .unwrap()
            .iter()
            .find(|m| m["original_name"] == name)
            .unwrap()
            .clone();
        (
            item["product_uses"].as_i64().unwrap(),
            item["store_uses"].as_i64().unwrap(),
        )
    };
    assert_eq!(uses("shown.png"), (1, 0));
    assert_eq!(uses("logo.png"), (0, 1));
    assert_eq!(uses("spare.png"), (0, 0));
    assert_eq!(list["media"][0]["vendor_name"], "kasi-kicks");
    let unused = ok(&app, "GET", "/api/v1/admin/media?unused=true", None, &boss).await;
    let unused: Vec<&str> = unused["media"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["original_name"].as_str().unwrap())
        .collect();
    assert_eq!(unused, ["spare.png"]);

    // Anything in use refuses the whole removal, row by row; nothing goes.
    let report = ok(
        &app,
        "POST",
        "/api/v1/admin/media/remove",
        Some(json!({"ids": [spare["id"], shown["id"], logo["id"]]})),
        &boss,
    )
    .await;
    assert_eq!(report["applied"], false, "{report}");
    assert_eq!(report["rows"][0]["outcome"], "done");
    assert_eq!(report["rows"][1]["code"], "in_use");
    assert_eq!(report["rows"][2]["code"], "in_use");
    assert_eq!(
        stored(&app, spare["url"].as_str().unwrap()).await,
        StatusCode::OK
    );
    assert!(audited(&app, &boss, "media.remove").await.is_empty());

    // What nothing uses goes, with its file; audited.
    let report = ok(
        &app,
        "POST",
        "/api/v1/admin/media/remove",
        Some(json!({"ids": [spare["id"]]})),
        &boss,
    )
    .await;
    assert_eq!(report["applied"], true, "{report}");
    assert_eq!(
        stored(&app, spare["url"].as_str().unwrap()).await,
        StatusCode::NOT_FOUND
    );
    assert_eq!(
        stored(&app, shown["url"].as_str().unwrap()).await,
        StatusCode::OK
    );
    let entry = &audited(&app, &boss, "media.remove").await[0];
    assert_eq!(entry["details"]["before"]["name"], "spare.png");
    let left = ok(
        &app,
        "GET",
        &format!("/api/v1/admin/media?vendor_id={store_id}"),
        None,
        &boss,
    )
    .await;
    assert_eq!(left["total"]["count"], 2);
    refused(
        &app,
        "GET",
        "/api/v1/admin/media",
        None,
        &kasi,
        StatusCode::FORBIDDEN,
    )
    .await;
}
