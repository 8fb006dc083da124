//! The one log line of an outbox send. In a test binary of its own: tracing caches per call
//! site whether anyone listens, and a call site first hit by a parallel test (on a thread
//! with no subscriber) would hide the line from this test's thread-local subscriber.

use std::path::Path;
use std::sync::{Arc, Mutex};

use bazaar_mail::{MailSettings, Mailer, OutgoingEmail};

const LINK: &str =
    "http://127.0.0.1:1234/auth/v1/verify?token=abc&type=signup&redirect_to=http%3A%2F%2Fx";

fn outbox_mailer(dir: &Path) -> Mailer {
    Mailer::new(MailSettings::parse(None, None, dir.to_path_buf()).unwrap()).unwrap()
}

fn email(text: &str, html: Option<&str>) -> OutgoingEmail {
    OutgoingEmail {
        to: "thandi@example.co.za".into(),
        subject: "Confirm your bazaar account".into(),
        text: text.into(),
        html: html.map(Into::into),
    }
}

#[derive(Clone, Default)]
struct Logs(Arc<Mutex<Vec<u8>>>);

impl std::io::Write for Logs {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.0.lock().unwrap().extend_from_slice(buf);
        Ok(buf.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

#[tokio::test]
async fn one_log_line_names_subject_and_file_but_not_address_or_body() {
    let logs = Logs::default();
    let subscriber = tracing_subscriber::fmt()
        .with_writer({
            let logs = logs.clone();
            move || logs.clone()
        })
        .with_ansi(false)
        .finish();
    let _guard = tracing::subscriber::set_default(subscriber);
    // Other tests of this binary may have hit the log call site first, with no subscriber
    // on their thread, and tracing caches that "nobody listens" verdict per call site.
    tracing::callsite::rebuild_interest_cache();

    let dir = tempfile::tempdir().unwrap();
    let sent = outbox_mailer(dir.path())
        .send(&email(&format!("Confirm: {LINK}"), Some(LINK)))
        .await
        .unwrap();
    let logs = String::from_utf8(logs.0.lock().unwrap().clone()).unwrap();
    assert_eq!(logs.lines().count(), 1, "{logs}");
    assert!(logs.contains("Confirm your bazaar account"), "{logs}");
    let file = sent.outbox_file.unwrap();
    assert!(
        logs.contains(file.file_name().unwrap().to_str().unwrap()),
        "{logs}"
    );
    assert!(
        !logs.contains("thandi") && !logs.contains("token=abc"),
        "{logs}"
    );
}
