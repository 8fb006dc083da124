//! `GET /api/v1/events`: notifications reach signed-in users live, are replayed after a
//! reconnect with Last-Event-ID, travel between app instances on PostgreSQL, and never reach
//! another user.

mod common;

use axum::http::StatusCode;

use common::TestApp;
use common::jobs::{app_with_customer, customer, enqueue_notify, order_for};
use common::sse::open;

#[tokio::test]
async fn a_notification_reaches_the_client_live_and_is_replayed_after_a_reconnect() {
    let (app, customer) = app_with_customer().await;
    let order = order_for(&app, customer.id, "BZ-7001").await;
    let jobs = app.start_jobs();

    let (status, mut stream) = open(&app, "/api/v1/events", Some(&customer.token), None).await;
    assert_eq!(status, StatusCode::OK);
    assert!(stream.heartbeat(5).await, "idle streams get heartbeats");
    enqueue_notify(&app, order, "order_confirmed").await;
    let first = stream.next_event(15).await.expect("the notification, live");
    assert_eq!(first.event.as_deref(), Some("notification"));
    let data: serde_json::Value = serde_json::from_str(&first.data).unwrap();
    assert_eq!(data["type"], "order_confirmed");
    assert_eq!(
        data["message"],
        "Your order BZ-7001 is confirmed. We'll let you know when it ships."
    );
    let first_id = first.id.expect("events carry ids");
    drop(stream); // the connection drops

    // While the client is away the order ships; reconnecting with Last-Event-ID replays it.
    enqueue_notify(&app, order, "shipped").await;
    TestApp::eventually("the shipped notification", 15, || async {
        let n = bazaar_db::notifications::list(&app.db, customer.id)
            .await
            .unwrap();
        (n.len() == 2).then_some(())
    })
    .await;
    let (_, mut resumed) = open(
        &app,
        "/api/v1/events",
        Some(&customer.token),
        Some(first_id),
    )
    .await;
    let missed = resumed
        .next_event(5)
        .await
        .expect("the missed event, replayed");
    assert_eq!(
        serde_json::from_str::<serde_json::Value>(&missed.data).unwrap()["type"],
        "shipped"
    );
    assert!(missed.id.unwrap() > first_id);

    // A fresh connection (no Last-Event-ID) starts from now: nothing is replayed.
    let (_, mut fresh) = open(&app, "/api/v1/events", Some(&customer.token), None).await;
    assert!(fresh.next_event(1).await.is_none());
    jobs.shutdown().await;
}

#[tokio::test]
async fn a_stream_ends_when_its_session_is_signed_out() {
    let (app, customer) = app_with_customer().await;
    let second = common::accounts::sign_in(&app, "thandi@example.co.za").await;
    let second = common::accounts::token(&second).to_owned();
    let (_, mut first_stream) = open(&app, "/api/v1/events", Some(&customer.token), None).await;
    let (_, mut second_stream) = open(&app, "/api/v1/events", Some(&second), None).await;

    // Signing out this device ends this device's stream only.
    let r = app
        .call(
            "POST",
            "/auth/v1/logout?scope=local",
            None,
            Some(&customer.token),
            None,
        )
        .await;
    assert_eq!(r.status, StatusCode::NO_CONTENT);
    assert!(
        first_stream.ends_within(5).await,
        "the signed-out session's stream ends"
    );
    assert!(
        !second_stream.ends_within(1).await,
        "the other session's stays open"
    );
    assert!(second_stream.heartbeat(3).await);

    // A notification still reaches the open one, and a global sign-out ends it too.
    let order = order_for(&app, customer.id, "BZ-3001").await;
    let jobs = app.start_jobs();
    enqueue_notify(&app, order, "processing").await;
    let event = second_stream
        .next_event(15)
        .await
        .expect("the notification");
    assert_eq!(event.event.as_deref(), Some("notification"));
    jobs.shutdown().await;
    let r = app
        .call("POST", "/auth/v1/logout", None, Some(&second), None)
        .await;
    assert_eq!(r.status, StatusCode::NO_CONTENT);
    assert!(second_stream.ends_within(5).await);
}

#[tokio::test]
async fn the_token_may_come_in_the_query_for_event_source() {
    let (app, customer) = app_with_customer().await;
    let (status, _) = open(
        &app,
        &format!(
            "/api/v1/events?access_token={}&last_event_id=0",
            customer.token
        ),
        None,
        None,
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    let (status, _) = open(&app, "/api/v1/events", None, None).await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);
    let (status, _) = open(&app, "/api/v1/events?access_token=not-a-token", None, None).await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);
}

#[tokio::test]
async fn another_users_events_never_reach_a_client() {
    let (app, thandi) = app_with_customer().await;
    let sipho = customer(&app, "sipho@example.co.za").await;
    let order = order_for(&app, thandi.id, "BZ-7101").await;
    let jobs = app.start_jobs();
    let (_, mut siphos) = open(
        &app,
        "/api/v1/events?last_event_id=0",
        Some(&sipho.token),
        None,
    )
    .await;
    let (_, mut thandis) = open(&app, "/api/v1/events", Some(&thandi.token), None).await;
    enqueue_notify(&app, order, "delivered").await;
    assert!(thandis.next_event(15).await.is_some());
    assert!(siphos.next_event(1).await.is_none(), "not Sipho's");
    // Not replayable by him either, and his notification list is empty.
    let (_, mut replay) = open(
        &app,
        "/api/v1/events?last_event_id=0",
        Some(&sipho.token),
        None,
    )
    .await;
    assert!(replay.next_event(1).await.is_none());
    let list = app
        .call(
            "GET",
            "/api/v1/notifications",
            None,
            Some(&sipho.token),
            None,
        )
        .await
        .json();
    assert_eq!(list["notifications"].as_array().unwrap().len(), 0);
    jobs.shutdown().await;
}

/// Two app instances on one database, as two `serve` processes would be: an event raised
/// through one reaches a client connected to the other. On PostgreSQL it travels by
/// LISTEN/NOTIFY; SQLite runs one process, so there the test shows the same through the one
/// instance whose worker raised it.
#[tokio::test]
async fn an_event_raised_on_one_instance_reaches_a_client_of_another() {
    let (app, customer) = app_with_customer().await;
    let order = order_for(&app, customer.id, "BZ-7201").await;
    let other = if matches!(app.db, bazaar_db::Db::Postgres(_)) {
        app.another_instance().await
    } else {
        app.another_instance_sharing_live_events().await
    };
    // The worker runs with the first instance; the client is connected to the other.
    let jobs = app.start_jobs();
    let (_, mut stream) = open(&other, "/api/v1/events", Some(&customer.token), None).await;
    enqueue_notify(&app, order, "processing").await;
    let event = stream
        .next_event(15)
        .await
        .expect("the event, through the other instance");
    assert_eq!(
        serde_json::from_str::<serde_json::Value>(&event.data).unwrap()["type"],
        "processing"
    );
    jobs.shutdown().await;
}

#[tokio::test]
async fn notifications_are_marked_read_one_or_all_and_only_by_their_owner() {
    let (app, thandi) = app_with_customer().await;
    let sipho = customer(&app, "sipho@example.co.za").await;
    let order = order_for(&app, thandi.id, "BZ-7301").await;
    for s in ["order_confirmed", "processing", "shipped"] {
        enqueue_notify(&app, order, s).await;
    }
    let jobs = app.start_jobs();
    TestApp::eventually("three notifications", 20, || async {
        (bazaar_db::notifications::list(&app.db, thandi.id)
            .await
            .unwrap()
            .len()
            == 3)
            .then_some(())
    })
    .await;
    jobs.shutdown().await;
    let list = app
        .call(
            "GET",
            "/api/v1/notifications",
            None,
            Some(&thandi.token),
            None,
        )
        .await
        .json();
    let first = list["notifications"][0]["id"].as_str().unwrap().to_owned();

    let theirs = app
        .call(
            "POST",
            &format!("/api/v1/notifications/{first}/read"),
            None,
            Some(&sipho.token),
            None,
        )
        .await;
    assert_eq!(
        theirs.status,
        StatusCode::NOT_FOUND,
        "another user's notification"
    );
    let anonymous = app
        .call(
            "POST",
            &format!("/api/v1/notifications/{first}/read"),
            None,
            None,
            None,
        )
        .await;
    assert_eq!(anonymous.status, StatusCode::UNAUTHORIZED);
    let r = app
        .call(
            "POST",
            "/api/v1/notifications/read-all",
            None,
            Some(&sipho.token),
            None,
        )
        .await;
    assert_eq!(r.json()["updated"], 0, "read-all only touches the caller's");

    let one = app
        .call(
            "POST",
            &format!("/api/v1/notifications/{first}/read"),
            None,
            Some(&thandi.token),
            None,
        )
        .await;
    assert_eq!(one.status, StatusCode::OK);
    assert_eq!(one.json()["notification"]["read"], true);
    let list = app
        .call(
            "GET",
            "/api/v1/notifications",
            None,
            Some(&thandi.token),
            None,
        )
        .await
        .json();
    assert_eq!(list["unread"], 2);
    let all = app
        .call(
            "POST",
            "/api/v1/notifications/read-all",
            None,
            Some(&thandi.token),
            None,
        )
        .await;
    assert_eq!(all.json()["updated"], 2);
    let list = app
        .call(
            "GET",
            "/api/v1/notifications",
            None,
            Some(&thandi.token),
            None,
        )
        .await
        .json();
    assert_eq!(list["unread"], 0);
    let missing = app
        .call(
            "POST",
            "/api/v1/notifications/not-an-id/read",
            None,
            Some(&thandi.token),
            None,
        )
        .await;
    assert_eq!(missing.status, StatusCode::NOT_FOUND);
}
