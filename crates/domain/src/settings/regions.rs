//! Where the shop delivers (`/admin/countries-settings`): South Africa's provinces that are
//! served. Addresses are checked as South African ones (see [`crate::checkout`]), so South
//! Africa is the one country that can be on; the others are listed for when deliveries
//! abroad exist.

use serde_json::{Value, json};

use crate::FieldErrors;
use crate::checkout::PROVINCES;

/// The system setting the provinces served are kept in.
pub const REGIONS_KEY: &str = "delivery_regions";
/// The country addresses are checked for.
pub const HOME_COUNTRY: &str = "ZA";

pub const HOME_COUNTRY_OFF: &str = "South Africa must stay on: orders are delivered there";
pub const ABROAD_UNSUPPORTED: &str = "Deliveries outside South Africa are not supported yet";
pub const NO_PROVINCE: &str = "Deliver to at least one province";

/// The provinces delivered to, by code, in [`PROVINCES`] order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Regions {
    pub provinces: Vec<&'static str>,
}

impl Default for Regions {
    fn default() -> Self {
        Self {
            provinces: PROVINCES.iter().map(|(code, _)| *code).collect(),
        }
    }
}

impl Regions {
    /// The stored setting; every province when none is stored or none can be read.
    pub fn read(value: Option<&Value>) -> Self {
        let listed: Vec<&str> = value
            .and_then(|v| v.get("provinces"))
            .and_then(Value::as_array)
            .map(|a| a.iter().filter_map(Value::as_str).collect())
            .unwrap_or_default();
        let provinces: Vec<&'static str> = PROVINCES
            .iter()
            .map(|(code, _)| *code)
            .filter(|code| listed.contains(code))
            .collect();
        if provinces.is_empty() {
            Self::default()
        } else {
            Self { provinces }
        }
    }

    pub fn value(&self) -> Value {
        json!({ "provinces": self.provinces })
    }

    /// Whether the province (by its full name, as a checked address has it) is served.
    pub fn delivers_to(&self, province_name: &str) -> bool {
        PROVINCES
            .iter()
            .any(|(code, name)| *name == province_name && self.provinces.contains(code))
    }

    /// The full names of the provinces served.
    pub fn names(&self) -> Vec<&'static str> {
        PROVINCES
            .iter()
            .filter(|(code, _)| self.provinces.contains(code))
            .map(|(_, name)| *name)
            .collect()
    }

    /// The refusal for an address in a province that is not served.
    pub fn refusal(province_name: &str) -> String {
        format!("We don't deliver to {province_name} yet")
    }

    /// The admin's choice: the countries switched on (by code) and the provinces served.
    pub fn parse(countries_on: &[String], provinces_on: &[String]) -> Result<Regions, FieldErrors> {
        let mut errors = FieldErrors::new();
        if !countries_on
            .iter()
            .any(|c| c.eq_ignore_ascii_case(HOME_COUNTRY))
        {
            errors.insert("countries".into(), HOME_COUNTRY_OFF.into());
        } else if countries_on
            .iter()
            .any(|c| !c.eq_ignore_ascii_case(HOME_COUNTRY))
        {
            errors.insert("countries".into(), ABROAD_UNSUPPORTED.into());
        }
        let provinces: Vec<&'static str> = PROVINCES
            .iter()
            .map(|(code, _)| *code)
            .filter(|code| provinces_on.iter().any(|p| p.eq_ignore_ascii_case(code)))
            .collect();
        if provinces.is_empty() {
            errors.insert("provinces".into(), NO_PROVINCE.into());
        }
        if errors.is_empty() {
            Ok(Regions { provinces })
        } else {
            Err(errors)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn s(v: &[&str]) -> Vec<String> {
        v.iter().map(|s| (*s).to_owned()).collect()
    }

    #[test]
    fn south_africa_only_and_at_least_one_province() {
        let r = Regions::parse(&s(&["ZA"]), &s(&["gp", "WC"])).unwrap();
        assert_eq!(r.provinces, ["GP", "WC"]);
        assert!(r.delivers_to("Gauteng"));
        assert!(!r.delivers_to("Limpopo"));
        assert_eq!(r.names(), ["Gauteng", "Western Cape"]);
        assert_eq!(Regions::read(Some(&r.value())), r);
        assert_eq!(
            Regions::parse(&s(&[]), &s(&["GP"])).unwrap_err()["countries"],
            HOME_COUNTRY_OFF
        );
        assert_eq!(
            Regions::parse(&s(&["ZA", "NA"]), &s(&["GP"])).unwrap_err()["countries"],
            ABROAD_UNSUPPORTED
        );
        assert_eq!(
            Regions::parse(&s(&["ZA"]), &s(&["XX"])).unwrap_err()["provinces"],
            NO_PROVINCE
        );
        assert_eq!(Regions::read(None).provinces.len(), 9);
    }
}
