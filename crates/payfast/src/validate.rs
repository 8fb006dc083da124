//! Asking PayFast whether an ITN is genuine (`/eng/query/validate`).

use std::error::Error as _;
use std::time::Duration;

use crate::PayfastError;

/// PayFast answers in well under a second; ten seconds leaves room for a slow link without
/// letting a hung connection hold an ITN request forever.
const VALIDATE_TIMEOUT: Duration = Duration::from_secs(10);
/// The answer is one word; an error page is cut to this length in messages.
const ANSWER_PREVIEW_CHARS: usize = 80;

/// An HTTP client for PayFast (and for the simulator's ITN posts).
///
/// reqwest is built without a TLS crypto provider in this workspace; this installs ring unless
/// the binary already installed one (then the call fails harmlessly).
pub fn http_client() -> reqwest::Client {
    let _ = rustls::crypto::ring::default_provider().install_default();
    reqwest::Client::builder()
        .user_agent(concat!("bazaar-payfast/", env!("CARGO_PKG_VERSION")))
        .connect_timeout(VALIDATE_TIMEOUT)
        .build()
        .unwrap_or_else(|error| {
            // Only a broken TLS setup gets here; fall back to reqwest's defaults so the shop
            // still starts, and say why.
            tracing::error!(error = %describe(&error), "could not build the PayFast HTTP client");
            reqwest::Client::new()
        })
}

/// Posts `param_string` (the ITN parameter string, without the passphrase) to `validate_url`
/// and reports PayFast's verdict: `VALID` → `true`, `INVALID` → `false`.
///
/// Anything else — a network failure, a timeout (10 s), an HTTP error status or an unexpected
/// body — is an error, because "could not ask" must not be mistaken for either verdict.
pub async fn validate_with_payfast(
    client: &reqwest::Client,
    validate_url: &str,
    param_string: &str,
) -> Result<bool, PayfastError> {
    let request_error = |error: reqwest::Error| PayfastError::ValidateRequest {
        url: validate_url.to_owned(),
        reason: describe(&error),
    };
    let response = client
        .post(validate_url)
        .header(
            reqwest::header::CONTENT_TYPE,
            "application/x-www-form-urlencoded",
        )
        .body(param_string.to_owned())
        .timeout(VALIDATE_TIMEOUT)
        .send()
        .await
        .map_err(request_error)?;
    let status = response.status();
    if !status.is_success() {
        return Err(PayfastError::ValidateStatus {
            url: validate_url.to_owned(),
            status: status.as_u16(),
        });
    }
    let body = response.text().await.map_err(request_error)?;
    verdict(validate_url, &body)
}

/// Reads PayFast's one-word answer.
fn verdict(validate_url: &str, body: &str) -> Result<bool, PayfastError> {
    match body.trim() {
        "VALID" => Ok(true),
        "INVALID" => Ok(false),
        other => Err(PayfastError::ValidateAnswer {
            url: validate_url.to_owned(),
            answer: other.chars().take(ANSWER_PREVIEW_CHARS).collect(),
        }),
    }
}

/// reqwest's top-level message ("error sending request") hides the cause; join the chain.
fn describe(error: &reqwest::Error) -> String {
    let mut text = error.to_string();
    let mut source = error.source();
    while let Some(cause) = source {
        text.push_str(": ");
        text.push_str(&cause.to_string());
        source = cause.source();
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn verdicts() {
        assert!(matches!(verdict("u", "VALID"), Ok(true)));
        assert!(matches!(verdict("u", "VALID\n"), Ok(true)));
        assert!(matches!(verdict("u", "INVALID"), Ok(false)));
        let long = "x".repeat(500);
        match verdict("u", &long) {
            Err(PayfastError::ValidateAnswer { answer, .. }) => assert_eq!(answer.len(), 80),
            other => panic!("expected ValidateAnswer, got {other:?}"),
        }
        assert!(matches!(
            verdict("u", "valid"),
            Err(PayfastError::ValidateAnswer { .. })
        ));
    }
}
