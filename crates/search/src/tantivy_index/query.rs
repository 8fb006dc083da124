//! Turning a [`SearchQuery`] into tantivy queries, and the order results come out in.

use std::cmp::{Ordering, Reverse};
use std::fmt;
use std::ops::Bound;
use std::sync::Arc;

use tantivy::collector::sort_key::{Comparator, NaturalComparator};
use tantivy::collector::{SegmentSortKeyComputer, SortKeyComputer, TopNComputer};
use tantivy::columnar::{Cardinality, Column, ColumnValues};
use tantivy::query::{
    AllQuery, BooleanQuery, ConstScoreQuery, Occur, Query, RangeQuery, TermQuery,
};
use tantivy::schema::{Field as TantivyField, IndexRecordOption};
use tantivy::{DocId, Score, SegmentReader, Term};

use super::schema::{CREATED_AT, FEATURED, Fields, ID_HI, ID_LO, PRICE};
use super::text_query::{ClassCache, TextQuery};
use crate::matching::QueryWords;
use crate::{SearchQuery, SearchSort};

/// Which filter a facet leaves out (disjunctive faceting).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Except {
    Nothing,
    Brand,
    Category,
    Price,
}

/// The query for the words of `words` and the filters of `query`, less the one `except` names.
pub(super) fn build(
    fields: &Fields,
    cache: &Arc<ClassCache>,
    words: &QueryWords,
    query: &SearchQuery,
    except: Except,
) -> tantivy::Result<Box<dyn Query>> {
    let mut clauses: Vec<(Occur, Box<dyn Query>)> = Vec::new();
    if !words.is_empty() {
        let text = TextQuery::new(words, fields.name, fields.other, Arc::clone(cache))?;
        clauses.push((Occur::Must, Box::new(text)));
    }
    let mut filter = |query: Box<dyn Query>| {
        clauses.push((Occur::Must, Box::new(ConstScoreQuery::new(query, 0.0))));
    };
    let exact = |field: TantivyField, value: &str| -> Box<dyn Query> {
        Box::new(TermQuery::new(
            Term::from_field_text(field, &value.to_lowercase()),
            IndexRecordOption::Basic,
        ))
    };
    if let Some(category) = query
        .category
        .as_deref()
        .filter(|_| except != Except::Category)
    {
        filter(exact(fields.category, category));
    }
    if let Some(brand) = query.brand.as_deref().filter(|_| except != Except::Brand) {
        filter(exact(fields.brand, brand));
    }
    if let Some(vendor) = query.vendor.as_deref() {
        filter(exact(fields.vendor, vendor));
    }
    if let Some(on_sale) = query.on_sale {
        filter(Box::new(TermQuery::new(
            Term::from_field_bool(fields.on_sale, on_sale),
            IndexRecordOption::Basic,
        )));
    }
    if except != Except::Price && (query.min_price.is_some() || query.max_price.is_some()) {
        let bound = |price: Option<i64>| match price {
            Some(price) => Bound::Included(Term::from_field_i64(fields.price, price)),
            None => Bound::Unbounded,
        };
        filter(Box::new(RangeQuery::new(
            bound(query.min_price),
            bound(query.max_price),
        )));
    }
    Ok(if clauses.is_empty() {
        Box::new(AllQuery)
    } else {
        Box::new(BooleanQuery::new(clauses))
    })
}

/// The order of hits: the sort's own key, then newest, then id ascending. Larger comes first.
pub(super) type RankKey = (i64, i64, Reverse<u128>);

/// Computes [`RankKey`]s from the relevance score and the fast columns.
pub(super) struct Rank(pub SearchSort);

pub(super) struct SegmentRank {
    sort: SearchSort,
    price: Arc<dyn ColumnValues<i64>>,
    created_at: Arc<dyn ColumnValues<i64>>,
    featured: Arc<dyn ColumnValues<u64>>,
    id_hi: Arc<dyn ColumnValues<u64>>,
    id_lo: Arc<dyn ColumnValues<u64>>,
}

impl SortKeyComputer for Rank {
    type SortKey = RankKey;
    type Child = SegmentRank;
    type Comparator = NaturalComparator;

    fn requires_scoring(&self) -> bool {
        self.0 == SearchSort::Relevance
    }

    fn segment_sort_key_computer(&self, reader: &SegmentReader) -> tantivy::Result<SegmentRank> {
        let fast = reader.fast_fields();
        Ok(SegmentRank {
            sort: self.0,
            price: values(fast.column_opt(PRICE)?),
            created_at: values(fast.column_opt(CREATED_AT)?),
            featured: values(fast.column_opt(FEATURED)?),
            id_hi: values(fast.column_opt(ID_HI)?),
            id_lo: values(fast.column_opt(ID_LO)?),
        })
    }
}

/// Every document has every ranking column, so their values are read directly, without the
/// lookup an optional column needs.
pub(super) fn values<T>(column: Option<Column<T>>) -> Arc<dyn ColumnValues<T>>
where
    T: PartialOrd + Copy + Default + Send + Sync + fmt::Debug + 'static,
{
    match column {
        Some(column) if column.get_cardinality() == Cardinality::Full => column.values,
        Some(column) => column.first_or_default_col(T::default()),
        // A segment with no documents at all has no columns.
        None => Arc::new(EmptyColumn),
    }
}

/// The column of a segment without documents: it is never read.
struct EmptyColumn;

impl<T: PartialOrd + Copy + Default + Send + Sync + fmt::Debug + 'static> ColumnValues<T>
    for EmptyColumn
{
    fn get_val(&self, _: u32) -> T {
        T::default()
    }

    fn min_value(&self) -> T {
        T::default()
    }

    fn max_value(&self) -> T {
        T::default()
    }

    fn num_vals(&self) -> u32 {
        0
    }
}

impl SegmentRank {
    fn primary(&self, doc: DocId, score: Score) -> i64 {
        match self.sort {
            // Scores are small sums of whole numbers: exact in a float.
            SearchSort::Relevance => score as i64,
            SearchSort::Newest => 0,
            SearchSort::PriceAsc => self.price.get_val(doc).saturating_neg(),
            SearchSort::PriceDesc => self.price.get_val(doc),
            SearchSort::Featured => self.featured.get_val(doc) as i64,
        }
    }

    fn id(&self, doc: DocId) -> u128 {
        (u128::from(self.id_hi.get_val(doc)) << 64) | u128::from(self.id_lo.get_val(doc))
    }
}

impl SegmentSortKeyComputer for SegmentRank {
    type SortKey = RankKey;
    type SegmentSortKey = RankKey;
    type SegmentComparator = NaturalComparator;

    fn segment_sort_key(&mut self, doc: DocId, score: Score) -> RankKey {
        let primary = self.primary(doc, score);
        (primary, self.created_at.get_val(doc), Reverse(self.id(doc)))
    }

    fn compute_sort_key_and_collect<C: Comparator<RankKey>>(
        &mut self,
        doc: DocId,
        score: Score,
        top: &mut TopNComputer<RankKey, DocId, C>,
    ) {
        let key = match &top.threshold {
            Some(threshold) => match self.accept_sort_key_lazy(doc, score, threshold) {
                Some((_, key)) => key,
                None => return,
            },
            None => self.segment_sort_key(doc, score),
        };
        top.push(key, doc);
    }

    /// Reads each column only while the key so far ties the threshold: most documents lose
    /// on their score or creation time alone.
    fn accept_sort_key_lazy(
        &mut self,
        doc: DocId,
        score: Score,
        threshold: &RankKey,
    ) -> Option<(Ordering, RankKey)> {
        let primary = self.primary(doc, score);
        if primary < threshold.0 {
            return None;
        }
        let created_at = self.created_at.get_val(doc);
        if primary == threshold.0 && created_at < threshold.1 {
            return None;
        }
        let key = (primary, created_at, Reverse(self.id(doc)));
        match key.partial_cmp(threshold) {
            Some(Ordering::Less) | None => None,
            Some(order) => Some((order, key)),
        }
    }

    fn convert_segment_sort_key(&self, key: RankKey) -> RankKey {
        key
    }
}
