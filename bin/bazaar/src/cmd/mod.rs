pub mod import;
pub mod keys;
pub mod migrate;
pub mod seed;
pub mod serve;
pub mod user;
pub mod worker;
