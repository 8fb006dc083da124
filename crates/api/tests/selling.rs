//! Selling on bazaar: applying, admins deciding (once, audited), the applicant's
//! notifications and emails, agreements, suspending and reinstating stores, commission
//! overrides, and that nobody reads another's application. SQLite and (with
//! TEST_DATABASE_URL) PostgreSQL.

mod common;

use axum::http::StatusCode;
use common::TestApp;
use common::jobs::Customer;
use common::shop::{admin, call, quick_customer, vendor};
use serde_json::{Value, json};
use uuid::Uuid;

fn application(slug: &str) -> Value {
    json!({
        "store_name": "Kasi Kicks",
        "store_slug": slug,
        "description": "Sneakers and streetwear from Soweto's own designers.",
        "category_focus": "Sneakers",
        "contact_phone": "082 555 1234",
        "company_registration": "2019/123456/07",
        "vat_number": null,
        "bank": {
            "bank_name": "Capitec Bank",
            "account_holder": "Kasi Kicks (Pty) Ltd",
            "account_number": "1234567890",
            "branch_code": "470010"
        },
        "agreement_version": 1
    })
}

async fn apply(app: &TestApp, who: &Customer, slug: &str) -> Value {
    let (status, body) = call(
        app,
        "POST",
        "/api/v1/vendor-applications",
        Some(application(slug)),
        who,
    )
    .await;
    assert_eq!(status, StatusCode::CREATED, "{body}");
    body
}

async fn decide(
    app: &TestApp,
    admin: &Customer,
    id: &str,
    decision: &str,
    message: Option<&str>,
) -> (StatusCode, Value) {
    call(
        app,
        "POST",
        &format!("/api/v1/admin/vendor-applications/{id}/decision"),
        Some(json!({ "decision": decision, "message": message })),
        admin,
    )
    .await
}

async fn audit_actions(app: &TestApp, subject: &str) -> Vec<String> {
    bazaar_db::on_db!(&app.db, pool => sqlx::query_scalar::<_, String>(
        "SELECT action FROM audit_log WHERE subject_id = $1 ORDER BY created_at, id")
        .bind(subject).fetch_all(pool).await.unwrap())
}

async fn role_of(app: &TestApp, user: Uuid) -> String {
    bazaar_db::accounts::profile(&app.db, user)
        .await
        .unwrap()
        .unwrap()
        .role
}

#[tokio::test]
async fn a_customer_applies_an_admin_approves_and_the_new_vendor_signs_the_agreement() {
    let app = TestApp::new().await;
    let thandi = quick_customer(&app, "thandi@example.co.za").await;
    let amahle = admin(&app, "amahle@bazaar.test").await;

    let (status, slug) = call(
        &app,
        "GET",
        "/api/v1/vendor-applications/slug-availability?slug=Kasi-Kicks",
        None,
        &thandi,
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(
        slug,
        json!({"slug": "kasi-kicks", "available": true, "message": null})
    );

    let submitted = apply(&app, &thandi, "kasi-kicks").await;
    assert_eq!(submitted["status"], "submitted");
    assert_eq!(submitted["contact_phone"], "+27825551234");
    // The account number is stored but only ever shown masked.
    assert_eq!(submitted["bank"]["account_number_masked"], "•••• 7890");
    assert!(!submitted.to_string().contains("1234567890"));
    let id = submitted["id"].as_str().unwrap().to_owned();

    // The open application holds its address for everyone else.
    let other = quick_customer(&app, "other@example.co.za").await;
    let (_, taken) = call(
        &app,
        "GET",
        "/api/v1/vendor-applications/slug-availability?slug=kasi-kicks",
        None,
        &other,
    )
    .await;
    assert_eq!(taken["available"], false);
    // And a second application by the same user waits for the first.
    let (status, body) = call(
        &app,
        "POST",
        "/api/v1/vendor-applications",
        Some(application("kasi-kicks-2")),
        &thandi,
    )
    .await;
    assert_eq!(status, StatusCode::CONFLICT);
    assert_eq!(body["error"]["code"], "application_open");

    let (status, queue) = call(
        &app,
        "GET",
        "/api/v1/admin/vendor-applications?status=submitted&q=KASI",
        None,
        &amahle,
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(queue["total"], 1);
    assert_eq!(
        queue["applications"][0]["applicant"]["email"],
        "thandi@example.co.za"
    );

    let (status, approved) = decide(&app, &amahle, &id, "approve", None).await;
    assert_eq!(status, StatusCode::OK, "{approved}");
    assert_eq!(approved["status"], "approved");
    let history: Vec<&str> = approved["history"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["status"].as_str().unwrap())
        .collect();
    assert_eq!(history, ["submitted", "approved"]);
    assert_eq!(role_of(&app, thandi.id).await, "vendor");
    assert_eq!(
        audit_actions(&app, &id).await,
        ["vendor_application.approve"]
    );

    // The store is open under the applicant, with the payout account kept masked.
    let (status, overview) = call(&app, "GET", "/api/v1/vendor/overview", None, &thandi).await;
    assert_eq!(status, StatusCode::OK, "{overview}");
    assert_eq!(overview["store"]["store_slug"], "kasi-kicks");
    assert_eq!(overview["store"]["status"], "approved");
    assert_eq!(overview["store"]["commission_rate_bps"], 1000);
    assert_eq!(
        overview["store"]["bank"]["account_number_masked"],
        "•••• 7890"
    );
    assert_eq!(overview["store"]["agreement"]["needs_acceptance"], true);
    assert_eq!(overview["todo"][0]["kind"], "accept_agreement");
    assert_eq!(
        app.get("/api/v1/stores/kasi-kicks").await.status,
        StatusCode::OK
    );

    let r = app
        .call(
            "POST",
            "/api/v1/vendor/agreements/1/accept",
            None,
            Some(&thandi.token),
            Some("196.25.1.9"),
        )
        .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text());
    assert_eq!(r.json()["accepted_from"], "196.25.1.9");
    let (_, overview) = call(&app, "GET", "/api/v1/vendor/overview", None, &thandi).await;
    assert_eq!(overview["store"]["agreement"]["needs_acceptance"], false);
    assert_eq!(overview["todo"], json!([]));

    // A vendor does not apply again.
    let (status, body) = call(
        &app,
        "POST",
        "/api/v1/vendor-applications",
        Some(application("second-store")),
        &thandi,
    )
    .await;
    assert_eq!(
        (status, body["error"]["code"].as_str()),
        (StatusCode::CONFLICT, Some("already_vendor"))
    );
}

#[tokio::test]
async fn the_applicant_hears_of_each_decision_by_notification_and_email() {
    let app = TestApp::new().await;
    let jobs = app.start_jobs();
    let thandi = quick_customer(&app, "thandi@example.co.za").await;
    let amahle = admin(&app, "amahle@bazaar.test").await;
    let id = apply(&app, &thandi, "kasi-kicks").await["id"]
        .as_str()
        .unwrap()
        .to_owned();

    let (status, _) = decide(
        &app,
        &amahle,
        &id,
        "reject",
        Some("Store name is a trademark"),
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    let notes = TestApp::eventually("the rejection notification", 30, || async {
        let (_, n) = call(&app, "GET", "/api/v1/notifications", None, &thandi).await;
        (n["notifications"].as_array().unwrap().len() == 1).then_some(n)
    })
    .await;
    let note = &notes["notifications"][0];
    assert_eq!(note["type"], "application_rejected");
    assert_eq!(note["order_id"], Value::Null);
    assert_eq!(note["link"], "/vendor/applications");
    assert!(
        note["message"]
            .as_str()
            .unwrap()
            .contains("Store name is a trademark")
    );
    let email = TestApp::eventually("the rejection email", 30, || async {
        app.outbox()
            .into_iter()
            .find(|m| m.contains("was not approved"))
    })
    .await;
    assert!(email.contains("thandi@example.co.za") && email.contains("Store name is a trademark"));

    // Rejected: the applicant sees why, edits and resubmits; the history keeps every move.
    let (_, mine) = call(&app, "GET", "/api/v1/vendor-applications", None, &thandi).await;
    assert_eq!(mine["applications"][0]["status"], "rejected");
    assert_eq!(
        mine["applications"][0]["decision_message"],
        "Store name is a trademark"
    );
    let mut edited = application("kasi-soles");
    edited["store_name"] = json!("Kasi Soles");
    let (status, resubmitted) = call(
        &app,
        "PUT",
        &format!("/api/v1/vendor-applications/{id}"),
        Some(edited.clone()),
        &thandi,
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{resubmitted}");
    assert_eq!(resubmitted["status"], "submitted");
    assert_eq!(resubmitted["store_name"], "Kasi Soles");
    assert_eq!(resubmitted["decision_message"], Value::Null);
    // Submitted again: not resubmittable until decided.
    let (status, body) = call(
        &app,
        "PUT",
        &format!("/api/v1/vendor-applications/{id}"),
        Some(edited),
        &thandi,
    )
    .await;
    assert_eq!(
        (status, body["error"]["code"].as_str()),
        (StatusCode::CONFLICT, Some("not_resubmittable"))
    );

    let (status, _) = decide(
        &app,
        &amahle,
        &id,
        "request_changes",
        Some("Add your VAT number"),
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    let (status, approved) = {
        let mut fixed = application("kasi-soles");
        fixed["vat_number"] = json!("4123456789");
        let (s, _) = call(
            &app,
            "PUT",
            &format!("/api/v1/vendor-applications/{id}"),
            Some(fixed),
            &thandi,
        )
        .await;
        assert_eq!(s, StatusCode::OK);
        decide(&app, &amahle, &id, "approve", None).await
    };
    assert_eq!(status, StatusCode::OK);
    let history: Vec<&str> = approved["history"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["status"].as_str().unwrap())
        .collect();
    assert_eq!(
        history,
        [
            "submitted",
            "rejected",
            "submitted",
            "changes_requested",
            "submitted",
            "approved"
        ]
    );
    TestApp::eventually("three notifications, newest the approval", 30, || async {
        let (_, n) = call(&app, "GET", "/api/v1/notifications", None, &thandi).await;
        let types: Vec<String> = n["notifications"]
            .as_array()
            .unwrap()
            .iter()
            .map(|x| x["type"].as_str().unwrap().to_owned())
            .collect();
        (types
            == [
                "application_approved",
                "application_changes_requested",
                "application_rejected",
            ])
        .then_some(())
    })
    .await;
    TestApp::eventually("the approval email", 30, || async {
        app.outbox().into_iter().find(|m| m.contains("is approved"))
    })
    .await;
    jobs.shutdown().await;
    assert_eq!(
        audit_actions(&app, &id).await,
        [
            "vendor_application.reject",
            "vendor_application.request_changes",
            "vendor_application.approve"
        ]
    );
}

#[tokio::test]
async fn bad_applications_get_field_errors_and_store_nothing() {
    let app = TestApp::seeded().await;
    let thandi = quick_customer(&app, "thandi@example.co.za").await;
    let bad = json!({
        "store_name": "K", "store_slug": "ovr--x", "description": "short", "category_focus": "",
        "contact_phone": "555", "company_registration": "12", "vat_number": "5",
        "bank": {"bank_name": "Bank of Narnia", "account_holder": "", "account_number": "12ab", "branch_code": "1"},
        "agreement_version": 7
    });
    let (status, body) = call(
        &app,
        "POST",
        "/api/v1/vendor-applications",
        Some(bad),
        &thandi,
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    let fields: Vec<&str> = body["error"]["fields"]
        .as_object()
        .unwrap()
        .keys()
        .map(String::as_str)
        .collect();
    assert_eq!(
        fields,
        [
            "agreement_version",
            "bank.account_holder",
            "bank.account_number",
            "bank.bank_name",
            "bank.branch_code",
            "category_focus",
            "company_registration",
            "contact_phone",
            "description",
            "store_name",
            "store_slug",
            "vat_number"
        ]
    );
    // A seeded store's address is taken.
    let (status, body) = call(
        &app,
        "POST",
        "/api/v1/vendor-applications",
        Some(application("ovr-official")),
        &thandi,
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(
        body["error"]["fields"]["store_slug"],
        "This store address is taken: choose another"
    );
    // A body that is not an application at all.
    let (status, _) = call(
        &app,
        "POST",
        "/api/v1/vendor-applications",
        Some(json!({"store_name": 3})),
        &thandi,
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    let (_, mine) = call(&app, "GET", "/api/v1/vendor-applications", None, &thandi).await;
    assert_eq!(mine["applications"], json!([]));
    // Guests are asked to sign in.
    assert_eq!(
        app.post("/api/v1/vendor-applications", application("kasi-kicks"))
            .await
            .status,
        StatusCode::UNAUTHORIZED
    );
}

#[tokio::test]
async fn nobody_reads_or_edits_another_users_application() {
    let app = TestApp::new().await;
    let thandi = quick_customer(&app, "thandi@example.co.za").await;
    let sipho = quick_customer(&app, "sipho@example.co.za").await;
    let amahle = admin(&app, "amahle@bazaar.test").await;
    let id = apply(&app, &thandi, "kasi-kicks").await["id"]
        .as_str()
        .unwrap()
        .to_owned();
    decide(&app, &amahle, &id, "reject", Some("Incomplete details")).await;
    let uri = format!("/api/v1/vendor-applications/{id}");
    assert_eq!(
        call(&app, "GET", &uri, None, &sipho).await.0,
        StatusCode::NOT_FOUND
    );
    assert_eq!(
        call(&app, "PUT", &uri, Some(application("sipho-store")), &sipho)
            .await
            .0,
        StatusCode::NOT_FOUND
    );
    assert_eq!(
        call(&app, "GET", &uri, None, &thandi).await.0,
        StatusCode::OK
    );
    let (_, list) = call(&app, "GET", "/api/v1/vendor-applications", None, &sipho).await;
    assert_eq!(list["applications"], json!([]));
    // Customers and vendors do not reach the admin queue.
    let seller = vendor(&app, "seller@example.co.za").await;
    for who in [&thandi, &seller] {
        assert_eq!(
            call(
                &app,
                "GET",
                &format!("/api/v1/admin/vendor-applications/{id}"),
                None,
                who
            )
            .await
            .0,
            StatusCode::FORBIDDEN
        );
    }
}

#[tokio::test]
async fn two_admins_deciding_at_once_give_one_decision_and_a_conflict() {
    let app = TestApp::new().await;
    let thandi = quick_customer(&app, "thandi@example.co.za").await;
    let (a, b) = (
        admin(&app, "a@bazaar.test").await,
        admin(&app, "b@bazaar.test").await,
    );
    let id = apply(&app, &thandi, "kasi-kicks").await["id"]
        .as_str()
        .unwrap()
        .to_owned();
    let (first, second) = tokio::join!(
        decide(&app, &a, &id, "approve", None),
        decide(&app, &b, &id, "reject", Some("Not a fit")),
    );
    let mut statuses = [first.0, second.0];
    statuses.sort();
    assert_eq!(
        statuses,
        [StatusCode::OK, StatusCode::CONFLICT],
        "{first:?} {second:?}"
    );
    let loser = if first.0 == StatusCode::CONFLICT {
        &first.1
    } else {
        &second.1
    };
    assert_eq!(loser["error"]["code"], "already_decided");
    // One decision on record: one history event after the submission, one audit entry, and
    // a store only if the approval won.
    let (_, got) = call(
        &app,
        "GET",
        &format!("/api/v1/admin/vendor-applications/{id}"),
        None,
        &a,
    )
    .await;
    assert_eq!(got["history"].as_array().unwrap().len(), 2);
    assert_eq!(audit_actions(&app, &id).await.len(), 1);
    let stores = bazaar_db::vendors::store_of_owner(&app.db, thandi.id)
        .await
        .unwrap();
    assert_eq!(stores.is_some(), got["status"] == "approved");
}

/// The first product (slug, id, name) of a seeded store, and the store's id.
async fn product_of(app: &TestApp, store: &str) -> (String, Uuid, String, Uuid) {
    bazaar_db::on_db!(&app.db, pool => sqlx::query_as::<_, (String, Uuid, String, Uuid)>(
        "SELECT p.slug, p.id, p.name, v.id FROM products p JOIN vendors v ON v.id = p.vendor_id \
         WHERE v.store_slug = $1 AND p.listed = TRUE AND p.has_variations = FALSE ORDER BY p.slug LIMIT 1")
        .bind(store).fetch_one(pool).await.unwrap())
}

#[tokio::test]
async fn a_suspended_store_leaves_listings_search_and_carts_until_reinstated() {
    let app = TestApp::seeded().await;
    let jobs = app.start_jobs();
    let amahle = admin(&app, "amahle@bazaar.test").await;
    let shopper = quick_customer(&app, "shopper@example.co.za").await;
    let (slug, product, name, store) = product_of(&app, "pwr-athletics").await;
    let (status, cart) = call(
        &app,
        "POST",
        "/api/v1/cart/items",
        Some(json!({"product_id": product, "quantity": 1})),
        &shopper,
    )
    .await;
    assert!(status.is_success(), "{cart}");

    let suspend = format!("/api/v1/admin/vendors/{store}/suspend");
    let (status, body) = call(&app, "POST", &suspend, Some(json!({"reason": ""})), &amahle).await;
    assert_eq!(
        (status, body["error"]["fields"]["reason"].is_string()),
        (StatusCode::BAD_REQUEST, true)
    );
    let (status, suspended) = call(
        &app,
        "POST",
        &suspend,
        Some(json!({"reason": "Counterfeit reports"})),
        &amahle,
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{suspended}");
    assert_eq!(suspended["status"], "suspended");
    assert_eq!(suspended["suspended_reason"], "Counterfeit reports");
    // At once: no product page, no store page, nothing buyable in the cart.
    assert_eq!(
        app.get(&format!("/api/v1/products/{slug}")).await.status,
        StatusCode::NOT_FOUND
    );
    assert_eq!(
        app.get("/api/v1/stores/pwr-athletics").await.status,
        StatusCode::NOT_FOUND
    );
    let listed = common::all_listed(&app, "&vendor=pwr-athletics").await;
    assert!(listed.iter().all(|p| p["slug"] != slug.as_str()));
    let (_, cart) = call(&app, "GET", "/api/v1/cart", None, &shopper).await;
    assert!(
        cart.to_string().contains(&slug),
        "the line stays, shown as unavailable: {cart}"
    );
    let (status, _) = call(
        &app,
        "POST",
        "/api/v1/cart/items",
        Some(json!({"product_id": product, "quantity": 1})),
        &shopper,
    )
    .await;
    assert!(!status.is_success());
    // And from search once the index job ran.
    let q = name
        .split_whitespace()
        .take(3)
        .collect::<Vec<_>>()
        .join("%20");
    TestApp::eventually(
        "the suspended store's product gone from search",
        30,
        || async {
            let r = app.get_ok(&format!("/api/v1/search?q={q}")).await;
            (!r.to_string().contains(&slug)).then_some(())
        },
    )
    .await;
    // Suspending twice is refused; reinstating lists everything again.
    assert_eq!(
        call(
            &app,
            "POST",
            &suspend,
            Some(json!({"reason": "Again"})),
            &amahle
        )
        .await
        .0,
        StatusCode::CONFLICT
    );
    let (status, back) = call(
        &app,
        "POST",
        &format!("/api/v1/admin/vendors/{store}/reinstate"),
        None,
        &amahle,
    )
    .await;
    assert_eq!(
        (status, back["status"].as_str()),
        (StatusCode::OK, Some("approved"))
    );
    assert_eq!(
        app.get(&format!("/api/v1/products/{slug}")).await.status,
        StatusCode::OK
    );
    TestApp::eventually(
        "the reinstated store's product back in search",
        30,
        || async {
            let r = app.get_ok(&format!("/api/v1/search?q={q}")).await;
            r.to_string().contains(&slug).then_some(())
        },
    )
    .await;
    jobs.shutdown().await;
    assert_eq!(
        audit_actions(&app, &store.to_string()).await,
        ["vendor.suspend", "vendor.reinstate"]
    );
}

#[tokio::test]
async fn commission_overrides_and_new_agreement_versions() {
    let app = TestApp::seeded().await;
    let amahle = admin(&app, "amahle@bazaar.test").await;
    let thandi = quick_customer(&app, "thandi@example.co.za").await;
    let id = apply(&app, &thandi, "kasi-kicks").await["id"]
        .as_str()
        .unwrap()
        .to_owned();
    let store = decide(&app, &amahle, &id, "approve", None).await.1["vendor_id"]
        .as_str()
        .unwrap()
        .to_owned();
    let uri = format!("/api/v1/admin/vendors/{store}/commission");

    let (status, body) = call(
        &app,
        "PUT",
        &uri,
        Some(json!({"commission_rate_bps": 9000})),
        &amahle,
    )
    .await;
    assert_eq!(
        (
            status,
            body["error"]["fields"]["commission_rate_bps"].is_string()
        ),
        (StatusCode::BAD_REQUEST, true)
    );
    let (status, v) = call(
        &app,
        "PUT",
        &uri,
        Some(json!({"commission_rate_bps": 750})),
        &amahle,
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(
        (
            v["commission_rate_bps"].as_i64(),
            v["effective_commission_bps"].as_i64()
        ),
        (Some(750), Some(750))
    );
    let (_, overview) = call(&app, "GET", "/api/v1/vendor/overview", None, &thandi).await;
    assert_eq!(overview["store"]["commission_rate_bps"], 750);
    let (_, v) = call(
        &app,
        "PUT",
        &uri,
        Some(json!({"commission_rate_bps": null})),
        &amahle,
    )
    .await;
    assert_eq!(
        (
            v["commission_rate_bps"].as_i64(),
            v["effective_commission_bps"].as_i64()
        ),
        (None, Some(1000))
    );
    assert_eq!(
        audit_actions(&app, &store).await,
        ["vendor.set_commission", "vendor.set_commission"]
    );

    // The vendor signs version 1; a new version needs signing again and the old one no longer can be.
    assert_eq!(
        call(
            &app,
            "POST",
            "/api/v1/vendor/agreements/1/accept",
            None,
            &thandi
        )
        .await
        .0,
        StatusCode::OK
    );
    let (status, v2) = call(
        &app,
        "POST",
        "/api/v1/admin/vendor-agreements",
        Some(json!({"title": "bazaar vendor agreement 2027", "commission_rate_bps": 1200,
                    "payout_schedule": "Weekly on Tuesdays", "terms": "New terms for 2027: payouts weekly, commission 12 %."})),
        &amahle,
    )
    .await;
    assert_eq!(status, StatusCode::CREATED, "{v2}");
    assert_eq!(v2["version"], 2);
    let (_, overview) = call(&app, "GET", "/api/v1/vendor/overview", None, &thandi).await;
    assert_eq!(
        overview["store"]["agreement"],
        json!({"current_version": 2, "accepted_version": 1, "needs_acceptance": true})
    );
    assert_eq!(overview["store"]["commission_rate_bps"], 1200);
    let (status, body) = call(
        &app,
        "POST",
        "/api/v1/vendor/agreements/1/accept",
        None,
        &thandi,
    )
    .await;
    assert_eq!(
        (status, body["error"]["code"].as_str()),
        (StatusCode::CONFLICT, Some("not_current"))
    );
    assert_eq!(
        call(
            &app,
            "POST",
            "/api/v1/vendor/agreements/9/accept",
            None,
            &thandi
        )
        .await
        .0,
        StatusCode::NOT_FOUND
    );
    assert_eq!(
        call(
            &app,
            "POST",
            "/api/v1/vendor/agreements/2/accept",
            None,
            &thandi
        )
        .await
        .0,
        StatusCode::OK
    );
    let (_, mine) = call(&app, "GET", "/api/v1/vendor/agreements", None, &thandi).await;
    let versions: Vec<i64> = mine["acceptances"]
        .as_array()
        .unwrap()
        .iter()
        .map(|a| a["version"].as_i64().unwrap())
        .collect();
    assert_eq!(versions, [2, 1]);
    // The public page shows the current terms.
    assert_eq!(
        app.get_ok("/api/v1/vendor-agreements/current").await["commission_rate_bps"],
        1200
    );
    // A vendor with no store is told so, not shown someone else's.
    let storeless = vendor(&app, "storeless@example.co.za").await;
    assert_eq!(
        call(&app, "GET", "/api/v1/vendor/overview", None, &storeless)
            .await
            .0,
        StatusCode::NOT_FOUND
    );
}

#[tokio::test]
async fn a_vendor_customises_their_store_page_and_customers_see_it() {
    let app = TestApp::seeded().await;
    let amahle = admin(&app, "amahle@bazaar.test").await;
    let thandi = quick_customer(&app, "thandi@example.co.za").await;
    let id = apply(&app, &thandi, "kasi-kicks").await["id"]
        .as_str()
        .unwrap()
        .to_owned();
    decide(&app, &amahle, &id, "approve", None).await;

    let (status, mine) = call(&app, "GET", "/api/v1/vendor/store", None, &thandi).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(
        (mine["store_slug"].as_str(), mine["store_name"].as_str()),
        (Some("kasi-kicks"), Some("Kasi Kicks"))
    );

    let page = json!({
        "store_name": "Kasi Kicks SA",
        "store_description": "Sneakers from Soweto.",
        "store_logo_url": "/media/vendors/kasi/logo.webp",
        "store_banner_url": null,
        "accent_color": "#0F766E",
        "standard_delivery_min_days": 2,
        "standard_delivery_max_days": 4,
        "return_policy": "Unworn shoes back within 14 days.",
        "social_links": {"instagram": "https://instagram.com/kasikicks", "x": ""}
    });
    let (status, saved) = call(
        &app,
        "PUT",
        "/api/v1/vendor/store",
        Some(page.clone()),
        &thandi,
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{saved}");
    assert_eq!(saved["accent_color"], "#0f766e");
    assert_eq!(
        saved["social_links"],
        json!({"instagram": "https://instagram.com/kasikicks"})
    );

    let public = app.get_ok("/api/v1/stores/kasi-kicks").await["store"].clone();
    assert_eq!(public["store_name"], "Kasi Kicks SA");
    assert_eq!(public["store_logo_url"], "/media/vendors/kasi/logo.webp");
    assert_eq!(public["return_policy"], "Unworn shoes back within 14 days.");
    assert_eq!(public["standard_delivery_max_days"], 4);
    assert_eq!(
        public["social_links"]["instagram"],
        "https://instagram.com/kasikicks"
    );

    let mut bad = page;
    bad["store_logo_url"] = json!("https://elsewhere.example/logo.png");
    bad["standard_delivery_min_days"] = json!(9);
    bad["social_links"] = json!({"website": "javascript:alert(1)"});
    let (status, body) = call(&app, "PUT", "/api/v1/vendor/store", Some(bad), &thandi).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    let fields: Vec<&str> = body["error"]["fields"]
        .as_object()
        .unwrap()
        .keys()
        .map(String::as_str)
        .collect();
    assert_eq!(
        fields,
        [
            "social_links.website",
            "standard_delivery_max_days",
            "store_logo_url"
        ]
    );
    assert_eq!(
        app.get_ok("/api/v1/stores/kasi-kicks").await["store"]["standard_delivery_min_days"],
        2
    );

    // Another vendor edits only their own store; a customer has no store page to edit.
    let (_, theirs) = call(
        &app,
        "GET",
        "/api/v1/vendor/store",
        None,
        &vendor(&app, "other@example.co.za").await,
    )
    .await;
    assert_eq!(theirs["error"]["code"], "not_found");
    assert_eq!(
        call(
            &app,
            "GET",
            "/api/v1/vendor/store",
            None,
            &quick_customer(&app, "c@example.co.za").await
        )
        .await
        .0,
        StatusCode::FORBIDDEN
    );
}

#[tokio::test]
async fn the_dashboard_counts_a_seeded_stores_drafts_and_sales_figures() {
    let app = TestApp::seeded().await;
    let seller = vendor(&app, "vusi@example.co.za").await;
    let mut tx = app.db.begin().await.unwrap();
    let store = bazaar_db::vendors::id_by_slug(&mut tx, "ovr-official")
        .await
        .unwrap()
        .unwrap();
    bazaar_db::vendors::set_owner(&mut tx, store, seller.id)
        .await
        .unwrap();
    tx.commit().await.unwrap();
    let drafts: i64 = bazaar_db::on_db!(&app.db, pool => sqlx::query_scalar(
        "SELECT COUNT(*) FROM products WHERE vendor_id = $1 AND status = 'draft'")
        .bind(store).fetch_one(pool).await.unwrap());
    assert!(drafts > 0, "the seed has a draft for OVR Official");
    let (status, overview) = call(&app, "GET", "/api/v1/vendor/overview", None, &seller).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(overview["figures"]["products_draft"], drafts);
    let todo = overview["todo"]
        .as_array()
        .unwrap()
        .iter()
        .find(|t| t["kind"] == "draft_products")
        .unwrap()
        .clone();
    let expected = if drafts == 1 {
        "1 product is a draft".to_owned()
    } else {
        format!("{drafts} products are drafts")
    };
    assert_eq!(todo["title"], expected);
    assert_eq!(todo["href"], "/vendor/products?status=draft");
}
