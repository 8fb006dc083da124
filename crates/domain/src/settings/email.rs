//! Where the store's email goes, as admins set it (`/admin/email-settings`): either as the
//! server was started (`--smtp-url`, or the outbox folder), or through an SMTP server given
//! here, with the sender's name and address. The password is a secret: it is kept sealed
//! (the caller seals and opens it) and never shown, only whether it is set.

use serde_json::{Value, json};

use crate::FieldErrors;
use crate::text::plausible_email;

/// The system setting the email settings are kept in.
pub const EMAIL_KEY: &str = "email_settings";
/// The field a sealed SMTP password is bound to.
pub const PASSWORD_FIELD: &str = "email.smtp_password";

/// How email leaves the store.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Delivery {
    /// As the server was started: its `--smtp-url`, or the outbox folder.
    Server,
    /// Through the SMTP server in these settings.
    Smtp,
}

/// How the connection to the SMTP server is secured.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Security {
    /// Plain connection upgraded with STARTTLS (usually port 587).
    StartTls,
    /// TLS from the first byte (usually port 465).
    Tls,
    /// No encryption: only for a relay on this machine.
    None,
}

impl Delivery {
    pub fn as_str(self) -> &'static str {
        match self {
            Delivery::Server => "server",
            Delivery::Smtp => "smtp",
        }
    }
}

impl Security {
    pub fn as_str(self) -> &'static str {
        match self {
            Security::StartTls => "starttls",
            Security::Tls => "tls",
            Security::None => "none",
        }
    }

    fn parse(s: &str) -> Option<Self> {
        [Security::StartTls, Security::Tls, Security::None]
            .into_iter()
            .find(|v| v.as_str() == s)
    }
}

/// The email settings as stored.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EmailSettings {
    pub delivery: Delivery,
    pub host: String,
    pub port: u16,
    pub security: Security,
    pub username: String,
    /// The SMTP password sealed for [`PASSWORD_FIELD`], if one is set.
    pub sealed_password: Option<String>,
    pub from_name: String,
    pub from_address: String,
}

impl Default for EmailSettings {
    fn default() -> Self {
        Self {
            delivery: Delivery::Server,
            host: String::new(),
            port: 587,
            security: Security::StartTls,
            username: String::new(),
            sealed_password: None,
            from_name: "bazaar".to_owned(),
            from_address: String::new(),
        }
    }
}

impl EmailSettings {
    /// The stored value; what is missing or unreadable takes its default (email as the
    /// server was started).
    pub fn read(value: Option<&Value>) -> Self {
        let d = Self::default();
        let text = |name: &str| value.and_then(|v| v.get(name)).and_then(Value::as_str);
        let owned =
            |name: &str, fallback: String| text(name).map(str::to_owned).unwrap_or(fallback);
        Self {
            delivery: match text("delivery") {
                Some("smtp") => Delivery::Smtp,
                _ => Delivery::Server,
            },
            port: value
                .and_then(|v| v.get("port"))
                .and_then(Value::as_u64)
                .and_then(|p| u16::try_from(p).ok())
                .filter(|p| *p > 0)
                .unwrap_or(d.port),
            security: text("security")
                .and_then(Security::parse)
                .unwrap_or(d.security),
            sealed_password: text("password")
                .filter(|p| !p.is_empty())
                .map(str::to_owned),
            host: owned("host", d.host),
            username: owned("username", d.username),
            from_name: owned("from_name", d.from_name),
            from_address: owned("from_address", d.from_address),
        }
    }

    /// The value to store.
    pub fn value(&self) -> Value {
        json!({
            "delivery": self.delivery.as_str(),
            "host": self.host,
            "port": self.port,
            "security": self.security.as_str(),
            "username": self.username,
            "password": self.sealed_password.clone().unwrap_or_default(),
            "from_name": self.from_name,
            "from_address": self.from_address,
        })
    }

    /// The sender's mailbox, `Name <address>`.
    pub fn from_mailbox(&self) -> String {
        format!("{} <{}>", self.from_name, self.from_address)
    }
}

/// What becomes of the stored password.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PasswordChange {
    Keep,
    Clear,
    Set(String),
}

/// The settings as an admin sends them. `password`: absent keeps the one set, empty removes
/// it, anything else replaces it.
#[derive(Debug, Clone, Default)]
pub struct EmailDraft {
    pub delivery: String,
    pub host: String,
    pub port: i64,
    pub security: String,
    pub username: String,
    pub password: Option<String>,
    pub from_name: String,
    pub from_address: String,
}

/// Hosts a plain-text connection may go to: this machine.
fn loopback(host: &str) -> bool {
    let host = host.trim_start_matches('[').trim_end_matches(']');
    host.eq_ignore_ascii_case("localhost")
        || host
            .parse::<std::net::IpAddr>()
            .is_ok_and(|ip| ip.is_loopback())
}

impl EmailDraft {
    /// Checks every field against `current` (whose password a `Keep` keeps) and answers the
    /// settings to store without their password, and what to do with it; all problems at once.
    pub fn parse(
        &self,
        current: &EmailSettings,
    ) -> Result<(EmailSettings, PasswordChange), FieldErrors> {
        let mut errors = FieldErrors::new();
        let mut problem = |field: &str, message: &str| {
            errors.insert(field.to_owned(), message.to_owned());
        };
        let delivery = match self.delivery.as_str() {
            "server" => Delivery::Server,
            "smtp" => Delivery::Smtp,
            _ => {
                problem("delivery", "Choose how email is sent: server or smtp");
                Delivery::Server
            }
        };
        let host = self.host.trim().to_ascii_lowercase();
        let smtp = delivery == Delivery::Smtp;
        if host.is_empty() && smtp {
            problem("host", "Enter the SMTP server's host name");
        } else if host.len() > 253
            || host.contains(|c: char| {
                c.is_whitespace() || ("/@?#:".contains(c) && !host.starts_with('['))
            })
        {
            problem(
                "host",
                "Enter a host name such as smtp.example.co.za, without a scheme or port",
            );
        }
        let port = u16::try_from(self.port).ok().filter(|p| *p > 0);
        if port.is_none() {
            problem("port", "The port is a number from 1 to 65535");
        }
        let security = Security::parse(&self.security);
        match security {
            None => problem("security", "Choose starttls, tls or none"),
            Some(Security::None) if smtp && !host.is_empty() && !loopback(&host) => problem(
                "security",
                "Without TLS email may only go to a server on this machine (localhost)",
            ),
            _ => {}
        }
        let username = self.username.trim().to_owned();
        if username.chars().count() > 200 {
            problem("username", "The user name is up to 200 characters");
        }
        let change = match self.password.as_deref() {
            None => PasswordChange::Keep,
            Some("") => PasswordChange::Clear,
            Some(p) if p.chars().count() > 200 => {
                problem("password", "The password is up to 200 characters");
                PasswordChange::Keep
            }
            Some(p) => PasswordChange::Set(p.to_owned()),
        };
        let has_password = match &change {
            PasswordChange::Keep => current.sealed_password.is_some(),
            PasswordChange::Clear => false,
            PasswordChange::Set(_) => true,
        };
        if smtp && !username.is_empty() && !has_password {
            problem("password", "Enter the password for this user");
        }
        let from_name = self.from_name.trim().to_owned();
        if from_name.is_empty() || from_name.chars().count() > 100 {
            problem("from_name", "Enter the sender's name, up to 100 characters");
        } else if from_name.contains(['<', '>', '"', '\n', '\r']) {
            problem("from_name", "The sender's name cannot hold < > or \"");
        }
        let from_address = self.from_address.trim().to_ascii_lowercase();
        if (smtp || !from_address.is_empty()) && !plausible_email(&from_address) {
            problem(
                "from_address",
                "Enter the address email is sent from, such as orders@example.co.za",
            );
        }
        if !errors.is_empty() {
            return Err(errors);
        }
        Ok((
            EmailSettings {
                delivery,
                host,
                port: port.unwrap_or(587),
                security: security.unwrap_or(Security::StartTls),
                username,
                sealed_password: None,
                from_name,
                from_address,
            },
            change,
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn draft() -> EmailDraft {
        EmailDraft {
            delivery: "smtp".into(),
            host: " SMTP.Example.co.za ".into(),
            port: 587,
            security: "starttls".into(),
            username: "orders@example.co.za".into(),
            password: Some("s3cret".into()),
            from_name: "Mzansi Market".into(),
            from_address: "Orders@Example.co.za".into(),
        }
    }

    #[test]
    fn good_settings_are_kept_trimmed_with_their_password_change() {
        let (s, change) = draft().parse(&EmailSettings::default()).unwrap();
        assert_eq!(
            (s.host.as_str(), s.port, s.security),
            ("smtp.example.co.za", 587, Security::StartTls)
        );
        assert_eq!(s.from_mailbox(), "Mzansi Market <orders@example.co.za>");
        assert_eq!(change, PasswordChange::Set("s3cret".into()));
        assert_eq!(EmailSettings::read(Some(&s.value())), s);
    }

    #[test]
    fn every_problem_is_answered_at_once() {
        let bad = EmailDraft {
            delivery: "pigeon".into(),
            host: "smtp://x".into(),
            port: 70_000,
            security: "ssl".into(),
            username: "u".into(),
            password: None,
            from_name: "<x>".into(),
            from_address: "nope".into(),
        };
        let e = bad.parse(&EmailSettings::default()).unwrap_err();
        let fields: Vec<&str> = e.keys().map(String::as_str).collect();
        assert_eq!(
            fields,
            [
                "delivery",
                "from_address",
                "from_name",
                "host",
                "port",
                "security"
            ]
        );

        let plain = EmailDraft {
            security: "none".into(),
            ..draft()
        };
        assert_eq!(
            plain.parse(&EmailSettings::default()).unwrap_err()["security"],
            "Without TLS email may only go to a server on this machine (localhost)"
        );
        let local = EmailDraft {
            security: "none".into(),
            host: "127.0.0.1".into(),
            ..draft()
        };
        assert!(local.parse(&EmailSettings::default()).is_ok());
    }

    #[test]
    fn a_user_needs_a_password_kept_or_given() {
        let keep = EmailDraft {
            password: None,
            ..draft()
        };
        assert_eq!(
            keep.parse(&EmailSettings::default()).unwrap_err()["password"],
            "Enter the password for this user"
        );
        let stored = EmailSettings {
            sealed_password: Some("v1:x".into()),
            ..EmailSettings::default()
        };
        assert_eq!(keep.parse(&stored).unwrap().1, PasswordChange::Keep);
        let cleared = EmailDraft {
            password: Some(String::new()),
            username: String::new(),
            ..draft()
        };
        assert_eq!(cleared.parse(&stored).unwrap().1, PasswordChange::Clear);
    }

    #[test]
    fn the_server_delivery_needs_no_smtp_fields() {
        let server = EmailDraft {
            delivery: "server".into(),
            host: String::new(),
            username: String::new(),
            password: None,
            from_address: String::new(),
            ..draft()
        };
        let (s, _) = server.parse(&EmailSettings::default()).unwrap();
        assert_eq!(s.delivery, Delivery::Server);
        assert_eq!(EmailSettings::read(None).delivery, Delivery::Server);
    }
}
