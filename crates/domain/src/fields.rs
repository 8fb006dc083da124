//! Reading typed values out of a JSON object (an import row or an editor form), collecting
//! every problem with a message that names the field.

use crate::money::Cents;
use serde::Serialize;
use serde_json::{Map, Value};

/// A problem with one field of one row.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct FieldError {
    pub field: String,
    pub reason: String,
}

impl FieldError {
    pub fn new(field: impl Into<String>, reason: impl Into<String>) -> Self {
        Self {
            field: field.into(),
            reason: reason.into(),
        }
    }
}

impl std::fmt::Display for FieldError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if self.field.is_empty() {
            f.write_str(&self.reason)
        } else {
            write!(f, "{}: {}", self.field, self.reason)
        }
    }
}

/// Reads fields of one object, collecting every problem instead of stopping at the first.
pub struct Fields<'a> {
    map: &'a Map<String, Value>,
    prefix: String,
    pub errors: Vec<FieldError>,
}

impl<'a> Fields<'a> {
    pub fn new(map: &'a Map<String, Value>, prefix: impl Into<String>) -> Self {
        Self {
            map,
            prefix: prefix.into(),
            errors: Vec::new(),
        }
    }

    pub fn name(&self, field: &str) -> String {
        format!("{}{field}", self.prefix)
    }

    pub fn fail(&mut self, field: &str, reason: impl Into<String>) {
        let name = self.name(field);
        self.errors.push(FieldError::new(name, reason));
    }

    /// The raw value, treating JSON null and blank strings as absent.
    pub fn raw(&self, field: &str) -> Option<&'a Value> {
        match self.map.get(field) {
            None | Some(Value::Null) => None,
            Some(Value::String(s)) if s.trim().is_empty() => None,
            Some(v) => Some(v),
        }
    }

    pub fn reject_unknown(&mut self, known: &[&str]) {
        let unknown: Vec<String> = self
            .map
            .keys()
            .filter(|k| !known.contains(&k.as_str()))
            .cloned()
            .collect();
        for key in unknown {
            self.fail(&key, "unknown field");
        }
    }

    pub fn text(&mut self, field: &str) -> Option<String> {
        match self.raw(field)? {
            Value::String(s) => Some(s.trim().to_owned()),
            Value::Number(n) => Some(n.to_string()),
            _ => {
                self.fail(field, "must be text");
                None
            }
        }
    }

    pub fn required_text(&mut self, field: &str) -> String {
        match self.text(field) {
            Some(s) => s,
            None => {
                if !self.errors.iter().any(|e| e.field == self.name(field)) {
                    self.fail(field, "is required");
                }
                String::new()
            }
        }
    }

    pub fn bool(&mut self, field: &str, default: bool) -> bool {
        match self.raw(field) {
            None => default,
            Some(Value::Bool(b)) => *b,
            Some(Value::Number(n)) if n.as_i64() == Some(1) => true,
            Some(Value::Number(n)) if n.as_i64() == Some(0) => false,
            Some(Value::String(s)) => match s.trim().to_ascii_lowercase().as_str() {
                "true" | "1" | "yes" => true,
                "false" | "0" | "no" => false,
                _ => {
                    self.fail(field, "must be true or false");
                    default
                }
            },
            Some(_) => {
                self.fail(field, "must be true or false");
                default
            }
        }
    }

    /// A whole number within `min..=max`.
    pub fn integer(&mut self, field: &str, min: i64, max: i64) -> Option<i64> {
        let value = match self.raw(field)? {
            Value::Number(n) => n.as_i64(),
            Value::String(s) => s.trim().parse::<i64>().ok(),
            _ => None,
        };
        match value {
            Some(v) if (min..=max).contains(&v) => Some(v),
            Some(_) => {
                self.fail(field, format!("must be between {min} and {max}"));
                None
            }
            None => {
                self.fail(field, "must be a whole number");
                None
            }
        }
    }

    /// A moment in RFC 3339 form (`2026-10-01T10:00:00Z`, any offset), in UTC.
    pub fn datetime(&mut self, field: &str) -> Option<chrono::DateTime<chrono::Utc>> {
        let text = self.text(field)?;
        match chrono::DateTime::parse_from_rfc3339(&text) {
            Ok(t) => Some(t.with_timezone(&chrono::Utc)),
            Err(_) => {
                self.fail(field, "must be a date-time like 2026-10-01T10:00:00Z");
                None
            }
        }
    }

    /// A money amount in currency units ("499.00" or 499.0), exactly.
    pub fn amount(&mut self, field: &str) -> Option<Cents> {
        let raw = self.raw(field)?;
        let text = match raw {
            Value::Number(n) => n.to_string(),
            Value::String(s) => s.clone(),
            _ => {
                self.fail(field, "must be an amount like 499.00");
                return None;
            }
        };
        match text.parse::<Cents>() {
            Ok(c) => Some(c),
            Err(e) => {
                self.fail(field, e.to_string());
                None
            }
        }
    }

    /// A list of strings: a JSON array, or text separated by `|`.
    pub fn string_list(&mut self, field: &str) -> Vec<String> {
        match self.raw(field) {
            None => Vec::new(),
            Some(Value::Array(items)) => {
                let mut out = Vec::new();
                for item in items {
                    match item.as_str() {
                        Some(s) if !s.trim().is_empty() => out.push(s.trim().to_owned()),
                        _ => self.fail(field, "must be a list of text"),
                    }
                }
                out
            }
            Some(Value::String(s)) => s
                .split('|')
                .map(str::trim)
                .filter(|p| !p.is_empty())
                .map(str::to_owned)
                .collect(),
            Some(_) => {
                self.fail(field, "must be a list of text");
                Vec::new()
            }
        }
    }
}
