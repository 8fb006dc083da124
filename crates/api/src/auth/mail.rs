//! Auth emails, written as `.eml` files to the outbox (`data/outbox/`) with one log line.
//! The jobs work moves sending onto the queue and adds SMTP.

use std::path::Path;

use chrono::Utc;

pub struct Email<'a> {
    pub to: &'a str,
    pub subject: &'a str,
    pub body: String,
}

/// Writes the message; the file name starts with the time so the outbox lists in order.
pub fn send(outbox: &Path, email: &Email<'_>) -> std::io::Result<std::path::PathBuf> {
    std::fs::create_dir_all(outbox)?;
    let now = Utc::now();
    let id = uuid::Uuid::now_v7().simple().to_string();
    let path = outbox.join(format!("{}-{id}.eml", now.format("%Y%m%dT%H%M%S")));
    let message = format!(
        "From: bazaar <no-reply@bazaar.local>\r\nTo: {}\r\nSubject: {}\r\nDate: {}\r\nMessage-ID: <{id}@bazaar.local>\r\n\
         MIME-Version: 1.0\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n{}\r\n",
        email.to,
        email.subject,
        now.to_rfc2822(),
        email.body.replace('\n', "\r\n")
    );
    // Write then rename, so a reader never sees half a message.
    let tmp = path.with_extension("tmp");
    std::fs::write(&tmp, message)?;
    std::fs::rename(&tmp, &path)?;
    // The address is personal data and the body holds a sign-in link: log neither.
    tracing::info!(email.subject = email.subject, outbox.file = %path.display(), "email written to the outbox");
    Ok(path)
}
