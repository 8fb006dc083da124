//! Where an order stands.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

string_enum! {
    /// An order's status.
    OrderStatus {
        PendingPayment = "pending_payment",
        Paid = "paid",
        Processing = "processing",
        Shipped = "shipped",
        Delivered = "delivered",
        Cancelled = "cancelled",
    } expected "pending_payment, paid, processing, shipped, delivered, cancelled"
}

impl OrderStatus {
    /// Paid for and not cancelled: the buyer owns what they bought (digital goods can be
    /// downloaded, purchase limits count it).
    pub fn is_owned(self) -> bool {
        matches!(
            self,
            OrderStatus::Paid
                | OrderStatus::Processing
                | OrderStatus::Shipped
                | OrderStatus::Delivered
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paid_orders_until_cancelled_are_owned() {
        let owned: Vec<_> = OrderStatus::ALL.iter().filter(|s| s.is_owned()).collect();
        assert_eq!(owned.len(), 4);
        assert!(!OrderStatus::PendingPayment.is_owned());
        assert!(!"cancelled".parse::<OrderStatus>().unwrap().is_owned());
    }
}
