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

/// Inserts `count` paid orders for benchmarks, spread over the last 365 days, each with one
/// or two vendors' parts of one to three lines of the vendors' listed products; about one
/// part in ten was cancelled after payment, the rest delivered. Order numbers start with
/// `SY-`. Calls `progress` with the number written after each transaction. Returns how
/// many were written (none when no vendor has a listed product or no customer exists).
pub async fn generate_orders(db: &Db, count: u64, mut progress: impl FnMut(u64)) -> DbResult<u64> {
    use crate::{Bind, Binds};

    let products = crate::on_db!(db, pool => sqlx::query_as::<_, (Uuid, Uuid, String, i64)>(
        "SELECT p.id, p.vendor_id, p.name, p.min_price_cents FROM products p \
         WHERE p.vendor_id IS NOT NULL AND p.listed ORDER BY p.id",
    )
    .fetch_all(pool)
    .await)?;
    let buyer = crate::on_db!(db, pool => sqlx::query_scalar::<_, Uuid>(
        "SELECT u.id FROM users u JOIN profiles p ON p.id = u.id WHERE p.role = 'customer' ORDER BY u.created_at LIMIT 1",
    )
    .fetch_optional(pool)
    .await)?;
    let Some(buyer) = buyer else {
        return Ok(0);
    };
    /// A product to sell: id, name and price.
    type Goods = (Uuid, String, i64);
    let mut by_vendor: std::collections::BTreeMap<Uuid, Vec<Goods>> =
        std::collections::BTreeMap::new();
    for (id, vendor, name, price) in products {
        by_vendor
            .entry(vendor)
            .or_default()
            .push((id, name, price.max(100)));
    }
    let vendors: Vec<(Uuid, Vec<Goods>)> = by_vendor.into_iter().collect();
    if vendors.is_empty() {
        return Ok(0);
    }
    let mut rng = rand::rng();
    let now = Utc::now();
    let start = crate::on_db!(db, pool => sqlx::query_scalar::<_, i64>(
        "SELECT COUNT(*) FROM orders WHERE order_number LIKE 'SY-%'",
    )
    .fetch_one(pool)
    .await)? as u64;
    const ORDERS_PER_TX: u64 = 100;
    let mut written = 0_u64;
    while written < count {
        let n = (count - written).min(ORDERS_PER_TX);
        let (mut orders, mut parts, mut items) =
            (Binds::default(), Binds::default(), Binds::default());
        let (mut order_rows, mut part_rows, mut item_rows) = (Vec::new(), Vec::new(), Vec::new());
        for k in 0..n {
            let order_id = Uuid::now_v7();
            let created = now - Duration::seconds(rng.random_range(0..365 * 24 * 3600));
            let paid = created + Duration::minutes(5);
            let part_count = if vendors.len() > 1 && rng.random_bool(0.3) {
                2
            } else {
                1
            };
            let first = rng.random_range(0..vendors.len());
            let mut total = 0_i64;
            let mut all_cancelled = true;
            for p in 0..part_count {
                let (vendor, goods) = &vendors[(first + p) % vendors.len()];
                let part_id = Uuid::now_v7();
                let mut subtotal = 0_i64;
                for line in 0..rng.random_range(1..=3_i64) {
                    let (product, name, price) = &goods[rng.random_range(0..goods.len())];
                    let quantity = rng.random_range(1..=3_i64);
                    subtotal += price * quantity;
                    let v = [
                        items.push(Bind::Uuid(Uuid::now_v7())),
                        items.push(Bind::Uuid(order_id)),
                        items.push(Bind::Uuid(part_id)),
                        items.push(Bind::Uuid(*product)),
                        items.push(Bind::Uuid(*vendor)),
                        items.push(Bind::Text(name.clone())),
                        items.push(Bind::I64(*price)),
                        items.push(Bind::I64(quantity)),
                        items.push(Bind::I64(price * quantity)),
                        items.push(Bind::I64(line)),
                    ];
                    item_rows.push(format!(
                        "({}, 'physical', FALSE, {})",
                        v[..9].join(", "),
                        v[9]
                    ));
                }
                let cancelled = rng.random_bool(0.1);
                all_cancelled &= cancelled;
                total += subtotal;
                let status = if cancelled { "cancelled" } else { "delivered" };
                let v = [
                    parts.push(Bind::Uuid(part_id)),
                    parts.push(Bind::Uuid(order_id)),
                    parts.push(Bind::Uuid(*vendor)),
                    parts.push(Bind::I64(subtotal)),
                    parts.push(Bind::I64(p as i64)),
                    parts.push(Bind::Text(status.to_owned())),
                    parts.push(Bind::Time(paid + Duration::days(2))),
                    parts.push(Bind::I64(if cancelled { subtotal } else { 0 })),
                ];
                let (delivered, cancelled_at) = if cancelled {
                    ("NULL".to_owned(), v[6].clone())
                } else {
                    (v[6].clone(), "NULL".to_owned())
                };
                part_rows.push(format!(
                    "({}, {}, {}, 'synthetic', {}, {}, {}, {delivered}, {cancelled_at}, {})",
                    v[0], v[1], v[2], v[3], v[4], v[5], v[7]
                ));
            }
            let number = format!("SY-{:010}", start + written + k);
            let status = if all_cancelled {
                "cancelled"
            } else {
                "delivered"
            };
            let v = [
                orders.push(Bind::Uuid(order_id)),
                orders.push(Bind::Text(number)),
                orders.push(Bind::Uuid(buyer)),
                orders.push(Bind::Text(status.to_owned())),
                orders.push(Bind::I64(total)),
                orders.push(Bind::Time(created)),
                orders.push(Bind::Time(paid)),
            ];
            order_rows.push(format!(
                "({}, {}, {}, {}, 'ZAR', 'synthetic@bazaar.test', {}, {}, {}, {}, {})",
                v[0], v[1], v[2], v[3], v[4], v[4], v[6], v[5], v[5]
            ));
        }
        let mut tx = db.begin().await?;
        let statements = [
            (
                format!(
                    "INSERT INTO orders (id, order_number, user_id, status, currency, email, subtotal_cents, \
                     total_cents, paid_at, created_at, updated_at) VALUES {}",
                    order_rows.join(", ")
                ),
                orders,
            ),
            (
                format!(
                    "INSERT INTO order_parts (id, order_id, vendor_id, vendor_name, subtotal_cents, position, status, \
                     delivered_at, cancelled_at, refund_due_cents) VALUES {}",
                    part_rows.join(", ")
                ),
                parts,
            ),
            (
                format!(
                    "INSERT INTO order_items (id, order_id, part_id, product_id, vendor_id, product_name, \
                     unit_price_cents, quantity, line_total_cents, product_type, stock_reserved, position) VALUES {}",
                    item_rows.join(", ")
                ),
                items,
            ),
        ];
        for (sql, binds) in &statements {
            on_tx!(&mut tx, conn => crate::bind_all!(sqlx::query(sqlx::AssertSqlSafe(sql.clone())), &binds.0)
                .execute(conn)
                .await
                .map(|r| r.rows_affected()))?;
        }
        tx.commit().await?;
        written += n;
        progress(written);
    }
    Ok(written)
}

/// Inserts `count` confirmed customers without passwords (they cannot sign in), created
/// over the last two years, for benchmarks of the admin lists. Emails are
/// `synthetic-N@bazaar.test`. Calls `progress` after each transaction.
pub async fn generate_users(db: &Db, count: u64, mut progress: impl FnMut(u64)) -> DbResult<u64> {
    use crate::{Bind, Binds};

    const USERS_PER_TX: u64 = 500;
    const FIRST: &[&str] = &[
        "Thandi", "Sipho", "Lerato", "Johan", "Ayesha", "Pieter", "Naledi", "Kagiso",
    ];
    const LAST: &[&str] = &[
        "Nkosi",
        "Dlamini",
        "van der Merwe",
        "Naidoo",
        "Botha",
        "Mokoena",
        "Pillay",
    ];
    let start = crate::on_db!(db, pool => sqlx::query_scalar::<_, i64>(
        "SELECT COUNT(*) FROM users WHERE email LIKE 'synthetic-%@bazaar.test'",
    )
    .fetch_one(pool)
    .await)? as u64;
    let mut rng = rand::rng();
    let now = Utc::now();
    let mut written = 0_u64;
    while written < count {
        let n = (count - written).min(USERS_PER_TX);
        let (mut users, mut profiles) = (Binds::default(), Binds::default());
        let (mut user_rows, mut profile_rows) = (Vec::new(), Vec::new());
        for k in 0..n {
            let id = Uuid::now_v7();
            let created = now - Duration::seconds(rng.random_range(0..2 * 365 * 24 * 3600));
            let name = format!(
                "{} {}",
                FIRST[rng.random_range(0..FIRST.len())],
                LAST[rng.random_range(0..LAST.len())]
            );
            let u = [
                users.push(Bind::Uuid(id)),
                users.push(Bind::Text(format!(
                    "synthetic-{}@bazaar.test",
                    start + written + k
                ))),
                users.push(Bind::Time(created)),
            ];
            user_rows.push(format!(
                "({}, {}, {}, {}, {})",
                u[0], u[1], u[2], u[2], u[2]
            ));
            let p = [
                profiles.push(Bind::Uuid(id)),
                profiles.push(Bind::Text(name)),
                profiles.push(Bind::Time(created)),
            ];
            profile_rows.push(format!(
                "({}, 'customer', {}, {}, {})",
                p[0], p[1], p[2], p[2]
            ));
        }
        let mut tx = db.begin().await?;
        let statements = [
            (
                format!(
                    "INSERT INTO users (id, email, email_confirmed_at, created_at, updated_at) VALUES {}",
                    user_rows.join(", ")
                ),
                users,
            ),
            (
                format!(
                    "INSERT INTO profiles (id, role, full_name, created_at, updated_at) VALUES {}",
                    profile_rows.join(", ")
                ),
                profiles,
            ),
        ];
        for (sql, binds) in &statements {
            on_tx!(&mut tx, conn => crate::bind_all!(sqlx::query(sqlx::AssertSqlSafe(sql.clone())), &binds.0)
                .execute(conn)
                .await
                .map(|r| r.rows_affected()))?;
        }
        tx.commit().await?;
        written += n;
        progress(written);
    }
    Ok(written)
}
