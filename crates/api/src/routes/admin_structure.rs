//! The catalogue's structure for admins: `/admin/categories` (a tree at most three levels
//! deep, with order, image and on/off; removing one moves its products) and
//! `/admin/global-attributes` (size, colour and their values, in order, used by the
//! vendor editor). Changes name the version read (409 `stale` otherwise) and are audited.

use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use bazaar_commerce::structure;
use bazaar_db::admin::structure::{self as rows, AdminAttribute, AdminCategory};
use bazaar_domain::taxonomy::{AttributeDraft, CategoryDraft};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;
use uuid::Uuid;

use super::admin_lists::AuditEntry;
use super::selling::actor;
use crate::auth::AdminActor;
use crate::error::ErrorBody;
use crate::extract::{ApiJson, ApiPath, ApiQuery};
use crate::{ApiError, ApiResult, AppState};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(list_categories, create_category))
        .routes(routes!(update_category, delete_category))
        .routes(routes!(list_attributes, create_attribute))
        .routes(routes!(update_attribute, delete_attribute))
}

#[derive(Debug, Serialize, ToSchema)]
pub struct AdminCategoryView {
    pub id: Uuid,
    pub slug: String,
    pub name: String,
    pub description: String,
    pub image_url: Option<String>,
    /// None: a top category.
    pub parent_id: Option<Uuid>,
    /// Smaller first among its siblings.
    pub position: i64,
    /// Shown on the storefront.
    pub active: bool,
    /// Products of any status in it.
    pub product_count: i64,
    pub version: i64,
}

impl From<AdminCategory> for AdminCategoryView {
    fn from(c: AdminCategory) -> Self {
        Self {
            id: c.id,
            slug: c.slug,
            name: c.name,
            description: c.description,
            image_url: c.image_url,
            parent_id: c.parent_id,
            position: c.position,
            active: c.active,
            product_count: c.product_count,
            version: c.version,
        }
    }
}

#[derive(Debug, Serialize, ToSchema)]
pub struct AdminCategoryList {
    /// Every category by position then name; build the tree from `parent_id`.
    pub categories: Vec<AdminCategoryView>,
    /// The latest changes to categories.
    pub audit: Vec<AuditEntry>,
}

/// Every category.
#[utoipa::path(
    get, path = "/admin/categories", tag = "admin", operation_id = "admin_list_categories",
    security(("bearer" = [])),
    responses(
        (status = 200, body = AdminCategoryList), (status = 401, body = ErrorBody),
        (status = 403, body = ErrorBody)
    )
)]
async fn list_categories(
    State(state): State<AppState>,
    _admin: AdminActor,
) -> ApiResult<Json<AdminCategoryList>> {
    let filter = bazaar_db::audit::Filter {
        subject_type: Some("category".into()),
        ..Default::default()
    };
    let (audit, _) = bazaar_db::audit::list(&state.db, &filter, 20, 0).await?;
    Ok(Json(AdminCategoryList {
        categories: rows::categories(&state.db)
            .await?
            .into_iter()
            .map(AdminCategoryView::from)
            .collect(),
        audit: audit.into_iter().map(AuditEntry::from).collect(),
    }))
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct CategoryInput {
    /// 2 to 60 characters.
    pub name: String,
    /// Its address; by default made from the name.
    pub slug: Option<String>,
    #[serde(default)]
    pub description: String,
    /// An https:// address or a path on this site (an uploaded picture).
    pub image_url: Option<String>,
    pub parent_id: Option<Uuid>,
    #[serde(default)]
    pub position: i64,
    #[serde(default = "yes")]
    pub active: bool,
    /// Required to change one: the version as last read.
    pub version: Option<i64>,
}

fn yes() -> bool {
    true
}

impl CategoryInput {
    fn draft(&self) -> ApiResult<CategoryDraft> {
        CategoryDraft::parse(
            &self.name,
            self.slug.as_deref(),
            &self.description,
            self.image_url.as_deref(),
            self.parent_id,
            self.position,
            self.active,
        )
        .map_err(|(field, message)| ApiError::bad_field(field, message))
    }
}

/// Add a category.
#[utoipa::path(
    post, path = "/admin/categories", tag = "admin", operation_id = "admin_create_category",
    security(("bearer" = [])), request_body = CategoryInput,
    responses(
        (status = 201, body = AdminCategoryView), (status = 400, body = ErrorBody),
        (status = 401, body = ErrorBody), (status = 403, body = ErrorBody)
    )
)]
async fn create_category(
    State(state): State<AppState>,
    AdminActor(caller): AdminActor,
    ApiJson(body): ApiJson<CategoryInput>,
) -> ApiResult<(StatusCode, Json<AdminCategoryView>)> {
    let created = structure::create_category(&state.db, &actor(&caller), &body.draft()?).await?;
    Ok((StatusCode::CREATED, Json(created.into())))
}

/// Change a category: its products follow a new address.
#[utoipa::path(
    put, path = "/admin/categories/{id}", tag = "admin", operation_id = "admin_update_category",
    security(("bearer" = [])), params(("id" = Uuid, Path, description = "Category id")), request_body = CategoryInput,
    responses(
        (status = 200, body = AdminCategoryView), (status = 400, body = ErrorBody),
        (status = 401, body = ErrorBody), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody),
        (status = 409, description = "`stale`: changed meanwhile", body = ErrorBody)
    )
)]
async fn update_category(
    State(state): State<AppState>,
    AdminActor(caller): AdminActor,
    ApiPath(id): ApiPath<Uuid>,
    ApiJson(body): ApiJson<CategoryInput>,
) -> ApiResult<Json<AdminCategoryView>> {
    let seen = body
        .version
        .ok_or_else(|| ApiError::bad_field("version", "Send the version you last read"))?;
    let updated =
        structure::update_category(&state.db, &actor(&caller), id, &body.draft()?, seen).await?;
    Ok(Json(updated.into()))
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct DeleteCategoryQuery {
    /// Where its products go (a category's slug); by default its parent, or no category.
    pub move_to: Option<String>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct CategoryRemoved {
    /// Where its products went ("" for no category).
    pub products_to: String,
    pub products_moved: i64,
}

/// Remove a category: its products move (to `move_to`, its parent, or no category) and
/// its sub-categories move up to its parent.
#[utoipa::path(
    delete, path = "/admin/categories/{id}", tag = "admin", operation_id = "admin_delete_category",
    security(("bearer" = [])), params(("id" = Uuid, Path, description = "Category id"), DeleteCategoryQuery),
    responses(
        (status = 200, body = CategoryRemoved), (status = 400, body = ErrorBody),
        (status = 401, body = ErrorBody), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)
    )
)]
async fn delete_category(
    State(state): State<AppState>,
    AdminActor(caller): AdminActor,
    ApiPath(id): ApiPath<Uuid>,
    ApiQuery(q): ApiQuery<DeleteCategoryQuery>,
) -> ApiResult<Json<CategoryRemoved>> {
    let removed =
        structure::delete_category(&state.db, &actor(&caller), id, q.move_to.as_deref()).await?;
    Ok(Json(CategoryRemoved {
        products_to: removed.products_to,
        products_moved: removed.products_moved as i64,
    }))
}

#[derive(Debug, Serialize, ToSchema)]
pub struct AdminAttributeView {
    pub id: Uuid,
    pub name: String,
    /// In the order vendors see them.
    pub values: Vec<String>,
    pub position: i64,
    pub version: i64,
}

impl From<AdminAttribute> for AdminAttributeView {
    fn from(a: AdminAttribute) -> Self {
        Self {
            id: a.id,
            name: a.name,
            values: a.attribute_values.0,
            position: a.position,
            version: a.version,
        }
    }
}

#[derive(Debug, Serialize, ToSchema)]
pub struct AdminAttributeList {
    pub attributes: Vec<AdminAttributeView>,
}

/// The global attributes.
#[utoipa::path(
    get, path = "/admin/global-attributes", tag = "admin", operation_id = "admin_list_global_attributes",
    security(("bearer" = [])),
    responses(
        (status = 200, body = AdminAttributeList), (status = 401, body = ErrorBody),
        (status = 403, body = ErrorBody)
    )
)]
async fn list_attributes(
    State(state): State<AppState>,
    _admin: AdminActor,
) -> ApiResult<Json<AdminAttributeList>> {
    Ok(Json(AdminAttributeList {
        attributes: rows::attributes(&state.db)
            .await?
            .into_iter()
            .map(AdminAttributeView::from)
            .collect(),
    }))
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct GlobalAttributeInput {
    /// 2 to 40 characters, unique.
    pub name: String,
    /// 1 to 100 distinct values of 1 to 40 characters, in order.
    pub values: Vec<String>,
    #[serde(default)]
    pub position: i64,
    /// Required to change one: the version as last read.
    pub version: Option<i64>,
}

impl GlobalAttributeInput {
    fn draft(&self) -> ApiResult<AttributeDraft> {
        AttributeDraft::parse(&self.name, &self.values, self.position)
            .map_err(|(field, message)| ApiError::bad_field(field, message))
    }
}

/// Add a global attribute.
#[utoipa::path(
    post, path = "/admin/global-attributes", tag = "admin", operation_id = "admin_create_global_attribute",
    security(("bearer" = [])), request_body = GlobalAttributeInput,
    responses(
        (status = 201, body = AdminAttributeView), (status = 400, body = ErrorBody),
        (status = 401, body = ErrorBody), (status = 403, body = ErrorBody)
    )
)]
async fn create_attribute(
    State(state): State<AppState>,
    AdminActor(caller): AdminActor,
    ApiJson(body): ApiJson<GlobalAttributeInput>,
) -> ApiResult<(StatusCode, Json<AdminAttributeView>)> {
    let created = structure::create_attribute(&state.db, &actor(&caller), &body.draft()?).await?;
    Ok((StatusCode::CREATED, Json(created.into())))
}

/// Change a global attribute (its name, values or order).
#[utoipa::path(
    put, path = "/admin/global-attributes/{id}", tag = "admin", operation_id = "admin_update_global_attribute",
    security(("bearer" = [])), params(("id" = Uuid, Path, description = "Attribute id")), request_body = GlobalAttributeInput,
    responses(
        (status = 200, body = AdminAttributeView), (status = 400, body = ErrorBody),
        (status = 401, body = ErrorBody), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody),
        (status = 409, description = "`stale`: changed meanwhile", body = ErrorBody)
    )
)]
async fn update_attribute(
    State(state): State<AppState>,
    AdminActor(caller): AdminActor,
    ApiPath(id): ApiPath<Uuid>,
    ApiJson(body): ApiJson<GlobalAttributeInput>,
) -> ApiResult<Json<AdminAttributeView>> {
    let seen = body
        .version
        .ok_or_else(|| ApiError::bad_field("version", "Send the version you last read"))?;
    let updated =
        structure::update_attribute(&state.db, &actor(&caller), id, &body.draft()?, seen).await?;
    Ok(Json(updated.into()))
}

/// Remove a global attribute; products keep the values their variations were given.
#[utoipa::path(
    delete, path = "/admin/global-attributes/{id}", tag = "admin", operation_id = "admin_delete_global_attribute",
    security(("bearer" = [])), params(("id" = Uuid, Path, description = "Attribute id")),
    responses(
        (status = 204, description = "Removed"), (status = 401, body = ErrorBody),
        (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)
    )
)]
async fn delete_attribute(
    State(state): State<AppState>,
    AdminActor(caller): AdminActor,
    ApiPath(id): ApiPath<Uuid>,
) -> ApiResult<StatusCode> {
    structure::delete_attribute(&state.db, &actor(&caller), id).await?;
    Ok(StatusCode::NO_CONTENT)
}
