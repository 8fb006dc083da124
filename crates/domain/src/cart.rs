//! The add-to-cart rule (SPEC.md §4, §5), once for every way a quantity reaches a cart
//! line: adding, merging a guest cart, setting a quantity, and checkout's last look.
//! A line holds 1 to 999, never more than the stock, and a digital product's purchase
//! limit counts what the customer already owns.

/// The most of one line a cart may hold, whatever the stock.
pub const MAX_QUANTITY: i64 = 999;

/// What bounds a line's quantity.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limits {
    /// How many can be bought now.
    pub stock: i64,
    /// A digital product's limit, with how many the customer owns already.
    pub purchase_limit: Option<OwnedLimit>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct OwnedLimit {
    pub max: i64,
    pub owned: i64,
}

/// How adding goes when not all of it fits.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Fit {
    /// Refuse what does not fit.
    Exact,
    /// Take as many as fit (merging a guest cart).
    Trim,
}

/// Why a quantity cannot be in the cart.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Refusal {
    /// Outside 1 to 999.
    BadQuantity,
    OutOfStock {
        available: i64,
    },
    PurchaseLimit {
        max: i64,
    },
}

/// The quantity a line holds after `adding` more go onto the `in_cart` already there.
/// Setting a quantity outright is `fit(0, quantity, …, Fit::Exact)`.
pub fn fit(in_cart: i64, adding: i64, limits: Limits, how: Fit) -> Result<i64, Refusal> {
    if !(1..=MAX_QUANTITY).contains(&adding) {
        return Err(Refusal::BadQuantity);
    }
    let mut wanted = in_cart.saturating_add(adding);
    let ceiling = limits.stock.min(MAX_QUANTITY);
    if wanted > ceiling {
        if how == Fit::Exact || ceiling <= in_cart {
            return Err(Refusal::OutOfStock {
                available: limits.stock,
            });
        }
        wanted = ceiling;
    }
    if let Some(limit) = limits.purchase_limit {
        let room = limit.max - limit.owned;
        if wanted > room {
            if how == Fit::Exact || room <= in_cart {
                return Err(Refusal::PurchaseLimit { max: limit.max });
            }
            wanted = room;
        }
    }
    Ok(wanted)
}

#[cfg(test)]
mod tests {
    use super::*;

    const PLENTY: Limits = Limits {
        stock: 10,
        purchase_limit: None,
    };

    #[test]
    fn quantities_stay_between_1_and_999() {
        assert_eq!(fit(0, 0, PLENTY, Fit::Exact), Err(Refusal::BadQuantity));
        assert_eq!(fit(0, 1000, PLENTY, Fit::Trim), Err(Refusal::BadQuantity));
        let huge = Limits {
            stock: 5000,
            purchase_limit: None,
        };
        assert_eq!(fit(998, 1, huge, Fit::Exact), Ok(999));
        assert_eq!(
            fit(999, 1, huge, Fit::Exact),
            Err(Refusal::OutOfStock { available: 5000 })
        );
    }

    #[test]
    fn adding_merges_within_the_stock() {
        assert_eq!(fit(3, 2, PLENTY, Fit::Exact), Ok(5));
        assert_eq!(
            fit(8, 3, PLENTY, Fit::Exact),
            Err(Refusal::OutOfStock { available: 10 })
        );
        assert_eq!(
            fit(8, 3, PLENTY, Fit::Trim),
            Ok(10),
            "a merge takes what fits"
        );
        assert_eq!(
            fit(10, 1, PLENTY, Fit::Trim),
            Err(Refusal::OutOfStock { available: 10 }),
            "nothing more fits"
        );
    }

    #[test]
    fn a_digital_limit_counts_what_is_owned() {
        let limited = Limits {
            stock: 100,
            purchase_limit: Some(OwnedLimit { max: 3, owned: 1 }),
        };
        assert_eq!(fit(0, 2, limited, Fit::Exact), Ok(2));
        assert_eq!(
            fit(1, 2, limited, Fit::Exact),
            Err(Refusal::PurchaseLimit { max: 3 })
        );
        assert_eq!(fit(1, 2, limited, Fit::Trim), Ok(2));
        assert_eq!(
            fit(2, 1, limited, Fit::Trim),
            Err(Refusal::PurchaseLimit { max: 3 })
        );
    }
}
