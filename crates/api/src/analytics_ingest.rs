//! Analytics ingest: events are answered 202 at once and written in batches.
//!
//! Requests hand their event to a bounded channel; one task writes whatever has arrived in a
//! single transaction (the events plus one enrichment job for the batch), so under load the
//! batches grow and the database sees few commits. An event is in the database a few
//! milliseconds after its 202; events still in the channel when the process is killed are
//! lost, which is the usual trade for analytics. `serve` flushes on a graceful shutdown.

use bazaar_db::Db;
use bazaar_db::analytics::{self, NewEvent};
use bazaar_queue::{AnalyticsRef, Job};
use tokio::sync::{mpsc, oneshot};

/// Events waiting to be written; beyond this the endpoint answers 503.
const CAPACITY: usize = 50_000;
const BATCH: usize = 2_000;

enum Message {
    Event(Box<NewEvent>, Option<String>),
    Flush(oneshot::Sender<()>),
}

#[derive(Clone)]
pub(crate) struct Ingest {
    sender: mpsc::Sender<Message>,
}

impl Ingest {
    pub fn start(db: Db) -> Self {
        let (sender, receiver) = mpsc::channel(CAPACITY);
        tokio::spawn(run(db, receiver));
        Self { sender }
    }

    /// Queues an event for writing; `false` when the queue is full.
    pub fn submit(&self, event: NewEvent, network: Option<String>) -> bool {
        self.sender
            .try_send(Message::Event(Box::new(event), network))
            .is_ok()
    }

    /// Waits until everything submitted so far is written.
    pub async fn flush(&self) {
        let (done, wait) = oneshot::channel();
        if self.sender.send(Message::Flush(done)).await.is_ok() {
            let _ = wait.await;
        }
    }
}

async fn run(db: Db, mut receiver: mpsc::Receiver<Message>) {
    let mut messages = Vec::with_capacity(BATCH);
    loop {
        if receiver.recv_many(&mut messages, BATCH).await == 0 {
            return;
        }
        let mut events = Vec::new();
        let mut waiters = Vec::new();
        for message in messages.drain(..) {
            match message {
                Message::Event(event, network) => events.push((*event, network)),
                Message::Flush(done) => waiters.push(done),
            }
        }
        if !events.is_empty()
            && let Err(err) = write(&db, &events).await
        {
            tracing::error!(error = %err, dropped = events.len(), "could not write analytics events");
        }
        for done in waiters {
            let _ = done.send(());
        }
    }
}

async fn write(db: &Db, events: &[(NewEvent, Option<String>)]) -> bazaar_db::DbResult<()> {
    let mut tx = db.begin().await?;
    for (event, _) in events {
        analytics::insert(&mut tx, event).await?;
    }
    let refs = events
        .iter()
        .map(|(e, network)| AnalyticsRef {
            id: e.id,
            network: network.clone(),
        })
        .collect();
    bazaar_queue::enqueue(&mut tx, &Job::EnrichAnalytics { events: refs }).await?;
    tx.commit().await
}
