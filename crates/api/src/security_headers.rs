//! Headers every response carries: no MIME sniffing, no framing, a referrer policy, the
//! site's Content-Security-Policy, and HSTS when the site is served over https.
//!
//! The policy allows what the exported site does and nothing more: scripts, styles, fonts
//! and API calls from this origin; pictures and video also from https addresses (avatars
//! and product media may live elsewhere); forms posted here or to the payment page. Inline
//! scripts and styles stay allowed because Next's static export inlines its page payload as
//! scripts and React writes style attributes (see docs/decisions.md, "Security headers").

use axum::Router;
use axum::http::{HeaderName, HeaderValue, header};
use tower_http::set_header::SetResponseHeaderLayer;

use bazaar_domain::settings::tracking::Origins;

use crate::ApiConfig;

/// The Content-Security-Policy for `config`: forms may also go to the PayFast page.
pub fn content_security_policy(config: &ApiConfig) -> String {
    policy_allowing(config, &Origins::default())
}

/// [`content_security_policy`] that also lets pages load and call what the tracking tools
/// that are on need (the site loads them only after the visitor's consent).
pub fn policy_allowing(config: &ApiConfig, tools: &Origins) -> String {
    let with = |base: &str, extra: &[&str]| {
        std::iter::once(base)
            .chain(extra.iter().copied())
            .collect::<Vec<_>>()
            .join(" ")
    };
    let mut form_action = vec!["'self'".to_owned()];
    if let Some(origin) = origin_of(&config.payfast.process_url)
        && !config.public_url.starts_with(&origin)
    {
        form_action.push(origin);
    }
    let mut policy = vec![
        "default-src 'self'".to_owned(),
        with("script-src 'self' 'unsafe-inline'", &tools.script),
        "style-src 'self' 'unsafe-inline'".to_owned(),
        "img-src 'self' data: blob: https:".to_owned(),
        "media-src 'self' blob: https:".to_owned(),
        with("font-src 'self' data:", &tools.font),
        with("connect-src 'self'", &tools.connect),
        "worker-src 'self' blob:".to_owned(),
        if tools.frame.is_empty() {
            "frame-src 'none'".to_owned()
        } else {
            format!("frame-src {}", tools.frame.join(" "))
        },
        "object-src 'none'".to_owned(),
        "base-uri 'self'".to_owned(),
        format!("form-action {}", form_action.join(" ")),
        "frame-ancestors 'none'".to_owned(),
    ];
    if is_https(config) {
        policy.push("upgrade-insecure-requests".to_owned());
    }
    policy.join("; ")
}

fn is_https(config: &ApiConfig) -> bool {
    config.public_url.starts_with("https://")
}

/// `https://host[:port]` of a URL.
fn origin_of(url: &str) -> Option<String> {
    let (scheme, rest) = url.split_once("://")?;
    let host = rest.split(['/', '?', '#']).next()?;
    (!host.is_empty()).then(|| format!("{scheme}://{host}"))
}

/// Adds the headers to every response of `router` (a handler that set one keeps its own).
pub fn apply(router: Router, config: &ApiConfig) -> Router {
    let csp = HeaderValue::from_str(&content_security_policy(config))
        .expect("the policy is ASCII without control characters");
    let hsts = is_https(config).then(|| HeaderValue::from_static("max-age=63072000"));
    let fixed = [
        (header::CONTENT_SECURITY_POLICY, csp),
        (
            header::X_CONTENT_TYPE_OPTIONS,
            HeaderValue::from_static("nosniff"),
        ),
        (
            header::REFERRER_POLICY,
            HeaderValue::from_static("strict-origin-when-cross-origin"),
        ),
        (header::X_FRAME_OPTIONS, HeaderValue::from_static("DENY")),
        (
            HeaderName::from_static("cross-origin-opener-policy"),
            HeaderValue::from_static("same-origin"),
        ),
    ];
    let router = fixed.into_iter().fold(router, |r, (name, value)| {
        r.layer(SetResponseHeaderLayer::if_not_present(name, value))
    });
    router.layer(SetResponseHeaderLayer::if_not_present(
        header::STRICT_TRANSPORT_SECURITY,
        hsts,
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn config(public_url: &str, payfast: bazaar_payfast::Settings) -> ApiConfig {
        let mut c = ApiConfig::new(public_url.into(), None, "media".into());
        c.payfast = payfast;
        c
    }

    #[test]
    fn forms_may_go_to_the_payment_page_and_nowhere_else() {
        let csp = content_security_policy(&config(
            "https://shop.example",
            bazaar_payfast::Settings::sandbox(),
        ));
        assert!(
            csp.contains("form-action 'self' https://sandbox.payfast.co.za;"),
            "{csp}"
        );
        assert!(csp.contains("frame-ancestors 'none'"));
        assert!(csp.ends_with("upgrade-insecure-requests"));
    }

    #[test]
    fn origins_are_scheme_and_host() {
        assert_eq!(
            origin_of("https://www.payfast.co.za/eng/process").as_deref(),
            Some("https://www.payfast.co.za")
        );
        assert_eq!(
            origin_of("http://127.0.0.1:8080/payfast-simulator/eng/process").as_deref(),
            Some("http://127.0.0.1:8080")
        );
        assert_eq!(origin_of("nonsense"), None);
    }
}
