//! Stock taken by checkout and given back by cancellation. A take is one conditional
//! `UPDATE … WHERE stock_quantity >= $n`: on SQLite transactions run one at a time, on
//! PostgreSQL the row lock makes concurrent takes wait and re-check, so no interleaving can
//! sell more than there is. The product's derived columns are refreshed afterwards.

use bazaar_domain::inventory::MovementReason;
use chrono::Utc;
use uuid::Uuid;

use crate::inventory::{self, Movement};
use crate::products::refresh_rollups;
use crate::{DbResult, Tx, on_tx};

/// Takes `quantity` from a product (or from its variation when given) for `order_id`,
/// recording the sale as a movement; false when there is not enough.
pub async fn take(
    tx: &mut Tx,
    product_id: Uuid,
    variation_id: Option<Uuid>,
    quantity: i64,
    order_id: Uuid,
) -> DbResult<bool> {
    let after = shift(tx, product_id, variation_id, -quantity).await?;
    if let Some(after) = after {
        movement(
            tx,
            product_id,
            variation_id,
            -quantity,
            after,
            MovementReason::Sale,
            order_id,
        )
        .await?;
    }
    Ok(after.is_some())
}

/// Puts `quantity` back from a cancelled `order_id` (the product or variation may have
/// been deleted meanwhile; then there is nothing to put it back on).
pub async fn give_back(
    tx: &mut Tx,
    product_id: Uuid,
    variation_id: Option<Uuid>,
    quantity: i64,
    order_id: Uuid,
) -> DbResult<()> {
    put_back(
        tx,
        product_id,
        variation_id,
        quantity,
        order_id,
        MovementReason::Cancellation,
    )
    .await
}

/// Puts `quantity` back for `order_id` for `reason` (a cancellation, or refunded goods
/// returned to the shelf).
pub async fn put_back(
    tx: &mut Tx,
    product_id: Uuid,
    variation_id: Option<Uuid>,
    quantity: i64,
    order_id: Uuid,
    reason: MovementReason,
) -> DbResult<()> {
    if let Some(after) = shift(tx, product_id, variation_id, quantity).await? {
        movement(
            tx,
            product_id,
            variation_id,
            quantity,
            after,
            reason,
            order_id,
        )
        .await?;
    }
    Ok(())
}

/// Adds `change` to a level when the result stays at or above zero; the level after.
async fn shift(
    tx: &mut Tx,
    product_id: Uuid,
    variation_id: Option<Uuid>,
    change: i64,
) -> DbResult<Option<i64>> {
    Ok(match variation_id {
        Some(v) => on_tx!(tx, conn => sqlx::query_scalar::<_, i64>(
            "UPDATE product_variations SET stock_quantity = stock_quantity + $2, updated_at = $3 \
             WHERE id = $1 AND stock_quantity + $2 >= 0 RETURNING stock_quantity",
        )
        .bind(v)
        .bind(change)
        .bind(Utc::now())
        .fetch_optional(conn)
        .await)?,
        None => on_tx!(tx, conn => sqlx::query_scalar::<_, i64>(
            "UPDATE products SET stock_quantity = stock_quantity + $2, updated_at = $3 \
             WHERE id = $1 AND stock_quantity + $2 >= 0 RETURNING stock_quantity",
        )
        .bind(product_id)
        .bind(change)
        .bind(Utc::now())
        .fetch_optional(conn)
        .await)?,
    })
}

async fn movement(
    tx: &mut Tx,
    product_id: Uuid,
    variation_id: Option<Uuid>,
    change: i64,
    after: i64,
    reason: MovementReason,
    order_id: Uuid,
) -> DbResult<()> {
    inventory::record(
        tx,
        &Movement {
            product_id,
            variation_id,
            change,
            stock_after: after,
            reason,
            order_id: Some(order_id),
            actor_id: None,
        },
        Utc::now(),
    )
    .await
}

/// Recomputes the derived columns (available stock, listing) of the products touched.
pub async fn refresh(tx: &mut Tx, product_ids: &[Uuid]) -> DbResult<()> {
    let now = Utc::now();
    for id in product_ids {
        match refresh_rollups(tx, *id, now).await {
            Ok(()) | Err(crate::DbError::NotFound) => {}
            Err(e) => return Err(e),
        }
    }
    Ok(())
}

/// The stock left of a product or variation (for messages).
pub async fn left(tx: &mut Tx, product_id: Uuid, variation_id: Option<Uuid>) -> DbResult<i64> {
    let n = match variation_id {
        Some(v) => {
            on_tx!(tx, conn => sqlx::query_scalar::<_, i64>("SELECT stock_quantity FROM product_variations WHERE id = $1")
            .bind(v)
            .fetch_optional(conn)
            .await)?
        }
        None => {
            on_tx!(tx, conn => sqlx::query_scalar::<_, i64>("SELECT stock_quantity FROM products WHERE id = $1")
            .bind(product_id)
            .fetch_optional(conn)
            .await)?
        }
    };
    Ok(n.unwrap_or(0))
}
