//! Pictures fetched from other sites (an imported product's image URLs), with the limits a
//! server that fetches what a file names needs: http(s) only, a size and time limit, a few
//! redirects, each checked again, and never an address inside a private network or this
//! machine (unless a test allows it). The address checked is the address connected to: a
//! name is resolved once per hop and the connection is pinned to that answer.

use std::net::{IpAddr, SocketAddr};
use std::time::{Duration, Instant};

use crate::format::{Format, SNIFF_BYTES, strip_all};

/// What a fetch may do.
#[derive(Debug, Clone)]
pub struct FetchLimits {
    pub max_bytes: u64,
    /// For the whole fetch, redirects included.
    pub timeout: Duration,
    pub max_redirects: usize,
    /// Addresses of private networks and this machine: only for tests.
    pub allow_private: bool,
}

impl Default for FetchLimits {
    fn default() -> Self {
        Self {
            max_bytes: crate::MAX_IMAGE_BYTES,
            timeout: Duration::from_secs(20),
            max_redirects: 3,
            allow_private: false,
        }
    }
}

/// Why a picture was not fetched.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum FetchError {
    #[error("'{0}' is not an http or https address")]
    BadUrl(String),
    #[error("{0} is a private or local address, which is never fetched")]
    Refused(String),
    #[error("the picture is larger than {0} bytes")]
    TooLarge(u64),
    #[error("the file is not a JPEG, PNG or WebP picture")]
    NotAPicture,
    #[error("the picture is damaged: {0}")]
    Damaged(&'static str),
    #[error("the server answered HTTP {0}")]
    Status(u16),
    #[error("more than {0} redirects")]
    TooManyRedirects(usize),
    #[error("no answer within {0} s")]
    Timeout(u64),
    #[error("cannot reach the server: {0}")]
    Network(String),
}

impl FetchError {
    /// Whether trying again later may work (the network, a timeout, a server error).
    pub fn is_transient(&self) -> bool {
        match self {
            FetchError::Network(_) | FetchError::Timeout(_) => true,
            FetchError::Status(code) => *code >= 500 || *code == 429,
            _ => false,
        }
    }
}

/// A fetched picture, its metadata stripped.
#[derive(Debug)]
pub struct Fetched {
    pub format: Format,
    pub bytes: Vec<u8>,
}

/// Whether `ip` is on the public internet.
pub fn is_public(ip: IpAddr) -> bool {
    match ip {
        IpAddr::V4(v4) => {
            let [a, b, ..] = v4.octets();
            !(v4.is_private()
                || v4.is_loopback()
                || v4.is_link_local()
                || v4.is_unspecified()
                || v4.is_broadcast()
                || v4.is_documentation()
                || v4.is_multicast()
                || a == 0
                || (a == 100 && (64..128).contains(&b))
                || (a == 198 && (b == 18 || b == 19)))
        }
        IpAddr::V6(v6) => match v6.to_ipv4_mapped() {
            Some(v4) => is_public(IpAddr::V4(v4)),
            None => {
                !(v6.is_loopback()
                    || v6.is_unspecified()
                    || v6.is_multicast()
                    || v6.is_unique_local()
                    || v6.is_unicast_link_local())
            }
        },
    }
}

/// The address to connect to for `url`, checked.
async fn resolve(url: &url::Url, limits: &FetchLimits) -> Result<SocketAddr, FetchError> {
    let host = url
        .host_str()
        .ok_or_else(|| FetchError::BadUrl(url.to_string()))?;
    let port = url
        .port_or_known_default()
        .ok_or_else(|| FetchError::BadUrl(url.to_string()))?;
    let host = host.trim_start_matches('[').trim_end_matches(']');
    let addrs: Vec<SocketAddr> = tokio::net::lookup_host((host, port))
        .await
        .map_err(|e| FetchError::Network(format!("{host}: {e}")))?
        .collect();
    let first = *addrs
        .first()
        .ok_or_else(|| FetchError::Network(format!("{host} has no address")))?;
    // Every answer must be public: a name with one private answer could be made to use it.
    if !limits.allow_private
        && let Some(private) = addrs.iter().find(|a| !is_public(a.ip()))
    {
        return Err(FetchError::Refused(format!("{host} ({})", private.ip())));
    }
    Ok(first)
}

fn network(e: &reqwest::Error, timeout: Duration) -> FetchError {
    if e.is_timeout() {
        FetchError::Timeout(timeout.as_secs())
    } else {
        FetchError::Network(e.to_string())
    }
}

/// Fetches the picture at `url` within `limits`.
pub async fn fetch_picture(url: &str, limits: &FetchLimits) -> Result<Fetched, FetchError> {
    let _ = rustls::crypto::ring::default_provider().install_default();
    let started = Instant::now();
    let mut url = url::Url::parse(url.trim()).map_err(|_| FetchError::BadUrl(url.to_owned()))?;
    for hop in 0..=limits.max_redirects {
        if !matches!(url.scheme(), "http" | "https") {
            return Err(FetchError::BadUrl(url.to_string()));
        }
        let addr = resolve(&url, limits).await?;
        let left = limits
            .timeout
            .checked_sub(started.elapsed())
            .ok_or(FetchError::Timeout(limits.timeout.as_secs()))?;
        let host = url.host_str().unwrap_or_default().to_owned();
        let client = reqwest::Client::builder()
            .user_agent(concat!("bazaar-import/", env!("CARGO_PKG_VERSION")))
            .redirect(reqwest::redirect::Policy::none())
            .timeout(left)
            .resolve(&host, addr)
            .build()
            .map_err(|e| FetchError::Network(e.to_string()))?;
        let mut response = client
            .get(url.clone())
            .send()
            .await
            .map_err(|e| network(&e, limits.timeout))?;
        let status = response.status();
        if status.is_redirection() {
            let Some(next) = response
                .headers()
                .get(reqwest::header::LOCATION)
                .and_then(|l| l.to_str().ok())
                .and_then(|l| url.join(l).ok())
            else {
                return Err(FetchError::Status(status.as_u16()));
            };
            if hop == limits.max_redirects {
                return Err(FetchError::TooManyRedirects(limits.max_redirects));
            }
            url = next;
            continue;
        }
        if !status.is_success() {
            return Err(FetchError::Status(status.as_u16()));
        }
        if response
            .content_length()
            .is_some_and(|n| n > limits.max_bytes)
        {
            return Err(FetchError::TooLarge(limits.max_bytes));
        }
        let mut bytes = Vec::new();
        while let Some(chunk) = response
            .chunk()
            .await
            .map_err(|e| network(&e, limits.timeout))?
        {
            if bytes.len() as u64 + chunk.len() as u64 > limits.max_bytes {
                return Err(FetchError::TooLarge(limits.max_bytes));
            }
            bytes.extend_from_slice(&chunk);
            if bytes.len() >= SNIFF_BYTES
                && !Format::sniff(&bytes[..SNIFF_BYTES]).is_some_and(Format::is_image)
            {
                return Err(FetchError::NotAPicture);
            }
        }
        let format = Format::sniff(&bytes[..bytes.len().min(SNIFF_BYTES)])
            .filter(|f| f.is_image())
            .ok_or(FetchError::NotAPicture)?;
        let bytes = strip_all(format, &bytes).map_err(|d| FetchError::Damaged(d.0))?;
        return Ok(Fetched { format, bytes });
    }
    Err(FetchError::TooManyRedirects(limits.max_redirects))
}

#[cfg(test)]
mod tests {
    use super::is_public;

    #[test]
    fn private_and_local_addresses_are_not_public() {
        for private in [
            "127.0.0.1",
            "10.1.2.3",
            "172.16.0.1",
            "192.168.1.1",
            "169.254.169.254",
            "100.64.0.1",
            "0.0.0.0",
            "::1",
            "fd00::1",
            "fe80::1",
            "::ffff:127.0.0.1",
        ] {
            assert!(!is_public(private.parse().unwrap()), "{private}");
        }
        for public in ["41.74.179.194", "8.8.8.8", "2001:4860:4860::8888"] {
            assert!(is_public(public.parse().unwrap()), "{public}");
        }
    }
}
