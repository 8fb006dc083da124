//! Chat, live and by email: messages, read receipts and typing over the event stream (typing
//! never kept nor replayed), across two processes (LISTEN/NOTIFY on PostgreSQL), and the
//! email to a reader who left a message unread for 30 minutes.

mod common;

use axum::http::StatusCode;
use serde_json::{Value, json};
use uuid::Uuid;

use common::TestApp;
use common::chat::{Scene, ask, id_of, scene};
use common::shop::{call, quick_customer};
use common::sse::open;

#[tokio::test]
async fn messages_read_receipts_and_typing_arrive_live() {
    let s = scene().await;
    let (_, mut store_stream) = open(&s.app, "/api/v1/events", Some(&s.owner.token), None).await;
    let (_, mut customer_stream) =
        open(&s.app, "/api/v1/events", Some(&s.customer.token), None).await;
    let (_, started) = ask(
        &s,
        &s.customer,
        json!({"kind": "vendor", "vendor": "karoo-store", "message": "Live question"}),
    )
    .await;
    let id = id_of(&started);
    let event = store_stream
        .next_event(10)
        .await
        .expect("the message reaches the store");
    assert_eq!(event.event.as_deref(), Some("chat_message"));
    let data: Value = serde_json::from_str(&event.data).unwrap();
    assert_eq!(data["conversation_id"], id.as_str());
    assert_eq!(data["as"], "vendor");
    assert_eq!(data["message"]["body"], "Live question");
    assert_eq!(data["message"]["mine"], false);
    assert_eq!(data["unread_count"], 1);
    // The sender's other tabs hear their own message.
    let own = customer_stream
        .next_event(10)
        .await
        .expect("the sender's copy");
    let own: Value = serde_json::from_str(&own.data).unwrap();
    assert_eq!(own["message"]["mine"], true);

    // Typing: no id (never replayed), to the other side only.
    let (status, _) = call(
        &s.app,
        "POST",
        &format!("/api/v1/conversations/{id}/typing"),
        None,
        &s.owner,
    )
    .await;
    assert_eq!(status, StatusCode::NO_CONTENT);
    let typing = customer_stream.next_event(10).await.expect("typing");
    assert_eq!(typing.event.as_deref(), Some("chat_typing"));
    assert_eq!(typing.id, None);
    assert_eq!(
        serde_json::from_str::<Value>(&typing.data).unwrap()["sender"],
        "vendor"
    );

    // Read receipt to the customer.
    call(
        &s.app,
        "POST",
        &format!("/api/v1/conversations/{id}/read"),
        None,
        &s.owner,
    )
    .await;
    let read = customer_stream
        .next_event(10)
        .await
        .expect("the read receipt");
    assert_eq!(read.event.as_deref(), Some("chat_read"));
    let read: Value = serde_json::from_str(&read.data).unwrap();
    assert_eq!(read["reader"], "vendor");
    assert!(read["read_at"].is_string());

    // A client that was away catches up from the last event it saw.
    let last = read_id(&s, s.customer.id).await;
    call(
        &s.app,
        "POST",
        &format!("/api/v1/conversations/{id}/messages"),
        Some(json!({"message": "While you were away"})),
        &s.owner,
    )
    .await;
    let (_, mut resumed) = open(
        &s.app,
        "/api/v1/events",
        Some(&s.customer.token),
        Some(last),
    )
    .await;
    let missed = resumed.next_event(10).await.expect("the missed message");
    assert_eq!(missed.event.as_deref(), Some("chat_message"));
    assert!(missed.data.contains("While you were away"));
    // Nobody else heard any of it.
    let stranger = quick_customer(&s.app, "stranger@example.co.za").await;
    let (_, mut theirs) = open(&s.app, "/api/v1/events", Some(&stranger.token), Some(0)).await;
    assert!(theirs.next_event(1).await.is_none());
}

async fn read_id(s: &Scene, user: Uuid) -> i64 {
    bazaar_db::on_db!(&s.app.db, pool => sqlx::query_scalar("SELECT MAX(id) FROM live_events WHERE user_id = $1")
        .bind(user)
        .fetch_one(pool)
        .await
        .unwrap())
}

/// Two app instances on one database, as two `serve` processes: a message sent through one
/// reaches a stream held by the other (LISTEN/NOTIFY on PostgreSQL; on SQLite, one process,
/// the instances share the live fan-out), including a message too large for NOTIFY's payload
/// and a typing indicator.
#[tokio::test]
async fn a_message_sent_through_one_process_reaches_a_stream_on_another() {
    let s = scene().await;
    let other = if matches!(s.app.db, bazaar_db::Db::Postgres(_)) {
        s.app.another_instance().await
    } else {
        s.app.another_instance_sharing_live_events().await
    };
    let (_, mut stream) = open(&other, "/api/v1/events", Some(&s.owner.token), None).await;
    let (status, started) = ask(
        &s,
        &s.customer,
        json!({"kind": "vendor", "vendor": "karoo-store", "message": "Through the other process"}),
    )
    .await;
    assert_eq!(status, StatusCode::CREATED);
    let id = id_of(&started);
    let event = stream
        .next_event(10)
        .await
        .expect("the message, through the other instance");
    assert!(event.data.contains("Through the other process"));
    // 2,000 four-byte characters: larger than a NOTIFY payload may be.
    let large = "😀".repeat(2000);
    let (status, body) = call(
        &s.app,
        "POST",
        &format!("/api/v1/conversations/{id}/messages"),
        Some(json!({"message": large})),
        &s.customer,
    )
    .await;
    assert_eq!(status, StatusCode::CREATED, "{body}");
    let event = stream.next_event(10).await.expect("the large message");
    let data: Value = serde_json::from_str(&event.data).unwrap();
    assert_eq!(data["message"]["body"], large.as_str());
    call(
        &s.app,
        "POST",
        &format!("/api/v1/conversations/{id}/typing"),
        None,
        &s.customer,
    )
    .await;
    let typing = stream
        .next_event(10)
        .await
        .expect("typing, through the other instance");
    assert_eq!(typing.event.as_deref(), Some("chat_typing"));
}

/// Moves every message of the conversation `minutes` into the past.
async fn age_messages(app: &TestApp, conversation: &str, minutes: i64) {
    let id = Uuid::parse_str(conversation).unwrap();
    let at = chrono::Utc::now() - chrono::Duration::minutes(minutes);
    bazaar_db::on_db!(&app.db, pool => sqlx::query("UPDATE chat_messages SET created_at = $2 WHERE conversation_id = $1")
        .bind(id)
        .bind(at)
        .execute(pool)
        .await
        .unwrap()
        .rows_affected());
}

/// The `chat_unread` emails queued, as (to, sender name, message, link).
async fn unread_emails(app: &TestApp) -> Vec<(String, String, String, String)> {
    let rows: Vec<(String, Value)> = bazaar_db::on_db!(&app.db, pool => sqlx::query_as(
        "SELECT to_address, context FROM emails WHERE template = 'chat_unread' ORDER BY created_at, id",
    )
    .fetch_all(pool)
    .await
    .unwrap());
    rows.into_iter()
        .map(|(to, c)| {
            let s = |k: &str| c[k].as_str().unwrap().to_owned();
            (to, s("sender_name"), s("message"), s("conversation_url"))
        })
        .collect()
}

#[tokio::test]
async fn a_message_unread_for_30_minutes_is_emailed_once_until_its_reader_returns() {
    let s = scene().await;
    let (_, started) = ask(
        &s,
        &s.customer,
        json!({"kind": "vendor", "vendor": "karoo-store", "message": "Do you deliver to Gqeberha?\nThanks"}),
    )
    .await;
    let id = id_of(&started);
    let url = s.app.state.config.public_url.clone();
    // Fresh: nobody is emailed.
    assert_eq!(
        bazaar_commerce::chat::email_unread(&s.app.db, &url)
            .await
            .unwrap(),
        0
    );
    age_messages(&s.app, &id, 31).await;
    assert_eq!(
        bazaar_commerce::chat::email_unread(&s.app.db, &url)
            .await
            .unwrap(),
        1
    );
    let emails = unread_emails(&s.app).await;
    assert_eq!(emails.len(), 1);
    let (to, sender, message, link) = &emails[0];
    assert_eq!(to, "owner@karoo.example");
    assert_eq!(sender, "Test Customer");
    assert_eq!(message, "Do you deliver to Gqeberha?…");
    assert!(
        link.ends_with(&format!("/vendor/messages?c={id}")),
        "{link}"
    );
    // Once per conversation: more unread messages send nothing more.
    call(
        &s.app,
        "POST",
        &format!("/api/v1/conversations/{id}/messages"),
        Some(json!({"message": "Hello?"})),
        &s.customer,
    )
    .await;
    age_messages(&s.app, &id, 40).await;
    assert_eq!(
        bazaar_commerce::chat::email_unread(&s.app.db, &url)
            .await
            .unwrap(),
        0
    );

    // The store reads and answers; the customer leaves the answer unread for 30 minutes.
    call(
        &s.app,
        "POST",
        &format!("/api/v1/conversations/{id}/read"),
        None,
        &s.owner,
    )
    .await;
    call(
        &s.app,
        "POST",
        &format!("/api/v1/conversations/{id}/messages"),
        Some(json!({"message": "Yes, in 3 days."})),
        &s.owner,
    )
    .await;
    age_messages(&s.app, &id, 31).await;
    assert_eq!(
        bazaar_commerce::chat::email_unread(&s.app.db, &url)
            .await
            .unwrap(),
        1
    );
    let emails = unread_emails(&s.app).await;
    let (to, sender, message, link) = &emails[1];
    assert_eq!(to, "thandi@example.co.za");
    assert_eq!(sender, "karoo-store");
    assert_eq!(message, "Yes, in 3 days.");
    assert!(link.ends_with(&format!("/?chat={id}")), "{link}");
    // Having read, the store is emailed again about the customer's next unread message.
    call(
        &s.app,
        "POST",
        &format!("/api/v1/conversations/{id}/messages"),
        Some(json!({"message": "Great"})),
        &s.customer,
    )
    .await;
    age_messages(&s.app, &id, 35).await;
    assert_eq!(
        bazaar_commerce::chat::email_unread(&s.app.db, &url)
            .await
            .unwrap(),
        1
    );
    assert_eq!(unread_emails(&s.app).await.len(), 3);
    // The email renders from its default template.
    let source = bazaar_mail::Templates::default_for("chat_unread").unwrap();
    let ctx = bazaar_db::on_db!(&s.app.db, pool => sqlx::query_scalar::<_, Value>(
        "SELECT context FROM emails WHERE template = 'chat_unread' LIMIT 1",
    )
    .fetch_one(pool)
    .await
    .unwrap());
    let email = bazaar_mail::render(&source, &ctx).unwrap();
    assert_eq!(email.subject, "New message from Test Customer");
}
