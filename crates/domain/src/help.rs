//! The help centre: what an article and a category may hold, and a help search.

use crate::FieldErrors;
use crate::text::{Slug, slugify};

pub const TITLE_MAX: usize = 150;
pub const SUMMARY_MAX: usize = 300;
pub const BODY_MAX: usize = 50_000;
pub const CATEGORY_NAME_MAX: usize = 80;
pub const DESCRIPTION_MAX: usize = 300;
/// The longest help search.
pub const QUERY_MAX: usize = 200;
/// The most results a help search answers with.
pub const RESULTS_MAX: usize = 20;

pub const SLUG_INVALID: &str = "Slug may only contain lowercase letters, digits and hyphens";
pub const SLUG_TAKEN: &str = "Slug is already in use";

/// An article as an admin sends it: every field, the slug perhaps left out.
#[derive(Debug, Clone, Default)]
pub struct ArticleInput<'a> {
    pub title: &'a str,
    pub slug: Option<&'a str>,
    pub summary: &'a str,
    pub body: &'a str,
}

/// An article, checked: trimmed, the slug given or made from the title.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ArticleDraft {
    pub title: String,
    pub slug: String,
    pub summary: String,
    pub body: String,
}

impl ArticleDraft {
    /// Every problem by field name.
    pub fn parse(input: &ArticleInput<'_>) -> Result<Self, FieldErrors> {
        let mut errors = FieldErrors::new();
        let title = required(&mut errors, "title", input.title, TITLE_MAX, "Title");
        let slug = slug(&mut errors, input.slug, &title);
        let summary = input.summary.trim();
        if summary.chars().count() > SUMMARY_MAX {
            errors.insert(
                "summary".into(),
                format!("Summary must be at most {SUMMARY_MAX} characters"),
            );
        }
        // The body keeps its own leading indentation (Markdown code blocks): only blank
        // lines around it go.
        let body = input.body.trim_matches(|c| c == '\n' || c == '\r');
        if body.trim().is_empty() {
            errors.insert("body".into(), "Article body is required".into());
        } else if body.chars().count() > BODY_MAX {
            errors.insert(
                "body".into(),
                format!("Article body must be at most {BODY_MAX} characters"),
            );
        }
        if !errors.is_empty() {
            return Err(errors);
        }
        Ok(Self {
            title,
            slug,
            summary: summary.to_owned(),
            body: body.to_owned(),
        })
    }
}

/// A category as an admin sends it.
#[derive(Debug, Clone, Default)]
pub struct CategoryInput<'a> {
    pub name: &'a str,
    pub slug: Option<&'a str>,
    pub description: &'a str,
}

/// A category, checked.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CategoryDraft {
    pub name: String,
    pub slug: String,
    pub description: String,
}

impl CategoryDraft {
    pub fn parse(input: &CategoryInput<'_>) -> Result<Self, FieldErrors> {
        let mut errors = FieldErrors::new();
        let name = required(
            &mut errors,
            "name",
            input.name,
            CATEGORY_NAME_MAX,
            "Category name",
        );
        let slug = slug(&mut errors, input.slug, &name);
        let description = input.description.trim();
        if description.chars().count() > DESCRIPTION_MAX {
            errors.insert(
                "description".into(),
                format!("Description must be at most {DESCRIPTION_MAX} characters"),
            );
        }
        if !errors.is_empty() {
            return Err(errors);
        }
        Ok(Self {
            name,
            slug,
            description: description.to_owned(),
        })
    }
}

fn required(errors: &mut FieldErrors, field: &str, raw: &str, max: usize, what: &str) -> String {
    let text = raw.trim();
    if text.is_empty() {
        errors.insert(field.into(), format!("{what} is required"));
    } else if text.chars().count() > max {
        errors.insert(
            field.into(),
            format!("{what} must be at most {max} characters"),
        );
    }
    text.to_owned()
}

/// The slug sent, or one made from `from` when none was.
fn slug(errors: &mut FieldErrors, raw: Option<&str>, from: &str) -> String {
    let wanted = raw.map(str::trim).filter(|s| !s.is_empty());
    let slug = match wanted {
        Some(s) => s.to_owned(),
        None => slugify(from),
    };
    if Slug::parse(&slug).is_err() && (wanted.is_some() || !from.is_empty()) {
        errors.insert("slug".into(), SLUG_INVALID.into());
    }
    slug
}

/// A help search as typed: trimmed; blank is no search.
pub fn parse_query(q: &str) -> Result<Option<String>, String> {
    let q = q.trim();
    if q.chars().count() > QUERY_MAX {
        return Err(format!("Search at most {QUERY_MAX} characters"));
    }
    Ok((!q.is_empty()).then(|| q.to_owned()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_article_is_trimmed_and_its_slug_made_from_its_title() {
        let a = ArticleDraft::parse(&ArticleInput {
            title: "  Tracking your order ",
            slug: None,
            summary: " Where is my parcel? ",
            body: "\n\n    indented code\n\nText.\n",
        })
        .unwrap();
        assert_eq!(a.title, "Tracking your order");
        assert_eq!(a.slug, "tracking-your-order");
        assert_eq!(a.summary, "Where is my parcel?");
        assert_eq!(a.body, "    indented code\n\nText.");

        let given = ArticleDraft::parse(&ArticleInput {
            title: "Tracking",
            slug: Some(" track-it "),
            summary: "",
            body: "x",
        })
        .unwrap();
        assert_eq!(given.slug, "track-it");
    }

    #[test]
    fn every_article_problem_is_named_by_field() {
        let errors = ArticleDraft::parse(&ArticleInput {
            title: " ",
            slug: Some("Not A Slug"),
            summary: &"s".repeat(SUMMARY_MAX + 1),
            body: " \n ",
        })
        .unwrap_err();
        assert_eq!(errors["title"], "Title is required");
        assert_eq!(errors["slug"], SLUG_INVALID);
        assert_eq!(errors["summary"], "Summary must be at most 300 characters");
        assert_eq!(errors["body"], "Article body is required");

        let long = ArticleDraft::parse(&ArticleInput {
            title: &"t".repeat(TITLE_MAX + 1),
            slug: None,
            summary: "",
            body: &"b".repeat(BODY_MAX + 1),
        })
        .unwrap_err();
        assert_eq!(long["title"], "Title must be at most 150 characters");
        assert_eq!(
            long["body"],
            "Article body must be at most 50000 characters"
        );
        // A title of punctuation alone makes no slug.
        let none = ArticleDraft::parse(&ArticleInput {
            title: "???",
            slug: None,
            summary: "",
            body: "b",
        })
        .unwrap_err();
        assert_eq!(none["slug"], SLUG_INVALID);
    }

    #[test]
    fn categories_and_queries() {
        let c = CategoryDraft::parse(&CategoryInput {
            name: " Orders & delivery ",
            slug: None,
            description: " Parcels ",
        })
        .unwrap();
        assert_eq!(
            (c.name.as_str(), c.slug.as_str(), c.description.as_str()),
            ("Orders & delivery", "orders-delivery", "Parcels")
        );
        let errors = CategoryDraft::parse(&CategoryInput::default()).unwrap_err();
        assert_eq!(errors["name"], "Category name is required");
        assert!(!errors.contains_key("slug"), "one problem, said once");

        assert_eq!(parse_query("  payfast "), Ok(Some("payfast".to_owned())));
        assert_eq!(parse_query("   "), Ok(None));
        assert!(parse_query(&"q".repeat(QUERY_MAX + 1)).is_err());
    }
}
