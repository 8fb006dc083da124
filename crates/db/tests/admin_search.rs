//! The admin lists' text search follows every write. On SQLite it reads a trigram index
//! kept by triggers (FTS5): a new row is found, a renamed one by its new text only, a
//! removed one no more, and `VACUUM` changes nothing. Text under three characters, and
//! PostgreSQL, scan the tables; both must answer the same.

use bazaar_db::Db;
use bazaar_db::accounts::{NewUser, create_user, update_profile};
use bazaar_db::admin::catalogue::{self, ProductFilter};
use bazaar_db::admin::users::{self, UserFilter};
use chrono::{DateTime, Duration, Utc};
use uuid::Uuid;

async fn exec(db: &Db, sql: &str, id: Uuid, text: &str) {
    bazaar_db::on_db!(db, pool => sqlx::query(sqlx::AssertSqlSafe(sql))
        .bind(id)
        .bind(text)
        .execute(pool)
        .await
        .map(|_| ()))
    .unwrap_or_else(|e| panic!("{sql}: {e}"));
}

/// A product changed last at `at`, with `stock` to sell and the default threshold of 5.
async fn add_product(db: &Db, slug: &str, name: &str, at: DateTime<Utc>, stock: i64) -> Uuid {
    let id = Uuid::now_v7();
    bazaar_db::on_db!(db, pool => sqlx::query(
        "INSERT INTO products (id, slug, name, price_cents, stock_quantity, available_stock, \
         low_stock_threshold, created_at, updated_at) VALUES ($1, $2, $3, 1000, $4, $4, 5, $5, $5)",
    )
    .bind(id)
    .bind(slug)
    .bind(name)
    .bind(stock)
    .bind(at)
    .execute(pool)
    .await
    .map(|_| ()))
    .unwrap();
    id
}

async fn add_user(db: &Db, email: &str, name: &str, at: DateTime<Utc>) -> Uuid {
    let mut tx = db.begin().await.unwrap();
    let id = create_user(
        &mut tx,
        &NewUser {
            email: email.to_owned(),
            password_hash: None,
            full_name: name.to_owned(),
            user_metadata: serde_json::json!({}),
            app_metadata: serde_json::json!({}),
            role: "customer".to_owned(),
            confirmed: true,
            confirmation_token_hash: None,
        },
        at,
    )
    .await
    .unwrap();
    tx.commit().await.unwrap();
    id
}

async fn user_emails(db: &Db, q: &str, role: Option<&str>) -> (Vec<String>, i64) {
    let filter = UserFilter {
        q: Some(q.to_owned()),
        role: role.map(str::to_owned),
        suspended: None,
    };
    let (rows, total) = users::list(db, &filter, 20, 0).await.unwrap();
    let emails: Vec<String> = rows.into_iter().map(|u| u.email).collect();
    let mut paged = Vec::new();
    for offset in 0..emails.len() as i64 {
        let (one, _) = users::list(db, &filter, 1, offset).await.unwrap();
        paged.extend(one.into_iter().map(|u| u.email));
    }
    assert_eq!(paged, emails, "{q}: paged one by one");
    (emails, total.count)
}

async fn product_names(db: &Db, q: &str) -> Vec<String> {
    let filter = ProductFilter {
        q: Some(q.to_owned()),
        ..ProductFilter::default()
    };
    let (rows, total) = catalogue::list(db, &filter, 20, 0).await.unwrap();
    assert_eq!(
        total.count as usize,
        rows.len(),
        "{q}: the total is the page's"
    );
    let names: Vec<String> = rows.into_iter().map(|p| p.name).collect();
    // Page by page, the same order (each page is chosen in the list's order, not only
    // sorted once chosen).
    let mut paged = Vec::new();
    for offset in 0..names.len() as i64 {
        let (one, total) = catalogue::list(db, &filter, 1, offset).await.unwrap();
        assert_eq!(total.count as usize, names.len(), "{q} at {offset}");
        paged.extend(one.into_iter().map(|p| p.name));
    }
    assert_eq!(paged, names, "{q}: paged one by one");
    names
}

#[tokio::test]
async fn user_search_follows_sign_ups_renames_and_removals() {
    let (db, _dir) = bazaar_testkit::fresh_db().await;
    let t0 = Utc::now() - Duration::days(3);
    let thandi = add_user(&db, "thandi@example.co.za", "Thandi Nkosi", t0).await;
    let mpho = add_user(
        &db,
        "mpho@example.co.za",
        "Mpho Dlamini",
        t0 + Duration::days(1),
    )
    .await;
    let sipho = add_user(&db, "sipho@example.co.za", "Sipho", t0 + Duration::days(2)).await;

    assert_eq!(
        user_emails(&db, "NKOSI", None).await,
        (vec!["thandi@example.co.za".to_owned()], 1)
    );
    // A renamed profile is found by its new name, newest account first.
    update_profile(&db, mpho, Some("Mpho Thandiwe"), None, None, Utc::now())
        .await
        .unwrap();
    assert_eq!(
        user_emails(&db, "thandi", None).await,
        (
            vec![
                "mpho@example.co.za".to_owned(),
                "thandi@example.co.za".to_owned()
            ],
            2
        )
    );
    assert_eq!(user_emails(&db, "dlamini", None).await, (vec![], 0));
    // A changed email.
    exec(
        &db,
        "UPDATE users SET email = $2 WHERE id = $1",
        sipho,
        "sipho.thandeka@example.co.za",
    )
    .await;
    assert_eq!(
        user_emails(&db, "thand", None).await.1,
        3,
        "thandi, thandiwe and thandeka"
    );
    assert_eq!(user_emails(&db, "sipho@", None).await, (vec![], 0));
    // With another filter beside the text.
    exec(
        &db,
        "UPDATE profiles SET role = $2 WHERE id = $1",
        thandi,
        "vendor",
    )
    .await;
    assert_eq!(
        user_emails(&db, "thand", Some("vendor")).await,
        (vec!["thandi@example.co.za".to_owned()], 1)
    );
    assert_eq!(
        user_emails(&db, "thand", Some("customer")).await,
        (
            vec![
                "sipho.thandeka@example.co.za".to_owned(),
                "mpho@example.co.za".to_owned()
            ],
            2
        )
    );
    // Text under three characters scans, and finds the same.
    assert_eq!(user_emails(&db, "ts", None).await.1, 0);
    assert_eq!(
        user_emails(&db, "nK", None).await,
        (vec!["thandi@example.co.za".to_owned()], 1)
    );
    // A removed account is gone from the search, and VACUUM keeps the index's keys.
    exec(
        &db,
        "DELETE FROM users WHERE id = $1 AND $2 <> ''",
        thandi,
        "x",
    )
    .await;
    if let Db::Sqlite(pool) = &db {
        sqlx::query("VACUUM").execute(pool).await.unwrap();
    }
    assert_eq!(
        user_emails(&db, "thand", None).await,
        (
            vec![
                "sipho.thandeka@example.co.za".to_owned(),
                "mpho@example.co.za".to_owned()
            ],
            2
        )
    );
}

#[tokio::test]
async fn product_search_follows_new_renamed_and_removed_products() {
    let (db, _dir) = bazaar_testkit::fresh_db().await;
    let t0 = Utc::now() - Duration::days(3);
    let mut ids = Vec::new();
    for (i, (slug, name)) in [
        ("storm-jacket", "Storm Jacket"),
        ("rain-boots", "Rain Boots"),
        ("brainstorm-mug", "Brainstorm Mug"),
    ]
    .into_iter()
    .enumerate()
    {
        let id = add_product(&db, slug, name, t0 + Duration::hours(i as i64), 50).await;
        ids.push(id);
    }
    // Most recently changed first.
    assert_eq!(
        product_names(&db, "STORM").await,
        vec!["Brainstorm Mug", "Storm Jacket"]
    );
    // By slug and SKU as well as name.
    exec(
        &db,
        "UPDATE products SET sku = $2 WHERE id = $1",
        ids[1],
        "RB-STORMPROOF",
    )
    .await;
    assert_eq!(product_names(&db, "storm").await.len(), 3);
    assert_eq!(product_names(&db, "rain-bo").await, vec!["Rain Boots"]);
    // A rename, and a change that moves the jacket to the top of the list.
    exec(
        &db,
        "UPDATE products SET name = $2 WHERE id = $1",
        ids[2],
        "Coffee Mug",
    )
    .await;
    assert_eq!(
        product_names(&db, "mug").await,
        vec!["Coffee Mug"],
        "the slug still says brainstorm, the name no more"
    );
    bazaar_db::on_db!(&db, pool => sqlx::query("UPDATE products SET updated_at = $2 WHERE id = $1")
        .bind(ids[0])
        .bind(Utc::now())
        .execute(pool)
        .await
        .map(|_| ()))
    .unwrap();
    assert_eq!(
        product_names(&db, "storm").await,
        vec!["Storm Jacket", "Coffee Mug", "Rain Boots"]
    );
    exec(
        &db,
        "DELETE FROM products WHERE id = $1 AND $2 <> ''",
        ids[0],
        "x",
    )
    .await;
    if let Db::Sqlite(pool) = &db {
        sqlx::query("VACUUM").execute(pool).await.unwrap();
    }
    assert_eq!(
        product_names(&db, "storm").await,
        vec!["Coffee Mug", "Rain Boots"]
    );
}

#[tokio::test]
async fn text_beside_a_stock_filter_tests_the_few_low_or_out_products() {
    let (db, _dir) = bazaar_testkit::fresh_db().await;
    let t0 = Utc::now() - Duration::days(1);
    for (i, (slug, name, stock)) in [
        ("storm-jacket", "Storm Jacket", 3),
        ("storm-hat", "Storm Hat", 0),
        ("storm-boots", "Storm Boots", 40),
        ("rain-mac", "Rain Mac", 2),
    ]
    .into_iter()
    .enumerate()
    {
        add_product(&db, slug, name, t0 + Duration::hours(i as i64), stock).await;
    }
    for (stock, q, expect) in [
        ("low", "storm", vec!["Storm Jacket"]),
        ("low", "ST", vec!["Storm Jacket"]),
        ("low", "rain", vec!["Rain Mac"]),
        ("out", "storm", vec!["Storm Hat"]),
        ("out", "rain", vec![]),
    ] {
        let filter = ProductFilter {
            q: Some(q.to_owned()),
            stock: Some(stock.to_owned()),
            ..ProductFilter::default()
        };
        let (rows, total) = catalogue::list(&db, &filter, 20, 0).await.unwrap();
        let names: Vec<String> = rows.into_iter().map(|p| p.name).collect();
        assert_eq!(names, expect, "{stock} {q}");
        assert_eq!(total.count, expect.len() as i64, "{stock} {q}");
    }
}
