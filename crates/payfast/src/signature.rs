//! PayFast's MD5 signatures: the URL encoding, the two parameter-string rules and the hash.
//!
//! PayFast signs a *parameter string* (`key=value&key=value…`), not the form itself, so both sides
//! must build byte-identical strings. PayFast's reference code is PHP, hence [`php_urlencode`].
//! There are two rules:
//!
//! * checkout (what we post to `/eng/process`): non-blank fields only, values trimmed, in
//!   PayFast's documented field order (the caller supplies that order);
//! * ITN (what PayFast posts to our `notify_url`): every field, blank ones too, untrimmed, in the
//!   order received, up to the `signature` field.

use md5::{Digest, Md5};

/// The name of the field that carries the signature; never part of the signed string.
pub const SIGNATURE_FIELD: &str = "signature";

/// The characters PHP's `trim()` strips; PayFast trims checkout values with PHP, so "blank" and
/// "trimmed" must mean what they mean there, not Rust's Unicode notion of whitespace.
const PHP_TRIM: &[char] = &[' ', '\t', '\n', '\r', '\0', '\x0B'];

/// Encodes `s` exactly like PHP's `urlencode`.
///
/// ASCII letters, digits and `-_.` stay; a space becomes `+`; every other byte of the UTF-8
/// encoding becomes `%XX` in upper-case hex (so `*` and `~` are encoded too, unlike RFC 3986
/// encoders). PayFast hashes this form, so any other encoder yields a "signature mismatch".
pub fn php_urlencode(s: &str) -> String {
    const HEX: &[u8; 16] = b"0123456789ABCDEF";
    let mut out = String::with_capacity(s.len() * 3);
    for &byte in s.as_bytes() {
        match byte {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'_' | b'.' => {
                out.push(char::from(byte))
            }
            b' ' => out.push('+'),
            _ => {
                out.push('%');
                out.push(char::from(HEX[usize::from(byte >> 4)]));
                out.push(char::from(HEX[usize::from(byte & 0x0F)]));
            }
        }
    }
    out
}

/// Trims `s` the way PHP's `trim()` does (see [`PHP_TRIM`]).
pub(crate) fn php_trim(s: &str) -> &str {
    s.trim_matches(PHP_TRIM)
}

/// The checkout parameter string: the non-blank fields in the order given, values trimmed and
/// [`php_urlencode`]d, joined by `&`. A `signature` field is skipped wherever it appears.
///
/// The caller supplies PayFast's field order (see
/// [`CHECKOUT_FIELD_ORDER`](crate::CHECKOUT_FIELD_ORDER)); this function does not reorder.
pub fn checkout_param_string(fields: &[(String, String)]) -> String {
    fields
        .iter()
        .filter(|(key, _)| key != SIGNATURE_FIELD)
        .map(|(key, value)| (key, php_trim(value)))
        .filter(|(_, value)| !value.is_empty())
        .map(|(key, value)| pair(key, value))
        .collect::<Vec<_>>()
        .join("&")
}

/// The ITN parameter string: every field in the order received, blank ones included and values
/// untouched, up to (not including) the first `signature` field.
///
/// This mirrors PayFast's PHP ITN sample, which walks `$_POST` and breaks at `signature`; PayFast
/// signed the fields in the order it sent them, so reordering would break the hash.
pub fn itn_param_string(fields: &[(String, String)]) -> String {
    fields
        .iter()
        .take_while(|(key, _)| key != SIGNATURE_FIELD)
        .map(|(key, value)| pair(key, value))
        .collect::<Vec<_>>()
        .join("&")
}

/// Signs a parameter string: MD5 in lower-case hex of the string, followed by
/// `&passphrase=<urlencoded trimmed passphrase>` when a non-blank passphrase is given.
///
/// The passphrase is the shared secret that stops a third party from forging a valid
/// signature; without one the MD5 only detects accidental corruption.
pub fn sign(param_string: &str, passphrase: Option<&str>) -> String {
    let mut input = param_string.to_owned();
    if let Some(passphrase) = passphrase.map(php_trim).filter(|p| !p.is_empty()) {
        input.push_str("&passphrase=");
        input.push_str(&php_urlencode(passphrase));
    }
    lower_hex(&Md5::digest(input.as_bytes()))
}

/// Whether the posted ITN `fields` carry a `signature` equal to the one computed with the ITN
/// rule and `passphrase`. A missing signature is invalid.
pub fn itn_signature_valid(fields: &[(String, String)], passphrase: Option<&str>) -> bool {
    let Some(posted) = field(fields, SIGNATURE_FIELD) else {
        return false;
    };
    let expected = sign(&itn_param_string(fields), passphrase);
    // Both are public-length hex digests; compare without short-circuiting anyway so the time
    // taken does not hint at how many leading characters were right.
    let posted = posted.trim().to_ascii_lowercase();
    posted.len() == expected.len()
        && posted
            .bytes()
            .zip(expected.bytes())
            .fold(0u8, |acc, (a, b)| acc | (a ^ b))
            == 0
}

/// Parses an `application/x-www-form-urlencoded` body into its fields, keeping their order and
/// any repeats (the ITN signature depends on the order).
pub fn parse_form(body: &[u8]) -> Vec<(String, String)> {
    form_urlencoded::parse(body)
        .map(|(key, value)| (key.into_owned(), value.into_owned()))
        .collect()
}

/// The value of the first field named `key`, if any.
pub fn field<'a>(fields: &'a [(String, String)], key: &str) -> Option<&'a str> {
    fields
        .iter()
        .find(|(name, _)| name == key)
        .map(|(_, value)| value.as_str())
}

/// Encodes every field (the signature too) as a form body with [`php_urlencode`], so the bytes
/// on the wire are what PayFast's own PHP would send.
pub fn encode_form(fields: &[(String, String)]) -> String {
    fields
        .iter()
        .map(|(key, value)| format!("{}={}", php_urlencode(key), php_urlencode(value)))
        .collect::<Vec<_>>()
        .join("&")
}

/// One `key=value` pair of a parameter string. Keys are PayFast's fixed ASCII names, which PHP
/// leaves unencoded, so only the value is encoded.
fn pair(key: &str, value: &str) -> String {
    format!("{key}={}", php_urlencode(value))
}

fn lower_hex(bytes: &[u8]) -> String {
    use std::fmt::Write as _;
    bytes.iter().fold(String::with_capacity(32), |mut out, b| {
        let _ = write!(out, "{b:02x}");
        out
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fields(pairs: &[(&str, &str)]) -> Vec<(String, String)> {
        pairs
            .iter()
            .map(|(k, v)| ((*k).to_owned(), (*v).to_owned()))
            .collect()
    }

    #[test]
    fn urlencode_matches_php() {
        assert_eq!(php_urlencode("a b"), "a+b");
        assert_eq!(php_urlencode("*"), "%2A");
        assert_eq!(php_urlencode("~"), "%7E");
        assert_eq!(php_urlencode("/"), "%2F");
        assert_eq!(php_urlencode("é"), "%C3%A9");
        assert_eq!(php_urlencode("AZaz09-_."), "AZaz09-_.");
        assert_eq!(
            php_urlencode("https://x.co.za/a?b=c&d"),
            "https%3A%2F%2Fx.co.za%2Fa%3Fb%3Dc%26d"
        );
        // Upper-case hex only: PayFast rejects %3a where it computed %3A.
        assert_eq!(php_urlencode(":\u{00ff}"), "%3A%C3%BF");
        assert_eq!(php_urlencode(""), "");
    }

    #[test]
    fn checkout_string_skips_blank_fields_and_trims_values() {
        let input = fields(&[
            ("merchant_id", "10000100"),
            ("name_first", "   "),
            ("name_last", ""),
            ("email_address", "  buyer@example.com \n"),
            ("amount", "10.00"),
            ("item_name", " Two words "),
            ("signature", "ignored"),
        ]);
        assert_eq!(
            checkout_param_string(&input),
            "merchant_id=10000100&email_address=buyer%40example.com&amount=10.00&item_name=Two+words"
        );
    }

    #[test]
    fn checkout_string_keeps_the_given_order_and_a_zero_value() {
        // "0" is not blank: PayFast's SDK test below signs `cycles=0`.
        let input = fields(&[("b", "2"), ("a", "1"), ("cycles", "0")]);
        assert_eq!(checkout_param_string(&input), "b=2&a=1&cycles=0");
    }

    #[test]
    fn passphrase_is_appended_trimmed_and_encoded() {
        let params = "merchant_id=10000100&amount=10.00";
        assert_eq!(
            sign(params, Some(" a/b ")),
            sign(&format!("{params}&passphrase=a%2Fb"), None)
        );
        assert_eq!(sign(params, Some("")), sign(params, None));
        assert_eq!(sign(params, Some("  ")), sign(params, None));
        assert_ne!(sign(params, Some("secret")), sign(params, None));
    }

    #[test]
    fn md5_is_lower_hex() {
        // RFC 1321 test vectors.
        assert_eq!(sign("", None), "d41d8cd98f00b204e9800998ecf8427e");
        assert_eq!(sign("abc", None), "900150983cd24fb0d6963f7d28e17f72");
    }

    #[test]
    fn itn_string_keeps_blank_fields_and_stops_at_signature() {
        let input = fields(&[
            ("m_payment_id", ""),
            ("item_name", " Widget "),
            ("custom_str1", ""),
            ("signature", "abc"),
            ("after", "not signed"),
        ]);
        assert_eq!(
            itn_param_string(&input),
            "m_payment_id=&item_name=+Widget+&custom_str1="
        );
    }

    /// PayFast's own PHP SDK pins this signature in its unit test `testGenerateSignatureOrdering`:
    /// https://github.com/Payfast/payfast-php-sdk/blob/master/tests/unit/AuthTest.php
    /// (fields below, already in PayFast's field order; passphrase `payfastsandbox`; expected
    /// signature `3441682c5d8a65486f5b7cc8ce41d146`). `custom_str1`/`custom_str2` there are
    /// `rtrim(base64_encode('Some Test String'), '=')` and the same for 'Another Test String'.
    /// The parameter string was also hashed independently with
    /// `printf %s "$string&passphrase=payfastsandbox" | md5sum`, which printed the same digest.
    #[test]
    fn payfast_sdk_documented_signature() {
        let input = fields(&[
            ("merchant_id", "10028084"),
            ("merchant_key", "4hjoenwbwnuso"),
            ("return_url", "https://test.com/billing/success"),
            ("cancel_url", "https://test.com/billing/cancel"),
            ("notify_url", "https://test.com/payfast/webhook"),
            ("name_first", "Test"),
            ("name_last", "Test"),
            ("email_address", "test@test.com"),
            ("m_payment_id", "5"),
            ("amount", "5.00"),
            ("item_name", "Test"),
            ("custom_int1", "1"),
            ("custom_int2", "1"),
            ("custom_str1", "U29tZSBUZXN0IFN0cmluZw"),
            ("custom_str2", "QW5vdGhlciBUZXN0IFN0cmluZw"),
            ("email_confirmation", "1"),
            ("confirmation_address", "test@test.test"),
            ("subscription_type", "1"),
            ("billing_date", "2023-01-01"),
            ("recurring_amount", "5"),
            ("frequency", "3"),
            ("cycles", "0"),
        ]);
        let params = checkout_param_string(&input);
        assert_eq!(
            params,
            "merchant_id=10028084&merchant_key=4hjoenwbwnuso\
             &return_url=https%3A%2F%2Ftest.com%2Fbilling%2Fsuccess\
             &cancel_url=https%3A%2F%2Ftest.com%2Fbilling%2Fcancel\
             &notify_url=https%3A%2F%2Ftest.com%2Fpayfast%2Fwebhook\
             &name_first=Test&name_last=Test&email_address=test%40test.com\
             &m_payment_id=5&amount=5.00&item_name=Test&custom_int1=1&custom_int2=1\
             &custom_str1=U29tZSBUZXN0IFN0cmluZw&custom_str2=QW5vdGhlciBUZXN0IFN0cmluZw\
             &email_confirmation=1&confirmation_address=test%40test.test\
             &subscription_type=1&billing_date=2023-01-01&recurring_amount=5&frequency=3&cycles=0"
        );
        assert_eq!(
            sign(&params, Some("payfastsandbox")),
            "3441682c5d8a65486f5b7cc8ce41d146"
        );
    }

    /// A real ITN issued by PayFast's sandbox (no passphrase), kept as a known-good fixture by
    /// django-payfast (`test_known_good_itn_signature`):
    /// https://github.com/PiDelport/django-payfast/blob/master/payfast/tests.py
    /// Its blank fields are part of the signed string, which is what the ITN rule says.
    #[test]
    fn sandbox_issued_itn_signature() {
        let mut input = fields(&[
            ("m_payment_id", ""),
            ("pf_payment_id", "558900"),
            ("payment_status", "COMPLETE"),
            ("item_name", "Flux capacitor"),
            ("item_description", ""),
            ("amount_gross", "123.00"),
            ("amount_fee", "-2.80"),
            ("amount_net", "120.20"),
        ]);
        for name in ["custom_str", "custom_int"] {
            for n in 1..=5 {
                input.push((format!("{name}{n}"), String::new()));
            }
        }
        input.extend(fields(&[
            ("name_first", "Test"),
            ("name_last", "User 01"),
            ("email_address", "sbtu01@payfast.co.za"),
            ("merchant_id", "10000100"),
            ("signature", "94b05677771813701468289ed3cabed1"),
        ]));
        assert!(itn_signature_valid(&input, None));
        assert!(!itn_signature_valid(&input, Some("secret")));

        // Dropping the blank fields (the checkout rule) would not match PayFast's signature.
        assert_ne!(
            sign(&checkout_param_string(&input), None),
            "94b05677771813701468289ed3cabed1"
        );

        let amount = input.iter_mut().find(|(k, _)| k == "amount_gross");
        if let Some((_, value)) = amount {
            *value = "1.00".to_owned();
        }
        assert!(!itn_signature_valid(&input, None));
    }

    #[test]
    fn itn_without_signature_is_invalid() {
        assert!(!itn_signature_valid(&fields(&[("a", "1")]), None));
    }

    #[test]
    fn itn_signature_accepts_upper_case_hex() {
        let mut input = fields(&[("a", "1")]);
        let signature = sign(&itn_param_string(&input), Some("pp")).to_ascii_uppercase();
        input.push(("signature".to_owned(), signature));
        assert!(itn_signature_valid(&input, Some("pp")));
    }

    #[test]
    fn parse_form_keeps_order_and_decodes() {
        let parsed = parse_form(b"b=2&a=x+y&c=%C3%A9&a=again&empty=");
        assert_eq!(
            parsed,
            fields(&[
                ("b", "2"),
                ("a", "x y"),
                ("c", "é"),
                ("a", "again"),
                ("empty", "")
            ])
        );
        assert_eq!(field(&parsed, "a"), Some("x y"));
        assert_eq!(field(&parsed, "empty"), Some(""));
        assert_eq!(field(&parsed, "missing"), None);
    }

    #[test]
    fn encode_form_round_trips_through_parse_form() {
        let input = fields(&[("item_name", "Tea & *scones* ~ é"), ("signature", "abc")]);
        assert_eq!(parse_form(encode_form(&input).as_bytes()), input);
    }
}
