//! Batches of single-use points codes: an admin makes N random codes giving the same points
//! until the same day, hands them out (the CSV export), watches them being redeemed and may
//! disable the batch, after which its unredeemed codes are refused. Each action is audited.

use bazaar_db::Db;
use bazaar_db::points_batches::{self, Batch, BatchCode, NewBatch};
use bazaar_domain::points::{BatchDraft, CODE_LEN, code_from};
use chrono::{Duration, Utc};
use ring::rand::{SecureRandom, SystemRandom};
use serde_json::json;
use uuid::Uuid;

use crate::admin::record;
use crate::books::cell;
use crate::selling::{Actor, SellingError, conflict};

/// Batches listed per page.
pub const PAGE: i64 = 20;
/// Redemptions listed per page.
pub const REDEMPTIONS_PAGE: i64 = 50;

/// Makes a batch and all its codes in one transaction (all or nothing), audited.
pub async fn create(db: &Db, admin: &Actor<'_>, draft: &BatchDraft) -> Result<Batch, SellingError> {
    let now = Utc::now();
    // The day in South Africa (UTC+2, no daylight saving).
    let today = (now + Duration::hours(2)).date_naive();
    let spec = draft.parse(today).map_err(SellingError::Invalid)?;
    let batch = NewBatch {
        id: Uuid::now_v7(),
        name: &spec.name,
        points: spec.points,
        size: spec.count,
        expires_at: spec.expires_at,
        created_at: now,
        created_by: admin.id,
    };
    let mut tx = db.begin().await?;
    points_batches::insert(&mut tx, &batch).await?;
    let random = SystemRandom::new();
    let mut made: i64 = 0;
    // A code that exists already is skipped and made again; with 32^10 codes a second round
    // is already rare.
    for _ in 0..5 {
        if made == spec.count {
            break;
        }
        let codes: Vec<String> = (made..spec.count)
            .map(|_| {
                let mut bytes = [0u8; CODE_LEN];
                random
                    .fill(&mut bytes)
                    .expect("the system's random source works");
                code_from(bytes)
            })
            .collect();
        made += i64::try_from(points_batches::insert_codes(&mut tx, &batch, &codes).await?)
            .expect("at most a batch of codes");
    }
    if made != spec.count {
        return Err(conflict(
            "codes_exhausted",
            "Not enough new codes could be made; try again",
        ));
    }
    record(
        &mut tx,
        admin,
        "points_batch.create",
        "points_batch",
        batch.id.to_string(),
        json!({
            "name": spec.name,
            "points": spec.points,
            "count": spec.count,
            "expires_at": spec.expires_at,
        }),
        now,
    )
    .await?;
    tx.commit().await?;
    points_batches::get(db, batch.id)
        .await?
        .ok_or(SellingError::NotFound)
}

/// Disables a batch: its codes not yet redeemed are refused from now on. Disabling a
/// disabled batch changes nothing.
pub async fn disable(db: &Db, admin: &Actor<'_>, id: Uuid) -> Result<Batch, SellingError> {
    let now = Utc::now();
    let mut tx = db.begin().await?;
    let batch = points_batches::get_in(&mut tx, id)
        .await?
        .ok_or(SellingError::NotFound)?;
    if points_batches::disable(&mut tx, id, now).await? {
        record(
            &mut tx,
            admin,
            "points_batch.disable",
            "points_batch",
            id.to_string(),
            json!({ "name": batch.name, "redeemed": batch.redeemed, "size": batch.size }),
            now,
        )
        .await?;
    }
    tx.commit().await?;
    points_batches::get(db, id)
        .await?
        .ok_or(SellingError::NotFound)
}

/// What became of a code, for the export.
fn status(batch: &Batch, code: &BatchCode, now: chrono::DateTime<Utc>) -> &'static str {
    if code.redeemed_at.is_some() {
        "redeemed"
    } else if batch.disabled_at.is_some() {
        "disabled"
    } else if batch.expires_at <= now {
        "expired"
    } else {
        "available"
    }
}

/// The batch's codes as CSV: code, points, last day, status, when and by whom redeemed.
pub async fn export(db: &Db, id: Uuid) -> Result<(Batch, String), SellingError> {
    let batch = points_batches::get(db, id)
        .await?
        .ok_or(SellingError::NotFound)?;
    let codes = points_batches::codes(db, id).await?;
    let now = Utc::now();
    let mut w = csv::Writer::from_writer(Vec::new());
    w.write_record([
        "Code",
        "Points",
        "Expires",
        "Status",
        "Redeemed at",
        "Redeemed by",
    ])
    .expect("writing to memory");
    let expires = batch.expires_at.to_rfc3339();
    for code in &codes {
        w.write_record([
            code.code.as_str(),
            &batch.points.to_string(),
            &expires,
            status(&batch, code, now),
            &code.redeemed_at.map(|t| t.to_rfc3339()).unwrap_or_default(),
            &cell(code.redeemed_by.as_deref().unwrap_or("")),
        ])
        .expect("writing to memory");
    }
    let csv =
        String::from_utf8(w.into_inner().expect("writing to memory")).expect("CSV of strings");
    Ok((batch, csv))
}
