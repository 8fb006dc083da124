//! `/auth/v1` sign-up, sign-in, email links, recovery and abuse limits, on SQLite and (with
//! TEST_DATABASE_URL) PostgreSQL. Sessions, tokens, roles and factors: `auth_sessions.rs`.

mod common;

use axum::http::StatusCode;
use common::TestApp;
use common::accounts::{PASSWORD, autoconfirm, link_in, sign_in, sign_up, token};
use serde_json::{Value, json};

#[tokio::test]
async fn sign_up_checks_name_email_and_password() {
    let app = autoconfirm().await;
    for (body, status, code, message) in [
        (
            json!({"email": "a@example.com", "password": PASSWORD, "data": {"full_name": "   "}}),
            400,
            "validation_failed",
            "Please enter your full name",
        ),
        (
            json!({"email": "a@example.com", "password": PASSWORD}),
            400,
            "validation_failed",
            "Please enter your full name",
        ),
        (
            json!({"email": "not-an-email", "password": PASSWORD, "data": {"full_name": "A"}}),
            400,
            "validation_failed",
            "Unable to validate email address: invalid format",
        ),
        (
            json!({"email": "a@example.com", "password": "12345", "data": {"full_name": "A"}}),
            422,
            "weak_password",
            "Password should be at least 6 characters.",
        ),
    ] {
        let r = app.post("/auth/v1/signup", body.clone()).await;
        assert_eq!(r.status.as_u16(), status, "{body}");
        assert_eq!(r.headers["x-supabase-api-version"], "2024-01-01");
        let b = r.json();
        assert_eq!(
            (b["code"].as_str(), b["msg"].as_str()),
            (Some(code), Some(message)),
            "{body}"
        );
    }
    let r = app.post("/auth/v1/signup", json!("not an object")).await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST);
}

#[tokio::test]
async fn autoconfirmed_sign_up_returns_a_session_and_a_taken_email_is_refused() {
    let app = autoconfirm().await;
    let session = sign_up(&app, "Thandi@Example.com").await;
    assert_eq!(session["token_type"], "bearer");
    assert_eq!(
        session["user"]["email"], "thandi@example.com",
        "emails are case-insensitive"
    );
    assert_eq!(
        session["user"]["user_metadata"]["full_name"],
        "Thandi Nkosi"
    );
    assert!(session["expires_in"].as_i64().unwrap() > 90);
    let r = app.post("/auth/v1/signup", json!({"email": "thandi@EXAMPLE.com", "password": PASSWORD, "data": {"full_name": "T"}})).await;
    assert_eq!(r.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(r.json()["code"], "user_already_exists");
    // The profile exists with the default role.
    let profile = app
        .call("GET", "/api/v1/profile", None, Some(token(&session)), None)
        .await
        .json();
    assert_eq!(profile["profile"]["role"], "customer");
    assert_eq!(profile["profile"]["full_name"], "Thandi Nkosi");
    assert_eq!(profile["profile"]["theme"], "system");
}

#[tokio::test]
async fn confirmation_email_link_confirms_and_signs_in() {
    let app = TestApp::new().await;
    let r = app.post("/auth/v1/signup", json!({"email": "sipho@example.com", "password": PASSWORD, "data": {"full_name": "Sipho"}})).await;
    assert_eq!(r.status, StatusCode::OK);
    let user = r.json();
    assert!(
        user.get("access_token").is_none(),
        "no session before confirmation"
    );
    assert_eq!(user["email"], "sipho@example.com");
    assert_eq!(user["email_confirmed_at"], Value::Null);

    let r = app
        .post(
            "/auth/v1/token?grant_type=password",
            json!({"email": "sipho@example.com", "password": PASSWORD}),
        )
        .await;
    assert_eq!(
        (r.status, r.json()["code"].clone()),
        (StatusCode::BAD_REQUEST, json!("email_not_confirmed"))
    );

    let mails = app.outbox();
    assert_eq!(mails.len(), 1);
    assert!(mails[0].contains("To: sipho@example.com"));
    let link = link_in(&mails[0]);
    let path = link.strip_prefix("http://shop.test").unwrap();
    let r = app.get(path).await;
    assert_eq!(r.status, StatusCode::SEE_OTHER);
    let location = r.headers["location"].to_str().unwrap().to_owned();
    assert!(
        location.starts_with("http://shop.test/#access_token="),
        "{location}"
    );
    assert!(location.contains("&type=signup"));
    // The link works once.
    let again = app.get(path).await;
    assert!(
        again.headers["location"]
            .to_str()
            .unwrap()
            .contains("error_code=otp_expired")
    );
    sign_in(&app, "sipho@example.com").await;

    // A taken address with confirmation on looks like a new sign-up and sends nothing.
    let r = app
        .post(
            "/auth/v1/signup",
            json!({"email": "sipho@example.com", "password": PASSWORD, "data": {"full_name": "X"}}),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK);
    assert_eq!(app.outbox().len(), 1);
}

#[tokio::test]
async fn links_never_redirect_off_site() {
    let app = TestApp::new().await;
    app.post(
        "/auth/v1/signup?redirect_to=https://evil.example/steal",
        json!({"email": "z@example.com", "password": PASSWORD, "data": {"full_name": "Z"}}),
    )
    .await;
    let link = link_in(&app.outbox()[0]);
    assert!(
        link.contains("redirect_to=http%3A%2F%2Fshop.test%2F"),
        "{link}"
    );
    let r = app
        .get("/auth/v1/verify?token=x&type=signup&redirect_to=https://evil.example/")
        .await;
    assert!(
        r.headers["location"]
            .to_str()
            .unwrap()
            .starts_with("http://shop.test/#error=access_denied")
    );
}

#[tokio::test]
async fn failed_sign_ins_do_not_reveal_whether_an_account_exists() {
    let app = autoconfirm().await;
    sign_up(&app, "lerato@example.com").await;
    let wrong = app
        .post(
            "/auth/v1/token?grant_type=password",
            json!({"email": "lerato@example.com", "password": "nope-nope"}),
        )
        .await;
    let unknown = app
        .post(
            "/auth/v1/token?grant_type=password",
            json!({"email": "nobody@example.com", "password": "nope-nope"}),
        )
        .await;
    assert_eq!(wrong.status, StatusCode::BAD_REQUEST);
    assert_eq!(
        (wrong.status, wrong.body.clone()),
        (unknown.status, unknown.body.clone())
    );
    assert_eq!(wrong.json()["msg"], "Invalid login credentials");
}

#[tokio::test]
async fn sign_in_and_sign_up_are_rate_limited_per_address_and_per_email() {
    let app = TestApp::with_auth(|a| {
        a.autoconfirm = true;
        a.rate_limits.per_window.sign_in = 3;
        a.rate_limits.per_window.sign_up = 2;
    })
    .await;
    let attempt = |ip: &'static str, email: &'static str| {
        let app = &app;
        async move {
            app.call(
                "POST",
                "/auth/v1/token?grant_type=password",
                Some(json!({"email": email, "password": "wrong-one"})),
                None,
                Some(ip),
            )
            .await
        }
    };
    for _ in 0..3 {
        assert_eq!(
            attempt("10.0.0.1", "x@example.com").await.status,
            StatusCode::BAD_REQUEST
        );
    }
    let limited = attempt("10.0.0.1", "y@example.com").await;
    assert_eq!(limited.status, StatusCode::TOO_MANY_REQUESTS);
    assert_eq!(limited.json()["code"], "over_request_rate_limit");
    assert!(
        limited.headers["retry-after"]
            .to_str()
            .unwrap()
            .parse::<u64>()
            .unwrap()
            > 0
    );
    // The same email from other addresses is limited too.
    assert_eq!(
        attempt("10.0.0.2", "x@example.com").await.status,
        StatusCode::TOO_MANY_REQUESTS
    );
    assert_eq!(
        attempt("10.0.0.3", "z@example.com").await.status,
        StatusCode::BAD_REQUEST
    );

    for i in 0..2 {
        let r = app.call("POST", "/auth/v1/signup", Some(json!({"email": format!("s{i}@example.com"), "password": PASSWORD, "data": {"full_name": "S"}})), None, Some("10.0.0.9")).await;
        assert_eq!(r.status, StatusCode::OK);
    }
    let r = app.call("POST", "/auth/v1/signup", Some(json!({"email": "s9@example.com", "password": PASSWORD, "data": {"full_name": "S"}})), None, Some("10.0.0.9")).await;
    assert_eq!(r.status, StatusCode::TOO_MANY_REQUESTS);
}

#[tokio::test]
async fn recovery_emails_a_link_only_for_known_addresses() {
    let app = TestApp::with_auth(|a| a.autoconfirm = true).await;
    sign_up(&app, "palesa@example.com").await;
    for email in ["palesa@example.com", "ghost@example.com"] {
        let r = app.post("/auth/v1/recover", json!({"email": email})).await;
        assert_eq!((r.status, r.json()), (StatusCode::OK, json!({})));
    }
    let mails = app.outbox();
    assert_eq!(mails.len(), 1, "nothing is sent to unknown addresses");
    let link = link_in(&mails[0]);
    assert!(link.contains("type=recovery"));
    let r = app
        .get(link.strip_prefix("http://shop.test").unwrap())
        .await;
    let location = r.headers["location"].to_str().unwrap().to_owned();
    assert!(
        location.contains("access_token=") && location.contains("type=recovery"),
        "{location}"
    );
    // The recovery session may set a new password.
    let fragment: std::collections::HashMap<String, String> = location
        .split_once('#')
        .unwrap()
        .1
        .split('&')
        .filter_map(|kv| kv.split_once('='))
        .map(|(k, v)| (k.to_owned(), v.to_owned()))
        .collect();
    let r = app
        .call(
            "PUT",
            "/auth/v1/user",
            Some(json!({"password": "brand-new-pass"})),
            Some(&fragment["access_token"]),
            None,
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text());
    let r = app
        .post(
            "/auth/v1/token?grant_type=password",
            json!({"email": "palesa@example.com", "password": "brand-new-pass"}),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK);
}

#[tokio::test]
async fn user_updates_metadata_and_password() {
    let app = autoconfirm().await;
    let s = sign_up(&app, "musa@example.com").await;
    let t = token(&s).to_owned();
    let r = app
        .call(
            "PUT",
            "/auth/v1/user",
            Some(json!({"data": {"full_name": "  Musa Dlamini ", "team": "Sharks"}})),
            Some(&t),
            None,
        )
        .await;
    let u = r.json();
    assert_eq!(
        (
            u["user_metadata"]["full_name"].as_str(),
            u["user_metadata"]["team"].as_str()
        ),
        (Some("Musa Dlamini"), Some("Sharks"))
    );
    let profile = app
        .call("GET", "/api/v1/profile", None, Some(&t), None)
        .await
        .json();
    assert_eq!(profile["profile"]["full_name"], "Musa Dlamini");
    let r = app
        .call(
            "PUT",
            "/auth/v1/user",
            Some(json!({"password": PASSWORD})),
            Some(&t),
            None,
        )
        .await;
    assert_eq!(r.json()["code"], "same_password");
    let r = app
        .call(
            "PUT",
            "/auth/v1/user",
            Some(json!({"password": "short"})),
            Some(&t),
            None,
        )
        .await;
    assert_eq!(r.json()["code"], "weak_password");
}

/// Captures everything logged while `f` runs.
async fn logged<F: std::future::Future<Output = ()>>(f: F) -> String {
    use std::io::Write;
    #[derive(Clone, Default)]
    struct Buf(std::sync::Arc<std::sync::Mutex<Vec<u8>>>);
    impl Write for Buf {
        fn write(&mut self, b: &[u8]) -> std::io::Result<usize> {
            self.0.lock().unwrap().extend_from_slice(b);
            Ok(b.len())
        }
        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }
    let buf = Buf::default();
    let writer = buf.clone();
    let subscriber = tracing_subscriber::fmt()
        .with_max_level(tracing::Level::TRACE)
        .with_ansi(false)
        .with_writer(move || writer.clone())
        .finish();
    let _guard = tracing::subscriber::set_default(subscriber);
    // Call sites first hit by other tests (with no subscriber) cache "nobody listens".
    tracing::callsite::rebuild_interest_cache();
    f.await;
    String::from_utf8_lossy(&buf.0.lock().unwrap()).into_owned()
}

#[tokio::test(flavor = "current_thread")]
async fn passwords_and_tokens_never_reach_the_logs() {
    let app = TestApp::new().await;
    let password = "very-secret-password-123";
    let (mut refresh_token, mut link) = (String::new(), String::new());
    let log = logged(async {
        app.post(
            "/auth/v1/signup",
            json!({"email": "quiet@example.com", "password": password, "data": {"full_name": "Q"}}),
        )
        .await;
        link = link_in(&app.outbox()[0]);
        let r = app
            .get(link.strip_prefix("http://shop.test").unwrap())
            .await;
        let location = r.headers["location"].to_str().unwrap().to_owned();
        refresh_token = location
            .split("refresh_token=")
            .nth(1)
            .unwrap()
            .split('&')
            .next()
            .unwrap()
            .to_owned();
        app.post(
            "/auth/v1/token?grant_type=password",
            json!({"email": "quiet@example.com", "password": password}),
        )
        .await;
        app.post(
            "/auth/v1/token?grant_type=refresh_token",
            json!({"refresh_token": refresh_token}),
        )
        .await;
        app.post(
            "/auth/v1/token?grant_type=refresh_token",
            json!({"refresh_token": refresh_token}),
        )
        .await;
    })
    .await;
    assert!(
        log.contains("http.path=/auth/v1/token"),
        "request spans are in the log: {log}"
    );
    assert!(
        log.contains("http.path=/auth/v1/verify"),
        "the link's request is logged, without its query"
    );
    let token = link
        .split("token=")
        .nth(1)
        .unwrap()
        .split('&')
        .next()
        .unwrap();
    for secret in [password, token, refresh_token.as_str(), "quiet@example.com"] {
        assert!(!log.contains(secret), "{secret} appeared in the logs");
    }
}

#[tokio::test]
async fn verify_by_token_hash_returns_a_session_once_and_settings_describe_the_server() {
    let app = TestApp::new().await;
    app.post(
        "/auth/v1/signup",
        json!({"email": "otp@example.com", "password": PASSWORD, "data": {"full_name": "O"}}),
    )
    .await;
    let link = link_in(&app.outbox()[0]);
    let token = link
        .split("token=")
        .nth(1)
        .unwrap()
        .split('&')
        .next()
        .unwrap()
        .to_owned();
    let r = app
        .post(
            "/auth/v1/verify",
            json!({"type": "signup", "token_hash": token}),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text());
    let session = r.json();
    assert_eq!(session["user"]["email"], "otp@example.com");
    assert!(session["user"]["email_confirmed_at"].is_string());
    let again = app
        .post(
            "/auth/v1/verify",
            json!({"type": "signup", "token_hash": token}),
        )
        .await;
    assert_eq!(
        (again.status, again.json()["code"].clone()),
        (StatusCode::FORBIDDEN, json!("otp_expired"))
    );
    let settings = app.get_ok("/auth/v1/settings").await;
    assert_eq!(settings["mailer_autoconfirm"], false);
    assert_eq!(settings["external"]["email"], true);
    assert_eq!(settings["external"]["google"], false, "not configured here");
    let unknown = app.get("/auth/v1/nothing-here").await;
    assert_eq!(
        (unknown.status, unknown.json()["code"].clone()),
        (StatusCode::NOT_FOUND, json!("not_found"))
    );
}
