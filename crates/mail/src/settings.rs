//! Where email goes, parsed once at start-up so a typo fails then and not at the first send.

use std::fmt;
use std::net::IpAddr;
use std::path::PathBuf;

use lettre::message::Mailbox;
use percent_encoding::{AsciiSet, NON_ALPHANUMERIC, percent_decode_str, utf8_percent_encode};
use url::{Host, Url};

use crate::MailError;

/// The sender used when none is configured.
pub const DEFAULT_FROM: &str = "bazaar <no-reply@bazaar.local>";

/// How email leaves bazaar.
#[derive(Clone, PartialEq, Eq)]
pub enum MailConfig {
    /// Write each email as an `.eml` file into `dir`: development, tests, and shops without SMTP.
    Outbox { dir: PathBuf },
    /// Send through an SMTP server: `smtp://user:pass@host:port` (STARTTLS, or no TLS on
    /// localhost) or `smtps://…` (TLS from the start), optionally `?tls=none|starttls|tls`.
    Smtp { url: String },
}

/// Everything the [`Mailer`](crate::Mailer) needs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MailSettings {
    pub transport: MailConfig,
    /// The `From` mailbox, e.g. `bazaar <no-reply@bazaar.local>`.
    pub from: String,
}

impl MailSettings {
    /// SMTP when `smtp_url` is given (and not blank), the outbox in `outbox_dir` otherwise;
    /// `from` defaults to [`DEFAULT_FROM`]. Error messages never repeat the password.
    pub fn parse(
        smtp_url: Option<&str>,
        from: Option<&str>,
        outbox_dir: PathBuf,
    ) -> Result<Self, MailError> {
        let from = from
            .map(str::trim)
            .filter(|f| !f.is_empty())
            .unwrap_or(DEFAULT_FROM);
        parse_from(from)?;
        let transport = match smtp_url.map(str::trim).filter(|u| !u.is_empty()) {
            Some(url) => {
                SmtpServer::parse(url)?;
                MailConfig::Smtp {
                    url: url.to_owned(),
                }
            }
            None => MailConfig::Outbox { dir: outbox_dir },
        };
        Ok(Self {
            transport,
            from: from.to_owned(),
        })
    }
}

/// What a user name or password keeps unescaped in an SMTP URL (RFC 3986's unreserved).
const USERINFO: &AsciiSet = &NON_ALPHANUMERIC
    .remove(b'-')
    .remove(b'.')
    .remove(b'_')
    .remove(b'~');

impl MailSettings {
    /// SMTP through `host:port`, secured by `tls` (`none`, `starttls` or `tls`), signing in
    /// with `credentials` if given; checked as [`MailSettings::parse`] checks a URL.
    pub fn smtp(
        host: &str,
        port: u16,
        tls: &str,
        credentials: Option<(&str, &str)>,
        from: &str,
    ) -> Result<Self, MailError> {
        let auth = credentials
            .map(|(user, password)| {
                format!(
                    "{}:{}@",
                    utf8_percent_encode(user, USERINFO),
                    utf8_percent_encode(password, USERINFO)
                )
            })
            .unwrap_or_default();
        let host = if host.contains(':') && !host.starts_with('[') {
            format!("[{host}]")
        } else {
            host.to_owned()
        };
        let url = match tls {
            "tls" => format!("smtps://{auth}{host}:{port}"),
            other => format!("smtp://{auth}{host}:{port}?tls={other}"),
        };
        Self::parse(Some(&url), Some(from), PathBuf::new())
    }
}

pub(crate) fn parse_from(from: &str) -> Result<Mailbox, MailError> {
    from.parse().map_err(|e| {
        MailError::Config(format!(
            "the sender `{from}` is not a valid mailbox such as `bazaar <no-reply@example.com>`: {e}"
        ))
    })
}

// The URL holds the SMTP password: show it with the password masked.
impl fmt::Debug for MailConfig {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Outbox { dir } => f.debug_struct("Outbox").field("dir", dir).finish(),
            Self::Smtp { url } => {
                // An invalid URL (which `parse` refuses) is not shown at all: with no scheme,
                // say, `user:password@host` reads as a path and the password as part of it.
                let shown = match Url::parse(url) {
                    Ok(mut parsed) if SmtpServer::parse(url).is_ok() => {
                        if parsed.password().is_some() {
                            let _ = parsed.set_password(Some("***"));
                        }
                        parsed.to_string()
                    }
                    _ => "<invalid SMTP URL>".to_owned(),
                };
                f.debug_struct("Smtp").field("url", &shown).finish()
            }
        }
    }
}

/// How the connection to the SMTP server is secured.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Security {
    /// Plain text: only sensible for a relay on this machine.
    Plain,
    /// Plain connection upgraded with STARTTLS, which the server must offer.
    StartTls,
    /// TLS from the first byte (`smtps`, port 465).
    Implicit,
}

/// An SMTP URL taken apart.
pub(crate) struct SmtpServer {
    /// For connecting: IPv6 addresses without brackets.
    pub host: String,
    pub port: u16,
    pub security: Security,
    pub credentials: Option<(String, String)>,
    /// `host:port` for messages and logs.
    pub display: String,
}

impl SmtpServer {
    pub(crate) fn parse(url: &str) -> Result<Self, MailError> {
        let invalid = |why: String| MailError::Config(format!("the SMTP URL {why}"));
        // url's errors name the problem ("invalid port number") without quoting the input.
        let parsed = Url::parse(url).map_err(|e| invalid(format!("cannot be parsed: {e}")))?;
        let implicit_tls = match parsed.scheme() {
            "smtp" => false,
            "smtps" => true,
            other => {
                return Err(invalid(format!(
                    "must start with smtp:// or smtps://, not {other}://"
                )));
            }
        };
        let (host, loopback) = match parsed.host() {
            // `smtp` is not a scheme url knows, so it leaves IPv4 addresses as names.
            Some(Host::Domain(name)) if !name.is_empty() => {
                let loopback = name.eq_ignore_ascii_case("localhost")
                    || name.parse::<IpAddr>().is_ok_and(|ip| ip.is_loopback());
                (name.to_owned(), loopback)
            }
            Some(Host::Ipv4(ip)) => (ip.to_string(), ip.is_loopback()),
            Some(Host::Ipv6(ip)) => (ip.to_string(), ip.is_loopback()),
            _ => return Err(invalid("has no host".to_owned())),
        };
        if !matches!(parsed.path(), "" | "/") || parsed.fragment().is_some() {
            return Err(invalid("must not have a path or fragment".to_owned()));
        }

        let mut tls_param = None;
        for (key, value) in parsed.query_pairs() {
            match (key.as_ref(), value.as_ref()) {
                ("tls", "none") => tls_param = Some(Security::Plain),
                ("tls", "starttls") => tls_param = Some(Security::StartTls),
                ("tls", "tls") => tls_param = Some(Security::Implicit),
                ("tls", other) => {
                    return Err(invalid(format!(
                        "has tls={other}; use tls=none, tls=starttls or tls=tls"
                    )));
                }
                (other, _) => {
                    return Err(invalid(format!(
                        "has an unknown parameter `{other}` (only `tls` is understood)"
                    )));
                }
            }
        }
        let security = match (implicit_tls, tls_param) {
            (true, None | Some(Security::Implicit)) => Security::Implicit,
            (true, Some(_)) => {
                return Err(invalid(
                    "uses smtps://, which is always TLS; use smtp:// for tls=none or tls=starttls"
                        .to_owned(),
                ));
            }
            (false, Some(security)) => security,
            (false, None) if loopback => Security::Plain,
            (false, None) => Security::StartTls,
        };
        let port = match parsed.port() {
            Some(0) => return Err(invalid("has port 0; use a port from 1 to 65535".to_owned())),
            Some(port) => port,
            None => match security {
                Security::Plain => 25,
                Security::StartTls => 587,
                Security::Implicit => 465,
            },
        };

        let decode = |part: &str, what: &str| {
            percent_decode_str(part)
                .decode_utf8()
                .map(|s| s.into_owned())
                .map_err(|_| invalid(format!("has a {what} that is not valid UTF-8")))
        };
        let credentials = match (parsed.username(), parsed.password()) {
            ("", None) => None,
            ("", Some(_)) => return Err(invalid("has a password but no user name".to_owned())),
            (_, None) => return Err(invalid("has a user name but no password".to_owned())),
            (user, Some(password)) => {
                Some((decode(user, "user name")?, decode(password, "password")?))
            }
        };

        let display = format!("{}:{port}", parsed.host_str().unwrap_or(&host));
        Ok(Self {
            host,
            port,
            security,
            credentials,
            display,
        })
    }
}
