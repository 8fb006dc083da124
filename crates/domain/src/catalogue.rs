//! Catalogue vocabulary: product types and statuses, vendor statuses, and who is listed.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

string_enum!(
    /// Digital goods are delivered without shipping and may be limited per customer.
    ProductType { Physical = "physical", Digital = "digital" } expected "physical, digital"
);

string_enum!(
    /// Only active products are shown (SPEC.md §4). A writer chooses draft, active or
    /// inactive; `pending_review` is where an activation waits when the platform reviews
    /// new vendors' products, and `archived` is a product its vendor has put away.
    ProductStatus {
        Active = "active",
        Draft = "draft",
        Inactive = "inactive",
        PendingReview = "pending_review",
        Archived = "archived",
    } expected "active, draft, inactive, pending_review, archived"
);

impl ProductStatus {
    /// The statuses a writer (the importer or the vendor's editor) sets directly.
    pub fn is_chosen_by_writer(self) -> bool {
        matches!(self, Self::Active | Self::Draft | Self::Inactive)
    }
}

string_enum!(
    /// What a vendor does to many products at once from their list.
    ProductAction { Activate = "activate", Deactivate = "deactivate", Archive = "archive" }
    expected "activate, deactivate, archive"
);

impl ProductAction {
    /// Where `action` takes a product now in `from`; `None` when there is nothing to do.
    /// An activation may still be held for review (see `settings::ProductReview`).
    pub fn moves(self, from: ProductStatus) -> Option<ProductStatus> {
        use ProductStatus::*;
        let to = match (self, from) {
            (ProductAction::Activate, Active | PendingReview) => return None,
            (ProductAction::Activate, _) => Active,
            (ProductAction::Deactivate, Active | PendingReview) => Inactive,
            (ProductAction::Deactivate, _) => return None,
            (ProductAction::Archive, Archived) => return None,
            (ProductAction::Archive, _) => Archived,
        };
        Some(to)
    }
}

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
        for s in [Draft, Inactive, PendingReview, Archived] {
            assert!(!is_listed(s, None));
            assert!(!is_listed(s, Some(Approved)));
        }
    }

    #[test]
    fn bulk_actions_move_only_what_they_apply_to() {
        use ProductAction::*;
        use ProductStatus::*;
        assert_eq!(Activate.moves(Draft), Some(Active));
        assert_eq!(Activate.moves(Archived), Some(Active));
        assert_eq!(Activate.moves(PendingReview), None, "already waiting");
        assert_eq!(Deactivate.moves(Active), Some(Inactive));
        assert_eq!(Deactivate.moves(PendingReview), Some(Inactive));
        assert_eq!(Deactivate.moves(Draft), None);
        assert_eq!(Archive.moves(Inactive), Some(Archived));
        assert_eq!(Archive.moves(Archived), None);
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
