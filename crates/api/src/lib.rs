//! bazaar's HTTP surface: the REST API under `/api/v1`, its OpenAPI document, health
//! probes, and the statically exported web site with server-written SEO for product and
//! store pages.

use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

use axum::Router;
use bazaar_db::Db;

mod analytics_ingest;
pub mod auth;
mod cache;
pub mod client_addr;
mod error;
mod extract;
pub mod openapi;
pub mod rate_limit;
pub mod response_cache;
mod routes;
mod security_headers;
mod site_rules;
mod views;
mod web;

pub use error::{ApiError, ApiResult};

/// Settings the API needs beyond the database.
#[derive(Debug, Clone)]
pub struct ApiConfig {
    /// Absolute base URL the site is reached at, without a trailing slash
    /// (`https://shop.example`), for sitemaps and link previews.
    pub public_url: String,
    /// The exported web site (`web/out`); `None` serves the API alone.
    pub web_dir: Option<PathBuf>,
    /// Seeded media, served under `/media/`.
    pub media_dir: PathBuf,
    /// Uploaded media (`/media/u/…`) and the seeded files: the folder `media_dir` unless a
    /// bucket is configured.
    pub media: bazaar_media::Storage,
    /// Bytes each store's media library may hold.
    pub media_quota_bytes: u64,
    /// How long search suggestions may be reused (they follow the search index, which
    /// catches up with writes a moment after them); zero turns that off. List totals and
    /// the store currency are kept for as long too, and forgotten at every change.
    pub cache_ttl: Duration,
    /// Bytes the prepared public answers may hold (see [`response_cache`]); zero keeps none.
    pub response_cache_bytes: u64,
    /// Access tokens whose signature check is remembered (for up to five minutes each);
    /// zero checks every request's signature.
    pub token_cache_entries: usize,
    /// Product list totals (one per distinct filter) remembered for `cache_ttl`; zero
    /// counts every time.
    pub list_count_cache_entries: usize,
    /// Vendors' analytics answers remembered until the next rollup (a few KB each); zero
    /// reads every time.
    pub analytics_cache_entries: u64,
    /// How often an idle live-event stream sends a heartbeat comment.
    pub sse_heartbeat: Duration,
    /// Analytics events accepted per client address per minute; more get 429.
    pub analytics_per_minute: u32,
    /// PayFast: merchant, URLs and the addresses ITNs may come from. In simulator mode the
    /// app also serves the simulator under `/payfast-simulator/`.
    pub payfast: bazaar_payfast::Settings,
    /// Proxies (addresses or networks) whose `X-Forwarded-For` is believed when deciding
    /// the client's address (see [`client_addr`]).
    pub trusted_proxies: Vec<ipnet::IpNet>,
    /// Searches and suggestions allowed per client address per minute; 0 is no limit.
    pub search_per_minute: u32,
}

impl ApiConfig {
    /// Defaults for everything but the paths and URL.
    pub fn new(public_url: String, web_dir: Option<PathBuf>, media_dir: PathBuf) -> Self {
        Self {
            public_url,
            web_dir,
            media: bazaar_media::Storage::local(&media_dir),
            media_dir,
            media_quota_bytes: 1024 * 1024 * 1024,
            cache_ttl: Duration::from_secs(5),
            response_cache_bytes: 16 * 1024 * 1024,
            token_cache_entries: 20_000,
            list_count_cache_entries: 10_000,
            analytics_cache_entries: 1_000,
            sse_heartbeat: Duration::from_secs(15),
            analytics_per_minute: 600,
            payfast: bazaar_payfast::Settings::sandbox(),
            trusted_proxies: Vec::new(),
            search_per_minute: 600,
        }
    }
}

/// Everything a handler can reach. Cheap to clone.
#[derive(Clone)]
pub struct AppState {
    pub db: Db,
    pub config: Arc<ApiConfig>,
    pub auth: Arc<auth::AuthState>,
    /// Live events of this process (fed by LISTEN/NOTIFY on PostgreSQL).
    pub live: bazaar_queue::LiveBus,
    /// The product search index; `None` serves search from the database's name match.
    pub search: Option<Arc<dyn bazaar_search::SearchIndex>>,
    /// PayFast of the moment (as started, or as the payment settings say), shared with the
    /// payment jobs of this process.
    pub payments: Arc<bazaar_commerce::payment_settings::Gateways>,
    /// The PayFast simulator this app serves (simulator mode only), shared by every router
    /// built from this state so what one issues another can validate.
    pub simulator: Option<bazaar_payfast::simulator::Simulator>,
    pub(crate) caches: Arc<Caches>,
    /// Maintenance mode, sign-ups and rate limits as admins set them.
    pub(crate) rules: Arc<site_rules::SiteRules>,
    /// Public catalogue answers, ready to send.
    pub(crate) responses: Arc<response_cache::ResponseCache>,
    pub(crate) analytics: analytics_ingest::Ingest,
    /// The search engine's copy of the help articles.
    pub(crate) help: Arc<bazaar_commerce::help::ArticleIndex>,
}

/// Short-lived caches; those of catalogue values are forgotten at every change.
pub(crate) struct Caches {
    pub currency: cache::TtlCache<(), String>,
    pub list_totals: cache::TtlCache<String, i64>,
    /// Per-address and per-user limits of the API (analytics, search, points codes).
    pub limiter: rate_limit::RateLimiter,
    /// Access tokens whose signature was checked (their expiry is checked on every use).
    pub verified_tokens: cache::TtlCache<String, bazaar_auth::jwt::Claims>,
    /// Vendors' analytics answers, keyed by store, period, day and rollup (so a rollup or a
    /// new day makes them stale by construction).
    pub analytics: moka::sync::Cache<
        routes::vendor_analytics::ReportKey,
        Arc<routes::vendor_analytics::VendorAnalytics>,
    >,
}

impl bazaar_db::changes::ChangeSink for Caches {
    fn apply(&self, changes: &[bazaar_db::changes::Change]) {
        use bazaar_db::changes::Change;
        self.list_totals.clear();
        if changes
            .iter()
            .any(|c| matches!(c, Change::Settings | Change::Everything))
        {
            self.currency.clear();
        }
    }
}

impl AppState {
    /// Builds the state, loading (or on first start creating) the auth signing keys.
    pub async fn new(
        db: Db,
        config: ApiConfig,
        auth: auth::AuthConfig,
    ) -> bazaar_db::DbResult<Self> {
        let auth = Arc::new(auth::AuthState::load(&db, auth).await?);
        let caches = Caches {
            currency: cache::TtlCache::new(config.cache_ttl, 1),
            list_totals: cache::TtlCache::new(config.cache_ttl, config.list_count_cache_entries),
            limiter: rate_limit::RateLimiter::default(),
            verified_tokens: cache::TtlCache::new(
                Duration::from_secs(300),
                config.token_cache_entries,
            ),
            analytics: moka::sync::Cache::builder()
                .max_capacity(config.analytics_cache_entries)
                .time_to_live(Duration::from_secs(900))
                .build(),
        };
        let caches = Arc::new(caches);
        let rules = Arc::new(site_rules::SiteRules::default());
        let responses = Arc::new(response_cache::ResponseCache::new(
            config.response_cache_bytes,
        ));
        for sink in [
            Arc::clone(&caches) as Arc<dyn bazaar_db::changes::ChangeSink>,
            Arc::clone(&responses) as Arc<dyn bazaar_db::changes::ChangeSink>,
            Arc::clone(&rules) as Arc<dyn bazaar_db::changes::ChangeSink>,
        ] {
            bazaar_db::changes::subscribe(&db, &sink).await?;
            // The hub keeps weak references; the state keeps the sinks.
        }
        let live = bazaar_queue::LiveBus::start(&db).await?;
        let analytics = analytics_ingest::Ingest::start(db.clone());
        let payments = Arc::new(bazaar_commerce::payment_settings::Gateways::new(
            bazaar_commerce::payfast::Gateway::new(config.payfast.clone()),
            auth.config.secret_key.clone(),
            &config.public_url,
        ));
        let simulator = (config.payfast.mode == bazaar_payfast::Mode::Simulator).then(|| {
            bazaar_payfast::simulator::Simulator::new(&config.payfast).with_store(Arc::new(
                bazaar_commerce::payfast::SimulatorItnsInDb(db.clone()),
            ))
        });
        Ok(Self {
            payments,
            simulator,
            db,
            config: Arc::new(config),
            auth,
            live,
            search: None,
            caches,
            rules,
            responses,
            analytics,
            help: Arc::new(bazaar_commerce::help::ArticleIndex::new(None)),
        })
    }

    /// Serves search from `index`.
    pub fn with_search(mut self, index: Arc<dyn bazaar_search::SearchIndex>) -> Self {
        self.help = Arc::new(bazaar_commerce::help::ArticleIndex::new(Some(Arc::clone(
            &index,
        ))));
        self.search = Some(index);
        self
    }

    /// Writes analytics events still buffered (call before shutting down).
    pub async fn flush_analytics(&self) {
        self.analytics.flush().await;
    }
}

/// The whole application: API, docs, probes, media and the web site.
pub fn app(state: AppState) -> Router {
    let config = state.config.clone();
    // The routers' document parts are dropped here: `/api/openapi.json` builds the document
    // when it is first asked for.
    let (api, _) = routes::api_router().split_for_parts();
    let (uploads, _) = routes::media::upload_router().split_for_parts();
    let simulator = state
        .simulator
        .clone()
        .map(bazaar_payfast::simulator::router);
    // Bodies are JSON or forms of at most 1 MB, except uploads, which stream and enforce
    // their own limits.
    let router = Router::new()
        .merge(api)
        .merge(routes::health::router())
        .merge(auth::router())
        .merge(openapi::docs_router())
        .merge(web::router())
        .with_state(state.clone())
        .layer(tower_http::limit::RequestBodyLimitLayer::new(1024 * 1024))
        .merge(uploads.with_state(state.clone()))
        .layer(axum::middleware::from_fn_with_state(
            state,
            site_rules::gate,
        ));
    // Before the web site's fallback could answer its paths.
    let router = match simulator {
        Some(sim) => sim.merge(router),
        None => router,
    };
    security_headers::apply(router, &config)
        .layer(compression())
        .layer(
            tower_http::trace::TraceLayer::new_for_http()
                .make_span_with(request_span)
                .on_response(
                    tower_http::trace::DefaultOnResponse::new()
                        .level(tracing::Level::INFO)
                        .latency_unit(tower_http::LatencyUnit::Micros),
                ),
        )
}

/// gzip for clients that ask for it: pages, scripts, styles, SVG and JSON. Not for live
/// events (each event must leave at once), pictures and video (already compressed; video is
/// served in byte ranges), or bodies under 256 bytes.
fn compression()
-> tower_http::compression::CompressionLayer<impl tower_http::compression::Predicate> {
    use tower_http::compression::predicate::{NotForContentType, Predicate, SizeAbove};
    tower_http::compression::CompressionLayer::new()
        .gzip(true)
        .compress_when(
            SizeAbove::new(256)
                .and(NotForContentType::GRPC)
                .and(NotForContentType::IMAGES)
                .and(NotForContentType::SSE)
                .and(NotForContentType::const_new("video/"))
                .and(NotForContentType::const_new("audio/")),
        )
}

/// The span of one request: method and path only. Query strings are left out because
/// they can carry one-time tokens (`/auth/v1/verify?token=…`, `/auth/v1/callback?code=…`).
fn request_span(req: &axum::http::Request<axum::body::Body>) -> tracing::Span {
    tracing::info_span!("request", http.method = %req.method(), http.path = %req.uri().path())
}
