//! `run_import`: an uploaded product file is checked (a dry run) or imported, as its status
//! says (`bazaar_commerce::imports`). The file is read from media storage; the report is
//! written beside it and recorded with the summary. A run that stops half-way (the process
//! ends, the database fails) runs again from the start: an import writes each product all
//! or nothing and a second run of the same rows changes nothing.

use bazaar_commerce::imports::{self, Ran};
use bazaar_db::imports as stored;
use uuid::Uuid;

use super::JobError;
use crate::JobContext;

pub async fn run_import(ctx: &JobContext, import_id: Uuid) -> Result<(), JobError> {
    let Some(record) = stored::get(&ctx.db, import_id, None).await? else {
        return Ok(());
    };
    if record.status.phase().is_none() {
        return Ok(());
    }
    let bytes = Vec::from(ctx.media.read(&record.file_key).await?);
    let Some(ran) = imports::run(&ctx.db, &record, bytes).await? else {
        return Ok(());
    };
    let report_key = match &ran {
        Ran::Finished {
            phase, report_csv, ..
        } => {
            let key = format!(
                "{}-{}.csv",
                record.file_key,
                match phase {
                    bazaar_domain::import::Phase::Check => "check",
                    bazaar_domain::import::Phase::Import => "report",
                }
            );
            ctx.media.write(&key, report_csv.clone()).await?;
            key
        }
        Ran::Failed(why) => {
            tracing::info!(import = %import_id, why, "uploaded product file refused");
            String::new()
        }
    };
    imports::finish(&ctx.db, import_id, &ran, &report_key).await?;
    Ok(())
}
