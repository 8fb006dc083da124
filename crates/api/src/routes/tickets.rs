//! Support tickets: the contact form (`POST /contact`, anyone), a customer's tickets
//! (`GET /tickets`), and `/admin/tickets` (list, one ticket with its notes, status, priority
//! and assignee, internal notes) plus making a ticket of a support chat. The rules are
//! `bazaar_commerce::support`'s; admin actions are audited there.

use std::time::Duration;

use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use bazaar_commerce::support;
use bazaar_db::tickets::{self, NoteRow, TicketChange, TicketFilter, TicketRow};
use bazaar_domain::support::{ContactForm, ContactInput, TicketPriority, TicketStatus, reference};
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;
use uuid::Uuid;

use super::params::parse_page;
use super::selling::actor;
use crate::auth::{AdminActor, AuthUser, MaybeUser};
use crate::client_addr::ClientIp;
use crate::error::ErrorBody;
use crate::extract::{ApiJson, ApiPath, ApiQuery};
use crate::views::ListMeta;
use crate::{ApiError, ApiResult, AppState};

/// Contact form sends per client address per hour.
const CONTACT_PER_HOUR: u32 = 5;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(contact))
        .routes(routes!(my_tickets))
        .routes(routes!(admin_tickets))
        .routes(routes!(admin_ticket, update_ticket))
        .routes(routes!(add_ticket_note))
        .routes(routes!(ticket_from_chat))
}

/// A ticket as its customer sees it.
#[derive(Debug, Serialize, ToSchema)]
pub struct CustomerTicket {
    pub id: Uuid,
    /// The reference, e.g. T-1001.
    pub reference: String,
    pub subject: String,
    /// open, pending (waiting on you) or solved.
    pub status: String,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
}

impl From<&TicketRow> for CustomerTicket {
    fn from(t: &TicketRow) -> Self {
        Self {
            id: t.id,
            reference: reference(t.number),
            subject: t.subject.clone(),
            status: t.status.as_str().to_owned(),
            created_at: t.created_at,
            updated_at: t.updated_at,
        }
    }
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct ContactMessage {
    pub name: String,
    pub email: String,
    pub subject: String,
    /// 10 to 5,000 characters.
    pub message: String,
    pub order_number: Option<String>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct ContactReceived {
    pub ticket: CustomerTicket,
}

/// Send the contact form: it becomes a support ticket (the caller's, when signed in).
#[utoipa::path(
    post, path = "/contact", tag = "support", operation_id = "send_contact_form",
    request_body = ContactMessage,
    responses(
        (status = 201, body = ContactReceived), (status = 400, body = ErrorBody),
        (status = 401, body = ErrorBody), (status = 429, body = ErrorBody)
    )
)]
async fn contact(
    State(state): State<AppState>,
    MaybeUser(user): MaybeUser,
    client: ClientIp,
    ApiJson(body): ApiJson<ContactMessage>,
) -> ApiResult<(StatusCode, Json<ContactReceived>)> {
    let form = ContactForm::parse(&ContactInput {
        name: &body.name,
        email: &body.email,
        subject: &body.subject,
        message: &body.message,
        order_number: body.order_number.as_deref(),
    })
    .map_err(|fields| ApiError::BadRequest {
        message: fields.values().next().cloned().unwrap_or_default(),
        fields,
    })?;
    // Counted once the form is complete: a corrected form is not refused for its mistakes.
    state.limit(
        &format!("contact:{}", client.key()),
        CONTACT_PER_HOUR,
        Duration::from_secs(3600),
        "You have sent several messages already. Please try again later.",
    )?;
    let ticket = support::contact(&state.db, user.map(|u| u.id), &form).await?;
    Ok((
        StatusCode::CREATED,
        Json(ContactReceived {
            ticket: (&ticket).into(),
        }),
    ))
}

#[derive(Debug, Serialize, ToSchema)]
pub struct CustomerTickets {
    /// Newest first: those sent signed in and those sent from the account's email.
    pub tickets: Vec<CustomerTicket>,
}

/// The caller's support tickets and their status.
#[utoipa::path(
    get, path = "/tickets", tag = "support", operation_id = "my_tickets",
    security(("bearer" = [])),
    responses((status = 200, body = CustomerTickets), (status = 401, body = ErrorBody))
)]
async fn my_tickets(
    State(state): State<AppState>,
    user: AuthUser,
) -> ApiResult<Json<CustomerTickets>> {
    let rows = tickets::of_customer(&state.db, user.id, &user.email).await?;
    Ok(Json(CustomerTickets {
        tickets: rows.iter().map(Into::into).collect(),
    }))
}

/// A ticket as admins see it.
#[derive(Debug, Serialize, ToSchema)]
pub struct AdminTicket {
    pub id: Uuid,
    pub reference: String,
    /// contact or chat.
    pub source: String,
    pub customer_id: Option<Uuid>,
    pub name: String,
    pub email: String,
    pub subject: String,
    pub body: String,
    pub order_number: Option<String>,
    /// The support chat it was made from.
    pub conversation_id: Option<Uuid>,
    pub status: String,
    /// low, normal, high or urgent.
    pub priority: String,
    pub assignee_id: Option<Uuid>,
    pub assignee_email: Option<String>,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
    pub solved_at: Option<DateTime<Utc>>,
}

impl From<&TicketRow> for AdminTicket {
    fn from(t: &TicketRow) -> Self {
        Self {
            id: t.id,
            reference: reference(t.number),
            source: t.source.as_str().to_owned(),
            customer_id: t.customer_id,
            name: t.name.clone(),
            email: t.email.clone(),
            subject: t.subject.clone(),
            body: t.body.clone(),
            order_number: t.order_number.clone(),
            conversation_id: t.conversation_id,
            status: t.status.as_str().to_owned(),
            priority: t.priority.as_str().to_owned(),
            assignee_id: t.assignee_id,
            assignee_email: t.assignee_email.clone(),
            created_at: t.created_at,
            updated_at: t.updated_at,
            solved_at: t.solved_at,
        }
    }
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct TicketQuery {
    /// open, pending or solved.
    pub status: Option<String>,
    /// low, normal, high or urgent.
    pub priority: Option<String>,
    /// `me`, `none` (unassigned) or an admin's id.
    pub assignee: Option<String>,
    /// Text in the subject, name or email, or a reference.
    pub q: Option<String>,
    #[param(value_type = Option<u32>)]
    pub page: Option<String>,
    #[param(value_type = Option<u32>)]
    pub per_page: Option<String>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct TicketList {
    pub items: Vec<AdminTicket>,
    pub meta: ListMeta,
}

fn parse<T: std::str::FromStr<Err = String>>(field: &str, v: Option<&str>) -> ApiResult<Option<T>> {
    match v.map(str::trim).filter(|v| !v.is_empty()) {
        None => Ok(None),
        Some(v) => v
            .parse()
            .map(Some)
            .map_err(|e: String| ApiError::bad_field(field, e)),
    }
}

/// Tickets, most recently updated first.
#[utoipa::path(
    get, path = "/admin/tickets", tag = "admin", operation_id = "admin_tickets",
    security(("bearer" = [])), params(TicketQuery),
    responses(
        (status = 200, body = TicketList), (status = 400, body = ErrorBody),
        (status = 401, body = ErrorBody), (status = 403, body = ErrorBody)
    )
)]
async fn admin_tickets(
    State(state): State<AppState>,
    AdminActor(me): AdminActor,
    ApiQuery(q): ApiQuery<TicketQuery>,
) -> ApiResult<Json<TicketList>> {
    let page = parse_page(&q.page, &q.per_page)?;
    let assignee = match q.assignee.as_deref().map(str::trim) {
        None | Some("") => None,
        Some("me") => Some(Some(me.id)),
        Some("none") => Some(None),
        Some(id) => Some(Some(Uuid::parse_str(id).map_err(|_| {
            ApiError::bad_field("assignee", "Use me, none or an admin's id")
        })?)),
    };
    let filter = TicketFilter {
        status: parse("status", q.status.as_deref())?,
        priority: parse("priority", q.priority.as_deref())?,
        assignee,
        q: q.q,
    };
    let offset = i64::from(page.page - 1) * i64::from(page.per_page);
    let (rows, total) = tickets::list(&state.db, &filter, i64::from(page.per_page), offset).await?;
    Ok(Json(TicketList {
        items: rows.iter().map(Into::into).collect(),
        meta: ListMeta {
            total,
            page: page.page,
            per_page: page.per_page,
        },
    }))
}

#[derive(Debug, Serialize, ToSchema)]
pub struct TicketNote {
    pub id: Uuid,
    pub author_email: String,
    pub body: String,
    pub created_at: DateTime<Utc>,
}

impl From<NoteRow> for TicketNote {
    fn from(n: NoteRow) -> Self {
        Self {
            id: n.id,
            author_email: n.author_email,
            body: n.body,
            created_at: n.created_at,
        }
    }
}

#[derive(Debug, Serialize, ToSchema)]
pub struct TicketDetail {
    pub ticket: AdminTicket,
    /// Internal notes, oldest first; customers never see them.
    pub notes: Vec<TicketNote>,
}

async fn detail(state: &AppState, ticket: &TicketRow) -> ApiResult<Json<TicketDetail>> {
    let notes = tickets::notes(&state.db, ticket.id).await?;
    Ok(Json(TicketDetail {
        ticket: ticket.into(),
        notes: notes.into_iter().map(Into::into).collect(),
    }))
}

/// One ticket with its internal notes.
#[utoipa::path(
    get, path = "/admin/tickets/{id}", tag = "admin", operation_id = "admin_ticket",
    security(("bearer" = [])), params(("id" = Uuid, Path)),
    responses(
        (status = 200, body = TicketDetail), (status = 401, body = ErrorBody),
        (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)
    )
)]
async fn admin_ticket(
    State(state): State<AppState>,
    AdminActor(_): AdminActor,
    ApiPath(id): ApiPath<Uuid>,
) -> ApiResult<Json<TicketDetail>> {
    let ticket = tickets::get(&state.db, id)
        .await?
        .ok_or_else(|| ApiError::NotFound("Ticket not found".to_owned()))?;
    detail(&state, &ticket).await
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct TicketUpdate {
    pub status: Option<String>,
    pub priority: Option<String>,
    /// An admin's id; null unassigns. Leave it out to keep the assignee.
    #[serde(default, deserialize_with = "crate::extract::double_option")]
    #[schema(value_type = Option<Uuid>)]
    pub assignee_id: Option<Option<Uuid>>,
}

/// Change a ticket's status, priority or assignee (audited).
#[utoipa::path(
    patch, path = "/admin/tickets/{id}", tag = "admin", operation_id = "update_ticket",
    security(("bearer" = [])), params(("id" = Uuid, Path)), request_body = TicketUpdate,
    responses(
        (status = 200, body = TicketDetail), (status = 400, body = ErrorBody),
        (status = 401, body = ErrorBody), (status = 403, body = ErrorBody),
        (status = 404, body = ErrorBody)
    )
)]
async fn update_ticket(
    State(state): State<AppState>,
    AdminActor(user): AdminActor,
    ApiPath(id): ApiPath<Uuid>,
    ApiJson(body): ApiJson<TicketUpdate>,
) -> ApiResult<Json<TicketDetail>> {
    let change = TicketChange {
        status: parse::<TicketStatus>("status", body.status.as_deref())?,
        priority: parse::<TicketPriority>("priority", body.priority.as_deref())?,
        assignee: body.assignee_id,
    };
    let ticket = support::update(&state.db, &actor(&user), id, &change).await?;
    detail(&state, &ticket).await
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct NewTicketNote {
    /// 1 to 5,000 characters.
    pub body: String,
}

/// Add an internal note (audited).
#[utoipa::path(
    post, path = "/admin/tickets/{id}/notes", tag = "admin", operation_id = "add_ticket_note",
    security(("bearer" = [])), params(("id" = Uuid, Path)), request_body = NewTicketNote,
    responses(
        (status = 201, body = TicketDetail), (status = 400, body = ErrorBody),
        (status = 401, body = ErrorBody), (status = 403, body = ErrorBody),
        (status = 404, body = ErrorBody)
    )
)]
async fn add_ticket_note(
    State(state): State<AppState>,
    AdminActor(user): AdminActor,
    ApiPath(id): ApiPath<Uuid>,
    ApiJson(body): ApiJson<NewTicketNote>,
) -> ApiResult<(StatusCode, Json<TicketDetail>)> {
    support::note(&state.db, &actor(&user), id, &body.body).await?;
    let ticket = tickets::get(&state.db, id)
        .await?
        .ok_or_else(|| ApiError::NotFound("Ticket not found".to_owned()))?;
    Ok((StatusCode::CREATED, detail(&state, &ticket).await?))
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct ChatTicket {
    /// Defaults to "Support chat with <name>".
    pub subject: Option<String>,
    /// Defaults to normal.
    pub priority: Option<String>,
}

/// Make a ticket of a support chat (audited); a chat with an unsolved ticket answers that one
/// (200) instead of a second (201).
#[utoipa::path(
    post, path = "/admin/support/conversations/{id}/ticket", tag = "admin",
    operation_id = "ticket_from_chat",
    security(("bearer" = [])), params(("id" = Uuid, Path)), request_body = ChatTicket,
    responses(
        (status = 201, body = TicketDetail), (status = 200, body = TicketDetail),
        (status = 400, body = ErrorBody), (status = 401, body = ErrorBody),
        (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)
    )
)]
async fn ticket_from_chat(
    State(state): State<AppState>,
    AdminActor(user): AdminActor,
    ApiPath(id): ApiPath<Uuid>,
    ApiJson(body): ApiJson<ChatTicket>,
) -> ApiResult<(StatusCode, Json<TicketDetail>)> {
    let priority = parse::<TicketPriority>("priority", body.priority.as_deref())?;
    let (ticket, created) = support::from_chat(
        &state.db,
        &actor(&user),
        id,
        body.subject.as_deref(),
        priority,
    )
    .await
    .map_err(|e| match e {
        bazaar_commerce::selling::SellingError::NotFound => {
            ApiError::NotFound("Conversation not found".to_owned())
        }
        other => other.into(),
    })?;
    let status = if created {
        StatusCode::CREATED
    } else {
        StatusCode::OK
    };
    Ok((status, detail(&state, &ticket).await?))
}
