//! Where email goes, as admins set it: as the server was started, or through an SMTP server
//! given in the settings, whose password is kept sealed with the process's secret key.
//! [`Mailers`] answers the mailer the settings say at the moment of sending, so a change
//! reaches every `serve` and `worker` process with the next email, without a restart.

use std::sync::{Arc, Mutex};

use bazaar_db::{Db, DbError, settings};
use bazaar_domain::settings::email::{
    Delivery, EMAIL_KEY, EmailDraft, EmailSettings, PASSWORD_FIELD, PasswordChange,
};
use bazaar_domain::text::plausible_email;
use bazaar_mail::{MailError, MailSettings, Mailer, OutgoingEmail};
use chrono::Utc;
use serde_json::{Value, json};

use crate::admin::record;
use crate::secrets::{SecretError, SecretKey};
use crate::selling::{Actor, SellingError, conflict, invalid};

/// Why no mailer can be had.
#[derive(Debug, thiserror::Error)]
pub enum MailerError {
    #[error(transparent)]
    Db(#[from] DbError),
    #[error("the SMTP password cannot be read: {0}")]
    Secret(#[from] SecretError),
    #[error(transparent)]
    Mail(#[from] MailError),
}

/// The mailer of the moment: the one the server was started with, or one built from the
/// email settings (kept until they change).
pub struct Mailers {
    started: Mailer,
    key: Option<Arc<SecretKey>>,
    built: Mutex<Option<(Value, Mailer)>>,
}

impl Mailers {
    /// `started` is the mailer of the command line (`--smtp-url`, or the outbox); `key`
    /// opens a stored SMTP password.
    pub fn new(started: Mailer, key: Option<Arc<SecretKey>>) -> Self {
        Self {
            started,
            key,
            built: Mutex::new(None),
        }
    }

    /// The mailer the server was started with.
    pub fn started(&self) -> &Mailer {
        &self.started
    }

    /// Whether this process can seal and open secrets.
    pub fn key(&self) -> Option<&SecretKey> {
        self.key.as_deref()
    }

    /// The mailer the email settings say now (one read of the setting).
    pub async fn current(&self, db: &Db) -> Result<Mailer, MailerError> {
        let Some(value) = settings::system(db, EMAIL_KEY).await? else {
            return Ok(self.started.clone());
        };
        let stored = EmailSettings::read(Some(&value));
        if stored.delivery == Delivery::Server {
            return Ok(self.started.clone());
        }
        if let Some((seen, mailer)) = self.built.lock().expect("mailer cache").as_ref()
            && *seen == value
        {
            return Ok(mailer.clone());
        }
        let mailer = Mailer::new(self.settings(&stored)?)?;
        *self.built.lock().expect("mailer cache") = Some((value, mailer.clone()));
        Ok(mailer)
    }

    /// The SMTP settings of `stored`, its password opened.
    fn settings(&self, stored: &EmailSettings) -> Result<MailSettings, MailerError> {
        let password = match &stored.sealed_password {
            None => None,
            Some(sealed) => Some(
                self.key
                    .as_deref()
                    .ok_or(SecretError::NoKey)?
                    .open(PASSWORD_FIELD, sealed)?,
            ),
        };
        Ok(smtp(stored, password.as_deref())?)
    }
}

fn smtp(s: &EmailSettings, password: Option<&str>) -> Result<MailSettings, MailError> {
    let credentials =
        (!s.username.is_empty()).then(|| (s.username.as_str(), password.unwrap_or("")));
    MailSettings::smtp(
        &s.host,
        s.port,
        s.security.as_str(),
        credentials,
        &s.from_mailbox(),
    )
}

/// The email settings now.
pub async fn email(db: &Db) -> Result<EmailSettings, DbError> {
    Ok(EmailSettings::read(
        settings::system(db, EMAIL_KEY).await?.as_ref(),
    ))
}

/// The settings as the audit log shows them: never the password, only whether it is set.
fn audited(s: &EmailSettings) -> Value {
    json!({
        "delivery": s.delivery.as_str(),
        "host": s.host,
        "port": s.port,
        "security": s.security.as_str(),
        "username": s.username,
        "password_set": s.sealed_password.is_some(),
        "from_name": s.from_name,
        "from_address": s.from_address,
    })
}

/// A secret cannot be kept without the key.
pub const SECRET_KEY_MISSING: &str = "secret_key_missing";

/// Checks and saves the email settings in one transaction, audited with before and after
/// (and whether the password changed). A new password is sealed with the process's key.
pub async fn set_email(
    db: &Db,
    mailers: &Mailers,
    admin: &Actor<'_>,
    draft: &EmailDraft,
) -> Result<EmailSettings, SellingError> {
    let now = Utc::now();
    let mut tx = db.begin().await?;
    let before = EmailSettings::read(settings::system_in(&mut tx, EMAIL_KEY).await?.as_ref());
    let (mut next, change) = draft.parse(&before).map_err(SellingError::Invalid)?;
    let password = match &change {
        PasswordChange::Keep => None,
        PasswordChange::Clear => Some(None),
        PasswordChange::Set(p) => Some(Some(p.as_str())),
    };
    next.sealed_password = match password {
        None => before.sealed_password.clone(),
        Some(None) => None,
        Some(Some(p)) => match mailers.key() {
            Some(key) => Some(key.seal(PASSWORD_FIELD, p)),
            None => return Err(conflict(SECRET_KEY_MISSING, SecretError::NoKey.to_string())),
        },
    };
    if next.delivery == Delivery::Smtp {
        // The transport's own check (the mailer refuses what it cannot use).
        smtp(&next, Some("checked")).map_err(|e| invalid("host", e.to_string()))?;
    }
    settings::put_system(&mut tx, EMAIL_KEY, &next.value(), now).await?;
    record(
        &mut tx,
        admin,
        "settings.email",
        "settings",
        "email".to_owned(),
        json!({
            "before": audited(&before),
            "after": audited(&next),
            "password_changed": password.is_some(),
        }),
        now,
    )
    .await?;
    tx.commit().await?;
    Ok(next)
}

/// What a test email did.
#[derive(Debug, Clone)]
pub struct TestSent {
    /// Where it went: `smtp host:port` or `outbox <folder>`.
    pub through: String,
    pub message_id: String,
}

/// Why a test email was not sent.
#[derive(Debug, thiserror::Error)]
pub enum TestEmailError {
    #[error(transparent)]
    Refused(#[from] SellingError),
    /// The settings or the server failed; the message says how (never the password).
    #[error("{0}")]
    Failed(String),
}

/// Sends a test email to `to` with the saved settings; the attempt and its outcome are
/// audited.
pub async fn send_test(
    db: &Db,
    mailers: &Mailers,
    admin: &Actor<'_>,
    to: &str,
    store_name: &str,
) -> Result<TestSent, TestEmailError> {
    let to = to.trim();
    if !plausible_email(to) {
        return Err(invalid("to", "Enter the address to send the test email to").into());
    }
    let outcome = match mailers.current(db).await {
        Err(e) => Err(e.to_string()),
        Ok(mailer) => {
            let email = OutgoingEmail {
                to: to.to_owned(),
                subject: format!("Test email from {store_name}"),
                text: format!(
                    "This is a test email from {store_name}, sent by {} through {}.\n\n\
                     If you can read it, the store's email settings work.\n",
                    admin.email,
                    mailer.describe()
                ),
                html: None,
            };
            mailer
                .send(&email)
                .await
                .map(|sent| TestSent {
                    through: mailer.describe(),
                    message_id: sent.message_id,
                })
                .map_err(|e| e.to_string())
        }
    };
    let mut tx = db.begin().await.map_err(SellingError::from)?;
    record(
        &mut tx,
        admin,
        "settings.email_test",
        "settings",
        "email".to_owned(),
        match &outcome {
            Ok(sent) => json!({ "to": to, "through": sent.through, "sent": true }),
            Err(error) => json!({ "to": to, "sent": false, "error": error }),
        },
        Utc::now(),
    )
    .await?;
    tx.commit().await.map_err(SellingError::from)?;
    outcome.map_err(TestEmailError::Failed)
}
