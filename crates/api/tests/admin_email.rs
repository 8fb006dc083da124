//! Email as admins run it. Where it goes: an SMTP server set in the settings (a real one,
//! aiosmtpd) carries the next email of every kind, its password sealed and never answered,
//! with a test email. The wording: every email listed with its variables, edits checked with
//! each problem's line, previewed with sample data, saved (audited, a stale save refused) and
//! reset; and the next email of that kind uses the saved wording. SQLite and (with
//! TEST_DATABASE_URL) PostgreSQL.

mod common;

use std::sync::Arc;

use axum::http::StatusCode;
use bazaar_commerce::secrets::SecretKey;
use bazaar_testkit::smtp::SmtpSink;
use common::TestApp;
use common::jobs::Customer;
use common::shop::{self, add_to_cart, admin, call, quick_customer};
use serde_json::{Value, json};
use uuid::Uuid;

const CONFIRMED: &str = "/api/v1/admin/email-templates/order_confirmed";

fn edited(subject: &str, text: &str, html: &str, updated_at: Value) -> Value {
    json!({ "subject": subject, "text": text, "html": html, "updated_at": updated_at })
}

#[tokio::test]
async fn email_templates_are_checked_previewed_saved_audited_and_reset() {
    let app = shop::shop().await;
    let boss = admin(&app, "boss@example.co.za").await;

    let (status, list) = call(&app, "GET", "/api/v1/admin/email-templates", None, &boss).await;
    assert_eq!(status, StatusCode::OK, "{list}");
    let list = list.as_array().unwrap();
    assert_eq!(list.len(), 13);
    assert_eq!(
        (list[0]["key"].clone(), list[0]["title"].clone()),
        (json!("order_confirmed"), json!("Order confirmed"))
    );
    assert!(list.iter().all(|t| t["updated_at"].is_null()));

    let (_, shown) = call(&app, "GET", CONFIRMED, None, &boss).await;
    assert_eq!(
        shown["subject"],
        "Your bazaar order {{ order_number }} is confirmed"
    );
    assert!(shown["html"].as_str().unwrap().contains("{{ order_url }}"));
    assert!(shown["updated_at"].is_null());
    let names: Vec<&str> = shown["variables"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v["name"].as_str().unwrap())
        .collect();
    assert!(
        names.starts_with(&["customer_name", "order_number", "order_url", "total"]),
        "{names:?}"
    );
    let (status, _) = call(
        &app,
        "GET",
        "/api/v1/admin/email-templates/newsletter",
        None,
        &boss,
    )
    .await;
    assert_eq!(status, StatusCode::NOT_FOUND);

    // The preview fills in the samples; only the HTML part is escaped.
    let (status, preview) = call(
        &app,
        "POST",
        &format!("{CONFIRMED}/preview"),
        Some(edited(
            "Order {{ order_number }} from {{ vendor_name }}",
            "Hi {{ customer_name }},\nyour {{ total }} order is in.",
            "<p>{{ vendor_name }}</p>",
            Value::Null,
        )),
        &boss,
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{preview}");
    assert_eq!(preview["subject"], "Order BZ-1042 from Kasi Kicks & Co");
    assert_eq!(preview["text"], "Hi Thandi,\nyour R1,234.50 order is in.");
    assert_eq!(preview["html"], "<p>Kasi Kicks &amp; Co</p>");

    // Each problem is under its part, with its line.
    let (status, refused) = call(
        &app,
        "PUT",
        CONFIRMED,
        Some(edited(
            " ",
            "Hi {{ customer_name }},\nyour order {{ ordr_number }} is in.",
            "<p>\n{% if total %}\n{{ total }}</p>",
            Value::Null,
        )),
        &boss,
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{refused}");
    let fields = &refused["error"]["fields"];
    assert_eq!(fields["subject"], "Enter the subject");
    assert_eq!(
        fields["text"],
        "Line 2: `ordr_number` is not given to this email (it has customer_name, order_number, \
         order_url, total, message, vendor_name, courier, tracking_number, tracking_url)"
    );
    let html = fields["html"].as_str().unwrap();
    assert!(html.starts_with("Line 3: syntax error"), "{html}");
    let (_, still) = call(&app, "GET", CONFIRMED, None, &boss).await;
    assert!(still["updated_at"].is_null(), "nothing was saved");

    // Saved: the email's own wording, with its version.
    let (status, saved) = call(
        &app,
        "PUT",
        CONFIRMED,
        Some(edited(
            "Order {{ order_number }} is in",
            "Thanks, {{ customer_name }}.",
            "",
            Value::Null,
        )),
        &boss,
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{saved}");
    assert_eq!(saved["html"], "", "a plain-text email");
    let version = saved["updated_at"].clone();
    assert!(version.is_string());
    let (_, list) = call(&app, "GET", "/api/v1/admin/email-templates", None, &boss).await;
    assert_eq!(list[0]["updated_at"], version);

    // A save made from the default, after someone else's save, is refused.
    let (status, stale) = call(
        &app,
        "PUT",
        CONFIRMED,
        Some(edited("Mine {{ order_number }}", "Mine.", "", Value::Null)),
        &boss,
    )
    .await;
    assert_eq!(status, StatusCode::CONFLICT, "{stale}");
    assert_eq!(stale["error"]["code"], "template_changed");
    let (status, again) = call(
        &app,
        "PUT",
        CONFIRMED,
        Some(edited(
            "Order {{ order_number }} is confirmed",
            "Thanks, {{ customer_name }}.",
            "",
            version.clone(),
        )),
        &boss,
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{again}");
    assert_ne!(again["updated_at"], version);

    // Reset: the default is back.
    let (status, reset) = call(&app, "DELETE", CONFIRMED, None, &boss).await;
    assert_eq!(status, StatusCode::OK, "{reset}");
    assert_eq!(reset["subject"], shown["subject"]);
    assert!(reset["updated_at"].is_null());

    let (log, actions) = shop::audit_of(&app, &boss, "email_template").await;
    assert_eq!(
        actions,
        [
            "email_template.reset",
            "email_template.update",
            "email_template.update"
        ],
        "{log}"
    );
    let first = &log["entries"][2]["details"];
    assert_eq!(
        (
            first["before"]["custom"].clone(),
            first["after"]["subject"].clone()
        ),
        (json!(false), json!("Order {{ order_number }} is in"))
    );
}

#[tokio::test]
async fn the_next_order_confirmation_uses_the_edited_email() {
    let app = shop::shop().await;
    let boss = admin(&app, "boss@example.co.za").await;
    let buyer = quick_customer(&app, "lerato@example.co.za").await;
    let (status, saved) = call(
        &app,
        "PUT",
        CONFIRMED,
        Some(edited(
            "Siyabonga! Order {{ order_number }} is confirmed",
            "Dear {{ customer_name }}, we have your {{ total }} order.",
            "<p>Dear {{ customer_name }}, order {{ order_number }}.</p>",
            Value::Null,
        )),
        &boss,
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{saved}");

    let cap: Uuid = shop::product(&app, "ovr-performance-cap").await["id"]
        .as_str()
        .unwrap()
        .parse()
        .unwrap();
    assert_eq!(add_to_cart(&app, &buyer, cap, 1).await.status, 200);
    let order = shop::place(&app, &buyer, json!({})).await;
    let number = order["order_number"].as_str().unwrap().to_owned();
    let jobs = app.start_jobs();
    shop::paid(&app, order["id"].as_str().unwrap()).await;
    let mail = TestApp::eventually("the confirmation email", 30, || async {
        app.outbox().into_iter().find(|m| m.contains("Siyabonga!"))
    })
    .await;
    jobs.shutdown().await;
    assert!(
        mail.contains(&format!("Subject: Siyabonga! Order {number} is confirmed")),
        "{mail}"
    );
    assert!(mail.contains("we have your R"), "{mail}");
    assert!(mail.contains("<p>Dear "), "{mail}");
}

const EMAIL: &str = "/api/v1/admin/settings/email";
const TEST: &str = "/api/v1/admin/settings/email/test";
const KEY: &str = "MDEyMzQ1Njc4OWFiY2RlZjAxMjM0NTY3ODlhYmNkZWY=";
const USER: &str = "mailer@mzansi.co.za";
const PASSWORD: &str = "p@ss w0rd/é";

/// Sends a test email to `to` with the saved settings.
async fn send_test(app: &TestApp, boss: &Customer, to: &str) -> (StatusCode, Value) {
    call(app, "POST", TEST, Some(json!({ "to": to })), boss).await
}

/// Saves the email settings.
async fn save_email(app: &TestApp, boss: &Customer, settings: Value) -> (StatusCode, Value) {
    call(app, "PUT", EMAIL, Some(settings), boss).await
}

fn smtp(port: u16, password: Option<&str>) -> Value {
    json!({
        "delivery": "smtp",
        "host": "127.0.0.1",
        "port": port,
        "security": "none",
        "username": USER,
        "password": password,
        "from_name": "Mzansi Market",
        "from_address": "Orders@Mzansi.co.za"
    })
}

#[tokio::test]
async fn email_goes_through_the_smtp_server_an_admin_sets_its_password_sealed() {
    let sink = SmtpSink::start(Some((USER, PASSWORD)));
    let app = TestApp::with_auth(|auth| {
        auth.secret_key = Some(Arc::new(SecretKey::parse(KEY).unwrap()));
    })
    .await;
    let boss = admin(&app, "boss@example.co.za").await;

    // As the server was started: the outbox.
    let (status, shown) = call(&app, "GET", EMAIL, None, &boss).await;
    assert_eq!(status, StatusCode::OK, "{shown}");
    assert_eq!(
        (
            shown["delivery"].clone(),
            shown["password_set"].clone(),
            shown["secrets_available"].clone()
        ),
        (json!("server"), json!(false), json!(true))
    );
    assert!(
        shown["started_with"]
            .as_str()
            .unwrap()
            .starts_with("outbox "),
        "{shown}"
    );
    let (status, sent) = send_test(&app, &boss, "boss@example.co.za").await;
    assert_eq!(status, StatusCode::OK, "{sent}");
    assert!(app.outbox()[0].contains("Subject: Test email from bazaar"));
    let (status, refused) = send_test(&app, &boss, "nobody").await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(
        refused["error"]["fields"]["to"],
        "Enter the address to send the test email to"
    );

    // Every problem at once, nothing saved.
    let (status, refused) = call(
        &app,
        "PUT",
        EMAIL,
        Some(json!({
            "delivery": "smtp", "host": "", "port": 0, "security": "ssl", "username": "u",
            "from_name": "", "from_address": "x"
        })),
        &boss,
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{refused}");
    let fields: Vec<&String> = refused["error"]["fields"]
        .as_object()
        .unwrap()
        .keys()
        .collect();
    assert_eq!(
        fields,
        [
            "from_address",
            "from_name",
            "host",
            "password",
            "port",
            "security"
        ]
    );

    // Saved: the password is kept sealed and never answered.
    let (status, saved) = save_email(&app, &boss, smtp(sink.port, Some(PASSWORD))).await;
    assert_eq!(status, StatusCode::OK, "{saved}");
    assert_eq!(saved["password_set"], true);
    assert_eq!(saved["from_address"], "orders@mzansi.co.za");
    assert!(saved.get("password").is_none() && !saved.to_string().contains("p@ss"));
    let stored = bazaar_db::settings::system(&app.db, "email_settings")
        .await
        .unwrap()
        .unwrap();
    let sealed = stored["password"].as_str().unwrap();
    assert!(
        sealed.starts_with("v1:") && !stored.to_string().contains("p@ss"),
        "{stored}"
    );

    // The test email and the next auth email go through the SMTP server.
    let (status, sent) = send_test(&app, &boss, "boss@example.co.za").await;
    assert_eq!(status, StatusCode::OK, "{sent}");
    assert_eq!(sent["through"], format!("smtp 127.0.0.1:{}", sink.port));
    let reply = app
        .call(
            "POST",
            "/auth/v1/recover",
            Some(json!({ "email": "boss@example.co.za" })),
            None,
            None,
        )
        .await;
    assert_eq!(reply.status, 200, "{}", reply.text());
    let received = sink.wait_for(2);
    assert_eq!(received.len(), 2, "{received:?}");
    assert_eq!(received[0]["login"], USER);
    assert_eq!(received[0]["from"], "Mzansi Market <orders@mzansi.co.za>");
    assert_eq!(received[0]["subject"], "Test email from bazaar");
    assert_eq!(received[1]["rcpt_tos"], json!(["boss@example.co.za"]));
    assert_eq!(app.outbox().len(), 1, "nothing more in the outbox");

    // A change without a password keeps it; a wrong one fails the test email with the
    // server's reason and not the password.
    let (_, kept) = save_email(&app, &boss, smtp(sink.port, None)).await;
    assert_eq!(kept["password_set"], true);
    let (_, _) = save_email(&app, &boss, smtp(sink.port, Some("not-the-password"))).await;
    let (status, failed) = send_test(&app, &boss, "boss@example.co.za").await;
    assert_eq!(status, StatusCode::BAD_GATEWAY, "{failed}");
    assert_eq!(failed["error"]["code"], "mail_failed");
    assert!(!failed.to_string().contains("not-the-password"), "{failed}");

    let (log, actions) = shop::audit_of(&app, &boss, "settings").await;
    let entries = log["entries"].as_array().unwrap();
    assert_eq!(
        actions,
        [
            "settings.email_test",
            "settings.email",
            "settings.email",
            "settings.email_test",
            "settings.email",
            "settings.email_test",
        ],
        "{log}"
    );
    assert_eq!(entries[0]["details"]["sent"], false);
    assert_eq!(entries[2]["details"]["password_changed"], false);
    assert_eq!(entries[4]["details"]["after"]["password_set"], true);
    assert!(!log.to_string().contains("p@ss") && !log.to_string().contains("not-the-password"));
}

#[tokio::test]
async fn a_password_is_refused_without_a_secret_key() {
    let app = shop::shop().await;
    let boss = admin(&app, "boss@example.co.za").await;
    let (_, shown) = call(&app, "GET", EMAIL, None, &boss).await;
    assert_eq!(shown["secrets_available"], false);
    let (status, refused) = save_email(&app, &boss, smtp(2525, Some(PASSWORD))).await;
    assert_eq!(status, StatusCode::CONFLICT, "{refused}");
    assert_eq!(refused["error"]["code"], "secret_key_missing");
    let (_, still) = call(&app, "GET", EMAIL, None, &boss).await;
    assert_eq!(still["delivery"], "server", "nothing saved");
}
