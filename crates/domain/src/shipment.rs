//! How a vendor's parcel travels: the courier, the tracking number and the link the buyer
//! follows.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

string_enum! {
    /// Couriers South African stores ship with, and `other`.
    Courier {
        TheCourierGuy = "the_courier_guy",
        Pargo = "pargo",
        Paxi = "paxi",
        Postnet = "postnet",
        Aramex = "aramex",
        Fastway = "fastway",
        DawnWing = "dawn_wing",
        Ram = "ram",
        CourierIt = "courier_it",
        Dsv = "dsv",
        SaPostOffice = "sa_post_office",
        Other = "other",
    } expected "the_courier_guy, pargo, paxi, postnet, aramex, fastway, dawn_wing, ram, courier_it, dsv, sa_post_office or other"
}

impl Courier {
    pub fn name(self) -> &'static str {
        match self {
            Courier::TheCourierGuy => "The Courier Guy",
            Courier::Pargo => "Pargo",
            Courier::Paxi => "PAXI",
            Courier::Postnet => "PostNet",
            Courier::Aramex => "Aramex",
            Courier::Fastway => "Fastway",
            Courier::DawnWing => "Dawn Wing",
            Courier::Ram => "RAM",
            Courier::CourierIt => "Courier IT",
            Courier::Dsv => "DSV",
            Courier::SaPostOffice => "SA Post Office",
            Courier::Other => "Other courier",
        }
    }

    /// The courier's own tracking page, where the buyer enters the number (the stores'
    /// couriers change their deep-link formats; a vendor may give the exact link instead).
    pub fn tracking_page(self) -> Option<&'static str> {
        match self {
            Courier::TheCourierGuy => Some("https://www.thecourierguy.co.za/tracking"),
            Courier::Pargo => Some("https://pargo.co.za/track-trace/"),
            Courier::Paxi => Some("https://www.paxi.co.za/track"),
            Courier::Postnet => Some("https://www.postnet.co.za/track-trace"),
            Courier::Aramex => Some("https://www.aramex.co.za/tools/track"),
            Courier::Fastway => Some("https://www.fastway.co.za/our-services/track-your-parcel"),
            Courier::DawnWing => Some("https://www.dawnwing.co.za/tracking"),
            Courier::Ram => Some("https://www.ram.co.za/track"),
            Courier::CourierIt => Some("https://www.courierit.co.za/tracking"),
            Courier::Dsv => Some("https://www.dsv.com/en/tools/track-and-trace"),
            Courier::SaPostOffice => Some("https://www.postoffice.co.za/tracking"),
            Courier::Other => None,
        }
    }
}

/// A shipment as a vendor gives it, checked.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Shipment {
    pub courier: Courier,
    pub tracking_number: String,
    /// The exact tracking link, when the vendor gave one.
    pub tracking_url: Option<String>,
}

/// Why a shipment was refused, by field.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ShipmentError {
    pub field: &'static str,
    pub message: String,
}

pub const TRACKING_NUMBER_MAX: usize = 64;
pub const TRACKING_URL_MAX: usize = 500;

impl Shipment {
    /// Parses what the vendor typed: a known courier, a tracking number of letters,
    /// digits, spaces and `-`, `/`, `.` (1–64), and optionally an `https://` link.
    pub fn parse(
        courier: Option<&str>,
        tracking_number: Option<&str>,
        tracking_url: Option<&str>,
    ) -> Result<Shipment, ShipmentError> {
        let courier = courier
            .map(str::trim)
            .filter(|c| !c.is_empty())
            .ok_or_else(|| ShipmentError {
                field: "courier",
                message: "Choose the courier".into(),
            })?
            .parse::<Courier>()
            .map_err(|e| ShipmentError {
                field: "courier",
                message: format!("Unknown courier: {e}"),
            })?;
        let number = tracking_number.map(str::trim).unwrap_or_default();
        if number.is_empty() {
            return Err(ShipmentError {
                field: "tracking_number",
                message: "Enter the tracking number".into(),
            });
        }
        if number.chars().count() > TRACKING_NUMBER_MAX
            || !number
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || matches!(c, ' ' | '-' | '/' | '.'))
        {
            return Err(ShipmentError {
                field: "tracking_number",
                message: format!(
                    "A tracking number is up to {TRACKING_NUMBER_MAX} letters, digits, spaces, '-', '/' or '.'"
                ),
            });
        }
        let url = tracking_url.map(str::trim).filter(|u| !u.is_empty());
        if let Some(u) = url {
            let host = u.strip_prefix("https://").unwrap_or_default();
            if u.len() > TRACKING_URL_MAX
                || host.is_empty()
                || host.starts_with('/')
                || u.chars().any(|c| c.is_whitespace() || c.is_control())
            {
                return Err(ShipmentError {
                    field: "tracking_url",
                    message: "The tracking link must be an https:// address".into(),
                });
            }
        }
        Ok(Shipment {
            courier,
            tracking_number: number.to_owned(),
            tracking_url: url.map(str::to_owned),
        })
    }
}

/// The link the buyer follows: the vendor's, else the courier's tracking page.
pub fn tracking_link(courier: Option<&str>, tracking_url: Option<&str>) -> Option<String> {
    tracking_url.map(str::to_owned).or_else(|| {
        courier
            .and_then(|c| c.parse::<Courier>().ok())
            .and_then(Courier::tracking_page)
            .map(str::to_owned)
    })
}

/// The courier's name for a stored code (the code itself if unknown).
pub fn courier_name(code: &str) -> String {
    code.parse::<Courier>()
        .map(|c| c.name().to_owned())
        .unwrap_or_else(|_| code.to_owned())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_a_shipment() {
        let s = Shipment::parse(Some("the_courier_guy"), Some(" TCG-12345 "), None).unwrap();
        assert_eq!(s.courier, Courier::TheCourierGuy);
        assert_eq!(s.tracking_number, "TCG-12345");
        assert_eq!(
            tracking_link(Some("the_courier_guy"), None).as_deref(),
            Some("https://www.thecourierguy.co.za/tracking")
        );
        let own =
            Shipment::parse(Some("other"), Some("X1"), Some("https://track.example/X1")).unwrap();
        assert_eq!(
            tracking_link(Some("other"), own.tracking_url.as_deref()).as_deref(),
            Some("https://track.example/X1")
        );
        assert_eq!(tracking_link(Some("other"), None), None);
    }

    #[test]
    fn refuses_bad_input() {
        let long = "9".repeat(65);
        let field = |c, n, u| Shipment::parse(c, n, u).unwrap_err().field;
        assert_eq!(field(None, Some("1"), None), "courier");
        assert_eq!(field(Some("pigeon"), Some("1"), None), "courier");
        assert_eq!(field(Some("pargo"), None, None), "tracking_number");
        assert_eq!(
            field(Some("pargo"), Some("<script>"), None),
            "tracking_number"
        );
        assert_eq!(
            field(Some("pargo"), Some(long.as_str()), None),
            "tracking_number"
        );
        assert_eq!(
            field(Some("pargo"), Some("1"), Some("javascript:alert(1)")),
            "tracking_url"
        );
        assert_eq!(
            field(Some("pargo"), Some("1"), Some("http://x.example")),
            "tracking_url"
        );
        assert_eq!(courier_name("dawn_wing"), "Dawn Wing");
    }
}
