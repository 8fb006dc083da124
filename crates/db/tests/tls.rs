//! TLS to PostgreSQL as managed databases need it: `sslmode` and `sslrootcert` in the URL
//! work as in libpq, against a PostgreSQL server of the test's own with a certificate from a
//! CA made for the test (see `bazaar_testkit::tls_postgres`).

use std::path::PathBuf;
use std::time::Duration;

use bazaar_db::{ConnectOptions, Db, DbError, DbResult};
use bazaar_testkit::tls_postgres::{TestCa, TlsPostgres};

async fn connect(url: &str) -> DbResult<Db> {
    let options = ConnectOptions {
        max_connections: Some(2),
        acquire_timeout: Duration::from_secs(10),
        ..ConnectOptions::default()
    };
    Db::connect(url, &options).await
}

/// Whether this session's connection is encrypted, as the server sees it.
async fn encrypted(db: &Db) -> bool {
    let Db::Postgres(pool) = db else {
        panic!("a postgres:// URL gives a PostgreSQL pool")
    };
    sqlx::query_scalar("SELECT ssl FROM pg_stat_ssl WHERE pid = pg_backend_pid()")
        .fetch_one(pool)
        .await
        .expect("read pg_stat_ssl")
}

/// The error of a connection that must be refused.
async fn refused(url: &str) -> String {
    match connect(url).await {
        Ok(_) => panic!("{url} connected but must be refused"),
        Err(err @ DbError::Tls(_)) => err.to_string(),
        Err(err) => panic!("{url} is refused as a TLS failure, not {err:?}"),
    }
}

fn scratch() -> PathBuf {
    let dir = std::env::temp_dir().join(format!(
        "bazaar-test-{}-{}",
        std::process::id(),
        uuid::Uuid::now_v7().simple()
    ));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

#[tokio::test]
async fn sslmode_and_sslrootcert_are_honoured() {
    let pg = TlsPostgres::start();
    let ca = pg.ca_file().display().to_string();
    let dir = scratch();
    let foreign = dir.join("foreign-ca.pem");
    std::fs::write(&foreign, TestCa::new("someone else's CA").pem()).unwrap();
    let foreign = foreign.display().to_string();

    // `require`: encrypted, without checking the certificate; the schema migrates over it.
    let db = connect(&pg.url("127.0.0.1", "sslmode=require"))
        .await
        .expect("sslmode=require connects");
    db.migrate().await.expect("migrations run over TLS");
    db.ping().await.unwrap();
    assert!(encrypted(&db).await, "sslmode=require encrypts");
    db.close().await;

    // The probe can tell: the same server without TLS is seen as unencrypted.
    let plain = connect(&pg.url("127.0.0.1", "sslmode=disable"))
        .await
        .unwrap();
    assert!(!encrypted(&plain).await, "sslmode=disable does not encrypt");
    plain.close().await;

    // `verify-full` with the CA that signed the server's certificate, under its name.
    let verified = connect(&pg.url(
        "localhost",
        &format!("sslmode=verify-full&sslrootcert={ca}"),
    ))
    .await
    .expect("verify-full with the server's CA connects to localhost");
    assert!(encrypted(&verified).await);
    verified.close().await;

    // Another CA vouches for nothing this server shows.
    let err = refused(&pg.url(
        "localhost",
        &format!("sslmode=verify-full&sslrootcert={foreign}"),
    ))
    .await;
    assert!(
        err.contains("UnknownIssuer"),
        "a certificate from another CA is refused, saying why: {err}"
    );

    // The right CA, but a name the certificate does not hold (it names localhost only).
    let err = refused(&pg.url(
        "127.0.0.1",
        &format!("sslmode=verify-full&sslrootcert={ca}"),
    ))
    .await;
    assert!(
        err.contains("not valid for name \"127.0.0.1\""),
        "a host the certificate does not name is refused, saying why: {err}"
    );

    // `verify-ca` checks the issuer but not the name.
    let db = connect(&pg.url("127.0.0.1", &format!("sslmode=verify-ca&sslrootcert={ca}")))
        .await
        .expect("verify-ca ignores the host name");
    assert!(encrypted(&db).await);
    db.close().await;
    let err = refused(&pg.url(
        "127.0.0.1",
        &format!("sslmode=verify-ca&sslrootcert={foreign}"),
    ))
    .await;
    assert!(err.contains("UnknownIssuer"), "{err}");

    // libpq's rule: `require` with a root certificate verifies the issuer, as `verify-ca`.
    let err = refused(&pg.url(
        "127.0.0.1",
        &format!("sslmode=require&sslrootcert={foreign}"),
    ))
    .await;
    assert!(
        err.contains("UnknownIssuer"),
        "require checks a given CA: {err}"
    );
    connect(&pg.url("127.0.0.1", &format!("sslmode=require&sslrootcert={ca}")))
        .await
        .expect("require with the server's CA connects")
        .close()
        .await;

    std::fs::remove_dir_all(&dir).unwrap();
}

/// A CA file that cannot be used is a mistake in the URL, reported before any connection is
/// tried (port 1 has no server; trying it would end in a pool timeout, not this error).
#[tokio::test]
async fn an_unusable_sslrootcert_is_named_in_the_error() {
    let dir = scratch();
    let not_pem = dir.join("notes.txt");
    std::fs::write(&not_pem, "this is not a certificate\n").unwrap();
    let bad_base64 = dir.join("bad-base64.pem");
    std::fs::write(
        &bad_base64,
        "-----BEGIN CERTIFICATE-----\n!!!!\n-----END CERTIFICATE-----\n",
    )
    .unwrap();
    let not_x509 = dir.join("not-x509.pem");
    std::fs::write(
        &not_x509,
        "-----BEGIN CERTIFICATE-----\naGVsbG8gd29ybGQ=\n-----END CERTIFICATE-----\n",
    )
    .unwrap();
    let missing = dir.join("missing.pem");

    let cases = [
        (missing, "cannot read sslrootcert"),
        (not_pem, "holds no PEM certificate"),
        (bad_base64, "is not valid PEM"),
        (not_x509, "holds an unusable certificate"),
    ];
    for (file, expected) in cases {
        let url = format!(
            "postgres://postgres:secret@127.0.0.1:1/postgres?sslmode=verify-full&sslrootcert={}",
            file.display()
        );
        let started = std::time::Instant::now();
        let err = connect(&url).await.expect_err("an unusable CA file fails");
        assert!(
            started.elapsed() < Duration::from_secs(2),
            "fails before connecting"
        );
        let DbError::BadUrl { reason, .. } = &err else {
            panic!("{} gives a URL error, not {err:?}", file.display())
        };
        assert!(
            reason.contains(expected) && reason.contains(&file.display().to_string()),
            "{reason}"
        );
        let message = err.to_string();
        assert!(
            message.contains("postgres:***@") && !message.contains("secret"),
            "the password stays out of the message: {message}"
        );
    }
    std::fs::remove_dir_all(&dir).unwrap();
}
