//! The importer on a real database (SQLite, and PostgreSQL with TEST_DATABASE_URL).

use bazaar_db::Db;
use bazaar_import::{Format, Outcome, Summary, import_rows, read_json};

async fn import(db: &Db, json: &str, dry_run: bool) -> Vec<bazaar_import::RowReport> {
    import_rows(db, read_json(json).unwrap(), dry_run, |_| {})
        .await
        .unwrap()
}

async fn count(db: &Db, table: &str) -> i64 {
    let sql = format!("SELECT COUNT(*) FROM {table}");
    bazaar_db::on_db!(db, pool => sqlx::query_scalar::<_, i64>(sqlx::AssertSqlSafe(sql)).fetch_one(pool).await.unwrap())
}

const TWO_PRODUCTS: &str = r#"[
  {"slug": "tee", "name": "Tee", "brand": "OVR", "category": "apparel", "price": "199.00",
   "variations": [
     {"sku": "TEE-S", "attributes": {"Size": "S"}, "stock_quantity": 2},
     {"sku": "TEE-M", "attributes": {"Size": "M"}, "price": "209.00", "stock_quantity": 0}
   ]},
  {"slug": "cap", "name": "Cap", "price": 99.5, "stock_quantity": 7}
]"#;

#[tokio::test]
async fn a_rerun_changes_nothing() {
    let (db, _dir) = bazaar_testkit::fresh_db().await;
    let first = import(&db, TWO_PRODUCTS, false).await;
    assert_eq!(
        Summary::of(&first),
        Summary {
            created: 2,
            updated: 0,
            unchanged: 0,
            rejected: 0
        }
    );
    assert_eq!(first[0].created_categories, vec!["apparel".to_owned()]);
    let stamp = |db: Db| async move {
        bazaar_db::on_db!(&db, pool => sqlx::query_as::<_, (String, chrono::DateTime<chrono::Utc>)>(
            "SELECT slug, updated_at FROM products ORDER BY slug").fetch_all(pool).await.unwrap())
    };
    let before = stamp(db.clone()).await;
    let second = import(&db, TWO_PRODUCTS, false).await;
    assert_eq!(
        Summary::of(&second),
        Summary {
            created: 0,
            updated: 0,
            unchanged: 2,
            rejected: 0
        }
    );
    assert_eq!(
        stamp(db.clone()).await,
        before,
        "an unchanged row writes nothing"
    );
    assert_eq!(count(&db, "products").await, 2);
    assert_eq!(count(&db, "product_variations").await, 2);
    assert_eq!(count(&db, "categories").await, 1);
}

#[tokio::test]
async fn changes_update_by_slug_and_sku() {
    let (db, _dir) = bazaar_testkit::fresh_db().await;
    import(&db, TWO_PRODUCTS, false).await;
    let changed = TWO_PRODUCTS.replace("\"stock_quantity\": 0", "\"stock_quantity\": 5");
    let reports = import(&db, &changed, false).await;
    assert_eq!(reports[0].outcome, Outcome::Updated);
    assert_eq!(reports[1].outcome, Outcome::Unchanged);
    let stock = bazaar_db::on_db!(&db, pool => sqlx::query_scalar::<_, i64>(
        "SELECT available_stock FROM products WHERE slug = 'tee'").fetch_one(pool).await.unwrap());
    assert_eq!(stock, 7, "derived stock follows the variations");
    assert_eq!(count(&db, "product_variations").await, 2);
}

#[tokio::test]
async fn a_bad_row_is_reported_and_the_others_are_written() {
    let (db, _dir) = bazaar_testkit::fresh_db().await;
    let reports = import(
        &db,
        r#"[
      {"slug": "good-one", "name": "Good", "price": "10.00"},
      {"slug": "Bad Slug", "name": "", "price": "10.001"},
      {"slug": "good-two", "name": "Good too", "price": "12"}
    ]"#,
        false,
    )
    .await;
    assert_eq!(
        reports.iter().map(|r| r.outcome).collect::<Vec<_>>(),
        vec![Outcome::Created, Outcome::Rejected, Outcome::Created]
    );
    let bad = &reports[1];
    assert_eq!(bad.row, 2);
    let fields: Vec<(&str, &str)> = bad
        .errors
        .iter()
        .map(|e| (e.field.as_str(), e.reason.as_str()))
        .collect();
    assert!(fields.contains(&(
        "slug",
        "must be 1 to 120 lower-case letters, digits and single hyphens, like ovr-aero-tee"
    )));
    assert!(fields.contains(&("name", "is required")));
    assert!(fields.contains(&("price", "must have at most 2 decimals")));
    assert_eq!(count(&db, "products").await, 2);
}

#[tokio::test]
async fn a_rejected_row_leaves_nothing_behind() {
    let (db, _dir) = bazaar_testkit::fresh_db().await;
    // Unknown vendor: rejected after its category would have been created — and it is not.
    let reports = import(
        &db,
        r#"[{"slug": "x", "name": "X", "price": 1, "category": "new-cat", "vendor": "ghost"}]"#,
        false,
    )
    .await;
    assert_eq!(reports[0].outcome, Outcome::Rejected);
    assert_eq!(reports[0].errors[0].field, "vendor");
    assert_eq!(reports[0].errors[0].reason, "unknown vendor 'ghost'");
    assert_eq!(count(&db, "categories").await, 0);
    assert_eq!(count(&db, "products").await, 0);

    // A SKU owned by another product: the whole row (product and its other variations) is undone.
    import(&db, TWO_PRODUCTS, false).await;
    let reports = import(
        &db,
        r#"[{"slug": "thief", "name": "Thief", "price": 1, "category": "other",
        "variations": [{"sku": "NEW-1", "name": "n"}, {"sku": "TEE-S", "name": "stolen"}]}]"#,
        false,
    )
    .await;
    assert_eq!(reports[0].outcome, Outcome::Rejected);
    assert_eq!(
        reports[0].errors[0].reason,
        "SKU TEE-S already belongs to product 'tee'"
    );
    assert_eq!(count(&db, "products").await, 2);
    assert_eq!(count(&db, "product_variations").await, 2);
    assert_eq!(count(&db, "categories").await, 1);
}

#[tokio::test]
async fn a_dry_run_reports_and_writes_nothing() {
    let (db, _dir) = bazaar_testkit::fresh_db().await;
    let reports = import(&db, TWO_PRODUCTS, true).await;
    assert_eq!(Summary::of(&reports).created, 2);
    assert_eq!(count(&db, "products").await, 0);
    assert_eq!(count(&db, "categories").await, 0);
}

#[tokio::test]
async fn csv_imports_products_with_variations() {
    let (db, dir) = bazaar_testkit::fresh_db().await;
    let path = dir.join("products.csv");
    std::fs::write(&path, "slug,name,brand,category,price,sale_price,variation_sku,variation_attributes,variation_price,variation_stock_quantity\n\
        hoodie,Hoodie,PWR,apparel,599.00,,HD-S,Size=S|Colour=Grey,,3\n\
        hoodie,Hoodie,PWR,apparel,599.00,,HD-L,Size=L|Colour=Grey,649.00,1\n\
        bottle,Bottle,OVR,accessories,129.99,99.99,,,,\n\
        broken,Broken,OVR,accessories,abc,,,,,\n").unwrap();
    let rows = bazaar_import::read_file(&path, Format::Csv).unwrap();
    let reports = import_rows(&db, rows, false, |_| {}).await.unwrap();
    assert_eq!(
        Summary::of(&reports),
        Summary {
            created: 2,
            updated: 0,
            unchanged: 0,
            rejected: 1
        }
    );
    assert_eq!(reports[2].row, 5, "the CSV line number");
    assert_eq!(reports[2].errors[0].field, "price");
    let (min, max, sale) = bazaar_db::on_db!(&db, pool => sqlx::query_as::<_, (i64, i64, bool)>(
        "SELECT min_price_cents, max_price_cents, on_sale FROM products WHERE slug = 'hoodie'").fetch_one(pool).await.unwrap());
    assert_eq!((min, max, sale), (59900, 64900, false));
    let bottle = bazaar_db::products::find_listed(&db, "bottle")
        .await
        .unwrap();
    assert_eq!((bottle.min_price_cents, bottle.on_sale), (9999, true));
    // Re-running the file changes nothing.
    let rows = bazaar_import::read_file(&path, Format::Csv).unwrap();
    let again = import_rows(&db, rows, false, |_| {}).await.unwrap();
    assert_eq!(
        Summary::of(&again),
        Summary {
            created: 0,
            updated: 0,
            unchanged: 2,
            rejected: 1
        }
    );
}

#[tokio::test]
async fn the_demo_seed_loads_twice_without_changes() {
    let (db, dir) = bazaar_testkit::fresh_db().await;
    let seeds = bazaar_testkit::repo_root().join("seeds");
    let first = bazaar_import::seed::load(&db, &seeds, &dir.join("media"), |_| {})
        .await
        .unwrap();
    let s = Summary::of(&first.products);
    assert!(s.created >= 60 && s.rejected == 0, "{s:?}");
    assert!(first.reviews_added > 0 && first.media_copied > 0);
    let products = count(&db, "products").await;
    let second = bazaar_import::seed::load(&db, &seeds, &dir.join("media"), |_| {})
        .await
        .unwrap();
    assert_eq!(
        Summary::of(&second.products),
        Summary {
            created: 0,
            updated: 0,
            unchanged: s.created,
            rejected: 0
        }
    );
    assert_eq!(
        (
            second.settings_changed,
            second.categories_changed,
            second.vendors_changed,
            second.reviews_added,
            second.media_copied
        ),
        (0, 0, 0, 0, 0)
    );
    assert_eq!(count(&db, "products").await, products);
}

#[tokio::test]
async fn the_demo_seed_meets_the_catalogue_brief() {
    let (db, dir) = bazaar_testkit::fresh_db().await;
    let seeds = bazaar_testkit::repo_root().join("seeds");
    bazaar_import::seed::load(&db, &seeds, &dir.join("media"), |_| {})
        .await
        .unwrap();
    let q = |sql: &'static str| {
        let db = db.clone();
        async move {
            bazaar_db::on_db!(&db, pool => sqlx::query_scalar::<_, i64>(sql).fetch_one(pool).await.unwrap())
        }
    };
    assert!(q("SELECT COUNT(*) FROM products").await >= 60);
    assert!(q("SELECT COUNT(DISTINCT category) FROM products").await >= 5);
    assert!(q("SELECT COUNT(*) FROM products WHERE brand = 'OVR'").await > 0);
    assert!(q("SELECT COUNT(*) FROM products WHERE brand = 'PWR'").await > 0);
    assert!(q("SELECT COUNT(*) FROM vendors WHERE status = 'approved'").await >= 3);
    assert!(q("SELECT COUNT(*) FROM vendors WHERE status = 'pending'").await >= 1);
    assert!(q("SELECT COUNT(*) FROM products WHERE has_variations = TRUE").await > 0);
    assert!(q("SELECT COUNT(DISTINCT price_cents) FROM product_variations").await > 1);
    assert!(
        q("SELECT COUNT(*) FROM products WHERE listed = TRUE AND available_stock = 0").await > 0
    );
    assert!(q("SELECT COUNT(*) FROM products WHERE product_type = 'digital'").await >= 3);
    assert!(q("SELECT COUNT(*) FROM products WHERE product_type = 'digital' AND max_owned_per_user IS NOT NULL").await > 0);
    assert!(q("SELECT COUNT(*) FROM products WHERE featured = TRUE AND listed = TRUE").await >= 4);
    assert!(
        q("SELECT COUNT(*) FROM products WHERE daily_deal = TRUE AND listed = TRUE").await >= 4
    );
    assert!(q("SELECT COUNT(*) FROM products WHERE on_sale = TRUE AND listed = TRUE").await >= 8);
    assert!(q("SELECT COUNT(*) FROM product_reviews").await > 0);
    assert_eq!(
        q("SELECT COUNT(*) FROM currencies WHERE code IN ('ZAR','USD','EUR','GBP','JPY')").await,
        5
    );
    assert_eq!(
        q("SELECT COUNT(*) FROM countries WHERE code = 'ZA'").await,
        1
    );
    // Every image a product names ships in the repository.
    let images = bazaar_db::on_db!(&db, pool => sqlx::query_scalar::<_, String>(
        "SELECT image_url FROM products WHERE image_url IS NOT NULL").fetch_all(pool).await.unwrap());
    for url in images {
        let rel = url.strip_prefix("/media/").expect("a local media path");
        assert!(dir.join("media").join(rel).is_file(), "{url} was copied");
    }
}

/// Products share a transaction in batches, but each is all or nothing: one the database
/// refuses half-way (its SKU belongs to another product) leaves neither its product, its
/// variations nor its new category behind, and its neighbours in the batch are kept.
#[tokio::test]
async fn a_product_refused_half_way_leaves_nothing_and_its_batch_is_kept() {
    let (db, _dir) = bazaar_testkit::fresh_db().await;
    let reports = import(
        &db,
        r#"[
          {"slug": "tee", "name": "Tee", "category": "apparel", "price": "199.00",
           "variations": [{"sku": "TEE-S", "attributes": {"Size": "S"}, "stock_quantity": 2}]},
          {"slug": "thief", "name": "Thief", "category": "gadgets", "price": "10.00",
           "variations": [{"sku": "THIEF-1", "attributes": {"Size": "S"}, "stock_quantity": 1},
                          {"sku": "TEE-S", "attributes": {"Size": "M"}, "stock_quantity": 1}]},
          {"slug": "cap", "name": "Cap", "price": "99.50", "stock_quantity": 7}
        ]"#,
        false,
    )
    .await;
    let outcomes: Vec<Outcome> = reports.iter().map(|r| r.outcome).collect();
    assert_eq!(
        outcomes,
        [Outcome::Created, Outcome::Rejected, Outcome::Created]
    );
    assert_eq!(reports[1].errors[0].field, "variations.sku");
    assert_eq!(count(&db, "products").await, 2);
    assert_eq!(count(&db, "product_variations").await, 1);
    let gadgets = bazaar_db::on_db!(&db, pool => sqlx::query_scalar::<_, i64>(
        "SELECT COUNT(*) FROM categories WHERE slug = 'gadgets'").fetch_one(pool).await.unwrap());
    assert_eq!(gadgets, 0, "the refused product's category is not created");
    // One index job for the batch, naming both products.
    let jobs = bazaar_db::on_db!(&db, pool => sqlx::query_scalar::<_, serde_json::Value>(
        "SELECT job FROM outbox").fetch_all(pool).await.unwrap());
    assert_eq!(jobs.len(), 1, "{jobs:?}");
    assert_eq!(jobs[0]["product_ids"].as_array().unwrap().len(), 2);
}

/// A batch is written without a savepoint per product, as every rule is checked before a
/// product writes. When the database itself refuses a write half-way (here a constraint the
/// importer does not know of), the batch is written again with each product in a savepoint:
/// the refused product leaves nothing, not its variations nor their stock movements, and its
/// neighbours are kept.
#[tokio::test]
async fn a_write_the_database_refuses_is_rolled_back_alone() {
    let (db, _dir) = bazaar_testkit::fresh_db().await;
    bazaar_db::on_db!(&db, pool => sqlx::query("CREATE UNIQUE INDEX test_one_name ON products (name)")
        .execute(pool).await.map(drop).unwrap());
    let reports = import(
        &db,
        r#"[
          {"slug": "tee", "name": "Tee", "price": "199.00", "stock_quantity": 3},
          {"slug": "tee-again", "name": "Tee", "price": "10.00",
           "variations": [{"sku": "AGAIN-1", "attributes": {"Size": "S"}, "stock_quantity": 4}]},
          {"slug": "cap", "name": "Cap", "price": "99.50", "stock_quantity": 7}
        ]"#,
        false,
    )
    .await;
    let outcomes: Vec<Outcome> = reports.iter().map(|r| r.outcome).collect();
    assert_eq!(
        outcomes,
        [Outcome::Created, Outcome::Rejected, Outcome::Created]
    );
    assert!(
        reports[1].errors[0]
            .reason
            .starts_with("conflicts with an existing record"),
        "{reports:?}"
    );
    assert_eq!(count(&db, "products").await, 2);
    assert_eq!(count(&db, "product_variations").await, 0);
    assert_eq!(
        count(&db, "stock_movements").await,
        2,
        "tee's and cap's first levels"
    );
}

/// A JSON file is read as its text and each product parsed when it is imported; the shapes
/// and messages are those of `read_json`.
#[tokio::test]
async fn a_json_file_is_parsed_a_product_at_a_time() {
    let (db, dir) = bazaar_testkit::fresh_db().await;
    let path = dir.join("products.json");
    std::fs::write(&path, format!(r#"{{"products": {TWO_PRODUCTS}}}"#)).unwrap();
    let rows = bazaar_import::read_file(&path, Format::Json).unwrap();
    assert!(matches!(rows, bazaar_import::SourceRows::Json { .. }));
    assert_eq!(rows.len(), 2);
    let reports = import_rows(&db, rows, false, |_| {}).await.unwrap();
    assert_eq!(Summary::of(&reports).created, 2);

    std::fs::write(&path, r#"[{"slug": "a", "name": "A", "price": "1.00"}, 7]"#).unwrap();
    let rows: Vec<_> = bazaar_import::read_file(&path, Format::Json)
        .unwrap()
        .into_iter()
        .collect();
    assert_eq!(rows[0].fields["slug"], "a");
    assert_eq!(
        (rows[1].row, rows[1].errors[0].reason.as_str()),
        (2, "must be a JSON object")
    );

    for (text, message) in [
        ("[{", "not valid JSON"),
        (
            r#"{"items": []}"#,
            "expected an array of products or {\"products\": [...]}",
        ),
        ("42", "expected an array of products"),
    ] {
        std::fs::write(&path, text).unwrap();
        let err = bazaar_import::read_file(&path, Format::Json).err().unwrap();
        assert!(err.to_string().contains(message), "{text}: {err}");
    }
}
