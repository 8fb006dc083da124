//! SMTP mode against a real SMTP server on loopback: Python's aiosmtpd
//! (`bazaar_testkit::smtp`). Install it with `python3 -m pip install --user aiosmtpd`.

use std::path::PathBuf;

use bazaar_mail::{MailError, MailSettings, Mailer, OutgoingEmail};
use bazaar_testkit::smtp::SmtpSink;
use serde_json::Value;

const USER: &str = "mailer@bazaar.co.za";
const PASSWORD: &str = "p@ss w0rd/é";
/// [`USER`] and [`PASSWORD`] as they appear in a URL.
const USERINFO: &str = "mailer%40bazaar.co.za:p%40ss%20w0rd%2F%C3%A9";
const LINK: &str =
    "http://127.0.0.1:1234/auth/v1/verify?token=abc&type=signup&redirect_to=http%3A%2F%2Fx";

/// The sink with a mailer pointed at it.
trait MailerTo {
    fn mailer(&self, userinfo: Option<&str>, query: &str) -> Mailer;
}

impl MailerTo for SmtpSink {
    fn mailer(&self, userinfo: Option<&str>, query: &str) -> Mailer {
        let auth = userinfo.map(|u| format!("{u}@")).unwrap_or_default();
        let url = format!("smtp://{auth}127.0.0.1:{}{query}", self.port);
        Mailer::new(MailSettings::parse(Some(&url), None, PathBuf::from("unused")).unwrap())
            .unwrap()
    }
}

fn order_email() -> OutgoingEmail {
    OutgoingEmail {
        to: "Zoë Nkosi <zoe@example.co.za>".into(),
        subject: "Jou bestelling BZ-1042 is gestuur — dankie!".into(),
        text: format!("Hi Zoë,\n\nYour order BZ-1042 (R1,234.50) has shipped:\n{LINK}\n"),
        html: Some(format!(
            "<p>Hi Zoë, <a href=\"{LINK}\">view your order</a></p>"
        )),
    }
}

#[tokio::test]
async fn smtp_delivers_with_credentials_from_the_url() {
    let sink = SmtpSink::start(Some((USER, PASSWORD)));
    let mailer = sink.mailer(Some(USERINFO), "");
    assert_eq!(mailer.describe(), format!("smtp 127.0.0.1:{}", sink.port));

    let sent = mailer.send(&order_email()).await.unwrap();
    assert_eq!(sent.outbox_file, None);

    let received = sink.wait_for(1);
    assert_eq!(received.len(), 1, "the sink got nothing");
    let m = &received[0];
    assert_eq!(m["login"], USER, "signed in with the percent-decoded user");
    assert_eq!(m["mail_from"], "no-reply@bazaar.local");
    assert_eq!(m["rcpt_tos"], serde_json::json!(["zoe@example.co.za"]));
    assert_eq!(m["subject"], "Jou bestelling BZ-1042 is gestuur — dankie!");
    assert_eq!(m["to"], "Zoë Nkosi <zoe@example.co.za>");
    assert_eq!(m["from"], "bazaar <no-reply@bazaar.local>");
    assert_eq!(m["message_id"], format!("<{}>", sent.message_id));
    assert_eq!(m["content_type"], "multipart/alternative");
    let text = m["text"].as_str().unwrap();
    assert!(
        text.contains("Your order BZ-1042 (R1,234.50) has shipped"),
        "{text}"
    );
    assert!(text.lines().any(|l| l.trim_end() == LINK), "{text}");
    assert!(m["html"].as_str().unwrap().contains("view your order"));
}

#[tokio::test]
async fn plain_text_only_email_arrives_as_text_plain() {
    let sink = SmtpSink::start(None);
    let mailer = sink.mailer(None, "?tls=none");
    let mut email = order_email();
    email.html = None;
    mailer.send(&email).await.unwrap();
    mailer.send(&email).await.unwrap();

    let received = sink.wait_for(2);
    assert_eq!(received.len(), 2);
    assert_eq!(received[1]["content_type"], "text/plain");
    assert_eq!(received[1]["html"], Value::Null);
    assert_eq!(received[1]["login"], Value::Null);
}

#[tokio::test]
async fn a_wrong_password_is_refused_without_repeating_it() {
    let sink = SmtpSink::start(Some((USER, PASSWORD)));
    let mailer = sink.mailer(Some("mailer%40bazaar.co.za:not-the-password"), "");
    let err = mailer.send(&order_email()).await.unwrap_err();
    let message = err.to_string();
    assert!(matches!(err, MailError::Smtp { .. }), "{message}");
    assert!(
        message.contains(&format!("127.0.0.1:{}", sink.port)),
        "{message}"
    );
    assert!(!message.contains("not-the-password"), "{message}");
    assert!(err.is_permanent(), "535 is permanent: {message}");
    // The sink records a message before it answers 250, so this is final.
    assert!(sink.received().is_empty(), "nothing may be delivered");
}

#[tokio::test]
async fn starttls_is_required_when_asked_for() {
    // aiosmtpd here offers no STARTTLS: the mailer must refuse to go on in plain text.
    let sink = SmtpSink::start(None);
    let mailer = sink.mailer(None, "?tls=starttls");
    let err = mailer.send(&order_email()).await.unwrap_err();
    assert!(matches!(err, MailError::Smtp { .. }), "{err}");
    assert!(sink.received().is_empty(), "sent without TLS");
}

#[tokio::test]
async fn a_closed_port_fails_as_a_transient_error() {
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .unwrap()
        .port();
    let url = format!("smtp://127.0.0.1:{port}");
    let mailer = Mailer::new(MailSettings::parse(Some(&url), None, "o".into()).unwrap()).unwrap();
    let err = mailer.send(&order_email()).await.unwrap_err();
    assert!(matches!(err, MailError::Smtp { .. }), "{err}");
    assert!(!err.is_permanent(), "worth retrying: {err}");
}
