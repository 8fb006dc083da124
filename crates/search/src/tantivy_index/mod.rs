//! The embedded engine: a tantivy index on disk or in memory.

mod articles;
mod facets;
mod query;
mod schema;
mod suggest;
mod text_query;

use std::path::Path;
use std::sync::{Arc, Mutex, MutexGuard};

use async_trait::async_trait;
use tantivy::collector::{Count, TopDocs};
use tantivy::directory::MmapDirectory;
use tantivy::merge_policy::LogMergePolicy;
use tantivy::schema::Value;
use tantivy::{
    DocAddress, Index, IndexBuilder, IndexReader, IndexSettings, IndexSortByField, IndexWriter,
    Order, ReloadPolicy, Searcher, TantivyDocument, TantivyError,
};
use uuid::Uuid;

use self::facets::FacetCounter;
use self::query::{Except, Rank, RankKey};
use self::schema::Fields;
pub use self::text_query::DEFAULT_CACHED_WORDS;
use self::text_query::{ClassCache, Word};
use crate::matching::QueryWords;
use crate::model::{category_facet_count, finish_facet, price_bands};
use crate::{
    ArticleDoc, FacetCount, Facets, MAX_PER_PAGE, SearchDoc, SearchError, SearchIndex, SearchQuery,
    SearchResults, SearchSort,
};

/// Memory the writer may buffer before it flushes a segment.
const WRITER_MEMORY_BYTES: usize = 64_000_000;
const WRITER_THREADS: usize = 2;
/// The writer (its indexing and merge threads and their buffers, tens of megabytes once it
/// has indexed a batch) is closed after this long without writes, and opened again by the
/// next one: an idle shop keeps only the reader.
const WRITER_IDLE: std::time::Duration = std::time::Duration::from_secs(5);

/// The tantivy engine. Cheap to clone; clones share the index.
#[derive(Clone)]
pub struct TantivyIndex {
    inner: Arc<Inner>,
}

struct Inner {
    newest_first: bool,
    cache: Arc<ClassCache>,
    index: Index,
    reader: IndexReader,
    writer: Mutex<Slot>,
    fields: Fields,
    /// Made on first use: a server whose help centre nobody searched holds none of it.
    articles: std::sync::OnceLock<articles::Articles>,
}

/// The writer while it is open, and when it last wrote.
struct Slot {
    writer: Option<IndexWriter<TantivyDocument>>,
    last_write: std::time::Instant,
    close_scheduled: bool,
}

fn open_writer(index: &Index) -> Result<IndexWriter<TantivyDocument>, SearchError> {
    let writer: IndexWriter<TantivyDocument> = index
        .writer_with_num_threads(WRITER_THREADS, WRITER_MEMORY_BYTES)
        .map_err(unavailable)?;
    // Every segment costs each search a walk of its term dictionaries: merge sooner than
    // tantivy's default (8 segments of a size) to keep few of them.
    let mut merge_policy = LogMergePolicy::default();
    merge_policy.set_min_num_segments(4);
    merge_policy.set_del_docs_ratio_before_merge(0.3);
    writer.set_merge_policy(Box::new(merge_policy));
    Ok(writer)
}

impl std::fmt::Debug for TantivyIndex {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("TantivyIndex")
            .field("documents", &self.inner.reader.searcher().num_docs())
            .finish()
    }
}

impl TantivyIndex {
    /// Opens the index in `dir`, creating the directory and an empty index if missing.
    ///
    /// Fails with [`SearchError::Unavailable`] if the directory cannot be used, another
    /// process holds the index, or the index there was built with another schema (delete the
    /// directory and reindex).
    pub fn open(dir: &Path) -> Result<Self, SearchError> {
        std::fs::create_dir_all(dir).map_err(|e| {
            SearchError::Unavailable(format!("cannot create {}: {e}", dir.display()))
        })?;
        let directory = MmapDirectory::open(dir)
            .map_err(|e| SearchError::Unavailable(format!("cannot open {}: {e}", dir.display())))?;
        let (schema, fields) = Fields::schema();
        let index = IndexBuilder::new()
            .schema(schema)
            .settings(index_settings())
            .tokenizers(schema::tokenizers())
            .open_or_create(directory)
            .map_err(unavailable)?;
        Self::with_index(index, fields)
    }

    /// An empty index held in memory.
    pub fn in_ram() -> Result<Self, SearchError> {
        let (schema, fields) = Fields::schema();
        let index = IndexBuilder::new()
            .schema(schema)
            .settings(index_settings())
            .tokenizers(schema::tokenizers())
            .create_in_ram()
            .map_err(unavailable)?;
        Self::with_index(index, fields)
    }

    /// Remembers the matching terms of at most `words` search words (zero: none). Each
    /// costs up to a few kilobytes; the default is [`DEFAULT_CACHED_WORDS`].
    pub fn with_word_cache(self, words: usize) -> Self {
        self.inner.cache.set_capacity(words);
        self
    }

    fn with_index(index: Index, fields: Fields) -> Result<Self, SearchError> {
        // Opened now to fail early when another process holds the index; closed when idle.
        let writer = open_writer(&index)?;
        let reader = index
            .reader_builder()
            .reload_policy(ReloadPolicy::Manual)
            .try_into()
            .map_err(unavailable)?;
        let engine = Self {
            inner: Arc::new(Inner {
                // Suggestions rely on segments being newest first.
                newest_first: index.settings().sort_by_field == index_settings().sort_by_field,
                cache: Arc::default(),
                index,
                reader,
                writer: Mutex::new(Slot {
                    writer: Some(writer),
                    last_write: std::time::Instant::now(),
                    close_scheduled: false,
                }),
                fields,
                articles: std::sync::OnceLock::new(),
            }),
        };
        engine.close_when_idle();
        Ok(engine)
    }

    /// Runs blocking index work off the async runtime.
    async fn blocking<T: Send + 'static>(
        &self,
        work: impl FnOnce(&Inner) -> Result<T, SearchError> + Send + 'static,
    ) -> Result<T, SearchError> {
        let inner = Arc::clone(&self.inner);
        tokio::task::spawn_blocking(move || work(&inner))
            .await
            .map_err(|e| SearchError::Internal(format!("search task failed: {e}")))?
    }

    /// Runs a write, then makes sure the writer is closed once writes stop.
    async fn writing<T: Send + 'static>(
        &self,
        work: impl FnOnce(&Inner) -> Result<T, SearchError> + Send + 'static,
    ) -> Result<T, SearchError> {
        let done = self.blocking(work).await;
        self.close_when_idle();
        done
    }

    fn close_when_idle(&self) {
        {
            let mut slot = self.inner.slot();
            if slot.close_scheduled || slot.writer.is_none() {
                return;
            }
            slot.close_scheduled = true;
        }
        let Ok(runtime) = tokio::runtime::Handle::try_current() else {
            return;
        };
        let weak = Arc::downgrade(&self.inner);
        runtime.spawn(async move {
            loop {
                tokio::time::sleep(WRITER_IDLE).await;
                let Some(inner) = weak.upgrade() else { return };
                let closed = tokio::task::spawn_blocking(move || inner.close_writer_if_idle())
                    .await
                    .unwrap_or(true);
                if closed {
                    return;
                }
            }
        });
    }
}

impl Inner {
    fn articles(&self) -> Result<&articles::Articles, SearchError> {
        if let Some(made) = self.articles.get() {
            return Ok(made);
        }
        let made = articles::Articles::in_ram()?;
        Ok(self.articles.get_or_init(|| made))
    }

    fn slot(&self) -> MutexGuard<'_, Slot> {
        self.writer
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// The open writer (opening it if closed); after a panic mid-write, its uncommitted
    /// changes are dropped first.
    fn writer(&self) -> Result<MutexGuard<'_, Slot>, SearchError> {
        let mut slot = match self.writer.lock() {
            Ok(slot) => slot,
            Err(poisoned) => {
                let mut slot = poisoned.into_inner();
                if let Some(writer) = slot.writer.as_mut() {
                    writer.rollback().map_err(internal)?;
                }
                self.writer.clear_poison();
                slot
            }
        };
        if slot.writer.is_none() {
            slot.writer = Some(open_writer(&self.index)?);
        }
        slot.last_write = std::time::Instant::now();
        Ok(slot)
    }

    /// Closes the writer, letting its merges finish, unless it wrote within [`WRITER_IDLE`];
    /// true when nothing is left to close.
    fn close_writer_if_idle(&self) -> bool {
        let mut slot = self.slot();
        if slot.last_write.elapsed() < WRITER_IDLE {
            return false;
        }
        slot.close_scheduled = false;
        if let Some(writer) = slot.writer.take()
            && let Err(err) = writer.wait_merging_threads()
        {
            tracing::warn!(error = %err, "closing the search index writer");
        }
        true
    }

    /// Applies `changes` in one commit, then makes it visible to searches.
    fn write(
        &self,
        changes: impl FnOnce(&IndexWriter<TantivyDocument>) -> Result<(), SearchError>,
    ) -> Result<(), SearchError> {
        let mut slot = self.writer()?;
        let writer = slot.writer.as_mut().expect("writer() opens the writer");
        let committed = changes(writer).and_then(|()| writer.commit().map_err(unavailable));
        if let Err(e) = committed {
            // Leave nothing half-written behind for the next commit.
            let _ = writer.rollback();
            return Err(e);
        }
        drop(slot);
        self.reader.reload().map_err(unavailable)
    }

    fn upsert(&self, docs: &[SearchDoc]) -> Result<(), SearchError> {
        let documents = docs
            .iter()
            .map(|doc| self.fields.document_for(doc))
            .collect::<Result<Vec<_>, _>>()
            .map_err(|e| SearchError::Internal(format!("cannot encode a document: {e}")))?;
        self.write(|writer| {
            // Deletes apply to documents added before them, so a repeated id keeps its last.
            for (doc, document) in docs.iter().zip(documents) {
                writer.delete_term(self.fields.id_term(&doc.id));
                writer.add_document(document).map_err(internal)?;
            }
            Ok(())
        })
    }

    fn search(&self, query: &SearchQuery) -> Result<SearchResults, SearchError> {
        query.validate()?;
        let words = QueryWords::parse(&query.q);
        let searcher = self.reader.searcher();
        let build = |except| {
            query::build(&self.fields, &self.cache, &words, query, except).map_err(internal)
        };
        let has_price_filter = query.min_price.is_some() || query.max_price.is_some();
        let counter = FacetCounter {
            brand: query.brand.is_none(),
            category: query.category.is_none(),
            price: !has_price_filter,
        };
        let main = build(Except::Nothing)?;
        let (hits, total, mut counts) = if query.offset() as u64 >= searcher.num_docs() {
            // Past the last page: nothing to rank, and no window to allocate.
            let (total, counts) = searcher.search(&*main, &(Count, counter)).map_err(failed)?;
            (Vec::new(), total, counts)
        } else {
            let top = TopDocs::with_limit(query.per_page as usize)
                .and_offset(query.offset())
                .order_by(Rank(query.sort));
            searcher
                .search(&*main, &(top, Count, counter))
                .map_err(failed)?
        };
        // Disjunctive facets: each filtered facet is counted without its own filter.
        let without = |except, counter| searcher.search(&*build(except)?, &counter).map_err(failed);
        if !counter.brand {
            let only_brand = FacetCounter {
                brand: true,
                ..FacetCounter::default()
            };
            counts.brand = without(Except::Brand, only_brand)?.brand;
        }
        if !counter.category {
            let only_category = FacetCounter {
                category: true,
                ..FacetCounter::default()
            };
            counts.category = without(Except::Category, only_category)?.category;
        }
        if !counter.price {
            let only_price = FacetCounter {
                price: true,
                ..FacetCounter::default()
            };
            counts.price = without(Except::Price, only_price)?.price;
        }
        let facets = Facets {
            brand: finish_facet(
                counts
                    .brand
                    .into_iter()
                    .map(|(value, count)| FacetCount {
                        label: value.clone(),
                        value,
                        count,
                    })
                    .collect(),
            ),
            category: finish_facet(
                counts
                    .category
                    .iter()
                    .map(|(value, &count)| category_facet_count(value, count))
                    .collect(),
            ),
            price: price_bands(counts.price),
        };
        Ok(SearchResults {
            hits: self.load(&searcher, hits.into_iter().map(|(_, address)| address))?,
            total: total as u64,
            facets,
        })
    }

    fn suggest(&self, q: &str, limit: usize) -> Result<Vec<SearchDoc>, SearchError> {
        let words = QueryWords::parse(q);
        if words.is_empty() || limit == 0 {
            return Ok(Vec::new());
        }
        let limit = limit.min(MAX_PER_PAGE as usize);
        let searcher = self.reader.searcher();
        if self.newest_first
            && let Some(best) = self.suggest_by_tiers(&searcher, &words, limit)?
        {
            return self.load(&searcher, best.into_iter());
        }
        let query = query::build(
            &self.fields,
            &self.cache,
            &words,
            &SearchQuery::default(),
            Except::Nothing,
        )
        .map_err(internal)?;
        let top = TopDocs::with_limit(limit).order_by(Rank(SearchSort::Relevance));
        let hits = searcher.search(&*query, &top).map_err(failed)?;
        self.load(&searcher, hits.into_iter().map(|(_, address)| address))
    }

    /// The best `limit` matches, found tier by tier in each segment (see [`suggest`]); `None`
    /// when some segment needs the general search.
    fn suggest_by_tiers(
        &self,
        searcher: &Searcher,
        words: &QueryWords,
        limit: usize,
    ) -> Result<Option<Vec<DocAddress>>, SearchError> {
        let words = words
            .iter()
            .map(|(text, prefix)| Word::new(text, prefix, self.fields.name))
            .collect::<tantivy::Result<Vec<_>>>()
            .map_err(internal)?;
        let mut best: Vec<(RankKey, DocAddress)> = Vec::new();
        for (ord, reader) in searcher.segment_readers().iter().enumerate() {
            let top = suggest::top_in_segment(
                reader,
                &words,
                (self.fields.name, self.fields.other),
                &self.cache,
                limit,
            )
            .map_err(failed)?;
            let Some(top) = top else { return Ok(None) };
            best.extend(
                top.into_iter()
                    .map(|(key, doc)| (key, DocAddress::new(ord as u32, doc))),
            );
        }
        best.sort_by_key(|(key, _)| std::cmp::Reverse(*key));
        best.truncate(limit);
        Ok(Some(best.into_iter().map(|(_, address)| address).collect()))
    }

    fn load(
        &self,
        searcher: &Searcher,
        addresses: impl Iterator<Item = DocAddress>,
    ) -> Result<Vec<SearchDoc>, SearchError> {
        addresses
            .map(|address| {
                let stored: TantivyDocument = searcher.doc(address).map_err(failed)?;
                let json = stored
                    .get_first(self.fields.doc)
                    .and_then(|value| value.as_str())
                    .ok_or_else(|| {
                        SearchError::Unavailable("a stored document is missing".into())
                    })?;
                serde_json::from_str(json).map_err(|e| {
                    SearchError::Unavailable(format!("a stored document is unreadable: {e}"))
                })
            })
            .collect()
    }
}

#[async_trait]
impl SearchIndex for TantivyIndex {
    fn engine(&self) -> &'static str {
        "tantivy"
    }

    fn cached_words(&self) -> Option<(usize, usize)> {
        Some(self.inner.cache.usage())
    }

    async fn upsert(&self, docs: Vec<SearchDoc>) -> Result<(), SearchError> {
        if docs.is_empty() {
            return Ok(());
        }
        self.writing(move |inner| inner.upsert(&docs)).await
    }

    async fn delete(&self, ids: &[Uuid]) -> Result<(), SearchError> {
        if ids.is_empty() {
            return Ok(());
        }
        let ids = ids.to_vec();
        self.writing(move |inner| {
            inner.write(|writer| {
                for id in &ids {
                    writer.delete_term(inner.fields.id_term(id));
                }
                Ok(())
            })
        })
        .await
    }

    async fn clear(&self) -> Result<(), SearchError> {
        self.writing(|inner| {
            inner.write(|writer| writer.delete_all_documents().map(drop).map_err(internal))
        })
        .await
    }

    async fn search(&self, query: &SearchQuery) -> Result<SearchResults, SearchError> {
        let query = query.clone();
        self.blocking(move |inner| inner.search(&query)).await
    }

    async fn suggest(&self, q: &str, limit: usize) -> Result<Vec<SearchDoc>, SearchError> {
        // Suggestions take well under a millisecond: running them in place is cheaper than
        // handing them to the blocking pool.
        self.inner.suggest(q, limit)
    }

    async fn count(&self) -> Result<u64, SearchError> {
        Ok(self.inner.reader.searcher().num_docs())
    }

    async fn upsert_articles(&self, docs: Vec<ArticleDoc>) -> Result<(), SearchError> {
        if docs.is_empty() {
            return Ok(());
        }
        self.blocking(move |inner| inner.articles()?.upsert(&docs))
            .await
    }

    async fn delete_articles(&self, ids: &[Uuid]) -> Result<(), SearchError> {
        if ids.is_empty() {
            return Ok(());
        }
        let ids = ids.to_vec();
        self.blocking(move |inner| inner.articles()?.delete(&ids))
            .await
    }

    async fn search_articles(&self, q: &str, limit: usize) -> Result<Vec<Uuid>, SearchError> {
        let q = q.to_owned();
        self.blocking(move |inner| inner.articles()?.search(&q, limit))
            .await
    }
}

/// Segments keep documents newest first: the tie-break of every order, which lets
/// suggestions stop early.
fn index_settings() -> IndexSettings {
    IndexSettings {
        sort_by_field: Some(IndexSortByField {
            field: schema::CREATED_AT.to_string(),
            order: Order::Desc,
        }),
        ..IndexSettings::default()
    }
}

/// Errors that mean the index itself cannot be used.
fn unavailable(e: TantivyError) -> SearchError {
    SearchError::Unavailable(format!("tantivy: {e}"))
}

fn internal(e: TantivyError) -> SearchError {
    SearchError::Internal(format!("tantivy: {e}"))
}

/// A failed search or read: damaged files make the index unavailable, anything else is ours.
fn failed(e: TantivyError) -> SearchError {
    match e {
        TantivyError::DataCorruption(_)
        | TantivyError::IoError(_)
        | TantivyError::OpenReadError(_)
        | TantivyError::OpenDirectoryError(_)
        | TantivyError::IncompatibleIndex(_) => unavailable(e),
        other => internal(other),
    }
}
