//! What `serve`, `worker` and `search` share: the search engine, the mailer, the
//! geolocation provider and the job context built from them.

use std::sync::Arc;

use anyhow::{Context, Result};
use bazaar_db::Db;
use bazaar_search::{MeiliIndex, SearchIndex, TantivyIndex};
use bazaar_workers::{JobContext, WorkerOptions};

use crate::config::Config;

/// Search, mail, geolocation and queue settings.
#[derive(Debug, Clone, clap::Args)]
pub struct BackgroundArgs {
    /// Meilisearch URL; without it search uses the tantivy index under <data-dir>/search.
    #[arg(long, env = "MEILI_URL", value_name = "URL")]
    pub meili_url: Option<String>,
    /// Meilisearch API key.
    #[arg(long, env = "MEILI_KEY", value_name = "KEY", hide_env_values = true)]
    pub meili_key: Option<String>,
    /// Meilisearch index name.
    #[arg(
        long,
        env = "MEILI_INDEX",
        value_name = "NAME",
        default_value = "products"
    )]
    pub meili_index: String,
    /// SMTP server for email (smtp://user:pass@host:port, smtps://…); without it emails are
    /// written to <data-dir>/outbox.
    #[arg(
        long,
        env = "BAZAAR_SMTP_URL",
        value_name = "URL",
        hide_env_values = true
    )]
    pub smtp_url: Option<String>,
    /// The From address of emails.
    #[arg(long, env = "BAZAAR_MAIL_FROM", value_name = "MAILBOX")]
    pub mail_from: Option<String>,
    /// The key secrets kept in the settings (the SMTP password) are sealed with: 32 random
    /// bytes in base64 (`openssl rand -base64 32`), the same for every process. Without it
    /// admins cannot save such secrets.
    #[arg(
        long,
        env = "BAZAAR_SECRET_KEY",
        value_name = "BASE64",
        hide_env_values = true
    )]
    pub secret_key: Option<String>,
    /// Let the jobs that fetch imported products' pictures reach private and local
    /// addresses (for tests on one machine; never on a shop facing the internet).
    #[arg(long, env = "BAZAAR_FETCH_PRIVATE_ADDRESSES")]
    pub fetch_private_addresses: bool,
    /// Geolocation of analytics events: none, http or maxmind.
    #[arg(
        long,
        env = "BAZAAR_GEO_PROVIDER",
        value_name = "PROVIDER",
        default_value = "none"
    )]
    pub geo_provider: String,
    /// For `http`: the service URL with {ip} where the address goes; it answers JSON with
    /// country_name and city.
    #[arg(long, env = "BAZAAR_GEO_URL", value_name = "URL")]
    pub geo_url: Option<String>,
    /// For `maxmind`: the GeoIP2/GeoLite2 City database file.
    #[arg(long, env = "BAZAAR_GEO_MAXMIND_DB", value_name = "FILE")]
    pub geo_maxmind_db: Option<String>,
    /// Where uploaded media is kept: `s3://bucket/prefix` (credentials, region and endpoint
    /// from the usual AWS_* variables) so that many processes share it; by default the
    /// `media` folder of the data dir.
    #[arg(long, env = "BAZAAR_MEDIA_URL", value_name = "URL")]
    pub media_url: Option<String>,
    /// Storage each store's media library may use, in MB.
    #[arg(long, env = "BAZAAR_MEDIA_QUOTA_MB", value_name = "MB", default_value_t = 1024,
          value_parser = clap::value_parser!(u64).range(1..=10_000_000))]
    pub media_quota_mb: u64,
    /// The job queue name (processes sharing a database and a name share the work).
    #[arg(long, env = "BAZAAR_QUEUE", value_name = "NAME", default_value = bazaar_queue::DEFAULT_QUEUE)]
    pub queue: String,
    /// Jobs run at the same time by this process.
    #[arg(long, env = "BAZAAR_WORKER_CONCURRENCY", value_name = "N", default_value_t = 4,
          value_parser = clap::value_parser!(u16).range(1..=256))]
    pub worker_concurrency: u16,
    /// How payments are taken: sandbox (PayFast's test site), live, or simulator (a local
    /// stand-in for PayFast that `serve` answers under /payfast-simulator; demos and tests).
    #[arg(
        long,
        env = "BAZAAR_PAYFAST_MODE",
        value_name = "MODE",
        default_value = "sandbox"
    )]
    pub payfast_mode: String,
    /// PayFast merchant id (required for live).
    #[arg(long, env = "BAZAAR_PAYFAST_MERCHANT_ID", value_name = "ID")]
    pub payfast_merchant_id: Option<String>,
    /// PayFast merchant key (required for live).
    #[arg(
        long,
        env = "BAZAAR_PAYFAST_MERCHANT_KEY",
        value_name = "KEY",
        hide_env_values = true
    )]
    pub payfast_merchant_key: Option<String>,
    /// The passphrase set on the PayFast account (letters, digits and -_/).
    #[arg(
        long,
        env = "BAZAAR_PAYFAST_PASSPHRASE",
        value_name = "PASSPHRASE",
        hide_env_values = true
    )]
    pub payfast_passphrase: Option<String>,
    /// Override the process URL the buyer's browser posts to.
    #[arg(long, env = "BAZAAR_PAYFAST_PROCESS_URL", value_name = "URL")]
    pub payfast_process_url: Option<String>,
    /// Override the URL of PayFast's validate call.
    #[arg(long, env = "BAZAAR_PAYFAST_VALIDATE_URL", value_name = "URL")]
    pub payfast_validate_url: Option<String>,
    /// Override the base URL of PayFast's merchant API (refunds).
    #[arg(long, env = "BAZAAR_PAYFAST_API_URL", value_name = "URL")]
    pub payfast_api_url: Option<String>,
    /// Override where ITNs may come from: host names, addresses or CIDR ranges, comma-separated.
    #[arg(
        long,
        env = "BAZAAR_PAYFAST_SOURCES",
        value_name = "LIST",
        value_delimiter = ','
    )]
    pub payfast_sources: Vec<String>,
}

impl BackgroundArgs {
    /// PayFast's settings for this mode, with the overrides given.
    pub fn payfast(&self, public_url: &str) -> Result<bazaar_payfast::Settings> {
        use bazaar_payfast::{Mode, Settings};
        let mode: Mode = self.payfast_mode.trim().parse().map_err(|_| {
            anyhow::anyhow!(
                "invalid payment mode '{}': use sandbox, live or simulator",
                self.payfast_mode
            )
        })?;
        let mut s = match mode {
            Mode::Sandbox => Settings::sandbox(),
            Mode::Simulator => Settings::simulator(public_url),
            Mode::Live => {
                let (Some(id), Some(key)) = (&self.payfast_merchant_id, &self.payfast_merchant_key)
                else {
                    anyhow::bail!(
                        "live payments need --payfast-merchant-id and --payfast-merchant-key \
                         (BAZAAR_PAYFAST_MERCHANT_ID, BAZAAR_PAYFAST_MERCHANT_KEY)"
                    );
                };
                Settings::live(id.clone(), key.clone(), self.payfast_passphrase.clone())
            }
        };
        if let Some(id) = &self.payfast_merchant_id {
            s.merchant_id = id.trim().to_owned();
        }
        if let Some(key) = &self.payfast_merchant_key {
            s.merchant_key = key.trim().to_owned();
        }
        if let Some(p) = &self.payfast_passphrase {
            s.passphrase = Some(p.trim().to_owned()).filter(|p| !p.is_empty());
        }
        if let Some(u) = &self.payfast_process_url {
            s.process_url = u.trim().to_owned();
        }
        if let Some(u) = &self.payfast_validate_url {
            s.validate_url = u.trim().to_owned();
        }
        if let Some(u) = &self.payfast_api_url {
            s.api_url = u.trim().trim_end_matches('/').to_owned();
        }
        if !self.payfast_sources.is_empty() {
            s.allowed_sources = self
                .payfast_sources
                .iter()
                .map(|x| x.trim().to_owned())
                .collect();
        }
        s.validate().context("invalid PayFast settings")?;
        Ok(s)
    }

    pub fn uses_meilisearch(&self) -> bool {
        self.meili_url
            .as_deref()
            .is_some_and(|u| !u.trim().is_empty())
    }
}

/// The search engine: Meilisearch when configured, else the index in the data directory,
/// remembering the matching terms of at most `cached_words` words.
pub async fn open_search(
    args: &BackgroundArgs,
    config: &Config,
    cached_words: usize,
) -> Result<Arc<dyn SearchIndex>> {
    if let Some(url) = args.meili_url.as_deref().filter(|u| !u.trim().is_empty()) {
        let index = MeiliIndex::connect(url, args.meili_key.as_deref(), &args.meili_index)
            .await
            .with_context(|| format!("cannot use Meilisearch at {url}"))?;
        return Ok(Arc::new(index));
    }
    let dir = config.data_dir.join("search");
    let index = TantivyIndex::open(&dir).with_context(|| {
        format!(
            "cannot open the search index in {} (is another bazaar process using it? \
             Several processes need MEILI_URL)",
            dir.display()
        )
    })?;
    Ok(Arc::new(index.with_word_cache(cached_words)))
}

impl BackgroundArgs {
    /// The secret key, checked.
    pub fn secret_key(&self) -> Result<Option<Arc<bazaar_commerce::secrets::SecretKey>>> {
        self.secret_key
            .as_deref()
            .map(|key| bazaar_commerce::secrets::SecretKey::parse(key).map(Arc::new))
            .transpose()
            .context("invalid --secret-key")
    }
}

/// The context job handlers run with.
pub async fn job_context(
    args: &BackgroundArgs,
    config: &Config,
    db: &Db,
    live: bazaar_queue::LiveBus,
    search: Option<Arc<dyn SearchIndex>>,
    public_url: &str,
) -> Result<Arc<JobContext>> {
    let mail = bazaar_mail::MailSettings::parse(
        args.smtp_url.as_deref(),
        args.mail_from.as_deref(),
        config.data_dir.join("outbox"),
    )
    .context("invalid mail settings")?;
    let mailer = bazaar_mail::Mailer::new(mail).context("invalid mail settings")?;
    let secret_key = args.secret_key()?;
    let mailer = Arc::new(bazaar_commerce::mail_settings::Mailers::new(
        mailer,
        secret_key.clone(),
    ));
    let geo = bazaar_enrich::GeoConfig::parse(
        &args.geo_provider,
        args.geo_url.as_deref(),
        args.geo_maxmind_db.as_deref(),
    )
    .context("invalid geolocation settings")?;
    let geo = bazaar_enrich::Geolocator::new(geo).context("invalid geolocation settings")?;
    tracing::info!(
        queue = %args.queue,
        mail = %mailer.started().describe(),
        geolocation = geo.provider_name(),
        search = search.as_ref().map_or("none", |s| s.engine()),
        "background work configured"
    );
    Ok(Arc::new(JobContext {
        db: db.clone(),
        queue: args.queue.clone(),
        live,
        search,
        mailer,
        geo: Arc::new(geo),
        payments: Some(Arc::new(bazaar_commerce::payment_settings::Gateways::new(
            bazaar_commerce::payfast::Gateway::new(args.payfast(public_url)?),
            secret_key,
            public_url,
        ))),
        public_url: public_url.to_owned(),
        fetch_limits: bazaar_media::fetch::FetchLimits {
            allow_private: args.fetch_private_addresses,
            ..bazaar_media::fetch::FetchLimits::default()
        },
        media: media_storage(args, config)?,
        after_job: None,
    }))
}

/// The media storage `--media-url` names (the data dir's media folder by default).
pub fn media_storage(args: &BackgroundArgs, config: &Config) -> Result<bazaar_media::Storage> {
    let storage = bazaar_media::Storage::open(args.media_url.as_deref(), &config.media_dir(), &[])
        .context("invalid media storage settings")?;
    tracing::info!(media = %storage.description, "media storage");
    Ok(storage)
}

/// Worker options for this process.
pub fn worker_options(args: &BackgroundArgs, run_worker: bool) -> WorkerOptions {
    WorkerOptions {
        concurrency: usize::from(args.worker_concurrency),
        run_worker,
        ..WorkerOptions::default()
    }
}
