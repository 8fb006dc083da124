//! The rules of a product, one set for every writer: the importer (and the seed, which
//! imports), and the vendor's editor. Each reads a JSON object and either gets a
//! [`ProductSpec`] or the list of every field that is wrong and why (STYLE.md "parse, don't
//! validate"). What needs the database (the category exists, the slug and SKUs are free)
//! is checked by the writer, with the same field names.

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value, json};

mod variations;

pub use variations::{Attribute, VARIATION_FIELDS, VariationSpec};

use crate::catalogue::{ProductStatus, ProductType};
use crate::fields::{FieldError, Fields};
use crate::money::Cents;
use crate::text::{Slug, SlugError, slugify};

/// Who is writing: the importer knows fields only the platform sets (vendor, featured,
/// daily deal, creation time); the editor sends a vendor's own fields.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Origin {
    Import,
    Editor,
}

/// Fields both writers accept.
const COMMON_FIELDS: &[&str] = &[
    "slug",
    "name",
    "brand",
    "category",
    "description",
    "price",
    "sale_price",
    "sale_starts_at",
    "sale_ends_at",
    "images",
    "videos",
    "status",
    "product_type",
    "max_owned_per_user",
    "stock_quantity",
    "sku",
    "seo_title",
    "seo_description",
    "variations",
];

/// Fields only an import sets.
const IMPORT_FIELDS: &[&str] = &[
    "vendor",
    "image_url",
    "featured",
    "daily_deal",
    "created_at",
];

/// Every field a writer of `origin` accepts.
pub fn fields(origin: Origin) -> Vec<&'static str> {
    let mut all = COMMON_FIELDS.to_vec();
    if origin == Origin::Import {
        all.extend_from_slice(IMPORT_FIELDS);
    }
    all
}

pub const NAME_MAX: usize = 200;
pub const BRAND_MAX: usize = 80;
pub const DESCRIPTION_MAX: usize = 20_000;
pub const SEO_TITLE_MAX: usize = 70;
pub const SEO_DESCRIPTION_MAX: usize = 160;
pub const ALT_MAX: usize = 200;
pub const MAX_STOCK: i64 = 1_000_000_000;
pub const MAX_IMAGES: usize = 12;
pub const MAX_VIDEOS: usize = 6;
pub const MAX_VARIATIONS: usize = 100;
pub const SKU_RULE: &str = "must be at most 64 letters, digits, '-', '_' or '.'";

/// A picture of a product: where it is and what it shows, for people who cannot see it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Image {
    pub url: String,
    #[serde(default)]
    pub alt: String,
}

/// A product whose every field passed its rule.
#[derive(Debug, Clone, PartialEq)]
pub struct ProductSpec {
    /// Empty from the editor when none was given: the writer derives it from the name.
    pub slug: String,
    pub name: String,
    pub brand: String,
    /// A category slug (empty: none).
    pub category: String,
    pub description: String,
    pub price: Cents,
    pub sale_price: Option<Cents>,
    /// The sale price counts from here (open when `None`).
    pub sale_starts_at: Option<DateTime<Utc>>,
    /// The sale price counts until here (open when `None`).
    pub sale_ends_at: Option<DateTime<Utc>>,
    pub images: Vec<Image>,
    pub videos: Vec<String>,
    pub status: ProductStatus,
    pub product_type: ProductType,
    pub max_owned_per_user: Option<i64>,
    pub stock_quantity: i64,
    /// The SKU of a product without variations.
    pub sku: Option<String>,
    pub seo_title: String,
    pub seo_description: String,
    pub variations: Vec<VariationSpec>,
    /// Import only.
    pub vendor: Option<String>,
    pub featured: bool,
    pub daily_deal: bool,
    pub created_at: Option<DateTime<Utc>>,
}

impl ProductSpec {
    /// The picture cards show: the first one.
    pub fn image_url(&self) -> Option<String> {
        self.images.first().map(|i| i.url.clone())
    }
}

/// A stock keeping unit: upper-cased, at most 64 letters, digits, `-`, `_` or `.`.
pub fn parse_sku(raw: &str) -> Result<String, &'static str> {
    let sku = raw.trim().to_ascii_uppercase();
    let ok = !sku.is_empty()
        && sku.len() <= 64
        && sku
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_' || b == b'.');
    if ok { Ok(sku) } else { Err(SKU_RULE) }
}

/// A link to a picture or video: a site path (`/media/…`) or an http(s) URL.
pub fn check_url(url: &str) -> Result<(), String> {
    let ok = (url.starts_with('/') && !url.starts_with("//"))
        || url.starts_with("https://")
        || url.starts_with("http://");
    if !ok || url.chars().any(char::is_whitespace) || url.len() > 2000 {
        return Err(format!(
            "'{url}' must be a path starting with / or an http(s) URL"
        ));
    }
    Ok(())
}

/// Reads a product from `map` as `origin` sends it.
pub fn parse(map: &Map<String, Value>, origin: Origin) -> Result<ProductSpec, Vec<FieldError>> {
    let mut f = Fields::new(map, "");
    f.reject_unknown(&fields(origin));

    let slug = match (f.text("slug"), origin) {
        (Some(s), _) => {
            if let Err(SlugError) = Slug::parse(&s) {
                f.fail("slug", SlugError.to_string());
            }
            s
        }
        (None, Origin::Import) => {
            f.fail("slug", "is required");
            String::new()
        }
        (None, Origin::Editor) => String::new(),
    };
    let name = f.required_text("name");
    within(&mut f, "name", &name, NAME_MAX);
    let brand = f.text("brand").unwrap_or_default();
    within(&mut f, "brand", &brand, BRAND_MAX);
    let category = f.text("category").map(|c| slugify(&c)).unwrap_or_default();
    let description = f.text("description").unwrap_or_default();
    within(&mut f, "description", &description, DESCRIPTION_MAX);
    let seo_title = f.text("seo_title").unwrap_or_default();
    within(&mut f, "seo_title", &seo_title, SEO_TITLE_MAX);
    let seo_description = f.text("seo_description").unwrap_or_default();
    within(
        &mut f,
        "seo_description",
        &seo_description,
        SEO_DESCRIPTION_MAX,
    );

    let price = f.amount("price");
    if price.is_none() && f.raw("price").is_none() {
        f.fail("price", "is required");
    }
    // A sale price that is not lower is kept and does not apply (SPEC.md §5).
    let sale_price = f.amount("sale_price");
    let sale_starts_at = f.datetime("sale_starts_at");
    let sale_ends_at = f.datetime("sale_ends_at");
    if let (Some(from), Some(until)) = (sale_starts_at, sale_ends_at)
        && until <= from
    {
        f.fail("sale_ends_at", "must be after the sale starts");
    }
    if (sale_starts_at.is_some() || sale_ends_at.is_some()) && f.raw("sale_price").is_none() {
        f.fail("sale_starts_at", "a sale window needs a sale price");
    }

    let mut images = Vec::new();
    if origin == Origin::Import
        && let Some(url) = f.text("image_url")
    {
        match check_url(&url) {
            Ok(()) => images.push(Image {
                url,
                alt: String::new(),
            }),
            Err(e) => f.fail("image_url", e),
        }
    }
    images.extend(image_list(&mut f));
    if images.len() > MAX_IMAGES {
        f.fail("images", format!("at most {MAX_IMAGES} pictures"));
    }
    let videos = f.string_list("videos");
    for url in &videos {
        if let Err(e) = check_url(url) {
            f.fail("videos", e);
        }
    }
    if videos.len() > MAX_VIDEOS {
        f.fail("videos", format!("at most {MAX_VIDEOS} videos"));
    }

    let status = parse_enum::<ProductStatus>(&mut f, "status").unwrap_or(match origin {
        Origin::Import => ProductStatus::Active,
        Origin::Editor => ProductStatus::Draft,
    });
    if !status.is_chosen_by_writer() {
        f.fail(
            "status",
            "must be one of draft, active, inactive".to_owned(),
        );
    }
    let product_type =
        parse_enum::<ProductType>(&mut f, "product_type").unwrap_or(ProductType::Physical);
    let max_owned_per_user = f.integer("max_owned_per_user", 1, 1_000_000);
    if max_owned_per_user.is_some() && product_type != ProductType::Digital {
        f.fail(
            "max_owned_per_user",
            "only digital products can limit how many a customer owns",
        );
    }
    let stock_quantity = f.integer("stock_quantity", 0, MAX_STOCK).unwrap_or(0);
    let sku = f.text("sku").and_then(|s| match parse_sku(&s) {
        Ok(sku) => Some(sku),
        Err(e) => {
            f.fail("sku", e);
            None
        }
    });

    let (vendor, featured, daily_deal, created_at) = match origin {
        Origin::Editor => (None, false, false, None),
        Origin::Import => {
            let vendor = f.text("vendor");
            let featured = f.bool("featured", false);
            let daily_deal = f.bool("daily_deal", false);
            let created_at = f.datetime("created_at");
            (vendor, featured, daily_deal, created_at)
        }
    };

    let mut errors = std::mem::take(&mut f.errors);
    let variations = variations::read(map, price, &mut errors);
    if !variations.is_empty() && sku.is_some() {
        errors.push(FieldError::new(
            "sku",
            "a product with variations keeps its SKUs on the variations",
        ));
    }

    match price {
        Some(price) if errors.is_empty() => Ok(ProductSpec {
            slug,
            name,
            brand,
            category,
            description,
            price,
            sale_price,
            sale_starts_at,
            sale_ends_at,
            images,
            videos,
            status,
            product_type,
            max_owned_per_user,
            stock_quantity,
            sku,
            seo_title,
            seo_description,
            variations,
            vendor,
            featured,
            daily_deal,
            created_at,
        }),
        _ => Err(errors),
    }
}

pub(crate) fn within(f: &mut Fields<'_>, field: &str, value: &str, max: usize) {
    if value.chars().count() > max {
        f.fail(field, format!("must be at most {max} characters"));
    } else if value
        .chars()
        .any(|c| c.is_control() && c != '\n' && c != '\r' && c != '\t')
    {
        f.fail(field, "must not contain control characters");
    }
}

/// Pictures as a list of URLs, of `{"url", "alt"}` objects, or text separated by `|` whose
/// items are a URL and, after a space, the picture's alt text (a CSV cell).
fn image_list(f: &mut Fields<'_>) -> Vec<Image> {
    let Some(raw) = f.raw("images") else {
        return Vec::new();
    };
    let items = match raw {
        Value::Array(items) => items.clone(),
        Value::String(_) => f
            .string_list("images")
            .into_iter()
            .map(|item| match item.split_once(char::is_whitespace) {
                Some((url, alt)) => json!({ "url": url, "alt": alt.trim() }),
                None => Value::String(item),
            })
            .collect(),
        _ => {
            f.fail("images", "must be a list of pictures");
            return Vec::new();
        }
    };
    let mut out = Vec::new();
    for item in items {
        let (url, alt) = match &item {
            Value::String(url) => (url.trim().to_owned(), String::new()),
            Value::Object(o) => (
                o.get("url")
                    .and_then(Value::as_str)
                    .unwrap_or("")
                    .trim()
                    .to_owned(),
                o.get("alt")
                    .and_then(Value::as_str)
                    .unwrap_or("")
                    .trim()
                    .to_owned(),
            ),
            _ => {
                f.fail("images", "each picture needs a url");
                continue;
            }
        };
        if let Err(e) = check_url(&url) {
            f.fail("images", e);
            continue;
        }
        if alt.chars().count() > ALT_MAX {
            f.fail(
                "images",
                format!("alt text must be at most {ALT_MAX} characters"),
            );
            continue;
        }
        out.push(Image { url, alt });
    }
    out
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

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    fn obj(v: Value) -> Map<String, Value> {
        v.as_object().cloned().unwrap()
    }

    #[test]
    fn a_full_import_record_parses() {
        let p = parse(
            &obj(json!({
                "slug": "ovr-aero-tee", "name": "OVR Aero Tee", "brand": "OVR", "category": "Training Gear",
                "vendor": "ovr-official", "price": "499.00", "sale_price": 399, "status": "active",
                "featured": "yes", "image_url": "/media/a.jpg",
                "images": [{"url": "/media/b.jpg", "alt": "Back"}],
                "variations": [
                    {"sku": "ovr-aero-m", "attributes": {"Size": "M", "Colour": "Black"}, "stock_quantity": 3},
                    {"sku": "OVR-AERO-L", "name": "Large", "attributes": "Size=L|Colour=Black", "price": 549.5}
                ]
            })),
            Origin::Import,
        )
        .unwrap();
        assert_eq!(p.category, "training-gear");
        assert_eq!(p.vendor.as_deref(), Some("ovr-official"));
        assert_eq!(
            (p.price.0, p.sale_price.map(|c| c.0), p.featured),
            (49900, Some(39900), true)
        );
        assert_eq!(p.image_url().as_deref(), Some("/media/a.jpg"));
        assert_eq!(p.images[1].alt, "Back");
        assert_eq!(p.variations[0].sku, "OVR-AERO-M");
        assert_eq!(p.variations[0].name, "M / Black");
        assert_eq!(
            p.variations[0].price.0, 49900,
            "a variation without a price takes the product's"
        );
        assert_eq!(p.variations[1].price.0, 54950);
    }

    #[test]
    fn the_editor_may_leave_the_slug_out_and_starts_with_a_draft() {
        let p = parse(&obj(json!({"name": "Tee", "price": "10"})), Origin::Editor).unwrap();
        assert_eq!((p.slug.as_str(), p.status), ("", ProductStatus::Draft));
        let errors = parse(
            &obj(json!({"name": "Tee", "price": "10", "featured": true, "vendor": "x"})),
            Origin::Editor,
        )
        .unwrap_err();
        let fields: Vec<&str> = errors.iter().map(|e| e.field.as_str()).collect();
        assert_eq!(fields, ["featured", "vendor"], "{errors:?}");
    }

    #[test]
    fn every_bad_field_is_named() {
        let errors = parse(
            &obj(json!({
                "slug": "Bad Slug", "price": "12.345", "status": "gone", "colour": "red",
                "product_type": "physical", "max_owned_per_user": 2, "stock_quantity": -1,
                "variations": [{"sku": "A"}, {"sku": "A", "price": "x"}]
            })),
            Origin::Import,
        )
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
    }

    #[test]
    fn variations_must_differ_in_sku_and_attributes() {
        let errors = parse(
            &obj(json!({
                "slug": "a", "name": "A", "price": 1,
                "variations": [{"sku": "X", "name": "x"}, {"sku": "x", "name": "y"}]
            })),
            Origin::Import,
        )
        .unwrap_err();
        assert_eq!(
            errors,
            vec![FieldError::new("variations.sku", "SKU X appears twice")]
        );
        let errors = parse(
            &obj(json!({
                "name": "A", "price": 1, "sku": "A-1",
                "variations": [{"sku": "X", "attributes": {"Size": "M"}}, {"sku": "Y", "attributes": {"size": "M", "Size": "L"}}, {"sku": "Z", "attributes": {"Size": "M"}}]
            })),
            Origin::Editor,
        )
        .unwrap_err();
        let reasons: Vec<(&str, &str)> = errors
            .iter()
            .map(|e| (e.field.as_str(), e.reason.as_str()))
            .collect();
        assert_eq!(
            reasons,
            [
                ("variations[1].attributes", "an attribute is named twice"),
                (
                    "variations.attributes",
                    "two variations have the same attributes"
                ),
                (
                    "sku",
                    "a product with variations keeps its SKUs on the variations"
                ),
            ]
        );
    }

    #[test]
    fn links_are_paths_or_web_addresses() {
        let errors = parse(
            &obj(json!({
                "name": "A", "price": "100", "sale_price": "1.001",
                "images": ["javascript:alert(1)", {"url": "/media/x.webp", "alt": "x".repeat(201)}],
                "videos": "//evil.example/v.mp4",
                "seo_title": "t".repeat(71)
            })),
            Origin::Editor,
        )
        .unwrap_err();
        let fields: Vec<&str> = errors.iter().map(|e| e.field.as_str()).collect();
        assert_eq!(
            fields,
            ["seo_title", "sale_price", "images", "images", "videos"],
            "{errors:?}"
        );
        assert_eq!(errors[1].reason, "must have at most 2 decimals");
    }

    #[test]
    fn skus_are_upper_cased_and_limited() {
        assert_eq!(parse_sku(" ab-1.c_d "), Ok("AB-1.C_D".to_owned()));
        assert_eq!(parse_sku("a b"), Err(SKU_RULE));
        assert_eq!(parse_sku(&"a".repeat(65)), Err(SKU_RULE));
    }
}
