//! `bazaar worker`: background job workers for scale-out mode.

use std::process::ExitCode;

use anyhow::Result;

use crate::config::Config;

#[derive(Debug, clap::Args)]
pub struct Args {}

/// There are no background jobs yet: say so and fail, rather than idle as if working.
pub async fn run(_args: Args, _config: Config) -> Result<ExitCode> {
    eprintln!(
        "bazaar worker: this version has no background jobs to run yet; `bazaar serve` does all the work. Exiting."
    );
    Ok(ExitCode::from(2))
}
