//! The `chat_unread` email: to a customer or store that left a message unread.

use bazaar_db::{Db, chat};
use bazaar_domain::chat::{ConversationKind, MessageText, Side};
use chrono::{Duration, Utc};
use serde_json::json;

/// How long a message stays unread before its recipient is emailed.
pub const EMAIL_AFTER_MINUTES: i64 = 30;

/// Emails every customer and store that has left a message unread for 30 minutes, once per
/// conversation until they read it (`chat_unread`); how many were queued. Support is not
/// emailed: admins see its unread badge.
pub async fn email_unread(db: &Db, public_url: &str) -> bazaar_db::DbResult<u64> {
    let before = Utc::now() - Duration::minutes(EMAIL_AFTER_MINUTES);
    let site = public_url.trim_end_matches('/');
    let mut queued = 0;
    for side in [Side::Customer, Side::Vendor] {
        for waiting in chat::unnoticed(db, side, before, 500).await? {
            let (url, sender) = match side {
                Side::Customer => (
                    format!("{site}/?chat={}", waiting.id),
                    match waiting.kind {
                        ConversationKind::Support => "bazaar support".to_owned(),
                        ConversationKind::Vendor => waiting.sender_name.clone().unwrap_or_default(),
                    },
                ),
                _ => (
                    format!("{site}/vendor/messages?c={}", waiting.id),
                    waiting
                        .sender_name
                        .clone()
                        .filter(|n| !n.trim().is_empty())
                        .unwrap_or_else(|| "A customer".to_owned()),
                ),
            };
            let name = waiting
                .recipient_name
                .clone()
                .filter(|n| !n.trim().is_empty())
                .unwrap_or_else(|| "there".to_owned());
            let message = MessageText::parse(&waiting.message)
                .map(|m| m.preview())
                .unwrap_or_default();
            let mut tx = db.begin().await?;
            if !chat::mark_emailed(&mut tx, waiting.id, side).await? {
                tx.rollback().await?;
                continue;
            }
            let context = json!({
                "recipient_name": name,
                "sender_name": sender,
                "message": message,
                "conversation_url": url,
            });
            // One email per first unread message: a rerun after a crash sends it once.
            let dedupe = format!("chat-unread:{}:{}", side.as_str(), waiting.message_id);
            if let Some(email_id) = bazaar_db::emails::queue(
                &mut tx,
                &waiting.recipient_email,
                "chat_unread",
                &context,
                &dedupe,
            )
            .await?
            {
                bazaar_queue::enqueue(&mut tx, &bazaar_queue::Job::SendEmail { email_id }).await?;
                queued += 1;
            }
            tx.commit().await?;
        }
    }
    Ok(queued)
}
