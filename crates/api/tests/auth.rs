//! `/auth/v1` and the guards, on SQLite and (with TEST_DATABASE_URL) PostgreSQL.

mod common;

use axum::http::StatusCode;
use axum::routing::get;
use bazaar_api::auth::{Admin, RequireRole, Vendor};
use common::TestApp;
use serde_json::{Value, json};
use tower::ServiceExt;

const PASSWORD: &str = "s3cret-pass";

async fn autoconfirm() -> TestApp {
    TestApp::with_auth(|a| a.autoconfirm = true).await
}

async fn sign_up(app: &TestApp, email: &str) -> Value {
    let r = app
        .post(
            "/auth/v1/signup",
            json!({"email": email, "password": PASSWORD, "data": {"full_name": "Thandi Nkosi"}}),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text());
    r.json()
}

async fn sign_in(app: &TestApp, email: &str) -> Value {
    let r = app
        .post(
            "/auth/v1/token?grant_type=password",
            json!({"email": email, "password": PASSWORD}),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text());
    r.json()
}

async fn refresh(app: &TestApp, token: &str) -> (StatusCode, Value) {
    let r = app
        .post(
            "/auth/v1/token?grant_type=refresh_token",
            json!({"refresh_token": token}),
        )
        .await;
    (r.status, r.json())
}

fn token(session: &Value) -> &str {
    session["access_token"].as_str().unwrap()
}

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

fn link_in(email: &str) -> String {
    let start = email
        .find("http://shop.test/auth/v1/verify?")
        .expect("a verify link");
    email[start..].split_whitespace().next().unwrap().to_owned()
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
async fn refresh_tokens_rotate_and_reuse_ends_the_session() {
    let app = autoconfirm().await;
    let first = sign_up(&app, "ayanda@example.com").await;
    let a = first["refresh_token"].as_str().unwrap().to_owned();
    let (status, second) = refresh(&app, &a).await;
    assert_eq!(status, StatusCode::OK);
    let b = second["refresh_token"].as_str().unwrap().to_owned();
    assert_ne!(a, b);
    assert_ne!(token(&first), token(&second));
    // The access token of the rotated session still works.
    assert_eq!(
        app.call("GET", "/auth/v1/user", None, Some(token(&second)), None)
            .await
            .status,
        StatusCode::OK
    );

    let (status, body) = refresh(&app, &a).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(body["code"], "refresh_token_already_used");
    let (status, _) = refresh(&app, &b).await;
    assert_eq!(
        status,
        StatusCode::BAD_REQUEST,
        "the whole family is revoked"
    );
    let r = app
        .call("GET", "/auth/v1/user", None, Some(token(&second)), None)
        .await;
    assert_eq!(
        (r.status, r.json()["code"].clone()),
        (StatusCode::FORBIDDEN, json!("session_not_found"))
    );
    let (status, body) = refresh(&app, "never-issued").await;
    assert_eq!(
        (status, body["code"].clone()),
        (StatusCode::BAD_REQUEST, json!("refresh_token_not_found"))
    );
}

#[tokio::test]
async fn concurrent_refreshes_of_one_token_yield_one_session() {
    let app = autoconfirm().await;
    let s = sign_up(&app, "concurrent@example.com").await;
    let t = s["refresh_token"].as_str().unwrap().to_owned();
    let results = futures_join(&app, &t).await;
    let ok = results.iter().filter(|s| **s == StatusCode::OK).count();
    assert!(ok <= 1, "at most one rotation wins: {results:?}");
}

async fn futures_join(app: &TestApp, t: &str) -> Vec<StatusCode> {
    let (a, b, c, d) = tokio::join!(
        refresh(app, t),
        refresh(app, t),
        refresh(app, t),
        refresh(app, t)
    );
    vec![a.0, b.0, c.0, d.0]
}

#[tokio::test]
async fn logout_scopes_end_the_right_sessions() {
    let app = autoconfirm().await;
    sign_up(&app, "naledi@example.com").await;
    let (s1, s2, s3) = (
        sign_in(&app, "naledi@example.com").await,
        sign_in(&app, "naledi@example.com").await,
        sign_in(&app, "naledi@example.com").await,
    );

    let r = app
        .call(
            "POST",
            "/auth/v1/logout?scope=others",
            None,
            Some(token(&s1)),
            None,
        )
        .await;
    assert_eq!(r.status, StatusCode::NO_CONTENT);
    assert_eq!(
        refresh(&app, s2["refresh_token"].as_str().unwrap()).await.0,
        StatusCode::BAD_REQUEST
    );
    assert_eq!(
        refresh(&app, s3["refresh_token"].as_str().unwrap()).await.0,
        StatusCode::BAD_REQUEST
    );
    let (status, s1b) = refresh(&app, s1["refresh_token"].as_str().unwrap()).await;
    assert_eq!(status, StatusCode::OK, "the caller's own session stays");

    let s4 = sign_in(&app, "naledi@example.com").await;
    let r = app
        .call(
            "POST",
            "/auth/v1/logout?scope=local",
            None,
            Some(token(&s1b)),
            None,
        )
        .await;
    assert_eq!(r.status, StatusCode::NO_CONTENT);
    assert_eq!(
        refresh(&app, s1b["refresh_token"].as_str().unwrap())
            .await
            .0,
        StatusCode::BAD_REQUEST
    );
    let (status, s4b) = refresh(&app, s4["refresh_token"].as_str().unwrap()).await;
    assert_eq!(status, StatusCode::OK, "local leaves other sessions");

    let s5 = sign_in(&app, "naledi@example.com").await;
    let r = app
        .call(
            "POST",
            "/auth/v1/logout",
            Some(json!({})),
            Some(token(&s4b)),
            None,
        )
        .await;
    assert_eq!(r.status, StatusCode::NO_CONTENT, "global is the default");
    for s in [&s4b, &s5] {
        assert_eq!(
            refresh(&app, s["refresh_token"].as_str().unwrap()).await.0,
            StatusCode::BAD_REQUEST
        );
        let r = app
            .call("GET", "/auth/v1/user", None, Some(token(s)), None)
            .await;
        assert_eq!(r.status, StatusCode::FORBIDDEN);
    }
    let r = app
        .call(
            "POST",
            "/auth/v1/logout?scope=everyone",
            None,
            Some(token(&sign_in(&app, "naledi@example.com").await)),
            None,
        )
        .await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST);
}

fn claims_of(jwt: &str) -> Value {
    use base64::Engine;
    let part = jwt.split('.').nth(1).unwrap();
    serde_json::from_slice(
        &base64::engine::general_purpose::URL_SAFE_NO_PAD
            .decode(part)
            .unwrap(),
    )
    .unwrap()
}

#[tokio::test]
async fn access_tokens_carry_supabase_claims_and_verify_against_the_jwks() {
    let app = autoconfirm().await;
    let s = sign_up(&app, "kabelo@example.com").await;
    let claims = claims_of(token(&s));
    for field in [
        "sub",
        "aud",
        "exp",
        "iat",
        "email",
        "role",
        "aal",
        "amr",
        "session_id",
        "app_metadata",
        "user_metadata",
    ] {
        assert!(claims.get(field).is_some(), "claim {field}");
    }
    assert_eq!(
        (
            claims["aud"].as_str(),
            claims["role"].as_str(),
            claims["aal"].as_str()
        ),
        (Some("authenticated"), Some("authenticated"), Some("aal1"))
    );
    assert_eq!(claims["app_metadata"]["role"], "customer");
    assert_eq!(claims["amr"][0]["method"], "password");
    let jwks = app.get_ok("/auth/v1/.well-known/jwks.json").await;
    let keys: std::collections::HashMap<String, bazaar_auth::keys::PublicJwk> =
        serde_json::from_value::<Vec<bazaar_auth::keys::PublicJwk>>(jwks["keys"].clone())
            .unwrap()
            .into_iter()
            .map(|k| (k.kid.clone(), k))
            .collect();
    assert!(
        jwks["keys"]
            .as_array()
            .unwrap()
            .iter()
            .all(|k| k.get("d").is_none()),
        "no private parts published"
    );
    let verified = bazaar_auth::jwt::verify(token(&s), &keys).unwrap();
    assert_eq!(verified.sub, s["user"]["id"].as_str().unwrap());
}

#[tokio::test]
async fn expired_tampered_and_foreign_tokens_are_rejected() {
    let app = autoconfirm().await;
    let s = sign_up(&app, "bongani@example.com").await;
    let good: bazaar_auth::jwt::Claims = serde_json::from_value(claims_of(token(&s))).unwrap();
    let key = app.state.auth.keys.current();
    let expired = bazaar_auth::jwt::sign(
        &bazaar_auth::jwt::Claims {
            exp: good.iat - 10,
            ..good.clone()
        },
        &key,
    );
    let foreign = bazaar_auth::jwt::sign(&good, &bazaar_auth::keys::SigningKey::generate());
    let mut parts: Vec<String> = token(&s).split('.').map(str::to_owned).collect();
    {
        use base64::Engine;
        let mut payload = claims_of(token(&s));
        payload["app_metadata"]["role"] = json!("admin");
        payload["sub"] = json!(uuid::Uuid::now_v7().to_string());
        parts[1] = base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(payload.to_string());
    }
    let tampered = parts.join(".");
    for (name, t) in [
        ("expired", expired),
        ("foreign key", foreign),
        ("tampered", tampered),
        ("garbage", "a.b.c".to_owned()),
    ] {
        let r = app.call("GET", "/auth/v1/user", None, Some(&t), None).await;
        assert_eq!(r.status, StatusCode::FORBIDDEN, "{name}");
        assert_eq!(r.json()["code"], "bad_jwt", "{name}");
        let r = app
            .call("GET", "/api/v1/profile", None, Some(&t), None)
            .await;
        assert_eq!(r.status, StatusCode::UNAUTHORIZED, "{name} on the API");
    }
    let r = app.call("GET", "/auth/v1/user", None, None, None).await;
    assert_eq!(
        (r.status, r.json()["code"].clone()),
        (StatusCode::UNAUTHORIZED, json!("no_authorization"))
    );
}

#[tokio::test]
async fn role_guards_need_an_exact_match() {
    let app = autoconfirm().await;
    let router = axum::Router::new()
        .route(
            "/admin-only",
            get(|_: RequireRole<Admin>| async { "admin area" }),
        )
        .route(
            "/vendor-only",
            get(|_: RequireRole<Vendor>| async { "vendor area" }),
        )
        .with_state(app.state.clone());
    let call = |path: &'static str, t: Option<String>| {
        let router = router.clone();
        async move {
            let mut req = axum::http::Request::builder().uri(path);
            if let Some(t) = t {
                req = req.header("authorization", format!("Bearer {t}"));
            }
            router
                .oneshot(req.body(axum::body::Body::empty()).unwrap())
                .await
                .unwrap()
                .status()
        }
    };
    let s = sign_up(&app, "role@example.com").await;
    let t = token(&s).to_owned();
    assert_eq!(call("/admin-only", None).await, StatusCode::UNAUTHORIZED);
    assert_eq!(
        call("/admin-only", Some(t.clone())).await,
        StatusCode::FORBIDDEN
    );
    bazaar_db::accounts::set_role(&app.db, "role@example.com", "admin", chrono::Utc::now())
        .await
        .unwrap();
    assert_eq!(
        call("/admin-only", Some(t.clone())).await,
        StatusCode::OK,
        "the role is read per request"
    );
    assert_eq!(
        call("/vendor-only", Some(t.clone())).await,
        StatusCode::FORBIDDEN,
        "an admin is not a vendor"
    );
    bazaar_db::accounts::set_role(&app.db, "role@example.com", "vendor", chrono::Utc::now())
        .await
        .unwrap();
    assert_eq!(call("/vendor-only", Some(t.clone())).await, StatusCode::OK);
    assert_eq!(call("/admin-only", Some(t)).await, StatusCode::FORBIDDEN);
}

#[tokio::test]
async fn totp_enrol_challenge_verify_reaches_aal2() {
    let app = autoconfirm().await;
    let s = sign_up(&app, "mfa@example.com").await;
    let t = token(&s).to_owned();
    let enrolled = app
        .call(
            "POST",
            "/auth/v1/factors",
            Some(json!({"factor_type": "totp", "friendly_name": "phone", "issuer": "bazaar"})),
            Some(&t),
            None,
        )
        .await;
    assert_eq!(enrolled.status, StatusCode::OK, "{}", enrolled.text());
    let enrolled = enrolled.json();
    let factor = enrolled["id"].as_str().unwrap().to_owned();
    let secret = enrolled["totp"]["secret"].as_str().unwrap().to_owned();
    assert!(
        enrolled["totp"]["qr_code"]
            .as_str()
            .unwrap()
            .starts_with("<svg")
    );
    assert!(
        enrolled["totp"]["uri"]
            .as_str()
            .unwrap()
            .starts_with("otpauth://totp/bazaar:mfa%40example.com?secret=")
            || enrolled["totp"]["uri"]
                .as_str()
                .unwrap()
                .starts_with("otpauth://totp/bazaar:mfa@example.com?secret=")
    );

    let challenge = |t: String| {
        let app = &app;
        let factor = factor.clone();
        async move {
            app.call(
                "POST",
                &format!("/auth/v1/factors/{factor}/challenge"),
                None,
                Some(&t),
                None,
            )
            .await
            .json()["id"]
                .as_str()
                .unwrap()
                .to_owned()
        }
    };
    let verify = |t: String, challenge_id: String, code: String| {
        let app = &app;
        let factor = factor.clone();
        async move {
            app.call(
                "POST",
                &format!("/auth/v1/factors/{factor}/verify"),
                Some(json!({"challenge_id": challenge_id, "code": code})),
                Some(&t),
                None,
            )
            .await
        }
    };
    let now = chrono::Utc::now().timestamp();
    let right = bazaar_auth::totp::code_at(&secret, now).unwrap();
    let wrong = format!("{:06}", (right.parse::<u32>().unwrap() + 1) % 1_000_000);

    let c1 = challenge(t.clone()).await;
    let r = verify(t.clone(), c1.clone(), wrong).await;
    assert_eq!(
        (r.status, r.json()["code"].clone()),
        (
            StatusCode::UNPROCESSABLE_ENTITY,
            json!("mfa_verification_failed")
        )
    );
    let r = verify(t.clone(), c1, right.clone()).await;
    assert_eq!(
        r.status,
        StatusCode::UNPROCESSABLE_ENTITY,
        "a challenge answers one guess"
    );

    // Unverified factors do not count: still aal1, and an unverified factor can be removed.
    let c2 = challenge(t.clone()).await;
    let r = verify(t.clone(), c2, right).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text());
    let upgraded = r.json();
    let claims = claims_of(token(&upgraded));
    assert_eq!(claims["aal"], "aal2");
    assert_eq!(claims["amr"][0]["method"], "totp");
    assert_eq!(upgraded["user"]["factors"][0]["status"], "verified");
    // Refreshing keeps aal2.
    let (_, refreshed) = refresh(&app, upgraded["refresh_token"].as_str().unwrap()).await;
    assert_eq!(claims_of(token(&refreshed))["aal"], "aal2");

    // A new sign-in starts at aal1 and cannot remove the verified factor.
    let other = sign_in(&app, "mfa@example.com").await;
    assert_eq!(claims_of(token(&other))["aal"], "aal1");
    assert_eq!(other["user"]["factors"][0]["status"], "verified");
    let r = app
        .call(
            "DELETE",
            &format!("/auth/v1/factors/{factor}"),
            None,
            Some(token(&other)),
            None,
        )
        .await;
    assert_eq!(
        (r.status, r.json()["code"].clone()),
        (StatusCode::UNPROCESSABLE_ENTITY, json!("insufficient_aal"))
    );
    // Another user cannot see or touch it.
    let stranger = sign_up(&app, "stranger@example.com").await;
    let r = app
        .call(
            "POST",
            &format!("/auth/v1/factors/{factor}/challenge"),
            None,
            Some(token(&stranger)),
            None,
        )
        .await;
    assert_eq!(r.status, StatusCode::NOT_FOUND);
    let r = app
        .call(
            "DELETE",
            &format!("/auth/v1/factors/{factor}"),
            None,
            Some(token(&refreshed)),
            None,
        )
        .await;
    assert_eq!(r.status, StatusCode::OK);
    let user = app
        .call("GET", "/auth/v1/user", None, Some(token(&refreshed)), None)
        .await
        .json();
    assert_eq!(user["factors"], json!([]));
}

#[tokio::test]
async fn sign_in_and_sign_up_are_rate_limited_per_address_and_per_email() {
    let app = TestApp::with_auth(|a| {
        a.autoconfirm = true;
        a.rate_limits.sign_in = 3;
        a.rate_limits.sign_up = 2;
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

#[tokio::test]
async fn profile_updates_are_validated_and_only_ever_the_callers() {
    let app = autoconfirm().await;
    let a = sign_up(&app, "owner@example.com").await;
    let b = sign_up(&app, "other@example.com").await;
    let patch = |t: &str, body: Value| {
        let app = &app;
        let t = t.to_owned();
        async move {
            app.call("PATCH", "/api/v1/profile", Some(body), Some(&t), None)
                .await
        }
    };
    let r = patch(
        token(&a),
        json!({"theme": "dark", "avatar_url": "/media/avatars/a.png", "full_name": "Owner"}),
    )
    .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text());
    assert_eq!(r.json()["profile"]["theme"], "dark");
    for (body, field) in [
        (json!({"theme": "neon"}), "theme"),
        (json!({"full_name": "  "}), "full_name"),
        (json!({"avatar_url": "javascript:alert(1)"}), "avatar_url"),
    ] {
        let r = patch(token(&a), body).await;
        assert_eq!(r.status, StatusCode::BAD_REQUEST);
        assert!(r.json()["error"]["fields"].get(field).is_some(), "{field}");
    }
    let r = patch(token(&a), json!({"avatar_url": null})).await;
    assert_eq!(r.json()["profile"]["avatar_url"], Value::Null);
    let other = app
        .call("GET", "/api/v1/profile", None, Some(token(&b)), None)
        .await
        .json();
    assert_eq!(
        other["profile"]["theme"], "system",
        "one user's change never touches another's"
    );
    assert_eq!(
        app.get("/api/v1/profile").await.status,
        StatusCode::UNAUTHORIZED
    );
}

#[tokio::test]
async fn rotated_keys_keep_old_tokens_valid_and_sign_new_ones() {
    let app = autoconfirm().await;
    let s = sign_up(&app, "keys@example.com").await;
    let old_kid = bazaar_auth::jwt::kid_of(token(&s)).unwrap();
    let new = bazaar_auth::keys::SigningKey::generate();
    bazaar_db::accounts::rotate_key(&app.db, &new.kid, &new.private_pem, chrono::Utc::now())
        .await
        .unwrap();
    let ring = bazaar_api::auth::keys::KeyRing::load(&app.db, std::time::Duration::from_secs(3600))
        .await
        .unwrap();
    assert_eq!(ring.current().kid, new.kid, "the new key signs");
    let published = ring.published();
    assert!(
        published.contains_key(&old_kid) && published.contains_key(&new.kid),
        "both are published"
    );
    assert!(bazaar_auth::jwt::verify(token(&s), &published).is_ok());
    // A token signed by the new key is accepted by the running app, which reloads its keys.
    let claims: bazaar_auth::jwt::Claims = serde_json::from_value(claims_of(token(&s))).unwrap();
    let fresh = bazaar_auth::jwt::sign(&claims, &new);
    assert_eq!(
        app.call("GET", "/auth/v1/user", None, Some(&fresh), None)
            .await
            .status,
        StatusCode::OK
    );
    let jwks = app.get_ok("/auth/v1/.well-known/jwks.json").await;
    assert_eq!(jwks["keys"].as_array().unwrap().len(), 2);
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
    let unknown = app.get("/auth/v1/nothing-here").await;
    assert_eq!(
        (unknown.status, unknown.json()["code"].clone()),
        (StatusCode::NOT_FOUND, json!("not_found"))
    );
}
