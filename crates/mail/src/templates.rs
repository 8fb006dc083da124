//! The wording of each email: defaults in `templates/`, overrides from the shop's database,
//! both rendered with minijinja.

use minijinja::value::Serde;
use minijinja::{AutoEscape, Environment, UndefinedBehavior, Value};

use crate::MailError;

/// One email's template in minijinja syntax: a default, or the shop's override
/// (table `email_templates`: `subject`, `body_text`, `body_html`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TemplateSource {
    pub subject: String,
    pub text: String,
    /// Without it the email is plain text only.
    pub html: Option<String>,
}

/// A rendered template, ready for [`OutgoingEmail::from_rendered`](crate::OutgoingEmail::from_rendered).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RenderedEmail {
    /// One line, whitespace collapsed.
    pub subject: String,
    pub text: String,
    pub html: Option<String>,
}

/// The templates bazaar ships with, one folder per key in `crates/mail/templates/`.
pub struct Templates;

/// Declares the keys and embeds each key's `subject.txt`, `body.txt` and `body.html`.
macro_rules! default_templates {
    ($($key:literal),* $(,)?) => {
        const KEYS: &[&str] = &[$($key),*];

        fn default_parts(key: &str) -> Option<[&'static str; 3]> {
            match key {
                $($key => Some([
                    include_str!(concat!("../templates/", $key, "/subject.txt")),
                    include_str!(concat!("../templates/", $key, "/body.txt")),
                    include_str!(concat!("../templates/", $key, "/body.html")),
                ]),)*
                _ => None,
            }
        }
    };
}

// Order emails take {customer_name, order_number, order_url, total}, with `total` already
// formatted ("R1,234.50"); each auth email takes its one link. Vendor application emails
// take {applicant_name, store_name, message, store_url, dashboard_url, applications_url}.
default_templates!(
    "vendor_application_approved",
    "vendor_application_rejected",
    "vendor_application_changes_requested",
    "order_confirmed",
    "order_processing",
    "order_shipped",
    "order_delivered",
    "order_cancelled",
    "signup_confirmation",
    "password_recovery",
    "magic_link",
    "email_change",
);

impl Templates {
    /// Every template key, in a stable order.
    pub fn keys() -> &'static [&'static str] {
        KEYS
    }

    /// The shipped template for `key`, or `None` for a key bazaar does not know.
    pub fn default_for(key: &str) -> Option<TemplateSource> {
        let [subject, text, html] = default_parts(key)?;
        Some(TemplateSource {
            subject: subject.to_owned(),
            text: text.to_owned(),
            html: Some(html.to_owned()),
        })
    }
}

/// Renders all parts of `source` with `context` (a JSON object of variables).
///
/// A variable the context lacks is an error, not an empty string, so a broken template fails
/// loudly instead of sending "Your order  has shipped". Only the HTML part is HTML-escaped.
pub fn render(
    source: &TemplateSource,
    context: &serde_json::Value,
) -> Result<RenderedEmail, MailError> {
    let mut env = Environment::new();
    env.set_undefined_behavior(UndefinedBehavior::Strict);
    // Escaping the subject or the text would show `&amp;` to the reader.
    env.set_auto_escape_callback(|name| {
        if name == "html" {
            AutoEscape::Html
        } else {
            AutoEscape::None
        }
    });
    let context = Value::from(Serde(context));
    let part = |name: &'static str, template: &str| {
        env.render_named_str(name, template, context.clone())
            .map_err(|error| MailError::Template { part: name, error })
    };
    let subject = part("subject", &source.subject)?;
    Ok(RenderedEmail {
        subject: subject.split_whitespace().collect::<Vec<_>>().join(" "),
        text: part("text", &source.text)?,
        html: source
            .html
            .as_deref()
            .map(|html| part("html", html))
            .transpose()?,
    })
}
