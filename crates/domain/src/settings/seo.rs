//! What search engines and link previews are told (`/admin/seo-settings`): the title and
//! description of pages that have none of their own, the picture link previews show, and
//! which pages the sitemap lists.

use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::FieldErrors;
use crate::settings::branding::{URL_CHARS, image_url};

/// The system setting SEO is kept in.
pub const SEO_KEY: &str = "seo_settings";

/// The site's information pages, as the sitemap lists them.
pub const INFORMATION_PAGES: [&str; 7] = [
    "/about/",
    "/contact/",
    "/faq/",
    "/delivery-policy/",
    "/returns/",
    "/privacy/",
    "/terms/",
];

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Seo {
    pub default_title: String,
    pub default_description: String,
    /// Empty for none.
    #[serde(default)]
    pub social_image_url: String,
    pub sitemap_products: bool,
    pub sitemap_stores: bool,
    pub sitemap_pages: bool,
}

impl Default for Seo {
    /// What the site was built with (the title and description of its root layout).
    fn default() -> Self {
        Self {
            default_title: "bazaar".to_owned(),
            default_description:
                "Shop products from South African stores, priced in rand with VAT included."
                    .to_owned(),
            social_image_url: String::new(),
            sitemap_products: true,
            sitemap_stores: true,
            sitemap_pages: true,
        }
    }
}

impl Seo {
    /// The stored settings; the built-in ones when none are stored or they cannot be read.
    pub fn read(value: Option<&Value>) -> Self {
        value
            .and_then(|v| serde_json::from_value::<Seo>(v.clone()).ok())
            .and_then(|s| s.check().ok())
            .unwrap_or_default()
    }

    pub fn value(&self) -> Value {
        serde_json::to_value(self).unwrap_or(Value::Null)
    }

    /// Trimmed and checked, all problems at once.
    pub fn check(&self) -> Result<Seo, FieldErrors> {
        let mut errors = FieldErrors::new();
        let mut text = |field: &str, value: &str, min: usize, max: usize, what: &str| {
            let v = value.trim().to_owned();
            let n = v.chars().count();
            if n < min || n > max || v.chars().any(char::is_control) {
                errors.insert(
                    field.to_owned(),
                    format!("The {what} is {min} to {max} characters on one line"),
                );
            }
            v
        };
        let default_title = text("default_title", &self.default_title, 3, 70, "title");
        let default_description = text(
            "default_description",
            &self.default_description,
            20,
            200,
            "description",
        );
        let social_image_url = self.social_image_url.trim().to_owned();
        if !social_image_url.is_empty() && !image_url(&social_image_url) {
            errors.insert(
                "social_image_url".to_owned(),
                format!("Use a picture from the media library (/media/…) or an https:// address, at most {URL_CHARS} characters"),
            );
        }
        if errors.is_empty() {
            Ok(Seo {
                default_title,
                default_description,
                social_image_url,
                ..self.clone()
            })
        } else {
            Err(errors)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn checks_lengths_and_the_picture() {
        assert_eq!(Seo::default().check().unwrap(), Seo::default());
        let bad = Seo {
            default_title: "ab".into(),
            default_description: "short".into(),
            social_image_url: "ftp://x".into(),
            ..Seo::default()
        };
        let errors = bad.check().unwrap_err();
        assert_eq!(errors.len(), 3, "{errors:?}");
        let ok = Seo {
            default_title: "  Sports gear from local stores ".into(),
            social_image_url: "/media/u/ab/cover.jpg".into(),
            ..Seo::default()
        };
        assert_eq!(
            ok.check().unwrap().default_title,
            "Sports gear from local stores"
        );
        assert_eq!(
            Seo::read(Some(&serde_json::json!({"default_title": 1}))),
            Seo::default()
        );
    }
}
