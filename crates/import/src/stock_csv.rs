//! Stock levels as CSV (`sku,quantity`), the file a vendor exports, edits and imports
//! back. Each row is read on its own; what a row means (which level the SKU names) is for
//! the caller to decide.

use bazaar_domain::inventory::parse_level;
use bazaar_domain::product::parse_sku;

use crate::ImportError;

/// The most rows one import reads.
pub const MAX_ROWS: usize = 10_000;

/// One data row: its line number in the file (the header is line 1), the SKU and the
/// quantity, or why it cannot be read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StockRow {
    pub row: usize,
    pub sku: String,
    pub level: Result<i64, String>,
}

/// Reads a stock CSV: a header naming `sku` and `quantity` (any order, other columns
/// ignored), then one level per row.
pub fn parse(text: &str) -> Result<Vec<StockRow>, ImportError> {
    let mut reader = csv::ReaderBuilder::new()
        .flexible(true)
        .trim(csv::Trim::All)
        .from_reader(text.as_bytes());
    let headers: Vec<String> = reader
        .headers()
        .map_err(|e| ImportError::Malformed(format!("cannot read the header row: {e}")))?
        .iter()
        .map(|h| h.trim_start_matches('\u{feff}').to_ascii_lowercase())
        .collect();
    let column = |name: &str| {
        headers.iter().position(|h| h == name).ok_or_else(|| {
            ImportError::Malformed(format!("the header row needs a '{name}' column"))
        })
    };
    let (sku_at, quantity_at) = (column("sku")?, column("quantity")?);
    let mut rows = Vec::new();
    for (i, record) in reader.records().enumerate() {
        let row = i + 2;
        if rows.len() == MAX_ROWS {
            return Err(ImportError::Malformed(format!(
                "at most {MAX_ROWS} rows at a time"
            )));
        }
        let record = record.map_err(|e| ImportError::Malformed(format!("row {row}: {e}")))?;
        let raw_sku = record.get(sku_at).unwrap_or("");
        let raw_quantity = record.get(quantity_at).unwrap_or("");
        if raw_sku.is_empty() && raw_quantity.is_empty() {
            continue;
        }
        let (sku, level) = match parse_sku(raw_sku) {
            Ok(sku) => (
                sku,
                parse_level(raw_quantity).map_err(|e| format!("quantity {e}")),
            ),
            Err(e) => (raw_sku.to_owned(), Err(format!("sku {e}"))),
        };
        rows.push(StockRow { row, sku, level });
    }
    Ok(rows)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_levels_and_names_bad_rows() {
        let rows = parse(
            "\u{feff}SKU,Name,Quantity\nkasi-tee-m,Tee M,4\nbad sku,x,1\nKASI-TEE-L,,-2\n,,\n",
        )
        .unwrap();
        assert_eq!(
            rows,
            vec![
                StockRow {
                    row: 2,
                    sku: "KASI-TEE-M".into(),
                    level: Ok(4)
                },
                StockRow {
                    row: 3,
                    sku: "bad sku".into(),
                    level: Err("sku must be at most 64 letters, digits, '-', '_' or '.'".into())
                },
                StockRow {
                    row: 4,
                    sku: "KASI-TEE-L".into(),
                    level: Err("quantity must be between 0 and 1000000000".into())
                },
            ]
        );
        assert!(
            matches!(parse("sku,stock\nA,1\n"), Err(ImportError::Malformed(m)) if m.contains("'quantity'"))
        );
    }
}
