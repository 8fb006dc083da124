//! `bazaar search reindex`: rebuild the search index from the database.

use std::process::ExitCode;

use anyhow::Result;
use indicatif::{ProgressBar, ProgressStyle};

use crate::background::{BackgroundArgs, open_search};
use crate::config::Config;

#[derive(Debug, clap::Args)]
pub struct Args {
    #[command(subcommand)]
    pub command: SearchCommand,
}

#[derive(Debug, clap::Subcommand)]
pub enum SearchCommand {
    /// Index every listed product again. Meilisearch: into a new index that is swapped in
    /// at the end, while the shop serves. tantivy: cleared and refilled; stop `bazaar serve`
    /// first (it holds the index open).
    Reindex {
        /// Products per batch.
        #[arg(long, default_value_t = 1000, value_parser = clap::value_parser!(i64).range(1..=10_000))]
        batch: i64,
        #[command(flatten)]
        background: BackgroundArgs,
    },
}

pub async fn run(args: Args, config: Config) -> Result<ExitCode> {
    let SearchCommand::Reindex { batch, background } = args.command;
    let db = config.connect_migrated().await?;
    let index = open_search(&background, &config, bazaar_search::DEFAULT_CACHED_WORDS).await?;
    let bar = ProgressBar::new(0);
    bar.set_style(
        ProgressStyle::with_template("{bar:40} {pos}/{len} products ({per_sec}, {eta} left)")
            .expect("valid template"),
    );
    let started = std::time::Instant::now();
    let done = bazaar_workers::handlers::reindex_all(&db, index.as_ref(), batch, |done, total| {
        bar.set_length(total);
        bar.set_position(done);
    })
    .await?;
    bar.finish_and_clear();
    println!(
        "Indexed {done} products with {} in {:.1} s.",
        index.engine(),
        started.elapsed().as_secs_f64()
    );
    db.close().await;
    Ok(ExitCode::SUCCESS)
}
