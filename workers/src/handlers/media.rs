//! `make_renditions`: the WebP renditions of an uploaded picture, written beside it in
//! media storage and recorded on its library row. Running it again remakes the same files.

use bazaar_db::media;
use bazaar_media::renditions;
use serde_json::json;
use uuid::Uuid;

use super::JobError;
use crate::JobContext;

/// The key of a picture's rendition at `width`: `u/…/{id}.jpg` → `u/…/{id}-640.webp`.
pub fn rendition_key(original: &str, width: u32) -> String {
    let stem = original.rsplit_once('.').map_or(original, |(stem, _)| stem);
    format!("{stem}-{width}.webp")
}

pub async fn make_renditions(ctx: &JobContext, media_id: Uuid) -> Result<(), JobError> {
    let Some(row) = media::get(&ctx.db, media_id).await? else {
        return Ok(());
    };
    if row.kind != "image" {
        return Ok(());
    }
    let original = ctx.media.read(&row.storage_key).await?;
    // Decoding and encoding are CPU work: off the async threads.
    let made = tokio::task::spawn_blocking(move || renditions::make(&original))
        .await
        .map_err(|e| JobError::Invalid(format!("the rendition task failed: {e}")))?
        .map_err(|e| JobError::Invalid(e.to_string()))?;
    let mut done = Vec::new();
    for r in made.renditions {
        let key = rendition_key(&row.storage_key, r.width);
        ctx.media.write(&key, r.webp).await?;
        done.push(json!({ "width": r.width, "height": r.height, "key": key }));
    }
    if !media::set_renditions(
        &ctx.db,
        media_id,
        i64::from(made.width),
        i64::from(made.height),
        &json!(done),
    )
    .await?
    {
        // Deleted meanwhile: take the files away again.
        for r in &done {
            if let Some(key) = r["key"].as_str() {
                ctx.media.delete(key).await?;
            }
        }
    }
    Ok(())
}
