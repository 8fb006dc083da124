//! `MailSettings::parse`: what is accepted, and that refusals explain without leaking.

use std::path::PathBuf;

use bazaar_mail::{DEFAULT_FROM, MailConfig, MailError, MailSettings, Mailer};

const PASSWORD: &str = "s3cret-Pa55";

fn parse(url: &str) -> Result<MailSettings, MailError> {
    MailSettings::parse(Some(url), None, PathBuf::from("data/outbox"))
}

/// The settings' error, checked to keep the password out of the message.
fn refused(url: &str) -> String {
    let err = parse(url).expect_err(url).to_string();
    assert!(!err.contains(PASSWORD), "password leaked: {err}");
    assert!(
        err.starts_with("invalid mail settings: the SMTP URL "),
        "{err}"
    );
    err
}

fn describe(url: &str) -> String {
    Mailer::new(parse(url).unwrap()).unwrap().describe()
}

#[test]
fn no_url_means_the_outbox_and_the_default_sender() {
    for url in [None, Some(""), Some("  ")] {
        let settings = MailSettings::parse(url, None, PathBuf::from("data/outbox")).unwrap();
        assert_eq!(
            settings.transport,
            MailConfig::Outbox {
                dir: PathBuf::from("data/outbox")
            }
        );
        assert_eq!(settings.from, DEFAULT_FROM);
    }
    assert_eq!(DEFAULT_FROM, "bazaar <no-reply@bazaar.local>");
}

#[test]
fn a_given_sender_is_kept_and_a_broken_one_refused() {
    let from = Some("Bazaar Orders <orders@bazaar.co.za>");
    let settings = MailSettings::parse(None, from, PathBuf::from("o")).unwrap();
    assert_eq!(settings.from, "Bazaar Orders <orders@bazaar.co.za>");

    let err = MailSettings::parse(None, Some("bazaar at example"), PathBuf::from("o")).unwrap_err();
    assert!(
        err.to_string().contains("the sender `bazaar at example`"),
        "{err}"
    );
}

#[test]
fn describe_shows_host_and_port_but_never_credentials() {
    let url = format!("smtp://mailer%40bazaar.co.za:{PASSWORD}@smtp.example.com:2525");
    assert_eq!(describe(&url), "smtp smtp.example.com:2525");
    let debug = format!("{:?}", parse(&url).unwrap());
    assert!(!debug.contains(PASSWORD), "{debug}");
    assert!(debug.contains("smtp.example.com:2525"), "{debug}");
    let mailer = Mailer::new(parse(&url).unwrap()).unwrap();
    assert!(!format!("{mailer:?}").contains(PASSWORD));

    // Built by hand, past `parse`: still no password in Debug or from `Mailer::new`.
    let broken = MailConfig::Smtp {
        url: format!("mailer:{PASSWORD}@smtp.example.com:587"),
    };
    assert!(!format!("{broken:?}").contains(PASSWORD));
    let settings = MailSettings {
        transport: broken,
        from: "bazaar <no-reply@bazaar.local>".into(),
    };
    let err = Mailer::new(settings).unwrap_err().to_string();
    assert!(!err.contains(PASSWORD), "{err}");
}

#[test]
fn default_ports_follow_the_tls_mode() {
    assert_eq!(
        describe("smtp://smtp.example.com"),
        "smtp smtp.example.com:587"
    );
    assert_eq!(
        describe("smtp://smtp.example.com?tls=none"),
        "smtp smtp.example.com:25"
    );
    assert_eq!(
        describe("smtp://smtp.example.com?tls=tls"),
        "smtp smtp.example.com:465"
    );
    assert_eq!(
        describe("smtps://smtp.example.com"),
        "smtp smtp.example.com:465"
    );
    assert_eq!(describe("smtp://localhost"), "smtp localhost:25");
    assert_eq!(describe("smtp://127.0.0.1"), "smtp 127.0.0.1:25");
    assert_eq!(describe("smtp://[::1]:1025"), "smtp [::1]:1025");
}

#[test]
fn a_scheme_other_than_smtp_is_refused() {
    let err = refused(&format!("http://user:{PASSWORD}@smtp.example.com:587"));
    assert!(
        err.contains("must start with smtp:// or smtps://, not http://"),
        "{err}"
    );
    // Without a scheme the user name reads as one: still no password in the message.
    refused(&format!("user:{PASSWORD}@smtp.example.com:587"));
}

#[test]
fn a_bad_port_is_refused() {
    for port in ["99999", "abc", "-1"] {
        let err = refused(&format!("smtp://user:{PASSWORD}@smtp.example.com:{port}"));
        assert!(err.contains("invalid port number"), "{port}: {err}");
    }
    let err = refused(&format!("smtp://user:{PASSWORD}@smtp.example.com:0"));
    assert!(err.contains("port 0"), "{err}");
}

#[test]
fn a_bad_tls_parameter_is_refused() {
    let err = refused(&format!("smtp://user:{PASSWORD}@smtp.example.com?tls=yes"));
    assert!(err.contains("tls=yes"), "{err}");
    let err = refused(&format!(
        "smtps://user:{PASSWORD}@smtp.example.com?tls=none"
    ));
    assert!(err.contains("always TLS"), "{err}");
    let err = refused(&format!("smtp://user:{PASSWORD}@smtp.example.com?secure=1"));
    assert!(err.contains("unknown parameter `secure`"), "{err}");
}

#[test]
fn half_credentials_a_path_or_no_host_are_refused() {
    assert!(refused("smtp://user@smtp.example.com").contains("no password"));
    assert!(refused(&format!("smtp://:{PASSWORD}@smtp.example.com")).contains("no user name"));
    assert!(refused(&format!("smtp://u:{PASSWORD}@smtp.example.com/x")).contains("path"));
    assert!(refused("smtp://").contains("no host"));
}
