//! Digital products' files: which private object holds a product's file, and which file
//! an order line may be downloaded as.

use uuid::Uuid;

use crate::{Db, DbError, DbResult, Tx, on_db, on_tx};

/// A product's file as stored.
#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct StoredFile {
    pub key: String,
    pub name: String,
    pub bytes: i64,
}

/// One of `vendor_id`'s products, locked, with its type and current file; `NotFound` for
/// anyone else's.
pub async fn lock_for_vendor(
    tx: &mut Tx,
    vendor_id: Uuid,
    product_id: Uuid,
) -> DbResult<(String, Option<String>)> {
    let lock = match tx {
        Tx::Postgres(_) => " FOR UPDATE",
        Tx::Sqlite(_) => "",
    };
    let sql = format!(
        "SELECT product_type, digital_file_key FROM products WHERE id = $1 AND vendor_id = $2{lock}"
    );
    on_tx!(tx, conn => sqlx::query_as::<_, (String, Option<String>)>(sqlx::AssertSqlSafe(sql))
        .bind(product_id)
        .bind(vendor_id)
        .fetch_optional(conn)
        .await?)
    .ok_or(DbError::NotFound)
}

/// Sets (or with `None` removes) a product's file; the product's version moves on so an
/// open editor sees the change.
pub async fn set(tx: &mut Tx, product_id: Uuid, file: Option<&StoredFile>) -> DbResult<()> {
    on_tx!(tx, conn => sqlx::query(
        "UPDATE products SET digital_file_key = $2, digital_file_name = $3, digital_file_bytes = $4, \
         version = version + 1 WHERE id = $1",
    )
    .bind(product_id)
    .bind(file.map(|f| f.key.as_str()))
    .bind(file.map(|f| f.name.as_str()))
    .bind(file.map(|f| f.bytes))
    .execute(conn)
    .await.map(|r| r.rows_affected()))?;
    Ok(())
}

/// What a download of an order line needs: the order's owner and status, and the file of
/// the line's product now.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct Downloadable {
    pub user_id: Uuid,
    pub status: String,
    pub product_type: String,
    pub key: Option<String>,
    pub name: Option<String>,
}

pub async fn of_order_line(db: &Db, item_id: Uuid) -> DbResult<Option<Downloadable>> {
    Ok(on_db!(db, pool => sqlx::query_as::<_, Downloadable>(
        "SELECT o.user_id, op.status, i.product_type, p.digital_file_key AS key, p.digital_file_name AS name \
         FROM order_items i JOIN orders o ON o.id = i.order_id JOIN order_parts op ON op.id = i.part_id \
         LEFT JOIN products p ON p.id = i.product_id WHERE i.id = $1",
    )
    .bind(item_id)
    .fetch_optional(pool)
    .await?))
}

/// The products among `ids` that carry a file.
pub async fn with_files(db: &Db, ids: &[Uuid]) -> DbResult<Vec<Uuid>> {
    if ids.is_empty() {
        return Ok(Vec::new());
    }
    let marks: Vec<String> = (1..=ids.len()).map(|i| format!("${i}")).collect();
    let sql = format!(
        "SELECT id FROM products WHERE digital_file_key IS NOT NULL AND id IN ({})",
        marks.join(", ")
    );
    Ok(on_db!(db, pool => {
        let mut q = sqlx::query_scalar::<_, Uuid>(sqlx::AssertSqlSafe(sql.clone()));
        for id in ids {
            q = q.bind(*id);
        }
        q.fetch_all(pool).await?
    }))
}
