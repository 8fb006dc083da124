pub mod import;
pub mod migrate;
pub mod seed;
pub mod serve;
pub mod worker;
