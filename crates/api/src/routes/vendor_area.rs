//! The vendor area (`/vendor/…`, vendor role): the caller's own store, what needs doing,
//! its figures, and the vendor agreement. Every query is scoped to the caller's store.

use axum::Json;
use axum::extract::State;
use bazaar_commerce::selling;
use bazaar_db::{agreements, vendors};
use bazaar_domain::vendor::{CommissionRate, may_publish};
use chrono::{DateTime, Utc};
use serde::Serialize;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;
use uuid::Uuid;

use super::selling::{Agreement, MaskedBank};
use crate::auth::{ClientIp, RequireRole, Vendor};
use crate::error::ErrorBody;
use crate::extract::{ApiJson, ApiPath};
use crate::{ApiError, ApiResult, AppState};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(overview))
        .routes(routes!(get_store_profile, update_store_profile))
        .routes(routes!(vendor_agreements))
        .routes(routes!(accept_agreement))
}

/// Where the vendor stands with the agreement.
#[derive(Debug, Serialize, ToSchema)]
pub struct AgreementStanding {
    pub current_version: i64,
    pub accepted_version: Option<i64>,
    /// True until the current version is accepted; products cannot be published meanwhile.
    pub needs_acceptance: bool,
}

/// The caller's store.
#[derive(Debug, Serialize, ToSchema)]
pub struct VendorStore {
    pub id: Uuid,
    pub store_slug: String,
    pub store_name: String,
    pub store_description: String,
    pub store_logo_url: Option<String>,
    /// approved or suspended (pending and rejected stores are not opened by applications).
    pub status: String,
    /// Why the store is suspended, when it is.
    pub suspended_reason: Option<String>,
    /// The rate the store pays: an admin's override or the current agreement's.
    pub commission_rate_bps: i64,
    pub agreement: AgreementStanding,
    pub bank: Option<MaskedBank>,
    pub created_at: DateTime<Utc>,
}

/// Something the vendor should do next.
#[derive(Debug, Serialize, ToSchema)]
pub struct TodoItem {
    /// accept_agreement, draft_products or low_stock.
    pub kind: String,
    pub title: String,
    /// The site page where it is done.
    pub href: String,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct Figures {
    pub products_total: i64,
    pub products_active: i64,
    pub products_draft: i64,
    /// Paid orders with something from this store.
    pub orders: i64,
    /// Goods value of those orders' parts from this store, in cents.
    pub revenue_cents: i64,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct VendorOverview {
    pub store: VendorStore,
    pub todo: Vec<TodoItem>,
    pub figures: Figures,
}

async fn own_store(state: &AppState, user: uuid::Uuid) -> ApiResult<vendors::StoreRow> {
    vendors::store_of_owner(&state.db, user)
        .await?
        .ok_or_else(|| ApiError::NotFound("You have no store yet".to_owned()))
}

/// The caller's store, what needs doing and its figures so far.
#[utoipa::path(
    get, path = "/vendor/overview", tag = "vendor", operation_id = "vendor_overview",
    security(("bearer" = [])),
    responses(
        (status = 200, body = VendorOverview), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody),
        (status = 404, description = "The vendor has no store", body = ErrorBody)
    )
)]
async fn overview(
    State(state): State<AppState>,
    vendor: RequireRole<Vendor>,
) -> ApiResult<Json<VendorOverview>> {
    let user = vendor.0;
    let store = own_store(&state, user.id).await?;
    let current = agreements::current(&state.db).await?;
    let accepted = agreements::accepted_version(&state.db, user.id).await?;
    let bank = vendors::payout_account(&state.db, store.id).await?;
    let f = vendors::figures(&state.db, store.id).await?;
    let needs_acceptance = !may_publish(accepted, current.version);
    let mut todo = Vec::new();
    if needs_acceptance {
        todo.push(TodoItem {
            kind: "accept_agreement".to_owned(),
            title: format!("Accept version {} of the vendor agreement", current.version),
            href: "/vendor/contracts".to_owned(),
        });
    }
    if f.products_draft > 0 {
        todo.push(TodoItem {
            kind: "draft_products".to_owned(),
            title: match f.products_draft {
                1 => "1 product is a draft".to_owned(),
                n => format!("{n} products are drafts"),
            },
            href: "/vendor/products?status=draft".to_owned(),
        });
    }
    let low = bazaar_db::inventory::low_count(&state.db, store.id).await?;
    if low > 0 {
        todo.push(TodoItem {
            kind: "low_stock".to_owned(),
            title: match low {
                1 => "1 item is low on stock".to_owned(),
                n => format!("{n} items are low on stock"),
            },
            href: "/vendor/inventory?low=true".to_owned(),
        });
    }
    Ok(Json(VendorOverview {
        store: VendorStore {
            id: store.id,
            store_slug: store.store_slug,
            store_name: store.store_name,
            store_description: store.store_description,
            store_logo_url: store.store_logo_url,
            status: store.status,
            suspended_reason: store.suspended_reason,
            commission_rate_bps: CommissionRate::effective(
                store.commission_rate_bps,
                current.commission_rate_bps,
            ),
            agreement: AgreementStanding {
                current_version: current.version,
                accepted_version: accepted,
                needs_acceptance,
            },
            bank: bank.map(|b| {
                MaskedBank::new(
                    &b.bank_name,
                    &b.account_holder,
                    &b.account_number,
                    &b.branch_code,
                )
            }),
            created_at: store.created_at,
        },
        todo,
        figures: Figures {
            products_total: f.products_total,
            products_active: f.products_active,
            products_draft: f.products_draft,
            orders: f.orders,
            revenue_cents: f.revenue_cents,
        },
    }))
}

/// A version the vendor accepted.
#[derive(Debug, Serialize, ToSchema)]
pub struct Acceptance {
    pub version: i64,
    pub title: String,
    pub accepted_at: DateTime<Utc>,
    /// The address it was accepted from.
    pub accepted_from: String,
}

impl From<agreements::AcceptanceRow> for Acceptance {
    fn from(a: agreements::AcceptanceRow) -> Self {
        Self {
            version: a.version,
            title: a.title,
            accepted_at: a.accepted_at,
            accepted_from: a.accepted_from,
        }
    }
}

#[derive(Debug, Serialize, ToSchema)]
pub struct VendorAgreements {
    pub current: Agreement,
    pub accepted_version: Option<i64>,
    /// Newest version first.
    pub acceptances: Vec<Acceptance>,
}

/// The current agreement and the versions the caller accepted.
#[utoipa::path(
    get, path = "/vendor/agreements", tag = "vendor", operation_id = "vendor_agreements",
    security(("bearer" = [])),
    responses((status = 200, body = VendorAgreements), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody))
)]
async fn vendor_agreements(
    State(state): State<AppState>,
    vendor: RequireRole<Vendor>,
) -> ApiResult<Json<VendorAgreements>> {
    let user = vendor.0;
    let current = agreements::current(&state.db).await?;
    let acceptances = agreements::acceptances(&state.db, user.id).await?;
    Ok(Json(VendorAgreements {
        current: current.into(),
        accepted_version: acceptances.iter().map(|a| a.version).max(),
        acceptances: acceptances.into_iter().map(Acceptance::from).collect(),
    }))
}

/// Accept a version of the agreement (only the current one). Accepting again keeps the
/// first acceptance.
#[utoipa::path(
    post, path = "/vendor/agreements/{version}/accept", tag = "vendor", operation_id = "accept_vendor_agreement",
    security(("bearer" = [])), params(("version" = i64, Path, description = "Agreement version")),
    responses(
        (status = 200, body = Acceptance), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody),
        (status = 404, body = ErrorBody), (status = 409, description = "`not_current`: a newer version exists", body = ErrorBody)
    )
)]
async fn accept_agreement(
    State(state): State<AppState>,
    vendor: RequireRole<Vendor>,
    ip: ClientIp,
    ApiPath(version): ApiPath<i64>,
) -> ApiResult<Json<Acceptance>> {
    let user = vendor.0;
    let row = selling::accept_agreement(&state.db, user.id, version, &ip.key()).await?;
    Ok(Json(row.into()))
}

/// The caller's store page, as they edit it.
#[derive(Debug, Serialize, ToSchema)]
pub struct StoreProfile {
    pub id: Uuid,
    /// The page is `/store/{store_slug}`; the address is fixed once approved.
    pub store_slug: String,
    pub status: String,
    pub store_name: String,
    pub store_description: String,
    pub store_logo_url: Option<String>,
    pub store_banner_url: Option<String>,
    /// `#rrggbb`.
    pub accent_color: Option<String>,
    pub standard_delivery_min_days: Option<i64>,
    pub standard_delivery_max_days: Option<i64>,
    pub return_policy: String,
    /// Network (website, instagram, facebook, x, tiktok, youtube) → https address.
    #[schema(value_type = std::collections::BTreeMap<String, String>)]
    pub social_links: serde_json::Value,
}

impl From<vendors::StoreRow> for StoreProfile {
    fn from(s: vendors::StoreRow) -> Self {
        Self {
            id: s.id,
            store_slug: s.store_slug,
            status: s.status,
            store_name: s.store_name,
            store_description: s.store_description,
            store_logo_url: s.store_logo_url,
            store_banner_url: s.store_banner_url,
            accent_color: s.accent_color,
            standard_delivery_min_days: s.standard_delivery_min_days,
            standard_delivery_max_days: s.standard_delivery_max_days,
            return_policy: s.return_policy,
            social_links: s.social_links,
        }
    }
}

/// The caller's store page.
#[utoipa::path(
    get, path = "/vendor/store", tag = "vendor", operation_id = "vendor_store_profile",
    security(("bearer" = [])),
    responses(
        (status = 200, body = StoreProfile), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody),
        (status = 404, description = "The vendor has no store", body = ErrorBody)
    )
)]
async fn get_store_profile(
    State(state): State<AppState>,
    vendor: RequireRole<Vendor>,
) -> ApiResult<Json<StoreProfile>> {
    Ok(Json(own_store(&state, vendor.0.id).await?.into()))
}

/// A store page as sent by its owner.
#[derive(Debug, serde::Deserialize, ToSchema)]
pub struct StoreProfileInput {
    /// 2 to 60 characters.
    pub store_name: String,
    /// Up to 2000 characters.
    pub store_description: String,
    /// A picture of the shop's own media (`/media/…`), or null.
    pub store_logo_url: Option<String>,
    /// A picture of the shop's own media (`/media/…`), or null.
    pub store_banner_url: Option<String>,
    /// `#rrggbb` or `#rgb`, or null for the site's colour.
    pub accent_color: Option<String>,
    /// 1 to 60 business days.
    pub standard_delivery_min_days: Option<i64>,
    /// 1 to 60 business days, at least the minimum.
    pub standard_delivery_max_days: Option<i64>,
    /// Up to 2000 characters.
    #[serde(default)]
    pub return_policy: String,
    /// Network (website, instagram, facebook, x, tiktok, youtube) → https address; an
    /// empty address removes the link.
    #[serde(default)]
    pub social_links: std::collections::BTreeMap<String, String>,
}

/// Save the caller's store page. Field problems come back in `fields`.
#[utoipa::path(
    put, path = "/vendor/store", tag = "vendor", operation_id = "update_vendor_store_profile",
    security(("bearer" = [])), request_body = StoreProfileInput,
    responses(
        (status = 200, body = StoreProfile), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody),
        (status = 403, body = ErrorBody), (status = 404, description = "The vendor has no store", body = ErrorBody)
    )
)]
async fn update_store_profile(
    State(state): State<AppState>,
    vendor: RequireRole<Vendor>,
    ApiJson(body): ApiJson<StoreProfileInput>,
) -> ApiResult<Json<StoreProfile>> {
    let draft = bazaar_domain::vendor::StoreProfileDraft {
        store_name: body.store_name,
        store_description: body.store_description,
        store_logo_url: body.store_logo_url,
        store_banner_url: body.store_banner_url,
        accent_color: body.accent_color,
        standard_delivery_min_days: body.standard_delivery_min_days,
        standard_delivery_max_days: body.standard_delivery_max_days,
        return_policy: body.return_policy,
        social_links: body.social_links,
    };
    selling::update_store(&state.db, vendor.0.id, &draft).await?;
    Ok(Json(own_store(&state, vendor.0.id).await?.into()))
}
