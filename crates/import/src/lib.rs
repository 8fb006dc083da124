//! Product importers. bazaar's own JSON and CSV formats are described in
//! `docs/contracts.md` ("Seed and import format"); the seed loads the same JSON.
//!
//! Every row is validated on its own and written in its own transaction, so one bad row
//! never aborts the others and never leaves a half-written product. Products upsert on
//! slug and variations on SKU: re-running an import reports every row `unchanged`.

mod csv_format;
pub mod export;
pub(crate) use bazaar_domain::fields;
mod html_text;
mod platforms;
mod platforms_out;
pub mod seed;
pub mod shopify;
pub mod stock_csv;
mod validate;
pub mod woocommerce;

pub use html_text::html_to_text;

use std::path::Path;

use bazaar_db::products::pictures;
use bazaar_db::products::{ProductInput, UpsertError, Upserted};
use bazaar_db::{Db, DbError, Tx, categories, on_tx, vendors};
use bazaar_domain::catalogue::ProductStatus;
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
    /// WooCommerce's product CSV export.
    WooCommerce,
    /// Shopify's product CSV export.
    Shopify,
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

    pub fn name(self) -> &'static str {
        match self {
            Format::Json => "bazaar JSON",
            Format::Csv => "bazaar CSV",
            Format::WooCommerce => "WooCommerce CSV",
            Format::Shopify => "Shopify CSV",
        }
    }

    /// The format of `text`: JSON by its first character, a CSV by its header row (bazaar's,
    /// WooCommerce's or Shopify's). A CSV that is none of them fails with what was expected.
    pub fn detect(text: &str) -> Result<Format, ImportError> {
        let start = text.trim_start_matches('\u{feff}').trim_start();
        if start.starts_with('[') || start.starts_with('{') {
            return Ok(Format::Json);
        }
        let headers: Vec<String> = csv::ReaderBuilder::new()
            .from_reader(start.as_bytes())
            .headers()
            .map(|h| h.iter().map(|c| c.trim().to_owned()).collect())
            .unwrap_or_default();
        if woocommerce::is_woocommerce(&headers) {
            Ok(Format::WooCommerce)
        } else if shopify::is_shopify(&headers) {
            Ok(Format::Shopify)
        } else if headers.iter().any(|h| h.eq_ignore_ascii_case("slug")) {
            Ok(Format::Csv)
        } else {
            Err(ImportError::Malformed(NOT_A_PRODUCT_FILE.into()))
        }
    }
}

/// What a file that is not a product file is told.
pub const NOT_A_PRODUCT_FILE: &str = "not a product file: expected bazaar's JSON or CSV \
    (columns slug, name, price, …), WooCommerce's product CSV export (columns Type, SKU, Name, \
    Regular price, In stock?, …) or Shopify's (columns Handle, Title, Variant Price, …)";

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

/// Reads a file into source rows without validating their content. A JSON file is kept as
/// its text and parsed one product at a time as the import reaches it (see [`SourceRows`]).
pub fn read_file(path: &Path, format: Format) -> Result<SourceRows, ImportError> {
    parse(read_text(path)?, format)
}

/// The file's text. A file that is not UTF-8 (a spreadsheet's "CSV" in Windows-1252, say)
/// fails with the line of the first byte that is not, rather than with mangled names.
pub fn read_text(path: &Path) -> Result<String, ImportError> {
    let bytes = std::fs::read(path).map_err(|source| ImportError::Read {
        path: path.display().to_string(),
        source,
    })?;
    text_of(&path.display().to_string(), bytes)
}

/// The text of the file `name` whose content is `bytes` (see [`read_text`]).
pub fn text_of(name: &str, bytes: Vec<u8>) -> Result<String, ImportError> {
    String::from_utf8(bytes).map_err(|e| {
        let at = e.utf8_error().valid_up_to();
        let bytes = e.as_bytes();
        let line = bytes[..at].iter().filter(|b| **b == b'\n').count() + 1;
        ImportError::Malformed(format!(
            "{name} is not UTF-8 text: line {line} has the byte 0x{:02X}, as a file saved in \
             Windows-1252 (Excel's \"CSV\") has for letters such as é; save it as \"CSV UTF-8\" \
             and import it again",
            bytes[at]
        ))
    })
}

/// Reads `text` as `format` into source rows.
pub fn parse(text: String, format: Format) -> Result<SourceRows, ImportError> {
    match format {
        Format::Json => read_json_lazily(text),
        Format::Csv => csv_format::read(&text).map(SourceRows::Parsed),
        Format::WooCommerce => woocommerce::read(&text),
        Format::Shopify => shopify::read(&text),
    }
}

/// Gives every row to the store `vendor` (a store slug), whatever the file says.
pub fn for_vendor(rows: SourceRows, vendor: &str) -> SourceRows {
    let vendor = vendor.to_owned();
    SourceRows::Lazy {
        len: rows.len(),
        rows: Box::new(rows.into_iter().map(move |mut row| {
            row.fields.remove(shopify::STORE_HINT);
            if !row.fields.is_empty() {
                row.fields
                    .insert("vendor".into(), Value::String(vendor.clone()));
            }
            row
        })),
    }
}

/// Rows to import. A JSON file of 100,000 products is held as its text and where each
/// product starts and ends, about an eighth of the memory of 100,000 parsed objects; each is
/// parsed when the import reaches it.
pub enum SourceRows {
    Parsed(Vec<SourceRow>),
    Json {
        text: String,
        spans: Vec<std::ops::Range<usize>>,
    },
    /// Rows made as the import reaches them (another platform's records, read whole and
    /// compact, become products one at a time).
    Lazy {
        len: usize,
        rows: Box<dyn Iterator<Item = SourceRow> + Send>,
    },
}

impl SourceRows {
    pub fn len(&self) -> usize {
        match self {
            SourceRows::Parsed(rows) => rows.len(),
            SourceRows::Json { spans, .. } => spans.len(),
            SourceRows::Lazy { len, .. } => *len,
        }
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

impl IntoIterator for SourceRows {
    type Item = SourceRow;
    type IntoIter = Box<dyn Iterator<Item = SourceRow> + Send>;

    fn into_iter(self) -> Self::IntoIter {
        match self {
            SourceRows::Parsed(rows) => Box::new(rows.into_iter()),
            SourceRows::Lazy { rows, .. } => rows,
            SourceRows::Json { text, spans } => {
                Box::new(spans.into_iter().enumerate().map(move |(i, span)| {
                    // The whole text was checked when it was read.
                    let item = serde_json::from_str(&text[span]).unwrap_or(Value::Null);
                    source_row(i, item)
                }))
            }
        }
    }
}

/// [`read_json`], keeping the text and parsing each product later.
pub fn read_json_lazily(text: String) -> Result<SourceRows, ImportError> {
    #[derive(serde::Deserialize)]
    struct Wrapped<'a> {
        #[serde(borrow)]
        products: Vec<&'a serde_json::value::RawValue>,
    }
    serde_json::from_str::<&serde_json::value::RawValue>(&text)
        .map_err(|e| ImportError::Malformed(format!("not valid JSON: {e}")))?;
    let items = match serde_json::from_str::<Vec<&serde_json::value::RawValue>>(&text) {
        Ok(items) => items,
        Err(_) if text.trim_start().starts_with('{') => {
            serde_json::from_str::<Wrapped>(&text)
                .map_err(|_| {
                    ImportError::Malformed(
                        "expected an array of products or {\"products\": [...]}".into(),
                    )
                })?
                .products
        }
        Err(_) => {
            return Err(ImportError::Malformed(
                "expected an array of products".into(),
            ));
        }
    };
    let base = text.as_ptr() as usize;
    let spans = items
        .iter()
        .map(|raw| {
            let start = raw.get().as_ptr() as usize - base;
            start..start + raw.get().len()
        })
        .collect();
    Ok(SourceRows::Json { text, spans })
}

fn source_row(i: usize, item: Value) -> SourceRow {
    match item {
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
        .map(|(i, item)| source_row(i, item))
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

/// How many products share one transaction. Each is still all or nothing (a savepoint of
/// its own) and reported on its own; a batch only saves the commits and their turns.
pub const BATCH: usize = 500;

/// Whose products an import writes.
#[derive(Debug, Clone, Default)]
pub enum Scope {
    /// The platform's: the CLI and admins. Every field of the file is taken as it is.
    #[default]
    Platform,
    /// A store's own upload: its rules apply (see [`StoreRules`]).
    Store(StoreRules),
}

/// What a store's own import may do, as the catalogue's rules say for the store now.
#[derive(Debug, Clone)]
pub struct StoreRules {
    pub store_id: uuid::Uuid,
    /// Why the store may not publish (suspended, behind on the agreement): an active row is
    /// rejected with it.
    pub refuse_publish: Option<String>,
    /// Whether a product that was never on sale is held for review when it would be.
    pub hold_new: bool,
}

/// Validates and writes rows [`BATCH`] at a time (see [`import_rows`]); the caller drives
/// it a batch at a time, so it can say how far it got between batches.
pub struct Importer<I: Iterator<Item = SourceRow>> {
    rows: std::iter::Peekable<I>,
    dry_run: bool,
    scope: Scope,
    reports: Vec<RowReport>,
    known: Known,
}

/// What an import has looked up already: stores by slug, and categories known to exist
/// (forgotten again when the row or batch that made them is rolled back).
#[derive(Default)]
struct Known {
    stores: std::collections::HashMap<String, Option<uuid::Uuid>>,
    categories: std::collections::HashSet<String>,
}

impl Known {
    async fn store(&mut self, tx: &mut Tx, slug: &str) -> Result<Option<uuid::Uuid>, DbError> {
        if let Some(id) = self.stores.get(slug) {
            return Ok(*id);
        }
        let id = vendors::id_by_slug(tx, slug).await?;
        self.stores.insert(slug.to_owned(), id);
        Ok(id)
    }

    /// Makes sure the category exists; answers whether this made it.
    async fn category(&mut self, tx: &mut Tx, slug: &str) -> Result<bool, DbError> {
        if self.categories.contains(slug) {
            return Ok(false);
        }
        let created = categories::ensure(tx, slug, Utc::now()).await?;
        self.categories.insert(slug.to_owned());
        Ok(created)
    }

    fn forget(&mut self, report: &RowReport) {
        for c in &report.created_categories {
            self.categories.remove(c);
        }
    }
}

impl<I: Iterator<Item = SourceRow>> Importer<I> {
    pub fn new(rows: impl IntoIterator<IntoIter = I>, dry_run: bool, scope: Scope) -> Self {
        let rows = rows.into_iter().peekable();
        Importer {
            reports: Vec::with_capacity(rows.size_hint().0),
            rows,
            dry_run,
            scope,
            known: Known::default(),
        }
    }

    /// Rows handled so far.
    pub fn done(&self) -> usize {
        self.reports.len()
    }

    /// Every row's report, in the file's order.
    pub fn into_reports(self) -> Vec<RowReport> {
        self.reports
    }

    /// Writes the next batch in one transaction; each product is all or nothing: a
    /// rejected product leaves nothing behind and the others in its batch are kept. With
    /// `dry_run` the transaction is rolled back, so the report says what would happen and
    /// nothing is written. `progress` is called after each row. Answers false when there
    /// was nothing left.
    ///
    /// Every rule that rejects a row is checked before the row writes anything, so a batch
    /// is first written without savepoints (two statements fewer per product). Only the
    /// database itself refusing a write half-way (a conflict with a concurrent writer)
    /// rejects a row that has written: then the batch is rolled back and written again with
    /// each product in a savepoint of its own.
    pub async fn batch(
        &mut self,
        db: &Db,
        mut progress: impl FnMut(&RowReport),
    ) -> Result<bool, DbError> {
        let sources: Vec<SourceRow> = self.rows.by_ref().take(BATCH).collect();
        if sources.is_empty() {
            return Ok(false);
        }
        let reports = match self.write_batch(db, &sources, false).await? {
            Some(reports) => reports,
            None => self
                .write_batch(db, &sources, true)
                .await?
                .unwrap_or_default(),
        };
        for report in reports {
            progress(&report);
            self.reports.push(report);
        }
        Ok(true)
    }

    /// One attempt at a batch; `None` when a row was rejected after it had written and
    /// `careful` (a savepoint per product) was off.
    async fn write_batch(
        &mut self,
        db: &Db,
        sources: &[SourceRow],
        careful: bool,
    ) -> Result<Option<Vec<RowReport>>, DbError> {
        let mut tx = db.begin().await?;
        let mut changed = Vec::new();
        let mut to_fetch = Vec::new();
        let mut reports = Vec::with_capacity(sources.len());
        for source in sources {
            if careful {
                savepoint(&mut tx, "SAVEPOINT product").await?;
            }
            let row = import_row(&mut tx, source.clone(), &self.scope, &mut self.known).await?;
            if row.report.outcome == Outcome::Rejected {
                self.known.forget(&row.report);
                if row.wrote {
                    if !careful {
                        tx.rollback().await?;
                        for report in &reports {
                            self.known.forget(report);
                        }
                        return Ok(None);
                    }
                    savepoint(&mut tx, "ROLLBACK TO SAVEPOINT product").await?;
                }
            }
            if careful {
                savepoint(&mut tx, "RELEASE SAVEPOINT product").await?;
            }
            if row.remote {
                to_fetch.extend(row.id);
            }
            changed.extend(row.id);
            reports.push(row.report);
        }
        // Pictures named by other sites' addresses are fetched by jobs, committed with the
        // batch (never inline: a slow site must not hold the import).
        for product_id in to_fetch {
            bazaar_queue::enqueue(
                &mut tx,
                &bazaar_queue::Job::FetchProductPictures { product_id },
            )
            .await?;
        }
        if !changed.is_empty() {
            // The search index follows in a job committed with the batch.
            let job = bazaar_queue::Job::IndexProducts {
                product_ids: changed,
            };
            bazaar_queue::enqueue(&mut tx, &job).await?;
        }
        if self.dry_run {
            tx.rollback().await?;
            for report in &reports {
                self.known.forget(report);
            }
        } else {
            tx.commit().await?
        }
        Ok(Some(reports))
    }
}

/// Validates and writes every row of the platform's file, [`BATCH`] products to a
/// transaction (see [`Importer::batch`]). `progress` is called after each row.
pub async fn import_rows(
    db: &Db,
    rows: impl IntoIterator<Item = SourceRow>,
    dry_run: bool,
    mut progress: impl FnMut(&RowReport),
) -> Result<Vec<RowReport>, DbError> {
    let mut importer = Importer::new(rows, dry_run, Scope::Platform);
    while importer.batch(db, &mut progress).await? {}
    Ok(importer.into_reports())
}

async fn savepoint(tx: &mut Tx, sql: &'static str) -> Result<(), DbError> {
    on_tx!(tx, conn => sqlx::query(sql).execute(conn).await.map(drop))?;
    Ok(())
}

/// What writing one row came to.
struct RowWritten {
    report: RowReport,
    /// The product, when the row changed it.
    id: Option<uuid::Uuid>,
    /// Whether the product has pictures still to fetch from other sites.
    remote: bool,
    /// Whether the row was rejected after it had written something (only the database
    /// refusing a write does that): its writes must be rolled back.
    wrote: bool,
}

/// Writes one row in `tx`. Every rule that rejects a row is checked before anything is
/// written, except the database's own refusal of a write.
async fn import_row(
    tx: &mut Tx,
    mut source: SourceRow,
    scope: &Scope,
    known: &mut Known,
) -> Result<RowWritten, DbError> {
    // A platform's name for the store (Shopify's `Vendor`) owns the product when a store of
    // that name exists and the file names no store itself.
    if let Some(Value::String(hint)) = source.fields.remove(shopify::STORE_HINT)
        && !source.fields.contains_key("vendor")
    {
        let slug = bazaar_domain::text::slugify(&hint);
        if known.store(tx, &slug).await?.is_some() {
            source.fields.insert("vendor".into(), Value::String(slug));
        }
    }
    let slug = source
        .fields
        .get("slug")
        .and_then(Value::as_str)
        .map(str::to_owned);
    let rejected = |errors: Vec<FieldError>| RowWritten {
        report: RowReport {
            row: source.row,
            slug: slug.clone(),
            outcome: Outcome::Rejected,
            errors,
            created_categories: Vec::new(),
        },
        id: None,
        remote: false,
        wrote: false,
    };
    if !source.errors.is_empty() {
        return Ok(rejected(source.errors.clone()));
    }
    let valid = match validate(&source.fields) {
        Ok(v) => v,
        Err(errors) => return Ok(rejected(errors)),
    };
    let now = Utc::now();
    let vendor_id = match &valid.vendor_slug {
        None => None,
        Some(vendor) => match known.store(tx, vendor).await? {
            Some(id) => Some(id),
            None => {
                return Ok(rejected(vec![FieldError::new(
                    "vendor",
                    format!("unknown vendor '{vendor}'"),
                )]));
            }
        },
    };
    let mut input = ProductInput {
        vendor_id,
        ..valid.product
    };
    if let Scope::Store(rules) = scope
        && let Err(error) = store_rules(tx, rules, &mut input).await?
    {
        return Ok(rejected(vec![error]));
    }
    // Pictures fetched by an earlier import are named by their copies, so the same file
    // imported again changes nothing.
    let remote: Vec<&str> = input
        .image_url
        .iter()
        .map(String::as_str)
        .chain(input.images.iter().map(|i| i.url.as_str()))
        .filter(|u| pictures::is_remote(u))
        .collect();
    if !remote.is_empty() {
        for (from, to) in pictures::fetched(tx, &remote).await? {
            if input.image_url.as_deref() == Some(from.as_str()) {
                input.image_url = Some(to.clone());
            }
            for image in &mut input.images {
                if image.url == from {
                    image.url.clone_from(&to);
                }
            }
        }
    }
    let still_remote = input.image_url.as_deref().is_some_and(pictures::is_remote)
        || input.images.iter().any(|i| pictures::is_remote(&i.url));
    match bazaar_db::products::upsert(tx, &input, now).await {
        Ok((outcome, id)) => {
            // The category is made once the product is written (a product names its
            // category by slug), so a rejected row never leaves one behind.
            let mut created_categories = Vec::new();
            if !valid.category.is_empty() && known.category(tx, &valid.category).await? {
                created_categories.push(valid.category.clone());
            }
            let id = (outcome != bazaar_db::products::Upserted::Unchanged).then_some(id);
            Ok(RowWritten {
                report: RowReport {
                    row: source.row,
                    slug,
                    outcome: outcome.into(),
                    errors: Vec::new(),
                    created_categories,
                },
                id,
                remote: still_remote,
                wrote: false,
            })
        }
        Err(UpsertError::SkuTaken { sku, owner }) => {
            // A store is not told which product of another store has it.
            let reason = match scope {
                Scope::Platform => format!("SKU {sku} already belongs to product '{owner}'"),
                Scope::Store(_) => format!("SKU {sku} already belongs to another product"),
            };
            Ok(rejected(vec![FieldError::new("variations.sku", reason)]))
        }
        Err(UpsertError::Db(DbError::Conflict(msg))) => Ok(RowWritten {
            wrote: true,
            ..rejected(vec![FieldError::new(
                "",
                format!("conflicts with an existing record: {msg}"),
            )])
        }),
        Err(UpsertError::Db(e)) => Err(e),
    }
}

/// A store's own row: the product must be the store's (or new), the platform's choices
/// (featured, daily deal) stay as they are, and an active row follows the store's publishing
/// rules: refused while the store may not publish, held for review when a product never on
/// sale would be.
async fn store_rules(
    tx: &mut Tx,
    rules: &StoreRules,
    input: &mut ProductInput,
) -> Result<Result<(), FieldError>, DbError> {
    let stored = bazaar_db::products::import_facts(tx, &input.slug).await?;
    if let Some(stored) = &stored
        && stored.vendor_id != Some(rules.store_id)
    {
        return Ok(Err(FieldError::new(
            "slug",
            format!(
                "'{}' is another store's product: give this product another slug",
                input.slug
            ),
        )));
    }
    input.vendor_id = Some(rules.store_id);
    input.featured = stored.as_ref().is_some_and(|p| p.featured);
    input.daily_deal = stored.as_ref().is_some_and(|p| p.daily_deal);
    if input.status == ProductStatus::Active {
        if let Some(why) = &rules.refuse_publish {
            return Ok(Err(FieldError::new("status", why.clone())));
        }
        if rules.hold_new && !stored.as_ref().is_some_and(|p| p.published) {
            input.status = ProductStatus::PendingReview;
        }
    }
    Ok(Ok(()))
}
