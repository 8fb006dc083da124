//! `/admin/help`: categories and articles as admins write them, and the editor's preview.

use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use bazaar_commerce::help::{self as flows, ArticleChange, CategoryChange, render};
use bazaar_db::help::{self, ArticleRow, CategoryRow};
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;
use uuid::Uuid;

use super::not_found;
use crate::auth::AdminActor;
use crate::error::ErrorBody;
use crate::extract::{ApiJson, ApiPath, ApiQuery};
use crate::routes::selling::actor;
use crate::{ApiError, ApiResult, AppState};

pub(super) fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(admin_help_categories, create_help_category))
        .routes(routes!(update_help_category, delete_help_category))
        .routes(routes!(admin_help_articles, create_help_article))
        .routes(routes!(
            admin_help_article,
            update_help_article,
            delete_help_article
        ))
        .routes(routes!(preview_help_article))
}

/// A category as admins see it.
#[derive(Debug, Serialize, ToSchema)]
pub struct AdminHelpCategory {
    pub id: Uuid,
    pub name: String,
    pub slug: String,
    pub description: String,
    pub position: i32,
    /// How many articles it holds, drafts included.
    pub articles: i64,
}

impl From<CategoryRow> for AdminHelpCategory {
    fn from(c: CategoryRow) -> Self {
        Self {
            id: c.id,
            name: c.name,
            slug: c.slug,
            description: c.description,
            position: c.position,
            articles: c.articles,
        }
    }
}

#[derive(Debug, Serialize, ToSchema)]
pub struct AdminHelpCategories {
    pub categories: Vec<AdminHelpCategory>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct AdminHelpCategoryBody {
    pub category: AdminHelpCategory,
}

/// The help centre's categories, in order.
#[utoipa::path(
    get, path = "/admin/help/categories", tag = "admin", operation_id = "admin_help_categories",
    security(("bearer" = [])),
    responses(
        (status = 200, body = AdminHelpCategories), (status = 401, body = ErrorBody),
        (status = 403, body = ErrorBody)
    )
)]
async fn admin_help_categories(
    State(state): State<AppState>,
    AdminActor(_): AdminActor,
) -> ApiResult<Json<AdminHelpCategories>> {
    let categories = help::categories(&state.db).await?;
    Ok(Json(AdminHelpCategories {
        categories: categories.into_iter().map(Into::into).collect(),
    }))
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct HelpCategoryInput {
    pub name: Option<String>,
    /// Lowercase letters, digits and hyphens; made from the name when left out.
    pub slug: Option<String>,
    pub description: Option<String>,
    pub position: Option<i32>,
}

impl From<HelpCategoryInput> for CategoryChange {
    fn from(b: HelpCategoryInput) -> Self {
        Self {
            name: b.name,
            slug: b.slug,
            description: b.description,
            position: b.position,
        }
    }
}

/// Adds a category.
#[utoipa::path(
    post, path = "/admin/help/categories", tag = "admin", operation_id = "create_help_category",
    security(("bearer" = [])), request_body = HelpCategoryInput,
    responses(
        (status = 201, body = AdminHelpCategoryBody), (status = 400, body = ErrorBody),
        (status = 401, body = ErrorBody), (status = 403, body = ErrorBody),
        (status = 409, body = ErrorBody)
    )
)]
async fn create_help_category(
    State(state): State<AppState>,
    AdminActor(me): AdminActor,
    ApiJson(body): ApiJson<HelpCategoryInput>,
) -> ApiResult<(StatusCode, Json<AdminHelpCategoryBody>)> {
    let category = flows::create_category(&state.db, &actor(&me), &body.into()).await?;
    Ok((
        StatusCode::CREATED,
        Json(AdminHelpCategoryBody {
            category: category.into(),
        }),
    ))
}

/// Changes a category; fields left out stay.
#[utoipa::path(
    patch, path = "/admin/help/categories/{id}", tag = "admin", operation_id = "update_help_category",
    security(("bearer" = [])), params(("id" = Uuid, Path)), request_body = HelpCategoryInput,
    responses(
        (status = 200, body = AdminHelpCategoryBody), (status = 400, body = ErrorBody),
        (status = 401, body = ErrorBody), (status = 403, body = ErrorBody),
        (status = 404, body = ErrorBody), (status = 409, body = ErrorBody)
    )
)]
async fn update_help_category(
    State(state): State<AppState>,
    AdminActor(me): AdminActor,
    ApiPath(id): ApiPath<Uuid>,
    ApiJson(body): ApiJson<HelpCategoryInput>,
) -> ApiResult<Json<AdminHelpCategoryBody>> {
    let category = flows::update_category(&state.db, &state.help, &actor(&me), id, &body.into())
        .await
        .map_err(|e| category_missing(e.into()))?;
    Ok(Json(AdminHelpCategoryBody {
        category: category.into(),
    }))
}

fn category_missing(e: ApiError) -> ApiError {
    match e {
        ApiError::NotFound(_) => ApiError::NotFound("Category not found".to_owned()),
        other => other,
    }
}

/// Deletes a category that holds no article.
#[utoipa::path(
    delete, path = "/admin/help/categories/{id}", tag = "admin", operation_id = "delete_help_category",
    security(("bearer" = [])), params(("id" = Uuid, Path)),
    responses(
        (status = 204), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody),
        (status = 404, body = ErrorBody), (status = 409, body = ErrorBody)
    )
)]
async fn delete_help_category(
    State(state): State<AppState>,
    AdminActor(me): AdminActor,
    ApiPath(id): ApiPath<Uuid>,
) -> ApiResult<StatusCode> {
    flows::delete_category(&state.db, &actor(&me), id)
        .await
        .map_err(|e| category_missing(e.into()))?;
    Ok(StatusCode::NO_CONTENT)
}

/// An article as admins see it in the list.
#[derive(Debug, Serialize, ToSchema)]
pub struct AdminHelpArticleRow {
    pub id: Uuid,
    pub title: String,
    pub slug: String,
    pub summary: String,
    pub category_id: Uuid,
    pub category_name: String,
    pub published: bool,
    pub position: i32,
    pub helpful_yes: i64,
    pub helpful_no: i64,
    pub updated_at: DateTime<Utc>,
}

impl From<&ArticleRow> for AdminHelpArticleRow {
    fn from(a: &ArticleRow) -> Self {
        Self {
            id: a.id,
            title: a.title.clone(),
            slug: a.slug.clone(),
            summary: a.summary.clone(),
            category_id: a.category_id,
            category_name: a.category_name.clone(),
            published: a.published,
            position: a.position,
            helpful_yes: a.helpful_yes,
            helpful_no: a.helpful_no,
            updated_at: a.updated_at,
        }
    }
}

/// An article as admins edit it.
#[derive(Debug, Serialize, ToSchema)]
pub struct AdminHelpArticle {
    #[serde(flatten)]
    pub row: AdminHelpArticleRow,
    /// The Markdown source.
    pub body: String,
    /// The body as the help centre shows it.
    pub html: String,
}

impl From<&ArticleRow> for AdminHelpArticle {
    fn from(a: &ArticleRow) -> Self {
        Self {
            row: a.into(),
            body: a.body.clone(),
            html: render(&a.body),
        }
    }
}

#[derive(Debug, Serialize, ToSchema)]
pub struct AdminHelpArticles {
    pub articles: Vec<AdminHelpArticleRow>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct AdminHelpArticleBody {
    pub article: AdminHelpArticle,
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct AdminHelpQuery {
    /// A category's id.
    pub category: Option<String>,
    /// Text in the title or summary.
    pub q: Option<String>,
}

/// Every article, drafts included, in their categories' order.
#[utoipa::path(
    get, path = "/admin/help/articles", tag = "admin", operation_id = "admin_help_articles",
    security(("bearer" = [])), params(AdminHelpQuery),
    responses(
        (status = 200, body = AdminHelpArticles), (status = 400, body = ErrorBody),
        (status = 401, body = ErrorBody), (status = 403, body = ErrorBody)
    )
)]
async fn admin_help_articles(
    State(state): State<AppState>,
    AdminActor(_): AdminActor,
    ApiQuery(q): ApiQuery<AdminHelpQuery>,
) -> ApiResult<Json<AdminHelpArticles>> {
    let category = match q.category.as_deref().map(str::trim) {
        None | Some("") => None,
        Some(id) => Some(
            Uuid::parse_str(id).map_err(|_| ApiError::bad_field("category", "Unknown category"))?,
        ),
    };
    let text = q.q.as_deref().map(str::trim).filter(|t| !t.is_empty());
    let rows = help::all(&state.db, category, text).await?;
    Ok(Json(AdminHelpArticles {
        articles: rows.iter().map(Into::into).collect(),
    }))
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct HelpArticleInput {
    pub category_id: Option<Uuid>,
    /// 1 to 150 characters.
    pub title: Option<String>,
    /// Lowercase letters, digits and hyphens; made from the title when left out.
    pub slug: Option<String>,
    /// At most 300 characters.
    pub summary: Option<String>,
    /// Markdown, 1 to 50,000 characters.
    pub body: Option<String>,
    /// Drafts (false) are seen only here.
    pub published: Option<bool>,
    pub position: Option<i32>,
}

impl From<HelpArticleInput> for ArticleChange {
    fn from(b: HelpArticleInput) -> Self {
        Self {
            category_id: b.category_id,
            title: b.title,
            slug: b.slug,
            summary: b.summary,
            body: b.body,
            published: b.published,
            position: b.position,
        }
    }
}

/// Writes an article.
#[utoipa::path(
    post, path = "/admin/help/articles", tag = "admin", operation_id = "create_help_article",
    security(("bearer" = [])), request_body = HelpArticleInput,
    responses(
        (status = 201, body = AdminHelpArticleBody), (status = 400, body = ErrorBody),
        (status = 401, body = ErrorBody), (status = 403, body = ErrorBody),
        (status = 409, body = ErrorBody)
    )
)]
async fn create_help_article(
    State(state): State<AppState>,
    AdminActor(me): AdminActor,
    ApiJson(body): ApiJson<HelpArticleInput>,
) -> ApiResult<(StatusCode, Json<AdminHelpArticleBody>)> {
    let row = flows::create_article(&state.db, &state.help, &actor(&me), &body.into()).await?;
    Ok((
        StatusCode::CREATED,
        Json(AdminHelpArticleBody {
            article: (&row).into(),
        }),
    ))
}

/// One article with its Markdown.
#[utoipa::path(
    get, path = "/admin/help/articles/{id}", tag = "admin", operation_id = "admin_help_article",
    security(("bearer" = [])), params(("id" = Uuid, Path)),
    responses(
        (status = 200, body = AdminHelpArticleBody), (status = 401, body = ErrorBody),
        (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)
    )
)]
async fn admin_help_article(
    State(state): State<AppState>,
    AdminActor(_): AdminActor,
    ApiPath(id): ApiPath<Uuid>,
) -> ApiResult<Json<AdminHelpArticleBody>> {
    let row = help::get(&state.db, id).await?.ok_or_else(not_found)?;
    Ok(Json(AdminHelpArticleBody {
        article: (&row).into(),
    }))
}

/// Changes an article; fields left out stay.
#[utoipa::path(
    patch, path = "/admin/help/articles/{id}", tag = "admin", operation_id = "update_help_article",
    security(("bearer" = [])), params(("id" = Uuid, Path)), request_body = HelpArticleInput,
    responses(
        (status = 200, body = AdminHelpArticleBody), (status = 400, body = ErrorBody),
        (status = 401, body = ErrorBody), (status = 403, body = ErrorBody),
        (status = 404, body = ErrorBody), (status = 409, body = ErrorBody)
    )
)]
async fn update_help_article(
    State(state): State<AppState>,
    AdminActor(me): AdminActor,
    ApiPath(id): ApiPath<Uuid>,
    ApiJson(body): ApiJson<HelpArticleInput>,
) -> ApiResult<Json<AdminHelpArticleBody>> {
    let row = flows::update_article(&state.db, &state.help, &actor(&me), id, &body.into())
        .await
        .map_err(|e| article_missing(e.into()))?;
    Ok(Json(AdminHelpArticleBody {
        article: (&row).into(),
    }))
}

fn article_missing(e: ApiError) -> ApiError {
    match e {
        ApiError::NotFound(_) => not_found(),
        other => other,
    }
}

/// Deletes an article.
#[utoipa::path(
    delete, path = "/admin/help/articles/{id}", tag = "admin", operation_id = "delete_help_article",
    security(("bearer" = [])), params(("id" = Uuid, Path)),
    responses(
        (status = 204), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody),
        (status = 404, body = ErrorBody)
    )
)]
async fn delete_help_article(
    State(state): State<AppState>,
    AdminActor(me): AdminActor,
    ApiPath(id): ApiPath<Uuid>,
) -> ApiResult<StatusCode> {
    flows::delete_article(&state.db, &state.help, &actor(&me), id)
        .await
        .map_err(|e| article_missing(e.into()))?;
    Ok(StatusCode::NO_CONTENT)
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct HelpPreviewInput {
    pub body: String,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct HelpPreview {
    pub html: String,
}

/// Markdown as the help centre would show it (the editor's preview).
#[utoipa::path(
    post, path = "/admin/help/preview", tag = "admin", operation_id = "preview_help_article",
    security(("bearer" = [])), request_body = HelpPreviewInput,
    responses(
        (status = 200, body = HelpPreview), (status = 400, body = ErrorBody),
        (status = 401, body = ErrorBody), (status = 403, body = ErrorBody)
    )
)]
async fn preview_help_article(
    AdminActor(_): AdminActor,
    ApiJson(body): ApiJson<HelpPreviewInput>,
) -> ApiResult<Json<HelpPreview>> {
    if body.body.chars().count() > bazaar_domain::help::BODY_MAX {
        return Err(ApiError::bad_field(
            "body",
            "Article body must be at most 50000 characters",
        ));
    }
    Ok(Json(HelpPreview {
        html: render(&body.body),
    }))
}
