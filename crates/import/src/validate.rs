//! Turns one row's fields into a product the database layer can write, or says exactly
//! which fields are wrong and why.

use bazaar_db::products::{Attribute, ProductInput, VariationInput};
use bazaar_domain::catalogue::{ProductStatus, ProductType};
use bazaar_domain::text::{Slug, slugify};
use chrono::{DateTime, Utc};
use serde_json::{Map, Value};

use crate::fields::{FieldError, Fields};

pub const PRODUCT_FIELDS: &[&str] = &[
    "slug",
    "name",
    "brand",
    "category",
    "vendor",
    "description",
    "price",
    "sale_price",
    "image_url",
    "videos",
    "status",
    "featured",
    "daily_deal",
    "product_type",
    "max_owned_per_user",
    "stock_quantity",
    "created_at",
    "variations",
];

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

const MAX_STOCK: i64 = 1_000_000_000;

/// A validated product; the vendor is still a slug for the importer to resolve.
#[derive(Debug, Clone)]
pub struct ValidProduct {
    pub product: ProductInput,
    pub vendor_slug: Option<String>,
    pub category: String,
}

/// Validates one product record (import format of docs/contracts.md).
pub fn validate(map: &Map<String, Value>) -> Result<ValidProduct, Vec<FieldError>> {
    let mut f = Fields::new(map, "");
    f.reject_unknown(PRODUCT_FIELDS);

    let slug = f.required_text("slug");
    if !slug.is_empty() && Slug::parse(&slug).is_err() {
        f.fail("slug", bazaar_domain::text::SlugError.to_string());
    }
    let name = f.required_text("name");
    if name.chars().count() > 200 {
        f.fail("name", "must be at most 200 characters");
    }
    let brand = f.text("brand").unwrap_or_default();
    if brand.chars().count() > 80 {
        f.fail("brand", "must be at most 80 characters");
    }
    let category = f.text("category").map(|c| slugify(&c)).unwrap_or_default();
    let vendor_slug = f.text("vendor");
    let description = f.text("description").unwrap_or_default();
    if description.chars().count() > 20_000 {
        f.fail("description", "must be at most 20000 characters");
    }
    let price = f.amount("price");
    if price.is_none() && f.raw("price").is_none() {
        f.fail("price", "is required");
    }
    let sale_price = f.amount("sale_price");
    let image_url = f.text("image_url");
    if let Some(url) = &image_url {
        check_url(&mut f, "image_url", url);
    }
    let videos = f.string_list("videos");
    for url in &videos {
        check_url(&mut f, "videos", url);
    }
    let status = parse_enum::<ProductStatus>(&mut f, "status").unwrap_or(ProductStatus::Active);
    let product_type =
        parse_enum::<ProductType>(&mut f, "product_type").unwrap_or(ProductType::Physical);
    let featured = f.bool("featured", false);
    let daily_deal = f.bool("daily_deal", false);
    let max_owned_per_user = f.integer("max_owned_per_user", 1, 1_000_000);
    if max_owned_per_user.is_some() && product_type != ProductType::Digital {
        f.fail(
            "max_owned_per_user",
            "only digital products can limit how many a customer owns",
        );
    }
    let stock_quantity = f.integer("stock_quantity", 0, MAX_STOCK).unwrap_or(0);
    let created_at = f
        .text("created_at")
        .and_then(|t| match DateTime::parse_from_rfc3339(&t) {
            Ok(t) => Some(t.with_timezone(&Utc)),
            Err(_) => {
                f.fail(
                    "created_at",
                    "must be a date-time like 2026-10-01T10:00:00Z",
                );
                None
            }
        });

    let mut errors = std::mem::take(&mut f.errors);
    let variations = match map.get("variations") {
        None | Some(Value::Null) => Vec::new(),
        Some(Value::Array(items)) => {
            let mut out = Vec::with_capacity(items.len());
            for (i, item) in items.iter().enumerate() {
                let prefix = format!("variations[{i}].");
                match item {
                    Value::Object(v) => match validate_variation(v, &prefix, price) {
                        Ok(v) => out.push(v),
                        Err(mut e) => errors.append(&mut e),
                    },
                    _ => errors.push(FieldError::new(
                        format!("variations[{i}]"),
                        "must be an object",
                    )),
                }
            }
            let mut skus: Vec<&str> = out
                .iter()
                .map(|v: &VariationInput| v.sku.as_str())
                .collect();
            skus.sort_unstable();
            if let Some(w) = skus.windows(2).find(|w| w[0] == w[1]) {
                errors.push(FieldError::new(
                    "variations.sku",
                    format!("SKU {} appears twice", w[0]),
                ));
            }
            out
        }
        Some(_) => {
            errors.push(FieldError::new("variations", "must be a list"));
            Vec::new()
        }
    };

    match price {
        Some(price) if errors.is_empty() => Ok(ValidProduct {
            product: ProductInput {
                slug,
                name,
                brand,
                category: category.clone(),
                vendor_id: None,
                description,
                price,
                sale_price,
                image_url,
                videos,
                status,
                featured,
                daily_deal,
                product_type: product_type.as_str().to_owned(),
                max_owned_per_user,
                stock_quantity,
                created_at,
                variations,
            },
            vendor_slug,
            category,
        }),
        _ => Err(errors),
    }
}

fn validate_variation(
    map: &Map<String, Value>,
    prefix: &str,
    product_price: Option<bazaar_domain::money::Cents>,
) -> Result<VariationInput, Vec<FieldError>> {
    let mut f = Fields::new(map, prefix);
    f.reject_unknown(VARIATION_FIELDS);
    let sku = f.required_text("sku").to_ascii_uppercase();
    let sku_ok = |s: &str| {
        !s.is_empty()
            && s.len() <= 64
            && s.bytes()
                .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_' || b == b'.')
    };
    if !sku.is_empty() && !sku_ok(&sku) {
        f.fail("sku", "must be at most 64 letters, digits, '-', '_' or '.'");
    }
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
    let enabled = f.bool("enabled", true);
    let manage_stock = f.bool("manage_stock", true);
    match price {
        Some(price) if f.errors.is_empty() => Ok(VariationInput {
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
    let attrs: Vec<Attribute> = match f.raw("attributes") {
        None => Vec::new(),
        Some(Value::Object(obj)) => obj
            .iter()
            .map(|(k, v)| {
                pair(
                    k,
                    &v.as_str()
                        .map(str::to_owned)
                        .unwrap_or_else(|| v.to_string()),
                )
            })
            .collect(),
        Some(Value::Array(items)) => {
            let mut out = Vec::new();
            for item in items {
                match (item.get("name").and_then(Value::as_str), item.get("value")) {
                    (Some(n), Some(v)) => out.push(pair(
                        n,
                        &v.as_str()
                            .map(str::to_owned)
                            .unwrap_or_else(|| v.to_string()),
                    )),
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
    if attrs.iter().any(|a| a.name.is_empty()) {
        f.fail("attributes", "attribute names must not be blank");
    }
    attrs
}

fn parse_enum<T: std::str::FromStr<Err = String>>(f: &mut Fields<'_>, field: &str) -> Option<T> {
    let text = f.text(field)?;
    match text.parse::<T>() {
        Ok(v) => Some(v),
        Err(e) => {
            f.fail(field, e);
            None
        }
    }
}

fn check_url(f: &mut Fields<'_>, field: &str, url: &str) {
    let ok = (url.starts_with('/') && !url.starts_with("//"))
        || url.starts_with("https://")
        || url.starts_with("http://");
    if !ok || url.chars().any(char::is_whitespace) {
        f.fail(
            field,
            format!("'{url}' must be a path starting with / or an http(s) URL"),
        );
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    fn obj(v: Value) -> Map<String, Value> {
        v.as_object().cloned().unwrap()
    }

    #[test]
    fn a_full_record_validates() {
        let v = validate(&obj(json!({
            "slug": "ovr-aero-tee", "name": "OVR Aero Tee", "brand": "OVR", "category": "Training Gear",
            "vendor": "ovr-official", "price": "499.00", "sale_price": 399, "status": "active",
            "featured": "yes", "variations": [
                {"sku": "ovr-aero-m", "attributes": {"Size": "M", "Colour": "Black"}, "stock_quantity": 3},
                {"sku": "OVR-AERO-L", "name": "Large", "attributes": "Size=L|Colour=Black", "price": 549.5}
            ]
        })))
        .unwrap();
        assert_eq!(v.category, "training-gear");
        assert_eq!(v.vendor_slug.as_deref(), Some("ovr-official"));
        let p = v.product;
        assert_eq!(
            (p.price.0, p.sale_price.map(|c| c.0), p.featured),
            (49900, Some(39900), true)
        );
        assert_eq!(p.variations[0].sku, "OVR-AERO-M");
        assert_eq!(p.variations[0].name, "M / Black");
        assert_eq!(
            p.variations[0].price.0, 49900,
            "a variation without a price takes the product's"
        );
        assert_eq!(p.variations[1].price.0, 54950);
        assert_eq!(
            p.variations[1].attributes[1],
            Attribute {
                name: "Colour".into(),
                value: "Black".into()
            }
        );
    }

    #[test]
    fn every_bad_field_is_named() {
        let errors = validate(&obj(json!({
            "slug": "Bad Slug", "price": "12.345", "status": "gone", "colour": "red",
            "product_type": "physical", "max_owned_per_user": 2, "stock_quantity": -1,
            "variations": [{"sku": "A"}, {"sku": "A", "price": "x"}]
        })))
        .unwrap_err();
        let fields: Vec<&str> = errors.iter().map(|e| e.field.as_str()).collect();
        for expected in [
            "slug",
            "name",
            "price",
            "status",
            "colour",
            "max_owned_per_user",
            "stock_quantity",
            "variations[0].name",
            "variations[1].price",
        ] {
            assert!(
                fields.contains(&expected),
                "{expected} missing from {errors:?}"
            );
        }
        let price = errors.iter().find(|e| e.field == "price").unwrap();
        assert_eq!(price.reason, "must have at most 2 decimals");
        let colour = errors.iter().find(|e| e.field == "colour").unwrap();
        assert_eq!(colour.reason, "unknown field");
    }

    #[test]
    fn duplicate_skus_in_one_product_are_rejected() {
        let errors = validate(&obj(json!({
            "slug": "a", "name": "A", "price": 1,
            "variations": [{"sku": "X", "name": "x"}, {"sku": "x", "name": "y"}]
        })))
        .unwrap_err();
        assert_eq!(
            errors,
            vec![FieldError::new("variations.sku", "SKU X appears twice")]
        );
    }
}
