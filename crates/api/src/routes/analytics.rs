//! `POST /api/v1/analytics/events`: page views and events from guests and signed-in users.
//!
//! Answered 202 as soon as the event is checked and queued; a background batch writes it
//! and a job adds device type, browser and place. The client address is only used to look
//! up the place, reduced to its network first (IPv4 /24, IPv6 /48), and never stored.

use std::net::IpAddr;
use std::time::Duration;

use axum::Json;
use axum::extract::State;
use axum::http::header::USER_AGENT;
use axum::http::request::Parts;
use axum::http::{HeaderMap, StatusCode};
use bazaar_db::analytics::NewEvent;
use chrono::Utc;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;
use uuid::Uuid;

use crate::auth::{ClientIp, authenticate_token, bearer_token};
use crate::error::ErrorBody;
use crate::{ApiError, ApiResult, AppState};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(track))
}

const MAX_TEXT: usize = 2048;
const MAX_DATA_BYTES: usize = 8 * 1024;

/// One analytics event.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct EventInput {
    /// `page_view`, `view_item`, `add_to_cart`, `sign_up`, … (letters, digits, `_ . : -`;
    /// at most 64).
    pub event_type: String,
    /// The browser session (kept in session storage by the site).
    pub session_id: Option<String>,
    /// Free-form details; an object of at most 8 KB.
    pub event_data: Option<serde_json::Value>,
    pub page_url: Option<String>,
    pub referrer: Option<String>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct Accepted {
    pub accepted: bool,
}

fn check(input: &EventInput) -> ApiResult<()> {
    let t = input.event_type.trim();
    if t.is_empty() || t.len() > 64 {
        return Err(ApiError::bad_field(
            "event_type",
            "event_type must be 1 to 64 characters",
        ));
    }
    if !t
        .chars()
        .all(|c| c.is_ascii_alphanumeric() || "_.:-".contains(c))
    {
        return Err(ApiError::bad_field(
            "event_type",
            "event_type may only contain letters, digits and _ . : -",
        ));
    }
    if input.session_id.as_ref().is_some_and(|s| s.len() > 128) {
        return Err(ApiError::bad_field(
            "session_id",
            "session_id must be at most 128 characters",
        ));
    }
    for (field, value) in [("page_url", &input.page_url), ("referrer", &input.referrer)] {
        if value.as_ref().is_some_and(|v| v.len() > MAX_TEXT) {
            return Err(ApiError::bad_field(
                field,
                format!("{field} must be at most {MAX_TEXT} characters"),
            ));
        }
    }
    if let Some(data) = &input.event_data {
        if !data.is_object() {
            return Err(ApiError::bad_field(
                "event_data",
                "event_data must be an object",
            ));
        }
        if data.to_string().len() > MAX_DATA_BYTES {
            return Err(ApiError::bad_field(
                "event_data",
                "event_data must be at most 8 KB",
            ));
        }
    }
    Ok(())
}

/// The address with its host part zeroed: enough to find a city, not a household.
pub fn network_of(ip: IpAddr) -> IpAddr {
    match ip {
        IpAddr::V4(v4) => {
            let [a, b, c, _] = v4.octets();
            IpAddr::from([a, b, c, 0])
        }
        IpAddr::V6(v6) => {
            if let Some(v4) = v6.to_ipv4_mapped() {
                return network_of(IpAddr::V4(v4));
            }
            let s = v6.segments();
            IpAddr::from([s[0], s[1], s[2], 0, 0, 0, 0, 0])
        }
    }
}

/// Record an analytics event.
#[utoipa::path(
    post, path = "/analytics/events", tag = "analytics", operation_id = "track_event",
    request_body = EventInput,
    responses(
        (status = 202, body = Accepted),
        (status = 400, body = ErrorBody),
        (status = 401, body = ErrorBody, description = "An Authorization header was sent but is not valid"),
        (status = 429, body = ErrorBody),
        (status = 503, body = ErrorBody)
    )
)]
async fn track(
    State(state): State<AppState>,
    client: ClientIp,
    headers: HeaderMap,
    request: axum::extract::Request,
) -> ApiResult<(StatusCode, Json<Accepted>)> {
    let (parts, body) = request.into_parts();
    state
        .caches
        .limiter
        .check(
            &format!("analytics:{}", client.key()),
            state.config.analytics_per_minute,
            Duration::from_secs(60),
        )
        .map_err(|secs| ApiError::rate_limited("Too many analytics events; slow down", secs))?;
    let user_id = signed_in(&parts, &state).await?;
    let bytes = axum::body::to_bytes(body, 64 * 1024)
        .await
        .map_err(|_| ApiError::bad_request("The event is too large"))?;
    let input: EventInput = serde_json::from_slice(&bytes)
        .map_err(|e| ApiError::bad_request(format!("Invalid event: {e}")))?;
    check(&input)?;
    let user_agent = headers
        .get(USER_AGENT)
        .and_then(|v| v.to_str().ok())
        .map(|ua| ua.chars().take(512).collect::<String>());
    let event = NewEvent {
        id: Uuid::now_v7(),
        event_type: input.event_type.trim().to_owned(),
        user_id,
        session_id: input.session_id,
        event_data: input.event_data.unwrap_or_else(|| serde_json::json!({})),
        page_url: input.page_url,
        referrer: input.referrer,
        user_agent,
        created_at: Utc::now(),
    };
    let network = client.0.map(|ip| network_of(ip).to_string());
    if !state.analytics.submit(event, network) {
        return Err(ApiError::Unavailable(
            "Analytics is busy; try again shortly".into(),
        ));
    }
    Ok((StatusCode::ACCEPTED, Json(Accepted { accepted: true })))
}

async fn signed_in(parts: &Parts, state: &AppState) -> ApiResult<Option<Uuid>> {
    let Some(token) = bearer_token(parts) else {
        return Ok(None);
    };
    let user = authenticate_token(token, state)
        .await
        .map_err(|e| ApiError::Unauthorized(e.message))?;
    Ok(Some(user.id))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn networks_drop_the_host_part() {
        assert_eq!(
            network_of("196.25.1.77".parse().unwrap()).to_string(),
            "196.25.1.0"
        );
        assert_eq!(
            network_of("2c0f:f4c0:1:2:3:4:5:6".parse().unwrap()).to_string(),
            "2c0f:f4c0:1::"
        );
        assert_eq!(
            network_of("::ffff:196.25.1.77".parse().unwrap()).to_string(),
            "196.25.1.0"
        );
    }
}
