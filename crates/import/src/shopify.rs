//! Shopify's product CSV, as its exporter writes it: the rows of one `Handle` are one product.
//! The first holds the product (`Title`, `Body (HTML)`, `Vendor`, `Type`, `Status`, …); every
//! row may hold a variant (`Option1 Value` …, `Variant SKU`, `Variant Price`, `Variant
//! Compare At Price`, `Variant Inventory Qty`) and an image (`Image Src`, `Image Position`).
//! A product whose only option is Shopify's `Title` / `Default Title` has no variations here.

use std::collections::HashMap;

use serde_json::{Map, Value, json};

use crate::html_text::html_to_text;
use crate::platforms::{
    Cells, Record, UNCOUNTED_STOCK, category_slug, made_sku, put_images, records, rejected,
};
use crate::platforms_out::{SHOPIFY_EXTRAS, SHOPIFY_VARIANT_EXTRAS, overlay};
use crate::{ImportError, SourceRow, SourceRows};

/// Columns only Shopify's export has: enough to recognise it.
pub const SIGNATURE: [&str; 3] = ["Handle", "Title", "Variant Price"];

/// Where the name of the store that should own the product travels to the importer (see
/// `crate::import_row`): Shopify's `Vendor`.
pub const STORE_HINT: &str = "_store_hint";

pub fn is_shopify(headers: &[String]) -> bool {
    SIGNATURE.iter().all(|c| headers.iter().any(|h| h == c))
}

/// Reads the file's records and answers its products, one per handle in the order handles
/// first appear, each made when the import reaches it. Rows refused while reading come first.
pub fn read(text: &str) -> Result<SourceRows, ImportError> {
    let (headers, all) = records(text)?;
    if !is_shopify(&headers) {
        return Err(ImportError::Malformed(format!(
            "not a Shopify product CSV: the header lacks {}",
            SIGNATURE
                .iter()
                .filter(|c| !headers.iter().any(|h| h == *c))
                .map(|c| format!("'{c}'"))
                .collect::<Vec<_>>()
                .join(", ")
        )));
    }
    let mut out = Vec::new();
    let mut order: Vec<String> = Vec::new();
    let mut by_handle: HashMap<String, Vec<Record>> = HashMap::new();
    for record in all {
        match record {
            Err(e) => out.push(rejected(e.line, "", e.reason)),
            Ok(r) => {
                let handle = r.load().get("Handle").to_owned();
                if handle.is_empty() {
                    out.push(rejected(r.line, "Handle", "is empty"));
                    continue;
                }
                by_handle
                    .entry(handle.clone())
                    .or_insert_with(|| {
                        order.push(handle);
                        Vec::new()
                    })
                    .push(r);
            }
        }
    }
    let len = out.len() + order.len();
    let made = order.into_iter().map(move |handle| {
        let rows = by_handle.remove(&handle).unwrap_or_default();
        product(&handle, &rows)
    });
    Ok(SourceRows::Lazy {
        len,
        rows: Box::new(out.into_iter().chain(made)),
    })
}

/// The price and the sale price of a variant: Shopify's "compare at" price is the regular
/// price when it is higher.
fn prices(r: &Cells) -> (Value, Option<Value>) {
    let price = r.get("Variant Price").replace(',', "");
    match r
        .opt("Variant Compare At Price")
        .map(|c| c.replace(',', ""))
    {
        Some(compare)
            if compare.parse::<f64>().unwrap_or(0.0) > price.parse::<f64>().unwrap_or(0.0) =>
        {
            (Value::String(compare), Some(Value::String(price)))
        }
        _ => (Value::String(price), None),
    }
}

/// Stock: the quantity when Shopify tracks it, else "in stock, not counted".
fn stock(r: &Cells) -> Value {
    match (
        r.opt("Variant Inventory Tracker"),
        r.opt("Variant Inventory Qty"),
    ) {
        (None, None) => json!(UNCOUNTED_STOCK),
        (_, qty) => {
            let n = qty.unwrap_or("0").parse::<i64>().unwrap_or(0).max(0);
            json!(n)
        }
    }
}

fn product(handle: &str, rows: &[Record]) -> SourceRow {
    let rows: Vec<Cells> = rows.iter().map(Record::load).collect();
    let first = &rows[0];
    let mut f = Map::new();
    f.insert("slug".into(), Value::String(handle.to_owned()));
    f.insert("name".into(), Value::String(first.get("Title").to_owned()));
    let description = html_to_text(first.get("Body (HTML)"));
    if !description.is_empty() {
        f.insert("description".into(), Value::String(description));
    }
    if let Some(vendor) = first.opt("Vendor") {
        f.insert("brand".into(), Value::String(vendor.to_owned()));
        f.insert(STORE_HINT.into(), Value::String(vendor.to_owned()));
    }
    if let Some(category) = first
        .opt("Type")
        .or(first.opt("Product Category"))
        .and_then(category_slug)
    {
        f.insert("category".into(), Value::String(category));
    }
    let status = match (first.opt("Status"), first.get("Published")) {
        (Some("active"), _) => "active",
        (Some("archived"), _) => "inactive",
        (Some(_), _) => "draft",
        (None, "true" | "TRUE") => "active",
        (None, _) => "draft",
    };
    f.insert("status".into(), Value::String(status.into()));
    if let Some(title) = first.opt("SEO Title") {
        f.insert("seo_title".into(), Value::String(title.to_owned()));
    }
    if let Some(d) = first.opt("SEO Description") {
        f.insert("seo_description".into(), Value::String(d.to_owned()));
    }
    if first.get("Gift Card") == "true" || first.get("Variant Requires Shipping") == "false" {
        f.insert("product_type".into(), Value::String("digital".into()));
    }

    // Images by their position; rows without a position keep the file's order.
    let mut images: Vec<(i64, usize, String, String)> = rows
        .iter()
        .enumerate()
        .filter_map(|(i, r)| {
            let src = r.opt("Image Src")?;
            let position = r.get("Image Position").parse().unwrap_or(i64::MAX);
            Some((
                position,
                i,
                src.to_owned(),
                r.get("Image Alt Text").to_owned(),
            ))
        })
        .collect();
    images.sort();
    images.dedup_by(|a, b| a.2 == b.2);
    put_images(
        &mut f,
        images
            .into_iter()
            .map(|(_, _, src, alt)| (src, alt))
            .collect(),
    );

    let variants: Vec<&Cells> = rows
        .iter()
        .filter(|r| r.opt("Variant Price").is_some() || r.opt("Variant SKU").is_some())
        .collect();
    let Some(base) = variants.first() else {
        return rejected(
            first.line,
            "Variant Price",
            "this product has no variant row with a price",
        );
    };
    let option_names: Vec<String> = (1..=3)
        .filter_map(|n| first.opt(&format!("Option{n} Name")).map(str::to_owned))
        .collect();
    let simple = variants.len() == 1
        && (option_names.is_empty()
            || option_names == ["Title"] && base.get("Option1 Value") == "Default Title");
    let (price, sale) = prices(base);
    f.insert("price".into(), price);
    if simple {
        if let Some(sale) = sale {
            f.insert("sale_price".into(), sale);
        }
        f.insert("stock_quantity".into(), stock(base));
        if let Some(sku) = base.opt("Variant SKU") {
            f.insert("sku".into(), Value::String(sku.to_owned()));
        }
    } else {
        let variations: Result<Vec<Value>, (usize, String)> = variants
            .iter()
            .enumerate()
            .map(|(i, v)| variation(v, handle, &option_names, i).map_err(|e| (v.line, e)))
            .collect();
        let variations = match variations {
            Ok(v) => v,
            Err((line, e)) => return rejected(line, SHOPIFY_VARIANT_EXTRAS, e),
        };
        f.insert("variations".into(), Value::Array(variations));
        f.insert("stock_quantity".into(), json!(0));
    }
    if let Err(e) = overlay(&mut f, first.get(SHOPIFY_EXTRAS), SHOPIFY_EXTRAS) {
        return rejected(first.line, SHOPIFY_EXTRAS, e);
    }
    if simple
        && let Err(e) = overlay(
            &mut f,
            base.get(SHOPIFY_VARIANT_EXTRAS),
            SHOPIFY_VARIANT_EXTRAS,
        )
    {
        return rejected(base.line, SHOPIFY_VARIANT_EXTRAS, e);
    }
    SourceRow {
        row: first.line,
        fields: f,
        errors: Vec::new(),
    }
}

fn variation(
    v: &Cells,
    handle: &str,
    option_names: &[String],
    index: usize,
) -> Result<Value, String> {
    let mut attributes = Map::new();
    let mut values = Vec::new();
    for (n, name) in option_names.iter().enumerate() {
        if let Some(value) = v.opt(&format!("Option{} Value", n + 1)) {
            attributes.insert(name.clone(), Value::String(value.to_owned()));
            values.push(value);
        }
    }
    let sku = match v.opt("Variant SKU") {
        Some(s) => s.to_owned(),
        None => made_sku(&[handle, &values.join("-"), &(index + 1).to_string()]),
    };
    let (price, sale) = prices(v);
    let mut out = Map::new();
    out.insert("sku".into(), Value::String(sku));
    out.insert("name".into(), Value::String(values.join(" / ")));
    out.insert("attributes".into(), Value::Object(attributes));
    out.insert("price".into(), price);
    if let Some(sale) = sale {
        out.insert("sale_price".into(), sale);
    }
    out.insert("stock_quantity".into(), stock(v));
    if let Some(grams) = v.opt("Variant Grams").and_then(|g| g.parse::<f64>().ok()) {
        out.insert("weight_grams".into(), json!(grams.round() as i64));
    }
    if let Some(image) = v.opt("Variant Image") {
        out.insert("images".into(), json!([image]));
    }
    overlay(
        &mut out,
        v.get(SHOPIFY_VARIANT_EXTRAS),
        SHOPIFY_VARIANT_EXTRAS,
    )?;
    Ok(Value::Object(out))
}
