//! Configuration, layered: built-in defaults → `bazaar.toml` → `BAZAAR_*` environment →
//! command-line flags. Every subcommand reads the same data-dir and database options.

use std::net::SocketAddr;
use std::path::{Path, PathBuf};

use anyhow::{Context, Result, bail};
use clap::Args;
use serde::Deserialize;

use crate::Command;

/// Options every subcommand takes.
#[derive(Debug, Args)]
pub struct GlobalArgs {
    /// Configuration file [default: ./bazaar.toml when it exists].
    #[arg(long, global = true, env = "BAZAAR_CONFIG", value_name = "FILE")]
    pub config: Option<PathBuf>,
    /// Where bazaar keeps its SQLite database, media and search index [default: ./data].
    #[arg(long, global = true, env = "BAZAAR_DATA_DIR", value_name = "DIR")]
    pub data_dir: Option<PathBuf>,
    /// Database URL: sqlite://FILE or postgres://USER@HOST/DB (also read from DATABASE_URL)
    /// [default: the SQLite file in the data dir].
    #[arg(
        long,
        global = true,
        env = "BAZAAR_DATABASE_URL",
        value_name = "URL",
        hide_env_values = true
    )]
    pub database_url: Option<String>,
    /// Log filter, e.g. info or bazaar_api=debug [default: info for serve, warn otherwise;
    /// RUST_LOG also works].
    #[arg(long, global = true, env = "BAZAAR_LOG", value_name = "FILTER")]
    pub log: Option<String>,
}

/// The `bazaar.toml` file: every key optional.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FileConfig {
    pub data_dir: Option<PathBuf>,
    pub database_url: Option<String>,
    pub listen: Option<String>,
    pub public_url: Option<String>,
    pub web_dir: Option<PathBuf>,
    pub log: Option<String>,
}

/// The resolved configuration.
#[derive(Debug, Clone)]
pub struct Config {
    pub data_dir: PathBuf,
    /// `None` means the SQLite file inside `data_dir`.
    database_url: Option<String>,
    pub log: Option<String>,
    /// Values from the file that only `serve` reads; flags and environment win over them.
    pub file_listen: Option<String>,
    pub file_public_url: Option<String>,
    pub file_web_dir: Option<PathBuf>,
}

impl Config {
    pub fn load(global: &GlobalArgs, _command: &Command) -> Result<Config> {
        let file = match &global.config {
            Some(path) => Some(read_file(path)?),
            None if Path::new("bazaar.toml").exists() => Some(read_file(Path::new("bazaar.toml"))?),
            None => None,
        }
        .unwrap_or_default();
        let env_database_url = std::env::var("DATABASE_URL")
            .ok()
            .filter(|v| !v.trim().is_empty());
        Ok(Config {
            data_dir: global
                .data_dir
                .clone()
                .or(file.data_dir)
                .unwrap_or_else(|| PathBuf::from("data")),
            database_url: global
                .database_url
                .clone()
                .or(env_database_url)
                .or(file.database_url),
            log: global.log.clone().or(file.log),
            file_listen: file.listen,
            file_public_url: file.public_url,
            file_web_dir: file.web_dir,
        })
    }

    pub fn database_url(&self) -> String {
        self.database_url
            .clone()
            .unwrap_or_else(|| bazaar_db::Db::sqlite_url_in(&self.data_dir))
    }

    pub fn media_dir(&self) -> PathBuf {
        self.data_dir.join("media")
    }

    /// Creates the data directory and connects to the database with the pool settings
    /// given (`serve` fails requests fast while the database is unreachable), with one clear
    /// message when either fails.
    pub async fn connect_with(&self, options: &bazaar_db::ConnectOptions) -> Result<bazaar_db::Db> {
        std::fs::create_dir_all(&self.data_dir).with_context(|| {
            format!(
                "cannot create the data directory {}",
                self.data_dir.display()
            )
        })?;
        let url = self.database_url();
        bazaar_db::Db::connect(&url, options)
            .await
            .with_context(|| {
                format!(
                    "cannot connect to the database at {}",
                    bazaar_db::redact_url(&url)
                )
            })
    }

    /// Connects and applies pending migrations.
    pub async fn connect_migrated(&self) -> Result<bazaar_db::Db> {
        self.connect_migrated_with(&bazaar_db::ConnectOptions::default())
            .await
    }

    /// [`Config::connect_migrated`] with pool settings of the caller's.
    pub async fn connect_migrated_with(
        &self,
        options: &bazaar_db::ConnectOptions,
    ) -> Result<bazaar_db::Db> {
        let db = self.connect_with(options).await?;
        db.migrate().await.context("cannot migrate the database")?;
        bazaar_queue::store::setup(&db)
            .await
            .context("cannot set up the job queue tables")?;
        Ok(db)
    }
}

fn read_file(path: &Path) -> Result<FileConfig> {
    let text = std::fs::read_to_string(path)
        .with_context(|| format!("cannot read the configuration file {}", path.display()))?;
    toml::from_str(&text).map_err(|e| {
        anyhow::anyhow!(
            "invalid configuration file {}: {}",
            path.display(),
            e.message()
        )
    })
}

/// Parses a listen address, naming the option in the error.
pub fn parse_listen(value: &str) -> Result<SocketAddr> {
    match value.parse() {
        Ok(addr) => Ok(addr),
        Err(_) => {
            bail!("invalid listen address '{value}': expected IP:PORT such as 127.0.0.1:8080")
        }
    }
}

pub fn init_tracing(config: &Config, serving: bool) {
    use tracing_subscriber::EnvFilter;
    let default = if serving { "info,sqlx=warn" } else { "warn" };
    let filter = config
        .log
        .as_deref()
        .and_then(|f| EnvFilter::try_new(f).ok())
        .or_else(|| EnvFilter::try_from_default_env().ok())
        .unwrap_or_else(|| EnvFilter::new(default));
    let _ = tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_ansi(std::io::IsTerminal::is_terminal(&std::io::stderr()))
        .with_writer(std::io::stderr)
        .try_init();
}
