//! `bazaar import` and `bazaar export` as run by people: per-row reports, dry runs, exit
//! codes, other platforms' files recognised, and every export format imported again without
//! changes.

mod common;

use common::*;

#[test]
fn import_reports_each_row_and_a_rerun_changes_nothing() {
    let dir = scratch();
    std::fs::write(
        dir.join("p.json"),
        r#"[{"slug": "tee", "name": "Tee", "price": "10.00"}, {"slug": "bad", "name": "Bad", "price": "-1"}]"#,
    )
    .unwrap();
    let url = tokio::runtime::Runtime::new()
        .unwrap()
        .block_on(bazaar_testkit::fresh_database_url());
    let run = |args: &[&str]| {
        let mut cmd = bazaar(&dir);
        if let Some(url) = &url {
            cmd.env("BAZAAR_DATABASE_URL", url);
        }
        cmd.args(args).output().unwrap()
    };
    let dry = run(&["import", "p.json", "--dry-run"]);
    let dry_out = String::from_utf8_lossy(&dry.stdout);
    assert!(
        dry_out.contains("Dry run, nothing written: 1 created, 0 updated, 0 unchanged, 1 rejected"),
        "{dry_out}"
    );

    let first = run(&["import", "p.json"]);
    let out = String::from_utf8_lossy(&first.stdout);
    assert_eq!(
        first.status.code(),
        Some(1),
        "a rejected row makes the exit non-zero"
    );
    assert!(out.contains("row     1  created    tee"), "{out}");
    assert!(
        out.contains("row     2  rejected   bad  price: must not be negative"),
        "{out}"
    );

    let second = run(&["import", "p.json"]);
    let out = String::from_utf8_lossy(&second.stdout);
    assert!(
        out.contains("Imported: 0 created, 0 updated, 1 unchanged, 1 rejected"),
        "{out}"
    );

    // A Shopify export is recognised by its header; --vendor must name a store.
    std::fs::write(
        dir.join("export.csv"),
        "Handle,Title,Body (HTML),Vendor,Option1 Name,Option1 Value,Variant SKU,Variant Price,Image Src,Status\n\
         kasi-cap,Kasi Cap,<p>Cotton.</p>,Kasi,Title,Default Title,KASI-CAP,149.00,,active\n",
    )
    .unwrap();
    let refused = run(&["import", "export.csv", "--vendor", "nobody"]);
    assert_one_line_failure(&refused, "there is no store 'nobody'");
    let shopify = run(&["import", "export.csv"]);
    assert!(shopify.status.success(), "{}", stderr(&shopify));
    assert!(stderr(&shopify).contains("export.csv: Shopify CSV (1 product)"));
    let out = String::from_utf8_lossy(&shopify.stdout);
    assert!(out.contains("row     2  created    kasi-cap"), "{out}");

    // The catalogue exported in every format and imported again changes nothing.
    for (format, file, recognised) in [
        ("csv", "all.csv", "bazaar CSV"),
        ("json", "all.json", "bazaar JSON"),
        ("woocommerce", "woo.csv", "WooCommerce CSV"),
        ("shopify", "shopify.csv", "Shopify CSV"),
    ] {
        let exported = run(&["export", "--format", format, "--output", file]);
        assert!(exported.status.success(), "{}", stderr(&exported));
        assert!(stderr(&exported).contains("Exported 2 products."));
        assert!(!dir.join(file).with_extension("partial").exists());
        let again = run(&["import", file]);
        assert!(
            stderr(&again).contains(&format!("{file}: {recognised} (2 products)")),
            "{}",
            stderr(&again)
        );
        let out = String::from_utf8_lossy(&again.stdout);
        assert!(
            out.contains("Imported: 0 created, 0 updated, 2 unchanged, 0 rejected"),
            "{format}: {out}"
        );
    }
    let refused = run(&["export", "--vendor", "nobody"]);
    assert_one_line_failure(&refused, "there is no store 'nobody'");
}
