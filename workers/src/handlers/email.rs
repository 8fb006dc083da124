//! `send_email`: renders a queued email with its template and sends it.

use bazaar_db::emails;
use bazaar_mail::{OutgoingEmail, TemplateSource, Templates};
use uuid::Uuid;

use super::JobError;
use crate::JobContext;

pub async fn send_email(ctx: &JobContext, email_id: Uuid) -> Result<(), JobError> {
    let Some(row) = emails::get(&ctx.db, email_id).await? else {
        return Ok(());
    };
    if row.status == "sent" {
        return Ok(());
    }
    let source = match emails::template(&ctx.db, &row.template).await? {
        Some(stored) => TemplateSource {
            subject: stored.subject,
            text: stored.body_text,
            html: stored.body_html,
        },
        None => Templates::default_for(&row.template)
            .ok_or_else(|| JobError::Invalid(format!("no email template {:?}", row.template)))?,
    };
    let rendered = bazaar_mail::render(&source, &row.context)?;
    ctx.mailer
        .current(&ctx.db)
        .await
        .map_err(|e| JobError::Invalid(e.to_string()))?
        .send(&OutgoingEmail {
            to: row.to_address.clone(),
            subject: rendered.subject,
            text: rendered.text,
            html: rendered.html,
        })
        .await?;
    emails::mark_sent(&ctx.db, email_id).await?;
    Ok(())
}
