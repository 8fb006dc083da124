//! Selling on bazaar: applying, the admins' decisions, agreements, and suspending or
//! reinstating a store. Each flow is one transaction: the change, its history event, the
//! applicant's notification job, the search update and the admin's audit entry commit
//! together or not at all.

use bazaar_db::vendor_applications::{self as applications, Fields};
use bazaar_db::{Db, DbError, Tx, accounts, agreements, audit, vendors};
use bazaar_domain::FieldErrors;
use bazaar_domain::catalogue::VendorStatus;
use bazaar_domain::vendor::{
    AgreementText, ApplicationDraft, ApplicationForm, ApplicationStatus, CommissionRate, Decision,
    parse_message,
};
use bazaar_queue::Job;
use chrono::Utc;
use serde_json::json;
use uuid::Uuid;

#[derive(Debug, thiserror::Error)]
pub enum SellingError {
    /// Field problems, by field name.
    #[error("some fields need attention")]
    Invalid(FieldErrors),
    #[error("not found")]
    NotFound,
    /// A rule of the current state: `code` names it for clients.
    #[error("{message}")]
    Conflict { code: &'static str, message: String },
    #[error(transparent)]
    Db(#[from] DbError),
}

impl From<sqlx::Error> for SellingError {
    fn from(e: sqlx::Error) -> Self {
        SellingError::Db(DbError::from(e))
    }
}

pub(crate) fn conflict(code: &'static str, message: impl Into<String>) -> SellingError {
    SellingError::Conflict {
        code,
        message: message.into(),
    }
}

pub(crate) fn invalid(field: &str, message: impl Into<String>) -> SellingError {
    SellingError::Invalid(FieldErrors::from([(field.to_owned(), message.into())]))
}

/// Who is acting, as the API knows them.
#[derive(Debug, Clone)]
pub struct Actor<'a> {
    pub id: Uuid,
    pub email: &'a str,
    pub role: &'a str,
}

pub const SLUG_TAKEN: &str = "This store address is taken: choose another";

/// Whether `slug` may be used by `user`: well formed and not held by a store or by
/// someone else's open application. `Err` carries the message to show.
pub async fn slug_available(db: &Db, slug: &str, user: Uuid) -> Result<String, SellingError> {
    let slug =
        bazaar_domain::vendor::parse_store_slug(slug).map_err(|m| conflict("invalid_slug", m))?;
    let mut tx = db.begin().await?;
    let taken = applications::slug_taken(&mut tx, &slug, user).await?;
    tx.rollback().await?;
    if taken {
        return Err(conflict("slug_taken", SLUG_TAKEN));
    }
    Ok(slug)
}

fn fields<'a>(form: &'a ApplicationForm, agreement_id: Uuid) -> Fields<'a> {
    Fields {
        store_name: &form.store_name,
        store_slug: &form.store_slug,
        description: &form.description,
        category_focus: &form.category_focus,
        contact_phone: &form.contact_phone,
        company_registration: form.company_registration.as_deref(),
        vat_number: form.vat_number.as_deref(),
        bank_name: &form.payout.bank_name,
        account_holder: &form.payout.account_holder,
        account_number: &form.payout.account_number,
        branch_code: &form.payout.branch_code,
        agreement_id,
    }
}

/// Checks the form and the agreement being accepted, and that the slug is free; in `tx`.
async fn check_application(
    tx: &mut Tx,
    user: Uuid,
    draft: &ApplicationDraft,
    agreement_version: i64,
) -> Result<(ApplicationForm, agreements::AgreementRow), SellingError> {
    let mut errors = FieldErrors::new();
    let form = draft.parse().map_err(|e| errors.extend(e)).ok();
    let current = agreements::current_in(tx).await?;
    if agreement_version != current.version {
        errors.insert(
            "agreement_version".to_owned(),
            format!(
                "Accept the current vendor agreement (version {})",
                current.version
            ),
        );
    }
    if let Some(form) = &form
        && applications::slug_taken(tx, &form.store_slug, user).await?
    {
        errors.insert("store_slug".to_owned(), SLUG_TAKEN.to_owned());
    }
    match form {
        Some(form) if errors.is_empty() => Ok((form, current)),
        _ => Err(SellingError::Invalid(errors)),
    }
}

/// A unique-index conflict while writing an application: the slug was taken in between.
fn slug_conflict(e: DbError) -> SellingError {
    match e {
        DbError::Conflict(m) if m.contains("slug") => invalid("store_slug", SLUG_TAKEN),
        DbError::Conflict(_) => conflict(
            "application_open",
            "You already have an application waiting for a decision",
        ),
        other => SellingError::Db(other),
    }
}

/// Files an application for a customer. The applicant agrees to the current agreement's
/// version (kept on the application); the store signs it in the vendor area once approved,
/// which records when and from where.
pub async fn apply(
    db: &Db,
    user: &Actor<'_>,
    draft: &ApplicationDraft,
    agreement_version: i64,
) -> Result<Uuid, SellingError> {
    if user.role != "customer" {
        return Err(conflict(
            "already_vendor",
            "You already sell on bazaar or run it: no application is needed",
        ));
    }
    let now = Utc::now();
    let mut tx = db.begin().await?;
    if applications::open_of(&mut tx, user.id).await?.is_some() {
        return Err(conflict(
            "application_open",
            "You already have an application waiting for a decision",
        ));
    }
    let (form, agreement) = check_application(&mut tx, user.id, draft, agreement_version).await?;
    let (id, _) = applications::submit(&mut tx, user.id, &fields(&form, agreement.id), now)
        .await
        .map_err(slug_conflict)?;
    tx.commit().await?;
    Ok(id)
}

/// Edits a rejected or changes-requested application and submits it again.
pub async fn resubmit(
    db: &Db,
    user: &Actor<'_>,
    id: Uuid,
    draft: &ApplicationDraft,
    agreement_version: i64,
) -> Result<(), SellingError> {
    let now = Utc::now();
    let mut tx = db.begin().await?;
    let Some(existing) = applications::get_in(&mut tx, id)
        .await?
        .filter(|a| a.user_id == user.id)
    else {
        return Err(SellingError::NotFound);
    };
    let status: ApplicationStatus = existing
        .status
        .parse()
        .map_err(|e: String| SellingError::Db(DbError::Conflict(e)))?;
    if !status.may_resubmit() {
        return Err(conflict(
            "not_resubmittable",
            format!(
                "This application is {}: only rejected applications and those with changes requested can be resubmitted",
                status.as_str().replace('_', " ")
            ),
        ));
    }
    if status == ApplicationStatus::Rejected
        && applications::open_of(&mut tx, user.id).await?.is_some()
    {
        return Err(conflict(
            "application_open",
            "You already have an application waiting for a decision",
        ));
    }
    let (form, agreement) = check_application(&mut tx, user.id, draft, agreement_version).await?;
    if !applications::resubmit(&mut tx, id, user.id, &fields(&form, agreement.id), now)
        .await
        .map_err(slug_conflict)?
    {
        return Err(conflict(
            "not_resubmittable",
            "This application changed meanwhile: reload it",
        ));
    }
    tx.commit().await?;
    Ok(())
}

/// An admin decides a submitted application. Approving opens the store (status approved),
/// gives the applicant the vendor role and records their payout account. Two admins at
/// once: the first decides, the other gets a conflict.
pub async fn decide(
    db: &Db,
    admin: &Actor<'_>,
    id: Uuid,
    decision: Decision,
    message: Option<&str>,
) -> Result<(), SellingError> {
    let message = match message.map(str::trim).filter(|m| !m.is_empty()) {
        Some(m) => Some(parse_message(m).map_err(|e| invalid("message", e))?),
        None if decision.needs_message() => {
            return Err(invalid("message", "Tell the applicant why"));
        }
        None => None,
    };
    let now = Utc::now();
    let mut tx = db.begin().await?;
    let Some(application) = applications::get_in(&mut tx, id).await? else {
        return Err(SellingError::NotFound);
    };
    let to = decision.outcome();
    let Some(event) =
        applications::decide(&mut tx, id, to.as_str(), message.as_deref(), admin.id, now).await?
    else {
        return Err(conflict(
            "already_decided",
            "This application was already decided",
        ));
    };
    let mut details = json!({ "store_slug": application.store_slug, "message": message });
    if decision == Decision::Approve {
        let store = vendors::NewStore {
            owner: application.user_id,
            store_slug: &application.store_slug,
            store_name: &application.store_name,
            store_description: &application.description,
            category_focus: &application.category_focus,
            contact_phone: &application.contact_phone,
            company_registration: application.company_registration.as_deref(),
            vat_number: application.vat_number.as_deref(),
        };
        let vendor = vendors::open_store(&mut tx, &store, now)
            .await
            .map_err(|e| match e {
                DbError::Conflict(_) => conflict(
                    "store_exists",
                    "A store with this address or for this user already exists",
                ),
                other => SellingError::Db(other),
            })?;
        vendors::set_payout_account(
            &mut tx,
            vendor,
            &vendors::PayoutAccount {
                bank_name: &application.bank_name,
                account_holder: &application.account_holder,
                account_number: &application.account_number,
                branch_code: &application.branch_code,
            },
            now,
        )
        .await?;
        applications::link_vendor(&mut tx, id, vendor).await?;
        accounts::set_role_in(&mut tx, application.user_id, "vendor", now).await?;
        details["vendor_id"] = json!(vendor);
    }
    bazaar_queue::enqueue(&mut tx, &Job::NotifyApplication { event_id: event }).await?;
    let action = format!("vendor_application.{}", decision.as_str());
    audit::record(
        &mut tx,
        &audit::Entry {
            actor_id: admin.id,
            actor_email: admin.email,
            action: &action,
            subject_type: "vendor_application",
            subject_id: id.to_string(),
            details,
        },
        now,
    )
    .await?;
    tx.commit().await?;
    Ok(())
}

/// Suspends (`Some(reason)`) or reinstates (`None`) a store. Its products leave or return
/// to listings and carts in the same transaction, and to search through the index job.
pub async fn set_standing(
    db: &Db,
    admin: &Actor<'_>,
    vendor: Uuid,
    suspend_reason: Option<&str>,
) -> Result<(), SellingError> {
    let reason = suspend_reason
        .map(|r| parse_message(r).map_err(|e| invalid("reason", e)))
        .transpose()?;
    let now = Utc::now();
    let mut tx = db.begin().await?;
    let Some(store) = vendors::store_in(&mut tx, vendor).await? else {
        return Err(SellingError::NotFound);
    };
    let (to, action) = match &reason {
        Some(_) => (VendorStatus::Suspended, "vendor.suspend"),
        None => {
            if store.status != VendorStatus::Suspended.as_str() {
                return Err(conflict(
                    "not_suspended",
                    format!("This store is {}, not suspended", store.status),
                ));
            }
            (VendorStatus::Approved, "vendor.reinstate")
        }
    };
    if reason.is_some() && store.status != VendorStatus::Approved.as_str() {
        return Err(conflict(
            "not_approved",
            format!(
                "Only approved stores can be suspended; this one is {}",
                store.status
            ),
        ));
    }
    vendors::set_standing(&mut tx, vendor, to, reason.as_deref(), now).await?;
    bazaar_queue::enqueue(&mut tx, &Job::IndexVendor { vendor_id: vendor }).await?;
    audit::record(
        &mut tx,
        &audit::Entry {
            actor_id: admin.id,
            actor_email: admin.email,
            action,
            subject_type: "vendor",
            subject_id: vendor.to_string(),
            details: json!({ "store_slug": store.store_slug, "reason": reason }),
        },
        now,
    )
    .await?;
    tx.commit().await?;
    Ok(())
}

/// Sets a store's commission override, or clears it (`None`: the agreement's rate).
pub async fn set_commission(
    db: &Db,
    admin: &Actor<'_>,
    vendor: Uuid,
    bps: Option<i64>,
) -> Result<(), SellingError> {
    let bps = bps
        .map(|b| {
            CommissionRate::from_bps(b)
                .map(CommissionRate::bps)
                .map_err(|e| invalid("commission_rate_bps", e))
        })
        .transpose()?;
    let now = Utc::now();
    let mut tx = db.begin().await?;
    let Some(store) = vendors::store_in(&mut tx, vendor).await? else {
        return Err(SellingError::NotFound);
    };
    vendors::set_commission(&mut tx, vendor, bps, now).await?;
    audit::record(
        &mut tx,
        &audit::Entry {
            actor_id: admin.id,
            actor_email: admin.email,
            action: "vendor.set_commission",
            subject_type: "vendor",
            subject_id: vendor.to_string(),
            details: json!({ "store_slug": store.store_slug, "from_bps": store.commission_rate_bps, "to_bps": bps }),
        },
        now,
    )
    .await?;
    tx.commit().await?;
    Ok(())
}

/// Publishes a new agreement version; every vendor accepts it before publishing again.
pub async fn publish_agreement(
    db: &Db,
    admin: &Actor<'_>,
    text: &AgreementText,
) -> Result<agreements::AgreementRow, SellingError> {
    let now = Utc::now();
    let mut tx = db.begin().await?;
    let row = agreements::publish(
        &mut tx,
        &agreements::NewAgreement {
            title: &text.title,
            commission_rate_bps: text.commission.bps(),
            payout_schedule: &text.payout_schedule,
            terms: &text.terms,
            published_by: admin.id,
        },
        now,
    )
    .await
    .map_err(|e| match e {
        DbError::Conflict(_) => conflict(
            "agreement_published",
            "Another version was published meanwhile: reload",
        ),
        other => SellingError::Db(other),
    })?;
    audit::record(
        &mut tx,
        &audit::Entry {
            actor_id: admin.id,
            actor_email: admin.email,
            action: "vendor_agreement.publish",
            subject_type: "vendor_agreement",
            subject_id: row.id.to_string(),
            details: json!({ "version": row.version, "commission_rate_bps": row.commission_rate_bps }),
        },
        now,
    )
    .await?;
    tx.commit().await?;
    Ok(row)
}

/// A vendor accepts agreement `version`, which must be the current one.
pub async fn accept_agreement(
    db: &Db,
    user: Uuid,
    version: i64,
    from: &str,
) -> Result<agreements::AcceptanceRow, SellingError> {
    let Some(agreement) = agreements::by_version(db, version).await? else {
        return Err(SellingError::NotFound);
    };
    let mut tx = db.begin().await?;
    let current = agreements::current_in(&mut tx).await?;
    if current.version != agreement.version {
        return Err(conflict(
            "not_current",
            format!(
                "Version {version} is no longer current: accept version {}",
                current.version
            ),
        ));
    }
    let row = agreements::accept(&mut tx, user, agreement.id, from, Utc::now()).await?;
    tx.commit().await?;
    Ok(row)
}

/// An owner saves their store page. Search documents carry the store's name, so the
/// store's products are re-indexed with it.
pub async fn update_store(
    db: &Db,
    owner: Uuid,
    draft: &bazaar_domain::vendor::StoreProfileDraft,
) -> Result<Uuid, SellingError> {
    let profile = draft.parse().map_err(SellingError::Invalid)?;
    let Some(store) = vendors::store_of_owner(db, owner).await? else {
        return Err(SellingError::NotFound);
    };
    let mut tx = db.begin().await?;
    vendors::update_profile(
        &mut tx,
        store.id,
        owner,
        &vendors::ProfileUpdate {
            store_name: &profile.store_name,
            store_description: &profile.store_description,
            store_logo_url: profile.store_logo_url.as_deref(),
            store_banner_url: profile.store_banner_url.as_deref(),
            accent_color: profile.accent_color.as_deref(),
            standard_delivery_min_days: profile.standard_delivery_min_days,
            standard_delivery_max_days: profile.standard_delivery_max_days,
            return_policy: &profile.return_policy,
            social_links: json!(profile.social_links),
        },
        Utc::now(),
    )
    .await?;
    if profile.store_name != store.store_name {
        bazaar_queue::enqueue(
            &mut tx,
            &Job::IndexVendor {
                vendor_id: store.id,
            },
        )
        .await?;
    }
    tx.commit().await?;
    Ok(store.id)
}
