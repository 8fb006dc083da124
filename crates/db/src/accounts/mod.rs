//! Accounts: users and their profiles, sign-in sessions with rotating refresh tokens, the
//! keys access tokens are signed with, second factors and outside providers. Tokens are
//! stored only as hashes.

mod factors;
mod providers;
mod sessions;
mod users;

pub use factors::*;
pub use providers::*;
pub use sessions::*;
pub use users::*;
