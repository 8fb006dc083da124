//! Running the background work: the outbox relay, the apalis worker and the schedule.

use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

use apalis::layers::retry::HasherRng;
use apalis::layers::retry::backoff::{ExponentialBackoffMaker, MakeBackoff};
use apalis::prelude::*;
use apalis_postgres::PostgresStorage;
use apalis_sqlite::SqliteStorage;
use bazaar_db::Db;
use bazaar_queue::Job;
use tokio::sync::watch;
use tokio::task::JoinHandle;

use crate::{JobContext, handlers};

/// How the background work runs.
#[derive(Debug, Clone)]
pub struct WorkerOptions {
    /// The worker's name in the queue, unique per process: jobs a dead worker left
    /// unfinished are put back by the others after two missed heartbeats.
    pub name: String,
    /// Jobs run at the same time by this process.
    pub concurrency: usize,
    /// How often the worker reports alive; a worker silent for two intervals is dead and
    /// its unfinished jobs go back to the queue.
    pub heartbeat: Duration,
    /// How often an idle worker looks for jobs, and the relay for outbox rows.
    pub poll: Duration,
    /// Retries inside the worker before a run counts as failed, and the first backoff
    /// (doubling up to a minute).
    pub retries: usize,
    pub backoff: Duration,
    /// Run the apalis worker (off for `serve --no-workers`, which still relays).
    pub run_worker: bool,
    /// How often the housekeeping schedule is ticked (`None`: not in this process).
    pub schedule_every: Option<Duration>,
}

impl Default for WorkerOptions {
    fn default() -> Self {
        Self {
            name: format!(
                "bazaar-{}-{}",
                std::process::id(),
                &uuid::Uuid::now_v7().simple().to_string()[20..]
            ),
            concurrency: 4,
            heartbeat: Duration::from_secs(10),
            poll: Duration::from_millis(200),
            retries: 3,
            backoff: Duration::from_millis(500),
            run_worker: true,
            schedule_every: Some(Duration::from_secs(60)),
        }
    }
}

/// How long [`Background::shutdown`] lets running jobs finish before it stops the worker
/// mid-job (the job runs again elsewhere: jobs are written to be run twice).
pub const SHUTDOWN_GRACE: Duration = Duration::from_secs(30);

/// How long a stopping worker with no job running may take to write what it owes the
/// queue (its last acknowledgements) before it is stopped.
const SHUTDOWN_SETTLE: Duration = Duration::from_secs(2);

/// The running background work of one process.
pub struct Background {
    stop: watch::Sender<bool>,
    tasks: Vec<JoinHandle<()>>,
    worker: Option<JoinHandle<()>>,
    running: Running,
}

/// How many job handlers are running in this process's worker.
#[derive(Clone, Default)]
struct Running(Arc<AtomicUsize>);

/// One running handler, counted until dropped.
struct Handler(Running);

impl Running {
    fn count(&self) -> usize {
        self.0.load(Ordering::SeqCst)
    }

    fn enter(&self) -> Handler {
        self.0.fetch_add(1, Ordering::SeqCst);
        Handler(self.clone())
    }
}

impl Drop for Handler {
    fn drop(&mut self) {
        (self.0).0.fetch_sub(1, Ordering::SeqCst);
    }
}

impl Background {
    /// Asks everything to stop and waits for running jobs to finish, for at most
    /// [`SHUTDOWN_GRACE`].
    ///
    /// apalis never ends a worker that was told to stop while a failed job waited for its
    /// retry: the retry then waits for the worker to take work again, which a stopping
    /// worker never does. So once no job handler has run for [`SHUTDOWN_SETTLE`] the worker
    /// is stopped where it is; such a job is taken up again by the queue (its worker missed
    /// its heartbeats), as after a killed process.
    pub async fn shutdown(self) {
        let _ = self.stop.send(true);
        for task in self.tasks {
            let _ = task.await;
        }
        let Some(mut worker) = self.worker else {
            return;
        };
        let deadline = tokio::time::Instant::now() + SHUTDOWN_GRACE;
        let mut idle_since: Option<tokio::time::Instant> = None;
        loop {
            tokio::select! {
                _ = &mut worker => return,
                () = tokio::time::sleep(Duration::from_millis(50)) => {}
            }
            let now = tokio::time::Instant::now();
            if self.running.count() == 0 {
                if now.duration_since(*idle_since.get_or_insert(now)) >= SHUTDOWN_SETTLE {
                    tracing::warn!("the job worker did not end with no job running; stopping it");
                    break;
                }
            } else {
                idle_since = None;
            }
            if now >= deadline {
                tracing::warn!(
                    jobs = self.running.count(),
                    "jobs still running after the shutdown grace; stopping them"
                );
                break;
            }
        }
        worker.abort();
        let _ = worker.await;
    }

    /// Stops at once, mid-job if need be, like a killed process (for tests).
    pub fn abort(self) {
        for task in self.tasks.iter().chain(&self.worker) {
            task.abort();
        }
    }
}

/// Starts the relay, the schedule and (unless switched off) the worker.
pub fn start(ctx: Arc<JobContext>, options: WorkerOptions) -> Background {
    let (stop, stopped) = watch::channel(false);
    let mut tasks = vec![tokio::spawn(bazaar_queue::relay::run(
        ctx.db.clone(),
        ctx.queue.clone(),
        options.poll,
        stopped.clone(),
    ))];
    if let Some(every) = options.schedule_every {
        tasks.push(tokio::spawn(crate::schedule::run(
            ctx.db.clone(),
            every,
            stopped.clone(),
        )));
    }
    let running = Running::default();
    let worker = options
        .run_worker
        .then(|| tokio::spawn(run_worker(ctx, options, running.clone(), stopped)));
    Background {
        stop,
        tasks,
        worker,
        running,
    }
}

async fn run_job(
    job: Job,
    ctx: Data<Arc<JobContext>>,
    running: Data<Running>,
) -> Result<(), BoxDynError> {
    let _running = running.enter();
    if let Err(err) = handlers::handle(&job, &ctx).await {
        tracing::warn!(job = job.kind(), error = %err, "job failed");
        return Err(Box::new(err));
    }
    if let Some(hook) = &ctx.after_job {
        hook(&job).await;
    }
    Ok(())
}

/// Runs the job worker until the process stops. apalis ends a worker whose backend failed
/// (a poll on a connection the database reset during an outage): it is started again after
/// a pause that doubles up to 30 s, so a process that outlives an outage keeps running jobs.
async fn run_worker(
    ctx: Arc<JobContext>,
    options: WorkerOptions,
    running: Running,
    mut stopped: watch::Receiver<bool>,
) {
    let mut pause = Duration::from_secs(1);
    loop {
        let result = work(ctx.clone(), &options, running.clone(), stopped.clone()).await;
        if *stopped.borrow() {
            return;
        }
        match result {
            Ok(()) => tracing::warn!("job worker ended; starting it again"),
            Err(err) => tracing::error!(
                error = %err,
                again_in_secs = pause.as_secs(),
                "job worker stopped; starting it again"
            ),
        }
        tokio::select! {
            () = tokio::time::sleep(pause) => {}
            changed = stopped.changed() => if changed.is_err() { return; },
        }
        if *stopped.borrow() {
            return;
        }
        pause = (pause * 2).min(Duration::from_secs(30));
    }
}

/// Runs the job worker until `stopped` says so (`Ok`) or its backend fails (`Err`).
async fn work(
    ctx: Arc<JobContext>,
    options: &WorkerOptions,
    running: Running,
    mut stopped: watch::Receiver<bool>,
) -> Result<(), String> {
    let backoff = ExponentialBackoffMaker::new(
        options.backoff,
        Duration::from_secs(60).max(options.backoff),
        0.2,
        HasherRng::default(),
    )
    .expect("valid backoff")
    .make_backoff();
    let policy = RetryPolicy::retries(options.retries).with_backoff(backoff);
    let signal = async move {
        while !*stopped.borrow() {
            if stopped.changed().await.is_err() {
                break;
            }
        }
        Ok::<(), std::io::Error>(())
    };
    let result = match &ctx.db {
        Db::Sqlite(pool) => {
            let config = apalis_sqlite::Config::default()
                .queue(&ctx.queue)
                .heartbeat_interval(options.heartbeat)
                .missed_heartbeats(2);
            let backend = SqliteStorage::<Job>::new(pool)
                .with_config(config)
                .poll_with_interval(options.poll);
            WorkerBuilder::new(options.name.as_str())
                .backend(backend)
                .data(ctx.clone())
                .data(running.clone())
                .concurrency(options.concurrency)
                .retry(policy)
                .build(run_job)
                .run_until(signal)
                .await
        }
        Db::Postgres(pool) => {
            // Two missed heartbeats make a worker dead (apalis-postgres's default is ten:
            // a killed worker's jobs would wait 100 s to run elsewhere).
            let config = apalis_postgres::Config::default()
                .queue(&ctx.queue)
                .heartbeat_interval(options.heartbeat)
                .missed_heartbeats(2);
            // Woken at once by PostgreSQL's notification of each new job (the queue's insert
            // trigger), and by the interval as a fallback. On the interval alone, a worker
            // that had just run jobs calling Meilisearch was seen picking up the next job
            // only at its next heartbeat, up to 10 s later.
            let strategy =
                Strategy::new()
                    .interval(options.poll)
                    .stream(apalis_postgres::Pubsub::new(
                        pool.clone(),
                        ctx.queue.clone(),
                    ));
            let backend = PostgresStorage::<Job>::new(pool)
                .with_config(config)
                .poll_with_strategy(strategy);
            WorkerBuilder::new(options.name.as_str())
                .backend(backend)
                .data(ctx.clone())
                .data(running.clone())
                .concurrency(options.concurrency)
                .retry(policy)
                .build(run_job)
                .run_until(signal)
                .await
        }
    };
    result.map_err(|err| err.to_string())
}
