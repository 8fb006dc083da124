//! Product importers. bazaar's own JSON and CSV formats are described in
//! `docs/contracts.md` ("Seed and import format"); the seed loads the same JSON.
//!
//! Every row is validated on its own and written in its own transaction, so one bad row
//! never aborts the others and never leaves a half-written product. Products upsert on
//! slug and variations on SKU: re-running an import reports every row `unchanged`.

mod csv_format;
pub(crate) use bazaar_domain::fields;
pub mod seed;
pub mod stock_csv;
mod validate;

use std::path::Path;

use bazaar_db::products::{ProductInput, UpsertError, Upserted};
use bazaar_db::{Db, DbError, categories, vendors};
use chrono::Utc;
use serde::Serialize;
use serde_json::{Map, Value};

pub use bazaar_domain::fields::FieldError;
pub use validate::{ValidProduct, validate};

/// The formats `bazaar import` reads.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Format {
    Json,
    Csv,
}

impl Format {
    /// The format named by a file's extension.
    pub fn from_path(path: &Path) -> Option<Format> {
        match path.extension()?.to_str()?.to_ascii_lowercase().as_str() {
            "json" => Some(Format::Json),
            "csv" => Some(Format::Csv),
            _ => None,
        }
    }
}

/// A whole file that cannot be read as the format at all.
#[derive(Debug, thiserror::Error)]
pub enum ImportError {
    #[error("cannot read {path}: {source}")]
    Read {
        path: String,
        source: std::io::Error,
    },
    #[error("{0}")]
    Malformed(String),
}

/// One product's worth of input, where it came from in the file, as field → value.
#[derive(Debug, Clone)]
pub struct SourceRow {
    /// Record number (JSON) or first line number (CSV) for messages.
    pub row: usize,
    pub fields: Map<String, Value>,
    /// Problems found while reading the row itself (CSV structure).
    pub errors: Vec<FieldError>,
}

/// Reads a file into source rows without validating their content.
pub fn read_file(path: &Path, format: Format) -> Result<Vec<SourceRow>, ImportError> {
    let text = std::fs::read_to_string(path).map_err(|source| ImportError::Read {
        path: path.display().to_string(),
        source,
    })?;
    match format {
        Format::Json => read_json(&text),
        Format::Csv => csv_format::read(&text),
    }
}

/// Reads bazaar's JSON format: an array of product objects (or `{"products": [...]}`).
pub fn read_json(text: &str) -> Result<Vec<SourceRow>, ImportError> {
    let value: Value = serde_json::from_str(text)
        .map_err(|e| ImportError::Malformed(format!("not valid JSON: {e}")))?;
    let items = match value {
        Value::Array(items) => items,
        Value::Object(mut obj) => match obj.remove("products") {
            Some(Value::Array(items)) => items,
            _ => {
                return Err(ImportError::Malformed(
                    "expected an array of products or {\"products\": [...]}".into(),
                ));
            }
        },
        _ => {
            return Err(ImportError::Malformed(
                "expected an array of products".into(),
            ));
        }
    };
    Ok(items
        .into_iter()
        .enumerate()
        .map(|(i, item)| match item {
            Value::Object(fields) => SourceRow {
                row: i + 1,
                fields,
                errors: Vec::new(),
            },
            _ => SourceRow {
                row: i + 1,
                fields: Map::new(),
                errors: vec![FieldError::new("", "must be a JSON object")],
            },
        })
        .collect())
}

/// What happened to one row.
#[derive(Debug, Clone, Serialize)]
pub struct RowReport {
    pub row: usize,
    pub slug: Option<String>,
    pub outcome: Outcome,
    pub errors: Vec<FieldError>,
    /// Categories this row created.
    pub created_categories: Vec<String>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Outcome {
    Created,
    Updated,
    Unchanged,
    Rejected,
}

impl From<Upserted> for Outcome {
    fn from(u: Upserted) -> Self {
        match u {
            Upserted::Created => Outcome::Created,
            Upserted::Updated => Outcome::Updated,
            Upserted::Unchanged => Outcome::Unchanged,
        }
    }
}

/// Totals over an import.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct Summary {
    pub created: usize,
    pub updated: usize,
    pub unchanged: usize,
    pub rejected: usize,
}

impl Summary {
    pub fn of(reports: &[RowReport]) -> Summary {
        let mut s = Summary::default();
        for r in reports {
            match r.outcome {
                Outcome::Created => s.created += 1,
                Outcome::Updated => s.updated += 1,
                Outcome::Unchanged => s.unchanged += 1,
                Outcome::Rejected => s.rejected += 1,
            }
        }
        s
    }
}

/// Validates and writes every row, one transaction each. With `dry_run` each transaction
/// is rolled back, so the report says what would happen and nothing is written.
/// `progress` is called after each row.
pub async fn import_rows(
    db: &Db,
    rows: Vec<SourceRow>,
    dry_run: bool,
    mut progress: impl FnMut(&RowReport),
) -> Result<Vec<RowReport>, DbError> {
    let mut reports = Vec::with_capacity(rows.len());
    for source in rows {
        let report = import_row(db, source, dry_run).await?;
        progress(&report);
        reports.push(report);
    }
    Ok(reports)
}

async fn import_row(db: &Db, source: SourceRow, dry_run: bool) -> Result<RowReport, DbError> {
    let slug = source
        .fields
        .get("slug")
        .and_then(Value::as_str)
        .map(str::to_owned);
    let rejected = |errors: Vec<FieldError>| RowReport {
        row: source.row,
        slug: slug.clone(),
        outcome: Outcome::Rejected,
        errors,
        created_categories: Vec::new(),
    };
    if !source.errors.is_empty() {
        return Ok(rejected(source.errors.clone()));
    }
    let valid = match validate(&source.fields) {
        Ok(v) => v,
        Err(errors) => return Ok(rejected(errors)),
    };
    let now = Utc::now();
    let mut tx = db.begin().await?;
    let vendor_id = match &valid.vendor_slug {
        None => None,
        Some(vendor) => match vendors::id_by_slug(&mut tx, vendor).await? {
            Some(id) => Some(id),
            None => {
                tx.rollback().await?;
                return Ok(rejected(vec![FieldError::new(
                    "vendor",
                    format!("unknown vendor '{vendor}'"),
                )]));
            }
        },
    };
    let mut created_categories = Vec::new();
    if !valid.category.is_empty() && categories::ensure(&mut tx, &valid.category, now).await? {
        created_categories.push(valid.category.clone());
    }
    let input = ProductInput {
        vendor_id,
        ..valid.product
    };
    match bazaar_db::products::upsert(&mut tx, &input, now).await {
        Ok(outcome) => {
            // The search index follows in a job committed with the change.
            if outcome != bazaar_db::products::Upserted::Unchanged
                && let Some(id) = bazaar_db::products::id_by_slug(&mut tx, &input.slug).await?
            {
                bazaar_queue::enqueue(
                    &mut tx,
                    &bazaar_queue::Job::IndexProducts {
                        product_ids: vec![id],
                    },
                )
                .await?;
            }
            if dry_run {
                tx.rollback().await?
            } else {
                tx.commit().await?
            }
            Ok(RowReport {
                row: source.row,
                slug,
                outcome: outcome.into(),
                errors: Vec::new(),
                created_categories,
            })
        }
        Err(UpsertError::SkuTaken { sku, owner }) => {
            tx.rollback().await?;
            Ok(rejected(vec![FieldError::new(
                "variations.sku",
                format!("SKU {sku} already belongs to product '{owner}'"),
            )]))
        }
        Err(UpsertError::Db(DbError::Conflict(msg))) => {
            tx.rollback().await?;
            Ok(rejected(vec![FieldError::new(
                "",
                format!("conflicts with an existing record: {msg}"),
            )]))
        }
        Err(UpsertError::Db(e)) => Err(e),
    }
}
