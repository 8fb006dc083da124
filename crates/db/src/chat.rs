//! Conversations and their messages (`conversations`, `chat_messages`). Each side's unread
//! count lives on the conversation and changes in the transaction that adds or reads
//! messages, so lists and badges never count rows.

use bazaar_domain::chat::{ConversationKind, Side};
use chrono::{DateTime, Utc};
use uuid::Uuid;

use crate::{Db, DbResult, Tx, on_db, on_tx};

/// A conversation with what its views show: the store, the customer's name, and what it was
/// started about.
#[derive(Debug, Clone, PartialEq, sqlx::FromRow)]
pub struct ConversationRow {
    pub id: Uuid,
    #[sqlx(try_from = "String")]
    pub kind: ConversationKind,
    pub customer_id: Uuid,
    pub vendor_id: Option<Uuid>,
    pub customer_unread: i64,
    pub staff_unread: i64,
    pub last_message: Option<String>,
    pub last_message_at: Option<DateTime<Utc>>,
    pub blocked_by: Option<String>,
    pub reported_by: Option<String>,
    pub report_reason: Option<String>,
    pub reported_at: Option<DateTime<Utc>>,
    pub report_resolved_at: Option<DateTime<Utc>>,
    pub created_at: DateTime<Utc>,
    pub vendor_slug: Option<String>,
    pub vendor_name: Option<String>,
    pub vendor_logo_url: Option<String>,
    /// The user who owns the store (who answers for it).
    pub vendor_owner_id: Option<Uuid>,
    pub customer_name: Option<String>,
    pub customer_email: String,
    pub product_id: Option<Uuid>,
    pub product_slug: Option<String>,
    pub product_name: Option<String>,
    pub product_image_url: Option<String>,
    pub order_part_id: Option<Uuid>,
    pub order_id: Option<Uuid>,
    pub order_number: Option<String>,
    pub order_status: Option<String>,
}

impl ConversationRow {
    pub fn blocked_by(&self) -> Option<Side> {
        self.blocked_by.as_deref().and_then(|s| s.parse().ok())
    }

    /// Reported and not yet resolved by an admin.
    pub fn reported(&self) -> bool {
        self.reported_at.is_some() && self.report_resolved_at.is_none()
    }

    /// The unread count of `side`.
    pub fn unread_of(&self, side: Side) -> i64 {
        if side.is_customer() {
            self.customer_unread
        } else {
            self.staff_unread
        }
    }
}

const CONVERSATION: &str = "SELECT c.id, c.kind, c.customer_id, c.vendor_id, c.customer_unread, c.staff_unread, \
     c.last_message, c.last_message_at, c.blocked_by, c.reported_by, c.report_reason, c.reported_at, \
     c.report_resolved_at, c.created_at, \
     v.store_slug AS vendor_slug, v.store_name AS vendor_name, v.store_logo_url AS vendor_logo_url, \
     v.user_id AS vendor_owner_id, pr.full_name AS customer_name, u.email AS customer_email, \
     c.product_id, p.slug AS product_slug, p.name AS product_name, p.image_url AS product_image_url, \
     c.order_part_id, op.order_id, o.order_number, op.status AS order_status \
     FROM conversations c \
     JOIN users u ON u.id = c.customer_id \
     LEFT JOIN profiles pr ON pr.id = c.customer_id \
     LEFT JOIN vendors v ON v.id = c.vendor_id \
     LEFT JOIN products p ON p.id = c.product_id \
     LEFT JOIN order_parts op ON op.id = c.order_part_id \
     LEFT JOIN orders o ON o.id = op.order_id";

/// One message with the product or order it carries.
#[derive(Debug, Clone, PartialEq, sqlx::FromRow)]
pub struct MessageRow {
    pub id: Uuid,
    pub conversation_id: Uuid,
    #[sqlx(try_from = "String")]
    pub sender: Side,
    pub sender_id: Option<Uuid>,
    pub body: String,
    pub created_at: DateTime<Utc>,
    pub read_at: Option<DateTime<Utc>>,
    pub product_id: Option<Uuid>,
    pub product_slug: Option<String>,
    pub product_name: Option<String>,
    pub product_image_url: Option<String>,
    pub order_part_id: Option<Uuid>,
    pub order_id: Option<Uuid>,
    pub order_number: Option<String>,
    pub order_status: Option<String>,
}

const MESSAGE: &str = "SELECT m.id, m.conversation_id, m.sender, m.sender_id, m.body, m.created_at, m.read_at, \
     m.product_id, p.slug AS product_slug, p.name AS product_name, p.image_url AS product_image_url, \
     m.order_part_id, op.order_id, o.order_number, op.status AS order_status \
     FROM chat_messages m \
     LEFT JOIN products p ON p.id = m.product_id \
     LEFT JOIN order_parts op ON op.id = m.order_part_id \
     LEFT JOIN orders o ON o.id = op.order_id";

pub async fn get(db: &Db, id: Uuid) -> DbResult<Option<ConversationRow>> {
    let sql = format!("{CONVERSATION} WHERE c.id = $1");
    Ok(
        on_db!(db, pool => sqlx::query_as::<_, ConversationRow>(sqlx::AssertSqlSafe(sql.as_str()))
        .bind(id)
        .fetch_optional(pool)
        .await)?,
    )
}

pub async fn get_in(tx: &mut Tx, id: Uuid) -> DbResult<Option<ConversationRow>> {
    let sql = format!("{CONVERSATION} WHERE c.id = $1");
    Ok(
        on_tx!(tx, conn => sqlx::query_as::<_, ConversationRow>(sqlx::AssertSqlSafe(sql.as_str()))
        .bind(id)
        .fetch_optional(conn)
        .await)?,
    )
}

/// The customer's conversation with `vendor` (or with support when `None`), started if there
/// is none yet; its id.
pub async fn open(
    tx: &mut Tx,
    customer: Uuid,
    vendor: Option<Uuid>,
    product: Option<Uuid>,
    order_part: Option<Uuid>,
) -> DbResult<Uuid> {
    let kind = match vendor {
        Some(_) => ConversationKind::Vendor,
        None => ConversationKind::Support,
    };
    // The partial unique indexes keep one per pair; a racing start loses quietly.
    let conflict = match kind {
        ConversationKind::Vendor => "(customer_id, vendor_id) WHERE kind = 'vendor'",
        ConversationKind::Support => "(customer_id) WHERE kind = 'support'",
    };
    let sql = format!(
        "INSERT INTO conversations (id, kind, customer_id, vendor_id, product_id, order_part_id, created_at) \
         VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT {conflict} DO NOTHING"
    );
    on_tx!(tx, conn => sqlx::query(sqlx::AssertSqlSafe(sql.as_str()))
        .bind(Uuid::now_v7())
        .bind(kind.as_str())
        .bind(customer)
        .bind(vendor)
        .bind(product)
        .bind(order_part)
        .bind(Utc::now())
        .execute(conn)
        .await.map(|_| ()))?;
    let id: Uuid = match vendor {
        Some(vendor) => on_tx!(tx, conn => sqlx::query_scalar(
            "SELECT id FROM conversations WHERE kind = 'vendor' AND customer_id = $1 AND vendor_id = $2",
        )
        .bind(customer)
        .bind(vendor)
        .fetch_one(conn)
        .await)?,
        None => on_tx!(tx, conn => sqlx::query_scalar(
            "SELECT id FROM conversations WHERE kind = 'support' AND customer_id = $1",
        )
        .bind(customer)
        .fetch_one(conn)
        .await)?,
    };
    Ok(id)
}

/// Makes `product` and `order_part` what the conversation is about (the latest start's).
pub async fn set_context(
    tx: &mut Tx,
    id: Uuid,
    product: Option<Uuid>,
    order_part: Option<Uuid>,
) -> DbResult<()> {
    on_tx!(tx, conn => sqlx::query(
        "UPDATE conversations SET product_id = $2, order_part_id = $3 WHERE id = $1",
    )
    .bind(id)
    .bind(product)
    .bind(order_part)
    .execute(conn)
    .await
    .map(|_| ()))?;
    Ok(())
}

/// A message to add.
#[derive(Debug, Clone)]
pub struct NewMessage<'a> {
    pub conversation_id: Uuid,
    pub sender: Side,
    pub sender_id: Uuid,
    pub body: &'a str,
    /// What lists show of it.
    pub preview: &'a str,
    pub product_id: Option<Uuid>,
    pub order_part_id: Option<Uuid>,
}

/// Adds a message and counts it unread for the other side, unless the conversation is
/// blocked (then `None`, and nothing is written).
pub async fn add_message(tx: &mut Tx, m: &NewMessage<'_>) -> DbResult<Option<MessageRow>> {
    let now = Utc::now();
    let counter = if m.sender.is_customer() {
        "staff_unread"
    } else {
        "customer_unread"
    };
    let sql = format!(
        "UPDATE conversations SET {counter} = {counter} + 1, last_message = $2, last_message_at = $3 \
         WHERE id = $1 AND blocked_by IS NULL"
    );
    let n = on_tx!(tx, conn => sqlx::query(sqlx::AssertSqlSafe(sql.as_str()))
        .bind(m.conversation_id)
        .bind(m.preview)
        .bind(now)
        .execute(conn)
        .await
        .map(|r| r.rows_affected()))?;
    if n == 0 {
        return Ok(None);
    }
    let id = Uuid::now_v7();
    on_tx!(tx, conn => sqlx::query(
        "INSERT INTO chat_messages (id, conversation_id, sender, sender_id, body, product_id, order_part_id, created_at) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8)",
    )
    .bind(id)
    .bind(m.conversation_id)
    .bind(m.sender.as_str())
    .bind(m.sender_id)
    .bind(m.body)
    .bind(m.product_id)
    .bind(m.order_part_id)
    .bind(now)
    .execute(conn)
    .await.map(|_| ()))?;
    let sql = format!("{MESSAGE} WHERE m.id = $1");
    let row = on_tx!(tx, conn => sqlx::query_as::<_, MessageRow>(sqlx::AssertSqlSafe(sql.as_str()))
        .bind(id)
        .fetch_one(conn)
        .await)?;
    Ok(Some(row))
}

/// Up to `limit` messages before `before` (the newest when `None`), oldest first, and
/// whether there are older ones.
pub async fn messages(
    db: &Db,
    conversation: Uuid,
    before: Option<Uuid>,
    limit: i64,
) -> DbResult<(Vec<MessageRow>, bool)> {
    // Ids are time-ordered (UUIDv7), so they page the thread.
    let sql = match before {
        Some(_) => format!(
            "{MESSAGE} WHERE m.conversation_id = $1 AND m.id < $3 ORDER BY m.id DESC LIMIT $2"
        ),
        None => format!("{MESSAGE} WHERE m.conversation_id = $1 ORDER BY m.id DESC LIMIT $2"),
    };
    let mut rows = on_db!(db, pool => {
        let q = sqlx::query_as::<_, MessageRow>(sqlx::AssertSqlSafe(sql.as_str())).bind(conversation).bind(limit + 1);
        let q = match before { Some(b) => q.bind(b), None => q };
        q.fetch_all(pool).await
    })?;
    let more = rows.len() as i64 > limit;
    rows.truncate(limit as usize);
    rows.reverse();
    Ok((rows, more))
}

/// Marks the messages `reader` has not read (the other side's) read; how many, and when.
pub async fn mark_read(
    tx: &mut Tx,
    conversation: Uuid,
    reader: Side,
) -> DbResult<(u64, DateTime<Utc>)> {
    let now = Utc::now();
    let (incoming, counter, emailed) = if reader.is_customer() {
        (
            "sender <> 'customer'",
            "customer_unread",
            "customer_emailed_at",
        )
    } else {
        ("sender = 'customer'", "staff_unread", "staff_emailed_at")
    };
    let sql = format!(
        "UPDATE chat_messages SET read_at = $2 WHERE conversation_id = $1 AND read_at IS NULL AND {incoming}"
    );
    let n = on_tx!(tx, conn => sqlx::query(sqlx::AssertSqlSafe(sql.as_str()))
        .bind(conversation)
        .bind(now)
        .execute(conn)
        .await
        .map(|r| r.rows_affected()))?;
    // Reading is returning: the next message left unread may be emailed about again.
    let sql = format!("UPDATE conversations SET {counter} = 0, {emailed} = NULL WHERE id = $1");
    on_tx!(tx, conn => sqlx::query(sqlx::AssertSqlSafe(sql.as_str())).bind(conversation).execute(conn).await.map(|_| ()))?;
    Ok((n, now))
}

/// How many messages `sender` wrote since `since` (the rate limit).
pub async fn sent_since(db: &Db, sender: Uuid, since: DateTime<Utc>) -> DbResult<i64> {
    Ok(on_db!(db, pool => sqlx::query_scalar(
        "SELECT COUNT(*) FROM chat_messages WHERE sender_id = $1 AND created_at >= $2",
    )
    .bind(sender)
    .bind(since)
    .fetch_one(pool)
    .await)?)
}

/// Blocks the conversation by `side` (when nobody has); whether it changed.
pub async fn block(tx: &mut Tx, id: Uuid, side: Side) -> DbResult<bool> {
    let n = on_tx!(tx, conn => sqlx::query(
        "UPDATE conversations SET blocked_by = $2, blocked_at = $3 WHERE id = $1 AND blocked_by IS NULL",
    )
    .bind(id)
    .bind(side.as_str())
    .bind(Utc::now())
    .execute(conn)
    .await
    .map(|r| r.rows_affected()))?;
    Ok(n == 1)
}

/// Lifts `side`'s block; whether there was one.
pub async fn unblock(tx: &mut Tx, id: Uuid, side: Side) -> DbResult<bool> {
    let n = on_tx!(tx, conn => sqlx::query(
        "UPDATE conversations SET blocked_by = NULL, blocked_at = NULL WHERE id = $1 AND blocked_by = $2",
    )
    .bind(id)
    .bind(side.as_str())
    .execute(conn)
    .await
    .map(|r| r.rows_affected()))?;
    Ok(n == 1)
}

/// Reports the conversation (again, if an earlier report was resolved).
pub async fn report(tx: &mut Tx, id: Uuid, side: Side, reason: &str) -> DbResult<()> {
    on_tx!(tx, conn => sqlx::query(
        "UPDATE conversations SET reported_by = $2, report_reason = $3, reported_at = $4, report_resolved_at = NULL \
         WHERE id = $1",
    )
    .bind(id)
    .bind(side.as_str())
    .bind(reason)
    .bind(Utc::now())
    .execute(conn)
    .await.map(|_| ()))?;
    Ok(())
}

/// Resolves an open report; whether there was one.
pub async fn resolve_report(tx: &mut Tx, id: Uuid) -> DbResult<bool> {
    let n = on_tx!(tx, conn => sqlx::query(
        "UPDATE conversations SET report_resolved_at = $2 \
         WHERE id = $1 AND reported_at IS NOT NULL AND report_resolved_at IS NULL",
    )
    .bind(id)
    .bind(Utc::now())
    .execute(conn)
    .await
    .map(|r| r.rows_affected()))?;
    Ok(n == 1)
}

/// The customer's conversations that have messages, latest activity first.
pub async fn of_customer(db: &Db, customer: Uuid) -> DbResult<Vec<ConversationRow>> {
    let sql = format!(
        "{CONVERSATION} WHERE c.customer_id = $1 AND c.last_message_at IS NOT NULL \
         ORDER BY c.last_message_at DESC, c.id DESC LIMIT 200"
    );
    Ok(
        on_db!(db, pool => sqlx::query_as::<_, ConversationRow>(sqlx::AssertSqlSafe(sql.as_str()))
        .bind(customer)
        .fetch_all(pool)
        .await)?,
    )
}

/// Which staff conversations a list shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Inbox {
    /// One store's conversations (`unread`: only those with unread messages).
    Store { vendor: Uuid, unread: bool },
    /// Support conversations (`unread`: only those with unread messages).
    Support { unread: bool },
    /// Conversations with an open report.
    Reported,
}

/// A page of an inbox, latest activity first, and the total.
pub async fn inbox(
    db: &Db,
    which: Inbox,
    limit: i64,
    offset: i64,
) -> DbResult<(Vec<ConversationRow>, i64)> {
    let (filter, vendor) = match which {
        Inbox::Store { vendor, unread } => (
            if unread {
                "c.kind = 'vendor' AND c.vendor_id = $1 AND c.staff_unread > 0"
            } else {
                "c.kind = 'vendor' AND c.vendor_id = $1"
            },
            Some(vendor),
        ),
        Inbox::Support { unread } => (
            if unread {
                "c.kind = 'support' AND c.staff_unread > 0"
            } else {
                "c.kind = 'support'"
            },
            None,
        ),
        Inbox::Reported => (
            "c.reported_at IS NOT NULL AND c.report_resolved_at IS NULL",
            None,
        ),
    };
    let filter = format!("{filter} AND c.last_message_at IS NOT NULL");
    // `$1` is only used by a store's inbox; the others number their paging from `$1`.
    let (page_sql, count_sql) = match vendor {
        Some(_) => (
            format!(
                "{CONVERSATION} WHERE {filter} ORDER BY c.last_message_at DESC, c.id DESC LIMIT $2 OFFSET $3"
            ),
            format!("SELECT COUNT(*) FROM conversations c WHERE {filter}"),
        ),
        None => (
            format!(
                "{CONVERSATION} WHERE {filter} ORDER BY c.last_message_at DESC, c.id DESC LIMIT $1 OFFSET $2"
            ),
            format!("SELECT COUNT(*) FROM conversations c WHERE {filter}"),
        ),
    };
    let (rows, total) = on_db!(db, pool => {
        let rows = match vendor {
            Some(v) => sqlx::query_as::<_, ConversationRow>(sqlx::AssertSqlSafe(page_sql.as_str())).bind(v).bind(limit).bind(offset).fetch_all(pool).await,
            None => sqlx::query_as::<_, ConversationRow>(sqlx::AssertSqlSafe(page_sql.as_str())).bind(limit).bind(offset).fetch_all(pool).await,
        }?;
        let total: i64 = match vendor {
            Some(v) => sqlx::query_scalar(sqlx::AssertSqlSafe(count_sql.as_str())).bind(v).fetch_one(pool).await,
            None => sqlx::query_scalar(sqlx::AssertSqlSafe(count_sql.as_str())).fetch_one(pool).await,
        }?;
        Ok::<_, sqlx::Error>((rows, total))
    })?;
    Ok((rows, total))
}

/// Unread messages of the customer across their conversations.
pub async fn customer_unread(db: &Db, customer: Uuid) -> DbResult<i64> {
    let n: Option<i64> = on_db!(db, pool => sqlx::query_scalar(
        "SELECT CAST(SUM(customer_unread) AS BIGINT) FROM conversations WHERE customer_id = $1",
    )
    .bind(customer)
    .fetch_one(pool)
    .await)?;
    Ok(n.unwrap_or(0))
}

/// Unread customer messages for a store (`Some`) or for support (`None`).
pub async fn staff_unread(db: &Db, vendor: Option<Uuid>) -> DbResult<i64> {
    let n: Option<i64> = on_db!(db, pool => match vendor {
        Some(v) => sqlx::query_scalar(
            "SELECT CAST(SUM(staff_unread) AS BIGINT) FROM conversations WHERE kind = 'vendor' AND vendor_id = $1",
        )
        .bind(v)
        .fetch_one(pool)
        .await,
        None => sqlx::query_scalar(
            "SELECT CAST(SUM(staff_unread) AS BIGINT) FROM conversations WHERE kind = 'support'",
        )
        .fetch_one(pool)
        .await,
    })?;
    Ok(n.unwrap_or(0))
}

/// The users who answer support: admins not suspended.
pub async fn support_staff(db: &Db) -> DbResult<Vec<Uuid>> {
    Ok(on_db!(db, pool => sqlx::query_scalar(
        "SELECT p.id FROM profiles p JOIN users u ON u.id = p.id WHERE p.role = 'admin' AND u.suspended_at IS NULL",
    )
    .fetch_all(pool)
    .await)?)
}

/// The part of the customer's order a message is about: the store's part for a store's
/// conversation, the first part for support. `None` when the order is not theirs or has no
/// part of that store.
pub async fn order_part_of(
    db: &Db,
    customer: Uuid,
    order: Uuid,
    vendor: Option<Uuid>,
) -> DbResult<Option<Uuid>> {
    Ok(on_db!(db, pool => match vendor {
        Some(v) => sqlx::query_scalar(
            "SELECT op.id FROM order_parts op JOIN orders o ON o.id = op.order_id \
             WHERE o.id = $1 AND o.user_id = $2 AND op.vendor_id = $3 ORDER BY op.position LIMIT 1",
        )
        .bind(order)
        .bind(customer)
        .bind(v)
        .fetch_optional(pool)
        .await,
        None => sqlx::query_scalar(
            "SELECT op.id FROM order_parts op JOIN orders o ON o.id = op.order_id \
             WHERE o.id = $1 AND o.user_id = $2 ORDER BY op.position LIMIT 1",
        )
        .bind(order)
        .bind(customer)
        .fetch_optional(pool)
        .await,
    })?)
}

/// A listed product's store (`Some(None)` for the house's own products), or `None` when no
/// such product is sold.
pub async fn product_store(db: &Db, product: Uuid) -> DbResult<Option<Option<Uuid>>> {
    Ok(on_db!(db, pool => sqlx::query_scalar::<_, Option<Uuid>>(
        "SELECT vendor_id FROM products WHERE id = $1 AND listed",
    )
    .bind(product)
    .fetch_optional(pool)
    .await)?)
}

/// A side that left a message unread long enough to be emailed about it.
#[derive(Debug, Clone, PartialEq, sqlx::FromRow)]
pub struct Unnoticed {
    pub id: Uuid,
    #[sqlx(try_from = "String")]
    pub kind: ConversationKind,
    pub recipient_email: String,
    /// The customer's name, or the store's name.
    pub recipient_name: Option<String>,
    /// The store's name, or the customer's (none for support).
    pub sender_name: Option<String>,
    /// The oldest unread message and its id.
    pub message: String,
    pub message_id: Uuid,
}

/// Conversations whose `side` (a customer or a store; support is watched in the admin area)
/// has had a message unread since before `before` and has not been emailed since it last
/// read, oldest first, at most `limit`.
pub async fn unnoticed(
    db: &Db,
    side: Side,
    before: DateTime<Utc>,
    limit: i64,
) -> DbResult<Vec<Unnoticed>> {
    let sql = match side {
        Side::Customer => {
            "SELECT c.id, c.kind, u.email AS recipient_email, pr.full_name AS recipient_name, \
             v.store_name AS sender_name, \
             (SELECT m.body FROM chat_messages m WHERE m.conversation_id = c.id AND m.sender <> 'customer' \
              AND m.read_at IS NULL ORDER BY m.id LIMIT 1) AS message, \
             (SELECT m.id FROM chat_messages m WHERE m.conversation_id = c.id AND m.sender <> 'customer' \
              AND m.read_at IS NULL ORDER BY m.id LIMIT 1) AS message_id \
             FROM conversations c JOIN users u ON u.id = c.customer_id \
             LEFT JOIN profiles pr ON pr.id = c.customer_id LEFT JOIN vendors v ON v.id = c.vendor_id \
             WHERE c.customer_unread > 0 AND c.customer_emailed_at IS NULL AND EXISTS ( \
               SELECT 1 FROM chat_messages m WHERE m.conversation_id = c.id AND m.sender <> 'customer' \
               AND m.read_at IS NULL AND m.created_at <= $1) \
             ORDER BY c.last_message_at LIMIT $2"
        }
        _ => {
            "SELECT c.id, c.kind, ou.email AS recipient_email, v.store_name AS recipient_name, \
             pr.full_name AS sender_name, \
             (SELECT m.body FROM chat_messages m WHERE m.conversation_id = c.id AND m.sender = 'customer' \
              AND m.read_at IS NULL ORDER BY m.id LIMIT 1) AS message, \
             (SELECT m.id FROM chat_messages m WHERE m.conversation_id = c.id AND m.sender = 'customer' \
              AND m.read_at IS NULL ORDER BY m.id LIMIT 1) AS message_id \
             FROM conversations c JOIN vendors v ON v.id = c.vendor_id JOIN users ou ON ou.id = v.user_id \
             LEFT JOIN profiles pr ON pr.id = c.customer_id \
             WHERE c.kind = 'vendor' AND c.staff_unread > 0 AND c.staff_emailed_at IS NULL AND EXISTS ( \
               SELECT 1 FROM chat_messages m WHERE m.conversation_id = c.id AND m.sender = 'customer' \
               AND m.read_at IS NULL AND m.created_at <= $1) \
             ORDER BY c.last_message_at LIMIT $2"
        }
    };
    Ok(on_db!(db, pool => sqlx::query_as::<_, Unnoticed>(sql)
        .bind(before)
        .bind(limit)
        .fetch_all(pool)
        .await)?)
}

/// Records that `side` was emailed about this conversation; false when it already was (another
/// worker got there first) or has read since.
pub async fn mark_emailed(tx: &mut Tx, id: Uuid, side: Side) -> DbResult<bool> {
    let sql = if side.is_customer() {
        "UPDATE conversations SET customer_emailed_at = $2 \
         WHERE id = $1 AND customer_emailed_at IS NULL AND customer_unread > 0"
    } else {
        "UPDATE conversations SET staff_emailed_at = $2 \
         WHERE id = $1 AND staff_emailed_at IS NULL AND staff_unread > 0"
    };
    let n = on_tx!(tx, conn => sqlx::query(sql)
        .bind(id)
        .bind(Utc::now())
        .execute(conn)
        .await
        .map(|r| r.rows_affected()))?;
    Ok(n == 1)
}
