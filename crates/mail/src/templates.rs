//! The wording of each email: defaults in `templates/`, overrides from the shop's database,
//! both rendered with minijinja.

use std::collections::BTreeMap;

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
    "chat_unread",
);

/// A variable a template may use, with what it holds and the sample a preview shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Variable {
    pub name: &'static str,
    pub description: &'static str,
    pub sample: &'static str,
}

const fn var(name: &'static str, description: &'static str, sample: &'static str) -> Variable {
    Variable {
        name,
        description,
        sample,
    }
}

/// What every order email is given (workers' `notify`); the part's details are empty for an
/// order-wide move.
const ORDER: &[Variable] = &[
    var(
        "customer_name",
        "The customer's name, or \"there\"",
        "Thandi",
    ),
    var("order_number", "The order's number", "BZ-1042"),
    var(
        "order_url",
        "The customer's orders page",
        "https://shop.example/profile/?tab=orders",
    ),
    var("total", "The order's total, formatted", "R1,234.50"),
    var(
        "message",
        "The notification's sentence about this move",
        "Your order BZ-1042 is on its way.",
    ),
    var(
        "vendor_name",
        "The store whose part moved (may be empty)",
        "Kasi Kicks & Co",
    ),
    var(
        "courier",
        "The courier's name (shipped parts; may be empty)",
        "The Courier Guy",
    ),
    var(
        "tracking_number",
        "The courier's tracking number (may be empty)",
        "TCG123456",
    ),
    var(
        "tracking_url",
        "The courier's tracking page (may be empty)",
        "https://shop.example/track/TCG123456",
    ),
];
const APPLICANT: Variable = var(
    "applicant_name",
    "The applicant's name, or \"there\"",
    "Thandi",
);
const STORE_NAME: Variable = var("store_name", "The store applied for", "Kasi Kicks & Co");
const APPROVED: &[Variable] = &[
    APPLICANT,
    STORE_NAME,
    var(
        "store_url",
        "The store's public page",
        "https://shop.example/store/kasi-kicks",
    ),
    var(
        "dashboard_url",
        "The vendor dashboard",
        "https://shop.example/vendor",
    ),
];
const ANSWERED: &[Variable] = &[
    APPLICANT,
    STORE_NAME,
    var(
        "message",
        "The reviewer's message",
        "The store name is a trademark of another company",
    ),
    var(
        "applications_url",
        "The applicant's applications page",
        "https://shop.example/vendor/applications",
    ),
];
const CHAT: &[Variable] = &[
    var(
        "recipient_name",
        "The recipient's name (a customer's, or the store's)",
        "Thandi",
    ),
    var(
        "sender_name",
        "Who wrote: the store's name, or the customer's",
        "Kasi Kicks & Co",
    ),
    var(
        "message",
        "The first line of the oldest unread message",
        "Yes, we have it in size 8. Shall I keep one for you?",
    ),
    var(
        "conversation_url",
        "Where to read and answer it",
        "https://shop.example/?chat=0190aa00-0000-7000-8000-000000000000",
    ),
];
const CONFIRM: &[Variable] = &[var(
    "confirm_url",
    "The confirmation link",
    "https://shop.example/auth/v1/verify?token=sample&type=signup",
)];
const RECOVERY: &[Variable] = &[var(
    "recovery_url",
    "The link to choose a new password",
    "https://shop.example/auth/v1/verify?token=sample&type=recovery",
)];
const MAGIC: &[Variable] = &[var(
    "link_url",
    "The sign-in link",
    "https://shop.example/auth/v1/verify?token=sample&type=magiclink",
)];

/// One email bazaar sends: its title, when it goes and what its template is given.
#[derive(Clone, Copy, Debug)]
pub struct TemplateInfo {
    pub key: &'static str,
    pub title: &'static str,
    pub sent_when: &'static str,
    pub variables: &'static [Variable],
}

const fn info(
    key: &'static str,
    title: &'static str,
    sent_when: &'static str,
    variables: &'static [Variable],
) -> TemplateInfo {
    TemplateInfo {
        key,
        title,
        sent_when,
        variables,
    }
}

/// Every email, in the order an admin reads them: orders, accounts, vendor applications.
const INFO: &[TemplateInfo] = &[
    info(
        "order_confirmed",
        "Order confirmed",
        "To the customer when an order's payment is confirmed",
        ORDER,
    ),
    info(
        "order_processing",
        "Order processing",
        "To the customer when a store starts on its part",
        ORDER,
    ),
    info(
        "order_shipped",
        "Order shipped",
        "To the customer when a store ships its part",
        ORDER,
    ),
    info(
        "order_delivered",
        "Order delivered",
        "To the customer when a part is delivered",
        ORDER,
    ),
    info(
        "order_cancelled",
        "Order cancelled",
        "To the customer when an order or a part is cancelled",
        ORDER,
    ),
    info(
        "signup_confirmation",
        "Confirm sign-up",
        "To a new account, to confirm its email address",
        CONFIRM,
    ),
    info(
        "password_recovery",
        "Password recovery",
        "To someone who asked to choose a new password",
        RECOVERY,
    ),
    info(
        "magic_link",
        "Sign-in link",
        "To someone who asked for a sign-in link",
        MAGIC,
    ),
    info(
        "email_change",
        "Confirm a new email address",
        "To the new address when an account changes its email",
        CONFIRM,
    ),
    info(
        "chat_unread",
        "Unread chat message",
        "To a customer or a store when a message stays unread for 30 minutes",
        CHAT,
    ),
    info(
        "vendor_application_approved",
        "Store application approved",
        "To the applicant when their store is approved",
        APPROVED,
    ),
    info(
        "vendor_application_changes_requested",
        "Store application needs changes",
        "To the applicant when a reviewer asks for changes",
        ANSWERED,
    ),
    info(
        "vendor_application_rejected",
        "Store application rejected",
        "To the applicant when their store is refused",
        ANSWERED,
    ),
];

/// The longest subject, plain-text body and HTML body an admin may save, in characters.
pub const SUBJECT_MAX: usize = 200;
pub const TEXT_MAX: usize = 20_000;
pub const HTML_MAX: usize = 100_000;

impl Templates {
    /// Every template key, in a stable order.
    pub fn keys() -> &'static [&'static str] {
        KEYS
    }

    /// The shipped template for `key`, or `None` for a key bazaar does not know.
    pub fn default_for(key: &str) -> Option<TemplateSource> {
        let [subject, text, html] = default_parts(key)?;
        Some(TemplateSource {
            // The files end with a newline; a subject is one line.
            subject: subject.trim().to_owned(),
            text: text.to_owned(),
            html: Some(html.to_owned()),
        })
    }

    /// Every email with its title and variables, orders first.
    pub fn all() -> &'static [TemplateInfo] {
        INFO
    }

    /// The title and variables of `key`'s email.
    pub fn info(key: &str) -> Option<&'static TemplateInfo> {
        INFO.iter().find(|info| info.key == key)
    }

    /// The variables of `key`'s email filled with their samples: what a preview renders.
    pub fn sample(key: &str) -> Option<serde_json::Value> {
        let info = Self::info(key)?;
        Some(serde_json::Value::Object(
            info.variables
                .iter()
                .map(|v| (v.name.to_owned(), serde_json::Value::from(v.sample)))
                .collect(),
        ))
    }

    /// Checks an edited template of `key`'s email and renders it with the samples.
    ///
    /// Problems come by part (`subject`, `text`, `html`), each with the line it is on: a
    /// syntax error, a variable this email is not given, a part left empty or too long. An
    /// empty `html` means a plain-text email. `None` for a key bazaar does not know.
    pub fn check(
        key: &str,
        subject: &str,
        text: &str,
        html: &str,
    ) -> Option<Result<(TemplateSource, RenderedEmail), BTreeMap<String, String>>> {
        let info = Self::info(key)?;
        let sample = Self::sample(key)?;
        let source = TemplateSource {
            subject: subject.trim().to_owned(),
            text: text.to_owned(),
            html: Some(html.to_owned()).filter(|h| !h.trim().is_empty()),
        };
        let mut errors = BTreeMap::new();
        let parts = [
            ("subject", source.subject.as_str(), SUBJECT_MAX, true),
            ("text", source.text.as_str(), TEXT_MAX, true),
            (
                "html",
                source.html.as_deref().unwrap_or(""),
                HTML_MAX,
                false,
            ),
        ];
        for (part, body, max, required) in parts {
            let problem = if required && body.trim().is_empty() {
                Some(format!("Enter the {}", part_name(part)))
            } else if body.chars().count() > max {
                Some(format!(
                    "The {} is longer than {max} characters",
                    part_name(part)
                ))
            } else if part == "subject" && body.contains(['\n', '\r']) {
                Some("The subject is one line".to_owned())
            } else {
                template_problem(part, body, info, &sample)
            };
            if let Some(problem) = problem {
                errors.insert(part.to_owned(), problem);
            }
        }
        if !errors.is_empty() {
            return Some(Err(errors));
        }
        Some(
            render(&source, &sample)
                .map(|rendered| (source, rendered))
                .map_err(|e| BTreeMap::from([("text".to_owned(), e.to_string())])),
        )
    }
}

fn part_name(part: &str) -> &'static str {
    match part {
        "subject" => "subject",
        "text" => "plain-text body",
        _ => "HTML body",
    }
}

/// What is wrong with one part, as "Line N: …", or `None` when it renders with the samples.
fn template_problem(
    part: &'static str,
    body: &str,
    info: &TemplateInfo,
    sample: &serde_json::Value,
) -> Option<String> {
    let env = environment();
    let template = match env.template_from_named_str(part, body) {
        Ok(template) => template,
        Err(error) => return Some(described(&error, None)),
    };
    let error = template.render(Value::from(Serde(sample))).err()?;
    // A name the email is not given is the usual mistake: say which, and what there is.
    let known: Vec<&str> = info.variables.iter().map(|v| v.name).collect();
    let mut unknown: Vec<String> = template
        .undeclared_variables(false)
        .into_iter()
        .filter(|name| !known.contains(&name.as_str()) && !GLOBALS.contains(&name.as_str()))
        .collect();
    unknown.sort();
    let hint = (!unknown.is_empty()).then(|| {
        format!(
            "{} {} not given to this email (it has {})",
            unknown
                .iter()
                .map(|n| format!("`{n}`"))
                .collect::<Vec<_>>()
                .join(", "),
            if unknown.len() == 1 { "is" } else { "are" },
            known.join(", "),
        )
    });
    Some(described(&error, hint))
}

/// Names minijinja itself provides, which a template may use without being given them.
const GLOBALS: &[&str] = &["range", "dict", "namespace", "loop", "debug"];

fn described(error: &minijinja::Error, hint: Option<String>) -> String {
    let what = hint.unwrap_or_else(|| match error.detail() {
        Some(detail) => format!("{}: {detail}", error.kind()),
        None => error.kind().to_string(),
    });
    match error.line() {
        Some(line) => format!("Line {line}: {what}"),
        None => what,
    }
}

/// The environment every template renders in: strict about missing variables, escaping only
/// the HTML part.
fn environment() -> Environment<'static> {
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
    env
}

/// Renders all parts of `source` with `context` (a JSON object of variables).
///
/// A variable the context lacks is an error, not an empty string, so a broken template fails
/// loudly instead of sending "Your order  has shipped". Only the HTML part is HTML-escaped.
pub fn render(
    source: &TemplateSource,
    context: &serde_json::Value,
) -> Result<RenderedEmail, MailError> {
    let env = environment();
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
