//! Pure business rules of bazaar: money and its display, catalogue pricing, delivery
//! estimates, settings fallbacks and the small value types that carry validated input.
//!
//! Nothing here does I/O; every rule from SPEC.md that can be stated without a database
//! lives here with its tests.

pub mod catalogue;
pub mod checkout;
pub mod delivery;
pub mod money;
pub mod pricing;
pub mod settings;
pub mod text;
