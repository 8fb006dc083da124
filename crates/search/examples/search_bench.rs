//! Times the tantivy engine on a synthetic catalogue:
//! `cargo run --release -p bazaar-search --example search_bench [products]`.
//!
//! Loads the products in batches of 1,000 into an on-disk index, then times suggestions and
//! full searches (with facets) for a mix of queries.

use std::time::{Duration, Instant};

use bazaar_search::{SearchDoc, SearchIndex, SearchQuery, TantivyIndex};

const BRANDS: [&str; 12] = [
    "PWR", "OVR", "IronCore", "Zen", "Vortex", "Stride", "Grip Co", "Apex", "Nordic", "Titan",
    "Pulse", "Summit",
];
const ADJECTIVES: [&str; 16] = [
    "Training",
    "Compression",
    "Premium",
    "Classic",
    "Pro",
    "Lite",
    "Heavy",
    "Adjustable",
    "Speed",
    "Power",
    "Elite",
    "Flex",
    "Ultra",
    "Core",
    "Active",
    "Grip",
];
const NOUNS: [&str; 20] = [
    "Gloves",
    "Shorts",
    "Belt",
    "Rope",
    "Dumbbell",
    "Mat",
    "Wraps",
    "Kettlebell",
    "Band",
    "Sleeve",
    "Roller",
    "Bottle",
    "Shoes",
    "Bar",
    "Wheel",
    "Bench",
    "Plates",
    "Tee",
    "Hoodie",
    "Leggings",
];
const CATEGORIES: [&str; 8] = [
    "gloves",
    "apparel",
    "belts",
    "accessories",
    "weights",
    "footwear",
    "cardio",
    "recovery",
];

/// A small deterministic generator, so every run indexes the same catalogue.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 >> 11) as usize
    }

    fn pick<'a>(&mut self, items: &[&'a str]) -> &'a str {
        items[self.next() % items.len()]
    }
}

/// The shape of `bazaar seed --synthetic`: few distinct words, one shared description.
fn seed_like(count: usize) -> Vec<SearchDoc> {
    const BRANDS: [&str; 6] = ["OVR", "PWR", "Karoo", "Kudu Sport", "Fynbos", "Baobab"];
    const NOUNS: [&str; 10] = [
        "Tee", "Shorts", "Hoodie", "Runner", "Cap", "Bottle", "Gloves", "Bag", "Tights", "Jacket",
    ];
    const ADJECTIVES: [&str; 10] = [
        "Aero", "Core", "Trail", "Pro", "Swift", "Summit", "Flex", "Storm", "Peak", "Drift",
    ];
    let mut rng = Rng(0x2545_F491_4F6C_DD1D);
    (0..count)
        .map(|n| {
            let brand = rng.pick(&BRANDS);
            let category = rng.pick(&CATEGORIES);
            SearchDoc {
                id: uuid::Uuid::from_u128(n as u128 + 1),
                slug: format!("synthetic-{n}"),
                name: format!("{brand} {} {}", rng.pick(&ADJECTIVES), rng.pick(&NOUNS)),
                description: "Generated for benchmarks.".into(),
                brand: Some(brand.to_string()),
                category_slug: Some(category.to_string()),
                category_name: Some(category.to_uppercase()),
                vendor_slug: None,
                vendor_name: None,
                price_cents: (rng.next() % 350_000) as i64,
                on_sale: rng.next().is_multiple_of(5),
                featured: rng.next().is_multiple_of(20),
                image_url: None,
                created_at: 1_700_000_000 - (rng.next() % 31_536_000) as i64,
            }
        })
        .collect()
}

fn catalogue(count: usize) -> Vec<SearchDoc> {
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    // A vocabulary of made-up words for descriptions.
    let vocabulary: Vec<String> = (0..3_000)
        .map(|_| {
            let len = 3 + rng.next() % 8;
            (0..len)
                .map(|_| (b'a' + (rng.next() % 26) as u8) as char)
                .collect()
        })
        .collect();
    (0..count)
        .map(|n| {
            let brand = rng.pick(&BRANDS);
            let name = format!(
                "{brand} {} {} {}",
                rng.pick(&ADJECTIVES),
                rng.pick(&NOUNS),
                n % 97
            );
            let description: Vec<&str> = (0..20)
                .map(|_| vocabulary[rng.next() % vocabulary.len()].as_str())
                .collect();
            let category = rng.pick(&CATEGORIES);
            SearchDoc {
                id: uuid::Uuid::from_u128(n as u128 + 1),
                slug: format!("product-{n}"),
                name,
                description: description.join(" "),
                brand: Some(brand.to_string()),
                category_slug: Some(category.to_string()),
                category_name: Some(category.to_uppercase()),
                vendor_slug: Some(format!("vendor-{}", n % 50)),
                vendor_name: Some(format!("Vendor {}", n % 50)),
                price_cents: (rng.next() % 300_000) as i64,
                on_sale: rng.next().is_multiple_of(4),
                featured: rng.next().is_multiple_of(20),
                image_url: None,
                created_at: 1_700_000_000 + n as i64,
            }
        })
        .collect()
}

fn per_call(elapsed: Duration, calls: usize) -> String {
    format!("{:>8.1} µs", elapsed.as_secs_f64() * 1e6 / calls as f64)
}

#[tokio::main]
async fn main() -> Result<(), Box<dyn std::error::Error>> {
    let count: usize = std::env::args()
        .nth(1)
        .map(|n| n.parse())
        .transpose()?
        .unwrap_or(100_000);
    // Optional further arguments: only time suggestions for these queries.
    let only: Vec<String> = std::env::args().skip(2).collect();
    let dir = tempfile::tempdir()?;
    let index = TantivyIndex::open(dir.path())?;
    // BENCH_CATALOGUE=seed indexes products shaped like `bazaar seed --synthetic`.
    let docs = if std::env::var("BENCH_CATALOGUE").as_deref() == Ok("seed") {
        seed_like(count)
    } else {
        catalogue(count)
    };

    let started = Instant::now();
    for batch in docs.chunks(1_000) {
        index.upsert(batch.to_vec()).await?;
    }
    println!(
        "upsert {count} in batches of 1,000: {:?}",
        started.elapsed()
    );
    assert_eq!(index.count().await?, count as u64);

    let segments = tantivy::Index::open_in_dir(dir.path())?
        .searchable_segment_ids()?
        .len();
    println!("segments: {segments}");
    if !only.is_empty() {
        for q in &only {
            let started = Instant::now();
            for _ in 0..20_000 {
                index.suggest(q, 5).await?;
            }
            println!("suggest {q:>20}: {}", per_call(started.elapsed(), 20_000));
        }
    } else {
        time_queries(&index).await?;
    }
    drop(index);
    {
        let raw = tantivy::Index::open_in_dir(dir.path())?;
        let mut writer: tantivy::IndexWriter = raw.writer_with_num_threads(1, 50_000_000)?;
        let ids = raw.searchable_segment_ids()?;
        writer.merge(&ids).wait()?;
        writer.wait_merging_threads()?;
    }
    let index = TantivyIndex::open(dir.path())?;
    println!("after merging into one segment:");
    if only.is_empty() {
        time_queries(&index).await?;
    }
    for q in &only {
        let started = Instant::now();
        for _ in 0..20_000 {
            index.suggest(q, 5).await?;
        }
        println!("suggest {q:>20}: {}", per_call(started.elapsed(), 20_000));
    }
    Ok(())
}

async fn time_queries(index: &TantivyIndex) -> Result<(), Box<dyn std::error::Error>> {
    let queries = [
        "gl",
        "glo",
        "glov",
        "gloves",
        "glovse",
        "trai",
        "pwr gri",
        "compression shorts",
        "zen m",
        "titan power bench",
        "xq",
    ];
    for q in queries {
        let calls = 2_000;
        let started = Instant::now();
        let mut found = 0;
        for _ in 0..calls {
            found = index.suggest(q, 5).await?.len();
        }
        println!(
            "suggest {q:>20}: {} ({found} hits)",
            per_call(started.elapsed(), calls)
        );
    }
    for q in ["", "gloves", "trai", "pwr gri"] {
        let calls = 100;
        let query = SearchQuery {
            brand: Some("zen".into()),
            ..SearchQuery::text(q)
        };
        let started = Instant::now();
        let mut total = 0;
        for _ in 0..calls {
            total = index.search(&query).await?.total;
        }
        println!(
            "search+facets {q:>14}: {} ({total} matches)",
            per_call(started.elapsed(), calls)
        );
    }
    Ok(())
}
