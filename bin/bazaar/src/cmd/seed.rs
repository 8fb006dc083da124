//! `bazaar seed`: load the demo data in `seeds/`, or generate a synthetic catalogue.

use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::{Context, Result};
use indicatif::{ProgressBar, ProgressStyle};

use crate::config::Config;

#[derive(Debug, clap::Args)]
pub struct Args {
    /// Folder with the seed files.
    #[arg(long, default_value = "seeds", value_name = "DIR")]
    pub dir: PathBuf,
    /// Instead of the seed files, add this many generated products (for benchmarks).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..=10_000_000))]
    pub synthetic: Option<u64>,
    /// Instead of the seed files, add this many generated paid orders of the vendors'
    /// products over the last year (for benchmarks), then bring vendors' analytics up to date.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..=10_000_000),
          conflicts_with = "synthetic")]
    pub synthetic_orders: Option<u64>,
    /// Instead of the seed files, add this many generated customers (for benchmarks of the
    /// admin lists; they have no password and cannot sign in).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..=10_000_000),
          conflicts_with_all = ["synthetic", "synthetic_orders"])]
    pub synthetic_users: Option<u64>,
}

fn bar(len: u64, what: &str) -> ProgressBar {
    let bar = ProgressBar::new(len);
    if let Ok(style) = ProgressStyle::with_template(&format!(
        "{{spinner}} {what} [{{bar:40}}] {{pos}}/{{len}} ({{per_sec}}, {{eta}} left)"
    )) {
        bar.set_style(style.progress_chars("=> "));
    }
    bar
}

pub async fn run(args: Args, config: Config) -> Result<ExitCode> {
    let db = config.connect_migrated().await?;
    if let Some(n) = args.synthetic_users {
        let started = std::time::Instant::now();
        let progress = bar(n, "generating customers");
        let written =
            bazaar_db::synthetic::generate_users(&db, n, |done| progress.set_position(done))
                .await
                .context("cannot write the synthetic customers")?;
        progress.finish_and_clear();
        println!(
            "Added {written} synthetic customers in {:.1}s.",
            started.elapsed().as_secs_f64()
        );
        db.close().await;
        return Ok(ExitCode::SUCCESS);
    }
    if let Some(n) = args.synthetic_orders {
        let started = std::time::Instant::now();
        let progress = bar(n, "generating orders");
        let written =
            bazaar_db::synthetic::generate_orders(&db, n, |done| progress.set_position(done))
                .await
                .context("cannot write the synthetic orders")?;
        progress.finish_and_clear();
        if written == 0 {
            db.close().await;
            anyhow::bail!(
                "no orders generated: seed the demo data first (it needs vendors with listed products and a customer)"
            );
        }
        let days = bazaar_commerce::analytics::rollup(&db, chrono::Utc::now())
            .await
            .context("cannot bring the vendors' analytics up to date")?;
        println!(
            "Added {written} synthetic orders in {:.1}s and rolled up {days} days of vendors' figures.",
            started.elapsed().as_secs_f64()
        );
        db.close().await;
        return Ok(ExitCode::SUCCESS);
    }
    if let Some(n) = args.synthetic {
        let started = std::time::Instant::now();
        let categories: Vec<String> = bazaar_db::categories::list_active(&db, 100)
            .await?
            .into_iter()
            .map(|c| c.slug)
            .collect();
        let progress = bar(n, "generating products");
        let written =
            bazaar_db::synthetic::generate(&db, n, &categories, |done| progress.set_position(done))
                .await
                .context("cannot write the synthetic products")?;
        progress.finish_and_clear();
        println!(
            "Added {written} synthetic products in {:.1}s. They reach search with the next \
             `bazaar search reindex`.",
            started.elapsed().as_secs_f64()
        );
        db.close().await;
        return Ok(ExitCode::SUCCESS);
    }

    let count = std::fs::read_to_string(args.dir.join("products.json"))
        .ok()
        .and_then(|t| serde_json::from_str::<Vec<serde_json::Value>>(&t).ok())
        .map_or(0, |v| v.len() as u64);
    let progress = bar(count, "seeding products");
    let report =
        bazaar_import::seed::load(&db, &args.dir, &config.media_dir(), |_| progress.inc(1))
            .await
            .with_context(|| format!("cannot load the seed data in {}", args.dir.display()))?;
    progress.finish_and_clear();
    let summary = bazaar_import::Summary::of(&report.products);
    println!(
        "Seeded from {}: products {} created, {} updated, {} unchanged, {} rejected; \
         {} settings, {} categories and {} vendors changed; {} reviews added; {} promotions; {} help centre entries; {} media files copied.",
        args.dir.display(),
        summary.created,
        summary.updated,
        summary.unchanged,
        summary.rejected,
        report.settings_changed,
        report.categories_changed,
        report.vendors_changed,
        report.reviews_added,
        report.promotions_added,
        report.help_added,
        report.media_copied,
    );
    seed_users(&db, &args.dir).await?;
    for r in report
        .products
        .iter()
        .filter(|r| r.outcome == bazaar_import::Outcome::Rejected)
    {
        for e in &r.errors {
            eprintln!(
                "  product {} ({}): {e}",
                r.row,
                r.slug.as_deref().unwrap_or("?")
            );
        }
    }
    db.close().await;
    Ok(if summary.rejected > 0 {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    })
}

#[derive(serde::Deserialize)]
struct DemoUser {
    email: String,
    password: String,
    full_name: String,
    role: String,
    /// The store (by slug) a demo vendor runs.
    #[serde(default)]
    store: Option<String>,
}

/// Creates the demo accounts of `users.json` that do not exist yet and prints how to sign in.
async fn seed_users(db: &bazaar_db::Db, dir: &std::path::Path) -> Result<()> {
    let path = dir.join("users.json");
    if !path.exists() {
        return Ok(());
    }
    let text = std::fs::read_to_string(&path)
        .with_context(|| format!("cannot read {}", path.display()))?;
    let users: Vec<DemoUser> = serde_json::from_str(&text)
        .with_context(|| format!("{} is not a list of demo users", path.display()))?;
    println!("Demo accounts (email / password):");
    for u in users {
        if !["customer", "vendor", "admin"].contains(&u.role.as_str()) {
            anyhow::bail!(
                "{}: role '{}' is not customer, vendor or admin",
                path.display(),
                u.role
            );
        }
        let exists = bazaar_db::accounts::user_by_email(db, &u.email)
            .await?
            .is_some();
        if !exists {
            super::user::create_account(db, &u.email, &u.password, &u.full_name, &u.role).await?;
        }
        if let Some(slug) = &u.store {
            let mut tx = db.begin().await?;
            let vendor = bazaar_db::vendors::id_by_slug(&mut tx, slug)
                .await?
                .with_context(|| {
                    format!("{}: no store '{slug}' for {}", path.display(), u.email)
                })?;
            let user = bazaar_db::accounts::user_id_by_email_in(&mut tx, &u.email)
                .await?
                .with_context(|| format!("{} was not created", u.email))?;
            bazaar_db::vendors::set_owner(&mut tx, vendor, user).await?;
            tx.commit().await?;
        }
        println!("  {:<8} {} / {}", u.role, u.email, u.password);
    }
    Ok(())
}
