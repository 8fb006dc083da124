//! Sending: to the outbox folder or through SMTP.

use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Duration;

use chrono::Utc;
use lettre::message::Mailbox;
use lettre::transport::smtp::authentication::Credentials;
use lettre::{AsyncSmtpTransport, AsyncTransport, Tokio1Executor};

use crate::message::{self, Encoding};
use crate::settings::{Security, SmtpServer, parse_from};
use crate::{MailConfig, MailError, MailSettings, OutgoingEmail};

/// How long a connection, a command or a reply may take before the send fails.
const SMTP_TIMEOUT: Duration = Duration::from_secs(10);

/// Sends email as [`MailSettings`] say. Cheap to clone: one shared transport.
#[derive(Clone)]
pub struct Mailer {
    inner: Arc<Inner>,
}

struct Inner {
    from: Mailbox,
    transport: Transport,
}

enum Transport {
    Outbox(PathBuf),
    Smtp {
        /// `host:port`, for messages and logs.
        server: String,
        transport: AsyncSmtpTransport<Tokio1Executor>,
    },
}

/// What became of a sent email.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SentEmail {
    /// The `Message-ID` header without its angle brackets, e.g. `0198…@bazaar.local`.
    pub message_id: String,
    /// The `.eml` file, in outbox mode.
    pub outbox_file: Option<PathBuf>,
}

impl Mailer {
    /// Checks the settings and prepares the transport; nothing is connected until a send.
    pub fn new(settings: MailSettings) -> Result<Self, MailError> {
        let from = parse_from(&settings.from)?;
        let transport = match settings.transport {
            MailConfig::Outbox { dir } => Transport::Outbox(dir),
            MailConfig::Smtp { url } => smtp_transport(&SmtpServer::parse(&url)?)?,
        };
        Ok(Self {
            inner: Arc::new(Inner { from, transport }),
        })
    }

    /// Where email goes, without credentials: `outbox data/outbox` or `smtp host:port`.
    pub fn describe(&self) -> String {
        match &self.inner.transport {
            Transport::Outbox(dir) => format!("outbox {}", dir.display()),
            Transport::Smtp { server, .. } => format!("smtp {server}"),
        }
    }

    /// Sends one email. Logs its subject and where it went; never the address or the body,
    /// which may hold a sign-in link.
    pub async fn send(&self, email: &OutgoingEmail) -> Result<SentEmail, MailError> {
        let now = Utc::now();
        match &self.inner.transport {
            Transport::Outbox(dir) => {
                let built =
                    message::build(&self.inner.from, email, now.into(), Encoding::Readable)?;
                let name = format!("{}-{}", now.format("%Y%m%dT%H%M%S"), built.id);
                let file = write_atomically(dir, &name, &built.message.formatted())
                    .await
                    .map_err(|error| MailError::Outbox {
                        dir: dir.clone(),
                        error,
                    })?;
                tracing::info!(
                    email.subject = %email.subject,
                    outbox.file = %file.display(),
                    "email written to the outbox"
                );
                Ok(SentEmail {
                    message_id: built.message_id,
                    outbox_file: Some(file),
                })
            }
            Transport::Smtp { server, transport } => {
                let built =
                    message::build(&self.inner.from, email, now.into(), Encoding::SevenBitSafe)?;
                transport
                    .send(built.message)
                    .await
                    .map_err(|error| MailError::Smtp {
                        server: server.clone(),
                        error,
                    })?;
                tracing::info!(
                    email.subject = %email.subject,
                    email.message_id = %built.message_id,
                    smtp.server = %server,
                    "email sent through SMTP"
                );
                Ok(SentEmail {
                    message_id: built.message_id,
                    outbox_file: None,
                })
            }
        }
    }
}

impl std::fmt::Debug for Mailer {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_tuple("Mailer").field(&self.describe()).finish()
    }
}

fn smtp_transport(server: &SmtpServer) -> Result<Transport, MailError> {
    let tls_failed = |error| MailError::Smtp {
        server: server.display.clone(),
        error,
    };
    let builder = match server.security {
        Security::Plain => AsyncSmtpTransport::<Tokio1Executor>::builder_dangerous(&server.host),
        Security::StartTls => AsyncSmtpTransport::<Tokio1Executor>::starttls_relay(&server.host)
            .map_err(tls_failed)?,
        Security::Implicit => {
            AsyncSmtpTransport::<Tokio1Executor>::relay(&server.host).map_err(tls_failed)?
        }
    };
    let mut builder = builder.port(server.port).timeout(Some(SMTP_TIMEOUT));
    if let Some((user, password)) = &server.credentials {
        builder = builder.credentials(Credentials::new(user.clone(), password.clone()));
    }
    Ok(Transport::Smtp {
        server: server.display.clone(),
        transport: builder.build(),
    })
}

/// Writes `<dir>/<name>.eml` through a temporary file and a rename, so a reader of the outbox
/// sees the whole message or nothing.
async fn write_atomically(dir: &Path, name: &str, bytes: &[u8]) -> std::io::Result<PathBuf> {
    tokio::fs::create_dir_all(dir).await?;
    let file = dir.join(format!("{name}.eml"));
    let partial = dir.join(format!(".{name}.eml.partial"));
    tokio::fs::write(&partial, bytes).await?;
    if let Err(error) = tokio::fs::rename(&partial, &file).await {
        // Best effort: the rename's error is the one worth reporting.
        let _ = tokio::fs::remove_file(&partial).await;
        return Err(error);
    }
    Ok(file)
}
