//! A vendor's stock: setting one level by hand, a threshold, and importing levels from a
//! CSV. Each is one transaction with its movements and the search update; an import is
//! all or nothing (a dry run, or any refused row, writes nothing).

use std::collections::HashSet;

use bazaar_db::{Db, inventory};
use bazaar_domain::inventory::{MovementReason, check_threshold, parse_level};
use bazaar_import::stock_csv::StockRow;
use bazaar_queue::Job;
use chrono::Utc;
use uuid::Uuid;

use crate::catalogue::{CatalogueError, Seller};
use crate::selling::invalid;

/// Sets one of the store's levels (a product without variations, or a variation).
pub async fn set_level(
    db: &Db,
    seller: Seller,
    product_id: Uuid,
    variation_id: Option<Uuid>,
    quantity: i64,
) -> Result<(), CatalogueError> {
    let quantity = parse_level(&quantity.to_string()).map_err(|e| invalid("stock_quantity", e))?;
    let now = Utc::now();
    let mut tx = db.begin().await?;
    let level = inventory::LevelRef {
        product_id,
        variation_id,
    };
    let before = inventory::set_level(
        &mut tx,
        seller.store_id,
        level,
        quantity,
        MovementReason::Manual,
        Some(seller.owner_id),
        now,
    )
    .await?
    .ok_or(CatalogueError::NotFound)?;
    if before != quantity {
        bazaar_queue::enqueue(
            &mut tx,
            &Job::IndexProducts {
                product_ids: vec![product_id],
            },
        )
        .await?;
    }
    tx.commit().await?;
    Ok(())
}

/// Sets the low-stock threshold of one of the store's products.
pub async fn set_threshold(
    db: &Db,
    seller: Seller,
    product_id: Uuid,
    threshold: i64,
) -> Result<(), CatalogueError> {
    let threshold = check_threshold(threshold).map_err(|e| invalid("low_stock_threshold", e))?;
    let mut tx = db.begin().await?;
    if !inventory::set_threshold(&mut tx, seller.store_id, product_id, threshold).await? {
        return Err(CatalogueError::NotFound);
    }
    tx.commit().await?;
    Ok(())
}

/// What an import did (or would do) with one row.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RowReport {
    pub row: usize,
    pub sku: String,
    pub outcome: RowOutcome,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RowOutcome {
    Updated { from: i64, to: i64 },
    Unchanged { level: i64 },
    Rejected { reason: String },
}

/// An import's report: every row, and whether the levels were written.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ImportReport {
    pub rows: Vec<RowReport>,
    pub applied: bool,
}

/// Reads a stock CSV (`sku,quantity`); the error says why the file is not one.
pub fn read_csv(text: &str) -> Result<Vec<StockRow>, bazaar_import::ImportError> {
    bazaar_import::stock_csv::parse(text)
}

/// Imports stock levels. SKUs are looked up in the caller's store only, so another
/// store's SKU is as unknown as a made-up one.
pub async fn import_levels(
    db: &Db,
    seller: Seller,
    rows: Vec<StockRow>,
    dry_run: bool,
) -> Result<ImportReport, CatalogueError> {
    let now = Utc::now();
    let mut tx = db.begin().await?;
    let mut seen = HashSet::new();
    let mut touched = Vec::new();
    let mut reports = Vec::with_capacity(rows.len());
    for r in rows {
        let outcome = match r.level {
            Err(reason) => RowOutcome::Rejected { reason },
            Ok(_) if !seen.insert(r.sku.clone()) => RowOutcome::Rejected {
                reason: format!("SKU {} appears twice in the file", r.sku),
            },
            Ok(to) => match inventory::by_sku(&mut tx, seller.store_id, &r.sku).await? {
                None => RowOutcome::Rejected {
                    reason: format!("no product or variation of your store has SKU {}", r.sku),
                },
                Some((_, _, from)) if from == to => RowOutcome::Unchanged { level: to },
                Some((product, variation, from)) => {
                    let level = inventory::LevelRef {
                        product_id: product,
                        variation_id: variation,
                    };
                    inventory::set_level(
                        &mut tx,
                        seller.store_id,
                        level,
                        to,
                        MovementReason::Import,
                        Some(seller.owner_id),
                        now,
                    )
                    .await?;
                    touched.push(product);
                    RowOutcome::Updated { from, to }
                }
            },
        };
        reports.push(RowReport {
            row: r.row,
            sku: r.sku,
            outcome,
        });
    }
    let refused = reports
        .iter()
        .any(|r| matches!(r.outcome, RowOutcome::Rejected { .. }));
    if dry_run || refused {
        tx.rollback().await?;
        return Ok(ImportReport {
            rows: reports,
            applied: false,
        });
    }
    touched.sort();
    touched.dedup();
    if !touched.is_empty() {
        bazaar_queue::enqueue(
            &mut tx,
            &Job::IndexProducts {
                product_ids: touched,
            },
        )
        .await?;
    }
    tx.commit().await?;
    Ok(ImportReport {
        rows: reports,
        applied: true,
    })
}
