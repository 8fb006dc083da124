//! An in-process stand-in for Meilisearch, for tests (feature `stub`).
//!
//! It serves the part of Meilisearch's HTTP API that `meilisearch-sdk` calls for
//! [`crate::MeiliIndex`]: indexes, settings, documents, search and multi-search, stats and
//! tasks. Writes are tasks: `enqueued` when made and run, in order, when polled, so a client
//! must wait for them as it would against Meilisearch. Search follows the crate's matching
//! rules (see the crate docs) with the index's `typoTolerance` sizes, filters in the subset of
//! Meilisearch's syntax described in `filter`, sorts, facets and both pagination styles.
//! Differences: relevance is the crate's score rather than Meilisearch's ranking rules, the
//! final tie-break is the primary key, and every matching strategy requires all words.
//!
//! ```no_run
//! # async fn example() -> Result<(), bazaar_search::SearchError> {
//! let stub = bazaar_search::stub::spawn_stub().await;
//! let index = bazaar_search::MeiliIndex::connect(&stub.url, None, "products").await?;
//! stub.set_failing(true); // every request now gets a 503
//! # Ok(()) }
//! ```

mod error;
mod filter;
mod index;
mod search;
mod store;

use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};

use axum::extract::{Path, Query, Request, State};
use axum::http::StatusCode;
use axum::middleware::{self, Next};
use axum::response::{IntoResponse, Response};
use axum::routing::{delete, get, post};
use axum::{Json, Router};
use serde::Deserialize;
use serde_json::{Value, json};

use self::error::StubError;
use self::search::SearchRequest;
use self::store::{Op, Store};

/// A running stub; it stops when dropped.
pub struct StubHandle {
    /// The base URL, like `http://127.0.0.1:41234`.
    pub url: String,
    shared: Arc<Shared>,
    server: tokio::task::JoinHandle<()>,
}

impl StubHandle {
    /// While set, every request is answered `503 Service Unavailable`, as by a server that is
    /// down behind a proxy.
    pub fn set_failing(&self, failing: bool) {
        self.shared.failing.store(failing, Ordering::SeqCst);
    }
}

impl Drop for StubHandle {
    fn drop(&mut self) {
        self.server.abort();
    }
}

#[derive(Default)]
struct Shared {
    failing: AtomicBool,
    store: Mutex<Store>,
}

impl Shared {
    fn store(&self) -> MutexGuard<'_, Store> {
        // A panicking handler leaves the store as consistent as any single write.
        self.store
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }
}

type StubState = State<Arc<Shared>>;
type Reply = Result<(StatusCode, Json<Value>), StubError>;

/// Starts a stub on 127.0.0.1 at a free port, on the current tokio runtime.
///
/// # Panics
///
/// If no local port can be bound, which leaves a test nothing to run against.
pub async fn spawn_stub() -> StubHandle {
    let shared = Arc::new(Shared::default());
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
        .await
        .expect("the stub binds a local port");
    let address = listener
        .local_addr()
        .expect("a bound listener has an address");
    let app = router(Arc::clone(&shared));
    let server = tokio::spawn(async move {
        // Serving only ends when the handle aborts the task.
        let _ = axum::serve(listener, app).await;
    });
    StubHandle {
        url: format!("http://{address}"),
        shared,
        server,
    }
}

fn router(shared: Arc<Shared>) -> Router {
    Router::new()
        .route(
            "/health",
            get(|| async { Json(json!({ "status": "available" })) }),
        )
        .route("/indexes", get(list_indexes).post(create_index))
        .route("/indexes/{uid}", get(get_index).delete(delete_index))
        .route(
            "/indexes/{uid}/settings",
            get(get_settings).patch(update_settings),
        )
        .route("/indexes/{uid}/stats", get(index_stats))
        .route(
            "/indexes/{uid}/documents",
            post(replace_documents)
                .put(update_documents)
                .delete(delete_all_documents),
        )
        .route(
            "/indexes/{uid}/documents/delete-batch",
            post(delete_documents),
        )
        .route("/indexes/{uid}/documents/{id}", delete(delete_document))
        .route("/indexes/{uid}/search", post(search_index))
        .route("/multi-search", post(multi_search))
        .route("/tasks/{uid}", get(get_task))
        .layer(middleware::from_fn_with_state(
            Arc::clone(&shared),
            fail_when_asked,
        ))
        .with_state(shared)
}

async fn fail_when_asked(State(shared): StubState, request: Request, next: Next) -> Response {
    if shared.failing.load(Ordering::SeqCst) {
        return (StatusCode::SERVICE_UNAVAILABLE, "stub is failing").into_response();
    }
    next.run(request).await
}

fn accepted(task: Value) -> Reply {
    Ok((StatusCode::ACCEPTED, Json(task)))
}

fn ok(body: Value) -> Reply {
    Ok((StatusCode::OK, Json(body)))
}

async fn list_indexes(State(shared): StubState) -> Reply {
    let store = shared.store();
    let results: Vec<Value> = store.indexes().map(|index| index.info()).collect();
    ok(json!({ "results": results, "offset": 0, "limit": 20, "total": results.len() }))
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct CreateIndex {
    uid: String,
    primary_key: Option<String>,
}

async fn create_index(State(shared): StubState, Json(body): Json<CreateIndex>) -> Reply {
    let op = Op::CreateIndex {
        primary_key: body.primary_key,
    };
    accepted(shared.store().enqueue(&body.uid, op))
}

async fn get_index(State(shared): StubState, Path(uid): Path<String>) -> Reply {
    ok(shared.store().index(&uid)?.info())
}

async fn delete_index(State(shared): StubState, Path(uid): Path<String>) -> Reply {
    accepted(shared.store().enqueue(&uid, Op::DeleteIndex))
}

async fn get_settings(State(shared): StubState, Path(uid): Path<String>) -> Reply {
    ok(shared.store().index(&uid)?.settings())
}

async fn update_settings(
    State(shared): StubState,
    Path(uid): Path<String>,
    Json(patch): Json<Value>,
) -> Reply {
    if !patch.is_object() {
        return Err(StubError::bad_request("Settings must be a JSON object."));
    }
    accepted(shared.store().enqueue(&uid, Op::UpdateSettings(patch)))
}

async fn index_stats(State(shared): StubState, Path(uid): Path<String>) -> Reply {
    let store = shared.store();
    ok(store.index(&uid)?.stats(store.is_indexing(&uid)))
}

fn documents_op(
    body: Value,
    params: &HashMap<String, String>,
    replace: bool,
) -> Result<Op, StubError> {
    let documents = match body {
        Value::Array(documents) => documents,
        document @ Value::Object(_) => vec![document],
        _ => return Err(StubError::bad_request("Send a JSON array of documents.")),
    };
    let primary_key = params.get("primaryKey").cloned();
    Ok(Op::AddDocuments {
        documents,
        primary_key,
        replace,
    })
}

async fn replace_documents(
    State(shared): StubState,
    Path(uid): Path<String>,
    Query(params): Query<HashMap<String, String>>,
    Json(body): Json<Value>,
) -> Reply {
    let op = documents_op(body, &params, true)?;
    accepted(shared.store().enqueue(&uid, op))
}

async fn update_documents(
    State(shared): StubState,
    Path(uid): Path<String>,
    Query(params): Query<HashMap<String, String>>,
    Json(body): Json<Value>,
) -> Reply {
    let op = documents_op(body, &params, false)?;
    accepted(shared.store().enqueue(&uid, op))
}

async fn delete_all_documents(State(shared): StubState, Path(uid): Path<String>) -> Reply {
    accepted(shared.store().enqueue(&uid, Op::DeleteAllDocuments))
}

async fn delete_documents(
    State(shared): StubState,
    Path(uid): Path<String>,
    Json(ids): Json<Vec<Value>>,
) -> Reply {
    let ids = ids
        .into_iter()
        .map(|id| match id {
            Value::String(id) => id,
            other => other.to_string(),
        })
        .collect();
    accepted(shared.store().enqueue(&uid, Op::DeleteDocuments(ids)))
}

async fn delete_document(
    State(shared): StubState,
    Path((uid, id)): Path<(String, String)>,
) -> Reply {
    accepted(shared.store().enqueue(&uid, Op::DeleteDocuments(vec![id])))
}

async fn search_index(
    State(shared): StubState,
    Path(uid): Path<String>,
    Json(request): Json<SearchRequest>,
) -> Reply {
    let store = shared.store();
    ok(search::search(store.index(&uid)?, &request)?)
}

#[derive(Deserialize)]
struct MultiSearch {
    queries: Vec<SearchRequest>,
}

async fn multi_search(State(shared): StubState, Json(body): Json<MultiSearch>) -> Reply {
    let store = shared.store();
    let mut results = Vec::with_capacity(body.queries.len());
    for request in &body.queries {
        let uid = request
            .index_uid
            .as_deref()
            .ok_or_else(|| StubError::bad_request("Each query needs an `indexUid`."))?;
        let mut result = search::search(store.index(uid)?, request)?;
        result["indexUid"] = json!(uid);
        results.push(result);
    }
    ok(json!({ "results": results }))
}

async fn get_task(State(shared): StubState, Path(uid): Path<u32>) -> Reply {
    ok(shared.store().task(uid)?)
}
