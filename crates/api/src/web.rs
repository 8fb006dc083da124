//! Serves the statically exported site (`web/out`) and uploaded media on the API's port.
//!
//! - Files are served as they are; hashed assets under `/_next/static/` are cached for a
//!   year, pages are revalidated on every load.
//! - A dynamic route is exported once with the placeholder `_` (`products/_/index.html`);
//!   any path whose segment has no file of its own is answered from the `_` sibling, which
//!   also covers the client-navigation payloads under it (`products/<slug>/index.txt`).
//! - For product and store pages the served shell gets the real title, description, Open
//!   Graph tags and JSON-LD, so crawlers and link previews see the product.
//! - `/sitemap.xml` lists the home page, every listed product and every approved store;
//!   `/robots.txt` points to it. Unknown paths get the site's 404 page with status 404.

use std::path::{Component, Path, PathBuf};

use axum::Router;
use axum::body::Body;
use axum::extract::State;
use axum::http::{HeaderValue, Method, StatusCode, Uri, header};
use axum::response::{IntoResponse, Redirect, Response};
use axum::routing::get;
use serde_json::json;

use crate::routes::{products, stores};
use crate::views::ProductDetail;
use crate::{ApiError, AppState};

/// Sitemap files hold at most this many URLs (the protocol's limit is 50,000).
const SITEMAP_PAGE: i64 = 45_000;

pub fn router() -> Router<AppState> {
    Router::new()
        .route("/robots.txt", get(robots))
        .route("/sitemap.xml", get(sitemap_index_or_page))
        .route("/sitemaps/products-{n}", get(sitemap_products_page))
        .route("/media/{*path}", get(media))
        .fallback(site)
}

async fn robots(State(state): State<AppState>) -> Response {
    let body = format!(
        "User-agent: *\nAllow: /\nDisallow: /api/\nDisallow: /admin/\nDisallow: /vendor/\n\nSitemap: {}/sitemap.xml\n",
        state.config.public_url
    );
    ([(header::CONTENT_TYPE, "text/plain; charset=utf-8")], body).into_response()
}

fn xml(body: String) -> Response {
    (
        [
            (header::CONTENT_TYPE, "application/xml; charset=utf-8"),
            (header::CACHE_CONTROL, "public, max-age=3600"),
        ],
        body,
    )
        .into_response()
}

fn url_entry(out: &mut String, loc: &str, lastmod: Option<chrono::DateTime<chrono::Utc>>) {
    out.push_str("<url><loc>");
    out.push_str(&escape_xml(loc));
    out.push_str("</loc>");
    if let Some(t) = lastmod {
        out.push_str(&format!("<lastmod>{}</lastmod>", t.format("%Y-%m-%d")));
    }
    out.push_str("</url>\n");
}

/// One sitemap when everything fits, else an index of product pages plus the rest.
async fn sitemap_index_or_page(State(state): State<AppState>) -> Result<Response, ApiError> {
    let base = &state.config.public_url;
    let total = bazaar_db::products::count_listed(&state.db).await?;
    let stores = bazaar_db::vendors::approved_slugs(&state.db).await?;
    let mut out = String::from("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
    if total <= SITEMAP_PAGE {
        out.push_str("<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n");
        url_entry(&mut out, &format!("{base}/"), None);
        for (slug, updated) in &stores {
            url_entry(&mut out, &format!("{base}/store/{slug}/"), Some(*updated));
        }
        for (slug, updated) in bazaar_db::products::listed_slugs(&state.db, SITEMAP_PAGE, 0).await?
        {
            url_entry(&mut out, &format!("{base}/products/{slug}/"), Some(updated));
        }
        out.push_str("</urlset>\n");
    } else {
        // Too many for one file: an index of pages, the first of which also has the stores.
        out.push_str("<sitemapindex xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n");
        let pages = (total + SITEMAP_PAGE - 1) / SITEMAP_PAGE;
        for n in 1..=pages {
            out.push_str(&format!(
                "<sitemap><loc>{}</loc></sitemap>\n",
                escape_xml(&format!("{base}/sitemaps/products-{n}.xml"))
            ));
        }
        out.push_str("</sitemapindex>\n");
    }
    Ok(xml(out))
}

async fn sitemap_products_page(
    State(state): State<AppState>,
    axum::extract::Path(name): axum::extract::Path<String>,
) -> Result<Response, ApiError> {
    let n: i64 = name
        .strip_suffix(".xml")
        .and_then(|n| n.parse().ok())
        .filter(|n| *n >= 1)
        .ok_or_else(|| ApiError::NotFound("No such sitemap".into()))?;
    let rows =
        bazaar_db::products::listed_slugs(&state.db, SITEMAP_PAGE, (n - 1) * SITEMAP_PAGE).await?;
    if rows.is_empty() {
        return Err(ApiError::NotFound("No such sitemap".into()));
    }
    let base = &state.config.public_url;
    let mut out = String::from(
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n",
    );
    if n == 1 {
        url_entry(&mut out, &format!("{base}/"), None);
        for (slug, updated) in bazaar_db::vendors::approved_slugs(&state.db).await? {
            url_entry(&mut out, &format!("{base}/store/{slug}/"), Some(updated));
        }
    }
    for (slug, updated) in rows {
        url_entry(&mut out, &format!("{base}/products/{slug}/"), Some(updated));
    }
    out.push_str("</urlset>\n");
    Ok(xml(out))
}

async fn media(
    State(state): State<AppState>,
    axum::extract::Path(path): axum::extract::Path<String>,
) -> Response {
    let Some(rel) = safe_relative(&path) else {
        return StatusCode::NOT_FOUND.into_response();
    };
    match tokio::fs::read(state.config.media_dir.join(&rel)).await {
        Ok(bytes) => file_response(&rel, bytes, "public, max-age=86400"),
        Err(_) => StatusCode::NOT_FOUND.into_response(),
    }
}

/// Turns a URL path into a relative file path, refusing anything that could climb out.
fn safe_relative(path: &str) -> Option<PathBuf> {
    let decoded = percent_decode(path)?;
    if decoded.contains('\0') || decoded.contains('\\') {
        return None;
    }
    let rel = PathBuf::from(decoded.trim_start_matches('/'));
    rel.components()
        .all(|c| matches!(c, Component::Normal(_)))
        .then_some(rel)
}

fn percent_decode(s: &str) -> Option<String> {
    let bytes = s.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'%' {
            let hex = std::str::from_utf8(bytes.get(i + 1..i + 3)?).ok()?;
            out.push(u8::from_str_radix(hex, 16).ok()?);
            i += 3;
        } else {
            out.push(bytes[i]);
            i += 1;
        }
    }
    String::from_utf8(out).ok()
}

fn file_response(path: &Path, bytes: Vec<u8>, cache: &'static str) -> Response {
    let mime = mime_guess::from_path(path).first_or_octet_stream();
    let mut resp = Response::new(Body::from(bytes));
    if let Ok(v) = HeaderValue::from_str(mime.as_ref()) {
        resp.headers_mut().insert(header::CONTENT_TYPE, v);
    }
    resp.headers_mut()
        .insert(header::CACHE_CONTROL, HeaderValue::from_static(cache));
    resp.headers_mut().insert(
        header::X_CONTENT_TYPE_OPTIONS,
        HeaderValue::from_static("nosniff"),
    );
    resp
}

/// Where a request path lands inside the exported site.
#[derive(Debug, PartialEq, Eq)]
enum Resolved {
    /// A file, and the values that stood where `_` placeholders were (route, value).
    File(PathBuf, Vec<(String, String)>),
    /// The directory exists: add the trailing slash.
    Redirect(String),
    NotFound,
}

fn resolve(root: &Path, url_path: &str) -> Resolved {
    let Some(rel) = safe_relative(url_path) else {
        return Resolved::NotFound;
    };
    let segments: Vec<String> = rel
        .iter()
        .map(|s| s.to_string_lossy().into_owned())
        .collect();
    let trailing = url_path.ends_with('/') || url_path.is_empty();
    let mut dir = root.to_path_buf();
    let mut params = Vec::new();
    for (i, seg) in segments.iter().enumerate() {
        let last = i + 1 == segments.len();
        let own = dir.join(seg);
        if own.exists() && (!last || trailing || own.is_file() || own.join("index.html").is_file())
        {
            dir = own;
            continue;
        }
        // No file of its own: answer from the placeholder shell next to it, if there is one.
        let placeholder = dir.join("_");
        let route = segments[..i].join("/");
        if placeholder.is_dir() && !(last && !trailing && seg.contains('.')) {
            params.push((route, seg.clone()));
            dir = placeholder;
            continue;
        }
        // `products/<slug>/index.txt` and friends: the placeholder's own files.
        if last && seg.contains('.') && dir.join(seg).is_file() {
            dir = dir.join(seg);
            continue;
        }
        return Resolved::NotFound;
    }
    if dir.is_file() {
        return Resolved::File(dir, params);
    }
    if dir.join("index.html").is_file() {
        if !trailing {
            return Resolved::Redirect(format!("/{}/", segments.join("/")));
        }
        return Resolved::File(dir.join("index.html"), params);
    }
    Resolved::NotFound
}

async fn site(State(state): State<AppState>, method: Method, uri: Uri) -> Response {
    let path = uri.path();
    if path == "/api" || path.starts_with("/api/") {
        return ApiError::NotFound(format!("No API route {path}")).into_response();
    }
    if method != Method::GET && method != Method::HEAD {
        return StatusCode::METHOD_NOT_ALLOWED.into_response();
    }
    let Some(root) = state.config.web_dir.clone() else {
        return ApiError::NotFound("The web site is not installed on this server".into())
            .into_response();
    };
    match resolve(&root, path) {
        Resolved::Redirect(to) => {
            let to = match uri.query() {
                Some(q) => format!("{to}?{q}"),
                None => to,
            };
            Redirect::permanent(&to).into_response()
        }
        Resolved::NotFound => not_found_page(&root).await,
        Resolved::File(file, params) => {
            let Ok(bytes) = tokio::fs::read(&file).await else {
                return not_found_page(&root).await;
            };
            let is_html = file.extension().is_some_and(|e| e == "html");
            if is_html {
                return html_page(&state, bytes, &params).await;
            }
            let cache = if path.starts_with("/_next/static/") {
                "public, max-age=31536000, immutable"
            } else {
                "public, max-age=300, must-revalidate"
            };
            file_response(&file, bytes, cache)
        }
    }
}

async fn not_found_page(root: &Path) -> Response {
    let body = tokio::fs::read(root.join("404.html"))
        .await
        .unwrap_or_else(|_| {
            b"<!doctype html><title>Page not found</title><h1>Page not found</h1>".to_vec()
        });
    html_response(StatusCode::NOT_FOUND, body)
}

fn html_response(status: StatusCode, body: Vec<u8>) -> Response {
    let mut resp = (status, body).into_response();
    let h = resp.headers_mut();
    h.insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("text/html; charset=utf-8"),
    );
    h.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-cache"));
    h.insert(
        header::X_CONTENT_TYPE_OPTIONS,
        HeaderValue::from_static("nosniff"),
    );
    h.insert(
        header::REFERRER_POLICY,
        HeaderValue::from_static("strict-origin-when-cross-origin"),
    );
    resp
}

/// Head tags for a page, and whether the thing the page shows exists.
struct Head {
    title: String,
    description: String,
    canonical: String,
    image: Option<String>,
    og_type: &'static str,
    json_ld: Option<serde_json::Value>,
}

async fn html_page(state: &AppState, shell: Vec<u8>, params: &[(String, String)]) -> Response {
    let found = match params {
        [(route, value)] if route == "products" => {
            Some(match products::load_detail(state, value).await {
                Ok(p) => Ok(product_head(state, &p)),
                Err(e) => Err(e),
            })
        }
        [(route, value)] if route == "store" => {
            Some(match stores::load_store(state, value).await {
                Ok(s) => Ok(store_head(state, &s)),
                Err(e) => Err(e),
            })
        }
        _ => None,
    };
    let Ok(html) = String::from_utf8(shell.clone()) else {
        return html_response(StatusCode::OK, shell);
    };
    match found {
        None => html_response(StatusCode::OK, shell),
        Some(Ok(head)) => html_response(StatusCode::OK, inject_head(&html, &head).into_bytes()),
        // The shell still renders the page's own "not found" state; crawlers get a 404.
        Some(Err(ApiError::NotFound(_))) => html_response(StatusCode::NOT_FOUND, shell),
        Some(Err(e)) => {
            tracing::error!(error = %e, "could not build page head");
            html_response(StatusCode::OK, shell)
        }
    }
}

fn absolute(state: &AppState, url: &str) -> String {
    if url.starts_with("http://") || url.starts_with("https://") {
        url.to_owned()
    } else {
        format!("{}{url}", state.config.public_url)
    }
}

fn product_head(state: &AppState, p: &ProductDetail) -> Head {
    let s = &p.summary;
    let currency = bazaar_domain::money::CurrencyDisplay::new(&s.currency);
    let price_text = bazaar_domain::money::format(
        Some(bazaar_domain::money::Cents(s.effective_price_cents)),
        &currency,
    );
    let canonical = format!("{}/products/{}/", state.config.public_url, s.slug);
    let brand = if s.brand.is_empty() {
        String::new()
    } else {
        format!("{} · ", s.brand)
    };
    let description = truncate(
        &format!("{brand}{price_text}. {}", p.description.trim()),
        300,
    );
    let image = s.image_url.as_deref().map(|u| absolute(state, u));
    let availability = if s.in_stock {
        "https://schema.org/InStock"
    } else {
        "https://schema.org/OutOfStock"
    };
    let decimals = |cents: i64| bazaar_domain::money::Cents(cents).to_string();
    let offers = match &s.price_range {
        Some(r) if r.min_cents != r.max_cents => json!({
            "@type": "AggregateOffer", "priceCurrency": s.currency,
            "lowPrice": decimals(r.min_cents), "highPrice": decimals(r.max_cents),
            "offerCount": p.variations.len(), "availability": availability, "url": canonical,
        }),
        _ => json!({
            "@type": "Offer", "priceCurrency": s.currency, "price": decimals(s.effective_price_cents),
            "availability": availability, "url": canonical,
        }),
    };
    let mut ld = json!({
        "@context": "https://schema.org",
        "@type": "Product",
        "name": s.name,
        "description": p.description,
        "sku": s.slug,
        "category": s.category_name,
        "offers": offers,
    });
    if let Some(img) = &image {
        ld["image"] = json!([img]);
    }
    if !s.brand.is_empty() {
        ld["brand"] = json!({"@type": "Brand", "name": s.brand});
    }
    if p.rating.count > 0 {
        ld["aggregateRating"] = json!({"@type": "AggregateRating", "ratingValue": p.rating.average, "reviewCount": p.rating.count});
    }
    Head {
        title: format!("{} – {price_text} | bazaar", s.name),
        description,
        canonical,
        image,
        og_type: "product",
        json_ld: Some(ld),
    }
}

fn store_head(state: &AppState, v: &bazaar_db::vendors::VendorRow) -> Head {
    let canonical = format!("{}/store/{}/", state.config.public_url, v.store_slug);
    let description = if v.store_description.trim().is_empty() {
        format!("Shop {} on bazaar.", v.store_name)
    } else {
        truncate(v.store_description.trim(), 300)
    };
    let image = v.store_logo_url.as_deref().map(|u| absolute(state, u));
    let mut ld = json!({
        "@context": "https://schema.org", "@type": "Store", "name": v.store_name,
        "description": description, "url": canonical,
    });
    if let Some(img) = &image {
        ld["logo"] = json!(img);
    }
    Head {
        title: format!("{} | bazaar", v.store_name),
        description,
        canonical,
        image,
        og_type: "website",
        json_ld: Some(ld),
    }
}

fn truncate(s: &str, max: usize) -> String {
    if s.chars().count() <= max {
        return s.to_owned();
    }
    let mut out: String = s.chars().take(max - 1).collect();
    out.push('…');
    out
}

fn escape_xml(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
        .replace('\'', "&#39;")
}

/// Replaces the shell's title and description and adds canonical, Open Graph and JSON-LD.
fn inject_head(html: &str, head: &Head) -> String {
    let mut html = remove_tags(html, "<title", "</title>");
    for marker in [
        "<meta name=\"description\"",
        "<link rel=\"canonical\"",
        "<meta property=\"og:",
        "<meta name=\"twitter:",
    ] {
        html = remove_tags(&html, marker, ">");
    }
    let mut tags = format!(
        "<title>{}</title><meta name=\"description\" content=\"{}\"/><link rel=\"canonical\" href=\"{}\"/>\
         <meta property=\"og:type\" content=\"{}\"/><meta property=\"og:title\" content=\"{}\"/>\
         <meta property=\"og:description\" content=\"{}\"/><meta property=\"og:url\" content=\"{}\"/>\
         <meta property=\"og:site_name\" content=\"bazaar\"/><meta name=\"twitter:card\" content=\"summary_large_image\"/>",
        escape_xml(&head.title),
        escape_xml(&head.description),
        escape_xml(&head.canonical),
        head.og_type,
        escape_xml(&head.title),
        escape_xml(&head.description),
        escape_xml(&head.canonical),
    );
    if let Some(img) = &head.image {
        tags.push_str(&format!(
            "<meta property=\"og:image\" content=\"{}\"/>",
            escape_xml(img)
        ));
    }
    if let Some(ld) = &head.json_ld {
        // `<` is escaped so no value can close the script element.
        let json = ld
            .to_string()
            .replace('<', "\\u003c")
            .replace('>', "\\u003e")
            .replace('&', "\\u0026");
        tags.push_str(&format!(
            "<script type=\"application/ld+json\">{json}</script>"
        ));
    }
    match html.find("</head>") {
        Some(at) => format!("{}{tags}{}", &html[..at], &html[at..]),
        None => format!("{tags}{html}"),
    }
}

/// Removes every occurrence of a tag that starts with `start` up to the next `end`.
fn remove_tags(html: &str, start: &str, end: &str) -> String {
    let mut out = String::with_capacity(html.len());
    let mut rest = html;
    while let Some(at) = rest.find(start) {
        out.push_str(&rest[..at]);
        match rest[at..].find(end) {
            Some(close) => rest = &rest[at + close + end.len()..],
            None => {
                rest = &rest[at..];
                break;
            }
        }
    }
    out.push_str(rest);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn site() -> tempdir::Dir {
        let d = tempdir::Dir::new();
        for f in [
            "index.html",
            "404.html",
            "products/_/index.html",
            "products/_/index.txt",
            "_next/static/chunks/app.js",
            "about/index.html",
        ] {
            let p = d.0.join(f);
            std::fs::create_dir_all(p.parent().unwrap()).unwrap();
            std::fs::write(p, f).unwrap();
        }
        d
    }

    mod tempdir {
        pub struct Dir(pub std::path::PathBuf);
        impl Dir {
            pub fn new() -> Self {
                let p = std::env::temp_dir().join(format!("bazaar-web-{}", uuid::Uuid::now_v7()));
                std::fs::create_dir_all(&p).unwrap();
                Dir(p)
            }
        }
        impl Drop for Dir {
            fn drop(&mut self) {
                let _ = std::fs::remove_dir_all(&self.0);
            }
        }
    }

    #[test]
    fn resolves_files_shells_and_redirects() {
        let d = site();
        let root = &d.0;
        assert_eq!(
            resolve(root, "/"),
            Resolved::File(root.join("index.html"), vec![])
        );
        assert_eq!(
            resolve(root, "/about/"),
            Resolved::File(root.join("about/index.html"), vec![])
        );
        assert_eq!(
            resolve(root, "/about"),
            Resolved::Redirect("/about/".into())
        );
        assert_eq!(
            resolve(root, "/products/ovr-tee/"),
            Resolved::File(
                root.join("products/_/index.html"),
                vec![("products".into(), "ovr-tee".into())]
            )
        );
        assert_eq!(
            resolve(root, "/products/ovr-tee"),
            Resolved::Redirect("/products/ovr-tee/".into())
        );
        assert_eq!(
            resolve(root, "/products/ovr-tee/index.txt"),
            Resolved::File(
                root.join("products/_/index.txt"),
                vec![("products".into(), "ovr-tee".into())]
            )
        );
        assert_eq!(
            resolve(root, "/_next/static/chunks/app.js"),
            Resolved::File(root.join("_next/static/chunks/app.js"), vec![])
        );
        assert_eq!(resolve(root, "/nope/"), Resolved::NotFound);
        assert_eq!(resolve(root, "/products/a/b/c/"), Resolved::NotFound);
        assert_eq!(resolve(root, "/../etc/passwd"), Resolved::NotFound);
        assert_eq!(resolve(root, "/%2e%2e/etc/passwd"), Resolved::NotFound);
    }

    #[test]
    fn head_injection_replaces_title_and_escapes_script_content() {
        let html = "<html><head><title>bazaar</title><meta name=\"description\" content=\"x\"/></head><body></body></html>";
        let head = Head {
            title: "A & B".into(),
            description: "d".into(),
            canonical: "http://x/p/".into(),
            image: None,
            og_type: "product",
            json_ld: Some(json!({"name": "</script><script>alert(1)</script>"})),
        };
        let out = inject_head(html, &head);
        assert_eq!(out.matches("<title>").count(), 1);
        assert!(out.contains("<title>A &amp; B</title>"));
        assert!(!out.contains("content=\"x\""));
        assert!(!out.contains("</script><script>alert"));
        assert!(out.contains("\\u003c/script\\u003e"));
    }
}
