//! The SQLite and PostgreSQL migration sets must say the same thing: the same files, the
//! same tables with the same columns, the same indexes after every file.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

fn files(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.ends_with(".sql"))
        .collect();
    names.sort();
    names
}

/// SQLite's own text-search index (FTS5 tables and their keys, kept by triggers) has no
/// PostgreSQL counterpart: PostgreSQL searches the tables themselves.
fn sqlite_search_index(table: &str) -> bool {
    table.starts_with("fts_")
}

/// Tables → column names, and index names: what the migrations declare so far.
#[derive(Debug, Default, PartialEq)]
struct Schema {
    tables: BTreeMap<String, BTreeSet<String>>,
    indexes: BTreeSet<String>,
}

/// Applies one file's declarations to `schema`: tables created, dropped and renamed (SQLite
/// changes a constraint by rebuilding a table or replacing a column), columns added,
/// renamed and dropped, indexes created and dropped.
fn apply(schema: &mut Schema, sql: &str) {
    let mut current: Option<(String, BTreeSet<String>)> = None;
    for line in sql.lines().map(str::trim) {
        let words: Vec<&str> = line.trim_end_matches(';').split_whitespace().collect();
        if let Some(rest) = line.strip_prefix("CREATE TABLE ") {
            current = Some((
                rest.split_whitespace().next().unwrap().to_owned(),
                BTreeSet::new(),
            ));
        } else if let ["ALTER", "TABLE", table, "ADD", "COLUMN", column, ..] = words.as_slice() {
            schema
                .tables
                .entry((*table).to_owned())
                .or_default()
                .insert((*column).to_owned());
        } else if let ["ALTER", "TABLE", table, "RENAME", "COLUMN", from, "TO", to] =
            words.as_slice()
        {
            let cols = schema.tables.entry((*table).to_owned()).or_default();
            cols.remove(*from);
            cols.insert((*to).to_owned());
        } else if let ["ALTER", "TABLE", table, "DROP", "COLUMN", column] = words.as_slice() {
            schema
                .tables
                .entry((*table).to_owned())
                .or_default()
                .remove(*column);
        } else if let ["ALTER", "TABLE", from, "RENAME", "TO", to] = words.as_slice() {
            let cols = schema.tables.remove(*from).unwrap_or_default();
            schema.tables.insert((*to).to_owned(), cols);
        } else if let ["DROP", "TABLE", table] = words.as_slice() {
            schema.tables.remove(*table);
        } else if let ["DROP", "INDEX", index] = words.as_slice() {
            schema.indexes.remove(*index);
        } else if let Some(rest) = line
            .strip_prefix("CREATE INDEX ")
            .or_else(|| line.strip_prefix("CREATE UNIQUE INDEX "))
        {
            schema
                .indexes
                .insert(rest.split_whitespace().next().unwrap().to_owned());
        } else if line.starts_with(')') {
            if let Some((name, cols)) = current.take()
                && !sqlite_search_index(&name)
            {
                schema.tables.insert(name, cols);
            }
        } else if let Some((_, cols)) = current.as_mut() {
            let word = line.split_whitespace().next().unwrap_or("");
            if !word.is_empty()
                && !word.starts_with("--")
                && word.chars().all(|c| c.is_ascii_lowercase() || c == '_')
            {
                cols.insert(word.to_owned());
            }
        }
    }
}

#[test]
fn sqlite_and_postgres_migrations_do_not_drift() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("migrations");
    let (lite, pg) = (root.join("sqlite"), root.join("postgres"));
    let names = files(&lite);
    assert!(!names.is_empty());
    assert_eq!(
        names,
        files(&pg),
        "the same migration files on both backends"
    );
    let (mut a, mut b) = (Schema::default(), Schema::default());
    for name in names {
        apply(&mut a, &std::fs::read_to_string(lite.join(&name)).unwrap());
        apply(&mut b, &std::fs::read_to_string(pg.join(&name)).unwrap());
        assert_eq!(a, b, "after {name}: different tables, columns or indexes");
    }
}

/// The live schemas after migrating agree too (PostgreSQL only with TEST_DATABASE_URL).
#[tokio::test]
async fn migrated_databases_have_the_same_columns() {
    use bazaar_db::Db;
    let (db, _dir) = bazaar_testkit::fresh_db().await;
    let columns: Vec<(String, String)> = match &db {
        Db::Sqlite(pool) => sqlx::query_as(
            "SELECT m.name, p.name FROM sqlite_master m JOIN pragma_table_info(m.name) p \
             WHERE m.type = 'table' AND m.name NOT LIKE 'sqlite_%' AND m.name NOT LIKE '_sqlx%' ORDER BY 1, 2",
        )
        .fetch_all(pool)
        .await
        .unwrap()
        .into_iter()
        .filter(|(table, _): &(String, String)| !sqlite_search_index(table))
        .collect(),
        Db::Postgres(pool) => sqlx::query_as(
            "SELECT table_name::text, column_name::text FROM information_schema.columns \
             WHERE table_schema = current_schema() AND table_name NOT LIKE '_sqlx%' ORDER BY 1, 2",
        )
        .fetch_all(pool)
        .await
        .unwrap(),
    };
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("migrations/sqlite");
    let mut schema = Schema::default();
    for name in files(&root) {
        apply(
            &mut schema,
            &std::fs::read_to_string(root.join(name)).unwrap(),
        );
    }
    let mut declared: Vec<(String, String)> = Vec::new();
    for (table, cols) in schema.tables {
        declared.extend(cols.into_iter().map(|c| (table.clone(), c)));
    }
    declared.sort();
    assert_eq!(
        columns,
        declared,
        "{} schema matches the declared migrations",
        bazaar_testkit::backend_name()
    );
}
