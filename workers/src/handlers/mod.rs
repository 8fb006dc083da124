//! One handler per job kind.

mod analytics;
mod email;
mod housekeeping;
mod imports;
mod index;
mod media;
mod notify;
mod payment;
mod pictures;

pub use index::{reindex_all, sync};
pub use notify::texts as notification_texts;

use bazaar_queue::Job;

use crate::JobContext;

/// Why a job did not finish. Every variant is retried; what keeps failing ends up in
/// `bazaar jobs failed` with this message.
#[derive(Debug, thiserror::Error)]
pub enum JobError {
    #[error("database: {0}")]
    Db(#[from] bazaar_db::DbError),
    #[error("queue: {0}")]
    Queue(#[from] bazaar_queue::QueueError),
    #[error("search: {0}")]
    Search(#[from] bazaar_search::SearchError),
    #[error("mail: {0}")]
    Mail(#[from] bazaar_mail::MailError),
    #[error("media: {0}")]
    Media(#[from] bazaar_media::StorageError),
    #[error("geolocation: {0}")]
    Geo(#[from] bazaar_enrich::EnrichError),
    #[error("{0}")]
    Invalid(String),
}

/// Runs one job to completion.
pub async fn handle(job: &Job, ctx: &JobContext) -> Result<(), JobError> {
    match job {
        Job::NotifyOrderStatus {
            order_id,
            status,
            part_id,
        } => notify::notify_order_status(ctx, *order_id, status, *part_id).await,
        Job::NotifyApplication { event_id } => notify::notify_application(ctx, *event_id).await,
        Job::MakeRenditions { media_id } => media::make_renditions(ctx, *media_id).await,
        Job::FetchProductPictures { product_id } => {
            pictures::fetch_product_pictures(ctx, *product_id).await
        }
        Job::RunImport { import_id } => imports::run_import(ctx, *import_id).await,
        Job::SendEmail { email_id } => email::send_email(ctx, *email_id).await,
        Job::EnrichAnalytics { events } => analytics::enrich(ctx, events).await,
        Job::IndexProducts { product_ids } => index::index_products(ctx, product_ids).await,
        Job::IndexVendor { vendor_id } => index::index_vendor(ctx, *vendor_id).await,
        Job::ProcessPayment { notification_id } => {
            payment::process_payment(ctx, *notification_id).await
        }
        Job::Housekeeping { task, .. } => housekeeping::run(ctx, *task).await,
    }
}
