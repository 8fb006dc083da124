//! The fixed product set and the engines the tests run against.

#![allow(dead_code, reason = "each test binary uses a different part")]

use bazaar_search::{MeiliIndex, SearchDoc, SearchIndex, SearchQuery, SearchSort, TantivyIndex};
use tempfile::TempDir;
use uuid::Uuid;

/// Product `n` of the fixture.
pub fn id(n: u128) -> Uuid {
    Uuid::from_u128(0x0190_0000_0000_7000_8000_0000_0000_0000 + n)
}

/// Which fixture product an id is, for readable assertions.
pub fn number(id: Uuid) -> u128 {
    id.as_u128() - 0x0190_0000_0000_7000_8000_0000_0000_0000
}

pub fn numbers(docs: &[SearchDoc]) -> Vec<u128> {
    docs.iter().map(|doc| number(doc.id)).collect()
}

/// (n, name, description, brand, category, vendor, price, on sale, featured)
#[rustfmt::skip]
type Row = (u128, &'static str, &'static str, Option<&'static str>, Option<(&'static str, &'static str)>, Option<(&'static str, &'static str)>, i64, bool, bool);

const GLOVES: Option<(&str, &str)> = Some(("gloves", "Gloves"));
const APPAREL: Option<(&str, &str)> = Some(("apparel", "Apparel"));
const BELTS: Option<(&str, &str)> = Some(("belts", "Belts"));
const ACCESSORIES: Option<(&str, &str)> = Some(("accessories", "Accessories"));
const WEIGHTS: Option<(&str, &str)> = Some(("weights", "Weights"));
const FOOTWEAR: Option<(&str, &str)> = Some(("footwear", "Footwear"));
const IRON_HOUSE: Option<(&str, &str)> = Some(("iron-house", "Iron House"));
const OVR_STORE: Option<(&str, &str)> = Some(("ovr-store", "OVR Store"));
const CARDIO_CO: Option<(&str, &str)> = Some(("cardio-co", "Cardio Co"));
const ZEN_STUDIO: Option<(&str, &str)> = Some(("zen-studio", "Zen Studio"));
const STRIDE_SHOP: Option<(&str, &str)> = Some(("stride-shop", "Stride Shop"));

#[rustfmt::skip]
const ROWS: [Row; 20] = [
    (1, "PWR Grip Training Gloves", "Padded palms and wrist support for heavy lifting sessions.", Some("PWR"), GLOVES, IRON_HOUSE, 24_900, true, true),
    (2, "OVR Compression Shorts", "Supportive fit for squats and sprints.", Some("OVR"), APPAREL, OVR_STORE, 39_900, false, true),
    (3, "Leather Lifting Belt", "Ten millimetre leather for a stable core under load.", Some("PWR"), BELTS, IRON_HOUSE, 59_900, false, false),
    (4, "Speed Jump Rope", "Ball bearing handles for double unders.", Some("Vortex"), ACCESSORIES, CARDIO_CO, 9_900, true, false),
    (5, "Adjustable Dumbbell Set", "Dial from five to forty kilograms in seconds.", Some("IronCore"), WEIGHTS, IRON_HOUSE, 249_900, false, true),
    (6, "Yoga Mat Premium", "Thick cushioned mat with a non slip surface.", Some("Zen"), ACCESSORIES, ZEN_STUDIO, 45_000, false, false),
    (7, "Training Shorts Lite", "Light and breathable for hot days.", Some("OVR"), APPAREL, OVR_STORE, 19_900, true, false),
    (8, "Wrist Wraps", "Pair them with our gloves for pressing days.", Some("PWR"), ACCESSORIES, IRON_HOUSE, 12_900, false, false),
    (9, "Kettlebell 16kg", "Cast iron with a flat base.", Some("IronCore"), WEIGHTS, IRON_HOUSE, 89_900, false, false),
    (10, "Resistance Band Kit", "Five bands from light to heavy.", Some("Vortex"), ACCESSORIES, CARDIO_CO, 29_900, true, false),
    (11, "Compression Sleeve", "Keeps elbows warm between sets.", Some("OVR"), APPAREL, OVR_STORE, 15_900, false, false),
    (12, "Gym Gloves Classic", "Simple gloves for everyday workouts.", Some("Grip Co"), GLOVES, CARDIO_CO, 8_900, true, false),
    (13, "Foam Roller", "Loosens tight muscles after training.", Some("Zen"), ACCESSORIES, ZEN_STUDIO, 25_000, false, false),
    (14, "Protein Shaker Bottle", "Leak proof lid and a mixing ball.", None, None, None, 10_000, false, false),
    (15, "Running Shoes Trainer", "Cushioned road shoes for daily miles.", Some("Stride"), FOOTWEAR, STRIDE_SHOP, 129_900, false, true),
    (16, "Weightlifting Shoes", "Raised heel for deep squats.", Some("Stride"), FOOTWEAR, STRIDE_SHOP, 159_900, true, false),
    (17, "Pull-up Bar", "Fits most door frames without screws.", Some("IronCore"), ACCESSORIES, IRON_HOUSE, 34_900, false, false),
    (18, "Boxing Gloves Pro", "Laced leather gloves for sparring.", Some("PWR"), GLOVES, IRON_HOUSE, 69_900, false, false),
    (19, "Sports Water Bottle", "Holds a litre of cold water.", Some("Zen"), ACCESSORIES, ZEN_STUDIO, 9_999, false, false),
    (20, "Ab Roller Wheel", "Dual wheels for a steady roll out.", Some("Vortex"), ACCESSORIES, CARDIO_CO, 15_900, false, false),
];

/// The twenty products. Product n was created n thousand seconds after the first, except
/// that 6 and 7 share a creation time (to exercise the id tie-break).
pub fn products() -> Vec<SearchDoc> {
    ROWS.iter()
        .map(
            |&(n, name, description, brand, category, vendor, price_cents, on_sale, featured)| {
                let created = if n == 7 { 6 } else { n as i64 };
                SearchDoc {
                    id: id(n),
                    slug: name.to_lowercase().replace(' ', "-"),
                    name: name.into(),
                    description: description.into(),
                    brand: brand.map(Into::into),
                    category_slug: category.map(|(slug, _)| slug.into()),
                    category_name: category.map(|(_, name)| name.into()),
                    vendor_slug: vendor.map(|(slug, _)| slug.into()),
                    vendor_name: vendor.map(|(_, name)| name.into()),
                    price_cents,
                    on_sale,
                    featured,
                    image_url: Some(format!("https://img.example/{n}.jpg")),
                    created_at: 1_700_000_000 + created * 1_000,
                }
            },
        )
        .collect()
}

pub fn product(n: u128) -> SearchDoc {
    products()
        .into_iter()
        .find(|doc| number(doc.id) == n)
        .expect("a fixture product")
}

/// Keeps an engine's backing resources alive for the test.
pub enum Guard {
    Dir(TempDir),
    /// An index of its own on the shared Meilisearch server.
    Index(String),
}

pub async fn tantivy() -> (Box<dyn SearchIndex>, Guard) {
    let dir = tempfile::tempdir().expect("a temp dir");
    let index = TantivyIndex::open(dir.path()).expect("a new index opens");
    (Box::new(index), Guard::Dir(dir))
}

/// The Meilisearch engine on a fresh index of the tests' real Meilisearch.
pub async fn meilisearch() -> (Box<dyn SearchIndex>, Guard) {
    let (index, uid) = meili_index().await;
    (Box::new(index), Guard::Index(uid))
}

/// A fresh index of the tests' real Meilisearch, and its name.
pub async fn meili_index() -> (MeiliIndex, String) {
    let server = bazaar_testkit::meilisearch::server();
    let uid = bazaar_testkit::meilisearch::fresh_index_uid();
    let index = MeiliIndex::connect(&server.url, server.key.as_deref(), &uid)
        .await
        .expect("connects to Meilisearch");
    (index, uid)
}

/// Runs a query and returns the product numbers of the hits.
pub async fn find(index: &dyn SearchIndex, query: SearchQuery) -> Vec<u128> {
    numbers(&index.search(&query).await.expect("search works").hits)
}

/// Product numbers for a text query, best first.
pub async fn find_text(index: &dyn SearchIndex, q: &str) -> Vec<u128> {
    find(
        index,
        SearchQuery {
            per_page: 100,
            ..SearchQuery::text(q)
        },
    )
    .await
}

/// Everything, in an order.
pub fn all_by(sort: SearchSort) -> SearchQuery {
    SearchQuery {
        sort,
        per_page: 100,
        ..SearchQuery::default()
    }
}
