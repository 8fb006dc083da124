//! The text part of a search as one tantivy query: every word must match, each scored by its
//! best match (see [`crate::matching`]), the document's score being the sum.
//!
//! For each word, one Levenshtein automaton (prefix or whole word, with the word's typo
//! allowance) walks each field's term dictionary; every term it finds is classified exactly as
//! [`crate::matching::classify`] says, and the term's postings credit its documents. Terms
//! are visited best score first, so a document is credited once per word, with its best match.
//! This reads each posting once, where one sub-query per kind of match read them several times.

use std::collections::HashMap;
use std::fmt;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};

use tantivy::index::SegmentId;
use tantivy::postings::TermInfo;
use tantivy::query::{
    BitSetDocSet, DfaWrapper, EmptyScorer, EnableScoring, Explanation, FuzzyTermQuery, Query,
    Scorer, Weight,
};
use tantivy::schema::{Field as TantivyField, IndexRecordOption};
use tantivy::{BitSet, DocId, DocSet, Score, SegmentReader, TantivyError, Term};

use crate::matching::{Field, QueryWords, allowed_typos, classify, match_score};

#[derive(Clone)]
pub(super) struct TextQuery {
    words: Arc<[Word]>,
    fields: [(TantivyField, Field); 2],
    cache: Arc<ClassCache>,
}

/// The name field weighs as the name, the other field as everything else.
pub(super) fn weighted(name: TantivyField, other: TantivyField) -> [(TantivyField, Field); 2] {
    [(name, Field::Name), (other, Field::Other)]
}

/// One query word, ready to be looked up in segments.
pub(super) struct Word {
    text: String,
    prefix: bool,
    typos: u8,
    /// Accepts every term the word may match (and perhaps a few more, which
    /// [`classify`] rejects).
    automaton: DfaWrapper,
}

/// The terms of a segment a word matches, grouped by what a match is worth, best first.
pub(super) type Classes = Vec<(u16, Vec<(TantivyField, TermInfo)>)>;

/// Words kept before the cache starts afresh, unless set otherwise
/// ([`super::TantivyIndex::with_word_cache`]).
pub const DEFAULT_CACHED_WORDS: usize = 4_096;
/// Words matching more terms than this (a one-letter prefix, say) are not kept.
const MAX_CACHED_TERMS: usize = 1_000;

/// Remembers which terms a word matched in each segment. Segments never change (deletes only
/// hide documents), so entries never go stale; walking the term dictionaries with a typo
/// automaton is the costliest part of a suggestion, and the same words come back often.
pub(super) struct ClassCache {
    entries: Mutex<HashMap<(SegmentId, String, bool), Arc<Classes>>>,
    capacity: AtomicUsize,
}

impl Default for ClassCache {
    fn default() -> Self {
        Self {
            entries: Mutex::default(),
            capacity: AtomicUsize::new(DEFAULT_CACHED_WORDS),
        }
    }
}

impl ClassCache {
    /// Keeps at most `words` (zero keeps none), forgetting what is held now.
    pub(super) fn set_capacity(&self, words: usize) {
        let mut entries = self
            .entries
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        self.capacity.store(words, Ordering::Relaxed);
        entries.clear();
    }

    fn capacity(&self) -> usize {
        self.capacity.load(Ordering::Relaxed)
    }

    /// Words held now, and the most held.
    pub(super) fn usage(&self) -> (usize, usize) {
        let held = self
            .entries
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
            .len();
        (held, self.capacity())
    }

    pub(super) fn classes(
        &self,
        word: &Word,
        reader: &SegmentReader,
        fields: &[(TantivyField, Field); 2],
    ) -> tantivy::Result<Arc<Classes>> {
        let key = (reader.segment_id(), word.text.clone(), word.prefix);
        let entries = || {
            self.entries
                .lock()
                .unwrap_or_else(|poisoned| poisoned.into_inner())
        };
        if let Some(hit) = entries().get(&key) {
            return Ok(Arc::clone(hit));
        }
        let classes = Arc::new(word.classes(reader, fields)?);
        let terms: usize = classes.iter().map(|(_, members)| members.len()).sum();
        let capacity = self.capacity();
        if terms <= MAX_CACHED_TERMS && capacity > 0 {
            let mut entries = entries();
            if entries.len() >= capacity {
                entries.clear();
            }
            entries.insert(key, Arc::clone(&classes));
        }
        Ok(classes)
    }
}

impl Word {
    pub(super) fn new(text: &str, prefix: bool, field: TantivyField) -> tantivy::Result<Self> {
        let typos = allowed_typos(text);
        let term = Term::from_field_text(field, text);
        let fuzzy = if prefix {
            FuzzyTermQuery::new_prefix(term, typos, true)
        } else {
            FuzzyTermQuery::new(term, typos, true)
        };
        Ok(Word {
            text: text.to_string(),
            prefix,
            typos,
            automaton: fuzzy.automaton()?,
        })
    }

    /// Walks each field's term dictionary with the automaton and classifies what it finds.
    pub(super) fn classes(
        &self,
        reader: &SegmentReader,
        fields: &[(TantivyField, Field); 2],
    ) -> tantivy::Result<Classes> {
        let mut terms = Vec::new();
        for &(field, weight) in fields {
            let inverted = reader.inverted_index(field)?;
            let mut stream = inverted.terms().search(&self.automaton).into_stream()?;
            while stream.advance() {
                let Ok(term) = std::str::from_utf8(stream.key()) else {
                    continue;
                };
                if let Some(kind) = classify(&self.text, term, self.prefix, self.typos) {
                    // Scores are whole numbers well within u16.
                    terms.push((
                        match_score(weight, kind) as u16,
                        field,
                        stream.value().clone(),
                    ));
                }
            }
        }
        terms.sort_by_key(|(score, _, _)| std::cmp::Reverse(*score));
        let mut classes: Classes = Vec::new();
        for (score, field, info) in terms {
            match classes.last_mut() {
                Some((last, members)) if *last == score => members.push((field, info)),
                _ => classes.push((score, vec![(field, info)])),
            }
        }
        Ok(classes)
    }
}

impl fmt::Debug for TextQuery {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let words: Vec<(&str, bool)> = self
            .words
            .iter()
            .map(|w| (w.text.as_str(), w.prefix))
            .collect();
        f.debug_struct("TextQuery").field("words", &words).finish()
    }
}

impl TextQuery {
    /// The query for `words` (not empty) over the name and the other searchable text.
    pub(super) fn new(
        words: &QueryWords,
        name: TantivyField,
        other: TantivyField,
        cache: Arc<ClassCache>,
    ) -> tantivy::Result<Self> {
        let words = words
            .iter()
            .map(|(text, prefix)| Word::new(text, prefix, name))
            .collect::<tantivy::Result<Vec<_>>>()?;
        Ok(Self {
            words: words.into(),
            fields: weighted(name, other),
            cache,
        })
    }
}

impl Query for TextQuery {
    fn weight(&self, _: EnableScoring<'_>) -> tantivy::Result<Box<dyn Weight>> {
        Ok(Box::new(self.clone()))
    }
}

impl Weight for TextQuery {
    fn scorer(&self, reader: &SegmentReader, _boost: Score) -> tantivy::Result<Box<dyn Scorer>> {
        let max_doc = reader.max_doc();
        // Documents that matched every word so far, and their scores.
        let mut candidates: Option<BitSet> = None;
        let mut scores = vec![0u16; max_doc as usize];
        for word in self.words.iter() {
            let classes = self.cache.classes(word, reader, &self.fields)?;
            let mut matched = BitSet::with_max_value(max_doc);
            let terms = classes
                .iter()
                .flat_map(|(score, members)| members.iter().map(move |m| (*score, m)));
            for (score, (field, info)) in terms {
                let inverted = reader.inverted_index(*field)?;
                let mut postings =
                    inverted.read_block_postings_from_terminfo(info, IndexRecordOption::Basic)?;
                loop {
                    let docs = postings.docs();
                    if docs.is_empty() {
                        break;
                    }
                    for &doc in docs {
                        // Credit documents that matched every earlier word, once per word.
                        let eligible = candidates.as_ref().is_none_or(|c| c.contains(doc));
                        if eligible && matched.insert(doc) {
                            scores[doc as usize] += score;
                        }
                    }
                    postings.advance();
                }
            }
            if matched.len() == 0 {
                return Ok(Box::new(EmptyScorer));
            }
            candidates = Some(matched);
        }
        let Some(candidates) = candidates else {
            return Ok(Box::new(EmptyScorer));
        };
        Ok(Box::new(WordsScorer {
            docs: BitSetDocSet::from(candidates),
            scores,
        }))
    }

    fn explain(&self, reader: &SegmentReader, doc: DocId) -> tantivy::Result<Explanation> {
        let mut scorer = self.scorer(reader, 1.0)?;
        if scorer.seek(doc) != doc {
            return Err(TantivyError::InvalidArgument(format!(
                "document {doc} does not match"
            )));
        }
        Ok(Explanation::new(
            "sum of each word's best match",
            scorer.score(),
        ))
    }
}

/// The matching documents, with their scores by document.
struct WordsScorer {
    docs: BitSetDocSet,
    scores: Vec<u16>,
}

impl DocSet for WordsScorer {
    fn advance(&mut self) -> DocId {
        self.docs.advance()
    }

    fn seek(&mut self, target: DocId) -> DocId {
        self.docs.seek(target)
    }

    fn doc(&self) -> DocId {
        self.docs.doc()
    }

    fn size_hint(&self) -> u32 {
        self.docs.size_hint()
    }
}

impl Scorer for WordsScorer {
    fn score(&mut self) -> Score {
        self.scores
            .get(self.docs.doc() as usize)
            .map_or(0.0, |&score| Score::from(score))
    }
}
