//! Is this ITN's sender PayFast? Compares the peer address with IPs, CIDR ranges and the
//! addresses PayFast's host names resolve to.

use std::net::IpAddr;
use std::time::Duration;

/// A slow resolver must not hold an ITN request open for long; PayFast retries anyway.
const LOOKUP_TIMEOUT: Duration = Duration::from_secs(5);

/// Whether `ip` matches one of `sources`.
///
/// Each source is an IP literal (`41.74.179.194`, `::1`), a CIDR range (`41.74.179.192/27`,
/// `2001:db8::/32`) or a host name, resolved with the system resolver at call time because
/// PayFast's own sample resolves its hosts too. Literals and ranges are checked first so the
/// usual case needs no DNS. A source that fails to parse or resolve just does not match (and is
/// logged). IPv4-mapped IPv6 addresses (`::ffff:1.2.3.4`), which dual-stack listeners report,
/// compare as the IPv4 address they carry.
pub async fn source_allowed(ip: IpAddr, sources: &[String]) -> bool {
    let ip = canonical(ip);
    let mut hosts = Vec::new();
    for source in sources.iter().map(|s| s.trim()).filter(|s| !s.is_empty()) {
        match parse_source(source) {
            Source::Addr(addr) if addr == ip => return true,
            Source::Net(net, prefix) if in_network(ip, net, prefix) => return true,
            Source::Host(host) => hosts.push(host),
            Source::Invalid(reason) => {
                tracing::warn!(source, reason, "ignoring an invalid PayFast ITN source");
            }
            Source::Addr(_) | Source::Net(..) => {}
        }
    }
    for host in hosts {
        if resolves_to(host, ip).await {
            return true;
        }
    }
    false
}

/// Checks one allow-list entry as [`source_allowed`] reads it: an IP address, a CIDR range
/// or a host name; the reason when it is none of them.
pub fn check_source(source: &str) -> Result<(), &'static str> {
    match parse_source(source.trim()) {
        Source::Invalid(reason) => Err(reason),
        _ => Ok(()),
    }
}

/// One entry of the allow-list, parsed.
enum Source<'a> {
    Addr(IpAddr),
    Net(IpAddr, u8),
    Host(&'a str),
    Invalid(&'static str),
}

fn parse_source(source: &str) -> Source<'_> {
    if let Some((addr, prefix)) = source.split_once('/') {
        return parse_cidr(addr, prefix);
    }
    match source.parse::<IpAddr>() {
        Ok(addr) => Source::Addr(canonical(addr)),
        Err(_) if looks_like_host(source) => Source::Host(source),
        Err(_) => Source::Invalid("neither an IP address, a CIDR range nor a host name"),
    }
}

fn parse_cidr<'a>(addr: &str, prefix: &str) -> Source<'a> {
    let (Ok(addr), Ok(prefix)) = (addr.parse::<IpAddr>(), prefix.parse::<u8>()) else {
        return Source::Invalid("a CIDR range must look like 41.74.179.192/27");
    };
    // An IPv4-mapped network is an IPv4 network 96 bits further in.
    let (addr, prefix) = match addr {
        IpAddr::V6(v6) => match v6.to_ipv4_mapped() {
            Some(v4) if prefix >= 96 => (IpAddr::V4(v4), prefix - 96),
            _ => (addr, prefix),
        },
        IpAddr::V4(_) => (addr, prefix),
    };
    let max = if addr.is_ipv4() { 32 } else { 128 };
    if prefix > max {
        return Source::Invalid("the CIDR prefix is longer than the address");
    }
    Source::Net(addr, prefix)
}

/// Host names are letters, digits, `-` and `.`; anything else (a typo such as `1.2.3.4.5/`, a
/// URL) is reported instead of being sent to the resolver.
fn looks_like_host(s: &str) -> bool {
    s.len() <= 253
        && s.bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'.')
        && s.bytes().any(|b| b.is_ascii_alphabetic())
}

/// `::ffff:a.b.c.d` → `a.b.c.d`; everything else unchanged.
fn canonical(ip: IpAddr) -> IpAddr {
    match ip {
        IpAddr::V6(v6) => v6.to_ipv4_mapped().map_or(ip, IpAddr::V4),
        IpAddr::V4(_) => ip,
    }
}

fn in_network(ip: IpAddr, net: IpAddr, prefix: u8) -> bool {
    match (ip, net) {
        (IpAddr::V4(ip), IpAddr::V4(net)) => {
            masked(u128::from(ip.to_bits()), 32, prefix)
                == masked(u128::from(net.to_bits()), 32, prefix)
        }
        (IpAddr::V6(ip), IpAddr::V6(net)) => {
            masked(ip.to_bits(), 128, prefix) == masked(net.to_bits(), 128, prefix)
        }
        _ => false,
    }
}

/// The top `prefix` bits of a `width`-bit address.
fn masked(bits: u128, width: u32, prefix: u8) -> u128 {
    let host_bits = width.saturating_sub(u32::from(prefix));
    bits.checked_shr(host_bits).unwrap_or(0)
}

async fn resolves_to(host: &str, ip: IpAddr) -> bool {
    let lookup = tokio::time::timeout(LOOKUP_TIMEOUT, tokio::net::lookup_host((host, 0))).await;
    match lookup {
        Ok(Ok(mut addrs)) => addrs.any(|addr| canonical(addr.ip()) == ip),
        Ok(Err(error)) => {
            tracing::warn!(host, %error, "could not resolve a PayFast ITN source host");
            false
        }
        Err(_) => {
            tracing::warn!(host, "timed out resolving a PayFast ITN source host");
            false
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ip(s: &str) -> IpAddr {
        s.parse()
            .unwrap_or(IpAddr::V4(std::net::Ipv4Addr::UNSPECIFIED))
    }

    #[test]
    fn networks_match_by_prefix() {
        assert!(in_network(ip("41.74.179.223"), ip("41.74.179.192"), 27));
        assert!(!in_network(ip("41.74.179.224"), ip("41.74.179.192"), 27));
        assert!(in_network(ip("10.1.2.3"), ip("0.0.0.0"), 0));
        assert!(in_network(ip("2001:db8::1"), ip("2001:db8::"), 32));
        assert!(!in_network(ip("2001:db9::1"), ip("2001:db8::"), 32));
        assert!(
            !in_network(ip("10.0.0.1"), ip("::"), 0),
            "families never mix"
        );
    }

    #[test]
    fn sources_parse_or_are_reported() {
        assert!(matches!(
            parse_source("::ffff:10.0.0.0/104"),
            Source::Net(IpAddr::V4(_), 8)
        ));
        assert!(matches!(parse_source("1.2.3.4/33"), Source::Invalid(_)));
        assert!(matches!(parse_source("1.2.3.4/x"), Source::Invalid(_)));
        assert!(matches!(
            parse_source("https://payfast.co.za"),
            Source::Invalid(_)
        ));
        assert!(matches!(parse_source("1.2.3.4.5"), Source::Invalid(_)));
        assert!(matches!(parse_source("w1w.payfast.co.za"), Source::Host(_)));
    }
}
