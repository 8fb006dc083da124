//! Country and city from an IP address, through the configured provider.

mod http;
mod maxmind;

use std::fmt;
use std::net::IpAddr;
use std::path::PathBuf;

use crate::EnrichError;

/// How long the HTTP provider waits for an answer unless told otherwise.
pub const DEFAULT_HTTP_TIMEOUT_MS: u64 = 3_000;

/// The placeholder in [`GeoConfig::Http`]'s `url_template` that the address replaces.
pub const IP_PLACEHOLDER: &str = "{ip}";

/// Where an analytics event came from, as far as the provider knows.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Place {
    /// Country name in English, e.g. "South Africa".
    pub country: Option<String>,
    /// City name in English, e.g. "Cape Town".
    pub city: Option<String>,
}

/// Which geolocation provider to use, and its settings.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum GeoConfig {
    /// No geolocation: every place is unknown.
    None,
    /// A JSON service answering `GET url` with `country_name` and `city`.
    Http {
        /// The URL with [`IP_PLACEHOLDER`] where the (URL-encoded) address goes, e.g.
        /// `https://ipapi.co/{ip}/json/`.
        url_template: String,
        /// Time allowed for the whole request, body included.
        timeout_ms: u64,
    },
    /// A local MaxMind GeoLite2-City or GeoIP2-City database.
    MaxMind {
        /// The `.mmdb` file.
        path: PathBuf,
    },
}

impl GeoConfig {
    /// Builds the configuration from the `BAZAAR_GEO_PROVIDER` value (`none`, `http` or
    /// `maxmind`, case-insensitive), `BAZAAR_GEO_URL` and `BAZAAR_GEO_MAXMIND_DB`.
    ///
    /// Settings that the chosen provider does not use are ignored. The HTTP provider gets
    /// [`DEFAULT_HTTP_TIMEOUT_MS`]; build [`GeoConfig::Http`] directly for another timeout.
    pub fn parse(
        provider: &str,
        http_url: Option<&str>,
        maxmind_path: Option<&str>,
    ) -> Result<Self, EnrichError> {
        match provider.trim().to_ascii_lowercase().as_str() {
            "none" => Ok(Self::None),
            "http" => {
                let url_template = given(http_url).ok_or(EnrichError::MissingSetting {
                    provider: "http",
                    setting: "BAZAAR_GEO_URL",
                })?;
                http::check_url_template(url_template)?;
                Ok(Self::Http {
                    url_template: url_template.to_owned(),
                    timeout_ms: DEFAULT_HTTP_TIMEOUT_MS,
                })
            }
            "maxmind" => {
                let path = given(maxmind_path).ok_or(EnrichError::MissingSetting {
                    provider: "maxmind",
                    setting: "BAZAAR_GEO_MAXMIND_DB",
                })?;
                Ok(Self::MaxMind { path: path.into() })
            }
            _ => Err(EnrichError::UnknownProvider(provider.to_owned())),
        }
    }
}

/// Looks up places with the configured provider. Cheap to clone; clones share the HTTP client
/// or the loaded database.
#[derive(Clone)]
pub struct Geolocator {
    provider: Provider,
}

#[derive(Clone)]
enum Provider {
    None,
    Http(http::HttpProvider),
    MaxMind(maxmind::MaxMindProvider),
}

impl Geolocator {
    /// Gets the provider ready: builds the HTTP client, or reads and checks the MaxMind
    /// database once (an error if it is missing or not a MaxMind DB file).
    pub fn new(config: GeoConfig) -> Result<Self, EnrichError> {
        let provider = match config {
            GeoConfig::None => Provider::None,
            GeoConfig::Http {
                url_template,
                timeout_ms,
            } => Provider::Http(http::HttpProvider::new(url_template, timeout_ms)?),
            GeoConfig::MaxMind { path } => Provider::MaxMind(maxmind::MaxMindProvider::open(path)?),
        };
        Ok(Self { provider })
    }

    /// The provider's name as in `BAZAAR_GEO_PROVIDER`.
    pub fn provider_name(&self) -> &'static str {
        match self.provider {
            Provider::None => "none",
            Provider::Http(_) => "http",
            Provider::MaxMind(_) => "maxmind",
        }
    }

    /// Finds the country and city of a visitor's address.
    ///
    /// Addresses that cannot be located (private, loopback, link-local, unspecified and the
    /// like) give an empty [`Place`] without asking the provider. An address the provider does
    /// not know also gives an empty place; errors mean the provider failed, and for the HTTP
    /// provider a later retry may succeed ([`EnrichError::is_transient`]).
    ///
    /// The address is used for this lookup only: it is not logged, kept or put into errors.
    pub async fn locate(&self, ip: IpAddr) -> Result<Place, EnrichError> {
        let ip = ip.to_canonical();
        if !is_locatable(ip) {
            return Ok(Place::default());
        }
        match &self.provider {
            Provider::None => Ok(Place::default()),
            Provider::Http(provider) => provider.locate(ip).await,
            Provider::MaxMind(provider) => provider.locate(ip),
        }
    }
}

impl fmt::Debug for Geolocator {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Geolocator")
            .field("provider", &self.provider_name())
            .finish_non_exhaustive()
    }
}

/// Whether an address is a public one a provider could know: not private, loopback,
/// link-local, unspecified, multicast, broadcast, shared (carrier-grade NAT) or documentation.
fn is_locatable(ip: IpAddr) -> bool {
    match ip {
        IpAddr::V4(v4) => {
            let [a, b, ..] = v4.octets();
            let shared = a == 100 && (64..128).contains(&b);
            !(v4.is_private()
                || v4.is_loopback()
                || v4.is_unspecified()
                || v4.is_link_local()
                || v4.is_multicast()
                || v4.is_broadcast()
                || v4.is_documentation()
                || shared)
        }
        IpAddr::V6(v6) => {
            let documentation = v6.segments()[0] == 0x2001 && v6.segments()[1] == 0x0db8;
            !(v6.is_loopback()
                || v6.is_unspecified()
                || v6.is_multicast()
                || v6.is_unique_local()
                || v6.is_unicast_link_local()
                || documentation)
        }
    }
}

/// A setting that was given and is not blank.
fn given(value: Option<&str>) -> Option<&str> {
    value.map(str::trim).filter(|value| !value.is_empty())
}

/// A provider's answer: empty strings mean unknown.
fn non_empty(value: Option<&str>) -> Option<String> {
    value
        .map(str::trim)
        .filter(|value| !value.is_empty())
        .map(str::to_owned)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parse_none_ignores_other_settings() {
        let config = GeoConfig::parse(" None ", Some("http://x/{ip}"), Some("/x.mmdb")).unwrap();
        assert_eq!(config, GeoConfig::None);
    }

    #[test]
    fn parse_http_takes_the_url_and_the_default_timeout() {
        let config = GeoConfig::parse("http", Some("https://geo.local/json/{ip}"), None).unwrap();
        assert_eq!(
            config,
            GeoConfig::Http {
                url_template: "https://geo.local/json/{ip}".into(),
                timeout_ms: DEFAULT_HTTP_TIMEOUT_MS,
            }
        );
    }

    #[test]
    fn parse_http_without_url_names_the_setting() {
        for url in [None, Some(""), Some("  ")] {
            let error = GeoConfig::parse("http", url, Some("/x.mmdb")).unwrap_err();
            assert_eq!(
                error.to_string(),
                "geolocation provider \"http\" needs BAZAAR_GEO_URL"
            );
        }
    }

    #[test]
    fn parse_http_rejects_a_url_without_placeholder() {
        let error = GeoConfig::parse("http", Some("http://geo.local/json/"), None).unwrap_err();
        assert_eq!(
            error.to_string(),
            "BAZAAR_GEO_URL is invalid: it must contain {ip} where the address goes"
        );
    }

    #[test]
    fn parse_http_rejects_a_url_that_is_not_http() {
        let error = GeoConfig::parse("http", Some("ftp://geo.local/{ip}"), None).unwrap_err();
        assert_eq!(
            error.to_string(),
            "BAZAAR_GEO_URL is invalid: it must be an http:// or https:// URL"
        );
        let error = GeoConfig::parse("http", Some("geo.local/{ip}"), None).unwrap_err();
        assert!(
            error
                .to_string()
                .starts_with("BAZAAR_GEO_URL is invalid: it is not a URL"),
            "{error}"
        );
    }

    #[test]
    fn parse_maxmind_takes_the_path() {
        let config = GeoConfig::parse("MaxMind", None, Some("/srv/GeoLite2-City.mmdb")).unwrap();
        assert_eq!(
            config,
            GeoConfig::MaxMind {
                path: "/srv/GeoLite2-City.mmdb".into()
            }
        );
    }

    #[test]
    fn parse_maxmind_without_path_names_the_setting() {
        let error = GeoConfig::parse("maxmind", Some("http://x/{ip}"), None).unwrap_err();
        assert_eq!(
            error.to_string(),
            "geolocation provider \"maxmind\" needs BAZAAR_GEO_MAXMIND_DB"
        );
    }

    #[test]
    fn parse_rejects_an_unknown_provider() {
        let error = GeoConfig::parse("ipinfo", None, None).unwrap_err();
        assert_eq!(
            error.to_string(),
            "unknown geolocation provider \"ipinfo\": BAZAAR_GEO_PROVIDER must be \"none\", \
             \"http\" or \"maxmind\""
        );
    }

    #[test]
    fn only_public_addresses_are_locatable() {
        for ip in [
            "10.1.2.3",
            "172.16.0.1",
            "192.168.1.1",
            "127.0.0.1",
            "0.0.0.0",
            "169.254.1.1",
            "100.64.0.1",
            "224.0.0.1",
            "255.255.255.255",
            "192.0.2.1",
            "::1",
            "::",
            "fd00::1",
            "fe80::1",
            "ff02::1",
            "2001:db8::1",
        ] {
            assert!(!is_locatable(ip.parse().unwrap()), "{ip}");
        }
        for ip in ["41.0.0.1", "8.8.8.8", "100.128.0.1", "2c0f:f4c0::1"] {
            assert!(is_locatable(ip.parse().unwrap()), "{ip}");
        }
    }

    #[tokio::test]
    async fn none_provider_knows_no_place() {
        let geo = Geolocator::new(GeoConfig::None).unwrap();
        assert_eq!(geo.provider_name(), "none");
        let place = geo.locate("41.0.0.1".parse().unwrap()).await.unwrap();
        assert_eq!(place, Place::default());
    }

    #[test]
    fn non_empty_treats_blank_as_unknown() {
        assert_eq!(non_empty(Some("")), None);
        assert_eq!(non_empty(Some(" ")), None);
        assert_eq!(non_empty(None), None);
        assert_eq!(non_empty(Some("Cape Town")), Some("Cape Town".into()));
    }
}
