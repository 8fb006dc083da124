//! Sign-up and sign-in helpers shared by the auth test files.

#![allow(dead_code)] // Each test binary uses a different part of the harness.

use axum::http::StatusCode;
use serde_json::{Value, json};

use super::TestApp;

pub const PASSWORD: &str = "s3cret-pass";

pub async fn autoconfirm() -> TestApp {
    TestApp::with_auth(|a| a.autoconfirm = true).await
}

pub async fn sign_up(app: &TestApp, email: &str) -> Value {
    let r = app
        .post(
            "/auth/v1/signup",
            json!({"email": email, "password": PASSWORD, "data": {"full_name": "Thandi Nkosi"}}),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text());
    r.json()
}

pub async fn sign_in(app: &TestApp, email: &str) -> Value {
    let r = app
        .post(
            "/auth/v1/token?grant_type=password",
            json!({"email": email, "password": PASSWORD}),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text());
    r.json()
}

pub async fn refresh(app: &TestApp, token: &str) -> (StatusCode, Value) {
    let r = app
        .post(
            "/auth/v1/token?grant_type=refresh_token",
            json!({"refresh_token": token}),
        )
        .await;
    (r.status, r.json())
}

pub fn token(session: &Value) -> &str {
    session["access_token"].as_str().unwrap()
}

pub fn link_in(email: &str) -> String {
    let start = email
        .find("http://shop.test/auth/v1/verify?")
        .expect("a verify link");
    email[start..].split_whitespace().next().unwrap().to_owned()
}

pub fn claims_of(jwt: &str) -> Value {
    use base64::Engine;
    let part = jwt.split('.').nth(1).unwrap();
    serde_json::from_slice(
        &base64::engine::general_purpose::URL_SAFE_NO_PAD
            .decode(part)
            .unwrap(),
    )
    .unwrap()
}
