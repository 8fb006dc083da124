//! The settings every request obeys: maintenance mode (the shop's API answers 503 with the
//! admin's message to everyone but admins), the sign-in and sign-up rate limits, and the
//! branding and tracking tools every page of the site is served with. Each `serve` process keeps them in
//! memory and forgets them when any process changes a setting (the change hub reaches
//! every process within a second), or after a minute in any case.

use std::sync::{Arc, RwLock};
use std::time::{Duration, Instant};

use axum::extract::{FromRequestParts, Request, State};
use axum::http::{HeaderValue, StatusCode, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use bazaar_db::Db;
use bazaar_db::changes::{Change, ChangeSink};
use bazaar_domain::settings::advanced::{ADVANCED_KEY, Advanced};
use bazaar_domain::settings::tracking::Origins;

use crate::AppState;
use crate::auth::{Admin, RequireRole};
use crate::error::ApiError;
use crate::rate_limit::Limits;

/// Kept at most this long without hearing of a change.
const MAX_AGE: Duration = Duration::from_secs(60);
/// How long a request waits for the settings before going on with the last ones known.
const QUICK: Duration = Duration::from_millis(100);

/// What every request may need, read together.
pub(crate) struct Rules {
    pub advanced: Advanced,
    /// The branding's `<style>` text; empty for the built-in look.
    pub brand_css: String,
    /// What the pages' Content-Security-Policy must allow for the tracking tools that are on.
    pub tracking: Origins,
    /// The payment mode the payment settings set; `None` as the server was started.
    pub payment_mode: Option<bazaar_payfast::Mode>,
    /// What search engines and link previews are told.
    pub seo: bazaar_domain::settings::seo::Seo,
    /// The home page's slides and banners.
    pub home: bazaar_domain::settings::home::HomeContent,
}

/// This process's copy of the [`Rules`].
#[derive(Default)]
pub(crate) struct SiteRules {
    current: RwLock<Option<(Instant, Arc<Rules>)>>,
    /// Bumped at every change heard: a load that began before is not kept.
    generation: std::sync::atomic::AtomicU64,
    loading: tokio::sync::Mutex<()>,
}

impl SiteRules {
    fn fresh(&self) -> Option<Arc<Rules>> {
        let current = self.current.read().unwrap_or_else(|p| p.into_inner());
        current
            .as_ref()
            .filter(|(at, _)| at.elapsed() < MAX_AGE)
            .map(|(_, a)| Arc::clone(a))
    }

    /// The settings now, read from the database when not held.
    pub(crate) async fn get(&self, db: &Db) -> bazaar_db::DbResult<Arc<Rules>> {
        if let Some(a) = self.fresh() {
            return Ok(a);
        }
        let _one = self.loading.lock().await;
        if let Some(a) = self.fresh() {
            return Ok(a);
        }
        let from = self.generation.load(std::sync::atomic::Ordering::SeqCst);
        let value = bazaar_db::settings::system(db, ADVANCED_KEY).await?;
        let rules = Arc::new(Rules {
            advanced: bazaar_domain::settings::advanced::advanced(value.as_ref()),
            brand_css: bazaar_commerce::store_settings::branding(db).await?.css(),
            tracking: bazaar_commerce::store_settings::tracking(db)
                .await?
                .origins(),
            payment_mode: {
                use bazaar_commerce::payment_settings::{Source, payments};
                let p = payments(db).await?;
                (p.source == Source::Settings).then_some(p.mode)
            },
            seo: bazaar_commerce::site_settings::seo(db).await?,
            home: bazaar_commerce::site_settings::home(db).await?,
        });
        let mut current = self.current.write().unwrap_or_else(|p| p.into_inner());
        if self.generation.load(std::sync::atomic::Ordering::SeqCst) == from {
            *current = Some((Instant::now(), Arc::clone(&rules)));
        }
        Ok(rules)
    }

    /// The settings for a request that must not wait on a struggling database (every API
    /// request and every page): read as [`SiteRules::get`] does, but after [`QUICK`] the last
    /// settings known answer instead, even when a change has been heard since; none when
    /// there are none. With the database unreachable (the change listener then forgets
    /// everything each time it fails) a request would otherwise wait for it twice, here
    /// and in its handler.
    pub(crate) async fn quick(&self, db: &Db) -> Option<Arc<Rules>> {
        match tokio::time::timeout(QUICK, self.get(db)).await {
            Ok(Ok(rules)) => Some(rules),
            _ => self.last(),
        }
    }

    /// The settings as last read, for code that cannot wait (the rate limits): [`gate`]
    /// reads them at the start of every API and auth request.
    pub(crate) fn last(&self) -> Option<Arc<Rules>> {
        let current = self.current.read().unwrap_or_else(|p| p.into_inner());
        current.as_ref().map(|(_, a)| Arc::clone(a))
    }
}

impl ChangeSink for SiteRules {
    fn apply(&self, changes: &[Change]) {
        if changes
            .iter()
            .any(|c| matches!(c, Change::Settings | Change::Everything))
        {
            let mut current = self.current.write().unwrap_or_else(|p| p.into_inner());
            self.generation
                .fetch_add(1, std::sync::atomic::Ordering::SeqCst);
            // No longer fresh, but still the last rules known (see [`SiteRules::quick`]).
            *current = current
                .take()
                .and_then(|(at, rules)| at.checked_sub(MAX_AGE).map(|stale| (stale, rules)));
        }
    }
}

/// The rate limits in force: the admin's numbers when set, else the server's.
pub(crate) fn limits(state: &AppState) -> Limits {
    let configured = state.auth.config.rate_limits;
    Limits {
        per_window: state
            .rules
            .last()
            .and_then(|r| r.advanced.rate_limits)
            .unwrap_or(configured.per_window),
        ..configured
    }
}

/// Whether new accounts may be made (sign-up, and a first sign-in with Google).
pub(crate) async fn sign_up_open(state: &AppState) -> bazaar_db::DbResult<bool> {
    Ok(state.rules.get(&state.db).await?.advanced.sign_up_open)
}

/// Whether maintenance mode leaves `path` open: everything outside the shop's API (the
/// site, sign-in, probes), the admin API, the public settings (the site shows the
/// message from them) and PayFast's notifications (a payment made must be recorded).
fn open_during_maintenance(path: &str) -> bool {
    !path.starts_with("/api/v1/")
        || path.starts_with("/api/v1/admin/")
        || path == "/api/v1/settings/public"
        || path == "/api/v1/payments/payfast/notify"
}

/// Reads the advanced settings for every API and auth request, and in maintenance mode
/// answers the shop's API with 503 and the message, except to admins.
pub(crate) async fn gate(State(state): State<AppState>, req: Request, next: Next) -> Response {
    let path = req.uri().path();
    if !(path.starts_with("/api/") || path.starts_with("/auth/")) {
        return next.run(req).await;
    }
    let Some(rules) = state.rules.quick(&state.db).await else {
        // The database is unreachable and nothing is known: the handler will say so.
        return next.run(req).await;
    };
    let rules = &rules.advanced;
    if !rules.maintenance || open_during_maintenance(path) {
        return next.run(req).await;
    }
    let (mut parts, body) = req.into_parts();
    if RequireRole::<Admin>::from_request_parts(&mut parts, &state)
        .await
        .is_ok()
    {
        return next.run(Request::from_parts(parts, body)).await;
    }
    let mut reply = ApiError::rule(
        StatusCode::SERVICE_UNAVAILABLE,
        "maintenance",
        "Down for maintenance",
        rules.maintenance_message.clone(),
    )
    .into_response();
    reply
        .headers_mut()
        .insert(header::RETRY_AFTER, HeaderValue::from_static("300"));
    reply
}

#[cfg(test)]
mod tests {
    use super::open_during_maintenance;

    #[test]
    fn maintenance_closes_the_shops_api_only() {
        for open in [
            "/",
            "/products/kasi-tee",
            "/auth/v1/token",
            "/healthz",
            "/api/v1/admin/settings/advanced",
            "/api/v1/settings/public",
            "/api/v1/payments/payfast/notify",
        ] {
            assert!(open_during_maintenance(open), "{open}");
        }
        for closed in [
            "/api/v1/products",
            "/api/v1/cart/items",
            "/api/v1/vendor/products",
            "/api/v1/settings/other",
            "/api/v1/administrators",
        ] {
            assert!(!open_during_maintenance(closed), "{closed}");
        }
    }
}
