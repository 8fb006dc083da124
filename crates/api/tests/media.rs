//! The media library through the API: uploads typed by their bytes and stripped of their
//! metadata, refused uploads that store nothing, the quota, renditions made by the job,
//! media served in ranges with long cache headers, another store's media out of reach,
//! and (on S3) a file uploaded through one `serve` read through another. SQLite and (with
//! TEST_DATABASE_URL) PostgreSQL.

mod common;

use axum::body::Body;
use axum::http::{Request, StatusCode};
use common::TestApp;
use common::jobs::Customer;
use common::shop::{quick_customer, vendor};
use http_body_util::BodyExt;
use image::ImageEncoder as _;
use serde_json::{Value, json};
use tower::ServiceExt;

const GPS: &[u8] = b"GPSLatitude -33.9249 Cape Town";

/// A camera-style JPEG: an EXIF segment with a position in it.
fn photo(w: u32, h: u32) -> Vec<u8> {
    let picture = image::RgbImage::from_fn(w, h, |x, y| {
        image::Rgb([(x % 255) as u8, (y % 255) as u8, 120])
    });
    let mut plain = Vec::new();
    image::codecs::jpeg::JpegEncoder::new_with_quality(&mut plain, 85)
        .encode_image(&picture)
        .unwrap();
    let mut exif = b"Exif\0\0".to_vec();
    exif.extend_from_slice(GPS);
    let mut out = plain[..2].to_vec();
    out.extend_from_slice(&[0xFF, 0xE1]);
    out.extend_from_slice(&((exif.len() + 2) as u16).to_be_bytes());
    out.extend_from_slice(&exif);
    out.extend_from_slice(&plain[2..]);
    out
}

fn png() -> Vec<u8> {
    let mut out = Vec::new();
    image::codecs::png::PngEncoder::new(&mut out)
        .write_image(
            &[200u8; 30 * 20 * 3],
            30,
            20,
            image::ExtendedColorType::Rgb8,
        )
        .unwrap();
    out
}

async fn upload(app: &TestApp, who: &Customer, name: &str, bytes: Vec<u8>) -> (StatusCode, Value) {
    let req = Request::builder()
        .method("POST")
        .uri(format!(
            "/api/v1/vendor/media?filename={name}&alt=Red%20sneakers"
        ))
        .header("authorization", format!("Bearer {}", who.token))
        .header("content-type", "application/octet-stream")
        .body(Body::from(bytes))
        .unwrap();
    let resp = app.router.clone().oneshot(req).await.unwrap();
    let status = resp.status();
    let body = resp.into_body().collect().await.unwrap().to_bytes();
    (status, serde_json::from_slice(&body).unwrap_or(Value::Null))
}

async fn fetch(
    app: &TestApp,
    url: &str,
    range: Option<&str>,
) -> (StatusCode, axum::http::HeaderMap, Vec<u8>) {
    let mut req = Request::builder().uri(url);
    if let Some(r) = range {
        req = req.header("range", r);
    }
    let resp = app
        .router
        .clone()
        .oneshot(req.body(Body::empty()).unwrap())
        .await
        .unwrap();
    let (status, headers) = (resp.status(), resp.headers().clone());
    (
        status,
        headers,
        resp.into_body()
            .collect()
            .await
            .unwrap()
            .to_bytes()
            .to_vec(),
    )
}

fn contains(haystack: &[u8], needle: &[u8]) -> bool {
    haystack.windows(needle.len()).any(|w| w == needle)
}

/// A vendor with a store (approved through the selling flow's tables).
async fn store_owner(app: &TestApp, email: &str, slug: &str) -> Customer {
    let v = vendor(app, email).await;
    let mut tx = app.db.begin().await.unwrap();
    bazaar_db::vendors::open_store(
        &mut tx,
        &bazaar_db::vendors::NewStore {
            owner: v.id,
            store_slug: slug,
            store_name: slug,
            store_description: "",
            category_focus: "Sneakers",
            contact_phone: "+27825551234",
            company_registration: None,
            vat_number: None,
        },
        chrono::Utc::now(),
    )
    .await
    .unwrap();
    tx.commit().await.unwrap();
    v
}

async fn library(app: &TestApp, who: &Customer) -> Value {
    let r = app
        .call("GET", "/api/v1/vendor/media", None, Some(&who.token), None)
        .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text());
    r.json()
}

#[tokio::test]
async fn a_vendor_uploads_a_photo_without_its_metadata_and_gets_renditions() {
    let app = TestApp::new().await;
    let jobs = app.start_jobs();
    let thandi = store_owner(&app, "thandi@example.co.za", "kasi-kicks").await;
    // The name says PNG; the bytes say JPEG.
    let (status, item) = upload(&app, &thandi, "sneakers.png", photo(900, 600)).await;
    assert_eq!(status, StatusCode::CREATED, "{item}");
    assert_eq!(
        (item["kind"].as_str(), item["content_type"].as_str()),
        (Some("image"), Some("image/jpeg"))
    );
    assert_eq!(
        (item["original_name"].as_str(), item["alt_text"].as_str()),
        (Some("sneakers.png"), Some("Red sneakers"))
    );
    let url = item["url"].as_str().unwrap().to_owned();
    assert!(
        url.starts_with("/media/u/") && url.ends_with(".jpg"),
        "{url}"
    );

    let (status, headers, body) = fetch(&app, &url, None).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(headers["content-type"], "image/jpeg");
    assert_eq!(
        headers["cache-control"],
        "public, max-age=31536000, immutable"
    );
    assert_eq!(body.len() as i64, item["bytes"].as_i64().unwrap());
    assert!(!contains(&body, GPS), "the EXIF position is gone");
    assert!(image::load_from_memory(&body).is_ok());
    let (status, headers, part) = fetch(&app, &url, Some("bytes=0-99")).await;
    assert_eq!(status, StatusCode::PARTIAL_CONTENT);
    assert_eq!(
        headers["content-range"],
        format!("bytes 0-99/{}", body.len()).as_str()
    );
    assert_eq!(part, body[..100]);

    let done = TestApp::eventually("the renditions", 30, || async {
        let lib = library(&app, &thandi).await;
        let item = lib["media"][0].clone();
        (item["renditions"].as_array().unwrap().len() == 2).then_some(item)
    })
    .await;
    assert_eq!(
        (done["width"].as_i64(), done["height"].as_i64()),
        (Some(900), Some(600))
    );
    let widths: Vec<i64> = done["renditions"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["width"].as_i64().unwrap())
        .collect();
    assert_eq!(widths, [320, 640]);
    let (status, headers, webp) =
        fetch(&app, done["renditions"][0]["url"].as_str().unwrap(), None).await;
    assert_eq!(
        (status, &headers["content-type"]),
        (
            StatusCode::OK,
            &"image/webp".parse::<axum::http::HeaderValue>().unwrap()
        )
    );
    assert_eq!(image::load_from_memory(&webp).unwrap().width(), 320);
    jobs.shutdown().await;

    // Alt text edited; then deleted with its files.
    let id = done["id"].as_str().unwrap();
    let r = app
        .call(
            "PATCH",
            &format!("/api/v1/vendor/media/{id}"),
            Some(json!({"alt_text": "Red sneakers, side"})),
            Some(&thandi.token),
            None,
        )
        .await;
    assert_eq!(
        (r.status, r.json()["alt_text"].as_str().map(str::to_owned)),
        (StatusCode::OK, Some("Red sneakers, side".to_owned()))
    );
    let r = app
        .call(
            "DELETE",
            &format!("/api/v1/vendor/media/{id}"),
            None,
            Some(&thandi.token),
            None,
        )
        .await;
    assert_eq!(r.status, StatusCode::NO_CONTENT);
    assert_eq!(fetch(&app, &url, None).await.0, StatusCode::NOT_FOUND);
    assert_eq!(
        fetch(&app, done["renditions"][1]["url"].as_str().unwrap(), None)
            .await
            .0,
        StatusCode::NOT_FOUND
    );
    assert_eq!(library(&app, &thandi).await["total"], 0);
}

fn files_under(dir: &std::path::Path) -> Vec<String> {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        for e in std::fs::read_dir(&d).into_iter().flatten().flatten() {
            if e.path().is_dir() {
                stack.push(e.path());
            } else {
                out.push(e.path().display().to_string());
            }
        }
    }
    out
}

#[tokio::test]
async fn refused_uploads_say_why_and_store_nothing() {
    let app = TestApp::with_config(|config, _| config.media_quota_bytes = 300 * 1024).await;
    let thandi = store_owner(&app, "thandi@example.co.za", "kasi-kicks").await;
    let uploads = app.dir.join("media").join("u");

    let (status, body) = upload(
        &app,
        &thandi,
        "cat.gif",
        b"GIF89a\x01\x00\x01\x00\x80\x00\x00\xff\xff\xff".repeat(4),
    )
    .await;
    assert_eq!(
        (status, body["error"]["code"].as_str()),
        (StatusCode::UNSUPPORTED_MEDIA_TYPE, Some("unsupported_type"))
    );
    let mut cut = png();
    cut.truncate(cut.len() - 12);
    let (status, body) = upload(&app, &thandi, "cut.png", cut).await;
    assert_eq!(
        (status, body["error"]["code"].as_str()),
        (StatusCode::BAD_REQUEST, Some("truncated"))
    );
    let (status, _) = upload(&app, &thandi, "empty.jpg", Vec::new()).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    let mut huge = photo(64, 64);
    huge.truncate(huge.len() - 2);
    huge.resize(10 * 1024 * 1024 + 1, 0x22);
    let (status, body) = upload(&app, &thandi, "huge.jpg", huge).await;
    assert_eq!(
        (status, body["error"]["message"].as_str()),
        (
            StatusCode::PAYLOAD_TOO_LARGE,
            Some("JPG files can be at most 10 MB")
        )
    );
    assert!(
        files_under(&uploads).is_empty(),
        "{:?}",
        files_under(&uploads)
    );

    // The quota: 300 KB. A 200 KB picture fits once, not twice.
    let big = photo(1400, 1000);
    assert!(
        big.len() > 150 * 1024 && big.len() < 300 * 1024,
        "{}",
        big.len()
    );
    assert_eq!(
        upload(&app, &thandi, "one.jpg", big.clone()).await.0,
        StatusCode::CREATED
    );
    let (status, body) = upload(&app, &thandi, "two.jpg", big).await;
    assert_eq!(
        (status, body["error"]["code"].as_str()),
        (StatusCode::CONFLICT, Some("quota_exceeded"))
    );
    let lib = library(&app, &thandi).await;
    assert_eq!(lib["total"], 1);
    assert_eq!(lib["quota_bytes"], 300 * 1024);
    assert_eq!(files_under(&uploads).len(), 1);

    // Only vendors with a store upload; JSON calls keep their 1 MB limit.
    let storeless = vendor(&app, "storeless@example.co.za").await;
    assert_eq!(
        upload(&app, &storeless, "a.png", png()).await.0,
        StatusCode::NOT_FOUND
    );
    let customer = quick_customer(&app, "c@example.co.za").await;
    assert_eq!(
        upload(&app, &customer, "a.png", png()).await.0,
        StatusCode::FORBIDDEN
    );
    let big = json!({"store_name": "x".repeat(2 * 1024 * 1024)});
    let length = big.to_string().len().to_string();
    let r = app
        .call_with_headers(
            "PUT",
            "/api/v1/vendor/store",
            Some(big),
            Some(&thandi.token),
            None,
            &[("content-length", &length)],
        )
        .await;
    assert_eq!(r.status, StatusCode::PAYLOAD_TOO_LARGE);
}

#[tokio::test]
async fn another_stores_media_is_out_of_reach() {
    let app = TestApp::new().await;
    let thandi = store_owner(&app, "thandi@example.co.za", "kasi-kicks").await;
    let sipho = store_owner(&app, "sipho@example.co.za", "sipho-sports").await;
    let (_, item) = upload(&app, &thandi, "a.png", png()).await;
    let id = item["id"].as_str().unwrap();
    let uri = format!("/api/v1/vendor/media/{id}");
    let r = app
        .call(
            "PATCH",
            &uri,
            Some(json!({"alt_text": "mine now"})),
            Some(&sipho.token),
            None,
        )
        .await;
    assert_eq!(r.status, StatusCode::NOT_FOUND);
    assert_eq!(
        app.call("DELETE", &uri, None, Some(&sipho.token), None)
            .await
            .status,
        StatusCode::NOT_FOUND
    );
    assert_eq!(library(&app, &sipho).await["total"], 0);
    assert_eq!(
        library(&app, &thandi).await["media"][0]["alt_text"],
        "Red sneakers"
    );
}

#[tokio::test]
async fn on_s3_a_file_uploaded_through_one_serve_is_read_through_another() {
    let s3 = bazaar_testkit::s3::S3Server::start("shop-media").await;
    let options = s3.options.clone();
    let app = TestApp::with_config(move |config, _| {
        config.media =
            bazaar_media::Storage::open(Some("s3://shop-media/live"), &config.media_dir, &options)
                .unwrap();
    })
    .await;
    let jobs = app.start_jobs();
    let thandi = store_owner(&app, "thandi@example.co.za", "kasi-kicks").await;
    let (status, item) = upload(&app, &thandi, "photo.jpg", photo(700, 400)).await;
    assert_eq!(status, StatusCode::CREATED, "{item}");
    let url = item["url"].as_str().unwrap();
    let key = url.trim_start_matches("/media/");
    assert!(
        s3.objects().contains(&format!("live/{key}")),
        "{:?}",
        s3.objects()
    );
    assert!(
        files_under(&app.dir.join("media").join("u")).is_empty(),
        "nothing on the local disk"
    );

    let other = app.another_instance().await;
    let (status, _, body) = fetch(&other, url, None).await;
    assert_eq!(status, StatusCode::OK);
    assert!(!contains(&body, GPS) && image::load_from_memory(&body).is_ok());
    let (status, _, part) = fetch(&other, url, Some("bytes=-10")).await;
    assert_eq!(
        (status, part.as_slice()),
        (StatusCode::PARTIAL_CONTENT, &body[body.len() - 10..])
    );
    TestApp::eventually("the renditions in the bucket", 30, || async {
        let objects = s3.objects();
        (objects.iter().filter(|o| o.ends_with(".webp")).count() == 2).then_some(())
    })
    .await;
    jobs.shutdown().await;
    // Seeded pictures still come from the local folder.
    assert_eq!(
        fetch(&other, "/media/nothing/here.png", None).await.0,
        StatusCode::NOT_FOUND
    );
}

#[tokio::test]
async fn the_store_page_offers_the_logos_renditions_as_a_srcset() {
    let app = TestApp::new().await;
    let jobs = app.start_jobs();
    let thandi = store_owner(&app, "thandi@example.co.za", "kasi-kicks").await;
    let (_, item) = upload(&app, &thandi, "logo.jpg", photo(800, 800)).await;
    let url = item["url"].as_str().unwrap().to_owned();
    let page = json!({"store_name": "Kasi Kicks", "store_description": "", "store_logo_url": url,
                      "store_banner_url": null, "accent_color": null, "standard_delivery_min_days": null,
                      "standard_delivery_max_days": null});
    let r = app
        .call(
            "PUT",
            "/api/v1/vendor/store",
            Some(page),
            Some(&thandi.token),
            None,
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text());
    let srcset = TestApp::eventually("the logo's srcset", 30, || async {
        app.get_ok("/api/v1/stores/kasi-kicks").await["store"]["store_logo_srcset"]
            .as_str()
            .map(str::to_owned)
    })
    .await;
    let stem = url.trim_end_matches(".jpg");
    assert_eq!(
        srcset,
        format!("{stem}-320.webp 320w, {stem}-640.webp 640w")
    );
    assert_eq!(
        app.get_ok("/api/v1/stores/kasi-kicks").await["store"]["store_banner_srcset"],
        Value::Null
    );
    jobs.shutdown().await;
}
