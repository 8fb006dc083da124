//! Chat (SPEC.md §3–4, §7–9): a signed-in customer's conversations with stores and support
//! (`/conversations…`), a store's inbox (`/vendor/conversations`) and support's
//! (`/admin/support/conversations`). A conversation is read and written through the same
//! calls by either of its sides; admins answer support and may read a reported store
//! conversation. Anyone else gets 404. The rules are `bazaar_commerce::chat`'s.

use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use bazaar_commerce::chat::{
    self, Caller, ChatError, Context, ConversationView, MessageView, Unread, With,
};
use bazaar_db::chat::{self as rows, Inbox};
use bazaar_domain::chat::Party;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;
use uuid::Uuid;

use super::params::parse_page;
use super::selling::actor;
use super::vendor_products::seller;
use crate::auth::{AdminActor, AuthUser, RequireRole, Vendor};
use crate::error::ErrorBody;
use crate::extract::{ApiJson, ApiPath, ApiQuery};
use crate::views::ListMeta;
use crate::{ApiError, ApiResult, AppState};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(list_conversations, start_conversation))
        .routes(routes!(unread_counts))
        .routes(routes!(get_conversation))
        .routes(routes!(send_message))
        .routes(routes!(read_conversation))
        .routes(routes!(typing))
        .routes(routes!(block_conversation, unblock_conversation))
        .routes(routes!(report_conversation))
        .routes(routes!(vendor_conversations))
        .routes(routes!(support_conversations))
        .routes(routes!(resolve_report))
}

impl From<ChatError> for ApiError {
    fn from(e: ChatError) -> Self {
        match e {
            ChatError::Invalid { field, message } => ApiError::bad_field(field, message),
            ChatError::NotFound => ApiError::NotFound("Conversation not found".to_owned()),
            ChatError::Refused { code, message } => {
                ApiError::rule(StatusCode::FORBIDDEN, code, "Not possible", message)
            }
            ChatError::TooFast { retry_after } => {
                ApiError::rate_limited(bazaar_domain::chat::TOO_FAST, retry_after)
            }
            ChatError::Db(e) => e.into(),
        }
    }
}

/// The caller as the chat knows them: their store, if they own one, and whether they are an
/// admin.
async fn caller<'a>(state: &AppState, user: &'a AuthUser) -> ApiResult<Caller<'a>> {
    let store = match user.role.as_str() {
        "vendor" => bazaar_db::vendors::store_of_owner(&state.db, user.id)
            .await?
            .map(|s| s.id),
        _ => None,
    };
    Ok(Caller {
        id: user.id,
        email: &user.email,
        store,
        is_admin: user.role == "admin",
    })
}

#[derive(Debug, Serialize, ToSchema)]
pub struct ConversationList {
    /// Newest activity first.
    pub conversations: Vec<ConversationView>,
    /// Unread messages across them.
    pub unread: i64,
}

/// The caller's conversations as a customer (with stores and with support), newest activity
/// first.
#[utoipa::path(
    get, path = "/conversations", tag = "chat", operation_id = "list_conversations",
    security(("bearer" = [])),
    responses((status = 200, body = ConversationList), (status = 401, body = ErrorBody))
)]
async fn list_conversations(
    State(state): State<AppState>,
    user: AuthUser,
) -> ApiResult<Json<ConversationList>> {
    let list = rows::of_customer(&state.db, user.id).await?;
    let party = Party::Side(bazaar_domain::chat::Side::Customer);
    Ok(Json(ConversationList {
        unread: list.iter().map(|c| c.customer_unread).sum(),
        conversations: list
            .iter()
            .map(|c| chat::conversation_view(c, party))
            .collect(),
    }))
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct StartConversation {
    /// `vendor` (a store, named by `vendor`) or `support`.
    pub kind: String,
    /// The store's address (slug), for `vendor`.
    pub vendor: Option<String>,
    /// The product it is about.
    pub product_id: Option<Uuid>,
    /// The caller's order it is about (their part of it from this store).
    pub order_id: Option<Uuid>,
    /// The first message: trimmed, 1 to 2,000 characters.
    pub message: String,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct Started {
    pub conversation: ConversationView,
    pub message: MessageView,
}

/// Start a conversation with a store or with support, or continue the one there is, with a
/// message. The product or order it is about goes with the message, and the store sees it.
#[utoipa::path(
    post, path = "/conversations", tag = "chat", operation_id = "start_conversation",
    security(("bearer" = [])), request_body = StartConversation,
    responses(
        (status = 201, body = Started), (status = 400, body = ErrorBody),
        (status = 401, body = ErrorBody), (status = 403, body = ErrorBody),
        (status = 429, body = ErrorBody)
    )
)]
async fn start_conversation(
    State(state): State<AppState>,
    user: AuthUser,
    ApiJson(body): ApiJson<StartConversation>,
) -> ApiResult<(StatusCode, Json<Started>)> {
    let with = match body.kind.trim() {
        "vendor" => With::Store(body.vendor.unwrap_or_default()),
        "support" => With::Support,
        _ => return Err(ApiError::bad_field("kind", "Choose vendor or support")),
    };
    let caller = caller(&state, &user).await?;
    let context = Context {
        product_id: body.product_id,
        order_id: body.order_id,
    };
    let sent = chat::start(
        &state.db,
        &state.live,
        &caller,
        with,
        context,
        &body.message,
    )
    .await?;
    Ok((
        StatusCode::CREATED,
        Json(Started {
            conversation: sent.conversation,
            message: sent.message,
        }),
    ))
}

/// Unread messages for the chat button (as a customer) and the vendor and admin navigation.
#[utoipa::path(
    get, path = "/conversations/unread", tag = "chat", operation_id = "conversation_unread_counts",
    security(("bearer" = [])),
    responses((status = 200, body = Unread), (status = 401, body = ErrorBody))
)]
async fn unread_counts(State(state): State<AppState>, user: AuthUser) -> ApiResult<Json<Unread>> {
    let caller = caller(&state, &user).await?;
    Ok(Json(chat::unread(&state.db, &caller).await?))
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct ThreadQuery {
    /// Older messages than this one (paging back).
    pub before: Option<Uuid>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct Thread {
    pub conversation: ConversationView,
    /// Oldest first, at most 50.
    pub messages: Vec<MessageView>,
    /// Whether there are older messages.
    pub has_more: bool,
}

/// One conversation and its latest messages (or those before `before`).
#[utoipa::path(
    get, path = "/conversations/{id}", tag = "chat", operation_id = "get_conversation",
    security(("bearer" = [])), params(("id" = Uuid, Path), ThreadQuery),
    responses(
        (status = 200, body = Thread), (status = 401, body = ErrorBody),
        (status = 404, body = ErrorBody)
    )
)]
async fn get_conversation(
    State(state): State<AppState>,
    user: AuthUser,
    ApiPath(id): ApiPath<Uuid>,
    ApiQuery(q): ApiQuery<ThreadQuery>,
) -> ApiResult<Json<Thread>> {
    let caller = caller(&state, &user).await?;
    let (conversation, messages, has_more) = chat::thread(&state.db, &caller, id, q.before).await?;
    Ok(Json(Thread {
        conversation,
        messages,
        has_more,
    }))
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct SendMessage {
    /// Trimmed, 1 to 2,000 characters.
    pub message: String,
    /// A product the customer asks about.
    pub product_id: Option<Uuid>,
    /// The customer's order it is about.
    pub order_id: Option<Uuid>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct SentMessage {
    pub message: MessageView,
}

/// Send a message in a conversation the caller is a side of.
#[utoipa::path(
    post, path = "/conversations/{id}/messages", tag = "chat", operation_id = "send_message",
    security(("bearer" = [])), params(("id" = Uuid, Path)), request_body = SendMessage,
    responses(
        (status = 201, body = SentMessage), (status = 400, body = ErrorBody),
        (status = 401, body = ErrorBody), (status = 403, body = ErrorBody),
        (status = 404, body = ErrorBody), (status = 429, body = ErrorBody)
    )
)]
async fn send_message(
    State(state): State<AppState>,
    user: AuthUser,
    ApiPath(id): ApiPath<Uuid>,
    ApiJson(body): ApiJson<SendMessage>,
) -> ApiResult<(StatusCode, Json<SentMessage>)> {
    let caller = caller(&state, &user).await?;
    let context = Context {
        product_id: body.product_id,
        order_id: body.order_id,
    };
    let message = chat::send(&state.db, &state.live, &caller, id, context, &body.message).await?;
    Ok((StatusCode::CREATED, Json(SentMessage { message })))
}

#[derive(Debug, Serialize, ToSchema)]
pub struct MessagesRead {
    /// How many messages became read.
    pub read: u64,
}

/// Mark the other side's messages read (the other side sees the read receipt).
#[utoipa::path(
    post, path = "/conversations/{id}/read", tag = "chat", operation_id = "read_conversation",
    security(("bearer" = [])), params(("id" = Uuid, Path)),
    responses(
        (status = 200, body = MessagesRead), (status = 401, body = ErrorBody),
        (status = 404, body = ErrorBody)
    )
)]
async fn read_conversation(
    State(state): State<AppState>,
    user: AuthUser,
    ApiPath(id): ApiPath<Uuid>,
) -> ApiResult<Json<MessagesRead>> {
    let caller = caller(&state, &user).await?;
    let read = chat::read(&state.db, &state.live, &caller, id).await?;
    Ok(Json(MessagesRead { read }))
}

/// Tell the other side the caller is typing (a `chat_typing` event, not kept).
#[utoipa::path(
    post, path = "/conversations/{id}/typing", tag = "chat", operation_id = "conversation_typing",
    security(("bearer" = [])), params(("id" = Uuid, Path)),
    responses(
        (status = 204, description = "Sent"), (status = 401, body = ErrorBody),
        (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)
    )
)]
async fn typing(
    State(state): State<AppState>,
    user: AuthUser,
    ApiPath(id): ApiPath<Uuid>,
) -> ApiResult<StatusCode> {
    let caller = caller(&state, &user).await?;
    chat::typing(&state.db, &state.live, &caller, id).await?;
    Ok(StatusCode::NO_CONTENT)
}

#[derive(Debug, Serialize, ToSchema)]
pub struct ConversationResponse {
    pub conversation: ConversationView,
}

/// Block a store's conversation: nobody can send in it until the caller unblocks it.
#[utoipa::path(
    post, path = "/conversations/{id}/block", tag = "chat", operation_id = "block_conversation",
    security(("bearer" = [])), params(("id" = Uuid, Path)),
    responses(
        (status = 200, body = ConversationResponse), (status = 401, body = ErrorBody),
        (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)
    )
)]
async fn block_conversation(
    State(state): State<AppState>,
    user: AuthUser,
    ApiPath(id): ApiPath<Uuid>,
) -> ApiResult<Json<ConversationResponse>> {
    let caller = caller(&state, &user).await?;
    let conversation = chat::set_blocked(&state.db, &caller, id, true).await?;
    Ok(Json(ConversationResponse { conversation }))
}

/// Lift the caller's block.
#[utoipa::path(
    delete, path = "/conversations/{id}/block", tag = "chat", operation_id = "unblock_conversation",
    security(("bearer" = [])), params(("id" = Uuid, Path)),
    responses(
        (status = 200, body = ConversationResponse), (status = 401, body = ErrorBody),
        (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)
    )
)]
async fn unblock_conversation(
    State(state): State<AppState>,
    user: AuthUser,
    ApiPath(id): ApiPath<Uuid>,
) -> ApiResult<Json<ConversationResponse>> {
    let caller = caller(&state, &user).await?;
    let conversation = chat::set_blocked(&state.db, &caller, id, false).await?;
    Ok(Json(ConversationResponse { conversation }))
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct ReportConversation {
    /// Why: 1 to 500 characters.
    pub reason: String,
}

/// Report a conversation to the admins, who can then read it.
#[utoipa::path(
    post, path = "/conversations/{id}/report", tag = "chat", operation_id = "report_conversation",
    security(("bearer" = [])), params(("id" = Uuid, Path)), request_body = ReportConversation,
    responses(
        (status = 200, body = ConversationResponse), (status = 400, body = ErrorBody),
        (status = 401, body = ErrorBody), (status = 403, body = ErrorBody),
        (status = 404, body = ErrorBody)
    )
)]
async fn report_conversation(
    State(state): State<AppState>,
    user: AuthUser,
    ApiPath(id): ApiPath<Uuid>,
    ApiJson(body): ApiJson<ReportConversation>,
) -> ApiResult<Json<ConversationResponse>> {
    let caller = caller(&state, &user).await?;
    let conversation = chat::report(&state.db, &caller, id, &body.reason).await?;
    Ok(Json(ConversationResponse { conversation }))
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct InboxQuery {
    /// Stores: `all` (default) or `unread`. Admins: `support` (default), `unread` (support
    /// conversations with unread messages) or `reported`.
    pub filter: Option<String>,
    #[param(value_type = Option<u32>)]
    pub page: Option<String>,
    /// 1 to 100 (default 20).
    #[param(value_type = Option<u32>)]
    pub per_page: Option<String>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct ConversationPage {
    pub items: Vec<ConversationView>,
    pub meta: ListMeta,
}

async fn inbox_page(
    state: &AppState,
    which: Inbox,
    party: Party,
    q: &InboxQuery,
) -> ApiResult<Json<ConversationPage>> {
    let page = parse_page(&q.page, &q.per_page)?;
    let offset = i64::from(page.page - 1) * i64::from(page.per_page);
    let (list, total) = rows::inbox(&state.db, which, i64::from(page.per_page), offset).await?;
    Ok(Json(ConversationPage {
        items: list
            .iter()
            .map(|c| {
                // A reported store conversation in support's list is only observed.
                let party = match (party, c.kind) {
                    (
                        Party::Side(bazaar_domain::chat::Side::Support),
                        bazaar_domain::chat::ConversationKind::Vendor,
                    ) => Party::Observer,
                    _ => party,
                };
                chat::conversation_view(c, party)
            })
            .collect(),
        meta: ListMeta {
            total,
            page: page.page,
            per_page: page.per_page,
        },
    }))
}

/// The caller's store's conversations with customers, newest activity first.
#[utoipa::path(
    get, path = "/vendor/conversations", tag = "vendor", operation_id = "vendor_conversations",
    security(("bearer" = [])), params(InboxQuery),
    responses(
        (status = 200, body = ConversationPage), (status = 400, body = ErrorBody),
        (status = 401, body = ErrorBody), (status = 403, body = ErrorBody),
        (status = 404, body = ErrorBody)
    )
)]
async fn vendor_conversations(
    State(state): State<AppState>,
    vendor: RequireRole<Vendor>,
    ApiQuery(q): ApiQuery<InboxQuery>,
) -> ApiResult<Json<ConversationPage>> {
    let store = seller(&state, vendor.0.id).await?.store_id;
    let unread = match q.filter.as_deref().map(str::trim) {
        None | Some("") | Some("all") => false,
        Some("unread") => true,
        Some(other) => {
            return Err(ApiError::bad_field(
                "filter",
                format!("Unknown filter '{other}': use all or unread"),
            ));
        }
    };
    let party = Party::Side(bazaar_domain::chat::Side::Vendor);
    inbox_page(
        &state,
        Inbox::Store {
            vendor: store,
            unread,
        },
        party,
        &q,
    )
    .await
}

/// Support's conversations (or those with unread messages), or every reported conversation.
#[utoipa::path(
    get, path = "/admin/support/conversations", tag = "admin", operation_id = "support_conversations",
    security(("bearer" = [])), params(InboxQuery),
    responses(
        (status = 200, body = ConversationPage), (status = 400, body = ErrorBody),
        (status = 401, body = ErrorBody), (status = 403, body = ErrorBody)
    )
)]
async fn support_conversations(
    State(state): State<AppState>,
    AdminActor(_): AdminActor,
    ApiQuery(q): ApiQuery<InboxQuery>,
) -> ApiResult<Json<ConversationPage>> {
    let which = match q.filter.as_deref().map(str::trim) {
        None | Some("") | Some("support") => Inbox::Support { unread: false },
        Some("unread") => Inbox::Support { unread: true },
        Some("reported") => Inbox::Reported,
        Some(other) => {
            return Err(ApiError::bad_field(
                "filter",
                format!("Unknown filter '{other}': use support, unread or reported"),
            ));
        }
    };
    let party = Party::Side(bazaar_domain::chat::Side::Support);
    inbox_page(&state, which, party, &q).await
}

/// Resolve a conversation's report (audited).
#[utoipa::path(
    post, path = "/admin/support/conversations/{id}/resolve-report", tag = "admin",
    operation_id = "resolve_conversation_report",
    security(("bearer" = [])), params(("id" = Uuid, Path)),
    responses(
        (status = 200, body = ConversationResponse), (status = 401, body = ErrorBody),
        (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)
    )
)]
async fn resolve_report(
    State(state): State<AppState>,
    AdminActor(user): AdminActor,
    ApiPath(id): ApiPath<Uuid>,
) -> ApiResult<Json<ConversationResponse>> {
    let actor = actor(&user);
    let conversation = chat::resolve_report(&state.db, &actor, id).await?;
    Ok(Json(ConversationResponse { conversation }))
}
