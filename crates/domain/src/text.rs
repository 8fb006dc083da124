//! Small text rules: slugs and capitalised names.

/// A URL slug: 1–120 characters of lower-case ASCII letters, digits and single hyphens,
/// not starting or ending with a hyphen.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Slug(String);

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("must be 1 to 120 lower-case letters, digits and single hyphens, like ovr-aero-tee")]
pub struct SlugError;

impl Slug {
    pub fn parse(s: &str) -> Result<Self, SlugError> {
        let ok = !s.is_empty()
            && s.len() <= 120
            && !s.starts_with('-')
            && !s.ends_with('-')
            && !s.contains("--")
            && s.bytes()
                .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-');
        if ok {
            Ok(Slug(s.to_owned()))
        } else {
            Err(SlugError)
        }
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }

    pub fn into_string(self) -> String {
        self.0
    }
}

/// Turns arbitrary text into a slug ("Karoo Outdoor Co." → "karoo-outdoor-co").
pub fn slugify(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars().flat_map(char::to_lowercase) {
        if c.is_ascii_alphanumeric() {
            out.push(c);
        } else if !out.is_empty() && !out.ends_with('-') {
            out.push('-');
        }
    }
    while out.ends_with('-') {
        out.pop();
    }
    out.truncate(120);
    out
}

/// Capitalises each word of a category key for display ("training-gear" → "Training Gear").
pub fn capitalise(key: &str) -> String {
    key.split(|c: char| c == '-' || c == '_' || c.is_whitespace())
        .filter(|w| !w.is_empty())
        .map(|w| {
            let mut chars = w.chars();
            match chars.next() {
                Some(first) => first.to_uppercase().chain(chars).collect::<String>(),
                None => String::new(),
            }
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// Whether `email` (already trimmed and lower-cased) looks like an address: something@domain.tld,
/// no spaces, at most 254 characters. Deliverability is proven by sending, not here.
pub fn plausible_email(email: &str) -> bool {
    email.len() <= 254
        && !email.chars().any(char::is_whitespace)
        && match email.split_once('@') {
            Some((local, domain)) => {
                !local.is_empty()
                    && domain.contains('.')
                    && !domain.starts_with('.')
                    && !domain.ends_with('.')
                    && !domain.contains('@')
            }
            None => false,
        }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn slugs() {
        assert!(Slug::parse("ovr-aero-tee-2").is_ok());
        for bad in [
            "",
            "-a",
            "a-",
            "a--b",
            "Abc",
            "a b",
            "a_b",
            &"a".repeat(121),
        ] {
            assert_eq!(Slug::parse(bad), Err(SlugError), "{bad:?}");
        }
        assert_eq!(slugify("Karoo Outdoor Co."), "karoo-outdoor-co");
        assert_eq!(slugify("  PWR -- Grip!! "), "pwr-grip");
    }

    #[test]
    fn capitalises_words() {
        assert_eq!(capitalise("training-gear"), "Training Gear");
        assert_eq!(capitalise("apparel"), "Apparel");
        assert_eq!(capitalise("ÿes sir"), "Ÿes Sir");
    }

    #[test]
    fn plausible_emails() {
        for ok in ["a@b.co", "thandi.nkosi@example.co.za"] {
            assert!(plausible_email(ok), "{ok}");
        }
        for bad in [
            "", "a@", "@b.co", "a b@c.co", "a@b", "a@.b", "a@b.", "a@b@c.co",
        ] {
            assert!(!plausible_email(bad), "{bad}");
        }
    }
}

/// A person's full name: trimmed, not empty, at most [`FullName::MAX_CHARS`] characters.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FullName(String);

#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum FullNameError {
    /// SPEC.md's sign-up message.
    #[error("Please enter your full name")]
    Blank,
    #[error("Full name must be at most 200 characters")]
    TooLong,
}

impl FullName {
    pub const MAX_CHARS: usize = 200;

    pub fn parse(raw: &str) -> Result<Self, FullNameError> {
        let name = raw.trim();
        if name.is_empty() {
            Err(FullNameError::Blank)
        } else if name.chars().count() > Self::MAX_CHARS {
            Err(FullNameError::TooLong)
        } else {
            Ok(FullName(name.to_owned()))
        }
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// The most a user's own metadata (`user_metadata`, sign-up `data`) may hold, as JSON.
pub const MAX_USER_METADATA_BYTES: usize = 4 * 1024;

/// `Ok` when `metadata` serialises within [`MAX_USER_METADATA_BYTES`].
pub fn check_user_metadata(metadata: &serde_json::Value) -> Result<(), String> {
    let size = metadata.to_string().len();
    if size > MAX_USER_METADATA_BYTES {
        return Err(format!(
            "user metadata must be at most {MAX_USER_METADATA_BYTES} bytes of JSON (got {size})"
        ));
    }
    Ok(())
}

#[cfg(test)]
mod full_name_tests {
    use super::*;

    #[test]
    fn names_are_trimmed_required_and_bounded() {
        assert_eq!(
            FullName::parse("  Thandi Nkosi ").unwrap().as_str(),
            "Thandi Nkosi"
        );
        assert_eq!(FullName::parse("   "), Err(FullNameError::Blank));
        assert_eq!(
            FullName::parse(&"é".repeat(200))
                .unwrap()
                .as_str()
                .chars()
                .count(),
            200
        );
        assert_eq!(
            FullName::parse(&"é".repeat(201)),
            Err(FullNameError::TooLong)
        );
    }

    #[test]
    fn metadata_is_bounded() {
        assert!(check_user_metadata(&serde_json::json!({"full_name": "A"})).is_ok());
        let big = serde_json::json!({"x": "a".repeat(MAX_USER_METADATA_BYTES)});
        assert!(
            check_user_metadata(&big)
                .unwrap_err()
                .contains("at most 4096 bytes")
        );
    }
}
