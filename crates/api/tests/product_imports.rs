//! Product files imported from the web: an admin uploads a platform's export, a job checks
//! it (nothing written), the admin reads the report and confirms, a second job imports it
//! with its progress on the import; refused uploads say why; a vendor imports into their own
//! store only, under their store's rules, and never sees another store's uploads; exports
//! download in every layout. SQLite and (with TEST_DATABASE_URL) PostgreSQL.

mod common;

use axum::body::Body;
use axum::http::{Request, StatusCode};
use common::TestApp;
use common::jobs::Customer;
use common::shop::{admin, audit_of, call, quick_customer, seller, shop};
use http_body_util::BodyExt;
use serde_json::{Value, json};
use tower::ServiceExt;

fn fixture(name: &str) -> Vec<u8> {
    std::fs::read(
        bazaar_testkit::repo_root()
            .join("crates/import/tests/fixtures")
            .join(name),
    )
    .unwrap()
}

/// Sends `bytes` as the raw body of a POST to `uri` as `who`.
async fn upload(app: &TestApp, uri: &str, bytes: Vec<u8>, who: &Customer) -> (StatusCode, Value) {
    let req = Request::builder()
        .method("POST")
        .uri(uri)
        .header("authorization", format!("Bearer {}", who.token))
        .header("content-type", "application/octet-stream")
        .body(Body::from(bytes))
        .unwrap();
    let resp = app.router.clone().oneshot(req).await.unwrap();
    let status = resp.status();
    let body = resp.into_body().collect().await.unwrap().to_bytes();
    (status, serde_json::from_slice(&body).unwrap_or(Value::Null))
}

/// The import once its status is `status`.
async fn until(app: &TestApp, path: &str, who: &Customer, status: &str) -> Value {
    TestApp::eventually(&format!("{path} {status}"), 60, || async {
        let (code, body) = call(app, "GET", path, None, who).await;
        assert_eq!(code, StatusCode::OK, "{body}");
        (body["status"] == status).then_some(body)
    })
    .await
}

async fn count(app: &TestApp, sql: &str) -> i64 {
    bazaar_db::on_db!(&app.db, pool => sqlx::query_scalar::<_, i64>(sqlx::AssertSqlSafe(sql.to_owned()))
        .fetch_one(pool).await.unwrap())
}

#[tokio::test]
async fn an_admin_checks_a_shopify_export_then_imports_it() {
    let app = shop().await;
    let boss = admin(&app, "imports.admin@example.com").await;
    let products_before = count(&app, "SELECT COUNT(*) FROM products").await;
    let (status, started) = upload(
        &app,
        "/api/v1/admin/imports?filename=shop%2Fexport.csv",
        fixture("shopify-products.csv"),
        &boss,
    )
    .await;
    assert_eq!(status, StatusCode::ACCEPTED, "{started}");
    assert_eq!(started["status"], "checking");
    assert_eq!(started["file_name"], "export.csv", "the path is dropped");
    assert_eq!(started["created_by"], "imports.admin@example.com");
    let id = started["id"].as_str().unwrap().to_owned();
    let path = format!("/api/v1/admin/imports/{id}");

    let jobs = app.start_jobs();
    let checked = until(&app, &path, &boss, "checked").await;
    assert_eq!(checked["format"], "shopify");
    assert_eq!(checked["format_name"], "Shopify CSV");
    assert_eq!(checked["total"], 4);
    assert_eq!(checked["done"], 4);
    assert_eq!(
        checked["check"],
        json!({"created": 3, "updated": 0, "unchanged": 0, "rejected": 1})
    );
    assert_eq!(checked["result"], Value::Null);
    assert_eq!(checked["rows_total"], 4);
    // Rejected rows first, with their field and reason.
    let rows = checked["rows"].as_array().unwrap();
    assert_eq!(rows[0]["outcome"], "rejected", "{checked}");
    assert_eq!(rows[0]["row"], 7);
    assert_eq!(rows[0]["errors"][0]["field"], "price");
    assert_eq!(rows[1]["slug"], "table-mountain-hoodie");
    assert_eq!(rows[1]["outcome"], "created");
    // A dry run: nothing written.
    assert_eq!(
        count(&app, "SELECT COUNT(*) FROM products").await,
        products_before
    );

    let report = app
        .call(
            "GET",
            &format!("{path}/report"),
            None,
            Some(&boss.token),
            None,
        )
        .await;
    assert_eq!(report.status, StatusCode::OK);
    assert!(
        report.headers["content-type"]
            .to_str()
            .unwrap()
            .starts_with("text/csv")
    );
    let text = report.text();
    assert!(
        text.starts_with("row,product,outcome,field,reason\n"),
        "{text}"
    );
    assert!(text.contains("\n7,broken,rejected,price,"), "{text}");
    assert!(text.contains("table-mountain-hoodie,created,,"), "{text}");

    let (status, confirmed) = call(&app, "POST", &format!("{path}/confirm"), None, &boss).await;
    assert_eq!(status, StatusCode::ACCEPTED, "{confirmed}");
    assert_eq!(confirmed["status"], "importing");
    let done = until(&app, &path, &boss, "done").await;
    jobs.shutdown().await;
    assert_eq!(
        done["result"],
        json!({"created": 3, "updated": 0, "unchanged": 0, "rejected": 1})
    );
    assert!(done["finished_at"].is_string());
    assert_eq!(
        count(&app, "SELECT COUNT(*) FROM products").await,
        products_before + 3
    );
    assert_eq!(
        count(
            &app,
            "SELECT COUNT(*) FROM product_variations v JOIN products p ON p.id = v.product_id \
             WHERE p.slug = 'table-mountain-hoodie'"
        )
        .await,
        2
    );
    // Once imported it cannot be imported or discarded again.
    for action in ["confirm", "discard"] {
        let (status, body) = call(&app, "POST", &format!("{path}/{action}"), None, &boss).await;
        assert_eq!(status, StatusCode::CONFLICT, "{action}: {body}");
        assert_eq!(body["error"]["code"], "not_checked");
    }
    let (status, list) = call(&app, "GET", "/api/v1/admin/imports", None, &boss).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(list["imports"][0]["id"], id.as_str());

    let (_, actions) = audit_of(&app, &boss, "import").await;
    assert!(actions.contains(&"import.upload".to_owned()), "{actions:?}");
    assert!(
        actions.contains(&"import.confirm".to_owned()),
        "{actions:?}"
    );
}

#[tokio::test]
async fn refused_uploads_say_why_and_a_file_that_is_not_products_fails() {
    let app = shop().await;
    let boss = admin(&app, "imports.refusals@example.com").await;
    let (status, body) = upload(&app, "/api/v1/admin/imports", Vec::new(), &boss).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
    assert_eq!(body["error"]["code"], "empty");
    let (status, body) = upload(
        &app,
        "/api/v1/admin/imports?format=xml",
        b"a,b\n".to_vec(),
        &boss,
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
    assert!(body["error"]["fields"]["format"].is_string(), "{body}");
    let (status, body) = upload(
        &app,
        "/api/v1/admin/imports?vendor=nobody",
        b"a,b\n".to_vec(),
        &boss,
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
    assert_eq!(
        body["error"]["fields"]["vendor"],
        "There is no store 'nobody'"
    );
    assert_eq!(
        count(&app, "SELECT COUNT(*) FROM product_imports").await,
        0,
        "nothing recorded for a refused upload"
    );

    let (status, started) = upload(
        &app,
        "/api/v1/admin/imports?filename=orders.csv",
        fixture("not-products.csv"),
        &boss,
    )
    .await;
    assert_eq!(status, StatusCode::ACCEPTED, "{started}");
    let path = format!("/api/v1/admin/imports/{}", started["id"].as_str().unwrap());
    // Not checked yet: cannot be imported.
    let (status, body) = call(&app, "POST", &format!("{path}/confirm"), None, &boss).await;
    assert_eq!(status, StatusCode::CONFLICT, "{body}");
    let jobs = app.start_jobs();
    let failed = until(&app, &path, &boss, "failed").await;
    jobs.shutdown().await;
    let error = failed["error"].as_str().unwrap();
    assert!(error.starts_with("not a product file: expected"), "{error}");
    let report = app
        .call(
            "GET",
            &format!("{path}/report"),
            None,
            Some(&boss.token),
            None,
        )
        .await;
    assert_eq!(report.status, StatusCode::NOT_FOUND);
    let (status, body) = call(&app, "POST", &format!("{path}/confirm"), None, &boss).await;
    assert_eq!(status, StatusCode::CONFLICT, "{body}");
    let (status, discarded) = call(&app, "POST", &format!("{path}/discard"), None, &boss).await;
    assert_eq!(status, StatusCode::OK, "{discarded}");
    assert_eq!(discarded["status"], "discarded");
    let (_, actions) = audit_of(&app, &boss, "import").await;
    assert!(
        actions.contains(&"import.discard".to_owned()),
        "{actions:?}"
    );

    // A Windows-1252 file is told apart from a broken one.
    let (_, started) = upload(
        &app,
        "/api/v1/admin/imports?filename=excel.csv",
        fixture("windows-1252.csv"),
        &boss,
    )
    .await;
    let path = format!("/api/v1/admin/imports/{}", started["id"].as_str().unwrap());
    let jobs = app.start_jobs();
    let failed = until(&app, &path, &boss, "failed").await;
    jobs.shutdown().await;
    assert!(
        failed["error"]
            .as_str()
            .unwrap()
            .contains("excel.csv is not UTF-8 text"),
        "{failed}"
    );
}

fn vendor_file(own: &str, taken: &str) -> Vec<u8> {
    json!([
        {"slug": own, "name": "Store Kettle", "brand": "Kettles", "category": "accessories",
         "price": "399.00", "stock_quantity": 5, "status": "active", "featured": true},
        {"slug": taken, "name": "Not Mine", "brand": "X", "category": "accessories",
         "price": "10.00", "stock_quantity": 1, "status": "draft"}
    ])
    .to_string()
    .into_bytes()
}

#[tokio::test]
async fn a_vendor_imports_into_their_own_store_only() {
    let app = shop().await;
    let thandi = seller(&app, "thandi.imports@example.com", "thandi-kettles", true).await;
    let other = seller(&app, "sipho.imports@example.com", "sipho-pots", true).await;
    let shopper = quick_customer(&app, "shopper.imports@example.com").await;
    // A product of another store (the seed's).
    let taken: String = bazaar_db::on_db!(&app.db, pool => sqlx::query_scalar(
        "SELECT slug FROM products WHERE vendor_id IS NOT NULL ORDER BY slug LIMIT 1",
    ).fetch_one(pool).await.unwrap());

    let (status, started) = upload(
        &app,
        "/api/v1/vendor/imports?filename=kettles.json",
        vendor_file("store-kettle", &taken),
        &thandi,
    )
    .await;
    assert_eq!(status, StatusCode::ACCEPTED, "{started}");
    assert_eq!(started["store"]["slug"], "thandi-kettles");
    let id = started["id"].as_str().unwrap().to_owned();
    let path = format!("/api/v1/vendor/imports/{id}");

    // Another store's vendor, a customer: not theirs.
    for action in ["", "/report"] {
        let (status, _) = call(&app, "GET", &format!("{path}{action}"), None, &other).await;
        assert_eq!(status, StatusCode::NOT_FOUND, "{action}");
    }
    let (status, _) = call(&app, "POST", &format!("{path}/confirm"), None, &other).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    let (_, list) = call(&app, "GET", "/api/v1/vendor/imports", None, &other).await;
    assert_eq!(list["imports"], json!([]));
    let (status, _) = call(&app, "GET", &path, None, &shopper).await;
    assert_eq!(status, StatusCode::FORBIDDEN);

    let jobs = app.start_jobs();
    let checked = until(&app, &path, &thandi, "checked").await;
    assert_eq!(checked["format"], "json");
    assert_eq!(
        checked["check"],
        json!({"created": 1, "updated": 0, "unchanged": 0, "rejected": 1})
    );
    let refused = &checked["rows"][0];
    assert_eq!(refused["slug"], taken.as_str());
    assert_eq!(refused["errors"][0]["field"], "slug");
    assert_eq!(
        refused["errors"][0]["reason"],
        format!("'{taken}' is another store's product: give this product another slug")
    );
    let (status, _) = call(&app, "POST", &format!("{path}/confirm"), None, &thandi).await;
    assert_eq!(status, StatusCode::ACCEPTED);
    until(&app, &path, &thandi, "done").await;

    // The product is the store's; the platform's choice (featured) is not the file's.
    let (store, featured, status): (Option<String>, bool, String) = bazaar_db::on_db!(&app.db, pool => sqlx::query_as(
        "SELECT v.store_slug, p.featured, p.status FROM products p LEFT JOIN vendors v ON v.id = p.vendor_id \
         WHERE p.slug = 'store-kettle'",
    ).fetch_one(pool).await.unwrap());
    assert_eq!(
        (store.as_deref(), featured, status.as_str()),
        (Some("thandi-kettles"), false, "active")
    );
    let (owner,): (Option<String>,) = bazaar_db::on_db!(&app.db, pool => sqlx::query_as(
        "SELECT v.store_slug FROM products p LEFT JOIN vendors v ON v.id = p.vendor_id WHERE p.slug = $1",
    ).bind(&taken).fetch_one(pool).await.unwrap());
    assert_ne!(owner.as_deref(), Some("thandi-kettles"));

    // A store behind on the agreement may import drafts, not publish.
    let late = seller(&app, "late.imports@example.com", "late-store", false).await;
    let (_, started) = upload(
        &app,
        "/api/v1/vendor/imports",
        vendor_file("late-kettle", "late-draft"),
        &late,
    )
    .await;
    let path = format!("/api/v1/vendor/imports/{}", started["id"].as_str().unwrap());
    let checked = until(&app, &path, &late, "checked").await;
    jobs.shutdown().await;
    assert_eq!(
        checked["check"],
        json!({"created": 1, "updated": 0, "unchanged": 0, "rejected": 1})
    );
    assert_eq!(checked["rows"][0]["slug"], "late-kettle");
    assert_eq!(checked["rows"][0]["errors"][0]["field"], "status");
    assert_eq!(
        checked["rows"][0]["errors"][0]["reason"],
        "Accept the current vendor agreement before publishing products"
    );
}

#[tokio::test]
async fn exports_download_in_every_layout_and_a_store_gets_its_own() {
    let app = shop().await;
    let boss = admin(&app, "exports.admin@example.com").await;
    let thandi = seller(&app, "thandi.exports@example.com", "thandi-exports", true).await;
    let products = count(&app, "SELECT COUNT(*) FROM products").await;

    let all = app
        .call(
            "GET",
            "/api/v1/admin/products/export?format=json",
            None,
            Some(&boss.token),
            None,
        )
        .await;
    assert_eq!(all.status, StatusCode::OK);
    assert_eq!(
        all.headers["content-disposition"],
        "attachment; filename=\"products.json\""
    );
    let records: Vec<Value> = serde_json::from_slice(&all.body).unwrap();
    assert_eq!(records.len() as i64, products);

    for (format, name, first_columns) in [
        ("csv", "products.csv", "slug,name,brand"),
        (
            "woocommerce",
            "products-woocommerce.csv",
            "ID,Type,SKU,Name",
        ),
        (
            "shopify",
            "products-shopify.csv",
            "Handle,Title,Body (HTML)",
        ),
    ] {
        let file = app
            .call(
                "GET",
                &format!("/api/v1/admin/products/export?format={format}"),
                None,
                Some(&boss.token),
                None,
            )
            .await;
        assert_eq!(file.status, StatusCode::OK, "{format}");
        assert_eq!(
            file.headers["content-disposition"],
            format!("attachment; filename=\"{name}\"").as_str()
        );
        let text = file.text();
        assert!(text.starts_with(first_columns), "{format}: {text:.200}");
        let detected = bazaar_import::Format::detect(&text).unwrap();
        let read = bazaar_import::parse(text, detected).unwrap();
        assert_eq!(read.len() as i64, products, "{format}");
    }
    let (status, body) = call(
        &app,
        "GET",
        "/api/v1/admin/products/export?format=xml",
        None,
        &boss,
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");

    // A store's own products only (none yet, then one).
    let empty = app
        .call(
            "GET",
            "/api/v1/vendor/products/export?format=json",
            None,
            Some(&thandi.token),
            None,
        )
        .await;
    assert_eq!(empty.status, StatusCode::OK);
    assert_eq!(
        serde_json::from_slice::<Value>(&empty.body).unwrap(),
        json!([])
    );
    let (status, body) = call(
        &app,
        "POST",
        "/api/v1/vendor/products",
        Some(
            json!({"name": "Export Kettle", "brand": "K", "category": "accessories",
                    "price": "99.00", "stock_quantity": 2, "status": "draft"}),
        ),
        &thandi,
    )
    .await;
    assert_eq!(status, StatusCode::CREATED, "{body}");
    let own = app
        .call(
            "GET",
            "/api/v1/vendor/products/export?format=shopify",
            None,
            Some(&thandi.token),
            None,
        )
        .await;
    let text = own.text();
    let handles: Vec<&str> = text
        .lines()
        .skip(1)
        .map(|l| l.split(',').next().unwrap())
        .collect();
    assert_eq!(handles, ["export-kettle"], "{text}");
}
