//! Email as admins run it: where it goes (`/admin/settings/email`: as the server was
//! started, or an SMTP server whose password is kept sealed and never answered) with a test
//! email, and the wording of every email (`/admin/email-templates`): its variables, a preview
//! with sample data, saving (checked, with each problem's line) and a reset to the default.
//! Every change and test is audited.

use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use bazaar_commerce::email_templates::{self, EmailTemplate, Summary, TemplateDraft};
use bazaar_commerce::mail_settings::{self, TestEmailError};
use bazaar_commerce::store_settings;
use bazaar_domain::settings::email::{EmailDraft, EmailSettings};
use bazaar_mail::RenderedEmail;
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::selling::actor;
use crate::auth::AdminActor;
use crate::error::{ApiError, ErrorBody};
use crate::extract::{ApiJson, ApiPath};
use crate::{ApiResult, AppState};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(list_templates))
        .routes(routes!(get_template, save_template, reset_template))
        .routes(routes!(preview_template))
        .routes(routes!(get_email_settings, set_email_settings))
        .routes(routes!(send_test_email))
}

/// Where the store's email goes.
#[derive(Debug, Serialize, ToSchema)]
pub struct EmailSettingsView {
    /// `server`: as the server was started (see `started_with`); `smtp`: the server below.
    pub delivery: String,
    pub host: String,
    pub port: u16,
    /// `starttls` (usually port 587), `tls` (465) or `none` (only to this machine).
    pub security: String,
    pub username: String,
    /// Whether a password is kept; the password itself is never answered.
    pub password_set: bool,
    pub from_name: String,
    pub from_address: String,
    /// How the server was started to send email: `outbox <folder>` or `smtp <host:port>`.
    pub started_with: String,
    /// Whether this server can keep a password (it was given `BAZAAR_SECRET_KEY`).
    pub secrets_available: bool,
}

/// Changed email settings. Every field is checked; all problems come back at once.
#[derive(Debug, Deserialize, ToSchema)]
pub struct EmailSettingsInput {
    pub delivery: String,
    #[serde(default)]
    pub host: String,
    pub port: i64,
    pub security: String,
    #[serde(default)]
    pub username: String,
    /// Absent or null keeps the password set; empty removes it; anything else replaces it
    /// (409 `secret_key_missing` when the server has no key to keep it with).
    #[serde(default)]
    pub password: Option<String>,
    pub from_name: String,
    #[serde(default)]
    pub from_address: String,
}

fn email_view(state: &AppState, s: EmailSettings) -> EmailSettingsView {
    let mailers = &state.auth.mailer;
    EmailSettingsView {
        delivery: s.delivery.as_str().to_owned(),
        port: s.port,
        security: s.security.as_str().to_owned(),
        password_set: s.sealed_password.is_some(),
        host: s.host,
        username: s.username,
        from_name: s.from_name,
        from_address: s.from_address,
        started_with: mailers.started().describe(),
        secrets_available: mailers.key().is_some(),
    }
}

/// The email settings (never the password).
#[utoipa::path(
    get, path = "/admin/settings/email", tag = "admin", operation_id = "admin_get_email_settings",
    security(("bearer" = [])),
    responses(
        (status = 200, body = EmailSettingsView), (status = 401, body = ErrorBody),
        (status = 403, body = ErrorBody)
    )
)]
async fn get_email_settings(
    State(state): State<AppState>,
    _admin: AdminActor,
) -> ApiResult<Json<EmailSettingsView>> {
    let settings = mail_settings::email(&state.db).await?;
    Ok(Json(email_view(&state, settings)))
}

/// Change where email goes: the next email of every process uses it.
#[utoipa::path(
    put, path = "/admin/settings/email", tag = "admin", operation_id = "admin_set_email_settings",
    security(("bearer" = [])), request_body = EmailSettingsInput,
    responses(
        (status = 200, body = EmailSettingsView), (status = 400, body = ErrorBody),
        (status = 401, body = ErrorBody), (status = 403, body = ErrorBody),
        (status = 409, description = "`secret_key_missing`: no key to keep a password with", body = ErrorBody)
    )
)]
async fn set_email_settings(
    State(state): State<AppState>,
    AdminActor(caller): AdminActor,
    ApiJson(body): ApiJson<EmailSettingsInput>,
) -> ApiResult<Json<EmailSettingsView>> {
    let draft = EmailDraft {
        delivery: body.delivery,
        host: body.host,
        port: body.port,
        security: body.security,
        username: body.username,
        password: body.password,
        from_name: body.from_name,
        from_address: body.from_address,
    };
    let saved =
        mail_settings::set_email(&state.db, &state.auth.mailer, &actor(&caller), &draft).await?;
    Ok(Json(email_view(&state, saved)))
}

/// Where to send a test email.
#[derive(Debug, Deserialize, ToSchema)]
pub struct TestEmailInput {
    pub to: String,
}

/// A test email that left.
#[derive(Debug, Serialize, ToSchema)]
pub struct TestEmailSent {
    /// `smtp <host:port>` or `outbox <folder>`.
    pub through: String,
    pub message_id: String,
}

/// Send a test email with the saved settings. A server that refuses it answers 502
/// `mail_failed` with its reason (never the password).
#[utoipa::path(
    post, path = "/admin/settings/email/test", tag = "admin", operation_id = "admin_send_test_email",
    security(("bearer" = [])), request_body = TestEmailInput,
    responses(
        (status = 200, body = TestEmailSent), (status = 400, body = ErrorBody),
        (status = 401, body = ErrorBody), (status = 403, body = ErrorBody),
        (status = 502, description = "`mail_failed`: the settings or the server failed", body = ErrorBody)
    )
)]
async fn send_test_email(
    State(state): State<AppState>,
    AdminActor(caller): AdminActor,
    ApiJson(body): ApiJson<TestEmailInput>,
) -> ApiResult<Json<TestEmailSent>> {
    let store = store_settings::general(&state.db).await?.store.store_name;
    match mail_settings::send_test(
        &state.db,
        &state.auth.mailer,
        &actor(&caller),
        &body.to,
        &store,
    )
    .await
    {
        Ok(sent) => Ok(Json(TestEmailSent {
            through: sent.through,
            message_id: sent.message_id,
        })),
        Err(TestEmailError::Refused(e)) => Err(e.into()),
        Err(TestEmailError::Failed(reason)) => Err(ApiError::rule(
            StatusCode::BAD_GATEWAY,
            "mail_failed",
            "The email was not sent",
            format!("The test email was not sent: {reason}"),
        )),
    }
}

/// One email in the list.
#[derive(Debug, Serialize, ToSchema)]
pub struct EmailTemplateSummary {
    /// `order_confirmed`, `password_recovery`, …
    pub key: String,
    pub title: String,
    /// Who receives it and when.
    pub sent_when: String,
    /// When the shop's own wording was saved; absent while the default is used.
    pub updated_at: Option<DateTime<Utc>>,
}

impl From<Summary> for EmailTemplateSummary {
    fn from(s: Summary) -> Self {
        Self {
            key: s.info.key.to_owned(),
            title: s.info.title.to_owned(),
            sent_when: s.info.sent_when.to_owned(),
            updated_at: s.updated_at,
        }
    }
}

/// A variable an email's template may use (`{{ name }}`).
#[derive(Debug, Serialize, ToSchema)]
pub struct EmailVariable {
    pub name: String,
    pub description: String,
    /// What the preview puts in its place.
    pub sample: String,
}

/// One email's template: minijinja syntax (`{{ order_number }}`, `{% if tracking_url %}`).
#[derive(Debug, Serialize, ToSchema)]
pub struct EmailTemplateView {
    pub key: String,
    pub title: String,
    pub sent_when: String,
    pub variables: Vec<EmailVariable>,
    pub subject: String,
    /// The plain-text body; every email has one.
    pub text: String,
    /// The HTML body; empty for a plain-text email.
    pub html: String,
    /// When the shop's own wording was saved; absent while the default is used. Send it
    /// back with a save.
    pub updated_at: Option<DateTime<Utc>>,
}

impl From<EmailTemplate> for EmailTemplateView {
    fn from(t: EmailTemplate) -> Self {
        Self {
            key: t.info.key.to_owned(),
            title: t.info.title.to_owned(),
            sent_when: t.info.sent_when.to_owned(),
            variables: t
                .info
                .variables
                .iter()
                .map(|v| EmailVariable {
                    name: v.name.to_owned(),
                    description: v.description.to_owned(),
                    sample: v.sample.to_owned(),
                })
                .collect(),
            subject: t.source.subject,
            text: t.source.text,
            html: t.source.html.unwrap_or_default(),
            updated_at: t.updated_at,
        }
    }
}

/// An edited template. Problems come back by field (`subject`, `text`, `html`), each
/// starting with its line: "Line 3: `ordr_number` is not given to this email …".
#[derive(Debug, Deserialize, ToSchema)]
pub struct EmailTemplateInput {
    pub subject: String,
    pub text: String,
    /// Empty for a plain-text email.
    #[serde(default)]
    pub html: String,
    /// The `updated_at` the editor was shown (absent or null for the default): a save over
    /// a newer one is refused with 409 `template_changed`.
    #[serde(default)]
    pub updated_at: Option<DateTime<Utc>>,
}

impl EmailTemplateInput {
    fn draft(&self) -> TemplateDraft {
        TemplateDraft {
            subject: self.subject.clone(),
            text: self.text.clone(),
            html: self.html.clone(),
        }
    }
}

/// An email rendered with its variables' samples.
#[derive(Debug, Serialize, ToSchema)]
pub struct EmailPreview {
    pub subject: String,
    pub text: String,
    /// Empty for a plain-text email.
    pub html: String,
}

impl From<RenderedEmail> for EmailPreview {
    fn from(r: RenderedEmail) -> Self {
        Self {
            subject: r.subject,
            text: r.text,
            html: r.html.unwrap_or_default(),
        }
    }
}

/// Every email bazaar sends, orders first, and which have the shop's own wording.
#[utoipa::path(
    get, path = "/admin/email-templates", tag = "admin", operation_id = "admin_list_email_templates",
    security(("bearer" = [])),
    responses(
        (status = 200, body = Vec<EmailTemplateSummary>), (status = 401, body = ErrorBody),
        (status = 403, body = ErrorBody)
    )
)]
async fn list_templates(
    State(state): State<AppState>,
    _admin: AdminActor,
) -> ApiResult<Json<Vec<EmailTemplateSummary>>> {
    let list = email_templates::list(&state.db).await?;
    Ok(Json(list.into_iter().map(Into::into).collect()))
}

/// One email's template as it is used now, with its variables.
#[utoipa::path(
    get, path = "/admin/email-templates/{key}", tag = "admin", operation_id = "admin_get_email_template",
    security(("bearer" = [])), params(("key" = String, Path, description = "The email, e.g. `order_confirmed`")),
    responses(
        (status = 200, body = EmailTemplateView), (status = 401, body = ErrorBody),
        (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)
    )
)]
async fn get_template(
    State(state): State<AppState>,
    _admin: AdminActor,
    ApiPath(key): ApiPath<String>,
) -> ApiResult<Json<EmailTemplateView>> {
    Ok(Json(email_templates::get(&state.db, &key).await?.into()))
}

/// Save an email's template: the next email of its kind uses it. Saving the default's
/// exact wording goes back to the default.
#[utoipa::path(
    put, path = "/admin/email-templates/{key}", tag = "admin", operation_id = "admin_save_email_template",
    security(("bearer" = [])), params(("key" = String, Path, description = "The email")),
    request_body = EmailTemplateInput,
    responses(
        (status = 200, body = EmailTemplateView), (status = 400, body = ErrorBody),
        (status = 401, body = ErrorBody), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody),
        (status = 409, description = "`template_changed`: saved by someone else meanwhile", body = ErrorBody)
    )
)]
async fn save_template(
    State(state): State<AppState>,
    AdminActor(caller): AdminActor,
    ApiPath(key): ApiPath<String>,
    ApiJson(body): ApiJson<EmailTemplateInput>,
) -> ApiResult<Json<EmailTemplateView>> {
    let saved = email_templates::save(
        &state.db,
        &actor(&caller),
        &key,
        &body.draft(),
        body.updated_at,
    )
    .await?;
    Ok(Json(saved.into()))
}

/// Put an email's default wording back.
#[utoipa::path(
    delete, path = "/admin/email-templates/{key}", tag = "admin", operation_id = "admin_reset_email_template",
    security(("bearer" = [])), params(("key" = String, Path, description = "The email")),
    responses(
        (status = 200, body = EmailTemplateView), (status = 401, body = ErrorBody),
        (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)
    )
)]
async fn reset_template(
    State(state): State<AppState>,
    AdminActor(caller): AdminActor,
    ApiPath(key): ApiPath<String>,
) -> ApiResult<Json<EmailTemplateView>> {
    Ok(Json(
        email_templates::reset(&state.db, &actor(&caller), &key)
            .await?
            .into(),
    ))
}

/// Render an edited template with sample data, without saving it: the editor's live
/// preview. Problems come back as a save's would.
#[utoipa::path(
    post, path = "/admin/email-templates/{key}/preview", tag = "admin",
    operation_id = "admin_preview_email_template",
    security(("bearer" = [])), params(("key" = String, Path, description = "The email")),
    request_body = EmailTemplateInput,
    responses(
        (status = 200, body = EmailPreview), (status = 400, body = ErrorBody),
        (status = 401, body = ErrorBody), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)
    )
)]
async fn preview_template(
    _admin: AdminActor,
    ApiPath(key): ApiPath<String>,
    ApiJson(body): ApiJson<EmailTemplateInput>,
) -> ApiResult<Json<EmailPreview>> {
    let (_, rendered) = email_templates::preview(&key, &body.draft())?;
    Ok(Json(rendered.into()))
}
