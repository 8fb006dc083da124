//! The background half of bazaar: job handlers and the runtime that feeds them.
//!
//! [`runtime::start`] runs, until stopped, the outbox relay, the apalis worker for the
//! queue and the housekeeping schedule. `bazaar serve` starts it in-process (unless
//! `--no-workers`); `bazaar worker` runs only it, and on PostgreSQL any number of worker
//! processes may share the queue.
//!
//! Every handler is idempotent, because the queue delivers at least once:
//! - order notifications insert once per order and status (a unique key), and the live
//!   event and email are written in that same transaction, so a repeat finds the row and
//!   stops;
//! - an email row is marked sent after sending; a job that finds it sent does nothing (a
//!   crash between the SMTP hand-off and the mark can send a message twice, which is the
//!   usual at-least-once trade for email);
//! - analytics enrichment only fills rows not yet enriched;
//! - indexing writes the current state of the product, whatever it was before;
//! - housekeeping deletes what is old, which is the same the second time.
//!
//! A job whose row is gone has nothing to do and succeeds. Failures are retried with
//! exponential backoff inside the worker, then by the queue up to
//! [`bazaar_queue::relay::MAX_ATTEMPTS`] runs; after that the job stays in the queue as
//! failed for `bazaar jobs failed` and `bazaar jobs retry`.

pub mod context;
pub mod handlers;
pub mod runtime;
pub mod schedule;

pub use context::{JobContext, JobHook};
pub use runtime::{Background, WorkerOptions};
