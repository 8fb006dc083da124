//! The MaxMind provider on databases written by `bazaar_enrich::mmdb_writer`.

use std::net::IpAddr;
use std::path::{Path, PathBuf};

use bazaar_enrich::mmdb_writer::{CityEntry, city_db_bytes, write_city_db};
use bazaar_enrich::{EnrichError, GeoConfig, Geolocator, Place};

fn ip(text: &str) -> IpAddr {
    text.parse().unwrap()
}

fn place(country: &str, city: &str) -> Place {
    Place {
        country: Some(country.into()),
        city: Some(city.into()),
    }
}

fn entries() -> Vec<CityEntry<'static>> {
    vec![
        ((ip("41.0.0.0"), 16), "South Africa", "Cape Town"),
        // More specific, inside the network above.
        ((ip("41.0.128.0"), 20), "South Africa", "Stellenbosch"),
        ((ip("102.132.0.0"), 14), "South Africa", "Johannesburg"),
        ((ip("81.2.69.0"), 24), "United Kingdom", "London"),
        ((ip("196.0.0.0"), 8), "Kenya", ""),
        ((ip("2c0f:f4c0::"), 32), "South Africa", "Durban"),
    ]
}

fn open(dir: &Path, entries: &[CityEntry<'_>]) -> Geolocator {
    let path = dir.join("GeoLite2-City.mmdb");
    write_city_db(&path, entries).unwrap();
    let config = GeoConfig::parse("maxmind", None, Some(path.to_str().unwrap())).unwrap();
    Geolocator::new(config).unwrap()
}

#[test]
fn written_database_passes_maxminddb_verification() {
    let bytes = city_db_bytes(&entries()).unwrap();
    let reader = maxminddb::Reader::from_source(bytes).unwrap();
    reader.verify().unwrap();
    let metadata = reader.metadata();
    assert_eq!(metadata.database_type, "GeoLite2-City");
    assert_eq!(metadata.ip_version, 6);
    assert_eq!(metadata.record_size, 24);
    assert_eq!(metadata.languages, ["en"]);

    let found = reader.lookup(ip("81.2.69.160")).unwrap();
    assert_eq!(found.network().unwrap().to_string(), "81.2.69.0/24");
    let city: maxminddb::geoip2::City<'_> = found.decode().unwrap().unwrap();
    assert_eq!(city.country.names.english, Some("United Kingdom"));
    assert_eq!(city.city.names.english, Some("London"));
}

#[tokio::test]
async fn address_inside_a_network_gives_country_and_city() {
    let dir = tempfile::tempdir().unwrap();
    let geo = open(dir.path(), &entries());
    assert_eq!(geo.provider_name(), "maxmind");

    let cases = [
        ("41.0.0.1", place("South Africa", "Cape Town")),
        ("41.0.255.255", place("South Africa", "Cape Town")),
        ("41.0.130.7", place("South Africa", "Stellenbosch")),
        ("102.135.255.1", place("South Africa", "Johannesburg")),
        ("81.2.69.160", place("United Kingdom", "London")),
        ("::ffff:81.2.69.160", place("United Kingdom", "London")),
        ("2c0f:f4c0:1234::1", place("South Africa", "Durban")),
    ];
    for (address, expected) in cases {
        assert_eq!(
            geo.locate(ip(address)).await.unwrap(),
            expected,
            "{address}"
        );
    }
}

#[tokio::test]
async fn network_without_city_gives_country_only() {
    let dir = tempfile::tempdir().unwrap();
    let geo = open(dir.path(), &entries());
    let found = geo.locate(ip("196.25.1.1")).await.unwrap();
    assert_eq!(
        found,
        Place {
            country: Some("Kenya".into()),
            city: None
        }
    );
}

#[tokio::test]
async fn address_outside_every_network_gives_no_place() {
    let dir = tempfile::tempdir().unwrap();
    let geo = open(dir.path(), &entries());
    for address in [
        "41.1.0.1",
        "102.136.0.1",
        "81.2.70.1",
        "8.8.8.8",
        "2c0f:f4c1::1",
    ] {
        assert_eq!(
            geo.locate(ip(address)).await.unwrap(),
            Place::default(),
            "{address}"
        );
    }
}

#[tokio::test]
async fn private_addresses_give_no_place_even_if_the_database_has_them() {
    let dir = tempfile::tempdir().unwrap();
    let geo = open(dir.path(), &[((ip("10.0.0.0"), 8), "Nowhere", "Intranet")]);
    assert_eq!(geo.locate(ip("10.1.2.3")).await.unwrap(), Place::default());
}

#[tokio::test]
async fn empty_database_knows_no_place() {
    let bytes = city_db_bytes(&[]).unwrap();
    maxminddb::Reader::from_source(bytes)
        .unwrap()
        .verify()
        .unwrap();

    let dir = tempfile::tempdir().unwrap();
    let geo = open(dir.path(), &[]);
    assert_eq!(geo.locate(ip("41.0.0.1")).await.unwrap(), Place::default());
    assert_eq!(geo.locate(ip("2c0f::1")).await.unwrap(), Place::default());
}

#[test]
fn missing_file_is_a_clear_error() {
    let dir = tempfile::tempdir().unwrap();
    let path: PathBuf = dir.path().join("absent.mmdb");

    let error = Geolocator::new(GeoConfig::MaxMind { path: path.clone() }).unwrap_err();

    assert!(
        matches!(&error, EnrichError::DatabaseUnreadable { path: p, .. } if *p == path),
        "{error:?}"
    );
    let message = error.to_string();
    assert!(
        message.starts_with(&format!("could not read the MaxMind database {path:?}: ")),
        "{message}"
    );
    assert!(!error.is_transient());
}

#[test]
fn garbage_file_is_a_clear_error() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("garbage.mmdb");
    std::fs::write(&path, b"this is not a MaxMind database at all").unwrap();

    let error = Geolocator::new(GeoConfig::MaxMind { path: path.clone() }).unwrap_err();

    assert!(
        matches!(&error, EnrichError::DatabaseInvalid { .. }),
        "{error:?}"
    );
    assert_eq!(
        error.to_string(),
        format!(
            "could not open the MaxMind database {path:?}: invalid database: could not find \
             MaxMind DB metadata in file"
        )
    );
}

#[test]
fn truncated_database_is_a_clear_error() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("truncated.mmdb");
    // Keep the metadata but lose most of the search tree and the data section.
    let bytes = city_db_bytes(&entries()).unwrap();
    let marker = b"\xAB\xCD\xEFMaxMind.com";
    let metadata_at = bytes
        .windows(marker.len())
        .rposition(|window| window == marker)
        .unwrap();
    let truncated = [&bytes[..60], &bytes[metadata_at..]].concat();
    std::fs::write(&path, truncated).unwrap();

    let error = Geolocator::new(GeoConfig::MaxMind { path: path.clone() }).unwrap_err();

    assert!(
        matches!(&error, EnrichError::DatabaseInvalid { .. }),
        "{error:?}"
    );
    assert_eq!(
        error.to_string(),
        format!(
            "could not open the MaxMind database {path:?}: invalid database: the MaxMind DB \
             file's search tree extends beyond the metadata section"
        )
    );
}
