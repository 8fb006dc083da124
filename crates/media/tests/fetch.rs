//! Fetching pictures named by an import, against a real HTTP server on this machine: a
//! picture, a slow answer, an oversized one, redirects (a few followed, too many refused),
//! a file that is not a picture, and local addresses refused unless allowed.

use std::time::Duration;

use axum::Router;
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Redirect};
use axum::routing::get;
use bazaar_media::Format;
use bazaar_media::fetch::{FetchError, FetchLimits, fetch_picture};

fn png() -> Vec<u8> {
    let mut out = std::io::Cursor::new(Vec::new());
    image::DynamicImage::ImageRgb8(image::RgbImage::from_pixel(4, 4, image::Rgb([200, 30, 30])))
        .write_to(&mut out, image::ImageFormat::Png)
        .unwrap();
    out.into_inner()
}

async fn server() -> String {
    let app = Router::new()
        .route(
            "/a.png",
            get(|| async { ([(header::CONTENT_TYPE, "image/png")], png()) }),
        )
        .route(
            "/slow.png",
            get(|| async {
                tokio::time::sleep(Duration::from_secs(5)).await;
                png()
            }),
        )
        .route("/big.png", get(|| async { vec![0x89u8; 3 * 1024 * 1024] }))
        .route(
            "/page.html",
            get(|| async { "<!doctype html><p>not a picture</p>" }),
        )
        .route("/gone.png", get(|| async { StatusCode::NOT_FOUND }))
        .route(
            "/busy.png",
            get(|| async { StatusCode::SERVICE_UNAVAILABLE }),
        )
        .route(
            "/hop/{n}",
            get(
                |axum::extract::Path(n): axum::extract::Path<u32>| async move {
                    if n == 0 {
                        Redirect::temporary("/a.png").into_response()
                    } else {
                        Redirect::temporary(&format!("/hop/{}", n - 1)).into_response()
                    }
                },
            ),
        );
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let base = format!("http://{}", listener.local_addr().unwrap());
    tokio::spawn(async move { axum::serve(listener, app).await.unwrap() });
    base
}

fn local() -> FetchLimits {
    FetchLimits {
        max_bytes: 1024 * 1024,
        timeout: Duration::from_secs(2),
        max_redirects: 3,
        allow_private: true,
    }
}

#[tokio::test]
async fn pictures_are_fetched_within_their_limits() {
    let base = server().await;
    let got = fetch_picture(&format!("{base}/a.png"), &local())
        .await
        .unwrap();
    assert_eq!(got.format, Format::Png);
    assert!(got.bytes.starts_with(b"\x89PNG"));

    // Three redirects are followed; four are too many.
    let got = fetch_picture(&format!("{base}/hop/2"), &local())
        .await
        .unwrap();
    assert_eq!(got.format, Format::Png);
    assert_eq!(
        fetch_picture(&format!("{base}/hop/3"), &local())
            .await
            .unwrap_err(),
        FetchError::TooManyRedirects(3)
    );

    let slow = fetch_picture(&format!("{base}/slow.png"), &local())
        .await
        .unwrap_err();
    assert_eq!(slow, FetchError::Timeout(2));
    assert!(slow.is_transient());
    assert_eq!(
        fetch_picture(&format!("{base}/big.png"), &local())
            .await
            .unwrap_err(),
        FetchError::TooLarge(1024 * 1024)
    );
    assert_eq!(
        fetch_picture(&format!("{base}/page.html"), &local())
            .await
            .unwrap_err(),
        FetchError::NotAPicture
    );
    let gone = fetch_picture(&format!("{base}/gone.png"), &local())
        .await
        .unwrap_err();
    assert_eq!(gone, FetchError::Status(404));
    assert!(!gone.is_transient());
    assert!(
        fetch_picture(&format!("{base}/busy.png"), &local())
            .await
            .unwrap_err()
            .is_transient()
    );
    assert_eq!(
        fetch_picture("ftp://example.com/a.png", &local())
            .await
            .unwrap_err(),
        FetchError::BadUrl("ftp://example.com/a.png".into())
    );
}

#[tokio::test]
async fn local_and_private_addresses_are_refused() {
    let base = server().await;
    let limits = FetchLimits {
        allow_private: false,
        ..local()
    };
    let refused = fetch_picture(&format!("{base}/a.png"), &limits)
        .await
        .unwrap_err();
    assert!(
        matches!(refused, FetchError::Refused(ref m) if m.contains("127.0.0.1")),
        "{refused:?}"
    );
    assert!(!refused.is_transient());
    // A redirect to a local address from an allowed one is checked again: here the cloud
    // metadata address, refused before any connection.
    let refused = fetch_picture("http://169.254.169.254/latest/meta-data", &limits)
        .await
        .unwrap_err();
    assert!(matches!(refused, FetchError::Refused(_)), "{refused:?}");
}
