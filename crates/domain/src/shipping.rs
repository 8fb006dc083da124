//! Shipping per vendor part. A vendor may set their own flat rate and free-shipping
//! threshold; each unset one falls back to the platform's. Parts of vendors who set
//! neither ship together on the platform's terms (one charge, free from the platform's
//! threshold on their goods together), so a cart without vendor terms costs what it always
//! did. A part without physical goods ships for nothing.

use serde::{Deserialize, Serialize};

use crate::FieldErrors;
use crate::delivery;
use crate::money::Cents;
use crate::settings::ShippingSettings;

/// The highest flat rate a vendor may charge: R10 000.
pub const MAX_FLAT_RATE: Cents = Cents(1_000_000);
/// The highest free-shipping threshold: R1 000 000.
pub const MAX_FREE_THRESHOLD: Cents = Cents(100_000_000);

/// A vendor's own shipping terms; `None` takes the platform's value.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct ShippingTerms {
    pub flat_rate_cents: Option<i64>,
    pub free_shipping_threshold_cents: Option<i64>,
}

impl ShippingTerms {
    /// True when the vendor set either term, so their part ships on its own.
    pub fn is_own(self) -> bool {
        self.flat_rate_cents.is_some() || self.free_shipping_threshold_cents.is_some()
    }

    /// The terms that apply, each unset one from the platform.
    pub fn over(self, platform: &ShippingSettings) -> ShippingSettings {
        ShippingSettings {
            free_shipping_threshold_cents: self
                .free_shipping_threshold_cents
                .unwrap_or(platform.free_shipping_threshold_cents),
            default_shipping_rate_cents: self
                .flat_rate_cents
                .unwrap_or(platform.default_shipping_rate_cents),
        }
    }
}

/// A vendor's shipping page as sent.
#[derive(Debug, Clone, Default, Deserialize)]
pub struct ShippingDraft {
    pub standard_delivery_min_days: Option<i64>,
    pub standard_delivery_max_days: Option<i64>,
    pub flat_rate_cents: Option<i64>,
    pub free_shipping_threshold_cents: Option<i64>,
}

/// A vendor's checked shipping page.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct VendorShipping {
    pub standard_delivery_min_days: Option<i64>,
    pub standard_delivery_max_days: Option<i64>,
    pub terms: ShippingTerms,
}

impl ShippingDraft {
    /// Every problem at once, by field.
    pub fn parse(&self) -> Result<VendorShipping, FieldErrors> {
        let mut errors = FieldErrors::new();
        if let Err((field, message)) = delivery::check_days(
            self.standard_delivery_min_days,
            self.standard_delivery_max_days,
        ) {
            errors.insert(field.into(), message);
        }
        let mut amount = |field: &str, v: Option<i64>, max: Cents, what: &str| {
            if let Some(c) = v
                && !(0..=max.0).contains(&c)
            {
                errors.insert(
                    field.into(),
                    format!("{what} is between R0.00 and R{}", Cents(max.0)),
                );
            }
        };
        amount(
            "flat_rate_cents",
            self.flat_rate_cents,
            MAX_FLAT_RATE,
            "The flat rate",
        );
        amount(
            "free_shipping_threshold_cents",
            self.free_shipping_threshold_cents,
            MAX_FREE_THRESHOLD,
            "The free-shipping threshold",
        );
        if !errors.is_empty() {
            return Err(errors);
        }
        Ok(VendorShipping {
            standard_delivery_min_days: self.standard_delivery_min_days,
            standard_delivery_max_days: self.standard_delivery_max_days,
            terms: ShippingTerms {
                flat_rate_cents: self.flat_rate_cents,
                free_shipping_threshold_cents: self.free_shipping_threshold_cents,
            },
        })
    }
}

/// One vendor part of an order, as shipping sees it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PartGoods {
    pub has_physical: bool,
    /// The part's goods after its share of the discount.
    pub goods: Cents,
    pub terms: ShippingTerms,
}

/// Shipping for each part, in order; the parts add up to the order's shipping. Parts on
/// the platform's terms are charged once together, the charge shared out by their goods.
pub fn per_part(parts: &[PartGoods], platform: &ShippingSettings) -> Vec<Cents> {
    let mut out = vec![Cents::ZERO; parts.len()];
    let pooled: Vec<usize> = (0..parts.len())
        .filter(|&i| parts[i].has_physical && !parts[i].terms.is_own())
        .collect();
    let pooled_goods = Cents(pooled.iter().map(|&i| parts[i].goods.0).sum());
    let charge = crate::checkout::shipping(!pooled.is_empty(), pooled_goods, platform);
    let weights: Vec<i64> = pooled.iter().map(|&i| parts[i].goods.0.max(1)).collect();
    for (k, share) in allocate(charge, &weights).into_iter().enumerate() {
        out[pooled[k]] = share;
    }
    for (i, p) in parts.iter().enumerate() {
        if p.terms.is_own() {
            out[i] = crate::checkout::shipping(p.has_physical, p.goods, &p.terms.over(platform));
        }
    }
    out
}

/// `total` shared out in proportion to `weights` (non-negative), to the cent; the shares
/// add up to `total`, the remainder going to the largest weights first. All to the first
/// when every weight is zero.
pub fn allocate(total: Cents, weights: &[i64]) -> Vec<Cents> {
    if weights.is_empty() {
        return Vec::new();
    }
    let sum: i128 = weights.iter().map(|&w| w.max(0) as i128).sum();
    if sum == 0 {
        let mut out = vec![Cents::ZERO; weights.len()];
        out[0] = total;
        return out;
    }
    let mut shares: Vec<i64> = weights
        .iter()
        .map(|&w| ((total.0 as i128 * w.max(0) as i128) / sum) as i64)
        .collect();
    let mut left = total.0 - shares.iter().sum::<i64>();
    let mut by_weight: Vec<usize> = (0..weights.len()).collect();
    by_weight.sort_by_key(|&i| std::cmp::Reverse(weights[i]));
    for &i in by_weight.iter().cycle() {
        if left == 0 {
            break;
        }
        shares[i] += 1;
        left -= 1;
    }
    shares.into_iter().map(Cents).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    const PLATFORM: ShippingSettings = ShippingSettings {
        free_shipping_threshold_cents: 45_000,
        default_shipping_rate_cents: 6_500,
    };

    fn part(goods: i64, rate: Option<i64>, threshold: Option<i64>) -> PartGoods {
        PartGoods {
            has_physical: true,
            goods: Cents(goods),
            terms: ShippingTerms {
                flat_rate_cents: rate,
                free_shipping_threshold_cents: threshold,
            },
        }
    }

    #[test]
    fn parts_on_platform_terms_ship_together() {
        // Two parts below R450 each but R718 together: free, as before vendor terms.
        assert_eq!(
            per_part(
                &[part(31_900, None, None), part(39_900, None, None)],
                &PLATFORM
            ),
            [Cents::ZERO, Cents::ZERO]
        );
        // Together below R450: one R65, shared by goods.
        let s = per_part(
            &[part(10_000, None, None), part(30_000, None, None)],
            &PLATFORM,
        );
        assert_eq!(s, [Cents(1_625), Cents(4_875)]);
    }

    #[test]
    fn a_vendor_with_terms_ships_alone_and_unset_terms_fall_back() {
        let s = per_part(
            &[
                part(10_000, Some(3_000), None),
                part(10_000, None, Some(5_000)),
                part(10_000, None, None),
            ],
            &PLATFORM,
        );
        assert_eq!(s, [Cents(3_000), Cents::ZERO, Cents(6_500)]);
        // The own rate, free from the platform's threshold when the vendor sets none.
        assert_eq!(
            per_part(&[part(45_000, Some(3_000), None)], &PLATFORM),
            [Cents::ZERO]
        );
        let digital = PartGoods {
            has_physical: false,
            ..part(100, Some(3_000), None)
        };
        assert_eq!(per_part(&[digital], &PLATFORM), [Cents::ZERO]);
    }

    #[test]
    fn allocation_adds_up() {
        assert_eq!(
            allocate(Cents(100), &[1, 1, 1]),
            [Cents(34), Cents(33), Cents(33)]
        );
        assert_eq!(allocate(Cents(7), &[0, 0]), [Cents(7), Cents::ZERO]);
        assert_eq!(allocate(Cents(12_990), &[129_900]), [Cents(12_990)]);
        let shares = allocate(Cents(9_999), &[3, 7, 11, 13]);
        assert_eq!(shares.iter().map(|c| c.0).sum::<i64>(), 9_999);
    }

    #[test]
    fn shipping_pages_are_checked() {
        let bad = ShippingDraft {
            standard_delivery_min_days: Some(5),
            standard_delivery_max_days: Some(2),
            flat_rate_cents: Some(-1),
            free_shipping_threshold_cents: Some(100_000_001),
        };
        let e = bad.parse().unwrap_err();
        assert_eq!(e["standard_delivery_max_days"], "At least the fewest days");
        assert_eq!(
            e["flat_rate_cents"],
            "The flat rate is between R0.00 and R10000.00"
        );
        assert!(e.contains_key("free_shipping_threshold_cents"));
        let good = ShippingDraft {
            flat_rate_cents: Some(0),
            ..ShippingDraft::default()
        };
        assert!(good.parse().unwrap().terms.is_own());
    }
}
