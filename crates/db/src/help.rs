//! The help centre: `help_categories` and their `help_articles`.

use chrono::{DateTime, Utc};
use uuid::Uuid;

use crate::{Db, DbError, DbResult, Tx, on_db, on_tx};

#[derive(Debug, Clone, PartialEq, sqlx::FromRow)]
pub struct CategoryRow {
    pub id: Uuid,
    pub name: String,
    pub slug: String,
    pub description: String,
    pub position: i32,
    /// Its articles, drafts included.
    pub articles: i64,
}

const CATEGORY: &str = "SELECT c.id, c.name, c.slug, c.description, c.position, \
     (SELECT COUNT(*) FROM help_articles a WHERE a.category_id = c.id) AS articles \
     FROM help_categories c";

#[derive(Debug, Clone, PartialEq, sqlx::FromRow)]
pub struct ArticleRow {
    pub id: Uuid,
    pub category_id: Uuid,
    pub category_name: String,
    pub category_slug: String,
    pub title: String,
    pub slug: String,
    pub summary: String,
    pub body: String,
    pub published: bool,
    pub position: i32,
    pub helpful_yes: i64,
    pub helpful_no: i64,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
}

const ARTICLE: &str = "SELECT a.id, a.category_id, c.name AS category_name, c.slug AS category_slug, \
     a.title, a.slug, a.summary, a.body, a.published, a.position, a.helpful_yes, a.helpful_no, \
     a.created_at, a.updated_at \
     FROM help_articles a JOIN help_categories c ON c.id = a.category_id";

/// Categories in order, each with its number of articles.
pub async fn categories(db: &Db) -> DbResult<Vec<CategoryRow>> {
    let sql = format!("{CATEGORY} ORDER BY c.position, c.name, c.id");
    Ok(
        on_db!(db, pool => sqlx::query_as::<_, CategoryRow>(sqlx::AssertSqlSafe(sql.as_str()))
        .fetch_all(pool)
        .await)?,
    )
}

pub async fn category_in(tx: &mut Tx, id: Uuid) -> DbResult<Option<CategoryRow>> {
    let sql = format!("{CATEGORY} WHERE c.id = $1");
    Ok(
        on_tx!(tx, conn => sqlx::query_as::<_, CategoryRow>(sqlx::AssertSqlSafe(sql.as_str()))
        .bind(id)
        .fetch_optional(conn)
        .await)?,
    )
}

/// A category's fields as written.
#[derive(Debug, Clone)]
pub struct CategoryFields<'a> {
    pub name: &'a str,
    pub slug: &'a str,
    pub description: &'a str,
    pub position: i32,
}

/// Adds a category; [`DbError::Conflict`] when its slug is taken.
pub async fn insert_category(tx: &mut Tx, c: &CategoryFields<'_>) -> DbResult<Uuid> {
    let id = Uuid::now_v7();
    let now = Utc::now();
    on_tx!(tx, conn => sqlx::query(
        "INSERT INTO help_categories (id, name, slug, description, position, created_at, updated_at) \
         VALUES ($1, $2, $3, $4, $5, $6, $6)",
    )
    .bind(id)
    .bind(c.name)
    .bind(c.slug)
    .bind(c.description)
    .bind(c.position)
    .bind(now)
    .execute(conn)
    .await
    .map(|_| ()))
    .map_err(DbError::classify)?;
    Ok(id)
}

/// Rewrites a category; [`DbError::Conflict`] when the new slug is taken.
pub async fn update_category(tx: &mut Tx, id: Uuid, c: &CategoryFields<'_>) -> DbResult<()> {
    on_tx!(tx, conn => sqlx::query(
        "UPDATE help_categories SET name = $2, slug = $3, description = $4, position = $5, updated_at = $6 \
         WHERE id = $1",
    )
    .bind(id)
    .bind(c.name)
    .bind(c.slug)
    .bind(c.description)
    .bind(c.position)
    .bind(Utc::now())
    .execute(conn)
    .await
    .map(|_| ()))
    .map_err(DbError::classify)
}

/// Deletes a category that holds no article; false when it holds some (or is gone).
pub async fn delete_empty_category(tx: &mut Tx, id: Uuid) -> DbResult<bool> {
    let n = on_tx!(tx, conn => sqlx::query(
        "DELETE FROM help_categories WHERE id = $1 \
         AND NOT EXISTS (SELECT 1 FROM help_articles WHERE category_id = $1)",
    )
    .bind(id)
    .execute(conn)
    .await
    .map(|r| r.rows_affected()))?;
    Ok(n == 1)
}

/// Published articles in their categories' order, then their own.
pub async fn published(db: &Db) -> DbResult<Vec<ArticleRow>> {
    let sql = format!(
        "{ARTICLE} WHERE a.published ORDER BY c.position, c.name, c.id, a.position, a.title, a.id"
    );
    Ok(
        on_db!(db, pool => sqlx::query_as::<_, ArticleRow>(sqlx::AssertSqlSafe(sql.as_str()))
        .fetch_all(pool)
        .await)?,
    )
}

/// Published articles with these ids, in no particular order.
pub async fn published_with_ids(db: &Db, ids: &[Uuid]) -> DbResult<Vec<ArticleRow>> {
    if ids.is_empty() {
        return Ok(Vec::new());
    }
    let marks = (1..=ids.len())
        .map(|i| format!("${i}"))
        .collect::<Vec<_>>()
        .join(", ");
    let sql = format!("{ARTICLE} WHERE a.published AND a.id IN ({marks})");
    Ok(on_db!(db, pool => {
        let mut q = sqlx::query_as::<_, ArticleRow>(sqlx::AssertSqlSafe(sql.as_str()));
        for id in ids {
            q = q.bind(*id);
        }
        q.fetch_all(pool).await
    })?)
}

/// Published articles whose title, summary or body holds every word, by title: the answer
/// when the search engine cannot give one.
pub async fn search_published(db: &Db, words: &[String], limit: i64) -> DbResult<Vec<ArticleRow>> {
    let mut sql = format!("{ARTICLE} WHERE a.published");
    for i in 1..=words.len() {
        sql.push_str(&format!(
            " AND (LOWER(a.title) LIKE ${i} OR LOWER(a.summary) LIKE ${i} OR LOWER(a.body) LIKE ${i})"
        ));
    }
    sql.push_str(&format!(
        " ORDER BY a.title, a.id LIMIT ${}",
        words.len() + 1
    ));
    Ok(on_db!(db, pool => {
        let mut q = sqlx::query_as::<_, ArticleRow>(sqlx::AssertSqlSafe(sql.as_str()));
        for w in words {
            q = q.bind(format!("%{}%", w.replace(['%', '_'], "")));
        }
        q.bind(limit).fetch_all(pool).await
    })?)
}

/// Every article for `/admin/help`, drafts included: of one category, with text in the title
/// or summary, in their categories' order.
pub async fn all(db: &Db, category: Option<Uuid>, q: Option<&str>) -> DbResult<Vec<ArticleRow>> {
    let mut sql = format!("{ARTICLE} WHERE 1 = 1");
    let mut n = 0;
    if category.is_some() {
        n += 1;
        sql.push_str(&format!(" AND a.category_id = ${n}"));
    }
    if q.is_some() {
        n += 1;
        sql.push_str(&format!(
            " AND (LOWER(a.title) LIKE ${n} OR LOWER(a.summary) LIKE ${n})"
        ));
    }
    sql.push_str(" ORDER BY c.position, c.name, c.id, a.position, a.title, a.id");
    let pattern = q.map(|q| format!("%{}%", q.to_lowercase().replace(['%', '_'], "")));
    Ok(on_db!(db, pool => {
        let mut query = sqlx::query_as::<_, ArticleRow>(sqlx::AssertSqlSafe(sql.as_str()));
        if let Some(c) = category {
            query = query.bind(c);
        }
        if let Some(p) = &pattern {
            query = query.bind(p.clone());
        }
        query.fetch_all(pool).await
    })?)
}

pub async fn get(db: &Db, id: Uuid) -> DbResult<Option<ArticleRow>> {
    let sql = format!("{ARTICLE} WHERE a.id = $1");
    Ok(
        on_db!(db, pool => sqlx::query_as::<_, ArticleRow>(sqlx::AssertSqlSafe(sql.as_str()))
        .bind(id)
        .fetch_optional(pool)
        .await)?,
    )
}

pub async fn get_in(tx: &mut Tx, id: Uuid) -> DbResult<Option<ArticleRow>> {
    let sql = format!("{ARTICLE} WHERE a.id = $1");
    Ok(
        on_tx!(tx, conn => sqlx::query_as::<_, ArticleRow>(sqlx::AssertSqlSafe(sql.as_str()))
        .bind(id)
        .fetch_optional(conn)
        .await)?,
    )
}

/// A published article by its slug.
pub async fn published_by_slug(db: &Db, slug: &str) -> DbResult<Option<ArticleRow>> {
    let sql = format!("{ARTICLE} WHERE a.slug = $1 AND a.published");
    Ok(
        on_db!(db, pool => sqlx::query_as::<_, ArticleRow>(sqlx::AssertSqlSafe(sql.as_str()))
        .bind(slug)
        .fetch_optional(pool)
        .await)?,
    )
}

/// An article's fields as written.
#[derive(Debug, Clone)]
pub struct ArticleFields<'a> {
    pub category_id: Uuid,
    pub title: &'a str,
    pub slug: &'a str,
    pub summary: &'a str,
    pub body: &'a str,
    pub published: bool,
    pub position: i32,
}

/// Adds an article; [`DbError::Conflict`] when its slug is taken.
pub async fn insert(tx: &mut Tx, a: &ArticleFields<'_>) -> DbResult<Uuid> {
    let id = Uuid::now_v7();
    let now = Utc::now();
    on_tx!(tx, conn => sqlx::query(
        "INSERT INTO help_articles (id, category_id, title, slug, summary, body, published, position, \
         created_at, updated_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $9)",
    )
    .bind(id)
    .bind(a.category_id)
    .bind(a.title)
    .bind(a.slug)
    .bind(a.summary)
    .bind(a.body)
    .bind(a.published)
    .bind(a.position)
    .bind(now)
    .execute(conn)
    .await
    .map(|_| ()))
    .map_err(DbError::classify)?;
    Ok(id)
}

/// Rewrites an article; [`DbError::Conflict`] when the new slug is taken.
pub async fn update(tx: &mut Tx, id: Uuid, a: &ArticleFields<'_>) -> DbResult<()> {
    on_tx!(tx, conn => sqlx::query(
        "UPDATE help_articles SET category_id = $2, title = $3, slug = $4, summary = $5, body = $6, \
         published = $7, position = $8, updated_at = $9 WHERE id = $1",
    )
    .bind(id)
    .bind(a.category_id)
    .bind(a.title)
    .bind(a.slug)
    .bind(a.summary)
    .bind(a.body)
    .bind(a.published)
    .bind(a.position)
    .bind(Utc::now())
    .execute(conn)
    .await
    .map(|_| ()))
    .map_err(DbError::classify)
}

/// Deletes an article; false when there was none.
pub async fn delete(tx: &mut Tx, id: Uuid) -> DbResult<bool> {
    let n = on_tx!(tx, conn => sqlx::query("DELETE FROM help_articles WHERE id = $1")
        .bind(id)
        .execute(conn)
        .await
        .map(|r| r.rows_affected()))?;
    Ok(n == 1)
}

/// Counts one "Was this helpful?" answer on a published article; its counts after, or
/// `None` when there is no such published article.
pub async fn count_answer(db: &Db, slug: &str, helpful: bool) -> DbResult<Option<(i64, i64)>> {
    let column = if helpful { "helpful_yes" } else { "helpful_no" };
    let sql =
        format!("UPDATE help_articles SET {column} = {column} + 1 WHERE slug = $1 AND published");
    let mut tx = db.begin().await?;
    let n = on_tx!(&mut tx, conn => sqlx::query(sqlx::AssertSqlSafe(sql.as_str()))
        .bind(slug)
        .execute(conn)
        .await
        .map(|r| r.rows_affected()))?;
    if n == 0 {
        return Ok(None);
    }
    let counts = on_tx!(&mut tx, conn => sqlx::query_as::<_, (i64, i64)>(
        "SELECT helpful_yes, helpful_no FROM help_articles WHERE slug = $1",
    )
    .bind(slug)
    .fetch_one(conn)
    .await)?;
    tx.commit().await?;
    Ok(Some(counts))
}

/// The id of the category with this slug.
pub async fn category_id_by_slug(tx: &mut Tx, slug: &str) -> DbResult<Option<Uuid>> {
    Ok(on_tx!(tx, conn => sqlx::query_scalar::<_, Uuid>(
        "SELECT id FROM help_categories WHERE slug = $1",
    )
    .bind(slug)
    .fetch_optional(conn)
    .await)?)
}

/// Whether an article has this slug.
pub async fn slug_exists(tx: &mut Tx, slug: &str) -> DbResult<bool> {
    Ok(on_tx!(tx, conn => sqlx::query_scalar::<_, i64>(
        "SELECT COUNT(*) FROM help_articles WHERE slug = $1",
    )
    .bind(slug)
    .fetch_one(conn)
    .await)?
        > 0)
}
