//! A collector counting brand, category and price-band facets from the fast columns.

use std::collections::HashMap;
use std::sync::Arc;

use tantivy::collector::{Collector, SegmentCollector};
use tantivy::columnar::{ColumnValues, StrColumn};
use tantivy::{DocId, Score, SegmentOrdinal, SegmentReader};

use super::schema::{BRAND_FACET, CATEGORY_FACET, PRICE};
use crate::model::price_band_index;

/// Which facets to count.
#[derive(Debug, Clone, Copy, Default)]
pub(super) struct FacetCounter {
    pub brand: bool,
    pub category: bool,
    pub price: bool,
}

/// Counts by stored value; price bands in [`crate::PRICE_BANDS`] order.
#[derive(Debug, Default)]
pub(super) struct FacetFruit {
    pub brand: HashMap<String, u64>,
    pub category: HashMap<String, u64>,
    pub price: [u64; 5],
}

pub(super) struct SegmentFacets {
    brand: Option<(StrColumn, Vec<u64>)>,
    category: Option<(StrColumn, Vec<u64>)>,
    price: Option<(Arc<dyn ColumnValues<i64>>, [u64; 5])>,
}

impl Collector for FacetCounter {
    type Fruit = FacetFruit;
    type Child = SegmentFacets;

    fn for_segment(
        &self,
        _: SegmentOrdinal,
        reader: &SegmentReader,
    ) -> tantivy::Result<Self::Child> {
        let fast = reader.fast_fields();
        let strings =
            |wanted: bool, name: &str| -> tantivy::Result<Option<(StrColumn, Vec<u64>)>> {
                if !wanted {
                    return Ok(None);
                }
                // A segment where no document has the value has no column at all.
                Ok(fast.str(name)?.map(|column| {
                    let counts = vec![0; column.num_terms()];
                    (column, counts)
                }))
            };
        Ok(SegmentFacets {
            brand: strings(self.brand, BRAND_FACET)?,
            category: strings(self.category, CATEGORY_FACET)?,
            price: if self.price {
                Some((fast.column_first_or_default(PRICE)?, [0; 5]))
            } else {
                None
            },
        })
    }

    fn requires_scoring(&self) -> bool {
        false
    }

    fn merge_fruits(&self, fruits: Vec<FacetFruit>) -> tantivy::Result<FacetFruit> {
        let mut merged = FacetFruit::default();
        for fruit in fruits {
            for (value, count) in fruit.brand {
                *merged.brand.entry(value).or_default() += count;
            }
            for (value, count) in fruit.category {
                *merged.category.entry(value).or_default() += count;
            }
            for (total, count) in merged.price.iter_mut().zip(fruit.price) {
                *total += count;
            }
        }
        Ok(merged)
    }
}

impl SegmentCollector for SegmentFacets {
    type Fruit = FacetFruit;

    fn collect(&mut self, doc: DocId, _score: Score) {
        for (column, counts) in [&mut self.brand, &mut self.category].into_iter().flatten() {
            for ord in column.term_ords(doc) {
                counts[ord as usize] += 1;
            }
        }
        if let Some((prices, counts)) = &mut self.price {
            counts[price_band_index(prices.get_val(doc))] += 1;
        }
    }

    fn harvest(self) -> FacetFruit {
        let resolve = |facet: Option<(StrColumn, Vec<u64>)>| {
            let mut out = HashMap::new();
            let Some((column, counts)) = facet else {
                return out;
            };
            for (ord, count) in counts
                .into_iter()
                .enumerate()
                .filter(|(_, count)| *count > 0)
            {
                let mut value = String::new();
                // The ordinal came from this column, so it always resolves.
                if let Ok(true) = column.ord_to_str(ord as u64, &mut value) {
                    out.insert(value, count);
                }
            }
            out
        };
        FacetFruit {
            brand: resolve(self.brand),
            category: resolve(self.category),
            price: self.price.map(|(_, counts)| counts).unwrap_or_default(),
        }
    }
}
