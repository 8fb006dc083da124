//! Help articles in tantivy: a small index of their own, held in memory. The articles are
//! few and written rarely, so the process that searches them fills it (from the database)
//! and each write opens a small writer, commits and drops it: nothing is kept open.

use std::sync::{Arc, Mutex};

use tantivy::collector::TopDocs;
use tantivy::schema::{
    Field, IndexRecordOption, STORED, STRING, Schema, TextFieldIndexing, TextOptions, Value,
};
use tantivy::{Index, IndexBuilder, IndexReader, IndexWriter, ReloadPolicy, TantivyDocument, Term};
use uuid::Uuid;

use super::schema::{WORDS_TOKENIZER, tokenizers};
use super::text_query::{ClassCache, TextQuery};
use super::{failed, internal, unavailable};
use crate::matching::QueryWords;
use crate::{ArticleDoc, SearchError};

/// The writer's buffer: tantivy's smallest.
const WRITER_MEMORY_BYTES: usize = 15_000_000;
/// Words whose matching terms are remembered; articles are searched far less than products.
const CACHED_WORDS: usize = 256;

pub(super) struct Articles {
    index: Index,
    reader: IndexReader,
    /// One write at a time.
    writing: Mutex<()>,
    cache: Arc<ClassCache>,
    id: Field,
    title: Field,
    other: Field,
}

impl Articles {
    pub(super) fn in_ram() -> Result<Self, SearchError> {
        let words = TextOptions::default().set_indexing_options(
            TextFieldIndexing::default()
                .set_tokenizer(WORDS_TOKENIZER)
                .set_index_option(IndexRecordOption::Basic)
                .set_fieldnorms(false),
        );
        let mut builder = Schema::builder();
        let id = builder.add_text_field("id", STRING | STORED);
        let title = builder.add_text_field("title", words.clone());
        let other = builder.add_text_field("other", words);
        let index = IndexBuilder::new()
            .schema(builder.build())
            .tokenizers(tokenizers())
            .create_in_ram()
            .map_err(unavailable)?;
        let reader = index
            .reader_builder()
            .reload_policy(ReloadPolicy::Manual)
            .try_into()
            .map_err(unavailable)?;
        let cache = Arc::new(ClassCache::default());
        cache.set_capacity(CACHED_WORDS);
        Ok(Self {
            index,
            reader,
            writing: Mutex::new(()),
            cache,
            id,
            title,
            other,
        })
    }

    fn id_term(&self, id: &Uuid) -> Term {
        Term::from_field_text(self.id, &id.hyphenated().to_string())
    }

    /// Applies `changes` in one commit and makes it visible.
    fn write(
        &self,
        changes: impl FnOnce(&IndexWriter<TantivyDocument>) -> Result<(), SearchError>,
    ) -> Result<(), SearchError> {
        let _one = self
            .writing
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        let mut writer: IndexWriter<TantivyDocument> = self
            .index
            .writer_with_num_threads(1, WRITER_MEMORY_BYTES)
            .map_err(unavailable)?;
        changes(&writer)?;
        writer.commit().map_err(unavailable)?;
        writer.wait_merging_threads().map_err(internal)?;
        self.reader.reload().map_err(unavailable)
    }

    pub(super) fn upsert(&self, docs: &[ArticleDoc]) -> Result<(), SearchError> {
        self.write(|writer| {
            for doc in docs {
                let mut out = TantivyDocument::new();
                out.add_text(self.id, doc.id.hyphenated().to_string());
                out.add_text(self.title, &doc.title);
                for other in [&doc.category, &doc.summary, &doc.body] {
                    out.add_text(self.other, other);
                }
                writer.delete_term(self.id_term(&doc.id));
                writer.add_document(out).map_err(internal)?;
            }
            Ok(())
        })
    }

    pub(super) fn delete(&self, ids: &[Uuid]) -> Result<(), SearchError> {
        self.write(|writer| {
            for id in ids {
                writer.delete_term(self.id_term(id));
            }
            Ok(())
        })
    }

    pub(super) fn search(&self, q: &str, limit: usize) -> Result<Vec<Uuid>, SearchError> {
        let words = QueryWords::parse(q);
        if words.is_empty() || limit == 0 {
            return Ok(Vec::new());
        }
        let query = TextQuery::new(&words, self.title, self.other, Arc::clone(&self.cache))
            .map_err(internal)?;
        let searcher = self.reader.searcher();
        let top = searcher
            .search(&query, &TopDocs::with_limit(limit).order_by_score())
            .map_err(failed)?;
        top.into_iter()
            .map(|(_, address)| {
                let stored: TantivyDocument = searcher.doc(address).map_err(failed)?;
                stored
                    .get_first(self.id)
                    .and_then(|value| value.as_str())
                    .and_then(|id| Uuid::parse_str(id).ok())
                    .ok_or_else(|| SearchError::Internal("an article without its id".into()))
            })
            .collect()
    }
}
