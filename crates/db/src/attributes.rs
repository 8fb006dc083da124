//! Global attributes: names and values every vendor builds variations from.

use sqlx::types::Json;
use uuid::Uuid;

use crate::{Db, DbResult, on_db};

#[derive(Debug, Clone, PartialEq, sqlx::FromRow)]
pub struct GlobalAttribute {
    pub id: Uuid,
    pub name: String,
    pub attribute_values: Json<Vec<String>>,
}

/// Every global attribute, in the admins' order.
pub async fn list(db: &Db) -> DbResult<Vec<GlobalAttribute>> {
    Ok(on_db!(db, pool => sqlx::query_as::<_, GlobalAttribute>(
        "SELECT id, name, attribute_values FROM global_attributes ORDER BY position, name",
    )
    .fetch_all(pool)
    .await)?)
}
