//! `bazaar export`: the catalogue, or one store's products, in bazaar's JSON or CSV import
//! format or WooCommerce's or Shopify's product CSV layout; importing the file again changes
//! nothing. Written to a file beside the target and renamed when complete, so a failed export
//! never leaves half a file.

use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::{Context, Result, bail};
use bazaar_import::export::{ExportFormat, export};

use crate::config::Config;

#[derive(Debug, Clone, Copy, clap::ValueEnum)]
pub enum FormatArg {
    Json,
    Csv,
    /// WooCommerce's product CSV layout.
    Woocommerce,
    /// Shopify's product CSV layout.
    Shopify,
}

#[derive(Debug, clap::Args)]
pub struct Args {
    /// The format to write.
    #[arg(long, value_enum, default_value = "json")]
    pub format: FormatArg,
    /// Only this store's products (its slug).
    #[arg(long, value_name = "SLUG")]
    pub vendor: Option<String>,
    /// Where to write [default: standard output].
    #[arg(long, short, value_name = "FILE")]
    pub output: Option<PathBuf>,
}

pub async fn run(args: Args, config: Config) -> Result<ExitCode> {
    let format = match args.format {
        FormatArg::Json => ExportFormat::Json,
        FormatArg::Csv => ExportFormat::Csv,
        FormatArg::Woocommerce => ExportFormat::WooCommerce,
        FormatArg::Shopify => ExportFormat::Shopify,
    };
    let db = config.connect_migrated().await?;
    let vendor = match &args.vendor {
        None => None,
        Some(slug) => {
            let mut tx = db.begin().await?;
            let id = bazaar_db::vendors::id_by_slug(&mut tx, slug).await?;
            tx.rollback().await?;
            match id {
                Some(id) => Some(id),
                None => bail!("there is no store '{slug}' (--vendor takes a store's slug)"),
            }
        }
    };
    let count = match &args.output {
        None => export(&db, vendor, format, std::io::stdout().lock()).await?,
        Some(path) => {
            let partial = path.with_extension("partial");
            let file = std::fs::File::create(&partial)
                .with_context(|| format!("cannot write {}", partial.display()))?;
            let written = export(&db, vendor, format, file).await;
            match written {
                Ok(n) => {
                    std::fs::rename(&partial, path)
                        .with_context(|| format!("cannot write {}", path.display()))?;
                    n
                }
                Err(e) => {
                    let _ = std::fs::remove_file(&partial);
                    return Err(e).context("the export stopped");
                }
            }
        }
    };
    eprintln!(
        "Exported {count} product{}.",
        if count == 1 { "" } else { "s" }
    );
    db.close().await;
    Ok(ExitCode::SUCCESS)
}
