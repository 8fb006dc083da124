//! The `bazaar` binary: one subcommand per file in `cmd/`, each wiring crates together.

use std::process::ExitCode;

use clap::{Parser, Subcommand};

mod background;
mod cmd;
mod config;
mod register;

use config::GlobalArgs;

/// jemalloc, for Rust and C (SQLite) alike, configured in `.cargo/config.toml` to give freed
/// memory back to the system within a second: glibc's per-thread arenas kept what indexing
/// and bursts of requests had used, doubling an idle server's memory (docs/decisions.md).
#[global_allocator]
static ALLOCATOR: tikv_jemallocator::Jemalloc = tikv_jemallocator::Jemalloc;

/// bazaar — a multi-vendor store: REST API, web site and job workers in one binary.
#[derive(Debug, Parser)]
#[command(name = "bazaar", version, about, long_about = None, propagate_version = true)]
pub struct Cli {
    #[command(flatten)]
    pub global: GlobalArgs,
    #[command(subcommand)]
    pub command: Command,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Serve the API and the web site on one port (migrates the database first).
    Serve(Box<cmd::serve::Args>),
    /// Run background job workers only (scale-out mode).
    Worker(cmd::worker::Args),
    /// Import products from bazaar's JSON or CSV format, or a WooCommerce or Shopify export.
    Import(cmd::import::Args),
    /// Export products in bazaar's JSON or CSV format (importing it back changes nothing).
    Export(cmd::export::Args),
    /// Load the demo data in seeds/, or generate a synthetic catalogue.
    Seed(cmd::seed::Args),
    /// Apply pending database migrations and exit.
    Migrate(cmd::migrate::Args),
    /// Create accounts and change roles.
    User(cmd::user::Args),
    /// List stores and applications; approve, suspend and reinstate stores.
    Vendor(cmd::vendor::Args),
    /// Manage the keys access tokens are signed with.
    Keys(cmd::keys::Args),
    /// Inspect and retry background jobs.
    Jobs(cmd::jobs::Args),
    /// Pay vendors their available balances.
    Payouts(cmd::payouts::Args),
    /// Manage the search index.
    Search(cmd::search::Args),
    /// Print the API's OpenAPI document (what `/api/openapi.json` serves) and exit.
    Openapi,
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    // Needs no configuration, database or runtime: the web client is generated from it.
    if matches!(cli.command, Command::Openapi) {
        return cmd::openapi::run();
    }
    let runtime = match tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
    {
        Ok(rt) => rt,
        Err(e) => {
            eprintln!("error: cannot start the async runtime: {e}");
            return ExitCode::FAILURE;
        }
    };
    let result = runtime.block_on(async move {
        let config = config::Config::load(&cli.global, &cli.command)?;
        config::init_tracing(&config, matches!(cli.command, Command::Serve(_)));
        match cli.command {
            Command::Serve(args) => cmd::serve::run(*args, config).await,
            Command::Worker(args) => cmd::worker::run(args, config).await,
            Command::Import(args) => cmd::import::run(args, config).await,
            Command::Export(args) => cmd::export::run(args, config).await,
            Command::Seed(args) => cmd::seed::run(args, config).await,
            Command::Migrate(args) => cmd::migrate::run(args, config).await,
            Command::User(args) => cmd::user::run(args, config).await,
            Command::Vendor(args) => cmd::vendor::run(args, config).await,
            Command::Keys(args) => cmd::keys::run(args, config).await,
            Command::Jobs(args) => cmd::jobs::run(args, config).await,
            Command::Payouts(args) => cmd::payouts::run(args, config).await,
            Command::Search(args) => cmd::search::run(args, config).await,
            Command::Openapi => Ok(cmd::openapi::run()),
        }
    });
    match result {
        Ok(code) => code,
        Err(e) => {
            eprintln!("error: {e:#}");
            ExitCode::FAILURE
        }
    }
}

#[cfg(test)]
mod tests {
    use clap::CommandFactory;

    use super::*;

    #[test]
    fn verify_cli() {
        Cli::command().debug_assert();
    }

    #[test]
    fn help_lists_every_subcommand() {
        let help = Cli::command().render_long_help().to_string();
        for name in ["serve", "worker", "import", "seed", "migrate"] {
            assert!(help.contains(name), "{name} missing from --help");
        }
    }
}
