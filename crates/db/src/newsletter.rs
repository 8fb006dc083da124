//! Newsletter subscribers.

use chrono::Utc;

use crate::{Db, DbResult, on_db};

/// Adds `email` (already normalised); `false` when it was subscribed before.
pub async fn subscribe(db: &Db, email: &str, source: &str) -> DbResult<bool> {
    let n = on_db!(db, pool => sqlx::query(
        "INSERT INTO newsletter_subscribers (email, source, created_at) VALUES ($1, $2, $3) \
         ON CONFLICT (email) DO NOTHING",
    )
    .bind(email)
    .bind(source)
    .bind(Utc::now())
    .execute(pool)
    .await
    .map(|r| r.rows_affected()))?;
    Ok(n == 1)
}

pub async fn all(db: &Db) -> DbResult<Vec<(String, chrono::DateTime<Utc>)>> {
    let rows = on_db!(db, pool => sqlx::query_as::<_, (String, chrono::DateTime<Utc>)>(
        "SELECT email, created_at FROM newsletter_subscribers ORDER BY created_at, email",
    )
    .fetch_all(pool)
    .await)?;
    Ok(rows)
}
