//! The tantivy schema: one lowercasing text analyzer for the searchable words, raw strings for
//! the filters, fast columns for sorting and facets, and the document itself as stored JSON.

use tantivy::schema::{
    FAST, Field, INDEXED, IndexRecordOption, STORED, STRING, Schema, TextFieldIndexing, TextOptions,
};
use tantivy::tokenizer::{LowerCaser, SimpleTokenizer, TextAnalyzer, TokenizerManager};
use tantivy::{TantivyDocument, Term};

use crate::SearchDoc;
use crate::model::category_facet_value;

/// The analyzer for the searchable words; [`crate::matching::words`] mirrors it.
pub(super) const WORDS_TOKENIZER: &str = "bazaar_words";

/// Fast column names, read by the collectors.
pub(super) const PRICE: &str = "price_cents";
pub(super) const CREATED_AT: &str = "created_at";
pub(super) const FEATURED: &str = "featured";
pub(super) const ID_HI: &str = "id_hi";
pub(super) const ID_LO: &str = "id_lo";
pub(super) const BRAND_FACET: &str = "brand_facet";
pub(super) const CATEGORY_FACET: &str = "category_facet";

#[derive(Debug, Clone, Copy)]
pub(super) struct Fields {
    /// The hyphenated id, to delete by.
    pub id: Field,
    /// The product name's words.
    pub name: Field,
    /// The words of brand, category name, vendor name and description.
    pub other: Field,
    /// Lowercased filter values.
    pub category: Field,
    pub brand: Field,
    pub vendor: Field,
    pub on_sale: Field,
    pub price: Field,
    /// The whole [`SearchDoc`] as JSON.
    pub doc: Field,
    created_at: Field,
    featured: Field,
    id_hi: Field,
    id_lo: Field,
    brand_facet: Field,
    category_facet: Field,
}

impl Fields {
    pub(super) fn schema() -> (Schema, Fields) {
        let words = TextOptions::default().set_indexing_options(
            TextFieldIndexing::default()
                .set_tokenizer(WORDS_TOKENIZER)
                .set_index_option(IndexRecordOption::Basic)
                .set_fieldnorms(false),
        );
        let mut builder = Schema::builder();
        let fields = Fields {
            id: builder.add_text_field("id", STRING),
            name: builder.add_text_field("name", words.clone()),
            other: builder.add_text_field("other", words),
            category: builder.add_text_field("category", STRING),
            brand: builder.add_text_field("brand", STRING),
            vendor: builder.add_text_field("vendor", STRING),
            on_sale: builder.add_bool_field("on_sale", INDEXED),
            price: builder.add_i64_field(PRICE, FAST),
            doc: builder.add_text_field("doc", STORED),
            created_at: builder.add_i64_field(CREATED_AT, FAST),
            featured: builder.add_u64_field(FEATURED, FAST),
            id_hi: builder.add_u64_field(ID_HI, FAST),
            id_lo: builder.add_u64_field(ID_LO, FAST),
            brand_facet: builder.add_text_field(BRAND_FACET, FAST),
            category_facet: builder.add_text_field(CATEGORY_FACET, FAST),
        };
        (builder.build(), fields)
    }

    pub(super) fn id_term(&self, id: &uuid::Uuid) -> Term {
        Term::from_field_text(self.id, &id.hyphenated().to_string())
    }

    pub(super) fn document_for(
        &self,
        doc: &SearchDoc,
    ) -> Result<TantivyDocument, serde_json::Error> {
        let mut out = TantivyDocument::new();
        out.add_text(self.id, doc.id.hyphenated().to_string());
        out.add_text(self.name, &doc.name);
        for other in [&doc.brand, &doc.category_name, &doc.vendor_name]
            .into_iter()
            .flatten()
        {
            out.add_text(self.other, other);
        }
        out.add_text(self.other, &doc.description);
        if let Some(category) = &doc.category_slug {
            out.add_text(self.category, category.to_lowercase());
        }
        if let Some(brand) = &doc.brand {
            out.add_text(self.brand, brand.to_lowercase());
            out.add_text(self.brand_facet, brand);
        }
        if let Some(vendor) = &doc.vendor_slug {
            out.add_text(self.vendor, vendor.to_lowercase());
        }
        if let Some(category) = category_facet_value(doc) {
            out.add_text(self.category_facet, category);
        }
        out.add_bool(self.on_sale, doc.on_sale);
        out.add_i64(self.price, doc.price_cents);
        out.add_i64(self.created_at, doc.created_at);
        out.add_u64(self.featured, u64::from(doc.featured));
        let (hi, lo) = split_id(&doc.id);
        out.add_u64(self.id_hi, hi);
        out.add_u64(self.id_lo, lo);
        out.add_text(self.doc, serde_json::to_string(doc)?);
        Ok(out)
    }
}

/// The id as two halves, for the fast columns that break ties.
fn split_id(id: &uuid::Uuid) -> (u64, u64) {
    let n = id.as_u128();
    ((n >> 64) as u64, n as u64)
}

pub(super) fn tokenizers() -> TokenizerManager {
    let manager = TokenizerManager::default();
    manager.register(
        WORDS_TOKENIZER,
        TextAnalyzer::builder(SimpleTokenizer::default())
            .filter(LowerCaser)
            .build(),
    );
    manager
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::matching::words;

    #[test]
    fn query_words_are_the_index_terms() {
        let mut analyzer = tokenizers().get(WORDS_TOKENIZER).expect("registered");
        for text in [
            "PWR Grip-Training Gloves (XL)",
            "ÄRMEL straße",
            "a1 b2_c3 İstanbul ΣΑΣ",
            "",
        ] {
            let mut stream = analyzer.token_stream(text);
            let mut terms = Vec::new();
            while let Some(token) = stream.next() {
                terms.push(token.text.clone());
            }
            assert_eq!(terms, words(text).collect::<Vec<_>>(), "{text:?}");
        }
    }
}
