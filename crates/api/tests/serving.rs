//! Probes, OpenAPI, and the web site the server answers for: shells, SEO heads, sitemap.

mod common;

use axum::http::StatusCode;
use common::{PUBLIC_URL, Seeds, TestApp};

#[tokio::test]
async fn probes_answer() {
    let app = TestApp::new().await;
    assert_eq!(app.get_ok("/healthz").await["status"], "ok");
    assert_eq!(app.get_ok("/readyz").await["status"], "ready");
    app.db.close().await;
    let r = app.get("/readyz").await;
    assert_eq!(r.status, StatusCode::SERVICE_UNAVAILABLE);
    assert_eq!(r.json()["error"]["code"], "unavailable");
}

#[tokio::test]
async fn openapi_document_and_offline_docs() {
    let app = TestApp::new().await;
    let doc = app.get_ok("/api/openapi.json").await;
    assert_eq!(doc["openapi"], "3.1.0");
    for path in [
        "/api/v1/products",
        "/api/v1/products/{slug_or_id}",
        "/api/v1/categories",
        "/api/v1/stores/{store_slug}",
        "/api/v1/settings/public",
        "/api/v1/recommendations",
    ] {
        assert!(
            doc["paths"][path]["get"]["operationId"].is_string(),
            "{path} documented"
        );
    }
    assert_eq!(
        doc["paths"]["/api/v1/products"]["get"]["operationId"],
        "list_products"
    );
    // The web client is generated from this document: a path parameter that is not in the
    // path (or the other way round) would give it a wrong signature.
    for (path, item) in doc["paths"].as_object().expect("paths") {
        let in_path: std::collections::BTreeSet<&str> = path
            .split('{')
            .skip(1)
            .filter_map(|rest| rest.split_once('}').map(|(name, _)| name))
            .collect();
        for (method, operation) in item.as_object().expect("path item") {
            let declared: std::collections::BTreeSet<&str> = operation["parameters"]
                .as_array()
                .map(|params| {
                    params
                        .iter()
                        .filter(|p| p["in"] == "path")
                        .filter_map(|p| p["name"].as_str())
                        .collect()
                })
                .unwrap_or_default();
            assert_eq!(declared, in_path, "path parameters of {method} {path}");
        }
    }
    // serde writes `None` as null, so nullable properties are required (present, maybe null),
    // except the one serde leaves out.
    let required = |schema: &str| doc["components"]["schemas"][schema]["required"].clone();
    let cart_item = required("CartItem");
    for name in ["image_url", "variation_id", "vendor_id", "product_name"] {
        assert!(
            cart_item.as_array().unwrap().iter().any(|r| r == name),
            "CartItem.{name} is required: {cart_item}"
        );
    }
    assert!(
        !required("ErrorDetail")
            .as_array()
            .unwrap()
            .iter()
            .any(|r| r == "title"),
        "an error's title is left out when there is none"
    );
    // The same document as the `bazaar openapi` command prints.
    assert_eq!(
        doc,
        serde_json::to_value(bazaar_api::openapi::document()).expect("document as JSON")
    );
    let page = app.get("/api/docs/").await;
    assert_eq!(page.status, StatusCode::OK);
    let html = page.text();
    assert!(html.contains("swagger"), "docs page");
    // Its assets are served by us, not fetched from elsewhere.
    assert!(
        !html.contains("https://"),
        "the docs page must work offline"
    );
    let js = app.get("/api/docs/swagger-ui-bundle.js").await;
    assert_eq!(js.status, StatusCode::OK);
}

#[tokio::test]
async fn unknown_api_paths_are_json_404s() {
    let app = TestApp::new().await;
    let r = app.get("/api/v1/nothing-here").await;
    assert_eq!(r.status, StatusCode::NOT_FOUND);
    assert_eq!(r.json()["error"]["code"], "not_found");
}

#[tokio::test]
async fn product_pages_carry_the_product_in_title_and_json_ld() {
    let app = TestApp::seeded_with_web().await;
    let seeds = Seeds::load();
    let p = seeds
        .listed()
        .into_iter()
        .find(|p| p["variations"].as_array().is_none_or(|v| v.is_empty()))
        .unwrap();
    let slug = p["slug"].as_str().unwrap();
    let product = app.get_ok(&format!("/api/v1/products/{slug}")).await["product"].clone();
    let price = product["effective_price_cents"].as_i64().unwrap();
    let shown = bazaar_domain::money::format(
        Some(bazaar_domain::money::Cents(price)),
        &bazaar_domain::money::CurrencyDisplay::new("ZAR"),
    );

    let r = app.get(&format!("/products/{slug}/")).await;
    assert_eq!(r.status, StatusCode::OK);
    assert_eq!(r.headers["content-type"], "text/html; charset=utf-8");
    let html = r.text();
    let name = p["name"].as_str().unwrap().replace('&', "&amp;");
    let title = format!("<title>{name} – {shown} | bazaar</title>");
    assert!(html.contains(&title), "{title} in {html}");
    assert_eq!(html.matches("<title>").count(), 1);
    assert!(html.contains("product shell"));
    assert!(
        !html.contains("content=\"shell\""),
        "the shell's description is replaced"
    );
    let ld_start = html
        .find("<script type=\"application/ld+json\">")
        .expect("JSON-LD")
        + 35;
    let ld_end = ld_start + html[ld_start..].find("</script>").unwrap();
    let ld: serde_json::Value = serde_json::from_str(&html[ld_start..ld_end]).unwrap();
    assert_eq!(ld["@type"], "Product");
    assert_eq!(ld["name"], p["name"]);
    assert_eq!(
        ld["offers"]["price"],
        bazaar_domain::money::Cents(price).to_string()
    );
    assert_eq!(ld["offers"]["priceCurrency"], "ZAR");
    assert!(html.contains(&format!(
        "<meta property=\"og:url\" content=\"{PUBLIC_URL}/products/{slug}/\"/>"
    )));

    // The page starts from the product as the API answers it, and its picture is in the
    // preview frame before any script runs.
    let data_tag = "<script type=\"application/json\" id=\"bazaar-page-data\">";
    let data_start = html.find(data_tag).expect("page data") + data_tag.len();
    let data_end = data_start + html[data_start..].find("</script>").unwrap();
    let data: serde_json::Value = serde_json::from_str(&html[data_start..data_end]).unwrap();
    assert_eq!(data["product"], product);
    let image = product["image_url"].as_str().expect("seeded picture");
    assert!(
        html.contains(&format!(
            "data-page-preview=\"image\"><img src=\"{image}\" alt=\"{name}\""
        )),
        "{html}"
    );

    // Without the trailing slash: redirected to it. Client payloads come from the shell.
    let r = app.get(&format!("/products/{slug}")).await;
    assert_eq!(r.status, StatusCode::PERMANENT_REDIRECT);
    assert_eq!(r.headers["location"], format!("/products/{slug}/"));
    let r = app.get(&format!("/products/{slug}/index.txt")).await;
    assert_eq!(
        (r.status, r.text().as_str()),
        (StatusCode::OK, "rsc payload")
    );

    // A hidden or unknown product: the shell with 404 and no product head.
    let hidden = seeds.hidden()[0]["slug"].as_str().unwrap().to_owned();
    for missing in [hidden.as_str(), "no-such-thing"] {
        let r = app.get(&format!("/products/{missing}/")).await;
        assert_eq!(r.status, StatusCode::NOT_FOUND, "{missing}");
        assert!(!r.text().contains("application/ld+json"));
        assert!(!r.text().contains("bazaar-page-data"));
        assert!(!r.text().contains("<img"));
    }
}

#[tokio::test]
async fn pages_say_when_payments_are_tests() {
    let app = TestApp::seeded_with_web().await;
    let slug = Seeds::load().listed()[0]["slug"]
        .as_str()
        .unwrap()
        .to_owned();
    for (path, status) in [
        ("/".to_owned(), StatusCode::OK),
        (format!("/products/{slug}/"), StatusCode::OK),
        ("/no/such/page/".to_owned(), StatusCode::NOT_FOUND),
    ] {
        let r = app.get(&path).await;
        assert_eq!(r.status, status, "{path}");
        assert!(
            r.text()
                .starts_with("<html data-test-payments=\"sandbox\"><head>"),
            "{path}: {}",
            r.text()
        );
    }

    let live = TestApp::seeded_with_web_paying(bazaar_payfast::Settings::live(
        "10000100",
        "46f0cd694581a",
        None,
    ))
    .await;
    for path in [
        "/".to_owned(),
        format!("/products/{slug}/"),
        "/nope/".into(),
    ] {
        assert!(
            !live.get(&path).await.text().contains("data-test-payments"),
            "{path}"
        );
    }
}

#[tokio::test]
async fn store_pages_carry_the_store() {
    let app = TestApp::seeded_with_web().await;
    let seeds = Seeds::load();
    let vendor = seeds
        .vendors
        .iter()
        .find(|v| v["status"] == "approved")
        .unwrap();
    let slug = vendor["store_slug"].as_str().unwrap();
    let r = app.get(&format!("/store/{slug}/")).await;
    assert_eq!(r.status, StatusCode::OK);
    let name = vendor["store_name"].as_str().unwrap().replace('&', "&amp;");
    assert!(
        r.text()
            .contains(&format!("<title>{name} | bazaar</title>"))
    );
    let pending = seeds
        .vendors
        .iter()
        .find(|v| v["status"] == "pending")
        .unwrap();
    let r = app
        .get(&format!(
            "/store/{}/",
            pending["store_slug"].as_str().unwrap()
        ))
        .await;
    assert_eq!(r.status, StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn static_files_cache_headers_and_not_found() {
    let app = TestApp::seeded_with_web().await;
    let r = app.get("/_next/static/chunks/app-123.js").await;
    assert_eq!(r.status, StatusCode::OK);
    assert_eq!(
        r.headers["cache-control"],
        "public, max-age=31536000, immutable"
    );
    let r = app.get("/").await;
    assert_eq!(r.headers["cache-control"], "no-cache");
    let r = app.get("/definitely/not/here/").await;
    assert_eq!(r.status, StatusCode::NOT_FOUND);
    assert!(r.text().contains("Page not found"));
    let r = app.get("/%2e%2e/%2e%2e/etc/passwd").await;
    assert_eq!(r.status, StatusCode::NOT_FOUND);
    let r = app.get("/media/seed/products/../../../../etc/passwd").await;
    assert_eq!(r.status, StatusCode::NOT_FOUND);
    let seed_image = app.get("/media/seed/vendors/ovr-official.svg").await;
    assert_eq!(seed_image.status, StatusCode::OK);
    assert_eq!(seed_image.headers["content-type"], "image/svg+xml");
    assert_eq!(seed_image.headers["accept-ranges"], "bytes");

    // Video is fetched in byte ranges (Safari and iOS play nothing without 206 answers).
    let video = "/media/seed/products/pwr-training.mp4";
    let whole = app.get(video).await;
    assert_eq!(whole.status, StatusCode::OK);
    assert_eq!(whole.headers["content-type"], "video/mp4");
    let total = whole.body.len();
    let ranged = |range: &'static str| {
        let router = app.router.clone();
        async move {
            use tower::ServiceExt;
            let req = axum::http::Request::builder()
                .uri(video)
                .header("range", range)
                .body(axum::body::Body::empty())
                .unwrap();
            let resp = router.oneshot(req).await.unwrap();
            let status = resp.status();
            let range = resp.headers().get("content-range").cloned();
            let body = http_body_util::BodyExt::collect(resp.into_body())
                .await
                .unwrap()
                .to_bytes();
            (status, range, body)
        }
    };
    let (status, range, body) = ranged("bytes=0-9").await;
    assert_eq!(status, StatusCode::PARTIAL_CONTENT);
    assert_eq!(range.unwrap(), format!("bytes 0-9/{total}").as_str());
    assert_eq!(&body[..], &whole.body[..10]);
    let (status, _, body) = ranged("bytes=-4").await;
    assert_eq!(status, StatusCode::PARTIAL_CONTENT);
    assert_eq!(&body[..], &whole.body[total - 4..]);
    let (status, range, _) = ranged("bytes=99999999-").await;
    assert_eq!(status, StatusCode::RANGE_NOT_SATISFIABLE);
    assert_eq!(range.unwrap(), format!("bytes */{total}").as_str());
}

#[tokio::test]
async fn sitemap_lists_every_visible_product_and_store_and_robots_points_to_it() {
    let app = TestApp::seeded_with_web().await;
    let seeds = Seeds::load();
    let r = app.get("/sitemap.xml").await;
    assert_eq!(r.status, StatusCode::OK);
    let xml = r.text();
    for p in seeds.listed() {
        assert!(xml.contains(&format!(
            "<loc>{PUBLIC_URL}/products/{}/</loc>",
            p["slug"].as_str().unwrap()
        )));
    }
    for p in seeds.hidden() {
        assert!(!xml.contains(&format!("/products/{}/<", p["slug"].as_str().unwrap())));
    }
    for v in &seeds.vendors {
        let listed = xml.contains(&format!(
            "<loc>{PUBLIC_URL}/store/{}/</loc>",
            v["store_slug"].as_str().unwrap()
        ));
        assert_eq!(listed, v["status"] == "approved");
    }
    let articles = bazaar_db::help::published(&app.db).await.unwrap();
    assert!(!articles.is_empty(), "the seed has help articles");
    for a in &articles {
        assert!(xml.contains(&format!("<loc>{PUBLIC_URL}/help/article/{}/</loc>", a.slug)));
    }
    assert_eq!(
        xml.matches("<url>").count(),
        1 + bazaar_domain::settings::seo::INFORMATION_PAGES.len()
            + articles.len()
            + seeds.listed().len()
            + seeds
                .vendors
                .iter()
                .filter(|v| v["status"] == "approved")
                .count()
    );
    let robots = app.get("/robots.txt").await.text();
    assert!(robots.contains(&format!("Sitemap: {PUBLIC_URL}/sitemap.xml")));
}

/// Text is gzipped for clients that ask; video and small bodies are not.
#[tokio::test]
async fn text_is_compressed_for_clients_that_ask() {
    use tower::ServiceExt;
    let app = TestApp::seeded_with_web().await;
    let fetch = |uri: &'static str, gzip: bool| {
        let router = app.router.clone();
        async move {
            let mut req = axum::http::Request::builder().uri(uri);
            if gzip {
                req = req.header("accept-encoding", "gzip");
            }
            let resp = router
                .oneshot(req.body(axum::body::Body::empty()).unwrap())
                .await
                .unwrap();
            let encoding = resp
                .headers()
                .get("content-encoding")
                .map(|v| v.to_str().unwrap().to_owned());
            let body = http_body_util::BodyExt::collect(resp.into_body())
                .await
                .unwrap()
                .to_bytes();
            (encoding, body)
        }
    };
    let (plain_encoding, plain) = fetch("/api/v1/products?per_page=50", false).await;
    assert_eq!(plain_encoding, None);
    let (encoding, gzipped) = fetch("/api/v1/products?per_page=50", true).await;
    assert_eq!(encoding.as_deref(), Some("gzip"));
    assert!(
        gzipped.len() * 3 < plain.len(),
        "{} gzipped bytes for {} plain",
        gzipped.len(),
        plain.len()
    );
    let (encoding, _) = fetch("/api/openapi.json", true).await;
    assert_eq!(encoding.as_deref(), Some("gzip"));
    let (encoding, _) = fetch("/media/seed/products/pwr-training.mp4", true).await;
    assert_eq!(encoding, None, "video is served as it is");
    let (encoding, _) = fetch("/healthz", true).await;
    assert_eq!(encoding, None, "small bodies are not worth it");
}
