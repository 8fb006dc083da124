//! Live events for signed-in users.
//!
//! An event is a row of `live_events` (so a client that reconnects with `Last-Event-ID` is
//! replayed what it missed) and a message on an in-process broadcast channel that the SSE
//! handlers of this process read. With PostgreSQL, recording an event also issues
//! `pg_notify` in the same transaction; every process LISTENs and rebroadcasts what it
//! hears, so an event raised anywhere (another `serve`, a `worker`) reaches clients of every
//! `serve`, and only once the change that raised it has committed. With SQLite there is one
//! process, and the recorder broadcasts after its commit ([`LiveBus::delivered`]).

use std::time::Duration;

use bazaar_db::{Db, DbResult, Tx, on_db};
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use tokio::sync::broadcast;
use uuid::Uuid;

/// The PostgreSQL channel events travel on.
pub const CHANNEL: &str = "bazaar_live_events";

/// The kind of the event that ends live streams when sessions are signed out; its payload
/// is `{"scope": "global" | "local" | "others", "session_id": "<the signing-out session>"}`.
/// A stream whose own session is gone then closes; the event is never sent to clients.
pub const SIGNED_OUT: &str = "signed_out";

/// A stored event, read as a [`LiveEvent`].
const EVENT: &str = "SELECT id, user_id, kind, payload, created_at FROM live_events";

/// One event for one user.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, sqlx::FromRow)]
pub struct LiveEvent {
    pub id: i64,
    pub user_id: Uuid,
    pub kind: String,
    pub payload: serde_json::Value,
    pub created_at: DateTime<Utc>,
}

/// The fan-out of one process. Cheap to clone.
#[derive(Clone, Debug)]
pub struct LiveBus {
    sender: broadcast::Sender<LiveEvent>,
    via_postgres: bool,
}

impl LiveBus {
    /// A bus for `db`. On PostgreSQL it starts listening on [`CHANNEL`] (reconnecting if the
    /// connection drops); call it inside a Tokio runtime.
    pub async fn start(db: &Db) -> DbResult<Self> {
        let (sender, _) = broadcast::channel(1024);
        let via_postgres = matches!(db, Db::Postgres(_));
        if let Db::Postgres(pool) = db {
            // A connection of its own, outside the pool: a listener holds its connection for
            // good, and one taken from the pool would keep `pool.close()` waiting forever.
            let own = sqlx::postgres::PgPoolOptions::new()
                .max_connections(1)
                .connect_lazy_with((*pool.connect_options()).clone());
            let mut listener = sqlx::postgres::PgListener::connect_with(&own).await?;
            listener.listen(CHANNEL).await?;
            let sender = sender.clone();
            let db = db.clone();
            tokio::spawn(async move {
                loop {
                    match listener.recv().await {
                        Ok(note) => match serde_json::from_str::<Notice>(note.payload()) {
                            Ok(Notice::Whole(event)) => {
                                let _ = sender.send(event);
                            }
                            Ok(Notice::Stored { id }) => match stored(&db, id).await {
                                Ok(Some(event)) => {
                                    let _ = sender.send(event);
                                }
                                Ok(None) => {}
                                Err(err) => {
                                    tracing::warn!(error = %err, "could not read a live event")
                                }
                            },
                            Err(err) => tracing::warn!(error = %err, "unreadable live event"),
                        },
                        Err(err) => {
                            // PgListener reconnects on the next recv; events in between are
                            // still in the table for clients that resume.
                            tracing::warn!(error = %err, "live event listener lost its connection");
                            tokio::time::sleep(Duration::from_millis(500)).await;
                        }
                    }
                    if sender.receiver_count() == 0 && sender.strong_count() == 1 {
                        // Only the listener holds the channel: the bus was dropped.
                        return;
                    }
                }
            });
        }
        Ok(Self {
            sender,
            via_postgres,
        })
    }

    pub fn subscribe(&self) -> broadcast::Receiver<LiveEvent> {
        self.sender.subscribe()
    }

    /// Call after the transaction that [`record`]ed `events` has committed.
    pub fn delivered(&self, events: impl IntoIterator<Item = LiveEvent>) {
        if !self.via_postgres {
            for event in events {
                let _ = self.sender.send(event);
            }
        }
    }
}

/// Records an event in `tx` (and, on PostgreSQL, queues its NOTIFY for commit).
pub async fn record(
    tx: &mut Tx,
    user_id: Uuid,
    kind: &str,
    payload: serde_json::Value,
) -> DbResult<LiveEvent> {
    let created_at = Utc::now();
    let event = match tx {
        Tx::Sqlite(conn) => {
            let id: i64 = sqlx::query_scalar(
                "INSERT INTO live_events (user_id, kind, payload, created_at) VALUES ($1, $2, $3, $4) RETURNING id",
            )
            .bind(user_id)
            .bind(kind)
            .bind(&payload)
            .bind(created_at)
            .fetch_one(&mut ***conn)
            .await?;
            LiveEvent {
                id,
                user_id,
                kind: kind.to_owned(),
                payload,
                created_at,
            }
        }
        Tx::Postgres(conn) => {
            let id: i64 = sqlx::query_scalar(
                "INSERT INTO live_events (user_id, kind, payload, created_at) VALUES ($1, $2, $3, $4) RETURNING id",
            )
            .bind(user_id)
            .bind(kind)
            .bind(&payload)
            .bind(created_at)
            .fetch_one(&mut ***conn)
            .await?;
            let event = LiveEvent {
                id,
                user_id,
                kind: kind.to_owned(),
                payload,
                created_at,
            };
            let mut message = serde_json::to_string(&event).expect("events serialise");
            if message.len() > MAX_NOTICE_BYTES {
                // NOTIFY takes under 8,000 bytes: a large event travels by its id.
                message = serde_json::to_string(&Notice::Stored { id }).expect("notices serialise");
            }
            sqlx::query("SELECT pg_notify($1, $2)")
                .bind(CHANNEL)
                .bind(message)
                .execute(&mut ***conn)
                .await?;
            event
        }
    };
    Ok(event)
}

/// Events larger than this travel over NOTIFY by their id (PostgreSQL refuses payloads of
/// 8,000 bytes or more).
const MAX_NOTICE_BYTES: usize = 7_000;

/// What NOTIFY carries: the event, or the id of a stored one too large to carry.
#[derive(Debug, Serialize, Deserialize)]
#[serde(untagged)]
enum Notice {
    Whole(LiveEvent),
    Stored { id: i64 },
}

async fn stored(db: &Db, id: i64) -> DbResult<Option<LiveEvent>> {
    let sql = format!("{EVENT} WHERE id = $1");
    Ok(
        on_db!(db, pool => sqlx::query_as::<_, LiveEvent>(sqlx::AssertSqlSafe(sql.as_str()))
        .bind(id)
        .fetch_optional(pool)
        .await)?,
    )
}

/// Sends an event that is not kept (a typing indicator) to `users`' open streams in every
/// process. It has id 0: it is never replayed and does not move a stream's position.
pub async fn ephemeral(
    db: &Db,
    bus: &LiveBus,
    users: &[Uuid],
    kind: &str,
    payload: serde_json::Value,
) -> DbResult<()> {
    let created_at = Utc::now();
    for &user_id in users {
        let event = LiveEvent {
            id: 0,
            user_id,
            kind: kind.to_owned(),
            payload: payload.clone(),
            created_at,
        };
        match db {
            Db::Postgres(pool) => {
                let message = serde_json::to_string(&event).expect("events serialise");
                if message.len() <= MAX_NOTICE_BYTES {
                    sqlx::query("SELECT pg_notify($1, $2)")
                        .bind(CHANNEL)
                        .bind(message)
                        .execute(pool)
                        .await?;
                }
            }
            Db::Sqlite(_) => {
                let _ = bus.sender.send(event);
            }
        }
    }
    Ok(())
}

/// The user's events after `after_id`, oldest first, at most `limit`.
pub async fn since(db: &Db, user_id: Uuid, after_id: i64, limit: i64) -> DbResult<Vec<LiveEvent>> {
    let sql = format!("{EVENT} WHERE user_id = $1 AND id > $2 ORDER BY id LIMIT $3");
    Ok(
        on_db!(db, pool => sqlx::query_as::<_, LiveEvent>(sqlx::AssertSqlSafe(sql.as_str()))
        .bind(user_id)
        .bind(after_id)
        .bind(limit)
        .fetch_all(pool)
        .await)?,
    )
}

/// The id of the user's newest event (0 when none): where a fresh connection starts.
pub async fn latest_id(db: &Db, user_id: Uuid) -> DbResult<i64> {
    let id: Option<i64> = on_db!(db, pool => sqlx::query_scalar(
        "SELECT MAX(id) FROM live_events WHERE user_id = $1",
    )
    .bind(user_id)
    .fetch_one(pool)
    .await)?;
    Ok(id.unwrap_or(0))
}

/// Deletes events older than `before` (housekeeping).
pub async fn prune(db: &Db, before: DateTime<Utc>) -> DbResult<u64> {
    let n = on_db!(db, pool => sqlx::query("DELETE FROM live_events WHERE created_at < $1")
        .bind(before)
        .execute(pool)
        .await.map(|r| r.rows_affected()))?;
    Ok(n)
}
