//! Scheduled housekeeping.

use bazaar_queue::{Housekeeping, live, store};
use chrono::{Duration, Utc};

use super::JobError;
use crate::JobContext;

/// How long live events stay available for `Last-Event-ID` replay.
pub const LIVE_EVENT_DAYS: i64 = 7;
/// How long finished jobs are kept.
pub const DONE_JOB_DAYS: i64 = 7;

pub async fn run(ctx: &JobContext, task: Housekeeping) -> Result<(), JobError> {
    let n = match task {
        Housekeeping::PruneLiveEvents => {
            live::prune(&ctx.db, Utc::now() - Duration::days(LIVE_EVENT_DAYS)).await?
        }
        Housekeeping::PruneNotifications => bazaar_db::notifications::trim_all(&ctx.db).await?,
        Housekeeping::PruneJobs => {
            let before = Utc::now() - Duration::days(DONE_JOB_DAYS);
            store::prune_done(&ctx.db, &ctx.queue, before).await?
                + crate::schedule::prune(&ctx.db, before).await?
        }
        Housekeeping::ExpireReservations => {
            bazaar_commerce::flow::expire_reservations(&ctx.db).await?
        }
        Housekeeping::RefreshPrices => bazaar_commerce::terms::refresh_prices(&ctx.db).await?,
        Housekeeping::RollupVendorStats => {
            bazaar_commerce::analytics::rollup(&ctx.db, Utc::now()).await?
        }
        Housekeeping::EmailUnreadChats => {
            bazaar_commerce::chat::email_unread(&ctx.db, &ctx.public_url).await?
        }
    };
    tracing::info!(task = task.name(), removed = n, "housekeeping done");
    Ok(())
}
