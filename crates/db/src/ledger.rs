//! The books (`bazaar_domain::ledger`): journals and their postings, only ever inserted,
//! and balances summed from them; payout runs and their payouts.

use bazaar_domain::ledger::{Account, JournalKind, Posting, balanced};
use chrono::{DateTime, Utc};
use serde::Serialize;
use uuid::Uuid;

use crate::{Db, DbError, DbResult, Tx, on_db, on_tx};

/// What a journal is about.
#[derive(Debug, Clone)]
pub struct Journal<'a> {
    pub kind: JournalKind,
    /// One journal per event (`sale:<order>`…): posting it again does nothing.
    pub dedupe_key: Option<String>,
    pub order_id: Option<Uuid>,
    pub part_id: Option<Uuid>,
    pub payout_id: Option<Uuid>,
    pub vendor_id: Option<Uuid>,
    pub actor_id: Option<Uuid>,
    pub memo: &'a str,
    pub effective_at: DateTime<Utc>,
}

impl Journal<'_> {
    pub fn new(kind: JournalKind, effective_at: DateTime<Utc>) -> Journal<'static> {
        Journal {
            kind,
            dedupe_key: None,
            order_id: None,
            part_id: None,
            payout_id: None,
            vendor_id: None,
            actor_id: None,
            memo: "",
            effective_at,
        }
    }
}

/// Records a journal and its postings; false when one with its dedupe key exists already.
/// Refuses postings that do not balance.
pub async fn post(tx: &mut Tx, j: &Journal<'_>, postings: &[Posting]) -> DbResult<bool> {
    if !balanced(postings) {
        return Err(DbError::Conflict(format!(
            "a {} journal that does not balance: {postings:?}",
            j.kind
        )));
    }
    let id = Uuid::now_v7();
    let now = Utc::now();
    let n = on_tx!(tx, conn => sqlx::query(
        "INSERT INTO ledger_journals (id, kind, dedupe_key, order_id, part_id, payout_id, vendor_id, actor_id, memo, \
         effective_at, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) ON CONFLICT (dedupe_key) DO NOTHING",
    )
    .bind(id)
    .bind(j.kind.as_str())
    .bind(&j.dedupe_key)
    .bind(j.order_id)
    .bind(j.part_id)
    .bind(j.payout_id)
    .bind(j.vendor_id)
    .bind(j.actor_id)
    .bind(j.memo)
    .bind(j.effective_at)
    .bind(now)
    .execute(conn)
    .await
    .map(|r| r.rows_affected()))?;
    if n == 0 {
        return Ok(false);
    }
    for p in postings.iter().filter(|p| p.amount_cents != 0) {
        on_tx!(tx, conn => sqlx::query(
            "INSERT INTO ledger_entries (id, journal_id, account, vendor_id, amount_cents, effective_at) \
             VALUES ($1, $2, $3, $4, $5, $6)",
        )
        .bind(Uuid::now_v7())
        .bind(id)
        .bind(p.account.as_str())
        .bind(p.vendor_id)
        .bind(p.amount_cents)
        .bind(j.effective_at)
        .execute(conn)
        .await
        .map(|r| r.rows_affected()))?;
    }
    Ok(true)
}

/// Every account's sum (vendors' accounts summed over all vendors), whenever effective.
pub async fn account_sums(db: &Db) -> DbResult<Vec<(String, i64)>> {
    Ok(on_db!(db, pool => sqlx::query_as::<_, (String, i64)>(
        "SELECT account, CAST(SUM(amount_cents) AS BIGINT) FROM ledger_entries GROUP BY account ORDER BY account",
    )
    .fetch_all(pool)
    .await)?)
}

/// What a vendor is owed, by account, counting what is effective at `at`.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize)]
pub struct VendorBalance {
    /// Sold, not yet payable (until N days after delivery).
    pub pending_cents: i64,
    /// Payable now.
    pub available_cents: i64,
}

pub async fn vendor_balance(
    db: &Db,
    vendor_id: Uuid,
    at: DateTime<Utc>,
) -> DbResult<VendorBalance> {
    let rows = on_db!(db, pool => sqlx::query_as::<_, (String, i64)>(
        "SELECT account, CAST(-SUM(amount_cents) AS BIGINT) FROM ledger_entries \
         WHERE vendor_id = $1 AND effective_at <= $2 GROUP BY account",
    )
    .bind(vendor_id)
    .bind(at)
    .fetch_all(pool)
    .await)?;
    Ok(balance_of(&rows))
}

fn balance_of(rows: &[(String, i64)]) -> VendorBalance {
    let mut b = VendorBalance::default();
    for (account, sum) in rows {
        match account.parse::<Account>() {
            Ok(Account::VendorPending) => b.pending_cents = *sum,
            Ok(Account::VendorAvailable) => b.available_cents = *sum,
            _ => {}
        }
    }
    b
}

/// Vendors whose available balance at `at` is at least `minimum` (and above zero), with it.
pub async fn payable(tx: &mut Tx, at: DateTime<Utc>, minimum: i64) -> DbResult<Vec<(Uuid, i64)>> {
    Ok(on_tx!(tx, conn => sqlx::query_as::<_, (Uuid, i64)>(
        "SELECT vendor_id, CAST(-SUM(amount_cents) AS BIGINT) AS owed FROM ledger_entries \
         WHERE account = 'vendor_available' AND effective_at <= $1 GROUP BY vendor_id \
         HAVING -SUM(amount_cents) >= $2 AND -SUM(amount_cents) > 0 ORDER BY vendor_id",
    )
    .bind(at)
    .bind(minimum)
    .fetch_all(conn)
    .await)?)
}

/// One posting to a vendor's account, as their statement shows it.
#[derive(Debug, Clone, PartialEq, Serialize, sqlx::FromRow)]
pub struct StatementEntry {
    pub id: Uuid,
    pub kind: String,
    pub account: String,
    /// What the vendor is owed more (positive) or less (negative).
    pub amount_cents: i64,
    pub memo: String,
    pub order_id: Option<Uuid>,
    pub order_number: Option<String>,
    pub payout_id: Option<Uuid>,
    pub effective_at: DateTime<Utc>,
    pub created_at: DateTime<Utc>,
}

/// A page of a vendor's postings between `from` and `to` (effective), newest first, and
/// how many there are.
pub async fn vendor_entries(
    db: &Db,
    vendor_id: Uuid,
    from: DateTime<Utc>,
    to: DateTime<Utc>,
    limit: i64,
    offset: i64,
) -> DbResult<(Vec<StatementEntry>, i64)> {
    let rows = on_db!(db, pool => sqlx::query_as::<_, StatementEntry>(
        "SELECT e.id, j.kind, e.account, -e.amount_cents AS amount_cents, j.memo, j.order_id, o.order_number, \
         j.payout_id, e.effective_at, j.created_at \
         FROM ledger_entries e JOIN ledger_journals j ON j.id = e.journal_id \
         LEFT JOIN orders o ON o.id = j.order_id \
         WHERE e.vendor_id = $1 AND e.effective_at >= $2 AND e.effective_at < $3 \
         ORDER BY e.effective_at DESC, e.id DESC LIMIT $4 OFFSET $5",
    )
    .bind(vendor_id)
    .bind(from)
    .bind(to)
    .bind(limit)
    .bind(offset)
    .fetch_all(pool)
    .await)?;
    let total = on_db!(db, pool => sqlx::query_scalar::<_, i64>(
        "SELECT COUNT(*) FROM ledger_entries WHERE vendor_id = $1 AND effective_at >= $2 AND effective_at < $3",
    )
    .bind(vendor_id)
    .bind(from)
    .bind(to)
    .fetch_one(pool)
    .await)?;
    Ok((rows, total))
}

/// A vendor's balance by account effective before `at` (a statement's opening balance).
pub async fn vendor_balance_before(
    db: &Db,
    vendor_id: Uuid,
    at: DateTime<Utc>,
) -> DbResult<VendorBalance> {
    let rows = on_db!(db, pool => sqlx::query_as::<_, (String, i64)>(
        "SELECT account, CAST(-SUM(amount_cents) AS BIGINT) FROM ledger_entries \
         WHERE vendor_id = $1 AND effective_at < $2 GROUP BY account",
    )
    .bind(vendor_id)
    .bind(at)
    .fetch_all(pool)
    .await)?;
    Ok(balance_of(&rows))
}

/// A payout and where it stands.
#[derive(Debug, Clone, PartialEq, Serialize, sqlx::FromRow)]
pub struct Payout {
    pub id: Uuid,
    pub run_id: Uuid,
    pub vendor_id: Uuid,
    pub store_name: String,
    pub amount_cents: i64,
    pub status: String,
    pub account_holder: String,
    pub account_number: String,
    pub branch_code: String,
    pub reference: String,
    pub failure_reason: Option<String>,
    pub created_at: DateTime<Utc>,
    pub settled_at: Option<DateTime<Utc>>,
}

const PAYOUT_COLUMNS: &str = "p.id, p.run_id, p.vendor_id, v.store_name, p.amount_cents, p.status, p.account_holder, \
     p.account_number, p.branch_code, p.reference, p.failure_reason, p.created_at, p.settled_at";

pub async fn insert_run(
    tx: &mut Tx,
    id: Uuid,
    by: Option<Uuid>,
    minimum: i64,
    now: DateTime<Utc>,
) -> DbResult<()> {
    on_tx!(tx, conn => sqlx::query("INSERT INTO payout_runs (id, created_by, minimum_cents, created_at) VALUES ($1, $2, $3, $4)")
        .bind(id)
        .bind(by)
        .bind(minimum)
        .bind(now)
        .execute(conn)
        .await
        .map(|r| r.rows_affected()))?;
    Ok(())
}

/// A payout about to be sent, with the bank details it goes to.
#[derive(Debug, Clone)]
pub struct NewPayout<'a> {
    pub id: Uuid,
    pub run_id: Uuid,
    pub vendor_id: Uuid,
    pub amount_cents: i64,
    pub account_holder: &'a str,
    pub account_number: &'a str,
    pub branch_code: &'a str,
    pub reference: &'a str,
}

pub async fn insert_payout(tx: &mut Tx, p: &NewPayout<'_>, now: DateTime<Utc>) -> DbResult<()> {
    on_tx!(tx, conn => sqlx::query(
        "INSERT INTO payouts (id, run_id, vendor_id, amount_cents, account_holder, account_number, branch_code, reference, \
         created_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)",
    )
    .bind(p.id)
    .bind(p.run_id)
    .bind(p.vendor_id)
    .bind(p.amount_cents)
    .bind(p.account_holder)
    .bind(p.account_number)
    .bind(p.branch_code)
    .bind(p.reference)
    .bind(now)
    .execute(conn)
    .await
    .map(|r| r.rows_affected()))?;
    Ok(())
}

/// The payouts of a run, by store name.
pub async fn run_payouts(db: &Db, run_id: Uuid) -> DbResult<Vec<Payout>> {
    let sql = format!(
        "SELECT {PAYOUT_COLUMNS} FROM payouts p JOIN vendors v ON v.id = p.vendor_id WHERE p.run_id = $1 \
         ORDER BY v.store_name, p.id"
    );
    Ok(
        on_db!(db, pool => sqlx::query_as::<_, Payout>(sqlx::AssertSqlSafe(sql.clone()))
        .bind(run_id)
        .fetch_all(pool)
        .await)?,
    )
}

/// A vendor's payouts, newest first.
pub async fn vendor_payouts(db: &Db, vendor_id: Uuid, limit: i64) -> DbResult<Vec<Payout>> {
    let sql = format!(
        "SELECT {PAYOUT_COLUMNS} FROM payouts p JOIN vendors v ON v.id = p.vendor_id WHERE p.vendor_id = $1 \
         ORDER BY p.created_at DESC, p.id DESC LIMIT $2"
    );
    Ok(
        on_db!(db, pool => sqlx::query_as::<_, Payout>(sqlx::AssertSqlSafe(sql.clone()))
        .bind(vendor_id)
        .bind(limit)
        .fetch_all(pool)
        .await)?,
    )
}

/// A payout inside a transaction.
pub async fn payout_in(tx: &mut Tx, id: Uuid) -> DbResult<Option<Payout>> {
    let sql = format!(
        "SELECT {PAYOUT_COLUMNS} FROM payouts p JOIN vendors v ON v.id = p.vendor_id WHERE p.id = $1"
    );
    Ok(
        on_tx!(tx, conn => sqlx::query_as::<_, Payout>(sqlx::AssertSqlSafe(sql.clone()))
        .bind(id)
        .fetch_optional(conn)
        .await)?,
    )
}

/// Settles a sent payout as paid or failed; false when it was settled already.
pub async fn settle_payout(
    tx: &mut Tx,
    id: Uuid,
    status: &str,
    reason: Option<&str>,
    now: DateTime<Utc>,
) -> DbResult<bool> {
    let n = on_tx!(tx, conn => sqlx::query(
        "UPDATE payouts SET status = $2, failure_reason = $3, settled_at = $4 WHERE id = $1 AND status = 'sent'",
    )
    .bind(id)
    .bind(status)
    .bind(reason)
    .bind(now)
    .execute(conn)
    .await
    .map(|r| r.rows_affected()))?;
    Ok(n == 1)
}

/// A vendor's payout account details in full (for the bank file).
pub async fn bank_details(
    tx: &mut Tx,
    vendor_id: Uuid,
) -> DbResult<Option<(String, String, String)>> {
    Ok(
        on_tx!(tx, conn => sqlx::query_as::<_, (String, String, String)>(
        "SELECT account_holder, account_number, branch_code FROM vendor_payout_accounts WHERE vendor_id = $1",
    )
    .bind(vendor_id)
    .fetch_optional(conn)
    .await)?,
    )
}

/// The commission rate a vendor pays now: their override, else the current agreement's
/// (0 when there is neither).
pub async fn commission_bps(tx: &mut Tx, vendor_id: Uuid) -> DbResult<i64> {
    Ok(on_tx!(tx, conn => sqlx::query_scalar::<_, i64>(
        "SELECT CAST(COALESCE((SELECT commission_rate_bps FROM vendors WHERE id = $1), \
         (SELECT commission_rate_bps FROM vendor_agreements ORDER BY version DESC LIMIT 1), 0) AS BIGINT)",
    )
    .bind(vendor_id)
    .fetch_one(conn)
    .await)?)
}

/// Fixes the commission of an order line.
pub async fn set_line_commission(tx: &mut Tx, line_id: Uuid, bps: i64, cents: i64) -> DbResult<()> {
    on_tx!(tx, conn => sqlx::query("UPDATE order_items SET commission_bps = $2, commission_cents = $3 WHERE id = $1")
        .bind(line_id)
        .bind(bps)
        .bind(cents)
        .execute(conn)
        .await
        .map(|r| r.rows_affected()))?;
    Ok(())
}

/// The commission fixed on a part's lines.
pub async fn part_commission(tx: &mut Tx, part_id: Uuid) -> DbResult<i64> {
    Ok(on_tx!(tx, conn => sqlx::query_scalar::<_, i64>(
        "SELECT CAST(COALESCE(SUM(commission_cents), 0) AS BIGINT) FROM order_items WHERE part_id = $1",
    )
    .bind(part_id)
    .fetch_one(conn)
    .await)?)
}
