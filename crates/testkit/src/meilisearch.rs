//! A real Meilisearch server for the tests of the search engine, shared by a test process.
//!
//! With `MEILI_URL` (and `MEILI_KEY`) in the environment, the tests use that server (this is
//! what `ops/test` does: it starts one for the whole run). Otherwise the first call starts
//! one of its own on a free port, with its data in a scratch directory named like
//! [`crate::fresh_db`]'s (so the sweep removes it once this process has ended), from the
//! binary `ops/meilisearch` finds (`MEILI_BIN`, `meilisearch` on the PATH, or
//! `../shared/tools/meilisearch` next to the repository, which builds it once). A watcher
//! stops that server when this process ends. Without any of them the test fails, saying how to get one: search tests never skip.
//!
//! Each test takes an index of its own ([`fresh_index_uid`]), so tests share the server
//! without seeing each other's documents.

use std::io::{Read, Write};
use std::net::{TcpListener, TcpStream};
use std::path::PathBuf;
use std::process::{Command, Stdio};
use std::sync::OnceLock;
use std::time::{Duration, Instant};

/// A Meilisearch server the tests may use.
#[derive(Debug, Clone)]
pub struct Server {
    /// Its base URL, like `http://127.0.0.1:7700`.
    pub url: String,
    /// Its master key, when it has one.
    pub key: Option<String>,
}

/// The key of a server started here.
const KEY: &str = "bazaar-test-master-key";

/// The server of this test process (started on first use unless `MEILI_URL` names one).
pub fn server() -> &'static Server {
    static SERVER: OnceLock<Server> = OnceLock::new();
    SERVER.get_or_init(|| match std::env::var("MEILI_URL") {
        Ok(url) if !url.is_empty() => Server {
            url: url.trim_end_matches('/').to_owned(),
            key: std::env::var("MEILI_KEY").ok().filter(|k| !k.is_empty()),
        },
        _ => start(),
    })
}

/// An index name no other test uses.
pub fn fresh_index_uid() -> String {
    format!("test_{}", uuid::Uuid::now_v7().simple())
}

fn start() -> Server {
    let bin = binary();
    let port = free_port();
    let dir = std::env::temp_dir().join(format!("bazaar-test-{}-meilisearch", std::process::id()));
    std::fs::create_dir_all(&dir).expect("Meilisearch scratch directory");
    // The server runs under a small shell that stops it when this test process has ended
    // (a test binary exits without running destructors of statics).
    let script = r#"
        "$1" --db-path "$2/data.ms" --dump-dir "$2/dumps" --snapshot-dir "$2/snapshots" \
             --http-addr "127.0.0.1:$3" --master-key "$4" --no-analytics \
             --log-level WARN --max-indexing-memory 256MiB >"$2/log" 2>&1 &
        server=$!
        while kill -0 "$5" 2>/dev/null && kill -0 "$server" 2>/dev/null; do sleep 1; done
        kill "$server" 2>/dev/null
        wait "$server" 2>/dev/null
        rm -rf "$2"
    "#;
    let mut watcher = Command::new("sh")
        .arg("-c")
        .arg(script)
        .arg("meilisearch-watcher")
        .arg(&bin)
        .arg(&dir)
        .arg(port.to_string())
        .arg(KEY)
        .arg(std::process::id().to_string())
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("start Meilisearch");
    // Reaped when it ends (after this process, unless Meilisearch dies first).
    std::thread::spawn(move || watcher.wait());
    let started = Instant::now();
    while !healthy(port) {
        if started.elapsed() > Duration::from_secs(60) {
            let log = std::fs::read_to_string(dir.join("log")).unwrap_or_default();
            panic!(
                "Meilisearch ({}) did not start within 60 s:\n{log}",
                bin.display()
            );
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    Server {
        url: format!("http://127.0.0.1:{port}"),
        key: Some(KEY.to_owned()),
    }
}

/// Where the Meilisearch binary is (`ops/meilisearch` decides); panics saying how to get one
/// when there is none.
fn binary() -> PathBuf {
    let script = crate::repo_root().join("ops/meilisearch");
    let out = Command::new(&script)
        .stderr(Stdio::inherit())
        .output()
        .unwrap_or_else(|e| panic!("cannot run {}: {e}", script.display()));
    assert!(
        out.status.success(),
        "the search tests need a real Meilisearch: set MEILI_URL (and MEILI_KEY) to a running \
         server, or put the `meilisearch` binary on the PATH (see README.md, \"Meilisearch\")"
    );
    PathBuf::from(String::from_utf8_lossy(&out.stdout).trim())
}

fn free_port() -> u16 {
    TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .expect("a free port")
        .port()
}

/// Whether `GET /health` answers 200 on the port.
fn healthy(port: u16) -> bool {
    let Ok(mut stream) = TcpStream::connect(("127.0.0.1", port)) else {
        return false;
    };
    let _ = stream.set_read_timeout(Some(Duration::from_secs(2)));
    let request =
        format!("GET /health HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nConnection: close\r\n\r\n");
    if stream.write_all(request.as_bytes()).is_err() {
        return false;
    }
    let mut answer = String::new();
    let _ = stream.read_to_string(&mut answer);
    answer.starts_with("HTTP/1.1 200")
}
