//! PayFast's refund API: `POST {api_url}/refunds/{pf_payment_id}` with the amount in cents,
//! signed like every call of PayFast's merchant API — the headers `merchant-id`, `version`
//! and `timestamp` with the body's fields and the passphrase, sorted by name, values
//! [`php_urlencode`]d, joined by `&`, MD5 in lower-case hex, sent as the `signature`
//! header. The sandbox shares the live host and adds `?testing=true`.

use std::time::Duration;

use crate::signature::php_urlencode;
use crate::{Mode, PayfastError, Settings};

/// The merchant API version the calls speak.
pub const API_VERSION: &str = "v1";

const REFUND_TIMEOUT: Duration = Duration::from_secs(20);

/// The signature of a merchant API call over `params` (headers and body fields).
pub fn api_signature(params: &[(&str, String)], passphrase: Option<&str>) -> String {
    let mut all: Vec<(&str, String)> = params
        .iter()
        .filter(|(k, _)| *k != "signature")
        .map(|(k, v)| (*k, v.trim().to_owned()))
        .collect();
    if let Some(p) = passphrase.map(str::trim).filter(|p| !p.is_empty()) {
        all.push(("passphrase", p.to_owned()));
    }
    all.sort_by(|a, b| a.0.cmp(b.0));
    let joined = all
        .iter()
        .map(|(k, v)| format!("{k}={}", php_urlencode(v)))
        .collect::<Vec<_>>()
        .join("&");
    md5_hex(&joined)
}

fn md5_hex(s: &str) -> String {
    use md5::{Digest, Md5};
    Md5::digest(s.as_bytes())
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

/// A refund to ask PayFast for.
#[derive(Debug, Clone)]
pub struct RefundRequest<'a> {
    /// PayFast's id of the payment (`pf_payment_id` of its ITN).
    pub payment_id: &'a str,
    pub amount_cents: i64,
    pub reason: &'a str,
    /// Whether PayFast emails the buyer.
    pub notify_buyer: bool,
}

/// How PayFast answered.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RefundAnswer {
    /// Accepted: the money goes back to the buyer; PayFast's reference when it gave one.
    Accepted { reference: Option<String> },
    /// Refused, with PayFast's words (already refunded, more than the payment, …).
    Refused { message: String },
}

/// The URL of a refund of `payment_id`.
pub fn refund_url(settings: &Settings, payment_id: &str) -> String {
    let base = settings.api_url.trim_end_matches('/');
    let id = php_urlencode(payment_id);
    match settings.mode {
        Mode::Sandbox => format!("{base}/refunds/{id}?testing=true"),
        _ => format!("{base}/refunds/{id}"),
    }
}

/// Asks PayFast to refund; `timestamp` is ISO-8601 (`2026-11-27T10:00:00+02:00`). An
/// answer PayFast gave (accepted or refused) is `Ok`; not reaching PayFast or an answer
/// that cannot be read is `Err`, so "could not ask" is never taken for either.
pub async fn request_refund(
    client: &reqwest::Client,
    settings: &Settings,
    req: &RefundRequest<'_>,
    timestamp: &str,
) -> Result<RefundAnswer, PayfastError> {
    let url = refund_url(settings, req.payment_id);
    let amount = req.amount_cents.to_string();
    let notify = if req.notify_buyer { "1" } else { "0" };
    let signature = api_signature(
        &[
            ("merchant-id", settings.merchant_id.clone()),
            ("version", API_VERSION.to_owned()),
            ("timestamp", timestamp.to_owned()),
            ("amount", amount.clone()),
            ("reason", req.reason.to_owned()),
            ("notify_buyer", notify.to_owned()),
        ],
        settings.passphrase.as_deref(),
    );
    let failed = |reason: String| PayfastError::ApiRequest {
        url: url.clone(),
        reason,
    };
    let response = client
        .post(&url)
        .header("merchant-id", &settings.merchant_id)
        .header("version", API_VERSION)
        .header("timestamp", timestamp)
        .header("signature", signature)
        .json(&serde_json::json!({
            "amount": req.amount_cents,
            "reason": req.reason,
            "notify_buyer": if req.notify_buyer { 1 } else { 0 },
        }))
        .timeout(REFUND_TIMEOUT)
        .send()
        .await
        .map_err(|e| failed(e.to_string()))?;
    let status = response.status();
    let body: serde_json::Value = response
        .json()
        .await
        .map_err(|e| failed(format!("HTTP {status}, unreadable answer: {e}")))?;
    Ok(answer(status.as_u16(), &body))
}

/// Reads PayFast's answer: `{"code": 200, "status": "success", "data": {"response": …}}`
/// when accepted; any other status or code is a refusal with PayFast's message.
pub fn answer(http_status: u16, body: &serde_json::Value) -> RefundAnswer {
    let success = (200..300).contains(&http_status)
        && body["status"].as_str() == Some("success")
        && body["code"]
            .as_i64()
            .is_none_or(|c| (200..300).contains(&c));
    if success {
        let r = &body["data"]["response"];
        let reference = r["id"]
            .as_str()
            .or_else(|| r.as_str())
            .or_else(|| body["data"]["id"].as_str())
            .map(str::to_owned);
        return RefundAnswer::Accepted { reference };
    }
    let message = body["data"]["message"]
        .as_str()
        .or_else(|| body["data"]["response"].as_str())
        .or_else(|| body["message"].as_str())
        .map(str::to_owned)
        .unwrap_or_else(|| format!("PayFast answered HTTP {http_status}"));
    RefundAnswer::Refused { message }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_signature_sorts_every_field_with_the_passphrase() {
        let params = [
            ("version", "v1".to_owned()),
            ("merchant-id", "10000100".to_owned()),
            ("timestamp", "2026-11-27T10:00:00+02:00".to_owned()),
            ("amount", "5000".to_owned()),
        ];
        let expected = md5_hex(
            "amount=5000&merchant-id=10000100&passphrase=jt7NOE43FZPn&timestamp=2026-11-27T10%3A00%3A00%2B02%3A00&version=v1",
        );
        assert_eq!(api_signature(&params, Some("jt7NOE43FZPn")), expected);
        assert_ne!(api_signature(&params, None), expected);
    }

    #[test]
    fn the_sandbox_is_called_with_testing() {
        let sandbox = Settings::sandbox();
        assert_eq!(
            refund_url(&sandbox, "1124148"),
            "https://api.payfast.co.za/refunds/1124148?testing=true"
        );
        let sim = Settings::simulator("http://localhost:8080/");
        assert_eq!(
            refund_url(&sim, "1124148"),
            "http://localhost:8080/payfast-simulator/api/refunds/1124148"
        );
    }

    #[test]
    fn answers_are_read() {
        let ok = serde_json::json!({"code": 200, "status": "success", "data": {"response": {"id": "dc05"}}});
        assert_eq!(
            answer(200, &ok),
            RefundAnswer::Accepted {
                reference: Some("dc05".into())
            }
        );
        let refused = serde_json::json!({"code": 400, "status": "failed", "data": {"response": "Refund amount exceeds the available balance"}});
        assert_eq!(
            answer(400, &refused),
            RefundAnswer::Refused {
                message: "Refund amount exceeds the available balance".into()
            }
        );
    }
}
