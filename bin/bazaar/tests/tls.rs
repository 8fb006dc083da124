//! `DATABASE_URL='postgres://…?sslmode=verify-full&sslrootcert=…' bazaar serve` against a
//! PostgreSQL that speaks TLS (a server of the test's own, see `bazaar_testkit::tls_postgres`):
//! it serves over encrypted connections only, and a CA that does not match is one clear line.

use std::net::TcpListener;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Output, Stdio};
use std::time::{Duration, Instant};

use bazaar_testkit::tls_postgres::{TestCa, TlsPostgres};

fn bazaar(dir: &Path, database_url: &str) -> Command {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_bazaar"));
    cmd.current_dir(dir);
    for var in [
        "BAZAAR_DATABASE_URL",
        "BAZAAR_DATA_DIR",
        "BAZAAR_CONFIG",
        "BAZAAR_LISTEN",
        "BAZAAR_WEB_DIR",
        // The tests' Meilisearch (ops/test exports it) is not these commands' search.
        "MEILI_URL",
        "MEILI_KEY",
        "MEILI_INDEX",
        "BAZAAR_LOG",
        "RUST_LOG",
    ] {
        cmd.env_remove(var);
    }
    cmd.env("DATABASE_URL", database_url);
    cmd
}

fn scratch() -> PathBuf {
    let dir = std::env::temp_dir().join(format!("bazaar-cli-{}", uuid::Uuid::now_v7().simple()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn free_port() -> u16 {
    TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port()
}

struct Server(Child);

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

fn get_status(port: u16, path: &str) -> Option<u16> {
    use std::io::{Read, Write};
    let mut s = std::net::TcpStream::connect(("127.0.0.1", port)).ok()?;
    s.set_read_timeout(Some(Duration::from_secs(5))).ok()?;
    write!(
        s,
        "GET {path} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n"
    )
    .ok()?;
    let mut buf = String::new();
    s.read_to_string(&mut buf).ok()?;
    buf.split_whitespace().nth(1)?.parse().ok()
}

/// Client connections to `pg` other than the probe's own: (encrypted, unencrypted).
fn connections_by_encryption(pg: &TlsPostgres) -> (i64, i64) {
    let url = pg.url("127.0.0.1", "sslmode=require");
    tokio::runtime::Runtime::new().unwrap().block_on(async {
        let db = bazaar_db::Db::connect(&url, &bazaar_db::ConnectOptions::default())
            .await
            .expect("probe connects");
        let bazaar_db::Db::Postgres(pool) = &db else {
            unreachable!("a postgres:// URL")
        };
        let counts = sqlx::query_as(
            "SELECT count(*) FILTER (WHERE s.ssl), count(*) FILTER (WHERE NOT s.ssl) \
             FROM pg_stat_activity a JOIN pg_stat_ssl s USING (pid) \
             WHERE a.backend_type = 'client backend' AND a.pid <> pg_backend_pid()",
        )
        .fetch_one(pool)
        .await
        .expect("read pg_stat_ssl");
        db.close().await;
        counts
    })
}

fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

#[test]
fn serve_works_against_postgres_with_verify_full() {
    let pg = TlsPostgres::start();
    let dir = scratch();
    // Trust authentication ignores the password; it is there to prove it is never echoed.
    let url = format!(
        "postgres://postgres:hunter2@localhost:{}/postgres?sslmode=verify-full&sslrootcert={}",
        pg.port(),
        pg.ca_file().display()
    );
    let port = free_port();
    let log = dir.join("serve.log");
    let child = bazaar(&dir, &url)
        .args(["serve", "--listen", &format!("127.0.0.1:{port}")])
        .stdout(Stdio::null())
        .stderr(std::fs::File::create(&log).unwrap())
        .spawn()
        .unwrap();
    let mut server = Server(child);
    let deadline = Instant::now() + Duration::from_secs(60);
    let ready = loop {
        if let Some(status) = get_status(port, "/readyz") {
            break status;
        }
        if let Ok(Some(exit)) = server.0.try_wait() {
            panic!(
                "serve exited ({exit}): {}",
                std::fs::read_to_string(&log).unwrap_or_default()
            );
        }
        assert!(Instant::now() < deadline, "serve did not come up");
        std::thread::sleep(Duration::from_millis(100));
    };
    assert_eq!(ready, 200, "/readyz answers from the TLS database");
    assert_eq!(get_status(port, "/api/v1/products"), Some(200));

    let (encrypted, plain) = connections_by_encryption(&pg);
    assert!(encrypted >= 1, "serve holds encrypted connections");
    assert_eq!(plain, 0, "and no unencrypted ones");

    drop(server);
    let log = std::fs::read_to_string(&log).unwrap();
    assert!(
        log.contains("postgres:***@localhost"),
        "serve names the database it serves from: {log}"
    );
    assert!(!log.contains("hunter2"), "never the password: {log}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_certificate_from_another_ca_is_one_clear_line() {
    let pg = TlsPostgres::start();
    let dir = scratch();
    let foreign = dir.join("foreign-ca.pem");
    std::fs::write(&foreign, TestCa::new("someone else's CA").pem()).unwrap();
    let url = format!(
        "postgres://postgres:hunter2@localhost:{}/postgres?sslmode=verify-full&sslrootcert={}",
        pg.port(),
        foreign.display()
    );
    let out = bazaar(&dir, &url).arg("migrate").output().unwrap();
    assert!(!out.status.success());
    let err = stderr(&out);
    assert!(
        err.starts_with(
            "error: cannot connect to the database at postgres://postgres:***@localhost"
        ) && err.contains("TLS to the database failed: invalid peer certificate: UnknownIssuer"),
        "{err}"
    );
    assert_eq!(err.trim_end().lines().count(), 1, "one line: {err:?}");
    assert!(
        !err.contains("hunter2") && !err.contains("panicked"),
        "{err}"
    );

    let missing = dir.join("missing.pem");
    let url = url.replace(
        &foreign.display().to_string(),
        &missing.display().to_string(),
    );
    let out = bazaar(&dir, &url).arg("migrate").output().unwrap();
    let err = stderr(&out);
    assert!(
        !out.status.success()
            && err.contains(&format!("cannot read sslrootcert {}", missing.display())),
        "{err}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}
