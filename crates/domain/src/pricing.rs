//! Catalogue pricing rules: when a sale price applies, discounts and price ranges.

use serde::Serialize;

use crate::money::Cents;

/// The sale price applies only if it is set and lower than the regular price (SPEC.md §5).
pub fn applicable_sale_price(price: Cents, sale_price: Option<Cents>) -> Option<Cents> {
    sale_price.filter(|sale| *sale < price)
}

/// Whether a sale window holds `now`: from its start (inclusive) to its end (exclusive),
/// either end open.
pub fn sale_live(
    starts_at: Option<chrono::DateTime<chrono::Utc>>,
    ends_at: Option<chrono::DateTime<chrono::Utc>>,
    now: chrono::DateTime<chrono::Utc>,
) -> bool {
    starts_at.is_none_or(|s| s <= now) && ends_at.is_none_or(|e| now < e)
}

/// What the customer pays: the sale price when it applies, else the regular price.
pub fn effective_price(price: Cents, sale_price: Option<Cents>) -> Cents {
    applicable_sale_price(price, sale_price).unwrap_or(price)
}

/// The discount shown on a card, rounded to a whole percent; `None` when not on sale.
pub fn discount_percent(price: Cents, sale_price: Option<Cents>) -> Option<i64> {
    let sale = applicable_sale_price(price, sale_price)?;
    if price.0 <= 0 {
        return None;
    }
    // Integer round-half-up of 100 * (price - sale) / price.
    let saved = (price.0 - sale.0) as i128 * 100;
    let p = price.0 as i128;
    Some(((saved * 2 + p) / (2 * p)) as i64)
}

/// The lowest and highest price a customer can pay across a product's variations.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct PriceRange {
    pub min_cents: i64,
    pub max_cents: i64,
}

/// Price range over variations, each taken at its sale price when present and lower.
/// `None` when there are no variations.
pub fn price_range<I>(variations: I) -> Option<PriceRange>
where
    I: IntoIterator<Item = (Cents, Option<Cents>)>,
{
    variations
        .into_iter()
        .map(|(price, sale)| effective_price(price, sale).0)
        .fold(None, |range, p| match range {
            None => Some(PriceRange {
                min_cents: p,
                max_cents: p,
            }),
            Some(r) => Some(PriceRange {
                min_cents: r.min_cents.min(p),
                max_cents: r.max_cents.max(p),
            }),
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sale_price_applies_only_when_lower() {
        assert_eq!(
            applicable_sale_price(Cents(1000), Some(Cents(800))),
            Some(Cents(800))
        );
        assert_eq!(applicable_sale_price(Cents(1000), Some(Cents(1000))), None);
        assert_eq!(applicable_sale_price(Cents(1000), Some(Cents(1200))), None);
        assert_eq!(applicable_sale_price(Cents(1000), None), None);
        assert_eq!(effective_price(Cents(1000), Some(Cents(1200))), Cents(1000));
        assert_eq!(effective_price(Cents(1000), Some(Cents(999))), Cents(999));
    }

    #[test]
    fn discount_is_rounded_to_whole_percent() {
        assert_eq!(discount_percent(Cents(49900), Some(Cents(39900))), Some(20)); // 20.04
        assert_eq!(discount_percent(Cents(30000), Some(Cents(20000))), Some(33)); // 33.33
        assert_eq!(discount_percent(Cents(30000), Some(Cents(10000))), Some(67)); // 66.67
        assert_eq!(discount_percent(Cents(200), Some(Cents(199))), Some(1)); // 0.5 rounds up
        assert_eq!(discount_percent(Cents(1000), Some(Cents(1000))), None);
        assert_eq!(discount_percent(Cents(1000), None), None);
    }

    #[test]
    fn price_range_uses_sale_prices_when_present() {
        let range = price_range([
            (Cents(50000), None),
            (Cents(55000), Some(Cents(45000))),
            (Cents(60000), Some(Cents(65000))), // not lower: ignored
        ]);
        assert_eq!(
            range,
            Some(PriceRange {
                min_cents: 45000,
                max_cents: 60000
            })
        );
        assert_eq!(price_range(std::iter::empty()), None);
    }
}
