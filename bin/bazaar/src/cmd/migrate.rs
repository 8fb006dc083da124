//! `bazaar migrate`: apply pending migrations and exit.

use std::process::ExitCode;

use anyhow::Result;

use crate::config::Config;

#[derive(Debug, clap::Args)]
pub struct Args {}

pub async fn run(_args: Args, config: Config) -> Result<ExitCode> {
    let db = config.connect_migrated().await?;
    db.close().await;
    println!(
        "The database at {} is up to date.",
        bazaar_db::redact_url(&config.database_url())
    );
    Ok(ExitCode::SUCCESS)
}
