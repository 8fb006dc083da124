//! Time-based one-time passwords (RFC 6238: HMAC-SHA1, 6 digits, 30-second steps), the
//! `otpauth://` URI authenticator apps read, and its QR code as SVG markup.

use hmac::{Hmac, KeyInit, Mac};
use rand::RngCore;
use sha1::Sha1;

pub const STEP_SECONDS: i64 = 30;
const DIGITS: u32 = 6;
const BASE32: &[u8; 32] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";

/// A new 160-bit secret, base32 without padding (32 characters).
pub fn new_secret() -> String {
    let mut bytes = [0_u8; 20];
    rand::rng().fill_bytes(&mut bytes);
    base32_encode(&bytes)
}

fn base32_encode(bytes: &[u8]) -> String {
    let mut out = String::new();
    let (mut buffer, mut bits) = (0_u32, 0_u32);
    for &b in bytes {
        buffer = (buffer << 8) | u32::from(b);
        bits += 8;
        while bits >= 5 {
            out.push(BASE32[((buffer >> (bits - 5)) & 31) as usize] as char);
            bits -= 5;
        }
    }
    if bits > 0 {
        out.push(BASE32[((buffer << (5 - bits)) & 31) as usize] as char);
    }
    out
}

fn base32_decode(text: &str) -> Option<Vec<u8>> {
    let mut out = Vec::new();
    let (mut buffer, mut bits) = (0_u32, 0_u32);
    for c in text.trim_end_matches('=').bytes() {
        let v = BASE32.iter().position(|&b| b == c.to_ascii_uppercase())? as u32;
        buffer = (buffer << 5) | v;
        bits += 5;
        if bits >= 8 {
            out.push((buffer >> (bits - 8)) as u8);
            bits -= 8;
        }
    }
    Some(out)
}

/// The code for the step containing `unix_seconds`.
pub fn code_at(secret: &str, unix_seconds: i64) -> Option<String> {
    let key = base32_decode(secret)?;
    let counter = (unix_seconds.div_euclid(STEP_SECONDS) as u64).to_be_bytes();
    let mut mac = Hmac::<Sha1>::new_from_slice(&key).ok()?;
    mac.update(&counter);
    let digest = mac.finalize().into_bytes();
    let offset = (digest[19] & 0x0f) as usize;
    let bin = u32::from_be_bytes([
        digest[offset] & 0x7f,
        digest[offset + 1],
        digest[offset + 2],
        digest[offset + 3],
    ]);
    Some(format!(
        "{:0width$}",
        bin % 10_u32.pow(DIGITS),
        width = DIGITS as usize
    ))
}

/// Whether `code` is right for now, the step before or the step after (clock drift).
pub fn verify(secret: &str, code: &str, unix_seconds: i64) -> bool {
    let code = code.trim();
    code.len() == DIGITS as usize
        && (-1..=1).any(|d| {
            code_at(secret, unix_seconds + d * STEP_SECONDS).is_some_and(|c| constant_eq(&c, code))
        })
}

fn constant_eq(a: &str, b: &str) -> bool {
    a.len() == b.len()
        && a.bytes()
            .zip(b.bytes())
            .fold(0_u8, |acc, (x, y)| acc | (x ^ y))
            == 0
}

/// `otpauth://totp/Issuer:account?secret=…&issuer=…`
pub fn otpauth_uri(issuer: &str, account: &str, secret: &str) -> String {
    let enc = crate::url::encode;
    format!(
        "otpauth://totp/{}:{}?secret={secret}&issuer={}",
        enc(issuer),
        enc(account),
        enc(issuer)
    )
}

/// The QR code of `text` as SVG markup. It uses named colours and no `#` or `%`, because
/// clients put it into a `data:image/svg+xml;utf-8,` URI without encoding it.
pub fn qr_svg(text: &str) -> String {
    let qr = qrcodegen::QrCode::encode_text(text, qrcodegen::QrCodeEcc::Medium)
        .expect("an otpauth URI fits in a QR code");
    let size = qr.size();
    let border = 2;
    let mut path = String::new();
    for y in 0..size {
        for x in 0..size {
            if qr.get_module(x, y) {
                path.push_str(&format!("M{},{}h1v1h-1z", x + border, y + border));
            }
        }
    }
    let dim = size + border * 2;
    format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 {dim} {dim}\" width=\"200\" height=\"200\" \
         shape-rendering=\"crispEdges\"><rect width=\"{dim}\" height=\"{dim}\" fill=\"white\"/>\
         <path d=\"{path}\" fill=\"black\"/></svg>"
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rfc_6238_sha1_vectors() {
        // RFC 6238 appendix B: the ASCII secret "12345678901234567890", 8 digits there;
        // the last 6 digits are the 6-digit codes.
        let secret = base32_encode(b"12345678901234567890");
        assert_eq!(secret, "GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ");
        for (t, eight) in [
            (59, "94287082"),
            (1_111_111_109, "07081804"),
            (1_234_567_890, "89005924"),
            (2_000_000_000, "69279037"),
        ] {
            assert_eq!(code_at(&secret, t).unwrap(), eight[2..], "t={t}");
        }
    }

    #[test]
    fn verifies_adjacent_steps_only() {
        let secret = new_secret();
        let now = 1_800_000_000;
        let code = code_at(&secret, now).unwrap();
        assert!(verify(&secret, &code, now));
        assert!(verify(&secret, &code, now + STEP_SECONDS));
        assert!(verify(&secret, &code, now - STEP_SECONDS));
        assert!(!verify(&secret, &code, now + 3 * STEP_SECONDS));
        assert!(!verify(&secret, "12345", now));
        assert_eq!(
            base32_decode(&base32_encode(&[1, 2, 3, 250])).unwrap(),
            vec![1, 2, 3, 250]
        );
    }

    #[test]
    fn qr_svg_needs_no_escaping_in_a_data_uri() {
        let svg = qr_svg(&otpauth_uri("bazaar", "ann@example.com", &new_secret()));
        assert!(svg.starts_with("<svg"));
        assert!(!svg.contains('#') && !svg.contains('%'));
    }
}
