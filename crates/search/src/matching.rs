//! The matching rules every engine follows: how text splits into words, how many typos a
//! word may carry, and what a match of each kind is worth.

/// Words after the tenth are ignored, as Meilisearch does.
pub(crate) const MAX_QUERY_WORDS: usize = 10;

/// Longer query words are cut to this many characters: no product word is that long, and a
/// typo automaton for a huge word would be costly to build.
pub(crate) const MAX_WORD_CHARS: usize = 64;

/// Splits text into lowercase words at every character that is not a letter or digit.
///
/// This is exactly what tantivy's `SimpleTokenizer` followed by `LowerCaser` produce, so the
/// words of a query are the terms of the index.
pub(crate) fn words(text: &str) -> impl Iterator<Item = String> + '_ {
    text.split(|c: char| !c.is_alphanumeric())
        .filter(|word| !word.is_empty())
        .map(|word| {
            if word.is_ascii() {
                word.to_ascii_lowercase()
            } else {
                word.chars().flat_map(char::to_lowercase).collect()
            }
        })
}

/// A query as the engines see it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct QueryWords {
    /// At most [`MAX_QUERY_WORDS`], lowercase.
    pub words: Vec<String>,
    /// Whether the last word also matches longer words it begins: true unless the query
    /// ends with a separator (the customer finished the word).
    pub last_is_prefix: bool,
}

impl QueryWords {
    pub(crate) fn parse(q: &str) -> Self {
        let mut words: Vec<String> = words(q)
            .map(|word| match word.char_indices().nth(MAX_WORD_CHARS) {
                Some((cut, _)) => word[..cut].to_string(),
                None => word,
            })
            .collect();
        let ends_in_word = q.chars().last().is_some_and(char::is_alphanumeric);
        let last_is_prefix = ends_in_word && words.len() <= MAX_QUERY_WORDS;
        words.truncate(MAX_QUERY_WORDS);
        Self {
            words,
            last_is_prefix,
        }
    }

    pub(crate) fn is_empty(&self) -> bool {
        self.words.is_empty()
    }

    /// The words, each with whether it is matched as a prefix.
    pub(crate) fn iter(&self) -> impl Iterator<Item = (&str, bool)> {
        let last = self.words.len().saturating_sub(1);
        self.words
            .iter()
            .enumerate()
            .map(move |(i, word)| (word.as_str(), self.last_is_prefix && i == last))
    }
}

/// How many typos a query word may carry: none under 5 characters, one from 5, two from 9
/// (Meilisearch's defaults).
pub(crate) fn allowed_typos(word: &str) -> u8 {
    match word.chars().count() {
        0..=4 => 0,
        5..=8 => 1,
        _ => 2,
    }
}

/// Where a word matched: the product name counts more than the other searchable fields.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Field {
    Name,
    Other,
}

/// How a query word matched one word of a document.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum MatchKind {
    /// The same word.
    Exact,
    /// The last query word begins the document word.
    Prefix,
    /// The words differ by this many insertions, deletions, substitutions or adjacent
    /// transpositions (for the last query word: some beginning of the document word does).
    Typo(u8),
}

/// What one query word's best match is worth; a document's relevance is the sum over the
/// query words. The weights make the order lexicographic: fewer typos first, then matches in
/// the name, then whole words over prefixes.
pub(crate) fn match_score(field: Field, kind: MatchKind) -> f32 {
    let typo_part = match kind {
        MatchKind::Exact | MatchKind::Prefix => 200.0,
        MatchKind::Typo(1) => 100.0,
        MatchKind::Typo(_) => 0.0,
    };
    let field_part = match field {
        Field::Name => 20.0,
        Field::Other => 10.0,
    };
    let exact_part = if kind == MatchKind::Exact { 1.0 } else { 0.0 };
    typo_part + field_part + exact_part
}

/// How a query word matches a document word, if it does: `allowed` typos at most (see
/// [`allowed_typos`]; a typo on the first letter counts as two), and with `prefix` also words
/// it begins, or whose beginning is within the typo allowance.
pub(crate) fn classify(word: &str, token: &str, prefix: bool, allowed: u8) -> Option<MatchKind> {
    if word == token {
        return Some(MatchKind::Exact);
    }
    if prefix && token.starts_with(word) {
        return Some(MatchKind::Prefix);
    }
    if allowed == 0 {
        return None;
    }
    let word: Vec<char> = word.chars().collect();
    let token: Vec<char> = token.chars().collect();
    // A typo on the first letter counts as two, as in Meilisearch: people rarely get the
    // first letter wrong, and a word with another first letter is usually another word.
    let first_letter = usize::from(word.first() != token.first());
    let distance = typo_distance(&word, &token, prefix) + first_letter;
    (distance <= usize::from(allowed)).then_some(MatchKind::Typo(distance as u8))
}

/// Optimal string alignment distance (insertions, deletions, substitutions and adjacent
/// transpositions) from `word` to `token`, or with `prefix` to the closest beginning of it.
fn typo_distance(word: &[char], token: &[char], prefix: bool) -> usize {
    let (m, n) = (word.len(), token.len());
    let mut d = vec![vec![0usize; n + 1]; m + 1];
    for (i, row) in d.iter_mut().enumerate() {
        row[0] = i;
    }
    for (j, cell) in d[0].iter_mut().enumerate() {
        *cell = j;
    }
    for i in 1..=m {
        for j in 1..=n {
            let cost = usize::from(word[i - 1] != token[j - 1]);
            let mut best = (d[i - 1][j] + 1)
                .min(d[i][j - 1] + 1)
                .min(d[i - 1][j - 1] + cost);
            if i > 1 && j > 1 && word[i - 1] == token[j - 2] && word[i - 2] == token[j - 1] {
                best = best.min(d[i - 2][j - 2] + 1);
            }
            d[i][j] = best;
        }
    }
    if prefix {
        d[m].iter().copied().min().unwrap_or(m)
    } else {
        d[m][n]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn words_split_on_punctuation_and_lowercase() {
        let got: Vec<String> = words("PWR Grip-Training  Gloves (XL), Ärmel!").collect();
        assert_eq!(got, ["pwr", "grip", "training", "gloves", "xl", "ärmel"]);
    }

    #[test]
    fn the_last_word_is_a_prefix_unless_finished() {
        let open = QueryWords::parse("pwr gri");
        assert_eq!(
            open.iter().collect::<Vec<_>>(),
            [("pwr", false), ("gri", true)]
        );
        let finished = QueryWords::parse("pwr gri ");
        assert_eq!(
            finished.iter().collect::<Vec<_>>(),
            [("pwr", false), ("gri", false)]
        );
    }

    #[test]
    fn queries_keep_ten_words() {
        let q = QueryWords::parse("a b c d e f g h i j k l");
        assert_eq!(q.words.len(), MAX_QUERY_WORDS);
        assert!(
            !q.last_is_prefix,
            "the tenth word was not the last one typed"
        );
        assert!(QueryWords::parse("a b c d e f g h i j").last_is_prefix);
    }

    #[test]
    fn long_words_are_cut() {
        let long = "é".repeat(100);
        let q = QueryWords::parse(&format!("{long} x"));
        assert_eq!(q.words[0].chars().count(), MAX_WORD_CHARS);
        assert_eq!(q.words[1], "x");
    }

    #[test]
    fn typo_allowance_follows_word_length() {
        assert_eq!(allowed_typos("glov"), 0);
        assert_eq!(allowed_typos("glove"), 1);
        assert_eq!(allowed_typos("trainings"), 2);
        assert_eq!(
            allowed_typos("ärmel"),
            1,
            "counted in characters, not bytes"
        );
    }

    fn distance(word: &str, token: &str, prefix: bool) -> usize {
        let chars = |s: &str| s.chars().collect::<Vec<_>>();
        typo_distance(&chars(word), &chars(token), prefix)
    }

    #[test]
    fn distances_count_one_edit_each() {
        assert_eq!(distance("gloves", "gloves", false), 0);
        assert_eq!(distance("glovse", "gloves", false), 1, "transposition");
        assert_eq!(distance("gloces", "gloves", false), 1, "substitution");
        assert_eq!(distance("gloes", "gloves", false), 1, "deletion");
        assert_eq!(distance("glovees", "gloves", false), 1, "insertion");
        assert_eq!(distance("gvloes", "gloves", false), 2);
        assert_eq!(distance("trainn", "training", true), 1);
        assert_eq!(distance("traini", "training", true), 0);
        assert_eq!(distance("trainn", "training", false), 2);
    }

    #[test]
    fn classify_applies_the_typo_allowance() {
        use MatchKind::*;
        assert_eq!(classify("gloves", "gloves", false, 1), Some(Exact));
        assert_eq!(classify("glo", "gloves", true, 0), Some(Prefix));
        assert_eq!(classify("glo", "gloves", false, 0), None);
        assert_eq!(classify("glovse", "gloves", false, 1), Some(Typo(1)));
        assert_eq!(classify("glovse", "gloves", false, 0), None);
        assert_eq!(classify("gluvse", "gloves", true, 1), None);
        assert_eq!(
            classify("comperssoin", "compression", false, 2),
            Some(Typo(2))
        );
        assert_eq!(
            classify("kompression", "compression", false, 2),
            Some(Typo(2)),
            "a typo on the first letter counts as two"
        );
        assert_eq!(classify("komperssion", "compression", false, 2), None);
        assert_eq!(classify("hloves", "gloves", false, 1), None);
        assert_eq!(classify("lgoves", "gloves", false, 1), None);
        assert_eq!(classify("xtrai", "training", true, 2), Some(Typo(2)));
        assert_eq!(classify("ctrain", "training", true, 1), None);
        assert_eq!(classify("trainn", "training", true, 1), Some(Typo(1)));
    }

    #[test]
    fn scores_rank_typos_then_field_then_exactness() {
        use Field::*;
        use MatchKind::*;
        assert!(match_score(Other, Prefix) > match_score(Name, Typo(1)));
        assert!(match_score(Name, Prefix) > match_score(Other, Exact));
        assert!(match_score(Name, Exact) > match_score(Name, Prefix));
        assert!(match_score(Other, Typo(1)) > match_score(Name, Typo(2)));
    }
}
