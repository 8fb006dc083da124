//! The part of Meilisearch's filter syntax the stub understands: comparisons (`=`, `!=`, `>`,
//! `>=`, `<`, `<=`), `a TO b` ranges, `AND`, `OR`, `NOT`, parentheses, quoted strings with
//! backslash escapes, numbers and booleans. Strings compare case-insensitively; booleans
//! compare as the strings `true` and `false`, as in Meilisearch.

use serde_json::{Map, Value};

/// A parsed filter expression.
#[derive(Debug, Clone, PartialEq)]
pub(super) enum Filter {
    And(Vec<Filter>),
    Or(Vec<Filter>),
    Not(Box<Filter>),
    Compare {
        attribute: String,
        op: Op,
        value: String,
    },
    Range {
        attribute: String,
        from: f64,
        to: f64,
    },
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Op {
    Eq,
    Ne,
    Gt,
    Ge,
    Lt,
    Le,
}

impl Filter {
    /// The filter of a search request: a string, or an array whose elements are ANDed and
    /// whose inner arrays are ORed.
    pub(super) fn from_json(value: &Value) -> Result<Option<Filter>, String> {
        match value {
            Value::Null => Ok(None),
            Value::String(s) if s.trim().is_empty() => Ok(None),
            Value::String(s) => parse(s).map(Some),
            Value::Array(items) => {
                let mut all = Vec::new();
                for item in items {
                    match item {
                        Value::String(s) => all.push(parse(s)?),
                        Value::Array(any) => all.push(Filter::Or(
                            any.iter()
                                .map(|f| f.as_str().ok_or("nested filters must be strings"))
                                .map(|f| f.map_err(str::to_string).and_then(parse))
                                .collect::<Result<_, _>>()?,
                        )),
                        _ => return Err("filter arrays hold strings or arrays".into()),
                    }
                }
                Ok(Some(Filter::And(all)))
            }
            _ => Err("filter must be a string or an array".into()),
        }
    }

    /// Every attribute the filter names.
    pub(super) fn attributes(&self) -> Vec<&str> {
        match self {
            Filter::And(all) | Filter::Or(all) => all.iter().flat_map(Filter::attributes).collect(),
            Filter::Not(inner) => inner.attributes(),
            Filter::Compare { attribute, .. } | Filter::Range { attribute, .. } => vec![attribute],
        }
    }

    pub(super) fn matches(&self, doc: &Map<String, Value>) -> bool {
        match self {
            Filter::And(all) => all.iter().all(|f| f.matches(doc)),
            Filter::Or(any) => any.iter().any(|f| f.matches(doc)),
            Filter::Not(inner) => !inner.matches(doc),
            // `!=` is the negation of `=`, so documents without the attribute match it.
            Filter::Compare {
                attribute,
                op: Op::Ne,
                value,
            } => !values(doc, attribute).any(|field| compare(field, Op::Eq, value)),
            Filter::Compare {
                attribute,
                op,
                value,
            } => values(doc, attribute).any(|field| compare(field, *op, value)),
            Filter::Range {
                attribute,
                from,
                to,
            } => values(doc, attribute)
                .any(|field| field.as_f64().is_some_and(|n| n >= *from && n <= *to)),
        }
    }
}

/// The values of an attribute; an array contributes each element.
fn values<'a>(doc: &'a Map<String, Value>, attribute: &str) -> impl Iterator<Item = &'a Value> {
    let value = doc.get(attribute);
    let (one, many) = match value {
        Some(Value::Array(items)) => (None, items.as_slice()),
        other => (other, &[][..]),
    };
    one.into_iter().chain(many)
}

fn compare(field: &Value, op: Op, literal: &str) -> bool {
    let number = literal.parse::<f64>().ok();
    match (field, number) {
        (Value::Number(n), Some(literal)) => {
            let Some(n) = n.as_f64() else { return false };
            match op {
                Op::Eq => n == literal,
                Op::Ne => n != literal, // unused: `!=` negates `=` above
                Op::Gt => n > literal,
                Op::Ge => n >= literal,
                Op::Lt => n < literal,
                Op::Le => n <= literal,
            }
        }
        (Value::String(s), _) if op == Op::Eq => s.to_lowercase() == literal.to_lowercase(),
        (Value::Bool(b), _) if op == Op::Eq => b.to_string() == literal.to_lowercase(),
        _ => false,
    }
}

#[derive(Debug, Clone, PartialEq)]
enum Token {
    Word(String),
    Quoted(String),
    Op(Op),
    Open,
    Close,
}

fn tokenize(input: &str) -> Result<Vec<Token>, String> {
    let mut tokens = Vec::new();
    let mut chars = input.chars().peekable();
    while let Some(&c) = chars.peek() {
        match c {
            c if c.is_whitespace() => {
                chars.next();
            }
            '(' | ')' => {
                chars.next();
                tokens.push(if c == '(' { Token::Open } else { Token::Close });
            }
            '"' | '\'' => {
                chars.next();
                let mut s = String::new();
                loop {
                    match chars.next() {
                        Some('\\') => s.push(chars.next().ok_or("unfinished escape")?),
                        Some(q) if q == c => break,
                        Some(other) => s.push(other),
                        None => return Err(format!("unterminated string in `{input}`")),
                    }
                }
                tokens.push(Token::Quoted(s));
            }
            '=' | '!' | '<' | '>' => {
                chars.next();
                let equals = chars.next_if_eq(&'=').is_some();
                tokens.push(Token::Op(match (c, equals) {
                    ('=', false) => Op::Eq,
                    ('!', true) => Op::Ne,
                    ('<', false) => Op::Lt,
                    ('<', true) => Op::Le,
                    ('>', false) => Op::Gt,
                    ('>', true) => Op::Ge,
                    _ => return Err(format!("unknown operator in `{input}`")),
                }));
            }
            _ => {
                let mut word = String::new();
                while let Some(&c) = chars.peek() {
                    if c.is_whitespace() || "()=!<>\"'".contains(c) {
                        break;
                    }
                    word.push(c);
                    chars.next();
                }
                tokens.push(Token::Word(word));
            }
        }
    }
    Ok(tokens)
}

pub(super) fn parse(input: &str) -> Result<Filter, String> {
    let tokens = tokenize(input)?;
    let mut parser = Parser {
        tokens: &tokens,
        at: 0,
    };
    let filter = parser.or()?;
    if parser.at != tokens.len() {
        return Err(format!("unexpected `{:?}` in `{input}`", tokens[parser.at]));
    }
    Ok(filter)
}

struct Parser<'a> {
    tokens: &'a [Token],
    at: usize,
}

impl Parser<'_> {
    fn peek(&self) -> Option<&Token> {
        self.tokens.get(self.at)
    }

    fn next(&mut self) -> Result<Token, String> {
        let token = self.peek().cloned().ok_or("the filter ends too early")?;
        self.at += 1;
        Ok(token)
    }

    fn keyword(&mut self, keyword: &str) -> bool {
        let found = matches!(self.peek(), Some(Token::Word(w)) if w.eq_ignore_ascii_case(keyword));
        if found {
            self.at += 1;
        }
        found
    }

    fn or(&mut self) -> Result<Filter, String> {
        let mut any = vec![self.and()?];
        while self.keyword("OR") {
            any.push(self.and()?);
        }
        Ok(if any.len() == 1 {
            any.remove(0)
        } else {
            Filter::Or(any)
        })
    }

    fn and(&mut self) -> Result<Filter, String> {
        let mut all = vec![self.not()?];
        while self.keyword("AND") {
            all.push(self.not()?);
        }
        Ok(if all.len() == 1 {
            all.remove(0)
        } else {
            Filter::And(all)
        })
    }

    fn not(&mut self) -> Result<Filter, String> {
        if self.keyword("NOT") {
            return Ok(Filter::Not(Box::new(self.not()?)));
        }
        if self.peek() == Some(&Token::Open) {
            self.at += 1;
            let inner = self.or()?;
            return match self.next()? {
                Token::Close => Ok(inner),
                other => Err(format!("expected `)`, found {other:?}")),
            };
        }
        self.condition()
    }

    fn condition(&mut self) -> Result<Filter, String> {
        let attribute = self.value()?;
        match self.next()? {
            Token::Op(op) => Ok(Filter::Compare {
                attribute,
                op,
                value: self.value()?,
            }),
            Token::Word(from) => {
                let number = |s: &str| {
                    s.parse::<f64>()
                        .map_err(|_| format!("`{s}` is not a number"))
                };
                let from = number(&from)?;
                if !self.keyword("TO") {
                    return Err(format!("expected an operator after `{attribute}`"));
                }
                let to = number(&self.value()?)?;
                Ok(Filter::Range {
                    attribute,
                    from,
                    to,
                })
            }
            other => Err(format!(
                "expected an operator after `{attribute}`, found {other:?}"
            )),
        }
    }

    fn value(&mut self) -> Result<String, String> {
        match self.next()? {
            Token::Word(w) | Token::Quoted(w) => Ok(w),
            other => Err(format!("expected a value, found {other:?}")),
        }
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    fn doc() -> Map<String, Value> {
        let value = json!({
            "brand_lower": "pwr", "price_cents": 25000, "on_sale": true,
            "category_slug": "Gloves", "tags": ["a", "b"], "name": "say \"hi\""
        });
        value.as_object().cloned().expect("object")
    }

    fn check(filter: &str) -> bool {
        parse(filter)
            .unwrap_or_else(|e| panic!("{filter}: {e}"))
            .matches(&doc())
    }

    #[test]
    fn comparisons_follow_meilisearch() {
        assert!(
            check(r#"brand_lower = "PWR""#),
            "strings compare case-insensitively"
        );
        assert!(check("category_slug = gloves"));
        assert!(check("on_sale = true") && !check("on_sale = false"));
        assert!(check("price_cents >= 25000") && !check("price_cents > 25000"));
        assert!(check("price_cents < 25001") && !check("price_cents < 25000"));
        assert!(check("price_cents <= 25000 AND price_cents != 1"));
        assert!(check("price_cents 10000 TO 25000") && !check("price_cents 1 TO 2"));
        assert!(check("tags = b"));
        assert!(check(r#"name = "say \"hi\"""#));
        assert!(!check("missing = 1") && check("missing != 1"));
    }

    #[test]
    fn boolean_structure_nests() {
        assert!(check(
            "(brand_lower = x OR brand_lower = pwr) AND price_cents >= 1"
        ));
        assert!(!check(
            "brand_lower = x OR brand_lower = y AND price_cents >= 1"
        ));
        assert!(check("NOT brand_lower = x"));
        assert!(check(
            "brand_lower = x OR NOT (price_cents < 5 AND on_sale = true)"
        ));
        let array = json!(["on_sale = true", ["brand_lower = x", "brand_lower = pwr"]]);
        let filter = Filter::from_json(&array).expect("valid").expect("present");
        assert!(filter.matches(&doc()));
        assert_eq!(
            filter.attributes(),
            ["on_sale", "brand_lower", "brand_lower"]
        );
    }

    #[test]
    fn malformed_filters_are_errors() {
        for bad in [
            "price_cents >=",
            "(on_sale = true",
            "price_cents ~ 3",
            r#"a = "open"#,
            "a b",
        ] {
            assert!(parse(bad).is_err(), "{bad}");
        }
    }
}
