//! What the readers of other platforms' CSV files share: reading the records with their line
//! numbers, cells by column name, and the shapes bazaar's import format takes.

use std::collections::HashMap;
use std::io::Cursor;
use std::sync::{Arc, Mutex};

use bazaar_domain::text::slugify;
use serde_json::{Map, Value, json};

use crate::ImportError;
use crate::fields::FieldError;

/// Where one CSV record is in the file: kept for every record of a large file, read into its
/// [`Cells`] only when its product is made, so 100,000 products take their file's size in
/// memory and little more.
#[derive(Clone)]
pub struct Record {
    pub line: usize,
    start: usize,
    reader: Arc<Mutex<csv::Reader<Cursor<Text>>>>,
    columns: Arc<HashMap<String, usize>>,
}

/// The file's text as the bytes a reader reads.
struct Text(Arc<str>);

impl AsRef<[u8]> for Text {
    fn as_ref(&self) -> &[u8] {
        self.0.as_bytes()
    }
}

impl Record {
    /// The record's cells. One reader serves every record of a file, moved to the record's
    /// start (making a CSV reader is not cheap: it builds its state machine).
    pub fn load(&self) -> Cells {
        let mut cells = csv::StringRecord::new();
        let mut reader = self
            .reader
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        let mut at = csv::Position::new();
        at.set_byte(self.start as u64).set_line(self.line as u64);
        // The record was read whole once already.
        if reader.seek(at).is_ok() {
            let _ = reader.read_record(&mut cells);
        }
        Cells {
            line: self.line,
            columns: Arc::clone(&self.columns),
            cells,
        }
    }
}

/// One CSV record's cells, found by column name through the header.
pub struct Cells {
    pub line: usize,
    columns: Arc<HashMap<String, usize>>,
    cells: csv::StringRecord,
}

impl Cells {
    /// The trimmed cell of `column`; empty when the column is absent.
    pub fn get(&self, column: &str) -> &str {
        self.columns
            .get(column)
            .and_then(|i| self.cells.get(*i))
            .map_or("", str::trim)
    }

    /// The cell of `column` when it is not empty.
    pub fn opt(&self, column: &str) -> Option<&str> {
        Some(self.get(column)).filter(|s| !s.is_empty())
    }
}

/// A record that could not be read, with its line.
pub struct Unreadable {
    pub line: usize,
    pub reason: String,
}

/// A file's header row and its records, each read or not.
pub type Records = (Vec<String>, Vec<Result<Record, Unreadable>>);

/// The header row and every record of `text`.
pub fn records(text: &str) -> Result<Records, ImportError> {
    let shared = Arc::new(Mutex::new(
        csv::ReaderBuilder::new()
            .has_headers(false)
            .flexible(true)
            .from_reader(Cursor::new(Text(Arc::from(text)))),
    ));
    let mut reader = csv::ReaderBuilder::new()
        .flexible(true)
        .from_reader(text.as_bytes());
    let headers: Vec<String> = reader
        .headers()
        .map_err(|e| ImportError::Malformed(format!("cannot read the header row: {e}")))?
        .iter()
        .map(|h| h.trim_start_matches('\u{feff}').trim().to_owned())
        .collect();
    let columns: Arc<HashMap<String, usize>> = Arc::new(
        headers
            .iter()
            .enumerate()
            .map(|(i, h)| (h.clone(), i))
            .collect(),
    );
    let mut out = Vec::new();
    for record in reader.records() {
        match record {
            Ok(r) => {
                let line = r.position().map_or(0, |p| p.line() as usize);
                let start = r.position().map_or(0, |p| p.byte() as usize);
                if r.len() != headers.len() {
                    out.push(Err(Unreadable {
                        line,
                        reason: format!(
                            "has {} cells where the header has {} columns",
                            r.len(),
                            headers.len()
                        ),
                    }));
                    continue;
                }
                out.push(Ok(Record {
                    line,
                    start,
                    reader: Arc::clone(&shared),
                    columns: Arc::clone(&columns),
                }));
            }
            Err(e) => out.push(Err(Unreadable {
                line: e.position().map_or(0, |p| p.line() as usize),
                reason: format!("unreadable CSV row: {e}"),
            })),
        }
    }
    Ok((headers, out))
}

/// A row rejected before it reaches the product rules.
pub fn rejected(line: usize, field: &str, reason: impl Into<String>) -> crate::SourceRow {
    crate::SourceRow {
        row: line,
        fields: Map::new(),
        errors: vec![FieldError::new(field, reason)],
    }
}

/// A SKU as bazaar keeps them (letters, digits, `-`, `_`, `.`, at most 64), made from parts
/// when the platform gave none.
pub fn made_sku(parts: &[&str]) -> String {
    let joined = parts
        .iter()
        .map(|p| slugify(p))
        .filter(|p| !p.is_empty())
        .collect::<Vec<_>>()
        .join("-")
        .to_ascii_uppercase();
    joined.chars().take(64).collect()
}

/// Images as the import format takes them: the first as `image_url`, the others in `images`.
pub fn put_images(fields: &mut Map<String, Value>, images: Vec<(String, String)>) {
    let mut images = images.into_iter();
    if let Some((url, _)) = images.next() {
        fields.insert("image_url".into(), Value::String(url));
    }
    let rest: Vec<Value> = images
        .map(|(url, alt)| json!({ "url": url, "alt": alt }))
        .collect();
    if !rest.is_empty() {
        fields.insert("images".into(), Value::Array(rest));
    }
}

/// The deepest category of a path written `Parent > Child` (bazaar's categories are flat).
pub fn category_slug(path: &str) -> Option<String> {
    path.rsplit('>')
        .next()
        .map(slugify)
        .filter(|s| !s.is_empty())
}

/// The stock a platform's "in stock, not counted" becomes: bazaar counts every product.
pub const UNCOUNTED_STOCK: i64 = 999;
