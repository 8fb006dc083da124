//! `bazaar vendor`: the operator's view of stores and applications, and the decisions an
//! admin makes in the web (approve, suspend, reinstate), audited under the admin named by
//! `--by`.

use std::process::ExitCode;

use anyhow::{Context, Result, bail};
use bazaar_commerce::selling::{self, Actor, SellingError};
use bazaar_db::vendor_applications::{self as applications, Filter};
use bazaar_db::{Db, accounts, vendors};
use bazaar_domain::vendor::Decision;
use clap::Subcommand;
use uuid::Uuid;

use crate::config::Config;

#[derive(Debug, clap::Args)]
pub struct Args {
    #[command(subcommand)]
    pub command: VendorCommand,
}

#[derive(Debug, Subcommand)]
pub enum VendorCommand {
    /// List stores (all, or those with one status), and the applications waiting.
    List {
        /// pending, approved, rejected or suspended.
        #[arg(long)]
        status: Option<bazaar_domain::catalogue::VendorStatus>,
    },
    /// Approve a submitted application (by its id or its store address): opens the store
    /// and makes the applicant a vendor.
    Approve {
        /// Application id or store slug.
        application: String,
        /// The admin account this decision is recorded under.
        #[arg(long, value_name = "ADMIN_EMAIL")]
        by: String,
    },
    /// Suspend an approved store: its products leave listings, search and carts.
    Suspend {
        /// Store slug.
        store: String,
        #[arg(long)]
        reason: String,
        #[arg(long, value_name = "ADMIN_EMAIL")]
        by: String,
    },
    /// Reinstate a suspended store.
    Reinstate {
        /// Store slug.
        store: String,
        #[arg(long, value_name = "ADMIN_EMAIL")]
        by: String,
    },
}

/// The admin named by `--by`: an account with the admin role.
async fn admin(db: &Db, email: &str) -> Result<(Uuid, String)> {
    let user = accounts::user_by_email(db, &email.trim().to_lowercase())
        .await?
        .with_context(|| format!("there is no account for {email}"))?;
    let role = accounts::profile(db, user.id).await?.map(|p| p.role);
    if role.as_deref() != Some("admin") {
        bail!("{email} is not an admin");
    }
    Ok((user.id, user.email))
}

async fn store_id(db: &Db, slug: &str) -> Result<Uuid> {
    let mut tx = db.begin().await?;
    let id = vendors::id_by_slug(&mut tx, slug.trim()).await?;
    tx.rollback().await?;
    id.with_context(|| format!("there is no store '{slug}'"))
}

fn explain(e: SellingError) -> anyhow::Error {
    match e {
        SellingError::Invalid(fields) => anyhow::anyhow!(
            "{}",
            fields
                .iter()
                .map(|(k, v)| format!("{k}: {v}"))
                .collect::<Vec<_>>()
                .join("; ")
        ),
        SellingError::NotFound => anyhow::anyhow!("not found"),
        SellingError::Conflict { message, .. } => anyhow::anyhow!("{message}"),
        SellingError::Db(e) => anyhow::Error::new(e),
    }
}

pub async fn run(args: Args, config: Config) -> Result<ExitCode> {
    let db = config.connect_migrated().await?;
    match args.command {
        VendorCommand::List { status } => {
            let (stores, total) =
                vendors::list_stores(&db, status.map(|s| s.as_str()), None, i64::MAX, 0).await?;
            println!("{total} stores");
            for s in stores {
                println!(
                    "  {:<24} {:<10} {:>4} products  {}",
                    s.store_slug,
                    s.status,
                    s.products,
                    s.owner_email.as_deref().unwrap_or("(no owner)")
                );
            }
            let filter = Filter {
                status: Some("submitted".to_owned()),
                q: None,
            };
            let (waiting, n) = applications::list(&db, &filter, i64::MAX, 0).await?;
            println!("{n} applications waiting for a decision");
            for a in waiting {
                println!(
                    "  {}  {:<24} {}  submitted {}",
                    a.id,
                    a.store_slug,
                    a.applicant_email,
                    a.submitted_at.format("%Y-%m-%d %H:%M")
                );
            }
        }
        VendorCommand::Approve { application, by } => {
            let (id, email) = admin(&db, &by).await?;
            let application_id = match Uuid::parse_str(application.trim()) {
                Ok(id) => id,
                Err(_) => {
                    let filter = Filter {
                        status: Some("submitted".to_owned()),
                        q: Some(application.trim().to_owned()),
                    };
                    let (rows, _) = applications::list(&db, &filter, 100, 0).await?;
                    rows.into_iter()
                        .find(|a| a.store_slug == application.trim())
                        .map(|a| a.id)
                        .with_context(|| {
                            format!("no submitted application for the store '{application}'")
                        })?
                }
            };
            let actor = Actor {
                id,
                email: &email,
                role: "admin",
            };
            selling::decide(&db, &actor, application_id, Decision::Approve, None)
                .await
                .map_err(explain)?;
            let row = applications::get(&db, application_id)
                .await?
                .context("the application vanished")?;
            println!(
                "Approved {}: the store /store/{} is open and {} is a vendor.",
                application_id, row.store_slug, row.applicant_email
            );
        }
        VendorCommand::Suspend { store, reason, by } => {
            let (id, email) = admin(&db, &by).await?;
            let vendor = store_id(&db, &store).await?;
            let actor = Actor {
                id,
                email: &email,
                role: "admin",
            };
            selling::set_standing(&db, &actor, vendor, Some(&reason))
                .await
                .map_err(explain)?;
            println!("Suspended {store}: its products are no longer listed.");
        }
        VendorCommand::Reinstate { store, by } => {
            let (id, email) = admin(&db, &by).await?;
            let vendor = store_id(&db, &store).await?;
            let actor = Actor {
                id,
                email: &email,
                role: "admin",
            };
            selling::set_standing(&db, &actor, vendor, None)
                .await
                .map_err(explain)?;
            println!("Reinstated {store}: its active products are listed again.");
        }
    }
    db.close().await;
    Ok(ExitCode::SUCCESS)
}
