//! What handlers need.

use std::sync::Arc;

use bazaar_db::Db;
use bazaar_enrich::Geolocator;
use bazaar_queue::{Job, LiveBus};
use bazaar_search::SearchIndex;
use futures::future::BoxFuture;

/// Called after a handler has done its work and before the job is acknowledged. Tests use
/// it to stop a worker at the worst moment (work done, not yet acknowledged) and prove the
/// job runs again without doubling its effect.
pub type JobHook = Arc<dyn Fn(&Job) -> BoxFuture<'static, ()> + Send + Sync>;

pub struct JobContext {
    pub db: Db,
    /// The apalis queue name (see [`bazaar_queue::DEFAULT_QUEUE`]).
    pub queue: String,
    pub live: LiveBus,
    /// `None` when search is switched off: index jobs then succeed without doing anything.
    pub search: Option<Arc<dyn SearchIndex>>,
    /// The mailer of the moment: as the process was started, or as the email settings say.
    pub mailer: Arc<bazaar_commerce::mail_settings::Mailers>,
    pub geo: Arc<Geolocator>,
    /// PayFast of the moment, for `process_payment`; `None` fails such jobs (they wait in
    /// the queue).
    pub payments: Option<Arc<bazaar_commerce::payment_settings::Gateways>>,
    /// The site's public URL, for links in emails.
    pub public_url: String,
    /// What fetching an imported product's pictures may do (private addresses only in tests).
    pub fetch_limits: bazaar_media::fetch::FetchLimits,
    /// Where uploaded media is kept (renditions are read from and written to it).
    pub media: bazaar_media::Storage,
    pub after_job: Option<JobHook>,
}

impl std::fmt::Debug for JobContext {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("JobContext")
            .field("queue", &self.queue)
            .field("search", &self.search.as_ref().map(|s| s.engine()))
            .finish_non_exhaustive()
    }
}
