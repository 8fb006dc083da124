//! bazaar's HTTP surface: the REST API under `/api/v1`, its OpenAPI document, health
//! probes, and the statically exported web site with server-written SEO for product and
//! store pages.

use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

use axum::Router;
use bazaar_db::Db;

pub mod auth;
mod cache;
mod error;
mod extract;
pub mod openapi;
mod routes;
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
    /// Uploaded and seeded media, served under `/media/`.
    pub media_dir: PathBuf,
    /// How long list totals and the store currency may be reused; zero turns caching off.
    pub cache_ttl: Duration,
}

/// Everything a handler can reach. Cheap to clone.
#[derive(Clone)]
pub struct AppState {
    pub db: Db,
    pub config: Arc<ApiConfig>,
    pub auth: Arc<auth::AuthState>,
    pub(crate) caches: Arc<Caches>,
}

/// Short-lived caches of values that may be a few seconds stale.
pub(crate) struct Caches {
    pub currency: cache::TtlCache<(), String>,
    pub list_totals: cache::TtlCache<String, i64>,
    pub categories: cache::TtlCache<i64, Vec<bazaar_db::categories::CategoryRow>>,
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
            list_totals: cache::TtlCache::new(config.cache_ttl, 10_000),
            categories: cache::TtlCache::new(config.cache_ttl, 100),
        };
        Ok(Self {
            db,
            config: Arc::new(config),
            auth,
            caches: Arc::new(caches),
        })
    }
}

/// The whole application: API, docs, probes, media and the web site.
pub fn app(state: AppState) -> Router {
    let (api, openapi) = routes::api_router().split_for_parts();
    let openapi = openapi::finish(openapi);
    Router::new()
        .merge(api)
        .merge(routes::health::router())
        .merge(auth::router())
        .merge(openapi::docs_router(openapi))
        .merge(web::router())
        .with_state(state)
        .layer(tower_http::limit::RequestBodyLimitLayer::new(1024 * 1024))
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

/// The span of one request: method and path only. Query strings are left out because
/// they can carry one-time tokens (`/auth/v1/verify?token=…`, `/auth/v1/callback?code=…`).
fn request_span(req: &axum::http::Request<axum::body::Body>) -> tracing::Span {
    tracing::info_span!("request", http.method = %req.method(), http.path = %req.uri().path())
}
