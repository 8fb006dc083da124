//! Becoming a vendor: the current vendor agreement, the banks payouts go to, store address
//! checks, and a signed-in user's own applications (apply, read, edit and resubmit).

use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use bazaar_commerce::selling::{self, Actor, SellingError};
use bazaar_db::vendor_applications::{self as applications, ApplicationRow, EventRow};
use bazaar_db::{agreements, vendor_applications};
use bazaar_domain::vendor::{ApplicationDraft, BANKS, mask_account_number};
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;
use uuid::Uuid;

use crate::auth::AuthUser;
use crate::error::ErrorBody;
use crate::extract::{ApiJson, ApiPath, ApiQuery};
use crate::{ApiError, ApiResult, AppState};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(current_agreement))
        .routes(routes!(list_banks))
        .routes(routes!(slug_availability))
        .routes(routes!(my_applications, apply))
        .routes(routes!(my_application, resubmit))
}

impl From<SellingError> for ApiError {
    fn from(e: SellingError) -> Self {
        match e {
            SellingError::Invalid(fields) => ApiError::BadRequest {
                message: fields
                    .values()
                    .next()
                    .cloned()
                    .unwrap_or_else(|| "Some fields need attention".to_owned()),
                fields,
            },
            SellingError::NotFound => ApiError::NotFound("Not found".to_owned()),
            SellingError::Conflict { code, message } => {
                ApiError::rule(StatusCode::CONFLICT, code, "Not possible now", message)
            }
            SellingError::Db(e) => e.into(),
        }
    }
}

/// The caller as the selling flows know them.
pub(crate) fn actor(user: &AuthUser) -> Actor<'_> {
    Actor {
        id: user.id,
        email: &user.email,
        role: &user.role,
    }
}

/// A version of the vendor agreement.
#[derive(Debug, Serialize, ToSchema)]
pub struct Agreement {
    pub id: Uuid,
    pub version: i64,
    pub title: String,
    /// Commission on the goods value of each paid order line, in basis points (1000 = 10 %).
    pub commission_rate_bps: i64,
    pub payout_schedule: String,
    /// Plain text; paragraphs are separated by blank lines.
    pub terms: String,
    pub published_at: DateTime<Utc>,
}

impl From<agreements::AgreementRow> for Agreement {
    fn from(a: agreements::AgreementRow) -> Self {
        Self {
            id: a.id,
            version: a.version,
            title: a.title,
            commission_rate_bps: a.commission_rate_bps,
            payout_schedule: a.payout_schedule,
            terms: a.terms,
            published_at: a.published_at,
        }
    }
}

/// The agreement new vendors accept.
#[utoipa::path(
    get, path = "/vendor-agreements/current", tag = "selling", operation_id = "current_vendor_agreement",
    responses((status = 200, body = Agreement))
)]
async fn current_agreement(State(state): State<AppState>) -> ApiResult<Json<Agreement>> {
    Ok(Json(agreements::current(&state.db).await?.into()))
}

#[derive(Debug, Serialize, ToSchema)]
pub struct BankView {
    pub name: String,
    pub universal_branch_code: String,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct BankList {
    pub banks: Vec<BankView>,
}

/// The South African banks payouts can be made into, with their universal branch codes.
#[utoipa::path(
    get, path = "/vendor-applications/banks", tag = "selling", operation_id = "list_payout_banks",
    responses((status = 200, body = BankList))
)]
async fn list_banks() -> Json<BankList> {
    Json(BankList {
        banks: BANKS
            .iter()
            .map(|b| BankView {
                name: b.name.to_owned(),
                universal_branch_code: b.universal_branch_code.to_owned(),
            })
            .collect(),
    })
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct SlugQuery {
    /// The store address to check.
    pub slug: String,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct SlugAvailability {
    /// The address as it would be stored (trimmed, lower case).
    pub slug: String,
    pub available: bool,
    /// Why it cannot be used, when it cannot.
    pub message: Option<String>,
}

/// Whether a store address is free for the caller (checked as they type).
#[utoipa::path(
    get, path = "/vendor-applications/slug-availability", tag = "selling", operation_id = "store_slug_availability",
    security(("bearer" = [])), params(SlugQuery),
    responses((status = 200, body = SlugAvailability), (status = 401, body = ErrorBody))
)]
async fn slug_availability(
    State(state): State<AppState>,
    user: AuthUser,
    ApiQuery(q): ApiQuery<SlugQuery>,
) -> ApiResult<Json<SlugAvailability>> {
    let normalised = q.slug.trim().to_ascii_lowercase();
    Ok(Json(
        match selling::slug_available(&state.db, &q.slug, user.id).await {
            Ok(slug) => SlugAvailability {
                slug,
                available: true,
                message: None,
            },
            Err(SellingError::Conflict { message, .. }) => SlugAvailability {
                slug: normalised,
                available: false,
                message: Some(message),
            },
            Err(e) => return Err(e.into()),
        },
    ))
}

/// Where payouts go, as sent.
#[derive(Debug, Deserialize, ToSchema)]
pub struct BankInput {
    /// One of the banks of `GET /vendor-applications/banks`.
    pub bank_name: String,
    pub account_holder: String,
    /// 6 to 13 digits.
    pub account_number: String,
    /// 6 digits.
    pub branch_code: String,
}

/// An application to sell on bazaar.
#[derive(Debug, Deserialize, ToSchema)]
pub struct ApplicationInput {
    /// 2 to 60 characters.
    pub store_name: String,
    /// The store's address, `/store/{slug}`: 3 to 40 lower-case letters, digits and single hyphens.
    pub store_slug: String,
    /// 20 to 2000 characters.
    pub description: String,
    /// What the store mainly sells, 2 to 80 characters.
    pub category_focus: String,
    /// A South African number.
    pub contact_phone: String,
    /// CIPC format, `2019/123456/07`.
    pub company_registration: Option<String>,
    /// 10 digits starting with 4.
    pub vat_number: Option<String>,
    pub bank: BankInput,
    /// The version of the current vendor agreement the applicant agrees to (the store
    /// accepts it formally in the vendor area once approved).
    pub agreement_version: i64,
}

impl ApplicationInput {
    fn draft(&self) -> ApplicationDraft {
        ApplicationDraft {
            store_name: self.store_name.clone(),
            store_slug: self.store_slug.clone(),
            description: self.description.clone(),
            category_focus: self.category_focus.clone(),
            contact_phone: self.contact_phone.clone(),
            company_registration: self.company_registration.clone(),
            vat_number: self.vat_number.clone(),
            bank_name: self.bank.bank_name.clone(),
            account_holder: self.bank.account_holder.clone(),
            account_number: self.bank.account_number.clone(),
            branch_code: self.bank.branch_code.clone(),
        }
    }
}

/// A payout account as it is shown: the number masked.
#[derive(Debug, Serialize, ToSchema)]
pub struct MaskedBank {
    pub bank_name: String,
    pub account_holder: String,
    /// All but the last four digits hidden (`•••• 6789`).
    pub account_number_masked: String,
    pub branch_code: String,
}

impl MaskedBank {
    pub fn new(bank: &str, holder: &str, number: &str, branch: &str) -> Self {
        Self {
            bank_name: bank.to_owned(),
            account_holder: holder.to_owned(),
            account_number_masked: mask_account_number(number),
            branch_code: branch.to_owned(),
        }
    }
}

/// One move of an application.
#[derive(Debug, Serialize, ToSchema)]
pub struct ApplicationEvent {
    /// submitted, approved, rejected or changes_requested.
    pub status: String,
    /// The admin's reason or request.
    pub message: Option<String>,
    pub created_at: DateTime<Utc>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct Applicant {
    pub id: Uuid,
    pub email: String,
    pub full_name: String,
}

/// An application and its history.
#[derive(Debug, Serialize, ToSchema)]
pub struct Application {
    pub id: Uuid,
    /// submitted, approved, rejected or changes_requested.
    pub status: String,
    pub store_name: String,
    pub store_slug: String,
    pub description: String,
    pub category_focus: String,
    pub contact_phone: String,
    pub company_registration: Option<String>,
    pub vat_number: Option<String>,
    pub bank: MaskedBank,
    pub agreement_version: i64,
    /// The latest reason for a rejection or request for changes.
    pub decision_message: Option<String>,
    /// The store, once approved.
    pub vendor_id: Option<Uuid>,
    pub created_at: DateTime<Utc>,
    pub submitted_at: DateTime<Utc>,
    pub decided_at: Option<DateTime<Utc>>,
    /// Oldest first.
    pub history: Vec<ApplicationEvent>,
    pub applicant: Applicant,
}

impl Application {
    pub fn new(a: ApplicationRow, events: &[EventRow]) -> Self {
        Self {
            history: events
                .iter()
                .filter(|e| e.application_id == a.id)
                .map(|e| ApplicationEvent {
                    status: e.status.clone(),
                    message: e.message.clone(),
                    created_at: e.created_at,
                })
                .collect(),
            bank: MaskedBank::new(
                &a.bank_name,
                &a.account_holder,
                &a.account_number,
                &a.branch_code,
            ),
            applicant: Applicant {
                id: a.user_id,
                email: a.applicant_email,
                full_name: a.applicant_name,
            },
            id: a.id,
            status: a.status,
            store_name: a.store_name,
            store_slug: a.store_slug,
            description: a.description,
            category_focus: a.category_focus,
            contact_phone: a.contact_phone,
            company_registration: a.company_registration,
            vat_number: a.vat_number,
            agreement_version: a.agreement_version,
            decision_message: a.decision_message,
            vendor_id: a.vendor_id,
            created_at: a.created_at,
            submitted_at: a.submitted_at,
            decided_at: a.decided_at,
        }
    }

    /// Applications with their histories, in the order given.
    pub async fn load_all(state: &AppState, rows: Vec<ApplicationRow>) -> ApiResult<Vec<Self>> {
        let ids: Vec<Uuid> = rows.iter().map(|a| a.id).collect();
        let events = applications::history(&state.db, &ids).await?;
        Ok(rows.into_iter().map(|a| Self::new(a, &events)).collect())
    }

    /// One application with its history; `None` when there is none with this id.
    pub async fn load(state: &AppState, id: Uuid) -> ApiResult<Option<Self>> {
        let Some(row) = vendor_applications::get(&state.db, id).await? else {
            return Ok(None);
        };
        Ok(Self::load_all(state, vec![row]).await?.pop())
    }
}

#[derive(Debug, Serialize, ToSchema)]
pub struct ApplicationList {
    /// Newest first.
    pub applications: Vec<Application>,
}

/// The caller's applications and their histories.
#[utoipa::path(
    get, path = "/vendor-applications", tag = "selling", operation_id = "list_my_vendor_applications",
    security(("bearer" = [])),
    responses((status = 200, body = ApplicationList), (status = 401, body = ErrorBody))
)]
async fn my_applications(
    State(state): State<AppState>,
    user: AuthUser,
) -> ApiResult<Json<ApplicationList>> {
    let rows = applications::of_user(&state.db, user.id).await?;
    Ok(Json(ApplicationList {
        applications: Application::load_all(&state, rows).await?,
    }))
}

/// One of the caller's applications (anyone else's is not found).
#[utoipa::path(
    get, path = "/vendor-applications/{id}", tag = "selling", operation_id = "get_my_vendor_application",
    security(("bearer" = [])), params(("id" = Uuid, Path, description = "Application id")),
    responses((status = 200, body = Application), (status = 401, body = ErrorBody), (status = 404, body = ErrorBody))
)]
async fn my_application(
    State(state): State<AppState>,
    user: AuthUser,
    ApiPath(id): ApiPath<Uuid>,
) -> ApiResult<Json<Application>> {
    Application::load(&state, id)
        .await?
        .filter(|a| a.applicant.id == user.id)
        .map(Json)
        .ok_or_else(|| ApiError::NotFound("Application not found".to_owned()))
}

/// Apply to sell: the store, its contact and payout details, and acceptance of the current
/// agreement. Customers only; one open application at a time.
#[utoipa::path(
    post, path = "/vendor-applications", tag = "selling", operation_id = "apply_to_sell",
    security(("bearer" = [])), request_body = ApplicationInput,
    responses(
        (status = 201, body = Application),
        (status = 400, description = "Field errors in `fields` (bank fields as `bank.account_number`)", body = ErrorBody),
        (status = 401, body = ErrorBody),
        (status = 409, description = "`application_open` or `already_vendor`", body = ErrorBody)
    )
)]
async fn apply(
    State(state): State<AppState>,
    user: AuthUser,
    ApiJson(body): ApiJson<ApplicationInput>,
) -> ApiResult<(StatusCode, Json<Application>)> {
    let id = selling::apply(
        &state.db,
        &actor(&user),
        &body.draft(),
        body.agreement_version,
    )
    .await?;
    let application = Application::load(&state, id)
        .await?
        .ok_or_else(|| ApiError::Internal("the new application vanished".to_owned()))?;
    Ok((StatusCode::CREATED, Json(application)))
}

/// Edit a rejected or changes-requested application and submit it again.
#[utoipa::path(
    put, path = "/vendor-applications/{id}", tag = "selling", operation_id = "resubmit_vendor_application",
    security(("bearer" = [])), params(("id" = Uuid, Path, description = "Application id")),
    request_body = ApplicationInput,
    responses(
        (status = 200, body = Application), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody),
        (status = 404, body = ErrorBody),
        (status = 409, description = "Not rejected or changes requested (`not_resubmittable`)", body = ErrorBody)
    )
)]
async fn resubmit(
    State(state): State<AppState>,
    user: AuthUser,
    ApiPath(id): ApiPath<Uuid>,
    ApiJson(body): ApiJson<ApplicationInput>,
) -> ApiResult<Json<Application>> {
    selling::resubmit(
        &state.db,
        &actor(&user),
        id,
        &body.draft(),
        body.agreement_version,
    )
    .await?;
    Application::load(&state, id)
        .await?
        .map(Json)
        .ok_or_else(|| ApiError::NotFound("Application not found".to_owned()))
}
