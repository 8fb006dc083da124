//! What an attacker or an operator would try first: the client address behind proxies,
//! limits where guessing pays, security headers, and bounded input. SQLite and (with
//! TEST_DATABASE_URL) PostgreSQL.

mod common;

use axum::http::StatusCode;
use common::accounts::{PASSWORD, sign_in, sign_up, token};
use common::{Reply, TestApp};
use serde_json::{Value, json};

fn assert_limited(r: &Reply) {
    assert_eq!(r.status, StatusCode::TOO_MANY_REQUESTS, "{}", r.text());
    let wait: u64 = r.headers["retry-after"].to_str().unwrap().parse().unwrap();
    assert!(wait >= 1, "Retry-After {wait}");
}

/// The API's error envelope, with its code.
fn assert_envelope(r: &Reply, code: &str) {
    assert_eq!(
        r.headers["content-type"],
        "application/json",
        "{}",
        r.text()
    );
    assert_eq!(r.json()["error"]["code"], code, "{}", r.text());
    assert!(r.json()["error"]["message"].is_string());
}

// --- the client's address ----------------------------------------------------------------

async fn sign_in_from(app: &TestApp, n: usize, peer: &str, forwarded: Option<&str>) -> Reply {
    let headers: Vec<(&str, &str)> = forwarded
        .map(|f| ("x-forwarded-for", f))
        .into_iter()
        .collect();
    app.call_with_headers(
        "POST",
        "/auth/v1/token?grant_type=password",
        Some(json!({"email": format!("nobody{n}@example.com"), "password": "wrong-one"})),
        None,
        Some(peer),
        &headers,
    )
    .await
}

#[tokio::test]
async fn behind_a_trusted_proxy_each_visitor_has_their_own_limit() {
    let app = TestApp::with_config(|c, a| {
        c.trusted_proxies = vec![bazaar_api::client_addr::parse_trusted("10.0.0.0/8").unwrap()];
        a.rate_limits.per_window.sign_in = 2;
    })
    .await;
    let mut n = 0;
    let mut attempt = |peer: &'static str, xff: Option<&'static str>| {
        n += 1;
        let app = &app;
        let n = n;
        async move { sign_in_from(app, n, peer, xff).await }
    };
    // Two visitors behind the same proxy.
    for _ in 0..2 {
        assert_eq!(attempt("10.0.0.1", Some("198.51.100.1")).await.status, 400);
    }
    assert_limited(&attempt("10.0.0.1", Some("198.51.100.1")).await);
    assert_eq!(
        attempt("10.0.0.1", Some("198.51.100.2")).await.status,
        400,
        "another visitor behind the proxy is not locked out"
    );
    // A visitor who writes their own X-Forwarded-For only adds hops left of the real one.
    assert_limited(&attempt("10.0.0.1", Some("192.0.2.77, 198.51.100.1")).await);
    // Two proxies in a row: the right-most address that is not a proxy is the visitor.
    assert_limited(&attempt("10.0.0.1", Some("198.51.100.1, 10.2.2.2")).await);
}

#[tokio::test]
async fn a_forwarded_header_from_an_untrusted_peer_is_ignored() {
    let app = TestApp::with_config(|c, a| {
        c.trusted_proxies = vec![bazaar_api::client_addr::parse_trusted("10.0.0.1").unwrap()];
        a.rate_limits.per_window.sign_in = 2;
    })
    .await;
    let spoofed = ["198.51.100.1", "198.51.100.2", "198.51.100.3"];
    for (n, xff) in spoofed.iter().take(2).enumerate() {
        assert_eq!(
            sign_in_from(&app, n, "203.0.113.5", Some(xff)).await.status,
            400
        );
    }
    // A fresh made-up address each time does not escape the limit of the real one.
    assert_limited(&sign_in_from(&app, 9, "203.0.113.5", Some(spoofed[2])).await);
    // Without any proxies configured, nobody's header counts.
    let open = TestApp::with_auth(|a| a.rate_limits.per_window.sign_in = 1).await;
    assert_eq!(
        sign_in_from(&open, 1, "10.0.0.1", Some("198.51.100.1"))
            .await
            .status,
        400
    );
    assert_limited(&sign_in_from(&open, 2, "10.0.0.1", Some("198.51.100.2")).await);
}

// --- limits where guessing pays -------------------------------------------------------

async fn confirmed_app(f: impl FnOnce(&mut bazaar_api::rate_limit::Limits)) -> TestApp {
    TestApp::with_auth(|a| {
        a.autoconfirm = true;
        f(&mut a.rate_limits);
    })
    .await
}

#[tokio::test]
async fn mfa_challenges_and_verifications_are_limited_per_user_and_per_factor() {
    let app = confirmed_app(|l| l.per_window.mfa = 3).await;
    let session = sign_up(&app, "mfa@example.com").await;
    let t = token(&session).to_owned();
    let enrolled = app
        .call(
            "POST",
            "/auth/v1/factors",
            Some(json!({"factor_type": "totp", "friendly_name": "phone"})),
            Some(&t),
            None,
        )
        .await
        .json();
    let factor = enrolled["id"].as_str().unwrap().to_owned();
    let challenge = || async {
        app.call(
            "POST",
            &format!("/auth/v1/factors/{factor}/challenge"),
            Some(json!({})),
            Some(&t),
            None,
        )
        .await
    };
    let mut challenges = Vec::new();
    for _ in 0..3 {
        let r = challenge().await;
        assert_eq!(r.status, StatusCode::OK, "{}", r.text());
        challenges.push(r.json()["id"].as_str().unwrap().to_owned());
    }
    let r = challenge().await;
    assert_limited(&r);
    assert_eq!(r.json()["code"], "over_request_rate_limit");

    for c in &challenges {
        let r = app
            .call(
                "POST",
                &format!("/auth/v1/factors/{factor}/verify"),
                Some(json!({"challenge_id": c, "code": "000000"})),
                Some(&t),
                None,
            )
            .await;
        assert_eq!(r.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", r.text());
    }
    // A fourth guess is refused before the code is looked at, from a new session too.
    let other = token(&sign_in(&app, "mfa@example.com").await).to_owned();
    let r = app
        .call(
            "POST",
            &format!("/auth/v1/factors/{factor}/verify"),
            Some(json!({"challenge_id": challenges[0], "code": "000000"})),
            Some(&other),
            None,
        )
        .await;
    assert_limited(&r);
}

#[tokio::test]
async fn refresh_grants_and_recovery_are_limited_per_address() {
    let app = confirmed_app(|l| {
        l.per_window.refresh = 2;
        l.per_window.recover = 2;
    })
    .await;
    let refresh = |ip: &'static str| {
        let app = &app;
        async move {
            app.call(
                "POST",
                "/auth/v1/token?grant_type=refresh_token",
                Some(json!({"refresh_token": "guess"})),
                None,
                Some(ip),
            )
            .await
        }
    };
    for _ in 0..2 {
        assert_eq!(
            refresh("198.51.100.4").await.status,
            StatusCode::BAD_REQUEST
        );
    }
    assert_limited(&refresh("198.51.100.4").await);
    assert_eq!(
        refresh("198.51.100.5").await.status,
        StatusCode::BAD_REQUEST
    );

    for i in 0..3 {
        let r = app
            .call(
                "POST",
                "/auth/v1/recover",
                Some(json!({"email": format!("r{i}@example.com")})),
                None,
                Some("198.51.100.6"),
            )
            .await;
        if i < 2 {
            assert_eq!(r.status, StatusCode::OK, "{}", r.text());
        } else {
            assert_limited(&r);
        }
    }
}

#[tokio::test]
async fn points_code_guesses_are_limited_per_customer() {
    let app = confirmed_app(|l| l.per_window.redeem = 3).await;
    let t = token(&sign_up(&app, "codes@example.com").await).to_owned();
    let redeem = |code: String| {
        let (app, t) = (&app, t.clone());
        async move {
            app.call(
                "POST",
                "/api/v1/points/redeem",
                Some(json!({"code": code})),
                Some(&t),
                None,
            )
            .await
        }
    };
    for i in 0..3 {
        let r = redeem(format!("GUESS{i:07}")).await;
        assert_eq!(r.status, StatusCode::BAD_REQUEST, "{}", r.text());
        assert_eq!(r.json()["error"], "Invalid code");
    }
    let r = redeem("GUESS0000009".into()).await;
    assert_limited(&r);
    assert_envelope(&r, "rate_limited");
    // Another customer is not affected.
    let other = token(&sign_up(&app, "other@example.com").await).to_owned();
    let r = app
        .call(
            "POST",
            "/api/v1/points/redeem",
            Some(json!({"code": "GUESS0000010"})),
            Some(&other),
            None,
        )
        .await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST);
}

#[tokio::test]
async fn search_and_suggestions_share_a_generous_limit_per_address() {
    let app = TestApp::with_config(|c, _| c.search_per_minute = 4).await;
    let get = |uri: &'static str, ip: &'static str| {
        let app = &app;
        async move { app.call("GET", uri, None, None, Some(ip)).await }
    };
    for uri in ["/api/v1/search?q=cap", "/api/v1/search/suggestions?q=ca"] {
        for _ in 0..2 {
            let r = get(uri, "198.51.100.8").await;
            assert_eq!(r.status, StatusCode::OK, "{uri}: {}", r.text());
        }
    }
    let r = get("/api/v1/search/suggestions?q=cap", "198.51.100.8").await;
    assert_limited(&r);
    assert_envelope(&r, "rate_limited");
    assert_limited(&get("/api/v1/search?q=cap", "198.51.100.8").await);
    assert_eq!(
        get("/api/v1/search?q=cap", "198.51.100.9").await.status,
        StatusCode::OK
    );
}

// --- headers ----------------------------------------------------------------------------

#[tokio::test]
async fn every_response_carries_the_security_headers() {
    let app = TestApp::seeded_with_web().await;
    for uri in [
        "/",
        "/products/_/",
        "/api/v1/categories",
        "/api/v1/orders",
        "/no-such-page",
    ] {
        let r = app.get(uri).await;
        let h = &r.headers;
        assert_eq!(h["x-content-type-options"], "nosniff", "{uri}");
        assert_eq!(
            h["referrer-policy"], "strict-origin-when-cross-origin",
            "{uri}"
        );
        assert_eq!(h["x-frame-options"], "DENY", "{uri}");
        let csp = h["content-security-policy"].to_str().unwrap();
        assert!(csp.contains("frame-ancestors 'none'"), "{uri}: {csp}");
        assert!(csp.contains("default-src 'self'"), "{uri}: {csp}");
        assert!(
            csp.contains("form-action 'self' https://sandbox.payfast.co.za"),
            "{uri}: {csp}"
        );
        assert!(
            !h.contains_key("strict-transport-security"),
            "not over http"
        );
    }
}

#[tokio::test]
async fn hsts_is_sent_when_the_site_is_https() {
    let app = TestApp::with_config(|c, _| c.public_url = "https://shop.example".into()).await;
    let r = app.get("/api/v1/categories").await;
    assert_eq!(r.headers["strict-transport-security"], "max-age=63072000");
    assert!(
        r.headers["content-security-policy"]
            .to_str()
            .unwrap()
            .contains("upgrade-insecure-requests")
    );
}

// --- bounded input ----------------------------------------------------------------------

#[tokio::test]
async fn user_metadata_and_names_have_a_size_cap() {
    let app = confirmed_app(|_| {}).await;
    let big = "x".repeat(5000);
    let r = app
        .post(
            "/auth/v1/signup",
            json!({"email": "big@example.com", "password": PASSWORD, "data": {"full_name": "Big", "bio": big}}),
        )
        .await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST, "{}", r.text());
    assert!(
        r.json()["msg"]
            .as_str()
            .unwrap()
            .contains("at most 4096 bytes")
    );

    let t = token(&sign_up(&app, "small@example.com").await).to_owned();
    for (data, message) in [
        (json!({"bio": big}), "at most 4096 bytes"),
        (
            json!({"full_name": "n".repeat(201)}),
            "Full name must be at most 200 characters",
        ),
        (json!({"full_name": "  "}), "Please enter your full name"),
    ] {
        let r = app
            .call(
                "PUT",
                "/auth/v1/user",
                Some(json!({"data": data})),
                Some(&t),
                None,
            )
            .await;
        assert_eq!(r.status, StatusCode::BAD_REQUEST, "{}", r.text());
        assert!(
            r.json()["msg"].as_str().unwrap().contains(message),
            "{}",
            r.text()
        );
    }
    let r = app
        .call(
            "PATCH",
            "/api/v1/profile",
            Some(json!({"full_name": "n".repeat(201)})),
            Some(&t),
            None,
        )
        .await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST);
    assert_eq!(
        r.json()["error"]["fields"]["full_name"],
        "Full name must be at most 200 characters"
    );
}

#[tokio::test]
async fn a_malformed_profile_body_gets_the_error_envelope() {
    let app = confirmed_app(|_| {}).await;
    let t = token(&sign_up(&app, "json@example.com").await).to_owned();
    for body in [
        json!({"theme": 7}),
        json!([1, 2]),
        Value::String("{".into()),
    ] {
        let r = app
            .call("PATCH", "/api/v1/profile", Some(body), Some(&t), None)
            .await;
        assert_eq!(r.status, StatusCode::BAD_REQUEST);
        assert_envelope(&r, "bad_request");
    }
}

#[tokio::test]
async fn a_size_or_colour_longer_than_any_product_offers_is_refused() {
    let app = common::shop::shop().await;
    let c = common::shop::quick_customer(&app, "long@example.co.za").await;
    let product = common::shop::product(&app, "ovr-performance-cap").await;
    for (field, value) in [("size", "S".repeat(51)), ("color", "é".repeat(51))] {
        let mut body = json!({"product_id": product["id"], "quantity": 1});
        body[field] = json!(value);
        let r = app
            .call(
                "POST",
                "/api/v1/cart/items",
                Some(body),
                Some(&c.token),
                None,
            )
            .await;
        assert_eq!(r.status, StatusCode::BAD_REQUEST, "{}", r.text());
        assert_eq!(
            r.json()["error"]["fields"][field],
            format!("{field} must be at most 50 characters")
        );
    }
}
