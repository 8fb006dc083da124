//! `bazaar import FILE`: products from bazaar's JSON or CSV format, or from WooCommerce's or
//! Shopify's product CSV export (recognised by its header), one transaction per product, with
//! a per-row report. Exits 1 when any row was rejected (the others are kept).

use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::{Context, Result, bail};
use bazaar_import::{Format, Outcome, Summary};
use indicatif::{ProgressBar, ProgressStyle};

use crate::config::Config;

/// The importer's SQLite page cache (64 MB; within the 200 MB an import of 100,000 products
/// may take).
const IMPORT_SQLITE_CACHE_KIB: u32 = 64 * 1024;

#[derive(Debug, Clone, Copy, clap::ValueEnum)]
pub enum FormatArg {
    Json,
    Csv,
    Woocommerce,
    Shopify,
}

#[derive(Debug, clap::Args)]
pub struct Args {
    /// The file to import: bazaar's JSON or CSV, or a WooCommerce or Shopify product CSV.
    #[arg(value_name = "FILE")]
    pub file: PathBuf,
    /// File format [default: recognised from the file's content].
    #[arg(long, value_enum)]
    pub format: Option<FormatArg>,
    /// The store (its slug) that owns every product imported, whatever the file says.
    #[arg(long, value_name = "SLUG")]
    pub vendor: Option<String>,
    /// Check every row and report what would happen, writing nothing.
    #[arg(long)]
    pub dry_run: bool,
    /// Also list rows that are unchanged.
    #[arg(long, short)]
    pub verbose: bool,
}

pub async fn run(args: Args, config: Config) -> Result<ExitCode> {
    let text = bazaar_import::read_text(&args.file)?;
    let format = match args.format {
        Some(FormatArg::Json) => Format::Json,
        Some(FormatArg::Csv) => Format::Csv,
        Some(FormatArg::Woocommerce) => Format::WooCommerce,
        Some(FormatArg::Shopify) => Format::Shopify,
        None => Format::detect(&text)
            .with_context(|| format!("cannot import {}", args.file.display()))?,
    };
    let rows = bazaar_import::parse(text, format)
        .with_context(|| format!("cannot import {} as {}", args.file.display(), format.name()))?;
    // A large SQLite page cache: an import of 100,000 products touches every index of the
    // catalogue, and reading pages back from the file was a tenth of its time.
    let db = config
        .connect_migrated_with(&bazaar_db::ConnectOptions {
            sqlite_cache_kib: IMPORT_SQLITE_CACHE_KIB,
            ..bazaar_db::ConnectOptions::default()
        })
        .await?;
    let rows = match &args.vendor {
        Some(slug) => {
            let mut tx = db.begin().await?;
            if bazaar_db::vendors::id_by_slug(&mut tx, slug)
                .await?
                .is_none()
            {
                bail!("there is no store '{slug}' (--vendor takes a store's slug)");
            }
            tx.rollback().await?;
            bazaar_import::for_vendor(rows, slug)
        }
        None => rows,
    };
    eprintln!(
        "{}: {} ({} product{})",
        args.file.display(),
        format.name(),
        rows.len(),
        if rows.len() == 1 { "" } else { "s" }
    );
    // A bar with the rate and time left on a terminal; otherwise (a log, CI) a plain line
    // every tenth of the way.
    let total = rows.len();
    let terminal = std::io::IsTerminal::is_terminal(&std::io::stderr());
    let progress = ProgressBar::new(total as u64);
    if let Ok(style) = ProgressStyle::with_template(
        "{spinner} importing [{bar:40}] {pos}/{len} {per_sec} ({eta} left)",
    ) {
        progress.set_style(style.progress_chars("=> "));
    }
    let started = std::time::Instant::now();
    let step = (total / 10).max(1);
    let mut done = 0usize;
    let reports = bazaar_import::import_rows(&db, rows, args.dry_run, |_| {
        done += 1;
        if terminal {
            progress.inc(1);
        } else if done.is_multiple_of(step) || done == total {
            let rate = done as f64 / started.elapsed().as_secs_f64().max(0.001);
            eprintln!("imported {done}/{total} ({rate:.0}/s)");
        }
    })
    .await
    .context("the import stopped because the database failed")?;
    progress.finish_and_clear();

    for r in &reports {
        let slug = r.slug.as_deref().unwrap_or("-");
        match r.outcome {
            Outcome::Rejected => {
                for e in &r.errors {
                    let field = if e.field.is_empty() {
                        "-"
                    } else {
                        e.field.as_str()
                    };
                    println!("row {:>5}  rejected   {slug}  {field}: {}", r.row, e.reason);
                }
            }
            Outcome::Unchanged if !args.verbose => {}
            outcome => {
                let word = match outcome {
                    Outcome::Created => "created",
                    Outcome::Updated => "updated",
                    _ => "unchanged",
                };
                println!("row {:>5}  {word:<9}  {slug}", r.row);
            }
        }
        for c in &r.created_categories {
            println!("row {:>5}  new category '{c}'", r.row);
        }
    }
    let s = Summary::of(&reports);
    let verb = if args.dry_run {
        "Dry run, nothing written"
    } else {
        "Imported"
    };
    println!(
        "{verb}: {} created, {} updated, {} unchanged, {} rejected ({} rows).",
        s.created,
        s.updated,
        s.unchanged,
        s.rejected,
        reports.len()
    );
    db.close().await;
    Ok(if s.rejected > 0 {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    })
}
