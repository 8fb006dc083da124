//! The vendor's analytics (`/vendor/analytics`, vendor role): sales, orders, units,
//! refunds and product views by day, week or month, the average order, conversion from
//! views, top products and ratings. Read from the daily rollups (brought up to date every
//! ten minutes), only ever for the caller's own store.

use axum::Json;
use axum::extract::State;
use bazaar_commerce::analytics::{self, Bucket};
use bazaar_domain::analytics::Period;
use chrono::{DateTime, NaiveDate, Utc};
use serde::{Deserialize, Serialize};
use std::sync::Arc;
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use uuid::Uuid;

use super::vendor_products::seller;
use crate::auth::{RequireRole, Vendor};
use crate::error::ErrorBody;
use crate::extract::ApiQuery;
use crate::{ApiError, ApiResult, AppState};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(vendor_analytics))
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct AnalyticsQuery {
    /// `day` (the last 30 days, default), `week` (the last 12 weeks) or `month` (the last
    /// 12 months).
    pub period: Option<String>,
}

/// The figures of one day, week or month.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct AnalyticsBucket {
    /// The first day (South African time), `YYYY-MM-DD`.
    #[schema(value_type = String)]
    pub start: NaiveDate,
    /// Parts of orders paid.
    pub orders: i64,
    /// Their goods less discount plus delivery, in cents.
    pub sales_cents: i64,
    pub units: i64,
    /// Paid parts cancelled, and what was owed back for them.
    pub cancelled: i64,
    pub refunds_cents: i64,
    /// Views of the store's product pages.
    pub views: i64,
}

impl From<Bucket> for AnalyticsBucket {
    fn from(b: Bucket) -> Self {
        AnalyticsBucket {
            start: b.start,
            orders: b.orders,
            sales_cents: b.sales_cents,
            units: b.units,
            cancelled: b.cancelled,
            refunds_cents: b.refunds_cents,
            views: b.views,
        }
    }
}

#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct AnalyticsTopProduct {
    pub product_id: Uuid,
    pub name: Option<String>,
    pub units: i64,
    pub sales_cents: i64,
    pub views: i64,
}

/// What an analytics answer depends on: the store, the period, today and the last rollup.
pub type ReportKey = (Uuid, &'static str, NaiveDate, Option<DateTime<Utc>>);

#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct VendorAnalytics {
    /// day, week or month.
    pub period: String,
    pub buckets: Vec<AnalyticsBucket>,
    pub totals: AnalyticsBucket,
    pub average_order_cents: Option<i64>,
    /// Orders per hundred product views.
    pub conversion_percent: Option<f64>,
    pub top_products: Vec<AnalyticsTopProduct>,
    /// The average rating of the store's products (1–5), and how many reviews.
    pub rating: Option<f64>,
    pub reviews: i64,
    /// When the figures were last brought up to date (they are every ten minutes).
    pub updated_at: Option<DateTime<Utc>>,
}

/// The caller's figures over the last 30 days, 12 weeks or 12 months. Answers are kept
/// until the next rollup (`serve --analytics-cache-entries` of them).
#[utoipa::path(
    get, path = "/vendor/analytics", tag = "vendor", operation_id = "vendor_analytics",
    security(("bearer" = [])), params(AnalyticsQuery),
    responses(
        (status = 200, body = VendorAnalytics), (status = 400, body = ErrorBody),
        (status = 401, body = ErrorBody), (status = 403, body = ErrorBody),
        (status = 404, description = "The vendor has no store", body = ErrorBody)
    )
)]
async fn vendor_analytics(
    State(state): State<AppState>,
    vendor: RequireRole<Vendor>,
    ApiQuery(q): ApiQuery<AnalyticsQuery>,
) -> ApiResult<Json<VendorAnalytics>> {
    let seller = seller(&state, vendor.0.id).await?;
    let raw = q.period.as_deref().unwrap_or("day");
    let period: Period = raw.parse().map_err(|e| ApiError::bad_field("period", e))?;
    let name = match period {
        Period::Day => "day",
        Period::Week => "week",
        Period::Month => "month",
    };
    let now = Utc::now();
    let key: ReportKey = (
        seller.store_id,
        name,
        bazaar_domain::analytics::day_of(now),
        analytics::updated_at(&state.db).await?,
    );
    if let Some(hit) = state.caches.analytics.get(&key) {
        return Ok(Json((*hit).clone()));
    }
    let r = analytics::report(&state.db, seller.store_id, period, now).await?;
    let answer = VendorAnalytics {
        period: name.to_owned(),
        buckets: r.buckets.into_iter().map(AnalyticsBucket::from).collect(),
        totals: r.totals.into(),
        average_order_cents: r.average_order_cents,
        conversion_percent: r.conversion_percent,
        top_products: r
            .top_products
            .into_iter()
            .map(|t| AnalyticsTopProduct {
                product_id: t.product_id,
                name: t.name,
                units: t.units,
                sales_cents: t.sales_cents,
                views: t.views,
            })
            .collect(),
        rating: r.rating,
        reviews: r.reviews,
        updated_at: r.updated_at,
    };
    state.caches.analytics.insert(key, Arc::new(answer.clone()));
    Ok(Json(answer))
}
