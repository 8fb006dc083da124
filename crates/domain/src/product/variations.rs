//! Variations of a product: their fields, attributes, and the rules that keep two
//! variations of one product apart (SKU and attributes).

use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

use super::{MAX_STOCK, MAX_VARIATIONS, NAME_MAX, check_url, parse_sku, within};
use crate::fields::{FieldError, Fields};
use crate::money::Cents;

pub const VARIATION_FIELDS: &[&str] = &[
    "sku",
    "name",
    "attributes",
    "price",
    "sale_price",
    "stock_quantity",
    "weight_grams",
    "dimensions",
    "images",
    "enabled",
    "manage_stock",
];

/// One name/value pair of a variation ("Size" = "M").
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct Attribute {
    pub name: String,
    pub value: String,
}

/// A variation whose every field passed its rule.
#[derive(Debug, Clone, PartialEq)]
pub struct VariationSpec {
    pub sku: String,
    pub name: String,
    pub attributes: Vec<Attribute>,
    pub price: Cents,
    pub sale_price: Option<Cents>,
    pub stock_quantity: i64,
    pub weight_grams: Option<i64>,
    pub dimensions: Option<Value>,
    pub images: Vec<String>,
    pub enabled: bool,
    pub manage_stock: bool,
}

/// Reads the `variations` list of a product priced `price` (a variation without a price
/// takes it), adding every problem to `errors`.
pub(super) fn read(
    map: &Map<String, Value>,
    price: Option<Cents>,
    errors: &mut Vec<FieldError>,
) -> Vec<VariationSpec> {
    let items = match map.get("variations") {
        None | Some(Value::Null) => return Vec::new(),
        Some(Value::Array(items)) => items,
        Some(_) => {
            errors.push(FieldError::new("variations", "must be a list"));
            return Vec::new();
        }
    };
    if items.len() > MAX_VARIATIONS {
        errors.push(FieldError::new(
            "variations",
            format!("at most {MAX_VARIATIONS} variations"),
        ));
        return Vec::new();
    }
    let mut out = Vec::with_capacity(items.len());
    for (i, item) in items.iter().enumerate() {
        let prefix = format!("variations[{i}].");
        match item {
            Value::Object(v) => match variation(v, &prefix, price) {
                Ok(v) => out.push(v),
                Err(mut e) => errors.append(&mut e),
            },
            _ => errors.push(FieldError::new(
                format!("variations[{i}]"),
                "must be an object",
            )),
        }
    }
    let mut skus: Vec<&str> = out.iter().map(|v| v.sku.as_str()).collect();
    skus.sort_unstable();
    if let Some(w) = skus.windows(2).find(|w| w[0] == w[1]) {
        errors.push(FieldError::new(
            "variations.sku",
            format!("SKU {} appears twice", w[0]),
        ));
    }
    let mut combos: Vec<Vec<&Attribute>> = out
        .iter()
        .filter(|v| !v.attributes.is_empty())
        .map(|v| {
            let mut a: Vec<&Attribute> = v.attributes.iter().collect();
            a.sort_by(|x, y| x.name.cmp(&y.name));
            a
        })
        .collect();
    combos.sort();
    if combos.windows(2).any(|w| w[0] == w[1]) {
        errors.push(FieldError::new(
            "variations.attributes",
            "two variations have the same attributes",
        ));
    }
    out
}

fn variation(
    map: &Map<String, Value>,
    prefix: &str,
    product_price: Option<Cents>,
) -> Result<VariationSpec, Vec<FieldError>> {
    let mut f = Fields::new(map, prefix);
    f.reject_unknown(VARIATION_FIELDS);
    let sku = f.required_text("sku");
    let sku = if sku.is_empty() {
        sku
    } else {
        parse_sku(&sku).unwrap_or_else(|e| {
            f.fail("sku", e);
            String::new()
        })
    };
    let attributes = attributes(&mut f);
    let name = f.text("name").unwrap_or_else(|| {
        attributes
            .iter()
            .map(|a| a.value.as_str())
            .collect::<Vec<_>>()
            .join(" / ")
    });
    if name.is_empty() {
        f.fail("name", "is required when there are no attributes");
    }
    within(&mut f, "name", &name, NAME_MAX);
    let price = f.amount("price").or(product_price);
    let sale_price = f.amount("sale_price");
    let stock_quantity = f.integer("stock_quantity", 0, MAX_STOCK).unwrap_or(0);
    let weight_grams = f.integer("weight_grams", 0, 1_000_000);
    let dimensions = match f.raw("dimensions") {
        None => None,
        Some(v @ Value::Object(_)) => Some(v.clone()),
        Some(_) => {
            f.fail("dimensions", "must be an object like {\"length_cm\": 30}");
            None
        }
    };
    let images = f.string_list("images");
    for url in &images {
        if let Err(e) = check_url(url) {
            f.fail("images", e);
        }
    }
    let enabled = f.bool("enabled", true);
    let manage_stock = f.bool("manage_stock", true);
    match price {
        Some(price) if f.errors.is_empty() => Ok(VariationSpec {
            sku,
            name,
            attributes,
            price,
            sale_price,
            stock_quantity,
            weight_grams,
            dimensions,
            images,
            enabled,
            manage_stock,
        }),
        _ => Err(f.errors),
    }
}

/// Attributes as an object (`{"Size": "M"}`), a list of `{"name", "value"}`, or CSV text
/// `Size=M|Colour=Black`, in the order given.
fn attributes(f: &mut Fields<'_>) -> Vec<Attribute> {
    let pair = |name: &str, value: &str| Attribute {
        name: name.trim().to_owned(),
        value: value.trim().to_owned(),
    };
    let text = |v: &Value| {
        v.as_str()
            .map(str::to_owned)
            .unwrap_or_else(|| v.to_string())
    };
    let attrs: Vec<Attribute> = match f.raw("attributes") {
        None => Vec::new(),
        Some(Value::Object(obj)) => obj.iter().map(|(k, v)| pair(k, &text(v))).collect(),
        Some(Value::Array(items)) => {
            let mut out = Vec::new();
            for item in items {
                match (item.get("name").and_then(Value::as_str), item.get("value")) {
                    (Some(n), Some(v)) => out.push(pair(n, &text(v))),
                    _ => f.fail("attributes", "each attribute needs a name and a value"),
                }
            }
            out
        }
        Some(Value::String(s)) => {
            let mut out = Vec::new();
            for part in s.split('|').filter(|p| !p.trim().is_empty()) {
                match part.split_once('=') {
                    Some((n, v)) => out.push(pair(n, v)),
                    None => f.fail("attributes", format!("'{part}' is not name=value")),
                }
            }
            out
        }
        Some(_) => {
            f.fail(
                "attributes",
                "must be an object or a list of name/value pairs",
            );
            Vec::new()
        }
    };
    if attrs
        .iter()
        .any(|a| a.name.is_empty() || a.value.is_empty())
    {
        f.fail("attributes", "attribute names and values must not be blank");
    }
    let mut names: Vec<&str> = attrs.iter().map(|a| a.name.as_str()).collect();
    names.sort_unstable();
    if names.windows(2).any(|w| w[0].eq_ignore_ascii_case(w[1])) {
        f.fail("attributes", "an attribute is named twice");
    }
    attrs
}
