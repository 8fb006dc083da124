//! Support tickets: what the contact form takes, and a ticket's status and priority.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

use crate::FieldErrors;
use crate::text::plausible_email;

string_enum!(
    /// `open` (support's turn), `pending` (waiting on the customer), `solved`. Any status may
    /// follow any other: a solved ticket is reopened by moving it back.
    TicketStatus {
        Open = "open",
        Pending = "pending",
        Solved = "solved",
    } expected "open, pending, solved"
);

string_enum!(
    TicketPriority {
        Low = "low",
        Normal = "normal",
        High = "high",
        Urgent = "urgent",
    } expected "low, normal, high, urgent"
);

string_enum!(
    /// Where a ticket came from.
    TicketSource {
        Contact = "contact",
        Chat = "chat",
    } expected "contact, chat"
);

pub const NAME_MAX: usize = 100;
pub const SUBJECT_MAX: usize = 150;
pub const MESSAGE_MIN: usize = 10;
pub const MESSAGE_MAX: usize = 5000;
pub const NOTE_MAX: usize = 5000;

/// The contact form, checked.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ContactForm {
    pub name: String,
    pub email: String,
    pub subject: String,
    pub message: String,
    pub order_number: Option<String>,
}

/// The contact form as sent.
#[derive(Debug, Clone, Default)]
pub struct ContactInput<'a> {
    pub name: &'a str,
    pub email: &'a str,
    pub subject: &'a str,
    pub message: &'a str,
    pub order_number: Option<&'a str>,
}

impl ContactForm {
    /// Trims every field and checks it; every problem by field name.
    pub fn parse(input: &ContactInput<'_>) -> Result<Self, FieldErrors> {
        let mut errors = FieldErrors::new();
        let name = input.name.trim();
        if name.is_empty() {
            errors.insert("name".into(), "Please enter your name".into());
        } else if name.chars().count() > NAME_MAX {
            errors.insert(
                "name".into(),
                format!("Name must be at most {NAME_MAX} characters"),
            );
        }
        let email = input.email.trim().to_lowercase();
        if !plausible_email(&email) {
            errors.insert("email".into(), "Please enter a valid email address".into());
        }
        let subject = input.subject.trim();
        if subject.is_empty() {
            errors.insert("subject".into(), "Please enter a subject".into());
        } else if subject.chars().count() > SUBJECT_MAX {
            errors.insert(
                "subject".into(),
                format!("Subject must be at most {SUBJECT_MAX} characters"),
            );
        }
        let message = input.message.trim();
        let chars = message.chars().count();
        if chars < MESSAGE_MIN {
            errors.insert(
                "message".into(),
                format!("Message must be at least {MESSAGE_MIN} characters"),
            );
        } else if chars > MESSAGE_MAX {
            errors.insert(
                "message".into(),
                format!("Message must be at most {MESSAGE_MAX} characters"),
            );
        }
        let order_number = input
            .order_number
            .map(str::trim)
            .filter(|o| !o.is_empty())
            .map(str::to_owned);
        if order_number
            .as_ref()
            .is_some_and(|o| o.chars().count() > 40)
        {
            errors.insert("order_number".into(), "That is not an order number".into());
        }
        if !errors.is_empty() {
            return Err(errors);
        }
        Ok(Self {
            name: name.to_owned(),
            email,
            subject: subject.to_owned(),
            message: message.to_owned(),
            order_number,
        })
    }
}

/// An internal note: trimmed, 1 to 5,000 characters.
pub fn parse_note(text: &str) -> Result<String, &'static str> {
    let text = text.trim();
    if text.is_empty() {
        Err("Write the note first")
    } else if text.chars().count() > NOTE_MAX {
        Err("A note must be at most 5000 characters")
    } else {
        Ok(text.to_owned())
    }
}

/// The reference customers see: T-1001.
pub fn reference(number: i64) -> String {
    format!("T-{number}")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn input<'a>() -> ContactInput<'a> {
        ContactInput {
            name: " Thandi ",
            email: " Thandi@Example.co.za ",
            subject: " Where is my parcel? ",
            message: " It was due on Monday. ",
            order_number: Some(" BZ-1042 "),
        }
    }

    #[test]
    fn a_contact_form_is_trimmed_and_checked_by_field() {
        let form = ContactForm::parse(&input()).unwrap();
        assert_eq!(form.name, "Thandi");
        assert_eq!(form.email, "thandi@example.co.za");
        assert_eq!(form.subject, "Where is my parcel?");
        assert_eq!(form.message, "It was due on Monday.");
        assert_eq!(form.order_number.as_deref(), Some("BZ-1042"));

        let bad = ContactInput {
            name: "  ",
            email: "nobody",
            subject: "",
            message: "short",
            order_number: Some("   "),
        };
        let errors = ContactForm::parse(&bad).unwrap_err();
        assert_eq!(errors["name"], "Please enter your name");
        assert_eq!(errors["email"], "Please enter a valid email address");
        assert_eq!(errors["subject"], "Please enter a subject");
        assert_eq!(errors["message"], "Message must be at least 10 characters");
        assert!(!errors.contains_key("order_number"));
        let long = "x".repeat(5001);
        let errors = ContactForm::parse(&ContactInput {
            message: &long,
            ..input()
        })
        .unwrap_err();
        assert_eq!(errors["message"], "Message must be at most 5000 characters");
    }

    #[test]
    fn notes_and_references() {
        assert_eq!(parse_note("  called them  "), Ok("called them".to_owned()));
        assert!(parse_note(" ").is_err());
        assert_eq!(reference(1001), "T-1001");
        assert_eq!("SOLVED".parse::<TicketStatus>(), Ok(TicketStatus::Solved));
        assert!("closed".parse::<TicketStatus>().is_err());
        assert_eq!(
            "urgent".parse::<TicketPriority>(),
            Ok(TicketPriority::Urgent)
        );
    }
}
