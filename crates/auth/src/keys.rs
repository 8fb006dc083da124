//! ES256 signing keys: created on first start, kept in the database, published as a JWKS.

use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use p256::SecretKey;
use p256::pkcs8::{DecodePrivateKey, EncodePrivateKey, LineEnding};
use rand::RngCore;
use serde::{Deserialize, Serialize};

/// The public half of a key as a JSON Web Key.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct PublicJwk {
    pub kty: String,
    pub crv: String,
    pub x: String,
    pub y: String,
    pub kid: String,
    pub alg: String,
    #[serde(rename = "use")]
    pub use_: String,
    pub key_ops: Vec<String>,
}

/// A signing key: its id, the private key as PKCS#8 PEM, and its public JWK.
#[derive(Clone)]
pub struct SigningKey {
    pub kid: String,
    pub private_pem: String,
    pub public: PublicJwk,
}

impl std::fmt::Debug for SigningKey {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("SigningKey")
            .field("kid", &self.kid)
            .field("private_pem", &"<redacted>")
            .finish()
    }
}

#[derive(Debug, thiserror::Error)]
#[error("invalid signing key: {0}")]
pub struct KeyError(String);

impl SigningKey {
    /// A new P-256 key with a random id.
    pub fn generate() -> SigningKey {
        let secret = loop {
            let mut bytes = [0_u8; 32];
            rand::rng().fill_bytes(&mut bytes);
            // Valid unless the bytes are zero or not below the curve order: retry then.
            if let Ok(key) = SecretKey::from_slice(&bytes) {
                break key;
            }
        };
        let kid = uuid::Uuid::now_v7().simple().to_string();
        let pem = secret
            .to_pkcs8_pem(LineEnding::LF)
            .expect("a P-256 key encodes as PKCS#8")
            .to_string();
        Self::from_parts(kid, pem).expect("a freshly generated key is valid")
    }

    /// A stored key: its id and private PEM.
    pub fn from_parts(kid: String, private_pem: String) -> Result<SigningKey, KeyError> {
        let secret =
            SecretKey::from_pkcs8_pem(&private_pem).map_err(|e| KeyError(e.to_string()))?;
        let point = p256::EncodedPoint::from(secret.public_key());
        let (Some(x), Some(y)) = (point.x(), point.y()) else {
            return Err(KeyError("the public point is the identity".into()));
        };
        let public = PublicJwk {
            kty: "EC".into(),
            crv: "P-256".into(),
            x: URL_SAFE_NO_PAD.encode(x),
            y: URL_SAFE_NO_PAD.encode(y),
            kid: kid.clone(),
            alg: "ES256".into(),
            use_: "sig".into(),
            key_ops: vec!["verify".into()],
        };
        Ok(SigningKey {
            kid,
            private_pem,
            public,
        })
    }
}

/// `{"keys": [...]}` as served at `/.well-known/jwks.json`.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Jwks {
    pub keys: Vec<PublicJwk>,
}
