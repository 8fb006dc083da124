//! Search indexing: the index follows the database. Only listed products (active, and a
//! house product or one of an approved vendor) are in it.

use std::collections::HashSet;

use bazaar_db::Db;
use bazaar_db::products::search;
use bazaar_queue::search_doc::doc_from_row;
use bazaar_search::SearchIndex;
use uuid::Uuid;

use super::JobError;
use crate::JobContext;

/// Writes the current state of `ids` to `index`: listed ones upserted, the others removed.
pub async fn sync(db: &Db, index: &dyn SearchIndex, ids: &[Uuid]) -> Result<(), JobError> {
    let rows = search::rows_for(db, ids).await?;
    let listed: HashSet<Uuid> = rows.iter().map(|r| r.id).collect();
    let gone: Vec<Uuid> = ids
        .iter()
        .copied()
        .filter(|id| !listed.contains(id))
        .collect();
    if !rows.is_empty() {
        index
            .upsert(rows.into_iter().map(doc_from_row).collect())
            .await?;
    }
    if !gone.is_empty() {
        index.delete(&gone).await?;
    }
    Ok(())
}

pub async fn index_products(ctx: &JobContext, ids: &[Uuid]) -> Result<(), JobError> {
    match &ctx.search {
        Some(index) => sync(&ctx.db, index.as_ref(), ids).await,
        None => Ok(()),
    }
}

pub async fn index_vendor(ctx: &JobContext, vendor_id: Uuid) -> Result<(), JobError> {
    let Some(index) = &ctx.search else {
        return Ok(());
    };
    let ids = search::ids_of_vendor(&ctx.db, vendor_id).await?;
    for chunk in ids.chunks(500) {
        sync(&ctx.db, index.as_ref(), chunk).await?;
    }
    Ok(())
}

/// Rebuilds `index` from the database: clears it, then indexes every listed product in
/// batches, calling `progress(done, total)` after each batch. Returns how many were indexed.
pub async fn reindex_all(
    db: &Db,
    index: &dyn SearchIndex,
    batch: i64,
    mut progress: impl FnMut(u64, u64),
) -> Result<u64, JobError> {
    let total = search::listed_count(db).await?.max(0) as u64;
    index.clear().await?;
    let (mut after, mut done) = (None, 0u64);
    loop {
        let rows = search::rows_after(db, after, batch).await?;
        let Some(last) = rows.last() else {
            break;
        };
        after = Some(last.id);
        done += rows.len() as u64;
        index
            .upsert(rows.into_iter().map(doc_from_row).collect())
            .await?;
        progress(done, total);
    }
    Ok(done)
}
