//! Branding: the logo, the favicon, the brand and sale colours of the light and dark themes,
//! and the fonts of text and headings. The site's theme takes the whole brand scale from
//! one colour per theme, and colours that text could not be read on are refused.

use serde::Serialize;
use serde_json::{Value, json};

use crate::FieldErrors;

/// The system setting holding colours, fonts and the favicon; the logo stays in the site
/// settings SPEC.md names (`site_logo_url`, `site_logo_text`).
pub const BRANDING_KEY: &str = "branding_settings";
pub const LOGO_URL_KEY: &str = "site_logo_url";
pub const LOGO_TEXT_KEY: &str = "site_logo_text";
pub const LOGO_TEXT_CHARS: usize = 40;
pub const URL_CHARS: usize = 500;
/// WCAG AA for body text.
pub const MIN_CONTRAST: f64 = 4.5;
/// The surfaces each theme's colours are read on: white, and the dark theme's raised
/// surface (which is also the text on a brand fill there).
pub const LIGHT_SURFACE: Colour = Colour([0xff, 0xff, 0xff]);
pub const DARK_SURFACE: Colour = Colour([0x16, 0x16, 0x16]);

/// An sRGB colour, written `#rrggbb`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Colour(pub [u8; 3]);

impl Colour {
    /// `#rrggbb` or `#rgb`, any case.
    pub fn parse(s: &str) -> Option<Self> {
        let hex = s.trim().strip_prefix('#')?;
        let expand = |h: &str| -> Option<String> {
            match h.len() {
                6 => Some(h.to_owned()),
                3 => Some(h.chars().flat_map(|c| [c, c]).collect()),
                _ => None,
            }
        };
        let hex = expand(hex)?;
        if !hex.bytes().all(|b| b.is_ascii_hexdigit()) {
            return None;
        }
        let byte = |i: usize| u8::from_str_radix(&hex[i..i + 2], 16).ok();
        Some(Self([byte(0)?, byte(2)?, byte(4)?]))
    }

    pub fn hex(self) -> String {
        let [r, g, b] = self.0;
        format!("#{r:02x}{g:02x}{b:02x}")
    }

    /// WCAG relative luminance.
    fn luminance(self) -> f64 {
        let lin = |c: u8| {
            let c = f64::from(c) / 255.0;
            if c <= 0.040_45 {
                c / 12.92
            } else {
                ((c + 0.055) / 1.055).powf(2.4)
            }
        };
        let [r, g, b] = self.0;
        0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b)
    }

    /// WCAG contrast ratio, 1 to 21.
    pub fn contrast(self, other: Colour) -> f64 {
        let (a, b) = (self.luminance(), other.luminance());
        let (hi, lo) = if a > b { (a, b) } else { (b, a) };
        (hi + 0.05) / (lo + 0.05)
    }

    /// `self` with `share` (0 to 1) of `other` mixed in.
    pub fn mix(self, other: Colour, share: f64) -> Colour {
        let blend = |a: u8, b: u8| {
            let v = f64::from(a) * (1.0 - share) + f64::from(b) * share;
            // In 0..=255 by construction.
            v.round().clamp(0.0, 255.0) as u8
        };
        let ([r1, g1, b1], [r2, g2, b2]) = (self.0, other.0);
        Colour([blend(r1, r2), blend(g1, g2), blend(b1, b2)])
    }
}

const WHITE: Colour = Colour([0xff, 0xff, 0xff]);
const BLACK: Colour = Colour([0, 0, 0]);

/// A theme: light or dark.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mode {
    Light,
    Dark,
}

impl Mode {
    fn surface(self) -> Colour {
        match self {
            Self::Light => LIGHT_SURFACE,
            Self::Dark => DARK_SURFACE,
        }
    }

    fn name(self) -> &'static str {
        match self {
            Self::Light => "light",
            Self::Dark => "dark",
        }
    }
}

/// One theme's colours.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Palette {
    pub brand: Colour,
    pub sale: Colour,
}

/// The brand scale the site's classes use (`brand-50` … `brand-800`), from one colour.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Scale {
    pub brand_50: String,
    pub brand_100: String,
    pub brand_600: String,
    pub brand_700: String,
    pub brand_800: String,
    pub sale: String,
}

impl Palette {
    /// The light theme tints toward white for backgrounds and darkens for hover; the dark
    /// theme's backgrounds are the colour sunk into black and its hover lightens.
    pub fn scale(&self, mode: Mode) -> Scale {
        let b = self.brand;
        let (s50, s100, s700, s800) = match mode {
            Mode::Light => (
                b.mix(WHITE, 0.9),
                b.mix(WHITE, 0.8),
                b.mix(BLACK, 0.2),
                b.mix(BLACK, 0.35),
            ),
            Mode::Dark => (b.mix(BLACK, 0.82), b.mix(BLACK, 0.62), b, b.mix(WHITE, 0.3)),
        };
        Scale {
            brand_50: s50.hex(),
            brand_100: s100.hex(),
            brand_600: b.hex(),
            brand_700: s700.hex(),
            brand_800: s800.hex(),
            sale: self.sale.hex(),
        }
    }
}

/// The font stacks a site can use: fonts the visitor's system has, nothing downloaded.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Font {
    System,
    Humanist,
    Geometric,
    Serif,
    Mono,
}

impl Font {
    pub const ALL: [Font; 5] = [
        Self::System,
        Self::Humanist,
        Self::Geometric,
        Self::Serif,
        Self::Mono,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            Self::System => "system",
            Self::Humanist => "humanist",
            Self::Geometric => "geometric",
            Self::Serif => "serif",
            Self::Mono => "mono",
        }
    }

    pub fn parse(s: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|f| f.as_str() == s.trim())
    }

    /// The CSS `font-family` value.
    pub fn stack(self) -> &'static str {
        match self {
            Self::System => {
                "ui-sans-serif, system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', sans-serif"
            }
            Self::Humanist => {
                "Seravek, 'Gill Sans Nova', Ubuntu, Calibri, 'DejaVu Sans', source-sans-pro, sans-serif"
            }
            Self::Geometric => {
                "Avenir, Montserrat, Corbel, 'URW Gothic', source-sans-pro, sans-serif"
            }
            Self::Serif => "Charter, 'Bitstream Charter', 'Sitka Text', Cambria, Georgia, serif",
            Self::Mono => {
                "ui-monospace, 'Cascadia Code', 'Source Code Pro', Menlo, Consolas, 'DejaVu Sans Mono', monospace"
            }
        }
    }
}

/// The branding as stored, each part with its fallback.
#[derive(Debug, Clone, PartialEq)]
pub struct Branding {
    /// Empty: the logo text is shown.
    pub logo_url: String,
    /// Empty: the store's name.
    pub logo_text: String,
    /// Empty: the site's own icon.
    pub favicon_url: String,
    /// `None` until an admin sets colours: the site keeps its built-in palette.
    pub colours: Option<(Palette, Palette)>,
    pub body_font: Font,
    pub heading_font: Font,
}

impl Default for Branding {
    fn default() -> Self {
        Self {
            logo_url: String::new(),
            logo_text: String::new(),
            favicon_url: String::new(),
            colours: None,
            body_font: Font::System,
            heading_font: Font::System,
        }
    }
}

/// The built-in palettes (`web/src/app/globals.css`), shown in the form until an admin
/// sets colours.
pub const DEFAULT_LIGHT: Palette = Palette {
    brand: Colour([0x04, 0x78, 0x57]),
    sale: Colour([0xb9, 0x1c, 0x1c]),
};
pub const DEFAULT_DARK: Palette = Palette {
    brand: Colour([0x34, 0xd3, 0x99]),
    sale: Colour([0xf8, 0x71, 0x71]),
};

fn colour_at(v: &Value, mode: &str, key: &str) -> Option<Colour> {
    Colour::parse(v.get(mode)?.get(key)?.as_str()?)
}

/// Reads the stored branding (`branding_settings`) and the two logo settings; broken parts
/// take their fallbacks.
pub fn branding(value: Option<&Value>, logo_url: &str, logo_text: &str) -> Branding {
    let fallback = Branding::default();
    let font = |key: &str| {
        value
            .and_then(|v| v.get(key))
            .and_then(Value::as_str)
            .and_then(Font::parse)
    };
    let colours = value.and_then(|v| {
        let palette = |mode| {
            Some(Palette {
                brand: colour_at(v, mode, "brand")?,
                sale: colour_at(v, mode, "sale")?,
            })
        };
        Some((palette("light")?, palette("dark")?))
    });
    Branding {
        logo_url: logo_url.trim().to_owned(),
        logo_text: logo_text.trim().to_owned(),
        favicon_url: value
            .and_then(|v| v.get("favicon_url"))
            .and_then(Value::as_str)
            .map(|s| s.trim().to_owned())
            .filter(|s| image_url(s))
            .unwrap_or_default(),
        colours,
        body_font: font("body_font").unwrap_or(fallback.body_font),
        heading_font: font("heading_font").unwrap_or(fallback.heading_font),
    }
}

impl Branding {
    /// The `branding_settings` value (the logo is stored apart).
    pub fn to_json(&self) -> Value {
        let palette = |p: &Palette| json!({ "brand": p.brand.hex(), "sale": p.sale.hex() });
        json!({
            "favicon_url": self.favicon_url,
            "light": self.colours.as_ref().map(|(l, _)| palette(l)),
            "dark": self.colours.as_ref().map(|(_, d)| palette(d)),
            "body_font": self.body_font.as_str(),
            "heading_font": self.heading_font.as_str(),
        })
    }

    /// The colours in force: the admin's, or the built-in ones.
    pub fn palettes(&self) -> (Palette, Palette) {
        self.colours.unwrap_or((DEFAULT_LIGHT, DEFAULT_DARK))
    }

    /// The branding as CSS for the site's `<style id="brand-theme">`: the fonts, and each
    /// theme's brand scale and sale colour; empty when nothing differs from the built-in
    /// look, which then stays exactly as `globals.css` has it. The rules are unlayered, so
    /// they win over the stylesheet's layered ones; `html:not(.dark)` keeps the light colours
    /// out of the dark theme. Every value is a `#rrggbb` or one of [`Font`]'s stacks.
    pub fn css(&self) -> String {
        let mut rules = Vec::new();
        if (self.body_font, self.heading_font) != (Font::System, Font::System) {
            rules.push(format!(
                "html{{--font-sans:{};--font-heading:{}}}",
                self.body_font.stack(),
                self.heading_font.stack()
            ));
        }
        if let Some((light, dark)) = &self.colours {
            for (selector, palette, mode) in [
                ("html:not(.dark)", light, Mode::Light),
                ("html.dark", dark, Mode::Dark),
            ] {
                let s = palette.scale(mode);
                rules.push(format!(
                    "{selector}{{--color-brand-50:{};--color-brand-100:{};--color-brand-600:{};\
                     --color-brand-700:{};--color-brand-800:{};--color-sale:{}}}",
                    s.brand_50, s.brand_100, s.brand_600, s.brand_700, s.brand_800, s.sale
                ));
            }
        }
        rules.join("\n")
    }
}

/// A picture's address: a path on this site (`/media/…`) or an `https` address.
pub(crate) fn image_url(s: &str) -> bool {
    let local = s.starts_with('/') && !s.starts_with("//");
    (local || s.starts_with("https://"))
        && s.len() <= URL_CHARS
        && !s
            .chars()
            .any(|c| c.is_whitespace() || c.is_control() || c == '"' || c == '\'')
}

/// The branding page as sent.
#[derive(Debug, Clone, Default)]
pub struct BrandingDraft {
    pub logo_url: String,
    pub logo_text: String,
    pub favicon_url: String,
    pub light_brand: String,
    pub light_sale: String,
    pub dark_brand: String,
    pub dark_sale: String,
    pub body_font: String,
    pub heading_font: String,
}

impl BrandingDraft {
    /// Checks every field, all problems at once under their names. A colour must be
    /// `#rrggbb` and readable on its theme's surface (contrast at least 4.5:1).
    pub fn parse(&self) -> Result<Branding, FieldErrors> {
        let mut errors = FieldErrors::new();
        let mut url = |field: &str, s: &str| {
            let s = s.trim();
            if !s.is_empty() && !image_url(s) {
                errors.insert(
                    field.to_owned(),
                    "Use a picture from the media library (/media/…) or an https:// address"
                        .to_owned(),
                );
            }
            s.to_owned()
        };
        let logo_url = url("logo_url", &self.logo_url);
        let favicon_url = url("favicon_url", &self.favicon_url);
        let logo_text = self.logo_text.trim().to_owned();
        if logo_text.chars().count() > LOGO_TEXT_CHARS {
            errors.insert(
                "logo_text".to_owned(),
                format!("The logo text is at most {LOGO_TEXT_CHARS} characters"),
            );
        }
        let mut colour = |mode: Mode, part: &str, raw: &str| {
            let field = format!("{}_{part}", mode.name());
            match Colour::parse(raw) {
                None => {
                    errors.insert(field, "Use a colour like #047857".to_owned());
                    None
                }
                Some(c) if c.contrast(mode.surface()) < MIN_CONTRAST => {
                    let ratio = c.contrast(mode.surface());
                    errors.insert(
                        field,
                        format!(
                            "Text in this colour is hard to read on the {} theme (contrast {ratio:.1}:1, at least 4.5:1 needed)",
                            mode.name()
                        ),
                    );
                    None
                }
                Some(c) => Some(c),
            }
        };
        let light_brand = colour(Mode::Light, "brand", &self.light_brand);
        let light_sale = colour(Mode::Light, "sale", &self.light_sale);
        let dark_brand = colour(Mode::Dark, "brand", &self.dark_brand);
        let dark_sale = colour(Mode::Dark, "sale", &self.dark_sale);
        let mut font = |field: &str, raw: &str| {
            let parsed = Font::parse(raw);
            if parsed.is_none() {
                errors.insert(
                    field.to_owned(),
                    "Choose system, humanist, geometric, serif or mono".to_owned(),
                );
            }
            parsed
        };
        let body_font = font("body_font", &self.body_font);
        let heading_font = font("heading_font", &self.heading_font);
        match (
            light_brand,
            light_sale,
            dark_brand,
            dark_sale,
            body_font,
            heading_font,
        ) {
            (Some(lb), Some(ls), Some(db), Some(ds), Some(bf), Some(hf)) if errors.is_empty() => {
                let colours = (
                    Palette {
                        brand: lb,
                        sale: ls,
                    },
                    Palette {
                        brand: db,
                        sale: ds,
                    },
                );
                Ok(Branding {
                    logo_url,
                    logo_text,
                    favicon_url,
                    // The built-in colours are the built-in look, with its hand-picked scale.
                    colours: Some(colours).filter(|c| *c != (DEFAULT_LIGHT, DEFAULT_DARK)),
                    body_font: bf,
                    heading_font: hf,
                })
            }
            _ => Err(errors),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn draft() -> BrandingDraft {
        BrandingDraft {
            logo_url: " /media/brand/logo.png ".to_owned(),
            logo_text: "Kasi Market".to_owned(),
            favicon_url: String::new(),
            light_brand: "#1D4ED8".to_owned(),
            light_sale: "#b91c1c".to_owned(),
            dark_brand: "#93c5fd".to_owned(),
            dark_sale: "#f87171".to_owned(),
            body_font: "humanist".to_owned(),
            heading_font: "serif".to_owned(),
        }
    }

    #[test]
    fn colours_parse_and_measure_like_wcag() {
        assert_eq!(Colour::parse("#FfF"), Some(WHITE));
        assert_eq!(Colour::parse("#047857").unwrap().hex(), "#047857");
        assert_eq!(Colour::parse("047857"), None);
        assert_eq!(Colour::parse("#04785g"), None);
        assert!((WHITE.contrast(BLACK) - 21.0).abs() < 1e-9);
        // The built-in colours pass their own rule.
        assert!(DEFAULT_LIGHT.brand.contrast(LIGHT_SURFACE) >= MIN_CONTRAST);
        assert!(DEFAULT_DARK.brand.contrast(DARK_SURFACE) >= MIN_CONTRAST);
        assert!(DEFAULT_DARK.sale.contrast(DARK_SURFACE) >= MIN_CONTRAST);
    }

    #[test]
    fn a_good_draft_reads_back_from_what_is_stored() {
        let b = draft().parse().unwrap();
        assert_eq!(b.logo_url, "/media/brand/logo.png");
        let back = branding(Some(&b.to_json()), &b.logo_url, &b.logo_text);
        assert_eq!(back, b);
        let scale = b.palettes().0.scale(Mode::Light);
        assert_eq!(scale.brand_600, "#1d4ed8");
        assert_eq!(
            scale.brand_800,
            Colour([0x1d, 0x4e, 0xd8]).mix(BLACK, 0.35).hex()
        );
    }

    #[test]
    fn unreadable_colours_bad_addresses_and_unknown_fonts_are_named() {
        let mut d = draft();
        d.light_brand = "#fde047".to_owned(); // yellow on white
        d.dark_sale = "#7f1d1d".to_owned(); // dark red on dark grey
        d.dark_brand = "blue".to_owned();
        d.logo_url = "javascript:alert(1)".to_owned();
        d.favicon_url = "//evil.example/x.ico".to_owned();
        d.heading_font = "comic".to_owned();
        d.logo_text = "x".repeat(41);
        let errors = d.parse().unwrap_err();
        assert_eq!(
            errors.keys().map(String::as_str).collect::<Vec<_>>(),
            [
                "dark_brand",
                "dark_sale",
                "favicon_url",
                "heading_font",
                "light_brand",
                "logo_text",
                "logo_url"
            ]
        );
        assert!(errors["light_brand"].contains("light theme"), "{errors:?}");
    }

    #[test]
    fn the_css_sets_only_what_differs_from_the_built_in_look() {
        let b = draft().parse().unwrap();
        let css = b.css();
        assert!(css.starts_with("html{--font-sans:Seravek"), "{css}");
        assert!(css.contains("html:not(.dark){--color-brand-50:"), "{css}");
        assert!(css.contains("--color-brand-600:#1d4ed8;"), "{css}");
        assert!(css.contains("html.dark{--color-brand-50:"), "{css}");
        assert!(css.contains("--color-brand-700:#93c5fd;"), "{css}");
        // The built-in colours sent back: no colours kept, so nothing to override.
        let mut d = draft();
        d.light_brand = "#047857".to_owned();
        d.light_sale = "#B91C1C".to_owned();
        d.dark_brand = "#34d399".to_owned();
        d.dark_sale = "#f87171".to_owned();
        d.body_font = "system".to_owned();
        d.heading_font = "system".to_owned();
        let reset = d.parse().unwrap();
        assert_eq!(reset.colours, None);
        assert_eq!(reset.css(), "");
        let back = branding(Some(&reset.to_json()), "", "");
        assert_eq!(back.colours, None);
    }

    #[test]
    fn nothing_stored_keeps_the_built_in_look() {
        let b = branding(None, "", "");
        assert_eq!(b, Branding::default());
        assert_eq!(b.css(), "");
        assert_eq!(b.palettes(), (DEFAULT_LIGHT, DEFAULT_DARK));
        let half = json!({"light": {"brand": "#123456", "sale": "#b91c1c"}, "body_font": "serif"});
        let b = branding(Some(&half), "", "");
        assert_eq!(b.colours, None, "both themes or neither");
        assert_eq!(b.body_font, Font::Serif);
    }
}
