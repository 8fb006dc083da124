//! Outbox mode: what lands in the `.eml` file, and that a reader never sees half of it.

use std::collections::HashSet;
use std::path::Path;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use bazaar_mail::{MailError, MailSettings, Mailer, OutgoingEmail};

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

fn eml_files(dir: &Path) -> Vec<std::path::PathBuf> {
    let mut files: Vec<_> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    files.sort();
    files
}

/// The value of a top-level header (headers end at the first blank line).
fn header<'a>(raw: &'a str, name: &str) -> Option<&'a str> {
    let head = raw.split("\r\n\r\n").next().unwrap();
    head.split("\r\n")
        .find_map(|line| line.strip_prefix(name)?.strip_prefix(": "))
}

#[tokio::test]
async fn plain_email_is_one_eml_file_with_the_rfc5322_headers() {
    let dir = tempfile::tempdir().unwrap();
    let mailer = outbox_mailer(dir.path());
    let sent = mailer
        .send(&email("Hello\n\nWelcome.", None))
        .await
        .unwrap();

    let files = eml_files(dir.path());
    assert_eq!(
        files.len(),
        1,
        "only the message, no temporary file: {files:?}"
    );
    let file = sent.outbox_file.unwrap();
    assert_eq!(files[0], file);
    let name = file.file_name().unwrap().to_str().unwrap();
    let (stamp, rest) = name.split_once('-').unwrap();
    assert_eq!(stamp.len(), 15, "YYYYmmddTHHMMSS in {name}");
    assert!(stamp[..8].bytes().all(|b| b.is_ascii_digit()) && &stamp[8..9] == "T");
    assert!(
        rest.ends_with(".eml") && rest.len() == 32 + 4,
        "uuid in {name}"
    );

    let raw = std::fs::read_to_string(&file).unwrap();
    assert_eq!(header(&raw, "To"), Some("thandi@example.co.za"));
    assert_eq!(header(&raw, "From"), Some("bazaar <no-reply@bazaar.local>"));
    assert_eq!(header(&raw, "Subject"), Some("Confirm your bazaar account"));
    assert_eq!(header(&raw, "MIME-Version"), Some("1.0"));
    assert_eq!(
        header(&raw, "Content-Type"),
        Some("text/plain; charset=utf-8")
    );
    assert_eq!(header(&raw, "Content-Transfer-Encoding"), Some("7bit"));
    let message_id = header(&raw, "Message-ID").unwrap();
    assert_eq!(message_id, format!("<{}>", sent.message_id));
    assert!(sent.message_id.ends_with("@bazaar.local"));
    assert!(name.contains(sent.message_id.split('@').next().unwrap()));
    let date = header(&raw, "Date").unwrap();
    let date = chrono::DateTime::parse_from_rfc2822(date).unwrap();
    assert!((chrono::Utc::now() - date.to_utc()).num_seconds().abs() < 60);
    let (_, body) = raw.split_once("\r\n\r\n").unwrap();
    assert_eq!(body.trim_end(), "Hello\r\n\r\nWelcome.", "body as written");
}

#[tokio::test]
async fn html_makes_a_multipart_alternative_with_text_first() {
    let dir = tempfile::tempdir().unwrap();
    let mailer = outbox_mailer(dir.path());
    let html = "<p>Your order <b>BZ-1042</b> has shipped</p>";
    let sent = mailer
        .send(&email("Your order BZ-1042 has shipped", Some(html)))
        .await;
    let raw = std::fs::read_to_string(sent.unwrap().outbox_file.unwrap()).unwrap();

    let content_type = header(&raw, "Content-Type").unwrap();
    assert!(
        content_type.starts_with("multipart/alternative;"),
        "{content_type}"
    );
    let text_at = raw.find("Content-Type: text/plain; charset=utf-8").unwrap();
    let html_at = raw.find("Content-Type: text/html; charset=utf-8").unwrap();
    assert!(text_at < html_at, "text first, so plain readers show it");
    assert!(raw[text_at..html_at].contains("Your order BZ-1042 has shipped"));
    assert!(raw[html_at..].contains(html));
}

#[tokio::test]
async fn a_long_link_stays_verbatim_on_one_line() {
    let dir = tempfile::tempdir().unwrap();
    let mailer = outbox_mailer(dir.path());
    let cases = [
        // ASCII: 7bit.
        format!("Confirm your email address to finish creating your account: {LINK}\n"),
        // Beyond ASCII: 8bit, not quoted-printable.
        format!("Hallo Zoë Nkosi, bevestig jou e-posadres om klaar te maak: {LINK}\n"),
    ];
    for text in cases {
        for html in [None, Some(format!("<a href=\"{LINK}\">Confirm</a>"))] {
            let sent = mailer.send(&email(&text, html.as_deref())).await.unwrap();
            let raw = std::fs::read_to_string(sent.outbox_file.unwrap()).unwrap();
            assert!(
                raw.lines().any(|line| line.contains(LINK)),
                "the link is cut or escaped:\n{raw}"
            );
            assert!(!raw.contains("quoted-printable") && !raw.contains("base64"));
        }
    }
}

#[tokio::test]
async fn a_line_too_long_for_7bit_falls_back_to_quoted_printable() {
    let dir = tempfile::tempdir().unwrap();
    let mailer = outbox_mailer(dir.path());
    let text = "word ".repeat(250);
    let sent = mailer.send(&email(&text, None)).await.unwrap();
    let raw = std::fs::read_to_string(sent.outbox_file.unwrap()).unwrap();
    assert_eq!(
        header(&raw, "Content-Transfer-Encoding"),
        Some("quoted-printable")
    );
    assert!(raw.lines().all(|line| line.len() <= 998));
}

#[tokio::test]
async fn a_utf8_subject_is_encoded_and_the_header_stays_ascii() {
    let dir = tempfile::tempdir().unwrap();
    let mailer = outbox_mailer(dir.path());
    let mut message = email("Baie dankie", None);
    message.subject = "Jou bestelling is bevestig — dankie, Zoë".into();
    let sent = mailer.send(&message).await.unwrap();
    let raw = std::fs::read_to_string(sent.outbox_file.unwrap()).unwrap();
    let head = raw.split("\r\n\r\n").next().unwrap();
    assert!(head.is_ascii(), "raw UTF-8 in the headers:\n{head}");
    // RFC 2047 encoded words; tests/smtp.rs checks that a real parser decodes them back.
    let subject = header(&raw, "Subject").unwrap();
    assert!(subject.contains("=?utf-8?b?"), "{subject}");
}

#[tokio::test]
async fn a_bad_recipient_is_refused_and_nothing_is_written() {
    let dir = tempfile::tempdir().unwrap();
    let mailer = outbox_mailer(dir.path());
    let mut message = email("Hello", None);
    message.to = "not an address".into();
    let err = mailer.send(&message).await.unwrap_err();
    assert!(matches!(err, MailError::InvalidRecipient), "{err}");
    assert!(!err.to_string().contains("not an address"));
    assert!(eml_files(dir.path()).is_empty());
}

/// A reader watching the outbox while large messages are written must only ever find
/// complete files: each ends with the marker at the end of its body. The reader checks each
/// file once, as soon as it appears, which is when a file written in place would be empty
/// or half-written.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_reader_never_sees_half_a_message() {
    const MARKER: &str = "END-OF-MESSAGE";
    const MESSAGES: usize = 40;
    let dir = tempfile::tempdir().unwrap();
    let mailer = outbox_mailer(dir.path());
    let done = Arc::new(AtomicBool::new(false));
    let reader = {
        let (dir, done) = (dir.path().to_path_buf(), done.clone());
        std::thread::spawn(move || {
            let mut checked = HashSet::new();
            while !done.load(Ordering::Acquire) {
                for path in eml_files(&dir) {
                    if path.extension().is_some_and(|e| e == "eml") && !checked.contains(&path) {
                        let raw = std::fs::read_to_string(&path).unwrap();
                        assert!(raw.trim_end().ends_with(MARKER), "half a message: {path:?}");
                        checked.insert(path);
                    }
                }
            }
            checked.len()
        })
    };
    let line = "bazaar ".repeat(100);
    let text = format!("{}{MARKER}", format!("{line}\n").repeat(1_000));
    for _ in 0..MESSAGES {
        mailer.send(&email(&text, None)).await.unwrap();
    }
    done.store(true, Ordering::Release);
    let checked = reader.join().unwrap();
    assert!(checked > 0, "the reader never saw a message");
    assert_eq!(eml_files(dir.path()).len(), MESSAGES);
}

/// Log output collected in memory.
#[test]
fn describe_names_the_outbox_folder() {
    let mailer = outbox_mailer(Path::new("data/outbox"));
    assert_eq!(mailer.describe(), "outbox data/outbox");
    assert_eq!(mailer.clone().describe(), "outbox data/outbox");
}
