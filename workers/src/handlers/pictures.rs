//! `fetch_product_pictures`: the pictures an import named by other sites' addresses are
//! fetched (within `JobContext::fetch_limits`), their metadata stripped, stored in media
//! storage under a name made from their content, and put on the product in place of the
//! address. A picture that is not fetched fails the job with the product and the address,
//! after the others were stored: the queue tries again with backoff (the network, a timeout,
//! a busy server) and then keeps it under `bazaar jobs failed`; the product keeps the
//! address meanwhile, which the site shows as it is.

use bazaar_db::products::pictures;
use bazaar_media::fetch::fetch_picture;
use sha2::{Digest, Sha256};
use uuid::Uuid;

use super::JobError;
use crate::JobContext;

pub async fn fetch_product_pictures(ctx: &JobContext, product_id: Uuid) -> Result<(), JobError> {
    let remote = pictures::remote(&ctx.db, product_id).await?;
    let mut refused = Vec::new();
    let mut retry = None;
    let mut swapped = false;
    for url in remote {
        let fetched = match fetch_picture(&url, &ctx.fetch_limits).await {
            Ok(f) => f,
            Err(e) if e.is_transient() => {
                tracing::warn!(product = %product_id, url, error = %e, "picture not fetched yet");
                retry = Some(format!("{url}: {e}"));
                continue;
            }
            Err(e) => {
                tracing::warn!(product = %product_id, url, error = %e, "picture cannot be fetched");
                refused.push(format!("{url}: {e}"));
                continue;
            }
        };
        let digest = Sha256::digest(&fetched.bytes);
        let name: String = digest[..12].iter().map(|b| format!("{b:02x}")).collect();
        let key = format!(
            "{}/import/{name}.{}",
            bazaar_media::UPLOAD_PREFIX,
            fetched.format.extension()
        );
        ctx.media.write(&key, fetched.bytes).await?;
        let mut tx = ctx.db.begin().await?;
        swapped |= pictures::swap(
            &mut tx,
            product_id,
            &url,
            &format!("/media/{key}"),
            chrono::Utc::now(),
        )
        .await?;
        tx.commit().await?;
    }
    if swapped {
        let mut tx = ctx.db.begin().await?;
        bazaar_queue::enqueue(
            &mut tx,
            &bazaar_queue::Job::IndexProducts {
                product_ids: vec![product_id],
            },
        )
        .await?;
        tx.commit().await?;
    }
    if let Some(why) = retry {
        return Err(JobError::Invalid(format!(
            "product {product_id}: not fetched yet: {why}"
        )));
    }
    if !refused.is_empty() {
        return Err(JobError::Invalid(format!(
            "product {product_id}: {}",
            refused.join("; ")
        )));
    }
    Ok(())
}
