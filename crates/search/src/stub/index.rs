//! One index of the stub: its settings, with Meilisearch's defaults, and its documents.

use std::collections::BTreeMap;

use axum::http::StatusCode;
use serde_json::{Map, Value, json};

use super::error::StubError;
use super::store::now_rfc3339;

pub(super) struct StubIndex {
    uid: String,
    primary_key: Option<String>,
    created_at: String,
    pub(super) updated_at: String,
    /// What was set; [`StubIndex::settings`] fills in the defaults.
    pub(super) settings: Map<String, Value>,
    pub(super) documents: BTreeMap<String, Map<String, Value>>,
}

impl StubIndex {
    pub(super) fn new(uid: &str, primary_key: Option<String>) -> Self {
        let now = now_rfc3339();
        Self {
            uid: uid.to_string(),
            primary_key,
            created_at: now.clone(),
            updated_at: now,
            settings: Map::new(),
            documents: BTreeMap::new(),
        }
    }

    pub(super) fn info(&self) -> Value {
        json!({
            "uid": self.uid,
            "primaryKey": self.primary_key,
            "createdAt": self.created_at,
            "updatedAt": self.updated_at,
        })
    }

    /// The settings in force: Meilisearch's defaults overlaid with what was set.
    pub(super) fn settings(&self) -> Value {
        let mut settings = json!({
            "displayedAttributes": ["*"],
            "searchableAttributes": ["*"],
            "filterableAttributes": [],
            "sortableAttributes": [],
            "rankingRules": ["words", "typo", "proximity", "attribute", "sort", "exactness"],
            "stopWords": [],
            "synonyms": {},
            "distinctAttribute": null,
            "typoTolerance": {
                "enabled": true,
                "minWordSizeForTypos": { "oneTypo": 5, "twoTypos": 9 },
                "disableOnWords": [],
                "disableOnAttributes": [],
            },
            "faceting": { "maxValuesPerFacet": 100, "sortFacetValuesBy": { "*": "alpha" } },
            "pagination": { "maxTotalHits": 1000 },
        });
        merge(&mut settings, &Value::Object(self.settings.clone()));
        settings
    }

    pub(super) fn documents(&self) -> impl Iterator<Item = (&String, &Map<String, Value>)> {
        self.documents.iter()
    }

    pub(super) fn stats(&self, is_indexing: bool) -> Value {
        let mut fields: BTreeMap<&str, usize> = BTreeMap::new();
        for doc in self.documents.values() {
            for key in doc.keys() {
                *fields.entry(key).or_default() += 1;
            }
        }
        json!({
            "numberOfDocuments": self.documents.len(),
            "numberOfEmbeddedDocuments": 0,
            "numberOfEmbeddings": 0,
            "rawDocumentDbSize": 0,
            "avgDocumentSize": 0,
            "isIndexing": is_indexing,
            "fieldDistribution": fields,
        })
    }

    pub(super) fn add_documents(
        &mut self,
        documents: Vec<Value>,
        primary_key: Option<String>,
        replace: bool,
    ) -> Result<usize, StubError> {
        let key = match (&self.primary_key, primary_key) {
            (Some(existing), Some(asked)) if *existing != asked => {
                return Err(StubError::new(
                    StatusCode::BAD_REQUEST,
                    "index_primary_key_already_exists",
                    format!(
                        "Index `{}` already has a primary key: `{existing}`.",
                        self.uid
                    ),
                ));
            }
            (Some(existing), _) => existing.clone(),
            (None, Some(asked)) => asked,
            (None, None) => documents
                .first()
                .and_then(Value::as_object)
                .and_then(|doc| {
                    doc.keys()
                        .find(|k| k.to_lowercase().ends_with("id"))
                        .cloned()
                })
                .ok_or_else(|| {
                    StubError::new(
                        StatusCode::BAD_REQUEST,
                        "index_primary_key_no_candidate_found",
                        "The primary key inference failed.",
                    )
                })?,
        };
        // Meilisearch applies a batch entirely or not at all.
        let mut batch = Vec::with_capacity(documents.len());
        for document in documents {
            let Value::Object(document) = document else {
                return Err(StubError::bad_request("Documents must be JSON objects."));
            };
            let id = match document.get(&key) {
                Some(Value::String(id)) if valid_id(id) => id.clone(),
                Some(Value::Number(n)) if n.is_u64() || n.is_i64() => n.to_string(),
                Some(other) => {
                    return Err(StubError::new(
                        StatusCode::BAD_REQUEST,
                        "invalid_document_id",
                        format!("Document identifier `{other}` is invalid."),
                    ));
                }
                None => {
                    return Err(StubError::new(
                        StatusCode::BAD_REQUEST,
                        "missing_document_id",
                        format!("Document doesn't have a `{key}` attribute."),
                    ));
                }
            };
            batch.push((id, document));
        }
        self.primary_key = Some(key);
        let count = batch.len();
        for (id, document) in batch {
            match self.documents.get_mut(&id) {
                Some(existing) if !replace => existing.extend(document),
                _ => {
                    self.documents.insert(id, document);
                }
            }
        }
        Ok(count)
    }
}

/// A document id Meilisearch accepts.
fn valid_id(id: &str) -> bool {
    !id.is_empty()
        && id.len() <= 511
        && id
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_')
}

/// Overlays `patch` on `base`; a null in `patch` removes the key (back to the default).
pub(super) fn merge(base: &mut Value, patch: &Value) {
    match (base, patch) {
        (Value::Object(base), Value::Object(patch)) => {
            for (key, value) in patch {
                match (base.get_mut(key), value) {
                    (_, Value::Null) => {
                        base.remove(key);
                    }
                    (Some(existing), Value::Object(_)) if existing.is_object() => {
                        merge(existing, value)
                    }
                    _ => {
                        base.insert(key.clone(), value.clone());
                    }
                }
            }
        }
        (base, patch) => *base = patch.clone(),
    }
}
