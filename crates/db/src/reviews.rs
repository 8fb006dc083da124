//! Product reviews and their aggregate rating.

use chrono::{DateTime, Utc};
use uuid::Uuid;

use crate::{Db, DbResult, Tx, on_db, on_tx};

/// Average rating rounded to one decimal, and how many reviews (SPEC.md §7).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Rating {
    pub average: f64,
    pub count: i64,
}

pub async fn rating(db: &Db, product_id: Uuid) -> DbResult<Rating> {
    let (count, sum) = on_db!(db, pool => sqlx::query_as::<_, (i64, Option<i64>)>(
        "SELECT COUNT(*), CAST(SUM(rating) AS BIGINT) FROM product_reviews WHERE product_id = $1 AND hidden_at IS NULL",
    )
    .bind(product_id)
    .fetch_one(pool)
    .await?);
    Ok(Rating {
        average: average_rounded(sum.unwrap_or(0), count),
        count,
    })
}

/// sum / count rounded half-up to one decimal, computed in integers; 0 when there are none.
pub fn average_rounded(sum: i64, count: i64) -> f64 {
    if count <= 0 {
        return 0.0;
    }
    let tenths = (sum * 20 + count) / (2 * count);
    tenths as f64 / 10.0
}

#[derive(Debug, Clone)]
pub struct ReviewInput {
    pub product_id: Uuid,
    pub author_name: String,
    pub rating: i64,
    pub title: String,
    pub body: String,
}

/// Adds a review unless the same author already reviewed the product with this title.
pub async fn insert_if_absent(tx: &mut Tx, r: &ReviewInput, now: DateTime<Utc>) -> DbResult<bool> {
    tx.changed(crate::changes::Change::Products {
        ids: vec![r.product_id],
    });
    let exists = on_tx!(tx, conn => sqlx::query_scalar::<_, i64>(
        "SELECT COUNT(*) FROM product_reviews WHERE product_id = $1 AND author_name = $2 AND title = $3",
    )
    .bind(r.product_id)
    .bind(&r.author_name)
    .bind(&r.title)
    .fetch_one(conn)
    .await?)
        > 0;
    if exists {
        return Ok(false);
    }
    on_tx!(tx, conn => sqlx::query(
        "INSERT INTO product_reviews (id, product_id, author_name, rating, title, body, created_at) \
         VALUES ($1, $2, $3, $4, $5, $6, $7)",
    )
    .bind(Uuid::now_v7())
    .bind(r.product_id)
    .bind(&r.author_name)
    .bind(r.rating)
    .bind(&r.title)
    .bind(&r.body)
    .bind(now)
    .execute(conn).await?.rows_affected());
    Ok(true)
}

/// A review as admins see it, with its product.
#[derive(Debug, Clone, PartialEq, sqlx::FromRow)]
pub struct AdminReview {
    pub id: Uuid,
    pub product_id: Uuid,
    pub product_name: String,
    pub product_slug: String,
    pub vendor_name: Option<String>,
    pub author_name: String,
    pub rating: i64,
    pub title: String,
    pub body: String,
    pub hidden_at: Option<DateTime<Utc>>,
    pub hidden_reason: Option<String>,
    pub created_at: DateTime<Utc>,
}

const ADMIN_SELECT: &str = "SELECT r.id, r.product_id, p.name AS product_name, p.slug AS product_slug, \
    v.store_name AS vendor_name, r.author_name, r.rating, r.title, r.body, r.hidden_at, r.hidden_reason, r.created_at \
    FROM product_reviews r JOIN products p ON p.id = r.product_id LEFT JOIN vendors v ON v.id = p.vendor_id";

/// The admin review list's filters.
#[derive(Debug, Clone, Default)]
pub struct ReviewFilter {
    /// Text in the title, body, author or product name.
    pub q: Option<String>,
    pub product_id: Option<Uuid>,
    pub rating: Option<i64>,
    /// Only hidden (true) or only shown (false).
    pub hidden: Option<bool>,
}

/// A page of reviews, newest first, and how many match.
pub async fn admin_list(
    db: &Db,
    f: &ReviewFilter,
    limit: i64,
    offset: i64,
) -> DbResult<(Vec<AdminReview>, crate::admin::Total)> {
    use crate::{Bind, Binds};
    let mut binds = Binds::default();
    let mut clauses = vec!["1 = 1".to_owned()];
    if let Some(q) = f.q.as_deref().filter(|q| !q.trim().is_empty()) {
        let p = binds.push(Bind::Text(crate::admin::contains(q)));
        clauses.push(format!(
            "(LOWER(r.title) LIKE {p} OR LOWER(r.body) LIKE {p} OR LOWER(r.author_name) LIKE {p} OR LOWER(p.name) LIKE {p})"
        ));
    }
    if let Some(id) = f.product_id {
        clauses.push(format!("r.product_id = {}", binds.push(Bind::Uuid(id))));
    }
    if let Some(rating) = f.rating {
        clauses.push(format!("r.rating = {}", binds.push(Bind::I64(rating))));
    }
    match f.hidden {
        Some(true) => clauses.push("r.hidden_at IS NOT NULL".into()),
        Some(false) => clauses.push("r.hidden_at IS NULL".into()),
        None => {}
    }
    let from_where = format!(
        "FROM product_reviews r JOIN products p ON p.id = r.product_id WHERE {}",
        clauses.join(" AND ")
    );
    let total = crate::admin::count_capped(db, &from_where, &binds.0).await?;
    let paging = crate::admin::page(&mut binds, limit, offset);
    let sql = format!(
        "{ADMIN_SELECT} WHERE {} ORDER BY r.created_at DESC, r.id DESC {paging}",
        clauses.join(" AND ")
    );
    let rows = on_db!(db, pool => crate::bind_all!(sqlx::query_as::<_, AdminReview>(sqlx::AssertSqlSafe(sql)), &binds.0)
        .fetch_all(pool).await?);
    Ok((rows, total))
}

pub async fn admin_get_in(tx: &mut Tx, id: Uuid) -> DbResult<Option<AdminReview>> {
    let sql = format!("{ADMIN_SELECT} WHERE r.id = $1");
    Ok(
        on_tx!(tx, conn => sqlx::query_as::<_, AdminReview>(sqlx::AssertSqlSafe(sql)).bind(id).fetch_optional(conn).await?),
    )
}

/// Hides a review with the reason (`Some`) or shows it again (`None`); false when it
/// already was. The product's rating follows (its cached pages are told).
pub async fn set_hidden(
    tx: &mut Tx,
    id: Uuid,
    product_id: Uuid,
    reason: Option<&str>,
    now: DateTime<Utc>,
) -> DbResult<bool> {
    let n = match reason {
        Some(reason) => on_tx!(tx, conn => sqlx::query(
            "UPDATE product_reviews SET hidden_at = $2, hidden_reason = $3 WHERE id = $1 AND hidden_at IS NULL",
        )
        .bind(id).bind(now).bind(reason).execute(conn).await?.rows_affected()),
        None => on_tx!(tx, conn => sqlx::query(
            "UPDATE product_reviews SET hidden_at = NULL, hidden_reason = NULL WHERE id = $1 AND hidden_at IS NOT NULL",
        )
        .bind(id).execute(conn).await?.rows_affected()),
    };
    if n == 1 {
        tx.changed(crate::changes::Change::Products {
            ids: vec![product_id],
        });
    }
    Ok(n == 1)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn averages_round_to_one_decimal() {
        assert_eq!(average_rounded(0, 0), 0.0);
        assert_eq!(average_rounded(13, 3), 4.3); // 4.333
        assert_eq!(average_rounded(14, 3), 4.7); // 4.667
        assert_eq!(average_rounded(9, 2), 4.5);
        assert_eq!(average_rounded(29, 8), 3.6); // 3.625 → 3.6 (half-up on the tenth: 36.25)
        assert_eq!(average_rounded(5, 1), 5.0);
    }
}
