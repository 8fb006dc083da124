//! `bazaar payouts`: pay vendors from the command line, as admins do from the web.

use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::{Context, Result};
use bazaar_commerce::books;

use crate::config::Config;

#[derive(Debug, clap::Args)]
pub struct Args {
    #[command(subcommand)]
    pub command: PayoutsCommand,
}

#[derive(Debug, clap::Subcommand)]
pub enum PayoutsCommand {
    /// Pay every vendor whose available balance is at least the minimum: one payout each,
    /// taken off their balance, and the bank file of the run.
    Run {
        /// Show what the run would pay, and keep nothing.
        #[arg(long)]
        dry_run: bool,
        /// Write the bank file (CSV) here as well as printing the run.
        #[arg(long, value_name = "PATH")]
        bank_file: Option<PathBuf>,
    },
}

fn rand(cents: i64) -> String {
    format!("R{}.{:02}", cents / 100, cents % 100)
}

pub async fn run(args: Args, config: Config) -> Result<ExitCode> {
    let db = config.connect_migrated().await?;
    match args.command {
        PayoutsCommand::Run { dry_run, bank_file } => {
            if let Some(path) = &bank_file
                && let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty())
                && !dir.is_dir()
            {
                anyhow::bail!(
                    "cannot write the bank file: {} is not a directory",
                    dir.display()
                );
            }
            let run = books::run_payouts(&db, None, dry_run)
                .await
                .context("cannot make the payout run")?;
            let total: i64 = run.payouts.iter().map(|p| p.amount_cents).sum();
            let what = if run.dry_run { "Would pay" } else { "Paid" };
            let id = if run.dry_run {
                String::new()
            } else {
                format!(", run {}", run.id)
            };
            println!(
                "{what} {} vendor(s) {} in total (minimum {}){id}",
                run.payouts.len(),
                rand(total),
                rand(run.minimum_cents),
            );
            for p in &run.payouts {
                println!(
                    "  {:<30} {:>14}  {}",
                    p.store_name,
                    rand(p.amount_cents),
                    p.reference
                );
            }
            for (vendor, amount) in &run.without_account {
                println!(
                    "  vendor {vendor} is owed {} but has no payout account",
                    rand(*amount)
                );
            }
            if let Some(path) = bank_file {
                std::fs::write(&path, books::bank_file(&run.payouts))
                    .with_context(|| format!("cannot write the bank file {}", path.display()))?;
                println!("Bank file written to {}", path.display());
            }
            Ok(ExitCode::SUCCESS)
        }
    }
}
