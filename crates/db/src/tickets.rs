//! Support tickets (`support_tickets`) and their internal notes (`ticket_notes`).

use bazaar_domain::support::{TicketPriority, TicketSource, TicketStatus};
use chrono::{DateTime, Utc};
use uuid::Uuid;

use crate::{Bind, Binds, Db, DbResult, Tx, on_db, on_tx};

#[derive(Debug, Clone, PartialEq, sqlx::FromRow)]
pub struct TicketRow {
    pub id: Uuid,
    pub number: i64,
    #[sqlx(try_from = "String")]
    pub source: TicketSource,
    pub customer_id: Option<Uuid>,
    pub name: String,
    pub email: String,
    pub subject: String,
    pub body: String,
    pub order_number: Option<String>,
    pub conversation_id: Option<Uuid>,
    #[sqlx(try_from = "String")]
    pub status: TicketStatus,
    #[sqlx(try_from = "String")]
    pub priority: TicketPriority,
    pub assignee_id: Option<Uuid>,
    pub assignee_email: Option<String>,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
    pub solved_at: Option<DateTime<Utc>>,
}

const TICKET: &str = "SELECT t.id, t.number, t.source, t.customer_id, t.name, t.email, t.subject, t.body, \
     t.order_number, t.conversation_id, t.status, t.priority, t.assignee_id, a.email AS assignee_email, \
     t.created_at, t.updated_at, t.solved_at \
     FROM support_tickets t LEFT JOIN users a ON a.id = t.assignee_id";

/// A ticket to open.
#[derive(Debug, Clone)]
pub struct NewTicket<'a> {
    pub source: TicketSource,
    pub customer_id: Option<Uuid>,
    pub name: &'a str,
    pub email: &'a str,
    pub subject: &'a str,
    pub body: &'a str,
    pub order_number: Option<&'a str>,
    pub conversation_id: Option<Uuid>,
    pub priority: TicketPriority,
}

/// Opens a ticket with the next number; its id.
pub async fn insert(tx: &mut Tx, t: &NewTicket<'_>) -> DbResult<Uuid> {
    let id = Uuid::now_v7();
    let now = Utc::now();
    // The next number is read in the insert. On PostgreSQL, tickets are opened one at a time
    // (the lock lasts until the caller's transaction ends) so two never read the same MAX;
    // SQLite writes one transaction at a time anyway.
    if let Tx::Postgres(conn) = tx {
        sqlx::query("LOCK TABLE support_tickets IN SHARE ROW EXCLUSIVE MODE")
            .execute(&mut ***conn)
            .await?;
    }
    on_tx!(tx, conn => sqlx::query(
        "INSERT INTO support_tickets (id, number, source, customer_id, name, email, subject, body, \
         order_number, conversation_id, status, priority, created_at, updated_at) \
         VALUES ($1, (SELECT COALESCE(MAX(number), 1000) + 1 FROM support_tickets), $2, $3, $4, $5, $6, $7, \
         $8, $9, 'open', $10, $11, $11)",
    )
    .bind(id)
    .bind(t.source.as_str())
    .bind(t.customer_id)
    .bind(t.name)
    .bind(t.email)
    .bind(t.subject)
    .bind(t.body)
    .bind(t.order_number)
    .bind(t.conversation_id)
    .bind(t.priority.as_str())
    .bind(now)
    .execute(conn)
    .await
    .map(|_| ()))?;
    Ok(id)
}

pub async fn get(db: &Db, id: Uuid) -> DbResult<Option<TicketRow>> {
    let sql = format!("{TICKET} WHERE t.id = $1");
    Ok(
        on_db!(db, pool => sqlx::query_as::<_, TicketRow>(sqlx::AssertSqlSafe(sql.as_str()))
        .bind(id)
        .fetch_optional(pool)
        .await)?,
    )
}

pub async fn get_in(tx: &mut Tx, id: Uuid) -> DbResult<Option<TicketRow>> {
    let sql = format!("{TICKET} WHERE t.id = $1");
    Ok(
        on_tx!(tx, conn => sqlx::query_as::<_, TicketRow>(sqlx::AssertSqlSafe(sql.as_str()))
        .bind(id)
        .fetch_optional(conn)
        .await)?,
    )
}

/// The unsolved ticket made from a support conversation, if there is one.
pub async fn open_of_conversation(db: &Db, conversation: Uuid) -> DbResult<Option<TicketRow>> {
    let sql = format!(
        "{TICKET} WHERE t.conversation_id = $1 AND t.status <> 'solved' ORDER BY t.number DESC LIMIT 1"
    );
    Ok(
        on_db!(db, pool => sqlx::query_as::<_, TicketRow>(sqlx::AssertSqlSafe(sql.as_str()))
        .bind(conversation)
        .fetch_optional(pool)
        .await)?,
    )
}

/// A customer's tickets: those opened signed in, and those sent from their email address.
pub async fn of_customer(db: &Db, customer: Uuid, email: &str) -> DbResult<Vec<TicketRow>> {
    let sql = format!(
        "{TICKET} WHERE t.customer_id = $1 OR t.email = $2 ORDER BY t.created_at DESC LIMIT 100"
    );
    Ok(
        on_db!(db, pool => sqlx::query_as::<_, TicketRow>(sqlx::AssertSqlSafe(sql.as_str()))
        .bind(customer)
        .bind(email.to_lowercase())
        .fetch_all(pool)
        .await)?,
    )
}

/// Which tickets the admin list shows.
#[derive(Debug, Clone, Default)]
pub struct TicketFilter {
    pub status: Option<TicketStatus>,
    pub priority: Option<TicketPriority>,
    /// `Some(None)`: unassigned only.
    pub assignee: Option<Option<Uuid>>,
    /// Text in the subject, name or email, or a reference (T-1001 or 1001).
    pub q: Option<String>,
}

/// A page of tickets, most recently updated first, and the total.
pub async fn list(
    db: &Db,
    f: &TicketFilter,
    limit: i64,
    offset: i64,
) -> DbResult<(Vec<TicketRow>, i64)> {
    let mut binds = Binds::default();
    let mut wheres = Vec::new();
    if let Some(s) = f.status {
        wheres.push(format!(
            "t.status = {}",
            binds.push(Bind::Text(s.as_str().to_owned()))
        ));
    }
    if let Some(p) = f.priority {
        wheres.push(format!(
            "t.priority = {}",
            binds.push(Bind::Text(p.as_str().to_owned()))
        ));
    }
    match f.assignee {
        None => {}
        Some(None) => wheres.push("t.assignee_id IS NULL".to_owned()),
        Some(Some(a)) => wheres.push(format!("t.assignee_id = {}", binds.push(Bind::Uuid(a)))),
    }
    if let Some(q) = f.q.as_deref().map(str::trim).filter(|q| !q.is_empty()) {
        let number = q
            .trim_start_matches(['T', 't'])
            .trim_start_matches('-')
            .parse::<i64>()
            .ok();
        let like = binds.push(Bind::Text(format!("%{}%", q.to_lowercase())));
        let mut any = vec![
            format!("LOWER(t.subject) LIKE {like}"),
            format!("LOWER(t.name) LIKE {like}"),
            format!("t.email LIKE {like}"),
        ];
        if let Some(n) = number {
            any.push(format!("t.number = {}", binds.push(Bind::I64(n))));
        }
        wheres.push(format!("({})", any.join(" OR ")));
    }
    let filter = if wheres.is_empty() {
        String::new()
    } else {
        format!("WHERE {}", wheres.join(" AND "))
    };
    let count_sql = format!("SELECT COUNT(*) FROM support_tickets t {filter}");
    let limit_at = binds.push(Bind::I64(limit));
    let offset_at = binds.push(Bind::I64(offset));
    let sql = format!(
        "{TICKET} {filter} ORDER BY t.updated_at DESC, t.number DESC LIMIT {limit_at} OFFSET {offset_at}"
    );
    let count_binds = &binds.0[..binds.0.len() - 2];
    let total = on_db!(db, pool => crate::bind_all!(sqlx::query_scalar::<_, i64>(sqlx::AssertSqlSafe(count_sql)), count_binds)
        .fetch_one(pool)
        .await)?;
    let rows = on_db!(db, pool => crate::bind_all!(sqlx::query_as::<_, TicketRow>(sqlx::AssertSqlSafe(sql)), &binds.0)
        .fetch_all(pool)
        .await)?;
    Ok((rows, total))
}

/// What an admin changes on a ticket.
#[derive(Debug, Clone, Default)]
pub struct TicketChange {
    pub status: Option<TicketStatus>,
    pub priority: Option<TicketPriority>,
    /// `Some(None)` unassigns.
    pub assignee: Option<Option<Uuid>>,
}

pub async fn update(tx: &mut Tx, id: Uuid, before: &TicketRow, c: &TicketChange) -> DbResult<()> {
    let now = Utc::now();
    let status = c.status.unwrap_or(before.status);
    let solved_at = match (status, before.status) {
        (TicketStatus::Solved, TicketStatus::Solved) => before.solved_at,
        (TicketStatus::Solved, _) => Some(now),
        _ => None,
    };
    let priority = c.priority.unwrap_or(before.priority);
    let assignee = c.assignee.unwrap_or(before.assignee_id);
    on_tx!(tx, conn => sqlx::query(
        "UPDATE support_tickets SET status = $2, priority = $3, assignee_id = $4, solved_at = $5, updated_at = $6 \
         WHERE id = $1",
    )
    .bind(id)
    .bind(status.as_str())
    .bind(priority.as_str())
    .bind(assignee)
    .bind(solved_at)
    .bind(now)
    .execute(conn)
    .await
    .map(|_| ()))?;
    Ok(())
}

#[derive(Debug, Clone, PartialEq, sqlx::FromRow)]
pub struct NoteRow {
    pub id: Uuid,
    pub author_email: String,
    pub body: String,
    pub created_at: DateTime<Utc>,
}

pub async fn add_note(
    tx: &mut Tx,
    ticket: Uuid,
    author: Uuid,
    author_email: &str,
    body: &str,
) -> DbResult<Uuid> {
    let id = Uuid::now_v7();
    let now = Utc::now();
    on_tx!(tx, conn => sqlx::query(
        "INSERT INTO ticket_notes (id, ticket_id, author_id, author_email, body, created_at) VALUES ($1, $2, $3, $4, $5, $6)",
    )
    .bind(id)
    .bind(ticket)
    .bind(author)
    .bind(author_email)
    .bind(body)
    .bind(now)
    .execute(conn)
    .await
    .map(|_| ()))?;
    on_tx!(tx, conn => sqlx::query("UPDATE support_tickets SET updated_at = $2 WHERE id = $1")
        .bind(ticket)
        .bind(now)
        .execute(conn)
        .await
        .map(|_| ()))?;
    Ok(id)
}

pub async fn notes(db: &Db, ticket: Uuid) -> DbResult<Vec<NoteRow>> {
    Ok(on_db!(db, pool => sqlx::query_as::<_, NoteRow>(
        "SELECT id, author_email, body, created_at FROM ticket_notes WHERE ticket_id = $1 ORDER BY created_at, id",
    )
    .bind(ticket)
    .fetch_all(pool)
    .await)?)
}

/// Whether `user` is an admin (who tickets may be assigned to).
pub async fn is_admin(db: &Db, user: Uuid) -> DbResult<bool> {
    let n: i64 = on_db!(db, pool => sqlx::query_scalar(
        "SELECT COUNT(*) FROM profiles p JOIN users u ON u.id = p.id \
         WHERE p.id = $1 AND p.role = 'admin' AND u.suspended_at IS NULL",
    )
    .bind(user)
    .fetch_one(pool)
    .await)?;
    Ok(n == 1)
}
