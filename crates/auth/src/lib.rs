//! bazaar's sign-in primitives, free of I/O: argon2id password hashes, ES256 signing keys
//! and their JWKS, access-token JWTs with the claims Supabase clients read, and opaque
//! tokens (refresh, confirmation, recovery) that are stored only as hashes.

pub mod jwt;
pub mod keys;
pub mod password;
pub mod token;
pub mod totp;
pub mod url;
