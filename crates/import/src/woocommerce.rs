//! WooCommerce's product CSV, as its exporter writes it (`WC_Product_CSV_Exporter`'s column
//! names, in any order): simple and variable products (variation rows name their parent in
//! `Parent` as `id:123` or its SKU), virtual and downloadable ones (digital here), regular
//! and sale prices with their dates, stock, categories (`Parent > Child`), images and the
//! published state. Grouped and external products have no counterpart here and are reported
//! per row.

use std::collections::{HashMap, HashSet};

use bazaar_domain::text::slugify;
use serde_json::{Map, Value, json};

use crate::html_text::html_to_text;
use crate::platforms::{
    Cells, Record, UNCOUNTED_STOCK, category_slug, made_sku, put_images, records, rejected,
};
use crate::platforms_out::{WOO_EXTRAS, overlay};
use crate::{ImportError, SourceRow, SourceRows};

/// Columns only WooCommerce's export has: enough to recognise it.
pub const SIGNATURE: [&str; 3] = ["Type", "Regular price", "In stock?"];

pub const GROUPED: &str =
    "Grouped products are not sold here: their products are imported on their own rows";
pub const EXTERNAL: &str =
    "External/affiliate products are not sold here: bazaar sells only what its stores ship";

/// Whether `headers` are WooCommerce's.
pub fn is_woocommerce(headers: &[String]) -> bool {
    SIGNATURE.iter().all(|c| headers.iter().any(|h| h == c))
}

/// The product type words of `Type` ("simple, virtual").
fn kinds(record: &Cells) -> Vec<String> {
    record
        .get("Type")
        .split(',')
        .map(|k| k.trim().to_ascii_lowercase())
        .filter(|k| !k.is_empty())
        .collect()
}

/// Reads the file's records and answers its products, each made when the import reaches
/// it; a variation joins its parent's row. Rows refused while reading come first.
pub fn read(text: &str) -> Result<SourceRows, ImportError> {
    let (headers, all) = records(text)?;
    if !is_woocommerce(&headers) {
        return Err(ImportError::Malformed(format!(
            "not a WooCommerce product CSV: the header lacks {}",
            SIGNATURE
                .iter()
                .filter(|c| !headers.iter().any(|h| h == *c))
                .map(|c| format!("'{c}'"))
                .collect::<Vec<_>>()
                .join(", ")
        )));
    }
    let mut out = Vec::new();
    let mut products: Vec<Record> = Vec::new();
    let mut variations: Vec<Record> = Vec::new();
    for record in all {
        match record {
            Err(e) => out.push(rejected(e.line, "", e.reason)),
            Ok(r) if kinds(&r.load()).iter().any(|k| k == "variation") => variations.push(r),
            Ok(r) => products.push(r),
        }
    }
    // A variation's parent, by `id:ID` or by SKU.
    let mut parent_of: HashMap<String, usize> = HashMap::new();
    for (i, p) in products.iter().enumerate() {
        let p = p.load();
        if let Some(id) = p.opt("ID") {
            parent_of.insert(format!("id:{id}"), i);
        }
        if let Some(sku) = p.opt("SKU") {
            parent_of.insert(sku.to_owned(), i);
        }
    }
    let mut children: Vec<Vec<Record>> = products.iter().map(|_| Vec::new()).collect();
    for v in variations {
        let parent = v.load().get("Parent").to_owned();
        match parent_of.get(&parent) {
            Some(&i) => children[i].push(v),
            None => out.push(rejected(
                v.line,
                "Parent",
                format!("this variation's parent '{parent}' is not in the file"),
            )),
        }
    }
    let attribute_count = headers
        .iter()
        .filter(|h| h.starts_with("Attribute ") && h.ends_with(" name"))
        .count();
    let mut slugs: HashSet<String> = HashSet::new();
    let len = out.len() + products.len();
    let made = products
        .into_iter()
        .zip(children)
        .map(move |(p, vars)| product(&p, &vars, &mut slugs, attribute_count));
    Ok(SourceRows::Lazy {
        len,
        rows: Box::new(out.into_iter().chain(made)),
    })
}

/// A sale date (`2026-12-01` or `2026-12-01 00:00:00`, the shop's time) as RFC 3339.
fn sale_date(raw: &str) -> Value {
    let date = raw.split([' ', 'T']).next().unwrap_or_default();
    let time = raw
        .split_once([' ', 'T'])
        .map_or("00:00:00", |(_, t)| t.trim());
    Value::String(format!("{date}T{time}+02:00"))
}

/// Prices: WooCommerce writes plain numbers ("499", "499.5").
fn money(raw: &str) -> Value {
    Value::String(raw.replace(',', ""))
}

/// A variation's attributes from `Attribute N name` / `Attribute N value(s)`, N up to `count`.
fn attributes(r: &Cells, count: usize) -> Map<String, Value> {
    (1..=count)
        .filter_map(|n| {
            let name = r.opt(&format!("Attribute {n} name"))?;
            let value = r.opt(&format!("Attribute {n} value(s)"))?;
            Some((name.to_owned(), Value::String(value.to_owned())))
        })
        .collect()
}

/// Stock as bazaar counts it: the number, or none in stock, or "in stock, not counted".
fn stock(r: &Cells) -> Value {
    match r.opt("Stock") {
        Some(n) => Value::String(n.to_owned()),
        None if matches!(r.get("In stock?"), "0" | "outofstock") => json!(0),
        None => json!(UNCOUNTED_STOCK),
    }
}

fn product(
    p: &Record,
    vars: &[Record],
    slugs: &mut HashSet<String>,
    attribute_count: usize,
) -> SourceRow {
    let p = &p.load();
    let vars: Vec<Cells> = vars.iter().map(Record::load).collect();
    let kinds = kinds(p);
    if kinds.iter().any(|k| k == "grouped") {
        return rejected(p.line, "Type", GROUPED);
    }
    if kinds.iter().any(|k| k == "external") {
        return rejected(p.line, "Type", EXTERNAL);
    }
    let name = p.get("Name");
    // WooCommerce makes its slugs from the name; a second product of the same name in the
    // file is told apart by its SKU or ID, so the same file always gives the same slugs.
    let mut slug = slugify(name);
    if !slugs.insert(slug.clone()) {
        slug = format!(
            "{slug}-{}",
            slugify(p.opt("SKU").or(p.opt("ID")).unwrap_or("2"))
        );
        slugs.insert(slug.clone());
    }
    let mut f = Map::new();
    f.insert("slug".into(), Value::String(slug.clone()));
    f.insert("name".into(), Value::String(name.to_owned()));
    let description = match p.opt("Description") {
        Some(html) => html_to_text(html),
        None => html_to_text(p.get("Short description")),
    };
    if !description.is_empty() {
        f.insert("description".into(), Value::String(description));
    }
    if let Some(brand) = p.opt("Brands") {
        f.insert(
            "brand".into(),
            Value::String(
                brand
                    .split(',')
                    .next()
                    .unwrap_or_default()
                    .trim()
                    .to_owned(),
            ),
        );
    }
    if let Some(category) = p
        .opt("Categories")
        .and_then(|c| c.split(',').next())
        .and_then(category_slug)
    {
        f.insert("category".into(), Value::String(category));
    }
    f.insert(
        "status".into(),
        Value::String(
            if p.get("Published") == "1" {
                "active"
            } else {
                "draft"
            }
            .into(),
        ),
    );
    if p.get("Is featured?") == "1" {
        f.insert("featured".into(), Value::Bool(true));
    }
    if kinds.iter().any(|k| k == "virtual" || k == "downloadable") {
        f.insert("product_type".into(), Value::String("digital".into()));
    }
    let images: Vec<(String, String)> = p
        .get("Images")
        .split(',')
        .map(str::trim)
        .filter(|u| !u.is_empty())
        .map(|u| (u.to_owned(), String::new()))
        .collect();
    put_images(&mut f, images);
    if kinds.iter().any(|k| k == "variable") {
        let variations: Result<Vec<Value>, (usize, String)> = vars
            .iter()
            .enumerate()
            .map(|(i, v)| variation(v, &slug, i, attribute_count).map_err(|e| (v.line, e)))
            .collect();
        let variations = match variations {
            Ok(v) => v,
            Err((line, e)) => return rejected(line, WOO_EXTRAS, e),
        };
        if variations.is_empty() {
            return rejected(
                p.line,
                "Type",
                "this variable product has no variation rows in the file",
            );
        }
        let first = &vars[0];
        f.insert("price".into(), money(first.get("Regular price")));
        f.insert("variations".into(), Value::Array(variations));
        f.insert("stock_quantity".into(), json!(0));
    } else {
        f.insert("price".into(), money(p.get("Regular price")));
        if let Some(sale) = p.opt("Sale price") {
            f.insert("sale_price".into(), money(sale));
            if let Some(from) = p.opt("Date sale price starts") {
                f.insert("sale_starts_at".into(), sale_date(from));
            }
            if let Some(to) = p.opt("Date sale price ends") {
                f.insert("sale_ends_at".into(), sale_date(to));
            }
        }
        f.insert("stock_quantity".into(), stock(p));
        if let Some(sku) = p.opt("SKU") {
            f.insert("sku".into(), Value::String(sku.to_owned()));
        }
    }
    if let Err(e) = overlay(&mut f, p.get(WOO_EXTRAS), WOO_EXTRAS) {
        return rejected(p.line, WOO_EXTRAS, e);
    }
    SourceRow {
        row: p.line,
        fields: f,
        errors: Vec::new(),
    }
}

fn variation(
    v: &Cells,
    parent_slug: &str,
    index: usize,
    attribute_count: usize,
) -> Result<Value, String> {
    let attributes = attributes(v, attribute_count);
    let values: Vec<&str> = attributes.values().filter_map(Value::as_str).collect();
    let sku = match v.opt("SKU") {
        Some(s) => s.to_owned(),
        None => made_sku(&[parent_slug, &values.join("-"), &(index + 1).to_string()]),
    };
    let mut out = Map::new();
    out.insert("sku".into(), Value::String(sku));
    out.insert("name".into(), Value::String(values.join(" / ")));
    out.insert("attributes".into(), Value::Object(attributes));
    out.insert("price".into(), money(v.get("Regular price")));
    if let Some(sale) = v.opt("Sale price") {
        out.insert("sale_price".into(), money(sale));
    }
    out.insert("stock_quantity".into(), stock(v));
    if let Some(kg) = v.opt("Weight (kg)").and_then(|w| w.parse::<f64>().ok()) {
        out.insert("weight_grams".into(), json!((kg * 1000.0).round() as i64));
    }
    if v.get("Published") == "0" {
        out.insert("enabled".into(), Value::Bool(false));
    }
    if let Some(image) = v.opt("Images") {
        out.insert(
            "images".into(),
            json!([image.split(',').next().unwrap_or_default().trim()]),
        );
    }
    overlay(&mut out, v.get(WOO_EXTRAS), WOO_EXTRAS)?;
    Ok(Value::Object(out))
}
