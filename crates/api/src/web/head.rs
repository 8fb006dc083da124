//! The head of product and store pages: title, description, canonical, Open Graph and
//! JSON-LD, written into the exported shell.

use serde_json::json;

use crate::AppState;
use crate::views::ProductDetail;

/// Head tags for a page, and whether the thing the page shows exists.
pub(super) struct Head {
    pub title: String,
    pub description: String,
    pub canonical: String,
    pub image: Option<String>,
    /// The page's main picture as the page requests it, fetched before the page's script
    /// asks the API for it (the largest paint of a product page).
    pub preload_image: Option<String>,
    pub og_type: &'static str,
    pub json_ld: Option<serde_json::Value>,
}

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
        preload_image: s.image_url.clone(),
        og_type: "product",
        json_ld: Some(ld),
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
        preload_image: None,
        og_type: "website",
        json_ld: Some(ld),
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

/// Replaces the shell's title and description and adds canonical, Open Graph and JSON-LD.
pub(super) fn inject_head(html: &str, head: &Head) -> String {
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
    if let Some(src) = &head.preload_image {
        tags.push_str(&format!(
            "<link rel=\"preload\" as=\"image\" href=\"{}\" fetchpriority=\"high\"/>",
            escape_xml(src)
        ));
    }
    if let Some(ld) = &head.json_ld {
        // `<` is escaped so no value can close the script element.
        let json = ld
            .to_string()
            .replace('<', "\\u003c")
            .replace('>', "\\u003e")
            .replace('&', "\\u0026");
        tags.push_str(&format!(
            "<script type=\"application/ld+json\">{json}</script>"
        ));
    }
    match html.find("</head>") {
        Some(at) => format!("{}{tags}{}", &html[..at], &html[at..]),
        None => format!("{tags}{html}"),
    }
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

    #[test]
    fn head_injection_replaces_title_and_escapes_script_content() {
        let html = "<html><head><title>bazaar</title><meta name=\"description\" content=\"x\"/></head><body></body></html>";
        let head = Head {
            title: "A & B".into(),
            description: "d".into(),
            canonical: "http://x/p/".into(),
            image: None,
            preload_image: Some("/media/a.jpg?x=1&y=2".into()),
            og_type: "product",
            json_ld: Some(json!({"name": "</script><script>alert(1)</script>"})),
        };
        let out = inject_head(html, &head);
        assert_eq!(out.matches("<title>").count(), 1);
        assert!(out.contains("<title>A &amp; B</title>"));
        assert!(!out.contains("content=\"x\""));
        assert!(!out.contains("</script><script>alert"));
        assert!(out.contains("\\u003c/script\\u003e"));
        assert!(out.contains(
            "<link rel=\"preload\" as=\"image\" href=\"/media/a.jpg?x=1&amp;y=2\" fetchpriority=\"high\"/>"
        ));
    }
}
