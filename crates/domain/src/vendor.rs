//! Becoming and being a vendor: the application form and its field rules, the moves of an
//! application, South African payout accounts, commission rates and the agreement rule.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

use crate::FieldErrors;
use crate::text::Slug;

pub use crate::store_page::*;

string_enum!(
    /// An application moves submitted → approved | rejected | changes requested; a rejected
    /// or changes-requested one is edited and submitted again.
    ApplicationStatus {
        Submitted = "submitted",
        Approved = "approved",
        Rejected = "rejected",
        ChangesRequested = "changes_requested",
    }
    expected "submitted, approved, rejected, changes_requested"
);

string_enum!(
    /// What an admin decides about a submitted application.
    Decision { Approve = "approve", Reject = "reject", RequestChanges = "request_changes" }
    expected "approve, reject, request_changes"
);

impl ApplicationStatus {
    /// Only a submitted application waits for a decision.
    pub fn awaits_decision(self) -> bool {
        self == ApplicationStatus::Submitted
    }

    /// The applicant may edit and resubmit after a rejection or a request for changes.
    pub fn may_resubmit(self) -> bool {
        matches!(
            self,
            ApplicationStatus::Rejected | ApplicationStatus::ChangesRequested
        )
    }

    /// Still in play: a user has at most one open application.
    pub fn is_open(self) -> bool {
        matches!(
            self,
            ApplicationStatus::Submitted | ApplicationStatus::ChangesRequested
        )
    }
}

impl Decision {
    /// The status a decision moves a submitted application to.
    pub fn outcome(self) -> ApplicationStatus {
        match self {
            Decision::Approve => ApplicationStatus::Approved,
            Decision::Reject => ApplicationStatus::Rejected,
            Decision::RequestChanges => ApplicationStatus::ChangesRequested,
        }
    }

    /// Rejections and requests for changes tell the applicant why.
    pub fn needs_message(self) -> bool {
        self != Decision::Approve
    }
}

/// A South African bank payouts can go to, with its universal branch code.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Bank {
    pub name: &'static str,
    pub universal_branch_code: &'static str,
}

/// The banks vendors can be paid into (universal branch codes as the banks publish them).
pub const BANKS: &[Bank] = &[
    Bank {
        name: "Absa Bank",
        universal_branch_code: "632005",
    },
    Bank {
        name: "Access Bank",
        universal_branch_code: "410506",
    },
    Bank {
        name: "African Bank",
        universal_branch_code: "430000",
    },
    Bank {
        name: "Bidvest Bank",
        universal_branch_code: "462005",
    },
    Bank {
        name: "Capitec Bank",
        universal_branch_code: "470010",
    },
    Bank {
        name: "Capitec Business",
        universal_branch_code: "450105",
    },
    Bank {
        name: "Discovery Bank",
        universal_branch_code: "679000",
    },
    Bank {
        name: "First National Bank",
        universal_branch_code: "250655",
    },
    Bank {
        name: "Grindrod Bank",
        universal_branch_code: "584000",
    },
    Bank {
        name: "Investec Bank",
        universal_branch_code: "580105",
    },
    Bank {
        name: "Mercantile Bank",
        universal_branch_code: "450905",
    },
    Bank {
        name: "Nedbank",
        universal_branch_code: "198765",
    },
    Bank {
        name: "Old Mutual",
        universal_branch_code: "462005",
    },
    Bank {
        name: "Sasfin Bank",
        universal_branch_code: "683000",
    },
    Bank {
        name: "Standard Bank",
        universal_branch_code: "051001",
    },
    Bank {
        name: "TymeBank",
        universal_branch_code: "678910",
    },
];

/// An account payouts are made into, checked.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PayoutAccount {
    pub bank_name: String,
    pub account_holder: String,
    pub account_number: String,
    pub branch_code: String,
}

/// The account number as it may be shown anywhere: all but the last four digits hidden.
pub fn mask_account_number(number: &str) -> String {
    let digits: Vec<char> = number.chars().collect();
    let tail: String = digits[digits.len().saturating_sub(4)..].iter().collect();
    format!("•••• {tail}")
}

/// What an applicant sends, before any checks.
#[derive(Debug, Clone, Default, Deserialize)]
pub struct ApplicationDraft {
    pub store_name: String,
    pub store_slug: String,
    pub description: String,
    pub category_focus: String,
    pub contact_phone: String,
    pub company_registration: Option<String>,
    pub vat_number: Option<String>,
    pub bank_name: String,
    pub account_holder: String,
    pub account_number: String,
    pub branch_code: String,
}

/// An application whose every field passed its rule, normalised for storing.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ApplicationForm {
    pub store_name: String,
    pub store_slug: String,
    pub description: String,
    pub category_focus: String,
    /// `+27` and nine digits.
    pub contact_phone: String,
    pub company_registration: Option<String>,
    pub vat_number: Option<String>,
    pub payout: PayoutAccount,
}

pub const STORE_NAME_CHARS: (usize, usize) = (2, 60);
pub const STORE_SLUG_CHARS: (usize, usize) = (3, 40);
pub const DESCRIPTION_CHARS: (usize, usize) = (20, 2000);
pub const CATEGORY_FOCUS_CHARS: (usize, usize) = (2, 80);
pub const ACCOUNT_HOLDER_CHARS: (usize, usize) = (2, 80);

/// Store slugs that would read as one of the site's own pages.
const RESERVED_SLUGS: &[&str] = &[
    "admin", "api", "auth", "bazaar", "help", "media", "official", "seller", "store", "support",
    "vendor",
];

pub(crate) fn text_within(
    value: &str,
    (min, max): (usize, usize),
    what: &str,
) -> Result<String, String> {
    let value = value.trim();
    let n = value.chars().count();
    if n < min || n > max {
        return Err(format!("{what} must be {min} to {max} characters"));
    }
    if value
        .chars()
        .any(|c| c.is_control() && c != '\n' && c != '\r')
    {
        return Err(format!("{what} must not contain control characters"));
    }
    Ok(value.to_owned())
}

/// A store's address on the site (`/store/{slug}`): 3–40 lower-case letters, digits and
/// single hyphens, not one of the site's own words.
pub fn parse_store_slug(raw: &str) -> Result<String, String> {
    let slug = raw.trim().to_ascii_lowercase();
    let (min, max) = STORE_SLUG_CHARS;
    if slug.len() < min || slug.len() > max || Slug::parse(&slug).is_err() {
        return Err(format!(
            "Use {min} to {max} lower-case letters, digits and single hyphens, like cape-town-kicks"
        ));
    }
    if RESERVED_SLUGS.contains(&slug.as_str()) {
        return Err("This address is reserved: choose another".to_owned());
    }
    Ok(slug)
}

/// A South African phone number (`082 555 1234`, `+27 82 555 1234`), as `+27825551234`.
pub fn parse_phone(raw: &str) -> Result<String, String> {
    let compact: String = raw
        .chars()
        .filter(|c| !matches!(c, ' ' | '-' | '(' | ')'))
        .collect();
    let national = compact
        .strip_prefix("+27")
        .or_else(|| compact.strip_prefix("0027"))
        .or_else(|| compact.strip_prefix('0'));
    match national {
        Some(n) if n.len() == 9 && n.bytes().all(|b| b.is_ascii_digit()) && !n.starts_with('0') => {
            Ok(format!("+27{n}"))
        }
        _ => Err("Enter a South African number, like 082 555 1234".to_owned()),
    }
}

/// A CIPC company registration number: `YYYY/NNNNNN/NN`.
pub fn parse_company_registration(raw: &str) -> Result<String, String> {
    let value = raw.trim();
    let parts: Vec<&str> = value.split('/').collect();
    let shape = [4, 6, 2];
    let ok = parts.len() == 3
        && parts
            .iter()
            .zip(shape)
            .all(|(p, n)| p.len() == n && p.bytes().all(|b| b.is_ascii_digit()));
    if ok {
        Ok(value.to_owned())
    } else {
        Err("Use the CIPC format, like 2019/123456/07".to_owned())
    }
}

/// A South African VAT number: ten digits starting with 4.
pub fn parse_vat_number(raw: &str) -> Result<String, String> {
    let value: String = raw.chars().filter(|c| !c.is_whitespace()).collect();
    if value.len() == 10 && value.starts_with('4') && value.bytes().all(|b| b.is_ascii_digit()) {
        Ok(value)
    } else {
        Err("A VAT number is 10 digits starting with 4".to_owned())
    }
}

/// The value of a checked field, or `None` with its problem noted in `errors`.
pub(crate) fn keep_error(
    errors: &mut FieldErrors,
    field: &str,
    result: Result<String, String>,
) -> Option<String> {
    result.map_err(|e| errors.insert(field.to_owned(), e)).ok()
}

pub(crate) fn optional(raw: &Option<String>) -> Option<&str> {
    raw.as_deref().map(str::trim).filter(|s| !s.is_empty())
}

impl ApplicationDraft {
    /// Checks every field; all problems are reported at once.
    pub fn parse(&self) -> Result<ApplicationForm, FieldErrors> {
        let mut errors = FieldErrors::new();
        let mut check = |field: &str, result| keep_error(&mut errors, field, result);
        let store_name = check(
            "store_name",
            text_within(&self.store_name, STORE_NAME_CHARS, "Store name"),
        );
        let store_slug = check("store_slug", parse_store_slug(&self.store_slug));
        let description = check(
            "description",
            text_within(&self.description, DESCRIPTION_CHARS, "Description"),
        );
        let category_focus = check(
            "category_focus",
            text_within(&self.category_focus, CATEGORY_FOCUS_CHARS, "Category focus"),
        );
        let contact_phone = check("contact_phone", parse_phone(&self.contact_phone));
        let company_registration = optional(&self.company_registration)
            .map(|v| check("company_registration", parse_company_registration(v)));
        let vat_number =
            optional(&self.vat_number).map(|v| check("vat_number", parse_vat_number(v)));
        let bank = BANKS
            .iter()
            .find(|b| b.name.eq_ignore_ascii_case(self.bank_name.trim()));
        let bank_name = check(
            "bank.bank_name",
            bank.map(|b| b.name.to_owned())
                .ok_or_else(|| "Choose your bank from the list".to_owned()),
        );
        let account_holder = check(
            "bank.account_holder",
            text_within(&self.account_holder, ACCOUNT_HOLDER_CHARS, "Account holder"),
        );
        let digits: String = self
            .account_number
            .chars()
            .filter(|c| !matches!(c, ' ' | '-'))
            .collect();
        let account_number = check(
            "bank.account_number",
            if (6..=13).contains(&digits.len()) && digits.bytes().all(|b| b.is_ascii_digit()) {
                Ok(digits)
            } else {
                Err("An account number is 6 to 13 digits".to_owned())
            },
        );
        let branch = self.branch_code.trim();
        let branch_code = check(
            "bank.branch_code",
            if branch.len() == 6 && branch.bytes().all(|b| b.is_ascii_digit()) {
                Ok(branch.to_owned())
            } else {
                Err("A branch code is 6 digits".to_owned())
            },
        );
        if !errors.is_empty() {
            return Err(errors);
        }
        // Every value is present once no field failed.
        let (
            Some(store_name),
            Some(store_slug),
            Some(description),
            Some(category_focus),
            Some(contact_phone),
            Some(bank_name),
            Some(account_holder),
            Some(account_number),
            Some(branch_code),
        ) = (
            store_name,
            store_slug,
            description,
            category_focus,
            contact_phone,
            bank_name,
            account_holder,
            account_number,
            branch_code,
        )
        else {
            unreachable!("a missing value was reported as an error")
        };
        Ok(ApplicationForm {
            store_name,
            store_slug,
            description,
            category_focus,
            contact_phone,
            company_registration: company_registration.flatten(),
            vat_number: vat_number.flatten(),
            payout: PayoutAccount {
                bank_name,
                account_holder,
                account_number,
                branch_code,
            },
        })
    }
}

/// A commission rate in basis points (1000 = 10 %).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub struct CommissionRate(i64);

/// The highest commission an agreement or an override may set (50 %).
pub const MAX_COMMISSION_BPS: i64 = 5000;

impl CommissionRate {
    pub fn from_bps(bps: i64) -> Result<Self, String> {
        if (0..=MAX_COMMISSION_BPS).contains(&bps) {
            Ok(CommissionRate(bps))
        } else {
            Err(format!(
                "A commission rate is 0 to {MAX_COMMISSION_BPS} basis points (0 % to 50 %)"
            ))
        }
    }

    pub fn bps(self) -> i64 {
        self.0
    }

    /// The rate a vendor pays: their override when an admin set one, else the agreement's.
    pub fn effective(override_bps: Option<i64>, agreement_bps: i64) -> i64 {
        override_bps.unwrap_or(agreement_bps)
    }
}

impl fmt::Display for CommissionRate {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (whole, rest) = (self.0 / 100, self.0 % 100);
        if rest == 0 {
            write!(f, "{whole} %")
        } else {
            write!(f, "{whole}.{rest:02} %")
        }
    }
}

/// A new agreement version, checked.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AgreementText {
    pub title: String,
    pub commission: CommissionRate,
    pub payout_schedule: String,
    pub terms: String,
}

impl AgreementText {
    pub fn parse(
        title: &str,
        commission_bps: i64,
        payout_schedule: &str,
        terms: &str,
    ) -> Result<Self, FieldErrors> {
        let mut errors = FieldErrors::new();
        let title =
            text_within(title, (3, 120), "Title").map_err(|e| errors.insert("title".into(), e));
        let commission = CommissionRate::from_bps(commission_bps)
            .map_err(|e| errors.insert("commission_rate_bps".into(), e));
        let payout_schedule = text_within(payout_schedule, (3, 200), "Payout schedule")
            .map_err(|e| errors.insert("payout_schedule".into(), e));
        let terms =
            text_within(terms, (20, 50_000), "Terms").map_err(|e| errors.insert("terms".into(), e));
        match (title, commission, payout_schedule, terms) {
            (Ok(title), Ok(commission), Ok(payout_schedule), Ok(terms)) => Ok(AgreementText {
                title,
                commission,
                payout_schedule,
                terms,
            }),
            _ => Err(errors),
        }
    }
}

/// A vendor publishes products only under the current agreement: once a new version is
/// out, they accept it first.
pub fn may_publish(accepted_version: Option<i64>, current_version: i64) -> bool {
    accepted_version.is_some_and(|v| v >= current_version)
}

/// A reason or message from an admin: 3–1000 characters.
pub fn parse_message(raw: &str) -> Result<String, String> {
    text_within(raw, (3, 1000), "The message")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn draft() -> ApplicationDraft {
        ApplicationDraft {
            store_name: " Kasi Kicks ".into(),
            store_slug: "Kasi-Kicks".into(),
            description: "Sneakers and streetwear from Soweto's own designers.".into(),
            category_focus: "Sneakers".into(),
            contact_phone: "082 555 1234".into(),
            company_registration: Some("2019/123456/07".into()),
            vat_number: Some("".into()),
            bank_name: "capitec bank".into(),
            account_holder: "Kasi Kicks (Pty) Ltd".into(),
            account_number: "1234 567 890".into(),
            branch_code: "470010".into(),
        }
    }

    #[test]
    fn a_good_application_is_normalised() {
        let form = draft().parse().unwrap();
        assert_eq!(form.store_name, "Kasi Kicks");
        assert_eq!(form.store_slug, "kasi-kicks");
        assert_eq!(form.contact_phone, "+27825551234");
        assert_eq!(form.company_registration.as_deref(), Some("2019/123456/07"));
        assert_eq!(form.vat_number, None);
        assert_eq!(form.payout.bank_name, "Capitec Bank");
        assert_eq!(form.payout.account_number, "1234567890");
    }

    #[test]
    fn every_bad_field_is_reported_at_once() {
        let bad = ApplicationDraft {
            store_name: "K".into(),
            store_slug: "admin".into(),
            description: "short".into(),
            category_focus: "".into(),
            contact_phone: "555".into(),
            company_registration: Some("12345".into()),
            vat_number: Some("123".into()),
            bank_name: "Bank of Narnia".into(),
            account_holder: "".into(),
            account_number: "12ab".into(),
            branch_code: "1".into(),
        };
        let errors = bad.parse().unwrap_err();
        let fields: Vec<&str> = errors.keys().map(String::as_str).collect();
        assert_eq!(
            fields,
            [
                "bank.account_holder",
                "bank.account_number",
                "bank.bank_name",
                "bank.branch_code",
                "category_focus",
                "company_registration",
                "contact_phone",
                "description",
                "store_name",
                "store_slug",
                "vat_number"
            ]
        );
        assert_eq!(
            errors["store_slug"],
            "This address is reserved: choose another"
        );
    }

    #[test]
    fn phones_slugs_and_numbers() {
        assert_eq!(parse_phone("+27 (82) 555-1234").unwrap(), "+27825551234");
        assert_eq!(parse_phone("0027825551234").unwrap(), "+27825551234");
        assert!(parse_phone("0025551234").is_err());
        assert!(parse_phone("08255512345").is_err());
        assert!(parse_store_slug("ab").is_err());
        assert!(parse_store_slug("a--b").is_err());
        assert!(parse_store_slug(&"a".repeat(41)).is_err());
        assert_eq!(parse_store_slug(" Cape-Town ").unwrap(), "cape-town");
        assert_eq!(parse_vat_number("4123 456 789").unwrap(), "4123456789");
        assert!(parse_vat_number("5123456789").is_err());
        assert!(parse_company_registration("2019/12345/07").is_err());
        assert_eq!(mask_account_number("1234567890"), "•••• 7890");
        assert_eq!(mask_account_number("12"), "•••• 12");
    }

    #[test]
    fn decisions_move_only_submitted_applications() {
        use ApplicationStatus::*;
        assert!(Submitted.awaits_decision());
        for s in [Approved, Rejected, ChangesRequested] {
            assert!(!s.awaits_decision());
        }
        assert!(Rejected.may_resubmit() && ChangesRequested.may_resubmit());
        assert!(!Submitted.may_resubmit() && !Approved.may_resubmit());
        assert_eq!(Decision::Approve.outcome(), Approved);
        assert_eq!(Decision::Reject.outcome(), Rejected);
        assert_eq!(Decision::RequestChanges.outcome(), ChangesRequested);
        assert!(!Decision::Approve.needs_message() && Decision::Reject.needs_message());
    }

    #[test]
    fn commission_and_agreements() {
        assert!(CommissionRate::from_bps(-1).is_err());
        assert!(CommissionRate::from_bps(5001).is_err());
        assert_eq!(
            CommissionRate::from_bps(1250).unwrap().to_string(),
            "12.50 %"
        );
        assert_eq!(CommissionRate::from_bps(1000).unwrap().to_string(), "10 %");
        assert_eq!(CommissionRate::effective(Some(800), 1000), 800);
        assert_eq!(CommissionRate::effective(None, 1000), 1000);
        assert!(may_publish(Some(2), 2));
        assert!(!may_publish(Some(1), 2));
        assert!(!may_publish(None, 1));
        let errors = AgreementText::parse("", 9000, "Weekly", "short").unwrap_err();
        assert_eq!(errors.len(), 3);
    }
}
