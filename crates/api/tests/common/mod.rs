//! `TestApp`: the real router over a fresh database, driven in-process.

#![allow(dead_code)] // Each test binary uses a different part of the harness.

pub mod accounts;
pub mod chat;
pub mod jobs;
pub mod shop;
pub mod sse;

use std::collections::BTreeSet;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

use axum::Router;
use axum::body::Body;
use axum::http::{Request, StatusCode};
use bazaar_api::{ApiConfig, AppState};
use bazaar_db::Db;
use bazaar_search::TantivyIndex;
use bazaar_workers::{Background, JobContext, JobHook, WorkerOptions};
use http_body_util::BodyExt;
use serde_json::Value;
use tower::ServiceExt;

pub const PUBLIC_URL: &str = "http://shop.test";

pub struct TestApp {
    pub db: Db,
    pub router: Router,
    pub state: AppState,
    pub dir: PathBuf,
    /// This test's job queue (see `bazaar_testkit::fresh_queue_name`).
    pub queue: String,
    pub search: Arc<TantivyIndex>,
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

    /// An empty database, with API and auth settings changed by `f` (proxies, limits).
    pub async fn with_config(
        f: impl FnOnce(&mut ApiConfig, &mut bazaar_api::auth::AuthConfig),
    ) -> TestApp {
        let (db, dir) = bazaar_testkit::fresh_db().await;
        let mut auth = bazaar_api::auth::AuthConfig::new(&dir);
        let mut config = Self::config(&dir, None, PUBLIC_URL, bazaar_payfast::Settings::sandbox());
        f(&mut config, &mut auth);
        Self::build_from(db, dir, config, auth).await
    }

    /// The demo data of `seeds/` loaded.
    pub async fn seeded() -> TestApp {
        let app = Self::new().await;
        app.seed().await;
        app
    }

    /// An app serving a small exported site written into its scratch directory.
    pub async fn seeded_with_web() -> TestApp {
        Self::seeded_with_web_paying(bazaar_payfast::Settings::sandbox()).await
    }

    /// [`TestApp::seeded_with_web`] taking payments as `payfast` says.
    pub async fn seeded_with_web_paying(payfast: bazaar_payfast::Settings) -> TestApp {
        let (db, dir) = bazaar_testkit::fresh_db().await;
        let web = dir.join("web");
        for (file, body) in [
            (
                "index.html",
                "<html><head><title>bazaar</title><meta name=\"description\" content=\"Shop products from South African stores, priced in rand with VAT included.\"/></head><body>home</body></html>",
            ),
            (
                "404.html",
                "<html><head><title>Not found</title></head><body>Page not found</body></html>",
            ),
            (
                "products/_/index.html",
                "<html><head><title>bazaar</title><meta name=\"description\" content=\"shell\"/></head><body>product shell<div aria-hidden=\"true\" data-page-preview=\"image\"></div></body></html>",
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
        let app = Self::build_full(db, dir, Some(web), auth, PUBLIC_URL, payfast).await;
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
        Self::build_full(
            db,
            dir,
            web,
            auth,
            PUBLIC_URL,
            bazaar_payfast::Settings::sandbox(),
        )
        .await
    }

    /// An app at `public_url` taking payments as `payfast` says.
    pub async fn build_full(
        db: Db,
        dir: PathBuf,
        web: Option<PathBuf>,
        auth: bazaar_api::auth::AuthConfig,
        public_url: &str,
        payfast: bazaar_payfast::Settings,
    ) -> TestApp {
        let config = Self::config(&dir, web, public_url, payfast);
        Self::build_from(db, dir, config, auth).await
    }

    /// The API settings tests run with: no caching, quick heartbeats.
    fn config(
        dir: &std::path::Path,
        web: Option<PathBuf>,
        public_url: &str,
        payfast: bazaar_payfast::Settings,
    ) -> ApiConfig {
        let mut config = ApiConfig::new(public_url.into(), web, dir.join("media"));
        config.payfast = payfast;
        config.cache_ttl = Duration::ZERO;
        config.sse_heartbeat = Duration::from_millis(300);
        config
    }

    async fn build_from(
        db: Db,
        dir: PathBuf,
        config: ApiConfig,
        auth: bazaar_api::auth::AuthConfig,
    ) -> TestApp {
        bazaar_queue::store::setup(&db)
            .await
            .expect("job queue tables");
        let search = Arc::new(TantivyIndex::open(&dir.join("search")).expect("search index"));
        let state = AppState::new(db.clone(), config, auth)
            .await
            .expect("app state")
            .with_search(search.clone());
        let router = bazaar_api::app(state.clone());
        TestApp {
            db,
            router,
            state,
            dir,
            queue: bazaar_testkit::fresh_queue_name(),
            search,
        }
    }

    /// A second app on the same database, as another `serve` process would be (its own live
    /// fan-out and caches).
    pub async fn another_instance(&self) -> TestApp {
        let dir = self.dir.join("instance-2");
        std::fs::create_dir_all(&dir).unwrap();
        let auth = bazaar_api::auth::AuthConfig::new(&self.dir);
        let mut config = ApiConfig::new(PUBLIC_URL.into(), None, self.dir.join("media"));
        // The same media storage, as processes sharing a bucket (or a folder) have.
        config.media = self.state.config.media.clone();
        config.media_quota_bytes = self.state.config.media_quota_bytes;
        config.cache_ttl = Duration::ZERO;
        config.sse_heartbeat = Duration::from_millis(300);
        let state = AppState::new(self.db.clone(), config, auth)
            .await
            .expect("app state")
            .with_search(self.search.clone());
        TestApp {
            db: self.db.clone(),
            router: bazaar_api::app(state.clone()),
            state,
            dir,
            queue: self.queue.clone(),
            search: self.search.clone(),
        }
    }

    /// A second app on the same database through a pool of its own, as another process
    /// has: its caches hear this app's changes the way another process's do (NOTIFY on
    /// PostgreSQL, the change log on SQLite), not in memory.
    pub async fn another_process(&self) -> TestApp {
        let db = match &self.db {
            Db::Sqlite(pool) => {
                // Another path to the same file is another database identity in this process.
                let file = pool.connect_options().get_filename().to_path_buf();
                let link = self.dir.join("process-2");
                std::os::unix::fs::symlink(file.parent().unwrap(), &link).unwrap();
                let opts = (*pool.connect_options())
                    .clone()
                    .filename(link.join(file.file_name().unwrap()));
                Db::Sqlite(
                    sqlx::sqlite::SqlitePoolOptions::new()
                        .max_connections(4)
                        .connect_with(opts)
                        .await
                        .unwrap(),
                )
            }
            Db::Postgres(pool) => {
                let opts = (*pool.connect_options())
                    .clone()
                    .application_name("bazaar-second-process");
                Db::Postgres(
                    sqlx::postgres::PgPoolOptions::new()
                        .max_connections(4)
                        .connect_with(opts)
                        .await
                        .unwrap(),
                )
            }
        };
        let dir = self.dir.join("process-2-data");
        std::fs::create_dir_all(&dir).unwrap();
        let auth = bazaar_api::auth::AuthConfig::new(&self.dir);
        let config = Self::config(&dir, None, PUBLIC_URL, self.state.config.payfast.clone());
        let state = AppState::new(db.clone(), config, auth)
            .await
            .expect("app state")
            .with_search(self.search.clone());
        TestApp {
            db,
            router: bazaar_api::app(state.clone()),
            state,
            dir,
            queue: self.queue.clone(),
            search: self.search.clone(),
        }
    }

    /// A second router over this app's database and live fan-out (one process, as SQLite
    /// runs).
    pub async fn another_instance_sharing_live_events(&self) -> TestApp {
        let mut other = self.another_instance().await;
        other.state.live = self.state.live.clone();
        other.router = bazaar_api::app(other.state.clone());
        other
    }

    /// The job context this app's workers run with: this app's mail (`<dir>/outbox` unless
    /// the email settings say otherwise), geolocation
    /// from `geo`, search into this app's index.
    pub fn job_context(
        &self,
        geo: bazaar_enrich::GeoConfig,
        after_job: Option<JobHook>,
    ) -> Arc<JobContext> {
        Arc::new(JobContext {
            db: self.db.clone(),
            queue: self.queue.clone(),
            live: self.state.live.clone(),
            search: Some(self.search.clone()),
            mailer: self.state.auth.mailer.clone(),
            geo: Arc::new(bazaar_enrich::Geolocator::new(geo).unwrap()),
            payments: Some(self.state.payments.clone()),
            public_url: self.state.config.public_url.clone(),
            // The tests' picture servers listen on this machine.
            fetch_limits: bazaar_media::fetch::FetchLimits {
                allow_private: true,
                ..bazaar_media::fetch::FetchLimits::default()
            },
            media: self.state.config.media.clone(),
            after_job,
        })
    }

    /// Quick settings for tests: short polls, heartbeats and backoff.
    pub fn worker_options() -> WorkerOptions {
        WorkerOptions {
            heartbeat: Duration::from_secs(1),
            poll: Duration::from_millis(50),
            backoff: Duration::from_millis(20),
            retries: 1,
            schedule_every: None,
            ..WorkerOptions::default()
        }
    }

    /// Starts the relay and a worker for this app.
    pub fn start_jobs(&self) -> Background {
        bazaar_workers::runtime::start(
            self.job_context(bazaar_enrich::GeoConfig::None, None),
            Self::worker_options(),
        )
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
        self.call_with_headers(method, uri, body, token, ip, &[])
            .await
    }

    /// [`TestApp::call`] with extra request headers.
    pub async fn call_with_headers(
        &self,
        method: &str,
        uri: &str,
        body: Option<Value>,
        token: Option<&str>,
        ip: Option<&str>,
        headers: &[(&str, &str)],
    ) -> Reply {
        let mut req = Request::builder().method(method).uri(uri);
        for (name, value) in headers {
            req = req.header(*name, *value);
        }
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

    /// Waits until `check` returns `Some`, polling; panics with `what` after `secs` seconds.
    pub async fn eventually<T, F, Fut>(what: &str, secs: u64, mut check: F) -> T
    where
        F: FnMut() -> Fut,
        Fut: std::future::Future<Output = Option<T>>,
    {
        let deadline = std::time::Instant::now() + Duration::from_secs(secs);
        loop {
            if let Some(v) = check().await {
                return v;
            }
            assert!(
                std::time::Instant::now() < deadline,
                "timed out waiting for {what}"
            );
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
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
