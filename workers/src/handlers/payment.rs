//! `process_payment`: checks a stored PayFast ITN and applies it (see
//! `bazaar_commerce::payfast`). A validate call that gets no answer fails the job, which
//! retries; every other outcome is final and recorded on the notification.

use bazaar_commerce::Settings;
use bazaar_commerce::payfast::{self, Outcome, ProcessError};
use bazaar_commerce::payment_settings::GatewayError;
use uuid::Uuid;

use super::JobError;
use crate::JobContext;

pub async fn process_payment(ctx: &JobContext, notification_id: Uuid) -> Result<(), JobError> {
    let gateway = ctx
        .payments
        .as_ref()
        .ok_or_else(|| JobError::Invalid("payments are not configured in this process".into()))?
        .current(&ctx.db)
        .await
        .map_err(|e| match e {
            GatewayError::Db(e) => JobError::Db(e),
            e => JobError::Invalid(e.to_string()),
        })?;
    let gateway = &gateway;
    let settings = Settings::load(&ctx.db).await?;
    let outcome = payfast::process(&ctx.db, gateway, &settings, notification_id)
        .await
        .map_err(|e| match e {
            ProcessError::Db(e) => JobError::Db(e),
            ProcessError::Validate(m) => JobError::Invalid(m),
        })?;
    match &outcome {
        Outcome::Paid => {
            tracing::info!(notification = %notification_id, "payment accepted; order paid")
        }
        other => {
            tracing::info!(notification = %notification_id, outcome = ?other, "payment notification settled")
        }
    }
    Ok(())
}
