//! What the admin lists share: paging (`page` from 1, `per_page` 1 to 100) and totals
//! counted up to a cap, and the audit entries shown on each object's page.

use bazaar_db::admin::Total;
use bazaar_db::audit;
use chrono::{DateTime, NaiveDate, Utc};
use serde::Serialize;
use utoipa::ToSchema;
use uuid::Uuid;

use crate::{ApiError, ApiResult, AppState};

pub const MAX_PER_PAGE: i64 = 100;

/// `(limit, offset)` of a page.
pub fn paging(page: Option<i64>, per_page: Option<i64>) -> ApiResult<(i64, i64)> {
    let page = page.unwrap_or(1);
    let per_page = per_page.unwrap_or(20);
    if !(1..=1_000_000).contains(&page) {
        return Err(ApiError::bad_field("page", "page is a whole number from 1"));
    }
    if !(1..=MAX_PER_PAGE).contains(&per_page) {
        return Err(ApiError::bad_field(
            "per_page",
            format!("per_page is 1 to {MAX_PER_PAGE}"),
        ));
    }
    Ok((per_page, (page - 1) * per_page))
}

/// How many rows match: exact up to 10,000, else `capped` ("more than 10,000").
#[derive(Debug, Clone, Copy, Serialize, ToSchema)]
pub struct ListTotal {
    pub count: i64,
    pub capped: bool,
}

impl From<Total> for ListTotal {
    fn from(t: Total) -> Self {
        Self {
            count: t.count,
            capped: t.capped,
        }
    }
}

/// A blank filter is no filter.
pub fn given(v: &Option<String>) -> Option<&str> {
    v.as_deref().map(str::trim).filter(|s| !s.is_empty())
}

/// A `YYYY-MM-DD` day in South African time as the instant it starts; `next` gives the
/// start of the day after (an inclusive "to" day).
pub fn day_start(
    field: &'static str,
    v: &Option<String>,
    next: bool,
) -> ApiResult<Option<DateTime<Utc>>> {
    let Some(raw) = given(v) else {
        return Ok(None);
    };
    let day = NaiveDate::parse_from_str(raw, "%Y-%m-%d")
        .map_err(|_| ApiError::bad_field(field, format!("'{raw}' is not a day: use YYYY-MM-DD")))?;
    let day = if next {
        day.succ_opt()
            .ok_or_else(|| ApiError::bad_field(field, "That day is out of range"))?
    } else {
        day
    };
    let start = day
        .and_hms_opt(0, 0, 0)
        .and_then(|t| t.and_local_timezone(bazaar_domain::ledger::sast()).single())
        .ok_or_else(|| ApiError::bad_field(field, "That day is out of range"))?;
    Ok(Some(start.with_timezone(&Utc)))
}

/// One admin action about an object.
#[derive(Debug, Serialize, ToSchema)]
pub struct AuditEntry {
    pub id: Uuid,
    pub actor_id: Option<Uuid>,
    pub actor_email: String,
    /// `subject.verb`, e.g. `user.suspend`.
    pub action: String,
    pub subject_type: String,
    pub subject_id: String,
    /// What changed: `before` and `after` where the action changes a value, the reason
    /// when one was given, and the action's figures.
    #[schema(value_type = Object)]
    pub details: serde_json::Value,
    pub created_at: DateTime<Utc>,
}

impl From<audit::EntryRow> for AuditEntry {
    fn from(e: audit::EntryRow) -> Self {
        Self {
            id: e.id,
            actor_id: e.actor_id,
            actor_email: e.actor_email,
            action: e.action,
            subject_type: e.subject_type,
            subject_id: e.subject_id,
            details: e.details,
            created_at: e.created_at,
        }
    }
}

/// The audit entries about one object, newest first.
pub async fn history(state: &AppState, subject_type: &str, id: Uuid) -> ApiResult<Vec<AuditEntry>> {
    Ok(audit::of_subject(&state.db, subject_type, &id.to_string())
        .await?
        .into_iter()
        .map(AuditEntry::from)
        .collect())
}

/// How one row of a bulk action went.
#[derive(Debug, Serialize, ToSchema)]
pub struct BulkRow {
    pub id: Uuid,
    /// `done` (or, when the action was not applied, would have been) or `refused`.
    pub outcome: String,
    /// Why a refused row was refused: `not_found`, `in_use`, `not_pending`, `unchanged`, …
    pub code: Option<String>,
    pub message: Option<String>,
}

/// A bulk action, all or nothing: `applied` when every row went through; otherwise
/// nothing was changed and the refused rows say why.
#[derive(Debug, Serialize, ToSchema)]
pub struct BulkResult {
    pub applied: bool,
    pub rows: Vec<BulkRow>,
}

impl From<bazaar_commerce::admin_tools::BulkReport> for BulkResult {
    fn from(r: bazaar_commerce::admin_tools::BulkReport) -> Self {
        use bazaar_commerce::admin_tools::RowOutcome;
        Self {
            applied: r.applied,
            rows: r
                .rows
                .into_iter()
                .map(|row| match row.outcome {
                    RowOutcome::Done => BulkRow {
                        id: row.id,
                        outcome: "done".to_owned(),
                        code: None,
                        message: None,
                    },
                    RowOutcome::Refused { code, message } => BulkRow {
                        id: row.id,
                        outcome: "refused".to_owned(),
                        code: Some(code),
                        message: Some(message),
                    },
                })
                .collect(),
        }
    }
}
