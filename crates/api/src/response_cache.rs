//! Public catalogue answers kept ready in memory: product lists, product pages, categories,
//! store pages and search suggestions, each serialised and gzipped once, keyed by its
//! normalised query, and answered with a weak ETag (`304 Not Modified` when the client has
//! it).
//!
//! Correctness comes from the change events of [`bazaar_db::changes`], not from time: every
//! answer carries the tags of what it shows (a product, a store, "every list") and the
//! epoch at which it started reading; a change records, per tag, the epoch it happened at.
//! An answer is good while none of its tags changed after it started reading, so a fill
//! that raced a change is thrown away at its first use. Changes reach this process before
//! the writing request returns (and from other processes as [`bazaar_db::changes`] says),
//! so the next read after a write shows it.
//!
//! Search suggestions come from the search index, which catches up with writes a moment
//! after them; they are kept for the cache TTL as well as tagged.
//!
//! The memory is bounded by a byte budget (`serve --response-cache-mb`); the least useful
//! answers are evicted first (moka's TinyLFU).

use std::collections::HashMap;
use std::io::Write;
use std::sync::RwLock;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

use axum::body::{Body, Bytes};
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use bazaar_db::changes::{Change, ChangeSink};
use serde::Serialize;
use uuid::Uuid;

/// What an answer shows, for invalidation.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Tag {
    /// One product's page.
    Product(Uuid),
    /// A store's page and the pages of its products.
    Vendor(Uuid),
    /// Anything that lists products or counts them: lists, categories, store pages.
    Lists,
}

/// Changed tags kept before they are folded into one "everything changed" epoch.
const MAX_TAGS: usize = 200_000;

/// Answers smaller than this are not gzipped (the compression layer's threshold too).
const GZIP_FROM: usize = 256;

/// One ready answer.
pub struct Prepared {
    epoch: u64,
    tags: Vec<Tag>,
    expires: Option<Instant>,
    etag: HeaderValue,
    body: Bytes,
    gzip: Option<Bytes>,
}

impl Prepared {
    fn weight(&self, key: &str) -> u32 {
        let bytes = key.len()
            + self.body.len()
            + self.gzip.as_ref().map_or(0, Bytes::len)
            + self.tags.len() * std::mem::size_of::<Tag>()
            + 160;
        u32::try_from(bytes).unwrap_or(u32::MAX)
    }

    /// The answer for a request with `headers`: 304 when it has this ETag, gzip when it
    /// takes gzip.
    fn respond(&self, headers: &HeaderMap) -> Response {
        let mut response = if not_modified(headers, &self.etag) {
            StatusCode::NOT_MODIFIED.into_response()
        } else {
            match &self.gzip {
                Some(gz) if accepts_gzip(headers) => {
                    let mut r = Response::new(Body::from(gz.clone()));
                    r.headers_mut()
                        .insert(header::CONTENT_ENCODING, HeaderValue::from_static("gzip"));
                    r
                }
                _ => Response::new(Body::from(self.body.clone())),
            }
        };
        let h = response.headers_mut();
        h.insert(
            header::CONTENT_TYPE,
            HeaderValue::from_static("application/json"),
        );
        h.insert(header::ETAG, self.etag.clone());
        h.insert(header::VARY, HeaderValue::from_static("accept-encoding"));
        // Browsers may keep it but ask again each time; the ETag makes that cheap.
        h.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-cache"));
        response
    }
}

fn not_modified(headers: &HeaderMap, etag: &HeaderValue) -> bool {
    let Some(tag) = etag.to_str().ok().map(|t| t.trim_start_matches("W/")) else {
        return false;
    };
    headers
        .get_all(header::IF_NONE_MATCH)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(','))
        .map(|t| t.trim())
        .any(|t| t == "*" || t.trim_start_matches("W/") == tag)
}

fn accepts_gzip(headers: &HeaderMap) -> bool {
    headers
        .get_all(header::ACCEPT_ENCODING)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(','))
        .any(|coding| {
            let mut parts = coding.split(';');
            let name = parts.next().unwrap_or("").trim();
            let refused = parts.any(|p| {
                let p = p.trim().replace(' ', "");
                p == "q=0" || p == "q=0.0" || p == "q=0.00" || p == "q=0.000"
            });
            (name.eq_ignore_ascii_case("gzip") || name == "*") && !refused
        })
}

/// When each tag last changed, as epochs.
#[derive(Default)]
struct Stamps {
    epoch: AtomicU64,
    /// The last epoch at which everything changed.
    everything: AtomicU64,
    tags: RwLock<HashMap<Tag, u64>>,
}

impl Stamps {
    fn now(&self) -> u64 {
        self.epoch.load(Ordering::SeqCst)
    }

    fn still_good(&self, p: &Prepared) -> bool {
        if self.everything.load(Ordering::SeqCst) > p.epoch {
            return false;
        }
        let tags = self.tags.read().unwrap_or_else(|e| e.into_inner());
        p.tags
            .iter()
            .all(|t| tags.get(t).is_none_or(|&changed| changed <= p.epoch))
    }

    fn record(&self, changes: &[Change]) {
        let epoch = self.epoch.fetch_add(1, Ordering::SeqCst) + 1;
        let mut tags = self.tags.write().unwrap_or_else(|e| e.into_inner());
        for change in changes {
            match change {
                Change::Products { ids } => {
                    for id in ids {
                        tags.insert(Tag::Product(*id), epoch);
                    }
                    tags.insert(Tag::Lists, epoch);
                }
                Change::Vendor { id } => {
                    tags.insert(Tag::Vendor(*id), epoch);
                    tags.insert(Tag::Lists, epoch);
                }
                // Category names show on product cards and pages, settings (the currency)
                // on everything.
                Change::Categories | Change::Settings | Change::Everything => {
                    self.everything.store(epoch, Ordering::SeqCst);
                    tags.clear();
                }
            }
        }
        if tags.len() > MAX_TAGS {
            self.everything.store(epoch, Ordering::SeqCst);
            tags.clear();
        }
    }
}

/// Counts for `/metrics`.
#[derive(Default)]
struct Counters {
    hits: AtomicU64,
    misses: AtomicU64,
    not_modified: AtomicU64,
    invalidations: AtomicU64,
}

/// The cache of one `serve` process.
pub struct ResponseCache {
    entries: moka::sync::Cache<String, std::sync::Arc<Prepared>>,
    stamps: Stamps,
    counters: Counters,
    budget_bytes: u64,
    /// The fills under way, by key.
    filling: std::sync::Mutex<HashMap<String, std::sync::Arc<tokio::sync::Mutex<()>>>>,
}

/// What a fill returns: the value to serialise and the tags of what it shows.
pub struct Fill<T> {
    pub value: T,
    pub tags: Vec<Tag>,
    /// Kept at most this long (answers that follow something other than the database).
    pub ttl: Option<Duration>,
}

impl<T> Fill<T> {
    pub fn new(value: T, tags: Vec<Tag>) -> Self {
        Self {
            value,
            tags,
            ttl: None,
        }
    }
}

impl ResponseCache {
    /// A cache of at most `budget_bytes`; zero keeps nothing.
    pub fn new(budget_bytes: u64) -> Self {
        Self {
            entries: moka::sync::Cache::builder()
                .max_capacity(budget_bytes)
                .weigher(|key: &String, value: &std::sync::Arc<Prepared>| value.weight(key))
                .build(),
            stamps: Stamps::default(),
            counters: Counters::default(),
            budget_bytes,
            filling: std::sync::Mutex::new(HashMap::new()),
        }
    }

    /// The answer for `key`: from memory when it is still good, else from `fill`, which is
    /// kept. Errors are answered by the caller and never kept.
    pub async fn answer<T, E, F, Fut>(
        &self,
        key: String,
        headers: &HeaderMap,
        fill: F,
    ) -> Result<Response, E>
    where
        T: Serialize,
        F: FnOnce() -> Fut,
        Fut: Future<Output = Result<Fill<T>, E>>,
    {
        if let Some(p) = self.good(&key) {
            self.counters.hits.fetch_add(1, Ordering::Relaxed);
            return Ok(self.respond(&p, headers));
        }
        // One fill per key at a time: after a change, the requests that arrive for a popular
        // list wait for the first one's answer instead of each reading the database.
        let turn = {
            let mut filling = self.filling.lock().unwrap_or_else(|e| e.into_inner());
            std::sync::Arc::clone(filling.entry(key.clone()).or_default())
        };
        let guard = turn.lock().await;
        let done = match self.good(&key) {
            Some(p) => {
                self.counters.hits.fetch_add(1, Ordering::Relaxed);
                Ok(self.respond(&p, headers))
            }
            None => {
                self.counters.misses.fetch_add(1, Ordering::Relaxed);
                // Read before filling: a change during the fill makes the answer stale at once.
                let epoch = self.stamps.now();
                fill().await.map(|fill| {
                    let p = std::sync::Arc::new(prepare(epoch, fill));
                    if self.budget_bytes > 0 {
                        self.entries.insert(key.clone(), std::sync::Arc::clone(&p));
                    }
                    self.respond(&p, headers)
                })
            }
        };
        drop(guard);
        let mut filling = self.filling.lock().unwrap_or_else(|e| e.into_inner());
        // The last one through forgets the turn (the map's reference and ours are left).
        if std::sync::Arc::strong_count(&turn) == 2 {
            filling.remove(&key);
        }
        done
    }

    /// The kept answer for `key` if it is still good; a stale one is dropped.
    fn good(&self, key: &str) -> Option<std::sync::Arc<Prepared>> {
        let p = self.entries.get(key)?;
        let fresh = p.expires.is_none_or(|at| Instant::now() < at);
        if fresh && self.stamps.still_good(&p) {
            return Some(p);
        }
        self.entries.invalidate(key);
        None
    }

    fn respond(&self, p: &Prepared, headers: &HeaderMap) -> Response {
        let response = p.respond(headers);
        if response.status() == StatusCode::NOT_MODIFIED {
            self.counters.not_modified.fetch_add(1, Ordering::Relaxed);
        }
        response
    }

    /// Prometheus text lines for `/metrics`.
    pub fn metrics(&self) -> String {
        self.entries.run_pending_tasks();
        let c = &self.counters;
        format!(
            "# HELP bazaar_response_cache_hits_total Public answers served from memory.\n\
             # TYPE bazaar_response_cache_hits_total counter\n\
             bazaar_response_cache_hits_total {}\n\
             # HELP bazaar_response_cache_misses_total Public answers read from the database and kept.\n\
             # TYPE bazaar_response_cache_misses_total counter\n\
             bazaar_response_cache_misses_total {}\n\
             # HELP bazaar_response_cache_not_modified_total Answers of 304 Not Modified.\n\
             # TYPE bazaar_response_cache_not_modified_total counter\n\
             bazaar_response_cache_not_modified_total {}\n\
             # HELP bazaar_response_cache_invalidations_total Change sets that reached the cache.\n\
             # TYPE bazaar_response_cache_invalidations_total counter\n\
             bazaar_response_cache_invalidations_total {}\n\
             # HELP bazaar_response_cache_entries Answers held.\n\
             # TYPE bazaar_response_cache_entries gauge\n\
             bazaar_response_cache_entries {}\n\
             # HELP bazaar_response_cache_bytes Bytes held (bodies, gzip copies and keys).\n\
             # TYPE bazaar_response_cache_bytes gauge\n\
             bazaar_response_cache_bytes {}\n\
             # HELP bazaar_response_cache_budget_bytes The most bytes held (serve --response-cache-mb).\n\
             # TYPE bazaar_response_cache_budget_bytes gauge\n\
             bazaar_response_cache_budget_bytes {}\n",
            c.hits.load(Ordering::Relaxed),
            c.misses.load(Ordering::Relaxed),
            c.not_modified.load(Ordering::Relaxed),
            c.invalidations.load(Ordering::Relaxed),
            self.entries.entry_count(),
            self.entries.weighted_size(),
            self.budget_bytes,
        )
    }
}

impl ChangeSink for ResponseCache {
    fn apply(&self, changes: &[Change]) {
        self.counters.invalidations.fetch_add(1, Ordering::Relaxed);
        self.stamps.record(changes);
    }
}

fn prepare<T: Serialize>(epoch: u64, fill: Fill<T>) -> Prepared {
    let body = serde_json::to_vec(&fill.value).expect("answers serialise");
    let etag = etag(&body);
    let gzip = (body.len() >= GZIP_FROM).then(|| {
        let mut gz = flate2::write::GzEncoder::new(
            Vec::with_capacity(body.len() / 4),
            flate2::Compression::default(),
        );
        gz.write_all(&body).expect("gzip into memory");
        Bytes::from(gz.finish().expect("gzip into memory"))
    });
    Prepared {
        epoch,
        tags: fill.tags,
        expires: fill.ttl.map(|ttl| Instant::now() + ttl),
        etag,
        body: Bytes::from(body),
        gzip,
    }
}

/// A weak ETag of the body (weak: the gzip and plain bodies share it). The same body gets
/// the same tag in every `serve` process.
fn etag(body: &[u8]) -> HeaderValue {
    use sha2::Digest;
    let digest = sha2::Sha256::digest(body);
    let hex: String = digest[..12].iter().map(|b| format!("{b:02x}")).collect();
    HeaderValue::from_str(&format!("W/\"{hex}\"")).expect("hex is a valid header")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fill_with(
        value: &str,
        tags: Vec<Tag>,
    ) -> impl Future<Output = Result<Fill<String>, ()>> + use<> {
        let value = value.to_owned();
        async move { Ok(Fill::new(value, tags)) }
    }

    async fn body(r: Response) -> String {
        let bytes = axum::body::to_bytes(r.into_body(), usize::MAX)
            .await
            .unwrap();
        String::from_utf8(bytes.to_vec()).unwrap()
    }

    #[tokio::test]
    async fn a_kept_answer_is_served_until_a_change_touches_its_tags() {
        let cache = ResponseCache::new(1 << 20);
        let (a, b) = (Uuid::from_u128(1), Uuid::from_u128(2));
        let h = HeaderMap::new();
        let r = cache.answer("p:a".into(), &h, || fill_with("a1", vec![Tag::Product(a)]));
        assert_eq!(body(r.await.unwrap()).await, "\"a1\"");
        let r = cache.answer("p:a".into(), &h, || fill_with("a2", vec![Tag::Product(a)]));
        assert_eq!(body(r.await.unwrap()).await, "\"a1\"", "kept");
        // Another product's change leaves it; its own does not.
        cache.apply(&[Change::Products { ids: vec![b] }]);
        let r = cache.answer("p:a".into(), &h, || fill_with("a3", vec![Tag::Product(a)]));
        assert_eq!(body(r.await.unwrap()).await, "\"a1\"");
        cache.apply(&[Change::Products { ids: vec![a] }]);
        let r = cache.answer("p:a".into(), &h, || fill_with("a4", vec![Tag::Product(a)]));
        assert_eq!(body(r.await.unwrap()).await, "\"a4\"");
        // Lists follow every product change; settings change everything.
        let r = cache.answer("l".into(), &h, || fill_with("l1", vec![Tag::Lists]));
        assert_eq!(body(r.await.unwrap()).await, "\"l1\"");
        cache.apply(&[Change::Vendor { id: b }]);
        let r = cache.answer("l".into(), &h, || fill_with("l2", vec![Tag::Lists]));
        assert_eq!(body(r.await.unwrap()).await, "\"l2\"");
        cache.apply(&[Change::Settings]);
        let r = cache.answer("p:a".into(), &h, || fill_with("a5", vec![Tag::Product(a)]));
        assert_eq!(body(r.await.unwrap()).await, "\"a5\"");
    }

    #[tokio::test]
    async fn a_fill_that_raced_a_change_is_not_served_again() {
        let cache = ResponseCache::new(1 << 20);
        let a = Uuid::from_u128(1);
        let h = HeaderMap::new();
        // The change lands while the fill is reading.
        let r = cache.answer("p:a".into(), &h, || {
            cache.apply(&[Change::Products { ids: vec![a] }]);
            fill_with("old", vec![Tag::Product(a)])
        });
        assert_eq!(body(r.await.unwrap()).await, "\"old\"");
        let r = cache.answer("p:a".into(), &h, || fill_with("new", vec![Tag::Product(a)]));
        assert_eq!(body(r.await.unwrap()).await, "\"new\"");
    }

    #[tokio::test]
    async fn etags_give_304_and_gzip_is_served_to_those_who_take_it() {
        let cache = ResponseCache::new(1 << 20);
        let long = "x".repeat(2000);
        let h = HeaderMap::new();
        let r = cache
            .answer("k".into(), &h, || fill_with(&long, vec![Tag::Lists]))
            .await
            .unwrap();
        let etag = r.headers()[header::ETAG].clone();
        assert!(etag.to_str().unwrap().starts_with("W/\""));
        assert!(r.headers().get(header::CONTENT_ENCODING).is_none());

        let mut again = HeaderMap::new();
        again.insert(header::IF_NONE_MATCH, etag.clone());
        let r = cache
            .answer("k".into(), &again, || fill_with("unused", vec![]))
            .await
            .unwrap();
        assert_eq!(r.status(), StatusCode::NOT_MODIFIED);
        assert_eq!(r.headers()[header::ETAG], etag);

        let mut gz = HeaderMap::new();
        gz.insert(
            header::ACCEPT_ENCODING,
            HeaderValue::from_static("br, gzip"),
        );
        let r = cache
            .answer("k".into(), &gz, || fill_with("unused", vec![]))
            .await
            .unwrap();
        assert_eq!(r.headers()[header::CONTENT_ENCODING], "gzip");
        let packed = axum::body::to_bytes(r.into_body(), usize::MAX)
            .await
            .unwrap();
        let mut plain = String::new();
        std::io::Read::read_to_string(&mut flate2::read::GzDecoder::new(&packed[..]), &mut plain)
            .unwrap();
        assert_eq!(plain, format!("\"{long}\""));

        let mut refused = HeaderMap::new();
        refused.insert(
            header::ACCEPT_ENCODING,
            HeaderValue::from_static("gzip;q=0"),
        );
        let r = cache
            .answer("k".into(), &refused, || fill_with("unused", vec![]))
            .await
            .unwrap();
        assert!(r.headers().get(header::CONTENT_ENCODING).is_none());
    }

    #[tokio::test]
    async fn requests_that_miss_together_wait_for_one_fill() {
        let cache = std::sync::Arc::new(ResponseCache::new(1 << 20));
        let fills = std::sync::Arc::new(AtomicU64::new(0));
        let mut all = Vec::new();
        for _ in 0..8 {
            let (cache, fills) = (cache.clone(), fills.clone());
            all.push(tokio::spawn(async move {
                let r = cache
                    .answer("k".into(), &HeaderMap::new(), || async {
                        fills.fetch_add(1, Ordering::SeqCst);
                        tokio::time::sleep(Duration::from_millis(30)).await;
                        Ok::<_, ()>(Fill::new("v", vec![Tag::Lists]))
                    })
                    .await
                    .unwrap();
                body(r).await
            }));
        }
        for a in all {
            assert_eq!(a.await.unwrap(), "\"v\"");
        }
        assert_eq!(fills.load(Ordering::SeqCst), 1);
        assert!(
            cache.filling.lock().unwrap().is_empty(),
            "turns are forgotten"
        );
    }

    #[tokio::test]
    async fn an_answer_with_a_ttl_is_read_again_after_it() {
        let cache = ResponseCache::new(1 << 20);
        let h = HeaderMap::new();
        let short = |v: &str| {
            let v = v.to_owned();
            async move {
                Ok::<_, ()>(Fill {
                    value: v,
                    tags: vec![Tag::Lists],
                    ttl: Some(Duration::from_millis(30)),
                })
            }
        };
        let r = cache.answer("s".into(), &h, || short("s1")).await.unwrap();
        assert_eq!(body(r).await, "\"s1\"");
        let r = cache.answer("s".into(), &h, || short("s2")).await.unwrap();
        assert_eq!(body(r).await, "\"s1\"");
        tokio::time::sleep(Duration::from_millis(40)).await;
        let r = cache.answer("s".into(), &h, || short("s3")).await.unwrap();
        assert_eq!(body(r).await, "\"s3\"");
    }

    #[tokio::test]
    async fn the_budget_bounds_what_is_kept() {
        let cache = ResponseCache::new(64 * 1024);
        let h = HeaderMap::new();
        let big = "y".repeat(4000);
        for i in 0..200 {
            cache
                .answer(format!("k{i}"), &h, || {
                    fill_with(&format!("{big}{i}"), vec![])
                })
                .await
                .unwrap();
        }
        cache.entries.run_pending_tasks();
        assert!(cache.entries.weighted_size() <= 64 * 1024);
        let off = ResponseCache::new(0);
        off.answer("k".into(), &h, || fill_with("v", vec![]))
            .await
            .unwrap();
        off.entries.run_pending_tasks();
        assert_eq!(off.entries.entry_count(), 0);
    }
}
