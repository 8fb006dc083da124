//! What admins do to users and products, each change in one transaction with its audit
//! entry (who, when, what, before and after). A change names the version the admin saw;
//! when someone changed the object since, nothing happens and the caller gets a conflict.

use bazaar_db::admin::{catalogue, users};
use bazaar_db::{Db, Tx, accounts, audit, points};
use bazaar_domain::admin::{Role, leaves_no_admin, parse_points_adjustment, parse_reason};
use chrono::{DateTime, Utc};
use serde_json::{Value, json};
use uuid::Uuid;

use crate::selling::{Actor, SellingError, conflict, invalid};

pub const STALE_USER: &str = "This user was changed by someone else: reload and try again";
pub const STALE_PRODUCT: &str = "This product was changed by someone else: reload and try again";
pub const LAST_ADMIN: &str = "The platform needs at least one active admin";

/// Records an admin action inside `tx`.
pub async fn record(
    tx: &mut Tx,
    admin: &Actor<'_>,
    action: &str,
    subject_type: &str,
    subject_id: String,
    details: Value,
    now: DateTime<Utc>,
) -> Result<(), SellingError> {
    audit::record(
        tx,
        &audit::Entry {
            actor_id: admin.id,
            actor_email: admin.email,
            action,
            subject_type,
            subject_id,
            details,
        },
        now,
    )
    .await?;
    Ok(())
}

/// Locks the user and checks the version the admin saw.
async fn user_at(
    tx: &mut Tx,
    id: Uuid,
    seen: i64,
    now: DateTime<Utc>,
) -> Result<users::AdminUser, SellingError> {
    let user = users::lock(tx, id).await?.ok_or(SellingError::NotFound)?;
    if user.version != seen || !users::bump(tx, id, seen, now).await? {
        return Err(conflict("stale", STALE_USER));
    }
    Ok(user)
}

fn standing(u: &users::AdminUser) -> Value {
    json!({ "role": u.role, "suspended": u.suspended_at.is_some() })
}

/// Gives a user another role. The last active admin keeps theirs; a vendor's store stays
/// as it is (suspend the store to stop its sales).
pub async fn set_role(
    db: &Db,
    admin: &Actor<'_>,
    id: Uuid,
    role: Role,
    seen: i64,
) -> Result<(), SellingError> {
    let now = Utc::now();
    let mut tx = db.begin().await?;
    let user = user_at(&mut tx, id, seen, now).await?;
    if user.role == role.as_str() {
        return Err(conflict(
            "unchanged",
            format!("This user is already a {role}"),
        ));
    }
    let active_admin = user.role == Role::Admin.as_str() && user.suspended_at.is_none();
    if leaves_no_admin(
        active_admin,
        role == Role::Admin,
        users::active_admins(&mut tx).await?,
    ) {
        return Err(conflict("last_admin", LAST_ADMIN));
    }
    accounts::set_role_in(&mut tx, id, role.as_str(), now).await?;
    record(
        &mut tx,
        admin,
        "user.set_role",
        "user",
        id.to_string(),
        json!({ "before": { "role": user.role }, "after": { "role": role.as_str() } }),
        now,
    )
    .await?;
    tx.commit().await?;
    Ok(())
}

/// Suspends an account: its sessions end at once and it cannot sign in until reinstated.
pub async fn suspend(
    db: &Db,
    admin: &Actor<'_>,
    id: Uuid,
    reason: &str,
    seen: i64,
) -> Result<(), SellingError> {
    let reason = parse_reason(reason).map_err(|e| invalid("reason", e))?;
    if id == admin.id {
        return Err(conflict("self", "You cannot suspend your own account"));
    }
    let now = Utc::now();
    let mut tx = db.begin().await?;
    let user = user_at(&mut tx, id, seen, now).await?;
    if user.suspended_at.is_some() {
        return Err(conflict("unchanged", "This account is already suspended"));
    }
    let active_admin = user.role == Role::Admin.as_str();
    if leaves_no_admin(active_admin, false, users::active_admins(&mut tx).await?) {
        return Err(conflict("last_admin", LAST_ADMIN));
    }
    users::set_suspended(&mut tx, id, Some(&reason), now).await?;
    accounts::delete_user_sessions(&mut tx, id, None).await?;
    let after = json!({ "role": user.role, "suspended": true });
    record(
        &mut tx,
        admin,
        "user.suspend",
        "user",
        id.to_string(),
        json!({ "reason": reason, "before": standing(&user), "after": after }),
        now,
    )
    .await?;
    tx.commit().await?;
    Ok(())
}

/// Lifts a suspension.
pub async fn reinstate(
    db: &Db,
    admin: &Actor<'_>,
    id: Uuid,
    seen: i64,
) -> Result<(), SellingError> {
    let now = Utc::now();
    let mut tx = db.begin().await?;
    let user = user_at(&mut tx, id, seen, now).await?;
    if user.suspended_at.is_none() {
        return Err(conflict("unchanged", "This account is not suspended"));
    }
    users::set_suspended(&mut tx, id, None, now).await?;
    let after = json!({ "role": user.role, "suspended": false });
    record(
        &mut tx,
        admin,
        "user.reinstate",
        "user",
        id.to_string(),
        json!({ "before": standing(&user), "after": after }),
        now,
    )
    .await?;
    tx.commit().await?;
    Ok(())
}

/// Removes a user's second factors (a lost authenticator) and ends their sessions, so they
/// sign in again with their password and can enrol a new one.
pub async fn reset_factors(
    db: &Db,
    admin: &Actor<'_>,
    id: Uuid,
    reason: &str,
) -> Result<u64, SellingError> {
    let reason = parse_reason(reason).map_err(|e| invalid("reason", e))?;
    let now = Utc::now();
    let mut tx = db.begin().await?;
    users::lock(&mut tx, id)
        .await?
        .ok_or(SellingError::NotFound)?;
    let removed = users::delete_factors(&mut tx, id).await?;
    if removed == 0 {
        return Err(conflict("unchanged", "This user has no second factor"));
    }
    accounts::delete_user_sessions(&mut tx, id, None).await?;
    record(
        &mut tx,
        admin,
        "user.reset_factors",
        "user",
        id.to_string(),
        json!({ "reason": reason, "before": { "factors": removed }, "after": { "factors": 0 } }),
        now,
    )
    .await?;
    tx.commit().await?;
    Ok(removed)
}

/// Adds (positive) or takes (negative) points with a reason the customer sees in their
/// history; a balance never goes below zero. The balance after.
pub async fn adjust_points(
    db: &Db,
    admin: &Actor<'_>,
    id: Uuid,
    points_change: i64,
    reason: &str,
) -> Result<i64, SellingError> {
    let points_change = parse_points_adjustment(points_change).map_err(|e| invalid("points", e))?;
    let reason = parse_reason(reason).map_err(|e| invalid("reason", e))?;
    let now = Utc::now();
    let mut tx = db.begin().await?;
    users::lock(&mut tx, id)
        .await?
        .ok_or(SellingError::NotFound)?;
    let before = points::lock(&mut tx, id).await?.current_balance;
    let moved = points::apply(
        &mut tx,
        &points::Movement {
            user_id: id,
            kind: if points_change > 0 {
                points::Kind::Earned
            } else {
                points::Kind::Spent
            },
            points: points_change.abs(),
            description: &format!("Adjusted by the bazaar team: {reason}"),
            order_id: None,
            source: "admin_adjustment",
        },
    )
    .await?;
    if moved == points::Moved::Insufficient {
        return Err(conflict(
            "insufficient_points",
            format!("The balance is {before} points: that is the most you can take"),
        ));
    }
    let after = before + points_change;
    record(
        &mut tx,
        admin,
        "user.adjust_points",
        "user",
        id.to_string(),
        json!({ "reason": reason, "points": points_change, "before": { "balance": before }, "after": { "balance": after } }),
        now,
    )
    .await?;
    tx.commit().await?;
    Ok(after)
}

/// Features or unfeatures a product (the storefront's featured list and filter).
pub async fn feature(
    db: &Db,
    admin: &Actor<'_>,
    id: Uuid,
    featured: bool,
    seen: i64,
) -> Result<i64, SellingError> {
    let mut tx = db.begin().await?;
    let version = feature_in(&mut tx, admin, id, featured, Some(seen), Utc::now()).await?;
    tx.commit().await?;
    Ok(version)
}

/// [`feature`] inside `tx`; `seen: None` takes the product as it is now (a bulk change,
/// which locks nothing it has not read in the same transaction).
pub(crate) async fn feature_in(
    tx: &mut Tx,
    admin: &Actor<'_>,
    id: Uuid,
    featured: bool,
    seen: Option<i64>,
    now: DateTime<Utc>,
) -> Result<i64, SellingError> {
    let product = catalogue::get_in(tx, id)
        .await?
        .ok_or(SellingError::NotFound)?;
    if product.featured == featured {
        return Err(conflict(
            "unchanged",
            if featured {
                "This product is already featured"
            } else {
                "This product is not featured"
            },
        ));
    }
    let seen = seen.unwrap_or(product.version);
    if !catalogue::set_featured(tx, id, featured, seen, now).await? {
        return Err(conflict("stale", STALE_PRODUCT));
    }
    bazaar_db::products::refresh_rollups(tx, id, now).await?;
    bazaar_queue::enqueue(
        tx,
        &bazaar_queue::Job::IndexProducts {
            product_ids: vec![id],
        },
    )
    .await?;
    record(
        tx,
        admin,
        if featured {
            "product.feature"
        } else {
            "product.unfeature"
        },
        "product",
        id.to_string(),
        json!({ "before": { "featured": product.featured }, "after": { "featured": featured } }),
        now,
    )
    .await?;
    Ok(seen + 1)
}

/// Sets whether new stores' products wait for review before going on sale, and for how
/// many days after a store opens (0 to 3,650).
pub async fn set_product_review(
    db: &Db,
    admin: &Actor<'_>,
    new_vendors: bool,
    days: i64,
) -> Result<bazaar_domain::settings::ProductReview, SellingError> {
    use bazaar_domain::settings::{PRODUCT_REVIEW_KEY, product_review};
    if !(0..=3650).contains(&days) {
        return Err(invalid("days", "A store is new for 0 to 3,650 days"));
    }
    let now = Utc::now();
    let mut tx = db.begin().await?;
    let before = product_review(
        bazaar_db::settings::system_in(&mut tx, PRODUCT_REVIEW_KEY)
            .await?
            .as_ref(),
    );
    let value = json!({ "new_vendors": new_vendors, "days": days });
    bazaar_db::settings::put_system(&mut tx, PRODUCT_REVIEW_KEY, &value, now).await?;
    record(
        &mut tx,
        admin,
        "settings.product_review",
        "settings",
        PRODUCT_REVIEW_KEY.to_owned(),
        json!({
            "before": { "new_vendors": before.new_vendors, "days": before.days },
            "after": value,
        }),
        now,
    )
    .await?;
    tx.commit().await?;
    Ok(product_review(Some(&value)))
}
