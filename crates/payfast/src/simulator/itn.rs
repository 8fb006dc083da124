//! The ITN the simulator sends when the buyer pays: PayFast's fields, order and signature.

use std::time::Duration;

use rand::Rng as _;

use crate::amount::format_cents;
use crate::field;
use crate::signature::{SIGNATURE_FIELD, encode_form, itn_param_string, php_trim, sign};

/// PayFast waits a while for the shop; so do we, then give up and carry on (PayFast would retry).
const NOTIFY_TIMEOUT: Duration = Duration::from_secs(10);
/// The simulated fee: 3.5 % of the gross, in tenths of a percent.
const FEE_PER_MILLE: i128 = 35;

/// A signed ITN, and the parameter string that `/eng/query/validate` will vouch for.
pub(super) struct Itn {
    pub(super) fields: Vec<(String, String)>,
    pub(super) param_string: String,
}

/// Builds the ITN for a verified checkout post, in the order PayFast sends its fields.
pub(super) fn build_itn(
    checkout: &[(String, String)],
    amount_cents: i64,
    merchant_id: &str,
    passphrase: Option<&str>,
) -> Itn {
    let echo = |name: &str| php_trim(field(checkout, name).unwrap_or_default()).to_owned();
    let fee = fee_cents(amount_cents);
    let mut fields = vec![
        ("m_payment_id".to_owned(), echo("m_payment_id")),
        ("pf_payment_id".to_owned(), pf_payment_id()),
        ("payment_status".to_owned(), "COMPLETE".to_owned()),
        ("item_name".to_owned(), echo("item_name")),
        ("item_description".to_owned(), echo("item_description")),
        ("amount_gross".to_owned(), format_cents(amount_cents)),
        ("amount_fee".to_owned(), format_cents(-fee)),
        ("amount_net".to_owned(), format_cents(amount_cents - fee)),
    ];
    for prefix in ["custom_str", "custom_int"] {
        for n in 1..=5 {
            let name = format!("{prefix}{n}");
            let value = echo(&name);
            fields.push((name, value));
        }
    }
    for name in ["name_first", "name_last", "email_address"] {
        fields.push((name.to_owned(), echo(name)));
    }
    fields.push(("merchant_id".to_owned(), merchant_id.to_owned()));

    let param_string = itn_param_string(&fields);
    let signature = sign(&param_string, passphrase);
    fields.push((SIGNATURE_FIELD.to_owned(), signature));
    Itn {
        fields,
        param_string,
    }
}

/// Posts the ITN to the shop and waits for it, like PayFast's first attempt. Failures are only
/// logged: the buyer still goes back to the shop, which is what PayFast does too.
pub(super) async fn send_itn(client: &reqwest::Client, notify_url: &str, itn: &Itn) {
    if !(notify_url.starts_with("http://") || notify_url.starts_with("https://")) {
        tracing::warn!(
            notify_url,
            "PayFast simulator: no usable notify_url, no ITN sent"
        );
        return;
    }
    let result = client
        .post(notify_url)
        .header(
            reqwest::header::CONTENT_TYPE,
            "application/x-www-form-urlencoded",
        )
        .body(encode_form(&itn.fields))
        .timeout(NOTIFY_TIMEOUT)
        .send()
        .await;
    match result {
        Ok(response) if response.status().is_success() => {
            tracing::info!(notify_url, "PayFast simulator: ITN delivered");
        }
        Ok(response) => {
            tracing::warn!(notify_url, status = %response.status(), "PayFast simulator: the shop refused the ITN");
        }
        Err(error) => {
            tracing::warn!(notify_url, %error, "PayFast simulator: could not deliver the ITN");
        }
    }
}

/// 3.5 % of the gross, rounded half up, never more than the gross.
fn fee_cents(amount_cents: i64) -> i64 {
    let fee = (i128::from(amount_cents.max(0)) * FEE_PER_MILLE + 500) / 1000;
    i64::try_from(fee).map_or(0, |fee| fee.min(amount_cents.max(0)))
}

/// PayFast's payment IDs are plain numbers of seven digits or more.
fn pf_payment_id() -> String {
    rand::rng()
        .random_range(1_000_000u64..100_000_000)
        .to_string()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::itn_signature_valid;

    fn checkout() -> Vec<(String, String)> {
        [
            ("merchant_id", "10000100"),
            ("m_payment_id", "pay-1"),
            ("amount", "1299.00"),
            ("item_name", " Order 42 "),
            ("custom_str1", "order-42"),
            ("custom_int2", "7"),
            ("name_first", "Thandi"),
        ]
        .iter()
        .map(|(k, v)| ((*k).to_owned(), (*v).to_owned()))
        .collect()
    }

    #[test]
    fn itn_has_payfast_fields_in_order_and_a_valid_signature() {
        let itn = build_itn(&checkout(), 129_900, "10000100", Some("pp"));
        let names: Vec<&str> = itn.fields.iter().map(|(k, _)| k.as_str()).collect();
        let mut expected: Vec<&str> = crate::ITN_FIELD_ORDER.to_vec();
        expected.push("signature");
        assert_eq!(names, expected);
        assert_eq!(field(&itn.fields, "amount_gross"), Some("1299.00"));
        assert_eq!(field(&itn.fields, "amount_fee"), Some("-45.47"));
        assert_eq!(field(&itn.fields, "amount_net"), Some("1253.53"));
        assert_eq!(field(&itn.fields, "item_name"), Some("Order 42"));
        assert_eq!(field(&itn.fields, "custom_int2"), Some("7"));
        assert_eq!(field(&itn.fields, "item_description"), Some(""));
        assert_eq!(field(&itn.fields, "payment_status"), Some("COMPLETE"));
        let id = field(&itn.fields, "pf_payment_id").unwrap_or_default();
        assert!(
            id.len() >= 7 && id.bytes().all(|b| b.is_ascii_digit()),
            "{id}"
        );
        assert!(itn_signature_valid(&itn.fields, Some("pp")));
        assert_eq!(itn.param_string, itn_param_string(&itn.fields));
    }

    #[test]
    fn fee_rounds_half_up_and_stays_within_the_gross() {
        assert_eq!(fee_cents(129_900), 4_547);
        assert_eq!(fee_cents(100), 4);
        assert_eq!(fee_cents(1), 0);
        assert_eq!(fee_cents(0), 0);
        assert_eq!(fee_cents(i64::MAX), 322_818_021_289_917_153);
    }
}
