//! Users: suspension that signs out at once, roles, points, second factors, confirmation
//! emails, the last admin, and the list's role filter and search.

use super::*;

#[tokio::test]
async fn a_suspended_user_is_signed_out_at_once_and_refused_until_reinstated() {
    let app = shop().await;
    let boss = admin(&app, "boss@example.co.za").await;
    sign_up(&app, "thandi@example.co.za").await;
    let session = sign_in(&app, "thandi@example.co.za").await;
    let thandi = as_customer(&session);
    assert_eq!(
        get(&app, "/api/v1/profile", &thandi).await["profile"]["id"],
        thandi.id.to_string()
    );

    let list = get(&app, "/api/v1/admin/users?q=THANDI@example", &boss).await;
    assert_eq!(list["total"]["count"], 1, "{list}");
    let user = &list["users"][0];
    assert_eq!(user["role"], "customer");
    assert_eq!(user["suspended"], false);
    let version = user["version"].as_i64().unwrap();
    let uri = format!("/api/v1/admin/users/{}", thandi.id);

    // A reason is required; a stale version is refused.
    refused(
        &app,
        &format!("{uri}/suspend"),
        json!({"reason": "", "version": version}),
        &boss,
        StatusCode::BAD_REQUEST,
    )
    .await;
    let body = refused(
        &app,
        &format!("{uri}/suspend"),
        json!({"reason": "Chargeback fraud", "version": version - 1}),
        &boss,
        StatusCode::CONFLICT,
    )
    .await;
    assert_eq!(body["error"]["code"], "stale");

    let (status, body) = post(
        &app,
        &format!("{uri}/suspend"),
        json!({"reason": "Chargeback fraud", "version": version}),
        &boss,
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["user"]["suspended"], true);
    assert_eq!(body["user"]["suspended_reason"], "Chargeback fraud");
    assert!(body["sessions"].as_array().unwrap().is_empty(), "{body}");
    assert_eq!(body["audit"][0]["action"], "user.suspend");

    // Signed out at once: the token, the refresh token and a new sign-in are all refused.
    let (status, _) = call(&app, "GET", "/api/v1/profile", None, &thandi).await;
    assert!(
        status == StatusCode::UNAUTHORIZED || status == StatusCode::FORBIDDEN,
        "{status}"
    );
    let (status, _) = refresh(&app, session["refresh_token"].as_str().unwrap()).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    let r = app
        .post(
            "/auth/v1/token?grant_type=password",
            json!({"email": "thandi@example.co.za", "password": PASSWORD}),
        )
        .await;
    assert_eq!(r.status, StatusCode::FORBIDDEN, "{}", r.text());
    assert_eq!(r.json()["code"], "user_banned");
    assert_eq!(
        r.json()["msg"],
        bazaar_domain::admin::SUSPENDED_MESSAGE,
        "{}",
        r.text()
    );

    // The log holds who did it, why, and the standing before and after.
    let entries = audited(&app, &boss, "user.suspend").await;
    assert_eq!(entries.len(), 1);
    assert_eq!(entries[0]["actor_email"], "boss@example.co.za");
    assert_eq!(entries[0]["subject_id"], thandi.id.to_string());
    assert_eq!(entries[0]["details"]["reason"], "Chargeback fraud");
    assert_eq!(entries[0]["details"]["before"]["suspended"], false);
    assert_eq!(entries[0]["details"]["after"]["suspended"], true);
    let suspended = get(&app, "/api/v1/admin/users?standing=suspended", &boss).await;
    assert_eq!(suspended["total"]["count"], 1);

    // Reinstated, they sign in again.
    let version = body["user"]["version"].as_i64().unwrap();
    let (status, body) = post(
        &app,
        &format!("{uri}/reinstate"),
        json!({"version": version}),
        &boss,
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["user"]["suspended"], false);
    sign_in(&app, "thandi@example.co.za").await;
    assert_eq!(audited(&app, &boss, "user.reinstate").await.len(), 1);
}

#[tokio::test]
async fn roles_points_factors_and_confirmations_by_admins() {
    let app = shop().await;
    let boss = admin(&app, "boss@example.co.za").await;
    let buyer = quick_customer(&app, "sipho@example.co.za").await;
    let uri = format!("/api/v1/admin/users/{}", buyer.id);
    let detail = get(&app, &uri, &boss).await;
    let version = detail["user"]["version"].as_i64().unwrap();

    // A role change: customer to vendor, audited with before and after.
    let (status, body) = call(
        &app,
        "PUT",
        &format!("{uri}/role"),
        Some(json!({"role": "vendor", "version": version})),
        &boss,
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["user"]["role"], "vendor");
    let (status, body) = call(
        &app,
        "PUT",
        &format!("{uri}/role"),
        Some(json!({"role": "overlord", "version": version + 1})),
        &boss,
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
    let entry = &audited(&app, &boss, "user.set_role").await[0];
    assert_eq!(entry["details"]["before"]["role"], "customer");
    assert_eq!(entry["details"]["after"]["role"], "vendor");

    // Points: added with a reason the customer sees; never taken below zero.
    let (status, body) = post(
        &app,
        &format!("{uri}/points"),
        json!({"points": 50, "reason": "Sorry for the late parcel"}),
        &boss,
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["user"]["points_balance"], 50);
    let body = refused(
        &app,
        &format!("{uri}/points"),
        json!({"points": -100, "reason": "Taken back"}),
        &boss,
        StatusCode::CONFLICT,
    )
    .await;
    assert_eq!(body["error"]["code"], "insufficient_points");
    refused(
        &app,
        &format!("{uri}/points"),
        json!({"points": 0, "reason": "Nothing"}),
        &boss,
        StatusCode::BAD_REQUEST,
    )
    .await;
    let mine = get(&app, "/api/v1/points/transactions", &buyer).await;
    assert!(
        mine.to_string().contains("Sorry for the late parcel"),
        "{mine}"
    );
    let entry = &audited(&app, &boss, "user.adjust_points").await[0];
    assert_eq!(entry["details"]["before"]["balance"], 0);
    assert_eq!(entry["details"]["after"]["balance"], 50);

    // A lost second factor: none to reset, then one reset (sessions end with it).
    refused(
        &app,
        &format!("{uri}/reset-factors"),
        json!({"reason": "Lost phone"}),
        &boss,
        StatusCode::CONFLICT,
    )
    .await;
    let now = chrono::Utc::now();
    let mut tx = app.db.begin().await.unwrap();
    let factor = bazaar_db::accounts::create_factor(&mut tx, buyer.id, "Phone", "SECRET", now)
        .await
        .unwrap();
    bazaar_db::accounts::verify_factor(&mut tx, factor, now)
        .await
        .unwrap();
    tx.commit().await.unwrap();
    assert_eq!(get(&app, &uri, &boss).await["factors"], 1);
    let (status, body) = post(
        &app,
        &format!("{uri}/reset-factors"),
        json!({"reason": "Lost phone, identity checked by support"}),
        &boss,
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["factors"], 0);
    assert_eq!(
        audited(&app, &boss, "user.reset_factors").await[0]["details"]["reason"],
        "Lost phone, identity checked by support"
    );

    // Confirmation: refused for a confirmed address, sent for an unconfirmed one.
    refused(
        &app,
        &format!("{uri}/resend-confirmation"),
        json!({}),
        &boss,
        StatusCode::CONFLICT,
    )
    .await;
    let mut tx = app.db.begin().await.unwrap();
    let unconfirmed = bazaar_db::accounts::create_user(
        &mut tx,
        &bazaar_db::accounts::NewUser {
            email: "lerato@example.co.za".into(),
            password_hash: None,
            full_name: "Lerato".into(),
            user_metadata: json!({"full_name": "Lerato"}),
            app_metadata: json!({}),
            role: "customer".into(),
            confirmed: false,
            confirmation_token_hash: None,
        },
        now,
    )
    .await
    .unwrap();
    tx.commit().await.unwrap();
    let before = app.outbox().len();
    let (status, body) = post(
        &app,
        &format!("/api/v1/admin/users/{unconfirmed}/resend-confirmation"),
        json!({}),
        &boss,
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let mail = app.outbox();
    assert_eq!(mail.len(), before + 1);
    assert!(mail.iter().any(|m| m.contains("lerato@example.co.za")));
    assert_eq!(
        audited(&app, &boss, "user.resend_confirmation").await.len(),
        1
    );

    // Nobody is found for another's made-up id.
    let (status, _) = call(
        &app,
        "GET",
        &format!("/api/v1/admin/users/{}", Uuid::now_v7()),
        None,
        &boss,
    )
    .await;
    assert_eq!(status, StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn the_last_active_admin_stays() {
    let app = TestApp::seeded().await;
    // The seed has its own admin: suspend it first so `boss` is the only active one.
    let boss = admin(&app, "boss@example.co.za").await;
    let others = get(&app, "/api/v1/admin/users?role=admin", &boss).await;
    for other in others["users"].as_array().unwrap() {
        if other["email"] == "boss@example.co.za" {
            continue;
        }
        let (status, body) = post(
            &app,
            &format!(
                "/api/v1/admin/users/{}/suspend",
                other["id"].as_str().unwrap()
            ),
            json!({"reason": "Left the company", "version": other["version"]}),
            &boss,
        )
        .await;
        assert_eq!(status, StatusCode::OK, "{body}");
    }
    let me = get(&app, &format!("/api/v1/admin/users/{}", boss.id), &boss).await;
    let version = me["user"]["version"].as_i64().unwrap();
    let (status, body) = call(
        &app,
        "PUT",
        &format!("/api/v1/admin/users/{}/role", boss.id),
        Some(json!({"role": "customer", "version": version})),
        &boss,
    )
    .await;
    assert_eq!(status, StatusCode::CONFLICT, "{body}");
    assert_eq!(body["error"]["code"], "last_admin");
    let body = refused(
        &app,
        &format!("/api/v1/admin/users/{}/suspend", boss.id),
        json!({"reason": "Oops", "version": version}),
        &boss,
        StatusCode::CONFLICT,
    )
    .await;
    assert_eq!(body["error"]["code"], "self");

    // With a second admin, the first may step down.
    let deputy = admin(&app, "deputy@example.co.za").await;
    let (status, body) = call(
        &app,
        "PUT",
        &format!("/api/v1/admin/users/{}/role", boss.id),
        Some(json!({"role": "customer", "version": version})),
        &deputy,
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let (status, _) = call(&app, "GET", "/api/v1/admin/users", None, &boss).await;
    assert_eq!(status, StatusCode::FORBIDDEN, "no longer an admin");
}

#[tokio::test]
async fn users_are_listed_by_role_and_found_by_name_or_email() {
    let app = TestApp::seeded().await;
    let boss = admin(&app, "boss@example.co.za").await;
    common::shop::vendor(&app, "kasi@example.co.za").await;
    // Both are named "Thandi Nkosi" at sign-up; one has it in the email too.
    sign_up(&app, "mpho@example.co.za").await;
    sign_up(&app, "thandi@example.co.za").await;
    let emails = |list: &Value| -> Vec<String> {
        let mut found: Vec<String> = list["users"]
            .as_array()
            .unwrap()
            .iter()
            .map(|u| u["email"].as_str().unwrap().to_owned())
            .collect();
        found.sort();
        found
    };
    let vendors = get(&app, "/api/v1/admin/users?role=vendor", &boss).await;
    assert_eq!(emails(&vendors), vec!["kasi@example.co.za"], "{vendors}");
    let customers = get(&app, "/api/v1/admin/users?role=customer", &boss).await;
    assert_eq!(
        emails(&customers),
        vec!["mpho@example.co.za", "thandi@example.co.za"],
        "{customers}"
    );
    let admins = get(&app, "/api/v1/admin/users?role=admin", &boss).await;
    assert_eq!(emails(&admins), vec!["boss@example.co.za"], "{admins}");

    // A name (any case) or part of an email; a user matching both counts once.
    let thandi = get(&app, "/api/v1/admin/users?q=tHANDI", &boss).await;
    assert_eq!(
        emails(&thandi),
        vec!["mpho@example.co.za", "thandi@example.co.za"],
        "{thandi}"
    );
    assert_eq!(thandi["total"]["count"], 2);
    // Paged one by one, the total stays, past the last match too.
    for (page, shown) in [(1, 1), (2, 1), (3, 0)] {
        let one = get(
            &app,
            &format!("/api/v1/admin/users?q=thandi&per_page=1&page={page}"),
            &boss,
        )
        .await;
        assert_eq!(emails(&one).len(), shown, "{one}");
        assert_eq!(one["total"]["count"], 2, "{one}");
    }
    let mpho = get(&app, "/api/v1/admin/users?q=MPHO@", &boss).await;
    assert_eq!(emails(&mpho), vec!["mpho@example.co.za"], "{mpho}");
    assert_eq!(mpho["total"]["count"], 1);
    let nobody = get(&app, "/api/v1/admin/users?q=nobody-by-this-name", &boss).await;
    assert_eq!(nobody["total"]["count"], 0, "{nobody}");
}
