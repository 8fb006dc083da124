//! Outgoing email for bazaar.
//!
//! A [`Mailer`] sends an [`OutgoingEmail`] either to the outbox (`.eml` files in a folder, the
//! default for development and tests) or to an SMTP server, as [`MailSettings`] say. The
//! default wording of each email lives in `templates/` and is rendered by [`render`]; the shop
//! can override a template, and the caller passes the override in as a [`TemplateSource`].
//!
//! The tests talk to a real SMTP server, Python's `aiosmtpd`; install it with
//! `python3 -m pip install --user aiosmtpd` (see `README.md`).

mod error;
mod mailer;
mod message;
mod settings;
mod templates;

pub use error::MailError;
pub use mailer::{Mailer, SentEmail};
pub use settings::{DEFAULT_FROM, MailConfig, MailSettings};
pub use templates::{
    HTML_MAX, RenderedEmail, SUBJECT_MAX, TEXT_MAX, TemplateInfo, TemplateSource, Templates,
    Variable, render,
};

/// One email to send: already rendered, addressed to one person.
#[derive(Clone, PartialEq, Eq)]
pub struct OutgoingEmail {
    /// The recipient, `someone@example.com` or `Name <someone@example.com>`.
    pub to: String,
    pub subject: String,
    /// The plain-text body; every email has one.
    pub text: String,
    /// An HTML alternative; with it the message is `multipart/alternative`.
    pub html: Option<String>,
}

impl OutgoingEmail {
    /// An email from rendered template output.
    pub fn from_rendered(to: impl Into<String>, rendered: RenderedEmail) -> Self {
        Self {
            to: to.into(),
            subject: rendered.subject,
            text: rendered.text,
            html: rendered.html,
        }
    }
}

// The address is personal data and the body may hold a sign-in link: keep both out of logs.
impl std::fmt::Debug for OutgoingEmail {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("OutgoingEmail")
            .field("to", &"<redacted>")
            .field("subject", &self.subject)
            .field("text", &format_args!("<{} bytes>", self.text.len()))
            .field(
                "html",
                &self.html.as_ref().map(|h| format!("<{} bytes>", h.len())),
            )
            .finish()
    }
}
