//! An uploaded product file's life: checked (a dry run), then imported once confirmed.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

string_enum!(
    /// `checking` → `checked` → (confirmed) `importing` → `done`; a file that cannot be read
    /// ends `failed`; a checked or failed file may be `discarded`.
    ImportStatus {
        Checking = "checking",
        Checked = "checked",
        Importing = "importing",
        Done = "done",
        Failed = "failed",
        Discarded = "discarded",
    } expected "checking, checked, importing, done, failed, discarded"
);

impl ImportStatus {
    /// Whether the job has work to do in this status (and which: a dry run or the import).
    pub fn phase(self) -> Option<Phase> {
        match self {
            ImportStatus::Checking => Some(Phase::Check),
            ImportStatus::Importing => Some(Phase::Import),
            _ => None,
        }
    }

    /// Whether the file may be imported now: only once its dry run is done.
    pub fn may_confirm(self) -> bool {
        self == ImportStatus::Checked
    }

    /// Whether the file may be put away now: not while a job works on it, not once imported.
    pub fn may_discard(self) -> bool {
        matches!(self, ImportStatus::Checked | ImportStatus::Failed)
    }
}

/// What a job does with a file.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Phase {
    /// A dry run: every row checked, nothing written.
    Check,
    Import,
}

impl Phase {
    /// The status a file has once this phase is over.
    pub fn finished(self) -> ImportStatus {
        match self {
            Phase::Check => ImportStatus::Checked,
            Phase::Import => ImportStatus::Done,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_file_is_imported_only_after_its_check() {
        use ImportStatus::*;
        assert_eq!(Checking.phase(), Some(Phase::Check));
        assert_eq!(Importing.phase(), Some(Phase::Import));
        for s in [Checked, Done, Failed, Discarded] {
            assert_eq!(s.phase(), None);
        }
        let confirmable: Vec<_> = [Checking, Checked, Importing, Done, Failed, Discarded]
            .into_iter()
            .filter(|s| s.may_confirm())
            .collect();
        assert_eq!(confirmable, [Checked]);
        let discardable: Vec<_> = [Checking, Checked, Importing, Done, Failed, Discarded]
            .into_iter()
            .filter(|s| s.may_discard())
            .collect();
        assert_eq!(discardable, [Checked, Failed]);
        assert_eq!(Phase::Check.finished(), Checked);
        assert_eq!(Phase::Import.finished(), Done);
        assert_eq!("importing".parse::<ImportStatus>().unwrap(), Importing);
        assert!("imported".parse::<ImportStatus>().is_err());
    }
}
