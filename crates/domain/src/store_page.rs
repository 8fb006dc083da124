//! A store's page as its owner customises it: name, description, pictures of the shop's
//! own media, accent colour, delivery days, return policy and social links.

use std::collections::BTreeMap;

use serde::Deserialize;

use crate::FieldErrors;
use crate::vendor::{STORE_NAME_CHARS, keep_error, optional, text_within};

/// The social networks a store can link to.
pub const SOCIAL_NETWORKS: &[&str] =
    &["website", "instagram", "facebook", "x", "tiktok", "youtube"];

/// A store page as its owner sends it, before any checks.
#[derive(Debug, Clone, Default, Deserialize)]
pub struct StoreProfileDraft {
    pub store_name: String,
    pub store_description: String,
    pub store_logo_url: Option<String>,
    pub store_banner_url: Option<String>,
    pub accent_color: Option<String>,
    pub standard_delivery_min_days: Option<i64>,
    pub standard_delivery_max_days: Option<i64>,
    pub return_policy: String,
    pub social_links: BTreeMap<String, String>,
}

/// A store page whose every field passed its rule.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StoreProfile {
    pub store_name: String,
    pub store_description: String,
    pub store_logo_url: Option<String>,
    pub store_banner_url: Option<String>,
    /// `#rrggbb`, lower case.
    pub accent_color: Option<String>,
    pub standard_delivery_min_days: Option<i64>,
    pub standard_delivery_max_days: Option<i64>,
    pub return_policy: String,
    pub social_links: BTreeMap<String, String>,
}

pub use crate::delivery::MAX_DELIVERY_DAYS;

/// A colour as `#rrggbb` (`#RGB` is widened), lower case.
pub fn parse_hex_colour(raw: &str) -> Result<String, String> {
    let v = raw.trim().to_ascii_lowercase();
    let hex = v.strip_prefix('#').unwrap_or(&v);
    let hex = match hex.len() {
        3 => hex.chars().flat_map(|c| [c, c]).collect(),
        _ => hex.to_owned(),
    };
    if hex.len() == 6 && hex.bytes().all(|b| b.is_ascii_hexdigit()) {
        Ok(format!("#{hex}"))
    } else {
        Err("Use a colour like #0f766e".to_owned())
    }
}

/// A picture of the store: a path of the shop's own media (`/media/…`).
fn parse_media_path(raw: &str) -> Result<String, String> {
    let v = raw.trim();
    let ok = v.starts_with("/media/")
        && v.len() <= 500
        && !v.contains("..")
        && v.chars().all(|c| c.is_ascii_graphic());
    if ok {
        Ok(v.to_owned())
    } else {
        Err("Choose a picture from your media library".to_owned())
    }
}

/// An address on the web a store links to: `https://` and a host.
pub fn parse_web_link(raw: &str) -> Result<String, String> {
    let v = raw.trim();
    let host = v.strip_prefix("https://").unwrap_or("");
    let host = host.split(['/', '?', '#']).next().unwrap_or("");
    let ok = v.len() <= 300
        && host.contains('.')
        && !host.starts_with('.')
        && host
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'.' | b'-' | b':'))
        && !v.chars().any(|c| c.is_whitespace() || c.is_control());
    if ok {
        Ok(v.to_owned())
    } else {
        Err("Use a full https:// address".to_owned())
    }
}

impl StoreProfileDraft {
    /// Checks every field; all problems are reported at once.
    pub fn parse(&self) -> Result<StoreProfile, FieldErrors> {
        let mut errors = FieldErrors::new();
        let mut check = |field: &str, result| keep_error(&mut errors, field, result);
        let store_name = check(
            "store_name",
            text_within(&self.store_name, STORE_NAME_CHARS, "Store name"),
        );
        let store_description = check(
            "store_description",
            text_within(&self.store_description, (0, 2000), "Description"),
        );
        let return_policy = check(
            "return_policy",
            text_within(&self.return_policy, (0, 2000), "Return policy"),
        );
        let picture = |v: &Option<String>| {
            v.as_deref()
                .map(str::trim)
                .filter(|s| !s.is_empty())
                .map(parse_media_path)
        };
        let store_logo_url = picture(&self.store_logo_url).map(|r| check("store_logo_url", r));
        let store_banner_url =
            picture(&self.store_banner_url).map(|r| check("store_banner_url", r));
        let accent_color =
            optional(&self.accent_color).map(|v| check("accent_color", parse_hex_colour(v)));
        let mut social_links = BTreeMap::new();
        for (network, link) in &self.social_links {
            let field = format!("social_links.{network}");
            if !SOCIAL_NETWORKS.contains(&network.as_str()) {
                check(
                    &field,
                    Err(format!("Links go to {}", SOCIAL_NETWORKS.join(", "))),
                );
            } else if !link.trim().is_empty()
                && let Some(link) = check(&field, parse_web_link(link))
            {
                social_links.insert(network.clone(), link);
            }
        }
        let (min, max) = (
            self.standard_delivery_min_days,
            self.standard_delivery_max_days,
        );
        if let Err((field, message)) = crate::delivery::check_days(min, max) {
            check(field, Err(message));
        }
        if !errors.is_empty() {
            return Err(errors);
        }
        let (Some(store_name), Some(store_description), Some(return_policy)) =
            (store_name, store_description, return_policy)
        else {
            unreachable!("a missing value was reported as an error")
        };
        Ok(StoreProfile {
            store_name,
            store_description,
            store_logo_url: store_logo_url.flatten(),
            store_banner_url: store_banner_url.flatten(),
            accent_color: accent_color.flatten(),
            standard_delivery_min_days: min,
            standard_delivery_max_days: max,
            return_policy,
            social_links,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn store_profiles() {
        let draft = StoreProfileDraft {
            store_name: "Kasi Kicks".into(),
            store_description: "".into(),
            store_logo_url: Some("/media/vendors/k/logo.webp".into()),
            store_banner_url: Some(" ".into()),
            accent_color: Some("#0F7".into()),
            standard_delivery_min_days: Some(2),
            standard_delivery_max_days: Some(5),
            return_policy: "Returns within 7 days.".into(),
            social_links: BTreeMap::from([
                ("instagram".into(), "https://instagram.com/kasikicks".into()),
                ("x".into(), "".into()),
            ]),
        };
        let p = draft.parse().unwrap();
        assert_eq!(p.accent_color.as_deref(), Some("#00ff77"));
        assert_eq!(p.store_banner_url, None);
        assert_eq!(p.social_links.len(), 1);
        let bad = StoreProfileDraft {
            store_name: "".into(),
            store_logo_url: Some("https://elsewhere.example/logo.png".into()),
            accent_color: Some("teal".into()),
            standard_delivery_min_days: Some(5),
            standard_delivery_max_days: Some(2),
            social_links: BTreeMap::from([
                ("myspace".into(), "https://myspace.com/x".into()),
                ("website".into(), "http://kasi.example".into()),
            ]),
            ..draft
        };
        let fields: Vec<String> = bad.parse().unwrap_err().into_keys().collect();
        assert_eq!(
            fields,
            [
                "accent_color",
                "social_links.myspace",
                "social_links.website",
                "standard_delivery_max_days",
                "store_logo_url",
                "store_name"
            ]
        );
        assert!(parse_web_link("https://kasi.example/shop?x=1").is_ok());
        assert!(parse_web_link("https://localhost").is_err());
        assert!(parse_web_link("javascript:alert(1)").is_err());
    }
}
