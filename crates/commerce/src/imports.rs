//! Product files uploaded from `/admin/import` and `/vendor/products/import`. An upload is
//! kept in private media storage and checked by a job (a dry run, nothing written); once
//! confirmed, a job imports it. Either job writes how far it got after every batch, so the
//! page shows progress, and ends with a report: a summary, the rows a page shows (rejected
//! first) and the whole report as CSV. A store's own upload follows its catalogue rules
//! ([`crate::catalogue::import_rules`]); an admin's may give every product to one store.

use bazaar_db::imports::{self, Finished, ImportRecord, NewImport};
use bazaar_db::{Db, DbError};
use bazaar_domain::import::{ImportStatus, Phase};
use bazaar_import::{Format, Outcome, RowReport, Scope, Summary};
use bazaar_queue::Job;
use chrono::Utc;
use serde_json::{Value, json};
use uuid::Uuid;

use crate::catalogue::Seller;
use crate::selling::{Actor, SellingError, conflict};

/// How many report rows the page is given; the CSV report has them all.
pub const SHOWN_ROWS: usize = 200;

/// The largest file an upload may be.
pub const MAX_FILE_BYTES: u64 = 150 * 1024 * 1024;

pub const NOT_CHECKED: &str = "This file is not waiting to be imported";
const STORE_GONE: &str = "The store or its owner is no longer there";

/// Who uploads: an admin (optionally for one store), or a store's vendor for their store.
#[derive(Debug, Clone, Copy)]
pub enum Uploader<'a> {
    Admin {
        actor: &'a Actor<'a>,
        store: Option<Uuid>,
    },
    Vendor(Seller),
}

impl Uploader<'_> {
    fn store(&self) -> Option<Uuid> {
        match *self {
            Uploader::Admin { store, .. } => store,
            Uploader::Vendor(s) => Some(s.store_id),
        }
    }

    /// The store whose uploads alone this caller sees; none for admins.
    fn scope(&self) -> Option<Uuid> {
        match *self {
            Uploader::Admin { .. } => None,
            Uploader::Vendor(s) => Some(s.store_id),
        }
    }

    fn admin(&self) -> Option<&Actor<'_>> {
        match self {
            Uploader::Admin { actor, .. } => Some(actor),
            Uploader::Vendor(_) => None,
        }
    }
}

/// The name a format is stored and asked for by.
pub fn format_key(format: Format) -> &'static str {
    match format {
        Format::Json => "json",
        Format::Csv => "csv",
        Format::WooCommerce => "woocommerce",
        Format::Shopify => "shopify",
    }
}

/// The format named `key` (`woocommerce`, `shopify`, `csv`, `json`).
pub fn parse_format(key: &str) -> Option<Format> {
    match key {
        "json" => Some(Format::Json),
        "csv" => Some(Format::Csv),
        "woocommerce" => Some(Format::WooCommerce),
        "shopify" => Some(Format::Shopify),
        _ => None,
    }
}

/// Records an upload already in storage under `file_key` and queues its check, in one
/// transaction (audited for admins as `import.upload`).
pub async fn start(
    db: &Db,
    by: Uploader<'_>,
    file_name: &str,
    file_key: &str,
    format: Option<Format>,
) -> Result<Uuid, SellingError> {
    let id = Uuid::now_v7();
    let now = Utc::now();
    let created_by = match by {
        Uploader::Admin { actor, .. } => actor.id,
        Uploader::Vendor(s) => s.owner_id,
    };
    let mut tx = db.begin().await?;
    imports::insert(
        &mut tx,
        &NewImport {
            id,
            vendor_id: by.store(),
            by_vendor: matches!(by, Uploader::Vendor(_)),
            file_name,
            file_key,
            format: format.map(format_key),
            created_by,
            created_at: now,
        },
    )
    .await?;
    bazaar_queue::enqueue(&mut tx, &Job::RunImport { import_id: id }).await?;
    if let Some(admin) = by.admin() {
        let details =
            json!({ "file": file_name, "format": format.map(format_key), "store": by.store() });
        crate::admin::record(
            &mut tx,
            admin,
            "import.upload",
            "import",
            id.to_string(),
            details,
            now,
        )
        .await?;
    }
    tx.commit().await?;
    Ok(id)
}

/// The upload `id` as this caller may see it (a store sees only its own).
pub async fn get(db: &Db, by: Uploader<'_>, id: Uuid) -> Result<ImportRecord, SellingError> {
    imports::get(db, id, by.scope())
        .await?
        .ok_or(SellingError::NotFound)
}

/// The newest uploads this caller may see.
pub async fn recent(db: &Db, by: Uploader<'_>) -> Result<Vec<ImportRecord>, SellingError> {
    Ok(imports::list(db, by.scope(), 20).await?)
}

/// Imports a checked file: queues the job that writes it (audited as `import.confirm`).
pub async fn confirm(db: &Db, by: Uploader<'_>, id: Uuid) -> Result<(), SellingError> {
    let record = get(db, by, id).await?;
    let now = Utc::now();
    let mut tx = db.begin().await?;
    if !record.status.may_confirm()
        || !imports::transition(
            &mut tx,
            id,
            ImportStatus::Checked,
            ImportStatus::Importing,
            now,
        )
        .await?
    {
        return Err(conflict("not_checked", NOT_CHECKED));
    }
    bazaar_queue::enqueue(&mut tx, &Job::RunImport { import_id: id }).await?;
    if let Some(admin) = by.admin() {
        let details =
            json!({ "file": record.file_name, "check": record.check_summary.map(|s| s.0) });
        crate::admin::record(
            &mut tx,
            admin,
            "import.confirm",
            "import",
            id.to_string(),
            details,
            now,
        )
        .await?;
    }
    tx.commit().await?;
    Ok(())
}

/// Puts a checked (or failed) file away without importing it; answers the stored file's
/// key, which the caller deletes once this is committed.
pub async fn discard(db: &Db, by: Uploader<'_>, id: Uuid) -> Result<String, SellingError> {
    let record = get(db, by, id).await?;
    let now = Utc::now();
    let mut tx = db.begin().await?;
    if !record.status.may_discard()
        || !imports::transition(&mut tx, id, record.status, ImportStatus::Discarded, now).await?
    {
        return Err(conflict("not_checked", NOT_CHECKED));
    }
    if let Some(admin) = by.admin() {
        crate::admin::record(
            &mut tx,
            admin,
            "import.discard",
            "import",
            id.to_string(),
            json!({ "file": record.file_name }),
            now,
        )
        .await?;
    }
    tx.commit().await?;
    Ok(record.file_key)
}

/// What a job's run of one phase came to.
#[derive(Debug)]
pub enum Ran {
    /// The file could not be read as a product file: the upload ends failed with this.
    Failed(String),
    Finished {
        phase: Phase,
        summary: Summary,
        /// The rows a page shows: rejected first, then in the file's order.
        shown: Vec<RowReport>,
        rows_total: usize,
        /// The whole report as CSV (`row,product,outcome,field,reason`).
        report_csv: Vec<u8>,
    },
}

/// How often (in products) a running phase writes how far it got.
const PROGRESS_EVERY: usize = bazaar_import::BATCH;

/// Runs the phase the upload is in over `bytes` (the stored file); `None` when there is
/// nothing to do (done, discarded, or another run finished it).
pub async fn run(db: &Db, record: &ImportRecord, bytes: Vec<u8>) -> Result<Option<Ran>, DbError> {
    let Some(phase) = record.status.phase() else {
        return Ok(None);
    };
    let text = match bazaar_import::text_of(&record.file_name, bytes) {
        Ok(t) => t,
        Err(e) => return Ok(Some(Ran::Failed(e.to_string()))),
    };
    let format = match record.format.as_deref().and_then(parse_format) {
        Some(f) => f,
        None => match Format::detect(&text) {
            Ok(f) => f,
            Err(e) => return Ok(Some(Ran::Failed(e.to_string()))),
        },
    };
    let rows = match bazaar_import::parse(text, format) {
        Ok(rows) => rows,
        Err(e) => {
            return Ok(Some(Ran::Failed(format!(
                "cannot import {} as {}: {e}",
                record.file_name,
                format.name()
            ))));
        }
    };
    imports::set_read(db, record.id, format_key(format), rows.len() as i64).await?;
    let rows = match &record.store_slug {
        Some(slug) => bazaar_import::for_vendor(rows, slug),
        None => rows,
    };
    let scope = match (record.by_vendor, record.vendor_id, record.created_by_id) {
        (true, Some(store_id), Some(owner_id)) => {
            let seller = Seller { store_id, owner_id };
            match crate::catalogue::import_rules(db, seller).await {
                Ok(rules) => Scope::Store(rules),
                Err(SellingError::Db(e)) => return Err(e),
                Err(_) => return Ok(Some(Ran::Failed(STORE_GONE.into()))),
            }
        }
        (true, _, _) => return Ok(Some(Ran::Failed(STORE_GONE.into()))),
        _ => Scope::Platform,
    };
    let mut importer = bazaar_import::Importer::new(rows, phase == Phase::Check, scope);
    let mut written = 0;
    while importer.batch(db, |_| {}).await? {
        if importer.done() - written >= PROGRESS_EVERY {
            written = importer.done();
            imports::set_progress(db, record.id, written as i64).await?;
        }
    }
    let reports = importer.into_reports();
    let summary = Summary::of(&reports);
    let report_csv = report_csv(&reports);
    let rows_total = reports.len();
    let mut shown: Vec<RowReport> = reports
        .iter()
        .filter(|r| r.outcome == Outcome::Rejected)
        .chain(reports.iter().filter(|r| r.outcome != Outcome::Rejected))
        .take(SHOWN_ROWS)
        .cloned()
        .collect();
    shown.shrink_to_fit();
    Ok(Some(Ran::Finished {
        phase,
        summary,
        shown,
        rows_total,
        report_csv,
    }))
}

/// Records how a phase ended; `report_key` is where its CSV report was stored.
pub async fn finish(db: &Db, id: Uuid, ran: &Ran, report_key: &str) -> Result<(), DbError> {
    let now = Utc::now();
    match ran {
        Ran::Failed(why) => imports::fail(db, id, why, now).await,
        Ran::Finished {
            phase,
            summary,
            shown,
            rows_total,
            ..
        } => {
            let finished = Finished {
                summary: serde_json::to_value(summary).unwrap_or(Value::Null),
                rows: serde_json::to_value(shown).unwrap_or(Value::Null),
                rows_total: *rows_total as i64,
                report_key,
            };
            imports::finish(db, id, *phase, &finished, now)
                .await
                .map(drop)
        }
    }
}

/// The report as CSV: one line per problem, one line for a row without any.
pub fn report_csv(reports: &[RowReport]) -> Vec<u8> {
    let mut w = csv::Writer::from_writer(Vec::new());
    let _ = w.write_record(["row", "product", "outcome", "field", "reason"]);
    for r in reports {
        let row = r.row.to_string();
        let slug = r.slug.as_deref().unwrap_or("");
        let outcome = match r.outcome {
            Outcome::Created => "created",
            Outcome::Updated => "updated",
            Outcome::Unchanged => "unchanged",
            Outcome::Rejected => "rejected",
        };
        if r.errors.is_empty() {
            let _ = w.write_record([row.as_str(), slug, outcome, "", ""]);
        }
        for e in &r.errors {
            let _ = w.write_record([row.as_str(), slug, outcome, &e.field, &e.reason]);
        }
    }
    w.into_inner().unwrap_or_default()
}
