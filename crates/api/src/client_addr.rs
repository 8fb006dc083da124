//! Who is calling: the one rule for the client's address, used by rate limits, analytics
//! geolocation and the PayFast ITN source check alike.
//!
//! The connection's address is the client's unless it belongs to a trusted proxy
//! (`--trusted-proxies`). Only then is `X-Forwarded-For` read, from the right: each trusted
//! proxy appends the address it was reached from, so the right-most address that is not a
//! trusted proxy is the client. Anything left of it was written by the client and may be
//! made up. A header from an untrusted peer is ignored whatever it says.

use std::net::{IpAddr, SocketAddr};

use axum::extract::ConnectInfo;
use axum::http::HeaderMap;
use axum::http::request::Parts;
pub use ipnet::IpNet;

use crate::AppState;

/// The caller's address, decided by [`client_address`]. `None` only when the server was
/// reached without a socket address (in-process requests).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ClientIp(pub Option<IpAddr>);

impl ClientIp {
    /// The address as a key for per-client limits and counters.
    pub fn key(&self) -> String {
        self.0
            .map_or_else(|| "unknown".to_owned(), |ip| ip.to_string())
    }
}

impl axum::extract::FromRequestParts<AppState> for ClientIp {
    type Rejection = std::convert::Infallible;

    async fn from_request_parts(
        parts: &mut Parts,
        state: &AppState,
    ) -> Result<Self, Self::Rejection> {
        let peer = parts
            .extensions
            .get::<ConnectInfo<SocketAddr>>()
            .map(|c| c.0.ip());
        Ok(ClientIp(peer.map(|peer| {
            client_address(peer, &parts.headers, &state.config.trusted_proxies)
        })))
    }
}

/// The client's address for a connection from `peer` carrying `headers`.
pub fn client_address(peer: IpAddr, headers: &HeaderMap, trusted: &[IpNet]) -> IpAddr {
    let peer = canonical(peer);
    let is_trusted = |ip: &IpAddr| trusted.iter().any(|net| net.contains(ip));
    if !is_trusted(&peer) {
        return peer;
    }
    // Every X-Forwarded-For line, in order, as one list of hops.
    let hops: Vec<&str> = headers
        .get_all("x-forwarded-for")
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(','))
        .map(str::trim)
        .collect();
    let mut client = peer;
    for hop in hops.iter().rev() {
        // A hop that is not an address ends the walk: what lies left of it is unknown, so
        // the last address a trusted party vouched for stands.
        let Some(ip) = parse_hop(hop) else { break };
        client = ip;
        if !is_trusted(&ip) {
            break;
        }
    }
    client
}

/// One `X-Forwarded-For` entry: an address, optionally with a port (`1.2.3.4:5678`,
/// `[2001:db8::1]:443`), as proxies write them.
fn parse_hop(hop: &str) -> Option<IpAddr> {
    if let Ok(ip) = hop.parse::<IpAddr>() {
        return Some(canonical(ip));
    }
    hop.parse::<SocketAddr>().ok().map(|s| canonical(s.ip()))
}

/// IPv4 addresses that reach a dual-stack socket as `::ffff:a.b.c.d` are IPv4 addresses.
fn canonical(ip: IpAddr) -> IpAddr {
    match ip {
        IpAddr::V6(v6) => v6.to_ipv4_mapped().map_or(IpAddr::V6(v6), IpAddr::V4),
        v4 => v4,
    }
}

/// Parses one `--trusted-proxies` entry: an address (`10.0.0.5`) or a network
/// (`10.0.0.0/8`, `fd00::/8`).
pub fn parse_trusted(entry: &str) -> Result<IpNet, String> {
    let entry = entry.trim();
    if let Ok(ip) = entry.parse::<IpAddr>() {
        return Ok(IpNet::from(ip));
    }
    entry
        .parse::<IpNet>()
        .map_err(|_| format!("'{entry}' is neither an IP address nor a network such as 10.0.0.0/8"))
}

#[cfg(test)]
mod tests {
    use axum::http::HeaderValue;

    use super::*;

    fn ip(s: &str) -> IpAddr {
        s.parse().unwrap()
    }

    fn with_xff(lines: &[&str]) -> HeaderMap {
        let mut h = HeaderMap::new();
        for l in lines {
            h.append("x-forwarded-for", HeaderValue::from_str(l).unwrap());
        }
        h
    }

    fn nets(list: &[&str]) -> Vec<IpNet> {
        list.iter().map(|s| parse_trusted(s).unwrap()).collect()
    }

    #[test]
    fn an_untrusted_peer_is_the_client_whatever_its_header_says() {
        let h = with_xff(&["1.1.1.1"]);
        assert_eq!(
            client_address(ip("203.0.113.9"), &h, &[]),
            ip("203.0.113.9")
        );
        let trusted = nets(&["10.0.0.1"]);
        assert_eq!(
            client_address(ip("203.0.113.9"), &h, &trusted),
            ip("203.0.113.9")
        );
    }

    #[test]
    fn behind_a_trusted_proxy_the_right_most_untrusted_hop_is_the_client() {
        let trusted = nets(&["10.0.0.0/8"]);
        // The client made up "6.6.6.6"; the proxy appended the address it saw.
        let h = with_xff(&["6.6.6.6, 198.51.100.7"]);
        assert_eq!(
            client_address(ip("10.0.0.2"), &h, &trusted),
            ip("198.51.100.7")
        );
        // Two trusted proxies in a row, the header split over lines.
        let h = with_xff(&["6.6.6.6, 198.51.100.7", "10.1.2.3"]);
        assert_eq!(
            client_address(ip("10.0.0.2"), &h, &trusted),
            ip("198.51.100.7")
        );
    }

    #[test]
    fn garbage_or_missing_hops_leave_the_last_vouched_address() {
        let trusted = nets(&["10.0.0.0/8"]);
        assert_eq!(
            client_address(ip("10.0.0.2"), &HeaderMap::new(), &trusted),
            ip("10.0.0.2")
        );
        let h = with_xff(&["198.51.100.7, not-an-address, 10.9.9.9"]);
        assert_eq!(client_address(ip("10.0.0.2"), &h, &trusted), ip("10.9.9.9"));
        // Only trusted hops: the left-most one is as far as anyone vouches.
        let h = with_xff(&["10.7.7.7, 10.9.9.9"]);
        assert_eq!(client_address(ip("10.0.0.2"), &h, &trusted), ip("10.7.7.7"));
    }

    #[test]
    fn ports_and_mapped_addresses_are_understood() {
        let trusted = nets(&["127.0.0.1"]);
        let h = with_xff(&["[2001:db8::1]:443"]);
        assert_eq!(
            client_address(ip("::ffff:127.0.0.1"), &h, &trusted),
            ip("2001:db8::1")
        );
        let h = with_xff(&["198.51.100.7:5555"]);
        assert_eq!(
            client_address(ip("127.0.0.1"), &h, &trusted),
            ip("198.51.100.7")
        );
    }

    #[test]
    fn trusted_entries_are_addresses_or_networks() {
        assert!(parse_trusted("10.0.0.5").unwrap().contains(&ip("10.0.0.5")));
        assert!(!parse_trusted("10.0.0.5").unwrap().contains(&ip("10.0.0.6")));
        assert!(parse_trusted("fd00::/8").unwrap().contains(&ip("fd12::1")));
        assert!(parse_trusted("nginx").unwrap_err().contains("'nginx'"));
    }
}
