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
        "SELECT COUNT(*), CAST(SUM(rating) AS BIGINT) FROM product_reviews WHERE product_id = $1",
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
