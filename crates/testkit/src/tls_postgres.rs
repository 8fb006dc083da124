//! A throwaway PostgreSQL server that speaks TLS, for tests of `sslmode` and `sslrootcert`.
//!
//! The shared test server's configuration is left alone: each [`TlsPostgres`] is a cluster of
//! its own (initdb into a scratch directory), with a certificate from a CA made here with
//! rcgen, on a free port; dropping it stops the server, also when the test panics. It needs
//! PostgreSQL's server binaries, and without them it fails the test rather than skipping it.
//! PostgreSQL refuses to run as root, so under root the cluster belongs to the `postgres` user.

use std::ffi::OsStr;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use rcgen::{
    BasicConstraints, CertificateParams, DnType, ExtendedKeyUsagePurpose, IsCa, Issuer, KeyPair,
    KeyUsagePurpose,
};

/// A certificate authority that exists only for one test.
pub struct TestCa {
    pem: String,
    issuer: Issuer<'static, KeyPair>,
}

impl TestCa {
    /// A new CA named `name`, with a key of its own.
    pub fn new(name: &str) -> Self {
        let mut params = CertificateParams::default();
        params.distinguished_name.push(DnType::CommonName, name);
        params.is_ca = IsCa::Ca(BasicConstraints::Unconstrained);
        params.key_usages = vec![KeyUsagePurpose::KeyCertSign, KeyUsagePurpose::CrlSign];
        let key = KeyPair::generate().expect("CA key");
        let pem = params.self_signed(&key).expect("CA certificate").pem();
        Self {
            pem,
            issuer: Issuer::new(params, key),
        }
    }

    /// The CA's certificate, PEM-encoded (what `sslrootcert` names).
    pub fn pem(&self) -> &str {
        &self.pem
    }

    /// A server certificate for `names` (DNS names or IP addresses) signed by this CA, and
    /// its private key, both PEM-encoded.
    pub fn server_cert(&self, names: &[&str]) -> (String, String) {
        let names: Vec<String> = names.iter().map(|n| (*n).to_owned()).collect();
        let mut params = CertificateParams::new(names.clone()).expect("server names");
        params
            .distinguished_name
            .push(DnType::CommonName, &names[0]);
        params.use_authority_key_identifier_extension = true;
        params.key_usages = vec![KeyUsagePurpose::DigitalSignature];
        params.extended_key_usages = vec![ExtendedKeyUsagePurpose::ServerAuth];
        let key = KeyPair::generate().expect("server key");
        let cert = params
            .signed_by(&key, &self.issuer)
            .expect("server certificate");
        (cert.pem(), key.serialize_pem())
    }
}

/// A running PostgreSQL cluster with `ssl = on`, user `postgres` with trust authentication.
///
/// Its certificate holds the name `localhost` only, so `127.0.0.1` (where it listens too) is
/// a name the certificate does not hold: `verify-full` must refuse it.
pub struct TlsPostgres {
    root: PathBuf,
    bin: PathBuf,
    as_postgres: bool,
    port: u16,
}

impl TlsPostgres {
    /// Creates and starts the cluster (a second or two). Panics with the reason, and the
    /// server's log, when it cannot.
    pub fn start() -> Self {
        let bin = server_binaries();
        // Named like fresh_db's scratch so that the sweep removes it if this process is
        // killed before the drop; the orphaned server then stops on finding its data gone.
        let root = std::env::temp_dir().join(format!(
            "bazaar-test-{}-tlspg-{}",
            std::process::id(),
            uuid::Uuid::now_v7().simple()
        ));
        std::fs::create_dir_all(root.join("sock")).expect("TLS PostgreSQL scratch directory");
        // From here on the drop cleans up, whatever fails below.
        let mut pg = TlsPostgres {
            root,
            bin,
            as_postgres: stdout_of(Command::new("id").arg("-u")) == "0",
            port: 0,
        };
        let ca = TestCa::new("bazaar test CA");
        std::fs::write(pg.ca_file(), ca.pem()).expect("write CA certificate");
        let (cert, key) = ca.server_cert(&["localhost"]);
        std::fs::write(pg.root.join("server.crt"), cert).expect("write server certificate");
        std::fs::write(pg.root.join("server.key"), key).expect("write server key");
        // PostgreSQL refuses a key that others can read.
        set_mode(&pg.root.join("server.key"), 0o600);
        if pg.as_postgres {
            pg.give_to_postgres();
        }
        pg.initdb();
        pg.run_server();
        pg
    }

    /// The port it listens on, at 127.0.0.1.
    pub fn port(&self) -> u16 {
        self.port
    }

    /// The PEM file of the CA that signed the server's certificate.
    pub fn ca_file(&self) -> PathBuf {
        self.root.join("ca.pem")
    }

    /// `postgres://postgres@{host}:{port}/postgres?{params}`.
    pub fn url(&self, host: &str, params: &str) -> String {
        format!("postgres://postgres@{host}:{}/postgres?{params}", self.port)
    }

    fn data(&self) -> PathBuf {
        self.root.join("data")
    }

    fn initdb(&self) {
        let out = self.pg_command(
            "initdb",
            [
                self.data().as_os_str(),
                OsStr::new("--auth=trust"),
                OsStr::new("--username=postgres"),
                OsStr::new("--encoding=UTF8"),
                OsStr::new("--locale=C"),
                OsStr::new("--no-sync"),
            ],
        );
        assert!(out.status.success(), "initdb failed: {}", text(&out.stderr));
        let settings = format!(
            "\nlisten_addresses = '127.0.0.1'\nunix_socket_directories = '{sock}'\n\
             ssl = on\nssl_cert_file = '{root}/server.crt'\nssl_key_file = '{root}/server.key'\n\
             fsync = off\nsynchronous_commit = off\nfull_page_writes = off\n\
             shared_buffers = '32MB'\nmax_connections = 40\n",
            sock = self.root.join("sock").display(),
            root = self.root.display(),
        );
        let conf = self.data().join("postgresql.conf");
        let mut text = std::fs::read_to_string(&conf).expect("read postgresql.conf");
        text.push_str(&settings);
        std::fs::write(&conf, text).expect("write postgresql.conf");
    }

    /// Starts the server on a free port, trying another if the port is taken between
    /// choosing it and binding it.
    fn run_server(&mut self) {
        let log = self.root.join("server.log");
        for _ in 0..3 {
            self.port = free_port();
            let out = self.pg_command(
                "pg_ctl",
                [
                    OsStr::new("start"),
                    OsStr::new("--wait"),
                    OsStr::new("--timeout=30"),
                    OsStr::new("-D"),
                    self.data().as_os_str(),
                    OsStr::new("-l"),
                    log.as_os_str(),
                    OsStr::new("-o"),
                    OsStr::new(&format!("-p {}", self.port)),
                ],
            );
            if out.status.success() {
                return;
            }
        }
        panic!(
            "the TLS PostgreSQL did not start; its log:\n{}",
            std::fs::read_to_string(&log).unwrap_or_default()
        );
    }

    /// Hands the scratch directory to the `postgres` user, who runs the cluster.
    fn give_to_postgres(&self) {
        let uid = stdout_of(Command::new("id").args(["-u", "postgres"]));
        let gid = stdout_of(Command::new("id").args(["-g", "postgres"]));
        let (Ok(uid), Ok(gid)) = (uid.parse(), gid.parse()) else {
            panic!(
                "tests run as root, and PostgreSQL refuses root: a `postgres` user is needed to \
                 run the TLS PostgreSQL"
            );
        };
        for path in ["", "sock", "server.crt", "server.key"] {
            std::os::unix::fs::chown(self.root.join(path), Some(uid), Some(gid))
                .expect("give the scratch directory to postgres");
        }
    }

    /// A PostgreSQL program, run as `postgres` when this process is root.
    fn pg_command<'a>(&self, program: &str, args: impl IntoIterator<Item = &'a OsStr>) -> Output {
        let program = self.bin.join(program);
        let mut cmd = if self.as_postgres {
            let mut cmd = Command::new("runuser");
            cmd.args(["-u", "postgres", "--"]).arg(&program);
            cmd
        } else {
            Command::new(&program)
        };
        cmd.args(args)
            .output()
            .unwrap_or_else(|e| panic!("cannot run {}: {e}", program.display()))
    }
}

impl Drop for TlsPostgres {
    fn drop(&mut self) {
        if self.data().join("postmaster.pid").exists() {
            let _ = self.pg_command(
                "pg_ctl",
                [
                    OsStr::new("stop"),
                    OsStr::new("--wait"),
                    OsStr::new("-m"),
                    OsStr::new("immediate"),
                    OsStr::new("-D"),
                    self.data().as_os_str(),
                ],
            );
        }
        let _ = std::fs::remove_dir_all(&self.root);
    }
}

/// The directory holding initdb and pg_ctl: the newest under /usr/lib/postgresql (Debian and
/// Ubuntu), else what `pg_config --bindir` says.
fn server_binaries() -> PathBuf {
    let debian = std::fs::read_dir("/usr/lib/postgresql")
        .into_iter()
        .flatten()
        .flatten()
        .filter_map(|entry| {
            let version: u32 = entry
                .file_name()
                .to_str()?
                .split('.')
                .next()?
                .parse()
                .ok()?;
            let bin = entry.path().join("bin");
            bin.join("initdb").is_file().then_some((version, bin))
        })
        .max();
    if let Some((_, bin)) = debian {
        return bin;
    }
    let bindir = PathBuf::from(stdout_of(Command::new("pg_config").arg("--bindir")));
    if bindir.join("initdb").is_file() && bindir.join("pg_ctl").is_file() {
        return bindir;
    }
    panic!(
        "the TLS tests start a PostgreSQL server of their own and need its programs (initdb, \
         pg_ctl), found in neither /usr/lib/postgresql/*/bin nor `pg_config --bindir`: install \
         the PostgreSQL server (e.g. apt-get install postgresql)"
    );
}

fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .expect("a free port")
        .port()
}

fn set_mode(path: &Path, mode: u32) {
    use std::os::unix::fs::PermissionsExt;
    std::fs::set_permissions(path, std::fs::Permissions::from_mode(mode)).expect("chmod");
}

/// The trimmed standard output of `cmd`, empty when it cannot run or fails.
fn stdout_of(cmd: &mut Command) -> String {
    cmd.output()
        .ok()
        .filter(|out| out.status.success())
        .map(|out| text(&out.stdout).trim().to_owned())
        .unwrap_or_default()
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}
