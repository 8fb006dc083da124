//! The signed-in user's profile: role, name, avatar and theme.

use axum::Json;
use axum::extract::State;
use bazaar_db::accounts;
use bazaar_domain::text::FullName;
use chrono::Utc;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;
use uuid::Uuid;

use crate::auth::AuthUser;
use crate::error::ErrorBody;
use crate::extract::ApiJson;
use crate::{ApiError, ApiResult, AppState};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(get_profile, update_profile))
}

#[derive(Debug, Serialize, ToSchema)]
pub struct ProfileView {
    pub id: Uuid,
    /// customer, vendor or admin.
    pub role: String,
    pub full_name: String,
    pub avatar_url: Option<String>,
    #[schema(value_type = ThemeName)]
    pub theme: String,
}

/// A theme preference (documentation only: the fields hold the stored text).
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "lowercase")]
#[allow(dead_code)]
pub enum ThemeName {
    Light,
    Dark,
    System,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct ProfileResponse {
    pub profile: ProfileView,
}

/// Fields to change; absent fields stay as they are. `avatar_url: null` removes the avatar.
#[derive(Debug, Deserialize, ToSchema)]
pub struct ProfileUpdate {
    pub full_name: Option<String>,
    #[serde(default, deserialize_with = "crate::extract::double_option")]
    #[schema(value_type = Option<String>)]
    pub avatar_url: Option<Option<String>>,
    #[schema(value_type = Option<ThemeName>)]
    pub theme: Option<String>,
}

async fn load(state: &AppState, id: Uuid) -> ApiResult<ProfileResponse> {
    // A user without a profile row is a customer with defaults (SPEC.md §6).
    let p = accounts::profile(&state.db, id).await?;
    Ok(ProfileResponse {
        profile: match p {
            Some(p) => ProfileView {
                id,
                role: p.role,
                full_name: p.full_name,
                avatar_url: p.avatar_url,
                theme: p.theme,
            },
            None => ProfileView {
                id,
                role: "customer".into(),
                full_name: String::new(),
                avatar_url: None,
                theme: "system".into(),
            },
        },
    })
}

/// Read the caller's profile.
#[utoipa::path(
    get, path = "/profile", tag = "account", operation_id = "get_profile",
    security(("bearer" = [])),
    responses((status = 200, body = ProfileResponse), (status = 401, body = ErrorBody))
)]
pub async fn get_profile(
    State(state): State<AppState>,
    user: AuthUser,
) -> ApiResult<Json<ProfileResponse>> {
    Ok(Json(load(&state, user.id).await?))
}

/// Change the caller's name, avatar or theme.
#[utoipa::path(
    patch, path = "/profile", tag = "account", operation_id = "update_profile",
    security(("bearer" = [])),
    request_body = ProfileUpdate,
    responses((status = 200, body = ProfileResponse), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody))
)]
pub async fn update_profile(
    State(state): State<AppState>,
    user: AuthUser,
    ApiJson(update): ApiJson<ProfileUpdate>,
) -> ApiResult<Json<ProfileResponse>> {
    let full_name = update
        .full_name
        .as_deref()
        .map(FullName::parse)
        .transpose()
        .map_err(|e| ApiError::bad_field("full_name", e.to_string()))?;
    let avatar = match &update.avatar_url {
        Some(Some(url)) => {
            let url = url.trim();
            let ok = (url.starts_with("https://")
                || url.starts_with("http://")
                || (url.starts_with('/') && !url.starts_with("//")))
                && url.len() <= 2000
                && !url.chars().any(char::is_whitespace);
            if !ok {
                return Err(ApiError::bad_field(
                    "avatar_url",
                    "avatar_url must be an http(s) URL or a path starting with /",
                ));
            }
            Some(Some(url))
        }
        Some(None) => Some(None),
        None => None,
    };
    if let Some(theme) = update.theme.as_deref()
        && !["light", "dark", "system"].contains(&theme)
    {
        return Err(ApiError::bad_field(
            "theme",
            "theme must be light, dark or system",
        ));
    }
    accounts::update_profile(
        &state.db,
        user.id,
        full_name.as_ref().map(FullName::as_str),
        avatar,
        update.theme.as_deref(),
        Utc::now(),
    )
    .await?;
    Ok(Json(load(&state, user.id).await?))
}
