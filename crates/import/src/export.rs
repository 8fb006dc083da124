//! `bazaar export`: the catalogue (or one store's) in bazaar's import formats, so that
//! importing the export changes nothing. Products are read a page at a time and written as
//! they come, so memory stays flat however large the catalogue.

use std::io::Write;

use bazaar_db::products::export::{ExportProduct, ExportVariation, page};
use bazaar_db::{Db, DbError};
use bazaar_domain::money::Cents;
use serde_json::{Map, Value, json};
use uuid::Uuid;

use crate::platforms_out;

/// Products read per database page.
const PAGE: i64 = 1_000;

/// The formats `bazaar export` writes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ExportFormat {
    Json,
    Csv,
    /// WooCommerce's product CSV layout.
    WooCommerce,
    /// Shopify's product CSV layout.
    Shopify,
}

#[derive(Debug, thiserror::Error)]
pub enum ExportError {
    #[error(transparent)]
    Db(#[from] DbError),
    #[error("cannot write the export: {0}")]
    Write(#[from] std::io::Error),
    #[error("cannot write the export: {0}")]
    Csv(#[from] csv::Error),
}

/// A stored status as the import format takes it: the platform's own states (waiting for
/// review, archived) are exported as the nearest a file can set.
fn importable_status(status: &str) -> &str {
    match status {
        "pending_review" => "draft",
        "archived" => "inactive",
        s => s,
    }
}

fn amount(cents: i64) -> String {
    Cents(cents).to_string()
}

/// A product as a record of the import format (`docs/contracts.md`).
pub fn record(p: &ExportProduct, variations: &[ExportVariation]) -> Value {
    let mut r = Map::new();
    r.insert("slug".into(), json!(p.slug));
    r.insert("name".into(), json!(p.name));
    r.insert("brand".into(), json!(p.brand));
    r.insert("category".into(), json!(p.category));
    if let Some(v) = &p.vendor {
        r.insert("vendor".into(), json!(v));
    }
    r.insert("description".into(), json!(p.description));
    r.insert("price".into(), json!(amount(p.price_cents)));
    r.insert("sale_price".into(), json!(p.sale_price_cents.map(amount)));
    r.insert("sale_starts_at".into(), json!(p.sale_starts_at));
    r.insert("sale_ends_at".into(), json!(p.sale_ends_at));
    r.insert("images".into(), json!(p.images.0));
    r.insert("videos".into(), json!(p.videos.0));
    r.insert("status".into(), json!(importable_status(&p.status)));
    r.insert("featured".into(), json!(p.featured));
    r.insert("daily_deal".into(), json!(p.daily_deal));
    r.insert("product_type".into(), json!(p.product_type));
    r.insert("max_owned_per_user".into(), json!(p.max_owned_per_user));
    r.insert("stock_quantity".into(), json!(p.stock_quantity));
    if let Some(sku) = &p.sku {
        r.insert("sku".into(), json!(sku));
    }
    r.insert("seo_title".into(), json!(p.seo_title));
    r.insert("seo_description".into(), json!(p.seo_description));
    r.insert("created_at".into(), json!(p.created_at));
    if !variations.is_empty() {
        let vars: Vec<Value> = variations
            .iter()
            .map(|v| {
                json!({
                    "sku": v.sku,
                    "name": v.name,
                    "attributes": v.attributes.0,
                    "price": amount(v.price_cents),
                    "sale_price": v.sale_price_cents.map(amount),
                    "stock_quantity": v.stock_quantity,
                    "weight_grams": v.weight_grams,
                    "dimensions": v.dimensions.as_ref().map(|d| &d.0),
                    "images": v.images.0,
                    "enabled": v.enabled,
                    "manage_stock": v.manage_stock,
                })
            })
            .collect();
        r.insert("variations".into(), Value::Array(vars));
    }
    Value::Object(r)
}

/// The product columns of bazaar's CSV, then the variation columns.
pub(crate) const CSV_COLUMNS: [&str; 33] = [
    "slug",
    "name",
    "brand",
    "category",
    "vendor",
    "description",
    "price",
    "sale_price",
    "sale_starts_at",
    "sale_ends_at",
    "images",
    "videos",
    "status",
    "featured",
    "daily_deal",
    "product_type",
    "max_owned_per_user",
    "stock_quantity",
    "sku",
    "seo_title",
    "seo_description",
    "created_at",
    "variation_sku",
    "variation_name",
    "variation_attributes",
    "variation_price",
    "variation_sale_price",
    "variation_stock_quantity",
    "variation_weight_grams",
    "variation_enabled",
    "variation_manage_stock",
    "variation_images",
    "variation_dimensions",
];

/// A record's field as a CSV cell: lists joined with `|`, nothing for null.
fn cell(value: Option<&Value>) -> String {
    match value {
        None | Some(Value::Null) => String::new(),
        Some(Value::String(s)) => s.clone(),
        Some(Value::Array(items)) => items
            .iter()
            .map(|i| match i {
                Value::String(s) => s.clone(),
                // A picture: its URL and, after a space, its alt text (no `|` in it).
                Value::Object(o) if o.contains_key("url") => {
                    let url = o["url"].as_str().unwrap_or_default();
                    match o.get("alt").and_then(Value::as_str).map(str::trim) {
                        Some(alt) if !alt.is_empty() => format!("{url} {}", alt.replace('|', "/")),
                        _ => url.to_owned(),
                    }
                }
                Value::Object(o) => format!(
                    "{}={}",
                    o.get("name").and_then(Value::as_str).unwrap_or_default(),
                    o.get("value").and_then(Value::as_str).unwrap_or_default()
                ),
                other => other.to_string(),
            })
            .collect::<Vec<_>>()
            .join("|"),
        Some(other) => other.to_string(),
    }
}

/// The CSV rows of one product: one, or one per variation with the product repeated.
fn csv_rows(record: &Value) -> Vec<Vec<String>> {
    let product: Vec<String> = CSV_COLUMNS[..22]
        .iter()
        .map(|c| cell(record.get(*c)))
        .collect();
    let variations = record
        .get("variations")
        .and_then(Value::as_array)
        .cloned()
        .unwrap_or_default();
    if variations.is_empty() {
        let mut row = product;
        row.extend(std::iter::repeat_n(String::new(), CSV_COLUMNS.len() - 22));
        return vec![row];
    }
    variations
        .iter()
        .map(|v| {
            let mut row = product.clone();
            for c in &CSV_COLUMNS[22..] {
                row.push(cell(v.get(c.trim_start_matches("variation_"))));
            }
            row
        })
        .collect()
}

/// Writes the catalogue (or one store's products) a page at a time: each call of
/// [`Exporter::next_chunk`] reads one page and answers its bytes (the first with the header,
/// the last the closing bracket of JSON), so a file of any size is written, or sent, in
/// flat memory.
pub struct Exporter {
    db: Db,
    vendor: Option<Uuid>,
    format: ExportFormat,
    after: String,
    started: bool,
    finished: bool,
    count: usize,
}

impl Exporter {
    pub fn new(db: Db, vendor: Option<Uuid>, format: ExportFormat) -> Exporter {
        Exporter {
            db,
            vendor,
            format,
            after: String::new(),
            started: false,
            finished: false,
            count: 0,
        }
    }

    /// Products written so far.
    pub fn count(&self) -> usize {
        self.count
    }

    /// The next bytes of the file; `None` once it is all written.
    pub async fn next_chunk(&mut self) -> Result<Option<Vec<u8>>, ExportError> {
        if self.finished {
            return Ok(None);
        }
        let mut out = Vec::new();
        if !self.started {
            self.started = true;
            match self.format {
                ExportFormat::Json => out.extend_from_slice(b"["),
                ExportFormat::Csv => csv_line(&mut out, &CSV_COLUMNS)?,
                ExportFormat::WooCommerce => csv_line(&mut out, &platforms_out::WOO_COLUMNS)?,
                ExportFormat::Shopify => csv_line(&mut out, &platforms_out::SHOPIFY_COLUMNS)?,
            }
        }
        let products = page(&self.db, self.vendor, &self.after, PAGE).await?;
        let Some((last, _)) = products.last() else {
            self.finished = true;
            if self.format == ExportFormat::Json {
                out.extend_from_slice(b"\n]\n");
            }
            return Ok(Some(out));
        };
        self.after = last.slug.clone();
        if self.format == ExportFormat::Json {
            for (p, vars) in &products {
                out.extend_from_slice(if self.count == 0 { b"\n" } else { b",\n" });
                serde_json::to_writer(&mut out, &record(p, vars)).map_err(std::io::Error::from)?;
                self.count += 1;
            }
            return Ok(Some(out));
        }
        let mut w = csv::WriterBuilder::new()
            .flexible(true)
            .from_writer(&mut out);
        for (p, vars) in &products {
            let record = record(p, vars);
            self.count += 1;
            let rows = match self.format {
                ExportFormat::WooCommerce => {
                    platforms_out::woocommerce_rows(p, &record, self.count)
                }
                ExportFormat::Shopify => platforms_out::shopify_rows(p, &record),
                _ => csv_rows(&record),
            };
            for row in rows {
                w.write_record(&row)?;
            }
        }
        w.flush()?;
        drop(w);
        Ok(Some(out))
    }
}

fn csv_line(out: &mut Vec<u8>, cells: &[&str]) -> Result<(), ExportError> {
    let mut w = csv::Writer::from_writer(out);
    w.write_record(cells)?;
    w.flush()?;
    Ok(())
}

/// Writes the catalogue (or `vendor`'s products) to `out`; answers how many products.
pub async fn export(
    db: &Db,
    vendor: Option<Uuid>,
    format: ExportFormat,
    mut out: impl Write,
) -> Result<usize, ExportError> {
    let mut exporter = Exporter::new(db.clone(), vendor, format);
    while let Some(chunk) = exporter.next_chunk().await? {
        out.write_all(&chunk)?;
    }
    out.flush()?;
    Ok(exporter.count())
}
