//! A real SMTP server on loopback for the email tests: Python's aiosmtpd, driven by
//! `smtp_sink.py`, which writes each message it accepts as JSON (envelope, decoded headers
//! and bodies). Install it with `python3 -m pip install --user aiosmtpd`.

use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

const INSTALL: &str = "python3 -m pip install --user aiosmtpd \
                       (or: pip install --break-system-packages aiosmtpd)";

/// A running `smtp_sink.py`, killed on drop.
pub struct SmtpSink {
    child: Child,
    /// The port it listens on, on 127.0.0.1.
    pub port: u16,
    dir: tempfile::TempDir,
}

impl SmtpSink {
    /// Starts the sink; with `credentials` it requires AUTH with exactly those.
    pub fn start(credentials: Option<(&str, &str)>) -> Self {
        let probe = Command::new("python3")
            .args(["-c", "import aiosmtpd"])
            .output();
        match probe {
            Err(e) => panic!("python3 is needed for the SMTP tests ({e}); then run: {INSTALL}"),
            Ok(out) if !out.status.success() => panic!(
                "the SMTP tests need Python's aiosmtpd, which is not installed. Run: {INSTALL}\n{}",
                String::from_utf8_lossy(&out.stderr)
            ),
            Ok(_) => {}
        }
        let port = std::net::TcpListener::bind("127.0.0.1:0")
            .and_then(|l| l.local_addr())
            .unwrap()
            .port();
        let dir = tempfile::tempdir().unwrap();
        let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("smtp_sink.py");
        let mut command = Command::new("python3");
        command.arg(script).arg(port.to_string()).arg(dir.path());
        if let Some((user, password)) = credentials {
            command.args([user, password]);
        }
        let mut child = command.stdout(Stdio::piped()).spawn().unwrap();
        // The sink prints "ready" once it accepts connections, or exits (closing stdout).
        let mut line = String::new();
        BufReader::new(child.stdout.take().unwrap())
            .read_line(&mut line)
            .unwrap();
        assert_eq!(
            line.trim(),
            "ready",
            "the SMTP sink did not start; see its stderr above"
        );
        Self { child, port, dir }
    }

    /// The messages received so far, in order.
    pub fn received(&self) -> Vec<serde_json::Value> {
        let mut files: Vec<PathBuf> = std::fs::read_dir(self.dir.path())
            .unwrap()
            .map(|e| e.unwrap().path())
            .filter(|p| p.extension().is_some_and(|e| e == "json"))
            .collect();
        files.sort();
        files
            .iter()
            .map(|p| serde_json::from_slice(&std::fs::read(p).unwrap()).unwrap())
            .collect()
    }

    /// Waits (up to ten seconds) for the `n`th message.
    pub fn wait_for(&self, n: usize) -> Vec<serde_json::Value> {
        let deadline = Instant::now() + Duration::from_secs(10);
        loop {
            let received = self.received();
            if received.len() >= n || Instant::now() > deadline {
                return received;
            }
            std::thread::sleep(Duration::from_millis(20));
        }
    }
}

impl Drop for SmtpSink {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
