//! The HTTP geolocation provider against a real local server.

use std::net::{IpAddr, SocketAddr};
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

use axum::Router;
use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use bazaar_enrich::{EnrichError, GeoConfig, Geolocator, Place};

const CAPE_TOWN: &str = "41.0.0.1";
const FAILING: &str = "8.8.4.4";
const SLOW: &str = "9.9.9.9";
const NOT_JSON: &str = "1.1.1.1";
const BLANK: &str = "1.0.0.1";
const UNKNOWN_TO_SERVICE: &str = "5.5.5.5";
const IPV6_JOHANNESBURG: &str = "2c0f:f4c0::1";

/// Counts the requests it answers, so tests can show when the provider was not asked.
#[derive(Clone, Default)]
struct Service {
    requests: Arc<AtomicUsize>,
}

async fn answer(State(service): State<Service>, Path(ip): Path<String>) -> Response {
    service.requests.fetch_add(1, Ordering::SeqCst);
    match ip.as_str() {
        CAPE_TOWN => json(r#"{"ip":"41.0.0.1","country_name":"South Africa","city":"Cape Town"}"#),
        IPV6_JOHANNESBURG => json(r#"{"country_name":"South Africa","city":"Johannesburg"}"#),
        BLANK => json(r#"{"country_name":"","city":""}"#),
        UNKNOWN_TO_SERVICE => json(r#"{"error":true,"reason":"Reserved IP Address"}"#),
        NOT_JSON => "<html>rate limited</html>".into_response(),
        FAILING => (StatusCode::INTERNAL_SERVER_ERROR, "boom").into_response(),
        SLOW => {
            tokio::time::sleep(Duration::from_secs(5)).await;
            json(r#"{"country_name":"Australia","city":"Sydney"}"#)
        }
        _ => (StatusCode::NOT_FOUND, "unknown").into_response(),
    }
}

fn json(body: &'static str) -> Response {
    ([("content-type", "application/json")], body).into_response()
}

async fn start_service() -> (SocketAddr, Service) {
    let service = Service::default();
    let app = Router::new()
        .route("/json/{ip}", get(answer))
        .with_state(service.clone());
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    tokio::spawn(async move { axum::serve(listener, app).await.unwrap() });
    (addr, service)
}

fn geolocator(addr: SocketAddr, timeout_ms: u64) -> Geolocator {
    Geolocator::new(GeoConfig::Http {
        url_template: format!("http://{addr}/json/{{ip}}"),
        timeout_ms,
    })
    .unwrap()
}

fn ip(text: &str) -> IpAddr {
    text.parse().unwrap()
}

/// The whole error chain, to check that the address appears nowhere in it.
fn full_text(error: &EnrichError) -> String {
    let mut text = format!("{error} {error:?}");
    let mut source = std::error::Error::source(error);
    while let Some(cause) = source {
        text.push_str(&format!(" {cause} {cause:?}"));
        source = cause.source();
    }
    text
}

#[tokio::test]
async fn known_address_gives_country_and_city() {
    let (addr, _) = start_service().await;
    let geo = geolocator(addr, 2_000);
    assert_eq!(geo.provider_name(), "http");

    let place = geo.locate(ip(CAPE_TOWN)).await.unwrap();

    assert_eq!(
        place,
        Place {
            country: Some("South Africa".into()),
            city: Some("Cape Town".into()),
        }
    );
}

#[tokio::test]
async fn ipv4_mapped_ipv6_address_is_looked_up_as_ipv4() {
    let (addr, _) = start_service().await;
    let place = geolocator(addr, 2_000)
        .locate(ip("::ffff:41.0.0.1"))
        .await
        .unwrap();
    assert_eq!(place.city.as_deref(), Some("Cape Town"));
}

#[tokio::test]
async fn ipv6_address_is_url_encoded_and_located() {
    let (addr, _) = start_service().await;
    let place = geolocator(addr, 2_000)
        .locate(ip(IPV6_JOHANNESBURG))
        .await
        .unwrap();
    assert_eq!(place.city.as_deref(), Some("Johannesburg"));
}

#[tokio::test]
async fn blank_or_missing_fields_are_unknown() {
    let (addr, _) = start_service().await;
    let geo = geolocator(addr, 2_000);
    assert_eq!(geo.locate(ip(BLANK)).await.unwrap(), Place::default());
    assert_eq!(
        geo.locate(ip(UNKNOWN_TO_SERVICE)).await.unwrap(),
        Place::default()
    );
}

#[tokio::test]
async fn server_error_is_a_transient_error_without_the_address() {
    let (addr, _) = start_service().await;
    let error = geolocator(addr, 2_000)
        .locate(ip(FAILING))
        .await
        .unwrap_err();
    assert!(
        matches!(error, EnrichError::HttpStatus { status: 500 }),
        "{error:?}"
    );
    assert_eq!(error.to_string(), "geolocation service answered HTTP 500");
    assert!(error.is_transient());
    assert!(!full_text(&error).contains(FAILING));
}

#[tokio::test]
async fn slow_service_times_out() {
    let (addr, _) = start_service().await;
    let started = std::time::Instant::now();
    let error = geolocator(addr, 200).locate(ip(SLOW)).await.unwrap_err();
    assert!(
        matches!(error, EnrichError::HttpTimeout { timeout_ms: 200 }),
        "{error:?}"
    );
    assert!(started.elapsed() < Duration::from_secs(4));
    assert_eq!(
        error.to_string(),
        "geolocation service did not answer within 200 ms"
    );
    assert!(error.is_transient());
    assert!(!full_text(&error).contains(SLOW));
}

#[tokio::test]
async fn body_that_is_not_json_is_an_error() {
    let (addr, _) = start_service().await;
    let error = geolocator(addr, 2_000)
        .locate(ip(NOT_JSON))
        .await
        .unwrap_err();
    assert!(matches!(error, EnrichError::HttpBody { .. }), "{error:?}");
    assert!(
        error
            .to_string()
            .starts_with("geolocation service returned an unexpected body: not the expected JSON"),
        "{error}"
    );
    assert!(error.is_transient());
    assert!(!full_text(&error).contains(NOT_JSON));
}

#[tokio::test]
async fn unreachable_service_is_an_error_without_the_address() {
    // Bind and drop a listener to get a port nothing listens on.
    let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let addr = listener.local_addr().unwrap();
    drop(listener);

    let error = geolocator(addr, 2_000)
        .locate(ip(CAPE_TOWN))
        .await
        .unwrap_err();

    assert!(
        matches!(error, EnrichError::HttpRequest { .. }),
        "{error:?}"
    );
    assert!(error.is_transient());
    assert!(!full_text(&error).contains(CAPE_TOWN), "{error:?}");
}

#[tokio::test]
async fn private_and_loopback_addresses_never_reach_the_service() {
    let (addr, service) = start_service().await;
    let geo = geolocator(addr, 2_000);

    for address in [
        "192.168.1.20",
        "10.0.0.1",
        "127.0.0.1",
        "0.0.0.0",
        "::1",
        "fd12::1",
    ] {
        assert_eq!(
            geo.locate(ip(address)).await.unwrap(),
            Place::default(),
            "{address}"
        );
    }
    assert_eq!(service.requests.load(Ordering::SeqCst), 0);

    geo.locate(ip(CAPE_TOWN)).await.unwrap();
    assert_eq!(service.requests.load(Ordering::SeqCst), 1);
}
