//! Sessions and what rides on them: refresh rotation, sign-out scopes, access-token claims
//! and keys, role guards, TOTP factors and profiles; SQLite and (with TEST_DATABASE_URL)
//! PostgreSQL.

mod common;

use axum::http::StatusCode;
use axum::routing::get;
use bazaar_api::auth::{Admin, RequireRole, Vendor};
use common::TestApp;
use common::accounts::{autoconfirm, claims_of, refresh, sign_in, sign_up, token};
use serde_json::{Value, json};
use tower::ServiceExt;

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
