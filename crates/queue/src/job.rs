//! Job payloads.

use serde::{Deserialize, Serialize};
use uuid::Uuid;

/// One unit of background work. Serialised as JSON with a `kind` tag.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Job {
    /// Write the order's notification for `status` (once per order and status, or per
    /// vendor part and status when `part_id` is given), push it live and enqueue its email.
    NotifyOrderStatus {
        order_id: Uuid,
        status: String,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        part_id: Option<Uuid>,
    },
    /// Tell an applicant about a move of their vendor application (one history event):
    /// the notification, pushed live, and its email. Once per event.
    NotifyApplication { event_id: Uuid },
    /// Make the WebP renditions of an uploaded picture.
    MakeRenditions { media_id: Uuid },
    /// Render and send one row of `emails`.
    SendEmail { email_id: Uuid },
    /// Fill device, browser and place for a batch of analytics events.
    EnrichAnalytics { events: Vec<AnalyticsRef> },
    /// Bring these products' search documents up to date (index or remove).
    IndexProducts { product_ids: Vec<Uuid> },
    /// Re-index every product of a vendor (after the vendor's status or name changes).
    IndexVendor { vendor_id: Uuid },
    /// Check a stored payment notification (ITN) and apply it.
    ProcessPayment { notification_id: Uuid },
    /// Fetch the pictures an import named by other sites' addresses into media storage and
    /// put the copies on the product.
    FetchProductPictures { product_id: Uuid },
    /// Check (a dry run) or import an uploaded product file, as its status says.
    RunImport { import_id: Uuid },
    /// A scheduled housekeeping task; `slot` is the schedule period it runs for.
    Housekeeping { task: Housekeeping, slot: i64 },
}

/// An analytics event to enrich, with the network it came from. Only the network (the
/// address with its host part zeroed: /24 for IPv4, /48 for IPv6) ever leaves the request,
/// and only to be looked up; the event row's `ip_address` stays null.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct AnalyticsRef {
    pub id: Uuid,
    pub network: Option<String>,
}

/// Scheduled housekeeping.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Housekeeping {
    /// Drop live events older than the replay window.
    PruneLiveEvents,
    /// Keep the newest 50 notifications per user.
    PruneNotifications,
    /// Forget finished jobs older than a week.
    PruneJobs,
    /// Cancel unpaid orders whose stock reservation ran out, putting the stock back.
    ExpireReservations,
    /// Start and end sale windows and daily deals on time.
    RefreshPrices,
    /// Bring vendors' daily figures (analytics) up to date.
    RollupVendorStats,
    /// Email customers and stores about chat messages left unread for 30 minutes.
    EmailUnreadChats,
}

impl Housekeeping {
    pub const ALL: [Housekeeping; 7] = [
        Housekeeping::PruneLiveEvents,
        Housekeeping::PruneNotifications,
        Housekeeping::PruneJobs,
        Housekeeping::ExpireReservations,
        Housekeeping::RefreshPrices,
        Housekeeping::RollupVendorStats,
        Housekeeping::EmailUnreadChats,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Housekeeping::PruneLiveEvents => "prune_live_events",
            Housekeeping::PruneNotifications => "prune_notifications",
            Housekeeping::PruneJobs => "prune_jobs",
            Housekeeping::ExpireReservations => "expire_reservations",
            Housekeeping::RefreshPrices => "refresh_prices",
            Housekeeping::RollupVendorStats => "rollup_vendor_stats",
            Housekeeping::EmailUnreadChats => "email_unread_chats",
        }
    }

    /// How often it runs, in seconds.
    pub fn period_secs(self) -> i64 {
        match self {
            Housekeeping::PruneLiveEvents => 3600,
            Housekeeping::PruneNotifications => 3600,
            Housekeeping::PruneJobs => 24 * 3600,
            Housekeeping::ExpireReservations => 60,
            Housekeeping::RefreshPrices => 60,
            Housekeeping::RollupVendorStats => 600,
            Housekeeping::EmailUnreadChats => 60,
        }
    }
}

impl Job {
    /// A short name for logs and `bazaar jobs failed`.
    pub fn kind(&self) -> &'static str {
        match self {
            Job::NotifyOrderStatus { .. } => "notify_order_status",
            Job::NotifyApplication { .. } => "notify_application",
            Job::MakeRenditions { .. } => "make_renditions",
            Job::SendEmail { .. } => "send_email",
            Job::EnrichAnalytics { .. } => "enrich_analytics",
            Job::IndexProducts { .. } => "index_products",
            Job::IndexVendor { .. } => "index_vendor",
            Job::ProcessPayment { .. } => "process_payment",
            Job::FetchProductPictures { .. } => "fetch_product_pictures",
            Job::RunImport { .. } => "run_import",
            Job::Housekeeping { .. } => "housekeeping",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn payloads_are_tagged_json() {
        let id = Uuid::nil();
        let job = Job::NotifyOrderStatus {
            order_id: id,
            status: "shipped".into(),
            part_id: None,
        };
        let json = serde_json::to_value(&job).unwrap();
        assert_eq!(json["kind"], "notify_order_status");
        assert_eq!(json["status"], "shipped");
        assert_eq!(serde_json::from_value::<Job>(json).unwrap(), job);
        let hk = Job::Housekeeping {
            task: Housekeeping::PruneJobs,
            slot: 7,
        };
        assert_eq!(serde_json::to_value(&hk).unwrap()["task"], "prune_jobs");
    }
}
