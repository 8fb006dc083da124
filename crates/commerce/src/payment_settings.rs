//! How payments are taken, as admins set them (`/admin/payment-gateways`): as the server was
//! started (`--payfast-*`), or with the PayFast mode, merchant and notification sources kept
//! here, the merchant key and passphrase sealed with the process's secret key and never
//! answered. [`Gateways`] answers the gateway of the moment, so a change reaches checkout,
//! the notifications and refunds of every `serve` and `worker` without a restart.

use std::sync::{Arc, Mutex};

use bazaar_db::{Db, DbError, settings};
use bazaar_domain::FieldErrors;
use bazaar_payfast::{self as pf, Mode, PayfastError};
use chrono::Utc;
use serde_json::{Value, json};

use crate::admin::record;
use crate::mail_settings::SECRET_KEY_MISSING;
use crate::payfast::Gateway;
use crate::secrets::{SecretError, SecretKey};
use crate::selling::{Actor, SellingError, conflict};

/// The system setting the payment settings are kept in.
pub const PAYMENTS_KEY: &str = "payment_settings";
/// The fields the sealed secrets are bound to.
pub const MERCHANT_KEY_FIELD: &str = "payments.merchant_key";
pub const PASSPHRASE_FIELD: &str = "payments.passphrase";
/// At most this many notification sources.
pub const MAX_SOURCES: usize = 20;

/// Which settings take payments.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Source {
    /// As the server was started.
    Server,
    /// These settings.
    Settings,
}

impl Source {
    pub fn as_str(self) -> &'static str {
        match self {
            Source::Server => "server",
            Source::Settings => "settings",
        }
    }
}

/// The payment settings as stored (secrets sealed).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StoredPayments {
    pub source: Source,
    pub mode: Mode,
    pub merchant_id: String,
    pub sealed_key: Option<String>,
    pub sealed_passphrase: Option<String>,
    pub itn_sources: Vec<String>,
}

impl StoredPayments {
    /// The stored value; as the server was started when none is stored or it is unreadable.
    pub fn read(value: Option<&Value>) -> Self {
        let text = |name: &str| value.and_then(|v| v.get(name)).and_then(Value::as_str);
        let sealed = |name: &str| text(name).filter(|s| !s.is_empty()).map(str::to_owned);
        let mode = text("mode").and_then(|m| m.parse().ok());
        Self {
            source: match (text("source"), mode) {
                (Some("settings"), Some(_)) => Source::Settings,
                _ => Source::Server,
            },
            mode: mode.unwrap_or(Mode::Simulator),
            merchant_id: text("merchant_id").unwrap_or_default().to_owned(),
            sealed_key: sealed("merchant_key"),
            sealed_passphrase: sealed("passphrase"),
            itn_sources: value
                .and_then(|v| v.get("itn_sources"))
                .and_then(Value::as_array)
                .map(|a| {
                    a.iter()
                        .filter_map(Value::as_str)
                        .map(str::to_owned)
                        .collect()
                })
                .unwrap_or_default(),
        }
    }

    pub fn value(&self) -> Value {
        json!({
            "source": self.source.as_str(),
            "mode": self.mode.as_str(),
            "merchant_id": self.merchant_id,
            "merchant_key": self.sealed_key.clone().unwrap_or_default(),
            "passphrase": self.sealed_passphrase.clone().unwrap_or_default(),
            "itn_sources": self.itn_sources,
        })
    }

    /// As the audit log shows them: never a secret, only whether it is set.
    fn audited(&self) -> Value {
        json!({
            "source": self.source.as_str(),
            "mode": self.mode.as_str(),
            "merchant_id": self.merchant_id,
            "merchant_key_set": self.sealed_key.is_some(),
            "passphrase_set": self.sealed_passphrase.is_some(),
            "itn_sources": self.itn_sources,
        })
    }
}

/// The payment settings as an admin sends them. A secret: absent keeps the one set, empty
/// removes it, anything else replaces it.
#[derive(Debug, Clone, Default)]
pub struct PaymentsDraft {
    pub source: String,
    pub mode: String,
    pub merchant_id: String,
    pub merchant_key: Option<String>,
    pub passphrase: Option<String>,
    pub itn_sources: Vec<String>,
}

/// Why no gateway can be had.
#[derive(Debug, thiserror::Error)]
pub enum GatewayError {
    #[error(transparent)]
    Db(#[from] DbError),
    #[error("the payment secrets cannot be read: {0}")]
    Secret(#[from] SecretError),
    #[error(transparent)]
    Settings(#[from] PayfastError),
}

/// The gateway of the moment: the one the server was started with, or one built from the
/// payment settings (kept until they change).
pub struct Gateways {
    started: Gateway,
    key: Option<Arc<SecretKey>>,
    public_url: String,
    built: Mutex<Option<(Value, Gateway)>>,
}

impl Gateways {
    /// `started` is PayFast as the command line set it; `key` opens stored secrets;
    /// `public_url` is where the simulator is served.
    pub fn new(started: Gateway, key: Option<Arc<SecretKey>>, public_url: &str) -> Self {
        Self {
            started,
            key,
            public_url: public_url.to_owned(),
            built: Mutex::new(None),
        }
    }

    /// PayFast as the server was started.
    pub fn started(&self) -> &Gateway {
        &self.started
    }

    /// Whether this process can seal and open secrets.
    pub fn can_seal(&self) -> bool {
        self.key.is_some()
    }

    /// The gateway the payment settings say now (one read of the setting).
    pub async fn current(&self, db: &Db) -> Result<Gateway, GatewayError> {
        let Some(value) = settings::system(db, PAYMENTS_KEY).await? else {
            return Ok(self.started.clone());
        };
        self.for_value(value)
    }

    fn for_value(&self, value: Value) -> Result<Gateway, GatewayError> {
        let stored = StoredPayments::read(Some(&value));
        if stored.source == Source::Server {
            return Ok(self.started.clone());
        }
        if let Some((seen, gateway)) = self.built.lock().expect("gateway cache").as_ref()
            && *seen == value
        {
            return Ok(gateway.clone());
        }
        let gateway = Gateway {
            settings: Arc::new(self.settings(&stored)?),
            client: self.started.client.clone(),
        };
        *self.built.lock().expect("gateway cache") = Some((value, gateway.clone()));
        Ok(gateway)
    }

    fn open(&self, field: &str, sealed: Option<&String>) -> Result<Option<String>, SecretError> {
        sealed
            .map(|s| {
                self.key
                    .as_deref()
                    .ok_or(SecretError::NoKey)?
                    .open(field, s)
            })
            .transpose()
    }

    /// PayFast's settings for `stored`, its secrets opened. The mode the server was started
    /// in keeps its addresses (a simulator reached through another address, say).
    fn settings(&self, stored: &StoredPayments) -> Result<pf::Settings, GatewayError> {
        let key = self.open(MERCHANT_KEY_FIELD, stored.sealed_key.as_ref())?;
        let passphrase = self.open(PASSPHRASE_FIELD, stored.sealed_passphrase.as_ref())?;
        Ok(build(
            &self.started.settings,
            &self.public_url,
            stored,
            key,
            passphrase,
        )?)
    }
}

/// PayFast's settings for `stored` with its secrets in the clear, checked.
fn build(
    started: &pf::Settings,
    public_url: &str,
    stored: &StoredPayments,
    key: Option<String>,
    passphrase: Option<String>,
) -> Result<pf::Settings, PayfastError> {
    let mut s = if started.mode == stored.mode {
        started.clone()
    } else {
        match stored.mode {
            Mode::Simulator => pf::Settings::simulator(public_url),
            Mode::Sandbox => pf::Settings::sandbox(),
            Mode::Live => pf::Settings::live("", "", None),
        }
    };
    if stored.mode != Mode::Simulator {
        s.merchant_id = stored.merchant_id.clone();
        s.merchant_key = key.unwrap_or_default();
        s.passphrase = passphrase;
    }
    if !stored.itn_sources.is_empty() {
        s.allowed_sources = stored.itn_sources.clone();
    }
    s.validate()?;
    Ok(s)
}

/// The payment settings now.
pub async fn payments(db: &Db) -> Result<StoredPayments, DbError> {
    Ok(StoredPayments::read(
        settings::system(db, PAYMENTS_KEY).await?.as_ref(),
    ))
}

/// PayFast merchant keys are 13 lowercase letters and digits.
fn merchant_key_shape(key: &str) -> bool {
    key.len() == 13
        && key
            .bytes()
            .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit())
}

/// The field an invalid PayFast setting is shown under.
fn field_of(e: &PayfastError) -> (String, String) {
    match e {
        PayfastError::InvalidSetting { setting, reason } => (
            match *setting {
                "allowed_sources" => "itn_sources".to_owned(),
                s => s.to_owned(),
            },
            format!("This {} is not valid: {reason}", setting.replace('_', " ")),
        ),
        other => ("mode".to_owned(), other.to_string()),
    }
}

/// Checks and saves the payment settings in one transaction, audited with before and after
/// (and which secrets changed). New secrets are sealed with the process's key.
pub async fn set_payments(
    db: &Db,
    gateways: &Gateways,
    admin: &Actor<'_>,
    draft: &PaymentsDraft,
) -> Result<StoredPayments, SellingError> {
    let now = Utc::now();
    let mut tx = db.begin().await?;
    let before = StoredPayments::read(settings::system_in(&mut tx, PAYMENTS_KEY).await?.as_ref());
    let mut errors = FieldErrors::new();
    let source = match draft.source.trim() {
        "server" => Source::Server,
        "settings" => Source::Settings,
        _ => {
            errors.insert("source".into(), "Choose server or settings".into());
            Source::Server
        }
    };
    let mode: Mode = draft.mode.parse().unwrap_or_else(|_| {
        errors.insert("mode".into(), "Choose simulator, sandbox or live".into());
        Mode::Simulator
    });
    let merchant_id = draft.merchant_id.trim().to_owned();
    let itn_sources: Vec<String> = draft
        .itn_sources
        .iter()
        .map(|s| s.trim().to_owned())
        .filter(|s| !s.is_empty())
        .collect();
    if itn_sources.len() > MAX_SOURCES {
        errors.insert(
            "itn_sources".into(),
            format!("List at most {MAX_SOURCES} sources"),
        );
    } else if let Some((source, reason)) = itn_sources
        .iter()
        .find_map(|s| pf::check_source(s).err().map(|r| (s, r)))
    {
        errors.insert("itn_sources".into(), format!("{source}: {reason}"));
    }
    let new_secret = |given: &Option<String>| given.as_deref().map(str::trim).map(str::to_owned);
    let key_given = new_secret(&draft.merchant_key);
    let passphrase_given = new_secret(&draft.passphrase);
    if let Some(k) = key_given.as_deref().filter(|k| !k.is_empty())
        && !merchant_key_shape(k)
    {
        errors.insert(
            "merchant_key".into(),
            "A merchant key is 13 lowercase letters and digits, as PayFast shows it".into(),
        );
    }
    if let Some(p) = passphrase_given.as_deref()
        && p.chars().count() > 100
    {
        errors.insert(
            "passphrase".into(),
            "The passphrase is at most 100 characters".into(),
        );
    }
    if source == Source::Settings
        && mode == Mode::Simulator
        && gateways.started.settings.mode != Mode::Simulator
    {
        errors.insert(
            "mode".into(),
            "The simulator runs only on servers started with --payfast-mode simulator".into(),
        );
    }
    if !errors.is_empty() {
        return Err(SellingError::Invalid(errors));
    }
    let needs_key = key_given.as_deref().is_some_and(|k| !k.is_empty())
        || passphrase_given.as_deref().is_some_and(|p| !p.is_empty());
    let key = match (needs_key, gateways.key.as_deref()) {
        (true, None) => return Err(conflict(SECRET_KEY_MISSING, SecretError::NoKey.to_string())),
        (_, key) => key,
    };
    let seal = |field: &str, given: &Option<String>, kept: &Option<String>| match given.as_deref() {
        None => kept.clone(),
        Some("") => None,
        Some(plain) => key.map(|k| k.seal(field, plain)),
    };
    let next = StoredPayments {
        source,
        mode,
        merchant_id,
        sealed_key: seal(MERCHANT_KEY_FIELD, &key_given, &before.sealed_key),
        sealed_passphrase: seal(
            PASSPHRASE_FIELD,
            &passphrase_given,
            &before.sealed_passphrase,
        ),
        itn_sources,
    };
    if next.source == Source::Settings {
        // PayFast's own checks of the settings, with the secrets as they will be.
        let open =
            |field: &str, given: &Option<String>, sealed: &Option<String>| match given.as_deref() {
                Some(plain) => Ok(Some(plain.to_owned()).filter(|p| !p.is_empty())),
                None => gateways.open(field, sealed.as_ref()),
            };
        let key_now = open(MERCHANT_KEY_FIELD, &key_given, &next.sealed_key)
            .map_err(|e| conflict(SECRET_KEY_MISSING, e.to_string()))?;
        let passphrase_now = open(PASSPHRASE_FIELD, &passphrase_given, &next.sealed_passphrase)
            .map_err(|e| conflict(SECRET_KEY_MISSING, e.to_string()))?;
        if next.mode != Mode::Simulator && key_now.is_none() {
            return Err(SellingError::Invalid(FieldErrors::from([(
                "merchant_key".to_owned(),
                "Enter the merchant key PayFast gave the store".to_owned(),
            )])));
        }
        build(
            &gateways.started.settings,
            &gateways.public_url,
            &next,
            key_now,
            passphrase_now,
        )
        .map_err(|e| SellingError::Invalid(FieldErrors::from([field_of(&e)])))?;
    }
    settings::put_system(&mut tx, PAYMENTS_KEY, &next.value(), now).await?;
    record(
        &mut tx,
        admin,
        "settings.payments",
        "settings",
        "payments".to_owned(),
        json!({
            "before": before.audited(),
            "after": next.audited(),
            "merchant_key_changed": key_given.is_some(),
            "passphrase_changed": passphrase_given.is_some(),
        }),
        now,
    )
    .await?;
    tx.commit().await?;
    Ok(next)
}

/// A signed test form: what checkout would hand a buyer's browser with the saved settings.
#[derive(Debug, Clone)]
pub struct PaymentCheck {
    pub mode: String,
    pub process_url: String,
    pub fields: Vec<(String, String)>,
    pub signature: String,
    /// What would go wrong or is worth knowing; empty when all is well.
    pub problems: Vec<String>,
}

/// Signs a R10.00 test form with the payment settings in force (audited).
pub async fn check(
    db: &Db,
    gateways: &Gateways,
    admin: &Actor<'_>,
    public_url: &str,
) -> Result<PaymentCheck, SellingError> {
    let (result, problems) = match gateways.current(db).await {
        Err(GatewayError::Db(e)) => return Err(e.into()),
        Err(e) => (None, vec![e.to_string()]),
        Ok(g) => {
            let s = &g.settings;
            let mut problems = Vec::new();
            if s.passphrase.is_none() {
                problems.push(
                    "No passphrase is set: PayFast advises one, so signatures cannot be forged"
                        .to_owned(),
                );
            }
            if s.mode == Mode::Live && s.merchant_id == pf::SANDBOX_MERCHANT_ID {
                problems.push(
                    "Live mode uses the sandbox's merchant: no payment will succeed".to_owned(),
                );
            }
            let req = pf::PaymentRequest {
                return_url: format!("{public_url}/payment/success?order=check"),
                cancel_url: format!("{public_url}/payment/cancel?order=check"),
                notify_url: format!("{public_url}/api/v1/payments/payfast/notify"),
                name_first: admin.email.split('@').next().unwrap_or_default().to_owned(),
                name_last: String::new(),
                email_address: admin.email.to_owned(),
                cell_number: None,
                m_payment_id: "settings-check".to_owned(),
                amount_cents: 1000,
                item_name: "bazaar settings check".to_owned(),
                item_description: None,
                custom_str1: None,
            };
            let fields = pf::checkout_fields(s, &req);
            let signature = pf::field(&fields, pf::SIGNATURE_FIELD)
                .unwrap_or_default()
                .to_owned();
            (
                Some(PaymentCheck {
                    mode: s.mode.to_string(),
                    process_url: s.process_url.clone(),
                    fields,
                    signature,
                    problems: Vec::new(),
                }),
                problems,
            )
        }
    };
    let mut tx = db.begin().await?;
    record(
        &mut tx,
        admin,
        "settings.payments_check",
        "settings",
        "payments".to_owned(),
        json!({ "signed": result.is_some(), "problems": problems }),
        Utc::now(),
    )
    .await?;
    tx.commit().await?;
    Ok(match result {
        Some(c) => PaymentCheck { problems, ..c },
        None => PaymentCheck {
            mode: String::new(),
            process_url: String::new(),
            fields: Vec::new(),
            signature: String::new(),
            problems,
        },
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stored_settings_read_back_and_fall_back_to_the_server() {
        let s = StoredPayments {
            source: Source::Settings,
            mode: Mode::Sandbox,
            merchant_id: "10000100".into(),
            sealed_key: Some("v1:abc".into()),
            sealed_passphrase: None,
            itn_sources: vec!["127.0.0.1".into()],
        };
        assert_eq!(StoredPayments::read(Some(&s.value())), s);
        assert_eq!(StoredPayments::read(None).source, Source::Server);
        let broken = json!({ "source": "settings", "mode": "production" });
        assert_eq!(StoredPayments::read(Some(&broken)).source, Source::Server);
        assert!(merchant_key_shape(pf::SANDBOX_MERCHANT_KEY));
        assert!(!merchant_key_shape("46F0CD694581A"));
    }

    #[test]
    fn the_started_mode_keeps_its_addresses() {
        let started = pf::Settings::simulator("http://10.0.0.5:8080");
        let stored = StoredPayments {
            source: Source::Settings,
            mode: Mode::Simulator,
            merchant_id: String::new(),
            sealed_key: None,
            sealed_passphrase: None,
            itn_sources: Vec::new(),
        };
        let s = build(&started, "http://shop.example", &stored, None, None).unwrap();
        assert_eq!(s.process_url, started.process_url);
        let sandbox = StoredPayments {
            mode: Mode::Sandbox,
            merchant_id: "10000100".into(),
            ..stored
        };
        let s = build(
            &started,
            "http://shop.example",
            &sandbox,
            Some(pf::SANDBOX_MERCHANT_KEY.into()),
            Some("pass-1".into()),
        )
        .unwrap();
        assert_eq!(s.process_url, "https://sandbox.payfast.co.za/eng/process");
        assert_eq!(s.passphrase.as_deref(), Some("pass-1"));
        let e = build(
            &started,
            "x",
            &StoredPayments {
                merchant_id: "abc".into(),
                ..sandbox
            },
            None,
            None,
        )
        .unwrap_err();
        assert_eq!(field_of(&e).0, "merchant_id");
    }
}
