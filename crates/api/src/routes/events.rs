//! `GET /api/v1/events`: server-sent events for the signed-in user.
//!
//! The access token comes in the Authorization header or, for browsers' EventSource (which
//! cannot set headers), in the `access_token` query parameter. Each event carries its id;
//! a client reconnecting with `Last-Event-ID` (or `last_event_id` in the query) first gets
//! every event of theirs after that id from the database, then live ones. A fresh
//! connection starts from now. Idle streams get a heartbeat comment so proxies keep them
//! open. The stream does not end when the token expires (a new connection needs a valid one),
//! but it ends when its session is signed out.

use std::convert::Infallible;

use axum::extract::{Query, State};
use axum::http::HeaderMap;
use axum::http::request::Parts;
use axum::response::sse::{Event, KeepAlive, Sse};
use bazaar_queue::{LiveEvent, live};
use futures::Stream;
use serde::Deserialize;
use tokio::sync::broadcast::error::RecvError;
use utoipa::IntoParams;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;
use uuid::Uuid;

use crate::auth::{authenticate_token, bearer_token};
use crate::error::ErrorBody;
use crate::{ApiError, ApiResult, AppState};

/// At most this many missed events are replayed on reconnect.
const REPLAY_LIMIT: i64 = 500;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(events))
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct EventsQuery {
    /// The access token, for clients that cannot send headers (EventSource).
    access_token: Option<String>,
    /// Resume after this event id (same as the Last-Event-ID header).
    last_event_id: Option<i64>,
}

struct Caller {
    user_id: Uuid,
    session_id: Uuid,
}

async fn caller(parts: &Parts, query: &EventsQuery, state: &AppState) -> ApiResult<Caller> {
    let token = bearer_token(parts)
        .or(query.access_token.as_deref())
        .ok_or_else(|| ApiError::Unauthorized("Sign in to receive live updates".into()))?;
    let user = authenticate_token(token, state)
        .await
        .map_err(ApiError::from)?;
    Ok(Caller {
        user_id: user.id,
        session_id: user.session_id,
    })
}

fn to_sse(event: &LiveEvent) -> Event {
    let sse = Event::default()
        .event(event.kind.as_str())
        .data(event.payload.to_string());
    // An event that is not kept (id 0: typing) has no id, so it does not move the client's
    // Last-Event-ID.
    if event.id == 0 {
        sse
    } else {
        sse.id(event.id.to_string())
    }
}

/// Live events of the caller: notifications, order status changes and chat (`chat_message`,
/// `chat_read`, and `chat_typing`, which has no id and is never replayed).
#[utoipa::path(
    get, path = "/events", tag = "live", operation_id = "live_events",
    params(EventsQuery, ("Last-Event-ID" = Option<i64>, Header, description = "Resume after this event id")),
    security(("bearer" = [])),
    responses(
        (status = 200, content_type = "text/event-stream", description = "A stream of events: `id`, `event` (the kind, e.g. `notification`) and JSON `data`"),
        (status = 401, body = ErrorBody)
    )
)]
async fn events(
    State(state): State<AppState>,
    Query(query): Query<EventsQuery>,
    headers: HeaderMap,
    request: axum::extract::Request,
) -> ApiResult<Sse<impl Stream<Item = Result<Event, Infallible>>>> {
    let (parts, _) = request.into_parts();
    let Caller {
        user_id,
        session_id,
    } = caller(&parts, &query, &state).await?;
    let resume = headers
        .get("last-event-id")
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.trim().parse::<i64>().ok())
        .or(query.last_event_id);
    // Subscribe before reading the backlog, so nothing falls between the two.
    let receiver = state.live.subscribe();
    let cursor = match resume {
        Some(id) => id,
        None => live::latest_id(&state.db, user_id).await?,
    };
    let backlog = live::since(&state.db, user_id, cursor, REPLAY_LIMIT).await?;
    let stream = futures::stream::unfold(
        Stream_ {
            state: state.clone(),
            user_id,
            session_id,
            cursor,
            pending: backlog.into(),
            receiver,
        },
        |mut s| async move {
            let event = s.next().await?;
            Some((Ok(to_sse(&event)), s))
        },
    );
    Ok(Sse::new(stream).keep_alive(
        KeepAlive::new()
            .interval(state.config.sse_heartbeat)
            .text("heartbeat"),
    ))
}

struct Stream_ {
    state: AppState,
    user_id: Uuid,
    session_id: Uuid,
    cursor: i64,
    pending: std::collections::VecDeque<LiveEvent>,
    receiver: tokio::sync::broadcast::Receiver<LiveEvent>,
}

impl Stream_ {
    /// The next event of this user after the cursor; `None` ends the stream, as does the
    /// sign-out of this stream's session.
    async fn next(&mut self) -> Option<LiveEvent> {
        loop {
            let event = match self.pending.pop_front() {
                Some(event) => event,
                None => match self.receiver.recv().await {
                    Ok(event) if event.user_id == self.user_id => event,
                    Ok(_) => continue,
                    Err(RecvError::Lagged(_)) => {
                        // Too slow to keep up with the channel: catch up from the table.
                        match live::since(&self.state.db, self.user_id, self.cursor, REPLAY_LIMIT)
                            .await
                        {
                            Ok(missed) => self.pending.extend(missed),
                            Err(err) => {
                                tracing::warn!(error = %err, "could not replay live events");
                                return None;
                            }
                        }
                        continue;
                    }
                    Err(RecvError::Closed) => return None,
                },
            };
            if event.id == 0 {
                return Some(event);
            }
            if event.id <= self.cursor {
                continue;
            }
            self.cursor = event.id;
            if event.kind != live::SIGNED_OUT {
                return Some(event);
            }
            // Some session of this user was signed out: end if it was this one. The
            // database decides, so a replayed sign-out from before this stream began, or
            // one of another session, leaves it open.
            match bazaar_db::accounts::session(&self.state.db, self.session_id).await {
                Ok(None) => return None,
                Ok(Some(_)) => {}
                Err(err) => tracing::warn!(error = %err, "could not check a stream's session"),
            }
        }
    }
}
