use std::path::PathBuf;

/// What can go wrong configuring, rendering or sending an email.
///
/// Each message is complete on its own (the cause is part of it, not a `source()`), and none
/// ever holds the SMTP password, a recipient's address or a body.
#[derive(Debug, thiserror::Error)]
pub enum MailError {
    /// The mail settings cannot be used; the message says which part and why.
    #[error("invalid mail settings: {0}")]
    Config(String),
    /// The recipient is not a valid email address.
    #[error("invalid recipient address")]
    InvalidRecipient,
    /// A template failed to parse or render (a syntax error, or a variable the context lacks).
    #[error("template `{part}` failed to render: {error:#}")]
    Template {
        /// `subject`, `text` or `html`.
        part: &'static str,
        error: minijinja::Error,
    },
    /// lettre refused to build the message.
    #[error("failed to build the message: {0}")]
    Build(lettre::error::Error),
    /// The `.eml` file could not be written.
    #[error("failed to write to the outbox {}: {error}", dir.display())]
    Outbox { dir: PathBuf, error: std::io::Error },
    /// The SMTP server could not be reached or refused the message.
    #[error("failed to send through SMTP {server}: {error}")]
    Smtp {
        /// `host:port`, no credentials.
        server: String,
        error: lettre::transport::smtp::Error,
    },
}

impl MailError {
    /// Whether trying again later cannot help: the server rejected the message or the
    /// recipient for good (a 5xx reply), or the email itself is broken.
    pub fn is_permanent(&self) -> bool {
        match self {
            Self::Smtp { error, .. } => error.is_permanent(),
            Self::Outbox { .. } => false,
            Self::Config(_) | Self::InvalidRecipient | Self::Template { .. } | Self::Build(_) => {
                true
            }
        }
    }
}
