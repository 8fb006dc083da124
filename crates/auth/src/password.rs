//! Password hashing with argon2id (the `argon2` crate's defaults: 19 MiB, 2 passes).

use argon2::Argon2;
use argon2::password_hash::phc::PasswordHash;
use argon2::password_hash::{PasswordHasher, PasswordVerifier};

/// Hashes a password into a PHC string (`$argon2id$v=19$…`).
pub fn hash(password: &str) -> String {
    Argon2::default()
        .hash_password(password.as_bytes())
        .expect("argon2id hashing with default parameters and a random salt cannot fail")
        .to_string()
}

/// Whether `password` matches `stored`; a malformed stored hash never matches.
pub fn verify(password: &str, stored: &str) -> bool {
    match PasswordHash::new(stored) {
        Ok(parsed) => Argon2::default()
            .verify_password(password.as_bytes(), &parsed)
            .is_ok(),
        Err(_) => false,
    }
}

/// Spends the time of one verification, for sign-ins of unknown emails, so the response
/// time does not tell whether an account exists.
pub fn verify_nothing(password: &str) {
    static DUMMY: std::sync::OnceLock<String> = std::sync::OnceLock::new();
    let dummy = DUMMY.get_or_init(|| hash("not a real password"));
    let _ = verify(password, dummy);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hashes_verify_and_differ_by_salt() {
        let a = hash("correct horse");
        let b = hash("correct horse");
        assert!(a.starts_with("$argon2id$"));
        assert_ne!(a, b);
        assert!(verify("correct horse", &a));
        assert!(!verify("wrong horse", &a));
        assert!(!verify("anything", "not a hash"));
    }
}
