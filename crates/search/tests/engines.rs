//! What differs between the engines: tantivy on disk, Meilisearch when it is down, and that
//! both answer every search alike.

mod common;

use std::time::{Duration, Instant};

use bazaar_search::{
    MeiliIndex, SearchDoc, SearchError, SearchIndex, SearchQuery, SearchSort, TantivyIndex,
};
use bazaar_testkit::fault_proxy::{Fault, FaultProxy};
use common::{find_text, numbers, products};

const SORTS: [SearchSort; 5] = [
    SearchSort::Relevance,
    SearchSort::Newest,
    SearchSort::PriceAsc,
    SearchSort::PriceDesc,
    SearchSort::Featured,
];

#[tokio::test]
async fn both_engines_answer_every_search_alike() {
    let (tantivy, _dir) = common::tantivy().await;
    let (meili, _stub) = common::meilisearch().await;
    for index in [&tantivy, &meili] {
        index.upsert(products()).await.expect("the fixture loads");
    }
    let filters = [
        SearchQuery::default(),
        SearchQuery {
            brand: Some("pwr".into()),
            ..SearchQuery::default()
        },
        SearchQuery {
            category: Some("accessories".into()),
            ..SearchQuery::default()
        },
        SearchQuery {
            min_price: Some(10_000),
            ..SearchQuery::default()
        },
        SearchQuery {
            max_price: Some(50_000),
            on_sale: Some(false),
            ..SearchQuery::default()
        },
        SearchQuery {
            on_sale: Some(true),
            per_page: 3,
            page: 2,
            ..SearchQuery::default()
        },
        SearchQuery {
            vendor: Some("iron-house".into()),
            brand: Some("PWR".into()),
            category: Some("gloves".into()),
            ..SearchQuery::default()
        },
    ];
    let texts = [
        "",
        "gloves",
        "glovse",
        "trai",
        "pwr gri",
        "shorts",
        "leathr",
        "kompression",
        "zen",
        "r",
        "ro",
        "iron",
        "bottle water",
        "lite ",
        "classic glove",
        "s",
        "16kg",
        "pull-up",
        "wheel",
    ];
    let mut compared = 0;
    for q in texts {
        for filter in &filters {
            for sort in SORTS {
                let query = SearchQuery {
                    q: q.into(),
                    sort,
                    ..filter.clone()
                };
                let expected = tantivy.search(&query).await.expect("tantivy searches");
                let got = meili.search(&query).await.expect("meilisearch searches");
                assert_eq!(got, expected, "{query:?}");
                compared += 1;
            }
        }
        let expected = tantivy.suggest(q, 5).await.expect("tantivy suggests");
        assert_eq!(
            meili.suggest(q, 5).await.expect("meilisearch suggests"),
            expected,
            "{q}"
        );
    }
    assert_eq!(compared, texts.len() * filters.len() * SORTS.len());
}

/// Many products with a few distinct words, for batch loading.
fn synthetic(count: u128) -> Vec<SearchDoc> {
    let template = products();
    (0..count)
        .map(|n| {
            let base = &template[(n % 20) as usize];
            SearchDoc {
                id: common::id(1_000 + n),
                name: format!("{} lot{}", base.name, n % 7),
                created_at: base.created_at + n as i64,
                ..base.clone()
            }
        })
        .collect()
}

#[tokio::test]
async fn batches_of_a_thousand_load_and_replace() {
    let (tantivy, _dir) = common::tantivy().await;
    let (meili, _stub) = common::meilisearch().await;
    for index in [&tantivy, &meili] {
        let docs = synthetic(3_000);
        for batch in docs.chunks(1_000) {
            index.upsert(batch.to_vec()).await.expect("a batch loads");
        }
        assert_eq!(
            index.count().await.expect("count works"),
            3_000,
            "{}",
            index.engine()
        );
        // Loading the same documents again replaces them.
        index
            .upsert(docs[..1_000].to_vec())
            .await
            .expect("a batch reloads");
        assert_eq!(
            index.count().await.expect("count works"),
            3_000,
            "{}",
            index.engine()
        );
        let query = SearchQuery {
            brand: Some("zen".into()),
            ..SearchQuery::text("lot3")
        };
        let results = index.search(&query).await.expect("search works");
        // Zen is products 6, 13 and 19 of every twenty; lot3 is every seventh (too short for typos).
        let expected = (0..3_000u128).filter(|n| [5, 12, 18].contains(&(n % 20)) && n % 7 == 3);
        assert_eq!(results.total, expected.count() as u64, "{}", index.engine());
    }
}

#[tokio::test]
async fn suggestions_agree_across_segments_ties_and_deletes() {
    let (tantivy, _dir) = common::tantivy().await;
    let (meili, _stub) = common::meilisearch().await;
    // Threes share a creation time, so ties fall to the id; small batches make segments.
    let docs: Vec<SearchDoc> = synthetic(1_200)
        .into_iter()
        .enumerate()
        .map(|(n, doc)| SearchDoc {
            created_at: 1_700_000_000 + (n as i64 / 3),
            ..doc
        })
        .collect();
    let removed: Vec<_> = docs.iter().step_by(7).map(|doc| doc.id).collect();
    let mut renamed: Vec<SearchDoc> = docs.iter().step_by(11).cloned().collect();
    for doc in &mut renamed {
        doc.name = format!("Renamed {}", doc.name);
    }
    for index in [&tantivy, &meili] {
        for batch in docs.chunks(150) {
            index.upsert(batch.to_vec()).await.expect("a batch loads");
        }
        index.delete(&removed).await.expect("delete works");
        index.upsert(renamed.clone()).await.expect("renames load");
    }
    let queries = [
        "gl",
        "glo",
        "gloves",
        "glovse",
        "trai",
        "pwr gri",
        "lot3",
        "lot",
        "zen",
        "leathr",
        "comp",
        "kompression",
        "bottle lot2",
        "iron house",
        "s",
        "renamed",
        "renamed pw",
        "x",
    ];
    for q in queries {
        for limit in [1, 5, 40] {
            let expected = meili.suggest(q, limit).await.expect("meilisearch suggests");
            let got = tantivy.suggest(q, limit).await.expect("tantivy suggests");
            assert_eq!(numbers(&got), numbers(&expected), "{q} / {limit}");
        }
    }
}

#[tokio::test]
async fn tantivy_keeps_documents_across_reopening() {
    let dir = tempfile::tempdir().expect("a temp dir");
    let path = dir.path().join("nested").join("index");
    {
        let index = TantivyIndex::open(&path).expect("opens, creating the directories");
        index.upsert(products()).await.expect("the fixture loads");
        let again = TantivyIndex::open(&path);
        assert!(
            matches!(again, Err(SearchError::Unavailable(_))),
            "one writer per index: {:?}",
            again.err()
        );
    }
    let index = TantivyIndex::open(&path).expect("reopens");
    assert_eq!(index.count().await.expect("count works"), 20);
    assert_eq!(find_text(&index, "glovse").await, [18, 12, 1, 8]);
    assert_eq!(index.engine(), "tantivy");
}

#[tokio::test]
async fn tantivy_in_memory_works_alike() {
    let index = TantivyIndex::in_ram().expect("an index in memory");
    index.upsert(products()).await.expect("the fixture loads");
    assert_eq!(find_text(&index, "pwr gri").await, [1]);
    let suggestions = index.suggest("trai", 2).await.expect("suggest works");
    assert_eq!(numbers(&suggestions), [15, 7]);
}

#[tokio::test]
async fn tantivy_word_cache_is_bounded_by_its_setting() {
    let index = TantivyIndex::in_ram().expect("an index in memory");
    index.upsert(products()).await.expect("the fixture loads");
    assert_eq!(
        index.cached_words(),
        Some((0, bazaar_search::DEFAULT_CACHED_WORDS))
    );
    let index = index.with_word_cache(2);
    let words = ["trai", "glovse", "pwr", "gri", "runnign", "shoe"];
    for q in words {
        index.suggest(q, 5).await.expect("suggest works");
        let (held, most) = index.cached_words().expect("tantivy keeps words");
        assert_eq!(most, 2);
        assert!((1..=2).contains(&held), "{held} words after {q}");
    }
    let index = index.with_word_cache(0);
    for q in words {
        index.suggest(q, 5).await.expect("suggest works");
    }
    assert_eq!(index.cached_words(), Some((0, 0)));
    let suggestions = index.suggest("trai", 2).await.expect("suggest works");
    assert_eq!(
        numbers(&suggestions),
        [15, 7],
        "answers alike without the cache"
    );
}

#[tokio::test]
async fn tantivy_rejects_an_index_with_another_schema() {
    let dir = tempfile::tempdir().expect("a temp dir");
    let mut builder = tantivy::schema::Schema::builder();
    builder.add_text_field("something_else", tantivy::schema::TEXT);
    tantivy::Index::create_in_dir(dir.path(), builder.build()).expect("a foreign index");
    let opened = TantivyIndex::open(dir.path());
    assert!(
        matches!(opened, Err(SearchError::Unavailable(_))),
        "{:?}",
        opened.err()
    );
}

fn assert_unavailable<T: std::fmt::Debug>(what: &str, result: Result<T, SearchError>) {
    assert!(
        matches!(result, Err(SearchError::Unavailable(_))),
        "{what}: {result:?}"
    );
}

#[tokio::test]
async fn meilisearch_failing_is_unavailable_until_it_recovers() {
    let server = bazaar_testkit::meilisearch::server();
    let uid = bazaar_testkit::meilisearch::fresh_index_uid();
    let proxy = FaultProxy::start(&server.url).await;
    let key = server.key.as_deref();
    let timeout = Duration::from_secs(1);
    let index = MeiliIndex::connect_with_timeout(&proxy.url, key, &uid, timeout)
        .await
        .expect("connects through the proxy");
    assert_eq!(index.engine(), "meilisearch");
    index.upsert(products()).await.expect("the fixture loads");
    for fault in [
        Fault::Unavailable,
        Fault::Refuse,
        Fault::Hang,
        Fault::Garbage,
    ] {
        proxy.set(fault);
        let started = Instant::now();
        let what = |call: &str| format!("{call} while {fault:?}");
        assert_unavailable(
            &what("search"),
            index.search(&SearchQuery::text("gloves")).await,
        );
        assert_unavailable(&what("suggest"), index.suggest("gloves", 5).await);
        assert_unavailable(&what("upsert"), index.upsert(products()).await);
        assert_unavailable(&what("delete"), index.delete(&[common::id(1)]).await);
        assert_unavailable(&what("clear"), index.clear().await);
        assert_unavailable(&what("count"), index.count().await);
        assert_unavailable(
            &what("connect"),
            MeiliIndex::connect_with_timeout(&proxy.url, key, &uid, timeout).await,
        );
        // Seven calls, each given up after at most the one-second deadline.
        assert!(
            started.elapsed() < Duration::from_secs(10),
            "{fault:?} took {:?}",
            started.elapsed()
        );
        proxy.set(Fault::None);
        // A connection the fault left half-open may fail one more call; then it recovers.
        let recovered = Instant::now();
        let count = loop {
            match index.count().await {
                Ok(count) => break count,
                Err(e) if recovered.elapsed() < Duration::from_secs(5) => {
                    assert!(matches!(e, SearchError::Unavailable(_)), "{e:?}");
                    tokio::time::sleep(Duration::from_millis(100)).await;
                }
                Err(e) => panic!("not recovered 5 s after {fault:?}: {e:?}"),
            }
        };
        assert_eq!(count, 20, "nothing changed while {fault:?}");
    }
    // A second connection to the same index shares its documents and keeps its settings.
    let again = MeiliIndex::connect_with_timeout(&proxy.url, key, &uid, timeout)
        .await
        .expect("connects again");
    assert_eq!(find_text(&again, "pwr gri").await, [1]);
}

#[tokio::test]
async fn meilisearch_refusing_connections_is_unavailable() {
    let listener = std::net::TcpListener::bind("127.0.0.1:0").expect("a free port");
    let url = format!("http://{}", listener.local_addr().expect("an address"));
    drop(listener);
    assert_unavailable("connect", MeiliIndex::connect(&url, None, "products").await);
}

#[tokio::test]
async fn meilisearch_not_answering_is_unavailable_after_the_timeout() {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
        .await
        .expect("a free port");
    let url = format!("http://{}", listener.local_addr().expect("an address"));
    // Accept connections and never answer.
    let silent = tokio::spawn(async move {
        let mut held = Vec::new();
        while let Ok((socket, _)) = listener.accept().await {
            held.push(socket);
        }
    });
    let started = Instant::now();
    let timeout = Duration::from_millis(300);
    let connected = MeiliIndex::connect_with_timeout(&url, None, "products", timeout).await;
    assert_unavailable("connect", connected);
    assert!(
        started.elapsed() < Duration::from_secs(5),
        "took {:?}",
        started.elapsed()
    );
    silent.abort();
}

#[tokio::test]
async fn a_rebuild_is_unseen_until_it_takes_the_index_place() {
    let (meili, _guard) = common::meilisearch().await;
    meili
        .upsert(products())
        .await
        .expect("the old documents load");
    for attempt in ["first", "again after a finished rebuild"] {
        let target = meili
            .rebuild_target()
            .await
            .expect("a rebuild starts")
            .expect("Meilisearch rebuilds beside the index");
        assert_eq!(
            target.count().await.unwrap(),
            0,
            "{attempt}: it starts empty"
        );
        target
            .upsert(synthetic(40))
            .await
            .expect("the rebuild fills");
        // Searches still see the old documents, all of them.
        assert_eq!(meili.count().await.unwrap(), 20, "{attempt}");
        assert!(
            !find_text(meili.as_ref(), "gloves").await.is_empty(),
            "{attempt}"
        );
        meili
            .publish_rebuild()
            .await
            .expect("the rebuild takes over");
        assert_eq!(meili.count().await.unwrap(), 40, "{attempt}");
        assert!(
            find_text(meili.as_ref(), "lot3")
                .await
                .iter()
                .all(|n| *n >= 1_000),
            "{attempt}: only the rebuilt documents"
        );
        meili
            .upsert(products())
            .await
            .expect("the index takes writes after the swap");
        assert_eq!(meili.count().await.unwrap(), 60, "{attempt}");
        meili.clear().await.unwrap();
        meili.upsert(products()).await.unwrap();
    }
    // tantivy rebuilds in place.
    let (tantivy, _dir) = common::tantivy().await;
    assert!(tantivy.rebuild_target().await.unwrap().is_none());
}

#[tokio::test]
async fn queued_writes_are_accepted_at_once_and_applied_in_order() {
    let (tantivy, _dir) = common::tantivy().await;
    let (meili, _guard) = common::meilisearch().await;
    for index in [&tantivy, &meili] {
        let docs = synthetic(300);
        for batch in docs.chunks(30) {
            index
                .upsert_queued(batch.to_vec())
                .await
                .expect("a write is accepted");
        }
        let gone: Vec<_> = docs[..100].iter().map(|d| d.id).collect();
        index
            .delete_queued(&gone)
            .await
            .expect("a removal is accepted");
        let started = Instant::now();
        while index.count().await.unwrap() != 200 {
            assert!(
                started.elapsed() < Duration::from_secs(60),
                "{}: the queued writes were not applied",
                index.engine()
            );
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        // Applied in order: the removal came after the writes of those documents.
        let found = find_text(index.as_ref(), "lot3").await;
        assert!(
            found.iter().all(|n| *n >= 1_100),
            "{}: {found:?}",
            index.engine()
        );
    }
}
