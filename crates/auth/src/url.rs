//! Percent-encoding of URL components (RFC 3986 unreserved characters stay as they are).

/// Encodes everything except `A–Z a–z 0–9 - _ . ~`.
pub fn encode(s: &str) -> String {
    s.bytes()
        .map(|b| match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'_' | b'.' | b'~' => {
                (b as char).to_string()
            }
            _ => format!("%{b:02X}"),
        })
        .collect()
}

#[cfg(test)]
mod tests {
    #[test]
    fn encodes_reserved_characters() {
        assert_eq!(
            super::encode("http://shop.test/a b?x=1&y=ü"),
            "http%3A%2F%2Fshop.test%2Fa%20b%3Fx%3D1%26y%3D%C3%BC"
        );
        assert_eq!(super::encode("Az09-_.~"), "Az09-_.~");
    }
}
