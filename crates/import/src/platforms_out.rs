//! The catalogue in WooCommerce's and Shopify's product CSV layouts, as their own exporters
//! write them, so a shop can move its products to either platform (or edit them in a
//! spreadsheet) and import them here again.
//!
//! The platforms' columns hold what the platforms know. What they have no column for (a
//! store, videos, an inactive status, a sale window on Shopify, …) travels in one extra
//! column of JSON: WooCommerce's importer keeps `Meta: …` columns as the product's meta,
//! Shopify's reads `… (product.metafields.…)` columns as metafields, so the file stays
//! importable there. Each product is read back through this crate's own reader before it is
//! written: a field whose columns would not give the stored value back goes in the extra
//! column, the others do not, so an edited price or name in the platform's columns is what
//! an import takes, and exporting then importing changes nothing.

use std::collections::{BTreeMap, HashMap};

use bazaar_db::products::export::ExportProduct;
use chrono::{DateTime, Duration, Utc};
use serde_json::{Map, Value};

use crate::validate::{ValidProduct, validate};
use crate::{SourceRow, shopify, woocommerce};

/// The column of bazaar's own fields in a WooCommerce file.
pub const WOO_EXTRAS: &str = "Meta: bazaar";
/// The columns of bazaar's own fields in a Shopify file: the product's and each variant's.
pub const SHOPIFY_EXTRAS: &str = "bazaar (product.metafields.bazaar.fields)";
pub const SHOPIFY_VARIANT_EXTRAS: &str = "bazaar (variant.metafields.bazaar.fields)";

/// Attribute columns a WooCommerce file gets; a product with more keeps the rest in the
/// extra column.
const WOO_ATTRIBUTES: usize = 3;

pub const WOO_COLUMNS: [&str; 38] = [
    "ID",
    "Type",
    "SKU",
    "Name",
    "Published",
    "Is featured?",
    "Visibility in catalog",
    "Short description",
    "Description",
    "Date sale price starts",
    "Date sale price ends",
    "Tax status",
    "In stock?",
    "Stock",
    "Weight (kg)",
    "Length (cm)",
    "Width (cm)",
    "Height (cm)",
    "Sale price",
    "Regular price",
    "Categories",
    "Tags",
    "Images",
    "Parent",
    "Brands",
    "Attribute 1 name",
    "Attribute 1 value(s)",
    "Attribute 1 visible",
    "Attribute 1 global",
    "Attribute 2 name",
    "Attribute 2 value(s)",
    "Attribute 2 visible",
    "Attribute 2 global",
    "Attribute 3 name",
    "Attribute 3 value(s)",
    "Attribute 3 visible",
    "Attribute 3 global",
    WOO_EXTRAS,
];

pub const SHOPIFY_COLUMNS: [&str; 35] = [
    "Handle",
    "Title",
    "Body (HTML)",
    "Vendor",
    "Product Category",
    "Type",
    "Tags",
    "Published",
    "Option1 Name",
    "Option1 Value",
    "Option2 Name",
    "Option2 Value",
    "Option3 Name",
    "Option3 Value",
    "Variant SKU",
    "Variant Grams",
    "Variant Inventory Tracker",
    "Variant Inventory Qty",
    "Variant Inventory Policy",
    "Variant Fulfillment Service",
    "Variant Price",
    "Variant Compare At Price",
    "Variant Requires Shipping",
    "Variant Taxable",
    "Image Src",
    "Image Position",
    "Image Alt Text",
    "Gift Card",
    "SEO Title",
    "SEO Description",
    "Variant Image",
    "Variant Weight Unit",
    "Status",
    SHOPIFY_EXTRAS,
    SHOPIFY_VARIANT_EXTRAS,
];

/// One CSV row being filled by column name.
struct Row<'a> {
    columns: &'a [&'a str],
    cells: HashMap<&'a str, String>,
}

impl<'a> Row<'a> {
    fn new(columns: &'a [&'a str]) -> Self {
        Row {
            columns,
            cells: HashMap::new(),
        }
    }

    fn set(&mut self, column: &'a str, value: impl Into<String>) {
        self.cells.insert(column, value.into());
    }

    fn cells(&self) -> Vec<String> {
        self.columns
            .iter()
            .map(|c| self.cells.get(c).cloned().unwrap_or_default())
            .collect()
    }
}

fn text(v: Option<&Value>) -> String {
    match v {
        None | Some(Value::Null) => String::new(),
        Some(Value::String(s)) => s.clone(),
        Some(other) => other.to_string(),
    }
}

/// Text as HTML that reads back as the same text: the three special characters escaped,
/// the line breaks kept (text without block tags keeps its own).
fn html(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

/// The shop's time (South Africa, UTC+2), as WooCommerce writes dates.
fn shop_time(t: Option<DateTime<Utc>>) -> String {
    t.map(|t| {
        (t + Duration::hours(2))
            .format("%Y-%m-%d %H:%M:%S")
            .to_string()
    })
    .unwrap_or_default()
}

fn images(record: &Value) -> Vec<(String, String)> {
    record
        .get("images")
        .and_then(Value::as_array)
        .map(|list| {
            list.iter()
                .map(|i| (text(i.get("url")), text(i.get("alt"))))
                .collect()
        })
        .unwrap_or_default()
}

fn variations(record: &Value) -> Vec<Value> {
    record
        .get("variations")
        .and_then(Value::as_array)
        .cloned()
        .unwrap_or_default()
}

/// A variation's attributes as (name, value).
fn attributes(v: &Value) -> Vec<(String, String)> {
    v.get("attributes")
        .and_then(Value::as_array)
        .map(|list| {
            list.iter()
                .map(|a| (text(a.get("name")), text(a.get("value"))))
                .collect()
        })
        .unwrap_or_default()
}

/// Every attribute name of the variations, in the order first seen.
fn attribute_names(vars: &[Value]) -> Vec<String> {
    let mut names: Vec<String> = Vec::new();
    for v in vars {
        for (name, _) in attributes(v) {
            if !names.contains(&name) {
                names.push(name);
            }
        }
    }
    names
}

fn stock_of(v: &Value) -> i64 {
    v.get("stock_quantity").and_then(Value::as_i64).unwrap_or(0)
}

fn kilograms(grams: Option<i64>) -> String {
    grams
        .map(|g| (g as f64 / 1000.0).to_string())
        .unwrap_or_default()
}

/// A product's rows in WooCommerce's layout: the product, then one row per variation
/// naming its parent by `id:N` (`id` is the product's number in the file).
pub fn woocommerce_rows(p: &ExportProduct, record: &Value, id: usize) -> Vec<Vec<String>> {
    let vars = variations(record);
    let digital = p.product_type == "digital";
    let mut kind = if vars.is_empty() {
        "simple"
    } else {
        "variable"
    }
    .to_owned();
    if digital {
        kind.push_str(", virtual");
    }
    let mut rows = Vec::new();
    let mut product = Row::new(&WOO_COLUMNS);
    product.set("ID", id.to_string());
    product.set("Type", kind);
    product.set("SKU", text(record.get("sku")));
    product.set("Name", &p.name);
    product.set("Published", if p.status == "active" { "1" } else { "-1" });
    product.set("Is featured?", if p.featured { "1" } else { "0" });
    product.set("Visibility in catalog", "visible");
    product.set("Description", html(&p.description));
    product.set("Tax status", "taxable");
    product.set(
        "Categories",
        p.category_name
            .clone()
            .unwrap_or_else(|| p.category.clone()),
    );
    product.set(
        "Images",
        images(record)
            .into_iter()
            .map(|(url, _)| url)
            .collect::<Vec<_>>()
            .join(", "),
    );
    product.set("Brands", &p.brand);
    if vars.is_empty() {
        product.set("Regular price", text(record.get("price")));
        product.set("Sale price", text(record.get("sale_price")));
        if p.sale_price_cents.is_some() {
            product.set("Date sale price starts", shop_time(p.sale_starts_at));
            product.set("Date sale price ends", shop_time(p.sale_ends_at));
        }
        product.set("Stock", p.stock_quantity.to_string());
        product.set("In stock?", if p.stock_quantity > 0 { "1" } else { "0" });
    } else {
        product.set("In stock?", "1");
    }
    let names = attribute_names(&vars);
    let columns = [
        (
            "Attribute 1 name",
            "Attribute 1 value(s)",
            "Attribute 1 visible",
            "Attribute 1 global",
        ),
        (
            "Attribute 2 name",
            "Attribute 2 value(s)",
            "Attribute 2 visible",
            "Attribute 2 global",
        ),
        (
            "Attribute 3 name",
            "Attribute 3 value(s)",
            "Attribute 3 visible",
            "Attribute 3 global",
        ),
    ];
    for (n, name) in names.iter().take(WOO_ATTRIBUTES).enumerate() {
        let mut values: Vec<String> = Vec::new();
        for v in &vars {
            for (a, value) in attributes(v) {
                if &a == name && !values.contains(&value) {
                    values.push(value);
                }
            }
        }
        product.set(columns[n].0, name);
        product.set(columns[n].1, values.join(", "));
        product.set(columns[n].2, "1");
        product.set(columns[n].3, "0");
    }
    rows.push(product);
    for v in &vars {
        let mut row = Row::new(&WOO_COLUMNS);
        let own = attributes(v);
        row.set("Type", "variation");
        row.set("SKU", text(v.get("sku")));
        let values: Vec<&str> = own.iter().map(|(_, value)| value.as_str()).collect();
        row.set("Name", format!("{} - {}", p.name, values.join(", ")));
        let enabled = v.get("enabled").and_then(Value::as_bool).unwrap_or(true);
        row.set("Published", if enabled { "1" } else { "0" });
        row.set("Regular price", text(v.get("price")));
        row.set("Sale price", text(v.get("sale_price")));
        let stock = stock_of(v);
        row.set("Stock", stock.to_string());
        row.set("In stock?", if stock > 0 { "1" } else { "0" });
        row.set(
            "Weight (kg)",
            kilograms(v.get("weight_grams").and_then(Value::as_i64)),
        );
        if let Some(first) = v
            .get("images")
            .and_then(Value::as_array)
            .and_then(|i| i.first())
        {
            row.set("Images", text(Some(first)));
        }
        row.set("Parent", format!("id:{id}"));
        for (n, name) in names.iter().take(WOO_ATTRIBUTES).enumerate() {
            if let Some((_, value)) = own.iter().find(|(a, _)| a == name) {
                row.set(columns[n].0, name);
                row.set(columns[n].1, value);
            }
        }
        rows.push(row);
    }
    let mut cells: Vec<Vec<String>> = rows.iter().map(Row::cells).collect();
    // The product's extras on its row, variation i's on row i + 1.
    let at = WOO_COLUMNS.len() - 1;
    add_extras(
        record,
        &mut cells,
        &WOO_COLUMNS,
        Layout::WooCommerce,
        (0, at),
        |i| (i + 1, at),
    );
    cells
}

/// A product's rows in Shopify's layout: rows of one handle, the first with the product,
/// each with a variant and/or a picture.
pub fn shopify_rows(p: &ExportProduct, record: &Value) -> Vec<Vec<String>> {
    let vars = variations(record);
    let pictures = images(record);
    let digital = p.product_type == "digital";
    let names = attribute_names(&vars);
    let option_columns = [
        ("Option1 Name", "Option1 Value"),
        ("Option2 Name", "Option2 Value"),
        ("Option3 Name", "Option3 Value"),
    ];
    // A product without variations is one variant with Shopify's "Default Title".
    let simple = vars.is_empty();
    let variants = if simple { 1 } else { vars.len() };
    let count = variants.max(pictures.len()).max(1);
    let mut rows = Vec::new();
    for i in 0..count {
        let mut row = Row::new(&SHOPIFY_COLUMNS);
        row.set("Handle", &p.slug);
        if i == 0 {
            row.set("Title", &p.name);
            row.set("Body (HTML)", html(&p.description));
            row.set("Vendor", &p.brand);
            row.set(
                "Type",
                p.category_name
                    .clone()
                    .unwrap_or_else(|| p.category.clone()),
            );
            row.set(
                "Published",
                if p.status == "active" {
                    "true"
                } else {
                    "false"
                },
            );
            row.set(
                "Status",
                match p.status.as_str() {
                    "active" => "active",
                    "inactive" | "archived" => "archived",
                    _ => "draft",
                },
            );
            row.set("Gift Card", "false");
            row.set("SEO Title", &p.seo_title);
            row.set("SEO Description", &p.seo_description);
            if simple {
                row.set("Option1 Name", "Title");
            } else {
                for (n, name) in names.iter().take(3).enumerate() {
                    row.set(option_columns[n].0, name);
                }
            }
        }
        let variant = vars.get(i);
        if i < variants {
            let (sku, price, sale, stock, grams, image) = match variant {
                None => (
                    text(record.get("sku")),
                    text(record.get("price")),
                    text(record.get("sale_price")),
                    p.stock_quantity,
                    None,
                    String::new(),
                ),
                Some(v) => (
                    text(v.get("sku")),
                    text(v.get("price")),
                    text(v.get("sale_price")),
                    stock_of(v),
                    v.get("weight_grams").and_then(Value::as_i64),
                    v.get("images")
                        .and_then(Value::as_array)
                        .and_then(|i| i.first())
                        .map(|f| text(Some(f)))
                        .unwrap_or_default(),
                ),
            };
            if let Some(v) = variant {
                let own = attributes(v);
                for (n, name) in names.iter().take(3).enumerate() {
                    if let Some((_, value)) = own.iter().find(|(a, _)| a == name) {
                        row.set(option_columns[n].1, value);
                    }
                }
            } else {
                row.set("Option1 Value", "Default Title");
            }
            row.set("Variant SKU", sku);
            row.set(
                "Variant Grams",
                grams.map(|g| g.to_string()).unwrap_or_default(),
            );
            row.set("Variant Inventory Tracker", "shopify");
            row.set("Variant Inventory Qty", stock.to_string());
            row.set("Variant Inventory Policy", "deny");
            row.set("Variant Fulfillment Service", "manual");
            // Shopify's price is what customers pay; the higher "compare at" price is the
            // regular one.
            if sale.is_empty() {
                row.set("Variant Price", price);
            } else {
                row.set("Variant Price", sale);
                row.set("Variant Compare At Price", price);
            }
            row.set(
                "Variant Requires Shipping",
                if digital { "false" } else { "true" },
            );
            row.set("Variant Taxable", "true");
            row.set("Variant Image", image);
            row.set("Variant Weight Unit", "g");
        }
        if let Some((src, alt)) = pictures.get(i) {
            row.set("Image Src", src);
            row.set("Image Position", (i + 1).to_string());
            row.set("Image Alt Text", alt);
        }
        rows.push(row);
    }
    let mut cells: Vec<Vec<String>> = rows.iter().map(Row::cells).collect();
    let product_at = SHOPIFY_COLUMNS.len() - 2;
    let variant_at = SHOPIFY_COLUMNS.len() - 1;
    add_extras(
        record,
        &mut cells,
        &SHOPIFY_COLUMNS,
        Layout::Shopify,
        (0, product_at),
        |i| (i, variant_at),
    );
    cells
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Layout {
    WooCommerce,
    Shopify,
}

/// Reads the rows back as the importer would and writes, in the extra columns, the fields
/// that would not come back as they are: the product's at `product_cell` (row, column),
/// variation `i`'s at `variation_cell(i)`.
fn add_extras(
    record: &Value,
    rows: &mut [Vec<String>],
    columns: &[&str],
    layout: Layout,
    product_cell: (usize, usize),
    variation_cell: impl Fn(usize) -> (usize, usize),
) {
    let Some(stored) = record.as_object().and_then(|r| validate(r).ok()) else {
        return;
    };
    let read = read_back(rows, columns, layout);
    let (product, variations) = differences(record, &stored, read.as_ref());
    if !product.is_empty() {
        rows[product_cell.0][product_cell.1] = Value::Object(product).to_string();
    }
    for (i, extras) in variations.into_iter().enumerate() {
        if extras.is_empty() {
            continue;
        }
        let (row, column) = variation_cell(i);
        if let Some(cell) = rows.get_mut(row).and_then(|r| r.get_mut(column)) {
            *cell = Value::Object(extras).to_string();
        }
    }
}

/// The product as this crate's reader makes it from `rows`.
fn read_back(rows: &[Vec<String>], columns: &[&str], layout: Layout) -> Option<ValidProduct> {
    let mut w = csv::Writer::from_writer(Vec::new());
    w.write_record(columns).ok()?;
    for row in rows {
        w.write_record(row).ok()?;
    }
    let text = String::from_utf8(w.into_inner().ok()?).ok()?;
    let rows = match layout {
        Layout::WooCommerce => woocommerce::read(&text).ok()?,
        Layout::Shopify => shopify::read(&text).ok()?,
    };
    let mut source: SourceRow = rows.into_iter().next()?;
    if !source.errors.is_empty() {
        return None;
    }
    source.fields.remove(shopify::STORE_HINT);
    validate(&source.fields).ok()
}

/// The record's fields that `read` lacks or has otherwise: the product's, and each
/// variation's (by the record's order).
fn differences(
    record: &Value,
    stored: &ValidProduct,
    read: Option<&ValidProduct>,
) -> (Map<String, Value>, Vec<Map<String, Value>>) {
    let all = |v: &Value| -> Map<String, Value> { v.as_object().cloned().unwrap_or_default() };
    let vars = variations(record);
    let Some(read) = read else {
        let mut product = all(record);
        product.remove("variations");
        product.remove("created_at");
        return (product, vars.iter().map(all).collect());
    };
    let (a, b) = (&stored.product, &read.product);
    let mut keys: Vec<&str> = Vec::new();
    let mut differ = |same: bool, key: &'static str| {
        if !same {
            keys.push(key);
        }
    };
    differ(a.slug == b.slug, "slug");
    differ(a.name == b.name, "name");
    differ(a.brand == b.brand, "brand");
    differ(stored.category == read.category, "category");
    differ(stored.vendor_slug == read.vendor_slug, "vendor");
    differ(a.description == b.description, "description");
    differ(a.price == b.price, "price");
    differ(a.sale_price == b.sale_price, "sale_price");
    differ(a.sale_starts_at == b.sale_starts_at, "sale_starts_at");
    differ(a.sale_ends_at == b.sale_ends_at, "sale_ends_at");
    differ(a.images == b.images, "images");
    differ(a.videos == b.videos, "videos");
    differ(a.status == b.status, "status");
    differ(a.featured == b.featured, "featured");
    differ(a.daily_deal == b.daily_deal, "daily_deal");
    differ(a.product_type == b.product_type, "product_type");
    differ(
        a.max_owned_per_user == b.max_owned_per_user,
        "max_owned_per_user",
    );
    differ(a.stock_quantity == b.stock_quantity, "stock_quantity");
    differ(a.sku == b.sku, "sku");
    differ(a.seo_title == b.seo_title, "seo_title");
    differ(a.seo_description == b.seo_description, "seo_description");
    let product: Map<String, Value> = keys
        .into_iter()
        .map(|k| (k.to_owned(), record.get(k).cloned().unwrap_or(Value::Null)))
        .collect();
    let by_sku: BTreeMap<&str, &bazaar_db::products::VariationInput> =
        b.variations.iter().map(|v| (v.sku.as_str(), v)).collect();
    let variations = vars
        .iter()
        .zip(&a.variations)
        .map(|(raw, va)| {
            let Some(vb) = by_sku.get(va.sku.as_str()) else {
                return all(raw);
            };
            let mut keys: Vec<&str> = Vec::new();
            let mut differ = |same: bool, key: &'static str| {
                if !same {
                    keys.push(key);
                }
            };
            differ(va.name == vb.name, "name");
            differ(va.attributes == vb.attributes, "attributes");
            differ(va.price == vb.price, "price");
            differ(va.sale_price == vb.sale_price, "sale_price");
            differ(va.stock_quantity == vb.stock_quantity, "stock_quantity");
            differ(va.weight_grams == vb.weight_grams, "weight_grams");
            differ(va.dimensions == vb.dimensions, "dimensions");
            differ(va.images == vb.images, "images");
            differ(va.enabled == vb.enabled, "enabled");
            differ(va.manage_stock == vb.manage_stock, "manage_stock");
            keys.into_iter()
                .map(|k| (k.to_owned(), raw.get(k).cloned().unwrap_or(Value::Null)))
                .collect()
        })
        .collect();
    (product, variations)
}

/// Puts a cell of bazaar's fields (a JSON object) over the fields a reader made; a file
/// edited by hand into something else is reported against the column.
pub fn overlay(fields: &mut Map<String, Value>, cell: &str, column: &str) -> Result<(), String> {
    let cell = cell.trim();
    if cell.is_empty() {
        return Ok(());
    }
    let Ok(Value::Object(extras)) = serde_json::from_str::<Value>(cell) else {
        return Err(format!(
            "'{column}' must be a JSON object of bazaar's fields"
        ));
    };
    if extras.contains_key("images") {
        fields.remove("image_url");
    }
    for (k, v) in extras {
        if k != "variations" {
            fields.insert(k, v);
        }
    }
    Ok(())
}
