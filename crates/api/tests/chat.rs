//! Chat (`/api/v1/conversations…`, `/vendor/conversations`, `/admin/support/conversations`):
//! a customer asks a store about a product or an order, the store answers from its inbox,
//! support answers from the admin's; the 1–2,000 character rule with SPEC.md's messages;
//! unread counts and read receipts; blocks, reports and the rate limit; and nobody but the two
//! sides (and admins where allowed) can read a conversation.

mod common;

use axum::http::StatusCode;
use serde_json::{Value, json};
use uuid::Uuid;

use common::chat::{ask, id_of, order_with_part, scene};
use common::shop::{admin, audit_of, call, quick_customer, seller};

#[tokio::test]
async fn a_customer_asks_a_store_about_a_product_and_the_store_answers() {
    let s = scene().await;
    let (status, started) = ask(
        &s,
        &s.customer,
        json!({"kind": "vendor", "vendor": "karoo-store", "product_id": s.product,
               "message": "  Is this available in blue?  "}),
    )
    .await;
    assert_eq!(status, StatusCode::CREATED, "{started}");
    let id = id_of(&started);
    let conversation = &started["conversation"];
    assert_eq!(conversation["as"], "customer");
    assert_eq!(conversation["title"], "karoo-store");
    assert_eq!(conversation["vendor"]["slug"], "karoo-store");
    assert_eq!(
        conversation["customer"],
        Value::Null,
        "the customer is not shown to themselves"
    );
    assert_eq!(conversation["unread_count"], 0);
    assert_eq!(started["message"]["body"], "Is this available in blue?");
    assert_eq!(started["message"]["mine"], true);
    assert_eq!(started["message"]["product"]["id"], s.product.to_string());

    // The store's inbox: the customer's name, what it is about, one unread.
    let (status, inbox) = call(
        &s.app,
        "GET",
        "/api/v1/vendor/conversations",
        None,
        &s.owner,
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{inbox}");
    assert_eq!(inbox["meta"]["total"], 1);
    let row = &inbox["items"][0];
    assert_eq!(row["id"], id.as_str());
    assert_eq!(row["as"], "vendor");
    assert_eq!(row["title"], "Test Customer");
    assert_eq!(
        row["customer"]["email"],
        Value::Null,
        "a store does not see the email"
    );
    assert!(
        row["subtitle"].as_str().unwrap().starts_with("About: "),
        "{row}"
    );
    assert_eq!(row["unread_count"], 1);
    assert_eq!(row["last_message"], "Is this available in blue?");
    let (_, unread) = call(
        &s.app,
        "GET",
        "/api/v1/conversations/unread",
        None,
        &s.owner,
    )
    .await;
    assert_eq!(unread["vendor"], 1);
    assert_eq!(unread["support"], Value::Null);
    let (_, only_unread) = call(
        &s.app,
        "GET",
        "/api/v1/vendor/conversations?filter=unread",
        None,
        &s.owner,
    )
    .await;
    assert_eq!(only_unread["meta"]["total"], 1);

    // The store opens it: the customer's message becomes read, once.
    let thread_uri = format!("/api/v1/conversations/{id}");
    let (status, thread) = call(&s.app, "GET", &thread_uri, None, &s.owner).await;
    assert_eq!(status, StatusCode::OK, "{thread}");
    assert_eq!(thread["messages"].as_array().unwrap().len(), 1);
    assert_eq!(thread["messages"][0]["mine"], false);
    assert_eq!(
        thread["messages"][0]["product"]["id"],
        s.product.to_string()
    );
    let read_uri = format!("/api/v1/conversations/{id}/read");
    let (status, read) = call(&s.app, "POST", &read_uri, None, &s.owner).await;
    assert_eq!(status, StatusCode::OK, "{read}");
    assert_eq!(read["read"], 1);
    let (_, read) = call(&s.app, "POST", &read_uri, None, &s.owner).await;
    assert_eq!(read["read"], 0);
    let (_, unread) = call(
        &s.app,
        "GET",
        "/api/v1/conversations/unread",
        None,
        &s.owner,
    )
    .await;
    assert_eq!(unread["vendor"], 0);
    // The customer sees the read receipt.
    let (_, thread) = call(&s.app, "GET", &thread_uri, None, &s.customer).await;
    assert!(thread["messages"][0]["read_at"].is_string(), "{thread}");

    // The store answers; the customer has one unread.
    let (status, sent) = call(
        &s.app,
        "POST",
        &format!("/api/v1/conversations/{id}/messages"),
        Some(json!({"message": "Yes, size M and L."})),
        &s.owner,
    )
    .await;
    assert_eq!(status, StatusCode::CREATED, "{sent}");
    assert_eq!(sent["message"]["sender"], "vendor");
    assert_eq!(sent["message"]["mine"], true);
    let (_, unread) = call(
        &s.app,
        "GET",
        "/api/v1/conversations/unread",
        None,
        &s.customer,
    )
    .await;
    assert_eq!(unread["customer"], 1);
    assert_eq!(unread["vendor"], Value::Null);
    let (_, list) = call(&s.app, "GET", "/api/v1/conversations", None, &s.customer).await;
    assert_eq!(list["unread"], 1);
    assert_eq!(
        list["conversations"][0]["last_message"],
        "Yes, size M and L."
    );
    assert_eq!(list["conversations"][0]["unread_count"], 1);

    // Asking the same store again continues the same conversation.
    let (status, again) = ask(
        &s,
        &s.customer,
        json!({"kind": "vendor", "vendor": "karoo-store", "message": "Thanks!"}),
    )
    .await;
    assert_eq!(status, StatusCode::CREATED, "{again}");
    assert_eq!(id_of(&again), id);
    let (_, thread) = call(&s.app, "GET", &thread_uri, None, &s.customer).await;
    let bodies: Vec<&str> = thread["messages"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["body"].as_str().unwrap())
        .collect();
    assert_eq!(
        bodies,
        [
            "Is this available in blue?",
            "Yes, size M and L.",
            "Thanks!"
        ]
    );
    assert_eq!(thread["has_more"], false);
}

#[tokio::test]
async fn a_conversation_started_from_an_order_shows_the_order_to_the_store() {
    let s = scene().await;
    let order = order_with_part(&s.app, s.customer.id, s.store, "BZ-9001").await;
    // The customer's order names the store, so its part can "Ask the seller".
    let (status, view) = call(
        &s.app,
        "GET",
        &format!("/api/v1/orders/{order}"),
        None,
        &s.customer,
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{view}");
    assert_eq!(
        view["order"]["parts"][0]["vendor_slug"], "karoo-store",
        "{view}"
    );
    let (status, started) = ask(
        &s,
        &s.customer,
        json!({"kind": "vendor", "vendor": "karoo-store", "order_id": order,
               "message": "When will my order ship?"}),
    )
    .await;
    assert_eq!(status, StatusCode::CREATED, "{started}");
    let (_, inbox) = call(
        &s.app,
        "GET",
        "/api/v1/vendor/conversations",
        None,
        &s.owner,
    )
    .await;
    let row = &inbox["items"][0];
    assert_eq!(row["order"]["order_number"], "BZ-9001");
    assert_eq!(row["order"]["status"], "paid");
    assert_eq!(row["subtitle"], "Order BZ-9001");
    assert_eq!(started["message"]["order"]["order_number"], "BZ-9001");

    // Another customer's order, or an order without this store, is refused by field.
    let other = quick_customer(&s.app, "sipho@example.co.za").await;
    let (status, body) = ask(
        &s,
        &other,
        json!({"kind": "vendor", "vendor": "karoo-store", "order_id": order, "message": "Hi"}),
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(
        body["error"]["fields"]["order_id"],
        "This order has nothing from this store"
    );
    let bare = common::jobs::order_for(&s.app, s.customer.id, "BZ-9002").await;
    let (status, body) = ask(
        &s,
        &s.customer,
        json!({"kind": "vendor", "vendor": "karoo-store", "order_id": bare, "message": "Hi"}),
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
    assert_eq!(
        body["error"]["fields"]["order_id"],
        "This order has nothing from this store"
    );
}

#[tokio::test]
async fn messages_are_1_to_2000_characters_and_go_where_they_may() {
    let s = scene().await;
    let start =
        |message: Value| json!({"kind": "vendor", "vendor": "karoo-store", "message": message});
    for (message, error) in [
        (json!(""), "Message cannot be empty"),
        (json!("   \n\t "), "Message cannot be empty"),
        (
            json!("a".repeat(2001)),
            "Message must be less than 2000 characters",
        ),
    ] {
        let (status, body) = ask(&s, &s.customer, start(message)).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
        assert_eq!(body["error"]["fields"]["message"], error);
    }
    // Nothing was started by the refused messages.
    let (_, list) = call(&s.app, "GET", "/api/v1/conversations", None, &s.customer).await;
    assert_eq!(list["conversations"].as_array().unwrap().len(), 0);
    let exactly = "é".repeat(2000);
    let (status, body) = ask(&s, &s.customer, start(json!(format!("  {exactly}  ")))).await;
    assert_eq!(status, StatusCode::CREATED, "{body}");
    assert_eq!(body["message"]["body"], exactly.as_str());
    let id = id_of(&body);
    let (status, body) = call(
        &s.app,
        "POST",
        &format!("/api/v1/conversations/{id}/messages"),
        Some(json!({"message": " "})),
        &s.owner,
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(
        body["error"]["fields"]["message"],
        "Message cannot be empty"
    );

    // Where a conversation may go.
    let (status, body) = ask(&s, &s.owner, start(json!("Hello me"))).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(
        body["error"]["fields"]["vendor"],
        "You cannot message your own store"
    );
    let (status, body) = ask(
        &s,
        &s.customer,
        json!({"kind": "vendor", "vendor": "no-such-store", "message": "Hi"}),
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(body["error"]["fields"]["vendor"], "Store not found");
    let (status, body) = ask(&s, &s.customer, json!({"kind": "vendor", "message": "Hi"})).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(
        body["error"]["fields"]["vendor"],
        "Choose the store to message"
    );
    let (status, body) = ask(&s, &s.customer, json!({"kind": "friends", "message": "Hi"})).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(body["error"]["fields"]["kind"], "Choose vendor or support");
    // A product of another store is not this store's to discuss.
    let elsewhere: Uuid = bazaar_db::on_db!(&s.app.db, pool => sqlx::query_scalar(
        "SELECT id FROM products WHERE listed AND id <> $1 LIMIT 1",
    )
    .bind(s.product)
    .fetch_one(pool)
    .await
    .unwrap());
    let (status, body) = ask(
        &s,
        &s.customer,
        json!({"kind": "vendor", "vendor": "karoo-store", "product_id": elsewhere, "message": "Hi"}),
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(
        body["error"]["fields"]["product_id"],
        "This product is not sold by this store"
    );
    let anonymous = s
        .app
        .call(
            "POST",
            "/api/v1/conversations",
            Some(start(json!("Hi"))),
            None,
            None,
        )
        .await;
    assert_eq!(anonymous.status, StatusCode::UNAUTHORIZED);
}

#[tokio::test]
async fn only_the_two_sides_and_admins_where_allowed_can_read_a_conversation() {
    let s = scene().await;
    let (_, started) = ask(
        &s,
        &s.customer,
        json!({"kind": "vendor", "vendor": "karoo-store", "message": "Private question"}),
    )
    .await;
    let id = id_of(&started);
    let stranger = quick_customer(&s.app, "stranger@example.co.za").await;
    let other_store = seller(&s.app, "owner@other.example", "other-store", true).await;
    let boss = admin(&s.app, "boss@bazaar.test").await;
    for who in [&stranger, &other_store, &boss] {
        for (method, path, body) in [
            ("GET", format!("/api/v1/conversations/{id}"), None),
            (
                "POST",
                format!("/api/v1/conversations/{id}/messages"),
                Some(json!({"message": "hi"})),
            ),
            ("POST", format!("/api/v1/conversations/{id}/read"), None),
            ("POST", format!("/api/v1/conversations/{id}/typing"), None),
            ("POST", format!("/api/v1/conversations/{id}/block"), None),
            ("DELETE", format!("/api/v1/conversations/{id}/block"), None),
            (
                "POST",
                format!("/api/v1/conversations/{id}/report"),
                Some(json!({"reason": "spam"})),
            ),
        ] {
            let (status, body) = call(&s.app, method, &path, body, who).await;
            assert_eq!(status, StatusCode::NOT_FOUND, "{method} {path}: {body}");
        }
    }
    let (_, inbox) = call(
        &s.app,
        "GET",
        "/api/v1/vendor/conversations",
        None,
        &other_store,
    )
    .await;
    assert_eq!(
        inbox["meta"]["total"], 0,
        "another store's inbox is its own"
    );
    let (status, _) = call(
        &s.app,
        "GET",
        "/api/v1/vendor/conversations",
        None,
        &s.customer,
    )
    .await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    let (status, _) = call(
        &s.app,
        "GET",
        "/api/v1/admin/support/conversations",
        None,
        &s.owner,
    )
    .await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    let (_, reported) = call(
        &s.app,
        "GET",
        "/api/v1/admin/support/conversations?filter=reported",
        None,
        &boss,
    )
    .await;
    assert_eq!(reported["meta"]["total"], 0);

    // Reported by the store: admins may read it (and nothing more), with the reason.
    let (status, body) = call(
        &s.app,
        "POST",
        &format!("/api/v1/conversations/{id}/report"),
        Some(json!({"reason": "  "})),
        &s.owner,
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(
        body["error"]["fields"]["reason"],
        "Say why you are reporting this conversation"
    );
    let (status, body) = call(
        &s.app,
        "POST",
        &format!("/api/v1/conversations/{id}/report"),
        Some(json!({"reason": "Asks for payment outside the site"})),
        &s.owner,
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["conversation"]["reported"], true);
    assert_eq!(
        body["conversation"]["report_reason"],
        Value::Null,
        "the reason is for admins"
    );
    let (_, reported) = call(
        &s.app,
        "GET",
        "/api/v1/admin/support/conversations?filter=reported",
        None,
        &boss,
    )
    .await;
    assert_eq!(reported["meta"]["total"], 1);
    let row = &reported["items"][0];
    assert_eq!(row["as"], "observer");
    assert_eq!(row["report_reason"], "Asks for payment outside the site");
    assert_eq!(row["customer"]["email"], "thandi@example.co.za");
    let (status, thread) = call(
        &s.app,
        "GET",
        &format!("/api/v1/conversations/{id}"),
        None,
        &boss,
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{thread}");
    assert_eq!(thread["conversation"]["can_send"], false);
    assert_eq!(thread["messages"][0]["body"], "Private question");
    let (status, body) = call(
        &s.app,
        "POST",
        &format!("/api/v1/conversations/{id}/messages"),
        Some(json!({"message": "Admin here"})),
        &boss,
    )
    .await;
    assert_eq!(status, StatusCode::FORBIDDEN, "{body}");
    assert_eq!(body["error"]["code"], "observer");
    // Reading it is on the record; resolving it is an audited admin action, after which
    // the conversation is the two sides' alone again.
    let (status, body) = call(
        &s.app,
        "POST",
        &format!("/api/v1/admin/support/conversations/{id}/resolve-report"),
        None,
        &boss,
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["conversation"]["reported"], false);
    let (_, actions) = audit_of(&s.app, &boss, "conversation").await;
    assert!(
        actions.contains(&"conversation.view_reported".to_owned()),
        "{actions:?}"
    );
    assert!(
        actions.contains(&"conversation.resolve_report".to_owned()),
        "{actions:?}"
    );
    let (status, _) = call(
        &s.app,
        "GET",
        &format!("/api/v1/conversations/{id}"),
        None,
        &boss,
    )
    .await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    let (status, body) = call(
        &s.app,
        "POST",
        &format!("/api/v1/admin/support/conversations/{id}/resolve-report"),
        None,
        &boss,
    )
    .await;
    assert_eq!(status, StatusCode::FORBIDDEN, "{body}");
    assert_eq!(body["error"]["code"], "not_reported");
    let missing = Uuid::now_v7();
    let (status, _) = call(
        &s.app,
        "GET",
        &format!("/api/v1/conversations/{missing}"),
        None,
        &s.customer,
    )
    .await;
    assert_eq!(status, StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn support_chat_is_answered_by_any_admin() {
    let s = scene().await;
    let boss = admin(&s.app, "boss@bazaar.test").await;
    let other_admin = admin(&s.app, "ops@bazaar.test").await;
    let (status, started) = ask(
        &s,
        &s.customer,
        json!({"kind": "support", "message": "I cannot find my invoice"}),
    )
    .await;
    assert_eq!(status, StatusCode::CREATED, "{started}");
    assert_eq!(started["conversation"]["title"], "Support");
    assert_eq!(started["conversation"]["subtitle"], "Customer support");
    let id = id_of(&started);
    let (_, unread) = call(
        &s.app,
        "GET",
        "/api/v1/conversations/unread",
        None,
        &other_admin,
    )
    .await;
    assert_eq!(unread["support"], 1);
    let (_, inbox) = call(
        &s.app,
        "GET",
        "/api/v1/admin/support/conversations",
        None,
        &boss,
    )
    .await;
    assert_eq!(inbox["meta"]["total"], 1);
    assert_eq!(inbox["items"][0]["as"], "support");
    assert_eq!(
        inbox["items"][0]["customer"]["email"],
        "thandi@example.co.za"
    );
    let (status, sent) = call(
        &s.app,
        "POST",
        &format!("/api/v1/conversations/{id}/messages"),
        Some(json!({"message": "It is under Profile, Orders."})),
        &boss,
    )
    .await;
    assert_eq!(status, StatusCode::CREATED, "{sent}");
    assert_eq!(sent["message"]["sender"], "support");
    let (_, actions) = audit_of(&s.app, &boss, "conversation").await;
    assert!(actions.contains(&"support.reply".to_owned()), "{actions:?}");
    let (_, list) = call(&s.app, "GET", "/api/v1/conversations", None, &s.customer).await;
    assert_eq!(list["unread"], 1);
    // A second support start continues the one conversation; a store owner cannot read it.
    let (_, again) = ask(
        &s,
        &s.customer,
        json!({"kind": "support", "message": "Found it"}),
    )
    .await;
    assert_eq!(id_of(&again), id);
    let (status, _) = call(
        &s.app,
        "GET",
        &format!("/api/v1/conversations/{id}"),
        None,
        &s.owner,
    )
    .await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    let (status, body) = call(
        &s.app,
        "POST",
        &format!("/api/v1/conversations/{id}/block"),
        None,
        &s.customer,
    )
    .await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    assert_eq!(
        body["error"]["message"],
        "Support conversations cannot be blocked"
    );
    let (_, unread_inbox) = call(
        &s.app,
        "GET",
        "/api/v1/admin/support/conversations?filter=unread",
        None,
        &boss,
    )
    .await;
    assert_eq!(unread_inbox["meta"]["total"], 1);
    let (status, _) = call(
        &s.app,
        "GET",
        "/api/v1/admin/support/conversations?filter=nope",
        None,
        &boss,
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
}

#[tokio::test]
async fn a_block_stops_both_sides_until_the_blocker_lifts_it() {
    let s = scene().await;
    let (_, started) = ask(
        &s,
        &s.customer,
        json!({"kind": "vendor", "vendor": "karoo-store", "message": "Hello"}),
    )
    .await;
    let id = id_of(&started);
    let send_uri = format!("/api/v1/conversations/{id}/messages");
    let block_uri = format!("/api/v1/conversations/{id}/block");
    let (status, body) = call(&s.app, "POST", &block_uri, None, &s.owner).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["conversation"]["blocked_by_me"], true);
    assert_eq!(body["conversation"]["can_send"], false);

    let (status, body) = call(
        &s.app,
        "POST",
        &send_uri,
        Some(json!({"message": "Hello?"})),
        &s.customer,
    )
    .await;
    assert_eq!(status, StatusCode::FORBIDDEN, "{body}");
    assert_eq!(body["error"]["code"], "blocked");
    assert_eq!(
        body["error"]["message"],
        "This store is not taking messages from you"
    );
    let (status, _) = ask(
        &s,
        &s.customer,
        json!({"kind": "vendor", "vendor": "karoo-store", "message": "Hello?"}),
    )
    .await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    let (status, body) = call(
        &s.app,
        "POST",
        &send_uri,
        Some(json!({"message": "Bye"})),
        &s.owner,
    )
    .await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    assert!(
        body["error"]["message"]
            .as_str()
            .unwrap()
            .contains("Unblock"),
        "{body}"
    );
    let (_, thread) = call(
        &s.app,
        "GET",
        &format!("/api/v1/conversations/{id}"),
        None,
        &s.customer,
    )
    .await;
    assert_eq!(thread["conversation"]["blocked"], true);
    assert_eq!(thread["conversation"]["blocked_by_me"], false);
    assert_eq!(thread["conversation"]["can_send"], false);
    assert_eq!(
        thread["conversation"]["cannot_send_reason"],
        "This store is not taking messages from you"
    );
    assert_eq!(
        thread["messages"].as_array().unwrap().len(),
        1,
        "nothing refused was written"
    );

    // Only the blocker lifts it.
    let (status, _) = call(&s.app, "DELETE", &block_uri, None, &s.customer).await;
    assert_eq!(status, StatusCode::OK);
    let (status, _) = call(
        &s.app,
        "POST",
        &send_uri,
        Some(json!({"message": "Hello?"})),
        &s.customer,
    )
    .await;
    assert_eq!(
        status,
        StatusCode::FORBIDDEN,
        "the customer's unblock lifted nothing"
    );
    let (status, body) = call(&s.app, "DELETE", &block_uri, None, &s.owner).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["conversation"]["blocked"], false);
    let (status, _) = call(
        &s.app,
        "POST",
        &send_uri,
        Some(json!({"message": "Hello?"})),
        &s.customer,
    )
    .await;
    assert_eq!(status, StatusCode::CREATED);
}

#[tokio::test]
async fn twenty_messages_a_minute_then_429() {
    let s = scene().await;
    let (_, started) = ask(
        &s,
        &s.customer,
        json!({"kind": "vendor", "vendor": "karoo-store", "message": "1"}),
    )
    .await;
    let id = id_of(&started);
    let send_uri = format!("/api/v1/conversations/{id}/messages");
    for n in 2..=20 {
        let (status, body) = call(
            &s.app,
            "POST",
            &send_uri,
            Some(json!({"message": n.to_string()})),
            &s.customer,
        )
        .await;
        assert_eq!(status, StatusCode::CREATED, "message {n}: {body}");
    }
    let r = s
        .app
        .call(
            "POST",
            &send_uri,
            Some(json!({"message": "21"})),
            Some(&s.customer.token),
            None,
        )
        .await;
    assert_eq!(r.status, StatusCode::TOO_MANY_REQUESTS);
    assert!(r.headers.get("retry-after").is_some());
    assert_eq!(
        r.json()["error"]["message"],
        "You are sending messages too quickly. Wait a moment and try again."
    );
    // The limit is the sender's: the store still answers.
    let (status, _) = call(
        &s.app,
        "POST",
        &send_uri,
        Some(json!({"message": "Slow down"})),
        &s.owner,
    )
    .await;
    assert_eq!(status, StatusCode::CREATED);
}
