//! bazaar's CSV format: one row per product, or per variation with the product columns
//! repeated; rows of one product are consecutive and share its slug.

use serde_json::{Map, Value};

use crate::fields::FieldError;
use crate::{ImportError, SourceRow};
use bazaar_domain::product::{Origin, fields as product_fields};

/// Variation columns and the variation field each one fills.
const VARIATION_COLUMNS: &[(&str, &str)] = &[
    ("variation_sku", "sku"),
    ("variation_name", "name"),
    ("variation_attributes", "attributes"),
    ("variation_price", "price"),
    ("variation_sale_price", "sale_price"),
    ("variation_stock_quantity", "stock_quantity"),
    ("variation_weight_grams", "weight_grams"),
    ("variation_enabled", "enabled"),
    ("variation_manage_stock", "manage_stock"),
    ("variation_images", "images"),
    ("variation_dimensions", "dimensions"),
];

pub fn read(text: &str) -> Result<Vec<SourceRow>, ImportError> {
    let mut reader = csv::ReaderBuilder::new()
        .flexible(false)
        .trim(csv::Trim::All)
        .from_reader(text.as_bytes());
    let headers: Vec<String> = reader
        .headers()
        .map_err(|e| ImportError::Malformed(format!("cannot read the header row: {e}")))?
        .iter()
        .map(|h| h.trim_start_matches('\u{feff}').to_ascii_lowercase())
        .collect();
    for h in &headers {
        if h == "variations"
            || !product_fields(Origin::Import).contains(&h.as_str())
                && !VARIATION_COLUMNS.iter().any(|(c, _)| c == h)
        {
            return Err(ImportError::Malformed(format!(
                "unknown column '{h}' in the header row"
            )));
        }
    }
    if !headers.iter().any(|h| h == "slug") {
        return Err(ImportError::Malformed(
            "the header row has no 'slug' column".into(),
        ));
    }

    let mut rows: Vec<SourceRow> = Vec::new();
    let mut last_slug: Option<String> = None;
    for (i, record) in reader.records().enumerate() {
        let line = i + 2;
        let record = match record {
            Ok(r) => r,
            Err(e) => {
                rows.push(SourceRow {
                    row: line,
                    fields: Map::new(),
                    errors: vec![FieldError::new("", format!("unreadable CSV row: {e}"))],
                });
                last_slug = None;
                continue;
            }
        };
        let mut product = Map::new();
        let mut variation = Map::new();
        for (h, value) in headers.iter().zip(record.iter()) {
            if value.is_empty() {
                continue;
            }
            if let Some((_, field)) = VARIATION_COLUMNS.iter().find(|(c, _)| c == h) {
                // Dimensions are an object, written as JSON (`{"length_cm": 30}`).
                let value = match *field {
                    "dimensions" => serde_json::from_str(value)
                        .unwrap_or_else(|_| Value::String(value.to_owned())),
                    _ => Value::String(value.to_owned()),
                };
                variation.insert((*field).to_owned(), value);
            } else {
                product.insert(h.clone(), Value::String(value.to_owned()));
            }
        }
        let slug = product
            .get("slug")
            .and_then(Value::as_str)
            .map(str::to_owned);
        let continues = slug.is_some() && slug == last_slug;
        if continues {
            let current = rows
                .last_mut()
                .expect("a previous row exists when the slug continues");
            if !variation.is_empty() {
                push_variation(&mut current.fields, variation);
            }
            for (k, v) in product {
                if current.fields.get(&k).is_some_and(|old| old != &v) {
                    current.errors.push(FieldError::new(
                        k.clone(),
                        format!("line {line} repeats the product with a different {k}"),
                    ));
                }
            }
        } else {
            if !variation.is_empty() {
                push_variation(&mut product, variation);
            }
            if let Some(s) = &slug
                && rows
                    .iter()
                    .any(|r| r.fields.get("slug").and_then(Value::as_str) == Some(s))
            {
                rows.push(SourceRow {
                    row: line,
                    fields: product,
                    errors: vec![FieldError::new(
                        "slug",
                        "rows of one product must be consecutive",
                    )],
                });
                last_slug = None;
                continue;
            }
            rows.push(SourceRow {
                row: line,
                fields: product,
                errors: Vec::new(),
            });
        }
        last_slug = slug;
    }
    Ok(rows)
}

fn push_variation(product: &mut Map<String, Value>, variation: Map<String, Value>) {
    match product
        .entry("variations")
        .or_insert_with(|| Value::Array(Vec::new()))
    {
        Value::Array(list) => list.push(Value::Object(variation)),
        _ => unreachable!("variations is only ever set to an array here"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn groups_variation_rows_under_their_product() {
        let text = "slug,name,price,variation_sku,variation_attributes,variation_stock_quantity\n\
                    tee,Tee,100,TEE-S,Size=S,3\n\
                    tee,Tee,100,TEE-M,Size=M,0\n\
                    cap,Cap,50,,,\n";
        let rows = read(text).unwrap();
        assert_eq!(rows.len(), 2);
        assert_eq!(rows[0].row, 2);
        assert_eq!(rows[1].row, 4);
        let vars = rows[0].fields["variations"].as_array().unwrap();
        assert_eq!(vars.len(), 2);
        assert_eq!(vars[1]["sku"], "TEE-M");
        assert!(rows[1].fields.get("variations").is_none());
    }

    #[test]
    fn rejects_unknown_columns_and_scattered_products() {
        assert!(
            matches!(read("slug,colour\n"), Err(ImportError::Malformed(m)) if m.contains("'colour'"))
        );
        let rows = read("slug,name,price\na,A,1\nb,B,1\na,A,1\n").unwrap();
        assert_eq!(
            rows[2].errors[0].reason,
            "rows of one product must be consecutive"
        );
        let rows = read("slug,name,price,variation_sku\na,A,1,X\na,A,2,Y\n").unwrap();
        assert_eq!(rows[0].errors[0].field, "price");
    }
}
