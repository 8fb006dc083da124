//! The catalogue's structure kept by admins: categories in a tree (at most three levels)
//! and the global attributes (size, colour) vendors build variations from.

use std::collections::HashMap;

use uuid::Uuid;

use crate::text::slugify;
use crate::vendor::text_within;

/// How deep the category tree goes: a top category, a sub-category and one more level.
pub const MAX_DEPTH: usize = 3;

/// A category as an admin writes it, checked.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CategoryDraft {
    pub name: String,
    pub slug: String,
    pub description: String,
    pub image_url: Option<String>,
    pub parent_id: Option<Uuid>,
    pub position: i64,
    pub active: bool,
}

impl CategoryDraft {
    /// Checks the fields; the slug defaults to the name's. Errors name the field.
    #[allow(clippy::too_many_arguments)]
    pub fn parse(
        name: &str,
        slug: Option<&str>,
        description: &str,
        image_url: Option<&str>,
        parent_id: Option<Uuid>,
        position: i64,
        active: bool,
    ) -> Result<Self, (&'static str, String)> {
        let name = text_within(name, (2, 60), "The name").map_err(|e| ("name", e))?;
        let slug = match slug.map(str::trim).filter(|s| !s.is_empty()) {
            Some(s) => {
                let clean = slugify(s);
                if clean != s || clean.len() > 60 {
                    return Err((
                        "slug",
                        "Use up to 60 lower-case letters, digits and single hyphens, like running-shoes"
                            .into(),
                    ));
                }
                clean
            }
            None => slugify(&name),
        };
        if slug.is_empty() {
            return Err((
                "slug",
                "The name needs a letter or digit for its address".into(),
            ));
        }
        let description = description.trim();
        if description.chars().count() > 2000 {
            return Err((
                "description",
                "The description is at most 2,000 characters".into(),
            ));
        }
        let image_url = match image_url.map(str::trim).filter(|u| !u.is_empty()) {
            Some(u) if (u.starts_with("https://") || u.starts_with('/')) && u.len() <= 500 => {
                Some(u.to_owned())
            }
            Some(_) => {
                return Err((
                    "image_url",
                    "The image is an https:// address or a path on this site".into(),
                ));
            }
            None => None,
        };
        if !(0..=100_000).contains(&position) {
            return Err(("position", "The position is 0 to 100,000".into()));
        }
        Ok(Self {
            name,
            slug,
            description: description.to_owned(),
            image_url,
            parent_id,
            position,
            active,
        })
    }
}

/// Whether putting `id` under `parent` keeps the tree a tree no deeper than
/// [`MAX_DEPTH`]; `parents` maps every category to its parent, `id` is `None` for a new
/// one. The answer is the reason it does not.
pub fn check_parent(
    id: Option<Uuid>,
    parent: Uuid,
    parents: &HashMap<Uuid, Option<Uuid>>,
) -> Result<(), String> {
    if Some(parent) == id {
        return Err("A category cannot be its own parent".into());
    }
    if !parents.contains_key(&parent) {
        return Err("The parent category does not exist".into());
    }
    // The parent's depth (1 for a top category), refusing a loop through `id`.
    let mut depth = 1;
    let mut at = parent;
    while let Some(Some(up)) = parents.get(&at) {
        if Some(*up) == id {
            return Err("A category cannot go under one of its own sub-categories".into());
        }
        depth += 1;
        at = *up;
        if depth > parents.len() {
            return Err("The category tree has a loop".into());
        }
    }
    // How deep the moved category's own subtree goes below it.
    let below = id.map_or(0, |id| height_below(id, parents));
    if depth + 1 + below > MAX_DEPTH {
        return Err(format!("Categories go at most {MAX_DEPTH} levels deep"));
    }
    Ok(())
}

fn height_below(id: Uuid, parents: &HashMap<Uuid, Option<Uuid>>) -> usize {
    parents
        .iter()
        .filter(|(_, p)| **p == Some(id))
        .map(|(child, _)| 1 + height_below(*child, parents))
        .max()
        .unwrap_or(0)
}

/// A global attribute as an admin writes it: a name and its values in order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AttributeDraft {
    pub name: String,
    pub values: Vec<String>,
    pub position: i64,
}

/// The most values one attribute may have.
pub const MAX_VALUES: usize = 100;

impl AttributeDraft {
    pub fn parse(
        name: &str,
        values: &[String],
        position: i64,
    ) -> Result<Self, (&'static str, String)> {
        let name = text_within(name, (2, 40), "The name").map_err(|e| ("name", e))?;
        if values.is_empty() || values.len() > MAX_VALUES {
            return Err(("values", format!("Give 1 to {MAX_VALUES} values")));
        }
        let mut out: Vec<String> = Vec::with_capacity(values.len());
        for v in values {
            let v = v.trim();
            if v.is_empty() || v.chars().count() > 40 {
                return Err(("values", "Each value is 1 to 40 characters".into()));
            }
            if out.iter().any(|o| o.eq_ignore_ascii_case(v)) {
                return Err(("values", format!("\"{v}\" appears twice")));
            }
            out.push(v.to_owned());
        }
        if !(0..=100_000).contains(&position) {
            return Err(("position", "The position is 0 to 100,000".into()));
        }
        Ok(Self {
            name,
            values: out,
            position,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn drafts_are_checked_and_slugs_follow_names() {
        let d = CategoryDraft::parse("Running Shoes", None, "", None, None, 5, true).unwrap();
        assert_eq!(d.slug, "running-shoes");
        assert!(CategoryDraft::parse("R", None, "", None, None, 0, true).is_err());
        assert!(CategoryDraft::parse("Shoes", Some("Bad Slug"), "", None, None, 0, true).is_err());
        assert!(
            CategoryDraft::parse("Shoes", None, "", Some("javascript:x"), None, 0, true).is_err()
        );
        assert!(
            CategoryDraft::parse("Shoes", None, "", Some("/media/a.webp"), None, 0, true).is_ok()
        );
        assert!(CategoryDraft::parse("Shoes", None, "", None, None, -1, true).is_err());
    }

    #[test]
    fn the_tree_stays_a_tree_three_levels_deep() {
        let (a, b, c, d) = (
            Uuid::from_u128(1),
            Uuid::from_u128(2),
            Uuid::from_u128(3),
            Uuid::from_u128(4),
        );
        // a > b > c; d on top.
        let parents = HashMap::from([(a, None), (b, Some(a)), (c, Some(b)), (d, None)]);
        assert!(check_parent(None, b, &parents).is_ok(), "a new third level");
        assert!(check_parent(None, c, &parents).is_err(), "a fourth level");
        assert!(
            check_parent(Some(a), c, &parents).is_err(),
            "under its own child"
        );
        assert!(
            check_parent(Some(a), a, &parents).is_err(),
            "its own parent"
        );
        assert!(
            check_parent(Some(a), d, &parents).is_err(),
            "a's subtree is 3 deep already"
        );
        assert!(check_parent(Some(c), d, &parents).is_ok());
        assert!(
            check_parent(None, Uuid::from_u128(9), &parents).is_err(),
            "no such parent"
        );
    }

    #[test]
    fn attribute_values_are_distinct_and_short() {
        let ok = AttributeDraft::parse("Size", &["S".into(), " M ".into()], 1).unwrap();
        assert_eq!(ok.values, vec!["S", "M"]);
        assert!(AttributeDraft::parse("Size", &["S".into(), "s".into()], 1).is_err());
        assert!(AttributeDraft::parse("Size", &[], 1).is_err());
        assert!(AttributeDraft::parse("Size", &["".into()], 1).is_err());
    }
}
