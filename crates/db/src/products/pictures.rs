//! Product pictures an import named by another site's address: which are still remote,
//! swapping one for its fetched copy, and the record of what was fetched so a second import
//! of the same file uses the copy.

use bazaar_domain::product::Image;
use chrono::{DateTime, Utc};
use sqlx::types::Json;
use uuid::Uuid;

use crate::{Db, DbResult, Tx, on_db, on_tx};

/// Whether `url` is another site's address (not a path on this one).
pub fn is_remote(url: &str) -> bool {
    url.starts_with("https://") || url.starts_with("http://")
}

/// The product's pictures that are still other sites' addresses, main picture first.
pub async fn remote(db: &Db, product_id: Uuid) -> DbResult<Vec<String>> {
    let row = on_db!(db, pool => sqlx::query_as::<_, (Option<String>, Json<Vec<Image>>)>(
        "SELECT image_url, images FROM products WHERE id = $1",
    )
    .bind(product_id)
    .fetch_optional(pool)
    .await?);
    let Some((main, images)) = row else {
        return Ok(Vec::new());
    };
    let mut out: Vec<String> = main.into_iter().filter(|u| is_remote(u)).collect();
    for image in images.0 {
        if is_remote(&image.url) && !out.contains(&image.url) {
            out.push(image.url);
        }
    }
    Ok(out)
}

/// Replaces the picture `from` by `to` in the product's pictures and records the fetch;
/// true when the product had it.
pub async fn swap(
    tx: &mut Tx,
    product_id: Uuid,
    from: &str,
    to: &str,
    now: DateTime<Utc>,
) -> DbResult<bool> {
    on_tx!(tx, conn => sqlx::query(
        "INSERT INTO imported_pictures (source_url, media_url, fetched_at) VALUES ($1, $2, $3) \
         ON CONFLICT (source_url) DO UPDATE SET media_url = excluded.media_url, fetched_at = excluded.fetched_at",
    )
    .bind(from)
    .bind(to)
    .bind(now)
    .execute(conn)
    .await
    .map(|r| r.rows_affected()))?;
    let row = on_tx!(tx, conn => sqlx::query_as::<_, (Option<String>, Json<Vec<Image>>)>(
        "SELECT image_url, images FROM products WHERE id = $1",
    )
    .bind(product_id)
    .fetch_optional(conn)
    .await?);
    let Some((main, images)) = row else {
        return Ok(false);
    };
    let had = main.as_deref() == Some(from) || images.0.iter().any(|i| i.url == from);
    if !had {
        return Ok(false);
    }
    let main = main.map(|m| if m == from { to.to_owned() } else { m });
    let images: Vec<Image> = images
        .0
        .into_iter()
        .map(|i| {
            if i.url == from {
                Image {
                    url: to.to_owned(),
                    ..i
                }
            } else {
                i
            }
        })
        .collect();
    tx.changed(crate::changes::Change::Products {
        ids: vec![product_id],
    });
    on_tx!(tx, conn => sqlx::query(
        "UPDATE products SET image_url = $2, images = $3, updated_at = $4, version = version + 1 WHERE id = $1",
    )
    .bind(product_id)
    .bind(main)
    .bind(Json(&images))
    .bind(now)
    .execute(conn)
    .await
    .map(|r| r.rows_affected()))?;
    Ok(true)
}

/// The fetched copies of the `sources` that have one, as (source, copy).
pub async fn fetched(tx: &mut Tx, sources: &[&str]) -> DbResult<Vec<(String, String)>> {
    let mut out = Vec::new();
    for source in sources {
        let copy = on_tx!(tx, conn => sqlx::query_scalar::<_, String>(
            "SELECT media_url FROM imported_pictures WHERE source_url = $1",
        )
        .bind(*source)
        .fetch_optional(conn)
        .await?);
        if let Some(copy) = copy {
            out.push(((*source).to_owned(), copy));
        }
    }
    Ok(out)
}
