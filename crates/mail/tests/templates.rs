//! The shipped templates and rendering rules.

use bazaar_mail::{MailError, TemplateSource, Templates, render};
use serde_json::{Value, json};

const ORDER_KEYS: [&str; 5] = [
    "order_confirmed",
    "order_processing",
    "order_shipped",
    "order_delivered",
    "order_cancelled",
];
const LINK: &str = "https://shop.example/auth/v1/verify?token=abc&type=signup";

/// A realistic context for `key`, with the variable each template must show.
fn sample(key: &str) -> Value {
    match key {
        k if ORDER_KEYS.contains(&k) => json!({
            "customer_name": "Thandi",
            "order_number": "BZ-1042",
            "order_url": "https://shop.example/orders/BZ-1042?tab=status&x=1",
            "total": "R1,234.50",
        }),
        "signup_confirmation" | "email_change" => json!({ "confirm_url": LINK }),
        "password_recovery" => json!({ "recovery_url": LINK }),
        "magic_link" => json!({ "link_url": LINK }),
        "vendor_application_approved" => json!({
            "applicant_name": "Thandi",
            "store_name": "Kasi Kicks & Co",
            "dashboard_url": "https://shop.example/vendor",
            "store_url": "https://shop.example/store/kasi-kicks",
        }),
        "vendor_application_rejected" | "vendor_application_changes_requested" => json!({
            "applicant_name": "Thandi",
            "store_name": "Kasi Kicks & Co",
            "message": "The store name is a trademark of another company",
            "applications_url": "https://shop.example/vendor/applications",
        }),
        "chat_unread" => json!({
            "recipient_name": "Thandi",
            "sender_name": "Kasi Kicks & Co",
            "message": "Yes, we have it in size 8.",
            "conversation_url": LINK,
        }),
        other => panic!("no sample for {other}"),
    }
}

#[test]
fn the_keys_are_the_thirteen_bazaar_emails() {
    let mut keys = Templates::keys().to_vec();
    keys.sort_unstable();
    assert_eq!(
        keys,
        [
            "chat_unread",
            "email_change",
            "magic_link",
            "order_cancelled",
            "order_confirmed",
            "order_delivered",
            "order_processing",
            "order_shipped",
            "password_recovery",
            "signup_confirmation",
            "vendor_application_approved",
            "vendor_application_changes_requested",
            "vendor_application_rejected",
        ]
    );
    assert_eq!(Templates::default_for("newsletter"), None);
}

#[test]
fn every_default_renders_each_variable_into_each_part() {
    for &key in Templates::keys() {
        let source = Templates::default_for(key).unwrap();
        let context = sample(key);
        let email = render(&source, &context).unwrap();
        assert!(
            !email.subject.is_empty() && !email.subject.contains('\n'),
            "{key}"
        );
        let html = email.html.as_deref().expect(key);
        assert!(html.starts_with("<!DOCTYPE html>"), "{key}");
        for (name, value) in context.as_object().unwrap() {
            let value = value.as_str().unwrap();
            assert!(email.text.contains(value), "{key}: text lacks {name}");
            // Autoescaped in HTML: `&` in a link becomes `&amp;`.
            let escaped = value.replace('&', "&amp;").replace('/', "&#x2f;");
            assert!(html.contains(&escaped), "{key}: html lacks {name}:\n{html}");
        }
        if let Some(url) = context
            .as_object()
            .unwrap()
            .iter()
            .find(|(k, _)| k.ends_with("url"))
        {
            let url = url.1.as_str().unwrap();
            assert!(
                email.text.lines().any(|l| l.trim() == url),
                "{key}: link on its own line"
            );
        }
    }
}

#[test]
fn order_subjects_name_the_order() {
    let subject = |key| {
        render(&Templates::default_for(key).unwrap(), &sample(key))
            .unwrap()
            .subject
    };
    assert_eq!(subject("order_shipped"), "Your order BZ-1042 has shipped");
    assert_eq!(
        subject("order_confirmed"),
        "Your bazaar order BZ-1042 is confirmed"
    );
    assert_eq!(
        subject("order_cancelled"),
        "Your order BZ-1042 has been cancelled"
    );
    for key in ORDER_KEYS {
        assert!(subject(key).contains("BZ-1042"), "{key}");
    }
}

#[test]
fn every_default_fails_when_any_variable_is_missing() {
    for &key in Templates::keys() {
        let source = Templates::default_for(key).unwrap();
        let full = sample(key);
        for name in full.as_object().unwrap().keys() {
            let mut context = full.clone();
            context.as_object_mut().unwrap().remove(name);
            let err = render(&source, &context).expect_err(&format!("{key} without {name}"));
            assert!(matches!(err, MailError::Template { .. }), "{key}: {err}");
            assert!(err.to_string().contains("undefined"), "{key}: {err}");
        }
    }
}

#[test]
fn only_the_html_part_is_escaped() {
    let source = TemplateSource {
        subject: "Order for {{ name }}".into(),
        text: "Hi {{ name }}".into(),
        html: Some("<p>Hi {{ name }}</p>".into()),
    };
    let email = render(&source, &json!({ "name": "Sipho & <Co>" })).unwrap();
    assert_eq!(email.subject, "Order for Sipho & <Co>");
    assert_eq!(email.text, "Hi Sipho & <Co>");
    assert_eq!(
        email.html.as_deref(),
        Some("<p>Hi Sipho &amp; &lt;Co&gt;</p>")
    );
}

#[test]
fn an_override_without_html_renders_text_only() {
    let source = TemplateSource {
        subject: "  Your order\n{{ n }}  ".into(),
        text: "Order {{ n }}".into(),
        html: None,
    };
    let email = render(&source, &json!({ "n": "BZ-7" })).unwrap();
    assert_eq!(email.subject, "Your order BZ-7", "one line, trimmed");
    assert_eq!(email.text, "Order BZ-7");
    assert_eq!(email.html, None);
}

#[test]
fn a_syntax_error_names_the_broken_part() {
    let source = TemplateSource {
        subject: "Fine".into(),
        text: "Fine".into(),
        html: Some("<p>{{ name </p>".into()),
    };
    let err = render(&source, &json!({ "name": "x" })).unwrap_err();
    assert!(
        matches!(err, MailError::Template { part: "html", .. }),
        "{err}"
    );
}

#[test]
fn every_email_lists_the_variables_its_default_uses_and_passes_its_own_check() {
    let titled: Vec<&str> = Templates::all().iter().map(|t| t.key).collect();
    let mut sorted = titled.clone();
    sorted.sort_unstable();
    let mut keys = Templates::keys().to_vec();
    keys.sort_unstable();
    assert_eq!(sorted, keys, "every email has a title and variables");
    for &key in Templates::keys() {
        let source = Templates::default_for(key).unwrap();
        let html = source.html.clone().unwrap();
        let (checked, rendered) = Templates::check(key, &source.subject, &source.text, &html)
            .unwrap()
            .unwrap_or_else(|e| panic!("{key}: {e:?}"));
        // Kept as written, but for the subject's surrounding whitespace.
        assert_eq!(checked.subject, source.subject.trim(), "{key}");
        assert_eq!(
            (&checked.text, &checked.html),
            (&source.text, &source.html),
            "{key}"
        );
        // The samples stand where the variables were.
        let sample = Templates::sample(key).unwrap();
        let first = Templates::info(key).unwrap().variables[0].name;
        assert!(
            rendered.text.contains(sample[first].as_str().unwrap()),
            "{key}: {}",
            rendered.text
        );
    }
    assert!(Templates::check("newsletter", "a", "b", "").is_none());
}

#[test]
fn a_checked_template_names_each_problem_with_its_line() {
    let problems = |subject: &str, text: &str, html: &str| {
        Templates::check("order_shipped", subject, text, html)
            .unwrap()
            .unwrap_err()
    };
    let e = problems(
        "",
        "Hi\n\n{{ custmer_name }}",
        "<p>{{ total | nosuchfilter }}</p>",
    );
    assert_eq!(e["subject"], "Enter the subject");
    assert!(
        e["text"].starts_with(
            "Line 3: `custmer_name` is not given to this email (it has customer_name, "
        ),
        "{}",
        e["text"]
    );
    assert!(e["html"].starts_with("Line 1: "), "{}", e["html"]);
    assert!(e["html"].contains("nosuchfilter"), "{}", e["html"]);

    let e = problems("Shipped {% if %}", "ok", "");
    assert!(
        e["subject"].starts_with("Line 1: syntax error"),
        "{}",
        e["subject"]
    );
    assert!(!e.contains_key("text") && !e.contains_key("html"));

    let e = problems(&"x".repeat(201), &"y".repeat(20_001), "");
    assert_eq!(e["subject"], "The subject is longer than 200 characters");
    assert_eq!(
        e["text"],
        "The plain-text body is longer than 20000 characters"
    );

    // An empty HTML body is a plain-text email; loops and conditions are allowed.
    let (source, rendered) = Templates::check(
        "order_shipped",
        " Order {{ order_number }} ",
        "{% if tracking_url %}Track it: {{ tracking_url }}{% endif %}{% for i in range(2) %}.{% endfor %}",
        "  ",
    )
    .unwrap()
    .unwrap();
    assert_eq!(source.subject, "Order {{ order_number }}");
    assert_eq!(source.html, None);
    assert_eq!(
        rendered.text,
        "Track it: https://shop.example/track/TCG123456.."
    );
}
