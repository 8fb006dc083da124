//! The one error type of this crate.
//!
//! No variant carries the IP address being located, and the messages are built so that none of
//! them can quote it: URLs are stripped from HTTP errors and JSON errors are reduced to their
//! position.

use std::path::PathBuf;

/// Why a setting was rejected or a location could not be found.
#[derive(Debug, thiserror::Error)]
pub enum EnrichError {
    /// `BAZAAR_GEO_PROVIDER` named no known provider.
    #[error(
        "unknown geolocation provider {0:?}: BAZAAR_GEO_PROVIDER must be \"none\", \"http\" or \"maxmind\""
    )]
    UnknownProvider(String),

    /// The chosen provider needs a setting that was not given.
    #[error("geolocation provider \"{provider}\" needs {setting}")]
    MissingSetting {
        provider: &'static str,
        setting: &'static str,
    },

    /// A setting was given but cannot be used.
    #[error("{setting} is invalid: {reason}")]
    InvalidSetting {
        setting: &'static str,
        reason: String,
    },

    /// The MaxMind database file could not be read (missing, unreadable).
    #[error("could not read the MaxMind database {path:?}: {error}")]
    DatabaseUnreadable {
        path: PathBuf,
        error: std::io::Error,
    },

    /// The file exists but is not a MaxMind DB file this crate can read.
    #[error("could not open the MaxMind database {path:?}: {reason}")]
    DatabaseInvalid { path: PathBuf, reason: String },

    /// The lookup in an opened MaxMind database failed (a corrupt record, usually).
    #[error("MaxMind database lookup failed: {reason}")]
    DatabaseLookup { reason: String },

    /// The HTTP client could not be built (TLS set-up, usually).
    #[error("could not build the geolocation HTTP client: {reason}")]
    HttpClient { reason: String },

    /// The geolocation service could not be reached, or the connection broke.
    #[error("geolocation request failed: {reason}")]
    HttpRequest { reason: String },

    /// The geolocation service did not answer in time.
    #[error("geolocation service did not answer within {timeout_ms} ms")]
    HttpTimeout { timeout_ms: u64 },

    /// The geolocation service answered with a non-success status.
    #[error("geolocation service answered HTTP {status}")]
    HttpStatus { status: u16 },

    /// The geolocation service answered 2xx with a body that is not the expected JSON.
    #[error("geolocation service returned an unexpected body: {reason}")]
    HttpBody { reason: String },
}

impl EnrichError {
    /// Whether trying the same lookup again later may succeed (the service was down, slow or
    /// answered badly), as opposed to a settings problem that needs an operator.
    pub fn is_transient(&self) -> bool {
        matches!(
            self,
            Self::HttpRequest { .. }
                | Self::HttpTimeout { .. }
                | Self::HttpStatus { .. }
                | Self::HttpBody { .. }
        )
    }
}
