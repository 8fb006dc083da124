//! Tracking tools: Google Analytics 4, a Google Ads conversion, Hotjar and the Meta Pixel.
//! Each is kept in the system setting SPEC.md names (`ga4_config`, …), is on only when it
//! is enabled with a well-formed id, and is loaded by the site only after the visitor
//! accepts its cookie category: analytics for GA4 and Hotjar, marketing for Google Ads and
//! the Meta Pixel.

use serde::Serialize;
use serde_json::{Value, json};

use crate::FieldErrors;

pub const GA4_KEY: &str = "ga4_config";
pub const GOOGLE_ADS_KEY: &str = "google_conversion_config";
pub const HOTJAR_KEY: &str = "hotjar_config";
pub const META_PIXEL_KEY: &str = "meta_pixel_config";
/// The four settings, in [`Tracking::read`]'s order.
pub const KEYS: [&str; 4] = [GA4_KEY, GOOGLE_ADS_KEY, HOTJAR_KEY, META_PIXEL_KEY];

/// What a visitor consents to. Necessary cookies (the cart, the session) need no consent.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum ConsentCategory {
    Necessary,
    Analytics,
    Marketing,
}

#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct Ga4 {
    pub enabled: bool,
    /// `G-` and letters or digits.
    pub measurement_id: String,
    pub anonymize_ip: bool,
    pub send_page_view: bool,
}

/// The labels of a Google Ads conversion, one per event; an empty label sends nothing.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct AdsLabels {
    pub purchase: String,
    pub add_to_cart: String,
    pub begin_checkout: String,
    pub sign_up: String,
}

#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct GoogleAds {
    pub enabled: bool,
    /// `AW-` and digits.
    pub conversion_id: String,
    pub labels: AdsLabels,
}

#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct Hotjar {
    pub enabled: bool,
    /// Digits.
    pub site_id: String,
}

#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct MetaPixel {
    pub enabled: bool,
    /// Digits.
    pub pixel_id: String,
    pub track_page_view: bool,
    pub track_add_to_cart: bool,
    pub track_purchase: bool,
}

/// The four tools as stored, or as an admin sent them before [`Tracking::parse`].
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct Tracking {
    pub ga4: Ga4,
    pub google_ads: GoogleAds,
    pub hotjar: Hotjar,
    pub meta_pixel: MetaPixel,
}

impl ConsentCategory {
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Necessary => "necessary",
            Self::Analytics => "analytics",
            Self::Marketing => "marketing",
        }
    }
}

impl Ga4 {
    pub const CATEGORY: ConsentCategory = ConsentCategory::Analytics;
    /// Enabled with a well-formed id: the site loads it (after consent).
    pub fn active(&self) -> bool {
        self.enabled && ga4_id(&self.measurement_id)
    }
}

impl GoogleAds {
    pub const CATEGORY: ConsentCategory = ConsentCategory::Marketing;
    pub fn active(&self) -> bool {
        self.enabled && ads_id(&self.conversion_id)
    }
}

impl Hotjar {
    pub const CATEGORY: ConsentCategory = ConsentCategory::Analytics;
    pub fn active(&self) -> bool {
        self.enabled && digits(&self.site_id, 1, 10)
    }
}

impl MetaPixel {
    pub const CATEGORY: ConsentCategory = ConsentCategory::Marketing;
    pub fn active(&self) -> bool {
        self.enabled && digits(&self.pixel_id, 10, 20)
    }
}

fn ga4_id(id: &str) -> bool {
    id.strip_prefix("G-").is_some_and(|rest| {
        (4..=16).contains(&rest.len())
            && rest
                .bytes()
                .all(|b| b.is_ascii_uppercase() || b.is_ascii_digit())
    })
}

fn ads_id(id: &str) -> bool {
    id.strip_prefix("AW-")
        .is_some_and(|rest| digits(rest, 6, 15))
}

fn digits(s: &str, min: usize, max: usize) -> bool {
    (min..=max).contains(&s.len()) && s.bytes().all(|b| b.is_ascii_digit())
}

fn label(s: &str) -> bool {
    s.len() <= 64
        && s.bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b'-')
}

fn text(v: Option<&Value>, key: &str) -> String {
    v.and_then(|v| v.get(key))
        .and_then(Value::as_str)
        .map(|s| s.trim().to_owned())
        .unwrap_or_default()
}

fn flag(v: Option<&Value>, key: &str, fallback: bool) -> bool {
    v.and_then(|v| v.get(key))
        .and_then(Value::as_bool)
        .unwrap_or(fallback)
}

impl Tracking {
    /// Reads the four stored values, in [`KEYS`]' order; what is missing is off.
    pub fn read([ga4, ads, hotjar, pixel]: [Option<&Value>; 4]) -> Self {
        let labels = ads.and_then(|a| a.get("labels"));
        Self {
            ga4: Ga4 {
                enabled: flag(ga4, "enabled", false),
                measurement_id: text(ga4, "measurement_id"),
                anonymize_ip: flag(ga4, "anonymize_ip", true),
                send_page_view: flag(ga4, "send_page_view", true),
            },
            google_ads: GoogleAds {
                enabled: flag(ads, "enabled", false),
                conversion_id: text(ads, "conversion_id"),
                labels: AdsLabels {
                    purchase: text(labels, "purchase"),
                    add_to_cart: text(labels, "add_to_cart"),
                    begin_checkout: text(labels, "begin_checkout"),
                    sign_up: text(labels, "sign_up"),
                },
            },
            hotjar: Hotjar {
                enabled: flag(hotjar, "enabled", false),
                site_id: text(hotjar, "site_id"),
            },
            meta_pixel: MetaPixel {
                enabled: flag(pixel, "enabled", false),
                pixel_id: text(pixel, "pixel_id"),
                track_page_view: flag(pixel, "track_page_view", true),
                track_add_to_cart: flag(pixel, "track_add_to_cart", true),
                track_purchase: flag(pixel, "track_purchase", true),
            },
        }
    }

    /// The fields each setting gets, in [`KEYS`]' order (merged into what else it holds).
    pub fn values(&self) -> [Value; 4] {
        let (g, a, h, m) = (&self.ga4, &self.google_ads, &self.hotjar, &self.meta_pixel);
        [
            json!({
                "enabled": g.enabled,
                "measurement_id": g.measurement_id,
                "anonymize_ip": g.anonymize_ip,
                "send_page_view": g.send_page_view,
            }),
            json!({
                "enabled": a.enabled,
                "conversion_id": a.conversion_id,
                "labels": {
                    "purchase": a.labels.purchase,
                    "add_to_cart": a.labels.add_to_cart,
                    "begin_checkout": a.labels.begin_checkout,
                    "sign_up": a.labels.sign_up,
                },
            }),
            json!({ "enabled": h.enabled, "site_id": h.site_id }),
            json!({
                "enabled": m.enabled,
                "pixel_id": m.pixel_id,
                "track_page_view": m.track_page_view,
                "track_add_to_cart": m.track_add_to_cart,
                "track_purchase": m.track_purchase,
            }),
        ]
    }

    /// Checks the settings as an admin sent them: ids trimmed (the prefixes of Google's in
    /// capitals), every problem under its field's name (`ga4.measurement_id`). An id may be
    /// left empty only while its tool is off.
    pub fn parse(&self) -> Result<Self, FieldErrors> {
        let mut errors = FieldErrors::new();
        let mut out = self.clone();
        let upper = |s: &str| s.trim().to_ascii_uppercase();
        out.ga4.measurement_id = upper(&self.ga4.measurement_id);
        out.google_ads.conversion_id = upper(&self.google_ads.conversion_id);
        out.hotjar.site_id = self.hotjar.site_id.trim().to_owned();
        out.meta_pixel.pixel_id = self.meta_pixel.pixel_id.trim().to_owned();
        let mut check = |field: &str, enabled: bool, id: &str, ok: bool, shape: &str| {
            if id.is_empty() && enabled {
                errors.insert(field.to_owned(), format!("Enter {shape} to turn this on"));
            } else if !id.is_empty() && !ok {
                errors.insert(field.to_owned(), format!("This is not {shape}"));
            }
        };
        check(
            "ga4.measurement_id",
            out.ga4.enabled,
            &out.ga4.measurement_id,
            ga4_id(&out.ga4.measurement_id),
            "a GA4 measurement id (G-XXXXXXXXXX)",
        );
        check(
            "google_ads.conversion_id",
            out.google_ads.enabled,
            &out.google_ads.conversion_id,
            ads_id(&out.google_ads.conversion_id),
            "a Google Ads conversion id (AW- and digits)",
        );
        check(
            "hotjar.site_id",
            out.hotjar.enabled,
            &out.hotjar.site_id,
            digits(&out.hotjar.site_id, 1, 10),
            "a Hotjar site id (up to 10 digits)",
        );
        check(
            "meta_pixel.pixel_id",
            out.meta_pixel.enabled,
            &out.meta_pixel.pixel_id,
            digits(&out.meta_pixel.pixel_id, 10, 20),
            "a Meta Pixel id (10 to 20 digits)",
        );
        let labels = &mut out.google_ads.labels;
        for (name, value) in [
            ("purchase", &mut labels.purchase),
            ("add_to_cart", &mut labels.add_to_cart),
            ("begin_checkout", &mut labels.begin_checkout),
            ("sign_up", &mut labels.sign_up),
        ] {
            *value = value.trim().to_owned();
            if !label(value) {
                errors.insert(
                    format!("google_ads.labels.{name}"),
                    "A label is up to 64 letters, digits, - or _".to_owned(),
                );
            }
        }
        if errors.is_empty() {
            Ok(out)
        } else {
            Err(errors)
        }
    }
}

/// The third-party origins the site's pages must let load and be called for the tools that
/// are on (the Content-Security-Policy's sources), each list without repeats.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Origins {
    pub script: Vec<&'static str>,
    pub connect: Vec<&'static str>,
    pub frame: Vec<&'static str>,
    pub font: Vec<&'static str>,
}

impl Origins {
    pub fn is_empty(&self) -> bool {
        self.script.is_empty()
            && self.connect.is_empty()
            && self.frame.is_empty()
            && self.font.is_empty()
    }

    fn add(
        &mut self,
        script: &[&'static str],
        connect: &[&'static str],
        frame: &[&'static str],
        font: &[&'static str],
    ) {
        for (list, new) in [
            (&mut self.script, script),
            (&mut self.connect, connect),
            (&mut self.frame, frame),
            (&mut self.font, font),
        ] {
            for origin in new {
                if !list.contains(origin) {
                    list.push(origin);
                }
            }
        }
    }
}

const GOOGLE_TAG: &str = "https://www.googletagmanager.com";

impl Tracking {
    /// What the tools that are on load and call, as their makers document it: nothing for
    /// tools that are off, so a shop without tracking keeps the strictest policy.
    pub fn origins(&self) -> Origins {
        let mut o = Origins::default();
        if self.ga4.active() {
            o.add(
                &[GOOGLE_TAG],
                &[
                    "https://*.google-analytics.com",
                    "https://*.analytics.google.com",
                    "https://*.googletagmanager.com",
                ],
                &[],
                &[],
            );
        }
        if self.google_ads.active() {
            o.add(
                &[
                    GOOGLE_TAG,
                    "https://www.googleadservices.com",
                    "https://googleads.g.doubleclick.net",
                ],
                &[
                    "https://www.google.com",
                    "https://googleads.g.doubleclick.net",
                    "https://www.googleadservices.com",
                ],
                &["https://td.doubleclick.net", GOOGLE_TAG],
                &[],
            );
        }
        if self.hotjar.active() {
            o.add(
                &["https://*.hotjar.com"],
                &[
                    "https://*.hotjar.com",
                    "https://*.hotjar.io",
                    "wss://*.hotjar.com",
                ],
                &["https://vars.hotjar.com"],
                &["https://script.hotjar.com"],
            );
        }
        if self.meta_pixel.active() {
            o.add(
                &["https://connect.facebook.net"],
                &["https://www.facebook.com", "https://connect.facebook.net"],
                &[],
                &[],
            );
        }
        o
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sent() -> Tracking {
        Tracking {
            ga4: Ga4 {
                enabled: true,
                measurement_id: " g-ab12cd34ef ".to_owned(),
                anonymize_ip: true,
                send_page_view: false,
            },
            google_ads: GoogleAds {
                enabled: true,
                conversion_id: "aw-123456789".to_owned(),
                labels: AdsLabels {
                    purchase: "abC-12_x".to_owned(),
                    ..AdsLabels::default()
                },
            },
            hotjar: Hotjar {
                enabled: false,
                site_id: String::new(),
            },
            meta_pixel: MetaPixel {
                enabled: true,
                pixel_id: "123456789012345".to_owned(),
                track_page_view: true,
                track_add_to_cart: false,
                track_purchase: true,
            },
        }
    }

    #[test]
    fn good_ids_are_tidied_and_read_back_as_stored() {
        let t = sent().parse().unwrap();
        assert_eq!(t.ga4.measurement_id, "G-AB12CD34EF");
        assert_eq!(t.google_ads.conversion_id, "AW-123456789");
        assert!(t.ga4.active() && t.google_ads.active() && t.meta_pixel.active());
        assert!(!t.hotjar.active());
        let values = t.values();
        let back = Tracking::read([
            Some(&values[0]),
            Some(&values[1]),
            Some(&values[2]),
            Some(&values[3]),
        ]);
        assert_eq!(back, t);
    }

    #[test]
    fn a_tool_turned_on_needs_a_well_formed_id() {
        let mut t = sent();
        t.ga4.measurement_id = "UA-12345-1".to_owned();
        t.google_ads.conversion_id = String::new();
        t.hotjar.site_id = "12ab".to_owned();
        t.meta_pixel.pixel_id = "123".to_owned();
        t.google_ads.labels.sign_up = "no spaces".to_owned();
        let errors = t.parse().unwrap_err();
        assert_eq!(
            errors.keys().map(String::as_str).collect::<Vec<_>>(),
            [
                "ga4.measurement_id",
                "google_ads.conversion_id",
                "google_ads.labels.sign_up",
                "hotjar.site_id",
                "meta_pixel.pixel_id"
            ]
        );
        assert_eq!(
            errors["google_ads.conversion_id"],
            "Enter a Google Ads conversion id (AW- and digits) to turn this on"
        );
    }

    #[test]
    fn the_seeded_values_leave_every_tool_off() {
        let seeded = json!({"enabled": false, "measurement_id": "", "anonymize_ip": true,
            "cookie_domain": "auto"});
        let t = Tracking::read([Some(&seeded), None, None, None]);
        assert_eq!(t, Tracking::read([None, None, None, None]));
        assert!(!t.ga4.active());
        // Stored by hand with a bad id, a tool stays off.
        let bad = json!({"enabled": true, "measurement_id": "G-x"});
        assert!(!Tracking::read([Some(&bad), None, None, None]).ga4.active());
    }

    #[test]
    fn only_the_tools_that_are_on_open_the_policy() {
        assert!(Tracking::default().origins().is_empty());
        let mut t = sent().parse().unwrap();
        t.meta_pixel.enabled = false;
        let o = t.origins();
        assert_eq!(
            o.script,
            [
                "https://www.googletagmanager.com",
                "https://www.googleadservices.com",
                "https://googleads.g.doubleclick.net"
            ]
        );
        assert!(o.connect.contains(&"https://*.google-analytics.com"));
        assert!(!o.script.iter().any(|s| s.contains("facebook")));
        assert!(o.font.is_empty());
    }
}
