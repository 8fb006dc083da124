//! Generated catalogues for benchmarks (`bazaar seed --synthetic N`).

use chrono::{Duration, Utc};
use rand::Rng;
use uuid::Uuid;

use crate::{Db, DbResult, on_tx};

/// Products written per statement: 25 values each stays under SQLite's bound-variable limit.
const ROWS_PER_STATEMENT: usize = 400;
/// Statements per transaction.
const STATEMENTS_PER_TX: usize = 5;

const BRANDS: &[&str] = &["OVR", "PWR", "Karoo", "Kudu Sport", "Fynbos", "Baobab"];
const NOUNS: &[&str] = &[
    "Tee", "Shorts", "Hoodie", "Runner", "Cap", "Bottle", "Gloves", "Bag", "Tights", "Jacket",
];
const ADJECTIVES: &[&str] = &[
    "Aero", "Core", "Trail", "Pro", "Swift", "Summit", "Flex", "Storm", "Peak", "Drift",
];

/// Inserts `count` listed house products spread over `categories`, calling `progress` with
/// the number written after each transaction. Slugs start with `synthetic-`.
pub async fn generate(
    db: &Db,
    count: u64,
    categories: &[String],
    mut progress: impl FnMut(u64),
) -> DbResult<u64> {
    let categories: Vec<String> = if categories.is_empty() {
        vec!["apparel".to_owned()]
    } else {
        categories.to_vec()
    };
    let mut rng = rand::rng();
    let now = Utc::now();
    let mut written = 0_u64;
    while written < count {
        let mut tx = db.begin().await?;
        for _ in 0..STATEMENTS_PER_TX {
            let n = ((count - written) as usize).min(ROWS_PER_STATEMENT);
            if n == 0 {
                break;
            }
            let mut sql = String::from(
                "INSERT INTO products (id, slug, name, brand, category, description, price_cents, \
                 sale_price_cents, image_url, status, featured, daily_deal, has_variations, stock_quantity, \
                 product_type, min_price_cents, max_price_cents, on_sale, available_stock, listed, \
                 created_at, updated_at, videos, vendor_id, max_owned_per_user) VALUES ",
            );
            for i in 0..n {
                let b = i * 22;
                if i > 0 {
                    sql.push_str(", ");
                }
                sql.push('(');
                for k in 1..=22 {
                    if k > 1 {
                        sql.push_str(", ");
                    }
                    sql.push_str(&format!("${}", b + k));
                }
                sql.push_str(", '[]', NULL, NULL)");
            }
            let rows: Vec<_> = (0..n)
                .map(|_| {
                    let id = Uuid::now_v7();
                    let price = rng.random_range(50..3500) * 100 - 1;
                    let sale = rng
                        .random_bool(0.2)
                        .then(|| price * rng.random_range(60..95) / 100);
                    let effective = sale.unwrap_or(price);
                    let name = format!(
                        "{} {} {}",
                        BRANDS[rng.random_range(0..BRANDS.len())],
                        ADJECTIVES[rng.random_range(0..ADJECTIVES.len())],
                        NOUNS[rng.random_range(0..NOUNS.len())]
                    );
                    let stock = if rng.random_bool(0.05) {
                        0
                    } else {
                        rng.random_range(1..200)
                    };
                    SyntheticRow {
                        id,
                        slug: format!("synthetic-{}", id.simple()),
                        brand: name.split(' ').next().unwrap_or("OVR").to_owned(),
                        name,
                        category: categories[rng.random_range(0..categories.len())].clone(),
                        price,
                        sale,
                        effective,
                        featured: rng.random_bool(0.05),
                        daily_deal: rng.random_bool(0.03),
                        stock,
                        created_at: now - Duration::seconds(rng.random_range(0..31_536_000)),
                    }
                })
                .collect();
            on_tx!(&mut tx, conn => {
                let mut q = sqlx::query(sqlx::AssertSqlSafe(sql));
                for r in &rows {
                    q = q
                        .bind(r.id)
                        .bind(&r.slug)
                        .bind(&r.name)
                        .bind(&r.brand)
                        .bind(&r.category)
                        .bind("Generated for benchmarks.")
                        .bind(r.price)
                        .bind(r.sale)
                        .bind(Option::<String>::None)
                        .bind("active")
                        .bind(r.featured)
                        .bind(r.daily_deal)
                        .bind(false)
                        .bind(r.stock)
                        .bind("physical")
                        .bind(r.effective)
                        .bind(r.effective)
                        .bind(r.sale.is_some())
                        .bind(r.stock)
                        .bind(true)
                        .bind(r.created_at)
                        .bind(r.created_at);
                }
                q.execute(conn).await?.rows_affected()
            });
            written += n as u64;
        }
        tx.commit().await?;
        progress(written);
    }
    Ok(written)
}

struct SyntheticRow {
    id: Uuid,
    slug: String,
    name: String,
    brand: String,
    category: String,
    price: i64,
    sale: Option<i64>,
    effective: i64,
    featured: bool,
    daily_deal: bool,
    stock: i64,
    created_at: chrono::DateTime<Utc>,
}
