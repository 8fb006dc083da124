//! The home page's hero slides and banners, as admins edit them (`/admin/home-page`). Until an
//! admin saves, the built-in content answers: the slides and banners the site was designed with.

use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::FieldErrors;
use crate::settings::branding::{URL_CHARS, image_url};

/// The system setting the home content is kept in.
pub const HOME_KEY: &str = "home_content";

pub const MAX_SLIDES: usize = 6;
pub const MAX_BANNERS: usize = 4;
/// Links are at most this many bytes.
pub const LINK_CHARS: usize = 300;

/// One hero slide.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct HeroSlide {
    #[serde(default)]
    pub subtitle: String,
    #[serde(default)]
    pub title: String,
    #[serde(default)]
    pub description: String,
    #[serde(default)]
    pub button_text: String,
    #[serde(default)]
    pub link: String,
    #[serde(default)]
    pub image_url: Option<String>,
    /// `brand` or `light`.
    #[serde(default)]
    pub tone: String,
}

/// One banner under the hero.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct HomeBanner {
    #[serde(default)]
    pub kicker: String,
    #[serde(default)]
    pub title: String,
    #[serde(default)]
    pub text: String,
    #[serde(default)]
    pub button_text: String,
    #[serde(default)]
    pub link: String,
    #[serde(default)]
    pub image_url: Option<String>,
    /// `sale`, `dark` or `brand`.
    #[serde(default)]
    pub tone: String,
}

/// The home page's editable content.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct HomeContent {
    pub slides: Vec<HeroSlide>,
    pub banners: Vec<HomeBanner>,
}

const SLIDE_TONES: [&str; 2] = ["brand", "light"];
const BANNER_TONES: [&str; 3] = ["sale", "dark", "brand"];

impl Default for HomeContent {
    /// The content the site was designed with (SPEC §2: two slides to the products page,
    /// and two banners).
    fn default() -> Self {
        let slide =
            |subtitle: &str, title: &str, description: &str, button: &str, tone: &str| HeroSlide {
                subtitle: subtitle.to_owned(),
                title: title.to_owned(),
                description: description.to_owned(),
                button_text: button.to_owned(),
                link: "/products/".to_owned(),
                image_url: None,
                tone: tone.to_owned(),
            };
        let banner =
            |kicker: &str, title: &str, text: &str, button: &str, link: &str, tone: &str| {
                HomeBanner {
                    kicker: kicker.to_owned(),
                    title: title.to_owned(),
                    text: text.to_owned(),
                    button_text: button.to_owned(),
                    link: link.to_owned(),
                    image_url: None,
                    tone: tone.to_owned(),
                }
            };
        Self {
            slides: vec![
                slide(
                    "New season",
                    "Gear up for your next personal best",
                    "Running, training and match-day kit from South African brands, priced in rand with VAT included.",
                    "Shop now",
                    "brand",
                ),
                slide(
                    "From local stores",
                    "Made for the trail, the gym and the field",
                    "Outdoor, team sports and training gear from trusted sellers across South Africa.",
                    "Browse products",
                    "light",
                ),
            ],
            banners: vec![
                banner(
                    "Today only",
                    "Daily deals",
                    "New discounts every day on gear from our stores.",
                    "See the deals",
                    "/daily-deals/",
                    "sale",
                ),
                banner(
                    "Just landed",
                    "New arrivals",
                    "The latest kit from South African brands, fresh in the shop.",
                    "Shop new arrivals",
                    "/products/?sort=newest",
                    "dark",
                ),
            ],
        }
    }
}

/// A link's address: a path on this site or an `https` address.
pub fn link_url(s: &str) -> bool {
    let local = s.starts_with('/') && !s.starts_with("//");
    (local || s.starts_with("https://"))
        && s.len() <= LINK_CHARS
        && !s
            .chars()
            .any(|c| c.is_whitespace() || c.is_control() || c == '"' || c == '\'' || c == '<')
}

impl HomeContent {
    /// The stored content; the built-in content when none is stored or it cannot be read.
    pub fn read(value: Option<&Value>) -> Self {
        value
            .and_then(|v| serde_json::from_value::<HomeContent>(v.clone()).ok())
            .and_then(|c| c.check().ok())
            .unwrap_or_default()
    }

    pub fn value(&self) -> Value {
        serde_json::to_value(self).unwrap_or(Value::Null)
    }

    pub fn is_default(&self) -> bool {
        *self == Self::default()
    }

    /// The content trimmed and checked, all problems at once under `slides.0.title`-like
    /// names.
    pub fn check(&self) -> Result<HomeContent, FieldErrors> {
        let mut errors = FieldErrors::new();
        if self.slides.is_empty() || self.slides.len() > MAX_SLIDES {
            errors.insert("slides".into(), format!("Show 1 to {MAX_SLIDES} slides"));
        }
        if self.banners.len() > MAX_BANNERS {
            errors.insert(
                "banners".into(),
                format!("Show at most {MAX_BANNERS} banners"),
            );
        }
        let mut text = |field: String, value: &str, min: usize, max: usize, what: &str| {
            let v = value.trim().to_owned();
            let n = v.chars().count();
            if n < min {
                errors.insert(field, format!("Enter the {what}"));
            } else if n > max || v.chars().any(char::is_control) {
                errors.insert(
                    field,
                    format!("The {what} is at most {max} characters on one line"),
                );
            }
            v
        };
        let slides: Vec<HeroSlide> = self
            .slides
            .iter()
            .enumerate()
            .map(|(i, s)| HeroSlide {
                subtitle: text(
                    format!("slides.{i}.subtitle"),
                    &s.subtitle,
                    0,
                    40,
                    "subtitle",
                ),
                title: text(format!("slides.{i}.title"), &s.title, 1, 80, "title"),
                description: text(
                    format!("slides.{i}.description"),
                    &s.description,
                    0,
                    240,
                    "description",
                ),
                button_text: text(
                    format!("slides.{i}.button_text"),
                    &s.button_text,
                    1,
                    30,
                    "button text",
                ),
                link: s.link.trim().to_owned(),
                image_url: s
                    .image_url
                    .as_deref()
                    .map(str::trim)
                    .filter(|u| !u.is_empty())
                    .map(str::to_owned),
                tone: s.tone.trim().to_owned(),
            })
            .collect();
        let banners: Vec<HomeBanner> = self
            .banners
            .iter()
            .enumerate()
            .map(|(i, b)| HomeBanner {
                kicker: text(format!("banners.{i}.kicker"), &b.kicker, 0, 30, "kicker"),
                title: text(format!("banners.{i}.title"), &b.title, 1, 60, "title"),
                text: text(format!("banners.{i}.text"), &b.text, 0, 160, "text"),
                button_text: text(
                    format!("banners.{i}.button_text"),
                    &b.button_text,
                    1,
                    30,
                    "button text",
                ),
                link: b.link.trim().to_owned(),
                image_url: b
                    .image_url
                    .as_deref()
                    .map(str::trim)
                    .filter(|u| !u.is_empty())
                    .map(str::to_owned),
                tone: b.tone.trim().to_owned(),
            })
            .collect();
        let mut common = |prefix: String,
                          link: &str,
                          image: Option<&str>,
                          tone: &str,
                          tones: &[&str]| {
            if !link_url(link) {
                errors.insert(
                    format!("{prefix}.link"),
                    format!("Link to a page of this site (/…) or an https:// address, at most {LINK_CHARS} characters"),
                );
            }
            if image.is_some_and(|u| !image_url(u)) {
                errors.insert(
                    format!("{prefix}.image_url"),
                    format!("Use a picture from the media library (/media/…) or an https:// address, at most {URL_CHARS} characters"),
                );
            }
            if !tones.contains(&tone) {
                errors.insert(
                    format!("{prefix}.tone"),
                    format!("Choose one of: {}", tones.join(", ")),
                );
            }
        };
        for (i, s) in slides.iter().enumerate() {
            common(
                format!("slides.{i}"),
                &s.link,
                s.image_url.as_deref(),
                &s.tone,
                &SLIDE_TONES,
            );
        }
        for (i, b) in banners.iter().enumerate() {
            common(
                format!("banners.{i}"),
                &b.link,
                b.image_url.as_deref(),
                &b.tone,
                &BANNER_TONES,
            );
        }
        if errors.is_empty() {
            Ok(HomeContent { slides, banners })
        } else {
            Err(errors)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_built_in_content_passes_its_own_checks() {
        let d = HomeContent::default();
        assert_eq!(d.check().unwrap(), d);
        assert!(HomeContent::read(None).is_default());
        assert!(HomeContent::read(Some(&serde_json::json!({"slides": []}))).is_default());
    }

    #[test]
    fn every_problem_is_named_by_its_place() {
        let mut c = HomeContent::default();
        c.slides[1].title = "  ".into();
        c.slides[0].link = "javascript:alert(1)".into();
        c.banners[1].image_url = Some("http://example.com/a.png".into());
        c.banners[0].tone = "neon".into();
        let errors = c.check().unwrap_err();
        assert_eq!(
            errors.keys().cloned().collect::<Vec<_>>(),
            [
                "banners.0.tone",
                "banners.1.image_url",
                "slides.0.link",
                "slides.1.title"
            ]
        );
        c = HomeContent::default();
        c.slides.clear();
        assert!(c.check().unwrap_err().contains_key("slides"));
        c = HomeContent::default();
        c.banners = vec![c.banners[0].clone(); 5];
        assert!(c.check().unwrap_err().contains_key("banners"));
    }

    #[test]
    fn links_stay_on_the_site_or_use_https() {
        for ok in [
            "/products/",
            "/products/?sort=newest",
            "https://example.co.za/x",
        ] {
            assert!(link_url(ok), "{ok}");
        }
        for bad in [
            "",
            "//evil.example",
            "http://x.co",
            "javascript:x",
            "/a b",
            "/a\"b",
        ] {
            assert!(!link_url(bad), "{bad}");
        }
    }
}
