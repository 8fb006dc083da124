//! `bazaar user`: create accounts and set roles from the command line.

use std::io::{BufRead, IsTerminal};
use std::process::ExitCode;

use anyhow::{Context, Result, bail};
use chrono::Utc;
use clap::Subcommand;
use serde_json::json;

use crate::config::Config;

#[derive(Debug, Clone, Copy, clap::ValueEnum)]
pub enum Role {
    Customer,
    Vendor,
    Admin,
}

impl Role {
    fn as_str(self) -> &'static str {
        match self {
            Role::Customer => "customer",
            Role::Vendor => "vendor",
            Role::Admin => "admin",
        }
    }
}

#[derive(Debug, clap::Args)]
pub struct Args {
    #[command(subcommand)]
    pub command: UserCommand,
}

#[derive(Debug, Subcommand)]
pub enum UserCommand {
    /// Create a confirmed account. The password is asked for, or read from standard input.
    Create {
        #[arg(long)]
        email: String,
        #[arg(long, value_enum, default_value = "customer")]
        role: Role,
        /// Full name shown in the shop [default: the part of the email before @].
        #[arg(long)]
        name: Option<String>,
    },
    /// Change an account's role.
    SetRole {
        #[arg(long)]
        email: String,
        #[arg(long, value_enum)]
        role: Role,
    },
}

fn read_password() -> Result<String> {
    let password = if std::io::stdin().is_terminal() {
        rpassword::prompt_password("Password (at least 6 characters): ")
            .context("cannot read the password")?
    } else {
        let mut line = String::new();
        std::io::stdin()
            .lock()
            .read_line(&mut line)
            .context("cannot read the password from standard input")?;
        line.trim_end_matches(['\r', '\n']).to_owned()
    };
    if password.chars().count() < 6 {
        bail!("the password must be at least 6 characters");
    }
    Ok(password)
}

/// Creates a confirmed account with a profile; fails when the email is taken.
pub async fn create_account(
    db: &bazaar_db::Db,
    email: &str,
    password: &str,
    name: &str,
    role: &str,
) -> Result<uuid::Uuid> {
    let email = email.trim().to_lowercase();
    if !email.contains('@') || email.contains(char::is_whitespace) {
        bail!("'{email}' is not an email address");
    }
    let hash = bazaar_auth::password::hash(password);
    let mut tx = db.begin().await?;
    let new = bazaar_db::accounts::NewUser {
        email: email.clone(),
        password_hash: Some(hash),
        full_name: name.trim().to_owned(),
        user_metadata: json!({"full_name": name.trim()}),
        app_metadata: json!({"provider": "email", "providers": ["email"]}),
        role: role.to_owned(),
        confirmed: true,
        confirmation_token_hash: None,
    };
    let id = match bazaar_db::accounts::create_user(&mut tx, &new, Utc::now()).await {
        Ok(id) => id,
        Err(bazaar_db::DbError::Conflict(_)) => bail!("an account for {email} already exists"),
        Err(e) => return Err(e.into()),
    };
    tx.commit().await?;
    Ok(id)
}

pub async fn run(args: Args, config: Config) -> Result<ExitCode> {
    let db = config.connect_migrated().await?;
    match args.command {
        UserCommand::Create { email, role, name } => {
            let name =
                name.unwrap_or_else(|| email.split('@').next().unwrap_or_default().to_owned());
            let password = read_password()?;
            create_account(&db, &email, &password, &name, role.as_str()).await?;
            println!(
                "Created {} ({}).",
                email.trim().to_lowercase(),
                role.as_str()
            );
        }
        UserCommand::SetRole { email, role } => {
            if !bazaar_db::accounts::set_role(&db, &email, role.as_str(), Utc::now()).await? {
                bail!("there is no account for {email}");
            }
            println!("{} is now {}.", email.trim().to_lowercase(), role.as_str());
        }
    }
    db.close().await;
    Ok(ExitCode::SUCCESS)
}
