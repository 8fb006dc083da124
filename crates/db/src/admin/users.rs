//! Users as admins see them: the list, one user's standing, and the changes admins make
//! (role, suspension), each checked against the version the admin saw.

use chrono::{DateTime, Utc};
use uuid::Uuid;

use super::{Total, contains, count_capped, holds, page, total_of_page};
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
    let mut clauses = vec!["1 = 1".to_owned()];
    let searching = f.q.as_deref().is_some_and(|q| !q.trim().is_empty());
    if let Some(q) = f.q.as_deref().filter(|q| !q.trim().is_empty()) {
        // The matching ids first, each table scanned alone: tested on the joined rows in
        // the list's order, a rare name made the page walk every user.
        let p = binds.push(Bind::Text(contains(q)));
        clauses.push(format!(
            "u.id IN (SELECT id FROM users WHERE {} UNION SELECT id FROM profiles WHERE {})",
            holds(db, "email", &p),
            holds(db, "full_name", &p)
        ));
    }
    if let Some(role) = &f.role {
        // Through the role index: staff and vendors are few among many customers, and a
        // test on the joined row would walk every user to find them.
        if role == "customer" {
            clauses.push(
                "u.id NOT IN (SELECT id FROM profiles WHERE role IN ('vendor', 'admin'))"
                    .to_owned(),
            );
        } else {
            let r = binds.push(Bind::Text(role.clone()));
            clauses.push(format!(
                "u.id IN (SELECT id FROM profiles WHERE role = {r})"
            ));
        }
    }
    match f.suspended {
        Some(true) => clauses.push("u.suspended_at IS NOT NULL".into()),
        Some(false) => clauses.push("u.suspended_at IS NULL".into()),
        None => {}
    }
    // Every filter is on the user's own row (the others through ids), so the total and the
    // page are found in `users` alone and only the page's rows are joined: joining every
    // match before sorting cost three lookups per match.
    let where_sql = clauses.join(" AND ");
    if searching {
        return search_page(db, &where_sql, binds, limit, offset).await;
    }
    let total = count_capped(db, &format!("FROM users u WHERE {where_sql}"), &binds.0).await?;
    let paging = page(&mut binds, limit, offset);
    let sql = format!(
        "{SELECT} FROM (SELECT u.id FROM users u WHERE {where_sql} \
         ORDER BY u.created_at DESC, u.id DESC {paging}) pick \
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

/// A search's page and total from one pass: its matches are the cost (both tables' names
/// and emails scanned), and counting them apart found them twice.
async fn search_page(
    db: &Db,
    where_sql: &str,
    mut binds: Binds,
    limit: i64,
    offset: i64,
) -> DbResult<(Vec<AdminUser>, Total)> {
    let filter_binds = binds.0.clone();
    let paging = page(&mut binds, limit, offset);
    let sql = format!(
        "{SELECT}, pick.matches FROM (SELECT u.id, COUNT(*) OVER () AS matches FROM users u \
         WHERE {where_sql} ORDER BY u.created_at DESC, u.id DESC {paging}) pick \
         JOIN users u ON u.id = pick.id {JOINS} ORDER BY u.created_at DESC, u.id DESC"
    );
    let rows = on_db!(db, pool => crate::bind_all!(sqlx::query_as::<_, Matched>(sqlx::AssertSqlSafe(sql)), &binds.0)
        .fetch_all(pool).await?);
    let total = total_of_page(
        db,
        rows.first().map(|r| r.matches),
        offset,
        &format!("FROM users u WHERE {where_sql}"),
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
