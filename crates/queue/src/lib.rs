//! Jobs: what the API and the workers agree on.
//!
//! A state change and the jobs it causes commit together. Code that changes state calls
//! [`enqueue`] with its open transaction, which writes the job to the `outbox` table; the
//! [`relay`] moves outbox rows into the apalis queue (apalis-sqlite or apalis-postgres,
//! whose tables live in the same database) in one transaction of its own, so a crash at any
//! point loses nothing and a rolled-back change enqueues nothing. Handlers must be
//! idempotent anyway: the queue delivers at least once (a worker killed mid-job has its job
//! run again).
//!
//! Payloads carry ids, never copies of rows; a handler that finds its row gone has nothing
//! to do and succeeds.
//!
//! [`live`] is the other half of the contract: events for signed-in users, recorded in the
//! database (so a reconnecting client can resume) and fanned out in-process, or between
//! processes through PostgreSQL's LISTEN/NOTIFY.

pub mod job;
pub mod live;
pub mod outbox;
pub mod relay;
pub mod search_doc;
pub mod store;

pub use job::{AnalyticsRef, Housekeeping, Job};
pub use live::{LiveBus, LiveEvent};
pub use outbox::{enqueue, enqueue_all};
pub use store::{FailedJob, QueueError};

/// The queue name used outside tests. Tests on a shared PostgreSQL database give each test
/// its own queue so their workers never take each other's jobs.
pub const DEFAULT_QUEUE: &str = "bazaar";
