//! Values bound to dynamically built queries, so one SQL string serves both backends.

use chrono::{DateTime, Utc};
use uuid::Uuid;

#[derive(Debug, Clone)]
pub enum Bind {
    Text(String),
    I64(i64),
    Bool(bool),
    Uuid(Uuid),
    Time(DateTime<Utc>),
}

/// Binds each value of `$binds` to query `$q` in order.
#[macro_export]
macro_rules! bind_all {
    ($q:expr, $binds:expr) => {{
        let mut q = $q;
        for b in $binds {
            q = match b {
                $crate::Bind::Text(v) => q.bind(v.clone()),
                $crate::Bind::I64(v) => q.bind(*v),
                $crate::Bind::Bool(v) => q.bind(*v),
                $crate::Bind::Uuid(v) => q.bind(*v),
                $crate::Bind::Time(v) => q.bind(*v),
            };
        }
        q
    }};
}

/// Collects bind values and hands out their `$N` placeholders.
#[derive(Debug, Default)]
pub struct Binds(pub Vec<Bind>);

impl Binds {
    pub fn push(&mut self, value: Bind) -> String {
        self.0.push(value);
        format!("${}", self.0.len())
    }
}
