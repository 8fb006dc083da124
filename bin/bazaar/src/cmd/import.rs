//! `bazaar import FILE`: products from bazaar's JSON or CSV format, one transaction per
//! product, with a per-row report. Exits 1 when any row was rejected (the others are kept).

use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::{Context, Result, bail};
use bazaar_import::{Format, Outcome, Summary};
use indicatif::{ProgressBar, ProgressStyle};

use crate::config::Config;

#[derive(Debug, Clone, Copy, clap::ValueEnum)]
pub enum FormatArg {
    Json,
    Csv,
}

#[derive(Debug, clap::Args)]
pub struct Args {
    /// The file to import (.json or .csv).
    #[arg(value_name = "FILE")]
    pub file: PathBuf,
    /// File format [default: from the file's extension].
    #[arg(long, value_enum)]
    pub format: Option<FormatArg>,
    /// Check every row and report what would happen, writing nothing.
    #[arg(long)]
    pub dry_run: bool,
    /// Also list rows that are unchanged.
    #[arg(long, short)]
    pub verbose: bool,
}

pub async fn run(args: Args, config: Config) -> Result<ExitCode> {
    let format = match args.format {
        Some(FormatArg::Json) => Format::Json,
        Some(FormatArg::Csv) => Format::Csv,
        None => match Format::from_path(&args.file) {
            Some(f) => f,
            None => bail!(
                "cannot tell the format of {}: name it .json or .csv, or pass --format",
                args.file.display()
            ),
        },
    };
    let rows = bazaar_import::read_file(&args.file, format)?;
    let db = config.connect_migrated().await?;
    let progress = ProgressBar::new(rows.len() as u64);
    if let Ok(style) =
        ProgressStyle::with_template("{spinner} importing [{bar:40}] {pos}/{len} ({eta} left)")
    {
        progress.set_style(style.progress_chars("=> "));
    }
    let reports = bazaar_import::import_rows(&db, rows, args.dry_run, |_| progress.inc(1))
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
