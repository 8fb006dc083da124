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

mod head;
mod sitemap;

use std::path::{Component, Path, PathBuf};

use axum::Router;
use axum::body::Body;
use axum::extract::State;
use axum::http::{HeaderValue, Method, StatusCode, Uri, header};
use axum::response::{IntoResponse, Redirect, Response};
use axum::routing::get;

use crate::routes::{products, stores};
use crate::{ApiError, AppState};

pub fn router() -> Router<AppState> {
    Router::new()
        .route("/robots.txt", get(sitemap::robots))
        .route("/sitemap.xml", get(sitemap::sitemap_index_or_page))
        .route(
            "/sitemaps/products-{n}",
            get(sitemap::sitemap_products_page),
        )
        .route("/media/{*path}", get(media))
        .fallback(site)
}

/// Media, streamed from media storage, with single byte ranges (`Range: bytes=…`): Safari
/// and iOS play video only from servers that answer them with 206. Uploads (`/media/u/…`)
/// never change under their name, so they are cached for a year.
async fn media(
    State(state): State<AppState>,
    axum::extract::Path(path): axum::extract::Path<String>,
    headers: axum::http::HeaderMap,
) -> Response {
    let Some(rel) = safe_relative(&path) else {
        return StatusCode::NOT_FOUND.into_response();
    };
    let key = rel
        .components()
        .map(|c| c.as_os_str().to_string_lossy())
        .collect::<Vec<_>>()
        .join("/");
    // Digital products' files go to buyers only through signed download links.
    if bazaar_media::is_private(&key) {
        return StatusCode::NOT_FOUND.into_response();
    }
    let cache = if key.starts_with(&format!("{}/", bazaar_media::UPLOAD_PREFIX)) {
        "public, max-age=31536000, immutable"
    } else {
        "public, max-age=86400"
    };
    let storage = &state.config.media;
    let unavailable = |e: bazaar_media::StorageError| {
        tracing::warn!(key, error = %e, "media storage failed");
        StatusCode::SERVICE_UNAVAILABLE.into_response()
    };
    let range = match headers.get(header::RANGE).and_then(|v| v.to_str().ok()) {
        None => None,
        Some(h) => match storage.size(&key).await {
            Ok(None) => return StatusCode::NOT_FOUND.into_response(),
            Err(e) => return unavailable(e),
            Ok(Some(total)) => match byte_range(h, total as usize) {
                Range::Ignore => None,
                Range::Unsatisfiable => {
                    let mut resp = StatusCode::RANGE_NOT_SATISFIABLE.into_response();
                    if let Ok(v) = HeaderValue::from_str(&format!("bytes */{total}")) {
                        resp.headers_mut().insert(header::CONTENT_RANGE, v);
                    }
                    resp.headers_mut()
                        .insert(header::ACCEPT_RANGES, HeaderValue::from_static("bytes"));
                    return resp;
                }
                Range::Bytes(a, b) => Some(bazaar_media::Range::Bytes(a as u64, b as u64)),
            },
        },
    };
    let object = match storage.get(&key, range).await {
        Ok(Some(object)) => object,
        Ok(None) => return StatusCode::NOT_FOUND.into_response(),
        Err(e) => return unavailable(e),
    };
    let (start, end) = object.range;
    let mut resp = file_response(&rel, Body::from_stream(object.body), cache);
    resp.headers_mut()
        .insert(header::CONTENT_LENGTH, HeaderValue::from(end - start));
    if range.is_some() {
        *resp.status_mut() = StatusCode::PARTIAL_CONTENT;
        if let Ok(v) = HeaderValue::from_str(&format!(
            "bytes {start}-{}/{}",
            end.saturating_sub(1),
            object.size
        )) {
            resp.headers_mut().insert(header::CONTENT_RANGE, v);
        }
    }
    if let Some(tag) = object
        .e_tag
        .and_then(|t| HeaderValue::from_str(&format!("\"{}\"", t.trim_matches('"'))).ok())
    {
        resp.headers_mut().insert(header::ETAG, tag);
    }
    resp.headers_mut()
        .insert(header::ACCEPT_RANGES, HeaderValue::from_static("bytes"));
    resp
}

#[derive(Debug, PartialEq, Eq)]
enum Range {
    /// First and last byte, inclusive.
    Bytes(usize, usize),
    Unsatisfiable,
    Ignore,
}

/// Reads a `Range` header for a file of `total` bytes: one range of bytes
/// (`a-b`, `a-`, `-n`); anything else is ignored.
fn byte_range(header: &str, total: usize) -> Range {
    let Some(spec) = header.trim().strip_prefix("bytes=") else {
        return Range::Ignore;
    };
    if spec.contains(',') {
        return Range::Ignore;
    }
    let Some((first, last)) = spec.trim().split_once('-') else {
        return Range::Ignore;
    };
    let parse = |s: &str| s.trim().parse::<usize>().ok();
    let (start, end) = match (first.trim().is_empty(), last.trim().is_empty()) {
        // The last n bytes.
        (true, false) => match parse(last) {
            Some(0) => return Range::Unsatisfiable,
            Some(n) => (total.saturating_sub(n), total.saturating_sub(1)),
            None => return Range::Ignore,
        },
        (false, true) => match parse(first) {
            Some(a) => (a, total.saturating_sub(1)),
            None => return Range::Ignore,
        },
        (false, false) => match (parse(first), parse(last)) {
            (Some(a), Some(b)) if a <= b => (a, b.min(total.saturating_sub(1))),
            _ => return Range::Ignore,
        },
        (true, true) => return Range::Ignore,
    };
    if total == 0 || start >= total {
        return Range::Unsatisfiable;
    }
    Range::Bytes(start, end)
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

fn file_response(path: &Path, body: impl Into<Body>, cache: &'static str) -> Response {
    let mime = mime_guess::from_path(path).first_or_octet_stream();
    let mut resp = Response::new(body.into());
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
        Resolved::NotFound => not_found_page(&state, &root).await,
        Resolved::File(file, params) => {
            let Ok(bytes) = tokio::fs::read(&file).await else {
                return not_found_page(&state, &root).await;
            };
            let is_html = file.extension().is_some_and(|e| e == "html");
            if is_html {
                return html_page(&state, bytes, &params, path == "/").await;
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

async fn not_found_page(state: &AppState, root: &Path) -> Response {
    let page = tokio::fs::read(root.join("404.html"))
        .await
        .unwrap_or_else(|_| {
            b"<!doctype html><title>Page not found</title><h1>Page not found</h1>".to_vec()
        });
    match String::from_utf8(page) {
        Ok(html) => site_wide(state, html, false)
            .await
            .respond(StatusCode::NOT_FOUND, |h| h),
        Err(e) => html_response(StatusCode::NOT_FOUND, e.into_bytes()),
    }
}

/// A page served from the export, with what every page gets: the admins' branding, so the
/// first paint is in the store's colours; the payment mode while payments are tests; and,
/// when tracking tools are on, a Content-Security-Policy that lets the page load them (it
/// does only after the visitor's consent).
struct Page {
    html: String,
    policy: Option<HeaderValue>,
}

async fn site_wide(state: &AppState, html: String, home: bool) -> Page {
    let rules = state.rules.quick(&state.db).await;
    let (html, policy) = match &rules {
        Some(rules) => {
            let html = if rules.brand_css.is_empty() {
                html
            } else {
                head::brand_style(&html, &rules.brand_css)
            };
            let html = head::site_defaults(&html, &rules.seo, &state.config.public_url);
            let html = if home {
                head::home_content(&html, &rules.home)
            } else {
                html
            };
            let policy = (!rules.tracking.is_empty())
                .then(|| {
                    HeaderValue::from_str(&crate::security_headers::policy_allowing(
                        &state.config,
                        &rules.tracking,
                    ))
                    .ok()
                })
                .flatten();
            (html, policy)
        }
        // The database is unreachable and nothing is known: the built-in look.
        None => (html, None),
    };
    let mode = rules
        .as_ref()
        .and_then(|r| r.payment_mode)
        .unwrap_or(state.payments.started().settings.mode);
    let html = if mode == bazaar_payfast::Mode::Live {
        html
    } else {
        head::mark_test_payments(&html, mode.as_str())
    };
    Page { html, policy }
}

impl Page {
    fn respond(self, status: StatusCode, html: impl FnOnce(String) -> String) -> Response {
        let mut resp = html_response(status, html(self.html).into_bytes());
        if let Some(policy) = self.policy {
            resp.headers_mut()
                .insert(header::CONTENT_SECURITY_POLICY, policy);
        }
        resp
    }
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

async fn html_page(
    state: &AppState,
    shell: Vec<u8>,
    params: &[(String, String)],
    home: bool,
) -> Response {
    let found = match params {
        [(route, value)] if route == "products" => {
            Some(match products::load_detail(state, value).await {
                Ok(p) => Ok(head::product_head(state, &p)),
                Err(e) => Err(e),
            })
        }
        [(route, value)] if route == "store" => {
            Some(match stores::load_store(state, value).await {
                Ok(s) => Ok(head::store_head(state, &s)),
                Err(e) => Err(e),
            })
        }
        _ => None,
    };
    let page = match String::from_utf8(shell) {
        Ok(html) => site_wide(state, html, home).await,
        Err(e) => return html_response(StatusCode::OK, e.into_bytes()),
    };
    match found {
        None => page.respond(StatusCode::OK, |h| h),
        Some(Ok(head)) => page.respond(StatusCode::OK, |h| head::inject_page(&h, &head)),
        // The shell still renders the page's own "not found" state; crawlers get a 404.
        Some(Err(ApiError::NotFound(_))) => page.respond(StatusCode::NOT_FOUND, |h| h),
        Some(Err(e)) => {
            tracing::error!(error = %e, "could not build page head");
            page.respond(StatusCode::OK, |h| h)
        }
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn byte_ranges() {
        use super::{Range, byte_range};
        assert_eq!(byte_range("bytes=0-99", 1000), Range::Bytes(0, 99));
        assert_eq!(byte_range("bytes=900-", 1000), Range::Bytes(900, 999));
        assert_eq!(byte_range("bytes=-100", 1000), Range::Bytes(900, 999));
        assert_eq!(byte_range("bytes=-5000", 1000), Range::Bytes(0, 999));
        assert_eq!(byte_range("bytes=500-5000", 1000), Range::Bytes(500, 999));
        assert_eq!(byte_range("bytes=1000-", 1000), Range::Unsatisfiable);
        assert_eq!(byte_range("bytes=-0", 1000), Range::Unsatisfiable);
        assert_eq!(byte_range("bytes=0-1,5-6", 1000), Range::Ignore);
        assert_eq!(byte_range("bytes=9-1", 1000), Range::Ignore);
        assert_eq!(byte_range("items=0-1", 1000), Range::Ignore);
        assert_eq!(byte_range("bytes=x-1", 1000), Range::Ignore);
    }

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
}
