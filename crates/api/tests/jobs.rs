//! The job queue: outbox and relay, retries, failed jobs, workers killed mid-job, the
//! schedule; and the order-notification and email jobs.

mod common;

use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

use bazaar_queue::{Housekeeping, Job};
use common::TestApp;
use common::jobs::{app_with_customer, count, done_jobs, enqueue_notify, order_for};

const NOTIFICATIONS_OF_ORDER: &str = "SELECT COUNT(*) FROM order_notifications WHERE order_id = $1";
const EVENTS_OF_USER: &str = "SELECT COUNT(*) FROM live_events WHERE user_id = $1";
const EMAILS_TO_USER: &str =
    "SELECT COUNT(*) FROM emails e JOIN users u ON u.email = e.to_address WHERE u.id = $1";

#[tokio::test]
async fn a_job_enqueued_in_a_rolled_back_transaction_never_runs() {
    let (app, customer) = app_with_customer().await;
    let kept = order_for(&app, customer.id, "BZ-1001").await;
    let dropped = order_for(&app, customer.id, "BZ-1002").await;

    let mut tx = app.db.begin().await.unwrap();
    bazaar_queue::enqueue(
        &mut tx,
        &Job::NotifyOrderStatus {
            order_id: dropped,
            status: "shipped".into(),
            part_id: None,
        },
    )
    .await
    .unwrap();
    tx.rollback().await.unwrap();
    enqueue_notify(&app, kept, "shipped").await;

    let jobs = app.start_jobs();
    TestApp::eventually("the committed job", 15, || async {
        (count(&app, NOTIFICATIONS_OF_ORDER, kept).await == 1).then_some(())
    })
    .await;
    // The relay has drained the outbox and the worker is idle: the rolled-back job is
    // nowhere, not in the outbox, not in the queue, and did nothing.
    TestApp::eventually("the queue to settle", 15, || async {
        (done_jobs(&app).await == 2).then_some(()) // the notification and its email
    })
    .await;
    assert_eq!(count(&app, NOTIFICATIONS_OF_ORDER, dropped).await, 0);
    let outbox: i64 = bazaar_db::on_db!(&app.db, pool => sqlx::query_scalar::<_, i64>("SELECT COUNT(*) FROM outbox").fetch_one(pool).await.unwrap());
    assert_eq!(outbox, 0);
    jobs.shutdown().await;
}

#[tokio::test]
async fn a_worker_killed_mid_job_leaves_it_to_another_and_the_effect_happens_once() {
    let (app, customer) = app_with_customer().await;
    let order = order_for(&app, customer.id, "BZ-2001").await;
    enqueue_notify(&app, order, "processing").await;

    // The first worker does the work, then hangs before acknowledging it.
    let runs = Arc::new(AtomicUsize::new(0));
    let hook: bazaar_workers::JobHook = {
        let runs = runs.clone();
        Arc::new(move |job: &Job| {
            let first = matches!(job, Job::NotifyOrderStatus { .. })
                && runs.fetch_add(1, Ordering::SeqCst) == 0;
            Box::pin(async move {
                if first {
                    std::future::pending::<()>().await;
                }
            })
        })
    };
    let first = bazaar_workers::runtime::start(
        app.job_context(bazaar_enrich::GeoConfig::None, Some(hook.clone())),
        TestApp::worker_options(),
    );
    TestApp::eventually("the first run to do its work", 15, || async {
        (runs.load(Ordering::SeqCst) == 1 && count(&app, NOTIFICATIONS_OF_ORDER, order).await == 1)
            .then_some(())
    })
    .await;
    first.abort(); // killed: the job stays locked by a worker that no longer beats

    let second = bazaar_workers::runtime::start(
        app.job_context(bazaar_enrich::GeoConfig::None, Some(hook)),
        TestApp::worker_options(),
    );
    TestApp::eventually("the job to run again and finish", 30, || async {
        (runs.load(Ordering::SeqCst) >= 2 && done_jobs(&app).await >= 2).then_some(())
    })
    .await;
    assert_eq!(
        count(&app, NOTIFICATIONS_OF_ORDER, order).await,
        1,
        "one notification"
    );
    assert_eq!(
        count(&app, EVENTS_OF_USER, customer.id).await,
        1,
        "one live event"
    );
    assert_eq!(
        count(&app, EMAILS_TO_USER, customer.id).await,
        1,
        "one email"
    );
    second.shutdown().await;
}

#[tokio::test]
async fn order_notifications_are_written_once_per_status_and_emailed() {
    let (app, customer) = app_with_customer().await;
    let order = order_for(&app, customer.id, "BZ-3001").await;
    let jobs = app.start_jobs();
    enqueue_notify(&app, order, "order_confirmed").await;
    TestApp::eventually("the confirmation", 20, || async {
        (count(&app, NOTIFICATIONS_OF_ORDER, order).await == 1).then_some(())
    })
    .await;
    // Shipped twice (a retried status change): one notification, one email.
    enqueue_notify(&app, order, "shipped").await;
    enqueue_notify(&app, order, "shipped").await;
    TestApp::eventually("two emails in the outbox", 20, || async {
        (app.outbox().len() == 2).then_some(())
    })
    .await;
    jobs.shutdown().await;
    assert_eq!(count(&app, NOTIFICATIONS_OF_ORDER, order).await, 2);

    let list = app
        .call(
            "GET",
            "/api/v1/notifications",
            None,
            Some(&customer.token),
            None,
        )
        .await
        .json();
    let items = list["notifications"].as_array().unwrap();
    assert_eq!(items.len(), 2);
    assert_eq!(items[0]["type"], "shipped", "newest first");
    assert_eq!(items[0]["title"], "Order shipped");
    assert_eq!(items[0]["message"], "Your order BZ-3001 is on its way.");
    assert_eq!(items[1]["type"], "order_confirmed");
    assert_eq!(list["unread"], 2);

    let mail = app.outbox().join("\n---\n");
    assert!(
        mail.contains("Subject: Your order BZ-3001 has shipped"),
        "{mail}"
    );
    assert!(mail.contains("To: thandi@example.co.za"), "{mail}");
    assert!(
        mail.contains("R1,299.00"),
        "the order total, formatted: {mail}"
    );
}

#[tokio::test]
async fn only_the_newest_fifty_notifications_are_kept() {
    let (app, customer) = app_with_customer().await;
    let statuses = [
        "order_confirmed",
        "processing",
        "shipped",
        "delivered",
        "cancelled",
    ];
    let mut orders = Vec::new();
    for n in 0..11 {
        let order = order_for(&app, customer.id, &format!("BZ-4{n:03}")).await;
        orders.push(order);
        for status in statuses {
            enqueue_notify(&app, order, status).await;
        }
    }
    let jobs = app.start_jobs();
    TestApp::eventually("55 notification jobs", 60, || async {
        let notes: i64 = count(&app, EVENTS_OF_USER, customer.id).await;
        (notes == 55).then_some(())
    })
    .await;
    jobs.shutdown().await;
    let list = app
        .call(
            "GET",
            "/api/v1/notifications",
            None,
            Some(&customer.token),
            None,
        )
        .await
        .json();
    assert_eq!(list["notifications"].as_array().unwrap().len(), 50);
    let stored: i64 = bazaar_db::on_db!(&app.db, pool => sqlx::query_scalar::<_, i64>(
        "SELECT COUNT(*) FROM order_notifications WHERE user_id = $1").bind(customer.id).fetch_one(pool).await.unwrap());
    assert_eq!(stored, 50, "older ones are deleted, not just hidden");
}

/// Queues the job of an email whose template does not exist: it fails every time.
async fn queue_failing_email(app: &TestApp, order_number: &str) {
    let mut tx = app.db.begin().await.unwrap();
    let email = bazaar_db::emails::queue(
        &mut tx,
        "thandi@example.co.za",
        "order_refunded",
        &serde_json::json!({ "order_number": order_number }),
        &format!("test:refund:{order_number}"),
    )
    .await
    .unwrap()
    .unwrap();
    bazaar_queue::enqueue(&mut tx, &Job::SendEmail { email_id: email })
        .await
        .unwrap();
    tx.commit().await.unwrap();
}

#[tokio::test]
async fn failing_jobs_are_retried_then_kept_as_failed_and_can_be_retried() {
    let (app, customer) = app_with_customer().await;
    queue_failing_email(&app, "BZ-5001").await;
    let _ = customer;

    let jobs = app.start_jobs();
    let failed = TestApp::eventually("the job to be kept as failed", 60, || async {
        let failed = bazaar_queue::store::failed(&app.db, &app.queue)
            .await
            .unwrap();
        (failed.len() == 1).then_some(failed)
    })
    .await;
    assert_eq!(failed[0].kind, "send_email");
    assert!(failed[0].attempts >= bazaar_queue::relay::MAX_ATTEMPTS as i64);
    assert!(app.outbox().is_empty());

    // Fixing the cause and retrying sends it.
    bazaar_db::emails::save_template(
        &app.db,
        &bazaar_db::emails::StoredTemplate {
            key: "order_refunded".into(),
            subject: "Refund for {{ order_number }}".into(),
            body_text: "Your refund for {{ order_number }} is on its way.".into(),
            body_html: None,
            updated_at: chrono::Utc::now(),
        },
    )
    .await
    .unwrap();
    bazaar_queue::store::retry(&app.db, &app.queue, &failed[0].id)
        .await
        .unwrap();
    TestApp::eventually("the retried email", 20, || async {
        (app.outbox().len() == 1).then_some(())
    })
    .await;
    // The email leaves before the job is marked done: stopping in between would leave it
    // to be run again.
    TestApp::eventually("the retried job to be done", 20, || async {
        let counts = bazaar_queue::store::counts(&app.db, &app.queue)
            .await
            .unwrap();
        (counts == [("Done".to_owned(), 1)]).then_some(())
    })
    .await;
    jobs.shutdown().await;
    assert!(app.outbox()[0].contains("Subject: Refund for BZ-5001"));
    assert!(
        bazaar_queue::store::failed(&app.db, &app.queue)
            .await
            .unwrap()
            .is_empty()
    );
    assert!(matches!(
        bazaar_queue::store::retry(&app.db, &app.queue, &failed[0].id).await,
        Err(bazaar_queue::QueueError::NotFailed(_))
    ));
}

#[tokio::test]
async fn the_schedule_fires_once_per_period_however_many_workers_tick_it() {
    let app = TestApp::new().await;
    let now = 1_800_000_000;
    let ticks = (0..6).map(|_| {
        let db = app.db.clone();
        tokio::spawn(async move { bazaar_workers::schedule::tick(&db, now).await.unwrap() })
    });
    let mut fired = Vec::new();
    for t in ticks {
        fired.extend(t.await.unwrap());
    }
    fired.sort_by_key(|t| t.name());
    let mut all = Housekeeping::ALL.to_vec();
    all.sort_by_key(|t| t.name());
    assert_eq!(fired, all, "each task once");
    // The next period fires again.
    let later = bazaar_workers::schedule::tick(&app.db, now + 25 * 3600)
        .await
        .unwrap();
    assert_eq!(later.len(), Housekeeping::ALL.len());
    let outbox: i64 = bazaar_db::on_db!(&app.db, pool => sqlx::query_scalar::<_, i64>("SELECT COUNT(*) FROM outbox").fetch_one(pool).await.unwrap());
    assert_eq!(outbox, 2 * Housekeeping::ALL.len() as i64);
}

#[tokio::test]
async fn housekeeping_trims_old_live_events() {
    let (app, customer) = app_with_customer().await;
    let mut tx = app.db.begin().await.unwrap();
    bazaar_queue::live::record(&mut tx, customer.id, "notification", serde_json::json!({}))
        .await
        .unwrap();
    tx.commit().await.unwrap();
    bazaar_db::on_db!(&app.db, pool => sqlx::query("UPDATE live_events SET created_at = $1")
        .bind(chrono::Utc::now() - chrono::Duration::days(8)).execute(pool).await.unwrap().rows_affected());
    let mut tx = app.db.begin().await.unwrap();
    bazaar_queue::live::record(&mut tx, customer.id, "notification", serde_json::json!({}))
        .await
        .unwrap();
    bazaar_queue::enqueue(
        &mut tx,
        &Job::Housekeeping {
            task: Housekeeping::PruneLiveEvents,
            slot: 1,
        },
    )
    .await
    .unwrap();
    tx.commit().await.unwrap();
    let jobs = app.start_jobs();
    TestApp::eventually("old events pruned", 15, || async {
        (count(&app, EVENTS_OF_USER, customer.id).await == 1).then_some(())
    })
    .await;
    jobs.shutdown().await;
    tokio::time::sleep(Duration::from_millis(10)).await;
}

/// A worker told to stop while a failed job waits for its retry still ends: apalis's retry
/// would wait for a stopping worker to take work again, forever.
#[tokio::test]
async fn a_worker_stopping_while_a_job_waits_for_its_retry_ends() {
    let app = TestApp::new().await;
    queue_failing_email(&app, "BZ-5002").await;

    let jobs = bazaar_workers::runtime::start(
        app.job_context(bazaar_enrich::GeoConfig::None, None),
        bazaar_workers::WorkerOptions {
            // Long enough for the stop to come while the retry waits.
            backoff: Duration::from_secs(5),
            ..TestApp::worker_options()
        },
    );
    // The first run fails within a poll; its retry then waits five seconds.
    tokio::time::sleep(Duration::from_millis(1500)).await;
    let stopping = std::time::Instant::now();
    tokio::time::timeout(Duration::from_secs(20), jobs.shutdown())
        .await
        .expect("the worker ends");
    assert!(
        stopping.elapsed() < bazaar_workers::runtime::SHUTDOWN_GRACE,
        "ended without waiting for the grace: {:?}",
        stopping.elapsed()
    );
}
