//! Applications to sell on bazaar and their history. Every move is a conditional update
//! (it happens once however often it is asked for), and each one writes a history event.

use chrono::{DateTime, Utc};
use uuid::Uuid;

use crate::{Bind, Binds, Db, DbError, DbResult, Tx, bind_all, on_db, on_tx};

#[derive(Debug, Clone, PartialEq, sqlx::FromRow)]
pub struct ApplicationRow {
    pub id: Uuid,
    pub user_id: Uuid,
    pub status: String,
    pub store_name: String,
    pub store_slug: String,
    pub description: String,
    pub category_focus: String,
    pub contact_phone: String,
    pub company_registration: Option<String>,
    pub vat_number: Option<String>,
    pub bank_name: String,
    pub account_holder: String,
    pub account_number: String,
    pub branch_code: String,
    pub agreement_id: Uuid,
    pub agreement_version: i64,
    pub decision_message: Option<String>,
    pub decided_at: Option<DateTime<Utc>>,
    pub vendor_id: Option<Uuid>,
    pub created_at: DateTime<Utc>,
    pub submitted_at: DateTime<Utc>,
    pub applicant_email: String,
    pub applicant_name: String,
}

const SELECT: &str = "SELECT a.id, a.user_id, a.status, a.store_name, a.store_slug, a.description, \
    a.category_focus, a.contact_phone, a.company_registration, a.vat_number, a.bank_name, a.account_holder, \
    a.account_number, a.branch_code, a.agreement_id, g.version AS agreement_version, a.decision_message, \
    a.decided_at, a.vendor_id, a.created_at, a.submitted_at, u.email AS applicant_email, \
    COALESCE(p.full_name, '') AS applicant_name \
    FROM vendor_applications a JOIN vendor_agreements g ON g.id = a.agreement_id \
    JOIN users u ON u.id = a.user_id LEFT JOIN profiles p ON p.id = a.user_id";

/// What an application says, checked by the domain's form rules.
#[derive(Debug, Clone)]
pub struct Fields<'a> {
    pub store_name: &'a str,
    pub store_slug: &'a str,
    pub description: &'a str,
    pub category_focus: &'a str,
    pub contact_phone: &'a str,
    pub company_registration: Option<&'a str>,
    pub vat_number: Option<&'a str>,
    pub bank_name: &'a str,
    pub account_holder: &'a str,
    pub account_number: &'a str,
    pub branch_code: &'a str,
    pub agreement_id: Uuid,
}

#[derive(Debug, Clone, PartialEq, sqlx::FromRow)]
pub struct EventRow {
    pub id: Uuid,
    pub application_id: Uuid,
    pub status: String,
    pub message: Option<String>,
    pub created_at: DateTime<Utc>,
}

async fn add_event(
    tx: &mut Tx,
    application: Uuid,
    status: &str,
    message: Option<&str>,
    actor: Uuid,
    now: DateTime<Utc>,
) -> DbResult<Uuid> {
    let id = Uuid::now_v7();
    on_tx!(tx, conn => sqlx::query(
        "INSERT INTO vendor_application_events (id, application_id, status, message, actor_id, created_at) \
         VALUES ($1, $2, $3, $4, $5, $6)",
    )
    .bind(id).bind(application).bind(status).bind(message).bind(actor).bind(now)
    .execute(conn).await?.rows_affected());
    Ok(id)
}

/// Whether `slug` is held by a store or by someone else's open application.
pub async fn slug_taken(tx: &mut Tx, slug: &str, except_user: Uuid) -> DbResult<bool> {
    let n = on_tx!(tx, conn => sqlx::query_scalar::<_, i64>(
        "SELECT (SELECT COUNT(*) FROM vendors WHERE store_slug = $1) + \
         (SELECT COUNT(*) FROM vendor_applications WHERE store_slug = $1 AND user_id <> $2 \
          AND status IN ('submitted', 'changes_requested'))",
    )
    .bind(slug).bind(except_user).fetch_one(conn).await?);
    Ok(n > 0)
}

/// The user's open application (submitted or changes requested), if any.
pub async fn open_of(tx: &mut Tx, user: Uuid) -> DbResult<Option<Uuid>> {
    Ok(on_tx!(tx, conn => sqlx::query_scalar::<_, Uuid>(
        "SELECT id FROM vendor_applications WHERE user_id = $1 AND status IN ('submitted', 'changes_requested')",
    )
    .bind(user).fetch_optional(conn).await?))
}

/// Files a new application; returns its id and the history event.
pub async fn submit(
    tx: &mut Tx,
    user: Uuid,
    f: &Fields<'_>,
    now: DateTime<Utc>,
) -> DbResult<(Uuid, Uuid)> {
    let id = Uuid::now_v7();
    on_tx!(tx, conn => sqlx::query(
        "INSERT INTO vendor_applications (id, user_id, status, store_name, store_slug, description, category_focus, \
         contact_phone, company_registration, vat_number, bank_name, account_holder, account_number, branch_code, \
         agreement_id, created_at, submitted_at, updated_at) \
         VALUES ($1, $2, 'submitted', $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $15, $15)",
    )
    .bind(id).bind(user).bind(f.store_name).bind(f.store_slug).bind(f.description).bind(f.category_focus)
    .bind(f.contact_phone).bind(f.company_registration).bind(f.vat_number).bind(f.bank_name)
    .bind(f.account_holder).bind(f.account_number).bind(f.branch_code).bind(f.agreement_id).bind(now)
    .execute(conn).await.map_err(DbError::classify)?.rows_affected());
    let event = add_event(tx, id, "submitted", None, user, now).await?;
    Ok((id, event))
}

/// Replaces a rejected or changes-requested application's fields and submits it again.
/// False when it is not the user's or not in a status that may be resubmitted.
pub async fn resubmit(
    tx: &mut Tx,
    id: Uuid,
    user: Uuid,
    f: &Fields<'_>,
    now: DateTime<Utc>,
) -> DbResult<bool> {
    let n = on_tx!(tx, conn => sqlx::query(
        "UPDATE vendor_applications SET status = 'submitted', store_name = $3, store_slug = $4, description = $5, \
         category_focus = $6, contact_phone = $7, company_registration = $8, vat_number = $9, bank_name = $10, \
         account_holder = $11, account_number = $12, branch_code = $13, agreement_id = $14, decision_message = NULL, \
         decided_by = NULL, decided_at = NULL, submitted_at = $15, updated_at = $15 \
         WHERE id = $1 AND user_id = $2 AND status IN ('rejected', 'changes_requested')",
    )
    .bind(id).bind(user).bind(f.store_name).bind(f.store_slug).bind(f.description).bind(f.category_focus)
    .bind(f.contact_phone).bind(f.company_registration).bind(f.vat_number).bind(f.bank_name)
    .bind(f.account_holder).bind(f.account_number).bind(f.branch_code).bind(f.agreement_id).bind(now)
    .execute(conn).await.map_err(DbError::classify)?.rows_affected());
    if n == 0 {
        return Ok(false);
    }
    add_event(tx, id, "submitted", None, user, now).await?;
    Ok(true)
}

/// Moves a submitted application to `to` with the admin's message; returns the history
/// event, or `None` when it was no longer submitted (someone decided first).
pub async fn decide(
    tx: &mut Tx,
    id: Uuid,
    to: &str,
    message: Option<&str>,
    admin: Uuid,
    now: DateTime<Utc>,
) -> DbResult<Option<Uuid>> {
    let n = on_tx!(tx, conn => sqlx::query(
        "UPDATE vendor_applications SET status = $2, decision_message = $3, decided_by = $4, decided_at = $5, \
         updated_at = $5 WHERE id = $1 AND status = 'submitted'",
    )
    .bind(id).bind(to).bind(message).bind(admin).bind(now)
    .execute(conn).await?.rows_affected());
    if n == 0 {
        return Ok(None);
    }
    Ok(Some(add_event(tx, id, to, message, admin, now).await?))
}

/// Records the store an approved application became.
pub async fn link_vendor(tx: &mut Tx, id: Uuid, vendor: Uuid) -> DbResult<()> {
    on_tx!(tx, conn => sqlx::query("UPDATE vendor_applications SET vendor_id = $2 WHERE id = $1")
        .bind(id).bind(vendor).execute(conn).await?.rows_affected());
    Ok(())
}

pub async fn get(db: &Db, id: Uuid) -> DbResult<Option<ApplicationRow>> {
    let sql = format!("{SELECT} WHERE a.id = $1");
    Ok(
        on_db!(db, pool => sqlx::query_as::<_, ApplicationRow>(sqlx::AssertSqlSafe(sql))
        .bind(id).fetch_optional(pool).await?),
    )
}

pub async fn get_in(tx: &mut Tx, id: Uuid) -> DbResult<Option<ApplicationRow>> {
    let sql = format!("{SELECT} WHERE a.id = $1");
    Ok(
        on_tx!(tx, conn => sqlx::query_as::<_, ApplicationRow>(sqlx::AssertSqlSafe(sql))
        .bind(id).fetch_optional(conn).await?),
    )
}

/// A user's applications, newest first.
pub async fn of_user(db: &Db, user: Uuid) -> DbResult<Vec<ApplicationRow>> {
    let sql = format!("{SELECT} WHERE a.user_id = $1 ORDER BY a.created_at DESC");
    Ok(
        on_db!(db, pool => sqlx::query_as::<_, ApplicationRow>(sqlx::AssertSqlSafe(sql))
        .bind(user).fetch_all(pool).await?),
    )
}

/// What the admin list is narrowed to.
#[derive(Debug, Clone, Default)]
pub struct Filter {
    pub status: Option<String>,
    /// Matches store name, slug or the applicant's email, ignoring case.
    pub q: Option<String>,
}

/// A page of applications (oldest submission first, so the queue is worked in order) and
/// how many match.
pub async fn list(
    db: &Db,
    filter: &Filter,
    limit: i64,
    offset: i64,
) -> DbResult<(Vec<ApplicationRow>, i64)> {
    let mut binds = Binds::default();
    let mut clauses = vec!["1 = 1".to_owned()];
    if let Some(status) = &filter.status {
        clauses.push(format!(
            "a.status = {}",
            binds.push(Bind::Text(status.clone()))
        ));
    }
    if let Some(q) = filter.q.as_deref().map(str::trim).filter(|q| !q.is_empty()) {
        let pattern = format!("%{}%", q.to_lowercase().replace(['%', '_'], ""));
        let p = binds.push(Bind::Text(pattern));
        clauses.push(format!(
            "(LOWER(a.store_name) LIKE {p} OR LOWER(a.store_slug) LIKE {p} OR LOWER(u.email) LIKE {p})"
        ));
    }
    let filter_sql = clauses.join(" AND ");
    let count_sql = format!(
        "SELECT COUNT(*) FROM vendor_applications a JOIN users u ON u.id = a.user_id WHERE {filter_sql}"
    );
    let lim = binds.push(Bind::I64(limit));
    let off = binds.push(Bind::I64(offset));
    let sql = format!(
        "{SELECT} WHERE {filter_sql} ORDER BY a.submitted_at, a.id LIMIT {lim} OFFSET {off}"
    );
    let n = binds.0.len() - 2;
    let total = on_db!(db, pool => bind_all!(sqlx::query_scalar::<_, i64>(sqlx::AssertSqlSafe(count_sql)), &binds.0[..n])
        .fetch_one(pool).await?);
    let rows = on_db!(db, pool => bind_all!(sqlx::query_as::<_, ApplicationRow>(sqlx::AssertSqlSafe(sql)), &binds.0)
        .fetch_all(pool).await?);
    Ok((rows, total))
}

/// The history of the given applications, oldest first.
pub async fn history(db: &Db, ids: &[Uuid]) -> DbResult<Vec<EventRow>> {
    if ids.is_empty() {
        return Ok(Vec::new());
    }
    let mut binds = Binds::default();
    let list: Vec<String> = ids.iter().map(|id| binds.push(Bind::Uuid(*id))).collect();
    let sql = format!(
        "SELECT id, application_id, status, message, created_at FROM vendor_application_events \
         WHERE application_id IN ({}) ORDER BY created_at, id",
        list.join(", ")
    );
    Ok(
        on_db!(db, pool => bind_all!(sqlx::query_as::<_, EventRow>(sqlx::AssertSqlSafe(sql)), &binds.0)
        .fetch_all(pool).await?),
    )
}

/// One history event with its application's applicant (what a notification needs).
pub async fn event(db: &Db, id: Uuid) -> DbResult<Option<EventRow>> {
    Ok(on_db!(db, pool => sqlx::query_as::<_, EventRow>(
        "SELECT id, application_id, status, message, created_at FROM vendor_application_events WHERE id = $1",
    )
    .bind(id).fetch_optional(pool).await?))
}

/// How many applications wait in each status.
pub async fn counts(db: &Db) -> DbResult<Vec<(String, i64)>> {
    Ok(on_db!(db, pool => sqlx::query_as::<_, (String, i64)>(
        "SELECT status, COUNT(*) FROM vendor_applications GROUP BY status ORDER BY status",
    )
    .fetch_all(pool).await?))
}
