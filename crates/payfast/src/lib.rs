//! PayFast: signatures, checkout fields, ITN checks and a local simulator.
//!
//! PayFast (South Africa) takes a payment in three steps, and this crate covers each:
//!
//! 1. **Checkout.** The shop renders a form that posts to PayFast's `/eng/process`, with the
//!    fields in PayFast's order and an MD5 `signature` over them:
//!    [`checkout_fields`] builds it from [`Settings`] and a [`PaymentRequest`].
//! 2. **ITN.** PayFast posts an Instant Transaction Notification to the shop's `notify_url`.
//!    The shop parses it with [`parse_form`] (order matters), checks the sender with
//!    [`source_allowed`], the signature with [`itn_signature_valid`], the amount with
//!    [`amount_to_cents`], and asks PayFast with [`validate_with_payfast`].
//! 3. **Testing.** [`simulator`] plays PayFast locally (`Mode::Simulator`).
//!
//! # Public API
//!
//! Signatures ([PayFast's rules](signature)):
//! * `fn php_urlencode(s: &str) -> String`
//! * `fn checkout_param_string(fields: &[(String, String)]) -> String` — non-blank, trimmed,
//!   in the given order, `signature` skipped
//! * `fn itn_param_string(fields: &[(String, String)]) -> String` — every field as received,
//!   up to `signature`
//! * `fn sign(param_string: &str, passphrase: Option<&str>) -> String` — MD5, lower-case hex
//! * `fn itn_signature_valid(fields: &[(String, String)], passphrase: Option<&str>) -> bool`
//! * `fn parse_form(body: &[u8]) -> Vec<(String, String)>`,
//!   `fn field<'a>(fields: &'a [(String, String)], key: &str) -> Option<&'a str>`,
//!   `fn encode_form(fields: &[(String, String)]) -> String`
//!
//! Amounts:
//! * `fn amount_to_cents(s: &str) -> Option<i64>` — `"1299.00"` → `129900`
//! * `fn format_cents(cents: i64) -> String` — `129900` → `"1299.00"`
//! * `fn format_rand(cents: i64) -> String` — `129900` → `"R 1,299.00"`
//!
//! Checkout:
//! * `const CHECKOUT_FIELD_ORDER: [&str; 26]`, `const ITN_FIELD_ORDER: [&str; 22]`
//! * `struct PaymentRequest { return_url, cancel_url, notify_url, name_first, name_last,
//!   email_address, cell_number, m_payment_id, amount_cents, item_name, item_description,
//!   custom_str1 }`
//! * `fn checkout_fields(settings: &Settings, req: &PaymentRequest) -> Vec<(String, String)>`
//! * `fn in_checkout_order(fields: &[(String, String)]) -> Vec<(String, String)>`
//!
//! Settings:
//! * `enum Mode { Sandbox, Live, Simulator }` (`FromStr`/`Display`: `sandbox`/`live`/`simulator`)
//! * `struct Settings { mode, merchant_id, merchant_key, passphrase, process_url, validate_url,
//!   allowed_sources }` with `Settings::sandbox()`, `Settings::live(id, key, passphrase)`,
//!   `Settings::simulator(public_url)`, `validate(&self) -> Result<(), PayfastError>` and
//!   `is_test(&self) -> bool`
//!
//! ITN sender and validation:
//! * `async fn source_allowed(ip: IpAddr, sources: &[String]) -> bool`
//! * `fn http_client() -> reqwest::Client`
//! * `async fn validate_with_payfast(client: &reqwest::Client, validate_url: &str,
//!   param_string: &str) -> Result<bool, PayfastError>`
//!
//! Simulator: `simulator::Simulator::new(&Settings)` and
//! `simulator::router(Simulator) -> axum::Router`.
//!
//! Errors: [`PayfastError`].
//!
//! # Example: checking an ITN
//!
//! ```no_run
//! # async fn handle(peer: std::net::IpAddr, body: &[u8]) -> Result<bool, bazaar_payfast::PayfastError> {
//! use bazaar_payfast::*;
//! let settings = Settings::sandbox();
//! let fields = parse_form(body);
//! let trusted = source_allowed(peer, &settings.allowed_sources).await
//!     && itn_signature_valid(&fields, settings.passphrase.as_deref())
//!     && validate_with_payfast(&http_client(), &settings.validate_url, &itn_param_string(&fields))
//!         .await?;
//! # Ok(trusted)
//! # }
//! ```

mod amount;
mod checkout;
mod error;
pub mod refund;
mod settings;
pub mod signature;
pub mod simulator;
mod source;
mod validate;

pub use amount::{amount_to_cents, format_cents, format_rand};
pub use checkout::{
    CHECKOUT_FIELD_ORDER, ITEM_DESCRIPTION_MAX_CHARS, ITEM_NAME_MAX_CHARS, ITN_FIELD_ORDER,
    PaymentRequest, checkout_fields, in_checkout_order,
};
pub use error::PayfastError;
pub use settings::{
    Mode, PAYFAST_HOSTS, PAYFAST_IP_RANGES, SANDBOX_MERCHANT_ID, SANDBOX_MERCHANT_KEY,
    SIMULATOR_PASSPHRASE, SIMULATOR_PREFIX, Settings,
};
pub use signature::{
    SIGNATURE_FIELD, checkout_param_string, encode_form, field, itn_param_string,
    itn_signature_valid, parse_form, php_urlencode, sign,
};
pub use source::{check_source, source_allowed};
pub use validate::{http_client, validate_with_payfast};
