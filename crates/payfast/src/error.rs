//! The crate's error type.

/// What can go wrong when configuring PayFast or talking to it.
///
/// Signature and source checks answer `bool` instead: a failed check is an expected outcome of
/// untrusted input, not an error in our own setup or in reaching PayFast.
#[derive(Debug, thiserror::Error)]
pub enum PayfastError {
    /// A setting is missing or malformed; `setting` names it as an operator would write it.
    #[error("invalid PayFast setting `{setting}`: {reason}")]
    InvalidSetting {
        setting: &'static str,
        reason: String,
    },

    /// The mode string is not one we know.
    #[error("unknown PayFast mode {0:?}: expected \"sandbox\", \"live\" or \"simulator\"")]
    UnknownMode(String),

    /// The validate request could not be sent or its answer could not be read (network, DNS,
    /// TLS, timeout).
    #[error("could not ask PayFast to validate an ITN at {url}: {reason}")]
    ValidateRequest { url: String, reason: String },

    /// PayFast's validate endpoint answered with an HTTP error status.
    #[error("PayFast's validate endpoint {url} answered HTTP {status}")]
    ValidateStatus { url: String, status: u16 },

    /// PayFast's validate endpoint answered something other than `VALID` or `INVALID`.
    #[error("PayFast's validate endpoint {url} answered {answer:?}, expected VALID or INVALID")]
    ValidateAnswer { url: String, answer: String },

    /// A merchant API call (a refund) could not be sent or its answer could not be read.
    #[error("could not reach PayFast's API at {url}: {reason}")]
    ApiRequest { url: String, reason: String },
}

impl PayfastError {
    /// Shorthand for [`PayfastError::InvalidSetting`].
    pub(crate) fn setting(setting: &'static str, reason: impl Into<String>) -> Self {
        Self::InvalidSetting {
            setting,
            reason: reason.into(),
        }
    }
}
