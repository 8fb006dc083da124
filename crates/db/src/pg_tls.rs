//! TLS settings of a PostgreSQL URL, checked before the first connection.
//!
//! sqlx reads `sslrootcert` only during the TLS handshake, so a missing file surfaces as a bare
//! "No such file or directory" from the pool, and a file without certificates as an unknown
//! issuer; both are mistakes in the URL and are reported as such here, naming the file.

use std::path::Path;

use sqlx::postgres::{PgConnectOptions, PgSslMode};

use crate::DbError;

/// The URL keys sqlx reads as the root certificate (the last one given wins).
const ROOT_CERT_KEYS: [&str; 3] = ["sslrootcert", "ssl-root-cert", "ssl-ca"];

/// Checks the CA certificates `url` names and applies libpq's rule that `sslmode=require`
/// with a root certificate verifies the server against it (as `verify-ca`); sqlx alone would
/// ignore the file, which is not what anyone who named one expects.
pub(crate) fn apply(url: &str, opts: PgConnectOptions) -> Result<PgConnectOptions, String> {
    if !check_root_cert(url)? {
        return Ok(opts);
    }
    Ok(match opts.get_ssl_mode() {
        PgSslMode::Require => opts.ssl_mode(PgSslMode::VerifyCa),
        _ => opts,
    })
}

/// A failed first connection as [`DbError`]: TLS failures become [`DbError::Tls`], since
/// sqlx reports a refused certificate as "error communicating with database".
pub(crate) fn connect_error(err: sqlx::Error) -> DbError {
    let tls = match &err {
        sqlx::Error::Tls(e) => Some(e.to_string()),
        sqlx::Error::Io(e) => e
            .get_ref()
            .and_then(|inner| inner.downcast_ref::<rustls::Error>())
            .map(ToString::to_string),
        _ => None,
    };
    match tls {
        Some(reason) => DbError::Tls(reason),
        None => DbError::Sqlx(err),
    }
}

/// Whether a root certificate is configured (in the URL, or else in `PGSSLROOTCERT` as sqlx
/// reads it), after checking that it holds at least one usable CA certificate.
fn check_root_cert(url: &str) -> Result<bool, String> {
    let parsed = url::Url::parse(url).map_err(|e| e.to_string())?;
    let in_url = parsed
        .query_pairs()
        .filter(|(key, _)| ROOT_CERT_KEYS.contains(&key.as_ref()))
        .last()
        .map(|(_, value)| value.into_owned());
    let (name, pem) = match in_url {
        Some(path) => (path.clone(), read(Path::new(&path))?),
        None => match std::env::var("PGSSLROOTCERT") {
            // sqlx takes a value that looks like PEM as the certificates themselves.
            Ok(value) if is_inline_pem(&value) => ("PGSSLROOTCERT".to_owned(), value.into_bytes()),
            Ok(path) => (path.clone(), read(Path::new(&path))?),
            Err(_) => return Ok(false),
        },
    };
    check_pem(&name, &pem)?;
    Ok(true)
}

fn is_inline_pem(value: &str) -> bool {
    let value = value.trim();
    value.starts_with("-----BEGIN") && value.ends_with("-----")
}

fn read(path: &Path) -> Result<Vec<u8>, String> {
    std::fs::read(path).map_err(|e| format!("cannot read sslrootcert {}: {e}", path.display()))
}

/// The same parsing sqlx's rustls handshake does, so what passes here loads there.
fn check_pem(name: &str, pem: &[u8]) -> Result<(), String> {
    use rustls::pki_types::CertificateDer;
    use rustls::pki_types::pem::PemObject;
    let mut roots = rustls::RootCertStore::empty();
    for cert in CertificateDer::pem_slice_iter(pem) {
        let cert = cert.map_err(|e| format!("sslrootcert {name} is not valid PEM: {e}"))?;
        roots
            .add(cert)
            .map_err(|e| format!("sslrootcert {name} holds an unusable certificate: {e}"))?;
    }
    if roots.is_empty() {
        return Err(format!("sslrootcert {name} holds no PEM certificate"));
    }
    Ok(())
}
