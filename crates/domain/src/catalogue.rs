//! Catalogue vocabulary: product types and statuses, vendor statuses, and who is listed.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

string_enum!(
    /// Digital goods are delivered without shipping and may be limited per customer.
    ProductType { Physical = "physical", Digital = "digital" } expected "physical, digital"
);

string_enum!(
    /// Only active products are shown (SPEC.md §4).
    ProductStatus { Active = "active", Draft = "draft", Inactive = "inactive" } expected "active, draft, inactive"
);

string_enum!(
    /// Only approved vendors are shown (SPEC.md §4).
    VendorStatus { Pending = "pending", Approved = "approved", Rejected = "rejected", Suspended = "suspended" }
    expected "pending, approved, rejected, suspended"
);

/// Whether a product appears anywhere customers look: it is active and either a house
/// product or sold by an approved vendor.
pub fn is_listed(status: ProductStatus, vendor: Option<VendorStatus>) -> bool {
    status == ProductStatus::Active && vendor.is_none_or(|v| v == VendorStatus::Approved)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_active_products_of_approved_or_no_vendor_are_listed() {
        use ProductStatus::*;
        use VendorStatus::*;
        assert!(is_listed(Active, None));
        assert!(is_listed(Active, Some(Approved)));
        for v in [Pending, Rejected, Suspended] {
            assert!(!is_listed(Active, Some(v)));
        }
        for s in [Draft, Inactive] {
            assert!(!is_listed(s, None));
            assert!(!is_listed(s, Some(Approved)));
        }
    }

    #[test]
    fn parses_case_insensitively_with_a_clear_error() {
        assert_eq!("Digital".parse::<ProductType>(), Ok(ProductType::Digital));
        assert_eq!(
            "boxed".parse::<ProductType>(),
            Err("'boxed' is not one of physical, digital".to_owned())
        );
    }
}
