//! Scale-out mode with the real binary: `bazaar serve --no-workers` and a separate
//! `bazaar worker` on one PostgreSQL database, with search in a real Meilisearch
//! (`bazaar_testkit::meilisearch`, an index of its own). With SQLite there is one process
//! and this mode does not exist (`cli.rs` checks the refusal), so without
//! TEST_DATABASE_URL the test checks that `bazaar worker` refuses SQLite instead.

use std::io::{Read, Write};
use std::net::TcpListener;
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

struct Killed(Child);

impl Drop for Killed {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

fn scratch() -> PathBuf {
    let dir = std::env::temp_dir().join(format!("bazaar-worker-{}", uuid::Uuid::now_v7().simple()));
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

fn http(port: u16, request: &str) -> Option<(u16, String)> {
    let mut s = std::net::TcpStream::connect(("127.0.0.1", port)).ok()?;
    s.set_read_timeout(Some(Duration::from_secs(5))).ok()?;
    s.write_all(request.as_bytes()).ok()?;
    let mut buf = String::new();
    s.read_to_string(&mut buf).ok()?;
    let status = buf.split_whitespace().nth(1)?.parse().ok()?;
    Some((status, buf))
}

fn get(port: u16, path: &str) -> Option<(u16, String)> {
    http(
        port,
        &format!("GET {path} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n"),
    )
}

fn post_event(port: u16, body: &str, user_agent: &str) -> Option<(u16, String)> {
    http(
        port,
        &format!(
            "POST /api/v1/analytics/events HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\
             Content-Type: application/json\r\nUser-Agent: {user_agent}\r\nContent-Length: {}\r\n\r\n{body}",
            body.len()
        ),
    )
}

fn wait_for(what: &str, secs: u64, mut check: impl FnMut() -> bool) {
    let deadline = Instant::now() + Duration::from_secs(secs);
    while !check() {
        assert!(Instant::now() < deadline, "timed out waiting for {what}");
        std::thread::sleep(Duration::from_millis(200));
    }
}

#[test]
fn a_separate_worker_processes_the_jobs_a_separate_serve_enqueues() {
    let runtime = tokio::runtime::Runtime::new().unwrap();
    let Some(url) = runtime.block_on(bazaar_testkit::fresh_database_url()) else {
        let out = Command::new(env!("CARGO_BIN_EXE_bazaar"))
            .current_dir(scratch())
            .env_remove("DATABASE_URL")
            .env_remove("BAZAAR_DATABASE_URL")
            .arg("worker")
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2));
        assert!(String::from_utf8_lossy(&out.stderr).contains("needs PostgreSQL"));
        return;
    };
    let meili = bazaar_testkit::meilisearch::server();
    let meili_index = bazaar_testkit::meilisearch::fresh_index_uid();
    let queue = format!("cli-{}", uuid::Uuid::now_v7().simple());
    let command = |dir: &PathBuf| {
        let mut cmd = Command::new(env!("CARGO_BIN_EXE_bazaar"));
        cmd.current_dir(dir)
            .env_remove("DATABASE_URL")
            .env("BAZAAR_DATABASE_URL", &url)
            .env("MEILI_URL", &meili.url)
            .env("MEILI_KEY", meili.key.as_deref().unwrap_or_default())
            .env("MEILI_INDEX", &meili_index)
            .env("BAZAAR_QUEUE", &queue)
            .stdout(Stdio::null())
            .stderr(Stdio::null());
        cmd
    };

    // The worker alone without Meilisearch is refused: it could not index.
    let out = command(&scratch())
        .env_remove("MEILI_URL")
        .arg("worker")
        .stderr(Stdio::piped())
        .output()
        .unwrap();
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("needs Meilisearch"));

    let port = free_port();
    let serve_dir = scratch();
    let _serve = Killed(
        command(&serve_dir)
            .args([
                "serve",
                "--no-workers",
                "--listen",
                &format!("127.0.0.1:{port}"),
            ])
            .spawn()
            .unwrap(),
    );
    wait_for("serve", 60, || {
        get(port, "/readyz").is_some_and(|r| r.0 == 200)
    });

    // Events accepted by serve wait in the queue: no worker runs yet.
    let iphone = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1";
    let (status, _) = post_event(
        port,
        r#"{"event_type":"page_view","session_id":"cli"}"#,
        iphone,
    )
    .unwrap();
    assert_eq!(status, 202);
    let pool = runtime.block_on(sqlx::PgPool::connect(&url)).unwrap();
    let enriched = || {
        runtime
            .block_on(
                sqlx::query_scalar::<_, Option<String>>(
                    "SELECT device_type FROM analytics_events WHERE session_id = 'cli'",
                )
                .fetch_optional(&pool),
            )
            .unwrap()
            .flatten()
    };
    std::thread::sleep(Duration::from_secs(2));
    assert_eq!(enriched(), None, "serve --no-workers runs no jobs");

    // Seeding (a third process) enqueues index jobs too.
    let seed = command(&serve_dir)
        .current_dir(bazaar_testkit::repo_root())
        .arg("seed")
        .status()
        .unwrap();
    assert!(seed.success());

    let _worker = Killed(command(&scratch()).arg("worker").spawn().unwrap());
    wait_for("the worker to enrich the event", 60, || {
        enriched().as_deref() == Some("mobile")
    });
    wait_for("the worker to index the catalogue", 60, || {
        get(port, "/api/v1/search/suggestions?q=glovse")
            .is_some_and(|(_, body)| body.contains("PWR Grip Training Gloves"))
    });

    // Both are in the register of running processes, with how they take payments.
    let registered = || {
        runtime
            .block_on(
                sqlx::query_as::<_, (String, String)>(
                    "SELECT role, payments FROM running_processes ORDER BY role",
                )
                .fetch_all(&pool),
            )
            .unwrap()
    };
    assert_eq!(
        registered(),
        vec![
            ("serve".to_owned(), "sandbox, merchant 10000100".to_owned()),
            ("worker".to_owned(), "sandbox, merchant 10000100".to_owned()),
        ]
    );
    // A worker that would validate payments elsewhere than the serve sends buyers is refused.
    let out = command(&scratch())
        .args(["worker", "--payfast-mode", "simulator"])
        .stderr(Stdio::piped())
        .output()
        .unwrap();
    assert!(!out.status.success());
    let said = String::from_utf8_lossy(&out.stderr);
    assert!(
        said.contains("takes payments as \"simulator\"")
            && said.contains("running serve")
            && said.contains("\"sandbox, merchant 10000100\""),
        "{said}"
    );
    assert_eq!(registered().len(), 2, "the refused worker left no entry");
}
