//! What the server writes into the exported shell of product and store pages: the head (title,
//! description, canonical, Open Graph, JSON-LD), and for product pages the page's data and its
//! main picture, so the first paint shows the product without waiting for the page's script.
//!
//! The shell's markup is the same for every product. Two things make a product page show its
//! product before any script runs (docs/decisions.md, "Serving the site": product pages paint
//! before their script):
//! - the product, as `GET /api/v1/products/{slug}` answers it, in
//!   `<script type="application/json" id="bazaar-page-data">`; the page starts from it instead of
//!   fetching it;
//! - the main picture, as an `<img>` inside the element marked `data-page-preview="image"` (the
//!   skeleton's picture frame, rendered with an empty `dangerouslySetInnerHTML` so hydration
//!   leaves what the server put there).

use bazaar_domain::settings::home::HomeContent;
use bazaar_domain::settings::seo::Seo;
use serde_json::json;

use crate::AppState;
use crate::views::ProductDetail;

/// Head tags for a page, and whether the thing the page shows exists.
pub(super) struct Head {
    pub title: String,
    pub description: String,
    pub canonical: String,
    pub image: Option<String>,
    /// The page's main picture as the page requests it: preloaded, and shown in the shell's
    /// preview frame (the largest paint of a product page).
    pub main_image: Option<MainImage>,
    pub og_type: &'static str,
    pub json_ld: Option<serde_json::Value>,
    /// The page's data as the API answers it, for the page's script to start from.
    pub page_data: Option<serde_json::Value>,
}

pub(super) struct MainImage {
    pub src: String,
    pub alt: String,
}

/// The id of the script element holding a page's data (read by `web/src/lib/page-data.ts`).
const PAGE_DATA_ID: &str = "bazaar-page-data";
/// The attribute marking the shell's frame for the page's main picture.
const PREVIEW_MARKER: &str = "data-page-preview=\"image\"";

fn absolute(state: &AppState, url: &str) -> String {
    if url.starts_with("http://") || url.starts_with("https://") {
        url.to_owned()
    } else {
        format!("{}{url}", state.config.public_url)
    }
}

pub(super) fn product_head(state: &AppState, p: &ProductDetail) -> Head {
    let s = &p.summary;
    let currency = bazaar_domain::money::CurrencyDisplay::new(&s.currency);
    let price_text = bazaar_domain::money::format(
        Some(bazaar_domain::money::Cents(s.effective_price_cents)),
        &currency,
    );
    let canonical = format!("{}/products/{}/", state.config.public_url, s.slug);
    let brand = if s.brand.is_empty() {
        String::new()
    } else {
        format!("{} · ", s.brand)
    };
    let description = truncate(
        &format!("{brand}{price_text}. {}", p.description.trim()),
        300,
    );
    let image = s.image_url.as_deref().map(|u| absolute(state, u));
    let availability = if s.in_stock {
        "https://schema.org/InStock"
    } else {
        "https://schema.org/OutOfStock"
    };
    let decimals = |cents: i64| bazaar_domain::money::Cents(cents).to_string();
    let offers = match &s.price_range {
        Some(r) if r.min_cents != r.max_cents => json!({
            "@type": "AggregateOffer", "priceCurrency": s.currency,
            "lowPrice": decimals(r.min_cents), "highPrice": decimals(r.max_cents),
            "offerCount": p.variations.len(), "availability": availability, "url": canonical,
        }),
        _ => json!({
            "@type": "Offer", "priceCurrency": s.currency, "price": decimals(s.effective_price_cents),
            "availability": availability, "url": canonical,
        }),
    };
    let mut ld = json!({
        "@context": "https://schema.org",
        "@type": "Product",
        "name": s.name,
        "description": p.description,
        "sku": s.slug,
        "category": s.category_name,
        "offers": offers,
    });
    if let Some(img) = &image {
        ld["image"] = json!([img]);
    }
    if !s.brand.is_empty() {
        ld["brand"] = json!({"@type": "Brand", "name": s.brand});
    }
    if p.rating.count > 0 {
        ld["aggregateRating"] = json!({"@type": "AggregateRating", "ratingValue": p.rating.average, "reviewCount": p.rating.count});
    }
    Head {
        title: format!("{} – {price_text} | bazaar", s.name),
        description,
        canonical,
        image,
        main_image: s.image_url.as_ref().map(|src| MainImage {
            src: src.clone(),
            alt: s.name.clone(),
        }),
        og_type: "product",
        json_ld: Some(ld),
        page_data: Some(json!({ "product": p })),
    }
}

pub(super) fn store_head(state: &AppState, v: &bazaar_db::vendors::VendorRow) -> Head {
    let canonical = format!("{}/store/{}/", state.config.public_url, v.store_slug);
    let description = if v.store_description.trim().is_empty() {
        format!("Shop {} on bazaar.", v.store_name)
    } else {
        truncate(v.store_description.trim(), 300)
    };
    let image = v.store_logo_url.as_deref().map(|u| absolute(state, u));
    let mut ld = json!({
        "@context": "https://schema.org", "@type": "Store", "name": v.store_name,
        "description": description, "url": canonical,
    });
    if let Some(img) = &image {
        ld["logo"] = json!(img);
    }
    Head {
        title: format!("{} | bazaar", v.store_name),
        description,
        canonical,
        image,
        main_image: None,
        og_type: "website",
        json_ld: Some(ld),
        page_data: None,
    }
}

fn truncate(s: &str, max: usize) -> String {
    if s.chars().count() <= max {
        return s.to_owned();
    }
    let mut out: String = s.chars().take(max - 1).collect();
    out.push('…');
    out
}

pub(super) fn escape_xml(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
        .replace('\'', "&#39;")
}

/// JSON for a script element: `<`, `>` and `&` escaped so no value can close the element.
fn script_json(value: &serde_json::Value) -> String {
    value
        .to_string()
        .replace('<', "\\u003c")
        .replace('>', "\\u003e")
        .replace('&', "\\u0026")
}

/// Writes `head` into the shell: [`inject_head`], then the main picture into the preview frame.
pub(super) fn inject_page(html: &str, head: &Head) -> String {
    let html = inject_head(html, head);
    match &head.main_image {
        Some(image) => inject_preview(&html, image),
        None => html,
    }
}

/// Puts the picture inside the first element carrying the preview marker, if the shell has one.
fn inject_preview(html: &str, image: &MainImage) -> String {
    let Some(marker) = html.find(PREVIEW_MARKER) else {
        return html.to_owned();
    };
    let Some(close) = html[marker..].find('>') else {
        return html.to_owned();
    };
    let at = marker + close + 1;
    // The same picture, size and classes as the page's own (`ProductImage`), so nothing moves
    // when the page takes over.
    let img = format!(
        "<img src=\"{}\" alt=\"{}\" width=\"600\" height=\"600\" fetchpriority=\"high\" decoding=\"async\" class=\"size-full object-contain\"/>",
        escape_xml(&image.src),
        escape_xml(&image.alt),
    );
    format!("{}{img}{}", &html[..at], &html[at..])
}

/// Replaces the shell's title and description and adds canonical, Open Graph, JSON-LD, the
/// main picture's preload and the page's data.
fn inject_head(html: &str, head: &Head) -> String {
    let mut html = remove_tags(html, "<title", "</title>");
    for marker in [
        "<meta name=\"description\"",
        "<link rel=\"canonical\"",
        "<meta property=\"og:",
        "<meta name=\"twitter:",
    ] {
        html = remove_tags(&html, marker, ">");
    }
    let mut tags = format!(
        "<title>{}</title><meta name=\"description\" content=\"{}\"/><link rel=\"canonical\" href=\"{}\"/>\
         <meta property=\"og:type\" content=\"{}\"/><meta property=\"og:title\" content=\"{}\"/>\
         <meta property=\"og:description\" content=\"{}\"/><meta property=\"og:url\" content=\"{}\"/>\
         <meta property=\"og:site_name\" content=\"bazaar\"/><meta name=\"twitter:card\" content=\"summary_large_image\"/>",
        escape_xml(&head.title),
        escape_xml(&head.description),
        escape_xml(&head.canonical),
        head.og_type,
        escape_xml(&head.title),
        escape_xml(&head.description),
        escape_xml(&head.canonical),
    );
    if let Some(img) = &head.image {
        tags.push_str(&format!(
            "<meta property=\"og:image\" content=\"{}\"/>",
            escape_xml(img)
        ));
    }
    if let Some(image) = &head.main_image {
        tags.push_str(&format!(
            "<link rel=\"preload\" as=\"image\" href=\"{}\" fetchpriority=\"high\"/>",
            escape_xml(&image.src)
        ));
    }
    if let Some(ld) = &head.json_ld {
        tags.push_str(&format!(
            "<script type=\"application/ld+json\">{}</script>",
            script_json(ld)
        ));
    }
    if let Some(data) = &head.page_data {
        tags.push_str(&format!(
            "<script type=\"application/json\" id=\"{PAGE_DATA_ID}\">{}</script>",
            script_json(data)
        ));
    }
    match html.find("</head>") {
        Some(at) => format!("{}{tags}{}", &html[..at], &html[at..]),
        None => format!("{tags}{html}"),
    }
}

/// Marks the document with the payment mode while payments are tests (sandbox or simulator):
/// `<html data-test-payments="simulator">`. The site's "test payments" notice is shown by CSS
/// from this attribute, so it is in the first paint instead of pushing the page down once a
/// fetch has answered.
pub(super) fn mark_test_payments(html: &str, mode: &str) -> String {
    let Some(at) = html.find("<html") else {
        return html.to_owned();
    };
    let at = at + "<html".len();
    format!(
        "{} data-test-payments=\"{}\"{}",
        &html[..at],
        escape_xml(mode),
        &html[at..]
    )
}

/// The SEO settings on a page that has no title or description of its own (the site's
/// built-in ones): the admin's title and description, and the social picture for link
/// previews. Pages with their own keep them.
pub(super) fn site_defaults(html: &str, seo: &Seo, public_url: &str) -> String {
    let built_in = Seo::default();
    if *seo == built_in {
        return html.to_owned();
    }
    let mut html = html.replacen(
        &format!("<title>{}</title>", escape_xml(&built_in.default_title)),
        &format!("<title>{}</title>", escape_xml(&seo.default_title)),
        1,
    );
    html = html.replacen(
        &format!(
            "<meta name=\"description\" content=\"{}\"/>",
            escape_xml(&built_in.default_description)
        ),
        &format!(
            "<meta name=\"description\" content=\"{}\"/>",
            escape_xml(&seo.default_description)
        ),
        1,
    );
    if seo.social_image_url.is_empty() || html.contains("<meta property=\"og:image\"") {
        return html;
    }
    let image = if seo.social_image_url.starts_with('/') {
        format!(
            "{}{}",
            public_url.trim_end_matches('/'),
            seo.social_image_url
        )
    } else {
        seo.social_image_url.clone()
    };
    match html.find("</head>") {
        Some(at) => format!(
            "{}<meta property=\"og:image\" content=\"{}\"/>{}",
            &html[..at],
            escape_xml(&image),
            &html[at..]
        ),
        None => html,
    }
}

/// The id of the script element the home page's content travels in (read by
/// `web/src/features/home`).
pub(super) const HOME_CONTENT_ID: &str = "bazaar-home-content";

/// The home page's slides and banners for its first paint: the content as JSON, and while it
/// is not the built-in content (which the exported page shows), a rule that hides the
/// built-in content until the page has drawn the admins'.
pub(super) fn home_content(html: &str, content: &HomeContent) -> String {
    let Some(at) = html.find("</head>") else {
        return html.to_owned();
    };
    let mut tags = format!(
        "<script id=\"{HOME_CONTENT_ID}\" type=\"application/json\">{}</script>",
        script_json(&content.value())
    );
    if !content.is_default() {
        tags.push_str(
            "<style id=\"bazaar-home-custom\">[data-home-default]{visibility:hidden}</style>",
        );
    }
    format!("{}{tags}{}", &html[..at], &html[at..])
}

/// The id of the branding's style element (reused by `web/src/components/layout/brand-theme.tsx`).
const BRAND_STYLE_ID: &str = "brand-theme";

/// Puts the branding's CSS (colours and font stacks the domain wrote, nothing a user typed)
/// at the end of the head, after the stylesheets it overrides.
pub(super) fn brand_style(html: &str, css: &str) -> String {
    let Some(at) = html.find("</head>") else {
        return html.to_owned();
    };
    let css = css.replace('<', "");
    format!(
        "{}<style id=\"{BRAND_STYLE_ID}\">{css}</style>{}",
        &html[..at],
        &html[at..]
    )
}

/// Removes every occurrence of a tag that starts with `start` up to the next `end`.
fn remove_tags(html: &str, start: &str, end: &str) -> String {
    let mut out = String::with_capacity(html.len());
    let mut rest = html;
    while let Some(at) = rest.find(start) {
        out.push_str(&rest[..at]);
        match rest[at..].find(end) {
            Some(close) => rest = &rest[at + close + end.len()..],
            None => {
                rest = &rest[at..];
                break;
            }
        }
    }
    out.push_str(rest);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn head(main_image: Option<MainImage>) -> Head {
        Head {
            title: "A & B".into(),
            description: "d".into(),
            canonical: "http://x/p/".into(),
            image: None,
            main_image,
            og_type: "product",
            json_ld: Some(json!({"name": "</script><script>alert(1)</script>"})),
            page_data: Some(json!({"product": {"name": "<b>&</b>"}})),
        }
    }

    #[test]
    fn head_injection_replaces_title_and_escapes_script_content() {
        let html = "<html><head><title>bazaar</title><meta name=\"description\" content=\"x\"/></head><body></body></html>";
        let out = inject_page(
            html,
            &head(Some(MainImage {
                src: "/media/a.jpg?x=1&y=2".into(),
                alt: "A \"quoted\" name".into(),
            })),
        );
        assert_eq!(out.matches("<title>").count(), 1);
        assert!(out.contains("<title>A &amp; B</title>"));
        assert!(!out.contains("content=\"x\""));
        assert!(!out.contains("</script><script>alert"));
        assert!(out.contains("\\u003c/script\\u003e"));
        assert!(out.contains(
            "<link rel=\"preload\" as=\"image\" href=\"/media/a.jpg?x=1&amp;y=2\" fetchpriority=\"high\"/>"
        ));
        let data_start = out
            .find("<script type=\"application/json\" id=\"bazaar-page-data\">")
            .unwrap();
        assert!(data_start < out.find("</head>").unwrap());
        assert!(out.contains(r#"{"product":{"name":"\u003cb\u003e\u0026\u003c/b\u003e"}}"#));
        // No preview frame in this shell: the body is left as it was.
        assert!(out.ends_with("</head><body></body></html>"));
    }

    #[test]
    fn test_payments_mark_the_html_element() {
        let html = "<!DOCTYPE html><html lang=\"en-ZA\" class=\"x\"><head></head></html>";
        assert_eq!(
            mark_test_payments(html, "simulator"),
            "<!DOCTYPE html><html data-test-payments=\"simulator\" lang=\"en-ZA\" class=\"x\"><head></head></html>"
        );
        assert_eq!(mark_test_payments("no document", "sandbox"), "no document");
    }

    #[test]
    fn the_main_picture_goes_into_the_preview_frame() {
        let html = "<html><head></head><body><main><div aria-hidden=\"true\" data-page-preview=\"image\" class=\"frame\"></div><p>x</p></main></body></html>";
        let out = inject_page(
            html,
            &head(Some(MainImage {
                src: "/media/p.jpg".into(),
                alt: "Gloves <&> \"pro\"".into(),
            })),
        );
        assert!(out.contains(
            "data-page-preview=\"image\" class=\"frame\"><img src=\"/media/p.jpg\" alt=\"Gloves &lt;&amp;&gt; &quot;pro&quot;\" width=\"600\" height=\"600\" fetchpriority=\"high\" decoding=\"async\" class=\"size-full object-contain\"/></div><p>x</p>"
        ), "{out}");
        assert_eq!(out.matches("<img").count(), 1);

        // Without a picture the frame stays empty (the page shows its skeleton).
        let out = inject_page(html, &head(None));
        assert!(!out.contains("<img"));
        assert!(!out.contains("rel=\"preload\""));
    }
}
