//! Chat between customers and stores, and with support (SPEC.md §3–4, §7–9): starting or
//! reopening a conversation with its context, sending (the 2,000-character rule, the rate
//! limit, blocks), reading (read receipts), typing, blocking, reporting and an admin's
//! resolution of a report. Every change and the live events it raises commit together; the
//! events are handed to the bus after the commit.

use bazaar_db::chat::{self, ConversationRow, MessageRow, NewMessage};
use bazaar_db::{Db, DbError, audit};
use bazaar_domain::chat::{self as rules, ConversationKind, MessageText, Party, Reader, Side};
use bazaar_queue::{LiveBus, LiveEvent, live};
use chrono::{Duration, Utc};
use serde::Serialize;
use serde_json::json;
use utoipa::ToSchema;
use uuid::Uuid;

use crate::selling::Actor;

mod email;
mod views;
pub use email::{EMAIL_AFTER_MINUTES, email_unread};
pub use views::{
    ConversationView, CustomerRef, MessageView, OrderRef, ProductRef, StoreRef, conversation_view,
    message_view,
};

/// Live event kinds.
pub const MESSAGE_EVENT: &str = "chat_message";
pub const READ_EVENT: &str = "chat_read";
pub const TYPING_EVENT: &str = "chat_typing";

/// How many messages a page of a thread holds.
pub const PAGE: i64 = 50;

#[derive(Debug, thiserror::Error)]
pub enum ChatError {
    #[error("{message}")]
    Invalid {
        field: &'static str,
        message: String,
    },
    /// Not there, or not the caller's to read.
    #[error("Conversation not found")]
    NotFound,
    /// Not allowed in this conversation's state (`code` names the rule).
    #[error("{message}")]
    Refused { code: &'static str, message: String },
    #[error("{}", rules::TOO_FAST)]
    TooFast { retry_after: u64 },
    #[error(transparent)]
    Db(#[from] DbError),
}

impl From<sqlx::Error> for ChatError {
    fn from(e: sqlx::Error) -> Self {
        ChatError::Db(DbError::from(e))
    }
}

fn invalid(field: &'static str, message: impl Into<String>) -> ChatError {
    ChatError::Invalid {
        field,
        message: message.into(),
    }
}

/// Who calls: a signed-in user, the store they own (if any) and whether they are an admin.
#[derive(Debug, Clone, Copy)]
pub struct Caller<'a> {
    pub id: Uuid,
    pub email: &'a str,
    pub store: Option<Uuid>,
    pub is_admin: bool,
}

impl Caller<'_> {
    fn party_in(&self, c: &ConversationRow) -> Option<Party> {
        rules::party(
            c.kind,
            c.reported(),
            Reader {
                is_customer: c.customer_id == self.id,
                owns_store: c.vendor_id.is_some() && c.vendor_id == self.store,
                is_admin: self.is_admin,
            },
        )
    }
}

/// The conversation if the caller may read it, with their party in it.
pub async fn open_for(
    db: &Db,
    caller: &Caller<'_>,
    id: Uuid,
) -> Result<(ConversationRow, Party), ChatError> {
    let c = chat::get(db, id).await?.ok_or(ChatError::NotFound)?;
    let party = caller.party_in(&c).ok_or(ChatError::NotFound)?;
    Ok((c, party))
}

/// The caller's side, refusing admins who only observe.
fn acting_side(party: Party) -> Result<Side, ChatError> {
    party.side().ok_or_else(|| ChatError::Refused {
        code: "observer",
        message: "Only the customer and the store write in this conversation".to_owned(),
    })
}

/// The users of a side: the customer, the store's owner, or every admin.
async fn users_of(db: &Db, c: &ConversationRow, side: Side) -> Result<Vec<Uuid>, ChatError> {
    Ok(match side {
        Side::Customer => vec![c.customer_id],
        Side::Vendor => c.vendor_owner_id.into_iter().collect(),
        Side::Support => chat::support_staff(db).await?,
    })
}

fn other(c: &ConversationRow, side: Side) -> Side {
    if side.is_customer() {
        Side::staff_of(c.kind)
    } else {
        Side::Customer
    }
}

/// What a message carries besides its text.
#[derive(Debug, Clone, Copy, Default)]
pub struct Context {
    pub product_id: Option<Uuid>,
    pub order_id: Option<Uuid>,
}

/// The product and order part a customer's message may carry, checked: the product must be
/// sold (by this store, in a store's conversation) and the order theirs (with a part from this
/// store). Staff messages carry none.
async fn checked_context(
    db: &Db,
    customer: Uuid,
    vendor: Option<Uuid>,
    context: Context,
) -> Result<(Option<Uuid>, Option<Uuid>), ChatError> {
    let product = match context.product_id {
        None => None,
        Some(id) => match chat::product_store(db, id).await? {
            None => return Err(invalid("product_id", "This product is not sold here")),
            Some(store) if vendor.is_some() && store != vendor => {
                return Err(invalid(
                    "product_id",
                    "This product is not sold by this store",
                ));
            }
            Some(_) => Some(id),
        },
    };
    let part = match context.order_id {
        None => None,
        Some(order) => Some(
            chat::order_part_of(db, customer, order, vendor)
                .await?
                .ok_or_else(|| match vendor {
                    Some(_) => invalid("order_id", "This order has nothing from this store"),
                    None => invalid("order_id", "Order not found"),
                })?,
        ),
    };
    Ok((product, part))
}

async fn check_rate(db: &Db, sender: Uuid) -> Result<(), ChatError> {
    let since = Utc::now() - Duration::seconds(rules::RATE_WINDOW_SECONDS);
    if rules::within_rate(chat::sent_since(db, sender, since).await?) {
        Ok(())
    } else {
        Err(ChatError::TooFast {
            retry_after: rules::RATE_WINDOW_SECONDS as u64,
        })
    }
}

fn blocked(c: &ConversationRow, side: Side) -> ChatError {
    ChatError::Refused {
        code: "blocked",
        message: rules::cannot_send(side, c.blocked_by())
            .unwrap_or("This conversation is not taking messages")
            .to_owned(),
    }
}

/// Whom a new conversation is with.
#[derive(Debug, Clone)]
pub enum With {
    Store(String),
    Support,
}

/// A sent message and the conversation after it, as the sender sees them.
#[derive(Debug, Clone)]
pub struct Sent {
    pub conversation: ConversationView,
    pub message: MessageView,
}

/// Starts the caller's conversation with a store or support, or reopens the one there is,
/// and sends its first (or next) message.
pub async fn start(
    db: &Db,
    bus: &LiveBus,
    caller: &Caller<'_>,
    with: With,
    context: Context,
    text: &str,
) -> Result<Sent, ChatError> {
    let text = MessageText::parse(text).map_err(|m| invalid("message", m))?;
    let vendor = match with {
        With::Support => None,
        With::Store(slug) => {
            let slug = slug.trim();
            if slug.is_empty() {
                return Err(invalid("vendor", "Choose the store to message"));
            }
            let store = match bazaar_db::vendors::find_approved_by_slug(db, slug).await {
                Ok(v) => v,
                Err(DbError::NotFound) => return Err(invalid("vendor", "Store not found")),
                Err(e) => return Err(e.into()),
            };
            if caller.store == Some(store.id) {
                return Err(invalid("vendor", rules::OWN_STORE));
            }
            Some(store.id)
        }
    };
    let (product, part) = checked_context(db, caller.id, vendor, context).await?;
    check_rate(db, caller.id).await?;
    let mut tx = db.begin().await?;
    let id = chat::open(&mut tx, caller.id, vendor, product, part).await?;
    if product.is_some() || part.is_some() {
        chat::set_context(&mut tx, id, product, part).await?;
    }
    let (c, message, events) = write_message(
        &mut tx,
        db,
        id,
        Side::Customer,
        caller.id,
        &text,
        product,
        part,
    )
    .await?;
    tx.commit().await?;
    bus.delivered(events);
    let party = Party::Side(Side::Customer);
    Ok(Sent {
        conversation: conversation_view(&c, party),
        message: message_view(&message, party),
    })
}

/// Writes a message in `tx` and records its live events for both sides.
#[allow(clippy::too_many_arguments)]
async fn write_message(
    tx: &mut bazaar_db::Tx,
    db: &Db,
    id: Uuid,
    side: Side,
    sender: Uuid,
    text: &MessageText,
    product: Option<Uuid>,
    part: Option<Uuid>,
) -> Result<(ConversationRow, MessageRow, Vec<LiveEvent>), ChatError> {
    let preview = text.preview();
    let new = NewMessage {
        conversation_id: id,
        sender: side,
        sender_id: sender,
        body: text.as_str(),
        preview: &preview,
        product_id: product,
        order_part_id: part,
    };
    let Some(message) = chat::add_message(tx, &new).await? else {
        let c = chat::get_in(tx, id).await?.ok_or(ChatError::NotFound)?;
        return Err(blocked(&c, side));
    };
    let c = chat::get_in(tx, id).await?.ok_or(ChatError::NotFound)?;
    let mut events = Vec::new();
    for to in [side, other(&c, side)] {
        let party = Party::Side(to);
        let payload = json!({
            "conversation_id": id,
            "as": to.as_str(),
            "message": message_view(&message, party),
            "unread_count": c.unread_of(to),
        });
        for user in users_of(db, &c, to).await? {
            events.push(live::record(tx, user, MESSAGE_EVENT, payload.clone()).await?);
        }
    }
    Ok((c, message, events))
}

/// Sends a message in a conversation the caller is a side of.
pub async fn send(
    db: &Db,
    bus: &LiveBus,
    caller: &Caller<'_>,
    id: Uuid,
    context: Context,
    text: &str,
) -> Result<MessageView, ChatError> {
    let (c, party) = open_for(db, caller, id).await?;
    let side = acting_side(party)?;
    let text = MessageText::parse(text).map_err(|m| invalid("message", m))?;
    if c.blocked_by().is_some() {
        return Err(blocked(&c, side));
    }
    // Only the customer attaches products and orders; staff write text.
    let (product, part) = if side.is_customer() {
        checked_context(db, caller.id, c.vendor_id, context).await?
    } else {
        (None, None)
    };
    check_rate(db, caller.id).await?;
    let mut tx = db.begin().await?;
    let (_, message, events) =
        write_message(&mut tx, db, id, side, caller.id, &text, product, part).await?;
    if side == Side::Support {
        audit::record(
            &mut tx,
            &audit::Entry {
                actor_id: caller.id,
                actor_email: caller.email,
                action: "support.reply",
                subject_type: "conversation",
                subject_id: id.to_string(),
                details: json!({ "message_id": message.id }),
            },
            Utc::now(),
        )
        .await?;
    }
    tx.commit().await?;
    bus.delivered(events);
    Ok(message_view(&message, party))
}

/// The thread as the caller sees it: the conversation and a page of messages.
pub async fn thread(
    db: &Db,
    caller: &Caller<'_>,
    id: Uuid,
    before: Option<Uuid>,
) -> Result<(ConversationView, Vec<MessageView>, bool), ChatError> {
    let (c, party) = open_for(db, caller, id).await?;
    if party == Party::Observer && before.is_none() {
        // An admin reading a store's conversation with a customer: on the record.
        let mut tx = db.begin().await?;
        audit::record(
            &mut tx,
            &audit::Entry {
                actor_id: caller.id,
                actor_email: caller.email,
                action: "conversation.view_reported",
                subject_type: "conversation",
                subject_id: id.to_string(),
                details: json!({ "reason": c.report_reason }),
            },
            Utc::now(),
        )
        .await?;
        tx.commit().await?;
    }
    let (messages, more) = chat::messages(db, id, before, PAGE).await?;
    Ok((
        conversation_view(&c, party),
        messages.iter().map(|m| message_view(m, party)).collect(),
        more,
    ))
}

/// Marks the other side's messages read for the caller's side; the other side (and the
/// caller's other tabs) hear of it when anything changed.
pub async fn read(db: &Db, bus: &LiveBus, caller: &Caller<'_>, id: Uuid) -> Result<u64, ChatError> {
    let (c, party) = open_for(db, caller, id).await?;
    let Some(side) = party.side() else {
        return Ok(0);
    };
    if c.unread_of(side) == 0 {
        // Nothing counted unread: nothing to write (opening a read thread is only a read).
        return Ok(0);
    }
    let mut tx = db.begin().await?;
    let (n, read_at) = chat::mark_read(&mut tx, id, side).await?;
    let mut events = Vec::new();
    if n > 0 {
        for to in [other(&c, side), side] {
            let payload = json!({
                "conversation_id": id,
                "as": to.as_str(),
                "reader": side.as_str(),
                "read_at": read_at,
            });
            for user in users_of(db, &c, to).await? {
                events.push(live::record(&mut tx, user, READ_EVENT, payload.clone()).await?);
            }
        }
    }
    tx.commit().await?;
    bus.delivered(events);
    Ok(n)
}

/// Tells the other side the caller is typing (not kept, never replayed).
pub async fn typing(
    db: &Db,
    bus: &LiveBus,
    caller: &Caller<'_>,
    id: Uuid,
) -> Result<(), ChatError> {
    let (c, party) = open_for(db, caller, id).await?;
    let side = acting_side(party)?;
    if c.blocked_by().is_some() {
        return Ok(());
    }
    let to = other(&c, side);
    let users = users_of(db, &c, to).await?;
    live::ephemeral(
        db,
        bus,
        &users,
        TYPING_EVENT,
        json!({ "conversation_id": id, "as": to.as_str(), "sender": side.as_str() }),
    )
    .await?;
    Ok(())
}

/// Blocks (`true`) or unblocks a store's conversation for the caller's side.
pub async fn set_blocked(
    db: &Db,
    caller: &Caller<'_>,
    id: Uuid,
    block: bool,
) -> Result<ConversationView, ChatError> {
    let (c, party) = open_for(db, caller, id).await?;
    let side = acting_side(party)?;
    if c.kind == ConversationKind::Support {
        return Err(ChatError::Refused {
            code: "not_blockable",
            message: rules::SUPPORT_NOT_BLOCKABLE.to_owned(),
        });
    }
    let mut tx = db.begin().await?;
    let changed = if block {
        chat::block(&mut tx, id, side).await?
    } else {
        chat::unblock(&mut tx, id, side).await?
    };
    if !changed && block && c.blocked_by() != Some(side) {
        tx.rollback().await?;
        return Err(ChatError::Refused {
            code: "blocked",
            message: "The other side has already blocked this conversation".to_owned(),
        });
    }
    let after = chat::get_in(&mut tx, id)
        .await?
        .ok_or(ChatError::NotFound)?;
    tx.commit().await?;
    Ok(conversation_view(&after, party))
}

/// Reports the conversation to the admins with a reason.
pub async fn report(
    db: &Db,
    caller: &Caller<'_>,
    id: Uuid,
    reason: &str,
) -> Result<ConversationView, ChatError> {
    let (_, party) = open_for(db, caller, id).await?;
    let side = acting_side(party)?;
    if side == Side::Support {
        return Err(ChatError::Refused {
            code: "not_reportable",
            message: "Support does not report its own conversations".to_owned(),
        });
    }
    let reason = rules::parse_reason(reason).map_err(|m| invalid("reason", m))?;
    let mut tx = db.begin().await?;
    chat::report(&mut tx, id, side, &reason).await?;
    let after = chat::get_in(&mut tx, id)
        .await?
        .ok_or(ChatError::NotFound)?;
    tx.commit().await?;
    Ok(conversation_view(&after, party))
}

/// An admin resolves a conversation's open report (audited).
pub async fn resolve_report(
    db: &Db,
    actor: &Actor<'_>,
    id: Uuid,
) -> Result<ConversationView, ChatError> {
    let c = chat::get(db, id).await?.ok_or(ChatError::NotFound)?;
    if !c.reported() {
        return Err(ChatError::Refused {
            code: "not_reported",
            message: "This conversation has no open report".to_owned(),
        });
    }
    let mut tx = db.begin().await?;
    if !chat::resolve_report(&mut tx, id).await? {
        tx.rollback().await?;
        return Err(ChatError::Refused {
            code: "not_reported",
            message: "This conversation has no open report".to_owned(),
        });
    }
    audit::record(
        &mut tx,
        &audit::Entry {
            actor_id: actor.id,
            actor_email: actor.email,
            action: "conversation.resolve_report",
            subject_type: "conversation",
            subject_id: id.to_string(),
            details: json!({
                "reported_by": c.reported_by,
                "reason": c.report_reason,
            }),
        },
        Utc::now(),
    )
    .await?;
    let after = chat::get_in(&mut tx, id)
        .await?
        .ok_or(ChatError::NotFound)?;
    tx.commit().await?;
    // The admin reads it as support, or as an observer of a store's conversation (no longer
    // reported, but the answer shows the state they acted on).
    let party = match after.kind {
        ConversationKind::Support => Party::Side(Side::Support),
        ConversationKind::Vendor => Party::Observer,
    };
    Ok(conversation_view(&after, party))
}

/// The caller's unread counts: as a customer, for their store, and for support (admins).
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct Unread {
    pub customer: i64,
    /// Null when the caller has no store.
    pub vendor: Option<i64>,
    /// Null unless the caller is an admin.
    pub support: Option<i64>,
}

pub async fn unread(db: &Db, caller: &Caller<'_>) -> Result<Unread, ChatError> {
    Ok(Unread {
        customer: chat::customer_unread(db, caller.id).await?,
        vendor: match caller.store {
            Some(store) => Some(chat::staff_unread(db, Some(store)).await?),
            None => None,
        },
        support: if caller.is_admin {
            Some(chat::staff_unread(db, None).await?)
        } else {
            None
        },
    })
}
