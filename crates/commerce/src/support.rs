//! Support tickets: opened from the contact form (by anyone) or by an admin from a support
//! chat; admins move their status, priority and assignee and keep internal notes, each an
//! audited action. Customers see their tickets' status.

use bazaar_db::tickets::{self, NewTicket, NoteRow, TicketChange, TicketRow};
use bazaar_db::{Db, audit, chat};
use bazaar_domain::FieldErrors;
use bazaar_domain::chat::ConversationKind;
use bazaar_domain::support::{ContactForm, TicketPriority, TicketSource, parse_note, reference};
use chrono::Utc;
use serde_json::json;
use uuid::Uuid;

use crate::selling::{Actor, SellingError, invalid};

/// Opens a ticket from the (checked) contact form; a signed-in sender's ticket is theirs.
pub async fn contact(
    db: &Db,
    customer: Option<Uuid>,
    form: &ContactForm,
) -> Result<TicketRow, SellingError> {
    let mut tx = db.begin().await?;
    let id = tickets::insert(
        &mut tx,
        &NewTicket {
            source: TicketSource::Contact,
            customer_id: customer,
            name: &form.name,
            email: &form.email,
            subject: &form.subject,
            body: &form.message,
            order_number: form.order_number.as_deref(),
            conversation_id: None,
            priority: TicketPriority::Normal,
        },
    )
    .await?;
    let row = tickets::get_in(&mut tx, id)
        .await?
        .ok_or(SellingError::NotFound)?;
    tx.commit().await?;
    Ok(row)
}

async fn record(
    tx: &mut bazaar_db::Tx,
    actor: &Actor<'_>,
    action: &str,
    ticket: &TicketRow,
    details: serde_json::Value,
) -> Result<(), SellingError> {
    audit::record(
        tx,
        &audit::Entry {
            actor_id: actor.id,
            actor_email: actor.email,
            action,
            subject_type: "ticket",
            subject_id: ticket.id.to_string(),
            details,
        },
        Utc::now(),
    )
    .await?;
    Ok(())
}

/// Makes a ticket of a support conversation, or answers the unsolved one there is (`false`).
pub async fn from_chat(
    db: &Db,
    actor: &Actor<'_>,
    conversation: Uuid,
    subject: Option<&str>,
    priority: Option<TicketPriority>,
) -> Result<(TicketRow, bool), SellingError> {
    let c = chat::get(db, conversation)
        .await?
        .filter(|c| c.kind == ConversationKind::Support)
        .ok_or(SellingError::NotFound)?;
    if let Some(open) = tickets::open_of_conversation(db, conversation).await? {
        return Ok((open, false));
    }
    let name = c
        .customer_name
        .clone()
        .filter(|n| !n.trim().is_empty())
        .unwrap_or_else(|| "Customer".to_owned());
    let subject = match subject.map(str::trim).filter(|s| !s.is_empty()) {
        Some(s) if s.chars().count() > bazaar_domain::support::SUBJECT_MAX => {
            return Err(invalid("subject", "Subject must be at most 150 characters"));
        }
        Some(s) => s.to_owned(),
        None => format!("Support chat with {name}"),
    };
    // The customer's words, as the ticket's description: their latest messages, oldest first.
    let (messages, _) = chat::messages(db, conversation, None, 50).await?;
    let body = messages
        .iter()
        .filter(|m| m.sender.is_customer())
        .map(|m| m.body.as_str())
        .collect::<Vec<_>>()
        .join("\n\n");
    let mut tx = db.begin().await?;
    let id = tickets::insert(
        &mut tx,
        &NewTicket {
            source: TicketSource::Chat,
            customer_id: Some(c.customer_id),
            name: &name,
            email: &c.customer_email,
            subject: &subject,
            body: &body,
            order_number: c.order_number.as_deref(),
            conversation_id: Some(conversation),
            priority: priority.unwrap_or(TicketPriority::Normal),
        },
    )
    .await?;
    let row = tickets::get_in(&mut tx, id)
        .await?
        .ok_or(SellingError::NotFound)?;
    record(
        &mut tx,
        actor,
        "ticket.create",
        &row,
        json!({ "reference": reference(row.number), "conversation_id": conversation }),
    )
    .await?;
    tx.commit().await?;
    Ok((row, true))
}

/// Changes a ticket's status, priority or assignee (an admin); audited with before and after.
pub async fn update(
    db: &Db,
    actor: &Actor<'_>,
    id: Uuid,
    change: &TicketChange,
) -> Result<TicketRow, SellingError> {
    let before = tickets::get(db, id).await?.ok_or(SellingError::NotFound)?;
    if let Some(Some(assignee)) = change.assignee
        && !tickets::is_admin(db, assignee).await?
    {
        return Err(invalid("assignee_id", "Tickets are assigned to admins"));
    }
    if change.status.is_none() && change.priority.is_none() && change.assignee.is_none() {
        return Err(SellingError::Invalid(FieldErrors::from([(
            "status".to_owned(),
            "Say what to change: status, priority or assignee".to_owned(),
        )])));
    }
    let mut tx = db.begin().await?;
    tickets::update(&mut tx, id, &before, change).await?;
    let after = tickets::get_in(&mut tx, id)
        .await?
        .ok_or(SellingError::NotFound)?;
    record(
        &mut tx,
        actor,
        "ticket.update",
        &after,
        json!({
            "reference": reference(after.number),
            "status": [before.status.as_str(), after.status.as_str()],
            "priority": [before.priority.as_str(), after.priority.as_str()],
            "assignee": [before.assignee_email, after.assignee_email],
        }),
    )
    .await?;
    tx.commit().await?;
    Ok(after)
}

/// Adds an internal note (an admin); audited.
pub async fn note(
    db: &Db,
    actor: &Actor<'_>,
    id: Uuid,
    text: &str,
) -> Result<Vec<NoteRow>, SellingError> {
    let ticket = tickets::get(db, id).await?.ok_or(SellingError::NotFound)?;
    let text = parse_note(text).map_err(|m| invalid("body", m))?;
    let mut tx = db.begin().await?;
    tickets::add_note(&mut tx, id, actor.id, actor.email, &text).await?;
    record(
        &mut tx,
        actor,
        "ticket.note",
        &ticket,
        json!({ "reference": reference(ticket.number) }),
    )
    .await?;
    tx.commit().await?;
    Ok(tickets::notes(db, id).await?)
}
