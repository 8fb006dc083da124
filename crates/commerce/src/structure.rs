//! Admins keep the catalogue's structure and its reviews: categories (a tree; removing one
//! moves its products and sub-categories), global attributes, and reviews hidden or shown
//! again with a reason. Each change is one transaction with its audit entry; a change to
//! an object read at an older version gets a conflict.

use bazaar_db::admin::structure::{self, AdminAttribute, AdminCategory};
use bazaar_db::{Db, DbError, Tx, reviews};
use bazaar_domain::admin::parse_reason;
use bazaar_domain::taxonomy::{AttributeDraft, CategoryDraft, check_parent};
use bazaar_queue::Job;
use chrono::Utc;
use serde_json::json;
use uuid::Uuid;

use crate::admin::record;
use crate::selling::{Actor, SellingError, conflict, invalid};

pub const STALE: &str = "This was changed by someone else: reload and try again";

fn taken(e: DbError, field: &str, message: &str) -> SellingError {
    match e {
        DbError::Conflict(_) => invalid(field, message),
        e => e.into(),
    }
}

fn category_json(c: &CategoryDraft) -> serde_json::Value {
    json!({ "name": c.name, "slug": c.slug, "parent_id": c.parent_id, "position": c.position, "active": c.active })
}

async fn reindex(tx: &mut Tx, ids: Vec<Uuid>) -> Result<(), SellingError> {
    for chunk in ids.chunks(500) {
        bazaar_queue::enqueue(
            tx,
            &Job::IndexProducts {
                product_ids: chunk.to_vec(),
            },
        )
        .await?;
    }
    Ok(())
}

pub async fn create_category(
    db: &Db,
    admin: &Actor<'_>,
    d: &CategoryDraft,
) -> Result<AdminCategory, SellingError> {
    let now = Utc::now();
    let mut tx = db.begin().await?;
    if let Some(parent) = d.parent_id {
        let parents = structure::parents_in(&mut tx).await?;
        check_parent(None, parent, &parents).map_err(|e| invalid("parent_id", e))?;
    }
    let id = structure::create_category(&mut tx, d, now)
        .await
        .map_err(|e| taken(e, "slug", "Another category has this address"))?;
    record(
        &mut tx,
        admin,
        "category.create",
        "category",
        id.to_string(),
        json!({ "after": category_json(d) }),
        now,
    )
    .await?;
    let created = structure::category_in(&mut tx, id)
        .await?
        .ok_or(SellingError::NotFound)?;
    tx.commit().await?;
    Ok(created)
}

pub async fn update_category(
    db: &Db,
    admin: &Actor<'_>,
    id: Uuid,
    d: &CategoryDraft,
    seen: i64,
) -> Result<AdminCategory, SellingError> {
    let now = Utc::now();
    let mut tx = db.begin().await?;
    let before = structure::category_in(&mut tx, id)
        .await?
        .ok_or(SellingError::NotFound)?;
    if let Some(parent) = d.parent_id {
        let parents = structure::parents_in(&mut tx).await?;
        check_parent(Some(id), parent, &parents).map_err(|e| invalid("parent_id", e))?;
    }
    if before.version != seen {
        return Err(conflict("stale", STALE));
    }
    let moved_ids = if before.slug != d.slug {
        structure::products_in_category(&mut tx, &before.slug).await?
    } else {
        Vec::new()
    };
    if !structure::update_category(&mut tx, id, &before.slug, d, seen)
        .await
        .map_err(|e| taken(e, "slug", "Another category has this address"))?
    {
        return Err(conflict("stale", STALE));
    }
    reindex(&mut tx, moved_ids).await?;
    record(
        &mut tx,
        admin,
        "category.update",
        "category",
        id.to_string(),
        json!({
            "before": { "name": before.name, "slug": before.slug, "parent_id": before.parent_id,
                        "position": before.position, "active": before.active },
            "after": category_json(d),
        }),
        now,
    )
    .await?;
    let after = structure::category_in(&mut tx, id)
        .await?
        .ok_or(SellingError::NotFound)?;
    tx.commit().await?;
    Ok(after)
}

/// What removing a category did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Removed {
    /// Where its products went (`""`: no category).
    pub products_to: String,
    pub products_moved: usize,
}

/// Removes a category. Its products move to `move_to` (a category's slug) when given,
/// else to its parent, else to no category; its sub-categories move up to its parent.
pub async fn delete_category(
    db: &Db,
    admin: &Actor<'_>,
    id: Uuid,
    move_to: Option<&str>,
) -> Result<Removed, SellingError> {
    let now = Utc::now();
    let mut tx = db.begin().await?;
    let category = structure::category_in(&mut tx, id)
        .await?
        .ok_or(SellingError::NotFound)?;
    let to = match move_to.map(str::trim).filter(|s| !s.is_empty()) {
        Some(slug) if slug == category.slug => {
            return Err(invalid("move_to", "Move the products to another category"));
        }
        Some(slug) => {
            if !bazaar_db::categories::exists(&mut tx, slug).await? {
                return Err(invalid("move_to", "There is no category with this address"));
            }
            slug.to_owned()
        }
        None => match category.parent_id {
            Some(parent) => structure::category_in(&mut tx, parent)
                .await?
                .map(|p| p.slug)
                .unwrap_or_default(),
            None => String::new(),
        },
    };
    let moved = structure::move_products(&mut tx, &category.slug, &to).await?;
    structure::delete_category(&mut tx, id, category.parent_id).await?;
    let products_moved = moved.len();
    reindex(&mut tx, moved).await?;
    record(
        &mut tx,
        admin,
        "category.delete",
        "category",
        id.to_string(),
        json!({
            "before": { "name": category.name, "slug": category.slug, "products": category.product_count },
            "after": { "products_to": to, "products_moved": products_moved },
        }),
        now,
    )
    .await?;
    tx.commit().await?;
    Ok(Removed {
        products_to: to,
        products_moved,
    })
}

pub async fn create_attribute(
    db: &Db,
    admin: &Actor<'_>,
    d: &AttributeDraft,
) -> Result<AdminAttribute, SellingError> {
    let now = Utc::now();
    let mut tx = db.begin().await?;
    let id = structure::create_attribute(&mut tx, d, now)
        .await
        .map_err(|e| taken(e, "name", "Another attribute has this name"))?;
    record(
        &mut tx,
        admin,
        "attribute.create",
        "attribute",
        id.to_string(),
        json!({ "after": { "name": d.name, "values": d.values, "position": d.position } }),
        now,
    )
    .await?;
    let created = structure::attribute_in(&mut tx, id)
        .await?
        .ok_or(SellingError::NotFound)?;
    tx.commit().await?;
    Ok(created)
}

pub async fn update_attribute(
    db: &Db,
    admin: &Actor<'_>,
    id: Uuid,
    d: &AttributeDraft,
    seen: i64,
) -> Result<AdminAttribute, SellingError> {
    let now = Utc::now();
    let mut tx = db.begin().await?;
    let before = structure::attribute_in(&mut tx, id)
        .await?
        .ok_or(SellingError::NotFound)?;
    if !structure::update_attribute(&mut tx, id, d, seen)
        .await
        .map_err(|e| taken(e, "name", "Another attribute has this name"))?
    {
        return Err(conflict("stale", STALE));
    }
    record(
        &mut tx,
        admin,
        "attribute.update",
        "attribute",
        id.to_string(),
        json!({
            "before": { "name": before.name, "values": before.attribute_values.0, "position": before.position },
            "after": { "name": d.name, "values": d.values, "position": d.position },
        }),
        now,
    )
    .await?;
    let after = structure::attribute_in(&mut tx, id)
        .await?
        .ok_or(SellingError::NotFound)?;
    tx.commit().await?;
    Ok(after)
}

/// Removes a global attribute; products' variations keep the values they were given.
pub async fn delete_attribute(db: &Db, admin: &Actor<'_>, id: Uuid) -> Result<(), SellingError> {
    let now = Utc::now();
    let mut tx = db.begin().await?;
    let before = structure::attribute_in(&mut tx, id)
        .await?
        .ok_or(SellingError::NotFound)?;
    structure::delete_attribute(&mut tx, id).await?;
    record(
        &mut tx,
        admin,
        "attribute.delete",
        "attribute",
        id.to_string(),
        json!({ "before": { "name": before.name, "values": before.attribute_values.0 } }),
        now,
    )
    .await?;
    tx.commit().await?;
    Ok(())
}

/// Hides a review (with the reason) or shows it again (`None`); the product's rating
/// follows at once.
pub async fn set_review_hidden(
    db: &Db,
    admin: &Actor<'_>,
    id: Uuid,
    reason: Option<&str>,
) -> Result<reviews::AdminReview, SellingError> {
    let reason = reason
        .map(|r| parse_reason(r).map_err(|e| invalid("reason", e)))
        .transpose()?;
    let now = Utc::now();
    let mut tx = db.begin().await?;
    let review = reviews::admin_get_in(&mut tx, id)
        .await?
        .ok_or(SellingError::NotFound)?;
    if !reviews::set_hidden(&mut tx, id, review.product_id, reason.as_deref(), now).await? {
        return Err(conflict(
            "unchanged",
            if reason.is_some() {
                "This review is hidden already"
            } else {
                "This review is shown already"
            },
        ));
    }
    bazaar_queue::enqueue(
        &mut tx,
        &Job::IndexProducts {
            product_ids: vec![review.product_id],
        },
    )
    .await?;
    record(
        &mut tx,
        admin,
        if reason.is_some() {
            "review.hide"
        } else {
            "review.restore"
        },
        "review",
        id.to_string(),
        json!({
            "reason": reason,
            "product_id": review.product_id,
            "before": { "hidden": review.hidden_at.is_some() },
            "after": { "hidden": reason.is_some() },
        }),
        now,
    )
    .await?;
    let after = reviews::admin_get_in(&mut tx, id)
        .await?
        .ok_or(SellingError::NotFound)?;
    tx.commit().await?;
    Ok(after)
}
