//! Chat rules (SPEC.md §7–9): who a conversation is between, what a message may be, who may
//! send, block and report, and how fast one may write.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

/// The most characters a message may have.
pub const MAX_MESSAGE_CHARS: usize = 2000;
/// The most characters a report's reason may have.
pub const MAX_REASON_CHARS: usize = 500;
/// How many messages one person may send in [`RATE_WINDOW_SECONDS`].
pub const RATE_LIMIT: i64 = 20;
pub const RATE_WINDOW_SECONDS: i64 = 60;

pub const EMPTY: &str = "Message cannot be empty";
pub const TOO_LONG: &str = "Message must be less than 2000 characters";
pub const REASON_EMPTY: &str = "Say why you are reporting this conversation";
pub const REASON_TOO_LONG: &str = "The reason must be at most 500 characters";
pub const TOO_FAST: &str = "You are sending messages too quickly. Wait a moment and try again.";
pub const OWN_STORE: &str = "You cannot message your own store";
pub const SUPPORT_NOT_BLOCKABLE: &str = "Support conversations cannot be blocked";

string_enum!(
    /// A customer's conversation with one store, or with the platform's support.
    ConversationKind {
        Vendor = "vendor",
        Support = "support",
    } expected "vendor, support"
);

string_enum!(
    /// The side of a conversation a message comes from, or a reader is on.
    Side {
        Customer = "customer",
        Vendor = "vendor",
        Support = "support",
    } expected "customer, vendor, support"
);

impl Side {
    /// The staff side of a conversation of `kind`: the store, or support.
    pub fn staff_of(kind: ConversationKind) -> Side {
        match kind {
            ConversationKind::Vendor => Side::Vendor,
            ConversationKind::Support => Side::Support,
        }
    }

    pub fn is_customer(self) -> bool {
        self == Side::Customer
    }
}

/// How the caller reads a conversation: as one of its two sides, or as an admin looking at a
/// reported conversation between a customer and a store (read only).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Party {
    Side(Side),
    Observer,
}

impl Party {
    pub fn as_str(self) -> &'static str {
        match self {
            Party::Side(side) => side.as_str(),
            Party::Observer => "observer",
        }
    }

    pub fn side(self) -> Option<Side> {
        match self {
            Party::Side(side) => Some(side),
            Party::Observer => None,
        }
    }
}

/// What the caller is, for deciding their party in a conversation.
#[derive(Debug, Clone, Copy)]
pub struct Reader {
    /// The caller is the conversation's customer.
    pub is_customer: bool,
    /// The caller owns the conversation's store.
    pub owns_store: bool,
    pub is_admin: bool,
}

/// The caller's party in a conversation of `kind`, or `None` when they may not read it (they
/// get a 404). Admins answer support conversations and may read a store's conversation only
/// while it is reported.
pub fn party(kind: ConversationKind, reported: bool, reader: Reader) -> Option<Party> {
    if reader.is_customer {
        return Some(Party::Side(Side::Customer));
    }
    match kind {
        ConversationKind::Vendor if reader.owns_store => Some(Party::Side(Side::Vendor)),
        ConversationKind::Vendor if reader.is_admin && reported => Some(Party::Observer),
        ConversationKind::Support if reader.is_admin => Some(Party::Side(Side::Support)),
        _ => None,
    }
}

/// A message as sent: trimmed, 1 to 2,000 characters.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MessageText(String);

impl MessageText {
    pub fn parse(text: &str) -> Result<Self, &'static str> {
        let text = text.trim();
        if text.is_empty() {
            Err(EMPTY)
        } else if text.chars().count() > MAX_MESSAGE_CHARS {
            Err(TOO_LONG)
        } else {
            Ok(Self(text.to_owned()))
        }
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// The first line, at most 120 characters: what lists show of the last message.
    pub fn preview(&self) -> String {
        let line = self.0.lines().next().unwrap_or_default();
        let mut preview: String = line.chars().take(120).collect();
        if preview.chars().count() < self.0.chars().count() {
            preview.push('…');
        }
        preview
    }
}

impl fmt::Display for MessageText {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// Why a conversation is reported: trimmed, 1 to 500 characters.
pub fn parse_reason(text: &str) -> Result<String, &'static str> {
    let text = text.trim();
    if text.is_empty() {
        Err(REASON_EMPTY)
    } else if text.chars().count() > MAX_REASON_CHARS {
        Err(REASON_TOO_LONG)
    } else {
        Ok(text.to_owned())
    }
}

/// Why `side` may not send in a conversation blocked by `blocked_by`, if it may not.
pub fn cannot_send(side: Side, blocked_by: Option<Side>) -> Option<&'static str> {
    match (blocked_by, side) {
        (None, _) => None,
        (Some(by), me) if by == me => {
            Some("You blocked this conversation. Unblock it to send messages.")
        }
        (Some(Side::Vendor), _) => Some("This store is not taking messages from you"),
        (Some(_), _) => Some("This customer is not taking messages from your store"),
    }
}

/// Whether `sent` messages in the last minute leave room for one more.
pub fn within_rate(sent: i64) -> bool {
    sent < RATE_LIMIT
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_message_is_trimmed_and_between_1_and_2000_characters() {
        assert_eq!(MessageText::parse("  hi \n").unwrap().as_str(), "hi");
        assert_eq!(MessageText::parse(" \n\t "), Err(EMPTY));
        assert_eq!(MessageText::parse(""), Err(EMPTY));
        let max = "é".repeat(2000);
        assert_eq!(MessageText::parse(&max).unwrap().as_str(), max);
        assert_eq!(MessageText::parse(&"a".repeat(2001)), Err(TOO_LONG));
        // Characters, not bytes; and spaces around do not count.
        assert!(MessageText::parse(&format!("  {}  ", "a".repeat(2000))).is_ok());
    }

    #[test]
    fn previews_are_the_first_line_shortened() {
        let m = MessageText::parse("Hello there\nsecond line").unwrap();
        assert_eq!(m.preview(), "Hello there…");
        let m = MessageText::parse("short").unwrap();
        assert_eq!(m.preview(), "short");
        let long = MessageText::parse(&"x".repeat(300)).unwrap();
        assert_eq!(long.preview().chars().count(), 121);
    }

    #[test]
    fn reasons_are_required_and_short() {
        assert_eq!(parse_reason("  spam "), Ok("spam".to_owned()));
        assert_eq!(parse_reason("  "), Err(REASON_EMPTY));
        assert_eq!(parse_reason(&"a".repeat(501)), Err(REASON_TOO_LONG));
    }

    #[test]
    fn only_the_two_sides_and_admins_where_allowed_read_a_conversation() {
        let nobody = Reader {
            is_customer: false,
            owns_store: false,
            is_admin: false,
        };
        let customer = Reader {
            is_customer: true,
            ..nobody
        };
        let owner = Reader {
            owns_store: true,
            ..nobody
        };
        let admin = Reader {
            is_admin: true,
            ..nobody
        };
        use ConversationKind::*;
        assert_eq!(
            party(Vendor, false, customer),
            Some(Party::Side(Side::Customer))
        );
        assert_eq!(party(Vendor, false, owner), Some(Party::Side(Side::Vendor)));
        assert_eq!(party(Vendor, false, nobody), None);
        assert_eq!(party(Vendor, false, admin), None);
        assert_eq!(party(Vendor, true, admin), Some(Party::Observer));
        assert_eq!(
            party(Support, false, admin),
            Some(Party::Side(Side::Support))
        );
        assert_eq!(party(Support, false, owner), None);
        assert_eq!(party(Support, true, nobody), None);
    }

    #[test]
    fn a_blocked_conversation_takes_no_messages_from_either_side() {
        assert_eq!(cannot_send(Side::Customer, None), None);
        assert!(
            cannot_send(Side::Customer, Some(Side::Customer))
                .unwrap()
                .contains("Unblock")
        );
        assert_eq!(
            cannot_send(Side::Customer, Some(Side::Vendor)),
            Some("This store is not taking messages from you")
        );
        assert_eq!(
            cannot_send(Side::Vendor, Some(Side::Customer)),
            Some("This customer is not taking messages from your store")
        );
    }

    #[test]
    fn twenty_messages_a_minute() {
        assert!(within_rate(19));
        assert!(!within_rate(20));
    }

    #[test]
    fn sides_and_kinds_parse() {
        assert_eq!(
            "vendor".parse::<ConversationKind>(),
            Ok(ConversationKind::Vendor)
        );
        assert!("other".parse::<Side>().is_err());
        assert_eq!(Side::staff_of(ConversationKind::Support), Side::Support);
    }
}
