//! Analytics events (SPEC.md §3): written by the ingest endpoint, enriched by a job.
//! `ip_address` is never written (the column only accepts null).

use chrono::{DateTime, Utc};
use serde::Serialize;
use uuid::Uuid;

use crate::{Db, DbResult, Tx, on_db, on_tx};

#[derive(Debug, Clone, PartialEq, Serialize, sqlx::FromRow)]
pub struct AnalyticsEvent {
    pub id: Uuid,
    pub event_type: String,
    pub user_id: Option<Uuid>,
    pub session_id: Option<String>,
    pub event_data: serde_json::Value,
    pub page_url: Option<String>,
    pub referrer: Option<String>,
    pub user_agent: Option<String>,
    pub ip_address: Option<String>,
    pub country: Option<String>,
    pub city: Option<String>,
    pub device_type: Option<String>,
    pub browser: Option<String>,
    pub enriched_at: Option<DateTime<Utc>>,
    pub created_at: DateTime<Utc>,
}

/// What a client sends, after validation.
#[derive(Debug, Clone)]
pub struct NewEvent {
    pub id: Uuid,
    pub event_type: String,
    pub user_id: Option<Uuid>,
    pub session_id: Option<String>,
    pub event_data: serde_json::Value,
    pub page_url: Option<String>,
    pub referrer: Option<String>,
    pub user_agent: Option<String>,
    pub created_at: DateTime<Utc>,
}

pub async fn insert(tx: &mut Tx, e: &NewEvent) -> DbResult<()> {
    on_tx!(tx, conn => sqlx::query(
        "INSERT INTO analytics_events (id, event_type, user_id, session_id, event_data, page_url, referrer, user_agent, created_at) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)",
    )
    .bind(e.id)
    .bind(&e.event_type)
    .bind(e.user_id)
    .bind(&e.session_id)
    .bind(&e.event_data)
    .bind(&e.page_url)
    .bind(&e.referrer)
    .bind(&e.user_agent)
    .bind(e.created_at)
    .execute(conn)
    .await.map(|r| r.rows_affected()))?;
    Ok(())
}

pub async fn get(db: &Db, id: Uuid) -> DbResult<Option<AnalyticsEvent>> {
    let row = on_db!(db, pool => sqlx::query_as::<_, AnalyticsEvent>(
        "SELECT id, event_type, user_id, session_id, event_data, page_url, referrer, user_agent, ip_address, \
         country, city, device_type, browser, enriched_at, created_at FROM analytics_events WHERE id = $1",
    )
    .bind(id)
    .fetch_optional(pool)
    .await)?;
    Ok(row)
}

/// What enrichment found.
#[derive(Debug, Clone, Default)]
pub struct Enrichment {
    pub device_type: String,
    pub browser: Option<String>,
    pub country: Option<String>,
    pub city: Option<String>,
}

/// Fills the enrichment columns once (a repeated job changes nothing).
pub async fn enrich(tx: &mut Tx, id: Uuid, e: &Enrichment) -> DbResult<bool> {
    let n = on_tx!(tx, conn => sqlx::query(
        "UPDATE analytics_events SET device_type = $1, browser = $2, country = $3, city = $4, enriched_at = $5 \
         WHERE id = $6 AND enriched_at IS NULL",
    )
    .bind(&e.device_type)
    .bind(&e.browser)
    .bind(&e.country)
    .bind(&e.city)
    .bind(Utc::now())
    .bind(id)
    .execute(conn)
    .await
    .map(|r| r.rows_affected()))?;
    Ok(n == 1)
}

/// The user agents of the events among `ids` not yet enriched.
pub async fn pending(db: &Db, ids: &[Uuid]) -> DbResult<Vec<(Uuid, Option<String>)>> {
    let mut out = Vec::with_capacity(ids.len());
    for chunk in ids.chunks(500) {
        let placeholders: Vec<String> = (1..=chunk.len()).map(|i| format!("${i}")).collect();
        let sql = format!(
            "SELECT id, user_agent FROM analytics_events WHERE enriched_at IS NULL AND id IN ({})",
            placeholders.join(", ")
        );
        let binds: Vec<crate::Bind> = chunk.iter().map(|id| crate::Bind::Uuid(*id)).collect();
        let rows = on_db!(db, pool => crate::bind_all!(
            sqlx::query_as::<_, (Uuid, Option<String>)>(sqlx::AssertSqlSafe(sql.clone())),
            &binds
        )
        .fetch_all(pool)
        .await)?;
        out.extend(rows);
    }
    Ok(out)
}

pub async fn count(db: &Db) -> DbResult<i64> {
    let n = on_db!(db, pool => sqlx::query_scalar::<_, i64>("SELECT COUNT(*) FROM analytics_events")
        .fetch_one(pool)
        .await)?;
    Ok(n)
}
