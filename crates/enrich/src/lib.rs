//! Analytics enrichment: what an `analytics_events` row (SPEC.md §3) records about where a
//! visit came from.
//!
//! - [`device_from_user_agent`] turns the `User-Agent` header into `device_type` (`mobile`,
//!   `tablet` or `desktop`, SPEC.md §9), `browser` and the operating system, with the
//!   [woothee](https://docs.rs/woothee) parser. Crawlers and unknown agents count as desktop.
//! - [`Geolocator::locate`] turns the visitor's IP address into `country` and `city`.
//!
//! # Geolocation providers
//!
//! The provider is chosen with `BAZAAR_GEO_PROVIDER` and read by [`GeoConfig::parse`]:
//!
//! - **`none`**: every place is unknown; needs no other setting.
//! - **`http`**: needs `BAZAAR_GEO_URL`, an http(s) URL with `{ip}` where the URL-encoded
//!   address goes, e.g. `https://ipapi.co/{ip}/json/`. The provider `GET`s it and reads
//!   `country_name` and `city` from the JSON answer (missing or empty means unknown). The
//!   request, body included, must finish within [`DEFAULT_HTTP_TIMEOUT_MS`]. A non-2xx status,
//!   a timeout, a broken connection or a body that is not that JSON is an error the analytics
//!   job retries later ([`EnrichError::is_transient`]).
//! - **`maxmind`**: needs `BAZAAR_GEO_MAXMIND_DB`, the path of a GeoLite2-City or GeoIP2-City
//!   `.mmdb` file. [`Geolocator::new`] reads it into memory once, so a missing or invalid file
//!   fails at start-up rather than per event; lookups give the English country and city names.
//!
//! Private, loopback, link-local, unspecified and other non-public addresses are never sent to
//! a provider: they give an empty [`Place`].
//!
//! # Privacy
//!
//! The IP address is personal data and SPEC.md keeps `ip_address` null. This crate uses it for
//! the lookup only: it never logs it, keeps it, returns it or puts it into an [`EnrichError`]
//! (HTTP errors are stripped of the request URL, JSON errors are reduced to a position). With
//! the `http` provider the address does go to that service, which is the point of it; pick a
//! service whose terms fit, or use `maxmind` to keep addresses on the machine.
//!
//! # Test support
//!
//! The `test-support` feature adds `bazaar_enrich::mmdb_writer`, which writes a small
//! GeoLite2-City style database so tests (in this crate or others) can exercise the `maxmind`
//! provider without MaxMind's downloads.

mod device;
mod error;
mod geo;
#[cfg(any(test, feature = "test-support"))]
pub mod mmdb_writer;

pub use device::{DESKTOP, Device, MOBILE, TABLET, device_from_user_agent};
pub use error::EnrichError;
pub use geo::{DEFAULT_HTTP_TIMEOUT_MS, GeoConfig, Geolocator, IP_PLACEHOLDER, Place};
