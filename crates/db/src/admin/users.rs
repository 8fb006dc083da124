//! Users as admins see them: the list, one user's standing, and the changes admins make
//! (role, suspension), each checked against the version the admin saw.

use chrono::{DateTime, Utc};
use uuid::Uuid;

use super::{Total, contains, count_capped, holds, page, total_of_page, trigram_query};
use crate::{Bind, Binds, Db, DbResult, Tx, on_db, on_tx};

/// One user in the admin list or on their page.
#[derive(Debug, Clone, PartialEq, sqlx::FromRow)]
pub struct AdminUser {
    pub id: Uuid,
    pub email: String,
    pub full_name: String,
    pub role: String,
    pub email_confirmed_at: Option<DateTime<Utc>>,
    pub last_sign_in_at: Option<DateTime<Utc>>,
    pub suspended_at: Option<DateTime<Utc>>,
    pub suspended_reason: Option<String>,
    pub points_balance: i64,
    pub version: i64,
    pub created_at: DateTime<Utc>,
}

const SELECT: &str = "SELECT u.id, u.email, COALESCE(p.full_name, '') AS full_name, \
    COALESCE(p.role, 'customer') AS role, u.email_confirmed_at, u.last_sign_in_at, u.suspended_at, \
    u.suspended_reason, COALESCE(up.current_balance, 0) AS points_balance, u.version, u.created_at";
const FROM: &str = "FROM users u LEFT JOIN profiles p ON p.id = u.id LEFT JOIN user_points up ON up.user_id = u.id";
/// [`FROM`]'s joins, for a page of users already chosen.
const JOINS: &str =
    "LEFT JOIN profiles p ON p.id = u.id LEFT JOIN user_points up ON up.user_id = u.id";

/// The admin user list's filters.
#[derive(Debug, Clone, Default)]
pub struct UserFilter {
    /// Text in the email or name.
    pub q: Option<String>,
    pub role: Option<String>,
    /// Only suspended (true) or only active (false) accounts.
    pub suspended: Option<bool>,
}

/// A page of users, newest first, and how many match.
pub async fn list(
    db: &Db,
    f: &UserFilter,
    limit: i64,
    offset: i64,
) -> DbResult<(Vec<AdminUser>, Total)> {
    let mut binds = Binds::default();
    // Filters on the user's id (the role, through the role index: staff and vendors are few
    // among many customers, and a test on the joined row would walk every user to find
    // them), written for the id column `{id}` of whichever rows the list is read from.
    let mut by_id = Vec::new();
    if let Some(role) = &f.role {
        if role == "customer" {
            by_id.push(
                "{id} NOT IN (SELECT id FROM profiles WHERE role IN ('vendor', 'admin'))"
                    .to_owned(),
            );
        } else {
            let r = binds.push(Bind::Text(role.clone()));
            by_id.push(format!(
                "{{id}} IN (SELECT id FROM profiles WHERE role = {r})"
            ));
        }
    }
    let on = |id: &str| -> Vec<String> { by_id.iter().map(|c| c.replace("{id}", id)).collect() };
    let mut clauses = Vec::new();
    match f.suspended {
        Some(true) => clauses.push("u.suspended_at IS NOT NULL".into()),
        Some(false) => clauses.push("u.suspended_at IS NULL".into()),
        None => {}
    }
    let q = f.q.as_deref().map(str::trim).filter(|q| !q.is_empty());
    let indexed = q.and_then(|q| trigram_query(db, q, None));
    if let Some(query) = indexed.as_deref() {
        let m = binds.push(Bind::Text(query.to_owned()));
        if clauses.is_empty() {
            // The page chosen from the trigram index's keys (which hold the list's order),
            // the role tested on their ids; counted by the index alone when nothing else
            // filters (a window count over the page's query doubled its cost).
            let from_where = format!(
                "FROM fts_users JOIN fts_user_keys k ON k.n = fts_users.rowid \
                 WHERE fts_users MATCH {m}{}",
                on("k.id")
                    .iter()
                    .map(|c| format!(" AND {c}"))
                    .collect::<String>()
            );
            let count_from = if by_id.is_empty() {
                format!("FROM fts_users WHERE fts_users MATCH {m}")
            } else {
                from_where.clone()
            };
            return ordered_page(db, &count_from, &from_where, "k", binds, limit, offset).await;
        }
        // With a filter on the user's row, the matches are a set of ids the filtered list
        // tests: joining each match to its user cost 190 ms at 6,000 matches.
        clauses.push(format!(
            "u.id IN (SELECT k.id FROM fts_users JOIN fts_user_keys k ON k.n = fts_users.rowid \
             WHERE fts_users MATCH {m})"
        ));
    }
    clauses.extend(on("u.id"));
    if let (Some(q), None) = (q, &indexed) {
        // The matching ids first, each table scanned alone: tested on the joined rows in
        // the list's order, a rare name made the page walk every user.
        let p = binds.push(Bind::Text(contains(q)));
        clauses.push(format!(
            "u.id IN (SELECT id FROM users WHERE {} UNION SELECT id FROM profiles WHERE {})",
            holds(db, "email", &p),
            holds(db, "full_name", &p)
        ));
    }
    // Every filter is on the user's own row (the others through ids), so the total and the
    // page are found in `users` alone and only the page's rows are joined: joining every
    // match before sorting cost three lookups per match.
    let from_where = format!(
        "FROM users u WHERE 1 = 1{}",
        clauses
            .iter()
            .map(|c| format!(" AND {c}"))
            .collect::<String>()
    );
    if q.is_some() {
        return search_page(db, &from_where, binds, limit, offset).await;
    }
    ordered_page(db, &from_where, &from_where, "u", binds, limit, offset).await
}

/// A page newest first and its total counted apart (from `count_from`). `from_where`
/// finds the matches; `key` names its rows holding the list's order (`created_at`, `id`):
/// the users' own, or the trigram index's keys. Only the page's rows are joined.
async fn ordered_page(
    db: &Db,
    count_from: &str,
    from_where: &str,
    key: &str,
    mut binds: Binds,
    limit: i64,
    offset: i64,
) -> DbResult<(Vec<AdminUser>, Total)> {
    let total = count_capped(db, count_from, &binds.0).await?;
    let paging = page(&mut binds, limit, offset);
    let sql = format!(
        "{SELECT} FROM (SELECT {key}.id {from_where} \
         ORDER BY {key}.created_at DESC, {key}.id DESC {paging}) pick \
         JOIN users u ON u.id = pick.id {JOINS} ORDER BY u.created_at DESC, u.id DESC"
    );
    let rows = on_db!(db, pool => crate::bind_all!(sqlx::query_as::<_, AdminUser>(sqlx::AssertSqlSafe(sql)), &binds.0)
        .fetch_all(pool).await?);
    Ok((rows, total))
}

/// A row of a search's page with how many users matched in all.
#[derive(sqlx::FromRow)]
struct Matched {
    #[sqlx(flatten)]
    user: AdminUser,
    matches: i64,
}

/// A scanning search's page and total from one pass: finding its matches (both tables'
/// names and emails scanned) is the cost, and counting them apart found them twice.
async fn search_page(
    db: &Db,
    from_where: &str,
    mut binds: Binds,
    limit: i64,
    offset: i64,
) -> DbResult<(Vec<AdminUser>, Total)> {
    let filter_binds = binds.0.clone();
    let paging = page(&mut binds, limit, offset);
    let sql = format!(
        "{SELECT}, pick.matches FROM (SELECT u.id, COUNT(*) OVER () AS matches {from_where} \
         ORDER BY u.created_at DESC, u.id DESC {paging}) pick \
         JOIN users u ON u.id = pick.id {JOINS} ORDER BY u.created_at DESC, u.id DESC"
    );
    let rows = on_db!(db, pool => crate::bind_all!(sqlx::query_as::<_, Matched>(sqlx::AssertSqlSafe(sql)), &binds.0)
        .fetch_all(pool).await?);
    let total = total_of_page(
        db,
        rows.first().map(|r| r.matches),
        offset,
        from_where,
        &filter_binds,
    )
    .await?;
    Ok((rows.into_iter().map(|r| r.user).collect(), total))
}

/// One user as admins see them.
pub async fn get(db: &Db, id: Uuid) -> DbResult<Option<AdminUser>> {
    let sql = format!("{SELECT} {FROM} WHERE u.id = $1");
    Ok(
        on_db!(db, pool => sqlx::query_as::<_, AdminUser>(sqlx::AssertSqlSafe(sql)).bind(id).fetch_optional(pool).await?),
    )
}

/// [`get`] inside a transaction, the row locked on PostgreSQL.
pub async fn lock(tx: &mut Tx, id: Uuid) -> DbResult<Option<AdminUser>> {
    let lock = if matches!(tx, Tx::Postgres(_)) {
        " FOR UPDATE OF u"
    } else {
        ""
    };
    let sql = format!("{SELECT} {FROM} WHERE u.id = $1{lock}");
    Ok(
        on_tx!(tx, conn => sqlx::query_as::<_, AdminUser>(sqlx::AssertSqlSafe(sql)).bind(id).fetch_optional(conn).await?),
    )
}

/// How many admins are not suspended.
pub async fn active_admins(tx: &mut Tx) -> DbResult<i64> {
    Ok(on_tx!(tx, conn => sqlx::query_scalar::<_, i64>(
        "SELECT COUNT(*) FROM profiles p JOIN users u ON u.id = p.id WHERE p.role = 'admin' AND u.suspended_at IS NULL",
    )
    .fetch_one(conn).await?))
}

/// Moves a user's version on from `seen`; false when someone changed the user since.
pub async fn bump(tx: &mut Tx, id: Uuid, seen: i64, now: DateTime<Utc>) -> DbResult<bool> {
    let n = on_tx!(tx, conn => sqlx::query(
        "UPDATE users SET version = version + 1, updated_at = $3 WHERE id = $1 AND version = $2",
    )
    .bind(id).bind(seen).bind(now).execute(conn).await?.rows_affected());
    Ok(n == 1)
}

/// Suspends (with the reason) or reinstates (`None`) an account.
pub async fn set_suspended(
    tx: &mut Tx,
    id: Uuid,
    reason: Option<&str>,
    now: DateTime<Utc>,
) -> DbResult<()> {
    on_tx!(tx, conn => sqlx::query(
        "UPDATE users SET suspended_at = $2, suspended_reason = $3 WHERE id = $1",
    )
    .bind(id).bind(reason.map(|_| now)).bind(reason).execute(conn).await?.rows_affected());
    Ok(())
}

/// Removes every second factor of a user (a lost authenticator), with their challenges.
pub async fn delete_factors(tx: &mut Tx, id: Uuid) -> DbResult<u64> {
    on_tx!(tx, conn => sqlx::query(
        "DELETE FROM mfa_challenges WHERE factor_id IN (SELECT id FROM mfa_factors WHERE user_id = $1)",
    )
    .bind(id).execute(conn).await?.rows_affected());
    Ok(
        on_tx!(tx, conn => sqlx::query("DELETE FROM mfa_factors WHERE user_id = $1")
        .bind(id).execute(conn).await?.rows_affected()),
    )
}

/// One of a user's sign-in sessions.
#[derive(Debug, Clone, PartialEq, sqlx::FromRow)]
pub struct SessionInfo {
    pub id: Uuid,
    pub aal: String,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
}

/// A user's sessions, newest first.
pub async fn sessions(db: &Db, id: Uuid) -> DbResult<Vec<SessionInfo>> {
    Ok(on_db!(db, pool => sqlx::query_as::<_, SessionInfo>(
        "SELECT id, aal, created_at, updated_at FROM auth_sessions WHERE user_id = $1 ORDER BY created_at DESC LIMIT 50",
    )
    .bind(id).fetch_all(pool).await?))
}

/// How many verified second factors a user has.
pub async fn factor_count(db: &Db, id: Uuid) -> DbResult<i64> {
    Ok(on_db!(db, pool => sqlx::query_scalar::<_, i64>(
        "SELECT COUNT(*) FROM mfa_factors WHERE user_id = $1 AND status = 'verified'",
    )
    .bind(id).fetch_one(pool).await?))
}
