//! Every order as admins see it: the searchable list, and what an order's page shows
//! beyond its parts and lines (payments, the books, refunds).

use chrono::{DateTime, Utc};
use uuid::Uuid;

use super::{Total, contains, count_capped, holds, page, starts_with};
use crate::{Bind, Binds, Db, DbResult, on_db};

/// One order in the admin list.
#[derive(Debug, Clone, PartialEq, sqlx::FromRow)]
pub struct AdminOrder {
    pub id: Uuid,
    pub order_number: String,
    pub status: String,
    pub email: String,
    pub total_cents: i64,
    pub refund_due_cents: i64,
    pub part_count: i64,
    pub created_at: DateTime<Utc>,
    pub paid_at: Option<DateTime<Utc>>,
}

/// The admin order list's filters.
#[derive(Debug, Clone, Default)]
pub struct OrderFilter {
    /// The order number (exact or its start) or text in the buyer's email.
    pub q: Option<String>,
    pub status: Option<String>,
    /// Only orders with a part of this store.
    pub vendor_id: Option<Uuid>,
    pub user_id: Option<Uuid>,
    /// Placed at or after.
    pub from: Option<DateTime<Utc>>,
    /// Placed before.
    pub to: Option<DateTime<Utc>>,
    /// Only orders with money still owed back.
    pub refund_due: bool,
}

/// A page of orders, newest first, and how many match.
pub async fn list(
    db: &Db,
    f: &OrderFilter,
    limit: i64,
    offset: i64,
) -> DbResult<(Vec<AdminOrder>, Total)> {
    let mut binds = Binds::default();
    let mut clauses = vec!["1 = 1".to_owned()];
    if let Some(q) = f.q.as_deref().map(str::trim).filter(|q| !q.is_empty()) {
        // An order number (or its start) through the number's index; any other text in the
        // buyer's email.
        if looks_like_order_number(q) {
            clauses.push(starts_with(
                db,
                &mut binds,
                "o.order_number",
                &q.to_uppercase(),
            ));
        } else {
            let email = binds.push(Bind::Text(contains(q)));
            clauses.push(holds(db, "o.email", &email));
        }
    }
    if let Some(s) = &f.status {
        clauses.push(format!("o.status = {}", binds.push(Bind::Text(s.clone()))));
    }
    if let Some(v) = f.vendor_id {
        clauses.push(format!(
            "EXISTS (SELECT 1 FROM order_parts vp WHERE vp.order_id = o.id AND vp.vendor_id = {})",
            binds.push(Bind::Uuid(v))
        ));
    }
    if let Some(u) = f.user_id {
        clauses.push(format!("o.user_id = {}", binds.push(Bind::Uuid(u))));
    }
    if let Some(from) = f.from {
        clauses.push(format!("o.created_at >= {}", binds.push(Bind::Time(from))));
    }
    if let Some(to) = f.to {
        clauses.push(format!("o.created_at < {}", binds.push(Bind::Time(to))));
    }
    if f.refund_due {
        clauses.push("o.refund_due_cents > 0".into());
    }
    let from_where = format!("FROM orders o WHERE {}", clauses.join(" AND "));
    let total = count_capped(db, &from_where, &binds.0).await?;
    let paging = page(&mut binds, limit, offset);
    let sql = format!(
        "SELECT o.id, o.order_number, o.status, o.email, o.total_cents, o.refund_due_cents, \
         (SELECT COUNT(*) FROM order_parts c WHERE c.order_id = o.id) AS part_count, o.created_at, o.paid_at \
         {from_where} ORDER BY o.created_at DESC, o.id DESC {paging}"
    );
    let rows = on_db!(db, pool => crate::bind_all!(sqlx::query_as::<_, AdminOrder>(sqlx::AssertSqlSafe(sql)), &binds.0)
        .fetch_all(pool).await?);
    Ok((rows, total))
}

/// A payment notification received for an order.
#[derive(Debug, Clone, PartialEq, sqlx::FromRow)]
pub struct PaymentRow {
    pub id: Uuid,
    pub provider: String,
    pub pf_payment_id: Option<String>,
    pub status: String,
    pub reason: Option<String>,
    pub received_at: DateTime<Utc>,
}

pub async fn payments(db: &Db, order_id: Uuid) -> DbResult<Vec<PaymentRow>> {
    Ok(on_db!(db, pool => sqlx::query_as::<_, PaymentRow>(
        "SELECT id, provider, pf_payment_id, status, reason, received_at FROM payment_notifications \
         WHERE order_id = $1 ORDER BY received_at",
    )
    .bind(order_id).fetch_all(pool).await?))
}

/// One posting of the books about an order.
#[derive(Debug, Clone, PartialEq, sqlx::FromRow)]
pub struct LedgerRow {
    pub journal_id: Uuid,
    pub kind: String,
    pub memo: String,
    pub account: String,
    pub vendor_id: Option<Uuid>,
    pub amount_cents: i64,
    pub effective_at: DateTime<Utc>,
}

pub async fn ledger(db: &Db, order_id: Uuid) -> DbResult<Vec<LedgerRow>> {
    Ok(on_db!(db, pool => sqlx::query_as::<_, LedgerRow>(
        "SELECT j.id AS journal_id, j.kind, j.memo, e.account, e.vendor_id, e.amount_cents, e.effective_at \
         FROM ledger_journals j JOIN ledger_entries e ON e.journal_id = j.id \
         WHERE j.order_id = $1 ORDER BY j.created_at, j.id, e.account",
    )
    .bind(order_id).fetch_all(pool).await?))
}

/// Letters, a dash and digits, as order numbers are (`BZ-0123456789`), or their start from
/// the dash on: an email address always has an `@`.
fn looks_like_order_number(q: &str) -> bool {
    match q.split_once('-') {
        Some((letters, digits)) => {
            !letters.is_empty()
                && letters.chars().all(|c| c.is_ascii_alphabetic())
                && digits.chars().all(|c| c.is_ascii_digit())
        }
        None => false,
    }
}

#[cfg(test)]
mod tests {
    use super::looks_like_order_number;

    #[test]
    fn order_numbers_and_their_starts_are_told_from_email_text() {
        for q in ["BZ-0123456789", "bz-01234", "SY-", "SY-0000050"] {
            assert!(looks_like_order_number(q), "{q}");
        }
        for q in [
            "thandi",
            "thandi@example.com",
            "-0123",
            "mary-jane",
            "BZ-12a",
            "a-b-1",
        ] {
            assert!(!looks_like_order_number(q), "{q}");
        }
    }
}
