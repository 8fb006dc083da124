//! What the tests of the real `bazaar` binary share: running it in a scratch directory
//! without the environment of the machine, on a database of its own.

#![allow(dead_code)]

use std::net::TcpListener;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

pub fn bazaar(dir: &Path) -> Command {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_bazaar"));
    cmd.current_dir(dir);
    for var in [
        "DATABASE_URL",
        "BAZAAR_DATABASE_URL",
        "BAZAAR_DATA_DIR",
        "BAZAAR_CONFIG",
        "BAZAAR_LISTEN",
        "BAZAAR_WEB_DIR",
        // The tests' Meilisearch (ops/test exports it) is not these commands' search.
        "MEILI_URL",
        "MEILI_KEY",
        "MEILI_INDEX",
    ] {
        cmd.env_remove(var);
    }
    cmd
}

/// A command on a database of its own: a fresh PostgreSQL schema with TEST_DATABASE_URL,
/// else the SQLite file in `dir`.
pub fn bazaar_db(dir: &Path) -> Command {
    let mut cmd = bazaar(dir);
    let url = tokio::runtime::Runtime::new()
        .unwrap()
        .block_on(bazaar_testkit::fresh_database_url());
    if let Some(url) = url {
        cmd.env("BAZAAR_DATABASE_URL", url);
    }
    cmd
}

pub fn scratch() -> PathBuf {
    let dir = std::env::temp_dir().join(format!("bazaar-cli-{}", uuid::Uuid::now_v7().simple()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

pub fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

pub fn free_port() -> u16 {
    TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port()
}

pub fn assert_one_line_failure(out: &Output, expected: &str) {
    assert!(!out.status.success());
    let err = stderr(out);
    assert!(err.contains(expected), "expected {expected:?} in {err:?}");
    assert!(
        !err.contains("panicked") && !err.contains("RUST_BACKTRACE"),
        "{err}"
    );
    assert_eq!(err.trim_end().lines().count(), 1, "one line: {err:?}");
}
