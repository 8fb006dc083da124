//! WooCommerce's and Shopify's product CSV exports imported unchanged, on a real database
//! (SQLite, and PostgreSQL with TEST_DATABASE_URL). The files under `tests/fixtures` are
//! written by this project in each platform's documented export layout: every product type,
//! malformed rows, a byte-order mark, quoted newlines; and files that are not product CSVs.

use std::path::{Path, PathBuf};

use bazaar_db::Db;
use bazaar_domain::catalogue::VendorStatus;
use bazaar_import::{Format, Outcome, RowReport, SourceRow, Summary};
use serde_json::Value;

fn fixture(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures")
        .join(name)
}

/// The fixture read as its content says.
fn rows(name: &str) -> (Format, Vec<SourceRow>) {
    let text = bazaar_import::read_text(&fixture(name)).unwrap();
    let format = Format::detect(&text).unwrap();
    (
        format,
        bazaar_import::parse(text, format)
            .unwrap()
            .into_iter()
            .collect(),
    )
}

async fn import(db: &Db, rows: Vec<SourceRow>, dry_run: bool) -> Vec<RowReport> {
    bazaar_import::import_rows(db, rows, dry_run, |_| {})
        .await
        .unwrap()
}

fn summary(created: usize, updated: usize, unchanged: usize, rejected: usize) -> Summary {
    Summary {
        created,
        updated,
        unchanged,
        rejected,
    }
}

/// The reasons a row (by first line) was rejected with, as `field: reason`.
fn refusals(reports: &[RowReport], line: usize) -> Vec<String> {
    let r = reports
        .iter()
        .find(|r| r.row == line)
        .unwrap_or_else(|| panic!("no report for line {line}: {reports:#?}"));
    assert_eq!(r.outcome, Outcome::Rejected, "{r:?}");
    r.errors
        .iter()
        .map(|e| format!("{}: {}", e.field, e.reason))
        .collect()
}

/// A product as the catalogue API would build it from the database: the columns the
/// tests look at.
async fn product(db: &Db, slug: &str) -> Value {
    let (
        name,
        description,
        price,
        sale,
        stock,
        status,
        product_type,
        category,
        brand,
        image,
        vendor,
    ) = bazaar_db::on_db!(db, pool => sqlx::query_as::<_, (String, String, i64, Option<i64>, i64, String, String, String, String, Option<String>, Option<uuid::Uuid>)>(
            "SELECT p.name, p.description, p.price_cents, p.sale_price_cents, p.stock_quantity, p.status, \
             p.product_type, p.category, p.brand, p.image_url, p.vendor_id \
             FROM products p WHERE p.slug = $1",
        ).bind(slug).fetch_one(pool).await.unwrap());
    let variations = bazaar_db::on_db!(db, pool => sqlx::query_as::<_, (String, i64, Option<i64>, i64)>(
        "SELECT v.sku, v.price_cents, v.sale_price_cents, v.stock_quantity FROM product_variations v \
         JOIN products p ON p.id = v.product_id WHERE p.slug = $1 ORDER BY v.sku",
    ).bind(slug).fetch_all(pool).await.unwrap());
    serde_json::json!({
        "name": name, "description": description, "price": price, "sale": sale,
        "stock": stock, "status": status, "type": product_type, "category": category,
        "brand": brand, "image": image, "vendor": vendor.is_some(),
        "variations": variations.iter().map(|(sku, p, s, q)| serde_json::json!([sku, p, s, q])).collect::<Vec<_>>(),
    })
}

#[tokio::test]
async fn a_woocommerce_export_imports_every_kind_of_product_once() {
    let (db, _dir) = bazaar_testkit::fresh_db().await;
    let (format, rows) = rows("woocommerce-products.csv");
    assert_eq!(
        format,
        Format::WooCommerce,
        "recognised from its header, BOM and all"
    );

    let dry = import(&db, rows.clone(), true).await;
    assert_eq!(Summary::of(&dry), summary(4, 0, 0, 4));
    let none = bazaar_db::on_db!(&db, pool => sqlx::query_scalar::<_, i64>("SELECT COUNT(*) FROM products").fetch_one(pool).await.unwrap());
    assert_eq!(none, 0, "a dry run writes nothing");

    let first = import(&db, rows.clone(), false).await;
    assert_eq!(Summary::of(&first), summary(4, 0, 0, 4), "{first:#?}");
    // Grouped, external, a product without a price and a variation without its parent.
    assert_eq!(
        refusals(&first, 9),
        [format!("Type: {}", bazaar_import::woocommerce::GROUPED)]
    );
    assert_eq!(
        refusals(&first, 10),
        [format!("Type: {}", bazaar_import::woocommerce::EXTERNAL)]
    );
    assert!(refusals(&first, 11)[0].starts_with("price: "), "{first:#?}");
    assert_eq!(
        refusals(&first, 12),
        ["Parent: this variation's parent 'id:999' is not in the file"]
    );

    let flask = product(&db, "karoo-steel-flask-750ml").await;
    assert_eq!(flask["price"], 34_900);
    assert_eq!(flask["sale"], 27_900);
    assert_eq!(flask["stock"], 40);
    assert_eq!(flask["category"], "hydration");
    assert_eq!(
        flask["image"],
        "https://images.example.co.za/flask-front.jpg"
    );
    assert_eq!(
        flask["description"],
        "Double-walled steel flask & leak-proof lid.\n\n• 750 ml\n• BPA free"
    );
    let tee = product(&db, "karoo-trail-tee").await;
    assert_eq!(
        tee["description"],
        "Merino blend, made in Cape Town.\nLine two, kept."
    );
    assert_eq!(
        tee["variations"],
        serde_json::json!([
            ["KAROO-TEE-S", 39_900, null, 5],
            ["KAROO-TRAIL-TEE-M-OLIVE-2", 39_900, 34_900, 0]
        ])
    );
    let guide = product(&db, "cederberg-trail-guide-pdf").await;
    assert_eq!(guide["type"], "digital");
    let chair = product(&db, "camp-chair-lite").await;
    assert_eq!(chair["name"], "Camp Chair \"Lite\"");
    assert_eq!(chair["price"], 129_900);
    assert_eq!(chair["description"], "Folds flat.\nCarries 120 kg.");
    assert_eq!(chair["category"], "chairs");
    assert_eq!(chair["stock"], 999, "in stock without a count");

    // The same file again changes nothing.
    let again = import(&db, rows, false).await;
    assert_eq!(Summary::of(&again), summary(0, 0, 4, 4));
}

#[tokio::test]
async fn a_shopify_export_imports_one_product_per_handle() {
    let (db, _dir) = bazaar_testkit::fresh_db().await;
    let (format, rows) = rows("shopify-products.csv");
    assert_eq!(format, Format::Shopify);
    let first = import(&db, rows.clone(), false).await;
    assert_eq!(Summary::of(&first), summary(3, 0, 0, 1), "{first:#?}");
    assert!(refusals(&first, 7)[0].starts_with("price: "), "{first:#?}");

    let hoodie = product(&db, "table-mountain-hoodie").await;
    assert_eq!(hoodie["name"], "Table Mountain Hoodie");
    assert_eq!(
        hoodie["description"],
        "Heavyweight cotton.\n\nPrinted in Woodstock."
    );
    assert_eq!(hoodie["brand"], "OVR");
    assert_eq!(hoodie["category"], "hoodies");
    assert_eq!(hoodie["status"], "active");
    assert_eq!(hoodie["image"], "https://cdn.example.com/hoodie-front.jpg");
    assert_eq!(hoodie["vendor"], false, "no store is called OVR");
    // "Compare at" is the regular price when it is higher.
    assert_eq!(
        hoodie["variations"],
        serde_json::json!([
            ["TMH-L-CH", 69_900, null, 0],
            ["TMH-M-CH", 79_900, 69_900, 8]
        ])
    );
    let images = bazaar_db::on_db!(&db, pool => sqlx::query_scalar::<_, String>(
        "SELECT CAST(images AS TEXT) FROM products WHERE slug = 'table-mountain-hoodie'",
    ).fetch_one(pool).await.unwrap());
    let urls: Vec<String> = serde_json::from_str::<Vec<Value>>(&images)
        .unwrap()
        .iter()
        .map(|i| i["url"].as_str().unwrap().to_owned())
        .collect();
    assert_eq!(
        urls,
        [
            "https://cdn.example.com/hoodie-front.jpg",
            "https://cdn.example.com/hoodie-back.jpg",
            "https://cdn.example.com/hoodie-detail.jpg"
        ]
    );
    let tongs = product(&db, "braai-tongs").await;
    assert_eq!(tongs["status"], "draft");
    assert_eq!(tongs["price"], 14_900);
    assert_eq!(tongs["stock"], 999, "Shopify does not track it");
    assert_eq!(tongs["description"], "Long & strong.");
    assert_eq!(product(&db, "gift-card").await["type"], "digital");

    let again = import(&db, rows, false).await;
    assert_eq!(Summary::of(&again), summary(0, 0, 3, 1));
}

#[tokio::test]
async fn a_store_named_by_shopify_or_by_the_importer_owns_the_products() {
    let (db, _dir) = bazaar_testkit::fresh_db().await;
    let mut tx = db.begin().await.unwrap();
    for (slug, name) in [("ovr", "OVR"), ("karoo-outdoor", "Karoo Outdoor")] {
        bazaar_db::vendors::upsert(
            &mut tx,
            &bazaar_db::vendors::VendorInput {
                store_slug: slug.into(),
                store_name: name.into(),
                store_description: String::new(),
                store_logo_url: None,
                status: VendorStatus::Approved,
                standard_delivery_min_days: None,
                standard_delivery_max_days: None,
            },
            chrono::Utc::now(),
        )
        .await
        .unwrap();
    }
    tx.commit().await.unwrap();
    let owner = |db: Db, slug: &'static str| async move {
        bazaar_db::on_db!(&db, pool => sqlx::query_scalar::<_, Option<String>>(
            "SELECT v.store_slug FROM products p LEFT JOIN vendors v ON v.id = p.vendor_id WHERE p.slug = $1",
        ).bind(slug).fetch_one(pool).await.unwrap())
    };

    // Shopify's Vendor names the store OVR; Weber Co is no store, so the tongs stay the
    // platform's own.
    let (_, shopify) = rows("shopify-products.csv");
    import(&db, shopify, false).await;
    assert_eq!(
        owner(db.clone(), "table-mountain-hoodie").await.as_deref(),
        Some("ovr")
    );
    assert_eq!(owner(db.clone(), "braai-tongs").await, None);

    // --vendor gives every product to one store.
    let text = bazaar_import::read_text(&fixture("woocommerce-products.csv")).unwrap();
    let woo = bazaar_import::parse(text, Format::WooCommerce).unwrap();
    let reports = import(
        &db,
        bazaar_import::for_vendor(woo, "karoo-outdoor")
            .into_iter()
            .collect(),
        false,
    )
    .await;
    assert_eq!(Summary::of(&reports).created, 4);
    assert_eq!(
        owner(db.clone(), "karoo-trail-tee").await.as_deref(),
        Some("karoo-outdoor")
    );
}

#[test]
fn files_that_cannot_be_imported_say_why_at_once() {
    let error = bazaar_import::read_text(&fixture("windows-1252.csv"))
        .unwrap_err()
        .to_string();
    assert!(
        error.contains("is not UTF-8 text: line 2 has the byte 0xE9"),
        "{error}"
    );
    assert!(error.contains("save it as \"CSV UTF-8\""), "{error}");

    let text = bazaar_import::read_text(&fixture("not-products.csv")).unwrap();
    let error = Format::detect(&text).unwrap_err().to_string();
    assert_eq!(error, bazaar_import::NOT_A_PRODUCT_FILE);

    // Named as the wrong platform, the file says what it lacks.
    let shopify = bazaar_import::read_text(&fixture("shopify-products.csv")).unwrap();
    let error = bazaar_import::parse(shopify, Format::WooCommerce)
        .err()
        .unwrap()
        .to_string();
    assert_eq!(
        error,
        "not a WooCommerce product CSV: the header lacks 'Regular price', 'In stock?'"
    );
}

#[tokio::test]
async fn an_export_imported_again_changes_nothing() {
    use bazaar_import::export::{ExportFormat, export};
    let (db, dir) = bazaar_testkit::fresh_db().await;
    let seeds = bazaar_testkit::repo_root().join("seeds");
    bazaar_import::seed::load(&db, &seeds, &dir.join("media"), |_| {})
        .await
        .unwrap();
    // Products from the platforms too: prices with sale windows, made SKUs, digital goods.
    import(&db, rows("woocommerce-products.csv").1, false).await;
    import(&db, rows("shopify-products.csv").1, false).await;
    let total = bazaar_db::on_db!(&db, pool => sqlx::query_scalar::<_, i64>("SELECT COUNT(*) FROM products").fetch_one(pool).await.unwrap())
        as usize;

    for (format, name, expected) in [
        (ExportFormat::Json, "export.json", Format::Json),
        (ExportFormat::Csv, "export.csv", Format::Csv),
        (
            ExportFormat::WooCommerce,
            "woocommerce.csv",
            Format::WooCommerce,
        ),
        (ExportFormat::Shopify, "shopify.csv", Format::Shopify),
    ] {
        let mut file = Vec::new();
        let count = export(&db, None, format, &mut file).await.unwrap();
        assert_eq!(count, total);
        let path = dir.join(name);
        std::fs::write(&path, &file).unwrap();
        let text = bazaar_import::read_text(&path).unwrap();
        let detected = Format::detect(&text).unwrap();
        assert_eq!(detected, expected, "{name}");
        let rows: Vec<SourceRow> = bazaar_import::parse(text, detected)
            .unwrap()
            .into_iter()
            .collect();
        let reports = import(&db, rows, false).await;
        let s = Summary::of(&reports);
        let changed: Vec<_> = reports
            .iter()
            .filter(|r| r.outcome != Outcome::Unchanged)
            .collect();
        assert_eq!(s, summary(0, 0, total, 0), "{name}: {changed:#?}");
    }

    // One store's products only.
    let mut tx = db.begin().await.unwrap();
    let store = bazaar_db::vendors::id_by_slug(&mut tx, "ovr-official")
        .await
        .unwrap();
    tx.rollback().await.unwrap();
    let mut file = Vec::new();
    let count = export(&db, store, ExportFormat::Json, &mut file)
        .await
        .unwrap();
    let records: Vec<Value> = serde_json::from_slice(&file).unwrap();
    assert_eq!(records.len(), count);
    assert!(count > 0 && count < total);
    assert!(records.iter().all(|r| r["vendor"] == "ovr-official"));
}

/// An export in a platform's layout is edited in its own columns (as a spreadsheet or the
/// platform would) and imported: the edit is what changes, and bazaar's own fields that
/// travel in the extra column stay as they were.
#[tokio::test]
async fn a_platform_export_edited_in_its_columns_imports_the_edit() {
    use bazaar_import::export::{ExportFormat, export};
    let (db, dir) = bazaar_testkit::fresh_db().await;
    let seeds = bazaar_testkit::repo_root().join("seeds");
    bazaar_import::seed::load(&db, &seeds, &dir.join("media"), |_| {})
        .await
        .unwrap();
    let mut tx = db.begin().await.unwrap();
    let store = bazaar_db::vendors::id_by_slug(&mut tx, "ovr-official")
        .await
        .unwrap();
    tx.rollback().await.unwrap();
    for (format, price_column, sku_column, new_price) in [
        (
            ExportFormat::Shopify,
            "Variant Price",
            "Variant SKU",
            123_450,
        ),
        (ExportFormat::WooCommerce, "Regular price", "SKU", 234_560),
    ] {
        let mut file = Vec::new();
        export(&db, store, format, &mut file).await.unwrap();
        let mut reader = csv::Reader::from_reader(file.as_slice());
        let headers = reader.headers().unwrap().clone();
        let at = |c: &str| headers.iter().position(|h| h == c).unwrap();
        let mut records: Vec<csv::StringRecord> = reader.records().map(Result::unwrap).collect();
        // The first row with a price and a SKU: its price goes up.
        let edited = records
            .iter()
            .position(|r| !r[at(price_column)].is_empty() && !r[at(sku_column)].is_empty())
            .unwrap();
        let sku = records[edited][at(sku_column)].to_owned();
        let mut cells: Vec<String> = records[edited].iter().map(str::to_owned).collect();
        cells[at(price_column)] = format!("{}.{:02}", new_price / 100, new_price % 100);
        if format == ExportFormat::Shopify {
            // Not on sale any more: the price is the regular one.
            cells[at("Variant Compare At Price")] = String::new();
        } else {
            cells[at("Sale price")] = String::new();
        }
        records[edited] = csv::StringRecord::from(cells);
        let mut w = csv::Writer::from_writer(Vec::new());
        w.write_record(&headers).unwrap();
        for r in &records {
            w.write_record(r).unwrap();
        }
        let text = String::from_utf8(w.into_inner().unwrap()).unwrap();
        let detected = Format::detect(&text).unwrap();
        let rows: Vec<SourceRow> = bazaar_import::parse(text, detected)
            .unwrap()
            .into_iter()
            .collect();
        let reports = import(&db, rows, false).await;
        let s = Summary::of(&reports);
        assert_eq!(
            (s.updated, s.created, s.rejected),
            (1, 0, 0),
            "{format:?}: {reports:#?}"
        );
        let price = bazaar_db::on_db!(&db, pool => sqlx::query_scalar::<_, i64>(
            "SELECT price_cents FROM product_variations WHERE sku = $1 \
             UNION ALL SELECT price_cents FROM products WHERE sku = $1",
        ).bind(&sku).fetch_one(pool).await.unwrap());
        assert_eq!(price, new_price, "{format:?}: {sku}");
        // The store still owns it: the store travelled in the extra column.
        let owned = bazaar_db::on_db!(&db, pool => sqlx::query_scalar::<_, i64>(
            "SELECT COUNT(*) FROM products WHERE vendor_id = $1",
        ).bind(store).fetch_one(pool).await.unwrap());
        assert!(owned > 0);
    }
}

/// A 100 MB WooCommerce export (long descriptions with quoted line breaks, as shops that
/// paste their copy into WooCommerce have) imports whole. (A second import of the same rows
/// changing nothing is the other files' tests; here it would only double the time.)
#[tokio::test]
async fn a_100_mb_woocommerce_file_imports() {
    let (db, dir) = bazaar_testkit::fresh_db().await;
    let path = dir.join("large.csv");
    let paragraph =
        "Built for Karoo heat and Cape winters, \"tested\" on the Otter Trail. ".repeat(140);
    let description = format!("<p>{paragraph}</p>\n<p>{paragraph}</p>");
    {
        let mut w = csv::Writer::from_path(&path).unwrap();
        w.write_record([
            "ID",
            "Type",
            "SKU",
            "Name",
            "Published",
            "Description",
            "In stock?",
            "Stock",
            "Regular price",
            "Categories",
        ])
        .unwrap();
        for i in 0..5_500 {
            w.write_record([
                &i.to_string(),
                "simple",
                &format!("BIG-{i}"),
                &format!("Long Story Tee {i}"),
                "1",
                &description,
                "1",
                "7",
                "249.00",
                "Apparel > Tees",
            ])
            .unwrap();
        }
        w.flush().unwrap();
    }
    let bytes = std::fs::metadata(&path).unwrap().len();
    assert!(bytes >= 100 * 1024 * 1024, "{bytes} bytes");

    let text = bazaar_import::read_text(&path).unwrap();
    assert_eq!(Format::detect(&text).unwrap(), Format::WooCommerce);
    let rows = bazaar_import::parse(text, Format::WooCommerce).unwrap();
    assert_eq!(rows.len(), 5_500);
    let first = import(&db, rows.into_iter().collect(), false).await;
    assert_eq!(Summary::of(&first), summary(5_500, 0, 0, 0));
    let stored = product(&db, "long-story-tee-4321").await;
    let stored = stored["description"].as_str().unwrap();
    assert_eq!(
        stored.split("\n\n").count(),
        2,
        "two paragraphs: {:.300}",
        stored
    );
    assert!(stored.len() > 19_000, "{}", stored.len());
}
