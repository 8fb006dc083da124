//! A fresh, migrated database for each test.
//!
//! Without `TEST_DATABASE_URL` every test gets its own SQLite file in the temp directory.
//! With `TEST_DATABASE_URL=postgres://…` every test gets its own schema in that database
//! (CI recreates the database before each run, so schemas never pile up).
//!
//! Scratch directories are named after the test process (`bazaar-test-{pid}-{id}`). The
//! first test of a process removes those left by processes that have ended, so they never
//! pile up in the temp directory (each holds a few MB of SQLite files).
//!
//! [`tls_postgres`] starts a PostgreSQL server of its own that speaks TLS, for the tests of
//! `sslmode` and `sslrootcert`. [`meilisearch`] gives the search tests a real Meilisearch,
//! [`smtp`] is a real SMTP server that keeps what it receives, and [`fault_proxy`] puts faults (down, hanging, garbage) between a client and a server.

use std::path::{Path, PathBuf};
use std::str::FromStr;
use std::sync::Once;

use bazaar_db::Db;
use sqlx::postgres::{PgConnectOptions, PgPoolOptions};

pub mod fault_proxy;
pub mod meilisearch;
pub mod s3;
pub mod smtp;
#[cfg(unix)]
pub mod tls_postgres;

/// The repository root (for `seeds/` and migrations).
pub fn repo_root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../..")
        .canonicalize()
        .expect("repository root")
}

/// Which backend the tests run on, for messages.
pub fn backend_name() -> &'static str {
    if std::env::var("TEST_DATABASE_URL").is_ok_and(|u| u.starts_with("postgres")) {
        "postgres"
    } else {
        "sqlite"
    }
}

/// A queue name of its own for one test: on a shared PostgreSQL database the job tables
/// are shared, and the name keeps each test's workers to its own jobs.
pub fn fresh_queue_name() -> String {
    format!("test-{}", uuid::Uuid::now_v7().simple())
}

/// A database of its own for one test, migrated. Also returns a scratch directory.
pub async fn fresh_db() -> (Db, PathBuf) {
    static SWEEP: Once = Once::new();
    SWEEP.call_once(|| sweep_scratch(&std::env::temp_dir()));
    let id = uuid::Uuid::now_v7().simple().to_string();
    let pid = std::process::id();
    let dir = std::env::temp_dir().join(format!("bazaar-test-{pid}-{id}"));
    std::fs::create_dir_all(&dir).expect("scratch directory");
    let db = match std::env::var("TEST_DATABASE_URL") {
        Ok(url) if url.starts_with("postgres") => {
            let schema = create_schema(&url).await;
            let opts = PgConnectOptions::from_str(&url)
                .expect("TEST_DATABASE_URL")
                // `public` last: the job queue's extensions (hstore) live there.
                .options([("search_path", format!("{schema},public"))]);
            let pool = PgPoolOptions::new()
                .max_connections(8)
                .connect_with(opts)
                .await
                .expect("connect schema");
            Db::Postgres(pool)
        }
        _ => Db::connect(
            &Db::sqlite_url_in(&dir),
            &bazaar_db::ConnectOptions::default(),
        )
        .await
        .expect("open SQLite"),
    };
    db.migrate().await.expect("migrate");
    (db, dir)
}

/// Removes the scratch directories of test processes that have ended. Where processes
/// cannot be looked up (no `/proc`), nothing is removed.
fn sweep_scratch(temp: &Path) {
    if !Path::new("/proc/self").exists() {
        return;
    }
    let Ok(entries) = std::fs::read_dir(temp) else {
        return;
    };
    for entry in entries.flatten() {
        let name = entry.file_name();
        let Some(rest) = name.to_str().and_then(|n| n.strip_prefix("bazaar-test-")) else {
            continue;
        };
        // Older directories carry no pid (`bazaar-test-{id}`): their process has ended too.
        let owner = rest
            .split_once('-')
            .and_then(|(pid, _)| pid.parse::<u32>().ok());
        let ended = owner.is_none_or(|pid| !Path::new(&format!("/proc/{pid}")).exists());
        if ended {
            // Another process may be sweeping the same directory: losing that race is fine.
            let _ = std::fs::remove_dir_all(entry.path());
        }
    }
}

/// For tests that run the `bazaar` binary: with `TEST_DATABASE_URL`, the URL of a new,
/// empty schema of its own (`options=-c search_path=…`); without it, `None` (the binary
/// then uses the SQLite file in its data directory).
pub async fn fresh_database_url() -> Option<String> {
    let url = std::env::var("TEST_DATABASE_URL")
        .ok()
        .filter(|u| u.starts_with("postgres"))?;
    let schema = create_schema(&url).await;
    let sep = if url.contains('?') { '&' } else { '?' };
    Some(format!(
        "{url}{sep}options=-c%20search_path%3D{schema}%2Cpublic"
    ))
}

/// Creates an empty schema with a unique name in the database at `url`.
async fn create_schema(url: &str) -> String {
    let schema = format!("t_{}", uuid::Uuid::now_v7().simple());
    let admin = PgPoolOptions::new()
        .max_connections(1)
        .connect(url)
        .await
        .expect("connect TEST_DATABASE_URL");
    sqlx::query(sqlx::AssertSqlSafe(format!("CREATE SCHEMA {schema}")))
        .execute(&admin)
        .await
        .expect("create test schema");
    admin.close().await;
    schema
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sweep_removes_only_the_scratch_of_ended_processes() {
        if !Path::new("/proc/self").exists() {
            return;
        }
        let root = std::env::temp_dir().join(format!("sweep-{}", uuid::Uuid::now_v7().simple()));
        let mine = root.join(format!("bazaar-test-{}-a", std::process::id()));
        let ended = root.join(format!("bazaar-test-{}-b", u32::MAX - 1));
        let legacy = root.join("bazaar-test-0123456789abcdef");
        let other = root.join("something-else");
        for dir in [&mine, &ended, &legacy, &other] {
            std::fs::create_dir_all(dir.join("inner")).unwrap();
        }
        sweep_scratch(&root);
        assert!(mine.exists(), "a running process keeps its scratch");
        assert!(!ended.exists(), "an ended process's scratch is removed");
        assert!(
            !legacy.exists(),
            "scratch without a pid is from an ended process"
        );
        assert!(other.exists(), "other directories are left alone");
        std::fs::remove_dir_all(&root).unwrap();
    }
}
