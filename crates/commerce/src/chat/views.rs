//! What each side of a conversation is shown of it: the conversation with its store,
//! customer and context, and its messages.

use bazaar_db::chat::{ConversationRow, MessageRow};
use bazaar_domain::chat::{self as rules, Party, Side};
use chrono::{DateTime, Utc};
use serde::Serialize;
use utoipa::ToSchema;
use uuid::Uuid;

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
