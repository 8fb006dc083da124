//! What the admin area reads and writes beyond the other modules: the user, product and
//! order lists with their filters, a user's standing, and the dashboard's figures.
//!
//! Every list is a page of at most 100 rows with a total counted up to [`COUNT_CAP`], so
//! a list over 100,000 rows costs the same as one over 10,000.

pub mod catalogue;
pub mod dashboard;
pub mod media;
pub mod orders;
pub mod stock;
pub mod structure;
pub mod users;

use crate::{Bind, Binds, Db, DbResult, on_db};

/// Totals are counted up to this; past it the list says "more than".
pub const COUNT_CAP: i64 = 10_000;

/// A total counted up to [`COUNT_CAP`]: `capped` when there are more.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Total {
    pub count: i64,
    pub capped: bool,
}

/// Counts the rows of `from_where` (`FROM … WHERE …`) up to the cap.
pub(crate) async fn count_capped(db: &Db, from_where: &str, binds: &[Bind]) -> DbResult<Total> {
    let sql = format!(
        "SELECT COUNT(*) FROM (SELECT 1 {from_where} LIMIT {}) AS capped",
        COUNT_CAP + 1
    );
    let n = on_db!(db, pool => crate::bind_all!(sqlx::query_scalar::<_, i64>(sqlx::AssertSqlSafe(sql)), binds)
        .fetch_one(pool).await?);
    Ok(Total {
        count: n.min(COUNT_CAP),
        capped: n > COUNT_CAP,
    })
}

/// The total of a page read with `COUNT(*) OVER () AS matches` (one pass for the page and
/// its total, where finding the matches is the cost): from the page's first row, or
/// counted apart when the page is past the last match. `binds` are the filter's.
pub(crate) async fn total_of_page(
    db: &Db,
    matches: Option<i64>,
    offset: i64,
    from_where: &str,
    binds: &[Bind],
) -> DbResult<Total> {
    Ok(match matches {
        Some(n) => Total {
            count: n.min(COUNT_CAP),
            capped: n > COUNT_CAP,
        },
        None if offset > 0 => count_capped(db, from_where, binds).await?,
        None => Total {
            count: 0,
            capped: false,
        },
    })
}

/// A `LIKE` pattern for text anywhere, lower-cased, with the pattern characters removed.
pub(crate) fn contains(q: &str) -> String {
    format!(
        "%{}%",
        q.trim().to_lowercase().replace(['%', '_', '\\'], "")
    )
}

/// `column` holds the [`contains`] pattern bound at `pattern`, whatever the case. SQLite's
/// `LIKE` ignores ASCII case already (as its `LOWER` does), and `LOWER` on every row doubled
/// a scan's cost; PostgreSQL's `ILIKE` is its case-blind `LIKE`.
pub(crate) fn holds(db: &Db, column: &str, pattern: &str) -> String {
    match db {
        Db::Sqlite(_) => format!("{column} LIKE {pattern}"),
        Db::Postgres(_) => format!("{column} ILIKE {pattern}"),
    }
}

/// An FTS5 query finding `q` as written (one phrase, any case), in `column` when given,
/// where the trigram index (`fts_users`, `fts_products`) can look it up: on SQLite, and for
/// text of at least three characters, a trigram's length. Otherwise `None`: shorter text,
/// and PostgreSQL, scan with [`holds`].
pub(crate) fn trigram_query(db: &Db, q: &str, column: Option<&str>) -> Option<String> {
    let q = q.trim();
    if !matches!(db, Db::Sqlite(_)) || q.chars().count() < 3 {
        return None;
    }
    let phrase = format!("\"{}\"", q.replace('"', "\"\""));
    Some(match column {
        Some(c) => format!("{c} : {phrase}"),
        None => phrase,
    })
}

/// A condition that `column` starts with `prefix` (case kept), able to use the column's
/// index on SQLite (`GLOB`; its `LIKE` ignores case, so no index serves it), and the bound
/// value for it.
pub(crate) fn starts_with(db: &Db, binds: &mut Binds, column: &str, prefix: &str) -> String {
    let plain: String = prefix
        .chars()
        .filter(|c| !matches!(c, '%' | '_' | '\\' | '*' | '?' | '[' | ']'))
        .collect();
    match db {
        Db::Sqlite(_) => format!(
            "{column} GLOB {}",
            binds.push(Bind::Text(format!("{plain}*")))
        ),
        Db::Postgres(_) => format!(
            "{column} LIKE {}",
            binds.push(Bind::Text(format!("{plain}%")))
        ),
    }
}

/// Adds `LIMIT … OFFSET …` binds and returns the clause.
pub(crate) fn page(binds: &mut Binds, limit: i64, offset: i64) -> String {
    let lim = binds.push(Bind::I64(limit));
    let off = binds.push(Bind::I64(offset));
    format!("LIMIT {lim} OFFSET {off}")
}
