//! The stub's search: Meilisearch's request and response shape, with matching by the crate's
//! rules (every word, typo allowance from the index's `typoTolerance`, prefix on the last
//! word) and ranking by its `rankingRules`.

use std::cmp::Ordering;
use std::collections::HashMap;

use serde::Deserialize;
use serde_json::{Map, Value, json};

use super::error::StubError;
use super::filter::Filter;
use super::index::StubIndex;
use crate::matching::{Field, MatchKind, QueryWords, classify, match_score};

/// The body of `POST /indexes/{uid}/search`, or one query of `POST /multi-search`.
#[derive(Debug, Default, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub(super) struct SearchRequest {
    pub index_uid: Option<String>,
    q: Option<String>,
    offset: Option<usize>,
    limit: Option<usize>,
    page: Option<usize>,
    hits_per_page: Option<usize>,
    filter: Value,
    facets: Option<Vec<String>>,
    sort: Option<Vec<String>>,
    attributes_to_retrieve: Option<Vec<String>>,
}

pub(super) fn search(index: &StubIndex, request: &SearchRequest) -> Result<Value, StubError> {
    let settings = index.settings();
    let filterable = string_list(&settings["filterableAttributes"]);
    let filter = Filter::from_json(&request.filter).map_err(StubError::invalid_filter)?;
    if let Some(filter) = &filter {
        for attribute in filter.attributes() {
            if !filterable.iter().any(|f| f == attribute) {
                return Err(StubError::invalid_filter(format!(
                    "Attribute `{attribute}` is not filterable."
                )));
            }
        }
    }
    let sortable = string_list(&settings["sortableAttributes"]);
    let sort = parse_rules(request.sort.as_deref().unwrap_or_default())
        .map_err(StubError::invalid_sort)?;
    if let Some((attribute, _)) = sort.iter().find(|(a, _)| !sortable.contains(a)) {
        return Err(StubError::invalid_sort(format!(
            "Attribute `{attribute}` is not sortable."
        )));
    }
    let facets = request.facets.clone().unwrap_or_default();
    if let Some(facet) = facets.iter().find(|f| !filterable.contains(f)) {
        return Err(StubError::invalid_facets(format!(
            "Attribute `{facet}` is not filterable."
        )));
    }

    let q = request.q.clone().unwrap_or_default();
    let words = QueryWords::parse(&q);
    let matcher = Matcher::new(&settings);
    let mut matches: Vec<(&String, &Map<String, Value>, f32)> = index
        .documents()
        .filter(|(_, doc)| filter.as_ref().is_none_or(|f| f.matches(doc)))
        .filter_map(|(id, doc)| Some((id, doc, matcher.score(doc, &words)?)))
        .collect();
    let rules = string_list(&settings["rankingRules"]);
    matches.sort_by(|a, b| rank(&rules, &sort, (a.1, a.2), (b.1, b.2)).then_with(|| a.0.cmp(b.0)));

    let mut response = Map::new();
    response.insert("query".into(), json!(q));
    response.insert("processingTimeMs".into(), json!(0));
    if !facets.is_empty() {
        let distribution = facet_distribution(&settings, &facets, &matches);
        response.insert("facetDistribution".into(), distribution);
        response.insert("facetStats".into(), json!({}));
    }
    let max_total = settings["pagination"]["maxTotalHits"]
        .as_u64()
        .unwrap_or(1000) as usize;
    let total = matches.len().min(max_total);
    let (skip, take) = if request.page.is_some() || request.hits_per_page.is_some() {
        let page = request.page.unwrap_or(1).max(1);
        let per_page = request.hits_per_page.unwrap_or(20);
        response.insert("page".into(), json!(page));
        response.insert("hitsPerPage".into(), json!(per_page));
        response.insert("totalHits".into(), json!(total));
        let pages = if per_page == 0 {
            0
        } else {
            total.div_ceil(per_page)
        };
        response.insert("totalPages".into(), json!(pages));
        ((page - 1) * per_page, per_page)
    } else {
        let (offset, limit) = (request.offset.unwrap_or(0), request.limit.unwrap_or(20));
        response.insert("offset".into(), json!(offset));
        response.insert("limit".into(), json!(limit));
        response.insert("estimatedTotalHits".into(), json!(total));
        (offset, limit)
    };
    let retrieve = request
        .attributes_to_retrieve
        .clone()
        .unwrap_or_else(|| vec!["*".into()]);
    let hits: Vec<Value> = matches[..total]
        .iter()
        .skip(skip)
        .take(take)
        .map(|(_, doc, _)| {
            let wanted = |key: &String| retrieve.iter().any(|r| r == "*" || r == key);
            Value::Object(
                doc.iter()
                    .filter(|(k, _)| wanted(k))
                    .map(|(k, v)| (k.clone(), v.clone()))
                    .collect(),
            )
        })
        .collect();
    response.insert("hits".into(), Value::Array(hits));
    Ok(Value::Object(response))
}

/// `attribute:asc` / `attribute:desc` rules; `true` means ascending.
fn parse_rules(rules: &[String]) -> Result<Vec<(String, bool)>, String> {
    rules
        .iter()
        .map(|rule| match rule.rsplit_once(':') {
            Some((attribute, "asc")) => Ok((attribute.to_string(), true)),
            Some((attribute, "desc")) => Ok((attribute.to_string(), false)),
            _ => Err(format!(
                "`{rule}` is not `attribute:asc` or `attribute:desc`."
            )),
        })
        .collect()
}

/// Orders two matches by the index's ranking rules: `sort` applies the request's sort, the
/// first relevance rule (words, typo, proximity, attribute, exactness) the relevance score,
/// and `attribute:asc|desc` a custom rule.
fn rank(
    rules: &[String],
    sort: &[(String, bool)],
    (a, a_score): (&Map<String, Value>, f32),
    (b, b_score): (&Map<String, Value>, f32),
) -> Ordering {
    let by_attributes = |keys: &[(String, bool)]| {
        keys.iter()
            .fold(Ordering::Equal, |order, (attribute, ascending)| {
                order.then_with(|| {
                    let order = compare_values(a.get(attribute), b.get(attribute));
                    if *ascending { order } else { order.reverse() }
                })
            })
    };
    let mut relevance_done = false;
    let mut order = Ordering::Equal;
    for rule in rules {
        order = order.then_with(|| match rule.as_str() {
            "sort" => by_attributes(sort),
            "words" | "typo" | "proximity" | "attribute" | "exactness" if !relevance_done => {
                b_score.total_cmp(&a_score)
            }
            custom => {
                parse_rules(&[custom.to_string()]).map_or(Ordering::Equal, |r| by_attributes(&r))
            }
        });
        relevance_done |= matches!(
            rule.as_str(),
            "words" | "typo" | "proximity" | "attribute" | "exactness"
        );
    }
    order
}

/// Numbers before strings, missing values last; strings compare lowercased.
fn compare_values(a: Option<&Value>, b: Option<&Value>) -> Ordering {
    match (a, b) {
        (Some(Value::Number(a)), Some(Value::Number(b))) => a
            .as_f64()
            .unwrap_or(0.0)
            .total_cmp(&b.as_f64().unwrap_or(0.0)),
        (Some(Value::String(a)), Some(Value::String(b))) => a.to_lowercase().cmp(&b.to_lowercase()),
        (Some(Value::Number(_)), _) => Ordering::Less,
        (_, Some(Value::Number(_))) => Ordering::Greater,
        (Some(Value::String(_)), _) => Ordering::Less,
        (_, Some(Value::String(_))) => Ordering::Greater,
        _ => Ordering::Equal,
    }
}

fn facet_distribution(
    settings: &Value,
    facets: &[String],
    matches: &[(&String, &Map<String, Value>, f32)],
) -> Value {
    let max_values = settings["faceting"]["maxValuesPerFacet"]
        .as_u64()
        .unwrap_or(100) as usize;
    let by_count = settings["faceting"]["sortFacetValuesBy"]["*"] == "count";
    let mut distribution = Map::new();
    for facet in facets {
        let mut counts: HashMap<String, usize> = HashMap::new();
        for (_, doc, _) in matches {
            let values = match doc.get(facet) {
                Some(Value::Array(items)) => items.clone(),
                Some(Value::Null) | None => Vec::new(),
                Some(value) => vec![value.clone()],
            };
            for value in values {
                let value = match value {
                    Value::String(s) => s,
                    other => other.to_string(),
                };
                *counts.entry(value).or_default() += 1;
            }
        }
        let mut counts: Vec<(String, usize)> = counts.into_iter().collect();
        if by_count {
            counts.sort_by(|a, b| b.1.cmp(&a.1).then_with(|| a.0.cmp(&b.0)));
        } else {
            counts.sort();
        }
        counts.truncate(max_values);
        let counts = counts
            .into_iter()
            .map(|(value, count)| (value, json!(count)))
            .collect();
        distribution.insert(facet.clone(), Value::Object(counts));
    }
    Value::Object(distribution)
}

pub(super) fn string_list(value: &Value) -> Vec<String> {
    value
        .as_array()
        .map(|items| {
            items
                .iter()
                .filter_map(|v| v.as_str().map(str::to_string))
                .collect()
        })
        .unwrap_or_default()
}

/// Scores documents against query words.
struct Matcher {
    /// Searchable attributes in order; `None` searches every attribute.
    searchable: Option<Vec<String>>,
    one_typo: usize,
    two_typos: usize,
}

impl Matcher {
    fn new(settings: &Value) -> Self {
        let searchable = string_list(&settings["searchableAttributes"]);
        let typo = &settings["typoTolerance"];
        let enabled = typo["enabled"].as_bool().unwrap_or(true);
        let size = |key: &str, default: u64| {
            if enabled {
                typo["minWordSizeForTypos"][key].as_u64().unwrap_or(default) as usize
            } else {
                usize::MAX
            }
        };
        Self {
            searchable: (!searchable.iter().any(|a| a == "*")).then_some(searchable),
            one_typo: size("oneTypo", 5),
            two_typos: size("twoTypos", 9),
        }
    }

    /// The relevance of a document, or `None` if some query word matches none of its words.
    fn score(&self, doc: &Map<String, Value>, words: &QueryWords) -> Option<f32> {
        if words.is_empty() {
            return Some(0.0);
        }
        // The first searchable attribute is weighted as the name, the others alike.
        let fields: Vec<(Field, Vec<String>)> = match &self.searchable {
            Some(attributes) => attributes
                .iter()
                .enumerate()
                .map(|(i, a)| (if i == 0 { Field::Name } else { Field::Other }, doc.get(a)))
                .map(|(field, value)| (field, value.map(words_of).unwrap_or_default()))
                .collect(),
            None => doc.values().map(|v| (Field::Other, words_of(v))).collect(),
        };
        let mut total = 0.0;
        for (word, prefix) in words.iter() {
            let best = fields
                .iter()
                .flat_map(|(field, tokens)| tokens.iter().map(move |t| (*field, t)))
                .filter_map(|(field, token)| {
                    Some(match_score(field, self.kind(word, token, prefix)?))
                })
                .fold(None, |best: Option<f32>, score| {
                    Some(best.map_or(score, |b| b.max(score)))
                })?;
            total += best;
        }
        Some(total)
    }

    fn kind(&self, word: &str, token: &str, prefix: bool) -> Option<MatchKind> {
        let length = word.chars().count();
        let allowed = if length >= self.two_typos {
            2
        } else if length >= self.one_typo {
            1
        } else {
            0
        };
        classify(word, token, prefix, allowed)
    }
}

/// The words of a field: strings and numbers are text, arrays contribute each element.
fn words_of(value: &Value) -> Vec<String> {
    match value {
        Value::String(s) => crate::matching::words(s).collect(),
        Value::Number(n) => crate::matching::words(&n.to_string()).collect(),
        Value::Array(items) => items.iter().flat_map(words_of).collect(),
        _ => Vec::new(),
    }
}
