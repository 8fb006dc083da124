//! The wording of bazaar's emails as admins edit it: each email's template is the default
//! shipped in `crates/mail/templates/` until an admin saves their own, which the next email of
//! that kind uses (the send-email job and the auth emails read it each time). Saving checks
//! the template against the variables its email is given; every save and reset is audited.

use bazaar_db::{Db, DbResult, emails};
use bazaar_mail::{RenderedEmail, TemplateInfo, TemplateSource, Templates};
use chrono::{DateTime, SubsecRound, Utc};
use serde_json::json;

use crate::admin::record;
use crate::selling::{Actor, SellingError, conflict};

/// One email in the list: whether the shop changed its wording, and when.
#[derive(Debug, Clone)]
pub struct Summary {
    pub info: &'static TemplateInfo,
    pub updated_at: Option<DateTime<Utc>>,
}

/// One email's template as the editor shows it.
#[derive(Debug, Clone)]
pub struct EmailTemplate {
    pub info: &'static TemplateInfo,
    pub source: TemplateSource,
    /// When the shop's own wording was saved; `None` while the default is used. An edit
    /// sends it back, so a save over someone else's is refused.
    pub updated_at: Option<DateTime<Utc>>,
}

/// A template as an admin submits it (an empty `html` makes a plain-text email).
#[derive(Debug, Clone)]
pub struct TemplateDraft {
    pub subject: String,
    pub text: String,
    pub html: String,
}

/// Another admin saved this email since the editor opened it.
pub const TEMPLATE_CHANGED: &str = "template_changed";

/// Every email, orders first, with the date of the shop's own wording where it has one.
pub async fn list(db: &Db) -> DbResult<Vec<Summary>> {
    let stored = emails::templates(db).await?;
    Ok(Templates::all()
        .iter()
        .map(|info| Summary {
            info,
            updated_at: stored
                .iter()
                .find(|t| t.key == info.key)
                .map(|t| t.updated_at),
        })
        .collect())
}

/// The template `key`'s email uses now; `NotFound` for a key bazaar does not send.
pub async fn get(db: &Db, key: &str) -> Result<EmailTemplate, SellingError> {
    let info = Templates::info(key).ok_or(SellingError::NotFound)?;
    let stored = emails::template(db, key).await?;
    Ok(shown(info, stored))
}

fn shown(info: &'static TemplateInfo, stored: Option<emails::StoredTemplate>) -> EmailTemplate {
    match stored {
        Some(t) => EmailTemplate {
            info,
            source: TemplateSource {
                subject: t.subject,
                text: t.body_text,
                html: t.body_html,
            },
            updated_at: Some(t.updated_at),
        },
        None => EmailTemplate {
            info,
            source: Templates::default_for(info.key).expect("every listed email has a default"),
            updated_at: None,
        },
    }
}

/// Checks `draft` and renders it with `key`'s samples: the live preview, and the check a
/// save makes. Problems by part (`subject`, `text`, `html`), each with its line.
pub fn preview(
    key: &str,
    draft: &TemplateDraft,
) -> Result<(TemplateSource, RenderedEmail), SellingError> {
    Templates::check(key, &draft.subject, &draft.text, &draft.html)
        .ok_or(SellingError::NotFound)?
        .map_err(SellingError::Invalid)
}

/// Saves `draft` as `key`'s template if the email is still as the admin saw it (`seen`, the
/// `updated_at` they were shown); audited with the subject and parts before and after.
/// Saving the default's exact wording removes the shop's own.
pub async fn save(
    db: &Db,
    admin: &Actor<'_>,
    key: &str,
    draft: &TemplateDraft,
    seen: Option<DateTime<Utc>>,
) -> Result<EmailTemplate, SellingError> {
    let (source, _) = preview(key, draft)?;
    let info = Templates::info(key).ok_or(SellingError::NotFound)?;
    let now = Utc::now().trunc_subsecs(6);
    let mut tx = db.begin().await?;
    let before = emails::template_in(&mut tx, key).await?;
    if before.as_ref().map(|t| t.updated_at) != seen {
        return Err(changed());
    }
    let before = shown(info, before);
    let is_default = Templates::default_for(key).as_ref() == Some(&source);
    let after = if is_default {
        emails::delete_template(&mut tx, key).await?;
        None
    } else {
        let stored = emails::StoredTemplate {
            key: key.to_owned(),
            subject: source.subject.clone(),
            body_text: source.text.clone(),
            body_html: source.html.clone(),
            updated_at: now,
        };
        if !emails::replace_template(&mut tx, &stored, seen).await? {
            return Err(changed());
        }
        Some(stored)
    };
    let after = shown(info, after);
    record(
        &mut tx,
        admin,
        "email_template.update",
        "email_template",
        key.to_owned(),
        json!({ "before": audited(&before), "after": audited(&after) }),
        now,
    )
    .await?;
    tx.commit().await?;
    Ok(after)
}

/// Puts `key`'s default wording back; audited with what the shop had.
pub async fn reset(db: &Db, admin: &Actor<'_>, key: &str) -> Result<EmailTemplate, SellingError> {
    let info = Templates::info(key).ok_or(SellingError::NotFound)?;
    let now = Utc::now();
    let mut tx = db.begin().await?;
    let before = emails::template_in(&mut tx, key).await?;
    if before.is_some() {
        emails::delete_template(&mut tx, key).await?;
        record(
            &mut tx,
            admin,
            "email_template.reset",
            "email_template",
            key.to_owned(),
            json!({ "before": audited(&shown(info, before)) }),
            now,
        )
        .await?;
    }
    tx.commit().await?;
    Ok(shown(info, None))
}

fn changed() -> SellingError {
    conflict(
        TEMPLATE_CHANGED,
        "Someone saved this email since you opened it: reload to see their version",
    )
}

/// A template as the audit log keeps it.
fn audited(t: &EmailTemplate) -> serde_json::Value {
    json!({
        "custom": t.updated_at.is_some(),
        "subject": t.source.subject,
        "text": t.source.text,
        "html": t.source.html,
    })
}
