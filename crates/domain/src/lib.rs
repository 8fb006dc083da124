//! Pure business rules of bazaar: money and its display, catalogue pricing, delivery
//! estimates, settings fallbacks and the small value types that carry validated input.
//!
//! Nothing here does I/O; every rule from SPEC.md that can be stated without a database
//! lives here with its tests.

/// A closed set of values stored and sent as text, with `as_str`, `FromStr` and `ALL`.
macro_rules! string_enum {
    ($(#[$meta:meta])* $name:ident { $($(#[$vmeta:meta])* $variant:ident = $text:literal),+ $(,)? } expected $expected:literal) => {
        $(#[$meta])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
        pub enum $name { $($(#[$vmeta])* #[serde(rename = $text)] $variant),+ }

        impl $name {
            pub const ALL: &'static [$name] = &[$($name::$variant),+];

            pub fn as_str(self) -> &'static str {
                match self { $($name::$variant => $text),+ }
            }
        }

        impl FromStr for $name {
            type Err = String;

            fn from_str(s: &str) -> Result<Self, Self::Err> {
                match s.trim().to_ascii_lowercase().as_str() {
                    $($text => Ok($name::$variant),)+
                    other => Err(format!("'{other}' is not one of {}", $expected)),
                }
            }
        }

        impl TryFrom<String> for $name {
            type Error = String;

            fn try_from(s: String) -> Result<Self, Self::Error> {
                s.parse()
            }
        }

        impl fmt::Display for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str(self.as_str())
            }
        }
    };
}

/// Problems with a form, by field name (`bank.account_number` for nested ones).
pub type FieldErrors = std::collections::BTreeMap<String, String>;

pub mod admin;
pub mod analytics;
pub mod cart;
pub mod catalogue;
pub mod chat;
pub mod checkout;
pub mod coupon;
pub mod deal;
pub mod delivery;
pub mod fields;
pub mod help;
pub mod import;
pub mod inventory;
pub mod ledger;
pub mod money;
pub mod order;
pub mod points;
pub mod pricing;
pub mod product;
pub mod settings;
pub mod shipment;
pub mod shipping;
pub mod store_page;
pub mod support;
pub mod taxonomy;
pub mod text;
pub mod vendor;
