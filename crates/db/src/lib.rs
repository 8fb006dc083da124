//! bazaar's storage: one code path over SQLite (embedded mode) and PostgreSQL (scale-out).
//!
//! Queries are written once with `$1…$N` placeholders, which both backends accept, and run
//! on whichever concrete pool is configured through [`on_db!`] and [`on_tx!`]. Keeping the
//! concrete pools (rather than sqlx's `Any` driver) keeps real types: UUIDs, timestamps,
//! booleans and JSON decode the same way on both.
//!
//! Every write that changes what customers can see goes through this crate, which keeps
//! the derived product columns (`listed`, `min_price_cents`, …) true; see [`products`].

use std::path::Path;
use std::str::FromStr;
use std::time::Duration;

use sqlx::postgres::{PgConnectOptions, PgPoolOptions};
use sqlx::sqlite::{SqliteConnectOptions, SqliteJournalMode, SqlitePoolOptions, SqliteSynchronous};
use sqlx::{PgPool, SqlitePool};

pub mod accounts;
pub mod admin;
pub mod agreements;
pub mod analytics;
pub mod attributes;
pub mod audit;
mod binds;
pub mod cart;
pub mod categories;
pub mod changes;
pub mod chat;
pub mod coupons;
pub mod deals;
pub mod emails;
pub mod help;
pub mod imports;
pub mod inventory;
pub mod ledger;
pub mod media;
pub mod newsletter;
pub mod notifications;
pub mod orders;
pub mod payments;
mod pg_tls;
pub mod points;
pub mod points_batches;
pub mod processes;
pub mod products;
pub mod refunds;
pub mod reviews;
pub mod rollups;
pub mod settings;
pub mod stock;
pub mod synthetic;
pub mod tickets;
pub mod vendor_applications;
pub mod vendors;
pub mod wishlist;

pub use binds::{Bind, Binds};

/// Runs `$body` with `$pool` bound to the concrete pool of `$db`.
#[macro_export]
macro_rules! on_db {
    ($db:expr, $pool:ident => $body:expr) => {
        match $db {
            $crate::Db::Sqlite($pool) => $body,
            $crate::Db::Postgres($pool) => $body,
        }
    };
}

/// Runs `$body` with `$conn` bound to the concrete connection of transaction `$tx`.
#[macro_export]
macro_rules! on_tx {
    ($tx:expr, $conn:ident => $body:expr) => {
        match $tx {
            $crate::Tx::Sqlite(t) => {
                let $conn = &mut ***t;
                $body
            }
            $crate::Tx::Postgres(t) => {
                let $conn = &mut ***t;
                $body
            }
        }
    };
}

#[derive(Debug, thiserror::Error)]
pub enum DbError {
    #[error("not found")]
    NotFound,
    #[error("already exists: {0}")]
    Conflict(String),
    #[error("invalid database URL '{url}': {reason}")]
    BadUrl { url: String, reason: String },
    /// The TLS handshake with PostgreSQL failed (sqlx reports most of these as I/O errors).
    #[error("TLS to the database failed: {0} (check sslmode and sslrootcert in the database URL)")]
    Tls(String),
    #[error(transparent)]
    Sqlx(#[from] sqlx::Error),
    #[error("migration failed: {0}")]
    Migrate(#[from] sqlx::migrate::MigrateError),
}

impl DbError {
    /// Whether the database could not be reached (down, restarting, refusing connections,
    /// or a connection lost mid-query), as opposed to a query it answered with an error.
    /// Requests answer these with 503 and `Retry-After`: trying again later can succeed.
    pub fn is_unavailable(&self) -> bool {
        match self {
            DbError::Tls(_) => true,
            DbError::Sqlx(err) => sqlx_unavailable(err),
            DbError::Migrate(sqlx::migrate::MigrateError::Execute(err)) => sqlx_unavailable(err),
            _ => false,
        }
    }

    /// Unique-constraint violations become [`DbError::Conflict`], the rest stays as it is.
    pub fn classify(err: sqlx::Error) -> Self {
        match &err {
            sqlx::Error::RowNotFound => DbError::NotFound,
            sqlx::Error::Database(db) if db.is_unique_violation() => {
                DbError::Conflict(db.message().to_owned())
            }
            _ => DbError::Sqlx(err),
        }
    }
}

pub type DbResult<T> = Result<T, DbError>;

fn sqlx_unavailable(err: &sqlx::Error) -> bool {
    match err {
        sqlx::Error::PoolTimedOut | sqlx::Error::PoolClosed | sqlx::Error::Io(_) => true,
        sqlx::Error::Tls(_) => true,
        // PostgreSQL's class 08 (connection exception), 57P01–57P03 (shutting down, crash
        // recovery, starting up) and 53300 (too many connections).
        sqlx::Error::Database(db) => db.code().is_some_and(|code| {
            code.starts_with("08") || matches!(code.as_ref(), "57P01" | "57P02" | "57P03" | "53300")
        }),
        _ => false,
    }
}

/// Which database a [`Db`] talks to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Backend {
    Sqlite,
    Postgres,
}

/// A pool of connections to the configured database. Cheap to clone.
#[derive(Clone, Debug)]
pub enum Db {
    Sqlite(SqlitePool),
    Postgres(PgPool),
}

/// An open transaction on either backend.
pub enum Tx {
    Sqlite(SqliteTx),
    Postgres(PgTx),
}

/// A SQLite write transaction and this process's turn to write to that database file.
///
/// SQLite lets one writer in at a time; a second `BEGIN IMMEDIATE` gets SQLITE_BUSY and its
/// busy handler sleeps in growing steps (1, 2, 5, 10 … ms) before trying again. Under load
/// those sleeps, not the work, set the pace (measured with ops/bench-buy: add-to-cart at 32
/// connections). So writers of one process queue on an async mutex per database file
/// instead, and only other processes (a CLI import next to `serve`) meet the busy handler.
pub struct SqliteTx {
    tx: sqlx::Transaction<'static, sqlx::Sqlite>,
    /// What the transaction changed of public pages, told at commit (see [`changes`]).
    changes: Vec<changes::Change>,
    hub: std::sync::Arc<changes::Hub>,
    // Dropped after `tx`, so the turn passes on only once the transaction has ended.
    _turn: tokio::sync::OwnedMutexGuard<()>,
}

/// A PostgreSQL transaction and what it changed of public pages (see [`changes`]).
pub struct PgTx {
    tx: sqlx::Transaction<'static, sqlx::Postgres>,
    changes: Vec<changes::Change>,
    hub: std::sync::Arc<changes::Hub>,
}

impl std::ops::Deref for PgTx {
    type Target = sqlx::Transaction<'static, sqlx::Postgres>;
    fn deref(&self) -> &Self::Target {
        &self.tx
    }
}

impl std::ops::DerefMut for PgTx {
    fn deref_mut(&mut self) -> &mut Self::Target {
        &mut self.tx
    }
}

impl std::ops::Deref for SqliteTx {
    type Target = sqlx::Transaction<'static, sqlx::Sqlite>;
    fn deref(&self) -> &Self::Target {
        &self.tx
    }
}

impl std::ops::DerefMut for SqliteTx {
    fn deref_mut(&mut self) -> &mut Self::Target {
        &mut self.tx
    }
}

/// The writers' queue of one SQLite database file (shared by every pool on it).
fn writer_turns(pool: &SqlitePool) -> std::sync::Arc<tokio::sync::Mutex<()>> {
    use std::collections::HashMap;
    use std::sync::{Arc, LazyLock, Mutex};
    static TURNS: LazyLock<Mutex<HashMap<std::path::PathBuf, Arc<tokio::sync::Mutex<()>>>>> =
        LazyLock::new(Default::default);
    let file = pool.connect_options().get_filename().to_path_buf();
    let mut turns = TURNS
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner());
    turns.entry(file).or_default().clone()
}

/// Connection settings beyond the URL.
#[derive(Debug, Clone)]
pub struct ConnectOptions {
    /// Pool size; `None` sizes it for the machine and backend (see [`default_pool_size`]).
    pub max_connections: Option<u32>,
    /// How long a query waits for a connection (or for a new one to open) before it fails
    /// with an error [`DbError::is_unavailable`] calls unavailable.
    pub acquire_timeout: Duration,
    /// How long [`Db::connect`] waits for a PostgreSQL that refuses connections (still
    /// starting) before giving up; at least `acquire_timeout`.
    pub startup_timeout: Duration,
    /// SQLite's page cache per connection, in KiB: what one connection keeps of the file in
    /// memory (beyond the operating system's file cache).
    pub sqlite_cache_kib: u32,
}

/// How long a SQLite connection stays open unused.
pub const SQLITE_IDLE_TIMEOUT: Duration = Duration::from_secs(20);

/// The SQLite page cache per connection unless a command sets another (`serve
/// --sqlite-cache-mb`).
pub const DEFAULT_SQLITE_CACHE_KIB: u32 = 8 * 1024;

impl Default for ConnectOptions {
    fn default() -> Self {
        Self {
            max_connections: None,
            acquire_timeout: Duration::from_secs(10),
            startup_timeout: Duration::from_secs(10),
            sqlite_cache_kib: DEFAULT_SQLITE_CACHE_KIB,
        }
    }
}

impl ConnectOptions {
    /// For a process answering requests (`bazaar serve`): a request that cannot get a
    /// connection within 700 ms fails, so that with the database unreachable the API
    /// answers 503 within a second instead of letting callers pile up; start-up still
    /// waits the default 10 s for a database that is starting too.
    pub fn serving() -> Self {
        Self {
            acquire_timeout: Duration::from_millis(700),
            ..Self::default()
        }
    }
}

/// A server that is not listening yet, or says it is starting or recovering.
fn not_up_yet(err: &sqlx::Error) -> bool {
    match err {
        sqlx::Error::Io(e) => matches!(
            e.kind(),
            std::io::ErrorKind::ConnectionRefused | std::io::ErrorKind::ConnectionReset
        ),
        sqlx::Error::Database(db) => db
            .code()
            .is_some_and(|code| matches!(code.as_ref(), "57P03" | "57P02")),
        _ => false,
    }
}

/// Waits until PostgreSQL accepts a connection, for as long as it refuses them or says it
/// is starting, up to `patience`; any other failure (a wrong password, TLS) comes at once.
async fn wait_for_postgres(opts: &PgConnectOptions, patience: Duration) -> Result<(), sqlx::Error> {
    use sqlx::{ConnectOptions as _, Connection as _};
    let deadline = std::time::Instant::now() + patience;
    let mut pause = Duration::from_millis(50);
    loop {
        match opts.connect().await {
            Ok(conn) => {
                let _ = conn.close().await;
                return Ok(());
            }
            Err(err) if not_up_yet(&err) && std::time::Instant::now() + pause < deadline => {
                tokio::time::sleep(pause).await;
                pause = (pause * 2).min(Duration::from_secs(1));
            }
            Err(err) => return Err(err),
        }
    }
}

/// SQLite runs each connection on a thread of its own, so two per core keep the cores busy
/// without thrashing (measured with ops/bench: 8 connections on 2 cores served fewer list
/// requests than 4); PostgreSQL's connections mostly wait on the network, so it gets more.
pub fn default_pool_size(backend: Backend) -> u32 {
    let cores = std::thread::available_parallelism()
        .map(|n| n.get() as u32)
        .unwrap_or(2);
    match backend {
        Backend::Sqlite => (cores * 2).max(4),
        Backend::Postgres => (cores * 4).max(8),
    }
}

impl Db {
    /// Connects to `url`: `sqlite://path` (the file is created) or `postgres://…`, where
    /// `sslmode` and `sslrootcert` work as in libpq (TLS through rustls; see `pg_tls`).
    pub async fn connect(url: &str, options: &ConnectOptions) -> DbResult<Self> {
        let bad = |reason: String| DbError::BadUrl {
            url: redact_url(url),
            reason,
        };
        if url.starts_with("sqlite:") {
            let opts = SqliteConnectOptions::from_str(url)
                .map_err(|e| bad(e.to_string()))?
                .create_if_missing(true)
                .journal_mode(SqliteJournalMode::Wal)
                .synchronous(SqliteSynchronous::Normal)
                .foreign_keys(true)
                .busy_timeout(Duration::from_secs(10))
                .pragma("cache_size", format!("-{}", options.sqlite_cache_kib))
                .pragma("temp_store", "memory");
            let pool = SqlitePoolOptions::new()
                .max_connections(
                    options
                        .max_connections
                        .unwrap_or_else(|| default_pool_size(Backend::Sqlite)),
                )
                .acquire_timeout(options.acquire_timeout)
                // Each connection is a thread with its page cache: an idle server closes
                // them (and opens one again in about a millisecond when asked).
                .idle_timeout(SQLITE_IDLE_TIMEOUT)
                .min_connections(0)
                .connect_with(opts)
                .await?;
            Ok(Db::Sqlite(pool))
        } else if url.starts_with("postgres:") || url.starts_with("postgresql:") {
            let opts = PgConnectOptions::from_str(url).map_err(|e| bad(e.to_string()))?;
            let opts = pg_tls::apply(url, opts).map_err(bad)?;
            // sqlx hands rustls the ring provider itself, except when verifying without the
            // host name (verify-ca), where rustls falls back to the process-wide provider.
            let _ = rustls::crypto::ring::default_provider().install_default();
            if options.startup_timeout > options.acquire_timeout {
                wait_for_postgres(&opts, options.startup_timeout)
                    .await
                    .map_err(pg_tls::connect_error)?;
            }
            let pool = PgPoolOptions::new()
                .max_connections(
                    options
                        .max_connections
                        .unwrap_or_else(|| default_pool_size(Backend::Postgres)),
                )
                .acquire_timeout(options.acquire_timeout)
                .connect_with(opts)
                .await
                .map_err(pg_tls::connect_error)?;
            Ok(Db::Postgres(pool))
        } else {
            Err(bad(
                "expected a URL starting with sqlite: or postgres:".into()
            ))
        }
    }

    /// The URL of the SQLite database file inside a data directory.
    pub fn sqlite_url_in(data_dir: &Path) -> String {
        format!("sqlite://{}", data_dir.join("bazaar.db").display())
    }

    pub fn backend(&self) -> Backend {
        match self {
            Db::Sqlite(_) => Backend::Sqlite,
            Db::Postgres(_) => Backend::Postgres,
        }
    }

    /// Applies the pending migrations of this backend.
    pub async fn migrate(&self) -> DbResult<()> {
        match self {
            Db::Sqlite(pool) => sqlx::migrate!("./migrations/sqlite").run(pool).await?,
            Db::Postgres(pool) => sqlx::migrate!("./migrations/postgres").run(pool).await?,
        }
        Ok(())
    }

    /// Whether the database answers a trivial query (readiness probe).
    pub async fn ping(&self) -> DbResult<()> {
        on_db!(self, pool => sqlx::query("SELECT 1").execute(pool).await.map(|_| ()))?;
        Ok(())
    }

    /// Opens a transaction. On SQLite it is `BEGIN IMMEDIATE`: it takes the write lock up
    /// front (waiting up to the busy timeout), because a deferred transaction that read
    /// first and writes second fails at once with "database is locked" when another
    /// connection wrote in between; with jobs writing alongside requests that would be often.
    pub async fn begin(&self) -> DbResult<Tx> {
        Ok(match self {
            Db::Sqlite(pool) => {
                let turn = writer_turns(pool).lock_owned().await;
                Tx::Sqlite(SqliteTx {
                    tx: pool.begin_with("BEGIN IMMEDIATE").await?,
                    changes: Vec::new(),
                    hub: changes::hub(self),
                    _turn: turn,
                })
            }
            Db::Postgres(pool) => Tx::Postgres(PgTx {
                tx: pool.begin().await?,
                changes: Vec::new(),
                hub: changes::hub(self),
            }),
        })
    }

    /// On SQLite, waits for this process's turn to write (see [`SqliteTx`]) and holds it
    /// until the guard drops: for single statements that write outside a transaction.
    pub async fn write_turn(&self) -> Option<tokio::sync::OwnedMutexGuard<()>> {
        match self {
            Db::Sqlite(pool) => Some(writer_turns(pool).lock_owned().await),
            Db::Postgres(_) => None,
        }
    }

    pub async fn close(&self) {
        on_db!(self, pool => pool.close().await)
    }
}

impl Tx {
    /// Notes that this transaction changes what public pages show; told to every process's
    /// caches once it commits (see [`changes`]).
    pub fn changed(&mut self, change: changes::Change) {
        match self {
            Tx::Sqlite(t) => t.changes.push(change),
            Tx::Postgres(t) => t.changes.push(change),
        }
    }

    /// Commits, then tells the changes noted: this process's caches before returning, and
    /// on PostgreSQL the other processes', waiting (briefly) for them to acknowledge.
    pub async fn commit(self) -> DbResult<()> {
        match self {
            Tx::Sqlite(mut t) => {
                let noted = changes::compact(std::mem::take(&mut t.changes));
                if !noted.is_empty() {
                    changes::log_sqlite(&mut t.tx, changes::origin(&t.hub), &noted).await?;
                }
                let hub = t.hub;
                t.tx.commit().await?;
                drop(t._turn);
                changes::committed(&hub, &noted, None).await;
            }
            Tx::Postgres(mut t) => {
                let noted = changes::compact(std::mem::take(&mut t.changes));
                let seq = if noted.is_empty() {
                    None
                } else {
                    Some(changes::notify_postgres(&mut t.tx, &t.hub, noted.clone()).await?)
                };
                t.tx.commit().await?;
                changes::committed(&t.hub, &noted, seq).await;
            }
        }
        Ok(())
    }

    pub async fn rollback(self) -> DbResult<()> {
        match self {
            Tx::Sqlite(t) => t.tx.rollback().await?,
            Tx::Postgres(t) => t.tx.rollback().await?,
        }
        Ok(())
    }
}

/// A `LIKE … ESCAPE '\'` pattern matching text that contains `q` (lower-cased, so compare
/// with `LOWER(column)`), with `%`, `_` and `\` in `q` taken literally.
pub fn contains_pattern(q: &str) -> String {
    let escaped = q
        .to_lowercase()
        .replace('\\', "\\\\")
        .replace('%', "\\%")
        .replace('_', "\\_");
    format!("%{escaped}%")
}

/// The URL with any password replaced, for messages and logs: the one in the user info and
/// a `password=` query parameter, which sqlx accepts too.
pub fn redact_url(url: &str) -> String {
    let (base, query) = match url.split_once('?') {
        Some((base, query)) => (base, Some(query)),
        None => (url, None),
    };
    let mut out = match (base.find("://"), base.rfind('@')) {
        (Some(scheme_end), Some(at)) if at > scheme_end => {
            let userinfo = &base[scheme_end + 3..at];
            match userinfo.split_once(':') {
                Some((user, _)) => format!("{}{user}:***{}", &base[..scheme_end + 3], &base[at..]),
                None => base.to_owned(),
            }
        }
        _ => base.to_owned(),
    };
    if let Some(query) = query {
        let pairs: Vec<&str> = query
            .split('&')
            .map(|pair| match pair.split_once('=') {
                Some(("password", _)) => "password=***",
                _ => pair,
            })
            .collect();
        out.push('?');
        out.push_str(&pairs.join("&"));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn redacts_passwords() {
        assert_eq!(
            redact_url("postgres://u:secret@h/db"),
            "postgres://u:***@h/db"
        );
        assert_eq!(redact_url("postgres://u@h/db"), "postgres://u@h/db");
        assert_eq!(
            redact_url("sqlite://data/bazaar.db"),
            "sqlite://data/bazaar.db"
        );
        assert_eq!(
            redact_url("postgres://u:p@h/db?sslmode=verify-full&password=x&sslrootcert=/ca.pem"),
            "postgres://u:***@h/db?sslmode=verify-full&password=***&sslrootcert=/ca.pem"
        );
        assert_eq!(
            redact_url("postgres://h/db?user=u&password=s"),
            "postgres://h/db?user=u&password=***"
        );
    }
}
