//! `bazaar serve`: migrate, then serve the API and the web site on one port.

use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::{Context, Result};
use bazaar_api::{ApiConfig, AppState};

use crate::config::{Config, parse_listen};

#[derive(Debug, clap::Args)]
pub struct Args {
    /// Address to listen on [default: 127.0.0.1:8080].
    #[arg(long, env = "BAZAAR_LISTEN", value_name = "IP:PORT")]
    pub listen: Option<String>,
    /// Public base URL of the site, used in sitemaps and link previews
    /// [default: http://<listen address>].
    #[arg(long, env = "BAZAAR_PUBLIC_URL", value_name = "URL")]
    pub public_url: Option<String>,
    /// The exported web site to serve [default: ./web/out when it exists].
    #[arg(long, env = "BAZAAR_WEB_DIR", value_name = "DIR")]
    pub web_dir: Option<PathBuf>,
    /// Seconds search suggestions, list totals and the store currency may be reused before
    /// they are read again (0 turns this off); totals and the currency are also forgotten at
    /// every change.
    #[arg(long, env = "BAZAAR_CACHE_TTL_SECONDS", value_name = "SECONDS", default_value_t = 5,
          value_parser = clap::value_parser!(u64).range(0..=3600))]
    pub cache_ttl_seconds: u64,
    /// Megabytes of memory for ready public answers (product lists and pages, categories,
    /// store pages, suggestions), kept until a change touches them; 0 keeps none.
    #[arg(long, env = "BAZAAR_RESPONSE_CACHE_MB", value_name = "MB", default_value_t = 16,
          value_parser = clap::value_parser!(u64).range(0..=4096))]
    pub response_cache_mb: u64,
    /// Megabytes of SQLite's page cache per database connection (SQLite only; the
    /// operating system's file cache holds the rest of the file).
    #[arg(long, env = "BAZAAR_SQLITE_CACHE_MB", value_name = "MB", default_value_t = 8,
          value_parser = clap::value_parser!(u32).range(1..=1024))]
    pub sqlite_cache_mb: u32,
    /// Access tokens whose signature check is remembered, each for up to five minutes
    /// (about 1 KB each); 0 checks every request's signature.
    #[arg(long, env = "BAZAAR_TOKEN_CACHE_ENTRIES", value_name = "N", default_value_t = 20_000,
          value_parser = clap::value_parser!(u64).range(0..=10_000_000))]
    pub token_cache_entries: u64,
    /// Product list totals (one per distinct filter) remembered for --cache-ttl-seconds;
    /// 0 counts every time.
    #[arg(long, env = "BAZAAR_LIST_COUNT_CACHE_ENTRIES", value_name = "N", default_value_t = 10_000,
          value_parser = clap::value_parser!(u64).range(0..=10_000_000))]
    pub list_count_cache_entries: u64,
    /// Search words whose matching terms the built-in search engine remembers (up to a few
    /// KB each; not used with Meilisearch); 0 keeps none.
    #[arg(long, env = "BAZAAR_SEARCH_WORD_CACHE_ENTRIES", value_name = "N",
          default_value_t = bazaar_search::DEFAULT_CACHED_WORDS as u64,
          value_parser = clap::value_parser!(u64).range(0..=1_000_000))]
    pub search_word_cache_entries: u64,
    /// Vendors' analytics answers remembered until the next rollup (a few KB each); 0 keeps
    /// none.
    #[arg(long, env = "BAZAAR_ANALYTICS_CACHE_ENTRIES", value_name = "N", default_value_t = 1_000,
          value_parser = clap::value_parser!(u64).range(0..=1_000_000))]
    pub analytics_cache_entries: u64,
    /// Confirm sign-ups at once instead of emailing a confirmation link (for demos and tests).
    #[arg(long, env = "BAZAAR_AUTH_AUTOCONFIRM")]
    pub auth_autoconfirm: bool,
    /// How long access tokens live, in seconds.
    #[arg(long, env = "BAZAAR_ACCESS_TOKEN_TTL_SECONDS", value_name = "SECONDS", default_value_t = 3600,
          value_parser = clap::value_parser!(u64).range(120..=86_400))]
    pub access_token_ttl_seconds: u64,
    /// OpenID issuer for "Sign in with Google" (tests point this at a provider of their own).
    #[arg(
        long,
        env = "BAZAAR_GOOGLE_ISSUER",
        value_name = "URL",
        default_value = "https://accounts.google.com"
    )]
    pub google_issuer: String,
    /// OAuth client id from Google; with the secret, enables sign-in with Google.
    #[arg(long, env = "BAZAAR_GOOGLE_CLIENT_ID", value_name = "ID")]
    pub google_client_id: Option<String>,
    /// OAuth client secret from Google.
    #[arg(
        long,
        env = "BAZAAR_GOOGLE_CLIENT_SECRET",
        value_name = "SECRET",
        hide_env_values = true
    )]
    pub google_client_secret: Option<String>,
    /// Proxies in front of this server (comma-separated addresses or networks such as
    /// 10.0.0.0/8) whose X-Forwarded-For is believed: the client's address, for rate limits,
    /// analytics and the PayFast source check, is then the right-most address in it that is
    /// not one of them.
    #[arg(
        long,
        env = "BAZAAR_TRUSTED_PROXIES",
        value_name = "LIST",
        value_delimiter = ',',
        value_parser = bazaar_api::client_addr::parse_trusted
    )]
    pub trusted_proxies: Vec<bazaar_api::client_addr::IpNet>,
    /// Do not run job workers in this process (run `bazaar worker` processes instead; needs
    /// PostgreSQL). The outbox relay and the schedule still run.
    #[arg(long, env = "BAZAAR_NO_WORKERS")]
    pub no_workers: bool,
    /// Analytics events accepted per client address per minute.
    #[arg(long, env = "BAZAAR_ANALYTICS_PER_MINUTE", value_name = "N", default_value_t = 600,
          value_parser = clap::value_parser!(u32).range(1..))]
    pub analytics_per_minute: u32,
    /// Searches and search suggestions allowed per client address per minute (0: no limit).
    #[arg(
        long,
        env = "BAZAAR_SEARCH_PER_MINUTE",
        value_name = "N",
        default_value_t = 600
    )]
    pub search_per_minute: u32,
    #[command(flatten)]
    pub background: crate::background::BackgroundArgs,
}

fn auth_config(args: &Args, config: &Config) -> Result<bazaar_api::auth::AuthConfig> {
    let mut auth = bazaar_api::auth::AuthConfig::new(&config.data_dir);
    auth.mail = bazaar_mail::MailSettings::parse(
        args.background.smtp_url.as_deref(),
        args.background.mail_from.as_deref(),
        config.data_dir.join("outbox"),
    )
    .context("invalid mail settings")?;
    auth.secret_key = args.background.secret_key()?;
    auth.autoconfirm = args.auth_autoconfirm;
    auth.access_token_ttl = std::time::Duration::from_secs(args.access_token_ttl_seconds);
    auth.google = match (&args.google_client_id, &args.google_client_secret) {
        (Some(id), Some(secret)) => Some(bazaar_api::auth::oauth::OidcProvider {
            issuer: args.google_issuer.trim_end_matches('/').to_owned(),
            client_id: id.clone(),
            client_secret: secret.clone(),
        }),
        (None, None) => None,
        _ => anyhow::bail!(
            "sign-in with Google needs both --google-client-id and --google-client-secret"
        ),
    };
    Ok(auth)
}

pub async fn run(args: Args, config: Config) -> Result<ExitCode> {
    if args.no_workers && !config.database_url().starts_with("postgres") {
        anyhow::bail!(
            "--no-workers needs PostgreSQL: with SQLite, bazaar serve runs the job workers itself"
        );
    }
    let auth = auth_config(&args, &config)?;
    let listen = args
        .listen
        .or(config.file_listen.clone())
        .unwrap_or_else(|| "127.0.0.1:8080".into());
    let addr = parse_listen(&listen)?;
    let public_url = args
        .public_url
        .or(config.file_public_url.clone())
        .unwrap_or_else(|| format!("http://{addr}"))
        .trim_end_matches('/')
        .to_owned();
    if !(public_url.starts_with("http://") || public_url.starts_with("https://")) {
        anyhow::bail!("invalid public URL '{public_url}': it must start with http:// or https://");
    }
    let web_dir = match args.web_dir.clone().or(config.file_web_dir.clone()) {
        Some(dir) if dir.join("index.html").is_file() => Some(dir),
        Some(dir) => anyhow::bail!(
            "the web directory {} has no index.html: build the site first (see README)",
            dir.display()
        ),
        None => Some(PathBuf::from("web/out")).filter(|d| d.join("index.html").is_file()),
    };
    if web_dir.is_none() {
        tracing::warn!("no built web site found (web/out); serving the API only");
    }

    // Requests wait at most 700 ms for a connection: with the database gone the API answers
    // 503 with Retry-After within a second (see docs/decisions.md).
    let connect = bazaar_db::ConnectOptions {
        sqlite_cache_kib: args.sqlite_cache_mb * 1024,
        ..bazaar_db::ConnectOptions::serving()
    };
    let db = config.connect_migrated_with(&connect).await?;
    let media_dir = config.media_dir();
    std::fs::create_dir_all(&media_dir)
        .with_context(|| format!("cannot create the media directory {}", media_dir.display()))?;
    let mut api_config = ApiConfig::new(public_url.clone(), web_dir, media_dir);
    api_config.media = crate::background::media_storage(&args.background, &config)?;
    api_config.media_quota_bytes = args.background.media_quota_mb.saturating_mul(1024 * 1024);
    api_config.cache_ttl = std::time::Duration::from_secs(args.cache_ttl_seconds);
    api_config.response_cache_bytes = args.response_cache_mb * 1024 * 1024;
    api_config.token_cache_entries = args.token_cache_entries as usize;
    api_config.list_count_cache_entries = args.list_count_cache_entries as usize;
    api_config.analytics_cache_entries = args.analytics_cache_entries;
    api_config.analytics_per_minute = args.analytics_per_minute;
    api_config.payfast = args.background.payfast(&public_url)?;
    api_config.trusted_proxies = args.trusted_proxies.clone();
    api_config.search_per_minute = args.search_per_minute;
    if api_config.payfast.mode == bazaar_payfast::Mode::Simulator {
        tracing::warn!("payments go to the PayFast simulator: test payments only, no money moves");
    }
    let options = crate::background::worker_options(&args.background, !args.no_workers);
    let registered =
        crate::register::enter(&db, "serve", &options.name, &api_config.payfast).await?;
    let search = crate::background::open_search(
        &args.background,
        &config,
        args.search_word_cache_entries as usize,
    )
    .await?;
    let state = AppState::new(db.clone(), api_config, auth)
        .await
        .context("cannot load the sign-in keys")?
        .with_search(search.clone());
    let jobs = crate::background::job_context(
        &args.background,
        &config,
        &db,
        state.live.clone(),
        Some(search),
        &public_url,
    )
    .await?;
    let background = bazaar_workers::runtime::start(jobs, options);
    let listener = tokio::net::TcpListener::bind(addr)
        .await
        .with_context(|| format!("cannot listen on {addr}"))?;
    tracing::info!(
        listen = %addr,
        public_url = %public_url,
        database = %bazaar_db::redact_url(&config.database_url()),
        "bazaar is serving"
    );
    eprintln!("bazaar is serving on http://{addr} (API docs at http://{addr}/api/docs)");
    let app = bazaar_api::app(state.clone())
        .into_make_service_with_connect_info::<std::net::SocketAddr>();
    axum::serve(listener, app)
        .with_graceful_shutdown(shutdown_signal())
        .await
        .context("the server stopped with an error")?;
    state.flush_analytics().await;
    background.shutdown().await;
    registered.leave().await;
    db.close().await;
    Ok(ExitCode::SUCCESS)
}

pub async fn shutdown_signal() {
    let ctrl_c = async {
        let _ = tokio::signal::ctrl_c().await;
    };
    #[cfg(unix)]
    let terminate = async {
        if let Ok(mut s) = tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate())
        {
            s.recv().await;
        }
    };
    #[cfg(not(unix))]
    let terminate = std::future::pending::<()>();
    tokio::select! {
        () = ctrl_c => {},
        () = terminate => {},
    }
    tracing::info!("shutting down");
}
