//! The HTTP provider: `GET` a JSON geolocation service (SPEC.md §7, External).

use std::error::Error as _;
use std::fmt::Write as _;
use std::net::IpAddr;
use std::time::Duration;

use serde::Deserialize;

use super::{IP_PLACEHOLDER, Place, non_empty};
use crate::EnrichError;

/// Answers larger than this are not a geolocation record.
const MAX_BODY_BYTES: usize = 64 * 1024;

/// The fields read from the service's answer; others are ignored.
#[derive(Deserialize)]
struct Answer {
    country_name: Option<String>,
    city: Option<String>,
}

#[derive(Clone)]
pub(super) struct HttpProvider {
    client: reqwest::Client,
    url_template: String,
    timeout_ms: u64,
}

impl HttpProvider {
    pub(super) fn new(url_template: String, timeout_ms: u64) -> Result<Self, EnrichError> {
        check_url_template(&url_template)?;
        if timeout_ms == 0 {
            return Err(EnrichError::InvalidSetting {
                setting: "geolocation timeout",
                reason: "it must be at least 1 ms".into(),
            });
        }
        // reqwest is built without a crypto provider; install ring unless the binary already
        // installed one (then this fails harmlessly).
        let _ = rustls::crypto::ring::default_provider().install_default();
        let client = reqwest::Client::builder()
            .timeout(Duration::from_millis(timeout_ms))
            .user_agent(concat!("bazaar/", env!("CARGO_PKG_VERSION")))
            .build()
            .map_err(|error| EnrichError::HttpClient {
                reason: describe(error),
            })?;
        Ok(Self {
            client,
            url_template,
            timeout_ms,
        })
    }

    pub(super) async fn locate(&self, ip: IpAddr) -> Result<Place, EnrichError> {
        let url = self
            .url_template
            .replace(IP_PLACEHOLDER, &percent_encode(&ip.to_string()));
        let mut response = self
            .client
            .get(url)
            .header(reqwest::header::ACCEPT, "application/json")
            .send()
            .await
            .map_err(|error| self.request_error(error))?;
        let status = response.status();
        if !status.is_success() {
            return Err(EnrichError::HttpStatus {
                status: status.as_u16(),
            });
        }

        let mut body = Vec::new();
        while let Some(chunk) = response
            .chunk()
            .await
            .map_err(|error| self.request_error(error))?
        {
            if body.len() + chunk.len() > MAX_BODY_BYTES {
                return Err(EnrichError::HttpBody {
                    reason: format!("it is larger than {MAX_BODY_BYTES} bytes"),
                });
            }
            body.extend_from_slice(&chunk);
        }
        // serde_json's message may quote the body, which may echo the address: keep only
        // where it went wrong.
        let answer: Answer =
            serde_json::from_slice(&body).map_err(|error| EnrichError::HttpBody {
                reason: format!(
                    "not the expected JSON (line {}, column {})",
                    error.line(),
                    error.column()
                ),
            })?;
        Ok(Place {
            country: non_empty(answer.country_name.as_deref()),
            city: non_empty(answer.city.as_deref()),
        })
    }

    fn request_error(&self, error: reqwest::Error) -> EnrichError {
        if error.is_timeout() {
            EnrichError::HttpTimeout {
                timeout_ms: self.timeout_ms,
            }
        } else {
            EnrichError::HttpRequest {
                reason: describe(error),
            }
        }
    }
}

/// Checks that `BAZAAR_GEO_URL` is an http(s) URL with the `{ip}` placeholder.
pub(super) fn check_url_template(template: &str) -> Result<(), EnrichError> {
    let invalid = |reason: String| EnrichError::InvalidSetting {
        setting: "BAZAAR_GEO_URL",
        reason,
    };
    if !template.contains(IP_PLACEHOLDER) {
        return Err(invalid(format!(
            "it must contain {IP_PLACEHOLDER} where the address goes"
        )));
    }
    let example = template.replace(IP_PLACEHOLDER, "192.0.2.1");
    let url = reqwest::Url::parse(&example)
        .map_err(|error| invalid(format!("it is not a URL ({error})")))?;
    if !matches!(url.scheme(), "http" | "https") {
        return Err(invalid("it must be an http:// or https:// URL".into()));
    }
    Ok(())
}

/// The error and its causes on one line, without the URL (which holds the address).
fn describe(error: reqwest::Error) -> String {
    let error = error.without_url();
    let mut text = error.to_string();
    let mut source = error.source();
    while let Some(cause) = source {
        let _ = write!(text, ": {cause}");
        source = cause.source();
    }
    text
}

/// Percent-encodes everything but RFC 3986 unreserved characters (an IPv6 address's colons).
fn percent_encode(value: &str) -> String {
    let mut encoded = String::with_capacity(value.len() * 3);
    for byte in value.bytes() {
        if byte.is_ascii_alphanumeric() || matches!(byte, b'-' | b'.' | b'_' | b'~') {
            encoded.push(char::from(byte));
        } else {
            let _ = write!(encoded, "%{byte:02X}");
        }
    }
    encoded
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn percent_encode_keeps_ipv4_and_escapes_ipv6_colons() {
        assert_eq!(percent_encode("41.0.0.1"), "41.0.0.1");
        assert_eq!(percent_encode("2c0f:f4c0::1"), "2c0f%3Af4c0%3A%3A1");
    }

    #[test]
    fn zero_timeout_is_rejected() {
        let error = match HttpProvider::new("http://geo.local/{ip}".into(), 0) {
            Ok(_) => panic!("a zero timeout was accepted"),
            Err(error) => error,
        };
        assert_eq!(
            error.to_string(),
            "geolocation timeout is invalid: it must be at least 1 ms"
        );
    }
}
