//! `TestApp`: the real router over a fresh database, driven in-process.

#![allow(dead_code)] // Each test binary uses a different part of the harness.

pub mod accounts;

use std::collections::BTreeSet;
use std::path::PathBuf;

use axum::Router;
use axum::body::Body;
use axum::http::{Request, StatusCode};
use bazaar_api::{ApiConfig, AppState};
use bazaar_db::Db;
use http_body_util::BodyExt;
use serde_json::Value;
use tower::ServiceExt;

pub const PUBLIC_URL: &str = "http://shop.test";

pub struct TestApp {
    pub db: Db,
    pub router: Router,
    pub state: AppState,
    pub dir: PathBuf,
}

pub struct Reply {
    pub status: StatusCode,
    pub headers: axum::http::HeaderMap,
    pub body: Vec<u8>,
}

impl Reply {
    pub fn json(&self) -> Value {
        serde_json::from_slice(&self.body)
            .unwrap_or_else(|e| panic!("not JSON ({e}): {}", String::from_utf8_lossy(&self.body)))
    }

    pub fn text(&self) -> String {
        String::from_utf8_lossy(&self.body).into_owned()
    }
}

impl TestApp {
    /// An empty, migrated database.
    pub async fn new() -> TestApp {
        Self::with_web(None).await
    }

    /// An empty database, with auth settings changed by `f` (e.g. autoconfirm, limits).
    pub async fn with_auth(f: impl FnOnce(&mut bazaar_api::auth::AuthConfig)) -> TestApp {
        let (db, dir) = bazaar_testkit::fresh_db().await;
        let mut auth = bazaar_api::auth::AuthConfig::new(&dir);
        f(&mut auth);
        Self::build_with(db, dir, None, auth).await
    }

    /// The demo data of `seeds/` loaded.
    pub async fn seeded() -> TestApp {
        let app = Self::new().await;
        app.seed().await;
        app
    }

    /// An app serving a small exported site written into its scratch directory.
    pub async fn seeded_with_web() -> TestApp {
        let (db, dir) = bazaar_testkit::fresh_db().await;
        let web = dir.join("web");
        for (file, body) in [
            (
                "index.html",
                "<html><head><title>bazaar</title></head><body>home</body></html>",
            ),
            (
                "404.html",
                "<html><head><title>Not found</title></head><body>Page not found</body></html>",
            ),
            (
                "products/_/index.html",
                "<html><head><title>bazaar</title><meta name=\"description\" content=\"shell\"/></head><body>product shell</body></html>",
            ),
            ("products/_/index.txt", "rsc payload"),
            (
                "store/_/index.html",
                "<html><head><title>bazaar</title></head><body>store shell</body></html>",
            ),
            ("_next/static/chunks/app-123.js", "console.log(1)"),
        ] {
            let path = web.join(file);
            std::fs::create_dir_all(path.parent().unwrap()).unwrap();
            std::fs::write(path, body).unwrap();
        }
        let auth = bazaar_api::auth::AuthConfig::new(&dir);
        let app = Self::build_with(db, dir, Some(web), auth).await;
        app.seed().await;
        app
    }

    async fn with_web(web: Option<PathBuf>) -> TestApp {
        let (db, dir) = bazaar_testkit::fresh_db().await;
        let auth = bazaar_api::auth::AuthConfig::new(&dir);
        Self::build_with(db, dir, web, auth).await
    }

    async fn build_with(
        db: Db,
        dir: PathBuf,
        web: Option<PathBuf>,
        auth: bazaar_api::auth::AuthConfig,
    ) -> TestApp {
        let config = ApiConfig {
            public_url: PUBLIC_URL.into(),
            web_dir: web,
            media_dir: dir.join("media"),
            cache_ttl: std::time::Duration::ZERO,
        };
        let state = AppState::new(db.clone(), config, auth)
            .await
            .expect("app state");
        let router = bazaar_api::app(state.clone());
        TestApp {
            db,
            router,
            state,
            dir,
        }
    }

    pub async fn seed(&self) {
        let seeds = bazaar_testkit::repo_root().join("seeds");
        let report = bazaar_import::seed::load(&self.db, &seeds, &self.dir.join("media"), |_| {})
            .await
            .expect("seed");
        assert!(
            report.products.iter().all(|r| r.errors.is_empty()),
            "seed rows rejected"
        );
    }

    pub async fn request(&self, method: &str, uri: &str) -> Reply {
        self.call(method, uri, None, None, None).await
    }

    /// A request with an optional JSON body, bearer token and client address.
    pub async fn call(
        &self,
        method: &str,
        uri: &str,
        body: Option<Value>,
        token: Option<&str>,
        ip: Option<&str>,
    ) -> Reply {
        let mut req = Request::builder().method(method).uri(uri);
        if let Some(t) = token {
            req = req.header("authorization", format!("Bearer {t}"));
        }
        if body.is_some() {
            req = req.header("content-type", "application/json");
        }
        let mut req = req
            .body(body.map_or_else(Body::empty, |b| Body::from(b.to_string())))
            .unwrap();
        let addr: std::net::SocketAddr = format!("{}:40000", ip.unwrap_or("127.0.0.1"))
            .parse()
            .unwrap();
        req.extensions_mut()
            .insert(axum::extract::ConnectInfo(addr));
        let resp = self.router.clone().oneshot(req).await.unwrap();
        let status = resp.status();
        let headers = resp.headers().clone();
        let body = resp
            .into_body()
            .collect()
            .await
            .unwrap()
            .to_bytes()
            .to_vec();
        Reply {
            status,
            headers,
            body,
        }
    }

    pub async fn post(&self, uri: &str, body: Value) -> Reply {
        self.call("POST", uri, Some(body), None, None).await
    }

    /// The emails written so far, oldest first.
    pub fn outbox(&self) -> Vec<String> {
        let dir = self.dir.join("outbox");
        let mut files: Vec<_> = std::fs::read_dir(&dir)
            .map(|d| d.filter_map(Result::ok).map(|e| e.path()).collect())
            .unwrap_or_default();
        files.sort();
        files
            .iter()
            .filter(|p| p.extension().is_some_and(|e| e == "eml"))
            .map(|p| std::fs::read_to_string(p).unwrap())
            .collect()
    }

    pub async fn get(&self, uri: &str) -> Reply {
        self.request("GET", uri).await
    }

    /// GET that must answer 200 with JSON.
    pub async fn get_ok(&self, uri: &str) -> Value {
        let r = self.get(uri).await;
        assert_eq!(r.status, StatusCode::OK, "GET {uri}: {}", r.text());
        r.json()
    }
}

/// The seed files, to derive expectations from instead of hard-coding them.
pub struct Seeds {
    pub products: Vec<Value>,
    pub vendors: Vec<Value>,
    pub reviews: Vec<Value>,
}

impl Seeds {
    pub fn load() -> Seeds {
        let dir = bazaar_testkit::repo_root().join("seeds");
        let read = |name: &str| -> Vec<Value> {
            serde_json::from_str(&std::fs::read_to_string(dir.join(name)).unwrap()).unwrap()
        };
        Seeds {
            products: read("products.json"),
            vendors: read("vendors.json"),
            reviews: read("reviews.json"),
        }
    }

    fn vendor_status(&self, slug: &str) -> Option<&str> {
        self.vendors
            .iter()
            .find(|v| v["store_slug"] == slug)
            .and_then(|v| v["status"].as_str())
    }

    /// Active products of approved vendors or of no vendor: what customers may see.
    pub fn is_listed(&self, p: &Value) -> bool {
        let active = p["status"].as_str().unwrap_or("active") == "active";
        let vendor_ok = match p["vendor"].as_str() {
            None => true,
            Some(v) => self.vendor_status(v) == Some("approved"),
        };
        active && vendor_ok
    }

    pub fn listed(&self) -> Vec<&Value> {
        self.products.iter().filter(|p| self.is_listed(p)).collect()
    }

    pub fn hidden(&self) -> Vec<&Value> {
        self.products
            .iter()
            .filter(|p| !self.is_listed(p))
            .collect()
    }
}

/// A rand amount from the seed files ("499.00" or 499) in cents.
pub fn cents(v: &Value) -> Option<i64> {
    match v {
        Value::String(s) => Some(s.parse::<bazaar_domain::money::Cents>().unwrap().0),
        Value::Number(n) => Some(
            n.to_string()
                .parse::<bazaar_domain::money::Cents>()
                .unwrap()
                .0,
        ),
        _ => None,
    }
}

/// What a seed product costs a customer: its lowest enabled variation or its own price,
/// each at the sale price when that is lower.
pub fn effective_min(p: &Value) -> i64 {
    let eff = |price: i64, sale: Option<i64>| sale.filter(|s| *s < price).unwrap_or(price);
    let own = eff(cents(&p["price"]).unwrap(), cents(&p["sale_price"]));
    let vars: Vec<i64> = p["variations"]
        .as_array()
        .map(|vs| {
            vs.iter()
                .filter(|v| v["enabled"].as_bool().unwrap_or(true))
                .map(|v| {
                    eff(
                        cents(&v["price"]).unwrap_or_else(|| cents(&p["price"]).unwrap()),
                        cents(&v["sale_price"]),
                    )
                })
                .collect()
        })
        .unwrap_or_default();
    vars.into_iter().min().unwrap_or(own)
}

pub fn slugs(list: &Value) -> Vec<String> {
    list["products"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["slug"].as_str().unwrap().to_owned())
        .collect()
}

/// Every listed product matching `query` (e.g. `&brand=OVR`), all pages.
pub async fn all_listed(app: &TestApp, query: &str) -> Vec<Value> {
    let mut out = Vec::new();
    for page in 1.. {
        let body = app
            .get_ok(&format!("/api/v1/products?per_page=100&page={page}{query}"))
            .await;
        let items = body["products"].as_array().unwrap().clone();
        let done = items.len() < 100;
        out.extend(items);
        if done {
            break;
        }
    }
    out
}

pub fn slug_set<'a>(items: impl IntoIterator<Item = &'a Value>) -> BTreeSet<String> {
    items
        .into_iter()
        .map(|p| p["slug"].as_str().unwrap().to_owned())
        .collect()
}
