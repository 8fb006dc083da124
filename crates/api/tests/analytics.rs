//! `POST /api/v1/analytics/events`: 202 at once, enriched by a job with device, browser and
//! place from the configured provider, never storing the client address.

mod common;

use std::net::SocketAddr;
use std::sync::{Arc, Mutex};

use axum::http::StatusCode;
use bazaar_enrich::GeoConfig;
use common::TestApp;
use common::jobs::customer;
use serde_json::json;

const IPHONE: &str = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1";
const IPAD: &str = "Mozilla/5.0 (iPad; CPU OS 16_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/16.6 Mobile/15E148 Safari/604.1";

/// A geolocation service answering like ipapi-style services: country_name and city. It
/// records the addresses it is asked about.
async fn geo_service() -> (String, Arc<Mutex<Vec<String>>>) {
    let asked = Arc::new(Mutex::new(Vec::new()));
    let seen = asked.clone();
    let app = axum::Router::new().route(
        "/json/{ip}",
        axum::routing::get(
            move |axum::extract::Path(ip): axum::extract::Path<String>| {
                let seen = seen.clone();
                async move {
                    seen.lock().unwrap().push(ip.clone());
                    if ip == "196.25.1.0" {
                        axum::Json(json!({"country_name": "South Africa", "city": "Cape Town"}))
                    } else {
                        axum::Json(json!({"country_name": "", "city": ""}))
                    }
                }
            },
        ),
    );
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr: SocketAddr = listener.local_addr().unwrap();
    tokio::spawn(async move { axum::serve(listener, app).await.unwrap() });
    (format!("http://{addr}/json/{{ip}}"), asked)
}

async fn post_event(
    app: &TestApp,
    body: serde_json::Value,
    ua: &str,
    ip: &str,
    token: Option<&str>,
) -> common::Reply {
    use axum::body::Body;
    use axum::http::Request;
    use http_body_util::BodyExt;
    use tower::ServiceExt;
    let mut req = Request::builder()
        .method("POST")
        .uri("/api/v1/analytics/events")
        .header("content-type", "application/json")
        .header("user-agent", ua);
    if let Some(t) = token {
        req = req.header("authorization", format!("Bearer {t}"));
    }
    let mut req = req.body(Body::from(body.to_string())).unwrap();
    req.extensions_mut().insert(axum::extract::ConnectInfo(
        format!("{ip}:5000").parse::<SocketAddr>().unwrap(),
    ));
    let resp = app.router.clone().oneshot(req).await.unwrap();
    common::Reply {
        status: resp.status(),
        headers: resp.headers().clone(),
        body: resp
            .into_body()
            .collect()
            .await
            .unwrap()
            .to_bytes()
            .to_vec(),
    }
}

async fn enriched(app: &TestApp, n: i64) -> Vec<bazaar_db::analytics::AnalyticsEvent> {
    TestApp::eventually("enriched events", 20, || async {
        let rows: Vec<bazaar_db::analytics::AnalyticsEvent> = bazaar_db::on_db!(&app.db, pool => sqlx::query_as(
            "SELECT id, event_type, user_id, session_id, event_data, page_url, referrer, user_agent, ip_address, \
             country, city, device_type, browser, enriched_at, created_at FROM analytics_events \
             WHERE enriched_at IS NOT NULL ORDER BY created_at").fetch_all(pool).await.unwrap());
        (rows.len() as i64 == n).then_some(rows)
    })
    .await
}

#[tokio::test]
async fn events_are_enriched_from_the_user_agent_and_an_http_geolocation_service() {
    let app = common::accounts::autoconfirm().await;
    let shopper = customer(&app, "naledi@example.co.za").await;
    let (url, asked) = geo_service().await;
    let jobs = bazaar_workers::runtime::start(
        app.job_context(GeoConfig::parse("http", Some(&url), None).unwrap(), None),
        TestApp::worker_options(),
    );
    let r = post_event(&app, json!({"event_type": "page_view", "session_id": "sess-1", "page_url": "/products/", "referrer": "https://www.google.co.za/"}), IPHONE, "196.25.1.77", None).await;
    assert_eq!(r.status, StatusCode::ACCEPTED, "{}", r.text());
    assert_eq!(r.json(), json!({"accepted": true}));
    let r = post_event(&app, json!({"event_type": "view_item", "session_id": "sess-2", "event_data": {"product_id": "x"}}), IPAD, "41.0.0.9", Some(&shopper.token)).await;
    assert_eq!(r.status, StatusCode::ACCEPTED);

    let rows = enriched(&app, 2).await;
    jobs.shutdown().await;
    let guest = rows.iter().find(|e| e.event_type == "page_view").unwrap();
    assert_eq!(guest.device_type.as_deref(), Some("mobile"));
    assert_eq!(guest.browser.as_deref(), Some("Safari"));
    assert_eq!(guest.country.as_deref(), Some("South Africa"));
    assert_eq!(guest.city.as_deref(), Some("Cape Town"));
    assert_eq!(guest.ip_address, None);
    assert_eq!(guest.user_id, None);
    assert_eq!(guest.session_id.as_deref(), Some("sess-1"));
    assert_eq!(guest.referrer.as_deref(), Some("https://www.google.co.za/"));
    let signed_in = rows.iter().find(|e| e.event_type == "view_item").unwrap();
    assert_eq!(
        signed_in.user_id,
        Some(shopper.id),
        "user id from the token"
    );
    assert_eq!(signed_in.device_type.as_deref(), Some("tablet"));
    assert_eq!(signed_in.country, None);
    assert_eq!(signed_in.event_data["product_id"], "x");
    // The service only ever saw networks, never the addresses.
    let asked = asked.lock().unwrap().clone();
    assert!(asked.contains(&"196.25.1.0".to_owned()), "{asked:?}");
    assert!(
        asked
            .iter()
            .all(|ip| !ip.ends_with(".77") && !ip.ends_with(".9")),
        "{asked:?}"
    );
    let everything: Vec<String> = bazaar_db::on_db!(&app.db, pool => sqlx::query_scalar(
        "SELECT COALESCE(ip_address, '') || COALESCE(user_agent, '') || COALESCE(session_id, '') FROM analytics_events").fetch_all(pool).await.unwrap());
    assert!(everything.iter().all(|row| !row.contains("196.25.1.77")));
}

#[tokio::test]
async fn events_are_placed_from_a_maxmind_database() {
    let app = TestApp::new().await;
    let db_file = app.dir.join("city.mmdb");
    bazaar_enrich::mmdb_writer::write_city_db(
        &db_file,
        &[(
            ("196.25.0.0".parse().unwrap(), 16),
            "South Africa",
            "Johannesburg",
        )],
    )
    .unwrap();
    let jobs = bazaar_workers::runtime::start(
        app.job_context(
            GeoConfig::parse("maxmind", None, Some(db_file.to_str().unwrap())).unwrap(),
            None,
        ),
        TestApp::worker_options(),
    );
    let r = post_event(&app, json!({"event_type": "page_view", "session_id": "s"}), "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36", "196.25.200.1", None).await;
    assert_eq!(r.status, StatusCode::ACCEPTED);
    let rows = enriched(&app, 1).await;
    jobs.shutdown().await;
    assert_eq!(rows[0].city.as_deref(), Some("Johannesburg"));
    assert_eq!(rows[0].country.as_deref(), Some("South Africa"));
    assert_eq!(rows[0].device_type.as_deref(), Some("desktop"));
    assert_eq!(rows[0].browser.as_deref(), Some("Chrome"));
    assert_eq!(rows[0].ip_address, None);
}

#[tokio::test]
async fn bad_events_get_400_with_the_reason() {
    let app = TestApp::new().await;
    let cases = [
        (json!({}), "Invalid event"),
        (
            json!({"event_type": ""}),
            "event_type must be 1 to 64 characters",
        ),
        (
            json!({"event_type": "page view"}),
            "event_type may only contain letters, digits and _ . : -",
        ),
        (
            json!({"event_type": "page_view", "event_data": [1, 2]}),
            "event_data must be an object",
        ),
        (
            json!({"event_type": "page_view", "event_data": {"x": "y".repeat(9000)}}),
            "event_data must be at most 8 KB",
        ),
        (
            json!({"event_type": "page_view", "session_id": "s".repeat(200)}),
            "session_id must be at most 128 characters",
        ),
        (
            json!({"event_type": "page_view", "ip_address": "1.2.3.4"}),
            "Invalid event",
        ),
    ];
    for (body, message) in cases {
        let r = post_event(&app, body.clone(), "curl/8", "196.25.1.1", None).await;
        assert_eq!(r.status, StatusCode::BAD_REQUEST, "{body}");
        let got = r.json()["error"]["message"].as_str().unwrap().to_owned();
        assert!(got.starts_with(message), "{body}: {got}");
    }
    let r = post_event(
        &app,
        json!({"event_type": "page_view"}),
        "curl/8",
        "196.25.1.1",
        Some("not-a-token"),
    )
    .await;
    assert_eq!(
        r.status,
        StatusCode::UNAUTHORIZED,
        "a bad token is refused, not ignored"
    );
    app.state.flush_analytics().await;
    assert_eq!(
        bazaar_db::analytics::count(&app.db).await.unwrap(),
        0,
        "nothing written"
    );
}

#[tokio::test]
async fn a_flood_from_one_address_gets_429() {
    let app = TestApp::new().await;
    let limit =
        bazaar_api::ApiConfig::new(String::new(), None, app.dir.clone()).analytics_per_minute;
    // The whole allowance is accepted at once; past it, one more per 60 s / limit comes
    // back, so a flood is refused well before twice the allowance.
    let mut accepted = 0;
    let r = loop {
        let r = post_event(
            &app,
            json!({"event_type": "page_view"}),
            "curl/8",
            "196.25.9.9",
            None,
        )
        .await;
        if r.status != StatusCode::ACCEPTED {
            break r;
        }
        accepted += 1;
        assert!(accepted < 2 * limit, "never refused");
    };
    assert!(accepted >= limit, "refused after {accepted} of {limit}");
    assert_eq!(r.status, StatusCode::TOO_MANY_REQUESTS);
    assert!(r.headers.contains_key("retry-after"));
    assert_eq!(r.json()["error"]["code"], "rate_limited");
    let other = post_event(
        &app,
        json!({"event_type": "page_view"}),
        "curl/8",
        "196.25.9.10",
        None,
    )
    .await;
    assert_eq!(
        other.status,
        StatusCode::ACCEPTED,
        "other clients are not affected"
    );
    app.state.flush_analytics().await;
    // Every accepted event is stored, the refused one is not (the flood may have been
    // granted one more than the allowance if the bucket refilled meanwhile).
    assert_eq!(
        bazaar_db::analytics::count(&app.db).await.unwrap(),
        i64::from(accepted) + 1
    );
}

#[tokio::test]
async fn the_newsletter_keeps_one_subscription_per_address() {
    let app = TestApp::new().await;
    let r = app
        .post(
            "/api/v1/newsletter",
            json!({"email": " Lerato@Example.co.za "}),
        )
        .await;
    assert_eq!(r.status, StatusCode::CREATED);
    assert_eq!(
        r.json()["message"],
        "Success! You've been subscribed to our newsletter."
    );
    let again = app
        .post(
            "/api/v1/newsletter",
            json!({"email": "lerato@example.co.za"}),
        )
        .await;
    assert_eq!(again.status, StatusCode::OK);
    for (body, message) in [
        (json!({}), "Email is required"),
        (json!({"email": "  "}), "Email is required"),
        (
            json!({"email": "lerato@"}),
            "Please enter a valid email address",
        ),
    ] {
        let r = app.post("/api/v1/newsletter", body).await;
        assert_eq!(r.status, StatusCode::BAD_REQUEST);
        assert_eq!(r.json()["error"]["fields"]["email"], message);
    }
    let all = bazaar_db::newsletter::all(&app.db).await.unwrap();
    assert_eq!(
        all.iter().map(|(e, _)| e.as_str()).collect::<Vec<_>>(),
        vec!["lerato@example.co.za"]
    );
}
