//! Chat between customers and stores, and with support (SPEC.md §3–4, §7–9): starting or
//! reopening a conversation with its context, sending (the 2,000-character rule, the rate
//! limit, blocks), reading (read receipts), typing, blocking, reporting and an admin's
//! resolution of a report. Every change and the live events it raises commit together; the
//! events are handed to the bus after the commit.

use bazaar_db::chat::{self, ConversationRow, MessageRow, NewMessage};
use bazaar_db::{Db, DbError, audit};
use bazaar_domain::chat::{self as rules, ConversationKind, MessageText, Party, Reader, Side};
use bazaar_queue::{LiveBus, LiveEvent, live};
use chrono::{DateTime, Duration, Utc};
use serde::Serialize;
use serde_json::json;
use utoipa::ToSchema;
use uuid::Uuid;

use crate::selling::Actor;

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

#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct StoreRef {
    pub slug: String,
    pub name: String,
    pub logo_url: Option<String>,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct CustomerRef {
    pub id: Uuid,
    /// The customer's name, or "Customer" when they gave none.
    pub name: String,
    /// Shown to support and to admins reading a reported conversation only.
    pub email: Option<String>,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct ProductRef {
    pub id: Uuid,
    pub slug: String,
    pub name: String,
    pub image_url: Option<String>,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct OrderRef {
    pub id: Uuid,
    pub order_number: String,
    /// The status of this store's part of the order.
    pub status: String,
}

/// A conversation as one party sees it.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct ConversationView {
    pub id: Uuid,
    /// `vendor` or `support`.
    pub kind: String,
    /// The caller's side in it: `customer`, `vendor`, `support`, or `observer` (an admin
    /// reading a reported conversation).
    #[serde(rename = "as")]
    pub party: String,
    /// The other side: the store's name or "Support" for the customer, the customer's name for
    /// the others.
    pub title: String,
    pub subtitle: String,
    pub avatar_url: Option<String>,
    pub vendor: Option<StoreRef>,
    /// Shown to the store, support and admins.
    pub customer: Option<CustomerRef>,
    /// What the customer started it about, when anything.
    pub product: Option<ProductRef>,
    pub order: Option<OrderRef>,
    pub last_message: Option<String>,
    pub last_message_at: Option<DateTime<Utc>>,
    /// The caller's unread messages in it.
    pub unread_count: i64,
    pub blocked: bool,
    pub blocked_by_me: bool,
    pub can_send: bool,
    pub cannot_send_reason: Option<String>,
    pub reported: bool,
    /// The open report's reason, for admins.
    pub report_reason: Option<String>,
    pub created_at: DateTime<Utc>,
}

/// One message as one party sees it. `body` is plain text, never HTML.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct MessageView {
    pub id: Uuid,
    pub conversation_id: Uuid,
    /// `customer`, `vendor` or `support`.
    pub sender: String,
    /// Sent by the caller's side.
    pub mine: bool,
    pub body: String,
    pub created_at: DateTime<Utc>,
    /// When the other side read it.
    pub read_at: Option<DateTime<Utc>>,
    pub product: Option<ProductRef>,
    pub order: Option<OrderRef>,
}

fn product_ref(
    id: Option<Uuid>,
    slug: &Option<String>,
    name: &Option<String>,
    image: &Option<String>,
) -> Option<ProductRef> {
    Some(ProductRef {
        id: id?,
        slug: slug.clone()?,
        name: name.clone()?,
        image_url: image.clone(),
    })
}

fn order_ref(
    id: Option<Uuid>,
    number: &Option<String>,
    status: &Option<String>,
) -> Option<OrderRef> {
    Some(OrderRef {
        id: id?,
        order_number: number.clone()?,
        status: status.clone()?,
    })
}

pub fn conversation_view(c: &ConversationRow, party: Party) -> ConversationView {
    let side = party.side();
    let customer_name = c
        .customer_name
        .as_deref()
        .map(str::trim)
        .filter(|n| !n.is_empty())
        .unwrap_or("Customer")
        .to_owned();
    let vendor = match (&c.vendor_slug, &c.vendor_name) {
        (Some(slug), Some(name)) => Some(StoreRef {
            slug: slug.clone(),
            name: name.clone(),
            logo_url: c.vendor_logo_url.clone(),
        }),
        _ => None,
    };
    let product = product_ref(
        c.product_id,
        &c.product_slug,
        &c.product_name,
        &c.product_image_url,
    );
    let order = order_ref(c.order_id, &c.order_number, &c.order_status);
    let (title, subtitle, avatar_url) = if side == Some(Side::Customer) {
        match &vendor {
            Some(v) => (v.name.clone(), "Vendor".to_owned(), v.logo_url.clone()),
            None => ("Support".to_owned(), "Customer support".to_owned(), None),
        }
    } else {
        let about = match (&order, &product) {
            (Some(o), _) => format!("Order {}", o.order_number),
            (None, Some(p)) => format!("About: {}", p.name),
            (None, None) => "Customer".to_owned(),
        };
        let subtitle = match (party, &vendor) {
            (Party::Observer, Some(v)) => format!("With {} · {about}", v.name),
            _ => about,
        };
        (customer_name.clone(), subtitle, None)
    };
    let blocked_by = c.blocked_by();
    let (can_send, reason) = match side {
        Some(side) => match rules::cannot_send(side, blocked_by) {
            Some(reason) => (false, Some(reason.to_owned())),
            None => (true, None),
        },
        None => (
            false,
            Some("You are reading a reported conversation".to_owned()),
        ),
    };
    let staff_view = side != Some(Side::Customer);
    ConversationView {
        id: c.id,
        kind: c.kind.as_str().to_owned(),
        party: party.as_str().to_owned(),
        title,
        subtitle,
        avatar_url,
        vendor,
        customer: staff_view.then(|| CustomerRef {
            id: c.customer_id,
            name: customer_name,
            email: matches!(party, Party::Side(Side::Support) | Party::Observer)
                .then(|| c.customer_email.clone()),
        }),
        product,
        order,
        last_message: c.last_message.clone(),
        last_message_at: c.last_message_at,
        unread_count: side.map(|s| c.unread_of(s)).unwrap_or(0),
        blocked: blocked_by.is_some(),
        blocked_by_me: side.is_some() && blocked_by == side,
        can_send,
        cannot_send_reason: reason,
        reported: c.reported(),
        report_reason: matches!(party, Party::Side(Side::Support) | Party::Observer)
            .then(|| c.report_reason.clone())
            .flatten()
            .filter(|_| c.reported()),
        created_at: c.created_at,
    }
}

pub fn message_view(m: &MessageRow, party: Party) -> MessageView {
    MessageView {
        id: m.id,
        conversation_id: m.conversation_id,
        sender: m.sender.as_str().to_owned(),
        mine: party.side() == Some(m.sender),
        body: m.body.clone(),
        created_at: m.created_at,
        read_at: m.read_at,
        product: product_ref(
            m.product_id,
            &m.product_slug,
            &m.product_name,
            &m.product_image_url,
        ),
        order: order_ref(m.order_id, &m.order_number, &m.order_status),
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

/// How long a message stays unread before its recipient is emailed.
pub const EMAIL_AFTER_MINUTES: i64 = 30;

/// Emails every customer and store that has left a message unread for 30 minutes, once per
/// conversation until they read it (`chat_unread`); how many were queued. Support is not
/// emailed: admins see its unread badge.
pub async fn email_unread(db: &Db, public_url: &str) -> bazaar_db::DbResult<u64> {
    let before = Utc::now() - Duration::minutes(EMAIL_AFTER_MINUTES);
    let site = public_url.trim_end_matches('/');
    let mut queued = 0;
    for side in [Side::Customer, Side::Vendor] {
        for waiting in chat::unnoticed(db, side, before, 500).await? {
            let (url, sender) = match side {
                Side::Customer => (
                    format!("{site}/?chat={}", waiting.id),
                    match waiting.kind {
                        ConversationKind::Support => "bazaar support".to_owned(),
                        ConversationKind::Vendor => waiting.sender_name.clone().unwrap_or_default(),
                    },
                ),
                _ => (
                    format!("{site}/vendor/messages?c={}", waiting.id),
                    waiting
                        .sender_name
                        .clone()
                        .filter(|n| !n.trim().is_empty())
                        .unwrap_or_else(|| "A customer".to_owned()),
                ),
            };
            let name = waiting
                .recipient_name
                .clone()
                .filter(|n| !n.trim().is_empty())
                .unwrap_or_else(|| "there".to_owned());
            let message = MessageText::parse(&waiting.message)
                .map(|m| m.preview())
                .unwrap_or_default();
            let mut tx = db.begin().await?;
            if !chat::mark_emailed(&mut tx, waiting.id, side).await? {
                tx.rollback().await?;
                continue;
            }
            let context = json!({
                "recipient_name": name,
                "sender_name": sender,
                "message": message,
                "conversation_url": url,
            });
            // One email per first unread message: a rerun after a crash sends it once.
            let dedupe = format!("chat-unread:{}:{}", side.as_str(), waiting.message_id);
            if let Some(email_id) = bazaar_db::emails::queue(
                &mut tx,
                &waiting.recipient_email,
                "chat_unread",
                &context,
                &dedupe,
            )
            .await?
            {
                bazaar_queue::enqueue(&mut tx, &bazaar_queue::Job::SendEmail { email_id }).await?;
                queued += 1;
            }
            tx.commit().await?;
        }
    }
    Ok(queued)
}
