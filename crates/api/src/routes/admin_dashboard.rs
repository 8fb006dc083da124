//! The admin dashboard (`/admin`): today's and this month's sales, orders by status, new
//! accounts and stores, what waits for an admin (applications, products and deals under
//! review, refunds owed, failed jobs) and the platform's sales per day from the stores'
//! daily rollups.

use axum::Json;
use axum::extract::State;
use bazaar_db::admin::dashboard;
use bazaar_domain::analytics::{day_key, day_of};
use chrono::{Datelike, Duration, TimeZone, Utc};
use serde::Serialize;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::auth::AdminActor;
use crate::error::ErrorBody;
use crate::{ApiResult, AppState};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(get_dashboard))
}

#[derive(Debug, Serialize, ToSchema)]
pub struct SalesFigure {
    /// Orders paid.
    pub orders: i64,
    /// What they came to, in cents.
    pub sales_cents: i64,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct StatusCount {
    pub status: String,
    pub count: i64,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct DashboardDay {
    /// YYYY-MM-DD, South African time.
    pub day: String,
    pub orders: i64,
    pub sales_cents: i64,
    pub refunds_cents: i64,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct FailedJobView {
    pub id: String,
    pub kind: String,
    pub attempts: i64,
    pub last_result: Option<String>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct AdminDashboard {
    pub today: SalesFigure,
    pub this_month: SalesFigure,
    pub orders_by_status: Vec<StatusCount>,
    pub new_customers_this_month: i64,
    pub new_stores_this_month: i64,
    pub pending_applications: i64,
    pub products_to_review: i64,
    pub deals_to_review: i64,
    /// Orders with money owed back, and how much.
    pub refunds_due: i64,
    pub refunds_due_cents: i64,
    /// Jobs out of attempts (`bazaar jobs failed`), the 5 newest.
    pub failed_jobs: i64,
    pub recent_failed_jobs: Vec<FailedJobView>,
    /// The last 30 days with sales, oldest first (updated every ten minutes).
    pub days: Vec<DashboardDay>,
}

/// The platform at a glance.
#[utoipa::path(
    get, path = "/admin/dashboard", tag = "admin", operation_id = "admin_dashboard",
    security(("bearer" = [])),
    responses(
        (status = 200, body = AdminDashboard), (status = 401, body = ErrorBody),
        (status = 403, body = ErrorBody)
    )
)]
async fn get_dashboard(
    State(state): State<AppState>,
    _admin: AdminActor,
) -> ApiResult<Json<AdminDashboard>> {
    let now = Utc::now();
    let sast = bazaar_domain::ledger::sast();
    let today = day_of(now);
    let start_of = |d: chrono::NaiveDate| {
        sast.from_local_datetime(&d.and_hms_opt(0, 0, 0).expect("midnight"))
            .single()
            .expect("a fixed offset has no gaps")
            .with_timezone(&Utc)
    };
    let day_start = start_of(today);
    let month_start = start_of(today.with_day(1).expect("the first exists"));
    let tomorrow = day_start + Duration::days(1);
    let today_sales = dashboard::sales(&state.db, day_start, tomorrow).await?;
    let month_sales = dashboard::sales(&state.db, month_start, tomorrow).await?;
    let new_customers = dashboard::new_customers(&state.db, month_start, tomorrow).await?;
    let waiting = dashboard::waiting(&state.db).await?;
    let failed = bazaar_queue::store::failed(&state.db, bazaar_queue::DEFAULT_QUEUE)
        .await
        .unwrap_or_else(|e| {
            tracing::warn!(error = %e, "failed jobs not read");
            Vec::new()
        });
    let days = dashboard::days(
        &state.db,
        &day_key(today - Duration::days(29)),
        &day_key(today),
    )
    .await?;
    Ok(Json(AdminDashboard {
        today: SalesFigure {
            orders: today_sales.orders,
            sales_cents: today_sales.sales_cents,
        },
        this_month: SalesFigure {
            orders: month_sales.orders,
            sales_cents: month_sales.sales_cents,
        },
        orders_by_status: dashboard::orders_by_status(&state.db)
            .await?
            .into_iter()
            .map(|(status, count)| StatusCount { status, count })
            .collect(),
        new_customers_this_month: new_customers,
        new_stores_this_month: dashboard::new_stores(&state.db, month_start, tomorrow).await?,
        pending_applications: waiting.applications,
        products_to_review: waiting.products_to_review,
        deals_to_review: waiting.deals_to_review,
        refunds_due: waiting.refunds_due,
        refunds_due_cents: waiting.refunds_due_cents,
        failed_jobs: failed.len() as i64,
        recent_failed_jobs: failed
            .into_iter()
            .take(5)
            .map(|j| FailedJobView {
                id: j.id,
                kind: j.kind,
                attempts: j.attempts,
                last_result: j.last_result,
            })
            .collect(),
        days: days
            .into_iter()
            .map(|d| DashboardDay {
                day: d.day,
                orders: d.orders,
                sales_cents: d.sales_cents,
                refunds_cents: d.refunds_cents,
            })
            .collect(),
    }))
}
