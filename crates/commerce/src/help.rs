//! The help centre: admins write articles in categories (each change audited), everyone
//! reads the published ones, searches them through the search engine and says whether one
//! helped.
//!
//! The database is the truth; the engine holds the published articles for search. Each
//! process puts every published article into it before its first help search (tantivy keeps
//! them in memory; for Meilisearch this repeats what is there), and each change is written
//! to it after its commit. A write the engine missed is made good by the next search, which
//! fills it again. Results are read back from the database, so an article unpublished or
//! deleted never shows, whatever the engine still holds; with no engine, or one that fails,
//! the database's own word match answers.

use std::collections::HashMap;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use bazaar_db::help::{self, ArticleFields, ArticleRow, CategoryFields, CategoryRow};
use bazaar_db::{Db, DbError, audit};
use bazaar_domain::help::{
    ArticleDraft, ArticleInput, CategoryDraft, CategoryInput, RESULTS_MAX, SLUG_TAKEN,
};
use bazaar_search::{ArticleDoc, SearchIndex};
use chrono::Utc;
use serde_json::json;
use uuid::Uuid;

use crate::selling::{Actor, SellingError, conflict, invalid};

/// Markdown to HTML that is safe to show: raw HTML in the source is dropped by the
/// sanitiser, links keep only http, https and mailto (or a path of this site) and open with
/// `rel="nofollow noopener noreferrer"`.
pub fn render(markdown: &str) -> String {
    use pulldown_cmark::{Options, Parser, html};
    let mut raw = String::with_capacity(markdown.len() * 3 / 2);
    html::push_html(
        &mut raw,
        Parser::new_ext(
            markdown,
            Options::ENABLE_TABLES | Options::ENABLE_STRIKETHROUGH,
        ),
    );
    ammonia::Builder::default()
        .url_schemes(["http", "https", "mailto"].into())
        .link_rel(Some("nofollow noopener noreferrer"))
        .clean(&raw)
        .to_string()
}

/// The search engine's copy of the published articles, as this process knows it.
pub struct ArticleIndex {
    engine: Option<Arc<dyn SearchIndex>>,
    /// Whether every published article went into the engine since this process started
    /// (and no write was missed since).
    filled: AtomicBool,
    filling: tokio::sync::Mutex<()>,
}

impl ArticleIndex {
    pub fn new(engine: Option<Arc<dyn SearchIndex>>) -> Self {
        Self {
            engine,
            filled: AtomicBool::new(false),
            filling: tokio::sync::Mutex::new(()),
        }
    }

    /// Puts every published article into the engine unless this process has done so.
    async fn fill(&self, db: &Db, engine: &dyn SearchIndex) -> Result<(), SellingError> {
        if self.filled.load(Ordering::Acquire) {
            return Ok(());
        }
        let _one = self.filling.lock().await;
        if self.filled.load(Ordering::Acquire) {
            return Ok(());
        }
        let docs = help::published(db).await?.iter().map(doc).collect();
        match engine.upsert_articles(docs).await {
            Ok(()) => self.filled.store(true, Ordering::Release),
            Err(e) => {
                tracing::warn!(error = %e, "help articles not indexed; searching the database")
            }
        }
        Ok(())
    }

    /// Writes an article's change to the engine: indexed while published, removed otherwise.
    async fn sync(&self, article: Option<&ArticleRow>, id: Uuid) {
        let Some(engine) = &self.engine else { return };
        let done = match article.filter(|a| a.published) {
            Some(a) => engine.upsert_articles(vec![doc(a)]).await,
            None => engine.delete_articles(&[id]).await,
        };
        if let Err(e) = done {
            tracing::warn!(error = %e, article = %id, "help article not written to the search index");
            // The next search fills the engine again.
            self.filled.store(false, Ordering::Release);
        }
    }
}

fn doc(a: &ArticleRow) -> ArticleDoc {
    ArticleDoc {
        id: a.id,
        title: a.title.clone(),
        category: a.category_name.clone(),
        summary: a.summary.clone(),
        body: a.body.clone(),
    }
}

/// Published articles matching `q` (already checked and not blank), best first.
pub async fn search(
    db: &Db,
    index: &ArticleIndex,
    q: &str,
) -> Result<Vec<ArticleRow>, SellingError> {
    if let Some(engine) = &index.engine {
        index.fill(db, engine.as_ref()).await?;
        if index.filled.load(Ordering::Acquire) {
            match engine.search_articles(q, RESULTS_MAX).await {
                Ok(ids) => {
                    let mut found: HashMap<Uuid, ArticleRow> = help::published_with_ids(db, &ids)
                        .await?
                        .into_iter()
                        .map(|a| (a.id, a))
                        .collect();
                    return Ok(ids.iter().filter_map(|id| found.remove(id)).collect());
                }
                Err(e) => tracing::warn!(error = %e, "help search failed; searching the database"),
            }
        }
    }
    let words: Vec<String> = q
        .split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
        .take(10)
        .map(str::to_lowercase)
        .collect();
    if words.is_empty() {
        return Ok(Vec::new());
    }
    Ok(help::search_published(db, &words, RESULTS_MAX as i64).await?)
}

/// A category as an admin sends it; `None` keeps what is there.
#[derive(Debug, Clone, Default)]
pub struct CategoryChange {
    pub name: Option<String>,
    pub slug: Option<String>,
    pub description: Option<String>,
    pub position: Option<i32>,
}

fn slug_taken(e: DbError) -> SellingError {
    match e {
        DbError::Conflict(_) => conflict("slug_taken", SLUG_TAKEN),
        other => other.into(),
    }
}

async fn record(
    tx: &mut bazaar_db::Tx,
    actor: &Actor<'_>,
    action: &str,
    subject_type: &str,
    id: Uuid,
    details: serde_json::Value,
) -> Result<(), SellingError> {
    audit::record(
        tx,
        &audit::Entry {
            actor_id: actor.id,
            actor_email: actor.email,
            action,
            subject_type,
            subject_id: id.to_string(),
            details,
        },
        Utc::now(),
    )
    .await?;
    Ok(())
}

/// Adds a category (an admin); audited `help.category.create`.
pub async fn create_category(
    db: &Db,
    actor: &Actor<'_>,
    change: &CategoryChange,
) -> Result<CategoryRow, SellingError> {
    let draft = CategoryDraft::parse(&CategoryInput {
        name: change.name.as_deref().unwrap_or(""),
        slug: change.slug.as_deref(),
        description: change.description.as_deref().unwrap_or(""),
    })
    .map_err(SellingError::Invalid)?;
    let mut tx = db.begin().await?;
    let fields = CategoryFields {
        name: &draft.name,
        slug: &draft.slug,
        description: &draft.description,
        position: change.position.unwrap_or(0),
    };
    let id = help::insert_category(&mut tx, &fields)
        .await
        .map_err(slug_taken)?;
    record(
        &mut tx,
        actor,
        "help.category.create",
        "help_category",
        id,
        json!({ "name": draft.name, "slug": draft.slug }),
    )
    .await?;
    let row = help::category_in(&mut tx, id)
        .await?
        .ok_or(SellingError::NotFound)?;
    tx.commit().await?;
    Ok(row)
}

/// Changes a category (an admin); audited `help.category.update` with before and after.
/// Its published articles are indexed again, as their category's name is searched too.
pub async fn update_category(
    db: &Db,
    index: &ArticleIndex,
    actor: &Actor<'_>,
    id: Uuid,
    change: &CategoryChange,
) -> Result<CategoryRow, SellingError> {
    let mut tx = db.begin().await?;
    let before = help::category_in(&mut tx, id)
        .await?
        .ok_or(SellingError::NotFound)?;
    let draft = CategoryDraft::parse(&CategoryInput {
        name: change.name.as_deref().unwrap_or(&before.name),
        slug: Some(change.slug.as_deref().unwrap_or(&before.slug)),
        description: change.description.as_deref().unwrap_or(&before.description),
    })
    .map_err(SellingError::Invalid)?;
    let fields = CategoryFields {
        name: &draft.name,
        slug: &draft.slug,
        description: &draft.description,
        position: change.position.unwrap_or(before.position),
    };
    help::update_category(&mut tx, id, &fields)
        .await
        .map_err(slug_taken)?;
    record(
        &mut tx,
        actor,
        "help.category.update",
        "help_category",
        id,
        json!({
            "before": { "name": before.name, "slug": before.slug, "description": before.description, "position": before.position },
            "after": { "name": draft.name, "slug": draft.slug, "description": draft.description, "position": fields.position },
        }),
    )
    .await?;
    let row = help::category_in(&mut tx, id)
        .await?
        .ok_or(SellingError::NotFound)?;
    tx.commit().await?;
    if row.name != before.name {
        for a in help::all(db, Some(id), None).await? {
            index.sync(Some(&a), a.id).await;
        }
    }
    Ok(row)
}

/// Deletes a category that holds no article (an admin); audited `help.category.delete`.
pub async fn delete_category(db: &Db, actor: &Actor<'_>, id: Uuid) -> Result<(), SellingError> {
    let mut tx = db.begin().await?;
    let category = help::category_in(&mut tx, id)
        .await?
        .ok_or(SellingError::NotFound)?;
    if !help::delete_empty_category(&mut tx, id).await? {
        return Err(conflict(
            "category_not_empty",
            "Move or delete this category's articles first",
        ));
    }
    record(
        &mut tx,
        actor,
        "help.category.delete",
        "help_category",
        id,
        json!({ "name": category.name, "slug": category.slug }),
    )
    .await?;
    tx.commit().await?;
    Ok(())
}

/// An article as an admin sends it; `None` keeps what is there.
#[derive(Debug, Clone, Default)]
pub struct ArticleChange {
    pub category_id: Option<Uuid>,
    pub title: Option<String>,
    pub slug: Option<String>,
    pub summary: Option<String>,
    pub body: Option<String>,
    pub published: Option<bool>,
    pub position: Option<i32>,
}

/// Checks that the category exists, in the transaction.
async fn category_exists(tx: &mut bazaar_db::Tx, id: Uuid) -> Result<(), SellingError> {
    match help::category_in(tx, id).await? {
        Some(_) => Ok(()),
        None => Err(invalid("category_id", "Choose a category")),
    }
}

/// Writes an article (an admin); audited `help.article.create`.
pub async fn create_article(
    db: &Db,
    index: &ArticleIndex,
    actor: &Actor<'_>,
    change: &ArticleChange,
) -> Result<ArticleRow, SellingError> {
    let draft = ArticleDraft::parse(&ArticleInput {
        title: change.title.as_deref().unwrap_or(""),
        slug: change.slug.as_deref(),
        summary: change.summary.as_deref().unwrap_or(""),
        body: change.body.as_deref().unwrap_or(""),
    });
    let category_id = change.category_id;
    let (draft, category_id) = match (draft, category_id) {
        (Ok(d), Some(c)) => (d, c),
        (Ok(_), None) => return Err(invalid("category_id", "Choose a category")),
        (Err(mut fields), c) => {
            if c.is_none() {
                fields.insert("category_id".into(), "Choose a category".into());
            }
            return Err(SellingError::Invalid(fields));
        }
    };
    let mut tx = db.begin().await?;
    category_exists(&mut tx, category_id).await?;
    let published = change.published.unwrap_or(false);
    let id = help::insert(
        &mut tx,
        &ArticleFields {
            category_id,
            title: &draft.title,
            slug: &draft.slug,
            summary: &draft.summary,
            body: &draft.body,
            published,
            position: change.position.unwrap_or(0),
        },
    )
    .await
    .map_err(slug_taken)?;
    record(
        &mut tx,
        actor,
        "help.article.create",
        "help_article",
        id,
        json!({ "title": draft.title, "slug": draft.slug, "published": published }),
    )
    .await?;
    let row = help::get_in(&mut tx, id)
        .await?
        .ok_or(SellingError::NotFound)?;
    tx.commit().await?;
    index.sync(Some(&row), id).await;
    Ok(row)
}

/// Changes an article (an admin); audited `help.article.update` with what changed.
pub async fn update_article(
    db: &Db,
    index: &ArticleIndex,
    actor: &Actor<'_>,
    id: Uuid,
    change: &ArticleChange,
) -> Result<ArticleRow, SellingError> {
    let mut tx = db.begin().await?;
    let before = help::get_in(&mut tx, id)
        .await?
        .ok_or(SellingError::NotFound)?;
    let draft = ArticleDraft::parse(&ArticleInput {
        title: change.title.as_deref().unwrap_or(&before.title),
        slug: Some(change.slug.as_deref().unwrap_or(&before.slug)),
        summary: change.summary.as_deref().unwrap_or(&before.summary),
        body: change.body.as_deref().unwrap_or(&before.body),
    })
    .map_err(SellingError::Invalid)?;
    let category_id = change.category_id.unwrap_or(before.category_id);
    if category_id != before.category_id {
        category_exists(&mut tx, category_id).await?;
    }
    let fields = ArticleFields {
        category_id,
        title: &draft.title,
        slug: &draft.slug,
        summary: &draft.summary,
        body: &draft.body,
        published: change.published.unwrap_or(before.published),
        position: change.position.unwrap_or(before.position),
    };
    help::update(&mut tx, id, &fields)
        .await
        .map_err(slug_taken)?;
    let mut changed = serde_json::Map::new();
    let mut note = |field: &str, old: serde_json::Value, new: serde_json::Value| {
        if old != new {
            changed.insert(field.to_owned(), json!({ "before": old, "after": new }));
        }
    };
    note("title", json!(before.title), json!(draft.title));
    note("slug", json!(before.slug), json!(draft.slug));
    note("summary", json!(before.summary), json!(draft.summary));
    note("category_id", json!(before.category_id), json!(category_id));
    note(
        "published",
        json!(before.published),
        json!(fields.published),
    );
    note("position", json!(before.position), json!(fields.position));
    if before.body != draft.body {
        changed.insert("body".into(), json!("changed"));
    }
    record(
        &mut tx,
        actor,
        "help.article.update",
        "help_article",
        id,
        serde_json::Value::Object(changed),
    )
    .await?;
    let row = help::get_in(&mut tx, id)
        .await?
        .ok_or(SellingError::NotFound)?;
    tx.commit().await?;
    index.sync(Some(&row), id).await;
    Ok(row)
}

/// Deletes an article (an admin); audited `help.article.delete`.
pub async fn delete_article(
    db: &Db,
    index: &ArticleIndex,
    actor: &Actor<'_>,
    id: Uuid,
) -> Result<(), SellingError> {
    let mut tx = db.begin().await?;
    let article = help::get_in(&mut tx, id)
        .await?
        .ok_or(SellingError::NotFound)?;
    help::delete(&mut tx, id).await?;
    record(
        &mut tx,
        actor,
        "help.article.delete",
        "help_article",
        id,
        json!({ "title": article.title, "slug": article.slug }),
    )
    .await?;
    tx.commit().await?;
    index.sync(None, id).await;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::render;

    #[test]
    fn markdown_is_rendered_and_nothing_unsafe_survives() {
        let html = render(
            "## Tracking\n\nSee [your orders](/profile/?tab=orders) or [PayFast](https://payfast.io).\n\n\
             <script>alert(1)</script>\n\n<img src=x onerror=alert(1)>\n\n[click](javascript:alert(1))\n\n\
             | a | b |\n|---|---|\n| 1 | 2 |\n",
        );
        assert!(html.contains("<h2>Tracking</h2>"), "{html}");
        assert!(
            html.contains(r#"<a href="/profile/?tab=orders" rel="nofollow noopener noreferrer">"#),
            "{html}"
        );
        assert!(html.contains(r#"href="https://payfast.io""#), "{html}");
        assert!(html.contains("<table>"), "{html}");
        assert!(!html.contains("<script"), "{html}");
        assert!(!html.contains("onerror"), "{html}");
        assert!(!html.contains("javascript:"), "{html}");
    }
}
