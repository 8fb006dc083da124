//! Pictures an imported file names by other sites' addresses are fetched by a job, stored in
//! media storage, served from the shop and put on the product; importing the same file again
//! changes nothing. A picture that cannot be fetched leaves the address and fails the job
//! with the product named. SQLite and (with TEST_DATABASE_URL) PostgreSQL.

mod common;

use axum::Router;
use axum::http::StatusCode;
use axum::routing::get;
use bazaar_import::{Format, Outcome};
use common::TestApp;

fn png() -> Vec<u8> {
    let mut out = std::io::Cursor::new(Vec::new());
    image::DynamicImage::ImageRgb8(image::RgbImage::from_pixel(3, 3, image::Rgb([10, 120, 60])))
        .write_to(&mut out, image::ImageFormat::Png)
        .unwrap();
    out.into_inner()
}

async fn picture_server() -> String {
    let app = Router::new()
        .route("/tongs.png", get(|| async { png() }))
        .route("/missing.png", get(|| async { StatusCode::NOT_FOUND }));
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let base = format!("http://{}", listener.local_addr().unwrap());
    tokio::spawn(async move { axum::serve(listener, app).await.unwrap() });
    base
}

fn shopify(base: &str) -> String {
    format!(
        "Handle,Title,Body (HTML),Vendor,Option1 Name,Option1 Value,Variant SKU,Variant Price,Image Src,Image Position,Status\n\
         braai-tongs,Braai Tongs,Long.,Weber Co,Title,Default Title,TONGS-1,149.00,{base}/tongs.png,1,active\n\
         braai-tongs,,,,,,,,{base}/missing.png,2,\n"
    )
}

async fn import(app: &TestApp, text: String) -> Vec<Outcome> {
    let rows = bazaar_import::parse(text, Format::Shopify).unwrap();
    bazaar_import::import_rows(&app.db, rows, false, |_| {})
        .await
        .unwrap()
        .into_iter()
        .map(|r| r.outcome)
        .collect()
}

async fn pictures(app: &TestApp) -> (Option<String>, String) {
    bazaar_db::on_db!(&app.db, pool => sqlx::query_as::<_, (Option<String>, String)>(
        "SELECT image_url, CAST(images AS TEXT) FROM products WHERE slug = 'braai-tongs'",
    ).fetch_one(pool).await.unwrap())
}

#[tokio::test]
async fn an_imported_products_pictures_are_fetched_into_the_shop() {
    let app = TestApp::seeded().await;
    let base = picture_server().await;
    assert_eq!(import(&app, shopify(&base)).await, [Outcome::Created]);
    assert_eq!(pictures(&app).await.0, Some(format!("{base}/tongs.png")));

    let jobs = app.start_jobs();
    let local = TestApp::eventually("the fetched picture on the product", 30, || async {
        pictures(&app).await.0.filter(|u| u.starts_with("/media/"))
    })
    .await;
    assert!(
        local.starts_with("/media/u/import/") && local.ends_with(".png"),
        "{local}"
    );
    let served = app.get(&local).await;
    assert_eq!(served.status, StatusCode::OK);
    assert!(served.body.starts_with(b"\x89PNG"));
    // The picture that is gone keeps its address; the job says which product and why.
    let failed = TestApp::eventually("the failed job", 60, || async {
        bazaar_queue::store::failed(&app.db, &app.queue)
            .await
            .unwrap()
            .into_iter()
            .find(|j| j.kind == "fetch_product_pictures")
            .and_then(|j| j.last_result)
    })
    .await;
    jobs.shutdown().await;
    assert!(
        failed.contains("missing.png: the server answered HTTP 404"),
        "{failed}"
    );
    let (_, images) = pictures(&app).await;
    assert!(images.contains(&format!("{base}/missing.png")), "{images}");
    assert!(images.contains(&local), "{images}");

    // The same file again: the fetched picture is named by its copy, nothing changes.
    assert_eq!(import(&app, shopify(&base)).await, [Outcome::Unchanged]);
    assert_eq!(pictures(&app).await.0, Some(local));
}
