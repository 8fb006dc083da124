//! The stub's state: indexes, documents, settings and the task queue.
//!
//! Writes are queued as tasks and applied, in order, when a task at or after them is polled
//! (`GET /tasks/{uid}`), so a client that does not wait for its tasks does not see its writes.

use std::collections::{BTreeMap, VecDeque};
use std::time::{SystemTime, UNIX_EPOCH};

use axum::http::StatusCode;
use serde_json::{Value, json};

use super::error::StubError;
use super::index::{StubIndex, merge};

/// A write waiting in the queue.
pub(super) enum Op {
    CreateIndex {
        primary_key: Option<String>,
    },
    DeleteIndex,
    UpdateSettings(Value),
    AddDocuments {
        documents: Vec<Value>,
        primary_key: Option<String>,
        replace: bool,
    },
    DeleteDocuments(Vec<String>),
    DeleteAllDocuments,
}

impl Op {
    fn kind(&self) -> &'static str {
        match self {
            Op::CreateIndex { .. } => "indexCreation",
            Op::DeleteIndex => "indexDeletion",
            Op::UpdateSettings(_) => "settingsUpdate",
            Op::AddDocuments { .. } => "documentAdditionOrUpdate",
            Op::DeleteDocuments(_) | Op::DeleteAllDocuments => "documentDeletion",
        }
    }

    /// The details of the task before it runs.
    fn details(&self) -> Value {
        match self {
            Op::CreateIndex { primary_key } => json!({ "primaryKey": primary_key }),
            Op::DeleteIndex => json!({ "deletedDocuments": null }),
            Op::UpdateSettings(settings) => settings.clone(),
            Op::AddDocuments { documents, .. } => {
                json!({ "receivedDocuments": documents.len(), "indexedDocuments": null })
            }
            Op::DeleteDocuments(ids) => {
                json!({ "providedIds": ids.len(), "deletedDocuments": null, "originalFilter": null })
            }
            Op::DeleteAllDocuments => {
                json!({ "providedIds": 0, "deletedDocuments": null, "originalFilter": null })
            }
        }
    }
}

struct Task {
    uid: u32,
    index_uid: String,
    kind: &'static str,
    details: Value,
    enqueued_at: String,
    /// When it ran, and the error if it failed.
    outcome: Option<(String, Option<Value>)>,
}

impl Task {
    fn json(&self) -> Value {
        let (status, finished_at, error) = match &self.outcome {
            None => ("enqueued", None, None),
            Some((at, None)) => ("succeeded", Some(at), None),
            Some((at, Some(error))) => ("failed", Some(at), Some(error)),
        };
        json!({
            "uid": self.uid,
            "batchUid": self.outcome.as_ref().map(|_| self.uid),
            "indexUid": self.index_uid,
            "status": status,
            "type": self.kind,
            "canceledBy": null,
            "details": self.details,
            "error": error,
            "duration": finished_at.map(|_| "PT0.001S"),
            "enqueuedAt": self.enqueued_at,
            "startedAt": finished_at,
            "finishedAt": finished_at,
        })
    }
}

#[derive(Default)]
pub(super) struct Store {
    indexes: BTreeMap<String, StubIndex>,
    tasks: Vec<Task>,
    pending: VecDeque<(u32, String, Op)>,
}

impl Store {
    pub(super) fn index(&self, uid: &str) -> Result<&StubIndex, StubError> {
        self.indexes
            .get(uid)
            .ok_or_else(|| StubError::index_not_found(uid))
    }

    pub(super) fn indexes(&self) -> impl Iterator<Item = &StubIndex> {
        self.indexes.values()
    }

    pub(super) fn is_indexing(&self, uid: &str) -> bool {
        self.pending.iter().any(|(_, index, _)| index == uid)
    }

    /// Queues a write and answers with its summarized task, as Meilisearch does (202).
    pub(super) fn enqueue(&mut self, index_uid: &str, op: Op) -> Value {
        let uid = self.tasks.len() as u32;
        let task = Task {
            uid,
            index_uid: index_uid.to_string(),
            kind: op.kind(),
            details: op.details(),
            enqueued_at: now_rfc3339(),
            outcome: None,
        };
        let summary = json!({
            "taskUid": uid,
            "indexUid": index_uid,
            "status": "enqueued",
            "type": task.kind,
            "enqueuedAt": task.enqueued_at,
        });
        self.tasks.push(task);
        self.pending.push_back((uid, index_uid.to_string(), op));
        summary
    }

    /// The task, after running every queued write up to and including it.
    pub(super) fn task(&mut self, uid: u32) -> Result<Value, StubError> {
        while self
            .pending
            .front()
            .is_some_and(|(next, _, _)| *next <= uid)
        {
            if let Some((next, index_uid, op)) = self.pending.pop_front() {
                let result = self.apply(&index_uid, op);
                let task = &mut self.tasks[next as usize];
                match result {
                    Ok(details) => {
                        if let (Some(details), Some(all)) = (details, task.details.as_object_mut())
                        {
                            all.extend(details.as_object().cloned().unwrap_or_default());
                        }
                        task.outcome = Some((now_rfc3339(), None));
                    }
                    Err(e) => task.outcome = Some((now_rfc3339(), Some(e.body()))),
                }
            }
        }
        self.tasks.get(uid as usize).map(Task::json).ok_or_else(|| {
            StubError::new(
                StatusCode::NOT_FOUND,
                "task_not_found",
                format!("Task `{uid}` not found."),
            )
        })
    }

    /// Runs one write; the details it learned (counts) on success.
    fn apply(&mut self, uid: &str, op: Op) -> Result<Option<Value>, StubError> {
        if let Op::CreateIndex { primary_key } = op {
            if self.indexes.contains_key(uid) {
                return Err(StubError::new(
                    StatusCode::CONFLICT,
                    "index_already_exists",
                    format!("Index `{uid}` already exists."),
                ));
            }
            self.indexes
                .insert(uid.to_string(), StubIndex::new(uid, primary_key));
            return Ok(None);
        }
        if let Op::DeleteIndex = op {
            let index = self
                .indexes
                .remove(uid)
                .ok_or_else(|| StubError::index_not_found(uid))?;
            return Ok(Some(json!({ "deletedDocuments": index.documents.len() })));
        }
        // Settings and documents create a missing index, as in Meilisearch.
        let index = self
            .indexes
            .entry(uid.to_string())
            .or_insert_with(|| StubIndex::new(uid, None));
        index.updated_at = now_rfc3339();
        match op {
            Op::UpdateSettings(patch) => {
                let mut settings = Value::Object(std::mem::take(&mut index.settings));
                merge(&mut settings, &patch);
                if let Value::Object(settings) = settings {
                    index.settings = settings;
                }
                Ok(None)
            }
            Op::AddDocuments {
                documents,
                primary_key,
                replace,
            } => {
                let indexed = index.add_documents(documents, primary_key, replace)?;
                Ok(Some(json!({ "indexedDocuments": indexed })))
            }
            Op::DeleteDocuments(ids) => {
                let deleted = ids
                    .iter()
                    .filter(|id| index.documents.remove(*id).is_some())
                    .count();
                Ok(Some(json!({ "deletedDocuments": deleted })))
            }
            Op::DeleteAllDocuments => {
                let deleted = std::mem::take(&mut index.documents).len();
                Ok(Some(json!({ "deletedDocuments": deleted })))
            }
            Op::CreateIndex { .. } | Op::DeleteIndex => Ok(None),
        }
    }
}

/// Now as RFC 3339 in UTC, with microseconds.
pub(super) fn now_rfc3339() -> String {
    let now = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .unwrap_or_default();
    let secs = now.as_secs() as i64;
    let (days, rest) = (secs.div_euclid(86_400), secs.rem_euclid(86_400));
    // Days since 1970-01-01 to a civil date (Howard Hinnant's algorithm).
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1_460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    format!(
        "{year:04}-{month:02}-{day:02}T{:02}:{:02}:{:02}.{:06}Z",
        rest / 3_600,
        rest % 3_600 / 60,
        rest % 60,
        now.subsec_micros()
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn timestamps_are_rfc3339() {
        let now = now_rfc3339();
        assert_eq!(now.len(), "2024-01-01T00:00:00.000000Z".len(), "{now}");
        assert!(now.starts_with("20") && now.ends_with('Z'), "{now}");
        assert_eq!(&now[10..11], "T");
    }

    #[test]
    fn writes_wait_for_their_task_to_be_polled() {
        let mut store = Store::default();
        store.enqueue(
            "products",
            Op::CreateIndex {
                primary_key: Some("id".into()),
            },
        );
        let add = store.enqueue(
            "products",
            Op::AddDocuments {
                documents: vec![json!({"id": "a"})],
                primary_key: None,
                replace: true,
            },
        );
        assert!(
            store.index("products").is_err(),
            "nothing runs before a poll"
        );
        let uid = add["taskUid"].as_u64().expect("uid") as u32;
        let task = store.task(uid).expect("task");
        assert_eq!(task["status"], "succeeded");
        assert_eq!(task["details"]["indexedDocuments"], 1);
        assert_eq!(
            store
                .index("products")
                .expect("created")
                .documents()
                .count(),
            1
        );
    }

    #[test]
    fn a_batch_with_a_bad_id_fails_whole() {
        let mut store = Store::default();
        let docs = vec![json!({"id": "ok"}), json!({"id": "not ok"})];
        let add = store.enqueue(
            "products",
            Op::AddDocuments {
                documents: docs,
                primary_key: Some("id".into()),
                replace: true,
            },
        );
        let task = store
            .task(add["taskUid"].as_u64().expect("uid") as u32)
            .expect("task");
        assert_eq!(task["status"], "failed");
        assert_eq!(task["error"]["code"], "invalid_document_id");
        assert_eq!(
            store
                .index("products")
                .expect("created")
                .documents()
                .count(),
            0
        );
    }
}
