//! Secrets kept in the database (the SMTP password, PayFast's merchant key and passphrase),
//! sealed with AES-256-GCM under a key each process is given in its environment
//! (`BAZAAR_SECRET_KEY`), so a copy of the database alone does not give them away. Each
//! sealed value is bound to the setting it belongs to: moved to another field, it does not
//! open. The API never answers a secret, only whether it is set.

use std::fmt;

use base64::Engine as _;
use base64::engine::general_purpose::STANDARD;
use ring::aead::{AES_256_GCM, Aad, LessSafeKey, NONCE_LEN, Nonce, UnboundKey};
use ring::rand::{SecureRandom, SystemRandom};

/// The environment variable every `serve` and `worker` process reads the key from.
pub const SECRET_KEY_ENV: &str = "BAZAAR_SECRET_KEY";

/// What sealed values start with: the scheme, so a later one can be told apart.
const PREFIX: &str = "v1:";

/// The key secrets are sealed with: 32 random bytes.
pub struct SecretKey(LessSafeKey);

#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum SecretError {
    #[error(
        "{SECRET_KEY_ENV} must be 32 random bytes in base64 (for example the output of `openssl rand -base64 32`)"
    )]
    BadKey,
    #[error(
        "a stored secret cannot be opened with this process's {SECRET_KEY_ENV}: every bazaar process needs the key the secret was saved with"
    )]
    WrongKey,
    #[error(
        "secrets cannot be stored or read: start every bazaar process with {SECRET_KEY_ENV} (32 random bytes in base64)"
    )]
    NoKey,
}

impl SecretKey {
    /// The key from its base64 form (standard alphabet, padded).
    pub fn parse(encoded: &str) -> Result<Self, SecretError> {
        let bytes = STANDARD
            .decode(encoded.trim())
            .map_err(|_| SecretError::BadKey)?;
        let key = UnboundKey::new(&AES_256_GCM, &bytes).map_err(|_| SecretError::BadKey)?;
        Ok(Self(LessSafeKey::new(key)))
    }

    /// Seals `plain` for the setting `field` (e.g. `email.smtp_password`).
    pub fn seal(&self, field: &str, plain: &str) -> String {
        let mut nonce = [0u8; NONCE_LEN];
        SystemRandom::new()
            .fill(&mut nonce)
            .expect("the system's random source works");
        let mut sealed = plain.as_bytes().to_vec();
        self.0
            .seal_in_place_append_tag(
                Nonce::assume_unique_for_key(nonce),
                Aad::from(field.as_bytes()),
                &mut sealed,
            )
            .expect("a secret fits AES-GCM's limits");
        let mut out = nonce.to_vec();
        out.extend_from_slice(&sealed);
        format!("{PREFIX}{}", STANDARD.encode(out))
    }

    /// Opens what [`SecretKey::seal`] made for the same `field`.
    pub fn open(&self, field: &str, sealed: &str) -> Result<String, SecretError> {
        let bytes = sealed
            .strip_prefix(PREFIX)
            .and_then(|b| STANDARD.decode(b).ok())
            .filter(|b| b.len() > NONCE_LEN)
            .ok_or(SecretError::WrongKey)?;
        let (nonce, rest) = bytes.split_at(NONCE_LEN);
        let nonce = Nonce::try_assume_unique_for_key(nonce).map_err(|_| SecretError::WrongKey)?;
        let mut rest = rest.to_vec();
        let plain = self
            .0
            .open_in_place(nonce, Aad::from(field.as_bytes()), &mut rest)
            .map_err(|_| SecretError::WrongKey)?;
        String::from_utf8(plain.to_vec()).map_err(|_| SecretError::WrongKey)
    }
}

// Never show the key.
impl fmt::Debug for SecretKey {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("SecretKey(***)")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const KEY: &str = "MDEyMzQ1Njc4OWFiY2RlZjAxMjM0NTY3ODlhYmNkZWY=";

    #[test]
    fn a_sealed_secret_opens_only_with_its_key_and_field() {
        let key = SecretKey::parse(KEY).unwrap();
        let sealed = key.seal("email.smtp_password", "p@ss w0rd/é");
        assert!(sealed.starts_with("v1:") && !sealed.contains("p@ss"));
        assert_ne!(
            sealed,
            key.seal("email.smtp_password", "p@ss w0rd/é"),
            "a fresh nonce each time"
        );
        assert_eq!(
            key.open("email.smtp_password", &sealed).unwrap(),
            "p@ss w0rd/é"
        );
        assert_eq!(
            key.open("payfast.passphrase", &sealed),
            Err(SecretError::WrongKey)
        );
        let other = SecretKey::parse(&STANDARD.encode([7u8; 32])).unwrap();
        assert_eq!(
            other.open("email.smtp_password", &sealed),
            Err(SecretError::WrongKey)
        );
        let mut bytes = STANDARD.decode(&sealed[3..]).unwrap();
        *bytes.last_mut().unwrap() ^= 1;
        let tampered = format!("v1:{}", STANDARD.encode(bytes));
        assert_eq!(
            key.open("email.smtp_password", &tampered),
            Err(SecretError::WrongKey)
        );
        assert_eq!(
            key.open("email.smtp_password", "plain"),
            Err(SecretError::WrongKey)
        );
    }

    #[test]
    fn a_key_is_32_bytes_of_base64() {
        assert_eq!(SecretKey::parse("short").unwrap_err(), SecretError::BadKey);
        assert_eq!(
            SecretKey::parse(&STANDARD.encode([1u8; 16])).unwrap_err(),
            SecretError::BadKey
        );
        assert!(SecretKey::parse(&format!(" {KEY}\n")).is_ok());
        assert_eq!(
            format!("{:?}", SecretKey::parse(KEY).unwrap()),
            "SecretKey(***)"
        );
    }
}
