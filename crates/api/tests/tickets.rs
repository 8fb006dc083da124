//! Support tickets: the contact form opens one (signed in or not, checked by field, limited
//! per address); a support chat becomes one; admins move status, priority and assignee and
//! keep internal notes, all audited; the customer sees the status in their tickets and never
//! the notes; nobody but admins reaches `/admin/tickets`.

mod common;

use axum::http::StatusCode;
use serde_json::{Value, json};

use common::TestApp;
use common::shop::{admin, audit_of, call, quick_customer};

fn form(email: &str) -> Value {
    json!({
        "name": "Thandi Nkosi",
        "email": email,
        "subject": "Where is my parcel?",
        "message": "It was due on Monday and has not come.",
        "order_number": "BZ-1042",
    })
}

#[tokio::test]
async fn the_contact_form_opens_a_ticket_that_an_admin_works_and_the_customer_follows() {
    let app = TestApp::new().await;
    let thandi = quick_customer(&app, "thandi@example.co.za").await;
    let boss = admin(&app, "boss@bazaar.test").await;
    let ops = admin(&app, "ops@bazaar.test").await;

    // Sent signed out, from the account's address: still the customer's ticket.
    let r = app
        .post("/api/v1/contact", form("Thandi@Example.co.za"))
        .await;
    assert_eq!(r.status, StatusCode::CREATED);
    let sent = r.json();
    assert_eq!(sent["ticket"]["reference"], "T-1001");
    assert_eq!(sent["ticket"]["status"], "open");
    let id = sent["ticket"]["id"].as_str().unwrap().to_owned();
    // A second, signed in.
    let (status, second) = call(
        &app,
        "POST",
        "/api/v1/contact",
        Some(form("other@example.co.za")),
        &thandi,
    )
    .await;
    assert_eq!(status, StatusCode::CREATED, "{second}");
    assert_eq!(second["ticket"]["reference"], "T-1002");
    let (_, mine) = call(&app, "GET", "/api/v1/tickets", None, &thandi).await;
    let refs: Vec<&str> = mine["tickets"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t["reference"].as_str().unwrap())
        .collect();
    assert_eq!(refs, ["T-1002", "T-1001"]);

    // The admin list, filters and the ticket.
    let (status, list) = call(
        &app,
        "GET",
        "/api/v1/admin/tickets?status=open",
        None,
        &boss,
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{list}");
    assert_eq!(list["meta"]["total"], 2);
    let (_, found) = call(&app, "GET", "/api/v1/admin/tickets?q=T-1001", None, &boss).await;
    assert_eq!(found["meta"]["total"], 1);
    assert_eq!(found["items"][0]["email"], "thandi@example.co.za");
    assert_eq!(found["items"][0]["order_number"], "BZ-1042");
    let (_, unassigned) = call(
        &app,
        "GET",
        "/api/v1/admin/tickets?assignee=none",
        None,
        &boss,
    )
    .await;
    assert_eq!(unassigned["meta"]["total"], 2);
    let (status, _) = call(
        &app,
        "GET",
        "/api/v1/admin/tickets?status=closed",
        None,
        &boss,
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);

    let uri = format!("/api/v1/admin/tickets/{id}");
    let (status, body) = call(
        &app,
        "PATCH",
        &uri,
        Some(json!({"status": "pending", "priority": "high", "assignee_id": ops.id})),
        &boss,
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["ticket"]["status"], "pending");
    assert_eq!(body["ticket"]["priority"], "high");
    assert_eq!(body["ticket"]["assignee_email"], "ops@bazaar.test");
    let (_, assigned) = call(&app, "GET", "/api/v1/admin/tickets?assignee=me", None, &ops).await;
    assert_eq!(assigned["meta"]["total"], 1);
    // Only admins take tickets; a bad status says which are allowed.
    let (status, body) = call(
        &app,
        "PATCH",
        &uri,
        Some(json!({"assignee_id": thandi.id})),
        &boss,
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(
        body["error"]["fields"]["assignee_id"],
        "Tickets are assigned to admins"
    );
    let (status, body) = call(
        &app,
        "PATCH",
        &uri,
        Some(json!({"status": "closed"})),
        &boss,
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(
        body["error"]["fields"]["status"]
            .as_str()
            .unwrap()
            .contains("open, pending, solved")
    );

    // Notes are internal.
    let (status, body) = call(
        &app,
        "POST",
        &format!("{uri}/notes"),
        Some(json!({"body": "  "})),
        &boss,
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
    let (status, body) = call(
        &app,
        "POST",
        &format!("{uri}/notes"),
        Some(json!({"body": "Courier says Thursday."})),
        &ops,
    )
    .await;
    assert_eq!(status, StatusCode::CREATED, "{body}");
    assert_eq!(body["notes"][0]["body"], "Courier says Thursday.");
    assert_eq!(body["notes"][0]["author_email"], "ops@bazaar.test");

    // Solved, and the customer sees it; unassigning with null.
    let (_, body) = call(
        &app,
        "PATCH",
        &uri,
        Some(json!({"status": "solved", "assignee_id": null})),
        &ops,
    )
    .await;
    assert_eq!(body["ticket"]["status"], "solved");
    assert!(body["ticket"]["solved_at"].is_string());
    assert_eq!(body["ticket"]["assignee_id"], Value::Null);
    assert_eq!(body["ticket"]["priority"], "high", "left out, kept");
    let (_, mine) = call(&app, "GET", "/api/v1/tickets", None, &thandi).await;
    let first = &mine["tickets"][1];
    assert_eq!(first["status"], "solved");
    assert!(
        first.get("body").is_none() && first.get("notes").is_none(),
        "{first}"
    );

    let (_, actions) = audit_of(&app, &boss, "ticket").await;
    assert_eq!(
        actions.iter().filter(|a| *a == "ticket.update").count(),
        2,
        "{actions:?}"
    );
    assert!(actions.contains(&"ticket.note".to_owned()));

    // Nobody else reaches them.
    for who in [&thandi] {
        let (status, _) = call(&app, "GET", "/api/v1/admin/tickets", None, who).await;
        assert_eq!(status, StatusCode::FORBIDDEN);
        let (status, _) = call(&app, "GET", &uri, None, who).await;
        assert_eq!(status, StatusCode::FORBIDDEN);
    }
    let stranger = quick_customer(&app, "stranger@example.co.za").await;
    let (_, theirs) = call(&app, "GET", "/api/v1/tickets", None, &stranger).await;
    assert_eq!(theirs["tickets"].as_array().unwrap().len(), 0);
    let missing = uuid::Uuid::now_v7();
    let (status, _) = call(
        &app,
        "GET",
        &format!("/api/v1/admin/tickets/{missing}"),
        None,
        &boss,
    )
    .await;
    assert_eq!(status, StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn the_contact_form_checks_every_field_and_limits_each_address() {
    let app = TestApp::new().await;
    let r = app
        .post(
            "/api/v1/contact",
            json!({"name": " ", "email": "nobody", "subject": "", "message": "short"}),
        )
        .await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST);
    let fields = &r.json()["error"]["fields"];
    assert_eq!(fields["name"], "Please enter your name");
    assert_eq!(fields["email"], "Please enter a valid email address");
    assert_eq!(fields["subject"], "Please enter a subject");
    assert_eq!(fields["message"], "Message must be at least 10 characters");
    // A bad token is refused rather than sent anonymously.
    let r = app
        .call(
            "POST",
            "/api/v1/contact",
            Some(form("a@example.co.za")),
            Some("not-a-token"),
            None,
        )
        .await;
    assert_eq!(r.status, StatusCode::UNAUTHORIZED);
    // Nothing was recorded by the refused sends.
    let boss = admin(&app, "boss@bazaar.test").await;
    let (_, list) = call(&app, "GET", "/api/v1/admin/tickets", None, &boss).await;
    assert_eq!(list["meta"]["total"], 0);
    for _ in 0..5 {
        assert_eq!(
            app.post("/api/v1/contact", form("a@example.co.za"))
                .await
                .status,
            StatusCode::CREATED
        );
    }
    let r = app.post("/api/v1/contact", form("a@example.co.za")).await;
    assert_eq!(r.status, StatusCode::TOO_MANY_REQUESTS);
    assert!(r.headers.get("retry-after").is_some());
}

#[tokio::test]
async fn a_support_chat_becomes_one_ticket() {
    let app = TestApp::new().await;
    let thandi = quick_customer(&app, "thandi@example.co.za").await;
    let boss = admin(&app, "boss@bazaar.test").await;
    let (status, started) = call(
        &app,
        "POST",
        "/api/v1/conversations",
        Some(json!({"kind": "support", "message": "My refund has not arrived"})),
        &thandi,
    )
    .await;
    assert_eq!(status, StatusCode::CREATED, "{started}");
    let conversation = started["conversation"]["id"].as_str().unwrap().to_owned();
    let uri = format!("/api/v1/admin/support/conversations/{conversation}/ticket");
    let (status, made) = call(
        &app,
        "POST",
        &uri,
        Some(json!({"priority": "urgent"})),
        &boss,
    )
    .await;
    assert_eq!(status, StatusCode::CREATED, "{made}");
    let ticket = &made["ticket"];
    assert_eq!(ticket["source"], "chat");
    assert_eq!(ticket["subject"], "Support chat with Test Customer");
    assert_eq!(ticket["body"], "My refund has not arrived");
    assert_eq!(ticket["priority"], "urgent");
    assert_eq!(ticket["conversation_id"], conversation.as_str());
    assert_eq!(ticket["email"], "thandi@example.co.za");
    // Asked again, the same ticket.
    let (status, again) = call(&app, "POST", &uri, Some(json!({})), &boss).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(again["ticket"]["id"], ticket["id"]);
    let (_, mine) = call(&app, "GET", "/api/v1/tickets", None, &thandi).await;
    assert_eq!(mine["tickets"][0]["status"], "open");
    let (_, actions) = audit_of(&app, &boss, "ticket").await;
    assert_eq!(actions, ["ticket.create"]);
    // Only support chats; only admins.
    let missing = uuid::Uuid::now_v7();
    let (status, _) = call(
        &app,
        "POST",
        &format!("/api/v1/admin/support/conversations/{missing}/ticket"),
        Some(json!({})),
        &boss,
    )
    .await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    let (status, _) = call(&app, "POST", &uri, Some(json!({})), &thandi).await;
    assert_eq!(status, StatusCode::FORBIDDEN);
}
