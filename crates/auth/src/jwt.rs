//! Access tokens: ES256 JWTs carrying the claims Supabase clients read, plus bazaar's role.

use std::collections::HashMap;

use jsonwebtoken::{Algorithm, DecodingKey, EncodingKey, Header, Validation};
use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::keys::{PublicJwk, SigningKey};

/// The audience of tokens for signed-in users (as Supabase issues them).
pub const AUDIENCE: &str = "authenticated";

/// One authentication method used in the session (`amr` claim).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct AuthMethod {
    pub method: String,
    pub timestamp: i64,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Claims {
    pub iss: String,
    pub sub: String,
    pub aud: String,
    pub exp: i64,
    pub iat: i64,
    pub email: String,
    pub phone: String,
    /// The database role Supabase clients expect: `authenticated`.
    pub role: String,
    /// `aal1`, or `aal2` after a verified second factor.
    pub aal: String,
    pub amr: Vec<AuthMethod>,
    pub session_id: String,
    pub is_anonymous: bool,
    pub app_metadata: Value,
    pub user_metadata: Value,
    /// bazaar's role: customer, vendor or admin.
    pub user_role: String,
    /// Unique per token (signatures are deterministic, so two tokens issued in the same
    /// second would otherwise be identical).
    pub jti: String,
}

#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum JwtError {
    #[error("invalid JWT: unable to parse or verify signature, {0}")]
    Invalid(String),
    #[error("invalid JWT: token has expired")]
    Expired,
    #[error("invalid JWT: unknown signing key")]
    UnknownKey,
}

pub fn sign(claims: &Claims, key: &SigningKey) -> String {
    encode(claims, key)
}

/// Signs `claims` with `key` (ES256, its `kid` in the header).
fn encode<T: Serialize>(claims: &T, key: &SigningKey) -> String {
    let mut header = Header::new(Algorithm::ES256);
    header.kid = Some(key.kid.clone());
    let encoding =
        EncodingKey::from_ec_pem(key.private_pem.as_bytes()).expect("stored keys are valid PEM");
    jsonwebtoken::encode(&header, claims, &encoding)
        .expect("signing with a valid ES256 key cannot fail")
}

/// The `kid` a token's header names, without verifying anything.
pub fn kid_of(token: &str) -> Option<String> {
    jsonwebtoken::decode_header(token).ok()?.kid
}

/// Verifies signature (by `kid` among `keys`), expiry and audience.
pub fn verify(token: &str, keys: &HashMap<String, PublicJwk>) -> Result<Claims, JwtError> {
    decode(token, keys, AUDIENCE)
}

/// Decodes an ES256 token signed by one of `keys` for `audience`, in time.
fn decode<T: serde::de::DeserializeOwned>(
    token: &str,
    keys: &HashMap<String, PublicJwk>,
    audience: &str,
) -> Result<T, JwtError> {
    let header =
        jsonwebtoken::decode_header(token).map_err(|e| JwtError::Invalid(e.to_string()))?;
    if header.alg != Algorithm::ES256 {
        return Err(JwtError::Invalid("unexpected algorithm".into()));
    }
    let kid = header.kid.ok_or(JwtError::UnknownKey)?;
    let jwk = keys.get(&kid).ok_or(JwtError::UnknownKey)?;
    let decoding = DecodingKey::from_ec_components(&jwk.x, &jwk.y)
        .map_err(|e| JwtError::Invalid(e.to_string()))?;
    let mut validation = Validation::new(Algorithm::ES256);
    validation.set_audience(&[audience]);
    validation.leeway = 0;
    validation.set_required_spec_claims(&["exp", "sub", "aud"]);
    jsonwebtoken::decode::<T>(token, &decoding, &validation)
        .map(|d| d.claims)
        .map_err(|e| match e.kind() {
            jsonwebtoken::errors::ErrorKind::ExpiredSignature => JwtError::Expired,
            _ => JwtError::Invalid(e.to_string()),
        })
}

/// Who a signed download link is for: audience of download links.
pub const DOWNLOAD_AUDIENCE: &str = "bazaar-download";

/// The claims of a download link: the order line it opens, until when.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct DownloadClaims {
    pub sub: String,
    pub aud: String,
    pub exp: i64,
}

/// A signed download link's token for order line `item` until `exp` (Unix seconds), with
/// the same keys as sessions, so any process verifies it.
pub fn sign_download(item: &str, exp: i64, key: &SigningKey) -> String {
    let claims = DownloadClaims {
        sub: item.to_owned(),
        aud: DOWNLOAD_AUDIENCE.to_owned(),
        exp,
    };
    encode(&claims, key)
}

/// The order line a download token opens, if its signature, audience and expiry hold.
pub fn verify_download(token: &str, keys: &HashMap<String, PublicJwk>) -> Result<String, JwtError> {
    decode::<DownloadClaims>(token, keys, DOWNLOAD_AUDIENCE).map(|c| c.sub)
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    fn claims(exp_in: i64) -> Claims {
        let now = chrono::Utc::now().timestamp();
        Claims {
            iss: "http://shop.test/auth/v1".into(),
            sub: "user-1".into(),
            aud: AUDIENCE.into(),
            exp: now + exp_in,
            iat: now,
            email: "a@example.com".into(),
            phone: String::new(),
            role: "authenticated".into(),
            aal: "aal1".into(),
            amr: vec![AuthMethod {
                method: "password".into(),
                timestamp: now,
            }],
            session_id: "s-1".into(),
            is_anonymous: false,
            app_metadata: json!({"provider": "email", "providers": ["email"]}),
            user_metadata: json!({"full_name": "A"}),
            user_role: "customer".into(),
            jti: "t-1".into(),
        }
    }

    fn keyring(keys: &[&SigningKey]) -> HashMap<String, PublicJwk> {
        keys.iter()
            .map(|k| (k.kid.clone(), k.public.clone()))
            .collect()
    }

    #[test]
    fn download_links_and_sessions_do_not_stand_in_for_each_other() {
        let key = SigningKey::generate();
        let keys = keyring(&[&key]);
        let exp = chrono::Utc::now().timestamp() + 60;
        let link = sign_download("line-1", exp, &key);
        assert_eq!(verify_download(&link, &keys).unwrap(), "line-1");
        assert!(matches!(verify(&link, &keys), Err(JwtError::Invalid(_))));
        let session = sign(&claims(60), &key);
        assert!(matches!(
            verify_download(&session, &keys),
            Err(JwtError::Invalid(_))
        ));
        let late = sign_download("line-1", exp - 120, &key);
        assert_eq!(verify_download(&late, &keys), Err(JwtError::Expired));
    }

    #[test]
    fn signs_and_verifies_with_the_kid() {
        let key = SigningKey::generate();
        let original = claims(60);
        let token = sign(&original, &key);
        let header = jsonwebtoken::decode_header(&token).unwrap();
        assert_eq!(header.kid.as_deref(), Some(key.kid.as_str()));
        assert_eq!(verify(&token, &keyring(&[&key])).unwrap(), original);
        let reloaded = SigningKey::from_parts(key.kid.clone(), key.private_pem.clone()).unwrap();
        assert_eq!(reloaded.public, key.public);
    }

    #[test]
    fn rejects_expired_tampered_and_unknown_key_tokens() {
        let key = SigningKey::generate();
        let ring = keyring(&[&key]);
        assert_eq!(
            verify(&sign(&claims(-10), &key), &ring),
            Err(JwtError::Expired)
        );
        let other = SigningKey::generate();
        assert_eq!(
            verify(&sign(&claims(60), &other), &ring),
            Err(JwtError::UnknownKey)
        );
        let token = sign(&claims(60), &key);
        let mut parts: Vec<String> = token.split('.').map(str::to_owned).collect();
        use base64::Engine;
        let mut payload: Value = serde_json::from_slice(
            &base64::engine::general_purpose::URL_SAFE_NO_PAD
                .decode(&parts[1])
                .unwrap(),
        )
        .unwrap();
        payload["user_role"] = json!("admin");
        parts[1] = base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(payload.to_string());
        assert!(matches!(
            verify(&parts.join("."), &ring),
            Err(JwtError::Invalid(_))
        ));
        // Forged with the other key but claiming this key's id.
        let mut header = Header::new(Algorithm::ES256);
        header.kid = Some(key.kid.clone());
        let forged = jsonwebtoken::encode(
            &header,
            &claims(60),
            &EncodingKey::from_ec_pem(other.private_pem.as_bytes()).unwrap(),
        )
        .unwrap();
        assert!(matches!(verify(&forged, &ring), Err(JwtError::Invalid(_))));
    }
}
