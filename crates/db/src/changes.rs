//! Changes to what public pages show (products, stores, settings), told to every process
//! that keeps answers in memory (the API's response cache).
//!
//! A write notes its changes on its transaction ([`Tx::changed`]); nothing is told unless it
//! commits, and then:
//! - in this process, every subscribed [`ChangeSink`] applies them before `commit` returns,
//!   so the next read here sees the change;
//! - on PostgreSQL, the changes travel to every other process by `pg_notify` on
//!   [`CHANNEL`], sent inside the transaction so that they are delivered at commit. A
//!   process with sinks applies what it hears and acknowledges it; `commit` waits, at most
//!   [`ACK_WAIT`], until every such process it knows of has acknowledged, so a read on any
//!   `serve` after the write returns sees the change. Processes with sinks say hello when
//!   they start listening and every [`HELLO_EVERY`]; one that misses an acknowledgement is
//!   not waited for again until its next hello. A listener that lost its connection may
//!   have missed changes, so its sinks drop everything when it reconnects;
//! - on SQLite, where one `serve` runs per file but the CLI (an import, a vendor approval)
//!   may write beside it, the changes are also written to `change_log` in the transaction,
//!   and processes with sinks read the other processes' rows every [`POLL_EVERY`].

use std::collections::{HashMap, HashSet};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, LazyLock, Mutex, Weak};
use std::time::{Duration, Instant};

use serde::{Deserialize, Serialize};
use uuid::Uuid;

use crate::{Db, DbResult};

/// The PostgreSQL channel changes and acknowledgements travel on.
pub const CHANNEL: &str = "bazaar_changes";
/// The longest a commit waits for other processes to acknowledge its changes.
pub const ACK_WAIT: Duration = Duration::from_millis(500);
/// How often a process with sinks says hello on PostgreSQL.
pub const HELLO_EVERY: Duration = Duration::from_secs(10);
/// A process not heard from for this long is no longer waited for.
const PEER_GONE: Duration = Duration::from_secs(25);
/// How often a SQLite process with sinks reads `change_log`.
pub const POLL_EVERY: Duration = Duration::from_millis(250);
/// How long `change_log` rows are kept.
const LOG_KEPT: Duration = Duration::from_secs(600);
/// `pg_notify` refuses payloads of 8000 bytes and more; a larger change set is sent as
/// [`Change::Everything`].
const MAX_PAYLOAD: usize = 7000;

/// One change to what public pages show.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Change {
    /// These products changed: text, prices, stock, status, pictures, rating.
    Products { ids: Vec<Uuid> },
    /// This store changed: its page, its standing, its terms.
    Vendor { id: Uuid },
    /// Categories were added or changed.
    Categories,
    /// Settings changed (currency, shipping, …): anything may show them.
    Settings,
    /// Anything may have changed (a change set too large to list, or changes missed).
    Everything,
}

/// Something that keeps answers derived from the database and forgets those a change
/// touches. `apply` runs inline on the committing task: keep it cheap.
pub trait ChangeSink: Send + Sync + 'static {
    fn apply(&self, changes: &[Change]);
}

/// Merges `changes` into as few as possible; too many for one notification become
/// [`Change::Everything`].
pub fn compact(changes: Vec<Change>) -> Vec<Change> {
    let mut products = Vec::new();
    let mut seen = HashSet::new();
    let mut vendors = Vec::new();
    let (mut settings, mut categories) = (false, false);
    for change in changes {
        match change {
            Change::Everything => return vec![Change::Everything],
            Change::Settings => settings = true,
            Change::Categories => categories = true,
            Change::Vendor { id } => {
                if !vendors.contains(&id) {
                    vendors.push(id);
                }
            }
            Change::Products { ids } => {
                products.extend(ids.into_iter().filter(|id| seen.insert(*id)))
            }
        }
    }
    let mut out = Vec::new();
    if settings {
        out.push(Change::Settings);
    }
    if categories {
        out.push(Change::Categories);
    }
    out.extend(vendors.into_iter().map(|id| Change::Vendor { id }));
    if !products.is_empty() {
        out.push(Change::Products { ids: products });
    }
    let size = serde_json::to_string(&out)
        .map(|s| s.len())
        .unwrap_or(usize::MAX);
    if size > MAX_PAYLOAD {
        return vec![Change::Everything];
    }
    out
}

/// What travels on [`CHANNEL`], which every process on the database hears: `scope` tells
/// apart the data sets of one database (connections with their own `search_path`, as the
/// tests have).
#[derive(Debug, Serialize, Deserialize)]
struct Envelope {
    scope: String,
    #[serde(flatten)]
    message: Message,
}

#[derive(Debug, Serialize, Deserialize)]
#[serde(tag = "t", rename_all = "snake_case")]
enum Message {
    Changes {
        origin: Uuid,
        seq: u64,
        changes: Vec<Change>,
    },
    Ack {
        origin: Uuid,
        seq: u64,
        by: Uuid,
    },
    Hello {
        by: Uuid,
    },
}

/// The changes machinery of one database in this process.
pub struct Hub {
    /// This process (a fresh id per hub).
    origin: Uuid,
    /// The data set's name on the shared channel.
    scope: String,
    sinks: Mutex<Vec<Weak<dyn ChangeSink>>>,
    /// Whether the listener (PostgreSQL) or poller (SQLite) runs.
    following: tokio::sync::OnceCell<()>,
    seq: AtomicU64,
    /// Processes with sinks, by when they were last heard from (PostgreSQL).
    peers: Mutex<HashMap<Uuid, Instant>>,
    /// Who acknowledged each of this process's change sets still waited for.
    acks: Mutex<HashMap<u64, HashSet<Uuid>>>,
    ack_heard: tokio::sync::watch::Sender<u64>,
}

static HUBS: LazyLock<Mutex<HashMap<String, Arc<Hub>>>> = LazyLock::new(Default::default);

fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
}

/// Where `db` lives: its file, or its server and database.
fn identity(db: &Db) -> String {
    match db {
        Db::Sqlite(pool) => format!("sqlite:{}", pool.connect_options().get_filename().display()),
        Db::Postgres(pool) => {
            let o = pool.connect_options();
            format!(
                "postgres:{}:{}/{}/{}/{}",
                o.get_host(),
                o.get_port(),
                o.get_database().unwrap_or_default(),
                o.get_options().unwrap_or_default(),
                o.get_application_name().unwrap_or_default()
            )
        }
    }
}

/// The hub of `db` in this process.
pub fn hub(db: &Db) -> Arc<Hub> {
    lock(&HUBS)
        .entry(identity(db))
        .or_insert_with(|| {
            Arc::new(Hub {
                origin: Uuid::now_v7(),
                scope: match db {
                    Db::Postgres(pool) => pool
                        .connect_options()
                        .get_options()
                        .unwrap_or_default()
                        .to_owned(),
                    Db::Sqlite(_) => String::new(),
                },
                sinks: Mutex::new(Vec::new()),
                following: tokio::sync::OnceCell::new(),
                seq: AtomicU64::new(0),
                peers: Mutex::new(HashMap::new()),
                acks: Mutex::new(HashMap::new()),
                ack_heard: tokio::sync::watch::channel(0).0,
            })
        })
        .clone()
}

/// Tells `sink` every change to `db` from now on, from this process and from others
/// (starting the listener or poller on the current Tokio runtime). The hub keeps only a
/// weak reference: dropping the sink unsubscribes it.
pub async fn subscribe(db: &Db, sink: &Arc<dyn ChangeSink>) -> DbResult<()> {
    let hub = hub(db);
    lock(&hub.sinks).push(Arc::downgrade(sink));
    follow(db, &hub).await
}

/// How many other processes with caches a commit here waits for (PostgreSQL).
pub fn peers(db: &Db) -> usize {
    hub(db).live_peers().len()
}

async fn follow(db: &Db, hub: &Arc<Hub>) -> DbResult<()> {
    hub.following
        .get_or_try_init(|| async {
            match db {
                Db::Sqlite(pool) => poll_sqlite(pool.clone(), Arc::clone(hub)).await,
                Db::Postgres(pool) => listen_postgres(pool, Arc::clone(hub)).await,
            }
        })
        .await
        .map(|_| ())
}

impl Hub {
    fn has_sinks(&self) -> bool {
        let mut sinks = lock(&self.sinks);
        sinks.retain(|s| s.strong_count() > 0);
        !sinks.is_empty()
    }

    /// Tells this process's sinks.
    pub fn apply(&self, changes: &[Change]) {
        if changes.is_empty() {
            return;
        }
        let sinks: Vec<Arc<dyn ChangeSink>> =
            lock(&self.sinks).iter().filter_map(Weak::upgrade).collect();
        for sink in sinks {
            sink.apply(changes);
        }
    }

    fn heard_from(&self, peer: Uuid) {
        if peer != self.origin {
            lock(&self.peers).insert(peer, Instant::now());
        }
    }

    fn live_peers(&self) -> HashSet<Uuid> {
        let mut peers = lock(&self.peers);
        peers.retain(|_, seen| seen.elapsed() < PEER_GONE);
        peers.keys().copied().collect()
    }

    /// Waits until every live peer acknowledged change set `seq`, at most [`ACK_WAIT`];
    /// peers that did not are not waited for again until they say hello.
    async fn wait_for_acks(&self, seq: u64) {
        let expected = self.live_peers();
        if expected.is_empty() {
            lock(&self.acks).remove(&seq);
            return;
        }
        let mut heard = self.ack_heard.subscribe();
        let deadline = tokio::time::Instant::now() + ACK_WAIT;
        loop {
            let missing: Vec<Uuid> = {
                let acks = lock(&self.acks);
                let got = acks.get(&seq);
                expected
                    .iter()
                    .filter(|p| !got.is_some_and(|g| g.contains(p)))
                    .copied()
                    .collect()
            };
            if missing.is_empty() {
                break;
            }
            if tokio::time::timeout_at(deadline, heard.changed())
                .await
                .is_err()
            {
                tracing::warn!(
                    ?missing,
                    "processes did not acknowledge a change in time; not waiting for them until they say hello"
                );
                let mut peers = lock(&self.peers);
                for p in missing {
                    peers.remove(&p);
                }
                break;
            }
        }
        lock(&self.acks).remove(&seq);
    }
}

/// Writes `changes` to `change_log` inside a SQLite transaction, for other processes.
pub(crate) async fn log_sqlite(
    conn: &mut sqlx::SqliteConnection,
    origin: Uuid,
    changes: &[Change],
) -> DbResult<()> {
    let text = serde_json::to_string(changes).expect("changes serialise");
    sqlx::query("INSERT INTO change_log (origin, changes, created_at) VALUES ($1, $2, $3)")
        .bind(origin)
        .bind(text)
        .bind(chrono::Utc::now())
        .execute(conn)
        .await?;
    Ok(())
}

/// Sends `changes` inside a PostgreSQL transaction (delivered at commit); returns the
/// sequence number to wait for.
pub(crate) async fn notify_postgres(
    conn: &mut sqlx::PgConnection,
    hub: &Hub,
    changes: Vec<Change>,
) -> DbResult<u64> {
    let seq = hub.seq.fetch_add(1, Ordering::Relaxed) + 1;
    lock(&hub.acks).insert(seq, HashSet::new());
    let message = Envelope {
        scope: hub.scope.clone(),
        message: Message::Changes {
            origin: hub.origin,
            seq,
            changes,
        },
    };
    let text = serde_json::to_string(&message).expect("changes serialise");
    sqlx::query("SELECT pg_notify($1, $2)")
        .bind(CHANNEL)
        .bind(text)
        .execute(conn)
        .await?;
    Ok(seq)
}

/// After a commit: tells this process's sinks, and on PostgreSQL waits for the others.
pub(crate) async fn committed(hub: &Hub, changes: &[Change], seq: Option<u64>) {
    hub.apply(changes);
    if let Some(seq) = seq {
        hub.wait_for_acks(seq).await;
    }
}

pub(crate) fn origin(hub: &Hub) -> Uuid {
    hub.origin
}

async fn poll_sqlite(pool: sqlx::SqlitePool, hub: Arc<Hub>) -> DbResult<()> {
    let mut last: i64 = sqlx::query_scalar("SELECT COALESCE(MAX(id), 0) FROM change_log")
        .fetch_one(&pool)
        .await?;
    let weak = Arc::downgrade(&hub);
    drop(hub);
    tokio::spawn(async move {
        let mut pruned = Instant::now();
        loop {
            tokio::time::sleep(POLL_EVERY).await;
            let Some(hub) = weak.upgrade() else { return };
            if !hub.has_sinks() {
                continue;
            }
            let rows: Result<Vec<(i64, Uuid, String)>, _> = sqlx::query_as(
                "SELECT id, origin, changes FROM change_log WHERE id > $1 ORDER BY id LIMIT 1000",
            )
            .bind(last)
            .fetch_all(&pool)
            .await;
            match rows {
                Ok(rows) => {
                    for (id, origin, text) in rows {
                        last = id;
                        if origin == hub.origin {
                            continue;
                        }
                        match serde_json::from_str::<Vec<Change>>(&text) {
                            Ok(changes) => hub.apply(&changes),
                            Err(_) => hub.apply(&[Change::Everything]),
                        }
                    }
                }
                Err(err) if pool.is_closed() => {
                    tracing::debug!(error = %err, "change log poller stops: pool closed");
                    return;
                }
                Err(err) => tracing::warn!(error = %err, "cannot read the change log"),
            }
            if pruned.elapsed() > LOG_KEPT {
                pruned = Instant::now();
                let before = chrono::Utc::now()
                    - chrono::Duration::from_std(LOG_KEPT).expect("small duration");
                let turn = Db::Sqlite(pool.clone()).write_turn().await;
                let _ = sqlx::query("DELETE FROM change_log WHERE created_at < $1")
                    .bind(before)
                    .execute(&pool)
                    .await;
                drop(turn);
            }
        }
    });
    Ok(())
}

async fn listen_postgres(pool: &sqlx::PgPool, hub: Arc<Hub>) -> DbResult<()> {
    use sqlx::postgres::PgListener;
    // A connection of its own, outside the pool (see `bazaar_queue::LiveBus`).
    let own = sqlx::postgres::PgPoolOptions::new()
        .max_connections(1)
        .connect_lazy_with((*pool.connect_options()).clone());
    let mut listener = PgListener::connect_with(&own).await?;
    listener.listen(CHANNEL).await?;
    // Hellos go through the pool, on a task of their own: the listener's loop is never
    // interrupted mid-message.
    let weak = Arc::downgrade(&hub);
    let pool = pool.clone();
    tokio::spawn(async move {
        loop {
            let Some(hub) = weak.upgrade() else { return };
            if hub.has_sinks() {
                let hello = Message::Hello { by: hub.origin };
                if let Err(err) = say(&pool, &hub.scope, hello).await {
                    if pool.is_closed() {
                        return;
                    }
                    tracing::warn!(error = %err, "cannot say hello on the change channel");
                }
            }
            drop(hub);
            tokio::time::sleep(HELLO_EVERY).await;
        }
    });
    let weak = Arc::downgrade(&hub);
    drop(hub);
    tokio::spawn(async move {
        loop {
            let received = listener.try_recv().await;
            let Some(hub) = weak.upgrade() else { return };
            match received {
                Ok(Some(note)) => match serde_json::from_str::<Envelope>(note.payload())
                    .map(|e| (e.scope == hub.scope).then_some(e.message))
                {
                    // Another data set's.
                    Ok(None) => {}
                    Ok(Some(Message::Changes {
                        origin,
                        seq,
                        changes,
                    })) if origin != hub.origin => {
                        hub.apply(&changes);
                        if hub.has_sinks() {
                            let ack = Message::Ack {
                                origin,
                                seq,
                                by: hub.origin,
                            };
                            if let Err(err) = say(&mut listener, &hub.scope, ack).await {
                                tracing::warn!(error = %err, "cannot acknowledge a change");
                            }
                        }
                    }
                    Ok(Some(Message::Changes { .. })) => {}
                    Ok(Some(Message::Ack { origin, seq, by })) => {
                        hub.heard_from(by);
                        if origin == hub.origin {
                            if let Some(got) = lock(&hub.acks).get_mut(&seq) {
                                got.insert(by);
                            }
                            hub.ack_heard.send_modify(|n| *n += 1);
                        }
                    }
                    Ok(Some(Message::Hello { by })) => {
                        // A process new to this one hears our hello at once, not in 10 s.
                        let new = by != hub.origin && !lock(&hub.peers).contains_key(&by);
                        hub.heard_from(by);
                        if new && hub.has_sinks() {
                            let hello = Message::Hello { by: hub.origin };
                            if let Err(err) = say(&mut listener, &hub.scope, hello).await {
                                tracing::warn!(error = %err, "cannot say hello on the change channel");
                            }
                        }
                    }
                    Err(err) => tracing::warn!(error = %err, "unreadable change notification"),
                },
                // The connection was lost (the next call reconnects): what was sent
                // meanwhile is gone.
                Ok(None) => {
                    tracing::warn!(
                        "change listener lost its connection; forgetting cached answers"
                    );
                    hub.apply(&[Change::Everything]);
                }
                Err(err) => {
                    if own.is_closed() {
                        return;
                    }
                    tracing::warn!(error = %err, "change listener failed");
                    drop(hub);
                    tokio::time::sleep(Duration::from_millis(500)).await;
                    // Whatever came meanwhile was missed.
                    if let Some(hub) = weak.upgrade() {
                        hub.apply(&[Change::Everything]);
                    }
                }
            }
        }
    });
    Ok(())
}

async fn say<'c, E>(on: E, scope: &str, message: Message) -> Result<(), sqlx::Error>
where
    E: sqlx::Executor<'c, Database = sqlx::Postgres>,
{
    let envelope = Envelope {
        scope: scope.to_owned(),
        message,
    };
    let text = serde_json::to_string(&envelope).expect("messages serialise");
    sqlx::query("SELECT pg_notify($1, $2)")
        .bind(CHANNEL)
        .bind(text)
        .execute(on)
        .await
        .map(|_| ())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn products(ids: &[u128]) -> Change {
        Change::Products {
            ids: ids.iter().map(|n| Uuid::from_u128(*n)).collect(),
        }
    }

    #[test]
    fn compact_merges_products_and_vendors_once_each() {
        let v = Uuid::from_u128(9);
        let out = compact(vec![
            products(&[1, 2]),
            Change::Vendor { id: v },
            products(&[2, 3]),
            Change::Vendor { id: v },
            Change::Settings,
        ]);
        assert_eq!(
            out,
            vec![
                Change::Settings,
                Change::Vendor { id: v },
                products(&[1, 2, 3])
            ]
        );
    }

    #[test]
    fn too_many_changes_for_one_notification_become_everything() {
        let many: Vec<u128> = (0..500).collect();
        assert_eq!(compact(vec![products(&many)]), vec![Change::Everything]);
        assert_eq!(
            compact(vec![products(&[1]), Change::Everything]),
            vec![Change::Everything]
        );
    }
}
