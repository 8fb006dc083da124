//! Which PayFast to talk to, as whom, and whom to believe when an ITN arrives.

use std::fmt;
use std::str::FromStr;

use crate::PayfastError;

/// PayFast's public sandbox merchant ID (PayFast's developer docs, "Sandbox").
pub const SANDBOX_MERCHANT_ID: &str = "10000100";
/// PayFast's public sandbox merchant key.
pub const SANDBOX_MERCHANT_KEY: &str = "46f0cd694581a";
/// The passphrase [`Settings::simulator`] uses, so both ends of a local test agree on it.
pub const SIMULATOR_PASSPHRASE: &str = "bazaar-simulator";

/// The hosts PayFast's ITN sample resolves to decide whether a notification came from PayFast.
pub const PAYFAST_HOSTS: [&str; 4] = [
    "www.payfast.co.za",
    "sandbox.payfast.co.za",
    "w1w.payfast.co.za",
    "w2w.payfast.co.za",
];

/// The server addresses PayFast publishes for ITN callbacks (developer docs, "Ports and IPs").
/// Listed beside [`PAYFAST_HOSTS`] so a DNS hiccup does not reject a genuine ITN.
pub const PAYFAST_IP_RANGES: [&str; 5] = [
    "197.97.145.144/28",
    "41.74.179.192/27",
    "102.216.36.0/28",
    "102.216.36.128/28",
    "144.126.193.139",
];

const SANDBOX_HOST: &str = "https://sandbox.payfast.co.za";
const LIVE_HOST: &str = "https://www.payfast.co.za";
const PROCESS_PATH: &str = "/eng/process";
const VALIDATE_PATH: &str = "/eng/query/validate";
/// PayFast's merchant API, for live and sandbox accounts alike.
const API_HOST: &str = "https://api.payfast.co.za";
/// Where [`crate::simulator::router`] serves its imitation of PayFast.
pub const SIMULATOR_PREFIX: &str = "/payfast-simulator";

/// Which PayFast the shop talks to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Mode {
    /// PayFast's public sandbox: real PayFast software, test money.
    Sandbox,
    /// Real payments.
    Live,
    /// Our own [`crate::simulator`], for development and tests without internet access.
    Simulator,
}

impl Mode {
    /// The name used in configuration.
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Sandbox => "sandbox",
            Self::Live => "live",
            Self::Simulator => "simulator",
        }
    }
}

impl fmt::Display for Mode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl FromStr for Mode {
    type Err = PayfastError;

    /// Accepts `sandbox`, `live` or `simulator`, ignoring case and surrounding spaces, because
    /// these come from environment variables typed by people.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s.trim().to_ascii_lowercase().as_str() {
            "sandbox" => Ok(Self::Sandbox),
            "live" => Ok(Self::Live),
            "simulator" => Ok(Self::Simulator),
            _ => Err(PayfastError::UnknownMode(s.to_owned())),
        }
    }
}

/// Everything needed to send a buyer to PayFast and to check the ITN that comes back.
#[derive(Clone, PartialEq, Eq)]
pub struct Settings {
    pub mode: Mode,
    pub merchant_id: String,
    pub merchant_key: String,
    /// The "salt passphrase" set on the PayFast account; `None` when the account has none.
    pub passphrase: Option<String>,
    /// Where the checkout form posts (`…/eng/process`).
    pub process_url: String,
    /// Where ITNs are confirmed (`…/eng/query/validate`).
    pub validate_url: String,
    /// PayFast's merchant API (refunds): `https://api.payfast.co.za`, which the sandbox
    /// shares (its calls carry `?testing=true`).
    pub api_url: String,
    /// Who may post ITNs: IP literals, CIDR ranges or host names (see
    /// [`source_allowed`](crate::source_allowed)).
    pub allowed_sources: Vec<String>,
}

impl fmt::Debug for Settings {
    /// Hides the passphrase: settings end up in logs, the passphrase must not.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Settings")
            .field("mode", &self.mode)
            .field("merchant_id", &self.merchant_id)
            .field("merchant_key", &self.merchant_key)
            .field("passphrase", &self.passphrase.as_ref().map(|_| "<hidden>"))
            .field("process_url", &self.process_url)
            .field("validate_url", &self.validate_url)
            .field("api_url", &self.api_url)
            .field("allowed_sources", &self.allowed_sources)
            .finish()
    }
}

impl Settings {
    /// How payments are taken, in words without secrets, for messages: "simulator",
    /// "sandbox, merchant 10000100".
    pub fn describe(&self) -> String {
        match self.mode {
            Mode::Simulator => "simulator".to_owned(),
            mode => format!("{mode}, merchant {}", self.merchant_id),
        }
    }

    /// A hash of what every process of one shop must agree on to take payments the same way:
    /// the mode, the merchant and the passphrase (the URLs may differ per process, e.g. a
    /// worker that reaches the simulator through an internal address).
    pub fn fingerprint(&self) -> String {
        use sha2::{Digest, Sha256};
        let mut hash = Sha256::new();
        for part in [
            self.mode.as_str(),
            &self.merchant_id,
            &self.merchant_key,
            self.passphrase.as_deref().unwrap_or(""),
        ] {
            hash.update(part.len().to_be_bytes());
            hash.update(part.as_bytes());
        }
        format!("{:x}", hash.finalize())
    }

    /// PayFast's public sandbox merchant, without a passphrase. If the sandbox account in use
    /// has one set, assign it to [`Settings::passphrase`].
    pub fn sandbox() -> Self {
        Self {
            mode: Mode::Sandbox,
            merchant_id: SANDBOX_MERCHANT_ID.to_owned(),
            merchant_key: SANDBOX_MERCHANT_KEY.to_owned(),
            passphrase: None,
            process_url: format!("{SANDBOX_HOST}{PROCESS_PATH}"),
            validate_url: format!("{SANDBOX_HOST}{VALIDATE_PATH}"),
            api_url: API_HOST.to_owned(),
            allowed_sources: payfast_sources(),
        }
    }

    /// A live merchant account. A blank passphrase counts as none.
    pub fn live(
        merchant_id: impl Into<String>,
        merchant_key: impl Into<String>,
        passphrase: Option<String>,
    ) -> Self {
        Self {
            mode: Mode::Live,
            merchant_id: merchant_id.into().trim().to_owned(),
            merchant_key: merchant_key.into().trim().to_owned(),
            passphrase: passphrase
                .map(|p| p.trim().to_owned())
                .filter(|p| !p.is_empty()),
            process_url: format!("{LIVE_HOST}{PROCESS_PATH}"),
            validate_url: format!("{LIVE_HOST}{VALIDATE_PATH}"),
            api_url: API_HOST.to_owned(),
            allowed_sources: payfast_sources(),
        }
    }

    /// The local [`crate::simulator`] served by this very app at `public_url` (e.g.
    /// `http://localhost:8080`): the sandbox merchant's credentials, a fixed passphrase, and
    /// only loopback addresses may post ITNs.
    pub fn simulator(public_url: &str) -> Self {
        let base = public_url.trim().trim_end_matches('/');
        Self {
            mode: Mode::Simulator,
            merchant_id: SANDBOX_MERCHANT_ID.to_owned(),
            merchant_key: SANDBOX_MERCHANT_KEY.to_owned(),
            passphrase: Some(SIMULATOR_PASSPHRASE.to_owned()),
            process_url: format!("{base}{SIMULATOR_PREFIX}{PROCESS_PATH}"),
            validate_url: format!("{base}{SIMULATOR_PREFIX}{VALIDATE_PATH}"),
            api_url: format!("{base}{SIMULATOR_PREFIX}/api"),
            allowed_sources: vec!["127.0.0.1".to_owned(), "::1".to_owned()],
        }
    }

    /// Whether no real money can move (sandbox or simulator).
    pub fn is_test(&self) -> bool {
        matches!(self.mode, Mode::Sandbox | Mode::Simulator)
    }

    /// Checks the settings before the shop starts, so a typo fails at boot with a clear message
    /// rather than as a "signature mismatch" on the first real payment.
    pub fn validate(&self) -> Result<(), PayfastError> {
        check_merchant_id(&self.merchant_id)?;
        check_merchant_key(&self.merchant_key)?;
        if let Some(passphrase) = &self.passphrase {
            check_passphrase(passphrase)?;
        }
        check_url("process_url", &self.process_url, self.mode)?;
        check_url("validate_url", &self.validate_url, self.mode)?;
        check_url("api_url", &self.api_url, self.mode)?;
        if self.allowed_sources.iter().all(|s| s.trim().is_empty()) {
            return Err(PayfastError::setting(
                "allowed_sources",
                "it is empty, so every ITN would be rejected; list PayFast's hosts or IP ranges",
            ));
        }
        Ok(())
    }
}

/// PayFast's hosts and published ranges, as owned strings.
fn payfast_sources() -> Vec<String> {
    PAYFAST_HOSTS
        .iter()
        .chain(PAYFAST_IP_RANGES.iter())
        .map(|s| (*s).to_owned())
        .collect()
}

fn check_merchant_id(id: &str) -> Result<(), PayfastError> {
    if id.is_empty() {
        return Err(PayfastError::setting("merchant_id", "it is empty"));
    }
    if !id.bytes().all(|b| b.is_ascii_digit()) {
        return Err(PayfastError::setting(
            "merchant_id",
            format!("{id:?} must contain digits only (PayFast merchant IDs are numbers)"),
        ));
    }
    Ok(())
}

fn check_merchant_key(key: &str) -> Result<(), PayfastError> {
    if key.is_empty() {
        return Err(PayfastError::setting("merchant_key", "it is empty"));
    }
    if key.chars().any(|c| c.is_whitespace() || c.is_control()) {
        return Err(PayfastError::setting(
            "merchant_key",
            "it contains spaces or control characters; copy it again from PayFast",
        ));
    }
    Ok(())
}

/// PayFast only accepts letters, digits and `-_/` in a passphrase; anything else makes every
/// signature mismatch. The passphrase itself is never echoed in the message.
fn check_passphrase(passphrase: &str) -> Result<(), PayfastError> {
    let bad = passphrase
        .chars()
        .find(|c| !(c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '/')));
    match bad {
        Some(c) => Err(PayfastError::setting(
            "passphrase",
            format!("it contains {c:?}; PayFast allows only letters, digits and - _ /"),
        )),
        None => Ok(()),
    }
}

/// URLs must be absolute http(s); live ones must be https because they carry payments.
fn check_url(setting: &'static str, url: &str, mode: Mode) -> Result<(), PayfastError> {
    let https = url.starts_with("https://");
    if !https && !url.starts_with("http://") {
        return Err(PayfastError::setting(
            setting,
            format!("{url:?} must start with http:// or https://"),
        ));
    }
    if mode == Mode::Live && !https {
        return Err(PayfastError::setting(
            setting,
            format!("{url:?} must use https:// in live mode"),
        ));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn modes_round_trip() {
        for mode in [Mode::Sandbox, Mode::Live, Mode::Simulator] {
            assert_eq!(mode.to_string().parse::<Mode>().ok(), Some(mode));
        }
        assert_eq!(" LIVE ".parse::<Mode>().ok(), Some(Mode::Live));
        let error = "production".parse::<Mode>().err().map(|e| e.to_string());
        assert_eq!(
            error.as_deref(),
            Some(
                "unknown PayFast mode \"production\": expected \"sandbox\", \"live\" or \"simulator\""
            )
        );
    }

    #[test]
    fn constructors_are_valid() {
        let sandbox = Settings::sandbox();
        assert!(sandbox.validate().is_ok());
        assert!(sandbox.is_test());
        assert_eq!(
            sandbox.validate_url,
            "https://sandbox.payfast.co.za/eng/query/validate"
        );
        assert!(
            sandbox
                .allowed_sources
                .iter()
                .any(|s| s == "w1w.payfast.co.za")
        );
        assert!(
            sandbox
                .allowed_sources
                .iter()
                .any(|s| s == "41.74.179.192/27")
        );

        let live = Settings::live(" 123 ", "abc", Some("  ".to_owned()));
        assert!(live.validate().is_ok());
        assert!(!live.is_test());
        assert_eq!(live.merchant_id, "123");
        assert_eq!(live.passphrase, None);
        assert_eq!(live.process_url, "https://www.payfast.co.za/eng/process");

        let sim = Settings::simulator("http://localhost:8080/");
        assert!(sim.validate().is_ok());
        assert!(sim.is_test());
        assert_eq!(
            sim.process_url,
            "http://localhost:8080/payfast-simulator/eng/process"
        );
        assert_eq!(
            sim.validate_url,
            "http://localhost:8080/payfast-simulator/eng/query/validate"
        );
        assert_eq!(sim.passphrase.as_deref(), Some(SIMULATOR_PASSPHRASE));
        assert_eq!(sim.allowed_sources, ["127.0.0.1", "::1"]);
    }

    fn reason(settings: &Settings) -> String {
        settings
            .validate()
            .err()
            .map(|e| e.to_string())
            .unwrap_or_default()
    }

    #[test]
    fn validate_names_the_problem() {
        let mut s = Settings::sandbox();
        s.merchant_id = "10000100x".to_owned();
        assert!(reason(&s).contains("`merchant_id`"), "{}", reason(&s));

        let mut s = Settings::sandbox();
        s.merchant_key = String::new();
        assert!(reason(&s).contains("`merchant_key`: it is empty"));

        let mut s = Settings::sandbox();
        s.passphrase = Some("no spaces allowed".to_owned());
        assert!(reason(&s).contains("`passphrase`: it contains ' '"));
        assert!(!reason(&s).contains("no spaces allowed"), "never echo it");
        s.passphrase = Some("ok-Pass_phrase/9".to_owned());
        assert!(s.validate().is_ok());

        let mut s = Settings::sandbox();
        s.validate_url = "sandbox.payfast.co.za/eng/query/validate".to_owned();
        assert!(reason(&s).contains("`validate_url`"));

        let mut s = Settings::live("1", "k", None);
        s.process_url = "http://www.payfast.co.za/eng/process".to_owned();
        assert!(reason(&s).contains("https:// in live mode"));

        let mut s = Settings::sandbox();
        s.allowed_sources.clear();
        assert!(reason(&s).contains("`allowed_sources`"));
    }

    #[test]
    fn debug_hides_the_passphrase() {
        let settings = Settings::simulator("http://localhost");
        let debug = format!("{settings:?}");
        assert!(!debug.contains(SIMULATOR_PASSPHRASE));
        assert!(debug.contains("<hidden>"));
    }
}
