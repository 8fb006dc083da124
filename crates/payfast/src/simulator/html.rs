//! The simulator's pages: plain HTML with inline CSS, no scripts and no external assets, so
//! they work offline, without JavaScript and with a screen reader.

use super::{CANCEL_PATH, PAY_PATH};

const STYLE: &str = "\
*{box-sizing:border-box}\
body{margin:0;font:1rem/1.5 system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;\
color:#1a1a1a;background:#f4f5f7}\
main{max-width:32rem;margin:2rem auto;padding:1.5rem;background:#fff;\
border:1px solid #d0d4da;border-radius:.5rem}\
h1{margin:0 0 1rem;font-size:1.5rem}\
.notice{margin:0 0 1.25rem;padding:.75rem 1rem;border-left:.3rem solid #b35c00;\
background:#fff4e5;color:#5c2e00}\
.problem{border-left-color:#b00020;background:#fdecee;color:#6b0013}\
dl{display:grid;grid-template-columns:max-content 1fr;gap:.35rem 1rem;margin:0 0 1.5rem}\
dt{font-weight:600}dd{margin:0;overflow-wrap:anywhere}\
.amount{font-size:1.25rem;font-weight:700}\
.actions{display:flex;flex-wrap:wrap;gap:.75rem}\
button{font:inherit;font-weight:600;padding:.6rem 1.4rem;border-radius:.35rem;cursor:pointer;\
border:2px solid #0b57d0}\
.pay{background:#0b57d0;color:#fff}.cancel{background:#fff;color:#0b57d0}\
button:focus-visible{outline:3px solid #1a1a1a;outline-offset:2px}\
.hint{margin:1.25rem 0 0;font-size:.875rem;color:#4a4f57}";

/// The checkout page: what is being bought, for how much, and the Pay / Cancel choice. Both
/// forms carry every received field back, so the next step can re-check the signature.
pub(super) fn payment_page(
    fields: &[(String, String)],
    item_name: &str,
    item_description: Option<&str>,
    amount: &str,
    merchant_id: &str,
) -> String {
    let hidden = hidden_inputs(fields);
    let description = item_description
        .filter(|d| !d.trim().is_empty())
        .map(|d| format!("<dt>Description</dt><dd>{}</dd>", escape(d)))
        .unwrap_or_default();
    let body = format!(
        "<h1>PayFast simulator</h1>\
         <p class=\"notice\" role=\"note\"><strong>Test payments: no money moves.</strong> \
         This page stands in for PayFast on a development machine.</p>\
         <dl><dt>Item</dt><dd>{item}</dd>{description}\
         <dt>Amount</dt><dd class=\"amount\">{amount}</dd>\
         <dt>Merchant</dt><dd>{merchant}</dd></dl>\
         <div class=\"actions\">\
         <form method=\"post\" action=\"{PAY_PATH}\">{hidden}\
         <button type=\"submit\" class=\"pay\">Pay</button></form>\
         <form method=\"post\" action=\"{CANCEL_PATH}\">{hidden}\
         <button type=\"submit\" class=\"cancel\">Cancel</button></form>\
         </div>\
         <p class=\"hint\">Pay sends a signed notification (ITN) to the shop's notify URL, \
         then returns you to the shop. Cancel only returns you.</p>",
        item = escape(item_name),
        amount = escape(amount),
        merchant = escape(merchant_id),
    );
    layout("PayFast simulator: confirm payment", &body)
}

/// Why a post was refused, in words a developer can act on.
pub(super) fn problem_page(problem: &str) -> String {
    let body = format!(
        "<h1>PayFast simulator</h1>\
         <p class=\"notice problem\" role=\"alert\"><strong>Payment refused: {}</strong></p>\
         <p>The shop's checkout form did not pass the checks PayFast makes. \
         No notification was sent.</p>",
        escape(problem)
    );
    layout("PayFast simulator: payment refused", &body)
}

/// A plain message, for when there is nowhere to send the buyer back to.
pub(super) fn message_page(title: &str, message: &str) -> String {
    let body = format!(
        "<h1>PayFast simulator</h1>\
         <p class=\"notice\" role=\"note\"><strong>Test payments: no money moves.</strong></p>\
         <h2>{}</h2><p>{}</p>",
        escape(title),
        escape(message)
    );
    layout(&format!("PayFast simulator: {title}"), &body)
}

fn layout(title: &str, body: &str) -> String {
    format!(
        "<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\">\
         <meta name=\"viewport\" content=\"width=device-width,initial-scale=1\">\
         <meta name=\"robots\" content=\"noindex\">\
         <title>{}</title><style>{STYLE}</style></head>\
         <body><main>{body}</main></body></html>",
        escape(title)
    )
}

fn hidden_inputs(fields: &[(String, String)]) -> String {
    fields
        .iter()
        .map(|(name, value)| {
            format!(
                "<input type=\"hidden\" name=\"{}\" value=\"{}\">",
                escape(name),
                escape(value)
            )
        })
        .collect()
}

/// Escapes text for HTML content and double- or single-quoted attribute values.
pub(super) fn escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            _ => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escapes_markup() {
        assert_eq!(
            escape(r#"<a href="x">'&'</a>"#),
            "&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;"
        );
    }

    #[test]
    fn payment_page_escapes_every_value() {
        let fields = vec![(
            "item_name".to_owned(),
            "\"><script>alert(1)</script>".to_owned(),
        )];
        let page = payment_page(&fields, "<b>Tea</b>", Some("<i>x</i>"), "R 1,299.00", "<1>");
        assert!(!page.contains("<script>"));
        assert!(!page.contains("<b>Tea"));
        assert!(!page.contains("<i>x"));
        assert!(page.contains("&lt;b&gt;Tea&lt;/b&gt;"));
        assert!(page.contains("value=\"&quot;&gt;&lt;script&gt;"));
        assert!(page.contains("R 1,299.00"));
        assert!(page.contains("Test payments: no money moves"));
        assert_eq!(page.matches("type=\"hidden\"").count(), 2, "one per form");
    }
}
