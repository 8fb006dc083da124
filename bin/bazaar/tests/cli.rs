//! The real `bazaar` binary: help, configuration layers, clear failures, serving from
//! nothing, seeding, accounts, stores and payouts. Importing and exporting are in
//! `import_export.rs`.

mod common;

use std::path::Path;
use std::process::Stdio;
use std::time::{Duration, Instant};

use common::*;

#[test]
fn help_lists_the_subcommands() {
    let out = bazaar(&scratch()).arg("--help").output().unwrap();
    assert!(out.status.success());
    let help = String::from_utf8_lossy(&out.stdout);
    for name in [
        "serve",
        "worker",
        "import",
        "seed",
        "migrate",
        "--data-dir",
        "--database-url",
    ] {
        assert!(help.contains(name), "{name} in --help");
    }
    let serve = bazaar(&scratch())
        .args(["serve", "--help"])
        .output()
        .unwrap();
    let serve = String::from_utf8_lossy(&serve.stdout);
    for flag in ["--listen", "--public-url", "--web-dir"] {
        assert!(serve.contains(flag), "{flag} in serve --help");
    }
}

/// `bazaar openapi` prints what `/api/openapi.json` serves, with no configuration and without
/// touching a database (the web client is generated from it).
#[test]
fn openapi_prints_the_document_and_writes_nothing() {
    let dir = scratch();
    let out = bazaar(&dir).arg("openapi").output().unwrap();
    assert!(out.status.success(), "{}", stderr(&out));
    let doc: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON on stdout");
    assert_eq!(doc["openapi"], "3.1.0");
    assert_eq!(
        doc["paths"]["/api/v1/cart"]["get"]["operationId"],
        "get_cart"
    );
    assert_eq!(
        std::fs::read_dir(&dir).unwrap().count(),
        0,
        "no data directory or database is created"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A failure is one clear line and a non-zero exit, never a panic.
#[test]
fn bad_input_gives_one_clear_line() {
    let dir = scratch();
    let out = bazaar(&dir)
        .args(["serve", "--listen", "nowhere"])
        .output()
        .unwrap();
    assert_one_line_failure(&out, "error: invalid listen address 'nowhere'");

    let out = bazaar(&dir)
        .args([
            "--database-url",
            "postgres://nobody@127.0.0.1:1/none",
            "migrate",
        ])
        .output()
        .unwrap();
    assert_one_line_failure(
        &out,
        "error: cannot connect to the database at postgres://nobody@127.0.0.1:1/none",
    );

    let out = bazaar(&dir)
        .args(["--database-url", "mysql://x", "migrate"])
        .output()
        .unwrap();
    assert_one_line_failure(&out, "expected a URL starting with sqlite: or postgres:");

    std::fs::write(dir.join("bazaar.toml"), "listen = 5\n").unwrap();
    let out = bazaar(&dir).arg("migrate").output().unwrap();
    assert_one_line_failure(&out, "error: invalid configuration file bazaar.toml");
    std::fs::write(dir.join("bazaar.toml"), "colour = \"red\"\n").unwrap();
    let out = bazaar(&dir).arg("migrate").output().unwrap();
    assert_one_line_failure(&out, "unknown field `colour`");
    std::fs::remove_file(dir.join("bazaar.toml")).unwrap();

    let out = bazaar(&dir)
        .args(["import", "nothing.json"])
        .output()
        .unwrap();
    assert_one_line_failure(&out, "error: cannot read nothing.json");
    std::fs::write(dir.join("ledger.csv"), "Date,Amount\n2026-11-01,100.00\n").unwrap();
    let out = bazaar(&dir)
        .args(["import", "ledger.csv"])
        .output()
        .unwrap();
    assert_one_line_failure(
        &out,
        "cannot import ledger.csv: not a product file: expected",
    );
    let out = bazaar(&dir)
        .args(["import", "ledger.csv", "--format", "shopify"])
        .output()
        .unwrap();
    assert_one_line_failure(
        &out,
        "cannot import ledger.csv as Shopify CSV: not a Shopify product CSV: the header lacks 'Handle', 'Title', 'Variant Price'",
    );

    let out = bazaar(&dir)
        .args(["serve", "--google-client-id", "x"])
        .output()
        .unwrap();
    assert_one_line_failure(
        &out,
        "sign-in with Google needs both --google-client-id and --google-client-secret",
    );

    let out = bazaar(&dir).arg("--no-such-flag").output().unwrap();
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn worker_on_sqlite_explains_that_serve_runs_the_jobs() {
    let out = bazaar(&scratch()).arg("worker").output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("bazaar worker needs PostgreSQL"),
        "{}",
        stderr(&out)
    );
    let out = bazaar(&scratch())
        .args(["serve", "--no-workers"])
        .output()
        .unwrap();
    assert_one_line_failure(&out, "--no-workers needs PostgreSQL");
}

#[test]
fn jobs_commands_list_and_refuse_unknown_ids() {
    let dir = scratch();
    let out = bazaar_db(&dir).args(["jobs", "failed"]).output().unwrap();
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(String::from_utf8_lossy(&out.stdout).contains("No failed jobs."));
    let out = bazaar_db(&dir)
        .args(["jobs", "retry", "01JNOSUCHJOB"])
        .output()
        .unwrap();
    assert_one_line_failure(&out, "no failed job with id 01JNOSUCHJOB");
}

#[test]
fn layers_flags_over_environment_over_file() {
    let dir = scratch();
    std::fs::write(dir.join("bazaar.toml"), "data_dir = \"from-file\"\n").unwrap();
    let mut cmd = bazaar(&dir);
    cmd.arg("migrate");
    assert!(cmd.output().unwrap().status.success());
    assert!(
        dir.join("from-file/bazaar.db").is_file(),
        "the file's data_dir is used"
    );

    let out = bazaar(&dir)
        .env("BAZAAR_DATA_DIR", "from-env")
        .arg("migrate")
        .output()
        .unwrap();
    assert!(out.status.success());
    assert!(
        dir.join("from-env/bazaar.db").is_file(),
        "the environment beats the file"
    );

    let out = bazaar(&dir)
        .env("BAZAAR_DATA_DIR", "from-env")
        .args(["--data-dir", "from-flag", "migrate"])
        .output()
        .unwrap();
    assert!(out.status.success());
    assert!(
        dir.join("from-flag/bazaar.db").is_file(),
        "the flag beats the environment"
    );
}

struct Server(std::process::Child);

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

fn get(port: u16, path: &str) -> Option<(u16, String)> {
    use std::io::{Read, Write};
    let mut s = std::net::TcpStream::connect(("127.0.0.1", port)).ok()?;
    s.set_read_timeout(Some(Duration::from_secs(5))).ok()?;
    write!(
        s,
        "GET {path} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n"
    )
    .ok()?;
    let mut buf = String::new();
    s.read_to_string(&mut buf).ok()?;
    let status = buf.split_whitespace().nth(1)?.parse().ok()?;
    Some((status, buf))
}

#[test]
fn serve_with_no_configuration_creates_data_and_serves() {
    let dir = scratch();
    let port = free_port();
    let child = bazaar(&dir)
        .args(["serve", "--listen", &format!("127.0.0.1:{port}")])
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let _server = Server(child);
    let deadline = Instant::now() + Duration::from_secs(30);
    let ready = loop {
        if let Some(r) = get(port, "/readyz") {
            break r;
        }
        assert!(Instant::now() < deadline, "serve did not come up");
        std::thread::sleep(Duration::from_millis(100));
    };
    assert_eq!(ready.0, 200);
    assert!(
        dir.join("data/bazaar.db").is_file(),
        "data/ was created with the SQLite database"
    );
    let (status, body) = get(port, "/api/v1/products").unwrap();
    assert_eq!(status, 200);
    assert!(body.contains("\"products\":[]"));
}

#[test]
fn seed_loads_the_demo_and_synthetic_products() {
    let dir = scratch();
    let seeds = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../seeds");
    let out = bazaar_db(&dir)
        .args(["seed", "--dir", seeds.to_str().unwrap()])
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", stderr(&out));
    let out = bazaar_db(&dir)
        .args(["seed", "--synthetic", "1000"])
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(String::from_utf8_lossy(&out.stdout).contains("Added 1000 synthetic products"));
    let out = bazaar(&dir)
        .args(["seed", "--synthetic", "0"])
        .output()
        .unwrap();
    assert!(!out.status.success());
    // Orders need the demo's stores, products and customer: one database for both steps.
    let url = tokio::runtime::Runtime::new()
        .unwrap()
        .block_on(bazaar_testkit::fresh_database_url())
        .unwrap_or_else(|| format!("sqlite://{}", dir.join("orders.db").display()));
    let out = bazaar(&dir)
        .env("BAZAAR_DATABASE_URL", &url)
        .args(["seed", "--dir", seeds.to_str().unwrap()])
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", stderr(&out));
    let out = bazaar(&dir)
        .env("BAZAAR_DATABASE_URL", &url)
        .args(["seed", "--synthetic-orders", "300"])
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", stderr(&out));
    let said = String::from_utf8_lossy(&out.stdout);
    assert!(said.contains("Added 300 synthetic orders"), "{said}");
    assert!(said.contains("days of vendors' figures"), "{said}");
    let out = bazaar(&dir)
        .env("BAZAAR_DATABASE_URL", &url)
        .args(["seed", "--synthetic-users", "700"])
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", stderr(&out));
    let said = String::from_utf8_lossy(&out.stdout);
    assert!(said.contains("Added 700 synthetic customers"), "{said}");
    let out = bazaar(&dir)
        .env("BAZAAR_DATABASE_URL", &url)
        .args(["seed", "--synthetic-users", "5", "--synthetic-orders", "5"])
        .output()
        .unwrap();
    assert!(!out.status.success(), "one kind at a time");
}

#[test]
fn user_commands_create_accounts_set_roles_and_keys_rotate() {
    let dir = scratch();
    let url = tokio::runtime::Runtime::new()
        .unwrap()
        .block_on(bazaar_testkit::fresh_database_url());
    let run = |args: &[&str], stdin: &str| {
        use std::io::Write;
        let mut cmd = bazaar(&dir);
        if let Some(url) = &url {
            cmd.env("BAZAAR_DATABASE_URL", url);
        }
        let mut child = cmd
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        child
            .stdin
            .take()
            .unwrap()
            .write_all(stdin.as_bytes())
            .unwrap();
        child.wait_with_output().unwrap()
    };
    let out = run(
        &[
            "user",
            "create",
            "--email",
            "Boss@Example.com",
            "--role",
            "admin",
        ],
        "long-enough\n",
    );
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(String::from_utf8_lossy(&out.stdout).contains("Created boss@example.com (admin)."));
    let out = run(
        &["user", "create", "--email", "boss@example.com"],
        "long-enough\n",
    );
    assert_one_line_failure(&out, "an account for boss@example.com already exists");
    let out = run(
        &["user", "create", "--email", "short@example.com"],
        "12345\n",
    );
    assert_one_line_failure(&out, "the password must be at least 6 characters");
    let out = run(
        &[
            "user",
            "set-role",
            "--email",
            "boss@example.com",
            "--role",
            "vendor",
        ],
        "",
    );
    assert!(String::from_utf8_lossy(&out.stdout).contains("boss@example.com is now vendor."));
    let out = run(
        &[
            "user",
            "set-role",
            "--email",
            "nobody@example.com",
            "--role",
            "vendor",
        ],
        "",
    );
    assert_one_line_failure(&out, "there is no account for nobody@example.com");
    let out = run(
        &[
            "user",
            "set-role",
            "--email",
            "boss@example.com",
            "--role",
            "owner",
        ],
        "",
    );
    assert_eq!(out.status.code(), Some(2), "clap rejects an unknown role");
    let out = run(&["keys", "rotate"], "");
    assert!(
        String::from_utf8_lossy(&out.stdout).contains("is current"),
        "{}",
        stderr(&out)
    );
}

/// `bazaar vendor`: operators list stores and waiting applications, approve one, suspend
/// and reinstate a store, each under a named admin; mistakes get one clear line.
#[test]
fn vendor_commands_list_approve_suspend_and_reinstate() {
    let dir = scratch();
    let url = tokio::runtime::Runtime::new()
        .unwrap()
        .block_on(bazaar_testkit::fresh_database_url())
        .unwrap_or_else(|| format!("sqlite://{}", dir.join("shop.db").display()));
    let run = |args: &[&str]| {
        bazaar(&dir)
            .env("BAZAAR_DATABASE_URL", &url)
            .args(args)
            .output()
            .unwrap()
    };
    let seeds = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../seeds");
    let out = run(&["seed", "--dir", seeds.to_str().unwrap()]);
    assert!(out.status.success(), "{}", stderr(&out));

    // A customer applies (as the API would file it).
    let runtime = tokio::runtime::Runtime::new().unwrap();
    runtime.block_on(async {
        let db = bazaar_db::Db::connect(&url, &bazaar_db::ConnectOptions::default())
            .await
            .unwrap();
        let user = bazaar_db::accounts::user_by_email(&db, "customer@bazaar.test")
            .await
            .unwrap()
            .unwrap();
        let draft = bazaar_domain::vendor::ApplicationDraft {
            store_name: "Kasi Kicks".into(),
            store_slug: "kasi-kicks".into(),
            description: "Sneakers and streetwear from Soweto's own designers.".into(),
            category_focus: "Sneakers".into(),
            contact_phone: "082 555 1234".into(),
            bank_name: "Nedbank".into(),
            account_holder: "Kasi Kicks".into(),
            account_number: "1234567890".into(),
            branch_code: "198765".into(),
            ..Default::default()
        };
        let actor = bazaar_commerce::selling::Actor {
            id: user.id,
            email: &user.email,
            role: "customer",
        };
        bazaar_commerce::selling::apply(&db, &actor, &draft, 1)
            .await
            .unwrap();
        db.close().await;
    });

    let out = run(&["vendor", "list"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let listed = String::from_utf8_lossy(&out.stdout);
    assert!(listed.contains("4 stores"), "{listed}");
    assert!(listed.contains("ovr-official") && listed.contains("vendor@bazaar.test"));
    assert!(listed.contains("1 applications waiting") && listed.contains("kasi-kicks"));

    let out = run(&[
        "vendor",
        "approve",
        "kasi-kicks",
        "--by",
        "customer@bazaar.test",
    ]);
    assert_one_line_failure(&out, "customer@bazaar.test is not an admin");
    let out = run(&[
        "vendor",
        "approve",
        "no-such-store",
        "--by",
        "admin@bazaar.test",
    ]);
    assert_one_line_failure(
        &out,
        "no submitted application for the store 'no-such-store'",
    );
    let out = run(&[
        "vendor",
        "approve",
        "kasi-kicks",
        "--by",
        "admin@bazaar.test",
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(String::from_utf8_lossy(&out.stdout).contains("the store /store/kasi-kicks is open"));
    let out = run(&["vendor", "list", "--status", "approved"]);
    assert!(String::from_utf8_lossy(&out.stdout).contains("kasi-kicks"));

    let out = run(&[
        "vendor",
        "suspend",
        "pwr-athletics",
        "--reason",
        "Counterfeit reports",
        "--by",
        "admin@bazaar.test",
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let out = run(&["vendor", "list", "--status", "suspended"]);
    assert!(String::from_utf8_lossy(&out.stdout).contains("pwr-athletics"));
    let out = run(&[
        "vendor",
        "suspend",
        "pwr-athletics",
        "--reason",
        "Again",
        "--by",
        "admin@bazaar.test",
    ]);
    assert_one_line_failure(
        &out,
        "Only approved stores can be suspended; this one is suspended",
    );
    let out = run(&[
        "vendor",
        "reinstate",
        "pwr-athletics",
        "--by",
        "admin@bazaar.test",
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let out = run(&[
        "vendor",
        "reinstate",
        "nowhere",
        "--by",
        "admin@bazaar.test",
    ]);
    assert_one_line_failure(&out, "there is no store 'nowhere'");
}

/// `bazaar payouts run`: a dry run shows who would be paid and keeps nothing; a run pays
/// them and writes the bank file.
#[test]
fn payouts_run_pays_available_balances_and_writes_the_bank_file() {
    let dir = scratch();
    let url = tokio::runtime::Runtime::new()
        .unwrap()
        .block_on(bazaar_testkit::fresh_database_url())
        .unwrap_or_else(|| format!("sqlite://{}", dir.join("shop.db").display()));
    let run = |args: &[&str]| {
        bazaar(&dir)
            .env("BAZAAR_DATABASE_URL", &url)
            .args(args)
            .output()
            .unwrap()
    };
    let seeds = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../seeds");
    let out = run(&["seed", "--dir", seeds.to_str().unwrap()]);
    assert!(out.status.success(), "{}", stderr(&out));

    // OVR has R1,234.50 available and a bank account; Karoo Outdoor R300 and none.
    let runtime = tokio::runtime::Runtime::new().unwrap();
    runtime.block_on(async {
        let db = bazaar_db::Db::connect(&url, &bazaar_db::ConnectOptions::default())
            .await
            .unwrap();
        let admin = bazaar_db::accounts::user_by_email(&db, "admin@bazaar.test")
            .await
            .unwrap()
            .unwrap();
        let mut tx = db.begin().await.unwrap();
        let ovr = bazaar_db::vendors::id_by_slug(&mut tx, "ovr-official")
            .await
            .unwrap()
            .unwrap();
        let karoo = bazaar_db::vendors::id_by_slug(&mut tx, "karoo-outdoor")
            .await
            .unwrap()
            .unwrap();
        bazaar_db::vendors::set_payout_account(
            &mut tx,
            ovr,
            &bazaar_db::vendors::PayoutAccount {
                bank_name: "FNB",
                account_holder: "OVR Apparel (Pty) Ltd",
                account_number: "62000000001",
                branch_code: "250655",
            },
            chrono::Utc::now(),
        )
        .await
        .unwrap();
        bazaar_commerce::books::adjust(&mut tx, ovr, 123_450, "Opening balance", admin.id)
            .await
            .unwrap();
        bazaar_commerce::books::adjust(&mut tx, karoo, 30_000, "Opening balance", admin.id)
            .await
            .unwrap();
        tx.commit().await.unwrap();
        db.close().await;
    });

    let out = run(&["payouts", "run", "--dry-run"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.starts_with("Would pay 1 vendor(s) R1234.50 in total (minimum R100.00)"),
        "{text}"
    );
    assert!(
        text.contains("OVR Official") && text.contains("R300.00 but has no payout account"),
        "{text}"
    );
    let again = run(&["payouts", "run", "--dry-run"]);
    assert_eq!(
        String::from_utf8_lossy(&again.stdout).lines().next(),
        text.lines().next(),
        "a dry run keeps nothing"
    );

    let file = dir.join("bank.csv");
    let out = run(&["payouts", "run", "--bank-file", file.to_str().unwrap()]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(String::from_utf8_lossy(&out.stdout).starts_with("Paid 1 vendor(s) R1234.50"));
    let csv = std::fs::read_to_string(&file).unwrap();
    let mut lines = csv.lines();
    assert_eq!(
        lines.next(),
        Some("Account holder,Account number,Branch code,Amount,Reference")
    );
    assert!(
        lines
            .next()
            .unwrap()
            .starts_with("OVR Apparel (Pty) Ltd,62000000001,250655,1234.50,BAZAAR ")
    );
    let out = run(&["payouts", "run", "--dry-run"]);
    assert!(
        String::from_utf8_lossy(&out.stdout).starts_with("Would pay 0 vendor(s) R0.00"),
        "paid once"
    );
    let out = run(&["payouts", "run", "--bank-file", "/no/such/dir/bank.csv"]);
    assert!(!out.status.success());
    assert!(
        stderr(&out).contains("is not a directory"),
        "{}",
        stderr(&out)
    );
}
