//! Suggestions without scoring every match.
//!
//! Segments keep their documents newest first (the index is sorted by `created_at`), which is
//! the tie-break among equal scores. A document's score is the sum, over the query words, of
//! the class (score) of its best matching term. So the best documents are found tier by tier:
//! for each combination of one class per word, in decreasing total, the documents matching
//! every chosen class come out of an intersection of posting lists in document order, newest
//! first, and only as many as are still needed are read. Documents met in an earlier (better)
//! tier are skipped, since their best combination is the earlier one.
//!
//! A query whose words have many classes, or a segment not sorted this way, uses the general
//! search instead ([`None`] from [`top_in_segment`]).

use std::cmp::Reverse;
use std::collections::HashSet;
use std::sync::Arc;

use tantivy::columnar::ColumnValues;
use tantivy::postings::{SegmentPostings, TermInfo};
use tantivy::query::BitSetDocSet;
use tantivy::schema::{Field as TantivyField, IndexRecordOption};
use tantivy::{BitSet, DocId, DocSet, SegmentReader, TERMINATED};

use super::query::{RankKey, values};
use super::schema::{CREATED_AT, ID_HI, ID_LO};
use super::text_query::{ClassCache, Classes, Word, weighted};
use crate::matching::Field;

/// Past this many combinations of classes, tiers cost more than they save.
const MAX_COMBINATIONS: usize = 64;
/// A class with more terms than this is read whole into a bit set rather than merged lazily.
const MAX_LAZY_TERMS: usize = 16;

/// The best `limit` documents of one segment with their keys, or `None` when the tiers do not
/// apply.
pub(super) fn top_in_segment(
    reader: &SegmentReader,
    words: &[Word],
    (name, other): (TantivyField, TantivyField),
    cache: &ClassCache,
    limit: usize,
) -> tantivy::Result<Option<Vec<(RankKey, DocId)>>> {
    let fields: [(TantivyField, Field); 2] = weighted(name, other);
    let mut classes: Vec<Arc<Classes>> = Vec::with_capacity(words.len());
    for word in words {
        let word_classes = cache.classes(word, reader, &fields)?;
        if word_classes.is_empty() {
            return Ok(Some(Vec::new()));
        }
        classes.push(word_classes);
    }
    let Some(combinations) = combinations(&classes) else {
        return Ok(None);
    };
    let columns = Columns::new(reader)?;
    let mut found: Vec<(RankKey, DocId)> = Vec::new();
    let mut seen: HashSet<DocId> = HashSet::new();
    let mut at = 0;
    while at < combinations.len() && found.len() < limit {
        // Every combination with this total is one tier.
        let total = combinations[at].0;
        let mut tier: Vec<DocId> = Vec::new();
        while at < combinations.len() && combinations[at].0 == total {
            let chosen = &combinations[at].1;
            let mut streams = chosen
                .iter()
                .zip(&classes)
                .map(|(&class, word)| Stream::open(reader, &word[class].1))
                .collect::<tantivy::Result<Vec<_>>>()?;
            collect(
                reader,
                &mut streams,
                &seen,
                &columns,
                limit - found.len(),
                &mut tier,
            );
            at += 1;
        }
        tier.sort_unstable();
        tier.dedup();
        let mut keyed: Vec<(RankKey, DocId)> = tier
            .into_iter()
            .map(|doc| {
                (
                    (
                        i64::from(total),
                        columns.created_at.get_val(doc),
                        Reverse(columns.id(doc)),
                    ),
                    doc,
                )
            })
            .collect();
        keyed.sort_by_key(|(key, _)| Reverse(*key));
        for (key, doc) in keyed {
            seen.insert(doc);
            found.push((key, doc));
        }
    }
    Ok(Some(found))
}

/// Every choice of one class per word, best total first; `None` if there are too many.
fn combinations(classes: &[Arc<Classes>]) -> Option<Vec<(u32, Vec<usize>)>> {
    let count = classes
        .iter()
        .try_fold(1usize, |n, word| n.checked_mul(word.len()))?;
    if count > MAX_COMBINATIONS {
        return None;
    }
    let mut all = vec![(0u32, Vec::with_capacity(classes.len()))];
    for word in classes.iter() {
        all = all
            .into_iter()
            .flat_map(|(total, chosen)| {
                word.iter().enumerate().map(move |(class, (score, _))| {
                    let mut chosen = chosen.clone();
                    chosen.push(class);
                    (total + u32::from(*score), chosen)
                })
            })
            .collect();
    }
    all.sort_by_key(|(total, _)| Reverse(*total));
    Some(all)
}

/// Reads the documents every stream holds, newest first, skipping those already placed in
/// a better tier, until `wanted` are found plus any sharing the last one's creation time
/// (their order is settled by id, later).
fn collect(
    reader: &SegmentReader,
    streams: &mut [Stream],
    seen: &HashSet<DocId>,
    columns: &Columns,
    wanted: usize,
    out: &mut Vec<DocId>,
) {
    let mut taken = 0;
    let mut last_created: Option<i64> = None;
    let mut target = 0;
    'docs: loop {
        let doc = streams[0].seek(target);
        if doc == TERMINATED {
            return;
        }
        for stream in streams[1..].iter_mut() {
            let other = stream.seek(doc);
            if other != doc {
                target = other;
                continue 'docs;
            }
        }
        target = doc + 1;
        if reader.is_deleted(doc) || seen.contains(&doc) {
            continue;
        }
        let created = columns.created_at.get_val(doc);
        if taken >= wanted && last_created != Some(created) {
            return;
        }
        out.push(doc);
        taken += 1;
        last_created = Some(created);
    }
}

struct Columns {
    created_at: Arc<dyn ColumnValues<i64>>,
    id_hi: Arc<dyn ColumnValues<u64>>,
    id_lo: Arc<dyn ColumnValues<u64>>,
}

impl Columns {
    fn new(reader: &SegmentReader) -> tantivy::Result<Self> {
        let fast = reader.fast_fields();
        Ok(Self {
            created_at: values(fast.column_opt(CREATED_AT)?),
            id_hi: values(fast.column_opt(ID_HI)?),
            id_lo: values(fast.column_opt(ID_LO)?),
        })
    }

    fn id(&self, doc: DocId) -> u128 {
        (u128::from(self.id_hi.get_val(doc)) << 64) | u128::from(self.id_lo.get_val(doc))
    }
}

/// The documents holding any of a class's terms, in order.
enum Stream {
    /// Few terms: their posting lists, merged as they are read.
    Lazy(Vec<SegmentPostings>),
    /// Many terms: read whole.
    Read(BitSetDocSet),
}

impl Stream {
    fn open(reader: &SegmentReader, terms: &[(TantivyField, TermInfo)]) -> tantivy::Result<Self> {
        if terms.len() <= MAX_LAZY_TERMS {
            let postings = terms
                .iter()
                .map(|(field, info)| {
                    let inverted = reader.inverted_index(*field)?;
                    Ok(inverted.read_postings_from_terminfo(info, IndexRecordOption::Basic)?)
                })
                .collect::<tantivy::Result<Vec<_>>>()?;
            return Ok(Stream::Lazy(postings));
        }
        let mut docs = BitSet::with_max_value(reader.max_doc());
        for (field, info) in terms {
            let inverted = reader.inverted_index(*field)?;
            let mut postings =
                inverted.read_block_postings_from_terminfo(info, IndexRecordOption::Basic)?;
            while !postings.docs().is_empty() {
                for &doc in postings.docs() {
                    docs.insert(doc);
                }
                postings.advance();
            }
        }
        Ok(Stream::Read(BitSetDocSet::from(docs)))
    }

    /// The first document at or after `target`.
    fn seek(&mut self, target: DocId) -> DocId {
        match self {
            Stream::Lazy(postings) => {
                let mut first = TERMINATED;
                for list in postings.iter_mut() {
                    let doc = if list.doc() < target {
                        list.seek(target)
                    } else {
                        list.doc()
                    };
                    first = first.min(doc);
                }
                first
            }
            Stream::Read(docs) => {
                if docs.doc() < target {
                    docs.seek(target)
                } else {
                    docs.doc()
                }
            }
        }
    }
}
