//! An idle relay is woken by a committed outbox row instead of waiting for its next poll
//! (PostgreSQL's notification from the outbox's insert trigger).

use std::time::{Duration, Instant};

use bazaar_db::Db;
use bazaar_queue::{Job, enqueue, relay, store};
use tokio::sync::watch;
use uuid::Uuid;

async fn queued(db: &Db, queue: &str) -> i64 {
    store::counts(db, queue)
        .await
        .unwrap()
        .iter()
        .map(|(_, n)| n)
        .sum()
}

#[tokio::test]
async fn a_committed_job_reaches_the_queue_long_before_the_next_poll() {
    let (db, _dir) = bazaar_testkit::fresh_db().await;
    store::setup(&db).await.unwrap();
    let queue = bazaar_testkit::fresh_queue_name();
    // Polling once a minute: only the first pass, at start, would look without a wake-up.
    let (stop, stopped) = watch::channel(false);
    let relay = tokio::spawn(relay::run(
        db.clone(),
        queue.clone(),
        Duration::from_secs(60),
        stopped,
    ));
    // Let the first pass (an empty outbox) and the listener start.
    tokio::time::sleep(Duration::from_millis(300)).await;
    assert_eq!(queued(&db, &queue).await, 0);

    let mut tx = db.begin().await.unwrap();
    let job = Job::IndexProducts {
        product_ids: vec![Uuid::now_v7()],
    };
    enqueue(&mut tx, &job).await.unwrap();
    tx.commit().await.unwrap();
    let committed = Instant::now();

    let wanted = match db {
        // SQLite has no notifications: one process writes and its relay polls.
        Db::Sqlite(_) => 0,
        Db::Postgres(_) => 1,
    };
    let mut seen = 0;
    while committed.elapsed() < Duration::from_secs(2) {
        seen = queued(&db, &queue).await;
        if seen == 1 {
            break;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    assert_eq!(seen, wanted, "jobs in the queue 2 s after the commit");
    stop.send(true).unwrap();
    relay.await.unwrap();
}
