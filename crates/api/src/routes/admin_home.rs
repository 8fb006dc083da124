//! The home page's slides and banners as admins edit them (`/admin/home-page`) and as the
//! site reads them. Changes are audited (`bazaar_commerce::site_settings`).

use axum::Json;
use axum::extract::State;
use bazaar_commerce::site_settings;
use bazaar_domain::settings::home::{HeroSlide, HomeBanner, HomeContent};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::selling::actor;
use crate::auth::AdminActor;
use crate::error::ErrorBody;
use crate::extract::ApiJson;
use crate::{ApiResult, AppState};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(
            admin_get_home_content,
            admin_set_home_content,
            admin_reset_home_content
        ))
        .routes(routes!(get_home_content))
}

/// One hero slide.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
pub struct HeroSlideBody {
    /// Up to 40 characters.
    #[serde(default)]
    pub subtitle: String,
    /// 1 to 80 characters.
    pub title: String,
    /// Up to 240 characters.
    #[serde(default)]
    pub description: String,
    /// 1 to 30 characters.
    pub button_text: String,
    /// A path on this site (`/products/`) or an `https://` address.
    pub link: String,
    /// `/media/…` or an `https://` address; none shows the built-in art.
    #[serde(default)]
    pub image_url: Option<String>,
    /// `brand` or `light`.
    pub tone: String,
}

/// One banner under the hero.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
pub struct HomeBannerBody {
    /// Up to 30 characters.
    #[serde(default)]
    pub kicker: String,
    /// 1 to 60 characters.
    pub title: String,
    /// Up to 160 characters.
    #[serde(default)]
    pub text: String,
    /// 1 to 30 characters.
    pub button_text: String,
    pub link: String,
    #[serde(default)]
    pub image_url: Option<String>,
    /// `sale`, `dark` or `brand`.
    pub tone: String,
}

/// The home page's slides (1 to 6) and banners (0 to 4). Field errors are named
/// `slides.0.title`, `banners.1.link`.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
pub struct HomeContentBody {
    pub slides: Vec<HeroSlideBody>,
    pub banners: Vec<HomeBannerBody>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct AdminHomeContent {
    pub slides: Vec<HeroSlideBody>,
    pub banners: Vec<HomeBannerBody>,
    /// Whether this is the content the site was built with.
    pub is_default: bool,
}

impl From<HomeContent> for HomeContentBody {
    fn from(c: HomeContent) -> Self {
        Self {
            slides: c
                .slides
                .into_iter()
                .map(|s| HeroSlideBody {
                    subtitle: s.subtitle,
                    title: s.title,
                    description: s.description,
                    button_text: s.button_text,
                    link: s.link,
                    image_url: s.image_url,
                    tone: s.tone,
                })
                .collect(),
            banners: c
                .banners
                .into_iter()
                .map(|b| HomeBannerBody {
                    kicker: b.kicker,
                    title: b.title,
                    text: b.text,
                    button_text: b.button_text,
                    link: b.link,
                    image_url: b.image_url,
                    tone: b.tone,
                })
                .collect(),
        }
    }
}

impl From<HomeContentBody> for HomeContent {
    fn from(b: HomeContentBody) -> Self {
        Self {
            slides: b
                .slides
                .into_iter()
                .map(|s| HeroSlide {
                    subtitle: s.subtitle,
                    title: s.title,
                    description: s.description,
                    button_text: s.button_text,
                    link: s.link,
                    image_url: s.image_url,
                    tone: s.tone,
                })
                .collect(),
            banners: b
                .banners
                .into_iter()
                .map(|b| HomeBanner {
                    kicker: b.kicker,
                    title: b.title,
                    text: b.text,
                    button_text: b.button_text,
                    link: b.link,
                    image_url: b.image_url,
                    tone: b.tone,
                })
                .collect(),
        }
    }
}

fn admin_home(c: HomeContent) -> AdminHomeContent {
    let is_default = c.is_default();
    let body = HomeContentBody::from(c);
    AdminHomeContent {
        slides: body.slides,
        banners: body.banners,
        is_default,
    }
}

/// The home page's slides and banners.
#[utoipa::path(
    get, path = "/settings/home", tag = "settings", operation_id = "get_home_content",
    responses((status = 200, body = HomeContentBody))
)]
async fn get_home_content(State(state): State<AppState>) -> ApiResult<Json<HomeContentBody>> {
    Ok(Json(site_settings::home(&state.db).await?.into()))
}

/// The home page's slides and banners, as admins edit them.
#[utoipa::path(
    get, path = "/admin/settings/home", tag = "admin", operation_id = "admin_get_home_content",
    security(("bearer" = [])),
    responses(
        (status = 200, body = AdminHomeContent), (status = 401, body = ErrorBody),
        (status = 403, body = ErrorBody)
    )
)]
async fn admin_get_home_content(
    State(state): State<AppState>,
    _admin: AdminActor,
) -> ApiResult<Json<AdminHomeContent>> {
    Ok(Json(admin_home(site_settings::home(&state.db).await?)))
}

/// Save the home page's slides and banners.
#[utoipa::path(
    put, path = "/admin/settings/home", tag = "admin", operation_id = "admin_set_home_content",
    security(("bearer" = [])), request_body = HomeContentBody,
    responses(
        (status = 200, body = AdminHomeContent), (status = 400, body = ErrorBody),
        (status = 401, body = ErrorBody), (status = 403, body = ErrorBody)
    )
)]
async fn admin_set_home_content(
    State(state): State<AppState>,
    AdminActor(caller): AdminActor,
    ApiJson(body): ApiJson<HomeContentBody>,
) -> ApiResult<Json<AdminHomeContent>> {
    let content = HomeContent::from(body);
    let saved = site_settings::set_home(&state.db, &actor(&caller), Some(&content)).await?;
    Ok(Json(admin_home(saved)))
}

/// Put the built-in slides and banners back.
#[utoipa::path(
    delete, path = "/admin/settings/home", tag = "admin", operation_id = "admin_reset_home_content",
    security(("bearer" = [])),
    responses(
        (status = 200, body = AdminHomeContent), (status = 401, body = ErrorBody),
        (status = 403, body = ErrorBody)
    )
)]
async fn admin_reset_home_content(
    State(state): State<AppState>,
    AdminActor(caller): AdminActor,
) -> ApiResult<Json<AdminHomeContent>> {
    let saved = site_settings::set_home(&state.db, &actor(&caller), None).await?;
    Ok(Json(admin_home(saved)))
}
