//! Product files imported from the web and the catalogue exported: admins at
//! `/admin/imports` (any store, or the file's own), vendors at `/vendor/imports` (their
//! store only; another store's upload answers 404). An upload is checked by a job (a dry
//! run); the page polls it for progress, shows the report and confirms; a second job
//! imports it (`bazaar_commerce::imports`). Exports are `product_exports`.

use axum::Json;
use axum::body::Body;
use axum::extract::State;
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use bazaar_commerce::catalogue::Seller;
use bazaar_commerce::imports::{self, Uploader};
use bazaar_db::imports::ImportRecord;
use bazaar_db::vendors;
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;
use uuid::Uuid;

use super::digital_files::file_name;
use super::selling::actor;
use super::vendor_products::seller;
use crate::auth::{AdminActor, RequireRole, Vendor};
use crate::error::ErrorBody;
use crate::extract::{ApiPath, ApiQuery};
use crate::{ApiError, ApiResult, AppState};

/// The uploads, whose bodies are whole files (up to 150 MB): served outside the API's 1 MB
/// body limit.
pub fn upload_router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(admin_start_import))
        .routes(routes!(vendor_start_import))
}

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(admin_list_imports))
        .routes(routes!(admin_get_import))
        .routes(routes!(admin_confirm_import))
        .routes(routes!(admin_discard_import))
        .routes(routes!(admin_import_report))
        .routes(routes!(vendor_list_imports))
        .routes(routes!(vendor_get_import))
        .routes(routes!(vendor_confirm_import))
        .routes(routes!(vendor_discard_import))
        .routes(routes!(vendor_import_report))
}

/// An import's totals.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
pub struct ImportSummary {
    pub created: i64,
    pub updated: i64,
    pub unchanged: i64,
    pub rejected: i64,
}

/// A problem with one field of a row.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
pub struct ImportProblem {
    /// The field (bazaar's name, e.g. `price`, `variations.sku`); empty for the whole row.
    pub field: String,
    pub reason: String,
}

/// What happened (or would happen) to one product of the file.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
pub struct ImportRow {
    /// The line in the file (CSV) or the record's number (JSON).
    pub row: i64,
    pub slug: Option<String>,
    /// created, updated, unchanged or rejected.
    pub outcome: String,
    pub errors: Vec<ImportProblem>,
}

/// The store an import's products go to.
#[derive(Debug, Serialize, ToSchema)]
pub struct ImportStore {
    pub slug: String,
    pub name: String,
}

/// An uploaded product file: where its check or import has got to and what it reported.
#[derive(Debug, Serialize, ToSchema)]
pub struct ProductImport {
    pub id: Uuid,
    pub file_name: String,
    /// woocommerce, shopify, csv or json; none until the file is read.
    pub format: Option<String>,
    /// "WooCommerce CSV", "Shopify CSV", "bazaar CSV", "bazaar JSON".
    pub format_name: Option<String>,
    /// checking, checked, importing, done, failed or discarded.
    pub status: String,
    pub store: Option<ImportStore>,
    /// Products in the file, once read.
    pub total: Option<i64>,
    /// Products handled so far by the running phase (the check or the import).
    pub done: i64,
    /// When the running (or last) phase started.
    pub phase_started_at: Option<DateTime<Utc>>,
    /// The dry run's totals, once checked.
    pub check: Option<ImportSummary>,
    /// The import's totals, once done.
    pub result: Option<ImportSummary>,
    /// Why the file could not be imported.
    pub error: Option<String>,
    /// Up to 200 rows of the latest finished phase: rejected first, then in the file's order.
    pub rows: Vec<ImportRow>,
    /// How many rows that phase reported (the CSV report has them all).
    pub rows_total: i64,
    /// Who uploaded it.
    pub created_by: String,
    pub created_at: DateTime<Utc>,
    pub finished_at: Option<DateTime<Utc>>,
}

impl From<ImportRecord> for ProductImport {
    fn from(r: ImportRecord) -> Self {
        let summary = |v: Option<sqlx::types::Json<serde_json::Value>>| {
            v.and_then(|v| serde_json::from_value::<ImportSummary>(v.0).ok())
        };
        let format_name = r
            .format
            .as_deref()
            .and_then(imports::parse_format)
            .map(|f| f.name().to_owned());
        ProductImport {
            id: r.id,
            file_name: r.file_name,
            format: r.format,
            format_name,
            status: r.status.as_str().to_owned(),
            store: match (r.store_slug, r.store_name) {
                (Some(slug), Some(name)) => Some(ImportStore { slug, name }),
                _ => None,
            },
            total: r.total,
            done: r.done,
            phase_started_at: r.phase_started_at,
            check: summary(r.check_summary),
            result: summary(r.result_summary),
            error: r.error,
            rows: serde_json::from_value(r.rows.0).unwrap_or_default(),
            rows_total: r.rows_total,
            created_by: r.created_by.unwrap_or_default(),
            created_at: r.created_at,
            finished_at: r.finished_at,
        }
    }
}

#[derive(Debug, Serialize, ToSchema)]
pub struct ProductImportList {
    /// The 20 newest, newest first.
    pub imports: Vec<ProductImport>,
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct AdminUploadQuery {
    /// The file's name as the uploader knows it.
    pub filename: Option<String>,
    /// woocommerce, shopify, csv or json; recognised from the file when absent.
    pub format: Option<String>,
    /// A store (its slug) that owns every product of the file, whatever the file says.
    pub vendor: Option<String>,
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct VendorUploadQuery {
    /// The file's name as the uploader knows it.
    pub filename: Option<String>,
    /// woocommerce, shopify, csv or json; recognised from the file when absent.
    pub format: Option<String>,
}

fn format_param(raw: Option<&str>) -> ApiResult<Option<bazaar_import::Format>> {
    match raw.map(str::trim).filter(|f| !f.is_empty() && *f != "auto") {
        None => Ok(None),
        Some(f) => imports::parse_format(f).map(Some).ok_or_else(|| {
            ApiError::bad_field("format", "Choose woocommerce, shopify, csv or json")
        }),
    }
}

/// Stores the body as the upload's file and starts its check; nothing is kept when any
/// step fails.
async fn upload(
    state: &AppState,
    by: Uploader<'_>,
    name: Option<&str>,
    format: Option<bazaar_import::Format>,
    body: Body,
) -> ApiResult<(StatusCode, Json<ProductImport>)> {
    let key = format!(
        "{}/imports/{}",
        bazaar_media::PRIVATE_PREFIX,
        Uuid::now_v7()
    );
    let storage = &state.config.media;
    let empty = || {
        ApiError::rule(
            StatusCode::BAD_REQUEST,
            "empty",
            "Empty file",
            "The file is empty".to_owned(),
        )
    };
    let bytes = match storage
        .receive_file(&key, body.into_data_stream(), imports::MAX_FILE_BYTES)
        .await
    {
        Err(bazaar_media::UploadError::Empty) => return Err(empty()),
        other => other?,
    };
    if bytes == 0 {
        remove(state, &key).await;
        return Err(empty());
    }
    let started = imports::start(&state.db, by, &file_name(name), &key, format).await;
    match started {
        Ok(id) => {
            let record = imports::get(&state.db, by, id).await?;
            Ok((StatusCode::ACCEPTED, Json(record.into())))
        }
        Err(e) => {
            remove(state, &key).await;
            Err(e.into())
        }
    }
}

/// Deletes a stored file; a failure leaves an orphan, which is only logged.
async fn remove(state: &AppState, key: &str) {
    if let Err(e) = state.config.media.delete(key).await {
        tracing::warn!(key, error = %e, "could not delete an uploaded product file");
    }
}

/// Upload a product file (bazaar's JSON or CSV, or a WooCommerce or Shopify product CSV
/// export) as the raw body, up to 150 MB. It is checked by a job (a dry run: nothing
/// written); poll the import for its progress and report, then confirm it.
#[utoipa::path(
    post, path = "/admin/imports", tag = "admin", operation_id = "admin_start_import",
    security(("bearer" = [])), params(AdminUploadQuery),
    request_body(content = Vec<u8>, content_type = "application/octet-stream", description = "The file's bytes"),
    responses(
        (status = 202, description = "Stored; its check is under way", body = ProductImport),
        (status = 400, description = "`empty`, or `format`/`vendor` in `fields`", body = ErrorBody),
        (status = 401, body = ErrorBody), (status = 403, body = ErrorBody),
        (status = 413, description = "`too_large`", body = ErrorBody)
    )
)]
async fn admin_start_import(
    State(state): State<AppState>,
    AdminActor(caller): AdminActor,
    ApiQuery(q): ApiQuery<AdminUploadQuery>,
    body: Body,
) -> ApiResult<(StatusCode, Json<ProductImport>)> {
    let format = format_param(q.format.as_deref())?;
    let store = match q.vendor.as_deref().map(str::trim).filter(|v| !v.is_empty()) {
        None => None,
        Some(slug) => {
            let mut tx = state.db.begin().await?;
            let id = vendors::id_by_slug(&mut tx, slug).await?;
            tx.rollback().await?;
            Some(id.ok_or_else(|| {
                ApiError::bad_field("vendor", format!("There is no store '{slug}'"))
            })?)
        }
    };
    let actor = actor(&caller);
    let by = Uploader::Admin {
        actor: &actor,
        store,
    };
    upload(&state, by, q.filename.as_deref(), format, body).await
}

/// Upload a product file into the caller's store (see the admin upload). Products of
/// other stores cannot be written; active rows follow the store's publishing rules.
#[utoipa::path(
    post, path = "/vendor/imports", tag = "vendor", operation_id = "vendor_start_import",
    security(("bearer" = [])), params(VendorUploadQuery),
    request_body(content = Vec<u8>, content_type = "application/octet-stream", description = "The file's bytes"),
    responses(
        (status = 202, description = "Stored; its check is under way", body = ProductImport),
        (status = 400, description = "`empty`, or `format` in `fields`", body = ErrorBody),
        (status = 401, body = ErrorBody), (status = 403, body = ErrorBody),
        (status = 404, description = "The vendor has no store", body = ErrorBody),
        (status = 413, description = "`too_large`", body = ErrorBody)
    )
)]
async fn vendor_start_import(
    State(state): State<AppState>,
    vendor: RequireRole<Vendor>,
    ApiQuery(q): ApiQuery<VendorUploadQuery>,
    body: Body,
) -> ApiResult<(StatusCode, Json<ProductImport>)> {
    let format = format_param(q.format.as_deref())?;
    let seller = vendor_seller(&state, vendor.0.id).await?;
    upload(
        &state,
        Uploader::Vendor(seller),
        q.filename.as_deref(),
        format,
        body,
    )
    .await
}

pub(super) async fn vendor_seller(state: &AppState, user: Uuid) -> ApiResult<Seller> {
    let s = seller(state, user).await?;
    Ok(Seller {
        store_id: s.store_id,
        owner_id: s.owner_id,
    })
}

async fn list(state: &AppState, by: Uploader<'_>) -> ApiResult<Json<ProductImportList>> {
    let imports = imports::recent(&state.db, by).await?;
    Ok(Json(ProductImportList {
        imports: imports.into_iter().map(Into::into).collect(),
    }))
}

async fn one(state: &AppState, by: Uploader<'_>, id: Uuid) -> ApiResult<Json<ProductImport>> {
    Ok(Json(imports::get(&state.db, by, id).await?.into()))
}

async fn confirm(
    state: &AppState,
    by: Uploader<'_>,
    id: Uuid,
) -> ApiResult<(StatusCode, Json<ProductImport>)> {
    imports::confirm(&state.db, by, id).await?;
    Ok((StatusCode::ACCEPTED, one(state, by, id).await?))
}

async fn discard(state: &AppState, by: Uploader<'_>, id: Uuid) -> ApiResult<Json<ProductImport>> {
    let file = imports::discard(&state.db, by, id).await?;
    remove(state, &file).await;
    one(state, by, id).await
}

async fn report(state: &AppState, by: Uploader<'_>, id: Uuid) -> ApiResult<Response> {
    let record = imports::get(&state.db, by, id).await?;
    let key = record
        .report_key
        .filter(|k| !k.is_empty())
        .ok_or_else(|| ApiError::NotFound("This file has no report yet".to_owned()))?;
    let bytes = state.config.media.read(&key).await.map_err(|e| {
        tracing::error!(key, error = %e, "an import report could not be read");
        ApiError::Unavailable("Media storage is not reachable right now".to_owned())
    })?;
    Ok(attachment(
        Body::from(bytes),
        "text/csv; charset=utf-8",
        "import-report.csv",
    ))
}

pub(super) fn attachment(body: Body, content_type: &'static str, name: &'static str) -> Response {
    let mut response = body.into_response();
    let headers = response.headers_mut();
    headers.insert(header::CONTENT_TYPE, HeaderValue::from_static(content_type));
    if let Ok(value) = HeaderValue::from_str(&format!("attachment; filename=\"{name}\"")) {
        headers.insert(header::CONTENT_DISPOSITION, value);
    }
    response
}

/// The newest uploaded product files.
#[utoipa::path(
    get, path = "/admin/imports", tag = "admin", operation_id = "admin_list_imports",
    security(("bearer" = [])),
    responses(
        (status = 200, body = ProductImportList), (status = 401, body = ErrorBody),
        (status = 403, body = ErrorBody)
    )
)]
async fn admin_list_imports(
    State(state): State<AppState>,
    AdminActor(caller): AdminActor,
) -> ApiResult<Json<ProductImportList>> {
    let actor = actor(&caller);
    list(
        &state,
        Uploader::Admin {
            actor: &actor,
            store: None,
        },
    )
    .await
}

/// One uploaded product file: its progress and report.
#[utoipa::path(
    get, path = "/admin/imports/{id}", tag = "admin", operation_id = "admin_get_import",
    security(("bearer" = [])), params(("id" = Uuid, Path)),
    responses(
        (status = 200, body = ProductImport), (status = 401, body = ErrorBody),
        (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)
    )
)]
async fn admin_get_import(
    State(state): State<AppState>,
    AdminActor(caller): AdminActor,
    ApiPath(id): ApiPath<Uuid>,
) -> ApiResult<Json<ProductImport>> {
    let actor = actor(&caller);
    one(
        &state,
        Uploader::Admin {
            actor: &actor,
            store: None,
        },
        id,
    )
    .await
}

/// Import a checked file: a job writes it, reporting progress on the import.
#[utoipa::path(
    post, path = "/admin/imports/{id}/confirm", tag = "admin", operation_id = "admin_confirm_import",
    security(("bearer" = [])), params(("id" = Uuid, Path)),
    responses(
        (status = 202, body = ProductImport), (status = 401, body = ErrorBody),
        (status = 403, body = ErrorBody), (status = 404, body = ErrorBody),
        (status = 409, description = "`not_checked`", body = ErrorBody)
    )
)]
async fn admin_confirm_import(
    State(state): State<AppState>,
    AdminActor(caller): AdminActor,
    ApiPath(id): ApiPath<Uuid>,
) -> ApiResult<(StatusCode, Json<ProductImport>)> {
    let actor = actor(&caller);
    confirm(
        &state,
        Uploader::Admin {
            actor: &actor,
            store: None,
        },
        id,
    )
    .await
}

/// Put away a checked (or failed) file without importing it.
#[utoipa::path(
    post, path = "/admin/imports/{id}/discard", tag = "admin", operation_id = "admin_discard_import",
    security(("bearer" = [])), params(("id" = Uuid, Path)),
    responses(
        (status = 200, body = ProductImport), (status = 401, body = ErrorBody),
        (status = 403, body = ErrorBody), (status = 404, body = ErrorBody),
        (status = 409, description = "`not_checked`", body = ErrorBody)
    )
)]
async fn admin_discard_import(
    State(state): State<AppState>,
    AdminActor(caller): AdminActor,
    ApiPath(id): ApiPath<Uuid>,
) -> ApiResult<Json<ProductImport>> {
    let actor = actor(&caller);
    discard(
        &state,
        Uploader::Admin {
            actor: &actor,
            store: None,
        },
        id,
    )
    .await
}

/// The latest finished phase's whole report as CSV (`row,product,outcome,field,reason`).
#[utoipa::path(
    get, path = "/admin/imports/{id}/report", tag = "admin", operation_id = "admin_import_report",
    security(("bearer" = [])), params(("id" = Uuid, Path)),
    responses(
        (status = 200, content_type = "text/csv", body = String), (status = 401, body = ErrorBody),
        (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)
    )
)]
async fn admin_import_report(
    State(state): State<AppState>,
    AdminActor(caller): AdminActor,
    ApiPath(id): ApiPath<Uuid>,
) -> ApiResult<Response> {
    let actor = actor(&caller);
    report(
        &state,
        Uploader::Admin {
            actor: &actor,
            store: None,
        },
        id,
    )
    .await
}

/// The caller's newest uploaded product files.
#[utoipa::path(
    get, path = "/vendor/imports", tag = "vendor", operation_id = "vendor_list_imports",
    security(("bearer" = [])),
    responses(
        (status = 200, body = ProductImportList), (status = 401, body = ErrorBody),
        (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)
    )
)]
async fn vendor_list_imports(
    State(state): State<AppState>,
    vendor: RequireRole<Vendor>,
) -> ApiResult<Json<ProductImportList>> {
    let seller = vendor_seller(&state, vendor.0.id).await?;
    list(&state, Uploader::Vendor(seller)).await
}

/// One of the caller's uploaded product files; another store's answers 404.
#[utoipa::path(
    get, path = "/vendor/imports/{id}", tag = "vendor", operation_id = "vendor_get_import",
    security(("bearer" = [])), params(("id" = Uuid, Path)),
    responses(
        (status = 200, body = ProductImport), (status = 401, body = ErrorBody),
        (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)
    )
)]
async fn vendor_get_import(
    State(state): State<AppState>,
    vendor: RequireRole<Vendor>,
    ApiPath(id): ApiPath<Uuid>,
) -> ApiResult<Json<ProductImport>> {
    let seller = vendor_seller(&state, vendor.0.id).await?;
    one(&state, Uploader::Vendor(seller), id).await
}

/// Import one of the caller's checked files.
#[utoipa::path(
    post, path = "/vendor/imports/{id}/confirm", tag = "vendor", operation_id = "vendor_confirm_import",
    security(("bearer" = [])), params(("id" = Uuid, Path)),
    responses(
        (status = 202, body = ProductImport), (status = 401, body = ErrorBody),
        (status = 403, body = ErrorBody), (status = 404, body = ErrorBody),
        (status = 409, description = "`not_checked`", body = ErrorBody)
    )
)]
async fn vendor_confirm_import(
    State(state): State<AppState>,
    vendor: RequireRole<Vendor>,
    ApiPath(id): ApiPath<Uuid>,
) -> ApiResult<(StatusCode, Json<ProductImport>)> {
    let seller = vendor_seller(&state, vendor.0.id).await?;
    confirm(&state, Uploader::Vendor(seller), id).await
}

/// Put away one of the caller's checked (or failed) files.
#[utoipa::path(
    post, path = "/vendor/imports/{id}/discard", tag = "vendor", operation_id = "vendor_discard_import",
    security(("bearer" = [])), params(("id" = Uuid, Path)),
    responses(
        (status = 200, body = ProductImport), (status = 401, body = ErrorBody),
        (status = 403, body = ErrorBody), (status = 404, body = ErrorBody),
        (status = 409, description = "`not_checked`", body = ErrorBody)
    )
)]
async fn vendor_discard_import(
    State(state): State<AppState>,
    vendor: RequireRole<Vendor>,
    ApiPath(id): ApiPath<Uuid>,
) -> ApiResult<Json<ProductImport>> {
    let seller = vendor_seller(&state, vendor.0.id).await?;
    discard(&state, Uploader::Vendor(seller), id).await
}

/// The whole report of one of the caller's files as CSV.
#[utoipa::path(
    get, path = "/vendor/imports/{id}/report", tag = "vendor", operation_id = "vendor_import_report",
    security(("bearer" = [])), params(("id" = Uuid, Path)),
    responses(
        (status = 200, content_type = "text/csv", body = String), (status = 401, body = ErrorBody),
        (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)
    )
)]
async fn vendor_import_report(
    State(state): State<AppState>,
    vendor: RequireRole<Vendor>,
    ApiPath(id): ApiPath<Uuid>,
) -> ApiResult<Response> {
    let seller = vendor_seller(&state, vendor.0.id).await?;
    report(&state, Uploader::Vendor(seller), id).await
}
