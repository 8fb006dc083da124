//! The catalogue exported as a file to import again here or elsewhere: admins any store's
//! or all (`/admin/products/export`), vendors their own (`/vendor/products/export`), in
//! bazaar's JSON or CSV or WooCommerce's or Shopify's CSV layout, streamed page by page.

use axum::body::Body;
use axum::extract::State;
use axum::response::Response;
use bazaar_db::vendors;
use bazaar_import::export::{ExportFormat, Exporter};
use serde::Deserialize;
use utoipa::IntoParams;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;
use uuid::Uuid;

use super::product_imports::{attachment, vendor_seller};
use crate::auth::{AdminActor, RequireRole, Vendor};
use crate::error::ErrorBody;
use crate::extract::ApiQuery;
use crate::{ApiError, ApiResult, AppState};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(admin_export_products))
        .routes(routes!(vendor_export_products))
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct AdminExportQuery {
    /// csv (default), json, woocommerce or shopify.
    pub format: Option<String>,
    /// Only this store's products (its slug).
    pub vendor: Option<String>,
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct VendorExportQuery {
    /// csv (default), json, woocommerce or shopify.
    pub format: Option<String>,
}

fn export_format(raw: Option<&str>) -> ApiResult<ExportFormat> {
    match raw.map(str::trim).unwrap_or("csv") {
        "csv" | "" => Ok(ExportFormat::Csv),
        "json" => Ok(ExportFormat::Json),
        "woocommerce" => Ok(ExportFormat::WooCommerce),
        "shopify" => Ok(ExportFormat::Shopify),
        _ => Err(ApiError::bad_field(
            "format",
            "Choose csv, json, woocommerce or shopify",
        )),
    }
}

/// The products as a file, written a page at a time as the client reads it.
fn export_response(state: &AppState, vendor: Option<Uuid>, format: ExportFormat) -> Response {
    let exporter = Exporter::new(state.db.clone(), vendor, format);
    let stream = futures::stream::try_unfold(exporter, |mut exporter| async move {
        let chunk = exporter.next_chunk().await.map_err(|e| {
            tracing::error!(error = %e, "an export stopped");
            std::io::Error::other(e.to_string())
        })?;
        Ok::<_, std::io::Error>(chunk.map(|c| (c, exporter)))
    });
    let (content_type, name) = match format {
        ExportFormat::Json => ("application/json", "products.json"),
        ExportFormat::Csv => ("text/csv; charset=utf-8", "products.csv"),
        ExportFormat::WooCommerce => ("text/csv; charset=utf-8", "products-woocommerce.csv"),
        ExportFormat::Shopify => ("text/csv; charset=utf-8", "products-shopify.csv"),
    };
    attachment(Body::from_stream(stream), content_type, name)
}

/// The catalogue (or one store's products) as a file to import again here or elsewhere:
/// bazaar's CSV or JSON, or WooCommerce's or Shopify's product CSV layout.
#[utoipa::path(
    get, path = "/admin/products/export", tag = "admin", operation_id = "admin_export_products",
    security(("bearer" = [])), params(AdminExportQuery),
    responses(
        (status = 200, description = "The file", content_type = "text/csv", body = String),
        (status = 400, body = ErrorBody), (status = 401, body = ErrorBody),
        (status = 403, body = ErrorBody)
    )
)]
async fn admin_export_products(
    State(state): State<AppState>,
    _admin: AdminActor,
    ApiQuery(q): ApiQuery<AdminExportQuery>,
) -> ApiResult<Response> {
    let format = export_format(q.format.as_deref())?;
    let vendor = match q.vendor.as_deref().map(str::trim).filter(|v| !v.is_empty()) {
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
    Ok(export_response(&state, vendor, format))
}

/// The caller's products as a file (see the admin export).
#[utoipa::path(
    get, path = "/vendor/products/export", tag = "vendor", operation_id = "vendor_export_products",
    security(("bearer" = [])), params(VendorExportQuery),
    responses(
        (status = 200, description = "The file", content_type = "text/csv", body = String),
        (status = 400, body = ErrorBody), (status = 401, body = ErrorBody),
        (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)
    )
)]
async fn vendor_export_products(
    State(state): State<AppState>,
    vendor: RequireRole<Vendor>,
    ApiQuery(q): ApiQuery<VendorExportQuery>,
) -> ApiResult<Response> {
    let format = export_format(q.format.as_deref())?;
    let seller = vendor_seller(&state, vendor.0.id).await?;
    Ok(export_response(&state, Some(seller.store_id), format))
}
