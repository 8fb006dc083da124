//! `bazaar worker`: job workers only, for scale-out mode.
//!
//! Needs PostgreSQL (with SQLite, `bazaar serve` runs the workers itself) and Meilisearch
//! (the tantivy index belongs to the one `serve` process that opens it). Any number of
//! worker processes may share a database: they share its queue, and the schedule fires once.

use std::process::ExitCode;

use anyhow::{Result, bail};

use crate::background::{BackgroundArgs, job_context, open_search, worker_options};
use crate::config::Config;

#[derive(Debug, clap::Args)]
pub struct Args {
    /// Public base URL of the site, for links in emails [default: http://127.0.0.1:8080].
    #[arg(long, env = "BAZAAR_PUBLIC_URL", value_name = "URL")]
    pub public_url: Option<String>,
    #[command(flatten)]
    pub background: BackgroundArgs,
}

pub async fn run(args: Args, config: Config) -> Result<ExitCode> {
    let url = config.database_url();
    if !url.starts_with("postgres") {
        eprintln!(
            "bazaar worker needs PostgreSQL (DATABASE_URL=postgres://…): with SQLite, \
             bazaar serve runs the job workers itself."
        );
        return Ok(ExitCode::from(2));
    }
    if !args.background.uses_meilisearch() {
        bail!(
            "bazaar worker needs Meilisearch (MEILI_URL) to index products: the tantivy index \
             can only be written by the one bazaar serve that opened it"
        );
    }
    let db = config.connect_migrated().await?;
    let public_url = args
        .public_url
        .or(config.file_public_url.clone())
        .unwrap_or_else(|| "http://127.0.0.1:8080".into());
    let options = worker_options(&args.background, true);
    let payments = args.background.payfast(&public_url)?;
    let registered = crate::register::enter(&db, "worker", &options.name, &payments).await?;
    let search = open_search(
        &args.background,
        &config,
        bazaar_search::DEFAULT_CACHED_WORDS,
    )
    .await?;
    let live = bazaar_queue::LiveBus::start(&db).await?;
    let ctx = job_context(
        &args.background,
        &config,
        &db,
        live,
        Some(search),
        &public_url,
    )
    .await?;
    let background = bazaar_workers::runtime::start(ctx, options);
    eprintln!("bazaar worker is running (queue {})", args.background.queue);
    crate::cmd::serve::shutdown_signal().await;
    background.shutdown().await;
    registered.leave().await;
    db.close().await;
    Ok(ExitCode::SUCCESS)
}
