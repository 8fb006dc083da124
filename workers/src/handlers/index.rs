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
/// The writes are queued where the engine can (see [`SearchIndex::upsert_queued`]): the job
/// is done once the engine has accepted them, so many jobs' writes are batched together.
pub async fn sync(db: &Db, index: &dyn SearchIndex, ids: &[Uuid]) -> Result<(), JobError> {
    write_current(db, index, ids, Write::Queued).await
}

/// Whether a write returns when the engine has accepted it or when search sees it.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Write {
    Queued,
    Visible,
}

/// How often a job writes its products again when they changed while it wrote.
const SETTLE_ROUNDS: usize = 4;

/// Writes the current state of `ids`, then reads it again. Index jobs run at once, in one
/// process or many: a job that read before a change may write after the job of that change
/// wrote, undoing it (a store suspended and at once reinstated stayed out of search). So
/// until what is read after a write is what was written, it is written again; a job whose
/// write came last has then written the latest state. What still changes after the last
/// round has a job of its own still to come.
async fn write_current(
    db: &Db,
    index: &dyn SearchIndex,
    ids: &[Uuid],
    write: Write,
) -> Result<(), JobError> {
    let mut rows = current(db, ids).await?;
    for _ in 0..SETTLE_ROUNDS {
        apply(index, ids, rows.clone(), write).await?;
        let again = current(db, ids).await?;
        if again == rows {
            break;
        }
        rows = again;
    }
    Ok(())
}

/// The listed rows among `ids`, in id order so that two reads compare.
async fn current(db: &Db, ids: &[Uuid]) -> Result<Vec<search::SearchRow>, JobError> {
    let mut rows = search::rows_for(db, ids).await?;
    rows.sort_unstable_by_key(|r| r.id);
    Ok(rows)
}

/// Upserts `rows` and removes the rest of `ids`.
async fn apply(
    index: &dyn SearchIndex,
    ids: &[Uuid],
    rows: Vec<search::SearchRow>,
    write: Write,
) -> Result<(), JobError> {
    let listed: HashSet<Uuid> = rows.iter().map(|r| r.id).collect();
    let gone: Vec<Uuid> = ids
        .iter()
        .copied()
        .filter(|id| !listed.contains(id))
        .collect();
    if !rows.is_empty() {
        let docs = rows.into_iter().map(doc_from_row).collect();
        match write {
            Write::Queued => index.upsert_queued(docs).await?,
            Write::Visible => index.upsert(docs).await?,
        }
    }
    if !gone.is_empty() {
        match write {
            Write::Queued => index.delete_queued(&gone).await?,
            Write::Visible => index.delete(&gone).await?,
        }
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

/// Rebuilds `index` from the database, calling `progress(done, total)` after each batch;
/// returns how many were indexed. An engine that can (Meilisearch) fills a fresh index and
/// swaps it in at the end, so searches meanwhile see the old index, whole; then the
/// products changed since the rebuild began are brought up to date, since an index job
/// that ran meanwhile wrote to the old index. Others are cleared and refilled in place.
pub async fn reindex_all(
    db: &Db,
    index: &dyn SearchIndex,
    batch: i64,
    mut progress: impl FnMut(u64, u64),
) -> Result<u64, JobError> {
    let started = chrono::Utc::now();
    let total = search::listed_count(db).await?.max(0) as u64;
    let staging = index.rebuild_target().await?;
    let target: &dyn SearchIndex = match &staging {
        Some(staging) => staging.as_ref(),
        None => {
            index.clear().await?;
            index
        }
    };
    let (mut after, mut done) = (None, 0u64);
    loop {
        let rows = search::rows_after(db, after, batch).await?;
        let Some(last) = rows.last() else {
            break;
        };
        after = Some(last.id);
        done += rows.len() as u64;
        target
            .upsert(rows.into_iter().map(doc_from_row).collect())
            .await?;
        progress(done, total);
    }
    if staging.is_some() {
        index.publish_rebuild().await?;
        // A second of slack for clocks of other processes that wrote meanwhile.
        let since = started - chrono::Duration::seconds(1);
        let changed = search::ids_changed_since(db, since).await?;
        // Waited for, so the rebuild is whole when the command ends.
        for chunk in changed.chunks(500) {
            write_current(db, index, chunk, Write::Visible).await?;
        }
    }
    Ok(done)
}
