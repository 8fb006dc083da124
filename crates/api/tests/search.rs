//! `GET /api/v1/search` and `/api/v1/search/suggestions` over the seeded catalogue: typo
//! and prefix matching, filters and facets, the 2-character and 5-result rules, the
//! database fallback, and the index following product changes through jobs.

mod common;

use axum::http::StatusCode;
use bazaar_testkit::fault_proxy::{Fault, FaultProxy};
use common::TestApp;

async fn indexed() -> TestApp {
    let app = TestApp::seeded().await;
    bazaar_workers::handlers::reindex_all(&app.db, app.search.as_ref(), 500, |_, _| {})
        .await
        .unwrap();
    app
}

fn names(v: &serde_json::Value, key: &str) -> Vec<String> {
    v[key]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["name"].as_str().unwrap().to_owned())
        .collect()
}

#[tokio::test]
async fn a_typo_or_a_prefix_still_finds_the_product() {
    let app = indexed().await;
    for q in [
        "glovse",
        "gloces",
        "trainig gloves",
        "pwr gri",
        "PWR Grip Training Gloves",
    ] {
        let r = app
            .get_ok(&format!("/api/v1/search?q={}", q.replace(' ', "%20")))
            .await;
        assert!(
            names(&r, "products").contains(&"PWR Grip Training Gloves".to_owned()),
            "{q}: {:?}",
            names(&r, "products")
        );
    }
    // A wrong letter in a short word is not forgiven.
    let r = app.get_ok("/api/v1/search?q=gkip").await;
    assert!(!names(&r, "products").contains(&"PWR Grip Training Gloves".to_owned()));
}

#[tokio::test]
async fn search_filters_facets_sorts_and_pages() {
    let app = indexed().await;
    let all = app.get_ok("/api/v1/search?per_page=100").await;
    let total = all["meta"]["total"].as_i64().unwrap();
    assert_eq!(
        total,
        app.get_ok("/api/v1/products?per_page=1").await["meta"]["total"]
            .as_i64()
            .unwrap(),
        "every listed product"
    );
    let brands = all["facets"]["brand"].as_array().unwrap();
    let ovr = brands
        .iter()
        .find(|b| b["value"] == "OVR")
        .expect("an OVR facet")["count"]
        .as_i64()
        .unwrap();
    let only_ovr = app.get_ok("/api/v1/search?brand=ovr&per_page=100").await;
    assert_eq!(
        only_ovr["meta"]["total"], ovr,
        "brand filter is case-insensitive and matches its facet"
    );
    assert!(
        only_ovr["products"]
            .as_array()
            .unwrap()
            .iter()
            .all(|p| p["brand"] == "OVR")
    );
    assert!(
        only_ovr["facets"]["brand"].as_array().unwrap().len() > 1,
        "the brand facet still lists the others"
    );
    let bands = all["facets"]["price"].as_array().unwrap();
    assert_eq!(bands.len(), 5);
    assert_eq!(
        bands
            .iter()
            .map(|b| b["count"].as_i64().unwrap())
            .sum::<i64>(),
        total
    );

    let cheap_first = app
        .get_ok("/api/v1/search?sort=price-asc&per_page=100")
        .await;
    let prices: Vec<i64> = cheap_first["products"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["effective_price_cents"].as_i64().unwrap())
        .collect();
    assert!(prices.windows(2).all(|w| w[0] <= w[1]), "{prices:?}");
    let ranged = app
        .get_ok("/api/v1/search?min_price_cents=10000&max_price_cents=50000&per_page=100")
        .await;
    assert!(
        ranged["products"]
            .as_array()
            .unwrap()
            .iter()
            .all(|p| (10000..=50000).contains(&p["effective_price_cents"].as_i64().unwrap()))
    );
    let sale = app.get_ok("/api/v1/search?on_sale=true&per_page=100").await;
    assert!(
        sale["products"]
            .as_array()
            .unwrap()
            .iter()
            .all(|p| p["on_sale"] == true)
    );

    let page2 = app
        .get_ok("/api/v1/search?sort=newest&per_page=5&page=2")
        .await;
    let newest = app.get_ok("/api/v1/search?sort=newest&per_page=10").await;
    assert_eq!(
        names(&page2, "products"),
        names(&newest, "products")[5..].to_vec()
    );

    let bad = app.request("GET", "/api/v1/search?sort=cheapest").await;
    assert_eq!(bad.status, StatusCode::BAD_REQUEST);
    assert_eq!(
        bad.json()["error"]["message"],
        "Unknown sort 'cheapest': use relevance, newest, featured, price-asc or price-desc"
    );
}

#[tokio::test]
async fn suggestions_start_after_one_character_and_stop_at_five() {
    let app = indexed().await;
    for q in ["", "o", "%20o%20"] {
        let r = app
            .get_ok(&format!("/api/v1/search/suggestions?q={q}"))
            .await;
        assert_eq!(r["suggestions"].as_array().unwrap().len(), 0, "q={q:?}");
    }
    let two = app.get_ok("/api/v1/search/suggestions?q=ov").await;
    let list = two["suggestions"].as_array().unwrap();
    assert_eq!(list.len(), 5, "many OVR products, five suggestions");
    for s in list {
        for key in ["id", "slug", "name", "price_cents", "category", "image_url"] {
            assert!(s.get(key).is_some(), "{key} in {s}");
        }
    }
    let one = app.get_ok("/api/v1/search/suggestions?q=glovse").await;
    assert_eq!(one["suggestions"][0]["name"], "PWR Grip Training Gloves");
    assert_eq!(one["suggestions"][0]["price_cents"], 27900);
}

#[tokio::test]
async fn suggestions_fall_back_to_the_database_when_the_index_is_unavailable() {
    let app = TestApp::seeded().await;
    let server = bazaar_testkit::meilisearch::server();
    let proxy = FaultProxy::start(&server.url).await;
    let uid = bazaar_testkit::meilisearch::fresh_index_uid();
    let meili = bazaar_search::MeiliIndex::connect(&proxy.url, server.key.as_deref(), &uid)
        .await
        .unwrap();
    proxy.set(Fault::Unavailable);
    let state = app.state.clone().with_search(std::sync::Arc::new(meili));
    let router = bazaar_api::app(state);
    let app = TestApp { router, ..app };
    let r = app.get_ok("/api/v1/search/suggestions?q=grip").await;
    assert_eq!(
        names(&r, "suggestions"),
        vec!["PWR Grip Training Gloves".to_owned()]
    );
    let r = app.get_ok("/api/v1/search/suggestions?q=o").await;
    assert_eq!(r["suggestions"].as_array().unwrap().len(), 0);
    let r = app.get_ok("/api/v1/search/suggestions?q=ov").await;
    assert_eq!(
        r["suggestions"].as_array().unwrap().len(),
        5,
        "the fallback keeps the limit"
    );
    let full = app.request("GET", "/api/v1/search?q=grip").await;
    assert_eq!(full.status, StatusCode::SERVICE_UNAVAILABLE);
}

#[tokio::test]
async fn the_index_follows_imports_through_jobs() {
    let app = TestApp::new().await;
    let jobs = app.start_jobs();
    app.seed().await;
    TestApp::eventually("the seeded catalogue in the index", 30, || async {
        let r = app.get_ok("/api/v1/search/suggestions?q=glovse").await;
        (r["suggestions"].as_array().unwrap().len() == 1).then_some(())
    })
    .await;
    // Unlisting a product (here: its vendor is suspended) takes it out of the index.
    let vendor: uuid::Uuid = bazaar_db::on_db!(&app.db, pool => sqlx::query_scalar(
        "SELECT vendor_id FROM products WHERE slug = 'pwr-grip-training-gloves'").fetch_one(pool).await.unwrap());
    let mut tx = app.db.begin().await.unwrap();
    bazaar_db::vendors::set_status(
        &mut tx,
        vendor,
        bazaar_domain::catalogue::VendorStatus::Suspended,
        chrono::Utc::now(),
    )
    .await
    .unwrap();
    bazaar_queue::enqueue(
        &mut tx,
        &bazaar_queue::Job::IndexVendor { vendor_id: vendor },
    )
    .await
    .unwrap();
    tx.commit().await.unwrap();
    TestApp::eventually("the suspended vendor's products gone", 30, || async {
        let r = app.get_ok("/api/v1/search/suggestions?q=glovse").await;
        (r["suggestions"].as_array().unwrap().is_empty()).then_some(())
    })
    .await;
    jobs.shutdown().await;
}

/// An index on which, as a job's removal arrives, a store is reinstated and that change's
/// own job writes its product first: the job that read the store suspended writes last.
struct OvertakenRemoval {
    inner: std::sync::Arc<bazaar_search::TantivyIndex>,
    db: bazaar_db::Db,
    product: uuid::Uuid,
    overtaken: std::sync::atomic::AtomicBool,
}

impl OvertakenRemoval {
    async fn overtake(&self) {
        if self
            .overtaken
            .swap(true, std::sync::atomic::Ordering::SeqCst)
        {
            return;
        }
        bazaar_db::on_db!(&self.db, pool => sqlx::query("UPDATE products SET listed = TRUE WHERE id = $1")
            .bind(self.product).execute(pool).await.map(|_| ())).unwrap();
        bazaar_workers::handlers::sync(&self.db, self.inner.as_ref(), &[self.product])
            .await
            .unwrap();
    }
}

#[async_trait::async_trait]
impl bazaar_search::SearchIndex for OvertakenRemoval {
    fn engine(&self) -> &'static str {
        "tantivy"
    }
    async fn upsert(
        &self,
        docs: Vec<bazaar_search::SearchDoc>,
    ) -> Result<(), bazaar_search::SearchError> {
        self.inner.upsert(docs).await
    }
    async fn delete(&self, ids: &[uuid::Uuid]) -> Result<(), bazaar_search::SearchError> {
        self.overtake().await;
        self.inner.delete(ids).await
    }
    async fn clear(&self) -> Result<(), bazaar_search::SearchError> {
        self.inner.clear().await
    }
    async fn search(
        &self,
        query: &bazaar_search::SearchQuery,
    ) -> Result<bazaar_search::SearchResults, bazaar_search::SearchError> {
        self.inner.search(query).await
    }
    async fn suggest(
        &self,
        q: &str,
        limit: usize,
    ) -> Result<Vec<bazaar_search::SearchDoc>, bazaar_search::SearchError> {
        self.inner.suggest(q, limit).await
    }
    async fn count(&self) -> Result<u64, bazaar_search::SearchError> {
        self.inner.count().await
    }
    async fn upsert_articles(
        &self,
        docs: Vec<bazaar_search::ArticleDoc>,
    ) -> Result<(), bazaar_search::SearchError> {
        self.inner.upsert_articles(docs).await
    }
    async fn delete_articles(&self, ids: &[uuid::Uuid]) -> Result<(), bazaar_search::SearchError> {
        self.inner.delete_articles(ids).await
    }
    async fn search_articles(
        &self,
        q: &str,
        limit: usize,
    ) -> Result<Vec<uuid::Uuid>, bazaar_search::SearchError> {
        self.inner.search_articles(q, limit).await
    }
}

#[tokio::test]
async fn an_index_job_overtaken_by_a_newer_change_writes_the_newer_state() {
    let app = indexed().await;
    let product: uuid::Uuid = bazaar_db::on_db!(&app.db, pool => sqlx::query_scalar(
        "SELECT id FROM products WHERE slug = 'pwr-grip-training-gloves'").fetch_one(pool).await.unwrap());
    bazaar_db::on_db!(&app.db, pool => sqlx::query("UPDATE products SET listed = FALSE WHERE id = $1")
        .bind(product).execute(pool).await.map(|_| ())).unwrap();
    let index = OvertakenRemoval {
        inner: app.search.clone(),
        db: app.db.clone(),
        product,
        overtaken: false.into(),
    };
    bazaar_workers::handlers::sync(&app.db, &index, &[product])
        .await
        .unwrap();
    assert!(index.overtaken.into_inner(), "the removal was written");
    let r = app.get_ok("/api/v1/search/suggestions?q=glovse").await;
    assert_eq!(
        names(&r, "suggestions"),
        ["PWR Grip Training Gloves"],
        "listed again, so in the index again"
    );
}
