//! The Meilisearch engine, through `meilisearch-sdk`.

mod http;
mod translate;

use std::sync::Arc;
use std::time::{Duration, Instant};

use async_trait::async_trait;
use meilisearch_sdk::client::{Client, SwapIndexes};
use meilisearch_sdk::errors::{Error, ErrorCode, ErrorType};
use meilisearch_sdk::indexes::Index;
use meilisearch_sdk::search::{MatchingStrategies, SearchQuery as MeiliQuery, Selectors};
use meilisearch_sdk::task_info::TaskInfo;
use meilisearch_sdk::tasks::Task;
use serde::Deserialize;
use tokio::sync::OnceCell;
use uuid::Uuid;

use self::http::TimeoutClient;
use self::translate::{BRAND_FACET, CATEGORY_FACET, Except, MeiliArticle, MeiliDoc, RETRIEVED};
use crate::matching::QueryWords;
use crate::model::{category_facet_count, finish_facet, price_bands};
use crate::{
    ArticleDoc, FacetCount, Facets, MAX_PER_PAGE, PRICE_BANDS, SearchDoc, SearchError, SearchIndex,
    SearchQuery, SearchResults,
};

/// How long one HTTP request may take by default.
pub const MEILI_REQUEST_TIMEOUT: Duration = Duration::from_secs(5);

/// How long a write waits for Meilisearch to process it.
const TASK_TIMEOUT: Duration = Duration::from_secs(300);

/// The Meilisearch engine: one index of a Meilisearch server.
#[derive(Clone)]
pub struct MeiliIndex {
    client: Client<TimeoutClient>,
    index: Index<TimeoutClient>,
    /// The help articles' index, `<index>-help`: made with its settings on the first write.
    articles: Index<TimeoutClient>,
    articles_ready: Arc<OnceCell<()>>,
}

impl std::fmt::Debug for MeiliIndex {
    // Not derived: the client holds the API key.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("MeiliIndex")
            .field("url", &self.client.get_host())
            .field("index", &self.index.uid)
            .finish()
    }
}

impl MeiliIndex {
    /// Connects to the server at `url` (no trailing slash needed), creates the index `index_uid`
    /// with primary key `id` if it is missing, applies the search settings and waits for both.
    /// Requests time out after [`MEILI_REQUEST_TIMEOUT`].
    pub async fn connect(
        url: &str,
        api_key: Option<&str>,
        index_uid: &str,
    ) -> Result<Self, SearchError> {
        Self::connect_with_timeout(url, api_key, index_uid, MEILI_REQUEST_TIMEOUT).await
    }

    /// [`MeiliIndex::connect`] with another deadline for each HTTP request.
    pub async fn connect_with_timeout(
        url: &str,
        api_key: Option<&str>,
        index_uid: &str,
        timeout: Duration,
    ) -> Result<Self, SearchError> {
        let http = TimeoutClient::new(api_key, timeout).map_err(meili_error)?;
        let client = Client::new_with_client(url.trim_end_matches('/'), api_key, http);
        Self::open(client, index_uid).await
    }

    /// The index `index_uid` of the server behind `client`, created if it is missing, with
    /// the search settings applied.
    async fn open(client: Client<TimeoutClient>, index_uid: &str) -> Result<Self, SearchError> {
        let index = match client.get_index(index_uid).await {
            Ok(index) => index,
            Err(Error::Meilisearch(e)) if e.error_code == ErrorCode::IndexNotFound => {
                let created = client.create_index(index_uid, Some("id")).await;
                let this = Self::new(client.clone(), client.index(index_uid));
                match this.wait(created.map_err(meili_error)?).await {
                    Ok(()) => {}
                    // Someone else created it meanwhile: just as good.
                    Err(_) if client.get_index(index_uid).await.is_ok() => {}
                    Err(e) => return Err(e),
                }
                this.index
            }
            Err(e) => return Err(meili_error(e)),
        };
        let this = Self::new(client, index);
        let task = this.index.set_settings(&translate::settings()).await;
        this.wait(task.map_err(meili_error)?).await?;
        Ok(this)
    }

    fn new(client: Client<TimeoutClient>, index: Index<TimeoutClient>) -> Self {
        let articles = client.index(format!("{}-help", index.uid));
        Self {
            client,
            index,
            articles,
            articles_ready: Arc::default(),
        }
    }

    /// Makes the articles' index (if missing) and applies its settings, once per process.
    async fn articles_ready(&self) -> Result<(), SearchError> {
        self.articles_ready
            .get_or_try_init(|| async {
                let task = self
                    .articles
                    .set_settings(&translate::article_settings())
                    .await;
                self.wait(task.map_err(meili_error)?).await
            })
            .await
            .map(|_| ())
    }

    /// The index a rebuild fills before it takes this one's place.
    fn rebuild_uid(&self) -> String {
        format!("{}__rebuild", self.index.uid)
    }

    /// Deletes the index `uid` if it exists.
    async fn drop_index(&self, uid: &str) -> Result<(), SearchError> {
        match self.client.delete_index(uid).await {
            Ok(task) => match self.wait(task).await {
                Ok(()) => Ok(()),
                // The task fails when there was no such index: nothing to drop.
                Err(SearchError::Internal(_)) => Ok(()),
                Err(e) => Err(e),
            },
            Err(Error::Meilisearch(e)) if e.error_code == ErrorCode::IndexNotFound => Ok(()),
            Err(e) => Err(meili_error(e)),
        }
    }

    /// Polls the task until Meilisearch has processed it, quickly at first.
    async fn wait(&self, task: TaskInfo) -> Result<(), SearchError> {
        let started = Instant::now();
        let mut pause = Duration::from_millis(2);
        loop {
            match self.client.get_task(&task).await.map_err(meili_error)? {
                Task::Succeeded { .. } => return Ok(()),
                Task::Failed { content } => {
                    return Err(SearchError::Internal(format!(
                        "meilisearch task {} failed: {}",
                        task.task_uid, content.error
                    )));
                }
                Task::Enqueued { .. } | Task::Processing { .. } => {}
            }
            if started.elapsed() > TASK_TIMEOUT {
                return Err(SearchError::Unavailable(format!(
                    "meilisearch task {} did not finish within {TASK_TIMEOUT:?}",
                    task.task_uid
                )));
            }
            tokio::time::sleep(pause).await;
            pause = (pause * 2).min(Duration::from_millis(100));
        }
    }

    /// A search request with the settings every query here shares.
    fn query<'a>(&'a self, words: &QueryWords, q: &'a str) -> MeiliQuery<'a, TimeoutClient> {
        let mut query = self.index.search();
        if !words.is_empty() {
            query.with_query(q);
        }
        query
            .with_matching_strategy(MatchingStrategies::ALL)
            .with_attributes_to_retrieve(Selectors::Some(&RETRIEVED));
        query
    }

    /// A request for the number of matches (and facets) only.
    fn counting<'a>(
        &'a self,
        words: &QueryWords,
        q: &'a str,
        filter: &'a str,
    ) -> MeiliQuery<'a, TimeoutClient> {
        let mut count = self.query(words, q);
        count.with_page(1).with_hits_per_page(0);
        if !filter.is_empty() {
            count.with_filter(filter);
        }
        count
    }
}

#[async_trait]
impl SearchIndex for MeiliIndex {
    fn engine(&self) -> &'static str {
        "meilisearch"
    }

    async fn upsert(&self, docs: Vec<SearchDoc>) -> Result<(), SearchError> {
        if docs.is_empty() {
            return Ok(());
        }
        let docs: Vec<MeiliDoc<'_>> = docs.iter().map(MeiliDoc::from).collect();
        let task = self.index.add_or_replace(&docs, Some("id")).await;
        self.wait(task.map_err(meili_error)?).await
    }

    async fn delete(&self, ids: &[Uuid]) -> Result<(), SearchError> {
        if ids.is_empty() {
            return Ok(());
        }
        let ids: Vec<String> = ids.iter().map(|id| id.hyphenated().to_string()).collect();
        let task = self.index.delete_documents(&ids).await;
        self.wait(task.map_err(meili_error)?).await
    }

    /// Returns once Meilisearch has enqueued the task: it processes enqueued tasks in order
    /// and batches consecutive ones of an index together.
    async fn upsert_queued(&self, docs: Vec<SearchDoc>) -> Result<(), SearchError> {
        if docs.is_empty() {
            return Ok(());
        }
        let docs: Vec<MeiliDoc<'_>> = docs.iter().map(MeiliDoc::from).collect();
        self.index
            .add_or_replace(&docs, Some("id"))
            .await
            .map(|_| ())
            .map_err(meili_error)
    }

    async fn delete_queued(&self, ids: &[Uuid]) -> Result<(), SearchError> {
        if ids.is_empty() {
            return Ok(());
        }
        let ids: Vec<String> = ids.iter().map(|id| id.hyphenated().to_string()).collect();
        self.index
            .delete_documents(&ids)
            .await
            .map(|_| ())
            .map_err(meili_error)
    }

    async fn clear(&self) -> Result<(), SearchError> {
        let task = self.index.delete_all_documents().await;
        self.wait(task.map_err(meili_error)?).await
    }

    /// A fresh index beside this one (`<uid>__rebuild`, emptied of any earlier attempt).
    async fn rebuild_target(&self) -> Result<Option<Box<dyn SearchIndex>>, SearchError> {
        let uid = self.rebuild_uid();
        self.drop_index(&uid).await?;
        let target = Self::open(self.client.clone(), &uid).await?;
        Ok(Some(Box::new(target)))
    }

    /// Swaps the rebuilt index into this one's name in one Meilisearch task (searches see
    /// the old documents until then and the new ones after), then drops the old documents.
    async fn publish_rebuild(&self) -> Result<(), SearchError> {
        let uid = self.rebuild_uid();
        let swap = SwapIndexes {
            indexes: (self.index.uid.clone(), uid.clone()),
            rename: None,
        };
        let task = self.client.swap_indexes([&swap]).await;
        self.wait(task.map_err(meili_error)?).await?;
        self.drop_index(&uid).await
    }

    async fn search(&self, query: &SearchQuery) -> Result<SearchResults, SearchError> {
        query.validate()?;
        let words = QueryWords::parse(&query.q);
        let join = |clauses: Vec<String>| clauses.join(" AND ");

        // Every filter string first, so the queries below can borrow them.
        let main_filter = join(translate::filter(query, Except::Nothing));
        let brand_filter = join(translate::filter(query, Except::Brand));
        let category_filter = join(translate::filter(query, Except::Category));
        let band_filters: Vec<String> = (0..PRICE_BANDS.len())
            .map(|band| {
                let mut clauses = translate::filter(query, Except::Price);
                clauses.extend(translate::band_filter(band));
                join(clauses)
            })
            .collect();
        let mut main_facets = Vec::new();
        if query.brand.is_none() {
            main_facets.push(BRAND_FACET);
        }
        if query.category.is_none() {
            main_facets.push(CATEGORY_FACET);
        }

        let mut main = self.counting(&words, &query.q, &main_filter);
        main.with_page(query.page as usize)
            .with_hits_per_page(query.per_page as usize);
        if let Some(sort) = translate::sort(query.sort) {
            main.with_sort(sort);
        }
        if !main_facets.is_empty() {
            main.with_facets(Selectors::Some(&main_facets));
        }
        let mut multi = self.client.multi_search();
        multi.with_search_query(main);
        if query.brand.is_some() {
            let mut brands = self.counting(&words, &query.q, &brand_filter);
            brands.with_facets(Selectors::Some(&[BRAND_FACET]));
            multi.with_search_query(brands);
        }
        if query.category.is_some() {
            let mut categories = self.counting(&words, &query.q, &category_filter);
            categories.with_facets(Selectors::Some(&[CATEGORY_FACET]));
            multi.with_search_query(categories);
        }
        for band in &band_filters {
            multi.with_search_query(self.counting(&words, &query.q, band));
        }
        let response = multi.execute::<SearchDoc>().await.map_err(meili_error)?;

        let mut results = response.results.into_iter();
        let mut next = || {
            results
                .next()
                .ok_or_else(|| SearchError::Internal("meilisearch sent too few results".into()))
        };
        let main = next()?;
        let mut distribution = main.facet_distribution.unwrap_or_default();
        if query.brand.is_some() {
            distribution.extend(next()?.facet_distribution.unwrap_or_default());
        }
        if query.category.is_some() {
            distribution.extend(next()?.facet_distribution.unwrap_or_default());
        }
        let mut bands = [0; 5];
        for band in &mut bands {
            *band = next()?.total_hits.unwrap_or(0) as u64;
        }
        let mut facet = |name: &str| distribution.remove(name).unwrap_or_default();
        let facets = Facets {
            brand: finish_facet(
                facet(BRAND_FACET)
                    .into_iter()
                    .map(|(value, count)| FacetCount {
                        label: value.clone(),
                        value,
                        count: count as u64,
                    })
                    .collect(),
            ),
            category: finish_facet(
                facet(CATEGORY_FACET)
                    .iter()
                    .map(|(value, &count)| category_facet_count(value, count as u64))
                    .collect(),
            ),
            price: price_bands(bands),
        };
        Ok(SearchResults {
            hits: main.hits.into_iter().map(|hit| hit.result).collect(),
            total: main.total_hits.unwrap_or(0) as u64,
            facets,
        })
    }

    async fn suggest(&self, q: &str, limit: usize) -> Result<Vec<SearchDoc>, SearchError> {
        let words = QueryWords::parse(q);
        if words.is_empty() || limit == 0 {
            return Ok(Vec::new());
        }
        let mut query = self.query(&words, q);
        query.with_limit(limit.min(MAX_PER_PAGE as usize));
        let found = query.execute::<SearchDoc>().await.map_err(meili_error)?;
        Ok(found.hits.into_iter().map(|hit| hit.result).collect())
    }

    async fn count(&self) -> Result<u64, SearchError> {
        let stats = self.index.get_stats().await.map_err(meili_error)?;
        Ok(stats.number_of_documents as u64)
    }

    async fn upsert_articles(&self, docs: Vec<ArticleDoc>) -> Result<(), SearchError> {
        if docs.is_empty() {
            return Ok(());
        }
        self.articles_ready().await?;
        let docs: Vec<MeiliArticle<'_>> = docs.iter().map(MeiliArticle::from).collect();
        let task = self.articles.add_or_replace(&docs, Some("id")).await;
        self.wait(task.map_err(meili_error)?).await
    }

    async fn delete_articles(&self, ids: &[Uuid]) -> Result<(), SearchError> {
        if ids.is_empty() {
            return Ok(());
        }
        let ids: Vec<String> = ids.iter().map(|id| id.hyphenated().to_string()).collect();
        match self.articles.delete_documents(&ids).await {
            Ok(task) => match self.wait(task).await {
                // The task fails when there is no index yet: nothing to delete.
                Err(SearchError::Internal(_)) if self.articles_ready.get().is_none() => Ok(()),
                done => done,
            },
            Err(Error::Meilisearch(e)) if e.error_code == ErrorCode::IndexNotFound => Ok(()),
            Err(e) => Err(meili_error(e)),
        }
    }

    async fn search_articles(&self, q: &str, limit: usize) -> Result<Vec<Uuid>, SearchError> {
        #[derive(Deserialize)]
        struct Hit {
            id: Uuid,
        }
        let words = QueryWords::parse(q);
        if words.is_empty() || limit == 0 {
            return Ok(Vec::new());
        }
        let mut query = self.articles.search();
        query
            .with_query(q)
            .with_matching_strategy(MatchingStrategies::ALL)
            .with_limit(limit.min(MAX_PER_PAGE as usize));
        match query.execute::<Hit>().await {
            Ok(found) => Ok(found.hits.into_iter().map(|hit| hit.result.id).collect()),
            // No article was ever indexed.
            Err(Error::Meilisearch(e)) if e.error_code == ErrorCode::IndexNotFound => {
                Ok(Vec::new())
            }
            Err(e) => Err(meili_error(e)),
        }
    }
}

/// Unreachable, failing or refusing servers are unavailable; requests Meilisearch rejects
/// are a bug here.
fn meili_error(e: Error) -> SearchError {
    match e {
        Error::Meilisearch(e) => match e.error_type {
            ErrorType::InvalidRequest if e.error_code != ErrorCode::IndexNotFound => {
                SearchError::Internal(format!("meilisearch rejected a request: {e}"))
            }
            _ => SearchError::Unavailable(format!("meilisearch: {e}")),
        },
        Error::MeilisearchCommunication(e) => {
            SearchError::Unavailable(format!("meilisearch answered {}", e.status_code))
        }
        Error::HttpError(e) => SearchError::Unavailable(format!("meilisearch unreachable: {e}")),
        // A proxy or a server in trouble answering something that is not Meilisearch's JSON.
        Error::ParseError(_) => {
            SearchError::Unavailable(format!("meilisearch answered garbage: {e}"))
        }
        Error::Timeout | Error::Other(_) => {
            SearchError::Unavailable(format!("meilisearch did not answer in time: {e}"))
        }
        other => SearchError::Internal(format!("meilisearch client: {other}")),
    }
}
