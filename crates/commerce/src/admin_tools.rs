//! The admin's tools over every store: editing a store's product, adjusting its stock with
//! a reason, changing many products at once, and removing media nothing uses. Each is one
//! transaction with its audit entries; a bulk change is all or nothing, answered row by
//! row.

use bazaar_db::admin::{media, stock};
use bazaar_db::{Db, inventory, vendors};
use bazaar_domain::admin::{BulkProductAction, parse_bulk_ids, parse_reason};
use bazaar_domain::inventory::{MovementReason, parse_level};
use bazaar_queue::Job;
use chrono::Utc;
use serde_json::{Map, Value, json};
use uuid::Uuid;

use crate::admin::{feature_in, record};
use crate::catalogue::{self, Editor, Saved, Seller, review_in, review_reason};
use crate::selling::{Actor, SellingError, invalid};

/// The store a product belongs to, as the editor and the stock flows know it. A product
/// the platform sells itself has no store to write for: not found here.
async fn seller_of(db: &Db, product_id: Uuid) -> Result<Seller, SellingError> {
    let mut tx = db.begin().await?;
    let store = stock::store_of(&mut tx, product_id)
        .await?
        .flatten()
        .ok_or(SellingError::NotFound)?;
    let owner = vendors::store_in(&mut tx, store)
        .await?
        .and_then(|s| s.user_id)
        .ok_or(SellingError::NotFound)?;
    tx.commit().await?;
    Ok(Seller {
        store_id: store,
        owner_id: owner,
    })
}

/// The store of a product an admin opens in the editor.
pub async fn product_store(db: &Db, product_id: Uuid) -> Result<Seller, SellingError> {
    seller_of(db, product_id).await
}

/// Saves a store's product from the editor as an admin, at the version the admin read.
pub async fn edit_product(
    db: &Db,
    admin: &Actor<'_>,
    product_id: Uuid,
    version: i64,
    body: &Map<String, Value>,
) -> Result<Saved, SellingError> {
    let seller = seller_of(db, product_id).await?;
    catalogue::save_as(
        db,
        Editor::Admin(seller, admin),
        Some((product_id, version)),
        body,
    )
    .await
}

/// What a stock adjustment did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Adjusted {
    pub before: i64,
    pub after: i64,
}

/// Sets a level of any store by hand, with the reason in the audit log; the movement is
/// recorded against the store as the vendor's own would be, by the admin.
pub async fn adjust_stock(
    db: &Db,
    admin: &Actor<'_>,
    product_id: Uuid,
    variation_id: Option<Uuid>,
    quantity: i64,
    reason: &str,
) -> Result<Adjusted, SellingError> {
    let quantity = parse_level(&quantity.to_string()).map_err(|e| invalid("stock_quantity", e))?;
    let reason = parse_reason(reason).map_err(|e| invalid("reason", e))?;
    let now = Utc::now();
    let mut tx = db.begin().await?;
    let store = stock::store_of(&mut tx, product_id)
        .await?
        .flatten()
        .ok_or(SellingError::NotFound)?;
    let level = inventory::LevelRef {
        product_id,
        variation_id,
    };
    let before = inventory::set_level(
        &mut tx,
        store,
        level,
        quantity,
        MovementReason::Manual,
        Some(admin.id),
        now,
    )
    .await?
    .ok_or(SellingError::NotFound)?;
    if before == quantity {
        return Err(crate::selling::conflict(
            "unchanged",
            format!("The level is already {quantity}"),
        ));
    }
    bazaar_queue::enqueue(
        &mut tx,
        &Job::IndexProducts {
            product_ids: vec![product_id],
        },
    )
    .await?;
    record(
        &mut tx,
        admin,
        "stock.adjust",
        "product",
        product_id.to_string(),
        json!({
            "reason": reason,
            "variation_id": variation_id,
            "before": { "stock_quantity": before },
            "after": { "stock_quantity": quantity },
        }),
        now,
    )
    .await?;
    tx.commit().await?;
    Ok(Adjusted {
        before,
        after: quantity,
    })
}

/// How one row of a bulk change went.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RowOutcome {
    /// Changed (or, when the change was refused as a whole, would have been).
    Done,
    /// Refused: the rule that stopped it.
    Refused { code: String, message: String },
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RowReport {
    pub id: Uuid,
    pub outcome: RowOutcome,
}

/// A bulk change: `applied` when every row went through and the change was kept; else
/// nothing was written and the refused rows say why.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BulkReport {
    pub applied: bool,
    pub rows: Vec<RowReport>,
}

/// Runs `row` for each id inside one transaction: a refusal is reported for its row and
/// the others go on (so every problem is reported at once); any refusal rolls it all back.
/// Database failures end the whole change.
macro_rules! all_or_nothing {
    ($db:expr, $ids:expr, |$tx:ident, $id:ident| $row:expr) => {{
        let mut $tx = $db.begin().await?;
        let mut rows = Vec::with_capacity($ids.len());
        let mut refused = false;
        for &$id in $ids.iter() {
            let outcome = match $row {
                Ok(_) => RowOutcome::Done,
                Err(SellingError::Db(e)) => return Err(SellingError::Db(e)),
                Err(e) => {
                    refused = true;
                    refusal(e)
                }
            };
            rows.push(RowReport { id: $id, outcome });
        }
        if refused {
            drop($tx);
            BulkReport {
                applied: false,
                rows,
            }
        } else {
            $tx.commit().await?;
            BulkReport {
                applied: true,
                rows,
            }
        }
    }};
}

fn refusal(e: SellingError) -> RowOutcome {
    match e {
        SellingError::NotFound => RowOutcome::Refused {
            code: "not_found".into(),
            message: "No such product".into(),
        },
        SellingError::Conflict { code, message } => RowOutcome::Refused {
            code: code.into(),
            message,
        },
        SellingError::Invalid(fields) => RowOutcome::Refused {
            code: "invalid".into(),
            message: fields.into_values().next().unwrap_or_default(),
        },
        SellingError::Db(e) => RowOutcome::Refused {
            code: "error".into(),
            message: e.to_string(),
        },
    }
}

/// Approves, rejects (with `reason`), features or unfeatures many products at once, each
/// audited as its single change would be.
pub async fn change_products(
    db: &Db,
    admin: &Actor<'_>,
    ids: &[Uuid],
    action: BulkProductAction,
    reason: Option<&str>,
) -> Result<BulkReport, SellingError> {
    let ids = parse_bulk_ids(ids).map_err(|e| invalid("ids", e))?;
    let reason = match action {
        BulkProductAction::Approve | BulkProductAction::Reject => {
            review_reason(action == BulkProductAction::Approve, reason)?
        }
        _ => None,
    };
    let now = Utc::now();
    let report = all_or_nothing!(db, ids, |tx, id| match action {
        BulkProductAction::Approve | BulkProductAction::Reject => review_in(
            &mut tx,
            admin,
            id,
            action == BulkProductAction::Approve,
            reason.as_deref(),
            now,
        )
        .await
        .map(|_| ()),
        BulkProductAction::Feature | BulkProductAction::Unfeature => feature_in(
            &mut tx,
            admin,
            id,
            action == BulkProductAction::Feature,
            None,
            now,
        )
        .await
        .map(|_| ()),
    });
    if report.applied {
        tracing::info!(
            action = action.as_str(),
            rows = report.rows.len(),
            "admin bulk product change"
        );
    }
    Ok(report)
}

/// An item removed: its stored files are deleted once the removal commits.
#[derive(Debug, Clone)]
pub struct Removed {
    pub storage_key: String,
    pub renditions: Value,
}

/// Removes media items nothing uses (no product, variation, logo or banner), each audited;
/// an item in use refuses the whole removal. The answer lists what to delete from storage.
pub async fn remove_media(
    db: &Db,
    admin: &Actor<'_>,
    ids: &[Uuid],
) -> Result<(BulkReport, Vec<Removed>), SellingError> {
    let ids = parse_bulk_ids(ids).map_err(|e| invalid("ids", e))?;
    let now = Utc::now();
    let mut removed = Vec::new();
    let report = all_or_nothing!(db, ids, |tx, id| {
        async {
            let item = media::get_in(&mut tx, id)
                .await?
                .ok_or(SellingError::NotFound)?;
            let uses = item.product_uses + item.store_uses;
            if uses > 0 {
                return Err(crate::selling::conflict(
                    "in_use",
                    format!(
                        "{} is used in {uses} place{}",
                        item.original_name,
                        if uses == 1 { "" } else { "s" }
                    ),
                ));
            }
            media::delete(&mut tx, id).await?;
            record(
                &mut tx,
                admin,
                "media.remove",
                "media",
                id.to_string(),
                json!({
                    "before": {
                        "name": item.original_name,
                        "store": item.vendor_name,
                        "bytes": item.bytes,
                        "kind": item.kind,
                    },
                    "after": null,
                }),
                now,
            )
            .await?;
            removed.push(Removed {
                storage_key: item.storage_key,
                renditions: item.renditions,
            });
            Ok::<(), SellingError>(())
        }
        .await
    });
    if !report.applied {
        removed.clear();
    }
    Ok((report, removed))
}
