//! The signed form that sends a buyer to PayFast.

use crate::amount::format_cents;
use crate::signature::{SIGNATURE_FIELD, checkout_param_string, php_trim, sign};
use crate::{Settings, field};

/// PayFast's checkout fields in the order its docs list them; the checkout signature is
/// computed over the non-blank ones in exactly this order.
pub const CHECKOUT_FIELD_ORDER: [&str; 26] = [
    "merchant_id",
    "merchant_key",
    "return_url",
    "cancel_url",
    "notify_url",
    "name_first",
    "name_last",
    "email_address",
    "cell_number",
    "m_payment_id",
    "amount",
    "item_name",
    "item_description",
    "custom_int1",
    "custom_int2",
    "custom_int3",
    "custom_int4",
    "custom_int5",
    "custom_str1",
    "custom_str2",
    "custom_str3",
    "custom_str4",
    "custom_str5",
    "email_confirmation",
    "confirmation_address",
    "payment_method",
];

/// PayFast's ITN fields in the order it posts them (the `signature` follows them).
pub const ITN_FIELD_ORDER: [&str; 22] = [
    "m_payment_id",
    "pf_payment_id",
    "payment_status",
    "item_name",
    "item_description",
    "amount_gross",
    "amount_fee",
    "amount_net",
    "custom_str1",
    "custom_str2",
    "custom_str3",
    "custom_str4",
    "custom_str5",
    "custom_int1",
    "custom_int2",
    "custom_int3",
    "custom_int4",
    "custom_int5",
    "name_first",
    "name_last",
    "email_address",
    "merchant_id",
];

/// PayFast rejects an `item_name` longer than this (docs: "100 char").
pub const ITEM_NAME_MAX_CHARS: usize = 100;
/// PayFast rejects an `item_description` longer than this (docs: "255 char").
pub const ITEM_DESCRIPTION_MAX_CHARS: usize = 255;

/// One payment the shop asks PayFast to take.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PaymentRequest {
    /// Where PayFast sends the buyer after paying.
    pub return_url: String,
    /// Where PayFast sends the buyer who cancels.
    pub cancel_url: String,
    /// Where PayFast posts the ITN.
    pub notify_url: String,
    pub name_first: String,
    pub name_last: String,
    pub email_address: String,
    pub cell_number: Option<String>,
    /// The shop's own payment reference; PayFast echoes it in the ITN.
    pub m_payment_id: String,
    /// The amount in cents; sent as rands with two decimals.
    pub amount_cents: i64,
    /// Cut to [`ITEM_NAME_MAX_CHARS`].
    pub item_name: String,
    /// Cut to [`ITEM_DESCRIPTION_MAX_CHARS`].
    pub item_description: Option<String>,
    /// Echoed in the ITN; useful for a second reference such as an order number.
    pub custom_str1: Option<String>,
}

/// The hidden fields of the checkout form, in [`CHECKOUT_FIELD_ORDER`], blank ones left out,
/// values trimmed, and `signature` last.
///
/// Posting exactly these pairs (in any order) to [`Settings::process_url`] starts the payment;
/// the values sent are the values signed, so PayFast's recomputation matches.
pub fn checkout_fields(settings: &Settings, req: &PaymentRequest) -> Vec<(String, String)> {
    let optional = |value: &Option<String>| value.clone().unwrap_or_default();
    let values = [
        ("merchant_id", settings.merchant_id.clone()),
        ("merchant_key", settings.merchant_key.clone()),
        ("return_url", req.return_url.clone()),
        ("cancel_url", req.cancel_url.clone()),
        ("notify_url", req.notify_url.clone()),
        ("name_first", req.name_first.clone()),
        ("name_last", req.name_last.clone()),
        ("email_address", req.email_address.clone()),
        ("cell_number", optional(&req.cell_number)),
        ("m_payment_id", req.m_payment_id.clone()),
        ("amount", format_cents(req.amount_cents)),
        ("item_name", cut(&req.item_name, ITEM_NAME_MAX_CHARS)),
        (
            "item_description",
            cut(&optional(&req.item_description), ITEM_DESCRIPTION_MAX_CHARS),
        ),
        ("custom_str1", optional(&req.custom_str1)),
    ];
    let mut fields: Vec<(String, String)> = values
        .into_iter()
        .map(|(key, value)| (key.to_owned(), php_trim(&value).to_owned()))
        .filter(|(_, value)| !value.is_empty())
        .collect();
    let signature = sign(
        &checkout_param_string(&fields),
        settings.passphrase.as_deref(),
    );
    fields.push((SIGNATURE_FIELD.to_owned(), signature));
    fields
}

/// Picks the known checkout fields out of a posted form and puts them in
/// [`CHECKOUT_FIELD_ORDER`] (first value wins), the way PayFast reads a checkout post whatever
/// order the browser or `curl` sent it in. Unknown fields and `signature` are left out.
pub fn in_checkout_order(fields: &[(String, String)]) -> Vec<(String, String)> {
    CHECKOUT_FIELD_ORDER
        .iter()
        .filter_map(|name| field(fields, name).map(|value| ((*name).to_owned(), value.to_owned())))
        .collect()
}

/// The first `max` characters of `s` (after trimming), cut on a character boundary and trimmed
/// again so the cut never leaves a trailing space that PayFast would strip before hashing.
fn cut(s: &str, max: usize) -> String {
    let trimmed = php_trim(s);
    match trimmed.char_indices().nth(max) {
        Some((end, _)) => php_trim(&trimmed[..end]).to_owned(),
        None => trimmed.to_owned(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn request() -> PaymentRequest {
        PaymentRequest {
            return_url: "https://shop.example/return".to_owned(),
            cancel_url: "https://shop.example/cancel".to_owned(),
            notify_url: "https://shop.example/notify".to_owned(),
            name_first: "Thandi".to_owned(),
            name_last: " ".to_owned(),
            email_address: "thandi@example.com".to_owned(),
            cell_number: None,
            m_payment_id: "pay-1".to_owned(),
            amount_cents: 129_900,
            item_name: "Order 42".to_owned(),
            item_description: Some(String::new()),
            custom_str1: Some("order-42".to_owned()),
        }
    }

    fn keys(fields: &[(String, String)]) -> Vec<&str> {
        fields.iter().map(|(k, _)| k.as_str()).collect()
    }

    #[test]
    fn fields_follow_payfast_order_without_blanks() {
        let settings = Settings::sandbox();
        let fields = checkout_fields(&settings, &request());
        assert_eq!(
            keys(&fields),
            [
                "merchant_id",
                "merchant_key",
                "return_url",
                "cancel_url",
                "notify_url",
                "name_first",
                "email_address",
                "m_payment_id",
                "amount",
                "item_name",
                "custom_str1",
                "signature",
            ]
        );
        assert_eq!(field(&fields, "amount"), Some("1299.00"));
        let expected = sign(&checkout_param_string(&fields), None);
        assert_eq!(field(&fields, "signature"), Some(expected.as_str()));
        let order: Vec<usize> = fields
            .iter()
            .filter_map(|(k, _)| CHECKOUT_FIELD_ORDER.iter().position(|n| n == k))
            .collect();
        assert!(order.windows(2).all(|w| w[0] < w[1]));
    }

    #[test]
    fn signature_uses_the_passphrase() {
        let settings = Settings::simulator("http://localhost");
        let fields = checkout_fields(&settings, &request());
        let expected = sign(&checkout_param_string(&fields), Some("bazaar-simulator"));
        assert_eq!(field(&fields, "signature"), Some(expected.as_str()));
    }

    #[test]
    fn long_texts_are_cut_to_payfast_limits() {
        let mut req = request();
        req.item_name = "é".repeat(150);
        req.item_description = Some(format!("{} tail", "d".repeat(254)));
        let fields = checkout_fields(&Settings::sandbox(), &req);
        let name = field(&fields, "item_name").unwrap_or_default();
        assert_eq!(name.chars().count(), ITEM_NAME_MAX_CHARS);
        let description = field(&fields, "item_description").unwrap_or_default();
        // The cut lands just after the space, which is then trimmed away.
        assert_eq!(description, "d".repeat(254));
    }

    #[test]
    fn in_checkout_order_reorders_and_drops_unknown_fields() {
        let posted: Vec<(String, String)> = [
            ("amount", "10.00"),
            ("signature", "x"),
            ("submit", "Pay"),
            ("merchant_id", "1"),
            ("amount", "99.00"),
        ]
        .iter()
        .map(|(k, v)| ((*k).to_owned(), (*v).to_owned()))
        .collect();
        let ordered = in_checkout_order(&posted);
        assert_eq!(keys(&ordered), ["merchant_id", "amount"]);
        assert_eq!(field(&ordered, "amount"), Some("10.00"));
    }
}
