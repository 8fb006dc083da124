//! How a product row becomes a search document: shared by the indexing jobs and the API's
//! fallback, so both describe a product the same way.

use bazaar_db::products::search::SearchRow;
use bazaar_search::SearchDoc;

pub fn doc_from_row(row: SearchRow) -> SearchDoc {
    let non_empty = |s: String| (!s.trim().is_empty()).then_some(s);
    SearchDoc {
        id: row.id,
        slug: row.slug,
        name: row.name,
        description: row.description,
        brand: non_empty(row.brand),
        category_slug: non_empty(row.category.clone()),
        category_name: row.category_name.or_else(|| non_empty(row.category)),
        vendor_slug: row.vendor_slug,
        vendor_name: row.vendor_name,
        price_cents: row.min_price_cents,
        on_sale: row.on_sale,
        featured: row.featured,
        image_url: row.image_url,
        created_at: row.created_at.timestamp(),
    }
}
