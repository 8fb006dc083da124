//! The register of running `serve` and `worker` processes: each enters itself at start with
//! how it takes payments and refreshes its entry while it runs, and a process whose payment
//! settings differ from a running one's refuses to start. (A worker validating ITNs against
//! PayFast's sandbox while the serves send buyers to the simulator would otherwise reject
//! every payment, silently.)

use std::time::Duration;

use anyhow::{Result, bail};
use bazaar_db::Db;
use bazaar_db::processes::{self, RunningProcess};
use chrono::Utc;
use tokio::task::JoinHandle;

/// How often a running process refreshes its entry.
const HEARTBEAT: Duration = Duration::from_secs(10);
/// An entry not refreshed for this long belongs to a process that died without leaving.
const ALIVE_FOR: Duration = Duration::from_secs(45);

/// This process's entry, refreshed until [`Registered::leave`].
pub struct Registered {
    db: Db,
    name: String,
    heartbeat: JoinHandle<()>,
}

/// Enters this process in the register, or fails naming the running process whose payment
/// settings differ.
pub async fn enter(
    db: &Db,
    role: &str,
    name: &str,
    payments: &bazaar_payfast::Settings,
) -> Result<Registered> {
    let now = Utc::now();
    let me = RunningProcess {
        name: name.to_owned(),
        role: role.to_owned(),
        host: hostname(),
        payments: payments.describe(),
        payments_fingerprint: payments.fingerprint(),
        started_at: now,
        seen_at: now,
    };
    let alive_since = now - chrono::Duration::from_std(ALIVE_FOR).expect("small duration");
    if let Some(other) = processes::register(db, &me, alive_since).await? {
        bail!(
            "this {role} takes payments as \"{}\", but the running {} {} on {} (seen {}s ago) \
             takes them as \"{}\" (or with another merchant key or passphrase). Give every \
             serve and worker the same --payfast-* settings (BAZAAR_PAYFAST_*); a process \
             that was stopped drops out of the register within {}s",
            me.payments,
            other.role,
            other.name,
            other.host,
            (now - other.seen_at).num_seconds().max(0),
            other.payments,
            ALIVE_FOR.as_secs(),
        );
    }
    let heartbeat = tokio::spawn({
        let db = db.clone();
        async move {
            let mut tick = tokio::time::interval(HEARTBEAT);
            tick.tick().await;
            loop {
                tick.tick().await;
                if let Err(err) = processes::heartbeat(&db, &me, Utc::now()).await {
                    tracing::warn!(error = %err, "could not refresh this process's entry");
                }
            }
        }
    });
    Ok(Registered {
        db: db.clone(),
        name: name.to_owned(),
        heartbeat,
    })
}

impl Registered {
    /// Leaves the register (at a clean shutdown).
    pub async fn leave(self) {
        self.heartbeat.abort();
        if let Err(err) = processes::unregister(&self.db, &self.name).await {
            tracing::warn!(error = %err, "could not leave the process register");
        }
    }
}

fn hostname() -> String {
    std::fs::read_to_string("/proc/sys/kernel/hostname")
        .ok()
        .map(|h| h.trim().to_owned())
        .filter(|h| !h.is_empty())
        .or_else(|| std::env::var("HOSTNAME").ok())
        .unwrap_or_else(|| "unknown host".to_owned())
}
