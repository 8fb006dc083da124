//! The help centre: the published articles by category (`GET /help`), their search
//! (`GET /help/search`), one article rendered (`GET /help/articles/{slug}`) and its "Was this
//! helpful?" answers; `/admin/help` writes categories and articles. The rules are
//! `bazaar_commerce::help`'s; admin changes are audited there. The admin routes are in
//! [`admin`].

mod admin;

use std::time::Duration;

use axum::Json;
use axum::extract::State;
use bazaar_commerce::help::{self as flows, render};
use bazaar_db::help::{self, ArticleRow};
use bazaar_domain::help::parse_query;
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;
use uuid::Uuid;

use crate::client_addr::ClientIp;
use crate::error::ErrorBody;
use crate::extract::{ApiJson, ApiPath, ApiQuery};
use crate::{ApiError, ApiResult, AppState};

/// "Was this helpful?" answers per client address and article per hour.
const ANSWERS_PER_HOUR: u32 = 5;
/// Articles shown beside one, from its category.
const RELATED: usize = 5;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(help_centre))
        .routes(routes!(search_help))
        .routes(routes!(help_article))
        .routes(routes!(answer_helpful))
        .merge(admin::router())
}

pub(super) fn not_found() -> ApiError {
    ApiError::NotFound("Article not found".to_owned())
}

/// An article in a list.
#[derive(Debug, Serialize, ToSchema)]
pub struct HelpArticleLink {
    pub title: String,
    pub slug: String,
    pub summary: String,
}

impl From<&ArticleRow> for HelpArticleLink {
    fn from(a: &ArticleRow) -> Self {
        Self {
            title: a.title.clone(),
            slug: a.slug.clone(),
            summary: a.summary.clone(),
        }
    }
}

#[derive(Debug, Serialize, ToSchema)]
pub struct HelpCategory {
    pub id: Uuid,
    pub name: String,
    pub slug: String,
    pub description: String,
    /// Its published articles, in order.
    pub articles: Vec<HelpArticleLink>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct HelpCentre {
    /// Categories with at least one published article, in order.
    pub categories: Vec<HelpCategory>,
}

/// The help centre: categories and their published articles.
#[utoipa::path(
    get, path = "/help", tag = "help", operation_id = "help_centre",
    responses((status = 200, body = HelpCentre))
)]
async fn help_centre(State(state): State<AppState>) -> ApiResult<Json<HelpCentre>> {
    let mut categories: Vec<HelpCategory> = Vec::new();
    for a in help::published(&state.db).await? {
        match categories.last_mut() {
            Some(c) if c.id == a.category_id => c.articles.push((&a).into()),
            _ => categories.push(HelpCategory {
                id: a.category_id,
                name: a.category_name.clone(),
                slug: a.category_slug.clone(),
                description: String::new(),
                articles: vec![(&a).into()],
            }),
        }
    }
    let descriptions: std::collections::HashMap<Uuid, String> = help::categories(&state.db)
        .await?
        .into_iter()
        .map(|c| (c.id, c.description))
        .collect();
    for c in &mut categories {
        c.description = descriptions.get(&c.id).cloned().unwrap_or_default();
    }
    Ok(Json(HelpCentre { categories }))
}

#[derive(Debug, Serialize, ToSchema)]
pub struct HelpCategoryRef {
    pub name: String,
    pub slug: String,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct HelpSearchResult {
    pub title: String,
    pub slug: String,
    pub summary: String,
    pub category: HelpCategoryRef,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct HelpSearchResults {
    /// At most 20, best first.
    pub results: Vec<HelpSearchResult>,
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct HelpSearchQuery {
    /// Words to find; every one must match (typos allowed on longer words, the last word
    /// as a prefix). Blank finds nothing.
    pub q: Option<String>,
}

/// Searches the published help articles.
#[utoipa::path(
    get, path = "/help/search", tag = "help", operation_id = "search_help",
    params(HelpSearchQuery),
    responses((status = 200, body = HelpSearchResults), (status = 400, body = ErrorBody))
)]
async fn search_help(
    State(state): State<AppState>,
    ApiQuery(q): ApiQuery<HelpSearchQuery>,
) -> ApiResult<Json<HelpSearchResults>> {
    let q = parse_query(q.q.as_deref().unwrap_or("")).map_err(|e| ApiError::bad_field("q", e))?;
    let rows = match q {
        Some(q) => flows::search(&state.db, &state.help, &q).await?,
        None => Vec::new(),
    };
    Ok(Json(HelpSearchResults {
        results: rows
            .iter()
            .map(|a| HelpSearchResult {
                title: a.title.clone(),
                slug: a.slug.clone(),
                summary: a.summary.clone(),
                category: HelpCategoryRef {
                    name: a.category_name.clone(),
                    slug: a.category_slug.clone(),
                },
            })
            .collect(),
    }))
}

#[derive(Debug, Serialize, ToSchema)]
pub struct HelpArticle {
    pub id: Uuid,
    pub title: String,
    pub slug: String,
    pub summary: String,
    pub category: HelpCategoryRef,
    /// The article's Markdown as sanitised HTML: no raw HTML from the source, links with
    /// rel="nofollow noopener noreferrer".
    pub html: String,
    pub updated_at: DateTime<Utc>,
    pub helpful_yes: i64,
    pub helpful_no: i64,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct HelpArticlePage {
    pub article: HelpArticle,
    /// Other articles of its category.
    pub related: Vec<HelpArticleLink>,
}

/// One published article, rendered.
#[utoipa::path(
    get, path = "/help/articles/{slug}", tag = "help", operation_id = "help_article",
    params(("slug" = String, Path)),
    responses((status = 200, body = HelpArticlePage), (status = 404, body = ErrorBody))
)]
async fn help_article(
    State(state): State<AppState>,
    ApiPath(slug): ApiPath<String>,
) -> ApiResult<Json<HelpArticlePage>> {
    let a = help::published_by_slug(&state.db, &slug)
        .await?
        .ok_or_else(not_found)?;
    let related = help::published(&state.db)
        .await?
        .iter()
        .filter(|o| o.category_id == a.category_id && o.id != a.id)
        .take(RELATED)
        .map(Into::into)
        .collect();
    Ok(Json(HelpArticlePage {
        article: HelpArticle {
            id: a.id,
            html: render(&a.body),
            title: a.title,
            slug: a.slug,
            summary: a.summary,
            category: HelpCategoryRef {
                name: a.category_name,
                slug: a.category_slug,
            },
            updated_at: a.updated_at,
            helpful_yes: a.helpful_yes,
            helpful_no: a.helpful_no,
        },
        related,
    }))
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct HelpfulAnswer {
    pub helpful: bool,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct HelpfulCounts {
    pub helpful_yes: i64,
    pub helpful_no: i64,
}

/// "Was this helpful?": counts one answer (anyone may answer).
#[utoipa::path(
    post, path = "/help/articles/{slug}/feedback", tag = "help", operation_id = "answer_helpful",
    params(("slug" = String, Path)), request_body = HelpfulAnswer,
    responses(
        (status = 200, body = HelpfulCounts), (status = 400, body = ErrorBody),
        (status = 404, body = ErrorBody), (status = 429, body = ErrorBody)
    )
)]
async fn answer_helpful(
    State(state): State<AppState>,
    client: ClientIp,
    ApiPath(slug): ApiPath<String>,
    ApiJson(body): ApiJson<HelpfulAnswer>,
) -> ApiResult<Json<HelpfulCounts>> {
    state.limit(
        &format!("helpful:{}:{slug}", client.key()),
        ANSWERS_PER_HOUR,
        Duration::from_secs(3600),
        "Thanks, we have your answer already.",
    )?;
    let (helpful_yes, helpful_no) = help::count_answer(&state.db, &slug, body.helpful)
        .await?
        .ok_or_else(not_found)?;
    Ok(Json(HelpfulCounts {
        helpful_yes,
        helpful_no,
    }))
}
