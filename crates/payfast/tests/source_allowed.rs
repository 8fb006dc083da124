//! `source_allowed` with the kinds of source a deployment lists: IPs, CIDR ranges and names.

use std::net::IpAddr;

use bazaar_payfast::{PAYFAST_IP_RANGES, Settings, source_allowed};

fn ip(s: &str) -> IpAddr {
    s.parse().expect("test IP literal")
}

fn sources(list: &[&str]) -> Vec<String> {
    list.iter().map(|s| (*s).to_owned()).collect()
}

#[tokio::test]
async fn ip_literals_match_exactly() {
    let list = sources(&["41.74.179.194", "2001:db8::7"]);
    assert!(source_allowed(ip("41.74.179.194"), &list).await);
    assert!(!source_allowed(ip("41.74.179.195"), &list).await);
    assert!(source_allowed(ip("2001:db8::7"), &list).await);
    assert!(!source_allowed(ip("2001:db8::8"), &list).await);
    assert!(!source_allowed(ip("41.74.179.194"), &[]).await);
}

#[tokio::test]
async fn payfast_ranges_match_by_cidr() {
    let list = sources(&PAYFAST_IP_RANGES);
    for inside in [
        "197.97.145.144",
        "197.97.145.159",
        "41.74.179.192",
        "41.74.179.223",
        "102.216.36.15",
        "102.216.36.128",
        "102.216.36.143",
        "144.126.193.139",
    ] {
        assert!(
            source_allowed(ip(inside), &list).await,
            "{inside} is PayFast's"
        );
    }
    for outside in [
        "197.97.145.143",
        "197.97.145.160",
        "41.74.179.224",
        "102.216.36.16",
        "102.216.36.144",
        "144.126.193.140",
        "127.0.0.1",
    ] {
        assert!(
            !source_allowed(ip(outside), &list).await,
            "{outside} is not"
        );
    }
    let v6 = sources(&["2001:db8::/64"]);
    assert!(source_allowed(ip("2001:db8::abcd"), &v6).await);
    assert!(!source_allowed(ip("2001:db8:0:1::1"), &v6).await);
}

#[tokio::test]
async fn ipv4_mapped_ipv6_compares_as_ipv4() {
    let list = sources(&["41.74.179.192/27", "127.0.0.1"]);
    assert!(source_allowed(ip("::ffff:41.74.179.200"), &list).await);
    assert!(source_allowed(ip("::ffff:127.0.0.1"), &list).await);
    assert!(!source_allowed(ip("::ffff:41.74.179.224"), &list).await);
    // And a mapped source matches a plain IPv4 peer.
    assert!(source_allowed(ip("10.1.2.3"), &sources(&["::ffff:10.1.2.3"])).await);
}

#[tokio::test]
async fn host_names_are_resolved() {
    let list = sources(&["localhost"]);
    assert!(source_allowed(ip("127.0.0.1"), &list).await);
    assert!(!source_allowed(ip("10.9.9.9"), &list).await);
    // A name that cannot resolve (RFC 2606 reserves .invalid) just does not match.
    assert!(!source_allowed(ip("127.0.0.1"), &sources(&["no-such-host.invalid"])).await);
    // Nor do malformed entries; the valid ones around them still count.
    let mixed = sources(&["not a source!", "1.2.3.4/40", "", "127.0.0.1"]);
    assert!(source_allowed(ip("127.0.0.1"), &mixed).await);
}

#[tokio::test]
async fn simulator_settings_allow_only_loopback() {
    let allowed = Settings::simulator("http://localhost:8080").allowed_sources;
    assert!(source_allowed(ip("127.0.0.1"), &allowed).await);
    assert!(source_allowed(ip("::1"), &allowed).await);
    assert!(!source_allowed(ip("192.168.1.10"), &allowed).await);
}
