//! The admin audit log: every admin action, written in the transaction of the change.

use chrono::{DateTime, Utc};
use uuid::Uuid;

use crate::{Db, DbResult, Tx, on_db, on_tx};

/// One admin action.
#[derive(Debug, Clone)]
pub struct Entry<'a> {
    pub actor_id: Uuid,
    pub actor_email: &'a str,
    /// What was done, as `subject.verb` (`vendor_application.approve`, `vendor.suspend`).
    pub action: &'a str,
    pub subject_type: &'a str,
    pub subject_id: String,
    pub details: serde_json::Value,
}

pub async fn record(tx: &mut Tx, e: &Entry<'_>, now: DateTime<Utc>) -> DbResult<()> {
    on_tx!(tx, conn => sqlx::query(
        "INSERT INTO audit_log (id, actor_id, actor_email, action, subject_type, subject_id, details, created_at) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8)",
    )
    .bind(Uuid::now_v7()).bind(e.actor_id).bind(e.actor_email).bind(e.action).bind(e.subject_type)
    .bind(&e.subject_id).bind(&e.details).bind(now)
    .execute(conn).await?.rows_affected());
    Ok(())
}

#[derive(Debug, Clone, PartialEq, sqlx::FromRow)]
pub struct EntryRow {
    pub id: Uuid,
    pub actor_id: Option<Uuid>,
    pub actor_email: String,
    pub action: String,
    pub subject_type: String,
    pub subject_id: String,
    pub details: serde_json::Value,
    pub created_at: DateTime<Utc>,
}

/// The entries about one subject, newest first.
pub async fn of_subject(db: &Db, subject_type: &str, subject_id: &str) -> DbResult<Vec<EntryRow>> {
    Ok(on_db!(db, pool => sqlx::query_as::<_, EntryRow>(
        "SELECT id, actor_id, actor_email, action, subject_type, subject_id, details, created_at FROM audit_log \
         WHERE subject_type = $1 AND subject_id = $2 ORDER BY created_at DESC, id DESC",
    )
    .bind(subject_type).bind(subject_id).fetch_all(pool).await?))
}

/// The audit log view's filters.
#[derive(Debug, Clone, Default)]
pub struct Filter {
    /// Text in the acting admin's email.
    pub actor: Option<String>,
    /// An action exactly (`user.suspend`) or its subject's part (`user`).
    pub action: Option<String>,
    pub subject_type: Option<String>,
    pub subject_id: Option<String>,
    pub from: Option<DateTime<Utc>>,
    pub to: Option<DateTime<Utc>>,
}

/// A page of the log, newest first, and how many entries match (up to the admin lists'
/// cap).
pub async fn list(
    db: &Db,
    f: &Filter,
    limit: i64,
    offset: i64,
) -> DbResult<(Vec<EntryRow>, crate::admin::Total)> {
    use crate::{Bind, Binds};
    let mut binds = Binds::default();
    let mut clauses = vec!["1 = 1".to_owned()];
    if let Some(actor) = f.actor.as_deref().filter(|a| !a.trim().is_empty()) {
        let p = binds.push(Bind::Text(crate::admin::contains(actor)));
        clauses.push(format!("LOWER(actor_email) LIKE {p}"));
    }
    if let Some(action) = f.action.as_deref().map(str::trim).filter(|a| !a.is_empty()) {
        if action.contains('.') {
            clauses.push(format!(
                "action = {}",
                binds.push(Bind::Text(action.to_owned()))
            ));
        } else {
            clauses.push(format!(
                "action LIKE {}",
                binds.push(Bind::Text(format!("{}.%", action.replace(['%', '_'], ""))))
            ));
        }
    }
    if let Some(t) = &f.subject_type {
        clauses.push(format!(
            "subject_type = {}",
            binds.push(Bind::Text(t.clone()))
        ));
    }
    if let Some(id) = &f.subject_id {
        clauses.push(format!(
            "subject_id = {}",
            binds.push(Bind::Text(id.clone()))
        ));
    }
    if let Some(from) = f.from {
        clauses.push(format!("created_at >= {}", binds.push(Bind::Time(from))));
    }
    if let Some(to) = f.to {
        clauses.push(format!("created_at < {}", binds.push(Bind::Time(to))));
    }
    let from_where = format!("FROM audit_log WHERE {}", clauses.join(" AND "));
    let total = crate::admin::count_capped(db, &from_where, &binds.0).await?;
    let paging = crate::admin::page(&mut binds, limit, offset);
    let sql = format!(
        "SELECT id, actor_id, actor_email, action, subject_type, subject_id, details, created_at {from_where} \
         ORDER BY created_at DESC, id DESC {paging}"
    );
    let rows = on_db!(db, pool => crate::bind_all!(sqlx::query_as::<_, EntryRow>(sqlx::AssertSqlSafe(sql)), &binds.0)
        .fetch_all(pool).await?);
    Ok((rows, total))
}
