//! `/robots.txt` and the sitemaps of every visible product and store.

use axum::extract::State;
use axum::http::header;
use axum::response::{IntoResponse, Response};

use bazaar_domain::settings::seo::{INFORMATION_PAGES, Seo};

use super::head::escape_xml;
use crate::{ApiError, AppState};

/// Sitemap files hold at most this many URLs (the protocol's limit is 50,000).
const SITEMAP_PAGE: i64 = 45_000;

pub(super) async fn robots(State(state): State<AppState>) -> Response {
    let body = format!(
        "User-agent: *\nAllow: /\nDisallow: /api/\nDisallow: /admin/\nDisallow: /vendor/\n\nSitemap: {}/sitemap.xml\n",
        state.config.public_url
    );
    ([(header::CONTENT_TYPE, "text/plain; charset=utf-8")], body).into_response()
}

fn xml(body: String) -> Response {
    (
        [
            (header::CONTENT_TYPE, "application/xml; charset=utf-8"),
            (header::CACHE_CONTROL, "public, max-age=3600"),
        ],
        body,
    )
        .into_response()
}

fn url_entry(out: &mut String, loc: &str, lastmod: Option<chrono::DateTime<chrono::Utc>>) {
    out.push_str("<url><loc>");
    out.push_str(&escape_xml(loc));
    out.push_str("</loc>");
    if let Some(t) = lastmod {
        out.push_str(&format!("<lastmod>{}</lastmod>", t.format("%Y-%m-%d")));
    }
    out.push_str("</url>\n");
}

/// The home page, and as the SEO settings say the information pages (with the help
/// centre's articles) and the stores.
async fn first_entries(state: &AppState, seo: &Seo, out: &mut String) -> Result<(), ApiError> {
    let base = &state.config.public_url;
    url_entry(out, &format!("{base}/"), None);
    if seo.sitemap_pages {
        for page in INFORMATION_PAGES {
            url_entry(out, &format!("{base}{page}"), None);
        }
        for a in bazaar_db::help::published(&state.db).await? {
            url_entry(
                out,
                &format!("{base}/help/article/{}/", a.slug),
                Some(a.updated_at),
            );
        }
    }
    if seo.sitemap_stores {
        for (slug, updated) in bazaar_db::vendors::approved_slugs(&state.db).await? {
            url_entry(out, &format!("{base}/store/{slug}/"), Some(updated));
        }
    }
    Ok(())
}

/// One sitemap when everything fits, else an index of product pages plus the rest. What it
/// lists follows the SEO settings.
pub(super) async fn sitemap_index_or_page(
    State(state): State<AppState>,
) -> Result<Response, ApiError> {
    let base = &state.config.public_url;
    let rules = state.rules.get(&state.db).await?;
    let seo = &rules.seo;
    let total = if seo.sitemap_products {
        bazaar_db::products::count_listed(&state.db).await?
    } else {
        0
    };
    let mut out = String::from("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
    if total <= SITEMAP_PAGE {
        out.push_str("<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n");
        first_entries(&state, seo, &mut out).await?;
        if seo.sitemap_products {
            for (slug, updated) in
                bazaar_db::products::listed_slugs(&state.db, SITEMAP_PAGE, 0).await?
            {
                url_entry(&mut out, &format!("{base}/products/{slug}/"), Some(updated));
            }
        }
        out.push_str("</urlset>\n");
    } else {
        // Too many for one file: an index of pages, the first of which also has the stores.
        out.push_str("<sitemapindex xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n");
        let pages = (total + SITEMAP_PAGE - 1) / SITEMAP_PAGE;
        for n in 1..=pages {
            out.push_str(&format!(
                "<sitemap><loc>{}</loc></sitemap>\n",
                escape_xml(&format!("{base}/sitemaps/products-{n}.xml"))
            ));
        }
        out.push_str("</sitemapindex>\n");
    }
    Ok(xml(out))
}

pub(super) async fn sitemap_products_page(
    State(state): State<AppState>,
    axum::extract::Path(name): axum::extract::Path<String>,
) -> Result<Response, ApiError> {
    let n: i64 = name
        .strip_suffix(".xml")
        .and_then(|n| n.parse().ok())
        .filter(|n| *n >= 1)
        .ok_or_else(|| ApiError::NotFound("No such sitemap".into()))?;
    let rules = state.rules.get(&state.db).await?;
    let rows = if rules.seo.sitemap_products {
        bazaar_db::products::listed_slugs(&state.db, SITEMAP_PAGE, (n - 1) * SITEMAP_PAGE).await?
    } else {
        Vec::new()
    };
    if rows.is_empty() {
        return Err(ApiError::NotFound("No such sitemap".into()));
    }
    let base = &state.config.public_url;
    let mut out = String::from(
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n",
    );
    if n == 1 {
        first_entries(&state, &rules.seo, &mut out).await?;
    }
    for (slug, updated) in rows {
        url_entry(&mut out, &format!("{base}/products/{slug}/"), Some(updated));
    }
    out.push_str("</urlset>\n");
    Ok(xml(out))
}
