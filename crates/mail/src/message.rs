//! Turning an [`OutgoingEmail`] into an RFC 5322 message.

use std::time::SystemTime;

use lettre::Message;
use lettre::message::header::{ContentTransferEncoding, ContentType};
use lettre::message::{Body, Mailbox, MultiPart, SinglePart};
use uuid::Uuid;

use crate::{MailError, OutgoingEmail};

/// A built message and the id in its `Message-ID` header (without the angle brackets).
pub(crate) struct Built {
    pub message: Message,
    pub message_id: String,
    /// The unique part of the id, reused in the outbox file name.
    pub id: String,
}

/// Which body encodings the destination takes.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum Encoding {
    /// 7bit for ASCII, else 8bit: a person or a test reading the `.eml` file sees the text as
    /// written, links unbroken (quoted-printable would fold them at 76 characters).
    Readable,
    /// 7bit for ASCII, else what lettre picks (quoted-printable or base64): 8bit would need
    /// the server's 8BITMIME.
    SevenBitSafe,
}

pub(crate) fn build(
    from: &Mailbox,
    email: &OutgoingEmail,
    date: SystemTime,
    encoding: Encoding,
) -> Result<Built, MailError> {
    let to: Mailbox = email
        .to
        .trim()
        .parse()
        .map_err(|_| MailError::InvalidRecipient)?;
    let id = Uuid::now_v7().simple().to_string();
    let message_id = format!("{id}@{}", from.email.domain());
    // A subject is one line; lettre encodes anything beyond ASCII (RFC 2047).
    let subject = email
        .subject
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ");
    let builder = Message::builder()
        .from(from.clone())
        .to(to)
        .subject(subject)
        .date(date)
        .message_id(Some(format!("<{message_id}>")));
    let text = SinglePart::builder()
        .header(ContentType::TEXT_PLAIN)
        .body(body(email.text.clone(), encoding));
    let message = match &email.html {
        None => builder.singlepart(text),
        Some(html) => builder.multipart(
            MultiPart::alternative().singlepart(text).singlepart(
                SinglePart::builder()
                    .header(ContentType::TEXT_HTML)
                    .body(body(html.clone(), encoding)),
            ),
        ),
    }
    .map_err(MailError::Build)?;
    Ok(Built {
        message,
        message_id,
        id,
    })
}

fn body(content: String, encoding: Encoding) -> Body {
    let transfer = if content.is_ascii() {
        ContentTransferEncoding::SevenBit
    } else if encoding == Encoding::Readable {
        ContentTransferEncoding::EightBit
    } else {
        return Body::new(content);
    };
    // lettre keeps lines under 76 characters by switching to quoted-printable; 7bit and 8bit
    // allow 998 (RFC 5322 2.1.1), which fits any link we send.
    let crlf = content.replace("\r\n", "\n").replace('\n', "\r\n");
    let fits = crlf
        .split("\r\n")
        .all(|line| line.len() <= 998 && !line.contains(['\r', '\0']));
    if fits {
        Body::dangerous_pre_encoded(crlf.into_bytes(), transfer)
    } else {
        Body::new(content)
    }
}
