//! A fresh, migrated database for each test.
//!
//! Without `TEST_DATABASE_URL` every test gets its own SQLite file in the temp directory.
//! With `TEST_DATABASE_URL=postgres://…` every test gets its own schema in that database
//! (CI recreates the database before each run, so schemas never pile up).

use std::path::PathBuf;
use std::str::FromStr;

use bazaar_db::Db;
use sqlx::postgres::{PgConnectOptions, PgPoolOptions};

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
    let id = uuid::Uuid::now_v7().simple().to_string();
    let dir = std::env::temp_dir().join(format!("bazaar-test-{id}"));
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
