//! Loyalty points (SPEC.md §3, §5, §8–9): a balance per user that never goes negative,
//! a history of earned, spent and refunded points, and single-use codes.
//!
//! Every change is one conditional `UPDATE` of the balance plus one history row in the
//! caller's transaction. Spending only succeeds while the balance covers it, so concurrent
//! spends cannot take it below zero on either database (and a CHECK constraint backs it).
//! A movement tied to an order has a `source` (`order_spend`, `order_earn`,
//! `order_refund`) that a unique index allows once per order.

use chrono::{DateTime, Duration, Utc};
use serde::Serialize;
use uuid::Uuid;

use crate::{Db, DbError, DbResult, Tx, on_db, on_tx};

/// Transactions listed by default (SPEC.md §9).
pub const DEFAULT_LIMIT: i64 = 20;
/// Longest points code (SPEC.md §5, §9).
pub const CODE_MAX_LEN: usize = 12;
/// How long a code is valid after it is made.
pub const CODE_VALID_DAYS: i64 = 365;

#[derive(Debug, Clone, PartialEq, Serialize, sqlx::FromRow)]
pub struct Balance {
    pub user_id: Uuid,
    pub current_balance: i64,
    pub lifetime_earned: i64,
    pub lifetime_spent: i64,
}

#[derive(Debug, Clone, PartialEq, Serialize, sqlx::FromRow)]
pub struct Transaction {
    pub id: Uuid,
    pub transaction_type: String,
    pub points_amount: i64,
    pub description: String,
    pub order_id: Option<Uuid>,
    pub created_at: DateTime<Utc>,
}

/// Creates the user's balance at zero unless it exists.
pub async fn ensure(tx: &mut Tx, user_id: Uuid) -> DbResult<()> {
    on_tx!(tx, conn => sqlx::query(
        "INSERT INTO user_points (user_id, current_balance, lifetime_earned, lifetime_spent, updated_at) \
         VALUES ($1, 0, 0, 0, $2) ON CONFLICT (user_id) DO NOTHING",
    )
    .bind(user_id)
    .bind(Utc::now())
    .execute(conn)
    .await.map(|r| r.rows_affected()))?;
    Ok(())
}

/// The balance inside a transaction, created at zero on first read. On PostgreSQL the row
/// stays locked until the transaction ends, which serialises one customer's checkouts.
pub async fn lock(tx: &mut Tx, user_id: Uuid) -> DbResult<Balance> {
    ensure(tx, user_id).await?;
    let lock = if matches!(tx, Tx::Postgres(_)) {
        " FOR NO KEY UPDATE"
    } else {
        ""
    };
    let sql = format!(
        "SELECT user_id, current_balance, lifetime_earned, lifetime_spent FROM user_points WHERE user_id = $1{lock}"
    );
    Ok(
        on_tx!(tx, conn => sqlx::query_as::<_, Balance>(sqlx::AssertSqlSafe(sql))
        .bind(user_id)
        .fetch_one(conn)
        .await)?,
    )
}

/// The balance, created at zero on first read (SPEC.md §7).
pub async fn balance(db: &Db, user_id: Uuid) -> DbResult<Balance> {
    let found = on_db!(db, pool => sqlx::query_as::<_, Balance>(
        "SELECT user_id, current_balance, lifetime_earned, lifetime_spent FROM user_points WHERE user_id = $1",
    )
    .bind(user_id)
    .fetch_optional(pool)
    .await)?;
    if let Some(b) = found {
        return Ok(b);
    }
    let mut tx = db.begin().await?;
    let b = lock(&mut tx, user_id).await?;
    tx.commit().await?;
    Ok(b)
}

/// The newest `limit` movements.
pub async fn transactions(db: &Db, user_id: Uuid, limit: i64) -> DbResult<Vec<Transaction>> {
    Ok(on_db!(db, pool => sqlx::query_as::<_, Transaction>(
        "SELECT id, transaction_type, points_amount, description, order_id, created_at \
         FROM points_transactions WHERE user_id = $1 ORDER BY created_at DESC, id DESC LIMIT $2",
    )
    .bind(user_id)
    .bind(limit)
    .fetch_all(pool)
    .await)?)
}

/// One movement of points.
pub struct Movement<'a> {
    pub user_id: Uuid,
    pub kind: Kind,
    pub points: i64,
    pub description: &'a str,
    pub order_id: Option<Uuid>,
    pub source: &'a str,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    Earned,
    Spent,
    Refunded,
}

impl Kind {
    fn as_str(self) -> &'static str {
        match self {
            Kind::Earned => "earned",
            Kind::Spent => "spent",
            Kind::Refunded => "refunded",
        }
    }
}

/// What became of a movement.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Moved {
    Done,
    /// The order already moved points for this reason; nothing changed.
    AlreadyDone,
    /// Spending more than the balance; nothing changed.
    Insufficient,
}

/// Records a movement and changes the balance, unless the order already has one for the
/// same reason or (for spending) the balance does not cover it.
pub async fn apply(tx: &mut Tx, m: &Movement<'_>) -> DbResult<Moved> {
    if m.points <= 0 {
        return Ok(Moved::Done);
    }
    ensure(tx, m.user_id).await?;
    let now = Utc::now();
    let update = match m.kind {
        Kind::Spent => {
            "UPDATE user_points SET current_balance = current_balance - $2, lifetime_spent = lifetime_spent + $2, \
             updated_at = $3 WHERE user_id = $1 AND current_balance >= $2"
        }
        Kind::Earned => {
            "UPDATE user_points SET current_balance = current_balance + $2, lifetime_earned = lifetime_earned + $2, \
             updated_at = $3 WHERE user_id = $1"
        }
        // A refund gives back what was spent, so it also undoes the lifetime spend.
        Kind::Refunded => {
            "UPDATE user_points SET current_balance = current_balance + $2, \
             lifetime_spent = CASE WHEN lifetime_spent >= $2 THEN lifetime_spent - $2 ELSE 0 END, \
             updated_at = $3 WHERE user_id = $1"
        }
    };
    let inserted = on_tx!(tx, conn => sqlx::query(
        "INSERT INTO points_transactions (id, user_id, transaction_type, points_amount, description, order_id, source, created_at) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8) ON CONFLICT (order_id, source) WHERE order_id IS NOT NULL DO NOTHING",
    )
    .bind(Uuid::now_v7())
    .bind(m.user_id)
    .bind(m.kind.as_str())
    .bind(m.points)
    .bind(m.description)
    .bind(m.order_id)
    .bind(m.source)
    .bind(now)
    .execute(conn)
    .await.map(|r| r.rows_affected()))?;
    if inserted == 0 {
        return Ok(Moved::AlreadyDone);
    }
    let changed = on_tx!(tx, conn => sqlx::query(update)
        .bind(m.user_id)
        .bind(m.points)
        .bind(now)
        .execute(conn)
        .await.map(|r| r.rows_affected()))?;
    if changed == 0 {
        // Only a spend can miss; the caller rolls back, taking the history row with it.
        return Ok(Moved::Insufficient);
    }
    Ok(Moved::Done)
}

/// The result of redeeming a code, in the shape SPEC.md §7 gives the RPC.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Redeemed {
    Awarded(i64),
    Invalid,
    Expired,
    /// This customer redeemed this code before.
    AlreadyUsed,
    /// A single-use code (of a batch) another customer redeemed first.
    Taken,
    /// Its batch was disabled.
    Disabled,
}

/// Redeems a points code for this user: a code of a batch once in all, any other once per
/// customer. The code is already normalised. Nothing is written unless points are awarded.
pub async fn redeem(tx: &mut Tx, user_id: Uuid, code: &str) -> DbResult<Redeemed> {
    let found = on_tx!(tx, conn => sqlx::query_as::<_, (i64, DateTime<Utc>, Option<Uuid>, bool)>(
        "SELECT c.points, c.expires_at, c.batch_id, b.disabled_at IS NOT NULL \
         FROM points_codes c LEFT JOIN points_code_batches b ON b.id = c.batch_id WHERE c.code = $1",
    )
    .bind(code)
    .fetch_optional(conn)
    .await)?;
    let Some((points, expires_at, batch, disabled)) = found else {
        return Ok(Redeemed::Invalid);
    };
    if disabled {
        return Ok(Redeemed::Disabled);
    }
    let now = Utc::now();
    if expires_at <= now {
        return Ok(Redeemed::Expired);
    }
    if batch.is_some() {
        // One conditional update claims the code: of two customers at once, one wins.
        let claimed = on_tx!(tx, conn => sqlx::query(
            "UPDATE points_codes SET redeemed_at = $2 WHERE code = $1 AND redeemed_at IS NULL",
        )
        .bind(code)
        .bind(now)
        .execute(conn)
        .await.map(|r| r.rows_affected()))?;
        if claimed == 0 {
            let mine = on_tx!(tx, conn => sqlx::query_scalar::<_, i64>(
                "SELECT COUNT(*) FROM points_code_redemptions WHERE code = $1 AND user_id = $2",
            )
            .bind(code)
            .bind(user_id)
            .fetch_one(conn)
            .await)?;
            return Ok(if mine > 0 {
                Redeemed::AlreadyUsed
            } else {
                Redeemed::Taken
            });
        }
    }
    let fresh = on_tx!(tx, conn => sqlx::query(
        "INSERT INTO points_code_redemptions (code, user_id, points, redeemed_at) VALUES ($1, $2, $3, $4) \
         ON CONFLICT (code, user_id) DO NOTHING",
    )
    .bind(code)
    .bind(user_id)
    .bind(points)
    .bind(now)
    .execute(conn)
    .await.map(|r| r.rows_affected()))?;
    if fresh == 0 {
        return Ok(Redeemed::AlreadyUsed);
    }
    let description = format!("Redeemed code {code}");
    let source = format!("code:{code}");
    apply(
        tx,
        &Movement {
            user_id,
            kind: Kind::Earned,
            points,
            description: &description,
            order_id: None,
            source: &source,
        },
    )
    .await?;
    Ok(Redeemed::Awarded(points))
}

/// Adds a code valid for [`CODE_VALID_DAYS`] from `created_at`; `Conflict` when it exists.
pub async fn create_code(
    tx: &mut Tx,
    code: &str,
    points: i64,
    description: &str,
    created_at: DateTime<Utc>,
) -> DbResult<()> {
    if code.is_empty() || code.len() > CODE_MAX_LEN || points <= 0 {
        return Err(DbError::Conflict(format!("invalid points code {code}")));
    }
    on_tx!(tx, conn => sqlx::query(
        "INSERT INTO points_codes (code, points, description, created_at, expires_at) VALUES ($1, $2, $3, $4, $5) \
         ON CONFLICT (code) DO NOTHING",
    )
    .bind(code)
    .bind(points)
    .bind(description)
    .bind(created_at)
    .bind(created_at + Duration::days(CODE_VALID_DAYS))
    .execute(conn)
    .await.map(|r| r.rows_affected()))?;
    Ok(())
}
