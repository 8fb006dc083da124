//! `bazaar jobs`: what operators see of the queue: failed jobs and retrying them.

use std::process::ExitCode;

use anyhow::{Context, Result};

use crate::config::Config;

#[derive(Debug, clap::Args)]
pub struct Args {
    /// The job queue name.
    #[arg(long, env = "BAZAAR_QUEUE", value_name = "NAME", default_value = bazaar_queue::DEFAULT_QUEUE, global = true)]
    pub queue: String,
    #[command(subcommand)]
    pub command: JobsCommand,
}

#[derive(Debug, clap::Subcommand)]
pub enum JobsCommand {
    /// List jobs that ran out of attempts, newest first.
    Failed,
    /// Put a failed job back in the queue with fresh attempts.
    Retry {
        /// The job id, as `bazaar jobs failed` shows it.
        id: String,
    },
    /// Count jobs by status.
    Stats,
}

pub async fn run(args: Args, config: Config) -> Result<ExitCode> {
    let db = config.connect_migrated().await?;
    let code = match args.command {
        JobsCommand::Failed => {
            let jobs = bazaar_queue::store::failed(&db, &args.queue).await?;
            if jobs.is_empty() {
                println!("No failed jobs.");
            }
            for job in jobs {
                println!(
                    "{}  {}  attempts {}  {}",
                    job.id,
                    job.kind,
                    job.attempts,
                    job.last_result.as_deref().unwrap_or("")
                );
            }
            ExitCode::SUCCESS
        }
        JobsCommand::Retry { id } => {
            match bazaar_queue::store::retry(&db, &args.queue, &id).await {
                Ok(()) => {
                    println!("Job {id} is queued again.");
                    ExitCode::SUCCESS
                }
                Err(bazaar_queue::QueueError::NotFailed(_)) => {
                    eprintln!("error: no failed job with id {id} (see `bazaar jobs failed`)");
                    ExitCode::FAILURE
                }
                Err(e) => return Err(e).context("cannot retry the job"),
            }
        }
        JobsCommand::Stats => {
            for (status, n) in bazaar_queue::store::counts(&db, &args.queue).await? {
                println!("{status:<8} {n}");
            }
            ExitCode::SUCCESS
        }
    };
    db.close().await;
    Ok(code)
}
