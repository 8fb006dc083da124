//! Auth emails: rendered from the email templates (the defaults in the repository, or an
//! override stored in `email_templates`) and sent through the configured mailer (the
//! outbox directory, or SMTP). They are sent from the request itself, not a job, so a
//! failure to send is reported to the person waiting for the link.

use bazaar_mail::{OutgoingEmail, TemplateSource, Templates};
use serde_json::Value;

use super::AuthError;
use crate::AppState;

/// Renders template `key` with `context` and sends it to `to`.
pub async fn send(state: &AppState, to: &str, key: &str, context: Value) -> Result<(), AuthError> {
    let source = match bazaar_db::emails::template(&state.db, key).await? {
        Some(stored) => TemplateSource {
            subject: stored.subject,
            text: stored.body_text,
            html: stored.body_html,
        },
        None => Templates::default_for(key)
            .ok_or_else(|| AuthError::internal(format!("no email template {key:?}")))?,
    };
    let rendered = bazaar_mail::render(&source, &context).map_err(AuthError::internal)?;
    state
        .auth
        .mailer
        .current(&state.db)
        .await
        .map_err(AuthError::internal)?
        .send(&OutgoingEmail::from_rendered(to, rendered))
        .await
        .map_err(AuthError::internal)?;
    Ok(())
}
