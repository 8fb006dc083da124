//! `bazaar keys rotate`: a new signing key for access tokens. The old public key stays
//! published until the tokens it signed have expired; running servers pick the new key up
//! within a minute.

use std::process::ExitCode;

use anyhow::Result;
use clap::Subcommand;

use crate::config::Config;

#[derive(Debug, clap::Args)]
pub struct Args {
    #[command(subcommand)]
    pub command: KeysCommand,
}

#[derive(Debug, Subcommand)]
pub enum KeysCommand {
    /// Add a new signing key and retire the current one.
    Rotate,
}

pub async fn run(args: Args, config: Config) -> Result<ExitCode> {
    let db = config.connect_migrated().await?;
    match args.command {
        KeysCommand::Rotate => {
            let key = bazaar_auth::keys::SigningKey::generate();
            bazaar_db::accounts::rotate_key(&db, &key.kid, &key.private_pem, chrono::Utc::now())
                .await?;
            println!(
                "New signing key {} is current; earlier keys stay published until their tokens expire.",
                key.kid
            );
        }
    }
    db.close().await;
    Ok(ExitCode::SUCCESS)
}
