//! Turns one row's fields into a product the database layer can write, or says exactly
//! which fields are wrong and why. The rules are the catalogue's own
//! ([`bazaar_domain::product`]), shared with the vendor's editor; this only maps the result
//! onto what the database layer writes.

use bazaar_db::products::ProductInput;
use bazaar_domain::product::{self, Origin};
use serde_json::{Map, Value};

use crate::fields::FieldError;

/// A validated product; the vendor is still a slug for the importer to resolve.
#[derive(Debug, Clone)]
pub struct ValidProduct {
    pub product: ProductInput,
    pub vendor_slug: Option<String>,
    pub category: String,
}

/// Validates one product record (import format of docs/contracts.md).
pub fn validate(map: &Map<String, Value>) -> Result<ValidProduct, Vec<FieldError>> {
    let spec = product::parse(map, Origin::Import)?;
    Ok(ValidProduct {
        vendor_slug: spec.vendor.clone(),
        category: spec.category.clone(),
        product: ProductInput::from_spec(spec, None),
    })
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use bazaar_db::products::Attribute;

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
}
