//! Product search: the [`SearchIndex`] trait and its engines.
//!
//! # Engines
//!
//! - [`TantivyIndex`]: an embedded index on disk ([`TantivyIndex::open`]) or in memory
//!   ([`TantivyIndex::in_ram`]). One writer behind a mutex commits once per call, and the
//!   reader is reloaded before the call returns, so a search right after [`SearchIndex::upsert`]
//!   sees the documents. Segments keep documents newest first, so a suggestion reads only the
//!   best few matches instead of scoring them all; which terms a word matches in a segment is
//!   cached, as segments never change.
//! - [`MeiliIndex`]: a Meilisearch index through `meilisearch-sdk` (reqwest with rustls).
//!   [`MeiliIndex::connect`] creates the index if it is missing and applies its settings;
//!   every write waits for its task, so it too is visible when the call returns. Documents
//!   carry four derived fields: `brand_lower` (the brand filter), `category_facet` (slug and
//!   name together, for the category facet), `featured_rank` (Meilisearch sorts numbers, not
//!   booleans) and `other_words` (every searchable field but the name, as one attribute). A
//!   search is one `/multi-search` request: the page, the facets whose filters are set, and one
//!   count per price band. The tests run it against a real Meilisearch
//!   (`bazaar_testkit::meilisearch`), through a fault-injecting proxy for the failure cases.
//!
//! [`SearchError::Unavailable`] means the engine is down, unreachable, too slow (5 s per
//! request by default) or its index is unusable; callers fall back to the database.
//!
//! # Matching
//!
//! Text is split into words at every character that is not a letter or digit, and lowercased.
//! Products are searched on their name, brand, category name, vendor name and description.
//!
//! - **Every query word must match** (AND), in any of those fields. Only the first ten words
//!   count (each cut to 64 characters). An empty query matches every product, so the filters
//!   alone choose.
//! - **Typos**: a query word of 5 to 8 characters also matches words one typo away, and one of
//!   9 or more words two typos away; a typo is one inserted, deleted or substituted character,
//!   or two adjacent characters swapped, and a first letter that differs counts as two typos
//!   (as in Meilisearch). Shorter words match exactly.
//! - **Prefix**: the last query word also matches words it begins ("trai" finds "Training",
//!   "pwr gri" finds "PWR Grip"), within the same typo allowance, unless the query ends with
//!   a space or punctuation.
//!
//! **Relevance** sums, over the query words, what each word's best match is worth: fewer typos
//! first, then a match in the name over one elsewhere, then a whole word over a prefix.
//! Relevance ties, and every other order, end with newest first and then id ascending.
//! Meilisearch ranks with its ranking rules; the settings here (`sort`, `words`, `typo`,
//! `attributeRank` over the name and one attribute holding the other fields, `exactness`,
//! `created_at:desc`) make them the same order.
//!
//! # Filters and facets
//!
//! Filters: category slug, brand (case-insensitive), vendor slug, price range (both ends
//! inclusive) and on sale. Facets are **disjunctive**: each facet counts the matches of the
//! query and every filter except its own, so the brand facet still lists the other brands
//! while one is chosen, the category facet ignores the category filter, and the price bands
//! ignore the price range. Brand and category facets list at most 100 values, most frequent
//! first, then by value; brands are counted as stored (exact spelling).
//!
//! # Help articles
//!
//! Each engine keeps the published help articles apart from the products (tantivy: a second
//! index in memory, filled by its process; Meilisearch: a second index, `<index>-help`). They
//! are matched by the same rules, the title weighing as a product's name does and the
//! category, summary and body as its other fields, best first.
//!
//! The **price bands** are fixed (minimum inclusive, maximum exclusive): under R100,
//! R100–R250, R250–R500, R500–R1,000, R1,000 and over; all five are always listed.

mod matching;
mod meili;
mod model;
mod tantivy_index;

use async_trait::async_trait;
use uuid::Uuid;

pub use crate::meili::{MEILI_REQUEST_TIMEOUT, MeiliIndex};
pub use crate::model::{
    ArticleDoc, FacetCount, Facets, MAX_FACET_VALUES, MAX_PER_PAGE, PRICE_BANDS, PriceBand,
    SearchDoc, SearchQuery, SearchResults, SearchSort,
};
pub use crate::tantivy_index::{DEFAULT_CACHED_WORDS, TantivyIndex};

/// Why a search or a write failed.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SearchError {
    /// The engine is down, unreachable or its index is unusable: fall back to the database.
    #[error("search is unavailable: {0}")]
    Unavailable(String),
    /// The query asks for something no engine can answer (a page 0, say).
    #[error("invalid search: {0}")]
    Invalid(String),
    /// Anything else: a bug here or an engine answering in a way it should not.
    #[error("search failed: {0}")]
    Internal(String),
}

/// A product search engine. Object safe: the app holds an `Arc<dyn SearchIndex>`.
#[async_trait]
pub trait SearchIndex: Send + Sync + 'static {
    /// `"tantivy"` or `"meilisearch"`.
    fn engine(&self) -> &'static str;

    /// Adds the documents, replacing any with the same id; visible to search when it returns.
    async fn upsert(&self, docs: Vec<SearchDoc>) -> Result<(), SearchError>;

    /// Removes the documents with these ids; unknown ids are ignored.
    async fn delete(&self, ids: &[Uuid]) -> Result<(), SearchError>;

    /// Like [`SearchIndex::upsert`], but may return as soon as the engine has durably
    /// accepted the write, before search sees it (Meilisearch: the task is enqueued; it
    /// survives a restart of the server). Background indexing uses it so that many writes
    /// are in flight at once and the engine batches them, instead of each job waiting for
    /// its own. An engine that cannot queue writes does them at once (the default).
    async fn upsert_queued(&self, docs: Vec<SearchDoc>) -> Result<(), SearchError> {
        self.upsert(docs).await
    }

    /// [`SearchIndex::delete`] as [`SearchIndex::upsert_queued`] is to `upsert`.
    async fn delete_queued(&self, ids: &[Uuid]) -> Result<(), SearchError> {
        self.delete(ids).await
    }

    /// Removes every document.
    async fn clear(&self) -> Result<(), SearchError>;

    /// Starts a rebuild: an empty index, unseen by search, to fill and then put in this
    /// one's place with [`SearchIndex::publish_rebuild`], so searches never see a partial
    /// index. `None` (the default): this engine rebuilds in place, cleared first (tantivy,
    /// whose index only one process opens, rebuilds with `serve` stopped).
    async fn rebuild_target(&self) -> Result<Option<Box<dyn SearchIndex>>, SearchError> {
        Ok(None)
    }

    /// Puts the index filled through [`SearchIndex::rebuild_target`] in this one's place.
    async fn publish_rebuild(&self) -> Result<(), SearchError> {
        Ok(())
    }

    /// A page of matches for the query, the total and the facets.
    async fn search(&self, query: &SearchQuery) -> Result<SearchResults, SearchError>;

    /// At most `limit` best matches for a search box, by relevance; empty for an empty query.
    async fn suggest(&self, q: &str, limit: usize) -> Result<Vec<SearchDoc>, SearchError>;

    /// How many documents the index holds.
    async fn count(&self) -> Result<u64, SearchError>;

    /// Adds help articles, replacing any with the same id; visible to
    /// [`SearchIndex::search_articles`] when it returns.
    async fn upsert_articles(&self, docs: Vec<ArticleDoc>) -> Result<(), SearchError>;

    /// Removes the help articles with these ids; unknown ids are ignored.
    async fn delete_articles(&self, ids: &[Uuid]) -> Result<(), SearchError>;

    /// The ids of at most `limit` help articles matching `q`, best first; none for a blank `q`.
    async fn search_articles(&self, q: &str, limit: usize) -> Result<Vec<Uuid>, SearchError>;

    /// Words whose matching terms this process remembers, and the most it keeps; `None`
    /// for an engine that keeps no such cache here (Meilisearch).
    fn cached_words(&self) -> Option<(usize, usize)> {
        None
    }
}
